"""Effects as typed events (unorules.events), their English (explanations.sentences),
and the legal_moves answer kept on the state."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import attrs
import pytest
from helpers import card, rules

import unorules as ur
from unorules.cli import main
from unorules.engine import generation
from unorules.events import (
    CardsDrawn,
    CardsLaid,
    ChallengeSucceeded,
    DebtOwed,
    DrawCause,
    DrawsNothing,
    Event,
    HandsPassedOn,
    RoundScored,
    SeatsSkipped,
    UnoMissing,
    WentOut,
)
from unorules.explanations.sentences import render
from unorules.serialize import dumps, event_json

ENGINE = Path(ur.__file__).parent / "engine"


def events_of(state: ur.GameState, move: ur.Move) -> tuple[Event, ...]:
    """The events of ``move``, checked against apply and explain on the way:
    the same state as apply, and explain's effects are their English."""
    after, events = ur.apply_with_events(state, move)
    assert after == ur.apply(state, move)
    verdict = ur.explain(state, move)
    assert verdict.events == events
    assert verdict.effects == tuple((e.rule_id, render(e)) for e in events)
    return events


# --- the events of moves, worked out by hand ------------------------------------------


def test_a_draw_two_puts_a_debt_of_two_on_the_next_seat() -> None:
    s = ur.situation(rules(), ["R+2 G1 G2", "B3 B4", "Y5 Y6"], top="R7")
    events = events_of(s, ur.Play(0, card("R+2")))
    assert events == (
        CardsLaid(rule_id="play.one-card", seat=0, card=card("R+2")),
        DebtOwed(rule_id="action.draw-two", seat=1, owed=2, may_stack=False, may_challenge=False),
    )
    assert [render(e) for e in events] == [
        "seat 0 lays R+2",
        "seat 1 owes 2 cards: it must draw them and lose its turn",
    ]


@pytest.mark.parametrize(("direction", "skipped", "nxt"), [(1, 1, 2), (-1, 3, 2)])
def test_a_skip_in_a_four_player_game_skips_the_next_seat(
    direction: int, skipped: int, nxt: int
) -> None:
    s = ur.situation(
        rules(), ["RS G1 G2", "B3 B4", "Y5 Y6", "G7 G8"], top="R7", direction=direction
    )
    move = ur.Play(0, card("RS"))
    events = events_of(s, move)
    assert events == (
        CardsLaid(rule_id="play.one-card", seat=0, card=card("RS")),
        SeatsSkipped(rule_id="action.skip", seats=(skipped,)),
    )
    assert render(events[1]) == f"seat {skipped} is skipped"
    assert ur.apply(s, move).current == nxt


def test_a_caught_missed_call_draws_two_citing_the_penalty() -> None:
    s = ur.situation(rules(), ["R3 G1", "B3 B4", "Y5 Y6"], top="R7")
    played = ur.apply(s, ur.Play(0, card("R3")))
    assert events_of(s, ur.Play(0, card("R3")))[1] == UnoMissing(rule_id="uno.call", seat=0)
    events = events_of(played, ur.CatchUno(1, 0))
    assert events == (
        CardsDrawn(rule_id="uno.penalty", seat=0, count=2, drawn=2, cause=DrawCause.CAUGHT, by=1),
    )
    assert render(events[0]) == "seat 0 draws 2 cards: seat 1 caught the missed UNO call"
    assert len(ur.apply(played, ur.CatchUno(1, 0)).hands[0]) == 3


