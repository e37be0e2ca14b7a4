"""Where unorules spends its time in random self-play (see README "where the time goes").

Run from the repository root::

    python bench/profile_engine.py                   # the fair benchmark's game, 300 rounds
    python bench/profile_engine.py --rules official --rounds 30   # every move of legal_moves
    python bench/profile_engine.py --rules official --policy play-first --rounds 300
    python bench/profile_engine.py --pstats /tmp/engine.prof   # then snakeviz / pstats

``--rules fair`` (the default) plays the rules of ``vs_rlcard.py --fair``
(RLCard's game as a unorules rule set) with ``turn_moves``, as that
benchmark does; ``--rules official`` the official preset with
``legal_moves`` (UNO calls, catches and challenges included).

Three parts:

1. **Without the profiler**: the share of wall time in the listing
   (``turn_moves`` or ``legal_moves``), ``apply`` and the rest, and µs per
   call by phase and by hand size.
2. **The fast paths against the plain ones**, on states sampled from the same
   rounds: ``legal_moves``' generator against generate-and-test with the full
   check of every candidate (what the property tests hold it to), ``apply``
   of a move ``legal_moves`` just listed against ``apply`` that checks it
   first, the cost of ``check``, of building a GameState, and of ``new_round``.
3. **cProfile**: the top functions by own time, with calls per decision.
   cProfile inflates small functions, so read its shares together with
   part 1.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import unorules as ur
from unorules.engine import generation
from unorules.moves import Move
from unorules.state import _moved

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vs_rlcard import FAIR, play_first

_ns = time.perf_counter_ns
Policy = Callable[[Callable[[], float], ur.GameState, tuple[Move, ...]], Move]


def uniform(rr: Callable[[], float], state: ur.GameState, moves: tuple[Move, ...]) -> Move:
    """The benchmark's uniform pick: ``moves[int(rr() * len(moves))]``."""
    return moves[int(rr() * len(moves))]


POLICIES: dict[str, Policy] = {"uniform": uniform, "play-first": play_first}
RULES = {"fair": FAIR, "official": "official"}
LISTING = {"fair": ur.turn_moves, "official": ur.legal_moves}
CHOSEN = {"rules": "fair"}


def rounds(players: int, count: int, seed: int, policy: Policy, sample_every: int = 0):
    """Play ``count`` rounds; yield (state, moves, move, legal_ns, apply_ns) per decision."""
    rules = ur.presets.get(RULES[CHOSEN["rules"]])
    listing = LISTING[CHOSEN["rules"]]
    for i in range(count):
        rr = random.Random(seed * 1_000_003 + i).random
        state = ur.new_round(rules, players=players, seed=seed * 1_000_003 + i)
        while not state.round_over:
            t0 = _ns()
            moves = listing(state)
            t1 = _ns()
            move = policy(rr, state, moves)
            t2 = _ns()
            nxt = ur.apply(state, move)
            t3 = _ns()
            yield state, moves, move, t1 - t0, t3 - t2
            state = nxt


def part1(args: argparse.Namespace, policy: Policy) -> list[tuple[ur.GameState, Move]]:
    legal_total = apply_total = 0
    by_phase: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_hand: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_move: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    decisions = 0
    sample: list[tuple[ur.GameState, Move]] = []
    start = _ns()
    for state, _moves, move, legal_ns, apply_ns in rounds(
        args.players, args.rounds, args.seed, policy
    ):
        decisions += 1
        legal_total += legal_ns
        apply_total += apply_ns
        by_phase[state.phase.value][0] += 1
        by_phase[state.phase.value][1] += legal_ns
        size = len(state.hands[state.current])
        bucket = "1-7" if size <= 7 else "8-14" if size <= 14 else "15-24" if size <= 24 else "25+"
        by_hand[bucket][0] += 1
        by_hand[bucket][1] += legal_ns
        by_move[type(move).__name__][0] += 1
        by_move[type(move).__name__][1] += apply_ns
        if decisions % args.sample_every == 0:
            sample.append((state, move))
    wall = _ns() - start
    print(
        f"== 1. without the profiler: {args.rounds} rounds, {args.players} players, "
        f"rules {args.rules}, policy {args.policy}, {decisions} moves, {wall / 1e9:.2f} s"
    )
    print(
        f"   {args.listing} {legal_total / wall:6.1%} of wall time, "
        f"{legal_total / 1000 / decisions:6.1f} µs per call"
    )
    print(
        f"   apply       {apply_total / wall:6.1%} of wall time, "
        f"{apply_total / 1000 / decisions:6.1f} µs per call"
    )
    print(
        f"   the rest (dealing, the random policy, the loop, timers) "
        f"{1 - (legal_total + apply_total) / wall:6.1%}"
    )
    print(
        f"   {args.listing} by phase:      "
        + ", ".join(
            f"{k} {v[1] / 1000 / v[0]:.1f} µs ({v[0] / decisions:.0%} of calls)"
            for k, v in sorted(by_phase.items(), key=lambda kv: -kv[1][0])
        )
    )
    print(
        f"   {args.listing} by hand size:  "
        + ", ".join(
            f"{k} cards {v[1] / 1000 / v[0]:.1f} µs ({v[0] / decisions:.0%})"
            for k, v in sorted(by_hand.items(), key=lambda kv: int(kv[0].split("-")[0].rstrip("+")))
        )
    )
    print(
        "   apply by move:             "
        + ", ".join(
            f"{k} {v[1] / 1000 / v[0]:.1f} µs ({v[0] / decisions:.0%})"
            for k, v in sorted(by_move.items(), key=lambda kv: -kv[1][0])
        )
    )
    MOVES_PER_ROUND[0] = decisions / args.rounds
    return sample


