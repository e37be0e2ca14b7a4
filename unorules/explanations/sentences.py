"""Events and reasons in words: :func:`render` says each effect of a move
(:mod:`unorules.events`) and :func:`render_reason` the reason of each ruling
(:mod:`unorules.reasons`) as the sentence verdicts and the command line print,
in English, Swedish or Norwegian Bokmål, naming players by name when the
:class:`~unorules.explanations.languages.Wording` has their names.

Every sentence is one message of the ``sentences`` gettext domain. In English
cards are shown by their codes (``R7``); in Swedish and Norwegian by their
names (``röd 7``, ``Trekk 2``).

>>> from unorules.events import CardsDrawn, DrawCause, SeatsSkipped
>>> render(SeatsSkipped(rule_id="action.skip", seats=(2,)))
'seat 2 is skipped'
>>> drawn = CardsDrawn(rule_id="draw.one", seat=1, count=2, drawn=2, cause=DrawCause.TURN)
>>> render(drawn, Wording("sv", ("Anna", "Bo")))
'Bo drar 2 kort'
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Sequence
from functools import singledispatch
from typing import Final

from unorules import reasons as rs
from unorules.cards import Card, Color, Face
from unorules.errors import RuleSetError
from unorules.events import (
    BlankCardActsAsWild,
    CallVoid,
    CardsDrawn,
    CardsGiven,
    CardsLaid,
    CardTakenBack,
    CatchVoid,
    ChallengeFailed,
    ChallengeSucceeded,
    ClockRanOut,
    ColorNamed,
    CustomCardRule,
    DebtOwed,
    DebtPassedOn,
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
    GameOver,
    HandEmptied,
    HandsPassedOn,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    KnockedOut,
    LastCardNoEffect,
    LastShuffleRedeals,
    LastStanding,
    LowestHand,
    OthersPlayOn,
    PilesExhausted,
    Reshuffled,
    RoundScored,
    RoundStalled,
    RuleValueKept,
    SeatsSkipped,
    SkipOwed,
    SkipPassedOn,
    SkipTaken,
    SwapDeclined,
    TookBack,
    TurnPassed,
    UnoCalled,
    UnoMissing,
    UnoReminder,
    UnoWindowClosed,
    WentOut,
    WildDrawFourStays,
)
from unorules.explanations.languages import ENGLISH, Wording, rule_in
from unorules.explanations.words import FACE_WORDS, card_name, colour_name
from unorules.moves import Play

__all__ = ["plain", "render", "render_reason", "value_words"]


_CODE = re.compile(r"`([^`\n]*)`")


def plain(text: str) -> str:
    """``text`` for a terminal: the notation a sentence marks between
    backticks (``e.g. `0 play W+4 red```, which a page shows as code) said
    without them.

    >>> plain("the move is incomplete: a colour must be named with W, e.g. `0 play W red`")
    'the move is incomplete: a colour must be named with W, e.g. 0 play W red'
    """
    return _CODE.sub(r"\1", text)


def _(w: Wording, message: str) -> str:
    """``message`` in ``w``'s language (the ``sentences`` domain)."""
    return w.gettext("sentences", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in ``w``'s language."""
    return w.ngettext("sentences", singular, plural, n)


def N_(message: str) -> str:
    """``message`` itself, marked for the catalog and translated where it is used."""
    return message


def _card(w: Wording, card: Card) -> str:
    """``card`` as a sentence shows it: its code in English (``R7``), its
    name in Swedish and Norwegian (``röd 7``, ``Trekk 2``)."""
    return card.code if w.lang == "en" else card_name(card, w.lang)


def _colour(w: Wording, color: Color) -> str:
    """The name of ``color`` in ``w``'s language."""
    return color.value if w.lang == "en" else colour_name(color, w.lang)


def _listed(w: Wording, items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``och``, ``og``)."""
    if len(items) <= 1:
        return "".join(items)
    return _(w, "{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _rule_name(w: Wording, rule_id: str) -> str:
    """The rule ``rule_id`` as a player line names it: its title in ``w``'s
    language, in quotes (the ID itself goes to the citations); the ID for a
    rule the catalogue does not hold (a table's own rule)."""
    try:
        title = rule_in(rule_id, w.lang).title
    except RuleSetError:
        return rule_id
    return _(w, "“{title}”").format(title=title)


def _each_and(w: Wording, items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a and b and c``."""
    said = items[0]
    for item in items[1:]:
        said = _(w, "{items} and {last}").format(items=said, last=item)
    return said


def _each_or(w: Wording, items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a or b or c``."""
    said = items[0]
    for item in items[1:]:
        said = _(w, "{items} or {last}").format(items=said, last=item)
    return said


def _seats(w: Wording, seats: Sequence[int], *, listed: bool) -> str:
    """Several seats as the subject of a sentence: the players' names
    (``Anna and Bo``) when ``w`` has them, else ``seats 1, 2`` (``listed``:
    ``seats 1 and 2``)."""
    if all(0 <= s < len(w.names) for s in seats):
        return _listed(w, [w.names[s] for s in seats])
    numbers = [str(s) for s in seats]
    shown = _listed(w, numbers) if listed else ", ".join(numbers)
    return _(w, "seats {seats}").format(seats=shown)


def _who(w: Wording, seat: int | None) -> str:
    """``seat`` as ``w`` names it (``seat None`` when it is unknown)."""
    return w.seat(seat) if seat is not None else _(w, "seat {seat}").format(seat=seat)


def _totals(w: Wording, scores: Sequence[int]) -> str:
    """``Anna has 12 points, Bo has 0 points``."""
    return ", ".join(
        _n(w, "{seat} has {points} point", "{seat} has {points} points", points).format(
            seat=w.seat(seat), points=points
        )
        for seat, points in enumerate(scores)
    )


def render(event: Event, w: Wording = ENGLISH) -> str:
    """The sentence for ``event`` in ``w``'s language, naming seats as ``w`` does.

    Args:
        event: an event of :mod:`unorules.events`.
        w: the language and the players' names (default: English, seats by number).

    Returns:
        One sentence, without the rule ID (``event.rule_id`` cites it).

    Raises:
        TypeError: when ``event`` is of no kind this module knows.
    """
    return _render(event, w)


@singledispatch
def _render(event: Event, w: Wording) -> str:
    """The sentence for ``event`` in ``w``'s language.

    Raises:
        TypeError: when ``event`` is of no kind this module knows.
    """
    raise TypeError(f"no English sentence for {event!r}")


@_render.register
def _laid(e: CardsLaid, w: Wording) -> str:
    card = _card(w, e.card)
    if e.more:
        laid = [card] * e.count + [_card(w, c) for c in e.more]
        return _(w, "{seat} lays {cards}, in that order").format(
            seat=w.seat(e.seat), cards=_listed(w, laid)
        )
    if e.count > 1:
        if e.named is not None:
            said = _(w, "{seat} lays {count} x {card} naming {colour}")
        else:
            said = _(w, "{seat} lays {count} x {card}")
    elif e.named is not None:
        said = _(w, "{seat} lays {card} naming {colour}")
    else:
        said = _(w, "{seat} lays {card}")
    colour = _colour(w, e.named) if e.named is not None else ""
    return said.format(seat=w.seat(e.seat), count=e.count, card=card, colour=colour)


@_render.register
def _rule_value(e: RuleValueKept, w: Wording) -> str:
    if e.value is None:
        return _(w, "the rule of {card} keeps nothing now").format(card=_card(w, e.card))
    return _(w, "the rule of {card} now keeps {value}").format(
        card=_card(w, e.card), value=value_words(e.value)
    )


def value_words(value: object) -> str:
    """A value a rule keeps (``GameState.rule_state``) as text: a tuple's
    items joined by commas."""
    if isinstance(value, tuple):
        return ", ".join(value_words(v) for v in value)
    return str(value)


@_render.register
def _given(e: CardsGiven, w: Wording) -> str:
    return _(w, "{seat} hands {cards} to {other}").format(
        seat=w.seat(e.seat),
        cards=_listed(w, [_card(w, c) for c in e.cards]),
        other=w.seat(e.to),
    )


@_render.register
def _taken_back(e: CardTakenBack, w: Wording) -> str:
    card = _card(w, e.card)
    if e.count > 1:
        said = _(w, "{seat} lays {count} x {card}, which does not fit: they go back into the hand")
    else:
        said = _(w, "{seat} lays {card}, which does not fit: it goes back into the hand")
    return said.format(seat=w.seat(e.seat), count=e.count, card=card)


@_render.register
def _jumped_in(e: JumpedIn, w: Wording) -> str:
    return _(w, "{seat} jumps in out of turn with {card}").format(
        seat=w.seat(e.seat), card=_card(w, e.card)
    )


# Why a seat draws: the whole sentence around the draw itself ({draws}).
_WHY_DRAWN = {
    DrawCause.OWED: N_("{draws} and loses the turn"),
    DrawCause.MISSED_CALL: N_("{draws}: the missed UNO call is penalised as the window closes"),
    DrawCause.CAUGHT: N_("{draws}: {by} caught the missed UNO call"),
    DrawCause.FALSE_CALL: N_("{draws}: no UNO call was due"),
    DrawCause.BLUFF: N_("{draws} for the bluff"),
    DrawCause.BLUFF_PASSED_BACK: N_(
        "{draws}: the {owed} cards passed on with the bluff come back, and {penalty} for the bluff"
    ),
    DrawCause.FAILED_CHALLENGE: N_("{draws} for the failed challenge"),
    DrawCause.FAILED_CHALLENGE_OWED: N_(
        "{draws} ({owed} owed, {penalty} for the failed challenge) and loses the turn"
    ),
    DrawCause.TIMEOUT: N_("{draws}: the time for the turn ran out"),
    DrawCause.LAST_CARD_DRAW: N_("{draws} (the last card's draw still applies)"),
    DrawCause.STUCK_LAST_CARD: N_("{draws}: the last card cannot win"),
    DrawCause.MISPLAY: N_("{draws} for the card that did not fit, and the turn passes"),
    DrawCause.OTHERS_DRAW: N_("{draws}: the cards {by} laid make every other player draw"),
    DrawCause.NAMED_DRAW: N_("{draws}: {by} named them to draw, and nobody loses a turn"),
    DrawCause.UNTIL_COLOUR: N_(
        "{draws}: no card of the colour named turned up before the cards ran out, "
        "and loses the turn"
    ),
    DrawCause.BLUFF_UNTIL_COLOUR: N_(
        "{draws} for the bluff: no card of the colour named turned up before the cards ran out"
    ),
}


def _why_drawn(e: CardsDrawn, w: Wording) -> str:
    """The sentence around a draw: why the seat draws (``{draws}`` the draw)."""
    cause = e.cause
    if cause is DrawCause.TURN:
        return "{draws}"
    if cause is DrawCause.UNTIL_COLOUR and e.card is not None:
        return _(w, "{draws}, the last of them {card}, and loses the turn")
    if cause is DrawCause.BLUFF_UNTIL_COLOUR and e.card is not None:
        return _(w, "{draws} for the bluff, the last of them {card}")
    if cause is DrawCause.BLUFF_AFTER_TAKE_BACK:
        if e.card is None:
            return _(
                w, "{draws} for the bluff, now that a card lies in place of the Wild Draw Four"
            )
        return _(w, "{draws} for the bluff, now that {card} lies in place of the Wild Draw Four")
    if cause in (DrawCause.TAKE_BACK_UNLAID, DrawCause.TAKE_BACK_UNLAID_TIMEOUT):
        if cause is DrawCause.TAKE_BACK_UNLAID_TIMEOUT:
            if e.owed:
                return _(
                    w,
                    "{draws} as well: the {owed} cards owed and the {penalty} for the "
                    "bluff, and the turn passes",
                )
            return _(w, "{draws} as well: the {penalty} for the bluff, and the turn passes")
        if e.owed:
            return _(
                w,
                "{draws}: the {owed} cards owed and the {penalty} for the bluff, "
                "and the turn passes",
            )
        return _(w, "{draws}: the {penalty} for the bluff, and the turn passes")
    return _(w, _WHY_DRAWN[cause])


@_render.register
def _drawn(e: CardsDrawn, w: Wording) -> str:
    seat = w.seat(e.seat)
    if not e.drawn and e.cause is DrawCause.UNTIL_COLOUR:
        return _(w, "{seat} cannot draw: no cards are left, and loses the turn").format(seat=seat)
    if not e.drawn:
        draws = _(w, "{seat} cannot draw: no cards are left").format(seat=seat)
    elif e.drawn < e.count:
        draws = _n(
            w,
            "{seat} draws {count} card (only {count} were left)",
            "{seat} draws {count} cards (only {count} were left)",
            e.drawn,
        ).format(seat=seat, count=e.drawn)
    else:
        draws = _n(w, "{seat} draws {count} card", "{seat} draws {count} cards", e.drawn).format(
            seat=seat, count=e.drawn
        )
    return _why_drawn(e, w).format(
        draws=draws,
        owed=e.owed,
        penalty=e.count - e.owed,
        by=_who(w, e.by),
        card=_card(w, e.card) if e.card is not None else "",
    )


@_render.register
def _fits(e: DrawnCardFits, w: Wording) -> str:
    if e.must_play:
        said = _(w, "the drawn card fits: {seat} must play it")
    else:
        said = _(w, "the drawn card fits: {seat} may play it or keep it")
    return said.format(seat=w.seat(e.seat))


@_render.register
def _does_not_fit(e: DrawnCardDoesNotFit, w: Wording) -> str:
    return _(w, "the drawn card does not fit: the turn passes")


@_render.register
def _kept(e: DrawnCardKept, w: Wording) -> str:
    return _(w, "{seat} keeps the drawn card").format(seat=w.seat(e.seat))


@_render.register
def _clock_ran_out(e: ClockRanOut, w: Wording) -> str:
    if len(e.seats) == 1:
        return _(
            w,
            "the game's clock of {turns} turns has run out, so the round and the game end here: "
            "{seat} holds the fewest cards ({cards}) and wins",
        ).format(turns=e.turns, seat=w.seat(e.seats[0]), cards=e.cards)
    return _(
        w,
        "the game's clock of {turns} turns has run out, so the round and the game end here: "
        "{seats} hold the fewest cards ({cards} each), so nobody wins",
    ).format(turns=e.turns, seats=_seats(w, e.seats, listed=True), cards=e.cards)


@_render.register
def _round_stalled(e: RoundStalled, w: Wording) -> str:
    return _(
        w,
        "nobody can play or draw any more: every hand is too big to draw to and no card "
        "fits, so the round ends without a winner",
    )


@_render.register
def _drawn_unplayed(e: DrawnUnplayed, w: Wording) -> str:
    return _(w, "the drawn card goes to the hand unplayed and the turn passes")


@_render.register
def _turn_passed(e: TurnPassed, w: Wording) -> str:
    return _(w, "{seat} passes without drawing").format(seat=w.seat(e.seat))


@_render.register
def _named(e: ColorNamed, w: Wording) -> str:
    if e.then_draws:
        said = _(w, "{seat} names {colour}")
    else:
        said = _(w, "{seat} names {colour} and plays on")
    return said.format(seat=w.seat(e.seat), colour=_colour(w, e.color))


def _are_skipped(w: Wording, seats: Sequence[int]) -> str:
    """``seat 2 is skipped``, ``seats 1, 2 are skipped``."""
    if len(seats) > 1:
        return _(w, "{seats} are skipped").format(seats=_seats(w, seats, listed=False))
    return _(w, "{seat} is skipped").format(seat=w.seat(seats[0]))


@_render.register
def _skipped(e: SeatsSkipped, w: Wording) -> str:
    return _are_skipped(w, e.seats)


@_render.register
def _reversed(e: DirectionReversed, w: Wording) -> str:
    if e.count % 2 == 1:
        if e.plays_again:
            said = _(w, "the direction of play is reversed: {seat} plays again")
        else:
            said = _(w, "the direction of play is reversed")
    elif e.plays_again:
        said = _(w, "the direction of play is reversed twice and stays: {seat} plays again")
    else:
        said = _(w, "the direction of play is reversed twice and stays")
    return said.format(seat=w.seat(e.seat))


@_render.register
def _owed(e: DebtOwed, w: Wording) -> str:
    if e.may_stack and e.may_challenge:
        said = _(
            w,
            "{seat} owes {owed} cards: it must draw them and lose its turn, "
            "unless it stacks or challenges",
        )
    elif e.may_stack:
        said = _(
            w, "{seat} owes {owed} cards: it must draw them and lose its turn, unless it stacks"
        )
    elif e.may_challenge:
        said = _(
            w, "{seat} owes {owed} cards: it must draw them and lose its turn, unless it challenges"
        )
    else:
        said = _(w, "{seat} owes {owed} cards: it must draw them and lose its turn")
    return said.format(seat=w.seat(e.seat), owed=e.owed)


@_render.register
def _draw_until_owed(e: DrawUntilOwed, w: Wording) -> str:
    if e.color is None:
        said = _(
            w,
            "{seat} names a colour, then draws until a card of it turns up, keeps every card "
            "drawn and loses the turn",
        )
    else:
        said = _(
            w,
            "{seat} must draw until a {colour} card turns up, keep every card drawn and lose "
            "the turn",
        )
    return said.format(seat=w.seat(e.seat), colour=_colour(w, e.color) if e.color else "")


@_render.register
def _passed_on(e: DebtPassedOn, w: Wording) -> str:
    return _(
        w, "{seat} no longer owes its {owed} cards: the total passed on with the jump-in"
    ).format(seat=w.seat(e.seat), owed=e.owed)


@_render.register
def _skip_owed(e: SkipOwed, w: Wording) -> str:
    if e.skips > 1:
        said = _(
            w,
            "{seat} is skipped (and {more} more after it) unless it answers with a card "
            "the stacking rules allow",
        )
    else:
        said = _(w, "{seat} is skipped unless it answers with a card the stacking rules allow")
    return said.format(seat=w.seat(e.seat), more=e.skips - 1)


@_render.register
def _skip_taken(e: SkipTaken, w: Wording) -> str:
    if len(e.seats) > 1:
        said = _(w, "{seat} does not answer: {seats} are skipped")
    else:
        said = _(w, "{seat} does not answer: {skipped} is skipped")
    return said.format(
        seat=w.seat(e.seat),
        seats=_seats(w, e.seats, listed=False),
        skipped=w.seat(e.seats[0]) if e.seats else "",
    )


@_render.register
def _skip_passed_on(e: SkipPassedOn, w: Wording) -> str:
    return _(
        w, "the skip on {seat} passed on with the jump-in; play goes on from the jumper"
    ).format(seat=w.seat(e.seat))


@_render.register
def _missing(e: UnoMissing, w: Wording) -> str:
    return _(w, "{seat} holds one card and has not called UNO").format(seat=w.seat(e.seat))


@_render.register
def _called(e: UnoCalled, w: Wording) -> str:
    return _(w, "{seat} calls UNO").format(seat=w.seat(e.seat))


@_render.register
def _call_void(e: CallVoid, w: Wording) -> str:
    # The ruling's reason is an English sentence: said only in English.
    if w.lang == "en":
        said = _(w, "{seat} calls UNO; {reason}")
    else:
        said = _(w, "{seat} calls UNO, but the call does not count")
    return said.format(seat=w.seat(e.seat), reason=e.reason)


@_render.register
def _catch_void(e: CatchVoid, w: Wording) -> str:
    if w.lang == "en":
        said = _(w, "{seat} points out {target}; {reason}")
    else:
        said = _(w, "{seat} points out {target}, but the catch does not count")
    return said.format(seat=w.seat(e.seat), target=w.seat(e.target), reason=e.reason)


@_render.register
def _reminder(e: UnoReminder, w: Wording) -> str:
    return _(w, "{seat} is reminded to call UNO").format(seat=w.seat(e.seat))


@_render.register
def _window_closed(e: UnoWindowClosed, w: Wording) -> str:
    return _(w, "the window to point out {seat}'s missed UNO call closes").format(
        seat=w.seat(e.seat)
    )


@_render.register
def _turned_over(e: EverythingTurnedOver, w: Wording) -> str:
    if e.names is not None:
        return _(
            w,
            "everything is turned over: the hands, the draw pile and the discard pile, "
            "whose top card is now {card}; {seat} names its colour",
        ).format(card=_card(w, e.top), seat=w.seat(e.names))
    if e.color is None:
        return _(
            w,
            "everything is turned over: the hands, the draw pile and the discard pile, "
            "whose top card is now {card}",
        ).format(card=_card(w, e.top))
    return _(
        w,
        "everything is turned over: the hands, the draw pile and the discard pile, "
        "whose top card is now {card}; the colour is {colour}",
    ).format(card=_card(w, e.top), colour=_colour(w, e.color))


@_render.register
def _reshuffled(e: Reshuffled, w: Wording) -> str:
    if e.kept == 1:
        said = _n(
            w,
            "the draw pile is empty: the discard pile but its top card ({count} card) is "
            "shuffled into a new draw pile",
            "the draw pile is empty: the discard pile but its top card ({count} cards) is "
            "shuffled into a new draw pile",
            e.cards,
        )
    else:
        said = _n(
            w,
            "the draw pile is empty: the discard pile but its top two cards (the Wild Draw "
            "Four, which may still be taken back, and the card it covers) ({count} card) is "
            "shuffled into a new draw pile",
            "the draw pile is empty: the discard pile but its top two cards (the Wild Draw "
            "Four, which may still be taken back, and the card it covers) ({count} cards) is "
            "shuffled into a new draw pile",
            e.cards,
        )
    return said.format(count=e.cards)


@_render.register
def _swapped(e: HandsSwapped, w: Wording) -> str:
    return _(w, "{seat} swaps hands with {other}").format(
        seat=w.seat(e.seat), other=w.seat(e.other)
    )


@_render.register
def _declined(e: SwapDeclined, w: Wording) -> str:
    return _(w, "{seat} chooses not to swap hands").format(seat=w.seat(e.seat))


@_render.register
def _passed(e: HandsPassedOn, w: Wording) -> str:
    return _(w, "every hand passes one seat on in the direction of play")


@_render.register
def _shuffled(e: HandsShuffled, w: Wording) -> str:
    return _n(
        w,
        "all hands ({count} card) are shuffled and dealt out evenly, starting left of {seat}",
        "all hands ({count} cards) are shuffled and dealt out evenly, starting left of {seat}",
        e.cards,
    ).format(count=e.cards, seat=w.seat(e.seat))


@_render.register
def _last_shuffle(e: LastShuffleRedeals, w: Wording) -> str:
    if e.dealt_none:
        said = _(
            w,
            "a last Wild Shuffle Hands still redeals, but there are too few cards for "
            "the deal to reach {seat}: it holds no cards",
        )
    else:
        said = _(w, "a last Wild Shuffle Hands still redeals: {seat} does not go out")
    return said.format(seat=w.seat(e.seat))


@_render.register
def _blank_wild(e: BlankCardActsAsWild, w: Wording) -> str:
    return _(w, "the blank card acts as a Wild")


@_render.register
def _custom(e: CustomCardRule, w: Wording) -> str:
    said: list[str] = []
    for seat, k in enumerate(e.gained):
        if k > 0:
            gain = _n(w, "{seat} gains {count} card", "{seat} gains {count} cards", k)
            said.append(gain.format(seat=w.seat(seat), count=k))
        elif k < 0:
            loss = _n(w, "{seat} loses {count} card", "{seat} loses {count} cards", -k)
            said.append(loss.format(seat=w.seat(seat), count=-k))
        elif seat in e.changed:
            said.append(_(w, "{seat}'s hand changes").format(seat=w.seat(seat)))
    if said:
        outcome = ", ".join(said)
        if e.pile_ran_out:
            outcome = _(w, "{changes}; the draw pile ran out").format(changes=outcome)
    elif e.pile_was_empty:
        outcome = _(w, "no hand changes: nobody could draw, the draw pile is empty")
    elif e.pile_ran_out:
        outcome = _(w, "{changes}; the draw pile ran out").format(changes=_(w, "no hand changes"))
    else:
        outcome = _(w, "no hand changes")
    if e.description is None and e.card is not None and e.card.color is not None:
        try:
            title = rule_in(e.rule_id, w.lang).title
        except RuleSetError:
            title = None
        if title is not None:
            # A rule of the catalogue (an edition's card): its name says it.
            return _(w, "{outcome} ({rule})").format(
                outcome=outcome, rule=_(w, "“{title}”").format(title=title)
            )
    description = e.description if e.description is not None else _(w, "the table's own rule")
    if e.card is not None and e.card.face is not Face.WILD_CUSTOMIZABLE:
        return _(w, "the rule of {card}: {description}; {outcome}").format(
            card=_card(w, e.card), description=description, outcome=outcome
        )
    return _(w, "the blank card's rule: {description}; {outcome}").format(
        description=description, outcome=outcome
    )


@_render.register
def _succeeded(e: ChallengeSucceeded, w: Wording) -> str:
    if e.color is not None and "wd4.no-matching-colour" in e.forbidding:
        return _(
            w,
            "the challenge succeeds: {seat} held a card of the colour in force ({colour}), "
            "and with such a card a Wild Draw Four may not be laid",
        ).format(seat=w.seat(e.layer), colour=_colour(w, e.color))
    return _(
        w,
        "the challenge succeeds: {seat} held another card it could have played, "
        "which the rules forbid ({rules})",
    ).format(seat=w.seat(e.layer), rules=_each_and(w, [_rule_name(w, r) for r in e.forbidding]))


@_render.register
def _failed(e: ChallengeFailed, w: Wording) -> str:
    if w.lang == "en":
        card = "Wild" if e.card.face is Face.WILD else "Wild Draw Four"
        card = _restricted_name(w, e.card) or card
    else:
        card = card_name(e.card.side, w.lang)
    return _(w, "the challenge fails: {seat}'s {card} was legal").format(
        seat=w.seat(e.layer), card=card
    )


@_render.register
def _stays(e: WildDrawFourStays, w: Wording) -> str:
    return _(w, "no card lies under the Wild Draw Four to lay another on: it stays")


@_render.register
def _draws_nothing(e: DrawsNothing, w: Wording) -> str:
    named = _colour(w, e.color) if e.color is not None else "?"
    return _(w, "{seat} draws nothing and plays on {colour}").format(
        seat=w.seat(e.seat), colour=named
    )


@_render.register
def _took_back(e: TookBack, w: Wording) -> str:
    if e.debt:
        said = _(
            w,
            "{seat} takes the Wild Draw Four back and owes the {debt} cards it had passed on "
            "again: it must answer them with a card the stacking rules allow or take them, "
            "and then draws {penalty} for the bluff",
        )
    else:
        said = _(
            w,
            "{seat} takes the Wild Draw Four back: it must lay a lawful card from the hand "
            "it had in its place, and then draws {penalty} for the bluff",
        )
    return said.format(seat=w.seat(e.seat), debt=e.debt, penalty=e.penalty)


@_render.register
def _knocked_out(e: KnockedOut, w: Wording) -> str:
    return _(
        w,
        "{seat} holds {held} cards, too many to go on: it is out of the round, "
        "and its cards go to the bottom of the draw pile",
    ).format(seat=w.seat(e.seat), held=e.held)


@_render.register
def _last_standing(e: LastStanding, w: Wording) -> str:
    return _(
        w, "every other player is out of the round: {seat}, the last one left, wins it"
    ).format(seat=w.seat(e.seat))


@_render.register
def _went_out(e: WentOut, w: Wording) -> str:
    if e.wins:
        said = _(w, "{seat} has laid its last card and wins the round")
    else:
        said = _(w, "{seat} goes out in place {place}")
    return said.format(seat=w.seat(e.seat), place=e.place)


@_render.register
def _emptied(e: HandEmptied, w: Wording) -> str:
    if e.card is not None and not e.card.is_wild:
        if e.wins:
            said = _(
                w,
                "after the rule of {card}, {seat} has no cards left, is out and wins the round",
            )
        else:
            said = _(
                w,
                "after the rule of {card}, {seat} has no cards left and goes out in place {place}",
            )
        return said.format(card=_card(w, e.card), seat=w.seat(e.seat), place=e.place)
    if e.wins:
        said = _(
            w, "after the blank card's rule, {seat} has no cards left, is out and wins the round"
        )
    else:
        said = _(
            w, "after the blank card's rule, {seat} has no cards left and goes out in place {place}"
        )
    return said.format(seat=w.seat(e.seat), place=e.place)


@_render.register
def _no_effect(e: LastCardNoEffect, w: Wording) -> str:
    return _(w, "the last card's draw has no effect")


@_render.register
def _play_on(e: OthersPlayOn, w: Wording) -> str:
    return _(w, "the others play on for the next places")


@_render.register
def _exhausted(e: PilesExhausted, w: Wording) -> str:
    return _(
        w,
        "no cards are left to draw or reshuffle: the round ends and hands are scored as they stand",
    )


@_render.register
def _lowest(e: LowestHand, w: Wording) -> str:
    if len(e.seats) == 1:
        return _(w, "{seat} holds the lowest hand value ({value}) and wins the round").format(
            seat=w.seat(e.seats[0]), value=e.value
        )
    return _(w, "{seats} share the lowest hand value ({value}): nobody wins the round").format(
        seats=_seats(w, e.seats, listed=True), value=e.value
    )


@_render.register
def _scored(e: RoundScored, w: Wording) -> str:
    # The scoring policy's sentence is English with seats by number: other
    # languages, and English with the players' names, give the totals.
    if w.lang == "en" and not w.names:
        return e.text
    return _(w, "the round is scored: {totals}").format(totals=_totals(w, e.scores))


@_render.register
def _game_over(e: GameOver, w: Wording) -> str:
    # The scoring policy's sentence is English with seats by number.
    if w.lang == "en" and not w.names:
        return _(w, "the game is over: {outcome}").format(outcome=e.outcome)
    return _(w, "the game is over: {totals}").format(totals=_totals(w, e.scores))


# --- reasons of rulings -----------------------------------------------------------------


def render_reason(reason: rs.Reason, w: Wording = ENGLISH) -> str:
    """The sentence for ``reason`` in ``w``'s language, as ``Ruling.reason``
    gives it in English.

    Args:
        reason: a reason of :mod:`unorules.reasons` (``Ruling.why``).
        w: the language and the players' names (default: English, seats by number).

    Returns:
        One sentence, without the rule IDs (the ruling cites them).

    Raises:
        TypeError: when ``reason`` is of no kind this module knows.

    >>> from unorules.reasons import NotYourTurn
    >>> render_reason(NotYourTurn(current=1, seat=2))
    "it is seat 1's turn, not seat 2's"
    >>> render_reason(NotYourTurn(current=1, seat=2), Wording("nb", ("Anna", "Bo", "Cilla")))
    'det er Bo som skal spille, ikke Cilla'
    """
    said = _render_reason(reason, w)
    # A count of one read from a template written for several ("owes 1 cards").
    return _ONE_CARDS.sub("1 card", said) if w.lang == "en" else said


_ONE_CARDS = re.compile(r"(?<![\d.])\b1 cards\b")


@singledispatch
def _render_reason(reason: rs.Reason, w: Wording) -> str:
    raise TypeError(f"no English sentence for {reason!r}")


def _why_it_counts(w: Wording, card: Card, top: Card, color: Color | None) -> str:
    """``card`` and the attribute by which it fits ``top`` with ``color`` in
    force: the colour, or the number or symbol."""
    if card.color is not None and card.color is color:
        return _(w, "{card} ({colour}, the colour in force)").format(
            card=_card(w, card), colour=_colour(w, color)
        )
    if top.color is not None and card.face is top.face:
        if card.face.is_number:
            said = _(w, "{card} (the same number as {top})")
        else:
            said = _(w, "{card} (the same symbol as {top})")
        return said.format(card=_card(w, card), top=_card(w, top))
    return _card(w, card)


_ROLES = {
    rs.SeatRole.PLAYER: N_("seat"),
    rs.SeatRole.SWAP_WITH: N_("swap target seat"),
    rs.SeatRole.TARGET: N_("target seat"),
    rs.SeatRole.TO: N_("seat to give cards to"),
}


def _policed(w: Wording, said: str, policed: bool) -> str:
    """``said``, and when the rule is policed by challenges, that the play stands
    unless challenged (who may challenge is the challenge policy's, which the
    reason does not know: the verdict's headline names them)."""
    if not policed:
        return said
    return _(w, "{why}; it stands unless challenged").format(why=said)


@_render_reason.register
def _not_a_move(r: rs.NotAMove, w: Wording) -> str:
    return _(
        w,
        "{value} is not a move (expected Play, Draw, Pass, ChooseColor, CallUno, "
        "CatchUno, Challenge or Timeout)",
    ).format(value=repr(r.value))


@_render_reason.register
def _not_a_seat_number(r: rs.NotASeatNumber, w: Wording) -> str:
    if isinstance(r.value, numbers.Integral):
        said = _(
            w,
            "{role} {value} is not a seat number: seats are Python ints 0..{last} "
            "(convert it with int())",
        )
    else:
        said = _(w, "{role} {value} is not a seat number: seats are Python ints 0..{last}")
    return said.format(role=_(w, _ROLES[r.role]), value=repr(r.value), last=r.seats - 1)


@_render_reason.register
def _no_such_seat(r: rs.NoSuchSeat, w: Wording) -> str:
    return _(w, "{role} {seat} does not exist: this round has {seats} seats (0..{last})").format(
        role=_(w, _ROLES[r.role]), seat=repr(r.seat), seats=r.seats, last=r.seats - 1
    )


@_render_reason.register
def _not_a_card(r: rs.NotACard, w: Wording) -> str:
    return _(w, "{value} is not a card (use Card.parse('R7'))").format(value=repr(r.value))


@_render_reason.register
def _not_a_color(r: rs.NotAColor, w: Wording) -> str:
    return _(w, "{value} is not a colour (use Color.RED ...)").format(value=repr(r.value))


@_render_reason.register
def _bad_count(r: rs.BadCount, w: Wording) -> str:
    return _(w, "count must be a whole number of at least 1, not {value}").format(
        value=repr(r.value)
    )


@_render_reason.register
def _round_over(r: rs.RoundOver, w: Wording) -> str:
    return _(w, "the round is over")


@_render_reason.register
def _out_of_round(r: rs.OutOfRound, w: Wording) -> str:
    return _(w, "{seat} holds no cards: it is out of the round").format(seat=w.seat(r.seat))


@_render_reason.register
def _not_your_turn(r: rs.NotYourTurn, w: Wording) -> str:
    due = r.due
    if due is rs.Due.DRAW:
        if r.may_stack and r.may_challenge:
            text = _(
                w,
                "it is {current}'s turn, not {seat}'s: {current} must first draw {cards} "
                "and miss the turn, or stack or challenge",
            )
        elif r.may_challenge:
            text = _(
                w,
                "it is {current}'s turn, not {seat}'s: {current} must first draw {cards} "
                "and miss the turn, or challenge",
            )
        elif r.may_stack:
            text = _(
                w,
                "it is {current}'s turn, not {seat}'s: {current} must first draw {cards} "
                "and miss the turn, or stack",
            )
        else:
            text = _(
                w,
                "it is {current}'s turn, not {seat}'s: {current} must first draw {cards} "
                "and miss the turn",
            )
    elif due is rs.Due.SKIP:
        text = _(
            w,
            "it is {current}'s turn, not {seat}'s: {current} must first answer the skip "
            "or miss the turn",
        )
    elif due is rs.Due.COLOR:
        text = _(
            w,
            "it is {current}'s turn, not {seat}'s: {current} must first name the colour "
            "of the Wild start card",
        )
    elif due is rs.Due.REPLAY:
        text = _(
            w,
            "it is {current}'s turn, not {seat}'s: {current} must first lay a lawful card "
            "in place of the Wild Draw Four it took back",
        )
    elif due is rs.Due.DRAW_UNTIL:
        text = _(
            w,
            "it is {current}'s turn, not {seat}'s: {current} must first draw until a card "
            "of the colour named turns up",
        )
    elif due is rs.Due.NAME_AND_DRAW:
        text = _(
            w,
            "it is {current}'s turn, not {seat}'s: {current} must first name a colour and "
            "draw until a card of it turns up",
        )
    else:
        text = _(w, "it is {current}'s turn, not {seat}'s")
    return text.format(
        current=w.seat(r.current),
        seat=w.seat(r.seat),
        cards=_n(w, "{n} card", "{n} cards", r.owed).format(n=r.owed),
    )


@_render_reason.register
def _start_color_first(r: rs.StartColorFirst, w: Wording) -> str:
    if r.then_draws:
        said = _(w, "{seat} must first name a colour and draw until a card of it turns up")
    else:
        said = (
            _(w, "{seat} must first name the colour of the wild card turned up")
            if r.turned_up
            else _(w, "{seat} must first name the colour of the Wild start card")
        )
    return said.format(seat=w.seat(r.seat))


@_render_reason.register
def _colour_named_by_next(r: rs.ColourNamedByNext, w: Wording) -> str:
    return _(w, "the next player names the colour after {card}, not the player who lays it").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _names_colour_to_draw_until(r: rs.NamesColourToDrawUntil, w: Wording) -> str:
    return _(
        w,
        "{seat} names a colour, draws until a card of it turns up, keeps every card drawn "
        "and loses the turn",
    ).format(seat=w.seat(r.seat))


@_render_reason.register
def _draws_until_colour(r: rs.DrawsUntilColour, w: Wording) -> str:
    if r.color is None:
        said = _(w, "{seat} draws until a card of the colour named turns up and loses the turn")
    else:
        said = _(
            w,
            "{seat} draws until a {colour} card turns up, keeps every card drawn and loses "
            "the turn",
        )
    return said.format(seat=w.seat(r.seat), colour=_colour(w, r.color) if r.color else "")


@_render_reason.register
def _pass_while_owing_until(r: rs.PassWhileOwingUntil, w: Wording) -> str:
    if r.color is None:
        said = _(w, "{seat} must first draw until a card of the colour named turns up")
    else:
        said = _(w, "{seat} must first draw until a {colour} card turns up")
    return said.format(seat=w.seat(r.seat), colour=_colour(w, r.color) if r.color else "")


# What the policies refuse, as they say it in English (see unorules.rules.policies),
# and the same sentence with its fields, to be said in another language.
_REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"only one card may be laid per turn"), N_("only one card may be laid per turn")),
    (
        re.compile(r"only identical coloured cards may be laid together"),
        N_("only identical coloured cards may be laid together"),
    ),
    (
        re.compile(r"wild cards cannot be used to jump in"),
        N_("wild cards cannot be used to jump in"),
    ),
    (
        re.compile(
            r"out of turn only a card identical to the top card \((?P<card>\S+)\) may jump in"
        ),
        N_("out of turn only a card identical to the top card ({card}) may jump in"),
    ),
    (
        re.compile(r"seat (?P<seat>\d+) laid the card and cannot challenge it"),
        N_("{seat} laid the card and cannot challenge it"),
    ),
    (
        re.compile(r"only seat (?P<seat>\d+), on whom the card was laid, may challenge it"),
        N_("only {seat}, on whom the card was laid, may challenge it"),
    ),
    (re.compile(r"these rules have no challenges"), N_("these rules have no challenges")),
    (
        re.compile(r"only cards of the same number follow a number card"),
        N_("only cards of the same number follow a number card"),
    ),
    (
        re.compile(r"further cards follow only a number card"),
        N_("further cards follow only a number card"),
    ),
    (
        re.compile(r"copies of a card are laid one after another, as further cards"),
        N_("copies of a card are laid one after another, as further cards"),
    ),
)


