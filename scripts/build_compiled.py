"""Build unorules compiled with mypyc, and install it into a virtual environment.

    python scripts/build_compiled.py                       # into .venv-compiled, no extras
    python scripts/build_compiled.py --extras rl,bench     # with the rl and bench extras
    python scripts/build_compiled.py --venv /tmp/fast      # another venv
    python scripts/build_compiled.py --wheel-only -w dist  # just the wheel

One command for the build the README's performance table calls "compiled":
the modules of the include list in ``pyproject.toml`` compiled to C
extensions (needs a C compiler and the Python headers; about 2.5 minutes on
2 cores). The build runs on a copy of the tree, so that no compiled module
lands beside the sources, where Python would import it in preference to
the ``.py`` files: the files git tracks when the tree is a git checkout of
its own, else the files the wheel's build reads (``pyproject.toml``,
``hatch_build.py``, ``README.md``, ``LICENSE``, ``babel/``, ``unorules/``).
The wheel goes to ``--wheel-dir`` (a temporary directory unless given);
unless ``--wheel-only``, it is installed with the extras asked for into
``--venv`` (``.venv-compiled`` in the tree unless given; made when missing,
and only a virtual environment is written into), then checked: every
module of the include list must be the compiled one. The options are
checked before the build starts. CI builds and tests this way
(``.ci/run``).

There is no ``unorules[fast]`` extra: an extra can only add dependencies,
not change how the wheel is built.

Exit status: 0 when built (and installed and checked), 1 when a step
failed, 2 for options that cannot work.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_TREE = ("pyproject.toml", "hatch_build.py", "README.md", "LICENSE", "babel", "unorules")
"""Outside a git checkout of its own: what the wheel's build reads."""

_EXTRA = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


class Failed(Exception):
    """A step failed; the message says which."""


def _git_files() -> list[Path] | None:
    """The files git tracks in the tree, when the tree is the top of a git
    checkout; else ``None``."""
    try:
        top = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        if not top or Path(top).resolve() != ROOT:
            return None  # no checkout, or the tree is a folder of another one
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z"],
            capture_output=True,
            check=True,
        ).stdout.split(b"\0")
    except (OSError, subprocess.CalledProcessError):
        return None
    files = [Path(os.fsdecode(raw)) for raw in listed if raw]
    return files or None


def _copy_tree(dest: Path) -> None:
    """The tree's files (see the module's docstring) copied to ``dest``."""
    files = _git_files()
    if files is None:
        for name in _TREE:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(
                    src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.mo")
                )
            elif src.is_file():
                shutil.copy2(src, dest / name)
        return
    for rel in files:
        src = ROOT / rel
        if not src.is_file():  # deleted in the work tree
            continue
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / rel)


def _run(what: str, cmd: list[str], shown: str = "", **kwargs: Any) -> None:
    """Run ``cmd`` (its output shown, and the command itself, or ``shown``
    in its place); :class:`Failed` naming ``what`` when it fails."""
    print("$", shown or " ".join(cmd), flush=True)
    try:
        done = subprocess.run(cmd, **kwargs)
    except OSError as error:
        raise Failed(f"{what}: {error}") from None
    if done.returncode != 0:
        raise Failed(f"{what} failed (exit status {done.returncode}; its output is above)")


def build_wheel(wheel_dir: Path) -> Path:
    """Build the compiled wheel into ``wheel_dir``; return its path."""
    with tempfile.TemporaryDirectory(prefix="unorules-build-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        _copy_tree(src)
        before = set(wheel_dir.glob("unorules-*.whl"))
        env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"}
        _run(
            "building the wheel",
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "-q",
                "--no-deps",
                "-w",
                str(wheel_dir),
                str(src),
            ],
            env=env,
        )
    made = sorted(set(wheel_dir.glob("unorules-*.whl")) - before) or sorted(
        wheel_dir.glob("unorules-*.whl"), key=lambda p: p.stat().st_mtime
    )
    if not made:
        raise Failed(f"the build left no wheel in {wheel_dir}")
    return made[-1]


_CHECK = """
import importlib, importlib.util, sys, tomllib
with open(sys.argv[1], "rb") as f:
    hook = tomllib.load(f)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
pure = []
for path in hook["include"]:
    name = path.removesuffix(".py").replace("/", ".")
    try:
        origin = importlib.import_module(name).__file__
    except ModuleNotFoundError as error:
        if (error.name or "").startswith("unorules"):
            raise
        # A module that needs an extra not installed (unorules.testing needs
        # the test extra): found, not imported.
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
    if origin is None or origin.endswith(".py"):
        pure.append(name)
if pure:
    sys.exit("not compiled: " + ", ".join(pure))
import unorules
print(f"{len(hook['include'])} modules compiled, unorules {unorules.__version__} at "
      f"{unorules.__file__.rsplit('/', 1)[0]}")
"""


