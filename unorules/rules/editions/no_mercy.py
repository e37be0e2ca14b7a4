"""UNO Show 'em No Mercy: 168 cards, draw cards that stack by value, and a
player holding 25 cards or more is out of the round (``no-mercy.*``).

Beside the classic number cards, Skip, Reverse and Draw Two, the deck has
seven faces of its own, defined here as records:

>>> SKIP_EVERYONE.code, DISCARD_ALL.code, WILD_DRAW_TEN.code, WILD_COLOUR_ROULETTE.code
('SE', 'DA', 'W+10', 'WCR')

What each card does is :class:`NoMercyActions`' answer (the 7 and the 0
too); which draw card answers which is :class:`NoMercyStacking`'s; the deck
is :class:`NoMercyDeck`, drawing :class:`NoMercyDrawing`, the start card
:class:`NoMercyStart`, the points :class:`NoMercyValues` and the Mercy rule
:class:`MercyRule`. The preset ``no-mercy`` puts them together with
``challenge.none``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from unorules.cards import Card, Color, Face
from unorules.rules.policies.actions import ActionEffect
from unorules.rules.policies.base import Refusal
from unorules.rules.policies.deck import StartOutcome
from unorules.rules.policies.drawing import AfterDraw, DrawnCard

if TYPE_CHECKING:
    from unorules.moves import Play
    from unorules.state import GameState

__all__ = [
    "COUNTS",
    "DISCARD_ALL",
    "DRAW_FOUR",
    "FACES",
    "LIMIT",
    "SKIP_EVERYONE",
    "WILD_COLOUR_ROULETTE",
    "WILD_DRAW_SIX",
    "WILD_DRAW_TEN",
    "WILD_REVERSE_DRAW_FOUR",
    "MercyRule",
    "NoMercyActions",
    "NoMercyDeck",
    "NoMercyDrawing",
    "NoMercyStacking",
    "NoMercyStart",
    "NoMercyValues",
    "discard_all",
]

DRAW_FOUR = Face.define(
    "+4",
    "DRAW_FOUR",
    names={"en": "draw four", "sv": "Dra fyra i färg", "nb": "Trekk 4 i farge"},
    words={
        "en": ("draw 4", "coloured draw four", "colored draw four"),
        "sv": ("dra 4 i färg", "färgad dra fyra"),
        "nb": ("trekk fire i farge", "farget trekk 4"),
    },
)
SKIP_EVERYONE = Face.define(
    "SE",
    "SKIP_EVERYONE",
    names={"en": "skip everyone", "sv": "Alla hoppar över", "nb": "Alle står over"},
    words={"en": ("skip everybody",), "sv": ("hoppa över alla",), "nb": ("alle over",)},
)
DISCARD_ALL = Face.define(
    "DA",
    "DISCARD_ALL",
    names={"en": "discard all", "sv": "Släng alla", "nb": "Kast alle"},
    words={"sv": ("släng allt",), "nb": ("kast alt",)},
)
WILD_REVERSE_DRAW_FOUR = Face.define(
    "WR+4",
    "WILD_REVERSE_DRAW_FOUR",
    wild=True,
    names={
        "en": "wild reverse draw four",
        "sv": "Vänd och dra fyra",
        "nb": "Snu og trekk fire",
    },
    words={
        "en": ("wild reverse draw 4", "reverse draw four", "reverse draw 4"),
        "sv": ("vänd dra fyra", "vänd plus fyra"),
        "nb": ("snu trekk 4", "snu og trekk 4"),
    },
)
WILD_DRAW_SIX = Face.define(
    "W+6",
    "WILD_DRAW_SIX",
    wild=True,
    names={"en": "wild draw six", "sv": "Dra sex", "nb": "Trekk seks"},
    words={
        "en": ("wild draw 6", "draw six", "draw 6"),
        "sv": ("plus sex", "dra 6"),
        "nb": ("trekk 6", "pluss 6"),
    },
)
WILD_DRAW_TEN = Face.define(
    "W+10",
    "WILD_DRAW_TEN",
    wild=True,
    names={"en": "wild draw ten", "sv": "Dra tio", "nb": "Trekk ti"},
    words={
        "en": ("wild draw 10", "draw ten", "draw 10"),
        "sv": ("plus tio", "dra 10"),
        "nb": ("trekk 10", "pluss 10"),
    },
)
WILD_COLOUR_ROULETTE = Face.define(
    "WCR",
    "WILD_COLOUR_ROULETTE",
    wild=True,
    names={"en": "wild colour roulette", "sv": "Färgroulette", "nb": "Fargerulett"},
    words={
        "en": ("wild color roulette", "colour roulette", "color roulette"),
        "sv": ("färgrulett",),
        "nb": ("farge-rulett",),
    },
)

FACES: tuple[Face, ...] = (
    DRAW_FOUR,
    SKIP_EVERYONE,
    DISCARD_ALL,
    WILD_REVERSE_DRAW_FOUR,
    WILD_DRAW_SIX,
    WILD_DRAW_TEN,
    WILD_COLOUR_ROULETTE,
)
"""The seven faces of the deck that the classic deck lacks."""

_NUMBERS = tuple(f for f in Face if f.is_number)
COUNTS: tuple[tuple[Face, int], ...] = (
    *((f, 2) for f in _NUMBERS),
    (Face.DRAW_TWO, 3),
    (DRAW_FOUR, 2),
    (Face.SKIP, 3),
    (SKIP_EVERYONE, 2),
    (Face.REVERSE, 3),
    (DISCARD_ALL, 3),
)
"""How many cards of each coloured face the deck holds per colour
(``no-mercy.deck``)."""

_WILD_COUNTS: tuple[tuple[Face, int], ...] = (
    (WILD_REVERSE_DRAW_FOUR, 8),
    (WILD_DRAW_SIX, 4),
    (WILD_DRAW_TEN, 4),
    (WILD_COLOUR_ROULETTE, 8),
)

_COLOURS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
_CARDS: tuple[Card, ...] = (
    *(Card(c, f) for c in _COLOURS for f, k in COUNTS for _ in range(k)),
    *(Card(None, f) for f, k in _WILD_COUNTS for _ in range(k)),
)

LIMIT = 25
"""The Mercy rule's limit: a player holding this many cards or more is out."""


