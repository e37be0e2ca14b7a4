"""Compare settings of the heuristic bot: one seat plays a variant, the others
the default, on the same deals for every variant.

    python bench/tune_heuristic.py --rounds 6000 action_bonus=0 action_bonus=-10 action_bonus=30

Each variant sits at seat 0 against default heuristic bots; the dealer moves
one seat per round, so seat 0 is not always first. Prints the share of rounds
the variant won (a fair share is 1/players) with its standard error, and the
mean points it scored per round. The first line is the default against
itself, a check on the noise.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import unorules as ur
from unorules.play.bots import HeuristicBot, play_round


def _play(args: tuple[str, dict[str, float], int, int, int, int]) -> tuple[int, int]:
    rules_spec, options, players, first, last, seed = args
    rules = ur.presets.get(rules_spec)
    wins = points = 0
    for i in range(first, last):
        bots = [HeuristicBot(**options)] + [HeuristicBot() for _ in range(players - 1)]  # type: ignore[arg-type]
        final = play_round(rules, bots, seed=seed + i, dealer=(players - 1 + i) % players)
        wins += final.winner == 0
        points += final.scores[0]
    return wins, points


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="NAME=VALUE settings of HeuristicBot")
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="official")
    parser.add_argument("--seed", type=int, default=5000, help="seed of the first deal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    variants: list[dict[str, float]] = [{}]
    for spec in args.variants:
        name, _, value = spec.partition("=")
        variants.append({name: float(value)})
    fair = 1 / args.players
    se = math.sqrt(fair * (1 - fair) / args.rounds)
    print(f"{args.rounds} rounds, {args.players} players, {args.rules}; standard error {se:.1%}")
    half = args.rounds // 2
    with ProcessPoolExecutor(args.workers) as pool:
        for options in variants:
            parts = [
                (args.rules, options, args.players, 0, half, args.seed),
                (args.rules, options, args.players, half, args.rounds, args.seed),
            ]
            results = list(pool.map(_play, parts))
            wins = sum(w for w, _ in results) / args.rounds
            points = sum(p for _, p in results) / args.rounds
            label = ", ".join(f"{k}={v:g}" for k, v in options.items()) or "default"
            print(f"  {label:<28} won {wins:6.1%}   points per round {points:6.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
