"""Policies: one small frozen object per rule (or reading of a rule).

A :class:`~unorules.rules.ruleset.RuleSet` holds one policy per *slot* (a concern such
as drawing, stacking or the UNO call). Each policy carries the IDs of the
rules it implements (``rule_ids``), so the engine can cite who decided. The
engine asks the policies; it never switches on rule names.

Every slot has a protocol below; a class written outside the package that
satisfies it can be put into the slot with ``RuleSet.replace``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol, runtime_checkable

import attrs

from unorules.cards import Card, Color, Face, classic_108

if TYPE_CHECKING:
    from unorules.state import GameState

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
    "game_outcome",
]


@runtime_checkable
class Policy(Protocol):
    """What every policy has: the rule IDs it implements."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule IDs (:mod:`unorules.rules.catalogue`) this policy implements, main one first."""
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

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        ...

    def cards(self) -> tuple[Card, ...]:
        """The whole deck in a fixed order."""
        ...


@attrs.frozen(slots=True)
class ClassicDeck:
    """``deck.classic-108`` and ``players.range``: 108 cards for 2–10 players."""

    rule_ids: tuple[str, ...] = ("deck.classic-108", "players.range")
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7

    def cards(self) -> tuple[Card, ...]:
        """The 108 cards (see :func:`unorules.cards.classic_108`)."""
        return _CLASSIC


_CLASSIC = classic_108()


