"""Bots: players that choose among the legal moves they are given, and a
driver that plays rounds and games with them.

A bot (the :class:`Bot` protocol) is any object with a ``name`` (a string:
an attribute or a property) and two methods:

* :meth:`Bot.choose` ``(state, seat, moves) -> Move`` - the seat whose turn it
  is picks one of its turn moves (play, draw, pass, take what it owes,
  challenge, name the start colour);
* :meth:`Bot.react` ``(state, seat, moves) -> Move | None`` - any seat with
  out-of-turn moves (calling UNO, catching a missed call, a jump-in, a
  challenge by a seat other than the victim) may make one of them, or none
  (``None``).

Both are given the full :class:`~unorules.state.GameState`; a fair bot reads
only ``state.view(seat)`` (its own hand, the hand sizes, the discard pile,
the colour in force) and the public moves. It need not subclass anything.

:func:`play_round` and :func:`play_game` drive the bots. At each step every
seat whose out-of-turn moves are not empty is asked to ``react``, in seat
order starting from the seat in turn and going round in the direction of
play, on the state as it stands after the previous reactions; then the
player in turn is asked to ``choose``. (Starting from a fixed seat would
favour it: seat 0 would always get to make a late UNO call before anyone
could catch it.) A bot that also has an
``observe(before, move, after)`` method (:class:`Observer`) is shown every
move applied, so it can remember public events such as who drew on which
colour.

    >>> import unorules as ur
    >>> from unorules.play.bots import HeuristicBot, RandomBot, play_round
    >>> bots = [HeuristicBot(), RandomBot(1), RandomBot(2), RandomBot(3)]
    >>> final = play_round(ur.presets.official(), bots, seed=7)
    >>> final.round_over
    True

A game is deterministic given its seed and the bots' own seeds: the driver
has no randomness of its own.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable, Sequence
from typing import Protocol, cast, runtime_checkable

from unorules.cards import Card, Color, Face
from unorules.dealing import new_game, new_round, next_round
from unorules.engine import apply, check, legal_moves
from unorules.errors import Message, UnoError, msg
from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from unorules.records import Recorder, bot_label, write_record
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Phase

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "BotSpecError",
    "HeuristicBot",
    "MoveHook",
    "Observer",
    "RandomBot",
    "check_bot",
    "is_out_of_turn",
    "load_bot",
    "make_bot",
    "play_from",
    "play_game",
    "play_round",
]


@runtime_checkable
class Bot(Protocol):
    """A player. It only ever returns one of the moves it is given.

    Any object with these members is a bot; it need not subclass this class,
    and ``name`` may be a plain attribute (``name = "smart"``). A bot may also
    have ``observe(before, move, after)`` (:class:`Observer`). :func:`check_bot`
    says what an object lacks; :func:`load_bot` builds one from
    ``"module:Class"``.

    A bot may see the whole :class:`~unorules.state.GameState`, but a fair bot
    uses only what its seat may know (:meth:`GameState.view`: its own hand,
    the hand sizes, the discard pile) and the public moves it has observed.
    """

    @property
    def name(self) -> str:
        """A short label for tables and statistics, e.g. ``"random"``."""
        ...

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        """Pick the move of seat ``seat``, whose turn it is.

        Args:
            state: the position.
            seat: the seat in turn (``state.current``).
            moves: its legal turn moves, never empty, in the engine's order.

        Returns:
            One of ``moves``.
        """
        ...

    def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
        """Make one of the out-of-turn moves of seat ``seat``, or none.

        Args:
            state: the position.
            seat: the seat asked (any seat, the one in turn included).
            moves: its legal out-of-turn moves (UNO calls, catches, a
                challenge by a seat other than the victim), never empty.

        Returns:
            One of ``moves``, or ``None`` to let the moment pass.
        """
        ...


@runtime_checkable
class Observer(Protocol):
    """A bot that wants to see every move applied (optional)."""

    def observe(self, before: GameState, move: Move, after: GameState) -> None:
        """Called after each move of the round, by any seat."""
        ...


MoveHook = Callable[[GameState, Move, GameState], None]
"""A callback ``(before, move, after)`` run after each move is applied."""


class BotError(UnoError, RuntimeError):
    """A bot failed while playing: it raised an exception from
    :meth:`~Bot.choose` or :meth:`~Bot.react`, or returned a move it was not
    offered. The message names the bot, its seat and what went wrong; when
    the bot raised, its exception is the ``__cause__``.

    Attributes:
        bot: the bot's ``name``.
        seat: the seat it played.
    """

    def __init__(self, message: str | Message = "", bot: str = "", seat: int = -1) -> None:
        self.bot = bot
        self.seat = seat
        super().__init__(message)


class BotSpecError(UnoError):
    """A bot was asked for that cannot be had: an unknown name, a
    ``module:Class`` that does not import or build, or an object that is not
    a :class:`Bot`."""


def is_out_of_turn(state: GameState, move: Move) -> bool:
    """Whether ``move`` is an out-of-turn move: a UNO call or a catch (by any
    seat, the one in turn included), or any move of a seat not in turn (a
    challenge under ``challenge.anyone``)."""
    return move.player != state.current or isinstance(move, CallUno | CatchUno)


# --- random -------------------------------------------------------------------------


class RandomBot:
    """Plays uniformly at random among the moves it is given.

    In :meth:`react` "no move" is one more option, drawn with the same chance
    as each move. Deterministic given ``seed`` and the sequence of calls.

    >>> import unorules as ur
    >>> state = ur.new_round(ur.presets.official(), players=2, seed=3)
    >>> moves = ur.legal_moves(state)
    >>> a, b = RandomBot(seed=1), RandomBot(seed=1)
    >>> picks = [a.choose(state, 0, moves) for _ in range(5)]
    >>> picks == [b.choose(state, 0, moves) for _ in range(5)]
    True
    """

    def __init__(self, seed: int | str | None = 0, *, name: str = "random") -> None:
        self._rng = random.Random(seed)
        self._name = name

    @property
    def name(self) -> str:
        """``"random"`` unless given."""
        return self._name

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        """A uniformly random one of ``moves``."""
        return moves[self._rng.randrange(len(moves))]

    def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
        """A uniformly random one of ``moves`` and "none"."""
        k = self._rng.randrange(len(moves) + 1)
        return moves[k] if k < len(moves) else None

    def __repr__(self) -> str:
        return f"RandomBot(name={self._name!r})"


# --- heuristic -----------------------------------------------------------------------


class HeuristicBot:
    """Follows the playing advice of the sources; never bluffs.

    Each rule cites the advice it follows (000 = the Swedish page, "Spela Uno
    lite smartare"; 003 = the Norwegian page, "Uno-strategi og tips"):

    * **Keep the wild cards for when you are stuck** (000 "Spara jokrarna":
      hold the joker until you are stuck): a Wild or Wild Draw Four is laid only
      when no coloured card fits; then it is laid rather than drawing. A Wild
      Draw Four is laid only when the restriction allows it (no bluffs).
    * **Name the colour the next player recently drew on, or the one you hold
      most** (000 "Byt färg till den motståndaren saknar": a colour the player
      to your left was forced to draw on; 003 "Bytt farge strategisk": steer
      play to the colour you hold many of) and avoid the colour the next player
      has just laid (000).
    * **Stop a player on one card** (000 "Hoppa över den som har ett kort
      kvar"; 003 "Hold øye med motspillerne"): when the next player holds one
      or two cards, a Draw Two, Skip, Reverse (it turns play away from them;
      with two players it acts as a Skip) or Wild Draw Four comes first; while
      another opponent is that close, such cards are kept for them.
    * **Shed high numbers early** (003 "Kvitt deg med høye tallkort tidlig"),
      numbers held in several colours first (003 "Spill like kort raskt"),
      from the colour you hold most (003 "Balanser hånden din").
    * **Action cards**: the sources disagree. 003 ("Spar spesialkortene") and
      000 (a drawn Draw Two "kan vara värt mer senare") say keep them for the
      end of the round, but they are also worth 20 points in a loser's hand
      (000, "Vad korten är värda"). ``action_bonus`` weighs them against
      a number card's face value: the default 10 lays them before number
      cards while nobody is close to going out; keeping them (0 or -10) won
      no more rounds in 6,000 rounds against the default (docs/simulation.md).
    * **Call UNO when due, catch missed calls** (000, the UNO rule and its
      penalty): always.
    * **Challenge a Wild Draw Four when the layer is likely bluffing**: the
      chance that the layer holds a card of the colour that was in force is
      estimated from the cards this seat has not seen and the layer's hand
      size; if the layer drew on that colour since its previous play, only
      the drawn card could be of it. Challenge when the chance is at least
      ``challenge_threshold`` (0.5).
    * **Keep a drawn card or play it**: a drawn card that fits is played.
    * Under a hand limit (``no-mercy.mercy``): a draw card that puts the
      next player over the limit comes first, a draw card that may answer
      a stack is kept for it, a 0 that passes the hands on is laid when the
      hand going out is bigger than the one coming in, and a card whose own
      rule sheds cards (``no-mercy.discard-all``) counts the cards it sheds.
    * House rules: it stacks when it can (a Draw Two before a wild card),
      jumps in when jump-in is allowed, lays as many cards at once as it
      may (identical copies, or several of one number, the colour it holds
      most last), and with a 7 under ``house.seven-zero`` takes the smallest hand.

    The bot uses only what its seat may know and the public moves it observes
    (:meth:`observe`); it never reads the other hands or whether a Wild Draw
    Four broke the rule. Deterministic: ties go to the engine's move order.
    """

    def __init__(
        self,
        *,
        action_bonus: float = 10.0,
        challenge_threshold: float = 0.5,
        name: str = "heuristic",
    ) -> None:
        self._name = name
        self.action_bonus = action_bonus
        self.challenge_threshold = challenge_threshold
        self._round: tuple[int, int] | None = None
        self._clock = 0
        self._drew_on: dict[int, tuple[Color, int]] = {}
        self._laid: dict[int, tuple[Color, int]] = {}

    @property
    def name(self) -> str:
        """``"heuristic"`` unless given."""
        return self._name

    def __repr__(self) -> str:
        return (
            f"HeuristicBot(action_bonus={self.action_bonus}, "
            f"challenge_threshold={self.challenge_threshold}, name={self._name!r})"
        )

    # -- memory of public moves

    def observe(self, before: GameState, move: Move, after: GameState) -> None:
        """Remember who drew on which colour and which colour each seat last laid."""
        key = (before.seed, before.round_number)
        if key != self._round or before.turns == 0:
            self._round = key
            self._drew_on.clear()
            self._laid.clear()
            self._clock = 0
        self._clock += 1
        if isinstance(move, Draw) and before.phase is Phase.TURN and before.color is not None:
            self._drew_on[move.player] = (before.color, self._clock)
        elif isinstance(move, Play) and after.color is not None:
            self._laid[move.player] = (after.color, self._clock)

    def _recent_draw_color(self, seat: int) -> Color | None:
        """The colour ``seat`` last drew on, if it has not laid a card since."""
        drew = self._drew_on.get(seat)
        if drew is None:
            return None
        laid = self._laid.get(seat)
        return drew[0] if laid is None or laid[1] < drew[1] else None

    # -- decisions

    def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
        """Call UNO when due, catch a missed call (the view's ``may_catch``),
        jump in when allowed; never challenge for others.

        A call is due when the seat is about to lay its second-to-last card
        (its turn, two cards in hand) or has just laid it without calling;
        other calls are not made (they may cost cards, ``uno.false-call``).
        """
        view = state.view(seat)
        due = view.uno_missed == seat or (seat == view.current and len(view.hand) == 2)
        for m in moves:
            if isinstance(m, CallUno) and due:
                return m
        if view.may_catch is not None:
            for m in moves:
                if isinstance(m, CatchUno) and m.target == view.may_catch:
                    return m
        # A jump-in (house.jump-in) sheds a card out of turn: take it, the
        # most copies at once if several may be laid.
        jumps = self._fair_plays(state, moves)
        if jumps:
            return max(jumps, key=lambda m: m.count)
        return None

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        """The move the advice recommends (see the class docstring)."""
        phase = state.phase
        if phase is Phase.CHOOSE_COLOR:
            best = self._best_color(state, seat)
            for m in moves:
                if isinstance(m, ChooseColor) and m.color is best:
                    return m
            return moves[0]
        if phase is Phase.OWE:
            return self._answer_owed(state, seat, moves)
        if phase is Phase.DRAWN:
            plays = self._fair_plays(state, moves)
            return self._best_play(state, seat, plays) if plays else _first(moves, Pass, Draw)
        plays = self._fair_plays(state, moves)
        if plays:
            return self._best_play(state, seat, plays)
        return _first(moves, Draw, Pass)

    def _fair_plays(self, state: GameState, moves: tuple[Move, ...]) -> list[Play]:
        """The plays that keep the rules: a bluff (a Wild Draw Four laid
        against the restriction) and a misplay a table's rule lists (a card
        that does not fit, laid at a cost) are left out."""
        return [m for m in moves if isinstance(m, Play) and check(state, m).legal]

    def _answer_owed(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        plays = self._fair_plays(state, moves)
        if plays:
            # Stacking passes the total on; a Draw Two is given up before a
            # wild card (000 "Spara jokrarna").
            coloured = [m for m in plays if not m.card.is_wild]
            if coloured:
                return coloured[0]
            if not state.rules.colors:
                return max(plays, key=lambda m: self._wild_only_score(state, seat, m))
            best = self._best_color(state, seat)
            return next((m for m in plays if m.color is best), plays[0])
        challenge = next((m for m in moves if isinstance(m, Challenge) and m.player == seat), None)
        if challenge is not None and self.bluff_chance(state, seat) >= self.challenge_threshold:
            return challenge
        return _first(moves, Draw, Pass)

    def bluff_chance(self, state: GameState, seat: int) -> float:
        """Estimated chance that the pending Wild Draw Four broke the rule,
        from what ``seat`` can see: the share of unseen cards of the colour
        that was in force, and the layer's hand size."""
        record = state.wd4
        if record is None or record.previous_color is None:
            return 0.0
        color = record.previous_color
        up = state.rules.upright
        unseen = [up(c) for c in state.rules.deck.cards()]
        for card in (*state.hands[seat], *state.discard_pile):
            if up(card) in unseen:
                unseen.remove(up(card))
        if unseen and up(state.top) is not state.top:
            # The cards unseen show the side in play (Card.turned).
            unseen = [c.turned() for c in unseen]
        if not unseen:
            return 0.0
        share = sum(1 for c in unseen if c.color is color) / len(unseen)
        held = len(state.hands[record.player])
        if self._recent_draw_color(record.player) is color:
            # It drew on that colour: it held none then; only the drawn card may be one.
            held = 1
        return 1.0 - (1.0 - share) ** held

    def _best_play(self, state: GameState, seat: int, plays: list[Play]) -> Move:
        hand = state.hands[seat]
        sizes = [len(h) for h in state.hands]
        n = len(sizes)
        nxt = _next_seat(state, seat)
        threat_next = sizes[nxt] <= 2
        threat_other = any(0 < sizes[s] <= 2 for s in range(n) if s not in (seat, nxt))
        coloured = [m for m in plays if not m.card.is_wild]
        if not state.rules.colors:
            # A deck whose cards have no colours (all-wild.no-colour): every
            # card is wild and only what it does to the others counts.
            return max(plays, key=lambda m: self._wild_only_score(state, seat, m))
        if not coloured:
            # Stuck: now is the time for a wild card (000 "Spara jokrarna").
            best_color = self._best_color(state, seat)
            four = [m for m in plays if m.card.face is Face.WILD_DRAW_FOUR]
            plain = [m for m in plays if m.card.face is not Face.WILD_DRAW_FOUR]
            players = sum(1 for h in state.hands if h)
            effects = {m: state.rules.effect(m.card, players) for m in plain}
            if not four and any(e is not None and e.draw for e in effects.values()):
                # Wild draw cards of another edition (no-mercy.draw): the more
                # the next player draws the better, most of all when it puts
                # that player out; the colour named is the one held most.
                def harm(m: Play) -> float:
                    e = effects[m]
                    if e is None or not e.draw:
                        return 1.0
                    out = state.rules.hand_limit.knocked_out(sizes[nxt] + e.draw)
                    return (200.0 if out else 0.0) + e.draw * (3.0 if threat_next else 1.0)

                top = max(harm(m) for m in plain)
                pool = [m for m in plain if harm(m) == top]
                return next((m for m in pool if m.color is best_color), pool[0])
            # The Wild Draw Four against a player close to going out (000
            # "Hoppa över den som har ett kort kvar"), else the plain Wild first.
            pool = (four or plain) if threat_next else (plain or four)
            return next((m for m in pool if m.color is best_color), pool[0])
        counts = _color_counts(hand)
        faces: dict[Face, set[Color | None]] = {}
        for c in hand:
            faces.setdefault(c.face, set()).add(c.color)
        best: Play = coloured[0]
        best_score = float("-inf")
        for m in coloured:
            card = m.card
            # 003 "Balanser hånden din": the colour in force after the play.
            score = float(counts.get(m.last.color, 0))
            # Several cards at once (house.multiple-identical, several of one
            # number under house.multiple-same-number) shed more.
            score += 5.0 * (len(m.cards) - 1)
            if m.swap_with is not None:
                # A 7 under house.seven-zero: take the smallest hand.
                score += len(hand) - 1 - sizes[m.swap_with]
            effect = state.rules.effect(card, sum(1 for h in state.hands if h))
            if effect is not None and effect.special == "pass-on":
                # Every hand passes on: the hand coming in against the one going.
                before = _next_seat(state, seat, -1)
                score += 2.0 * (len(hand) - 1 - sizes[before])
            if effect is not None and effect.draw:
                limit = state.rules.hand_limit.knocked_out(sizes[nxt] + effect.draw)
                if limit is not None:
                    score += 200  # the draw puts the next player out of the round
            if card.face.is_number:
                score += card.face.number or 0  # 003 "Kvitt deg med høye tallkort tidlig"
                if len(faces[card.face]) > 1:
                    score += 2  # 003 "Spill like kort raskt"
            else:
                stops = _stops_next(card)
                if threat_next and (stops or (effect is not None and effect.draw)):
                    score += 100 + (10 if card.face is Face.DRAW_TWO else 0)
                elif threat_other and stops:
                    score -= 20  # keep it for the player close to going out
                elif (
                    effect is not None
                    and effect.draw
                    and state.rules.stacking.answerable(card, state.color)
                ):
                    # A draw card that may answer a draw card: kept to pass a
                    # stack on rather than take it.
                    score -= 25.0
                else:
                    score += self.action_bonus
                if effect is not None and effect.own is not None:
                    # A card's own rule (no-mercy.discard-all): the cards it sheds.
                    after = apply(state, m)
                    score += 6.0 * (len(hand) - 1 - len(after.hands[seat]))
            if score > best_score:
                best, best_score = m, score
        return best

    def _wild_only_score(self, state: GameState, seat: int, play: Play) -> float:
        """How good ``play`` is when no card has a colour: a draw or a skip
        against the next player the more it is close to going out, a named
        draw against the smallest hand, a swap for a smaller hand, the
        plain card last of all."""
        sizes = [len(h) for h in state.hands]
        nxt = _next_seat(state, seat)
        effect = state.rules.effect(play.card, sum(1 for h in state.hands if h))
        if effect is None:
            return 0.0
        urgent = 3.0 if sizes[nxt] <= 2 else 1.0
        score = urgent * (effect.draw + 2.0 * effect.skip) + (1.0 if effect.reverse else 0.0)
        if play.to is not None and effect.named_draws:
            score += effect.named_draws * (3.0 if sizes[play.to] <= 2 else 1.0)
            score += max(0.0, 7.0 - sizes[play.to]) * 0.5
        if play.swap_with is not None:
            score += 2.0 * (len(state.hands[seat]) - 1 - sizes[play.swap_with])
        return score

    def _best_color(self, state: GameState, seat: int) -> Color:
        """The colour to name (000 "Byt färg till den motståndaren saknar";
        003 "Bytt farge strategisk")."""
        counts = _color_counts(state.hands[seat])
        nxt = _next_seat(state, seat)
        drew = self._recent_draw_color(nxt)
        laid = self._laid.get(nxt)
        # The colours of the side in play (RuleSet.colors_for: a two-sided
        # deck's other side names its own).
        colors = state.rules.colors_for(state.top)
        best, best_score = colors[0], float("-inf")
        for color in colors:
            score = 2.0 * counts.get(color, 0)
            if color is drew:
                score += 3.0
            if laid is not None and laid[0] is color:
                score -= 3.0
            if score > best_score:
                best, best_score = color, score
        return best


def _next_seat(state: GameState, seat: int, way: int = 1) -> int:
    """The seat after ``seat`` in the direction of play (``way`` -1: the
    seat before it) that holds cards (seats out of the round are passed
    over)."""
    hands = state.hands
    n = len(hands)
    step = state.direction * way
    nxt = (seat + step) % n
    while not hands[nxt] and nxt != seat:
        nxt = (nxt + step) % n
    return nxt


def _color_counts(hand: Sequence[Card]) -> dict[Color | None, int]:
    counts: dict[Color | None, int] = {}
    for c in hand:
        if c.color is not None:
            counts[c.color] = counts.get(c.color, 0) + 1
    return counts


_STOPPERS = frozenset({Face.SKIP, Face.DRAW_TWO, Face.REVERSE, Face.WILD_DRAW_FOUR})


def _stops_next(card: Card) -> bool:
    """Whether laying ``card`` keeps the next player from playing next: a
    Skip, a Draw Two or a Wild Draw Four skips them; a Reverse turns play
    away from them (000: "Byt riktning fungerar när hotet ligger framför
    dig"), and with two players acts as a Skip."""
    return card.face in _STOPPERS


def _first(moves: tuple[Move, ...], *kinds: type) -> Move:
    for kind in kinds:
        for m in moves:
            if isinstance(m, kind):
                return m
    return moves[0]


# --- by name ----------------------------------------------------------------------------

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed),
    "heuristic": lambda seed: HeuristicBot(),
}
"""The bots :func:`make_bot` knows, by name; each factory takes a seed."""

