"""Other editions of the game, each a deck as data and the policies its
printed rules need: :mod:`~unorules.rules.editions.all_wild` (UNO All Wild),
:mod:`~unorules.rules.editions.no_mercy` (UNO Show 'em No Mercy) and
:mod:`~unorules.rules.editions.flip` (UNO Flip).

An edition names no engine module and no engine module names it: its faces
are records (:meth:`unorules.cards.Face.define`), its deck and its cards'
effects are policies, and its rules are IDs of the catalogue that a preset
puts together (``presets.get("all-wild")``).
"""

from unorules.cards import Color, Face
from unorules.rules.editions import all_wild, flip, no_mercy

__all__ = ["COLORS", "FACES", "all_wild", "flip", "no_mercy"]

FACES: tuple[Face, ...] = tuple(
    dict.fromkeys(f for f in (*all_wild.FACES, *no_mercy.FACES, *flip.FACES) if f not in set(Face))
)
"""The faces the editions define, beyond the classic ones, in the order the
editions list them (the glossary shows their words and codes)."""

COLORS: tuple[Color, ...] = tuple(c for c in flip.DARK_COLORS if c not in set(Color))
"""The colours the editions define, beyond the classic ones (UNO Flip's
dark side: pink, teal, orange, purple)."""