MOVES_PER_ROUND = [0.0]
"""Moves a round in part 1's rounds (set by part 1)."""


def part2(sample: list[tuple[ur.GameState, Move]], moves: float) -> None:
    """The fast paths against the plain ones, on the sampled states;
    ``moves``: moves a round, to share the deal out per move."""
    reps = 5
    k = len(sample)
    n = k * reps

    def per_call(f: Callable[[ur.GameState, Move], object]) -> float:
        t0 = _ns()
        for state, move in sample:
            for _ in range(reps):
                f(state, move)
        return (_ns() - t0) / 1000 / n

    fast = per_call(lambda s, m: generation._generate(s))
    turn = per_call(lambda s, m: generation._listed(s, True))
    plain = per_call(lambda s, m: generation._reference_moves(s))
    print(f"\n== 2. fast paths, on {k} sampled states")
    print(
        f"   legal_moves: {fast:.2f} µs per call without its cache (turn_moves {turn:.2f} µs); "
        f"generate-and-test with the full check of every candidate (the definition it is "
        f"tested against) {plain:.2f} µs, {plain / fast:.1f}x"
    )

    def trusted(state: ur.GameState, move: Move) -> None:
        generation._keep_answer(state, (move,))
        ur.apply(state, move)

    def checked(state: ur.GameState, move: Move) -> None:
        generation._drop_answer(state)
        ur.apply(state, move)

    t_trusted = per_call(trusted)
    t_checked = per_call(checked)
    t_check = per_call(ur.check)
    print(
        f"   apply of the move played: {t_trusted:.2f} µs when legal_moves just listed it, "
        f"{t_checked:.2f} µs otherwise (its check() alone {t_check:.2f} µs)"
    )

    def copied(state: ur.GameState, move: Move) -> None:
        # The state one move on with every field as it was: the copy of the
        # state record that apply's fast path makes for every move.
        _moved(
            state,
            state.hands,
            state.draw_pile,
            state.discard_pile,
            state.color,
            state.current,
            state.direction,
            state.phase,
            state.pending,
            state.drawn,
            state.uno_missed,
            state.uncalled,
        )

    t_copy = per_call(copied)
    print(f"   of which the copy of the state record (state._moved): {t_copy:.2f} µs")
    rules = ur.presets.get(RULES[CHOSEN["rules"]])
    t0 = _ns()
    for i in range(200):
        ur.new_round(rules, players=4, seed=i)
    deal = (_ns() - t0) / 1000 / 200
    per_move = f", {deal / moves:.2f} µs per move ({moves:.1f} moves a round)" if moves else ""
    print(f"   new_round: {deal:.1f} µs per deal (4 players){per_move}")


def part3(args: argparse.Namespace, policy: Policy) -> None:
    profiler = cProfile.Profile()
    decisions = 0
    profiler.enable()
    for _ in rounds(args.players, args.rounds, args.seed, policy):
        decisions += 1
    profiler.disable()
    if args.pstats:
        profiler.dump_stats(args.pstats)
    stats = pstats.Stats(profiler)
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in raw.values())
    print(f"\n== 3. cProfile: {decisions} moves, {total:.2f} s of profiled time")
    print(f"   {'function':<52}{'calls/move':>15}{'own time':>10}{'cumulative':>12}")
    rows = sorted(raw.items(), key=lambda kv: -kv[1][2])[: args.top]
    for (file, line, func), (_cc, nc, tt, ct, _callers) in rows:
        where = f"{Path(file).name}:{line}({func})" if line else func
        print(f"   {where[:52]:<52}{nc / decisions:>15.1f}{tt / total:>10.1%}{ct / total:>12.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rules",
        choices=sorted(RULES),
        default="fair",
        help="fair: vs_rlcard.py --fair's rules with turn_moves (default); "
        "official: the official preset with legal_moves",
    )
    parser.add_argument("--rounds", type=int, default=300, help="rounds to play (default 300)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    parser.add_argument(
        "--policy",
        choices=sorted(POLICIES),
        default="uniform",
        help="random player (default uniform; see vs_rlcard.py)",
    )
    parser.add_argument(
        "--sample-every", type=int, default=20, help="sample one state in N for part 2 (default 20)"
    )
    parser.add_argument("--top", type=int, default=20, help="cProfile rows (default 20)")
    parser.add_argument("--pstats", metavar="FILE", help="also write the cProfile data to FILE")
    args = parser.parse_args(argv)
    CHOSEN["rules"] = args.rules
    args.listing = LISTING[args.rules].__name__
    policy = POLICIES[args.policy]
    sample = part1(args, policy)
    part2(sample, MOVES_PER_ROUND[0])
    part3(args, policy)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
