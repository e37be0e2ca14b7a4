"""The table file: what one family's table plays, in a TOML file.

A table file (``unorules.toml`` in the folder the command runs in, or any
file given with ``--table``) holds the table's name, its language, its rule
set, its players' names and its own house rules::

    name = "Köksbordet"
    language = "sv"
    rules = "svenska+kitchen-table"
    players = ["Anna", "Bo", "Cilla"]
    house_rules = ["table_rules:DRAW_TWO_ON_WD4"]

Every key may be left out. :func:`load_table` reads and checks one;
:func:`find_table` finds ``unorules.toml`` in a folder; :func:`example_table`
is a commented file a family can edit (``unorules table --init``).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "unorules.toml").write_text('players = ["Anna", "Bo"]', encoding="utf-8")
>>> load_table(find_table(folder)).players
('Anna', 'Bo')
"""

from __future__ import annotations

import re
import sys
import tomllib
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from unorules._mypyc import mypyc_attr
from unorules.errors import LanguageError, Message, NotationError, UnoError, msg, os_reason
from unorules.explanations.languages import ENGLISH, Language, Wording, language
from unorules.notation import check_names
from unorules.rules.house import HouseRule, load_house_rule

__all__ = [
    "TABLE_FILE",
    "TABLE_KEYS",
    "Table",
    "TableError",
    "example_table",
    "find_table",
    "load_table",
]

TABLE_FILE: Final = "unorules.toml"
"""The name of the table file looked for in a folder."""

TABLE_KEYS: Final[tuple[str, ...]] = ("name", "language", "rules", "players", "house_rules")
"""The keys a table file may hold."""


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


@mypyc_attr(native_class=False)  # as every error (unorules.errors)
class TableError(UnoError):
    """A table file that cannot be used: not found, not TOML, an unknown key,
    a value of the wrong type, an unknown language, a rule set that cannot be
    built, or a player's name that is empty, repeated or a number.

    Attributes:
        path: the file.
        key: the key at fault (``None`` for the file as a whole).
    """

    def __init__(self, path: Path | str, message: str | Message, key: str | None = None) -> None:
        self.path = Path(path)
        self.key = key
        super().__init__(message)


@attrs.frozen(slots=True)
class Table:
    """One table's settings, from a table file.

    Attributes:
        path: the file it was read from.
        name: the table's name (``""`` when not given).
        language: the table's language, or ``None`` when not given.
        rules: the preset string of the rule set, e.g.
            ``"svenska+kitchen-table"``, or ``None`` when not given.
        players: the players' names, seat 0 first (empty when not given).
        house_rules: the table's own rules as ``"MODULE:NAME"`` strings, as
            ``--house-rule`` takes them.
    """

    path: Path
    name: str = ""
    language: Language | None = None
    rules: str | None = None
    players: tuple[str, ...] = ()
    house_rules: tuple[str, ...] = ()

    def load_house_rules(self) -> tuple[HouseRule, ...]:
        """The table's own rules, imported (see
        :func:`unorules.rules.house.load_house_rule`); a module beside the
        table file is found too.

        Raises:
            TableError: a house rule that does not load (the reason inside).
        """
        folder = str(self.path.resolve().parent)
        if self.house_rules and folder not in sys.path:
            sys.path.append(folder)
        out = []
        for spec in self.house_rules:
            try:
                out.append(load_house_rule(spec))
            except UnoError as e:
                raise TableError(
                    self.path,
                    msg(
                        "{file}: house_rules: {error}",
                        file=self.path.name,
                        error=_reason(e),
                    ),
                    "house_rules",
                ) from None
        return tuple(out)


def _reason(error: UnoError) -> Message | str:
    return error.message if error.message is not None else str(error)


def find_table(directory: Path | str = ".") -> Path | None:
    """The table file of ``directory``: its ``unorules.toml`` when there is
    one, else ``None``."""
    path = Path(directory) / TABLE_FILE
    return path if path.is_file() else None


_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def load_table(path: Path | str) -> Table:
    """Read and check the table file ``path``.

    The rule set is built (:func:`unorules.rules.presets.get`, with the
    file's house rules) so that a table that cannot be played is refused
    here, with the file's name.

    Returns:
        The :class:`Table`.

    Raises:
        TableError: a file that cannot be read, is not TOML (the line and
            column), holds an unknown key, a value of the wrong type, an
            unknown language, a rule set that cannot be built (the preset's
            error inside), an empty, repeated or numeric player name, a
            name with spaces, or a single player.
    """
    from unorules.rules import presets

    path = Path(path)
    file = path.name
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise TableError(
            path,
            msg("cannot read the table file {file}: {reason}", file=str(path), reason=os_reason(e)),
        ) from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise TableError(path, msg("{file}: the table file is not UTF-8 text", file=file)) from None
    except tomllib.TOMLDecodeError as e:
        text = str(e)
        where = _TOML_WHERE.search(text)
        if where is None:
            raise TableError(
                path, msg("{file}: not valid TOML: {detail}", file=file, detail=text)
            ) from None
        raise TableError(
            path,
            msg(
                "{file}, line {line}, column {column}: not valid TOML: {detail}",
                file=file,
                line=int(where.group(1)),
                column=int(where.group(2)),
                detail=text[: where.start()],
            ),
        ) from None
    unknown = [k for k in data if k not in TABLE_KEYS]
    if unknown:
        raise TableError(
            path,
            msg(
                "{file}: unknown key {key}; a table file may hold {keys}",
                file=file,
                key=repr(unknown[0]),
                keys=", ".join(TABLE_KEYS),
            ),
            unknown[0],
        )
    name = _text(path, data, "name")
    rules = _text(path, data, "rules")
    lang_text = _text(path, data, "language")
    players = _texts(path, data, "players")
    house = _texts(path, data, "house_rules")
    lang: Language | None = None
    if lang_text is not None:
        try:
            lang = language(lang_text)
        except LanguageError:
            raise TableError(
                path,
                msg(
                    "{file}: language {value} is none of en (English), sv (Swedish), "
                    "nb (Norwegian Bokmål)",
                    file=file,
                    value=repr(lang_text),
                ),
                "language",
            ) from None
    players = _check_players(path, players)
    if name is not None and any(unicodedata.category(c).startswith("C") for c in name):
        raise TableError(
            path,
            msg("{file}: name: the table's name holds a control character", file=path.name),
            "name",
        )
    table = Table(
        path=path,
        name=(name or "").strip(),
        language=lang,
        rules=rules.strip() if rules is not None else None,
        players=players,
        house_rules=house,
    )
    own = table.load_house_rules()
    if table.rules is not None:
        try:
            presets.get(table.rules, house_rules=own)
        except UnoError as e:
            raise TableError(
                path,
                msg(
                    "{file}: rules = {value}: {error}",
                    file=file,
                    value=repr(table.rules),
                    error=_reason(e),
                ),
                "rules",
            ) from None
    return table


