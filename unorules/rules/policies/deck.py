"""Decks, dealing and the start card (``deck.*``, ``players.range``,
``setup.*``, ``start.*``)."""

from __future__ import annotations

import random
from typing import Literal, Protocol

import attrs

from unorules._mypyc import mypyc_attr, untyped
from unorules.cards import Card, Color, Face, classic_108
from unorules.rules.policies.base import Policy, Refusal

__all__ = [
    "ClassicDeck",
    "DealPolicy",
    "DealerChoicePolicy",
    "DealerDraw",
    "DealerDraws",
    "DeckPolicy",
    "GivenDealer",
    "JuniorDeck",
    "ModernDeck",
    "StandardDeal",
    "StartCard",
    "StartCardPolicy",
    "StartOutcome",
    "TwoDecks",
    "WithoutWildDrawFour",
]


@mypyc_attr(native_class=False)
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

    def lacks(self, card: Card) -> Refusal | None:
        """``None`` when the deck holds ``card``, else the rules that make
        the deck what it is (so no player can hold one)."""
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

    def lacks(self, card: Card) -> Refusal | None:
        """The deck's own rules, when it has no ``card``."""
        return _lacks(self, card)


_CLASSIC = classic_108()


def _check_blanks(instance: object, attribute: object, value: object) -> None:
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
    blanks: int = attrs.field(default=untyped(3), validator=_check_blanks)
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

    def lacks(self, card: Card) -> Refusal | None:
        """The deck's own rules, when it has no ``card``."""
        return _lacks(self, card)


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

    def lacks(self, card: Card) -> Refusal | None:
        """The deck's own rules, when it has no ``card``."""
        return _lacks(self, card)


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

    def lacks(self, card: Card) -> Refusal | None:
        """The deck's own rules, when it has no ``card``."""
        return _lacks(self, card)


_JUNIOR = _junior()


@attrs.frozen(slots=True)
class WithoutWildDrawFour:
    """A deck with its Wild Draw Four cards taken out (part of ``house.kids``)."""

    base: DeckPolicy = attrs.field(factory=untyped(ClassicDeck))

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

    def lacks(self, card: Card) -> Refusal | None:
        """The deck's own rules, when it has no ``card``."""
        return _lacks(self, card)


def _lacks(deck: DeckPolicy, card: Card) -> Refusal | None:
    if card in deck.cards():
        return None
    return Refusal(tuple(r for r in deck.rule_ids if r != "players.range"))


DealerDraws = tuple[int, tuple[tuple[Card, ...], ...]]
"""The first dealer's seat and, per draw round, the cards drawn by the seats
still in contention (in seat order)."""


@mypyc_attr(native_class=False)
class DealerChoicePolicy(Policy, Protocol):
    """How the first dealer of a game is chosen."""

    def draw(self, cards: tuple[Card, ...], players: int, seed: int) -> DealerDraws | None:
        """The first dealer drawn from the deck ``cards`` for ``players``
        seats with the draws shuffled by ``seed``, or ``None`` when the
        dealer is given (``new_round(dealer=...)``)."""
        ...


@attrs.frozen(slots=True)
class GivenDealer:
    """The dealer is given (``new_round(dealer=...)``; by default the last seat)."""

    rule_ids: tuple[str, ...] = ()

    def draw(self, cards: tuple[Card, ...], players: int, seed: int) -> DealerDraws | None:
        """``None``: nobody draws for the deal."""
        return None


@attrs.frozen(slots=True)
class DealerDraw:
    """``setup.dealer-draw``: to pick the first dealer everyone draws a card;
    the highest number deals (action and wild cards count 0); ties draw again
    among the tied."""

    rule_ids: tuple[str, ...] = ("setup.dealer-draw",)

    def draw(self, cards: tuple[Card, ...], players: int, seed: int) -> DealerDraws | None:
        """Every seat in contention draws from a fresh shuffle of ``cards``
        (seeded by ``seed`` and the attempt) until one number is highest."""
        if not any(c.number for c in cards):
            # Every card counts 0: the tie would never break.
            raise ValueError(
                "setup.dealer-draw needs number cards above 0 to draw for the dealer; "
                "this deck has none"
            )
        contenders = list(range(players))
        rounds: list[tuple[Card, ...]] = []
        attempt = 0
        while len(contenders) > 1:
            shuffled = list(cards)
            random.Random(f"{seed}:dealer:{attempt}").shuffle(shuffled)
            attempt += 1
            drawn = tuple(shuffled[: len(contenders)])
            rounds.append(drawn)
            values = [c.number or 0 for c in drawn]
            best = max(values)
            contenders = [s for s, v in zip(contenders, values, strict=True) if v == best]
        return contenders[0], tuple(rounds)


