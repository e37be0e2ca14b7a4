"""The ``unorules check`` and ``unorules replay`` commands: a game record
(:mod:`unorules.records`) checked against the rules, or one of its
positions shown.

``unorules check RECORD`` prints each finding of
:func:`unorules.record_check.check_record` with the round and move number,
the move, the rule IDs, the verdict, the position before the move in words
and in the situation notation; the exit status is 0 for a clean game, 1
when there are findings (or rounds that could not be checked), 2 for a
record that cannot be read (with its line and column). A refused move
stops the checking of its round (no position follows it); the next round
is checked from its own deal.

``unorules replay RECORD --at N [--round R]`` prints the position after
move N of round R (N=0: the deal; default: the round's last move): in words,
in the notation, and as a table of the hands, the top card, the colour,
whose turn it is, the direction, the draw pile and the scores. When the
rules refuse a move up to N, no position follows it: ``replay`` says which
move, why (the verdict and its rule IDs) and shows the position before it,
with the exit status 1.

The notation and the card codes are those of the language asked for
(``--lang``): ``topp``, ``händer``, ``Gr7`` in Swedish, as ``unorules
explain --lang sv`` reads them; the JSON output keeps the English notation.

RECORD is a file (``-``: standard input) in JSON Lines or the text form.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from unorules.cards import Card, format_cards
from unorules.engine import check
from unorules.errors import Message, RecordError, UnoError, msg, os_reason
from unorules.explanations.headline import move_phrase
from unorules.explanations.languages import ENGLISH, Wording
from unorules.explanations.sentences import plain
from unorules.explanations.verdicts import describe_state, explain
from unorules.explanations.words import CLAUSE_WORDS, card_name, colour_name
from unorules.files import FileReadError, read_user_file
from unorules.moves import Move
from unorules.notation import _output_codes, format_state
from unorules.reasons import Reason, WildDrawFourForbidden, WildForbidden
from unorules.record_check import (
    Finding,
    FindingKind,
    Report,
    Summary,
    check_record,
    summarize,
)
from unorules.records import (
    MAX_RECORD_BYTES,
    DrawnCardsDiffer,
    Record,
    RecordedRound,
    _missing_dealer_or_scores,
    _read_record_bytes,
    _step,
    deal,
    names_at,
    read_record,
)
from unorules.rules import presets
from unorules.rules.ruleset import RuleSet
from unorules.serialize import unstructure
from unorules.state import GameState

__all__ = ["add_parsers", "run_check", "run_replay"]

_WIDTH = 88
_TOP_CARDS = 5
"""How many of the draw pile's top cards a finding's ``Cards`` line shows (a
pile of more than ``_TOP_CARDS + 3`` is shortened to them and a count)."""


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    return w.ngettext("cli", singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the ``cli`` catalog; it is translated where used."""
    return message


def add_parsers(sub: Any, w: Wording = ENGLISH) -> None:
    """Add ``check`` and ``replay`` to the subcommands ``sub``, their help in
    ``w``'s language."""
    ck = sub.add_parser(
        "check",
        help=_(w, "check a game record against the rules"),
        description=_(
            w,
            "Replay the game RECORD (JSON Lines or the text form) and report every move "
            "the rules refuse, every bluff that stood unchallenged and every missing UNO "
            "call nobody caught, each with its round, move number, position, verdict and "
            "rule IDs. A refused move stops the checking of its round; the next round is "
            "checked from its own deal. Exit status: 0 clean, 1 findings, 2 a record "
            "that cannot be read.",
        ),
    )
    ck.add_argument(
        "record",
        metavar="RECORD",
        nargs="+",
        help=_(
            w,
            "the record file ('-': standard input), or several; a folder stands for its "
            ".jsonl and .uno files (as simulate --record writes them)",
        ),
    )
    ck.add_argument(
        "--rules",
        "-r",
        default=None,
        metavar="PRESET",
        help=_(w, "check under this preset string instead of the record's rules"),
    )
    ck.add_argument(
        "--allow-unfinished",
        action="store_true",
        help=_(
            w,
            "accept a record that is no whole game (its last round not over, or no "
            "end line: cut short, or a game left unfinished); without it such a "
            "record is not clean (exit status 1)",
        ),
    )
    ck.add_argument(
        "--json",
        action="store_true",
        help=_(w, "print the findings as JSON (an error too, on stdout)"),
    )
    rp = sub.add_parser(
        "replay",
        help=_(w, "show a position of a game record"),
        description=_(
            w,
            "Replay the game RECORD and print the position after move N of a round "
            "(N=0: the deal): in words, in the situation notation, and as a table of the "
            "hands, the top card, the colour, whose turn it is, the direction, the draw "
            "pile and the scores.",
        ),
    )
    rp.add_argument("record", metavar="RECORD", help=_(w, "the record file ('-': standard input)"))
    rp.add_argument(
        "--at",
        type=int,
        default=None,
        metavar="N",
        help=_(w, "the position after move N (0: the deal; default: the round's last move)"),
    )
    rp.add_argument(
        "--round",
        type=int,
        default=1,
        metavar="R",
        help=_(w, "the round (default 1)"),
    )
    rp.add_argument(
        "--rules",
        "-r",
        default=None,
        metavar="PRESET",
        help=_(w, "replay under this preset string instead of the record's rules"),
    )
    rp.add_argument(
        "--json",
        action="store_true",
        help=_(w, "print the position as JSON (an error too, on stdout)"),
    )


