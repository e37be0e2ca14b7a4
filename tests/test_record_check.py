"""``unorules check`` and ``unorules replay`` on records that are readable
but wrong: scores that end the game or that a round did not earn, a bluff's
reason and who could have challenged it, the rule a card not held breaks,
the notation in the reader's language, the JSON keys, a replay past a
refused move. The outcomes are worked out from the deals by hand."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_records import CLEAN, DECK_A, DECK_B, HEADER, check_json, run, text_with, write

import unorules as ur
from unorules.notation import format_state, parse_situation
from unorules.record_check import FindingKind, Report, check_record

ROOT = Path(__file__).resolve().parent.parent
SCORING = ["score.winner-takes", "score.target"]

# The first five moves of CLEAN: seat 0 (Anna) is left with R3 B3, Bo to
# play; the round is not over.
UNFINISHED = CLEAN.split("6. 1 play R9")[0]


def said(out: str) -> str:
    return " ".join(out.split())


# --------------------------------------------------------------------------- scores


def test_scores_that_end_the_game_are_readable_and_a_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 ends 27 0 (CLEAN); round 2 claims 500 0, which reaches the
    # target of 500 (score.target): no round is dealt with it, and round 3
    # after it is not checked either.
    text = (
        CLEAN
        + '\n[Round "2"]\n[Dealer "0"]\n[Scores "500 0"]\n1. 1 draw\n'
        + '\n[Round "3"]\n[Dealer "1"]\n[Scores "500 0"]\n1. 0 draw\n'
    )
    record = ur.read_record(text)  # readable: no RecordError
    assert record.rounds[1].scores == (500, 0)
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    (f,) = data["findings"]
    assert (f["kind"], f["round"], f["move"], f["rule_ids"]) == ("deal", 2, 0, SCORING)
    assert (f["expected"], f["found"], f["seat"]) == ("scores 27 0", "scores 500 0", 0)
    assert f["position"] is None
    assert (data["rounds"], data["moves"], data["undealt_round"]) == (1, 10, 2)
    code, out, _ = run(capsys, "check", write(tmp_path, text, "b.uno"))
    assert code == 1
    assert (
        "Round 2: round not dealt as the rules give [score.winner-takes, score.target] "
        "The record deals round 2 with the scores 500 0, which already end the game, so the "
        "rules deal no round with them; checking ends here. After round 1 the rules give the "
        "scores 27 0."
    ) in said(out)
    assert "not checked to its end" not in out


def test_a_first_round_whose_scores_end_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = HEADER + f'[Round "1"]\n[Scores "0 520"]\n[Deck "{DECK_A}"]\n1. 0 play RS\n'
    report = check_record(ur.read_record(text))
    (f,) = report.findings
    assert (f.kind, f.round, f.rule_ids, f.expected, f.found) == (
        FindingKind.DEAL,
        1,
        tuple(SCORING),
        "no round",
        "scores 0 520",
    )
    assert (report.rounds, report.moves, report.undealt_round, report.clean) == (0, 0, 1, False)
    code, out, _ = run(capsys, "check", write(tmp_path, text))
    assert code == 1
    assert "with the scores 0 520, which already end the game" in said(out)


def test_scores_after_an_unfinished_round_are_those_it_started_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1's record ends before anyone went out: it scored nothing, so
    # round 2 starts 0 0 (score.winner-takes), dealt by seat 0
    # (setup.dealer-rotates: seat 1 dealt round 1).
    text = UNFINISHED + '\n[Round "2"]\n[Dealer "1"]\n[Scores "40 0"]\n'
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    found = [
        (f["kind"], f["round"], f["rule_ids"], f["expected"], f["found"]) for f in data["findings"]
    ]
    assert found == [
        ("deal", 2, ["setup.dealer-rotates"], "dealer 0", "dealer 1"),
        ("deal", 2, SCORING, "scores 0 0", "scores 40 0"),
    ]
    assert data["unfinished_rounds"] == [1, 2]  # round 2 has no moves yet
    assert data["findings"][1]["text"] == (
        "The record deals round 2 with the scores 40 0; round 1 did not finish in the record, "
        "so it scored nothing, and the rules give the scores 0 0."
    )
    # The same scores as round 1 started with, and the next dealer: clean.
    fine = UNFINISHED + '\n[Round "2"]\n[Dealer "0"]\n[Scores "0 0"]\n'
    assert check_record(ur.read_record(fine)).findings == ()


def test_scores_after_a_refused_move_are_not_checked_but_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 1 stops at a refused move: what it scored is not known, so round
    # 2's scores are not judged; its dealer still must be seat 0.
    text = text_with("1. 0 play B3\n") + '\n[Round "2"]\n[Dealer "0"]\n[Scores "40 0"]\n'
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    assert [(f["kind"], f["round"]) for f in data["findings"]] == [("illegal", 1)]
    assert data["scores_unchecked"] == [2]
    assert (
        "The scores round 2 starts with were not checked: round 1 stopped at a refused move, "
        "so what it scored is not known."
    ) in data["notes"]
    wrong_dealer = text.replace('[Dealer "0"]', '[Dealer "1"]')
    report = check_record(ur.read_record(wrong_dealer))
    assert [(f.kind, f.rule_ids, f.expected) for f in report.findings][1:] == [
        (FindingKind.DEAL, ("setup.dealer-rotates",), "dealer 0")
    ]


# --------------------------------------------------------------------------- bluffs

# Three seats, seat 2 deals: seat 0 gets the 1st, 4th, ... card, seat 1 the
# 2nd, 5th, ..., seat 2 the 3rd, 6th, ...; the 22nd (R7) starts the pile.
HANDS_3 = ("R+2 W+4 R1 R4 B5 G6 Y8", "G1 G2 G3 Y7 B9 B8 R9", "Y1 Y2 Y3 Y4 Y5 Y6 B1")
DECK_3 = " ".join(c for cards in zip(*(h.split() for h in HANDS_3), strict=True) for c in cards)


def three_seats(rules: str) -> str:
    return (
        f'[Format "1"]\n[Rules "{rules}"]\n[Players "3"]\n[Names "Anna Bo Cy"]\n'
        f'[Round "1"]\n[Deck "{DECK_3} R7 G4 G5 G7 G8"]\n1. 0 play W+4 blue\n2. 1 draw\n'
    )


def test_a_bluff_finding_says_what_was_held_and_who_could_challenge(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Anna holds R+2 R1 R4, red being in force on R7 (wd4.no-matching-colour);
    # only Bo, the victim, may challenge (challenge.wd4), until he draws.
    code, data = check_json(capsys, write(tmp_path, three_seats("official")))
    assert code == 1
    (f,) = data["findings"]
    assert (f["kind"], f["move"], f["challengers"], f["closed_by_move"]) == ("bluff", 1, [1], 2)
    assert f["why"] == (
        "It was a bluff: Anna held R+2, R1 and R4, of red, the colour in force, which "
        "wd4.no-matching-colour forbids."
    )
    assert f["text"] == (
        f"{f['why']} Nobody challenged it: Bo could have, until move 2 (Bo: draw), after which "
        "a challenge no longer counted, so the bluff stood."
    )


def test_under_challenge_anyone_every_other_player_could_have_challenged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, three_seats("official+challenge.anyone"))
    code, data = check_json(capsys, path)
    assert code == 1
    (f,) = data["findings"]
    assert f["rule_ids"] == ["wd4.no-matching-colour", "challenge.wd4", "challenge.anyone"]
    assert f["challengers"] == [1, 2]
    assert "Nobody challenged it: Bo or Cy could have, until move 2 (Bo: draw)" in f["text"]
    code, out, _ = run(capsys, "check", "--lang", "sv", path)
    assert "Ingen utmanade den: Bo eller Cy kunde ha gjort det" in said(out)


def test_a_bluff_with_two_seats_in_swedish_names_the_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, text_with("1. 0 play W+4 blue\n2. 1 draw\n", DECK_B))
    code, out, _ = run(capsys, "check", "--lang", "sv", path)
    assert code == 1
    assert (
        "Det var en bluff: plats 0 hade röd Dra två, röd 1 och röd 4 i färgen som gällde (röd), "
        "och det förbjuder wd4.no-matching-colour."
    ) in said(out)


# --------------------------------------------------------------------------- cards not held


def test_a_card_not_held_breaks_the_play_rule(capsys: pytest.CaptureFixture[str]) -> None:
    # Seat 0 holds RS RS RR RR R2 R3 B3: G1 is not in its hand. A card is
    # played from the hand (play.match); the deal (setup.deal) refuses nothing.
    report = check_record(ur.read_record(text_with("1. 0 play G1\n")))
    (f,) = report.findings
    assert (f.kind, f.rule_ids) == (FindingKind.ILLEGAL, ("play.match",))
    assert f.verdict is not None and f.verdict.reason == "seat 0 holds no G1"
    state = ur.situation(ur.presets.official(), ["R3", "G5"], top="R7")
    assert ur.check(state, ur.Play(0, ur.Card.parse("B3"))).rule_ids == ("play.match",)


# --------------------------------------------------------------------------- the notation


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "sv",
            "Korten: topp R7; händer R+2 W+4 R1 R4 B5 Gr6 Gu8 / Gr1 Gr2 Gr3 Gu7 B9 B8 R9; "
            "tur 0; giv 1; draghög Gu1 Gu2 Gu3 Gu4 Gu6 … 88 till; slänghög R7",
        ),
        (
            "nb",
            "Kortene: topp R7; hender R+2 W+4 R1 R4 B5 Gr6 Gu8 / Gr1 Gr2 Gr3 Gu7 B9 B8 R9; "
            "tur 0; giver 1; trekkebunke Gu1 Gu2 Gu3 Gu4 Gu6 … 88 til; kastebunke R7",
        ),
    ],
)
def test_check_shows_the_notation_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, line: str
) -> None:
    path = write(tmp_path, text_with("1. 0 play W+4 blue\n2. 1 draw\n", DECK_B))
    code, out, _ = run(capsys, "check", "--lang", lang, path)
    assert code == 1
    assert line in said(out)
    state = ur.replay(ur.read_record(Path(path).read_text("utf-8")))[0][0]
    # What a reader copies reads back in the language as the same position.
    assert parse_situation(format_state(state, ("Anna", "Bo"), lang=lang), lang=lang) == (
        parse_situation(format_state(state, ("Anna", "Bo")))
    )


@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_the_notation_in_a_language_reads_back_as_the_same_position(lang: str) -> None:
    record = ur.read_record(CLEAN)
    for state in ur.replay(record)[0]:
        english = parse_situation(format_state(state, record.names))
        assert parse_situation(format_state(state, record.names, lang=lang), lang=lang) == english
    ccw = ur.situation(
        ur.presets.official(), ["GR Y+2", "B1"], top="W", color="green", direction=-1, seed=3
    )
    green = "grønn" if lang == "nb" else "grön"
    assert format_state(ccw, lang=lang).startswith(f"topp W {green}; ")


def test_replay_shows_the_notation_and_the_hands_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "replay", "--lang", "sv", write(tmp_path, CLEAN), "--at", "0")
    assert code == 0
    lines = out.splitlines()
    assert lines[2].startswith("topp R7; händer RS RS RR RR R2 R3 B3 / Gr1 Gr2 Gr3 Gu7 B9 B8 R9;")
    assert "  Bo     7      Gr1 Gr2 Gr3 Gu7 B9 B8 R9" in lines


# --------------------------------------------------------------------------- JSON


def _documented_keys() -> set[str]:
    page = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    section = page.split("### The JSON of `check` and `replay`")[1].split("\n## ")[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))


def test_every_json_key_is_documented_and_named_as_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = three_seats("official") + "3. 1 play B9\n"
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    documented = _documented_keys()
    # The bluff, and Bo's B9 out of turn: after taking the 4 cards he is skipped.
    bluff, illegal = data["findings"]
    assert (bluff["kind"], illegal["kind"], illegal["rule_ids"]) == (
        "bluff",
        "illegal",
        ["play.in-turn"],
    )
    assert set(data) <= documented and set(bluff) | set(illegal) <= documented
    # The report's attributes are the JSON's keys.
    fields = {a.name for a in Report.__attrs_attrs__}
    assert fields <= set(data)
    code, out, _ = run(capsys, "replay", write(tmp_path, text), "--at", "3", "--json")
    assert code == 1
    replayed = json.loads(out)
    assert set(replayed) <= documented and set(replayed["refused"]) <= documented


# --------------------------------------------------------------------------- replay


def test_replay_past_a_refused_move_says_which_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Move 2 (B3 on RS, red in force) fits neither colour nor symbol
    # (play.match); move 3 comes after it, so no position follows either.
    text = CLEAN.split("[Round")[0] + f'[Round "1"]\n[Deck "{DECK_A}"]\n'
    text += "1. 0 play RS\n2. 0 play B3\n3. 1 draw\n"
    path = write(tmp_path, text)
    code, out, err = run(capsys, "replay", path, "--at", "3")
    assert (code, err) == (1, "")
    assert "GameState" not in out
    lines = out.splitlines()
    assert lines[0] == "Round 1, move 2: Anna: play B3 - refused [play.match]"
    assert (
        "No – Anna may not play B3: B3 matches neither the colour nor the number or symbol of RS."
    ) in said(out)
    assert (
        "The rules refuse move 2, so no position follows it, nor any of the moves after it up "
        "to move 3. The position before move 2:"
    ) in said(out)
    assert "Anna to play on red (RS), clockwise; hands 6/7, draw pile 93" in lines
    assert any(line.startswith("top RS; hands RS RR RR R2 R3 B3 / G1 G2 G3") for line in lines)
    assert "> Anna  6      RS RR RR R2 R3 B3" in lines
    code, out, _ = run(capsys, "replay", path, "--at", "3", "--json")
    data = json.loads(out)
    assert code == 1
    assert (data["move"], data["position_after_move"]) == (3, 1)
    assert data["refused"]["move"] == 2 and data["refused"]["rule_ids"] == ["play.match"]
    assert data["refused"]["notation"] == "0 play B3"
    # Up to move 1 all is well.
    code, out, _ = run(capsys, "replay", path, "--at", "1")
    assert code == 0 and out.startswith("Round 1, after move 1: Anna: play RS")


def test_replay_of_a_round_that_follows_a_refused_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = text_with("1. 0 play B3\n") + '[Round "2"]\n1. 0 draw\n'
    code, _, err = run(capsys, "replay", write(tmp_path, text), "--round", "2", "--at", "0")
    assert code == 2
    assert "GameState" not in err
    assert (
        # The round 2 header gives neither a Dealer nor a Scores tag: both are named.
        "round 2 cannot be dealt: it gives no dealer and no scores itself, and round 1 does "
        "not reach its end, since the rules refuse its move 1 (0 play B3, play.match)"
    ) in said(err)


# --------------------------------------------------------------------------- a move after the end

# CLEAN's round ends with move 10 (Anna goes out, 27 0); Bo's draw after it
# is refused (end.last-card), but the round was over before it.
AFTER_THE_END = CLEAN + "11. 1 draw\n"


def test_a_move_after_the_round_ended_leaves_its_scores_known(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Round 2 claims 10 0; round 1 left 27 0 (score.winner-takes), and seat
    # 0 deals round 2 (setup.dealer-rotates: seat 1 dealt round 1).
    text = AFTER_THE_END + '\n[Round "2"]\n[Dealer "0"]\n[Scores "10 0"]\n'
    code, data = check_json(capsys, write(tmp_path, text))
    assert code == 1
    found = [
        (f["kind"], f["round"], f["move"], f["rule_ids"], f["expected"], f["found"])
        for f in data["findings"]
    ]
    assert found == [
        ("illegal", 1, 11, ["end.last-card"], None, None),
        ("deal", 2, 0, SCORING, "scores 27 0", "scores 10 0"),
    ]
    assert data["scores_unchecked"] == []
    assert data["unfinished_rounds"] == [2]  # round 2 has no moves
    assert data["findings"][1]["text"] == (
        "The record deals round 2 with the scores 10 0; after round 1 the rules give the "
        "scores 27 0."
    )
    code, out, _ = run(capsys, "check", write(tmp_path, text, "b.uno"))
    assert code == 1
    assert "stopped at a refused move" not in out and "not known" not in out
    # The right scores: only the refused move is a finding.
    right = check_record(ur.read_record(text.replace("10 0", "27 0")))
    assert [(f.kind, f.round, f.move) for f in right.findings] == [(FindingKind.ILLEGAL, 1, 11)]
    assert right.scores_unchecked == ()


def test_a_round_after_a_move_after_the_end_is_dealt_from_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without its own dealer and scores, round 2 follows from round 1's
    # end: seat 0 deals, 27 0.
    text = AFTER_THE_END + '\n[Round "2"]\n'
    report = check_record(ur.read_record(text))
    assert report.undealt_round is None and report.rounds == 2
    assert [(f.kind, f.round) for f in report.findings] == [(FindingKind.ILLEGAL, 1)]
    path = write(tmp_path, text)
    code, out, err = run(capsys, "replay", path, "--round", "2", "--at", "0", "--json")
    assert (code, err) == (0, "")
    state = json.loads(out)["state"]
    assert (state["dealer"], state["scores"]) == (0, [27, 0])


# --------------------------------------------------------------------------- drawn cards

# Seat 0 draws one card, Y1 (draw.one-then-may-play), which does not fit R7.
DREW_TWO = text_with("1. 0 draw {Y1 Y2}\n2. 1 play R9\n") + '\n[Round "2"]\n[Dealer "0"]\n'


@pytest.mark.parametrize(
    ("lang", "sentence", "note"),
    [
        (
            "en",
            "The record says this move drew Y1 Y2, but by the rules it draws Y1.",
            "The scores round 2 starts with were not checked: the checking of round 1 stopped "
            "at move 1, a draw of other cards than the deck gives, so what it scored is not "
            "known.",
        ),
        (
            "sv",
            "Protokollet säger att detta drag drog Gu1 Gu2, men enligt reglerna drar det Gu1.",
            "Poängen som omgång 2 börjar med prövades inte: prövningen av omgång 1 stannade "
            "vid drag 1, ett drag som drog andra kort än leken ger, så vad den gav för poäng "
            "är okänt.",
        ),
        (
            "nb",
            "Protokollen sier at denne handlingen trakk Gu1 Gu2, men etter reglene trekker "
            "den Gu1.",
            "Poengene runde 2 starter med, ble ikke sjekket: sjekken av runde 1 stoppet ved "
            "handling 1, en handling som trakk andre kort enn kortstokken gir, så hva den ga av "
            "poeng, er ukjent.",
        ),
    ],
)
def test_a_drawn_cards_finding_speaks_the_readers_codes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, sentence: str, note: str
) -> None:
    text = DREW_TWO + '[Scores "0 0"]\n'
    code, out, _ = run(capsys, "check", "--lang", lang, write(tmp_path, text))
    assert code == 1
    assert sentence in said(out)
    assert note in said(out)
    assert "refused" not in out and "otillåtet" not in out and "ikke er tillatt" not in out
    code, data = check_json(capsys, write(tmp_path, text), "--lang", lang)
    (f,) = data["findings"]
    assert (f["kind"], f["expected"], f["found"]) == ("drawn", "Y1", "Y1 Y2")  # English codes
    assert data["notes"][-1] == note
    assert data["scores_unchecked"] == [2]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "The record says this move drew no cards, but by the rules it draws Y1."),
        ("sv", "Protokollet säger att detta drag drog inga kort, men enligt reglerna drar det Gu1"),
        (
            "nb",
            "Protokollen sier at denne handlingen trakk ingen kort, men etter reglene trekker den",
        ),
    ],
)
def test_a_draw_of_no_cards_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    code, out, _ = run(
        capsys, "check", "--lang", lang, write(tmp_path, text_with("1. 0 draw {}\n"))
    )
    assert code == 1
    assert words in said(out)
    # A play draws none; a record that says it drew Y1 is told the deck gives none.
    code, out, _ = run(capsys, "check", write(tmp_path, text_with("1. 0 play RS {Y1}\n")))
    assert "The record says this move drew Y1, but by the rules it draws no cards." in said(out)
    assert " - " not in said(out).split("drawn cards not as the deck gives")[1].split("Before")[0]


# --------------------------------------------------------------------------- short draw piles


def test_a_findings_draw_pile_is_shortened_and_whole_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Deck B leaves 93 cards in the draw pile, Y1 Y2 Y3 Y4 Y6 on top: the
    # text shows those five and the 88 more; --json's position has all 93.
    path = write(tmp_path, text_with("1. 0 play W+4 blue\n2. 1 draw\n", DECK_B))
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    assert "draw Y1 Y2 Y3 Y4 Y6 … 88 more; discard R7" in said(out)
    assert "Y0" not in out.split("Cards:")[1]  # the 6th card is not shown
    assert "The findings show the top 5 cards of the draw pile." in said(out)
    cards_lines = [line for line in out.splitlines() if line.startswith(("  Cards:", "    "))]
    assert len(cards_lines) <= 6  # the Cards line wraps to 2 lines, not 5
    code, data = check_json(capsys, path)
    position = data["findings"][0]["position"]
    draw = next(c for c in position.split("; ") if c.startswith("draw "))
    assert len(draw.split()) - 1 == 93 and draw.startswith("draw Y1 Y2 Y3 Y4 Y6 Y0 ")
    state = ur.replay(ur.read_record(Path(path).read_text("utf-8")))[0][0]
    assert parse_situation(position) == parse_situation(format_state(state))
    assert not any("draw pile" in n for n in data["notes"])


def test_a_short_draw_pile_is_shown_whole() -> None:
    from unorules.explanations.languages import Wording
    from unorules.record_commands import _cards_line

    rules = ur.presets.official()
    eight = ur.situation(rules, ["R3", "G5"], top="R7", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8")
    assert "draw Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8;" in _cards_line(eight, Wording("en"))
    nine = ur.situation(rules, ["R3", "G5"], top="R7", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9")
    assert "draw Y1 Y2 Y3 Y4 Y5 … 4 more;" in _cards_line(nine, Wording("en"))
    assert "draghög Gu1 Gu2 Gu3 Gu4 Gu5 … 4 till;" in _cards_line(nine, Wording("sv"))
    assert "trekkebunke Gu1 Gu2 Gu3 Gu4 Gu5 … 4 til;" in _cards_line(nine, Wording("nb"))


# --------------------------------------------------------------------------- the docs


def test_the_docs_show_check_and_replay_as_they_print() -> None:
    # Every check and replay example of docs/records.md is its whole output
    # (tests/test_docs.py runs them): nothing left out with "...".
    page = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    examples = re.findall(r"```text\n\$ unorules (?:check|replay) [^\n]*\n(.*?)```", page, re.S)
    assert len(examples) >= 7
    for body in examples:
        assert "..." not in body, body


def test_the_readme_summary_has_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    summary = readme.split("## `unorules explain`")[1].split("\n## ")[0]
    usage = summary.split("```text\n")[1].split("```")[0]
    _code, out, _ = run(capsys, "--help")
    lines = out.splitlines()
    commands = [
        line.split()[0]
        for line in lines[lines.index("  COMMAND") + 1 : lines.index("options:") - 1]
    ]
    for command in commands:
        assert f"unorules {command} " in usage, command
    assert "unorules check RECORD" in usage and "unorules replay RECORD [--at N]" in usage
    assert "(docs/records.md)" in summary


def test_check_takes_several_records_and_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from unorules.cli import main

    folder = tmp_path / "games"
    assert main(["simulate", "--rounds", "3", "--record", str(folder), "--no-progress"]) == 0
    capsys.readouterr()
    files = sorted(str(f) for f in folder.iterdir())
    assert [Path(f).name for f in files] == [f"game-00000{i}.jsonl" for i in (0, 1, 2)]
    alone = []
    for f in files:
        status = main(["check", f])
        alone.append(status)
        capsys.readouterr()
    # The folder: every record checked as it is alone, then the summary.
    status = main(["check", str(folder)])
    out = capsys.readouterr().out
    assert status == max(alone)
    assert [line for line in out.splitlines() if line.startswith("== ")] == [
        f"== {f}" for f in files
    ]
    clean = alone.count(0)
    counted = f"3 records checked: {clean} clean, {3 - clean} with findings, 0 that cannot be read."
    # Then the findings per seat and kind of the 3 records (simulate names the bots).
    summary = out.split(counted + "\n\n")[1].splitlines()
    if clean == 3:
        assert summary == ["No findings at any seat in the 3 records checked."]
    else:
        assert summary[0] == "Findings per seat and kind in 3 records:"
        assert [row.split()[:2] for row in summary[2:5]] == [
            ["0", "heuristic"],
            ["1", "random"],
            ["2", "random"],
        ]
    # A record that cannot be read makes the status 2, the others still checked.
    broken = tmp_path / "broken.uno"
    broken.write_text("garbage\n", encoding="utf-8")
    assert main(["check", "--json", files[0], str(broken)]) == 2
    data = json.loads(capsys.readouterr().out)
    assert [r["file"] for r in data["records"]] == [files[0], str(broken)]
    assert data["records"][1]["error"]["line"] == 1 and data["clean"] is False
    assert data["records"][0]["clean"] is (alone[0] == 0)
    # A folder without records is refused.
    (tmp_path / "empty").mkdir()
    assert main(["check", str(tmp_path / "empty")]) == 2
    assert "holds no record" in capsys.readouterr().err


def test_a_record_folder_holds_its_own_runs_records_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from unorules.cli import main

    folder = tmp_path / "games"
    assert main(["simulate", "--rounds", "3", "--record", str(folder), "--no-progress"]) == 0
    assert "Played: 3 rounds, seed 0" in capsys.readouterr().out
    before = {f.name: f.read_bytes() for f in folder.iterdir()}
    # A second run into the same folder is refused: nothing removed or overwritten.
    assert main(["simulate", "--rounds", "1", "--record", str(folder), "--no-progress"]) == 2
    told = "holds game records already (game-*.jsonl, such as game-000000.jsonl: 3 in all)"
    assert told in capsys.readouterr().err
    assert {f.name: f.read_bytes() for f in folder.iterdir()} == before
    # A path that is a file is refused, naming it.
    target = folder / "game-000000.jsonl"
    assert main(["simulate", "--rounds", "1", "--record", str(target)]) == 2
    assert f"record: {target} is a file; give the path of a folder" in capsys.readouterr().err


def test_a_wrong_count_of_drawn_cards_is_told_as_a_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from unorules.cli import main

    state = ur.new_round(ur.presets.official(), players=2, seed=4)
    first = ur.turn_moves(state)
    draw = next(m for m in first if isinstance(m, ur.Draw))
    after = ur.apply(state, draw)
    drawn = after.hands[draw.player][-1]
    # The record says the draw took two cards: the drawn one and the next.
    second = after.draw_pile[0]
    text = (
        '[Format "1"]\n[Rules "official"]\n[Players "2"]\n[Seed "4"]\n[Round "1"]\n'
        f"1. {draw} {{{drawn.code} {second.code}}}\n"
    )
    path = tmp_path / "g.uno"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    said = " ".join(out.split())
    assert (
        f"The record says this move drew {drawn.code} {second.code}, but by the rules it draws "
        f"{drawn.code}. Checking of round 1 stops here; it is the round's last move"
    ) in said
    # replay up to that move shows the position before it and exits 1.
    assert main(["replay", str(path), "--at", "1"]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith(f"Round 1, move 1: {draw} - drawn cards not as the deck gives")
    assert "so no position follows it. The position before move 1:" in out


@pytest.mark.parametrize(
    ("tags", "missing"),
    [
        ('[Dealer "1"]\n', "no scores"),
        ('[Scores "0 0"]\n', "no dealer"),
        ("", "no dealer and no scores"),
    ],
)
def test_a_round_after_an_unfinished_one_names_what_it_leaves_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tags: str, missing: str
) -> None:
    # Round 1 stops after five moves (UNFINISHED), so it settles neither the
    # next dealer nor the scores: the error names only the tags round 2 lacks.
    text = UNFINISHED + '\n[Round "2"]\n' + tags + "1. 0 draw\n"
    code, _, err = run(capsys, "replay", write(tmp_path, text), "--round", "2", "--at", "0")
    assert code == 2
    assert (
        f"round 2 gives {missing}, and the round before it, which would settle that, is not over"
    ) in said(err)
