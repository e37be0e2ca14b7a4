"""What a bot may see of the UNO calls, and the move parser in the public
API (issue #23, item 12)."""

from __future__ import annotations

import random

import pytest

import unorules as ur
from unorules.play.bots import HeuristicBot

HANDS = ["R1 R2", "B3 B4 B5", "G5 G6"]


def missed(spec: str = "official") -> ur.GameState:
    """Seat 0 lays its second-to-last card without calling UNO."""
    state = ur.situation(ur.presets.get(spec), HANDS, top="R7")
    return ur.apply(state, ur.parse_move("0 play R1"))


def test_the_view_tells_who_may_be_caught_and_by_whom() -> None:
    state = missed()
    assert [state.view(s).uno_missed for s in range(3)] == [0, 0, 0]
    # Seat 0 cannot catch itself; seats 1 and 2 may catch seat 0.
    assert [state.view(s).may_catch for s in range(3)] == [None, 0, 0]
    assert state.view(1).open_hands is None  # and sees no hidden hand


def test_a_call_is_public_and_leaves_nobody_to_catch() -> None:
    state = ur.situation(ur.presets.official(), HANDS, top="R7")
    state = ur.apply(state, ur.parse_move("0 uno"))
    state = ur.apply(state, ur.parse_move("0 play R1"))
    view = state.view(2)
    assert (view.uno_called, view.uno_missed, view.may_catch) == (0, None, None)


def test_a_closed_window_leaves_the_missed_call_uncalled_and_uncatchable() -> None:
    # uno.call: once the next seat has drawn, the catch window is closed.
    state = ur.apply(missed(), ur.parse_move("1 draw"))
    view = state.view(2)
    assert (view.uno_missed, view.uncalled, view.may_catch) == (None, (0,), None)
    # uno.window-until-play: drawing does not close it.
    state = ur.apply(missed("official+uno.window-until-play"), ur.parse_move("1 draw"))
    assert [state.view(s).may_catch for s in range(3)] == [None, 0, 0]


@pytest.mark.parametrize("spec", ["official", "kitchen-table", "official+uno.window-until-play"])
def test_may_catch_is_the_catch_legal_moves_lists(spec: str) -> None:
    rng = random.Random(spec)
    rules = ur.presets.get(spec)
    caught = 0
    for seed in range(6):
        state = ur.new_round(rules, 3, seed=seed)
        while not state.round_over and state.turns < 300:
            moves = ur.legal_moves(state)
            for seat in range(3):
                targets = [
                    m.target for m in moves if isinstance(m, ur.CatchUno) and m.player == seat
                ]
                assert state.view(seat).may_catch == (targets[0] if targets else None)
                caught += bool(targets)
            # Prefer plays that forget to call, so that catches come up.
            plays = [m for m in moves if not isinstance(m, ur.CallUno)]
            state = ur.apply(state, rng.choice(plays or moves))
    assert caught > 0


def test_the_heuristic_bot_catches_whom_its_view_names() -> None:
    state = missed()
    moves = tuple(m for m in ur.legal_moves(state) if m.player == 2)
    assert HeuristicBot().react(state, 2, moves) == ur.CatchUno(2, 0)
    # Without a catch in its view it does not catch (the missed seat itself calls).
    own = tuple(m for m in ur.legal_moves(state) if m.player == 0)
    assert HeuristicBot().react(state, 0, own) == ur.CallUno(0)


def test_parse_move_is_public() -> None:
    assert "parse_move" in ur.__all__ and "parse_moves" in ur.__all__
    assert ur.parse_move("2 catch 0") == ur.CatchUno(2, 0)
    assert ur.parse_move("Bo lägger R1", lang="sv", names=("Anna", "Bo")) == ur.Play(
        1, ur.Card.parse("R1")
    )
    assert ur.format_move(ur.parse_move("0 play W+4 blue")) == "0 play W+4 blue"
    with pytest.raises(ur.NotationError, match="column"):
        ur.parse_move("0 play R1; 1 draw")
