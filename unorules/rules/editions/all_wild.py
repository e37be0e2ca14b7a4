"""UNO All Wild: 112 cards, every one of them wild (``all-wild.*``).

No colour is ever named and any card may be laid on any card
(``all-wild.no-colour``). Beside the plain Wild and the Wild Draw Four the
deck has six faces of its own, defined here as records:

>>> WILD_SKIP_TWO.code, WILD_TARGETED_DRAW_TWO.code, WILD_FORCED_SWAP.code
('WSK2', 'WT+2', 'WFS')

What each card does is :class:`AllWildActions`' answer; the deck is
:class:`AllWildDeck`, the start card :class:`AllWildStart` and the points
:class:`AllWildValues`. The preset ``all-wild`` puts them together with
``challenge.none`` and ``wd4.unrestricted``.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from unorules.cards import Card, Color, Face
from unorules.rules.policies.actions import ActionEffect
from unorules.rules.policies.base import Refusal
from unorules.rules.policies.deck import StartOutcome

__all__ = [
    "COPIES",
    "FACES",
    "WILD_DRAW_TWO",
    "WILD_FORCED_SWAP",
    "WILD_REVERSE",
    "WILD_SKIP",
    "WILD_SKIP_TWO",
    "WILD_TARGETED_DRAW_TWO",
    "AllWildActions",
    "AllWildDeck",
    "AllWildStart",
    "AllWildValues",
]

WILD_REVERSE = Face.define(
    "WR",
    "WILD_REVERSE",
    wild=True,
    names={"en": "wild reverse", "sv": "Vild byt riktning", "nb": "Vill snu"},
    words={"sv": ("vild vänd",), "nb": ("vill snu-kort",)},
)
WILD_SKIP = Face.define(
    "WSK",
    "WILD_SKIP",
    wild=True,
    names={"en": "wild skip", "sv": "Vild hoppa över", "nb": "Vill stå over"},
)
WILD_SKIP_TWO = Face.define(
    "WSK2",
    "WILD_SKIP_TWO",
    wild=True,
    names={"en": "wild skip two", "sv": "Vild hoppa över två", "nb": "Vill stå over to"},
    words={"en": ("wild skip 2",), "sv": ("vild hoppa över 2",), "nb": ("vill stå over 2",)},
)
WILD_DRAW_TWO = Face.define(
    "W+2",
    "WILD_DRAW_TWO",
    wild=True,
    names={"en": "wild draw two", "sv": "Vild dra två", "nb": "Vill trekk 2"},
    words={"en": ("wild draw 2",), "sv": ("vild dra 2",), "nb": ("vill trekk to",)},
)
WILD_TARGETED_DRAW_TWO = Face.define(
    "WT+2",
    "WILD_TARGETED_DRAW_TWO",
    wild=True,
    names={
        "en": "wild targeted draw two",
        "sv": "Riktat dra två",
        "nb": "Rettet trekk 2",
    },
    words={
        "en": ("wild target draw two", "wild targeted draw 2", "targeted draw two"),
        "sv": ("riktat dra 2",),
        "nb": ("rettet trekk to",),
    },
)
WILD_FORCED_SWAP = Face.define(
    "WFS",
    "WILD_FORCED_SWAP",
    wild=True,
    names={"en": "wild forced swap", "sv": "Tvångsbyte", "nb": "Tvangsbytte"},
    words={"en": ("forced swap",), "sv": ("tvingat byte",), "nb": ("tvunget bytte",)},
)

FACES: tuple[Face, ...] = (
    Face.WILD,
    WILD_REVERSE,
    WILD_SKIP,
    WILD_SKIP_TWO,
    WILD_DRAW_TWO,
    Face.WILD_DRAW_FOUR,
    WILD_TARGETED_DRAW_TWO,
    WILD_FORCED_SWAP,
)
"""The eight faces of the deck, in the order the deck lists them."""

COPIES = 14
"""How many cards of each face the deck holds (``all-wild.deck``: 8 × 14 =
112; the catalogue entry's interpretation says why)."""

_CARDS: tuple[Card, ...] = tuple(Card(None, f) for f in FACES for _ in range(COPIES))


@attrs.frozen(slots=True)
class AllWildDeck:
    """``all-wild.deck``, ``all-wild.no-colour`` and ``players.range``: 112
    wild cards for 2 to 10 players, 7 each; its wild cards name no colour
    (``colors_named`` is empty, so no colour is ever in force)."""

    rule_ids: tuple[str, ...] = ("all-wild.deck", "players.range", "all-wild.no-colour")
    min_players: int = 2
    max_players: int = 10
    hand_size: int = 7
    colors_named: tuple[Color, ...] = ()

    def cards(self) -> tuple[Card, ...]:
        """The 112 cards: 14 of each face of :data:`FACES`."""
        return _CARDS

    def lacks(self, card: Card) -> Refusal | None:
        """``None`` for a card of the deck, else the deck's rules."""
        if card in _CARDS:
            return None
        return Refusal(("all-wild.deck", "all-wild.no-colour"))


_REVERSE = ActionEffect("all-wild.reverse", reverse=True)
_REVERSE_TWO = ActionEffect("all-wild.reverse", reverse=True, skip=1)
_SKIP = ActionEffect("all-wild.skip", skip=1)
_SKIP_TWO = ActionEffect("all-wild.skip", skip=2)
_DRAW_TWO = ActionEffect("all-wild.draw", draw=2)
_DRAW_FOUR = ActionEffect("all-wild.draw", draw=4)
_TARGETED = ActionEffect("all-wild.targeted-draw-two", named_draws=2)
_SWAP = ActionEffect("all-wild.forced-swap", special="swap", target="required")
_WILD = ActionEffect("all-wild.no-colour")


@attrs.frozen(slots=True)
class AllWildActions:
    """What the cards of UNO All Wild do: ``all-wild.reverse`` (with two
    players a Wild Reverse also skips, as a classic Reverse does),
    ``all-wild.skip`` (one seat, or two for a Wild Skip Two),
    ``all-wild.draw`` (the next seat draws 2 or 4 and loses its turn),
    ``all-wild.targeted-draw-two`` (a seat the player names draws 2) and
    ``all-wild.forced-swap`` (the player swaps hands with a seat it names).
    A plain Wild does nothing (``all-wild.no-colour``: not even name a
    colour)."""

    rule_ids: tuple[str, ...] = (
        "all-wild.reverse",
        "all-wild.skip",
        "all-wild.draw",
        "all-wild.targeted-draw-two",
        "all-wild.forced-swap",
    )

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of ``card`` with ``players`` in the round."""
        face = card.face
        if face is WILD_REVERSE:
            return _REVERSE if players > 2 else _REVERSE_TWO
        if face is WILD_SKIP:
            return _SKIP
        if face is WILD_SKIP_TWO:
            # Only the other players lose turns: with two players left it
            # skips the one other player, and the layer plays again.
            return _SKIP_TWO if players > 2 else _SKIP
        if face is WILD_DRAW_TWO:
            return _DRAW_TWO
        if face is Face.WILD_DRAW_FOUR:
            return _DRAW_FOUR
        if face is WILD_TARGETED_DRAW_TWO:
            return _TARGETED
        if face is WILD_FORCED_SWAP:
            return _SWAP
        if face is Face.WILD:
            return _WILD
        return None

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        """``None``: a play has no effect but its card's."""
        return None


@attrs.frozen(slots=True)
class AllWildStart:
    """``all-wild.start``: the start card's action is ignored; the player
    left of the dealer plays first, clockwise."""

    rule_ids: tuple[str, ...] = ("all-wild.start",)

    def outcome(self, card: Card) -> StartOutcome:
        """No effect, whatever the card."""
        return StartOutcome("all-wild.start")


@attrs.frozen(slots=True)
class AllWildValues:
    """``all-wild.card-values``: a plain Wild is worth 20 points, every
    other card 50."""

    rule_ids: tuple[str, ...] = ("all-wild.card-values",)

    def value(self, card: Card) -> int:
        """20 for a plain Wild, else 50."""
        return 20 if card.face is Face.WILD else 50

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        return sum(self.value(c) for c in hand)