@attrs.frozen(slots=True)
class NoMercyDeck:
    """``no-mercy.deck`` and ``players.range``: 168 cards for 2 to 10
    players, 7 each."""

    rule_ids: tuple[str, ...] = ("no-mercy.deck", "players.range")
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7

    def cards(self) -> tuple[Card, ...]:
        """The 168 cards: per colour two of each number, three Draw Twos,
        Skips, Reverses and Discard Alls, two Draw Fours and Skip Everyones;
        eight Wild Reverse Draw Fours and Wild Colour Roulettes, four Wild
        Draw Sixes and Wild Draw Tens."""
        return _CARDS

    def lacks(self, card: Card) -> Refusal | None:
        """``None`` for a card of the deck, else the deck's rule."""
        if card in _CARDS:
            return None
        return Refusal(("no-mercy.deck",))


def discard_all(state: GameState, play: Play) -> GameState:
    """``no-mercy.discard-all``: the player of a Discard All also discards
    every other card of its colour from the hand, under the Discard All
    (which stays on top)."""
    seat, color = play.player, play.card.color
    hand = state.hands[seat]
    gone = tuple(c for c in hand if c.color is color)
    if not gone:
        return state
    kept = tuple(c for c in hand if c.color is not color)
    hands = (*state.hands[:seat], kept, *state.hands[seat + 1 :])
    pile = state.discard_pile
    return attrs.evolve(state, hands=hands, discard_pile=(*pile[:-1], *gone, pile[-1]))


