"""Every file unorules reads is a regular file, read no further than a cap,
with a clear error naming the file: a device, a pipe (FIFO) or an
oversized file never blocks, never fills the memory."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from unorules.cli import main
from unorules.files import MAX_TABLE_BYTES, FileReadError, read_user_file
from unorules.table import TableError, load_table

POSITION = ("top R7; hands R3 / R4", "0 play R3")
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.jsonl"
    os.mkfifo(path)
    return path


def test_read_user_file_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"hello\n")
    assert read_user_file(path, 6) == b"hello\n"


def test_read_user_file_refuses_one_byte_past_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"hello\n")
    with pytest.raises(FileReadError, match="larger than 5 bytes"):
        read_user_file(path, 5)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_read_user_file_refuses_a_device() -> None:
    with pytest.raises(FileReadError, match="it is a device, not a regular file"):
        read_user_file("/dev/zero", MAX_TABLE_BYTES)


@fifo_only
def test_read_user_file_refuses_a_fifo_without_blocking(fifo: Path) -> None:
    # Nobody writes to the pipe: an ordinary open() would wait for ever.
    with pytest.raises(FileReadError, match="it is a pipe, not a regular file"):
        read_user_file(fifo, MAX_TABLE_BYTES)


def test_read_user_file_names_a_folder_and_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match="it is a folder"):
        read_user_file(tmp_path, 10)
    with pytest.raises(FileReadError, match="no such file"):
        read_user_file(tmp_path / "nothing", 10)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_explain_with_dev_zero_as_table_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "explain", "--table", "/dev/zero", *POSITION)
    assert code == 2
    assert "cannot read the table file /dev/zero: it is a device, not a regular file" in err


@fifo_only
@pytest.mark.parametrize("command", ["check", "replay"])
def test_check_and_replay_of_a_fifo(
    capsys: pytest.CaptureFixture[str], fifo: Path, command: str
) -> None:
    code, _, err = run(capsys, command, str(fifo))
    assert code == 2
    assert f"cannot read the record {fifo}: it is a pipe, not a regular file" in err


@fifo_only
def test_table_file_that_is_a_fifo(capsys: pytest.CaptureFixture[str], fifo: Path) -> None:
    code, _, err = run(capsys, "explain", "--table", str(fifo), *POSITION)
    assert code == 2
    assert "not a regular file" in err


def test_table_file_over_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "unorules.toml"
    path.write_bytes(b"# " + b"x" * MAX_TABLE_BYTES + b"\n")
    with pytest.raises(TableError, match="larger than 1 MB"):
        load_table(path)


def test_the_error_in_swedish_and_norwegian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_TABLE_BYTES + 1))
    code, _, err = run(capsys, "--lang", "sv", "rules", "--table", str(big))
    assert code == 2
    assert "större än 1 MB" in err
    code, _, err = run(capsys, "--lang", "nb", "rules", "--table", str(big))
    assert code == 2
    assert "større enn 1 MB" in err


# simulate --record never removes or overwrites a file the run did not write.


def test_record_folder_with_a_users_game_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = tmp_path / "game-notes.jsonl"
    notes.write_text("my notes\n", encoding="utf-8")
    argv = ["simulate", "--rounds", "2", "--record", str(tmp_path), "--no-progress", "--no-table"]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert (
        f"the folder {tmp_path} holds game records already "
        "(game-*.jsonl, such as game-notes.jsonl: 1 in all)" in err
    )
    assert "game-notes.jsonl" in err
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-notes.jsonl"]


def test_record_folder_with_other_files_is_used_and_they_are_left(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("keep\n", encoding="utf-8")
    argv = ["simulate", "--rounds", "2", "--record", str(tmp_path), "--no-progress", "--no-table"]
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-000000.jsonl",
        "game-000001.jsonl",
        "notes.txt",
    ]
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "keep\n"
    assert "made the folder" not in err


def test_the_api_refuses_a_folder_of_earlier_records(tmp_path: Path) -> None:
    from unorules.errors import UnoError
    from unorules.play.simulate import simulate

    simulate("official", ["random"] * 2, rounds=2, record=tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(UnoError, match="holds game records already"):
        simulate("official", ["random"] * 2, rounds=1, seed=5, record=tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_record_folders_made_are_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "a" / "b"
    argv = ["simulate", "--rounds", "1", "--record", str(target), "--no-progress", "--no-table"]
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    assert f"simulate: made the folders {tmp_path / 'a'}, {target} for the records" in err
    assert [p.name for p in target.iterdir()] == ["game-000000.jsonl"]
    code, _, err = run(capsys, "--lang", "sv", *argv[:4], str(tmp_path / "c"), *argv[5:])
    assert code == 0, err
    assert f"skapade mappen {tmp_path / 'c'}" in err


def test_a_record_file_that_appears_during_the_run_is_not_overwritten(tmp_path: Path) -> None:
    from unorules.errors import UnoError
    from unorules.play.games import _write_record, record_path

    path = Path(record_path(tmp_path, 0))
    path.write_text("someone else's\n", encoding="utf-8")
    with pytest.raises(UnoError, match="exists already; it is left as it is"):
        _write_record(str(tmp_path), 0, "{}\n")
    assert path.read_text(encoding="utf-8") == "someone else's\n"


# A table file found in the current folder never runs code; check and replay
# of a record never do.

MARKING_MODULE = """\
from pathlib import Path

