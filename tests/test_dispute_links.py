"""Every worked example and every dispute case on the docs site opens on the
dispute page, in each language of the site.

The generated pages (``pages(lang)`` of ``docs/hooks.py``: the rules
reference with its worked examples, the disputes page) and the hand-written
pages that settle disputes (``index``, ``settle-a-dispute`` in each
language) carry a link "open on the dispute page" under each example. For
each link:

* its fragment decodes (``urllib.parse.parse_qs``) into the dispute:
  ``situation``, ``moves``, ``rules`` and ``lang`` (and ``compare``), encoded
  as JavaScript's ``URLSearchParams`` encodes them;
* :func:`unorules.web.settle` judges that dispute without an error and gives
  the verdict (its kind and the rule IDs) of the example it sits under, in
  the page's language, with the situation written as that language reads it;
* the relative address, from where the page lies, is the dispute page of the
  same language (``/dispute/``, ``/sv/dispute/``, ``/nb/dispute/``).

Every worked example and dispute case has exactly one link, but those in
:data:`NOT_LINKED`, each with the reason the dispute page cannot show it.
"""

from __future__ import annotations

import html
import json
import re
import shlex
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from test_docs_languages import load_hooks

from unorules.rules.catalogue import CATALOGUE
from unorules.web import settle
from unorules.worked_examples import DISPUTES, EXAMPLES, Example, examples_for

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
LANGUAGES = ("en", "sv", "nb")
ROOTS = {"en": "/", "sv": "/sv/", "nb": "/nb/"}
"""Where each language's pages lie on the site."""
LABELS = {
    "en": "Open on the dispute page",
    "sv": "Öppna på tvistsidan",
    "nb": "Åpne på krangelsiden",
}

_NO_MOVE = "no move to judge: the rule shows in the position itself"
_DEALT = "no move to judge: the rule acts while the cards are dealt and the start card is turned"
NOT_LINKED: dict[str, str] = {
    **dict.fromkeys(
        [
            "deck.classic-108",
            "deck.modern-112",
            "deck.modern-112-swap",
            "deck.two-decks",
            "deck.junior",
            "setup.deal",
            "setup.start-card",
            "setup.first-player",
            "setup.dealer-draw",
            "start.skip",
            "start.reverse.dealer",
            "start.reverse.right-of-dealer",
            "start.draw-two",
            "start.wild-draw-four",
            "start.wd4-bottom",
            "start.wild-skipped",
            "start.shuffle-hands",
            "start.customizable",
            "start.number-only",
            "all-wild.deck",
            "all-wild.start",
            "no-mercy.deck",
            "no-mercy.start",
            "flip.deck",
            "flip.start",
        ],
        _DEALT,
    ),
    "info.hand-sizes-public": _NO_MOVE,
    "house.kids": _NO_MOVE,
    "players.range": (
        "the move is by seat 3 at a table of three: the dispute page (as `unorules explain`) "
        "refuses such a move as a mistake in the input before judging it, where the example "
        "shows the engine's verdict"
    ),
    "start.wild": (
        "a dealt round in which the first player has yet to name the colour of the Wild start "
        "card: a situation line cannot write a Wild on top without the colour in force"
    ),
}
"""Key of :data:`EXAMPLES` -> why the example has no link to the dispute page."""

DISPUTES_NOT_LINKED = {
    d.number: NOT_LINKED[key]
    for d in DISPUTES
    for key, example in EXAMPLES.items()
    if example is d.example and key in NOT_LINKED
}
"""Cases 6, 7 and 8: the start card's effect, dealt rounds without a move."""

LINK = re.compile(r'<a class="dispute-link" href="([^"]*)">([^<]*)</a>')
_RULE_HEADING = re.compile(r"^## .*\{#([^}]+)\}$", re.MULTILINE)
"""A rule's heading on its section's page: ``## `ID` Title {#ID}`` in
English, ``## Title {#ID}`` in Swedish and Norwegian."""
_CASE_HEADING = re.compile(r"^## (\d+)\. .*\{#case-\1\}$", re.MULTILINE)


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    return load_hooks()


@pytest.fixture(scope="module")
def generated(site_pages: Callable[[str], dict[str, str]]) -> dict[str, dict[str, str]]:
    return {lang: site_pages(lang) for lang in LANGUAGES}


