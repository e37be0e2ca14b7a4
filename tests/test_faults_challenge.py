"""Faults found by trials: the Wild and Wild Draw Four effects and their IDs,
the challenge (take-back order, reshuffles, stacked debts), hands moved by a
card, the blank card's bookkeeping and the reasons of the wild restrictions.

Every expected value is worked out by hand from RULES.md (and seed 002 for
``challenge.take-back``)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from helpers import all_cards, card, cards, rules, sizes

import unorules as ur
from unorules.engine import draw_rule
from unorules.notation import parse_moves, parse_situation
from unorules.rules.catalogue import CATALOGUE
from unorules.rules.policies import CustomCardRule
from unorules.serialize import check_state, dumps, loads


def play(seat: int, code: str, colour: ur.Color | None = None, swap: int | None = None) -> ur.Play:
    return ur.Play(seat, card(code), colour, swap)


def exists(state: ur.GameState) -> ur.GameState:
    """The library's own checks accept ``state``: it round-trips through JSON."""
    check_state(state)
    assert loads(dumps(state), ur.GameState) == state
    return state


def run(spec: str, situation: str, moves: str) -> tuple[ur.GameState, list[ur.Verdict]]:
    """Apply ``moves`` to the situation, each through explain, checking that
    every state on the way can exist."""
    state = exists(parse_situation(situation).to_state(rules(spec)))
    verdicts = []
    for move in parse_moves(moves):
        verdict = ur.explain(state, move)
        verdicts.append(verdict)
        assert verdict.state is not None, verdict.text
        state = exists(verdict.state)
    return state, verdicts


# --- the three new IDs ---------------------------------------------------------------------


def test_the_new_ids_are_catalogued_and_the_wild_effects_are_official() -> None:
    assert CATALOGUE["action.wild"].official
    assert CATALOGUE["action.wild-draw-four"].official
    assert not CATALOGUE["house.stack-skip"].official
    official = ur.presets.official().rule_ids
    assert {"action.wild", "action.wild-draw-four"} <= set(official)
    assert "house.stack-skip" in ur.presets.available()


def test_an_id_not_yet_available_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # A catalogue ID whose policy is missing is refused everywhere it can be named.
    monkeypatch.delitem(ur.presets._BUILDERS, "house.stack-skip")
    monkeypatch.setitem(
        ur.presets.NOT_YET_AVAILABLE, "house.stack-skip", "answering a Skip has no policy"
    )
    with pytest.raises(ur.RuleSetError, match="not yet available") as err:
        ur.presets.get("official+house.stack-skip")
    assert err.value.rule_ids == ("house.stack-skip",)
    with pytest.raises(ur.RuleSetError, match="not yet available"):
        ur.presets.from_rule_ids(("house.stack-skip",))
    with pytest.raises(ur.RuleSetError, match="not yet available"):
        loads('{"name": "x", "rule_ids": ["house.stack-skip"]}', ur.RuleSet)


def test_a_wild_draw_four_cites_its_effect_not_its_restriction() -> None:
    state, (verdict,) = run(
        "official", "top R7; hands W+4 G5 B1 / B2 B9 / Y1 Y2", "0 play W+4 blue"
    )
    # Legal (no red in hand): the restriction is kept, the effect is
    # action.wild-draw-four; challenge.wd4 says what a challenge would bring.
    assert verdict.rule_ids == (
        "wd4.no-matching-colour",
        "action.wild-draw-four",
        "challenge.wd4",
    )
    assert verdict.effects == (
        ("action.wild-draw-four", "seat 0 lays W+4 naming blue"),
        (
            "action.wild-draw-four",
            "seat 1 owes 4 cards: it must draw them and lose its turn, unless it challenges",
        ),
    )
    refusal = ur.explain(state, play(1, "B2"))
    assert refusal.rule_ids == ("action.wild-draw-four",)
    taken = ur.explain(state, ur.Draw(1))
    assert taken.rule_ids == ("action.wild-draw-four",)
    assert draw_rule(state.rules, card("W+4")) == "action.wild-draw-four"


