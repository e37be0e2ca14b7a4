"""Property tests of each edition's preset: random games under it keep every
card (none lost or made), every state valid (the library's own
``validate_state`` and the invariants of ``test_properties``), replay
exactly from their seed and move choices, and round-trip through JSON.

The editions' rules one by one are tested in ``tests/test_rules.py``
(``test_all_wild_*``), with values worked out by hand."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from test_properties import CHOICE_SEEDS, MAX_ROUND_MOVES, POOL_SIZE, check_playout

import unorules as ur
import unorules.testing as urs
from unorules.play.bots import make_bot, play_round
from unorules.serialize import dumps, loads
from unorules.state import GameState

EDITIONS = ("all-wild",)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(EDITIONS),
    players=st.integers(2, 10),
    seed=CHOICE_SEEDS,
    choice_seed=CHOICE_SEEDS,
    data=st.data(),
)
def test_a_round_of_an_edition_keeps_every_invariant_and_replays(
    edition: str, players: int, seed: int, choice_seed: int, data: st.DataObject
) -> None:
    rules = ur.presets.get(edition)
    start = ur.new_round(rules, players, seed)
    note(f"{edition} players={players} seed={seed} choice_seed={choice_seed}")
    pool = data.draw(
        st.lists(urs.moves(players), min_size=POOL_SIZE, max_size=POOL_SIZE),
        label="unlisted move pool",
    )
    choices = random.Random(choice_seed)
    # Every step: the invariants, every listed move legal, no unlisted move
    # from the pool legal; at the end the replay from the same choices.
    check_playout(start, choices.randrange, pool, choices, MAX_ROUND_MOVES)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), players=st.integers(2, 6), seed=CHOICE_SEEDS)
def test_the_states_of_an_edition_round_trip_through_json(
    edition: str, players: int, seed: int
) -> None:
    rules = ur.presets.get(edition)
    state = ur.new_round(rules, players, seed)
    rng = random.Random(seed)
    assert loads(dumps(rules), ur.RuleSet) == rules
    for _ in range(60):
        assert loads(dumps(state), GameState) == state
        if state.round_over:
            break
        move = rng.choice(ur.legal_moves(state))
        assert loads(dumps(move), ur.Move) == move  # type: ignore[arg-type]
        state = ur.apply(state, move)


def test_the_heuristic_bot_plays_an_edition_sensibly() -> None:
    """Not only legally: against two random players, the heuristic bot (a
    named draw at the smallest hand, a swap only for a smaller hand, draws
    and skips at a player close to going out) wins far more than the third
    of the rounds chance would give. 60 seeded rounds: deterministic."""
    for edition in EDITIONS:
        rules = ur.presets.get(edition)
        wins = 0
        for seed in range(60):
            bots = [make_bot("heuristic", seed), make_bot("random", seed + 1)]
            bots.append(make_bot("random", seed + 2))
            last = play_round(rules, bots, seed)
            assert last.round_over
            wins += last.winner == 0
        assert wins >= 40, (edition, wins)