_PROTOCOL = msg(
    "a bot has a name and the methods choose(state, seat, moves) and react(state, seat, moves)"
)


def check_bot(bot: object, what: str | Message = "") -> Bot:
    """``bot`` itself when it satisfies the :class:`Bot` protocol.

    Args:
        bot: any object.
        what: how to name it in the error (default its ``repr``); a
            :class:`~unorules.errors.Message` is translated with the error.

    Returns:
        ``bot``, typed as a :class:`Bot`.

    Raises:
        BotSpecError: it lacks ``name``, ``choose`` or ``react``, one of the
            methods is not callable, or ``name`` is not a non-empty string.
    """
    label = what or repr(bot)
    missing = [a for a in ("name", "choose", "react") if not hasattr(bot, a)]
    if len(missing) == 1:
        raise BotSpecError(
            msg(
                "{label} is not a bot: it has no {first} ({protocol})",
                label=label,
                first=missing[0],
                protocol=_PROTOCOL,
            )
        )
    if len(missing) == 2:
        raise BotSpecError(
            msg(
                "{label} is not a bot: it has no {first} and no {second} ({protocol})",
                label=label,
                first=missing[0],
                second=missing[1],
                protocol=_PROTOCOL,
            )
        )
    if missing:
        raise BotSpecError(
            msg(
                "{label} is not a bot: it has no {first} and no {second} and no {third} "
                "({protocol})",
                label=label,
                first=missing[0],
                second=missing[1],
                third=missing[2],
                protocol=_PROTOCOL,
            )
        )
    for method in ("choose", "react"):
        if not callable(getattr(bot, method)):
            raise BotSpecError(
                msg(
                    "{label} is not a bot: its {method} is not a method ({protocol})",
                    label=label,
                    method=method,
                    protocol=_PROTOCOL,
                )
            )
    name = getattr(bot, "name", None)
    if not isinstance(name, str) or not name.strip():
        raise BotSpecError(
            msg(
                "{label} is not a bot: its name is {name}, not a non-empty string",
                label=label,
                name=repr(name),
            )
        )
    return cast(Bot, bot)


