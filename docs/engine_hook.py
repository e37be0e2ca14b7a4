"""The site build's step for the dispute page: Pyodide and the library's own
wheels under ``site/engine/`` (an mkdocs hook, listed in ``mkdocs.yml``)."""

from __future__ import annotations

import os
import sys
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


def _pyodide_dir() -> Path | None:
    """The Pyodide files of the npm package, installed once into
    ``.cache/pyodide`` (outside git); ``None`` when npm cannot get them."""
    import shutil
    import subprocess

    folder = ENGINE_CACHE / "pyodide" / "node_modules" / "pyodide"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        return None
    prefix = ENGINE_CACHE / "pyodide"
    prefix.mkdir(parents=True, exist_ok=True)
    command = [npm, "install", "--prefix", str(prefix), "--no-save", "--no-audit", "--no-fund"]
    done = subprocess.run(
        [*command, f"pyodide@{PYODIDE_VERSION}"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0 or not all((folder / name).is_file() for name in PYODIDE_FILES):
        _engine_log(f"npm could not install pyodide@{PYODIDE_VERSION}: {done.stderr[-300:]}")
        return None
    return folder


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

    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    deps = ENGINE_CACHE / "engine-wheels" / "deps"
    if not all(any(deps.glob(f"{name}-*.whl")) for name in ENGINE_DEPENDENCIES):
        deps.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [
                *pip,
                "download",
                "--only-binary=:all:",
                "--no-deps",
                "--python-version",
                PYODIDE_PYTHON,
                "-d",
                str(deps),
                *ENGINE_DEPENDENCIES,
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            _engine_log(f"pip could not download the engine's dependencies: {done.stderr[-300:]}")
            return None
    own = ENGINE_CACHE / "engine-wheels" / _source_key()
    if not any(own.glob("unorules-*.whl")):
        shutil.rmtree(own.parent / "building", ignore_errors=True)
        building = own.parent / "building"
        env = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "false"}
        done = subprocess.run(
            [*pip, "wheel", "--no-deps", "-w", str(building), str(ROOT)],
            capture_output=True,
            text=True,
            check=False,
            env=env,
        )
        if done.returncode != 0:
            _engine_log(f"pip could not build the library's wheel: {done.stderr[-300:]}")
            return None
        for old in own.parent.iterdir():
            if old.name not in {"deps", "building"}:
                shutil.rmtree(old)
        building.rename(own)
    wheels = sorted(own.glob("unorules-*-py3-none-any.whl"))
    wheels += sorted(p for p in deps.glob("*-py3-none-any.whl"))
    return wheels if len(wheels) == 1 + len(ENGINE_DEPENDENCIES) else None


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
    files = [pyodide / name for name in PYODIDE_FILES] + wheels
    version = _engine_version(files)
    folder = target / version
    folder.mkdir(parents=True)
    for path in files:
        shutil.copy2(path, folder / path.name)
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


def on_post_build(config: Any) -> None:
    """Write the engine once, into the site's root (the English build)."""
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None)
    if i18n is not None and lang not in (None, i18n.default_language):
        return
    write_engine(Path(config["site_dir"]))
