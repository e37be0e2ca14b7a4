"""Events and reasons in English: :func:`render` says each effect of a move
(:mod:`unorules.events`) and :func:`render_reason` the reason of each ruling
(:mod:`unorules.reasons`) as the sentence verdicts and the command line print.

>>> from unorules.events import SeatsSkipped
>>> render(SeatsSkipped(rule_id="action.skip", seats=(2,)))
'seat 2 is skipped'
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from functools import singledispatch

from unorules import reasons as rs
from unorules.cards import Card, Color, Face
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
from unorules.explanations.languages import ENGLISH, Wording

__all__ = ["render", "render_reason"]


def _cards(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card{'s' if n != 1 else ''}"


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
    return _render(event)


@singledispatch
def _render(event: Event) -> str:
    """The English sentence for ``event``.

    Args:
        event: an event of :mod:`unorules.events`.

    Returns:
        One sentence, without the rule ID (``event.rule_id`` cites it).

    Raises:
        TypeError: when ``event`` is of no kind this module knows.
    """
    raise TypeError(f"no English sentence for {event!r}")


@_render.register
def _laid(e: CardsLaid) -> str:
    laid = f"{e.count} x {e.card.code}" if e.count > 1 else e.card.code
    named = f" naming {e.named.value}" if e.named is not None else ""
    return f"seat {e.seat} lays {laid}{named}"


@_render.register
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


@_render.register
def _drawn(e: CardsDrawn) -> str:
    why = _why_drawn(e)
    if not e.drawn:
        return f"seat {e.seat} cannot draw: no cards are left{why}"
    short = f" (only {e.drawn} were left)" if e.drawn < e.count else ""
    return f"seat {e.seat} draws {_cards(e.drawn)}{short}{why}"


@_render.register
def _fits(e: DrawnCardFits) -> str:
    may = "must play it" if e.must_play else "may play it or keep it"
    return f"the drawn card fits: seat {e.seat} {may}"


@_render.register
def _does_not_fit(e: DrawnCardDoesNotFit) -> str:
    return "the drawn card does not fit: the turn passes"


@_render.register
def _kept(e: DrawnCardKept) -> str:
    return f"seat {e.seat} keeps the drawn card"


@_render.register
def _named(e: ColorNamed) -> str:
    return f"seat {e.seat} names {e.color.value} and plays on"


@_render.register
def _skipped(e: SeatsSkipped) -> str:
    seats = ", ".join(map(str, e.seats))
    return f"seats {seats} are skipped" if len(e.seats) > 1 else f"seat {seats} is skipped"


@_render.register
def _reversed(e: DirectionReversed) -> str:
    turned = (
        "the direction of play is reversed"
        if e.count % 2 == 1
        else "the direction of play is reversed twice and stays"
    )
    return turned + (f": seat {e.seat} plays again" if e.plays_again else "")


@_render.register
def _owed(e: DebtOwed) -> str:
    escapes = [v for v, on in (("stacks", e.may_stack), ("challenges", e.may_challenge)) if on]
    unless = f", unless it {' or '.join(escapes)}" if escapes else ""
    return f"seat {e.seat} owes {e.owed} cards: it must draw them and lose its turn{unless}"


@_render.register
def _passed_on(e: DebtPassedOn) -> str:
    return f"seat {e.seat} no longer owes its {e.owed} cards: the total passed on with the jump-in"


@_render.register
def _skip_owed(e: SkipOwed) -> str:
    many = f" (and {e.skips - 1} more after it)" if e.skips > 1 else ""
    return f"seat {e.seat} is skipped{many} unless it answers with a card the stacking rules allow"


@_render.register
def _skip_taken(e: SkipTaken) -> str:
    seats = ", ".join(map(str, e.seats))
    lose = f"seats {seats} are skipped" if len(e.seats) > 1 else f"seat {seats} is skipped"
    return f"seat {e.seat} does not answer: {lose}"


@_render.register
def _skip_passed_on(e: SkipPassedOn) -> str:
    return f"the skip on seat {e.seat} passed on with the jump-in; play goes on from the jumper"


@_render.register
def _missing(e: UnoMissing) -> str:
    return f"seat {e.seat} holds one card and has not called UNO"


@_render.register
def _called(e: UnoCalled) -> str:
    return f"seat {e.seat} calls UNO"


@_render.register
def _call_void(e: CallVoid) -> str:
    return f"seat {e.seat} calls UNO; {e.reason}"


@_render.register
def _catch_void(e: CatchVoid) -> str:
    return f"seat {e.seat} points out seat {e.target}; {e.reason}"


@_render.register
def _reminder(e: UnoReminder) -> str:
    return f"seat {e.seat} is reminded to call UNO"


@_render.register
def _window_closed(e: UnoWindowClosed) -> str:
    return f"the window to point out seat {e.seat}'s missed UNO call closes"


@_render.register
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


@_render.register
def _swapped(e: HandsSwapped) -> str:
    return f"seat {e.seat} swaps hands with seat {e.other}"


@_render.register
def _declined(e: SwapDeclined) -> str:
    return f"seat {e.seat} chooses not to swap hands"


@_render.register
def _passed(e: HandsPassedOn) -> str:
    return "every hand passes one seat on in the direction of play"


@_render.register
def _shuffled(e: HandsShuffled) -> str:
    return (
        f"all hands ({_cards(e.cards)}) are shuffled and dealt out evenly, "
        f"starting left of seat {e.seat}"
    )


@_render.register
def _last_shuffle(e: LastShuffleRedeals) -> str:
    if e.dealt_none:
        return (
            "a last Wild Shuffle Hands still redeals, but there are too few cards for "
            f"the deal to reach seat {e.seat}: it holds no cards"
        )
    return f"a last Wild Shuffle Hands still redeals: seat {e.seat} does not go out"


@_render.register
def _blank_wild(e: BlankCardActsAsWild) -> str:
    return "the blank card acts as a Wild"


@_render.register
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


@_render.register
def _succeeded(e: ChallengeSucceeded) -> str:
    return f"the challenge succeeds: seat {e.layer} {_forbade(e)}"


@_render.register
def _failed(e: ChallengeFailed) -> str:
    card = "Wild" if e.card.face is Face.WILD else "Wild Draw Four"
    return f"the challenge fails: seat {e.layer}'s {card} was legal"


@_render.register
def _stays(e: WildDrawFourStays) -> str:
    return "no card lies under the Wild Draw Four to lay another on: it stays"


@_render.register
def _draws_nothing(e: DrawsNothing) -> str:
    named = e.color.value if e.color is not None else "?"
    return f"seat {e.seat} draws nothing and plays on {named}"


@_render.register
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


@_render.register
def _went_out(e: WentOut) -> str:
    if e.wins:
        return f"seat {e.seat} has laid its last card and wins the round"
    return f"seat {e.seat} goes out in place {e.place}"


@_render.register
def _emptied(e: HandEmptied) -> str:
    why = "the blank card's rule left it no cards"
    if e.wins:
        return f"{why}: seat {e.seat} is out and wins the round"
    return f"{why}: seat {e.seat} goes out in place {e.place}"


@_render.register
def _no_effect(e: LastCardNoEffect) -> str:
    return "the last card's draw has no effect"


@_render.register
def _play_on(e: OthersPlayOn) -> str:
    return "the others play on for the next places"


@_render.register
def _exhausted(e: PilesExhausted) -> str:
    return (
        "no cards are left to draw or reshuffle: the round ends and hands are scored as they stand"
    )


@_render.register
def _lowest(e: LowestHand) -> str:
    if len(e.seats) == 1:
        return f"seat {e.seats[0]} holds the lowest hand value ({e.value}) and wins the round"
    seats = [str(s) for s in e.seats]
    return (
        f"seats {', '.join(seats[:-1])} and {seats[-1]} share the lowest hand "
        f"value ({e.value}): nobody wins the round"
    )


@_render.register
def _scored(e: RoundScored) -> str:
    return e.text


@_render.register
def _game_over(e: GameOver) -> str:
    return f"the game is over: {e.outcome}"


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
    """
    return _render_reason(reason)


