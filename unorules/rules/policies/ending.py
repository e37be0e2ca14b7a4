"""The end of a round and what surrounds it: the last card, an empty draw
pile, what players may see, time limits, a hand too big to go on with
(``end.*``, ``pile.*``, ``info.hand-sizes-public``, ``house.timed-turns``,
``no-mercy.mercy``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from unorules._mypyc import mypyc_attr
from unorules.cards import Card, Face
from unorules.rules.policies.actions import ActionEffect
from unorules.rules.policies.base import Penalty, Policy

__all__ = [
    "GoingOut",
    "GoingOutPolicy",
    "HandLimitPolicy",
    "HandSizesPublic",
    "InfoPolicy",
    "LastCard",
    "NoHandLimit",
    "NoTimeLimit",
    "PilePolicy",
    "ReshuffleDiscards",
    "TimedTurns",
    "TimingPolicy",
]


@attrs.frozen(slots=True)
class LastCard:
    """What a player's last card does, as the going-out policy decides it.

    Attributes:
        goes_out: the player is out (``False``: a last Wild Shuffle Hands
            still redeals, ``end.shuffle-hands-last``).
        draw_applies: a last Draw Two or Wild Draw Four still makes the next
            player draw.
        rule_id: the rule that decides.
    """

    goes_out: bool
    draw_applies: bool
    rule_id: str


@mypyc_attr(native_class=False)
class GoingOutPolicy(Policy, Protocol):
    """What happens when a player lays their last card. A going-out policy
    may also answer ``stuck_alone_only()``: ``True`` when :meth:`stuck`
    names only a hand of one card, so that the engine need not ask it about
    bigger hands; the engine reads it where present."""

    def may_go_out(self, card: Card) -> str | None:
        """``None`` when ``card`` may be a player's last card, else the ID of
        the rule that forbids it."""
        ...

    def stuck(self, hand: Sequence[Card]) -> Penalty | None:
        """The cards drawn, instead of the normal draw, by a player whose
        hand cannot go out at all; ``None``: the normal draw."""
        ...

    def last_card(self, card: Card, effect: ActionEffect | None) -> LastCard:
        """What laying ``card`` (with ``effect``) as the last card does."""
        ...

    def plays_on(self, left: int) -> bool:
        """Whether the round goes on for the next places with ``left`` seats
        still holding cards after someone went out."""
        ...


_DRAW_CARDS = frozenset((Face.DRAW_TWO, Face.WILD_DRAW_FOUR))
"""The cards ``end.no-draw-card-last`` keeps from being the last."""


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
    left), ``no_draw_card_last`` (``end.no-draw-card-last``: the last card
    may not be a Draw Two or a Wild Draw Four) and ``no_wild_last``
    (``end.no-wild-last``: the last card may not be a wild card); a player
    left with only such a card draws 1 and the turn passes."""

    last_card_effect: bool = True
    no_draw_card_last: bool = False
    no_wild_last: bool = False
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
            (self.no_draw_card_last, "end.no-draw-card-last"),
            (self.no_wild_last, "end.no-wild-last"),
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
        if self.no_draw_card_last and card.face in _DRAW_CARDS:
            return "end.no-draw-card-last"
        if self.no_wild_last and card.is_wild:
            return "end.no-wild-last"
        if self.number_card_last and not card.is_number:
            return "end.number-card-last"
        return None

    def stuck(self, hand: Sequence[Card]) -> Penalty | None:
        """3 cards for a hand of only a Wild Draw Four under ``end.no-wd4-last``;
        1 card for a hand of only a card ``end.no-draw-card-last`` or
        ``end.no-wild-last`` forbids as the last."""
        if len(hand) != 1:
            return None
        if self.no_wd4_last and hand[0].face is Face.WILD_DRAW_FOUR:
            return Penalty("end.no-wd4-last", 3)
        if self.no_draw_card_last and hand[0].face in _DRAW_CARDS:
            return Penalty("end.no-draw-card-last", 1)
        if self.no_wild_last and hand[0].is_wild:
            return Penalty("end.no-wild-last", 1)
        return None

    def stuck_alone_only(self) -> bool:
        """``True``: :meth:`stuck` names only a hand of one card
        (``end.no-wd4-last``, ``end.no-draw-card-last``, ``end.no-wild-last``)."""
        return True

    def last_card(self, card: Card, effect: ActionEffect | None) -> LastCard:
        """The player goes out (a last Wild Shuffle Hands redeals under
        ``end.shuffle-hands-last``); a last draw card's draw applies unless
        ``end.last-card-no-effect``."""
        redeals = self.shuffle_hands_last and effect is not None and effect.special == "shuffle"
        if redeals:
            return LastCard(False, False, "end.shuffle-hands-last")
        rid = "end.last-card-draw-applies" if self.last_card_effect else "end.last-card-no-effect"
        return LastCard(True, self.last_card_effect, rid)

    def plays_on(self, left: int) -> bool:
        """Under ``end.play-on`` while two or more seats hold cards."""
        return self.play_on and left >= 2


@mypyc_attr(native_class=False)
class PilePolicy(Policy, Protocol):
    """What happens when the draw pile runs out."""

    def may_draw_from_nothing(self, has_playable: bool) -> bool:
        """Whether a player may draw in a turn when the draw pile is empty
        and the discard pile holds nothing to reshuffle
        (``pile.nothing-to-draw``). ``has_playable``: whether the player
        holds a card that can be played."""
        ...