def load_bot(spec: str) -> Bot:
    """Import ``module:Class`` (e.g. ``"mybots:SmartBot"``, ``"pkg.sub:Bot"``)
    and build it with no arguments.

    Args:
        spec: ``"module:attribute"``; the attribute is a class or any callable
            returning a bot.

    Returns:
        The new bot, checked with :func:`check_bot`.

    Raises:
        BotSpecError: ``spec`` is not ``module:Class``, the module does not
            import, it has no such attribute, calling it with no arguments
            fails, or what it returns is not a bot.
    """
    module_name, sep, attr = spec.strip().partition(":")
    module_name, attr = module_name.strip(), attr.strip()
    if not sep or not module_name or not attr:
        raise BotSpecError(
            msg("bot {spec}: expected module:Class, e.g. mybots:SmartBot", spec=repr(spec))
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name is not None and (module_name + ".").startswith(e.name + "."):
            raise BotSpecError(
                msg(
                    "bot {spec}: there is no module {module} in the folder unorules "
                    "runs in or among the installed packages",
                    spec=repr(spec),
                    module=repr(e.name),
                )
            ) from None
        raise BotSpecError(
            msg(
                "bot {spec}: cannot import module {module}: {error_type}: {error}",
                spec=repr(spec),
                module=repr(module_name),
                error_type=type(e).__name__,
                error=str(e),
            )
        ) from None
    except Exception as e:  # the module's own errors too: report them, do not crash
        raise BotSpecError(
            msg(
                "bot {spec}: cannot import module {module}: {error_type}: {error}",
                spec=repr(spec),
                module=repr(module_name),
                error_type=type(e).__name__,
                error=str(e),
            )
        ) from None
    target: object = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise BotSpecError(
                msg(
                    "bot {spec}: module {module} has no {attribute}",
                    spec=repr(spec),
                    module=repr(module_name),
                    attribute=repr(attr),
                )
            )
        target = getattr(target, part)
    if not callable(target):
        raise BotSpecError(
            msg(
                "bot {spec}: {attribute} is not a class: {target}",
                spec=repr(spec),
                attribute=attr,
                target=repr(target),
            )
        )
    try:
        bot = target()
    except Exception as e:
        raise BotSpecError(
            msg(
                "bot {spec}: {attribute}() with no arguments failed: {error_type}: {error}",
                spec=repr(spec),
                attribute=attr,
                error_type=type(e).__name__,
                error=str(e),
            )
        ) from None
    return check_bot(bot, msg("bot {spec}", spec=repr(spec)))


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``"random"``, ``"heuristic"``), seeded with ``seed``, or
    a ``module:Class`` built with no arguments (:func:`load_bot`; ``seed`` is
    not used).

    Raises:
        BotSpecError: an unknown name (the message lists the known ones), or a
            ``module:Class`` that :func:`load_bot` refuses.
    """
    if ":" in name:
        return load_bot(name)
    factory = BOTS.get(name.strip().lower())
    if factory is None:
        raise BotSpecError(
            msg(
                "unknown bot {name}; bots are: {bots}, or module:Class for your own",
                name=repr(name),
                bots=", ".join(BOTS),
            )
        )
    return factory(seed)


# --- the driver -------------------------------------------------------------------------


def _observers(bots: Sequence[Bot]) -> list[Observer]:
    seen: dict[int, Observer] = {}
    for bot in bots:
        if isinstance(bot, Observer):
            seen.setdefault(id(bot), bot)
    return list(seen.values())


MAX_MOVES = 100_000
"""The most moves :func:`play_from` applies in one round by default: far
more than any round that bots playing to win need (a few hundred at most),
so reaching it means the bots' play keeps the round going for ever."""


