"""The ``unorules`` command line.

``unorules explain SITUATION MOVE...`` settles a dispute: it sets up the
situation (see :mod:`unorules.notation`), applies the moves in order and
judges the last one, printing the short verdict (what the move costs and
whom, and who does what next); ``--long`` prints the whole verdict with the
rules cited and their texts. ``unorules rules`` lists the rule IDs,
``unorules simulate`` plays bots against each other, ``unorules table``
shows the table file or writes an example one.

Language: ``--lang en|sv|nb`` (before or after the command), else the table
file's ``language``, else ``UNORULES_LANG``, else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English. Everything printed for people is in
that language: help, headings, verdicts, notes and errors. ``--json`` keeps
its English keys and rule IDs and adds ``"lang"`` and the texts in the
language.

The table file (:mod:`unorules.table`): ``--table FILE``, else
``unorules.toml`` in the current folder, unless ``--no-table``. Its rule set
and language apply unless ``--rules`` (``rules --preset``) or ``--lang`` is
given; its players' names apply when the situation has no ``names`` clause
and has as many seats as the table has players.

``unorules check RECORD`` and ``unorules replay RECORD --at N`` check a game
record against the rules and show its positions
(:mod:`unorules.record_commands`).

Exit status: 0 when a verdict or listing was printed, 1 when ``rules check``
found problems or ``check`` found a game not clean, 2 for a usage error (bad
notation, unknown rule ID, impossible situation, a bad table file, a record
that cannot be read, no command). With ``--json`` an
error is printed as JSON on stdout, ``{"error": {"command": ..., "message":
..., "status": 2, "lang": ..., "text": ...}}`` (``message`` in English,
``text`` in the language), and nothing on stderr. A command's options may
come anywhere among its arguments.

Cards nobody gave (a hand's ``?N``, or the draw pile when no ``draw``
clause gives it) are dealt at random from the situation's seed. A seat with
unknown cards that lays a card is taken to have held it: the copy comes from
the cards out of play, from a draw pile nobody gave, or from another seat's
unknown cards (never from a given draw pile or given cards); an unknown drawn
card is taken to be the card laid when that makes the play allowed. The same
moves are then judged under several other deals; a verdict that changes
(legal, illegal, bluff or no effect, or the first rule cited) is marked as
assumed and noted under "Assumes:".
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import textwrap
import tomllib
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

import attrs

from unorules import record_commands, serve
from unorules.errors import LanguageError, RecordError, RuleSetError, UnoError, msg, os_reason
from unorules.explanations.headline import move_phrase
from unorules.explanations.languages import (
    ENGLISH,
    LANGUAGE_NAMES,
    Language,
    Wording,
    language,
    preset_description_in,
    resolve_language,
    rule_in,
    section_in,
    translations,
)
from unorules.explanations.sentences import plain
from unorules.explanations.verdicts import Verdict, describe_state
from unorules.files import MAX_TABLE_BYTES, read_user_file
from unorules.judging import (
    _join_moves,
    _Judged,
    _judged,
    _reason,
)
from unorules.moves import Move
from unorules.notation import parse_moves
from unorules.play import simulate
from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE, SECTIONS, SOURCES
from unorules.rules.house import HouseRule, load_house_rule
from unorules.rules.policies import MostCardsOut, SingleRound
from unorules.rules.ruleset import RuleSet
from unorules.serialize import event_json
from unorules.state import GameState
from unorules.table import TABLE_FILE, Table, TableError, example_table, find_table, load_table

__all__ = ["main"]


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    return w.ngettext("cli", singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the ``cli`` catalog; it is translated where used."""
    return message


# argparse's own words that a user sees, translated in the cli catalog and
# given to argparse while the command line is parsed (see _argparse_speaks).
_ARGPARSE_WORDS: Final = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
)

_COMMANDS: Final = ("explain", "rules", "simulate", "table", "check", "replay")
_TABLE_COMMANDS: Final = ("explain", "rules", "simulate", "table", "check", "replay")


def _examples(w: Wording) -> str:
    return _(
        w,
        "examples:\n"
        '  unorules explain "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0" "0 play W+4 blue"\n'
        '  unorules explain "top R5; hands R+2 G1 / B+2 Y3 / ?5" "0 play R+2" "1 play B+2"\n'
        "  unorules explain --long --rules official+house.stack-draw-two "
        '"top R5; hands R+2 G1 / B+2 Y3 / ?5" \\\n'
        '      "0 play R+2; 1 play B+2"\n'
        '  unorules explain --lang sv "top R7; hands R3 W+4 G5 / ?7; names Anna Bo" '
        '"0 play W+4 blå"\n'
        "  unorules rules\n"
        "  unorules simulate --rounds 200 --bots heuristic,random\n"
        "  unorules table --init\n"
        "  unorules check game.jsonl\n"
        "  unorules replay game.jsonl --at 12\n"
        "  unorules serve --lan\n"
        "\n"
        'With --json, errors come as JSON on stdout: {"error": {"command", "message", '
        '"status"}}.\n',
    )


class _UsageError(Exception):
    """A command line argparse refused: the parser that refused and why."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser = parser


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors :func:`main` reports (as text or JSON)."""

    intermixed = False

    def error(self, message: str) -> NoReturn:
        raise _UsageError(self, message)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse ``args``; a command's options may come before, between or
        after its positional arguments."""
        if not self.intermixed:
            return super().parse_known_args(args, namespace)
        self.intermixed = False
        usage = self.usage
        if usage is None:
            # argparse would cut its English "usage: " off the usage line.
            prefix = vars(argparse)["_"]("usage: ")
            self.usage = self.format_usage()[len(prefix) :]
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self.intermixed = True
            self.usage = usage


@contextlib.contextmanager
def _argparse_speaks(w: Wording) -> Iterator[None]:
    """While inside, argparse's own words (usage, headings, its errors) come
    from the cli catalog in ``w``'s language."""
    if w.lang == "en":
        yield
        return
    catalog = translations("cli", w.lang)
    module = vars(argparse)
    saved = {name: module[name] for name in ("_", "ngettext")}
    module.update(_=catalog.gettext, ngettext=catalog.ngettext)
    try:
        yield
    finally:
        module.update(saved)


