"""Events: what a move makes happen, as typed records.

:func:`unorules.apply_with_events` (and :func:`unorules.explain`, in
``Verdict.events``) gives one record per effect of a move, in the order the
effects happen: who laid or drew what, who was skipped, hands moved, the
colour named, penalties, the round's end. Each record cites the rule that
caused it in ``rule_id`` and holds data (seats, cards, colours, counts), not
sentences; :func:`unorules.explanations.sentences.render` says them in English.

>>> import unorules as ur
>>> s = ur.situation(ur.presets.official(), ["R+2 G1 G2", "B3 B4", "Y5 Y6"], top="R7")
>>> _, events = ur.apply_with_events(s, ur.Play(0, ur.Card.parse("R+2")))
>>> events[1]
DebtOwed(rule_id='action.draw-two', seat=1, owed=2, may_stack=False, may_challenge=False)
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from unorules.cards import Card, Color

__all__ = [
    "BlankCardActsAsWild",
    "CallVoid",
    "CardTakenBack",
    "CardsDrawn",
    "CardsGiven",
    "CardsLaid",
    "CatchVoid",
    "ChallengeFailed",
    "ChallengeSucceeded",
    "ClockRanOut",
    "ColorNamed",
    "CustomCardRule",
    "DebtOwed",
    "DebtPassedOn",
    "DirectionReversed",
    "DrawCause",
    "DrawUntilOwed",
    "DrawnCardDoesNotFit",
    "DrawnCardFits",
    "DrawnCardKept",
    "DrawnUnplayed",
    "DrawsNothing",
    "Event",
    "EverythingTurnedOver",
    "GameOver",
    "HandEmptied",
    "HandsPassedOn",
    "HandsShuffled",
    "HandsSwapped",
    "JumpedIn",
    "KnockedOut",
    "LastCardNoEffect",
    "LastShuffleRedeals",
    "LastStanding",
    "LowestHand",
    "OthersPlayOn",
    "PilesExhausted",
    "Reshuffled",
    "RoundScored",
    "RoundStalled",
    "RuleValueKept",
    "SeatsSkipped",
    "SkipOwed",
    "SkipPassedOn",
    "SkipTaken",
    "SwapDeclined",
    "TookBack",
    "TurnPassed",
    "UnoCalled",
    "UnoMissing",
    "UnoReminder",
    "UnoWindowClosed",
    "WentOut",
    "WildDrawFourStays",
]


@attrs.frozen(slots=True, kw_only=True)
class Event:
    """The base of every event: one effect of a move.

    Attributes:
        rule_id: the ID of the rule that caused it (see ``unorules.CATALOGUE``).
    """

    rule_id: str


class DrawCause(enum.Enum):
    """Why a seat draws cards (:class:`CardsDrawn`)."""

    TURN = "turn"
    """A draw in its turn (``draw.*``)."""
    OTHERS_DRAW = "others-draw"
    """Seat ``by`` laid cards whose effect makes every other seat draw
    (``ActionEffect.others_draw``: ``house.bomb``); no turn is lost."""
    NAMED_DRAW = "named-draw"
    """Seat ``by`` laid a card whose effect makes the seat it named draw
    (``ActionEffect.named_draws``, e.g. ``all-wild.targeted-draw-two``); no turn
    is lost."""
    OWED = "owed"
    """The cards it owes after a Draw Two, Wild Draw Four or a stack; it loses the turn."""
    MISSED_CALL = "missed-call"
    """Its missed UNO call is penalised as the window closes (``uno.penalty`` when strict)."""
    CAUGHT = "caught"
    """Another seat (``by``) caught its missed UNO call (``uno.penalty``)."""
    FALSE_CALL = "false-call"
    """It called UNO when no call was due (``uno.false-call``)."""
    BLUFF = "bluff"
    """A challenge showed its Wild Draw Four (or Wild) was a bluff."""
    BLUFF_PASSED_BACK = "bluff-passed-back"
    """A challenged bluff had passed a stacked total on: ``owed`` of the
    cards are that total coming back, the rest the bluff penalty."""
    BLUFF_AFTER_TAKE_BACK = "bluff-after-take-back"
    """The bluff penalty after the bluffer laid ``card`` in place of the Wild
    Draw Four it took back (``challenge.take-back``)."""
    TAKE_BACK_UNLAID = "take-back-unlaid"
    """The bluffer laid no card in place of the Wild Draw Four it took back:
    ``owed`` of the cards are the total it owed again, the rest the bluff
    penalty; the turn passes (``challenge.take-back``)."""
    TAKE_BACK_UNLAID_TIMEOUT = "take-back-unlaid-timeout"
    """As ``TAKE_BACK_UNLAID``, on top of the penalty for its time running out."""
    FAILED_CHALLENGE = "failed-challenge"
    """The penalty for a challenge that failed."""
    FAILED_CHALLENGE_OWED = "failed-challenge-owed"
    """The challenged debt (``owed`` of the cards) and the penalty for a
    failed challenge; it loses the turn."""
    TIMEOUT = "timeout"
    """Its time ran out (``house.timed-turns``); ``owed`` of the cards were owed."""
    LAST_CARD_DRAW = "last-card-draw"
    """The draw of the last card laid still applies (``end.last-card-draw-applies``)."""
    STUCK_LAST_CARD = "stuck-last-card"
    """Its last card cannot win (``end.no-wd4-last`` and kin)."""
    MISPLAY = "misplay"
    """It laid a card that does not fit, which went back into its hand
    (:class:`CardTakenBack`); the turn passes."""
    UNTIL_COLOUR = "until-colour"
    """It drew one card after another until a card of the colour named
    turned up (``card``; ``None`` when the cards ran out first), and loses
    the turn (``ActionEffect.draw_until``)."""
    BLUFF_UNTIL_COLOUR = "bluff-until-colour"
    """Caught bluffing with a card that made the next seat draw until a
    colour turns up, it drew one card after another until a card of the
    colour it named turned up itself (``card``; ``None`` when the cards ran
    out first); it keeps them (``ActionEffect.draw_until``)."""


@attrs.frozen(slots=True, kw_only=True)
class CardsLaid(Event):
    """Seat ``seat`` lays ``count`` copies of ``card``, then the cards of
    ``more`` in order (``Play.more``); ``named`` is the colour named with a
    wild card."""

    seat: int
    card: Card
    count: int = 1
    named: Color | None = None
    more: tuple[Card, ...] = ()


@attrs.frozen(slots=True, kw_only=True)
class CardsGiven(Event):
    """Seat ``seat`` hands ``cards`` from its hand to seat ``to``
    (``ActionEffect.give``)."""

    seat: int
    to: int
    cards: tuple[Card, ...]


@attrs.frozen(slots=True, kw_only=True)
class CardTakenBack(Event):
    """Seat ``seat`` laid ``count`` copies of ``card``, which does not fit
    and which the rule ``rule_id`` neither refuses nor lets stand: they go
    back into its hand (a misplay, :class:`~unorules.rules.policies.Misplay`);
    what it costs follows as :class:`CardsDrawn` with ``DrawCause.MISPLAY``."""

    seat: int
    card: Card
    count: int = 1


@attrs.frozen(slots=True, kw_only=True)
class JumpedIn(Event):
    """Seat ``seat`` jumps in out of turn with ``card`` (``house.jump-in``)."""

    seat: int
    card: Card


@attrs.frozen(slots=True, kw_only=True)
class CardsDrawn(Event):
    """Seat ``seat`` was to draw ``count`` cards and drew ``drawn`` of them
    (fewer when no cards were left), for ``cause``.

    Attributes:
        owed: of ``count``, the cards owed or passed back (see :class:`DrawCause`);
            the rest is a penalty.
        by: the seat that caught a missed UNO call (``DrawCause.CAUGHT``).
        card: the card laid in place of a Wild Draw Four taken back
            (``DrawCause.BLUFF_AFTER_TAKE_BACK``).
    """

    seat: int
    count: int
    drawn: int
    cause: DrawCause
    owed: int = 0
    by: int | None = None
    card: Card | None = None


@attrs.frozen(slots=True, kw_only=True)
class DrawnCardFits(Event):
    """The card seat ``seat`` drew can be played; ``must_play`` when it must be."""

    seat: int
    must_play: bool


@attrs.frozen(slots=True, kw_only=True)
class DrawnCardDoesNotFit(Event):
    """The card seat ``seat`` drew cannot be played: the turn passes."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class RoundStalled(Event):
    """No player still in the round can play or draw: every hand is too big
    to draw to and no card fits (``house.hand-limit``). The round ends
    without a winner and nobody scores."""