def play_from(
    state: GameState,
    bots: Sequence[Bot],
    *,
    on_move: MoveHook | None = None,
    max_moves: int = MAX_MOVES,
) -> GameState:
    """Play the round of ``state`` to its end with ``bots`` (one per seat).

    At each step every seat with out-of-turn moves is asked to
    :meth:`~Bot.react`, in seat order from the seat in turn round in the
    direction of play, then the seat in turn is asked to :meth:`~Bot.choose`.
    Observers (and ``on_move``) see each move applied.

    Args:
        state: the position to play on.
        bots: one bot per seat.
        on_move: called with ``(before, move, after)`` after each move.
        max_moves: the most moves to apply (default :data:`MAX_MOVES`). The
            rules never end a round while the discard pile keeps a card to
            shuffle into a new draw pile, so bots that only draw and lay a
            card they draw again can play one for ever.

    Returns:
        The state at the end of the round.

    Raises:
        ValueError: when the number of bots differs from the number of seats.
        BotError: when the round has not ended after ``max_moves`` moves
            (``seat`` is -1: no one bot is to blame).
        BotError: when a bot raises an exception from ``choose``, ``react``
            or ``observe`` (kept as its ``__cause__``) or returns a move it
            was not offered.
    """
    n = len(state.hands)
    if len(bots) != n:
        k = len(bots)
        raise ValueError(
            f"{k} bot{'s' if k != 1 else ''} for {n} seat{'s' if n != 1 else ''}: "
            "give one bot per seat"
        )
    watchers = _observers(bots)
    applied = 0

    def step(before: GameState, move: Move) -> GameState:
        nonlocal applied
        applied += 1
        if applied > max_moves:
            names = ", ".join(_bot_name(b) for b in bots)
            raise BotError(
                msg(
                    "the round did not end within {count} moves: the bots ({names}) keep "
                    "it going, as the rules end no round while the discard pile keeps a card "
                    "to reshuffle and draw again; a bot that only draws, or lays cards it "
                    "draws again, never plays out its hand",
                    count=max_moves,
                    names=names,
                ),
                names,
                -1,
            )
        after = apply(before, move)
        for w in watchers:
            try:
                w.observe(before, move, after)
            except Exception as e:
                seat = next(i for i, b in enumerate(bots) if b is cast(object, w))
                name = _bot_name(bots[seat])
                raise BotError(
                    msg(
                        "{name} bot at seat {seat} raised {error_type} in observe(): {error}",
                        name=name,
                        seat=seat,
                        error_type=type(e).__name__,
                        error=str(e),
                    ),
                    name,
                    seat,
                ) from e
        if on_move is not None:
            on_move(before, move, after)
        return after

    while not state.round_over:
        moves = legal_moves(state)
        aside = [m for m in moves if is_out_of_turn(state, m)]
        first, step_dir = state.current, state.direction
        for k in range(n if aside else 0):
            seat = (first + step_dir * k) % n
            side = tuple(m for m in aside if m.player == seat)
            if not side:
                continue
            reaction = _ask(bots[seat], "react", state, seat, side)
            if reaction is None:
                continue
            if reaction not in side:
                raise BotError(
                    msg(
                        "{name} bot at seat {seat} made {move}: "
                        "not one of the moves it was offered {moves}",
                        name=_bot_name(bots[seat]),
                        seat=seat,
                        move=repr(reaction),
                        moves=repr(side),
                    ),
                    _bot_name(bots[seat]),
                    seat,
                )
            state = step(state, reaction)
            if state.round_over:
                return state
            moves = legal_moves(state)
            aside = [m for m in moves if is_out_of_turn(state, m)]
        seat = state.current
        turn = tuple(m for m in moves if m.player == seat and not is_out_of_turn(state, m))
        if not turn:
            raise RuntimeError(f"no turn move for seat {seat} in {state!r}")
        move = _ask(bots[seat], "choose", state, seat, turn)
        if move is None or move not in turn:
            raise BotError(
                msg(
                    "{name} bot at seat {seat} chose {move}: not one of its legal moves {moves}",
                    name=_bot_name(bots[seat]),
                    seat=seat,
                    move=repr(move),
                    moves=repr(turn),
                ),
                _bot_name(bots[seat]),
                seat,
            )
        state = step(state, move)
    return state


