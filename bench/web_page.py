"""The dispute page in headless Chromium: how long until the first verdict,
cold and warm, how long each further one takes, and how many bytes the page
costs.

    python bench/web_page.py [--site site] [--verdicts 10] [--runs 3]

Needs a site built with its engine (``mkdocs build``: ``site/engine/``),
Debian's Chromium (``/usr/bin/chromium``) and Playwright's Python package.
The site is served on 127.0.0.1 by Python's ``http.server`` (what a plain
static host gives: ``Last-Modified``, no ``Cache-Control``, no compression).
It prints:

* the load running on the machine while it measured (the load average and
  the busiest processes, before and after): the times depend on it;
* cold: a browser with a new, empty profile opening a shared link to
  dispute 1 (``dispute/#situation=...&moves=...``) until its verdict is
  shown, as the page's own clock tells (``performance.now()`` when
  ``#dispute-verdict`` gets ``data-state="done"``, i.e. since the page was
  asked for) and as Playwright's wall clock tells;
* warm: the browser closed and started again on the same profile (its HTTP
  cache, its Cache Storage and V8's code cache kept), the page opened until
  the first verdict; and the page reloaded in the same browser;
* the page's own thread while it loaded, until the first verdict: its
  longest task and the time it was blocked (the sum of each long task's
  part over 50 ms, PerformanceObserver "longtask"): what a tap made while the
  engine loads waits at most;
* each further verdict: the time in the page (the page's ``data-ms``) and
  the wall time (typed, pressed and read by Playwright); a verdict after a
  change: the verdict's language switched, from the change event to the new
  verdict shown (for a page that settles by itself); and the engine's own
  share: ten ``engine.call("settle", ...)`` round trips from the page to
  the worker;
* the steps of each load as the page timed them (``data-steps``: the
  engine's worker started, Pyodide's boot, the wheels, the import, each as
  the time since the page was asked for);
* whether the page fetched the theme's search index before its first
  verdict (the dispute page needs none);
* bytes: the response bodies of the cold load until its first verdict by
  file, raw and compressed with gzip -6 (what a server that compresses would
  send), and the total; what was fetched in the 3 s after it (the service
  worker keeping the site for offline use); and what the device keeps
  (Cache Storage: the page, the engine's files, the memory snapshot).

The engine (``docs/javascripts/engine.js``, Python in the Web Worker
``engine_worker.js``): on the first visit Pyodide boots, the wheels are
unpacked and the library imported, and Python's memory is kept as a
snapshot; later visits start Python from it (``data-steps`` says "from the
kept snapshot"). An older page (Python on the page's own thread, no
``engine.call``) is measured the same way, so that the two compare.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_web_page import CHROMIUM, MOVE, SITUATION, serve, settle_on_page  # noqa: E402

OTHER = [
    ("top R7; hands R3 R5 / G2 G4; turn 0", "0 play R3; 1 play G4"),
    ("top R7; hands ?3 / ?7; turn 0", "0 play W+4 red"),
    (SITUATION, MOVE),
]
VIEWPORT = {"width": 390, "height": 844}
WATCH = """(() => {
    // The page's own clock: when the engine said it was ready, when the
    // first verdict was shown, and the long tasks of its thread until then.
    const bench = (window.__bench = {
        ready: null, verdict: null, longest: 0, blocked: 0, change: null, changed: null,
    });
    // A change (an input's change event) and the verdict shown after it.
    addEventListener("change", (event) => { bench.change ??= event.timeStamp; }, true);
    try {
        new PerformanceObserver((list) => {
            if (bench.verdict !== null) return;
            for (const task of list.getEntries()) {
                bench.longest = Math.max(bench.longest, task.duration);
                bench.blocked += Math.max(0, task.duration - 50);
            }
        }).observe({ type: "longtask", buffered: true });
    } catch {}
    new MutationObserver(() => {
        const root = document.getElementById("dispute");
        if (bench.ready === null && root && root.dataset.engine) bench.ready = performance.now();
        const verdict = document.getElementById("dispute-verdict");
        const shown = verdict && verdict.dataset.state;
        if (shown === "done") bench.verdict ??= performance.now();
        // After a change: a verdict, or the library's message (a dispute it refuses).
        if ((shown === "done" || shown === "error") && bench.change !== null) {
            bench.changed ??= performance.now();
        }
    }).observe(document, { subtree: true, childList: true, attributes: true });
})()"""
CALLS = """async (disputes) => {
    // engine.call("settle", ...) from the page, answered by the engine's
    // worker: each round trip's time (none where engine.js has no call()).
    const config = JSON.parse(document.getElementById("__config").textContent);
    const root = new URL((config.root ?? config.base) + "/", location.href);
    const module = await import(new URL("javascripts/engine.js", root).href);
    // An engine.js from before the worker (Python on the page, no call()).
    if ("plain" in module) return [];
    const engine = await module.loadEngine();
    const times = [];
    for (const [situation, moves] of disputes) {
        const t0 = performance.now();
        await engine.call("settle", situation, moves, "official", "en");
        times.push(performance.now() - t0);
    }
    return times;
}"""
KEPT = """async () => {
    const cache = await caches.open("unorules-offline-1");
    let total = 0, snapshot = 0, files = 0;
    for (const request of await cache.keys()) {
        const size = (await (await cache.match(request)).arrayBuffer()).byteLength;
        total += size;
        files += 1;
        if (request.url.endsWith("/memory-snapshot")) snapshot = size;
    }
    return { total, snapshot, files };
}"""


LINK = "dispute/#" + urlencode({"situation": SITUATION, "moves": MOVE})


class Load:
    """One load of the page until its first verdict."""

    def __init__(self, page: Any, url: str, *, reload: bool = False) -> None:
        t0 = time.perf_counter()
        if reload:
            page.reload()
        else:
            page.goto(url)
        page.wait_for_selector("#dispute[data-engine]", timeout=120_000)
        if page.get_attribute("#dispute", "data-engine") != "ready":
            text = page.inner_text("#dispute")
            raise SystemExit(f"the engine is unavailable in this build: {text}")
        page.wait_for_selector('#dispute-verdict[data-state="done"]', timeout=120_000)
        self.wall = time.perf_counter() - t0
        bench = page.evaluate("window.__bench")
        self.page_ms = bench["verdict"]
        self.ready_ms = bench["ready"]
        self.longest = bench["longest"]
        self.blocked = bench["blocked"]
        self.steps = page.get_attribute("#dispute", "data-steps") or ""

    def __str__(self) -> str:
        return (
            f"{self.page_ms / 1000:.2f} s by the page's clock, {self.wall:.2f} s wall; engine "
            f"ready {self.ready_ms / 1000:.2f} s; the page's thread: longest task "
            f"{self.longest:.0f} ms, blocked {self.blocked:.0f} ms ({self.steps})"
        )


def after_a_change(page: Any, direction: str) -> float | bool:
    """Turn the direction of play (``"cw"`` or ``"ccw"``) and wait for the
    new verdict the page works out by itself: the ms from the tap to it, or
    False when none comes (a page that waits for its button)."""
    page.evaluate(
        "window.__bench.change = null; window.__bench.changed = null; "
        "document.getElementById('dispute-verdict').removeAttribute('data-state')"
    )
    page.evaluate(
        """(d) => {
            const button = document.querySelector(`[data-direction="${d}"]`);
            window.__bench.change = performance.now();
            button.click();
        }""",
        direction,
    )
    try:
        page.wait_for_function("window.__bench.changed !== null", timeout=5000)
    except Exception:  # Playwright's TimeoutError: no verdict came by itself
        return False
    return float(page.evaluate("window.__bench.changed - window.__bench.change"))


def machine_load() -> str:
    """The load average and the busiest processes (what else ran)."""
    one, five, _ = os.getloadavg()
    try:
        top = subprocess.run(
            ["ps", "-eo", "pcpu,args", "--sort=-pcpu", "--no-headers"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.splitlines()
    except OSError:
        top = []
    busy = []
    for line in top[:8]:
        cpu, *args = line.split()
        if float(cpu) < 5 or not args:
            continue
        words = [Path(args[0]).name, *[a for a in args[1:] if not a.startswith("-")][:3]]
        busy.append(f"{cpu}% {' '.join(words)[:60]}")
    return (
        f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores; "
        f"busiest: {'; '.join(busy) or 'nothing over 5% CPU'}"
    )


def launch(p: Any, profile: Path) -> Any:
    context = p.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), viewport=VIEWPORT, has_touch=True
    )
    context.add_init_script(WATCH)
    return context


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--verdicts", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3, help="warm runs (median reported)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not (args.site / "engine" / "manifest.json").is_file():
        raise SystemExit(f"{args.site}/engine/ is missing: build the site first (mkdocs build)")
    responses: list[tuple[str, int]] = []
    later: list[tuple[str, int]] = []

    def body(response: Any) -> None:
        try:
            size = len(response.body())
        except Exception:  # a redirect or an aborted request has no body
            size = 0
        (later if colds else responses).append((urlparse(response.url).path, size))

    colds: list[Load] = []
    warms: list[Load] = []
    reloads: list[Load] = []
    kept: dict[str, int] = {}
    times: list[float] = []
    inside: list[float] = []
    calls: list[float] = []
    changes: list[float] = []
    live: bool | None = None
    missed = 0
    load_before = machine_load()
    with serve(args.site) as url, sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        page_url = url + LINK
        for run in range(args.runs):
            profile = Path(tmp) / f"profile-{run}"
            context = launch(p, profile)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                if run == 0:
                    # The context's responses: the page's, its workers' and
                    # (after the first verdict) the service worker's.
                    context.on("response", body)
                colds.append(Load(page, page_url))
                print(f"cold {run + 1}: {colds[-1]}")
                if run == 0:
                    page.wait_for_timeout(3000)  # the snapshot and the page kept
                    context.remove_listener("response", body)
                    kept = page.evaluate(KEPT)
                    calls = page.evaluate(CALLS, [OTHER[i % len(OTHER)] for i in range(10)])
                    for i in range(args.verdicts):
                        situation, moves = OTHER[i % len(OTHER)]
                        t0 = time.perf_counter()
                        got = settle_on_page(page, situation, moves)
                        times.append((time.perf_counter() - t0) * 1000)
                        inside.append(float(got["ms"]))
                        if live is not False:
                            got_change = after_a_change(page, ["ccw", "cw"][i % 2])
                            if got_change is False:
                                missed += 1
                                live = bool(changes)  # none at the first: not a live page
                            else:
                                changes.append(got_change)
                # Let the service worker and the code cache settle before closing.
                page.wait_for_timeout(1500)
            finally:
                context.close()
            context = launch(p, profile)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                warms.append(Load(page, page_url))
                print(f"warm {run + 1} (browser started again): {warms[-1]}")
                reloads.append(Load(page, page_url, reload=True))
                print(f"reload {run + 1} (same browser): {reloads[-1]}")
            finally:
                context.close()
    load_after = machine_load()

    def median(loads: list[Load]) -> str:
        clock = [load.page_ms / 1000 for load in loads]
        wall = [load.wall for load in loads]
        longest = max(load.longest for load in loads)
        return (
            f"{statistics.median(clock):.2f} s by the page's clock (runs: "
            f"{', '.join(f'{v:.2f}' for v in clock)}), {statistics.median(wall):.2f} s wall; "
            f"the page's thread blocked up to {longest:.0f} ms at once"
        )

    print()
    print(f"machine before: {load_before}")
    print(f"machine after:  {load_after}")
    print(f"first verdict, cold (new profile): {median(colds)}")
    print(f"first verdict, warm (same profile, browser started again): {median(warms)}")
    print(f"first verdict, warm (same browser, page reloaded): {median(reloads)}")
    print(
        f"further verdicts ({len(times)}): in the page (its data-ms) "
        f"median {statistics.median(inside):.0f} ms, max {max(inside):.0f} ms; wall time "
        f"(typed, pressed and read by Playwright) median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms"
    )
    if changes:
        print(
            f"a verdict after a change (the verdict's language switched, from the change "
            f"event to the new verdict shown, the page's clock; {len(changes)}): median "
            f"{statistics.median(changes):.0f} ms, max {max(changes):.0f} ms"
            + (f"; {missed} changes had no new verdict within 5 s" if missed else "")
        )
    else:
        print("a verdict after a change: none (the page waits for its button to be pressed)")
    if calls:
        print(
            f"engine.call('settle', ...) from the page ({len(calls)}): median "
            f"{statistics.median(calls):.0f} ms, max {max(calls):.0f} ms"
        )
    index = [path for path, _ in responses if path.endswith("search_index.json")]
    print(f"search index fetched before the first verdict: {'yes, ' + index[0] if index else 'no'}")
    print(
        f"fetched in the 3 s after the first verdict (the page and the site kept for offline "
        f"use): {sum(s for _, s in later) / 1e6:.2f} MB in {len(later)} files"
    )
    sizes: dict[str, tuple[int, int]] = {}
    for path, size in responses:
        local = args.site / path.lstrip("/")
        if local.is_dir():
            local /= "index.html"
        zipped = len(gzip.compress(local.read_bytes(), compresslevel=6)) if local.is_file() else 0
        old = sizes.get(path, (0, 0))
        sizes[path] = (max(old[0], size), max(old[1], zipped))
    raw = sum(s for s, _ in sizes.values())
    zipped = sum(z for _, z in sizes.values())
    engine = {k: v for k, v in sizes.items() if "/engine/" in k}
    print(
        f"bytes, cold load until the first verdict: {raw / 1e6:.2f} MB raw, "
        f"{zipped / 1e6:.2f} MB gzip -6, "
        f"in {len(sizes)} files"
    )
    print(
        f"  of which engine/: {sum(s for s, _ in engine.values()) / 1e6:.2f} MB raw, "
        f"{sum(z for _, z in engine.values()) / 1e6:.2f} MB gzip -6, in {len(engine)} files"
    )
    if kept:
        print(
            f"kept on the device (Cache Storage): {kept['total'] / 1e6:.2f} MB in "
            f"{kept['files']} files, of which the memory snapshot {kept['snapshot'] / 1e6:.2f} MB"
        )
    print(f"    {'raw kB':>9}  {'gzip kB':>9}  file")
    for path, (size, packed) in sorted(sizes.items(), key=lambda e: -e[1][0]):
        if size >= 10_000 or "/engine/" in path:
            print(f"    {size / 1e3:9.0f}  {packed / 1e3:9.0f}  {path}")
    rest = [(s, z) for path, (s, z) in sizes.items() if s < 10_000 and "/engine/" not in path]
    print(
        f"    {sum(s for s, _ in rest) / 1e3:9.0f}  {sum(z for _, z in rest) / 1e3:9.0f}  "
        f"({len(rest)} smaller files of the page and its theme)"
    )


if __name__ == "__main__":
    main()
