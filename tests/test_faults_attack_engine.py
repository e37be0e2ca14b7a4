"""Faults found by a tester: void calls and catches, states that cannot
exist, situations that cannot arise, reasons and citations.

Every expected value is worked out by hand from RULES.md: who holds which
cards, whose turn it is, and which rule ID decides.
"""

from __future__ import annotations

import attrs
import pytest

import unorules as ur
from unorules import serialize as S
from unorules.engine import apply_logged
from unorules.events import Event
from unorules.explanations.sentences import render
from unorules.notation import parse_moves, parse_situation

R = ur.presets.official()


# --- 1. a call or catch that does not count returns the very same state ----------


@pytest.mark.parametrize(
    "move", [ur.CallUno(0), ur.CallUno(1), ur.CatchUno(1, 0), ur.CatchUno(2, 1)]
)
def test_void_move_during_wild_start_colour_choice_changes_nothing(move: ur.Move) -> None:
    # seed 16 turns up a Wild: seat 0 names the colour before the first move;
    # every hand holds 7 cards, so no call is due and nobody can be caught.
    s = ur.new_round(R, players=3, seed=16)
    assert (s.phase, s.discard_pile[-1].code, s.turns) == (ur.Phase.CHOOSE_COLOR, "W", 0)
    assert ur.check(s, move).void
    after = ur.apply(s, move)
    assert after is s
    ur.validate_state(after)


def test_void_call_in_turn_keeps_the_move_count() -> None:
    s = ur.situation(R, ["R3 G5 B7", "B2 B9"], top="R7")
    assert ur.check(s, ur.CallUno(1)).void  # seat 1 holds 2 cards out of turn
    assert ur.apply(s, ur.CallUno(1)) is s
    assert ur.apply(s, ur.CatchUno(1, 0)) is s  # seat 0 holds 3 cards


# --- 2. states that cannot exist are refused, naming the field --------------------


def refused(state: ur.GameState, field: str, text: str) -> None:
    """validate_state and loads both refuse ``state`` for ``field``."""
    with pytest.raises(ur.StateError) as err:
        ur.validate_state(state)
    assert err.value.field == field, str(err.value)
    assert text in str(err.value), str(err.value)
    with pytest.raises(ur.StateError) as again:
        S.loads(S.dumps(state), ur.GameState)
    assert again.value.field == field


def tweak(state: ur.GameState, **changes: object) -> ur.GameState:
    if "owed" in changes:  # the amount of the cards pending
        changes["pending"] = attrs.evolve(state.pending, amount=changes.pop("owed"))  # type: ignore[misc]
    return attrs.evolve(state, **changes)  # type: ignore[misc]


def card(code: str) -> ur.Card:
    return ur.Card.parse(code)


def owe_after_r_draw_two() -> ur.GameState:
    # Seat 0 lays R+2 on R7: seat 1 owes 2 cards.
    s = ur.situation(R, ["R3 R+2 G4", "B1 B2 B3", "G5 G6"], top="R7")
    a = ur.apply(s, ur.Play(0, card("R+2")))
    assert (a.phase, a.owed, a.current) == (ur.Phase.OWE, 2, 1)
    return a


def test_owed_must_be_what_the_draw_card_makes_without_stacking() -> None:
    a = owe_after_r_draw_two()
    ur.validate_state(a)
    refused(tweak(a, owed=7), "owed", "each R+2 adds 2")
    refused(tweak(a, owed=4), "owed", "R+2 makes 2 (action.draw-two)")


def test_owed_under_stacking_is_at_most_the_run_of_draw_cards() -> None:
    r = ur.presets.get("official+house.stack-draw-two")
    s = ur.situation(r, ["R3 R+2 G4", "B+2 B2 B3", "G5 G6"], top="R7")
    a = ur.apply(ur.apply(s, ur.Play(0, card("R+2"))), ur.Play(1, card("B+2")))
    assert (a.owed, a.current) == (4, 2)  # 2 + 2 passed on to seat 2
    ur.validate_state(a)
    refused(tweak(a, owed=6), "owed", "makes 2 to 4")