def _bot_name(bot: Bot) -> str:
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


def _ask(
    bot: Bot, method: str, state: GameState, seat: int, moves: tuple[Move, ...]
) -> Move | None:
    """``bot.choose`` or ``bot.react`` on ``moves``; an exception it raises
    becomes a :class:`BotError` naming the bot and the seat."""
    try:
        answer: Move | None = getattr(bot, method)(state, seat, moves)
    except Exception as e:
        name = _bot_name(bot)
        raise BotError(
            msg(
                "{name} bot at seat {seat} raised {error_type} in {method}(): {error}",
                name=name,
                seat=seat,
                error_type=type(e).__name__,
                method=method,
                error=str(e),
            ),
            name,
            seat,
        ) from e
    return answer


RecordTo = str | os.PathLike[str] | Recorder
"""Where :func:`play_round` and :func:`play_game` record: a file path, or a
:class:`~unorules.records.Recorder`."""


def _recording(
    record: RecordTo | None, on_move: MoveHook | None, bots: Sequence[Bot]
) -> tuple[Recorder | None, MoveHook | None]:
    """The recorder for ``record`` and the hook that feeds it before
    ``on_move``; the recorder names the bots at the seats (unless it was
    given bot names already)."""
    if record is None:
        return None, on_move
    recorder = record if isinstance(record, Recorder) else Recorder()
    if not recorder.bots:
        recorder.bots = tuple(bot_label(_bot_name(bot)) for bot in bots)

    def hook(before: GameState, move: Move, after: GameState) -> None:
        recorder.move(move, after)
        if on_move is not None:
            on_move(before, move, after)

    return recorder, hook


