"""The site on a phone: installed from the browser's "Add to Home screen"
("Lägg till på hemskärmen"), it opens on the dispute page of its language;
once a page has been opened, every page of the reader's language, the rule
pages a verdict links to and the other languages' dispute pages open without
a network, and the dispute page settles disputes; no page asks for a file the
site does not have, and the dispute page leaves out the theme's search.

* the icons (``docs/icons/``) are what ``scripts/icons.py`` draws; the
  maskable one keeps its cards inside the circle every phone's mask keeps;
* each language's web app manifest names its dispute page as the start,
  inside the service worker's scope, with icons of the sizes it says; every
  page links the manifest of its language; Chromium finds the site
  installable (its own check, ``Page.getInstallabilityErrors``);
* the build's ``offline.json`` lists, for each language, every page of it
  but the API reference, the other languages' dispute pages and the files
  they load, at their real size;
* offline after a first visit to Swedish pages (Chromium told it is offline,
  the site's server gone): the Swedish dispute page settles a dispute, the
  rule page its verdict links to opens, a Swedish page never opened opens,
  the Norwegian dispute page settles a dispute;
* a reader who only read a page has the pages of the language kept, not the
  engine (15 MB); installing the site keeps the engine too, and the dispute
  page, never opened, then settles a dispute offline;
* the server sees no request it answers 404 while pages of each language
  are opened and kept, and the dispute page asks for no search index.

The browser tests are skipped as ``test_web_page.py``'s are (no Chromium, no
Playwright, no engine in the build).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import io
import json
import re
import struct
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from test_web_page import CHROMIUM, MOVE, SITUATION, settle_on_page, settled

from unorules.web import settle

ROOT = Path(__file__).resolve().parent.parent
LANGS = {"en": "", "sv": "sv/", "nb": "nb/"}
"""Each language of the site and its root."""
CACHE = "unorules-offline-1"
"""The service worker's cache (docs/engine_sw.js)."""


def _icons_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unorules_icons", ROOT / "scripts" / "icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", "not a PNG file"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# ------------------------------------------------------------------ icons


def test_the_icons_are_what_the_script_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    icons = _icons_script()
    assert icons.differences(ROOT / "docs" / "icons") == []
    # The check sees a change of the drawing.
    monkeypatch.setattr(icons, "RED", "#1e88e5")
    assert "icon-192.png: another drawing" in icons.differences(ROOT / "docs" / "icons")


def test_the_icons_are_cards_on_a_table() -> None:
    icons = _icons_script()
    table = bytes(int(icons.TABLE[i : i + 2], 16) for i in (1, 3, 5))
    red = bytes(int(icons.RED[i : i + 2], 16) for i in (1, 3, 5))
    # The maskable icon: outside the middle circle (radius 40 % of the side,
    # what every mask keeps) only the table; the red card inside it.
    folder = ROOT / "docs" / "icons"
    width, height, rgba = icons.read_png((folder / "maskable-512.png").read_bytes())
    assert (width, height) == (512, 512)
    beyond, reds = [], 0
    for y in range(height):
        for x in range(width):
            pixel = rgba[4 * (y * width + x) : 4 * (y * width + x) + 4]
            outside = (x + 0.5 - 256) ** 2 + (y + 0.5 - 256) ** 2 > (0.4 * 512) ** 2
            if outside and pixel != table + b"\xff":
                beyond.append((x, y))
            reds += pixel[:3] == red
    assert beyond == []
    assert reds > 0.05 * width * height
    # The icon of purpose "any": its corners transparent, its middle opaque.
    width, _, rgba = icons.read_png((folder / "icon-512.png").read_bytes())
    assert rgba[3] == 0 and rgba[4 * (width * width - 1) + 3] == 0
    assert rgba[4 * (256 * width + 256) + 3] == 255
    svg = (folder / "icon.svg").read_text(encoding="utf-8")
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">')
    assert svg.count("<rect") == 5 and "<ellipse" in svg and "<polyline" in svg


