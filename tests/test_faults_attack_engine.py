"""Faults found by a tester: void calls and catches, states that cannot
exist, situations that cannot arise, reasons and citations.

Every expected value is worked out by hand from RULES.md: who holds which
cards, whose turn it is, and which rule ID decides.
"""

from __future__ import annotations

import json

import pytest

import unorules as ur
from unorules import serialize as S

R = ur.presets.official()


# --- 1. a call or catch that does not count returns the very same state ----------


@pytest.mark.parametrize("move", [ur.CallUno(0), ur.CallUno(1), ur.CatchUno(1, 0), ur.CatchUno(2, 1)])
def test_void_move_during_wild_start_colour_choice_changes_nothing(move: ur.Move) -> None:
    # seed 16 turns up a Wild: seat 0 names the colour before the first move;
    # every hand holds 7 cards, so no call is due and nobody can be caught.
    s = ur.new_round(R, players=3, seed=16)
    assert (s.phase, s.discard_pile[-1].code, s.turns) == (ur.Phase.CHOOSE_COLOR, "W", 0)
    assert ur.check(s, move).void
    after = ur.apply(s, move)
    assert after is s
    ur.validate_state(after)


def test_void_call_in_turn_keeps_the_move_count() -> None:
    s = ur.situation(R, ["R3 G5 B7", "B2 B9"], top="R7")
    assert ur.check(s, ur.CallUno(1)).void  # seat 1 holds 2 cards out of turn
    assert ur.apply(s, ur.CallUno(1)) is s
    assert ur.apply(s, ur.CatchUno(1, 0)) is s  # seat 0 holds 3 cards