@pytest.mark.parametrize(
    "spec", ["official+wd4.no-playable-card", "official+wd4.unrestricted", "official+strict"]
)
def test_the_owed_cards_cite_the_effect_under_every_restriction(spec: str) -> None:
    state, _ = run(spec, "top R7; hands W+4 G5 B1 / B2 B9 / Y1 Y2", "0 play W+4 blue")
    for move in (play(1, "B2"), ur.Draw(1)):
        cited = ur.explain(state, move).rule_ids
        assert cited == ("action.wild-draw-four",), (move, cited)


def test_under_stacking_an_owed_wild_draw_four_cites_the_stacking_rule() -> None:
    spec = "official+house.stack-draw-four"
    state, _ = run(spec, "top R7; hands W+4 G5 B1 / B+2 B9 / Y1 Y2", "0 play W+4 blue")
    assert ur.explain(state, play(1, "B+2")).rule_ids == ("house.stack-draw-four",)
    assert ur.explain(state, ur.Draw(1)).rule_ids == ("action.wild-draw-four",)


def test_a_plain_wild_cites_action_wild() -> None:
    state, (verdict,) = run("official", "top R7; hands W G5 B1 / B2 B9 / Y1 Y2", "0 play W green")
    assert verdict.rule_ids == ("wild.any-time", "action.wild")
    assert verdict.effects == (("action.wild", "seat 0 lays W naming green"),)
    assert state.color is ur.Color.GREEN
    start = parse_situation("top R7; hands W W+4 B1 / B2 B9 / Y1 Y2").to_state(rules())
    assert ur.explain(start, play(0, "W")).rule_ids == ("action.wild",)
    assert ur.explain(start, play(0, "W+4")).rule_ids == ("action.wild-draw-four",)


# --- A2: take-back order (seed 002) ----------------------------------------------------------

TAKE_BACK = "official+challenge.take-back+wd4.no-playable-card"
A2 = "top R7; hands R3 G4 W+4 / G1 G2 / B1 B2; draw R1 Y2 Y3 Y4"


def test_take_back_the_bluffer_lays_from_the_hand_it_had_then_draws_4() -> None:
    caught, verdicts = run(TAKE_BACK, A2, "0 play W+4 green; 1 challenge")
    # The card comes back; nothing is drawn yet.
    assert caught.hands == (cards("R3 G4 W+4"), cards("G1 G2"), cards("B1 B2"))
    assert caught.draw_pile == cards("R1 Y2 Y3 Y4")
    assert caught.discard_pile == cards("R7")
    assert (caught.current, caught.phase, caught.color) == (0, ur.Phase.REPLAY, ur.Color.RED)
    assert "and then draws 4 for the bluff" in verdicts[-1].text
    # R1 is among the 4 cards still to come: it cannot be laid.
    refusal = ur.explain(caught, play(0, "R1"))
    assert not refusal.allowed
    assert refusal.rule_ids[0] == "challenge.take-back"
    own = [m for m in ur.legal_moves(caught) if isinstance(m, ur.Play | ur.Draw)]
    assert own == [play(0, "R3")]  # G4 does not fit R7; the Wild Draw Four is still a bluff
    laid = exists(ur.apply(caught, play(0, "R3")))
    assert laid.hands[0] == cards("G4 W+4 R1 Y2 Y3 Y4")
    assert laid.draw_pile == ()
    assert (laid.top, laid.current, laid.phase, laid.wd4) == (card("R3"), 1, ur.Phase.TURN, None)
    effects = ur.explain(caught, play(0, "R3")).effects
    assert [rid for rid, _ in effects] == ["play.one-card", "challenge.take-back"]


def test_take_back_with_a_skip_the_4_come_after_and_the_skip_still_skips() -> None:
    caught, _ = run(
        "official+challenge.take-back",
        "top R7; hands RS W+4 / G1 G2 / B1 B2; draw Y1 Y2 Y3 Y4",
        "0 play W+4 blue; 1 challenge",
    )
    after = exists(ur.apply(caught, play(0, "RS")))
    assert after.hands[0] == cards("W+4 Y1 Y2 Y3 Y4")
    assert (after.current, after.uno_missed, after.uncalled) == (2, None, ())