def _refusal(w: Wording, text: str) -> str:
    """A policy's English refusal ``text`` in ``w``'s language."""
    for pattern, message in _REFUSALS:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        fields = found.groupdict()
        seat = w.seat(int(fields["seat"])) if "seat" in fields else ""
        card = _card(w, Card.parse(fields["card"])) if "card" in fields else ""
        return _(w, message).format(seat=seat, card=card)
    return _(w, "these rules do not allow the move")


def _own_words(texts: object, lang: str) -> str | None:
    """A table's own clause in ``lang`` from a refusal's ``texts`` (pairs of
    a language and a clause), or ``None``."""
    if not isinstance(texts, tuple):
        return None
    for pair in texts:
        if (
            isinstance(pair, tuple)
            and len(pair) == 2
            and pair[0] == lang
            and isinstance(pair[1], str)
            and pair[1]
        ):
            return pair[1]
    return None


@_render_reason.register
def _policy_refusal(r: rs.PolicyRefusal, w: Wording) -> str:
    if w.lang == "en" and r.text:
        return r.text
    return _own_words(r.texts, w.lang) or _refusal(w, r.text)


@_render_reason.register
def _matches(r: rs.Matches, w: Wording) -> str:
    card = r.card
    if card.color is r.color:
        said = _(w, "{card} matches the colour in force")
    elif card.face.is_number:
        said = _(w, "{card} matches the number in force")
    else:
        said = _(w, "{card} matches the symbol in force")
    return said.format(card=_card(w, card))


