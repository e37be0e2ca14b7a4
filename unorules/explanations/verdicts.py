"""Explanations: a verdict on one move that cites the rules and says what
happens next.

``explain`` goes through the same :func:`~unorules.engine.check` as
``legal_moves`` and ``apply``; the consequences it lists are produced by
applying the move (and, for a refused move, the alternatives), never
described separately.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from unorules.cards import COLORS, Card, Face
from unorules.engine import Ruling, apply_logged, check, legal_moves, play_status
from unorules.events import Event
from unorules.explanations.sentences import render
from unorules.moves import CallUno, CatchUno, Challenge, Draw, Move, Play
from unorules.rules.house import HouseRule, rule_text
from unorules.rules.policies import AfterDraw, game_outcome
from unorules.state import GameState, PendingKind, Phase

__all__ = ["Unknown", "Verdict", "describe_state", "explain"]


def _hand_tuples(value: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in value)


@attrs.frozen(slots=True, kw_only=True)
class Unknown:
    """What a position typed in by hand leaves unsaid, so that a verdict
    names none of those cards (:func:`explain`).

    Attributes:
        hands: for each seat (seat 0 first; missing seats have none), the
            cards of its hand that nobody gave: the ``?N`` of the situation
            notation, dealt at random.
        draw_pile: ``True`` when the draw pile was not given: its cards are
            the rest of the deck in a random order, so a drawn card is chance.

    >>> Unknown(hands=[(), ["R1"]]).of(1)
    1
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_hand_tuples)
    draw_pile: bool = False

    def of(self, seat: int) -> int:
        """How many of ``seat``'s cards nobody gave."""
        return len(self.hands[seat]) if 0 <= seat < len(self.hands) else 0

    def holds(self, seat: int, card: Card | None) -> bool:
        """Whether ``card`` is one of ``seat``'s cards that nobody gave."""
        return 0 <= seat < len(self.hands) and card in self.hands[seat]