def test_a_successful_wild_draw_four_challenge() -> None:
    # Seat 0 holds R3 on red: its W+4 is a bluff; seat 1 challenges.
    s = ur.situation(rules(), ["R3 W+4 G5", "B2 B4", "Y1 Y2"], top="R7")
    bluffed = ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))
    events = events_of(bluffed, ur.Challenge(1))
    assert events == (
        ChallengeSucceeded(
            rule_id="challenge.wd4",
            layer=0,
            card=card("W+4"),
            forbidding=("wd4.no-matching-colour",),
            color=ur.Color.RED,
        ),
        CardsDrawn(rule_id="challenge.wd4", seat=0, count=4, drawn=4, cause=DrawCause.BLUFF),
        DrawsNothing(rule_id="challenge.wd4", seat=1, color=ur.Color.BLUE),
    )
    assert [render(e) for e in events] == [
        "the challenge succeeds: seat 0 held a card of the colour in force (red), and with "
        "such a card a Wild Draw Four may not be laid",
        "seat 0 draws 4 cards for the bluff",
        "seat 1 draws nothing and plays on blue",
    ]
    after = ur.apply(bluffed, ur.Challenge(1))
    assert (len(after.hands[0]), after.current, after.phase) == (6, 1, ur.Phase.TURN)


def test_a_zero_under_seven_zero_passes_every_hand_on() -> None:
    s = ur.situation(
        rules("official+house.seven-zero"), ["R0 G1 G2", "B3 B4", "Y5 Y6 Y7"], top="R7"
    )
    move = ur.Play(0, card("R0"))
    events = events_of(s, move)
    assert events == (
        CardsLaid(rule_id="play.one-card", seat=0, card=card("R0")),
        HandsPassedOn(rule_id="house.seven-zero", seat=0, direction=1),
    )
    assert render(events[1]) == "every hand passes one seat on in the direction of play"
    hands = ur.apply(s, move).hands
    assert hands == (
        (card("Y5"), card("Y6"), card("Y7")),
        (card("G1"), card("G2")),
        (card("B3"), card("B4")),
    )


def test_a_round_won_and_scored() -> None:
    # Seat 0 lays its last card; it scores B3 + B4 (7) and Y5 + W (5 + 50).
    s = ur.situation(rules(), ["R3", "B3 B4", "Y5 W"], top="R7")
    events = events_of(s, ur.Play(0, card("R3")))
    assert events[:2] == (
        CardsLaid(rule_id="play.one-card", seat=0, card=card("R3")),
        WentOut(rule_id="end.last-card", seat=0, place=1, wins=True),
    )
    scored = events[2]
    assert isinstance(scored, RoundScored)
    assert (scored.winner, scored.scores) == (0, (62, 0, 0))
    assert len(events) == 3  # 62 is short of the 500 that ends the game
    assert render(events[1]) == "seat 0 has laid its last card and wins the round"
    assert render(scored) == scored.text
    assert ur.apply(s, ur.Play(0, card("R3"))).scores == (62, 0, 0)


def test_events_follow_apply_through_random_rounds() -> None:
    for spec, seed in [("official", 3), ("official+house.seven-zero+house.stack-draw-two", 8)]:
        state = ur.new_round(rules(spec), players=4, seed=seed)
        pick = random.Random(seed)
        while not state.round_over:
            move = pick.choice(ur.legal_moves(state))
            after, events = ur.apply_with_events(state, move)
            assert after == ur.apply(state, move)
            assert all(isinstance(e, Event) and e.rule_id in ur.CATALOGUE for e in events)
            assert all(render(e) for e in events)
            state = after


def test_an_event_as_json() -> None:
    drawn = CardsDrawn(
        rule_id="uno.penalty", seat=0, count=2, drawn=2, cause=DrawCause.CAUGHT, by=1
    )
    assert event_json(drawn) == {
        "kind": "CardsDrawn",
        "rule_id": "uno.penalty",
        "seat": 0,
        "count": 2,
        "drawn": 2,
        "cause": "caught",
        "owed": 0,
        "by": 1,
        "card": None,
    }