def _key(example: Example) -> str:
    """The example's key in :data:`EXAMPLES`; a case of its own (case 11) has none."""
    return next((key for key, e in EXAMPLES.items() if e is example), f"({example.title})")


def _address(path: str) -> str:
    """The address of the page ``path`` below its language's root, with
    MkDocs' directory URLs."""
    stem = path.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return f"{stem}/"


def _decode(href: str) -> tuple[str, dict[str, str]]:
    """The address and the dispute of a link: its fragment's keys, each given once."""
    address, _, fragment = href.partition("#")
    params = parse_qs(fragment, keep_blank_values=True, strict_parsing=True)
    assert all(len(v) == 1 for v in params.values()), href
    return address, {k: v[0] for k, v in params.items()}


def _links(markdown: str) -> list[tuple[str, str]]:
    """``(href, label)`` of each link to the dispute page, the href unescaped."""
    return [(html.unescape(href), label) for href, label in LINK.findall(markdown)]


def _check_address(href: str, path: str, lang: str) -> None:
    page = f"https://unorules.example{ROOTS[lang]}{_address(path)}"
    target = urlsplit(urljoin(page, href))
    assert target.path == f"{ROOTS[lang]}dispute/", (lang, path, href)
    assert not target.query, href
    assert target.fragment == href.partition("#")[2]


def _examples_by_chunk(
    generated: dict[str, dict[str, str]], hooks: ModuleType
) -> list[tuple[str, str, Example, str, str]]:
    """``(lang, path, example, what, markdown)`` for every worked example on
    the generated pages: the part of its rule's section from its heading to
    the next example, and every dispute case's section."""
    found = []
    for lang in LANGUAGES:
        head = "**Example: " if lang == "en" else f"**{hooks.t(lang, 'Example')}**"
        for path, text in generated[lang].items():
            if not path.startswith("rules/"):
                continue
            headings = list(_RULE_HEADING.finditer(text))
            for i, heading in enumerate(headings):
                end = headings[i + 1].start() if i + 1 < len(headings) else len(text)
                section = text[heading.start() : end]
                chunks = section.split(head)
                examples = examples_for(heading.group(1))
                assert len(chunks) == len(examples) + 1, (lang, path, heading.group(1))
                assert not _links(chunks[0]), (lang, path, heading.group(1))
                for example, chunk in zip(examples, chunks[1:], strict=True):
                    found.append((lang, path, example, f"rule {_key(example)}", chunk))
        text = generated[lang]["disputes.md"]
        cases = list(_CASE_HEADING.finditer(text))
        assert [int(c.group(1)) for c in cases] == [d.number for d in DISPUTES]
        for i, (case, dispute) in enumerate(zip(cases, DISPUTES, strict=True)):
            end = cases[i + 1].start() if i + 1 < len(cases) else len(text)
            chunk = text[case.start() : end]
            found.append((lang, "disputes.md", dispute.example, f"case {dispute.number}", chunk))
    return found


def _verdict(example: Example) -> tuple[str, tuple[str, ...]]:
    verdict = example.run().verdict
    assert verdict is not None
    return verdict.verdict, tuple(verdict.rule_ids)


# --- the encoding -------------------------------------------------------------------------


TRICKY = [
    "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0",
    "a~b*c-d.e_f",
    "it's (x)! @#$&=",
    "ö å æ ø Ö Å Æ Ø é 😀",
    "  two  spaces, a tab\tand a line\nbreak",
    "official+house.stack-draw-two,svenska",
]


def test_fragment_is_encoded_as_url_search_params(hooks: ModuleType) -> None:
    assert hooks.form_encode([("situation", "a~b*c-d.e_f")]) == "situation=a%7Eb*c-d.e_f"
    assert hooks.form_encode([("x", "it's (x)!")]) == "x=it%27s+%28x%29%21"
    assert hooks.dispute_fragment(
        "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0", "0 play W+4 blue", "official", "sv"
    ) == (
        "situation=top+R7%3B+hands+R3+W%2B4+Gr5+%2F+%3F7+%2F+%3F7%3B+turn+0"
        "&moves=0+play+W%2B4+blue&rules=official&lang=sv"
    )
    for text in TRICKY:
        assert parse_qs(hooks.form_encode([("s", text)]))["s"] == [text]


