"""The site's search and the players' pages in Swedish and Norwegian.

* Each language has its own search index below its root (``search/``,
  ``sv/search/``, ``nb/search/``) of its own pages, and each page's theme
  settings (``__config``) point the search at its language's index.
* The everyday questions of ``tests/search_questions.toml`` (more than 20
  a language) find their rule first: each is searched in its language's built
  index with the theme's own search worker (mkdocs-material's
  ``search.*.min.js`` and lunr, run in Node), as a reader's browser runs it,
  and the first result must be the rule's section (or its page, with the
  section first under it, as the theme shows a page's results together).
* The words that stand on the pages dozens of times are found.
* The Swedish and Norwegian pages players read write the notation in their
  own words (no ``top R5; hands ...``, no ``0 play R+2``), no title starts
  with a rule ID, and their menus list the players' pages, with the API
  reference as one link marked English instead of its modules; the English
  pages of those builds mark their content ``lang="en"``.
* In Chromium on a phone's screen (390 x 844, touch), the search of ``/sv/``
  and ``/nb/`` lists that language's rule first and nothing of another
  language.

The site is built once for the run without the API reference
(``conftest.quick_site``), or taken from ``UNORULES_SITE``.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest
from test_web_page import serve

from unorules.rules.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS: dict[str, list[dict[str, str]]] = tomllib.loads(
    (Path(__file__).parent / "search_questions.toml").read_text(encoding="utf-8")
)
TRANSLATED = ("sv", "nb")
CHROMIUM = Path("/usr/bin/chromium")

# Runs the theme's own search worker in Node: the worker script is loaded as
# a browser loads it (its `importScripts` of lunr's language files served
# from the theme's lunr folder), given the index as the page gives it, and
# asked each query; prints the results' groups (a page's results together,
# in the order the theme shows them), each result's address.
_WORKER_JS = r"""
const fs = require("fs"), path = require("path"), vm = require("vm");
const [workerFile, indexPath, ...queries] = process.argv.slice(2);
const lunrDir = path.join(path.dirname(workerFile), "..", "lunr");
const context = { console, setTimeout, Promise, Map, Set, Uint16Array };
context.self = context;
const answers = [];
context.postMessage = (message) => answers.push(message);
let listener = null;
context.addEventListener = (type, fn) => { if (type === "message") listener = fn; };
context.importScripts = (...urls) => {
  for (const url of urls) {
    const file = path.join(lunrDir, url.replace(/^\.\.\/lunr\//, ""));
    vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file });
  }
};
vm.createContext(context);
vm.runInContext(fs.readFileSync(workerFile, "utf8"), context, { filename: workerFile });
const data = JSON.parse(fs.readFileSync(indexPath, "utf8"));
async function ask(message) {
  await listener({ data: message });
  while (!answers.length) await new Promise((resolve) => setTimeout(resolve, 0));
  return answers.pop();
}
(async () => {
  const ready = await ask({ type: 0, data: { ...data, options: { suggest: true } } });
  if (ready.type !== 1) throw new Error("the search worker did not set up");
  const out = {};
  for (const query of queries) {
    const answer = await ask({ type: 2, data: query });
    out[query] = answer.data.items.map((group) => group.map((doc) => doc.location));
  }
  console.log(JSON.stringify(out));
})().catch((error) => { console.error(error); process.exit(1); });
"""


@pytest.fixture(scope="module")
def site(quick_site: Path) -> Path:
    """The site built once for the session (``conftest.quick_site``)."""
    return quick_site


def _worker() -> Path:
    import material

    found = sorted(
        (Path(material.__file__).parent / "templates/assets/javascripts/workers").glob(
            "search.*.min.js"
        )
    )
    assert found, "mkdocs-material has no search worker"
    return found[0]


def _index_path(site: Path, lang: str) -> Path:
    return site / ("" if lang == "en" else lang) / "search" / "search_index.json"


def search(site: Path, lang: str, queries: list[str], tmp_path: Path) -> dict[str, list[list[str]]]:
    """``queries`` searched in ``lang``'s index by the theme's search worker:
    query -> the results' groups (a page's results together), each a list
    of addresses below the language's root."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed: apt-get install nodejs")
    pytest.importorskip(
        "material", reason="the docs extra is not installed: pip install -e '.[docs]'"
    )
    script = tmp_path / "search.js"
    script.write_text(_WORKER_JS, encoding="utf-8")
    result = subprocess.run(
        [node, str(script), str(_worker()), str(_index_path(site, lang)), *queries],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    found: dict[str, list[list[str]]] = json.loads(result.stdout)
    return found


def first_hit(groups: list[list[str]]) -> str | None:
    """The result the theme shows first: the first group's best section,
    or, when the page itself scores best, the section right under it."""
    if not groups or not groups[0]:
        return None
    best = groups[0]
    if "#" not in best[0] and len(best) > 1:
        return best[1]
    return best[0]


def _page(site: Path, lang: str, location: str) -> Path:
    """The built file of an address of ``lang``'s index."""
    page = location.partition("#")[0]
    return site / ("" if lang == "en" else lang) / page / "index.html"


def _index(site: Path, lang: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(_index_path(site, lang).read_text(encoding="utf-8"))
    return found


def _player_pages(site: Path, lang: str) -> dict[str, str]:
    """Address -> HTML of every page in ``lang``'s index (the pages written
    in the language)."""
    pages = {d["location"].partition("#")[0] for d in _index(site, lang)["docs"]}
    return {p: _page(site, lang, p).read_text(encoding="utf-8") for p in sorted(pages)}


# --- the questions ------------------------------------------------------------------------


def test_the_questions_are_many_and_name_real_rules() -> None:
    for lang in TRANSLATED:
        questions = QUESTIONS[lang]
        assert len(questions) >= 20, lang
        assert len({q["question"] for q in questions}) == len(questions), lang
        for q in questions:
            page, _, anchor = q["first"].partition("#")
            assert anchor in CATALOGUE, q
            assert page == f"rules/{CATALOGUE[anchor].section}/", q


def test_first_hit_reads_groups_as_the_theme_shows_them() -> None:
    assert first_hit([["rules/uno/#uno.call", "rules/uno/"], ["x/"]]) == "rules/uno/#uno.call"
    assert first_hit([["rules/uno/", "rules/uno/#uno.call"]]) == "rules/uno/#uno.call"
    assert first_hit([["glossary/"]]) == "glossary/"
    assert first_hit([]) is None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_everyday_questions_find_their_rule_first(site: Path, lang: str, tmp_path: Path) -> None:
    questions = QUESTIONS[lang]
    found = search(site, lang, [q["question"] for q in questions], tmp_path)
    wrong = [
        f"{q['question']!r}: {first_hit(found[q['question']])} (expected {q['first']})"
        for q in questions
        if first_hit(found[q["question"]]) != q["first"]
    ]
    assert wrong == []


WORDS = {
    "sv": ["utmana", "stapla", "säga", "draghögen", "säga uno", "syna", "jokerkort"],
    "nb": ["trekkbunken", "trekkebunken", "utfordre", "stable", "si uno", "retningsendring"],
}
"""Words that stand on the pages (or are other names of what they name) and
were not found when the index stemmed them."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_words_on_the_pages_are_found(site: Path, lang: str, tmp_path: Path) -> None:
    found = search(site, lang, WORDS[lang], tmp_path)
    for word, groups in found.items():
        assert groups, (lang, word)
        for location in (loc for group in groups for loc in group):
            assert _page(site, lang, location).is_file(), (lang, word, location)
    # "säga uno" from /sv/: the Swedish rule of the call first, then Swedish pages only
    if lang == "sv":
        assert first_hit(found["säga uno"]) == "rules/uno/#uno.call"
    else:
        assert first_hit(found["trekkbunken"]) is not None


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_each_language_has_its_own_index_of_its_own_pages(site: Path, lang: str) -> None:
    """Every address of a language's index is a page of that language's
    build, written in that language (the English pages of the Swedish and
    Norwegian builds are in the English index only)."""
    index = _index(site, lang)
    assert index["config"]["lang"] == [{"en": "en", "sv": "sv", "nb": "no"}[lang]]
    assert "stemmer" not in index["config"]["pipeline"]
    pages = _player_pages(site, lang)
    assert len(pages) >= 15, (lang, len(pages))
    for address, text in pages.items():
        assert address.partition("/")[0] not in TRANSLATED, (lang, address)
        assert f'<html lang="{lang}"' in text, (lang, address)
        # the page's own text, not an English page of the language's build
        assert '<article class="md-content__inner md-typeset">' in text, (lang, address)


@pytest.mark.parametrize(
    ("path", "base", "root"),
    [
        ("index.html", "", ""),
        ("rules/actions/index.html", "", ""),
        ("sv/index.html", "sv/", ""),
        ("sv/rules/actions/index.html", "sv/", ""),
        ("sv/api/index.html", "sv/", ""),
        ("nb/disputes/index.html", "nb/", ""),
    ],
)
def test_each_page_searches_its_languages_index(
    site: Path, path: str, base: str, root: str
) -> None:
    """The theme fetches ``base`` + ``search/search_index.json``: ``base`` is
    the root of the page's language; ``root``, the site's root, is where the
    assets and the dispute page's engine lie."""
    text = (site / path).read_text(encoding="utf-8")
    settings = json.loads(re.search(r'<script id="__config"[^>]*>(.*?)</script>', text).group(1))
    here = "https://unorules.example/" + path.removesuffix("index.html")
    assert urljoin(here, settings["base"] + "/") == "https://unorules.example/" + base
    assert urljoin(here, settings["root"] + "/") == "https://unorules.example/" + root
    assert (site / base / "search" / "search_index.json").is_file()


# --- the players' pages -------------------------------------------------------------------

_CODE = re.compile(r"<code[^>]*>(.*?)</code>", re.S)
_ENGLISH_NOTATION = re.compile(
    r"\btop [A-Z?W][^;]*;|;\s*hands\b|\bhands [A-Z?][^;]*/"  # a position: top R5; hands ...
    r"|(?:^|[;\"]\s*)\d+ (?:play|draw|challenge|catch|uno)\b"  # a move: 0 play R+2
)
"""The English notation: a position (``top R5; hands R3 / B2``) or a move
by a seat's number (``0 play R+2``)."""

_HEADING = re.compile(r"<h([1-3])[^>]*>(.*?)</h\1>", re.S)
_RULE_ID = re.compile(r"^(?:" + "|".join(re.escape(r) for r in CATALOGUE) + r")\b")


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).replace("¶", "").strip()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_player_pages_write_the_notation_in_the_readers_words(site: Path, lang: str) -> None:
    """No code on a Swedish or Norwegian player's page (a position, the
    moves, a command) is in the English notation; the positions use the
    language's keywords, and the generated pages name no seat by number."""
    situation = {"sv": "Läge: ", "nb": "Stilling: "}[lang]
    keyword = {"sv": "topp ", "nb": "topp "}[lang]
    seat = {"sv": r"\b[Pp]lats \d", "nb": r"\b[Pp]lass \d"}[lang]
    positions = 0
    for address, text in _player_pages(site, lang).items():
        for code in _CODE.findall(text):
            shown = _text(code)
            assert not _ENGLISH_NOTATION.search(shown), (address, shown)
        for line in re.findall(rf"{situation}<code>(.*?)</code>", text):
            assert _text(line).startswith(keyword), (address, line)
            positions += 1
        if address.startswith(("rules/", "disputes/")):
            body = text.split('<article class="md-content__inner', 1)[1]
            found = re.findall(seat, _text(body))
            assert not found or address == "rules/components/", (address, found)
    assert positions >= 90, positions
    # the one seat the table does not have stays a number: a move by seat 3 of three
    components = _text(_player_pages(site, lang)["rules/components/"])
    assert len(re.findall(seat, components)) <= 4


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_title_starts_with_a_rule_id(site: Path, lang: str) -> None:
    titles = 0
    for address, text in _player_pages(site, lang).items():
        for _, heading in _HEADING.findall(text):
            title = _text(heading)
            assert not _RULE_ID.match(title), (address, title)
            titles += 1
    assert titles >= 150, titles
    # the ID stands in the rule's details line
    actions = _player_pages(site, lang)["rules/actions/"]
    assert re.search(r'<p class="details">[^<]*<code>action\.skip</code>', actions)


CARD_RULES = {
    "action.skip": "S",
    "action.reverse": "R",
    "action.draw-two": "+2",
    "action.wild": "W",
    "action.wild-draw-four": "W+4",
}
"""The rules of the classic deck's action cards, and each card's code."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_titles_use_the_words_the_verdicts_use(lang: str) -> None:
    """A card's rule is titled by the card's name that verdicts say (sv
    "Välj färg", nb "Skift farge": the seeds' names), and the challenge's
    rules by the verb verdicts use (utmana, utfordre; never "syna")."""
    import unorules as ur
    from unorules.cards import Card, Color
    from unorules.explanations import words
    from unorules.explanations.languages import rule_in

    def name(code: str) -> str:
        card = Card.parse(code if code.startswith("W") else "R" + code)
        return str(words.FACE_WORDS[lang][card.face])

    for rule_id, code in CARD_RULES.items():
        assert name(code) in rule_in(rule_id, lang).title, (lang, rule_id)
    names = ["Anna", "Bo", "Cilla"]
    wild = ur.situation(ur.presets.official(), ["W R3", "B2", "Y1"], top="R7")
    said = ur.explain(wild, ur.Play(0, Card.parse("W"), Color.BLUE), lang=lang, names=names)
    assert name("W") in said.text_in(lang)
    verb = {"sv": "utmana", "nb": "utfordre"}[lang]
    for rule_id in ("challenge.wd4", "challenge.also-wild", "challenge.anyone"):
        assert verb in rule_in(rule_id, lang).title.lower(), (lang, rule_id)
    bluff = ur.situation(ur.presets.official(), ["W+4 R3", "B2", "Y1"], top="R7")
    said = ur.explain(bluff, ur.Play(0, Card.parse("W+4"), Color.BLUE), lang=lang, names=names)
    assert f"Bo {verb[:-1]}" in said.text_in(lang)  # "Bo utmanar", "Bo utfordrer"
    assert not [r for r in CATALOGUE if re.search(r"\b[Ss]yna", rule_in(r, lang).title)]


class _Menu(HTMLParser):
    """The site's menu on a page (the primary navigation, without the page's
    own table of contents nested in it): its links' addresses and labels."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # nav elements open inside the menu
        self.skip = 0  # of them, the table of contents
        self.links: list[str] = []
        self.labels: list[str] = []
        self._label: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "nav" and (self.depth or "md-nav--primary" in classes):
            self.depth += 1
            if self.skip or "md-nav--secondary" in classes:
                self.skip += 1
        elif self.depth and not self.skip and "md-nav__link" in classes:
            self._label = []
            if tag == "a":
                self.links.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav" and self.depth:
            self.depth -= 1
            self.skip = max(0, self.skip - 1)
        elif tag in ("a", "label", "span") and self._label is not None:
            label = " ".join("".join(self._label).split())
            if label:
                self.labels.append(label)
            self._label = None

    def handle_data(self, data: str) -> None:
        if self._label is not None:
            self._label.append(data)


def _menu(path: Path) -> _Menu:
    menu = _Menu()
    menu.feed(path.read_text(encoding="utf-8"))
    assert menu.links, f"{path}: no menu"
    return menu


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_menu_lists_the_player_pages_not_the_api_modules(site: Path, lang: str) -> None:
    api = {"sv": "API-referens (engelska)", "nb": "API-referanse (engelsk)"}[lang]
    log = {"sv": "Ändringslogg (engelska)", "nb": "Endringslogg (engelsk)"}[lang]
    for page in ("", "rules/actions/", "api/"):
        menu = _menu(site / lang / page / "index.html")
        assert "Top-level modules" not in menu.labels, (lang, page)
        assert not [t for t in menu.labels if t.startswith("unorules.")], (lang, page)
        assert api in menu.labels and log in menu.labels, (lang, page, menu.labels)
        assert not [h for h in menu.links if re.search(r"api/[a-z]", h)], (lang, page)
        assert len(menu.links) < 40, (lang, page, len(menu.links))
    # the players' sections come first
    home = (site / lang / "index.html").read_text(encoding="utf-8")
    tabs = [_text(t) for t in re.findall(r'class="md-tabs__link[^"]*"[^>]*>(.*?)</a>', home, re.S)]
    first = {
        "sv": ["Start", "Avgör en tvist", "Regler"],
        "nb": ["Start", "Avgjør en krangel", "Regler"],
    }
    assert tabs[:3] == first[lang], tabs

    # the English menu keeps the reference's modules
    english = _menu(site / "index.html")
    assert "Top-level modules" in english.labels and "unorules.cli" in english.labels


@pytest.mark.parametrize("lang", TRANSLATED)
def test_english_pages_are_marked_english(site: Path, lang: str) -> None:
    for page in ("api/", "changelog/", "getting-started/"):
        text = (site / lang / page / "index.html").read_text(encoding="utf-8")
        assert '<article class="md-content__inner md-typeset" lang="en">' in text, (lang, page)
    for page in ("", "rules/", "disputes/", "glossary/"):
        text = (site / lang / page / "index.html").read_text(encoding="utf-8")
        assert '<article class="md-content__inner md-typeset">' in text, (lang, page)


# --- in the browser -----------------------------------------------------------------------


BROWSER_QUESTIONS = {
    "sv": ("säga uno", "sv/rules/uno/#uno.call"),
    "nb": ("utfordre", "nb/rules/challenge/#challenge.wd4"),
}


@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium: apt-get install chromium"
)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_search_on_a_phone_lists_the_languages_rule_first(site: Path, lang: str) -> None:
    """Typed into the search of ``/sv/`` (``/nb/``) on a phone's screen: the
    language's own index is fetched (not the English one), the first result
    is the rule, and every result is a page of the language."""
    sync_api = pytest.importorskip(
        "playwright.sync_api",
        reason="the browser extra is not installed: pip install -e '.[browser]'",
    )
    question, expected = BROWSER_QUESTIONS[lang]
    with serve(site) as url, sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            context = chromium.new_context(
                viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
            )
            page = context.new_page()
            fetched: list[str] = []
            page.on("request", lambda r: fetched.append(r.url))
            page.goto(url + f"{lang}/")
            page.tap("label.md-header__button[for='__search']")
            # typed once the theme's search has its index ("Skriv sökord")
            ready = page.evaluate(
                "JSON.parse(document.getElementById('__config').textContent)"
                ".translations['search.result.placeholder']"
            )
            page.wait_for_function(
                "text => document.querySelector('.md-search-result__meta').textContent === text",
                arg=ready,
                timeout=60_000,
            )
            page.type(".md-search__input", question, delay=20)  # key by key, as typed

            page.wait_for_selector(".md-search-result__item a", state="attached", timeout=30_000)
            links = page.eval_on_selector_all(
                ".md-search-result__item a", "links => links.map(a => a.href)"
            )
            context.close()
        finally:
            chromium.close()
    assert url + f"{lang}/search/search_index.json" in fetched
    assert url + "search/search_index.json" not in fetched
    # the theme shows the first page's own link, then its best section
    shown = [re.sub(r"\?[^#]*", "", link) for link in links]
    assert shown[:2] == [url + expected.partition("#")[0], url + expected], shown[:3]
    assert all(link.startswith(url + f"{lang}/") for link in shown), shown
