"""Faults found by trials: states that cannot exist, JSON that escapes as a
bare Python error, an untyped ``loads``, preset composition that depends on
order, and a preset missing a rule its guide spells out.

Every expected value below is worked out by hand from the rules cited.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path

import attrs
import pytest
from helpers import card, cards, compiled, rules, sizes
from hypothesis import given, settings
from hypothesis import strategies as st

import unorules as ur
from unorules.dealing import draw_for_dealer
from unorules.engine import validation as state_validation
from unorules.rules import presets
from unorules.serialize import check_state, dumps, loads

# --------------------------------------------------------------------------- D19: loads


def _three_seats() -> ur.GameState:
    """Seat 0 holds R3 G5, seat 1 B2 B9, seat 2 Y1 Y2 on R7; the other 101
    cards of the classic deck are the draw pile."""
    return ur.situation(rules("official"), ["R3 G5", "B2 B9", "Y1 Y2"], top="R7")


def _edited(**change: object) -> str:
    data = json.loads(dumps(_three_seats()))
    if "owed" in change:  # the cards owed as format 1 wrote them
        del data["format"], data["pending"]
    data.update(change)
    return json.dumps(data)


def test_loads_turns_deep_nesting_into_an_uno_error() -> None:
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ur.UnoError, match="nested too deeply"):
        loads(text, ur.GameState)


@pytest.mark.parametrize("depth", [900, 5_000])
def test_loads_turns_deep_nesting_inside_a_state_into_an_uno_error(depth: int) -> None:
    # scores as `depth` nested arrays: either too deep to parse, or parsed
    # and then refused at $.scores[0].
    text = _edited(scores="@").replace('"@"', "[" * depth + "]" * depth)
    with pytest.raises(ur.UnoError) as err:
        loads(text, ur.GameState)
    assert "nested too deeply" in str(err.value) or "$.scores[0]" in str(err.value)


def test_loads_turns_a_5000_digit_number_into_an_uno_error() -> None:
    with pytest.raises(ur.UnoError, match=r"at \$\.current: the number is too large") as err:
        loads(_edited(current="@").replace('"@"', "9" * 5_000), ur.GameState)
    assert "set_int_max_str_digits" not in str(err.value)
    with pytest.raises(ur.UnoError, match=r"at \$: the number is too large \(5000 digits"):
        loads("9" * 5_000, ur.Move)  # type: ignore[arg-type]


def test_loads_refuses_a_state_with_cards_missing() -> None:
    # 7 cards are placed (R3 G5 B2 B9 Y1 Y2 and the top R7); with an empty
    # draw pile the other 101 of the 108 are nowhere.
    with pytest.raises(ur.StateError, match="101 cards of the deck are missing") as err:
        loads(_edited(draw_pile=[]), ur.GameState)
    assert err.value.field == "cards"
    assert isinstance(err.value, ur.SituationError)


def test_loads_refuses_a_state_with_a_card_too_many() -> None:
    # The classic deck holds one R0 per colour; a second one in a hand is one too many.
    data = json.loads(dumps(_three_seats()))
    data["hands"][0].append("R0")
    with pytest.raises(ur.StateError, match="2 x R0") as err:
        loads(json.dumps(data), ur.GameState)
    assert err.value.field == "cards"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        # start.wild: colours are named only for a wild start card, before any move.
        ({"phase": "choose-color", "color": None}, "phase", "the top card is R7"),
        ({"phase": "choose-color"}, "phase", "the top card is R7"),
        # challenge.take-back: official rules have no replay.
        ({"phase": "replay"}, "phase", "challenge.take-back"),
        # end.last-card: nobody went out and the round goes on.
        ({"winner": 1}, "winner", "the round is not over"),
        ({"turns": -1}, "turns", "-1 is below 0"),
        ({"shuffles": -3, "reshuffles": -4}, "shuffles", "-3 is below 0"),
        ({"round_number": 0}, "round_number", "0 is below 1"),
        ({"scores": [0, -5, 0]}, "scores[1]", "-5 is below 0"),
        ({"owed": -2}, "owed", "-2 is below 0"),
        ({"reshuffles": 2, "shuffles": 1}, "reshuffles", "2 reshuffles"),
        ({"scores": [0, 0]}, "scores", "one total per seat (3)"),
        # uno.penalty: seat 0 holds two cards, so no UNO call of it is missing.
        ({"uno_missed": 0, "uncalled": [0]}, "uno_missed", "seat 0 holds 2 cards"),
        ({"uncalled": [1]}, "uncalled", "seat 1 holds 2 cards"),
        ({"direction": 2}, "direction", "must be 1 or -1"),
        ({"dealer": 3}, "dealer", "seat 3 does not exist"),
        # Cards are owed only after a draw card: R7 is none.
        ({"phase": "owe", "owed": 2}, "phase", "not after R7"),
        (
            {
                "phase": "owe",
                "owed": 4,
                "wd4": {"player": 2, "broke_rule": True, "previous_color": "red", "card": "W+4"},
            },
            "phase",
            "not after R7",
        ),
        # A challengeable Wild Draw Four is the top card, in the owe phase.
        (
            {"wd4": {"player": 2, "broke_rule": True, "previous_color": "red", "card": "W+4"}},
            "wd4",
            "only in the phase 'owe', not 'turn'",
        ),
        ({"finished": [1]}, "finished", "seat 1 went out but holds 2 cards"),
    ],
)
def test_loads_refuses_states_that_cannot_exist(
    change: dict[str, object], field: str, message: str
) -> None:
    with pytest.raises(ur.StateError) as err:
        loads(_edited(**change), ur.GameState)
    assert err.value.field == field
    assert message in str(err.value)
    assert str(err.value).startswith(f"{field}: ")


def test_uno_missed_on_a_seven_card_hand_is_refused_before_a_catch_can_apply() -> None:
    """The trial: ``uno_missed`` naming a seat that holds 7 cards loaded, and
    CatchUno then made it draw to 9 (uno.penalty)."""
    state = ur.new_round(rules("official"), players=2, seed=1)
    assert sizes(state) == (7, 7)
    data = json.loads(dumps(state))
    data["uno_missed"] = 1
    data["uncalled"] = [1]
    with pytest.raises(ur.StateError, match="seat 1 holds 7 cards") as err:
        loads(json.dumps(data), ur.GameState)
    assert err.value.field == "uno_missed"


def test_replay_needs_the_wild_draw_four_taken_back_in_hand() -> None:
    # challenge.take-back in force, but seat 0 holds only R3 G5: it took no card back.
    data = json.loads(dumps(_three_seats()))
    data["rules"] = json.loads(dumps(rules("official+challenge.take-back")))
    data["phase"] = "replay"
    with pytest.raises(ur.StateError, match="keeps the record of the Wild Draw Four") as err:
        loads(json.dumps(data), ur.GameState)
    assert err.value.field == "wd4"
    # With a record of the card taken back, the hand must still hold it.
    data["wd4"] = {"player": 0, "broke_rule": True, "previous_color": "red", "card": "W+4"}
    with pytest.raises(ur.StateError, match="holds no Wild Draw Four") as err:
        loads(json.dumps(data), ur.GameState)
    assert err.value.field == "phase"


def test_check_state_is_the_same_validation() -> None:
    state = _three_seats()
    assert check_state(state) is state
    with pytest.raises(ur.StateError, match="cards"):
        check_state(attrs.evolve(state, draw_pile=()))


def test_validate_state_is_public() -> None:
    assert "validate_state" in ur.__all__ and "StateError" in ur.__all__
    if compiled(state_validation):
        return  # compiled with mypyc, a function keeps no docstring
    assert ur.validate_state.__doc__ is not None
    for rule_id in ("end.play-on", "challenge.take-back", "uno.required-to-win", "pile.exhausted"):
        assert rule_id in ur.validate_state.__doc__


def test_validate_state_names_a_state_that_is_no_state() -> None:
    with pytest.raises(ur.StateError) as err:
        ur.validate_state("R7")  # type: ignore[arg-type]
    assert err.value.field == "state"


# --------------------------------------------------------------------------- D19: real states pass


def _replay_state() -> ur.GameState:
    """challenge.take-back: seat 0 lays W+4 on R7 holding R5 (a red card, so a
    bluff); seat 1 challenges; seat 0 takes it back and must lay a legal card
    from the hand it had, on R7 red, before it draws the 4 (seed 002)."""
    r = rules("official+challenge.take-back")
    s = ur.situation(r, ["W+4 R5 G2", "B1 B2 B3"], top="R7", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6")
    s = ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))
    return ur.apply(s, ur.Challenge(1))


def test_replay_state_is_valid() -> None:
    s = _replay_state()
    assert s.phase is ur.Phase.REPLAY and s.current == 0
    assert s.hands[0] == cards("R5 G2 W+4")
    assert s.top == card("R7") and s.color is ur.Color.RED
    assert s.wd4 == ur.Wd4Record(0, True, ur.Color.RED)
    ur.validate_state(s)
    assert loads(dumps(s), ur.GameState) == s


def test_a_wild_open_to_challenge_is_valid() -> None:
    """challenge.also-wild under wild.restricted: seat 0 lays W holding R5 on
    R7; the Wild can be challenged by seat 1 in its normal turn."""
    r = rules("official+wild.restricted+challenge.also-wild")
    s = ur.situation(r, ["W R5 G2", "B1 B2 B3"], top="R7")
    s = ur.apply(s, ur.Play(0, card("W"), ur.Color.BLUE))
    assert s.phase is ur.Phase.TURN and s.current == 1
    assert s.wd4 == ur.Wd4Record(0, True, ur.Color.RED, card("W"))
    ur.validate_state(s)
    assert loads(dumps(s), ur.GameState) == s


def test_a_wild_start_card_waiting_for_its_colour_is_valid() -> None:
    # Two seats dealt alternately R1 G1 R2 G2 ...; the 15th card, W, starts (start.wild).
    deck = "R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 W"
    s = ur.new_round(rules("official"), 2, deck=deck, dealer=1)
    assert s.phase is ur.Phase.CHOOSE_COLOR and s.color is None and s.current == 0
    assert s.hands == (cards("R1 R2 R3 R4 R5 R6 R7"), cards("G1 G2 G3 G4 G5 G6 G7"))
    ur.validate_state(s)
    assert loads(dumps(s), ur.GameState) == s


def test_a_seat_out_while_the_others_play_on_is_valid() -> None:
    """end.play-on: seat 0 goes out with R3 and wins; seats 1-3 play on."""
    r = rules("official+end.play-on")
    s = ur.situation(r, ["R3", "W+4 G8 G9", "Y5 B5 B6", "Y1 Y2 Y3"], top="R7")
    s = ur.apply(s, ur.Play(0, card("R3")))
    assert s.winner == 0 and s.finished == (0,) and not s.round_over
    assert s.current == 1 and s.hands[0] == ()
    ur.validate_state(s)
    assert loads(dumps(s), ur.GameState) == s


def test_a_situation_with_unknown_hands_and_cards_out_of_play_is_valid() -> None:
    # Placed: R3 G5, B1, the top R7 and the draw pile G1 G2 (6 cards); seat
    # 1's 5 unknown cards come from the other 102, and the 97 left are out of
    # play: 6 + 5 + 97 = 108.
    s = ur.situation(rules("official"), ["R3 G5", "?5", "B1"], top="R7", draw_pile="G1 G2")
    assert sizes(s) == (2, 5, 1)
    assert len(s.out_of_play) == 97
    ur.validate_state(s)


@pytest.mark.parametrize("name", presets.names())
def test_every_preset_deals_a_valid_state(name: str) -> None:
    r = rules(name)
    s = ur.new_round(r, players=max(r.deck.min_players, 3), seed=3)
    ur.validate_state(s)


# --------------------------------------------------------------------------- D19: engine faults


def _blank_card_after_a_missed_call() -> ur.GameState:
    """house.custom-cards (every other player draws one): seat 0 lays R3
    without calling UNO and holds R4 (uncalled); seat 1 lays the blank card
    WC naming green; seat 2 draws Y1 and seat 0 draws Y2, so seat 0 holds
    R4 Y2 and owes no UNO call any more."""
    r = rules("official-2018+house.custom-cards")
    s = ur.situation(r, ["R3 R4", "WC G1 G2", "B1 B2"], top="R7", draw_pile="Y1 Y2 Y3")
    s = ur.apply(s, ur.Play(0, card("R3")))
    # A late call would still count (uno.call): the call is missing, not lost.
    assert s.uno_missed == 0 and s.uncalled == ()
    return ur.apply(s, ur.Play(1, card("WC"), ur.Color.GREEN))


def test_blank_card_effect_moves_the_cards_as_written() -> None:
    s = _blank_card_after_a_missed_call()
    assert s.hands == (cards("R4 Y2"), cards("G1 G2"), cards("B1 B2 Y1"))
    assert s.current == 2 and s.uno_missed is None


def test_blank_card_effect_leaves_no_uncalled_seat_with_two_cards() -> None:
    s = _blank_card_after_a_missed_call()
    ur.validate_state(s)
    assert s.uncalled == ()


def test_blank_card_effect_then_a_missed_call_lists_the_seat_once() -> None:
    """Two seats: seat 0 lays R3 without calling (holds R4, uncalled); seat 1
    lays WC naming red and seat 0 draws Y1; seat 0 lays R4 without calling
    and holds Y1: one missed call. Seat 1 (G1 G2, red in force) draws Y2, which
    does not fit: the late call no longer counts and seat 0 is listed once."""
    r = rules("official-2018+house.custom-cards")
    s = ur.situation(r, ["R3 R4", "WC G1 G2"], top="R7", draw_pile="Y1 Y2 Y3")
    s = ur.apply(s, ur.Play(0, card("R3")))
    s = ur.apply(s, ur.Play(1, card("WC"), ur.Color.RED))
    assert s.hands == (cards("R4 Y1"), cards("G1 G2"))
    s = ur.apply(s, ur.Play(0, card("R4")))
    assert s.hands == (cards("Y1"), cards("G1 G2")) and s.uno_missed == 0
    ur.validate_state(s)
    assert s.uncalled == ()
    s = ur.apply(s, ur.Draw(1))
    assert s.hands[1] == cards("G1 G2 Y2") and s.current == 0
    ur.validate_state(s)
    assert s.uncalled == (0,)


# --------------------------------------------------------------------------- D20: typed loads


def test_loads_of_a_move_type_checks_as_a_move(tmp_path: Path) -> None:
    from mypy import api

    module = tmp_path / "typed_loads.py"
    module.write_text(
        "import unorules as ur\n"
        "from unorules.serialize import dumps, loads, structure\n"
        "move = ur.Play(0, ur.Card.parse('W+4'), ur.Color.BLUE)\n"
        "back: ur.Move = loads(dumps(move), ur.Move)\n"
        "reveal_type(loads(dumps(move), ur.Move))\n"
        "reveal_type(loads('{}', ur.GameState))\n"
        "reveal_type(structure({}, ur.Move))\n"
        "reveal_type(loads('{}', ur.RuleSet))\n"
    )
    out, err, status = api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(module)]
    )
    revealed = [
        line.split('Revealed type is "')[1].rstrip('"')
        for line in out.splitlines()
        if "Revealed" in line
    ]
    move = (
        "unorules.moves.Play | unorules.moves.Draw | unorules.moves.Pass | "
        "unorules.moves.ChooseColor | unorules.moves.CallUno | unorules.moves.CatchUno | "
        "unorules.moves.Challenge | unorules.moves.Timeout"
    )
    assert revealed == [move, "unorules.state.GameState", move, "unorules.rules.ruleset.RuleSet"], (
        out
    )
    assert "error" not in out, out
    assert status == 0, (out, err)


def test_loads_refuses_any_other_union() -> None:
    with pytest.raises(ur.UnoError, match="only union"):
        loads('{"player": 0, "type": "Draw"}', ur.Draw | ur.Pass)
    assert loads('{"player": 0, "type": "Draw"}', ur.Move) == ur.Draw(0)


# --------------------------------------------------------------------------- A7: norsk


def test_norsk_draws_for_the_first_dealer() -> None:
    """003: "Alle spillere trekker et kort ... den med høyest tallverdi får
    oppgaven" (setup.dealer-draw)."""
    r = rules("norsk")
    assert "setup.dealer-draw" in r.rule_ids
    dealer, rounds = draw_for_dealer(r, 4, seed=5)
    last = rounds[-1]
    values = [c.number or 0 for c in last]
    assert values.count(max(values)) == 1
    assert ur.new_game(r, 4, seed=5).dealer == dealer
    assert "setup.dealer-draw" not in rules("svenska").rule_ids