@_render_reason.register
def _policy_fits(r: rs.PolicyFits, w: Wording) -> str:
    if r.text and w.lang == "en":
        return r.text
    said = _(w, "{card} may be laid on {top} under these rules")
    return said.format(card=_card(w, r.card), top=_card(w, r.top))


@_render_reason.register
def _misplayed(r: rs.Misplayed, w: Wording) -> str:
    cost = _n(w, "{n} card", "{n} cards", r.cost).format(n=r.cost)
    if r.text and w.lang == "en":
        return f"{r.text}: {_card(w, r.card)} goes back into the hand and costs {cost}"
    top, color = r.top, r.color
    if top.is_wild and color:
        said = _(
            w,
            "{card} does not fit on {top} with {colour} in force: it is not refused, but goes "
            "back into the hand and costs {cost}",
        )
    else:
        said = _(
            w,
            "{card} does not fit on {top}: it is not refused, but goes back into the hand and "
            "costs {cost}",
        )
    return said.format(
        card=_card(w, r.card),
        top=_card(w, top),
        colour=_colour(w, color) if color else "",
        cost=cost,
    )


@_render_reason.register
def _cannot_follow(r: rs.CannotFollow, w: Wording) -> str:
    said = _(w, "{card} may not be laid after {previous} in the same play").format(
        card=_card(w, r.card), previous=_card(w, r.previous)
    )
    if r.text:
        clause = r.text if w.lang == "en" else _own_words(r.texts, w.lang) or _refusal(w, r.text)
        return _(w, "{said} ({why})").format(said=said, why=clause)
    return said


