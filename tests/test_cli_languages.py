"""The command line in three languages, the short and the long verdict, and
the table file (``unorules.toml``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import unorules.judging as judging
from unorules.cli import main
from unorules.errors import NotationError
from unorules.explanations.languages import rule_in
from unorules.explanations.verdicts import Unknown, explain
from unorules.notation import parse_moves, parse_situation
from unorules.rules import presets
from unorules.table import Table, TableError, example_table, find_table, load_table

# Seat 1 draws from a draw pile nobody gave: the verdict says what follows either way.
DRAW = ("top R7; hands R3 Y5 / B2 B9; turn 1", "1 draw")
# Seat 1 answers a Draw Two with a Draw Two: illegal under official, legal when stacking.
STACK = ("top R5; hands R+2 Y1 B3 / B+2 Y3 / Y5 Y6", "0 play R+2; 1 play B+2")
# Seat 0 lays a Wild Draw Four among 3 cards nobody gave, and seat 1 challenges it.
CHALLENGE = ("top R7; hands W+4 ?3 / Y5 B2; turn 0", "0 play W+4 blue; 1 challenge")


@pytest.fixture(autouse=True)
def _no_language_around(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No language from the environment and no table file in the folder,
    unless a test sets them."""
    for key in ("UNORULES_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def table_file(folder: Path, text: str, name: str = "unorules.toml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


KITCHEN = """\
name = "Köksbordet"
language = "sv"
rules = "official+house.stack-draw-two"
players = ["Anna", "Bo", "Cilla"]
"""


# --- language -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("sv", "Ja – plats 1 drar 1 kort; passar det dragna kortet får plats 1 lägga det"),
        ("nb", "Ja – plass 1 trekker 1 kort; passer kortet som ble trukket, kan plass 1"),
        ("en", "Yes – seat 1 draws 1 card; if the drawn card fits, seat 1 may play it"),
    ],
)
def test_explain_in_a_language_by_flag(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    code, out, err = run(capsys, "explain", *DRAW, "--lang", lang)
    assert code == 0, err
    assert " ".join(out.split()).startswith(said)
    # The verdict itself is the short one, as the verdict says itself in that language;
    # it says both ways the drawn card may go, so nothing is assumed.
    spec = parse_situation(DRAW[0], lang=lang)
    state = spec.to_state(presets.get("official"))
    verdict = explain(
        state, parse_moves(DRAW[1])[0], Unknown(hands=[(), ()], draw_pile=True), lang=lang
    )
    assert out.split() == verdict.text_in(lang).split()  # wrapped at 90 columns
    assert "Rules cited:" not in out


def test_the_flag_may_come_before_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "nb", "explain", *DRAW)
    assert code == 0
    assert out.startswith("Ja – plass 1 trekker 1 kort")


def test_language_from_unorules_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("UNORULES_LANG", "sv")
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")  # UNORULES_LANG comes first
    code, out, _ = run(capsys, "explain", *DRAW)
    assert code == 0
    assert out.startswith("Ja – plats 1 drar 1 kort")
    code, out, _ = run(capsys, "rules", "--preset", "official")
    assert out.splitlines()[0] == "Regler som gäller i official:"
    # --lang wins over the environment.
    code, out, _ = run(capsys, "explain", *DRAW, "--lang", "en")
    assert out.startswith("Yes – seat 1 draws 1 card")


def test_language_from_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "nb_NO.UTF-8")
    code, out, _ = run(capsys, "explain", *DRAW)
    assert code == 0
    assert out.startswith("Ja – plass 1 trekker 1 kort")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # no German: English
    code, out, _ = run(capsys, "explain", *DRAW)
    assert out.startswith("Yes – seat 1 draws 1 card")


def test_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", *DRAW, "--lang", "de")
    assert code == 2
    assert out == ""
    assert "argument --lang: unknown language 'de'; languages are en, sv, nb" in err


