"""Faults a user trial found in the verdicts, by kind, with the outcomes
worked out by hand in English, Swedish and Norwegian:

* who may challenge a Wild Draw Four, and what each challenge brings, as the
  challenge policy decides (``challenge.anyone``);
* a move out of turn while the seat whose turn it is owes something says
  what is due and cites its rules after ``play.in-turn``;
* the remedy after a missed UNO call says its window once;
* a play wrong only in its form says what is wrong first, and never shows
  notation in backticks.
"""

from __future__ import annotations

import pytest
from helpers import card

import unorules as ur
from unorules import reasons as rs

NAMES = ("Anna", "Bo", "Cilla")
BLUE = ur.Color.BLUE
PILE = "G1 G2 G3 G4 G5 G6 G7 G8 G9"


def rules(spec: str = "official") -> ur.RuleSet:
    return ur.presets.get(spec)


def said(state: ur.GameState, move: ur.Move, lang: str) -> ur.Verdict:
    return ur.explain(state, move, lang=lang, names=NAMES)


# --- 1. challenge.anyone: every seat that may challenge, and what it brings ----------------


def _anyone(anna: str) -> ur.GameState:
    return ur.situation(
        rules("official+challenge.anyone"), [anna, "B2 B9", "Y1 Y2"], top="R9", draw_pile=PILE
    )


@pytest.mark.parametrize(
    ("lang", "remedy", "nxt"),
    [
        (
            "en",
            "Bo or Cilla may challenge (challenge.wd4, challenge.anyone): the challenge "
            "succeeds: Anna held a card of the colour in force (red), and with such a card "
            "a Wild Draw Four may not be laid; Anna draws 4 cards for the bluff; Bo draws nothing "
            "and plays on blue",
            "Next: Bo draws 4 cards and misses the turn, or Bo or Cilla challenges; "
            "the colour is blue.",
        ),
        (
            "sv",
            "Bo eller Cilla får utmana (challenge.wd4, challenge.anyone): utmaningen lyckas, "
            "eftersom Anna hade ett kort i färgen som gällde (röd), och med ett sådant kort "
            "på handen får man inte lägga Dra fyra; Anna drar 4 kort för bluffen; Bo drar "
            "inga kort och spelar vidare; färgen är blå",
            "Nästa: Bo drar 4 kort och står över sin tur, eller så utmanar Bo eller Cilla; "
            "färgen är blå.",
        ),
        (
            "nb",
            "Bo eller Cilla kan utfordre (challenge.wd4, challenge.anyone): utfordringen "
            "lykkes: Anna hadde et kort i fargen som gjaldt (rød), og med et slikt kort på "
            "hånden kan man ikke legge Trekk 4; Anna trekker 4 kort for bløffen; Bo trekker "
            "ingenting og spiller videre med fargen blå",
            "Neste: Bo trekker 4 kort og står over, eller så utfordrer Bo eller Cilla; "
            "fargen er blå.",
        ),
    ],
)
def test_a_bluff_under_challenge_anyone_names_every_challenger(
    lang: str, remedy: str, nxt: str
) -> None:
    # Anna holds R1 on R9 (red in force): W+4 is a bluff. Bo, the victim, and
    # Cilla may challenge; Anna, who laid it, may not. Either challenge
    # succeeds alike: Anna draws 4, Bo draws nothing and plays.
    verdict = said(_anyone("R1 W+4 B3"), ur.Play(0, card("W+4"), BLUE), lang)
    assert verdict.bluff
    assert verdict.rule_ids == ("wd4.no-matching-colour", "challenge.wd4", "challenge.anyone")
    assert verdict.texts.remedy == (remedy,)
    assert verdict.next == nxt
    assert [rid for rid, _title, _text in verdict.cited()] == list(verdict.rule_ids)