# --- A3: take-back after a reshuffle ---------------------------------------------------------


def test_take_back_after_a_reshuffle_restores_the_covered_card() -> None:
    rules_ = rules("official+challenge.take-back")
    state = ur.situation(
        rules_,
        ["W+4 R3", "B1 B2 B3", "Y1 Y2 Y3"],
        top="R7",
        discard_pile="G1 G2 G3 G4 G5 G6 G8 G9 Y9 R7",
        draw_pile="",
    )
    state = exists(ur.apply(state, play(0, "W+4", ur.Color.BLUE)))
    verdict = ur.explain(state, ur.CatchUno(2, 0))
    assert verdict.state is not None
    state = exists(verdict.state)
    # The reshuffle keeps the Wild Draw Four and the R7 it covers: the 9 cards below
    # them go, and seat 0 draws 2 of them.
    assert state.discard_pile == cards("R7 W+4")
    assert len(state.draw_pile) == 9 - 2
    assert "the card it covers" in verdict.text
    caught = exists(ur.apply(state, ur.Challenge(1)))
    assert caught.discard_pile == cards("R7")
    assert (caught.top, caught.color, caught.phase) == (card("R7"), ur.Color.RED, ur.Phase.REPLAY)
    penalty = caught.hands[0][1:3]
    assert caught.hands[0] == (card("R3"), *penalty, card("W+4"))
    assert set(penalty) <= set(cards("G1 G2 G3 G4 G5 G6 G8 G9 Y9"))
    # Nothing reshuffled fits R7 with red in force: only R3 may replace the bluff.
    own = [m for m in ur.legal_moves(caught) if isinstance(m, ur.Play | ur.Draw)]
    assert own == [play(0, "R3")]


def _bluff_then_catch_on_an_empty_pile() -> ur.GameState:
    """Official rules, draw pile empty, R7 on a discard pile of ten: seat 0
    lays W+4 naming blue while holding R3 (a bluff) and seat 2 catches its
    missed UNO call, so the discard pile but the W+4 is reshuffled."""
    state = ur.situation(
        rules(),
        ["W+4 R3", "B1 B2 B3", "Y1 Y2 Y3"],
        top="R7",
        discard_pile="G1 G2 G3 G4 G5 G6 G8 G9 Y9 R7",
        draw_pile="",
    )
    return ur.apply(ur.apply(state, play(0, "W+4", ur.Color.BLUE)), ur.CatchUno(2, 0))


def test_without_take_back_the_reshuffle_keeps_only_the_top_card() -> None:
    state = _bluff_then_catch_on_an_empty_pile()
    assert state.discard_pile == cards("W+4")
    caught = exists(ur.apply(state, ur.Challenge(1)))
    assert (caught.top, caught.color, caught.current) == (card("W+4"), ur.Color.BLUE, 1)
    assert sizes(caught) == (7, 3, 3)


# --- A6: challenging a Wild Draw Four laid on a stack -----------------------------------------

STACK = "official+house.stack-draw-two+house.stack-draw-four-on-two"
A6 = "top R5; hands R+2 G1 G2 / W+4 R3 Y4 / B1 B2 B3 B4 B5; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"


def test_a_caught_bluff_on_a_draw_two_takes_the_passed_on_total_back() -> None:
    after, verdicts = run(STACK, A6, "0 play R+2; 1 play W+4 blue; 2 challenge")
    assert after.hands[1] == cards("R3 Y4 Y1 Y2 Y3 Y4 Y5 Y6")  # 2 + 4
    assert after.hands[2] == cards("B1 B2 B3 B4 B5")  # the challenger draws nothing
    assert (after.current, after.phase, after.owed) == (2, ur.Phase.TURN, 0)
    assert (after.color, after.top, after.draw_pile) == (ur.Color.BLUE, card("W+4"), cards("Y7 Y8"))
    assert "the 2 cards passed on with the bluff come back" in verdicts[-1].text
    assert "seat 2 draws nothing and plays on blue" in verdicts[-1].text