Path(__file__).with_name("RAN").write_text("ran", encoding="utf-8")

from unorules.rules.house import HouseRule
from unorules.rules.presets import get

RULE = HouseRule(
    id="table.nothing",
    title="Nothing",
    text="Changes nothing.",
    slot="stacking",
    build=lambda rules: rules.stacking,
)
"""


@pytest.fixture
def folder_with_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Iterator[Path]:
    """A folder holding a unorules.toml that names a module beside it which,
    when imported, leaves a file RAN; the working folder."""
    import sys

    name = f"trust_marking_{request.node.name.split('[')[0]}"
    (tmp_path / f"{name}.py").write_text(MARKING_MODULE, encoding="utf-8")
    (tmp_path / "unorules.toml").write_text(f'house_rules = ["{name}:RULE"]\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    yield tmp_path
    sys.modules.pop(name, None)


@pytest.mark.parametrize(
    "argv",
    [
        ["explain", *POSITION],
        ["rules"],
        ["table"],
        ["simulate", "--rounds", "1", "--no-progress"],
    ],
)
def test_an_implicit_table_file_runs_no_code(
    capsys: pytest.CaptureFixture[str], folder_with_code: Path, argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    table = folder_with_code / "unorules.toml"
    assert "not loaded: code is run only from a table file named on the command line" in err
    assert f"give --table {table}, or --no-table to play without the table file" in err
    assert "(--house-rule trust_marking_" in err
    assert not (folder_with_code / "RAN").exists()


def test_the_refusal_in_swedish(capsys: pytest.CaptureFixture[str], folder_with_code: Path) -> None:
    code, _, err = run(capsys, "--lang", "sv", "explain", *POSITION)
    assert code == 2
    assert "kod körs bara från en bordsfil som anges på kommandoraden" in err
    assert not (folder_with_code / "RAN").exists()


@pytest.mark.parametrize("command", ["check", "replay"])
def test_check_and_replay_of_a_record_run_no_code(
    capsys: pytest.CaptureFixture[str], folder_with_code: Path, command: str
) -> None:
    from unorules.play.simulate import record_path, simulate

    simulate("official", ["random"] * 2, rounds=1, record=folder_with_code / "games")
    record = record_path(folder_with_code / "games", 0)
    code, out, err = run(capsys, command, record)
    # check exits with 1 when it finds something (a random bot's bluff).
    assert code in ((0, 1) if command == "check" else (0,)), err
    assert out.startswith("Rules: official") if command == "check" else out
    assert not (folder_with_code / "RAN").exists()


def test_a_table_file_named_on_the_command_line_loads_its_code(
    capsys: pytest.CaptureFixture[str], folder_with_code: Path
) -> None:
    code, out, err = run(capsys, "rules", "--table", "unorules.toml")
    assert code == 0, err
    assert out.startswith("Table: unorules.toml")
    assert (folder_with_code / "RAN").read_text(encoding="utf-8") == "ran"