def test_long_gives_the_whole_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, short, _ = run(capsys, "explain", *STACK)
    assert code == 0
    assert "Rules cited:" not in short
    assert short.startswith("1. 0 play R+2\n")
    assert "\n2. 1 play B+2\n" in short
    code, out, _ = run(capsys, "explain", *STACK, "--long")
    assert code == 0
    assert out.startswith("Rules: official\nSituation: seat 0 to play on red (R5)")
    assert "Verdict: ILLEGAL - seat 1 owes 2 cards after R+2" in out
    assert "Rules cited:\n  action.draw-two - Draw Two card\n" in out
    code, out, _ = run(capsys, "explain", *STACK, "--long", "--lang", "sv")
    assert out.startswith("Regler: official\n\n1. plats 0: lägga röd Dra två\n")
    assert "Rules cited:" not in out


def test_json_keeps_english_keys_and_adds_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "explain", *DRAW, "--json", "--lang", "sv")
    assert code == 0
    data = json.loads(out)
    assert data["lang"] == "sv"
    assert {"rules", "situation", "moves", "verdict", "stopped_early", "assumes", "notes"} <= set(
        data
    )
    assert data["rules"] == "official"
    assert data["verdict"]["verdict"] == "legal"
    assert data["verdict"]["move"] == "1 draw"
    assert data["assumes"] == []  # the verdict says both ways the drawn card may go
    assert data["notes"] == []


def test_help_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "--help", "--lang", "sv")
    assert code == 0
    assert out.startswith("användning: unorules explain [-h]")
    lines = out.splitlines()
    assert "argument:" in lines
    assert "flaggor:" in lines
    assert "  -h, --help            visa den här hjälpen och avsluta" in lines
    assert "  --long                hela utslaget: reglerna med sina texter, vad som" in lines
    code, out, _ = run(capsys, "--lang", "nb", "--help")
    assert out.startswith("bruk: unorules [-h]")
    assert "    table      vis bordfilen, eller skriv et eksempel du kan endre" in out


def test_a_bad_option_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "--lang", "sv", "--bogus", *DRAW)
    assert code == 2
    assert out == ""
    assert err.startswith("användning: unorules explain")
    assert err.endswith("unorules explain: fel: okända argument: --bogus\n")
    code, _, err = run(capsys, "rules", "lista", "--lang", "sv")
    assert code == 2
    assert err.endswith(
        "unorules rules: fel: argumentet action: ogiltigt val: 'lista' (välj bland 'list', "
        "'check', 'compare')\n"
    )
    code, _, err = run(capsys, "--lang", "nb", "explain")
    assert err.endswith("unorules explain: feil: disse argumentene mangler: SITUATION, MOVE\n")


def test_json_error_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "--lang", "nb", "--bogus", *DRAW, "--json")
    assert code == 2
    assert err == ""
    data = json.loads(out)["error"]
    assert data["lang"] == "nb"
    assert data["message"] == "ukjente argumenter: --bogus"


# --- the table file -----------------------------------------------------------------


def test_load_table(tmp_path: Path) -> None:
    table = load_table(table_file(tmp_path, KITCHEN))
    assert table == Table(
        path=tmp_path / "unorules.toml",
        name="Köksbordet",
        language="sv",
        rules="official+house.stack-draw-two",
        players=("Anna", "Bo", "Cilla"),
        house_rules=(),
    )
    assert find_table(tmp_path) == tmp_path / "unorules.toml"
    assert find_table(tmp_path / "elsewhere") is None


def test_the_example_table_loads(tmp_path: Path) -> None:
    for lang, rules in (("en", "official"), ("sv", "svenska"), ("nb", "norsk")):
        from unorules.explanations.languages import Wording

        path = table_file(tmp_path, example_table(Wording(lang)), f"{lang}.toml")  # type: ignore[arg-type]
        table = load_table(path)
        assert table.language == lang
        assert table.rules == rules
        assert table.players == ("Anna", "Bo", "Cilla")