def _save(record: RecordTo | None, recorder: Recorder | None, end: str) -> None:
    """Write the record to ``record`` when it is a path: the text form for a
    ``.uno`` or ``.txt`` file, else JSON Lines, ending with its end line
    ``end`` (:meth:`~unorules.records.Recorder.end`)."""
    if recorder is None or record is None or isinstance(record, Recorder):
        return
    recorder.end(end)
    path = os.fspath(record)
    text = path.endswith((".uno", ".txt"))
    with open(path, "w", encoding="utf-8") as f:
        f.write(write_record(recorder.record, "text" if text else "jsonl"))


def play_round(
    rules: RuleSet,
    bots: Sequence[Bot],
    seed: int,
    dealer: int | None = None,
    *,
    on_move: MoveHook | None = None,
    record: RecordTo | None = None,
) -> GameState:
    """Deal a round (:func:`~unorules.new_round`, one seat per bot) and play it out.

    Args:
        rules: the rule set.
        bots: one bot per seat.
        seed: the round's shuffle seed.
        dealer: the dealer's seat (default the last seat).
        on_move: called with ``(before, move, after)`` after each move.
        record: record the round (:mod:`unorules.records`): a path to write
            the record to when the round is over (the text form for a ``.uno``
            or ``.txt`` file, else JSON Lines; it ends with the end line
            ``round``), or a :class:`~unorules.records.Recorder` to add it
            to (:meth:`~unorules.records.Recorder.end` ends its record).
            The record names the bots (``Record.bots``: each bot's ``name``).

    Returns:
        The final state (``round_over``).

    Raises:
        BotError: a bot failed (see :func:`play_from`).
        UnoError: with ``record``, a rule set whose name is no preset string
            (:meth:`unorules.records.Recorder.deal`), or a recorder holding
            another game.
        OSError: the record's file cannot be written.
    """
    state = new_round(rules, players=len(bots), seed=seed, dealer=dealer)
    recorder, hook = _recording(record, on_move, bots)
    if recorder is not None:
        recorder.deal(state)
    final = play_from(state, bots, on_move=hook)
    _save(record, recorder, "round")
    return final


