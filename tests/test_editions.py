"""Property tests of each edition's preset: random games under it keep every
card (none lost or made), every state valid (the library's own
``validate_state`` and the invariants of ``test_properties``), replay
exactly from their seed and move choices, and round-trip through JSON.

The editions' rules one by one are tested in ``tests/test_rules.py``
(``test_all_wild_*``, ``test_no_mercy_*``), with values worked out by hand."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from test_properties import CHOICE_SEEDS, MAX_ROUND_MOVES, POOL_SIZE, check_playout

import unorules as ur
import unorules.testing as urs
from unorules.cli import main
from unorules.notation import format_state, parse_situation
from unorules.play.bots import make_bot, play_round
from unorules.rules.validation import validate
from unorules.serialize import dumps, loads
from unorules.state import GameState

EDITIONS = ("all-wild", "no-mercy", "flip")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    edition=st.sampled_from(EDITIONS),
    players=st.integers(2, 10),
    seed=CHOICE_SEEDS,
    choice_seed=CHOICE_SEEDS,
    data=st.data(),
)
def test_a_round_of_an_edition_keeps_every_invariant_and_replays(
    edition: str, players: int, seed: int, choice_seed: int, data: st.DataObject
) -> None:
    rules = ur.presets.get(edition)
    start = ur.new_round(rules, players, seed)
    note(f"{edition} players={players} seed={seed} choice_seed={choice_seed}")
    pool = data.draw(
        st.lists(urs.moves(players), min_size=POOL_SIZE, max_size=POOL_SIZE),
        label="unlisted move pool",
    )
    choices = random.Random(choice_seed)
    # Every step: the invariants, every listed move legal, no unlisted move
    # from the pool legal; at the end the replay from the same choices.
    check_playout(start, choices.randrange, pool, choices, MAX_ROUND_MOVES)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), players=st.integers(2, 6), seed=CHOICE_SEEDS)
def test_the_states_of_an_edition_round_trip_through_json(
    edition: str, players: int, seed: int
) -> None:
    rules = ur.presets.get(edition)
    state = ur.new_round(rules, players, seed)
    rng = random.Random(seed)
    assert loads(dumps(rules), ur.RuleSet) == rules
    for _ in range(60):
        assert loads(dumps(state), GameState) == state
        if state.round_over:
            break
        move = rng.choice(ur.legal_moves(state))
        assert loads(dumps(move), ur.Move) == move  # type: ignore[arg-type]
        state = ur.apply(state, move)


# Rounds of 60 the heuristic bot must win against two random bots: chance gives
# 20. No Mercy's stacks and its Mercy rule leave more to luck (the bot wins 33);
# under UNO Flip it wins all 60.
WINS = {"all-wild": 40, "no-mercy": 28, "flip": 45}


def test_the_heuristic_bot_plays_an_edition_sensibly() -> None:
    """Not only legally: against two random players, the heuristic bot (a
    named draw at the smallest hand, a swap only for a smaller hand, draws
    and skips at a player close to going out, a draw card that puts the next
    player over the hand limit, a 0 that passes a big hand on) wins far more
    than the third of the rounds chance would give. 60 seeded rounds:
    deterministic."""
    for edition in EDITIONS:
        rules = ur.presets.get(edition)
        wins = 0
        for seed in range(60):
            bots = [make_bot("heuristic", seed), make_bot("random", seed + 1)]
            bots.append(make_bot("random", seed + 2))
            last = play_round(rules, bots, seed)
            assert last.round_over
            wins += last.winner == 0
        assert wins >= WINS[edition], (edition, wins)


# --- what an attack on All Wild found -------------------------------------------------


def test_a_choose_colour_phase_cannot_be_under_a_deck_without_colours() -> None:
    import json

    s = ur.situation(ur.presets.get("all-wild"), ["W W", "W W"], top="W")
    data = json.loads(dumps(s))
    data.update(
        phase="choose-color",
        pending={
            "kind": "color",
            "seat": 0,
            "amount": 0,
            "card": "W",
            "rule_ids": ["all-wild.no-colour"],
        },
    )
    with pytest.raises(ur.UnoError, match="name no colour"):
        ur.validate_state(loads(json.dumps(data), GameState))


def test_rules_a_deck_without_numbers_cannot_hold_are_refused_or_reported() -> None:
    with pytest.raises(ur.RuleSetError, match="nobody could ever go out"):
        ur.presets.get("all-wild+end.number-card-last")
    problems = {p.rule_ids[0] for p in validate(ur.presets.get("all-wild+house.misplay-penalty"))}
    assert "house.misplay-penalty" in problems


def test_a_wild_skip_two_with_two_players_skips_only_the_other() -> None:
    s = ur.situation(ur.presets.get("all-wild"), ["WSK2 W W", "W W"], top="W")
    after = ur.apply(s, ur.parse_move("0 play WSK2"))
    assert after.current == 0  # seat 1 is skipped; seat 0 plays again
    text = str(ur.explain(s, ur.parse_move("0 play WSK2")))
    assert "seat 1 is skipped" in text and "seat 0 is skipped" not in text


def test_a_last_targeted_draw_is_void_where_a_last_cards_effect_is() -> None:
    rules = ur.presets.get("svenska+all-wild")
    s = ur.situation(rules, ["WT+2", "W W", "W"], top="W", draw_pile="WR WR WR WR")
    after = ur.apply(s, ur.parse_move("0 play WT+2 to 1"))
    # Nobody draws: seat 1 keeps W W (20 + 20), seat 2 W (20).
    assert [len(h) for h in after.hands] == [0, 2, 1] and after.scores == (60, 0, 0)
    assert "draws 2" not in str(ur.explain(s, ur.parse_move("0 play WT+2 to 1")))


def test_no_colour_is_told_or_asked_for_under_all_wild() -> None:
    s = ur.situation(ur.presets.get("all-wild"), ["W W", "W W", "W"], top="W")
    drawn = str(ur.explain(s, ur.Draw(0)).short)
    assert "colour" not in drawn and "?" not in drawn
    said = str(ur.explain(s, ur.parse_move("0 color red")))
    assert "there is no colour to name" in said


def test_the_new_cards_read_with_digits_and_number_words() -> None:
    assert ur.parse_move("0 play wild draw 2") == ur.Play(0, ur.Card.parse("W+2"))
    assert ur.parse_move("0 play wild skip 2") == ur.Play(0, ur.Card.parse("WSK2"))
    assert ur.parse_move("Ann lägger riktat dra 2 till Bo", lang="sv", names=["Ann", "Bo"]) == (
        ur.Play(0, ur.Card.parse("WT+2"), to=1)
    )
    assert ur.parse_move("Ann legger rettet trekk to til Bo", lang="nb", names=["Ann", "Bo"]) == (
        ur.Play(0, ur.Card.parse("WT+2"), to=1)
    )


# --- UNO Flip: two-sided cards through records and the view ---------------------------


@pytest.mark.parametrize("form", ["jsonl", "text"])
def test_a_flip_round_reads_back_from_its_record(form: str) -> None:
    for seed in range(4):
        state = ur.new_round(ur.presets.get("flip"), players=3, seed=seed)
        recorder = ur.Recorder()
        recorder.deal(state)
        rng = random.Random(seed)
        while not state.round_over:
            move = rng.choice(ur.legal_moves(state))
            after = ur.apply(state, move)
            recorder.move(move, after)
            state = after
        back = ur.read_record(ur.write_record(recorder.record, form))  # type: ignore[arg-type]
        assert ur.replay(back)[0][-1] == state


def test_each_seat_sees_the_other_side_of_the_others_cards_whichever_side_is_up() -> None:
    rng = random.Random(5)
    state = ur.new_round(ur.presets.get("flip"), players=3, seed=5)
    while not state.round_over:
        for seat in range(3):
            view = state.view(seat)
            assert view.backs[seat] == ()
            for other in (s for s in range(3) if s != seat):
                assert view.backs[other] == tuple(c.back for c in state.hands[other])
        state = ur.apply(state, rng.choice(ur.legal_moves(state)))


# --- what an attack on No Mercy found --------------------------------------------------

C = ur.Card.parse
# 23 cards: two more put a player over the Mercy rule's 25.
BIG = "R1 R1 R2 R2 R3 R3 R4 R4 R6 R6 R7 R7 R8 R8 R9 R9 Y1 Y1 Y2 Y2 Y3 Y3 Y4"


def test_a_player_put_out_as_the_piles_run_out_gives_the_round_cards_to_go_on() -> None:
    # The roulette draw empties both piles; Bo, at 26 cards, is out, and his
    # cards go to the bottom of the draw pile: the round goes on.
    s = ur.situation(
        ur.presets.get("no-mercy"),
        ["WCR B9 B8", BIG.replace("Y4", "") + " Y4", "Y6 Y7"],
        top="B5",
        draw_pile="R5",
        discard_pile="Y8 Y9 B5",
    )
    after = ur.apply(ur.apply(s, ur.parse_move("0 play WCR")), ur.parse_move("1 color green"))
    ur.validate_state(after)
    assert after.knocked_out == (1,) and not after.round_over and after.current == 2
    assert len(after.draw_pile) >= 25 and loads(dumps(after), GameState) == after


def test_a_player_put_out_by_a_penalty_leaves_a_stack_owed_as_it_was() -> None:
    r = ur.presets.get("no-mercy+uno.false-call")
    s = ur.situation(
        r,
        ["W+6 G1 G2", "W+10 B2 B3", "B4 B5", BIG],
        top="G5",
        draw_pile="B6",
        discard_pile="Y8 Y9 G5",
    )
    s = ur.apply(s, ur.Play(0, C("W+6"), ur.Color.RED))
    s = ur.apply(s, ur.Play(1, C("W+10"), ur.Color.RED))
    after = ur.apply(s, ur.CallUno(3))  # a false call: 2 cards, 25 held, out
    ur.validate_state(after)
    assert after.knocked_out == (3,) and after.owed == 16 and after.current == 2


def _explained(
    capsys: pytest.CaptureFixture[str], situation: str, moves: str, rules: str = "no-mercy"
) -> Any:
    """What ``unorules explain -r RULES --json`` says of the last move."""
    assert main(["explain", "-r", rules, "--json", situation, moves]) == 0
    return json.loads(capsys.readouterr().out)["verdict"]


def test_a_count_that_rests_on_cards_nobody_gave_is_not_told_as_a_fact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for seed in range(1, 6):
        # Which of Ann's two unknown cards are green decides what Discard All takes.
        v = _explained(capsys, f"top G5; hands GDA ?2 / ?5 / ?5; seed {seed}", "0 play GDA")
        assert v["assumed"] and "gets rid of" not in v["headline"] and "wins" not in v["headline"]
    v = _explained(capsys, "top G5; hands WCR B9 R3 / ?22", "0 play WCR; 1 color blue")
    assert v["assumed"] and "rests on the draw pile" in v["headline"]
    assert "round is over" not in v["headline"] and "out of the round" not in v["headline"]
    v = _explained(capsys, f"top B5; hands {BIG} Y4 / B3 B4 / G1", "0 draw")
    assert "must play the drawn card" not in v["headline"] and "holds 2" not in v["headline"]


def test_a_wild_draw_four_stacks_by_value_beside_the_classic_deck() -> None:
    s = ur.situation(
        ur.presets.get("official+no-mercy.stacking"), ["R+2 G1", "W+4 Y3", "B+2"], top="R5"
    )
    after = ur.apply(ur.apply(s, ur.parse_move("0 play R+2")), ur.parse_move("1 play W+4 blue"))
    assert (after.current, after.owed) == (2, 6)


def test_under_play_on_the_first_player_out_stays_the_winner() -> None:
    r = ur.presets.get("no-mercy+end.play-on")
    bo = "B9 " + BIG.replace(" Y4", "")
    s = ur.situation(r, ["G5", bo, "W+6 B8"], top="G4", draw_pile="B1 B2 B3 G1 Y4")
    s = ur.apply(s, ur.parse_move("0 play G5"))
    after = ur.apply(s, ur.Draw(1))
    assert after.round_over and after.winner == 0 and after.knocked_out == (1,)
    assert after.scores[0] > 0 and after.scores[1:] == (0, 0)


@pytest.mark.parametrize(
    "spec",
    [
        "no-mercy+score.penalty-points",
        "no-mercy+score.elimination",
        "no-mercy+house.seven-zero",
        "no-mercy+house.multiple-identical",
        "all-wild+no-mercy.start",
        "all-wild+start.number-only",
    ],
)
def test_combinations_a_no_mercy_rule_cannot_hold_are_refused(spec: str) -> None:
    with pytest.raises(ur.RuleSetError, match=r"disagree|same twice|contradict"):
        ur.presets.get(spec)


def test_a_player_put_out_is_refused_by_the_mercy_rule() -> None:
    s = ur.situation(ur.presets.get("no-mercy"), ["R+2 G5", BIG, "B1 B2"], top="R5")
    out = ur.apply(ur.apply(s, ur.parse_move("0 play R+2")), ur.Draw(1))
    assert out.knocked_out == (1,)
    assert ur.check(out, ur.Draw(1)).rule_ids == ("no-mercy.mercy",)


def test_a_last_wild_reverse_draw_four_makes_the_next_in_the_new_direction_draw() -> None:
    s = ur.situation(ur.presets.get("no-mercy"), ["WR+4", "B5 Y1", "B6 B7"], top="G5")
    after = ur.apply(s, ur.Play(0, C("WR+4"), ur.Color.RED))
    assert [len(h) for h in after.hands] == [0, 2, 6]


def test_simulate_counts_the_last_player_left_and_the_hand_put_out() -> None:
    from unorules.play.simulate import simulate

    result = simulate(ur.presets.get("no-mercy"), ["random", "random"], rounds=10, seed=1)
    stats = result.stats
    assert stats.exhausted_share == 0 and stats.last_standing_share > 0.5
    assert stats.largest_hand.max >= 25


def test_the_wild_policy_answers_for_an_editions_wild_cards() -> None:
    from unorules.rules.validation import never_applies

    idle = never_applies(ur.presets.get("no-mercy"))
    assert "wild.any-time" not in idle and "challenge.none" in idle


def test_a_roulette_pending_cites_the_rule_of_its_card() -> None:
    import json

    s = ur.situation(ur.presets.get("no-mercy"), ["WCR R1 R2", "G1 G2", "B1 B2"], top="G5")
    data = json.loads(dumps(ur.apply(s, ur.parse_move("0 play WCR"))))
    data["pending"]["rule_ids"] = ["no-mercy.mercy"]
    with pytest.raises(ur.UnoError, match=r"cites no-mercy\.colour-roulette"):
        ur.validate_state(loads(json.dumps(data), GameState))


def test_draws_one_after_another_and_skip_everyone_read_as_one_clause() -> None:
    r = ur.presets.get("no-mercy")
    s = ur.situation(r, ["G1 G2", "Y1 Y2", "B1 B2"], top="R5", draw_pile="B3 Y4 R7 G8")
    assert ur.explain(s, ur.Draw(0)).short.startswith("Yes – seat 0 draws 3 cards; seat 0 must")
    hands = ["BSE R1", *(f"G{k}" for k in range(1, 10))]
    s = ur.situation(r, hands, top="B5")
    short = ur.explain(s, ur.parse_move("0 play BSE")).short
    assert short.count("miss") == 1 and "seat 1, seat 2, seat 3" in short


def test_a_timeout_while_a_colour_is_to_name_says_so() -> None:
    from unorules.moves import Timeout

    r = ur.presets.get("no-mercy+house.timed-turns")
    s = ur.situation(r, ["WCR R1 R2", "G1 G2", "B1 B2"], top="G5")
    ruling = ur.check(ur.apply(s, ur.parse_move("0 play WCR")), Timeout(1))
    assert not ruling.allowed and ruling.rule_ids == ("no-mercy.colour-roulette",)


# --- what a No Mercy family found on the dispute page ---------------------------------


def test_a_call_before_discard_all_counts_when_it_leaves_one_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Anna lays the red Discard All with R3 and R8: G2 is left, so the call counts.
    table = "top R5; hands RDA R3 R8 G2 / ?7 / ?7; names Anna Bo Cilla"
    v = _explained(capsys, table, "Anna uno")
    assert v["verdict"] == "legal" and v["headline"] == "Yes – the UNO call by Anna counts."
    v = _explained(capsys, table, "Anna uno; Anna play RDA; Bo catch Anna")
    assert v["verdict"] == "no effect" and "Anna called UNO in time" in v["headline"]
    # With a fifth card, G4, the Discard All leaves two: no call is due.
    v = _explained(capsys, table.replace("G2", "G2 G4"), "Anna uno")
    assert v["verdict"] == "no effect" and "no UNO call due" in v["headline"]
    s = ur.situation(ur.presets.get("no-mercy"), ["RDA R3 R8 G2", "B1 B2", "Y1 Y2"], top="R5")
    after = ur.apply(ur.apply(s, ur.CallUno(0)), ur.parse_move("0 play RDA"))
    assert after.hands[0] == (C("G2"),) and after.uno_called == 0 and after.uno_missed is None
    ur.validate_state(after)


def test_a_draw_until_a_colour_from_a_given_pile_tells_the_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top G5; hands WCR ?6 / ?7 / ?7; names Anna Bo Cilla; draw Y3 B7 R2 G9"
    v = _explained(capsys, table, "Anna play WCR; Bo color red")
    assert v["headline"] == (
        "Yes – Bo draws 3 cards until a red card turns up (R2) and misses the turn."
    )
    assert not v["assumed"]


def test_a_winner_chosen_by_the_points_of_unknown_hands_is_not_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two cards in the draw pile, no red among them and nothing to reshuffle
    # but G5: the piles run out, and the hands' points, unknown, choose the winner.
    table = "top G5; hands WCR ?6 / ?7 / ?7; names Anna Bo Cilla; draw Y3 B7"
    v = _explained(capsys, table, "Anna play WCR; Bo color red")
    assert "wins" not in v["headline"] and "Bo wins" not in v["next"]
    assert v["next"] == (
        "The round is over: who wins it rests on the points of hands holding cards nobody gave."
    )


def test_a_card_that_cannot_answer_says_the_draw_may_still_be_answered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top G5; hands W+6 G1 G2 / B+4 ?6 / ?7; names Anna Bo Cilla"
    v = _explained(capsys, table, "Anna play W+6 blue; Bo play B+4")
    assert v["verdict"] == "illegal"
    assert "Bo must draw" not in v["headline"]
    assert "unless answering with a card the stacking rules allow, Bo draws them" in v["headline"]
    assert "B+4 draws fewer cards than W+6" in v["headline"]


@pytest.mark.parametrize(
    ("page", "lang"),
    [("editions.md", "en"), ("editions.sv.md", "sv"), ("editions.nb.md", "nb")],
)
def test_the_docs_list_every_card_of_the_flip_deck(page: str, lang: str) -> None:
    from pathlib import Path

    from unorules.rules.editions.flip import DECK

    text = (Path(__file__).parent.parent / "docs" / page).read_text(encoding="utf-8")
    block = text.split("    ```text\n", 1)[1].split("    ```", 1)[0]
    listed = ur.parse_cards(block.replace("\n", " "), lang=lang)
    assert listed == DECK


def test_one_side_written_alone_is_refused_with_its_pairs() -> None:
    with pytest.raises(ur.UnoError) as caught:
        ur.situation(ur.presets.get("flip"), ["O3", "B1:V5"], top="P1:R1")
    assert str(caught.value) == (
        "O3 is one side of a two-sided card: write both sides, side up first: O3:G1 / O3:G3"
    )
    assert caught.value.message.in_language("nb").endswith("O3:Gr1 / O3:Gr3")


# --- what an attack on UNO Flip found -------------------------------------------------

FLIP_TURNED = "top R1:P1; hands RF:W R5:OR Y2:T2 / G1:PR B1:V5 / B2:TSE G4:O2; discard R8:W R1:P1"


def test_a_deck_order_with_a_card_the_other_side_up_is_refused() -> None:
    order = "R1:P1 R1:T6 R2:OSE T4:R7"
    with pytest.raises(ur.SituationError) as caught:
        ur.new_round(ur.presets.get("flip"), players=2, deck=order)
    assert str(caught.value) == (
        "card 4 of the deck order, T4:R7, is the other side up: the deck is dealt with R7:T4 "
        "up (flip.deck)"
    )


def test_a_position_whose_cards_show_both_sides_is_refused() -> None:
    flip = ur.presets.get("flip")
    with pytest.raises(ur.StateError) as caught:
        ur.situation(flip, ["OR:R5", "G1:PR", "B1:V5"], top="R1:T6")
    assert str(caught.value) == (
        "cards: R1:T6 and OR:R5 show different sides: every two-sided card shows the side in "
        "play (is OR:R5 meant as R5:OR?)"
    )
    dark = ur.situation(flip, ["OR:R5", "PR:G1"], top="T6:R1", draw_pile="")
    with pytest.raises(ur.StateError):
        ur.validate_state(attrs.evolve(dark, hands=(dark.hands[0], (C("G1:PR"),))))
    with pytest.raises(ur.StateError) as caught:
        ur.situation(flip, ["R5:OR", "G1:PR"], top="W:R8", color="red")
    assert "red cannot be in force: it is a colour of the other side of the cards" in str(
        caught.value
    )


def test_a_last_wild_draw_colour_still_makes_the_next_player_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top P1:R1; hands W+C:R2 / PR:G1 V5:B1 / TSE:B2 O2:G4; draw V4:B2 O1:G9 T3:R+1 P6:B3"
    v = _explained(capsys, table, "0 play W+C:R2 teal", "flip")
    # Seat 1 draws V4, O1 and T3, the first teal card.
    assert "seat 1 draws 3 cards until a teal card turns up (T3:R+1)" in v["headline"]
    assert "end.last-card-draw-applies" in [r["id"] for r in v["rules"]]


@pytest.mark.parametrize(
    ("move", "said"),
    [
        ("1 draw", "seat 1 must first name the colour of the wild card turned up"),
        (
            "2 color teal",
            "seat 1, whose turn comes, names the colour of the wild card turned up",
        ),
        (
            "1 challenge",
            "there is nothing to challenge: only a Wild Draw Two or Wild Draw Colour just laid "
            "on a player can be challenged",
        ),
    ],
)
def test_what_follows_a_wild_card_turned_up_is_said_as_it_is(
    capsys: pytest.CaptureFixture[str], move: str, said: str
) -> None:
    v = _explained(capsys, FLIP_TURNED, f"0 play RF:W; {move}", "flip")
    assert said in v["headline"] and "start card" not in v["headline"]
    assert "left of the dealer" not in v["headline"]


def test_a_colour_of_the_other_side_is_refused_for_what_it_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top R1:P1; hands W+2:P1 G5:V8 / ?3 / ?3"
    v = _explained(capsys, table, "0 play W+2:P1 pink", "flip")
    assert "pink is a colour of the cards' other side, not of the side in play" in v["headline"]
    assert "no card of this deck is pink" not in v["headline"]


def test_a_draw_until_a_colour_owed_is_said_without_a_count_of_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top P1:R1; hands W+C:R2 V8:G5 / T+5:B8 ?3 / ?3"
    v = _explained(capsys, table, "0 play W+C:R2 teal; 1 play T+5:B8", "flip")
    assert "owes 0 cards" not in v["headline"]
    assert "seat 1 must draw until a teal card turns up after W+C:R2" in v["headline"]


def test_a_bluff_drawn_until_a_colour_from_an_unknown_pile_tells_no_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top O3:G1; hands W+C:R2 OF:W / ?2 / ?2; names Ann Bo Cy"
    v = _explained(capsys, table, "Ann play W+C:R2 teal; Bo challenge", "flip")
    assert v["headline"].startswith(
        "The challenge succeeds – Ann draws until a teal card turns up, for the bluff"
    )
    assert "rests on the draw pile" in v["headline"]


def test_a_draw_one_owed_is_one_card(capsys: pytest.CaptureFixture[str]) -> None:
    table = "top R1:P1; hands R+1:W R2:OSE / Y1:O8 B9:P4 / B1:V5"
    v = _explained(capsys, table, "0 play R+1:W; 1 play Y1:O8", "flip")
    assert "owes 1 card after R+1:W" in v["headline"] and "1 cards" not in v["headline"]


@pytest.mark.parametrize("rule", ["house.jump-in", "house.multiple-identical"])
def test_rules_for_identical_cards_never_apply_to_a_deck_without_twins(rule: str) -> None:
    problems = validate(ur.presets.compose(ur.presets.get("flip"), (rule,)))
    assert [(p.kind, str(p.message)) for p in problems] == [
        ("inert", f"{rule} never applies: no two cards of this deck are identical")
    ]


def test_the_notation_in_swedish_keeps_both_sides() -> None:
    s = ur.situation(ur.presets.get("flip"), ["G1:PR Y2:T2", "B1:V5"], top="R1:P1")
    text = format_state(s, lang="sv")
    assert "Gr1:PR Gu2:T2" in text
    back = parse_situation(text, lang="sv").to_state(ur.presets.get("flip"))
    assert back.hands == s.hands


# --- what a UNO Flip family found on the dispute page ---------------------------------


def test_a_challenge_proved_by_a_card_given_is_no_maybe(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Ann holds the pink 3, and pink is in force: the Wild Draw Colour is a bluff
    # whatever her five cards nobody gave are.
    table = "top P7:GR; hands P3:B+1 W+C:R2 ?5 / ?5 / ?5; names Ann Bo Cilla"
    moves = "Ann play W+C:R2 teal; Bo challenge"
    v = _explained(capsys, table, moves, "flip")
    assert v["headline"].startswith(
        "The challenge succeeds – Ann draws until a teal card turns up, for the bluff"
    )
    assert "It depends" not in v["headline"]


def test_a_flip_without_the_discard_pile_tells_the_card_on_top_as_assumed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = "top R5:W+C; hands RF:W R2:OSE / ?5 / ?5; names Ann Bo Cilla"
    v = _explained(capsys, table, "Ann play RF:W", "flip")
    assert (
        "the bottom card of the discard pile comes on top (taken here to be W+C:R5)"
        in (v["headline"])
    )
    assert v["assumed"]
    # Given, the pile's bottom card comes on top as a fact, and does not act.
    table = "top R5:W+C; hands RF:W R2:OSE / ?5 / ?5; discard B7:P4 R5:W+C; names Ann Bo Cilla"
    v = _explained(capsys, table, "Ann play RF:W", "flip")
    assert "everything is turned over and P4:B7 comes on top" in v["headline"]