_ONE_CARD_NOW = {
    rs.SeriesMoment.JUMP_IN: N_("a jump-in lays one card, never several different ones"),
    rs.SeriesMoment.DRAWN: N_(
        "after drawing only the card drawn may be laid, and no other after it"
    ),
    rs.SeriesMoment.OWED: N_("one card answers what is owed; no other card follows it"),
    rs.SeriesMoment.TAKEN_BACK: N_(
        "one card is laid in place of the Wild Draw Four taken back; no other follows it"
    ),
    rs.SeriesMoment.MISPLAY: N_(
        "the first card does not fit and goes back into the hand, so no card follows it"
    ),
    rs.SeriesMoment.START_COLOUR: N_("the colour of the start card must be named first"),
}


@_render_reason.register
def _one_card_now(r: rs.OneCardNow, w: Wording) -> str:
    return _(w, _ONE_CARD_NOW[r.moment])


@_render_reason.register
def _laid_alone(r: rs.LaidAlone, w: Wording) -> str:
    return _(w, "{card} names a seat or hands cards over, so it is laid alone").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _series_names_no_seat(r: rs.SeriesNamesNoSeat, w: Wording) -> str:
    return _(w, "a play of several different cards names no seat")


@_render_reason.register
def _lays_series(r: rs.LaysSeries, w: Wording) -> str:
    first = render_reason(r.first, w)
    cards = [_card(w, c) for c in r.more]
    if len(cards) == 1:
        said = _(w, "{first}; then {cards} may follow it")
    else:
        said = _(w, "{first}; then {cards} may follow, each after the one before it")
    return said.format(first=first, cards=_listed(w, cards))