@attrs.frozen(slots=True, kw_only=True)
class Verdict:
    """The ruling on one move, for people and programs.

    Attributes:
        move: the move judged.
        legal: whether it keeps the rules.
        allowed: whether :func:`unorules.apply` accepts it (``legal`` or a bluff).
        bluff: a move that breaks a rule the players police themselves (a
            Wild Draw Four bluff): it stands unless challenged.
        assumed: the ruling rests on cards nobody gave (see :class:`Unknown`):
            a wild card's restriction that the given cards do not decide; the
            verdict follows the cards assumed for them. (A challenge whose
            outcome rests on them says so in its effect.) The command line
            also marks any verdict that other deals of those cards change.
        void: a move a player can make that does not count (an UNO call too
            late or not due, a catch of a seat whose call is not missing): it
            is allowed and changes nothing; ``reason`` says why.
        rule_ids: the rules that decide: the rule broken, or the rules that
            give the move its effect.
        reason: why, in one sentence.
        effects: ``(rule_id, sentence)`` for each thing the move makes happen:
            its ``events`` in English (:func:`unorules.explanations.sentences.render`).
        events: the typed records of what the move makes happen
            (:mod:`unorules.events`), each citing the rule that caused it;
            empty for a refused move.
        remedy: what may follow instead: for a refused move, the lawful moves
            the player may make (a Wild Draw Four that would be a bluff is named
            apart, as standing only unless challenged); for a bluff, what a
            challenge would bring; for a missing UNO call, what a catch would
            bring.
        outlook: the position afterwards (whose turn, who owes what, the
            colour in force, whether a player left with one card owes an UNO
            call; once the round is over, the totals and, when the game ends,
            who wins it by the scoring in force) or, for a refused move, the
            position as it stands.
        state: the state after the move, when it is allowed.
        house_rules: the table's own rules of the rule set judged under, whose
            titles and texts :meth:`cited` gives for their IDs.
    """

    move: Move
    legal: bool
    allowed: bool
    bluff: bool
    rule_ids: tuple[str, ...]
    reason: str
    effects: tuple[tuple[str, str], ...] = ()
    remedy: tuple[str, ...] = ()
    outlook: str = ""
    state: GameState | None = attrs.field(default=None, repr=False, eq=False)
    void: bool = False
    assumed: bool = False
    house_rules: tuple[HouseRule, ...] = attrs.field(default=(), repr=False, eq=False)

    def cited(self) -> tuple[tuple[str, str, str], ...]:
        """``(rule_id, title, text)`` for each rule of :attr:`rule_ids`: from
        the catalogue, or from the table's own rules; empty title and text
        for an ID that is neither."""
        out = []
        for rid in self.rule_ids:
            found = rule_text(rid, self.house_rules)
            title, text = found if found is not None else ("", "")
            out.append((rid, title, text))
        return tuple(out)

    events: tuple[Event, ...] = ()

    @property
    def verdict(self) -> str:
        """``"legal"``, ``"illegal"``, ``"bluff"`` or ``"no effect"`` (a
        ``void`` move)."""
        if self.void:
            return "no effect"
        return "bluff" if self.bluff else ("legal" if self.legal else "illegal")

    @property
    def text(self) -> str:
        """The whole verdict as plain text."""
        lines = [
            f"{self.verdict.upper()}: {self.move} - {self.reason} [{', '.join(self.rule_ids)}]"
        ]
        lines += [f"  - {sentence} [{rid}]" for rid, sentence in self.effects]
        lines += [f"  * {r}" for r in self.remedy]
        if self.outlook:
            lines.append(f"  => {self.outlook}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text

    @property
    def short(self) -> str:
        """The verdict a family reads first: one sentence with the outcome,
        then who does what next."""
        return self.text.splitlines()[0]

    def text_in(self, lang: str, *, long: bool = False) -> str:
        """The verdict in ``lang``: :attr:`short`, or with ``long`` the whole
        verdict with the rules' texts."""
        return self.text if long else self.short

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the verdict, the cited rules with their texts,
        the effects, remedy and outlook."""
        return {
            "move": str(self.move),
            "verdict": self.verdict,
            "legal": self.legal,
            "allowed": self.allowed,
            "bluff": self.bluff,
            "void": self.void,
            "assumed": self.assumed,
            "reason": self.reason,
            "rules": [{"id": rid, "text": text} for rid, _, text in self.cited()],
            "effects": [{"rule": rid, "text": t} for rid, t in self.effects],
            "remedy": list(self.remedy),
            "outlook": self.outlook,
        }


def describe_state(state: GameState) -> str:
    """One sentence on a position: whose turn, in which phase, on which colour;
    once the round is over, the totals, and when the game is over, who wins it
    by the scoring in force (``score.*``: the highest total under
    ``score.winner-takes``, the lowest under ``score.penalty-points``).

    >>> import unorules as ur
    >>> describe_state(ur.situation(ur.presets.official(), ["R1", "G2", "B3"], top="R7"))
    'seat 0 to play on red (R7), clockwise; hands 1/1/1, draw pile 104'
    """
    return _describe(state, None)


def _describe(state: GameState, unknown: Unknown | None) -> str:
    sizes = "/".join(str(len(h)) for h in state.hands)
    tail = f"; hands {sizes}, draw pile {len(state.draw_pile)}"
    if state.phase is Phase.ROUND_OVER:
        scores = " ".join(str(v) for v in state.scores)
        if state.game_over:
            scoring = state.rules.scoring
            outcome = game_outcome(scoring, state.scores, state.winner)
            if "score.single-round" in scoring.rule_ids:
                return f"the game is over: {outcome}"
            return f"the game is over: {outcome} (scores {scores})"
        out = [
            str(i)
            for i, playing in enumerate(state.rules.scoring.in_play(state.scores))
            if not playing
        ]
        gone = f"; {_seats(out)} out of the game" if out else ""
        if state.winner is None:
            return f"the round is over with no winner (scores {scores}{gone})"
        return f"the round is over: seat {state.winner} wins (scores {scores}{gone})"
    color = state.color.value if state.color else "no colour yet"
    way = "clockwise" if state.direction == 1 else "counter-clockwise"
    seat = state.current
    if state.phase is Phase.CHOOSE_COLOR:
        return f"seat {seat} names the colour of the Wild start card, then plays{tail}"
    pending = state.pending
    if pending is not None and pending.kind is PendingKind.SKIP:
        return f"seat {seat} answers the skip or is skipped, {color} in force, {way}{tail}"
    if state.phase is Phase.OWE:
        extra = " (or challenge)" if state.wd4 is not None else ""
        owes = _count(state.owed, "card")
        return f"seat {seat} owes {owes}{extra}, {color} in force, {way}{tail}"
    if state.phase is Phase.REPLAY:
        record = state.wd4
        penalty = (
            state.rules.challenge.outcome(record.card, True, True).layer_draws if record else 0
        )
        debt = state.wd4.debt if state.wd4 is not None else 0
        if debt:
            return (
                f"seat {seat} owes {_count(debt, 'card')} again after taking its Wild Draw "
                f"Four back (answer or take them, then draw {penalty}), {color} in force, "
                f"{way}{tail}"
            )
        return (
            f"seat {seat} lays a lawful card in place of its Wild Draw Four on {color} "
            f"({state.top.code}), then draws {penalty}, {way}{tail}"
        )
    if state.phase is Phase.DRAWN:
        drawn = state.drawn.code if state.drawn else "?"
        if unknown is not None and (unknown.draw_pile or unknown.holds(seat, state.drawn)):
            drawn = "card"
        verb = "must" if state.rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY else "may"
        return f"seat {seat} {verb} play the drawn {drawn} on {color}, {way}{tail}"
    return f"seat {seat} to play on {color} ({state.top.code}), {way}{tail}"


def _count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _seats(seats: list[str]) -> str:
    """``seat 2``, ``seats 1 and 2``, ``seats 0, 1 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]}"


