"""Drawing: what a player who does not play draws, and whether a player may
draw although a card fits (``draw.*``, ``house.play-drawn``,
``house.draw-until-playable``, ``house.force-play``)."""

from __future__ import annotations

import enum
from typing import Protocol

import attrs

from unorules._mypyc import mypyc_attr
from unorules.rules.policies.base import Policy

__all__ = [
    "AfterDraw",
    "AllowedWhenPlayable",
    "DrawChoicePolicy",
    "DrawPolicy",
    "Drawing",
    "DrawnCard",
    "ForcePlay",
]


class AfterDraw(enum.Enum):
    """What the player does next with the card it drew."""

    PLAY_OR_KEEP = "play-or-keep"
    """It fits: the player may lay it or keep it (``Pass``)."""
    MUST_PLAY = "must-play"
    """It fits and must be laid."""
    DRAW_AGAIN = "draw-again"
    """It does not fit: the player draws another."""
    TURN_PASSES = "turn-passes"
    """It does not fit: the turn passes."""


@attrs.frozen(slots=True)
class DrawnCard:
    """The drawing policy's answer for one drawn card.

    Attributes:
        rule_id: the rule that decides.
        then: what the player does next.
    """

    rule_id: str
    then: AfterDraw


@mypyc_attr(native_class=False)
class DrawPolicy(Policy, Protocol):
    """What a player who draws instead of playing does with the drawn card."""

    def drawn(self, fits: bool) -> DrawnCard:
        """What comes after drawing a card that ``fits`` (can be lawfully
        played) or not."""
        ...


@attrs.frozen(slots=True)
class Drawing:
    """``draw.one-then-may-play`` by default: draw one card; if it fits it may
    be laid at once, else (or if kept) the turn passes.

    ``must_play=True`` gives ``house.play-drawn``; ``until_playable=True`` gives
    ``house.draw-until-playable`` (draw until a card fits, which must be laid);
    ``blind=True`` gives ``house.blind-draw`` (the drawn card goes to the hand
    unplayed and the turn passes, whether it fits or not).
    """

    until_playable: bool = False
    must_play: bool = False
    blind: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The drawing rule in force."""
        if self.blind:
            return ("house.blind-draw",)
        if self.until_playable:
            return ("house.draw-until-playable",)
        if self.must_play:
            return ("house.play-drawn",)
        return ("draw.one-then-may-play",)

    def drawn(self, fits: bool) -> DrawnCard:
        """Play or keep a card that fits (must play it under
        ``house.play-drawn``); draw again
        after one that does not under ``house.draw-until-playable``."""
        rid = self.rule_ids[0]
        if self.blind:
            return DrawnCard(rid, AfterDraw.TURN_PASSES)
        if fits:
            return DrawnCard(rid, AfterDraw.MUST_PLAY if self.must_play else AfterDraw.PLAY_OR_KEEP)
        return DrawnCard(
            rid, AfterDraw.DRAW_AGAIN if self.until_playable else AfterDraw.TURN_PASSES
        )


@mypyc_attr(native_class=False)
class DrawChoicePolicy(Policy, Protocol):
    """Whether a player may draw although a card in hand fits."""

    def may_draw(self, has_playable: bool) -> bool:
        """Whether drawing is allowed."""
        ...

    # A draw-choice policy may also say that a hand is too big to draw to,
    # with a member ``full(held) -> str | None`` (read when present): the
    # rule that forbids a hand of ``held`` cards to draw in its turn
    # (``house.hand-limit``); such a player plays if able, else passes.


@attrs.frozen(slots=True)
class AllowedWhenPlayable:
    """``draw.allowed-when-playable``: drawing is allowed even when a card
    fits; afterwards only the drawn card may be laid that turn.

    With ``hand_limit=N`` (``house.hand-limit=N``): a player holding N cards
    or more may not draw in their turn; they play if they can, else pass
    (cards owed are still drawn in full)."""

    hand_limit: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``draw.allowed-when-playable`` (and ``house.hand-limit``)."""
        if self.hand_limit:
            return ("draw.allowed-when-playable", "house.hand-limit")
        return ("draw.allowed-when-playable",)

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``house.hand-limit`` and its number."""
        return (("house.hand-limit", self.hand_limit),) if self.hand_limit else ()

    def may_draw(self, has_playable: bool) -> bool:
        """Always true."""
        return True

    def full(self, held: int) -> str | None:
        """``house.hand-limit`` when a hand of ``held`` cards may not draw."""
        return "house.hand-limit" if self.hand_limit and held >= self.hand_limit else None


@attrs.frozen(slots=True)
class ForcePlay:
    """``house.force-play``: a player who can play must play. With
    ``hand_limit=N``: ``house.hand-limit=N`` as for
    :class:`AllowedWhenPlayable`."""

    hand_limit: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``house.force-play`` (and ``house.hand-limit``)."""
        return (
            ("house.force-play", "house.hand-limit") if self.hand_limit else ("house.force-play",)
        )

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``house.hand-limit`` and its number."""
        return (("house.hand-limit", self.hand_limit),) if self.hand_limit else ()

    def may_draw(self, has_playable: bool) -> bool:
        """True only when no card fits."""
        return not has_playable

    def full(self, held: int) -> str | None:
        """``house.hand-limit`` when a hand of ``held`` cards may not draw."""
        return "house.hand-limit" if self.hand_limit and held >= self.hand_limit else None
