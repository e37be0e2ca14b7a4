"""Events in English: :func:`render` says each effect of a move
(:mod:`unorules.events`) as the sentence verdicts and the command line print.

>>> from unorules.events import SeatsSkipped
>>> render(SeatsSkipped(rule_id="action.skip", seats=(2,)))
'seat 2 is skipped'
"""

from __future__ import annotations

from functools import singledispatch

from unorules.cards import Face
from unorules.events import (
    BlankCardActsAsWild,
    CallVoid,
    CardsDrawn,
    CardsLaid,
    CatchVoid,
    ChallengeFailed,
    ChallengeSucceeded,
    ColorNamed,
    CustomCardRule,
    DebtOwed,
    DebtPassedOn,
    DirectionReversed,
    DrawCause,
    DrawnCardDoesNotFit,
    DrawnCardFits,
    DrawnCardKept,
    DrawsNothing,
    Event,
    GameOver,
    HandEmptied,
    HandsPassedOn,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    LastCardNoEffect,
    LastShuffleRedeals,
    LowestHand,
    OthersPlayOn,
    PilesExhausted,
    Reshuffled,
    RoundScored,
    SeatsSkipped,
    SkipOwed,
    SkipPassedOn,
    SkipTaken,
    SwapDeclined,
    TookBack,
    UnoCalled,
    UnoMissing,
    UnoReminder,
    UnoWindowClosed,
    WentOut,
    WildDrawFourStays,
)

__all__ = ["render"]


