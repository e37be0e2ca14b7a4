"""The documentation site in English, Swedish and Norwegian Bokmål.

* The generated pages players read (rules reference, presets, disputes,
  glossary) come out in each language from the library's catalogs
  (``rule_in``, ``section_in``, ``preset_description_in``, ``explain(...,
  lang=...)``) and ``docs/texts.toml``.
* The hand-written pages players read (``index``, ``settle-a-dispute``) have
  a Swedish and a Norwegian version, and the commands they run work.
* The built site (one ``mkdocs build --strict`` for the run, without the
  API reference's mkdocstrings rendering to keep it quick) has each
  language's pages at ``/``, ``/sv/`` and ``/nb/``, the language selector
  links each page to its versions, and the search index finds Swedish and
  Norwegian words and keeps English stop words such as "last" (the index
  is loaded into lunr with Node when Node is installed).

Some assertions hold only once the Swedish and Norwegian rule catalogs and
the command line's ``--lang`` are merged: they say so in their message.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_language_quality import NB_AVOID, SV_AVOID

from unorules.cards import Color, Face
from unorules.explanations import words
from unorules.explanations.languages import rule_in, section_in
from unorules.rules.catalogue import CATALOGUE, SECTIONS
from unorules.worked_examples import DISPUTES

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TRANSLATED = ("sv", "nb")
HAND_WRITTEN = ("index.md", "settle-a-dispute.md")
PLAYER_PAGES = ("disputes.md", "glossary.md", "rules/index.md", "rules/presets.md")


def load_hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("unorules_docs_hooks_i18n", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def hooks() -> ModuleType:
    return load_hooks()


@pytest.fixture(scope="module")
def generated(site_pages: Callable[[str], dict[str, str]]) -> dict[str, dict[str, str]]:
    return {lang: site_pages(lang) for lang in ("en", *TRANSLATED)}


# --- the generated pages ---------------------------------------------------------------


def test_each_language_has_the_pages_players_read(generated: dict[str, dict[str, str]]) -> None:
    sections = {f"rules/{key}.md" for key in SECTIONS}
    for lang in TRANSLATED:
        assert set(generated[lang]) == {*PLAYER_PAGES, *sections}, lang
    assert {*PLAYER_PAGES, *sections} < set(generated["en"])
    assert "api/index.md" in generated["en"]


def test_texts_have_the_same_labels_in_both_languages() -> None:
    texts = tomllib.loads((DOCS / "texts.toml").read_text(encoding="utf-8"))
    assert set(texts["sv"]["labels"]) == set(texts["nb"]["labels"])
    for lang in TRANSLATED:
        for english, translated in texts[lang]["labels"].items():
            fields = set(re.findall(r"\{\w+\}", english))
            assert fields == set(re.findall(r"\{\w+\}", translated)), (lang, english)
        cases = texts[lang]["disputes"]
        assert set(cases) == {str(d.number) for d in DISPUTES}, lang


def test_rules_pages_take_titles_and_texts_from_the_catalog(
    generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    """A rule's heading is its title in the language; its ID stands in the
    details line of its section; its text is the catalog's, the sources'
    keys said as their names."""
    for lang in TRANSLATED:
        for key in SECTIONS:
            page = generated[lang][f"rules/{key}.md"]
            assert page.startswith(f"# {section_in(key, lang)}\n"), (lang, key)
        for rule_id, info in CATALOGUE.items():
            page = generated[lang][f"rules/{info.section}.md"]
            translated = rule_in(rule_id, lang)
            assert f"\n## {translated.title} {{#{rule_id}}}\n" in page, (lang, rule_id)
            section = page.split(f"{{#{rule_id}}}", 1)[1].split("\n## ", 1)[0]
            assert f"{hooks.t(lang, 'rule ID')} `{rule_id}`" in section, (lang, rule_id)
            assert hooks.named_sources(translated.text, lang) in section, (lang, rule_id)
            assert translated.summary in generated[lang]["rules/index.md"], (lang, rule_id)
    # the sources' keys in a rule's text, said as the sources' names
    sv = generated["sv"]["rules/house.md"].split("{#house.stack-draw-two}", 1)[1]
    assert "Den svenska steg för steg-guiden beskriver detta som den vanliga regeln." in sv
    nb = generated["nb"]["rules/end.md"].split("{#pile.reshuffle}", 1)[1]
    assert "slik den svenske guiden, den norske guiden og Mattel gjør" in nb


def test_section_headings_are_translated() -> None:
    """Passes once the sv and nb ``rules`` catalogs are merged."""
    for lang in TRANSLATED:
        for key, english in SECTIONS.items():
            assert section_in(key, lang) != english, (
                f"{lang}: the heading {english!r} is not translated (merge the rules catalogs)"
            )


def test_swedish_and_norwegian_pages_are_in_their_language(
    generated: dict[str, dict[str, str]],
) -> None:
    sv, nb = generated["sv"], generated["nb"]
    assert sv["disputes.md"].startswith("# Tvister\n")
    assert nb["disputes.md"].startswith("# Krangler\n")
    assert "## 3. Svara på Dra två med Dra två {#case-3}" in sv["disputes.md"]
    assert "## 3. Svare på Trekk 2 med Trekk 2 {#case-3}" in nb["disputes.md"]
    for lang in TRANSLATED:
        for dispute in DISPUTES:
            assert f"{{#case-{dispute.number}}}" in generated[lang]["disputes.md"]
        assert "Sources:" not in generated[lang]["rules/actions.md"]
        assert "Related rules" not in generated[lang]["rules/actions.md"]
    assert "**Källor:**" in sv["rules/actions.md"]
    assert "**Kilder:**" in nb["rules/actions.md"]


def test_presets_page_gives_each_description_in_the_language(
    generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    from unorules.explanations.languages import preset_description_in
    from unorules.rules import presets

    for lang in TRANSLATED:
        page = generated[lang]["rules/presets.md"]
        for name in presets.names():
            section = page.split(f"{{#{name}}}", 1)[1].split("\n## ", 1)[0]
            assert preset_description_in(name, lang) in section, (lang, name)


def test_disputes_show_the_verdict_in_the_language(
    generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    first = DISPUTES[0].example
    outcome = first.run()
    for lang in TRANSLATED:
        verdict = hooks.verdict_in(outcome, lang)
        assert verdict is not None
        assert verdict.rule_ids == outcome.verdict.rule_ids  # same decision, other words
        case = generated[lang]["disputes.md"].split("{#case-1}", 1)[1].split("\n## ", 1)[0]
        for line in verdict.text_in(lang).splitlines():  # indented in an admonition
            assert line in case, (lang, line)
        assert "[`wd4.no-matching-colour`](rules/wd4.md#wd4.no-matching-colour)" in case or (
            "wd4.no-matching-colour" in case
        )


def test_glossary_gives_the_words_and_codes_of_each_language(
    generated: dict[str, dict[str, str]],
) -> None:
    for lang in ("en", *TRANSLATED):
        page = generated[lang]["glossary.md"]
        for code in ("en", "sv", "nb"):
            # The classic cards: a face or colour a table defined (the
            # docs' examples define some) is not the glossary's.
            for face in Face:
                if not face.is_number:
                    word = words.FACE_WORDS[code][face]
                    assert word in page, (lang, code, word)
            for colour in Color:
                word = words.COLOUR_WORDS[code][colour]
                assert word in page, (lang, code, word)
        for term in ("draghögen", "slänghögen", "trekkebunken", "kastebunken", "utmana"):
            assert term in page, (lang, term)
        assert "`Gu`" in page and "`Gr`" in page, lang
        # green: G in English; Gr (never a bare G) in Swedish and Norwegian
        green = next(line for line in page.splitlines() if line.startswith("| green"))
        assert green.endswith("| `G` | `Gr` |"), green
    assert generated["sv"]["glossary.md"].startswith("# Ordlista\n")
    assert generated["nb"]["glossary.md"].startswith("# Ordliste\n")


# --- the hand-written pages ------------------------------------------------------------


@pytest.mark.parametrize("page", HAND_WRITTEN)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_hand_written_pages_are_translated(page: str, lang: str, hooks: ModuleType) -> None:
    path = DOCS / page.replace(".md", f".{lang}.md")
    text = path.read_text(encoding="utf-8")
    english = (DOCS / page).read_text(encoding="utf-8")
    # the same links to the pages players read
    for target in ("disputes.md", "rules/index.md", "rules/presets.md"):
        if target in english:
            assert target in text, (path.name, target)
    assert hooks.run_marks(text), f"{path.name} shows no command"
    assert f"--lang {lang}" in text


@pytest.mark.parametrize(
    "page", [f"{p.replace('.md', '')}.{lang}.md" for p in HAND_WRITTEN for lang in TRANSLATED]
)
def test_commands_on_translated_pages_run(page: str, hooks: ModuleType) -> None:
    """Passes once the command line's ``--lang``, ``--long`` and the
    ``names`` clause are merged."""
    text = (DOCS / page).read_text(encoding="utf-8")
    for command, expected in hooks.run_marks(text):
        code, out = hooks._cli(__import__("shlex").split(command)[1:])
        assert code == expected, f"{page}: `{command}` exits {code}, not {expected}:\n{out}"
        assert out.strip(), command
        if expected == 0 and "names Anna Bo Cilla" in command:
            assert "Anna" in out, command


# The words the library's catalogs use (tests/test_language_quality.py), and
# on the site's own texts a few more: a preset is a rule set, the draw pile
# is "trekkebunken", the clock and the hand in the catalogs' forms, the
# cards under the library's names, a Seven swaps one hand.
DOCS_SV_AVOID = {
    **SV_AVOID,
    r"\b[Ff]örval": "regeluppsättning (a preset)",
    r"\bbyter händer med\b": "byter hand med",
}
DOCS_NB_AVOID = {
    **NB_AVOID,
    r"\b[Tt]rekkbunk": "trekkebunke (the rule texts' word)",
    r"\b[Ff]orhåndsvalg": "regelsett, ferdig regelsett (a preset)",
    # A card's name says "Trekk": Trekk 1, 2, 4, 5, Trekk seks, Snu og trekk fire,
    # Trekk farge (UNO Flip's Draw One, Five and Colour).
    r"\b[Tt]rekk\b(?! ([1245]|seks|ti|fire|farge)\b)(?!: )": "handling (trekk is drawing)",
    r"\bklokka\b": "med klokken / mot klokken",
    r"\bbytter hender\b": "bytter hånd",
    r"\bhånda\b": "hånden",
    r"\b(Hopp over|Retningsendring)\b": "Stå over, Snu (the library's card names)",
}
DOCS_WANTED = {
    "sv": (
        "omgång",
        "regeluppsättning",
        "slänghögen",
        "draghögen",
        "påpeka",
        "givaren",
        "byter hand med",
    ),
    "nb": (
        "handling",
        "trekkebunken",
        "med klokken",
        "mot klokken",
        "regelsett",
        "bytter hånd",
        "si fra om",
    ),
}


def _site_texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for each text of ``lang`` written for the site by hand:
    the pages, the values of ``docs/texts.toml`` and the dispute page's
    labels and move sentences."""
    out = [
        (f"{path.name}:{number}", line)
        for path in sorted(DOCS.glob(f"*.{lang}.md"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
    ]
    texts = tomllib.loads((DOCS / "texts.toml").read_text(encoding="utf-8"))

    def walk(value: Any, where: str) -> None:
        if isinstance(value, str):
            out.append((where, value))
        elif isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{where}.{key}")

    walk(texts[lang], f"texts.toml [{lang}]")
    glossary = texts["glossary"]
    for key in ("intro", "numbers", "codes"):
        out.append((f"texts.toml glossary.{key}", glossary[key][lang]))
    out += [("texts.toml glossary.terms", term[lang]) for term in glossary["terms"]]
    script = (DOCS / "javascripts" / "dispute.js").read_text(encoding="utf-8")
    blocks = re.findall(rf"\n  {lang}: \{{\n(.*?)\n  \}},", script, re.S)
    assert len(blocks) == 2, "the dispute page's labels and move sentences"
    out += [("dispute.js", line) for block in blocks for line in block.splitlines()]
    return out


@pytest.mark.parametrize(("lang", "avoid"), [("sv", DOCS_SV_AVOID), ("nb", DOCS_NB_AVOID)])
def test_site_texts_use_the_librarys_words(lang: str, avoid: dict[str, str]) -> None:
    texts = _site_texts(lang)
    found = [
        f"{where}: {match.group(0)!r} -> {instead}"
        for where, text in texts
        for pattern, instead in avoid.items()
        for match in re.finditer(pattern, text)
    ]
    assert found == []
    # not by deleting text: the chosen words are in use
    joined = " ".join(text for _, text in texts)
    assert [w for w in DOCS_WANTED[lang] if w not in joined] == []


# --- the built site --------------------------------------------------------------------


def _quick_config(site: Path, folder: Path) -> Path:
    """mkdocs.yml without mkdocstrings (the API pages show their ``:::``
    lines): the same pages, languages and search, built in a fraction of the
    time."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    def ignore(loader: Any, suffix: str, node: Any) -> Any:
        return loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else None

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", ignore)
    Loader.add_multi_constructor("!", ignore)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    config["docs_dir"] = str(DOCS)
    config["site_dir"] = str(site)
    config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    config["hooks"] = [str(DOCS / name) for name in ("hooks.py", "engine_hook.py", "site_hook.py")]
    config["plugins"] = [
        p
        for p in config["plugins"]
        if not (isinstance(p, dict) and ({"mkdocstrings", "autorefs"} & set(p)))
    ]
    path = folder / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def site(quick_site: Path) -> Path:
    """The site built once for the session (``conftest.quick_site``)."""
    return quick_site


def _html(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def _alternates(html: str) -> dict[str, str]:
    return {
        m.group(2): m.group(1) for m in re.finditer(r'<a href="([^"]*)" hreflang="(\w+)"', html)
    }


@pytest.mark.parametrize("lang", ("", *TRANSLATED))
def test_each_language_has_its_pages(site: Path, lang: str) -> None:
    root = f"{lang}/" if lang else ""
    for url in ("", "settle-a-dispute/", "disputes/", "glossary/", "rules/", "rules/presets/"):
        html = _html(site, root + url)
        assert f'<html lang="{lang or "en"}"' in html, (lang, url)
    for key in SECTIONS:
        assert (site / root / "rules" / key / "index.html").exists(), (lang, key)
    # the pages that stay English are there too, so the navigation works
    for url in ("getting-started/", "architecture/", "changelog/", "api/"):
        assert (site / root / url / "index.html").exists(), (lang, url)


def test_language_selector_links_each_page_to_its_versions(site: Path) -> None:
    # the home pages link to each language's root (site_url's path, "/")
    assert _alternates(_html(site, "")) == {"en": "/", "sv": "/sv/", "nb": "/nb/"}
    assert _alternates(_html(site, "sv/")) == {"en": "/", "sv": "/sv/", "nb": "/nb/"}
    assert _alternates(_html(site, "sv/rules/")) == {
        "en": "../../rules/",
        "sv": "./",
        "nb": "../../nb/rules/",
    }
    assert _alternates(_html(site, "nb/settle-a-dispute/")) == {
        "en": "../../settle-a-dispute/",
        "sv": "../../sv/settle-a-dispute/",
        "nb": "./",
    }
    assert _alternates(_html(site, "rules/presets/"))["nb"] == "../../nb/rules/presets/"


def test_navigation_speaks_the_language(site: Path) -> None:
    sv, nb = _html(site, "sv/"), _html(site, "nb/")
    assert "Avgör en tvist" in sv and "Ordlista" in sv
    assert "Avgjør en krangel" in nb and "Ordliste" in nb
    # a Swedish page's navigation stays in Swedish: it links to sv/ pages
    assert 'href="settle-a-dispute/"' in sv and 'href="glossary/"' in sv
    assert section_in("actions", "sv") in _html(site, "sv/rules/actions/")


_INDEXES = {"en": "search", "sv": "sv/search", "nb": "nb/search"}
"""Where each language's search index lies (below its root, where its
pages' theme looks for it)."""


@pytest.fixture(scope="module")
def indexes(site: Path) -> dict[str, dict[str, Any]]:
    return {
        lang: json.loads((site / folder / "search_index.json").read_text(encoding="utf-8"))
        for lang, folder in _INDEXES.items()
    }


def _texts(index: dict[str, Any], prefix: str = "") -> str:
    return " ".join(
        f"{d['title']} {d['text']}".lower()
        for d in index["docs"]
        if d["location"].startswith(prefix)
    )


def test_each_language_has_its_own_search_index_and_keeps_stop_words(
    indexes: dict[str, dict[str, Any]],
) -> None:
    """English, Swedish and Norwegian each have an index of their own pages,
    read with the language's lunr words (Norwegian Bokmål is lunr's "no"),
    no stemmer (the theme searches every word with a trailing wildcard,
    which lunr does not stem) and no stop words dropped."""
    assert {lang: index["config"]["lang"] for lang, index in indexes.items()} == {
        "en": ["en"],
        "sv": ["sv"],
        "nb": ["no"],
    }
    for lang, index in indexes.items():
        pipeline = index["config"]["pipeline"]
        assert "stopWordFilter" not in pipeline, (lang, "'last', 'över', 'over' must be kept")
        assert "stemmer" not in pipeline, lang
        # addresses below the language's root; no page of another language
        locations = [d["location"] for d in index["docs"]]
        assert not [loc for loc in locations if loc.startswith(("sv/", "nb/"))], lang
    sv, nb = _texts(indexes["sv"], "rules/"), _texts(indexes["nb"], "rules/")
    assert "dra fyra" in sv and "hoppa över" in sv and "trekk 4" not in sv
    assert "trekk 4" in nb and "stå over" in nb and "dra fyra" not in nb
    assert "last card" in _texts(indexes["en"], "rules/")
    assert "dra fyra" not in _texts(indexes["en"], "rules/")

    # the English pages of the Swedish and Norwegian builds are in the English index only
    for lang in TRANSLATED:
        pages = {d["location"].partition("#")[0] for d in indexes[lang]["docs"]}
        assert not [p for p in pages if p.startswith(("api/", "changelog/", "getting-started/"))]
        assert {"", "disputes/", "glossary/", "rules/", "rules/presets/"} <= pages, lang


def test_search_index_holds_the_translated_rules(indexes: dict[str, dict[str, Any]]) -> None:
    """Passes once the sv and nb ``rules`` catalogs are merged."""
    assert "sjuan" in _texts(indexes["sv"], "rules/"), "merge the Swedish rules catalog"
    assert "trekk" in _texts(indexes["nb"], "rules/"), "merge the Norwegian rules catalog"


_SEARCH_JS = r"""
const [lunrDir, langDir, indexPath, ...queries] = process.argv.slice(2);
const lunr = require(lunrDir + "/lunr.js");
require(langDir + "/lunr.stemmer.support.min.js")(lunr);
require(langDir + "/lunr.multi.min.js")(lunr);
require(langDir + "/lunr.sv.min.js")(lunr);
require(langDir + "/lunr.no.min.js")(lunr);
const { config, docs } = JSON.parse(require("fs").readFileSync(indexPath, "utf8"));
const index = lunr(function () {
  // as the theme's search worker: one language's own words, or several together
  if (config.lang.length === 1 && config.lang[0] !== "en") this.use(lunr[config.lang[0]]);
  else if (config.lang.length > 1) this.use(lunr.multiLanguage(...config.lang));
  const drop = ["trimmer", "stopWordFilter", "stemmer"].filter(f => !config.pipeline.includes(f));
  for (const lang of config.lang.map(l => (l === "en" ? lunr : lunr[l])))
    for (const fn of drop) { this.pipeline.remove(lang[fn]); this.searchPipeline.remove(lang[fn]); }
  lunr.tokenizer.separator = new RegExp(config.separator);
  this.ref("location");
  this.field("title", { boost: 1000 });
  this.field("text");
  for (const doc of docs) this.add(doc);
});
const out = {};
for (const q of queries)
  out[q] = index.search(q.split(" ").map(w => "+" + w).join(" ")).map(r => r.ref).slice(0, 40);
console.log(JSON.stringify(out));
"""


def test_search_finds_the_words_in_lunr(site: Path, tmp_path: Path) -> None:
    """Each language's index loaded into lunr as the search page does (every
    word of the query required): the words, the digits of a card's name and
    the stop words of lunr's Swedish and Norwegian are found, each in its own
    language's index only."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node.js is not installed: apt-get install nodejs")
    import material
    import mkdocs

    lunr_dir = Path(mkdocs.__file__).parent / "contrib" / "search" / "templates" / "search"
    lang_dir = Path(material.__file__).parent / "templates/assets/javascripts/lunr/min"
    script = tmp_path / "search.js"
    script.write_text(_SEARCH_JS, encoding="utf-8")
    queries = ["last card draw two", "dra fyra", "trekk 4", "hoppa över", "stå over"]

    def search(lang: str) -> dict[str, list[str]]:
        index = site / _INDEXES[lang] / "search_index.json"
        result = subprocess.run(
            [node, str(script), str(lunr_dir), str(lang_dir), str(index), *queries],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        found: dict[str, list[str]] = json.loads(result.stdout)
        return found

    en, sv, nb = search("en"), search("sv"), search("nb")
    assert any("end.last-card-" in ref for ref in en["last card draw two"]), en
    assert any(ref.startswith("rules/") for ref in sv["dra fyra"]), sv["dra fyra"]
    assert any(ref.startswith("rules/") for ref in nb["trekk 4"]), nb["trekk 4"]
    # "över" and "over" are stop words of lunr's Swedish and Norwegian: kept
    assert any(ref.startswith("rules/") for ref in sv["hoppa över"]), sv["hoppa över"]
    assert any(ref.startswith("rules/") for ref in nb["stå over"]), nb["stå over"]
    # another language's words only where a page gives them side by side:
    # the glossary, and the cards' table of the other editions
    side_by_side = {"glossary/", "editions/"}
    assert sv["trekk 4"] and {ref.partition("#")[0] for ref in sv["trekk 4"]} <= side_by_side
    assert nb["dra fyra"] and {ref.partition("#")[0] for ref in nb["dra fyra"]} <= side_by_side


# --- the table's own words on the Swedish and Norwegian pages ---------------------------

_BARE_G = re.compile(r"""(?:^|[\s;/",])[Gg](?:\d|[SsRr]|\+2|[Dd]2)?(?=$|[\s;/",])""")
_SHOWN = re.compile(r"^\$ (unorules .+)$", re.MULTILINE)

_TABLE_WORDS = {
    "sv": ("topp ", "händer ", "namn ", " lägger "),
    "nb": ("topp ", "hender ", "navn ", " legger "),
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_settle_page_writes_the_examples_in_the_tables_words(lang: str, hooks: ModuleType) -> None:
    """The Swedish and Norwegian "Settle a dispute" pages show the notation
    in their own words, and those commands run and name the players."""
    text = (DOCS / f"settle-a-dispute.{lang}.md").read_text(encoding="utf-8")
    marks = hooks.run_marks(text)
    own = [(c, e) for c, e in marks if all(word in c for word in _TABLE_WORDS[lang])]
    assert len(own) >= 5, own
    for command, expected in own:
        code, out = hooks._cli(__import__("shlex").split(command)[1:])
        assert code == expected == 0, f"`{command}` exits {code}:\n{out}"
        names = ("Anna", "Bo", "Cilla") if lang == "sv" else ("Kari", "Ola", "Per")
        assert re.search(rf"\b({'|'.join(names)})\b", out), (command, out)
        assert not re.search(r"\b(seat|plats|plass) [0-9]", out), (command, out)
    # no example falls back on the English clause words or verbs
    for command, _ in marks:
        assert not re.search(r'"top |; hands | play ', command), command
    # a hand written with words has its cards separated by commas; codes by spaces
    words_hand = "händer gul 3, Dra fyra, röd 9" if lang == "sv" else "hender gul 3, Trekk 4, rød 9"
    assert words_hand in text
    assert ("händer Gu3 W+4 R9" if lang == "sv" else "hender Gu3 W+4 R9") in text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_settle_page_shows_the_swedish_stacking_verdict(lang: str, hooks: ModuleType) -> None:
    """The first example, judged under the official rules and then with
    stacking, in the table's words: Bo/Ola may not pass the Draw Two on, and
    with ``house.stack-draw-two`` Cilla/Per must draw 4."""
    text = (DOCS / f"settle-a-dispute.{lang}.md").read_text(encoding="utf-8")
    commands = [c for c, _ in hooks.run_marks(text)]
    plain, stacked = commands[0], commands[1]
    _, out = hooks._cli(__import__("shlex").split(plain)[1:])
    _, out2 = hooks._cli(__import__("shlex").split(stacked)[1:])
    if lang == "sv":
        assert "Nej – Bo får inte lägga blå Dra två" in out, out
        assert "Ja – Cilla måste dra 4 kort" in out2, out2
    else:
        assert "Nei – Ola får ikke legge blå Trekk 2" in out, out
        assert "Ja – Per må trekke 4 kort" in out2, out2


@pytest.mark.parametrize("lang", TRANSLATED)
def test_settle_page_describes_the_table_file(lang: str, hooks: ModuleType, tmp_path: Path) -> None:
    """The table file: a complete example with composed presets, one-word
    names, and the options that ignore or override it; the example file
    loads."""
    from unorules.table import load_table

    text = (DOCS / f"settle-a-dispute.{lang}.md").read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "unorules.toml"
    path.write_text(example, encoding="utf-8")
    table = load_table(path)
    assert table.language == lang
    assert table.rules == ("svenska" if lang == "sv" else "norsk") + "+kitchen-table"
    assert len(table.players) == 3
    for needed in ("--no-table", "unorules table", "Anna-Karin" if lang == "sv" else "Kari-Anne"):
        assert needed in text, needed
    # the composed rule set of the example runs; a contradiction is refused
    marks = hooks.run_marks(text)
    assert any("+kitchen-table" in c and e == 0 for c, e in marks)
    assert any("+official-2022" in c and e == 2 for c, e in marks)


def test_nordic_codes_rewrite_only_green_card_codes(hooks: ModuleType) -> None:
    rewrite = hooks.nordic_codes
    assert rewrite("top G1; hands GS GR G+2 GD2 / W+4 R3 / ?5; draw G9") == (
        "top Gr1; hands GrS GrR Gr+2 GrD2 / W+4 R3 / ?5; draw Gr9"
    )
    assert rewrite('"0 play W G; 1 play W+4 g"') == '"0 play W Gr; 1 play W+4 gr"'
    assert rewrite("top W; color G; hands G5,Y3") == "top W; color Gr; hands Gr5,Y3"
    # names and other words stay: Greta, Gus, a G that is no colour
    assert rewrite("hands R1 / B2; names Greta Gus; turn Greta") == (
        "hands R1 / B2; names Greta Gus; turn Greta"
    )
    assert rewrite("Gr5 GrS Gu7 YS") == "Gr5 GrS Gu7 YS"
    assert rewrite("unorules explain --rules official+house.stack-draw-two") == (
        "unorules explain --rules official+house.stack-draw-two"
    )


def _shown_commands(page: str) -> list[str]:
    return _SHOWN.findall(page)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_shown_commands_on_generated_pages_have_no_bare_g_and_run(
    lang: str, generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    """Every "At the table" command on the generated pages of ``lang`` runs
    as shown, under ``--lang``, and writes green as ``Gr``."""
    shown = [(path, c) for path, page in generated[lang].items() for c in _shown_commands(page)]
    assert len(shown) >= 50, len(shown)
    for path, command in shown:
        assert f"unorules explain --lang {lang} " in command, (path, command)
        assert not _BARE_G.search(command), (path, command)
        code, out = hooks._cli(__import__("shlex").split(command)[1:])
        assert code == 0, f"{path}: `{command}` exits {code}:\n{out}"
    # the positions and moves shown above the verdicts too
    for page in generated[lang].values():
        for line in re.findall(r"^(?:Läge|Stilling|Drag|Handlinger): `([^`]*)`", page, re.M):
            assert not _BARE_G.search(line), line
    # the case of the green Skip that goes out: its command in the table's words
    written = {
        "sv": '"topp grön 1; händer grön Hoppa över / Välj färg, Dra fyra, röd Dra två / blå 3; '
        'namn Anna Bo Cilla" "Anna lägger grön Hoppa över"',
        "nb": '"topp grønn 1; hender grønn Stå over / Skift farge, Trekk 4, rød Trekk 2 / blå 3; '
        'navn Kari Ola Per" "Kari legger grønn Stå over"',
    }
    assert f"$ unorules explain --lang {lang} {written[lang]}" in generated[lang]["disputes.md"]


def test_rule_pages_name_the_sources_in_the_language(
    generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    """A source is named as players know it (its name, then what it is);
    its key (000) stands only in the details line."""
    sv, nb = generated["sv"]["rules/start.md"], generated["nb"]["rules/start.md"]
    assert "- Den svenska guiden: Svensk guide till UNO: regler, poäng, husregler och tvister" in sv
    assert (
        "- Den svenske guiden: Svensk guide til UNO: regler, poeng, husregler og uenigheter" in nb
    )
    for lang in TRANSLATED:
        for page in generated[lang].values():
            assert "Swedish guide to UNO" not in page, lang
            assert "Mattel's printed instructions" not in page, lang
            # no bare source key outside the details lines
            shown = "\n".join(
                line for line in page.splitlines() if not line.startswith(hooks.t(lang, "Details:"))
            )
            assert not re.findall(r"\b00[0-4]\b", shown), lang
    assert "Swedish guide to UNO" in generated["en"]["rules/start.md"]
    assert "- **000**: Swedish guide to UNO" in generated["en"]["rules/start.md"]


def _case(page: str, number: int) -> str:
    return page.split(f"{{#case-{number}}}", 1)[1].split("\n## ", 1)[0]


def test_dealt_disputes_say_what_the_deal_gave(
    generated: dict[str, dict[str, str]],
) -> None:
    """Cases 6-8: the start card's outcome, worked out by hand from the deal
    (dealer seat 3, four players, named Anna, Bo, Cilla, Dan and Kari, Ola,
    Per, Liv): a Reverse gives the dealer (Dan, Liv) the first turn
    counter-clockwise; a Draw Two makes seat 0 draw 2 (9 cards) and seat 1
    play first; a Wild Draw Four goes back and a yellow 3 is turned."""
    sv, nb = generated["sv"]["disputes.md"], generated["nb"]["disputes.md"]
    assert "En utdelad omgång: 4 spelare, Dan ger" in _case(sv, 6)
    assert "Dan börjar, och spelet går moturs." in _case(sv, 6)
    assert "Liv begynner, og spillet går mot klokken." in _case(nb, 6)
    assert "Anna drog 2 kort från början (9 på handen)." in _case(sv, 7)
    assert "Bo börjar, och spelet går medurs." in _case(sv, 7)
    assert "Kari trakk 2 kort med en gang (9 på hånden)." in _case(nb, 7)
    assert "Dra fyra lades tillbaka i leken, och gul 3 vändes upp i stället." in _case(sv, 8)
    assert "Trekk 4 ble lagt tilbake i kortstokken, og gul 3 ble snudd i stedet." in _case(nb, 8)
    assert "Anna börjar, och spelet går medurs." in _case(sv, 8)
    # start.number-only (official-2022): a Skip, a Draw Two and a Wild are
    # turned before the green 7 that play starts on; none went back
    start = generated["sv"]["rules/start.md"].split("{#start.number-only}", 1)[1]
    assert (
        "Startkort: röd Hoppa över. Sedan vändes röd Dra två, Välj färg, grön 7 upp ovanpå; "
        "grön 7 ligger överst. Anna börjar, och spelet går medurs."
    ) in start
    # no seat by number, and no Python, in a dealt round's description
    for page in (sv, nb, start):
        assert not re.search(r"\b(?:[Pp]lats|[Pp]lass) \d", page)
        assert "presets.get(" not in page
    assert "lades tillbaka" not in start.split("\n## ", 1)[0]


def test_disputes_answer_the_question_they_ask(generated: dict[str, dict[str, str]]) -> None:
    """Case 16 asks for the points (the other hands: Wild 50 + Wild Draw Four
    50 + Draw Two 20 + 3 = 123); case 19 whether seat 2 (Cilla, Per) owes an
    UNO call (no: it laid no card)."""
    sv, nb = generated["sv"]["disputes.md"], generated["nb"]["disputes.md"]
    assert "123" in _case(sv, 16) and "poäng" in _case(sv, 16)
    assert "123" in _case(nb, 16) and "poeng" in _case(nb, 16)
    assert "Cilla har ett kort men behöver inte ropa UNO" in _case(sv, 19)
    assert "Per har ett kort, men trenger ikke rope UNO" in _case(nb, 19)


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_a_disputes_rules_agree_with_its_verdict(
    lang: str, generated: dict[str, dict[str, str]], hooks: ModuleType
) -> None:
    """Under a verdict, the dispute names only the rules the verdict does not
    cite already, under its own label; "Decided by" stays for a dealt
    round, which has no verdict."""
    page = generated[lang]["disputes.md"]
    decided, also = hooks.t(lang, "Decided by:"), hooks.t(lang, "The question also turns on:")
    for dispute in DISPUTES:
        case = _case(page, dispute.number)
        verdict = hooks._run(dispute.example).verdict
        if verdict is None:
            assert decided in case, (lang, dispute.number)
            continue
        assert decided not in case, (lang, dispute.number)
        for line in case.splitlines():
            if line.startswith(also):
                # the rules linked: by ID in English, by title in Swedish and Norwegian
                named = set(re.findall(r"\]\([^)#]*#([^)]+)\)", line))
                assert named and not named & set(verdict.rule_ids), (lang, dispute.number)
                assert named <= set(dispute.cites)
    assert also in _case(page, 16) and "score.card-values" in _case(page, 16).split(also)[1]
