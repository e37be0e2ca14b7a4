"""Rule sets: a frozen record of slots, one policy per concern.

Two readings of one rule can never be active at once because they compete for
the same slot. Build rule sets from presets (:mod:`unorules.presets`) or by
replacing slots::

    >>> from unorules import presets
    >>> from unorules.policies import ForcePlay
    >>> rules = presets.official().replace(draw_choice=ForcePlay())
    >>> "house.force-play" in rules.rule_ids
    True
"""

from __future__ import annotations

from typing import Any

import attrs

from unorules import policies as p
from unorules.errors import RuleSetError

__all__ = ["SLOTS", "RuleSet"]


@attrs.frozen(slots=True, kw_only=True)
class RuleSet:
    """The rules of a round and game, one policy per slot.

    Attributes:
        name: a label, e.g. ``"official+house.stack-draw-two"``.
        deck: the cards and player range (``deck.*``, ``players.range``).
        deal: dealing and first player (``setup.*``).
        start_card: the start card's effect (``start.*``).
        match: matching and turn order (``play.*``).
        wild: when a plain Wild may be laid (``wild.*``).
        wd4: the Wild Draw Four restriction (``wd4.*``).
        drawing: what a player who does not play draws (``draw.one-then-may-play``,
            ``house.play-drawn``, ``house.draw-until-playable``).
        draw_choice: whether drawing is allowed when a card fits
            (``draw.allowed-when-playable``, ``house.force-play``).
        actions: Skip, Reverse, Draw Two (``action.*``).
        stacking: answering draw cards (``house.stack-*``; none by default).
        uno_call, uno_penalty, uno_window: the UNO call (``uno.*``).
        challenge: challenging a Wild Draw Four (``challenge.*``).
        going_out: the last card (``end.*``).
        piles: an empty draw pile (``pile.*``).
        info: what players may see (``info.hand-sizes-public``).
        card_values: points per card (``score.card-values*``).
        scoring: how rounds are scored, the target (``score.*``).
        dealer_choice: the first dealer (``setup.dealer-draw``; given by default).
        jump_in: laying identical cards out of turn (``house.jump-in``).
        seven_zero: hands moving on 7 and 0 (``house.seven-zero``).
        timing: time limits (``house.timed-turns``).
        custom_card: the blank card's own rule (``house.custom-cards``).
        strict: when true the engine rejects what the players would otherwise
            police themselves: a Wild Draw Four bluff is an illegal move, and a
            missed UNO call is penalised automatically when its window closes.
    """

    name: str = "custom"
    deck: p.DeckPolicy = attrs.field(factory=p.ClassicDeck)
    deal: p.StandardDeal = attrs.field(factory=p.StandardDeal)
    start_card: p.StartCardPolicy = attrs.field(factory=p.StartCard)
    match: p.OfficialMatch = attrs.field(factory=p.OfficialMatch)
    wild: p.WildPolicy = attrs.field(factory=p.WildAnyTime)
    wd4: p.Wd4Policy = attrs.field(factory=p.Wd4NoMatchingColour)
    drawing: p.DrawPolicy = attrs.field(factory=p.Drawing)
    draw_choice: p.DrawChoicePolicy = attrs.field(factory=p.AllowedWhenPlayable)
    actions: p.ActionPolicy = attrs.field(factory=p.OfficialActions)
    stacking: p.StackingPolicy = attrs.field(factory=p.Stacking)
    uno_call: p.UnoCall = attrs.field(factory=p.UnoCall)
    uno_penalty: p.UnoPenalty = attrs.field(factory=p.UnoPenalty)
    uno_window: p.UnoWindow = attrs.field(factory=p.UnoWindow)
    challenge: p.ChallengePolicy = attrs.field(factory=p.ChallengeWd4)
    going_out: p.GoingOutPolicy = attrs.field(factory=p.GoingOut)
    piles: p.ReshuffleDiscards = attrs.field(factory=p.ReshuffleDiscards)
    info: p.HandSizesPublic = attrs.field(factory=p.HandSizesPublic)
    card_values: p.CardValues = attrs.field(factory=p.CardValues)
    scoring: p.ScoringPolicy = attrs.field(factory=p.WinnerTakes)
    dealer_choice: p.DealerChoicePolicy = attrs.field(factory=p.GivenDealer)
    jump_in: p.JumpInPolicy = attrs.field(factory=p.NoJumpIn)
    seven_zero: p.SevenZeroPolicy = attrs.field(factory=p.NoSevenZero)
    timing: p.TimingPolicy = attrs.field(factory=p.NoTimeLimit)
    custom_card: p.CustomCardPolicy = attrs.field(factory=p.PlainCustomizable)
    strict: bool = False

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some slots (or ``name``/``strict``) replaced.

        Raises:
            RuleSetError: for a name that is not a slot.
        """
        unknown = sorted(set(changes) - set(SLOTS) - {"name", "strict"})
        if unknown:
            raise RuleSetError(
                f"not a slot of RuleSet: {', '.join(unknown)}; slots are {', '.join(SLOTS)}"
            )
        return attrs.evolve(self, **changes)

    def policies(self) -> tuple[tuple[str, p.Policy], ...]:
        """``(slot, policy)`` pairs in slot order."""
        return tuple((slot, getattr(self, slot)) for slot in SLOTS)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID in force, in slot order, each once."""
        seen: dict[str, None] = {}
        for _, policy in self.policies():
            for rid in policy.rule_ids:
                seen[rid] = None
        return tuple(seen)

    @property
    def target(self) -> int:
        """The target score of a game (``score.target``)."""
        return self.scoring.target

    def __str__(self) -> str:
        return self.name


SLOTS: tuple[str, ...] = tuple(
    a.name for a in attrs.fields(RuleSet) if a.name not in ("name", "strict")
)
"""The slot names of :class:`RuleSet` in order."""