def install(wheel: Path, venv: Path, extras: str) -> None:
    """Install ``wheel`` with ``extras`` into the virtual environment
    ``venv``, and check that every module of the include list is the compiled one."""
    python = venv / "bin" / "python"
    spec = f"{wheel}[{extras}]" if extras else str(wheel)
    _run("installing the wheel", [str(python), "-m", "pip", "install", "-q", spec])
    # A pure-Python unorules of the same version already there stays unless forced.
    _run(
        "installing the wheel over the one there",
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel)],
    )
    # From outside the tree, so that `import unorules` finds the installed build.
    _run(
        "checking that the installed modules are compiled",
        [str(python), "-P", "-c", _CHECK, str(ROOT / "pyproject.toml")],
        shown=f"{python} -P -c <import each module of the include list> pyproject.toml",
        cwd=tempfile.gettempdir(),
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )


def _extras(text: str, known: dict[str, Any]) -> str:
    """``--extras`` checked against the project's extras; the names, comma-separated."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if not _EXTRA.fullmatch(name):
            raise ValueError(f"{name!r} is not an extra's name")
        if name not in known:
            raise ValueError(f"no extra {name!r} (the extras: {', '.join(sorted(known))})")
    return ",".join(dict.fromkeys(names))


def _venv_problem(venv: Path) -> str | None:
    """Why ``venv`` cannot be installed into, or ``None``."""
    if venv.exists():
        if not venv.is_dir():
            return f"{venv} is a file, not a virtual environment"
        if not (venv / "pyvenv.cfg").exists() and any(venv.iterdir()):
            return f"{venv} is a folder with files and no pyvenv.cfg: not a virtual environment"
        return None
    parent = venv.parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK):
        return f"{venv} cannot be made: {parent} is not a folder that can be written to"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build unorules compiled with mypyc and install it into a venv."
    )
    parser.add_argument(
        "--venv",
        type=Path,
        help="the virtual environment to install into, made when missing (.venv-compiled)",
    )
    parser.add_argument(
        "--extras", default="", help="extras to install with it, comma-separated (e.g. rl,bench)"
    )
    parser.add_argument(
        "-w", "--wheel-dir", type=Path, help="where the wheel goes (a temporary directory)"
    )
    parser.add_argument(
        "--wheel-only", action="store_true", help="build the wheel, install nothing"
    )
    args = parser.parse_args(argv)
    if args.wheel_only and args.wheel_dir is None:
        parser.error("--wheel-only needs --wheel-dir: the wheel would be thrown away")
    if args.wheel_only and (args.venv is not None or args.extras):
        parser.error("--wheel-only installs nothing: leave out --venv and --extras")
    try:
        with open(ROOT / "pyproject.toml", "rb") as f:
            project = tomllib.load(f)
        known = project["project"].get("optional-dependencies", {})
    except (OSError, tomllib.TOMLDecodeError, KeyError) as error:
        print(f"build_compiled: cannot read {ROOT / 'pyproject.toml'}: {error}", file=sys.stderr)
        return 1
    try:
        extras = _extras(args.extras, known)
    except ValueError as error:
        parser.error(f"--extras: {error}")
    venv = (args.venv or ROOT / ".venv-compiled").resolve()
    if not args.wheel_only and (problem := _venv_problem(venv)):
        parser.error(f"--venv: {problem}")
    wheel_dir = args.wheel_dir.resolve() if args.wheel_dir else None
    if wheel_dir is not None and wheel_dir.exists() and not wheel_dir.is_dir():
        parser.error(f"--wheel-dir: {wheel_dir} is a file")
    t0 = time.monotonic()
    made_dir = False
    try:
        if not args.wheel_only and not (venv / "bin" / "python").exists():
            # Before the long build: a venv that cannot be made fails at once.
            _run("making the venv", [sys.executable, "-m", "venv", str(venv)])
        with tempfile.TemporaryDirectory(prefix="unorules-wheel-") as tmp:
            target = wheel_dir or Path(tmp)
            if not target.exists():
                target.mkdir(parents=True)
                made_dir = True
            wheel = build_wheel(target)
            print(f"built {wheel.name} in {time.monotonic() - t0:.0f} s", flush=True)
            if args.wheel_only:
                return 0
            install(wheel, venv, extras)
    except (Failed, OSError) as error:
        if made_dir and wheel_dir is not None and not any(wheel_dir.iterdir()):
            wheel_dir.rmdir()
        print(f"build_compiled: {error}", file=sys.stderr)
        return 1
    print(f"installed into {venv} in {time.monotonic() - t0:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
