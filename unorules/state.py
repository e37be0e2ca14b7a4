"""The immutable game state.

A :class:`GameState` is a position in a round (and the game around it): the
hands, the piles, whose turn it is and in which *phase* that turn is, the
open out-of-turn windows (UNO call, challenge), the scores so far and the
random state of future shuffles. ``apply`` returns a new state and never
changes the old one.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from unorules.cards import Card, Color, Face
from unorules.moves import CatchUno, Move

if TYPE_CHECKING:
    from unorules.rules.ruleset import RuleSet

__all__ = ["GameState", "Pending", "PendingKind", "Phase", "PlayerView", "Wd4Record"]


class Phase(enum.Enum):
    """The phase of the current turn; it decides which moves exist.

    * ``CHOOSE_COLOR`` - a Wild start card: the first player names the colour.
    * ``TURN`` - a normal turn: play a card or draw.
    * ``DRAWN`` - the player drew a card that fits: play it or keep it (pass).
    * ``OWE`` - the player must answer what is pending (:class:`Pending`):
      cards owed after a Draw Two, a Wild Draw Four or a stack (take them
      with ``Draw``, answer under the stacking rules, or challenge), or a
      skip that a rule lets be answered (answer it, or take it with ``Pass``).
    * ``REPLAY`` - a caught bluffer took the Wild Draw Four back and must lay a
      legal card from the hand it had instead, then draws 4
      (``challenge.take-back``); ``wd4`` holds the card taken back.
    * ``ROUND_OVER`` - someone went out, or the piles ran out.
    """

    CHOOSE_COLOR = "choose-color"
    TURN = "turn"
    DRAWN = "drawn"
    OWE = "owe"
    REPLAY = "replay"
    ROUND_OVER = "round-over"


class PendingKind(enum.Enum):
    """What a :class:`Pending` obligation asks of its seat."""

    DRAW = "draw"
    """Cards to take (``Draw``), unless answered."""
    SKIP = "skip"
    """Turns to lose (``Pass``), unless answered."""
    COLOR = "color"
    """A colour to name (``ChooseColor``) for a wild start card."""
    DRAW_UNTIL = "draw-until"
    """Cards to take one by one until a card of a colour appears: in the
    ``OWE`` phase the colour in force, named with the card (``Draw``,
    ``ActionEffect.draw_until == "named"``); in the ``CHOOSE_COLOR`` phase a
    colour the seat names itself first (``ChooseColor``,
    ``ActionEffect.draw_until == "chosen"``)."""


_DRAW = PendingKind.DRAW


class _Engine:
    """What a state asks of the engine, which sits above it (a state is data;
    the engine's rules read it): :mod:`unorules.engine` fills it in when it is
    imported, as ``import unorules`` does. :meth:`GameState.view` asks it
    which catch a seat may make."""

    def __init__(self) -> None:
        self.legal_moves: Callable[[GameState], Sequence[Move]] = _no_engine


def _no_engine(state: GameState) -> Sequence[Move]:
    raise RuntimeError("unorules.engine is not imported; import unorules first")


ENGINE = _Engine()


@attrs.frozen(slots=True)
class Pending:
    """What the current seat must answer before play goes on.

    Who may answer: ``seat`` (and, under ``house.jump-in``, a seat holding a
    card that may jump in on ``card``). With what: a card the stacking policy
    accepts (``rules.stacking.answers(card, answer, color)`` names a rule;
    for ``DRAW`` and ``SKIP``), a challenge of a Wild Draw Four (``wd4``), or
    taking it: ``Draw`` takes the cards owed, ``Pass`` the skip,
    ``ChooseColor`` names the colour. :func:`unorules.legal_moves` lists every
    such move.

    Attributes:
        kind: what is asked.
        seat: the seat that must answer.
        amount: cards owed (``DRAW``), turns lost (``SKIP``); 0 for ``COLOR``
            and ``DRAW_UNTIL`` (how many is not known until they are drawn).
        card: the card that left it (the top card of the discard pile).
        rule_ids: the rules behind it, main one first: the stacking rule
            that passed it on (if any), then the card's own rule.
    """

    kind: PendingKind
    seat: int
    amount: int
    card: Card
    rule_ids: tuple[str, ...]


@attrs.frozen(slots=True)
class Wd4Record:
    """The Wild Draw Four (or, under ``challenge.also-wild``, the Wild) that
    can still be challenged; in the ``REPLAY`` phase, the Wild Draw Four a
    caught bluffer took back (``challenge.take-back``), whose 4 cards it draws
    after laying a lawful card.

    Attributes:
        player: the seat that laid it.
        broke_rule: whether it broke the restriction (the hand held a card the
            restriction forbids); this is what a challenge reveals.
        previous_color: the colour in force before it was laid.
        card: the card laid.
        debt: in the ``REPLAY`` phase, the stacked total the card had answered
            (``house.stack-*``), which the bluffer owes again; 0 otherwise.
    """

    player: int
    broke_rule: bool
    previous_color: Color | None
    card: Card = attrs.field(factory=lambda: Card(None, Face.WILD_DRAW_FOUR))
    debt: int = 0


@attrs.frozen(slots=True, kw_only=True, repr=False, weakref_slot=False)
class GameState:
    """A position. Build one with :func:`unorules.new_round` or
    :func:`unorules.situation`, change it only with :func:`unorules.apply`.

    Attributes:
        rules: the rule set in force.
        hands: one tuple of cards per seat, seat 0 first.
        draw_pile: the draw pile, top first.
        discard_pile: the discard pile, oldest first; its last card is the top.
        color: the colour in force (after a wild, the named one); ``None`` only
            while a Wild start card waits for its colour.
        current: the seat whose turn it is.
        direction: +1 clockwise (seat i to i+1) or -1 counter-clockwise.
        phase: the phase of the current turn.
        pending: what the current seat must answer (in the ``OWE`` and
            ``CHOOSE_COLOR`` phases), else ``None``.
        wd4: the Wild Draw Four that may be challenged, if any.
        drawn: the card just drawn, in the ``DRAWN`` phase.
        uno_called: a seat that called UNO before laying its second-to-last
            card this turn.
        uno_missed: a seat that holds one card without having called UNO while
            the window to point it out is open.
        dealer: the dealer's seat.
        scores: game totals so far, one per seat.
        winner: the seat that won the round, once it is over by going out.
        round_number: 1 for the first round of a game.
        seed: the seed of every shuffle of this game.
        shuffles: how many shuffles the game has made (the random state).
        turns: moves applied this round.
        reshuffles: times the discard pile was reshuffled this round.
        out_of_play: cards not in hands or piles (only in constructed situations).
        uncalled: seats holding one card whose missing UNO call can no longer
            be made good: a late call no longer counts (``uno.call``: another
            seat has played or drawn since; never under ``uno.call-strict`` or
            ``uno.call-at-two``), or the catch settled it. Under
            ``uno.required-to-win`` they cannot lay their last card.
        finished: seats that went out this round, in order (``end.play-on``).
        uno_caught: the seats of ``uncalled`` whose missed UNO call a catch
            has already settled (``uno.penalty``: each missed call is
            punished once; under ``uno.reminder`` the reminder was given and
            the seat still holds its one card): another catch of them, or a
            call, no longer counts. Empty in JSON written before the field
            existed.
        knocked_out: seats put out of the round without going out, in order
            (a hand limit, :class:`~unorules.rules.policies.HandLimitPolicy`:
            e.g. ``no-mercy.mercy``): their cards went to the bottom of the draw pile, they
            take no more turns, and they cannot win the round. Empty in JSON
            written before the field existed.
        rule_state: what rules of their own keep in the state, as pairs of
            a rule ID in force and its value, sorted by ID (a count of turns,
            a side in play, teams): a value is ``None``, a bool, an int, a
            string, or a tuple of such values. Read it with
            :meth:`rule_value`; a card's own rule (``ActionEffect.own``)
            writes its rule's value with :meth:`with_rule_value`. Kept from
            round to round; empty unless a rule wrote it, and in JSON
            written before the field existed.

    Besides its fields a state keeps the answers :func:`unorules.legal_moves`
    and :func:`unorules.turn_moves` gave for it (``_legal``, ``_turn``), so
    that asking again costs nothing and :func:`unorules.apply` of one of
    those very move objects needs no second check. They are no part of the
    position: equality, hashing, ``repr`` and JSON leave them out, and a copy
    made with ``attrs.evolve`` starts without them.
    """

    rules: RuleSet
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    color: Color | None
    current: int
    direction: int = 1
    phase: Phase = Phase.TURN
    pending: Pending | None = None
    wd4: Wd4Record | None = None
    drawn: Card | None = None
    uno_called: int | None = None
    uno_missed: int | None = None
    dealer: int = 0
    scores: tuple[int, ...] = ()
    winner: int | None = None
    round_number: int = 1
    seed: int = 0
    shuffles: int = 0
    turns: int = 0
    reshuffles: int = 0
    out_of_play: tuple[Card, ...] = ()
    uncalled: tuple[int, ...] = ()
    finished: tuple[int, ...] = ()
    uno_caught: tuple[int, ...] = ()
    knocked_out: tuple[int, ...] = ()
    rule_state: tuple[tuple[str, Any], ...] = ()
    # Not an argument of __init__, so attrs.evolve never copies a kept answer
    # into a changed state; cattrs leaves such fields out of JSON too.
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    _turn: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    @property
    def owed(self) -> int:
        """Cards the current player must take in the ``OWE`` phase (the
        amount of a ``DRAW`` :attr:`pending`), else 0."""
        pending = self.pending
        return pending.amount if pending is not None and pending.kind is _DRAW else 0

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    def rule_value(self, rule_id: str, default: Any = None) -> Any:
        """The value rule ``rule_id`` keeps in :attr:`rule_state`, else
        ``default``."""
        for rid, value in self.rule_state:
            if rid == rule_id:
                return value
        return default

    def with_rule_value(self, rule_id: str, value: Any) -> GameState:
        """This state with rule ``rule_id``'s value in :attr:`rule_state`
        set to ``value`` (``None`` removes it). A card's own rule
        (``ActionEffect.own``) writes its own rule's value this way; the
        engine checks the state it returns (:func:`unorules.validate_state`).

        >>> import unorules as ur
        >>> s = ur.new_round(ur.presets.official(), players=2, seed=1)
        >>> s.with_rule_value("play.match", 3).rule_value("play.match")
        3
        """
        kept = [(rid, v) for rid, v in self.rule_state if rid != rule_id]
        if value is not None:
            kept.append((rule_id, value))
        return attrs.evolve(self, rule_state=tuple(sorted(kept, key=lambda p: p[0])))

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard_pile[-1]

    @property
    def round_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.ROUND_OVER

    @property
    def game_over(self) -> bool:
        """Whether the game has ended with this round (``score.*``), or the
        game's clock has run out (:attr:`clock_out`, ``house.blitz=N``)."""
        return self.round_over and (
            bool(self.clock_out) or self.rules.scoring.game_over(self.scores, self.winner)
        )

    @property
    def game_winner(self) -> int | None:
        """The winner of the game once it is over, else ``None``: when the
        game's clock ran out (:attr:`clock_out`) and the totals do not end
        the game themselves, the last round's winner."""
        if not self.game_over:
            return None
        if self.clock_out and not self.rules.scoring.game_over(self.scores, self.winner):
            return self.winner
        return self.rules.scoring.game_winner(self.scores, self.winner)

    @property
    def seating(self) -> tuple[int, ...]:
        """The player at each seat, seat 0 first. Players are numbered by
        their seats in the game's first round, so this is ``(0, 1, ..., n-1)``
        unless the players draw their seats anew before each round (the deal
        policy's ``seats_drawn()``, ``house.shuffle-seats``): then
        :attr:`rule_state` keeps it under that rule ID from the second round
        on, and :attr:`scores` are the totals of the players where they sit
        now. ``seating[game_winner]`` is the player who won the game.

        >>> import unorules as ur
        >>> ur.new_game(ur.presets.official(), players=3, seed=1).seating
        (0, 1, 2)
        """
        rid = self.rules.seats_drawn
        kept = self.rule_value(rid) if rid is not None else None
        return tuple(kept) if kept is not None else tuple(range(len(self.hands)))

    @property
    def clock_out(self) -> str:
        """The rule of the game's clock once it has run out, else ``""``: the
        timing policy's ``clock()`` gives a rule ID and a number of turns
        (``house.blitz=N``), and :attr:`rule_state` counts under that ID the
        turns that ended in the game. Once the count reaches the number the
        round is over and so is the game: a round the clock stopped was
        won by the one seat that held the fewest cards (:attr:`winner`;
        ``None``: a tie), and unless the totals end the game themselves
        (the scoring's ``game_over``), the round's winner wins the game. The
        turn in which a round ends counts too."""
        clock = self.rules.clock
        if clock is None or self.rule_value(clock[0], 0) < clock[1]:
            return ""
        return str(clock[0])

    @property
    def next_player(self) -> int:
        """The seat after ``current`` in the direction of play."""
        return (self.current + self.direction) % len(self.hands)

    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (``info.hand-sizes-public``)."""
        return tuple(len(h) for h in self.hands)

    def view(self, seat: int) -> PlayerView:
        """What seat ``seat`` may know (``info.hand-sizes-public``): its own
        hand, the others' hand sizes, the discard pile, the turn, and what
        everyone at the table sees and hears of the UNO calls (who called,
        who holds one card without having called, whom this seat may catch:
        ``uno.call``, ``uno.catch``).

        Raises:
            ValueError: when ``seat`` is not a seat of this round.
        """
        if not 0 <= seat < len(self.hands):
            raise ValueError(f"seat {seat} does not exist: seats are 0..{len(self.hands) - 1}")
        info = self.rules.info
        shown = self.hands if info.shows_hands() else None
        face_up: tuple[tuple[Card, ...] | None, ...] | None = None
        if shown is not None:
            face_up = shown
        else:
            below = getattr(info, "shows_hand", None)  # house.open-below
            if below is not None:
                shown_now = tuple(h if h and below(len(h)) else None for h in self.hands)
                face_up = shown_now if any(h is not None for h in shown_now) else None
        may_catch = None
        if self.uno_missed is not None:
            for m in ENGINE.legal_moves(self):
                if isinstance(m, CatchUno) and m.player == seat:
                    may_catch = m.target
                    break
        return PlayerView(
            seat=seat,
            open_hands=shown,
            face_up=face_up,
            hand=self.hands[seat],
            hand_sizes=self.hand_sizes(),
            discard_pile=self.discard_pile,
            draw_pile_size=len(self.draw_pile),
            color=self.color,
            current=self.current,
            direction=self.direction,
            phase=self.phase,
            owed=self.owed,
            pending=self.pending,
            drawn=self.drawn if seat == self.current else None,
            scores=self.scores,
            uno_called=self.uno_called,
            uno_missed=self.uno_missed,
            uncalled=self.uncalled,
            may_catch=may_catch,
            backs=_backs(self.hands, seat),
            knocked_out=self.knocked_out,
        )

    def __repr__(self) -> str:
        hands = " / ".join(" ".join(c.code for c in h) or "-" for h in self.hands)
        color = self.color.value if self.color else "?"
        return (
            f"<GameState {self.phase.value} seat {self.current} dir {self.direction:+d} "
            f"top {self.top.code} {color} | {hands} | draw {len(self.draw_pile)}>"
        )


def _backs(hands: tuple[tuple[Card, ...], ...], seat: int) -> tuple[tuple[Card, ...], ...]:
    """What ``seat`` sees of the other hands' two-sided cards: per seat, the
    other side (``Card.back``) of each, in hand order; nothing of its own
    hand, and ``()`` when no hand holds a two-sided card."""
    if not any(c.back is not None for h in hands for c in h):
        return ()
    return tuple(
        () if i == seat else tuple(c.back for c in h if c.back is not None)
        for i, h in enumerate(hands)
    )


class _Blank:
    """A writable object with exactly the slots of :class:`GameState`, in
    the same order: the engine fills one and then makes it a ``GameState``
    by assigning ``__class__`` (the two layouts are the same, which Python
    checks), skipping the generated ``__init__`` and the frozen
    ``__setattr__``. GameState has no converters or validators to run on
    values the engine takes from a valid state. No ``__weakref__`` slot on
    either: Python refuses such an assignment between classes that have one."""

    __slots__ = GameState.__slots__

    rules: RuleSet
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    color: Color | None
    current: int
    direction: int
    phase: Phase
    pending: Pending | None
    wd4: Wd4Record | None
    drawn: Card | None
    uno_called: int | None
    uno_missed: int | None
    dealer: int
    scores: tuple[int, ...]
    winner: int | None
    round_number: int
    seed: int
    shuffles: int
    turns: int
    reshuffles: int
    out_of_play: tuple[Card, ...]
    uncalled: tuple[int, ...]
    finished: tuple[int, ...]
    uno_caught: tuple[int, ...]
    knocked_out: tuple[int, ...]
    rule_state: tuple[tuple[str, Any], ...]
    _legal: tuple[Move, ...] | None
    _turn: tuple[Move, ...] | None


def _blank() -> Any:
    """A :class:`_Blank` to fill; ``_frozen`` makes it a state."""
    return _new_blank(_Blank)


_new_blank = object.__new__


def _frozen(blank: Any) -> GameState:
    """``blank``, every slot filled (``_legal`` and ``_turn`` included), as a
    :class:`GameState`."""
    blank.__class__ = GameState
    state: GameState = blank
    return state


def _moved(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    color: Color | None,
    current: int,
    direction: int,
    phase: Phase,
    pending: Pending | None,
    drawn: Card | None,
    uno_missed: int | None,
    uncalled: tuple[int, ...],
) -> GameState:
    """``state`` one move on: the fields given replaced, ``turns`` one
    more, every other field as in ``state``, and no kept
    :func:`unorules.legal_moves` answer. The engine's constructor for the
    commonest moves, which change no other field."""
    b: Any = _new_blank(_Blank)
    b.rules = state.rules
    b.hands = hands
    b.draw_pile = draw_pile
    b.discard_pile = discard_pile
    b.color = color
    b.current = current
    b.direction = direction
    b.phase = phase
    b.pending = pending
    b.wd4 = state.wd4
    b.drawn = drawn
    b.uno_called = state.uno_called
    b.uno_missed = uno_missed
    b.dealer = state.dealer
    b.scores = state.scores
    b.winner = state.winner
    b.round_number = state.round_number
    b.seed = state.seed
    b.shuffles = state.shuffles
    b.turns = state.turns + 1
    b.reshuffles = state.reshuffles
    b.out_of_play = state.out_of_play
    b.uncalled = uncalled
    b.finished = state.finished
    caught = state.uno_caught
    b.uno_caught = tuple(c for c in caught if c in uncalled) if caught else caught
    b.knocked_out = state.knocked_out
    b.rule_state = state.rule_state
    b._legal = None
    b._turn = None
    b.__class__ = GameState
    return b  # type: ignore[no-any-return]


@attrs.frozen(slots=True, kw_only=True)
class PlayerView:
    """One seat's view of a state (see :meth:`GameState.view`). ``open_hands``
    holds every hand when hands are played face up (``house.kids``).
    ``face_up`` holds, by seat, each hand that everyone sees: every hand
    when hands are played face up, under ``house.open-below`` the hands of
    fewer cards than its number (``None`` for a hand that stays hidden); it
    is ``None`` when the rules show no hand.

    The UNO calls are public, as at a real table (``uno.call``,
    ``uno.catch``): ``uno_called`` is the seat that called UNO this turn,
    ``uno_missed`` the seat that holds one card without having called while
    it may still be caught, ``uncalled`` the seats whose missing call can no
    longer be made good (as on :class:`GameState`), and ``may_catch`` the seat
    that *this* seat may catch now: the ``target`` of the
    :class:`~unorules.moves.CatchUno` that :func:`unorules.legal_moves` lists
    for it, ``None`` when it lists none (no missed call, the seat itself,
    or the rules in force let nobody else catch it). ``knocked_out`` lists
    the seats a hand limit put out of the round (as on :class:`GameState`).

    ``backs`` is what the seat sees of the other players' two-sided cards
    (``Card.back``): per seat, the other side of each two-sided
    card its hand holds, in hand order, as the table shows them; the seat's
    own entry is empty (it holds its cards side up towards itself), and the
    whole is ``()`` when no hand holds a two-sided card.
    """

    seat: int
    open_hands: tuple[tuple[Card, ...], ...] | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard_pile: tuple[Card, ...]
    draw_pile_size: int
    color: Color | None
    current: int
    direction: int
    phase: Phase
    owed: int
    pending: Pending | None = None
    drawn: Card | None
    scores: tuple[int, ...]
    uno_called: int | None = None
    uno_missed: int | None = None
    uncalled: tuple[int, ...] = ()
    may_catch: int | None = None
    backs: tuple[tuple[Card, ...], ...] = ()
    knocked_out: tuple[int, ...] = ()
    face_up: tuple[tuple[Card, ...] | None, ...] | None = None