@attrs.frozen(slots=True, kw_only=True)
class ClockRanOut(Event):
    """The game's clock of ``turns`` turns ran out with the round in play
    (``house.blitz=N``): the round ends there, and so does the game. The
    seats ``seats`` hold the fewest cards, ``cards`` each: one such seat wins
    the round and the game; several tie and nobody wins."""

    turns: int
    seats: tuple[int, ...]
    cards: int


@attrs.frozen(slots=True, kw_only=True)
class DrawnUnplayed(Event):
    """The card seat ``seat`` drew goes to its hand unplayed, fitting or
    not, and the turn passes (``house.blind-draw``)."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class TurnPassed(Event):
    """Seat ``seat`` passes without drawing: its hand is too big to draw to
    and no card fits (``house.hand-limit``)."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class DrawnCardKept(Event):
    """Seat ``seat`` keeps the card it drew (a pass)."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class ColorNamed(Event):
    """Seat ``seat`` names ``color`` for the Wild start card and plays on;
    ``then_draws``: it names the colour it now draws until a card of it turns
    up (``ActionEffect.draw_until == "chosen"``)."""

    seat: int
    color: Color
    then_draws: bool = False


@attrs.frozen(slots=True, kw_only=True)
class SeatsSkipped(Event):
    """The seats ``seats`` lose their turn, in order."""

    seats: tuple[int, ...]


@attrs.frozen(slots=True, kw_only=True)
class DirectionReversed(Event):
    """``count`` Reverse cards laid by seat ``seat``: an odd count turns the
    direction of play, an even one leaves it; ``plays_again`` when the seat
    plays again (a Reverse that skips, as with two players)."""

    seat: int
    count: int
    plays_again: bool


@attrs.frozen(slots=True, kw_only=True)
class EverythingTurnedOver(Event):
    """Seat ``seat``'s card turned everything over (``ActionEffect.flip``):
    every hand card by card, the draw pile and the discard pile each as a
    whole, so that ``top`` (the card that was at the bottom of the discard
    pile, its other side up) is the top card now. ``color`` is the colour in
    force after it; ``None`` when ``top`` is wild and ``names`` (the seat
    whose turn comes) names the colour first."""

    seat: int
    top: Card
    color: Color | None
    names: int | None = None


@attrs.frozen(slots=True, kw_only=True)
class DebtOwed(Event):
    """Seat ``seat`` owes ``owed`` cards: it must draw them and lose its turn,
    unless it may stack an answer (``may_stack``) or challenge (``may_challenge``)."""

    seat: int
    owed: int
    may_stack: bool
    may_challenge: bool


@attrs.frozen(slots=True, kw_only=True)
class DrawUntilOwed(Event):
    """Seat ``seat`` must draw one card after another until a card of
    ``color`` turns up, keep them all and lose its turn; ``color`` ``None``:
    it names the colour itself first (``ActionEffect.draw_until``)."""

    seat: int
    color: Color | None


@attrs.frozen(slots=True, kw_only=True)
class DebtPassedOn(Event):
    """Seat ``seat`` no longer owes its ``owed`` cards: a jump-in passed the
    total on (``house.jump-in``)."""

    seat: int
    owed: int


@attrs.frozen(slots=True, kw_only=True)
class SkipOwed(Event):
    """Seat ``seat`` is skipped (``skips`` seats from it lose their turn)
    unless it answers the Skip with a card the stacking rules allow."""

    seat: int
    skips: int


@attrs.frozen(slots=True, kw_only=True)
class SkipTaken(Event):
    """Seat ``seat`` does not answer the pending skip: ``seats`` (it first)
    lose their turn."""

    seat: int
    seats: tuple[int, ...]


@attrs.frozen(slots=True, kw_only=True)
class SkipPassedOn(Event):
    """Seat ``seat`` is no longer skipped: a jump-in passed the skip on
    (``house.jump-in``)."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class UnoMissing(Event):
    """Seat ``seat`` holds one card and has not called UNO."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class UnoCalled(Event):
    """Seat ``seat`` calls UNO."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class CallVoid(Event):
    """Seat ``seat`` calls UNO, and the call does not count; ``reason`` is
    the ruling's sentence saying why (from :func:`unorules.check`)."""

    seat: int
    reason: str


