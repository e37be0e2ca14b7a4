"""The command line: verdicts on real disputes, JSON output, usage errors."""

from __future__ import annotations

import json

import pytest
from helpers import compiled

from unorules.cards import card as cards_module
from unorules.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def verdict(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_dispute_01_wd4_bluff(capsys: pytest.CaptureFixture[str]) -> None:
    data = verdict(capsys, "explain", "top R7; hands R3 W+4 G5 / ?7; turn 0", "0 play W+4 blue")
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["verdict"] == "bluff"
    assert v["rules"][0]["id"] == "wd4.no-matching-colour"
    assert v["rules"][0]["text"]
    assert any("challenge" in r for r in v["remedy"])
    assert "seat 1 owes 4 cards" in v["outlook"]
    assert "blue in force" in v["outlook"]


def test_dispute_03_no_stacking(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "explain",
        "--long",
        "top R5; hands R+2 G1 G3 / B+2 Y3 / ?5",
        "0 play R+2",
        "1 play B+2",
    )
    assert code == 0
    assert "Verdict: ILLEGAL" in out
    assert "action.draw-two" in out
    assert "seat 1 draws 2 cards and loses the turn" in out
    assert "then seat 2 to play" in out


def test_dispute_04_stacking_variant(capsys: pytest.CaptureFixture[str]) -> None:
    data = verdict(
        capsys,
        "explain",
        "--rules",
        "official+house.stack-draw-two",
        "top R5; hands R+2 G1 G3 / B+2 Y3 / Y5 Y6",
        "0 play R+2; 1 play B+2",
    )
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["verdict"] == "legal"
    assert v["rules"][0]["id"] == "house.stack-draw-two"
    assert "seat 2 owes 4 cards" in v["outlook"]


def test_dispute_09_uno_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    data = verdict(capsys, "explain", "top R7; hands R3 R5 / ?5 / ?5", "0 play R3", "2 catch 0")
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["verdict"] == "legal"
    assert v["rules"][0]["id"] == "uno.penalty"
    assert any("seat 0 draws 2 cards" in e["text"] for e in v["effects"])
    assert "hands 3/5/5" in v["outlook"] and v["outlook"].startswith("seat 1 to play")


@pytest.mark.parametrize(
    ("hand", "outcome", "outlook"),
    [
        (
            "W+4 G7 B2",
            "seat 1 draws 6 cards (4 owed, 2 for the failed challenge) and loses the turn",
            "seat 2 to play on blue",
        ),
        ("W+4 R3 B2", "seat 0 draws 4 cards for the bluff", "seat 1 to play on blue"),
    ],
)
def test_disputes_12_13_challenge(
    capsys: pytest.CaptureFixture[str], hand: str, outcome: str, outlook: str
) -> None:
    data = verdict(
        capsys, "explain", f"top R7; hands {hand} / ?5 / ?5", "0 play W+4 blue", "1 challenge"
    )
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["rules"][0]["id"] == "challenge.wd4"
    assert any(outcome in e["text"] for e in v["effects"])
    assert v["outlook"].startswith(outlook)


def test_text_verdict_quotes_rule_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "--long", "top R7; hands R3 W+4 G5 / ?7", "0 W+4 blue")
    assert code == 0
    assert "Verdict: BLUFF" in out
    assert "wd4.no-matching-colour - " in out
    assert "Next: seat 1 owes 4 cards" in out


