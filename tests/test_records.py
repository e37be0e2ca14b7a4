"""Game records: both forms read and written, replayed, recorded while
playing; ``unorules check`` and ``unorules replay`` on records written by
hand, with outcomes worked out from the deals by hand."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import attrs
import pytest
from helpers import cards
from hypothesis import given, settings
from hypothesis import strategies as st

import unorules as ur
from unorules import testing as urs
from unorules.cli import main
from unorules.play.simulate import record_path, simulate
from unorules.record_check import FindingKind, check_record

# Two seats, seat 1 deals, so seat 0 (left of the dealer) gets the 1st, 3rd,
# 5th ... card and seat 1 the 2nd, 4th ...; the 15th card starts the pile.
# Deck A: seat 0 RS RS RR RR R2 R3 B3, seat 1 G1 G2 G3 Y7 B9 B8 R9, start R7,
# then Y1 Y2 Y3 Y4 Y6 Y8 on top of the draw pile.
DECK_A = "RS G1 RS G2 RR G3 RR Y7 R2 B9 R3 B8 B3 R9 R7 Y1 Y2 Y3 Y4 Y6 Y8"
# Deck B: seat 0 R+2 W+4 R1 R4 B5 G6 Y8, seat 1 as in deck A, start R7.
DECK_B = "R+2 G1 W+4 G2 R1 G3 R4 Y7 B5 B9 G6 B8 Y8 R9 R7 Y1 Y2 Y3 Y4 Y6 Y0"

HEADER = '[Format "1"]\n[Rules "official"]\n[Players "2"]\n'

# With two seats a Skip (action.skip) and a Reverse (action.two-player-reverse)
# give seat 0 the next turn again; seat 0 calls UNO before laying R3 and goes
# out with B3 on G3: seat 1 keeps G1 G2 Y7 B9 B8 = 27 points (score.card-values).
CLEAN = (
    HEADER
    + '[Names "Anna Bo"]\n\n[Round "1"]\n'
    + f'[Deck "{DECK_A}"]\n'
    + "1. 0 play RS\n2. 0 play RS\n3. 0 play RR\n4. 0 play RR\n5. 0 play R2\n"
    + "6. 1 play R9\n7. 0 uno\n8. 0 play R3\n9. 1 play G3\n10. 0 play B3\n"
)


def text_with(moves: str, deck: str = DECK_A) -> str:
    return HEADER + f'[Round "1"]\n[Deck "{deck}"]\n' + moves


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "game.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def check_json(capsys: pytest.CaptureFixture[str], path: str, *extra: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code, out, err = run(capsys, "check", path, "--json", *extra)
    assert not err
    return code, json.loads(out)


# --------------------------------------------------------------------------- the format


def test_text_form_read_by_hand() -> None:
    record = ur.read_record(CLEAN)
    assert record.players == 2
    assert record.names == ("Anna", "Bo")
    assert record.seed == 0
    (rnd,) = record.rounds
    assert rnd.number == 1 and rnd.dealer is None and rnd.scores is None
    assert rnd.deck == cards(DECK_A)
    assert rnd.moves[0] == ur.Play(0, ur.Card.parse("RS"))
    assert rnd.moves[6] == ur.CallUno(0)
    assert len(rnd.moves) == 10


def test_both_forms_hold_the_same_record() -> None:
    record = ur.read_record(CLEAN)
    jsonl = ur.write_record(record)
    lines = [json.loads(line) for line in jsonl.splitlines()]
    assert lines[0] == {
        "format": 1,
        "rules": "official",
        "players": 2,
        "names": ["Anna", "Bo"],
        "seed": 0,
    }
    assert lines[1] == {"round": 1, "deck": DECK_A}
    assert lines[2] == {"n": 1, "move": "0 play RS"}
    assert lines[-1] == {"n": 10, "move": "0 play B3"}
    assert ur.read_record(jsonl) == record
    assert ur.read_record(ur.write_record(record, "text")) == record


def test_a_byte_order_mark_and_windows_line_ends_are_read() -> None:
    assert ur.read_record("\ufeff" + CLEAN.replace("\n", "\r\n")) == ur.read_record(CLEAN)
    jsonl = ur.write_record(ur.read_record(CLEAN))
    assert ur.read_record("\ufeff" + jsonl.replace("\n", "\r\n")) == ur.read_record(CLEAN)


def test_moves_may_share_a_line_and_name_players() -> None:
    text = HEADER + '[Names "Anna Bo"]\n[Round "1"]\n# a comment\n1. Anna play RS 2. 0 play RS\n'
    record = ur.read_record(text)
    assert record.rounds[0].moves == (ur.Play(0, ur.Card.parse("RS")),) * 2


def test_replay_of_the_hand_written_round() -> None:
    states = ur.replay(ur.read_record(CLEAN))[0]
    assert len(states) == 11
    assert states[0].hands == (cards("RS RS RR RR R2 R3 B3"), cards("G1 G2 G3 Y7 B9 B8 R9"))
    assert states[0].top == ur.Card.parse("R7")
    assert states[5].hands[0] == cards("R3 B3") and states[5].current == 1
    final = states[-1]
    assert final.round_over and final.winner == 0
    assert final.scores == (27, 0)


def test_recorder_as_the_on_move_hook_of_play_from() -> None:
    from unorules.play.bots import make_bot, play_from

    start = ur.new_game(ur.presets.get("official"), players=3, seed=11)
    recorder = ur.Recorder()
    final = play_from(start, [make_bot("random", s) for s in range(3)], on_move=recorder)
    states = ur.replay(recorder.record)
    assert states[0][0] == start
    assert states[0][-1] == final


def test_rounds_are_numbered_in_order() -> None:
    with pytest.raises(ur.UnoError, match="round 2 of the record has the number 1"):
        ur.Record(rules="official", players=2, rounds=[ur.RecordedRound(), ur.RecordedRound()])


def test_record_of_needs_a_reproducible_deal() -> None:
    rules = ur.presets.official()
    made = ur.situation(rules, ["R1", "G2"], top="R7")
    with pytest.raises(ur.UnoError, match="not the deal of round 1"):
        ur.record_of([made])


def test_record_of_states_and_moves() -> None:
    rules = ur.presets.official()
    start = ur.new_round(rules, 2, 0, deck=DECK_A)
    moves = [ur.Play(0, ur.Card.parse("RS")), ur.Draw(0)]
    with pytest.raises(ur.UnoError, match="not the deal of round 1"):
        ur.record_of([start], [])
    after = ur.apply(start, moves[0])
    with pytest.raises(ur.UnoError, match="fewer moves"):
        ur.record_of([start, after, ur.apply(after, moves[1])], moves[:1], decks=[DECK_A])
    record = ur.record_of([start, after, ur.apply(after, moves[1])], moves, decks=[DECK_A])
    assert record.rounds[0].moves == tuple(moves)
    recorder = ur.Recorder()
    recorder.deal(start, deck=DECK_A)
    for move in moves[:1]:
        recorder.move(move)
    assert recorder.record.rounds[0].deck == cards(DECK_A)
    assert ur.replay(recorder.record)[0][1] == ur.apply(start, moves[0])


BOT_NAMES = st.text(
    st.characters(blacklist_categories=("Zs", "Zl", "Zp", "Cc", "Cs")), min_size=1, max_size=60
).filter(lambda name: name == "".join(name.split()))
"""Names a record holds for a bot: any characters but spaces."""


@settings(max_examples=30)
@given(urs.games(max_players=5, max_moves=200), st.booleans(), st.data())
def test_recorded_games_round_trip_and_replay(
    states: list[ur.GameState], text: bool, data: st.DataObject
) -> None:
    record = ur.record_of(states)
    players = len(states[0].hands)
    bots = data.draw(st.none() | st.lists(BOT_NAMES, min_size=players, max_size=players))
    if bots is not None:
        record = attrs.evolve(record, bots=bots)
    written = ur.write_record(record, "text" if text else "jsonl")
    back = ur.read_record(written)
    assert back == record
    assert ur.replay(back) == (tuple(states),)


@settings(max_examples=30)
@given(urs.playouts(max_players=4, max_moves=40))
def test_recorded_playouts_round_trip(states: list[ur.GameState]) -> None:
    moves = []
    for before, after in itertools.pairwise(states):
        moves.append(next(m for m in ur.legal_moves(before) if ur.apply(before, m) == after))
    record = ur.record_of(states, moves)
    assert record.rounds[0].moves == tuple(moves)
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(record, form)) == record  # type: ignore[arg-type]
    assert ur.replay(record)[0] == tuple(states)


# --------------------------------------------------------------------------- recording


def test_simulate_records_clean_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The heuristic bot never bluffs and always calls UNO.
    folder = tmp_path / "games"
    code, _, err = run(
        capsys,
        "simulate",
        "--games",
        "2",
        "--players",
        "3",
        "--bots",
        "heuristic",
        "--record",
        str(folder),
        "--no-progress",
    )
    assert code == 0, err
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-000000.jsonl", "game-000001.jsonl"]
    for f in files:
        code, data = check_json(capsys, str(f))
        assert code == 0 and data["clean"] and data["findings"] == []
        record = ur.read_record(f.read_text(encoding="utf-8"))
        assert ur.replay(record)[-1][-1].game_over
        assert record.bots == ("heuristic", "heuristic", "heuristic")


def test_simulate_api_records_each_game_as_played(tmp_path: Path) -> None:
    result = simulate("official", ["heuristic", "random"], games=2, seed=3, record=tmp_path)
    for game in result.games:
        text = Path(record_path(tmp_path, game.index)).read_text(encoding="utf-8")
        record = ur.read_record(text)
        assert record.seed == game.seed
        assert record.bots == ("heuristic", "random")
        assert len(record.rounds) == len(game.rounds)
        final = ur.replay(record)[-1][-1]
        assert final.scores == game.scores
        report = check_record(record)
        # The engine refuses nothing it was asked to apply.
        assert all(f.kind is not FindingKind.ILLEGAL for f in report.findings)


def test_simulate_rounds_mode_records_one_round_each(tmp_path: Path) -> None:
    result = simulate("official+strict", ["heuristic"] * 2, rounds=3, seed=1, record=tmp_path)
    for game in result.games:
        record = ur.read_record(Path(record_path(tmp_path, game.index)).read_text("utf-8"))
        assert len(record.rounds) == 1
        assert record.rounds[0].dealer == game.rounds[0].dealer
        assert check_record(record).clean


# --------------------------------------------------------------------------- check


def test_check_clean_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", write(tmp_path, CLEAN))
    assert code == 0
    assert "Checked 10 moves in 1 round." in out
    assert out.rstrip().endswith("went uncaught.")


def test_check_card_not_held(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Seat 0 holds RS RS RR RR R2 R3 B3: no G1, and a card is played from the hand (play.match).
    path = write(tmp_path, text_with("1. 0 play RS\n2. 0 play G1\n3. 0 play RS\n"))
    code, data = check_json(capsys, path)
    assert code == 1
    (f,) = data["findings"]
    assert (f["kind"], f["round"], f["move"], f["rule_ids"]) == ("illegal", 1, 2, ["play.match"])
    assert f["checking_stopped"] and f["unchecked_moves"] == 1
    assert f["position"].startswith(
        "top RS; hands RS RR RR R2 R3 B3 / G1 G2 G3 Y7 B9 B8 R9; turn 0"
    )
    assert "holds no G1" in f["verdict"]["reason"]


def test_check_card_that_does_not_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", write(tmp_path, text_with("1. 0 play B3\n")))
    assert code == 1
    assert "Round 1, move 1: 0 play B3 - illegal move [play.match]" in out
    assert "B3 matches neither the colour nor the number or symbol of R7" in " ".join(out.split())
    assert "it is the round's last move in the record." in " ".join(out.split())


def test_check_draw_two_victim_plays_instead(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, text_with("1. 0 play R+2\n2. 1 play R9\n3. 1 draw\n", DECK_B))
    code, data = check_json(capsys, path)
    assert code == 1
    (f,) = data["findings"]
    assert (f["kind"], f["move"], f["seat"], f["rule_ids"]) == (
        "illegal",
        2,
        1,
        ["action.draw-two"],
    )
    assert f["unchecked_moves"] == 1
    assert (
        f["position_text"]
        == "seat 1 owes 2 cards, red in force, clockwise; hands 6/7, draw pile 93"
    )


def test_check_bluff_that_stood(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Seat 0 holds R+2 R1 R4 of red, the colour in force: its Wild Draw Four
    # breaks wd4.no-matching-colour; seat 1 takes the 4 cards instead of
    # challenging (challenge.wd4).
    path = write(tmp_path, text_with("1. 0 play W+4 blue\n2. 1 draw\n", DECK_B))
    code, data = check_json(capsys, path)
    assert code == 1
    (f,) = data["findings"]
    assert (f["kind"], f["move"], f["seat"], f["closed_by_move"]) == ("bluff", 1, 0, 2)
    assert f["rule_ids"] == ["wd4.no-matching-colour", "challenge.wd4"]
    assert f["verdict"]["verdict"] == "bluff"
    assert data["unfinished_rounds"] == [1]


def test_check_bluff_challenged_is_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, text_with("1. 0 play W+4 blue\n2. 1 challenge\n", DECK_B))
    # A part of a round: accepted as an unfinished game.
    code, data = check_json(capsys, path, "--allow-unfinished")
    assert code == 0 and data["findings"] == []
    state = ur.replay(ur.read_record(Path(path).read_text("utf-8")))[0][-1]
    assert len(state.hands[0]) == 10  # 6 left and the 4 of the caught bluff


def test_check_missing_uno_call_not_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # As CLEAN without the call: R3 leaves seat 0 with B3 alone; seat 1's play
    # closes the window (uno.window-closes) and seat 0 goes out with B3.
    text = CLEAN.replace("7. 0 uno\n8. 0 play R3\n9. 1 play G3\n10. 0 play B3\n", "")
    text += "7. 0 play R3\n8. 1 play G3\n9. 0 play B3\n"
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    (f,) = data["findings"]
    assert (f["kind"], f["move"], f["seat"], f["closed_by_move"]) == ("uno", 7, 0, 8)
    assert f["rule_ids"] == ["uno.call", "uno.penalty", "uno.window-closes"]
    assert f["text"] == (
        "Anna was left with one card by this move without calling UNO, and nobody caught "
        "it: after move 8 (Bo: play G3) a catch no longer counted."
    )


def test_check_missing_uno_call_caught_is_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CLEAN.replace("7. 0 uno\n8. 0 play R3\n9. 1 play G3\n10. 0 play B3\n", "")
    text += "7. 0 play R3\n8. 1 catch 0\n"
    code, data = check_json(capsys, write(tmp_path, text), "--allow-unfinished")
    assert code == 0 and data["findings"] == []
    state = ur.replay(ur.read_record(text))[0][-1]
    assert state.hands[0] == cards("B3 Y1 Y2")  # the 2 cards of uno.penalty


def test_check_strict_rules_refuse_the_bluff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, text_with("1. 0 play W+4 blue\n2. 1 draw\n", DECK_B))
    code, data = check_json(capsys, path, "--rules", "official+strict")
    assert code == 1
    (f,) = data["findings"]
    assert f["kind"] == "illegal" and f["move"] == 1
    assert f["rule_ids"][0] == "wd4.no-matching-colour"


def test_check_rounds_that_do_not_follow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 ends 27 0 with seat 1 dealing; round 2 must be dealt by seat 0
    # (setup.dealer-rotates) with the scores 27 0.
    text = CLEAN + '\n[Round "2"]\n[Dealer "1"]\n[Scores "0 0"]\n'
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    kinds = [
        (f["kind"], f["round"], f["rule_ids"], f["expected"], f["found"]) for f in data["findings"]
    ]
    assert kinds == [
        ("deal", 2, ["setup.dealer-rotates"], "dealer 0", "dealer 1"),
        (
            "deal",
            2,
            ["score.winner-takes", "score.target"],
            "scores 27 0",
            "scores 0 0",
        ),
    ]


def test_check_a_round_after_the_game_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 ends 27 0 (see CLEAN): with a target of 20 the game is over
    # (score.target), so a round 2 without its own dealer and scores is no
    # round the rules deal; the finding says so, not that round 1 went unchecked.
    text = CLEAN.replace('[Rules "official"]', '[Rules "official+score.target=20"]')
    code, data = check_json(capsys, write(tmp_path, text + '\n[Round "2"]\n'))
    assert code == 1
    assert [(f["kind"], f["round"], f["expected"], f["found"]) for f in data["findings"]] == [
        ("deal", 2, "no round", "round 2")
    ]
    assert data["undealt_round"] == 2  # no round is dealt after the end of the game
    code, out, _ = run(capsys, "check", write(tmp_path, text + '\n[Round "2"]\n', "b.uno"))
    assert code == 1
    assert "The game was over after round 1, yet the record deals round 2; checking ends here." in (
        " ".join(out.split())
    )
    assert "not checked to its end" not in out


def test_check_goes_on_with_the_next_round_after_a_refused_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        text_with("1. 0 play B3\n2. 1 draw\n")
        + f'[Round "2"]\n[Dealer "0"]\n[Scores "0 0"]\n[Deck "{DECK_B}"]\n1. 1 play G1\n'
    )
    # Round 2: seat 1 (left of dealer 0) holds R+2 W+4 ...; it has no G1.
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    assert [(f["round"], f["move"], f["rule_ids"]) for f in data["findings"]] == [
        (1, 1, ["play.match"]),
        (2, 1, ["play.match"]),
    ]


def test_check_stops_when_a_round_cannot_be_dealt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = text_with("1. 0 play B3\n") + '[Round "2"]\n1. 0 draw\n'
    code, out, _ = run(capsys, "check", write(tmp_path, text))
    assert code == 1
    assert (
        "Round 2 and the rounds after it were not checked: its dealer and its scores follow "
        "from round 1, which was not checked to its end."
    ) in " ".join(out.split())


@pytest.mark.parametrize(
    ("tags", "missing"),
    [
        ('[Scores "0 0"]\n', "its dealer follows"),
        ('[Dealer "0"]\n', "its scores follow"),
    ],
)
def test_a_round_that_cannot_be_dealt_names_what_it_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tags: str, missing: str
) -> None:
    # Round 1 stops at a refused move: round 2 gives one of dealer and scores, and the
    # note names the one that would follow from round 1, not "dealer or scores".
    text = text_with("1. 0 play B3\n") + '[Round "2"]\n' + tags + "1. 0 draw\n"
    code, out, _ = run(capsys, "check", write(tmp_path, text))
    assert code == 1
    assert (
        f"Round 2 and the rounds after it were not checked: {missing} from round 1, which "
        "was not checked to its end."
    ) in " ".join(out.split())


# --------------------------------------------------------------------------- replay


def test_replay_at_a_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", write(tmp_path, CLEAN), "--at", "5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Round 1, after move 5: Anna: play R2"
    assert lines[1] == "Bo to play on red (R2), clockwise; hands 2/7, draw pile 93"
    assert lines[2].startswith(
        "top R2; hands R3 B3 / G1 G2 G3 Y7 B9 B8 R9; turn 1; dealer 1; draw Y1 Y2"
    )
    assert "  Anna  2      R3 B3" in lines
    assert "> Bo    7      G1 G2 G3 Y7 B9 B8 R9" in lines
    assert "Top card:  R2" in lines and "Direction: clockwise" in lines
    assert "Draw pile: 93 cards" in lines and "Scores:    0 0" in lines


def test_replay_the_deal_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", write(tmp_path, CLEAN), "--at", "0", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["move"] == 0 and data["notation"] is None
    assert data["position"].startswith("top R7; hands RS RS RR RR R2 R3 B3 / G1 G2 G3 Y7 B9 B8 R9")
    assert data["state"]["current"] == 0


def test_replay_refuses_a_move_number_the_round_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "replay", write(tmp_path, CLEAN), "--at", "11")
    assert code == 2
    assert "--at 11: round 1 has moves 1 to 10 (0: the deal)" in err


def test_replay_past_a_refused_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # B3 fits neither red nor 7 (play.match): no position follows it.
    code, out, _ = run(capsys, "replay", write(tmp_path, text_with("1. 0 play B3\n")), "--at", "1")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "Round 1, move 1: 0 play B3 - refused [play.match]"
    assert "The rules refuse move 1, so no position follows it. The position before it:" in out


# --------------------------------------------------------------------------- bad input


JSON_HEADER = '{"format": 1, "rules": "official", "players": 2}\n'


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        pytest.param(
            JSON_HEADER + '{"round": 1,, "dealer": 1}\n', 2, 13, "no JSON", id="json-syntax"
        ),
        pytest.param(
            JSON_HEADER + '{"round": 1, "dealr": 1}\n',
            2,
            14,
            "unknown key 'dealr'",
            id="unknown-key",
        ),
        pytest.param(
            JSON_HEADER + '{"round": 1}\n{"n": 1, "move": "0 play X9"}\n',
            3,
            26,
            "found 'X9'",
            id="bad-move",
        ),
        pytest.param(
            JSON_HEADER + '{"round": 1, "deck": "R1 R1 R1"}\n',
            2,
            23,
            "R1",
            id="card-deck-cannot-hold",
        ),
        pytest.param(
            JSON_HEADER + '{"round": 1, "deck": "R1 Q5"}\n', 2, 26, "found 'Q5'", id="no-card"
        ),
        pytest.param(
            JSON_HEADER + '{"round": 1}\n{"n": 2, "move": "0 draw"}\n',
            3,
            7,
            "number 1",
            id="move-number",
        ),
        pytest.param(
            JSON_HEADER + '{"round": 1}\n{"move": "5 draw"}\n', 2 + 1, 11, "2 seats", id="seat"
        ),
        pytest.param(
            '{"format": 3, "rules": "official", "players": 2}\n', 1, 12, "format 3", id="version"
        ),
        pytest.param(
            '{"format": 1, "rules": "offical", "players": 2}\n', 1, 25, "offical", id="rules"
        ),
        pytest.param(HEADER + '[Dealr "1"]\n', 4, 2, "unknown tag 'Dealr'", id="unknown-tag"),
        pytest.param(HEADER + '[Round "1"]\n1. 0 play R\n', 5, 11, "found 'R'", id="text-bad-move"),
        pytest.param(
            HEADER + '[Round "1"]\n0 play R7\n',
            5,
            1,
            "a move line starts with the move's number and a dot, such as '1. 0 play R7'; "
            "found '0'",
            id="unnumbered",
        ),
        pytest.param(HEADER + '[Round "2"]\n', 4, 9, "number 1", id="round-number"),
        pytest.param(
            HEADER + '[Round "1"]\n[Dealer "2"]\n', 5, 10, "seats are 0 to 1", id="dealer"
        ),
        pytest.param(
            '{"format": 1, "rules": "official", "players": 2, "seed": ' + "9" * 5000 + "}\n",
            1,
            58,
            "seeds of at most 4000 digits",
            id="number-too-long",
        ),
        pytest.param(
            '{"format": 1, "rules": "official", "players": 2, "names": '
            + "[" * 100_000
            + "]" * 100_000
            + "}\n",
            1,
            1,
            "no JSON a record can hold",
            id="nested-too-deep",
        ),
        pytest.param(
            '{"format": 1, "rules": "official", "players": 2, '
            + ", ".join(f'"k{i}": 0' for i in range(3000))
            + "}\n",
            1,
            50,
            "unknown key 'k0'",
            id="many-unknown-keys",
        ),
        pytest.param(
            HEADER.replace('[Players "2"]', '[Players "2"]\n[Names "' + "a" * 200_000 + '"]'),
            4,
            9,
            "names: 1 name for 2 seats: give 2 names, seat 0 first, or none",
            id="long-tag",
        ),
    ],
)
def test_unreadable_records(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str,
    line: int,
    column: int,
    words: str,
) -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (line, column), str(caught.value)
    assert words in str(caught.value)
    path = write(tmp_path, text, "bad.uno")
    code, out, err = run(capsys, "check", path)
    assert code == 2 and not out
    assert f"{path}, line {line}, column {column}: " in err
    code, out, _ = run(capsys, "check", path, "--json")
    assert code == 2
    error = json.loads(out)["error"]
    assert (error["line"], error["column"], error["type"]) == (line, column, "RecordError")


def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "check", str(tmp_path / "missing.jsonl"))
    assert code == 2
    assert "cannot read the record" in err


# --------------------------------------------------------------------------- languages


def test_check_speaks_swedish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CLEAN.replace("7. 0 uno\n8. 0 play R3\n9. 1 play G3\n10. 0 play B3\n", "")
    text += "7. 0 play R3\n8. 1 play G3\n"
    code, out, _ = run(capsys, "check", "--lang", "sv", write(tmp_path, text))
    assert code == 1
    said = " ".join(out.split())
    assert "Prövade 8 drag i 1 omgång." in said
    assert "Omgång 1, drag 7: Anna: lägga röd 3 - uteblivet UNO-rop som ingen påpekade" in said
    assert (
        "Anna fick ett kort kvar genom det här draget utan att ropa UNO, och ingen påpekade det: "
        "efter drag 8 (Bo: lägga grön 3) räknades inget påpekande längre."
    ) in said
    assert "Inte rent: 1 anmärkning." in said


def test_replay_and_errors_speak_norwegian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "replay", "--lang", "nb", write(tmp_path, CLEAN), "--at", "0")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Runde 1, slik den ble delt ut"
    assert "Retning:      med klokken" in lines
    assert "Trekkebunke:  93 kort" in lines
    bad = write(tmp_path, JSON_HEADER + '{"round": 1, "dealr": 1}\n', "bad.jsonl")
    code, _, err = run(capsys, "check", "--lang", "nb", bad)
    assert code == 2
    assert f"{bad}, linje 2, kolonne 14: ukjent nøkkel 'dealr'" in err


def test_json_lines_written_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Names stand for seats; "n" may be left out; a colour word of any language is read.
    text = (
        '{"format": 1, "rules": "official", "players": 2, "names": ["Anna", "Bo"]}\n'
        f'{{"round": 1, "dealer": 1, "deck": "{DECK_B}"}}\n'
        '{"move": "Anna play W+4 blå"}\n'
        '{"n": 2, "move": "Bo challenge"}\n'
    )
    record = ur.read_record(text)
    assert record.rounds[0].moves == (
        ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE),
        ur.Challenge(1),
    )
    code, data = check_json(capsys, write(tmp_path, text, "game.jsonl"), "--allow-unfinished")
    assert code == 0 and data["clean"] and data["unfinished_rounds"] == [1]
    assert ur.write_record(record).splitlines()[2] == '{"n": 1, "move": "0 play W+4 blue"}'


# --------------------------------------------------------------------------- reshuffles


def _reshuffling_round() -> tuple[ur.Record, tuple[ur.GameState, ...], int]:
    """A round of six heuristic bots whose draw pile runs out at a draw, and
    the number of that move."""
    from unorules.play.bots import make_bot, play_from

    start = ur.new_round(ur.presets.official(), players=6, seed=4)
    recorder = ur.Recorder()
    play_from(start, [make_bot("heuristic", s) for s in range(6)], on_move=recorder)
    record = recorder.record
    states = ur.replay(record)[0]
    n = next(i for i in range(1, len(states)) if states[i].reshuffles > states[i - 1].reshuffles)
    assert not states[n - 1].draw_pile
    assert isinstance(record.rounds[0].moves[n - 1], ur.Draw)
    return record, states, n


def _with_reshuffle(record: ur.Record, n: int, order: tuple[ur.Card, ...]) -> ur.Record:
    import attrs

    # The draws the recorder wrote down follow the engine's own reshuffle:
    # the move that reshuffles keeps none.
    rnd = attrs.evolve(
        record.rounds[0],
        moves=record.rounds[0].moves[:n],
        reshuffles=[order],
        drawn=record.rounds[0].drawn[: n - 1],
    )
    return attrs.evolve(record, rounds=[rnd])


def test_a_recorded_reshuffle_gives_the_draw_pile_its_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, states, n = _reshuffling_round()
    before = states[n - 1]
    seat = record.rounds[0].moves[n - 1].player
    # pile.reshuffle: every card of the discard pile but the top one, here
    # in the reverse of the pile's order; the draw takes the first of them.
    wanted = tuple(reversed(before.discard_pile[:-1]))
    other = _with_reshuffle(record, n, wanted)
    after = ur.replay(other)[0][-1]
    assert after.hands[seat] == (*before.hands[seat], wanted[0])
    assert after.draw_pile == wanted[1:]
    assert after.discard_pile == before.discard_pile[-1:]
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(other, form)) == other  # type: ignore[arg-type]
    assert '[Reshuffle "' in ur.write_record(other, "text")
    code, data = check_json(
        capsys, write(tmp_path, ur.write_record(other), "other.jsonl"), "--allow-unfinished"
    )
    assert code == 0 and data["findings"] == []


def test_the_engines_own_reshuffle_order_changes_nothing() -> None:
    record, states, n = _reshuffling_round()
    seat = record.rounds[0].moves[n - 1].player
    own = (states[n].hands[seat][-1], *states[n].draw_pile)
    assert ur.replay(_with_reshuffle(record, n, own))[0] == states[: n + 1]


def test_a_reshuffle_of_other_cards_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, states, n = _reshuffling_round()
    below = states[n - 1].discard_pile[:-1]
    # A Record refuses it at once, naming the field; so does a file of it.
    with pytest.raises(ur.UnoError, match=r"Record.rounds: round 1, move \d+ .*reshuffle 1 of"):
        _with_reshuffle(record, n, below[1:])  # one card short
    good = ur.write_record(_with_reshuffle(record, n, below), "text")
    lines = good.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("[Reshuffle "))
    lines[at] = f'[Reshuffle "{ur.format_cards(below[1:])}"]'
    text = "\n".join(lines) + "\n"
    code, _, err = run(capsys, "check", write(tmp_path, text, "wrong.uno"))
    assert code == 2
    assert f"move {n} (" in err and "does not hold the" in err


def test_a_reshuffle_with_a_card_that_is_no_card(tmp_path: Path) -> None:
    text = JSON_HEADER + '{"round": 1, "reshuffles": ["R1 R2", "R3 Q5"]}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    # "Q5" in the second string: {"round": 1, "reshuffles": ["R1 R2", "R3 Q5"]}
    assert (caught.value.line, caught.value.column) == (2, 42)
    text = HEADER + '[Round "1"]\n[Reshuffle "R1"]\n[Reshuffle "Q5"]\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (6, 13)


def test_record_of_a_game_of_two_rounds() -> None:
    first = ur.replay(ur.read_record(CLEAN))[0]
    second = ur.next_round(first[-1])  # setup.dealer-rotates: seat 0 deals round 2
    draw = ur.legal_moves(second)[0]
    states = [*first, second, ur.apply(second, draw)]
    record = ur.record_of(states, names=["Anna", "Bo"], decks=[DECK_A])
    one, two = record.rounds
    assert one.deck == cards(DECK_A) and len(one.moves) == 10
    assert (two.number, two.dealer, two.scores, two.deck) == (2, 0, (27, 0), None)
    assert two.moves == (draw,)
    assert ur.replay(record) == (tuple(first), (second, states[-1]))
    assert ur.read_record(ur.write_record(record, "text")) == record
    assert check_record(record).clean


def test_replay_of_a_round_with_its_own_deal_past_a_refused_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 stops at a refused move, but round 2 gives its dealer and
    # scores, so its positions can still be shown. Seat 1 sits left of dealer
    # 0 and holds the 1st, 3rd, ... card of deck B.
    text = (
        text_with("1. 0 play B3\n")
        + f'[Round "2"]\n[Dealer "0"]\n[Scores "0 0"]\n[Deck "{DECK_B}"]\n1. 1 play R+2\n'
    )
    code, out, err = run(capsys, "replay", write(tmp_path, text), "--round", "2", "--at", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Round 2, after move 1: 1 play R+2"
    assert lines[1] == "seat 0 owes 2 cards, red in force, clockwise; hands 7/6, draw pile 93"
