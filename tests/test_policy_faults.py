"""Faults found by trying the policies, pending obligations and table rules
with bad input: a table's policy that fails, JSON of pending obligations,
a skip pending across a reshuffle."""

from __future__ import annotations

import json

import attrs
import pytest
from helpers import rules

import unorules as ur
from unorules.rules import presets
from unorules.rules.policies import ActionEffect, OfficialActions, StackingPolicy
from unorules.serialize import dumps, loads


def card(code: str) -> ur.Card:
    return ur.Card.parse(code)


@attrs.frozen
class Broken:
    """A stacking policy of a table's own whose question raises."""

    before: StackingPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.broken")

    def answers(self, pending: ur.Card, card: ur.Card, color: ur.Color | None) -> str | None:
        if pending.face is ur.Face.DRAW_TWO:
            raise ZeroDivisionError("division by zero")
        return self.before.answers(pending, card, color)

    def answerable(self, pending: ur.Card, color: ur.Color | None) -> bool:
        return True


@attrs.frozen
class MinusThree:
    """An action policy of a table's own whose Draw Two owes -3 cards."""

    base: OfficialActions = attrs.field(factory=OfficialActions)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.base.rule_ids, "table.minus-three")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.face is ur.Face.DRAW_TWO:
            return ActionEffect("table.minus-three", draw=-3)
        return self.base.effect(card, players)


BROKEN = ur.HouseRule(
    id="table.broken", title="Broken", text="t", slot="stacking", build=lambda r: Broken(r.stacking)
)
MINUS = ur.HouseRule(
    id="table.minus-three", title="Minus", text="t", slot="actions", build=lambda r: MinusThree()
)


def test_a_table_policy_that_raises_is_a_policy_error_naming_it() -> None:
    r = presets.get("official+table.broken", house_rules=[BROKEN])
    s = ur.situation(r, ["R+2 G3", "B+2 Y9", "G1 G2"], top="R5")
    owe = ur.apply(s, ur.Play(0, card("R+2")))  # the debt: the policy is asked next
    for call in (
        lambda: ur.legal_moves(owe),
        lambda: ur.check(owe, ur.Play(1, card("B+2"))),
        lambda: ur.apply(owe, ur.Play(1, card("B+2"))),
        lambda: ur.explain(owe, ur.Play(1, card("B+2"))),
    ):
        with pytest.raises(ur.PolicyError, match=r"stacking: Broken\) failed: ZeroDivisionError"):
            call()


def test_a_table_policy_whose_answer_makes_an_impossible_state_is_refused() -> None:
    r = presets.get("official+table.minus-three", house_rules=[MINUS])
    s = ur.situation(r, ["R+2 G3", "B1 Y9", "G1 G2"], top="R5")
    with pytest.raises(ur.PolicyError, match="left a state that cannot exist"):
        ur.apply(s, ur.Play(0, card("R+2")))


def test_the_library_s_own_rules_raise_no_policy_error() -> None:
    s = ur.situation(rules("official"), ["R3 G5", "B1 B2"], top="R7")
    with pytest.raises(TypeError):
        ur.legal_moves(None)  # type: ignore[arg-type]
    assert ur.apply(s, ur.Play(0, card("R3"))).top == card("R3")


@pytest.mark.parametrize(("field", "value"), [("title", "x\nVerdict: forged"), ("text", "\x1b[2J")])
def test_a_table_rule_s_texts_hold_no_control_characters(field: str, value: str) -> None:
    with pytest.raises(ur.RuleSetError, match=f"field '{field}': control characters"):
        attrs.evolve(BROKEN, **{field: value})
    attrs.evolve(BROKEN, text="two lines\nare fine")


def skip_pending() -> ur.GameState:
    s = ur.situation(rules("official+house.stack-skip"), ["RS G3 G4", "BS Y9", "G1 G2"], top="R5")
    return ur.apply(s, ur.Play(0, card("RS")))


@pytest.mark.parametrize("version", [2.0, 1.0, "2", True, None, 3])
def test_only_whole_formats_1_and_2_are_read(version: object) -> None:
    data = json.loads(dumps(skip_pending()))
    data["format"] = version
    with pytest.raises(ur.UnoError, match=r"at \$\.format"):
        loads(json.dumps(data), ur.GameState)


def test_format_1_with_an_empty_discard_pile_is_a_clear_error() -> None:
    data = json.loads(dumps(ur.new_round(rules("official"), players=3, seed=1)))
    del data["format"], data["pending"]
    data.update(phase="owe", owed=2, discard_pile=[])
    with pytest.raises(ur.UnoError, match="discard"):
        loads(json.dumps(data), ur.GameState)


