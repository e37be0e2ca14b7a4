"""The ``unorules`` command line.

``unorules explain SITUATION MOVE...`` settles a dispute: it sets up the
situation (see :mod:`unorules.notation`), applies the moves in order and
judges the last one, printing the verdict, the rules cited with their text
and what happens next. ``unorules rules`` lists the rule IDs.

Exit status: 0 when a verdict or listing was printed, 2 for a usage error
(bad notation, unknown rule ID, impossible situation).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from unorules import presets
from unorules.catalogue import CATALOGUE, SECTIONS
from unorules.engine import apply
from unorules.errors import UnoError
from unorules.explain import Verdict, describe_state, explain
from unorules.notation import parse_moves, parse_situation
from unorules.state import GameState

__all__ = ["main"]

_EXAMPLES = """\
examples:
  unorules explain "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0" "0 play W+4 blue"
  unorules explain "top R5; hands R+2 G1 / B+2 Y3 / ?5" "0 play R+2" "1 play B+2"
  unorules explain --rules official+house.stack-draw-two "top R5; hands R+2 G1 / B+2 Y3 / ?5" \\
      "0 play R+2; 1 play B+2"
  unorules rules
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="unorules",
        description="UNO rules engine: settle a dispute with a verdict that cites the rule.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ex = sub.add_parser(
        "explain",
        help="judge a disputed move in a situation",
        description=(
            "Set up SITUATION, apply the MOVEs in order and judge the last one. "
            "Situation grammar: clauses separated by ';' -- top CARD [COLOUR]; "
            "hands HAND / HAND / ... (seat 0 first, ?N = N unknown cards); turn SEAT; "
            "dir cw|ccw; color COLOUR; draw CARDS; discard CARDS; dealer SEAT; seed N; "
            "scores N N .... Moves: '0 play W+4 blue', '1 draw', '1 pass', '0 uno', "
            "'2 catch 0', '1 challenge', '0 color red'; several in one argument are "
            "separated by ';'."
        ),
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ex.add_argument("situation", metavar="SITUATION", help="the position, in one line")
    ex.add_argument("moves", metavar="MOVE", nargs="+", help="the moves; the last is judged")
    ex.add_argument(
        "--rules",
        "-r",
        default="official",
        metavar="PRESET",
        help="preset and rule IDs, e.g. official+house.stack-draw-two (default: official)",
    )
    ex.add_argument("--json", action="store_true", help="print the verdict as JSON")

    rl = sub.add_parser("rules", help="list the rule IDs with one-line texts")
    rl.add_argument(
        "--preset", metavar="PRESET", help="show only the rules in force in this preset string"
    )
    rl.add_argument("--json", action="store_true", help="print as JSON, with texts and sources")
    return parser


def _version() -> str:
    from unorules import __version__

    return f"unorules {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 2 on a usage error.
    """
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "explain":
            out = _explain(args.situation, args.moves, args.rules, args.json)
        else:
            out = _rules(args.preset, args.json)
    except UnoError as e:
        parser.exit(2, f"unorules {args.command}: error: {e}\n")
    sys.stdout.write(out + "\n")
    return 0


def _join_moves(parts: Sequence[str]) -> str:
    return "; ".join(p.strip().rstrip(";") for p in parts)


def _explain(situation_text: str, move_args: Sequence[str], preset: str, as_json: bool) -> str:
    rules = presets.get(preset)
    try:
        spec = parse_situation(situation_text)
    except UnoError as e:
        raise UnoError(f"in SITUATION: {e}") from None
    state = spec.to_state(rules)
    try:
        moves = parse_moves(_join_moves(move_args))
    except UnoError as e:
        raise UnoError(f"in MOVE: {e}") from None
    n = len(state.hands)
    for move in moves:
        seats = [move.player, getattr(move, "target", 0)]
        if any(not 0 <= seat < n for seat in seats):
            raise UnoError(f"in MOVE {move}: the situation has {n} seats (0..{n - 1})")
    start = state
    verdicts: list[Verdict] = []
    for move in moves:
        verdict = explain(state, move)
        verdicts.append(verdict)
        if not verdict.allowed:
            break
        state = apply(state, move)
    if as_json:
        return json.dumps(_json(rules.name, start, verdicts, len(moves)), indent=2)
    return _text(rules.name, start, verdicts, len(moves))


def _json(rules: str, start: GameState, verdicts: list[Verdict], total: int) -> dict[str, Any]:
    last = verdicts[-1]
    return {
        "rules": rules,
        "situation": describe_state(start),
        "moves": [v.to_dict() for v in verdicts[:-1]],
        "verdict": last.to_dict(),
        "stopped_early": len(verdicts) < total,
    }


def _wrap(text: str, indent: str, hang: str = "") -> str:
    return textwrap.fill(
        text,
        width=88,
        initial_indent=indent,
        subsequent_indent=indent + hang,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _text(rules: str, start: GameState, verdicts: list[Verdict], total: int) -> str:
    lines = [f"Rules: {rules}", f"Situation: {describe_state(start)}", ""]
    for i, v in enumerate(verdicts[:-1], 1):
        lines.append(f"{i}. {v.move}: {v.verdict}. " + "; ".join(t for _, t in v.effects if t))
    last = verdicts[-1]
    if len(verdicts) > 1:
        lines.append("")
    lines.append(f"Move: {last.move}")
    lines.append(f"Verdict: {last.verdict.upper()} - {last.reason}.")
    if len(verdicts) < total:
        lines.append(f"(moves after this one were not applied: {total - len(verdicts)})")
    lines.append("")
    lines.append("Rules cited:")
    for rid in last.rule_ids:
        info = CATALOGUE.get(rid)
        lines.append(f"  {rid}" + (f" - {info.title}" if info else ""))
        if info:
            lines.append(_wrap(info.text, "      "))
    if last.effects:
        lines += ["", "What happens:"]
        lines += [_wrap(f"- {t} [{rid}]", "  ", "  ") for rid, t in last.effects]
    if last.remedy:
        lines += ["", "Instead:" if not last.allowed else "Remedy:"]
        lines += [_wrap(f"- {r}", "  ", "  ") for r in last.remedy]
    lines += ["", f"Next: {last.outlook}" if last.allowed else f"Position: {last.outlook}"]
    return "\n".join(lines)


def _rules(preset: str | None, as_json: bool) -> str:
    in_force = presets.get(preset).rule_ids if preset else None
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
                }
                for r in chosen
            ],
            indent=2,
        )
    lines: list[str] = []
    if preset:
        lines.append(f"Rules in force in {preset}:")
    width = max(len(r.id) for r in chosen) if chosen else 0
    for key, heading in SECTIONS.items():
        group = [r for r in chosen if r.section == key]
        if not group:
            continue
        lines += ["", heading]
        for r in group:
            mark = ("O" if r.official else " ") + (" " if r.id in available else "-")
            lines.append(f"  {mark} {r.id:<{width}}  {r.summary}")
    if not preset:
        lines += ["", "O = in the official preset; - = catalogued, not yet available"]
    return "\n".join(lines).lstrip("\n")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
