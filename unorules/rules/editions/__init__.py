"""Other editions of the game, each a deck as data and the policies its
printed rules need: :mod:`~unorules.rules.editions.all_wild` (UNO All Wild)
and :mod:`~unorules.rules.editions.no_mercy` (UNO Show 'em No Mercy).

An edition names no engine module and no engine module names it: its faces
are records (:meth:`unorules.cards.Face.define`), its deck and its cards'
effects are policies, and its rules are IDs of the catalogue that a preset
puts together (``presets.get("all-wild")``).
"""

from unorules.cards import Face
from unorules.rules.editions import all_wild, no_mercy

__all__ = ["FACES", "all_wild", "no_mercy"]

FACES: tuple[Face, ...] = tuple(f for f in (*all_wild.FACES, *no_mercy.FACES) if f not in set(Face))
"""The faces the editions define, beyond the classic ones, in the order the
editions list them (the glossary shows their words and codes)."""
