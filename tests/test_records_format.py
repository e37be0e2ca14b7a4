"""Game records: the parts of the format another engine's game needs (a
Wild Draw Four start card reshuffled, the cards each draw took, the
reshuffles it gives), seeds of any size, and what a Record refuses to hold;
each outcome worked out by hand from the deck."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers import cards

import unorules as ur
from unorules.cli import main
from unorules.record_check import FindingKind, check_record
from unorules.records import MAX_SEED_DIGITS, DrawnCardsDiffer

HEADER = '[Format "1"]\n[Rules "official"]\n[Players "2"]\n'
JSON_HEADER = '{"format": 1, "rules": "official", "players": 2}\n'
# Two seats, seat 1 deals: seat 0 gets RS RS RR RR R2 R3 B3, seat 1 G1 G2 G3
# Y7 B9 B8 R9, R7 starts the pile, Y1 Y2 Y3 Y4 Y6 Y8 top the draw pile.
DECK_A = "RS G1 RS G2 RR G3 RR Y7 R2 B9 R3 B8 B3 R9 R7 Y1 Y2 Y3 Y4 Y6 Y8"
# Seat 0 R1..R7, seat 1 G1..G7, and a Wild Draw Four as the 15th card: the start card.
DECK_WD4 = "R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 W+4"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "game.uno") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------------- start.wild-draw-four


def _undealt() -> list[ur.Card]:
    """The 94 cards left after dealing DECK_WD4's 14: the W+4 returned to them."""
    left = Counter(ur.presets.official().deck.cards()) - Counter(cards(DECK_WD4)[:14])
    return sorted(left.elements(), key=lambda c: c.code)


def _start_order() -> tuple[ur.Card, ...]:
    """An order another engine shuffled them into: B9, then Y5 on top of the rest."""
    rest = _undealt()
    for code in ("B9", "Y5"):
        rest.remove(ur.Card.parse(code))
    return (*cards("B9 Y5"), *rest)


def test_a_wild_draw_four_start_card_reshuffled_as_recorded() -> None:
    # start.wild-draw-four: the W+4 goes back, the 94 cards are reshuffled and
    # a new start card is turned: the recorded order's first card, B9; seat 0
    # holds no blue and draws Y5, the next card.
    order = _start_order()
    record = ur.Record(
        rules="official",
        players=2,
        rounds=[
            ur.RecordedRound(
                deck=DECK_WD4, start_reshuffles=[order], moves=[ur.Draw(0)], drawn=[cards("Y5")]
            )
        ],
    )
    dealt, after = ur.replay(record)[0]
    assert str(dealt.top) == "B9" and dealt.color is ur.Color.BLUE
    assert dealt.draw_pile == order[1:]
    assert dealt.shuffles == 2  # the deck's shuffle and the start card's
    assert after.hands[0] == (*cards("R1 R2 R3 R4 R5 R6 R7"), ur.Card.parse("Y5"))
    text = ur.write_record(record, "text")
    assert f'[StartReshuffle "{" ".join(c.code for c in order)}"]' in text
    assert "1. 0 draw {Y5}" in text
    line = ur.write_record(record).splitlines()[1]
    assert json.loads(line)["start_reshuffles"] == [" ".join(c.code for c in order)]
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(record, form)) == record  # type: ignore[arg-type]
    assert check_record(record).clean


def test_the_seeds_own_start_reshuffle_changes_nothing() -> None:
    dealt = ur.new_round(ur.presets.official(), 2, deck=DECK_WD4)
    own = (*dealt.discard_pile, *dealt.draw_pile)
    record = ur.Record(
        rules="official",
        players=2,
        rounds=[ur.RecordedRound(deck=DECK_WD4, start_reshuffles=[own])],
    )
    assert ur.replay(record)[0][0] == dealt


def test_a_start_reshuffle_of_other_cards_is_refused_at_its_line() -> None:
    short = " ".join(c.code for c in _start_order()[1:])  # B9 left out: 93 cards
    text = HEADER + f'[Round "1"]\n[Deck "{DECK_WD4}"]\n[StartReshuffle "{short}"]\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (6, 18)
    assert "start reshuffle 1 does not hold the 94 cards" in str(caught.value)


