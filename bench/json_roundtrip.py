"""What a JSON round trip of a state costs (``unorules.serialize``).

States of a few random rounds under several rule sets are written with
``dumps`` and read with ``loads``; reading a rule set is timed both as it
runs (the rule set built once per rule-set text, then shared) and with that
cache emptied before every read (the rule set built afresh each time, as
every read did before). A state copy (``attrs.evolve``) is the floor.

    python bench/json_roundtrip.py [--states N] [--repeat R]

Prints milliseconds per state and the ratios, all from this one run.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import attrs

import unorules as ur
from unorules import serialize
from unorules.rules import presets

RULE_SETS = ("official", "kitchen-table", "official+house.stack-draw-two")


def _states(count: int) -> list[ur.GameState]:
    """``count`` states met in random play, spread over :data:`RULE_SETS`."""
    rng = random.Random(7)
    found: list[ur.GameState] = []
    seed = 0
    while len(found) < count:
        for name in RULE_SETS:
            state = ur.new_game(presets.get(name), 4, seed=seed)
            for _ in range(rng.randrange(0, 40)):
                if state.finished:
                    break
                state = ur.apply(state, rng.choice(ur.legal_moves(state)))
            found.append(state)
        seed += 1
    return found[:count]


def _ms_per_state(run: Callable[[], object], states: int, repeat: int) -> float:
    """The best of ``repeat`` runs of ``run`` (over every state), in ms per state."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best / states * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=60, help="states to write and read")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is kept")
    args = parser.parse_args()
    states = _states(args.states)
    texts = [serialize.dumps(s) for s in states]
    n = len(states)

    def uncached_loads() -> None:
        for text in texts:
            serialize._cached_rules.cache_clear()
            serialize.loads(text, ur.GameState)

    def uncached_dumps() -> None:
        for state in states:
            serialize._check_writable.cache_clear()
            serialize.dumps(state)

    rows = {
        "copy (attrs.evolve)": _ms_per_state(
            lambda: [attrs.evolve(s) for s in states], n, args.repeat
        ),
        "dumps": _ms_per_state(lambda: [serialize.dumps(s) for s in states], n, args.repeat),
        "dumps, rule set checked afresh": _ms_per_state(uncached_dumps, n, args.repeat),
        "loads": _ms_per_state(
            lambda: [serialize.loads(t, ur.GameState) for t in texts], n, args.repeat
        ),
        "loads, rule set built afresh": _ms_per_state(uncached_loads, n, args.repeat),
    }
    same = all(
        serialize.loads(t, ur.GameState).rules is serialize.loads(t, ur.GameState).rules
        for t in texts
    )
    print(f"{n} states of {', '.join(RULE_SETS)}; best of {args.repeat} runs")
    for label, ms in rows.items():
        print(f"  {label:<32} {ms:8.3f} ms/state")
    print(f"loads: afresh / cached = {rows['loads, rule set built afresh'] / rows['loads']:.1f}x")
    print(f"dumps: afresh / cached = {rows['dumps, rule set checked afresh'] / rows['dumps']:.1f}x")
    trip = rows["dumps"] + rows["loads"]
    old = rows["dumps, rule set checked afresh"] + rows["loads, rule set built afresh"]
    print(
        f"round trip: {trip:.3f} ms (afresh {old:.3f} ms, {old / trip:.1f}x); "
        f"{trip / rows['copy (attrs.evolve)']:.0f}x a state copy"
    )
    print(f"the same rule-set text gives the same object: {same}")


if __name__ == "__main__":
    main()
