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

from collections import Counter
from typing import Any, Literal

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

from unorules.cards import COLORS, Card
from unorules.dealing import new_game, next_round
from unorules.engine import apply, legal_moves
from unorules.engine.plan import plan
from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from unorules.rules import presets
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, PendingKind, Phase

__all__ = ["ActionTable", "ObservationLayout", "UnoEnv", "env", "raw_env"]

Episode = Literal["round", "game"]
RewardKind = Literal["points", "win"]

_PHASES: tuple[Phase, ...] = tuple(Phase)
_PENDING: tuple[PendingKind, ...] = (PendingKind.DRAW, PendingKind.SKIP, PendingKind.COLOR)


def _distinct_cards(rules: RuleSet) -> tuple[tuple[Card, ...], Counter[Card]]:
    """The distinct cards of the rule set's deck in deck order, and how many
    copies of each the deck holds."""
    deck = rules.deck.cards()
    return tuple(dict.fromkeys(deck)), Counter(deck)


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
       none for a coloured one), for each swap target (offsets 1..n-1, then
       none, for the cards whose play names a seat: a 7 under
       ``house.seven-zero``, a Wild Swap Hands, ``action.swap-hands``; none
       for the others): one action ``Play(agent, card, color, swap_with,
       count)``. The same play index is a jump-in when the agent is not in
       turn (``house.jump-in``).
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
        DRAW: the index of drawing.
        PASS: the index of passing.
        CHALLENGE: the index of a challenge.
        CALL_UNO: the index of an UNO call.
        CHOOSE_COLOR: the first of the four colours' indices.
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
        targeted = plan(rules).targeted(players)
        # One entry per action: the play's shape relative to the agent.
        shapes: list[tuple[Card, Any, int | None, int]] = []
        names: list[str] = []
        offsets: list[int | None] = [*range(1, players), None]
        for card in cards:
            most = max(1, rules.match.at_once(card, copies[card]))
            for count in range(1, most + 1):
                for color in COLORS if card.is_wild else (None,):
                    for offset in offsets if card in targeted else [None]:
                        shapes.append((card, color, offset, count))
                        names.append(
                            "play "
                            + card.code
                            + (f" x{count}" if count != 1 else "")
                            + (f" {color.value}" if color is not None else "")
                            + (f" swap +{offset}" if offset is not None else "")
                        )
        self.plays = len(shapes)
        self.DRAW = self.plays
        self.PASS = self.plays + 1
        self.CHALLENGE = self.plays + 2
        self.CALL_UNO = self.plays + 3
        self.CHOOSE_COLOR = self.plays + 4
        self.CATCH = self.CHOOSE_COLOR + len(COLORS)
        self.DECLINE = self.CATCH + players - 1
        self.size = self.DECLINE + 1
        names += ["draw", "pass", "challenge", "uno"]
        names += [f"color {c.value}" for c in COLORS]
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
                )
                for card, color, offset, count in shapes
            ]
            row += [Draw(seat), Pass(seat), Challenge(seat), CallUno(seat)]
            row += [ChooseColor(seat, c) for c in COLORS]
            row += [CatchUno(seat, (seat + k) % players) for k in range(1, players)]
            row.append(None)
            self._moves.append(tuple(row))
            self._index.append({m: i for i, m in enumerate(row) if m is not None})

    def move(self, seat: int, action: int) -> Move | None:
        """The move that ``action`` is for the agent at ``seat``; ``None``
        for ``DECLINE``.

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
    | ``color`` | 4 | 1 for the colour in force (red, yellow, green, blue); none yet: 0s |
    | ``drawn`` | D | 1 for the card the agent just drew (the ``DRAWN`` phase) |
    | ``discard`` | D | copies of each card in the discard pile |
    | ``hand_sizes`` | n | cards held by each seat (``info.hand-sizes-public``) |
    | ``current`` | n | 1 for the seat whose turn it is |
    | ``clockwise`` | 1 | 1 when play goes clockwise, else 0 |
    | ``phase`` | 6 | 1 for the phase (choose-color, turn, drawn, owe, replay, round-over) |
    | ``pending`` | 3 | 1 for what the seat in turn owes: cards, a skip, a colour |
    | ``pending_amount`` | 1 | cards owed, or turns to lose |
    | ``challengeable`` | n | 1 for the seat whose Wild Draw Four may be challenged |
    | ``uno_called`` | n | 1 for a seat that called UNO before laying its card |
    | ``uno_missed`` | n | 1 for a seat that missed its call and can be caught |
    | ``uncalled`` | n | 1 for a seat whose missed call is past making good |
    | ``draw_pile`` | 1 | cards in the draw pile |
    | ``scores`` | n | game totals so far (``score.*``) |
    | ``open_hands`` | (n-1)·D | hands face up only (``house.kids``): the others' hands |

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
        self._open = rules.info.shows_hands()
        _, copies = _distinct_cards(rules)
        deck = float(sum(copies.values()))
        most = np.array([copies[c] for c in table.cards], dtype=np.float32)
        blocks: list[tuple[str, npt.NDArray[np.float32]]] = [
            ("hand", most),
            ("top", np.ones(d, np.float32)),
            ("color", np.ones(4, np.float32)),
            ("drawn", np.ones(d, np.float32)),
            ("discard", most),
            ("hand_sizes", np.full(n, deck, np.float32)),
            ("current", np.ones(n, np.float32)),
            ("clockwise", np.ones(1, np.float32)),
            ("phase", np.ones(len(_PHASES), np.float32)),
            ("pending", np.ones(3, np.float32)),
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

    def encode(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """The observation of ``seat`` in ``state``.

        Args:
            state: the position.
            seat: the observing seat.

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
            ones.append(self._color + COLORS.index(view.color))
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