@attrs.frozen(slots=True)
class ReshuffleDiscards:
    """``pile.reshuffle``, ``pile.exhausted`` and ``pile.nothing-to-draw``:
    an empty draw pile is replaced by the discard pile but its top card,
    shuffled; when nothing is left to reshuffle, a player who can play a card
    may not draw, and a player who must draw and cannot ends the round, the
    hands scored as they stand."""

    rule_ids: tuple[str, ...] = ("pile.reshuffle", "pile.exhausted", "pile.nothing-to-draw")

    def may_draw_from_nothing(self, has_playable: bool) -> bool:
        """True only when no card can be played (``pile.nothing-to-draw``):
        a draw that cannot be carried out is no move while a card can be
        played."""
        return not has_playable


@mypyc_attr(native_class=False)
class InfoPolicy(Policy, Protocol):
    """What players may see of each other's hands."""

    def shows_hands(self) -> bool:
        """Whether hands are played face up."""
        ...


@attrs.frozen(slots=True)
class HandSizesPublic:
    """``info.hand-sizes-public``: hands are hidden but their sizes are not
    (see :func:`unorules.state.GameState.view`). With ``open_hands=True``
    (part of ``house.kids``) hands are played face up."""

    open_hands: bool = False
    open_below: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``info.hand-sizes-public``; with open hands also ``house.kids``;
        ``house.open-below``."""
        ids: tuple[str, ...] = ("info.hand-sizes-public",)
        if self.open_hands:
            ids += ("house.kids",)
        if self.open_below:
            ids += ("house.open-below",)
        return ids

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``house.open-below`` and its number."""
        return (("house.open-below", self.open_below),) if self.open_below else ()

    def shows_hands(self) -> bool:
        """Under ``house.kids``."""
        return self.open_hands

    def shows_hand(self, held: int) -> bool:
        """Whether a hand of ``held`` cards is shown to everyone: under
        ``house.open-below=N`` a hand of fewer than N cards (and every hand
        under ``house.kids``)."""
        return self.open_hands or held < self.open_below


@mypyc_attr(native_class=False)
class TimingPolicy(Policy, Protocol):
    """Time limits on turns, and on the game.

    Besides :meth:`timeout`, a timing policy may answer ``clock()``: the
    rule ID and the number of turns a whole game lasts (``house.blitz=N``),
    or ``None``. The engine reads it where present and counts the turns
    that end in the game in :attr:`~unorules.state.GameState.rule_state`
    under that rule ID."""

    def timeout(self) -> Penalty | None:
        """The penalty for a turn that runs out of time (the player then
        loses the turn), ``None`` when turns have no time limit."""
        ...


def _blitz_ids(game_turns: int) -> tuple[str, ...]:
    return ("house.blitz",) if game_turns else ()


@attrs.frozen(slots=True)
class NoTimeLimit:
    """Turns have no time limit. With ``game_turns=N`` (``house.blitz=N``)
    the game has a clock of N turns (:meth:`clock`)."""

    game_turns: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``house.blitz`` when the game has a clock, else none."""
        return _blitz_ids(self.game_turns)

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``house.blitz`` and its number."""
        return (("house.blitz", self.game_turns),) if self.game_turns else ()

    def timeout(self) -> Penalty | None:
        """``None``: no time limit."""
        return None

    def clock(self) -> tuple[str, int] | None:
        """``("house.blitz", N)``: once N turns have ended in the game, the
        round in play ends and the player holding the fewest cards wins it
        and the game; ``None`` without a clock."""
        return ("house.blitz", self.game_turns) if self.game_turns else None


@attrs.frozen(slots=True)
class TimedTurns:
    """``house.timed-turns``: each turn has a time limit (``seconds``); a host
    applies ``Timeout(player)`` when it runs out, and the player draws
    ``penalty`` card(s) (1) and loses the turn (**interp.**; one who owes
    cards takes them as well). ``game_turns=N``: ``house.blitz=N`` as for
    :class:`NoTimeLimit`."""

    seconds: float = 30.0
    penalty: int = 1
    game_turns: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``house.timed-turns``, and ``house.blitz`` with a game clock."""
        return ("house.timed-turns", *_blitz_ids(self.game_turns))

    @property
    def numbers(self) -> tuple[tuple[str, int], ...]:
        """``house.blitz`` and its number."""
        return (("house.blitz", self.game_turns),) if self.game_turns else ()

    def clock(self) -> tuple[str, int] | None:
        """As :meth:`NoTimeLimit.clock`."""
        return ("house.blitz", self.game_turns) if self.game_turns else None

    def timeout(self) -> Penalty | None:
        """``penalty`` cards."""
        return Penalty("house.timed-turns", self.penalty)


@mypyc_attr(native_class=False)
class HandLimitPolicy(Policy, Protocol):
    """Whether a seat holding too many cards once a move is over is put out
    of the round. A seat put out gives its cards to the bottom of the draw
    pile, takes no more turns and cannot win the round; when one seat is
    left in the round, that seat wins it, unless a seat went out before
    (:attr:`~unorules.state.GameState.knocked_out`)."""

    def knocked_out(self, held: int) -> str | None:
        """The rule ID that puts a seat holding ``held`` cards out of the
        round, or ``None`` while it may go on."""
        ...


@attrs.frozen(slots=True)
class NoHandLimit:
    """No hand is too big: nobody is put out of the round by what it holds."""

    rule_ids: tuple[str, ...] = ()

    def knocked_out(self, held: int) -> str | None:
        """``None``: never."""
        return None
