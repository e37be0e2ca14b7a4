"""What the cards and colours are called in English, Swedish and Norwegian
Bokmål: data about the faces, read by the notation and the sentences.

Sentences name cards with :func:`card_name` and colours with
:func:`colour_name`; the words are those the Swedish and Norwegian rule texts
use (``Dra två``, ``Hoppa över``, ``Välj färg``; ``Trekk 2``, ``Stå over``,
``Snu``, ``Skift farge``); the other words players use for a card are read
as input too (:data:`FACE_SYNONYMS`).

>>> from unorules.cards import Card
>>> card_name(Card.parse("R+2"), "sv")
'röd Dra två'
>>> card_name(Card.parse("W+4"), "nb")
'Trekk 4'
>>> card_name(Card.parse("BS"), "nb")
'blå Stå over'
>>> colour_name(Card.parse("G7").color, "nb")
'grønn'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from unorules.cards.faces import Color, Face

if TYPE_CHECKING:
    from unorules.cards.card import Card

__all__ = [
    "ARTICLES",
    "CARD_NOUNS",
    "COLOUR_CODES",
    "COLOUR_SYNONYMS",
    "COLOUR_WORDS",
    "FACE_CODES",
    "FACE_SYNONYMS",
    "FACE_WORDS",
    "NUMBER_WORDS",
    "card_name",
    "colour_name",
]

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
        Face.WILD: "Välj färg",
        Face.WILD_DRAW_FOUR: "Dra fyra",
        Face.WILD_SHUFFLE_HANDS: "Blanda händer",
        Face.WILD_SWAP_HANDS: "Byt händer",
        Face.WILD_CUSTOMIZABLE: "blankt kort",
    },
    "nb": {
        **_NUMBERS,
        Face.SKIP: "Stå over",
        Face.REVERSE: "Snu",
        Face.DRAW_TWO: "Trekk 2",
        Face.WILD: "Skift farge",
        Face.WILD_DRAW_FOUR: "Trekk 4",
        Face.WILD_SHUFFLE_HANDS: "Stokkekort",
        Face.WILD_SWAP_HANDS: "Bytt hender",
        Face.WILD_CUSTOMIZABLE: "blankt kort",
    },
}
"""Language -> face -> the face's name (a number face is its digit): in
Swedish and Norwegian the word the rule texts use (seeds 000/002/004 and 003;
the Norwegian Wild Draw Four is the short form of 003's "skift farge og
trekk 4", which is read too);
each is also the first of the face's words in :data:`FACE_SYNONYMS`."""


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


# --------------------------------------------------------------------------- what players type
#
# The tables below are what the notation (:mod:`unorules.notation`) reads.
# Every word is lower case; a word of any language is accepted whatever
# language the text is read in. Only the colour *codes* depend on the language
# (:data:`COLOUR_CODES`): in Swedish and Norwegian yellow (gul) and green
# (grön, grønn) both start with G, so there a bare G means nothing.

NUMBER_WORDS: Final[Mapping[str, Mapping[int, tuple[str, ...]]]] = {
    "en": {
        0: ("zero",),
        1: ("one",),
        2: ("two",),
        3: ("three",),
        4: ("four",),
        5: ("five",),
        6: ("six",),
        7: ("seven",),
        8: ("eight",),
        9: ("nine",),
    },
    "sv": {
        0: ("noll",),
        1: ("ett", "en"),
        2: ("två",),
        3: ("tre",),
        4: ("fyra",),
        5: ("fem",),
        6: ("sex",),
        7: ("sju",),
        8: ("åtta",),
        9: ("nio",),
    },
    "nb": {
        0: ("null",),
        1: ("en", "én", "ett"),
        2: ("to",),
        3: ("tre",),
        4: ("fire",),
        5: ("fem",),
        6: ("seks",),
        7: ("sju", "syv"),
        8: ("åtte",),
        9: ("ni",),
    },
}
"""Language -> 0-9 -> the number's words (``"sju"``, ``"syv"``)."""

CARD_NOUNS: Final[Mapping[str, Mapping[int, tuple[str, ...]]]] = {
    "en": {},
    "sv": {
        0: ("nolla", "nollan"),
        1: ("etta", "ettan"),
        2: ("tvåa", "tvåan"),
        3: ("trea", "trean"),
        4: ("fyran",),
        5: ("femma", "femman"),
        6: ("sexa", "sexan"),
        7: ("sjua", "sjuan"),
        8: ("åttan",),
        9: ("nia", "nian"),
    },
    "nb": {
        0: ("nuller",),
        1: ("ener",),
        2: ("toer",),
        3: ("treer",),
        4: ("firer",),
        5: ("femmer",),
        6: ("sekser",),
        7: ("sjuer", "syver"),
        8: ("åtter",),
        9: ("nier",),
    },
}
"""Language -> 0-9 -> the nouns for a number card (``"en röd sjua"``,
``"en rød sjuer"``); ``"fyra"`` and ``"åtta"`` are already number words."""

ARTICLES: Final[Mapping[str, tuple[str, ...]]] = {
    "en": (),
    "sv": ("en", "ett", "den", "det"),
    "nb": ("en", "ei", "et", "den", "det"),
}
"""Language -> the articles that may stand before a card's name written in
words (``"en röd sjua"``, ``"ei rød sjuer"``); not before a code."""

COLOUR_SYNONYMS: Final[Mapping[str, Mapping[Color, tuple[str, ...]]]] = {
    "en": {
        Color.RED: ("red",),
        Color.YELLOW: ("yellow",),
        Color.GREEN: ("green",),
        Color.BLUE: ("blue",),
    },
    "sv": {
        Color.RED: ("röd", "röda", "rött"),
        Color.YELLOW: ("gul", "gula", "gult"),
        Color.GREEN: ("grön", "gröna", "grönt"),
        Color.BLUE: ("blå", "blåa", "blått"),
    },
    "nb": {
        Color.RED: ("rød", "røde", "rødt"),
        Color.YELLOW: ("gul", "gule", "gult"),
        Color.GREEN: ("grønn", "grønne", "grønt"),
        Color.BLUE: ("blå", "blått"),
    },
}
"""Language -> colour -> its words, first the plain form (``"röd"``), then the
forms a sentence bends it into (``"röda sjuan"``, ``"väljer rött"``)."""

COLOUR_CODES: Final[Mapping[str, Mapping[Color, tuple[str, ...]]]] = {
    "en": {Color.RED: ("R",), Color.YELLOW: ("Y",), Color.GREEN: ("G",), Color.BLUE: ("B",)},
    "sv": {
        Color.RED: ("R",),
        Color.YELLOW: ("Y", "Gu"),
        Color.GREEN: ("Gr",),
        Color.BLUE: ("B",),
    },
    "nb": {
        Color.RED: ("R",),
        Color.YELLOW: ("Y", "Gu"),
        Color.GREEN: ("Gr",),
        Color.BLUE: ("B",),
    },
}
"""Language -> colour -> the codes that stand for it, alone (``0 color Gr``)
or before a face (``Gu7``, ``GrS``, ``Gr+2``). In English G is green; in
Swedish and Norwegian a bare G is refused (gul or grön/grønn?), yellow is
``Gu`` or ``Y`` and green ``Gr``. Output always uses the English codes."""

FACE_CODES: Final[Mapping[Face, tuple[str, ...]]] = {
    **{f: (f.value,) for f in Face if f.is_number},
    Face.SKIP: ("s",),
    Face.REVERSE: ("r",),
    Face.DRAW_TWO: ("+2", "d2"),
    Face.WILD: ("w",),
    Face.WILD_DRAW_FOUR: ("w+4", "wd4", "+4"),
    Face.WILD_SHUFFLE_HANDS: ("ws",),
    Face.WILD_SWAP_HANDS: ("wx",),
    Face.WILD_CUSTOMIZABLE: ("wc",),
}
"""Face -> its codes in every language: after a colour code or word for a
coloured face (``R7``, ``röd +2``), alone for a wild card (``W+4``, ``+4``)."""


def _numbers(lang: str) -> dict[Face, tuple[str, ...]]:
    nouns = CARD_NOUNS[lang]
    return {
        f: NUMBER_WORDS[lang][int(f.value)] + nouns.get(int(f.value), ())
        for f in Face
        if f.is_number
    }


FACE_SYNONYMS: Final[Mapping[str, Mapping[Face, tuple[str, ...]]]] = {
    "en": {
        **_numbers("en"),
        Face.SKIP: ("skip",),
        Face.REVERSE: ("reverse",),
        Face.DRAW_TWO: ("draw two", "draw 2"),
        Face.WILD: ("wild",),
        Face.WILD_DRAW_FOUR: ("wild draw four", "wild draw 4", "wild +4"),
        Face.WILD_SHUFFLE_HANDS: ("wild shuffle hands", "wild shuffle", "shuffle hands"),
        Face.WILD_SWAP_HANDS: ("wild swap hands", "wild swap", "swap hands"),
        Face.WILD_CUSTOMIZABLE: ("wild customizable", "wild customisable", "customizable", "blank"),
    },
    "sv": {
        **_numbers("sv"),
        Face.SKIP: ("hoppa över", "hoppa över-kort", "stopp", "stoppkort", "stoppkortet"),
        Face.REVERSE: ("byt riktning", "vänd", "vändkort", "vändkortet"),
        Face.DRAW_TWO: ("dra två", "ta två", "dra 2", "ta 2", "plustvåa", "plus två", "plus 2"),
        Face.WILD: (
            "välj färg",
            "välj färg-kort",
            "färgbyte",
            "byt färg",
            "joker",
            "jokern",
            "jokerkort",
            "jokerkortet",
        ),
        Face.WILD_DRAW_FOUR: (
            "dra fyra",
            "dra fyra-kort",
            "ta fyra",
            "dra 4",
            "ta 4",
            "plusfyra",
            "plus fyra",
            "plus 4",
            "dra 4 wild",
            "wild 4",
        ),
        Face.WILD_SHUFFLE_HANDS: ("blanda händer",),
        Face.WILD_SWAP_HANDS: ("byt händer",),
        Face.WILD_CUSTOMIZABLE: ("blankt kort", "blankt"),
    },
    "nb": {
        **_numbers("nb"),
        Face.SKIP: (
            "stå over",
            "stå over-kort",
            "stå over-kortet",
            "hopp over",
            "stopp",
            "stoppkort",
        ),
        Face.REVERSE: ("snu", "snu-kort", "snu-kortet", "snukort", "retningsendring"),
        Face.DRAW_TWO: (
            "trekk 2",
            "trekk 2-kort",
            "trekk 2-kortet",
            "trekk to",
            "pluss to",
            "pluss 2",
        ),
        Face.WILD: (
            "skift farge",
            "skift farge-kort",
            "skift farge-kortet",
            "fargeskift",
            "bytt farge",
            "joker",
            "jokeren",
            "jokerkort",
        ),
        Face.WILD_DRAW_FOUR: (
            "trekk 4",
            "trekk 4-kort",
            "trekk 4-kortet",
            "skift farge og trekk 4",
            "skift farge og trekk 4-kort",
            "skift farge og trekk 4-kortet",
            "trekk fire",
            "pluss fire",
            "pluss 4",
        ),
        Face.WILD_SHUFFLE_HANDS: ("stokkekort", "stokkekortet", "stokk hendene"),
        Face.WILD_SWAP_HANDS: ("bytt hender",),
        Face.WILD_CUSTOMIZABLE: ("blankt kort", "blankt"),
    },
}
"""Language -> face -> its words: for a coloured face the words after the
colour (``"röd" + "dra två"``), for a wild face the card's whole name
(``"dra fyra"``, ``"skift farge"``). The first word is the name sentences
use (:data:`FACE_WORDS`, the rule texts' own word); the others are every
other word the rule texts and players use (``"stoppkort"``, ``"plusfyra"``,
``"hopp over"``, ``"retningsendring"``), read as input in every language.
The codes are in :data:`FACE_CODES`."""
