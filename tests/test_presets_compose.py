"""Presets joined by ``+``: official plus each preset's choices plus the rule
IDs given; contradictions refused, naming the preset each choice came from."""

from __future__ import annotations

import pytest

from unorules import RuleSetError, presets
from unorules.rules import policies as p

OFFICIAL = set(presets.official().rule_ids)


def test_svenska_and_kitchen_table_hold_exactly_both_sets_of_choices() -> None:
    rules = presets.get("svenska+kitchen-table")
    # svenska: the last Draw Two has no effect; kitchen-table: stacking Draw
    # Twos, jump-in, 7-0, one round without scoring.
    expected = (OFFICIAL - {"end.last-card-draw-applies", "score.winner-takes", "score.target"}) | {
        "end.last-card-no-effect",
        "house.stack-draw-two",
        "house.jump-in",
        "house.seven-zero",
        "score.single-round",
    }
    assert set(rules.rule_ids) == expected
    assert len(rules.rule_ids) == len(expected)
    assert rules.name == "svenska+kitchen-table"
    assert rules.stacking.rule_ids == ("house.stack-draw-two",)
    assert isinstance(rules.scoring, p.SingleRound)
    assert rules.going_out.last_card_effect is False


def test_a_combination_is_official_plus_both_presets_choices_as_rule_ids() -> None:
    by_ids = presets.get(
        "official+end.last-card-no-effect+house.stack-draw-two+house.jump-in"
        "+house.seven-zero+score.single-round"
    )
    combined = presets.get("svenska+kitchen-table")
    assert combined.rule_ids == by_ids.rule_ids
    assert combined.replace(name="x") == by_ids.replace(name="x")


def test_presets_and_rule_ids_mix_and_a_preset_may_come_later() -> None:
    rules = presets.get(" Norsk + Kitchen-Table + House.Seven-Zero ")
    assert rules.name == "norsk+kitchen-table+house.seven-zero"
    ids = set(rules.rule_ids)
    # norsk's choices
    assert {
        "deck.modern-112",
        "setup.dealer-draw",
        "start.reverse.right-of-dealer",
        "end.no-wd4-last",
    } <= ids
    # kitchen-table's choices; house.seven-zero again changes nothing
    assert {
        "house.stack-draw-two",
        "house.jump-in",
        "house.seven-zero",
        "score.single-round",
    } <= ids
    assert rules == presets.get("norsk+kitchen-table").replace(
        name="norsk+kitchen-table+house.seven-zero"
    )
    later = presets.get("official+house.force-play+kids")
    assert "house.kids" in later.rule_ids and "house.force-play" in later.rule_ids


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("svenska", "kitchen-table"),
        ("norsk", "kitchen-table"),
        ("official-2018", "kitchen-table"),
        ("norsk", "official-2018"),
        ("kids", "kitchen-table"),
        ("two-decks", "svenska"),
    ],
)
def test_the_order_of_presets_without_contradiction_does_not_matter(
    first: str, second: str
) -> None:
    ab = presets.get(f"{first}+{second}")
    ba = presets.get(f"{second}+{first}")
    assert ab.name == f"{first}+{second}" and ba.name == f"{second}+{first}"
    assert ab.replace(name="x") == ba.replace(name="x")
    assert set(ab.rule_ids) == set(ba.rule_ids)


def test_choosing_the_same_thing_twice_is_fine() -> None:
    # norsk and official-2018 both choose the 112-card deck
    both = presets.get("norsk+official-2018")
    assert both.rule_ids.count("deck.modern-112") == 1
    assert isinstance(both.deck, p.ModernDeck)
    assert presets.get("svenska+svenska").rule_ids == presets.get("svenska").rule_ids
    assert (
        presets.get("kitchen-table+house.jump-in").rule_ids == presets.get("kitchen-table").rule_ids
    )
    assert presets.get("two-decks+two-decks").target == 1000


def test_a_rule_id_written_twice_is_still_refused() -> None:
    with pytest.raises(RuleSetError, match=r"rule ID 'house\.jump-in' is given twice"):
        presets.get("svenska+house.jump-in+house.jump-in")


