"""Hypothesis strategies for testing code built on unorules (bots, apps, simulations).

This module needs Hypothesis, which comes with the ``test`` extra
(``pip install "unorules[test]"``); the rest of the package does not.

Every strategy shrinks towards something simple: the official rules, two
players, seed 0, the first legal move. A typical property test of a bot::

    from hypothesis import given
    import unorules as ur
    from unorules import testing as urs

    @given(urs.rounds())
    def test_my_bot_always_answers_with_a_legal_move(state):
        assert my_bot(state) in ur.legal_moves(state)

Strategies:

* :func:`colors`, :func:`cards`: the four colours; any card.
* :func:`moves`: any move of any type by any seat, legal or not.
* :func:`rule_sets`: valid rule sets, ``official`` plus available rule IDs.
* :func:`rounds`: a freshly dealt round (start card applied).
* :func:`playouts`: a round and a short sequence of drawn legal moves;
  each choice shrinks on its own.
* :func:`games`: a round played to its end by uniformly random legal moves.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

from unorules.cards import ALL_CARDS, COLORS, Card, Color
from unorules.dealing import new_round
from unorules.engine import apply, legal_moves
from unorules.errors import RuleSetError
from unorules.moves import (
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    Timeout,
)
from unorules.rules import presets
from unorules.rules.ruleset import RuleSet
from unorules.rules.validation import validate
from unorules.state import GameState

__all__ = [
    "cards",
    "colors",
    "games",
    "moves",
    "playouts",
    "random_playout",
    "rounds",
    "rule_sets",
]

_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

# Slots whose rule IDs combine instead of competing (presets.compose merges them).
_COMBINING_SLOTS = frozenset({"stacking"})


def colors() -> st.SearchStrategy[Color]:
    """One of the four colours; shrinks towards red."""
    return st.sampled_from(COLORS)


def cards(rules: RuleSet | None = None) -> st.SearchStrategy[Card]:
    """A card.

    Args:
        rules: when given, only cards of this rule set's deck; otherwise every
            distinct card the package knows, the wild extras (``WS``, ``WX``,
            ``WC``) included.

    Returns:
        A strategy of :class:`~unorules.cards.Card`; shrinks towards ``R0``.
    """
    if rules is None:
        return st.sampled_from(ALL_CARDS)
    return st.sampled_from(tuple(dict.fromkeys(rules.deck.cards())))


def moves(players: int) -> st.SearchStrategy[Move]:
    """Any move of any type, legal or not, by a seat of a round of ``players``.

    Plays draw any card (wild extras included) with or without a named colour,
    so wild plays come both with a colour and without one (which the engine
    refuses), and coloured cards sometimes carry a colour (refused too); most
    lay one copy without a swap, some name a seat to swap hands with
    (``swap_with``) or lay up to four copies (``count``). Catches name any
    target seat, the catcher itself included. ``Timeout`` (a host's move) is
    drawn too.

    Args:
        players: the number of seats; seats are drawn from ``0..players-1``.

    Returns:
        A strategy of :data:`~unorules.moves.Move`.

    Raises:
        hypothesis.errors.InvalidArgument: when ``players`` is below 1.
    """
    if players < 1:
        raise InvalidArgument(f"players must be at least 1, not {players!r}")
    seats = st.integers(min_value=0, max_value=players - 1)
    counts = st.just(1) | st.integers(min_value=1, max_value=4)
    return st.one_of(
        st.builds(Play, seats, cards(), st.none() | colors(), st.none() | seats, counts),
        st.builds(Draw, seats),
        st.builds(Pass, seats),
        st.builds(ChooseColor, seats, colors()),
        st.builds(CallUno, seats),
        st.builds(CatchUno, seats, seats),
        st.builds(Challenge, seats),
        st.builds(Timeout, seats),
    )


def _ids_by_slot() -> dict[str, tuple[str, ...]]:
    slots: dict[str, list[str]] = {}
    for rule_id in presets.available():
        slot = presets.slot_of(rule_id)
        if slot is not None:
            slots.setdefault(slot, []).append(rule_id)
    return {slot: tuple(ids) for slot, ids in slots.items()}


@st.composite
def _rule_sets(draw: st.DrawFn) -> RuleSet:
    chosen: list[str] = []
    for slot, ids in _ids_by_slot().items():
        if slot in _COMBINING_SLOTS:
            chosen += draw(st.lists(st.sampled_from(ids), unique=True, max_size=len(ids)))
        else:
            pick = draw(st.none() | st.sampled_from(ids))
            if pick is not None:
                chosen.append(pick)
    for i, rid in enumerate(chosen):
        numbered = presets.NUMBERED.get(rid)
        if numbered is not None and (numbered.default is None or draw(st.booleans())):
            # A rule that takes a number (uno.penalty=N): a number of its range.
            n = draw(st.integers(min_value=numbered.lowest, max_value=numbered.highest))
            chosen[i] = f"{rid}={n}"
    ordered = list(draw(st.permutations(chosen))) if chosen else []
    if draw(st.booleans()):
        ordered.append("strict")
    target = draw(st.none() | st.integers(min_value=1, max_value=1000))
    if target is not None:
        # Last, so that a bare "score.target" drawn above never follows it.
        ordered.append(f"score.target={target}")
    return _compose_valid(ordered)


def _compose_valid(ids: list[str]) -> RuleSet:
    """Compose ``ids``, dropping the later ID of each pair that cannot go
    together (``compose`` names the pair, and so does a contradiction
    :func:`~unorules.rules.validation.validate` finds) until the rest
    composes."""
    while True:
        try:
            rules = presets.compose(presets.official(), tuple(ids))
            # Two IDs that contradict (presets.get refuses them) go too.
            for problem in validate(rules):
                if problem.kind == "contradiction":
                    raise RuleSetError(problem.message, problem.rule_ids)
            return rules
        except RuleSetError as e:
            involved = [i for i in ids if i in e.rule_ids or _option_of(i) in e.rule_ids]
            if not involved:
                raise
            ids = [i for i in ids if i != involved[-1]]


def _option_of(rule_id: str) -> str:
    return rule_id.partition("=")[0]


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """A valid rule set: the ``official`` preset with a random selection of
    :func:`unorules.rules.presets.available` rule IDs composed in by
    :func:`unorules.rules.presets.compose`, at most one ID per slot (stacking IDs
    combine), a rule that takes a number with a random one of its range
    (``uno.penalty=N``, :data:`~unorules.rules.presets.NUMBERED`), sometimes
    ``strict`` and sometimes ``score.target=N``. When
    ``compose`` refuses two IDs together (or a target the scoring rule lacks),
    the later one is left out.

    The result's ``name`` is the preset string that builds it again with
    :func:`unorules.rules.presets.get`. Shrinks towards plain ``official``.

    Returns:
        A strategy of :class:`~unorules.rules.ruleset.RuleSet`.
    """
    return _rule_sets()


def _players_range(rules: RuleSet, min_players: int, max_players: int) -> tuple[int, int]:
    """The player counts of ``min_players..max_players`` the deck serves
    (empty when ``low > high``)."""
    return max(min_players, rules.deck.min_players), min(max_players, rules.deck.max_players)


@st.composite
def _rounds(
    draw: st.DrawFn,
    rules: RuleSet | st.SearchStrategy[RuleSet] | None,
    min_players: int,
    max_players: int,
) -> GameState:
    if rules is None:
        rules = rule_sets()
    if isinstance(rules, st.SearchStrategy):
        # A deck that seats nobody in the range (two decks: 11-20) is skipped.
        chosen = draw(rules.filter(lambda r: _fits(r, min_players, max_players)))
    else:
        chosen = rules
    low, high = _players_range(chosen, min_players, max_players)
    players = draw(st.integers(min_value=low, max_value=high), label="players")
    seed = draw(_SEEDS, label="seed")
    dealer = draw(st.integers(min_value=0, max_value=players - 1), label="dealer")
    return new_round(chosen, players, seed, dealer=dealer)


def _fits(rules: RuleSet, min_players: int, max_players: int) -> bool:
    low, high = _players_range(rules, min_players, max_players)
    return low <= high


def _check_round_args(
    rules: RuleSet | st.SearchStrategy[RuleSet] | None, min_players: int, max_players: int
) -> None:
    if min_players < 1 or max_players < min_players:
        raise InvalidArgument(
            f"need 1 <= min_players <= max_players, not {min_players!r}..{max_players!r}"
        )
    if isinstance(rules, RuleSet) and not _fits(rules, min_players, max_players):
        raise InvalidArgument(
            f"no player count in {min_players}..{max_players} suits the deck of {rules.name} "
            f"({rules.deck.min_players}..{rules.deck.max_players})"
        )


def rounds(
    rules: RuleSet | st.SearchStrategy[RuleSet] | None = None,
    min_players: int = 2,
    max_players: int = 10,
) -> st.SearchStrategy[GameState]:
    """A new round from :func:`unorules.new_round`: shuffled by a drawn seed,
    dealt to a drawn number of players by a drawn dealer, start card applied.

    Args:
        rules: a rule set, a strategy of rule sets, or ``None`` for
            :func:`rule_sets`.
        min_players: the fewest seats (clipped to what the deck serves).
        max_players: the most seats (clipped to what the deck serves). Drawn
            rule sets whose deck seats no count in the range are skipped.

    Returns:
        A strategy of :class:`~unorules.state.GameState` before the first
        move. ``state.seed``, ``state.players`` and ``state.dealer`` say how
        to deal it again.

    Raises:
        hypothesis.errors.InvalidArgument: for ``min_players > max_players``,
            or a rule set whose deck seats no count in the range.
    """
    _check_round_args(rules, min_players, max_players)
    return _rounds(rules, min_players, max_players)


@st.composite
def _playouts(
    draw: st.DrawFn,
    rules: RuleSet | st.SearchStrategy[RuleSet] | None,
    min_players: int,
    max_players: int,
    max_moves: int,
) -> list[GameState]:
    state = draw(_rounds(rules, min_players, max_players))
    length = draw(st.integers(min_value=0, max_value=max_moves), label="moves")
    states = [state]
    while len(states) <= length and not state.round_over:
        options = legal_moves(state)
        index = draw(st.integers(min_value=0, max_value=len(options) - 1))
        state = apply(state, options[index])
        states.append(state)
    return states


def playouts(
    rules: RuleSet | st.SearchStrategy[RuleSet] | None = None,
    min_players: int = 2,
    max_players: int = 10,
    max_moves: int = 100,
) -> st.SearchStrategy[list[GameState]]:
    """A drawn round and up to ``max_moves`` moves, each drawn by Hypothesis
    from :func:`unorules.legal_moves` of the state before it.

    Every choice is its own draw, so a failing example shrinks to few, early
    moves (index 0, the first legal move, is the simplest choice). Keep
    ``max_moves`` to a few hundred at most: each move takes room in
    Hypothesis's per-example budget. For whole rounds use :func:`games`.

    Args:
        rules: a rule set, a strategy of rule sets, or ``None`` for
            :func:`rule_sets`.
        min_players: the fewest seats.
        max_players: the most seats.
        max_moves: the most moves played; fewer when the round ends first.

    Returns:
        A strategy of lists of states: the dealt round first, then the state
        after each move.

    Raises:
        hypothesis.errors.InvalidArgument: for a bad player range (see
            :func:`rounds`) or a negative ``max_moves``.
    """
    _check_round_args(rules, min_players, max_players)
    if max_moves < 0:
        raise InvalidArgument(f"max_moves must be >= 0, not {max_moves!r}")
    return _playouts(rules, min_players, max_players, max_moves)


def random_playout(start: GameState, choices: random.Random, max_moves: int) -> list[GameState]:
    """Play ``start`` by uniformly random legal moves until the round ends or
    ``max_moves`` moves are made.

    Args:
        start: the first state.
        choices: the random generator that picks each move's index in
            :func:`unorules.legal_moves`.
        max_moves: the most moves to make.

    Returns:
        ``start`` and the state after each move.
    """
    states = [start]
    state = start
    while not state.round_over and len(states) <= max_moves:
        options = legal_moves(state)
        state = apply(state, options[choices.randrange(len(options))])
        states.append(state)
    return states


@st.composite
def _games(
    draw: st.DrawFn,
    rules: RuleSet | st.SearchStrategy[RuleSet] | None,
    min_players: int,
    max_players: int,
    max_moves: int,
) -> list[GameState]:
    state = draw(_rounds(rules, min_players, max_players))
    choice_seed = draw(_SEEDS, label="choice_seed")
    return random_playout(state, random.Random(choice_seed), max_moves)


def games(
    rules: RuleSet | st.SearchStrategy[RuleSet] | None = None,
    min_players: int = 2,
    max_players: int = 10,
    max_moves: int = 5_000,
) -> st.SearchStrategy[list[GameState]]:
    """A drawn round played to its end by uniformly random legal moves.

    The moves are chosen by a :class:`random.Random` seeded with a drawn
    ``choice_seed`` (a whole round can take thousands of moves, more than a
    Hypothesis example holds), so shrinking simplifies the rules, the player
    count and the seeds but not single moves; :func:`playouts` shrinks the
    moves themselves. The same draws always give the same states.

    Args:
        rules: a rule set, a strategy of rule sets, or ``None`` for
            :func:`rule_sets`.
        min_players: the fewest seats.
        max_players: the most seats.
        max_moves: the most moves played. Uniformly random play can make a
            round very long, so check ``states[-1].round_over`` before
            relying on the round being over.

    Returns:
        A strategy of lists of states: the dealt round first, then the state
        after each move.

    Raises:
        hypothesis.errors.InvalidArgument: for a bad player range (see
            :func:`rounds`) or a negative ``max_moves``.
    """
    _check_round_args(rules, min_players, max_players)
    if max_moves < 0:
        raise InvalidArgument(f"max_moves must be >= 0, not {max_moves!r}")
    return _games(rules, min_players, max_players, max_moves)