# --------------------------------------------------------------------------- A9: composition


def _unnamed(r: ur.RuleSet) -> ur.RuleSet:
    return r.replace(name="-")


def _faces(r: ur.RuleSet) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in r.deck.cards():
        counts[c.face.value] = counts.get(c.face.value, 0) + 1
    return counts


@pytest.mark.parametrize(
    "specs",
    [
        ("kids+deck.modern-112", "official+deck.modern-112+house.kids"),
        ("official+house.kids+deck.classic-108", "official+deck.classic-108+house.kids", "kids"),
    ],
)
def test_kids_takes_the_wild_draw_fours_out_of_any_deck_in_any_order(
    specs: tuple[str, ...],
) -> None:
    built = [rules(spec) for spec in specs]
    assert all(_unnamed(b) == _unnamed(built[0]) for b in built)
    for r in built:
        faces = _faces(r)
        assert "W+4" not in faces  # house.kids
        assert "house.kids" in r.deck.rule_ids
        assert loads(dumps(r), ur.RuleSet) == r


def test_kids_on_the_modern_deck_keeps_its_special_wilds() -> None:
    faces = _faces(rules("kids+deck.modern-112"))
    # deck.modern-112: 4 W, 1 WS, 3 WC; house.kids removes the 4 W+4: 112 - 4 = 108.
    assert (faces["W"], faces["WS"], faces["WC"]) == (4, 1, 3)
    assert len(rules("kids+deck.modern-112").deck.cards()) == 108


