"""The table's words: what the cards and colours are called in English,
Swedish and Norwegian Bokmål.

Sentences name cards with :func:`card_name` and colours with
:func:`colour_name`; the words are those the Swedish and Norwegian rule texts
use (``Dra två``, ``Hoppa över``, ``Byt färg``; ``Trekk 2``, ``Hopp over``,
``Skift farge``).

>>> from unorules.cards import Card
>>> card_name(Card.parse("R+2"), "sv")
'röd Dra två'
>>> card_name(Card.parse("W+4"), "nb")
'Trekk 4'
>>> colour_name(Card.parse("G7").color, "nb")
'grønn'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from unorules.cards import Card, Color, Face

__all__ = ["COLOUR_WORDS", "FACE_WORDS", "card_name", "colour_name"]

COLOUR_WORDS: Final[Mapping[str, Mapping[Color, str]]] = {
    "en": {Color.RED: "red", Color.YELLOW: "yellow", Color.GREEN: "green", Color.BLUE: "blue"},
    "sv": {Color.RED: "röd", Color.YELLOW: "gul", Color.GREEN: "grön", Color.BLUE: "blå"},
    "nb": {Color.RED: "rød", Color.YELLOW: "gul", Color.GREEN: "grønn", Color.BLUE: "blå"},
}
"""Language -> colour -> the colour's name."""

_NUMBERS = {f: f.value for f in Face if f.is_number}

FACE_WORDS: Final[Mapping[str, Mapping[Face, str]]] = {
    "en": {f: f.long_name for f in Face},
    "sv": {
        **_NUMBERS,
        Face.SKIP: "Hoppa över",
        Face.REVERSE: "Byt riktning",
        Face.DRAW_TWO: "Dra två",
        Face.WILD: "Byt färg",
        Face.WILD_DRAW_FOUR: "Dra fyra",
        Face.WILD_SHUFFLE_HANDS: "Blanda händer",
        Face.WILD_SWAP_HANDS: "Byt händer",
        Face.WILD_CUSTOMIZABLE: "blankt kort",
    },
    "nb": {
        **_NUMBERS,
        Face.SKIP: "Hopp over",
        Face.REVERSE: "Retningsendring",
        Face.DRAW_TWO: "Trekk 2",
        Face.WILD: "Skift farge",
        Face.WILD_DRAW_FOUR: "Trekk 4",
        Face.WILD_SHUFFLE_HANDS: "Stokk hendene",
        Face.WILD_SWAP_HANDS: "Bytt hender",
        Face.WILD_CUSTOMIZABLE: "blankt kort",
    },
}
"""Language -> face -> the face's name (a number face is its digit)."""


def colour_name(color: Color, lang: str) -> str:
    """The name of ``color`` in ``lang`` (``"en"``, ``"sv"``, ``"nb"``).

    Raises:
        KeyError: for a language other than those three.
    """
    return COLOUR_WORDS[lang][color]


def card_name(card: Card, lang: str) -> str:
    """The name of ``card`` in ``lang``: ``"red 7"``, ``"röd Dra två"``,
    ``"Trekk 4"`` (a wild card has no colour in its name).

    Raises:
        KeyError: for a language other than ``"en"``, ``"sv"`` and ``"nb"``.
    """
    face = FACE_WORDS[lang][card.face]
    if card.color is None:
        return face
    return f"{COLOUR_WORDS[lang][card.color]} {face}"
