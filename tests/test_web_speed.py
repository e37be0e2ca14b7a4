"""The dispute page is never frozen: its Python runs in a Web Worker
(``docs/javascripts/engine_worker.js``), so the page's own thread answers
every tap while the engine loads, and the engine answers as the library does.

* A tap on the top card while the engine is still loading opens the card
  picker at once (within 200 ms of the tap, by the page's own clock), the
  card picked then is still the top card once the engine is ready, and the
  page's thread has no task longer than 200 ms while the engine loads
  (PerformanceObserver "longtask"); on a machine too busy for that, another
  load is measured (three at most).
* ``engine.call(name, ...args)`` (``docs/javascripts/engine.js``) answers as
  :mod:`unorules.web` does in Python, in each language, on the first visit
  and on the next one, which starts Python from the memory snapshot the first
  one kept (the library then imported already: its files are not unpacked
  again); calls made before the engine is ready wait for it; a Python
  exception rejects with the exception's last line; ``engine.latest(key,
  ...)`` is not worked out (resolves to undefined) when a later one with the
  same key waits behind it.
* A build without the engine: ``engine.ready`` and every call reject with
  ``unavailable``.
* Over plain http on the home network (``unorules serve --lan``: no secure
  context, so no Cache Storage) the engine works, without a snapshot.

Phone-sized (390x844, touch) pages in Debian's Chromium; skipped as
``test_web_page.py`` is (no Chromium, no Playwright, no engine in the build).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_page import CHROMIUM, _pick, serve
from test_web_page import site as site  # the module's site fixture

from unorules import web

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium: apt-get install chromium"
    ),
]

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}
TOP_CARD = "#dispute-top"
"""What a player taps to choose the top card of the discard pile."""
PICKER = "#dispute-picker"
"""The card picker it opens (a <dialog>, open while shown)."""

WATCH = """(() => {
    // The page's own clock: the long tasks of its thread until the engine
    // is ready, when a tap was made and when the card picker opened.
    const watch = (window.__watch = { longest: 0, ready: null, tap: null, open: null });
    new PerformanceObserver((list) => {
        if (watch.ready !== null) return;
        for (const task of list.getEntries()) {
            watch.longest = Math.max(watch.longest, task.duration);
        }
    }).observe({ type: "longtask", buffered: true });
    addEventListener("pointerdown", (event) => { watch.tap ??= event.timeStamp; }, true);
    addEventListener("touchstart", (event) => { watch.tap ??= event.timeStamp; }, true);
    new MutationObserver(() => {
        const picker = document.querySelector("PICKER");
        if (watch.tap !== null && watch.open === null && picker && picker.open) {
            watch.open = performance.now();
        }
        const root = document.getElementById("dispute");
        if (watch.ready === null && root && root.dataset.engine) watch.ready = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
})()""".replace("PICKER", PICKER)

ENGINE = """async () => {
    const base = JSON.parse(document.getElementById("__config").textContent).base;
    const root = new URL(base.endsWith("/") ? base : base + "/", location.href);
    const { loadEngine } = await import(new URL("javascripts/engine.js", root).href);
    window.__engine = await loadEngine();
}"""
"""The page's own engine (engine.js is one module: the page's instance)."""

CALLS: list[tuple[str, list[Any]]] = [
    (
        "settle",
        ["top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0", "0 play W+4 blue", "official", "en"],
    ),
    ("settle", ["topp R7; händer R3 W+4 Gr5 / ?7 / ?7; tur 0", "0 spela W+4 blå", "svenska", "sv"]),
    ("settle", ["top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0", "0 play W+4 blue", "norsk", "nb"]),
    ("settle", ["top R7; hands R3 / ?1; turn 0", "0 play G9", "official", "sv"]),
    ("settle", ["top R7; hands R3", "0 play", "official", "nb"]),
    (
        "compare",
        ["top R7; hands R3 R5 / G2 G4; turn 0", "0 play R3", "official,svenska,norsk", "sv"],
    ),
    ("read_situation", ["topp röd sjua; händer Gu3 Gr5 / ?4; tur 1", "sv"]),
    ("write_situation", [{"top": "G7", "hands": [{"known": ["Y3"]}, {"unknown": 4}]}, "nb"]),
    ("in_force", ["kids", "nb"]),
    ("rule_set", ["official", {}]),
    ("rules_data", ["sv"]),
]
"""Calls whose answers the page must give as the library gives them."""


def _expected() -> list[Any]:
    """The library's answers to CALLS, as JSON gives them to the page, from a
    fresh interpreter: other tests of this process define faces, colours and
    presets of their own, which the page's library never sees."""
    import subprocess
    import sys

    script = (
        "import json, sys\n"
        "import unorules.web as web\n"
        "calls = json.loads(sys.stdin.read())\n"
        "print(json.dumps([getattr(web, name)(*args) for name, args in calls]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(CALLS),
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return list(json.loads(done.stdout))


@pytest.fixture(scope="module")
def browser(site: Path) -> Iterator[tuple[Any, str]]:
    from playwright.sync_api import sync_playwright

    with serve(site) as url, sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            yield chromium, url
        finally:
            chromium.close()


@pytest.fixture
def context(browser: tuple[Any, str]) -> Iterator[tuple[Any, str]]:
    """A new phone (an empty profile: nothing kept) and the site's address;
    no script error may happen on it."""
    chromium, url = browser
    phone = chromium.new_context(**PHONE)
    errors: list[str] = []
    phone.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
    try:
        yield phone, url
        assert not errors, errors
    finally:
        phone.close()


def _calls(page: Any) -> list[Any]:
    """CALLS made through the page's engine, all at once."""
    return list(
        page.evaluate(
            "async (calls) => Promise.all(calls.map(([name, args]) => "
            "window.__engine.call(name, ...args)))",
            [[name, args] for name, args in CALLS],
        )
    )


def _rejected(page: Any, name: str, args: list[Any]) -> str:
    """The message of the Error a call rejects with ("" when it resolves)."""
    return str(
        page.evaluate(
            """async ([name, args]) => {
                try { await window.__engine.call(name, ...args); return ""; }
                catch (error) { return `${error.constructor.name}: ${error.message}`; }
            }""",
            [name, args],
        )
    )


def _tap_while_loading(phone: Any, url: str) -> dict[str, Any]:
    """Open the page, tap the top card while the engine loads, pick R7 in
    the picker: the page's clock (``WATCH``) once the engine is ready."""
    page = phone.new_page()
    page.add_init_script(WATCH)
    # The engine's script is held until the picker is open, so the tap is
    # made while the engine loads however fast this machine starts it.
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    phone.route("**/engine_worker.js", hold)
    page.goto(url + "dispute/")
    page.wait_for_selector(TOP_CARD)
    assert page.get_attribute("#dispute", "data-engine") is None, "the engine was ready too soon"
    page.tap(TOP_CARD)
    page.wait_for_selector(f"{PICKER}[open]", timeout=10_000)
    assert page.evaluate("window.__watch.ready") is None, "the picker waited for the engine"
    assert held, "the page did not ask for the engine's script"
    for route in held:
        route.continue_()
    phone.unroute("**/engine_worker.js")
    _pick(page, "R7")
    page.wait_for_selector("#dispute[data-engine]", timeout=120_000)
    assert page.get_attribute("#dispute", "data-engine") == "ready"
    # The card picked while the engine loaded is the top card still.
    assert page.input_value("#dispute-situation").startswith("top R7;")
    watch: dict[str, Any] = page.evaluate("window.__watch")
    page.close()
    return watch


def test_a_tap_while_the_engine_loads_is_answered_at_once(context: tuple[Any, str]) -> None:
    """The tap on the top card opens the picker before the engine is ready
    (``_tap_while_loading`` holds that, and that the card picked then stays),
    because Python is never on the page's thread: the page neither loads
    Pyodide nor fetches its WebAssembly, the engine's worker does. How fast
    it answers is measured by ``bench/web_page.py``, not here."""
    phone, url = context
    page = phone.new_page()
    page.goto(url + "dispute/")
    page.wait_for_selector("#dispute[data-engine='ready']", timeout=120_000)
    on_page = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => e.name)"
        ".filter((n) => n.endsWith('pyodide.asm.wasm') || n.endsWith('python_stdlib.zip'))"
    )
    assert on_page == []
    assert page.evaluate("typeof window.loadPyodide") == "undefined"
    page.close()
    watch = _tap_while_loading(phone, url)
    assert watch["open"] >= watch["tap"], watch