def _language_option(w: Wording) -> Callable[[str], Language]:
    def parse(value: str) -> Language:
        try:
            return language(value)
        except LanguageError:
            raise argparse.ArgumentTypeError(
                _(w, "unknown language {value}; languages are en, sv, nb").format(value=repr(value))
            ) from None

    return parse


def _add_common(parser: argparse.ArgumentParser, w: Wording, *, table: bool) -> None:
    """``--lang`` (and with ``table``, ``--table``/``--no-table``) on ``parser``;
    their defaults are left out so that the main parser's value stands."""
    parser.add_argument(
        "--lang",
        type=_language_option(w),
        default=argparse.SUPPRESS,
        metavar="LANG",
        help=_(
            w,
            "the language to write in and to read the cards in: en (English), sv (Swedish), "
            "nb (Norwegian Bokmål); in sv and nb yellow is Gu (or Y) and green Gr, so a bare G "
            "is refused; default: the table file's, else UNORULES_LANG, else the locale, "
            "else English",
        ),
    )
    if not table:
        return
    parser.add_argument(
        "--table",
        nargs="?",
        const=TABLE_FILE,
        default=argparse.SUPPRESS,
        metavar="FILE",
        help=_(
            w,
            "the table file (TOML: name, language, rules, players, house_rules); "
            "default: unorules.toml in the current folder, if there is one",
        ),
    )
    parser.add_argument(
        "--no-table",
        action="store_true",
        default=argparse.SUPPRESS,
        help=_(w, "ignore the table file"),
    )