def test_two_readings_from_two_presets_are_refused_naming_both_presets() -> None:
    with pytest.raises(RuleSetError) as err:
        presets.get("junior+official-2018")
    assert str(err.value) == (
        "'deck.junior' (from the preset 'junior') and 'deck.modern-112' (from the preset "
        "'official-2018') are two readings of the same rule; choose one"
    )
    assert err.value.rule_ids == ("deck.junior", "deck.modern-112")


def test_norsk_and_official_2022_contradict_on_the_start_card() -> None:
    # norsk: a Reverse start card gives the first turn to the dealer's right;
    # official-2022: only a number card starts, so no Reverse ever starts.
    with pytest.raises(RuleSetError) as err:
        presets.get("norsk+official-2022")
    assert str(err.value) == (
        "'start.reverse.right-of-dealer' (from the preset 'norsk') and 'start.number-only' "
        "(from the preset 'official-2022') contradict: with the second there is no room for "
        "the first"
    )
    assert set(err.value.rule_ids) == {"start.reverse.right-of-dealer", "start.number-only"}
    with pytest.raises(RuleSetError) as reversed_order:
        presets.get("official-2022+norsk")
    assert str(reversed_order.value) == str(err.value)


def test_two_rules_that_disagree_name_the_preset_of_each() -> None:
    with pytest.raises(RuleSetError) as err:
        presets.get("svenska+official-2018")
    assert str(err.value) == (
        "end.last-card-no-effect and end.shuffle-hands-last disagree: one voids the last "
        "card's effect, the other has a last Wild Shuffle Hands redeal all hands "
        "(end.last-card-no-effect from the preset 'svenska' and end.shuffle-hands-last from "
        "the preset 'official-2018')"
    )
    assert set(err.value.rule_ids) == {"end.last-card-no-effect", "end.shuffle-hands-last"}


def test_a_preset_choice_against_a_given_rule_id_names_the_preset_only() -> None:
    with pytest.raises(RuleSetError) as err:
        presets.get("kitchen-table+svenska+end.last-card-draw-applies")
    assert str(err.value) == (
        "'end.last-card-no-effect' (from the preset 'svenska') and "
        "'end.last-card-draw-applies' are two readings of the same rule; choose one"
    )


def test_a_target_a_preset_sets_against_a_preset_without_scoring() -> None:
    with pytest.raises(RuleSetError) as err:
        presets.get("kitchen-table+two-decks")
    assert str(err.value) == (
        "'score.target=1000' (from the preset 'two-decks'): score.single-round has no target score"
    )


def test_unknown_names_get_the_nearest_suggestion() -> None:
    with pytest.raises(RuleSetError) as err:
        presets.get("svensk+kitchen-table")
    assert str(err.value).startswith("unknown preset 'svensk'; presets are: official, ")
    with pytest.raises(RuleSetError) as err:
        presets.get("svenska+kitchen")
    assert str(err.value) == "unknown preset or rule ID 'kitchen'; did you mean kitchen-table?"
    with pytest.raises(RuleSetError) as err:
        presets.get("svenska+house.jump")
    assert str(err.value) == (
        "unknown rule ID 'house.jump'; did you mean house.jump-in, house.jump-in-wild, house.bomb?"
    )


def test_a_combined_name_round_trips_through_json() -> None:
    from unorules.serialize import dumps, loads

    rules = presets.get("svenska+kitchen-table+strict")
    assert rules.strict
    assert loads(dumps(rules), type(rules)) == rules


def test_with_one_preset_the_message_names_the_rule_ids_only() -> None:
    # every choice not given is that preset's, so the message stays as it was
    with pytest.raises(RuleSetError) as err:
        presets.get("svenska+end.last-card-draw-applies")
    assert str(err.value) == (
        "'end.last-card-no-effect' and 'end.last-card-draw-applies' are two readings of the "
        "same rule; choose one"
    )


def test_two_presets_with_different_targets_contradict() -> None:
    saved = dict(presets.PRESETS)
    try:
        presets.PRESETS["to-250"] = ("score.target=250", "to 250 points")
        with pytest.raises(RuleSetError) as err:
            presets.get("two-decks+to-250")
        assert str(err.value) == (
            "the presets 'two-decks' and 'to-250' set two different target scores "
            "(score.target=1000 and score.target=250); the two contradict"
        )
        assert presets.get("official+to-250").target == 250
    finally:
        presets.PRESETS.clear()
        presets.PRESETS.update(saved)
