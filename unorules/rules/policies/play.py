"""Laying a card: matching, several cards at once, wild cards, the Wild Draw
Four restriction, laying out of turn (``play.*``, ``wild.*``, ``wd4.*``,
``house.multiple-identical``, ``house.jump-in``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from unorules._mypyc import mypyc_attr
from unorules.cards import Card, Color, Face
from unorules.rules.policies.base import Fit, Fits, Misplay, Penalty, Policy, Refusal, matches

__all__ = [
    "JumpIn",
    "JumpInPolicy",
    "MatchPolicy",
    "NoJumpIn",
    "OfficialMatch",
    "Wd4NoMatchingColour",
    "Wd4NoPlayableCard",
    "Wd4Policy",
    "Wd4Unrestricted",
    "WildAnyTime",
    "WildPolicy",
    "WildRestricted",
    "official_fit",
    "one_card_a_play",
    "wild_draw_four",
]


@mypyc_attr(native_class=False)
class MatchPolicy(Policy, Protocol):
    """Whether a coloured card fits, and how many cards one play lays.

    ``fits`` is the engine's only question of whether a coloured card may be
    laid on a position; the wild cards are asked of the wild and Wild Draw
    Four policies. A match policy of a table's own written before ``fits``
    existed, without it, keeps the official answer (``play.match``).
    """

    def fits(self, card: Card, top: Card, color: Color | None) -> Fit:
        """Whether the coloured ``card`` may be laid on ``top`` with
        ``color`` in force, and why (not): :class:`Fits` with the rules that
        allow it, a :class:`Refusal`, or a :class:`Misplay`. Asked once per
        rule set and position, so it must answer from its inputs alone."""
        ...

    def at_once(self, card: Card, held: int) -> int:
        """The most copies of ``card`` one play may lay, holding ``held``."""
        ...

    def lay(self, card: Card, count: int) -> Refusal | None:
        """``None`` when ``count`` copies of ``card`` may be laid in one play,
        else the rule that forbids it."""
        ...

    def follows(self, card: Card, previous: Card) -> Fits | Refusal:
        """Whether the coloured ``card`` may be laid right after ``previous``
        in the same play (:attr:`~unorules.moves.Play.more`), and why (not).
        Asked once per rule set and pair of cards, so it must answer from
        its inputs alone. A match policy of a table's own without it lays no
        further cards (:func:`one_card_a_play`)."""
        ...


@attrs.frozen(slots=True)
class OfficialMatch:
    """``play.match``, ``play.one-card``, ``play.in-turn``: one card a turn, on
    your own turn, matching colour, number or symbol. With ``multiple=True``:
    ``house.multiple-identical`` instead of ``play.one-card`` (several
    identical coloured cards at once; each Skip skips one more player, each
    Draw Two adds 2, each Reverse flips the direction). With ``misplay`` more
    than 0: ``house.misplay-penalty`` (a coloured card laid that does not fit
    is not refused: it goes back into the hand, its player draws ``misplay``
    cards and the turn passes; ``legal_moves`` does not list it, as it keeps
    no rule). With ``same_number=True``: ``house.multiple-same-number`` (after
    a number card that may be laid, further cards of that number in any
    colours follow in the same play; the last one laid sets the colour)."""

    multiple: bool = False
    misplay: int = 0
    same_number: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The matching IDs in force."""
        ones: tuple[str, ...] = ("house.multiple-identical" if self.multiple else "play.one-card",)
        if self.same_number:
            ones = (
                ("house.multiple-identical", "house.multiple-same-number")
                if self.multiple
                else ("house.multiple-same-number",)
            )
        if self.misplay:
            return ("play.match", *ones, "play.in-turn", "house.misplay-penalty")
        return ("play.match", *ones, "play.in-turn")

    def fits(self, card: Card, top: Card, color: Color | None) -> Fit:
        """``play.match``: the colour in force or the top card's number or
        symbol. A card that does not fit is refused, or under
        ``house.misplay-penalty`` a :class:`Misplay` that costs ``misplay``
        cards."""
        fit = official_fit(card, top, color)
        if self.misplay and not isinstance(fit, Fits):
            return Misplay(
                ("house.misplay-penalty", "play.match"),
                Penalty("house.misplay-penalty", self.misplay),
            )
        return fit

    def at_once(self, card: Card, held: int) -> int:
        """1, or under ``house.multiple-identical`` every copy of a coloured card."""
        return held if self.multiple and not card.is_wild else 1

    def follows(self, card: Card, previous: Card) -> Fits | Refusal:
        """No further card in the same play (``play.one-card``: several
        identical cards are laid as copies, ``count``); under
        ``house.multiple-same-number`` a number card of the number of
        ``previous``, a number card too, in any colour."""
        if not self.same_number:
            return one_card_a_play(card, previous)
        if previous.number is None:
            return _AFTER_NUMBER_ONLY
        if card.number != previous.number:
            return _SAME_NUMBER_ONLY
        return _SAME_NUMBER

    def lay(self, card: Card, count: int) -> Refusal | None:
        """One card (``play.one-card``), or identical coloured cards together
        (``house.multiple-identical``)."""
        if count == 1:
            return None
        if not self.multiple and self.same_number and not card.is_wild:
            return Refusal(
                ("house.multiple-same-number",),
                "copies of a card are laid one after another, as further cards",
            )
        if not self.multiple:
            return Refusal(("play.one-card",), "only one card may be laid per turn")
        if card.is_wild:
            return Refusal(
                ("house.multiple-identical",),
                "only identical coloured cards may be laid together",
            )
        return None


