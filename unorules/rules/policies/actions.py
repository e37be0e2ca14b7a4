"""What a laid card does: Skip, Reverse, Draw Two, the wild cards, 7 and 0
under ``house.seven-zero``, the blank card's own rule, and answering a card
whose effect is still pending (``action.*``, ``house.stack-*``,
``house.seven-zero``, ``house.custom-cards``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol

import attrs

from unorules._mypyc import mypyc_attr
from unorules.cards import Card, Color, Face
from unorules.rules.policies.base import Policy

if TYPE_CHECKING:
    from unorules.moves import Play
    from unorules.state import GameState

__all__ = [
    "ActionEffect",
    "ActionPolicy",
    "CustomCardPolicy",
    "CustomCardRule",
    "CustomEffect",
    "NoSevenZero",
    "OfficialActions",
    "OwnEffect",
    "PlainCustomizable",
    "SevenZero",
    "SevenZeroPolicy",
    "Stacking",
    "StackingPolicy",
    "every_other_player_draws_one",
]


OwnEffect = Callable[["GameState", "Play"], "GameState"]
"""A card's own rule, told the move: called with the state once the card is
laid (and the rest of its effect done) and the :class:`~unorules.moves.Play`
that laid it, it returns the state after the rule. It may only move cards
between the hands and the piles; the engine checks that no card is lost or
made, then settles what follows (a hand brought down to one card owes the
UNO call, an empty hand is out)."""


@attrs.frozen(slots=True)
class ActionEffect:
    """A laid card's consequences, as one record.

    Attributes:
        rule_id: the rule that gives the effect.
        reverse: flip the direction of play.
        skip: how many players lose their turn after it.
        draw: cards the next player must take.
        special: what happens to the hands: ``"shuffle"`` (all hands are
            shuffled and dealt out again), ``"swap"`` (the layer swaps hands
            with a seat it names), ``"pass-on"`` (every hand passes one seat
            on in the direction of play), ``"custom"`` (the blank card's own
            rule, ``house.custom-cards``).
        target: whether the play names a seat (``Play.swap_with``):
            ``"required"``, ``"optional"`` or ``""`` (never).
        also: further rules that shape the effect (``house.seven-optional``).
        others_draw: cards every other player still in the round draws at
            once from the draw pile, one seat after another in the direction
            of play (a play's own effect, ``ActionPolicy.laid``:
            ``house.bomb``). Unlike ``draw``, nobody loses a turn by it.
        give: cards of the player's choice, besides the card laid, that the
            play hands to a seat it names (``Play.give``, ``Play.to``); as
            many as the hand holds when it holds fewer.
        named_draws: cards the seat the play names (``Play.to``) draws at
            once from the draw pile (a Wild Targeted Draw Two,
            ``all-wild.targeted-draw-two``). The play must name another seat
            still in the round, also when the card is the player's last;
            nobody loses a turn by it.
        flip: the card turns everything over:
            every hand card by card (:meth:`~unorules.cards.Card.turned`),
            the draw pile and the discard pile each as a whole, so that the
            card at the bottom of each comes on top, its other side up. The
            colour in force is then the new top card's; when that card is
            wild, the seat whose turn comes names the colour first (the
            ``choose-color`` phase, as for a wild start card), and the card's
            own action is not carried out. Only the turn passing on combines
            with it (``reverse``, ``skip``); a card laid as the player's last
            turns nothing over.
        draw_until: the next seat (after the seats ``skip`` passes over)
            draws one card after another until a card of a colour appears,
            keeps them all and loses its turn. ``"named"``: the colour the
            player named with the wild card; the seat owes it
            (:attr:`~unorules.state.PendingKind.DRAW_UNTIL`, in the ``OWE``
            phase) and may challenge it where the challenge policy allows.
            ``"chosen"``: the player names no colour; the next seat names
            one itself (``ChooseColor``), then draws
            (``no-mercy.colour-roulette``). ``""``: neither.
        own: the card's own rule (:data:`OwnEffect`), told the move: a
            table's card that moves cards in a way the fields above cannot
            say (a coloured "Discard All": its player also discards every
            other card of its colour). Its events cite :attr:`rule_id`.
    """

    rule_id: str
    reverse: bool = False
    skip: int = 0
    draw: int = 0
    special: Literal["", "shuffle", "swap", "pass-on", "custom"] = ""
    target: Literal["", "required", "optional"] = ""
    also: tuple[str, ...] = ()
    own: OwnEffect | None = None
    others_draw: int = 0
    give: int = 0
    named_draws: int = 0
    flip: bool = False
    draw_until: Literal["", "named", "chosen"] = ""


@mypyc_attr(native_class=False)
class ActionPolicy(Policy, Protocol):
    """What Skip, Reverse, Draw Two and the wild cards do."""

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of laying ``card`` with ``players`` players in the round,
        or ``None`` for a card without one."""
        ...

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        """The effect of a play that lays ``cards`` (two or more, in order:
        copies laid together, or a card with others after it) as a whole,
        on top of the last card's own, or ``None``. Only ``others_draw`` is
        read from it. An action policy of a table's own without it gives a
        play no effect of its own."""
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

    bomb: int = 0
    """``house.bomb`` with its least number of cards (3): a play that lays
    that many number cards of one number or more makes every other player
    draw 1; 0: no bomb."""

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        """``None`` (a play has no effect but its last card's), but under
        ``house.bomb`` for ``bomb`` number cards of one number or more:
        every other player draws 1."""
        if (
            self.bomb
            and len(cards) >= self.bomb
            and cards[0].number is not None
            and all(c.number == cards[0].number for c in cards)
        ):
            return _BOMB
        return None


