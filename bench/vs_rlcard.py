"""Random self-play speed: unorules (official rules) against RLCard 1.2.0's UNO.

Run from the repository root, after ``pip install -e ".[bench]"``::

    python bench/vs_rlcard.py                      # 2, 4 and 6 players, ~1 minute
    python bench/vs_rlcard.py --rounds 50 --players 4 --seed 1
    python bench/vs_rlcard.py --json > bench-results.json

Both engines play whole rounds (RLCard calls a round a "game") in this one
process, every decision a uniformly random choice among the legal moves, with
fixed seeds:

* ``unorules``: ``ur.new_round`` / ``ur.legal_moves`` / ``ur.apply`` under the
  official preset. ``legal_moves`` lists every move of every seat, UNO calls
  and catches included, and the random player picks among all of them.
  Official rules allow drawing when a card fits, so random rounds are long
  (over a thousand decisions): that is the rules, not the engine.
* ``unorules play-first``: the same engine and rules, but a random player
  that behaves like RLCard's: a random playable card when there is one,
  else draw; a drawn card that fits is played; cards owed are taken; no
  calls, catches or challenges. Rounds are as short as RLCard's, so this row
  compares the engines on equal work per round.
* ``unorules rlcard-drawing``: uniformly random choice among ``legal_moves``
  again, under ``official+house.force-play+house.play-drawn``: the official
  rules with RLCard's drawing (draw only when nothing fits, a drawn card that
  fits must be played). UNO calls, catches and challenges stay, and the
  random players make them.
* ``rlcard``: ``rlcard.games.uno.game.UnoGame`` with ``num_players`` set on
  the game object (``rlcard.make("uno", config={"game_num_players": n})``
  ignores the setting and always seats 2); ``game.init_game()``,
  ``game.get_legal_actions()``, ``game.step(action)``, ``game.is_over()``.
  RLCard's rules are simplified: drawing only when nothing fits, a drawn card
  that fits is played automatically, no UNO call, no challenge, no scoring.
  Its ``step`` also builds the next player's observation (it calls
  ``get_legal_actions`` again).

Each call is timed with ``time.perf_counter_ns`` (about 0.1 µs of overhead
per call, the same for both engines); games/s counts the whole loop,
dealing included.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import unorules as ur
from unorules.moves import CallUno, CatchUno, Draw, Play

_ns = time.perf_counter_ns


@dataclass
class Run:
    """What one engine measured for one player count."""

    engine: str
    players: int
    rounds: int
    decisions: int
    seconds: float
    legal_ns: int
    legal_calls: int
    apply_ns: int
    apply_calls: int
    aborted: int = 0

    @property
    def games_per_s(self) -> float:
        return self.rounds / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds

    @property
    def decisions_per_round(self) -> float:
        return self.decisions / self.rounds

    @property
    def us_legal(self) -> float:
        return self.legal_ns / 1000 / max(1, self.legal_calls)

    @property
    def us_apply(self) -> float:
        return self.apply_ns / 1000 / max(1, self.apply_calls)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = asdict(self)
        out.update(
            games_per_s=self.games_per_s,
            decisions_per_s=self.decisions_per_s,
            decisions_per_round=self.decisions_per_round,
            us_per_legal=self.us_legal,
            us_per_apply=self.us_apply,
        )
        return out


Policy = Callable[[random.Random, ur.GameState, tuple[ur.Move, ...]], ur.Move]


def uniform(rng: random.Random, state: ur.GameState, moves: tuple[ur.Move, ...]) -> ur.Move:
    """Any legal move of any seat, uniformly."""
    return moves[rng.randrange(len(moves))]


def play_first(rng: random.Random, state: ur.GameState, moves: tuple[ur.Move, ...]) -> ur.Move:
    """RLCard's random player: a random playable card, else draw (or what
    else the seat in turn must do); never a call, catch or challenge."""
    seat = state.current
    turn = [m for m in moves if m.player == seat and not isinstance(m, CallUno | CatchUno)]
    plays = [m for m in turn if isinstance(m, Play)]
    if plays:
        return plays[rng.randrange(len(plays))]
    for m in turn:
        if isinstance(m, Draw):
            return m
    return turn[rng.randrange(len(turn))]


RLCARD_DRAWING = "official+house.force-play+house.play-drawn"
"""The official rules with RLCard's drawing: draw only when nothing fits, and
a drawn card that fits must be played."""


def bench_unorules(
    players: int, rounds: range, seed: int, policy: Policy, label: str, rules_name: str = "official"
) -> Run:
    rules = ur.presets.get(rules_name)
    legal_moves, apply = ur.legal_moves, ur.apply
    legal_ns = apply_ns = decisions = 0
    start = time.perf_counter()
    for i in rounds:
        rng = random.Random(f"{seed}:{i}")
        state = ur.new_round(rules, players=players, seed=seed * 1_000_003 + i)
        while not state.round_over:
            t0 = _ns()
            moves = legal_moves(state)
            t1 = _ns()
            move = policy(rng, state, moves)
            t2 = _ns()
            state = apply(state, move)
            t3 = _ns()
            legal_ns += t1 - t0
            apply_ns += t3 - t2
            decisions += 1
    seconds = time.perf_counter() - start
    return Run(
        label, players, len(rounds), decisions, seconds, legal_ns, decisions, apply_ns, decisions
    )


def bench_rlcard(players: int, rounds: range, seed: int) -> Run:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    legal_ns = apply_ns = decisions = aborted = 0
    start = time.perf_counter()
    for i in rounds:
        rng = random.Random(f"{seed}:{i}")
        game = UnoGame(num_players=players)
        game.num_players = players
        game.np_random = np.random.RandomState((seed * 1_000_003 + i) % 2**32)
        game.init_game()
        try:
            while not game.is_over():
                t0 = _ns()
                actions = game.get_legal_actions()
                t1 = _ns()
                action = actions[rng.randrange(len(actions))]
                t2 = _ns()
                game.step(action)
                t3 = _ns()
                legal_ns += t1 - t0
                apply_ns += t3 - t2
                decisions += 1
        except IndexError:
            # RLCard 1.2.0 pops from an empty deck when every card is in a hand.
            aborted += 1
    seconds = time.perf_counter() - start
    return Run(
        "rlcard",
        players,
        len(rounds),
        decisions,
        seconds,
        legal_ns,
        decisions,
        apply_ns,
        decisions,
        aborted,
    )


def _block(total: int, blocks: int, b: int) -> range:
    """Round indices of block ``b`` of ``blocks``."""
    return range(total * b // blocks, total * (b + 1) // blocks)


def _merge(parts: list[Run]) -> Run:
    first = parts[0]
    return Run(
        first.engine,
        first.players,
        sum(p.rounds for p in parts),
        sum(p.decisions for p in parts),
        sum(p.seconds for p in parts),
        sum(p.legal_ns for p in parts),
        sum(p.legal_calls for p in parts),
        sum(p.apply_ns for p in parts),
        sum(p.apply_calls for p in parts),
        sum(p.aborted for p in parts),
    )


def _table(runs: list[Run]) -> str:
    head = (
        f"{'engine':<25}{'players':>7}{'rounds':>7}{'games/s':>10}{'decisions/s':>13}"
        f"{'dec/round':>11}{'µs legal':>10}{'µs apply':>10}"
    )
    lines = [head, "-" * len(head)]
    for r in runs:
        lines.append(
            f"{r.engine:<25}{r.players:>7}{r.rounds:>7}{r.games_per_s:>10.1f}"
            f"{r.decisions_per_s:>13,.0f}{r.decisions_per_round:>11.1f}"
            f"{r.us_legal:>10.1f}{r.us_apply:>10.1f}"
            + (f"  ({r.aborted} aborted: empty deck)" if r.aborted else "")
        )
    return "\n".join(lines)


def _ratios(runs: list[Run]) -> list[dict[str, float | int]]:
    out: list[dict[str, float | int]] = []
    for n in sorted({r.players for r in runs}):
        by = {r.engine: r for r in runs if r.players == n}
        rl = by.get("rlcard")
        if rl is None:
            continue
        row: dict[str, float | int] = {"players": n}
        uni = by.get("unorules")
        if uni is not None:
            row["games_ratio"] = uni.games_per_s / rl.games_per_s
            row["decisions_ratio"] = uni.decisions_per_s / rl.decisions_per_s
        pf = by.get("unorules play-first")
        if pf is not None:
            row["play_first_games_ratio"] = pf.games_per_s / rl.games_per_s
            row["play_first_decisions_ratio"] = pf.decisions_per_s / rl.decisions_per_s
        rd = by.get("unorules rlcard-drawing")
        if rd is not None:
            row["rlcard_drawing_games_ratio"] = rd.games_per_s / rl.games_per_s
            row["rlcard_drawing_decisions_ratio"] = rd.decisions_per_s / rl.decisions_per_s
        out.append(row)
    return out


def _build() -> str:
    """Which engine is installed: the pure-Python one or the mypyc build."""
    from unorules.engine import checking

    compiled = not checking.__file__ or not checking.__file__.endswith(".py")
    return "engine compiled with mypyc" if compiled else "pure Python"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds",
        type=int,
        default=100,
        help="uniform-random unorules rounds per player count (default 100)",
    )
    parser.add_argument(
        "--fast-rounds",
        type=int,
        default=1000,
        help="rounds for RLCard and for unorules play-first (default 1000)",
    )
    parser.add_argument(
        "--blocks",
        type=int,
        default=5,
        help="run the engines in turns, in this many blocks each (default 5)",
    )
    parser.add_argument("--players", default="2,4,6", help="player counts (default 2,4,6)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first round (default 0)")
    parser.add_argument(
        "--no-play-first",
        action="store_true",
        help="skip the play-first and rlcard-drawing rows",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    try:
        import rlcard
    except ImportError:
        parser.exit(2, "RLCard is not installed: pip install -e '.[bench]' (rlcard==1.2.0)\n")
    runs: list[Run] = []
    blocks = max(1, args.blocks)
    for n in counts:
        # The engines take turns block by block, so that a busy machine slows
        # them alike and the ratios stay fair.
        parts: dict[str, list[Run]] = {}
        for b in range(blocks):
            slow = _block(args.rounds, blocks, b)
            fast = _block(args.fast_rounds, blocks, b)
            parts.setdefault("u", []).append(
                bench_unorules(n, slow, args.seed, uniform, "unorules")
            )
            if not args.no_play_first:
                parts.setdefault("p", []).append(
                    bench_unorules(n, fast, args.seed, play_first, "unorules play-first")
                )
                parts.setdefault("d", []).append(
                    bench_unorules(
                        n, fast, args.seed, uniform, "unorules rlcard-drawing", RLCARD_DRAWING
                    )
                )
            parts.setdefault("r", []).append(bench_rlcard(n, fast, args.seed))
        runs += [_merge(p) for p in parts.values()]
        if not args.json:
            print(f"... {n} players done", file=sys.stderr)
    ratios = _ratios(runs)
    if args.json:
        print(
            json.dumps(
                {
                    "python": platform.python_version(),
                    "machine": platform.machine(),
                    "unorules": ur.__version__,
                    "build": _build(),
                    "rlcard": getattr(rlcard, "__version__", "?"),
                    "seed": args.seed,
                    "runs": [r.to_dict() for r in runs],
                    "ratios": ratios,
                },
                indent=2,
            )
        )
        return 0
    print(
        f"Python {platform.python_version()} on {platform.machine()}, unorules {ur.__version__} "
        f"({_build()}), RLCard {getattr(rlcard, '__version__', '?')}, seed {args.seed}"
    )
    print(
        "One round = one RLCard game. 'legal' = legal_moves / get_legal_actions, "
        "'apply' = apply / step.\n"
    )
    print(_table(runs))
    print()
    print("unorules / RLCard:")
    for row in ratios:
        line = f"  {row['players']} players:"
        if "games_ratio" in row:
            line += (
                f" games/s x{row['games_ratio']:.4f} (1/{1 / row['games_ratio']:.0f}),"
                f" decisions/s x{row['decisions_ratio']:.3f}"
            )
        if "play_first_games_ratio" in row:
            line += (
                f"; play-first games/s x{row['play_first_games_ratio']:.3f},"
                f" decisions/s x{row['play_first_decisions_ratio']:.3f}"
            )
        if "rlcard_drawing_games_ratio" in row:
            line += (
                f"; rlcard-drawing games/s x{row['rlcard_drawing_games_ratio']:.3f},"
                f" decisions/s x{row['rlcard_drawing_decisions_ratio']:.3f}"
            )
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