@pytest.mark.parametrize(
    "spec",
    [
        "norsk+start.number-only",
        "official+deck.modern-112+setup.dealer-draw+start.reverse.right-of-dealer"
        "+end.no-wd4-last+start.number-only",
        "official+start.number-only+start.reverse.right-of-dealer",
    ],
)
def test_number_only_start_and_a_reverse_start_contradict_however_written(spec: str) -> None:
    with pytest.raises(ur.RuleSetError, match="contradict") as err:
        rules(spec)
    assert set(err.value.rule_ids) == {"start.reverse.right-of-dealer", "start.number-only"}


def test_an_option_on_a_policy_house_kids_sets_names_house_kids() -> None:
    for spec in ("kids+challenge.take-back", "official+challenge.take-back+house.kids"):
        with pytest.raises(ur.RuleSetError, match=r"'house\.kids' puts NoChallenge") as err:
            rules(spec)
        assert err.value.rule_ids == ("challenge.take-back", "house.kids", "challenge.none")


def test_a_preset_and_its_ids_written_out_are_one_rule_set() -> None:
    for name in presets.names():
        own = presets.PRESETS[name][0]
        if own:
            assert _unnamed(rules(name)) == _unnamed(rules(f"official+{own}")), name


def test_an_id_the_preset_already_has_changes_nothing() -> None:
    assert _unnamed(rules("norsk+deck.modern-112")) == _unnamed(rules("norsk"))


