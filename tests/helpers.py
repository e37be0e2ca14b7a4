"""Small helpers shared by the test modules."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import Iterator
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


@contextlib.contextmanager
def classic_cards_only() -> Iterator[None]:
    """The library's faces and colours alone (the classic ones and its
    editions') while in the block, as in a
    process where no table defined its own (the faces and colours of a
    process are one registry: a test module that defines some at import
    time, or a page whose examples do, leaves them to every later test of
    its worker). A command run in the block prints what a user's would."""
    from unorules.cards import faces
    from unorules.rules import editions

    tables = (faces._FACES, faces._COLORS_BY_CODE, faces._COLORS_BY_VALUE)
    saved = [dict(t) for t in tables]
    # The library's own: the classic ones and those of its editions.
    classic = (*faces.FACES, *faces.COLORS, *editions.FACES, *editions.COLORS)
    try:
        for table in tables:
            for key in [k for k, v in table.items() if v not in classic]:
                del table[key]
        yield
    finally:
        for table, before in zip(tables, saved, strict=True):
            table.clear()
            table.update(before)