def _outcome(
    state: GameState, move: Move
) -> tuple[tuple[tuple[str, str], ...], GameState, tuple[Event, ...]]:
    """The effects of ``move`` said in English, the state after it, and its events."""
    events: list[Event] = []
    after = apply_logged(state, move, events)
    return tuple((e.rule_id, render(e)) for e in events), after, tuple(events)


def _sentence(effects: tuple[tuple[str, str], ...]) -> str:
    return "; ".join(t for _, t in effects)


def explain(
    state: GameState,
    move: Move,
    unknown: Unknown | None = None,
    *,
    lang: str = "en",
    names: Sequence[str] = (),
) -> Verdict:
    """Judge ``move`` in ``state``: legal or not, the rules that decide, and
    what happens next.

    A refused move gets ``legal=False`` and the rule it breaks, with what the
    player may do instead (lawful moves only; a Wild Draw Four that would
    break the restriction is named apart, as a bluff that stands unless
    challenged). A bluff (a Wild Draw Four that breaks the restriction while
    challenges police it) gets ``legal=False`` and ``bluff=True``; it stands
    unless challenged, and the remedy says what a challenge brings. A legal
    move cites the rules that give its effect. An UNO call or catch that does
    not count (too late, not due, a seat whose call is not missing) is legal
    and changes nothing: its reason says why it does not count, citing the UNO
    rule that decides. The outlook says whether a player left holding one card
    owes an UNO call (``uno.call``).

    Args:
        state: the position.
        move: the disputed move.
        unknown: the cards of the position nobody gave (see :class:`Unknown`);
            no sentence names one of them, and a ruling those cards decide (a
            wild card's restriction, a challenge) says that it rests on them.

    Returns:
        A :class:`Verdict`. A bad move is not an error: what is wrong with it
        is the verdict.

    Raises:
        UnoError: only when a table's own blank-card rule
            (``house.custom-cards``) returns a state that loses or makes cards.

    >>> import unorules as ur
    >>> s = ur.situation(ur.presets.official(), ["R3 W+4 G5", "B2", "Y1"], top="R7")
    >>> v = ur.explain(s, ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE))
    >>> v.verdict, v.rule_ids
    ('bluff', ('wd4.no-matching-colour',))
    """
    ruling = check(state, move)
    if not ruling.allowed:
        return Verdict(
            move=move,
            legal=False,
            allowed=False,
            bluff=False,
            rule_ids=ruling.rule_ids,
            reason=_unnamed_drawn(state, ruling.reason, unknown),
            remedy=_alternatives(state, move, unknown),
            outlook=_describe(state, unknown) + _calls_owed(state, None, None),
            house_rules=state.rules.house_rules,
        )
    effects, after, events = _outcome(state, move)
    reason, assumed = ruling.reason, False
    if unknown is not None:
        reason, by_hand = _reason_from_given(state, move, ruling, unknown)
        effects, _ = _challenge_from_given(state, move, effects, unknown)
        assumed = by_hand
    remedy: list[str] = []
    if not ruling.legal and after.wd4 is not None:
        victim = after.current
        c_effects, _, _ = _outcome(after, Challenge(victim))
        if unknown is not None:
            c_effects = _challenge_from_given(after, Challenge(victim), c_effects, unknown)[0]
        which = (
            "challenge.also-wild"
            if after.wd4.card.face is Face.WILD
            else state.rules.challenge.rule_ids[0]
        )
        remedy.append(f"seat {victim} may challenge ({which}): {_sentence(c_effects)}")
    if after.uno_missed is not None and after.phase is not Phase.ROUND_OVER:
        seat = after.uno_missed
        nxt = after.current
        penalty = state.rules.uno_penalty.caught()
        window = "plays or draws" if state.rules.uno_window.closes(False) else "plays"
        first = (
            f"a call by seat {seat} still counts until another player plays or draws; "
            if state.rules.uno_call.late(seat in after.uncalled)
            else f"a call by seat {seat} now comes too late to count; "
        )
        cost = (
            f"seat {seat} would draw {_count(penalty.cards, 'card')}"
            if penalty.cards
            else f"seat {seat} gets a reminder, no penalty"
        )
        until = (
            f"until another player {window} (seat {nxt} is next)"
            if nxt != seat
            else f"until another player {window}"
        )
        remedy.append(
            f"{first}{until}, any other player may point out the missed "
            f"call, and {cost} [{penalty.rule_id}, {state.rules.uno_window.rule_ids[0]}]"
        )
    rule_ids = ruling.rule_ids
    if ruling.legal:
        cited = dict.fromkeys(rule_ids)
        for rid, _ in effects:
            if rid not in ("play.one-card",):
                cited[rid] = None
        # What the move leaves pending: the main rule behind it.
        left = after.pending
        if left is not None and left != state.pending:
            cited[left.rule_ids[0]] = None
        rule_ids = tuple(cited)
    return Verdict(
        move=move,
        legal=ruling.legal,
        allowed=True,
        bluff=not ruling.legal,
        rule_ids=rule_ids,
        reason=reason,
        effects=effects,
        remedy=tuple(remedy),
        outlook=_describe(after, unknown) + _calls_owed(after, state, move),
        state=after,
        void=ruling.void,
        assumed=assumed,
        house_rules=state.rules.house_rules,
        events=events,
    )


