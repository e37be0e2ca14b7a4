"""unorules.web.settle: the dispute page's answer, without a browser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from unorules.cli import main
from unorules.web import settle

SITUATION = "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"
MOVE = "0 play W+4 blue"


def _cli(*args: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["explain", *args])
    return out.getvalue()


def test_settle_gives_what_the_command_prints() -> None:
    r = settle(SITUATION, MOVE)
    assert r["verdict"] == "bluff"
    assert r["rule_ids"] == ["wd4.no-matching-colour"]
    assert r["short"] == f"{r['headline']}\n{r['next']}"
    data = json.loads(_cli(SITUATION, MOVE, "--json"))
    last = data["verdict"]
    assert last["verdict"] == r["verdict"]
    assert [rule["id"] for rule in last["rules"]] == r["rule_ids"]
    # The command's text is the same words, wrapped for a terminal.
    assert _cli(SITUATION, MOVE).split() == r["short"].split()
    json.dumps(r)  # JSON-ready


@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_settle_speaks_the_language(lang: str) -> None:
    situation = "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0"
    r = settle(situation, "0 play W+4 blue", lang=lang)
    assert "error" not in r, r
    assert r["lang"] == lang
    assert _cli(situation, "0 play W+4 blue", "--lang", lang).split() == r["short"].split()


def test_moves_before_the_last_are_applied() -> None:
    r = settle("top R7; hands R3 R5 / G2 G4; turn 0", "0 play R3; 1 play G4")
    assert r["applied"] == 2 and r["total"] == 2
    assert [m["verdict"] for m in r["moves"]] == ["legal", "illegal"]
    assert r["verdict"] == "illegal"


def test_unknown_cards_are_assumed_as_the_command_does() -> None:
    r = settle("top R7; hands ?3 / ?7; turn 0", "0 play W+4 red")
    data = json.loads(_cli("top R7; hands ?3 / ?7; turn 0", "0 play W+4 red", "--json"))
    assert r["assumes"] == data["assumes"]
    assert r["verdict"] == data["verdict"]["verdict"]


def test_a_mistake_is_said_in_the_language() -> None:
    r = settle("top R7", "0 play R3", lang="sv")
    assert set(r) == {"error", "lang"} and r["lang"] == "sv"
    assert "läget" in r["error"]
    assert "error" in settle(SITUATION, MOVE, rules="no-such-preset")
    assert "error" in settle(SITUATION, MOVE, lang="xx")


def test_importing_settle_leaves_the_command_line_out() -> None:
    code = (
        "import sys, unorules.web; "
        "print(sorted(m for m in ('unorules.cli', 'argparse', 'multiprocessing') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_build_without_npm_or_pip_goes_on_without_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Offline (npm cannot install Pyodide), the site's ``engine/`` is left
    out, stale files of an earlier build too: the page says it is
    unavailable (tests/test_web_page.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "unorules_docs_engine_hook", Path(__file__).parents[1] / "docs" / "engine_hook.py"
    )
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    monkeypatch.setattr(hooks, "_pyodide_dir", lambda: None)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "manifest.json").write_text("{}")
    assert hooks.write_engine(tmp_path) is False
    assert not (tmp_path / "engine").exists()
    monkeypatch.setenv("UNORULES_SITE_ENGINE", "0")
    monkeypatch.setattr(hooks, "_pyodide_dir", lambda: pytest.fail("not asked"))
    assert hooks.write_engine(tmp_path) is False