_SKIP = ActionEffect("no-mercy.skip", skip=1)
_REVERSE = ActionEffect("no-mercy.reverse", reverse=True)
_REVERSE_TWO = ActionEffect("no-mercy.reverse", reverse=True, skip=1)
_DRAW_TWO = ActionEffect("no-mercy.draw", draw=2)
_DRAW_FOUR = ActionEffect("no-mercy.draw", draw=4)
_REVERSE_DRAW_FOUR = ActionEffect("no-mercy.reverse-draw-four", reverse=True, draw=4)
_DRAW_SIX = ActionEffect("no-mercy.draw", draw=6)
_DRAW_TEN = ActionEffect("no-mercy.draw", draw=10)
_ROULETTE = ActionEffect("no-mercy.colour-roulette", draw_until="chosen")
_DISCARD_ALL = ActionEffect("no-mercy.discard-all", own=discard_all)
_SEVEN = ActionEffect("no-mercy.seven-zero", special="swap", target="required")
_ZERO = ActionEffect("no-mercy.seven-zero", special="pass-on")

_DRAWS: dict[Face, int] = {
    Face.DRAW_TWO: 2,
    Face.WILD_DRAW_FOUR: 4,
    DRAW_FOUR: 4,
    WILD_REVERSE_DRAW_FOUR: 4,
    WILD_DRAW_SIX: 6,
    WILD_DRAW_TEN: 10,
}


