"""The slots of a rule set: one question of the game each, filled by a
policy (:class:`~unorules.rules.ruleset.RuleSet` has a field of each name, in
this order; a table's own rule names the slot it fills,
:class:`~unorules.rules.house.HouseRule`)."""

from __future__ import annotations

__all__ = ["SLOTS"]

SLOTS: tuple[str, ...] = (
    "deck",
    "deal",
    "start_card",
    "match",
    "wild",
    "wd4",
    "drawing",
    "draw_choice",
    "actions",
    "stacking",
    "uno_call",
    "uno_penalty",
    "uno_window",
    "challenge",
    "going_out",
    "piles",
    "info",
    "card_values",
    "scoring",
    "dealer_choice",
    "jump_in",
    "seven_zero",
    "timing",
    "custom_card",
    "hand_limit",
)
"""The slot names of :class:`~unorules.rules.ruleset.RuleSet` in order."""