def test_a_start_reshuffle_without_a_wild_draw_four_start_card_is_refused() -> None:
    # DECK_A starts with R7: no start card goes back, so the tag is not used.
    text = HEADER + f'[Round "1"]\n[Deck "{DECK_A}"]\n[StartReshuffle "R1"]\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (6, 18)
    assert "start reshuffle 1 is not used: the deal returns no start card" in str(caught.value)


# --------------------------------------------------------------------------- drawn cards


def test_the_cards_a_draw_took_are_read_in_both_forms() -> None:
    text = HEADER + f'[Round "1"]\n[Deck "{DECK_A}"]\n1. 0 draw {{Y1}} 2. 1 play R9\n'
    record = ur.read_record(text)
    assert record.rounds[0].drawn == (cards("Y1"),)  # the play gives none: left out
    jsonl = ur.write_record(record)
    assert jsonl.splitlines()[2] == '{"n": 1, "move": "0 draw", "drew": "Y1"}'
    assert ur.read_record(jsonl) == record == ur.read_record(ur.write_record(record, "text"))
    assert check_record(record).clean


def test_a_draw_of_other_cards_is_found_at_the_draw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The other engine dealt seat 0 two cards for one draw (Y1 Y2): by the
    # rules it drew Y1 only (draw.one-then-may-play), so its later play of Y2
    # would be "not held". The finding is at the draw, and checking stops there.
    text = (
        HEADER
        + f'[Round "1"]\n[Deck "{DECK_A}"]\n'
        + "1. 0 draw {Y1 Y2}\n2. 1 play R9\n3. 0 play Y2\n"
    )
    record = ur.read_record(text)
    with pytest.raises(DrawnCardsDiffer) as caught:
        ur.replay(record)
    assert (caught.value.round, caught.value.move) == (1, 1)
    assert caught.value.expected == cards("Y1") and caught.value.found == cards("Y1 Y2")
    assert "the record says it drew Y1 Y2, but the deck gives Y1" in str(caught.value)
    report = check_record(record)
    (finding,) = report.findings
    assert (finding.kind, finding.round, finding.move, finding.seat) == (FindingKind.DRAWN, 1, 1, 0)
    assert finding.rule_ids == ("draw.one-then-may-play",)
    assert (finding.expected, finding.found, finding.unchecked_moves) == ("Y1", "Y1 Y2", 2)
    code, out, _ = run(capsys, "check", write(tmp_path, text), "--json")
    assert code == 1
    (data,) = json.loads(out)["findings"]
    assert (data["kind"], data["move"], data["checking_stopped"]) == ("drawn", 1, True)
    code, out, _ = run(capsys, "check", write(tmp_path, ur.write_record(record), "g.jsonl"))
    assert code == 1
    assert "Round 1, move 1: 0 draw - drawn cards not as the deck gives" in out
    assert "not held" not in out


def test_the_cards_owed_after_a_draw_two() -> None:
    # Seat 0 holds R+2 (deck: R+2 G1 ...): seat 1 owes two cards, Y1 and Y2
    # (action.draw-two); a record that gives one of them is found at move 2.
    deck = "R+2 G1 R1 G2 R2 G3 R3 Y7 R4 B9 R5 B8 R6 R9 R7 Y1 Y2 Y3"
    base = HEADER + f'[Round "1"]\n[Deck "{deck}"]\n1. 0 play R+2\n'
    assert check_record(ur.read_record(base + "2. 1 draw {Y1 Y2}\n")).clean
    (finding,) = check_record(ur.read_record(base + "2. 1 draw {Y1}\n")).findings
    assert (finding.kind, finding.move, finding.rule_ids) == (
        FindingKind.DRAWN,
        2,
        ("action.draw-two",),
    )
    assert (finding.expected, finding.found) == ("Y1 Y2", "Y1")


def test_the_recorder_writes_down_the_cards_drawn() -> None:
    start = ur.new_round(ur.presets.official(), 2, deck=DECK_A)
    recorder = ur.Recorder()
    recorder.deal(start, deck=DECK_A)
    state = start
    for move in (ur.Draw(0), ur.Play(1, ur.Card.parse("R9"))):
        state = ur.apply(state, move)
        recorder.move(move, state)
    record = recorder.record
    assert record.rounds[0].drawn == (cards("Y1"),)
    assert ur.write_record(record, "text").splitlines()[-2:] == ["1. 0 draw {Y1}", "2. 1 play R9"]
    for form in ("jsonl", "text"):
        assert ur.read_record(ur.write_record(record, form)) == record  # type: ignore[arg-type]