def test_a_caught_bluff_on_a_wild_draw_four_takes_both_fours() -> None:
    after, _ = run(
        "official+house.stack-draw-four",
        "top R5; hands W+4 G3 / W+4 G4 Y4 / B1 B2; draw Y1 Y2 Y3 Y5 Y6 Y7 Y8 Y9 B3",
        # seat 0 holds no red: legal; seat 1 holds G4 with green in force: a bluff.
        "0 play W+4 green; 1 play W+4 yellow; 2 challenge",
    )
    assert after.hands[1] == cards("G4 Y4 Y1 Y2 Y3 Y5 Y6 Y7 Y8 Y9")
    assert after.hands[2] == cards("B1 B2")
    assert (after.current, after.phase, after.color) == (2, ur.Phase.TURN, ur.Color.YELLOW)
    assert after.draw_pile == cards("B3")


def test_a_failed_challenge_on_a_stack_costs_the_whole_total_plus_2() -> None:
    after, _ = run(
        STACK,
        "top R5; hands R+2 G1 G2 / W+4 G3 Y4 / B1 B2 B3 B4 B5; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8",
        "0 play R+2; 1 play W+4 blue; 2 challenge",  # seat 1 holds no red: legal
    )
    assert after.hands[2] == cards("B1 B2 B3 B4 B5 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8")
    assert (after.current, after.phase, after.owed) == (0, ur.Phase.TURN, 0)


def test_anyone_catching_a_stacked_bluff_frees_the_victim() -> None:
    after, _ = run(
        STACK + "+challenge.anyone",
        "top R5; hands R+2 G1 G2 / W+4 R3 Y4 / B1 B2 / G5 G6; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7",
        "0 play R+2; 1 play W+4 blue; 3 challenge",
    )
    assert after.hands[1] == cards("R3 Y4 Y1 Y2 Y3 Y4 Y5 Y6")
    assert sizes(after) == (2, 8, 2, 2)
    assert (after.current, after.phase, after.owed) == (2, ur.Phase.TURN, 0)


STACK_BACK = STACK + "+challenge.take-back"
STACK_BACK_SITUATION = (
    "top R5; hands R+2 G1 G2 / W+4 R3 B+2 / Y1 Y2 Y3; draw Y4 Y5 Y6 Y7 Y8 Y9 B1 B2"
)


def test_take_back_on_a_stack_owes_the_total_again_and_answers_lawfully() -> None:
    caught, _ = run(STACK_BACK, STACK_BACK_SITUATION, "0 play R+2; 1 play W+4 blue; 2 challenge")
    assert caught.hands[1] == cards("R3 B+2 W+4")
    assert (caught.current, caught.phase, caught.owed) == (1, ur.Phase.REPLAY, 0)
    assert (caught.top, caught.color) == (card("R+2"), ur.Color.RED)
    assert caught.wd4 is not None and caught.wd4.debt == 2
    own = [m for m in ur.legal_moves(caught) if isinstance(m, ur.Play | ur.Draw)]
    assert own == [play(1, "B+2"), ur.Draw(1)]
    assert ur.explain(caught, play(1, "R3")).rule_ids[0] == "challenge.take-back"
    assert not ur.explain(caught, play(1, "W+4", ur.Color.BLUE)).allowed
    answered = exists(ur.apply(caught, play(1, "B+2")))
    assert answered.hands[1] == cards("R3 W+4 Y4 Y5 Y6 Y7")
    assert (answered.current, answered.phase, answered.owed) == (2, ur.Phase.OWE, 4)
    taken = exists(ur.apply(caught, ur.Draw(1)))
    assert taken.hands[1] == cards("R3 B+2 W+4 Y4 Y5 Y6 Y7 Y8 Y9")
    assert (taken.current, taken.phase, taken.owed) == (2, ur.Phase.TURN, 0)
    assert (taken.top, taken.color) == (card("R+2"), ur.Color.RED)


