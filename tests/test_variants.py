"""Variants as a whole: the decks, the presets, preset strings, validation,
JSON, and policies written by users.

The deck counts are written out by hand from RULES.md §1; each preset is
built, dealt and played to the end of a random round; every error of a
preset string names what is wrong.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from helpers import all_cards, card, cards, rules

import unorules as ur
from unorules.rules import presets
from unorules.rules.policies import DrawChoicePolicy, ModernDeck, WildPolicy
from unorules.rules.validation import validate
from unorules.serialize import dumps, loads

COLOUR_CODES = "RYGB"


def faces(deck: Sequence[ur.Card]) -> Counter[str]:
    """How many cards of each face (``"7"``, ``"S"``, ``"+2"``, ``"W+4"`` ...)."""
    return Counter(c.face.value for c in deck)


def per_colour(deck: Sequence[ur.Card], colour: ur.Color) -> Counter[str]:
    return Counter(c.face.value for c in deck if c.color is colour)


# --- deck composition -------------------------------------------------------------------

CLASSIC_PER_COLOUR = Counter({"0": 1, **{str(n): 2 for n in range(1, 10)}, "S": 2, "R": 2, "+2": 2})


def test_classic_108_composition() -> None:
    deck = rules("official").deck.cards()
    assert len(deck) == 108
    for colour in ur.COLORS:
        assert per_colour(deck, colour) == CLASSIC_PER_COLOUR
        assert sum(per_colour(deck, colour).values()) == 25
    wild = faces([c for c in deck if c.color is None])
    assert wild == Counter({"W": 4, "W+4": 4})
    assert sum(c.face.is_number for c in deck) == 76
    assert sum(c.face.value in ("S", "R", "+2") for c in deck) == 24


@pytest.mark.parametrize("blanks", [0, 1, 2, 3])
@pytest.mark.parametrize(("swap", "special"), [(False, "WS"), (True, "WX")])
def test_modern_112_composition(swap: bool, special: str, blanks: int) -> None:
    deck = ModernDeck(swap=swap, blanks=blanks).cards()
    assert len(deck) == 108 + 1 + blanks
    for colour in ur.COLORS:
        assert per_colour(deck, colour) == CLASSIC_PER_COLOUR
    other = "WX" if special == "WS" else "WS"
    wild = faces([c for c in deck if c.color is None])
    assert wild == +Counter({"W": 4, "W+4": 4, special: 1, "WC": blanks, other: 0})


def test_modern_112_presets_use_three_blanks() -> None:
    for spec, special in (
        ("official+deck.modern-112", "WS"),
        ("official+deck.modern-112-swap", "WX"),
        ("official-2018", "WS"),
        ("official-2022", "WS"),
        ("norsk", "WS"),
    ):
        deck = rules(spec).deck.cards()
        assert len(deck) == 112, spec
        assert faces(deck)[special] == 1
        assert faces(deck)["WC"] == 3


@pytest.mark.parametrize("blanks", [-1, 4, 1.5])
def test_modern_112_blanks_out_of_range(blanks: object) -> None:
    with pytest.raises(ValueError, match="blank"):
        ModernDeck(blanks=blanks)  # type: ignore[arg-type]


def test_two_decks_composition() -> None:
    deck = rules("official+deck.two-decks").deck.cards()
    assert len(deck) == 216
    for colour in ur.COLORS:
        assert per_colour(deck, colour) == CLASSIC_PER_COLOUR + CLASSIC_PER_COLOUR
    assert faces([c for c in deck if c.color is None]) == Counter({"W": 8, "W+4": 8})
    assert Counter(deck) == Counter(ur.classic_108()) + Counter(ur.classic_108())


def test_junior_composition() -> None:
    deck = rules("official+deck.junior").deck.cards()
    assert len(deck) == 36
    for colour in ur.COLORS:
        assert per_colour(deck, colour) == Counter({**{str(n): 1 for n in range(1, 8)}, "+2": 1})
    assert faces([c for c in deck if c.color is None]) == Counter({"W": 4})
    assert not {"0", "8", "9", "S", "R", "W+4"} & set(faces(deck))


def test_kids_deck_has_no_wild_draw_four() -> None:
    deck = rules("kids").deck.cards()
    assert len(deck) == 104
    assert Counter(deck) == Counter(c for c in ur.classic_108() if c != card("W+4"))


# --- every preset builds, deals and plays ----------------------------------------------------


def preset_ids(name: str) -> list[str]:
    return [i for i in presets.PRESETS[name][0].split("+") if i]


def seats_for(r: ur.RuleSet) -> list[int]:
    low, high = r.deck.min_players, r.deck.max_players
    return sorted({low, min(max(low, 4), high), high})


@pytest.mark.parametrize("name", presets.names())
def test_preset_rule_ids_contain_its_definition(name: str) -> None:
    r = rules(name)
    assert r.name == name
    assert presets.describe(name) == presets.PRESETS[name][1]
    for rid in preset_ids(name):
        if rid.startswith("score.target="):
            assert r.target == int(rid.partition("=")[2])
        else:
            assert rid in r.rule_ids, (name, rid)
    assert set(r.rule_ids) <= set(ur.CATALOGUE)


@pytest.mark.parametrize("name", presets.names())
def test_preset_deals_and_plays_a_random_round(name: str) -> None:
    r = rules(name)
    deck = Counter(r.deck.cards())
    for players in seats_for(r):  # a two-sided card counts whichever side is up
        for seed in range(3):
            state = ur.new_round(r, players=players, seed=seed)
            assert len(state.hands) == players
            assert all_cards(state) == deck
            rng = random.Random(seed)
            for _ in range(50_000):
                if state.round_over:
                    break
                moves = ur.legal_moves(state)
                assert moves, f"{name}: no legal move in {state!r}"
                state = ur.apply(state, rng.choice(moves))
            assert state.round_over, f"{name}: the round did not end"
            assert ur.legal_moves(state) == ()
            assert Counter(r.upright(c) for c in all_cards(state).elements()) == deck


def test_preset_player_counts() -> None:
    assert seats_for(rules("official")) == [2, 4, 10]
    assert seats_for(rules("two-decks")) == [11, 20]
    assert rules("junior").deck.min_players == 2


# --- preset-string errors ---------------------------------------------------------------------


def test_unknown_rule_id_names_it_and_the_nearest() -> None:
    with pytest.raises(ur.RuleSetError) as err:
        presets.get("official+house.jump-inn")
    assert "house.jump-inn" in str(err.value)
    assert "house.jump-in" in err.value.rule_ids


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(ur.RuleSetError) as err:
        presets.get("kitchen+house.jump-in")
    for name in presets.names():
        assert name in str(err.value)


def test_duplicate_rule_id() -> None:
    with pytest.raises(ur.RuleSetError, match="twice") as err:
        presets.get("official+house.jump-in+house.jump-in")
    assert err.value.rule_ids == ("house.jump-in",)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("deck.modern-112", "deck.junior"),
        ("deck.two-decks", "deck.modern-112-swap"),
        ("uno.call-strict", "uno.call-at-two"),
        ("score.penalty-points", "score.elimination"),
        ("score.single-round", "score.winner-takes"),
        ("score.card-values", "score.card-values-2022"),
        ("house.force-play", "draw.allowed-when-playable"),
        ("wild.any-time", "wild.restricted"),
        ("uno.penalty", "uno.reminder"),
        ("play.one-card", "house.multiple-identical"),
    ],
)
def test_two_readings_of_one_rule_name_both(first: str, second: str) -> None:
    assert second in presets.alternatives(first)
    with pytest.raises(ur.RuleSetError, match="two readings") as err:
        presets.get(f"official+{first}+{second}")
    assert first in str(err.value)
    assert second in str(err.value)
    assert set(err.value.rule_ids) == {first, second}


@pytest.mark.parametrize(
    "spec",
    [
        "official+challenge.none+challenge.anyone",
        "official+challenge.none+challenge.take-back",
        "official+challenge.none+challenge.also-wild",
        "kids+challenge.anyone",
    ],
)
def test_option_on_the_wrong_policy(spec: str) -> None:
    option = spec.rsplit("+", 1)[1]
    with pytest.raises(ur.RuleSetError, match="contradict") as err:
        presets.get(spec)
    assert option in str(err.value)
    assert option in err.value.rule_ids
    assert "challenge.none" in err.value.rule_ids


@pytest.mark.parametrize(
    "spec",
    [
        "official+challenge.anyone+challenge.none",
        "official+challenge.take-back+house.kids",
    ],
)
def test_option_then_the_policy_it_contradicts(spec: str) -> None:
    """The other order of test_option_on_the_wrong_policy: an option given
    before the policy that has no such option is the same contradiction; it
    must not be dropped silently."""
    option = spec.split("+")[1]
    with pytest.raises(ur.RuleSetError) as err:
        presets.get(spec)
    assert option in err.value.rule_ids


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("uno.false-call", "uno.call-strict"),
        ("uno.required-to-win", "uno.call-at-two"),
        ("challenge.anyone", "challenge.take-back"),
        ("end.no-wd4-last", "end.play-on"),
        ("house.stack-draw-two", "house.stack-draw-four"),
        ("house.seven-zero", "house.jump-in"),
        ("uno.false-call", "house.kids"),
    ],
)
def test_options_combine_in_either_order(a: str, b: str) -> None:
    one = set(rules(f"official+{a}+{b}").rule_ids)
    other = set(rules(f"official+{b}+{a}").rule_ids)
    assert one == other, one ^ other
    assert {a, b} <= one


@pytest.mark.parametrize(
    "spec",
    [
        "official-2018+end.last-card-no-effect",
        "svenska+end.shuffle-hands-last",
        "official+end.last-card-no-effect+end.shuffle-hands-last",
    ],
)
def test_contradiction(spec: str) -> None:
    with pytest.raises(ur.RuleSetError) as err:
        presets.get(spec)
    assert set(err.value.rule_ids) == {"end.last-card-no-effect", "end.shuffle-hands-last"}
    assert "end.last-card-no-effect" in str(err.value)
    assert "end.shuffle-hands-last" in str(err.value)


@pytest.mark.parametrize(
    ("spec", "players", "low", "high"),
    [
        ("official", 11, 2, 10),
        ("official", 1, 2, 10),
        ("two-decks", 5, 11, 20),
        ("two-decks", 21, 11, 20),
        ("official-2018", 11, 2, 10),
    ],
)
def test_player_count_the_deck_cannot_serve(spec: str, players: int, low: int, high: int) -> None:
    r = rules(spec)
    with pytest.raises(ur.SituationError) as err:
        ur.new_round(r, players=players, seed=1)
    message = str(err.value)
    assert str(players) in message
    assert f"{low} to {high}" in message
    assert r.deck.rule_ids[0] in message
    with pytest.raises(ur.SituationError, match=str(players)):
        ur.situation(r, ["?1"] * players, top="R7")


def test_junior_deals_five_and_cannot_serve_eleven() -> None:
    r = rules("junior")
    assert [len(h) for h in ur.new_round(r, players=2, seed=1).hands] == [5, 5]
    with pytest.raises(ur.SituationError, match="11"):
        ur.new_round(r, players=11, seed=1)


# --- validate ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "affected", "because"),
    [
        ("kids+house.stack-draw-four", "house.stack-draw-four", "house.kids"),
        ("kids+house.stack-draw-four-on-two", "house.stack-draw-four-on-two", "house.kids"),
        ("official+challenge.also-wild", "challenge.also-wild", "wild.any-time"),
        ("junior+house.stack-draw-four", "house.stack-draw-four", "deck.junior"),
        ("junior+end.no-wd4-last", "end.no-wd4-last", "deck.junior"),
        ("official+wd4.unrestricted", "challenge.wd4", "wd4.unrestricted"),
        ("official+wd4.unrestricted+challenge.anyone", "challenge.anyone", "wd4.unrestricted"),
        ("official+end.shuffle-hands-last", "end.shuffle-hands-last", "deck.classic-108"),
        (
            "official+end.number-card-last+end.no-wd4-last",
            "end.no-wd4-last",
            "end.number-card-last",
        ),
        (
            "official+score.single-round+score.card-values-2022",
            "score.card-values-2022",
            "score.single-round",
        ),
        ("official+uno.reminder+strict", "uno.reminder", "strict"),
    ],
)
def test_validate_reports_inert_rules(spec: str, affected: str, because: str) -> None:
    problems = validate(rules(spec))
    inert = [p for p in problems if p.kind == "inert"]
    assert inert, spec
    assert any(p.rule_ids[0] == affected and because in p.rule_ids for p in inert), [
        str(p) for p in problems
    ]
    assert all(affected in p.message for p in inert if p.rule_ids[0] == affected)


def test_validate_names_nothing_for_a_restricted_wild_challenge() -> None:
    assert validate(rules("official+wild.restricted+challenge.also-wild")) == ()


@pytest.mark.parametrize("name", presets.names())
def test_validate_finds_no_problem_in_a_preset(name: str) -> None:
    assert validate(rules(name)) == ()


def test_validate_reports_a_contradiction_built_by_hand() -> None:
    from unorules.rules import policies as p

    r = presets.get("official-2018").replace(
        going_out=p.GoingOut(last_card_effect=False, shuffle_hands_last=True)
    )
    problems = validate(r)
    assert [pr.kind for pr in problems] == ["contradiction"]
    assert set(problems[0].rule_ids) == {"end.last-card-no-effect", "end.shuffle-hands-last"}


# --- JSON round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", presets.names())
def test_json_round_trip_mid_round(name: str) -> None:
    r = rules(name)
    players = max(r.deck.min_players, 3)
    state = ur.new_round(r, players=players, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        moves = ur.legal_moves(state)
        if state.round_over or not moves:
            break
        state = ur.apply(state, rng.choice(moves))
    text = dumps(state)
    back = loads(text, ur.GameState)
    assert back == state
    assert back.rules.rule_ids == r.rule_ids
    assert back.rules.target == r.target
    assert ur.legal_moves(back) == ur.legal_moves(state)
    assert dumps(back) == text


@pytest.mark.parametrize(
    "spec",
    [
        "official-2018+house.custom-cards+house.timed-turns",
        "official+setup.dealer-draw+house.seven-optional+house.multiple-identical",
        "official+deck.modern-112-swap+house.jump-in+end.play-on",
        "official+wild.restricted+challenge.also-wild+uno.false-call+uno.required-to-win",
        "official+score.elimination+score.target=300",
    ],
)
def test_json_round_trip_of_house_rules(spec: str) -> None:
    r = rules(spec)
    state = ur.new_round(r, players=4, seed=2)
    back = loads(dumps(state), ur.GameState)
    assert back == state
    assert loads(dumps(r), ur.RuleSet) == r


def test_json_round_trip_of_new_moves() -> None:
    for move in (
        ur.Play(0, card("R7"), None, 2),
        ur.Play(1, card("G5"), None, None, 2),
        ur.Play(2, card("WX"), ur.Color.BLUE, 0),
        ur.Timeout(1),
    ):
        assert loads(dumps(move), ur.Move) == move


def _edited(change: dict[str, object]) -> str:
    """The JSON of a 3-seat state in its normal turn, with fields replaced."""
    import json

    state = ur.situation(rules("official"), ["R3 G5", "B2 B9", "Y1 Y2"], top="R7")
    data = json.loads(dumps(state))
    if "owed" in change:  # the cards owed as format 1 wrote them
        del data["format"], data["pending"]
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"uncalled": [9]}, "uncalled: seat 9 does not exist"),
        ({"finished": [1, 1]}, "finished: a seat is listed twice"),
        (
            {
                "phase": "owe",
                "owed": 4,
                "wd4": {"player": 7, "broke_rule": True, "previous_color": "red", "card": "W+4"},
            },
            "wd4.player: seat 7 does not exist",
        ),
        ({"hands": [[], [], []]}, "every hand is empty"),
        ({"hands": [[], ["B2"], ["Y1"]]}, "seat 0 holds no cards"),
        ({"drawn": "G5"}, "drawn: G5 does not fit the phase 'turn'"),
        ({"phase": "drawn", "drawn": "Y1"}, "drawn: Y1 is not in the hand of seat 0"),
        ({"color": "blue"}, "color: the top card R7 is red, not blue"),
        ({"current": 1.7}, "at $.current: expected a whole number, not 1.7"),
        ({"current": True}, "at $.current: expected a whole number"),
        ({"scores": "000"}, "at $.scores: expected a list, not '000'"),
        ({"hands": "R3"}, "at $.hands: expected a list"),
        ({"hands": ["R3", ["B2"], ["Y1"]]}, "at $.hands[0]: expected a list of cards"),
        ({"draw_pile": [7]}, "at $.draw_pile[0]: expected a card code"),
    ],
)
def test_loads_refuses_states_that_cannot_exist(change: dict[str, object], message: str) -> None:
    with pytest.raises(ur.UnoError) as err:
        loads(_edited(change), ur.GameState)
    assert message in str(err.value)


def test_loads_reads_rule_set_fields_strictly() -> None:
    import json

    data = json.loads(dumps(rules("official")))
    for field, value in (("strict", "false"), ("target", "500"), ("rule_ids", [1])):
        with pytest.raises(ur.UnoError, match=field):
            loads(json.dumps({**data, field: value}), ur.RuleSet)


# --- policies written by users -------------------------------------------------------------------


@attrs.frozen
class WildOnlyOnWild:
    """A table's own wild rule: a plain Wild may only be laid on a wild card."""

    rule_ids: tuple[str, ...] = ("table.wild-on-wild",)

    def allows(self, hand: Sequence[ur.Card], top: ur.Card, color: ur.Color | None) -> bool:
        return top.is_wild