def test_recorded_games_with_reshuffles_keep_their_draws() -> None:
    from unorules.play.bots import make_bot, play_from

    start = ur.new_round(ur.presets.official(), players=6, seed=4)
    recorder = ur.Recorder()
    play_from(start, [make_bot("heuristic", s) for s in range(6)], on_move=recorder)
    record = recorder.record
    states = ur.replay(record)[0]
    assert states[-1].reshuffles >= 1
    # replay compares every entry; at the draw that reshuffled, the card
    # drawn is the last of the seat's hand, the first of the new pile.
    n = next(i for i in range(1, len(states)) if states[i].reshuffles > states[i - 1].reshuffles)
    move = record.rounds[0].moves[n - 1]
    assert isinstance(move, ur.Draw) and not states[n - 1].draw_pile
    assert record.rounds[0].drawn[n - 1] == (states[n].hands[move.player][-1],)
    assert ur.read_record(ur.write_record(record, "text")) == record


@pytest.mark.parametrize(
    ("move", "column", "words"),
    [
        ("1. 0 draw {Y1", 14, "the '{' of the cards drawn has no '}'"),
        ("1. 0 draw {Y1} x", 16, "'x' after the cards drawn: they end the move"),
        ("1. 0 draw {Q5}", 12, "found 'Q5'"),
    ],
)
def test_badly_written_drawn_cards(move: str, column: int, words: str) -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(HEADER + '[Round "1"]\n' + move + "\n")
    assert (caught.value.line, caught.value.column) == (5, column), str(caught.value)
    assert words in str(caught.value)


def test_drawn_cards_of_the_wrong_type_in_json() -> None:
    text = JSON_HEADER + '{"round": 1}\n{"n": 1, "move": "0 draw", "drew": ["Y1"]}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (3, 36)
    assert "drew: the cards drawn" in str(caught.value)


# --------------------------------------------------------------------------- unused reshuffles


def test_a_reshuffle_no_move_makes_is_an_error_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One draw from a pile of 93: nothing is reshuffled (pile.reshuffle).
    text = HEADER + f'[Round "1"]\n[Deck "{DECK_A}"]\n[Reshuffle "Y1"]\n1. 0 draw\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (6, 13)
    assert "reshuffle 1 of the record is not used: no move of the round shuffles" in str(
        caught.value
    )
    code, out, err = run(capsys, "check", write(tmp_path, text))
    assert code == 2 and not out
    assert "line 6, column 13: round 1: reshuffle 1 of the record is not used" in err
    jsonl = JSON_HEADER + f'{{"round": 1, "deck": "{DECK_A}", "reshuffles": ["R1", "Y1"]}}\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(jsonl)
    assert (caught.value.line, caught.value.column) == (2, 103)
    # A Record refuses it at once, so that it never writes a file that
    # read_record refuses.
    with pytest.raises(
        ur.UnoError, match=r"Record\.rounds: round 1: reshuffle 1 of the record is not"
    ):
        ur.Record(
            rules="official",
            players=2,
            rounds=[ur.RecordedRound(deck=DECK_A, reshuffles=["Y1"], moves=[ur.Draw(0)])],
        )


# --------------------------------------------------------------------------- seeds


@pytest.mark.parametrize("seed", [10**30, 10**31 + 7, -(10**40), 2**128, 10**MAX_SEED_DIGITS - 1])
def test_long_seeds_round_trip_in_both_forms(seed: int) -> None:
    record = ur.Record(rules="official", players=2, seed=seed, rounds=[ur.RecordedRound()])
    for form in ("jsonl", "text"):
        back = ur.read_record(ur.write_record(record, form))  # type: ignore[arg-type]
        assert back == record and back.seed == seed


