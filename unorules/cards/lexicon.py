"""The words of the classic colours and faces, as data: what each is called
in English, Swedish and Norwegian Bokmål, the other words players use for it,
and its codes. Keyed by the colour's English name and the face's code, so that
:mod:`unorules.cards.faces` builds its records from it and nothing here names
a type.

The Swedish and Norwegian words are those the rule texts use (``Dra två``,
``Hoppa över``, ``Välj färg``; ``Trekk 2``, ``Stå over``, ``Snu``,
``Skift farge``); the Norwegian Wild Draw Four is the short form of the rule
text's "skift farge og trekk 4", which is read too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = [
    "ARTICLES",
    "CARD_NOUNS",
    "COLOUR_CODES",
    "COLOUR_WORDS",
    "FACE_CODES",
    "FACE_NAMES",
    "FACE_WORDS",
    "NUMBER_WORDS",
]

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

COLOUR_WORDS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "red": {"en": ("red",), "sv": ("röd", "röda", "rött"), "nb": ("rød", "røde", "rødt")},
    "yellow": {"en": ("yellow",), "sv": ("gul", "gula", "gult"), "nb": ("gul", "gule", "gult")},
    "green": {
        "en": ("green",),
        "sv": ("grön", "gröna", "grönt"),
        "nb": ("grønn", "grønne", "grønt"),
    },
    "blue": {"en": ("blue",), "sv": ("blå", "blåa", "blått"), "nb": ("blå", "blått")},
}
"""Colour -> language -> its words, first the plain form and name (``"röd"``),
then the forms a sentence bends it into (``"röda sjuan"``, ``"väljer rött"``)."""

COLOUR_CODES: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "red": {"en": ("R",), "sv": ("R",), "nb": ("R",)},
    "yellow": {"en": ("Y",), "sv": ("Y", "Gu"), "nb": ("Y", "Gu")},
    "green": {"en": ("G",), "sv": ("Gr",), "nb": ("Gr",)},
    "blue": {"en": ("B",), "sv": ("B",), "nb": ("B",)},
}
"""Colour -> language -> the codes that stand for it, alone (``0 color Gr``)
or before a face (``Gu7``, ``GrS``). In English G is green; in Swedish and
Norwegian a bare G is refused (gul or grön/grønn?), yellow is ``Gu`` or ``Y``
and green ``Gr``. Output always uses the English codes."""

FACE_NAMES: Final[Mapping[str, Mapping[str, str]]] = {
    "0": {"en": "0", "sv": "0", "nb": "0"},
    "1": {"en": "1", "sv": "1", "nb": "1"},
    "2": {"en": "2", "sv": "2", "nb": "2"},
    "3": {"en": "3", "sv": "3", "nb": "3"},
    "4": {"en": "4", "sv": "4", "nb": "4"},
    "5": {"en": "5", "sv": "5", "nb": "5"},
    "6": {"en": "6", "sv": "6", "nb": "6"},
    "7": {"en": "7", "sv": "7", "nb": "7"},
    "8": {"en": "8", "sv": "8", "nb": "8"},
    "9": {"en": "9", "sv": "9", "nb": "9"},
    "S": {"en": "skip", "sv": "Hoppa över", "nb": "Stå over"},
    "R": {"en": "reverse", "sv": "Byt riktning", "nb": "Snu"},
    "+2": {"en": "draw two", "sv": "Dra två", "nb": "Trekk 2"},
    "W": {"en": "wild", "sv": "Välj färg", "nb": "Skift farge"},
    "W+4": {"en": "wild draw four", "sv": "Dra fyra", "nb": "Trekk 4"},
    "WS": {"en": "wild shuffle hands", "sv": "Blanda händer", "nb": "Stokkekort"},
    "WX": {"en": "wild swap hands", "sv": "Byt händer", "nb": "Bytt hender"},
    "WC": {"en": "wild customizable", "sv": "blankt kort", "nb": "blankt kort"},
}
"""Face code -> language -> the name sentences use (a number face is its digit)."""

FACE_WORDS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "0": {"en": ("zero",), "sv": ("noll", "nolla", "nollan"), "nb": ("null", "nuller")},
    "1": {"en": ("one",), "sv": ("ett", "en", "etta", "ettan"), "nb": ("en", "én", "ett", "ener")},
    "2": {"en": ("two",), "sv": ("två", "tvåa", "tvåan"), "nb": ("to", "toer")},
    "3": {"en": ("three",), "sv": ("tre", "trea", "trean"), "nb": ("tre", "treer")},
    "4": {"en": ("four",), "sv": ("fyra", "fyran"), "nb": ("fire", "firer")},
    "5": {"en": ("five",), "sv": ("fem", "femma", "femman"), "nb": ("fem", "femmer")},
    "6": {"en": ("six",), "sv": ("sex", "sexa", "sexan"), "nb": ("seks", "sekser")},
    "7": {"en": ("seven",), "sv": ("sju", "sjua", "sjuan"), "nb": ("sju", "syv", "sjuer", "syver")},
    "8": {"en": ("eight",), "sv": ("åtta", "åttan"), "nb": ("åtte", "åtter")},
    "9": {"en": ("nine",), "sv": ("nio", "nia", "nian"), "nb": ("ni", "nier")},
    "S": {
        "en": ("skip",),
        "sv": ("hoppa över", "hoppa över-kort", "stopp", "stoppkort", "stoppkortet"),
        "nb": ("stå over", "stå over-kort", "stå over-kortet", "hopp over", "stopp", "stoppkort"),
    },
    "R": {
        "en": ("reverse",),
        "sv": ("byt riktning", "vänd", "vändkort", "vändkortet"),
        "nb": ("snu", "snu-kort", "snu-kortet", "snukort", "retningsendring"),
    },
    "+2": {
        "en": ("draw two", "draw 2"),
        "sv": ("dra två", "ta två", "dra 2", "ta 2", "plustvåa", "plus två", "plus 2"),
        "nb": ("trekk 2", "trekk 2-kort", "trekk 2-kortet", "trekk to", "pluss to", "pluss 2"),
    },
    "W": {
        "en": ("wild",),
        "sv": (
            "välj färg",
            "välj färg-kort",
            "färgbyte",
            "byt färg",
            "joker",
            "jokern",
            "jokerkort",
            "jokerkortet",
        ),
        "nb": (
            "skift farge",
            "skift farge-kort",
            "skift farge-kortet",
            "fargeskift",
            "bytt farge",
            "joker",
            "jokeren",
            "jokerkort",
        ),
    },
    "W+4": {
        "en": ("wild draw four", "wild draw 4", "wild +4"),
        "sv": (
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
        "nb": (
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
    },
    "WS": {
        "en": ("wild shuffle hands", "wild shuffle", "shuffle hands"),
        "sv": ("blanda händer",),
        "nb": ("stokkekort", "stokkekortet", "stokk hendene"),
    },
    "WX": {
        "en": ("wild swap hands", "wild swap", "swap hands"),
        "sv": ("byt händer",),
        "nb": ("bytt hender",),
    },
    "WC": {
        "en": ("wild customizable", "wild customisable", "customizable", "blank"),
        "sv": ("blankt kort", "blankt"),
        "nb": ("blankt kort", "blankt"),
    },
}
"""Face code -> language -> the words read for it: for a coloured face the
words after the colour (``"röd" + "dra två"``), for a wild face the card's
whole name (``"dra fyra"``, ``"skift farge"``); a number's words and card
nouns (``"sju"``, ``"sjua"``) for a number face."""

FACE_CODES: Final[Mapping[str, tuple[str, ...]]] = {
    "0": ("0",),
    "1": ("1",),
    "2": ("2",),
    "3": ("3",),
    "4": ("4",),
    "5": ("5",),
    "6": ("6",),
    "7": ("7",),
    "8": ("8",),
    "9": ("9",),
    "S": ("s",),
    "R": ("r",),
    "+2": ("+2", "d2"),
    "W": ("w",),
    "W+4": ("w+4", "wd4", "+4"),
    "WS": ("ws",),
    "WX": ("wx",),
    "WC": ("wc",),
}
"""Face code -> its codes in every language (lower case): after a colour code
or word for a coloured face (``R7``, ``röd +2``), alone for a wild card
(``W+4``, ``+4``)."""