@pytest.mark.parametrize(
    ("text", "key", "message"),
    [
        ('colour = "red"\n', "colour", "t.toml: unknown key 'colour'; a table file may hold name"),
        ("name = 3\n", "name", "t.toml: name must be a string in quotes, not a number"),
        (
            'players = "Anna Bo"\n',
            "players",
            't.toml: players must be a list of strings in quotes, e.g. ["Anna", "Bo"], '
            "but holds a string",
        ),
        (
            'language = "de"\n',
            "language",
            "t.toml: language 'de' is none of en (English), sv (Swedish), nb (Norwegian Bokmål)",
        ),
        ('rules = "svensk"\n', "rules", "t.toml: rules = 'svensk': unknown preset"),
        (
            'players = ["Anna", "Bo", "anna"]\n',
            "players",
            "t.toml: players: 'anna' is named twice",
        ),
        ('players = ["Anna", ""]\n', "players", "t.toml: players: the name of seat 1 is empty"),
        ('players = ["Anna", "2"]\n', "players", "t.toml: players: '2' is a number"),
        ('players = ["Anna Karin", "Bo"]\n', "players", "t.toml: players: 'Anna Karin' holds a"),
        ('players = ["Anna"]\n', "players", "t.toml: players: a table has at least two players"),
        ('name = "x"\nrules = official\n', None, "t.toml, line 2, column 9: not valid TOML"),
    ],
)
def test_bad_table_files(tmp_path: Path, text: str, key: str | None, message: str) -> None:
    path = table_file(tmp_path, text, "t.toml")
    with pytest.raises(TableError) as caught:
        load_table(path)
    assert str(caught.value).startswith(message)
    assert caught.value.key == key
    assert caught.value.path == path


def test_a_bad_table_file_stops_the_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table_file(tmp_path, 'players = ["Anna", "Anna"]\n')
    code, out, err = run(capsys, "explain", *DRAW)
    assert code == 2
    assert out == ""
    assert err == "unorules explain: error: unorules.toml: players: 'Anna' is named twice\n"
    code, out, _ = run(capsys, "explain", *DRAW, "--no-table")
    assert code == 0
    code, _, err = run(capsys, "explain", *DRAW, "--table", str(tmp_path / "none.toml"))
    assert code == 2
    assert "cannot read the table file" in err
    assert "none.toml" in err