def test_a_seed_too_long_for_a_record_is_refused_up_front() -> None:
    with pytest.raises(ur.UnoError, match=r"Record.seed: a seed of more than 4000 digits"):
        ur.Record(rules="official", players=2, seed=10**MAX_SEED_DIGITS)
    state = ur.new_round(ur.presets.official(), 2, seed=10**MAX_SEED_DIGITS)
    with pytest.raises(ur.UnoError, match=r"Record.seed: a seed of more than 4000 digits"):
        ur.Recorder().deal(state)
    text = HEADER + '[Seed "' + "9" * (MAX_SEED_DIGITS + 1) + '"]\n[Round "1"]\n'
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(text)
    assert (caught.value.line, caught.value.column) == (4, 8)
    assert "seeds of at most 4000 digits" in str(caught.value)


# --------------------------------------------------------------------------- what a Record holds


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (["Player", "Bo"], "'Player' (seat 0) is a word of the move notation"),
        (["Anna", "seat"], "'seat' (seat 1) is a word of the move notation"),
        (["Anna", 'B"o'], "(seat 1) is no name a record can hold"),
        (["An\nna", "Bo"], "(seat 0) is no name a record can hold"),
        (["Anna", "Bo Cy"], "(seat 1) is no name a record can hold"),
        (["Anna", "anna"], "'anna' (seat 1) is the name of seat 0 too"),
        (["Anna"], "1 names for 2 seats"),
    ],
)
def test_names_a_record_cannot_write_back_are_refused(names: list[str], words: str) -> None:
    with pytest.raises(ur.UnoError) as caught:
        ur.Record(rules="official", players=2, names=names)
    assert str(caught.value).startswith("Record.names: ")
    assert words in str(caught.value)


def test_a_name_that_is_a_notation_word_says_why_and_what_to_do() -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(HEADER + '[Names "Anna seat"]\n[Round "1"]\n')
    assert (caught.value.line, caught.value.column) == (4, 14)
    assert str(caught.value) == (
        "line 4, column 14: names: 'seat' (seat 1) is a word of the move notation, so a move "
        "could not tell the player from the word: give the player another name"
    )
    with pytest.raises(ur.UnoError, match=r"'player' .seat 0. is a word of the move notation"):
        ur.Recorder(names=["player", "Bo"])


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        (["0 draw"], "move 1 is '0 draw', not a move"),
        ([ur.Play(0, ur.Card.parse("R7"), ur.Color.RED)], "move 1 (Play(player=0"),
        ([ur.Draw(0), ur.Play(0, ur.Card.parse("R7"), count=5000)], "move 2 (Play("),
    ],
)
def test_moves_the_notation_cannot_write_are_refused(moves: list[object], words: str) -> None:
    with pytest.raises(ur.UnoError) as caught:
        ur.RecordedRound(moves=moves)  # type: ignore[arg-type]
    assert str(caught.value).startswith("RecordedRound.moves: ")
    assert words in str(caught.value)


def test_a_move_naming_a_seat_the_game_lacks_is_refused() -> None:
    rnd = ur.RecordedRound(moves=[ur.Draw(0), ur.CatchUno(1, 4)])
    with pytest.raises(ur.UnoError, match=r"round 1, move 2 \(1 catch 4\) names seat 4: the game"):
        ur.Record(rules="official", players=3, rounds=[rnd])


def test_cut_moves_drop_their_drawn_cards() -> None:
    rnd = ur.RecordedRound(moves=[ur.Draw(0), ur.Draw(1)], drawn=[cards("Y1"), cards("Y2")])
    assert attrs.evolve(rnd, moves=rnd.moves[:1]).drawn == (cards("Y1"),)
    assert ur.RecordedRound(moves=[ur.Draw(0)], drawn=[None]).drawn == ()


# --------------------------------------------------------------------------- the recorder's deck


def test_a_deal_from_a_deck_not_given_says_to_give_it() -> None:
    state = ur.new_round(ur.presets.official(), 2, deck=DECK_A)
    with pytest.raises(ur.UnoError) as caught:
        ur.Recorder().deal(state)
    assert "Recorder.deal(state, deck=...)" in str(caught.value)
    assert "not the deal of round 1 by the seed 0, so a record cannot give its cards" in str(
        caught.value
    )
    ur.Recorder().deal(state, deck=DECK_A)  # the hint works


# --------------------------------------------------------------------------- what a reader is told

_TAGS = HEADER.replace('[Players "2"]\n', "")


