"""How many fields of the engine's records one move reads, by class and
by reader.

The compiled build compiles the engine, but the state, the moves and the
cards stay records that compiled code reads through Python's generic
attribute lookup (``bench/attribute_reads.py`` measures a read each way).
This counts the reads, so that the two together bound what native
compiled records would save a move.

It plays the fair benchmark's game (``vs_rlcard.py --fair``: the same
rounds, the uniform pick over ``turn_moves``) in pure Python, with every
record class of the engine counting the field reads of its instances (a
``__getattribute__`` that counts, put on the class for the run; method
lookups and ``__class__`` are not fields and are not counted):
``GameState``, ``Pending``, ``Wd4Record``, the moves, ``Card``, ``Face``,
``RuleSet``, the engine's per-rule-set answers (``Plan``, ``Seats``) and
the policies. One rule set plays every round, after 20 rounds played
uncounted, so that what the engine works out once per rule set or per card
is left out. The moves are the same as without counting; only the time is
not (so none is printed).

Each read is put down to its reader, the function that makes it:

* **the copy**: ``unorules.state._moved``, which builds the next state from
  the old one's fields (interpreted in both builds; its time is the state
  copy that ``profile_engine.py`` prints);
* **the loop**: the benchmark's own loop here (one ``state.phase`` a move);
* **the engine**: everything else, which is compiled code in the compiled
  build, where these reads go through the generic lookup.

Counting needs the pure-Python package: compiled functions leave no frame
to tell who reads, and the compiled build's native classes (``Plan``,
``Seats``) cannot take a counting lookup.

Run: ``python bench/record_reads.py [--players 4] [--rounds 300] [--seed 0]``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import pkgutil
import random
import sys
from collections import Counter
from pathlib import Path
from types import CodeType
from typing import Any

if importlib.util.find_spec("unorules") is None:  # not installed: use this tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import attrs

import unorules as ur
import unorules.cards as cards
import unorules.engine.applying as applying
import unorules.engine.plan as plan
import unorules.moves as moves
import unorules.rules.policies as policies
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Pending, Wd4Record, _moved

sys.path.insert(0, str(Path(__file__).resolve().parent))
import vs_rlcard

COPY, LOOP, ENGINE = "the copy", "the loop", "the engine"
READERS = (ENGINE, COPY, LOOP)
WARM_UP = 20
"""Rounds played uncounted first, on the same rule set: enough for the
engine to have worked out what it works out once per card."""


def record_classes() -> list[type]:
    """Every class whose instances the engine reads in a move: the state
    and what it holds, the moves, the cards, the rule set, the engine's
    per-rule-set answers and every policy class."""
    found: list[type] = [GameState, Pending, Wd4Record, cards.Card, cards.Face, RuleSet]
    for module in (moves, plan):
        found += [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__ == module.__name__
        ]
    for info in pkgutil.iter_modules(policies.__path__):
        module = importlib.import_module(f"{policies.__name__}.{info.name}")
        found += [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if c.__module__ == module.__name__ and attrs.has(c)
        ]
    return list(dict.fromkeys(found))


def _fields(cls: type) -> frozenset[str]:
    """The names of ``cls``'s fields: its attrs fields and the slots of its
    classes; a class without slots keeps its fields in ``__dict__``."""
    names = {a.name for a in attrs.fields(cls)} if attrs.has(cls) else set()
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    return frozenset(names - {"__weakref__", "__dict__"})


def play(rules: RuleSet, players: int, rounds: range, seed: int) -> tuple[int, int]:
    """``vs_rlcard.run_unorules``' rounds on ``rules``: the same deals and
    the same uniform pick over ``turn_moves``; returns the moves made and
    the decisions among them (moves of a normal turn), as it counts them."""
    made = decisions = 0
    for i in rounds:
        s = vs_rlcard._round_seed(seed, i)
        rr = random.Random(s).random
        state = ur.new_round(rules, players=players, seed=s)
        while True:
            acts = ur.turn_moves(state)
            if not acts:
                break
            if state.phase is ur.Phase.TURN:
                decisions += 1
            state = ur.apply(state, acts[int(rr() * len(acts))])
            made += 1
    return made, decisions


def count(players: int, rounds: int, seed: int) -> tuple[Counter[tuple[str, str]], int]:
    """Field reads by (class name, reader) over ``rounds`` rounds of the
    fair game, and the moves made. One rule set plays ``WARM_UP`` rounds
    uncounted and then the counted ones. The classes count only during the
    counted rounds; their lookups are restored after them, also when they
    fail."""
    reads: Counter[tuple[str, str]] = Counter()
    readers: dict[CodeType, str] = {_moved.__code__: COPY, play.__code__: LOOP}
    frame = sys._getframe

    def counting(cls: type) -> Any:
        plain = object.__getattribute__
        name = cls.__name__
        names = _fields(cls)
        keeps_dict = cls.__dictoffset__ != 0  # its instances have a __dict__

        def get(self: object, attr: str) -> Any:
            if attr in names or (keeps_dict and attr in plain(self, "__dict__")):
                reads[name, readers.get(frame(1).f_code, ENGINE)] += 1
            return plain(self, attr)

        return get

    rules = ur.presets.get(vs_rlcard.FAIR)
    play(rules, players, range(rounds, rounds + WARM_UP), seed)
    patched: list[tuple[type, Any]] = []
    try:
        for cls in record_classes():
            before = cls.__dict__.get("__getattribute__")
            cls.__getattribute__ = counting(cls)  # type: ignore[method-assign]
            patched.append((cls, before))
        made, _ = play(rules, players, range(rounds), seed)
    finally:
        for cls, before in patched:
            if before is None:
                del cls.__getattribute__
            else:
                cls.__getattribute__ = before  # type: ignore[method-assign]
    return reads, made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="field reads of the engine's records per move, by class and reader"
    )
    parser.add_argument("--players", type=vs_rlcard._positive, default=4, help="seats, 2 to 10 (4)")
    parser.add_argument(
        "--rounds", type=vs_rlcard._positive, default=300, help="rounds counted (300)"
    )
    parser.add_argument(
        "--seed", type=vs_rlcard._seed, default=0, help="seed of the rounds, as vs_rlcard's (0)"
    )
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 10:
        parser.error(f"--players must be 2 to 10, not {args.players}")
    if not (applying.__file__ or "").endswith(".py"):
        parser.error(
            f"the unorules imported ({Path(applying.__file__ or '').parents[1]}) is the "
            "compiled build: its compiled functions leave no frame to tell who reads, and its "
            "native classes cannot count; run this with the pure one (from the repository "
            "root, PYTHONPATH=. python bench/record_reads.py)"
        )
    reads, made = count(args.players, args.rounds, args.seed)
    by_class: Counter[str] = Counter()
    by_reader: Counter[str] = Counter()
    for (name, reader), n in reads.items():
        by_class[name] += n
        by_reader[reader] += n
    print(
        f"fair rules, {args.players} players, {args.rounds} rounds, {made:,} moves: "
        "field reads per move, by class of the record read and by reader"
    )
    print(f"  {'class':<20}{'all':>7}" + "".join(f"{r:>12}" for r in READERS))
    for name, n in by_class.most_common():
        if n / made >= 0.05:
            cells = "".join(f"{reads[name, r] / made:12.1f}" for r in READERS)
            print(f"  {name:<20}{n / made:7.1f}{cells}")
    cells = "".join(f"{by_reader[r] / made:12.1f}" for r in READERS)
    print(f"  {'all records':<20}{sum(by_class.values()) / made:7.1f}{cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
