"""Faults found by trials in the verdicts: who wins the game (B10), lawful
remedies and counts (B13), no card nobody gave (B14), interpretation notes
that quote the seeds (B16) and UNO calls owed or not (B17).

Every expected value is worked out by hand in the comment above it.
"""

from __future__ import annotations

import json
import re

import pytest

import unorules as ur
from unorules import serialize
from unorules.cards import parse_cards
from unorules.cli import main
from unorules.explanations.verdicts import Unknown, Verdict, explain
from unorules.notation import parse_moves, parse_situation
from unorules.play import bots
from unorules.play.simulate import simulate
from unorules.rules.catalogue import rule
from unorules.worked_examples import describe


def judged(preset: str, situation: str, moves: str) -> Verdict:
    """The verdict on the last of ``moves`` (the ones before are applied)."""
    state = parse_situation(situation).to_state(ur.presets.get(preset))
    *before, last = parse_moves(moves)
    for move in before:
        state = ur.apply(state, move)
    return explain(state, last)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def cli_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


# --- B10: the game's winner and totals under every scoring policy ----------------------


def test_penalty_points_game_is_won_by_the_lowest_total_not_the_highest() -> None:
    # The issue's case. Seat 0 goes out with R3. Penalty points: each seat adds its own
    # hand: seat 1 G9 Y9 W = 9 + 9 + 50 = 68, seat 2 Y2 = 2. Totals 300, 440+68 = 508,
    # 5+2 = 7. Seat 1 reached 500, the game ends, the lowest total (seat 2, 7) wins.
    v = judged(
        "svenska+score.penalty-points",
        "top R5; hands R3 / G9 Y9 W / Y2; scores 300 440 5",
        "0 play R3",
    )
    assert v.state is not None
    assert v.state.scores == (300, 508, 7)
    assert v.state.game_winner == 2
    assert v.effects[-2] == (
        "score.penalty-points",
        "every player notes their own hand: seat 0 +0, seat 1 +68, seat 2 +2",
    )
    game_over = (
        "the game is over: seat 1 has reached the target of 500 (508 points); "
        "seat 2 wins it with the lowest total, 7 points"
    )
    assert v.effects[-1] == ("score.target", game_over)
    assert v.outlook == f"{game_over} (scores 300 508 7)"
    assert "wins with 508" not in v.text


def test_penalty_points_cli_names_the_lowest_total(capsys: pytest.CaptureFixture[str]) -> None:
    out = cli_text(
        capsys,
        "explain",
        "--long",
        "--rules",
        "svenska+score.penalty-points",
        "top R5; hands R3 / G9 Y9 W / Y2; scores 300 440 5",
        "0 play R3",
    )
    assert "Next: the game is over: seat 1 has reached the target of 500 (508 points); " in out
    assert "seat 2 wins it with the lowest total, 7 points (scores 300 508 7)" in out


def test_winner_takes_game_is_won_by_the_one_who_reached_the_target() -> None:
    # Seat 0 goes out and scores 68 + 2 = 70: 440 + 70 = 510 reaches 500.
    v = judged("official", "top R5; hands R3 / G9 Y9 W / Y2; scores 440 300 5", "0 play R3")
    assert v.effects[-2] == (
        "score.winner-takes",
        "seat 0 scores the other hands: 68 + 2 = 70 points",
    )
    assert v.outlook == (
        "the game is over: seat 0 has reached the target of 500 and wins it with "
        "510 points (scores 510 300 5)"
    )


def test_winner_takes_with_one_other_hand_and_one_point() -> None:
    # Two seats: seat 0 goes out, seat 1 holds G1 worth 1: "the other hand: 1 point".
    v = judged("official", "top R5; hands R3 / G1", "0 play R3")
    assert v.effects[-1] == ("score.winner-takes", "seat 0 scores the other hand: 1 point")
    assert v.outlook == "the round is over: seat 0 wins (scores 1 0)"


def test_winner_takes_typed_in_total_at_the_target_is_refused() -> None:
    # Typed-in totals 489 and 500: seat 1 reached the target of 500 before this
    # round, so the game was already over (score.target). Under winner-takes only
    # the round's winner scores, so two seats never share a total at the target.
    with pytest.raises(ur.StateError, match="scores: 489 500 0: the game was already over"):
        judged("official", "top R5; hands R3 / G9 / Y2; scores 489 500 0", "0 play R3")