@_render_reason.register
def _misplay_names_no_seat(r: rs.MisplayNamesNoSeat, w: Wording) -> str:
    return _(w, "{card} does not fit, so it swaps no hands: no seat is named").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _no_match(r: rs.NoMatch, w: Wording) -> str:
    top, color = r.top, r.color
    if top.is_wild and color:
        said = _(
            w,
            "{card} matches neither the colour nor the number or symbol of {top} with "
            "{colour} in force",
        )
    else:
        said = _(w, "{card} matches neither the colour nor the number or symbol of {top}")
    return said.format(
        card=_card(w, r.card), top=_card(w, top), colour=_colour(w, color) if color else ""
    )


@_render_reason.register
def _wild_allowed(r: rs.WildAllowed, w: Wording) -> str:
    return _(w, "a wild card may be laid here")


@_render_reason.register
def _wild_forbidden(r: rs.WildForbidden, w: Wording) -> str:
    card = _card(w, r.card)
    if r.fitting:
        held = _listed(w, [_why_it_counts(w, c, r.top, r.color) for c in r.fitting])
        said = _(w, "{card} may not be laid here while holding {held}")
    else:
        held = ""
        said = _(w, "{card} may not be laid here while holding a card that fits")
    return _policed(w, said.format(card=card, held=held), r.policed)


def _restricted_name(w: Wording, card: Card | None) -> str | None:
    """The name of a restricted wild card other than the Wild Draw Four
    (``Wd4Policy.governs``: a Wild Draw Two), ``None`` for the Wild Draw Four."""
    if card is None or card.face is Face.WILD_DRAW_FOUR:
        return None
    if w.lang == "en":
        return card.face.long_name.title()
    return card_name(card.side, w.lang)


@_render_reason.register
def _wd4_allowed(r: rs.WildDrawFourAllowed, w: Wording) -> str:
    other = _restricted_name(w, r.card)
    if other is not None:
        if r.restricted:
            return _(w, "a {card} may be laid: the restriction is kept").format(card=other)
        return _(w, "a {card} may be laid: it may be laid at any time").format(card=other)
    if r.restricted:
        return _(w, "a Wild Draw Four may be laid: the restriction is kept")
    return _(w, "a Wild Draw Four may be laid: it may be laid at any time")


@_render_reason.register
def _wd4_forbidden(r: rs.WildDrawFourForbidden, w: Wording) -> str:
    other = _restricted_name(w, r.card)
    if r.culprits and other is not None:
        held = _listed(w, [_why_it_counts(w, c, r.top, r.color) for c in r.culprits])
        said = _(w, "a {card} may not be laid while holding {held}").format(card=other, held=held)
    elif r.culprits:
        held = _listed(w, [_why_it_counts(w, c, r.top, r.color) for c in r.culprits])
        said = _(w, "a Wild Draw Four may not be laid while holding {held}").format(held=held)
    else:
        said = _(
            w,
            "a Wild Draw Four may not be laid while holding a card the restriction forbids "
            "({colour} in force)",
        ).format(colour=_colour(w, r.color) if r.color else "?")
    return _policed(w, said, r.policed)


@_render_reason.register
def _not_in_deck(r: rs.NotInDeck, w: Wording) -> str:
    return _(w, "the deck ({rules}) has no {card}: {seat} cannot hold one").format(
        rules=", ".join(_rule_name(w, rid) for rid in r.deck_rules),
        card=_card(w, r.card),
        seat=w.seat(r.seat),
    )


@_render_reason.register
def _not_held(r: rs.CardNotHeld, w: Wording) -> str:
    return _(w, "{seat} holds no {card}").format(seat=w.seat(r.seat), card=_card(w, r.card))


@_render_reason.register
def _bluffer_lacks(r: rs.BlufferLacksCard, w: Wording) -> str:
    return _(
        w,
        "{seat} holds no {card}: a caught bluffer lays a card from the hand it had, "
        "and draws the 4 only after",
    ).format(seat=w.seat(r.seat), card=_card(w, r.card))


