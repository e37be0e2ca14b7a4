"""How cost grows with the table: µs per decision and bytes per state at 2,
4, 6 and 10 players and with hands of 7, 15 and 30 cards, for unorules in
pure Python, unorules compiled with mypyc and the floor model
(``bench/floor.py``).

Every cell plays the fair rules of ``vs_rlcard.py``
(``official+house.force-play+house.play-drawn+wd4.no-playable-card+challenge.none``)
with two classic decks (216 cards, ``deck.two-decks`` with its player range
opened to 2) and the hand size of the cell (the deal policy's
``hand_size``), so that only the number of players and the size of the
hands change from cell to cell. Ten players with 30 cards each need 301
cards and are left out. The floor model deals the same cards
(``floor.new_round(players, seed, hand, 2)``) and plays the same rounds.

Speed: the uniform random player of ``vs_rlcard.py`` over ``turn_moves``,
the rounds split into blocks that take turns across the three builds (the
compiled one in another Python, as in ``vs_rlcard.py``); µs per decision is
CPU time divided by decisions as RLCard counts them (moves in a normal
turn), the median of the blocks, with half the range of the blocks as the
spread. Bytes: ``tracemalloc``'s bytes allocated per kept state while one
round's first 100 moves are played and every state kept (``memory.py``'s
``traced`` column).

Run: ``python bench/growth.py [--blocks 5] [--decisions N] [--compiled PY]
[--json] [--plot FILE] [--save]`` (about 10 seconds of CPU with the
compiled build). ``--plot`` draws the figure of the docs' performance page
with matplotlib (the ``bench`` extra); ``--save`` writes the results to
``bench/results/growth.json``, the published ones, which ``--replot --plot
FILE`` draws again without measuring.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import floor as F  # noqa: E402
import memory as M  # noqa: E402
from worker import Worker as _Worker  # noqa: E402
from worker import compiled_python  # noqa: E402

import unorules as ur  # noqa: E402
from unorules.rules.policies.deck import TwoDecks  # noqa: E402
from unorules.state import Phase  # noqa: E402

PLAYERS = (2, 4, 6, 10)
HANDS = (7, 15, 30)
CELLS = tuple((n, h) for h in HANDS for n in PLAYERS if n * h < 216)
"""(players, cards per hand): every pair the 216 cards can deal."""


def rules_for(hand: int) -> ur.RuleSet:
    """The fair rules with two decks and ``hand`` cards dealt to each player."""
    import attrs

    fair = ur.presets.get(F.RULES)
    return fair.replace(deck=TwoDecks(min_players=2), deal=attrs.evolve(fair.deal, hand_size=hand))


def _seed(players: int, hand: int, i: int) -> int:
    return (players * 1000 + hand) * 1_000_003 + i


def run_unorules(players: int, hand: int, start: int, stop: int) -> tuple[float, int]:
    """CPU seconds and decisions of rounds ``start``..``stop`` of a cell."""
    rules = rules_for(hand)
    new_round, turn_moves, apply, turn = ur.new_round, ur.turn_moves, ur.apply, Phase.TURN
    decisions = 0
    t0 = time.process_time()
    for i in range(start, stop):
        s = _seed(players, hand, i)
        rr = random.Random(s).random
        state = new_round(rules, players=players, seed=s)
        while True:
            acts = turn_moves(state)
            if not acts:
                break
            if state.phase is turn:
                decisions += 1
            state = apply(state, acts[int(rr() * len(acts))])
    return time.process_time() - t0, decisions


def run_floor(players: int, hand: int, start: int, stop: int) -> tuple[float, int]:
    """:func:`run_unorules` for the floor model (the same rounds)."""
    new_round, moves, apply, turn = F.new_round, F.moves, F.apply, F.TURN
    decisions = 0
    t0 = time.process_time()
    for i in range(start, stop):
        s = _seed(players, hand, i)
        rr = random.Random(s).random
        state = new_round(players, s, hand, 2)
        while True:
            acts = moves(state)
            if not acts:
                break
            if state[7] == turn:
                decisions += 1
            state = apply(state, acts[int(rr() * len(acts))])
    return time.process_time() - t0, decisions


def bytes_per_state(players: int, hand: int, moves: int = 100) -> tuple[float, float]:
    """``tracemalloc``'s bytes per kept state, unorules and floor, over the
    first ``moves`` moves of the cell's first round."""
    rules = rules_for(hand)
    s = _seed(players, hand, 0)

    def ours() -> list[Any]:
        return M._play(
            lambda: ur.new_round(rules, players=players, seed=s), ur.turn_moves, ur.apply, s, moves
        )

    def floors() -> list[Any]:
        return M._play(lambda: F.new_round(players, s, hand, 2), F.moves, F.apply, s, moves)

    return M._traced(ours)[1], M._traced(floors)[1]