def _unnamed_drawn(state: GameState, reason: str, unknown: Unknown | None) -> str:
    """``reason`` without the name of a drawn card nobody gave (drawn from a
    draw pile not given, or one of the ``?N``)."""
    drawn = state.drawn
    if unknown is None or drawn is None or not unknown.holds(state.current, drawn):
        return reason
    return reason.replace(f"the drawn card ({drawn})", "the drawn card")


def _calls_owed(state: GameState, before: GameState | None, move: Move | None) -> str:
    """What the position says about UNO calls (``uno.*``): for each seat left
    holding one card, whether a call is owed, made, missed or out of reach."""
    if state.phase is Phase.ROUND_OVER:
        return ""
    rules = state.rules
    call = rules.uno_call.rule_ids[0]
    notes: list[str] = []
    for seat, hand in enumerate(state.hands):
        if len(hand) != 1:
            continue
        if seat == state.uno_missed:
            if move is not None:
                continue  # the effects and the remedy say it
            notes.append(
                f"seat {seat} holds one card and has not called UNO; the call can still be "
                f"pointed out ({call}, {rules.uno_window.rule_ids[0]})"
            )
        elif seat == state.uno_called:
            notes.append(f"seat {seat} holds one card and has called UNO ({call})")
        elif seat in state.uncalled:
            if rules.uno_call.may_go_out(True) is not None:
                notes.append(
                    f"seat {seat} holds one card without having called UNO: it may not lay "
                    "its last card (uno.required-to-win)"
                )
            else:
                notes.append(
                    f"seat {seat} holds one card without having called UNO; the window to "
                    f"point it out has closed ({rules.uno_window.rule_ids[0]})"
                )
        elif before is not None and before.hands[seat] != hand:
            laid = isinstance(move, Play) and move.player == seat
            why = (
                "its hand came to it when the hands moved, not by laying its second-to-last card"
                if laid
                else "it laid no card"
            )
            notes.append(f"seat {seat} holds one card and owes no UNO call: {why} ({call})")
    return "".join(f"; {n}" for n in notes)


