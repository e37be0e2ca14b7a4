"""Random-game checker (after OpenSpiel's random simulation test) over random
rule sets, seeds and player counts, built on :mod:`unorules.testing`.

At every step of a uniformly random playout the checker asserts: the 108
cards are all accounted for, ``apply`` never mutates its input, every listed
move applies and ``explain``/``check`` agree with ``legal_moves``, unlisted
moves raise ``IllegalMove`` citing a rule, the state invariants hold, and a
replay of the same seed and move indices gives identical states, every
state passes ``validate_state``; and between
states: scores never decrease and only change when a round ends (the winner
gains the opponents' hand values), a play moves exactly its card to the top.
Separate properties: rounds end within ``ROUND_BOUND`` moves, whole games
to a target score end with the dealer rotating, replays are identical across
processes (string hashing), the strategies draw what they promise, and states
and moves round-trip through JSON.

Repro of a failure: Hypothesis prints the drawn round (``rules.name``,
players, seed, dealer) and ``choice_seed``; the assertion message names the
step and the move.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest
from helpers import all_cards
from hypothesis import HealthCheck, given, note, settings
from hypothesis import Phase as Stage
from hypothesis import strategies as st

import unorules as ur
from unorules import testing as urs
from unorules.cards import COLORS, Face
from unorules.engine import checking, generation
from unorules.engine.plan import plan
from unorules.moves import Timeout
from unorules.reasons import Misplayed
from unorules.serialize import dumps, loads
from unorules.state import GameState, Phase

MAX_ROUND_MOVES = 5_000
"""Moves of uniformly random play checked step by step in one round."""

# Random players draw when they could play, so a round can run to several
# thousand moves; it still ends.
ROUND_BOUND = 100_000
"""A round of random play (see test_random_rounds_end_within_bound) must end
within this many moves."""

POOL_SIZE = 24
"""Moves drawn from ``strategies.moves(players)`` per example."""

UNLISTED_PER_STEP = 4
"""Unlisted moves from the pool, and as many near misses, fully checked per step."""

SHORT_PLAYOUT_MOVES = 60
"""Moves of a shrinkable playout (each move takes room in a Hypothesis example)."""

SHORT_PLAYOUT_PLAYERS = 5
"""The most seats in a shrinkable playout (checks per step grow with the square)."""

CHOICE_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


# --------------------------------------------------------------------------- helpers


def snapshot(state: GameState) -> tuple[object, ...]:
    """Every field of the position (all immutable values; not the kept
    legal_moves answer) and the hash, to compare after."""
    return (attrs.astuple(state, recurse=False, filter=lambda a, _: a.eq), hash(state))


def hand_value(state: GameState, seat: int) -> int:
    return state.rules.card_values.hand_value(state.hands[seat])


def pile_exhausted(state: GameState) -> bool:
    """Nothing left to draw or reshuffle (``pile.exhausted``)."""
    return not state.draw_pile and len(state.discard_pile) == 1


@attrs.frozen
class At:
    """Where a check happens; formatted only when an assertion fails."""

    step: int
    state: GameState
    move: ur.Move | None = None
    what: str = ""
    after: GameState | None = None

    def __str__(self) -> str:
        move = f" {self.what} {self.move}" if self.move is not None else ""
        after = f" -> {self.after!r}" if self.after is not None else ""
        return f"step {self.step}{move} in {self.state!r}{after}"


def has_rule(state: GameState, rule_id: str) -> bool:
    return rule_id in state.rules.rule_ids


def assert_valid(state: GameState, ctx: object) -> None:
    """``validate_state`` holds."""
    try:
        ur.validate_state(state)
    except ur.StateError as e:
        raise AssertionError(f"not a possible state: {e}, {ctx}") from None


def assert_invariants(state: GameState, where: object) -> None:
    """What holds in every state, whatever the rules."""
    n = state.players
    ctx = where
    assert_valid(state, ctx)
    # A two-sided card is the same card whichever side is up (RuleSet.upright).
    held = Counter(state.rules.upright(c) for c in all_cards(state).elements())
    assert held == Counter(state.rules.deck.cards()), f"cards not conserved, {ctx}"
    assert isinstance(state.phase, Phase), ctx
    assert 0 <= state.current < n, ctx
    assert state.direction in (1, -1), ctx
    if state.rules.colors:
        # A round may end before the next player names the colour of a wild
        # card that leaves it to them (No Mercy's Wild Colour Roulette laid
        # as the last card): no colour is then in force.
        unnamed = (
            state.phase is Phase.ROUND_OVER
            and state.color is None
            and state.top in plan(state.rules).others_name
        )
        assert unnamed or (state.color is None) == (state.phase is Phase.CHOOSE_COLOR), (
            f"colour, {ctx}"
        )
    else:
        # A deck whose cards name no colour (all-wild.no-colour): none is ever in force.
        assert state.color is None and state.phase is not Phase.CHOOSE_COLOR, f"colour, {ctx}"
    pending = state.pending
    # A colour to name comes in choose-color: the wild start card's, or the
    # one a seat names to draw until it turns up (ActionEffect.draw_until).
    naming = state.phase is Phase.CHOOSE_COLOR
    answer = pending is not None and pending.kind is not ur.PendingKind.COLOR and not naming
    assert answer == (state.phase is Phase.OWE), f"pending {pending}, {ctx}"
    if naming:
        assert pending is not None and pending.kind in (
            ur.PendingKind.COLOR,
            ur.PendingKind.DRAW_UNTIL,
        ), f"pending {pending}, {ctx}"
    drawing = pending is not None and pending.kind is ur.PendingKind.DRAW
    assert (state.owed > 0) == drawing, f"owed {state.owed}, {ctx}"
    assert (state.drawn is not None) == (state.phase is Phase.DRAWN), f"drawn, {ctx}"
    if state.drawn is not None:
        assert state.drawn in state.hands[state.current], f"drawn card not in hand, {ctx}"
    if state.wd4 is not None and state.phase is not Phase.REPLAY:
        # A Wild Draw Four is challenged before the draw; a plain Wild
        # (challenge.also-wild) before the next player acts. (In REPLAY the
        # record is the Wild Draw Four taken back: challenge.take-back.)
        phase = Phase.TURN if state.wd4.card.face is Face.WILD else Phase.OWE
        assert state.phase is phase, f"challengeable {state.wd4.card} in {state.phase}, {ctx}"
    if state.phase is Phase.REPLAY:
        assert state.wd4 is not None and state.wd4.player == state.current, ctx
    assert state.discard_pile, ctx
    assert len(state.scores) == n and all(v >= 0 for v in state.scores), ctx
    for seat in (state.uno_called, state.uno_missed):
        assert seat is None or 0 <= seat < n, ctx
    if state.uno_missed is not None:
        assert len(state.hands[state.uno_missed]) == 1, f"uno_missed, {ctx}"
    if state.round_over:
        winner = state.winner
        standing = winner is not None and state.knocked_out and sum(map(bool, state.hands)) == 1
        timed = state.clock_out and not state.finished and not standing
        if timed and not pile_exhausted(state):
            # house.blitz: the game's clock ended the round; the one seat
            # holding the fewest cards won it, a tie nobody. (The clock's
            # last turn may draw the last card of the draw pile: the
            # discard pile still holds cards to reshuffle.)
            sizes = [len(h) for h in state.hands if h]
            fewest = [s for s in range(n) if state.hands[s] and len(state.hands[s]) == min(sizes)]
            assert winner == (fewest[0] if len(fewest) == 1 else None), f"clock winner, {ctx}"
            assert state.game_over and state.game_winner == winner, f"clock game, {ctx}"
        elif (winner is None or state.hands[winner]) and not standing:
            # Not by going out, nor as the last seat a hand limit left in the
            # round (no-mercy.mercy): only the piles running out ends a round.
            assert pile_exhausted(state), f"round over without a winner going out, {ctx}"
            if has_rule(state, "score.winner-takes"):
                # pile.exhausted, interp. under winner-takes: the lowest hand wins.
                values = [hand_value(state, s) for s in range(n)]
                low = min(values)
                if winner is None:
                    assert values.count(low) > 1, f"no winner but a unique lowest hand, {ctx}"
                else:
                    assert values[winner] == low and values.count(low) == 1, f"winner, {ctx}"
    else:
        # end.play-on: the first seat out has won while the others play on.
        first_out = state.finished[0] if state.finished else None
        assert state.winner == first_out, f"winner {state.winner} while play goes on, {ctx}"
        # Only a seat that went out (end.play-on) or that a hand limit put out
        # (no-mercy.mercy) holds no cards while play goes on, and it stays out.
        empty = {s for s in range(n) if not state.hands[s]}
        out = set(state.finished) | set(state.knocked_out)
        assert empty == out, f"empty hands {empty}, out {out}, {ctx}"
        assert not set(state.finished) & set(state.knocked_out), ctx
    assert len(set(state.finished)) == len(state.finished), f"out twice: {state.finished}, {ctx}"


def assert_transition(before: GameState, move: ur.Move, after: GameState, where: At) -> None:
    """What holds between a state and the state after an allowed move."""
    ctx = where
    assert after.turns == before.turns + 1, ctx
    assert after.rules == before.rules and after.players == before.players, ctx
    assert after.dealer == before.dealer and after.seed == before.seed, ctx
    assert all(b >= a for a, b in zip(before.scores, after.scores, strict=True)), (
        f"a score decreased, {ctx}"
    )
    effect = before.rules.effect(move.last, before.players) if isinstance(move, ur.Play) else None
    if (
        isinstance(move, ur.Play)
        and effect is not None
        and effect.flip
        and after.hands[move.player]
    ):
        # ActionEffect.flip: the discard pile turned over as a whole, the
        # bottom card's other side on top; its colour, or one to name.
        laid = (*before.discard_pile, *move.cards)
        turned = tuple(c.turned() for c in reversed(laid))
        assert after.discard_pile[-len(turned) :] == turned, f"the pile turned over, {ctx}"
        top = after.top
        assert after.color is top.color or after.phase is Phase.CHOOSE_COLOR, f"colour, {ctx}"
    elif isinstance(move, ur.Play):
        assert after.top == move.last, f"the card played last is not on top, {ctx}"
        named = move.color if move.last.is_wild else move.last.color
        assert after.color is named, f"colour in force, {ctx}"
    if isinstance(move, ur.Play):
        # No card but the ones played leaves the hands (cards may move between
        # hands, or come from the pile, under some rules); a card is the same
        # whichever side is up.
        up = before.rules.upright
        kept = Counter(up(c) for c in itertools.chain(*before.hands))
        kept.subtract(up(c) for c in move.cards)
        held = Counter(up(c) for c in itertools.chain(*after.hands))
        # Cards that left a hand otherwise went onto the discard pile: under
        # the card laid (no-mercy.discard-all), or under the pile with a hand
        # a hand limit put out (no-mercy.mercy).
        discarded = Counter(up(c) for c in after.discard_pile)
        discarded.subtract(up(c) for c in before.discard_pile)
        discarded.subtract(up(c) for c in move.cards)
        gone = +kept - held
        if after.knocked_out != before.knocked_out:
            # A hand put out by a hand limit went under the draw pile (after a
            # take-back, the bluffer draws after laying and can reach it).
            under = Counter(up(c) for c in after.draw_pile)
            under.subtract(up(c) for c in before.draw_pile)
            gone = +gone - +under
        assert not gone - +discarded, f"play.one-card: {gone} left the hands too, {ctx}"
        put_out = move.player in after.knocked_out
        if before.winner is None and not after.hands[move.player] and not put_out:
            assert after.winner == move.player, f"who went out first did not win, {ctx}"
    if isinstance(move, ur.Draw) and before.phase is Phase.OWE and not after.round_over:
        grown = len(after.hands[move.player]) - len(before.hands[move.player])
        if move.player in after.knocked_out:
            # Too many to go on with (no-mercy.mercy): out, the cards gone.
            held = len(before.hands[move.player]) + before.owed
            assert after.rules.hand_limit.knocked_out(held), f"put out holding {held}, {ctx}"
        elif before.pending is not None and before.pending.kind is ur.PendingKind.DRAW_UNTIL:
            assert grown >= 1 or after.round_over, f"drew none until the colour, {ctx}"
        else:
            assert grown == before.owed, f"took {grown} of {before.owed} owed cards, {ctx}"
    decided = before.winner is None and after.winner is not None
    if not decided and not (after.round_over and not before.round_over):
        assert after.scores == before.scores, f"scores changed mid-round, {ctx}"
    if has_rule(after, "score.winner-takes"):
        # The winner scores the total of the *opponents'* hands when it is
        # decided (when going out, even if others play on); nobody else scores.
        expected = [0] * after.players
        if decided and after.winner is not None:
            expected[after.winner] = sum(
                hand_value(after, s) for s in range(after.players) if s != after.winner
            )
            if has_rule(after, "house.teams"):
                # house.teams: the partners score the other team's hands, both.
                team = after.rules.scoring.partners(after.winner, after.players)
                won = sum(hand_value(after, s) for s in range(after.players) if s not in team)
                expected = [won if s in team else 0 for s in range(after.players)]
            if has_rule(after, "score.double"):
                expected = [2 * v for v in expected]
        gained = [b - a for a, b in zip(before.scores, after.scores, strict=True)]
        assert gained == expected, f"score.winner-takes: gained {gained}, not {expected}, {ctx}"


def host_move(move: ur.Move) -> bool:
    """``Timeout``: a host's move, which ``legal_moves`` never lists."""
    return isinstance(move, Timeout)


