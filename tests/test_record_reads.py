"""``bench/record_reads.py``: it counts the field reads of the engine's
records without changing the moves, puts each read down to its reader, and
leaves the classes as they were."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import compiled

import unorules as ur
import unorules.engine.applying as applying

pytestmark = pytest.mark.skipif(
    compiled(applying), reason="counts reads in pure Python: compiled code leaves no frames"
)

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "record_reads.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("record_reads_under_test", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def unpatched(rr: ModuleType) -> list[type]:
    return [c for c in rr.record_classes() if "__getattribute__" in c.__dict__]


def test_counting_plays_the_benchmarks_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """The counted rounds are the very moves of ``vs_rlcard.run_unorules``
    on the same seeds, in the same order."""
    rr = load()
    runs: list[list[tuple[int, int, ur.Move]]] = []
    real = ur.apply

    def recording(state: ur.GameState, move: ur.Move) -> ur.GameState:
        runs[-1].append((state.current, len(state.draw_pile), move))
        return real(state, move)

    monkeypatch.setattr(ur, "apply", recording)
    runs.append([])
    _, _, decisions, made, _ = rr.vs_rlcard.run_unorules(3, range(4), 5)
    runs.append([])
    assert rr.play(ur.presets.get(rr.vs_rlcard.FAIR), 3, range(4), 5) == (made, decisions)
    runs.append([])
    _, counted = rr.count(3, 4, 5)
    benchmark, played, warmed_and_counted = runs
    assert len(benchmark) == made
    assert played == benchmark
    # The counted run plays WARM_UP other rounds first, then the same four.
    assert counted == made
    assert warmed_and_counted[-made:] == benchmark


def test_reads_are_put_down_to_their_readers() -> None:
    rr = load()
    reads, made = rr.count(2, 6, 3)
    # The loop reads state.phase once a move and nothing else.
    assert reads["GameState", rr.LOOP] == made
    assert sum(n for (_, reader), n in reads.items() if reader == rr.LOOP) == made
    # The copy (state._moved) reads 16 fields of the old state each time it
    # runs: rules, wd4, uno_called, dealer, scores, winner, round_number,
    # seed, shuffles, turns, reshuffles, out_of_play, uno_caught, finished,
    # knocked_out, rule_state; and no other record.
    copy = reads["GameState", rr.COPY]
    assert copy > 0 and copy % 16 == 0
    assert sum(n for (_, reader), n in reads.items() if reader == rr.COPY) == copy
    assert reads["GameState", rr.ENGINE] > made
    assert not unpatched(rr)


def test_a_method_lookup_is_no_field_read() -> None:
    rr = load()
    fields = rr._fields(ur.GameState)
    assert {"hands", "draw_pile", "phase", "_legal"} <= fields
    assert not {"hand_sizes", "view", "__class__", "top"} & fields


def test_the_counts_do_not_grow_with_fewer_rounds() -> None:
    """What the engine works out once per rule set or card is left out: a
    short count reads as much per move as a long one."""
    rr = load()
    short, few = rr.count(4, 4, 0)
    long, many = rr.count(4, 60, 0)
    for name in ("Plan", "Card", "GameState"):
        per_short = sum(n for (c, _), n in short.items() if c == name) / few
        per_long = sum(n for (c, _), n in long.items() if c == name) / many
        assert per_short <= 1.3 * per_long + 0.5, (name, per_short, per_long)


def test_the_classes_are_restored_when_the_run_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    rr = load()
    real = rr.play
    calls: list[int] = []

    def fails_when_counted(*args: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:  # the uncounted warm-up rounds
            return real(*args)
        assert "__getattribute__" in rr.GameState.__dict__  # counting now
        raise KeyboardInterrupt

    monkeypatch.setattr(rr, "play", fails_when_counted)
    with pytest.raises(KeyboardInterrupt):
        rr.count(2, 1, 1)
    assert len(calls) == 2
    assert not unpatched(rr)


def test_the_script_prints_reads_per_move(capsys: pytest.CaptureFixture[str]) -> None:
    rr = load()
    assert rr.main(["--players", "2", "--rounds", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("fair rules, 2 players, 3 rounds, ")
    assert out[1].split() == ["class", "all", "the", "engine", "the", "copy", "the", "loop"]
    state = out[2].split()
    assert state[0] == "GameState"
    # all = the engine + the copy + the loop, and the loop reads 1.0 a move
    assert float(state[4]) == 1.0
    assert abs(float(state[1]) - sum(float(x) for x in state[2:5])) <= 0.11


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "1"],
        ["--players", "11"],
        ["--players", "abc"],
        ["--rounds", "0"],
        ["--seed", "-1"],
        ["--bogus"],
    ],
)
def test_the_script_refuses_what_it_cannot_play(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    rr = load()
    with pytest.raises(SystemExit) as stop:
        rr.main(argv)
    assert stop.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_the_script_refuses_the_compiled_build(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rr = load()
    monkeypatch.setattr(rr.applying, "__file__", "/x/unorules/engine/applying.cpython-311.so")
    with pytest.raises(SystemExit) as stop:
        rr.main([])
    assert stop.value.code == 2
    assert "compiled build" in capsys.readouterr().err
