"""Policies: one small frozen object per rule (or reading of a rule).

A :class:`~unorules.ruleset.RuleSet` holds one policy per *slot* (a concern such
as drawing, stacking or the UNO call). Each policy carries the IDs of the
rules it implements (``rule_ids``), so the engine can cite who decided. The
engine asks the policies; it never switches on rule names.

Every slot has a protocol below; a class written outside the package that
satisfies it can be put into the slot with ``RuleSet.replace``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal, Protocol, runtime_checkable

import attrs

from unorules.cards import Card, Color, Face, classic_108

__all__ = [
    "ActionPolicy",
    "AllowedWhenPlayable",
    "CardValues",
    "ChallengePolicy",
    "ChallengeWd4",
    "ClassicDeck",
    "DeckPolicy",
    "DrawChoicePolicy",
    "DrawPolicy",
    "Drawing",
    "ForcePlay",
    "GoingOut",
    "GoingOutPolicy",
    "HandSizesPublic",
    "MatchPolicy",
    "NoChallenge",
    "OfficialActions",
    "OfficialMatch",
    "PilePolicy",
    "Policy",
    "ReshuffleDiscards",
    "ScoringPolicy",
    "Stacking",
    "StackingPolicy",
    "StandardDeal",
    "StartCard",
    "StartOutcome",
    "UnoCall",
    "UnoPenalty",
    "UnoWindow",
    "Wd4NoMatchingColour",
    "Wd4NoPlayableCard",
    "Wd4Policy",
    "Wd4Unrestricted",
    "WildAnyTime",
    "WildPolicy",
    "WildRestricted",
    "WinnerTakes",
]


@runtime_checkable
class Policy(Protocol):
    """What every policy has: the rule IDs it implements."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The IDs (of RULES.md) this policy implements, main one first."""
        ...


def matches(card: Card, top: Card, color: Color | None) -> bool:
    """``play.match``: a coloured card fits the colour in force or the top
    card's number/symbol. (Wild cards are decided by the wild policies.)"""
    return card.color is color or (top.color is not None and card.face is top.face)


# --- deck and deal -------------------------------------------------------------------