def near_misses(state: GameState) -> list[ur.Move]:
    """Moves close to the legal ones: every non-play move of every seat, and
    every card in every hand (jump-ins are out-of-turn plays), wild cards with
    each colour, several copies at once, 7s and Wild Swap Hands with each
    swap target."""
    n = state.players
    found: list[ur.Move] = []
    for seat in range(n):
        found += [ur.Draw(seat), ur.Pass(seat), ur.CallUno(seat), ur.Challenge(seat)]
        found += [ur.ChooseColor(seat, c) for c in COLORS]
        found += [ur.CatchUno(seat, t) for t in range(n)]
        found.append(Timeout(seat))
        hand = state.hands[seat]
        for card in dict.fromkeys(hand):
            named = COLORS if card.is_wild else (None,)
            swaps: Sequence[int | None] = (None,)
            if card.face in (Face.SEVEN, Face.WILD_SWAP_HANDS):
                swaps = (None, *range(n))
            for count in range(1, hand.count(card) + 1):
                found += [ur.Play(seat, card, c, t, count) for c in named for t in swaps]
    return found


def assert_step(
    state: GameState, unlisted_pool: Sequence[ur.Move], rng: random.Random, step: int
) -> tuple[ur.Move, ...]:
    """Every per-step property of ``state``; returns its legal moves."""
    ctx = At(step, state)
    before = snapshot(state)
    listed_moves = ur.legal_moves(state)
    assert generation._generate(state) == listed_moves, f"unstable order, {ctx}"
    # The fast generator lists exactly what generate-and-test with the full
    # check lists, in the same order.
    assert generation._reference_moves(state) == listed_moves, f"fast generator differs, {ctx}"
    # turn_moves: the current seat's moves of legal_moves but calls and
    # catches, in the same order, asked of a copy that keeps no answer; apply
    # trusts them and gives the state the full path gives (with events).
    fresh = attrs.evolve(state)
    turn = ur.turn_moves(fresh)
    mine = tuple(
        m
        for m in listed_moves
        if m.player == state.current and not isinstance(m, ur.CallUno | ur.CatchUno)
    )
    assert turn == mine, f"turn_moves {turn} is not {mine}, {ctx}"
    # The very same objects, whichever of the two is asked first.
    assert all(t is m for t, m in zip(turn, mine, strict=True)), f"other objects, {ctx}"
    assert ur.turn_moves(fresh) is turn, f"turn_moves not kept, {ctx}"
    for move in turn:
        assert ur.apply(fresh, move) == ur.apply_with_events(state, move)[0], (
            f"apply of turn move {move} differs from the full path, {ctx}"
        )
    listed = set(listed_moves)
    assert len(listed) == len(listed_moves), f"duplicates in {listed_moves}, {ctx}"
    assert bool(listed_moves) == (not state.round_over), f"legal moves {listed_moves}, {ctx}"
    assert_invariants(state, ctx)

    for move in listed_moves:
        mctx = At(step, state, move, "listed")
        assert ur.check(state, move).allowed, mctx
        after = ur.apply(state, move)
        actx = At(step, state, move, "listed", after)
        assert_invariants(after, actx)
        assert_transition(state, move, after, actx)
        verdict = ur.explain(state, move)
        assert verdict.allowed and (verdict.legal or verdict.bluff), f"{verdict}, {mctx}"
        assert verdict.legal != verdict.bluff, f"{verdict}, {mctx}"
        assert verdict.rule_ids, mctx
        assert verdict.state == after, f"explain's outcome differs from apply's, {mctx}"
        if verdict.bluff:
            assert isinstance(move, ur.Play) and move.card.is_wild, mctx
            governs = getattr(state.rules.wd4, "governs", None)
            if move.card.face is Face.WILD_DRAW_FOUR:
                restriction: str | tuple[str, ...] = "wd4."
            elif governs is not None and governs(move.card):
                # A wild card the Wild Draw Four policy governs besides it
                # (an edition's Wild Draw Two): that policy's own rules.
                restriction = tuple(state.rules.wd4.rule_ids)
            else:
                # A plain Wild is only a bluff when it can be challenged.
                assert has_rule(state, "challenge.also-wild"), f"{verdict}, {mctx}"
                restriction = "wild."
            assert any(rid.startswith(restriction) for rid in verdict.rule_ids), (
                f"{verdict}, {mctx}"
            )
            assert not state.rules.strict, f"strict rules allowed a bluff, {mctx}"

    misses = near_misses(state)
    hosted = []
    void = []
    for move in misses:
        ruling = ur.check(state, move)
        allowed = ruling.allowed
        if host_move(move):
            if allowed:
                hosted.append(move)
            continue
        if isinstance(ruling.why, Misplayed):
            # A card that does not fit, taken back at a cost: accepted, listed
            # only when the match policy lists it; what follows can exist.
            why = ruling.why
            shown = why.card in plan(state.rules).misplays(why.top, why.color)
            assert allowed and (move in listed) == shown, f"misplay {move}, {ctx}"
            ur.validate_state(ur.apply(state, move))
            continue
        if ruling.void:
            # A call or catch that does not count: accepted, never listed.
            assert allowed and isinstance(move, ur.CallUno | ur.CatchUno), f"{move}, {ctx}"
            void.append(move)
            continue
        assert allowed == (move in listed), f"check allows {move}: {allowed}, {ctx}"
    for move in void:
        assert move not in listed, f"{move} listed, {ctx}"
        after = ur.apply(state, move)
        assert after is state, f"{move} changed the state, {ctx}"
    for move in hosted:
        assert has_rule(state, "house.timed-turns"), f"{move} allowed, {ctx}"
        assert move.player == state.current, f"{move} allowed, {ctx}"
        after = ur.apply(state, move)
        actx = At(step, state, move, "host move", after)
        assert_invariants(after, actx)
        assert_transition(state, move, after, actx)

    def refused(m: ur.Move) -> bool:
        """Not listed, and neither void nor a misplay (both accepted)."""
        ruling = ur.check(state, m)
        return not ruling.void and not isinstance(ruling.why, Misplayed)

    unlisted = [m for m in unlisted_pool if m not in listed and m not in hosted and refused(m)]
    near_unlisted = [
        m for m in misses if m not in listed and m not in hosted and m not in void and refused(m)
    ]
    sample = rng.sample(unlisted, min(UNLISTED_PER_STEP, len(unlisted)))
    sample += rng.sample(near_unlisted, min(UNLISTED_PER_STEP, len(near_unlisted)))
    for move in sample:
        mctx = At(step, state, move, "unlisted")
        assert not ur.check(state, move).allowed, mctx
        with pytest.raises(ur.IllegalMove) as refused:
            ur.apply(state, move)
        assert refused.value.rule_ids, mctx
        assert all(rid in ur.CATALOGUE for rid in refused.value.rule_ids), (
            f"cites unknown IDs {refused.value.rule_ids}, {mctx}"
        )
        verdict = ur.explain(state, move)
        assert not verdict.allowed and not verdict.legal and not verdict.bluff, mctx
        assert verdict.rule_ids == refused.value.rule_ids, mctx

    assert snapshot(state) == before, f"the state changed while being checked, {ctx}"
    return listed_moves