@singledispatch
def _render_reason(reason: rs.Reason) -> str:
    raise TypeError(f"no English sentence for {reason!r}")


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _why_it_counts(card: Card, top: Card, color: Color | None) -> str:
    """``card`` and the attribute by which it fits ``top`` with ``color`` in
    force: the colour, or the number or symbol."""
    if card.color is not None and card.color is color:
        return f"{card.code} ({color.value}, the colour in force)"
    if top.color is not None and card.face is top.face:
        kind = "number" if card.face.is_number else "symbol"
        return f"{card.code} (the same {kind} as {top.code})"
    return card.code


_ROLES = {
    rs.SeatRole.PLAYER: "seat",
    rs.SeatRole.SWAP_WITH: "swap target seat",
    rs.SeatRole.TARGET: "target seat",
}
_CHALLENGE_LATER = "; it stands unless the next player challenges"


@_render_reason.register
def _not_a_move(r: rs.NotAMove) -> str:
    return (
        f"{r.value!r} is not a move (expected Play, Draw, Pass, ChooseColor, CallUno, "
        "CatchUno, Challenge or Timeout)"
    )


@_render_reason.register
def _not_a_seat_number(r: rs.NotASeatNumber) -> str:
    convert = " (convert it with int())" if isinstance(r.value, numbers.Integral) else ""
    return (
        f"{_ROLES[r.role]} {r.value!r} is not a seat number: seats are Python ints "
        f"0..{r.seats - 1}{convert}"
    )


