"""Cards: colours, faces, the card type, its short codes, and the decks.

Short codes (case-insensitive on input, upper case on output):

===========  =========================================
code         card
===========  =========================================
``R7``       a number card: colour letter ``R`` ``Y`` ``G`` ``B`` and 0–9
``RS``       Skip of that colour
``RR``       Reverse of that colour
``R+2``      Draw Two of that colour
``W``        Wild
``W+4``      Wild Draw Four
``WS``       Wild Shuffle Hands
``WX``       Wild Swap Hands
``WC``       Wild Customizable (the blank card)
===========  =========================================

Long names are accepted too, in English, Swedish and Norwegian (the words of
:mod:`unorules.cards.words`): ``"red 7"``, ``"blue skip"``,
``"green draw two"``, ``"wild draw four"``, ``"röd sjua"``, ``"gul ta två"``,
``"dra fyra"``, ``"rød 7"``, ``"blå trekk 2"``, ``"skift farge"``.

The colour codes depend on the language the text is read in: in English
``R Y G B``; in Swedish and Norwegian ``R``, ``Y`` or ``Gu`` (gul), ``Gr``
(grön, grønn) and ``B``, where a bare ``G`` is refused because it could be
either. Output always uses the English codes.

Rule IDs: ``deck.classic-108``.
"""

from __future__ import annotations

from unorules.cards.card import (
    ALL_CARDS,
    Card,
    card_expected,
    classic_108,
    colour_expected,
    format_cards,
    parse_cards,
    parse_color,
)
from unorules.cards.faces import COLORS, Color, Face

__all__ = [
    "ALL_CARDS",
    "COLORS",
    "Card",
    "Color",
    "Face",
    "card_expected",
    "classic_108",
    "colour_expected",
    "format_cards",
    "parse_cards",
    "parse_color",
]