def test_stops_at_first_refused_move(capsys: pytest.CaptureFixture[str]) -> None:
    data = verdict(capsys, "explain", "top R7; hands R3 G5 / ?7", "0 play G5; 1 draw")
    assert data["stopped_early"] is True
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["verdict"] == "illegal"
    assert v["rules"][0]["id"] == "play.match"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["explain", "top R7; hands R3 X9 / ?7", "0 play R3"], "column 18"),
        (["explain", "top R7; hands R3 / ?7", "0 frobnicate"], "expected"),
        (
            ["explain", "-r", "official+house.stak", "top R7; hands R3 / ?7", "0 play R3"],
            "house.stack-skip",
        ),
        (["explain", "-r", "officia", "top R7; hands R3 / ?7", "0 play R3"], "unknown preset"),
        (["explain", "top R7; hands R3 R3 R3 / ?7", "0 play R3"], "3 copies of R3"),
        (["explain", "top R7; hands " + " / ".join(["?1"] * 11), "0 draw"], "from 2 to 10"),
        (["explain", "top R7; hands R3 / ?7", "5 play R3"], "2 seats"),
        (["explain", "top R7; hands R3 / ?7"], "MOVE"),
        (["rules", "--preset", "official+house.nope"], "unknown rule ID"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_rules_listing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert "wd4.no-matching-colour" in out
    assert "house.jump-in" in out
    code, out, _ = run(capsys, "rules", "--json")
    rows = json.loads(out)
    by_id = {r["id"]: r for r in rows}
    assert by_id["action.draw-two"]["official"] is True
    assert by_id["action.draw-two"]["available"] is True
    assert by_id["house.stack-draw-two"]["official"] is False
    assert all(r["text"] and isinstance(r["sources"], list) for r in rows)
    code, out, _ = run(capsys, "rules", "--preset", "official+house.force-play")
    assert "house.force-play" in out
    assert "draw.allowed-when-playable" not in out


def test_compare_marks_where_rule_sets_differ(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "explain",
        "--compare",
        "official,kitchen-table",
        "top R5; hands R+2 G1 G3 / B+2 Y3 / Y5 Y6",
        "0 play R+2; 1 play B+2",
    )
    assert code == 0
    assert "* the verdict differs" in out
    assert "* official " in out and "* kitchen-table  LEGAL" in out
    data = verdict(
        capsys,
        "explain",
        "--compare",
        "official,kitchen-table",
        "top R5; hands R+2 G1 G3 / B+2 Y3 / Y5 Y6",
        "0 play R+2; 1 play B+2",
    )
    by_rules = data["by_rules"]
    assert isinstance(by_rules, dict)
    assert by_rules["official"]["verdict"] == "illegal"
    assert by_rules["kitchen-table"]["verdict"] == "legal"
    assert data["differs"] == {"verdict": True, "outlook": True, "effects": True}


def test_compare_same_verdict_different_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    data = verdict(
        capsys,
        "explain",
        "--compare",
        "official,svenska",
        "top G1; hands G+2 / W W+4 R+2 / B3",
        "0 play G+2",
    )
    by_rules = data["by_rules"]
    assert isinstance(by_rules, dict)
    assert "end.last-card-draw-applies" in [r["id"] for r in by_rules["official"]["rules"]]
    assert "end.last-card-no-effect" in [r["id"] for r in by_rules["svenska"]["rules"]]
    assert data["differs"] == {"verdict": False, "outlook": True, "effects": True}


def test_compare_lists_the_effects_that_differ(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "explain",
        "--compare",
        "official,official+house.stack-draw-two",
        "top R7; hands R+2 G5 / B+2 B9 / Y1 Y2; turn 0",
        "0 play R+2",
    ]
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert out.strip().endswith("the verdict and the position are the same, but the effects differ")
    # Each rule set's own effect is listed under it; the shared ones are not
    # (lines are wrapped to the page: compare the words).
    official, stacking = " ".join(out.split()).split("official+house.stack-draw-two LEGAL")
    assert "lose its turn [action.draw-two]" in official
    assert "unless it stacks [action.draw-two]" in stacking
    assert "lays R+2" not in out
    data = verdict(capsys, *args)
    assert data["differs"] == {"verdict": False, "outlook": False, "effects": True}


def test_compare_needs_two(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explain", "--compare", "official", "top R1; hands R2 / R3", "0 R2")
    assert code == 2
    assert "at least two" in err


def test_rules_compare(capsys: pytest.CaptureFixture[str]) -> None:
    # letsuno differs from official in its start card, catching, the last
    # card and the target: 1000 against 500.
    code, out, _ = run(capsys, "rules", "compare", "letsuno,official")
    assert code == 0
    rows = {line.split()[0]: line.split()[1:3] for line in out.splitlines() if "." in line[:40]}
    assert rows["start.wd4-bottom"] == ["yes", "-"]
    assert rows["uno.window-closes"] == ["-", "yes"]
    assert rows["score.target"] == ["yes", "(1000)"]
    assert "house.jump-in" not in rows and "play.match" not in rows
    code, out, _ = run(capsys, "rules", "compare", "official+uno.penalty=4,official", "--json")
    data = json.loads(out)
    assert [r["id"] for r in data["rows"]] == ["uno.penalty"]
    assert data["rows"][0]["numbers"] == {"official+uno.penalty=4": 4, "official": 2}
    code, out, _ = run(capsys, "rules", "compare", "svenska,official+end.last-card-no-effect")
    assert out.strip() == "svenska, official+end.last-card-no-effect hold the same rules."
    code, _, err = run(capsys, "rules", "compare", "svenska,Svenska")
    assert code == 2 and "twice" in err
    code, out, _ = run(capsys, "rules", "compare", "official,official+strict")
    assert "  strict  -           yes" in out
    code, _, err = run(capsys, "rules", "compare", "official")
    assert code == 2 and "two or more" in err


def test_rules_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "check", "kids+house.stack-draw-four")
    assert code == 1
    assert "inert" in out and "house.stack-draw-four" in out and "house.kids" in out
    code, out, _ = run(capsys, "rules", "check", "official-2018+end.last-card-no-effect")
    assert code == 1
    assert "contradiction" in out and "end.shuffle-hands-last" in out
    code, out, _ = run(capsys, "rules", "check", "official+house.jump-in")
    assert code == 0
    assert "no problems" in out
    code, _, err = run(capsys, "rules", "check", "official+house.jmp-in")
    assert code == 2
    assert "house.jump-in" in err
    code, _, err = run(capsys, "rules", "check")
    assert code == 2


def test_rules_preset_describes_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--preset", "norsk")
    assert code == 0
    assert "Norwegian" in out
    assert "start.reverse.right-of-dealer" in out
    assert "start.reverse.dealer " not in out


def test_unknown_cards_are_assumed_to_hold_what_is_laid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = verdict(capsys, "explain", "top B3; hands B1 G5 G6 / ?7 / ?7", "0 play B1; 1 play B5")
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["verdict"] == "legal"
    assert "hands 2/6/7" in v["outlook"]


def test_verdicts_that_depend_on_unknown_cards_say_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = verdict(capsys, "explain", "top R7; hands W+4 ?6 / ?7 / ?7", "0 play W+4 blue")
    assumes = data["assumes"]
    assert isinstance(assumes, list) and "unknown cards" in assumes[0]
    # A drawn card nobody gave: the verdict says both ways, so nothing is assumed.
    data = verdict(capsys, "explain", "top R7; hands R1 R2 / G1 G2", "0 draw")
    assert data["assumes"] == []
    # The next move rests on the card drawn: that is assumed, and said.
    data = verdict(capsys, "explain", "top R7; hands R1 R2 / G1 G2", "0 draw; 0 pass")
    assumes = data["assumes"]
    assert isinstance(assumes, list) and "draw pile that was not given" in assumes[0]
    data = verdict(capsys, "explain", "top R7; hands R1 R2 / G1 G2; draw Y1", "0 draw")
    assert data["assumes"] == []


@pytest.mark.parametrize("moves", ["", " ", ";"])
def test_empty_move_is_a_usage_error(capsys: pytest.CaptureFixture[str], moves: str) -> None:
    code, _, err = run(capsys, "explain", "top R7; hands R3 / B2", moves)
    assert code == 2
    assert "no move given" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["explain", "--compare", "", "top R7; hands R3 / B2", "0 R3"], "at least two"),
        (
            [
                "explain",
                "-r",
                "kids",
                "--compare",
                "official,svenska",
                "top R7; hands R3 / B2",
                "0 R3",
            ],
            "not both",
        ),
        (
            ["explain", "--compare", "two-decks,official", "top R7; hands R3 / B2", "0 R3"],
            "under two-decks",
        ),
    ],
)
def test_compare_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