@mypyc_attr(native_class=False)
class DealPolicy(Policy, Protocol):
    """How the cards are dealt. A deal policy may also answer
    ``seats_drawn()``: the rule ID under which the players draw their seats
    anew before each round after the first (``house.shuffle-seats``), or
    ``None``; the engine reads it where present."""

    def cards_each(self, deck_hand_size: int) -> int:
        """Cards dealt to each player, given the deck's own number."""
        ...


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
    shuffle_seats: bool = False
    """``house.shuffle-seats``: before each round after the first, the
    players draw their seats anew (:meth:`seats_drawn`)."""

    def cards_each(self, deck_hand_size: int) -> int:
        """Cards dealt to each player: ``hand_size``, else the deck's number."""
        return self.hand_size or deck_hand_size

    def seats_drawn(self) -> str | None:
        """The rule under which the players draw their seats anew before each
        round after the first (``house.shuffle-seats``), else ``None``. The
        engine keeps who sits where in
        :attr:`~unorules.state.GameState.rule_state` under that rule ID
        (:attr:`~unorules.state.GameState.seating`), and the totals follow
        the players to their new seats."""
        return "house.shuffle-seats" if self.shuffle_seats else None


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
        bottom: with ``redraw``, the card goes to the bottom of the draw pile,
            which is not shuffled, and the next card is turned.
    """

    rule_id: str
    redraw: bool = False
    first: int = 1
    direction: int = 1
    draw: int = 0
    choose_color: bool = False
    cover: bool = False
    bottom: bool = False


@mypyc_attr(native_class=False)
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
    ``start.customizable`` (both: name a colour, like a Wild), another
    deck's wild card as ``start.wild``. With
    ``number_only=True``: ``start.number-only``, cards are turned until a
    number card comes. With ``wd4_bottom=True``: ``start.wd4-bottom``, a Wild
    Draw Four goes to the bottom of the draw pile, unshuffled; with
    ``wild_skipped=True``: ``start.wild-skipped``, so does a Wild."""

    reverse_first: Literal["dealer", "right"] = "dealer"
    number_only: bool = False
    wd4_bottom: bool = False
    wild_skipped: bool = False

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
        wild = "start.wild-skipped" if self.wild_skipped else "start.wild"
        wd4 = "start.wd4-bottom" if self.wd4_bottom else "start.wild-draw-four"
        return ("start.skip", reverse, "start.draw-two", wild, wd4)

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
            if self.wd4_bottom:
                return StartOutcome("start.wd4-bottom", redraw=True, bottom=True)
            return StartOutcome("start.wild-draw-four", redraw=True)
        if face is Face.WILD:
            if self.wild_skipped:
                return StartOutcome("start.wild-skipped", redraw=True, bottom=True)
            return StartOutcome("start.wild", choose_color=True)
        if face is Face.WILD_SHUFFLE_HANDS:
            return StartOutcome("start.shuffle-hands", choose_color=True)
        if face in (Face.WILD_SWAP_HANDS, Face.WILD_CUSTOMIZABLE):
            return StartOutcome("start.customizable", choose_color=True)
        if card.is_wild:
            # Another deck's wild card: as a Wild, its colour is named, or
            # under start.wild-skipped it goes to the bottom.
            if self.wild_skipped:
                return StartOutcome("start.wild-skipped", redraw=True, bottom=True)
            return StartOutcome("start.wild", choose_color=True)
        return StartOutcome("setup.first-player")


# --- matching and wild cards ---------------------------------------------------------
