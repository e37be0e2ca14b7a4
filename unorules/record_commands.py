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
whose turn it is, the direction, the draw pile and the scores.

RECORD is a file (``-``: standard input) in JSON Lines or the text form.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs

from unorules.errors import RecordError, UnoError, msg
from unorules.explanations.headline import move_phrase
from unorules.explanations.languages import ENGLISH, Wording
from unorules.explanations.verdicts import describe_state
from unorules.explanations.words import colour_name
from unorules.moves import Move
from unorules.notation import format_state
from unorules.record_check import Finding, FindingKind, Report, check_record
from unorules.records import Record, _step, deal, read_record, replay
from unorules.rules import presets
from unorules.serialize import unstructure
from unorules.state import GameState

__all__ = ["add_parsers", "run_check", "run_replay"]

_WIDTH = 88


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
    ck.add_argument("record", metavar="RECORD", help=_(w, "the record file ('-': standard input)"))
    ck.add_argument(
        "--rules",
        "-r",
        default=None,
        metavar="PRESET",
        help=_(w, "check under this preset string instead of the record's rules"),
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
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise UnoError(
            msg("cannot read the record {path}: {error}", path=path, error=e.strerror or str(e))
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


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(
        text,
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


def _closing(record: Record, finding: Finding) -> Move | None:
    if finding.closed is None:
        return None
    return record.rounds[finding.round - 1].moves[finding.closed - 1]


def _sentence(record: Record, finding: Finding, w: Wording) -> str:
    """What the finding means, in one or two sentences, in ``w``'s language."""
    closed = _closing(record, finding)
    after = ""
    if closed is not None:
        after = _move_text(w, closed)
    if finding.kind is FindingKind.ILLEGAL and not finding.unchecked:
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
            finding.unchecked,
        ).format(round=finding.round, count=finding.unchecked)
    if finding.kind is FindingKind.DRAWN:
        return _(
            w,
            "The record says this move drew {found}, but the deck gives {expected}: the "
            "record's deck parts from the rules' here, so checking of round {round} stops "
            "(moves after it not checked: {count}).",
        ).format(
            found=finding.found or "-",
            expected=finding.expected or "-",
            round=finding.round,
            count=finding.unchecked,
        )
    if finding.kind is FindingKind.BLUFF:
        if finding.closed == finding.move:
            return _(w, "It could not be challenged after this move, and it stood.")
        return _(
            w,
            "Nobody challenged it: after move {n} ({move}) a challenge no longer counted, "
            "so the bluff stood.",
        ).format(n=finding.closed, move=after)
    if finding.kind is FindingKind.UNO:
        return _(
            w,
            "{seat} was left with one card by this move without calling UNO, and nobody "
            "caught it: after move {n} ({move}) a catch no longer counted.",
        ).format(seat=w.seat(finding.seat), n=finding.closed, move=after)
    if finding.expected == "no round":
        return _(
            w,
            "The game was over after round {previous}, yet the record deals round {round}.",
        ).format(previous=finding.round - 1, round=finding.round)
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


def _finding_text(record: Record, finding: Finding, w: Wording) -> list[str]:
    kind = _(w, _KINDS[finding.kind])
    ids = ", ".join(finding.rule_ids)
    played = finding.played
    if played is None:
        head = _(w, "Round {round}: {kind} [{rules}]").format(
            round=finding.round, kind=kind, rules=ids
        )
        return [head, _wrap(_sentence(record, finding, w), "  ")]
    head = _(w, "Round {round}, move {n}: {move} - {kind} [{rules}]").format(
        round=finding.round, n=finding.move, move=_move_text(w, played), kind=kind, rules=ids
    )
    lines = [head]
    if finding.verdict is not None and finding.kind is not FindingKind.UNO:
        lines += [_wrap(t, "  ") for t in finding.verdict.text_in(w.lang).splitlines()]
    lines.append(_wrap(_sentence(record, finding, w), "  "))
    lines.append(
        _wrap(
            _(w, "Before the move: {position}").format(position=describe_state(finding.before, w)),
            "  ",
        )
    )
    lines.append(
        _wrap(
            _(w, "Cards: {notation}").format(notation=format_state(finding.before, w.names)),
            "  ",
        )
    )
    return lines


def _finding_json(record: Record, finding: Finding, w: Wording) -> dict[str, Any]:
    played = finding.played
    return {
        "kind": finding.kind.value,
        "round": finding.round,
        "move": finding.move,
        "notation": None if played is None else str(played),
        "seat": finding.seat,
        "rule_ids": list(finding.rule_ids),
        "closed_by_move": finding.closed,
        "unchecked_moves": finding.unchecked,
        "checking_stopped": finding.kind in (FindingKind.ILLEGAL, FindingKind.DRAWN),
        "expected": finding.expected or None,
        "found": finding.found or None,
        "position": format_state(finding.before, w.names),
        "position_text": describe_state(finding.before, w),
        "text": _sentence(record, finding, w),
        "verdict": None if finding.verdict is None else finding.verdict.to_dict(),
    }


def _notes(report: Report, w: Wording) -> list[str]:
    notes = [
        _(w, "The record of round {round} ends before the round is over.").format(round=r)
        for r in report.unfinished
    ]
    if report.undealt is not None:
        notes.append(
            _(
                w,
                "Round {round} and the rounds after it were not checked: its dealer or "
                "scores follow from round {previous}, which was not checked to its end.",
            ).format(round=report.undealt, previous=report.undealt - 1)
        )
    return notes


def run_check(path: str, rules: str | None, as_json: bool, w: Wording = ENGLISH) -> tuple[str, int]:
    """``unorules check``: the output and the exit status (0 clean, 1 not).

    Raises:
        UnoError: a record that cannot be read (a :class:`RecordError` with
            the file, line and column), an unknown ``rules`` preset string,
            a first round that cannot be dealt.
    """
    if rules is not None:
        presets.get(rules)
    record = _load(path, rules)
    names = Wording(w.lang, record.names)
    report = check_record(record, rules=rules, lang=w.lang)
    status = 0 if report.clean else 1
    notes = _notes(report, names)
    if as_json:
        data = {
            "rules": report.rules,
            "clean": report.clean,
            "rounds": report.rounds,
            "moves": report.moves,
            "findings": [_finding_json(record, f, names) for f in report.findings],
            "unfinished_rounds": list(report.unfinished),
            "undealt_round": report.undealt,
            "notes": notes,
            "lang": w.lang,
        }
        return json.dumps(data, indent=2, ensure_ascii=False), status
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
        lines += _finding_text(record, finding, names)
    if notes:
        lines.append("")
        lines += [_wrap(n, "") for n in notes]
    lines.append("")
    if report.findings:
        count = len(report.findings)
        lines.append(
            _n(w, "Not clean: {count} finding.", "Not clean: {count} findings.", count).format(
                count=count
            )
        )
    elif report.undealt is not None:
        lines.append(_(w, "No findings in the rounds checked, but not every round was checked."))
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
    return "\n".join(lines), status


def _state_table(state: GameState, w: Wording) -> list[str]:
    seats = [w.seat(i) for i in range(len(state.hands))]
    width = max(len(_(w, "Seat")), *(len(s) for s in seats)) + 2
    seat, count, hand_word = _(w, "Seat"), _(w, "Cards"), _(w, "Hand")
    lines = [f"  {seat:<{width}}{count:<7}{hand_word}"]
    for i, hand in enumerate(state.hands):
        mark = ">" if i == state.current and not state.round_over else " "
        codes = " ".join(c.code for c in hand) or "-"
        lines.append(f"{mark} {seats[i]:<{width}}{len(hand):<7}{codes}")
    color = colour_name(state.color, w.lang) if state.color is not None else _(w, "none yet")
    way = _(w, "clockwise") if state.direction == 1 else _(w, "counter-clockwise")
    turn = _(w, "nobody (the round is over)") if state.round_over else w.seat(state.current)
    rows = [
        (_(w, "Top card"), state.top.code),
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
) -> str:
    """``unorules replay``: the position after move ``at`` of the round.

    Raises:
        UnoError: a record that cannot be read (a :class:`RecordError` with
            the file, line and column), an unknown ``rules`` preset string, a
            round or move number the record does not have, a move before the
            position that the rules refuse (``unorules check`` reports it).
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
    moves = record.rounds[round_number - 1].moves
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
    rnd = record.rounds[round_number - 1]
    if round_number > 1 and rnd.dealer is not None and rnd.scores is not None:
        # The round's own deal: the rounds before it need not replay.
        state = deal(
            record,
            round_number - 1,
            rules=record.rule_set() if rules is None else presets.get(rules),
        )
        for k, move in enumerate(moves[:n], 1):
            state = _step(state, move, rnd, k, refused=True)[0]
    else:
        shown = attrs.evolve(rnd, moves=moves[:n])
        trimmed = attrs.evolve(record, rounds=(*record.rounds[: round_number - 1], shown))
        state = replay(trimmed, rules=rules)[-1][-1]
    names = Wording(w.lang, record.names)
    notation = format_state(state, record.names)
    text = describe_state(state, names)
    if as_json:
        data = {
            "round": round_number,
            "move": n,
            "notation": None if n == 0 else str(moves[n - 1]),
            "position": notation,
            "position_text": text,
            "state": unstructure(state),
            "lang": w.lang,
        }
        return json.dumps(data, indent=2, ensure_ascii=False)
    if n == 0:
        head = _(w, "Round {round}, as dealt").format(round=round_number)
    else:
        head = _(w, "Round {round}, after move {n}: {move}").format(
            round=round_number, n=n, move=_move_text(names, moves[n - 1])
        )
    # The notation on one line, to be copied into 'unorules explain'.
    lines = [head, _wrap(text, ""), notation, ""]
    lines += _state_table(state, names)
    return "\n".join(lines)


def run(args: argparse.Namespace, w: Wording) -> tuple[str, int]:
    """Run ``check`` or ``replay`` with parsed arguments: the output and the
    exit status (``check``: 0 clean, 1 not; ``replay``: 0).

    Raises:
        UnoError: as :func:`run_check` and :func:`run_replay`.
    """
    if args.command == "check":
        return run_check(args.record, args.rules, args.json, w)
    return run_replay(args.record, args.at, args.round, args.rules, args.json, w), 0