def replay(start: GameState, indices: Sequence[int]) -> list[GameState]:
    """Deal ``start`` again from its seed and play the same move indices."""
    state = ur.new_round(
        start.rules,
        start.players,
        start.seed,
        dealer=start.dealer,
        scores=start.scores,
        round_number=start.round_number,
    )
    states = [state]
    for index in indices:
        state = ur.apply(state, ur.legal_moves(state)[index])
        states.append(state)
    return states


# --------------------------------------------------------------------------- properties


def check_playout(
    start: GameState,
    choose: Callable[[int], int],
    pool: Sequence[ur.Move],
    rng: random.Random,
    max_moves: int,
) -> None:
    """Play from ``start``, ``choose(len(legal))`` picking each move, until the
    round ends or ``max_moves`` moves are made; check every step, then replay."""
    state = start
    states = [start]
    indices: list[int] = []
    while True:
        step = len(indices)
        listed = assert_step(state, pool, rng, step)
        if state.round_over or step >= max_moves:
            break
        index = choose(len(listed))
        nxt = ur.apply(state, listed[index])
        assert ur.apply(state, listed[index]) == nxt, f"step {step}: apply is not deterministic"
        indices.append(index)
        state = nxt
        states.append(state)

    again = replay(start, indices)
    for step, (first, second) in enumerate(zip(states, again, strict=True)):
        assert first == second, f"replay differs at step {step}: {first!r} != {second!r}"


