"""Shared test configuration.

Hypothesis profiles, chosen with ``--hypothesis-profile NAME`` (or
``HYPOTHESIS_PROFILE=NAME``; default ``dev``):

* ``dev`` - the default, for a quick local run: every Hypothesis test runs a
  tenth of the examples it asks for (at least 2; tests that do not size their
  runs ask for Hypothesis's 100).
* ``ci`` - the deep run, what ``.ci/run`` uses: every test runs all the
  examples it asks for (``max_examples`` in its ``@settings``), deterministic
  (derandomized, no example database), no deadlines, failing examples printed
  with a reproduction blob: ``python -m pytest --hypothesis-profile ci``.

Any other registered profile (``default``) runs the tests' own example counts
with its own settings.

Skipped tests: the summary ends with one line per reason, saying how to run
them. With ``UNORULES_NO_SKIPS=1`` (``.ci/run``) a skipped test fails the run.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
)
# No max_examples here: a test without its own inherits Hypothesis's 100,
# which pytest_collection_modifyitems scales like every other test's.
settings.register_profile("dev", deadline=None)

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)

# The library speaks the language of the environment (UNORULES_LANG, then the
# locale): the tests expect English unless they choose a language themselves.
for _key in ("UNORULES_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_key, None)

EXAMPLE_SHARE: dict[str, float] = {"dev": 0.1}
"""The share of each test's ``max_examples`` run under a profile (absent: all)."""

MIN_EXAMPLES = 2


def fewer_examples(asked: int, share: float) -> int:
    """The examples run when a test asks for ``asked`` under ``share``."""
    return min(asked, max(MIN_EXAMPLES, math.ceil(asked * share)))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under a profile with a share (``dev``), scale down the examples of
    every Hypothesis test, including those that set ``max_examples`` in their
    own ``@settings`` (which a profile alone cannot override)."""
    share = EXAMPLE_SHARE.get(config.getoption("hypothesis_profile", None) or PROFILE)
    if share is None:
        return
    done: set[int] = set()
    for item in items:
        test = getattr(item, "obj", None)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(own, settings) or id(test) in done:
            continue
        done.add(id(test))
        scaled = settings(own, max_examples=fewer_examples(own.max_examples, share))
        test._hypothesis_internal_use_settings = scaled


def _no_stale_compiled_modules() -> None:
    """A build with mypyc in the tree leaves a compiled extension (and its
    ``__mypyc`` helper) beside the source of every module it compiles (the
    include list in ``pyproject.toml``), and Python imports the extension
    instead of the source: tests of the tree would test that old build. Any
    extension anywhere in the package counts, whichever modules a build
    compiled."""
    import unorules

    tree = Path(__file__).resolve().parents[1] / "unorules"
    if Path(unorules.__file__).resolve().parent != tree:
        return  # an installed build, compiled or not: what the tests are for
    found = sorted(
        str(path.relative_to(tree.parent))
        for pattern in ("*.so", "*.pyd")
        for path in tree.rglob(pattern)
    )
    if found:
        shown = ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
        raise RuntimeError(
            f"compiled files in {tree} shadow the sources ({shown}; left by a build "
            "with HATCH_BUILD_HOOK_ENABLE_MYPYC=true): remove them with "
            "find unorules -name '*.so' -delete"
        )


_no_stale_compiled_modules()


def _skips(config: pytest.Config) -> dict[str, int]:
    """How many tests were skipped for each reason, in the order first met."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    counts: dict[str, int] = {}
    for report in getattr(reporter, "stats", {}).get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reason = reason.removeprefix("Skipped: ")
        counts[reason] = counts.get(reason, 0) + 1
    return counts


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """One line per reason tests were skipped, with how to run them."""
    counts = _skips(config)
    if not counts:
        return
    terminalreporter.section("skipped tests, by reason")
    for reason, count in counts.items():
        terminalreporter.write_line(f"{count} skipped: {reason}")
    if os.environ.get("UNORULES_NO_SKIPS") == "1":
        terminalreporter.write_line("UNORULES_NO_SKIPS=1: a skipped test fails the run", red=True)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under ``UNORULES_NO_SKIPS=1`` a run with a skipped test fails."""
    if hasattr(session.config, "workerinput"):
        return  # a pytest-xdist worker: the controller counts every worker's skips
    if os.environ.get("UNORULES_NO_SKIPS") == "1" and exitstatus == 0 and _skips(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def _shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's temporary folder that every pytest-xdist worker sees (each
    worker's own is one level below it)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def site_pages(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], dict[str, str]]:
    """``pages(lang)`` of ``docs/hooks.py`` (path -> Markdown of every
    generated page in ``lang``), worked out once per language for the whole
    run: the first worker to ask writes them to the run's temporary folder
    while holding a file lock, the others read that file. Each call returns
    a new dict."""
    import importlib.util
    import json

    from filelock import FileLock

    shared = _shared_folder(tmp_path_factory)
    known: dict[str, dict[str, str]] = {}

    def pages(lang: str) -> dict[str, str]:
        if lang not in known:
            path = shared / f"site-pages-{lang}.json"
            with FileLock(str(path) + ".lock"):
                if not path.is_file():
                    hooks_py = Path(__file__).parents[1] / "docs" / "hooks.py"
                    spec = importlib.util.spec_from_file_location("unorules_docs_hooks_s", hooks_py)
                    assert spec is not None and spec.loader is not None
                    hooks = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(hooks)
                    text = json.dumps(hooks.pages(lang), ensure_ascii=False)
                    path.write_text(text, encoding="utf-8")
                known[lang] = json.loads(path.read_text(encoding="utf-8"))
        return dict(known[lang])

    return pages


@pytest.fixture(scope="session")
def quick_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site built once for the whole run, without the API reference
    (``_quick_config`` of ``test_docs_languages.py``), with the dispute page's
    engine when the build can get it; or the folder ``UNORULES_SITE`` names,
    already built. Under pytest-xdist the workers share the one build: the
    first to ask builds it into the run's temporary folder while holding a
    file lock, the others wait and take it. Tests that change files work on
    a copy."""
    import subprocess
    import sys

    given = os.environ.get("UNORULES_SITE")
    if given:
        return Path(given)
    pytest.importorskip(
        "mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'"
    )
    pytest.importorskip(
        "mkdocs_static_i18n", reason="the docs extra is not installed: pip install -e '.[docs]'"
    )
    from filelock import FileLock

    sys.path.insert(0, str(Path(__file__).parent))
    from test_docs_languages import _quick_config

    shared = _shared_folder(tmp_path_factory)
    folder = shared / "quick-site"
    out = folder / "site"
    failed = folder / "failed.txt"
    with FileLock(str(shared / "quick-site.lock")):
        if failed.is_file():
            pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
        if (folder / "built").is_file():
            return out
        folder.mkdir(exist_ok=True)
        config = _quick_config(out, folder)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
        command += ["-f", str(config)]
        result = subprocess.run(
            command,
            cwd=Path(__file__).parent.parent,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
        if result.returncode != 0:
            failed.write_text(
                f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}", encoding="utf-8"
            )
            pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
        (folder / "built").write_text("", encoding="utf-8")
    return out
