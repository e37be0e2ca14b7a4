"""The summary of ``unorules check``: the findings per seat (with the
player's name and the bot where the record names them) and per kind, with
each kind's rule ID and the totals, for one record and added up over several.

The records are worked out by hand from the deck of ``docs/records``'s
first round (dealer Bo, so Anna leads; she holds RS RS RR RR R2 R3 B3, Bo
G1 G2 G3 Y7 B9 B8 R9, the top card R7; with two players a Reverse acts as a
Skip):

* FAULTS: Anna plays RS RS RR RR R2 and keeps the turn, Bo plays R9, Anna
  R3 without calling UNO (one card left, B3), Bo G3 (a catch no longer
  counts: ``uno.call``, Anna's), then Bo G2 again, out of turn
  (``play.in-turn``, Bo's; the checking stops there).
* BLUFF: ``docs/records/bluff.uno``: Anna lays a Wild Draw Four while she
  holds red, the colour in force, and Bo draws (``wd4.no-matching-colour``,
  Anna's).
* CLEAN: the first round with other bots and no names: no findings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_records import run

import unorules as ur
from unorules.record_check import FindingKind, check_record, summarize

DECK = "RS G1 RS G2 RR G3 RR Y7 R2 B9 R3 B8 B3 R9 R7 Y1 Y2 Y3 Y4 Y6 Y8"
HEAD = '[Format "1"]\n[Rules "official"]\n[Players "2"]\n'
FAULTS = (
    HEAD
    + '[Names "Anna Bo"]\n[Bots "heuristic random"]\n\n[Round "1"]\n'
    + f'[Deck "{DECK}"]\n'
    + "1. 0 play RS\n2. 0 play RS\n3. 0 play RR\n4. 0 play RR\n5. 0 play R2\n"
    + "6. 1 play R9\n7. 0 play R3\n8. 1 play G3\n9. 1 play G2\n"
)
BLUFF = (
    HEAD
    + '[Names "Anna Bo"]\n[Bots "heuristic random"]\n\n[Round "1"]\n'
    + '[Deck "R+2 G1 W+4 G2 R1 G3 R4 Y7 B5 B9 G6 B8 Y8 R9 R7 Y1 Y2 Y3 Y4 Y6 Y0"]\n'
    + "1. 0 play W+4 blue\n2. 1 draw\n3. 0 play B5\n4. 1 play B9\n"
)
CLEAN = (
    HEAD
    + '[Bots "heuristic heuristic"]\n\n[Round "1"]\n'
    + f'[Deck "{DECK}"]\n'
    + "1. 0 play RS\n2. 0 play RS\n3. 0 play RR\n4. 0 play RR\n5. 0 play R2\n"
    + "6. 1 play R9\n7. 0 uno\n8. 0 play R3\n9. 1 play G3\n10. 0 play B3\n"
)


def folder(tmp_path: Path) -> str:
    for name, text in (("a.uno", FAULTS), ("b.uno", BLUFF), ("c.uno", CLEAN)):
        (tmp_path / name).write_text(text, encoding="utf-8")
    return str(tmp_path)


def one(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.uno"
    path.write_text(text, encoding="utf-8")
    return str(path)


def table(out: str, head: str) -> list[str]:
    """The summary's lines, from its heading to the blank line after it."""
    lines = out.splitlines()
    start = lines.index(head)
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


