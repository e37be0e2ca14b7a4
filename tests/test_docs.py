"""Every example of the documentation runs.

* ``python`` blocks of each page (``docs/*.md`` and ``README.md``) run in
  order in one namespace per page; ``pycon`` blocks run as doctests in the
  same namespace, so the output they show is checked.
* A ``python`` block whose first line is ``# NAME.py`` is a file the reader
  saves: it is written to a temporary directory on the module path (while
  the page's blocks and commands run) and imported, so the page's code and
  its ``unorules ... --house-rule NAME:...`` commands can import it, and
  worker processes too.
* A block that needs an extra that is not installed (``unorules.play.env``
  without the ``rl`` extra) is left out, and so is every later block of its
  page that uses a name such a block bound.
* Blocks that start with ``$ unorules ...`` (``console`` blocks, and
  ``text`` blocks in the README) run through ``unorules.cli.main``; the output
  shown must be what the command prints (``...`` matches anything, as in
  doctests). A block that shows no output only has to succeed.
* The generated pages (rules reference, disputes, API) are built from the
  library; their code blocks and commands run too.
* A few examples train for minutes (:data:`SHORTER`): the quick ``dev``
  Hypothesis profile (the default) runs them shorter and checks the form of
  what they print; the deep one (``--hypothesis-profile ci``, as CI runs)
  runs them as the page shows them and checks what they print.
* ``test_site_in_browser`` builds the site and looks at it in headless
  Chromium (``docs/check_site.py``); it is slow, so it runs only with
  ``UNORULES_BROWSER_TESTS=1``.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import importlib.util
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from helpers import classic_cards_only

from unorules.cli import main as cli_main
from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE, SECTIONS
from unorules.worked_examples import DISPUTES, examples_for

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]

_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)\n"
    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)


def blocks(text: str) -> Iterator[tuple[str, str, int]]:
    """``(language, body, line)`` of every fenced code block, bodies dedented
    (blocks inside admonitions are indented)."""
    for m in _FENCE.finditer(text):
        indent = len(m.group("indent"))
        lines = m.group("body").splitlines()
        body = "\n".join(line[indent:] for line in lines)
        language = (m.group("info").split() or [""])[0].lower()
        yield language, body + "\n", text.count("\n", 0, m.start()) + 1


def commands(body: str) -> Iterator[tuple[str, str]]:
    """``(command, expected output)`` for each ``$ `` line of a console block;
    a line ending with a backslash continues on the next."""
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            i += 1
            continue
        command = line[2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        i += 1
        out: list[str] = []
        while i < len(lines) and not lines[i].startswith("$ "):
            out.append(lines[i])
            i += 1
        yield command, "\n".join(out)


def run_cli(command: str) -> tuple[int, str]:
    """Run ``unorules ...`` in-process; the exit status and stdout + stderr."""
    words = shlex.split(command)
    assert words[0] == "unorules", command
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli_main(words[1:])
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return code, out.getvalue() + err.getvalue()


def _normal(text: str) -> str:
    lines = [line.rstrip() for line in text.strip("\n").splitlines()]
    return "\n".join(lines).strip("\n") + "\n"


def check_command(command: str, expected: str, where: str) -> None:
    code, got = run_cli(command)
    if not expected.strip():
        assert code == 0, f"{where}: `{command}` exited {code}:\n{got}"
        return
    checker = doctest.OutputChecker()
    want, have = _normal(expected), _normal(got)
    if not checker.check_output(want, have, doctest.ELLIPSIS):
        diff = checker.output_difference(
            doctest.Example(command, want), have, doctest.ELLIPSIS | doctest.REPORT_UDIFF
        )
        pytest.fail(f"{where}: the output shown differs from what `{command}` prints:\n{diff}")


_FILE = re.compile(r"# (?P<module>[A-Za-z_]\w*)\.py\n")


def page_files(text: str) -> dict[str, str]:
    """Module name -> source of the page's python blocks that are files to
    save (their first line is ``# NAME.py``)."""
    return {
        m.group("module"): body
        for language, body, _ in blocks(text)
        if language in ("python", "py") and (m := _FILE.match(body))
    }


@contextlib.contextmanager
def page_modules(text: str) -> Iterator[None]:
    """The page's files (:func:`page_files`) importable while in the block."""
    files = page_files(text)
    if not files:
        yield
        return
    with tempfile.TemporaryDirectory() as folder:
        for module, body in files.items():
            (Path(folder) / f"{module}.py").write_text(body, encoding="utf-8")
        sys.path.insert(0, folder)
        importlib.invalidate_caches()
        try:
            yield
        finally:
            sys.path.remove(folder)
            for module in files:
                sys.modules.pop(module, None)


def run_python_blocks(text: str, name: str) -> dict[str, Any]:
    """Run the python and pycon blocks of one page in order, in one namespace."""
    with page_modules(text):
        return _run_python_blocks(text, name)


EXTRAS = {"unorules.play.env": "pettingzoo"}
"""Modules of the package that need an optional dependency (the ``rl`` extra)."""


def _names(language: str, body: str) -> tuple[set[str], set[str]]:
    """The names a block's code uses (modules imported included) and the
    names it binds."""
    if language == "pycon":
        lines = [
            line[4:]
            for line in body.splitlines()
            if line.startswith((">>> ", "... ")) or line in (">>>", "...")
        ]
        body = "\n".join(lines)
    try:
        tree = ast.parse(body)
    except SyntaxError:
        return set(), set()
    used: set[str] = set()
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (used if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.ImportFrom) and node.module:
            used.add(node.module)
            bound.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            used.update(a.name for a in node.names)
            bound.update(a.asname or a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            bound.add(node.name)
    return used, bound


def _blocks_to_run(text: str) -> Iterator[tuple[str, str, int]]:
    """:func:`blocks`, less those that need an extra that is not installed:
    a block that names such a module, or that uses a name (or a saved file)
    that such a block made."""
    missing = {m for m, dep in EXTRAS.items() if importlib.util.find_spec(dep) is None}
    if not missing:
        yield from blocks(text)
        return
    tainted: set[str] = set()
    for language, body, line in blocks(text):
        used, bound = _names(language, body)
        saved = _FILE.match(body) if language in ("python", "py") else None
        if any(m in body for m in missing) or used & tainted:
            tainted |= bound | ({saved.group("module")} if saved else set())
            continue
        yield language, body, line


def _run_python_blocks(text: str, name: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": f"docs_{name}"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for language, body, line in _blocks_to_run(text):
        where = f"{name}, line {line}"
        saved = _FILE.match(body) if language in ("python", "py") else None
        if saved:
            importlib.import_module(saved.group("module"))
        elif language in ("python", "py"):
            code = compile(body, where, "exec")
            with contextlib.redirect_stdout(io.StringIO()):
                exec(code, namespace)
        elif language == "pycon":
            test = parser.get_doctest(body, namespace, where, name, line)
            out = io.StringIO()
            result = runner.run(test, out=out.write, clear_globs=False)
            namespace.update(test.globs)  # DocTest works on a copy of the namespace
            assert result.failed == 0, f"{where}: a pycon example fails:\n{out.getvalue()}"
    return namespace


def _page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unorules_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(site_pages: Callable[[str], dict[str, str]]) -> dict[str, str]:
    return site_pages("en")


# --- the hand-written pages ------------------------------------------------------------


SHORTER: dict[str, list[tuple[str, str]]] = {
    "reinforcement-learning.md": [
        (
            ">>> main(episodes=100, evaluation=100)\n"
            "rounds won while training: 90%; after 100 episodes: 89%\n",
            ">>> main(episodes=4, evaluation=4)\n"
            "rounds won while training: ...%; after 4 episodes: ...%\n",
        ),
    ],
}
"""Page -> (example as shown, as run by the quick profile): the training
example of 200 rounds (about a minute on one core) becomes 8 rounds."""


def _quick_run(config: pytest.Config) -> bool:
    """Whether the run is the quick one: a Hypothesis profile that runs a
    share of the examples (``dev``, the default; ``tests/conftest.py``)."""
    import conftest

    profile = config.getoption("hypothesis_profile", None) or conftest.PROFILE
    return profile in conftest.EXAMPLE_SHARE


@pytest.mark.parametrize("page", PAGES, ids=_page_id)
def test_python_examples_run(
    page: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    # The pages' examples run in a clone of the repository (docs/records/...).
    monkeypatch.chdir(ROOT)
    text = page.read_text(encoding="utf-8")
    if _quick_run(request.config):
        for shown, shorter in SHORTER.get(page.name, []):
            assert shown in text, f"{page.name} no longer shows {shown!r}: update SHORTER"
            text = text.replace(shown, shorter)
    run_python_blocks(text, page.stem)


def _console_blocks() -> list[Any]:
    found = []
    for page in PAGES:
        for language, body, line in blocks(page.read_text(encoding="utf-8")):
            if language in ("console", "text", "shell-session") and body.startswith("$ unorules"):
                found.append(pytest.param(page, body, id=f"{_page_id(page)}:{line}"))
    return found


@pytest.mark.parametrize(("page", "body"), _console_blocks())
def test_cli_examples_print_what_is_shown(
    page: Path, body: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # as run in a clone of the repository
    with page_modules(page.read_text(encoding="utf-8")), classic_cards_only():
        for command, expected in commands(body):
            check_command(command, expected, _page_id(page))


def test_every_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in DOCS.glob("*.md"):
        # index.sv.md is the Swedish index.md: the nav names the English page.
        name = re.sub(r"\.(sv|nb)\.md$", ".md", page.name)
        assert (DOCS / name).exists(), f"docs/{page.name} translates no English page"
        assert name in nav, f"docs/{name} is not in the nav of mkdocs.yml"


def test_landing_page_leads_to_the_draw_four_case() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "disputes.md#case-1" in index
    assert DISPUTES[0].number == 1
    assert "wd4.no-matching-colour" in DISPUTES[0].cites


# --- the generated pages ---------------------------------------------------------------


def test_generated_pages_do_not_shadow_files(generated: dict[str, str]) -> None:
    for path in generated:
        assert not (DOCS / path).exists(), f"docs/{path} is generated; remove the file"


def test_every_rule_has_an_anchor_on_its_section_page(generated: dict[str, str]) -> None:
    for rule_id, info in CATALOGUE.items():
        page = generated[f"rules/{info.section}.md"]
        assert f"{{#{rule_id}}}" in page, rule_id
        assert info.text in page, rule_id
    assert set(SECTIONS) <= {p.removeprefix("rules/")[:-3] for p in generated}


def _rule_section(generated: dict[str, str], rule_id: str) -> str:
    page = generated[f"rules/{CATALOGUE[rule_id].section}.md"]
    return page.split(f"{{#{rule_id}}}", 1)[1].split("\n## ", 1)[0]


def test_every_rule_is_available() -> None:
    assert set(presets.available()) == set(CATALOGUE) - set(presets.NOT_YET_AVAILABLE)


def test_every_rule_shows_its_alternatives_presets_and_examples(
    generated: dict[str, str],
) -> None:
    hooks = load_hooks()
    for rule_id in CATALOGUE:
        section = _rule_section(generated, rule_id)
        alternatives = section.split("- Alternatives", 1)[1].split("\n", 1)[0]
        for other in presets.alternatives(rule_id):
            assert f"[`{other}`]" in alternatives, (rule_id, other)
        if not presets.alternatives(rule_id):
            assert "none" in alternatives, rule_id
        using = section.split("- Presets that use it:", 1)[1].split("\n", 1)[0]
        for name in presets.names():
            shown = f"[`{name}`](presets.md#{name})" in using
            assert shown == (name in hooks.presets_using(rule_id)), (rule_id, name)
        for example in examples_for(rule_id):
            assert f"**Example: {example.title}**" in section, (rule_id, example.title)
        assert section.count("**Example:") == len(examples_for(rule_id)), rule_id


def test_a_rule_without_an_example_still_has_its_section(
    generated: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hooks = load_hooks()
    monkeypatch.setattr(hooks, "examples_for", lambda rule_id: ())
    page = hooks.section_page("house")
    assert "{#house.jump-in}" in page
    assert "**Example:" not in page


def test_no_page_calls_a_rule_unavailable(generated: dict[str, str]) -> None:
    texts = {_page_id(p): p.read_text(encoding="utf-8") for p in PAGES}
    texts.update({f"{path} (generated)": text for path, text in generated.items()})
    for rule_id in presets.NOT_YET_AVAILABLE:
        assert "Not yet available" in _rule_section(generated, rule_id), rule_id
        page = generated[f"rules/{CATALOGUE[rule_id].section}.md"]
        texts[f"rules/{CATALOGUE[rule_id].section}.md (generated)"] = page.replace(
            _rule_section(generated, rule_id), ""
        )
    for where, text in texts.items():
        for rule_id in presets.available():
            assert f"{rule_id}` (not yet available" not in text, where
        if "index" not in where:
            assert "not yet available" not in text.lower(), where


def test_presets_page_gives_each_preset_its_rules_and_reason(generated: dict[str, str]) -> None:
    page = generated["rules/presets.md"]
    for name in presets.names():
        ids, description = presets.PRESETS[name]
        section = page.split(f"{{#{name}}}", 1)[1].split("\n## ", 1)[0]
        assert description in section, name
        for rule_id in filter(None, ids.split("+")):
            assert f"`{rule_id}`" in section, (name, rule_id)


def test_doctests_in_docstrings_become_code_blocks() -> None:
    fence = load_hooks().fence_doctests
    text = "Intro.\n\n>>> 1 + 1\n2\n\nAfter.\n\n    >>> indented\n"
    assert fence(text) == ("Intro.\n\n```pycon\n>>> 1 + 1\n2\n```\n\nAfter.\n\n    >>> indented")


def test_every_dispute_has_its_case(generated: dict[str, str]) -> None:
    page = generated["disputes.md"]
    for dispute in DISPUTES:
        assert f"{{#case-{dispute.number}}}" in page


@pytest.mark.parametrize(
    "path", ["disputes.md", *(f"rules/{k}.md" for k in SECTIONS)], ids=lambda p: p
)
def test_generated_examples_run(path: str, generated: dict[str, str]) -> None:
    text = generated[path]
    for language, body, line in blocks(text):
        where = f"{path} (generated), line {line}"
        if language == "python":
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(body, where, "exec"), {"__name__": "generated"})
            printed = out.getvalue().strip()
            assert printed and printed in text, f"{where}: the output shown is not what it prints"
        elif language == "console":
            for command, expected in commands(body):
                check_command(command, expected, where)


# --- the site in a browser -------------------------------------------------------------


@pytest.mark.skipif(
    os.environ.get("UNORULES_BROWSER_TESTS") != "1",
    reason="slow: builds the site and drives Chromium; set UNORULES_BROWSER_TESTS=1",
)
def test_site_in_browser(tmp_path: Path) -> None:
    if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
        pytest.skip("no Chromium at /usr/bin/chromium: apt-get install chromium")
    pytest.importorskip(
        "mkdocs", reason="the docs extra is not installed: pip install -e '.[docs]'"
    )
    result = subprocess.run(
        [sys.executable, str(DOCS / "check_site.py"), "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    report = textwrap.indent(result.stdout + result.stderr, "  ")
    assert result.returncode == 0, f"docs/check_site.py failed:\n{report}"
    for name in ("home.png", "rules.png", "presets.png", "api.png"):
        assert (tmp_path / name).stat().st_size > 10_000, name