def test_the_header_is_the_theme_s_own_but_for_the_search() -> None:
    """overrides/partials/header.html is the theme's header with one change
    (no search where ``app.search`` is false): a new theme version whose
    header differs fails here, to be copied again."""
    material = pytest.importorskip(
        "material", reason="the docs extra is not installed: pip install -e '.[docs]'"
    )
    theirs = (Path(material.__file__).parent / "templates" / "partials" / "header.html").read_text()
    ours = (ROOT / "overrides" / "partials" / "header.html").read_text()
    theirs_body = theirs.split("-#}\n", 1)[1]
    ours_body = ours.split("-#}\n", 1)[1]
    changed = [
        (a, b)
        for a, b in zip(theirs_body.splitlines(), ours_body.splitlines(), strict=True)
        if a != b
    ]
    condition = '"material/search" in config.plugins'
    assert changed == [
        (
            f"    {{% if {condition} %}}",
            f"    {{% if {condition} and (app is not defined or app.search) %}}",
        )
    ]


# ------------------------------------------------------- the built site


@pytest.fixture(scope="module")
def site(quick_site: Path) -> Path:
    """The site built once for the session (``conftest.quick_site``)."""
    return quick_site


def _html(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


def _link(html: str, rel: str) -> str:
    found = re.search(rf'<link rel="{rel}" href="([^"]+)"', html)
    assert found, f"no <link rel={rel}>"
    return found.group(1)


def _from_root(page: str, href: str) -> str:
    """``href`` on the page ``page`` as a path from the site's root."""
    return urlsplit(urljoin("http://site/" + page, href)).path.lstrip("/")


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_a_manifest_that_installs_its_dispute_page(site: Path, lang: str) -> None:
    root = LANGS[lang]
    path = f"{root}manifest.webmanifest"
    manifest = json.loads((site / path).read_text(encoding="utf-8"))
    words = {
        "en": ("unorules: settle an UNO dispute", "UNO rules"),
        "sv": ("unorules: avgör en tvist i UNO", "UNO-regler"),
        "nb": ("unorules: avgjør en krangel i UNO", "UNO-regler"),
    }
    assert (manifest["name"], manifest["short_name"]) == words[lang]
    assert len(manifest["short_name"]) <= 12  # what fits under an icon
    assert manifest["lang"] == lang and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#ef5552" and manifest["background_color"] == "#ffffff"
    # The start: this language's dispute page; the scope: the whole site,
    # which is the service worker's scope too (sw.js at the site's root).
    start = _from_root(path, manifest["start_url"])
    scope = _from_root(path, manifest["scope"])
    assert start == f"{root}dispute/" and (site / start / "index.html").is_file()
    assert scope == "" and (site / scope / "sw.js").is_file()
    # Icons of the sizes they say: 192 and 512, of purpose "any" and
    # "maskable", and the SVG.
    found = set()
    for icon in manifest["icons"]:
        file = site / _from_root(path, icon["src"])
        data = file.read_bytes()
        if icon["type"] == "image/svg+xml":
            assert icon["sizes"] == "any" and data.startswith(b"<svg")
        else:
            assert icon["type"] == "image/png"
            assert "{}x{}".format(*_png_size(data)) == icon["sizes"], icon
        found.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= found
    assert ("any", "any") in found
    # Every page of the language links it, and the home-screen icon of iOS.
    for page in (root, f"{root}dispute/", f"{root}glossary/", f"{root}rules/turn/"):
        html = _html(site, page)
        assert _from_root(page, _link(html, "manifest")) == path, page
        assert '<meta name="theme-color" content="#ef5552">' in html
        touch = site / _from_root(page, _link(html, "apple-touch-icon"))
        assert _png_size(touch.read_bytes()) == (180, 180)
        assert _png_size((site / _from_root(page, _link(html, "icon"))).read_bytes()) == (48, 48)
        assert "javascripts/offline.js" in html


def test_no_page_asks_the_theme_for_sitemaps_that_do_not_exist(site: Path) -> None:
    """The theme fetches ``sitemap.xml`` beside each ``<link rel="alternate"
    hreflang>`` of a page's head; the pages have none (the language
    selector's links stay, and ``sitemap.xml`` names every page's
    languages)."""
    for page in ("", "glossary/", "sv/", "sv/rules/turn/", "nb/dispute/"):
        html = _html(site, page)
        assert not re.search(r'<link rel="alternate"[^>]*hreflang', html), page
        assert set(re.findall(r'<a href="[^"]*" hreflang="(\w+)"', html)) == set(LANGS), page
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert 'hreflang="sv"' in sitemap and 'hreflang="nb"' in sitemap


def test_the_dispute_page_leaves_out_the_search(site: Path) -> None:
    for root in LANGS.values():
        assert 'name="search"' not in _html(site, f"{root}dispute/")
        assert 'for="__search"' not in _html(site, f"{root}dispute/")
        assert 'name="search"' in _html(site, f"{root}glossary/")


def test_offline_lists_each_language_s_pages(site: Path) -> None:
    lists = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    for lang, root in LANGS.items():
        listed = lists["languages"][lang]["files"]
        pages = {f for f in listed if f == "" or f.endswith("/")}
        # Every page of the language but the API reference: what is on disk.
        on_disk = set()
        for index in (site / root).rglob("index.html"):
            page = index.parent.relative_to(site).as_posix() + "/"
            page = "" if page == "./" else page
            inside = page[len(root) :]
            if any(page.startswith(r) for r in LANGS.values() if r and r != root):
                continue
            if not inside.startswith("api/"):
                on_disk.add(page)
        others = {f"{r}dispute/" for r in LANGS.values() if r != root}
        assert pages == on_disk | others, lang
        assert {f"{root}glossary/", f"{root}rules/turn/", f"{root}dispute/"} <= pages
        assert not any("/api/" in f or f.startswith("api/") for f in listed)
        # What the pages load, the search of the language, the scripts.
        for needed in (
            f"{root}search/search_index.json",
            f"{root}manifest.webmanifest",
            "javascripts/engine.js",
            "javascripts/dispute.js",
            "javascripts/offline.js",
            f"engine/rules-{lang}.json",
            "icons/icon-192.png",
        ):
            assert needed in listed, (lang, needed)
        assert any(f.startswith("assets/javascripts/bundle.") for f in listed)
        assert any(f.startswith("assets/stylesheets/main.") for f in listed)
        size = sum(
            (site / f / "index.html" if f == "" or f.endswith("/") else site / f).stat().st_size
            for f in listed
        )
        assert lists["languages"][lang]["bytes"] == size
        assert size < 8_000_000, (lang, size)
    # The rule pages a verdict links to are pages of the verdict's language.
    for lang, root in LANGS.items():
        got = settle(SITUATION.replace("G5", "Gr5") if lang != "en" else SITUATION, MOVE, lang=lang)
        for cited in got["cited"]:
            assert root + cited["page"].split("#")[0] in lists["languages"][lang]["files"]
    engine = lists["engine"]
    if (site / "engine" / "manifest.json").is_file():
        version = json.loads((site / "engine" / "manifest.json").read_text())["version"]
        assert engine["version"] == version
        assert sorted(engine["files"]) == sorted(
            f"engine/{version}/{p.name}" for p in (site / "engine" / version).iterdir()
        )
        assert engine["bytes"] == sum((site / f).stat().st_size for f in engine["files"])


# ------------------------------------------------------------ in Chromium


@pytest.fixture(scope="module")
def engine_site(site: Path) -> Path:
    """The site, with its engine (else the browser tests are skipped)."""
    pytest.importorskip(
        "playwright.sync_api",
        reason="the browser extra is not installed: pip install -e '.[browser]'",
    )
    if not CHROMIUM.exists():
        pytest.skip("no Chromium at /usr/bin/chromium: apt-get install chromium")
    if not (site / "engine" / "manifest.json").is_file():
        pytest.skip(
            "this build has no engine/ (npm or pip could not get its files): "
            "give the build network access and npm (apt-get install npm)"
        )
    return site


class _Logged(http.server.SimpleHTTPRequestHandler):
    """Serves the site and notes each request's path and status; the paths
    in ``instead`` are answered with its bytes."""

    answered: list[tuple[str, int]]
    instead: dict[str, bytes]

    def send_head(self) -> Any:
        body = self.instead.get(self.path)
        if body is None:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", "application/manifest+json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.answered.append((self.path, int(code) if str(code).isdigit() else 0))

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a download the browser dropped as the test closed it


@contextlib.contextmanager
def _serve(
    folder: Path, instead: dict[str, bytes] | None = None
) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """``folder`` served on 127.0.0.1: its address, and the list of
    (path, status) it has answered. ``instead``: path -> what is served there
    instead of the file (may change while served)."""
    answered: list[tuple[str, int]] = []
    attributes = {"answered": answered, "instead": {} if instead is None else instead}
    handler = functools.partial(type("Handler", (_Logged,), attributes), directory=str(folder))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", answered
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def _phone(tmp_path: Path) -> Iterator[Any]:
    """A phone-sized Chromium with a profile of its own (Chromium installs
    nothing from a private window)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            viewport={"width": 390, "height": 844},
            has_touch=True,
            is_mobile=True,
        )
        try:
            yield context
        finally:
            context.close()


def _ready(page: Any) -> None:
    page.wait_for_selector("#dispute[data-engine]", timeout=180_000)
    assert page.get_attribute("#dispute", "data-engine") == "ready", page.inner_text(
        "#dispute-status"
    )


def _kept_language(page: Any, lang: str) -> dict[str, Any]:
    """The service worker's note of what it has kept for ``lang`` ({} if none)."""
    return dict(
        page.evaluate(
            """async ([cache, lang]) => {
                const note = await (await caches.open(cache)).match(
                    new URL("offline-kept/" + lang, location.origin));
                return note ? await note.json() : {};
            }""",
            [CACHE, lang],
        )
    )


def _wait_kept(page: Any, lang: str, version: str, engine: bool = True) -> None:
    """Wait until the service worker has kept what ``offline.json`` (of
    ``version``) lists for ``lang``, and the engine if ``engine``."""
    for _ in range(600):
        note = _kept_language(page, lang)
        if note.get("version") == version and (note.get("engine") or not engine):
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"{lang} not kept for offline use: {_kept_language(page, lang)}")