def repro(start: GameState, choice_seed: int) -> str:
    return (
        f"rules={start.rules.name!r} players={start.players} seed={start.seed} "
        f"dealer={start.dealer} choice_seed={choice_seed}"
    )


@settings(
    max_examples=12,
    deadline=None,
    # Shrinking replays whole rounds of checks for every attempt (minutes);
    # the printed example, the note and the assertion (step, state, move) are
    # a full repro. test_short_playouts_keep_every_invariant shrinks.
    phases=[Stage.explicit, Stage.reuse, Stage.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(start=urs.rounds(), choice_seed=CHOICE_SEEDS, data=st.data())
def test_random_round_keeps_every_invariant(
    start: GameState, choice_seed: int, data: st.DataObject
) -> None:
    """Whole rounds (to their end, or MAX_ROUND_MOVES moves) of uniformly
    random legal moves. Whether they end in time is
    test_random_rounds_end_within_bound's business, so that a long round does
    not hide the checks here."""
    note(repro(start, choice_seed))
    pool = data.draw(
        st.lists(urs.moves(start.players), min_size=POOL_SIZE, max_size=POOL_SIZE),
        label="unlisted move pool",
    )
    choices = random.Random(choice_seed)
    check_playout(start, choices.randrange, pool, choices, MAX_ROUND_MOVES)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=urs.rounds(max_players=SHORT_PLAYOUT_PLAYERS),
    choice_seed=CHOICE_SEEDS,
    data=st.data(),
)
def test_short_playouts_keep_every_invariant(
    start: GameState, choice_seed: int, data: st.DataObject
) -> None:
    """The same checks over the first moves of a round, each move its own
    Hypothesis draw, so that a failure shrinks to a short, early sequence
    (kept small: each shrinking attempt replays the checks)."""
    note(repro(start, choice_seed))
    pool = data.draw(
        st.lists(urs.moves(start.players), min_size=8, max_size=8), label="unlisted move pool"
    )

    def choose(count: int) -> int:
        return data.draw(st.integers(min_value=0, max_value=count - 1))

    check_playout(start, choose, pool, random.Random(choice_seed), SHORT_PLAYOUT_MOVES)


@settings(
    max_examples=40,
    deadline=None,
    # A long round is not made clearer by shrinking the seeds: each attempt
    # replays up to ROUND_BOUND moves. The printed example is a full repro.
    phases=[Stage.explicit, Stage.reuse, Stage.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(start=urs.rounds(), choice_seed=CHOICE_SEEDS)
def test_random_rounds_end_within_bound(start: GameState, choice_seed: int) -> None:
    """Rounds end. The player is random, but half of the time it picks among
    its plays and UNO calls when it has any: under uniformly random moves some
    rule sets never end in practice (two seats under ``house.draw-until-playable``
    and ``draw.allowed-when-playable``: a draw is always open and brings several
    cards, so hands grow to hold the whole deck while the discard pile keeps
    being reshuffled)."""
    note(
        f"rules={start.rules.name!r} players={start.players} seed={start.seed} "
        f"dealer={start.dealer} choice_seed={choice_seed}"
    )
    choices = random.Random(choice_seed)
    state = start
    for _ in range(ROUND_BOUND):  # not keeping the states: a round may be long
        if state.round_over:
            break
        options = ur.legal_moves(state)
        assert options, f"no legal move while the round goes on: {state!r}"
        plays = [m for m in options if isinstance(m, (ur.Play, ur.CallUno))]
        pool = plays if plays and choices.random() < 0.5 else options
        state = ur.apply(state, pool[choices.randrange(len(pool))])
    assert state.round_over, f"the round has not ended after {ROUND_BOUND} random moves: {state!r}"


@pytest.mark.parametrize("extra", ["challenge.anyone", "uno.false-call"])
def test_every_step_check_after_a_seat_went_out(extra: str) -> None:
    """A position the random checker reached (end.play-on): seat 0 has gone
    out and the others play on; every listed move must keep it out."""
    rules = ur.presets.get(f"official+end.play-on+{extra}")
    state = ur.situation(rules, ["R3", "W+4 G8 G9", "Y5 B5 B6", "Y1 Y2 Y3"], top="R7")
    state = ur.apply(state, ur.Play(0, ur.Card.parse("R3")))
    state = ur.apply(state, ur.Play(1, ur.Card.parse("W+4"), ur.Color.BLUE))
    assert_step(state, [], random.Random(0), step=2)


def test_assert_valid_refuses_a_seat_left_uncalled_with_two_cards() -> None:
    """The blank card's rule makes seat 0 draw after it laid R3 without a call
    (seat 0 then holds R4 Y1): no UNO call is owed any more, so ``uncalled``
    is empty, and a state that still lists seat 0 is refused."""
    r = ur.presets.get("official-2018+house.custom-cards")
    s = ur.situation(r, ["R3 R4", "WC G1 G2", "B1 B2"], top="R7", draw_pile="Y1 Y2 Y3")
    s = ur.apply(s, ur.Play(0, ur.Card.parse("R3")))
    s = ur.apply(s, ur.Play(1, ur.Card.parse("WC"), ur.Color.GREEN))
    assert (s.uncalled, s.uno_missed, len(s.hands[0])) == ((), None, 2)
    assert_valid(s, "blank card")
    with pytest.raises(AssertionError, match="uncalled: seat 0 holds 2 cards"):
        assert_valid(attrs.evolve(s, uncalled=(0,)), "stale")


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4), (3, 6), (4, 10)])
def test_games_to_200_end_and_rotate_the_dealer(seed: int, players: int) -> None:
    rules = ur.presets.get("official+score.target=200")
    rng = random.Random(seed)
    state = ur.new_game(rules, players, seed)
    rounds = 0
    while True:
        rounds += 1
        assert rounds <= 100, f"no game winner after 100 rounds: scores {state.scores}"
        moves = 0
        while not state.round_over:
            assert moves < MAX_ROUND_MOVES, f"round {rounds} still going: {state!r}"
            options = ur.legal_moves(state)
            state = ur.apply(state, options[rng.randrange(len(options))])
            moves += 1
        assert_invariants(state, f"end of round {rounds}: {state!r}")
        if state.game_over:
            break
        nxt = ur.next_round(state)
        assert nxt.dealer == (state.dealer + 1) % players, "setup.dealer-rotates"
        assert nxt.round_number == state.round_number + 1
        assert nxt.scores == state.scores
        assert nxt.rules == rules and nxt.seed == seed
        assert_invariants(nxt, f"start of round {rounds + 1}: {nxt!r}")
        state = nxt
    winner = state.game_winner
    assert winner is not None
    assert state.scores[winner] >= 200 and state.scores[winner] == max(state.scores)
    with pytest.raises(ur.SituationError):
        ur.next_round(state)


