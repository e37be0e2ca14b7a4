"""Verdicts that claimed more than the table gave, or hid what a move costs
(issue #23, part A): a challenge whose outcome rests on a hand nobody gave
(A1), drawing from nothing (A3, ``pile.nothing-to-draw``) and a refusal that
leaves one move, a costly one (A4).

Every expected value is worked out by hand in the comment above it.
"""

from __future__ import annotations

import json

import pytest

import unorules as ur
from unorules.cli import main
from unorules.events import PilesExhausted
from unorules.explanations.verdicts import explain
from unorules.notation import parse_situation
from unorules.rules.catalogue import rule

UNKNOWN = "top R7; hands ?4 / ?7 / ?5; names Anna Bo Cy"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return " ".join(out.split())


def state_of(preset: str, situation: str) -> ur.GameState:
    return parse_situation(situation).to_state(ur.presets.get(preset))


# --- A1: an unknown hand decides a challenge ------------------------------------------


# By hand: if Anna's unknown hand held a red card (the colour in force before
# W+4) the challenge succeeds: Anna draws the 4 cards and Bo draws nothing
# (challenge.wd4); otherwise it fails: Bo draws the 4 owed plus 2 = 6 cards
# and loses the turn. Which holds depends on cards nobody gave.
CHALLENGE_DEPENDS = (
    "It depends on Anna's hand: if Anna held a red card, Anna draws 4 cards for the "
    "bluff and Bo draws nothing; otherwise Bo draws 6 cards and misses the turn."
)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 7])
def test_challenge_of_unknown_hand_states_both_outcomes_whatever_the_deal(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    data = run(capsys, "explain", f"{UNKNOWN}; seed {seed}", "0 play W+4 blue", "1 challenge")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["headline"] == CHALLENGE_DEPENDS
    assert verdict["assumed"] is True
    # By hand: after a caught bluff Bo, who drew nothing, plays; after a
    # failed challenge Bo loses the turn and Cy (seat 2, clockwise) plays.
    assert verdict["next"] == (
        "If Anna held a red card: Next: Bo plays; the colour is blue. "
        "Otherwise: Next: Cy plays; the colour is blue."
    )


@pytest.mark.parametrize("seed", [0, 1, 5])
def test_wild_draw_four_from_unknown_hand_is_not_called_a_bluff(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    data = run(capsys, "explain", f"{UNKNOWN}; seed {seed}", "0 play W+4 blue")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    # By hand: whether W+4 was a bluff rests on Anna's 3 other cards; either
    # way Bo owes 4 cards unless Bo challenges, and a challenge brings the
    # two outcomes above.
    assert verdict["headline"] == (
        "It depends on Anna's hand: if Anna held a red card, it is a bluff and a challenge "
        "by Bo means Anna draws 4 cards for the bluff and Bo draws nothing; otherwise a "
        "challenge means Bo draws 6 cards and misses the turn; unchallenged, Bo draws 4 "
        "cards and misses the turn."
    )
    assert verdict["assumed"] is True


@pytest.mark.parametrize(
    ("lang", "start", "six"),
    [
        (
            "sv",
            "Det beror på vad Anna har på handen. Om Anna hade ett kort i färgen röd",
            "Bo drar 6 kort",
        ),
        (
            "nb",
            "Det kommer an på hva Anna har på hånden: hvis Anna hadde et kort i fargen rød",
            "Bo trekker 6 kort",
        ),
    ],
)
def test_challenge_of_unknown_hand_in_every_language(
    capsys: pytest.CaptureFixture[str], lang: str, start: str, six: str
) -> None:
    out = text(capsys, "explain", "--lang", lang, UNKNOWN, "0 play W+4 blue", "1 challenge")
    assert start in out
    assert six in out
    # No sentence states one outcome as a fact.
    assert "lyckas" not in out and "lykkes" not in out


def test_compare_states_the_condition_not_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    out = text(
        capsys,
        "explain",
        "--compare",
        "official,svenska",
        UNKNOWN,
        "0 play W+4 blue",
        "1 challenge",
    )
    assert out.count(CHALLENGE_DEPENDS) == 2
    # The hand sizes of one deal's outcome (Anna 3 + 4 = 7) are not stated.
    assert "hands 7/7/5" not in out


def test_given_cards_that_decide_are_still_stated_as_fact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # By hand: Anna's given R2 is red, the colour in force: the bluff is
    # caught whatever her 2 unknown cards are; Anna draws 4, Bo nothing.
    data = run(
        capsys,
        "explain",
        "top R7; hands W+4 R2 ?2 / ?7 / ?5; names Anna Bo Cy",
        "0 play W+4 blue",
        "1 challenge",
    )
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert (
        verdict["headline"]
        == "The challenge succeeds – Anna draws 4 cards for the bluff; Bo draws nothing."
    )
    assert verdict["assumed"] is False


# --- A4: a short verdict says what the move costs --------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "No – Anna may not play W+4 naming blue: W+4 cannot be a player's last card; "
            "instead Anna draws 3 cards.",
        ),
        ("sv", "; Anna drar 3 kort i stället."),
        ("nb", "følgen blir i stedet at Anna trekker 3 kort."),
    ],
)
def test_wild_draw_four_as_last_card_says_the_three_cards(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    # By hand: under norsk (end.no-wd4-last) a hand of only W+4 may not go
    # out; the one move left is to draw, and that draw is 3 cards.
    data = run(
        capsys,
        "explain",
        "--rules",
        "norsk",
        "--lang",
        lang,
        "top R7; hands W+4 / B5 B6; names Anna Bo",
        "0 play W+4 blue",
    )
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    headline = verdict["headline"]
    assert isinstance(headline, str)
    assert headline.endswith(expected)
    assert verdict["rules"][0]["id"] == "end.no-wd4-last"  # type: ignore[index]


def test_refused_card_with_one_draw_left_says_the_draw(capsys: pytest.CaptureFixture[str]) -> None:
    # By hand: B3 fits neither red nor 7; the only move left is to draw one
    # card, G1, which does not fit R7 either: the turn passes.
    data = run(
        capsys, "explain", "top R7; hands B3 / B5 B6; draw G1 G2; names Anna Bo", "0 play B3"
    )
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["headline"] == (
        "No – Anna may not play B3: B3 matches neither the colour nor the number or symbol "
        "of R7; instead Anna draws 1 card; the drawn card does not fit and the turn passes."
    )


def test_refused_card_with_unknown_draw_pile_says_only_the_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # By hand: the draw is 1 card; whether it fits rests on a draw pile
    # nobody gave, so only the draw is said.
    data = run(capsys, "explain", "top R7; hands B3 / B5 B6; names Anna Bo", "0 play B3")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    headline = verdict["headline"]
    assert isinstance(headline, str)
    assert headline.endswith("; instead Anna draws 1 card.")


# --- A3: drawing from nothing (pile.nothing-to-draw) ------------------------------------


EMPTY = "top R7; hands R3 G5 / B5 B6; draw -; names Anna Bo"


def test_draw_from_nothing_is_not_a_move_while_a_card_can_be_played() -> None:
    state = state_of("official", EMPTY)
    # By hand: R3 fits R7, so Anna can play; with the draw pile empty and
    # nothing under R7 to reshuffle, a draw cannot be carried out.
    moves = ur.legal_moves(state)
    assert ur.Draw(0) not in moves
    assert ur.Play(0, ur.Card.parse("R3")) in moves
    with pytest.raises(ur.IllegalMove) as caught:
        ur.apply(state, ur.Draw(0))
    assert caught.value.rule_ids == ("pile.nothing-to-draw",)


def test_draw_from_nothing_verdict_names_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    data = run(capsys, "explain", EMPTY, "0 draw")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["legal"] is False
    assert [r["id"] for r in verdict["rules"]] == ["pile.nothing-to-draw"]  # type: ignore[union-attr]
    assert "Anna holds a card that can be played, so Anna must play it" in str(verdict["headline"])


@pytest.mark.parametrize("preset", ["official", "official+house.force-play", "svenska"])
def test_a_player_who_cannot_play_ends_the_round_by_exhaustion(preset: str) -> None:
    situation = "top R7; hands G3 G5 / B5 B6; draw -; names Anna Bo"
    state = state_of(preset, situation)
    # By hand: G3 and G5 fit neither red nor 7: Anna must draw, cannot, and
    # the round ends (pile.exhausted); Anna's hand is 3 + 5 = 8 points, Bo's
    # 5 + 6 = 11, so Anna has the lowest hand and wins it.
    assert tuple(ur.legal_moves(state)) == (ur.Draw(0),)
    verdict = explain(state, ur.Draw(0))
    assert verdict.legal
    assert any(isinstance(e, PilesExhausted) for e in verdict.events)
    assert verdict.state is not None and verdict.state.winner == 0
    assert verdict.headline == (
        "The round ends – seat 0 cannot draw: nothing is left to draw or reshuffle."
    )


def test_a_card_under_the_top_card_can_still_be_drawn() -> None:
    # By hand: G1 lies under R7; the draw pile is empty, so G1 is reshuffled
    # into a new draw pile and Anna draws it (pile.reshuffle): the draw is
    # a move, even though R3 could be played.
    state = state_of("official", "top R7; hands R3 G5 / B5 B6; draw -; discard G1 R7")
    assert ur.Draw(0) in ur.legal_moves(state)
    after = ur.apply(state, ur.Draw(0))
    assert ur.Card.parse("G1") in after.hands[0]


def test_owing_cards_with_nothing_to_draw_ends_the_round() -> None:
    # By hand: Bo owes 2 (R+2) and, without stacking, can only draw them;
    # nothing is left to draw, so the round ends (pile.exhausted).
    state = state_of("official", "top R8; hands R+2 G5 G6 / B5 B6; draw -")
    state = ur.apply(state, ur.Play(0, ur.Card.parse("R+2")))
    assert tuple(ur.legal_moves(state)) == (ur.Draw(1),)
    after = ur.apply(state, ur.Draw(1))
    assert after.phase is ur.Phase.ROUND_OVER


def test_the_reading_is_in_the_catalogue() -> None:
    info = rule("pile.nothing-to-draw")
    assert info.interpretation is not None
    assert "pile.exhausted" in info.text
    assert info.sources == ()


@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_draw_from_nothing_in_every_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    out = text(capsys, "explain", "--lang", lang, "--long", EMPTY.replace("G5", "Y5"), "0 draw")
    assert "pile.nothing-to-draw" in out
    assert "inget kvar att dra" in out if lang == "sv" else "ingenting igjen å trekke" in out
