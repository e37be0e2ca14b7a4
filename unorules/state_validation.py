"""State validation (:func:`validate_state`): whether a state is a position
that can exist. It asks the engine's questions, so it lives in the engine
(:mod:`unorules.engine.validation`); this module keeps its name."""

from __future__ import annotations

from unorules.engine.validation import validate_state

__all__ = ["validate_state"]
