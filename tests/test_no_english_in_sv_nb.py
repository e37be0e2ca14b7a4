"""No English left in a Swedish or Norwegian run (issue #23, B8).

Every command, its ``--help``, ``--version`` and every error path reachable
from the command line is run with ``--lang sv`` and ``--lang nb`` (and with
``UNORULES_LANG``); the output may hold no English word outside an allow-list
of names: rule IDs, card codes, options, player and file names, the program's
name.

What counts as English is taken from the program itself: every word of an
English text it can print (the templates of its catalogs and argparse's own
texts) that no Swedish or Norwegian text of the catalogs uses."""

from __future__ import annotations

import argparse
import contextlib
import inspect
import re
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import unorules
from unorules.cli import main
from unorules.rules import presets

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "unorules" / "locale"
RECORDS = ROOT / "docs" / "records"
_WORD = re.compile(r"[^\W\d_]+")
_FIELD = re.compile(r"\{[^}]*\}")

NAMES = {
    # the program, players, tables, formats and units that are names in every language
    "unorules", "uno", "anna", "bo", "cilla", "kari", "ola", "per", "json", "csv", "toml",
    "jsonl", "rlcard", "python", "ray", "mattel", "id", "ok",
}  # fmt: skip

# Text that is a name, not a word: rule IDs (play.match), options (--lang),
# file names and paths, card codes and move notation between backticks or
# quotes as typed, and metavariables in capitals (PRESET, FILE).
_NOT_WORDS = re.compile(
    r"\b[a-z0-9-]+(?:\.[A-Za-z0-9-]+)+\b"  # rule IDs (before presets: all-wild.skip)
    r"|\b(?:UNO app|house lists|edition guides)\b"  # source IDs beside 000-004 and Mattel
    r"|\b(?:" + "|".join(re.escape(name) for name in presets.names()) + r")\b"  # presets
    r"|`[^`]*`"  # code
    r"|'[^'\n]*'"  # what was typed, quoted
    r"|\"[^\"\n]*\""
    r"|\[[^\]\n]*\]"  # argparse's [--option VALUE]
    r"|--?[A-Za-z][\w-]*"  # options
    r"|\b[a-z0-9-]+(?:\.[A-Za-z0-9-]+)+\b"  # rule IDs, file names, versions, API names
    r"|\bJSON Lines\b"  # a format's name
    r"|\b(?:Gu|Gr)(?:[0-9SR]|\+[24])?(?!\w)"  # card and colour codes of sv/nb
    r"|(?<![\w+-])[A-Z](?![\w+-])"  # one capital: a colour code, a mark (O = official), A, B
    r"|(?:/|\b[A-Za-z]:\\)[^\s,;:)]*"  # paths
    r"|\b[A-Z][A-Z0-9_+:-]+\b"  # METAVARS, card codes (W+4, R7)
    r"|\b[a-z_]+:[A-Za-z_]+\b"  # module:Class
)


_API = re.compile(r"\b(?:" + "|".join(n for n in unorules.__all__ if n[:1].isupper()) + r")\b")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_FIELD.sub(" ", text))}


@cache
def english_only() -> frozenset[str]:
    """The words of the program's English texts that no Swedish or
    Norwegian text uses."""
    english: set[str] = set()
    nordic: set[str] = set()
    for pot in LOCALE.glob("*.pot"):
        with pot.open("rb") as f:
            for m in read_po(f):
                for text in m.id if isinstance(m.id, tuple) else (m.id,):
                    english |= _words(text)
        for lang in ("sv", "nb"):
            with (LOCALE / lang / "LC_MESSAGES" / pot.with_suffix(".po").name).open("rb") as f:
                for m in read_po(f):
                    for text in m.string if isinstance(m.string, tuple) else (m.string,):
                        # the API's class names (Challenge, Pass) are no Swedish words
                        bare = _API.sub(" ", _FIELD.sub(" ", _NOT_WORDS.sub(" ", text or "")))
                        nordic |= _words(bare)
    english |= _words(" ".join(re.findall(r"_\('([^']*)'", inspect.getsource(argparse))))
    english |= _words(" ".join(re.findall(r'_\("([^"]*)"', inspect.getsource(argparse))))
    return frozenset(english - nordic - NAMES)


def english_in(text: str) -> list[str]:
    """The English words of ``text`` (each with its line)."""
    found = []
    lines = text.splitlines()
    for at, line in enumerate(lines):
        if at + 1 < len(lines) and lines[at + 1].strip() == "^":
            continue  # the text that was read, shown above the column's caret
        bare = _NOT_WORDS.sub(" ", line)
        for word in _WORD.findall(bare):
            if word.lower() in english_only():
                found.append(f"{word!r} in {line.strip()!r}")
    return found