_FITS = Fits(("play.match",))
_NO_FIT = Refusal(("play.match",))
_ONE_CARD = Refusal(("play.one-card",), "only one card may be laid per turn")
_SAME_NUMBER = Fits(("house.multiple-same-number",))
_SAME_NUMBER_ONLY = Refusal(
    ("house.multiple-same-number",), "only cards of the same number follow a number card"
)
_AFTER_NUMBER_ONLY = Refusal(
    ("house.multiple-same-number",), "further cards follow only a number card"
)


def one_card_a_play(card: Card, previous: Card) -> Fits | Refusal:
    """``play.one-card`` as an answer to ``MatchPolicy.follows``: no card
    follows another in the same play."""
    return _ONE_CARD


def official_fit(card: Card, top: Card, color: Color | None) -> Fit:
    """``play.match`` as a fit answer: :class:`Fits` citing ``play.match``
    when the coloured ``card`` matches the colour in force or the top card's
    number or symbol, else a :class:`Refusal` citing it (with the engine's
    own wording of the mismatch)."""
    return _FITS if matches(card, top, color) else _NO_FIT


@mypyc_attr(native_class=False)
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


@mypyc_attr(native_class=False)
class Wd4Policy(Policy, Protocol):
    """The Wild Draw Four restriction.

    ``governs`` says which cards the restriction is about; a Wild Draw Four
    policy of a table's own without it governs the Wild Draw Four
    (:func:`wild_draw_four`). Every other wild card is the wild policy's.
    """

    def governs(self, card: Card) -> bool:
        """Whether laying ``card`` is decided by this restriction (the
        ``restricts``/``breaks`` questions) rather than by the wild policy.
        Asked once per rule set and card."""
        ...

    def restricts(self, top: Card, color: Color | None) -> bool:
        """Whether laying a Wild Draw Four on ``top`` with ``color`` in force
        is restricted at all (and so can be challenged)."""
        ...

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """Whether laying a Wild Draw Four breaks the restriction, given the
        cards ``rest`` left in hand after it."""
        ...