def test_the_engine_answers_as_the_library_does(context: tuple[Any, str]) -> None:
    phone, url = context
    page = phone.new_page()
    page.goto(url + "dispute/", wait_until="domcontentloaded")
    page.evaluate(ENGINE)
    # Asked at once, before Python has even started: the calls wait for it;
    # of two latest() with one key, only the later is worked out.
    assert page.get_attribute("#dispute", "data-engine") is None
    first, second = CALLS[0][1], CALLS[3][1]
    latest = page.evaluate(
        """([first, second]) => Promise.all([
            window.__engine.latest("verdict", "settle", ...first),
            window.__engine.latest("verdict", "settle", ...second),
            window.__engine.latest("other", "rule_set", "official", {}),
        ])""",
        [first, second],
    )
    assert latest == [None, json.loads(json.dumps(web.settle(*second))), "official"]
    assert _calls(page) == _expected()
    assert page.evaluate("window.__engine.ready.then(() => 'ready')") == "ready"
    # A Python exception rejects with its last line; nothing but web's functions.
    assert _rejected(page, "settle", [7]) == (
        "Error: TypeError: settle() missing 1 required positional argument: 'moves'"
    )
    assert _rejected(page, "_lang", ["en"]) == (
        "Error: AttributeError: unorules.web has no function '_lang'"
    )