def _load(path: str, rules: str | None) -> Record:
    """The record in the file ``path`` (``-``: standard input).

    Raises:
        UnoError: a file that cannot be read; a :class:`RecordError` naming
            the file, line and column of a record that cannot be read.
    """
    try:
        if path == "-":
            text = _read_record_bytes(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>")
        else:
            raw = read_user_file(path, MAX_RECORD_BYTES)
            text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except FileReadError as e:
        raise UnoError(
            msg("cannot read the record {path}: {error}", path=path, error=e.reason)
        ) from None
    except OSError as e:
        raise UnoError(
            msg("cannot read the record {path}: {error}", path=path, error=_os_reason(e))
        ) from None
    except UnicodeDecodeError as e:
        raise UnoError(
            msg(
                "the record {path} is not UTF-8 text (byte {offset})",
                path=path,
                offset=e.start + 1,
            )
        ) from None
    try:
        return read_record(text, rules=rules)
    except RecordError as e:
        raise e.in_file("<stdin>" if path == "-" else path) from None


def _os_reason(error: OSError) -> Message | str:
    """Why the file could not be read (:func:`unorules.errors.os_reason`)."""
    return os_reason(error)


def _wrap(text: str, indent: str) -> str:
    """``text`` filled to the page width, its notation without backticks (:func:`plain`)."""
    return textwrap.fill(
        plain(text),
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_on_hyphens=False,
        break_long_words=False,
    )


def _move_text(w: Wording, move: Move) -> str:
    if w.lang == "en" and not w.names:
        return str(move)
    return f"{w.seat(move.player)}: {move_phrase(w, move)}"


_KINDS = {
    FindingKind.ILLEGAL: N_("illegal move"),
    FindingKind.BLUFF: N_("bluff not challenged"),
    FindingKind.UNO: N_("missing UNO call not caught"),
    FindingKind.DEAL: N_("round not dealt as the rules give"),
    FindingKind.DRAWN: N_("drawn cards not as the deck gives"),
}


_SHORT_KINDS = {
    FindingKind.ILLEGAL: N_("illegal"),
    FindingKind.BLUFF: N_("bluff"),
    FindingKind.UNO: N_("UNO"),
    FindingKind.DEAL: N_("deal"),
    FindingKind.DRAWN: N_("drawn"),
}
"""The column headings of the summary's kinds (each explained below it)."""


def _summary_json(summary: Summary) -> dict[str, Any]:
    """The ``summary`` of ``unorules check --json`` (see docs/records.md)."""

    def counted(kinds: Mapping[FindingKind, int], rules: Mapping[Any, int]) -> dict[str, Any]:
        return {
            "kinds": {k.value: n for k, n in kinds.items()},
            "rules": [
                {"kind": kind.value, "rule_id": rule, "findings": n}
                for (kind, rule), n in rules.items()
            ],
        }

    return {
        "records": summary.records,
        "findings": summary.findings,
        **counted(summary.kinds, summary.rules),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "findings": s.findings,
                **counted(s.kinds, s.rules),
            }
            for s in summary.seats
        ],
    }


def _summary_lines(summary: Summary, w: Wording, several: bool) -> list[str]:
    """The summary of the text output: a table of the findings per seat
    (with its player and bot where the records name them) and per kind, the
    totals, and each kind's rule IDs; one line when there are no findings."""
    count = summary.records
    if not summary.findings:
        return [
            _n(
                w,
                "No findings at any seat in the {count} record checked.",
                "No findings at any seat in the {count} records checked.",
                count,
            ).format(count=count)
        ]
    head = (
        _n(
            w,
            "Findings per seat and kind in {count} record:",
            "Findings per seat and kind in {count} records:",
            count,
        ).format(count=count)
        if several
        else _(w, "Findings per seat and kind:")
    )
    kinds = [k for k, n in summary.kinds.items() if n]
    named = any(s.name is not None for s in summary.seats)
    bots = any(s.bot is not None for s in summary.seats)
    heading = [_(w, "Seat")]
    heading += [_(w, "Player")] if named else []
    heading += [_(w, "Bot")] if bots else []
    heading += [_(w, _SHORT_KINDS[k]) for k in kinds] + [_(w, "Total")]
    rows = []
    for s in summary.seats:
        row = [str(s.seat)]
        row += [s.name or "-"] if named else []
        row += [s.bot or "-"] if bots else []
        rows.append(row + [str(s.kinds[k]) for k in kinds] + [str(s.findings)])
    totals = [_(w, "Total")] + [""] * (len(heading) - len(kinds) - 2)
    rows.append(totals + [str(summary.kinds[k]) for k in kinds] + [str(summary.findings)])
    widths = [max(len(r[i]) for r in [heading, *rows]) for i in range(len(heading))]
    lines = [head]
    for row in [heading, *rows]:
        lines.append(("  " + "  ".join(f"{c:<{widths[i]}}" for i, c in enumerate(row))).rstrip())
    rules = summary.rules
    for kind in kinds:
        ids = ", ".join(f"{rule} {n}" for (k, rule), n in rules.items() if k is kind)
        lines.append(
            _wrap(
                _(w, "{short} – {kind}: {rules}").format(
                    short=_(w, _SHORT_KINDS[kind]), kind=_(w, _KINDS[kind]), rules=ids
                ),
                "  ",
            )
        )
    return lines


def _closing(record: Record, finding: Finding) -> Move | None:
    if finding.closed_by_move is None:
        return None
    return record.rounds[finding.round - 1].moves[finding.closed_by_move - 1]


