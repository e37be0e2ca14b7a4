"""The API reference and the architecture page follow the package.

* Every public module of the package, walked recursively, has its page in
  the API reference and in the navigation, and every ``::: unorules.X``
  target exists.
* The names ``import unorules as ur`` gives link to the modules that define
  them.
* The table of slots on "How unorules is built" names every slot of
  ``RuleSet`` with its protocol and the questions the protocol asks.
* Module paths named in the pages, the README and the docstrings are the
  package's real paths.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest
from helpers import compiled

import unorules
from unorules.rules.policies import play as play_policies
from unorules.rules.ruleset import SLOTS, RuleSet

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PACKAGE = ROOT / "unorules"


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unorules_docs_hooks_api", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(site_pages: Callable[[str], dict[str, str]]) -> dict[str, str]:
    return site_pages("en")


def walked_modules() -> list[str]:
    """Every public module and package of ``unorules`` with a ``.py``
    source, found by ``pkgutil.walk_packages``, without ``unorules.``."""
    found = []
    for info in pkgutil.walk_packages(unorules.__path__, "unorules."):
        name = info.name.removeprefix("unorules.")
        if any(part.startswith("_") for part in name.split(".")):
            continue
        path = Path(unorules.__file__).parent.joinpath(*name.split("."))
        if (path / "__init__.py").exists() or path.with_suffix(".py").exists():
            found.append(name)
    return sorted(found)


def _nav_pages(nav: list[Any]) -> list[str]:
    pages: list[str] = []
    for item in nav:
        if isinstance(item, str):
            pages.append(item)
        elif isinstance(item, dict):
            for value in item.values():
                pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


# --- the API reference -----------------------------------------------------------------


def test_the_walk_reaches_the_subpackages() -> None:
    modules = walked_modules()
    for name in (
        "engine",
        "engine.checking",
        "rules.presets",
        "rules.policies",
        "rules.policies.actions",
        "explanations.verdicts",
        "play.simulate",
        "cards",
    ):
        assert name in modules, name
    assert "__main__" not in modules


def test_every_public_module_has_an_api_page(hooks: ModuleType, generated: dict[str, str]) -> None:
    assert hooks.public_modules() == walked_modules()
    index = generated["api/index.md"]
    nav = _nav_pages(hooks.api_nav())
    for module in walked_modules():
        path = hooks.api_path(module)
        assert path in generated, module
        assert f"::: unorules.{module}\n" in generated[path], module
        assert path in nav, module
        assert f"[`unorules.{module}`]({path.removeprefix('api/')})" in index, module
    assert len(nav) == len(set(nav)) == len(walked_modules())


def test_the_index_gives_each_module_its_summary(
    hooks: ModuleType, generated: dict[str, str]
) -> None:
    index = generated["api/index.md"]
    row = index.split("[`unorules.rules.presets`](rules/presets.md) | ", 1)[1].split("\n")[0]
    assert row == "Presets: named rule sets, and composition by rule ID. |"
    row = index.split("[`unorules.engine`](engine/index.md) | ", 1)[1].split("\n")[0]
    assert row.startswith("The engine: it keeps the order of play")
    for title in ("`unorules.engine`", "`unorules.rules.policies`", hooks.TOP_LEVEL):
        assert f"\n## {title}\n" in index, title


def test_the_nav_groups_the_pages_by_package(hooks: ModuleType) -> None:
    groups = {title: entries for group in hooks.api_nav() for title, entries in group.items()}
    assert groups["unorules.rules.policies"][0] == "api/rules/policies/index.md"
    assert {"unorules.rules.policies.uno": "api/rules/policies/uno.md"} in groups[
        "unorules.rules.policies"
    ]
    assert {"unorules.engine.checking": "api/engine/checking.md"} in groups["unorules.engine"]
    assert groups["unorules.cards"][0] == "api/cards/index.md"
    assert {"unorules.cards.faces": "api/cards/faces.md"} in groups["unorules.cards"]
    assert not any("policies" in str(e) for e in groups["unorules.rules"])


def test_every_mkdocstrings_target_exists(generated: dict[str, str]) -> None:
    texts = dict(generated)
    texts.update({str(p): p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md")})
    targets = {
        (where, m.group(1))
        for where, text in texts.items()
        for m in re.finditer(r"^::: (\S+)", text, re.MULTILINE)
    }
    assert targets
    for where, target in targets:
        assert importlib.util.find_spec(target) is not None, (where, target)


def test_the_names_of_ur_link_to_their_defining_module(
    hooks: ModuleType, generated: dict[str, str]
) -> None:
    index = generated["api/index.md"]
    expected = {
        "check": "engine.checking",
        "legal_moves": "engine.generation",
        "apply": "engine.applying",
        "presets": "rules.presets",
        "SLOTS": "rules.slots",
        "COLORS": "cards.faces",
        "explain": "explanations.verdicts",
        "HouseRule": "rules.house",
    }
    for name, home in expected.items():
        assert hooks._home_of(name) == home, name
        link = f"| `ur.{name}` | [`unorules.{home}`]({hooks.api_path(home).removeprefix('api/')}) |"
        assert link in index, name
    for name in unorules.__all__:
        home = hooks._home_of(name)
        if not home:
            assert name == "__version__"
            continue
        module = importlib.import_module(f"unorules.{home}")
        assert getattr(module, name.split(".")[-1], None) is getattr(unorules, name) or (
            module is getattr(unorules, name)
        ), name


def test_a_package_page_links_each_name_to_its_module(generated: dict[str, str]) -> None:
    page = generated["api/rules/policies/index.md"]
    assert "      members: false" in page
    assert "| `Refusal` | [`unorules.rules.policies.base`](base.md) |" in page
    assert "| `ActionEffect` | [`unorules.rules.policies.actions`](actions.md) |" in page


# --- the architecture page -------------------------------------------------------------


def _slot_fields() -> dict[str, type]:
    """The fields of RuleSet that hold a policy: those typed with a protocol."""
    found = {}
    for field in attrs.fields(RuleSet):
        kind = field.type
        if isinstance(kind, type) and getattr(kind, "_is_protocol", False):
            found[field.name] = kind
    return found


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row; a pipe in a code span is text."""
    cells, cell, code = [], "", False
    for char in line.strip().strip("|"):
        if char == "`":
            code = not code
        if char == "|" and not code:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += char
    return [*cells, cell.strip()]


