"""The site build's step for the dispute page: Pyodide and the library's own
wheels under ``site/engine/`` (an mkdocs hook, listed in ``mkdocs.yml``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    ``rules-{en,sv,nb}.json`` (:func:`unorules.web.rules_data`), and the
    service worker ``sw.js`` at the site's root (its scope is the whole
    site: the dispute page in each language and ``engine/``). Without them
    (no npm or pip to fetch them, e.g. offline) the build goes on,
    ``engine/`` holds no manifest, and the page says the engine is
    unavailable. ``UNORULES_SITE_ENGINE=0`` skips the step."""
    import json
    import shutil

    target = site_dir / "engine"
    shutil.rmtree(target, ignore_errors=True)
    (site_dir / "sw.js").unlink(missing_ok=True)
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
    shutil.copy2(ROOT / "docs" / "engine_sw.js", site_dir / "sw.js")
    # The rule-set controls in each language, shown before the engine has loaded.
    from unorules.web import rules_data

    for lang in ("en", "sv", "nb"):
        data = json.dumps(rules_data(lang), ensure_ascii=False, separators=(",", ":"))
        (target / f"rules-{lang}.json").write_text(data, encoding="utf-8")
    return True


def on_files(files: Any, config: Any) -> Any:
    """The service worker's source is no file of the site as it is: the
    engine's step writes it as ``sw.js`` at the site's root."""
    for file in list(files):
        if file.src_uri == "engine_sw.js":
            files.remove(file)
    return files


def on_post_build(config: Any) -> None:
    """Write the engine once, into the site's root (the English build)."""
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None)
    if i18n is not None and lang not in (None, i18n.default_language):
        return
    write_engine(Path(config["site_dir"]))