@_render_reason.register
def _too_few(r: rs.TooFewCopies, w: Wording) -> str:
    return _(w, "{seat} holds only {held} {card}").format(
        seat=w.seat(r.seat), held=r.held, card=_card(w, r.card)
    )


def _form(w: Wording, play: Play) -> str:
    """How ``play`` is written: its notation in English (``0 play W+4 red``),
    the player and the card in the table's words in Swedish and Norwegian."""
    if w.lang == "en":
        if not w.names or any(not n or n.split()[0] != n for n in w.names):
            # No names, or names the notation cannot read (a page's "Player 1").
            return str(play)
        # The notation with the players' names, as they would type it.
        words = str(play).split(" ")
        words[0] = w.seat(play.player)
        for k in range(1, len(words) - 1):
            if words[k] in ("swap", "to") and words[k + 1].isdigit():
                words[k + 1] = w.seat(int(words[k + 1]))
        return " ".join(words)
    card = _card(w, play.card)
    if play.count != 1:
        card = _(w, "{count} × {card}").format(count=play.count, card=card)
    if play.more:
        card = _listed(w, [card, *(_card(w, c) for c in play.more)])
    if play.color is not None:
        card = _(w, "{card} naming {colour}").format(card=card, colour=_colour(w, play.color))
    if play.swap_with is not None:
        card = _(w, "{card} swapping hands with {other}").format(
            card=card, other=w.seat(play.swap_with)
        )
    if play.to is not None and not play.give:
        card = _(w, "{card} naming {other} to draw").format(card=card, other=w.seat(play.to))
    elif play.to is not None:
        card = _(w, "{card} and gives {cards} to {other}").format(
            card=card,
            cards=_listed(w, [_card(w, c) for c in play.give]),
            other=w.seat(play.to),
        )
    return _(w, "{seat} lays {card}").format(seat=w.seat(play.player), card=card)


_MISSING = (rs.ColorMissing, rs.SwapTargetMissing, rs.GiveTargetMissing, rs.NamedDrawMissing)
"""The reasons of a play that lacks something (a colour, a seat to swap
with): the move is incomplete, and any completion of it rules alike."""


@_render_reason.register
def _wrong_form(r: rs.WrongForm, w: Wording) -> str:
    why, fixed = render_reason(r.why, w), _form(w, r.fixed)
    if isinstance(r.bluff, rs.Misplayed):
        if isinstance(r.why, _MISSING):
            text = _(
                w,
                "the move is incomplete: {why}, e.g. `{fixed}`; however it is completed, the "
                "card does not fit: {bluff}",
            )
        else:
            text = _(w, "{why}; as `{fixed}` the card does not fit: {bluff}")
    elif isinstance(r.why, _MISSING):
        if r.bluff is None:
            text = _(w, "the move is incomplete: {why}, e.g. `{fixed}`")
        else:
            text = _(
                w,
                "the move is incomplete: {why}, e.g. `{fixed}`; however it is completed, it "
                "is a bluff: {bluff}",
            )
    elif r.bluff is None:
        text = _(w, "{why}; the play is legal as `{fixed}`")
    else:
        text = _(w, "{why}; as `{fixed}` the play is allowed only as a bluff: {bluff}")
    bluff = render_reason(r.bluff, w) if r.bluff is not None else ""
    return text.format(why=why, fixed=fixed, bluff=bluff)


@_render_reason.register
def _last_swaps_nothing(r: rs.LastCardSwapsNothing, w: Wording) -> str:
    face = r.card.face
    if w.lang != "en":
        what = FACE_WORDS[w.lang][face]
    elif face is Face.WILD_SWAP_HANDS:
        what = "Wild Swap Hands"
    else:
        what = face.value
    return _(w, "a {card} laid as the last card swaps no hands").format(card=what)


def _face(w: Wording, face: Face) -> str:
    """The name of ``face``: its value in English, its name in Swedish and Norwegian."""
    return face.value if w.lang == "en" else FACE_WORDS[w.lang][face]


@_render_reason.register
def _swaps_no_hands(r: rs.SwapsNoHands, w: Wording) -> str:
    card = _card(w, r.card)
    if not r.others:
        return _(w, "{card} swaps no hands: only a Wild Swap Hands swaps").format(card=card)
    others = _each_or(
        w,
        [
            _(w, "a {card} under {rule}").format(card=_face(w, face), rule=_rule_name(w, rid))
            for face, rid in r.others
        ],
    )
    return _(w, "{card} swaps no hands: only a Wild Swap Hands or {others} swaps").format(
        card=card, others=others
    )


@_render_reason.register
def _swap_target_missing(r: rs.SwapTargetMissing, w: Wording) -> str:
    return _(w, "laying {card} the player must name a seat to swap hands with").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _swap_with_self(r: rs.SwapWithSelf, w: Wording) -> str:
    return _(w, "a player cannot swap hands with themselves")


@_render_reason.register
def _swap_target_out(r: rs.SwapTargetOut, w: Wording) -> str:
    return _(w, "{seat} is not in play (no cards) and cannot be swapped with").format(
        seat=w.seat(r.target)
    )


@_render_reason.register
def _jump_in_one_card(r: rs.JumpInOneCard, w: Wording) -> str:
    return _(w, "out of turn only one card identical to the top card ({card}) may jump in").format(
        card=_card(w, r.top)
    )


@_render_reason.register
def _jump_in_not_now(r: rs.JumpInNotNow, w: Wording) -> str:
    return _(w, "no jump-in now: the player whose turn it is must act first")


@_render_reason.register
def _jumps_in(r: rs.JumpsIn, w: Wording) -> str:
    if r.card is None or r.card == r.top:
        return _(w, "{seat} holds a card identical to the top card and jumps in").format(
            seat=w.seat(r.seat)
        )
    return _(w, "{seat} jumps in out of turn with {card}, as these rules allow").format(
        seat=w.seat(r.seat), card=_card(w, r.card)
    )


@_render_reason.register
def _color_missing(r: rs.ColorMissing, w: Wording) -> str:
    return _(w, "a colour must be named with {card}").format(card=_card(w, r.card))


@_render_reason.register
def _color_not_in_deck(r: rs.ColorNotInDeck, w: Wording) -> str:
    if r.other_side:
        return _(
            w,
            "{colour} is a colour of the cards' other side, not of the side in play: the "
            "colours to name are {colours}",
        ).format(
            colour=_colour(w, r.color),
            colours=", ".join(_colour(w, c) for c in r.colors),
        )
    return _(w, "no card of this deck is {colour}: the colours to name are {colours}").format(
        colour=_colour(w, r.color),
        colours=", ".join(_colour(w, c) for c in r.colors),
    )


@_render_reason.register
def _no_colour_to_choose(r: rs.NoColourToChoose, w: Wording) -> str:
    return _(w, "the cards of this deck have no colours: there is no colour to name")


@_render_reason.register
def _no_colour_to_name(r: rs.NoColourToName, w: Wording) -> str:
    return _(w, "the cards of this deck have no colours, so {card} is laid naming none").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _color_not_named(r: rs.ColorNotNamed, w: Wording) -> str:
    return _(w, "{card} is not a wild card: no colour is named with it").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _not_a_last_card(r: rs.NotALastCard, w: Wording) -> str:
    return _(w, "{card} cannot be a player's last card").format(card=_card(w, r.card))


@_render_reason.register
def _last_uncalled(r: rs.LastCardUncalled, w: Wording) -> str:
    if r.call_counts:
        said = _(
            w,
            "{seat} has not called UNO and cannot lay its last card; "
            "a call now (`{number} uno`) still counts",
        )
    else:
        said = _(
            w,
            "{seat} did not call UNO when it laid its second-to-last card and cannot "
            "lay its last card: it must draw",
        )
    return said.format(seat=w.seat(r.seat), number=r.seat)


@_render_reason.register
def _cannot_answer(r: rs.CannotAnswer, w: Wording) -> str:
    if r.took_back:
        said = _(
            w,
            "{seat} took its Wild Draw Four back and owes {owed} cards after {top} again: "
            "it must answer them with a card the stacking rules allow or take them; "
            "{card} cannot answer them",
        )
    elif r.until is not None:
        said = _(
            w,
            "{seat} must draw until a {colour} card turns up after {top} and loses the turn; "
            "{card} cannot answer it",
        )
    elif r.answerable and r.why is not None:
        said = _(
            w,
            "{seat} owes {owed} cards after {top}: unless answering with a card the stacking "
            "rules allow, {seat} draws them and loses the turn; {card} cannot answer it: {why}",
        )
    elif r.answerable:
        said = _(
            w,
            "{seat} owes {owed} cards after {top}: unless answering with a card the stacking "
            "rules allow, {seat} draws them and loses the turn; {card} cannot answer it",
        )
    elif r.why is not None:
        said = _(
            w,
            "{seat} owes {owed} cards after {top}: it must draw them and loses the turn; "
            "{card} cannot answer it: {why}",
        )
    else:
        said = _(
            w,
            "{seat} owes {owed} cards after {top}: it must draw them and loses the turn; "
            "{card} cannot answer it",
        )
    return said.format(
        seat=w.seat(r.seat),
        owed=r.owed,
        top=_card(w, r.top),
        card=_card(w, r.card),
        why=render_reason(r.why, w) if r.why is not None else "",
        colour=_colour(w, r.until) if r.until is not None else "",
    )


@_render_reason.register
def _took_back_must_answer(r: rs.TookBackMustAnswer, w: Wording) -> str:
    return _(
        w, "{seat} took its Wild Draw Four back and must answer with a lawful card: {why}"
    ).format(seat=w.seat(r.seat), why=render_reason(r.why, w))


