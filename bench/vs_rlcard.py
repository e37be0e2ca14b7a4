"""Random self-play speed: unorules against RLCard 1.2.0's UNO on the same
rules, with the floor model (``bench/floor.py``) as the yardstick of plain
Python, and bytes per state.

Run from the repository root, after ``pip install -e ".[bench]"``::

    python bench/vs_rlcard.py --fair                 # 2, 4 and 6 players, ~30 s of CPU
    python bench/vs_rlcard.py --fair --players 4 --rounds 500 --blocks 3
    python bench/vs_rlcard.py --fair --json > bench-results.json
    python bench/vs_rlcard.py --fair --compiled .venv-compiled/bin/python

The rules are RLCard's own as near as unorules' catalogue has them, as a
rule set (``FAIR``; bench/README.md lists what still differs): drawing only
when nothing fits, a drawn card that fits is played, a Wild Draw Four only
when no other card fits, no challenge; nobody calls UNO or catches. Every row
plays whole rounds (RLCard calls a round a "game") from fixed seeds, round
``i`` with seed ``seed * 1_000_003 + i``, every choice
``acts[int(rr() * len(acts))]`` with ``rr = random.Random(seed_i).random``:

* ``rlcard driver``: a new ``UnoGame`` per round, given a ``RandomState``
  seeded with the round's seed, ``init_game``, then ``get_legal_actions`` and
  ``step`` until ``is_over`` (what a script driving RLCard usually does);
* ``rlcard step``: one ``UnoGame`` for all rounds, reseeded per round
  (``game.np_random.seed``), then ``init_game``, ``get_legal_actions``,
  ``step`` (``step`` builds the next player's observation, as RLCard's
  ``Env`` does);
* ``rlcard core``: the bare rules: the deal of ``init_game`` (dealer,
  players, round, start card) without its observation, then
  ``round.get_legal_actions(players, round.current_player)`` and
  ``round.proceed_round(players, action)`` until ``round.is_over``;
* ``unorules pure``: this tree's unorules, ``ur.new_round``,
  ``ur.turn_moves`` and ``ur.apply``;
* ``unorules compiled``: the same in a worker process whose Python has the
  mypyc-compiled unorules installed (``--compiled``), driven block by block;
* ``floor``: the floor model, which plays exactly the rounds unorules plays
  (``tests/test_floor.py``).

Decisions are counted as RLCard counts them: a move that RLCard makes by
itself (taking the cards owed, playing a drawn card that fits, naming the
colour for a Wild start card) is a move of unorules and the floor but not a
decision; every ``step`` is a decision. Rows marked "full rules" play the
official preset (uniform over every legal move, UNO calls and catches
included; or play-first: a random playable card, else draw; no calls);
their decisions are all moves.

Time is CPU time (``time.process_time``) per block; the rows take turns
block by block (the order rotating), and the tables give the median of the
blocks, so that a busy machine slows every row alike.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(ROOT))

import floor as F  # noqa: E402
from worker import Worker as _Worker  # noqa: E402
from worker import compiled_python  # noqa: E402

import unorules as ur  # noqa: E402
from unorules.moves import CallUno, CatchUno, Draw, Play  # noqa: E402
from unorules.state import Phase  # noqa: E402

FAIR = F.RULES
"""RLCard's rules as a unorules rule set."""

SEED_STEP = 1_000_003

RL_DRIVER = "rlcard driver"
RL_STEP = "rlcard step"
RL_CORE = "rlcard core"
PURE = "unorules pure"
COMPILED = "unorules compiled"
FLOOR = "floor"
FULL_UNIFORM = "full rules: unorules uniform"
FULL_PLAY_FIRST = "full rules: unorules play-first"

Block = tuple[float, int, int, int, int]
"""CPU seconds, rounds, decisions, moves, rounds aborted."""


def _round_seed(seed: int, i: int) -> int:
    return seed * SEED_STEP + i


# --- the rows ------------------------------------------------------------------------