def test_encoding_matches_node(hooks: ModuleType, generated: dict[str, dict[str, str]]) -> None:
    """The encoding is byte for byte that of ``URLSearchParams`` in Node,
    for tricky strings and for every dispute linked from the generated pages."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: apt-get install nodejs")
    disputes: list[list[list[str]]] = [[["s", text]] for text in TRICKY]
    for lang in LANGUAGES:
        for text in generated[lang].values():
            for href, _ in _links(text):
                fragment = href.partition("#")[2]
                pairs = [p.split("=", 1) for p in fragment.split("&")]
                disputes.append([[k, parse_qs(f"x={v}")["x"][0]] for k, v in pairs])
    script = (
        "const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(input.map(p => new URLSearchParams(p).toString())));"
    )
    out = subprocess.run(
        [node, "-e", script], input=json.dumps(disputes), capture_output=True, text=True, check=True
    )
    expected = json.loads(out.stdout)
    assert [hooks.form_encode(map(tuple, pairs)) for pairs in disputes] == expected


def test_relative_address_for_each_depth(hooks: ModuleType) -> None:
    assert hooks.dispute_href("index.md", "x=1") == "dispute/#x=1"
    assert hooks.dispute_href("disputes.md", "x=1") == "../dispute/#x=1"
    assert hooks.dispute_href("rules/index.md", "x=1") == "../dispute/#x=1"
    assert hooks.dispute_href("rules/wd4.md", "x=1") == "../../dispute/#x=1"
    for lang in LANGUAGES:
        for path in ("index.md", "disputes.md", "rules/index.md", "rules/wd4.md"):
            _check_address(hooks.dispute_href(path, "x=1"), path, lang)


# --- the generated pages ------------------------------------------------------------------


def test_not_linked_lists_real_examples() -> None:
    assert set(NOT_LINKED) <= set(EXAMPLES)
    assert {key for key, e in EXAMPLES.items() if not e.moves} <= set(NOT_LINKED)
    assert sorted(DISPUTES_NOT_LINKED) == [6, 7, 8]


def test_every_example_and_case_has_one_link_that_settles_the_same(
    generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    chunks = _examples_by_chunk(generated, hooks)
    # Every example of the catalogue's rules, and the 20 cases, in each language.
    with_examples = [r for r in CATALOGUE if examples_for(r)]
    assert len(chunks) == 3 * (sum(len(examples_for(r)) for r in with_examples) + len(DISPUTES))
    linked = 0
    for lang, path, example, what, chunk in chunks:
        links = _links(chunk)
        if _key(example) in NOT_LINKED:
            assert not links, (lang, what, NOT_LINKED[_key(example)])
            continue
        assert len(links) == 1, (lang, path, what, links)
        href, label = links[0]
        assert label == LABELS[lang]
        _check_address(href, path, lang)
        _, dispute = _decode(href)
        assert set(dispute) == {"situation", "moves", "rules", "lang"}, (what, dispute)
        assert dispute["lang"] == lang
        assert dispute["rules"] == example.preset, what
        if lang != "en":
            # No bare G: Swedish and Norwegian read green as Gr.
            assert hooks.nordic_codes(dispute["situation"]) == dispute["situation"], what
            assert hooks.nordic_codes(dispute["moves"]) == dispute["moves"], what
        settled = settle(dispute["situation"], dispute["moves"], dispute["rules"], lang)
        assert "error" not in settled, (lang, what, settled)
        assert settled["lang"] == lang
        assert (settled["verdict"], tuple(settled["rule_ids"])) == _verdict(example), (lang, what)
        linked += 1
    assert linked == 3 * 150


def test_the_first_case_opens_as_the_brief_writes_it(generated: dict[str, dict[str, str]]) -> None:
    """The Swedish case 1 opens as the page shows it: "topp röd 7; händer röd
    3, Dra fyra, grön 5 / blå 2, blå 9 / gul 1, gul 2; namn Anna Bo Cilla"
    and "Anna lägger Dra fyra blå", encoded as the browser encodes them."""
    text = generated["sv"]["disputes.md"]
    start = text.index("{#case-1}")
    href, _ = _links(text[start : text.index("{#case-2}")])[0]
    assert href == (
        "../dispute/#situation=topp+r%C3%B6d+7%3B+h%C3%A4nder+r%C3%B6d+3%2C+Dra+fyra%2C+"
        "gr%C3%B6n+5+%2F+bl%C3%A5+2%2C+bl%C3%A5+9+%2F+gul+1%2C+gul+2%3B+namn+Anna+Bo+Cilla"
        "&moves=Anna+l%C3%A4gger+Dra+fyra+bl%C3%A5&rules=official&lang=sv"
    )


def test_composed_rule_sets_go_into_the_link(generated: dict[str, dict[str, str]]) -> None:
    """A case under a preset with a rule added keeps the whole rule-set string."""
    text = generated["nb"]["disputes.md"]
    start = text.index("{#case-4}")
    href, _ = _links(text[start : text.index("{#case-5}")])[0]
    _, dispute = _decode(href)
    assert dispute["rules"] == EXAMPLES["house.stack-draw-two"].preset
    assert "+" in dispute["rules"]


# --- the hand-written pages -----------------------------------------------------------------


def _hand_written(lang: str) -> list[tuple[str, str]]:
    return [
        (name, (DOCS / (name if lang == "en" else name.replace(".md", f".{lang}.md"))).read_text())
        for name in ("index.md", "settle-a-dispute.md")
    ]


def _json_verdict(
    hooks: ModuleType, situation: str, moves: str, rules: str, lang: str
) -> tuple[Any, ...]:
    """The verdict ``unorules explain --json`` prints: its kind and the rules cited."""
    argv = ["explain", "--lang", lang, "--json", "--rules", rules, situation, moves]
    code, out = hooks._cli(argv)
    assert code == 0, (argv, out)
    verdict = json.loads(out)["verdict"]
    return verdict["verdict"], tuple(r["id"] for r in verdict["rules"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hand_written_commands_open_on_the_dispute_page(hooks: ModuleType, lang: str) -> None:
    """Every ``unorules explain`` command the pages that settle disputes show
    and that the command line judges gets a link (once per dispute), and the
    link settles what the command prints; the commands that show an error get
    none."""
    for name, text in _hand_written(lang):
        out = hooks.link_commands(text, name, lang)
        links = _links(out)
        assert links, (lang, name)
        fragments = [href.partition("#")[2] for href, _ in links]
        assert len(set(fragments)) == len(fragments), (lang, name)
        for match in hooks._COMMAND.finditer(text):
            command = match.group("run") or match.group("shown")
            code, _ = hooks._cli(shlex.split(command)[1:])
            fragment = hooks.command_fragment(command, lang)
            if code != 0 or match.group("exit") not in (None, "0"):
                assert fragment is None, command
            else:
                assert fragment in fragments, (lang, name, command)
        for href, label in links:
            assert label == LABELS[lang]
            _check_address(href, name, lang)
            _, dispute = _decode(href)
            assert (
                {"situation", "moves", "rules", "lang"}
                <= set(dispute)
                <= {
                    "situation",
                    "moves",
                    "rules",
                    "lang",
                    "compare",
                }
            )
            assert dispute["lang"] == lang
            rule_sets = dispute.get("compare", dispute["rules"]).split(",")
            assert dispute["rules"] == rule_sets[0]
            for rules in rule_sets:
                settled = settle(dispute["situation"], dispute["moves"], rules, lang)
                assert "error" not in settled, (name, lang, rules, settled)
                assert (settled["verdict"], tuple(settled["rule_ids"])) == _json_verdict(
                    hooks, dispute["situation"], dispute["moves"], rules, lang
                )


def test_landing_page_links_the_draw_four_case(hooks: ModuleType) -> None:
    for lang in LANGUAGES:
        name, text = _hand_written(lang)[0]
        (href, _), *_ = _links(hooks.link_commands(text, name, lang))
        assert href.startswith("dispute/#situation=")
        _, dispute = _decode(href)
        assert (
            settle(dispute["situation"], dispute["moves"], dispute["rules"], lang)["verdict"]
            == "bluff"
        )


def test_other_pages_get_no_links(hooks: ModuleType) -> None:
    text = (DOCS / "getting-started.md").read_text()
    assert hooks.link_commands(text, "getting-started.md", "en") == text