def test_elimination_names_who_is_out_and_the_last_player_under_the_target() -> None:
    # Seat 1 is already out (600, no cards). Seat 0 goes out with G2; seat 2 notes
    # Y3 + G+2 = 23 (490 -> 513), seat 3 notes B1 = 1 (499 -> 500): both reach 500 and
    # are out, seat 0 (10) is the last player under 500 and wins.
    v = judged(
        "official+score.elimination",
        "top G1; hands G2 / - / Y3 G+2 / B1; scores 10 600 490 499",
        "0 play G2",
    )
    assert v.effects[-2] == (
        "score.elimination",
        "every player still in the game notes their own hand: seat 0 +0, seat 2 +23, "
        "seat 3 +1; seats 2 and 3 reach 500 and are out of the game",
    )
    assert v.outlook == (
        "the game is over: seat 0 wins it as the last player under 500, with 10 points "
        "(scores 10 600 513 500)"
    )


def test_elimination_round_over_says_who_is_out_of_the_game() -> None:
    # Seat 2 reaches 480 + 23 = 503 and is out; seats 0 (10) and 3 (101) play on.
    v = judged(
        "official+score.elimination",
        "top G1; hands G2 / - / Y3 G+2 / B1; scores 10 600 480 100",
        "0 play G2",
    )
    assert v.outlook == (
        "the round is over: seat 0 wins (scores 10 600 503 101; seats 1 and 2 out of the game)"
    )


def test_single_round_game_over_counts_no_points() -> None:
    v = judged("official+score.single-round", "top R5; hands R3 / G9 / Y2", "0 play R3")
    assert v.effects[-1] == (
        "score.single-round",
        "the game is over: seat 0 won the round and wins it",
    )
    assert v.outlook == "the game is over: seat 0 won the round and wins it"


EXHAUSTED_TIE = "top R5; hands G1 G2 / G1 G2 / Y9 Y8 / Y1 G9; draw -; scores 300 490 5 499"


def test_exhausted_piles_tie_under_every_scoring_policy() -> None:
    # Seat 0 must draw from an empty pile with nothing to reshuffle: the round ends.
    # Hand values 3, 3, 17, 10: seats 0 and 1 share the lowest, nobody wins the round.
    tie = ("pile.exhausted", "seats 0 and 1 share the lowest hand value (3): nobody wins the round")
    v = judged("official", EXHAUSTED_TIE, "0 draw")
    assert tie in v.effects
    assert v.effects[-1] == ("score.winner-takes", "nobody scores")
    assert v.outlook == "the round is over with no winner (scores 300 490 5 499)"
    # Penalty points: +3 +3 +17 +10 -> 303 493 22 509; seat 3 reached 500, seat 2's 22
    # is the lowest total.
    v = judged("official+score.penalty-points", EXHAUSTED_TIE, "0 draw")
    assert tie in v.effects
    assert v.outlook == (
        "the game is over: seat 3 has reached the target of 500 (509 points); seat 2 "
        "wins it with the lowest total, 22 points (scores 303 493 22 509)"
    )
    # Elimination: seat 3 reaches 509 and is out, three players are left: no game over.
    v = judged("official+score.elimination", EXHAUSTED_TIE, "0 draw")
    assert v.outlook == (
        "the round is over with no winner (scores 303 493 22 509; seat 3 out of the game)"
    )
    # Single round: nobody won the round, so nobody wins the game.
    v = judged("official+score.single-round", EXHAUSTED_TIE, "0 draw")
    assert v.outlook == "the game is over: nobody won the round, so nobody wins the game"


def test_exhausted_piles_name_the_round_winner_by_the_lowest_hand() -> None:
    # Hand values 3 (G1 G2), 2 (G2), 17 (Y9 Y8): seat 1 wins and scores 3 + 17 = 20.
    v = judged("official", "top R5; hands G1 G2 / G2 / Y9 Y8; draw -", "0 draw")
    assert (
        "pile.exhausted",
        "seat 1 holds the lowest hand value (2) and wins the round",
    ) in v.effects
    assert v.effects[-1] == (
        "score.winner-takes",
        "seat 1 scores the other hands: 3 + 17 = 20 points",
    )


def test_examples_describe_the_game_winner_by_the_scoring() -> None:
    state = parse_situation("top R5; hands R3 / G9 Y9 W / Y2; scores 300 440 5").to_state(
        ur.presets.get("official+score.penalty-points")
    )
    after = ur.apply(state, ur.Play(0, ur.Card.parse("R3")))
    assert describe(after).splitlines()[-1] == (
        "the game is over: seat 1 has reached the target of 500 (508 points); "
        "seat 2 wins it with the lowest total, 7 points"
    )


