"""Under end.play-on a seat that goes out is credited its points at once and
the others play on for their places: totals past the target inside a running
round are a state the engine reaches, and validate_state accepts it."""

from __future__ import annotations

import random

import attrs
import pytest

import unorules as ur
from unorules.cards import parse_cards


def test_points_past_the_target_while_the_others_play_on() -> None:
    rules = ur.presets.get("official+end.play-on")
    s = ur.situation(rules, ["R3", "G5 W+4 B+2", "Y9 R0 G1"], top="R7", scores=[490, 0, 0])
    after = ur.apply(s, ur.Play(0, parse_cards("R3")[0]))
    # Seat 0 goes out first: 5 + 50 + 20 + 9 + 0 + 1 = 85 points, 575 in all.
    assert after.scores == (575, 0, 0)
    assert after.finished == (0,)
    assert not after.round_over and after.current == 1
    ur.validate_state(after)  # raised "the game was already over" before
    # Without anyone out, the same totals before a round are still refused.
    with pytest.raises(ur.StateError, match="the game was already over"):
        ur.validate_state(attrs.evolve(s, scores=(575, 0, 0), round_number=2))


@pytest.mark.parametrize(
    "spec",
    [
        "official+end.play-on+score.target=60",
        "official+end.play-on+score.penalty-points+score.target=60",
        "official+end.play-on+score.elimination+score.target=60",
    ],
)
def test_whole_games_under_play_on_pass_validation_at_every_move(spec: str) -> None:
    rules = ur.presets.get(spec)
    for seed in range(4):
        rng = random.Random(seed)
        state = ur.new_game(rules, players=3, seed=seed)
        moves = 0
        while not state.game_over:
            if state.round_over:
                state = ur.next_round(state)
            else:
                state = ur.apply(state, rng.choice(ur.legal_moves(state)))
            ur.validate_state(state)
            moves += 1
            assert moves < 20_000
