"""Build the documentation site and look at it in a real browser.

Run it from anywhere::

    python docs/check_site.py [--out DIR]

It builds the site with ``mkdocs build --strict`` into a temporary folder,
serves it on 127.0.0.1 with ``python -m http.server`` on a free port and
drives headless Chromium (Debian: ``apt-get install chromium``) to

* take screenshots of the landing page, a rules page, the presets page and
  an API page (PNG files in ``--out``);
* check the navigation: the tabs of the landing page are links, and every
  page they lead to is served;
* check the answer a reader looks for: the landing page links to the Wild
  Draw Four case, which shows the verdict;
* check search: the search box is on the page, the search index holds the
  rule IDs, and a rule ID typed into the search box lists its page;
* check the light/dark palette toggle: a click switches the colour scheme
  (screenshot of the result).

Without Chromium it says so and exits with status 0 without checking the
browser part. Any failed check exits with status 1.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import html
import json
import os
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


class CheckFailed(Exception):
    """A check of the site failed."""


def find_chromium() -> str | None:
    """The path of a Chromium executable, or ``None``."""
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    for name in BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def build(site: Path) -> None:
    """``mkdocs build --strict`` into ``site``."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir"]
    result = subprocess.run(
        [*command, str(site)], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise CheckFailed(f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1; yields the base URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                fetch(base)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise CheckFailed(f"the site server on {base} did not start")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        body: bytes = response.read()
        return body.decode("utf-8")


class Browser:
    """Headless Chromium, one process per page."""

    def __init__(self, executable: str, profile: Path) -> None:
        self.executable = executable
        self.profile = profile

    def _run(self, url: str, *extra: str) -> str:
        command = [
            self.executable,
            *FLAGS,
            f"--user-data-dir={self.profile}",
            "--window-size=1280,900",
            "--virtual-time-budget=8000",
            *extra,
            url,
        ]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if result.returncode != 0:
            raise CheckFailed(f"chromium failed on {url}:\n{result.stderr[-2000:]}")
        return result.stdout

    def dom(self, url: str) -> str:
        """The page's DOM after its scripts have run."""
        return self._run(url, "--dump-dom")

    def screenshot(self, url: str, path: Path) -> Path:
        self._run(url, f"--screenshot={path}")
        if not path.exists() or path.stat().st_size < 10_000:
            raise CheckFailed(f"no usable screenshot of {url} in {path}")
        return path


class Session:
    """Chromium driven over the DevTools protocol on a pipe
    (``--remote-debugging-pipe``), to click and type like a reader."""

    def __init__(self, executable: str, profile: Path) -> None:
        to_browser, self._out = os.pipe()
        self._in, from_browser = os.pipe()

        def wire() -> None:  # in the child: the protocol pipe is fds 3 and 4
            a, b = os.dup(to_browser), os.dup(from_browser)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [
                executable,
                *FLAGS,
                f"--user-data-dir={profile}",
                "--window-size=1280,900",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            preexec_fn=wire,
            close_fds=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._id = 0
        self._buffer = b""
        targets = self.send("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        attached = self.send(
            "Target.attachToTarget", {"targetId": page["targetId"], "flatten": True}
        )
        self.session: str = attached["sessionId"]

    def send(self, method: str, params: dict[str, Any] | None = None, **kw: Any) -> Any:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if kw.get("page", method.split(".")[0] not in ("Target", "Browser")):
            message["sessionId"] = getattr(self, "session", None)
        os.write(self._out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 30
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self._id:
                    if "error" in reply:
                        raise CheckFailed(f"chromium: {method}: {reply['error']}")
                    return reply.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0:
                raise CheckFailed(f"chromium did not answer {method}")
            ready, _, _ = select.select([self._in], [], [], left)
            if ready:
                chunk = os.read(self._in, 1 << 16)
                if not chunk:
                    raise CheckFailed("chromium closed the protocol pipe")
                self._buffer += chunk

    # What Chromium answers when a page is being replaced while it is asked
    # something: the question is asked again of the page that comes next.
    _NAVIGATING = ("navigated or closed", "context was destroyed", "Cannot find context")

    def js(self, expression: str) -> Any:
        deadline = time.monotonic() + 10
        while True:
            try:
                result = self.send(
                    "Runtime.evaluate", {"expression": expression, "returnByValue": True}
                )
            except CheckFailed as error:
                if time.monotonic() > deadline or not any(
                    text in str(error) for text in self._NAVIGATING
                ):
                    raise
                time.sleep(0.1)
                continue
            return result["result"].get("value")

    def wait(self, expression: str, what: str, seconds: float = 15) -> Any:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.1)
        raise CheckFailed(f"timed out waiting for {what}")

    _LOADED = "!window.__seen && document.readyState === 'complete'"

    def open(self, url: str) -> None:
        self.js("window.__seen = true")  # gone once another page has loaded
        self.send("Page.navigate", {"url": url})
        self.wait(self._LOADED, f"{url} to load")

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the first element ``selector`` finds."""
        box = self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getClientRects()[0];"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        if not box:
            raise CheckFailed(f"nothing to click: {selector}")
        before = self.js("window.__seen = true; location.href")
        for kind in ("mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
            )
        self.wait(
            f"location.href !== {json.dumps(before)} && ({self._LOADED} || location.hash)",
            f"the click on {selector} to lead somewhere",
        )

    def click_in_place(self, selector: str) -> None:
        """A mouse click that does not lead to another page (a toggle)."""
        box = self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " if (!e) return null; const r = e.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        if not box:
            raise CheckFailed(f"nothing to click: {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
            )

    def screenshot(self, path: Path) -> None:
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))

    def type(self, text: str) -> None:
        self.send("Input.insertText", {"text": text})

    def close(self) -> None:
        with contextlib.suppress(CheckFailed, OSError):
            self.send("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)
    print(f"  ok: {message}")


def nav_links(dom: str) -> list[str]:
    """The targets of the navigation tabs."""
    tabs = re.search(r'<nav class="md-tabs".*?</nav>', dom, re.DOTALL)
    if tabs is None:
        raise CheckFailed("the landing page has no navigation tabs")
    return [html.unescape(h) for h in re.findall(r'href="([^"]+)"', tabs.group(0))]


def check(base: str, browser: Browser | None, session: Session | None, out: Path) -> None:
    print("search index")
    index = json.loads(fetch(base + "search/search_index.json"))
    docs = index["docs"]
    locations = {d["location"] for d in docs}
    expect(
        any("wd4.no-matching-colour" in d["text"] for d in docs),
        "the search index holds the rule ID wd4.no-matching-colour",
    )
    expect(
        "rules/turn/#wd4.no-matching-colour" in locations,
        "the search index has the rule's own section (rules/turn/#wd4.no-matching-colour)",
    )
    if browser is None:
        return

    print("landing page")
    home = browser.dom(base)
    links = nav_links(home)
    for part in ("getting-started/", "settle-a-dispute/", "rules/", "api/", "changelog/"):
        expect(any(part in link for link in links), f"a navigation tab leads to {part}")
    for link in links:
        url = base + link.lstrip("./") if not link.startswith("http") else link
        expect(bool(fetch(url)), f"the tab target {link} is served")
    expect('href="disputes/#case-1"' in home, "the landing page links to the Wild Draw Four case")
    expect('class="md-search__input"' in home, "the search box is on the page")
    expect('data-md-component="palette"' in home, "the light/dark palette toggle is on the page")

    print("disputes page")
    disputes = browser.dom(base + "disputes/")
    case = disputes.split('id="case-1"', 1)[-1].split('id="case-2"', 1)[0]
    expect('id="case-1"' in disputes, "the disputes page has case 1")
    expect("BLUFF" in case and "wd4.no-matching-colour" in case, "case 1 shows the verdict")
    expect(
        'data-md-type="copy"' in disputes or "md-clipboard" in disputes,
        "code blocks have a copy button",
    )

    print("rules page")
    rules = browser.dom(base + "rules/turn/")
    expect('id="wd4.no-matching-colour"' in rules, "the rule has its anchor")
    expect("Verdict on" in rules, "the rules page shows worked examples")

    print("presets page")
    page = browser.dom(base + "rules/presets/")
    names = re.findall(r'<h2 id="([^"]+)"', page)
    expect(
        {"official", "svenska", "kitchen-table"} <= set(names),
        f"the presets page has a section per preset ({', '.join(names)})",
    )

    if session is None:
        return
    print("a reader looking for the Wild Draw Four case (real clicks)")
    session.open(base)
    session.click('.md-tabs a[href*="settle-a-dispute"]')
    expect(session.js("location.pathname").endswith("/settle-a-dispute/"), "click 1: the tab")
    session.click('.md-content a[href$="disputes/"]')
    expect(session.js("location.pathname").endswith("/disputes/"), "click 2: Disputes")
    verdict = session.js("document.querySelector('#case-1 ~ .admonition').innerText")
    expect("BLUFF" in (verdict or ""), "the case and its verdict are on that page")
    session.open(base)
    session.click('a[href="disputes/#case-1"]')
    expect(session.js("location.hash") == "#case-1", "the landing page's link opens case 1")

    print("comparing rule sets")
    session.open(base + "settle-a-dispute/")
    expect(
        bool(session.js("!!document.getElementById('compare-rule-sets')")),
        "--compare has a section",
    )
    wrap = session.js(
        "getComputedStyle(document.querySelector('.language-console.wide code')).whiteSpace"
    )
    expect(wrap == "pre", f"verdicts side by side keep their columns (white-space: {wrap})")

    print("search, typed into the search box")
    session.open(base)
    session.js("document.querySelector('.md-search__input').focus()")
    session.type("house.force-play")
    hits = session.wait(
        "[...document.querySelectorAll('.md-search-result__item a')].map(a => a.href)",
        "search results",
    )
    expect(any("/rules/house/" in h for h in hits), "searching a rule ID lists its rules page")

    print("the palette toggle")
    session.open(base + "disputes/")
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    first = session.js(scheme)
    session.click_in_place('[data-md-component="palette"] label:not([hidden])')
    second = session.wait(f"{scheme} !== {json.dumps(first)} && {scheme}", "the palette to change")
    expect({first, second} == {"default", "slate"}, f"the toggle switches {first} to {second}")
    session.screenshot(out / f"disputes-{second}.png")
    print(f"  {out / f'disputes-{second}.png'}")

    print("api page")
    api = browser.dom(base + "api/engine/generation/")
    expect("legal_moves" in api and "doc-function" in api, "the API page documents functions")

    print("screenshots")
    shots = [
        ("home.png", base),
        ("rules.png", base + "rules/turn/"),
        ("presets.png", base + "rules/presets/"),
        ("api.png", base + "api/engine/generation/"),
    ]
    for name, url in shots:
        path = browser.screenshot(url, out / name)
        print(f"  {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="folder for the screenshots (default: a new one)")
    args = parser.parse_args(argv)
    out: Path = args.out or Path(tempfile.mkdtemp(prefix="unorules-site-"))
    out.mkdir(parents=True, exist_ok=True)
    chromium = find_chromium()
    with tempfile.TemporaryDirectory(prefix="unorules-check-") as tmp:
        site = Path(tmp) / "site"
        try:
            print("building the site")
            build(site)
            with serve(site) as base:
                print(f"serving on {base}")
                browser = Browser(chromium, Path(tmp) / "profile") if chromium else None
                session = Session(chromium, Path(tmp) / "session") if chromium else None
                try:
                    check(base, browser, session, out)
                finally:
                    if session is not None:
                        session.close()
        except CheckFailed as e:
            print(f"FAILED: {e}", file=sys.stderr)
            return 1
    if chromium is None:
        print(
            "SKIPPED the browser checks: no Chromium found "
            "(Debian: apt-get install chromium); the site built and its search index is fine"
        )
        return 0
    print(f"all checks passed; screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
