"""The dispute page in a real browser: the library's own Python, run by
Pyodide from the site's ``engine/`` folder, gives the verdict that
:func:`unorules.web.settle` (and ``unorules explain``) gives.

Skipped without Debian's Chromium (``apt-get install chromium``), without
Playwright's Python package (``pip install playwright``; its own browser
download is not used) or when the build has no engine (npm or pip could not
get its files, e.g. offline). The site is built once for the module
without the API reference (as in ``test_docs_languages.py``), or taken
from ``UNORULES_SITE`` when that names a folder already built.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from unorules.web import settle

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SITUATION = "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"
MOVE = "0 play W+4 blue"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is missing")
    given = os.environ.get("UNORULES_SITE")
    if given:
        out = Path(given)
    else:
        pytest.importorskip("mkdocs", reason="the docs extra is not installed")
        sys.path.insert(0, str(Path(__file__).parent))
        from test_docs_languages import _quick_config

        folder = tmp_path_factory.mktemp("web-site")
        out = folder / "site"
        config = _quick_config(out, folder)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
        command += ["-f", str(config)]
        result = subprocess.run(
            command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False
        )
        assert result.returncode == 0, result.stdout + result.stderr
    if not (out / "engine" / "manifest.json").is_file():
        pytest.skip("this build has no engine/ (npm or pip could not get its files)")
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 at a free port: the site's address."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def settle_on_page(page: Any, situation: str, moves: str, lang: str = "en") -> dict[str, str]:
    """Type a dispute into the page, press the button and wait for the
    verdict: the verdict's ``short`` text and how long it took (ms)."""
    page.fill("#dispute-situation", situation)
    page.fill("#dispute-moves", moves)
    page.select_option("#dispute-lang", lang)
    page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
    page.click("#dispute-submit")
    page.wait_for_selector("#dispute-verdict[data-state]", timeout=30_000)
    verdict = page.locator("#dispute-verdict")
    return {
        "state": verdict.get_attribute("data-state") or "",
        "short": verdict.get_attribute("data-short") or "",
        "text": verdict.inner_text(),
        "ms": verdict.get_attribute("data-ms") or "",
    }


def test_the_page_settles_dispute_one(site: Path, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    expected = settle(SITUATION, MOVE)
    with serve(site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "dispute/")
            assert page.locator("#dispute-progress").is_visible() or (
                page.get_attribute("#dispute", "data-engine") == "ready"
            )
            page.wait_for_selector("#dispute[data-engine]", timeout=120_000)
            assert page.get_attribute("#dispute", "data-engine") == "ready", page.inner_text(
                "#dispute-status"
            )
            got = settle_on_page(page, SITUATION, MOVE)
            page.screenshot(path=str(tmp_path / "dispute.png"), full_page=True)
            assert got["state"] == "done", got
            assert got["short"] == expected["short"]
            assert expected["headline"] in got["text"]
            assert expected["next"] in got["text"]
            # Swedish, then a mistake, in the same page.
            sv = settle_on_page(page, SITUATION.replace("G5", "Gr5"), MOVE, "sv")
            assert sv["short"] == settle(SITUATION.replace("G5", "Gr5"), MOVE, lang="sv")["short"]
            bad = settle_on_page(page, "top R7", MOVE)
            assert bad["state"] == "error"
            assert settle("top R7", MOVE)["error"] in bad["text"]
        finally:
            browser.close()
    assert not errors, errors
    assert requests
    off_site = [r for r in requests if not r.startswith("http://127.0.0.1:")]
    assert not off_site, off_site
    assert any(r.endswith("/engine/pyodide.asm.wasm") for r in requests)
    assert (tmp_path / "dispute.png").stat().st_size > 0


def test_a_build_without_the_engine_says_so(site: Path, tmp_path: Path) -> None:
    """The page of a build whose ``engine/`` is empty says the engine is
    unavailable, and its button stays off."""
    import shutil

    from playwright.sync_api import sync_playwright

    bare = tmp_path / "site"
    shutil.copytree(site, bare, ignore=shutil.ignore_patterns("engine", "api"))
    with serve(bare) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(url + "sv/dispute/")
            page.wait_for_selector("#dispute[data-engine]", timeout=30_000)
            assert page.get_attribute("#dispute", "data-engine") == "unavailable"
            assert "unavailable" in page.inner_text("#dispute-status")
            assert page.locator("#dispute-submit").is_disabled()
        finally:
            browser.close()
