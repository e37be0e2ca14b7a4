"""Faults found by trials in the command line, the bots and simulate: errors
as JSON with --json, help without a command, --compare's labels and wrapping,
empty list entries, numeric arguments, the workers cap, one bot protocol
(bot objects, RuleSet objects, module:Class), the test profiles."""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path

import pytest

import unorules as ur
from unorules.cli import main
from unorules.errors import UnoError
from unorules.moves import Move
from unorules.play import simulate as sim_module
from unorules.play.bots import (
    Bot,
    BotSpecError,
    HeuristicBot,
    RandomBot,
    check_bot,
    load_bot,
    make_bot,
)
from unorules.play.simulate import MAX_GAMES, simulate
from unorules.state import GameState

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:  # --help, --version
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# --- D21: no command ----------------------------------------------------------------------


def test_no_command_prints_the_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert code == 2
    assert out == ""
    assert err.startswith("usage: unorules")
    for command in ("explain", "rules", "simulate"):
        assert f"    {command}" in err, command


# --- D21: errors as JSON --------------------------------------------------------------------


STACKING = "top R5; hands R+2 G1 G2 / B+2 Y3 Y4 / ?5"


@pytest.mark.parametrize(
    ("argv", "command", "message"),
    [
        # the parser's own errors
        (["explain", "--json", "top R7; hands R3 / ?7"], "explain", "required: MOVE"),
        (["simulate", "--json", "--games", "many"], "simulate", "invalid int value: 'many'"),
        (["simulate", "--json", "--csv"], "simulate", "not allowed with argument"),
        (["rules", "--json", "show"], "rules", "invalid choice: 'show'"),
        (["--json"], None, "required: COMMAND"),
        # errors found later
        (["explain", "--json", "top R7; hands R3 X9 / ?7", "0 play R3"], "explain", "column 18"),
        (
            ["explain", "--json", "--compare", "official,,svenska", STACKING, "0 play R+2"],
            "explain",
            "entry 2 of 3 is empty",
        ),
        (["rules", "--preset", "official+house.nope", "--json"], "rules", "unknown rule ID"),
        (["rules", "check", "official+house.nope", "--json"], "rules", "unknown rule ID"),
        (["simulate", "--json", "--games", "0"], "simulate", "--games must be 1 to 1,000,000"),
        (["simulate", "--json", "--rounds", "1", "--bots", "genius"], "simulate", "unknown bot"),
    ],
)
def test_with_json_an_error_is_json_on_stdout(
    capsys: pytest.CaptureFixture[str], argv: list[str], command: str | None, message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err == ""
    error = json.loads(out)["error"]
    assert error["command"] == command
    assert error["status"] == 2
    assert message in error["message"]


def test_a_json_error_names_the_rules_of_a_contradiction(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "explain",
        "--json",
        "--rules",
        "official+wild.restricted+wild.any-time",
        "top R7; hands R3 W / ?7",
        "0 play W blue",
    )
    assert code == 2
    error = json.loads(out)["error"]
    assert error["type"] == "RuleSetError"
    assert set(error["rule_ids"]) >= {"wild.restricted", "wild.any-time"}


def test_without_json_errors_stay_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "many")
    assert code == 2 and out == ""
    assert err.startswith("usage: unorules simulate")
    assert "unorules simulate: error: argument --games/-n: invalid int value: 'many'" in err


