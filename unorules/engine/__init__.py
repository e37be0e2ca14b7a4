"""The engine: it keeps the order of play and asks the rule set's policies.

Its three jobs live in three modules: :mod:`~unorules.engine.checking`
rules on a move (:func:`check`), :mod:`~unorules.engine.generation` lists the
moves ``check`` allows (:func:`legal_moves`), and
:mod:`~unorules.engine.applying` returns the state after a move
(:func:`apply`, :func:`apply_with_events` with the move's events, see
:mod:`unorules.events`). :func:`unorules.explain` turns their answers into a
verdict.
"""

from unorules.engine.applying import apply, apply_logged, apply_with_events
from unorules.engine.checking import Ruling, check, draw_rule, play_status, rng_for
from unorules.engine.generation import legal_moves, turn_moves
from unorules.state import ENGINE

ENGINE.legal_moves = legal_moves

__all__ = [
    "Ruling",
    "apply",
    "apply_logged",
    "apply_with_events",
    "check",
    "draw_rule",
    "legal_moves",
    "play_status",
    "rng_for",
    "turn_moves",
]