@pytest.mark.parametrize(
    ("lang", "bo", "cilla"),
    [
        (
            "en",
            "Bo may challenge (challenge.wd4): the challenge fails: Anna's Wild Draw Four was "
            "legal; Bo draws 6 cards (4 owed, 2 for the failed challenge) and loses the turn",
            "Cilla may challenge (challenge.anyone): the challenge fails: Anna's Wild Draw Four "
            "was legal; Cilla draws 2 cards for the failed challenge; then Bo owes 4 cards, "
            "blue in force, clockwise",
        ),
        (
            "sv",
            "Bo får utmana (challenge.wd4): utmaningen misslyckas, eftersom Anna fick lägga "
            "Dra fyra; Bo drar 6 kort (4 som skulle dras, 2 för den misslyckade utmaningen) "
            "och står över sin tur",
            "Cilla får utmana (challenge.anyone): utmaningen misslyckas, eftersom Anna fick "
            "lägga Dra fyra; Cilla drar 2 kort för den misslyckade utmaningen; sedan: Bo ska "
            "dra 4 kort, färgen är blå, medurs",
        ),
        (
            "nb",
            "Bo kan utfordre (challenge.wd4): utfordringen mislykkes: Anna hadde lov til å "
            "legge Trekk 4; Bo trekker 6 kort (4 som skulle trekkes, 2 for den mislykkede "
            "utfordringen) og står over sin tur",
            "Cilla kan utfordre (challenge.anyone): utfordringen mislykkes: Anna hadde lov til "
            "å legge Trekk 4; Cilla trekker 2 kort for den mislykkede utfordringen; deretter: Bo "
            "skal trekke 4 kort, fargen er blå, med klokken",
        ),
    ],
)
def test_a_legal_wild_draw_four_under_challenge_anyone_says_who_pays_a_failed_challenge(
    lang: str, bo: str, cilla: str
) -> None:
    # Anna holds no red (G1 B3): the W+4 is legal, so a challenge fails.
    # ChallengeWd4.outcome: Bo, the victim, draws the 4 owed plus 2; Cilla
    # draws 2 and Bo still owes the 4.
    verdict = said(_anyone("G1 W+4 B3"), ur.Play(0, card("W+4"), BLUE), lang)
    assert verdict.legal
    assert verdict.rule_ids == (
        "wd4.no-matching-colour",
        "action.wild-draw-four",
        "challenge.wd4",
        "challenge.anyone",
    )
    assert verdict.texts.remedy == (bo, cilla)
    state = verdict.state
    assert state is not None
    failed = ur.apply(state, ur.Challenge(2))
    assert (len(failed.hands[2]), failed.current, failed.owed) == (4, 1, 4)
    failed = ur.apply(state, ur.Challenge(1))
    assert (len(failed.hands[1]), failed.current, failed.owed) == (8, 2, 0)