@_render_reason.register
def _cannot_answer_skip(r: rs.CannotAnswerSkip, w: Wording) -> str:
    return _(
        w,
        "{seat} is skipped after {top} unless it answers with a card the stacking rules "
        "allow; {card} cannot answer it",
    ).format(seat=w.seat(r.seat), top=_card(w, r.top), card=_card(w, r.card))


@_render_reason.register
def _answers_skip(r: rs.AnswersSkip, w: Wording) -> str:
    return _(w, "{card} may answer {top}: the skip passes on").format(
        card=_card(w, r.card), top=_card(w, r.top)
    )


@_render_reason.register
def _skip_not_drawn(r: rs.SkipNotDrawn, w: Wording) -> str:
    return _(
        w,
        "{seat} is skipped after {top} unless it answers: it answers with a card the "
        "stacking rules allow or takes the skip (`{number} pass`)",
    ).format(seat=w.seat(r.seat), top=_card(w, r.top), number=r.seat)


@_render_reason.register
def _takes_skip(r: rs.TakesSkip, w: Wording) -> str:
    return _(w, "{seat} does not answer the skip and loses the turn").format(seat=w.seat(r.seat))


@_render_reason.register
def _answers(r: rs.Answers, w: Wording) -> str:
    if r.took_back:
        said = _(
            w,
            "{card} may answer {top} in place of the Wild Draw Four taken back: "
            "the total passes on",
        )
    else:
        said = _(w, "{card} may answer {top}: the total passes on")
    return said.format(card=_card(w, r.card), top=_card(w, r.top))


@_render_reason.register
def _only_drawn(r: rs.OnlyDrawnCard, w: Wording) -> str:
    drawn = _card(w, r.drawn) if r.drawn else "?"
    return _(w, "after drawing, only the drawn card ({card}) may be played this turn").format(
        card=drawn
    )


@_render_reason.register
def _only_one_drawn(r: rs.OnlyOneDrawnCard, w: Wording) -> str:
    return _(w, "only the one card drawn may be played after drawing")


@_render_reason.register
def _took_back_must_lay(r: rs.TookBackMustLay, w: Wording) -> str:
    if r.or_draw:
        said = _(
            w,
            "{seat} took its Wild Draw Four back and must lay a legal card instead "
            "(or draw if it has none)",
        )
    else:
        said = _(w, "{seat} took its Wild Draw Four back and must lay a legal card instead")
    return said.format(seat=w.seat(r.seat))


@_render_reason.register
def _and_swaps(r: rs.AndSwapsHands, w: Wording) -> str:
    if r.swap_with is not None:
        said = _(w, "{play}, and swaps hands with {seat}")
    else:
        said = _(w, "{play}, and swaps hands with nobody")
    return said.format(
        play=render_reason(r.play, w),
        seat=w.seat(r.swap_with) if r.swap_with is not None else "",
    )


@_render_reason.register
def _and_names_to_draw(r: rs.AndNamesToDraw, w: Wording) -> str:
    return _n(
        w,
        "{play}, and {seat} draws {count} card",
        "{play}, and {seat} draws {count} cards",
        r.count,
    ).format(play=render_reason(r.play, w), seat=w.seat(r.to), count=r.count)


@_render_reason.register
def _and_gives(r: rs.AndGives, w: Wording) -> str:
    return _n(
        w, "{play}, and {cards} goes to {seat}", "{play}, and {cards} go to {seat}", len(r.cards)
    ).format(
        play=render_reason(r.play, w),
        cards=_listed(w, [_card(w, c) for c in r.cards]),
        seat=w.seat(r.to),
    )


@_render_reason.register
def _gives_nothing(r: rs.GivesNothing, w: Wording) -> str:
    return _(w, "{card} hands no card to another player: name no cards and no seat").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _give_target_missing(r: rs.GiveTargetMissing, w: Wording) -> str:
    return _n(
        w,
        "with {card} the player names a seat to hand {count} card to",
        "with {card} the player names a seat to hand {count} cards to",
        r.count,
    ).format(card=_card(w, r.card), count=r.count)


@_render_reason.register
def _misplay_gives_nothing(r: rs.MisplayGivesNothing, w: Wording) -> str:
    return _(w, "{card} does not fit, so it hands no cards over: name no cards and no seat").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _give_to_self(r: rs.GiveToSelf, w: Wording) -> str:
    return _(w, "a player cannot hand cards to themselves")


@_render_reason.register
def _give_target_out(r: rs.GiveTargetOut, w: Wording) -> str:
    return _(w, "{seat} holds no cards and is out of the round: no cards go to them").format(
        seat=w.seat(r.target)
    )


@_render_reason.register
def _named_draw_missing(r: rs.NamedDrawMissing, w: Wording) -> str:
    return _n(
        w,
        "with {card} the player names another player to draw {count} card",
        "with {card} the player names another player to draw {count} cards",
        r.count,
    ).format(card=_card(w, r.card), count=r.count)


@_render_reason.register
def _named_draw_self(r: rs.NamedDrawSelf, w: Wording) -> str:
    return _(w, "{card} names another player to draw, not the one who lays it").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _named_draw_out(r: rs.NamedDrawOut, w: Wording) -> str:
    return _(w, "{seat} holds no cards and is out of the round: it cannot be named to draw").format(
        seat=w.seat(r.target)
    )


@_render_reason.register
def _named_draw_hands_nothing(r: rs.NamedDrawHandsNothing, w: Wording) -> str:
    return _(w, "{card} names a player to draw and hands over no cards: name no cards").format(
        card=_card(w, r.card)
    )


@_render_reason.register
def _give_count(r: rs.GiveCount, w: Wording) -> str:
    if r.count == 0:
        return _(w, "{card} is the last card: there is nothing left to hand over").format(
            card=_card(w, r.card)
        )
    return _n(
        w,
        "with {card} the player hands over exactly {count} card, not {given}",
        "with {card} the player hands over exactly {count} cards, not {given}",
        r.count,
    ).format(card=_card(w, r.card), count=r.count, given=r.given)


@_render_reason.register
def _give_not_held(r: rs.GiveNotHeld, w: Wording) -> str:
    return _(w, "{seat} holds no {card} besides the card laid, so cannot hand it over").format(
        seat=w.seat(r.seat), card=_card(w, r.card)
    )


@_render_reason.register
def _and_pass_on(r: rs.AndHandsPassOn, w: Wording) -> str:
    return _(w, "{play}, and every hand passes on").format(play=render_reason(r.play, w))


@_render_reason.register
def _takes_owed(r: rs.TakesOwed, w: Wording) -> str:
    return _(w, "{seat} takes the {owed} cards it owes and loses the turn").format(
        seat=w.seat(r.seat), owed=r.owed
    )


@_render_reason.register
def _already_drew(r: rs.AlreadyDrew, w: Wording) -> str:
    if r.must_play:
        said = _(w, "{seat} has already drawn this turn: it must play the drawn card")
    else:
        said = _(
            w,
            "{seat} has already drawn this turn: it may play the drawn card or keep it (pass)",
        )
    return said.format(seat=w.seat(r.seat))


@_render_reason.register
def _takes_owed_and_penalty(r: rs.TakesOwedAndPenalty, w: Wording) -> str:
    return _(
        w,
        "{seat} takes the {owed} cards it owes and the {penalty} for its bluff, and loses the turn",
    ).format(seat=w.seat(r.seat), owed=r.owed, penalty=r.penalty)


@_render_reason.register
def _must_lay_instead(r: rs.MustLayLegalInstead, w: Wording) -> str:
    return _(w, "{seat} must lay a legal card instead of its Wild Draw Four").format(
        seat=w.seat(r.seat)
    )


@_render_reason.register
def _takes_bluff_penalty(r: rs.TakesBluffPenalty, w: Wording) -> str:
    return _(
        w, "{seat} has no legal card: it draws the {penalty} for its bluff and the turn passes"
    ).format(seat=w.seat(r.seat), penalty=r.penalty)


@_render_reason.register
def _stuck_draws(r: rs.StuckDraws, w: Wording) -> str:
    return _(w, "{seat} cannot go out with its last card and draws {count}").format(
        seat=w.seat(r.seat), count=r.cards
    )


@_render_reason.register
def _must_play(r: rs.MustPlay, w: Wording) -> str:
    return _(w, "{seat} holds a card it can lawfully play and must play it").format(
        seat=w.seat(r.seat)
    )


@_render_reason.register
def _no_calls_at_all(r: rs.NoCallsAtAll, w: Wording) -> str:
    if r.catch:
        return _(
            w, "nobody calls UNO under these rules, so {seat} owes no call to be caught for"
        ).format(seat=w.seat(r.seat))
    return _(w, "nobody calls UNO under these rules, so the call of {seat} changes nothing").format(
        seat=w.seat(r.seat)
    )


@_render_reason.register
def _call_only_at_one(r: rs.CallOnlyAtOne, w: Wording) -> str:
    return _(
        w,
        "{seat} holds {held} cards: UNO counts only once one card is left, so {seat} calls "
        "after laying the second-to-last card",
    ).format(seat=w.seat(r.seat), held=r.held)


@_render_reason.register
def _hand_full(r: rs.HandFull, w: Wording) -> str:
    if r.stuck:
        said = _(
            w,
            "{seat} holds {held} cards, too many to draw under the hand limit, and no card "
            "fits: {seat} passes without drawing",
        )
    else:
        said = _(
            w,
            "{seat} holds {held} cards, too many to draw under the hand limit, so {seat} "
            "must play a card that fits",
        )
    return said.format(seat=w.seat(r.seat), held=r.held)


@_render_reason.register
def _passes_at_limit(r: rs.PassesAtHandLimit, w: Wording) -> str:
    return _(
        w,
        "{seat} holds {held} cards, too many to draw under the hand limit, and no card fits, "
        "so {seat} passes without drawing",
    ).format(seat=w.seat(r.seat), held=r.held)