def _card(w: Wording, card: Card) -> str:
    """``card`` as a sentence shows it: its code in English, its name in
    Swedish and Norwegian (as the verdicts do)."""
    return card.code if w.lang == "en" else card_name(card, w.lang)


def _codes_said(w: Wording, codes: str) -> str:
    """The English card codes ``codes`` in ``w``'s codes (as the notation of
    the position writes them: ``Gu9`` in Swedish), or "no cards"."""
    return _output_codes(w.lang)(codes) if codes else _(w, "no cards")


def _joined(w: Wording, items: list[str], last: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``last``: the message joining the
    last item, ``"{items} and {last}"`` or ``"{items} or {last}"``)."""
    if len(items) <= 1:
        return "".join(items)
    return _(w, last).format(items=", ".join(items[:-1]), last=items[-1])


def _bluff_reason(finding: Finding, w: Wording) -> str:
    """Why a bluff was one: what the player held that the restriction
    forbids (the cards, and the colour in force), citing the rule."""
    why: Reason | None = finding.why
    rule = finding.rule_ids[0]
    seat = w.seat(finding.seat)
    held: tuple[Card, ...] = ()
    color = None
    top = None
    if isinstance(why, WildDrawFourForbidden):
        held, color, top = why.culprits, why.color, why.top
    elif isinstance(why, WildForbidden):
        held, color, top = why.fitting, why.color, why.top
    if not held:
        return _(w, "It was a bluff: {seat}'s hand forbade the move ({rule}).").format(
            seat=seat, rule=rule
        )
    cards = _joined(w, [_card(w, c) for c in held], N_("{items} and {last}"))
    if color is not None and all(c.color is color for c in held):
        return _n(
            w,
            "It was a bluff: {seat} held {cards}, of {colour}, the colour in force, which "
            "{rule} forbids.",
            "It was a bluff: {seat} held {cards}, of {colour}, the colour in force, which "
            "{rule} forbids.",
            len(held),
        ).format(
            seat=seat,
            cards=cards,
            colour=colour_name(color, w.lang) if w.lang != "en" else color.value,
            rule=rule,
        )
    return _n(
        w,
        "It was a bluff: {seat} held {cards}, which could be played on {top}, and {rule} "
        "forbids the move then.",
        "It was a bluff: {seat} held {cards}, which could be played on {top}, and {rule} "
        "forbids the move then.",
        len(held),
    ).format(seat=seat, cards=cards, top=_card(w, top) if top is not None else "?", rule=rule)


def _sentence(record: Record, report: Report, finding: Finding, w: Wording) -> str:
    """What the finding means, in one or two sentences, in ``w``'s language."""
    closed = _closing(record, finding)
    after = ""
    if closed is not None:
        after = _move_text(w, closed)
    if finding.kind is FindingKind.ILLEGAL and not finding.unchecked_moves:
        return _(
            w,
            "Checking of round {round} stops here: the rules refuse this move, so no "
            "position follows it; it is the round's last move in the record.",
        ).format(round=finding.round)
    if finding.kind is FindingKind.ILLEGAL:
        return _n(
            w,
            "Checking of round {round} stops here: the rules refuse this move, so no "
            "position follows it; the {count} move after it was not checked.",
            "Checking of round {round} stops here: the rules refuse this move, so no "
            "position follows it; the {count} moves after it were not checked.",
            finding.unchecked_moves,
        ).format(round=finding.round, count=finding.unchecked_moves)
    if finding.kind is FindingKind.DRAWN:
        found, expected = finding.found.split(), finding.expected.split()
        if len(found) != len(expected):
            said = _(
                w, "The record says this move drew {found}, but by the rules it draws {expected}."
            ).format(found=_codes_said(w, finding.found), expected=_codes_said(w, finding.expected))
        else:
            said = _(
                w,
                "The record says this move drew {found}, but the deck gives {expected}: the "
                "record's deck parts from the rules' here.",
            ).format(found=_codes_said(w, finding.found), expected=_codes_said(w, finding.expected))
        if not finding.unchecked_moves:
            stop = _(
                w,
                "Checking of round {round} stops here; it is the round's last move in the record.",
            ).format(round=finding.round)
        else:
            stop = _n(
                w,
                "Checking of round {round} stops here; the {count} move after it was not checked.",
                "Checking of round {round} stops here; the {count} moves after it were not "
                "checked.",
                finding.unchecked_moves,
            ).format(round=finding.round, count=finding.unchecked_moves)
        return f"{said} {stop}"
    if finding.kind is FindingKind.BLUFF:
        reason = _bluff_reason(finding, w)
        if finding.closed_by_move == finding.move or not finding.challengers:
            stood = _(w, "It could not be challenged after this move, and it stood.")
        else:
            who = _joined(w, [w.seat(s) for s in finding.challengers], N_("{items} or {last}"))
            stood = _(
                w,
                "Nobody challenged it: {who} could have, until move {n} ({move}), after which a "
                "challenge no longer counted, so the bluff stood.",
            ).format(who=who, n=finding.closed_by_move, move=after)
        return f"{reason} {stood}"
    if finding.kind is FindingKind.UNO:
        return _(
            w,
            "{seat} was left with one card by this move without calling UNO, and nobody "
            "caught it: after move {n} ({move}) a catch no longer counted.",
        ).format(seat=w.seat(finding.seat), n=finding.closed_by_move, move=after)
    if finding.before is None:
        said = _(
            w,
            "The record deals round {round} with {found}, which already end the game, so the "
            "rules deal no round with them; checking ends here.",
        ).format(round=finding.round, found=_deal_value(w, finding.found))
        if finding.expected != "no round":
            said += " " + _(w, "After round {previous} the rules give {expected}.").format(
                previous=finding.round - 1, expected=_deal_value(w, finding.expected)
            )
        return said
    if finding.expected == "no round":
        return _(
            w,
            "The game was over after round {previous}, yet the record deals round {round}; "
            "checking ends here.",
        ).format(previous=finding.round - 1, round=finding.round)
    if finding.round - 1 in report.unfinished_rounds and finding.expected.startswith("scores"):
        return _(
            w,
            "The record deals round {round} with {found}; round {previous} did not finish in "
            "the record, so it scored nothing, and the rules give {expected}.",
        ).format(
            round=finding.round,
            found=_deal_value(w, finding.found),
            expected=_deal_value(w, finding.expected),
            previous=finding.round - 1,
        )
    return _(
        w,
        "The record deals round {round} with {found}; after round {previous} the rules "
        "give {expected}.",
    ).format(
        round=finding.round,
        found=_deal_value(w, finding.found),
        expected=_deal_value(w, finding.expected),
        previous=finding.round - 1,
    )