def _parser(w: Wording = ENGLISH) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="unorules",
        description=_(w, "UNO rules engine: settle a dispute with a verdict that cites the rule."),
        epilog=_examples(w),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=_version(),
        help=_(w, "show the program's version and exit"),
    )
    _add_common(parser, w, table=False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ex = sub.add_parser(
        "explain",
        help=_(w, "judge a disputed move in a situation"),
        description=_(
            w,
            "Set up SITUATION, apply the MOVEs in order and judge the last one: the short "
            "verdict, or with --long the whole verdict with the rules cited. "
            "Situation grammar: clauses separated by ';' -- top CARD [COLOUR]; "
            "hands HAND / HAND / ... (seat 0 first, ?N = N unknown cards); turn SEAT; "
            "dir cw|ccw; color COLOUR; draw CARDS; discard CARDS; dealer SEAT; seed N; "
            "scores N N ...; names NAME NAME .... Moves: '0 play W+4 blue', '1 draw', "
            "'1 pass', '0 uno', '2 catch 0', '1 challenge', '0 color red', "
            "'0 play R7 swap 2', '0 play G5 x2', '1 timeout'; several in one argument are "
            "separated by ';'.",
        ),
        epilog=_examples(w),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ex.add_argument("situation", metavar="SITUATION", help=_(w, "the position, in one line"))
    ex.add_argument("moves", metavar="MOVE", nargs="+", help=_(w, "the moves; the last is judged"))
    ex.add_argument(
        "--rules",
        "-r",
        default=None,
        metavar="PRESET",
        help=_(
            w,
            "preset and rule IDs, e.g. official+house.stack-draw-two (default: the table "
            "file's, else official); not together with --compare",
        ),
    )
    add_house_rule_option(ex, w)
    ex.add_argument(
        "--long",
        action="store_true",
        help=_(w, "the whole verdict: the rules cited with their texts, what happens, remedies"),
    )
    ex.add_argument(
        "--json",
        action="store_true",
        help=_(w, "print the verdict as JSON (an error too, on stdout)"),
    )
    ex.add_argument(
        "--compare",
        "-c",
        metavar="PRESETS",
        help=_(
            w,
            "two or more comma-separated preset strings: give the verdict under each, side "
            "by side (e.g. official,svenska,kitchen-table); long ones are labelled A, B, ...",
        ),
    )
    _add_common(ex, w, table=True)

    rl = sub.add_parser(
        "rules",
        help=_(w, "list the rule IDs with one-line texts, or check a combination"),
        description=_(
            w,
            "'unorules rules' lists every rule ID (with a table file: what the table "
            "plays); 'unorules rules check PRESET' reports rules that contradict or can "
            "never apply; 'unorules rules compare A,B' shows where rule sets differ.",
        ),
    )
    rl.add_argument(
        "action",
        nargs="?",
        choices=["list", "check", "compare"],
        default="list",
        help=_(w, "list (default), check or compare"),
    )
    rl.add_argument(
        "spec",
        nargs="?",
        metavar="PRESET",
        help=_(
            w,
            "the preset string to check, or for compare two or more comma-separated ones "
            "(e.g. letsuno,official)",
        ),
    )
    rl.add_argument(
        "--preset",
        metavar="PRESET",
        help=_(w, "show only the rules in force in this preset string"),
    )
    add_house_rule_option(rl, w)
    rl.add_argument(
        "--json",
        action="store_true",
        help=_(w, "print as JSON, with texts and sources (an error too, on stdout)"),
    )
    _add_common(rl, w, table=True)

    simulate.add_parser(sub, w)
    sim = sub.choices["simulate"]
    for action in sim._actions:
        if action.dest == "rules":
            action.default = None
            action.help = _(
                w,
                "preset and rule IDs, e.g. official+house.stack-draw-two (default: the table "
                "file's, else official)",
            )
    _add_common(sim, w, table=True)

    tb = sub.add_parser(
        "table",
        help=_(w, "show the table file, or write an example one to edit"),
        description=_(
            w,
            "'unorules table' shows what the table file says (the table's name, language, "
            "players and rules); 'unorules table --init [FILE]' writes a commented example "
            "table file (default unorules.toml), never over a file that exists.",
        ),
    )
    tb.add_argument(
        "--init",
        nargs="?",
        const=TABLE_FILE,
        default=None,
        metavar="FILE",
        help=_(w, "write an example table file to FILE (default unorules.toml)"),
    )
    tb.add_argument(
        "--json",
        action="store_true",
        help=_(w, "print the table as JSON (an error too, on stdout)"),
    )
    _add_common(tb, w, table=True)
    record_commands.add_parsers(sub, w)
    serve.add_parser(sub, w)
    _add_common(sub.choices["serve"], w, table=False)
    for name in ("check", "replay"):
        _add_common(sub.choices[name], w, table=False)
    for command in sub.choices.values():
        if isinstance(command, _Parser):
            command.intermixed = True
    return parser


def add_house_rule_option(parser: argparse.ArgumentParser, w: Wording = ENGLISH) -> None:
    """Add ``--house-rule MODULE:NAME`` (repeatable) to ``parser``, its help
    in ``w``'s language."""
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="MODULE:NAME",
        help=_(
            w,
            "a table's own rule: a unorules.HouseRule named NAME in MODULE (imported from "
            "the current directory or the Python path), e.g. table_rules:DRAW_TWO_ON_WD4; its "
            "ID may then be named in the preset string; repeat for more",
        ),
    )


def house_rules_of(args: argparse.Namespace) -> tuple[HouseRule, ...]:
    """The table's own rules given with ``--house-rule``.

    Raises:
        RuleSetError: a value that is not ``module:NAME``, a module that does
            not import, a missing name, or a value that is no ``HouseRule``.
    """
    return tuple(load_house_rule(spec) for spec in getattr(args, "house_rule", None) or ())


def _version() -> str:
    from unorules import __version__

    return f"unorules {__version__}"


@attrs.frozen
class _Setting:
    """What the words of a command line say about language and table, read
    before the parser is built (in its language)."""

    lang: str | None = None
    table: str | None = None
    no_table: bool = False
    command: str | None = None


def _read_setting(words: Sequence[str]) -> _Setting:
    """``--lang``, ``--table`` and ``--no-table`` from ``words`` (up to a
    ``--``), and the command."""
    lang = table = command = None
    no_table = False
    upto = list(words[: words.index("--")] if "--" in words else words)
    for i, word in enumerate(upto):
        following = upto[i + 1] if i + 1 < len(upto) else None
        if word == "--lang" and following is not None:
            lang = following
        elif word.startswith("--lang="):
            lang = word.partition("=")[2]
        elif word == "--table":
            table = (
                following if following is not None and not following.startswith("-") else None
            ) or TABLE_FILE
        elif word.startswith("--table="):
            table = word.partition("=")[2]
        elif word == "--no-table":
            no_table = True
        elif command is None and word in _COMMANDS:
            command = word
    return _Setting(lang, table, no_table, command)


def _find_table(setting: _Setting) -> Path | None:
    """The table file a command uses: ``--table``'s, else ``unorules.toml``
    in the current folder; none with ``--no-table`` or for a command that
    takes none.

    Raises:
        UnoError: both ``--table`` and ``--no-table``.
    """
    if setting.command not in _TABLE_COMMANDS:
        return None
    if setting.no_table and setting.table is not None:
        raise UnoError(msg("give either --table or --no-table, not both"))
    if setting.no_table:
        return None
    if setting.table is not None:
        return Path(setting.table)
    return find_table(Path.cwd())


def _choose_language(
    setting: _Setting, table: Table | None, environ: Mapping[str, str] | None = None
) -> Language:
    """``--lang``'s language, else the table's, else the environment's
    (:func:`~unorules.explanations.languages.resolve_language`).

    Raises:
        LanguageError: an unknown ``--lang`` or ``UNORULES_LANG``.
    """
    if setting.lang is not None:
        return language(setting.lang)
    if table is not None and table.language is not None:
        return table.language
    return resolve_language(None, environ)


def _language_in_file(path: Path) -> Language | None:
    """The language a table file names, read as far as it can be, so that
    the errors in a file that cannot be loaded are said in its language."""
    try:
        said = tomllib.loads(read_user_file(path, MAX_TABLE_BYTES).decode("utf-8-sig")).get(
            "language"
        )
        return language(said) if isinstance(said, str) else None
    except (OSError, ValueError, UnicodeDecodeError):
        return None


def _may_run_table_code(setting: _Setting) -> bool:
    """Whether the table file's ``house_rules`` may be imported: only when
    the file was named on the command line (``--table FILE``), never for a
    ``unorules.toml`` found in the current folder, and never for ``check``
    and ``replay``, which run no code from anywhere."""
    return setting.table is not None and setting.command not in ("check", "replay")


def _refuse_implicit_code(table: Table | None, setting: _Setting) -> None:
    """Refuse to go on with a table file found in the current folder whose
    ``house_rules`` were not imported, saying what was not run and how to run it.

    Raises:
        TableError: such a table.
    """
    if table is None or not table.house_rules or _may_run_table_code(setting):
        return
    raise TableError(
        table.path,
        msg(
            "{file}: house_rules: {rules} not loaded: code is run only from a table "
            "file named on the command line; to run it, give --table {file}, or "
            "--no-table to play without the table file ({more} to play its own rules "
            "without it)",
            file=str(table.path),
            rules=", ".join(table.house_rules),
            more=" ".join(f"--house-rule {rule}" for rule in table.house_rules),
        ),
        "house_rules",
    )


def _first_guess(setting: _Setting) -> tuple[Language, Table | None]:
    """The language to build the parser in, from the words alone: a bad
    ``--lang``, table file or ``UNORULES_LANG`` is reported after parsing."""
    table = None
    path: Path | None = None
    try:
        if setting.command is None and not setting.no_table:
            path = Path(setting.table) if setting.table else find_table(Path.cwd())
        else:
            path = _find_table(setting)
        table = load_table(path, load_code=False) if path is not None else None
    except UnoError:
        pass
    try:
        if table is None and setting.lang is None and path is not None:
            said = _language_in_file(path)
            if said is not None:
                return said, None
        return _choose_language(setting, table), table
    except LanguageError:
        pass
    try:
        return _choose_language(attrs.evolve(setting, lang=None), table), table
    except LanguageError:
        return "en", table


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 1 when ``rules check`` finds problems,
        2 on a usage error or a failure (a bot that raises in ``simulate``;
        then the message is on stderr, or with ``--json`` a JSON object
        ``{"error": {...}}`` on stdout; ``simulate --traceback`` adds the
        whole traceback on stderr), 130 when interrupted (Ctrl-C: one line
        on stderr). With no arguments the help is printed on stderr and the
        status is 2.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):
        # A terminal that cannot show a letter (å, ø) or the dash of a verdict
        # gets a stand-in, not a traceback.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    as_json = "--json" in (words[: words.index("--")] if "--" in words else words)
    guess, _table = _first_guess(_read_setting(words))
    w = Wording(guess)
    with _argparse_speaks(w):
        parser = _parser(w)
        if not words:
            parser.print_help(sys.stderr)
            return 2
        try:
            args, extras = parser.parse_known_args(words)
            if extras:
                known = getattr(args, "command", None)
                refuser = _sub_parser(parser, known) if known else parser
                refuser.error(
                    _(w, "unrecognized arguments: {words}").format(words=" ".join(extras))
                )
        # Not named e: compiled with mypyc, a name bound by two except clauses
        # of one function keeps the first clause's type (``except UnoError as e``
        # below would fail on the cast to _UsageError).
        except _UsageError as refused:
            command = refused.parser.prog.removeprefix("unorules").strip() or None
            if as_json:
                return _fail_json(command, str(refused), w)
            refused.parser.print_usage(sys.stderr)
            sys.stderr.write(
                _(w, "{prog}: error: {message}").format(prog=refused.parser.prog, message=refused)
                + "\n"
            )
            return 2
    status = 0
    setting = _Setting(
        getattr(args, "lang", None),
        getattr(args, "table", None),
        bool(getattr(args, "no_table", False)),
        args.command,
    )
    if args.command == "table" and args.init is not None:
        setting = attrs.evolve(setting, table=None, no_table=True)
    try:
        w = Wording(_choose_language(setting, None))
        path = _find_table(setting)
        if path is not None and setting.lang is None:
            said = _language_in_file(path)
            w = Wording(said) if said is not None else w
        table = (
            load_table(path, load_code=_may_run_table_code(setting)) if path is not None else None
        )
        w = Wording(_choose_language(setting, table))
        if args.command not in ("check", "replay"):
            _refuse_implicit_code(table, setting)
        out, status = _run(args, w, table)
    except KeyboardInterrupt:
        # The command has stopped its worker processes or Ray on the way out.
        sys.stderr.write(_(w, "{prog}: interrupted").format(prog=f"unorules {args.command}") + "\n")
        return 130
    except UnoError as e:
        if getattr(args, "traceback", False):
            traceback.print_exception(e, file=sys.stderr)
        if as_json:
            return _fail_json(args.command, str(e), w, e)
        sys.stderr.write(
            _(w, "{prog}: error: {message}").format(
                prog=f"unorules {args.command}", message=e.text_in(w.lang)
            )
            + "\n"
        )
        return 2
    sys.stdout.write(out + "\n")
    return status