# --- D21: comma lists -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("official,,svenska", "entry 2 of 3 is empty"),
        (",official,svenska", "entry 1 of 3 is empty"),
        ("official,svenska,", "entry 3 of 3 is empty"),
        ("official, ,svenska", "entry 2 of 3 is empty"),
        (" , ", "at least two"),
        ("official", "at least two"),
        ("official,svenska,official", "'official' twice"),
    ],
)
def test_compare_refuses_empty_entries(
    capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    code, out, err = run(capsys, "explain", "--compare", spec, STACKING, "0 play R+2")
    assert code == 2 and out == ""
    assert message in err


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("random,,heuristic", "entry 2 of 3 is empty"),
        ("random,heuristic,", "entry 3 of 3 is empty"),
        (",", "give at least one bot"),
        ("", "give at least one bot"),
    ],
)
def test_bots_refuses_empty_entries(
    capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    code, out, err = run(capsys, "simulate", "--rounds", "1", "--bots", spec)
    assert code == 2 and out == ""
    assert message in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rules", "list", "official"], "'rules list' takes no preset string"),
        (["rules", "check", " "], "needs a preset string"),
        (["rules", "check", "official", "--preset", "kids"], "not --preset"),
    ],
)
def test_rules_refuses_arguments_it_would_ignore(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err


# --- D21: --compare's labels ----------------------------------------------------------------

FAMILY = (
    "official+house.stack-draw-two+house.stack-draw-four-on-two+house.draw-until-playable"
    "+house.jump-in+house.seven-zero+house.multiple-identical+house.force-play"
)


def test_compare_labels_long_rule_sets_with_letters_and_wraps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "explain", "--compare", f"{FAMILY},svenska", STACKING, "0 play R+2", "1 play B+2"
    )
    assert code == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 88
    assert lines[:3] == ["Move: 1 play B+2", "", "Rule sets:"]
    legend = lines[3 : lines.index("  B = svenska")]
    assert legend[0].startswith("  A = official+house.stack-draw-two+")
    # broken only after a '+', continued under the first preset string
    assert all(line.endswith("+") for line in legend[:-1])
    assert all(line.startswith("      house.") for line in legend[1:])
    assert "".join(line.strip().removeprefix("A = ") for line in legend) == FAMILY
    # Stacking (house.stack-draw-two) lets seat 1 answer the Draw Two; svenska does not.
    assert "* A  LEGAL: B+2 may answer R+2: the total passes on." in lines
    # wrapped, and continued at the verdicts' column
    assert (
        "* B  ILLEGAL: seat 1 owes 2 cards after R+2: it must draw them and loses the turn; B+2"
        in lines
    )
    assert "     cannot answer it." in lines
    assert lines[-1] == "* the verdict differs between these rule sets"


def test_compare_keeps_short_preset_strings_as_labels(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "explain",
        "--compare",
        "official,kitchen-table",
        STACKING,
        "0 play R+2",
        "1 play B+2",
    )
    assert code == 0
    assert "Rule sets:" not in out
    # kitchen-table stacks Draw Twos (house.stack-draw-two), official does not
    assert "* official       ILLEGAL: seat 1 owes 2 cards after R+2" in out
    assert "* kitchen-table  LEGAL: B+2 may answer R+2: the total passes on." in out


def test_compare_json_keys_by_the_full_preset_string(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "explain",
        "--json",
        "--compare",
        f"{FAMILY},svenska",
        STACKING,
        "0 play R+2",
        "1 play B+2",
    )
    assert code == 0
    data = json.loads(out)
    assert list(data["by_rules"]) == [FAMILY, "svenska"]
    assert data["by_rules"][FAMILY]["verdict"] == "legal"
    assert data["by_rules"]["svenska"]["verdict"] == "illegal"


# --- D21: numeric arguments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games must be 1 to 1,000,000, not 0"),
        (["--games", "-3"], "--games must be 1 to 1,000,000, not -3"),
        (["--games", str(10**12)], f"--games must be 1 to 1,000,000, not {10**12}"),
        (["--rounds", "0"], "--rounds must be 1 to 1,000,000, not 0"),
        (["--rounds", str(MAX_GAMES + 1)], "--rounds must be 1 to 1,000,000, not 1000001"),
        (["--rounds", "1", "--workers", "0"], "--workers must be at least 1, not 0"),
        (["--rounds", "1", "--workers", "-2"], "--workers must be at least 1, not -2"),
        (["--rounds", "1", "--players", "1"], "--players must be 2 to 10"),
        (["--rounds", "1", "--players", "0"], "--players must be 2 to 10"),
        (["--rounds", "1", "--players", "-4"], "--players must be 2 to 10"),
        (["--rounds", "1", "--players", "11"], "--players must be 2 to 10"),
        (["--rounds", "1", "--players", str(10**9), "--bots", "random"], "2 to 10"),
        (["--rounds", "1", "--bots", ",".join(["random"] * 11)], "seats 2 to 10 players"),
    ],
)
def test_simulate_numbers_out_of_range_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, "simulate", "--no-progress", *argv)
    assert code == 2 and out == ""
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize("seed", ["-7", str(10**30)])
def test_simulate_takes_any_whole_seed(capsys: pytest.CaptureFixture[str], seed: str) -> None:
    code, out, _ = run(capsys, "simulate", "--rounds", "2", "--seed", seed, "--json")
    assert code == 0
    assert json.loads(out)["seed"] == int(seed)


