"""A record cut short is no whole game: `unorules check` says so (exit status
1) unless --allow-unfinished, whether it was cut inside a round or between
two rounds, and a record the library writes ends with its end line, so that
it checks clean. Format 1 records (without end lines) are judged by their
rounds and the game's end."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

import unorules as ur
from unorules.cli import main
from unorules.play.bots import HeuristicBot, play_game, play_round
from unorules.play.simulate import simulate

# A game of two seats to 60 points, as play_game(official+score.target=60,
# two HeuristicBots, seed=23, record="game.jsonl") wrote it: round 1 (line 2)
# has 24 moves (lines 3-26) and seat 0 wins it with 27 points; round 2
# (line 27) has 16 moves (lines 28-43) after which seat 0 has 116, more than
# 60: the game is over, and line 44 says so.
GAME = """\
{"format": 2, "rules": "official+score.target=60", "players": 2, "seed": 23, \
"bots": ["heuristic", "heuristic"]}
{"round": 1, "dealer": 1}
{"n": 1, "move": "1 play RS"}
{"n": 2, "move": "1 play R+2"}
{"n": 3, "move": "0 draw", "drew": "R9 W"}
{"n": 4, "move": "1 play R6"}
{"n": 5, "move": "0 play R9"}
{"n": 6, "move": "1 play R3"}
{"n": 7, "move": "0 play G3"}
{"n": 8, "move": "1 play Y3"}
{"n": 9, "move": "0 play Y9"}
{"n": 10, "move": "1 draw", "drew": "Y6"}
{"n": 11, "move": "1 play Y6"}
{"n": 12, "move": "0 play Y8"}
{"n": 13, "move": "1 draw", "drew": "Y4"}
{"n": 14, "move": "1 play Y4"}
{"n": 15, "move": "0 play W+4 green"}
{"n": 16, "move": "1 challenge", "drew": "G3 Y2 BR R7 G1 G5"}
{"n": 17, "move": "0 play G9"}
{"n": 18, "move": "1 play G5"}
{"n": 19, "move": "0 play G6"}
{"n": 20, "move": "1 play G3"}
{"n": 21, "move": "0 uno"}
{"n": 22, "move": "0 play W red"}
{"n": 23, "move": "1 play R7"}
{"n": 24, "move": "0 play R1"}
{"round": 2, "dealer": 0, "scores": [27, 0]}
{"n": 1, "move": "1 play R9"}
{"n": 2, "move": "0 play RR"}
{"n": 3, "move": "0 play R3"}
{"n": 4, "move": "1 play R6"}
{"n": 5, "move": "0 play B6"}
{"n": 6, "move": "1 play BR"}
{"n": 7, "move": "1 play BR"}
{"n": 8, "move": "1 play B7"}
{"n": 9, "move": "0 play B+2"}
{"n": 10, "move": "1 draw", "drew": "W B1"}
{"n": 11, "move": "0 play B8"}
{"n": 12, "move": "1 play B4"}
{"n": 13, "move": "0 uno"}
{"n": 14, "move": "0 play W+4 yellow"}
{"n": 15, "move": "1 draw", "drew": "B9 R8 B6 R9"}
{"n": 16, "move": "0 play Y7"}
{"end": "game"}
"""

RULES = "official+score.target=60"

NO_END = (
    "Not a whole game: the record has no end line after round {round}, so it may have "
    "been cut short there (a record ends with one when its game, or a round played on "
    "its own, is over)."
)
ROUND_CUT = "The record of round {round} ends before the round is over."
NOT_CLEAN = (
    "Not clean: the record is no whole game (cut short, or left unfinished); "
    "--allow-unfinished accepts such a record."
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def check_json(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code, out, err = run(capsys, "check", str(path), "--json", *extra)
    assert not err
    return code, json.loads(out)


def words(text: str) -> str:
    """``text`` with its wrapped lines joined."""
    return " ".join(text.split())


def prefix(text: str, lines: int) -> str:
    return "".join(text.splitlines(keepends=True)[:lines])


def test_the_game_is_what_play_game_writes(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    finals = play_game(
        ur.presets.get(RULES), [HeuristicBot(), HeuristicBot()], seed=23, record=path
    )
    assert path.read_text(encoding="utf-8") == GAME
    assert [f.scores for f in finals] == [(27, 0), (116, 0)] and finals[-1].game_over


# What each cut of GAME after its line k is, worked out from the lines above:
# 1: the header alone (no round: cannot be read); 2-25: round 1 before its
# 24th move (round 1 not over); 26: round 1 over, no end line; 27-42: round 2
# before its 16th move; 43: round 2 over and the game too, but no end line.
JSONL_CUTS = (
    [(k, ("round", 1)) for k in range(2, 26)]
    + [(26, ("no end", 1))]
    + [(k, ("round", 2)) for k in range(27, 43)]
    + [(43, ("no end", 2))]
)

# The same game in the text form, 54 lines: 1-5 the header tags (the last one
# [Bots "heuristic heuristic"]), 6 blank, 7 [Round "1"], 8 [Dealer "1"], 9-32
# its 24 moves, 33 blank, 34 [Round "2"], 35 [Dealer "0"], 36 [Scores "27 0"],
# 37-52 its 16 moves, 53 blank, 54 [End "game"].
TEXT_CUTS = (
    [(k, ("round", 1)) for k in range(7, 32)]
    + [(32, ("no end", 1)), (33, ("no end", 1))]
    + [(k, ("round", 2)) for k in range(34, 52)]
    + [(52, ("no end", 2)), (53, ("no end", 2))]
)


def _expect_note(kind: tuple[str, int], notes: list[str]) -> None:
    what, number = kind
    if what == "round":
        assert notes == [ROUND_CUT.format(round=number)]
    else:
        assert notes == [NO_END.format(round=number)]


@pytest.mark.parametrize("form", ["jsonl", "text"])
def test_a_record_cut_at_any_line_end_is_unfinished(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = GAME if form == "jsonl" else ur.write_record(ur.read_record(GAME), "text")
    cuts = JSONL_CUTS if form == "jsonl" else TEXT_CUTS
    lines = text.splitlines()
    assert len(lines) == (44 if form == "jsonl" else 54)
    assert lines[-1] == ('{"end": "game"}' if form == "jsonl" else '[End "game"]')
    unreadable = range(1, 2) if form == "jsonl" else range(1, 7)
    assert [k for k, _ in cuts] == [
        k for k in range(1, len(lines)) if k not in unreadable
    ]  # every line end but the last
    path = tmp_path / f"cut.{'jsonl' if form == 'jsonl' else 'uno'}"
    for k in unreadable:
        path.write_text(prefix(text, k), encoding="utf-8")
        code, data = check_json(capsys, path)
        assert code == 2, k
    for k, kind in cuts:
        path.write_text(prefix(text, k), encoding="utf-8")
        code, data = check_json(capsys, path)
        assert (code, data["clean"], data["unfinished"], data["findings"]) == (
            1,
            False,
            True,
            [],
        ), k
        assert data["end"] is None and data["game_over"] == (kind == ("no end", 2))
        _expect_note(kind, data["notes"])
        code, out, _ = run(capsys, "check", str(path))
        assert code == 1 and words(out).endswith(NOT_CLEAN), k
        # The flag accepts it, and says why it is no whole game.
        code, data = check_json(capsys, path, "--allow-unfinished")
        assert (code, data["clean"], data["unfinished"]) == (0, True, True), k
        _expect_note(kind, data["notes"])
        code, out, _ = run(capsys, "check", str(path), "--allow-unfinished")
        assert code == 0 and words(out).endswith(
            "Clean: the rules allow every move, no bluff stood unchallenged and no "
            "missing UNO call went uncaught."
        )
    path.write_text(text, encoding="utf-8")
    code, data = check_json(capsys, path)
    assert (code, data["clean"], data["unfinished"], data["end"], data["game_over"]) == (
        0,
        True,
        False,
        "game",
        True,
    )
    assert data["notes"] == [] and data["moves"] == 40 and data["rounds"] == 2


def test_cut_between_rounds_is_a_finding_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 whole (lines 1-26), round 2 not begun: the record reads as a
    # whole round, and only the missing end line tells.
    path = tmp_path / "cut.jsonl"
    path.write_text(prefix(GAME, 26), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert words(NO_END.format(round=1)) in words(out)
    code, out, _ = run(capsys, "check", str(path), "--lang", "sv")
    assert code == 1
    assert (
        "Inget helt parti: protokollet har ingen slutrad efter omgång 1, så det kan ha "
        "kortats av där (ett protokoll slutar med en när dess parti, eller en omgång som "
        "spelas för sig, är slut)." in words(out)
    )
    assert words(out).endswith(
        "Inte rent: protokollet är inget helt parti (avkortat eller inte färdigspelat); "
        "--allow-unfinished godtar ett sådant protokoll."
    )
    code, out, _ = run(capsys, "check", str(path), "--lang", "nb")
    assert code == 1
    assert (
        "Ikke et helt parti: protokollen har ingen sluttlinje etter runde 1, så den kan være "
        "avkortet der (en protokoll slutter med en når partiet, eller en runde spilt for "
        "seg, er over)." in words(out)
    )
    assert words(out).endswith(
        "Ikke rent: protokollen er ikke et helt parti (avkortet eller ikke ferdigspilt); "
        "--allow-unfinished godtar en slik protokoll."
    )
    code, out, _ = run(capsys, "check", str(path), "--lang", "sv", "--allow-unfinished")
    assert code == 0 and "Inget helt parti: protokollet har ingen slutrad efter omgång 1" in words(
        out
    )


def test_records_the_library_writes_check_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games, rounds = tmp_path / "games", tmp_path / "rounds"
    simulate(RULES, ["heuristic", "heuristic"], games=3, seed=5, record=games)
    simulate(RULES, ["heuristic", "heuristic"], rounds=2, seed=5, record=rounds)
    written = sorted(games.glob("*.jsonl")) + sorted(rounds.glob("*.jsonl"))
    assert len(written) == 5
    for path in written:
        text = path.read_text(encoding="utf-8")
        end = '{"end": "game"}' if path.parent == games else '{"end": "round"}'
        assert text.splitlines()[-1] == end
        code, data = check_json(capsys, path)
        assert (code, data["clean"], data["unfinished"]) == (0, True, False), path
    code, out, _ = run(capsys, "check", str(games), str(rounds))
    assert code == 0 and "5 records checked: 5 clean" in out
    # A round played alone, to a file of the text form.
    uno = tmp_path / "round.uno"
    play_round(ur.presets.official(), [HeuristicBot(), HeuristicBot()], seed=4, record=uno)
    assert uno.read_text(encoding="utf-8").endswith('\n[End "round"]\n')
    assert run(capsys, "check", str(uno))[0] == 0
    # replay reads them all, cut or not.
    assert run(capsys, "replay", str(written[0]), "--at", "0")[0] == 0
    cut = tmp_path / "cut.jsonl"
    cut.write_text(prefix(written[0].read_text(encoding="utf-8"), 3), encoding="utf-8")
    assert run(capsys, "replay", str(cut))[0] == 0


def test_what_the_end_line_says_is_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = ur.read_record(GAME)
    path = tmp_path / "game.jsonl"
    # Stopped after round 1: whole as recorded, but the game is unfinished.
    stopped = attrs.evolve(whole, rounds=whole.rounds[:1], end="stopped")
    path.write_text(ur.write_record(stopped), encoding="utf-8")
    assert path.read_text(encoding="utf-8").endswith(
        '{"n": 24, "move": "0 play R1"}\n{"end": "stopped"}\n'
    )
    code, data = check_json(capsys, path)
    assert (code, data["unfinished"], data["end"], data["game_over"]) == (1, True, "stopped", False)
    assert data["notes"] == [
        "Not a whole game: the record says the recording stopped after round 1, before "
        "the game was over."
    ]
    assert check_json(capsys, path, "--allow-unfinished")[0] == 0
    # "game" after round 1, when seat 0 has 27 of 60: not true.
    path.write_text(ur.write_record(attrs.evolve(stopped, end="game")), encoding="utf-8")
    code, data = check_json(capsys, path)
    assert (code, data["unfinished"]) == (1, True)
    assert data["notes"] == [
        "Not a whole game: the record's end line says the game is over, but after round 1 "
        "it is not."
    ]
    # "round": round 1 is over, and the record says it is a round played alone.
    path.write_text(ur.write_record(attrs.evolve(stopped, end="round")), encoding="utf-8")
    code, data = check_json(capsys, path)
    assert (code, data["clean"], data["unfinished"], data["notes"]) == (0, True, False, [])


def test_format_1_is_judged_by_its_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = attrs.evolve(ur.read_record(GAME), version=1, end=None)
    text = ur.write_record(whole)
    assert text.startswith('{"format": 1,') and '"end"' not in text
    path = tmp_path / "old.jsonl"
    # Two rounds, the game over after the second: whole.
    path.write_text(text, encoding="utf-8")
    assert check_json(capsys, path)[0] == 0
    # One round, over: a round played alone, whole.
    path.write_text(prefix(text, 26), encoding="utf-8")
    code, data = check_json(capsys, path)
    assert (code, data["unfinished"]) == (0, False)
    # Two rounds, the game not over after the second: cut short, or unfinished.
    # The same two rounds under the official target of 500: 116 ends no game.
    path.write_text(ur.write_record(attrs.evolve(whole, rules="official")), encoding="utf-8")
    code, data = check_json(capsys, path)
    assert (code, data["unfinished"], data["game_over"]) == (1, True, False)
    assert data["notes"] == [
        "Not a whole game: the game is not over after round 2, and a record of format 1 "
        "has no end line to say that the record goes no further."
    ]


@pytest.mark.parametrize(
    ("text", "line", "column", "says"),
    [
        (GAME + '{"n": 17, "move": "1 draw"}\n', 45, 1, "goes on after its end line (line 44)"),
        (
            GAME.replace('"end": "game"', '"end": "over"'),
            44,
            9,
            "end: game, round, stopped, not 'over'",
        ),
        (
            GAME.replace('{"format": 2', '{"format": 1'),
            44,
            1,
            "a record of format 1 has no end line: the end line is of format 2",
        ),
        (
            '{"format": 2, "rules": "official", "players": 2}\n{"end": "game"}\n',
            2,
            1,
            "the end line comes after the last round",
        ),
        (
            ur.write_record(ur.read_record(GAME), "text") + "17. 1 draw\n",
            55,
            1,
            "goes on after its end line (line 54)",
        ),
    ],
)
def test_a_misplaced_end_line_is_refused_at_its_place(
    text: str, line: int, column: int, says: str
) -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert says in str(caught.value)


def test_recorder_end() -> None:
    rules = ur.presets.official()
    state = ur.new_round(rules, players=2, seed=3)
    recorder = ur.Recorder()
    with pytest.raises(ur.UnoError, match="before ending the recording"):
        recorder.end()
    recorder.deal(state)
    with pytest.raises(ur.UnoError, match="'game', but the game is not over"):
        recorder.end("game")
    with pytest.raises(ur.UnoError, match="'round', but the round is not over"):
        recorder.end("round")
    with pytest.raises(ur.UnoError, match=r"Recorder\.end: .game., .round., .stopped. or None"):
        recorder.end("done")
    recorder.end()  # the round is not over: the recording stopped
    assert recorder.record.end == "stopped"
    with pytest.raises(ur.UnoError, match="the recording has ended"):
        recorder.move(ur.legal_moves(state)[0])
    with pytest.raises(ur.UnoError, match="the recording has ended"):
        recorder.deal(state)
    with pytest.raises(ur.UnoError, match=r"Record\.end: a record of format 1 has no end line"):
        ur.Record(rules="official", players=2, rounds=[ur.RecordedRound()], version=1, end="game")


def test_record_of_gives_the_end_line_asked_for() -> None:
    # Round 1 of GAME, replayed: seat 0 lays its last card with move 24.
    states = list(ur.replay(ur.read_record(GAME))[0])
    assert len(states) == 25 and states[-1].round_over and not states[-1].game_over
    assert ur.record_of(states).end is None
    assert ur.record_of(states, end="round").end == "round"
    with pytest.raises(ur.UnoError, match="'game', but the game is not over"):
        ur.record_of(states, end="game")
    assert ur.record_of(states[:5], end="stopped").end == "stopped"


def test_check_record_says_whether_the_record_is_a_whole_game() -> None:
    from unorules.record_check import check_record

    whole = ur.read_record(GAME)
    report = check_record(whole)
    assert (report.clean, report.unfinished, report.game_over) == (True, False, True)
    # Cut after round 1's last move (line 26): no end line, the game not over.
    cut = check_record(ur.read_record(prefix(GAME, 26)))
    assert (cut.clean, cut.unfinished, cut.game_over, cut.rounds) == (True, True, False, 1)
    # Cut after round 2's last move (line 43): the game is over, but the end
    # line that would say the record goes no further is missing.
    cut = check_record(ur.read_record(prefix(GAME, 43)))
    assert (cut.unfinished, cut.game_over) == (True, True)


@pytest.mark.parametrize("form", ["jsonl", "text"])
def test_a_record_cut_at_any_character_is_never_whole(form: str) -> None:
    # A run stopped while it wrote a record leaves the first part of the
    # file: it cannot be read (exit status 2, at its line), or it reads as
    # no whole game. Only the whole text, with or without its last newline,
    # is whole.
    from unorules.record_check import check_record

    text = GAME if form == "jsonl" else ur.write_record(ur.read_record(GAME), "text")
    whole = []
    for end in range(len(text) + 1):
        try:
            record = ur.read_record(text[:end])
        except ur.RecordError:
            continue
        if not check_record(record).unfinished:
            whole.append(end)
    assert whole == [len(text) - 1, len(text)]