def run_rlcard_driver(players: int, rounds: range, seed: int) -> Block:
    """A new ``UnoGame`` per round, as a driver script makes it."""
    from numpy.random import RandomState
    from rlcard.games.uno.game import UnoGame

    decisions = aborted = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        game = UnoGame(num_players=players)
        game.np_random = RandomState(s % 2**32)
        game.init_game()
        try:
            while not game.is_over():
                acts = game.get_legal_actions()
                game.step(acts[int(rr() * len(acts))])
                decisions += 1
        except IndexError:
            # RLCard 1.2.0 pops from an empty deck when every card is in a hand.
            aborted += 1
    return time.process_time() - t0, len(rounds), decisions, decisions, aborted


_GAMES: dict[int, Any] = {}


def _game(players: int) -> Any:
    """The one ``UnoGame`` of each player count, reused for every round."""
    game = _GAMES.get(players)
    if game is None:
        from rlcard.games.uno.game import UnoGame

        game = _GAMES[players] = UnoGame(num_players=players)
    return game


def run_rlcard_step(players: int, rounds: range, seed: int) -> Block:
    """One ``UnoGame`` reseeded per round; ``step`` on the legal actions of
    the state the previous ``step`` (or ``init_game``) returned, which lists
    them: they are not listed a second time."""
    game = _game(players)
    reseed = game.np_random.seed
    decisions = aborted = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        reseed(s % 2**32)
        state, _ = game.init_game()
        step, over = game.step, game.is_over
        try:
            while not over():
                acts = state["legal_actions"]
                state, _ = step(acts[int(rr() * len(acts))])
                decisions += 1
        except IndexError:
            aborted += 1
    return time.process_time() - t0, len(rounds), decisions, decisions, aborted


def run_rlcard_core(players: int, rounds: range, seed: int) -> Block:
    """The bare round: ``init_game``'s deal without its observation, then
    ``Round.get_legal_actions`` + ``Round.proceed_round``."""
    from rlcard.games.uno import Dealer, Player, Round

    rs = _game(players).np_random
    decisions = aborted = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        rs.seed(s % 2**32)
        dealer = Dealer(rs)
        seats = [Player(k, rs) for k in range(players)]
        for p in seats:
            dealer.deal_cards(p, 7)
        rnd = Round(dealer, players, rs)
        rnd.perform_top_card(seats, rnd.flip_top_card())
        legal, proceed = rnd.get_legal_actions, rnd.proceed_round
        try:
            while not rnd.is_over:
                acts = legal(seats, rnd.current_player)
                proceed(seats, acts[int(rr() * len(acts))])
                decisions += 1
        except IndexError:
            aborted += 1
    return time.process_time() - t0, len(rounds), decisions, decisions, aborted


def run_unorules(players: int, rounds: range, seed: int) -> Block:
    """unorules under ``FAIR``: ``turn_moves`` + uniform pick + ``apply``."""
    rules = ur.presets.get(FAIR)
    new_round, turn_moves, apply, turn = ur.new_round, ur.turn_moves, ur.apply, Phase.TURN
    decisions = made = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        state = new_round(rules, players=players, seed=s)
        while True:
            acts = turn_moves(state)
            if not acts:
                break
            if state.phase is turn:
                decisions += 1
            state = apply(state, acts[int(rr() * len(acts))])
            made += 1
    return time.process_time() - t0, len(rounds), decisions, made, 0


def run_floor(players: int, rounds: range, seed: int) -> Block:
    """The floor model: ``moves`` + uniform pick + ``apply``."""
    new_round, moves, apply, turn = F.new_round, F.moves, F.apply, F.TURN
    decisions = made = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        state = new_round(players, s)
        while True:
            acts = moves(state)
            if not acts:
                break
            if state[7] == turn:
                decisions += 1
            state = apply(state, acts[int(rr() * len(acts))])
            made += 1
    return time.process_time() - t0, len(rounds), decisions, made, 0


def run_full_uniform(players: int, rounds: range, seed: int) -> Block:
    """The official preset, uniform over every legal move of every seat."""
    rules = ur.presets.official()
    new_round, legal_moves, apply = ur.new_round, ur.legal_moves, ur.apply
    made = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        state = new_round(rules, players=players, seed=s)
        while True:
            acts = legal_moves(state)
            if not acts:
                break
            state = apply(state, acts[int(rr() * len(acts))])
            made += 1
    return time.process_time() - t0, len(rounds), made, made, 0


