"""Bytes per state: unorules and the floor model (``bench/floor.py``) keeping
every state of a round.

For each player count, the first seed (from ``--seed``) whose round under the
fair rules lasts 100 moves or more is played with the uniform random policy
of ``vs_rlcard.py``, on both sides (they play the same round), keeping every
state: the dealt one and the one after each of the first 100 moves. Measured:

* ``traced``: ``tracemalloc``'s bytes allocated while the kept states were
  made, divided by the states kept (the round is played once before, so that
  the shared move objects and tables already exist; the list holding the
  states is included, 8 bytes a state);
* ``alone``: the bytes of one state's own objects (``sys.getsizeof`` of every
  tuple, list and state record it reaches; cards, colours, phases, ints, the
  rule set and the move objects are shared by every state and not counted),
  the mean over the kept states;
* ``new``: of those, the bytes of objects that the previous state does not
  reach: what each move adds; ``shared`` is ``1 - new / alone``.

unorules keeps each state's answer to ``turn_moves`` on the state (the tuple
of moves, not its shared move objects): it is counted, as the state holds it.

Run: ``python bench/memory.py [--players 2,4,6,10] [--moves 100] [--json]``
(a few seconds); ``vs_rlcard.py`` prints the same table.
"""

from __future__ import annotations

import argparse
import enum
import gc
import importlib.util
import json
import random
import statistics
import sys
import tracemalloc
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(HERE.parent))

import floor as F  # noqa: E402

import unorules as ur  # noqa: E402

