"""The short verdict: one sentence with the outcome (:func:`allowed_headline`
and kin) and one on who does what next (:func:`next_sentence`).

Both are built from typed records, never from sentences: the ruling's reason
(:mod:`unorules.reasons`, said by
:func:`~unorules.explanations.sentences.render_reason`), the events of the
move (:mod:`unorules.events`) and the state after it. Every text is a message
of the ``verdicts`` domain, said in the :class:`Wording`'s language and naming
the players by name when the table gave names.

>>> import unorules as ur
>>> s = ur.situation(ur.presets.official(), ["R+2 G3 G4", "B1 B2", "Y1 Y2"], top="R5")
>>> ur.explain(s, ur.Play(0, ur.Card.parse("R+2")), names=["Anna", "Bo", "Cilla"]).headline
'Yes – Bo must draw 2 cards and miss the turn.'
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from unorules.cards import Card, Color, Face
from unorules.engine import check
from unorules.events import (
    CardsDrawn,
    CardsGiven,
    ChallengeFailed,
    ChallengeSucceeded,
    ClockRanOut,
    CustomCardRule,
    DebtOwed,
    DirectionReversed,
    DrawCause,
    DrawnCardDoesNotFit,
    DrawnCardFits,
    DrawnCardKept,
    DrawnUnplayed,
    DrawsNothing,
    DrawUntilOwed,
    Event,
    EverythingTurnedOver,
    HandEmptied,
    HandsPassedOn,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    KnockedOut,
    LastStanding,
    PilesExhausted,
    Reshuffled,
    RoundScored,
    RoundStalled,
    SeatsSkipped,
    SkipOwed,
    SkipTaken,
    TookBack,
    TurnPassed,
    UnoCalled,
    UnoMissing,
    UnoReminder,
    WentOut,
)
from unorules.explanations.languages import Wording
from unorules.explanations.words import card_name, colour_name
from unorules.moves import (
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    Timeout,
)
from unorules.reasons import Misplayed
from unorules.rules.policies import AfterDraw
from unorules.state import GameState, PendingKind, Phase

__all__ = [
    "allowed_headline",
    "bluff_headline",
    "colourless",
    "either",
    "may_challenge",
    "move_phrase",
    "next_sentence",
    "refused_headline",
    "void_headline",
]


def _(w: Wording, message: str) -> str:
    return w.gettext("verdicts", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    return w.ngettext("verdicts", singular, plural, n)


def _cards(w: Wording, n: int) -> str:
    """``1 card``, ``2 cards``; ``no cards`` for none (never ``0 cards``)."""
    if n == 0:
        return _(w, "no cards")
    return _n(w, "{n} card", "{n} cards", n).format(n=n)


def _card(w: Wording, card: Card) -> str:
    return card.code if w.lang == "en" else card_name(card, w.lang)


def _colour(w: Wording, color: Color) -> str:
    return colour_name(color, w.lang)


def move_phrase(w: Wording, move: Move) -> str:
    """What ``move`` does, as a verb phrase without its player: ``play R7``,
    ``lay 2 × R7``, ``draw``, ``call UNO``, ``say that Bo has not called
    UNO`` (a claim: the verdict says whether it holds)."""
    if isinstance(move, Play):
        card = _card(w, move.card)
        if move.count != 1:
            card = _(w, "{count} × {card}").format(count=move.count, card=card)
        if move.more:
            card = _and(w, [card, *(_card(w, c) for c in move.more)])
        if move.to is not None and not move.give:
            return _(w, "play {card} and name {seat} to draw").format(
                card=card, seat=w.seat(move.to)
            )
        if move.to is not None:
            return _(w, "play {card} and hand {cards} to {seat}").format(
                card=card,
                cards=_and(w, [_card(w, c) for c in move.give]),
                seat=w.seat(move.to),
            )
        if move.swap_with is not None:
            return _(w, "play {card} and swap hands with {seat}").format(
                card=card, seat=w.seat(move.swap_with)
            )
        if move.color is not None:
            return _(w, "play {card} naming {colour}").format(
                card=card, colour=_colour(w, move.color)
            )
        return _(w, "play {card}").format(card=card)
    if isinstance(move, Draw):
        return _(w, "draw")
    if isinstance(move, Pass):
        return _(w, "pass")
    if isinstance(move, ChooseColor):
        return _(w, "name {colour}").format(colour=_colour(w, move.color))
    if isinstance(move, CallUno):
        return _(w, "call UNO")
    if isinstance(move, CatchUno):
        return _(w, "say that {seat} has not called UNO").format(seat=w.seat(move.target))
    if isinstance(move, Challenge):
        return _(w, "challenge")
    if isinstance(move, Timeout):
        return _(w, "let the time for the turn run out")
    return str(move)


def _costs(w: Wording, events: Sequence[Event], before: Sequence[int] | None = None) -> list[str]:
    """One clause for each thing ``events`` make happen that costs or
    changes something at the table: who draws how many and why, who misses
    a turn, who wins (and, given the totals ``before`` the move, the points
    the round brings the winner)."""
    out: list[str] = []
    gained: dict[int, int] = {}
    leaves: list[int] = []
    for e in events:
        if isinstance(e, RoundScored) and before is not None and len(before) == len(e.scores):
            gained = {seat: e.scores[seat] - before[seat] for seat in range(len(e.scores))}
            if e.counts == "rounds":
                # The totals count rounds come through, not points: the seat
                # still in that gained none leaves the game.
                high = max(before, default=0)
                leaves = [s for s, g in gained.items() if not g and before[s] == high]
                gained = {}
    lost: set[int] = set()
    exhausted = any(isinstance(e, PilesExhausted) for e in events)
    put_out = {e.seat for e in events if isinstance(e, KnockedOut)}
    for e in _merged(events):
        if isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit)) and e.seat in put_out:
            continue  # a seat out of the round plays no drawn card
        if isinstance(e, CardsDrawn) and exhausted and e.drawn < e.count:
            # pile.exhausted: the draw could not be carried out in full.
            text = (
                _(w, "{seat} cannot draw: nothing is left to draw or reshuffle")
                if e.drawn == 0
                else _(
                    w,
                    "{seat} draws {cards} of the {count} due: nothing more is left",
                )
            )
            out.append(text.format(seat=w.seat(e.seat), cards=_cards(w, e.drawn), count=e.count))
        elif isinstance(e, CardsDrawn):
            who, cards = w.seat(e.seat), _cards(w, e.drawn)
            cause = e.cause
            if cause in (
                DrawCause.OWED,
                DrawCause.FAILED_CHALLENGE_OWED,
                DrawCause.TAKE_BACK_UNLAID,
                DrawCause.TAKE_BACK_UNLAID_TIMEOUT,
            ):
                lost.add(e.seat)
                text = _(w, "{seat} draws {cards} and misses the turn")
            elif cause is DrawCause.UNTIL_COLOUR:
                # How many hangs on the order of the draw pile: the colour is told.
                lost.add(e.seat)
                if e.card is not None and e.card.color is not None and w.pile_known:
                    # The draw pile was given: how many is known.
                    text = _(
                        w,
                        "{seat} draws {cards} until a {colour} card turns up ({card}) and misses "
                        "the turn",
                    )
                    out.append(
                        text.format(
                            seat=who,
                            cards=cards,
                            colour=_colour(w, e.card.color),
                            card=_card(w, e.card),
                        )
                    )
                    continue
                if e.card is not None and e.card.color is not None:
                    text = _(w, "{seat} draws until a {colour} card turns up and misses the turn")
                else:
                    text = _(
                        w,
                        "{seat} draws every card left without the colour turning up, and misses "
                        "the turn",
                    )
                colour = _colour(w, e.card.color) if e.card and e.card.color else ""
                out.append(text.format(seat=who, colour=colour))
                continue
            elif (
                cause is DrawCause.BLUFF_UNTIL_COLOUR
                and not w.pile_known
                and e.card is not None
                and e.card.color is not None
            ):
                # How many hangs on the order of the draw pile: the colour is told.
                text = _(w, "{seat} draws until a {colour} card turns up, for the bluff")
                out.append(text.format(seat=who, colour=_colour(w, e.card.color)))
                continue
            elif cause in (DrawCause.CAUGHT, DrawCause.MISSED_CALL):
                text = _(w, "{seat} draws {cards} for not calling UNO")
            elif cause is DrawCause.FALSE_CALL:
                text = _(w, "{seat} draws {cards} for calling UNO when no call was due")
            elif cause in (
                DrawCause.BLUFF,
                DrawCause.BLUFF_PASSED_BACK,
                DrawCause.BLUFF_AFTER_TAKE_BACK,
                DrawCause.BLUFF_UNTIL_COLOUR,
            ):
                text = _(w, "{seat} draws {cards} for the bluff")
            elif cause is DrawCause.FAILED_CHALLENGE:
                text = _(w, "{seat} draws {cards} for the failed challenge")
            elif cause is DrawCause.TIMEOUT:
                text = _(w, "{seat} draws {cards}: the time ran out")
            elif cause is DrawCause.OTHERS_DRAW:
                text = _(w, "{seat} draws {cards} by the cards {by} laid")
            elif cause is DrawCause.NAMED_DRAW:
                text = _(w, "{seat} draws {cards}, named by {by}")
            else:
                text = _(w, "{seat} draws {cards}")
            by = w.seat(e.by) if e.by is not None else ""
            out.append(text.format(seat=who, cards=cards, by=by))
        elif isinstance(e, (SeatsSkipped, SkipTaken)):
            skipped = [seat for seat in dict.fromkeys(e.seats) if seat not in lost]
            lost.update(skipped)
            if len(skipped) > 2:
                # Skip Everyone at a big table: one clause, not one per seat.
                out.append(
                    _(w, "{seats} miss the turn").format(
                        seats=_and(w, [w.seat(seat) for seat in skipped])
                    )
                )
            else:
                out += [_(w, "{seat} misses the turn").format(seat=w.seat(s)) for s in skipped]
        elif isinstance(e, DirectionReversed):
            if e.plays_again:
                out.append(
                    _(w, "{seat} plays again: the other player misses the turn").format(
                        seat=w.seat(e.seat)
                    )
                )
            elif e.count % 2 == 1:
                out.append(_(w, "play changes direction"))
        elif isinstance(e, DebtOwed):
            if e.may_challenge and e.may_stack:
                text = _(w, "{seat} must draw {cards} and miss the turn, or stack or challenge")
            elif e.may_challenge:
                text = _(w, "{seat} must draw {cards} and miss the turn, or challenge")
            elif e.may_stack:
                text = _(w, "{seat} must draw {cards} and miss the turn, or stack")
            else:
                text = _(w, "{seat} must draw {cards} and miss the turn")
            out.append(text.format(seat=w.seat(e.seat), cards=_cards(w, e.owed)))
        elif isinstance(e, DrawUntilOwed):
            if e.color is None:
                text = _(
                    w,
                    "{seat} names a colour and draws until a card of it turns up, missing the turn",
                )
            else:
                text = _(w, "{seat} must draw until a {colour} card turns up and miss the turn")
            colour = "" if e.color is None else colour_name(e.color, w.lang)
            out.append(text.format(seat=w.seat(e.seat), colour=colour))
        elif isinstance(e, KnockedOut):
            out.append(
                _(w, "{seat} holds {count} cards and is out of the round").format(
                    seat=w.seat(e.seat), count=e.held
                )
            )
        elif isinstance(e, LastStanding):
            out.append(
                _(w, "{seat} is the last player left and wins the round").format(
                    seat=w.seat(e.seat)
                )
            )
        elif isinstance(e, SkipOwed):
            out.append(
                _(w, "{seat} misses the turn unless answering the skip").format(seat=w.seat(e.seat))
            )
        elif isinstance(e, HandsSwapped):
            out.append(
                _(w, "{seat} and {other} swap hands").format(
                    seat=w.seat(e.seat), other=w.seat(e.other)
                )
            )
        elif isinstance(e, CardsGiven):
            out.append(
                _n(
                    w,
                    "{other} gets {count} card from {seat}",
                    "{other} gets {count} cards from {seat}",
                    len(e.cards),
                ).format(other=w.seat(e.to), count=len(e.cards), seat=w.seat(e.seat))
            )
        elif isinstance(e, HandsPassedOn):
            out.append(_(w, "every hand passes on to the next player"))
        elif isinstance(e, HandsShuffled):
            out.append(_(w, "all hands are shuffled and dealt out again"))
        elif isinstance(e, (WentOut, HandEmptied)):
            points = gained.get(e.seat, 0) if e.wins else 0
            partners = [s for s, g in gained.items() if s != e.seat and g == points]
            if points > 0 and partners and len(gained) >= 4:
                # house.teams: the partner scores the same.
                text = _n(
                    w,
                    "{seat} wins the round, and {seat} and {partner} score {points} point",
                    "{seat} wins the round, and {seat} and {partner} score {points} points",
                    points,
                )
                out.append(
                    text.format(seat=w.seat(e.seat), partner=w.seat(partners[0]), points=points)
                )
                continue
            if points > 0:
                text = _n(
                    w,
                    "{seat} wins the round and scores {points} point",
                    "{seat} wins the round and scores {points} points",
                    points,
                )
            elif e.wins:
                text = _(w, "{seat} wins the round")
            else:
                text = _(w, "{seat} goes out in place {place}")
            out.append(text.format(seat=w.seat(e.seat), place=e.place, points=points))
            if e.wins:
                out += [
                    _(w, "{seat} holds the most cards and leaves the game").format(seat=w.seat(s))
                    for s in leaves
                ]
        elif isinstance(e, DrawsNothing):
            out.append(_(w, "{seat} draws nothing").format(seat=w.seat(e.seat)))
        elif isinstance(e, TookBack):
            out.append(_(w, "{seat} takes the Wild Draw Four back").format(seat=w.seat(e.seat)))
        elif isinstance(e, UnoCalled):
            out.append(_(w, "the UNO call by {seat} counts").format(seat=w.seat(e.seat)))
        elif isinstance(e, UnoMissing):
            out.append(
                _(w, "{seat} has not called UNO: another player may point it out").format(
                    seat=w.seat(e.seat)
                )
            )
        elif isinstance(e, UnoReminder):
            out.append(_(w, "{seat} gets a reminder, no penalty").format(seat=w.seat(e.seat)))
        elif isinstance(e, DrawnCardFits):
            text = (
                _(w, "{seat} must play the drawn card")
                if e.must_play
                else _(w, "{seat} may play the drawn card or keep it")
            )
            out.append(text.format(seat=w.seat(e.seat)))
        elif isinstance(e, DrawnCardDoesNotFit):
            out.append(_(w, "the drawn card does not fit and the turn passes"))
        elif isinstance(e, DrawnCardKept):
            out.append(_(w, "{seat} keeps the drawn card").format(seat=w.seat(e.seat)))
        elif isinstance(e, ClockRanOut):
            out.append(_(w, "the game's clock has run out, so the game ends here"))
        elif isinstance(e, RoundStalled):
            out.append(_(w, "nobody can play or draw any more, so the round ends without a winner"))
        elif isinstance(e, DrawnUnplayed):
            out.append(_(w, "the drawn card goes to the hand unplayed and the turn passes"))
        elif isinstance(e, TurnPassed):
            out.append(_(w, "{seat} passes without drawing").format(seat=w.seat(e.seat)))
        elif isinstance(e, JumpedIn):
            out.append(_(w, "{seat} jumps in").format(seat=w.seat(e.seat)))
        elif isinstance(e, Reshuffled):
            out.append(_(w, "the discard pile is shuffled into a new draw pile"))
        elif isinstance(e, EverythingTurnedOver):
            side = e.top.side
            acts = not side.face.is_number and side.face is not Face.WILD
            if not w.bottom_known:
                # The discard pile was not given: its bottom card is not known.
                text = _(
                    w,
                    "everything is turned over, and the bottom card of the discard pile comes "
                    "on top (taken here to be {card})",
                )
            elif acts:
                text = _(
                    w,
                    "everything is turned over and {card} comes on top; a card turned up does "
                    "not act: nobody draws or misses a turn by it",
                )
            else:
                text = _(w, "everything is turned over and {card} comes on top")
            out.append(text.format(card=_card(w, e.top)))
        elif isinstance(e, CustomCardRule) and e.card is not None and e.card.color is not None:
            # A coloured card's own rule (ActionEffect.own): the cards it moved.
            for seat, k in enumerate(e.gained):
                if k < 0:
                    text = _n(
                        w,
                        "{seat} also gets rid of {count} more card",
                        "{seat} also gets rid of {count} more cards",
                        -k,
                    )
                elif k > 0:
                    text = _n(w, "{seat} takes {count} card", "{seat} takes {count} cards", k)
                else:
                    continue
                out.append(text.format(seat=w.seat(seat), count=abs(k)))
    return out


def _merged(events: Sequence[Event]) -> list[Event]:
    """``events`` with the draws one seat makes one card after another in
    its turn (drawing until a card fits) as one draw."""
    out: list[Event] = []
    for e in events:
        last = out[-1] if out else None
        if (
            isinstance(e, CardsDrawn)
            and isinstance(last, CardsDrawn)
            and e.cause is DrawCause.TURN
            and last.cause is DrawCause.TURN
            and e.seat == last.seat
            and last.drawn == last.count
        ):
            out[-1] = attrs.evolve(last, count=last.count + e.count, drawn=last.drawn + e.drawn)
            continue
        out.append(e)
    return out


def _joined(clauses: Sequence[str]) -> str:
    return "; ".join(clauses)


def may_challenge(state: GameState) -> list[int]:
    """The seats that may challenge the card of ``state.wd4``, as the
    challenge policy decides (``rules.challenge.may_challenge``): the victim
    under ``challenge.wd4``, any seat but the layer under
    ``challenge.anyone``; the victim first, then the others in seat order.
    Empty when nothing can be challenged."""
    record = state.wd4
    if record is None:
        return []
    victim, layer = state.current, record.player
    seats = [victim, *(s for s in range(len(state.hands)) if s not in (victim, layer))]
    # check() asks the policy (rules.challenge.may_challenge) and whether the
    # card can still be challenged at all (not once the victim drew, nor in
    # the replay after a caught bluff under challenge.take-back).
    return [s for s in seats if check(state, Challenge(s)).allowed]


def either(w: Wording, seats: Sequence[int]) -> str:
    """``Bo``, ``Bo or Cilla``, ``seat 1, seat 2 or seat 3``."""
    named = [w.seat(s) for s in seats]
    if len(named) > 1:
        return _(w, "{some} or {last}").format(some=", ".join(named[:-1]), last=named[-1])
    return named[0] if named else ""


def refused_headline(
    w: Wording, state: GameState, move: Move, reason: str, forced: Sequence[Event] = ()
) -> str:
    """``No – Anna may not play R7: <reason>.``; ``forced``: the events of
    the one move left to the player instead, whose cost the headline then
    says (``end.no-wd4-last``: it draws 3 cards)."""
    seat = getattr(move, "player", state.current)
    costs = _costs(w, forced)
    if costs:
        return _(w, "No – {seat} may not {move}: {reason}; instead {costs}.").format(
            seat=w.seat(seat), move=move_phrase(w, move), reason=reason, costs=_joined(costs)
        )
    return _(w, "No – {seat} may not {move}: {reason}.").format(
        seat=w.seat(seat), move=move_phrase(w, move), reason=reason
    )


def misplay_headline(
    w: Wording, move: Move, why: Misplayed, events: Sequence[Event], *, ended: bool = False
) -> str:
    """A card laid that does not fit, which the rules judge with a cost
    instead of refusing it (``why``): it goes back into the hand, what that
    costs whom (``events``), and that the turn passes, or (``ended``) that
    the round ended with it."""
    top = _card(w, why.top)
    if why.top.is_wild and why.color is not None:
        top = _(w, "{top} with {colour} in force").format(top=top, colour=_colour(w, why.color))
    costs = _costs(w, events)
    text = (
        _(
            w,
            "Not a fit – {seat} may {move}, but it does not fit on {top}: it goes back into the "
            "hand, and {costs}.",
        )
        if costs and ended
        else _(
            w,
            "Not a fit – {seat} may {move}, but it does not fit on {top}: it goes back into the "
            "hand, {costs}, and the turn passes.",
        )
        if costs
        else _(
            w,
            "Not a fit – {seat} may {move}, but it does not fit on {top}: it goes back into the "
            "hand and the turn passes.",
        )
    )
    return text.format(
        seat=w.seat(move.player), move=move_phrase(w, move), top=top, costs=_joined(costs)
    )


def void_headline(w: Wording, move: Move, reason: str) -> str:
    """A move that does not count: it changes nothing, and why."""
    return _(w, "No effect – {seat} may {move}, but it changes nothing: {reason}.").format(
        seat=w.seat(move.player), move=move_phrase(w, move), reason=reason
    )


def bluff_headline(
    w: Wording,
    after: GameState,
    events: Sequence[Event],
    challenge: Sequence[Event],
    *,
    assumed: bool = False,
) -> str:
    """A bluff that stands unless challenged: what a challenge would cost
    whom (``challenge``: the events a challenge would bring), and what the
    bluff costs if nobody challenges; ``assumed``: it is a bluff only by the
    cards assumed for those nobody gave, and the headline says so."""
    victim = after.current
    layer = after.wd4.player if after.wd4 is not None else None
    challengers = either(w, may_challenge(after))
    penalty = sum(e.drawn for e in challenge if isinstance(e, CardsDrawn) and e.seat == layer)
    owed = next((e.owed for e in events if isinstance(e, DebtOwed)), 0)
    if layer is not None and penalty and owed:
        text = (
            _(
                w,
                "Bluff, by the cards assumed for those nobody gave – it stands unless "
                "{challengers} challenges: then {layer} draws {penalty}; if not, {victim} draws "
                "{owed} and misses the turn.",
            )
            if assumed
            else _(
                w,
                "Bluff – it stands unless {challengers} challenges: then {layer} draws {penalty}; "
                "if not, {victim} draws {owed} and misses the turn.",
            )
        )
        return text.format(
            victim=w.seat(victim),
            challengers=challengers,
            layer=w.seat(layer),
            penalty=_cards(w, penalty),
            owed=_cards(w, owed),
        )
    text = (
        _(
            w,
            "Bluff, by the cards assumed for those nobody gave – it stands unless {challengers} "
            "challenges: then {outcome}.",
        )
        if assumed
        else _(w, "Bluff – it stands unless {challengers} challenges: then {outcome}.")
    )
    return text.format(challengers=challengers, outcome=_joined(_costs(w, challenge)))


def _and(w: Wording, clauses: Sequence[str]) -> str:
    """``a, b and c``."""
    if len(clauses) < 2:
        return "".join(clauses)
    return _(w, "{some} and {last}").format(some=", ".join(clauses[:-1]), last=clauses[-1])


def and_costs(w: Wording, events: Sequence[Event]) -> str:
    """What ``events`` cost whom, the clauses joined with "and"."""
    return _and(w, _costs(w, events))


def held_phrase(w: Wording, layer: int, color: Color | None) -> str:
    """``Anna held a red card``: what a challenge of a Wild Draw Four
    reveals (``wd4.no-matching-colour``)."""
    seat = w.seat(layer)
    if color is not None:
        return _(w, "{seat} held a {colour} card").format(seat=seat, colour=_colour(w, color))
    return _(w, "{seat} held a card the restriction forbids").format(seat=seat)


def depends_next(w: Wording, layer: int, color: Color | None, caught: str, upheld: str) -> str:
    """Who acts next after a challenge whose outcome rests on the layer's
    cards nobody gave: both branches (``caught``, ``upheld``: the next
    sentences of each)."""
    return _(w, "If {held}: {caught} Otherwise: {upheld}").format(
        held=held_phrase(w, layer, color), caught=caught, upheld=upheld
    )


def depends_headline(
    w: Wording,
    layer: int,
    color: Color | None,
    challenger: str,
    caught: Sequence[Event],
    upheld: Sequence[Event],
    unchallenged: Sequence[Event] | None = None,
) -> str:
    """The headline of a wild card whose challenge rests on the layer's cards
    nobody gave (``challenge.wd4``): it depends on that hand, and both
    branches are said: ``caught``, the events of a challenge when the hand
    broke the restriction; ``upheld``, when it did not; ``challenger``, who
    may challenge (empty for the challenge itself); ``unchallenged``, what
    the card costs if nobody challenges (for the card as laid)."""
    seat = w.seat(layer)
    held = held_phrase(w, layer, color)
    yes, no = _and(w, _costs(w, caught)), _and(w, _costs(w, upheld))
    if unchallenged is None:
        return _(w, "It depends on {seat}'s hand: if {held}, {yes}; otherwise {no}.").format(
            seat=seat, held=held, yes=yes, no=no
        )
    return _(
        w,
        "It depends on {seat}'s hand: if {held}, it is a bluff and a challenge by {challenger} "
        "means {yes}; otherwise a challenge means {no}; unchallenged, {rest}.",
    ).format(
        seat=seat,
        held=held,
        challenger=challenger,
        yes=yes,
        no=no,
        rest=_and(w, _costs(w, unchallenged)),
    )


def allowed_headline(
    w: Wording,
    move: Move,
    events: Sequence[Event],
    *,
    assumed: bool = False,
    before: Sequence[int] | None = None,
    chance: str | None = None,
    uno_penalty: int = 2,
    uno_strict: bool = False,
) -> str:
    """The headline of a move that stands: a challenge that fails or
    succeeds, a missed UNO call caught, or "Yes" with what it costs whom;
    ``assumed``: the ruling rests on the cards assumed for those nobody gave
    (a wild card's restriction, a challenge), and the headline says so;
    ``before``: the game totals before the move, to say what a round brings;
    ``chance``: the clause that says what follows a drawn card nobody gave,
    said in place of whether it fits; ``uno_penalty``: the cards a caught
    missing UNO call costs (``uno.penalty-*``; 0: a reminder); ``uno_strict``: the
    penalty is drawn as the window closes even if nobody points it out
    (``strict``)."""
    costs = _costs(w, events, before)
    if chance is not None:
        fit = _costs(w, [e for e in events if isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit))])
        draws = [e for e in events if isinstance(e, CardsDrawn) and e.seat == move.player]
        if len(draws) > 1:
            # Drawing until a card fits: how many cards, too, is chance.
            drawn = _costs(w, draws)
            fit += drawn
        out_costs: list[str] = []
        for c in costs:
            if c not in fit:
                out_costs.append(c)
            elif chance not in out_costs:
                out_costs.append(chance)
        costs = out_costs
    outcome = _joined(costs)
    if any(isinstance(e, ChallengeFailed) for e in events):
        text = (
            _(w, "The challenge fails, by the cards assumed for those nobody gave – {outcome}.")
            if assumed
            else _(w, "The challenge fails – {outcome}.")
        )
        return text.format(outcome=outcome)
    if any(isinstance(e, ChallengeSucceeded) for e in events):
        text = (
            _(
                w,
                "The challenge succeeds, by the cards assumed for those nobody gave – {outcome}.",
            )
            if assumed
            else _(w, "The challenge succeeds – {outcome}.")
        )
        return text.format(outcome=outcome)
    if assumed:
        if costs:
            return _(w, "Yes, by the cards assumed for those nobody gave – {outcome}.").format(
                outcome=outcome
            )
        return _(w, "Yes, by the cards assumed for those nobody gave – {seat} may {move}.").format(
            seat=w.seat(move.player), move=move_phrase(w, move)
        )
    if costs and any(isinstance(e, PilesExhausted) for e in events):
        return _(w, "The round ends – {outcome}.").format(outcome=outcome)
    if isinstance(move, CatchUno) and costs:
        return _(w, "Caught – {outcome}.").format(outcome=outcome)
    missing = next((e for e in events if isinstance(e, UnoMissing) and e.seat == move.player), None)
    if costs and missing is not None:
        # Say first what was asked (may the move be made), then the missed call.
        said = _costs(w, [missing])
        rest = [c for c in costs if c not in said]
        if uno_penalty and uno_strict:
            text = (
                _(
                    w,
                    "Yes – {seat} may {move}, but has not called UNO: unless {seat} calls it "
                    "first, {seat} draws {cards} when another player points it out, or at the "
                    "latest when the next player acts.",
                )
                if not rest
                else _(
                    w,
                    "Yes – {seat} may {move}, but has not called UNO: unless {seat} calls it "
                    "first, {seat} draws {cards} when another player points it out, or at the "
                    "latest when the next player acts; {outcome}.",
                )
            )
        elif uno_penalty:
            text = (
                _(
                    w,
                    "Yes – {seat} may {move}, but has not called UNO: if another player points "
                    "it out in time, {seat} draws {cards}.",
                )
                if not rest
                else _(
                    w,
                    "Yes – {seat} may {move}, but has not called UNO: if another player points "
                    "it out in time, {seat} draws {cards}; {outcome}.",
                )
            )
        else:
            text = (
                _(
                    w,
                    "Yes – {seat} may {move}, but has not called UNO: another player may "
                    "point it out, and {seat} gets a reminder, no penalty.",
                )
                if not rest
                else _(
                    w,
                    "Yes – {seat} may {move}, but has not called UNO: another player may "
                    "point it out, and {seat} gets a reminder, no penalty; {outcome}.",
                )
            )
        return text.format(
            seat=w.seat(move.player),
            move=move_phrase(w, move),
            cards=_cards(w, uno_penalty),
            outcome=_joined(rest),
        )
    if costs:
        return _(w, "Yes – {outcome}.").format(outcome=outcome)
    return _(w, "Yes – {seat} may {move}.").format(
        seat=w.seat(move.player), move=move_phrase(w, move)
    )


def next_sentence(w: Wording, state: GameState) -> str:
    """Who does what next in ``state``: whose turn, the colour in force, who
    owes what; once the round is over, who won it."""
    if state.phase is Phase.ROUND_OVER:
        if state.game_over:
            best = state.game_winner
            if best is None:
                return _(w, "The game is over with no single winner.")
            partners = getattr(state.rules.scoring, "partners", None)
            team: tuple[int, ...] = (
                tuple(partners(best, len(state.hands))) if partners is not None else (best,)
            )
            if len(team) > 1:
                # house.teams: the partners win together.
                return _(w, "The game is over: {seat} and {partner} win it.").format(
                    seat=w.seat(team[0]), partner=w.seat(team[1])
                )
            return _(w, "The game is over: {seat} wins it.").format(seat=w.seat(best))
        if state.winner is None:
            said = _(w, "The round is over with no winner.")
        else:
            said = _(w, "The round is over: {seat} wins it.").format(seat=w.seat(state.winner))
        if state.rules.seats_drawn is not None:
            # house.shuffle-seats: new seats before the next round.
            said += " " + _(
                w, "Before the next round everyone draws a new seat, and keeps their own score."
            )
        return said
    seat = w.seat(state.current)
    colour = _colour(w, state.color) if state.color is not None else None
    pending = state.pending
    if pending is not None and pending.kind is PendingKind.DRAW_UNTIL:
        if state.phase is Phase.CHOOSE_COLOR:
            return _(
                w,
                "Next: {seat} names a colour and draws until a card of it turns up, missing "
                "the turn.",
            ).format(seat=seat)
        if may_challenge(state):
            text = _(
                w,
                "Next: {seat} draws until a {colour} card turns up and misses the turn, or "
                "challenges; the colour is {colour}.",
            )
        else:
            text = _(
                w,
                "Next: {seat} draws until a {colour} card turns up and misses the turn; "
                "the colour is {colour}.",
            )
        return text.format(seat=seat, colour=colour or "?")
    if state.phase is Phase.CHOOSE_COLOR and state.turns:
        return _(w, "Next: {seat} names the colour of the wild card turned up, then plays.").format(
            seat=seat
        )
    if state.phase is Phase.CHOOSE_COLOR:
        return _(w, "Next: {seat} names the colour of the start card, then plays.").format(
            seat=seat
        )
    if pending is not None and pending.kind is PendingKind.SKIP:
        text = _(w, "Next: {seat} answers the skip or misses the turn; the colour is {colour}.")
    elif state.phase is Phase.OWE:
        # Only where some card could answer what is owed (a stacking rule
        # that no card of the deck can use says nothing).
        stack = bool(state.rules.stacking.rule_ids) and state.rules.stacking.answerable(
            state.top, state.color
        )
        challengers = may_challenge(state)
        if len(challengers) > 1:
            text = _(
                w,
                "Next: {seat} draws {cards} and misses the turn, or {challengers} challenges; "
                "the colour is {colour}.",
            )
        elif state.wd4 is not None:
            text = _(
                w,
                "Next: {seat} draws {cards} and misses the turn, or challenges; "
                "the colour is {colour}.",
            )
        elif stack:
            text = _(
                w,
                "Next: {seat} draws {cards} and misses the turn, or stacks; "
                "the colour is {colour}.",
            )
        else:
            text = _(w, "Next: {seat} draws {cards} and misses the turn; the colour is {colour}.")
        return colourless(
            state,
            text.format(
                seat=seat,
                cards=_cards(w, state.owed),
                colour=colour or "?",
                challengers=either(w, challengers),
            ),
        )
    elif state.phase is Phase.REPLAY:
        text = _(
            w,
            "Next: {seat} lays another card in place of the Wild Draw Four; "
            "the colour is {colour}.",
        )
    elif state.phase is Phase.DRAWN:
        if state.rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY:
            text = _(w, "Next: {seat} must play the drawn card; the colour is {colour}.")
        else:
            text = _(w, "Next: {seat} plays the drawn card or keeps it; the colour is {colour}.")
    elif colour is None:
        return _(w, "Next: {seat} plays.").format(seat=seat)
    else:
        text = _(w, "Next: {seat} plays; the colour is {colour}.")
    return colourless(state, text.format(seat=seat, colour=colour or "?"))


def colourless(state: GameState, sentence: str) -> str:
    """``sentence`` without its last clause, the colour in force, when the
    deck's cards have no colours (``all-wild.no-colour``): there is none to
    tell."""
    if state.color is None and not state.rules.colors and ";" in sentence:
        return sentence.rsplit(";", 1)[0] + "."
    return sentence
