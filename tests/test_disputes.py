"""The acceptance cases of disputes.md, one test each, through the public API.

Each test builds the situation at the table, plays the moves that come before
the disputed one, then judges the disputed move with ``explain`` and/or
``apply`` and checks the verdict, the cited rule and what follows. Expected
values come from the table in disputes.md and RULES.md, worked out by hand.
"""

from __future__ import annotations

from collections import Counter

import pytest
from helpers import all_cards, card, cards, sizes

import unorules as ur

OFFICIAL = "official"


def assert_refused(state: ur.GameState, move: ur.Move, rule_id: str) -> None:
    """``move`` is illegal: explain says so citing ``rule_id`` first, apply raises
    citing it, and legal_moves does not list it."""
    verdict = ur.explain(state, move)
    assert verdict.legal is False
    assert verdict.allowed is False
    assert verdict.bluff is False
    assert verdict.verdict == "illegal"
    assert verdict.rule_ids[0] == rule_id
    assert move not in ur.legal_moves(state)
    with pytest.raises(ur.IllegalMove) as err:
        ur.apply(state, move)
    assert err.value.rule_ids[0] == rule_id
    assert err.value.move == move


def assert_void(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.Verdict:
    """``move`` (an UNO call or catch) does not count: explain judges it legal
    but of no effect, citing ``rule_id`` first; apply accepts it and returns
    the very same state; legal_moves does not list it."""
    verdict = ur.explain(state, move)
    assert verdict.legal is True
    assert verdict.allowed is True
    assert (verdict.verdict, verdict.void) == ("no effect", True)
    assert verdict.rule_ids[0] == rule_id
    assert "changes nothing" in verdict.reason or "does not count" in verdict.reason
    assert ur.check(state, move).void
    assert move not in ur.legal_moves(state)
    after = ur.apply(state, move)
    assert after is state
    return verdict


def assert_bluff(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.GameState:
    """``move`` is a bluff: accepted by apply, listed by legal_moves, but
    explain reports it as not legal, citing ``rule_id``, with a remedy."""
    verdict = ur.explain(state, move)
    assert verdict.legal is False
    assert verdict.bluff is True
    assert verdict.allowed is True
    assert verdict.verdict == "bluff"
    assert verdict.rule_ids[0] == rule_id
    assert verdict.remedy, "a bluff names the remedy (a challenge)"
    assert move in ur.legal_moves(state)
    after = ur.apply(state, move)
    assert verdict.state == after
    return after


def assert_legal(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.Verdict:
    verdict = ur.explain(state, move)
    assert verdict.legal is True
    assert verdict.allowed is True
    assert verdict.bluff is False
    assert verdict.verdict == "legal"
    assert rule_id in verdict.rule_ids
    assert move in ur.legal_moves(state)
    assert verdict.state == ur.apply(state, move)
    return verdict


# --- 1, 2: the Wild Draw Four restriction -------------------------------------------------


def test_dispute_01_wd4_while_holding_the_colour_is_a_bluff() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(rules, ["R3 W+4 G5", "B2 B9", "Y1 Y2"], top="R7", draw_pile="G1 G2 G3 G4 G6")
    move = ur.Play(0, card("W+4"), ur.Color.BLUE)
    after = assert_bluff(s, move, "wd4.no-matching-colour")
    # It stands unless challenged: seat 1 owes 4 on blue.
    assert after.phase is ur.Phase.OWE
    assert after.current == 1
    assert after.owed == 4
    assert after.color is ur.Color.BLUE
    assert after.hands[0] == cards("R3 G5")
    # Not challenged: seat 1 takes the 4 and loses the turn.
    taken = ur.apply(after, ur.Draw(1))
    assert taken.hands[1] == cards("B2 B9 G1 G2 G3 G4")
    assert taken.current == 2
    assert taken.phase is ur.Phase.TURN
    assert taken.color is ur.Color.BLUE


def test_dispute_02_wd4_with_a_same_number_card_is_legal() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(rules, ["G7 W+4 B5", "B2 B9", "Y1 Y2"], top="R7")
    move = ur.Play(0, card("W+4"), ur.Color.GREEN)
    verdict = assert_legal(s, move, "wd4.no-matching-colour")
    assert verdict.rule_ids[0] == "wd4.no-matching-colour"
    after = ur.apply(s, move)
    assert after.phase is ur.Phase.OWE
    assert after.current == 1
    assert after.owed == 4
    assert after.color is ur.Color.GREEN
    assert after.wd4 is not None and after.wd4.broke_rule is False


# --- 3, 4: answering a Draw Two -----------------------------------------------------------


def _draw_two_laid(rules_spec: str) -> ur.GameState:
    rules = ur.presets.get(rules_spec)
    s = ur.situation(
        rules,
        ["R+2 G3 G4", "B+2 Y9", "G1 G2 G6"],
        top="R5",
        draw_pile="Y1 Y2 Y3 Y4 Y5 Y6",
    )
    after = ur.apply(s, ur.Play(0, card("R+2")))
    assert after.phase is ur.Phase.OWE
    assert (after.current, after.owed) == (1, 2)
    return after


def test_dispute_03_no_stacking_a_draw_two_under_official_rules() -> None:
    s = _draw_two_laid(OFFICIAL)
    assert_refused(s, ur.Play(1, card("B+2")), "action.draw-two")
    # What follows: seat 1 draws 2 and is skipped; seat 2 plays next.
    verdict = assert_legal(s, ur.Draw(1), "action.draw-two")
    assert verdict.rule_ids[0] == "action.draw-two"
    after = ur.apply(s, ur.Draw(1))
    assert after.hands[1] == cards("B+2 Y9 Y1 Y2")
    assert after.current == 2
    assert after.phase is ur.Phase.TURN
    assert after.owed == 0


def test_dispute_04_stack_draw_two_passes_the_total_on() -> None:
    s = _draw_two_laid("official+house.stack-draw-two")
    move = ur.Play(1, card("B+2"))
    verdict = assert_legal(s, move, "house.stack-draw-two")
    assert verdict.rule_ids[0] == "house.stack-draw-two"
    stacked = ur.apply(s, move)
    assert stacked.phase is ur.Phase.OWE
    assert stacked.current == 2
    assert stacked.owed == 4
    assert stacked.color is ur.Color.BLUE
    # Seat 2 cannot stack and draws all 4, losing the turn; seat 0 plays next.
    after = ur.apply(stacked, ur.Draw(2))
    assert after.hands[2] == cards("G1 G2 G6 Y1 Y2 Y3 Y4")
    assert sizes(after) == (2, 1, 7)
    assert after.current == 0
    assert after.phase is ur.Phase.TURN


# --- 5: Reverse with two players ----------------------------------------------------------


def test_dispute_05_two_player_reverse_acts_as_skip() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(rules, ["GR G5", "B1 B2 B3"], top="G3")
    called = ur.apply(s, ur.CallUno(0))
    move = ur.Play(0, card("GR"))
    verdict = assert_legal(called, move, "action.two-player-reverse")
    after = ur.apply(called, move)
    assert after.current == 0
    assert after.phase is ur.Phase.TURN
    assert after.hands[0] == cards("G5")
    assert after.uno_missed is None
    assert "action.skip" not in verdict.rule_ids
    # Seat 0 really plays again: its G5 is a legal move now, seat 1 has none of its own.
    assert ur.Play(0, card("G5")) in ur.legal_moves(after)
    assert not [m for m in ur.legal_moves(after) if isinstance(m, ur.Play) and m.player == 1]


# --- 6, 7, 8: the start card --------------------------------------------------------------

# 28 number cards, the deal for 4 seats: seat 0 gets the reds, seat 1 the yellows, ...
DEAL_28 = "R1 Y1 G1 B1 R2 Y2 G2 B2 R3 Y3 G3 B3 R4 Y4 G4 B4 R5 Y5 G5 B5 R6 Y6 G6 B6 R8 Y8 G8 B8"


def _dealt(seat: int, dealer: int = 3, players: int = 4) -> tuple[ur.Card, ...]:
    """The cards seat ``seat`` gets from DEAL_28: one at a time, clockwise from
    the dealer's left."""
    order = cards(DEAL_28)
    offset = (seat - dealer - 1) % players
    return tuple(order[offset + players * k] for k in range(7))


def test_dispute_06_reverse_start_card_dealer_plays_first() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.new_round(rules, players=4, seed=1, deck=f"{DEAL_28} RR Y9", dealer=3)
    assert "start.reverse.dealer" in s.rules.rule_ids
    assert s.top == card("RR")
    assert s.direction == -1
    assert s.current == 3
    assert s.phase is ur.Phase.TURN
    assert s.color is ur.Color.RED
    assert sizes(s) == (7, 7, 7, 7)
    assert s.hands[0] == _dealt(0)
    assert s.hands[3] == _dealt(3) == cards("B1 B2 B3 B4 B5 B6 B8")
    # The dealer holds nothing red: it draws the Y9, which does not fit, and
    # the turn passes counter-clockwise to seat 2.
    after = ur.apply(s, ur.Draw(3))
    assert after.hands[3][-1] == card("Y9")
    assert after.current == 2


def test_dispute_07_draw_two_start_card() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.new_round(rules, players=4, seed=1, deck=f"{DEAL_28} R+2 Y9 Y7", dealer=3)
    assert "start.draw-two" in s.rules.rule_ids
    assert s.top == card("R+2")
    assert s.hands[0] == (*_dealt(0), *cards("Y9 Y7"))
    assert sizes(s) == (9, 7, 7, 7)
    assert s.current == 1
    assert s.direction == 1
    assert s.phase is ur.Phase.TURN
    assert s.owed == 0


def test_dispute_08_wild_draw_four_start_card_goes_back() -> None:
    rules = ur.presets.get(OFFICIAL)
    full = list(ur.classic_108())
    wd4 = card("W+4")
    full.remove(wd4)
    deal, rest = full[:28], full[28:]
    assert wd4 not in deal
    order = [*deal, wd4, *rest]  # the start card would be a Wild Draw Four
    s = ur.new_round(rules, players=4, seed=5, deck=order, dealer=3)
    assert "start.wild-draw-four" in s.rules.rule_ids
    assert s.top != wd4
    assert s.discard_pile == (s.top,)
    in_play = [c for h in s.hands for c in h] + list(s.draw_pile)
    assert in_play.count(wd4) == 4
    assert sum(all_cards(s).values()) == 108
    assert all_cards(s) == Counter(ur.classic_108())
    # The deal itself is untouched (seat 0 may have drawn 2 more if the new start
    # card happens to be a Draw Two).
    for seat in (1, 2, 3):
        offset = (seat - 3 - 1) % 4
        assert s.hands[seat] == tuple(deal[offset + 4 * k] for k in range(7))
    # Reshuffled, not merely put at the bottom of the pile.
    put_back_unshuffled = (*rest[1:], wd4)
    assert s.draw_pile != put_back_unshuffled[: len(s.draw_pile)]


# --- 9, 10, 11: the UNO call ---------------------------------------------------------------


def _r3_laid_without_call(rules_spec: str = OFFICIAL) -> ur.GameState:
    rules = ur.presets.get(rules_spec)
    s = ur.situation(rules, ["R3 R5", "R9 B1 B2", "G1 G2 G3"], top="R7", draw_pile="Y1 Y2 Y3 Y4 Y5")
    after = ur.apply(s, ur.Play(0, card("R3")))
    assert after.hands[0] == cards("R5")
    assert after.current == 1
    assert after.uno_missed == 0
    return after


def test_dispute_09_missed_uno_call_caught_in_time() -> None:
    s = _r3_laid_without_call()
    move = ur.CatchUno(2, 0)
    verdict = assert_legal(s, move, "uno.penalty")
    assert verdict.rule_ids[0] == "uno.penalty"
    after = ur.apply(s, move)
    assert after.hands[0] == cards("R5 Y1 Y2")
    assert sizes(after) == (3, 3, 3)
    assert after.current == 1
    assert after.phase is ur.Phase.TURN
    assert after.uno_missed is None
    # Only once per missed call: a second catch changes nothing.
    assert_void(after, ur.CatchUno(1, 0), "uno.penalty")


def test_dispute_10_catch_after_next_player_played_is_too_late() -> None:
    s = _r3_laid_without_call()
    s = ur.apply(s, ur.Play(1, card("R9")))
    assert s.current == 2
    assert_void(s, ur.CatchUno(2, 0), "uno.window-closes")
    assert sizes(s) == (1, 2, 3)


def test_dispute_11_late_uno_call_is_in_time() -> None:
    s = _r3_laid_without_call()
    call = ur.CallUno(0)
    verdict = assert_legal(s, call, "uno.call")
    assert verdict.rule_ids[0] == "uno.call"
    called = ur.apply(s, call)
    assert called.uno_missed is None
    assert_void(called, ur.CatchUno(2, 0), "uno.call")
    assert sizes(called) == (1, 3, 3)
    assert called.current == 1


def test_dispute_11_late_uno_call_under_call_strict_does_not_protect() -> None:
    s = _r3_laid_without_call("official+uno.call-strict")
    # The late call is judged (too late to count) and the catch still stands.
    assert_void(s, ur.CallUno(0), "uno.call-strict")
    s = ur.apply(s, ur.CallUno(0))
    move = ur.CatchUno(2, 0)
    assert_legal(s, move, "uno.penalty")
    after = ur.apply(s, move)
    assert after.hands[0] == cards("R5 Y1 Y2")
    assert after.current == 1


# --- 12, 13: challenging a Wild Draw Four ----------------------------------------------------


def test_dispute_12_failed_challenge_costs_six() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(
        rules,
        ["W+4 G7 B2", "Y5 Y6", "G1 G2"],
        top="R7",
        draw_pile="Y1 Y2 Y3 Y4 B5 B6 B7 B8",
    )
    s = ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))
    move = ur.Challenge(1)
    verdict = assert_legal(s, move, "challenge.wd4")
    assert verdict.rule_ids[0] == "challenge.wd4"
    after = ur.apply(s, move)
    assert after.hands[1] == cards("Y5 Y6 Y1 Y2 Y3 Y4 B5 B6")
    assert sizes(after) == (2, 8, 2)
    assert after.current == 2
    assert after.phase is ur.Phase.TURN
    assert after.color is ur.Color.BLUE


def test_dispute_13_caught_bluff_costs_the_bluffer_four() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(
        rules,
        ["W+4 R3 B2", "Y5 Y6", "G1 G2"],
        top="R7",
        draw_pile="Y1 Y2 Y3 Y4 B5 B6",
    )
    bluff = ur.Play(0, card("W+4"), ur.Color.BLUE)
    s = assert_bluff(s, bluff, "wd4.no-matching-colour")
    move = ur.Challenge(1)
    verdict = assert_legal(s, move, "challenge.wd4")
    assert verdict.rule_ids[0] == "challenge.wd4"
    after = ur.apply(s, move)
    assert after.hands[0] == cards("R3 B2 Y1 Y2 Y3 Y4")
    assert after.hands[1] == cards("Y5 Y6")
    assert after.current == 1
    assert after.phase is ur.Phase.TURN
    assert after.owed == 0
    assert after.color is ur.Color.BLUE


# --- 14, 15: drawing although a card fits ---------------------------------------------------


def test_dispute_14_after_drawing_only_the_drawn_card_may_be_played() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(rules, ["B9 G1", "R1 R2", "Y7 Y8"], top="B4", draw_pile="Y4 G5 G6")
    verdict = assert_legal(s, ur.Draw(0), "draw.allowed-when-playable")
    assert verdict.rule_ids[0] == "draw.allowed-when-playable"
    drawn = ur.apply(s, ur.Draw(0))
    assert drawn.hands[0] == cards("B9 G1 Y4")
    assert drawn.current == 0
    assert drawn.phase is ur.Phase.DRAWN
    assert drawn.drawn == card("Y4")
    assert_refused(drawn, ur.Play(0, card("B9")), "draw.allowed-when-playable")
    # The drawn Y4 (same number) may be laid.
    assert ur.Play(0, card("Y4")) in ur.legal_moves(drawn)


def test_dispute_15_force_play_forbids_drawing() -> None:
    rules = ur.presets.get("official+house.force-play")
    s = ur.situation(rules, ["B9 G1", "R1 R2", "Y7 Y8"], top="B4", draw_pile="Y4 G5 G6")
    assert_refused(s, ur.Draw(0), "house.force-play")
    assert ur.Play(0, card("B9")) in ur.legal_moves(s)


# --- 16: the last card and the score --------------------------------------------------------


def test_dispute_16_last_card_ends_the_round_and_scores() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(rules, ["GS", "W W+4 R+2", "B3"], top="G1")
    move = ur.Play(0, card("GS"))
    verdict = assert_legal(s, move, "end.last-card")
    after = ur.apply(s, move)
    assert after.phase is ur.Phase.ROUND_OVER
    assert after.round_over
    assert after.winner == 0
    assert after.scores == (123, 0, 0)  # 50 + 50 + 20 + 3
    assert after.hands[1] == cards("W W+4 R+2")  # the Skip has no effect: the round is over
    assert ur.legal_moves(after) == ()
    assert verdict.state is not None and verdict.state.scores == (123, 0, 0)


# --- 17: in turn ------------------------------------------------------------------------


def test_dispute_17_play_out_of_turn_is_illegal() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(rules, ["B1 B2", "Y8 G3", "G5 G6"], top="Y2", current=0)
    assert_refused(s, ur.Play(1, card("Y8")), "play.in-turn")


# --- 18, 19: house rules ------------------------------------------------------------------


def test_dispute_18_jump_in_out_of_turn() -> None:
    rules = ur.presets.get("official+house.jump-in")
    s = ur.situation(rules, ["R1 R2 R3", "B1 B2 B3", "G4 Y1", "Y5 Y6 Y7"], top="G4", current=0)
    move = ur.Play(2, card("G4"))
    verdict = assert_legal(s, move, "house.jump-in")
    assert verdict.rule_ids[0] == "house.jump-in"
    after = ur.apply(s, move)
    assert after.hands[2] == cards("Y1")
    assert after.top == card("G4")
    assert after.current == 3
    assert after.direction == 1
    assert sizes(after)[:2] == (3, 3)


def test_dispute_19_seven_swaps_hands() -> None:
    rules = ur.presets.get("official+house.seven-zero")
    s = ur.situation(rules, ["R7 B1", "Y5 Y6", "G1 G2 G3 G4"], top="R2")
    called = ur.apply(s, ur.CallUno(0))
    move = ur.Play(0, card("R7"), swap_with=2)
    verdict = assert_legal(called, move, "house.seven-zero")
    assert verdict.rule_ids[0] == "house.seven-zero"
    after = ur.apply(called, move)
    assert after.hands[0] == cards("G1 G2 G3 G4")
    assert after.hands[2] == cards("B1")
    assert after.hands[1] == cards("Y5 Y6")
    assert after.uno_missed is None
    assert ur.CatchUno(1, 2) not in ur.legal_moves(after)
    assert after.current == 1


def test_dispute_18_jump_in_is_listed_and_needs_the_house_rule() -> None:
    hands = ["R1 R2 R3", "B1 B2 B3", "G4 Y1", "Y5 Y6 Y7"]
    s = ur.situation(ur.presets.get("official+house.jump-in"), hands, top="G4", current=0)
    out_of_turn = [m for m in ur.legal_moves(s) if isinstance(m, ur.Play) and m.player != 0]
    assert out_of_turn == [ur.Play(2, card("G4"))]
    after = ur.apply(s, ur.Play(2, card("G4")))
    # Seats 0 and 1 have lost their turn: play goes on from seat 2 (out of turn,
    # seat 0 could only jump in with another G4).
    assert_refused(after, ur.Play(0, card("R1")), "house.jump-in")
    assert_refused(after, ur.Draw(1), "play.in-turn")
    # Under the official rules the same move is simply out of turn.
    official = ur.situation(ur.presets.get(OFFICIAL), hands, top="G4", current=0)
    assert_refused(official, ur.Play(2, card("G4")), "play.in-turn")


def test_dispute_19_without_a_call_nobody_can_be_caught() -> None:
    rules = ur.presets.get("official+house.seven-zero")
    s = ur.situation(rules, ["R7 B1", "Y5 Y6", "G1 G2 G3 G4"], top="R2")
    after = ur.apply(s, ur.Play(0, card("R7"), swap_with=2))
    # Seat 0 laid its second-to-last card without calling, but now holds four cards;
    # seat 2 holds one card but laid none.
    assert after.hands[0] == cards("G1 G2 G3 G4")
    assert after.hands[2] == cards("B1")
    assert after.uno_missed is None
    assert not [m for m in ur.legal_moves(after) if isinstance(m, ur.CatchUno)]
    assert_void(after, ur.CatchUno(1, 0), "uno.penalty")
    assert_void(after, ur.CatchUno(1, 2), "uno.call")


def test_dispute_19_catching_the_swapped_player_cites_uno_call() -> None:
    """Seat 2 owes no call because it laid no card (the uno.call reading); a
    catch does not count for that reason, not because a window has closed."""
    rules = ur.presets.get("official+house.seven-zero")
    s = ur.situation(rules, ["R7 B1", "Y5 Y6", "G1 G2 G3 G4"], top="R2")
    after = ur.apply(ur.apply(s, ur.CallUno(0)), ur.Play(0, card("R7"), swap_with=2))
    assert_void(after, ur.CatchUno(1, 2), "uno.call")


# --- 20: reshuffling the discard pile -------------------------------------------------------


def test_dispute_20_empty_draw_pile_reshuffles_all_but_the_top() -> None:
    rules = ur.presets.get(OFFICIAL)
    s = ur.situation(
        rules,
        ["G7 B8", "Y1 Y2", "B1 B2"],
        top="W",
        color="red",
        draw_pile="",
        discard_pile="G1 G2 B3 Y4 B5 W",
    )
    assert len(s.discard_pile) == 6
    assert s.draw_pile == ()
    before = all_cards(s)
    move = ur.Draw(0)
    verdict = assert_legal(s, move, "pile.reshuffle")
    after = ur.apply(s, move)
    assert after.discard_pile == (card("W"),)
    assert after.color is ur.Color.RED
    assert len(after.hands[0]) == 3
    drawn = after.hands[0][2]
    assert after.hands[0][:2] == cards("G7 B8")
    assert drawn in cards("G1 G2 B3 Y4 B5")
    assert len(after.draw_pile) == 4
    assert Counter(after.draw_pile) + Counter([drawn]) == Counter(cards("G1 G2 B3 Y4 B5"))
    assert all_cards(after) == before
    assert after.reshuffles == 1
    # None of those cards is red: the drawn one does not fit and the turn passes.
    assert after.current == 1
    assert after.phase is ur.Phase.TURN
    assert verdict.state == after