@_render_reason.register
def _no_such_seat(r: rs.NoSuchSeat) -> str:
    return (
        f"{_ROLES[r.role]} {r.seat!r} does not exist: this round has {r.seats} seats "
        f"(0..{r.seats - 1})"
    )


@_render_reason.register
def _not_a_card(r: rs.NotACard) -> str:
    return f"{r.value!r} is not a card (use Card.parse('R7'))"


@_render_reason.register
def _not_a_color(r: rs.NotAColor) -> str:
    return f"{r.value!r} is not a colour (use Color.RED ...)"


@_render_reason.register
def _bad_count(r: rs.BadCount) -> str:
    return f"count must be a whole number of at least 1, not {r.value!r}"


@_render_reason.register
def _round_over(r: rs.RoundOver) -> str:
    return "the round is over"


@_render_reason.register
def _out_of_round(r: rs.OutOfRound) -> str:
    return f"seat {r.seat} holds no cards: it is out of the round"


@_render_reason.register
def _not_your_turn(r: rs.NotYourTurn) -> str:
    return f"it is seat {r.current}'s turn, not seat {r.seat}'s"


@_render_reason.register
def _start_color_first(r: rs.StartColorFirst) -> str:
    return f"seat {r.seat} must first name the colour of the Wild start card"


@_render_reason.register
def _policy_refusal(r: rs.PolicyRefusal) -> str:
    return r.text


@_render_reason.register
def _matches(r: rs.Matches) -> str:
    card = r.card
    what = "colour" if card.color is r.color else ("number" if card.face.is_number else "symbol")
    return f"{card.code} matches the {what} in force"


@_render_reason.register
def _no_match(r: rs.NoMatch) -> str:
    top, color = r.top, r.color
    shown = f"{top.code} with {color.value} in force" if top.is_wild and color else top.code
    return f"{r.card.code} matches neither the colour nor the number or symbol of {shown}"


@_render_reason.register
def _wild_allowed(r: rs.WildAllowed) -> str:
    return "a wild card may be laid here"


@_render_reason.register
def _wild_forbidden(r: rs.WildForbidden) -> str:
    held = (
        _listed([_why_it_counts(c, r.top, r.color) for c in r.fitting])
        if r.fitting
        else "a card that fits"
    )
    why = f"{r.card.code} may not be laid here while holding {held}"
    return why + _CHALLENGE_LATER if r.policed else why


@_render_reason.register
def _wd4_allowed(r: rs.WildDrawFourAllowed) -> str:
    kept = "the restriction is kept" if r.restricted else "it may be laid at any time"
    return f"a Wild Draw Four may be laid: {kept}"


@_render_reason.register
def _wd4_forbidden(r: rs.WildDrawFourForbidden) -> str:
    if r.culprits:
        held = _listed([_why_it_counts(c, r.top, r.color) for c in r.culprits])
    else:
        held = f"a card the restriction forbids ({r.color.value if r.color else '?'} in force)"
    why = f"a Wild Draw Four may not be laid while holding {held}"
    return why + _CHALLENGE_LATER if r.policed else why


@_render_reason.register
def _not_in_deck(r: rs.NotInDeck) -> str:
    return (
        f"the deck ({', '.join(r.deck_rules)}) has no {r.card.code}: seat {r.seat} cannot hold one"
    )


@_render_reason.register
def _not_held(r: rs.CardNotHeld) -> str:
    return f"seat {r.seat} holds no {r.card.code}"


