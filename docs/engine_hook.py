"""The site build's step for the dispute page: Pyodide and the library's own
wheels under ``site/engine/`` (an mkdocs hook, listed in ``mkdocs.yml``)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

try:
    from mkdocs.plugins import event_priority
except ImportError:  # imported without mkdocs, by the tests of its functions

    def event_priority(priority: float) -> Callable[[Any], Any]:
        return lambda function: function

# The engine in the browser: Pyodide and the library's own wheels under site/engine/.

ROOT = Path(__file__).resolve().parent.parent
ENGINE_CACHE = ROOT / ".cache"
PYODIDE_VERSION = "314.0.7"
"""The npm package ``pyodide`` whose files the site serves (Python 3.14)."""
PYODIDE_PYTHON = "3.14"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
ENGINE_DEPENDENCIES = ("attrs", "cattrs", "typing_extensions")
"""The runtime dependencies installed beside the library (pure-Python wheels)."""


def _engine_log(text: str) -> None:
    import logging

    logging.getLogger("mkdocs.hooks.engine").info(text)


def _building(parent: Path) -> Path:
    """A new empty folder in ``parent`` for one build to fill before
    :func:`_publish` moves it into place (its name starts with a dot: no
    cache entry)."""
    import tempfile

    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(dir=parent, prefix=".building-"))
    folder.chmod(0o755)  # as a folder made with mkdir (mkdtemp's is private)
    return folder


def _publish(building: Path, final: Path, complete: Callable[[Path], bool]) -> Path:
    """Move the folder ``building`` to ``final`` in one step (a rename):
    builds running at the same time (parallel test workers, two terminals)
    never read half a cache entry. A complete ``final`` that another build
    put there first is kept and ``building`` removed; an incomplete one (an
    interrupted older build) is replaced. Returns ``final``."""
    import contextlib
    import shutil

    if final.exists() and not complete(final):
        stale = _building(final.parent)
        with contextlib.suppress(OSError):
            final.rename(stale / final.name)
        shutil.rmtree(stale, ignore_errors=True)
    try:
        building.rename(final)
    except OSError:  # another build's complete folder is there: use it
        shutil.rmtree(building, ignore_errors=True)
    return final


def _remove_others(parent: Path, keep: set[str]) -> None:
    """Remove the cache entries in ``parent`` not named in ``keep`` (older
    builds' entries); folders still being built (a dot first) are left,
    unless an hour old (an interrupted build)."""
    import shutil
    import time

    for old in parent.iterdir():
        if old.name in keep:
            continue
        if old.name.startswith("."):
            try:
                if time.time() - old.stat().st_mtime < 3600:
                    continue
            except OSError:
                continue
        if old.is_dir() and not old.is_symlink():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)


def _pyodide_dir() -> Path | None:
    """The Pyodide files of the npm package, installed once into
    ``.cache/pyodide`` (outside git); ``None`` when npm cannot get them."""
    import shutil
    import subprocess

    def complete(prefix: Path) -> bool:
        folder = prefix / "node_modules" / "pyodide"
        return all((folder / name).is_file() for name in PYODIDE_FILES)

    prefix = ENGINE_CACHE / "pyodide"
    if complete(prefix):
        return prefix / "node_modules" / "pyodide"
    npm = shutil.which("npm")
    if npm is None:
        return None
    building = _building(ENGINE_CACHE)
    command = [npm, "install", "--prefix", str(building), "--no-save", "--no-audit", "--no-fund"]
    done = subprocess.run(
        [*command, f"pyodide@{PYODIDE_VERSION}"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not complete(building):
        shutil.rmtree(building, ignore_errors=True)
        _engine_log(f"npm could not install pyodide@{PYODIDE_VERSION}: {done.stderr[-300:]}")
        return None
    _publish(building, prefix, complete)
    return prefix / "node_modules" / "pyodide" if complete(prefix) else None


def _source_key() -> str:
    """A hash of what the library's wheel is built from."""
    import hashlib

    digest = hashlib.sha256()
    paths = [ROOT / "pyproject.toml", ROOT / "hatch_build.py"]
    paths += sorted(p for p in (ROOT / "unorules").rglob("*") if p.suffix in {".py", ".po"})
    for path in paths:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _engine_wheels() -> list[Path] | None:
    """The library's pure-Python wheel (built again when its sources change)
    and its dependencies' wheels for Pyodide's Python, kept in
    ``.cache/engine-wheels``; ``None`` when pip cannot build or get them."""
    import shutil
    import subprocess

    def has_deps(folder: Path) -> bool:
        return all(any(folder.glob(f"{name}-*.whl")) for name in ENGINE_DEPENDENCIES)

    def has_own(folder: Path) -> bool:
        return any(folder.glob("unorules-*.whl"))

    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    wheels_dir = ENGINE_CACHE / "engine-wheels"
    deps = wheels_dir / "deps"
    if not has_deps(deps):
        building = _building(wheels_dir)
        done = subprocess.run(
            [
                *pip,
                "download",
                "--only-binary=:all:",
                "--no-deps",
                "--python-version",
                PYODIDE_PYTHON,
                "-d",
                str(building),
                *ENGINE_DEPENDENCIES,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            shutil.rmtree(building, ignore_errors=True)
            _engine_log(f"pip could not download the engine's dependencies: {done.stderr[-300:]}")
            return None
        _publish(building, deps, has_deps)
    own = wheels_dir / _source_key()
    if not has_own(own):
        building = _building(wheels_dir)
        env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "false"}
        done = subprocess.run(
            [*pip, "wheel", "--no-deps", "-w", str(building), str(ROOT)],
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
        if done.returncode != 0:
            shutil.rmtree(building, ignore_errors=True)
            _engine_log(f"pip could not build the library's wheel: {done.stderr[-300:]}")
            return None
        _publish(building, own, has_own)
        _remove_others(wheels_dir, {"deps", own.name})
    wheels = sorted(own.glob("unorules-*-py3-none-any.whl"))
    wheels += sorted(p for p in deps.glob("*-py3-none-any.whl"))
    return wheels if len(wheels) == 1 + len(ENGINE_DEPENDENCIES) else None


_COMPILE_SCRIPT = r"""
// node compile.mjs PYODIDE_DIR OUT_DIR ZIP...: the zips (python_stdlib.zip,
// the wheels) again with their modules compiled to .pyc by Pyodide's own
// Python: every module of the wheels, and the standard library's modules
// that Pyodide's start and a few verdicts import (the rest stays source).
import fs from "node:fs";
import path from "node:path";
const [pyodideDir, outDir, ...inputs] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
py.FS.mkdirTree("/in");
py.FS.mkdirTree("/out");
for (const file of inputs) {
  const data = new Uint8Array(fs.readFileSync(file));
  py.FS.writeFile("/in/" + path.basename(file), data);
  if (file.endsWith(".whl")) py.unpackArchive(data, "wheel");
}
py.globals.set("names", py.toPy(inputs.map((f) => path.basename(f))));
py.runPython(`
import ast, base64, hashlib, importlib._bootstrap_external as external, sys, zipfile
import json, traceback  # what the page's worker calls the library through (engine_worker.js)
import unorules.web as web

for lang, situation in (("en", "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"),
                        ("sv", "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0"),
                        ("nb", "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0")):
    web.settle(situation, "0 play W+4 blue", "official", lang)
    web.settle("top R7", "0 play R3", "official", lang)
    web.compare(situation, "0 play W+4 blue", "official,svenska,norsk", lang)
    web.read_situation(situation, lang)
    web.rules_data(lang)
stdlib = next(p for p in sys.path if p.endswith(".zip"))
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/"):
        used.add(origin[len(stdlib) + 1:])

def strip_docstrings(tree):
    # The library's docstrings: never read when it runs (half its bytecode).
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                if len(body) > 1:
                    del body[0]
                else:
                    body[0] = ast.Pass(lineno=body[0].lineno, col_offset=body[0].col_offset)

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

for name in names:
    wheel = name.endswith(".whl")
    prefix = "/lib/python3.14/site-packages/" if wheel else stdlib + "/"
    files = []
    with zipfile.ZipFile("/in/" + name) as zin:
        for info in zin.infolist():
            if info.is_dir():
                continue
            data, member = zin.read(info), info.filename
            if member.endswith(".py") and (wheel or member in used):
                tree = ast.parse(data, prefix + member)
                if member.startswith("unorules/"):
                    strip_docstrings(tree)
                code = compile(tree, prefix + member, "exec", dont_inherit=True)
                data, member = bytes(external._code_to_timestamp_pyc(code, 0, 0)), member + "c"
            files.append((member, data))
    if wheel:
        record = next(m for m, _ in files if m.endswith(".dist-info/RECORD"))
        lines = [record_line(m, d) for m, d in files if m != record] + [record + ",,"]
        text = ("\\n".join(lines) + "\\n").encode()
        files = [(m, text if m == record else d) for m, d in files]
    with zipfile.ZipFile("/out/" + name, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for member, data in files:
            zout.writestr(zipfile.ZipInfo(member, date_time=(2020, 1, 1, 0, 0, 0)), data,
                          compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
`);
fs.mkdirSync(outDir, { recursive: true });
for (const file of inputs) {
  const name = path.basename(file);
  fs.writeFileSync(path.join(outDir, name), py.FS.readFile("/out/" + name));
}
"""


def _compiled(files: list[Path], pyodide: Path) -> list[Path]:
    """The standard library's zip and the wheels with their modules compiled
    to bytecode by Pyodide's own Python (run by Node at build time, the
    result kept in ``.cache/engine-compiled``): Python in the page then
    neither reads nor compiles their source on its first start. Sourceless
    ``.pyc`` (timestamp 0, no source to check), the way Pyodide ships its own
    packages; the library's docstrings left out (nothing reads them when it
    runs). The files as they are when Node cannot do it."""
    import hashlib
    import shutil
    import subprocess
    import tempfile

    zips = [f for f in files if f.suffix in {".zip", ".whl"}]
    digest = hashlib.sha256(_COMPILE_SCRIPT.encode())
    for path in zips:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    folder = ENGINE_CACHE / "engine-compiled" / digest.hexdigest()[:16]

    def complete(found: Path) -> bool:
        return all((found / f.name).is_file() for f in zips)

    if not complete(folder):
        node = shutil.which("node")
        if node is None:
            _engine_log("no node: the engine's modules are served as source")
            return files
        with tempfile.TemporaryDirectory() as tmp:
            script = Path(tmp) / "compile.mjs"
            script.write_text(_COMPILE_SCRIPT, encoding="utf-8")
            building = Path(tmp) / "out"
            done = subprocess.run(
                [node, str(script), str(pyodide), str(building), *map(str, zips)],
                capture_output=True,
                text=True,
                check=False,
                timeout=600,
            )
            if done.returncode != 0 or not all((building / f.name).is_file() for f in zips):
                error = done.stderr.rpartition("PythonError")[2] or done.stderr
                _engine_log(f"the engine's modules are served as source: {error[:600]}")
                return files
            kept = _building(folder.parent)
            shutil.copytree(building, kept, dirs_exist_ok=True)
            _publish(kept, folder, complete)
            _remove_others(folder.parent, {folder.name})
    return [folder / f.name if f in zips else f for f in files]


def _engine_version(files: list[Path]) -> str:
    """A hash of the engine's files: the name of the folder that holds them."""
    import hashlib

    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def write_engine(site_dir: Path) -> bool:
    """Put the engine the dispute page runs into ``site_dir/engine/``: the
    Pyodide files and the wheels in ``engine/<version>/`` (a hash of them,
    so that a browser's caches never mix the files of two builds),
    ``manifest.json`` (the version, the wheels to install, in order),
    and ``rules-{en,sv,nb}.json`` (:func:`unorules.web.rules_data`). Without them
    (no npm or pip to fetch them, e.g. offline) the build goes on,
    ``engine/`` holds no manifest, and the page says the engine is
    unavailable. ``UNORULES_SITE_ENGINE=0`` skips the step."""
    import json
    import shutil

    target = site_dir / "engine"
    shutil.rmtree(target, ignore_errors=True)
    if os.environ.get("UNORULES_SITE_ENGINE", "1") == "0":
        return False
    pyodide = _pyodide_dir()
    wheels = _engine_wheels() if pyodide is not None else None
    if pyodide is None or wheels is None:
        _engine_log("the dispute page's engine is not in this build: the page says so")
        return False
    files = _compiled([pyodide / name for name in PYODIDE_FILES] + wheels, pyodide)
    building = target / "building"
    building.mkdir(parents=True)
    for path in files:
        shutil.copy2(path, building / path.name)
    # Pyodide reads its lock file as it starts; the page installs none of
    # Pyodide's packages (the wheels are unpacked), so the list is left empty.
    lock = json.loads((building / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    (building / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    version = _engine_version([building / path.name for path in files])
    building.rename(target / version)
    manifest = {
        "version": version,
        "files": f"{version}/",
        "pyodide": PYODIDE_VERSION,
        "python": PYODIDE_PYTHON,
        "wheels": [w.name for w in wheels],
    }
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    # The rule-set controls in each language, shown before the engine has loaded.
    from unorules.web import rules_data

    for lang in ("en", "sv", "nb"):
        data = json.dumps(rules_data(lang), ensure_ascii=False, separators=(",", ":"))
        (target / f"rules-{lang}.json").write_text(data, encoding="utf-8")
    return True


ENGINE_START = """<script>
try {
  (function (worker) {
    var events = [];
    var keep = function (event) { events.push(event); };
    worker.addEventListener("message", keep);
    worker.addEventListener("error", keep);
    window.unorulesEngine = { worker: worker, events: events, stop: function () {
      worker.removeEventListener("message", keep);
      worker.removeEventListener("error", keep);
    } };
  })(new Worker(new URL("%(root)sjavascripts/engine_worker.js", location.href),
                { type: "module", name: document.documentElement.lang }));
} catch (error) {}
</script>
<link rel="modulepreload" href="%(root)sjavascripts/engine.js">
<link rel="modulepreload" href="%(root)sjavascripts/dispute.js">
"""


def engine_start(page_url: str) -> str:
    """What the dispute page's ``<head>`` starts with: its engine's worker
    (``javascripts/engine_worker.js``, named by the page's language) started
    before the theme's stylesheets and scripts load, the messages it sends kept until
    ``engine.js`` takes it over (``window.unorulesEngine``), and the page's
    two modules fetched at once. ``page_url`` is the page's URL from the
    site's root (``"sv/dispute/"``)."""
    depth = page_url.strip("/").count("/") + 1 if page_url.strip("/") else 0
    return ENGINE_START % {"root": "../" * depth}


_CHARSET = re.compile(r"<meta charset=[^>]*>")


def with_engine_start(output: str, page: Any, config: Any) -> str:
    """The page's HTML, with :func:`engine_start` first in its ``<head>``
    (right after ``<meta charset>``) when it is the dispute page of its
    language; any other page as it is."""
    root = _language_roots(config).get(_current_language(config), "")
    if page.url != root + APP_START:
        return output
    found = _CHARSET.search(output)
    if found is None:
        return output
    return output[: found.end()] + "\n" + engine_start(page.url) + output[found.end() :]


def on_files(files: Any, config: Any) -> Any:
    """The service worker's source is no file of the site as it is:
    :func:`write_offline` writes it as ``sw.js`` at the site's root."""
    for file in list(files):
        if file.src_uri == "engine_sw.js":
            files.remove(file)
    return files


@event_priority(-300)
def on_post_build(config: Any) -> None:
    """Once every language is built (after the i18n plugin's own step, which
    builds the other languages from within the first build's, and after
    every other step that writes into the site, such as each language's
    search index): the engine into the site's root, then what a phone needs
    to install the site and keep it for offline use (:func:`write_offline`,
    whose lists name those files)."""
    i18n = config.plugins.get("i18n")
    if getattr(i18n, "building", False):
        return  # one of the other languages, built from within the first build
    site_dir = Path(config["site_dir"])
    write_engine(site_dir)
    write_offline(site_dir, config)


# The site on a phone: a web app manifest in each language (installed from
# "Add to Home screen", it opens on the dispute page), the icons
# (docs/icons/, drawn by scripts/icons.py), and the lists of what the
# service worker keeps for offline use (docs/engine_sw.js, written as sw.js).

THEME_COLOUR = "#ef5552"
"""The header's red (the theme's primary colour "red"): the phone's bars
around the installed site."""
BACKGROUND_COLOUR = "#ffffff"
"""The page's own white: the screen shown while the installed site opens."""
APP_WORDS = {
    "en": {
        "name": "unorules: settle an UNO dispute",
        "short_name": "UNO rules",
        "description": "Settle an UNO dispute at the table: tap the cards and the move, and read "
        "the verdict and the rule it rests on. Once opened, it works offline too.",
    },
    "sv": {
        "name": "unorules: avgör en tvist i UNO",
        "short_name": "UNO-regler",
        "description": "Avgör en tvist i UNO vid bordet: tryck fram korten och draget och läs "
        "utslaget och regeln det vilar på. När den väl har öppnats fungerar den utan nät också.",
    },
    "nb": {
        "name": "unorules: avgjør en krangel i UNO",
        "short_name": "UNO-regler",
        "description": "Avgjør en krangel i UNO ved bordet: trykk fram kortene og trekket og les "
        "avgjørelsen og regelen den bygger på. Når den først er åpnet, virker den uten nett også.",
    },
}
"""The installed site's name, its name under the icon, and what it is, in
each language of the site."""
APP_ICONS = (
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/maskable-192.png", "192x192", "image/png", "maskable"),
    ("icons/maskable-512.png", "512x512", "image/png", "maskable"),
    ("icons/icon.svg", "any", "image/svg+xml", "any"),
)
"""The manifest's icons: path from the site's root, sizes, type, purpose."""
APP_START = "dispute/"
"""Where the installed site opens, from a language's root: the dispute page."""
APP_MANIFEST = "manifest.webmanifest"
"""Each language's manifest, in that language's root (``/``, ``/sv/``, ``/nb/``)."""
OFFLINE_LIST = "offline.json"
"""What the service worker keeps, at the site's root beside ``sw.js``."""
_NOT_KEPT_AHEAD = ("api/",)
"""Pages under a language's root that are kept only once opened, not ahead:
the API reference (English, for programmers; some 60 pages)."""


def _language_roots(config: Any) -> dict[str, str]:
    """Each language the site is built in and its root in the site: ``""``
    for the default language, ``"sv/"``, ``"nb/"``."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return {str(config["theme"].get("language") or "en"): ""}
    roots = {}
    for lang in i18n.config.languages:
        if lang.build:
            link = (lang.link or "/").strip("/")
            roots[lang.locale] = f"{link}/" if link else ""
    return roots


def _current_language(config: Any) -> str:
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None)
    return str(lang or config["theme"].get("language") or "en")


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """What the theme override (``overrides/main.html``) puts in each page
    for a phone: ``app.manifest`` (the manifest of the page's language,
    from the site's root), ``app.short_name``, ``app.theme_colour``, and
    ``app.search``: false on the dispute page, which leaves out the
    theme's search (its index would be downloaded with the page)."""
    lang = _current_language(config)
    root = _language_roots(config).get(lang, "")
    words = APP_WORDS.get(lang, APP_WORDS["en"])
    context["app"] = {
        "manifest": root + APP_MANIFEST,
        "short_name": words["short_name"],
        "theme_colour": THEME_COLOUR,
        "search": page.url != root + APP_START,
    }
    return context


_HREFLANG_LINK = re.compile(r'\n?[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def on_post_page(output: str, page: Any, config: Any) -> str:
    """No ``<link rel="alternate" hreflang>`` in a page's head: the theme
    asks for ``sitemap.xml`` beside each such link's address
    (``/sv/glossary/sitemap.xml``, which no build writes) for its own
    language switch, which the i18n plugin's selector already does (each
    language's link goes to the same page). The site's ``sitemap.xml``
    names each page's languages for search engines. The dispute page's
    engine starts first thing in its head (:func:`with_engine_start`)."""
    return with_engine_start(_HREFLANG_LINK.sub("", output), page, config)


def write_manifests(site_dir: Path, config: Any) -> list[Path]:
    """The web app manifest of each language, ``<root>manifest.webmanifest``:
    its names (:data:`APP_WORDS`), the dispute page of its language as the
    start, the whole site as its scope (the service worker's too: the rule
    pages a verdict links to open in the installed site), standalone, the
    icons of ``icons/``. Every address relative to the manifest itself, so
    the site works wherever it is published."""
    import json
    import posixpath

    written = []
    for lang, root in _language_roots(config).items():
        words = APP_WORDS.get(lang, APP_WORDS["en"])

        def here(path: str, root: str = root) -> str:
            relative = posixpath.relpath(path or ".", root or ".")
            return relative + "/" if path.endswith("/") or not path else relative

        manifest = {
            "name": words["name"],
            "short_name": words["short_name"],
            "description": words["description"],
            "lang": lang,
            "dir": "ltr",
            "start_url": here(root + APP_START),
            "scope": here(""),
            "display": "standalone",
            "background_color": BACKGROUND_COLOUR,
            "theme_color": THEME_COLOUR,
            "icons": [
                {"src": here(src), "sizes": sizes, "type": kind, "purpose": purpose}
                for src, sizes, kind, purpose in APP_ICONS
            ],
        }
        path = site_dir / root / APP_MANIFEST
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2), encoding="utf-8")
        written.append(path)
    return written


_REFERENCE = re.compile(r'<(?:link|script|img|source)\b[^>]*?\s(?:href|src)="([^"#?]+)[^"]*"')


def _referenced(site_dir: Path, page: str) -> set[str]:
    """The site's files that the page ``page`` (``"sv/glossary/"``) loads by
    itself: its stylesheets, scripts, icons, manifest and pictures."""
    import posixpath

    html = (site_dir / page / "index.html").read_text(encoding="utf-8")
    found = set()
    for ref in _REFERENCE.findall(html):
        if "://" in ref or ref.startswith(("//", "data:", "/")) or ref.endswith("/"):
            continue
        path = posixpath.normpath(posixpath.join(page, ref))
        if not path.startswith("../") and (site_dir / path).is_file():
            found.add(path)
    return found


def _search_files(site_dir: Path, home: str) -> set[str]:
    """The files the theme's search loads on the page ``home``: the search
    index under the page's base, the search worker, and the worker's lunr
    languages (the index's ``config.lang``, as the worker picks them)."""
    import json
    import posixpath

    html = (site_dir / home / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.S)
    if not found:
        return set()
    theme = json.loads(found.group(1))
    base = posixpath.normpath(posixpath.join(home, theme.get("base") or "."))
    base = "" if base == "." else base + "/"
    index = f"{base}search/search_index.json"
    worker = posixpath.normpath(posixpath.join(home, theme.get("search") or ""))
    if not (site_dir / index).is_file() or not (site_dir / worker).is_file():
        return set()
    files = {index, worker}
    langs = json.loads((site_dir / index).read_text(encoding="utf-8"))["config"]["lang"]
    lunr = posixpath.normpath(posixpath.join(posixpath.dirname(worker), "..", "lunr"))
    extra = {"ja": "tinyseg.js", "hi": "wordcut.js", "th": "wordcut.js"}
    scripts = [f"min/lunr.{lang}.min.js" for lang in langs if lang != "en"]
    scripts += [extra[lang] for lang in langs if lang in extra]
    if len(langs) > 1:
        scripts.append("min/lunr.multi.min.js")
    if scripts:
        scripts.append("min/lunr.stemmer.support.min.js")
    files.update(f"{lunr}/{name}" for name in scripts)
    return {f for f in files if (site_dir / f).is_file()}


def _files_under(site_dir: Path, folder: str, pattern: str = "*") -> list[str]:
    """The files of ``site_dir/folder`` matching ``pattern`` (any depth),
    from the site's root."""
    found = (site_dir / folder).rglob(pattern) if (site_dir / folder).is_dir() else []
    return sorted(p.relative_to(site_dir).as_posix() for p in found if p.is_file())


def _pages_of(site_dir: Path, root: str, others: list[str]) -> list[str]:
    """Every page under a language's root ``root`` (``"sv/glossary/"``),
    not those of the languages whose roots are ``others``, nor those kept
    only once opened (:data:`_NOT_KEPT_AHEAD`)."""
    pages = []
    for index in sorted((site_dir / root).rglob("index.html")):
        page = index.parent.relative_to(site_dir).as_posix()
        page = "" if page == "." else page + "/"
        inside = page[len(root) :]
        if any(page.startswith(other) for other in others if other and other != root):
            continue
        if inside.startswith(("engine/", "assets/", "search/", *_NOT_KEPT_AHEAD)):
            continue
        pages.append(page)
    return pages


def _file(site_dir: Path, path: str) -> Path:
    """The file at ``path``, or the page's at ``path`` (``"sv/"``)."""
    return site_dir / path / "index.html" if path == "" or path.endswith("/") else site_dir / path


def offline_lists(site_dir: Path, config: Any) -> dict[str, Any]:
    """What the service worker keeps ahead, once a page of a language has
    been opened (``offline.json``):

    * ``languages``: for each language, ``files``, every page under its root
      (the API reference only once opened: :data:`_NOT_KEPT_AHEAD`), the
      dispute page of each other language (its engine is the same), what
      those pages load (the theme's files, the page scripts, the icons and
      manifest, the rule-set data of ``engine/``) and the theme's search
      for the language; ``bytes``, their size;
    * ``engine``: ``version`` and ``files``, the engine's own files
      (``engine/<version>/``, the same for every language), ``bytes``;
    * ``version``: a hash of every listed file, so that a new build's files
      replace the kept ones.

    Every path is from the site's root; a page's path ends with ``/``."""
    import hashlib
    import json

    roots = _language_roots(config)
    always = _files_under(site_dir, "javascripts") + _files_under(site_dir, "engine", "*.json")
    always = [f for f in always if f.count("/") == 1]  # not engine/<version>/
    always += [src for src, *_ in APP_ICONS] + ["icons/apple-touch-icon.png", "icons/favicon.png"]
    languages: dict[str, Any] = {}
    for lang, root in roots.items():
        pages = _pages_of(site_dir, root, list(roots.values()))
        pages += [
            other + APP_START
            for other in roots.values()
            if other != root and (site_dir / other / APP_START / "index.html").is_file()
        ]
        files = {f for f in always if (site_dir / f).is_file()}
        for page in pages:
            files |= _referenced(site_dir, page)
        if (site_dir / root / "index.html").is_file():
            files |= _search_files(site_dir, root)
        listed = pages + sorted(files)
        size = sum(_file(site_dir, f).stat().st_size for f in listed)
        languages[lang] = {"files": listed, "bytes": size}
    engine = {"version": "", "files": [], "bytes": 0}
    if (site_dir / "engine" / "manifest.json").is_file():
        version = json.loads((site_dir / "engine" / "manifest.json").read_bytes())["version"]
        files = _files_under(site_dir, f"engine/{version}")
        size = sum(_file(site_dir, f).stat().st_size for f in files)
        engine = {"version": version, "files": files, "bytes": size}
    digest = hashlib.sha256(str(engine["version"]).encode())
    for path in sorted({f for entry in languages.values() for f in entry["files"]}):
        digest.update(path.encode() + b"\0" + _file(site_dir, path).read_bytes())
    return {"version": digest.hexdigest()[:16], "languages": languages, "engine": engine}


def write_offline(site_dir: Path, config: Any) -> None:
    """What a phone needs to install the site and use it offline: the
    manifests (:func:`write_manifests`), the service worker ``sw.js`` at
    the site's root (scope: the whole site) and its lists,
    ``offline.json`` (:func:`offline_lists`)."""
    import json
    import shutil

    write_manifests(site_dir, config)
    shutil.copy2(ROOT / "docs" / "engine_sw.js", site_dir / "sw.js")
    lists = offline_lists(site_dir, config)
    (site_dir / OFFLINE_LIST).write_text(json.dumps(lists, indent=1), encoding="utf-8")
    for lang, entry in lists["languages"].items():
        _engine_log(
            f"offline, {lang}: {len(entry['files'])} files, {entry['bytes'] / 1e6:.1f} MB"
            f" (and the engine, {lists['engine']['bytes'] / 1e6:.1f} MB)"
        )