def test_the_table_in_the_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table_file(tmp_path, KITCHEN)
    code, out, err = run(capsys, "explain", *STACK, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["rules"] == "official+house.stack-draw-two"
    assert data["verdict"]["verdict"] == "legal"
    assert data["lang"] == "sv"
    assert data["table"]["name"] == "Köksbordet"
    assert data["table"]["players"] == ["Anna", "Bo", "Cilla"]
    # Flags win over the table; --no-table ignores it.
    data = json.loads(run(capsys, "explain", *STACK, "--json", "--rules", "official")[1])
    assert (data["rules"], data["verdict"]["verdict"], data["lang"]) == (
        "official",
        "illegal",
        "sv",
    )
    data = json.loads(run(capsys, "explain", *STACK, "--json", "--lang", "en")[1])
    assert (data["rules"], data["lang"]) == ("official+house.stack-draw-two", "en")
    data = json.loads(run(capsys, "explain", *STACK, "--json", "--no-table")[1])
    assert (data["rules"], data["verdict"]["verdict"], data["lang"]) == (
        "official",
        "illegal",
        "en",
    )
    assert "table" not in data


def test_a_table_given_with_the_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    elsewhere = tmp_path / "family"
    elsewhere.mkdir()
    path = table_file(elsewhere, KITCHEN.replace('"sv"', '"nb"'), "hemma.toml")
    code, out, err = run(capsys, "explain", *STACK, "--table", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["rules"], data["verdict"]["verdict"], data["lang"]) == (
        "official+house.stack-draw-two",
        "legal",
        "nb",
    )
    # The table's language applies to the help as well.
    code, out, _ = run(capsys, "explain", "--table", str(path), "--help")
    assert out.startswith("bruk: unorules explain")
    code, _, err = run(capsys, "explain", *STACK, "--table", str(path), "--no-table")
    assert code == 2
    assert "give either --table or --no-table, not both" in err


def test_names_from_the_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_file(tmp_path, 'language = "en"\nplayers = ["Anna", "Bo"]\n')
    asked: list[tuple[str, tuple[str, ...]]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append((kwargs["lang"], tuple(kwargs["names"])))
        return explain(*args, **kwargs)

    monkeypatch.setattr(judging, "explain", spy)
    code, out, err = run(capsys, "explain", *CHALLENGE)
    assert code == 0, err
    assert asked[:2] == [("en", ("Anna", "Bo")), ("en", ("Anna", "Bo"))]
    said = " ".join(out.split())
    assert (
        "- whether Anna could lay W+4 depends on its 3 unknown cards, dealt here at random "
        "-" in said
    )
    assert "- the challenge's outcome depends on Anna's unknown cards, dealt here at random" in said
    assert "seed" not in said
    code, out, _ = run(capsys, "explain", *CHALLENGE, "--lang", "sv")
    assert (
        "- om Anna fick lägga Dra fyra beror på 3 okända kort som Anna har, här utdelade på måfå"
        in " ".join(out.split())
    )
    assert "seed" not in out and "W+4" not in out


def test_the_situations_names_come_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    situation = CHALLENGE[0] + "; names Cilla Dag"
    try:
        parse_situation(situation)
    except NotationError:
        pytest.skip("the notation reads no names clause")
    table_file(tmp_path, 'language = "en"\nplayers = ["Anna", "Bo"]\n')
    asked: list[tuple[str, ...]] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(tuple(kwargs["names"]))
        return explain(*args, **kwargs)

    monkeypatch.setattr(judging, "explain", spy)
    code, out, err = run(capsys, "explain", situation, CHALLENGE[1])
    assert code == 0, err
    assert asked[0] == ("Cilla", "Dag")
    assert "- whether Cilla could lay W+4" in " ".join(out.split())


def test_names_that_do_not_fit_the_seats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table_file(tmp_path, 'language = "en"\nplayers = ["Anna", "Bo", "Cilla"]\n')
    code, out, _ = run(capsys, "explain", *CHALLENGE)
    assert code == 0
    assert out.startswith(
        "Rules: official (table file unorules.toml)\n\n"
        "Note: the table file names 3 players but the situation has 2 seats, so the seats go "
        "by\nnumber\n\n1. 0 play W+4 blue\n"
    )
    assert "- whether seat 0 could lay W+4 depends on its 3 unknown cards" in out
    data = json.loads(run(capsys, "explain", *CHALLENGE, "--json")[1])
    assert data["notes"] == [
        "the table file names 3 players but the situation has 2 seats, so the seats go by number"
    ]


def test_rules_shows_what_the_table_plays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table_file(tmp_path, KITCHEN)
    code, out, err = run(capsys, "rules", "--table")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:5] == [
        "Bord: Köksbordet",
        f"Fil: {Path('unorules.toml')}",
        "Språk: Svenska",
        "Spelare: Anna (0), Bo (1), Cilla (2)",
        "Regler: official+house.stack-draw-two",
    ]
    assert "Regler som gäller:" in lines
    ids = presets.get("official+house.stack-draw-two").rule_ids
    width = max(len(r) for r in ids)
    for rule_id in ("house.stack-draw-two", "wd4.no-matching-colour"):
        assert f"  {rule_id:<{width}}  {rule_in(rule_id, 'sv').title}" in lines
    assert sum(1 for line in lines if line.startswith("  ") and line.split()[0] in ids) == len(ids)
    data = json.loads(run(capsys, "rules", "--json", "--lang", "en")[1])
    assert data["table"]["players"] == ["Anna", "Bo", "Cilla"]
    assert [r["id"] for r in data["rules"]] == list(ids)
    assert data["rules"][0]["title"] == rule_in(ids[0], "en").title
    # --preset shows that rule set instead; --no-table the whole catalogue.
    code, out, _ = run(capsys, "rules", "--preset", "kids")
    assert out.startswith("Regler som gäller i kids:")
    code, out, _ = run(capsys, "rules", "--no-table", "--lang", "en")
    assert "Presets: " in out


def test_table_init_writes_an_example(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "table", "--init", "--lang", "sv")
    assert code == 0, err
    path = tmp_path / "unorules.toml"
    assert out == (
        "Skrev unorules.toml: ändra i den, sedan visar 'unorules rules' vad ert bord spelar med.\n"
    )
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Bordsfilen för unorules: vad ert bord spelar med.\n")
    assert 'name = "Köksbordet"' in text.splitlines()
    assert load_table(path).language == "sv"
    code, out, err = run(capsys, "table", "--init", "--lang", "en")
    assert code == 2
    assert err == "unorules table: error: unorules.toml exists already; it is left as it is\n"
    assert path.read_text(encoding="utf-8") == text
    code, out, _ = run(capsys, "table")
    assert out.startswith("Bord: Köksbordet\n")
    # A table file that does not load does not stop a new one being written.
    path.write_text("bogus = 1\n", encoding="utf-8")
    code, out, err = run(capsys, "table", "--init", "own.toml", "--lang", "nb")
    assert code == 0, err
    assert out == (
        "Skrev own.toml: endre den, så viser 'unorules rules --table own.toml' hva bordet "
        "deres spiller med.\n"
    )
    assert (
        (tmp_path / "own.toml")
        .read_text(encoding="utf-8")
        .startswith("# Bordfilen for unorules: hva bordet deres spiller med.\n")
    )


def test_table_without_a_table_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "table", "--lang", "en")
    assert out == ""
    assert code == 2
    assert err == (
        "unorules table: error: no table file here: give one with --table FILE, or write one "
        "with 'unorules table --init'\n"
    )


