"""Faults found by trials in the command line, explain's assumptions and simulate."""

from __future__ import annotations

import json
from typing import Any

import pytest

from unorules.bots import Bot, BotError, RandomBot, play_from
from unorules.cards import Card
from unorules.cli import main
from unorules.engine import apply
from unorules.errors import UnoError
from unorules.moves import Move, Play
from unorules.notation import parse_situation
from unorules.presets import get as preset
from unorules.simulate import simulate
from unorules.state import GameState


def official_rules() -> Any:
    return preset("official")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# Item 14: options in any order; a JSON error names the command.


def test_rules_check_json_before_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "rules", "check", "--json", "official")
    assert (status, err) == (0, "")
    assert json.loads(out) == {"rules": "official", "problems": []}


def test_rules_json_between_action_and_preset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "--json", "check", "official")
    assert status == 0
    assert json.loads(out)["rules"] == "official"


def test_explain_option_between_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "explain", "top R7; hands R3 B2 / B2", "0 draw", "--json", "0 play R3"
    )
    # seat 0 drew (the pile is not given) and then laid R3 from its given cards
    assert status == 0
    data = json.loads(out)
    assert [m["move"] for m in data["moves"]] == ["0 draw"]
    assert data["verdict"]["move"] == "0 play R3"


def test_unknown_option_names_the_command_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "explain", "--json", "--bogus", "top R7; hands R3 / B2", "0 play R3"
    )
    assert status == 2
    error = json.loads(out)["error"]
    assert error["command"] == "explain"
    assert "--bogus" in error["message"]


def test_unknown_option_of_rules_names_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "check", "official", "--json", "--bogus")
    assert status == 2
    assert json.loads(out)["error"]["command"] == "rules"


def test_unknown_option_of_simulate_names_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "simulate", "--json", "--bogus")
    assert status == 2
    assert json.loads(out)["error"]["command"] == "simulate"


def test_no_command_json_error_has_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--json", "--bogus")
    assert status == 2
    assert json.loads(out)["error"]["command"] is None


# Item 15: --rules with --compare is a usage error, even when it names official.


@pytest.mark.parametrize("rules", ["official", "svenska"])
def test_rules_with_compare_is_refused(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    status, out, _ = _run(
        capsys,
        "explain",
        "--json",
        "--rules",
        rules,
        "--compare",
        "official,kids",
        "top R7; hands R3 / B2",
        "0 play R3",
    )
    assert status == 2
    error = json.loads(out)["error"]
    assert error["command"] == "explain"
    assert "--rules or --compare" in error["message"]


def test_compare_alone_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys,
        "explain",
        "--json",
        "--compare",
        "official,kids",
        "top R7; hands R3 / B2",
        "0 play R3",
    )
    assert status == 0
    assert set(json.loads(out)["by_rules"]) == {"official", "kids"}


# Item 8: a bot that raises, or returns a move it was not offered, is a clear error.

_BAD_BOTS = """
from unorules.moves import Draw


class Raises:
    name = "raiser"

    def choose(self, state, seat, moves):
        raise KeyError("boom")

    def react(self, state, seat, moves):
        return None


class Cheats:
    name = "cheat"

    def choose(self, state, seat, moves):
        return Draw(seat + 5)

    def react(self, state, seat, moves):
        return None
"""


@pytest.fixture
def bad_bots(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "badbots_faults.py").write_text(_BAD_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_raising_bot_json(
    capsys: pytest.CaptureFixture[str], bad_bots: None, workers: str
) -> None:
    status, out, err = _run(
        capsys,
        "simulate",
        "--json",
        "--games",
        "2",
        "--bots",
        "badbots_faults:Raises,random",
        "--workers",
        workers,
        "--no-progress",
    )
    assert (status, err) == (2, "")
    error = json.loads(out)["error"]
    # seat 0 is the raiser; it is asked to choose on its first turn
    assert error["command"] == "simulate"
    assert error["type"] == "BotError"
    assert error["message"] == "raiser bot at seat 0 raised KeyError in choose(): 'boom'"


def test_simulate_raising_bot_text(capsys: pytest.CaptureFixture[str], bad_bots: None) -> None:
    status, out, err = _run(
        capsys,
        "simulate",
        "--games",
        "1",
        "--bots",
        "random,badbots_faults:Raises",
        "--no-progress",
    )
    assert (status, out) == (2, "")
    assert "Traceback" not in err
    assert "raiser bot at seat 1 raised KeyError in choose(): 'boom'" in err


def test_simulate_api_raising_bot_keeps_cause(bad_bots: None) -> None:
    import badbots_faults  # type: ignore[import-not-found]

    with pytest.raises(BotError) as info:
        simulate(official_rules(), [badbots_faults.Raises(), "random"], games=1)
    assert isinstance(info.value, UnoError)
    assert (info.value.bot, info.value.seat) == ("raiser", 0)
    assert isinstance(info.value.__cause__, KeyError)


def test_simulate_api_cheating_bot(bad_bots: None) -> None:
    import badbots_faults

    with pytest.raises(BotError, match=r"cheat bot at seat 1 chose .*not one of its legal moves"):
        simulate("official", ["random", badbots_faults.Cheats()], rounds=3)


def test_play_from_raising_react(bad_bots: None) -> None:
    class ReactRaises(RandomBot):
        def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
            raise RuntimeError("no reaction")

    # seat 1 lays its second-last card R3 and forgets UNO: seat 0 may catch it
    state = parse_situation("top R7; hands B1 B2 / R3 R4; turn 1").to_state(official_rules())
    bots: list[Bot] = [ReactRaises(seed=0), RandomBot(seed=0)]
    with pytest.raises(BotError) as info:
        play_from(apply(state, Play(1, Card.parse("R3"))), bots)
    assert str(info.value) == "random bot at seat 0 raised RuntimeError in react(): no reaction"
    assert isinstance(info.value.__cause__, RuntimeError)