def _rows(table: str) -> dict[str, list[str]]:
    rows = {}
    for line in table.splitlines()[2:]:
        cells = _cells(line)
        rows[cells[0].strip("`")] = cells
    return rows


# The docs are built from the pure-Python tree: the slot table reads the
# protocols' signatures and field types, which a build compiled with mypyc
# does not keep (its functions have no signatures).
_COMPILED_PROTOCOLS = pytest.mark.skipif(
    compiled(play_policies), reason="the protocols are compiled: no signatures to read"
)


@_COMPILED_PROTOCOLS
def test_the_slot_table_names_every_slot(hooks: ModuleType) -> None:
    fields = _slot_fields()
    assert set(fields) == set(SLOTS) and len(SLOTS) == 25
    rows = _rows(hooks.slot_table())
    assert list(rows) == list(SLOTS)
    for slot, protocol in fields.items():
        cells = rows[slot]
        assert len(cells) == 5, (slot, cells)
        assert f"[`{protocol.__name__}`]" in cells[1], slot
        for name, member in vars(protocol).items():
            if inspect.isfunction(member) and not name.startswith("_"):
                assert f"`{name}(" in cells[2], (slot, name)
        policy = getattr(RuleSet(), slot)
        assert f"[`{type(policy).__name__}`]" in cells[4], slot


@_COMPILED_PROTOCOLS
def test_the_slot_table_gives_questions_records_and_rule_ids(hooks: ModuleType) -> None:
    rows = _rows(hooks.slot_table())
    assert "`lacks(card: Card) -> Refusal | None`" in rows["deck"][2]
    assert (
        "`answers(pending: Card, card: Card, color: Color | None) -> str | None`"
        in (rows["stacking"][2])
    )
    assert "`target: int`" in rows["scoring"][2]
    assert "[`DrawnCard`]" in rows["drawing"][3] and "[`AfterDraw`]" in rows["drawing"][3]
    assert "[`ChallengeOutcome`]" in rows["challenge"][3]
    assert rows["wild"][3] == "—"
    assert "[`house.stack-draw-two`](rules/house.md#house.stack-draw-two)" in rows["stacking"][4]
    assert "[`NoJumpIn`]" in rows["jump_in"][4] and "off (no rule)" in rows["jump_in"][4]


