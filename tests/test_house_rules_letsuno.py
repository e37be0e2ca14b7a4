"""Property tests of the house rules uno-online (letsuno) offers and of the
rules that take a number: random sets of them, composed with random other
rules of the catalogue, give rounds that keep every invariant (cards
conserved, every state valid, the listed moves exactly the legal ones,
exact replay), round-trip through JSON and records, and each preset
``letsuno``, ``letsuno-party``, ``letsuno-crazy`` plays through.

Each rule on its own is tested with values worked out by hand in
``tests/test_rules.py`` (``test_house_revenge``, ``test_uno_none``, ...)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from test_properties import CHOICE_SEEDS, MAX_ROUND_MOVES, POOL_SIZE, check_playout

import unorules as ur
import unorules.testing as urs
from unorules.rules import presets
from unorules.serialize import dumps, loads
from unorules.state import GameState

NEW_RULES = (
    "house.stack-draw-two-on-four",
    "house.reverse-deflect",
    "house.skip-deflect",
    "house.revenge",
    "house.seven-swap",
    "house.zero-pass",
    "house.jump-in-wild",
    "house.hand-limit",
    "house.open-below",
    "uno.penalty",
    "uno.call-at-one",
    "uno.none",
    "uno.catch-any-time",
    "end.no-draw-card-last",
    "end.no-wild-last",
    "score.double",
    "house.blind-draw",
    "start.wild-skipped",
    "start.wd4-bottom",
    "challenge.penalty",
)


@st.composite
def _with_new_rules(draw: st.DrawFn) -> ur.RuleSet:
    """A random rule set of the catalogue, then a random set of the new rules
    composed in; a rule that another refuses is left out, as
    :func:`unorules.testing.rule_sets` leaves it out."""
    base = draw(urs.rule_sets())
    picked = draw(st.lists(st.sampled_from(NEW_RULES), unique=True, max_size=6))
    ids: list[str] = []
    for rid in picked:
        numbered = presets.NUMBERED.get(rid)
        if numbered is not None:
            n = draw(st.integers(numbered.lowest, min(numbered.highest, 30)))
            ids.append(f"{rid}={n}")
        elif rid == "house.jump-in-wild":
            ids += ["house.jump-in", rid]
        else:
            ids.append(rid)
    given = [
        i
        for i in base.name.split("+")[1:]
        if i.partition("=")[0] not in {j.partition("=")[0] for j in ids}
    ]
    return urs._compose_valid([*given, *ids])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=_with_new_rules(),
    players=st.integers(2, 6),
    seed=CHOICE_SEEDS,
    choice_seed=CHOICE_SEEDS,
    data=st.data(),
)
def test_a_round_under_new_house_rules_keeps_every_invariant_and_replays(
    rules: ur.RuleSet, players: int, seed: int, choice_seed: int, data: st.DataObject
) -> None:
    lo, hi = rules.deck.min_players, rules.deck.max_players
    players = max(lo, min(players, hi))
    start = ur.new_round(rules, players, seed)
    note(f"{rules.name} players={players} seed={seed} choice_seed={choice_seed}")
    pool = data.draw(
        st.lists(urs.moves(players), min_size=POOL_SIZE, max_size=POOL_SIZE),
        label="unlisted move pool",
    )
    choices = random.Random(choice_seed)
    check_playout(start, choices.randrange, pool, choices, MAX_ROUND_MOVES)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=_with_new_rules(), seed=CHOICE_SEEDS)
def test_new_house_rules_round_trip_through_json_and_records(rules: ur.RuleSet, seed: int) -> None:
    assert loads(dumps(rules), ur.RuleSet) == rules
    assert presets.get(rules.name) == rules
    state = ur.new_round(rules, max(3, rules.deck.min_players), seed)
    recorder = ur.Recorder()
    recorder.deal(state)
    rng = random.Random(seed)
    for _ in range(80):
        assert loads(dumps(state), GameState) == state
        if state.round_over:
            break
        move = rng.choice(ur.legal_moves(state))
        after = ur.apply(state, move)
        recorder.move(move, after)
        state = after
    for form in ("jsonl", "text"):
        back = ur.read_record(ur.write_record(recorder.record, form))  # type: ignore[arg-type]
        assert ur.replay(back)[0][-1] == state


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(("letsuno", "letsuno-party", "letsuno-crazy")),
    players=st.integers(2, 8),
    seed=CHOICE_SEEDS,
    choice_seed=CHOICE_SEEDS,
    data=st.data(),
)
def test_the_letsuno_presets_keep_every_invariant(
    preset: str, players: int, seed: int, choice_seed: int, data: st.DataObject
) -> None:
    start = ur.new_round(presets.get(preset), players, seed)
    pool = data.draw(
        st.lists(urs.moves(players), min_size=POOL_SIZE, max_size=POOL_SIZE),
        label="unlisted move pool",
    )
    choices = random.Random(choice_seed)
    check_playout(start, choices.randrange, pool, choices, MAX_ROUND_MOVES)
