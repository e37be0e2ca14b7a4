"""A PettingZoo AEC environment: UNO under any rule set, for any number of
seats its deck serves (2 to 10 with one deck, ``players.range``), with
action masks from :func:`unorules.legal_moves` (the ``rl`` extra:
``pip install "unorules[rl]"``).

:func:`env` gives the environment wrapped as PettingZoo's own classic games
are (:class:`UnoEnv` is the raw one, also named ``raw_env``):

    from unorules.play.env import env

    game = env(rules="kitchen-table", players=4)
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, info = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        mask = observation["action_mask"]
        game.step(int(game.action_space(agent).sample(mask)))

The encoding of observations (:class:`ObservationLayout`), the action
indexing (:class:`ActionTable`), the windows in which seats act out of turn,
the rewards and the episodes are described on the documentation page
"Reinforcement learning" and in the docstrings below.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import attrs

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # pragma: no cover - only without the extra
    raise ImportError(
        'unorules.play.env needs PettingZoo, Gymnasium and NumPy: pip install "unorules[rl]"'
    ) from error

from unorules.cards import Card, Color
from unorules.dealing import new_game, next_round
from unorules.engine import apply, check, legal_moves
from unorules.engine.plan import plan
from unorules.errors import RuleSetError, StateError, UnoError
from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from unorules.play.bots import Bot, BotError, is_out_of_turn
from unorules.rules import presets
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, PendingKind, Phase
from unorules.state_validation import validate_state

__all__ = [
    "ActionTable",
    "EnvError",
    "NotResetError",
    "ObservationLayout",
    "StateLayout",
    "UnoEnv",
    "env",
    "raw_env",
]

Episode = Literal["round", "game"]
RewardKind = Literal["points", "win"]

_PHASES: tuple[Phase, ...] = tuple(Phase)
_PENDING: tuple[PendingKind, ...] = (
    PendingKind.DRAW,
    PendingKind.SKIP,
    PendingKind.COLOR,
    PendingKind.DRAW_UNTIL,
)


class EnvError(UnoError):
    """Bad input to the environment: an argument of :class:`UnoEnv` or of
    :meth:`UnoEnv.reset` of the wrong type or value, an action that is not
    an index the mask allows, a move that has no action. A ``ValueError``
    (as every :class:`~unorules.errors.UnoError`); the message names the
    argument, the value given and what is allowed."""


class NotResetError(EnvError, AttributeError):
    """A method or attribute of an episode (``step``, ``observe``, ``last``,
    ``state``, ``agent_iter``, ``render``, ``agents``, ``rewards``,
    ``infos``, ...) used before the first :meth:`UnoEnv.reset`. Also an
    ``AttributeError``, as the attributes were before, so ``hasattr`` says
    ``False`` for them."""


def _is_int(value: object) -> bool:
    """Whether ``value`` is a whole number (a Python or NumPy integer, not a
    bool)."""
    return isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_)


def _shown(value: object) -> str:
    """``value`` and its type, for an error message: ``'4' (str)``."""
    return f"{value!r} ({type(value).__name__})"


_INT_FIELDS = ("player", "target", "count")


def _field_fault(move: Move) -> str | None:
    """What is wrong with the fields of ``move`` (a field of the wrong type:
    ``Draw(True)`` equals ``Draw(1)``, ``Draw(1.0)`` too), or ``None``."""
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if field.name in _INT_FIELDS:
            if not _is_int(value):
                return f"its {field.name} must be an int, not {_shown(value)}"
        elif field.name in ("swap_with", "to"):
            if value is not None and not _is_int(value):
                return f"its {field.name} must be None or an int, not {_shown(value)}"
        elif field.name in ("more", "give"):
            if not isinstance(value, tuple) or not all(isinstance(c, Card) for c in value):
                return f"its {field.name} must be a tuple of Cards, not {_shown(value)}"
        elif field.name == "card":
            if not isinstance(value, Card):
                return f"its card must be a Card, not {_shown(value)}"
        elif field.name == "color" and not (
            isinstance(value, Color) or (value is None and isinstance(move, Play))
        ):
            allowed = "a Color" if isinstance(move, ChooseColor) else "None or a Color"
            return f"its color must be {allowed}, not {_shown(value)}"
    return None


def _rule_set(rules: object) -> RuleSet:
    """The ``rules`` argument as a rule set: a :class:`RuleSet` as it is, a
    preset string built by :func:`unorules.rules.presets.get`."""
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        try:
            return presets.get(rules)
        except RuleSetError as error:
            raise RuleSetError(f"rules={rules!r}: {error}", error.rule_ids) from error
    raise EnvError(
        "rules must be a RuleSet or a preset string such as 'official' or "
        f"'svenska+house.stack-draw-two' (presets: {', '.join(presets.names())}), "
        f"not {_shown(rules)}"
    )


def _distinct_cards(rules: RuleSet) -> tuple[tuple[Card, ...], Counter[Card]]:
    """The distinct cards of the rule set's deck in deck order, and how many
    copies of each the deck holds; a deck of two-sided cards (``Card.back``)
    has each card twice, side up as dealt and then turned (``Card.turned``),
    after them."""
    dealt = rules.deck.cards()
    deck = (*dealt, *(c.turned() for c in dealt if c.back is not None))
    return tuple(dict.fromkeys(deck)), Counter(deck)


def _named(rules: RuleSet, card: Card | None) -> tuple[Color, ...]:
    """The colours a wild ``card`` may name (``RuleSet.colors_for``); for
    ``None``, the rule set's own (``RuleSet.colors``)."""
    return rules.colors if card is None else rules.colors_for(card)


