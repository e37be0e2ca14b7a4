"""Measure the rule texts' checkable claims about play with ``unorules.play.simulate``.

Run from the repository root, after ``pip install -e ".[bench]"``::

    python bench/claims.py                 # everything, about 30 minutes on 2 cores
    python bench/claims.py --quick         # a smoke run with tiny samples
    python bench/claims.py --plot-only     # redraw the figure from the saved JSON

Each experiment is one :func:`unorules.play.simulate.simulate` call; the script
prints the matching ``unorules simulate`` command, which gives the same
statistics (the same seed gives the same numbers whatever ``--workers``).
Results go to ``bench/results/claims.json`` and the figure to
``docs/simulation-claims.png``; ``docs/simulation.md`` quotes them.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(ROOT))

from unorules.play.simulate import simulate  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "claims.json"
FIGURE = ROOT / "docs" / "simulation-claims.png"

STACKING = {
    "official": "official",
    "stack-draw-two": "official+house.stack-draw-two",
    "stack-all": (
        "official+house.stack-draw-two+house.stack-draw-four-on-two+house.stack-draw-four"
    ),
}


def experiments(scale: float) -> list[dict[str, Any]]:
    """The runs: (name, rules, bot, players, games or rounds, seed)."""

    def n(x: int) -> int:
        return max(2, int(x * scale))

    runs: list[dict[str, Any]] = []
    # Claim 1 and 4: rounds per game to 500, by player count.
    for p in (2, 3, 4, 5, 6, 8, 10):
        runs.append(
            dict(
                name=f"games-h{p}",
                rules="official",
                bot="heuristic",
                players=p,
                games=n(1000),
                seed=9,
            )
        )
    for p in (2, 4, 6):
        runs.append(
            dict(
                name=f"games-r{p}", rules="official", bot="random", players=p, games=n(100), seed=9
            )
        )
    # Claim 2 and 4: reshuffles and round length, by player count (single rounds).
    for p in (2, 3, 4, 5, 6, 7, 8, 10):
        runs.append(
            dict(
                name=f"rounds-h{p}",
                rules="official",
                bot="heuristic",
                players=p,
                rounds=n(4000),
                seed=9,
            )
        )
    # Claim 2 under a house rule that makes players draw more.
    for p in (4, 6, 8):
        runs.append(
            dict(
                name=f"rounds-h{p}-draw-until-playable",
                rules="official+house.draw-until-playable",
                bot="heuristic",
                players=p,
                rounds=n(4000),
                seed=9,
            )
        )
    for p in (2, 4, 6, 8, 10):
        runs.append(
            dict(
                name=f"rounds-r{p}",
                rules="official",
                bot="random",
                players=p,
                rounds=n(200),
                seed=9,
            )
        )
    # Claim 3: stacking, same deals (same seed) under each rule set.
    for label, rules in STACKING.items():
        runs.append(
            dict(
                name=f"stack-h4-{label}",
                rules=rules,
                bot="heuristic",
                players=4,
                rounds=n(6000),
                seed=9,
            )
        )
        runs.append(
            dict(
                name=f"stack-r4-{label}",
                rules=rules,
                bot="random",
                players=4,
                rounds=n(300),
                seed=9,
            )
        )
    return runs


def command(run: dict[str, Any], workers: int) -> str:
    count = f"--games {run['games']}" if "games" in run else f"--rounds {run['rounds']}"
    return (
        f"unorules simulate --rules {run['rules']} --bots {run['bot']} "
        f"--players {run['players']} {count} --seed {run['seed']} --workers {workers} --json"
    )


def execute(runs: list[dict[str, Any]], workers: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for run in runs:
        started = time.perf_counter()
        result = simulate(
            run["rules"],
            [run["bot"]] * run["players"],
            games=run.get("games", 1),
            rounds=run.get("rounds"),
            seed=run["seed"],
            workers=workers,
        )
        records = result.records
        entry: dict[str, Any] = {
            "command": command(run, workers),
            "stats": result.stats.to_dict(),
            "seconds": round(time.perf_counter() - started, 1),
            # Per-round series for paired comparisons (same seed = same deals).
            "turns": [r.turns for r in records],
            "largest_hand": [r.largest_hand for r in records],
        }
        out[run["name"]] = entry
        print(f"{run['name']:<26}{entry['seconds']:>7.1f} s   {entry['command']}", flush=True)
    return out


def _mean_se(values: list[float]) -> tuple[float, float]:
    m = sum(values) / len(values)
    if len(values) < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (len(values) - 1)
    return m, math.sqrt(var / len(values))


def condense(data: dict[str, Any]) -> dict[str, Any]:
    """Replace the per-round series by what the report needs: for each
    stacking run, the mean paired difference from the official run on the
    same deals, with its standard error."""
    for name, entry in data.items():
        if "turns" not in entry:
            continue
        if name.startswith("stack-") and not name.endswith("-official"):
            if name.endswith("stack-draw-two"):
                base = data[name[: -len("stack-draw-two")] + "official"]
            else:
                base = data[name[: -len("stack-all")] + "official"]
            entry["paired"] = {
                key: _mean_se([float(a - b) for a, b in zip(entry[key], base[key], strict=True)])
                for key in ("turns", "largest_hand")
            }
    for entry in data.values():
        entry.pop("turns", None)
        entry.pop("largest_hand", None)
        entry.pop("rounds_per_game", None)
    return data


def report(data: dict[str, Any]) -> str:
    """Markdown tables of the findings."""
    lines: list[str] = []

    def stats(name: str) -> dict[str, Any]:
        s: dict[str, Any] = data[name]["stats"]
        return s

    lines += [
        "### Rounds per game to 500",
        "",
        "| bots | players | games | rounds per game: mean (sd) | median | 5-10 rounds | "
        "fewer than 5 | more than 10 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in [k for k in data if k.startswith("games-")]:
        s = stats(name)
        hist = {int(r): c for r, c in s["rounds_per_game_histogram"].items()}
        k = sum(hist.values())
        within = sum(c for r, c in hist.items() if 5 <= r <= 10) / k
        below = sum(c for r, c in hist.items() if r < 5) / k
        above = sum(c for r, c in hist.items() if r > 10) / k
        lines.append(
            f"| {s['bots'][0]} | {s['players']} | {k} | {s['rounds_per_game']['mean']:.2f} "
            f"({s['rounds_per_game']['sd']:.2f}) | {s['rounds_per_game']['median']:.0f} | "
            f"{within:.0%} | {below:.0%} | {above:.0%} |"
        )
    lines += [
        "",
        "### Single rounds by player count",
        "",
        "| bots | rules | players | rounds | turns per round: mean (sd) | reshuffles per round | "
        "rounds with a reshuffle | largest hand (mean) | exhausted piles |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name in [k for k in data if k.startswith("rounds-")]:
        s = stats(name)
        lines.append(
            f"| {s['bots'][0]} | {s['rules']} | {s['players']} | {s['rounds']} | "
            f"{s['turns_per_round']['mean']:.1f} ({s['turns_per_round']['sd']:.1f}) | "
            f"{s['reshuffles_per_round']['mean']:.2f} | {s['reshuffled_share']:.1%} | "
            f"{s['largest_hand']['mean']:.1f} | {s['exhausted_share']:.1%} |"
        )
    lines += [
        "",
        "### Stacking (4 players, the same deals under each rule set)",
        "",
        "| bots | rules | rounds | turns per round: mean (sd) | change vs official (paired, "
        "± 2 s.e.) | largest hand (mean) | change | reshuffled |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for bot in ("h", "r"):
        base = f"stack-{bot}4-official"
        if base not in data:
            continue
        for label in STACKING:
            name = f"stack-{bot}4-{label}"
            s = stats(name)
            if label == "official":
                change = hand_change = "-"
            else:
                pair = data[name]["paired"]
                base_mean = stats(base)["turns_per_round"]["mean"]
                m, se = pair["turns"]
                change = f"{m:+.1f} turns ({m / base_mean:+.0%}) ± {2 * se:.1f}"
                hm, hse = pair["largest_hand"]
                hand_change = f"{hm:+.2f} ± {2 * hse:.2f}"
            lines.append(
                f"| {s['bots'][0]} | {s['rules']} | {s['rounds']} | "
                f"{s['turns_per_round']['mean']:.1f} ({s['turns_per_round']['sd']:.1f}) | "
                f"{change} | {s['largest_hand']['mean']:.2f} | {hand_change} | "
                f"{s['reshuffled_share']:.1%} |"
            )
    return "\n".join(lines)


def plot(data: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    colors = {2: "#d62728", 4: "#1f77b4", 6: "#2ca02c", 10: "#9467bd"}
    for p, color in colors.items():
        name = f"games-h{p}"
        if name not in data:
            continue
        hist = {int(r): c for r, c in data[name]["stats"]["rounds_per_game_histogram"].items()}
        total, top = sum(hist.values()), max(hist)
        share = [hist.get(k, 0) / total for k in range(1, top + 1)]
        left.plot(range(1, top + 1), share, marker="o", ms=3, color=color, label=f"{p} players")
    left.axvspan(4.5, 10.5, color="#ffd54f", alpha=0.3, label="5-10 rounds (claim)")
    left.set_xlabel("rounds in a game to 500")
    left.set_ylabel("share of games")
    left.set_title("Rounds per game, heuristic bots")
    left.set_xlim(0, 30)
    left.legend(fontsize=8)

    for bot, style, label in (("h", "-o", "heuristic"), ("r", "--s", "random")):
        xs, ys = [], []
        for name in data:
            if name.startswith(f"rounds-{bot}") and data[name]["stats"]["rules"] == "official":
                xs.append(data[name]["stats"]["players"])
                ys.append(100 * data[name]["stats"]["reshuffled_share"])
        if xs:
            right.plot(xs, ys, style, label=f"{label} bots")
    right.axvline(6, color="grey", lw=0.8, ls=":")
    right.set_xlabel("players")
    right.set_ylabel("% of rounds with at least one reshuffle")
    right.set_title("Rounds with a reshuffle")
    right.set_ylim(-3, 103)
    right.legend(fontsize=8)
    fig.suptitle("unorules simulate, official rules (claims of the rule texts)", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"figure: {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny samples (a smoke test)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--only", default="", help="run only experiments whose name has this")
    parser.add_argument("--plot-only", action="store_true", help="redraw from the saved JSON")
    parser.add_argument("--out", type=Path, default=RESULTS, help="the JSON file")
    parser.add_argument("--figure", type=Path, default=FIGURE, help="the PNG file")
    args = parser.parse_args(argv)
    if args.plot_only:
        data = json.loads(args.out.read_text())
    else:
        runs = [r for r in experiments(0.01 if args.quick else 1.0) if args.only in r["name"]]
        data = json.loads(args.out.read_text()) if args.only and args.out.exists() else {}
        data.update(execute(runs, args.workers))
    raw = any("turns" in entry for entry in data.values())
    data = condense(data)
    if raw:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(data, indent=1) + "\n")
    print()
    print(report(data))
    plot(data, args.figure)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