def test_explain_json_lists_the_events(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["explain", "--json", "top R5; hands R+2 G1 G2 / B+2 Y3 / ?5", "0 play R+2"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"]["events"] == [
        {
            "kind": "CardsLaid",
            "rule_id": "play.one-card",
            "seat": 0,
            "card": "R+2",
            "count": 1,
            "named": None,
            "more": [],
        },
        {
            "kind": "DebtOwed",
            "rule_id": "action.draw-two",
            "seat": 1,
            "owed": 2,
            "may_stack": False,
            "may_challenge": False,
        },
    ]


# --- no sentence in the engine ----------------------------------------------------------


def _texts(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string literal and f-string of a module outside docstrings and
    the messages of ``raise``, as (line, the literal text of its parts)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            parts = [v.value for v in node.values if isinstance(v, ast.Constant)]
            out.append((node.lineno, "{}".join(str(p) for p in parts)))
            skip.update(id(v) for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append((node.lineno, node.value))
    return out


def test_the_engine_writes_no_effect_sentence() -> None:
    # applying.py (which makes the effects) and generation.py hold no text of
    # more than one word (rule IDs and names only) outside docstrings and
    # error messages. (checking.py's texts are the reasons of rulings: why a
    # move is allowed or refused.)
    for name in ("applying.py", "generation.py"):
        texts = _texts(ast.parse((ENGINE / name).read_text()))
        assert texts, name
        worded = [(line, t) for line, t in texts if " " in t.strip()]
        assert worded == [], f"{name}: {worded}"


def test_the_sentence_check_catches_a_sentence() -> None:
    tree = ast.parse(
        '"""Doc string."""\n'
        "def f(seat):\n"
        '    """Doc."""\n'
        "    if seat:\n"
        '        raise ValueError(f"bad seat {seat}")\n'
        '    return f"seat {seat} draws 2 cards", "uno.penalty"\n'
    )
    assert _texts(tree) == [(6, "seat {} draws 2 cards"), (6, "uno.penalty")]


# --- the legal_moves answer kept on the state -------------------------------------------


def _listed_state() -> tuple[ur.GameState, tuple[ur.Move, ...]]:
    s = ur.situation(rules(), ["R3 G5 B7", "B2 B4", "Y1 Y2"], top="R7")
    return s, ur.legal_moves(s)


def test_the_kept_answer_is_no_part_of_the_state() -> None:
    s, moves = _listed_state()
    fresh = ur.situation(rules(), ["R3 G5 B7", "B2 B4", "Y1 Y2"], top="R7")
    assert s._legal is moves and fresh._legal is None
    assert s == fresh
    assert hash(s) == hash(fresh)
    assert repr(s) == repr(fresh)
    assert dumps(s) == dumps(fresh)
    assert "_legal" not in json.loads(dumps(s))
    assert ur.legal_moves(s) is moves  # asked again: the kept answer


def test_a_new_state_keeps_no_answer() -> None:
    s, moves = _listed_state()
    assert attrs.evolve(s)._legal is None
    assert ur.apply(s, moves[0])._legal is None


def test_an_evolved_copy_gets_the_full_check() -> None:
    s, moves = _listed_state()
    play_r3 = next(m for m in moves if isinstance(m, ur.Play) and m.card == card("R3"))
    # The same position but seat 0 no longer holds R3: the listed move object
    # is not trusted on the copy.
    copy = attrs.evolve(s, hands=((card("G1"), card("G5"), card("B7")), *s.hands[1:]))
    with pytest.raises(ur.IllegalMove):
        ur.apply(copy, play_r3)
    assert ur.apply(s, play_r3).top == card("R3")


def test_apply_trusts_only_the_answer_kept_on_that_state() -> None:
    s, moves = _listed_state()
    play_r3 = next(m for m in moves if isinstance(m, ur.Play) and m.card == card("R3"))
    # An answer kept on the state is trusted as given (the engine's own answers
    # are right, so only a planted one shows the trust).
    planted = ur.Play(0, card("Y9"))
    generation._keep_answer(s, (planted,))
    with pytest.raises(ValueError):  # not checked: the hand holds no Y9 to take out
        ur.apply(s, planted)
    generation._drop_answer(s)
    with pytest.raises(ur.IllegalMove):
        ur.apply(s, planted)
    assert ur.apply(s, play_r3) == ur.apply(_listed_state()[0], play_r3)