@settings(max_examples=200, deadline=None)
@given(rules=urs.rule_sets())
def test_drawn_rule_sets_rebuild_from_their_name(rules: ur.RuleSet) -> None:
    assert ur.presets.get(rules.name) == rules


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states=urs.playouts(max_moves=60))
def test_playouts_are_chains_of_legal_moves(states: list[GameState]) -> None:
    for before, after in itertools.pairwise(states):
        assert after in {ur.apply(before, m) for m in ur.legal_moves(before)}
    assert all(not s.round_over for s in states[:-1])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=urs.rounds(), choice_seed=CHOICE_SEEDS)
def test_fast_generator_lists_what_the_full_check_allows(
    start: GameState, choice_seed: int
) -> None:
    """legal_moves skips candidates whose answer is known; on every state of
    a random round it must list exactly what generate-and-test with the full
    check lists, and apply's trust in its answer must change nothing."""
    note(repro(start, choice_seed))
    choices = random.Random(choice_seed)
    state = start
    for _ in range(MAX_ROUND_MOVES):
        listed = ur.legal_moves(state)
        assert listed == generation._reference_moves(state), state
        if state.round_over:
            break
        seat = state.current
        left = checking._left_to_check(state, seat)
        plays = checking._play_candidates(state, seat, state.hands[seat])
        if left is None:
            assert any(ur.check(state, m).legal for m in plays), state
        else:
            # Every card with a legal play is left to check (a bluff or a
            # misplay, allowed but not legal, need not be).
            assert {m.card for m in plays if ur.check(state, m).legal} <= set(left), state
        move = choices.choice(listed)
        trusted = ur.apply(state, move)
        generation._drop_answer(state)  # apply now checks the move in full
        assert ur.apply(state, move) == trusted, (state, move)
        state = trusted