@_COMPILED_PROTOCOLS
def test_the_architecture_page_holds_the_slot_table(hooks: ModuleType) -> None:
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    assert text.count(hooks.SLOTS_MARK) == 1 and text.count(hooks.SLOTS_END) == 1
    assert "write-your-own-house-rule.md" in text
    # The source holds the table as the code gives it, for a reader of the
    # repository ("python docs/hooks.py slots" writes it again).
    assert hooks.with_slot_table(text) == text, "python docs/hooks.py slots"

    class File:
        src_uri = "architecture.md"

    class Page:
        file = File()

    rendered = hooks.on_page_markdown(text, Page(), None, None)
    assert hooks.slot_table("") in rendered


# --- module paths in the text ----------------------------------------------------------


_PATH = re.compile(r"(?<![\w.])unorules(?:\.(?!toml\b)[A-Za-z_]\w*)+")  # not the file unorules.toml


def stale_paths(text: str) -> list[str]:
    """The dotted ``unorules.…`` names in ``text`` that are not the real path
    of a module or of a name in one: each module along the way must be named
    by its own path (``unorules.presets.get`` names ``unorules.rules.presets``
    by a re-export)."""
    bad = []
    for m in _PATH.finditer(text):
        parts = m.group(0).split(".")
        obj: Any = unorules
        for i, part in enumerate(parts[1:], 2):
            if isinstance(obj, ModuleType) and not hasattr(obj, part):
                try:
                    importlib.import_module(".".join(parts[:i]))
                except ImportError:
                    if _needs_an_extra(".".join(parts[:i])):
                        break  # a real module, not importable here: its names go unchecked
            if not hasattr(obj, part):
                bad.append(m.group(0))
                break
            obj = getattr(obj, part)
            if isinstance(obj, ModuleType) and obj.__name__ != ".".join(parts[:i]):
                bad.append(m.group(0))
                break
    return bad


def _needs_an_extra(module: str) -> bool:
    """Whether ``module`` is a module of the package whose import fails for
    want of an optional dependency (``unorules.play.env`` without the ``rl``
    extra)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def test_stale_paths_are_found() -> None:
    assert stale_paths("see unorules.presets.get and unorules.policies") == [
        "unorules.presets.get",
        "unorules.policies",
    ]
    assert stale_paths("unorules.explain.explain, unorules.simulate") == [
        "unorules.explain.explain",
        "unorules.simulate",
    ]
    assert stale_paths("unorules.rules.presets.get, unorules.explain, unorules.engine") == []


@pytest.mark.parametrize(
    "page",
    [*sorted(p for p in DOCS.glob("*.md") if p.name != "changelog.md"), ROOT / "README.md"],
    ids=lambda p: p.name,
)
def test_pages_name_real_module_paths(page: Path) -> None:
    assert stale_paths(page.read_text(encoding="utf-8")) == []


def _docstrings(source: str) -> str:
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            found.append(node.value.value)
    return "\n".join(found)


_KNOWN_STALE: dict[str, str] = {}


def _sources() -> list[Any]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        marks = []
        if where in _KNOWN_STALE:
            marks.append(pytest.mark.xfail(strict=True, reason=_KNOWN_STALE[where]))
        found.append(pytest.param(path, marks=marks, id=where))
    return found


@pytest.mark.parametrize("source", _sources())
def test_docstrings_name_real_module_paths(source: Path) -> None:
    text = _docstrings(source.read_text(encoding="utf-8"))
    assert stale_paths(text) == []


def test_generated_pages_name_real_module_paths(generated: dict[str, str]) -> None:
    for path, text in generated.items():
        assert stale_paths(text) == [], path


def test_a_name_written_with_a_tilde_shows_its_last_part(hooks: ModuleType) -> None:
    html = ":mod:<code>~unorules.engine.checking</code> and <code>a~b</code>"
    assert hooks.on_page_content(html, None, None, None) == (
        "<code>checking</code> and <code>a~b</code>"
    )
