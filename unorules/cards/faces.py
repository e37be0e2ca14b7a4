"""The colours and faces of the cards: the ground of the library's vocabulary.

A card (:class:`~unorules.cards.Card`) is a face and, unless the face is wild,
a colour. What a face is called in each language is data too
(:mod:`unorules.cards.words`); what a card does is the rule set's answer
(:mod:`unorules.rules.policies`).

Rule IDs: ``deck.classic-108``.
"""

from __future__ import annotations

import enum

__all__ = ["COLORS", "Color", "Face"]


class Color(enum.Enum):
    """The four card colours. ``Color.RED.code == "R"``."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    # Members are singletons: hashing by identity is exact and cheaper than
    # Enum's hash of the name (colours key the engine's lookup tables).
    __hash__ = object.__hash__

    @property
    def code(self) -> str:
        """The one-letter code: ``R``, ``Y``, ``G`` or ``B``."""
        return _COLOR_CODES[self]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"


COLORS: tuple[Color, ...] = tuple(Color)
"""The colours in a fixed order: red, yellow, green, blue."""


class Face(enum.Enum):
    """What is printed on a card besides its colour. The value is the code."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_SHUFFLE_HANDS = "WS"
    WILD_SWAP_HANDS = "WX"
    WILD_CUSTOMIZABLE = "WC"

    # Members are singletons: hashing by identity is exact and cheaper than
    # Enum's hash of the name (faces key the card values and lookup tables).
    __hash__ = object.__hash__

    @property
    def is_wild(self) -> bool:
        """True for the colourless (black) cards."""
        return self in _WILD_FACES

    @property
    def is_number(self) -> bool:
        """True for 0–9."""
        return self in _NUMBERS

    @property
    def number(self) -> int | None:
        """The face value 0–9 of a number card, else ``None``."""
        return _NUMBERS.get(self)

    @property
    def long_name(self) -> str:
        """The English name: ``"7"``, ``"skip"``, ``"wild draw four"``."""
        return _LONG_FACE[self]


_COLOR_CODES: dict[Color, str] = {c: c.value[0].upper() for c in Color}
_WILD_FACES: frozenset[Face] = frozenset(f for f in Face if f.value[0] == "W")
_NUMBERS: dict[Face, int] = {f: int(f.value) for f in Face if f.value.isdigit()}

_LONG_FACE: dict[Face, str] = {
    **{f: f.value for f in Face if f.value.isdigit()},
    Face.SKIP: "skip",
    Face.REVERSE: "reverse",
    Face.DRAW_TWO: "draw two",
    Face.WILD: "wild",
    Face.WILD_DRAW_FOUR: "wild draw four",
    Face.WILD_SHUFFLE_HANDS: "wild shuffle hands",
    Face.WILD_SWAP_HANDS: "wild swap hands",
    Face.WILD_CUSTOMIZABLE: "wild customizable",
}