def test_owed_under_multiple_identical_counts_the_cards_laid_together() -> None:
    r = ur.presets.get("official+house.multiple-identical")
    s = ur.situation(r, ["R+2 R+2 G4", "B1 B2 B3", "G5 G6"], top="R7")
    a = ur.apply(s, ur.Play(0, card("R+2"), count=2))
    assert a.owed == 4  # 2 for each R+2
    ur.validate_state(a)
    refused(tweak(a, owed=6), "owed", "R+2 makes 2 to 4")
    refused(tweak(a, owed=3), "owed", "each R+2 adds 2")


def test_round_over_with_nobody_out_needs_the_piles_to_run_out() -> None:
    s = ur.situation(R, ["R3 G5", "B2 B9"], top="R7")
    refused(tweak(s, phase=ur.Phase.ROUND_OVER), "phase", "the draw pile holds 103 cards")


def wd4_laid(hand0: str, direction: int = 1) -> ur.GameState:
    s = ur.situation(R, [hand0, "Y1 Y2", "G7 G8"], top="R7", direction=direction)
    return ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))


def test_broke_rule_needs_a_forbidding_card_in_the_hand() -> None:
    # Seat 0 holds G5 B1 after the W+4 on R7 (red in force): no red card, so
    # the W+4 was lawful (wd4.no-matching-colour).
    a = wd4_laid("W+4 G5 B1")
    assert a.wd4 is not None and a.wd4.broke_rule is False
    refused(
        attrs.evolve(a, wd4=attrs.evolve(a.wd4, broke_rule=True)),
        "wd4.broke_rule",
        "seat 0 holds no card that forbids",
    )
    # Holding R5 it broke the rule: the record says so and is valid.
    b = wd4_laid("W+4 R5 B1")
    assert b.wd4 is not None and b.wd4.broke_rule is True
    ur.validate_state(b)


@pytest.mark.parametrize(("direction", "wrong"), [(1, 2), (-1, 1)])
def test_wd4_player_is_the_seat_before_the_one_in_turn(direction: int, wrong: int) -> None:
    # Seat 0 lays W+4: clockwise seat 1 owes, counter-clockwise seat 2 does.
    a = wd4_laid("W+4 G5 B1", direction)
    assert a.current == (1 if direction == 1 else 2) and a.wd4 is not None
    ur.validate_state(a)
    refused(
        attrs.evolve(a, wd4=attrs.evolve(a.wd4, player=wrong)),
        "wd4.player",
        f"seat {wrong} did not lay the wild draw four",
    )


def test_drawn_card_must_fit_the_top() -> None:
    # Seat 0 draws R1 from the pile R1 B9: it fits R7, the turn stops on it.
    s = ur.situation(R, ["R3 G5", "B1 B2"], top="R7", draw_pile="R1 B9")
    a = ur.apply(s, ur.Draw(0))
    assert (a.phase, a.drawn) == (ur.Phase.DRAWN, card("R1"))
    ur.validate_state(a)
    # The same with B9 drawn instead: blue 9 does not fit R7.
    hand = tuple(map(card, ["R3", "G5", "B9"]))
    b = attrs.evolve(a, hands=(hand, a.hands[1]), draw_pile=(card("R1"),), drawn=card("B9"))
    refused(b, "drawn", "B9 does not fit R7")


def test_uno_called_needs_a_hand_a_call_is_made_with() -> None:
    s = ur.situation(R, ["R3 G5 B7", "B2 B9"], top="R7")
    refused(attrs.evolve(s, uno_called=0), "uno_called", "seat 0 holds 3 cards")
    # Reachable: a call holding 2, then the card laid (1 left), or a draw (3).
    two = ur.situation(R, ["R3 G5", "B2 B9"], top="R7", draw_pile="Y1 Y2")
    called = ur.apply(two, ur.CallUno(0))
    assert called.uno_called == 0
    ur.validate_state(called)
    ur.validate_state(ur.apply(called, ur.Play(0, card("R3"))))
    drew = ur.apply(called, ur.Draw(0))
    assert drew.uno_called == 0 and len(drew.hands[0]) == 3 and drew.current == 1
    ur.validate_state(drew)