_IDS = st.lists(st.sampled_from(presets.available()), max_size=8, unique=True)


def _valid(ids: list[str]) -> ur.RuleSet | None:
    try:
        return presets.get("+".join(("official", *ids)))
    except ur.RuleSetError:
        return None


@settings(max_examples=300, deadline=None)
@given(ids=_IDS, data=st.data())
def test_composition_depends_only_on_the_set_of_ids(ids: list[str], data: st.DataObject) -> None:
    built = _valid(ids)
    shuffled = data.draw(st.permutations(ids))
    other = _valid(list(shuffled))
    if built is None:
        assert other is None, (ids, shuffled)
        return
    assert other is not None, (ids, shuffled)
    assert _unnamed(built) == _unnamed(other)
    assert set(ids) <= set(built.rule_ids)
    # Rebuilt from its own IDs it is the same rule set, and JSON keeps it.
    assert presets.from_rule_ids(built.rule_ids, name=built.name) == built
    assert loads(dumps(built), ur.RuleSet) == built


def test_every_pair_of_ids_composes_in_both_orders_alike() -> None:
    """Every pair under the ``ci`` profile; a random tenth of them under
    ``dev`` (tests/conftest.py), as the property tests do."""
    pairs = list(itertools.combinations(presets.available(), 2))
    if os.environ.get("HYPOTHESIS_PROFILE", "dev") == "dev":
        pairs = random.sample(pairs, len(pairs) // 10)
    for a, b in pairs:
        one, two = _valid([a, b]), _valid([b, a])
        assert (one is None) == (two is None), (a, b)
        if one is not None and two is not None:
            assert _unnamed(one) == _unnamed(two), (a, b)
            assert {a, b} <= set(one.rule_ids), (a, b)
            assert loads(dumps(one), ur.RuleSet) == one, (a, b)


def test_a_penalty_that_makes_the_drawn_card_unlawful_passes_the_turn() -> None:
    """Seat 0 drew a Wild Draw Four it may lay (no blue card, blue in
    force), then calls UNO with three cards under uno.false-call: it takes
    B1 and G2, and now holds blue, so the Wild Draw Four may no longer be
    laid; the turn does not stop on it any more and passes to seat 1 (a state
    whose drawn card cannot be played would be one no move leaves)."""
    from unorules.state import Phase

    rules = ur.presets.get("official+uno.false-call")
    state = ur.situation(rules, ["R3 Y2 W+4", "Y1 Y5"], top="B7", draw_pile="B1 G2 Y9 Y8")
    state = attrs.evolve(state, phase=Phase.DRAWN, drawn=ur.Card.parse("W+4"))
    ur.validate_state(state)
    after = ur.apply(state, ur.CallUno(0))
    assert after.phase is Phase.TURN and after.current == 1 and after.drawn is None
    assert ur.format_cards(after.hands[0]) == "R3 Y2 W+4 B1 G2"
    ur.validate_state(after)
    text = str(ur.explain(state, ur.CallUno(0)))
    assert "seat 0 draws 2 cards: no UNO call was due [uno.false-call]" in text
    assert "the turn passes [draw.one-then-may-play]" in text
