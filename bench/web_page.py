"""The dispute page in headless Chromium: how long until the first verdict,
how long each further one takes, and how many bytes the page costs.

    python bench/web_page.py [--site site] [--verdicts 10]

Needs a site built with its engine (``mkdocs build``: ``site/engine/``),
Debian's Chromium (``/usr/bin/chromium``) and Playwright's Python package.
The site is served on 127.0.0.1. It prints:

* cold: a new browser (a new, empty profile) opening the page until the
  first verdict is shown (the engine loaded, then dispute 1 settled);
* warm: the page opened again in the same browser context (its HTTP cache)
  until the first verdict;
* each further verdict (the button pressed until the verdict is shown);
* bytes: the sum of the response bodies of the cold load, and the same
  files compressed with gzip (what a server that compresses would send).
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
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


def first_verdict(context: Any, url: str) -> tuple[float, list[tuple[str, int]], Any]:
    """Open the page, wait for the engine, settle dispute 1: seconds, the
    responses (path, body size) and the page."""
    page = context.new_page()
    responses: list[tuple[str, int]] = []

    def body(response: Any) -> None:
        try:
            size = len(response.body())
        except Exception:  # a redirect or an aborted request has no body
            size = 0
        responses.append((urlparse(response.url).path, size))

    page.on("response", body)
    t0 = time.perf_counter()
    page.goto(url + "dispute/")
    page.wait_for_selector("#dispute[data-engine]", timeout=120_000)
    if page.get_attribute("#dispute", "data-engine") != "ready":
        raise SystemExit("the engine is unavailable in this build: " + page.inner_text("#dispute"))
    loaded = time.perf_counter() - t0
    got = settle_on_page(page, SITUATION, MOVE)
    seconds = time.perf_counter() - t0
    if got["state"] != "done":
        raise SystemExit(f"no verdict: {got}")
    steps = page.get_attribute("#dispute", "data-steps") or ""
    print(
        f"  opened to engine ready {loaded:.2f} s (in the page: {steps}); "
        f"first settle {got['ms']} ms"
    )
    return seconds, responses, page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--verdicts", type=int, default=10)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if not (args.site / "engine" / "manifest.json").is_file():
        raise SystemExit(f"{args.site}/engine/ is missing: build the site first (mkdocs build)")
    with serve(args.site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            cold, responses, page = first_verdict(context, url)
            times, inside = [], []
            for i in range(args.verdicts):
                situation, moves = OTHER[i % len(OTHER)]
                t0 = time.perf_counter()
                got = settle_on_page(page, situation, moves)
                times.append((time.perf_counter() - t0) * 1000)
                inside.append(float(got["ms"]))
            page.close()
            warm, _, _ = first_verdict(context, url)
        finally:
            browser.close()
    raw = sum(size for _, size in responses)
    zipped = 0
    for path, _ in responses:
        local = args.site / path.lstrip("/")
        if local.is_dir():
            local /= "index.html"
        if local.is_file():
            zipped += len(gzip.compress(local.read_bytes(), compresslevel=6))
    engine = [(p, s) for p, s in responses if "/engine/" in p]
    print(f"first verdict, cold (new profile): {cold:.2f} s")
    print(f"first verdict, warm (same context): {warm:.2f} s")
    print(
        f"further verdicts ({len(times)}): median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms (typed, pressed and read by Playwright); in the page "
        f"(settle called to verdict shown) median {statistics.median(inside):.0f} ms, "
        f"max {max(inside):.0f} ms"
    )
    print(f"bytes, cold load: {raw / 1e6:.2f} MB in {len(responses)} responses")
    print(f"  of which engine/: {sum(s for _, s in engine) / 1e6:.2f} MB in {len(engine)} files")
    print(f"  gzip -6 of the same files: {zipped / 1e6:.2f} MB")
    for path, size in sorted(engine, key=lambda e: -e[1]):
        print(f"    {size / 1e3:9.0f} kB  {path}")


if __name__ == "__main__":
    main()