# --- 3. situations that cannot arise: an empty hand, a game already over ---------


def test_an_empty_hand_in_a_running_round_must_have_gone_out() -> None:
    # Without end.play-on a seat that goes out ends the round: seat 1 with no
    # cards while seats 0 and 2 play on cannot be.
    with pytest.raises(ur.StateError) as err:
        ur.situation(R, ["R3 R+2 G4", "", "G5 G6"], top="R7")
    assert err.value.field == "hands"
    assert "seat 1 holds no cards while the round runs" in str(err.value)
    assert "end.last-card" in str(err.value)
    # Under end.play-on only a seat listed in `finished` may hold none.
    on = ur.presets.get("official+end.play-on")
    with pytest.raises(ur.StateError, match="finished does not list it"):
        ur.situation(on, ["R3 R+2 G4", "", "G5 G6"], top="R7")
    # Reached by play: seat 0 goes out with R3 and is listed.
    out = ur.apply(ur.situation(on, ["R3", "B1 B2", "G5 G6"], top="R7"), ur.Play(0, card("R3")))
    assert out.finished == (0,) and not out.round_over
    ur.validate_state(out)
    # Under score.elimination a seat over the target is dealt no cards.
    elim = ur.presets.get("official+score.elimination")
    ur.situation(elim, ["R3", "", "G5 G6"], top="R7", scores=(10, 600, 0))


def test_scores_at_the_target_mean_the_game_was_over() -> None:
    with pytest.raises(ur.StateError) as err:
        ur.situation(R, ["R3 G4", "G5 G6"], top="R7", scores=(600, 700))
    assert err.value.field == "scores"
    assert "600 700: the game was already over" in str(err.value)
    assert "score.target" in str(err.value)
    ur.situation(R, ["R3 G4", "G5 G6"], top="R7", scores=(499, 0))  # not yet
    # The notation goes through the same check.
    with pytest.raises(ur.StateError, match="the game was already over"):
        parse_situation("top R7; hands R3 G4 / G5 G6; scores 500 0").to_state(R)
    # score.single-round ends the game after any round: a first round runs.
    one = ur.presets.get("official+score.single-round")
    ur.situation(one, ["R3 G4", "G5 G6"], top="R7")
    later = attrs.evolve(ur.situation(one, ["R3 G4", "G5 G6"], top="R7"), round_number=2)
    with pytest.raises(ur.StateError, match="scores"):
        ur.validate_state(later)


# --- 17. a bare '?' is refused as the notation refuses it ---------------------------


@pytest.mark.parametrize("hand", ["?", "R3 ?", "?0", "?x", "?201"])
def test_situation_refuses_a_question_mark_without_a_count(hand: str) -> None:
    expected = "expected '?' and a number of unknown cards from 1 to 200, e.g. ?7"
    with pytest.raises(ur.SituationError) as err:
        ur.situation(R, [hand, "? ?"] if hand == "?" else [hand, "G5"], top="R7")
    assert "hand of seat 0: column" in str(err.value)
    assert expected in str(err.value)
    with pytest.raises(ur.NotationError) as notation:
        parse_situation(f"top R7; hands {hand} / G5")
    assert expected in str(notation.value)


# --- 9. a successful challenge names what the restriction forbade ---------------------


def effects(preset: str, situation: str, moves: str) -> list[tuple[str, str]]:
    state = parse_situation(situation).to_state(ur.presets.get(preset))
    *before, last = parse_moves(moves)
    for move in before:
        state = ur.apply(state, move)
    log: list[Event] = []
    apply_logged(state, last, log)
    return [(e.rule_id, render(e)) for e in log]