def _build() -> str:
    from unorules.engine import applying

    return "pure Python" if applying.__file__.endswith(".py") else "compiled with mypyc"


class Worker(_Worker):
    """The unorules rows in another Python (the compiled build), block by
    block over its stdin and stdout."""

    def __init__(self, python: str) -> None:
        super().__init__(python, __file__)

    def run(self, players: int, hand: int, start: int, stop: int) -> tuple[float, int]:
        got = self.ask(["run", players, hand, start, stop])
        return got["cpu"], got["decisions"]

    def bytes(self, players: int, hand: int) -> float:
        return float(self.ask(["bytes", players, hand])["bytes"])


def _serve() -> int:
    try:
        rules_for(7)
        hello: dict[str, Any] = {"build": _build(), "path": str(Path(ur.__file__).parent)}
    except Exception as error:  # an older or broken build
        hello = {"error": f"{type(error).__name__}: {error}"}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if request[0] == "run":
            cpu, decisions = run_unorules(*request[1:])
            print(json.dumps({"cpu": cpu, "decisions": decisions}), flush=True)
        else:
            print(json.dumps({"bytes": bytes_per_state(*request[1:])[0]}), flush=True)
    return 0


def _summary(blocks: list[tuple[float, int]]) -> tuple[float, float]:
    """Median µs per decision of the blocks and half their range, as a
    share of the median."""
    us = [cpu / d * 1e6 for cpu, d in blocks if d]
    mid = statistics.median(us)
    return mid, (max(us) - min(us)) / 2 / mid


def measure(
    blocks: int, decisions: int, compiled: Worker | None, say: Any = None
) -> list[dict[str, Any]]:
    """One row per cell: µs per decision (median and spread) and bytes per
    state of each build. Each block of a cell plays rounds enough for about
    ``decisions`` decisions (from a first estimate), the builds taking turns
    block by block."""
    rows: list[dict[str, Any]] = []
    for n, h in CELLS:
        # Decisions a round, from a few rounds of the floor model.
        _, d0 = run_floor(n, h, 10**6, 10**6 + 5)
        per_block = max(2, round(decisions / max(d0 / 5, 1)))
        runs: dict[str, list[tuple[float, int]]] = {"pure": [], "compiled": [], "floor": []}
        for b in range(blocks):
            start, stop = b * per_block, (b + 1) * per_block
            order = ["pure", "floor", "compiled"] if b % 2 == 0 else ["compiled", "floor", "pure"]
            for name in order:
                if name == "pure":
                    runs[name].append(run_unorules(n, h, start, stop))
                elif name == "floor":
                    runs[name].append(run_floor(n, h, start, stop))
                elif compiled is not None:
                    runs[name].append(compiled.run(n, h, start, stop))
        ours, floors = bytes_per_state(n, h)
        row: dict[str, Any] = {
            "players": n,
            "hand": h,
            "rounds": per_block * blocks,
            "decisions_per_round": sum(d for _, d in runs["floor"]) / (per_block * blocks),
            "bytes_unorules": ours,
            "bytes_floor": floors,
            "bytes_compiled": compiled.bytes(n, h) if compiled is not None else None,
        }
        for name, got in runs.items():
            if got:
                mid, spread = _summary(got)
                row[f"us_{name}"], row[f"spread_{name}"] = mid, spread
            else:
                row[f"us_{name}"] = row[f"spread_{name}"] = None
        rows.append(row)
        if say is not None:
            say(f"... {n} players, {h} cards done")
    return rows