def _kind(value: object) -> Message:
    if isinstance(value, bool):
        return msg("true or false")
    if isinstance(value, int | float):
        return msg("a number")
    if isinstance(value, list):
        return msg("a list")
    if isinstance(value, dict):
        return msg("a table")
    if isinstance(value, str):
        return msg("a string")
    return msg("a date or time")


def _text(path: Path, data: dict[str, Any], key: str) -> str | None:
    if key not in data:
        return None
    value = data[key]
    if not isinstance(value, str):
        raise TableError(
            path,
            msg(
                "{file}: {key} must be a string in quotes, not {found}",
                file=path.name,
                key=key,
                found=_kind(value),
            ),
            key,
        )
    return value


def _texts(path: Path, data: dict[str, Any], key: str) -> tuple[str, ...]:
    if key not in data:
        return ()
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        found = (
            value
            if not isinstance(value, list)
            else next(v for v in value if not isinstance(v, str))
        )
        raise TableError(
            path,
            msg(
                "{file}: {key} must be a list of strings in quotes, e.g. {example}, "
                "but holds {found}",
                file=path.name,
                key=key,
                example='["Anna", "Bo"]' if key == "players" else '["table_rules:MY_RULE"]',
                found=_kind(found),
            ),
            key,
        )
    return tuple(v.strip() for v in value)


def _check_players(path: Path, players: Sequence[str]) -> tuple[str, ...]:
    file = path.name
    for seat, name in enumerate(players):
        if not name:
            raise TableError(
                path,
                msg("{file}: players: the name of seat {seat} is empty", file=file, seat=seat),
                "players",
            )
        if any(c.isspace() for c in name):
            raise TableError(
                path,
                msg(
                    "{file}: players: {name} holds a space; write each name as one word "
                    "(e.g. Anna-Karin)",
                    file=file,
                    name=repr(name),
                ),
                "players",
            )
        if name.isdigit():
            raise TableError(
                path,
                msg(
                    "{file}: players: {name} is a number, which would read as a seat",
                    file=file,
                    name=repr(name),
                ),
                "players",
            )
        if name.casefold() in (p.casefold() for p in players[:seat]):
            raise TableError(
                path,
                msg("{file}: players: {name} is named twice", file=file, name=repr(name)),
                "players",
            )
    if len(players) == 1:
        raise TableError(
            path,
            msg("{file}: players: a table has at least two players", file=file),
            "players",
        )
    try:
        return check_names(players)
    except NotationError as e:
        name = e.text[e.position :].split(" ", 1)[0]
        raise TableError(
            path,
            msg(
                "{file}: players: {name} cannot be a name at the table: {why}",
                file=file,
                name=repr(name),
                why=e.message.params["expected"] if e.message is not None else e.expected,
            ),
            "players",
        ) from None


def example_table(w: Wording = ENGLISH) -> str:
    """A commented table file a family can edit, the comments in ``w``'s
    language; it loads as it is (:func:`load_table`)."""
    lines = [
        _(w, "# The table file of unorules: what your table plays."),
        _(w, "# Put it in the folder you run unorules in, named unorules.toml,"),
        _(w, "# or give it with --table FILE. Lines starting with # are comments."),
        "",
        _(w, "# The table's name."),
        'name = "{}"'.format(_(w, "Kitchen table")),
        "",
        _(w, "# The language: en (English), sv (Swedish) or nb (Norwegian Bokmål)."),
        f'language = "{w.lang}"',
        "",
        _(w, "# The rule set: a preset, then + and rule IDs (see: unorules rules)."),
        _(w, "# For example official, svenska+kitchen-table or official+house.jump-in."),
        'rules = "{}"'.format({"en": "official", "sv": "svenska", "nb": "norsk"}[w.lang]),
        "",
        _(w, "# The players' names, the first at seat 0, then in the order of play."),
        _(w, "# Each name is one word."),
        'players = ["Anna", "Bo", "Cilla"]',
        "",
        _(w, "# The table's own rules, written in Python: MODULE:NAME, as --house-rule."),
        "house_rules = []",
    ]
    return "\n".join(lines) + "\n"
