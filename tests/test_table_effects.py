"""A table's own effects are explained as theirs: a coloured card whose
effect runs a rule of its own, a rule that empties a hand or brings the
layer down to one card, a jump-in rule that allows other cards. Each
expected value is worked out by hand from the position.
"""

from __future__ import annotations

import attrs
import pytest
from helpers import card, cards, rules

import unorules as ur
from unorules.events import (
    BlankCardActsAsWild,
    CustomCardRule,
    HandEmptied,
    UnoMissing,
)
from unorules.rules.policies import ActionEffect, OfficialActions, Refusal

RED_FIVE = "table.red-five"


@attrs.frozen
class RedFiveActions:
    """The official actions, and a red 5 that runs a rule of its own."""

    base: OfficialActions = attrs.field(factory=OfficialActions)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.base.rule_ids, RED_FIVE)

    def effect(self, c: ur.Card, players: int) -> ActionEffect | None:
        if c == card("R5"):
            return ActionEffect(rule_id=RED_FIVE, special="custom")
        return self.base.effect(c, players)


@attrs.frozen
class DiscardsTheRest:
    """The red 5's rule: the layer puts its other cards under the draw pile."""

    rule_ids: tuple[str, ...] = (RED_FIVE,)
    description: str = "the layer's other cards go under the draw pile"
    keep: int = 0

    def own_rule(self, state: ur.GameState, player: int) -> ur.GameState:
        hand = state.hands[player]
        hands = list(state.hands)
        hands[player] = hand[: self.keep]
        return attrs.evolve(
            state, hands=tuple(hands), draw_pile=state.draw_pile + hand[self.keep :]
        )


def _table(keep: int) -> ur.RuleSet:
    return rules().replace(actions=RedFiveActions(), custom_card=DiscardsTheRest(keep=keep))


def test_a_coloured_cards_own_rule_is_cited_and_no_blank_card_is_named() -> None:
    s = ur.situation(_table(2), ["R5 G1 G2 B3", "Y5 Y6", "Y8 Y9"], top="R7", draw_pile="B1")
    after, events = ur.apply_with_events(s, ur.Play(0, card("R5")))
    assert after.hands[0] == cards("G1 G2") and after.draw_pile == cards("B1 B3")
    assert not any(isinstance(e, BlankCardActsAsWild) for e in events)
    rule = next(e for e in events if isinstance(e, CustomCardRule))
    assert (rule.rule_id, rule.card, rule.gained) == (RED_FIVE, card("R5"), (-1, 0, 0))
    verdict = ur.explain(s, ur.Play(0, card("R5")))
    said = dict(verdict.effects)
    assert said[RED_FIVE] == (
        "the rule of R5: the layer's other cards go under the draw pile; seat 0 loses 1 card"
    )
    assert "blank" not in verdict.text_in("en")
    assert "house.custom-cards" not in verdict.rule_ids and RED_FIVE in verdict.rule_ids


def test_a_rule_that_empties_the_hand_cites_itself() -> None:
    s = ur.situation(_table(0), ["R5 G1", "Y5 Y6", "Y8 Y9"], top="R7", draw_pile="B1")
    after, events = ur.apply_with_events(s, ur.Play(0, card("R5")))
    assert after.round_over and after.winner == 0
    emptied = next(e for e in events if isinstance(e, HandEmptied))
    assert (emptied.rule_id, emptied.card, emptied.wins) == (RED_FIVE, card("R5"), True)
    verdict = ur.explain(s, ur.Play(0, card("R5")))
    assert (
        RED_FIVE,
        "after the rule of R5, seat 0 has no cards left, is out and wins the round",
    ) in (verdict.effects)
    assert "house.custom-cards" not in verdict.rule_ids


def test_a_rule_that_brings_the_layer_to_one_card_makes_the_call_owed() -> None:
    s = ur.situation(_table(1), ["R5 G1 G2 B3", "Y5 Y6", "Y8 Y9"], top="R7", draw_pile="B1")
    after, events = ur.apply_with_events(s, ur.Play(0, card("R5")))
    assert after.hands[0] == cards("G1")
    assert after.uno_missed == 0
    assert UnoMissing(rule_id="uno.call", seat=0) in events
    # The layer may still call, and another seat may point out the missed call.
    assert ur.check(after, ur.CallUno(0)).allowed
    assert not ur.check(after, ur.CallUno(0)).void
    caught = ur.apply(after, ur.CatchUno(1, 0))
    assert caught.hands[0] == cards("G1 B1 G2")  # the penalty of 2 cards (uno.penalty)
    assert ur.CatchUno(1, 0) in ur.legal_moves(after)


