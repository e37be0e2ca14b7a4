"""The ``rl`` extra: the PettingZoo environment's dependencies are optional.
``import unorules`` never imports them, and importing the environment
without them says what to install."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )


def test_importing_the_library_imports_no_rl_dependency() -> None:
    done = _python(
        "import sys, unorules, unorules.play.bots, unorules.play.simulate\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy') if m in sys.modules))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_environment_without_the_extra_says_what_to_install() -> None:
    done = _python(
        "import sys\n"
        "sys.modules['pettingzoo'] = None  # as if it were not installed\n"
        "import unorules.play.env"
    )
    assert done.returncode != 0
    assert "ImportError: unorules.play.env needs PettingZoo, Gymnasium and NumPy: " in done.stderr
    assert 'pip install "unorules[rl]"' in done.stderr


def test_the_rl_extra_names_the_three_packages() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    rl = project["optional-dependencies"]["rl"]
    assert sorted(r.split(">")[0] for r in rl) == ["gymnasium", "numpy", "pettingzoo"]
    assert "pettingzoo" not in " ".join(project["dependencies"])
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extras = re.findall(r'pip install -q -e "\.\[([a-z,]+)\]"', ci)
    assert extras and "rl" in extras[0].split(","), extras
