"""What one field read costs: interpreted code, code compiled with mypyc
reading an interpreted record, and compiled code reading a native compiled
class.

unorules' compiled build compiles the engine but keeps the state, move and
effect records interpreted (attrs classes: the JSON layer reads their field
types). This measures why that matters: a loop of eight field reads, run
1,000,000 times, each way, in one process. The compiled module is built
with mypyc in a temporary directory (needs mypy, a C compiler and the
Python headers; about 20 s).

It also copies a record of 29 fields (as many as a ``GameState`` has),
every field from the old one: the engine's way in pure Python (a blank of
the same slots filled, then given the record's class) against a native
class's constructor compiled.

Run: ``python bench/attribute_reads.py [--reads N]``; prints ns per read
and per copy.
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIELDS = 29
"""Fields of the records built: as many as a ``GameState`` has."""

_NAMES = [f"f{i}" for i in range(FIELDS)]

RECORD = '''
class Record:
    """An interpreted record with slots, as an attrs class with slots is."""

    __slots__ = ("a", "b", "c", "d", "e", "f", "g", "h")

    def __init__(self) -> None:
        self.a = 1; self.b = 2; self.c = 3; self.d = 4
        self.e = 5; self.f = 6; self.g = 7; self.h = 8


class Wide:
    __slots__ = ({})


class Blank:
    __slots__ = ({})


def build_interpreted(old: Wide, n: int) -> Wide:
    """The engine's way: a blank of the same slots, filled, then made a Wide."""
    new = old
    for _ in range(n):
        b = object.__new__(Blank)
{}
        b.__class__ = Wide
        new = b
    return new
'''.format(
    ", ".join(repr(n) for n in _NAMES),
    ", ".join(repr(n) for n in _NAMES),
    "\n".join(f"        b.{n} = old.{n}" for n in _NAMES),
)

HOT = '''
from typing import Any


class Native:
    """Compiled by mypyc: a native class."""

    def __init__(self) -> None:
        self.a = 1; self.b = 2; self.c = 3; self.d = 4
        self.e = 5; self.f = 6; self.g = 7; self.h = 8


def read_any(r: Any, n: int) -> int:
    t = 0
    for _ in range(n):
        t += r.a + r.b + r.c + r.d + r.e + r.f + r.g + r.h
    return t


def read_native(r: Native, n: int) -> int:
    t = 0
    for _ in range(n):
        t += r.a + r.b + r.c + r.d + r.e + r.f + r.g + r.h
    return t
''' + (
    """

class WideNative:
    def __init__(self, {}) -> None:
{}


def build_native(old: WideNative, n: int) -> WideNative:
    new = old
    for _ in range(n):
        new = WideNative({})
    return new
""".format(
        ", ".join(f"{n}: int" for n in _NAMES),
        "\n".join(f"        self.{n} = {n}" for n in _NAMES),
        ", ".join(f"old.{n}" for n in _NAMES),
    )
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ns per field read, three ways")
    parser.add_argument("--reads", type=int, default=1_000_000, help="loops of 8 reads (1e6)")
    args = parser.parse_args(argv)
    if args.reads < 1:
        parser.error("--reads must be positive")
    with tempfile.TemporaryDirectory(prefix="unorules-reads-") as tmp:
        where = Path(tmp)
        (where / "record.py").write_text(RECORD)
        (where / "hot_compiled.py").write_text(HOT)
        (where / "hot_interpreted.py").write_text(HOT)
        built = subprocess.run(
            [sys.executable, "-m", "mypyc", "hot_compiled.py"],
            cwd=where,
            capture_output=True,
            text=True,
            env={**os.environ, "MYPY_CACHE_DIR": str(where / ".mypy_cache")},
        )
        if built.returncode != 0:
            print(f"mypyc failed:\n{built.stdout}{built.stderr}", file=sys.stderr)
            return 1
        sys.path.insert(0, tmp)
        record = importlib.import_module("record")
        compiled = importlib.import_module("hot_compiled")
        interpreted = importlib.import_module("hot_interpreted")
        assert not compiled.__file__.endswith(".py"), compiled.__file__

        def ns(read, obj) -> float:  # type: ignore[no-untyped-def]
            best = float("inf")
            for _ in range(5):
                t0 = time.perf_counter()
                read(obj, args.reads)
                best = min(best, time.perf_counter() - t0)
            return best / args.reads / 8 * 1e9

        rows = [
            ("interpreted code, interpreted record", ns(interpreted.read_any, record.Record())),
            ("compiled code, interpreted record", ns(compiled.read_any, record.Record())),
            ("compiled code, native class", ns(compiled.read_native, compiled.Native())),
        ]
        wide = record.Wide.__new__(record.Wide)
        for name in _NAMES:
            object.__setattr__(wide, name, 1)
        native = compiled.WideNative(*([1] * FIELDS))

        def built(build, obj) -> float:  # type: ignore[no-untyped-def]
            best = float("inf")
            for _ in range(5):
                t0 = time.perf_counter()
                build(obj, args.reads // 4)
                best = min(best, time.perf_counter() - t0)
            return best / (args.reads // 4) * 1e9

        copies = [
            ("interpreted, blank of slots filled", built(record.build_interpreted, wide)),
            ("compiled, native class constructor", built(compiled.build_native, native)),
        ]
    print(f"Python {sys.version.split()[0]}; ns per field read (best of 5 runs):")
    for name, value in rows:
        print(f"  {name:<40}{value:6.1f}")
    print(f"ns per copy of a {FIELDS}-field record, every field from the old one:")
    for name, value in copies:
        print(f"  {name:<40}{value:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