SITUATION = {
    "sv": "topp röd 7; händer röd 3, Dra fyra, blå 5 / ?7 / ?7; namn Anna Bo Cilla",
    "nb": "topp rød 7; hender rød 3, Trekk 4, blå 5 / ?7 / ?7; navn Anna Bo Cilla",
}
MOVES = {
    "sv": "Anna lägger Dra fyra blå; Bo utmanar",
    "nb": "Anna legger Trekk 4 blå; Bo utfordrer",
}
BAD_MOVE = {"sv": "Anna lägger brun 9", "nb": "Anna legger brun 9"}


def commands(lang: str, folder: Path) -> Iterator[list[str]]:
    """Every command, its help, and every error path the command line reaches."""
    s, m = SITUATION[lang], MOVES[lang]
    record = folder / "first-round.uno"
    yield ["--version"]
    yield ["--help"]
    yield []
    for command in ("explain", "rules", "simulate", "table", "check", "replay"):
        yield [command, "--help"]
    yield ["rules", "check", "--help"]
    yield ["explain", s, m]
    yield ["explain", "--long", s, m]
    yield ["explain", "--json", s, m]
    yield ["explain", "--compare", "official,official+house.stack-draw-two", s, m]
    yield ["explain", "--long", "--compare", "official,svenska", s, m]
    yield ["rules"]
    yield ["rules", "--preset", "svenska"]
    yield ["rules", "check", "official+house.stack-draw-two+house.stack-draw-four"]
    yield ["rules", "check", "official+house.no-such-rule"]
    yield ["simulate", "--games", "2", "--seed", "1"]
    yield ["table"]
    yield ["table", "--init", str(folder / "bord.toml")]
    yield ["table", "--init", str(folder / "bord.toml")]  # the file is there: refused
    yield ["check", str(record)]
    yield ["check", str(folder / "unreadable.jsonl")]
    yield ["replay", str(record)]
    yield ["replay", "--at", "3", str(record)]
    yield ["replay", "--at", "999", str(record)]
    # errors
    yield ["bogus"]
    yield ["explain"]
    yield ["explain", s]
    yield ["explain", "topp X; händer R3 / B2", "0 dra"]
    yield ["explain", "top R7; hands R3 / B2", "0 play R3 swap"]
    yield ["explain", s, BAD_MOVE[lang]]
    yield ["explain", "--rules", "no-such-preset", s, m]
    yield ["explain", "--rules", "", s, m]
    yield ["explain", "--compare", "official", s, m]
    yield ["explain", "--house-rule", "no_such_module:RULE", s, m]
    yield ["explain", "--table", str(folder / "missing.toml"), s, m]
    yield ["explain", "top R7; hands R3 / B2; names Anna Bo Cilla", "0 play R3"]
    yield ["explain", "top R7; hands R3 R3 R3 / B2", "0 play R3"]
    yield ["rules", "--preset", "nope"]
    yield ["simulate", "--games", "0"]
    yield ["simulate", "--bots", "nobot"]
    yield ["simulate", "--players", "1"]
    yield ["check", str(folder / "missing.uno")]
    yield ["check", str(folder / "bad.uno")]
    yield ["replay", str(folder / "missing.uno")]
    yield ["replay", "--round", "9", str(record)]


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with contextlib.suppress(SystemExit):
        main(argv)
    out, err = capsys.readouterr()
    return out + err


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in ("UNORULES_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    shutil.copy(RECORDS / "first-round.uno", tmp_path)
    shutil.copy(RECORDS / "unreadable.jsonl", tmp_path)
    (tmp_path / "bad.uno").write_text('[Format "1"]\n[Rules "official"]\n[Players "x"]\n')
    return tmp_path


def test_the_detector_finds_english() -> None:
    assert english_in("usage: unorules explain [-h]") == [
        "'usage' in 'usage: unorules explain [-h]'"
    ]
    assert english_in("show this help message and exit")
    # what the issue found: the --compare header, the --version help, the
    # system's own words for a missing file
    assert english_in("Drag: 1 challenge")
    assert english_in("--version    show program's version number and exit")
    assert english_in("kan inte läsa bordsfilen /tmp/x.toml: No such file or directory")
    # names are not English: rule IDs, codes, presets, players, files, the program
    assert english_in("unorules: Anna lägger W+4, Gu7 (play.match; official; a.uno)") == []
    assert english_in("Nästa: Bo spelar, färgen är röd (play.match).") == []


@pytest.mark.parametrize("lang", ["sv", "nb"])
@pytest.mark.parametrize("how", ["option", "environment"])
def test_no_english_word_in_any_command_or_error(
    lang: str,
    how: str,
    folder: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if how == "environment":
        monkeypatch.setenv("UNORULES_LANG", lang)
    leftovers: list[str] = []
    for argv in commands(lang, folder):
        if how == "option":
            argv = ["--lang", lang, *argv]
        said = _run(capsys, argv)
        assert said.strip(), argv
        leftovers += [f"{' '.join(argv)}: {found}" for found in english_in(said)]
    assert not leftovers, "\n".join(leftovers)
