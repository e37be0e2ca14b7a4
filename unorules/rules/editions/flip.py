"""UNO Flip: 112 two-sided cards, a light side and a dark side (``flip.*``).

Every card has two sides (:attr:`unorules.cards.Card.back`). The round is
dealt light side up: red, yellow, green and blue, with the classic numbers,
Reverse and Skip and three faces of its own (Draw One, Flip, and the Wild
Draw Two of :mod:`unorules.rules.editions.all_wild`). The dark side has four
colours of its own, defined here, and Draw Five, Skip Everyone (the face of
:mod:`unorules.rules.editions.no_mercy`) and Wild Draw Colour:

>>> PINK.code, TEAL.code, ORANGE.code, PURPLE.code
('P', 'T', 'O', 'V')
>>> DRAW_ONE.code, FLIP.code, DRAW_FIVE.code, SKIP_EVERYONE.code, WILD_DRAW_COLOUR.code
('+1', 'F', '+5', 'SE', 'W+C')
>>> len(DECK), DECK[0]
(112, Card.parse('R1:P1'))

A Flip card turns everything over (``ActionEffect.flip``): the hands, the
draw pile and the discard pile; play goes on with the other side. What each
card does is :class:`FlipActions`' answer; the deck is :class:`FlipDeck`,
the start card :class:`FlipStart`, the Wild Draw Two and Wild Draw Colour's
restriction :class:`FlipWildDraws`, their challenge :class:`FlipChallenge`
and the points :class:`FlipValues`. The preset ``flip`` puts them together.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from unorules.cards import Card, Color, Face
from unorules.rules.editions.all_wild import WILD_DRAW_TWO
from unorules.rules.editions.no_mercy import SKIP_EVERYONE
from unorules.rules.policies.actions import ActionEffect
from unorules.rules.policies.base import Refusal
from unorules.rules.policies.challenge import ChallengeOutcome
from unorules.rules.policies.deck import StartOutcome

__all__ = [
    "DARK",
    "DARK_COLORS",
    "DECK",
    "DRAW_FIVE",
    "DRAW_ONE",
    "FACES",
    "FLIP",
    "LIGHT",
    "LIGHT_COLORS",
    "ORANGE",
    "PAIRING_STEP",
    "PINK",
    "PURPLE",
    "SKIP_EVERYONE",
    "TEAL",
    "WILD_DRAW_COLOUR",
    "FlipActions",
    "FlipChallenge",
    "FlipDeck",
    "FlipStart",
    "FlipValues",
    "FlipWildDraws",
]

PINK = Color.define("P", "PINK", names={"en": "pink", "sv": "rosa", "nb": "rosa"})
TEAL = Color.define(
    "T",
    "TEAL",
    names={"en": "teal", "sv": "turkos", "nb": "turkis"},
    words={"sv": ("turkosa",), "nb": ("turkise",)},
)
ORANGE = Color.define(
    "O",
    "ORANGE",
    names={"en": "orange", "sv": "orange", "nb": "oransje"},
    words={"sv": ("oranga",)},
)
PURPLE = Color.define(
    "V",
    "PURPLE",
    names={"en": "purple", "sv": "lila", "nb": "lilla"},
    words={"en": ("violet",), "sv": ("violett",), "nb": ("fiolett",)},
)

DRAW_ONE = Face.define(
    "+1",
    "DRAW_ONE",
    points=10,
    names={"en": "draw one", "sv": "Dra ett", "nb": "Trekk 1"},
    words={"en": ("draw 1",), "sv": ("dra 1", "ta ett"), "nb": ("trekk en", "trekk én")},
)
FLIP = Face.define(
    "F",
    "FLIP",
    points=20,
    names={"en": "flip", "sv": "Flip", "nb": "Flip"},
    words={"sv": ("flipkort", "flip-kort"), "nb": ("flipkort", "flip-kort")},
)
DRAW_FIVE = Face.define(
    "+5",
    "DRAW_FIVE",
    points=20,
    names={"en": "draw five", "sv": "Dra fem", "nb": "Trekk 5"},
    words={"en": ("draw 5",), "sv": ("dra 5", "ta fem"), "nb": ("trekk fem",)},
)
WILD_DRAW_COLOUR = Face.define(
    "W+C",
    "WILD_DRAW_COLOUR",
    wild=True,
    points=60,
    names={"en": "wild draw colour", "sv": "Dra färg", "nb": "Trekk farge"},
    words={
        "en": ("wild draw color",),
        "sv": ("vild dra färg", "dra tills färgen kommer"),
        "nb": ("vill trekk farge",),
    },
)

FACES: tuple[Face, ...] = (
    DRAW_ONE,
    FLIP,
    WILD_DRAW_TWO,
    DRAW_FIVE,
    SKIP_EVERYONE,
    WILD_DRAW_COLOUR,
)
"""The faces of the deck beyond the classic ones: the light side's, then the
dark side's."""

LIGHT_COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
"""The light side's colours, in the order the deck lists them."""
DARK_COLORS: tuple[Color, ...] = (PINK, TEAL, ORANGE, PURPLE)
"""The dark side's colours, in the order the deck lists them."""

