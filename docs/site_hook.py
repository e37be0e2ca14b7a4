"""The site's own address on its home pages (an mkdocs hook, listed in
``mkdocs.yml``): ``<!-- published -->`` in a page becomes a sentence in the
page's language that says where the site is published, from ``site_url``
(the address the repository's Pages settings give, set by the workflow that
publishes the site), or, in a build without one, that this copy was built
locally and how a phone at the table can open it."""

from __future__ import annotations

from typing import Any

MARK = "<!-- published -->"

_PUBLISHED = {
    "en": "This site is published at <{url}>: open it on a phone and add it to the home screen, "
    "and the dispute page works offline too.",
    "sv": "Webbplatsen finns på <{url}>: öppna den i mobilen och lägg till den på hemskärmen, "
    "så fungerar tvistsidan utan nät också.",
    "nb": "Nettstedet ligger på <{url}>: åpne det på mobilen og legg det til på hjemskjermen, "
    "så virker krangelsiden uten nett også.",
}
_LOCAL = {
    "en": "This copy of the site was built on a computer. To open it on the phones at the table, "
    "run `unorules serve --lan` on that computer: it prints an address and a QR code to scan. "
    "The published site's address is in each release's notes.",
    "sv": "Den här kopian av webbplatsen byggdes på en dator. Kör `unorules serve --lan` på den "
    "datorn så kan mobilerna vid bordet öppna den: kommandot skriver ut en adress och en QR-kod "
    "att skanna. Den publicerade webbplatsens adress står i varje versions anteckningar.",
    "nb": "Denne kopien av nettstedet ble bygd på en datamaskin. Kjør `unorules serve --lan` på "
    "den datamaskinen, så kan mobilene ved bordet åpne den: kommandoen skriver ut en adresse og "
    "en QR-kode å skanne. Adressen til det publiserte nettstedet står i notatene til hver versjon.",
}


def published(lang: str, site_url: str | None) -> str:
    """The sentence that stands for :data:`MARK` in ``lang`` (en, sv, nb)."""
    lang = lang if lang in _PUBLISHED else "en"
    if site_url:
        return _PUBLISHED[lang].format(url=site_url)
    return _LOCAL[lang]


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if MARK not in markdown:
        return markdown
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None) or "en"
    return markdown.replace(MARK, published(str(lang), config.get("site_url")))
