"""Shared test configuration.

Hypothesis profile ``ci``: deterministic (derandomized, no example database),
no deadlines, failing examples printed with a reproduction blob. Select it with
``HYPOTHESIS_PROFILE=ci python -m pytest``; by default Hypothesis's own
defaults apply. Tests that size their runs set ``max_examples`` themselves.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
