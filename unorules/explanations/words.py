"""The table's words in English, Swedish and Norwegian Bokmål: the verbs,
clauses and directions the notation reads (:data:`VERB_WORDS`,
:data:`CLAUSE_WORDS`, :data:`DIRECTION_WORDS`). What the cards and colours
are called is data of the cards (:mod:`unorules.cards.words`), offered here
too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from unorules.cards.words import (
    ARTICLES,
    CARD_NOUNS,
    COLOUR_CODES,
    COLOUR_SYNONYMS,
    COLOUR_WORDS,
    FACE_CODES,
    FACE_SYNONYMS,
    FACE_WORDS,
    NUMBER_WORDS,
    card_name,
    colour_name,
)

__all__ = [
    "ARTICLES",
    "CARD_NOUNS",
    "CLAUSE_WORDS",
    "COLOUR_CODES",
    "COLOUR_SYNONYMS",
    "COLOUR_WORDS",
    "DIRECTION_WORDS",
    "FACE_CODES",
    "FACE_SYNONYMS",
    "FACE_WORDS",
    "NUMBER_WORDS",
    "VERB_WORDS",
    "card_name",
    "colour_name",
]

VERB_WORDS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "en": {
        "play": ("play", "plays", "lay", "lays"),
        "draw": ("draw", "draws", "take", "takes"),
        "pass": ("pass", "passes", "keep", "keeps"),
        "choose": ("color", "colour", "name", "names", "choose", "chooses"),
        "call": ("call", "calls", "say", "says"),
        "uno": ("uno", "uno!"),
        "catch": ("catch", "catches"),
        "challenge": ("challenge", "challenges"),
        "timeout": ("timeout", "timeouts"),
        "swap": ("swap", "swaps", "with"),
        "seat": ("seat", "player"),
    },
    "sv": {
        "play": ("spela", "spelar", "lägg", "lägger"),
        "draw": ("dra", "drar", "ta", "tar"),
        "pass": ("passa", "passar", "behåll", "behåller"),
        "choose": ("välj", "väljer", "färg"),
        "call": ("säg", "säger", "ropa", "ropar"),
        "uno": (),
        "catch": ("fånga", "fångar", "påpeka", "påpekar"),
        "challenge": ("utmana", "utmanar", "syna", "synar"),
        "timeout": (),
        "swap": ("byt", "byter", "med"),
        "seat": (),
    },
    "nb": {
        "play": ("spill", "spiller", "legg", "legger"),
        "draw": ("trekk", "trekker"),
        "pass": ("pass", "passer", "behold", "beholder"),
        "choose": ("velg", "velger", "farge"),
        "call": ("si", "sier", "rop", "roper"),
        "uno": (),
        "catch": ("fang", "fanger", "ta", "tar", "påpeke", "påpeker"),
        "challenge": ("utfordre", "utfordrer"),
        "timeout": (),
        "swap": ("bytt", "bytter", "med"),
        "seat": (),
    },
}
"""Language -> verb -> its words in a move. The verbs: ``play``, ``draw``,
``pass``, ``choose`` (a colour), ``call`` (before ``uno``), ``uno``, ``catch``,
``challenge``, ``timeout``, ``swap`` (hands, after a card) and ``seat``
(before a seat number). ``ta``/``tar`` is Swedish for draw and Norwegian for
catch: followed by a seat or a name it catches, alone it draws."""

CLAUSE_WORDS: Final[Mapping[str, Mapping[str, tuple[str, ...]]]] = {
    "en": {
        "top": ("top",),
        "hands": ("hands", "hand"),
        "turn": ("turn", "current"),
        "dir": ("dir", "direction"),
        "color": ("color", "colour"),
        "draw": ("draw",),
        "discard": ("discard",),
        "dealer": ("dealer",),
        "seed": ("seed",),
        "scores": ("scores", "score"),
        "names": ("names",),
        "clock": ("clock",),
    },
    "sv": {
        "top": ("topp",),
        "hands": ("händer", "hand"),
        "turn": ("tur",),
        "dir": ("riktning",),
        "color": ("färg",),
        "draw": ("draghög", "draghögen"),
        "discard": ("slänghög", "slänghögen"),
        "dealer": ("giv", "givare", "givaren"),
        "seed": ("slumptal",),
        "scores": ("poäng",),
        "names": ("namn",),
        "clock": ("klocka", "klockan"),
    },
    "nb": {
        "top": ("topp",),
        "hands": ("hender", "hånd", "hand"),
        "turn": ("tur",),
        "dir": ("retning",),
        "color": ("farge",),
        "draw": ("trekkebunke", "trekkebunken", "trekkbunke", "trekkbunken", "bunke", "bunken"),
        "discard": ("kastebunke", "kastebunken"),
        "dealer": ("giver", "kortgiver"),
        "seed": ("slumptall", "frø"),
        "scores": ("poeng",),
        "names": ("navn",),
        "clock": ("klokke", "klokka"),
    },
}
"""Language -> situation clause -> its keywords (``topp röd 7; händer ...``)."""

DIRECTION_WORDS: Final[Mapping[str, Mapping[int, tuple[str, ...]]]] = {
    "en": {
        1: ("cw", "clockwise", "+1", "1"),
        -1: (
            "ccw",
            "counterclockwise",
            "counter-clockwise",
            "anticlockwise",
            "anti-clockwise",
            "-1",
        ),
    },
    "sv": {1: ("medurs", "medsols"), -1: ("moturs", "motsols")},
    "nb": {1: ("medurs", "medsols"), -1: ("moturs", "motsols")},
}
"""Language -> direction (``1`` clockwise, ``-1`` counter-clockwise) -> its words."""