@pytest.mark.parametrize("preset", ["official", "official+score.penalty-points"])
def test_simulated_points_are_what_the_rounds_put_on_the_score_sheet(preset: str) -> None:
    # Games start at 0: the points of a game's rounds add up to its final totals. Under
    # penalty points the game winner has the lowest total (not the highest).
    result = simulate(preset, ["heuristic", "heuristic", "heuristic"], games=3, seed=4)
    for game in result.games:
        assert sum(r.points for r in game.rounds) == sum(game.scores)
        if "penalty" in preset and game.winner is not None:
            assert game.scores[game.winner] == min(game.scores)
    assert result.stats.points_per_round.mean > 0


# --- B13: lawful remedies, bluffs apart, counts ----------------------------------------


CATCH = "top R7; hands R3 R5 / R4 W+4 G1 / B1 B2 B3; draw G5 G6 G7 G8"


def test_remedy_after_a_catch_lists_the_wild_draw_four_only_as_a_bluff() -> None:
    # Seat 0 lays R3 without calling; seat 1 catches it (seat 0 draws G5 G6). Seat 1's
    # G1 does not fit red R3: refused. Seat 1 may lay R4 or draw; its W+4 would break
    # wd4.no-matching-colour (it holds red R4): a bluff only.
    v = judged("official", CATCH, "0 play R3; 1 catch 0; 1 play G1")
    assert not v.allowed
    assert v.remedy == (
        "seat 1 may instead: play R4, draw",
        "seat 1 could also lay W+4 only as a bluff: it breaks wd4.no-matching-colour and "
        "stands unless challenged",
    )
    assert not any("may" in r and "W+4" in r for r in v.remedy)


def test_single_lawful_move_with_a_bluff_is_not_must() -> None:
    # Seat 0 holds R9 and W+4 on R7 and passes without drawing: refused. Lawful: R9,
    # draw; W+4 only as a bluff.
    # Holding two cards with one that fits, seat 0 may also call UNO.
    v = judged("official", "top R7; hands R9 W+4 / B1 B2; draw G1", "0 pass")
    assert v.remedy == (
        "seat 0 may instead: play R9, draw",
        "seat 0 could also lay W+4 only as a bluff: it breaks wd4.no-matching-colour and "
        "stands unless challenged",
        "seat 0 may also: uno",
    )


def test_false_call_in_a_remedy_says_what_it_costs() -> None:
    # uno.false-call: seat 0 holds 3 cards, so a call is not due and costs 2 cards.
    # G5 does not match R7 (refused); seat 0 may lay R3 or draw, and may call at a price.
    v = judged("official+uno.false-call", "top R7; hands R3 G5 B2 / Y1 Y2 / G1 G2", "0 play G5")
    assert v.remedy == (
        "seat 0 may instead: play R3, draw",
        "seat 0 may also: uno (no call is due: it costs 2 cards, uno.false-call)",
    )


def test_reshuffle_of_one_card_is_one_card() -> None:
    # The discard pile is R7 alone. Seat 0 calls and lays R3 (discard R7 R3). Seat 1
    # must draw from the empty pile: the one card under the top (R7) is reshuffled.
    v = judged("official", "top R7; hands R3 R5 / G4 B9 G1; draw -", "0 uno; 0 play R3; 1 draw")
    assert (
        "pile.reshuffle",
        "the draw pile is empty: the discard pile but its top card (1 card) is shuffled "
        "into a new draw pile",
    ) in v.effects
    assert ("draw.one-then-may-play", "seat 1 draws 1 card") in v.effects


def test_errors_count_one_bot_and_one_seat() -> None:
    state = ur.situation(ur.presets.official(), ["R1", "G2"], top="R7")
    with pytest.raises(ValueError, match=r"^1 bot for 2 seats: give one bot per seat$"):
        bots.play_from(state, [bots.make_bot("random", 0)])
    with pytest.raises(ValueError, match=r"^1 bot: this deck seats 2 to 10 players$"):
        simulate("official", ["random"], games=1)


def test_json_with_one_total_says_one_total() -> None:
    state = ur.situation(ur.presets.official(), ["R1", "G2"], top="R7")
    data = serialize.unstructure(state)
    data["scores"] = [3]
    with pytest.raises(ur.UnoError, match=r"scores: \(3,\): one total per seat \(2\) is needed"):
        serialize.structure(data, ur.GameState)


# --- B14: nothing about cards nobody gave ------------------------------------------------


