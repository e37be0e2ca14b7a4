"""Shared test configuration.

Hypothesis profile ``ci``: deterministic (derandomized, no example database),
no deadlines, failing examples printed with a reproduction blob. Select it with
``HYPOTHESIS_PROFILE=ci python -m pytest``; by default Hypothesis's own
defaults apply. Tests that size their runs set ``max_examples`` themselves.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def _no_stale_compiled_engine() -> None:
    """A compiled build leaves ``unorules/engine*.so`` beside ``engine.py``,
    and Python imports it instead of the source: tests of the tree would test
    that old build."""
    import unorules

    tree = Path(__file__).resolve().parents[1] / "unorules"
    if Path(unorules.__file__).resolve().parent == tree and any(tree.glob("*.so")):
        raise RuntimeError(
            f"compiled files in {tree} shadow the sources (left by a build with "
            "HATCH_BUILD_HOOK_ENABLE_MYPYC=true): remove them with rm unorules/*.so"
        )


_no_stale_compiled_engine()
