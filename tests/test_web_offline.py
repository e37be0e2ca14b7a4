"""The dispute page works offline once it has been opened: the site's service
worker (``sw.js``) keeps the page, the theme's files and the engine, and the
page started again without a network still loads the engine and gives the
verdict that :func:`unorules.web.settle` gives.

A second visit starts Python from the memory snapshot the first one kept
(``data-steps`` says so), and a new build's engine (a new
``engine/<version>/``) is the one a page that was kept before loads.

Skipped as ``test_web_page.py`` is (no Chromium, no Playwright, no engine in
the build); the site is built once for the whole run or taken from
``UNORULES_SITE``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_web_page import CHROMIUM, MOVE, SITUATION, serve, settle_on_page, settled
from test_web_page import site as site  # the module's site fixture

from unorules.web import settle

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium: apt-get install chromium"
    ),
]


def _ready(page: Any) -> str:
    page.wait_for_selector("#dispute[data-engine]", timeout=120_000)
    assert page.get_attribute("#dispute", "data-engine") == "ready", page.inner_text(
        "#dispute-status"
    )
    return page.get_attribute("#dispute", "data-steps") or ""


def _kept(page: Any, path: str) -> bool:
    """Whether the service worker's cache holds ``path`` (from the site's root)."""
    return bool(
        page.evaluate(
            """async (path) => {
                const cache = await caches.open("unorules-offline-1");
                return !!(await cache.match(new URL(path, location.origin)));
            }""",
            path,
        )
    )


def _wait_kept(page: Any, paths: list[str]) -> None:
    for _ in range(120):
        if all(_kept(page, p) for p in paths):
            return
        page.wait_for_timeout(500)
    missing = [p for p in paths if not _kept(page, p)]
    raise AssertionError(f"not kept for offline use: {missing}")


def test_the_page_settles_offline_once_loaded(site: Path) -> None:
    from playwright.sync_api import sync_playwright

    version = json.loads((site / "engine" / "manifest.json").read_text())["version"]
    sv_situation = SITUATION.replace("G5", "Gr5")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            with serve(site) as url:
                page.goto(url + "dispute/")
                first = _ready(page)
                assert "from the kept snapshot" not in first
                page.goto(url + "sv/dispute/")
                _ready(page)
                _wait_kept(
                    page,
                    [
                        "/dispute/",
                        "/sv/dispute/",
                        "/javascripts/engine.js",
                        "/engine/manifest.json",
                        f"/engine/{version}/pyodide.asm.wasm",
                        f"/engine/{version}/memory-snapshot",
                    ],
                )
            # Offline: the browser says so, and the site's server is gone too.
            context.set_offline(True)
            for path, situation, lang in (
                ("dispute/", SITUATION, "en"),
                ("sv/dispute/", sv_situation, "sv"),
            ):
                page.goto(url + path)
                steps = _ready(page)
                assert "from the kept snapshot" in steps, steps
                got = settle_on_page(page, situation, MOVE, lang)
                expected = settled(situation, MOVE, lang=lang)
                assert got["state"] == "done", got
                assert got["short"] == expected["short"]
                assert expected["headline"] in got["text"]
            page.reload()
            _ready(page)
            again = settle_on_page(page, "top R7", MOVE)
            assert again["state"] == "error"
            assert settle("top R7", MOVE)["error"] in again["text"]
        finally:
            browser.close()
    assert not errors, errors


def test_a_new_build_is_not_served_the_old_engine(site: Path, tmp_path: Path) -> None:
    """A page kept from one build, then the site rebuilt with another engine
    (another version): online, the page loads the new engine's files, and
    the old version's files and snapshot leave the cache."""
    from playwright.sync_api import sync_playwright

    copy = tmp_path / "site"
    shutil.copytree(site, copy, ignore=shutil.ignore_patterns("api"))
    manifest_path = copy / "engine" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    old = manifest["version"]
    new = "0123456789ab" if old != "0123456789ab" else "ba9876543210"
    with serve(copy) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto(url + "dispute/")
            _ready(page)
            _wait_kept(page, [f"/engine/{old}/pyodide.asm.wasm", f"/engine/{old}/memory-snapshot"])

            # The next build: the same files under another version.
            (copy / "engine" / old).rename(copy / "engine" / new)
            manifest_path.write_text(json.dumps({**manifest, "version": new, "files": f"{new}/"}))
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.reload()
            steps = _ready(page)
            assert "from the kept snapshot" not in steps, steps
            assert any(f"/engine/{new}/pyodide.asm.wasm" in r for r in requests), requests
            assert not any(f"/engine/{old}/" in r for r in requests), requests
            got = settle_on_page(page, SITUATION, MOVE)
            assert got["short"] == settled(SITUATION, MOVE)["short"]
            _wait_kept(page, [f"/engine/{new}/pyodide.asm.wasm", f"/engine/{new}/memory-snapshot"])
            for _ in range(60):
                if not _kept(page, f"/engine/{old}/pyodide.asm.wasm"):
                    break
                page.wait_for_timeout(500)
            assert not _kept(page, f"/engine/{old}/pyodide.asm.wasm")
            assert not _kept(page, f"/engine/{old}/memory-snapshot")
        finally:
            browser.close()