def play_first(rr: Callable[[], float], state: ur.GameState, moves: tuple[ur.Move, ...]) -> ur.Move:
    """RLCard's kind of random player under the official rules: a random
    playable card when there is one, else draw (or what else the seat in
    turn must do); never a call, catch or challenge."""
    seat = state.current
    turn = [m for m in moves if m.player == seat and not isinstance(m, CallUno | CatchUno)]
    plays = [m for m in turn if isinstance(m, Play)]
    if plays:
        return plays[int(rr() * len(plays))]
    for m in turn:
        if isinstance(m, Draw):
            return m
    return turn[int(rr() * len(turn))]


def run_full_play_first(players: int, rounds: range, seed: int) -> Block:
    """The official preset with the play-first player."""
    rules = ur.presets.official()
    new_round, legal_moves, apply = ur.new_round, ur.legal_moves, ur.apply
    made = 0
    t0 = time.process_time()
    for i in rounds:
        s = _round_seed(seed, i)
        rr = random.Random(s).random
        state = new_round(rules, players=players, seed=s)
        while True:
            acts = legal_moves(state)
            if not acts:
                break
            state = apply(state, play_first(rr, state, acts))
            made += 1
    return time.process_time() - t0, len(rounds), made, made, 0


# --- the compiled build in a worker process -------------------------------------------


def _build() -> str:
    """Which unorules this Python imports: pure Python or compiled with mypyc."""
    from unorules.engine import applying

    compiled = not applying.__file__.endswith(".py")
    return "compiled with mypyc" if compiled else "pure Python"


class Worker(_Worker):
    """``run_unorules`` in another Python (the compiled build), block by block
    over its stdin and stdout, so its blocks take turns with this process's."""

    def __init__(self, python: str) -> None:
        super().__init__(python, __file__)

    def run(self, players: int, rounds: range, seed: int) -> Block:
        got = self.ask([players, rounds.start, rounds.stop, seed])
        return got["cpu"], got["rounds"], got["decisions"], got["moves"], 0


def _serve() -> int:
    """The worker's side: say which build it imports, then run blocks."""
    try:
        ur.presets.get(FAIR)
        ur.turn_moves  # noqa: B018 - a build without it cannot run the row
        hello = {
            "build": _build(),
            "unorules": ur.__version__,
            "path": str(Path(ur.__file__).parent),
            "python": platform.python_version(),
        }
    except Exception as error:  # an older or broken build
        hello = {"error": f"{type(error).__name__}: {error}"}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        players, start, stop, seed = json.loads(line)
        cpu, rounds, decisions, made, _ = run_unorules(players, range(start, stop), seed)
        out = {"cpu": cpu, "rounds": rounds, "decisions": decisions, "moves": made}
        print(json.dumps(out), flush=True)
    return 0