def _deal_value(w: Wording, value: str) -> str:
    word, _space, rest = value.partition(" ")
    if word == "dealer":
        return _(w, "{seat} as dealer").format(seat=w.seat(int(rest)))
    return _(w, "the scores {scores}").format(scores=rest)


def _named(record: Record, finding: Finding, w: Wording) -> Wording:
    """``w`` with the record's names by the seats of the finding's round
    (``house.shuffle-seats`` moves the players)."""
    if finding.before is None or not record.names:
        return w
    return Wording(w.lang, names_at(record.names, finding.before))


def _finding_text(record: Record, report: Report, finding: Finding, w: Wording) -> list[str]:
    kind = _(w, _KINDS[finding.kind])
    ids = ", ".join(finding.rule_ids)
    played = finding.played
    if played is None or finding.before is None:
        head = _(w, "Round {round}: {kind} [{rules}]").format(
            round=finding.round, kind=kind, rules=ids
        )
        return [head, _wrap(_sentence(record, report, finding, w), "  ")]
    head = _(w, "Round {round}, move {n}: {move} - {kind} [{rules}]").format(
        round=finding.round, n=finding.move, move=_move_text(w, played), kind=kind, rules=ids
    )
    lines = [head]
    if finding.verdict is not None and finding.kind is not FindingKind.UNO:
        lines += [_wrap(t, "  ") for t in finding.verdict.text_in(w.lang).splitlines()]
    lines.append(_wrap(_sentence(record, report, finding, w), "  "))
    lines.append(
        _wrap(
            _(w, "Before the move: {position}").format(position=describe_state(finding.before, w)),
            "  ",
        )
    )
    lines.append(
        _wrap(_(w, "Cards: {notation}").format(notation=_cards_line(finding.before, w)), "  ")
    )
    return lines


def _shortened(state: GameState) -> bool:
    """Whether a ``Cards`` line shortens the draw pile of ``state``."""
    return len(state.draw_pile) > _TOP_CARDS + 3


def _cards_line(state: GameState, w: Wording) -> str:
    """The position in the notation of ``w``'s language, but with a long
    draw pile shortened to its top cards and how many more it holds (the
    whole notation: ``format_state``, the ``position`` of ``--json``)."""
    full = format_state(state, w.names, lang=w.lang)
    if not _shortened(state):
        return full
    word = CLAUSE_WORDS[w.lang]["draw"][0] + " "
    clauses = full.split("; ")  # no clause holds a ";"
    for i, clause in enumerate(clauses):
        if clause.startswith(word):
            top = clause[len(word) :].split(" ")[:_TOP_CARDS]
            more = len(state.draw_pile) - _TOP_CARDS
            rest = _n(w, "… {count} more", "… {count} more", more).format(count=more)
            clauses[i] = word + " ".join(top) + " " + rest
    return "; ".join(clauses)


def _why_text(finding: Finding, w: Wording) -> str | None:
    if finding.kind is FindingKind.BLUFF:
        return _bluff_reason(finding, w)
    if finding.kind is FindingKind.ILLEGAL and finding.verdict is not None:
        return finding.verdict.texts.reason
    return None


def _finding_json(record: Record, report: Report, finding: Finding, w: Wording) -> dict[str, Any]:
    played = finding.played
    before = finding.before
    return {
        "kind": finding.kind.value,
        "round": finding.round,
        "move": finding.move,
        "notation": None if played is None else str(played),
        "seat": finding.seat,
        "rule_ids": list(finding.rule_ids),
        "why": _why_text(finding, w),
        "challengers": list(finding.challengers),
        "closed_by_move": finding.closed_by_move,
        "unchecked_moves": finding.unchecked_moves,
        "checking_stopped": finding.kind in (FindingKind.ILLEGAL, FindingKind.DRAWN),
        "expected": finding.expected or None,
        "found": finding.found or None,
        "position": None if before is None else format_state(before, w.names),
        "position_text": None if before is None else describe_state(before, w),
        "text": _sentence(record, report, finding, w),
        "verdict": None if finding.verdict is None else finding.verdict.to_dict(),
    }


