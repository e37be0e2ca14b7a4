"""Simulation: reproducible whatever the worker count, sane statistics, the
``simulate`` subcommand."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path

import attrs
import pytest

import unorules as ur
from unorules import cli
from unorules.errors import RuleSetError, UnoError
from unorules.play.bots import BotError, BotSpecError, make_bot, play_from
from unorules.play.simulate import (
    CSV_FIELDS,
    add_parser,
    check_ray_address,
    derive_seed,
    format_json,
    format_table,
    run,
    simulate,
)
from unorules.rules import presets
from unorules.rules.house import HouseRule
from unorules.rules.policies import StackingPolicy

MIXED = ["heuristic", "random", "heuristic", "random"]


def test_same_seed_same_stats_for_one_and_two_workers() -> None:
    one = simulate("official+score.target=200", MIXED, games=6, seed=42, workers=1)
    two = simulate("official+score.target=200", MIXED, games=6, seed=42, workers=2)
    assert one.stats == two.stats
    assert one.games == two.games
    other = simulate("official+score.target=200", MIXED, games=6, seed=43, workers=1)
    assert other.games != one.games


def test_rounds_mode_same_for_one_and_two_workers() -> None:
    one = simulate("official", ["heuristic"] * 3, rounds=12, seed=7, workers=1)
    two = simulate("official", ["heuristic"] * 3, rounds=12, seed=7, workers=2)
    assert one.stats == two.stats


def test_stats_are_sane() -> None:
    result = simulate("official", MIXED, games=4, seed=1)
    s = result.stats
    assert s.games == 4 and s.mode == "games" and s.players == 4
    assert s.rounds == len(result.records) > 0
    assert s.rounds_per_game is not None and s.rounds_per_game.min >= 1
    assert sum(count for _, count in s.rounds_per_game_histogram) == s.games
    assert sum(s.win_rate_per_seat) + s.no_winner_share == pytest.approx(1)
    assert s.no_winner_share == 0  # a game always has a winner
    assert sum(share for _, share in s.win_rate_per_bot) == pytest.approx(1)
    assert sum(s.round_win_rate_per_seat) <= 1 + 1e-9
    assert s.turns_per_round.min > 0 and s.turns_per_round.mean <= s.moves_per_round.mean
    assert s.largest_hand.min >= 7
    assert 0 <= s.exhausted_share <= 1 and 0 <= s.reshuffled_share <= 1
    for game in result.games:
        assert game.scores[game.winner] >= 500  # type: ignore[index]
        assert [r.round_number for r in game.rounds] == list(range(1, len(game.rounds) + 1))
    for r in result.records:
        assert r.turns <= r.moves
        assert r.exhausted or r.points > 0


def test_rounds_mode_rotates_the_dealer() -> None:
    result = simulate("official", ["heuristic", "heuristic"], rounds=4, seed=0)
    assert [r.dealer for r in result.records] == [1, 0, 1, 0]
    assert result.stats.rounds_per_game is None
    assert sum(result.stats.win_rate_per_seat) + result.stats.no_winner_share == pytest.approx(1)


def test_derive_seed_is_stable() -> None:
    assert derive_seed(0, 0) == derive_seed(0, 0)
    assert len({derive_seed(0, i) for i in range(100)}) == 100
    assert 0 <= derive_seed(5, 1, 2) < 2**63


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("official", ["random", "genius"], games=1)
    with pytest.raises(ValueError, match="seats 2 to 10"):
        simulate("official", ["random"], games=1)
    with pytest.raises(UnoError, match="unknown rule ID"):
        simulate("official+house.stack-draw-too", ["random"] * 2, games=1)


def _cli(*argv: str) -> str:
    parser = argparse.ArgumentParser(prog="unorules")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["simulate", "--no-progress", *argv])
    assert args.func is run
    result: str = args.func(args)
    return result


def test_cli_table_json_csv() -> None:
    table = _cli("--rounds", "3", "--bots", "heuristic,random")
    assert "turns per round" in table and "heuristic" in table
    data = json.loads(_cli("--rounds", "3", "--bots", "heuristic", "--players", "3", "--json"))
    assert data["stats"]["players"] == 3 and data["stats"]["rounds"] == 3
    rows = list(csv.DictReader(io.StringIO(_cli("--rounds", "3", "--bots", "heuristic", "--csv"))))
    assert len(rows) == 3 and tuple(rows[0]) == CSV_FIELDS


def test_cli_usage_errors() -> None:
    with pytest.raises(UnoError, match="one bot per seat"):
        _cli("--rounds", "1", "--bots", "random,random", "--players", "3")
    with pytest.raises(UnoError, match="unknown bot"):
        _cli("--rounds", "1", "--bots", "clever")
    with pytest.raises(UnoError, match="unknown rule ID"):
        _cli("--rounds", "1", "--rules", "official+nope")


# --- arguments of the wrong type or value -----------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error", "message"),
    [
        (
            {"rounds": "10"},
            UnoError,
            "rounds must be a whole number (an int) from 1 to 1,000,000, not '10' of type str",
        ),
        (
            {"rounds": True},
            UnoError,
            "rounds must be a whole number (an int) from 1 to 1,000,000, not True of type bool",
        ),
        (
            {"rounds": 2.0},
            UnoError,
            "rounds must be a whole number (an int) from 1 to 1,000,000, not 2.0 of type float",
        ),
        ({"rounds": 0}, UnoError, "rounds must be 1 to 1,000,000, not 0"),
        (
            {"games": None},
            UnoError,
            "games must be a whole number (an int) from 1 to 1,000,000, not None of type NoneType",
        ),
        (
            {"games": False},
            UnoError,
            "games must be a whole number (an int) from 1 to 1,000,000, not False of type bool",
        ),
        ({"seed": "1"}, UnoError, "seed must be a whole number (an int), not '1' of type str"),
        ({"seed": True}, UnoError, "seed must be a whole number (an int), not True of type bool"),
        ({"seed": 1.5}, UnoError, "seed must be a whole number (an int), not 1.5 of type float"),
        (
            {"workers": "2"},
            UnoError,
            "workers must be a whole number (an int) of at least 1, not '2' of type str",
        ),
        (
            {"workers": True},
            UnoError,
            "workers must be a whole number (an int) of at least 1, not True of type bool",
        ),
        ({"workers": 0}, UnoError, "workers must be at least 1, not 0"),
        (
            {"progress": 3},
            UnoError,
            "progress must be a function called with (done, total), or None, not 3 of type int",
        ),
        ({"backend": None}, UnoError, 'backend must be "local" or "ray", not None'),
        (
            {"backend": "ray", "address": 6379},
            UnoError,
            "address must be a string (auto, host:port or ray://host:port), or None for a "
            "local Ray started for the run, not 6379 of type int",
        ),
        (
            {"backend": "ray", "address": ""},
            UnoError,
            "address '' is not a Ray address: give auto, host:port",
        ),
        (
            {"backend": "ray", "address": "http://head:8265"},
            UnoError,
            "address 'http://head:8265' is a web address",
        ),
        (
            {"record": 5},
            UnoError,
            "record must be a folder's path (a str or os.PathLike), or None, not 5 of type int",
        ),
        ({"record": ""}, UnoError, "record: give the path of a folder, not ''"),
        (
            {"rules": 5},
            RuleSetError,
            "rules must be a preset string (e.g. 'official+house.stack-draw-two') or a "
            "RuleSet, not 5 of type int",
        ),
        (
            {"bots": None},
            BotSpecError,
            "bots must be a list with one bot per seat (a name such as 'heuristic', a "
            "'module:Class' string or a bot object), not None of type NoneType",
        ),
        (
            {"bots": "heuristic"},
            BotSpecError,
            "bots: give one bot per seat as a list, not the string 'heuristic'",
        ),
        ({"bots": ["heuristic", 7]}, BotSpecError, "the bot of seat 1 (7) is not a bot"),
    ],
)
def test_api_arguments_of_the_wrong_type_or_value_are_named(
    changes: dict[str, object], error: type[Exception], message: str
) -> None:
    kwargs: dict[str, object] = {"rules": "official", "bots": ["heuristic", "random"], "rounds": 2}
    kwargs.update(changes)
    with pytest.raises(error) as caught:
        simulate(**kwargs)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message), str(caught.value)
    assert isinstance(caught.value, UnoError)
    # Translated, and not a deep traceback: the error is raised by simulate itself.
    assert caught.value.text_in("sv") != str(caught.value)
    assert caught.traceback[-1].name in {
        "simulate",
        "_count",
        "_rule_set",
        "_bot_list",
        "_record_folder",
        "check_ray_address",
        "_check_backend",
        "_bot_entry",
        "check_bot",
    }


def test_the_right_types_still_play() -> None:
    result = simulate("official", ("heuristic", "random"), rounds=2, seed=-3, workers=1)
    assert result.stats.rounds == 2 and result.ray is None and result.backend == "local"
    data = json.loads(format_json(result))
    assert data["ray"] is None and data["backend"] == "local"
    assert "Ray:" not in format_table(result)


@attrs.frozen
class _Wd4Answer:
    before: StackingPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.wd4-answer")

    def answers(self, pending: ur.Card, card: ur.Card, color: ur.Color | None) -> str | None:
        return self.before.answers(pending, card, color)

    def answerable(self, pending: ur.Card, color: ur.Color | None) -> bool:
        return self.before.answerable(pending, color)


def _wd4_answer(rules: ur.RuleSet) -> _Wd4Answer:
    return _Wd4Answer(rules.stacking)


OWN_RULE = HouseRule(
    id="table.wd4-answer", title="T", text="A table's rule.", slot="stacking", build=_wd4_answer
)


def test_recording_a_tables_own_rules_is_refused_saying_why(tmp_path: Path) -> None:
    rules = presets.get("official+table.wd4-answer", house_rules=[OWN_RULE])
    with pytest.raises(UnoError) as caught:
        simulate(rules, ["heuristic"] * 2, rounds=2, record=tmp_path / "records")
    text = str(caught.value)
    assert text.startswith("cannot record games under a table's own rules ('table.wd4-answer')")
    assert "'unorules check' and 'unorules replay' could not load the rule again" in text
    assert "without --house-rule" in text and "play without --record" in text
    assert not (tmp_path / "records").exists()  # refused before anything is made
    # Without recording, the same rules play.
    assert simulate(rules, ["heuristic"] * 2, rounds=2).stats.rounds == 2


def test_cli_record_with_a_house_rule_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(Path(__file__).parent), *sys.path])
    argv = ["simulate", "--rounds", "2", "--house-rule", f"{__name__}:OWN_RULE", "--no-table"]
    argv += ["--rules", "official+table.wd4-answer", "--record", "out", "--json"]
    assert cli.main(argv) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"].startswith("cannot record games under a table's own rules")
    assert not (tmp_path / "out").exists()


def test_cli_help_says_record_is_not_for_a_tables_own_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "not with --house-rule (or a table file's house_rules)" in help_text


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("", "--ray '' is not a Ray address: give auto, host:port of the head node"),
        ("http://head:8265", "--ray 'http://head:8265' is a web address (the dashboard's"),
        ("head", "--ray 'head' is not a Ray address"),
        ("head:99999", "--ray 'head:99999' is not a Ray address"),
    ],
)
def test_cli_refuses_a_malformed_ray_address_up_front(
    value: str, message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # Ray is not even imported
    assert cli.main(["simulate", "--rounds", "2", "--ray", value, "--json", "--no-table"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["message"].startswith(message)
    assert error["text"] != error["message"] or error["lang"] == "en"


def test_check_ray_address_accepts_the_forms_it_names() -> None:
    assert check_ray_address("auto") is None
    assert check_ray_address("10.0.0.5:6379") == ("10.0.0.5", 6379)
    assert check_ray_address("head-node.example:6379") == ("head-node.example", 6379)
    assert check_ray_address("ray://head:10001") == ("head", 10001)
    assert check_ray_address("[::1]:6379") == ("::1", 6379)
    for bad in ("ray://head", "head:", ":6379", "head:0", "host name:6379", "tcp://head:1"):
        with pytest.raises(UnoError, match="is not a Ray address"):
            check_ray_address(bad)
    with pytest.raises(UnoError, match=r"^RAY_ADDRESS 'https://h:8265' is a web address"):
        check_ray_address("https://h:8265", "RAY_ADDRESS")


# --- a failing bot, game numbers, Ctrl-C --------------------------------------------------

_CRASHING = """
class Crash:
    name = "crash"

    def choose(self, state, seat, moves):
        if state.round_number == 1 and state.turns >= 6:
            raise RuntimeError("boom")
        return moves[0]

    def react(self, state, seat, moves):
        return None