@_render_reason.register
def _bluffer_lacks(r: rs.BlufferLacksCard) -> str:
    return (
        f"seat {r.seat} holds no {r.card.code}: a caught bluffer lays a card from the "
        "hand it had, and draws the 4 only after"
    )


@_render_reason.register
def _too_few(r: rs.TooFewCopies) -> str:
    return f"seat {r.seat} holds only {r.held} {r.card.code}"


@_render_reason.register
def _wrong_form(r: rs.WrongForm) -> str:
    why = render_reason(r.why)
    if r.bluff is None:
        return f"the play itself is legal in the form `{r.fixed}`: {why}"
    return (
        f"the play itself is allowed in the form `{r.fixed}`, as a bluff "
        f"({render_reason(r.bluff)}): {why}"
    )


@_render_reason.register
def _last_swaps_nothing(r: rs.LastCardSwapsNothing) -> str:
    face = r.card.face
    what = "a Wild Swap Hands" if face is Face.WILD_SWAP_HANDS else f"a {face.value}"
    return f"{what} laid as the last card swaps no hands"


@_render_reason.register
def _swaps_no_hands(r: rs.SwapsNoHands) -> str:
    others = "".join(f" or a {face.value} under {rid}" for face, rid in r.others)
    return f"{r.card.code} swaps no hands: only a Wild Swap Hands{others} swaps"


@_render_reason.register
def _swap_target_missing(r: rs.SwapTargetMissing) -> str:
    return f"laying {r.card.code} the player must name a seat to swap hands with"


@_render_reason.register
def _swap_with_self(r: rs.SwapWithSelf) -> str:
    return "a player cannot swap hands with themselves"


@_render_reason.register
def _swap_target_out(r: rs.SwapTargetOut) -> str:
    return f"seat {r.target} is not in play (no cards) and cannot be swapped with"


@_render_reason.register
def _jump_in_one_card(r: rs.JumpInOneCard) -> str:
    return f"out of turn only one card identical to the top card ({r.top.code}) may jump in"


@_render_reason.register
def _jump_in_not_now(r: rs.JumpInNotNow) -> str:
    return "no jump-in now: the player whose turn it is must act first"


@_render_reason.register
def _jumps_in(r: rs.JumpsIn) -> str:
    return f"seat {r.seat} holds a card identical to the top card and jumps in"


@_render_reason.register
def _color_missing(r: rs.ColorMissing) -> str:
    return f"a colour must be named with {r.card.code} (any of the four)"


@_render_reason.register
def _color_not_named(r: rs.ColorNotNamed) -> str:
    return f"{r.card.code} is not a wild card: no colour is named with it"


@_render_reason.register
def _not_a_last_card(r: rs.NotALastCard) -> str:
    return f"{r.card.code} cannot be a player's last card"


@_render_reason.register
def _last_uncalled(r: rs.LastCardUncalled) -> str:
    if r.call_counts:
        return (
            f"seat {r.seat} has not called UNO and cannot lay its last card; "
            f"a call now (`{r.seat} uno`) still counts"
        )
    return (
        f"seat {r.seat} did not call UNO when it laid its second-to-last card and cannot "
        "lay its last card: it must draw"
    )


@_render_reason.register
def _cannot_answer(r: rs.CannotAnswer) -> str:
    if r.took_back:
        return (
            f"seat {r.seat} took its Wild Draw Four back and owes {r.owed} cards after "
            f"{r.top.code} again: it must answer them with a card the stacking rules "
            f"allow or take them; {r.card.code} cannot answer them"
        )
    return (
        f"seat {r.seat} owes {r.owed} cards after {r.top.code}: it must draw them and "
        f"loses the turn; {r.card.code} cannot answer it"
    )


@_render_reason.register
def _took_back_must_answer(r: rs.TookBackMustAnswer) -> str:
    return (
        f"seat {r.seat} took its Wild Draw Four back and must answer with a "
        f"lawful card: {render_reason(r.why)}"
    )


@_render_reason.register
def _cannot_answer_skip(r: rs.CannotAnswerSkip) -> str:
    return (
        f"seat {r.seat} is skipped after {r.top.code} unless it answers with a card "
        f"the stacking rules allow; {r.card.code} cannot answer it"
    )


@_render_reason.register
def _answers_skip(r: rs.AnswersSkip) -> str:
    return f"{r.card.code} may answer {r.top.code}: the skip passes on"