def _notes(record: Record, report: Report, w: Wording) -> list[str]:
    notes = [
        _(w, "The record of round {round} ends before the round is over.").format(round=r)
        for r in report.unfinished_rounds
    ]
    for r in report.scores_unchecked:
        stop = next(
            (
                f
                for f in report.findings
                if f.round == r - 1 and f.kind in (FindingKind.ILLEGAL, FindingKind.DRAWN)
            ),
            None,
        )
        if stop is not None and stop.kind is FindingKind.DRAWN:
            notes.append(
                _(
                    w,
                    "The scores round {round} starts with were not checked: the checking of "
                    "round {previous} stopped at move {n}, a draw of other cards than the deck "
                    "gives, so what it scored is not known.",
                ).format(round=r, previous=r - 1, n=stop.move)
            )
        else:
            notes.append(
                _(
                    w,
                    "The scores round {round} starts with were not checked: round {previous} "
                    "stopped at a refused move, so what it scored is not known.",
                ).format(round=r, previous=r - 1)
            )
    undealt = report.undealt_round
    # A round not dealt for the end of the game has its finding, which says so.
    if undealt is not None and not any(
        f.kind is FindingKind.DEAL and f.round == undealt for f in report.findings
    ):
        given = next((r for r in record.rounds if r.number == undealt), None)
        no_dealer = given is None or given.dealer is None
        no_scores = given is None or given.scores is None
        if no_dealer and no_scores:
            missing = _(w, "its dealer and its scores follow")
        elif no_dealer:
            missing = _(w, "its dealer follows")
        else:
            missing = _(w, "its scores follow")
        if undealt - 1 in report.unfinished_rounds:
            # Checked to its end, but the record ends before the round is over.
            text = _(
                w,
                "Round {round} and the rounds after it were not checked: {missing} from "
                "round {previous}, and the record of round {previous} ends before that "
                "round is over.",
            )
        else:
            text = _(
                w,
                "Round {round} and the rounds after it were not checked: {missing} from "
                "round {previous}, which was not checked to its end.",
            )
        notes.append(text.format(round=undealt, previous=undealt - 1, missing=missing))
    return notes


def _unfinished_reason(record: Record, report: Report, w: Wording) -> str | None:
    """Why the record is no whole game (:attr:`Report.unfinished`), unless
    the notes say it already (a last round that ends before it is over)."""
    if not report.unfinished or not record.rounds or report.undealt_round is not None:
        # A round that could not be dealt has its own note or finding (the
        # game over before it, a dealer or scores that follow from an
        # unfinished round): what happened after it is not known.
        return None
    last = record.rounds[-1].number
    if last in report.unfinished_rounds:
        return None
    if record.end == "stopped":
        text = _(
            w,
            "the record says the recording stopped after round {round}, before the game was over",
        )
    elif record.end == "game":
        text = _(
            w, "the record's end line says the game is over, but after round {round} it is not"
        )
    elif record.version >= 2:
        text = _(
            w,
            "the record has no end line after round {round}, so it may have been cut "
            "short there (a record ends with one when its game, or a round played on "
            "its own, is over)",
        )
    else:
        text = _(
            w,
            "the game is not over after round {round}, and a record of format 1 has no "
            "end line to say that the record goes no further",
        )
    return text.format(round=last)


def run_check(
    path: str,
    rules: str | None,
    as_json: bool,
    w: Wording = ENGLISH,
    allow_unfinished: bool = False,
) -> tuple[str, int]:
    """``unorules check``: the output and the exit status (0 clean, 1 not).

    A record that is no whole game (its last round not over, no end line,
    an end line that says it stopped or that the replay belies; for
    format 1, a game not over after several rounds) is not clean, unless
    ``allow_unfinished``; the notes say why.

    After the findings, the text output adds them up per seat (with the
    player's name and the bot where the record names them) and per kind,
    with each kind's rule IDs and the totals
    (:func:`unorules.record_check.summarize`); the JSON output has that as
    ``summary``: ``{"records", "findings", "kinds": {kind: count},
    "rules": [{"kind", "rule_id", "findings"}], "seats": [{"seat", "name",
    "bot", "findings", "kinds", "rules"}]}``.

    Raises:
        UnoError: a record that cannot be read (a :class:`RecordError` with
            the file, line and column), an unknown ``rules`` preset string,
            a first round that cannot be dealt.
    """
    out, status, _record, _report = _check_one(path, rules, as_json, w, allow_unfinished)
    return out, status


