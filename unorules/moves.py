"""Moves: frozen, hashable records, each naming the seat that acts.

Their ``repr`` can be pasted back as code, and :func:`unorules.notation.parse_move`
reads the short text form that ``str(move)`` prints (``"0 play W+4 blue"``).
"""

from __future__ import annotations

from typing import Any, TypeAlias

import attrs

from unorules.cards import Card, Color

__all__ = [
    "CallUno",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Draw",
    "Move",
    "Pass",
    "Play",
    "Timeout",
]


def _as_tuple(value: Any) -> Any:
    """A list or tuple of cards as a tuple (a move is hashable); anything
    else is kept as given, for the check to name."""
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _codes(cards: Any) -> str:
    """The codes of a tuple of cards, each after a space; a value of another
    kind as it is (a caller's malformed move is still printed)."""
    if not isinstance(cards, tuple):
        return f" {cards!r}"
    return "".join(f" {getattr(c, 'code', repr(c))}" for c in cards)


@attrs.frozen(slots=True, repr=False)
class Play:
    """Lay ``card`` from the hand of seat ``player``.

    Args:
        player: the seat that plays (0..n-1).
        card: the card laid.
        color: the colour named; required for wild cards and not allowed for
            coloured ones.
        swap_with: the seat to swap hands with: required for a Wild Swap Hands
            (``action.swap-hands``) and for a 7 under ``house.seven-zero``
            (optional under ``house.seven-optional``); otherwise ``None``.
        count: how many identical copies of ``card`` are laid at once (more
            than 1 only under ``house.multiple-identical``).
        more: further coloured cards laid after ``card`` in the same play, in
            order: allowed where the match policy lets each follow the card
            before it (``MatchPolicy.follows``; ``house.multiple-same-number``).
            The last card laid sets the colour and gives the play its card's
            effect; ``()`` for a play of one card (or of ``count`` copies).
        give: cards of the player's hand, besides the card laid, handed to
            seat ``to``: exactly as many as the card's effect asks
            (``ActionEffect.give``; fewer only when the hand holds fewer),
            else ``()``.
        to: the seat the cards of ``give`` go to; ``None`` when the play
            hands over no card.

    A Play by a seat whose turn it is not is a jump-in (``house.jump-in``).

    Rule IDs: ``play.match``, ``play.one-card``, ``play.in-turn``,
    ``wild.any-time``, ``wd4.no-matching-colour``; the effects of the wild
    cards: ``action.wild``, ``action.wild-draw-four``.
    """

    player: int
    card: Card
    color: Color | None = None
    swap_with: int | None = None
    count: int = 1
    more: tuple[Card, ...] = attrs.field(default=(), converter=_as_tuple)
    give: tuple[Card, ...] = attrs.field(default=(), converter=_as_tuple)
    to: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the play lays, in order: ``count`` copies of ``card``,
        then ``more``."""
        return (self.card,) * self.count + self.more

    @property
    def last(self) -> Card:
        """The card laid last: the top of the discard pile after the play."""
        return self.more[-1] if self.more else self.card

    def __repr__(self) -> str:
        extra = "".join(
            f", {name}={value!r}"
            for name, value, default in (
                ("color", self.color, None),
                ("swap_with", self.swap_with, None),
                ("count", self.count, 1),
                ("more", self.more, ()),
                ("give", self.give, ()),
                ("to", self.to, None),
            )
            if value != default
        )
        return f"Play(player={self.player!r}, card={self.card!r}{extra})"

    def __str__(self) -> str:
        named = f" {getattr(self.color, 'value', self.color)}" if self.color is not None else ""
        times = f" x{self.count}" if self.count != 1 else ""
        swap = f" swap {self.swap_with}" if self.swap_with is not None else ""
        code = getattr(self.card, "code", repr(self.card))
        then = _codes(self.more)
        given = _codes(self.give)
        give = (
            f" give{given}" + (f" to {self.to}" if self.to is not None else "")
            if self.give
            else f" to {self.to}"
            if self.to is not None
            else ""
        )
        return f"{self.player} play {code}{times}{then}{named}{swap}{give}"


@attrs.frozen(slots=True)
class Draw:
    """Seat ``player`` draws one card on their turn instead of playing, or
    takes the cards they owe after a Draw Two, a Wild Draw Four or a stack.

    Rule IDs: ``draw.one-then-may-play``, ``draw.allowed-when-playable``,
    ``action.draw-two``, ``action.wild-draw-four``.
    """

    player: int

    def __str__(self) -> str:
        return f"{self.player} draw"


@attrs.frozen(slots=True)
class Pass:
    """Seat ``player`` keeps the card just drawn; the turn ends.

    Rule ID: ``draw.one-then-may-play``.
    """

    player: int

    def __str__(self) -> str:
        return f"{self.player} pass"


@attrs.frozen(slots=True)
class ChooseColor:
    """The first player names the colour for a Wild start card (``start.wild``)."""

    player: int
    color: Color

    def __str__(self) -> str:
        return f"{self.player} color {getattr(self.color, 'value', self.color)}"


@attrs.frozen(slots=True)
class CallUno:
    """Seat ``player`` calls "UNO!" (``uno.call``): before laying their
    second-to-last card on their turn, or after laying it until the window
    closes."""

    player: int

    def __str__(self) -> str:
        return f"{self.player} uno"


@attrs.frozen(slots=True)
class CatchUno:
    """Seat ``player`` points out that seat ``target`` missed the UNO call
    (``uno.penalty``, ``uno.window-closes``)."""

    player: int
    target: int

    def __str__(self) -> str:
        return f"{self.player} catch {self.target}"


@attrs.frozen(slots=True)
class Challenge:
    """Seat ``player`` challenges the Wild Draw Four laid on them
    (``challenge.wd4``)."""

    player: int

    def __str__(self) -> str:
        return f"{self.player} challenge"


@attrs.frozen(slots=True)
class Timeout:
    """A host says that seat ``player`` ran out of time on its turn
    (``house.timed-turns``): it draws a penalty card and loses the turn.
    Not a player's choice, so :func:`unorules.legal_moves` never lists it."""

    player: int

    def __str__(self) -> str:
        return f"{self.player} timeout"


Move: TypeAlias = Play | Draw | Pass | ChooseColor | CallUno | CatchUno | Challenge | Timeout
"""Any move."""