@attrs.frozen(slots=True, kw_only=True)
class CatchVoid(Event):
    """Seat ``seat`` points out seat ``target``, and the catch does not count;
    ``reason`` is the ruling's sentence saying why (from :func:`unorules.check`)."""

    seat: int
    target: int
    reason: str


@attrs.frozen(slots=True, kw_only=True)
class UnoReminder(Event):
    """Seat ``by`` caught seat ``seat``'s missed UNO call, and the penalty is
    a reminder (``uno.reminder``)."""

    seat: int
    by: int


@attrs.frozen(slots=True, kw_only=True)
class UnoWindowClosed(Event):
    """The window to point out seat ``seat``'s missed UNO call closes."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class Reshuffled(Event):
    """The draw pile ran out: the discard pile but its top ``kept`` cards
    (``cards`` cards) is shuffled into a new draw pile (``pile.reshuffle``);
    ``kept`` is 2 while a Wild Draw Four on top may still be taken back."""

    cards: int
    kept: int


@attrs.frozen(slots=True, kw_only=True)
class HandsSwapped(Event):
    """Seat ``seat`` swaps hands with seat ``other``."""

    seat: int
    other: int


@attrs.frozen(slots=True, kw_only=True)
class SwapDeclined(Event):
    """Seat ``seat`` laid a 7 and chose not to swap hands."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class HandsPassedOn(Event):
    """Seat ``seat`` laid a 0: every hand passes one seat on in the direction
    of play (``direction``, +1 or -1)."""

    seat: int
    direction: int


