"""Steps a second of the PettingZoo environment (``unorules.play.env``):
random play among the allowed actions through the AEC loop, observations
and masks included, as a training loop drives it, both for the raw
environment (``UnoEnv``, ``raw_env``) and for the wrapped one that
``env()`` gives and the docs tell users to use (PettingZoo's
``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``, as its classic games are wrapped).

Run from the repository root, after ``pip install -e ".[rl]"``::

    python bench/env_steps.py                      # official and kitchen-table, 2/4/10 seats
    python bench/env_steps.py --rules official --players 4 --rounds 50 --blocks 5

Like with like: for each row the raw and the wrapped environment play the
same rounds (seeds 0, 1, ...; every action drawn with ``random.Random(0)``
from ``np.flatnonzero(mask)``), so they make the very same steps (the script
checks it), in ``--blocks`` alternating blocks in one run (raw, wrapped,
raw, wrapped, ...), so that a change of the machine's load falls on both.
A step is one call of ``step`` with an action (declines of out-of-turn
windows included, the ``None`` steps of finished agents not); the time is
CPU time (``time.process_time``), so other load on the machine changes it
little. The last column is the wrapped environment's speed as a share of
the raw one's.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from unorules.play.env import UnoEnv, env


def play(game: Any, rounds: int) -> tuple[int, float]:
    """Steps made and CPU seconds spent playing ``rounds`` rounds on ``game``
    (raw or wrapped)."""
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    for seed in range(rounds):
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            game.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    return steps, time.process_time() - start


def measure(rules: str, players: int, rounds: int, blocks: int) -> dict[str, tuple[int, float]]:
    """Steps and CPU seconds of the raw and the wrapped environment, summed
    over ``blocks`` alternating blocks of ``rounds`` rounds each."""
    games = {"raw": UnoEnv(rules, players), "wrapped": env(rules=rules, players=players)}
    totals = {name: (0, 0.0) for name in games}
    for _ in range(blocks):
        made = {}
        for name, game in games.items():
            steps, spent = play(game, rounds)
            made[name] = steps
            totals[name] = (totals[name][0] + steps, totals[name][1] + spent)
        if made["raw"] != made["wrapped"]:
            raise RuntimeError(f"raw and wrapped played different games: {made}")
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", action="append", help="a preset string (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="seats (repeatable)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per block (5)")
    parser.add_argument("--blocks", type=int, default=4, help="alternating blocks per row (4)")
    args = parser.parse_args()
    print(
        f"{'rules':<16} {'seats':>5} {'steps':>8} {'raw steps/s':>12} "
        f"{'wrapped steps/s':>16} {'wrapped/raw':>12}"
    )
    for rules in args.rules or ["official", "kitchen-table"]:
        for players in args.players or [2, 4, 10]:
            totals = measure(rules, players, args.rounds, args.blocks)
            steps, raw = totals["raw"]
            wrapped = totals["wrapped"][1]
            print(
                f"{rules:<16} {players:>5} {steps:>8} {steps / raw:>12,.0f} "
                f"{steps / wrapped:>16,.0f} {raw / wrapped:>12.2f}"
            )


if __name__ == "__main__":
    main()
