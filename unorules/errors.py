"""The exceptions of unorules, and the languages their messages are read in.

This is the ground of the library: it imports nothing else of it. The
languages (:data:`LANGUAGES`, :func:`language`) and their gettext catalogs
(:func:`translations`) are here because every error's message can be read in
each of them; :mod:`unorules.explanations.languages` builds the texts of the
game on them.

Every error is a :class:`ValueError` subclass with a message that says what was
wrong and where, so callers can catch ``ValueError`` or the precise class.

The message of an error a player can meet is a :class:`Message`: ``str(error)``
is English, :meth:`UnoError.text_in` the same message in Swedish or Norwegian
(the ``errors`` gettext domain).

>>> error = RuleSetError(msg("unknown preset {name}", name="'svensk'"))
>>> str(error)
"unknown preset 'svensk'"
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, get_args

import attrs

from unorules._mypyc import caused, mypyc_attr

__all__ = [
    "DOMAINS",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "IllegalMove",
    "Language",
    "LanguageError",
    "Message",
    "NotationError",
    "PolicyError",
    "RecordError",
    "RuleSetError",
    "SituationError",
    "StateError",
    "UnoError",
    "language",
    "msg",
    "msg_n",
    "translations",
]

# --- the languages a message is read in -------------------------------------------

Language = Literal["en", "sv", "nb"]
"""A language code: ``"en"`` English, ``"sv"`` Swedish, ``"nb"`` Norwegian Bokmål."""

LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
"""Every language, English first."""

LANGUAGE_NAMES: Final[Mapping[Language, str]] = {
    "en": "English",
    "sv": "Svenska",
    "nb": "Norsk bokmål",
}
"""Each language's name in itself."""

DOMAINS: Final[tuple[str, ...]] = ("rules", "sentences", "verdicts", "errors", "cli")
"""The gettext domains: ``rules`` (the catalogue's titles and texts, sections,
sources and presets), ``sentences`` (events, reasons, card names), ``verdicts`` (the
verdict's headline, outlook, remedies and notes), ``errors`` (the message of
every error a player can meet), ``cli`` (command-line help and messages)."""

LOCALE_DIR: Final[Path] = Path(__file__).resolve().parent / "locale"
"""Where the catalogs are: ``LOCALE_DIR/<lang>/LC_MESSAGES/<domain>.mo``."""

# Language tags people and systems write, by their first part.
_ALIASES: Final[Mapping[str, Language]] = {
    "en": "en",
    "sv": "sv",
    "nb": "nb",
    "no": "nb",  # "Norwegian": the written standard nearly everyone uses
    "nn": "nb",  # Nynorsk readers read Bokmål; there is no Nynorsk catalog
    "english": "en",
    "svenska": "sv",
    "swedish": "sv",
    "norsk": "nb",
    "norwegian": "nb",
    "bokmål": "nb",
    "bokmal": "nb",
}


def language(value: str) -> Language:
    """The language a tag names: ``"sv"``, ``"sv_SE.UTF-8"``, ``"nb-NO"``,
    ``"no"``, ``"svenska"`` (case does not matter).

    Raises:
        LanguageError: for a tag that names none of :data:`LANGUAGES`.
    """
    if not isinstance(value, str):
        raise LanguageError(
            msg("a language is a string such as 'sv', not {kind}", kind=type(value).__name__)
        )
    head = value.strip().lower().replace("-", "_").split(".")[0].split("@")[0].split("_")[0]
    found = _ALIASES.get(head)
    if found is None:
        raise LanguageError(
            msg(
                "unknown language {tag}; languages are en (English), sv (Swedish), "
                "nb (Norwegian Bokmål)",
                tag=repr(value.strip()[:40]),
            )
        )
    return found