class ActionTable:
    """The fixed discrete action space of one rule set and player count, and
    the table between action indices and moves.

    Actions are relative to the agent that acts: the seat is the agent's
    own, and a seat named by a move (a swap target, a catch target) is given
    by its clockwise offset from the agent, 1..n-1 (offset ``k`` is seat
    ``(agent + k) % n``, whatever the direction of play). In index order:

    1. **Plays**: for each distinct card of the deck (in the deck's order,
       :meth:`~unorules.rules.policies.DeckPolicy.cards`), for each number
       of copies laid at once (1 to the most the matching policy allows for
       the deck's copies, ``house.multiple-identical``), for each colour
       named (red, yellow, green, blue for a wild card, ``action.wild``;
       none for a coloured one, none for any card of a deck whose wild
       cards name no colour, ``all-wild.no-colour``, and none for a wild card
       whose next player names the colour, ``no-mercy.colour-roulette``),
       for each swap target (offsets 1..n-1, then
       none, for the cards whose play names a seat: a 7 under
       ``house.seven-zero``, a Wild Swap Hands, ``action.swap-hands``; none
       for the others): one action ``Play(agent, card, color, swap_with,
       count)``; and for a card whose effect hands one card to a seat
       (``ActionEffect.give``), for each distinct card and each offset, one
       action ``Play(agent, card, color, count=count, give=(given,), to=seat)``
       (``"play R7 give B3 +1"``; a card that hands over more than one has no
       such actions); and for a card whose effect makes a seat it names draw
       (``ActionEffect.named_draws``, ``all-wild.targeted-draw-two``), one
       action per offset ``Play(agent, card, color, count=count, to=seat)``
       (``"play WT+2 to +1"``) in place of the plain play. The same play
       index is a jump-in when the agent is not in turn (``house.jump-in``).
    1b. Only under rules that let a play lay several different cards
       (the match policy's ``follows``: ``house.multiple-same-number``), the
       actions that build such a play one card at a time: ``starts[card]``
       begins it with ``card``, ``thens[card]`` lays ``card`` next, and
       ``LAY`` lays the cards chosen as one :class:`~unorules.moves.Play`
       (``more``). Between them the same agent stays selected and its mask
       allows only the cards that may come next (and ``LAY`` once two or
       more are chosen); :meth:`UnoEnv.actions_of` gives the actions of
       such a play. These actions stand for no move alone (:meth:`move`
       answers ``None``).
    2. ``DRAW`` (:class:`~unorules.moves.Draw`: draw one, or take the cards
       owed), ``PASS`` (:class:`~unorules.moves.Pass`: keep the drawn card,
       or take a skip), ``CHALLENGE`` (``challenge.wd4``,
       ``challenge.anyone``), ``CALL_UNO`` (``uno.call``).
    3. ``CHOOSE_COLOR`` + i for the colours red, yellow, green, blue
       (``start.wild``).
    4. ``CATCH`` + k - 1 for the target at offset k = 1..n-1
       (``uno.penalty``).
    5. ``DECLINE``: the last index, let an out-of-turn window pass (see
       :class:`UnoEnv`); no move.

    Every kind of move is in the table whatever the rule set; the mask
    leaves out what the rules never allow. ``Timeout`` is a host's move and
    has no action.

    Args:
        rules: the rule set.
        players: the number of seats, within the deck's range.

    Attributes:
        players: the number of seats.
        cards: the distinct cards of the deck, in the order of the plays.
        plays: the number of play actions (indices ``0..plays-1``).
        starts: card -> the action that begins a play of several different
            cards with it (empty unless the rules allow such plays).
        thens: card -> the action that lays it next in such a play.
        LAY: the action that lays the cards chosen; ``None`` unless the
            rules allow such plays.
        DRAW: the index of drawing.
        PASS: the index of passing.
        CHALLENGE: the index of a challenge.
        CALL_UNO: the index of an UNO call.
        colors: the colours a wild card may name (the deck's, classic ones
            first): one ``ChooseColor`` action each.
        CHOOSE_COLOR: the first of the colours' indices.
        CATCH: the first of the n-1 catches' indices.
        DECLINE: the last index.
        size: the number of actions.
        names: a short name per action (``"play R7"``, ``"play W+4 blue"``,
            ``"play G5 x2"``, ``"play R7 swap +2"``, ``"draw"``, ``"pass"``,
            ``"challenge"``, ``"uno"``, ``"color red"``, ``"catch +1"``,
            ``"decline"``).

    Raises:
        ValueError: when ``players`` is outside the deck's range
            (``players.range``).
        EnvError: when a card of the deck hands over more than one card to
            another player (``ActionEffect.give``): such plays have no
            actions.
    """

    def __init__(self, rules: RuleSet, players: int) -> None:
        if not rules.deck.min_players <= players <= rules.deck.max_players:
            raise ValueError(
                f"{players} players: the deck of {rules.name!r} serves "
                f"{rules.deck.min_players} to {rules.deck.max_players} (players.range)"
            )
        self.players = players
        cards, copies = _distinct_cards(rules)
        self.cards = cards
        # Every colour a wild card may name, whichever side it shows.
        self.colors: tuple[Color, ...] = tuple(
            dict.fromkeys(c for card in (None, *cards) for c in _named(rules, card))
        )
        targeted = plan(rules).targeted(players)
        seats = plan(rules).seats(players)
        # One entry per action: the play's shape relative to the agent (the
        # card, the colour, the swap offset, the count, and a card handed to
        # the seat at an offset).
        shapes: list[tuple[Card, Any, int | None, int, tuple[Card | None, int] | None]] = []
        names: list[str] = []
        offsets: list[int | None] = [*range(1, players), None]
        for card in cards:
            most = max(1, rules.match.at_once(card, copies[card]))
            effect = seats.effects.get(card)
            if effect is not None and effect.give > 1:
                raise EnvError(
                    f"{card.code} hands {effect.give} cards to another player "
                    f"({effect.rule_id}): the action table has actions for a card that hands "
                    "over one card only"
                )
            gives = effect is not None and effect.give == 1
            names_one = effect is not None and bool(effect.named_draws) and not effect.give
            for count in range(1, most + 1):
                for color in plan(rules).colors_for(card) or (None,):
                    if names_one:
                        # A card that names a seat to draw: one action per seat.
                        for to in range(1, players):
                            shapes.append((card, color, None, count, (None, to)))
                            names.append(_play_name(card, count, color, f" to +{to}"))
                        continue
                    for offset in offsets if card in targeted else [None]:
                        shapes.append((card, color, offset, count, None))
                        swap = f" swap +{offset}" if offset is not None else ""
                        names.append(_play_name(card, count, color, swap))
                    if gives:
                        # A card that hands one card over: each card to each seat.
                        for given in cards:
                            for to in range(1, players):
                                shapes.append((card, color, None, count, (given, to)))
                                given_to = f" give {given.code} +{to}"
                                names.append(_play_name(card, count, color, given_to))
        self.plays = len(shapes)
        known = plan(rules)
        self.starts: dict[Card, int] = {}
        self.thens: dict[Card, int] = {}
        self.LAY: int | None = None
        at = self.plays
        if known.series:
            coloured = [c for c in cards if c.color is not None]
            for card in coloured:
                if known.followers(card):
                    self.starts[card] = at
                    names.append(f"play {card.code} and more")
                    at += 1
            for card in coloured:
                if any(card in known.followers(p) for p in coloured):
                    self.thens[card] = at
                    names.append(f"then {card.code}")
                    at += 1
            self.LAY = at
            names.append("lay them")
            at += 1
        self.DRAW = at
        self.PASS = at + 1
        self.CHALLENGE = at + 2
        self.CALL_UNO = at + 3
        self.CHOOSE_COLOR = at + 4
        self.CATCH = self.CHOOSE_COLOR + len(self.colors)
        self.DECLINE = self.CATCH + players - 1
        self.size = self.DECLINE + 1
        names += ["draw", "pass", "challenge", "uno"]
        names += [f"color {c.value}" for c in self.colors]
        names += [f"catch +{k}" for k in range(1, players)]
        names.append("decline")
        self.names: tuple[str, ...] = tuple(names)
        # Per seat: action -> move (None for DECLINE) and move -> action.
        self._moves: list[tuple[Move | None, ...]] = []
        self._index: list[dict[Move, int]] = []
        for seat in range(players):
            row: list[Move | None] = [
                Play(
                    seat,
                    card,
                    color,
                    None if offset is None else (seat + offset) % players,
                    count,
                    give=() if handed is None or handed[0] is None else (handed[0],),
                    to=None if handed is None else (seat + handed[1]) % players,
                )
                for card, color, offset, count, handed in shapes
            ]
            row += [None] * (at - self.plays)
            row += [Draw(seat), Pass(seat), Challenge(seat), CallUno(seat)]
            row += [ChooseColor(seat, c) for c in self.colors]
            row += [CatchUno(seat, (seat + k) % players) for k in range(1, players)]
            row.append(None)
            self._moves.append(tuple(row))
            self._index.append({m: i for i, m in enumerate(row) if m is not None})

    def move(self, seat: int, action: int) -> Move | None:
        """The move that ``action`` is for the agent at ``seat``; ``None``
        for ``DECLINE`` and for the actions that build a play of several
        different cards (``starts``, ``thens``, ``LAY``).

        Raises:
            IndexError: when ``seat`` or ``action`` is out of range.
        """
        if not 0 <= action < self.size:
            raise IndexError(f"action {action} is out of range: actions are 0..{self.size - 1}")
        return self._moves[seat][action]

    def action(self, move: Move) -> int:
        """The action index of ``move`` for the agent at ``move.player``.

        Raises:
            KeyError: for a move that has no action (a ``Timeout``, a seat
                or card that is not in the table).
        """
        return self._index[move.player][move]

    def actions(self, move: Move) -> tuple[int, ...]:
        """The actions that make ``move`` for the agent at ``move.player``:
        one, or for a play of several different cards (``Play.more``) its
        ``starts`` action, a ``thens`` action per further card, and ``LAY``.

        Raises:
            KeyError: for a move that has no action (as :meth:`action`), or
                a play of several cards the table cannot build (one that
                names a colour or a seat, or lays copies).
        """
        if isinstance(move, Play) and move.more:
            if (
                move.count != 1
                or move.swap_with is not None
                or move.color is not None
                or move.to is not None
                or self.LAY is None
                or not 0 <= move.player < self.players
            ):
                raise KeyError(move)
            return (self.starts[move.card], *(self.thens[c] for c in move.more), self.LAY)
        return (self.action(move),)


def _play_name(card: Card, count: int, color: Color | None, tail: str) -> str:
    """The name of a play's action: ``"play W+4 x2 blue"`` and ``tail``
    (the seat it names, the card it hands over)."""
    times = f" x{count}" if count != 1 else ""
    named = f" {color.value}" if color is not None else ""
    return f"play {card.code}{times}{named}{tail}"