def play_game(
    rules: RuleSet,
    bots: Sequence[Bot],
    seed: int,
    *,
    on_move: MoveHook | None = None,
    max_rounds: int = 10_000,
    record: RecordTo | None = None,
) -> list[GameState]:
    """Play a game to the target score (``score.target``): rounds with the
    dealer moving one seat clockwise (:func:`~unorules.next_round`).

    Args:
        rules: the rule set.
        bots: one bot per seat.
        seed: the game's seed (every shuffle of every round derives from it).
        on_move: called with ``(before, move, after)`` after each move.
        max_rounds: a safety limit.
        record: record the game, every round (:mod:`unorules.records`): a
            path to write the record to when the game is over (the text form
            for a ``.uno`` or ``.txt`` file, else JSON Lines; it ends with the
            end line ``game``), or a :class:`~unorules.records.Recorder` to
            add it to (:meth:`~unorules.records.Recorder.end` ends its record).
            The record names the bots (``Record.bots``: each bot's ``name``).

    Returns:
        The final state of each round, in order; the last one is ``game_over``.

    Raises:
        BotError: a bot failed (see :func:`play_from`).
        RuntimeError: when the game has not ended after ``max_rounds`` rounds.
        UnoError: with ``record``, a rule set whose name is no preset string
            (:meth:`unorules.records.Recorder.deal`), or a recorder holding
            another game.
        OSError: the record's file cannot be written.
    """
    recorder, hook = _recording(record, on_move, bots)
    state = new_game(rules, players=len(bots), seed=seed)
    if recorder is not None:
        recorder.deal(state)
    state = play_from(state, bots, on_move=hook)
    finals = [state]
    while not state.game_over:
        if len(finals) >= max_rounds:
            raise RuntimeError(f"the game did not end within {max_rounds} rounds")
        state = next_round(state)
        if recorder is not None:
            recorder.deal(state)
        state = play_from(state, bots, on_move=hook)
        finals.append(state)
    _save(record, recorder, "game")
    return finals