@_render_reason.register
def _skip_not_drawn(r: rs.SkipNotDrawn) -> str:
    return (
        f"seat {r.seat} is skipped after {r.top.code} unless it answers: it answers "
        f"with a card the stacking rules allow or takes the skip (`{r.seat} pass`)"
    )


@_render_reason.register
def _takes_skip(r: rs.TakesSkip) -> str:
    return f"seat {r.seat} does not answer the skip and loses the turn"


@_render_reason.register
def _answers(r: rs.Answers) -> str:
    if r.took_back:
        return (
            f"{r.card.code} may answer {r.top.code} in place of the Wild Draw Four taken "
            "back: the total passes on"
        )
    return f"{r.card.code} may answer {r.top.code}: the total passes on"


@_render_reason.register
def _only_drawn(r: rs.OnlyDrawnCard) -> str:
    drawn = r.drawn.code if r.drawn else "?"
    return f"after drawing, only the drawn card ({drawn}) may be played this turn"


@_render_reason.register
def _only_one_drawn(r: rs.OnlyOneDrawnCard) -> str:
    return "only the one card drawn may be played after drawing"


@_render_reason.register
def _took_back_must_lay(r: rs.TookBackMustLay) -> str:
    why = f"seat {r.seat} took its Wild Draw Four back and must lay a legal card instead"
    return why + " (or draw if it has none)" if r.or_draw else why


@_render_reason.register
def _and_swaps(r: rs.AndSwapsHands) -> str:
    what = (
        f"and swaps hands with seat {r.swap_with}"
        if r.swap_with is not None
        else "and keeps its hand"
    )
    return f"{render_reason(r.play)}, {what}"


@_render_reason.register
def _and_pass_on(r: rs.AndHandsPassOn) -> str:
    return f"{render_reason(r.play)}, and every hand passes on"


@_render_reason.register
def _takes_owed(r: rs.TakesOwed) -> str:
    return f"seat {r.seat} takes the {r.owed} cards it owes and loses the turn"


@_render_reason.register
def _already_drew(r: rs.AlreadyDrew) -> str:
    options = (
        "must play the drawn card" if r.must_play else "may play the drawn card or keep it (pass)"
    )
    return f"seat {r.seat} has already drawn this turn: it {options}"


@_render_reason.register
def _takes_owed_and_penalty(r: rs.TakesOwedAndPenalty) -> str:
    return (
        f"seat {r.seat} takes the {r.owed} cards it owes and the {r.penalty} for its bluff, "
        "and loses the turn"
    )


@_render_reason.register
def _must_lay_instead(r: rs.MustLayLegalInstead) -> str:
    return f"seat {r.seat} must lay a legal card instead of its Wild Draw Four"


@_render_reason.register
def _takes_bluff_penalty(r: rs.TakesBluffPenalty) -> str:
    return (
        f"seat {r.seat} has no legal card: it draws the {r.penalty} for its bluff and the "
        "turn passes"
    )


@_render_reason.register
def _stuck_draws(r: rs.StuckDraws) -> str:
    return f"seat {r.seat} cannot go out with its last card and draws {r.cards}"


@_render_reason.register
def _must_play(r: rs.MustPlay) -> str:
    return f"seat {r.seat} holds a card it can lawfully play and must play it"


@_render_reason.register
def _nothing_to_play(r: rs.NothingToPlay) -> str:
    return f"seat {r.seat} has no card it can lawfully play and draws"


@_render_reason.register
def _may_draw_instead(r: rs.MayDrawInstead) -> str:
    return "a player may draw instead of playing a card that fits"


@_render_reason.register
def _pass_while_owing(r: rs.PassWhileOwing) -> str:
    return (
        f"seat {r.seat} owes {r.owed} cards: it takes them by drawing (`{r.seat} draw`), "
        "which ends its turn"
    )


@_render_reason.register
def _pass_not_after_draw(r: rs.PassNotAfterDraw) -> str:
    return "a player may only pass after drawing a card that fits; otherwise play or draw"


@_render_reason.register
def _drawn_must_be_played(r: rs.DrawnMustBePlayed) -> str:
    return "a drawn card that fits must be played"


@_render_reason.register
def _drawn_kept(r: rs.DrawnCardKept) -> str:
    return "the drawn card may be kept; the turn passes"


@_render_reason.register
def _no_start_color(r: rs.NoStartColorToName) -> str:
    never = f" (which {r.never_by} never turns up)" if r.never_by else ""
    return (
        f"a colour is named this way only for a wild start card{never}; "
        "a wild card laid in play names its colour with the play"
    )