@cache
def translations(domain: str, lang: Language) -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``lang`` (no catalog for English: the
    texts are written in it).

    Raises:
        LanguageError: for an unknown domain or language, or a catalog missing
            from the installation.
    """
    if domain not in DOMAINS:
        raise LanguageError(f"unknown text domain {domain!r}; domains are {', '.join(DOMAINS)}")
    if lang == "en":
        return gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise LanguageError(f"unknown language {lang!r}")
    try:
        return gettext.translation(domain, LOCALE_DIR, languages=[lang])
    except OSError as exc:
        error = LanguageError(
            f"the {domain!r} catalog in {lang!r} is not installed ({LOCALE_DIR}); "
            "reinstall unorules"
        )
        raise caused(error, exc) from exc


# --- the messages and errors --------------------------------------------------------


@attrs.frozen(slots=True)
class Message:
    """A message written in English with named ``{fields}``, translatable.

    Attributes:
        template: the English text with ``{name}`` fields (a gettext msgid of
            the ``errors`` domain).
        params: the value of each field; a :class:`Message` value is
            translated along with the template.
        plural: the English plural form of ``template`` for a message whose
            words depend on a count (:func:`msg_n`), else ``None``.
        n: the count that picks ``template`` (1) or ``plural`` (any other),
            in each language by its own plural rule.
    """

    template: str
    params: Mapping[str, Any] = attrs.field(factory=dict)
    plural: str | None = None
    n: int = 1

    def in_language(self, lang: str) -> str:
        """The message in ``lang`` (``"en"``, ``"sv"``, ``"nb"``).

        Raises:
            LanguageError: for an unknown language.
        """
        code = language(lang)
        catalog = translations("errors", code)
        template = (
            catalog.gettext(self.template)
            if self.plural is None
            else catalog.ngettext(self.template, self.plural, self.n)
        )
        values = {
            key: value.in_language(code) if isinstance(value, Message) else _named(value, code)
            for key, value in self.params.items()
        }
        return template.format(**values)

    def __str__(self) -> str:
        template = self.template if self.plural is None or self.n == 1 else self.plural
        return template.format(
            **{
                k: str(v) if isinstance(v, Message) else _named(v, "en")
                for k, v in self.params.items()
            }
        )


@attrs.frozen(slots=True)
class CardShown:
    """A card in a message: its code in English (``G9``), its name in
    Swedish and Norwegian (``grön 9``), where the English code may not be
    read (a bare ``G`` is refused there).

    Attributes:
        card: the card (anything with ``code`` and ``name_in(lang)``).
    """

    card: Any

    def name_in(self, lang: str) -> str:
        """The card as a message in ``lang`` shows it."""
        return str(self.card.code) if lang == "en" else str(self.card.name_in(lang))

    def __str__(self) -> str:
        return str(self.card.code)


@attrs.frozen(slots=True)
class CodesShown:
    """Card codes in a message (``"O3:G1 / O3:G3"``), as each language
    writes them (``O3:Gr1`` in Swedish and Norwegian).

    Attributes:
        text: the codes in English.
        forms: ``(lang, text)`` for each other language that writes them
            otherwise.
    """

    text: str
    forms: tuple[tuple[str, str], ...] = ()

    def name_in(self, lang: str) -> str:
        """The codes as ``lang`` writes them."""
        return dict(self.forms).get(lang, self.text)

    def __str__(self) -> str:
        return self.text


def _named(value: Any, lang: str) -> Any:
    """A field's value in ``lang``: a record that names itself in each
    language (a card, a face, a colour: ``name_in``) by that name; any
    other value as it is."""
    named = getattr(value, "name_in", None)
    if named is not None and not isinstance(value, type):
        return named(lang)
    return value


def msg(template: str, /, **params: Any) -> Message:
    """A translatable message: ``template`` (English, with ``{name}`` fields
    and a literal string, so that ``pybabel extract`` finds it) and the value
    of each field."""
    return Message(template, params)


def msg_n(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A translatable message whose words depend on the count ``n``:
    ``singular`` for 1, ``plural`` otherwise (in English; each language picks
    its own form), with the value of each field (``n`` is not one of them:
    give the count as a field too where the text shows it)."""
    return Message(singular, params, plural, n)


def os_reason(error: OSError, *, writing: bool = False) -> Message | str:
    """Why a file could not be read (or, with ``writing``, written): a
    translatable message for the common reasons (no such file or folder, a
    folder, no permission), else the system's own words.

    Args:
        error: the error ``open`` or ``read_bytes`` raised.
        writing: whether the file was being written.
    """
    if isinstance(error, FileNotFoundError):
        return msg("its folder does not exist") if writing else msg("there is no such file")
    if isinstance(error, IsADirectoryError):
        return msg("it is a folder, not a file")
    if isinstance(error, PermissionError):
        if writing:
            return msg("permission to write it is denied")
        return msg("permission to read it is denied")
    return error.strerror or str(error)


# Compiled with mypyc, the errors stay Python classes (not native): BotError
# adds RuntimeError as a second base, which a native class cannot have, and
# mypyc refuses a Python class that extends a native one ("Non-extension
# classes may not inherit from extension classes").
@mypyc_attr(native_class=False)
class UnoError(ValueError):
    """Base class of every error raised by unorules.

    Args:
        message: what was wrong and where: a :class:`Message` (translatable)
            or a plain English string.
    """

    def __init__(self, message: str | Message = "", *args: object) -> None:
        self.message: Message | None = message if isinstance(message, Message) else None
        super().__init__(str(message), *args)

    def text_in(self, lang: str) -> str:
        """The message in ``lang`` (``"en"``, ``"sv"``, ``"nb"``); English for
        a message given as a plain string.

        Raises:
            LanguageError: for an unknown language.
        """
        if self.message is None:
            return str(self)
        return self.message.in_language(lang)