def test_api_wrong_types_are_clear() -> None:
    import unorules as ur

    # Compiled with mypyc, Card.parse checks the type of its argument itself.
    needs = "str object expected" if compiled(cards_module) else "needs a string"
    with pytest.raises(TypeError, match=needs):
        ur.Card.parse(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState is needed"):
        ur.legal_moves(None)  # type: ignore[arg-type]
    with pytest.raises(ur.SituationError, match="must be a RuleSet"):
        ur.situation("official", ["R1", "R2"], top="R3")  # type: ignore[arg-type]


def test_rules_preset_marks_rules_the_deck_cannot_trigger(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "--preset", "junior")
    assert code == 0
    lines = out.splitlines()
    skip = next(i for i, line in enumerate(lines) if " action.skip " in line)
    assert lines[skip].lstrip().startswith("Ox")
    assert "never applies here: the deck has no Skip" in lines[skip + 1]
    draw_two = next(line for line in lines if " action.draw-two " in line)
    assert draw_two.lstrip().startswith("O ")  # the Junior deck has Draw Twos
    code, out, _ = run(capsys, "rules", "--preset", "official")
    assert "never applies" not in out and "x = " not in out
    code, out, _ = run(capsys, "rules", "--preset", "kids", "--json")
    idle = {r["id"]: r["never_applies"] for r in json.loads(out) if r["never_applies"]}
    assert idle == {
        "start.wild-draw-four": "the deck has no Wild Draw Four",
        "wd4.no-matching-colour": "the deck has no Wild Draw Four",
        "action.wild-draw-four": "the deck has no Wild Draw Four",
        "challenge.none": "the deck has no Wild Draw Four",
    }


def test_compare_judges_the_last_move_and_says_where_a_rule_set_stopped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [
        "explain",
        "--compare",
        "official,kitchen-table",
        "top R5; hands R+2 G1 G2 / B+2 Y3 Y4 / ?5; draw G3 G4 G5 G6 G7",
        "0 play R+2",
        "1 play B+2",
        "2 draw",
    ]
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert out.startswith("Move: 2 draw\n")
    assert "official       move 2 (1 play B+2) is refused first" in out
    data = verdict(capsys, *args)
    assert data["move"] == "2 draw"
    by_rules = data["by_rules"]
    assert isinstance(by_rules, dict)
    assert by_rules["official"]["stopped_at"] == 2
    assert by_rules["kitchen-table"]["stopped_at"] is None


def test_compare_effects_by_what_happens_and_keeps_the_assumptions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The same effect citing another rule is not a difference.
    data = verdict(
        capsys,
        "explain",
        "--compare",
        "official,official+uno.call-strict",
        "top R7; hands R3 G5 / B2 B9 / Y1 Y2",
        "0 play R3",
    )
    assert data["differs"] == {"verdict": False, "outlook": False, "effects": False}
    # Unknown cards: the notes of a single verdict come with the comparison.
    code, out, _ = run(
        capsys,
        "explain",
        "--compare",
        "official,official-2018",
        "top R7; hands W+4 ?2 / ?5 / ?5",
        "0 play W+4 blue; 1 challenge",
    )
    assert code == 0
    assert "Assumes:" in out and "unknown cards" in out
    # With three rule sets the label does not claim "only".
    code, out, _ = run(
        capsys,
        "explain",
        "--compare",
        "official,svenska,official+house.seven-zero",
        "top R5; hands R+2 / G1 G9 / B3 B4 B5; draw Y1 Y2 Y3",
        "0 play R+2",
    )
    assert "not under every rule set:" in out and "only under these rules" not in out
    code, _, err = run(
        capsys, "explain", "--compare", "official,official", "top R7; hands R3 / B2", "0 R3"
    )
    assert code == 2 and "twice" in err


def test_unknown_cards_follow_a_hand_swap(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "explain",
        "--long",
        "--rules",
        "official+house.seven-zero",
        "top R5; hands R7 ?3 / R1 R2 B3; draw G1 G2 G3",
        "0 play R7 swap 1; 1 draw; 0 play Y9",
    )
    assert code == 0, err
    assert "Verdict: ILLEGAL - seat 0 holds no Y9." in out


def test_rules_with_an_empty_preset_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "--preset", " ")
    assert code == 2 and "--preset needs a preset string" in err


def test_after_a_forced_draw_the_outlook_says_must(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "explain",
        "--long",
        "--rules",
        "official+house.play-drawn",
        "top R7; hands R3 G5 / B2; draw R1 R2",
        "0 draw",
    )
    assert code == 0
    assert "Next: seat 0 must play the drawn R1 on red" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--rounds", "2", "--rules", ""],
        ["explain", "--rules", "", "top R7; hands R3 / ?7", "0 play R3"],
    ],
)
def test_an_empty_rules_argument_is_refused_not_read_as_official(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert "unknown preset ''" in err