def _filler(state: GameState) -> Card:
    """A card that fits nothing on the table: another colour than the one in
    force, another face than the top card's."""
    color = next(c for c in COLORS if c is not state.color)
    face = Face.ONE if state.top.face is not Face.ONE else Face.TWO
    return Card(color, face)


def _with_hand(state: GameState, seat: int, hand: Sequence[Card]) -> GameState:
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return attrs.evolve(state, hands=tuple(hands))


def _given(state: GameState, seat: int, unknown: Unknown) -> list[Card]:
    """The cards of ``seat``'s hand that were given (not ``?N``)."""
    return list((Counter(state.hands[seat]) - Counter(unknown.hands[seat])).elements())


def _reason_from_given(
    state: GameState, move: Move, ruling: Ruling, unknown: Unknown
) -> tuple[str, bool]:
    """The reason for a wild card laid by a seat with cards nobody gave,
    naming none of them: the restriction (``wd4.*``, ``wild.restricted``)
    judged on the given cards alone when they decide it, else said to rest on
    the unknown ones; and whether it rests on them."""
    if not isinstance(move, Play) or not move.card.is_wild:
        return ruling.reason, False
    seat = move.player
    hidden = unknown.of(seat)
    if not hidden:
        return ruling.reason, False
    given = _given(state, seat, unknown)
    if move.card not in given:
        given.append(move.card)
    known = play_status(state.rules, given, move.card, state.top, state.color)
    if not known.legal:
        return known.reason, False  # the given cards alone break the restriction
    restricted = not ruling.legal or (
        move.card.face is Face.WILD_DRAW_FOUR and state.rules.wd4.restricts(state.top, state.color)
    )
    if not restricted:
        return ruling.reason, False
    cards = _count(hidden, "card")
    if ruling.legal:
        return (
            f"{known.reason}, as far as the cards given show: seat {seat}'s {cards} "
            "nobody gave could make it a bluff"
        ), True
    stands = "; it stands unless the next player challenges" if ruling.allowed else ""
    return (
        f"whether {move.card.code} may be laid rests on seat {seat}'s {cards} nobody gave: "
        f"with the cards assumed for them it breaks {ruling.rule_ids[0]}{stands}"
    ), True


def _challenge_from_given(
    state: GameState,
    move: Move,
    effects: tuple[tuple[str, str], ...],
    unknown: Unknown,
) -> tuple[tuple[tuple[str, str], ...], bool]:
    """A challenge's outcome said to rest on the layer's cards nobody gave,
    unless its given cards alone broke the restriction; and whether it rests
    on them."""
    record = state.wd4
    if not isinstance(move, Challenge) or record is None:
        return effects, False
    layer = record.player
    hidden = unknown.of(layer)
    if not hidden or len(state.discard_pile) < 2:
        return effects, False
    rest = _given(state, layer, unknown)
    beneath = state.discard_pile[-2]
    previous = record.previous_color
    if record.card.face is Face.WILD_DRAW_FOUR:
        broke = state.rules.wd4.breaks(rest, beneath, previous)
    else:
        broke = not state.rules.wild.allows([*rest, record.card], beneath, previous)
    if broke:
        return effects, False
    note = f" (with the cards assumed for seat {layer}'s {_count(hidden, 'card')} nobody gave)"
    out = list(effects)
    for i, (rid, text) in enumerate(out):
        if text.startswith("the challenge "):
            head, _, tail = text.partition(":")
            out[i] = (rid, f"{head}{note}:{tail}")
            break
    return tuple(out), True


