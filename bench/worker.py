"""A benchmark script run again in another Python (the compiled build), as
a worker driven block by block over its stdin and stdout, so that its blocks
take turns with the calling process's. Shared by ``vs_rlcard.py`` and
``growth.py``.

The worker is the script itself started with ``--worker``: it prints one
JSON line saying which build it imports (``{"error": ...}`` when it cannot
run), then answers each JSON request line with one JSON line.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


class Worker:
    """``script --worker`` in ``python``, from a directory outside the tree
    and without ``PYTHONPATH``, so that it imports that Python's own build."""

    def __init__(self, python: str, script: str) -> None:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.proc = subprocess.Popen(
            [python, str(Path(script).resolve()), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tempfile.gettempdir(),
            env=env,
        )
        self.info: dict[str, Any] = self.ask(None)

    def ask(self, request: object | None) -> dict[str, Any]:
        """Send ``request`` (none: read the greeting) and return the answer.

        Raises:
            RuntimeError: when the worker exits, says ``error``, or answers
                something that is not one of its JSON lines.
        """
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if request is not None:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            assert self.proc.stderr is not None
            err = self.proc.stderr.read().strip().splitlines()
            raise RuntimeError(err[-1] if err else "the worker exited")
        try:
            got = json.loads(line)
        except ValueError:
            raise RuntimeError(f"not a worker of this script: it said {line[:60]!r}") from None
        if not isinstance(got, dict):
            raise RuntimeError(f"not a worker of this script: it said {line[:60]!r}")
        if "error" in got:
            raise RuntimeError(got["error"])
        return got

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def compiled_python(given: str | None) -> str | None:
    """``--compiled``, else ``$UNORULES_COMPILED_PYTHON``, else the tree's
    ``.venv-compiled/bin/python`` when it exists. A relative path is taken
    from the current directory (the worker itself runs elsewhere); a venv's
    ``python`` link is kept as it is, not followed."""
    if given:
        return os.path.abspath(given)
    env = os.environ.get("UNORULES_COMPILED_PYTHON")
    if env:
        return os.path.abspath(env)
    default = ROOT / ".venv-compiled" / "bin" / "python"
    return str(default) if default.exists() else None
