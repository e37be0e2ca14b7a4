"""The languages a player reads: English, Swedish and Norwegian Bokmål.

Every text a player reads is written once, in English, in the module that says
it, and looked up in a gettext catalog for Swedish (``sv``) and Norwegian
Bokmål (``nb``). The catalogs live in ``unorules/locale/<lang>/LC_MESSAGES``,
one *domain* per part of the library (see :data:`DOMAINS`); the wheel ships
them compiled.

A :class:`Wording` is what a text is written for: a language and, when the
table gave them, the players' names.

>>> language("sv_SE.UTF-8")
'sv'
>>> language("no")
'nb'
>>> Wording("nb", ("Anna", "Bo")).seat(1)
'Bo'
>>> Wording().seat(2)
'seat 2'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from unorules._mypyc import untyped
from unorules.errors import (
    DOMAINS,
    LANGUAGE_NAMES,
    LANGUAGES,
    LOCALE_DIR,
    Language,
    LanguageError,
    language,
    msg,
    translations,
)
from unorules.rules.catalogue import SECTIONS, RuleInfo, rule

__all__ = [
    "DOMAINS",
    "ENGLISH",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "Language",
    "Wording",
    "language",
    "preset_description_in",
    "preset_title_in",
    "resolve_language",
    "rule_in",
    "section_in",
    "translations",
]


def resolve_language(
    explicit: str | None = None, environ: Mapping[str, str] | None = None
) -> Language:
    """The language to speak: ``explicit`` when given, then ``UNORULES_LANG``,
    then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first that is
    set and not empty), then English.

    A locale naming another language (``de_DE.UTF-8``) or none (``C``,
    ``POSIX``) means English; an unknown ``explicit`` or ``UNORULES_LANG`` is
    an error, since somebody typed it.

    Raises:
        LanguageError: for an ``explicit`` or ``UNORULES_LANG`` that names no
            language of :data:`LANGUAGES`.
    """
    env = os.environ if environ is None else environ
    if explicit is not None:
        return language(explicit)
    chosen = env.get("UNORULES_LANG", "").strip()
    if chosen:
        try:
            return language(chosen)
        except LanguageError as e:
            raise LanguageError(
                msg("the environment variable UNORULES_LANG: {error}", error=e.message or str(e))
            ) from None
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        tag = env.get(key, "").strip()
        if tag:
            try:
                return language(tag)
            except LanguageError:
                return "en"
    return "en"


def _names(value: Sequence[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen(slots=True)
class Wording:
    """What a text is written for: a language and the players' names.

    Attributes:
        lang: the language (:data:`Language`).
        names: the players' names by seat (seat 0 first); empty when the table
            gave none, and then a seat is "seat 2" (in Swedish "plats 2", in
            Norwegian "plass 2").
        pile_known: the order of the draw pile is known (a state played out,
            or a situation that gave its draw pile): a draw until a colour
            turns up is told with its count. Not compared.
        bottom_known: the discard pile's bottom card is known (a state
            played out, or a situation that gave its discard pile): a card
            that turns the pile over is told to bring it on top as a fact.
            Not compared.
    """

    lang: Language = "en"
    names: tuple[str, ...] = attrs.field(default=untyped(()), converter=_names)
    pile_known: bool = attrs.field(default=untyped(False), eq=False)
    bottom_known: bool = attrs.field(default=untyped(True), eq=False)

    def gettext(self, domain: str, message: str) -> str:
        """``message`` of ``domain`` in this language; in English with
        names, a ``{seat}`` is never "it" (:func:`_personal`)."""
        text = translations(domain, self.lang).gettext(message)
        return _personal(text) if self.names and self.lang == "en" else text

    def ngettext(self, domain: str, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` in this language
        (in English with names, as :meth:`gettext`)."""
        text = translations(domain, self.lang).ngettext(singular, plural, n)
        return _personal(text) if self.names and self.lang == "en" else text

    def seat(self, seat: int) -> str:
        """How a text names ``seat``: its player's name, or "seat N"."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return self.gettext("sentences", "seat {seat}").format(seat=seat)


_ITS = re.compile(
    r"\bits (?=(?:turn|cards|last card|second-to-last card|bluff|Wild Draw Four|hand|"
    r"missed UNO call|time|own|\{owed\} cards)\b)"
)
_IT = re.compile(
    r"\bit (?=(?:must|owes|still|had|has|stacks|challenges|draws|laid|said|takes|cannot|"
    r"may|plays|did|lays|keeps|calls)\b)"
)
_OTHER_SEATS = ("{catcher}", "{target}", "{other}", "{challenger}", "{player}", "{draws}")


def _personal(template: str) -> str:
    """An English template about ``{seat}`` as it reads when the seats are
    players with names (a player is no "it"): "{seat} owes 2 cards: it must
    draw them and lose its turn" becomes "{seat} owes 2 cards: {seat} must
    draw them and lose their turn"; "its" is the player's name with "'s"
    where the name does not come first in the clause. Templates that name
    other seats too are left as they are."""
    if "{seat}" not in template or any(field in template for field in _OTHER_SEATS):
        return template
    clauses = re.split(r"([:;(])", template)
    out = []
    for clause in clauses:
        clause = _IT.sub("{seat} ", clause)
        # after the player's name in the same clause "their", else the name's
        own = "their " if "{seat}" in clause.split("its ")[0] else "{seat}'s "
        out.append(_ITS.sub(own, clause))
    return "".join(out)


ENGLISH: Final = Wording()
"""English, seats by number."""


def rule_in(rule_id: str, lang: str) -> RuleInfo:
    """The catalogue entry of ``rule_id`` with its title, summary, text and
    interpretation in ``lang`` (the ``rules`` domain); the ID, section and
    sources stay as they are.

    Raises:
        RuleSetError: for an ID that is not in the catalogue.
        LanguageError: for an unknown language.

    >>> rule_in("action.skip", "en").title
    'Skip card'
    """
    info = rule(rule_id)
    code = language(lang)
    if code == "en":
        return info
    t = translations("rules", code).gettext
    return attrs.evolve(
        info,
        title=t(info.title),
        summary=t(info.summary),
        text=t(info.text),
        interpretation=t(info.interpretation) if info.interpretation else None,
    )


def section_in(key: str, lang: str) -> str:
    """The heading of the catalogue's section ``key`` in ``lang``.

    Raises:
        KeyError: for an unknown section key.
        LanguageError: for an unknown language.
    """
    return translations("rules", language(lang)).gettext(SECTIONS[key])


def preset_description_in(name: str, lang: str) -> str:
    """What the preset ``name`` holds, in ``lang``.

    Raises:
        RuleSetError: for an unknown preset.
        LanguageError: for an unknown language.
    """
    from unorules.rules.presets import describe

    return translations("rules", language(lang)).gettext(describe(name))


def preset_title_in(name: str, lang: str) -> str:
    """What a player calls the preset ``name`` in ``lang`` (``"För barn"``
    for ``kids`` in Swedish); its name when it has no title.

    Raises:
        RuleSetError: for an unknown preset.
        LanguageError: for an unknown language.
    """
    from unorules.rules.presets import TITLES, title

    english = title(name)
    if name.strip().lower() not in TITLES:
        return english
    return translations("rules", language(lang)).gettext(english)