class ObservationLayout:
    """The flat observation vector of one agent (``float32``), as named
    slices in this order. Seats are in relative order: entry ``k`` of a
    per-seat block is the seat ``k`` places clockwise from the observing
    agent (entry 0 is the agent itself), whatever the direction of play. A
    per-card block has one entry per distinct card of the deck, in the order
    of :attr:`ActionTable.cards`.

    | name | length | value |
    |---|---|---|
    | ``hand`` | D | copies of each card in the agent's hand |
    | ``top`` | D | 1 for the top card of the discard pile |
    | ``color`` | C | 1 for the colour in force (red, yellow, green, blue; a deck's own after) |
    | ``drawn`` | D | 1 for the card the agent just drew (the ``DRAWN`` phase) |
    | ``discard`` | D | copies of each card in the discard pile |
    | ``hand_sizes`` | n | cards held by each seat (``info.hand-sizes-public``) |
    | ``current`` | n | 1 for the seat whose turn it is |
    | ``clockwise`` | 1 | 1 when play goes clockwise, else 0 |
    | ``phase`` | 6 | 1 for the phase (choose-color, turn, drawn, owe, replay, round-over) |
    | ``pending`` | 4 | 1 for what the seat in turn owes: cards, a skip, a colour, a colour draw |
    | ``pending_amount`` | 1 | cards owed, or turns to lose |
    | ``challengeable`` | n | 1 for the seat whose Wild Draw Four may be challenged |
    | ``uno_called`` | n | 1 for a seat that called UNO before laying its card |
    | ``uno_missed`` | n | 1 for a seat that missed its call and can be caught |
    | ``uncalled`` | n | 1 for a seat whose missed call is past making good |
    | ``draw_pile`` | 1 | cards in the draw pile |
    | ``scores`` | n | game totals so far (``score.*``) |
    | ``open_hands`` | (n-1)·D | hands face up only (``house.kids``): the others' hands |
    | ``backs`` | (n-1)·S | two-sided cards only: each other hand's other sides (``Card.back``) |
    | ``laying`` | D | a play of several different cards being built: its cards so far |

    ``laying`` is there only where a play may lay several different cards
    (``ActionTable.starts``).

    ``challengeable`` also marks a Wild under ``challenge.also-wild``
    (``challenge.wd4``); ``uno_called`` is the call made before laying the
    second-to-last card this turn, ``uno_missed`` the window to catch a
    missing one (``uno.call``, ``uno.window-closes``), ``uncalled`` a call
    that a late call can no longer make good.

    Everything comes from what the seat may know: :meth:`GameState.view`
    and the public facts of the table (who laid the card that can be
    challenged, who called or missed a call). Whether a Wild Draw Four broke
    its restriction, the other hands and the draw pile's order are never
    read.

    Args:
        table: the action table of the same rule set and player count.
        rules: the rule set.

    Attributes:
        slices: name -> slice of the vector.
        size: the vector's length.
        high: the upper bound of each entry (``inf`` where there is none).
    """

    def __init__(self, table: ActionTable, rules: RuleSet) -> None:
        d, n = len(table.cards), table.players
        self._slot = {card: i for i, card in enumerate(table.cards)}
        self._colors = {color: i for i, color in enumerate(table.colors)}
        self._open = rules.info.shows_hands()
        _, copies = _distinct_cards(rules)
        deck = float(sum(copies.values()))
        most = np.array([copies[c] for c in table.cards], dtype=np.float32)
        blocks: list[tuple[str, npt.NDArray[np.float32]]] = [
            ("hand", most),
            ("top", np.ones(d, np.float32)),
            ("color", np.ones(len(table.colors), np.float32)),
            ("drawn", np.ones(d, np.float32)),
            ("discard", most),
            ("hand_sizes", np.full(n, deck, np.float32)),
            ("current", np.ones(n, np.float32)),
            ("clockwise", np.ones(1, np.float32)),
            ("phase", np.ones(len(_PHASES), np.float32)),
            ("pending", np.ones(len(_PENDING), np.float32)),
            ("pending_amount", np.full(1, np.inf, np.float32)),
            ("challengeable", np.ones(n, np.float32)),
            ("uno_called", np.ones(n, np.float32)),
            ("uno_missed", np.ones(n, np.float32)),
            ("uncalled", np.ones(n, np.float32)),
            ("draw_pile", np.full(1, deck, np.float32)),
            ("scores", np.full(n, np.inf, np.float32)),
        ]
        if self._open:
            blocks.append(("open_hands", np.tile(most, n - 1)))
        # The other side of each two-sided card in the other hands, as the
        # table shows it (PlayerView.backs): per other seat, copies of each side.
        sides = tuple(dict.fromkeys(c.back for c in table.cards if c.back is not None))
        self._side_slot = {side: i for i, side in enumerate(sides)}
        if sides:
            shown: Counter[Card] = Counter()
            for c in table.cards:
                if c.back is not None:
                    shown[c.back] += copies[c]
            backs = np.array([shown[side] for side in sides], dtype=np.float32)
            blocks.append(("backs", np.tile(backs, n - 1)))
        self._laying = table.LAY is not None
        if self._laying:
            blocks.append(("laying", most))
        self.slices: dict[str, slice] = {}
        start = 0
        for name, bound in blocks:
            self.slices[name] = slice(start, start + len(bound))
            start += len(bound)
        self.size = start
        self.high: npt.NDArray[np.float32] = np.concatenate([b for _, b in blocks])
        self._players = n
        at = self.slices
        self._hand, self._top = at["hand"].start, at["top"].start
        self._color, self._drawn = at["color"].start, at["drawn"].start
        self._current, self._phase = at["current"].start, at["phase"].start
        self._clockwise, self._pending = at["clockwise"].start, at["pending"].start
        self._challengeable = at["challengeable"].start
        self._uno_called, self._uno_missed = at["uno_called"].start, at["uno_missed"].start
        self._uncalled = at["uncalled"].start
        # Per observing seat: the absolute seats in relative order.
        self._order = [tuple((s + k) % n for k in range(n)) for s in range(n)]
        self._last_pile: tuple[Card, ...] | None = None
        self._last_counts = np.zeros(d, np.float32)

    def encode(
        self, state: GameState, seat: int, laying: tuple[Card, ...] = ()
    ) -> npt.NDArray[np.float32]:
        """The observation of ``seat`` in ``state``.

        Args:
            state: the position.
            seat: the observing seat.
            laying: the cards ``seat`` has chosen so far for a play of
                several different cards it is building (``laying``).

        Returns:
            A ``float32`` vector of length :attr:`size`.
        """
        view = state.view(seat)
        n = self._players
        slot, at = self._slot, self.slices
        # Every entry that counts cards or is a 1 of a one-hot block, by index.
        ones = [self._hand + slot[card] for card in view.hand]
        ones.append(self._top + slot[view.discard_pile[-1]])
        if view.color is not None:
            ones.append(self._color + self._colors[view.color])
        if view.drawn is not None:
            ones.append(self._drawn + slot[view.drawn])

        def rel(other: int) -> int:
            return (other - seat) % n

        ones.append(self._current + rel(view.current))
        ones.append(self._phase + _PHASES.index(view.phase))
        pending = view.pending
        if pending is not None:
            ones.append(self._pending + _PENDING.index(pending.kind))
        record = state.wd4
        if record is not None and view.phase is not Phase.REPLAY:
            ones.append(self._challengeable + rel(record.player))
        if state.uno_called is not None:
            ones.append(self._uno_called + rel(state.uno_called))
        if state.uno_missed is not None:
            ones.append(self._uno_missed + rel(state.uno_missed))
        ones.extend(self._uncalled + rel(other) for other in state.uncalled)
        if self._open and view.open_hands is not None:
            d, base = len(slot), at["open_hands"].start
            for k in range(1, n):
                ones.extend(base + (k - 1) * d + slot[c] for c in view.open_hands[(seat + k) % n])
        if laying and self._laying:
            base = at["laying"].start
            ones.extend(base + slot[c] for c in laying)
        if self._side_slot and view.backs:
            sides, base = self._side_slot, at["backs"].start
            for k in range(1, n):
                shown = view.backs[(seat + k) % n]
                ones.extend(base + (k - 1) * len(sides) + sides[b] for b in shown)
        out = np.bincount(ones, minlength=self.size).astype(np.float32)
        out[at["discard"]] = self._discard_counts(view.discard_pile)
        order = self._order[seat]
        sizes = view.hand_sizes
        out[at["hand_sizes"]] = [sizes[i] for i in order]
        if view.scores:
            scores = view.scores
            out[at["scores"]] = [scores[i] for i in order]
        out[self._clockwise] = 1 if view.direction == 1 else 0
        if pending is not None:
            out[at["pending_amount"].start] = pending.amount
        out[at["draw_pile"].start] = view.draw_pile_size
        return out

    def _discard_counts(self, pile: tuple[Card, ...]) -> npt.NDArray[np.float32]:
        """Copies of each card in ``pile``; the last answer is kept, as the
        discard pile changes only when a card is laid."""
        if pile is not self._last_pile:
            slot = self._slot
            counts = np.bincount([slot[c] for c in pile], minlength=len(slot))
            self._last_counts = counts.astype(np.float32)
            self._last_pile = pile
        return self._last_counts


def _deck_value(rules: RuleSet) -> int:
    """The points of the whole deck under the rule set's card values."""
    return int(rules.card_values.hand_value(rules.deck.cards()))