def test_the_summary_adds_up_each_seat_and_kind() -> None:
    checked = [(r, check_record(r)) for r in map(ur.read_record, (FAULTS, BLUFF, CLEAN))]
    summary = summarize(checked)
    assert summary.records == 3 and summary.findings == 3
    assert [(s.seat, s.name, s.bot, s.findings) for s in summary.seats] == [
        (0, None, "heuristic", 0),
        (0, "Anna", "heuristic", 2),
        (1, None, "heuristic", 0),
        (1, "Bo", "random", 1),
    ]
    anna = summary.seats[1]
    assert anna.rules == {
        (FindingKind.BLUFF, "wd4.no-matching-colour"): 1,
        (FindingKind.UNO, "uno.call"): 1,
    }
    assert summary.kinds == {
        FindingKind.ILLEGAL: 1,
        FindingKind.BLUFF: 1,
        FindingKind.UNO: 1,
        FindingKind.DEAL: 0,
        FindingKind.DRAWN: 0,
    }
    assert list(summary.rules) == [
        (FindingKind.ILLEGAL, "play.in-turn"),
        (FindingKind.BLUFF, "wd4.no-matching-colour"),
        (FindingKind.UNO, "uno.call"),
    ]


def test_one_record_has_its_table_after_the_findings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "check", one(tmp_path, FAULTS))
    assert code == 1
    assert table(out, "Findings per seat and kind:") == [
        "Findings per seat and kind:",
        "  Seat   Player  Bot        illegal  UNO  Total",
        "  0      Anna    heuristic  0        1    1",
        "  1      Bo      random     1        0    1",
        "  Total                     1        1    2",
        "  illegal – illegal move: play.in-turn 1",
        "  UNO – missing UNO call not caught: uno.call 1",
    ]
    # After the last finding, before the last line.
    assert out.index("Round 1, move 9") < out.index("Findings per seat and kind:")
    assert out.rstrip().endswith("Not clean: 2 findings.")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "sv",
            [
                "Anmärkningar per plats och slag:",
                "  Plats   Spelare  Bot        otillåtet  Uno  Totalt",
                "  0       Anna     heuristic  0          1    1",
                "  1       Bo       random     1          0    1",
                "  Totalt                      1          1    2",
                "  otillåtet – otillåtet drag: play.in-turn 1",
                "  Uno – uteblivet UNO-rop som ingen påpekade: uno.call 1",
            ],
        ),
        (
            "nb",
            [
                "Funn per plass og type:",
                "  Plass   Spiller  Bot        ulovlig  Uno  Totalt",
                "  0       Anna     heuristic  0        1    1",
                "  1       Bo       random     1        0    1",
                "  Totalt                      1        1    2",
                "  ulovlig – ulovlig handling: play.in-turn 1",
                "  Uno – manglende UNO-rop som ingen sa fra om: uno.call 1",
            ],
        ),
    ],
)
def test_the_table_in_swedish_and_norwegian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, expected: list[str]
) -> None:
    code, out, _err = run(capsys, "check", one(tmp_path, FAULTS), "--lang", lang)
    assert code == 1
    assert table(out, expected[0]) == expected


def test_a_record_without_names_or_bots_has_seats_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = FAULTS.replace('[Names "Anna Bo"]\n[Bots "heuristic random"]\n', "")
    code, out, _err = run(capsys, "check", one(tmp_path, plain))
    assert code == 1
    assert table(out, "Findings per seat and kind:")[1:5] == [
        "  Seat   illegal  UNO  Total",
        "  0      0        1    1",
        "  1      1        0    1",
        "  Total  1        1    2",
    ]


def test_a_clean_record_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "check", one(tmp_path, CLEAN))
    assert code == 0
    assert "Findings per seat" not in out
    assert out.rstrip().splitlines()[-2:] == [
        "Clean: the rules allow every move, no bluff stood unchallenged and no missing UNO call",
        "  went uncaught.",
    ]
    # Several clean records: one line that says how many.
    (tmp_path / "again.uno").write_text(CLEAN, encoding="utf-8")
    code, out, _err = run(capsys, "check", str(tmp_path))
    assert code == 0
    assert out.rstrip().splitlines()[-1] == "No findings at any seat in the 2 records checked."
    code, out, _err = run(capsys, "check", str(tmp_path), "--lang", "sv")
    assert out.rstrip().splitlines()[-1] == (
        "Inga anmärkningar på någon plats i de 2 prövade protokollen."
    )
    code, out, _err = run(capsys, "check", str(tmp_path), "--lang", "nb")
    assert out.rstrip().splitlines()[-1] == "Ingen funn på noen plass i de 2 sjekkede protokollene."


