"""The UNO call: when it is due, what a missed or false call costs, and how
long a missed call can be pointed out (``uno.*``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import attrs

from unorules._mypyc import mypyc_attr, untyped
from unorules.rules.policies.base import Penalty, Policy

__all__ = [
    "UnoCall",
    "UnoCallPolicy",
    "UnoPenalty",
    "UnoPenaltyPolicy",
    "UnoWindow",
    "UnoWindowPolicy",
]


@mypyc_attr(native_class=False)
class UnoCallPolicy(Policy, Protocol):
    """When the UNO call is due and how long it may come late."""

    def due(self, held: int, own_turn: bool, lays_to_one: Callable[[], bool]) -> bool:
        """Whether a seat holding ``held`` cards, on its own turn or not, has
        a call due now; ``lays_to_one()`` tells whether it can lawfully lay
        the card(s) that leave it one."""
        ...

    def late(self, closed: bool) -> bool:
        """Whether a call made after the second-to-last card landed still
        counts; ``closed``: another seat has played or drawn since."""
        ...

    def may_go_out(self, missing_call: bool) -> str | None:
        """``None`` when a seat may lay its last card; else the rule that
        forbids it (its call being missing)."""
        ...

    # Optional members, read when present: ``calls`` (``False`` when nobody
    # owes a call at all, ``uno.none``) and ``at_one`` (``True`` when a call
    # counts only once one card is left, ``uno.call-at-one``).


@attrs.frozen(slots=True)
class UnoCall:
    """``uno.call``: the call is due on laying the second-to-last card; a call
    just before counts, and a late one until the window closes. With
    ``late=False``: ``uno.call-strict`` (only a call before the card lands).
    With ``at_two=True``: ``uno.call-at-two`` (the call is made while holding
    two cards on one's turn, before laying one; no late call). With
    ``at_one=True``: ``uno.call-at-one`` (the call counts only once one card
    is left, until the next player plays or draws; a call before laying the
    second-to-last card does not count). With ``none=True``: ``uno.none``
    (nobody calls UNO and nobody is caught). With
    ``required_to_win=True``: ``uno.required-to-win`` (a player whose call is
    missing cannot lay their last card)."""

    late_call: bool = attrs.field(default=untyped(True), alias="late")
    at_two: bool = False
    required_to_win: bool = False
    at_one: bool = False
    none: bool = False

    @property
    def calls(self) -> bool:
        """Whether a player left with one card owes the call at all (not
        under ``uno.none``)."""
        return not self.none

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The UNO call IDs in force."""
        if self.none:
            return ("uno.none",)
        if self.at_one:
            ids: tuple[str, ...] = ("uno.call-at-one",)
        elif self.at_two:
            ids = ("uno.call-at-two",)
        else:
            ids = ("uno.call",) if self.late_call else ("uno.call-strict",)
        return (*ids, "uno.required-to-win") if self.required_to_win else ids

    def due(self, held: int, own_turn: bool, lays_to_one: Callable[[], bool]) -> bool:
        """When a lawful play leaves one card; under ``uno.call-at-two``, on
        one's own turn, when holding two cards (or more, when one play may
        lay several cards or hand some over and leave one)."""
        if self.none or self.at_one:
            return False
        if self.at_two and own_turn:
            return held == 2 or (held > 2 and lays_to_one())
        return lays_to_one()

    def late(self, closed: bool) -> bool:
        """Under ``uno.call`` and ``uno.call-at-one`` until another seat plays
        or draws; never under ``uno.call-strict`` or ``uno.call-at-two``."""
        if self.at_one:
            return not closed
        return self.late_call and not self.at_two and not self.none and not closed

    def may_go_out(self, missing_call: bool) -> str | None:
        """``uno.required-to-win`` forbids going out with the call missing."""
        return "uno.required-to-win" if self.required_to_win and missing_call else None


@mypyc_attr(native_class=False)
class UnoPenaltyPolicy(Policy, Protocol):
    """What a caught missed call and a false call cost."""

    def caught(self) -> Penalty:
        """The penalty for a missed call that is pointed out (0 cards: a
        reminder)."""
        ...

    def false_call(self) -> Penalty | None:
        """The penalty for calling UNO with no call due, ``None`` when such a
        call simply does not count."""
        ...


@attrs.frozen(slots=True)
class UnoPenalty:
    """``uno.penalty``: a caught missing call costs ``cards`` cards (2;
    ``uno.penalty=N`` sets N).
    ``cards=0`` gives ``uno.reminder`` (a reminder, no penalty).
    ``false_call=2`` adds ``uno.false-call``: calling UNO when no call is due
    costs 2 cards."""

    cards: int = 2
    false_call_cards: int = attrs.field(default=untyped(0), alias="false_call")

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The penalty IDs in force."""
        ids = ("uno.penalty",) if self.cards else ("uno.reminder",)
        return (*ids, "uno.false-call") if self.false_call_cards else ids

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``uno.penalty`` and its number, when not the printed 2."""
        return (("uno.penalty", self.cards),) if self.cards not in (0, 2) else ()

    def caught(self) -> Penalty:
        """``cards`` under ``uno.penalty``, none under ``uno.reminder``."""
        return Penalty(self.rule_ids[0], self.cards)

    def false_call(self) -> Penalty | None:
        """``false_call`` cards under ``uno.false-call``."""
        return Penalty("uno.false-call", self.false_call_cards) if self.false_call_cards else None


@mypyc_attr(native_class=False)
class UnoWindowPolicy(Policy, Protocol):
    """How long a missed call can be pointed out."""

    def closes(self, by_play: bool) -> bool:
        """Whether the next player's move closes the window: a play
        (``by_play``) or a draw."""
        ...

    # Optional member, read when present: ``any_time`` (``True`` when a
    # missing call may be pointed out as long as the player holds that one
    # card, ``uno.catch-any-time``).


@attrs.frozen(slots=True)
class UnoWindow:
    """``uno.window-closes``: the window to point out a missing call closes
    when the next player plays or draws. ``on_draw=False`` gives
    ``uno.window-until-play`` (only a play closes it); ``any_time=True``
    gives ``uno.catch-any-time`` (it never closes: a missing call may be
    pointed out as long as the player holds that one card)."""

    on_draw: bool = True
    any_time: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``uno.window-closes``, ``uno.window-until-play`` or
        ``uno.catch-any-time``."""
        if self.any_time:
            return ("uno.catch-any-time",)
        return ("uno.window-closes",) if self.on_draw else ("uno.window-until-play",)

    def closes(self, by_play: bool) -> bool:
        """A play always; a draw unless ``uno.window-until-play``; nothing
        under ``uno.catch-any-time``."""
        if self.any_time:
            return False
        return by_play or self.on_draw