@attrs.frozen(slots=True, kw_only=True)
class HandsShuffled(Event):
    """All hands (``cards`` cards) are shuffled and dealt out evenly,
    starting left of seat ``seat`` (``action.shuffle-hands``)."""

    seat: int
    cards: int


@attrs.frozen(slots=True, kw_only=True)
class LastShuffleRedeals(Event):
    """A last Wild Shuffle Hands laid by seat ``seat`` still redeals
    (``end.shuffle-hands-last``); ``dealt_none`` when too few cards were
    dealt to reach it, so it holds none."""

    seat: int
    dealt_none: bool


@attrs.frozen(slots=True, kw_only=True)
class BlankCardActsAsWild(Event):
    """The blank card seat ``seat`` laid acts as a Wild (``action.customizable``)."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class RuleValueKept(Event):
    """A card's own rule (``rule_id``), run after seat ``seat`` laid
    ``card``, now keeps ``value`` in the state (``GameState.rule_state``;
    ``None``: nothing)."""

    seat: int
    card: Card
    value: Any


@attrs.frozen(slots=True, kw_only=True)
class CustomCardRule(Event):
    """A card's own rule ran after seat ``seat`` laid ``card``: the blank
    card's (``house.custom-cards``), or a coloured card's whose effect names
    one (``ActionEffect.special == "custom"``); ``rule_id`` is that rule.

    Attributes:
        card: the card laid; ``None`` in an event built before it was given
            (the blank card).
        description: the rule's own text (its ``description``), or ``None``.
        gained: for each seat, the cards its hand gained (negative: lost).
        changed: the seats whose hands changed without changing size.
        pile_was_empty: the draw pile was empty before the rule ran.
        pile_ran_out: the rule took the last cards of the draw pile.
    """

    seat: int
    description: str | None
    gained: tuple[int, ...]
    changed: tuple[int, ...]
    pile_was_empty: bool
    pile_ran_out: bool
    card: Card | None = None


@attrs.frozen(slots=True, kw_only=True)
class ChallengeSucceeded(Event):
    """A challenge of seat ``layer``'s ``card`` (a Wild Draw Four, or a Wild
    under ``challenge.also-wild``) succeeds: the hand held a card the rules
    ``forbidding`` forbid; ``color``, when the restriction is the colour in
    force (``wd4.no-matching-colour``), is that colour."""

    layer: int
    card: Card
    forbidding: tuple[str, ...]
    color: Color | None = None


@attrs.frozen(slots=True, kw_only=True)
class ChallengeFailed(Event):
    """A challenge of seat ``layer``'s ``card`` fails: it was legal."""

    layer: int
    card: Card