def _commit(path: Path) -> str | None:
    """The git commit checked out where ``path`` lies (``None`` outside git),
    with ``+`` when the checkout has changes."""
    try:
        head = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if head.returncode != 0:
            return None
        dirty = subprocess.run(
            ["git", "-C", str(path), "status", "--porcelain", "--", "."],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


# --- measuring -----------------------------------------------------------------------


@dataclass
class Row:
    """One row of one player count: the blocks it ran."""

    name: str
    players: int
    blocks: list[Block] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return sum(b[1] for b in self.blocks)

    @property
    def cpu(self) -> float:
        return sum(b[0] for b in self.blocks)

    def _median(self, k: int) -> float:
        return statistics.median(b[k] / b[0] for b in self.blocks if b[0] > 0)

    @property
    def rounds_per_s(self) -> float:
        return self._median(1)

    @property
    def decisions_per_s(self) -> float:
        return self._median(2)

    @property
    def spread(self) -> float:
        """Half the range of the blocks' rounds/s, as a share of the median."""
        rates = [b[1] / b[0] for b in self.blocks if b[0] > 0]
        return (max(rates) - min(rates)) / 2 / statistics.median(rates)

    @property
    def decisions_per_round(self) -> float:
        return sum(b[2] for b in self.blocks) / self.rounds

    @property
    def moves_per_round(self) -> float:
        return sum(b[3] for b in self.blocks) / self.rounds

    @property
    def aborted(self) -> int:
        return sum(b[4] for b in self.blocks)

    def to_dict(self) -> dict[str, object]:
        return {
            "row": self.name,
            "players": self.players,
            "rounds": self.rounds,
            "blocks": len(self.blocks),
            "cpu_seconds": self.cpu,
            "rounds_per_s": self.rounds_per_s,
            "rounds_per_s_blocks": [b[1] / b[0] for b in self.blocks if b[0] > 0],
            "decisions_per_s": self.decisions_per_s,
            "decisions_per_round": self.decisions_per_round,
            "moves_per_round": self.moves_per_round,
            "aborted": self.aborted,
        }


def _split(total: int, blocks: int, b: int) -> range:
    """Round indices of block ``b`` of ``blocks``."""
    return range(total * b // blocks, total * (b + 1) // blocks)


RATIOS = (
    ("pure_vs_rlcard_step", PURE, RL_STEP),
    ("compiled_vs_rlcard_step", COMPILED, RL_STEP),
    ("pure_vs_rlcard_driver", PURE, RL_DRIVER),
    ("pure_vs_rlcard_core", PURE, RL_CORE),
    ("compiled_vs_rlcard_core", COMPILED, RL_CORE),
    ("compiled_vs_pure", COMPILED, PURE),
    ("floor_vs_pure", FLOOR, PURE),
    ("floor_vs_rlcard_step", FLOOR, RL_STEP),
)
"""Rounds-per-second ratios: (key, row, row divided by)."""

SHARES = (("official_vs_fair_decisions", FULL_PLAY_FIRST, PURE),)
"""Decisions-per-second ratios: the official rules (with RLCard's kind of
player, calls and catches listed) against the fair rule set, pure Python."""


def _block_ratios(a: Row, b: Row, k: int) -> list[float]:
    """Block by block, row ``a``'s rate over row ``b``'s (field ``k`` of a
    block: 1 rounds, 2 decisions): the blocks of one index ran one after
    the other, so each ratio compares like with like in time."""
    return [
        (x[k] / x[0]) / (y[k] / y[0]) for x, y in zip(a.blocks, b.blocks, strict=False) if x[0] > 0
    ]


def ratios(rows: list[Row]) -> dict[int, dict[str, float | None]]:
    """Ratios per player count (``None`` for a row not run): the median of
    the block-by-block ratios (:func:`_block_ratios`), and under
    ``<key>_spread`` half their range as a share of that median."""
    out: dict[int, dict[str, float | None]] = {}
    for n in dict.fromkeys(r.players for r in rows):
        by = {r.name: r for r in rows if r.players == n}
        got: dict[str, float | None] = {}
        for keys, k in ((RATIOS, 1), (SHARES, 2)):
            for key, a, b in keys:
                each = _block_ratios(by[a], by[b], k) if a in by and b in by else []
                mid = statistics.median(each) if each else None
                got[key] = mid
                got[f"{key}_spread"] = (max(each) - min(each)) / 2 / mid if mid else None
        out[n] = got
    return out


def _table(rows: list[Row]) -> str:
    head = (
        f"{'players':>7}  {'row':<33}{'rounds':>7}{'rounds/s':>10}{'±':>5}{'decisions/s':>13}"
        f"{'dec/round':>11}{'moves/round':>13}"
    )
    lines = [head, "-" * len(head)]
    last = None
    for r in rows:
        if last is not None and r.players != last:
            lines.append("")
        last = r.players
        lines.append(
            f"{r.players:>7}  {r.name:<33}{r.rounds:>7}{r.rounds_per_s:>10,.1f}{r.spread:>5.0%}"
            f"{r.decisions_per_s:>13,.0f}{r.decisions_per_round:>11.1f}{r.moves_per_round:>13.1f}"
            + (f"  ({r.aborted} aborted: empty deck)" if r.aborted else "")
        )
    return "\n".join(lines)


def _ratio_lines(table: dict[int, dict[str, float | None]], first: int) -> list[str]:
    names = {
        "pure_vs_rlcard_step": "pure / rlcard step",
        "compiled_vs_rlcard_step": "compiled / rlcard step",
        "pure_vs_rlcard_driver": "pure / rlcard driver",
        "pure_vs_rlcard_core": "pure / rlcard core",
        "compiled_vs_rlcard_core": "compiled / rlcard core",
        "compiled_vs_pure": "compiled / pure",
        "floor_vs_pure": "floor / pure",
        "floor_vs_rlcard_step": "floor / rlcard step",
        "official_vs_fair_decisions": "official play-first / pure decisions/s",
    }
    lines = [
        "ratios: the median of the block-by-block ratios, ± half their range (share of median);",
        "rounds/s, except the official rules' decisions/s over the fair rule set's (pure Python):",
    ]
    order = sorted(table, key=lambda n: (n != first, n))

    def shown(value: float | None, spread: float | None) -> str:
        if value is None:
            return "-"
        return f"{value:.2f}" + ("" if spread is None else f" ±{spread:.0%}")

    for n in order:
        parts = [
            f"{label} {shown(table[n][key], table[n].get(key + '_spread'))}"
            for key, label in names.items()
        ]
        mark = " <-" if n == first and len(order) > 1 else ""
        lines.append(f"  {n} players: " + ", ".join(parts) + mark)
    return lines


def _players(text: str) -> list[int]:
    try:
        counts = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        counts = []
    if not counts or any(not 2 <= n <= 10 for n in counts):
        raise argparse.ArgumentTypeError(
            f"a comma-separated list of player counts from 2 to 10, not {text!r}"
        )
    return list(dict.fromkeys(counts))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"a whole number of 0 or more, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--fair",
        action="store_true",
        help="the fair benchmark (the only mode; the flag may be given or left out)",
    )
    parser.add_argument(
        "--players", type=_players, default=[2, 4, 6], help="player counts (default 2,4,6)"
    )
    parser.add_argument(
        "--rounds", type=_positive, default=600, help="rounds per row and player count (600)"
    )
    parser.add_argument(
        "--full-rounds",
        type=_positive,
        default=25,
        help="rounds of the full rules' uniform row (25; play-first plays --rounds / 2)",
    )
    parser.add_argument("--blocks", type=_positive, default=10, help="blocks per row (default 10)")
    parser.add_argument("--seed", type=_seed, default=0, help="seed of the first round (0)")
    parser.add_argument(
        "--compiled",
        metavar="PYTHON",
        help="a Python with the mypyc-compiled unorules installed (default "
        "$UNORULES_COMPILED_PYTHON, else .venv-compiled/bin/python if it exists)",
    )
    parser.add_argument("--no-full", action="store_true", help="leave out the full-rules rows")
    parser.add_argument("--no-memory", action="store_true", help="leave out bytes per state")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _serve()
    if args.blocks > args.rounds:
        parser.error(f"--blocks ({args.blocks}) cannot exceed --rounds ({args.rounds})")
    try:
        import rlcard
    except ImportError:
        parser.exit(2, "RLCard is not installed: pip install -e '.[bench]' (rlcard==1.2.0)\n")

    def say(text: str) -> None:
        if not args.json:
            print(text, file=sys.stderr, flush=True)

    worker: Worker | None = None
    compiled_note = "not found (row skipped)"
    python = compiled_python(args.compiled)
    if python is not None:
        if not Path(python).exists() and "/" in python:
            parser.error(f"--compiled: no such Python: {python}")
        try:
            worker = Worker(python)
        except (OSError, RuntimeError) as error:
            compiled_note = f"{python} failed ({error}; row skipped)"
        else:
            if worker.info["build"] != "compiled with mypyc":
                compiled_note = (
                    f"{python} imports a {worker.info['build']} unorules from "
                    f"{worker.info['path']} (row skipped)"
                )
                worker.close()
                worker = None
            else:
                compiled_note = (
                    f"{python}: unorules {worker.info['unorules']} {worker.info['build']}, "
                    f"from {worker.info['path']}"
                )

    fair: list[tuple[str, Callable[[int, range, int], Block], int]] = [
        (RL_DRIVER, run_rlcard_driver, args.rounds),
        (RL_STEP, run_rlcard_step, args.rounds),
        (RL_CORE, run_rlcard_core, args.rounds),
        (PURE, run_unorules, args.rounds),
    ]
    if worker is not None:
        fair.append((COMPILED, worker.run, args.rounds))
    fair.append((FLOOR, run_floor, args.rounds))
    if not args.no_full:
        fair.append((FULL_UNIFORM, run_full_uniform, max(args.full_rounds, args.blocks)))
        fair.append((FULL_PLAY_FIRST, run_full_play_first, max(args.rounds // 2, args.blocks)))

    rows: list[Row] = []
    try:
        for n in args.players:
            mine = [Row(name, n) for name, _, _ in fair]
            for b in range(args.blocks):
                # The rows take turns, in an order that rotates block by block.
                for k in range(len(fair)):
                    j = (k + b) % len(fair)
                    _, run, total = fair[j]
                    mine[j].blocks.append(run(n, _split(total, args.blocks, b), args.seed))
            rows += mine
            say(f"... {n} players done")
    finally:
        if worker is not None:
            worker.close()
    same = _same_rounds(rows)
    memory_rows = None
    if not args.no_memory:
        import memory

        memory_rows = {
            "by_players": memory.measure((2, 4, 6, 10), 100, args.seed),
            "by_hand": memory.by_hand(4, 40, args.seed),
        }
    table = ratios(rows)
    first = 4 if 4 in args.players else args.players[0]
    info = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "unorules": ur.__version__,
        "unorules_path": str(Path(ur.__file__).parent),
        "unorules_commit": _commit(Path(ur.__file__).parent),
        "build": _build(),
        "compiled": compiled_note,
        "rlcard": getattr(rlcard, "__version__", "?"),
        "rules": FAIR,
        "seed": args.seed,
        "blocks": args.blocks,
    }
    if args.json:
        four = table.get(4, {})
        print(
            json.dumps(
                {
                    "pure_vs_rlcard_step": four.get("pure_vs_rlcard_step"),
                    "compiled_vs_rlcard_step": four.get("compiled_vs_rlcard_step"),
                    "floor_vs_pure": four.get("floor_vs_pure"),
                    **info,
                    "warnings": same,
                    "rows": [r.to_dict() for r in rows],
                    "ratios": {str(n): v for n, v in table.items()},
                    "memory": memory_rows,
                },
                indent=2,
            )
        )
        return 0
    print(
        f"Python {info['python']} on {info['machine']}, RLCard {info['rlcard']}, "
        f"unorules {info['unorules']} ({info['build']}) from {info['unorules_path']}"
        + (f" (git {info['unorules_commit']})" if info["unorules_commit"] else "")
    )
    print(f"compiled: {compiled_note}")
    print(f"fair rules: {FAIR}")
    print(
        "policy everywhere: acts[int(rr() * len(acts))], rr = random.Random(seed_i).random; "
        f"seed {args.seed}"
    )
    print(
        f"CPU time (time.process_time) per block, {args.blocks} blocks per row taking turns; "
        "rounds/s and decisions/s\nare medians of the blocks; ±: half the range of the "
        "blocks' rounds/s, share of the median."
    )
    print(
        "Decisions as RLCard counts them: taking owed cards, playing a drawn card that fits\n"
        "and naming the colour for a Wild start card are moves of unorules and the floor,\n"
        "not decisions (RLCard makes them itself). Full rules rows: every move is a decision."
    )
    print()
    print(_table(rows))
    print()
    print("\n".join(_ratio_lines(table, first)))
    for note in same:
        print(note)
    if memory_rows is not None:
        import memory

        print()
        print(memory.LEGEND)
        print(memory.table(memory_rows["by_players"]))
        print()
        print(memory.HAND_LEGEND)
        print(memory.hand_table(memory_rows["by_hand"]))
    return 0


def _same_rounds(rows: list[Row]) -> list[str]:
    """Checks that rows meant to play the same rounds did: the RLCard rows
    the same decisions, unorules and the floor the same moves."""
    notes = []
    for n in dict.fromkeys(r.players for r in rows):
        by = {r.name: r for r in rows if r.players == n}
        rl = {by[k].decisions_per_round for k in (RL_DRIVER, RL_STEP, RL_CORE) if k in by}
        ours = {by[k].moves_per_round for k in (PURE, COMPILED, FLOOR) if k in by}
        if len(rl) > 1 or len(ours) > 1:
            notes.append(f"WARNING: {n} players: rows meant to play the same rounds differ")
    return notes


if __name__ == "__main__":
    raise SystemExit(main())