def _check_blanks(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise ValueError(f"a modern deck uses 0 to 3 blank cards, not {value!r}")


@attrs.frozen(slots=True)
class ModernDeck:
    """``deck.modern-112``: the classic 108 cards plus one Wild Shuffle Hands
    and ``blanks`` (0–3, default 3) Wild Customizable cards; with
    ``swap=True``, ``deck.modern-112-swap`` (a Wild Swap Hands instead of the
    Shuffle Hands card). The deck brings the rules of its special cards:
    ``action.shuffle-hands`` or ``action.swap-hands``,
    ``action.customizable``, ``start.shuffle-hands``, ``start.customizable``."""

    swap: bool = False
    blanks: int = attrs.field(default=3, validator=_check_blanks)
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The deck's ID, ``players.range`` and its special cards' rules."""
        ids: tuple[str, ...]
        if self.swap:
            ids = (
                "deck.modern-112-swap",
                "players.range",
                "action.swap-hands",
                "start.customizable",
            )
        else:
            ids = (
                "deck.modern-112",
                "players.range",
                "action.shuffle-hands",
                "start.shuffle-hands",
            )
        if self.blanks:
            ids += ("action.customizable",)
            if self.swap is False:
                ids += ("start.customizable",)
        return ids

    def cards(self) -> tuple[Card, ...]:
        """The 108 classic cards, then the special wild cards."""
        special = Face.WILD_SWAP_HANDS if self.swap else Face.WILD_SHUFFLE_HANDS
        blank = Card(None, Face.WILD_CUSTOMIZABLE)
        return (*_CLASSIC, Card(None, special), *([blank] * self.blanks))


@attrs.frozen(slots=True)
class TwoDecks:
    """``deck.two-decks``: two classic decks mixed (216 cards) for 11–20
    players; the rules are unchanged."""

    rule_ids: tuple[str, ...] = ("deck.two-decks", "players.range")
    min_players: int = 11
    max_players: int = 20
    hand_size: int = 7

    def cards(self) -> tuple[Card, ...]:
        """216 cards."""
        return _CLASSIC + _CLASSIC


def _junior() -> tuple[Card, ...]:
    cards: list[Card] = []
    for color in Color:
        cards += [Card(color, f) for f in Face if f.is_number and 1 <= int(f.value) <= 7]
    cards += [Card(color, Face.DRAW_TWO) for color in Color]
    cards += [Card(None, Face.WILD)] * 4
    return tuple(cards)


@attrs.frozen(slots=True)
class JuniorDeck:
    """``deck.junior``: 36 cards (numbers 1–7 in four colours, four Draw Two,
    four wild "free" cards), 5 dealt to each player."""

    rule_ids: tuple[str, ...] = ("deck.junior", "players.range")
    min_players: int = 2
    max_players: int = 6
    hand_size: int = 5

    def cards(self) -> tuple[Card, ...]:
        """36 cards."""
        return _JUNIOR


_JUNIOR = _junior()


@attrs.frozen(slots=True)
class WithoutWildDrawFour:
    """A deck with its Wild Draw Four cards taken out (part of ``house.kids``)."""

    base: DeckPolicy = attrs.field(factory=ClassicDeck)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The base deck's IDs and ``house.kids``."""
        return (*self.base.rule_ids, "house.kids")

    @property
    def min_players(self) -> int:
        """As the base deck."""
        return self.base.min_players

    @property
    def max_players(self) -> int:
        """As the base deck."""
        return self.base.max_players

    @property
    def hand_size(self) -> int:
        """As the base deck."""
        return self.base.hand_size

    def cards(self) -> tuple[Card, ...]:
        """The base deck without Wild Draw Four cards."""
        return tuple(c for c in self.base.cards() if c.face is not Face.WILD_DRAW_FOUR)


@attrs.frozen(slots=True)
class GivenDealer:
    """The dealer is given (``new_round(dealer=...)``; by default the last seat)."""

    rule_ids: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class DealerDraw:
    """``setup.dealer-draw``: to pick the first dealer everyone draws a card;
    the highest number deals (action and wild cards count 0); ties draw again
    among the tied."""

    rule_ids: tuple[str, ...] = ("setup.dealer-draw",)


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
    hand_size: int | None = None
    """Cards dealt to each player; ``None``: the deck's number (7, Junior 5)."""


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
        cover: with ``redraw``, the card stays in the discard pile, covered by
            the next one, instead of going back into the deck.
    """

    rule_id: str
    redraw: bool = False
    first: int = 1
    direction: int = 1
    draw: int = 0
    choose_color: bool = False
    cover: bool = False


class StartCardPolicy(Policy, Protocol):
    """The effect of the start card."""

    def outcome(self, card: Card) -> StartOutcome:
        """The effect of ``card`` turned up as start card."""
        ...


@attrs.frozen(slots=True)
class StartCard:
    """The official start-card effects: ``start.skip``, ``start.reverse.dealer``
    (or ``start.reverse.right-of-dealer`` with ``reverse_first="right"``),
    ``start.draw-two``, ``start.wild``, ``start.wild-draw-four``; a number card
    has no effect (``setup.first-player``). Wild Shuffle Hands starts as
    ``start.shuffle-hands``, the blank and Swap Hands cards as
    ``start.customizable`` (both: name a colour, like a Wild). With
    ``number_only=True``: ``start.number-only``, cards are turned until a
    number card comes."""

    reverse_first: Literal["dealer", "right"] = "dealer"
    number_only: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The start-card IDs in force."""
        if self.number_only:
            return ("start.number-only",)
        reverse = (
            "start.reverse.dealer"
            if self.reverse_first == "dealer"
            else ("start.reverse.right-of-dealer")
        )
        return ("start.skip", reverse, "start.draw-two", "start.wild", "start.wild-draw-four")

    def outcome(self, card: Card) -> StartOutcome:
        """The effect of ``card`` as start card."""
        face = card.face
        if self.number_only:
            if card.is_number:
                return StartOutcome("start.number-only")
            return StartOutcome("start.number-only", redraw=True, cover=True)
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
        if face is Face.WILD_SHUFFLE_HANDS:
            return StartOutcome("start.shuffle-hands", choose_color=True)
        if card.is_wild:
            return StartOutcome("start.customizable", choose_color=True)
        return StartOutcome("setup.first-player")


# --- matching and wild cards ---------------------------------------------------------


@attrs.frozen(slots=True)
class OfficialMatch:
    """``play.match``, ``play.one-card``, ``play.in-turn``: one card a turn, on
    your own turn, matching colour, number or symbol. With ``multiple=True``:
    ``house.multiple-identical`` instead of ``play.one-card`` (several
    identical coloured cards at once; each Skip skips one more player, each
    Draw Two adds 2, each Reverse flips the direction)."""

    multiple: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The matching IDs in force."""
        one = "house.multiple-identical" if self.multiple else "play.one-card"
        return ("play.match", one, "play.in-turn")


MatchPolicy = OfficialMatch


class WildPolicy(Policy, Protocol):
    """When a wild card other than Wild Draw Four may be laid."""

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


class Wd4Policy(Policy, Protocol):
    """The Wild Draw Four restriction."""

    @property
    def restricted(self) -> bool:
        """Whether there is a restriction at all (and so something to challenge)."""
        ...

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


class DrawPolicy(Policy, Protocol):
    """How many cards a player who does not play draws, and whether a playable
    drawn card may be kept."""

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


class DrawChoicePolicy(Policy, Protocol):
    """Whether a player may draw although a card in hand fits."""

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
    special: Literal["", "shuffle", "swap", "custom"] = ""


class ActionPolicy(Policy, Protocol):
    """What Skip, Reverse, Draw Two and Wild Draw Four do."""

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of laying ``card`` with ``players`` players in the round,
        or ``None`` for a card without one."""
        ...


@attrs.frozen(slots=True)
class OfficialActions:
    """``action.skip``, ``action.reverse``, ``action.draw-two``,
    ``action.wild`` (the colour named), ``action.wild-draw-four`` (the colour
    named and the next player's 4 cards), ``action.two-player-reverse``; and
    the special wild cards of the modern decks."""

    rule_ids: tuple[str, ...] = (
        "action.skip",
        "action.reverse",
        "action.draw-two",
        "action.wild",
        "action.wild-draw-four",
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
        if face is Face.WILD:
            return _WILD
        if face is Face.WILD_SHUFFLE_HANDS:
            return _SHUFFLE
        if face is Face.WILD_SWAP_HANDS:
            return _SWAP
        if face is Face.WILD_CUSTOMIZABLE:
            return _CUSTOM
        return None


_SHUFFLE = ActionEffect("action.shuffle-hands", special="shuffle")
_SWAP = ActionEffect("action.swap-hands", special="swap")
_CUSTOM = ActionEffect("action.customizable", special="custom")
_SKIP = ActionEffect("action.skip", skip=1)
_REVERSE = ActionEffect("action.reverse", reverse=True)
_REVERSE_TWO = ActionEffect("action.two-player-reverse", reverse=True, skip=1)
_DRAW_TWO = ActionEffect("action.draw-two", draw=2)
_WILD = ActionEffect("action.wild")
_DRAW_FOUR = ActionEffect("action.wild-draw-four", draw=4)


class StackingPolicy(Policy, Protocol):
    """Whether a draw card may be answered with another."""

    def answers(self, pending: Card, card: Card, color: Color | None) -> str | None:
        """The rule ID that lets ``card`` answer the draw card ``pending`` with
        ``color`` in force (after a wild card, the colour named with it), or
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

    def answers(self, pending: Card, card: Card, color: Color | None) -> str | None:
        """The first rule in force that allows ``card`` on ``pending`` (the
        colour in force does not matter to these rules)."""
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
    ``late=False``: ``uno.call-strict`` (only a call before the card lands).
    With ``at_two=True``: ``uno.call-at-two`` (the call is made while holding
    two cards on one's turn, before laying one; no late call). With
    ``required_to_win=True``: ``uno.required-to-win`` (a player whose call is
    missing cannot lay their last card)."""

    late: bool = True
    at_two: bool = False
    required_to_win: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The UNO call IDs in force."""
        if self.at_two:
            ids: tuple[str, ...] = ("uno.call-at-two",)
        else:
            ids = ("uno.call",) if self.late else ("uno.call-strict",)
        return (*ids, "uno.required-to-win") if self.required_to_win else ids

    @property
    def late_allowed(self) -> bool:
        """Whether a call after the card landed still protects."""
        return self.late and not self.at_two


@attrs.frozen(slots=True)
class UnoPenalty:
    """``uno.penalty``: a caught missing call costs ``cards`` cards (2).
    ``cards=0`` gives ``uno.reminder`` (a reminder, no penalty).
    ``false_call=2`` adds ``uno.false-call``: calling UNO when no call is due
    costs 2 cards."""

    cards: int = 2
    false_call: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The penalty IDs in force."""
        ids = ("uno.penalty",) if self.cards else ("uno.reminder",)
        return (*ids, "uno.false-call") if self.false_call else ids


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


class ChallengePolicy(Policy, Protocol):
    """Who may challenge a Wild Draw Four (or a Wild), and what it costs."""

    @property
    def enabled(self) -> bool: ...

    @property
    def anyone(self) -> bool: ...

    @property
    def take_back(self) -> bool: ...

    @property
    def also_wild(self) -> bool: ...

    @property
    def bluff_penalty(self) -> int: ...

    @property
    def failed_penalty(self) -> int: ...


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
    legal card from the hand it had instead, and draws 4 right after it); ``also_wild=True`` gives
    ``challenge.also-wild`` (with ``wild.restricted``, a plain Wild can be
    challenged by the next player before they act: caught, the layer draws 4;
    legal, the challenger draws 2)."""

    anyone: bool = False
    take_back: bool = False
    also_wild: bool = False
    bluff_penalty: int = 4
    failed_penalty: int = 2
    enabled: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``challenge.wd4`` and the options in force."""
        ids: tuple[str, ...] = ("challenge.wd4",)
        for on, rid in (
            (self.anyone, "challenge.anyone"),
            (self.take_back, "challenge.take-back"),
            (self.also_wild, "challenge.also-wild"),
        ):
            if on:
                ids += (rid,)
        return ids


@attrs.frozen(slots=True)
class NoChallenge:
    """``challenge.none``: no challenges; the engine enforces the Wild Draw
    Four restriction itself, so a bluff is an illegal move."""

    rule_ids: tuple[str, ...] = ("challenge.none",)
    enabled: bool = False
    anyone: bool = False
    take_back: bool = False
    also_wild: bool = False
    bluff_penalty: int = 0
    failed_penalty: int = 0


# --- end of round, piles, scoring ---------------------------------------------------


class GoingOutPolicy(Policy, Protocol):
    """What happens when a player lays their last card."""

    @property
    def last_card_effect(self) -> bool: ...

    @property
    def play_on(self) -> bool: ...

    @property
    def shuffle_hands_last(self) -> bool: ...

    @property
    def number_card_last(self) -> bool: ...

    def may_go_out(self, card: Card) -> str | None:
        """``None`` when ``card`` may be a player's last card, else the ID of
        the rule that forbids it."""
        ...

    def stuck_draw(self, hand: Sequence[Card]) -> int:
        """Cards drawn by a player whose hand cannot go out at all (0: the
        normal draw)."""
        ...


@attrs.frozen(slots=True)
class GoingOut:
    """``end.last-card`` with ``end.last-card-draw-applies`` (a last Draw Two
    or Wild Draw Four still makes the next player draw); with
    ``last_card_effect=False``: ``end.last-card-no-effect``.

    Options: ``no_wd4_last`` (``end.no-wd4-last``: a Wild Draw Four cannot be
    the last card; a player left with only it draws 3 and the turn passes),
    ``number_card_last`` (``end.number-card-last``: the last card must be a
    number card), ``shuffle_hands_last`` (``end.shuffle-hands-last``: a last
    Wild Shuffle Hands still redeals, the layer included; when there are
    fewer cards than players, the deal, which reaches the layer last, leaves
    it none and it has gone out after all), ``play_on``
    (``end.play-on``: the others play on for the next places until one is
    left)."""

    last_card_effect: bool = True
    no_wd4_last: bool = False
    number_card_last: bool = False
    shuffle_hands_last: bool = False
    play_on: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``end.last-card``, the reading of the last card's effect, options."""
        second = (
            "end.last-card-draw-applies" if self.last_card_effect else "end.last-card-no-effect"
        )
        ids: tuple[str, ...] = ("end.last-card", second)
        for on, rid in (
            (self.no_wd4_last, "end.no-wd4-last"),
            (self.number_card_last, "end.number-card-last"),
            (self.shuffle_hands_last, "end.shuffle-hands-last"),
            (self.play_on, "end.play-on"),
        ):
            if on:
                ids += (rid,)
        return ids

    def may_go_out(self, card: Card) -> str | None:
        """The rule that forbids ``card`` as the last card, if any."""
        if self.no_wd4_last and card.face is Face.WILD_DRAW_FOUR:
            return "end.no-wd4-last"
        if self.number_card_last and not card.is_number:
            return "end.number-card-last"
        return None

    def stuck_draw(self, hand: Sequence[Card]) -> int:
        """3 for a hand of only a Wild Draw Four under ``end.no-wd4-last``."""
        if self.no_wd4_last and len(hand) == 1 and hand[0].face is Face.WILD_DRAW_FOUR:
            return 3
        return 0


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
    (see :func:`unorules.state.GameState.view`). With ``open_hands=True``
    (part of ``house.kids``) hands are played face up."""

    open_hands: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``info.hand-sizes-public``; with open hands also ``house.kids``."""
        return (
            ("info.hand-sizes-public", "house.kids")
            if self.open_hands
            else ("info.hand-sizes-public",)
        )


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


_VALUES_2022: dict[Face, int] = {
    **_VALUES_2018,
    **{f: 50 for f in Face if f.is_wild},
}


@attrs.frozen(slots=True)
class CardValues:
    """``score.card-values``: numbers at face value, Skip/Reverse/Draw Two 20,
    Wild and Wild Draw Four 50, the other wild cards 40. With
    ``all_wild_50=True``: ``score.card-values-2022`` (every wild card 50)."""

    all_wild_50: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``score.card-values`` or ``score.card-values-2022``."""
        return ("score.card-values-2022",) if self.all_wild_50 else ("score.card-values",)

    def value(self, card: Card) -> int:
        """The points ``card`` is worth."""
        return (_VALUES_2022 if self.all_wild_50 else _VALUES_2018)[card.face]

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        values = _VALUES_2022 if self.all_wild_50 else _VALUES_2018
        return sum(values[c.face] for c in hand)


class ScoringPolicy(Policy, Protocol):
    """How a round is scored and when the game ends."""

    @property
    def target(self) -> int: ...

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValues,
    ) -> tuple[tuple[int, ...], str]:
        """The new totals after a round, and a sentence saying why."""
        ...

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Whether the game ends with these totals (after a finished round)."""
        ...

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The winner of a finished game (``None`` on a tie)."""
        ...

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Which seats are dealt in for the next round."""
        ...


def _check_target(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or value <= 0:
        raise ValueError(f"the target score must be a positive whole number, not {value!r}")


def _others(hands: Sequence[Sequence[Card]], seat: int, values: CardValues) -> list[int]:
    return [values.hand_value(h) if i != seat else 0 for i, h in enumerate(hands)]


def _seats(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 1 and 2``, ``seats 0, 1 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(map(str, seats[:-1]))} and {seats[-1]}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _reached(scores: tuple[int, ...], target: int) -> str:
    """Who reached the target, with their totals."""
    up = [i for i, v in enumerate(scores) if v >= target]
    verb = "has" if len(up) == 1 else "have"
    totals = ", ".join(_points(scores[i]) for i in up)
    return f"{_seats(up)} {verb} reached the target of {target} ({totals})"


def _lowest(scores: Sequence[int], seats: Sequence[int]) -> str:
    """The seat with the lowest total among ``seats`` wins, or the tie."""
    low = min(scores[i] for i in seats)
    best = [i for i in seats if scores[i] == low]
    if len(best) == 1:
        return f"seat {best[0]} wins it with the lowest total, {_points(low)}"
    return f"{_seats(best)} share the lowest total, {_points(low)}: there is no single winner"


def game_outcome(scoring: ScoringPolicy, scores: tuple[int, ...], round_winner: int | None) -> str:
    """What decided a game that ``scoring`` ends with ``scores``: who reached
    the target and who wins (``score.*``), as a clause to follow "the game is
    over: ".

    Args:
        scoring: the scoring policy in force.
        scores: the totals after the last round.
        round_winner: the winner of the last round, ``None`` when nobody won it.

    Returns:
        The clause, e.g. ``"seat 1 has reached the target of 500 (508 points);
        seat 2 wins it with the lowest total, 7 points"``. A policy of the
        table's own gets a plain sentence naming its :meth:`game_winner`.
    """
    outcome = getattr(scoring, "outcome", None)
    if outcome is not None:
        return str(outcome(scores, round_winner))
    best = scoring.game_winner(scores, round_winner)
    return f"seat {best} wins it" if best is not None else "there is no single winner"


@attrs.frozen(slots=True)
class WinnerTakes:
    """``score.winner-takes`` and ``score.target``: the round's winner scores
    the value of all other hands; the first to reach ``target`` (500) wins
    the game."""

    target: int = attrs.field(default=500, validator=_check_target)
    rule_ids: tuple[str, ...] = ("score.winner-takes", "score.target")

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValues,
    ) -> tuple[tuple[int, ...], str]:
        """The winner adds the others' hand values."""
        if winner is None:
            return scores, "nobody scores"
        worth = _others(hands, winner, values)
        gained = sum(worth)
        others = [v for i, v in enumerate(worth) if i != winner]
        new = tuple(v + (gained if i == winner else 0) for i, v in enumerate(scores))
        if len(others) == 1:
            return new, f"seat {winner} scores the other hand: {_points(gained)}"
        parts = " + ".join(map(str, others))
        return new, f"seat {winner} scores the other hands: {parts} = {_points(gained)}"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Someone reached the target."""
        return max(scores, default=0) >= self.target

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The highest total (``None`` when it is shared)."""
        if not self.game_over(scores, round_winner):
            return None
        high = max(scores)
        return scores.index(high) if scores.count(high) == 1 else None

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """Who reached the target and wins the game (see :func:`game_outcome`)."""
        best = self.game_winner(scores, round_winner)
        if best is None:
            high = max(scores)
            tied = [i for i, v in enumerate(scores) if v == high]
            return (
                f"{_seats(tied)} share the highest total, {_points(high)}: "
                "there is no single winner"
            )
        return (
            f"seat {best} has reached the target of {self.target} and wins it with "
            f"{_points(scores[best])}"
        )

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Everyone plays every round."""
        return (True,) * len(scores)


@attrs.frozen(slots=True)
class PenaltyPoints:
    """``score.penalty-points``: every player adds the value of their own hand;
    when someone reaches ``target`` the game ends and the lowest total wins."""

    target: int = attrs.field(default=500, validator=_check_target)
    rule_ids: tuple[str, ...] = ("score.penalty-points", "score.target")

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValues,
    ) -> tuple[tuple[int, ...], str]:
        """Each seat adds its own hand value."""
        worth = [values.hand_value(h) for h in hands]
        new = tuple(v + w for v, w in zip(scores, worth, strict=True))
        shown = ", ".join(f"seat {i} +{w}" for i, w in enumerate(worth))
        return new, f"every player notes their own hand: {shown}"

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """Who reached the target, and the lowest total that wins (see
        :func:`game_outcome`)."""
        return f"{_reached(scores, self.target)}; {_lowest(scores, range(len(scores)))}"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Someone reached the target."""
        return max(scores, default=0) >= self.target

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The lowest total (``None`` on a tie)."""
        if not self.game_over(scores, round_winner):
            return None
        low = min(scores)
        return scores.index(low) if scores.count(low) == 1 else None

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Everyone plays every round."""
        return (True,) * len(scores)


@attrs.frozen(slots=True)
class Elimination:
    """``score.elimination``: every player adds the value of their own hand; a
    player who reaches ``target`` (500) is out, and the game goes on until one
    player is left, who wins. **interp.** if the last players reach the target
    in the same round, the lowest total wins."""

    target: int = attrs.field(default=500, validator=_check_target)
    rule_ids: tuple[str, ...] = ("score.elimination", "score.target")

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValues,
    ) -> tuple[tuple[int, ...], str]:
        """Each seat in play adds its own hand value."""
        new, _ = PenaltyPoints(self.target).score_round(hands, winner, scores, values)
        playing = [i for i, v in enumerate(scores) if v < self.target or hands[i]]
        shown = ", ".join(f"seat {i} +{values.hand_value(hands[i])}" for i in playing)
        out = [i for i in playing if new[i] >= self.target]
        why = f"every player still in the game notes their own hand: {shown}"
        if out:
            verb = "reaches" if len(out) == 1 else "reach"
            be = "is" if len(out) == 1 else "are"
            why += f"; {_seats(out)} {verb} {self.target} and {be} out of the game"
        return new, why

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """The last player under the target, or the lowest total when nobody
        is left under it (see :func:`game_outcome`)."""
        left = [i for i, v in enumerate(scores) if v < self.target]
        if left:
            return (
                f"seat {left[0]} wins it as the last player under {self.target}, "
                f"with {_points(scores[left[0]])}"
            )
        return f"every player has reached {self.target}; {_lowest(scores, range(len(scores)))}"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """At most one player is left under the target."""
        return sum(v < self.target for v in scores) <= 1

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The last player under the target (else the lowest total)."""
        if not self.game_over(scores, round_winner):
            return None
        left = [i for i, v in enumerate(scores) if v < self.target]
        if left:
            return left[0]
        low = min(scores)
        return scores.index(low) if scores.count(low) == 1 else None

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Seats under the target."""
        return tuple(v < self.target for v in scores)