@attrs.frozen(slots=True, kw_only=True)
class WildDrawFourStays(Event):
    """A caught bluffer cannot take its Wild Draw Four back: no card lies
    under it to lay another on (``challenge.take-back``)."""


@attrs.frozen(slots=True, kw_only=True)
class DrawsNothing(Event):
    """After a successful challenge, seat ``seat`` draws nothing and plays on
    ``color`` (``None`` when none is in force)."""

    seat: int
    color: Color | None


@attrs.frozen(slots=True, kw_only=True)
class TookBack(Event):
    """Seat ``seat`` takes its Wild Draw Four back (``challenge.take-back``):
    it must lay a lawful card from the hand it had (with ``debt``, the stacked
    total it had passed on, an answer the stacking rules allow, or take it),
    then draws ``penalty`` for the bluff."""

    seat: int
    debt: int
    penalty: int


@attrs.frozen(slots=True, kw_only=True)
class WentOut(Event):
    """Seat ``seat`` laid its last card: it wins the round (``wins``) or goes
    out in place ``place`` (``end.play-on``)."""

    seat: int
    place: int
    wins: bool


@attrs.frozen(slots=True, kw_only=True)
class KnockedOut(Event):
    """Seat ``seat`` holds ``held`` cards, too many to go on with (a hand
    limit, e.g. ``no-mercy.mercy``): it is out of the round, and its cards go to
    the bottom of the draw pile."""

    seat: int
    held: int


@attrs.frozen(slots=True, kw_only=True)
class LastStanding(Event):
    """Every other seat was put out of the round (a hand limit, e.g.
    ``no-mercy.mercy``): seat ``seat``, the last one left, wins it."""

    seat: int


@attrs.frozen(slots=True, kw_only=True)
class HandEmptied(Event):
    """A card's own rule (``rule_id``, see :class:`CustomCardRule`) left seat
    ``seat`` no cards: it is out, and wins the round (``wins``) or takes
    place ``place`` (``end.play-on``). ``card`` is the card whose rule it was
    (``None``: the blank card)."""

    seat: int
    place: int
    wins: bool
    card: Card | None = None


@attrs.frozen(slots=True, kw_only=True)
class LastCardNoEffect(Event):
    """The draw of the last card laid has no effect (``end.last-card-no-effect``)."""


@attrs.frozen(slots=True, kw_only=True)
class OthersPlayOn(Event):
    """The others play on for the next places (``end.play-on``)."""


@attrs.frozen(slots=True, kw_only=True)
class PilesExhausted(Event):
    """No cards are left to draw or reshuffle: the round ends and hands are
    scored as they stand (``pile.exhausted``)."""


@attrs.frozen(slots=True, kw_only=True)
class LowestHand(Event):
    """When the piles ran out, the seats ``seats`` held the lowest hand value
    ``value``: one seat wins the round; several share it and nobody wins."""

    seats: tuple[int, ...]
    value: int


@attrs.frozen(slots=True, kw_only=True)
class RoundScored(Event):
    """The round is scored (``score.*``): the totals become ``scores``.
    ``text`` is the scoring policy's own sentence on how
    (``ScoringPolicy.score_round`` returns it with the totals). ``counts``
    is what the totals count, as the scoring policy's ``counts`` says where
    it has one: ``"points"``, or ``"rounds"`` (the rounds each player has
    come through, ``score.most-cards-out``)."""

    winner: int | None
    scores: tuple[int, ...]
    text: str
    counts: str = "points"


@attrs.frozen(slots=True, kw_only=True)
class GameOver(Event):
    """The game is over with the totals ``scores``. ``outcome`` is the
    scoring policy's sentence on what decided it
    (:func:`unorules.rules.policies.game_outcome`)."""

    scores: tuple[int, ...]
    outcome: str