@pytest.mark.parametrize(
    ("line", "column", "words"),
    [
        # The value in double quotes: the column is the value's.
        ("[Players 2]", 10, 'the value of the tag Players must be in double quotes: [Players "2"]'),
        ("  [Players 2]", 12, 'in double quotes: [Players "2"]'),
        (
            "[Names Anna Bo]",
            8,
            'the value of the tag Names must be in double quotes: [Names "Anna Bo"]',
        ),
        ("[Players]", 9, 'the tag Players has no value: [Players "..."]'),
        ('[Players"2"]', 9, 'a space between the tag\'s name and its value: [Players "2"]'),
        ('[Players "2]', 10, "the value of the tag Players has no closing double quote"),
        ('[Players "2" x]', 14, "the tag Players ends with ']' right after its value's closing"),
        ('[Players "2"', 13, "closing double quote, found nothing"),
        ('[Players "2"] [Names "A B"]', 15, "one tag a line: '[Names' after the tag Players"),
        ('[ Players "2"]', 3, "a tag's name comes right after the '['"),
        ('[Players2 "2"]', 2, "a tag's name is letters, such as Players; found 'Players2'"),
        ('[Players "two"]', 11, 'players: a whole number, not "two"'),
    ],
)
def test_a_bad_tag_line_says_what_is_wrong_where(line: str, column: int, words: str) -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(_TAGS + line + '\n[Round "1"]\n')
    assert (caught.value.line, caught.value.column) == (3, column), str(caught.value)
    assert words in str(caught.value)
    assert '[Name "value"]' not in str(caught.value)


def test_the_scores_tag_points_at_the_word_that_is_no_number() -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(HEADER + '[Round "1"]\n[Scores "10  x"]\n')
    # [Scores "10  x"]: the value starts at column 10, the x at column 14.
    assert (caught.value.line, caught.value.column) == (5, 14)
    assert str(caught.value).endswith('scores: whole numbers, one a seat, not "x"')


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "sv",
            "rad 3, kolumn 10: värdet av taggen Players ska stå inom dubbla citattecken: "
            '[Players "2"]',
        ),
        (
            "nb",
            "linje 3, kolonne 10: verdien av taggen Players skal stå i doble anførselstegn: "
            '[Players "2"]',
        ),
    ],
)
def test_a_bad_tag_line_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    path = write(tmp_path, _TAGS + "[Players 2]\n")
    code, out, err = run(capsys, "check", "--lang", lang, path)
    assert (code, out) == (2, "")
    assert f"{path}, {words}" in err


@pytest.mark.parametrize(
    ("line", "column", "en", "sv"),
    [
        (
            '{"format": 1 "rules": "official"}',
            14,
            "this line is no JSON: a ',' or the end of the object or list is missing here",
            "raden är inte JSON: här saknas ett ',' eller slutet på objektet eller listan",
        ),
        (
            '{"format": }',
            12,
            "this line is no JSON: a value is missing here",
            "raden är inte JSON: här saknas ett värde",
        ),
        (
            '{"format" 1}',
            11,
            "this line is no JSON: a ':' after the key is missing here",
            "raden är inte JSON: här saknas ett ':' efter nyckeln",
        ),
        (
            '{"format": "1}',
            12,
            "this line is no JSON: this string has no closing double quote",
            "raden är inte JSON: strängen saknar avslutande dubbelt citattecken",
        ),
        (
            '{"format": 1} 2',
            15,
            "this line is no JSON: more after the line's JSON value",
            "raden är inte JSON: mer efter radens JSON-värde",
        ),
    ],
)
def test_a_line_that_is_no_json_is_told_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, column: int, en: str, sv: str
) -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(line + "\n", form="jsonl")
    assert (caught.value.line, caught.value.column) == (1, column)
    assert f"line 1, column {column}: {en}" in str(caught.value)
    assert "Expecting" not in caught.value.text_in("sv")
    path = write(tmp_path, line + "\n", "bad.jsonl")
    code, _, err = run(capsys, "check", "--lang", "sv", path)
    assert code == 2
    assert f"{path}, rad 1, kolumn {column}: {sv}" in err


def test_a_json_line_that_is_no_object() -> None:
    # It raised an IndexError: the message's "{...}" was read as a field.
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record('"x"\n', form="jsonl")
    assert str(caught.value) == "line 1, column 1: each line of a record is a JSON object {...}"
    assert caught.value.text_in("sv").endswith("varje rad i ett protokoll är ett JSON-objekt {...}")