def test_issue_case_remedy_names_no_card_of_an_unknown_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 2's six cards are ?6. Seat 0 lays R3 without calling, seat 1 lays R4: the
    # window closed, so seat 2's catch does not count. Seat 2 then passes without
    # drawing: refused. It may lay a card that fits, if it has one, or draw; no card of
    # its hand may be named.
    data = cli(
        capsys,
        "explain",
        "top R7; hands R3 R5 / R4 R9 G1 G2 / ?6; seed 1",
        "0 play R3; 1 play R4; 2 catch 0; 2 pass",
    )
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["remedy"] == [
        "seat 2 may instead: lay any of the 6 cards nobody gave that fits or draw"
    ]
    state = parse_situation("top R7; hands R3 R5 / R4 R9 G1 G2 / ?6; seed 1").to_state(
        ur.presets.official()
    )
    for card in state.hands[2]:
        assert card.code not in " ".join(v["remedy"]) + v["outlook"]


def test_explain_with_unknown_hands_keeps_to_the_cards_given() -> None:
    # Seat 0 holds R1 R2 on R7; passing without drawing is refused. Told nothing,
    # the remedy names both plays; told the two cards were nobody's to give, it names none.
    state = ur.situation(ur.presets.official(), ["R1 R2", "B1 B2"], top="R7")
    # Holding two cards that fit, a call is due; with the cards unknown, that cannot
    # be told, so the remedy says when a call is due instead.
    catch = ur.Pass(0)
    assert explain(state, catch).remedy == (
        "seat 0 may instead: play R1, play R2, draw",
        "seat 0 may also: uno",
    )
    hidden = Unknown(hands=[state.hands[0], ()])
    assert explain(state, catch, hidden).remedy == (
        "seat 0 may instead: lay any of the 2 cards nobody gave that fits or draw",
        "seat 0 may also: call UNO on laying the second-to-last card",
    )
    blue = ur.situation(ur.presets.official(), ["B1 B2", "G1 G2"], top="R7")
    assert explain(blue, catch, Unknown(hands=[blue.hands[0], ()])).remedy == (
        "seat 0 may instead: lay any of the 2 cards nobody gave that fits or draw",
        "seat 0 may also: call UNO on laying the second-to-last card",
    )


def test_unknown_hand_under_force_play_draws_only_if_nothing_fits() -> None:
    # house.force-play: a player who can play must. The two cards are unknown, so the
    # remedy cannot say whether drawing is allowed.
    state = ur.situation(ur.presets.get("official+house.force-play"), ["R1 R2", "B1 B2"], top="R7")
    hidden = Unknown(hands=[state.hands[0], ()])
    assert explain(state, ur.Pass(0), hidden).remedy == (
        "seat 0 may instead: lay any of the 2 cards nobody gave that fits or draw, if no card "
        "in hand fits (house.force-play)",
        "seat 0 may also: call UNO on laying the second-to-last card",
    )


