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
    "house.blitz",
    "house.shuffle-seats",
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


# --- faults found by an attack on the new rules -----------------------------------------


def test_a_listed_reverse_and_a_built_one_agree_with_a_seat_out_of_the_game() -> None:
    # Seat 1 is out (score.most-cards-out): two play on, so a Reverse is a Skip
    # and seat 0 plays again, whichever object the move is.
    rules = presets.get("official+score.most-cards-out")
    s = ur.situation(rules, ["R1 RR G2", "", "B5 B6"], top="R5", scores=[1, 0, 1])
    listed = next(m for m in ur.legal_moves(s) if str(m) == "0 play RR")
    built = ur.Play(0, ur.Card.parse("RR"))
    assert ur.apply(s, listed) == ur.apply(s, built)
    assert ur.apply(s, built).current == 0


def test_two_identical_skips_turn_a_debt_aside_as_one() -> None:
    rules = presets.get("official+house.skip-deflect+house.multiple-identical")
    s = ur.situation(
        rules, ["R1 R2 R3", "W+4 B5 B6", "GS GS G1 G2", "Y1 Y2 Y3"], top="G7", current=1
    )
    laid = ur.apply(s, ur.Play(1, ur.Card.parse("W+4"), ur.Color.GREEN))
    turned = ur.apply(laid, ur.Play(2, ur.Card.parse("GS"), count=2))
    ur.validate_state(turned)
    assert (turned.current, turned.owed) == (3, 4)


def test_a_doubled_debt_survives_a_reshuffle() -> None:
    # B+2 on Y+2 counts 4; the catch draws the last card and reshuffles, leaving
    # only B+2 on the discard pile: the state is still one that can exist.
    rules = presets.get("official+house.revenge")
    s = ur.situation(
        rules,
        ["R1 R2 R3", "B+2 B5", "Y1 Y2 Y3"],
        top="Y+2",
        current=1,
        draw_pile="G1",
        discard_pile="R9 Y+2",
    )
    laid = ur.apply(s, ur.Play(1, ur.Card.parse("B+2")))
    assert laid.owed == 4
    caught = ur.apply(laid, ur.CatchUno(2, 1))
    ur.validate_state(caught)
    assert caught.owed == 4


def test_a_pass_at_the_hand_limit_closes_the_other_seats_uno_call() -> None:
    rules = presets.get("official+house.hand-limit=3")
    s = ur.situation(rules, ["R1 B2", "G3 G4 G5", "Y1 Y2 Y3"], top="R7", draw_pile="W Y9")
    s = ur.apply(ur.apply(ur.apply(s, ur.CallUno(0)), ur.Draw(0)), ur.Pass(0))
    after = ur.apply(s, ur.Pass(1))
    ur.validate_state(after)
    assert after.uno_called is None


def test_a_round_where_nobody_can_play_or_draw_ends_without_a_winner() -> None:
    # Both hold two cards under a limit of 2 and nothing fits the red 7: the
    # first pass ends the round, nobody wins and nobody scores.
    rules = presets.get("official+house.hand-limit=2")
    s = ur.situation(rules, ["B3 B4", "G2 G9"], top="R7")
    over = ur.apply(s, ur.Pass(0))
    assert over.round_over and over.winner is None and over.scores == (0, 0)
    verdict = ur.explain(s, ur.Pass(0))
    assert "the round ends without a winner" in verdict.headline
    # One of them can still play: the round goes on.
    on = ur.apply(ur.situation(rules, ["B3 B4", "R2 G9"], top="R7"), ur.Pass(0))
    assert not on.round_over and on.current == 1


def test_the_headline_names_both_partners_and_who_leaves_the_game() -> None:
    teams = presets.get("official+house.teams")
    s = ur.situation(teams, ["R3", "B2 Y7", "G9", "Y1"], top="R7", scores=(490, 10, 490, 10))
    verdict = ur.explain(s, ur.Play(0, ur.Card.parse("R3")))
    assert "seat 0 and seat 2 score 10 points" in verdict.headline
    assert verdict.next == "The game is over: seat 0 and seat 2 win it."
    most = presets.get("official+score.most-cards-out")
    s = ur.situation(most, ["R3", "B2 Y7", "G9"], top="R7")
    verdict = ur.explain(s, ur.Play(0, ur.Card.parse("R3")))
    assert "scores" not in verdict.headline
    assert "seat 1 holds the most cards and leaves the game" in verdict.headline


def test_the_page_spells_numbers_and_targets_once() -> None:
    from unorules.web import rule_set, rules_title

    spec = rule_set(
        "svenska",
        {
            "house.open-below": "house.open-below=5",
            "end.last-card-draw-applies": "end.last-card-draw-applies",
        },
    )
    assert spec == "official+house.open-below=5"
    # Spelled from the official rules, letsuno keeps its 1000 points.
    spec = rule_set("letsuno", {"uno.catch-any-time": "uno.window-closes"})
    assert presets.get(spec).target == 1000
    assert rules_title("official+house.hand-limit=20") == "“Official rules + Hand limit 20”"