def test_challenge_under_stacking_names_the_colour_in_force() -> None:
    # Seat 2 lays R+2; seat 0 stacks W+4 holding R3 (red was in force). R3
    # could not be laid on the pending Draw Two, but it is red: the restriction.
    log = effects(
        "official+house.stack-draw-two+house.stack-draw-four-on-two",
        "top R5; hands R3 W+4 G5 / B1 B2 / R+2 G2 G3; turn 2",
        "2 play R+2; 0 play W+4 blue; 1 challenge",
    )
    assert log[0] == (
        "challenge.wd4",
        "the challenge succeeds: seat 0 held a card of the colour in force (red), "
        "and with such a card a Wild Draw Four may not be laid",
    )


def test_challenge_under_no_playable_card_names_another_playable_card() -> None:
    # wd4.no-playable-card: on R5 seat 0 also holds R3 (colour) and G5 (number).
    log = effects(
        "official+wd4.no-playable-card",
        "top R5; hands R3 W+4 G5 / B1 B2 / G2 G3",
        "0 play W+4 blue; 1 challenge",
    )
    assert log[0] == (
        "challenge.wd4",
        "the challenge succeeds: seat 0 held another card it could have played, "
        "which the rules forbid (“Wild Draw Four as last resort”)",
    )


def test_challenge_of_a_plain_wild_names_the_wild_restriction() -> None:
    log = effects(
        "official+wild.restricted+challenge.also-wild",
        "top R5; hands R3 W G5 / B1 B2 / G2 G3",
        "0 play W blue; 1 challenge",
    )
    assert log[0] == (
        "challenge.also-wild",
        "the challenge succeeds: seat 0 held another card it could have played, "
        "which the rules forbid (“Restricted plain Wild”)",
    )


# --- 10. the blank card's rule says what it did -------------------------------------


CUSTOM = "official-2018+house.custom-cards"


@pytest.mark.parametrize(
    ("draw", "said"),
    [
        ("-", "no hand changes: nobody could draw, the draw pile is empty"),
        ("Y1", "seat 1 gains 1 card; the draw pile ran out"),
        ("Y1 Y2 Y3", "seat 1 gains 1 card, seat 2 gains 1 card"),
    ],
)
def test_blank_card_rule_says_who_gained_cards(draw: str, said: str) -> None:
    log = effects(CUSTOM, f"top R7; hands R3 WC G5 / B1 B2 / G1 G2; draw {draw}", "0 play WC blue")
    assert (
        "house.custom-cards",
        f"the blank card's rule: every other player draws one card; {said}",
    ) in log


# --- 11. the rule cited is the rule that decided, and one in force ------------------


def refused_for(state: ur.GameState, move: ur.Move, rule_ids: tuple[str, ...]) -> str:
    ruling = ur.check(state, move)
    assert not ruling.allowed
    assert ruling.rule_ids == rule_ids, ruling
    in_force = set(state.rules.rule_ids)
    assert all(r in in_force for r in ruling.rule_ids), ruling
    return ruling.reason


def test_a_card_the_deck_lacks_cites_the_deck() -> None:
    # house.kids takes the Wild Draw Fours out of the deck: nobody can hold one.
    s = ur.situation(ur.presets.get("kids"), ["R3 G5", "B1 B2"], top="R7")
    reason = refused_for(
        s, ur.Play(0, card("W+4"), ur.Color.BLUE), ("deck.classic-108", "house.kids")
    )
    assert reason == (
        "the deck (“Classic 108-card deck”, “Rules for young children”) has no W+4: "
        "seat 0 cannot hold one"
    )
    # Under official the deck has W+4s: seat 0 holds none, and plays from its hand.
    o = ur.situation(R, ["R3 G5", "B1 B2"], top="R7")
    assert refused_for(o, ur.Play(0, card("W+4"), ur.Color.BLUE), ("play.match",)) == (
        "seat 0 holds no W+4"
    )