@attrs.frozen(slots=True)
class SingleRound:
    """``score.single-round``: no scoring; the first player out wins the game
    (when the piles run out, the lowest hand)."""

    rule_ids: tuple[str, ...] = ("score.single-round",)
    target: int = 1

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValues,
    ) -> tuple[tuple[int, ...], str]:
        """No points are kept."""
        return scores, "no points are counted: the round decides the game"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Always, once the round is over."""
        return True

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The round's winner."""
        return round_winner

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """The round's winner wins the game (see :func:`game_outcome`)."""
        if round_winner is None:
            return "nobody won the round, so nobody wins the game"
        return f"seat {round_winner} won the round and wins it"

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Everyone."""
        return (True,) * len(scores)


# --- extras ------------------------------------------------------------------------


@attrs.frozen(slots=True)
class NoJumpIn:
    """No jump-in: only the player whose turn it is plays (``play.in-turn``)."""

    rule_ids: tuple[str, ...] = ()
    enabled: bool = False


@attrs.frozen(slots=True)
class JumpIn:
    """``house.jump-in``: out of turn, a player holding a card identical to the
    top card (same colour and number or symbol; not a wild card) may lay it;
    play continues from them. **interp.** an identical Draw Two may jump in on
    a Draw Two that is still owed; the total passes on."""

    rule_ids: tuple[str, ...] = ("house.jump-in",)
    enabled: bool = True


@attrs.frozen(slots=True)
class NoSevenZero:
    """7 and 0 are plain number cards."""

    rule_ids: tuple[str, ...] = ()
    enabled: bool = False
    optional: bool = False


@attrs.frozen(slots=True)
class SevenZero:
    """``house.seven-zero``: a 7 swaps hands with an opponent of the layer's
    choice (``Play(..., swap_with=seat)``); a 0 passes every hand one seat on
    in the direction of play. A 7 or 0 laid as the last card has no effect.
    With ``optional=True``: ``house.seven-optional`` (the swap may be skipped)."""

    optional: bool = False
    enabled: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``house.seven-zero`` (and ``house.seven-optional``)."""
        return (
            ("house.seven-zero", "house.seven-optional") if self.optional else ("house.seven-zero",)
        )