class DeckPolicy(Protocol):
    """The cards in play and the player counts they serve."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    def cards(self) -> tuple[Card, ...]:
        """The whole deck in a fixed order."""
        ...


@attrs.frozen(slots=True)
class ClassicDeck:
    """``deck.classic-108`` and ``players.range``: 108 cards for 2–10 players."""

    rule_ids: tuple[str, ...] = ("deck.classic-108", "players.range")
    min_players: int = 2
    max_players: int = 10

    def cards(self) -> tuple[Card, ...]:
        """The 108 cards (see :func:`unorules.cards.classic_108`)."""
        return _CLASSIC


_CLASSIC = classic_108()


@attrs.frozen(slots=True)
class StandardDeal:
    """``setup.deal``, ``setup.start-card``, ``setup.first-player``,
    ``setup.dealer-rotates``: 7 cards each, one at a time clockwise from the
    dealer's left; the next card starts the discard pile; the player left of
    the dealer starts; the dealer moves one seat clockwise each round."""

    rule_ids: tuple[str, ...] = (
        "setup.deal",
        "setup.start-card",
        "setup.first-player",
        "setup.dealer-rotates",
    )
    hand_size: int = 7


# --- start card --------------------------------------------------------------------


@attrs.frozen(slots=True)
class StartOutcome:
    """What a start card does before the first turn.

    Attributes:
        rule_id: the rule that decides.
        redraw: put the card back, reshuffle, turn a new one.
        first: who plays first, as an offset from the dealer (1 = dealer's left,
            0 = the dealer, -1 = the dealer's right, 2 = the second seat on the left).
        direction: +1 clockwise or -1.
        draw: cards the player left of the dealer draws (that player is then skipped).
        choose_color: the first player names the colour before playing.
    """

    rule_id: str
    redraw: bool = False
    first: int = 1
    direction: int = 1
    draw: int = 0
    choose_color: bool = False


class StartCardPolicy(Protocol):
    """The effect of the start card."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    def outcome(self, card: Card) -> StartOutcome:
        """The effect of ``card`` turned up as start card."""
        ...


@attrs.frozen(slots=True)
class StartCard:
    """The official start-card effects: ``start.skip``, ``start.reverse.dealer``
    (or ``start.reverse.right-of-dealer`` with ``reverse_first="right"``),
    ``start.draw-two``, ``start.wild``, ``start.wild-draw-four``; a number card
    has no effect (``setup.first-player``)."""

    reverse_first: Literal["dealer", "right"] = "dealer"

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The start-card IDs in force."""
        reverse = (
            "start.reverse.dealer"
            if self.reverse_first == "dealer"
            else ("start.reverse.right-of-dealer")
        )
        return ("start.skip", reverse, "start.draw-two", "start.wild", "start.wild-draw-four")

    def outcome(self, card: Card) -> StartOutcome:
        """The effect of ``card`` as start card."""
        face = card.face
        if face is Face.SKIP:
            return StartOutcome("start.skip", first=2)
        if face is Face.REVERSE:
            if self.reverse_first == "dealer":
                return StartOutcome("start.reverse.dealer", first=0, direction=-1)
            return StartOutcome("start.reverse.right-of-dealer", first=-1, direction=-1)
        if face is Face.DRAW_TWO:
            return StartOutcome("start.draw-two", first=2, draw=2)
        if face is Face.WILD_DRAW_FOUR:
            return StartOutcome("start.wild-draw-four", redraw=True)
        if face is Face.WILD:
            return StartOutcome("start.wild", choose_color=True)
        if card.is_wild:
            raise NotImplementedError(f"no start-card rule for {card.long_name} yet")
        return StartOutcome("setup.first-player")


# --- matching and wild cards ---------------------------------------------------------


@attrs.frozen(slots=True)
class OfficialMatch:
    """``play.match``, ``play.one-card``, ``play.in-turn``: one card a turn, on
    your own turn, matching colour, number or symbol."""

    rule_ids: tuple[str, ...] = ("play.match", "play.one-card", "play.in-turn")


MatchPolicy = OfficialMatch


class WildPolicy(Protocol):
    """When a wild card other than Wild Draw Four may be laid."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    def allows(self, hand: Sequence[Card], top: Card, color: Color | None) -> bool:
        """Whether a plain wild card may be laid from ``hand`` (which still
        holds it) on ``top`` with ``color`` in force."""
        ...


@attrs.frozen(slots=True)
class WildAnyTime:
    """``wild.any-time``: a Wild may be laid on anything."""

    rule_ids: tuple[str, ...] = ("wild.any-time",)

    def allows(self, hand: Sequence[Card], top: Card, color: Color | None) -> bool:
        """Always true."""
        return True


@attrs.frozen(slots=True)
class WildRestricted:
    """``wild.restricted``: a plain Wild only when no card of the colour in
    force or of the top card's number fits."""

    rule_ids: tuple[str, ...] = ("wild.restricted",)

    def allows(self, hand: Sequence[Card], top: Card, color: Color | None) -> bool:
        """True when no coloured card in ``hand`` matches."""
        return not any(not c.is_wild and matches(c, top, color) for c in hand)


class Wd4Policy(Protocol):
    """The Wild Draw Four restriction."""

    @property
    def restricted(self) -> bool:
        """Whether there is a restriction at all (and so something to challenge)."""
        ...

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """Whether laying a Wild Draw Four breaks the restriction, given the
        cards ``rest`` left in hand after it."""
        ...


@attrs.frozen(slots=True)
class Wd4NoMatchingColour:
    """``wd4.no-matching-colour``: only without a card of the colour in force."""

    rule_ids: tuple[str, ...] = ("wd4.no-matching-colour",)
    restricted: bool = True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """True when ``rest`` holds a card of ``color``."""
        return any(c.color is color for c in rest)


@attrs.frozen(slots=True)
class Wd4NoPlayableCard:
    """``wd4.no-playable-card``: only when no other card could be played
    (other wild cards don't count)."""

    rule_ids: tuple[str, ...] = ("wd4.no-playable-card",)
    restricted: bool = True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """True when a coloured card in ``rest`` matches."""
        return any(not c.is_wild and matches(c, top, color) for c in rest)


@attrs.frozen(slots=True)
class Wd4Unrestricted:
    """``wd4.unrestricted``: a Wild Draw Four may always be laid."""

    rule_ids: tuple[str, ...] = ("wd4.unrestricted",)
    restricted: bool = False

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """Never."""
        return False


# --- drawing ------------------------------------------------------------------------


class DrawPolicy(Protocol):
    """How many cards a player who does not play draws, and whether a playable
    drawn card may be kept."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    @property
    def until_playable(self) -> bool: ...

    @property
    def must_play(self) -> bool: ...


@attrs.frozen(slots=True)
class Drawing:
    """``draw.one-then-may-play`` by default: draw one card; if it fits it may
    be laid at once, else (or if kept) the turn passes.

    ``must_play=True`` gives ``house.play-drawn``; ``until_playable=True`` gives
    ``house.draw-until-playable`` (draw until a card fits, which must be laid).
    """

    until_playable: bool = False
    must_play: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The drawing rule in force."""
        if self.until_playable:
            return ("house.draw-until-playable",)
        if self.must_play:
            return ("house.play-drawn",)
        return ("draw.one-then-may-play",)


class DrawChoicePolicy(Protocol):
    """Whether a player may draw although a card in hand fits."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    def may_draw(self, has_playable: bool) -> bool:
        """Whether drawing is allowed."""
        ...


@attrs.frozen(slots=True)
class AllowedWhenPlayable:
    """``draw.allowed-when-playable``: drawing is allowed even when a card
    fits; afterwards only the drawn card may be laid that turn."""

    rule_ids: tuple[str, ...] = ("draw.allowed-when-playable",)

    def may_draw(self, has_playable: bool) -> bool:
        """Always true."""
        return True


@attrs.frozen(slots=True)
class ForcePlay:
    """``house.force-play``: a player who can play must play."""

    rule_ids: tuple[str, ...] = ("house.force-play",)

    def may_draw(self, has_playable: bool) -> bool:
        """True only when no card fits."""
        return not has_playable


# --- action cards and stacking -------------------------------------------------------


@attrs.frozen(slots=True)
class ActionEffect:
    """The effect of a laid card on the turn order.

    Attributes:
        rule_id: the rule that gives the effect.
        reverse: flip the direction of play.
        skip: how many players lose their turn after it.
        draw: cards the next player must take.
    """

    rule_id: str
    reverse: bool = False
    skip: int = 0
    draw: int = 0


class ActionPolicy(Protocol):
    """What Skip, Reverse, Draw Two and Wild Draw Four do."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of laying ``card`` with ``players`` players in the round,
        or ``None`` for a card without one."""
        ...


@attrs.frozen(slots=True)
class OfficialActions:
    """``action.skip``, ``action.reverse``, ``action.draw-two``,
    ``action.two-player-reverse``, and the draw of ``wd4.no-matching-colour``."""

    rule_ids: tuple[str, ...] = (
        "action.skip",
        "action.reverse",
        "action.draw-two",
        "action.two-player-reverse",
    )

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of ``card``."""
        face = card.face
        if face is Face.SKIP:
            return _SKIP
        if face is Face.REVERSE:
            return _REVERSE if players > 2 else _REVERSE_TWO
        if face is Face.DRAW_TWO:
            return _DRAW_TWO
        if face is Face.WILD_DRAW_FOUR:
            return _DRAW_FOUR
        return None


_SKIP = ActionEffect("action.skip", skip=1)
_REVERSE = ActionEffect("action.reverse", reverse=True)
_REVERSE_TWO = ActionEffect("action.two-player-reverse", reverse=True, skip=1)
_DRAW_TWO = ActionEffect("action.draw-two", draw=2)
_DRAW_FOUR = ActionEffect("wd4.no-matching-colour", draw=4)


class StackingPolicy(Protocol):
    """Whether a draw card may be answered with another."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    def answers(self, pending: Card, card: Card) -> str | None:
        """The rule ID that lets ``card`` answer the draw card ``pending``, or
        ``None`` when it may not."""
        ...


_STACK_PAIRS: dict[str, frozenset[tuple[Face, Face]]] = {
    "house.stack-draw-two": frozenset({(Face.DRAW_TWO, Face.DRAW_TWO)}),
    "house.stack-draw-four-on-two": frozenset({(Face.DRAW_TWO, Face.WILD_DRAW_FOUR)}),
    "house.stack-draw-four": frozenset({(Face.WILD_DRAW_FOUR, Face.WILD_DRAW_FOUR)}),
    "house.stack-escalating": frozenset(
        {
            (Face.DRAW_TWO, Face.DRAW_TWO),
            (Face.DRAW_TWO, Face.WILD_DRAW_FOUR),
            (Face.WILD_DRAW_FOUR, Face.WILD_DRAW_FOUR),
        }
    ),
}


@attrs.frozen(slots=True)
class Stacking:
    """Stacking of draw cards. With no IDs: none (``action.draw-two`` — a Draw
    Two cannot be answered). Combine any of ``house.stack-draw-two``,
    ``house.stack-draw-four-on-two``, ``house.stack-draw-four``,
    ``house.stack-escalating``; the owed total passes on, and whoever cannot or
    will not stack draws it all and loses the turn."""

    ids: tuple[str, ...] = ()
    ALL: ClassVar[tuple[str, ...]] = tuple(_STACK_PAIRS)

    def __attrs_post_init__(self) -> None:
        unknown = [i for i in self.ids if i not in _STACK_PAIRS]
        if unknown:
            raise ValueError(f"not a stacking rule: {', '.join(unknown)}")

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The stacking rules in force (none: ``action.draw-two``)."""
        return self.ids

    def answers(self, pending: Card, card: Card) -> str | None:
        """The first rule in force that allows ``card`` on ``pending``."""
        pair = (pending.face, card.face)
        for rid in self.ids:
            if pair in _STACK_PAIRS[rid]:
                return rid
        return None


# --- UNO call ---------------------------------------------------------------------


@attrs.frozen(slots=True)
class UnoCall:
    """``uno.call``: the call is due on laying the second-to-last card; a call
    just before counts, and a late one until the window closes. With
    ``late=False``: ``uno.call-strict`` (only a call before the card lands)."""

    late: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``uno.call`` or ``uno.call-strict``."""
        return ("uno.call",) if self.late else ("uno.call-strict",)


@attrs.frozen(slots=True)
class UnoPenalty:
    """``uno.penalty``: a caught missing call costs ``cards`` cards (2).
    ``cards=0`` gives ``uno.reminder`` (a reminder, no penalty)."""

    cards: int = 2

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``uno.penalty`` or ``uno.reminder``."""
        return ("uno.penalty",) if self.cards else ("uno.reminder",)


@attrs.frozen(slots=True)
class UnoWindow:
    """``uno.window-closes``: the window to point out a missing call closes
    when the next player plays or draws. ``on_draw=False`` gives
    ``uno.window-until-play`` (only a play closes it)."""

    on_draw: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``uno.window-closes`` or ``uno.window-until-play``."""
        return ("uno.window-closes",) if self.on_draw else ("uno.window-until-play",)


# --- challenge ----------------------------------------------------------------------


class ChallengePolicy(Protocol):
    """Who may challenge a Wild Draw Four, and what it costs."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    @property
    def enabled(self) -> bool: ...

    @property
    def anyone(self) -> bool: ...

    @property
    def bluff_penalty(self) -> int: ...

    @property
    def failed_penalty(self) -> int: ...


@attrs.frozen(slots=True)
class ChallengeWd4:
    """``challenge.wd4``: the victim may challenge before drawing. A caught
    bluffer draws ``bluff_penalty`` (4) and the victim draws nothing and plays;
    a failed challenger draws the owed cards plus ``failed_penalty`` (2, so 6)
    and loses the turn. ``anyone=True`` gives ``challenge.anyone``."""

    anyone: bool = False
    bluff_penalty: int = 4
    failed_penalty: int = 2
    enabled: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``challenge.wd4`` (and ``challenge.anyone``)."""
        return ("challenge.wd4", "challenge.anyone") if self.anyone else ("challenge.wd4",)


@attrs.frozen(slots=True)
class NoChallenge:
    """``challenge.none``: no challenges; the engine enforces the Wild Draw
    Four restriction itself, so a bluff is an illegal move."""

    rule_ids: tuple[str, ...] = ("challenge.none",)
    enabled: bool = False
    anyone: bool = False
    bluff_penalty: int = 0
    failed_penalty: int = 0


# --- end of round, piles, scoring ---------------------------------------------------


class GoingOutPolicy(Protocol):
    """What happens when a player lays their last card."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    @property
    def last_card_effect(self) -> bool: ...


@attrs.frozen(slots=True)
class GoingOut:
    """``end.last-card`` with ``end.last-card-draw-applies`` (a last Draw Two
    or Wild Draw Four still makes the next player draw); with
    ``last_card_effect=False``: ``end.last-card-no-effect``."""

    last_card_effect: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``end.last-card`` and the reading of the last card's effect."""
        second = (
            "end.last-card-draw-applies" if self.last_card_effect else ("end.last-card-no-effect")
        )
        return ("end.last-card", second)


@attrs.frozen(slots=True)
class ReshuffleDiscards:
    """``pile.reshuffle`` and ``pile.exhausted``: an empty draw pile is
    replaced by the discard pile but its top card, shuffled; when nothing is
    left to reshuffle the round ends and hands are scored as they stand."""

    rule_ids: tuple[str, ...] = ("pile.reshuffle", "pile.exhausted")


PilePolicy = ReshuffleDiscards


@attrs.frozen(slots=True)
class HandSizesPublic:
    """``info.hand-sizes-public``: hands are hidden but their sizes are not
    (see :func:`unorules.state.GameState.view`)."""

    rule_ids: tuple[str, ...] = ("info.hand-sizes-public",)


_VALUES_2018: dict[Face, int] = {
    **{f: int(f.value) for f in Face if f.is_number},
    Face.SKIP: 20,
    Face.REVERSE: 20,
    Face.DRAW_TWO: 20,
    Face.WILD: 50,
    Face.WILD_DRAW_FOUR: 50,
    Face.WILD_SHUFFLE_HANDS: 40,
    Face.WILD_SWAP_HANDS: 40,
    Face.WILD_CUSTOMIZABLE: 40,
}


@attrs.frozen(slots=True)
class CardValues:
    """``score.card-values``: numbers at face value, Skip/Reverse/Draw Two 20,
    Wild and Wild Draw Four 50, the other wild cards 40."""

    rule_ids: tuple[str, ...] = ("score.card-values",)

    def value(self, card: Card) -> int:
        """The points ``card`` is worth."""
        return _VALUES_2018[card.face]

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        values = _VALUES_2018
        return sum(values[c.face] for c in hand)


class ScoringPolicy(Protocol):
    """How a round is scored and when the game ends."""

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    @property
    def target(self) -> int: ...


@attrs.frozen(slots=True)
class WinnerTakes:
    """``score.winner-takes`` and ``score.target``: the round's winner scores
    the value of all other hands; the first to reach ``target`` (500) wins
    the game."""

    target: int = attrs.field(default=500)

    @target.validator
    def _check_target(self, attribute: object, value: int) -> None:
        if value <= 0:
            raise ValueError(f"the target score must be positive, not {value}")

    rule_ids: tuple[str, ...] = ("score.winner-takes", "score.target")
