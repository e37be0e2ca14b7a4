"""What a rule of a table's own keeps in the state (``GameState.rule_state``):
written by a card's own rule with ``with_rule_value``, validated, kept in
JSON, carried into the next round, and shown in the verdicts.

The table's rule here counts the Skips laid: each Skip's own rule adds one
to the count it keeps.
"""

from __future__ import annotations

import json

import attrs
import pytest
from helpers import card, rules

import unorules as ur
from unorules.events import RuleValueKept
from unorules.rules.policies import ActionEffect, ActionPolicy
from unorules.serialize import dumps, loads


def count_skips(state: ur.GameState, move: ur.Play) -> ur.GameState:
    return state.with_rule_value("table.skip-count", state.rule_value("table.skip-count", 0) + 1)


@attrs.frozen
class SkipCount:
    before: ActionPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.skip-count")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.face is ur.Face.SKIP:
            return ActionEffect("table.skip-count", skip=1, own=count_skips)
        return self.before.effect(card, players)

    def laid(self, cards: tuple[ur.Card, ...], players: int) -> ActionEffect | None:
        return self.before.laid(cards, players)


RULE = ur.HouseRule(
    id="table.skip-count",
    title="Skips counted",
    text="Each Skip laid is counted.",
    slot="actions",
    build=lambda rules: SkipCount(before=rules.actions),
)


def _rules() -> ur.RuleSet:
    return ur.presets.get("official+table.skip-count", house_rules=[RULE])


def _state() -> ur.GameState:
    return ur.situation(_rules(), ["RS GS R3 G9", "Y5 Y6 G7", "Y8 Y9 G8"], top="R5")


def test_a_cards_rule_keeps_a_count() -> None:
    s = _state()
    assert s.rule_state == () and s.rule_value("table.skip-count") is None
    after, events = ur.apply_with_events(s, ur.Play(0, card("RS")))
    assert after.rule_state == (("table.skip-count", 1),)
    assert RuleValueKept(rule_id="table.skip-count", seat=0, card=card("RS"), value=1) in events
    # Seat 1 is skipped; seat 2 draws and keeps the card, then seat 0 lays
    # GS on RS (the same symbol).
    after = ur.apply(after, ur.Draw(2))
    after = ur.apply(after, ur.Pass(2))
    after = ur.apply(after, ur.Play(0, card("GS")))
    assert after.rule_value("table.skip-count") == 2
    ur.validate_state(after)


def test_the_verdict_says_what_the_rule_keeps() -> None:
    verdict = ur.explain(_state(), ur.Play(0, card("RS")))
    assert ("table.skip-count", "the rule of RS now keeps 1") in verdict.effects
    assert verdict.outlook.endswith("kept by the rules: table.skip-count: 1")
    sv = ur.explain(_state(), ur.Play(0, card("RS")), lang="sv")
    assert ("table.skip-count", "regeln för röd Hoppa över håller nu reda på 1") in (
        sv.texts.effects
    )


def test_json_keeps_it_and_old_json_reads_without_it() -> None:
    after = ur.apply(_state(), ur.Play(0, card("RS")))
    data = json.loads(dumps(after))
    assert data["rule_state"] == {"table.skip-count": 1}
    assert loads(dumps(after), ur.GameState, house_rules=[RULE]) == after
    # A state that keeps nothing writes no rule_state, as before the field.
    assert "rule_state" not in json.loads(dumps(_state()))
    tupled = after.with_rule_value("table.skip-count", (1, "two", (True, None)))
    assert loads(dumps(tupled), ur.GameState, house_rules=[RULE]) == tupled


def test_what_a_rule_may_keep_is_checked() -> None:
    s = _state()
    with pytest.raises(ur.StateError, match="not in force"):
        ur.validate_state(s.with_rule_value("table.other", 1))
    with pytest.raises(ur.StateError, match="a value is a bool, a whole number"):
        ur.validate_state(s.with_rule_value("table.skip-count", 1.5))
    with pytest.raises(ur.StateError, match="sorted"):
        ur.validate_state(attrs.evolve(s, rule_state=(("table.skip-count", 1), ("play.match", 2))))
    text = json.loads(dumps(s))
    text["rule_state"] = {"table.skip-count": 1.5}
    with pytest.raises(ur.UnoError, match=r"at \$.rule_state.table.skip-count"):
        loads(json.dumps(text), ur.GameState, house_rules=[RULE])
    assert s.with_rule_value("table.skip-count", 3).with_rule_value("table.skip-count", None) == s


def test_a_cards_rule_keeps_only_its_own_value() -> None:
    def meddle(state: ur.GameState, move: ur.Play) -> ur.GameState:
        return state.with_rule_value("play.match", 1)

    @attrs.frozen
    class Meddling(SkipCount):
        def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
            if card.face is ur.Face.SKIP:
                return ActionEffect("table.skip-count", skip=1, own=meddle)
            return self.before.effect(card, players)

    base = rules()
    s = ur.situation(
        base.replace(actions=Meddling(base.actions)), ["RS R3", "Y5 Y6", "Y8 Y9"], top="R5"
    )
    with pytest.raises(ur.UnoError, match="changed what other rules keep"):
        ur.apply(s, ur.Play(0, card("RS")))


def test_it_goes_on_into_the_next_round() -> None:
    s = ur.situation(_rules(), ["R3", "Y5 Y6", "Y8 Y9"], top="R5")
    over = ur.apply(s.with_rule_value("table.skip-count", 4), ur.Play(0, card("R3")))
    assert over.round_over and over.rule_value("table.skip-count") == 4
    assert ur.next_round(over).rule_value("table.skip-count") == 4