def test_take_back_a_timeout_still_costs_the_bluff() -> None:
    spec = "official+challenge.take-back+house.timed-turns"
    caught, _ = run(
        spec,
        "top R7; hands RS W+4 / G1 G2 / B1 B2; draw Y1 Y2 Y3 Y4 Y5",
        "0 play W+4 blue; 1 challenge",
    )
    timed = exists(ur.apply(caught, ur.Timeout(0)))
    assert timed.hands[0] == cards("RS W+4 Y1 Y2 Y3 Y4 Y5")  # 1 for the time, 4 for the bluff
    assert (timed.current, timed.phase) == (1, ur.Phase.TURN)


# --- A5: a hand-moving effect that leaves a seat with no cards -----------------------------


def test_a_last_shuffle_hands_too_few_cards_for_the_layer_goes_out() -> None:
    state = ur.situation(rules("official-2018"), ["WS", "R1"], top="R7")
    after = exists(ur.apply(state, play(0, "WS", ur.Color.RED)))
    assert after.hands == ((), cards("R1"))
    assert (after.phase, after.winner, after.finished) == (ur.Phase.ROUND_OVER, 0, (0, 1))
    assert after.scores == (1, 0)
    verdict = ur.explain(state, play(0, "WS", ur.Color.RED))
    assert "end.shuffle-hands-last" in verdict.rule_ids
    assert "too few cards for the deal to reach seat 0" in verdict.text


def test_a_last_shuffle_hands_three_players_too_few_cards() -> None:
    state = ur.situation(rules("official-2018"), ["WS", "R1", "B2"], top="R7")
    after = exists(ur.apply(state, play(0, "WS", ur.Color.RED)))
    assert after.hands[0] == ()
    assert Counter(after.hands[1] + after.hands[2]) == Counter(cards("R1 B2"))
    assert sizes(after)[1:] == (1, 1)
    assert (after.phase, after.winner, after.scores) == (ur.Phase.ROUND_OVER, 0, (3, 0, 0))


def test_a_last_shuffle_hands_with_enough_cards_redeals_to_the_layer() -> None:
    state = ur.situation(rules("official-2018"), ["WS", "R1 R2", "B2"], top="R7")
    after = exists(ur.apply(state, play(0, "WS", ur.Color.RED)))
    assert sizes(after) == (1, 1, 1)
    assert (after.phase, after.winner, after.current, after.uno_missed) == (
        ur.Phase.TURN,
        None,
        1,
        None,
    )


def test_a_last_shuffle_hands_under_play_on_gives_a_place() -> None:
    spec = "official-2018+end.play-on"
    state = ur.situation(rules(spec), ["B4", "WS", "R1", "G2"], top="B7")
    state = ur.apply(state, play(0, "B4"))  # seat 0 wins; the others play on
    assert state.finished == (0,)
    after = exists(ur.apply(state, play(1, "WS", ur.Color.RED)))
    assert after.hands[1] == ()
    assert after.finished == (0, 1)
    assert (after.phase, after.winner, after.current) == (ur.Phase.TURN, 0, 2)


def test_a_swap_clears_a_stale_missing_call_of_the_seat_whose_hand_moved() -> None:
    spec = "official+house.seven-zero+uno.required-to-win"
    state = ur.situation(rules(spec), ["R1 B5", "R7 R2", "R9 Y2 Y3"], top="R3")
    state = ur.apply(state, play(0, "R1"))  # no call yet: a late one would still count
    assert (state.uncalled, state.uno_missed) == ((), 0)
    # Seat 1 lays its second-to-last card without calling, then swaps with seat 0.
    state = exists(ur.apply(state, play(1, "R7", swap=0)))
    assert state.hands[:2] == (cards("R2"), cards("B5"))
    assert (state.uncalled, state.uno_missed) == ((), 1)
    state = ur.apply(state, play(2, "R9"))
    assert (state.uncalled, state.uno_missed) == ((1,), None)
    # Seat 0 came to hold R2 by the swap: it owes no call and may go out.
    out = exists(ur.apply(state, play(0, "R2")))
    assert (out.phase, out.winner) == (ur.Phase.ROUND_OVER, 0)