def test_a_folder_adds_up_over_its_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = run(capsys, "check", folder(tmp_path))
    assert code == 1
    assert out.rstrip().splitlines()[-12:] == [
        "3 records checked: 1 clean, 2 with findings, 0 that cannot be read.",
        "",
        "Findings per seat and kind in 3 records:",
        "  Seat   Player  Bot        illegal  bluff  UNO  Total",
        "  0      -       heuristic  0        0      0    0",
        "  0      Anna    heuristic  0        1      1    2",
        "  1      -       heuristic  0        0      0    0",
        "  1      Bo      random     1        0      0    1",
        "  Total                     1        1      1    3",
        "  illegal – illegal move: play.in-turn 1",
        "  bluff – bluff not challenged: wd4.no-matching-colour 1",
        "  UNO – missing UNO call not caught: uno.call 1",
    ]


def test_a_record_that_cannot_be_read_is_not_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder(tmp_path)
    (tmp_path / "d.uno").write_text(HEAD + '\n[Round "1"]\n1. 0 play X9\n', encoding="utf-8")
    code, out, _err = run(capsys, "check", str(tmp_path), "--lang", "nb")
    assert code == 2
    assert "Funn per plass og type i 3 protokoller:" in out.splitlines()
    assert "  Totalt                      1        1      1    3" in out.splitlines()


def test_the_json_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "check", one(tmp_path, FAULTS), "--json")
    assert code == 1
    assert json.loads(out)["summary"] == {
        "records": 1,
        "findings": 2,
        "kinds": {"illegal": 1, "bluff": 0, "uno": 1, "deal": 0, "drawn": 0},
        "rules": [
            {"kind": "illegal", "rule_id": "play.in-turn", "findings": 1},
            {"kind": "uno", "rule_id": "uno.call", "findings": 1},
        ],
        "seats": [
            {
                "seat": 0,
                "name": "Anna",
                "bot": "heuristic",
                "findings": 1,
                "kinds": {"illegal": 0, "bluff": 0, "uno": 1, "deal": 0, "drawn": 0},
                "rules": [{"kind": "uno", "rule_id": "uno.call", "findings": 1}],
            },
            {
                "seat": 1,
                "name": "Bo",
                "bot": "random",
                "findings": 1,
                "kinds": {"illegal": 1, "bluff": 0, "uno": 0, "deal": 0, "drawn": 0},
                "rules": [{"kind": "illegal", "rule_id": "play.in-turn", "findings": 1}],
            },
        ],
    }


def test_the_json_summary_of_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "check", folder(tmp_path), "--json", "--lang", "sv")
    assert code == 1
    data = json.loads(out)
    summary = data["summary"]
    assert (summary["records"], summary["findings"]) == (3, 3)
    assert summary["kinds"] == {"illegal": 1, "bluff": 1, "uno": 1, "deal": 0, "drawn": 0}
    assert [(s["seat"], s["name"], s["bot"], s["findings"]) for s in summary["seats"]] == [
        (0, None, "heuristic", 0),
        (0, "Anna", "heuristic", 2),
        (1, None, "heuristic", 0),
        (1, "Bo", "random", 1),
    ]
    # Each record keeps its own summary.
    assert [r["summary"]["findings"] for r in data["records"]] == [2, 1, 0]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "No findings at any seat in the 1 record checked."),
        ("sv", "Inga anmärkningar på någon plats i det 1 prövade protokollet."),
        ("nb", "Ingen funn på noen plass i den 1 sjekkede protokollen."),
    ],
)
def test_a_folder_of_one_clean_record_says_so_in_the_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, line: str
) -> None:
    one(tmp_path, CLEAN)
    code, out, _err = run(capsys, "check", str(tmp_path), "--lang", lang)
    assert code == 0
    assert out.rstrip().splitlines()[-1] == line