@_render_reason.register
def _not_namer(r: rs.NotNamer) -> str:
    return f"seat {r.seat}, left of the dealer, names the colour"


@_render_reason.register
def _names_start_color(r: rs.NamesStartColor) -> str:
    return "the player left of the dealer names the colour of the wild start card"


@_render_reason.register
def _late_call_counts(r: rs.LateCallCounts) -> str:
    return f"a late call still counts: seat {r.seat} calls before anyone else plays or draws"


@_render_reason.register
def _call_too_late(r: rs.CallTooLate) -> str:
    when = (
        "a late call counts only until another player plays or draws, and one has drawn since"
        if r.late_calls
        else "the call had to come before the second-to-last card landed"
    )
    return (
        f"the call does not count: it comes too late ({when}); seat {r.seat}'s missed "
        "call can still be pointed out"
    )


@_render_reason.register
def _call_due(r: rs.CallDue) -> str:
    return f"seat {r.seat} is about to lay its second-to-last card"


@_render_reason.register
def _already_called(r: rs.AlreadyCalled) -> str:
    return f"the call does not count: seat {r.seat} has already called UNO"


@_render_reason.register
def _false_call(r: rs.FalseCall) -> str:
    return f"seat {r.seat} may call, but with no call due it costs {_cards(r.cost)}"


@_render_reason.register
def _call_window_closed(r: rs.CallWindowClosed) -> str:
    last = "; it still cannot lay its last card" if r.stuck else ""
    return (
        f"the call does not count: it comes too late, as seat {r.seat} did not call when "
        f"it laid its second-to-last card and the window for that has closed{last}"
    )


@_render_reason.register
def _no_call_owed(r: rs.NoCallOwed) -> str:
    return (
        f"the call does not count: seat {r.seat} holds one card but owes no UNO call "
        "(it called already, or did not come to one card by laying a card)"
    )


@_render_reason.register
def _no_call_due(r: rs.NoCallDue) -> str:
    return (
        f"the call does not count: seat {r.seat} has no UNO call due (a call is made when "
        "laying the second-to-last card)"
    )


@_render_reason.register
def _catch_self(r: rs.CatchSelf) -> str:
    return f"a player cannot point out their own missed call; a call of one's own is `{r.seat} uno`"


@_render_reason.register
def _caught(r: rs.Caught) -> str:
    return f"seat {r.target} holds one card and has not called UNO"


_NO_CATCH = "the catch does not count"


@_render_reason.register
def _catch_in_time(r: rs.CatchCalledInTime) -> str:
    return f"{_NO_CATCH}: seat {r.target} called UNO in time"


@_render_reason.register
def _catch_too_late(r: rs.CatchTooLate) -> str:
    return (
        f"{_NO_CATCH}: seat {r.target}'s missed call can no longer be pointed out (it was "
        "pointed out already or its window has closed)"
    )


@_render_reason.register
def _catch_no_call_owed(r: rs.CatchNoCallOwed) -> str:
    return (
        f"{_NO_CATCH}: seat {r.target} owes no UNO call (it called in time or did not come "
        "to one card by laying its second-to-last card)"
    )


@_render_reason.register
def _catch_not_at_one(r: rs.CatchNotAtOne) -> str:
    return f"{_NO_CATCH}: seat {r.target} holds {r.cards} cards, so no UNO call is missing"


@_render_reason.register
def _no_challenges(r: rs.NoChallenges) -> str:
    return "these rules have no challenges"


@_render_reason.register
def _nothing_to_challenge(r: rs.NothingToChallenge) -> str:
    return (
        "there is nothing to challenge: only the Wild Draw Four just laid on a player "
        "can be challenged, before they draw"
    )


@_render_reason.register
def _may_challenge(r: rs.MayChallenge) -> str:
    return f"seat {r.seat} may challenge the {r.card.long_name} before acting"


@_render_reason.register
def _no_time_limit(r: rs.NoTimeLimit) -> str:
    return "these rules have no time limit on turns"


@_render_reason.register
def _not_timed_seat(r: rs.NotTimedSeat) -> str:
    return f"only seat {r.current}, whose turn it is, can run out of time"


@_render_reason.register
def _ran_out(r: rs.RanOutOfTime) -> str:
    return f"seat {r.seat} ran out of time"