@attrs.frozen
class TableForcePlay:
    """A table's own draw rule: whoever can play must play."""

    rule_ids: tuple[str, ...] = ("table.must-play",)

    def may_draw(self, has_playable: bool) -> bool:
        return not has_playable


def test_users_wild_policy() -> None:
    policy: WildPolicy = WildOnlyOnWild()
    r = presets.official().replace(wild=policy)
    assert "table.wild-on-wild" in r.rule_ids
    assert "wild.any-time" not in r.rule_ids
    s = ur.situation(r, ["W R3 B2", "Y5 Y6"], top="R7")
    wilds = [m for m in ur.legal_moves(s) if isinstance(m, ur.Play) and m.card == card("W")]
    assert wilds == []
    verdict = ur.explain(s, ur.Play(0, card("W"), ur.Color.BLUE))
    assert not verdict.allowed
    assert verdict.rule_ids == ("table.wild-on-wild",)
    with pytest.raises(ur.IllegalMove) as err:
        ur.apply(s, ur.Play(0, card("W"), ur.Color.BLUE))
    assert err.value.rule_ids == ("table.wild-on-wild",)
    on_wild = ur.situation(r, ["W R3 B2", "Y5 Y6"], top="W", color="green")
    wilds = [m for m in ur.legal_moves(on_wild) if isinstance(m, ur.Play) and m.card == card("W")]
    assert {m.color for m in wilds} == set(ur.COLORS)
    after = ur.apply(on_wild, ur.Play(0, card("W"), ur.Color.RED))
    assert (after.color, after.current) == (ur.Color.RED, 1)
    # The official policy lists the same Wild on the red 7.
    official = ur.situation(presets.official(), ["W R3 B2", "Y5 Y6"], top="R7")
    assert ur.Play(0, card("W"), ur.Color.BLUE) in ur.legal_moves(official)