def test_simulate_function_refuses_bad_counts() -> None:
    with pytest.raises(ValueError, match="games must be 1 to 1,000,000, not 0"):
        simulate("official", ["random"] * 2, games=0)
    with pytest.raises(ValueError, match="rounds must be 1 to 1,000,000, not 1000001"):
        simulate("official", ["random"] * 2, rounds=MAX_GAMES + 1)
    with pytest.raises(ValueError, match="workers must be at least 1, not 0"):
        simulate("official", ["random"] * 2, rounds=1, workers=0)


# --- D21: the workers cap ------------------------------------------------------------------------


def test_workers_are_capped_by_the_work() -> None:
    # Two rounds are two chunks of one round: at most two processes.
    many = simulate("official", ["random", "random"], rounds=2, seed=5, workers=1000)
    assert 1 <= many.workers <= 2
    one = simulate("official", ["random", "random"], rounds=2, seed=5, workers=1)
    assert many.stats == one.stats and many.games == one.games
    # One round is one chunk: played here, no process started.
    assert simulate("official", ["random", "random"], rounds=1, workers=1000).workers == 1


def test_workers_are_capped_by_the_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_module, "_available_cpus", lambda: 1)

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started on one CPU")

    monkeypatch.setattr(sim_module, "ProcessPoolExecutor", no_pool)
    result = simulate("official", ["heuristic"] * 2, rounds=20, seed=2, workers=8)
    assert result.workers == 1
    assert len(result.games) == 20


def test_workers_cap_in_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--rounds", "2", "--workers", "1000", "--bots", "random", "--json"
    )
    assert code == 0
    assert 1 <= json.loads(out)["workers"] <= 2
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    assert "no more are started than there are CPUs available" in " ".join(out.split())


def test_many_chunks_in_flight_give_every_game_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sim_module, "_available_cpus", lambda: 2)
    # 40 rounds on 2 processes: 20 chunks of 2 (40 // 16), at most 8 in flight.
    two = simulate("official", ["heuristic"] * 2, rounds=40, seed=4, workers=2)
    assert two.workers == 2
    assert [g.index for g in two.games] == list(range(40))
    one = simulate("official", ["heuristic"] * 2, rounds=40, seed=4, workers=1)
    assert two.stats == one.stats


# --- D22: one bot protocol -------------------------------------------------------------------


class FirstMove:
    """Always the first move offered; never reacts. Counts its calls."""

    name = "first"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        self.calls += 1
        return moves[0]

    def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
        return None


class Cheat(FirstMove):
    """Returns a move it was not offered."""

    name = "cheat"

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        return ur.Pass((seat + 1) % len(state.hands))


def test_simulate_takes_bot_objects_and_copies_them_per_game() -> None:
    bot = FirstMove()
    result = simulate("official", [bot, "random"], rounds=3, seed=1)
    assert result.stats.bots == ("first", "random")
    assert bot.calls == 0  # each game played a copy of it as given
    again = simulate("official", [FirstMove(), "random"], rounds=3, seed=1)
    assert again.stats == result.stats
    # the same seat order with the name gives the same games: the object is
    # played exactly like a fresh bot of its class
    assert [g.rounds[0].seed for g in again.games] == [g.rounds[0].seed for g in result.games]


def test_simulate_takes_library_bot_objects() -> None:
    result = simulate("official", [HeuristicBot(), RandomBot(3)], rounds=4, seed=2)
    assert result.stats.bots == ("heuristic", "random")
    assert result.stats.rounds == 4