@attrs.frozen(slots=True)
class NoTimeLimit:
    """Turns have no time limit."""

    rule_ids: tuple[str, ...] = ()
    penalty: int = 0


@attrs.frozen(slots=True)
class TimedTurns:
    """``house.timed-turns``: each turn has a time limit (``seconds``); a host
    applies ``Timeout(player)`` when it runs out, and the player draws
    ``penalty`` card(s) (1) and loses the turn (**interp.**; one who owes
    cards takes them as well)."""

    seconds: float = 30.0
    penalty: int = 1
    rule_ids: tuple[str, ...] = ("house.timed-turns",)


CustomEffect = Callable[["GameState", int], "GameState"]
"""A blank card's effect: given the state right after seat ``player`` laid the
card (its colour named, the turn passed on) and that seat, return the state
the card leaves. It must keep every card in play (only move cards between
hands and piles); the engine checks that."""


@attrs.frozen(slots=True)
class PlainCustomizable:
    """``action.customizable``: a Wild Customizable acts as a plain Wild."""

    rule_ids: tuple[str, ...] = ()

    def effect(self, state: GameState, player: int) -> GameState:
        """No effect beyond the Wild's."""
        return state


def every_other_player_draws_one(state: GameState, player: int) -> GameState:
    """The shipped example of a blank card's rule (``house.custom-cards``):
    every other player draws one card from the draw pile (reshuffling is not
    done here: when the pile runs short, those left without a card draw
    nothing).

    Args:
        state: the state after ``player`` laid the blank card.
        player: the seat that laid it.

    Returns:
        The state with the cards drawn.
    """
    hands = list(state.hands)
    pile = state.draw_pile
    n = len(hands)
    for k in range(1, n):
        seat = (player + state.direction * k) % n
        if pile and hands[seat]:
            hands[seat] = (*hands[seat], pile[0])
            pile = pile[1:]
    return attrs.evolve(state, hands=tuple(hands), draw_pile=pile)