def _bytes(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a text table."""

    def us(row: dict[str, Any], name: str) -> str:
        v = row[f"us_{name}"]
        return "-" if v is None else f"{v:6.2f} ±{row[f'spread_{name}']:4.0%}"

    def ratio(a: float | None, b: float | None) -> str:
        return "-" if a is None or b is None else f"{a / b:.2f}"

    head = (
        f"{'players':>7} {'hand':>4} {'dec/round':>9}  {'pure µs':>12} {'compiled µs':>12}"
        f" {'floor µs':>12} {'pure/floor':>10} {'pure/comp':>9}"
        f" {'bytes':>7} {'comp bytes':>10} {'floor bytes':>11}"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r['players']:>7} {r['hand']:>4} {r['decisions_per_round']:>9.1f}  "
            f"{us(r, 'pure'):>12} {us(r, 'compiled'):>12} {us(r, 'floor'):>12} "
            f"{ratio(r['us_pure'], r['us_floor']):>10} {ratio(r['us_pure'], r['us_compiled']):>9} "
            f"{r['bytes_unorules']:>7,.0f} {_bytes(r['bytes_compiled']):>10} "
            f"{r['bytes_floor']:>11,.0f}"
        )
    return "\n".join(lines)


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """µs per decision and bytes per state against the number of players,
    one line per build and hand size."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2))
    colours = {"pure": "tab:blue", "compiled": "tab:green", "floor": "tab:grey"}
    styles = {7: "-", 15: "--", 30: ":"}
    # The keys of each build's µs and bytes in a row.
    keys = {
        "pure": ("us_pure", "bytes_unorules"),
        "compiled": ("us_compiled", "bytes_compiled"),
        "floor": ("us_floor", "bytes_floor"),
    }
    for h in HANDS:
        cells = [r for r in rows if r["hand"] == h]
        xs = [r["players"] for r in cells]
        for name, colour in colours.items():
            for ax, key in zip((left, right), keys[name], strict=True):
                ys = [r[key] for r in cells]
                if None not in ys:
                    ax.plot(xs, ys, styles[h], color=colour, marker="o", label=f"{name}, {h} cards")
    left.set_title("CPU µs per decision")
    right.set_title("bytes per kept state")
    for ax in (left, right):
        ax.set_xlabel("players")
        ax.set_xticks(PLAYERS)
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
    left.legend(fontsize=7, ncol=2)
    right.legend(fontsize=7, ncol=3, loc="lower center")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def _plotted(rows: list[dict[str, Any]], path: Path) -> int:
    """:func:`plot` into ``path``: 0, or 1 with the reason when it cannot."""
    try:
        plot(rows, path)
    except ImportError as error:
        print(f"growth.py: --plot needs matplotlib (the bench extra): {error}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as error:
        print(f"growth.py: cannot draw {path}: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--blocks", type=int, default=5, help="blocks per build and cell (5)")
    parser.add_argument(
        "--decisions", type=int, default=4000, help="decisions per block, about (4000)"
    )
    parser.add_argument("--compiled", help="the Python of the compiled build")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--plot", type=Path, help="draw the figure into this PNG file")
    parser.add_argument(
        "--save",
        action="store_true",
        help="write the results to bench/results/growth.json (the published ones)",
    )
    parser.add_argument(
        "--replot",
        action="store_true",
        help="draw --plot from bench/results/growth.json without measuring",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _serve()
    out = HERE / "results" / "growth.json"
    if args.replot:
        if args.plot is None:
            parser.error("--replot needs --plot FILE")
        try:
            rows = json.loads(out.read_text())["rows"]
        except (OSError, ValueError, KeyError, TypeError) as error:
            print(f"growth.py: cannot read the results in {out}: {error}", file=sys.stderr)
            return 1
        if not rows:
            print(f"growth.py: {out} holds no rows to draw", file=sys.stderr)
            return 1
        return _plotted(rows, args.plot)
    if args.blocks < 1 or args.decisions < 1:
        parser.error("--blocks and --decisions must be positive")
    python = compiled_python(args.compiled)
    worker = None
    note = "compiled: none (no .venv-compiled; --compiled PYTHON)"
    if python is not None:
        try:
            worker = Worker(python)
            if worker.info.get("build") != "compiled with mypyc":
                worker.close()
                worker = None
                note = f"compiled: {python} imports a pure-Python unorules (column skipped)"
            else:
                note = f"compiled: {python} ({worker.info['build']})"
        except (OSError, RuntimeError) as error:
            note = f"compiled: {python} failed ({error}; column skipped)"
    try:
        rows = measure(args.blocks, args.decisions, worker, lambda t: print(t, file=sys.stderr))
    finally:
        if worker is not None:
            worker.close()
    result = {
        "python": platform.python_version(),
        "build": _build(),
        "compiled": note,
        "blocks": args.blocks,
        "rows": rows,
    }
    if args.save:
        out.parent.mkdir(exist_ok=True)
        out.write_text(json.dumps(result, indent=1) + "\n")
    if args.plot is not None and _plotted(rows, args.plot):
        return 1
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    where = Path(ur.__file__).parent
    print(f"Python {platform.python_version()}, unorules {_build()} from {where}")
    print(note)
    print(
        f"fair rules, two decks, {args.blocks} blocks per build and cell taking turns; "
        "µs: CPU µs per decision, median of the blocks ± half their range; bytes: "
        "tracemalloc bytes per kept state"
    )
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
