"""What one field read costs: interpreted code, code compiled with mypyc
reading an interpreted record, and compiled code reading a native compiled
class.

unorules' compiled build compiles the engine but keeps the state, move and
effect records interpreted (attrs classes: the JSON layer reads their field
types). This measures why that matters: a loop of eight reads of int
fields, each into the same local variable (no arithmetic), run 1,000,000
times, each way, in one process; the loop's own cost is in every row. The compiled module is built
with mypyc in a temporary directory (needs mypy, a C compiler and the
Python headers; about 20 s).

It also copies a record of 29 fields (as many as a ``GameState`` has),
every field from the old one: the engine's way in pure Python (a blank of
the same slots filled, then given the record's class) against a native
class's constructor compiled.

The rows of an attrs frozen class and a frozen dataclass, each compiled,
show why compiling ``state.py`` as it is written would not give a native
record. mypyc compiles an attrs frozen class with slots (as ``GameState``
is) as an ordinary Python class, whose fields compiled code reads as it
reads an interpreted record's. A frozen dataclass compiles to a native
class, whose reads are fast. The constructor of either is the interpreted
``__init__`` that attrs or dataclasses generate, which sets each field
with ``object.__setattr__``. Only a plain class with a constructor of its
own is both native and fast to build.

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
import dataclasses
from typing import Any

import attrs


class Native:
    """Compiled by mypyc: a native class."""

    def __init__(self) -> None:
        self.a = 1; self.b = 2; self.c = 3; self.d = 4
        self.e = 5; self.f = 6; self.g = 7; self.h = 8


def read_any(r: Any, n: int) -> int:
    x = 0
    for _ in range(n):
        x = r.a; x = r.b; x = r.c; x = r.d; x = r.e; x = r.f; x = r.g; x = r.h
    return x


def read_native(r: Native, n: int) -> int:
    x = 0
    for _ in range(n):
        x = r.a; x = r.b; x = r.c; x = r.d; x = r.e; x = r.f; x = r.g; x = r.h
    return x


@attrs.frozen(slots=True)
class Frozen:
    """An attrs frozen class with slots, as GameState is, compiled."""

    a: int = 1
    b: int = 2
    c: int = 3
    d: int = 4
    e: int = 5
    f: int = 6
    g: int = 7
    h: int = 8


@dataclasses.dataclass(frozen=True)
class Dataclass:
    """A frozen dataclass, compiled."""

    a: int = 1
    b: int = 2
    c: int = 3
    d: int = 4
    e: int = 5
    f: int = 6
    g: int = 7
    h: int = 8


def read_dataclass(r: Dataclass, n: int) -> int:
    x = 0
    for _ in range(n):
        x = r.a; x = r.b; x = r.c; x = r.d; x = r.e; x = r.f; x = r.g; x = r.h
    return x


def read_frozen(r: Frozen, n: int) -> int:
    x = 0
    for _ in range(n):
        x = r.a; x = r.b; x = r.c; x = r.d; x = r.e; x = r.f; x = r.g; x = r.h
    return x
''' + (
    """

class WideNative:
    def __init__(self, {}) -> None:
{}


@attrs.frozen(slots=True)
class WideFrozen:
{}


@dataclasses.dataclass(frozen=True)
class WideDataclass:
{}
""".format(
        ", ".join(f"{n}: int" for n in _NAMES),
        "\n".join(f"        self.{n} = {n}" for n in _NAMES),
        "\n".join(f"    {n}: int" for n in _NAMES),
        "\n".join(f"    {n}: int" for n in _NAMES),
    )
    + "".join(
        f"""

def build_{kind}(old: {cls}, n: int) -> {cls}:
    new = old
    for _ in range(n):
        new = {cls}({", ".join(f"old.{n}" for n in _NAMES)})
    return new
"""
        for kind, cls in (
            ("native", "WideNative"),
            ("frozen", "WideFrozen"),
            ("dataclass", "WideDataclass"),
        )
    )
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ns per field read and per record copy, each way")
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
            (
                "compiled code, attrs frozen class compiled",
                ns(compiled.read_frozen, compiled.Frozen()),
            ),
            (
                "compiled code, frozen dataclass compiled",
                ns(compiled.read_dataclass, compiled.Dataclass()),
            ),
        ]
        wide = record.Wide.__new__(record.Wide)
        for name in _NAMES:
            object.__setattr__(wide, name, 1)
        native = compiled.WideNative(*([1] * FIELDS))
        frozen = compiled.WideFrozen(*([1] * FIELDS))
        dataclass = compiled.WideDataclass(*([1] * FIELDS))

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
            ("compiled, attrs frozen class constructor", built(compiled.build_frozen, frozen)),
            ("compiled, frozen dataclass constructor", built(compiled.build_dataclass, dataclass)),
        ]
    print(f"Python {sys.version.split()[0]}; ns per field read (best of 5 runs):")
    for name, value in rows:
        print(f"  {name:<46}{value:7.1f}")
    print(f"ns per copy of a {FIELDS}-field record, every field from the old one:")
    for name, value in copies:
        print(f"  {name:<46}{value:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