_SHUFFLE = ActionEffect("action.shuffle-hands", special="shuffle")
_SWAP = ActionEffect("action.swap-hands", special="swap", target="required")
_CUSTOM = ActionEffect("action.customizable", special="custom")
_SKIP = ActionEffect("action.skip", skip=1)
_REVERSE = ActionEffect("action.reverse", reverse=True)
_REVERSE_TWO = ActionEffect("action.two-player-reverse", reverse=True, skip=1)
_DRAW_TWO = ActionEffect("action.draw-two", draw=2)
_WILD = ActionEffect("action.wild")
_DRAW_FOUR = ActionEffect("action.wild-draw-four", draw=4)
_BOMB = ActionEffect("house.bomb", others_draw=1)


@mypyc_attr(native_class=False)
class SevenZeroPolicy(Policy, Protocol):
    """What 7 and 0 do beyond being number cards."""

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """The effect of laying ``card``, or ``None`` to leave it to the
        action policy (a plain number card)."""
        ...


@attrs.frozen(slots=True)
class NoSevenZero:
    """7 and 0 are plain number cards."""

    rule_ids: tuple[str, ...] = ()

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """``None``: no card does more than the action policy says."""
        return None


@attrs.frozen(slots=True)
class SevenZero:
    """``house.seven-zero``: a 7 swaps hands with an opponent of the layer's
    choice (``Play(..., swap_with=seat)``); a 0 passes every hand one seat on
    in the direction of play. A 7 or 0 laid as the last card has no effect.
    With ``optional=True``: ``house.seven-optional`` (the swap may be skipped).
    Each half alone: ``zero=False`` gives ``house.seven-swap`` (only the 7),
    ``seven=False`` gives ``house.zero-pass`` (only the 0)."""

    optional: bool = False
    seven: bool = True
    zero: bool = True

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``house.seven-zero`` or its half in force (and
        ``house.seven-optional``)."""
        if self.seven and self.zero:
            ids: tuple[str, ...] = ("house.seven-zero",)
        else:
            ids = ("house.seven-swap",) if self.seven else ("house.zero-pass",)
        return (*ids, "house.seven-optional") if self.optional and self.seven else ids

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """A 7 swaps (its target required, or optional under
        ``house.seven-optional``); a 0 passes the hands on (whether the 7's
        swap is optional or not); each only when its half is in force."""
        if card.face is Face.SEVEN and self.seven:
            if self.zero:
                return _SEVEN_OPTIONAL if self.optional else _SEVEN
            return _SEVEN_SWAP_OPTIONAL if self.optional else _SEVEN_SWAP
        if card.face is Face.ZERO and self.zero:
            return _ZERO if self.seven else _PASS_ON
        return None


_SEVEN = ActionEffect("house.seven-zero", special="swap", target="required")
_SEVEN_OPTIONAL = ActionEffect(
    "house.seven-zero", special="swap", target="optional", also=("house.seven-optional",)
)
_ZERO = ActionEffect("house.seven-zero", special="pass-on")
_SEVEN_SWAP = ActionEffect("house.seven-swap", special="swap", target="required")
_SEVEN_SWAP_OPTIONAL = ActionEffect(
    "house.seven-swap", special="swap", target="optional", also=("house.seven-optional",)
)
_PASS_ON = ActionEffect("house.zero-pass", special="pass-on")


@mypyc_attr(native_class=False)
class StackingPolicy(Policy, Protocol):
    """Whether a card whose effect is pending (a Draw Two, a Wild Draw Four,
    a Skip) may be answered with another.

    A stacking policy may also say why a card may not answer, with a member
    ``refusal(pending, card, color) -> Refusal | None`` (read when present:
    ``no-mercy.stacking`` says the card draws fewer cards); the verdict then
    gives that reason.
    """

    def answers(self, pending: Card, card: Card, color: Color | None) -> str | None:
        """The rule ID that lets ``card`` answer the card ``pending`` with
        ``color`` in force (after a wild card, the colour named with it), or
        ``None`` when it may not."""
        ...

    def answerable(self, pending: Card, color: Color | None) -> bool:
        """Whether some card may answer ``pending`` with ``color`` in force:
        a Skip that can be answered leaves its skip pending for the next
        player to answer or take."""
        ...

    # Optional members, read when present: ``deflects(rule_id) -> bool``
    # (the answer that ``rule_id`` allows only turns a debt aside: its card
    # skips nobody and adds nothing, ``house.skip-deflect``) and
    # ``doubles(previous, card) -> str | None`` (the rule under which
    # ``card`` laid on ``previous`` counts twice its draw, ``house.revenge``).


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
    "house.stack-skip": frozenset({(Face.SKIP, Face.SKIP)}),
    "house.stack-draw-two-on-four": frozenset({(Face.WILD_DRAW_FOUR, Face.DRAW_TWO)}),
    "house.skip-deflect": frozenset({(Face.DRAW_TWO, Face.SKIP), (Face.WILD_DRAW_FOUR, Face.SKIP)}),
    "house.reverse-deflect": frozenset(
        {(Face.DRAW_TWO, Face.REVERSE), (Face.WILD_DRAW_FOUR, Face.REVERSE)}
    ),
    "house.revenge": frozenset(),
}

_DEFLECTING = frozenset(("house.skip-deflect", "house.reverse-deflect"))
"""The stacking rules whose answer passes the debt on without adding to it
or skipping anyone: the Skip or Reverse only turns the debt aside."""

_DRAW_FACES = frozenset((Face.DRAW_TWO, Face.WILD_DRAW_FOUR))


@attrs.frozen(slots=True)
class Stacking:
    """Stacking of draw cards and Skips. With no IDs: none (``action.draw-two``
    — a Draw Two cannot be answered). Combine any of ``house.stack-draw-two``,
    ``house.stack-draw-four-on-two``, ``house.stack-draw-four``,
    ``house.stack-escalating``: the owed total passes on, and whoever cannot
    or will not stack draws it all and loses the turn; and
    ``house.stack-skip``: a Skip may answer a Skip, the skip passes on to the
    next seat, and whoever cannot or will not answer is skipped.

    Also: ``house.stack-draw-two-on-four`` (a Draw Two may answer a Wild
    Draw Four, adding 2); ``house.skip-deflect`` (a Skip of any colour
    answers a Draw Two or Wild Draw Four owed: the whole debt passes to the
    next seat, nobody is skipped); ``house.reverse-deflect`` (a Reverse of
    any colour answers it: the direction turns and the whole debt goes to
    the seat now next, the one who laid the draw card when it was laid on
    this seat); ``house.revenge`` (a Draw Two or Wild Draw Four laid on a
    Draw Two or Wild Draw Four, in answer or simply matching it, counts
    twice its value)."""

    ids: tuple[str, ...] = ()
    # Quoted: compiled with mypyc, the class's annotations keep only the text of
    # a quoted one; unquoted, ClassVar would be lost and attrs make ALL a field.
    ALL: "ClassVar[tuple[str, ...]]" = tuple(_STACK_PAIRS)  # noqa: UP037

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

    def answerable(self, pending: Card, color: Color | None) -> bool:
        """Whether a rule in force lets some card answer ``pending``."""
        face = pending.face
        return any(first is face for rid in self.ids for first, _ in _STACK_PAIRS[rid])

    def deflects(self, rule_id: str) -> bool:
        """Whether an answer allowed by ``rule_id`` only turns the debt aside
        (``house.skip-deflect``, ``house.reverse-deflect``): the card skips
        nobody and adds nothing."""
        return rule_id in _DEFLECTING

    def doubles(self, previous: Card, card: Card) -> str | None:
        """``house.revenge`` when ``card``, a Draw Two or Wild Draw Four laid
        on ``previous``, a Draw Two or Wild Draw Four, counts twice."""
        doubled = card.face in _DRAW_FACES and previous.face in _DRAW_FACES
        return "house.revenge" if doubled and "house.revenge" in self.ids else None


CustomEffect = Callable[["GameState", int], "GameState"]
"""A blank card's effect: given the state right after seat ``player`` laid the
card (its colour named, the turn passed on) and that seat, return the state
the card leaves. It must keep every card in play (only move cards between
hands and piles); the engine checks that."""


@mypyc_attr(native_class=False)
class CustomCardPolicy(Policy, Protocol):
    """What a Wild Customizable does beyond acting as a Wild."""

    def own_rule(self, state: GameState, player: int) -> GameState | None:
        """The state after the card's own rule (see :data:`CustomEffect`), or
        ``None`` when the card has no rule of its own."""
        ...


@attrs.frozen(slots=True)
class PlainCustomizable:
    """``action.customizable``: a Wild Customizable acts as a plain Wild."""

    rule_ids: tuple[str, ...] = ()

    def own_rule(self, state: GameState, player: int) -> GameState | None:
        """``None``: no effect beyond the Wild's."""
        return None


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

    >>> from unorules.rules import presets
    >>> rules = presets.get("official-2018+house.custom-cards")
    >>> rules.custom_card.description
    'every other player draws one card'
    """

    effect: CustomEffect = every_other_player_draws_one
    description: str = "every other player draws one card"
    rule_ids: tuple[str, ...] = ("house.custom-cards",)

    def own_rule(self, state: GameState, player: int) -> GameState | None:
        """The state after :attr:`effect`."""
        return self.effect(state, player)