def test_two_cards_at_once_is_refused_for_one_card_a_turn_first() -> None:
    s = ur.situation(R, ["R3 G5", "B1 B2"], top="R7")
    reason = refused_for(s, ur.Play(0, card("R3"), count=2), ("play.one-card",))
    assert reason == "only one card may be laid per turn; the play is legal as `0 play R3`"


def test_a_swap_by_a_card_that_swaps_nothing_cites_a_rule_in_force() -> None:
    s = ur.situation(R, ["R3 W G5", "B1 B2"], top="R7")
    reason = refused_for(s, ur.Play(0, card("W"), ur.Color.RED, 1), ("action.wild",))
    assert reason == (
        "W swaps no hands: only a Wild Swap Hands swaps; the play is legal as `0 play W red`"
    )
    sz = ur.situation(ur.presets.get("official+house.seven-zero"), ["R3 W G5", "B1 B2"], top="R7")
    reason = refused_for(
        sz, ur.Play(0, card("R3"), swap_with=1), ("house.seven-zero", "play.match")
    )
    assert "only a Wild Swap Hands or a 7 under “Sevens and zeros” swaps" in reason


def test_naming_a_colour_cites_the_start_rule_in_force() -> None:
    # official-2022 turns up only number cards to start (start.number-only).
    r = ur.presets.get("official-2022")
    s = ur.situation(r, ["R3 G5", "B1 B2"], top="R7")
    reason = refused_for(s, ur.ChooseColor(0, ur.Color.RED), ("start.number-only",))
    assert "(which “Only a number card starts” never turns up)" in reason
    o = ur.situation(R, ["R3 G5", "B1 B2"], top="R7")
    refused_for(o, ur.ChooseColor(0, ur.Color.RED), ("start.wild",))


def test_new_round_refuses_scores_that_ended_the_game() -> None:
    # Seat 1 has 500 under official (score.target 500): no round is dealt.
    with pytest.raises(ur.SituationError, match="scores 0 500 0: the game is already over"):
        ur.new_round(R, players=3, seed=1, scores=(0, 500, 0))
    ur.new_round(R, players=3, seed=1, scores=(0, 499, 0))
    # score.elimination: seat 1 over the target is out, two are left: play on.
    elim = ur.presets.get("official+score.elimination")
    dealt = ur.new_round(elim, players=3, seed=1, scores=(0, 600, 0))
    assert dealt.hands[1] == ()
    ur.validate_state(dealt)


def test_owed_total_survives_a_reshuffle_of_the_run() -> None:
    # Stacked: R+2 then B+2, seat 2 owes 4. Seat 0's false call costs it 2
    # cards from an empty draw pile: the discard pile but its top B+2 is
    # reshuffled, so the run on top is one B+2 while 4 are still owed.
    r = ur.presets.get("official+house.stack-draw-two+uno.false-call")
    s = ur.situation(
        r, ["R3 R+2 G4", "B+2 B2 B3", "G5 G6"], top="R7", draw_pile="", discard_pile="Y1 Y2 R7"
    )
    s = ur.apply(ur.apply(s, ur.Play(0, card("R+2"))), ur.Play(1, card("B+2")))
    assert (s.owed, s.current) == (4, 2)
    after = ur.apply(s, ur.CallUno(0))
    assert after.discard_pile == (card("B+2"),) and after.owed == 4 and after.reshuffles == 1
    ur.validate_state(after)


def test_a_seat_that_called_and_went_out_may_still_be_named() -> None:
    # end.play-on + house.jump-in: seat 0 calls holding R3 R3, lays one, then
    # jumps in with the other and goes out before anyone else plays.
    r = ur.presets.get("official+end.play-on+house.jump-in")
    s = ur.situation(r, ["R3 R3", "B1 B2", "G5 G6", "Y1 Y2"], top="R7")
    s = ur.apply(ur.apply(s, ur.CallUno(0)), ur.Play(0, card("R3")))
    out = ur.apply(s, ur.Play(0, card("R3")))
    assert out.finished == (0,) and out.hands[0] == () and not out.round_over
    assert out.uno_called == 0
    ur.validate_state(out)
