"""Reasons: why the engine rules on a move as it does, as typed records.

Every :class:`unorules.Ruling` carries its reason in ``why``: one record of a
subclass of :class:`Reason`, holding data (seats as ints, cards, colours,
counts, moves, and the reason it wraps where one reason wraps another), not
sentences. :func:`unorules.explanations.sentences.render_reason` says it in
English; ``Ruling.reason`` is that sentence.

>>> import unorules as ur
>>> s = ur.situation(ur.presets.official(), ["R1 G2", "B3 B4"], top="B7")
>>> ruling = ur.check(s, ur.Play(0, ur.Card.parse("R1")))
>>> from unorules.reasons import NoMatch
>>> ruling.why == NoMatch(ur.Card.parse("R1"), top=ur.Card.parse("B7"), color=ur.Color.BLUE)
True
>>> ruling.reason
'R1 matches neither the colour nor the number or symbol of B7'
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from unorules.cards import Card, Color, Face
from unorules.moves import Play

__all__ = [
    "AlreadyCalled",
    "AlreadyDrew",
    "AndGives",
    "AndHandsPassOn",
    "AndNamesToDraw",
    "AndSwapsHands",
    "Answers",
    "AnswersSkip",
    "BadCount",
    "BlufferLacksCard",
    "CallAfterCatch",
    "CallDue",
    "CallOnlyAtOne",
    "CallTooLate",
    "CallWindowClosed",
    "CannotAnswer",
    "CannotAnswerSkip",
    "CannotFollow",
    "CardNotHeld",
    "CatchAlreadySettled",
    "CatchCalledInTime",
    "CatchNoCallOwed",
    "CatchNotAtOne",
    "CatchSelf",
    "CatchTooLate",
    "Caught",
    "ColorMissing",
    "ColorNotInDeck",
    "ColorNotNamed",
    "ColourNamedByNext",
    "DrawnCardKept",
    "DrawnMustBePlayed",
    "DrawsUntilColour",
    "Due",
    "FalseCall",
    "GiveCount",
    "GiveNotHeld",
    "GiveTargetMissing",
    "GiveTargetOut",
    "GiveToSelf",
    "GivesNothing",
    "HandFull",
    "JumpInNotNow",
    "JumpInOneCard",
    "JumpsIn",
    "LaidAlone",
    "LastCardSwapsNothing",
    "LastCardUncalled",
    "LateCallCounts",
    "LaysSeries",
    "Matches",
    "MayChallenge",
    "MayDrawInstead",
    "MisplayGivesNothing",
    "MisplayNamesNoSeat",
    "Misplayed",
    "MustLayLegalInstead",
    "MustPlay",
    "NamedDrawHandsNothing",
    "NamedDrawMissing",
    "NamedDrawOut",
    "NamedDrawSelf",
    "NamesColourToDrawUntil",
    "NamesStartColor",
    "NoCallDue",
    "NoCallOwed",
    "NoCallsAtAll",
    "NoChallenges",
    "NoColourToChoose",
    "NoColourToName",
    "NoMatch",
    "NoStartColorToName",
    "NoSuchSeat",
    "NoTimeLimit",
    "NotACard",
    "NotAColor",
    "NotALastCard",
    "NotAMove",
    "NotASeatNumber",
    "NotInDeck",
    "NotNamer",
    "NotTimedSeat",
    "NotYourTurn",
    "NothingToChallenge",
    "NothingToDraw",
    "NothingToPlay",
    "OneCardNow",
    "OnlyDrawnCard",
    "OnlyOneDrawnCard",
    "OutOfRound",
    "PassNotAfterDraw",
    "PassWhileOwing",
    "PassWhileOwingUntil",
    "PassesAtHandLimit",
    "PolicyFits",
    "PolicyRefusal",
    "RanOutOfTime",
    "Reason",
    "RoundOver",
    "SeatRole",
    "SeriesMoment",
    "SeriesNamesNoSeat",
    "SkipNotDrawn",
    "StartColorFirst",
    "StuckDraws",
    "SwapTargetMissing",
    "SwapTargetOut",
    "SwapWithSelf",
    "SwapsNoHands",
    "TakesBluffPenalty",
    "TakesOwed",
    "TakesOwedAndPenalty",
    "TakesSkip",
    "TooFewCopies",
    "TookBackMustAnswer",
    "TookBackMustLay",
    "WildAllowed",
    "WildDrawFourAllowed",
    "WildDrawFourForbidden",
    "WildForbidden",
    "WrongForm",
]


@attrs.frozen(slots=True)
class Reason:
    """Why the engine rules on a move as it does: the base of every reason.

    A subclass per kind of reason; their fields are data. ``Ruling.why`` holds
    one; :func:`unorules.explanations.sentences.render_reason` says it."""


class SeatRole(enum.Enum):
    """Which seat field of a move a seat number was given in."""

    PLAYER = "player"
    SWAP_WITH = "swap_with"
    TARGET = "target"
    TO = "to"


# --- malformed moves ------------------------------------------------------------------

# The value a move field was given is typed Any, not object: compiled with mypyc,
# a class annotation of object fails on import (KeyError: 'object').


@attrs.frozen(slots=True)
class NotAMove(Reason):
    """``value`` is not a move of :mod:`unorules.moves` (``play.in-turn``)."""

    value: Any


@attrs.frozen(slots=True)
class NotASeatNumber(Reason):
    """The seat field ``role`` of a move holds ``value``, which is not a
    Python int; the round has ``seats`` seats (``players.range``)."""

    role: SeatRole
    value: Any
    seats: int


@attrs.frozen(slots=True)
class NoSuchSeat(Reason):
    """The seat field ``role`` of a move names ``seat``, which this round of
    ``seats`` seats does not have (``players.range``)."""

    role: SeatRole
    seat: int
    seats: int


@attrs.frozen(slots=True)
class NotACard(Reason):
    """A play names ``value``, which is not a :class:`~unorules.Card`."""

    value: Any


@attrs.frozen(slots=True)
class NotAColor(Reason):
    """A move names ``value`` as its colour, which is not a
    :class:`~unorules.Color`."""

    value: Any


@attrs.frozen(slots=True)
class BadCount(Reason):
    """A play's count ``value`` is not a whole number of at least 1
    (``play.one-card``)."""

    value: Any


# --- whose move -----------------------------------------------------------------------


@attrs.frozen(slots=True)
class RoundOver(Reason):
    """The round is over: no move is made any more (``end.last-card``)."""


@attrs.frozen(slots=True)
class OutOfRound(Reason):
    """Seat ``seat`` holds no cards: it is out of the round."""

    seat: int


class Due(enum.Enum):
    """What the seat whose turn it is must settle before play goes on, as a
    move out of turn is refused (:class:`NotYourTurn`)."""

    NOTHING = "nothing"
    """A plain turn."""
    DRAW = "draw"
    """Cards owed (the state's ``DRAW`` :class:`~unorules.state.Pending`)."""
    SKIP = "skip"
    """A skip to answer or take (``SKIP``)."""
    COLOR = "color"
    """The colour of a wild start card to name (``COLOR``)."""
    DRAW_UNTIL = "draw-until"
    """Cards to draw until one of the colour named appears (``DRAW_UNTIL``,
    ``ActionEffect.draw_until == "named"``)."""
    NAME_AND_DRAW = "name-and-draw"
    """A colour to name, then cards to draw until one of it appears
    (``DRAW_UNTIL``, ``ActionEffect.draw_until == "chosen"``)."""
    REPLAY = "replay"
    """A lawful card to lay in place of a Wild Draw Four taken back
    (``challenge.take-back``)."""


@attrs.frozen(slots=True)
class NotYourTurn(Reason):
    """It is seat ``current``'s turn, not seat ``seat``'s (``play.in-turn``);
    ``due``: what seat ``current`` must settle first (``owed`` cards for
    ``Due.DRAW``, which it may answer by stacking, ``may_stack``, or by
    challenging, ``may_challenge``)."""

    current: int
    seat: int
    due: Due = Due.NOTHING
    owed: int = 0
    may_stack: bool = False
    may_challenge: bool = False


@attrs.frozen(slots=True)
class StartColorFirst(Reason):
    """Seat ``seat`` must first name the colour of the Wild start card
    (``start.wild``); ``then_draws``: it must first name a colour and draw
    until a card of it appears (``ActionEffect.draw_until == "chosen"``);
    ``turned_up``: the wild card was turned up by a move
    (``ActionEffect.flip``), not dealt as the start card."""

    seat: int
    then_draws: bool = False
    turned_up: bool = False


@attrs.frozen(slots=True)
class PolicyRefusal(Reason):
    """A policy's refusal, in the words it gives: ``text`` is the
    :class:`~unorules.rules.policies.Refusal` ``reason`` clause (e.g. "wild
    cards cannot be used to jump in"; empty when the policy gave none: then
    "these rules do not allow the move"). Policies still hand the engine English
    clauses; this record carries the clause as it is until they answer with
    reasons of their own."""

    text: str
    texts: tuple[tuple[str, str], ...] = ()


# --- laying a card --------------------------------------------------------------------


@attrs.frozen(slots=True)
class Matches(Reason):
    """``card`` matches ``top`` with ``color`` in force (``play.match``): by
    colour when its colour is the one in force, else by number or symbol."""

    card: Card
    top: Card
    color: Color | None


@attrs.frozen(slots=True)
class PolicyFits(Reason):
    """``card`` may be laid on ``top`` by a match policy of the table's own
    (``MatchPolicy.fits``): ``text`` is its :class:`~unorules.rules.policies.Fits`
    ``reason`` clause, empty when it gives none."""

    card: Card
    top: Card
    text: str


@attrs.frozen(slots=True)
class Misplayed(Reason):
    """``card`` does not fit ``top`` with ``color`` in force, and the match
    policy does not refuse it (:class:`~unorules.rules.policies.Misplay`): it
    goes back into the hand and its player draws ``cost`` cards, and the
    turn passes. ``text`` is the policy's own clause, empty when it gives none."""

    card: Card
    top: Card
    color: Color | None
    cost: int
    text: str = ""


@attrs.frozen(slots=True)
class MisplayNamesNoSeat(Reason):
    """A play of ``card``, which does not fit and goes back into the hand (a
    misplay), names a seat to swap hands with: it swaps nothing."""

    card: Card


@attrs.frozen(slots=True)
class NoMatch(Reason):
    """``card`` matches neither the colour nor the number or symbol of
    ``top`` with ``color`` in force (``play.match``)."""

    card: Card
    top: Card
    color: Color | None


@attrs.frozen(slots=True)
class WildAllowed(Reason):
    """A wild card may be laid here (``wild.*``)."""


@attrs.frozen(slots=True)
class WildForbidden(Reason):
    """The wild ``card`` may not be laid while holding the coloured cards
    ``fitting`` (each of which fits ``top`` with ``color`` in force; empty when
    the policy names none), ``wild.*``. ``policed``: the players police it by
    challenge, so the play stands unless challenged (by whom: the
    challenge policy's ``may_challenge``)."""

    card: Card
    fitting: tuple[Card, ...]
    top: Card
    color: Color | None
    policed: bool = False


@attrs.frozen(slots=True)
class WildDrawFourAllowed(Reason):
    """A Wild Draw Four may be laid (``wd4.*``): ``restricted`` when the
    restriction applies here and is kept, else it may be laid at any time.
    ``card``: the card laid, when the restriction governs another wild card
    (``Wd4Policy.governs``: a Wild Draw Two), else ``None``."""

    restricted: bool
    card: Card | None = None


@attrs.frozen(slots=True)
class WildDrawFourForbidden(Reason):
    """A Wild Draw Four may not be laid while holding ``culprits`` (the cards
    that forbid it on ``top`` with ``color`` in force; empty when none alone
    does), ``wd4.*``. ``policed``: it stands unless challenged (by whom: the
    challenge policy's ``may_challenge``). ``card``: the card laid, as for
    :class:`WildDrawFourAllowed`."""

    culprits: tuple[Card, ...]
    top: Card
    color: Color | None
    policed: bool = False
    card: Card | None = None


@attrs.frozen(slots=True)
class NotInDeck(Reason):
    """The deck of the rules ``deck_rules`` has no ``card``: seat ``seat``
    cannot hold one."""

    seat: int
    card: Card
    deck_rules: tuple[str, ...]


@attrs.frozen(slots=True)
class CardNotHeld(Reason):
    """Seat ``seat`` holds no ``card`` (``play.match``: a player lays a card from their hand)."""

    seat: int
    card: Card


@attrs.frozen(slots=True)
class BlufferLacksCard(Reason):
    """Seat ``seat``, a caught bluffer laying a card instead of its Wild Draw
    Four, holds no ``card``: it lays from the hand it had and draws the 4 only
    after (``challenge.take-back``)."""

    seat: int
    card: Card


@attrs.frozen(slots=True)
class TooFewCopies(Reason):
    """Seat ``seat`` holds only ``held`` copies of ``card`` (``play.match``)."""

    seat: int
    card: Card
    held: int


@attrs.frozen(slots=True)
class CannotFollow(Reason):
    """``card`` may not be laid right after ``previous`` in the same play
    (``MatchPolicy.follows``); ``text`` is the policy's reason clause, if any."""

    card: Card
    previous: Card
    text: str = ""
    texts: tuple[tuple[str, str], ...] = ()


class SeriesMoment(enum.Enum):
    """When a play of several different cards (``Play.more``) is refused."""

    JUMP_IN = "jump-in"
    """Out of turn: a jump-in lays one card."""
    DRAWN = "drawn"
    """After drawing: only the card drawn may be laid."""
    OWED = "owed"
    """In answer to cards owed or a skip: one card answers."""
    TAKEN_BACK = "taken-back"
    """In place of a Wild Draw Four taken back: one card is laid."""
    MISPLAY = "misplay"
    """The first card does not fit and goes back into the hand: no card follows it."""
    START_COLOUR = "start-colour"
    """The start colour is still to be named."""


@attrs.frozen(slots=True)
class OneCardNow(Reason):
    """Several different cards are laid only on a turn of one's own: not
    at the ``moment`` given (:class:`SeriesMoment`)."""

    moment: SeriesMoment


@attrs.frozen(slots=True)
class SeriesNamesNoSeat(Reason):
    """A play of several different cards names a seat: only a play of one
    card (or its copies) names one."""


@attrs.frozen(slots=True)
class LaidAlone(Reason):
    """``card``'s effect names a seat or hands cards over, so it is laid
    alone, never in a play of several different cards."""

    card: Card


@attrs.frozen(slots=True)
class LaysSeries(Reason):
    """The first card may be laid (``first``), and each card of ``more``
    may follow the one before it (``MatchPolicy.follows``)."""

    first: Reason
    more: tuple[Card, ...]


@attrs.frozen(slots=True)
class GivesNothing(Reason):
    """A play of ``card``, whose effect hands no card to another player,
    names cards to give or a seat to give them to."""

    card: Card


@attrs.frozen(slots=True)
class MisplayGivesNothing(Reason):
    """A play of ``card``, which does not fit and goes back into the hand (a
    misplay), names cards to give or a seat to give them to: it hands nothing over."""

    card: Card


@attrs.frozen(slots=True)
class GiveTargetMissing(Reason):
    """Laying ``card`` the player must name a seat to hand ``count`` cards to
    (``ActionEffect.give``)."""

    card: Card
    count: int


@attrs.frozen(slots=True)
class GiveToSelf(Reason):
    """A player cannot hand cards to themselves."""


@attrs.frozen(slots=True)
class GiveTargetOut(Reason):
    """Seat ``target`` holds no cards: it is out of the round and is handed none."""

    target: int


@attrs.frozen(slots=True)
class NoColourToName(Reason):
    """``card`` is laid naming a colour, but the deck's wild cards name none
    (its cards have no colours: ``all-wild.no-colour``)."""

    card: Card


@attrs.frozen(slots=True)
class NoColourToChoose(Reason):
    """A colour is named, but the deck's cards have no colours
    (``all-wild.no-colour``): there is none to name."""


@attrs.frozen(slots=True)
class ColourNamedByNext(Reason):
    """``card`` is laid naming a colour, but the next player names it
    (``ActionEffect.draw_until == "chosen"``: ``no-mercy.colour-roulette``)."""

    card: Card


@attrs.frozen(slots=True)
class NamesColourToDrawUntil(Reason):
    """Seat ``seat`` names a colour, draws until a card of it appears, keeps
    them all and loses the turn (``no-mercy.colour-roulette``)."""

    seat: int


@attrs.frozen(slots=True)
class DrawsUntilColour(Reason):
    """Seat ``seat`` draws until a card of ``color`` (the colour named)
    appears, keeps them all and loses the turn."""

    seat: int
    color: Color | None


@attrs.frozen(slots=True)
class PassWhileOwingUntil(Reason):
    """Seat ``seat`` may not pass: it must draw until a card of ``color``
    appears."""

    seat: int
    color: Color | None


@attrs.frozen(slots=True)
class NamedDrawMissing(Reason):
    """Laying ``card`` the player must name another seat to draw ``count``
    cards (``ActionEffect.named_draws``, ``Play.to``)."""

    card: Card
    count: int


@attrs.frozen(slots=True)
class NamedDrawSelf(Reason):
    """``card`` names another seat to draw, not its own player's."""

    card: Card


@attrs.frozen(slots=True)
class NamedDrawOut(Reason):
    """Seat ``target`` holds no cards: it is out of the round and cannot be
    named to draw."""

    target: int


@attrs.frozen(slots=True)
class NamedDrawHandsNothing(Reason):
    """``card`` names a seat to draw and hands over no cards (``Play.give``
    is empty)."""

    card: Card


@attrs.frozen(slots=True)
class GiveCount(Reason):
    """Laying ``card`` the player hands over exactly ``count`` cards, not ``given``."""

    card: Card
    count: int
    given: int


@attrs.frozen(slots=True)
class GiveNotHeld(Reason):
    """Seat ``seat`` does not hold ``card`` (besides the card it lays) to hand over."""

    seat: int
    card: Card


@attrs.frozen(slots=True)
class AndNamesToDraw(Reason):
    """``play`` (why the card may be laid), and seat ``to``, named by the
    play, draws ``count`` cards (``ActionEffect.named_draws``)."""

    play: Reason
    to: int
    count: int


@attrs.frozen(slots=True)
class AndGives(Reason):
    """``play`` allows the card, and its player hands ``cards`` to seat ``to``."""

    play: Reason
    cards: tuple[Card, ...]
    to: int


@attrs.frozen(slots=True)
class WrongForm(Reason):
    """A play wrong only in its form: it is lawful as ``fixed`` (or, when
    ``bluff`` is given, allowed as a bluff, for that reason), and ``why`` says
    what is wrong with the form given."""

    fixed: Play
    why: Reason
    bluff: Reason | None = None


@attrs.frozen(slots=True)
class LastCardSwapsNothing(Reason):
    """``card``, which swaps hands, is laid as the last card and swaps none."""

    card: Card


@attrs.frozen(slots=True)
class SwapsNoHands(Reason):
    """``card`` swaps no hands: only a Wild Swap Hands does, and each face of
    ``others`` under the rule given with it."""

    card: Card
    others: tuple[tuple[Face, str], ...] = ()


@attrs.frozen(slots=True)
class SwapTargetMissing(Reason):
    """Laying ``card`` the player must name a seat to swap hands with."""

    card: Card


@attrs.frozen(slots=True)
class SwapWithSelf(Reason):
    """A player cannot swap hands with themselves."""


@attrs.frozen(slots=True)
class SwapTargetOut(Reason):
    """Seat ``target`` has no cards: it is not in play and cannot be swapped
    with."""

    target: int


@attrs.frozen(slots=True)
class JumpInOneCard(Reason):
    """Out of turn only one card identical to ``top`` may jump in
    (``house.jump-in``)."""

    top: Card


@attrs.frozen(slots=True)
class JumpInNotNow(Reason):
    """No jump-in now: the player whose turn it is must act first
    (``house.jump-in``)."""


@attrs.frozen(slots=True)
class JumpsIn(Reason):
    """Seat ``seat`` jumps in out of turn with ``card`` on ``top``, as the
    jump-in policy allows (``house.jump-in``: a card identical to the top
    card; a table's own rule may allow others). ``card`` and ``top`` are
    ``None`` in a reason built before they were given."""

    seat: int
    card: Card | None = None
    top: Card | None = None


@attrs.frozen(slots=True)
class ColorMissing(Reason):
    """A colour must be named with the wild ``card``."""

    card: Card


@attrs.frozen(slots=True)
class ColorNotInDeck(Reason):
    """A move names ``color``, which no card of the rule set's deck has:
    only ``colors`` (the deck's colours) can be named. ``other_side``: the
    deck's cards have ``color`` on their other side (``Card.back``), not on
    the side in play."""

    color: Color
    colors: tuple[Color, ...]
    other_side: bool = False


@attrs.frozen(slots=True)
class ColorNotNamed(Reason):
    """``card`` is not a wild card: no colour is named with it
    (``action.wild``)."""

    card: Card


@attrs.frozen(slots=True)
class NotALastCard(Reason):
    """``card`` cannot be a player's last card."""

    card: Card


@attrs.frozen(slots=True)
class LastCardUncalled(Reason):
    """Seat ``seat`` has not called UNO and cannot lay its last card
    (``uno.required-to-win``); ``call_counts``: a call now still counts, else
    the call was due with the second-to-last card and the seat must draw."""

    seat: int
    call_counts: bool


@attrs.frozen(slots=True)
class CannotAnswer(Reason):
    """Seat ``seat`` owes ``owed`` cards after ``top`` and ``card`` cannot
    answer them (``draw.*``, the stacking rules). ``took_back``: the seat took
    its Wild Draw Four back (``challenge.take-back``) and may still answer
    with a card the stacking rules allow. ``why``: the stacking policy's own
    reason (its ``refusal``), when it gives one. ``answerable``: some card
    may answer ``top`` (the stacking rules), so the seat draws only if it
    answers with none. ``until``: what is owed is drawing until a card of
    this colour turns up (``ActionEffect.draw_until``; ``owed`` is then 0)."""

    seat: int
    card: Card
    top: Card
    owed: int
    took_back: bool = False
    why: PolicyRefusal | None = None
    answerable: bool = False
    until: Color | None = None


@attrs.frozen(slots=True)
class TookBackMustAnswer(Reason):
    """Seat ``seat`` took its Wild Draw Four back and must answer with a
    lawful card; ``why`` says why the card given is not one
    (``challenge.take-back``)."""

    seat: int
    why: Reason


@attrs.frozen(slots=True)
class Answers(Reason):
    """``card`` may answer ``top``: the total owed passes on (the stacking
    rules). ``took_back``: in place of the Wild Draw Four taken back."""

    card: Card
    top: Card
    took_back: bool = False


@attrs.frozen(slots=True)
class CannotAnswerSkip(Reason):
    """Seat ``seat`` is skipped after ``top`` unless it answers with a card
    the stacking rules allow (``house.stack-skip``), and ``card`` cannot."""

    seat: int
    card: Card
    top: Card


@attrs.frozen(slots=True)
class AnswersSkip(Reason):
    """``card`` may answer ``top``: the skip passes on (``house.stack-skip``)."""

    card: Card
    top: Card


@attrs.frozen(slots=True)
class SkipNotDrawn(Reason):
    """Seat ``seat`` may not draw while a skip after ``top`` is pending: it
    answers or takes the skip with ``Pass``."""

    seat: int
    top: Card


@attrs.frozen(slots=True)
class TakesSkip(Reason):
    """Seat ``seat`` does not answer the pending skip and loses the turn."""

    seat: int


@attrs.frozen(slots=True)
class OnlyDrawnCard(Reason):
    """After drawing, only the drawn card (``drawn``, ``None`` when unknown)
    may be played this turn."""

    drawn: Card | None


@attrs.frozen(slots=True)
class OnlyOneDrawnCard(Reason):
    """Only the one card drawn may be played after drawing."""


@attrs.frozen(slots=True)
class TookBackMustLay(Reason):
    """Seat ``seat`` took its Wild Draw Four back and must lay a legal card
    instead (``challenge.take-back``); ``or_draw``: the reason is given to a
    pass, and the seat may draw if it has no legal card."""

    seat: int
    or_draw: bool = False


@attrs.frozen(slots=True)
class AndSwapsHands(Reason):
    """``play`` allows the card, which then swaps hands with ``swap_with``,
    or keeps its hand when ``swap_with`` is ``None`` (``house.seven-zero``)."""

    play: Reason
    swap_with: int | None


@attrs.frozen(slots=True)
class AndHandsPassOn(Reason):
    """``play`` allows the card, and then every hand passes on
    (``house.seven-zero``)."""

    play: Reason


# --- drawing and passing --------------------------------------------------------------


@attrs.frozen(slots=True)
class TakesOwed(Reason):
    """Seat ``seat`` takes the ``owed`` cards it owes and loses the turn."""

    seat: int
    owed: int


@attrs.frozen(slots=True)
class AlreadyDrew(Reason):
    """Seat ``seat`` has already drawn this turn; ``must_play``: it must play
    the drawn card, else it may play it or keep it (``draw.*``)."""

    seat: int
    must_play: bool


@attrs.frozen(slots=True)
class TakesOwedAndPenalty(Reason):
    """Seat ``seat``, which took its Wild Draw Four back, takes the ``owed``
    cards it owes and the ``penalty`` for its bluff, and loses the turn
    (``challenge.take-back``)."""

    seat: int
    owed: int
    penalty: int


@attrs.frozen(slots=True)
class MustLayLegalInstead(Reason):
    """Seat ``seat``, which took its Wild Draw Four back, may not draw: it
    must lay a legal card instead (``challenge.take-back``)."""

    seat: int


@attrs.frozen(slots=True)
class TakesBluffPenalty(Reason):
    """Seat ``seat``, which took its Wild Draw Four back, has no legal card: it
    draws the ``penalty`` for its bluff and the turn passes
    (``challenge.take-back``)."""

    seat: int
    penalty: int


@attrs.frozen(slots=True)
class StuckDraws(Reason):
    """Seat ``seat`` cannot go out with its last card and draws ``cards``."""

    seat: int
    cards: int


@attrs.frozen(slots=True)
class MustPlay(Reason):
    """Seat ``seat`` holds a card it can lawfully play and must play it
    (``house.force-play``)."""

    seat: int


@attrs.frozen(slots=True)
class NoCallsAtAll(Reason):
    """Seat ``seat`` calls UNO, or with ``catch`` is pointed out for not
    calling, but nobody calls UNO under these rules (``uno.none``): it
    changes nothing."""

    seat: int
    catch: bool = False


@attrs.frozen(slots=True)
class CallOnlyAtOne(Reason):
    """Seat ``seat`` calls UNO holding ``held`` cards; the call counts only
    once one card is left (``uno.call-at-one``)."""

    seat: int
    held: int


@attrs.frozen(slots=True)
class HandFull(Reason):
    """Seat ``seat`` holds ``held`` cards, too many to draw in its turn
    (``house.hand-limit``): it plays a card that fits, or passes when
    ``stuck`` (no card fits)."""

    seat: int
    held: int
    stuck: bool


@attrs.frozen(slots=True)
class PassesAtHandLimit(Reason):
    """Seat ``seat`` holds ``held`` cards, too many to draw, and no card
    fits: it passes without drawing (``house.hand-limit``)."""

    seat: int
    held: int


@attrs.frozen(slots=True)
class NothingToPlay(Reason):
    """Seat ``seat`` has no card it can lawfully play and draws (``draw.*``)."""

    seat: int


@attrs.frozen(slots=True)
class NothingToDraw(Reason):
    """Seat ``seat`` holds a card that can be played and may not draw: the draw
    pile is empty and the discard pile holds nothing to reshuffle
    (``pile.nothing-to-draw``)."""

    seat: int


@attrs.frozen(slots=True)
class MayDrawInstead(Reason):
    """A player may draw instead of playing a card that fits
    (``draw.allowed-when-playable``)."""


@attrs.frozen(slots=True)
class PassWhileOwing(Reason):
    """Seat ``seat`` owes ``owed`` cards: it takes them by drawing, which
    ends its turn, and may not pass."""

    seat: int
    owed: int


@attrs.frozen(slots=True)
class PassNotAfterDraw(Reason):
    """A player may only pass after drawing a card that fits (``draw.*``)."""


@attrs.frozen(slots=True)
class DrawnMustBePlayed(Reason):
    """A drawn card that fits must be played (``draw.*``)."""


@attrs.frozen(slots=True)
class DrawnCardKept(Reason):
    """The drawn card may be kept; the turn passes (``draw.*``)."""


# --- the start card's colour ----------------------------------------------------------


@attrs.frozen(slots=True)
class NoStartColorToName(Reason):
    """A colour is named this way only for a wild start card, which the
    start-card rule ``never_by`` never turns up (``None`` when it may); a wild
    card laid in play names its colour with the play."""

    never_by: str | None = None


@attrs.frozen(slots=True)
class NotNamer(Reason):
    """Seat ``seat``, left of the dealer, names the start card's colour;
    ``turned_up``: seat ``seat``, whose turn it is, names the colour of a
    wild card a move turned up (``ActionEffect.flip``)."""

    seat: int
    turned_up: bool = False


@attrs.frozen(slots=True)
class NamesStartColor(Reason):
    """The player left of the dealer names the colour of the wild start card."""


# --- UNO calls and catches ------------------------------------------------------------


@attrs.frozen(slots=True)
class LateCallCounts(Reason):
    """A late call by seat ``seat`` still counts: nobody else has played or
    drawn since (``uno.call``); ``at_one``: the call is made, as it must be,
    once one card is left (``uno.call-at-one``)."""

    seat: int
    at_one: bool = False


@attrs.frozen(slots=True)
class CallTooLate(Reason):
    """Seat ``seat``'s call comes too late and does not count; its missed
    call can still be pointed out. ``late_calls``: the rules let a late call
    count until another player plays or draws (one has since), else the call
    had to come before the second-to-last card landed."""

    seat: int
    late_calls: bool


@attrs.frozen(slots=True)
class CallDue(Reason):
    """Seat ``seat`` is about to lay its second-to-last card: its call is due."""

    seat: int


@attrs.frozen(slots=True)
class AlreadyCalled(Reason):
    """The call does not count: seat ``seat`` has already called UNO."""

    seat: int


@attrs.frozen(slots=True)
class FalseCall(Reason):
    """Seat ``seat`` may call, but with no call due it costs ``cost`` cards
    (``uno.false-call``)."""

    seat: int
    cost: int


@attrs.frozen(slots=True)
class CallWindowClosed(Reason):
    """The call does not count: seat ``seat`` did not call when it laid its
    second-to-last card and the window for that has closed; ``stuck``: it
    still cannot lay its last card."""

    seat: int
    stuck: bool = False


@attrs.frozen(slots=True)
class CallAfterCatch(Reason):
    """The call does not count: seat ``seat``'s missed call was already
    pointed out, and the catch settled it (``uno.penalty``; under
    ``uno.reminder`` the reminder); ``stuck``: it still cannot lay its last
    card (``uno.required-to-win``)."""

    seat: int
    stuck: bool = False


@attrs.frozen(slots=True)
class NoCallOwed(Reason):
    """The call does not count: seat ``seat`` holds one card but owes no UNO
    call."""

    seat: int


@attrs.frozen(slots=True)
class NoCallDue(Reason):
    """The call does not count: seat ``seat`` has no UNO call due."""

    seat: int


@attrs.frozen(slots=True)
class CatchSelf(Reason):
    """Seat ``seat`` cannot point out its own missed call."""

    seat: int


@attrs.frozen(slots=True)
class Caught(Reason):
    """Seat ``target`` holds one card and has not called UNO: the catch
    counts (``uno.penalty``)."""

    target: int


@attrs.frozen(slots=True)
class CatchCalledInTime(Reason):
    """The catch does not count: seat ``target`` called UNO in time."""

    target: int


@attrs.frozen(slots=True)
class CatchTooLate(Reason):
    """The catch does not count: the window to point out seat ``target``'s
    missed call has closed (``uno.window-closes``); ``play_only``: only a
    card played closes it (``uno.window-until-play``)."""

    target: int
    play_only: bool = False


@attrs.frozen(slots=True)
class CatchAlreadySettled(Reason):
    """The catch does not count: seat ``target``'s missed call was already
    pointed out, and each missed call is settled once (``uno.penalty``);
    ``reminded``: the catch was a reminder (``uno.reminder``)."""

    target: int
    reminded: bool = False


@attrs.frozen(slots=True)
class CatchNoCallOwed(Reason):
    """The catch does not count: seat ``target`` owes no UNO call."""

    target: int


@attrs.frozen(slots=True)
class CatchNotAtOne(Reason):
    """The catch does not count: seat ``target`` holds ``cards`` cards, so no
    UNO call is missing."""

    target: int
    cards: int


# --- challenges and time --------------------------------------------------------------


@attrs.frozen(slots=True)
class NoChallenges(Reason):
    """These rules have no challenges."""


@attrs.frozen(slots=True)
class NothingToChallenge(Reason):
    """There is nothing to challenge: only a restricted wild card (``cards``:
    the Wild Draw Four, or the cards the Wild Draw Four policy governs) just
    laid on a player can be challenged, before they draw."""

    cards: tuple[Card, ...] = ()


@attrs.frozen(slots=True)
class MayChallenge(Reason):
    """Seat ``seat`` may challenge ``card`` before acting."""

    seat: int
    card: Card


@attrs.frozen(slots=True)
class NoTimeLimit(Reason):
    """These rules have no time limit on turns (``house.timed-turns``)."""


@attrs.frozen(slots=True)
class NotTimedSeat(Reason):
    """Only seat ``current``, whose turn it is, can run out of time."""

    current: int


@attrs.frozen(slots=True)
class RanOutOfTime(Reason):
    """Seat ``seat`` ran out of time (``house.timed-turns``)."""

    seat: int