def test_simulate_takes_a_rule_set_object() -> None:
    rules = ur.presets.get("official+score.target=200")
    by_object = simulate(rules, ["heuristic", "random"], games=2, seed=3)
    by_string = simulate("official+score.target=200", ["heuristic", "random"], games=2, seed=3)
    assert by_object.stats == by_string.stats
    assert by_object.stats.rules == rules.name


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ([object(), "random"], "is not a bot: it has no name and no choose and no react"),
        (["random", 7], "is not a bot"),
        ("random,random", "as a list, not the string"),
        (["random", "genius"], "unknown bot 'genius' (seat 1)"),
    ],
)
def test_simulate_refuses_what_is_not_a_bot(bots: object, message: str) -> None:
    with pytest.raises(BotSpecError, match=re.escape(message)):
        simulate("official", bots, rounds=1)  # type: ignore[arg-type]


def test_a_bot_object_that_cannot_go_to_a_worker_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sim_module, "_available_cpus", lambda: 2)

    class Local(FirstMove):  # defined in a function: pickle cannot find it
        name = "local"

    with pytest.raises(BotSpecError, match=r"seat 0 .* cannot be sent to a worker process"):
        simulate("official", [Local(), "random"], rounds=4, workers=2)
    # In this process it plays.
    assert simulate("official", [Local(), "random"], rounds=2, workers=1).stats.rounds == 2


def test_check_bot_says_what_is_missing() -> None:
    class NoReact:
        name = "half"

        def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
            return moves[0]

    with pytest.raises(BotSpecError, match="it has no react"):
        check_bot(NoReact())

    class Nameless(FirstMove):
        name = ""

    with pytest.raises(BotSpecError, match="its name is '', not a non-empty string"):
        check_bot(Nameless())
    bot = FirstMove()
    assert check_bot(bot) is bot
    assert isinstance(bot, Bot)


def test_load_bot_imports_and_builds() -> None:
    bot = load_bot("unorules.play.bots:HeuristicBot")
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"
    assert isinstance(make_bot("unorules.play.bots:RandomBot"), RandomBot)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_for_unorules:Bot", "there is no module 'no_such_module_for_unorules'"),
        ("unorules.play.bots:Nope", "module 'unorules.play.bots' has no 'Nope'"),
        ("unorules.play.bots:make_bot", "make_bot() with no arguments failed: TypeError"),
        ("unorules.play.bots:BotError", "is not a bot: it has no name and no choose and no react"),
        ("unorules.play.bots:BOTS", "BOTS is not a class"),
        ("unorules.play.bots:", "expected module:Class"),
        (":HeuristicBot", "expected module:Class"),
    ],
)
def test_load_bot_errors_are_clear(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError) as info:
        load_bot(spec)
    assert message in str(info.value)
    assert isinstance(info.value, UnoError)


_MODULE = '''
import unorules as ur


class Lazy:
    """Draws when it may, else the first move; calls UNO when it may."""

    name = "lazy"

    def choose(self, state, seat, moves):
        return next((m for m in moves if isinstance(m, ur.Draw)), moves[0])

    def react(self, state, seat, moves):
        return next((m for m in moves if isinstance(m, ur.CallUno)), None)


class Cheat(Lazy):
    name = "cheat"

    def choose(self, state, seat, moves):
        return ur.Pass((seat + 1) % len(state.hands))


class NeedsSeed(Lazy):
    def __init__(self, seed):
        self.seed = seed
'''