def test_a_zero_passes_hands_and_only_the_layer_may_owe_a_call() -> None:
    spec = "official+house.seven-zero"
    state = ur.situation(rules(spec), ["R0 R1", "B1", "G1 G2"], top="R3")
    after = exists(ur.apply(state, play(0, "R0")))
    # Each seat receives the previous seat's hand (clockwise).
    assert after.hands == (cards("G1 G2"), cards("R1"), cards("B1"))
    assert (after.uno_missed, after.uncalled) == (None, ())
    # Pointing it out is something a player can do, but it does not count.
    assert ur.check(after, ur.CatchUno(2, 1)).void
    assert ur.apply(after, ur.CatchUno(2, 1)).hands == after.hands


# --- A8: the blank card's rule and the bookkeeping -----------------------------------------

CUSTOM = "official-2018+house.custom-cards"


def test_blank_card_rule_keeps_the_uno_bookkeeping_true() -> None:
    situation = "top R7; hands R1 R2 / R3 R4 R5 / WC B5 B6; draw G1 G2 G3 G4 G5 G6"
    state, _ = run(CUSTOM, situation, "0 play R1; 1 play R3; 2 play WC red")
    # Seat 0 drew G1 by the blank card's rule: 2 cards, no call owed.
    assert state.hands[:2] == (cards("R2 G1"), cards("R4 R5 G2"))
    assert (state.uncalled, state.uno_missed) == ((), None)
    after = exists(ur.apply(state, play(0, "R2")))
    # The call is missing; a late call would still count (uno.call).
    assert (after.uncalled, after.uno_missed) == ((), 0)


def _under_the_pile(state: ur.GameState, player: int) -> ur.GameState:
    nxt = (player + state.direction) % len(state.hands)
    hands = list(state.hands)
    pile = state.draw_pile + hands[nxt]
    hands[nxt] = ()
    return attrs.evolve(state, hands=tuple(hands), draw_pile=pile)


def test_a_blank_card_rule_that_empties_a_hand_puts_that_seat_out() -> None:
    table = CustomCardRule(_under_the_pile, "the next player puts its hand under the draw pile")
    rules_ = rules(CUSTOM).replace(custom_card=table)
    state = ur.situation(rules_, ["WC R1", "B1 B2", "G1 G2"], top="R7", draw_pile="Y1")
    after = ur.apply(state, play(0, "WC", ur.Color.RED))
    check_state(after)
    assert after.hands == (cards("R1"), (), cards("G1 G2"))
    assert after.draw_pile == cards("Y1 B1 B2")
    assert (after.phase, after.winner, after.finished) == (ur.Phase.ROUND_OVER, 1, (1,))
    assert after.scores == (0, 1 + 1 + 2, 0)
    assert all_cards(after) == all_cards(state)


def test_a_blank_card_rule_that_leaves_an_impossible_state_is_an_error() -> None:
    table = CustomCardRule(lambda s, p: attrs.evolve(s, direction=2), "nonsense")
    rules_ = rules(CUSTOM).replace(custom_card=table)
    state = ur.situation(rules_, ["WC R1", "B1 B2", "G1 G2"], top="R7")
    with pytest.raises(ur.UnoError, match="changed direction: it may only move cards"):
        ur.apply(state, play(0, "WC", ur.Color.RED))


# --- B12: the reason names what makes a card count ---------------------------------------------