def test_chromium_finds_the_site_installable(engine_site: Path, tmp_path: Path) -> None:
    manifest = json.loads((engine_site / "sv" / "manifest.webmanifest").read_text())
    # As built; then (served from another address, a site of its own) with
    # a manifest that opens in a browser tab, which the check must refuse.
    browser_tab = json.dumps({**manifest, "display": "browser"}).encode()
    with _phone(tmp_path) as context:
        for instead, refused in (
            ({}, []),
            ({"/sv/manifest.webmanifest": browser_tab}, ["manifest-display-not-supported"]),
        ):
            with _serve(engine_site, instead) as (url, _):
                page = context.new_page()
                page.goto(url + "sv/glossary/")
                page.wait_for_function(
                    "navigator.serviceWorker.controller !== null", timeout=60_000
                )
                cdp = context.new_cdp_session(page)
                found = cdp.send("Page.getAppManifest")
                assert found["url"] == url + "sv/manifest.webmanifest"
                assert found["errors"] == []
                assert json.loads(found["data"])["start_url"] == "dispute/"
                errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
                assert [e["errorId"] for e in errors] == refused
                page.close()


def test_swedish_pages_work_offline_after_a_first_visit(engine_site: Path, tmp_path: Path) -> None:
    """The installed site's first start (its start page, online), one more
    Swedish page; then offline."""
    lists = json.loads((engine_site / "offline.json").read_text(encoding="utf-8"))
    sv_situation = SITUATION.replace("G5", "Gr5")
    with _phone(tmp_path) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        with _serve(engine_site) as (url, answered):
            page.goto(url + "sv/dispute/")
            _ready(page)
            online = settle_on_page(page, sv_situation, MOVE, "sv")
            page.goto(url + "sv/")
            _wait_kept(page, "sv", lists["version"])
            never = "sv/rules/house/"
            assert ("/" + never, 200) in answered  # kept ahead, by the service worker
        context.set_offline(True)  # and the server is gone too

        page.goto(url + "sv/dispute/")
        _ready(page)
        got = settle_on_page(page, sv_situation, MOVE, "sv")
        assert got["state"] == "done", got
        assert got["short"] == online["short"] == settled(sv_situation, MOVE, lang="sv")["short"]
        link = page.locator("#dispute-verdict a[href*='rules/']").first.get_attribute("href")
        assert link is not None
        rule_page = urljoin(url + "sv/dispute/", link)
        assert rule_page.startswith(url + "sv/rules/")
        anchor = urlsplit(rule_page).fragment
        page.goto(rule_page)
        assert page.locator(f"[id='{anchor}']").count() == 1, rule_page

        page.goto(url + never)  # a Swedish page never opened
        assert page.locator("h1").count() == 1
        assert page.get_attribute("html", "lang") == "sv"

        page.goto(url + "nb/dispute/")  # the other language's dispute page
        _ready(page)
        nb = settle_on_page(page, sv_situation, MOVE, "nb")
        assert nb["state"] == "done", nb
        assert nb["short"] == settled(sv_situation, MOVE, lang="nb")["short"]
    assert not errors, errors