def test_the_next_visit_starts_from_the_snapshot_and_answers_the_same(
    context: tuple[Any, str],
) -> None:
    phone, url = context
    page = phone.new_page()
    page.goto(url + "dispute/")
    page.evaluate(ENGINE)
    page.evaluate("window.__engine.ready")
    assert "from the kept snapshot" not in page.evaluate("window.__engine.steps")
    kept = """async () => {
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
                if (request.url.endsWith("/memory-snapshot")) return true;
            }
        }
        return false;
    }"""
    for _ in range(120):
        if page.evaluate(kept):
            break
        page.wait_for_timeout(250)
    else:
        pytest.fail("no memory snapshot kept after 30 s")
    page.reload()
    page.evaluate(ENGINE)
    page.evaluate("window.__engine.ready")
    steps = page.evaluate("window.__engine.steps")
    assert "from the kept snapshot" in steps, steps
    assert _calls(page) == _expected()


def test_a_build_without_the_engine(context: tuple[Any, str]) -> None:
    phone, url = context
    phone.route("**/engine/manifest.json", lambda route: route.fulfill(status=404, body=""))
    page = phone.new_page()
    page.goto(url + "dispute/")
    page.evaluate(ENGINE)
    assert page.evaluate("window.__engine.ready.then(() => '', (e) => e.message)") == "unavailable"
    assert _rejected(page, "settle", ["top R7", "0 play R3"]) == "Error: unavailable"


def test_the_engine_on_plain_http_over_the_home_network(browser: tuple[Any, str]) -> None:
    """``unorules serve --lan``: the page over plain http at an address that
    is not this machine's own name is no secure context (no Cache Storage,
    no service worker): the engine boots each time and answers all the same.
    (The address is mapped to 127.0.0.1 inside the browser.)"""
    chromium, url = browser
    port = url.rstrip("/").rsplit(":", 1)[1]
    lan = chromium.browser_type.launch(
        executable_path=str(CHROMIUM), args=["--host-resolver-rules=MAP table.test 127.0.0.1"]
    )
    try:
        page = lan.new_page(**PHONE)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"http://table.test:{port}/dispute/")
        assert page.evaluate("isSecureContext") is False
        page.evaluate(ENGINE)
        name, args = CALLS[1]
        assert page.evaluate(
            "([name, args]) => window.__engine.call(name, ...args)", [name, args]
        ) == json.loads(json.dumps(web.settle(*args)))
        assert "snapshot made" not in page.evaluate("window.__engine.steps")
        assert not errors, errors
    finally:
        lan.close()