@attrs.frozen(slots=True)
class NoMercyActions:
    """What the cards of UNO Show 'em No Mercy do: ``no-mercy.skip``,
    ``no-mercy.reverse`` (with two players a Reverse skips),
    ``no-mercy.draw`` (Draw Two, Draw Four, Wild Draw Six, Wild Draw Ten:
    the next player draws and loses the turn), ``no-mercy.reverse-draw-four``
    (the direction turns, then the next player draws 4),
    ``no-mercy.skip-everyone`` (every other player loses the turn: the
    player plays again), ``no-mercy.discard-all``,
    ``no-mercy.colour-roulette`` (the next player names a colour and draws
    until a card of it turns up) and ``no-mercy.seven-zero`` (a 7 swaps
    hands with a player of the layer's choice, a 0 passes every hand on)."""

    rule_ids: tuple[str, ...] = (
        "no-mercy.skip",
        "no-mercy.reverse",
        "no-mercy.draw",
        "no-mercy.reverse-draw-four",
        "no-mercy.skip-everyone",
        "no-mercy.discard-all",
        "no-mercy.colour-roulette",
        "no-mercy.seven-zero",
    )

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of ``card`` with ``players`` in the round."""
        face = card.face
        if face is Face.SKIP:
            return _SKIP
        if face is Face.REVERSE:
            return _REVERSE if players > 2 else _REVERSE_TWO
        if face is SKIP_EVERYONE:
            return ActionEffect("no-mercy.skip-everyone", skip=max(players - 1, 1))
        if face is DISCARD_ALL:
            return _DISCARD_ALL
        if face is WILD_COLOUR_ROULETTE:
            return _ROULETTE
        if face is WILD_REVERSE_DRAW_FOUR:
            return _REVERSE_DRAW_FOUR
        if face is Face.SEVEN:
            return _SEVEN
        if face is Face.ZERO:
            return _ZERO
        draws = _DRAWS.get(face)
        if draws == 2:
            return _DRAW_TWO
        if draws == 4:
            return _DRAW_FOUR
        if draws == 6:
            return _DRAW_SIX
        if draws == 10:
            return _DRAW_TEN
        return None

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        """``None``: one card is laid a turn."""
        return None


@attrs.frozen(slots=True)
class NoMercyStacking:
    """``no-mercy.stacking``: a draw card that is owed may be answered with
    a draw card that draws as many or more, whatever its colour; the total
    passes on, and whoever does not answer draws it all and loses the
    turn. The draw cards: Draw Two (2), Draw Four and Wild Draw Four (4),
    Wild Reverse Draw Four (4), Wild Draw Six (6), Wild Draw Ten (10); so
    the rule may join the classic deck too."""

    rule_ids: tuple[str, ...] = ("no-mercy.stacking",)

    def answers(self, pending: Card, card: Card, color: Color | None) -> str | None:
        """``no-mercy.stacking`` when ``card`` draws at least as many cards
        as ``pending``."""
        owed = _DRAWS.get(pending.face)
        drawn = _DRAWS.get(card.face)
        if owed is None or drawn is None or drawn < owed:
            return None
        return "no-mercy.stacking"

    def answerable(self, pending: Card, color: Color | None) -> bool:
        """Whether ``pending`` is a draw card."""
        return pending.face in _DRAWS

    def refusal(self, pending: Card, card: Card, color: Color | None) -> Refusal | None:
        """Why ``card`` may not answer ``pending``: it is no draw card, or
        it draws fewer cards; ``None`` when it may."""
        owed = _DRAWS.get(pending.face)
        if owed is None or self.answers(pending, card, color) is not None:
            return None
        if card.face not in _DRAWS:
            return Refusal(
                ("no-mercy.stacking",),
                "only a draw card may answer a draw card",
                (
                    ("sv", "bara ett dra-kort får läggas på ett dra-kort"),
                    ("nb", "bare et trekkort kan legges på et trekkort"),
                ),
            )
        return Refusal(
            ("no-mercy.stacking",),
            f"{card} draws fewer cards than {pending}",
            (
                ("sv", f"{card.name_in('sv')} ger färre kort än {pending.name_in('sv')}"),
                ("nb", f"{card.name_in('nb')} gir færre kort enn {pending.name_in('nb')}"),
            ),
        )


@attrs.frozen(slots=True)
class NoMercyDrawing:
    """``no-mercy.draw-until-playable``: a player who does not play draws
    one card after another until one fits, and must lay it."""

    rule_ids: tuple[str, ...] = ("no-mercy.draw-until-playable",)

    def drawn(self, fits: bool) -> DrawnCard:
        """A card that fits must be laid; after one that does not, the
        player draws again."""
        return DrawnCard(
            "no-mercy.draw-until-playable", AfterDraw.MUST_PLAY if fits else AfterDraw.DRAW_AGAIN
        )


@attrs.frozen(slots=True)
class NoMercyStart:
    """``no-mercy.start``: a start card that is not a number card has no
    effect and is covered by the next card turned, until a number card lies
    on top; the player left of the dealer plays first, clockwise."""

    rule_ids: tuple[str, ...] = ("no-mercy.start",)

    def outcome(self, card: Card) -> StartOutcome:
        """A number card starts; any other card is covered by another."""
        if card.is_number:
            return StartOutcome("no-mercy.start")
        return StartOutcome("no-mercy.start", redraw=True, cover=True)


@attrs.frozen(slots=True)
class NoMercyValues:
    """``no-mercy.card-values``: number cards at face value, coloured action
    cards 20, wild cards 50."""

    rule_ids: tuple[str, ...] = ("no-mercy.card-values",)

    def value(self, card: Card) -> int:
        """The points ``card`` is worth."""
        number = card.face.number
        if number is not None:
            return number
        return 50 if card.color is None else 20

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        return sum(self.value(c) for c in hand)


@attrs.frozen(slots=True)
class MercyRule:
    """``no-mercy.mercy``: a player holding ``limit`` cards or more (25) is
    out of the round once the move is over; its cards go to the bottom of the
    draw pile. The last
    player left wins the round."""

    limit: int = LIMIT
    rule_ids: tuple[str, ...] = ("no-mercy.mercy",)

    def knocked_out(self, held: int) -> str | None:
        """``no-mercy.mercy`` for ``held`` of :attr:`limit` or more."""
        return "no-mercy.mercy" if held >= self.limit else None
