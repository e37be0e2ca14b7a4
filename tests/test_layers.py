"""The package's layers: each module imports only from the layers below it
(the import-linter contract in ``pyproject.toml``), and no modules import
each other in a circle. Read from the source tree's imports, not run.

Imports under ``TYPE_CHECKING`` are left out: they never run (a policy's
type hints may name the state it is asked about).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CIRCLES = r"""
import sys

import grimp

graph = grimp.build_graph("unorules", exclude_type_checking_imports=True)
index, low, stack, on_stack, circles = {}, {}, [], set(), []
sys.setrecursionlimit(10_000)


def visit(module):
    index[module] = low[module] = len(index)
    stack.append(module)
    on_stack.add(module)
    for imported in graph.find_modules_directly_imported_by(module):
        if imported not in index:
            visit(imported)
            low[module] = min(low[module], low[imported])
        elif imported in on_stack:
            low[module] = min(low[module], index[imported])
    if low[module] == index[module]:
        circle = []
        while True:
            member = stack.pop()
            on_stack.discard(member)
            circle.append(member)
            if member == module:
                break
        if len(circle) > 1:
            circles.append(sorted(circle))


for module in sorted(graph.modules):
    if module not in index:
        visit(module)
print(len(graph.modules))
for circle in circles:
    print(" ".join(circle))
"""


def _run(args: list[str], tree: Path) -> subprocess.CompletedProcess[str]:
    """``args`` run in ``tree`` with its ``unorules`` first on the path (an
    installed build, compiled or not, is not what is read)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        args, cwd=tree, env=env, capture_output=True, text=True, check=False, timeout=300
    )


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))"
    )
    return _run([sys.executable, "-c", code], tree)


def _circles(tree: Path) -> tuple[int, list[str]]:
    done = _run([sys.executable, "-c", _CIRCLES], tree)
    assert done.returncode == 0, done.stderr
    count, *circles = done.stdout.splitlines()
    return int(count), circles


def test_every_module_imports_only_the_layers_below() -> None:
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


def test_no_modules_import_each_other_in_a_circle() -> None:
    count, circles = _circles(ROOT)
    assert count > 60  # every module of the package was read
    assert circles == []


def _copy(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copy(ROOT / "pyproject.toml", tree)
    shutil.copytree(
        ROOT / "unorules", tree / "unorules", ignore=shutil.ignore_patterns("locale", "*.so")
    )
    return tree


def test_an_import_back_up_breaks_the_contract_and_makes_a_circle(tmp_path: Path) -> None:
    """The checks bite: the cards asking the engine (above them) is an
    import back up, and a circle (the engine imports the cards)."""
    tree = _copy(tmp_path)
    faces = tree / "unorules" / "cards" / "faces.py"
    faces.write_text(
        faces.read_text(encoding="utf-8") + "\n\ndef _asks() -> None:\n"
        "    from unorules.engine import check  # noqa: F401\n",
        encoding="utf-8",
    )
    done = _lint(tree)
    assert done.returncode == 1
    assert "BROKEN" in done.stdout
    assert "unorules.cards.faces -> unorules.engine" in done.stdout
    _, circles = _circles(tree)
    assert len(circles) == 1
    assert {"unorules.cards.faces", "unorules.engine"} <= set(circles[0].split())


def test_a_type_hint_of_a_module_above_is_no_import(tmp_path: Path) -> None:
    """A name used only in type hints (under ``TYPE_CHECKING``) never runs:
    it breaks no layer and makes no circle."""
    tree = _copy(tmp_path)
    faces = tree / "unorules" / "cards" / "faces.py"
    text = faces.read_text(encoding="utf-8")
    faces.write_text(
        text.replace(
            "import enum\n",
            "import enum\nfrom typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n    from unorules.state import GameState  # noqa: F401\n",
            1,
        ),
        encoding="utf-8",
    )
    assert _lint(tree).returncode == 0
    assert _circles(tree)[1] == []
