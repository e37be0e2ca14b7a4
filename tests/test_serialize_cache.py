"""Reading a rule set from JSON builds it once per text (issue #23, item 18)."""

from __future__ import annotations

import json

import pytest
from test_house_rules import RULE, SPEC

import unorules as ur
from unorules.errors import UnoError
from unorules.rules import presets
from unorules.serialize import dumps, loads


def test_the_same_rule_set_text_gives_the_same_object() -> None:
    state = ur.new_game(presets.get("official"), 3, seed=4)
    text = dumps(state)
    first, second = loads(text, ur.GameState), loads(text, ur.GameState)
    assert first == second == state
    assert first.rules is second.rules
    assert loads(dumps(state.rules), ur.RuleSet) is first.rules


def test_a_different_rule_set_text_gives_another_object() -> None:
    official = loads(dumps(presets.get("official")), ur.RuleSet)
    stacking = loads(dumps(presets.get("official+house.stack-draw-two")), ur.RuleSet)
    strict = loads(dumps(presets.get("official+strict")), ur.RuleSet)
    data = json.loads(dumps(presets.get("official")))
    data["target"] = 300
    aimed = loads(json.dumps(data), ur.RuleSet)
    assert "house.stack-draw-two" in stacking.rule_ids
    assert "house.stack-draw-two" not in official.rule_ids
    assert strict.strict and not official.strict
    assert aimed.target == 300 and official.target == 500
    assert len({id(r) for r in (official, stacking, strict, aimed)}) == 4


def test_a_bad_rule_set_text_is_refused_every_time() -> None:
    data = json.loads(dumps(presets.get("official")))
    data["rule_ids"].remove("play.match")
    for _ in range(2):
        with pytest.raises(UnoError, match=r"lacks play\.match"):
            loads(json.dumps(data), ur.RuleSet)


def test_the_tables_own_rules_are_read_with_the_definitions_given() -> None:
    rules = presets.get(SPEC, house_rules=[RULE])
    text = dumps(rules)
    read = loads(text, ur.RuleSet, house_rules=[RULE])
    assert read == rules
    with pytest.raises(UnoError, match="pass it when reading"):
        loads(text, ur.RuleSet)
