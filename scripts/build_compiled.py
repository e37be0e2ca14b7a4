"""Build unorules compiled with mypyc, and install it into a virtual environment.

    python scripts/build_compiled.py                       # .venv-compiled, no extras
    python scripts/build_compiled.py --venv .venv-fast --extras test,bench
    python scripts/build_compiled.py --wheel-only -w dist  # just the wheel

One command for the build the README's performance table calls "compiled":
the modules of the include list in ``pyproject.toml`` compiled to C
extensions (needs a C compiler and the Python headers; about 2 to 3 minutes
on 2 cores). The build runs on a copy of the files git tracks (of the whole
directory when it is not a git checkout), so that no compiled module lands
beside the sources, where Python would import it in preference to the
``.py`` files. The wheel goes to ``--wheel-dir`` (a temporary directory
unless given); with ``--venv`` (the default ``.venv-compiled``) it is
installed there with the extras asked for, the venv made when missing, and
then checked: every module of the include list must import as the compiled
one. CI builds and tests this way (``.ci/run``).

There is no ``unorules[fast]`` extra: an extra can only add dependencies,
not change how the wheel is built.

Exit status: 0 when built (and installed and checked), 1 when a step failed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Without git: what the wheel's build reads.
_TREE = ("pyproject.toml", "hatch_build.py", "README.md", "LICENSE", "babel", "unorules")


def _copy_tree(dest: Path) -> None:
    """The files git tracks (or :data:`_TREE`) copied to ``dest``."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z"],
            capture_output=True,
            check=True,
        ).stdout.split(b"\0")
    except (OSError, subprocess.CalledProcessError):
        for name in _TREE:
            src = ROOT / name
            if src.is_dir():
                shutil.copytree(
                    src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.mo")
                )
            else:
                shutil.copy2(src, dest / name)
        return
    for raw in listed:
        if not raw:
            continue
        rel = Path(os.fsdecode(raw))
        src = ROOT / rel
        if not src.is_file():  # deleted in the work tree
            continue
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest / rel)


def _run(cmd: list[str], **kwargs: object) -> None:
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kwargs)  # type: ignore[call-overload]


def build_wheel(wheel_dir: Path) -> Path:
    """Build the compiled wheel into ``wheel_dir``; return its path."""
    wheel_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="unorules-build-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        _copy_tree(src)
        before = set(wheel_dir.glob("unorules-*.whl"))
        env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"}
        _run(
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
        raise RuntimeError(f"no wheel in {wheel_dir}")
    return made[-1]


_CHECK = """
import importlib.util, sys, tomllib
with open(sys.argv[1], "rb") as f:
    hook = tomllib.load(f)["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
pure = []
for path in hook["include"]:
    # Found, not imported: unorules.testing needs the test extra to import.
    name = path.removesuffix(".py").replace("/", ".")
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or spec.origin.endswith(".py"):
        pure.append(name)
if pure:
    sys.exit("not compiled: " + ", ".join(pure))
import unorules
print(f"{len(hook['include'])} modules compiled, unorules {unorules.__version__} at "
      f"{unorules.__file__.rsplit('/', 1)[0]}")
"""


def install(wheel: Path, venv: Path, extras: str) -> None:
    """Install ``wheel`` with ``extras`` into ``venv`` (made when missing),
    and check that every module of the include list is the compiled one."""
    python = venv / "bin" / "python"
    if not python.exists():
        _run([sys.executable, "-m", "venv", str(venv)])
    spec = f"{wheel}[{extras}]" if extras else str(wheel)
    _run([str(python), "-m", "pip", "install", "-q", spec])
    # A pure-Python unorules of the same version already there stays unless forced.
    _run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel)])
    # From outside the tree, so that `import unorules` finds the installed build.
    _run(
        [str(python), "-c", _CHECK, str(ROOT / "pyproject.toml")],
        cwd=tempfile.gettempdir(),
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build unorules compiled with mypyc and install it into a venv."
    )
    parser.add_argument(
        "--venv",
        type=Path,
        default=ROOT / ".venv-compiled",
        help="the virtual environment to install into, made when missing (.venv-compiled)",
    )
    parser.add_argument(
        "--extras", default="", help="extras to install with it, comma-separated (e.g. test,bench)"
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
    with open(ROOT / "pyproject.toml", "rb") as f:
        tomllib.load(f)  # a broken pyproject.toml fails here, before the long build
    t0 = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="unorules-wheel-") as tmp:
            wheel_dir = args.wheel_dir.resolve() if args.wheel_dir else Path(tmp)
            wheel = build_wheel(wheel_dir)
            print(f"built {wheel.name} in {time.monotonic() - t0:.0f} s", flush=True)
            if args.wheel_only:
                return 0
            install(wheel, args.venv.resolve(), args.extras)
    except (subprocess.CalledProcessError, RuntimeError, OSError) as error:
        print(f"build_compiled: {error}", file=sys.stderr)
        return 1
    print(f"installed into {args.venv} in {time.monotonic() - t0:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