def test_a_line_of_the_text_form_that_is_neither_tag_nor_move() -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record('"x"\n')
    assert str(caught.value) == (
        'line 1, column 1: a line of the text form is a tag, [Name "value"], or numbered '
        "moves, '1. 0 play R7'; found '\"x\"'"
    )
    with pytest.raises(ur.RecordError, match=r'moves come after a \[Round "N"\] tag'):
        ur.read_record(HEADER + "1. 0 play R7\n")


def test_a_json_reason_without_a_translation_keeps_the_readers_words() -> None:
    from unorules.records import _json_reason

    reason = _json_reason("Something new")
    assert str(reason) == "this line is no JSON (the JSON reader says: Something new)"
    assert reason.in_language("nb") == "linjen er ikke JSON (JSON-leseren sier: Something new)"


@pytest.mark.parametrize(
    ("lang", "missing", "folder", "denied"),
    [
        (
            "en",
            "there is no such file",
            "it is a folder, not a file",
            "permission to read it is denied",
        ),
        ("sv", "filen finns inte", "det är en mapp, inte en fil", "behörighet att läsa den saknas"),
        (
            "nb",
            "filen finnes ikke",
            "det er en mappe, ikke en fil",
            "tillatelse til å lese den mangler",
        ),
    ],
)
def test_a_file_that_cannot_be_read_is_told_in_the_readers_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    missing: str,
    folder: str,
    denied: str,
) -> None:
    cannot = {
        "en": "cannot read the record",
        "sv": "kan inte läsa protokollet",
        "nb": "kan ikke lese protokollen",
    }[lang]
    gone = str(tmp_path / "missing.uno")
    # (check takes a folder for its records: replay reads one file.)
    for command, path, why in (("check", gone, missing), ("replay", str(tmp_path), folder)):
        code, out, err = run(capsys, command, "--lang", lang, path)
        assert (code, out) == (2, "")
        assert f"{cannot} {path}: {why}" in err
        assert "No such file" not in err and "Is a directory" not in err
    locked = write(tmp_path, HEADER)

    opened = Path.open

    def refuse(self: Path, *args: Any, **kwargs: Any) -> Any:
        if str(self) == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return opened(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    code, _, err = run(capsys, "replay", "--lang", lang, locked)
    assert code == 2
    assert f"{cannot} {locked}: {denied}" in err


def test_other_reasons_a_file_cannot_be_read_are_the_systems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, HEADER)

    opened = Path.open

    def fail(self: Path, *args: Any, **kwargs: Any) -> Any:
        if str(self) == path:
            raise OSError(5, "Input/output error")
        return opened(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", fail)
    code, _, err = run(capsys, "check", "--lang", "sv", path)
    assert code == 2
    assert f"kan inte läsa protokollet {path}: Input/output error" in err


@pytest.mark.parametrize(
    ("move", "column", "words"),
    [
        (
            "0 play R7",
            1,
            "starts with the move's number and a dot, such as '1. 0 play R7'; found '0'",
        ),
        ("1.0 play R7", 1, "found '1.0'"),
    ],
)
def test_a_move_line_without_its_number_says_what_it_found(
    move: str, column: int, words: str
) -> None:
    with pytest.raises(ur.RecordError) as caught:
        ur.read_record(HEADER + '[Round "1"]\n' + move + "\n")
    assert (caught.value.line, caught.value.column) == (5, column)
    assert words in str(caught.value)


def test_drawn_cards_on_a_move_that_draws_none_cite_that_moves_rules() -> None:
    # Seat 1's play of R9 draws nothing; the record says it drew Y3. The
    # finding cites the rule of the play itself, not a drawing rule.
    text = HEADER + f'[Round "1"]\n[Deck "{DECK_A}"]\n1. 0 draw {{Y1}}\n2. 1 play R9 {{Y3}}\n'
    (finding,) = check_record(ur.read_record(text)).findings
    assert (finding.kind, finding.move, finding.seat) == (FindingKind.DRAWN, 2, 1)
    assert (finding.expected, finding.found) == ("", "Y3")
    assert finding.rule_ids == ("play.match",)
    assert "draw.one-then-may-play" not in finding.rule_ids
