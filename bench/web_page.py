"""The dispute page in headless Chromium: how long until the first verdict,
cold and warm, how long each further one takes, and how many bytes the page
costs.

    python bench/web_page.py [--site site] [--verdicts 10] [--runs 3]

Needs a site built with its engine (``mkdocs build``: ``site/engine/``),
Debian's Chromium (``/usr/bin/chromium``) and Playwright's Python package.
The site is served on 127.0.0.1 by Python's ``http.server`` (what a plain
static host gives: ``Last-Modified``, no ``Cache-Control``, no compression).
It prints:

* cold: a browser with a new, empty profile opening the page until the first
  verdict is shown (the engine loaded, then dispute 1 settled);
* warm: the browser closed and started again on the same profile (its HTTP
  cache, its Cache Storage and V8's code cache kept), the page opened until
  the first verdict; and the page reloaded in the same browser;
* each further verdict: the time in the page (settle called until the
  verdict is shown) and the wall time (typed, pressed and read by
  Playwright);
* the steps of each load as the page timed them (``data-steps``: Pyodide's
  boot, the wheels, the import, each also as the time since the page was
  opened);
* bytes: the response bodies of the cold load by file, raw and compressed
  with gzip -6 (what a server that compresses would send), and the total;
  and what the device keeps (Cache Storage: the page, the engine's files,
  the memory snapshot).

The engine (``docs/javascripts/engine.js``): on the first visit Pyodide
boots, the wheels are unpacked and the library imported, and Python's memory
is kept as a snapshot; later visits start Python from it (``data-steps``
says "from the kept snapshot").
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_web_page import CHROMIUM, MOVE, SITUATION, serve, settle_on_page  # noqa: E402

OTHER = [
    ("top R7; hands R3 R5 / G2 G4; turn 0", "0 play R3; 1 play G4"),
    ("top R7; hands ?3 / ?7; turn 0", "0 play W+4 red"),
    (SITUATION, MOVE),
]
VIEWPORT = {"width": 390, "height": 844}
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


def first_verdict(page: Any, url: str, *, reload: bool = False) -> tuple[float, str]:
    """Open (or reload) the page, wait for the engine, settle dispute 1: the
    seconds from opening to the verdict shown, and the page's steps."""
    t0 = time.perf_counter()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("#dispute[data-engine]", timeout=120_000)
    if page.get_attribute("#dispute", "data-engine") != "ready":
        raise SystemExit("the engine is unavailable in this build: " + page.inner_text("#dispute"))
    loaded = time.perf_counter() - t0
    got = settle_on_page(page, SITUATION, MOVE)
    seconds = time.perf_counter() - t0
    if got["state"] != "done":
        raise SystemExit(f"no verdict: {got}")
    steps = page.get_attribute("#dispute", "data-steps") or ""
    return seconds, f"engine ready {loaded:.2f} s; first settle {got['ms']} ms; {steps}"


def launch(p: Any, profile: Path) -> Any:
    return p.chromium.launch_persistent_context(
        str(profile), executable_path=str(CHROMIUM), viewport=VIEWPORT
    )


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

    def body(response: Any) -> None:
        try:
            size = len(response.body())
        except Exception:  # a redirect or an aborted request has no body
            size = 0
        responses.append((urlparse(response.url).path, size))

    colds, warms, reloads = [], [], []
    kept: dict[str, int] = {}
    times: list[float] = []
    inside: list[float] = []
    with serve(args.site) as url, sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        page_url = url + "dispute/"
        for run in range(args.runs):
            profile = Path(tmp) / f"profile-{run}"
            context = launch(p, profile)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                if run == 0:
                    page.on("response", body)
                seconds, steps = first_verdict(page, page_url)
                colds.append(seconds)
                print(f"cold {run + 1}: {seconds:.2f} s ({steps})")
                if run == 0:
                    page.remove_listener("response", body)
                    page.wait_for_timeout(3000)  # the snapshot and the page kept
                    kept = page.evaluate(KEPT)
                    for i in range(args.verdicts):
                        situation, moves = OTHER[i % len(OTHER)]
                        t0 = time.perf_counter()
                        got = settle_on_page(page, situation, moves)
                        times.append((time.perf_counter() - t0) * 1000)
                        inside.append(float(got["ms"]))
                # Let the service worker and the code cache settle before closing.
                page.wait_for_timeout(1500)
            finally:
                context.close()
            context = launch(p, profile)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                seconds, steps = first_verdict(page, page_url)
                warms.append(seconds)
                print(f"warm {run + 1} (browser started again): {seconds:.2f} s ({steps})")
                seconds, steps = first_verdict(page, page_url, reload=True)
                reloads.append(seconds)
                print(f"reload {run + 1} (same browser): {seconds:.2f} s ({steps})")
            finally:
                context.close()

    def median(values: list[float]) -> str:
        return f"{statistics.median(values):.2f} s (runs: {', '.join(f'{v:.2f}' for v in values)})"

    print()
    print(f"first verdict, cold (new profile): {median(colds)}")
    print(f"first verdict, warm (same profile, browser started again): {median(warms)}")
    print(f"first verdict, warm (same browser, page reloaded): {median(reloads)}")
    print(
        f"further verdicts ({len(times)}): in the page (settle called to verdict shown) "
        f"median {statistics.median(inside):.0f} ms, max {max(inside):.0f} ms; wall time "
        f"(typed, pressed and read by Playwright) median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms"
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
        f"bytes, cold load: {raw / 1e6:.2f} MB raw, {zipped / 1e6:.2f} MB gzip -6, "
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