def test_known_wild_draw_four_beside_unknown_cards_is_only_maybe_lawful(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 1 holds B5 W+4 and four unknown cards on R7. B5 does not fit; W+4 is lawful
    # only if none of the unknown cards is red (wd4.no-matching-colour). Seat 0 holds
    # Seat 1 passes without drawing: refused.
    data = cli(capsys, "explain", "top R7; hands B1 / B5 W+4 ?4 / G1 G2; turn 1", "1 pass")
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["remedy"] == [
        "seat 1 may instead: lay W+4 if the unknown cards in hand allow it "
        "(wd4.no-matching-colour), lay any of the 4 cards nobody gave that fits or draw"
    ]


def test_must_draw_from_a_pile_not_given_names_no_drawn_card() -> None:
    # Seat 0 (G1 G2 on R7) has only the draw; the pile was not given, so neither the
    # card it draws nor whether it fits can be told.
    state = ur.situation(ur.presets.official(), ["G1 G2", "B1 B2"], top="R7")
    v = explain(state, ur.Pass(0), Unknown(draw_pile=True))
    assert v.remedy == (
        "seat 0 must draw; what it draws, and whether that card fits, depends on the draw "
        "pile, which was not given",
    )
    # With the pile given (R5 on top) the remedy tells the whole story.
    state = ur.situation(ur.presets.official(), ["G1 G2", "B1 B2"], top="R7", draw_pile="R5")
    assert explain(state, ur.Pass(0)).remedy == (
        "seat 0 must draw: seat 0 draws 1 card; the drawn card fits: seat 0 may play it or "
        "keep it; then seat 0 may play the drawn R5 on red, clockwise",
    )


def test_a_card_drawn_from_a_pile_not_given_is_not_named_later(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 0 draws from the random pile (seed 2 turns up a card that fits, so the turn
    # stays with seat 0), then tries a B9 it does not hold. The remedy and the position
    # speak of "the drawn card", and the note on the pile stays.
    text = "top R7; hands G1 G2 / B1 B2 / Y1 Y2; seed 2"
    state = parse_situation(text).to_state(ur.presets.official())
    drawn = ur.apply(state, ur.Draw(0))
    assert drawn.phase is ur.Phase.DRAWN and drawn.drawn is not None
    data = cli(capsys, "explain", text, "0 draw; 0 play B9")
    v = data["verdict"]
    assert isinstance(v, dict)
    assert v["remedy"] == ["seat 0 may instead: play the drawn card, pass"]
    assert v["outlook"].startswith("seat 0 may play the drawn card on red")
    assert drawn.drawn.code not in " ".join(v["remedy"]) + v["outlook"]
    assumes = data["assumes"]
    assert isinstance(assumes, list)
    assert any("draw pile that was not given" in a for a in assumes)


def test_a_timeout_drawing_from_a_pile_not_given_notes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # house.timed-turns: seat 0's time runs out and it draws a penalty card from the
    # random pile. Which card it draws changes nothing the verdict says (seat 0 draws
    # 1 card, seat 1 plays next), so the guess at the pile is not said; nor for a plain
    # draw, whose card may or may not fit: the verdict says both ways, as a condition.
    data = cli(
        capsys,
        "explain",
        "--rules",
        "official+house.timed-turns",
        "top R7; hands G1 G2 / B1 B2",
        "0 timeout",
    )
    assert data["assumes"] == []
    drawn = cli(capsys, "explain", "top R7; hands G1 G2 / B1 B2", "0 draw")
    assert drawn["assumes"] == []
    v = drawn["verdict"]
    assert isinstance(v, dict)
    assert v["headline"] == (
        "Yes – seat 0 draws 1 card; if the drawn card fits, seat 0 may play it or keep it, "
        "otherwise the turn passes."
    )
    assert v["next"] == (
        "Next: if the drawn card fits, seat 0 may play it or keep it, otherwise seat 1 "
        "plays; the colour is red."
    )


# --- B16: interpretation notes quote the seeds ------------------------------------------


def test_score_target_note_quotes_both_guides_as_saying_reaches() -> None:
    # 000: "tills någon når 500" (the game), "när någon passerar 500" (penalty points
    # only); 003: "til en spiller når 500 poeng".
    note = rule("score.target").interpretation or ""
    assert '000 and 003 both say a player "når" (reaches) 500' in note
    assert '"passerar" (passes)' in note and "penalty points" in note
    assert '"passes 500"' not in note


def test_pile_reshuffle_note_quotes_002() -> None:
    # 002: "så blandas korten i den synliga högen": the cards of the face-up pile.
    note = rule("pile.reshuffle").interpretation or ""
    assert '"the cards of the face-up pile"' in note
    assert "whole" not in note


# --- B17: the outlook says whether a call is owed ---------------------------------------


SWAP = "top R2; hands R7 B1 / Y5 Y6 Y7 / G1 G2 G3 G4"


def test_dispute_19_seat_2_owes_no_uno_call() -> None:
    # Seat 0 calls, lays R7 and swaps with seat 2: seat 0 holds G1..G4, seat 2 holds B1.
    # Seat 2 came to one card without laying one: it owes no call (uno.call).
    v = judged("official+house.seven-zero", SWAP, "0 uno; 0 play R7 swap 2")
    assert v.state is not None
    assert v.state.hands[2] == (ur.Card.parse("B1"),)
    assert v.outlook == (
        "seat 1 to play on red (R7), clockwise; hands 4/3/1, draw pile 98; "
        "seat 2 holds one card and owes no UNO call: it laid no card (uno.call)"
    )


def test_zero_passing_hands_says_who_owes_no_call() -> None:
    # Seat 0 lays R0 (keeps G1 G2); hands pass on clockwise: seat 0 gets seat 2's Y1,
    # seat 1 gets G1 G2, seat 2 gets B7 B8. Seat 0 laid a card but came to one card by
    # the hands moving.
    v = judged("official+house.seven-zero", "top R5; hands R0 G1 G2 / B7 B8 / Y1", "0 play R0")
    assert v.state is not None
    assert v.state.hands[0] == (ur.Card.parse("Y1"),)
    assert v.outlook.endswith(
        "; seat 0 holds one card and owes no UNO call: its hand came to it when the hands "
        "moved, not by laying its second-to-last card (uno.call)"
    )


MISSED = "top R7; hands R3 R5 / R4 R9 G1 G2 / B1 B2; draw G5 G6"


def test_outlook_says_a_missed_call_can_no_longer_be_pointed_out() -> None:
    # Seat 0 lays R3 without calling; seat 1 plays, which closes the window.
    v = judged("official", MISSED, "0 play R3; 1 play R4")
    assert v.outlook.endswith(
        "; seat 0 holds one card without having called UNO; the window to point it out "
        "has closed (uno.window-closes)"
    )
    v = judged("official+uno.required-to-win", MISSED, "0 play R3; 1 play R4")
    assert v.outlook.endswith(
        "; seat 0 holds one card without having called UNO: it may not lay its last card "
        "(uno.required-to-win)"
    )


def test_outlook_says_a_call_was_made_or_is_still_open() -> None:
    v = judged("official", MISSED, "0 uno; 0 play R3")
    assert v.outlook.endswith("; seat 0 holds one card and has called UNO (uno.call)")
    # A refused move while seat 0's missed call can still be pointed out: the position
    # says so (seat 2 plays out of turn).
    v = judged("official", MISSED, "0 play R3; 2 play B1")
    assert not v.allowed
    assert v.outlook.endswith(
        "; seat 0 holds one card and has not called UNO; the call can still be pointed out "
        "(uno.call, uno.window-closes)"
    )


def test_a_debt_with_an_unknown_hand() -> None:
    # Seat 0 calls and lays R+2; seat 1 (four unknown cards) owes 2 and passes:
    # refused. Without stacking the hand does not matter: seat 1
    # must draw the 2 and lose its turn, then seat 2 plays on red.
    moves = "0 uno; 0 play R+2; 1 pass"
    text = "top R7; hands R+2 R5 / Y1 Y2 Y3 Y4 / G1 G2"
    state = parse_situation(text).to_state(ur.presets.official())
    *before, last = parse_moves(moves)
    for move in before:
        state = ur.apply(state, move)
    hidden = Unknown(hands=[(), state.hands[1], ()])
    assert explain(state, last, hidden).remedy == (
        "seat 1 must draw: seat 1 draws 2 cards and loses the turn; then seat 2 to play on "
        "red (R+2), clockwise",
    )
    # With stacking, whether it can pass the debt on depends on its cards.
    state = parse_situation(text).to_state(ur.presets.get("official+house.stack-draw-two"))
    for move in before:
        state = ur.apply(state, move)
    assert explain(state, last, hidden).remedy == (
        "seat 1 may instead: draw or pass the debt on with any of the 4 cards nobody gave "
        "that may be stacked (house.stack-draw-two)",
    )


@pytest.mark.parametrize("cause", list(ur.events.DrawCause))
@pytest.mark.parametrize("laid", [None, "R3"])
def test_a_named_player_who_draws_is_never_it(cause: object, laid: str | None) -> None:
    # With names, "Anna draws 2 cards: its missed UNO call ..." reads as if Anna were a
    # thing: every reason for a draw names no "it" or "its" for the player.
    from unorules.explanations.languages import Wording
    from unorules.explanations.sentences import render

    assert isinstance(cause, ur.events.DrawCause)
    event = ur.events.CardsDrawn(
        seat=0,
        count=6,
        drawn=6,
        cause=cause,
        owed=2,
        by=1,
        card=parse_cards(laid)[0] if laid else None,
        rule_id="play.draw",
    )
    text = render(event, Wording("en", ("Anna", "Bo")))
    assert text.startswith("Anna draws 6 cards")
    assert not re.search(r"\b(it|its)\b", text), text


def test_a_named_player_with_cards_nobody_gave_is_never_it() -> None:
    # Anna's two cards were nobody's to give: what she may do instead names no "its".
    state = ur.situation(
        ur.presets.get("official+house.force-play"),
        ["R1 R2", "B1 B2"],
        top="R7",
    )
    hidden = Unknown(hands=[state.hands[0], ()])
    remedy = explain(state, ur.Pass(0), hidden, names=("Anna", "Bo")).texts.remedy
    assert remedy == (
        "Anna may instead: lay any of the 2 cards nobody gave that fits or draw, if no card "
        "in hand fits (house.force-play)",
        "Anna may also: call UNO on laying the second-to-last card",
    )