def _run(args: argparse.Namespace, w: Wording, table: Table | None) -> tuple[str, int]:
    """Run the parsed command: its output and exit status.

    Raises:
        UnoError: anything the command refuses (in ``w``'s language with
            :meth:`~unorules.errors.UnoError.text_in`).
    """
    if args.command in ("check", "replay"):
        return record_commands.run(args, w)
    if args.command == "serve":
        return serve.run(args, w)
    own = house_rules_of(args)
    if args.command == "table":
        return _table_command(args.init, args.json, table, w), 0
    if table is not None:
        own = own + tuple(h for h in table.load_house_rules() if h not in own)
    if args.command == "simulate":
        if args.rules is None:
            args.rules = (table.rules if table else None) or "official"
        args.house_rule = list(args.house_rule) + list(table.house_rules if table else ())
        args.lang = w.lang
        return args.func(args), 0
    if args.command == "explain" and args.compare is not None:
        if args.rules is not None:
            raise UnoError(
                msg(
                    "give either --rules or --compare, not both (put {rules} in the "
                    "--compare list to judge under it too)",
                    rules=repr(args.rules),
                )
            )
        return _compare(args.situation, args.moves, args.compare, args.json, own, w, table), 0
    if args.command == "explain":
        preset = (
            args.rules if args.rules is not None else (table.rules if table else None) or "official"
        )
        return (
            _explain(args.situation, args.moves, preset, args.json, own, w, table, long=args.long),
            0,
        )
    if args.action == "compare":
        if args.spec is None or not args.spec.strip():
            raise UnoError(
                msg(
                    "'rules compare' needs two or more comma-separated presets, e.g. "
                    "letsuno,official"
                )
            )
        return _rules_compare(args.spec, args.json, own, w), 0
    if args.action == "check":
        if args.spec is None or not args.spec.strip():
            raise UnoError(msg("'rules check' needs a preset string, e.g. official+house.kids"))
        if args.preset is not None:
            raise UnoError(
                msg("'rules check' takes its preset string as an argument, not --preset")
            )
        return _check(args.spec, args.json, own, w)
    if args.spec is not None:
        raise UnoError(
            msg(
                "'rules list' takes no preset string ({spec}): "
                "use 'rules --preset PRESET' or 'rules check PRESET'",
                spec=repr(args.spec),
            )
        )
    if table is not None and args.preset is None:
        return _table_rules(table, args.json, own, w), 0
    return _rules(args.preset, args.json, own, w), 0