def test_under_challenge_wd4_only_the_victim_is_named() -> None:
    s = ur.situation(rules(), ["R1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9", draw_pile=PILE)
    verdict = said(s, ur.Play(0, card("W+4"), BLUE), "en")
    assert verdict.rule_ids == ("wd4.no-matching-colour", "challenge.wd4")
    (remedy,) = verdict.texts.remedy
    assert remedy.startswith("Bo may challenge (challenge.wd4): the challenge succeeds")
    assert verdict.next == (
        "Next: Bo draws 4 cards and misses the turn, or challenges; the colour is blue."
    )


def test_no_challenge_is_offered_where_none_can_be_made() -> None:
    # challenge.take-back: after a caught bluff Anna lays a card in place of
    # the W+4 taken back; nothing can be challenged then.
    s = ur.situation(
        rules("official+challenge.take-back"), ["R1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9"
    )
    s = ur.apply(s, ur.Play(0, card("W+4"), BLUE))
    s = ur.apply(s, ur.Challenge(1))
    assert s.phase is ur.Phase.REPLAY
    verdict = ur.explain(s, ur.Play(0, card("R1")))
    assert not any("challenge (" in r for r in verdict.remedy)


# --- 2. out of turn while something is due --------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "headline"),
    [
        (
            "en",
            "No – Anna may not play RS: it is Bo's turn, not Anna's: Bo must first draw 2 cards "
            "and miss the turn.",
        ),
        (
            "sv",
            "Nej – Anna får inte lägga röd Hoppa över: det är Bo som ska spela, inte Anna: Bo "
            "måste först dra 2 kort och stå över sin tur.",
        ),
        (
            "nb",
            "Nei – Anna får ikke legge rød Stå over: det er Bo som skal spille, ikke Anna: Bo "
            "må først trekke 2 kort og stå over.",
        ),
    ],
)
def test_out_of_turn_while_a_draw_two_is_owed_says_what_is_due(lang: str, headline: str) -> None:
    s = ur.situation(rules(), ["R+2 RS B3", "B2 B9", "Y1 Y2"], top="R9")
    s = ur.apply(s, ur.Play(0, card("R+2")))
    verdict = said(s, ur.Play(0, card("RS")), lang)
    assert verdict.rule_ids == ("play.in-turn", "action.draw-two")
    assert verdict.headline == headline
    assert verdict.reason == (
        "it is seat 1's turn, not seat 0's: seat 1 must first draw 2 cards and miss the turn"
    )


def test_out_of_turn_while_a_wild_draw_four_may_be_challenged() -> None:
    s = ur.situation(rules(), ["G1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9")
    s = ur.apply(s, ur.Play(0, card("W+4"), BLUE))
    ruling = ur.check(s, ur.Play(2, card("Y1")))
    assert ruling.rule_ids == ("play.in-turn", "action.wild-draw-four", "challenge.wd4")
    assert ruling.why == rs.NotYourTurn(1, 2, rs.Due.DRAW, owed=4, may_challenge=True)
    assert ruling.reason == (
        "it is seat 1's turn, not seat 2's: seat 1 must first draw 4 cards and miss the turn, "
        "or challenge"
    )


def test_out_of_turn_while_a_stackable_debt_is_owed() -> None:
    s = ur.situation(rules("official+house.stack-draw-two"), ["R+2 R3", "B2 B9", "Y1"], top="R9")
    s = ur.apply(s, ur.Play(0, card("R+2")))
    ruling = ur.check(s, ur.Draw(2))
    assert ruling.rule_ids == ("play.in-turn", "action.draw-two")
    assert ruling.reason.endswith("seat 1 must first draw 2 cards and miss the turn, or stack")


def test_out_of_turn_while_a_skip_waits_for_an_answer() -> None:
    s = ur.situation(rules("official+house.stack-skip"), ["RS R3 B3", "B2 B9", "Y1"], top="R9")
    s = ur.apply(s, ur.Play(0, card("RS")))
    ruling = ur.check(s, ur.Play(2, card("Y1")))
    assert ruling.rule_ids == ("play.in-turn", "house.stack-skip", "action.skip")
    assert ruling.reason == (
        "it is seat 1's turn, not seat 2's: seat 1 must first answer the skip or miss the turn"
    )


def test_out_of_turn_while_the_start_colour_is_to_be_named() -> None:
    s = next(
        s
        for s in (ur.new_round(rules(), 3, seed=seed) for seed in range(400))
        if s.phase is ur.Phase.CHOOSE_COLOR
    )
    other = (s.current + 1) % 3
    ruling = ur.check(s, ur.Draw(other))
    assert ruling.rule_ids == ("play.in-turn", "start.wild")
    assert ruling.reason == (
        f"it is seat {s.current}'s turn, not seat {other}'s: seat {s.current} must first name "
        "the colour of the Wild start card"
    )


def test_out_of_turn_while_a_caught_bluffer_lays_again() -> None:
    s = ur.situation(
        rules("official+challenge.take-back"), ["R1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9"
    )
    s = ur.apply(ur.apply(s, ur.Play(0, card("W+4"), BLUE)), ur.Challenge(1))
    ruling = ur.check(s, ur.Draw(1))
    assert ruling.rule_ids == ("play.in-turn", "challenge.take-back")
    assert ruling.reason == (
        "it is seat 0's turn, not seat 1's: seat 0 must first lay a lawful card in place of "
        "the Wild Draw Four it took back"
    )


def test_out_of_turn_with_nothing_due_cites_play_in_turn_alone() -> None:
    s = ur.situation(rules(), ["R1 B3", "B2 B9", "Y1 Y2"], top="R9")
    ruling = ur.check(s, ur.Play(1, card("B2")))
    assert ruling.rule_ids == ("play.in-turn",)
    assert ruling.reason == "it is seat 0's turn, not seat 1's"


# --- 3. the UNO-call remedy says its window once --------------------------------------------


_TABLE = ["R3 R5", "R9 B1 B2", "G1 G2 G3"]


@pytest.mark.parametrize(
    ("spec", "lang", "remedy"),
    [
        (
            "official",
            "en",
            "until another player plays or draws (Bo is next), a call by Anna still counts and "
            "any other player may point out the missed call: then Anna would draw 2 cards "
            "[uno.penalty, uno.window-closes]",
        ),
        (
            "official",
            "sv",
            "tills en annan spelare lägger eller drar (Bo är nästa) räknas ett rop från Anna "
            "fortfarande, och vilken annan spelare som helst får påpeka det uteblivna ropet; "
            "gör någon det: Anna skulle dra 2 kort [uno.penalty, uno.window-closes]",
        ),
        (
            "official",
            "nb",
            "til en annen spiller legger eller trekker (Bo er neste), gjelder et rop fra Anna "
            "fortsatt, og enhver annen spiller kan si fra om det manglende ropet, og "
            "Anna må da trekke 2 kort [uno.penalty, uno.window-closes]",
        ),
        (
            "official+uno.call-strict",
            "en",
            "a call by Anna now comes too late to count, but until another player plays or "
            "draws (Bo is next), any other player may point out the missed call: then Anna "
            "would draw 2 cards [uno.penalty, uno.window-closes]",
        ),
        (
            "official+uno.window-until-play",
            "en",
            "a call by Anna still counts until another player plays or draws, and any other "
            "player may point out the missed call until another player plays (Bo is next): "
            "then Anna would draw 2 cards [uno.penalty, uno.window-until-play]",
        ),
    ],
)
def test_the_catch_remedy_says_its_window_once(spec: str, lang: str, remedy: str) -> None:
    s = ur.situation(rules(spec), _TABLE, top="R7")
    verdict = said(s, ur.Play(0, card("R3")), lang)
    assert verdict.texts.remedy == (remedy,)
    # The same window is never said twice.
    for window in (
        "until another player plays or draws",
        "tills en annan spelare lägger eller drar",
    ):
        assert verdict.texts.remedy[0].count(window) <= 1


# --- 4. a play wrong only in its form ---------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "wd4", "wild"),
    [
        (
            "en",
            "No – Anna may not play W+4: the move is incomplete: a colour must be named with "
            "W+4, e.g. `Anna play W+4 red`; however it is completed, it is a bluff: a Wild Draw "
            "Four may not be laid while holding R1 (red, the colour in force); it stands unless "
            "challenged.",
            "No – Anna may not play W: the move is incomplete: a colour must be named with W, "
            "e.g. `Anna play W red`.",
        ),
        (
            "sv",
            "Nej – Anna får inte lägga Dra fyra: draget är ofullständigt: med Dra fyra måste "
            "man välja färg, till exempel `Anna lägger Dra fyra och väljer röd`; hur det än "
            "görs färdigt är det en bluff: Dra fyra får inte läggas när man har röd 1 (röd, "
            "färgen som gäller) på handen; kortet ligger kvar om ingen utmanar.",
            "Nej – Anna får inte lägga Välj färg: draget är ofullständigt: med Välj färg måste "
            "man välja färg, till exempel `Anna lägger Välj färg och väljer röd`.",
        ),
        (
            "nb",
            "Nei – Anna får ikke legge Trekk 4: handlingen er ufullstendig – med Trekk 4 må man "
            "velge farge; skriv for eksempel `Anna legger Trekk 4 og velger rød`; uansett hvordan "
            "den fullføres, er den en bløff: Trekk 4 kan ikke legges når man har rød 1 (rød er "
            "fargen som gjelder) på hånden; kortet blir liggende med mindre noen utfordrer.",
            "Nei – Anna får ikke legge Skift farge: handlingen er ufullstendig – med Skift farge "
            "må man velge farge; skriv for eksempel `Anna legger Skift farge og velger rød`.",
        ),
    ],
)
def test_a_wild_without_a_colour_is_incomplete(lang: str, wd4: str, wild: str) -> None:
    s = ur.situation(rules(), ["R1 W+4 W B3", "B2 B9", "Y1 Y2"], top="R9")
    assert said(s, ur.Play(0, card("W+4")), lang).headline == wd4
    assert said(s, ur.Play(0, card("W")), lang).headline == wild


def test_a_legal_wild_draw_four_without_a_colour_is_only_incomplete() -> None:
    s = ur.situation(rules(), ["G1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9")
    verdict = ur.explain(s, ur.Play(0, card("W+4")))
    assert (
        verdict.reason
        == "the move is incomplete: a colour must be named with W+4, e.g. `0 play W+4 red`"
    )
    assert verdict.rule_ids == ("action.wild-draw-four",)


def test_a_wild_draw_four_illegal_in_any_colour_says_so() -> None:
    # challenge.none: the engine enforces the restriction; no colour helps.
    s = ur.situation(rules("official+challenge.none"), ["R1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9")
    verdict = ur.explain(s, ur.Play(0, card("W+4")))
    assert verdict.rule_ids == ("wd4.no-matching-colour",)
    assert verdict.reason == (
        "a Wild Draw Four may not be laid while holding R1 (red, the colour in force)"
    )


@pytest.mark.parametrize(
    ("spec", "hands", "move", "reason"),
    [
        (
            "official",
            ["R3 R3 G1", "B1 B2"],
            ur.Play(0, card("R3"), count=2),
            "only one card may be laid per turn; the play is legal as `0 play R3`",
        ),
        (
            "official",
            ["R3 G1", "B1 B2"],
            ur.Play(0, card("R3"), BLUE),
            "R3 is not a wild card: no colour is named with it; the play is legal as `0 play R3`",
        ),
        (
            "official",
            ["R3 W+4 G1", "B1 B2"],
            ur.Play(0, card("W+4"), BLUE, count=2),
            "only one card may be laid per turn; as `0 play W+4 blue` the play is allowed only as "
            "a bluff: a Wild Draw Four may not be laid while holding R3 (red, the colour in "
            "force); it stands unless challenged",
        ),
        (
            "official+house.seven-zero",
            ["R7 R1 B2", "Y1 Y2", "G1"],
            ur.Play(0, card("R7")),
            "the move is incomplete: laying R7 the player must name a seat to swap hands with, "
            "e.g. `0 play R7 swap 1`",
        ),
    ],
)
def test_a_play_wrong_in_its_form_says_what_is_wrong_first(
    spec: str, hands: list[str], move: ur.Move, reason: str
) -> None:
    s = ur.situation(rules(spec), hands, top="R9")
    assert ur.explain(s, move).reason == reason


def test_the_terminal_shows_notation_without_backticks(capsys: pytest.CaptureFixture[str]) -> None:
    # The verdict marks the notation it suggests between backticks (the
    # dispute page shows it as code); the command line prints it plainly.
    from unorules.cli import main

    situation = "top R9; hands R1 W+4 B3 / ?7 / ?7; names Anna Bo Cilla"
    s = ur.situation(rules(), ["R1 W+4 B3", "B2 B9", "Y1 Y2"], top="R9")
    assert "e.g. `0 play W+4 red`" in ur.explain(s, ur.Play(0, card("W+4"))).reason
    for args in (
        [situation, "0 play W+4"],
        ["--long", situation, "0 play W+4"],
        ["--long", "top R9; hands R1 W+4 B3 / ?7 / ?7", "0 play W+4"],
        ["--lang", "sv", situation, "0 play W+4"],
        ["--lang", "nb", "--long", situation, "0 play W+4"],
        ["--compare", "official,svenska", situation, "0 play W+4"],
        ["top R7; hands R+2 G5 / B1 B2", "0 play R+2; 1 pass"],
    ):
        assert main(["explain", *args]) == 0
        out = capsys.readouterr().out
        assert "`" not in out, out
        said = " ".join(out.split())
        assert any(
            form in said
            for form in (
                "e.g. 0 play W+4 red;",
                "e.g. Anna play W+4 red;",
                "till exempel Anna lägger Dra fyra och väljer röd;",
                "for eksempel Anna legger Trekk 4 og velger rød;",
                "by drawing (1 draw)",
            )
        ), out