@pytest.fixture
def bot_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A module of bots in a fresh current directory; the module path and the
    imported modules are restored afterwards."""
    name = "unorules_test_bots_cli"
    (tmp_path / f"{name}.py").write_text(_MODULE, encoding="utf-8")
    (tmp_path / "unorules_test_broken.py").write_text("def (:\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.setattr(sys, "modules", dict(sys.modules))
    return name


def test_cli_bots_take_module_class_from_the_current_directory(
    capsys: pytest.CaptureFixture[str], bot_module: str
) -> None:
    code, out, err = run(
        capsys, "simulate", "--rounds", "3", "--bots", f"{bot_module}:Lazy,random", "--json"
    )
    assert code == 0, err
    stats = json.loads(out)["stats"]
    assert stats["bots"] == ["lazy", "random"]
    assert stats["rounds"] == 3


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("unorules_test_missing:Lazy,random", "there is no module 'unorules_test_missing'"),
        ("unorules_test_broken:Lazy,random", "cannot import module 'unorules_test_broken'"),
        ("MODULE:Busy,random", "has no 'Busy'"),
        ("MODULE:NeedsSeed,random", "NeedsSeed() with no arguments failed"),
        ("MODULE:Cheat,random", "cheat bot at seat 0 chose Pass(player=1)"),
    ],
)
def test_cli_bots_module_class_errors(
    capsys: pytest.CaptureFixture[str], bot_module: str, bots: str, message: str
) -> None:
    code, out, err = run(
        capsys, "simulate", "--rounds", "2", "--bots", bots.replace("MODULE", bot_module)
    )
    assert code == 2 and out == ""
    assert message in err
    assert "Traceback" not in err


def test_the_tutorial_bot_runs_in_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/tutorial-bot.md says: save its bots in smartbot.py and run
    ``unorules simulate --bots smartbot:SmartBot,...``."""
    sys.path.insert(0, str(Path(__file__).parent))
    try:
        from test_docs import blocks
    finally:
        sys.path.pop(0)
    page = (ROOT / "docs" / "tutorial-bot.md").read_text(encoding="utf-8")
    code = [
        body
        for language, body, _ in blocks(page)
        if language == "python" and ("class " in body or "import unorules" in body)
    ]
    assert any("class SmartBot" in body for body in code)
    (tmp_path / "smartbot.py").write_text("\n".join(code), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.setattr(sys, "modules", dict(sys.modules))
    status, out, err = run(
        capsys,
        "simulate",
        "--rounds",
        "4",
        "--bots",
        "smartbot:SmartBot,smartbot:RandomPlayer",
        "--json",
    )
    assert status == 0, err
    assert json.loads(out)["stats"]["bots"] == ["smart", "random-player"]


def test_a_bot_object_is_not_shared_between_games() -> None:
    """A bot that remembers across calls starts each game as it was given."""
    bot = HeuristicBot()
    original = copy.deepcopy(bot.__dict__)
    simulate("official", [bot, "random"], rounds=2, seed=0)
    assert bot.__dict__ == original


# --- D23: the test profiles -------------------------------------------------------------------


def test_dev_profile_runs_a_tenth_of_the_examples() -> None:
    conftest = pytest.importorskip("conftest")
    assert conftest.fewer_examples(150, 0.1) == 15
    assert conftest.fewer_examples(40, 0.1) == 4
    assert conftest.fewer_examples(12, 0.1) == 2  # at least 2
    assert conftest.fewer_examples(1, 0.1) == 1  # never more than asked
    assert conftest.EXAMPLE_SHARE == {"dev": 0.1}


def _ci_pytest_commands() -> list[list[str]]:
    """The commands of ``.ci/run`` that run pytest (continued lines joined,
    comments left out), as words, with the environment they set first."""
    import shlex

    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace("\\\n", " ")
    commands = []
    for line in script.splitlines():
        if line.lstrip().startswith("#") or "pip" in line:
            continue
        words = shlex.split(line, comments=True)
        if any(w == "pytest" or w.endswith("/pytest") for w in words):
            commands.append(words)
    return commands


def test_ci_runs_the_ci_profile() -> None:
    """Every test run of CI uses the deep profile (all the examples), the
    main one with no skipped test; the README names the flag."""
    commands = _ci_pytest_commands()
    assert len(commands) == 2, commands  # the tree, then the compiled build
    for words in commands:
        profile = words.index("--hypothesis-profile") if "--hypothesis-profile" in words else None
        assert profile is not None and words[profile + 1] == "ci", words
        assert "HYPOTHESIS_PROFILE=dev" not in words, words
    assert "UNORULES_NO_SKIPS=1" in commands[0], commands[0]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "--hypothesis-profile ci" in readme


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    lines = out.splitlines()
    section = lines[lines.index("  COMMAND") + 1 : lines.index("options:") - 1]
    listed = [line.split()[0] for line in section]
    assert listed == ["explain", "rules", "simulate", "table", "check", "replay", "serve"]