def test_no_request_is_answered_404(engine_site: Path, tmp_path: Path) -> None:
    """Pages of each language opened and kept for offline use (the service
    worker's own requests included): the server finds every file asked for;
    the dispute page asks for no search index, the other pages do."""
    lists = json.loads((engine_site / "offline.json").read_text(encoding="utf-8"))
    with _serve(engine_site) as (url, answered), _phone(tmp_path) as context:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(url + "sv/dispute/")
        _ready(page)
        on_dispute_page = list(asked)
        assert not [a for a in on_dispute_page if "search" in urlsplit(a).path], on_dispute_page
        page.goto(url + "sv/glossary/")
        page.wait_for_load_state("networkidle")
        assert url + "sv/search/search_index.json" in asked[len(on_dispute_page) :]
        for path in ("", "rules/presets/", "nb/", "nb/rules/turn/"):
            page.goto(url + path)
        _wait_kept(page, "sv", lists["version"])
        _wait_kept(page, "nb", lists["version"], engine=False)
        # Each page of a language asks the worker to keep it: a page of
        # English last, so that its keeping is not cut short by the next page.
        page.goto(url + "rules/presets/")
        _wait_kept(page, "en", lists["version"], engine=False)
        missing = [(path, status) for path, status in answered if status >= 400]
        assert missing == []
        assert any(path == "/sv/rules/house/" for path, _ in answered)  # kept ahead