def _sub_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of ``command`` (``parser`` itself when it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices.get(command)
            if isinstance(found, argparse.ArgumentParser):
                return found
    return parser


def _fail_json(command: str | None, message: str, w: Wording, error: UnoError | None = None) -> int:
    """Print a usage error as JSON on stdout (``message`` in English, ``text``
    in ``w``'s language); the exit status (2)."""
    data: dict[str, Any] = {"command": command, "message": message, "status": 2}
    data["lang"] = w.lang
    data["text"] = error.text_in(w.lang) if error is not None else message
    if error is not None:
        data["type"] = type(error).__name__
        rule_ids = getattr(error, "rule_ids", ())
        if rule_ids:
            data["rule_ids"] = list(rule_ids)
        if isinstance(error, RecordError):
            data["line"] = error.line
            data["column"] = error.column
    sys.stdout.write(json.dumps({"error": data}, indent=2) + "\n")
    return 2


def _explain(
    situation_text: str,
    move_args: Sequence[str],
    preset: str,
    as_json: bool,
    house_rules: tuple[HouseRule, ...] = (),
    w: Wording = ENGLISH,
    table: Table | None = None,
    *,
    long: bool = False,
) -> str:
    judged = _judged(situation_text, move_args, preset, house_rules, w, table)
    if as_json:
        data = _json(judged.rules.name, judged.start, judged.verdicts, judged.total)
        data["lang"] = w.lang
        data["assumes"] = judged.caveats
        data["notes"] = judged.notes
        if table is not None:
            data["table"] = _table_json(table)
        return json.dumps(data, indent=2)
    if long and w.lang == "en" and not judged.names:
        body = _text(judged.rules.name, judged.start, judged.verdicts, judged.total)
    else:
        body = _short_text(judged, w, long=long)
    notes = [_wrap(_(w, "Note: {note}").format(note=n), "") for n in judged.notes]
    header = _(w, "Rules: {rules}").format(rules=judged.rules.name)
    if table is not None and long and body.startswith(header + "\n"):
        named = _(w, "Rules: {rules} (table file {file})").format(
            rules=judged.rules.name, file=table.path.name
        )
        body = named + body[len(header) :]
    if table is not None and not long:
        # The table file decides silently otherwise: say whose rules these are.
        notes.insert(
            0,
            _wrap(
                _(w, "Rules: {rules} (table file {file})").format(
                    rules=judged.rules.name, file=table.path.name
                ),
                "",
            ),
        )
    text = "\n\n".join([*notes, body])
    if judged.caveats:
        text += "\n\n" + _(w, "Assumes:") + "\n"
        text += "\n".join(_wrap(f"- {c}", "  ", "  ") for c in judged.caveats)
    return text


def _short_text(judged: _Judged, w: Wording, *, long: bool) -> str:
    """The verdicts as each says itself in ``w``'s language: the moves before
    the last numbered, each with its short verdict; the last one short, or
    whole with ``long`` (then under the rule set's name)."""
    verdicts = judged.verdicts
    lines: list[str] = []
    if long:
        lines += [_(w, "Rules: {rules}").format(rules=judged.rules.name), ""]
    for i, v in enumerate(verdicts[:-1], 1):
        lines.append(f"{i}. {_move_label(Wording(w.lang, v.names), v.move)}")
        lines += [_fill(t, "   ") for t in v.text_in(w.lang).splitlines()]
    last = verdicts[-1]
    if len(verdicts) > 1:
        lines.append(f"{len(verdicts)}. {_move_label(Wording(w.lang, last.names), last.move)}")
        lines += [_fill(t, "   ") for t in last.text_in(w.lang, long=long).splitlines()]
    else:
        lines += [_fill(t, "") for t in last.text_in(w.lang, long=long).splitlines()]
    left = judged.total - len(verdicts)
    if left:
        lines.append(
            _n(
                w,
                "({count} move after this one was not applied)",
                "({count} moves after this one were not applied)",
                left,
            ).format(count=left)
        )
    return "\n".join(lines)


def _compare(
    situation_text: str,
    move_args: Sequence[str],
    specs: str,
    as_json: bool,
    house_rules: tuple[HouseRule, ...] = (),
    w: Wording = ENGLISH,
    table: Table | None = None,
) -> str:
    """The verdict on the same dispute under several rule sets."""
    names = simulate.comma_entries(
        "--compare", specs, msg("give at least two preset strings separated by commas")
    )
    if len(names) < 2:
        raise UnoError(msg("--compare needs at least two preset strings separated by commas"))
    twice = [n for i, n in enumerate(names) if n in names[:i]]
    if twice:
        raise UnoError(msg("--compare names {name} twice", name=repr(twice[0])))
    rows = []
    caveats: list[str] = []
    notes: list[str] = []
    for name in names:
        try:
            judged = _judged(situation_text, move_args, name, house_rules, w, table)
        except UnoError as e:
            raise UnoError(msg("under {rules}: {error}", rules=name, error=_reason(e))) from None
        verdicts = judged.verdicts
        rows.append((name, verdicts[-1], len(verdicts) < judged.total, len(verdicts)))
        caveats += [c for c in judged.caveats if c not in caveats]
        notes += [n for n in judged.notes if n not in notes]
    last = parse_moves(_join_moves(move_args), lang=w.lang, names=judged.names)[-1]
    verdict_differs = len({(r[1].verdict, r[3]) for r in rows}) > 1
    outlook_differs = len({r[1].outlook for r in rows}) > 1
    # Effects are compared by what happens; the rules cited are listed anyway.
    common = set.intersection(*({text for _, text in v.effects} for _, v, _, _ in rows))
    effects_differ = any({text for _, text in v.effects} != common for _, v, _, _ in rows)
    if as_json:
        by_rules = {}
        for name, v, stopped, judged_count in rows:
            by_rules[name] = {**v.to_dict(), "stopped_at": judged_count if stopped else None}
        return json.dumps(
            {
                "move": str(last),
                "lang": w.lang,
                "differs": {
                    "verdict": verdict_differs,
                    "outlook": outlook_differs,
                    "effects": effects_differ,
                },
                "by_rules": by_rules,
                "assumes": caveats,
                "notes": notes,
            },
            indent=2,
        )
    labels = _compare_labels(names)
    width = max(len(label) for label in labels)
    pad = " " * (width + 4)
    lines = [_wrap(_(w, "Note: {note}").format(note=n), "") for n in notes]
    if notes:
        lines.append("")
    lines += [
        _(w, "Move: {move}").format(move=_move_label(Wording(w.lang, judged.names), last)),
        "",
    ]
    if labels != names:
        lines.append(_(w, "Rule sets:"))
        lines += [
            _wrap_preset(name, f"  {label} = ") for label, name in zip(labels, names, strict=True)
        ]
        lines.append("")
    english = w.lang == "en"
    for label, (_name, v, stopped, judged_count) in zip(labels, rows, strict=True):
        mark = "*" if verdict_differs else (">" if outlook_differs or effects_differ else " ")
        head = f"{mark} {label:<{width}}  "
        said = [f"{v.verdict.upper()}: {v.reason}."] if english else v.text_in(w.lang).splitlines()
        if english and v.assumed:
            # The outcome rests on cards nobody gave: the headline says on which, and both ways.
            said.append(v.headline)
        if stopped:
            lines.append(
                _wrap(
                    _(
                        w,
                        "move {number} ({move}) is refused first, so the last move is never "
                        "reached:",
                    ).format(number=judged_count, move=_move_label(w, v.move)),
                    head,
                    subsequent=pad,
                )
            )
            lines += [_wrap(t, pad) for t in said]
        else:
            lines.append(_wrap(said[0], head, subsequent=pad))
            lines += [_wrap(t, pad) for t in said[1:]]
        lines.append(
            _wrap(_(w, "rules: {rule_ids}").format(rule_ids=", ".join(v.rule_ids)), pad, "  ")
        )
        if not english:
            if outlook_differs and not verdict_differs:
                # What follows differs: each rule set's position is shown, so
                # the difference the last line names can be seen.
                said_after = (
                    _(w, "next: {outlook}") if v.allowed else _(w, "position: {outlook}")
                ).format(outlook=v.texts.outlook)
                lines.append(_wrap(said_after, pad, "  "))
            continue
        own = [(rid, text) for rid, text in v.effects if text not in common]
        if effects_differ and own:
            heading = "only under these rules" if len(rows) == 2 else "not under every rule set"
            lines.append(f"{pad}{heading}:")
            lines += [_wrap(f"- {text} [{rid}]", pad + "  ", "  ") for rid, text in own]
        if v.assumed and v.next:
            lines.append(_wrap(v.next, pad, "  "))
        else:
            lines.append(_wrap(f"{'next' if v.allowed else 'position'}: {v.outlook}", pad, "  "))
    lines.append("")
    if verdict_differs:
        lines.append(_(w, "* the verdict differs between these rule sets"))
    elif outlook_differs:
        lines.append(_(w, "> the verdict is the same, but what follows differs"))
    elif effects_differ:
        lines.append(_(w, "> the verdict and the position are the same, but the effects differ"))
    else:
        lines.append(_(w, "The same verdict and outcome under every rule set."))
    if caveats:
        lines += ["", _(w, "Assumes:")] + [_wrap(f"- {c}", "  ", "  ") for c in caveats]
    return "\n".join(lines)


def _check(
    spec: str, as_json: bool, house_rules: tuple[HouseRule, ...] = (), w: Wording = ENGLISH
) -> tuple[str, int]:
    """Check a preset string: status 0 when clean, 1 when it has problems."""
    from unorules.rules.validation import validate

    try:
        problems = [
            (p.kind, p.rule_ids, p.message)
            for p in validate(presets.get(spec, house_rules=house_rules))
        ]
    except RuleSetError as e:
        if (
            "contradict" not in str(e)
            and "two readings" not in str(e)
            and ("disagree" not in str(e))
        ):
            raise
        problems = [("contradiction", e.rule_ids, e.text_in(w.lang))]
    if as_json:
        rows = [{"kind": k, "rule_ids": list(ids), "message": m} for k, ids, m in problems]
        return json.dumps({"rules": spec, "problems": rows}, indent=2), 1 if problems else 0
    if not problems:
        return _(w, "{rules}: no problems found").format(rules=spec), 0
    lines = [
        _n(w, "{rules}: {count} problem", "{rules}: {count} problems", len(problems)).format(
            rules=spec, count=len(problems)
        )
    ]
    kinds = {"contradiction": _(w, "contradiction"), "inert": _(w, "inert")}
    lines += [f"  {kinds.get(k, k)}: {m} [{', '.join(ids)}]" for k, ids, m in problems]
    return "\n".join(lines), 1


def _json(rules: str, start: GameState, verdicts: list[Verdict], total: int) -> dict[str, Any]:
    last = verdicts[-1]
    return {
        "rules": rules,
        "situation": describe_state(start),
        "moves": [_with_events(v) for v in verdicts[:-1]],
        "verdict": _with_events(last),
        "stopped_early": len(verdicts) < total,
    }


def _with_events(verdict: Verdict) -> dict[str, Any]:
    """``verdict.to_dict()`` and its events: each a ``kind`` and the record's
    fields (:func:`unorules.serialize.event_json`)."""
    return {**verdict.to_dict(), "events": [event_json(e) for e in verdict.events]}


_WIDTH = 88
_LONG_LABEL = 30


def _wrap(text: str, indent: str, hang: str = "", *, subsequent: str | None = None) -> str:
    """``text`` filled to the page width; the first line starts with
    ``indent``, the others with ``subsequent`` (default ``indent + hang``);
    notation marked between backticks is printed without them (:func:`plain`)."""
    return textwrap.fill(
        plain(text),
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + hang if subsequent is None else subsequent,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _preset_descriptions(spec: str, w: Wording) -> list[str]:
    """What each preset of a preset string holds, one wrapped entry each
    (``svenska+kitchen-table``: both presets; rule IDs are listed elsewhere)."""
    parts = [p.strip().lower() for p in spec.split("+")]
    named = [p for p in parts if p in presets.PRESETS]
    if len(named) == 1:
        return [_wrap(preset_description_in(named[0], w.lang), "  ", "  ")]
    return [_wrap(f"{p}: {preset_description_in(p, w.lang)}", "  ", "    ") for p in named]


def _move_label(w: Wording, move: Move) -> str:
    """A judged move as a heading: its notation in English with seats by
    number, else the player's name and what the move does in ``w``'s words."""
    if w.lang == "en" and not w.names:
        return str(move)
    return f"{w.seat(move.player)}: {move_phrase(w, move)}"


def _fill(line: str, indent: str) -> str:
    """One line of a verdict filled to the page width under ``indent``,
    keeping the line's own indentation and hanging a list item's text."""
    own = line[: len(line) - len(line.lstrip())]
    body = line.strip()
    hang = "  " if body[:2] in ("- ", "* ") or body.startswith("=> ") else ""
    return _wrap(body, indent + own, hang + ("  " if body.startswith("[") else ""))


def _compare_labels(names: list[str]) -> list[str]:
    """The rule sets' labels in ``--compare``: their own strings when all are
    short, else A, B, C, ... (explained in a legend)."""
    if max(len(n) for n in names) <= _LONG_LABEL:
        return names
    out = []
    for i in range(len(names)):
        label = ""
        i += 1
        while i:
            i, r = divmod(i - 1, 26)
            label = chr(ord("A") + r) + label
        out.append(label)
    return out


def _wrap_preset(spec: str, head: str) -> str:
    """A preset string after ``head``, broken after a '+' to fit the page."""
    lines: list[str] = []
    line = head
    parts = spec.split("+")
    for i, part in enumerate(parts):
        piece = part + ("+" if i < len(parts) - 1 else "")
        if len(line) + len(piece) > _WIDTH and line.strip() and line != head:
            lines.append(line)
            line = " " * len(head)
        line += piece
    lines.append(line)
    return "\n".join(lines)


def _text(rules: str, start: GameState, verdicts: list[Verdict], total: int) -> str:
    lines = [f"Rules: {rules}", f"Situation: {describe_state(start)}", ""]
    for i, v in enumerate(verdicts[:-1], 1):
        kind = f"{v.verdict}, as assumed" if v.assumed else v.verdict
        lines.append(f"{i}. {v.move}: {kind}. " + "; ".join(t for _, t in v.effects if t))
    last = verdicts[-1]
    if len(verdicts) > 1:
        lines.append("")
    lines.append(f"Move: {last.move}")
    kind = f"{last.verdict.upper()} (AS ASSUMED)" if last.assumed else last.verdict.upper()
    lines.append(f"Verdict: {kind} - {plain(last.reason)}.")
    if len(verdicts) < total:
        lines.append(f"(moves after this one were not applied: {total - len(verdicts)})")
    lines.append("")
    lines.append("Rules cited:")
    numbers = dict(last.numbers)
    for rid, title, text in last.cited():
        lines.append(f"  {rid}" + (f" - {title}" if title else ""))
        if text and rid in numbers:
            text += f" (At this table: {rid}={numbers[rid]}.)"
        if text:
            lines.append(_wrap(text, "      "))
    if last.effects:
        lines += ["", "What happens:"]
        lines += [_wrap(f"- {t} [{rid}]", "  ", "  ") for rid, t in last.effects]
    if last.remedy:
        lines += ["", "Instead:" if not last.allowed else "Remedy:"]
        lines += [_wrap(f"- {r}", "  ", "  ") for r in last.remedy]
    lines += ["", f"Next: {last.outlook}" if last.allowed else f"Position: {last.outlook}"]
    return "\n".join(lines)


def _rules(
    preset: str | None,
    as_json: bool,
    house_rules: tuple[HouseRule, ...] = (),
    w: Wording = ENGLISH,
) -> str:
    from unorules.rules.validation import never_applies

    if preset is not None and not preset.strip():
        raise UnoError(msg("--preset needs a preset string, e.g. official or kids+house.jump-in"))
    chosen_rules = presets.get(preset, house_rules=house_rules) if preset else None
    own = chosen_rules.house_rules if chosen_rules else house_rules
    in_force = chosen_rules.rule_ids if chosen_rules else None
    idle = never_applies(chosen_rules) if chosen_rules else {}
    available = set(presets.available())
    chosen = [r for r in CATALOGUE.values() if in_force is None or r.id in in_force]
    if as_json:
        return json.dumps(
            [
                {
                    "id": r.id,
                    "section": r.section,
                    "title": r.title,
                    "summary": r.summary,
                    "text": r.text,
                    "sources": list(r.sources),
                    "interpretation": r.interpretation,
                    "official": r.official,
                    "available": r.id in available,
                    **({"never_applies": idle.get(r.id)} if preset else {}),
                    **_rule_in_json(r.id, w),
                }
                for r in chosen
            ]
            + [
                {
                    "id": h.id,
                    "section": "table",
                    "title": h.title,
                    "summary": h.title,
                    "text": h.text,
                    "sources": [],
                    "interpretation": None,
                    "official": False,
                    "available": True,
                    **({"never_applies": None} if preset else {}),
                    "lang": w.lang,
                    "texts": {
                        "title": h.in_language(w.lang)[0],
                        "summary": h.in_language(w.lang)[0],
                        "text": h.in_language(w.lang)[1],
                        "interpretation": None,
                    },
                }
                for h in own
            ],
            indent=2,
        )
    lines: list[str] = []
    if preset:
        lines.append(_(w, "Rules in force in {rules}:").format(rules=preset))
        lines += _preset_descriptions(preset, w)
    width = max(len(r.id) for r in chosen) if chosen else 0
    for key in SECTIONS:
        group = [r for r in chosen if r.section == key]
        if not group:
            continue
        lines += ["", section_in(key, w.lang)]
        for r in group:
            mark = ("O" if r.official else " ") + (
                "x" if r.id in idle else " " if r.id in available else "-"
            )
            lines.append(f"  {mark} {r.id:<{width}}  {rule_in(r.id, w.lang).summary}")
            if r.id in idle:
                lines.append(
                    f"     {'':<{width}}  "
                    + _(w, "(never applies here: {reason})").format(reason=idle[r.id])
                )
    if own:
        lines += ["", _(w, "The table's own rules")]
        width = max(width, *(len(h.id) for h in own))
        for h in own:
            title, text = h.in_language(w.lang)
            lines.append(f"     {h.id:<{width}}  {title}")
            lines.append(_wrap(text, f"     {'':<{width}}  "))
    if idle:
        lines += [
            "",
            _(w, "O = in the official preset; x = in force, but the deck lacks its card"),
        ]
    if not preset:
        lines += [
            "",
            _(w, "O = in the official preset"),
            _(w, "Sources: {sources}").format(
                sources="; ".join(
                    f"{k} = {translations('rules', w.lang).gettext(v)}" for k, v in SOURCES.items()
                )
            ),
            _(w, "Presets: {presets} (unorules rules --preset NAME)").format(
                presets=", ".join(presets.names())
            ),
        ]
    return "\n".join(lines).lstrip("\n")


def _rules_compare(
    specs: str, as_json: bool, house_rules: tuple[HouseRule, ...] = (), w: Wording = ENGLISH
) -> str:
    """``unorules rules compare A,B``: the rules in force in some of the rule
    sets and not in others, and the numbers they differ in (the target
    score, ``uno.penalty=N``, ...), section by section."""
    names = [s.strip() for s in specs.split(",")]
    if len(names) < 2 or not all(names):
        raise UnoError(
            msg(
                "'rules compare' needs two or more comma-separated presets, e.g. "
                "letsuno,official; got {specs}",
                specs=repr(specs),
            )
        )
    built = [presets.get(n, house_rules=house_rules) for n in names]
    canonical = [b.name for b in built]
    twice = next((n for i, n in enumerate(canonical) if n in canonical[:i]), None)
    if twice is not None:
        raise UnoError(msg("'rules compare' got the rule set {name} twice", name=repr(twice)))

    def number(rules: RuleSet, rid: str) -> int | None:
        if rid == "score.target" and not isinstance(rules.scoring, SingleRound | MostCardsOut):
            return rules.target
        numbered = presets.NUMBERED.get(rid)
        return rules.numbers.get(rid, numbered.default if numbered else None)

    every = [r for r in CATALOGUE if any(r in b.rule_ids for b in built)]
    rows = []
    for rid in every:
        held = [rid in b.rule_ids for b in built]
        numbers = [number(b, rid) if h else None for b, h in zip(built, held, strict=True)]
        if all(held) and len(set(numbers)) == 1:
            continue
        rows.append((rid, held, numbers))
    if len({b.strict for b in built}) > 1:
        # strict: the engine enforces what players police themselves.
        rows.append(("strict", [b.strict for b in built], [None] * len(built)))
    if as_json:
        return json.dumps(
            {
                "presets": names,
                "rows": [
                    {
                        "id": rid,
                        "section": CATALOGUE[rid].section if rid in CATALOGUE else None,
                        "title": rule_in(rid, w.lang).title if rid in CATALOGUE else rid,
                        "in_force": dict(zip(names, held, strict=True)),
                        "numbers": dict(zip(names, numbers, strict=True)),
                    }
                    for rid, held, numbers in rows
                ],
                "lang": w.lang,
            },
            indent=2,
        )
    if not rows:
        return _(w, "{presets} hold the same rules.").format(presets=", ".join(names))
    yes = _(w, "yes")
    width = max(len(rid) for rid, _held, _numbers in rows)
    cols = [max(len(n), len(yes) + 7) for n in names]
    lines = [_(w, "Rules that differ between {presets}:").format(presets=", ".join(names)), ""]
    lines.append(
        (
            "  "
            + " " * width
            + "  "
            + "  ".join(n.ljust(c) for n, c in zip(names, cols, strict=True))
        ).rstrip()
    )
    for key in (*SECTIONS, "strict"):
        group = [
            row
            for row in rows
            if (CATALOGUE[row[0]].section if row[0] in CATALOGUE else row[0]) == key
        ]
        if not group:
            continue
        lines += ["", section_in(key, w.lang) if key in SECTIONS else "strict"]
        for rid, held, numbers in group:
            cells = [
                (f"{yes} ({n})" if n is not None else yes) if h else "-"
                for h, n in zip(held, numbers, strict=True)
            ]
            row = (
                f"  {rid:<{width}}  "
                + "  ".join(c.ljust(k) for c, k in zip(cells, cols, strict=True))
                + (f"  {rule_in(rid, w.lang).title}" if rid in CATALOGUE else "")
            )
            lines.append(row.rstrip())
    lines += ["", _(w, "yes = in force (with its number); - = not in force")]
    return "\n".join(lines)


def _rule_in_json(rule_id: str, w: Wording) -> dict[str, Any]:
    """The ``lang`` and a rule's texts in it, for ``rules --json``."""
    info = rule_in(rule_id, w.lang)
    return {
        "lang": w.lang,
        "texts": {
            "title": info.title,
            "summary": info.summary,
            "text": info.text,
            "interpretation": info.interpretation,
        },
    }


def _table_json(table: Table) -> dict[str, Any]:
    return {
        "file": str(table.path),
        "name": table.name,
        "language": table.language,
        "rules": table.rules,
        "players": list(table.players),
        "house_rules": list(table.house_rules),
    }


def _table_rules(
    table: Table, as_json: bool, house_rules: tuple[HouseRule, ...], w: Wording
) -> str:
    """What the table plays: its name, language, players, the rule set's
    rule IDs with their titles in ``w``'s language, and its own rules."""
    spec = table.rules or "official"
    rules = presets.get(spec, house_rules=house_rules)
    own = {h.id: h for h in rules.house_rules}
    ids = [r for r in rules.rule_ids if r not in own]
    if as_json:
        return json.dumps(
            {
                "lang": w.lang,
                "table": _table_json(table),
                "rule_set": rules.name,
                "rules": [{"id": r, "title": rule_in(r, w.lang).title} for r in ids],
                "own_rules": [
                    {
                        "id": h.id,
                        "title": h.in_language(w.lang)[0],
                        "text": h.in_language(w.lang)[1],
                    }
                    for h in own.values()
                ],
            },
            indent=2,
        )
    lines = [_(w, "Table: {name}").format(name=table.name or table.path.name)]
    lines.append(_(w, "File: {file}").format(file=table.path))
    if table.language is not None:
        lines.append(_(w, "Language: {language}").format(language=LANGUAGE_NAMES[table.language]))
    if table.players:
        lines.append(
            _(w, "Players: {players}").format(
                players=", ".join(f"{name} ({seat})" for seat, name in enumerate(table.players))
            )
        )
    lines.append(_(w, "Rule set: {rules}").format(rules=rules.name))
    lines += _preset_descriptions(rules.name, w)
    width = max((len(r) for r in [*ids, *own]), default=0)
    lines += ["", _(w, "Rules in force:")]
    lines += [f"  {r:<{width}}  {rule_in(r, w.lang).title}" for r in ids]
    if own:
        lines += ["", _(w, "The table's own rules")]
        for h in own.values():
            title, text = h.in_language(w.lang)
            lines.append(f"  {h.id:<{width}}  {title}")
            lines.append(_wrap(text, f"  {'':<{width}}  "))
    return "\n".join(lines)


def _table_command(init: str | None, as_json: bool, table: Table | None, w: Wording) -> str:
    """``unorules table``: write an example table file (``--init``), or show
    the table file in use.

    Raises:
        TableError: a file that exists already (it is never overwritten), or
            no table file to show.
    """
    if init is not None:
        path = Path(init)
        try:
            with path.open("x", encoding="utf-8") as f:
                f.write(example_table(w))
        except FileExistsError:
            raise TableError(
                path, msg("{file} exists already; it is left as it is", file=str(path))
            ) from None
        except OSError as e:
            raise TableError(
                path,
                msg(
                    "cannot write {file}: {reason}",
                    file=str(path),
                    reason=os_reason(e, writing=True),
                ),
            ) from None
        if as_json:
            return json.dumps({"written": str(path), "lang": w.lang}, indent=2)
        if path.resolve() == (Path.cwd() / TABLE_FILE).resolve():
            return _(
                w, "Wrote {file}: edit it, then 'unorules rules' shows what your table plays."
            ).format(file=path)
        return _(
            w,
            "Wrote {file}: edit it, then 'unorules rules --table {file}' shows what your "
            "table plays.",
        ).format(file=path)
    if table is None:
        raise TableError(
            TABLE_FILE,
            msg(
                "no table file here: give one with --table FILE, or write one with "
                "'unorules table --init'"
            ),
        )
    return _table_rules(table, as_json, table.load_house_rules(), w)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