def _check_one(
    path: str, rules: str | None, as_json: bool, w: Wording, allow_unfinished: bool = False
) -> tuple[str, int, Record, Report]:
    """:func:`run_check`, with the record read and its report."""
    if rules is not None:
        presets.get(rules)
    record = _load(path, rules)
    names = Wording(w.lang, record.names)
    report = check_record(record, rules=rules, lang=w.lang)
    why = _unfinished_reason(record, report, w)
    cut = report.unfinished and not allow_unfinished
    clean = report.clean and not cut
    status = 0 if clean else 1
    notes = _notes(record, report, names)
    if why is not None:
        notes.append(_(w, "Not a whole game: {reason}.").format(reason=why))
    if as_json:
        data = {
            "rules": report.rules,
            "clean": clean,
            "unfinished": report.unfinished,
            "end": record.end,
            "game_over": report.game_over,
            "rounds": report.rounds,
            "moves": report.moves,
            "findings": [
                _finding_json(record, report, f, _named(record, f, names)) for f in report.findings
            ],
            "unfinished_rounds": list(report.unfinished_rounds),
            "undealt_round": report.undealt_round,
            "scores_unchecked": list(report.scores_unchecked),
            "notes": notes,
            "summary": _summary_json(summarize([(record, report)])),
            "lang": w.lang,
        }
        return json.dumps(data, indent=2, ensure_ascii=False), status, record, report
    lines = [_(w, "Rules: {rules}").format(rules=report.rules)]
    lines.append(
        _n(w, "Checked {count} move", "Checked {count} moves", report.moves).format(
            count=report.moves
        )
        + " "
        + _n(w, "in {count} round.", "in {count} rounds.", report.rounds).format(
            count=report.rounds
        )
    )
    for finding in report.findings:
        lines.append("")
        lines += _finding_text(record, report, finding, _named(record, finding, names))
    if notes:
        lines.append("")
        lines += [_wrap(n, "") for n in notes]
    if any(f.before is not None and _shortened(f.before) for f in report.findings):
        lines.append("")
        lines.append(
            _wrap(
                _n(
                    w,
                    "The findings show the top {count} card of the draw pile. The whole "
                    "position, to paste into 'unorules explain', is each finding's 'position' "
                    "in 'unorules check --json'; 'unorules replay RECORD --round R --at N' "
                    "prints the position after move N.",
                    "The findings show the top {count} cards of the draw pile. The whole "
                    "position, to paste into 'unorules explain', is each finding's 'position' "
                    "in 'unorules check --json'; 'unorules replay RECORD --round R --at N' "
                    "prints the position after move N.",
                    _TOP_CARDS,
                ).format(count=_TOP_CARDS),
                "",
            )
        )
    lines.append("")
    if report.findings:
        lines += _summary_lines(summarize([(record, report)]), w, several=False)
        lines.append("")
        count = len(report.findings)
        lines.append(
            _n(w, "Not clean: {count} finding.", "Not clean: {count} findings.", count).format(
                count=count
            )
        )
    elif report.undealt_round is not None:
        lines.append(_(w, "No findings in the rounds checked, but not every round was checked."))
    elif cut:
        lines.append(
            _wrap(
                _(
                    w,
                    "Not clean: the record is no whole game (cut short, or left "
                    "unfinished); --allow-unfinished accepts such a record.",
                ),
                "",
            )
        )
    else:
        lines.append(
            _wrap(
                _(
                    w,
                    "Clean: the rules allow every move, no bluff stood unchallenged and no "
                    "missing UNO call went uncaught.",
                ),
                "",
            )
        )
    return "\n".join(lines), status, record, report


def _state_table(state: GameState, w: Wording) -> list[str]:
    seats = [w.seat(i) for i in range(len(state.hands))]
    width = max(len(_(w, "Seat")), *(len(s) for s in seats)) + 2
    seat, count, hand_word = _(w, "Seat"), _(w, "Cards"), _(w, "Hand")
    lines = [f"  {seat:<{width}}{count:<7}{hand_word}"]
    own = _output_codes(w.lang)  # the card codes of the reader's language
    for i, hand in enumerate(state.hands):
        mark = ">" if i == state.current and not state.round_over else " "
        codes = own(" ".join(c.code for c in hand)) or "-"
        lines.append(f"{mark} {seats[i]:<{width}}{len(hand):<7}{codes}")
    color = colour_name(state.color, w.lang) if state.color is not None else _(w, "none yet")
    way = _(w, "clockwise") if state.direction == 1 else _(w, "counter-clockwise")
    turn = _(w, "nobody (the round is over)") if state.round_over else w.seat(state.current)
    rows = [
        (_(w, "Top card"), own(state.top.code)),
        (_(w, "Colour"), color),
        (_(w, "Turn"), turn),
        (_(w, "Direction"), way),
        (
            _(w, "Draw pile"),
            _n(w, "{n} card", "{n} cards", len(state.draw_pile)).format(n=len(state.draw_pile)),
        ),
        (_(w, "Scores"), " ".join(str(s) for s in state.scores)),
    ]
    label = max(len(k) for k, _v in rows) + 2
    return lines + [""] + [f"{k + ':':<{label}}{v}" for k, v in rows]