def test_users_draw_choice_policy() -> None:
    policy: DrawChoicePolicy = TableForcePlay()
    r = presets.official().replace(draw_choice=policy)
    assert "table.must-play" in r.rule_ids
    assert "draw.allowed-when-playable" not in r.rule_ids
    playable = ur.situation(r, ["B9 G1", "R1 R2"], top="B4", draw_pile="Y4 G5")
    assert ur.Draw(0) not in ur.legal_moves(playable)
    verdict = ur.explain(playable, ur.Draw(0))
    assert not verdict.allowed
    assert verdict.rule_ids[0] == "table.must-play"
    stuck = ur.situation(r, ["R9 G1", "R1 R2"], top="B4", draw_pile="Y5 G5")
    assert ur.Draw(0) in ur.legal_moves(stuck)
    drew = ur.apply(stuck, ur.Draw(0))
    assert drew.hands[0] == cards("R9 G1 Y5")
    assert drew.current == 1
    official = ur.situation(presets.official(), ["B9 G1", "R1 R2"], top="B4")
    assert ur.Draw(0) in ur.legal_moves(official)


def test_users_policy_goes_into_a_slot_only() -> None:
    with pytest.raises(ur.RuleSetError, match="not a slot"):
        presets.official().replace(wilds=WildOnlyOnWild())


