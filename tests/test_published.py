"""Where the site is published: the workflow that builds it from a clean
checkout and publishes it on every release, the address taken from the
repository's own settings (never written into the sources), and the home
pages that say it in their language."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip(
    "yaml", reason="the docs extra is not installed: pip install -e '.[docs]'"
)

ROOT = Path(__file__).resolve().parent.parent


def _hook() -> Any:
    spec = importlib.util.spec_from_file_location("site_hook", ROOT / "docs" / "site_hook.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_workflow_publishes_on_every_release() -> None:
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    triggers = flow[True]  # YAML 1.1 reads the key "on" as True
    assert triggers["release"] == {"types": ["published"]}
    steps = flow["jobs"]["build"]["steps"]
    uses = [step.get("uses", "").split("@")[0] for step in steps]
    assert uses[:4] == [
        "actions/checkout",
        "actions/setup-python",
        "actions/setup-node",
        "actions/configure-pages",
    ]
    assert "actions/upload-pages-artifact" in uses
    build = next(step for step in steps if "mkdocs build" in step.get("run", ""))
    # The address comes from the repository's Pages settings, through configure-pages.
    assert build["env"]["UNORULES_SITE_URL"] == "${{ steps.pages.outputs.base_url }}/"
    assert "--strict" in build["run"]
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert flow["permissions"] == {"contents": "write", "pages": "write", "id-token": "write"}


def test_no_address_is_written_into_the_sources() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_url: !ENV [UNORULES_SITE_URL]" in config
    for name in ("mkdocs.yml", "pyproject.toml", "README.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert "readthedocs.io/" not in text.replace("mypyc.readthedocs.io", ""), name
        assert "github.io" not in text, name


def test_the_home_pages_say_where_the_site_is() -> None:
    hook = _hook()
    for lang in ("en", "sv", "nb"):
        page = "index.md" if lang == "en" else f"index.{lang}.md"
        assert hook.MARK in (ROOT / "docs" / page).read_text(encoding="utf-8"), page
    url = "https://example.org/unorules/"
    assert f"<{url}>" in hook.published("sv", url)
    assert "hemskärmen" in hook.published("sv", url)
    assert "hjemskjermen" in hook.published("nb", url)
    local = hook.published("en", None)
    assert "unorules serve --lan" in local and "http" not in local
    assert "unorules serve --lan" in hook.published("nb", None)
    assert hook.published("xx", None) == local
