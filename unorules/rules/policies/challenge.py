"""Challenging a Wild Draw Four (or, under ``challenge.also-wild``, a Wild):
who may, and what a challenge costs whom (``challenge.*``)."""

from __future__ import annotations

from typing import Protocol

import attrs

from unorules._mypyc import mypyc_attr
from unorules.cards import Card, Face
from unorules.rules.policies.base import Policy, Refusal

__all__ = ["ChallengeOutcome", "ChallengePolicy", "ChallengeWd4", "NoChallenge"]


@attrs.frozen(slots=True)
class ChallengeOutcome:
    """What a challenge does, as the challenge policy decides it.

    Attributes:
        rule_id: the rule that decides the outcome.
        succeeds: the card broke its restriction (the challenge is upheld).
        layer_draws: cards the layer of the card draws (a caught bluff).
        challenger_draws: cards the challenger draws for a failed challenge,
            on top of any cards it owed.
        victim_plays: after a caught bluff the player the card was laid on
            draws nothing and plays.
        take_back: after a caught bluff the layer takes the card back and
            lays a lawful card from the hand it had instead
            (``challenge.take-back``), drawing ``layer_draws`` after it.
    """

    rule_id: str
    succeeds: bool
    layer_draws: int = 0
    challenger_draws: int = 0
    victim_plays: bool = False
    take_back: bool = False


@mypyc_attr(native_class=False)
class ChallengePolicy(Policy, Protocol):
    """Who may challenge a card, and what the challenge costs."""

    def challengeable(self, card: Card) -> str | None:
        """The rule under which ``card``, just laid, may be challenged, or
        ``None`` when it cannot be (then the engine itself refuses a card
        that breaks its restriction)."""
        ...

    def may_challenge(self, card: Card, challenger: int, victim: int, layer: int) -> Refusal | None:
        """``None`` when seat ``challenger`` may challenge ``card`` that seat
        ``layer`` laid on seat ``victim``, else the rule that forbids it."""
        ...

    def outcome(self, card: Card, broke_rule: bool, by_victim: bool) -> ChallengeOutcome:
        """What a challenge of ``card`` does: ``broke_rule`` is what the
        challenge reveals, ``by_victim`` whether the player the card was laid
        on challenged."""
        ...


@attrs.frozen(slots=True)
class ChallengeWd4:
    """``challenge.wd4``: the victim may challenge before drawing. A caught
    bluffer draws ``bluff_penalty`` (4) and the victim draws nothing and plays;
    a failed challenger draws the owed cards plus ``failed_penalty`` (2, so 6)
    and loses the turn.

    Options: ``anyone=True`` gives ``challenge.anyone`` (any other player may
    challenge; a failed challenger who was not the victim draws 2 and the
    victim still owes the cards); ``take_back=True`` gives
    ``challenge.take-back`` (a caught bluffer takes the card back, must lay a
    legal card from the hand it had instead, and draws 4 right after it);
    ``also_wild=True`` gives ``challenge.also-wild`` (with ``wild.restricted``,
    a plain Wild can be challenged by the next player before they act:
    caught, the layer draws 4; legal, the challenger draws 2);
    ``penalty_chosen=True`` with ``failed_penalty=N`` gives
    ``challenge.penalty=N`` (a failed challenge of a Wild Draw Four costs the
    4 owed plus N instead of plus 2)."""

    anyone: bool = False
    take_back: bool = False
    also_wild: bool = False
    bluff_penalty: int = 4
    failed_penalty: int = 2
    penalty_chosen: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``challenge.wd4`` and the options in force."""
        ids: tuple[str, ...] = ("challenge.wd4",)
        for on, rid in (
            (self.anyone, "challenge.anyone"),
            (self.take_back, "challenge.take-back"),
            (self.also_wild, "challenge.also-wild"),
            (self.penalty_chosen, "challenge.penalty"),
        ):
            if on:
                ids += (rid,)
        return ids

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``challenge.penalty`` and its number."""
        return (("challenge.penalty", self.failed_penalty),) if self.penalty_chosen else ()

    def challengeable(self, card: Card) -> str | None:
        """A Wild Draw Four (``challenge.wd4``); a Wild under
        ``challenge.also-wild``."""
        if card.face is Face.WILD_DRAW_FOUR:
            return "challenge.wd4"
        if card.face is Face.WILD and self.also_wild:
            return "challenge.also-wild"
        return None

    def may_challenge(self, card: Card, challenger: int, victim: int, layer: int) -> Refusal | None:
        """The victim; under ``challenge.anyone`` any seat but the layer."""
        if challenger == victim or (self.anyone and challenger != layer):
            return None
        rid = self.challengeable(card) or "challenge.wd4"
        ids = (rid,) if rid == "challenge.also-wild" else self.rule_ids
        if self.anyone:
            return Refusal(ids, f"seat {layer} laid the card and cannot challenge it")
        return Refusal(ids, f"only seat {victim}, on whom the card was laid, may challenge it")

    def outcome(self, card: Card, broke_rule: bool, by_victim: bool) -> ChallengeOutcome:
        """Caught: the layer draws ``bluff_penalty`` (taking the card back
        first under ``challenge.take-back``); failed: the challenger draws
        ``failed_penalty`` (a Wild under ``challenge.also-wild``: 2)."""
        if card.face is Face.WILD:
            return ChallengeOutcome(
                "challenge.also-wild",
                broke_rule,
                layer_draws=self.bluff_penalty if broke_rule else 0,
                challenger_draws=0 if broke_rule else 2,
            )
        if broke_rule:
            return ChallengeOutcome(
                "challenge.wd4",
                True,
                layer_draws=self.bluff_penalty,
                victim_plays=True,
                take_back=self.take_back,
            )
        rid = "challenge.wd4" if by_victim else "challenge.anyone"
        if self.penalty_chosen and by_victim:
            rid = "challenge.penalty"
        return ChallengeOutcome(rid, False, challenger_draws=self.failed_penalty)


@attrs.frozen(slots=True)
class NoChallenge:
    """``challenge.none``: no challenges; the engine enforces the Wild Draw
    Four restriction itself, so a bluff is an illegal move."""

    rule_ids: tuple[str, ...] = ("challenge.none",)

    def challengeable(self, card: Card) -> str | None:
        """``None``: nothing can be challenged."""
        return None

    def may_challenge(self, card: Card, challenger: int, victim: int, layer: int) -> Refusal | None:
        """Always refused: these rules have no challenges."""
        return Refusal(self.rule_ids, "these rules have no challenges")

    def outcome(self, card: Card, broke_rule: bool, by_victim: bool) -> ChallengeOutcome:
        """Never asked (nothing can be challenged); a challenge that does nothing."""
        return ChallengeOutcome("challenge.none", False)