def _cards(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card{'s' if n != 1 else ''}"


@singledispatch
def render(event: Event) -> str:
    """The English sentence for ``event``.

    Args:
        event: an event of :mod:`unorules.events`.

    Returns:
        One sentence, without the rule ID (``event.rule_id`` cites it).

    Raises:
        TypeError: when ``event`` is of no kind this module knows.
    """
    raise TypeError(f"no English sentence for {event!r}")


@render.register
def _laid(e: CardsLaid) -> str:
    laid = f"{e.count} x {e.card.code}" if e.count > 1 else e.card.code
    named = f" naming {e.named.value}" if e.named is not None else ""
    return f"seat {e.seat} lays {laid}{named}"


@render.register
def _jumped_in(e: JumpedIn) -> str:
    return f"seat {e.seat} jumps in out of turn with {e.card.code}"


def _why_drawn(e: CardsDrawn) -> str:
    """The end of a draw's sentence: why the seat draws."""
    cause = e.cause
    penalty = e.count - e.owed
    if cause is DrawCause.TURN:
        return ""
    if cause is DrawCause.OWED:
        return " and loses the turn"
    if cause is DrawCause.MISSED_CALL:
        return ": its missed UNO call is penalised as the window closes"
    if cause is DrawCause.CAUGHT:
        return f": seat {e.by} caught the missed UNO call"
    if cause is DrawCause.FALSE_CALL:
        return ": no UNO call was due"
    if cause is DrawCause.BLUFF:
        return " for the bluff"
    if cause is DrawCause.BLUFF_PASSED_BACK:
        return (
            f": the {e.owed} cards it passed on with the bluff come back to it, "
            f"and {penalty} for the bluff"
        )
    if cause is DrawCause.BLUFF_AFTER_TAKE_BACK:
        code = e.card.code if e.card is not None else "a card"
        return f" for its bluff, now that {code} lies in place of the Wild Draw Four"
    if cause in (DrawCause.TAKE_BACK_UNLAID, DrawCause.TAKE_BACK_UNLAID_TIMEOUT):
        also = " as well" if cause is DrawCause.TAKE_BACK_UNLAID_TIMEOUT else ""
        owes = f" the {e.owed} cards it owes and" if e.owed else ""
        return f"{also}:{owes} the {penalty} for its bluff, and the turn passes"
    if cause is DrawCause.FAILED_CHALLENGE:
        return " for the failed challenge"
    if cause is DrawCause.FAILED_CHALLENGE_OWED:
        return f" ({e.owed} owed, {penalty} for the failed challenge) and loses the turn"
    if cause is DrawCause.TIMEOUT:
        return ": its time ran out"
    if cause is DrawCause.LAST_CARD_DRAW:
        return " (the last card's draw still applies)"
    return ": its last card cannot win"  # DrawCause.STUCK_LAST_CARD


@render.register
def _drawn(e: CardsDrawn) -> str:
    why = _why_drawn(e)
    if not e.drawn:
        return f"seat {e.seat} cannot draw: no cards are left{why}"
    short = f" (only {e.drawn} were left)" if e.drawn < e.count else ""
    return f"seat {e.seat} draws {_cards(e.drawn)}{short}{why}"


@render.register
def _fits(e: DrawnCardFits) -> str:
    may = "must play it" if e.must_play else "may play it or keep it"
    return f"the drawn card fits: seat {e.seat} {may}"


@render.register
def _does_not_fit(e: DrawnCardDoesNotFit) -> str:
    return "the drawn card does not fit: the turn passes"


@render.register
def _kept(e: DrawnCardKept) -> str:
    return f"seat {e.seat} keeps the drawn card"


@render.register
def _named(e: ColorNamed) -> str:
    return f"seat {e.seat} names {e.color.value} and plays on"


@render.register
def _skipped(e: SeatsSkipped) -> str:
    seats = ", ".join(map(str, e.seats))
    return f"seats {seats} are skipped" if len(e.seats) > 1 else f"seat {seats} is skipped"


@render.register
def _reversed(e: DirectionReversed) -> str:
    turned = (
        "the direction of play is reversed"
        if e.count % 2 == 1
        else "the direction of play is reversed twice and stays"
    )
    return turned + (f": seat {e.seat} plays again" if e.plays_again else "")


@render.register
def _owed(e: DebtOwed) -> str:
    escapes = [v for v, on in (("stacks", e.may_stack), ("challenges", e.may_challenge)) if on]
    unless = f", unless it {' or '.join(escapes)}" if escapes else ""
    return f"seat {e.seat} owes {e.owed} cards: it must draw them and lose its turn{unless}"


@render.register
def _passed_on(e: DebtPassedOn) -> str:
    return f"seat {e.seat} no longer owes its {e.owed} cards: the total passed on with the jump-in"


@render.register
def _skip_owed(e: SkipOwed) -> str:
    many = f" (and {e.skips - 1} more after it)" if e.skips > 1 else ""
    return f"seat {e.seat} is skipped{many} unless it answers with a card the stacking rules allow"


@render.register
def _skip_taken(e: SkipTaken) -> str:
    seats = ", ".join(map(str, e.seats))
    lose = f"seats {seats} are skipped" if len(e.seats) > 1 else f"seat {seats} is skipped"
    return f"seat {e.seat} does not answer: {lose}"


@render.register
def _skip_passed_on(e: SkipPassedOn) -> str:
    return f"seat {e.seat} is no longer skipped: the skip passed on with the jump-in"


@render.register
def _missing(e: UnoMissing) -> str:
    return f"seat {e.seat} holds one card and has not called UNO"


@render.register
def _called(e: UnoCalled) -> str:
    return f"seat {e.seat} calls UNO"


@render.register
def _call_void(e: CallVoid) -> str:
    return f"seat {e.seat} calls UNO; {e.reason}"


@render.register
def _catch_void(e: CatchVoid) -> str:
    return f"seat {e.seat} points out seat {e.target}; {e.reason}"


@render.register
def _reminder(e: UnoReminder) -> str:
    return f"seat {e.seat} is reminded to call UNO"


@render.register
def _window_closed(e: UnoWindowClosed) -> str:
    return f"the window to point out seat {e.seat}'s missed UNO call closes"


@render.register
def _reshuffled(e: Reshuffled) -> str:
    kept = (
        "its top card"
        if e.kept == 1
        else "its top two cards (the Wild Draw Four, which may still be taken back, "
        "and the card it covers)"
    )
    return (
        f"the draw pile is empty: the discard pile but {kept} ({_cards(e.cards)}) is "
        "shuffled into a new draw pile"
    )


@render.register
def _swapped(e: HandsSwapped) -> str:
    return f"seat {e.seat} swaps hands with seat {e.other}"


@render.register
def _declined(e: SwapDeclined) -> str:
    return f"seat {e.seat} chooses not to swap hands"


@render.register
def _passed(e: HandsPassedOn) -> str:
    return "every hand passes one seat on in the direction of play"


@render.register
def _shuffled(e: HandsShuffled) -> str:
    return (
        f"all hands ({_cards(e.cards)}) are shuffled and dealt out evenly, "
        f"starting left of seat {e.seat}"
    )


@render.register
def _last_shuffle(e: LastShuffleRedeals) -> str:
    if e.dealt_none:
        return (
            "a last Wild Shuffle Hands still redeals, but there are too few cards for "
            f"the deal to reach seat {e.seat}: it holds no cards"
        )
    return f"a last Wild Shuffle Hands still redeals: seat {e.seat} does not go out"


@render.register
def _blank_wild(e: BlankCardActsAsWild) -> str:
    return "the blank card acts as a Wild"


@render.register
def _custom(e: CustomCardRule) -> str:
    said: list[str] = []
    for seat, k in enumerate(e.gained):
        if k:
            verb = "gains" if k > 0 else "loses"
            said.append(f"seat {seat} {verb} {_cards(abs(k))}")
        elif seat in e.changed:
            said.append(f"seat {seat}'s hand changes")
    if said:
        outcome = ", ".join(said) + ("; the draw pile ran out" if e.pile_ran_out else "")
    elif e.pile_was_empty:
        outcome = "no hand changes: nobody could draw, the draw pile is empty"
    else:
        outcome = "no hand changes"
    description = e.description if e.description is not None else "the table's own rule"
    return f"the blank card's rule: {description}; {outcome}"


def _forbade(e: ChallengeSucceeded) -> str:
    if e.color is not None and "wd4.no-matching-colour" in e.forbidding:
        return (
            f"held a card of the colour in force ({e.color.value}), "
            "which wd4.no-matching-colour forbids"
        )
    return f"held another card it could have played, which {' and '.join(e.forbidding)} forbids"


@render.register
def _succeeded(e: ChallengeSucceeded) -> str:
    return f"the challenge succeeds: seat {e.layer} {_forbade(e)}"


@render.register
def _failed(e: ChallengeFailed) -> str:
    card = "Wild" if e.card.face is Face.WILD else "Wild Draw Four"
    return f"the challenge fails: seat {e.layer}'s {card} was legal"


@render.register
def _stays(e: WildDrawFourStays) -> str:
    return "no card lies under the Wild Draw Four to lay another on: it stays"


@render.register
def _draws_nothing(e: DrawsNothing) -> str:
    named = e.color.value if e.color is not None else "?"
    return f"seat {e.seat} draws nothing and plays on {named}"


@render.register
def _took_back(e: TookBack) -> str:
    if e.debt:
        return (
            f"seat {e.seat} takes the Wild Draw Four back and owes the {e.debt} cards it had "
            f"passed on again: it must answer them with a card the stacking rules allow or "
            f"take them, and then draws {e.penalty} for the bluff"
        )
    return (
        f"seat {e.seat} takes the Wild Draw Four back: it must lay a lawful card from "
        f"the hand it had in its place, and then draws {e.penalty} for the bluff"
    )


@render.register
def _went_out(e: WentOut) -> str:
    if e.wins:
        return f"seat {e.seat} has laid its last card and wins the round"
    return f"seat {e.seat} goes out in place {e.place}"


@render.register
def _emptied(e: HandEmptied) -> str:
    why = "the blank card's rule left it no cards"
    if e.wins:
        return f"{why}: seat {e.seat} is out and wins the round"
    return f"{why}: seat {e.seat} goes out in place {e.place}"


@render.register
def _no_effect(e: LastCardNoEffect) -> str:
    return "the last card's draw has no effect"


@render.register
def _play_on(e: OthersPlayOn) -> str:
    return "the others play on for the next places"


@render.register
def _exhausted(e: PilesExhausted) -> str:
    return (
        "no cards are left to draw or reshuffle: the round ends and hands are scored as they stand"
    )


@render.register
def _lowest(e: LowestHand) -> str:
    if len(e.seats) == 1:
        return f"seat {e.seats[0]} holds the lowest hand value ({e.value}) and wins the round"
    seats = [str(s) for s in e.seats]
    return (
        f"seats {', '.join(seats[:-1])} and {seats[-1]} share the lowest hand "
        f"value ({e.value}): nobody wins the round"
    )


@render.register
def _scored(e: RoundScored) -> str:
    return e.text


@render.register
def _game_over(e: GameOver) -> str:
    return f"the game is over: {e.outcome}"