def run_replay(
    path: str,
    at: int | None,
    round_number: int,
    rules: str | None,
    as_json: bool,
    w: Wording = ENGLISH,
) -> tuple[str, int]:
    """``unorules replay``: the position after move ``at`` of the round, and
    the exit status: 0, or 1 when the rules refuse a move up to ``at`` (then
    the output names that move, gives its verdict and rule IDs and shows the
    position before it, since none follows it).

    Raises:
        UnoError: a record that cannot be read (a :class:`RecordError` with
            the file, line and column), an unknown ``rules`` preset string, a
            round or move number the record does not have, a round that
            cannot be dealt (one that follows from a round with a refused
            move, and gives no dealer or scores of its own).
    """
    if rules is not None:
        presets.get(rules)
    record = _load(path, rules)
    if not 1 <= round_number <= len(record.rounds):
        raise UnoError(
            msg(
                "--round {round}: the record has rounds 1 to {last}",
                round=round_number,
                last=len(record.rounds),
            )
        )
    rnd = record.rounds[round_number - 1]
    moves = rnd.moves
    n = len(moves) if at is None else at
    if not 0 <= n <= len(moves):
        raise UnoError(
            msg(
                "--at {n}: round {round} has moves 1 to {last} (0: the deal)",
                n=n,
                round=round_number,
                last=len(moves),
            )
        )
    rule_set = record.rule_set() if rules is None else presets.get(rules)
    state = _dealt(record, round_number - 1, rule_set)
    refused = 0  # the number of the first refused move up to n, if any
    differ: DrawnCardsDiffer | None = None  # a draw of other cards up to n
    for k, move in enumerate(moves[:n], 1):
        if not check(state, move).allowed:
            refused = k
            break
        try:
            state = _step(state, move, rnd, k)[0]
        except DrawnCardsDiffer as e:
            differ = e
            break
    # The players' names by this round's seats (house.shuffle-seats).
    seated = names_at(record.names, state)
    names = Wording(w.lang, seated)
    text = describe_state(state, names)
    if differ is not None:
        return _replay_differ(record, differ, state, n, text, as_json, names), 1
    verdict = explain(state, moves[refused - 1], lang=w.lang, names=seated) if refused else None
    if as_json:
        data = {
            "round": round_number,
            "move": n,
            "notation": None if n == 0 else str(moves[n - 1]),
            "position_after_move": refused - 1 if refused else n,
            "position": format_state(state, seated),
            "position_text": text,
            "state": unstructure(state),
            "refused": None
            if verdict is None
            else {
                "move": refused,
                "notation": str(moves[refused - 1]),
                "seat": moves[refused - 1].player,
                "rule_ids": list(verdict.rule_ids),
                "verdict": verdict.to_dict(),
            },
            "lang": w.lang,
        }
        return json.dumps(data, indent=2, ensure_ascii=False), 1 if refused else 0
    notation = format_state(state, seated, lang=w.lang)
    if verdict is not None:
        move = moves[refused - 1]
        lines = [
            _(w, "Round {round}, move {n}: {move} - refused [{rules}]").format(
                round=round_number,
                n=refused,
                move=_move_text(names, move),
                rules=", ".join(verdict.rule_ids),
            )
        ]
        lines += [_wrap(t, "  ") for t in verdict.text_in(w.lang).splitlines()]
        if refused == n:
            after = _(
                w,
                "The rules refuse move {k}, so no position follows it. The position before it:",
            ).format(k=refused)
        else:
            after = _(
                w,
                "The rules refuse move {k}, so no position follows it, nor any of the moves "
                "after it up to move {n}. The position before move {k}:",
            ).format(k=refused, n=n)
        lines += [_wrap(after, "  "), "", _wrap(text, ""), notation, ""]
        lines += _state_table(state, names)
        return "\n".join(lines), 1
    if n == 0:
        head = _(w, "Round {round}, as dealt").format(round=round_number)
    else:
        head = _(w, "Round {round}, after move {n}: {move}").format(
            round=round_number, n=n, move=_move_text(names, moves[n - 1])
        )
    # The notation on one line, to be copied into 'unorules explain'.
    lines = [head, _wrap(text, ""), notation, ""]
    lines += _state_table(state, names)
    return "\n".join(lines), 0


def _replay_differ(
    record: Record,
    differ: DrawnCardsDiffer,
    state: GameState,
    n: int,
    text: str,
    as_json: bool,
    names: Wording,
) -> str:
    """``replay``'s output when a move up to ``n`` records other drawn cards
    than the deck gives: that move, why, and the position before it."""
    k = differ.move
    move = record.rounds[differ.round - 1].moves[k - 1]
    found, expected = format_cards(differ.found), format_cards(differ.expected)
    if as_json:
        data = {
            "round": differ.round,
            "move": n,
            "notation": str(record.rounds[differ.round - 1].moves[n - 1]),
            "position_after_move": k - 1,
            "position": format_state(state, names.names),
            "position_text": text,
            "state": unstructure(state),
            "refused": None,
            "drawn_differ": {
                "move": k,
                "notation": str(move),
                "seat": move.player,
                "rule_ids": list(differ.rule_ids),
                "expected": expected,
                "found": found,
            },
            "lang": names.lang,
        }
        return json.dumps(data, indent=2, ensure_ascii=False)
    lines = [
        _(
            names, "Round {round}, move {n}: {move} - drawn cards not as the deck gives [{rules}]"
        ).format(
            round=differ.round,
            n=k,
            move=_move_text(names, move),
            rules=", ".join(differ.rule_ids),
        ),
        _wrap(
            _(
                names,
                "The record says it drew {found}, but by the rules it draws {expected}, so no "
                "position follows it. The position before move {k}:",
            ).format(found=_codes_said(names, found), expected=_codes_said(names, expected), k=k),
            "  ",
        ),
        "",
        _wrap(text, ""),
        format_state(state, names.names, lang=names.lang),
        "",
    ]
    lines += _state_table(state, names)
    return "\n".join(lines)


def _dealt(record: Record, index: int, rules: RuleSet) -> GameState:
    """Round ``index`` of ``record`` as dealt: from its own dealer and scores,
    or from the rounds before it, played again.

    Raises:
        UnoError: a round before it that the rules refuse a move of, or a
            deal that cannot be made (:func:`unorules.records.deal`).
    """
    rnd: RecordedRound = record.rounds[index]
    if index == 0:
        return deal(record, index, rules=rules)
    try:
        previous = _played_before(record, index, rules)
    except UnoError:
        if rnd.dealer is None or rnd.scores is None:
            raise
        # The round's own deal, when the rounds before it do not replay;
        # what the rules keep from round to round is then not known.
        return deal(record, index, rules=rules)
    return deal(record, index, previous, rules=rules)