def test_validate_stack_draw_four_on_two_needs_its_parent() -> None:
    from unorules.rules.validation import validate

    alone = validate(ur.presets.get("official+house.stack-draw-four-on-two"))
    assert [p.rule_ids for p in alone] == [("house.stack-draw-four-on-two", "house.stack-draw-two")]
    both = ur.presets.get("official+house.stack-draw-two+house.stack-draw-four-on-two")
    assert validate(both) == ()


def test_never_applies_names_rules_whose_card_is_missing() -> None:
    from unorules.rules.validation import never_applies

    assert never_applies(presets.get("official")) == {}
    junior = never_applies(presets.get("junior"))
    assert set(junior) == {
        "action.wild-draw-four",
        "wd4.no-matching-colour",
        "challenge.none",
        "action.skip",
        "action.reverse",
        "action.two-player-reverse",
    }
    # A challenge that also covers plain Wilds still applies without Wild Draw Fours.
    wild_challenge = presets.get("kids+challenge.wd4+challenge.also-wild+wild.restricted")
    assert "challenge.wd4" not in never_applies(wild_challenge)
    assert "challenge.wd4" in never_applies(presets.get("kids+challenge.wd4"))


def test_target_score_needs_ascii_digits() -> None:
    with pytest.raises(ur.RuleSetError):
        presets.get("official+score.target=\u0663")  # ARABIC-INDIC DIGIT THREE
