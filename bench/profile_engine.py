"""Where unorules spends its time in random self-play (see README "where the time goes").

Run from the repository root::

    python bench/profile_engine.py                   # 4 players, 30 uniform-random rounds
    python bench/profile_engine.py --policy play-first --rounds 300
    python bench/profile_engine.py --pstats /tmp/engine.prof   # then snakeviz / pstats

Three parts:

1. **Without the profiler**: the share of wall time in ``legal_moves``,
   ``apply`` and ``new_round``, and µs per call by phase and by hand size.
2. **``check`` per candidate**: ``legal_moves`` builds every conceivable move
   and keeps those :func:`unorules.check` allows. On states sampled from the
   same rounds, each ``check`` call ``legal_moves`` makes is timed (by
   wrapping ``unorules.engine.check`` for the measurement), split by move
   type and by outcome (allowed / refused); also the cost of ``apply``'s own
   ``check``, of building a GameState, and of ``new_round``.
3. **cProfile**: the top functions by own time, and call counts per decision
   for the helpers that matter (Card.code, Ruling, ...). cProfile inflates
   small functions, so read its shares together with part 1.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import unorules as ur
from unorules import engine
from unorules.moves import Move

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vs_rlcard import play_first, uniform

_ns = time.perf_counter_ns
Policy = Callable[[random.Random, ur.GameState, tuple[Move, ...]], Move]
POLICIES: dict[str, Policy] = {"uniform": uniform, "play-first": play_first}


def rounds(players: int, count: int, seed: int, policy: Policy, sample_every: int = 0):
    """Play ``count`` rounds; yield (state, moves, move, legal_ns, apply_ns) per decision."""
    rules = ur.presets.official()
    for i in range(count):
        rng = random.Random(f"{seed}:{i}")
        state = ur.new_round(rules, players=players, seed=seed * 1_000_003 + i)
        while not state.round_over:
            t0 = _ns()
            moves = ur.legal_moves(state)
            t1 = _ns()
            move = policy(rng, state, moves)
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
        f"policy {args.policy}, {decisions} decisions, {wall / 1e9:.2f} s"
    )
    print(
        f"   legal_moves {legal_total / wall:6.1%} of wall time, "
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
        "   legal_moves by phase:      "
        + ", ".join(
            f"{k} {v[1] / 1000 / v[0]:.1f} µs ({v[0] / decisions:.0%} of calls)"
            for k, v in sorted(by_phase.items(), key=lambda kv: -kv[1][0])
        )
    )
    print(
        "   legal_moves by hand size:  "
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
    return sample


def part2(sample: list[tuple[ur.GameState, Move]]) -> None:
    check = ur.check
    cost: dict[tuple[str, bool], list[int]] = defaultdict(lambda: [0, 0])
    real = engine.check
    depth = [0]

    def timed(state: ur.GameState, move: Move) -> ur.Ruling:
        # Only the calls legal_moves makes (check may call itself).
        depth[0] += 1
        t0 = _ns()
        try:
            ruling = real(state, move)
        finally:
            depth[0] -= 1
        if depth[0] == 0:
            key = (type(move).__name__, ruling.allowed)
            cost[key][0] += 1
            cost[key][1] += _ns() - t0
        return ruling

    legal_ns = allowed = 0
    for state, _ in sample:
        t0 = _ns()
        allowed += len(ur.legal_moves(state))
        legal_ns += _ns() - t0
    engine.check = timed  # type: ignore[assignment]
    try:
        for state, _ in sample:
            ur.legal_moves(state)
    finally:
        engine.check = real  # type: ignore[assignment]
    k = len(sample)
    total = sum(v[1] for v in cost.values())
    considered = sum(v[0] for v in cost.values())
    print(f"\n== 2. the check() calls inside legal_moves, on {k} sampled states")
    print(
        f"   legal_moves: {considered / k:.1f} candidates checked per call, "
        f"{allowed / k:.1f} allowed ({allowed / considered:.0%}); "
        f"{legal_ns / 1000 / k:.1f} µs per call; the candidates' check() calls take "
        f"{total / 1000 / k:.1f} µs (timed one by one, ~0.1 µs of timer each)"
    )
    head = f"{'candidate':<12}{'outcome':<9}{'per call':>9}{'µs each':>9}{'share':>8}"
    print(f"   {head}")
    for (name, ok), (count, ns) in sorted(cost.items(), key=lambda kv: -kv[1][1]):
        print(
            f"   {name:<12}{'allowed' if ok else 'refused':<9}{count / k:>9.1f}"
            f"{ns / 1000 / count:>9.2f}{ns / total:>8.1%}"
        )
    reps = 5
    apply_ns = check_ns = evolve_ns = 0
    for state, move in sample:
        t0 = _ns()
        for _ in range(reps):
            ur.apply(state, move)
        t1 = _ns()
        for _ in range(reps):
            check(state, move)
        t2 = _ns()
        for _ in range(reps):
            attrs.evolve(state, turns=state.turns + 1)
        t3 = _ns()
        apply_ns += t1 - t0
        check_ns += t2 - t1
        evolve_ns += t3 - t2
    n = k * reps
    print(
        f"   apply of the move played: {apply_ns / 1000 / n:.2f} µs, of which its own check() "
        f"{check_ns / 1000 / n:.2f} µs ({check_ns / apply_ns:.0%}); building one GameState "
        f"(attrs.evolve) costs {evolve_ns / 1000 / n:.2f} µs"
    )
    rules = ur.presets.official()
    t0 = _ns()
    for i in range(200):
        ur.new_round(rules, players=4, seed=i)
    print(f"   new_round: {(_ns() - t0) / 1000 / 200:.1f} µs per deal (4 players)")


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
    print(f"\n== 3. cProfile: {decisions} decisions, {total:.2f} s of profiled time")
    print(f"   {'function':<52}{'calls/decision':>15}{'own time':>10}{'cumulative':>12}")
    rows = sorted(raw.items(), key=lambda kv: -kv[1][2])[: args.top]
    for (file, line, func), (_cc, nc, tt, ct, _callers) in rows:
        where = f"{Path(file).name}:{line}({func})" if line else func
        print(f"   {where[:52]:<52}{nc / decisions:>15.1f}{tt / total:>10.1%}{ct / total:>12.1%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30, help="rounds to play (default 30)")
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
    policy = POLICIES[args.policy]
    sample = part1(args, policy)
    part2(sample)
    part3(args, policy)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