"""


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_raises_is_named_with_its_game_seed_round_move_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, workers: int
) -> None:
    module = f"crashbot{workers}"  # a module of its own: not the one imported before
    (tmp_path / f"{module}.py").write_text(_CRASHING, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BotError) as caught:
        simulate("official", [f"{module}:Crash", "random"], rounds=2, workers=workers)
    # With 2 workers either game may fail first; played alone, game 0 does.
    game = int(str(caught.value).split(" in game ")[1].split()[0]) if workers > 1 else 0
    seed = derive_seed(0, game)
    moves = {0: 8, 1: 7}  # the first move the bot is asked for with 6 or more applied
    assert str(caught.value) == (
        f"crash bot at seat 0 raised RuntimeError in choose(): boom, in game {game} "
        f"(seed {seed}), round 1, move {moves[game]}; raised at {tmp_path / module}.py:7"
    )
    assert caught.value.bot == "crash" and caught.value.seat == 0
    # The game can be played again from what the message says: the same failure.
    state = ur.new_round(presets.official(), players=2, seed=seed, dealer=(1 + game) % 2)
    bots = [make_bot(f"{module}:Crash"), make_bot("random", derive_seed(seed, 1))]
    with pytest.raises(BotError, match="boom"):
        play_from(state, bots)


def test_the_command_names_the_failing_bot_and_gives_the_traceback_on_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "crashbot.py").write_text(_CRASHING, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["simulate", "--rounds", "1", "--bots", "crashbot:Crash,random", "--no-table"]
    assert cli.main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unorules simulate: error: crash bot at seat 0 raised RuntimeError")
    assert "in game 0 (seed " in err and "crashbot.py:7" in err
    assert err.endswith(" (--traceback prints the whole traceback)\n")
    assert "Traceback" not in err
    assert cli.main([*argv, "--traceback"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):")
    assert 'raise RuntimeError("boom")' in err and "RuntimeError: boom" in err
    assert err.endswith("crashbot.py:7\n") and err.count("unorules simulate: error:") == 1


@pytest.mark.parametrize("rounds", [True, False])
def test_record_files_are_numbered_as_the_csv_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rounds: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    count = ["--rounds", "3"] if rounds else ["--games", "2"]
    out = _cli(*count, "--csv", "--record", "rec")
    games = sorted({int(row["game"]) for row in csv.DictReader(io.StringIO(out))})
    names = sorted(p.name for p in (tmp_path / "rec").iterdir())
    assert names == [f"game-{g:06d}.jsonl" for g in games] and games[0] == 0


_SLOW = """
import time


class Slow:
    name = "slow"

    def choose(self, state, seat, moves):
        time.sleep(0.01)
        return moves[0]

    def react(self, state, seat, moves):
        return None
"""


def _sigint_default() -> None:
    """In the child before it starts: SIGINT does what it does at a terminal."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_run_with_one_line_and_status_130(tmp_path: Path, workers: str) -> None:
    import os
    import signal
    import subprocess
    import time

    (tmp_path / "slowbot.py").write_text(_SLOW, encoding="utf-8")
    command = [sys.executable, "-m", "unorules", "simulate", "--rounds", "400", "--no-table"]
    run = subprocess.Popen(
        [*command, "--bots", "slowbot:Slow,random", "--workers", workers, "--json"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # Ctrl-C reaches the whole process group, workers too
        # Ctrl-C as at a terminal: a test run started with SIGINT ignored (a
        # background job, some CI runners) passes that on, and a program
        # started so keeps ignoring it, as it should.
        preexec_fn=_sigint_default,
    )
    time.sleep(4)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert err == "unorules simulate: interrupted\n"
    assert out == ""
