"""The gettext catalogs: every text a player reads exists in Swedish and
Norwegian Bokmål, none is fuzzy, the templates are what the sources say, and
the compiled catalogs are what the wheel would ship."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from unorules.errors import LanguageError
from unorules.explanations.languages import (
    DOMAINS,
    LOCALE_DIR,
    language,
    resolve_language,
    rule_in,
    translations,
)
from unorules.rules.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("sv", "nb")
_FIELD = re.compile(r"\{[a-z_]*\}")


def _po(domain: str, lang: str):  # type: ignore[no-untyped-def]
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _pot(domain: str):  # type: ignore[no-untyped-def]
    with (LOCALE_DIR / f"{domain}.pot").open("rb") as f:
        return read_po(f)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated_and_none_fuzzy(domain: str, lang: str) -> None:
    catalog = _po(domain, lang)
    template = _pot(domain)
    wanted = {m.id for m in template if m.id}
    have = {m.id: m for m in catalog if m.id}
    missing = sorted(str(i) for i in wanted - have.keys())
    assert not missing, f"{domain}/{lang}: not in the catalog: {missing[:5]}"
    untranslated = sorted(str(i) for i, m in have.items() if not m.string)
    assert not untranslated, f"{domain}/{lang}: untranslated: {untranslated[:5]}"
    fuzzy = sorted(str(i) for i, m in have.items() if m.fuzzy)
    assert not fuzzy, f"{domain}/{lang}: fuzzy: {fuzzy[:5]}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_the_fields(domain: str, lang: str) -> None:
    """A translation has exactly the ``{fields}`` of its English text."""
    for m in _po(domain, lang):
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(_FIELD.findall(ids[-1]))
        for s in strings:
            assert set(_FIELD.findall(s)) == wanted, f"{domain}/{lang}: {ids[0]!r} -> {s!r}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_templates_are_what_the_sources_say(domain: str, tmp_path: Path) -> None:
    """The ``.pot`` holds exactly the texts extracted from the sources now
    (run ``python scripts/translations.py all`` after changing a text)."""
    out = subprocess.run(
        [sys.executable, "scripts/translations.py", "extract"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"TRANSLATIONS_OUT": str(tmp_path), "PATH": ""},
        check=False,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    with (tmp_path / f"{domain}.pot").open("rb") as f:
        fresh = {m.id for m in read_po(f) if m.id}
    kept = {m.id for m in _pot(domain) if m.id}
    assert fresh == kept, (
        f"{domain}: run `python scripts/translations.py all`; "
        f"new {sorted(map(str, fresh - kept))[:3]}, gone {sorted(map(str, kept - fresh))[:3]}"
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", DOMAINS)
def test_compiled_catalogs_are_current(domain: str, lang: str) -> None:
    """The installed ``.mo`` says what the ``.po`` says (an editable install
    compiles them once; ``python scripts/translations.py compile`` again)."""
    po = _po(domain, lang)
    mo_path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
    with mo_path.open("rb") as f:
        installed = read_mo(f)
    buffer = io.BytesIO()
    write_mo(buffer, po, use_fuzzy=False)
    buffer.seek(0)
    fresh = read_mo(buffer)

    def texts(catalog):  # type: ignore[no-untyped-def]
        return {_hashable(m.id): _hashable(m.string) for m in catalog if m.id}

    assert texts(installed) == texts(fresh)


def _hashable(value: object) -> object:
    """A plural message's forms (a list) as a tuple."""
    return tuple(value) if isinstance(value, list) else value


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_its_title_and_text_translated(lang: str) -> None:
    catalog = _po("rules", lang)
    for rid, info in CATALOGUE.items():
        for field in ("title", "summary", "text", "interpretation"):
            english = getattr(info, field)
            if english is None:
                continue
            entry = catalog.get(english)
            assert entry is not None and entry.string and not entry.fuzzy, (rid, field, lang)
        assert rule_in(rid, lang).text == catalog.get(info.text).string


def test_language_tags() -> None:
    assert language("sv_SE.UTF-8") == "sv"
    assert language("nb-NO") == "nb"
    assert language("no") == "nb"
    assert language("EN") == "en"
    with pytest.raises(LanguageError, match="unknown language 'de'"):
        language("de")


def test_the_language_is_chosen_in_order() -> None:
    env = {"UNORULES_LANG": "nb", "LC_ALL": "sv_SE.UTF-8", "LANG": "en_GB.UTF-8"}
    assert resolve_language("sv", env) == "sv"
    assert resolve_language(None, env) == "nb"
    assert resolve_language(None, {"LC_ALL": "sv_SE.UTF-8", "LANG": "nb_NO.UTF-8"}) == "sv"
    assert resolve_language(None, {"LC_ALL": "", "LANG": "nb_NO.UTF-8"}) == "nb"
    assert resolve_language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert resolve_language(None, {"LANG": "C"}) == "en"
    assert resolve_language(None, {}) == "en"
    with pytest.raises(LanguageError):
        resolve_language(None, {"UNORULES_LANG": "klingon"})


def test_unknown_domain_is_refused() -> None:
    with pytest.raises(LanguageError, match="unknown text domain"):
        translations("nope", "sv")
