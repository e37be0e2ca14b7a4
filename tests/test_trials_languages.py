"""Faults found when a Swedish family and a hostile tester tried the three
languages, names and the table file: each kind, not just the example."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

import unorules as ur
from unorules.cli import main
from unorules.errors import NotationError, UnoError
from unorules.moves import CatchUno, Challenge, Draw, Play, Timeout
from unorules.notation import check_names, parse_move, parse_situation
from unorules.table import TableError, load_table

NAMES = ("Karin", "Johan", "Elsa")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def table(folder: Path, body: str) -> Path:
    path = folder / "unorules.toml"
    path.write_text(body, encoding="utf-8")
    return path


# --- the words a family uses -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("Karin lägger Dra fyra och väljer blå", Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)),
        ("Karin legger trekk 4 og velger blå", Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)),
        ("0 play W+4 and chooses blue", Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)),
        ("Johan synar", Challenge(1)),
        ("Johan syner", None),
        ("Elsa påpekar Johan", CatchUno(2, 1)),
        ("Elsa påpeker Johan", CatchUno(2, 1)),
    ],
)
def test_the_words_of_the_rule_texts_are_read(text: str, move: object) -> None:
    if move is None:
        with pytest.raises(NotationError):
            parse_move(text, lang="sv", names=NAMES)
        return
    assert parse_move(text, lang="sv", names=NAMES) == move


def test_a_swedish_take_with_a_number_is_refused_not_read_as_a_catch() -> None:
    # "Bo tar 2" may mean "takes 2 cards": never silently "catches seat 2".
    with pytest.raises(NotationError, match="a draw takes no number") as caught:
        parse_move("1 tar 2", lang="sv")
    assert caught.value.position == 6
    assert caught.value.text_in("sv") != str(caught.value)
    with pytest.raises(NotationError, match="a draw takes no number"):
        parse_move("1 drar 2", lang="sv")
    assert parse_move("1 tar", lang="sv") == Draw(1)
    assert parse_move("2 tar 0", lang="nb") == CatchUno(2, 0)  # Norwegian: ta = catch
    assert parse_move("Elsa tar Karin", lang="sv", names=NAMES) == CatchUno(2, 0)


# --- names -------------------------------------------------------------------------------


def test_names_are_checked_as_the_names_clause_checks_them() -> None:
    assert check_names(["Anna", "Bo"]) == ("Anna", "Bo")
    assert check_names(["Röd", "Bo"]) == ("Röd", "Bo")  # a word of the notation, known by place
    for bad in (["An\x1b[2Jna", "Bo"], ["Anna", "anna"], ["Player", "Bo"], ["Anna", "A" * 21]):
        with pytest.raises(NotationError):
            check_names(bad)
    with pytest.raises(NotationError, match="list of strings"):
        check_names("Anna Bo")  # type: ignore[arg-type]


def test_a_name_typed_in_either_unicode_form_is_the_same_name() -> None:
    composed, decomposed = "Åsa", unicodedata.normalize("NFD", "Åsa")
    assert composed != decomposed
    spec = parse_situation(f"top R7; hands R3 / B2; names {decomposed} Bo")
    assert spec.names == (composed, "Bo")
    assert parse_move(f"{decomposed} play R3", names=(composed, "Bo")) == Play(
        0, ur.Card.parse("R3")
    )


def test_explain_refuses_names_that_cannot_be_printed_and_takes_none() -> None:
    s = ur.situation(ur.presets.official(), ["R3", "B2"], top="R7")
    move = Play(0, ur.Card.parse("R3"))
    assert ur.explain(s, move, names=None).names == ()  # type: ignore[arg-type]
    for bad in (["An\nna", "Bo"], ["Anna", "ANNA"], ["x" * 41, "Bo"]):
        with pytest.raises(UnoError):
            ur.explain(s, move, names=bad)


def test_a_timeout_is_said_in_words() -> None:
    s = ur.situation(ur.presets.get("official+house.timed-turns"), ["R3", "B2"], top="R7")
    v = ur.explain(s, Timeout(1), names=("Kari", "Ola"), lang="nb")
    assert "1 timeout" not in v.headline
    assert "Ola" in v.headline


# --- the table file ----------------------------------------------------------------------


def test_a_tables_players_may_be_named_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table(tmp_path, 'language = "sv"\nplayers = ["Karin", "Johan", "Elsa"]\n')
    code, out, err = run("explain", "topp röd 7; händer R3 / B2 / Y3; tur Johan", "Johan lägger B2")
    assert code == 0, err
    assert "Nej – Johan får inte lägga blå 2" in out


def test_the_rules_a_table_file_brings_are_named_in_the_short_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table(tmp_path, 'language = "en"\nrules = "svenska+kitchen-table"\n')
    code, out, _ = run("explain", "top R7; hands R3 / B2", "0 play R3")
    assert code == 0
    assert out.startswith("Rules: svenska+kitchen-table (table file unorules.toml)\n\n")
    code, out, _ = run("explain", "--no-table", "top R7; hands R3 / B2", "0 play R3")
    assert not out.startswith("Rules:")


def test_a_broken_table_file_is_reported_in_its_own_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table(tmp_path, 'language = "sv"\nplayers = ["Mamma Karin", "Johan"]\n')
    code, _, err = run("explain", "top R7; hands R3 / B2", "0 play R3")
    assert code == 2
    assert "fel: unorules.toml: players:" in err
    assert "mellanslag" in err
    code, out, _ = run("--help")
    assert out.startswith("användning: unorules")  # the top-level help too


def test_a_tables_names_and_name_are_checked(tmp_path: Path) -> None:
    for body, key in (
        ('players = ["A\\u001b[2Jnna", "Bo"]\n', "players"),
        ('players = ["Seat", "Bo"]\n', "players"),
        ('name = "Evil\\u001b[31mRED"\n', "name"),
    ):
        with pytest.raises(TableError) as caught:
            load_table(table(tmp_path, body))
        assert caught.value.key == key, body
    composed = load_table(table(tmp_path, 'players = ["A\\u030asa", "Bo"]\n'))
    assert composed.players == ("Åsa", "Bo")


# --- output -------------------------------------------------------------------------------


def test_english_long_verdict_speaks_of_the_players_by_name() -> None:
    code, out, _ = run(
        "explain",
        "--long",
        "--no-table",
        "top R7; hands R3 R4 / Y3 Y5; names Anna Bo",
        "Anna play R4",
    )
    assert code == 0
    assert "Anna" in out and "seat 0" not in out


def test_a_terminal_that_cannot_show_the_letters_gets_no_traceback(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "UNORULES_LANG")}
    env["PYTHONIOENCODING"] = "latin-1"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "unorules",
            "explain",
            "--no-table",
            "--lang",
            "nb",
            "top R7; hands R3 / ?7",
            "0 play R3",
        ],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode("latin-1")
    assert "Traceback" not in done.stderr.decode("latin-1")
    assert "runden" in done.stdout.decode("latin-1").lower()


# --- the second family ---------------------------------------------------------------------

FAMILY = ("Inga", "Lasse", "Maja", "Ebba")


@pytest.mark.parametrize(
    "text",
    [
        "Lasse lägger röd 7 och byter hand med Ebba",
        "Lasse lägger röd 7 och byter med Ebba",
        "Lasse legger rød 7 og bytter hånd med Ebba",
        "1 play R7 and swaps hands with 3",
        "1 play R7 swap 3",
    ],
)
def test_a_seven_swap_is_read_as_the_family_says_it(text: str) -> None:
    assert parse_move(text, lang="sv", names=FAMILY) == Play(1, ur.Card.parse("R7"), swap_with=3)


def test_the_form_a_refused_play_suggests_is_one_the_notation_reads() -> None:
    rules = ur.presets.get("official+house.seven-zero")
    s = ur.situation(rules, ["R1 Y5", "R7 B2", "Y3", "B4"], top="R5", current=1)
    v = ur.explain(s, Play(1, ur.Card.parse("R7")), lang="sv", names=FAMILY)
    suggested = v.texts.reason.split("`")[1]  # "Lasse lägger röd 7 och byter hand med Maja"
    assert "till exempel" in v.texts.reason
    assert parse_move(suggested, lang="sv", names=FAMILY).swap_with is not None  # type: ignore[union-attr]


def test_a_wild_card_may_say_its_colour() -> None:
    assert parse_move("Inga lägger Välj färg och säger gul", lang="sv", names=FAMILY) == Play(
        0, ur.Card.parse("W"), ur.Color.YELLOW
    )


def test_the_seed_has_a_swedish_and_a_norwegian_word() -> None:
    assert parse_situation("topp röd 7; händer R3 / B2; slumptal 3").seed == 3
    assert parse_situation("topp rød 7; hender R3 / B2; slumptall 4").seed == 4


def test_a_table_of_two_presets_describes_both_and_long_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table(tmp_path, 'language = "en"\nrules = "svenska+kitchen-table"\n')
    code, out, _ = run("table")
    assert code == 0
    assert "  svenska: " in out and "  kitchen-table: " in out
    code, out, _ = run("explain", "--long", "top R7; hands R3 / B2", "0 play R3")
    assert out.startswith("Rules: svenska+kitchen-table (table file unorules.toml)\n")