@pytest.mark.parametrize(
    ("rule_ids", "message"),
    [
        ("house.stack-skip", "expected a list of strings"),
        ([1], "expected a string"),
        (["no.such-rule"], "'no.such-rule' is no rule in force"),
        (["house.stack-draw-two"], "'house.stack-draw-two' is no rule in force"),
    ],
)
def test_the_rules_behind_what_is_pending_are_rules_in_force(
    rule_ids: object, message: str
) -> None:
    data = json.loads(dumps(skip_pending()))
    data["pending"]["rule_ids"] = rule_ids
    with pytest.raises(ur.UnoError, match=message):
        loads(json.dumps(data), ur.GameState)


def test_a_pending_skip_outlives_a_reshuffle() -> None:
    # Two Skips laid together on seat 2, the draw pile empty: the catch of
    # seat 1's missed call reshuffles, leaving only the top Skip.
    r = rules("official+house.stack-skip+house.multiple-identical")
    s = ur.situation(
        r,
        ["G1 G2 G3", "RS RS Y5", "B1 B2 B3"],
        top="R7",
        current=1,
        draw_pile="",
        discard_pile="Y1 Y2 Y3 R7",
    )
    s = ur.apply(s, ur.Play(1, card("RS"), count=2))
    assert s.pending is not None and s.pending.amount == 2
    after = ur.apply(s, ur.CatchUno(2, 1))
    ur.validate_state(after)
    assert after.discard_pile == (card("RS"),) and after.pending == s.pending
    assert loads(dumps(after), ur.GameState) == after


def test_a_skip_amount_counts_only_the_skips_on_top() -> None:
    s = skip_pending()
    data = json.loads(dumps(s))
    data["discard_pile"] = ["RS", "R5", "RS"]
    data["draw_pile"] = data["draw_pile"][1:]  # the second RS came from the pile
    data["pending"]["amount"] = 2
    with pytest.raises(ur.StateError, match="the Skips on top make at most 1"):
        loads(json.dumps(data), ur.GameState)


@attrs.frozen
class ReverseBounces:
    """A table's rule: a Reverse of the colour in force may answer a Draw Two
    and sends the cards back to the player who laid it."""

    before: StackingPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.reverse-bounces")

    def answers(self, pending: ur.Card, card: ur.Card, color: ur.Color | None) -> str | None:
        if pending.face is ur.Face.DRAW_TWO and card.face is ur.Face.REVERSE:
            return "table.reverse-bounces" if card.color is color else None
        return self.before.answers(pending, card, color)

    def answerable(self, pending: ur.Card, color: ur.Color | None) -> bool:
        return pending.face is ur.Face.DRAW_TWO or self.before.answerable(pending, color)


BOUNCES = ur.HouseRule(
    id="table.reverse-bounces",
    title="A Reverse sends a Draw Two back",
    text="A Reverse of the colour in force may answer a Draw Two: the cards go back.",
    slot="stacking",
    build=lambda r: ReverseBounces(r.stacking),
)


def test_a_reverse_that_answers_a_draw_two_sends_the_cards_back() -> None:
    # Seat 0 lays R+2 on seat 1, who answers with RR: the direction turns, the
    # 2 cards go back to seat 0, who draws them; seat 3 plays next.
    r = presets.get("official+table.reverse-bounces", house_rules=[BOUNCES])
    s = ur.situation(r, ["R+2 G3", "RR Y9", "G1 G2", "B1 B2"], top="R5", draw_pile="Y1 Y2 Y3 Y4")
    s = ur.apply(s, ur.Play(0, card("R+2")))
    verdict = ur.explain(s, ur.Play(1, card("RR")))
    assert verdict.legal and verdict.reason == "RR may answer R+2: the total passes on"
    assert verdict.effects[-1] == (
        "table.reverse-bounces",
        "seat 0 owes 2 cards: it must draw them and lose its turn",
    )
    back = verdict.state
    assert back is not None and back.direction == -1 and back.current == 0 and back.owed == 2
    drawn = ur.apply(back, ur.Draw(0))
    assert drawn.hands[0] == (card("G3"), card("Y1"), card("Y2"))
    assert (drawn.current, drawn.phase) == (3, ur.Phase.TURN)


def test_a_rule_set_pickles_without_what_was_derived_from_it() -> None:
    import pickle

    from unorules.engine.plan import plan

    r = rules("official+house.stack-skip")
    plan(r)  # worked out and kept on the rule set
    again = pickle.loads(pickle.dumps(r))
    assert again == r and hash(again) == hash(r)
    assert again._derived == {}
    assert plan(again).jumpers(card("R5")) == frozenset()