@pytest.mark.parametrize(
    ("spec", "situation", "move", "held"),
    [
        (
            "official+wd4.no-playable-card",
            "top R7; hands G7 W+4 / ?7 / ?7",
            "0 play W+4 blue",
            "G7 (the same number as R7)",
        ),
        (
            "official+wd4.no-playable-card",
            "top RS; hands GS B2 W+4 / ?7 / ?7",
            "0 play W+4 blue",
            "GS (the same symbol as RS)",
        ),
        (
            "official+wd4.no-playable-card",
            "top R7; hands G7 R2 W+4 / ?7 / ?7",
            "0 play W+4 blue",
            "G7 (the same number as R7) and R2 (red, the colour in force)",
        ),
        (
            "official",
            "top R7; hands R3 G7 W+4 / ?7 / ?7",
            "0 play W+4 blue",
            "R3 (red, the colour in force)",
        ),
        (
            "official+wd4.no-playable-card",
            "top W; colour blue; hands B3 G7 W+4 / ?7 / ?7",
            "0 play W+4 red",
            "B3 (blue, the colour in force)",
        ),
        (
            "official+wild.restricted",
            "top R7; hands G7 W B1 / ?7 / ?7",
            "0 play W blue",
            "G7 (the same number as R7)",
        ),
    ],
)
def test_the_reason_names_why_each_forbidding_card_counts(
    spec: str, situation: str, move: str, held: str
) -> None:
    state = parse_situation(situation).to_state(rules(spec))
    (parsed,) = parse_moves(move)
    verdict = ur.explain(state, parsed)
    assert verdict.legal is False
    assert f"while holding {held}" in verdict.reason, verdict.reason
    assert "in force)" not in verdict.reason.replace("the colour in force)", "")


def test_take_back_no_uno_call_is_due_before_the_replacement_card() -> None:
    caught, _ = run(
        "official+challenge.take-back",
        "top R7; hands W+4 R3 / G1 G2 / B1 B2; draw Y1 Y2 Y3 Y4",
        "0 play W+4 blue; 1 challenge",
    )
    assert caught.hands[0] == cards("R3 W+4")
    assert (caught.uno_missed, caught.uncalled) == (None, ())
    # Laying R3 leaves W+4 and the 4 cards of the bluff: no call is due.
    assert ur.CallUno(0) not in ur.legal_moves(caught)
    assert ur.check(caught, ur.CallUno(0)).void
    after = exists(ur.apply(caught, play(0, "R3")))
    assert after.hands[0] == cards("W+4 Y1 Y2 Y3 Y4")
    assert (after.uno_missed, after.uncalled) == (None, ())


def test_the_victim_taking_its_cards_reshuffles_all_but_the_top_card() -> None:
    state = ur.situation(
        rules("official+challenge.take-back"),
        ["W+4 G3 G4", "B1 B2 B3", "Y1 Y2 Y3"],
        top="R7",
        discard_pile="G1 G2 Y4 Y5 Y6 R7",
        draw_pile="",
    )
    state = ur.apply(state, play(0, "W+4", ur.Color.BLUE))  # no red in hand: legal
    verdict = ur.explain(state, ur.Draw(1))
    assert verdict.state is not None
    taken = exists(verdict.state)
    # The Wild Draw Four can no longer be challenged: only it stays on the pile.
    assert taken.discard_pile == cards("W+4")
    assert len(taken.hands[1]) == 3 + 4
    assert len(taken.draw_pile) == 6 - 4
    assert "but its top card" in verdict.text


def test_take_back_with_nothing_under_the_card_keeps_it_and_draws_4() -> None:
    # A position read from JSON may have no card under the Wild Draw Four.
    state = _bluff_then_catch_on_an_empty_pile()
    state = exists(attrs.evolve(state, rules=rules("official+challenge.take-back")))
    assert state.discard_pile == cards("W+4")
    verdict = ur.explain(state, ur.Challenge(1))
    assert verdict.state is not None
    caught = exists(verdict.state)
    assert (caught.top, caught.color, caught.current, caught.phase) == (
        card("W+4"),
        ur.Color.BLUE,
        1,
        ur.Phase.TURN,
    )
    assert sizes(caught) == (7, 3, 3)
    assert "no card lies under the Wild Draw Four" in verdict.text