def _alternatives(state: GameState, move: Move, unknown: Unknown | None) -> tuple[str, ...]:
    """What the mover (or the player whose turn it is) may do instead: the
    lawful moves, the bluffs apart, and no card nobody gave."""
    if state.phase is Phase.ROUND_OVER:
        return ()
    seat = getattr(move, "player", None)
    mine = [m for m in legal_moves(state) if getattr(m, "player", None) == seat]
    if not mine:
        return (f"seat {state.current} is to act: {_describe(state, unknown)}",)
    aside = [m for m in mine if isinstance(m, (CallUno, CatchUno))]
    hidden = unknown.of(seat) if unknown is not None and isinstance(seat, int) else 0
    out: list[str] = []
    # The choices that depend on the hand: a turn, or a debt that stacking may answer.
    own_turn = seat == state.current and (
        state.phase in (Phase.TURN, Phase.REPLAY)
        or (state.phase is Phase.OWE and bool(state.rules.stacking.rule_ids))
    )
    if hidden and own_turn and unknown is not None and isinstance(seat, int):
        out += _unknown_hand_moves(state, seat, unknown)
    else:
        turn = [m for m in mine if not isinstance(m, (CallUno, CatchUno))]
        if hidden and unknown is not None and isinstance(seat, int):
            known = Counter(state.hands[seat]) - Counter(unknown.hands[seat])
            turn = [
                m
                for m in turn
                if not isinstance(m, Play)
                or known[m.card]
                or (state.phase is Phase.DRAWN and m.card == state.drawn)
            ]
            if seat != state.current and state.rules.jump_in.jumpers(state.top):
                out.append(
                    f"seat {seat} may jump in with a copy of the top card if one of its "
                    f"{_count(hidden, 'card')} nobody gave is one (house.jump-in)"
                )
        lawful = [m for m in turn if check(state, m).legal]
        bluffs = [m for m in turn if m not in lawful]
        if len(lawful) == 1 and not bluffs:
            out.append(_must(state, seat, lawful[0], unknown))
        elif lawful:
            out.append(f"seat {seat} may instead: {_listing(state, lawful, unknown)}")
        if bluffs:
            out.append(_bluffs(state, seat, bluffs))
    names = [_priced(state, m) for m in aside]
    if hidden:
        # Whether a call is due depends on whether a card fits: not on what is listed.
        names = [n for m, n in zip(aside, names, strict=True) if not isinstance(m, CallUno)]
        if own_turn and isinstance(seat, int) and len(state.hands[seat]) == 2:
            names.append("call UNO as it lays its second-to-last card")
    if names:
        out.append(f"seat {seat} may also: {', '.join(names)}")
    return tuple(out)


def _must(state: GameState, seat: object, move: Move, unknown: Unknown | None) -> str:
    drawing = isinstance(move, Draw) and state.phase is not Phase.OWE
    if drawing and unknown is not None and unknown.draw_pile:
        return (
            f"seat {seat} must draw; what it draws, and whether that card fits, depends on "
            "the draw pile, which was not given"
        )
    effects, after, _ = _outcome(state, move)
    return (
        f"seat {seat} must {_verb_in(state, move, unknown)}: {_sentence(effects)}; "
        f"then {_describe(after, unknown).split(';')[0]}"
    )


def _listing(state: GameState, moves: Sequence[Move], unknown: Unknown | None) -> str:
    names = list(dict.fromkeys(_verb_in(state, m, unknown) for m in moves))
    shown = ", ".join(names[:8])
    more = f" and {len(names) - 8} more" if len(names) > 8 else ""
    return shown + more