class StateLayout:
    """The global state of the table (:meth:`UnoEnv.state`): one flat
    ``float32`` vector with everything, hidden cards included, for
    centralised training (a critic that sees the whole table). Seats are in
    absolute order, seat 0 first (not relative to an agent); a per-card
    block has one entry per distinct card of the deck, in the order of
    :attr:`ActionTable.cards`. The blocks, in this order:

    | name | length | value |
    |---|---|---|
    | ``hands`` | n·D | copies of each card in each seat's hand, seat 0's block first |
    | ``draw_pile`` | D | copies of each card in the draw pile (its order is left out) |
    | ``discard`` | D | copies of each card in the discard pile |
    | ``top`` | D | 1 for the top card of the discard pile |
    | ``color`` | C | 1 for the colour in force (red, yellow, green, blue; a deck's own after) |
    | ``drawn`` | D | 1 for the card the seat in turn just drew (the ``DRAWN`` phase) |
    | ``current`` | n | 1 for the seat whose turn it is |
    | ``selected`` | n | 1 for the agent selected to act; 0s once the episode is over |
    | ``clockwise`` | 1 | 1 when play goes clockwise, else 0 |
    | ``phase`` | 6 | 1 for the phase (choose-color, turn, drawn, owe, replay, round-over) |
    | ``pending`` | 4 | 1 for what the seat in turn owes: cards, a skip, a colour, a colour draw |
    | ``pending_amount`` | 1 | cards owed, or turns to lose |
    | ``challengeable`` | n | 1 for the seat whose Wild Draw Four may be challenged |
    | ``broke_rule`` | 1 | 1 when that card broke its restriction (``challenge.wd4``) |
    | ``uno_called`` | n | 1 for a seat that called UNO before laying its card |
    | ``uno_missed`` | n | 1 for a seat that missed its call and can be caught |
    | ``uncalled`` | n | 1 for a seat whose missed call is past making good |
    | ``scores`` | n | game totals so far (``score.*``) |
    | ``in_game`` | n | 1 for a seat still in the game (0: out under ``score.elimination``) |

    Args:
        table: the action table of the same rule set and player count.
        rules: the rule set.

    Attributes:
        slices: name -> slice of the vector.
        size: the vector's length.
        high: the upper bound of each entry (every lower bound is 0): the
            deck's copies for the card counts, 1 for the one-hot blocks,
            the deck's size for ``pending_amount``, the target plus the
            points of the whole deck for ``scores`` (a game ends in the
            round a seat reaches the target; a position given to
            :meth:`UnoEnv.reset` with totals beyond that lies outside
            :attr:`UnoEnv.state_space`).
    """

    def __init__(self, table: ActionTable, rules: RuleSet) -> None:
        d, n = len(table.cards), table.players
        self._slot = {card: i for i, card in enumerate(table.cards)}
        self._colors = {color: i for i, color in enumerate(table.colors)}
        _, copies = _distinct_cards(rules)
        deck = float(sum(copies.values()))
        most = np.array([copies[c] for c in table.cards], dtype=np.float32)
        one = np.ones(n, np.float32)
        blocks: list[tuple[str, npt.NDArray[np.float32]]] = [
            ("hands", np.tile(most, n)),
            ("draw_pile", most),
            ("discard", most),
            ("top", np.ones(d, np.float32)),
            ("color", np.ones(len(table.colors), np.float32)),
            ("drawn", np.ones(d, np.float32)),
            ("current", one),
            ("selected", one),
            ("clockwise", np.ones(1, np.float32)),
            ("phase", np.ones(len(_PHASES), np.float32)),
            ("pending", np.ones(len(_PENDING), np.float32)),
            ("pending_amount", np.full(1, deck, np.float32)),
            ("challengeable", one),
            ("broke_rule", np.ones(1, np.float32)),
            ("uno_called", one),
            ("uno_missed", one),
            ("uncalled", one),
            ("scores", np.full(n, rules.scoring.target + _deck_value(rules), np.float32)),
            ("in_game", one),
        ]
        self.slices: dict[str, slice] = {}
        start = 0
        for name, bound in blocks:
            self.slices[name] = slice(start, start + len(bound))
            start += len(bound)
        self.size = start
        self.high: npt.NDArray[np.float32] = np.concatenate([b for _, b in blocks])
        self._players = n

    def encode(self, state: GameState, selected: int | None) -> npt.NDArray[np.float32]:
        """The global state of ``state``.

        Args:
            state: the position.
            selected: the seat of the agent selected to act, or ``None``.

        Returns:
            A ``float32`` vector of length :attr:`size`.
        """
        slot, at, d = self._slot, self.slices, len(self._slot)
        ones = [
            at["hands"].start + seat * d + slot[c] for seat, h in enumerate(state.hands) for c in h
        ]
        ones += [at["draw_pile"].start + slot[c] for c in state.draw_pile]
        ones += [at["discard"].start + slot[c] for c in state.discard_pile]
        ones.append(at["top"].start + slot[state.top])
        if state.color is not None:
            ones.append(at["color"].start + self._colors[state.color])
        if state.drawn is not None:
            ones.append(at["drawn"].start + slot[state.drawn])
        if not state.round_over:
            ones.append(at["current"].start + state.current)
        if selected is not None:
            ones.append(at["selected"].start + selected)
        ones.append(at["phase"].start + _PHASES.index(state.phase))
        pending = state.pending
        if pending is not None:
            ones.append(at["pending"].start + _PENDING.index(pending.kind))
        record = state.wd4
        if record is not None and state.phase is not Phase.REPLAY:
            ones.append(at["challengeable"].start + record.player)
            if record.broke_rule:
                ones.append(at["broke_rule"].start)
        if state.uno_called is not None:
            ones.append(at["uno_called"].start + state.uno_called)
        if state.uno_missed is not None:
            ones.append(at["uno_missed"].start + state.uno_missed)
        ones.extend(at["uncalled"].start + seat for seat in state.uncalled)
        scores = state.scores or (0,) * self._players
        in_game = state.rules.scoring.in_play(scores)
        ones.extend(at["in_game"].start + seat for seat, dealt in enumerate(in_game) if dealt)
        out = np.bincount(ones, minlength=self.size).astype(np.float32)
        out[at["scores"]] = scores
        out[at["clockwise"].start] = 1 if state.direction == 1 else 0
        if pending is not None:
            out[at["pending_amount"].start] = pending.amount
        return out


def _points_sign(rules: RuleSet, players: int) -> int:
    """+1 when the highest game total wins under the scoring policy, -1 when
    the lowest does, 0 when the policy keeps no points (``score.single-round``).

    Asked of the policy itself (its ``game_over`` and ``game_winner``): one
    seat on no points and every other seat on distinct totals at or past the
    target (1, 2 and 10 times it, the low seat first seat 0, then the last
    seat, until the policy says the game is over). A policy where the lowest
    total wins names the low seat (``score.penalty-points``,
    ``score.elimination``), one where the highest wins names another seat
    (``score.winner-takes``), and one that keeps no points names no seat,
    as there is no round winner (``score.single-round``). A policy that never
    ends the game on these totals, or that raises, counts more points as
    better (+1)."""
    scoring = rules.scoring
    target = scoring.target
    for scale in (1, 2, 10):
        for low in (0, players - 1):
            probe = tuple(0 if s == low else target * scale + s for s in range(players))
            try:
                if not scoring.game_over(probe, None):
                    continue
                best = scoring.game_winner(probe, None)
            except Exception:  # a policy of the table's own: more points count as better
                return 1
            if best is None:
                return 0
            return -1 if best == low else 1
    return 1


_MADE_BY_RESET = frozenset(
    {
        "agents",
        "rewards",
        "_cumulative_rewards",
        "terminations",
        "truncations",
        "infos",
        "agent_selection",
        "num_agents",
        "game_state",
    }
)
"""The attributes of an episode, which :meth:`UnoEnv.reset` makes (and the
properties that read them: a ``NotResetError`` raised in a property, being
an ``AttributeError``, falls through to ``__getattr__``)."""


class UnoEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped: mypy sees Any
    """UNO as a PettingZoo AEC environment (``raw_env``), for any rule set
    and any number of seats its deck serves (2 to 10 with one deck).

    Agents are ``"player_0"`` .. ``"player_{n-1}"`` (seat order; under
    ``house.shuffle-seats`` the seats of the first round, see Infos). Each
    agent's observation is a dict: ``"observation"``, a ``float32`` vector
    laid out by :class:`ObservationLayout` (:attr:`layout`), and
    ``"action_mask"``, an ``int8`` vector over the actions of
    :class:`ActionTable` (:attr:`actions`), 1 where the action is allowed.
    Only the selected agent (``agent_selection``) has ones in its mask.
    :meth:`state` is the global state (every hand), laid out by
    :class:`StateLayout` (:attr:`state_layout`, :attr:`state_space`).

    **Who acts.** After every move (and at the start of a round) a window
    opens for the moves out of turn. First the seat in turn, when it may
    catch a missed UNO call, is offered its catches alone (and ``DECLINE``),
    so that the seat whose move would close the window is asked before the
    seat that missed its call may call late (``uno.call``,
    ``uno.window-closes``). Then each seat other than the one in turn that
    has a move in :func:`unorules.legal_moves` (an UNO call, a catch, a
    jump-in under ``house.jump-in``, a challenge under
    ``challenge.anyone``) is selected in turn, starting with the seat after
    the one in turn in the direction of play; its mask holds exactly its
    moves of ``legal_moves`` plus ``DECLINE``. A seat that makes a move ends
    the window: the move is applied and a new window opens on the new state.
    When every seat of the window has declined, the seat in turn is
    selected; its mask holds exactly its moves of ``legal_moves`` (its turn
    moves and its own UNO call or catches), without ``DECLINE``. With
    ``windows=False`` no window opens: only the seat in turn is ever
    selected, and the other seats' moves out of turn are let pass (as in
    RLCard's UNO, which has none).

    **Episodes.** ``episode="round"`` (default): an episode is one round
    (``new_game``, then play to ``round_over``). ``episode="game"``: rounds
    follow one another (:func:`unorules.next_round`) until the game is over
    (``score.target``; one round under ``score.single-round``).
    ``max_steps`` truncates an episode after that many steps (declines
    included). Every agent's episode ends at the same step: ``terminations``
    (or ``truncations``) turn ``True`` for all, each then steps ``None`` once
    and leaves ``agents``, as PettingZoo's convention for finished agents is.

    **Seats out of the game** (``score.elimination``: a seat whose total
    reaches the target is dealt no more cards) stay in ``agents`` until the
    game's episode ends, with every other agent; they are never selected
    (they hold no cards and have no move), their masks are all zeros, their
    observations go on (an empty hand, the table as it goes on), their
    ``"points"`` rewards are 0 (no hand, nothing to note), a ``"win"``
    reward pays them -1/(n-1) when the game ends, and ``infos[agent]["in_game"]``
    is ``False``.

    **Rewards**, paid to every agent at the step where a round ends:

    * ``reward="points"`` (default): the change of the seat's game total in
      the round under the scoring policy (``score_round``), divided by the
      target (``score.target``), with the sign that makes more reward better
      under the policy: as it is where the highest total wins
      (``score.winner-takes``), negated where the lowest total wins
      (``score.penalty-points``, ``score.elimination``). Which way a policy
      goes is asked of its own ``game_over`` and ``game_winner``. So a
      round's winner gets at least as much as any other seat, and over a
      game episode a seat's rewards add up to its final total divided by
      the target (negated where the lowest wins): the game's winner has the
      largest sum (at least 1 where the highest total wins, since it reached
      the target; every reward is 0 or less where the lowest wins). A policy
      that keeps no points (``score.single-round``) pays the ``"win"``
      reward instead.
    * ``reward="win"``: +1 to the winner of the episode (the round's winner;
      in ``"game"`` episodes the game's winner as the scoring policy names
      it, the lowest total where the lowest wins, paid when the game ends),
      -1/(n-1) to every other seat, 0 to all when nobody wins.

    **Infos** always describe the position as it is now, from :meth:`reset`
    on: ``infos[agent]`` is ``{"round": k, "score": total, "in_game": bool,
    "last_round": ...}``: the round being played (or just finished, once
    the episode is over), the seat's game total, whether it is still in the
    game (``score.elimination``), and the last round of the episode that
    ended, ``None`` until one has, else ``{"round": k, "points": p,
    "winner": w}`` (its number, the raw points the seat gained in it, its
    winner or ``None``). ``"game_winner"`` (a seat or ``None`` on a tie) is
    added once the game is over. Agent ``player_i`` is player i: its seat
    unless the players draw new seats each round (``house.shuffle-seats``),
    when the agent follows its player to its new seat and its total goes
    with it; ``winner`` and ``game_winner`` then name players (the ``i`` of
    ``player_i``), which are the seats of the game's first round. A new
    round of a game episode brings new infos: the round number, the totals
    and who is in the game are those of the round dealt.

    **Bad input.** Wrong arguments raise :class:`EnvError` (a
    ``ValueError``) naming the argument, the value and what is allowed.
    :meth:`step` raises :class:`EnvError` for an action that is not an
    integer in range (a NumPy integer or an array of one element is taken
    as its value) or that the mask forbids; an action other than ``None``
    by an agent whose episode is over raises PettingZoo's own
    ``ValueError`` ("when an agent is dead, the only valid action is
    None"), its convention for dead agents. Anything of an episode used before :meth:`reset` raises
    :class:`NotResetError`. The wrapped environment of :func:`env` follows
    PettingZoo's classic games instead: ``AssertOutOfBoundsWrapper`` asserts
    the range, ``TerminateIllegalWrapper`` ends the episode with a reward of
    -1 for an action the mask forbids, and ``OrderEnforcingWrapper``
    refuses a step before ``reset``.

    Args:
        rules: a :class:`~unorules.rules.ruleset.RuleSet` or a preset string
            for :func:`unorules.rules.presets.get` (``"official"``,
            ``"svenska+house.stack-draw-two"``).
        players: the number of seats, an ``int`` within the deck's range
            (``players.range``: 2 to 10 with one deck).
        episode: ``"round"`` or ``"game"``.
        reward: ``"points"`` or ``"win"``.
        max_steps: steps before an episode is truncated, an ``int`` of at
            least 1; ``None``: never.
        windows: whether seats are offered their moves out of turn (a ``bool``).
        render_mode: ``None``, ``"human"`` (print) or ``"ansi"`` (return text).

    Attributes:
        rules: the rule set in force.
        actions: the :class:`ActionTable` (``actions.size`` actions).
        layout: the :class:`ObservationLayout` (``layout.size`` entries).
        state_layout: the :class:`StateLayout` of :meth:`state`.
        state_space: the ``Box`` that :meth:`state` lies in (lower bounds 0,
            upper bounds :attr:`StateLayout.high`).
        episode: ``"round"`` or ``"game"``, as given.
        reward: ``"points"`` or ``"win"``, as given.
        max_steps: as given.
        windows: as given.
        render_mode: as given.
        possible_agents: ``["player_0", ..., "player_{n-1}"]``.

    Raises:
        EnvError: for a ``rules`` that is neither a rule set nor a string, a
            ``players`` that is not an ``int`` or is outside the deck's range
            (``players.range``), an unknown ``episode``, ``reward`` or
            ``render_mode``, a ``max_steps`` that is not ``None`` or an
            ``int`` of at least 1, a ``windows`` that is not a ``bool``.
        RuleSetError: for a preset string that names no rule set (the
            message starts with ``rules=...`` and lists the presets).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": ["human", "ansi"],
        "name": "unorules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: RuleSet | str = "official",
        players: int = 2,
        *,
        episode: Episode = "round",
        reward: RewardKind = "points",
        max_steps: int | None = None,
        windows: bool = True,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules: RuleSet = _rule_set(rules)
        deck = self.rules.deck
        if not _is_int(players):
            raise EnvError(
                f"players must be an int, the number of seats ({deck.min_players} to "
                f"{deck.max_players} with the deck of {self.rules.name!r}, players.range), "
                f"not {_shown(players)}"
            )
        players = int(players)
        if not deck.min_players <= players <= deck.max_players:
            raise EnvError(
                f"players={players}: the deck of {self.rules.name!r} serves "
                f"{deck.min_players} to {deck.max_players} players (players.range)"
            )
        if not isinstance(episode, str) or episode not in ("round", "game"):
            raise EnvError(f"episode must be 'round' or 'game', not {_shown(episode)}")
        if not isinstance(reward, str) or reward not in ("points", "win"):
            raise EnvError(f"reward must be 'points' or 'win', not {_shown(reward)}")
        if render_mode is not None and (
            not isinstance(render_mode, str) or render_mode not in self.metadata["render_modes"]
        ):
            raise EnvError(
                f"render_mode must be None, 'human' or 'ansi', not {_shown(render_mode)}"
            )
        if max_steps is not None and (not _is_int(max_steps) or max_steps < 1):
            raise EnvError(
                f"max_steps must be None or an int of at least 1, not {_shown(max_steps)}"
            )
        if not isinstance(windows, bool | np.bool_):
            raise EnvError(f"windows must be True or False, not {_shown(windows)}")
        self.actions = ActionTable(self.rules, players)
        self.layout = ObservationLayout(self.actions, self.rules)
        self.state_layout = StateLayout(self.actions, self.rules)
        self.state_space = spaces.Box(
            low=0.0, high=self.state_layout.high, shape=(self.state_layout.size,), dtype=np.float32
        )
        self.episode: Episode = episode
        self.reward: RewardKind = reward
        self.max_steps = None if max_steps is None else int(max_steps)
        self.windows = bool(windows)
        self.render_mode = render_mode
        self._sign = _points_sign(self.rules, players)
        self.possible_agents: list[str] = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._agent_at = self.possible_agents[:]
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=self.layout.high, shape=(self.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions.size,), dtype=np.int8),
            }
        )
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._rng: np.random.Generator | None = None
        self._state: GameState | None = None
        self._last_round: dict[str, dict[str, Any]] | None = None
        # A play of several different cards being built: its cards so far;
        # the plays of that kind listed per seat; a bot's actions still to make.
        self._laying: list[Card] = []
        self._series: dict[int, list[Play]] = {}
        self._plan: list[int] = []

    if not TYPE_CHECKING:  # mypy goes on checking the names of attributes

        def __getattr__(self, name: str) -> Any:
            """An attribute of an episode before :meth:`reset`: a clear error."""
            if name in _MADE_BY_RESET:
                raise NotResetError(
                    f"{name} is made by reset(): call reset() first "
                    f"(the environment has dealt no game yet)"
                )
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _require_reset(self, what: str) -> GameState:
        """The position, or :class:`NotResetError` naming ``what`` was asked."""
        if self._state is None:
            raise NotResetError(
                f"{what} before reset(): call reset() first (the environment has dealt no game yet)"
            )
        return self._state

    # --- spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call).

        Raises:
            EnvError: for a name that is not one of :attr:`possible_agents`.
        """
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(actions.size)``.

        Raises:
            EnvError: for a name that is not one of :attr:`possible_agents`.
        """
        return self._action_spaces[self._agent(agent)]

    def _over(self, agent: str) -> bool:
        """Whether the episode of ``agent`` is over (it may have left ``agents``)."""
        return agent not in self.terminations or self.terminations[agent] or self.truncations[agent]

    def _agent(self, agent: object) -> str:
        """``agent`` if it names a seat of the table, else :class:`EnvError`."""
        if not isinstance(agent, str) or agent not in self._seat:
            raise EnvError(
                f"agent must be one of {', '.join(self.possible_agents)}, not {_shown(agent)}"
            )
        return agent

    @property
    def game_state(self) -> GameState:
        """The position (the whole state, every hand included: for tests and
        hosts, not for agents).

        Raises:
            NotResetError: before :meth:`reset`.
        """
        return self._require_reset("game_state")

    # --- the AEC interface ----------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (:func:`unorules.new_game`). With ``seed`` the deal
        is that of ``new_game(rules, players, seed=seed)`` and later resets
        without a seed draw their seeds from it; without any seed they are
        drawn at random. ``options={"state": state}`` starts the episode from
        a position of your own instead (from :func:`unorules.situation`, say).

        Args:
            seed: ``None`` or an ``int`` of at least 0.
            options: ``None`` or a dict; its key ``"state"`` is a
                :class:`~unorules.state.GameState` to start from (or
                ``None``: a deal), checked before anything of the episode
                running is changed. Other keys are ignored with a
                ``UserWarning`` that names them (PettingZoo's ``api_test``
                passes one of its own).

        Raises:
            EnvError: for a ``seed`` that is not ``None`` or an ``int`` of at
                least 0, an ``options`` that is not ``None`` or a dict, a
                ``state`` that is no
                :class:`~unorules.state.GameState`, that
                :func:`~unorules.validate_state` refuses (the message names
                ``options['state']`` and gives the validator's, which starts
                with the field; the validator's
                :class:`~unorules.errors.StateError` is the ``__cause__``),
                whose rule set or number of seats is not the environment's,
                or whose round is over. The episode running before, if any,
                is left as it was: it can still be stepped.
        """
        if seed is not None and (not _is_int(seed) or seed < 0):
            raise EnvError(f"seed must be None or an int of at least 0, not {_shown(seed)}")
        if options is not None and not isinstance(options, Mapping):
            raise EnvError(
                f"options must be None or a dict such as {{'state': state}}, not {_shown(options)}"
            )
        unknown = sorted(map(repr, set(options or {}) - {"state"}))
        if unknown:
            # Ignored, not refused: PettingZoo's api_test resets with options={"options": 1}.
            warnings.warn(
                f"reset(options=...): this environment does not read {', '.join(unknown)} "
                "(it reads only 'state', a GameState to start from); ignored",
                UserWarning,
                stacklevel=2,
            )
        given = (options or {}).get("state")
        if given is not None:
            if not isinstance(given, GameState):
                raise EnvError(f"options['state'] must be a GameState, not {_shown(given)}")
            try:
                validate_state(given)
            except StateError as error:
                raise EnvError(
                    f"options['state'] is no position that can exist: {error}"
                ) from error
            if given.rules != self.rules or given.players != self.actions.players:
                raise EnvError(
                    f"options['state'] is a round of {given.players} seats under "
                    f"{given.rules.name!r}; this environment plays {self.actions.players} "
                    f"under {self.rules.name!r}"
                )
            if given.round_over:
                raise EnvError("options['state'] is a round that is over")
        kept = dict(self.__dict__)
        kept_rng = None if self._rng is None else self._rng.bit_generator.state
        try:
            self._start(seed, given)
        except BaseException:
            # Whatever failed, the episode running before stays as it was.
            self.__dict__.clear()
            self.__dict__.update(kept)
            if self._rng is not None and kept_rng is not None:
                self._rng.bit_generator.state = kept_rng
            raise

    def _start(self, seed: int | None, given: GameState | None) -> None:
        """Start the episode :meth:`reset` checked the arguments of."""
        if seed is not None:
            self._rng = np.random.default_rng(int(seed))
            game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            game_seed = int(self._rng.integers(2**31 - 1))
        if given is not None:
            self._state = given
        else:
            self._state = new_game(self.rules, players=self.actions.players, seed=game_seed)
        self._round_scores = self._state.scores
        self._seat_players()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._last_round = None
        self._set_infos()
        self._steps = 0
        self._skip_agent_selection = None
        self._laying = []
        self._plan = []
        self._open_window()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": ..., "action_mask": ...}`` of ``agent``; its mask
        is all zeros unless it is the selected agent. An agent whose episode
        is over (or that has left ``agents``) still observes the final
        position, with a mask of zeros.

        Raises:
            NotResetError: before :meth:`reset`.
            EnvError: for a name that is not one of :attr:`possible_agents`.
        """
        state = self._require_reset("observe()")
        seat = self._seat[self._agent(agent)]
        mask = self._mask.copy() if agent == self.agent_selection else self._no_mask()
        laying = tuple(self._laying) if agent == self.agent_selection else ()
        return {"observation": self.layout.encode(state, seat, laying), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the selected agent's observation (``None``
        with ``observe=False``), its reward since it last acted, whether its
        episode ended or was cut short, and its infos.

        Raises:
            NotResetError: before :meth:`reset`.
            EnvError: once every agent has left the finished episode
                (``agents`` is empty: call :meth:`reset`), as :meth:`step`.
        """
        self._require_reset("last()")
        if not self.agents:
            raise EnvError(
                "the episode is over and every agent has left it: last() has no agent "
                "to report on; call reset() for a new one"
            )
        result: tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]
        result = super().last(observe)
        return result

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """PettingZoo's ``agent_iter``: the selected agent, until ``agents``
        is empty or ``max_iter`` agents have been yielded.

        Raises:
            NotResetError: before :meth:`reset`.
        """
        self._require_reset("agent_iter()")
        return super().agent_iter(max_iter)

    def state(self) -> npt.NDArray[np.float32]:
        """The global state: every hand, the draw pile's cards, the discard
        pile, the turn, the phase, the agent selected, the UNO and challenge
        facts, the totals and who is in the game, laid out by
        :class:`StateLayout` (:attr:`state_layout`), in seat order from seat
        0; within :attr:`state_space`. It holds what no agent may see (the
        other hands, whether a Wild Draw Four broke its restriction): it is
        for centralised training, a critic, not a policy's input.

        Raises:
            NotResetError: before :meth:`reset`.
        """
        state = self._require_reset("state()")
        agent = self.agent_selection
        selected = None if self._over(agent) else self._seat[agent]
        return self.state_layout.encode(state, selected)

    def step(self, action: int | None) -> None:
        """Make the selected agent's ``action`` (an index of
        :attr:`actions`; ``None`` for an agent whose episode is over).

        Raises:
            NotResetError: before :meth:`reset`.
            EnvError: for an action that is not an integer in range or that
                the mask forbids, and for any step once every agent has
                left the finished episode (call :meth:`reset`).
            ValueError: for an action other than ``None`` from an agent
                whose episode is over (PettingZoo's message: "when an agent
                is dead, the only valid action is None").
        """
        self._require_reset("step()")
        agent = self.agent_selection
        if not self.agents:
            raise EnvError(
                "the episode is over and every agent has left it: call reset() for a new one"
            )
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self._checked(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._steps += 1
        seat = self._seat[agent]
        if self._plan:
            self._plan = self._plan[1:] if self._plan[0] == index else []
        table = self.actions
        if index == table.DECLINE:
            self._window.pop(0)
            self._select()
        elif table.LAY is not None and table.plays <= index <= table.LAY:
            self._build(seat, index)
        else:
            self._state = apply(self.game_state, self._by_seat[seat][index])
            if self._state.round_over:
                self._end_round()
            else:
                self._open_window()
        if (
            self.max_steps is not None
            and self._steps >= self.max_steps
            and not any(self.terminations.values())
        ):
            self.truncations = dict.fromkeys(self.agents, True)
            self._mask = self._no_mask()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- moves, actions and bots ----------------------------------------------------

    def _build(self, seat: int, index: int) -> None:
        """An action that builds a play of several different cards: begin
        it, add a card, or lay the cards chosen (:class:`ActionTable`)."""
        table = self.actions
        if index == table.LAY:
            first, *rest = self._laying
            self._state = apply(self.game_state, Play(seat, first, more=tuple(rest)))
            self._laying = []
            if self._state.round_over:
                self._end_round()
            else:
                self._open_window()
            return
        card = next(c for c, i in (*table.starts.items(), *table.thens.items()) if i == index)
        if index in table.starts.values() and not self._laying:
            self._laying = [card]
        else:
            self._laying.append(card)
        self._select()

    def _building_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """The mask while a play of several cards is being built: each card
        of the hand that may come next (the play so far with it is lawful),
        and ``LAY`` once two cards or more are chosen."""
        mask = self._no_mask()
        state = self.game_state
        chosen = self._laying
        left = Counter(state.hands[seat])
        left.subtract(chosen)
        first, rest = chosen[0], tuple(chosen[1:])
        for card, index in self.actions.thens.items():
            if left[card] > 0 and check(state, Play(seat, first, more=(*rest, card))).legal:
                mask[index] = 1
        if len(chosen) > 1 and self.actions.LAY is not None:
            mask[self.actions.LAY] = 1
        return mask

    def _well_formed(self, move: object) -> None:
        """Raise :class:`EnvError` unless ``move`` is a move whose fields
        have their types, made by a seat of the table."""
        if not isinstance(move, Move):
            raise EnvError(f"move must be a Move (unorules.moves), not {_shown(move)}")
        fault = _field_fault(move)
        if fault is not None:
            raise EnvError(f"{move!r} has no action: {fault}")
        if not 0 <= move.player < self.actions.players:
            raise EnvError(
                f"{move!r} is made by seat {move.player}; the table has seats "
                f"0 to {self.actions.players - 1}"
            )

    def actions_of(self, move: Move) -> tuple[int, ...]:
        """The actions that make ``move`` for the agent at its seat, in
        order: one, or for a play of several different cards (``Play.more``)
        the action that begins it, one per further card and ``LAY``
        (:meth:`ActionTable.actions`).

        Raises:
            EnvError: as :meth:`action_of`.
        """
        if isinstance(move, Play) and move.more:
            self._well_formed(move)
            try:
                return self.actions.actions(move)
            except KeyError:
                raise EnvError(
                    f"{move!r} has no actions under {self.rules.name!r} with "
                    f"{self.actions.players} seats (see ActionTable)"
                ) from None
        return (self.action_of(move),)

    def action_of(self, move: Move) -> int:
        """The action index of ``move`` for the agent at its seat
        (``move.player``): the index to :meth:`step` with when that agent is
        selected and the mask allows it (:meth:`ActionTable.action`).

        Raises:
            EnvError: for something that is not a :class:`~unorules.moves.Move`,
                a move with a field of the wrong type (a seat, target,
                ``swap_with`` or ``count`` that is no int, a bool or float
                included; a card that is no :class:`~unorules.cards.Card`, a
                colour that is no :class:`~unorules.cards.Color`: the message
                names the move and the field), a seat outside the table, or
                a move that has no action (a ``Timeout``, a card the deck
                does not hold, a colour on a coloured card, a swap target the
                play cannot name).
        """
        self._well_formed(move)
        if isinstance(move, Play) and move.more:
            raise EnvError(
                f"{move!r} lays several different cards: it takes several actions, "
                "given by actions_of()"
            )
        try:
            return self.actions.action(move)
        except KeyError:
            raise EnvError(
                f"{move!r} has no action under {self.rules.name!r} with "
                f"{self.actions.players} seats (see ActionTable)"
            ) from None

    def move_of(self, action: int, agent: str | None = None) -> Move | None:
        """The move that ``action`` stands for when ``agent`` (the selected
        agent by default) makes it; ``None`` for ``DECLINE``
        (:meth:`ActionTable.move`). The mask is not consulted.

        Raises:
            NotResetError: without ``agent``, before :meth:`reset`.
            EnvError: for an ``action`` that is not an integer index in
                range, or an ``agent`` that is not one of
                :attr:`possible_agents`.
        """
        if agent is None:
            self._require_reset("move_of() without an agent")
            agent = self.agent_selection
        seat = self._seat[self._agent(agent)]
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.reshape(()).item()
        if not _is_int(action) or not 0 <= action < self.actions.size:
            raise EnvError(
                f"action must be an int from 0 to {self.actions.size - 1}, not {_shown(action)}"
            )
        return self.actions.move(seat, int(action))

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the selected agent's mask allows now, in action order
        (``DECLINE`` left out: it is no move).

        Raises:
            NotResetError: before :meth:`reset`.
        """
        self._require_reset("legal_moves()")
        seat = self._seat[self.agent_selection]
        if self._laying:
            # The plays the mask leads to next: the cards so far (when they
            # may be laid), and each with one more card the mask allows.
            first, rest = self._laying[0], tuple(self._laying[1:])
            lay = self.actions.LAY
            built = [Play(seat, first, more=rest)] if lay is not None and self._mask[lay] else []
            built += [
                Play(seat, first, more=(*rest, card))
                for card, i in self.actions.thens.items()
                if self._mask[i]
            ]
            return tuple(built)
        found = (self.actions.move(seat, int(i)) for i in np.flatnonzero(self._mask))
        moves = tuple(m for m in found if m is not None)
        starts = set(self.actions.starts.values())
        if any(self._mask[i] for i in starts):
            moves += tuple(self._series.get(seat, ()))
        return moves

    def bot_action(self, bot: Bot) -> int:
        """The action that ``bot`` (a :class:`~unorules.play.bots.Bot`, such
        as :class:`~unorules.play.bots.HeuristicBot`) takes for the selected
        agent, asked as :func:`~unorules.play.bots.play_round` asks it: in an
        out-of-turn window (the mask allows ``DECLINE``) its ``react`` on the
        agent's moves there, ``DECLINE`` when it lets the moment pass; on the
        seat's turn, its ``react`` on the seat's own UNO call and catches if
        it has any, then, if it makes none, its ``choose`` on the turn moves.
        The bot is given the whole position (:attr:`game_state`); a fair bot
        reads only its seat's view. An :class:`~unorules.play.bots.Observer`
        bot is not shown the moves made (nothing calls its ``observe``).

        Returns:
            An action the mask allows, to :meth:`step` with.

        Raises:
            NotResetError: before :meth:`reset`.
            EnvError: when the selected agent's episode is over (step
                ``None`` for it).
            BotError: when the bot raises (the bot's exception is the
                ``__cause__``), answers with a move it was not offered, or
                with a move with a field of the wrong type (``Draw(True)``
                or ``Draw(1.0)`` for ``Draw(1)``: the message names the
                field).
        """
        state = self._require_reset("bot_action()")
        agent = self.agent_selection
        if self._over(agent):
            raise EnvError(f"the episode of {agent} is over: step(None) for it, not a bot's action")
        seat = self._seat[agent]
        if self._laying:
            # Building a play of several cards: the bot's plan, else lay them
            # as soon as that is allowed.
            if self._plan and self._mask[self._plan[0]]:
                return self._plan[0]
            lay = self.actions.LAY
            if lay is not None and self._mask[lay]:
                return lay
            return int(np.flatnonzero(self._mask)[0])
        offered = self.legal_moves()
        name = str(getattr(bot, "name", "") or type(bot).__name__)

        def ask(method: str, moves: tuple[Move, ...]) -> Move | None:
            try:
                answer: Move | None = getattr(bot, method)(state, seat, moves)
            except Exception as error:
                raise BotError(
                    f"{name} bot at seat {seat} raised {type(error).__name__} in "
                    f"{method}(): {error}",
                    name,
                    seat,
                ) from error
            fault = None if not isinstance(answer, Move) else _field_fault(answer)
            if fault is not None:
                raise BotError(
                    f"{name} bot at seat {seat} answered {answer!r} from {method}(): {fault}",
                    name,
                    seat,
                )
            if answer is not None and answer not in moves:
                raise BotError(
                    f"{name} bot at seat {seat} answered {answer!r} from {method}(): "
                    f"not one of the moves it was offered {moves!r}",
                    name,
                    seat,
                )
            if answer is None and method == "choose":
                raise BotError(
                    f"{name} bot at seat {seat} chose None: choose() must pick one of {moves!r}",
                    name,
                    seat,
                )
            return answer

        if self._mask[self.actions.DECLINE]:
            reaction = ask("react", offered)
            return self.actions.DECLINE if reaction is None else self.actions.action(reaction)
        aside = tuple(m for m in offered if is_out_of_turn(state, m))
        if aside:
            reaction = ask("react", aside)
            if reaction is not None:
                return self.actions.action(reaction)
        turn = tuple(m for m in offered if not is_out_of_turn(state, m))
        move = ask("choose", turn)
        assert move is not None  # ask() refuses None from choose()
        if isinstance(move, Play) and move.more:
            self._plan = list(self.actions.actions(move))
            return self._plan[0]
        return self.actions.action(move)

    # --- rendering ------------------------------------------------------------------

    def render(self) -> str | None:
        """A short text of the table: the rules, the top card and colour,
        each seat's hand size and score (the seat in turn marked ``>``), what
        is pending, and the selected agent's own hand. Printed under
        ``"human"``, returned under ``"ansi"``; ``None`` without a render
        mode.

        Raises:
            NotResetError: before :meth:`reset`.
        """
        self._require_reset("render()")
        if self.render_mode is None:
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self) -> str:
        """The text :meth:`render` shows.

        Raises:
            NotResetError: before :meth:`reset`.
        """
        s = self._require_reset("table_text()")
        color = s.color.value if s.color is not None else "?"
        way = "clockwise" if s.direction == 1 else "counter-clockwise"
        lines = [
            f"{self.rules.name}, round {s.round_number}, move {s.turns}: top {s.top.code} "
            f"({color}), {way}, draw pile {len(s.draw_pile)}"
        ]
        for seat, hand in enumerate(s.hands):
            mark = ">" if seat == s.current else " "
            notes = []
            if seat == s.uno_missed:
                notes.append("missed UNO")
            if s.wd4 is not None and seat == s.wd4.player and s.phase is not Phase.REPLAY:
                notes.append("can be challenged")
            if seat in s.knocked_out:
                notes.append("out of the round")
            extra = f"  ({', '.join(notes)})" if notes else ""
            score = s.scores[seat] if s.scores else 0
            plural = "s" if len(hand) != 1 else " "
            lines.append(
                f"{mark} {self._agent_at[seat]}: {len(hand):2d} card{plural}  score {score}{extra}"
            )
        phase = s.phase.value
        pending = s.pending
        if pending is not None:
            owed = f" {pending.amount}" if pending.kind is not PendingKind.COLOR else ""
            phase += f", pending {pending.kind.value}{owed}"
        seat = self._seat.get(self.agent_selection, s.current) if self.agents else s.current
        held = " ".join(c.code for c in s.hands[seat]) or "-"
        lines.append(f"phase {phase}; {self._agent_at[seat]} to act, holding {held}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""

    # --- the windows ----------------------------------------------------------------

    def _open_window(self) -> None:
        """After a move: group the legal moves by seat (as actions) and queue
        the seats that may act out of turn, in the direction of play from the
        seat after the one in turn."""
        state = self.game_state
        # The very move objects legal_moves listed, which apply trusts unchecked.
        by_seat: dict[int, dict[int, Move]] = {}
        series: dict[int, list[Play]] = {}
        index = self.actions._index
        starts = self.actions.starts
        for move in legal_moves(state):
            if isinstance(move, Play) and move.more:
                # A play of several cards: begun by the action of its first card.
                series.setdefault(move.player, []).append(move)
                by_seat.setdefault(move.player, {}).setdefault(starts[move.card], move)
                continue
            by_seat.setdefault(move.player, {})[index[move.player][move]] = move
        self._by_seat = by_seat
        self._series = series
        n, current, step = self.actions.players, state.current, state.direction
        # The seat in turn is asked first for its catches (as play_round asks
        # the seat in turn first), so that a late UNO call does not always
        # come before the catch of the seat whose move would close the window.
        catches = [a for a, m in by_seat.get(current, {}).items() if isinstance(m, CatchUno)]
        self._catches = catches
        first = [current] if self.windows and catches else []
        self._window = first + [
            seat
            for seat in ((current + step * k) % n for k in range(1, n if self.windows else 1))
            if seat in by_seat
        ]
        self._select()

    def _select(self) -> None:
        """Select the first seat of the window, else the seat in turn, and
        work out its mask."""
        window = bool(self._window)
        seat = self._window[0] if window else self.game_state.current
        self.agent_selection = self._agent_at[seat]
        if self._laying:
            self._mask = self._building_mask(seat)
            return
        mask = self._no_mask()
        if window and seat == self.game_state.current:
            mask[self._catches] = 1  # its catches alone, before its turn
        else:
            mask[list(self._by_seat.get(seat, ()))] = 1
        if window:
            mask[self.actions.DECLINE] = 1
        self._mask = mask

    def _no_mask(self) -> npt.NDArray[np.int8]:
        return np.zeros(self.actions.size, np.int8)

    def _checked(self, action: object) -> int:
        """``action`` as an index the mask allows, else :class:`EnvError`."""
        if isinstance(action, np.ndarray) and action.size == 1:
            action = action.reshape(()).item()
        if isinstance(action, np.integer):
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int):
            raise EnvError(f"an action is an integer index, not {_shown(action)}")
        if not 0 <= action < self.actions.size:
            raise EnvError(
                f"action {action} is out of range: actions are 0..{self.actions.size - 1}"
            )
        if not self._mask[action]:
            allowed = [self.actions.names[i] for i in np.flatnonzero(self._mask)]
            raise EnvError(
                f"action {action} ({self.actions.names[action]}) is not allowed for "
                f"{self.agent_selection} now; allowed: {', '.join(allowed)}"
            )
        return action

    def _end_round(self) -> None:
        """Pay the round's rewards; deal the next round of a game, or end the
        episode."""
        state = self.game_state
        n = self.actions.players
        before = self._round_scores or (0,) * n
        after = state.scores or (0,) * n
        gained = [a - b for a, b in zip(after, before, strict=True)]
        done = self.episode == "round" or state.game_over
        winner: int | None = None
        pays_win = self.reward == "win" or self._sign == 0
        if pays_win and self.episode == "round":
            winner = state.winner
        elif pays_win and done:
            winner = state.game_winner
        for agent in self.possible_agents:
            seat = self._seat[agent]
            if pays_win:
                if (self.episode == "round" or done) and winner is not None:
                    value = 1.0 if seat == winner else -1.0 / (n - 1)
                else:
                    value = 0.0
            else:
                value = self._sign * gained[seat] / self.rules.scoring.target
            self.rewards[agent] = value
        self._last_round = {
            agent: {
                "round": state.round_number,
                "points": gained[self._seat[agent]],
                "winner": self._player(state, state.winner),
            }
            for agent in self.possible_agents
        }
        if done:
            self.terminations = dict.fromkeys(self.agents, True)
            self._mask = self._no_mask()
            self._set_infos()
            return
        self._state = next_round(state)
        self._round_scores = self._state.scores
        self._seat_players()
        self._set_infos()
        self._open_window()

    def _seat_players(self) -> None:
        """Each agent to the seat its player holds in the round dealt:
        ``player_i`` is player i (:attr:`GameState.seating`; its own seat
        unless ``house.shuffle-seats`` drew new ones)."""
        seating = self.game_state.seating
        self._agent_at = [self.possible_agents[p] for p in seating]
        self._seat = {agent: seat for seat, agent in enumerate(self._agent_at)}

    @staticmethod
    def _player(state: GameState, seat: int | None) -> int | None:
        """The player at ``seat`` (``None`` stays ``None``)."""
        return None if seat is None else state.seating[seat]

    def _set_infos(self) -> None:
        """Infos of the position as it is now (after a reset, or a round's end
        and the next round's deal), for every agent still in ``agents``."""
        state = self.game_state
        n = self.actions.players
        scores = state.scores or (0,) * n
        in_game = self.rules.scoring.in_play(scores)
        last = self._last_round
        infos: dict[str, dict[str, Any]] = {}
        for agent in self.agents:
            seat = self._seat[agent]
            info: dict[str, Any] = {
                "round": state.round_number,
                "score": scores[seat],
                "in_game": bool(in_game[seat]),
                "last_round": None if last is None else dict(last[agent]),
            }
            if state.round_over and state.game_over:
                info["game_winner"] = self._player(state, state.game_winner)
            infos[agent] = info
        self.infos = infos


raw_env = UnoEnv
"""The unwrapped environment, as PettingZoo's environments name it."""


def env(*args: Any, **kwargs: Any) -> Any:
    """:class:`UnoEnv` wrapped as PettingZoo's classic games are:
    ``TerminateIllegalWrapper`` (an action the mask forbids ends the episode
    with a reward of -1 for its agent), ``AssertOutOfBoundsWrapper`` (an
    action outside the space fails an assertion) and
    ``OrderEnforcingWrapper`` (no step or observation before ``reset``).

    Args:
        args, kwargs: the arguments of :class:`UnoEnv`, the rules first
            (``env("official", players=4)``).

    Returns:
        The wrapped environment (a PettingZoo ``AECEnv``).

    Raises:
        ValueError: as :class:`UnoEnv`.
    """
    wrapped = UnoEnv(*args, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