def _played_before(record: Record, index: int, rules: RuleSet) -> GameState | None:
    """The last position of the round before round ``index``, all the rounds
    before it played again: what the rules keep from round to round (a
    game's clock, who sits where) goes on from it.

    Raises:
        UnoError: the rules refuse a move of a round before it (or it
            cannot be dealt).
    """
    rnd: RecordedRound = record.rounds[index]
    previous: GameState | None = None
    for i, before in enumerate(record.rounds[:index]):
        state = deal(record, i, previous, rules=rules)
        for k, move in enumerate(before.moves, 1):
            ruling = check(state, move)
            if not ruling.allowed and state.round_over:
                break  # a move after the round's end: the round ended before it
            if not ruling.allowed:
                raise UnoError(
                    msg(
                        "round {round} cannot be dealt: it gives {missing} itself, and round "
                        "{previous} does not reach its end, since the rules refuse its move "
                        "{n} ({move}, {rules}); 'unorules check' tells why",
                        round=rnd.number,
                        missing=_missing_dealer_or_scores(rnd.dealer is None, rnd.scores is None),
                        previous=before.number,
                        n=k,
                        move=str(move),
                        rules=", ".join(ruling.rule_ids),
                    )
                )
            state = _step(state, move, before, k)[0]
        previous = state
    return previous


def record_files(paths: Sequence[str]) -> list[str]:
    """``paths`` with each folder replaced by its ``.jsonl`` and ``.uno``
    files, in name order (``-``, standard input, stays as it is).

    Raises:
        UnoError: a folder that holds no record file.
    """
    files: list[str] = []
    for path in paths:
        folder = Path(path)
        if path != "-" and folder.is_dir():
            found = sorted(
                str(f) for f in folder.iterdir() if f.suffix in (".jsonl", ".uno") and f.is_file()
            )
            if not found:
                raise UnoError(
                    msg("the folder {path} holds no record (.jsonl or .uno file)", path=path)
                )
            files += found
        else:
            files.append(path)
    return files


def run_checks(
    paths: Sequence[str],
    rules: str | None,
    as_json: bool,
    w: Wording = ENGLISH,
    allow_unfinished: bool = False,
) -> tuple[str, int]:
    """``unorules check`` of several records (files, or folders of them):
    each checked as :func:`run_check` checks one, then a summary. The exit
    status: 2 when a record cannot be read, else 1 when one is not clean,
    else 0.

    The summary adds up the findings of the records read per seat and per
    kind (:func:`unorules.record_check.summarize`): a table, or one line when
    there are none.

    With ``as_json``: ``{"records": [...], "clean": ..., "summary": {...},
    "lang": ...}``, each record's object as :func:`run_check` gives it with
    its ``file``, or ``{"file": ..., "error": {...}}`` for a record that
    cannot be read; ``summary`` as in :func:`run_check`, added up over the
    records read.

    Raises:
        UnoError: an unknown ``rules`` preset string; a folder without
            records.
    """
    if rules is not None:
        presets.get(rules)
    files = record_files(paths)
    outputs: list[str] = []
    results: list[dict[str, object]] = []
    counts = {0: 0, 1: 0, 2: 0}
    checked: list[tuple[Record, Report]] = []
    for path in files:
        try:
            out, status, record, report = _check_one(path, rules, as_json, w, allow_unfinished)
        except UnoError as e:
            status = 2
            error: dict[str, object] = {"message": str(e), "text": e.text_in(w.lang)}
            error["type"] = type(e).__name__
            if isinstance(e, RecordError):
                error["line"], error["column"] = e.line, e.column
            results.append({"file": path, "error": error})
            outputs.append(f"== {path}\n{e.text_in(w.lang)}")
        else:
            checked.append((record, report))
            if as_json:
                results.append({"file": path, **json.loads(out)})
            outputs.append(f"== {path}\n{out}")
        counts[status] += 1
    status = 2 if counts[2] else 1 if counts[1] else 0
    summary = summarize(checked)
    if as_json:
        data = {
            "records": results,
            "clean": status == 0,
            "summary": _summary_json(summary),
            "lang": w.lang,
        }
        return json.dumps(data, indent=2, ensure_ascii=False), status
    counted = _n(
        w,
        "{count} record checked: {clean} clean, {findings} with findings, {unreadable} "
        "that cannot be read.",
        "{count} records checked: {clean} clean, {findings} with findings, {unreadable} "
        "that cannot be read.",
        len(files),
    ).format(count=len(files), clean=counts[0], findings=counts[1], unreadable=counts[2])
    table = "\n".join(_summary_lines(summary, w, several=True)) if checked else None
    return "\n\n".join([*outputs, counted, *([table] if table else [])]), status


def run(args: argparse.Namespace, w: Wording) -> tuple[str, int]:
    """Run ``check`` or ``replay`` with parsed arguments: the output and the
    exit status (``check``: 0 clean, 1 not; ``replay``: 0, or 1 past a
    refused move).

    Raises:
        UnoError: as :func:`run_check` and :func:`run_replay`.
    """
    if args.command == "check":
        paths: list[str] = list(args.record)
        if len(paths) == 1 and not Path(paths[0]).is_dir():
            return run_check(paths[0], args.rules, args.json, w, args.allow_unfinished)
        return run_checks(paths, args.rules, args.json, w, args.allow_unfinished)
    return run_replay(args.record, args.at, args.round, args.rules, args.json, w)