def test_simulate_plays_the_tables_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table_file(tmp_path, KITCHEN)
    code, out, err = run(capsys, "simulate", "--rounds", "3", "--json", "--no-progress")
    assert code == 0, err
    assert json.loads(out)["stats"]["rules"] == "official+house.stack-draw-two"
    code, out, err = run(
        capsys, "simulate", "--rounds", "3", "--json", "--no-progress", "--rules", "kids"
    )
    assert json.loads(out)["stats"]["rules"] == "kids"


HOUSE_MODULE = """\
import attrs

import unorules as ur
from unorules import HouseRule

RID = "table.draw-two-on-wd4"


@attrs.frozen
class DrawTwoOnWd4:
    before: object

    @property
    def rule_ids(self):
        return (*self.before.rule_ids, RID)

    def answers(self, pending, card, color):
        if (
            pending.face is ur.Face.WILD_DRAW_FOUR
            and card.face is ur.Face.DRAW_TWO
            and card.color is color
        ):
            return RID
        return self.before.answers(pending, card, color)

    def answerable(self, pending, color):
        return pending.face is ur.Face.WILD_DRAW_FOUR or self.before.answerable(pending, color)


RULE = HouseRule(
    id=RID,
    title="Draw Two on a Wild Draw Four",
    text="A Draw Two of the colour named may answer a Wild Draw Four; the total passes on.",
    slot="stacking",
    build=lambda rules: DrawTwoOnWd4(rules.stacking),
)
"""


def test_a_tables_own_rules_beside_its_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    family = tmp_path / "family"
    family.mkdir()
    (family / "cli_family_rules.py").write_text(HOUSE_MODULE, encoding="utf-8")
    path = table_file(
        family,
        'language = "en"\n'
        'rules = "official+table.draw-two-on-wd4"\n'
        'house_rules = ["cli_family_rules:RULE"]\n',
    )
    situation = "top R7; hands B3 Y4 W+4 / G+2 B+2 Y1 / Y5 Y6"
    moves = "0 play W+4 green; 1 play G+2"
    data = json.loads(run(capsys, "explain", situation, moves, "--table", str(path), "--json")[1])
    assert data["rules"] == "official+table.draw-two-on-wd4"
    assert data["verdict"]["verdict"] == "legal"
    assert data["verdict"]["rules"][0]["id"] == "table.draw-two-on-wd4"
    code, out, _ = run(capsys, "rules", "--table", str(path))
    assert code == 0
    lines = out.splitlines()
    assert "The table's own rules" in lines
    assert any(
        line.split() == ["table.draw-two-on-wd4", "Draw", "Two", "on", "a", "Wild", "Draw", "Four"]
        for line in lines
    )
    bad = table_file(tmp_path, 'house_rules = ["cli_no_such_module:RULE"]\n', "bad.toml")
    with pytest.raises(TableError) as caught:
        load_table(bad)
    assert caught.value.key == "house_rules"
    assert str(caught.value).startswith(
        "bad.toml: house_rules: house rule 'cli_no_such_module:RULE': there is no module"
    )