def _bluffs(state: GameState, seat: object, bluffs: Sequence[Move]) -> str:
    cards = list(dict.fromkeys(m.card.code for m in bluffs if isinstance(m, Play)))
    rid = check(state, bluffs[0]).rule_ids[0]
    return (
        f"seat {seat} could also lay {' or '.join(cards)} only as a bluff: it breaks "
        f"{rid} and stands unless challenged"
    )


def _priced(state: GameState, move: Move) -> str:
    """A move's name, with what it costs when it is a false call."""
    ruling = check(state, move)
    if ruling.penalty is not None:
        cost, rid = ruling.penalty.cards, ruling.penalty.rule_id
        return f"{_verb(move)} (no call is due: it costs {_count(cost, 'card')}, {rid})"
    return _verb(move)


def _unknown_hand_moves(state: GameState, seat: int, unknown: Unknown) -> list[str]:
    """The choices of a seat whose hand is partly or wholly unknown: the
    plays of the cards given, with those whose lawfulness depends on the rest
    of the hand marked so, and the unknown cards only as "a card that fits"."""
    hidden = Counter(unknown.hands[seat])
    hand = state.hands[seat]
    known = list((Counter(hand) - hidden).elements())
    k = len(hand) - len(known)
    filler = _filler(state)
    neutral = _with_hand(state, seat, [*known, *[filler] * k])
    probe = _with_hand(
        state, seat, [*known, *[filler] * (k - 1), Card(state.color or COLORS[0], filler.face)]
    )
    moves = [
        m
        for m in legal_moves(neutral)
        if getattr(m, "player", None) == seat and not isinstance(m, (CallUno, CatchUno))
    ]
    lawful: list[str] = []
    maybe: list[Move] = []
    bluffs: list[Move] = []
    draw = None
    for m in moves:
        if isinstance(m, Play) and m.card == filler and filler not in known:
            continue
        if not check(neutral, m).legal:
            bluffs.append(m)
        elif isinstance(m, Play) and not check(probe, m).legal:
            maybe.append(m)
        elif isinstance(m, Draw) and state.phase is not Phase.OWE:
            draw = m
        else:
            lawful.append(_verb_in(state, m, unknown))
    plays = state.phase in (Phase.TURN, Phase.REPLAY) or (
        state.phase is Phase.OWE and bool(state.rules.stacking.rule_ids)
    )
    choices = list(dict.fromkeys(lawful))
    if maybe:
        rid = check(probe, maybe[0]).rule_ids[0]
        cards = " or ".join(dict.fromkeys(m.card.code for m in maybe if isinstance(m, Play)))
        choices.append(f"lay {cards} if its unknown cards allow it ({rid})")
    if plays and state.phase is Phase.OWE:
        stack = state.rules.stacking.rule_ids[0]
        choices.append(
            f"pass the debt on with any of its {_count(k, 'card')} nobody gave that "
            f"may be stacked ({stack})"
        )
    elif plays:
        choices.append(f"lay any of its {_count(k, 'card')} nobody gave that fits")
    forced = state.rules.draw_choice.rule_ids[:1] == ("house.force-play",)
    if draw is not None:
        choices.append(
            "draw, if none of its cards fits (house.force-play)" if forced and plays else "draw"
        )
    listed = ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + choices[-1]
    out = [f"seat {seat} may instead: {listed}"] if choices else []
    if bluffs:
        out.append(_bluffs(neutral, seat, bluffs))
    return out


def _verb_in(state: GameState, move: Move, unknown: Unknown | None) -> str:
    """A move's name, without naming a card nobody gave."""
    if (
        isinstance(move, Play)
        and state.phase is Phase.DRAWN
        and move.card == state.drawn
        and unknown is not None
        and (unknown.draw_pile or unknown.holds(move.player, move.card))
    ):
        named = f" naming {move.color.value}" if move.color is not None else ""
        return f"play the drawn card{named}"
    return _verb(move)


def _verb(move: Move) -> str:
    return str(move).split(" ", 1)[1]