@attrs.frozen(slots=True)
class Wd4NoMatchingColour:
    """``wd4.no-matching-colour``: only without a card of the colour in force."""

    rule_ids: tuple[str, ...] = ("wd4.no-matching-colour",)

    def governs(self, card: Card) -> bool:
        """The Wild Draw Four."""
        return wild_draw_four(card)

    def restricts(self, top: Card, color: Color | None) -> bool:
        """Always."""
        return True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """True when ``rest`` holds a card of ``color``."""
        return any(c.color is color for c in rest)


@attrs.frozen(slots=True)
class Wd4NoPlayableCard:
    """``wd4.no-playable-card``: only when no other card could be played
    (other wild cards don't count)."""

    rule_ids: tuple[str, ...] = ("wd4.no-playable-card",)

    def governs(self, card: Card) -> bool:
        """The Wild Draw Four."""
        return wild_draw_four(card)

    def restricts(self, top: Card, color: Color | None) -> bool:
        """Always."""
        return True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """True when a coloured card in ``rest`` matches."""
        return any(not c.is_wild and matches(c, top, color) for c in rest)


@attrs.frozen(slots=True)
class Wd4Unrestricted:
    """``wd4.unrestricted``: a Wild Draw Four may always be laid."""

    rule_ids: tuple[str, ...] = ("wd4.unrestricted",)

    def governs(self, card: Card) -> bool:
        """The Wild Draw Four."""
        return wild_draw_four(card)

    def restricts(self, top: Card, color: Color | None) -> bool:
        """Never: there is nothing to keep or to challenge."""
        return False

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        """Never."""
        return False


def wild_draw_four(card: Card) -> bool:
    """Whether ``card`` is a Wild Draw Four, the card the ``wd4.*`` rules
    restrict."""
    return card.face is Face.WILD_DRAW_FOUR


@mypyc_attr(native_class=False)
class JumpInPolicy(Policy, Protocol):
    """Which cards may be laid out of turn."""

    def jumpers(self, top: Card) -> frozenset[Card]:
        """The cards that may be laid out of turn on ``top`` (empty: none)."""
        ...

    def jump(self, top: Card, card: Card) -> Refusal | None:
        """``None`` when ``card`` may be laid out of turn on ``top`` (exactly
        the cards of :meth:`jumpers`), else the rule that forbids it."""
        ...


@attrs.frozen(slots=True)
class NoJumpIn:
    """No jump-in: only the player whose turn it is plays (``play.in-turn``)."""

    rule_ids: tuple[str, ...] = ()

    def jumpers(self, top: Card) -> frozenset[Card]:
        """None."""
        return frozenset()

    def jump(self, top: Card, card: Card) -> Refusal | None:
        """Always refused by ``play.in-turn``."""
        return Refusal(("play.in-turn",))


@attrs.frozen(slots=True)
class JumpIn:
    """``house.jump-in``: out of turn, a player holding a card identical to the
    top card (same colour and number or symbol; not a wild card) may lay it;
    play continues from them. **interp.** an identical Draw Two may jump in on
    a Draw Two that is still owed; the total passes on.

    With ``wild=True``: ``house.jump-in-wild`` (a wild card identical to the
    top card may jump in too, a Wild on a Wild, a Wild Draw Four on a Wild
    Draw Four; the jumper names the colour)."""

    wild: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``house.jump-in`` (and ``house.jump-in-wild``)."""
        return ("house.jump-in", "house.jump-in-wild") if self.wild else ("house.jump-in",)

    def jumpers(self, top: Card) -> frozenset[Card]:
        """The top card itself, unless it is a wild card (under
        ``house.jump-in-wild`` a wild card too)."""
        return frozenset() if top.is_wild and not self.wild else frozenset((top,))

    def jump(self, top: Card, card: Card) -> Refusal | None:
        """An identical card may jump in: a coloured one, and under
        ``house.jump-in-wild`` a wild one."""
        if card.is_wild and not self.wild:
            return Refusal(self.rule_ids, "wild cards cannot be used to jump in")
        if card != top:
            return Refusal(
                self.rule_ids,
                f"out of turn only a card identical to the top card ({top.code}) may jump in",
            )
        return None
