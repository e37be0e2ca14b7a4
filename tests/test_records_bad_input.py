"""Records built or read from bad input: what Record and RecordedRound
refuse, escaped JSON keys, long numbers and lines, the size cap, moves that
do not lead to the states given, names in decomposed Unicode."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import unorules as ur
from unorules.cli import main
from unorules.records import MAX_LINE_CHARS, MAX_RECORD_BYTES, _read_record_bytes

JSON_HEADER = '{"format": 1, "rules": "official", "players": 2}\n'
DECK = "RS G1 RS G2 RR G3 RR Y7 R2 B9 R3 B8 B3 R9 R7"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def refused(match: str, **fields: Any) -> None:
    with pytest.raises(ur.UnoError, match=match):
        ur.Record(**{"rules": "official", "players": 2, "rounds": [ur.RecordedRound()], **fields})


# --------------------------------------------------------------------------- Record refuses


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        ({"players": 0}, r"Record\.players: 0 seats, but the deck of official seats 2 to 10"),
        ({"players": -1}, r"Record\.players: -1 seats"),
        ({"players": 1000}, r"Record\.players: 1000 seats"),
        ({"players": True}, r"Record\.players: a whole number, not True"),
        ({"rules": 5}, r"Record\.rules: a preset string such as 'official', not 5"),
        ({"rules": "bogus"}, r"Record\.rules: unknown preset 'bogus'"),
        ({"version": 3}, r"Record\.version: this unorules writes and reads format 1 / 2, not 3"),
        ({"rounds": []}, r"Record\.rounds: a record holds at least one round"),
        ({"names": "Anna Bo"}, r"Record\.names: a list of names, seat 0 first, not 'Anna Bo'"),
        (
            {"rounds": [ur.RecordedRound(dealer=5)]},
            r"Record\.rounds: round 1 has the dealer 5: the game has 2 seats \(0 to 1\)",
        ),
        (
            {"rounds": [ur.RecordedRound(scores=[1, 2, 3])]},
            r"Record\.rounds: round 1: 3 scores for 2 seats: "
            r"leave out the scores after the first 2$",
        ),
        (
            {"rounds": [ur.RecordedRound(scores=[1])]},
            r"Record\.rounds: round 1: 1 score for 2 seats: give 2 scores, seat 0 first$",
        ),
        (
            {"rounds": [ur.RecordedRound(deck="R7 R7 R7 R7 R7")]},
            r"Record\.rounds: round 1: the deck order holds 5 copies of R7, but .* has only 2",
        ),
        (
            {"rules": "official", "rounds": [ur.RecordedRound(deck="WS")]},
            r"Record\.rounds: round 1: the deck order holds 1 copy of WS, but .* has no WS",
        ),
        (
            {"rounds": [ur.RecordedRound(moves=[ur.Draw(0)], drawn=["Y1 Y1 Y1"])]},
            r"Record\.rounds: round 1: the cards drawn holds 3 copies of Y1",
        ),
    ],
)
def test_record_refuses_impossible_values(fields: dict[str, Any], match: str) -> None:
    refused(match, **fields)


@pytest.mark.parametrize(
    ("fields", "match"),
    [
        (
            {"number": "1"},
            r"RecordedRound\.number: the round's number, a whole number from 1, not '1'",
        ),
        ({"number": True}, r"RecordedRound\.number: .* not True"),
        ({"number": 0}, r"RecordedRound\.number: .* not 0"),
        ({"dealer": True}, r"RecordedRound\.dealer: .* not True"),
        ({"dealer": "0"}, r"RecordedRound\.dealer: .* not '0'"),
        ({"dealer": -1}, r"RecordedRound\.dealer: .* not -1"),
        ({"scores": [1.5, 2]}, r"RecordedRound\.scores: .* not \(1\.5, 2\)"),
        ({"scores": [-1, 2]}, r"RecordedRound\.scores: .* not \(-1, 2\)"),
        ({"scores": ["1", "2"]}, r"RecordedRound\.scores: "),
        ({"scores": "1 2"}, r"RecordedRound\.scores: .* not '1 2'"),
        ({"scores": 7}, r"RecordedRound\.scores: .* not 7"),
        ({"deck": 7}, r"RecordedRound\.deck: card codes in one string .* not 7"),
        ({"deck": ["R7", "Q5"]}, r"RecordedRound\.deck: expected a card.* found 'Q5'"),
        ({"reshuffles": "R7 G2"}, r"RecordedRound\.reshuffles: a list of card orders"),
        ({"reshuffles": [7]}, r"RecordedRound\.reshuffles: a list of card orders"),
        ({"start_reshuffles": [["R7", 7]]}, r"RecordedRound\.start_reshuffles: a list"),
        ({"moves": [ur.Draw(0)], "drawn": "Y1"}, r"RecordedRound\.drawn: one entry a move"),
        ({"moves": "0 draw"}, r"RecordedRound\.moves: a list of moves"),
    ],
)
def test_recorded_round_refuses_values_of_the_wrong_kind(
    fields: dict[str, Any], match: str
) -> None:
    with pytest.raises(ur.UnoError, match=match):
        ur.RecordedRound(**fields)


def test_card_orders_may_be_lists_of_codes() -> None:
    codes = DECK.split()
    rnd = ur.RecordedRound(
        deck=codes, moves=[ur.Play(0, ur.Card.parse("RS"))], drawn=[[]], reshuffles=[["R1", "R2"]]
    )
    assert rnd.deck == ur.parse_cards(DECK)
    assert rnd.reshuffles == (ur.parse_cards("R1 R2"),)
    assert rnd.drawn == ((),)
    good = ur.RecordedRound(deck=codes, moves=[ur.Play(0, ur.Card.parse("RS"))], drawn=[""])
    record = ur.Record(rules="official", players=2, rounds=[good])
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(record, form)) == record  # type: ignore[arg-type]
    assert len(ur.replay(record)[0]) == 2


def test_a_round_that_cannot_be_dealt_is_refused() -> None:
    # A Wild Draw Four start card, and a start reshuffle that does not hold
    # the cards returned (start.wild-draw-four).
    deck = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R0 RS RR R+2 G1 W+4"
    refused(
        r"Record\.rounds: round 1 cannot be dealt: .*start reshuffle 1 does not hold",
        rounds=[ur.RecordedRound(deck=deck, start_reshuffles=["R1"])],
    )


# Hypothesis: whatever constructs, reads back equal in both forms.

_SEATS = st.integers(min_value=-2, max_value=12)
_SMALL = st.integers(min_value=-3, max_value=600)
_CODES = st.sampled_from(["R7", "G1", "W+4", "W", "B+2", "YS", "R0", "GR"])
_ORDER = st.one_of(
    st.none(),
    st.lists(_CODES, max_size=12).map(" ".join),
    st.lists(_CODES, max_size=12),
    st.lists(_CODES.map(ur.Card.parse), max_size=12),
)
_VALUE = st.one_of(
    st.none(), st.booleans(), _SMALL, st.floats(allow_nan=False), st.text(max_size=3)
)


@st.composite
def _round(draw: st.DrawFn, number: int) -> dict[str, Any]:
    fields: dict[str, Any] = {"number": draw(st.one_of(st.just(number), _VALUE))}
    if draw(st.booleans()):
        fields["dealer"] = draw(st.one_of(_SEATS, _VALUE))
    if draw(st.booleans()):
        fields["scores"] = draw(st.one_of(st.lists(_SMALL, max_size=5), _VALUE))
    if draw(st.booleans()):
        fields["deck"] = draw(st.one_of(_ORDER, _VALUE))
    moves = draw(st.lists(st.sampled_from([ur.Draw(0), ur.Draw(1), ur.Draw(4)]), max_size=3))
    fields["moves"] = moves
    if draw(st.booleans()):
        fields["drawn"] = draw(st.lists(_ORDER, max_size=len(moves)))
    return fields


@st.composite
def _record(draw: st.DrawFn) -> dict[str, Any]:
    rounds = draw(st.integers(min_value=0, max_value=3))
    return {
        "rules": draw(st.sampled_from(["official", "kids", "two-decks", "bogus", 7])),
        "players": draw(st.one_of(_SEATS, _VALUE)),
        "seed": draw(st.one_of(st.integers(min_value=-5, max_value=10**20), _VALUE)),
        "names": draw(
            st.one_of(
                st.just(()),
                st.lists(st.sampled_from(["Anna", "Bo", "Jose\u0301", "Cy", "play"]), max_size=4),
            )
        ),
        "rounds": [draw(_round(i + 1)) for i in range(rounds)],
        "version": draw(st.one_of(st.just(1), _VALUE)),
    }


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_record())
def test_any_record_that_constructs_reads_back_equal(fields: dict[str, Any]) -> None:
    try:
        rounds = [ur.RecordedRound(**r) for r in fields["rounds"]]
        record = ur.Record(**{**fields, "rounds": rounds})
    except ur.UnoError:
        return  # refused at once, with its field: no file is written
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(record, form)) == record  # type: ignore[arg-type]


def test_names_in_decomposed_unicode_are_kept_composed() -> None:
    record = ur.Record(
        rules="official", players=2, names=["Jose\u0301", "Bo"], rounds=[ur.RecordedRound()]
    )
    assert record.names == ("Jos\xe9", "Bo")
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(record, form)) == record  # type: ignore[arg-type]


# --------------------------------------------------------------------------- moves and states


def test_record_of_refuses_a_move_that_does_not_lead_to_the_next_state() -> None:
    start = ur.new_round(ur.presets.official(), players=2, seed=1)
    move = ur.legal_moves(start)[0]
    after = ur.apply(start, move)
    with pytest.raises(ur.UnoError, match=r"record_of: moves\[0\]: move 1 of round 1 \(1 draw\)"):
        ur.record_of([start, after], moves=[ur.Draw(1)])
    other = next(m for m in ur.legal_moves(start) if ur.apply(start, m) != after)
    with pytest.raises(ur.UnoError, match=r"moves\[0\]: .* does not lead to the state given"):
        ur.record_of([start, after], moves=[other])
    with pytest.raises(ur.UnoError, match=r"record_of: states\[0\] is 'x', not a GameState"):
        ur.record_of(["x"])  # type: ignore[list-item]
    with pytest.raises(ur.UnoError, match=r"move 1 of round 1 is 'x', not a move"):
        ur.record_of([start, after], moves=["x"])  # type: ignore[list-item]
    assert ur.replay(ur.record_of([start, after], moves=[move]))[0] == (start, after)


def test_recorder_refuses_a_state_the_move_does_not_leave() -> None:
    start = ur.new_round(ur.presets.official(), players=2, seed=1)
    recorder = ur.Recorder()
    recorder.deal(start)
    drawn_seven = ur.apply(ur.apply(start, ur.Draw(0)), ur.Draw(1))
    with pytest.raises(ur.UnoError, match=r"Recorder\.move: move 1 of round 1 \(0 draw\)"):
        recorder.move(ur.Draw(0), drawn_seven)
    recorder.move(ur.Draw(0), ur.apply(start, ur.Draw(0)))
    assert len(recorder.record.rounds[0].moves) == 1


# --------------------------------------------------------------------------- reading


def test_an_escaped_key_is_type_checked_at_its_column() -> None:
    text = '{"format": 1, "rules": "official", "pl\\u0061yers": "2"}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (1, 52)
    assert "players: a whole number" in str(caught.value)
    text = JSON_HEADER + '{"round": 1, "de\\u0061ler": "0"}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (2, 29)
    text = JSON_HEADER + '{"round": 1, "dealer": 0, "de\\u0061ler": 0}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (2, 27)
    assert "given twice" in str(caught.value)
    text = JSON_HEADER + '{"round": 1, "d\\u0065alr": 0}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (2, 14)


def test_names_as_one_json_string_are_refused() -> None:
    text = '{"format": 1, "rules": "official", "players": 2, "names": "Anna Bo"}\n{"round": 1}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (1, 59)
    assert "names: a list of names" in str(caught.value)


def test_a_number_too_long_for_python_is_refused_at_its_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = JSON_HEADER + '{"round": ' + "9" * 5000 + "}\n"
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (2, 11)
    assert "round: a whole number of more than 4300 digits" in str(caught.value)
    assert "set_int_max_str_digits" not in str(caught.value)
    path = tmp_path / "long.jsonl"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "check", str(path), "--lang", "sv")
    assert code == 2 and "rad 2, kolumn 11" in err and "4300" in err
    assert "a whole number" not in err


def test_a_line_longer_than_the_limit_is_refused() -> None:
    text = JSON_HEADER + "{" + " " * MAX_LINE_CHARS + '"round": 1}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (2, MAX_LINE_CHARS + 1)


def test_a_record_larger_than_the_limit_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    class Endless(io.RawIOBase):
        read_bytes = 0

        def readable(self) -> bool:
            return True

        def read(self, size: int = -1) -> bytes:
            size = 1 << 20 if size is None or size < 0 else size
            self.read_bytes += size
            return b"\n" * size

    stream = Endless()
    with pytest.raises(ur.UnoError, match="larger than 64 MB"):
        _read_record_bytes(stream, "<stdin>")
    assert stream.read_bytes <= MAX_RECORD_BYTES + 1
    code, out, err = run(capsys, "check", "/dev/zero", "--lang", "nb")
    # /dev/zero is a device: refused before a byte is read, in Norwegian.
    assert code == 2 and not out and "ingen vanlig fil" in err and "regular" not in err


def test_the_note_after_an_unfinished_round_says_what_is_true(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = '[Format "1"]\n[Rules "official"]\n[Players "2"]\n'
    text += '[Round "1"]\n1. 0 draw\n[Round "2"]\n1. 1 draw\n'
    path = tmp_path / "unfinished.uno"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "not checked to its end" not in out
    assert (
        "Round 2 and the rounds after it were not checked: its dealer and its scores follow "
        "from round 1, and the record of round 1 ends before that round is over."
    ) in " ".join(out.split())


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            '{"format": 2, "rules": "official", "players": 2}\n'
            '{"round": 1, "scores": [-1, 2]}\n{"end": "stopped"}\n',
            "line 2, column 24",
        ),
        (
            '[Format "2"]\n[Rules "official"]\n[Players "2"]\n\n[Round "1"]\n[Scores "-1 2"]\n',
            "line 6, column 10",
        ),
    ],
)
def test_a_negative_score_is_named_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str
) -> None:
    path = tmp_path / ("r.jsonl" if text.startswith("{") else "r.uno")
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2 and not out
    assert f"{path}, {where}: scores: -1 is below 0: a total is a whole number from 0" in err


def test_a_record_whose_first_deal_ends_the_game_says_nothing_of_a_game_not_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 600 points end the game before round 1 is dealt: the finding says so, and no
    # note says the recording stopped "before the game was over".
    path = tmp_path / "over.jsonl"
    path.write_text(
        '{"format": 2, "rules": "official", "players": 2, "seed": 0}\n'
        '{"round": 1, "scores": [600, 2]}\n{"end": "stopped"}\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    said = " ".join(out.split())
    assert "The record deals round 1 with the scores 600 2, which already end the game" in said
    assert "before the game was over" not in said
    assert said.endswith("Not clean: 1 finding.")