def _points_sign(rules: RuleSet, players: int) -> int:
    """+1 when the highest game total wins under the scoring policy, -1 when
    the lowest does, 0 when the policy keeps no points (``score.single-round``).

    Asked of the policy itself: with seat 0 on no points and every other seat
    past the target, a policy where the lowest total wins names seat 0, one
    where the highest wins names another seat, and one that keeps no points
    names no seat (there is no round winner)."""
    scoring = rules.scoring
    target = scoring.target
    probe = (0, *(target + k for k in range(players - 1)))
    try:
        if not scoring.game_over(probe, None):
            return 1
        best = scoring.game_winner(probe, None)
    except Exception:  # a policy of the table's own: more points count as better
        return 1
    if best is None:
        return 0
    return -1 if best == 0 else 1


class UnoEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped: mypy sees Any
    """UNO as a PettingZoo AEC environment (``raw_env``), for any rule set
    and any number of seats its deck serves (2 to 10 with one deck).

    Agents are ``"player_0"`` .. ``"player_{n-1}"`` (seat order). Each
    agent's observation is a dict: ``"observation"``, a ``float32`` vector
    laid out by :class:`ObservationLayout` (:attr:`layout`), and
    ``"action_mask"``, an ``int8`` vector over the actions of
    :class:`ActionTable` (:attr:`actions`), 1 where the action is allowed.
    Only the selected agent (``agent_selection``) has ones in its mask.

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
    included).

    **Rewards**, paid to every agent at the step where a round ends:

    * ``reward="points"`` (default): the points the seat gained in the round
      under the scoring policy (``score_round``) divided by the target
      (``score.target``), negated where the lowest total wins
      (``score.penalty-points``, ``score.elimination``) so that more reward
      is always better. A policy that keeps no points
      (``score.single-round``) pays the ``"win"`` reward instead.
    * ``reward="win"``: +1 to the winner of the episode (the round's winner;
      in ``"game"`` episodes the game's winner, paid when the game ends),
      -1/(n-1) to every other seat, 0 to all when nobody wins.

    ``infos[agent]`` is ``{}`` until a round ends; then ``"points"`` (the
    raw points gained in that round), ``"score"`` (the game total),
    ``"round_winner"`` (a seat or ``None``), and when the game is over
    ``"game_winner"``.

    **Bad input.** :meth:`step` raises ``ValueError`` for an action that is
    not an integer in range or that the mask forbids, and for an action
    other than ``None`` by an agent whose episode is over (PettingZoo's
    convention for dead agents). The wrapped environment of :func:`env`
    follows PettingZoo's classic games instead: ``AssertOutOfBoundsWrapper``
    asserts the range, ``TerminateIllegalWrapper`` ends the episode with a
    reward of -1 for an action the mask forbids, and ``OrderEnforcingWrapper``
    refuses a step before ``reset``.

    Args:
        rules: a rule set or a preset string for :func:`unorules.rules.presets.get`.
        players: the number of seats (``players.range``).
        episode: ``"round"`` or ``"game"``.
        reward: ``"points"`` or ``"win"``.
        max_steps: steps before an episode is truncated; ``None``: never.
        windows: whether seats are offered their moves out of turn.
        render_mode: ``None``, ``"human"`` (print) or ``"ansi"`` (return text).

    Attributes:
        rules: the rule set in force.
        actions: the :class:`ActionTable` (``actions.size`` actions).
        layout: the :class:`ObservationLayout` (``layout.size`` entries).
        episode: ``"round"`` or ``"game"``, as given.
        reward: ``"points"`` or ``"win"``, as given.
        max_steps: as given.
        windows: as given.
        render_mode: as given.
        possible_agents: ``["player_0", ..., "player_{n-1}"]``.

    Raises:
        ValueError: for a player count outside the deck's range, an unknown
            ``episode``, ``reward`` or ``render_mode``, or a ``max_steps``
            below 1.
        RuleSetError: for a preset string that names no rule set.
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
        self.rules: RuleSet = presets.get(rules) if isinstance(rules, str) else rules
        if episode not in ("round", "game"):
            raise ValueError(f"episode must be 'round' or 'game', not {episode!r}")
        if reward not in ("points", "win"):
            raise ValueError(f"reward must be 'points' or 'win', not {reward!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1 or None, not {max_steps!r}")
        self.actions = ActionTable(self.rules, players)
        self.layout = ObservationLayout(self.actions, self.rules)
        self.episode: Episode = episode
        self.reward: RewardKind = reward
        self.max_steps = max_steps
        self.windows = bool(windows)
        self.render_mode = render_mode
        self._sign = _points_sign(self.rules, players)
        self.possible_agents: list[str] = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
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

    # --- spaces ---------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(actions.size)``."""
        return self._action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The position (the whole state, every hand included: for tests and
        hosts, not for agents).

        Raises:
            RuntimeError: before :meth:`reset`.
        """
        if self._state is None:
            raise RuntimeError("the environment has no state before reset()")
        return self._state

    # --- the AEC interface ----------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (:func:`unorules.new_game`). With ``seed`` the deal
        is that of ``new_game(rules, players, seed=seed)`` and later resets
        without a seed draw their seeds from it; without any seed they are
        drawn at random. ``options={"state": state}`` starts the episode from
        a position of your own instead (from :func:`unorules.situation`, say).

        Raises:
            ValueError: for a ``state`` whose rule set or number of seats is
                not the environment's, or whose round is over.
        """
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            game_seed = int(self._rng.integers(2**31 - 1))
        given = (options or {}).get("state")
        if given is not None:
            if not isinstance(given, GameState):
                raise ValueError(f"options['state'] must be a GameState, not {given!r}")
            if given.rules != self.rules or given.players != self.actions.players:
                raise ValueError(
                    f"options['state'] is a round of {given.players} seats under "
                    f"{given.rules.name!r}; this environment plays {self.actions.players} "
                    f"under {self.rules.name!r}"
                )
            if given.round_over:
                raise ValueError("options['state'] is a round that is over")
            self._state = given
        else:
            self._state = new_game(self.rules, players=self.actions.players, seed=game_seed)
        self._round_scores = self._state.scores
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._skip_agent_selection = None
        self._open_window()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": ..., "action_mask": ...}`` of ``agent``; its mask
        is all zeros unless it is the selected agent."""
        seat = self._seat[agent]
        mask = self._mask.copy() if agent == self.agent_selection else self._no_mask()
        return {"observation": self.layout.encode(self.game_state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Make the selected agent's ``action`` (an index of
        :attr:`actions`; ``None`` for an agent whose episode is over).

        Raises:
            ValueError: for an action that is not an integer in range, that
                the mask forbids, or that is not ``None`` from an agent whose
                episode is over.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self._checked(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._steps += 1
        seat = self._seat[agent]
        if index == self.actions.DECLINE:
            self._window.pop(0)
            self._select()
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

    def render(self) -> str | None:
        """A short text of the table: the rules, the top card and colour,
        each seat's hand size and score (the seat in turn marked ``>``), what
        is pending, and the selected agent's own hand. Printed under
        ``"human"``, returned under ``"ansi"``; ``None`` without a render
        mode."""
        if self.render_mode is None:
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self) -> str:
        """The text :meth:`render` shows."""
        s = self.game_state
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
            extra = f"  ({', '.join(notes)})" if notes else ""
            score = s.scores[seat] if s.scores else 0
            lines.append(
                f"{mark} player_{seat}: {len(hand):2d} card{'s' if len(hand) != 1 else ' '}"
                f"  score {score}{extra}"
            )
        phase = s.phase.value
        pending = s.pending
        if pending is not None:
            owed = f" {pending.amount}" if pending.kind is not PendingKind.COLOR else ""
            phase += f", pending {pending.kind.value}{owed}"
        seat = self._seat.get(self.agent_selection, s.current) if self.agents else s.current
        held = " ".join(c.code for c in s.hands[seat]) or "-"
        lines.append(f"phase {phase}; player_{seat} to act, holding {held}")
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
        index = self.actions._index
        for move in legal_moves(state):
            by_seat.setdefault(move.player, {})[index[move.player][move]] = move
        self._by_seat = by_seat
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
        self.agent_selection = self.possible_agents[seat]
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
        """``action`` as an index the mask allows, else ``ValueError``."""
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, np.integer):
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int):
            raise ValueError(f"an action is an integer index, not {action!r}")
        if not 0 <= action < self.actions.size:
            raise ValueError(
                f"action {action} is out of range: actions are 0..{self.actions.size - 1}"
            )
        if not self._mask[action]:
            allowed = [self.actions.names[i] for i in np.flatnonzero(self._mask)]
            raise ValueError(
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
        for seat, agent in enumerate(self.possible_agents):
            if pays_win:
                if (self.episode == "round" or done) and winner is not None:
                    value = 1.0 if seat == winner else -1.0 / (n - 1)
                else:
                    value = 0.0
            else:
                value = self._sign * gained[seat] / self.rules.scoring.target
            self.rewards[agent] = value
            info: dict[str, Any] = {
                "points": gained[seat],
                "score": after[seat],
                "round_winner": state.winner,
            }
            if state.game_over:
                info["game_winner"] = state.game_winner
            self.infos[agent] = info
        if done:
            self.terminations = dict.fromkeys(self.agents, True)
            self._mask = self._no_mask()
            return
        self._state = next_round(state)
        self._round_scores = self._state.scores
        self._open_window()


raw_env = UnoEnv
"""The unwrapped environment, as PettingZoo's environments name it."""


def env(**kwargs: Any) -> Any:
    """:class:`UnoEnv` wrapped as PettingZoo's classic games are:
    ``TerminateIllegalWrapper`` (an action the mask forbids ends the episode
    with a reward of -1 for its agent), ``AssertOutOfBoundsWrapper`` (an
    action outside the space fails an assertion) and
    ``OrderEnforcingWrapper`` (no step or observation before ``reset``).

    Args:
        kwargs: the arguments of :class:`UnoEnv`.

    Returns:
        The wrapped environment (a PettingZoo ``AECEnv``).

    Raises:
        ValueError: as :class:`UnoEnv`.
    """
    wrapped = UnoEnv(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
