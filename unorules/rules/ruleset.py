"""Rule sets: a frozen record of slots, one policy per concern.

Two readings of one rule can never be active at once because they compete for
the same slot. Build rule sets from presets (:mod:`unorules.rules.presets`) or by
replacing slots::

    >>> from unorules import presets
    >>> from unorules.rules.policies import ForcePlay
    >>> rules = presets.official().replace(draw_choice=ForcePlay())
    >>> "house.force-play" in rules.rule_ids
    True
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable
from typing import Any, Protocol, TypeVar

import attrs

from unorules._mypyc import untyped
from unorules.cards import COLORS, Card, Color
from unorules.errors import RuleSetError, msg
from unorules.rules import policies as p
from unorules.rules.house import HouseRule
from unorules.rules.slots import SLOTS

__all__ = ["MAX_TARGET", "SLOTS", "RuleSet"]

T = TypeVar("T")

MAX_TARGET = 100_000
"""The highest target score a rule set may have (``score.target``)."""


@attrs.frozen(slots=True, kw_only=True)
class RuleSet:
    """The rules of a round and game, one policy per slot.

    Attributes:
        name: a label, e.g. ``"official+house.stack-draw-two"``.
        deck: the cards and player range (``deck.*``, ``players.range``).
        deal: dealing and first player (``setup.*``).
        start_card: the start card's effect (``start.*``).
        match: matching and turn order (``play.*``).
        wild: when a plain Wild may be laid (``wild.*``).
        wd4: the Wild Draw Four restriction (``wd4.*``).
        drawing: what a player who does not play draws (``draw.one-then-may-play``,
            ``house.play-drawn``, ``house.draw-until-playable``).
        draw_choice: whether drawing is allowed when a card fits
            (``draw.allowed-when-playable``, ``house.force-play``).
        actions: Skip, Reverse, Draw Two (``action.*``).
        stacking: answering draw cards (``house.stack-*``; none by default).
        uno_call, uno_penalty, uno_window: the UNO call (``uno.*``).
        challenge: challenging a Wild Draw Four (``challenge.*``).
        going_out: the last card (``end.*``).
        piles: an empty draw pile (``pile.*``).
        info: what players may see (``info.hand-sizes-public``).
        card_values: points per card (``score.card-values*``).
        scoring: how rounds are scored, the target (``score.*``).
        dealer_choice: the first dealer (``setup.dealer-draw``; given by default).
        jump_in: laying identical cards out of turn (``house.jump-in``).
        seven_zero: hands moving on 7 and 0 (``house.seven-zero``).
        timing: time limits (``house.timed-turns``).
        custom_card: the blank card's own rule (``house.custom-cards``).
        hand_limit: a hand too big to go on with (``no-mercy.mercy``; none
            by default).
        strict: when true the engine rejects what the players would otherwise
            police themselves: a Wild Draw Four bluff is an illegal move, and a
            missed UNO call is penalised automatically when its window closes.
        house_rules: the table's own rules in force (:class:`HouseRule`), by
            which their IDs are explained and read back from JSON.

    Raises:
        RuleSetError: at construction (and in :meth:`replace`) for a ``name``
            that is not a string, a ``strict`` that is not a bool, a slot value
            that is not a policy for its slot (its ``rule_ids`` is not a tuple
            of strings, or it lacks a member that the slot's protocol in
            :mod:`unorules.rules.policies` names), or a target score that is not a
            whole number from 1 to :data:`MAX_TARGET`.
    """

    name: str = "custom"
    deck: p.DeckPolicy = attrs.field(factory=untyped(p.ClassicDeck))
    deal: p.DealPolicy = attrs.field(factory=untyped(p.StandardDeal))
    start_card: p.StartCardPolicy = attrs.field(factory=untyped(p.StartCard))
    match: p.MatchPolicy = attrs.field(factory=untyped(p.OfficialMatch))
    wild: p.WildPolicy = attrs.field(factory=untyped(p.WildAnyTime))
    wd4: p.Wd4Policy = attrs.field(factory=untyped(p.Wd4NoMatchingColour))
    drawing: p.DrawPolicy = attrs.field(factory=untyped(p.Drawing))
    draw_choice: p.DrawChoicePolicy = attrs.field(factory=untyped(p.AllowedWhenPlayable))
    actions: p.ActionPolicy = attrs.field(factory=untyped(p.OfficialActions))
    stacking: p.StackingPolicy = attrs.field(factory=untyped(p.Stacking))
    uno_call: p.UnoCallPolicy = attrs.field(factory=untyped(p.UnoCall))
    uno_penalty: p.UnoPenaltyPolicy = attrs.field(factory=untyped(p.UnoPenalty))
    uno_window: p.UnoWindowPolicy = attrs.field(factory=untyped(p.UnoWindow))
    challenge: p.ChallengePolicy = attrs.field(factory=untyped(p.ChallengeWd4))
    going_out: p.GoingOutPolicy = attrs.field(factory=untyped(p.GoingOut))
    piles: p.PilePolicy = attrs.field(factory=untyped(p.ReshuffleDiscards))
    info: p.InfoPolicy = attrs.field(factory=untyped(p.HandSizesPublic))
    card_values: p.CardValuesPolicy = attrs.field(factory=untyped(p.CardValues))
    scoring: p.ScoringPolicy = attrs.field(factory=untyped(p.WinnerTakes))
    dealer_choice: p.DealerChoicePolicy = attrs.field(factory=untyped(p.GivenDealer))
    jump_in: p.JumpInPolicy = attrs.field(factory=untyped(p.NoJumpIn))
    seven_zero: p.SevenZeroPolicy = attrs.field(factory=untyped(p.NoSevenZero))
    timing: p.TimingPolicy = attrs.field(factory=untyped(p.NoTimeLimit))
    custom_card: p.CustomCardPolicy = attrs.field(factory=untyped(p.PlainCustomizable))
    hand_limit: p.HandLimitPolicy = attrs.field(factory=untyped(p.NoHandLimit))
    strict: bool = False
    house_rules: tuple[HouseRule, ...] = ()
    _derived: dict[object, object] = attrs.field(
        factory=untyped(dict), init=False, eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        # Read untyped: compiled with mypyc, a typed read of a field that holds
        # the wrong type raises TypeError before the message below.
        given: Any = self
        if not isinstance(given.name, str):
            raise RuleSetError(
                msg("a rule set's name must be a string, not {value}", value=_short(given.name))
            )
        if type(given.strict) is not bool:
            raise RuleSetError(
                msg(
                    "a rule set's 'strict' must be True or False, not {value}",
                    value=_short(given.strict),
                )
            )
        for slot in SLOTS:
            _check_slot(slot, getattr(self, slot))
        target = self.scoring.target
        if type(target) is not int or not 1 <= target <= MAX_TARGET:
            raise RuleSetError(
                msg(
                    "slot 'scoring': the target score must be a whole number from 1 to {most}, "
                    "not {value}",
                    most=MAX_TARGET,
                    value=_short(target),
                ),
                ("score.target",),
            )

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some slots (or ``name``/``strict``) replaced.

        Raises:
            RuleSetError: for a name that is not a slot, or a value that does
                not fit its slot (see the class).
        """
        unknown = sorted(set(changes) - set(SLOTS) - {"name", "strict"})
        if unknown:
            raise RuleSetError(
                msg(
                    "not a slot of RuleSet: {names}; slots are {slots}",
                    names=", ".join(unknown),
                    slots=", ".join(SLOTS),
                )
            )
        return attrs.evolve(self, **changes)

    def policies(self) -> tuple[tuple[str, p.Policy], ...]:
        """``(slot, policy)`` pairs in slot order."""
        return tuple((slot, getattr(self, slot)) for slot in SLOTS)

    @property
    def numbers(self) -> dict[str, int]:
        """The numbers the table chose for rules that take one, by rule ID
        (``uno.penalty=4`` gives ``{"uno.penalty": 4}``), as the policies in
        force report them (a policy's ``numbers``: pairs of ID and number).
        ``uno.penalty`` at the printed 2 is not listed, as it is the official
        rules' own; a rule the official rules lack is listed with its number,
        its default too. The target score is :attr:`target`.

        >>> from unorules.rules.presets import get
        >>> get("official+uno.penalty=4+house.hand-limit=25").numbers
        {'house.hand-limit': 25, 'uno.penalty': 4}
        """
        found: dict[str, int] = {}
        for _, policy in self.policies():
            for rid, n in getattr(policy, "numbers", ()):
                found[rid] = n
        return found

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID in force, in slot order, each once."""
        seen: dict[str, None] = {}
        for _, policy in self.policies():
            for rid in policy.rule_ids:
                seen[rid] = None
        return tuple(seen)

    def __getstate__(self) -> dict[str, Any]:
        """The fields, for pickling (``simulate``'s worker processes); the
        values derived from the rules are left out and worked out again."""
        return {a.name: getattr(self, a.name) for a in attrs.fields(RuleSet) if a.init}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_derived", {})

    def derived(self, key: Hashable, compute: Callable[[RuleSet], T]) -> T:
        """``compute(self)``, worked out once per rule set: a value that
        depends on the rules alone (e.g. which cards of the deck name a seat
        when played), kept on this rule set under ``key``."""
        try:
            return self._derived[key]  # type: ignore[return-value]
        except KeyError:
            value = self._derived[key] = compute(self)
            return value

    def effect(self, card: Card, players: int) -> p.ActionEffect | None:
        """What laying ``card`` does with ``players`` players in the round:
        the 7-0 policy's effect (``house.seven-zero``) where it has one, else
        the action policy's (``action.*``); ``None`` for a card without one."""
        return self.seven_zero.effect(card, players) or self.actions.effect(card, players)

    def laid(self, cards: tuple[Card, ...], players: int) -> p.ActionEffect | None:
        """The effect of a play of two or more ``cards`` as a whole (the
        action policy's ``laid``: ``house.bomb``), ``None`` when it has none
        or the action policy does not say."""
        ask = getattr(self.actions, "laid", None)
        return ask(cards, players) if ask is not None else None

    @property
    def deck_rule_ids(self) -> tuple[str, ...]:
        """The rules that make the deck what it is: the deck policy's
        ``rule_ids`` less ``players.range`` (the player counts it serves)."""
        return tuple(r for r in self.deck.rule_ids if r != "players.range")

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colours a wild card (or a wild start card) may name: those
        of the deck's cards, the classic ones first in their order (red,
        yellow, green, blue), then those an edition or a table defined, in
        the order they were defined; the four classic colours for a deck
        with no coloured card (``action.wild``). A deck policy with a
        ``colors_named`` attribute says which itself: none for a deck whose
        wild cards name no colour (``all-wild.no-colour``), and then a wild
        card is laid naming none and no colour is in force.

        >>> from unorules import presets
        >>> [c.value for c in presets.official().colors]
        ['red', 'yellow', 'green', 'blue']
        """
        return self.derived(_deck_colors, _deck_colors)

    def colors_for(self, card: Card) -> tuple[Color, ...]:
        """The colours ``card`` names when laid wild (or when turned up
        wild): :attr:`colors`, but for a two-sided card that shows the side
        the deck is not dealt with (``Card.back``), the colours of the
        deck's other sides.

        >>> from unorules import Card, presets
        >>> presets.official().colors_for(Card.parse("W")) == presets.official().colors
        True
        """
        turned, others = self.derived(_sides, _sides)
        return others if card in turned else self.colors

    def upright(self, card: Card) -> Card:
        """``card`` as the deck is dealt: a two-sided card that shows its
        other side turned back (``Card.turned``), any other card itself.
        Cards are counted this way: a card is the same card whichever side
        is up."""
        turned, _ = self.derived(_sides, _sides)
        return card.turned() if card in turned else card

    @property
    def target(self) -> int:
        """The target score of a game (``score.target``)."""
        return self.scoring.target

    @property
    def clock(self) -> tuple[str, int] | None:
        """The game's clock: the rule ID and the number of turns a whole game
        lasts (``house.blitz=N``), as the timing policy's optional
        ``clock()`` answers it; ``None`` without one."""
        ask = getattr(self.timing, "clock", None)
        return ask() if ask is not None else None

    @property
    def seats_drawn(self) -> str | None:
        """The rule under which the players draw new seats before each round
        after the first (``house.shuffle-seats``), as the deal policy's
        optional ``seats_drawn()`` answers it; ``None`` without one."""
        ask = getattr(self.deal, "seats_drawn", None)
        return ask() if ask is not None else None

    def __str__(self) -> str:
        return self.name


def _sides(rules: RuleSet) -> tuple[frozenset[Card], tuple[Color, ...]]:
    """The two-sided cards of the deck with their other side up, and the
    colours of those sides (:meth:`RuleSet.colors_for`)."""
    dealt = set(rules.deck.cards())
    turned = frozenset(c.turned() for c in dealt if c.back is not None) - dealt
    backs = {c.color for c in turned if c.color is not None}
    return turned, tuple(c for c in Color.registered() if c in backs) or rules.colors


def _deck_colors(rules: RuleSet) -> tuple[Color, ...]:
    named = getattr(rules.deck, "colors_named", None)
    if named is not None:
        # A deck that says which colours its wild cards name (none, for a
        # deck of wild cards only: all-wild.no-colour).
        return tuple(c for c in Color.registered() if c in set(named))
    coloured = {c.color for c in rules.deck.cards() if c.color is not None}
    return tuple(c for c in Color.registered() if c in coloured) or tuple(COLORS)


if (
    tuple(
        a.name
        for a in attrs.fields(RuleSet)
        if a.name not in ("name", "strict", "house_rules", "_derived")
    )
    != SLOTS
):  # pragma: no cover - a slot added to RuleSet and not to SLOTS
    raise AssertionError("unorules.rules.slots.SLOTS and RuleSet's fields differ")


def _short(value: object) -> str:
    """``repr(value)``, cut short; an int too long to show is described."""
    if isinstance(value, int) and not -(10**30) < value < 10**30:
        size = abs(value)
        if size.bit_length() < 13_000:  # well within the digits str() converts
            return f"a {len(str(size))}-digit number"
        return f"a number of about {int(size.bit_length() * 0.30103) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a user's policy whose repr fails is still named
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _members(cls: type) -> tuple[tuple[str, bool], ...]:
    """The public members ``cls`` (a slot's protocol or class) names, each with
    whether it must be callable (a method) rather than an attribute."""
    found: dict[str, bool] = {}
    for base in reversed(cls.__mro__):
        if base in (object, Protocol) or base.__module__ == "typing":
            continue
        for name in getattr(base, "__annotations__", {}):
            if not name.startswith("_"):
                found[name] = False
        for name, value in vars(base).items():
            if not name.startswith("_"):
                found[name] = inspect.isroutine(value)  # compiled methods too
    found.pop("rule_ids", None)
    return tuple(sorted(found.items()))


def _slot_types() -> dict[str, tuple[type, tuple[tuple[str, bool], ...]]]:
    attrs.resolve_types(RuleSet, globalns={"p": p, "HouseRule": HouseRule})
    types: dict[str, tuple[type, tuple[tuple[str, bool], ...]]] = {}
    for field in attrs.fields(RuleSet):
        if field.name in SLOTS:
            cls = field.type
            assert isinstance(cls, type)
            types[field.name] = (cls, _members(cls))
    return types


_OPTIONAL: dict[str, frozenset[str]] = {
    "match": frozenset({"fits", "follows"}),
    "wd4": frozenset({"governs"}),
    "actions": frozenset({"laid"}),
}
"""Members a slot's policy may lack, each answered for it by the library when
it does: a match policy written before ``fits`` keeps ``play.match``, one
without ``follows`` lays one card a play; a Wild Draw Four policy without
``governs`` governs the Wild Draw Four; an action policy without ``laid``
gives a play of several cards no effect of its own."""


def _check_slot(slot: str, value: object) -> None:
    """Refuse ``value`` in ``slot`` unless it is a policy for that slot."""
    lacks: list[str] = []
    ids = getattr(value, "rule_ids", None)
    if not (isinstance(ids, tuple) and all(isinstance(r, str) for r in ids)):
        lacks.append("rule_ids (a tuple of rule ID strings)")
    protocol, members = _SLOT_TYPES[slot]
    optional = _OPTIONAL.get(slot, frozenset())
    lacks.extend(
        f"{name} (a method)" if method else name
        for name, method in members
        if (not hasattr(value, name) and name not in optional)
        or (hasattr(value, name) and method and not callable(getattr(value, name)))
    )
    if lacks:
        raise RuleSetError(
            msg(
                "slot {slot} needs a policy ({protocol}); {value} lacks {lacks}",
                slot=repr(slot),
                protocol=protocol.__name__,
                value=_short(value),
                lacks=", ".join(lacks),
            )
        )


_SLOT_TYPES = _slot_types()