_NUMBERS = (
    Face.ONE,
    Face.TWO,
    Face.THREE,
    Face.FOUR,
    Face.FIVE,
    Face.SIX,
    Face.SEVEN,
    Face.EIGHT,
    Face.NINE,
)


def _side(
    colors: tuple[Color, ...], actions: tuple[Face, ...], wilds: tuple[Face, ...]
) -> tuple[Card, ...]:
    """One side of the 112 cards: per colour two each of 1-9 and of each
    action face, then four of each wild face."""
    cards = [Card(c, f) for c in colors for f in (*_NUMBERS, *actions) for _ in range(2)]
    cards += [Card(None, f) for f in wilds for _ in range(4)]
    return tuple(cards)


LIGHT: tuple[Card, ...] = _side(
    LIGHT_COLORS, (DRAW_ONE, Face.REVERSE, Face.SKIP, FLIP), (Face.WILD, WILD_DRAW_TWO)
)
"""The 112 light sides in a fixed order (``flip.deck``): per colour (red,
yellow, green, blue) two each of 1-9, Draw One, Reverse, Skip and Flip; then
four Wild and four Wild Draw Two."""
DARK: tuple[Card, ...] = _side(
    DARK_COLORS, (DRAW_FIVE, Face.REVERSE, SKIP_EVERYONE, FLIP), (Face.WILD, WILD_DRAW_COLOUR)
)
"""The 112 dark sides in the same order: per colour (pink, teal, orange,
purple) two each of 1-9, Draw Five, Reverse, Skip Everyone and Flip; then
four Wild and four Wild Draw Colour."""

PAIRING_STEP = 37
"""The pairing of the sides (``flip.deck``): the light side ``LIGHT[i]`` has
the dark side ``DARK[(37 * i) % 112]`` behind it. Mattel prints a fixed
pairing that is not public; this one is a fixed permutation (37 and 112
have no common factor), so every dark side is used once."""

DECK: tuple[Card, ...] = tuple(
    Card(light.color, light.face, DARK[(PAIRING_STEP * i) % len(DARK)])
    for i, light in enumerate(LIGHT)
)
"""The 112 cards, light side up, in the order of :data:`LIGHT`."""

_HELD = frozenset(DECK) | frozenset(c.turned() for c in DECK)


@attrs.frozen(slots=True)
class FlipDeck:
    """``flip.deck`` and ``players.range``: 112 two-sided cards for 2 to 10
    players, 7 each, dealt light side up; a wild card names a colour of the
    side it shows (``RuleSet.colors_for``)."""

    rule_ids: tuple[str, ...] = ("flip.deck", "players.range")
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7

    def cards(self) -> tuple[Card, ...]:
        """The 112 cards of :data:`DECK`, light side up."""
        return DECK

    def lacks(self, card: Card) -> Refusal | None:
        """``None`` for a card of the deck, whichever side is up."""
        if card in _HELD:
            return None
        return Refusal(("flip.deck",))


_DRAW_ONE = ActionEffect("flip.draw-one", draw=1)
_DRAW_FIVE = ActionEffect("flip.draw-five", draw=5)
_SKIP = ActionEffect("action.skip", skip=1)
_REVERSE = ActionEffect("action.reverse", reverse=True)
_REVERSE_TWO = ActionEffect("action.two-player-reverse", reverse=True, skip=1)
_FLIP = ActionEffect("flip.flip", flip=True)
_WILD = ActionEffect("action.wild")
_WILD_DRAW_TWO = ActionEffect("flip.wild-draw-two", draw=2)
_WILD_DRAW_COLOUR = ActionEffect("flip.wild-draw-colour", draw_until="named")


@attrs.frozen(slots=True)
class FlipActions:
    """What the cards of UNO Flip do: ``flip.draw-one`` (the next player
    draws 1 and misses the turn), ``flip.draw-five`` (5), ``flip.flip``
    (everything is turned over: ``ActionEffect.flip``),
    ``flip.skip-everyone`` (every other player misses a turn: the layer
    plays again), ``flip.wild-draw-two`` (a colour named; the next player
    draws 2 and misses the turn) and ``flip.wild-draw-colour``; the
    Reverse, Skip and Wild as in classic UNO (``action.*``)."""

    rule_ids: tuple[str, ...] = (
        "flip.draw-one",
        "flip.draw-five",
        "flip.flip",
        "flip.skip-everyone",
        "flip.wild-draw-two",
        "flip.wild-draw-colour",
        "action.skip",
        "action.reverse",
        "action.two-player-reverse",
        "action.wild",
    )

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of ``card`` (the side up) with ``players`` in the round."""
        face = card.face
        if face is FLIP:
            return _FLIP
        if face is DRAW_ONE:
            return _DRAW_ONE
        if face is DRAW_FIVE:
            return _DRAW_FIVE
        if face is Face.SKIP:
            return _SKIP
        if face is SKIP_EVERYONE:
            # Every other player in the round misses one turn: the turn
            # comes back to the layer.
            return ActionEffect("flip.skip-everyone", skip=max(players - 1, 1))
        if face is Face.REVERSE:
            return _REVERSE if players > 2 else _REVERSE_TWO
        if face is WILD_DRAW_TWO:
            return _WILD_DRAW_TWO
        if face is WILD_DRAW_COLOUR:
            return _WILD_DRAW_COLOUR
        if face is Face.WILD:
            return _WILD
        return None

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        """``None``: a play has no effect but its card's."""
        return None