_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The slot names of a state record class (its own and inherited)."""
    got = _SLOTS.get(cls)
    if got is None:
        names: list[str] = []
        for klass in cls.__mro__:
            slots = getattr(klass, "__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
        got = _SLOTS[cls] = tuple(n for n in dict.fromkeys(names) if n != "__weakref__")
    return got


def _own(obj: object, seen: dict[int, int]) -> None:
    """Add the objects of one state reachable from ``obj`` (id -> bytes):
    tuples, lists, dicts and the records of ``unorules.state`` (the state,
    what is pending, ...); everything else (cards, enums, ints, the rule set,
    move objects) is shared by all states."""
    stack = [obj]
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        t = type(o)
        if t is tuple or t is list:
            seen[id(o)] = sys.getsizeof(o)
            stack.extend(o)  # type: ignore[arg-type]
        elif t is dict:
            seen[id(o)] = sys.getsizeof(o)
            stack.extend(o.keys())  # type: ignore[attr-defined]
            stack.extend(o.values())  # type: ignore[attr-defined]
        elif t.__module__ == "unorules.state" and not isinstance(o, enum.Enum):
            seen[id(o)] = sys.getsizeof(o)
            stack.extend(getattr(o, name, None) for name in _slots(t))
            stack.extend(getattr(o, "__dict__", {}).values())


def _bytes(states: list[Any]) -> tuple[list[int], list[int]]:
    """Bytes of each state alone, and bytes new in each state after the first."""
    alone: list[int] = []
    new: list[int] = []
    previous: dict[int, int] | None = None
    for s in states:
        seen: dict[int, int] = {}
        _own(s, seen)
        alone.append(sum(seen.values()))
        if previous is not None:
            new.append(sum(size for key, size in seen.items() if key not in previous))
        previous = seen
    return alone, new


def _sharing(states: list[Any]) -> tuple[float, float]:
    """Mean bytes of one state alone, and mean bytes new after each move."""
    alone, new = _bytes(states)
    return statistics.fmean(alone), statistics.fmean(new)


HAND_BUCKETS = ((1, 3), (4, 6), (7, 9), (10, 12), (13, 108))


def by_hand(players: int = 4, rounds: int = 40, seed: int = 0) -> list[dict[str, float | int]]:
    """Bytes by the size of the mover's hand: whole rounds under the fair
    rules, each move filed under the number of cards the seat to move held;
    per bucket the mean bytes of the state before the move alone and the
    bytes the move added, unorules and floor."""
    rules = ur.presets.get(F.RULES)
    sums: dict[tuple[int, int], list[float]] = {b: [0, 0, 0, 0, 0] for b in HAND_BUCKETS}
    for s in range(seed, seed + rounds):
        kept_u = _play(
            lambda s=s: ur.new_round(rules, players=players, seed=s),
            ur.turn_moves,
            ur.apply,
            s,
            10_000,
        )
        kept_f = _play(lambda s=s: F.new_round(players, s), F.moves, F.apply, s, 10_000)
        alone_u, new_u = _bytes(kept_u)
        alone_f, new_f = _bytes(kept_f)
        for k, state in enumerate(kept_u[:-1]):
            size = len(state.hands[state.current])
            bucket = next(b for b in HAND_BUCKETS if b[0] <= size <= b[1])
            acc = sums[bucket]
            acc[0] += 1
            acc[1] += alone_u[k]
            acc[2] += new_u[k]
            acc[3] += alone_f[k]
            acc[4] += new_f[k]
    rows: list[dict[str, float | int]] = []
    for (low, high), (count, au, nu, af, nf) in sums.items():
        if count:
            rows.append(
                {
                    "hand_from": low,
                    "hand_to": high,
                    "moves": int(count),
                    "unorules_alone": au / count,
                    "unorules_new": nu / count,
                    "floor_alone": af / count,
                    "floor_new": nf / count,
                }
            )
    return rows


def hand_table(rows: list[dict[str, float | int]]) -> str:
    """The rows of :func:`by_hand` as a text table."""
    head = (
        f"{'hand':>7}{'moves':>7} |{'unorules: alone':>16}{'new':>6} |"
        f"{'floor: alone':>13}{'new':>6}"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        span = f"{r['hand_from']}+" if r["hand_to"] >= 108 else f"{r['hand_from']}-{r['hand_to']}"
        lines.append(
            f"{span:>7}{r['moves']:>7} |{r['unorules_alone']:>16,.0f}{r['unorules_new']:>6,.0f} |"
            f"{r['floor_alone']:>13,.0f}{r['floor_new']:>6,.0f}"
        )
    return "\n".join(lines)


def _play(
    start: Callable[[], Any],
    moves: Callable[[Any], Any],
    apply: Callable[[Any, Any], Any],
    seed: int,
    count: int,
) -> list[Any]:
    rr = random.Random(seed).random
    state = start()
    kept = [state]
    for _ in range(count):
        acts = moves(state)
        if not acts:
            break
        state = apply(state, acts[int(rr() * len(acts))])
        kept.append(state)
    return kept


def _traced(play: Callable[[], list[Any]]) -> tuple[list[Any], float]:
    play()  # once before: shared tables and move objects
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = play()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return kept, (after - before) / len(kept)


def _long_round(rules: ur.RuleSet, players: int, seed: int, count: int) -> int:
    """The first seed from ``seed`` whose round lasts ``count`` moves or more
    (the longest of the first 2,000 otherwise)."""
    best, best_len = seed, -1
    for s in range(seed, seed + 2000):
        length = len(_play(lambda s=s: F.new_round(players, s), F.moves, F.apply, s, 10_000)) - 1
        if length >= count:
            return s
        if length > best_len:
            best, best_len = s, length
    return best


def measure(
    players: Iterable[int] = (2, 4, 6, 10), moves: int = 100, seed: int = 0
) -> list[dict[str, float | int]]:
    """One row per player count (see the module's docstring)."""
    rules = ur.presets.get(F.RULES)
    rows: list[dict[str, float | int]] = []
    for n in players:
        s = _long_round(rules, n, seed, moves)
        kept_u, traced_u = _traced(
            lambda s=s, n=n: _play(
                lambda: ur.new_round(rules, players=n, seed=s), ur.turn_moves, ur.apply, s, moves
            )
        )
        kept_f, traced_f = _traced(
            lambda s=s, n=n: _play(lambda: F.new_round(n, s), F.moves, F.apply, s, moves)
        )
        assert len(kept_u) == len(kept_f)
        alone_u, new_u = _sharing(kept_u)
        alone_f, new_f = _sharing(kept_f)
        rows.append(
            {
                "players": n,
                "seed": s,
                "states": len(kept_u),
                "mean_hand": statistics.fmean(len(h) for st in kept_u for h in st.hands),
                "max_hand": max(len(h) for st in kept_u for h in st.hands),
                "unorules_traced": traced_u,
                "unorules_alone": alone_u,
                "unorules_new": new_u,
                "unorules_shared": 1 - new_u / alone_u,
                "floor_traced": traced_f,
                "floor_alone": alone_f,
                "floor_new": new_f,
                "floor_shared": 1 - new_f / alone_f,
            }
        )
    return rows


def table(rows: list[dict[str, float | int]]) -> str:
    """The rows as a text table."""
    head = (
        f"{'players':>7}{'states':>7}{'hand':>6}{'max':>5} |"
        f"{'unorules: traced':>17}{'alone':>7}{'new':>6}{'shared':>8} |"
        f"{'floor: traced':>14}{'alone':>7}{'new':>6}{'shared':>8}"
    )
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append(
            f"{r['players']:>7}{r['states']:>7}{r['mean_hand']:>6.1f}{r['max_hand']:>5} |"
            f"{r['unorules_traced']:>17,.0f}{r['unorules_alone']:>7,.0f}"
            f"{r['unorules_new']:>6,.0f}{r['unorules_shared']:>8.0%} |"
            f"{r['floor_traced']:>14,.0f}{r['floor_alone']:>7,.0f}"
            f"{r['floor_new']:>6,.0f}{r['floor_shared']:>8.0%}"
        )
    return "\n".join(lines)


LEGEND = (
    "Bytes per kept state over the first moves of one round (fair rules, uniform policy).\n"
    "traced: tracemalloc bytes per state kept; alone: one state's own objects; new: the\n"
    "bytes a move adds (not reachable from the previous state); shared: 1 - new/alone.\n"
    "hand, max: mean and largest hand size over the kept states."
)


HAND_LEGEND = (
    "By the mover's hand size (4 players, 40 whole rounds): bytes of the state before the\n"
    "move alone, and bytes the move added."
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bytes per state: unorules and the floor model.")
    parser.add_argument("--players", default="2,4,6,10", help="player counts (default 2,4,6,10)")
    parser.add_argument("--moves", type=int, default=100, help="moves kept (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed tried (default 0)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    try:
        counts = [int(x) for x in args.players.split(",") if x.strip()]
    except ValueError:
        parser.error(f"--players must be a comma-separated list of 2..10, not {args.players!r}")
    if not counts or any(not 2 <= n <= 10 for n in counts):
        parser.error(f"--players must be a comma-separated list of 2..10, not {args.players!r}")
    if args.moves < 1:
        parser.error(f"--moves must be at least 1, not {args.moves}")
    rows = measure(counts, args.moves, args.seed)
    hands = by_hand(4, 40, args.seed)
    if args.json:
        print(json.dumps({"by_players": rows, "by_hand": hands}, indent=2))
    else:
        print(LEGEND)
        print()
        print(table(rows))
        print()
        print(HAND_LEGEND)
        print(hand_table(hands))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
