"""Collection of the package's doctests: the PettingZoo environment needs the
``rl`` extra, so its module is left out where PettingZoo is not installed."""

from __future__ import annotations

import importlib.util

collect_ignore = (
    [] if importlib.util.find_spec("pettingzoo") is not None else ["unorules/play/env.py"]
)