@settings(max_examples=300, deadline=None)
@given(data=st.data(), rules=urs.rule_sets())
def test_listing_answers_as_play_status_rules(data: st.DataObject, rules: ur.RuleSet) -> None:
    """Move listing asks the play policies without reasons (``_allowance``);
    its answer is the one ``play_status`` gives with them (``play.match``,
    ``wild.*``, ``wd4.*``, the challenge policing a bluff, a misplay the
    match policy lists), for any hand, card, top card and colour in force."""
    wilds = sorted({c for c in rules.deck.cards() if c.is_wild}, key=str)
    card = data.draw(st.sampled_from(wilds) | urs.cards(rules))
    hand = [card, *data.draw(st.lists(urs.cards(rules), max_size=8))]
    top = data.draw(urs.cards(rules))
    color = data.draw(urs.colors()) if top.is_wild else top.color
    status = checking.play_status(rules, hand, card, top, color)
    got = checking._allowance(plan(rules), hand, card, top, color)
    expected = checking._LEGAL if status.legal else checking._BLUFF if status.allowed else 0
    if isinstance(status.why, Misplayed):
        # A misplay counts for listing only when the match policy lists it.
        shown = card in plan(rules).misplays(top, color)
        expected = checking._BLUFF if shown else 0
    assert got == expected, (hand, card, top, color, status)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), players=st.integers(min_value=1, max_value=10))
