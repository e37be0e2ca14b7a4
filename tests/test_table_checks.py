"""``rules check`` (``unorules.rules.validation.validate``) on a table's own
rules: an effect given to a card the deck does not hold never applies."""

from __future__ import annotations

import attrs

import unorules as ur
from unorules.rules.policies import ActionEffect, ActionPolicy
from unorules.rules.validation import validate

DOUBLE_SKIP = ur.Face.define(
    "DX",
    "DOUBLE_SKIP_CHECKED",
    names={"en": "double skip", "sv": "Dubbel hoppa över", "nb": "Dobbel stå over"},
    points=20,
)


@attrs.frozen
class DoubleSkip:
    before: ActionPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.double-skip")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.face is DOUBLE_SKIP:
            return ActionEffect("table.double-skip", skip=2)
        return self.before.effect(card, players)

    def laid(self, cards: tuple[ur.Card, ...], players: int) -> ActionEffect | None:
        return self.before.laid(cards, players)


RULE = ur.HouseRule(
    id="table.double-skip",
    title="Double skip",
    text="A Double Skip skips two players.",
    slot="actions",
    build=lambda rules: DoubleSkip(before=rules.actions),
)


def test_a_cards_effect_without_the_card_in_the_deck_never_applies() -> None:
    rules = ur.presets.get("official+table.double-skip", house_rules=[RULE])
    problems = validate(rules)
    assert [(p.kind, p.rule_ids) for p in problems] == [
        ("inert", ("table.double-skip", "deck.classic-108"))
    ]
    assert problems[0].message == ("table.double-skip never applies: the deck has no double skip")
    assert problems[0].text_in("sv") == (
        "table.double-skip gäller aldrig: leken har inget Dubbel hoppa över"
    )


def test_the_librarys_own_rules_are_not_flagged_so() -> None:
    assert not validate(ur.presets.get("official"))
    assert not validate(ur.presets.get("kitchen-table"))