@attrs.frozen(slots=True)
class CustomCardRule:
    """``house.custom-cards``: the table's own rule for the blank cards, which
    still act as wild cards. ``effect`` is a :data:`CustomEffect`; the default
    is :func:`every_other_player_draws_one`.

    >>> from unorules import presets
    >>> rules = presets.get("official-2018+house.custom-cards")
    >>> rules.custom_card.description
    'every other player draws one card'
    """

    effect: CustomEffect = every_other_player_draws_one
    description: str = "every other player draws one card"
    rule_ids: tuple[str, ...] = ("house.custom-cards",)


class DealerChoicePolicy(Policy, Protocol):
    """How the first dealer of a game is chosen."""


class JumpInPolicy(Policy, Protocol):
    """Whether identical cards may be laid out of turn."""

    @property
    def enabled(self) -> bool: ...


class SevenZeroPolicy(Policy, Protocol):
    """Whether 7 and 0 move hands."""

    @property
    def enabled(self) -> bool: ...

    @property
    def optional(self) -> bool: ...


class TimingPolicy(Policy, Protocol):
    """Time limits on turns."""

    @property
    def penalty(self) -> int: ...


class CustomCardPolicy(Policy, Protocol):
    """What a Wild Customizable does beyond acting as a Wild."""

    def effect(self, state: GameState, player: int) -> GameState:
        """The state after the card's own rule (see :data:`CustomEffect`)."""
        ...