def test_installing_keeps_the_engine_of_a_dispute_page_never_opened(
    engine_site: Path, tmp_path: Path
) -> None:
    """A reader opens a Swedish page: its language is kept, not the engine
    (15 MB). Installed from there ("appinstalled"), the engine is kept too,
    and offline the dispute page, never opened, settles a dispute."""
    lists = json.loads((engine_site / "offline.json").read_text(encoding="utf-8"))
    wasm = f"/engine/{lists['engine']['version']}/pyodide.asm.wasm"
    sv_situation = SITUATION.replace("G5", "Gr5")

    def kept(page: Any, path: str) -> bool:
        return bool(
            page.evaluate(
                """async ([cache, path]) => !!(await (await caches.open(cache)).match(
                    new URL(path, location.origin)))""",
                [CACHE, path],
            )
        )

    with _phone(tmp_path) as context:
        page = context.new_page()
        with _serve(engine_site) as (url, answered):
            page.goto(url + "sv/glossary/")
            _wait_kept(page, "sv", lists["version"], engine=False)
            assert _kept_language(page, "sv")["engine"] is False
            assert kept(page, "/sv/dispute/") and not kept(page, wasm)
            assert not any(
                path.startswith("/engine/" + lists["engine"]["version"]) for path, _ in answered
            )
            page.evaluate("dispatchEvent(new Event('appinstalled'))")
            _wait_kept(page, "sv", lists["version"])
            assert kept(page, wasm)
        context.set_offline(True)
        page.goto(url + "sv/dispute/")
        _ready(page)
        got = settle_on_page(page, sv_situation, MOVE, "sv")
        assert got["short"] == settled(sv_situation, MOVE, lang="sv")["short"]