@attrs.frozen(slots=True)
class FlipWildDraws:
    """``flip.wild-draw-restricted``: a Wild Draw Two or a Wild Draw Colour
    may be laid only by a player with no card of the colour in force (as the
    classic Wild Draw Four, ``wd4.no-matching-colour``); a plain Wild any
    time."""

    rule_ids: tuple[str, ...] = ("flip.wild-draw-restricted",)

    def governs(self, card: Card) -> bool:
        """The Wild Draw Two and the Wild Draw Colour."""
        return card.face is WILD_DRAW_TWO or card.face is WILD_DRAW_COLOUR

    def restricts(self, top: Card, color: Color | None) -> bool:
        """Always."""
        return True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """True when ``rest`` holds a card of ``color``."""
        return any(c.color is color for c in rest)


@attrs.frozen(slots=True)
class FlipChallenge:
    """``flip.challenge``: the player a Wild Draw Two or a Wild Draw Colour
    was laid on may challenge it before drawing. A caught bluffer draws what
    the card would have made the victim draw (2 for a Wild Draw Two; until a
    card of the colour named turns up for a Wild Draw Colour), and the victim
    plays; a failed challenger draws 2 and then what the card owed, and
    misses the turn."""

    rule_ids: tuple[str, ...] = ("flip.challenge",)

    def challengeable(self, card: Card) -> str | None:
        """The Wild Draw Two and the Wild Draw Colour."""
        if card.face is WILD_DRAW_TWO or card.face is WILD_DRAW_COLOUR:
            return "flip.challenge"
        return None

    def may_challenge(self, card: Card, challenger: int, victim: int, layer: int) -> Refusal | None:
        """The victim alone."""
        if challenger == victim:
            return None
        return Refusal(
            self.rule_ids, f"only seat {victim}, on whom the card was laid, may challenge it"
        )

    def outcome(self, card: Card, broke_rule: bool, by_victim: bool) -> ChallengeOutcome:
        """Caught: the layer draws 2 for a Wild Draw Two (for a Wild Draw
        Colour it draws until the colour it named turns up, as the victim
        would have: the engine's part of a draw until a colour); failed: the
        challenger draws 2 more."""
        if broke_rule:
            draws = 0 if card.face is WILD_DRAW_COLOUR else 2
            return ChallengeOutcome("flip.challenge", True, layer_draws=draws, victim_plays=True)
        return ChallengeOutcome("flip.challenge", False, challenger_draws=2)


@attrs.frozen(slots=True)
class FlipStart:
    """``flip.start``: the start card, light side up, acts as in classic
    UNO: a Draw One makes the player left of the dealer draw 1 and miss the
    turn, a Skip skips it, a Reverse lets the dealer play first to the
    right, a Wild lets the first player name the colour. A Wild Draw Two or
    a Flip goes back into the deck, which is shuffled, and another card is
    turned (the sheet says so of the Wild Draw Two; of the Flip it says
    nothing, and the round starts on the light side)."""

    rule_ids: tuple[str, ...] = ("flip.start",)

    def outcome(self, card: Card) -> StartOutcome:
        """The effect of ``card`` as start card."""
        face = card.face
        if face is DRAW_ONE:
            return StartOutcome("flip.start", first=2, draw=1)
        if face is Face.SKIP:
            return StartOutcome("flip.start", first=2)
        if face is Face.REVERSE:
            return StartOutcome("flip.start", first=0, direction=-1)
        if face is Face.WILD:
            return StartOutcome("flip.start", choose_color=True)
        if face is FLIP or card.is_wild:
            return StartOutcome("flip.start", redraw=True)
        return StartOutcome("flip.start")


_POINTS = {
    DRAW_ONE: 10,
    DRAW_FIVE: 20,
    Face.REVERSE: 20,
    Face.SKIP: 20,
    FLIP: 20,
    SKIP_EVERYONE: 30,
    Face.WILD: 40,
    WILD_DRAW_TWO: 50,
    WILD_DRAW_COLOUR: 60,
}


@attrs.frozen(slots=True)
class FlipValues:
    """``flip.card-values``: the side in play counts: numbers at face
    value, Draw One 10, Draw Five, Reverse, Skip and Flip 20, Skip Everyone
    30, Wild 40, Wild Draw Two 50, Wild Draw Colour 60."""

    rule_ids: tuple[str, ...] = ("flip.card-values",)

    def value(self, card: Card) -> int:
        """The points of ``card``'s side up (a card's two sides are worth
        different points: the side in play counts)."""
        face = card.face
        if face.number is not None:
            return face.number
        return _POINTS.get(face, face.points)

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        return sum(self.value(c) for c in hand)
