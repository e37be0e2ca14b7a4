"""Small helpers shared by the test modules."""

from __future__ import annotations

import itertools
from collections import Counter
from types import ModuleType

import unorules as ur


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` is compiled with mypyc (the opt-in build): its
    functions then have no docstrings or signatures."""
    return not (module.__file__ or "").endswith(".py")


def card(code: str) -> ur.Card:
    """One card from its code, e.g. ``card("R7")``."""
    return ur.Card.parse(code)


def cards(codes: str) -> tuple[ur.Card, ...]:
    """Cards from codes separated by spaces, e.g. ``cards("R7 W+4")``."""
    return tuple(ur.Card.parse(c) for c in codes.split())


def rules(spec: str = "official") -> ur.RuleSet:
    """A rule set from a preset string."""
    return ur.presets.get(spec)


def sizes(state: ur.GameState) -> tuple[int, ...]:
    """How many cards each seat holds."""
    return tuple(len(h) for h in state.hands)


def all_cards(state: ur.GameState) -> Counter[ur.Card]:
    """Every card of a state: hands, both piles and the cards out of play."""
    return Counter(
        itertools.chain(*state.hands, state.draw_pile, state.discard_pile, state.out_of_play)
    )
