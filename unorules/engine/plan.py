"""The answers the engine asks of a rule set's policies once and keeps.

Policies are frozen and answer from their inputs alone, so an answer that
depends on the rules and a card (what a card does, which cards may jump in
on a top card, what a drawn card allows) is asked once per rule set and
kept on the rule set itself (:meth:`~unorules.rules.ruleset.RuleSet.derived`),
never in a module-global table. The engine asks through :func:`plan`.
"""

from __future__ import annotations

from unorules.cards import Card
from unorules.errors import PolicyError
from unorules.rules.policies import ActionEffect, DrawnCard, Penalty
from unorules.rules.ruleset import RuleSet
from unorules.state import Pending, PendingKind

__all__ = ["Plan", "foreign_failure", "plan"]


class Plan:
    """What one rule set answers, asked once.

    Attributes:
        rules: the rule set.
        several: some card of the deck may be laid with another copy in one
            play (the match policy's ``at_once``).
        false_call: the penalty for an UNO call with none due, if any.
        drawn_fits / drawn_misses: the drawing policy's answer for a drawn
            card that fits / does not fit.
        draw_when_playable / draw_when_stuck: whether the draw-choice
            policy lets a player draw while holding a lawful play / none.
        jumping: whether the jump-in policy lets some card of the deck be
            laid out of turn on some top card.
        foreign: ``slot: Class`` of each policy that is not the library's
            own (a table's rule): the engine then turns a failure of a policy
            into a :class:`~unorules.errors.PolicyError` and checks every
            state it returns.
    """

    __slots__ = (
        "_effects",
        "_full",
        "_jumpers",
        "_owed",
        "_targeted",
        "draw_when_playable",
        "draw_when_stuck",
        "drawn_fits",
        "drawn_misses",
        "false_call",
        "foreign",
        "jumping",
        "rules",
        "several",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.foreign = tuple(
            f"{slot}: {type(policy).__name__}"
            for slot, policy in rules.policies()
            if not type(policy).__module__.startswith("unorules.")
        )
        deck = set(rules.deck.cards())
        self.several = any(rules.match.at_once(c, 2) > 1 for c in deck)
        self.false_call: Penalty | None = rules.uno_penalty.false_call()
        self.drawn_fits: DrawnCard = rules.drawing.drawn(True)
        self.drawn_misses: DrawnCard = rules.drawing.drawn(False)
        self.draw_when_playable: bool = rules.draw_choice.may_draw(True)
        self.draw_when_stuck: bool = rules.draw_choice.may_draw(False)
        self._effects: dict[tuple[Card, int], ActionEffect | None] = {}
        self._owed: dict[tuple[int, int, Card], Pending] = {}
        self._jumpers: dict[Card, frozenset[Card]] = {}
        self._targeted: dict[int, frozenset[Card]] = {}
        self._full: dict[int, frozenset[Card]] = {}
        self.jumping = any(self.jumpers(c) for c in deck)

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """:meth:`RuleSet.effect` of ``card`` with ``players`` in the round."""
        key = (card, players)
        try:
            return self._effects[key]
        except KeyError:
            got = self._effects[key] = self.rules.effect(card, players)
            return got

    def owed(self, seat: int, amount: int, card: Card) -> Pending:
        """What ``seat`` owes after ``card`` laid in a normal turn made it
        owe ``amount`` cards: a ``DRAW`` :class:`~unorules.state.Pending`
        citing the card's own rule (:func:`~unorules.engine.checking.draw_rule`).
        Pending records are frozen, so one is kept per seat, amount and card."""
        key = (seat, amount, card)
        got = self._owed.get(key)
        if got is None:
            from unorules.engine.checking import draw_rule

            got = self._owed[key] = Pending(
                PendingKind.DRAW, seat, amount, card, (draw_rule(self.rules, card),)
            )
        return got

    def jumpers(self, top: Card) -> frozenset[Card]:
        """The jump-in policy's ``jumpers(top)``."""
        got = self._jumpers.get(top)
        if got is None:
            got = self._jumpers[top] = frozenset(self.rules.jump_in.jumpers(top))
        return got

    def targeted(self, players: int) -> frozenset[Card]:
        """The cards of the deck whose play names a seat (``swap_with``)."""
        got = self._targeted.get(players)
        if got is None:
            got = self._targeted[players] = frozenset(
                c
                for c in set(self.rules.deck.cards())
                if (e := self.effect(c, players)) is not None and e.target
            )
        return got

    def full_check(self, players: int) -> frozenset[Card]:
        """The cards whose plays in a normal turn need the full check: wild
        cards, cards that name a seat, cards that may be laid several at once."""
        got = self._full.get(players)
        if got is None:
            match = self.rules.match
            got = self._full[players] = self.targeted(players) | frozenset(
                c
                for c in set(self.rules.deck.cards())
                if c.color is None or match.at_once(c, 2) > 1
            )
        return got


def foreign_failure(rules: RuleSet, error: BaseException) -> PolicyError:
    """The :class:`PolicyError` for ``error`` raised while a rule set holding
    policies of a table's own was asked a question."""
    own = ", ".join(plan(rules).foreign)
    return PolicyError(
        f"a policy of the table's own ({own}) failed: {type(error).__name__}: {error}"
    )


def plan(rules: RuleSet) -> Plan:
    """The :class:`Plan` of ``rules``, made on first use and kept on it."""
    got = rules._derived.get(Plan)
    if got is None:
        return rules.derived(Plan, Plan)
    assert isinstance(got, Plan)
    return got
