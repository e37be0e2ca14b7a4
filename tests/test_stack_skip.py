"""``house.stack-skip``: a Skip may answer a Skip; the skip passes on to the
next seat; a seat that cannot or will not answer is skipped. The rule is a
stacking policy only: the engine knows a pending skip as it knows cards owed."""

from __future__ import annotations

import json

import pytest
from helpers import rules

import unorules as ur
from unorules.play.simulate import simulate
from unorules.serialize import dumps, loads

SPEC = "official+house.stack-skip"


def card(code: str) -> ur.Card:
    return ur.Card.parse(code)


def cards(codes: str) -> tuple[ur.Card, ...]:
    return tuple(card(c) for c in codes.split())


def play(seat: int, code: str, count: int = 1) -> ur.Play:
    return ur.Play(seat, card(code), count=count)


def four_seats(spec: str = SPEC) -> ur.GameState:
    # Seat 0 holds RS, seat 1 BS, seat 2 no Skip, seat 3 GS.
    return ur.situation(rules(spec), ["RS G3 G4", "BS Y9 Y8", "G1 G2 G6", "GS B1 B2"], top="R5")


def test_the_explained_steps() -> None:
    s = four_seats()
    laid = ur.explain(s, play(0, "RS"))
    assert laid.legal and laid.rule_ids[-2:] == ("action.skip", "house.stack-skip")
    assert laid.effects[-1] == (
        "action.skip",
        "seat 1 is skipped unless it answers with a card the stacking rules allow",
    )
    after = ur.apply(s, play(0, "RS"))
    answer = ur.explain(after, play(1, "BS"))
    assert answer.legal and answer.rule_ids == ("house.stack-skip", "action.skip")
    assert answer.reason == "BS may answer RS: the skip passes on"
    assert answer.effects[-1] == (
        "action.skip",
        "seat 2 is skipped unless it answers with a card the stacking rules allow",
    )
    wrong = ur.explain(after, play(1, "Y9"))
    assert not wrong.allowed and wrong.rule_ids == ("house.stack-skip",)
    assert wrong.reason == (
        "seat 1 is skipped after RS unless it answers with a card the stacking rules allow; "
        "Y9 cannot answer it"
    )
    passed = ur.explain(after, ur.Pass(1))
    assert passed.legal and passed.effects == (
        ("house.stack-skip", "seat 1 does not answer: seat 1 is skipped"),
    )
    assert passed.state is not None and passed.state.current == 2


def test_three_skips_in_a_row_and_the_fourth_seat_takes_it() -> None:
    s = four_seats()
    s = ur.apply(s, play(0, "RS"))
    s = ur.apply(s, play(1, "BS"))
    # Seat 2 has no Skip: its only moves are to take the skip.
    assert ur.legal_moves(s) == (ur.Pass(2),)
    s = ur.apply(s, ur.Pass(2))
    assert (s.current, s.phase) == (3, ur.Phase.TURN)


def test_several_skips_laid_together_skip_as_many_seats() -> None:
    spec = SPEC + "+house.multiple-identical"
    s = ur.situation(rules(spec), ["RS RS G4", "B1 Y9", "G1 G2", "B7 B8"], top="R5")
    s = ur.apply(s, play(0, "RS", count=2))
    assert s.pending == ur.Pending(
        ur.PendingKind.SKIP, 1, 2, card("RS"), ("house.stack-skip", "action.skip")
    )
    verdict = ur.explain(s, ur.Pass(1))
    assert verdict.effects == (
        ("house.stack-skip", "seat 1 does not answer: seats 1, 2 are skipped"),
    )
    assert verdict.state is not None and verdict.state.current == 3


def test_a_jump_in_with_the_identical_skip_passes_it_on() -> None:
    spec = SPEC + "+house.jump-in"
    s = ur.situation(rules(spec), ["RS G3 G4", "B1 Y9", "RS G2 G6", "B7 B8"], top="R5")
    s = ur.apply(s, play(0, "RS"))
    assert s.current == 1
    # Seat 2 holds the identical RS and jumps in: the skip passes to seat 3.
    verdict = ur.explain(s, play(2, "RS"))
    assert verdict.legal, verdict.text
    assert (
        "house.jump-in",
        "the skip on seat 1 passed on with the jump-in; play goes on from the jumper",
    ) in verdict.effects
    after = verdict.state
    assert after is not None and after.pending is not None
    assert (after.current, after.pending.seat) == (3, 3)


def test_the_rule_composes_with_stacking_draw_cards() -> None:
    r = rules(SPEC + "+house.stack-draw-two")
    assert r.stacking.rule_ids == ("house.stack-draw-two", "house.stack-skip")
    assert r.stacking.answers(card("RS"), card("GS"), ur.Color.RED) == "house.stack-skip"
    assert r.stacking.answers(card("R+2"), card("G+2"), ur.Color.RED) == "house.stack-draw-two"
    assert r.stacking.answers(card("RS"), card("G+2"), ur.Color.RED) is None


def test_a_two_player_reverse_is_not_answerable() -> None:
    # With two players a Reverse acts as a Skip (action.two-player-reverse); the
    # rule lets only a Skip be answered.
    s = ur.situation(rules(SPEC), ["RR G3", "BS Y9"], top="R5")
    after = ur.apply(s, play(0, "RR"))
    assert (after.current, after.phase, after.pending) == (0, ur.Phase.TURN, None)


def test_the_pending_skip_round_trips_through_json() -> None:
    s = ur.apply(four_seats(), play(0, "RS"))
    text = dumps(s)
    data = json.loads(text)
    assert data["format"] == 2
    assert data["pending"] == {
        "kind": "skip",
        "seat": 1,
        "amount": 1,
        "card": "RS",
        "rule_ids": ["house.stack-skip", "action.skip"],
    }
    assert loads(text, ur.GameState) == s


def test_a_pending_skip_that_cannot_exist_is_refused() -> None:
    s = ur.apply(four_seats(), play(0, "RS"))
    data = json.loads(dumps(s))
    data["pending"]["amount"] = 2  # one Skip on top skips one seat
    with pytest.raises(ur.StateError, match=r"pending\.amount: 2 turns lost"):
        loads(json.dumps(data), ur.GameState)
    plain = json.loads(dumps(ur.apply(four_seats("official"), play(0, "RS"))))
    plain.update(
        phase="owe",
        current=1,
        pending=data["pending"] | {"amount": 1, "rule_ids": ["action.skip"]},
    )
    with pytest.raises(ur.StateError, match="stacking rules let RS be answered"):
        loads(json.dumps(plain), ur.GameState)


def test_a_timeout_while_a_skip_is_pending_loses_the_turn() -> None:
    s = ur.apply(four_seats(SPEC + "+house.timed-turns"), play(0, "RS"))
    after = ur.apply(s, ur.Timeout(1))
    assert (after.current, after.phase, after.pending) == (2, ur.Phase.TURN, None)
    assert len(after.hands[1]) == 4  # the timeout's one card


def test_games_under_the_rule_play_to_the_end() -> None:
    result = simulate(SPEC, ["heuristic", "random", "heuristic", "random"], rounds=30, seed=3)
    assert len(result.records) == 30
    # Every round ended: someone went out or the piles ran out.
    assert all(r.winner is not None or r.exhausted for r in result.records)