@_render_reason.register
def _nothing_to_play(r: rs.NothingToPlay, w: Wording) -> str:
    return _(w, "{seat} has no card it can lawfully play and draws").format(seat=w.seat(r.seat))


@_render_reason.register
def _nothing_to_draw(r: rs.NothingToDraw, w: Wording) -> str:
    return _(
        w,
        "nothing is left to draw or reshuffle, and {seat} holds a card that can be played, "
        "so {seat} must play it: the round ends for want of cards only when a player must draw",
    ).format(seat=w.seat(r.seat))


@_render_reason.register
def _may_draw_instead(r: rs.MayDrawInstead, w: Wording) -> str:
    return _(w, "a player may draw instead of playing a card that fits")


@_render_reason.register
def _pass_while_owing(r: rs.PassWhileOwing, w: Wording) -> str:
    return _(
        w,
        "{seat} owes {owed} cards: it takes them by drawing (`{number} draw`), which ends its turn",
    ).format(seat=w.seat(r.seat), owed=r.owed, number=r.seat)


@_render_reason.register
def _pass_not_after_draw(r: rs.PassNotAfterDraw, w: Wording) -> str:
    return _(w, "a player may only pass after drawing a card that fits; otherwise play or draw")


@_render_reason.register
def _drawn_must_be_played(r: rs.DrawnMustBePlayed, w: Wording) -> str:
    return _(w, "a drawn card that fits must be played")


@_render_reason.register
def _drawn_kept(r: rs.DrawnCardKept, w: Wording) -> str:
    return _(w, "the drawn card may be kept; the turn passes")


@_render_reason.register
def _no_start_color(r: rs.NoStartColorToName, w: Wording) -> str:
    if r.never_by:
        said = _(
            w,
            "a colour is named this way only for a wild start card (which {rule} never "
            "turns up); a wild card laid in play names its colour with the play",
        )
    else:
        said = _(
            w,
            "a colour is named this way only for a wild start card; "
            "a wild card laid in play names its colour with the play",
        )
    return said.format(rule=_rule_name(w, r.never_by) if r.never_by else "")


@_render_reason.register
def _not_namer(r: rs.NotNamer, w: Wording) -> str:
    if r.turned_up:
        return _(w, "{seat}, whose turn comes, names the colour of the wild card turned up").format(
            seat=w.seat(r.seat)
        )
    return _(w, "{seat}, left of the dealer, names the colour").format(seat=w.seat(r.seat))


@_render_reason.register
def _names_start_color(r: rs.NamesStartColor, w: Wording) -> str:
    return _(w, "the player left of the dealer names the colour of the wild start card")


@_render_reason.register
def _late_call_counts(r: rs.LateCallCounts, w: Wording) -> str:
    if r.at_one:
        return _(
            w,
            "{seat} holds one card and calls UNO before anyone else plays or draws: under "
            "these rules that is when the call counts",
        ).format(seat=w.seat(r.seat))
    return _(w, "a late call still counts: {seat} calls before anyone else plays or draws").format(
        seat=w.seat(r.seat)
    )


@_render_reason.register
def _call_too_late(r: rs.CallTooLate, w: Wording) -> str:
    if r.late_calls:
        said = _(
            w,
            "the call does not count: it comes too late (a late call counts only until "
            "another player plays or draws, and another player has since); {seat}'s missed "
            "call can still be pointed out",
        )
    else:
        said = _(
            w,
            "the call does not count: it comes too late (the call had to come before the "
            "second-to-last card landed); {seat}'s missed call can still be pointed out",
        )
    return said.format(seat=w.seat(r.seat))


@_render_reason.register
def _call_due(r: rs.CallDue, w: Wording) -> str:
    return _(w, "{seat} is about to lay its second-to-last card").format(seat=w.seat(r.seat))


@_render_reason.register
def _already_called(r: rs.AlreadyCalled, w: Wording) -> str:
    return _(w, "the call does not count: {seat} has already called UNO").format(
        seat=w.seat(r.seat)
    )


@_render_reason.register
def _false_call(r: rs.FalseCall, w: Wording) -> str:
    return _n(
        w,
        "{seat} may call, but with no call due it costs {count} card",
        "{seat} may call, but with no call due it costs {count} cards",
        r.cost,
    ).format(seat=w.seat(r.seat), count=r.cost)


@_render_reason.register
def _call_window_closed(r: rs.CallWindowClosed, w: Wording) -> str:
    if r.stuck:
        said = _(
            w,
            "the call does not count: it comes too late, as {seat} did not call when it "
            "laid its second-to-last card and the window for that has closed; it still "
            "cannot lay its last card",
        )
    else:
        said = _(
            w,
            "the call does not count: it comes too late, as {seat} did not call when it "
            "laid its second-to-last card and the window for that has closed",
        )
    return said.format(seat=w.seat(r.seat))


@_render_reason.register
def _call_after_catch(r: rs.CallAfterCatch, w: Wording) -> str:
    if r.stuck:
        said = _(
            w,
            "the call does not count: {seat}'s missed call was already pointed out, and "
            "that settled it; {seat} still cannot lay the last card",
        )
    else:
        said = _(
            w,
            "the call does not count: {seat}'s missed call was already pointed out, and "
            "that settled it",
        )
    return said.format(seat=w.seat(r.seat))


@_render_reason.register
def _no_call_owed(r: rs.NoCallOwed, w: Wording) -> str:
    return _(
        w,
        "the call does not count: {seat} holds one card but owes no UNO call now "
        "(a call is owed only by a player who has just laid their second-to-last card "
        "without calling)",
    ).format(seat=w.seat(r.seat))


@_render_reason.register
def _no_call_due(r: rs.NoCallDue, w: Wording) -> str:
    return _(
        w,
        "the call does not count: {seat} has no UNO call due (a call is made when "
        "laying the second-to-last card)",
    ).format(seat=w.seat(r.seat))


@_render_reason.register
def _catch_self(r: rs.CatchSelf, w: Wording) -> str:
    return _(
        w,
        "a player cannot point out their own missed call; a call of one's own is `{number} uno`",
    ).format(number=r.seat)


@_render_reason.register
def _caught(r: rs.Caught, w: Wording) -> str:
    return _(w, "{seat} holds one card and has not called UNO").format(seat=w.seat(r.target))


@_render_reason.register
def _catch_in_time(r: rs.CatchCalledInTime, w: Wording) -> str:
    return _(w, "the catch does not count: {seat} called UNO in time").format(seat=w.seat(r.target))


@_render_reason.register
def _catch_too_late(r: rs.CatchTooLate, w: Wording) -> str:
    if r.play_only:
        said = _(
            w,
            "the catch does not count: the window to point out {seat}'s missed call closed "
            "when another player played a card",
        )
    else:
        said = _(
            w,
            "the catch does not count: the window to point out {seat}'s missed call closed "
            "when another player took a turn after {seat}",
        )
    return said.format(seat=w.seat(r.target))


@_render_reason.register
def _catch_already_settled(r: rs.CatchAlreadySettled, w: Wording) -> str:
    if r.reminded:
        said = _(
            w,
            "the catch does not count: {seat} has already been reminded of this missed "
            "call, and a missed call is pointed out only once",
        )
    else:
        said = _(
            w,
            "the catch does not count: {seat}'s missed call was already pointed out, and "
            "a missed call is punished only once",
        )
    return said.format(seat=w.seat(r.target))


@_render_reason.register
def _catch_no_call_owed(r: rs.CatchNoCallOwed, w: Wording) -> str:
    return _(
        w,
        "the catch does not count: {seat}'s UNO call is not missing, so there is "
        "nothing to point out",
    ).format(seat=w.seat(r.target))


@_render_reason.register
def _catch_not_at_one(r: rs.CatchNotAtOne, w: Wording) -> str:
    return _(
        w, "the catch does not count: {seat} holds {count} cards, so no UNO call is missing"
    ).format(seat=w.seat(r.target), count=r.cards)


@_render_reason.register
def _no_challenges(r: rs.NoChallenges, w: Wording) -> str:
    return _(w, "these rules have no challenges")


_WILD_DRAW_FOUR: Final = Card.parse("W+4")


@_render_reason.register
def _nothing_to_challenge(r: rs.NothingToChallenge, w: Wording) -> str:
    sides = tuple(dict.fromkeys(c.side for c in r.cards))
    if sides and sides != (_WILD_DRAW_FOUR,):
        names = [
            _restricted_name(w, c) or ("Wild Draw Four" if w.lang == "en" else card_name(c, w.lang))
            for c in sides
        ]
        listed = (
            names[0]
            if len(names) == 1
            else _(w, "{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1])
        )
        return _(
            w,
            "there is nothing to challenge: only a {cards} just laid on a player can be "
            "challenged, before they draw",
        ).format(cards=listed)
    return _(
        w,
        "there is nothing to challenge: only the Wild Draw Four just laid on a player "
        "can be challenged, before they draw",
    )


@_render_reason.register
def _may_challenge(r: rs.MayChallenge, w: Wording) -> str:
    card = r.card.long_name if w.lang == "en" else card_name(r.card, w.lang)
    return _(w, "{seat} may challenge the {card} before acting").format(
        seat=w.seat(r.seat), card=card
    )


@_render_reason.register
def _no_time_limit(r: rs.NoTimeLimit, w: Wording) -> str:
    return _(w, "these rules have no time limit on turns")


@_render_reason.register
def _not_timed_seat(r: rs.NotTimedSeat, w: Wording) -> str:
    return _(w, "only {seat}, whose turn it is, can run out of time").format(seat=w.seat(r.current))


@_render_reason.register
def _ran_out(r: rs.RanOutOfTime, w: Wording) -> str:
    return _(w, "{seat} ran out of time").format(seat=w.seat(r.seat))