@mypyc_attr(native_class=False)
class NotationError(UnoError):
    """Text that does not parse: a card code, a situation line or a move.

    Attributes:
        text: the whole text that was being parsed.
        position: 0-based offset of the offending character in ``text``.
        expected: what the parser expected at ``position``.

    The message names the 1-based column, what was found and what was expected.
    """

    def __init__(
        self,
        text: str,
        position: int,
        expected: str | Message,
        found: str | Message | None = None,
    ) -> None:
        self.text = text
        self.position = position
        self.expected = str(expected)
        if found is None:
            rest = text[position:].split()
            found = repr(rest[0]) if rest else msg("end of input")
        self.found = str(found)
        caret = f"\n  {text}\n  {' ' * position}^" if text else ""
        super().__init__(
            msg(
                "column {column}: expected {expected}, found {found}{caret}",
                column=position + 1,
                expected=expected,
                found=found,
                caret=caret,
            )
        )


@mypyc_attr(native_class=False)
class RuleSetError(UnoError):
    """A rule set that cannot be built: an unknown preset or rule ID, a rule
    that is catalogued but not yet available, or an invalid option.

    Attributes:
        rule_ids: the IDs involved (may be empty).
    """

    def __init__(self, message: str | Message, rule_ids: tuple[str, ...] = ()) -> None:
        self.rule_ids = rule_ids
        super().__init__(message)


@mypyc_attr(native_class=False)
class SituationError(UnoError):
    """A position that cannot exist: a player count outside the deck's range,
    more copies of a card than the deck holds, a seat number out of range, a
    wild top card without a named colour, and the like."""


@mypyc_attr(native_class=False)
class StateError(SituationError):
    """A :class:`~unorules.state.GameState` that cannot exist (see
    :func:`unorules.validate_state`).

    Attributes:
        field: the state field at fault (``"hands"``, ``"wd4.player"``, ...).

    The message starts with the field: ``"uno_missed: seat 1 holds 7 cards ..."``;
    ``message`` is a :class:`Message` (translatable) or a plain English string.
    """

    def __init__(self, field: str, message: str | Message) -> None:
        self.field = field
        super().__init__(msg("{field}: {message}", field=field, message=message))


@mypyc_attr(native_class=False)
class LanguageError(UnoError):
    """A language the library has no texts in (the known ones are ``en``,
    ``sv`` and ``nb``), or a text catalog missing from the installation."""


@mypyc_attr(native_class=False)
class PolicyError(UnoError):
    """A policy of the table's own (a :class:`~unorules.rules.house.HouseRule`
    or a policy object put into a slot) failed while the engine asked it a
    question: it raised, or its answers left a state that cannot exist. The
    message names the policies of the rule set that are not the library's."""


@mypyc_attr(native_class=False)
class IllegalMove(UnoError):
    """A move that the rules do not allow in this state.

    Attributes:
        move: the move that was refused.
        rule_ids: the rule IDs (:mod:`unorules.rules.catalogue`) of the rules it breaks.

    The message names the move, the situation and the rule.
    """

    def __init__(
        self, message: str | Message, move: object = None, rule_ids: tuple[str, ...] = ()
    ) -> None:
        self.move = move
        self.rule_ids = rule_ids
        super().__init__(message)


@mypyc_attr(native_class=False)
class RecordError(UnoError):
    """A game record (:mod:`unorules.records`) that cannot be read: a line
    that is no JSON, an unknown or missing key, a tag the text form does not
    know, a move the notation cannot read, a card the deck cannot hold, a
    deal that cannot be made.

    Attributes:
        line: the 1-based line of the record where the problem is.
        column: the 1-based column in that line.
        reason: what is wrong there, without the place (a :class:`Message`
            or a plain English string).
        source: the file the record was read from, if known.

    The message starts with the place: ``"line 3, column 18: expected ..."``
    (``"game.jsonl, line 3, column 18: ..."`` with a ``source``).
    """

    def __init__(
        self, line: int, column: int, reason: str | Message, source: str | None = None
    ) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        self.source = source
        place = {"line": line, "column": column, "reason": reason}
        if source is None:
            message = msg("line {line}, column {column}: {reason}", **place)
        else:
            message = msg(
                "{source}, line {line}, column {column}: {reason}", source=source, **place
            )
        super().__init__(message)

    def in_file(self, source: str) -> RecordError:
        """The same error, naming the file it is in."""
        return RecordError(self.line, self.column, self.reason, source)
