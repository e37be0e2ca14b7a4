"""Steps a second of the PettingZoo environment (``unorules.play.env``):
random play among the allowed actions through the AEC loop, observations
and masks included, as a training loop drives it.

Run from the repository root, after ``pip install -e ".[rl]"``::

    python bench/env_steps.py                      # official and kitchen-table, 2/4/10 seats
    python bench/env_steps.py --rules official --players 4 --rounds 50

Each row plays ``--rounds`` rounds from seeds 0, 1, ...; every action is
drawn with ``random.Random(0)`` from ``np.flatnonzero(mask)``. A step is one
call of ``step`` with an action (declines of out-of-turn windows included,
the ``None`` steps of finished agents not); the time is CPU time
(``time.process_time``), so other load on the machine changes it little.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from unorules.play.env import UnoEnv


def measure(rules: str, players: int, rounds: int) -> tuple[int, float, float]:
    """Steps, CPU seconds, and the share of them spent in ``observe``."""
    game = UnoEnv(rules, players)
    rng = random.Random(0)
    steps, observing = 0, 0.0
    start = time.process_time()
    for seed in range(rounds):
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            before = time.process_time()
            observation, _, terminated, truncated, _ = game.last()
            observing += time.process_time() - before
            if terminated or truncated:
                game.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            game.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    spent = time.process_time() - start
    return steps, spent, observing / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", action="append", help="a preset string (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="seats (repeatable)")
    parser.add_argument("--rounds", type=int, default=20, help="rounds per row (20)")
    args = parser.parse_args()
    print(f"{'rules':<16} {'seats':>5} {'steps':>8} {'steps/s':>9} {'observe':>8}")
    for rules in args.rules or ["official", "kitchen-table"]:
        for players in args.players or [2, 4, 10]:
            steps, spent, share = measure(rules, players, args.rounds)
            print(f"{rules:<16} {players:>5} {steps:>8} {steps / spent:>9,.0f} {share:>8.0%}")


if __name__ == "__main__":
    main()