@attrs.frozen
class SameNumberJumpIn:
    """A table's jump-in: a card of the top card's number, in any colour."""

    rule_ids: tuple[str, ...] = ("table.same-number-jump-in",)

    def jumpers(self, top: ur.Card) -> frozenset[ur.Card]:
        if top.number is None:
            return frozenset()
        return frozenset(c for c in ur.cards.ALL_CARDS if c.number == top.number)

    def jump(self, top: ur.Card, c: ur.Card) -> Refusal | None:
        if c in self.jumpers(top):
            return None
        return Refusal(self.rule_ids, "only a card of the same number may jump in")


def test_a_jump_in_rule_of_the_tables_own_gives_its_reason() -> None:
    table = rules().replace(jump_in=SameNumberJumpIn())
    s = ur.situation(table, ["R1 R2", "B1 B2", "G4 Y1"], top="Y4", current=0)
    ruling = ur.check(s, ur.Play(2, card("G4")))
    assert ruling.allowed and ruling.rule_ids == ("table.same-number-jump-in",)
    assert ruling.reason == "seat 2 jumps in out of turn with G4, as these rules allow"
    sv = ur.explain(s, ur.Play(2, card("G4")), lang="sv")
    assert "hoppar in" in sv.text_in("sv")
    # An identical card still says so.
    same = ur.situation(rules("official+house.jump-in"), ["R1 R2", "B1 B2", "Y4 Y1"], top="Y4")
    assert ur.check(same, ur.Play(2, card("Y4"))).reason == (
        "seat 2 holds a card identical to the top card and jumps in"
    )


@attrs.frozen
class RedFiveDrawsThree:
    """The official actions, and a red 5 that makes the next player draw 3."""

    base: OfficialActions = attrs.field(factory=OfficialActions)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.base.rule_ids, "table.red-five-draws-three")

    def effect(self, c: ur.Card, players: int) -> ActionEffect | None:
        if c == card("R5"):
            return ActionEffect(rule_id="table.red-five-draws-three", draw=3)
        return self.base.effect(c, players)


def test_cards_owed_after_a_card_of_the_tables_own_are_a_state_that_can_exist() -> None:
    table = rules().replace(actions=RedFiveDrawsThree())
    s = ur.situation(table, ["R5 G1", "Y5 Y6", "Y8 Y9"], top="R7", draw_pile="B1 B2 B3 B4")
    after = ur.apply(s, ur.Play(0, card("R5")))
    assert (after.phase, after.current, after.owed) == (ur.Phase.OWE, 1, 3)
    assert after.pending is not None
    assert after.pending.rule_ids == ("table.red-five-draws-three",)
    ur.validate_state(after)
    drawn = ur.apply(after, ur.Draw(1))
    assert drawn.hands[1] == cards("Y5 Y6 B1 B2 B3") and drawn.current == 2
    # Under the official rules a red 5 makes nobody draw: owing after it is
    # a position that cannot exist.
    pending = attrs.evolve(after.pending, rule_ids=("action.draw-two",))
    official = attrs.evolve(after, rules=rules(), pending=pending)
    with pytest.raises(ur.StateError, match="not after R5"):
        ur.validate_state(official)


def test_the_blank_card_without_a_rule_of_its_own_is_a_wild() -> None:
    s = ur.situation(rules("official-2018"), ["WC R1 R2", "Y1 Y2", "Y3 Y4"], top="R7")
    after, events = ur.apply_with_events(s, ur.Play(0, card("WC"), ur.Color.BLUE))
    assert (after.current, after.color) == (1, ur.Color.BLUE)
    assert BlankCardActsAsWild(rule_id="action.customizable", seat=0) in events


@attrs.frozen
class ChangesTheRules(DiscardsTheRest):
    """A card's own rule that changes more than where the cards are."""

    def own_rule(self, state: ur.GameState, player: int) -> ur.GameState:
        return attrs.evolve(state, scores=tuple(100 for _ in state.hands))


def test_a_cards_own_rule_may_only_move_cards() -> None:
    table = rules().replace(actions=RedFiveActions(), custom_card=ChangesTheRules())
    s = ur.situation(table, ["R5 G1 G2", "Y5 Y6", "Y8 Y9"], top="R7")
    with pytest.raises(ur.UnoError, match=r"\(table.red-five\) changed scores"):
        ur.apply(s, ur.Play(0, card("R5")))