def test_moves_strategy_stays_in_range(data: st.DataObject, players: int) -> None:
    move = data.draw(urs.moves(players))
    assert 0 <= move.player < players
    if isinstance(move, ur.CatchUno):
        assert 0 <= move.target < players


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states=urs.playouts(max_moves=40), data=st.data())
def test_states_and_moves_round_trip_through_json(
    states: list[GameState], data: st.DataObject
) -> None:
    for state in states:
        assert loads(dumps(state), GameState) == state
    assert loads(dumps(states[0].rules), ur.RuleSet) == states[0].rules
    move = data.draw(urs.moves(states[0].players))
    assert loads(dumps(move), ur.Move) == move  # type: ignore[arg-type]


_REPLAY_SCRIPT = """
import hashlib, random, sys
import attrs
import unorules as ur
from unorules.testing import random_playout

rules = ur.presets.get(sys.argv[1])
start = ur.new_round(rules, int(sys.argv[2]), int(sys.argv[3]))
digest = hashlib.sha256()
for state in random_playout(start, random.Random(int(sys.argv[3])), 400):
    digest.update(repr(attrs.astuple(state, recurse=False)).encode())
print(digest.hexdigest())
"""


@pytest.mark.parametrize(
    ("spec", "players", "seed"),
    [
        ("official", 4, 11),
        ("official+house.stack-escalating+house.draw-until-playable+challenge.anyone", 3, 5),
    ],
)
def test_replays_are_identical_across_processes(spec: str, players: int, seed: int) -> None:
    """Shuffles and move order must not depend on Python's per-process string
    hashing (set order), or saved games would not replay."""
    digests = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _REPLAY_SCRIPT, spec, str(players), str(seed)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1, digests


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=urs.rule_sets(), players=st.integers(2, 6), seed=CHOICE_SEEDS, data=st.data())
def test_rounds_dealt_near_the_target_keep_every_state_valid(
    rules: ur.RuleSet, players: int, seed: int, data: st.DataObject
) -> None:
    """A round that starts with totals just short of the target, so that
    the points of a seat going out pass it inside the round (under
    end.play-on the others then play on) or end the game: every state
    validates."""
    if data.draw(st.booleans(), label="with end.play-on"):
        # Unless a rule of the set cannot go with end.play-on.
        with contextlib.suppress(ur.UnoError):
            rules = ur.presets.get(f"{rules.name}+end.play-on")
    if not rules.deck.min_players <= players <= rules.deck.max_players:
        return
    target = rules.scoring.target
    scores = data.draw(
        st.lists(st.integers(max(0, target - 40), target - 1), min_size=players, max_size=players),
        label="totals before the round",
    )
    try:
        state = ur.new_round(rules, players, seed=seed, scores=scores, round_number=2)
    except ur.UnoError:
        return  # totals this scoring policy cannot have before a round
    choices = random.Random(seed)
    for _ in range(MAX_ROUND_MOVES):
        if state.round_over:
            break
        state = ur.apply(state, choices.choice(ur.legal_moves(state)))
        ur.validate_state(state)
