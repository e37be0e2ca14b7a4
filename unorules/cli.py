"""The ``unorules`` command line.

``unorules explain SITUATION MOVE...`` settles a dispute: it sets up the
situation (see :mod:`unorules.notation`), applies the moves in order and
judges the last one, printing the verdict, the rules cited with their text
and what happens next. ``unorules rules`` lists the rule IDs.

Exit status: 0 when a verdict or listing was printed, 1 when ``rules check``
found problems, 2 for a usage error (bad notation, unknown rule ID,
impossible situation, no command). With ``--json`` an error is printed as
JSON on stdout, ``{"error": {"command": ..., "message": ..., "status": 2}}``,
and nothing on stderr. A command's options may come anywhere among its
arguments.

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
import json
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from typing import Any, NoReturn

import attrs

from unorules.cards import Card
from unorules.engine import apply, check
from unorules.errors import RuleSetError, UnoError
from unorules.explanations.verdicts import Unknown, Verdict, describe_state, explain
from unorules.moves import Challenge, Move, Play
from unorules.notation import SituationSpec, parse_moves, parse_situation
from unorules.play import simulate
from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE, SECTIONS, SOURCES
from unorules.rules.house import HouseRule, load_house_rule
from unorules.rules.ruleset import RuleSet
from unorules.serialize import event_json
from unorules.state import GameState, Phase

__all__ = ["main"]

_EXAMPLES = """\
examples:
  unorules explain "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0" "0 play W+4 blue"
  unorules explain "top R5; hands R+2 G1 / B+2 Y3 / ?5" "0 play R+2" "1 play B+2"
  unorules explain --rules official+house.stack-draw-two "top R5; hands R+2 G1 / B+2 Y3 / ?5" \\
      "0 play R+2; 1 play B+2"
  unorules rules
  unorules simulate --rounds 200 --bots heuristic,random

With --json, errors come as JSON on stdout: {"error": {"command", "message", "status"}}.
"""


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
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self.intermixed = True


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
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
            "'2 catch 0', '1 challenge', '0 color red', '0 play R7 swap 2', '0 play G5 x2', "
            "'1 timeout'; several in one argument are "
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
        default=None,
        metavar="PRESET",
        help="preset and rule IDs, e.g. official+house.stack-draw-two (default: official); "
        "not together with --compare",
    )
    add_house_rule_option(ex)
    ex.add_argument(
        "--json", action="store_true", help="print the verdict as JSON (an error too, on stdout)"
    )
    ex.add_argument(
        "--compare",
        "-c",
        metavar="PRESETS",
        help="two or more comma-separated preset strings: give the verdict under each, side "
        "by side (e.g. official,svenska,kitchen-table); long ones are labelled A, B, ...",
    )

    rl = sub.add_parser(
        "rules",
        help="list the rule IDs with one-line texts, or check a combination",
        description="'unorules rules' lists every rule ID; 'unorules rules check PRESET' "
        "reports rules that contradict or can never apply.",
    )
    rl.add_argument(
        "action",
        nargs="?",
        choices=["list", "check"],
        default="list",
        help="list (default) or check",
    )
    rl.add_argument("spec", nargs="?", metavar="PRESET", help="the preset string to check")
    rl.add_argument(
        "--preset", metavar="PRESET", help="show only the rules in force in this preset string"
    )
    add_house_rule_option(rl)
    rl.add_argument(
        "--json",
        action="store_true",
        help="print as JSON, with texts and sources (an error too, on stdout)",
    )
    simulate.add_parser(sub)
    for command in sub.choices.values():
        if isinstance(command, _Parser):
            command.intermixed = True
    return parser


def add_house_rule_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--house-rule MODULE:NAME`` (repeatable) to ``parser``."""
    parser.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="MODULE:NAME",
        help="a table's own rule: a unorules.HouseRule named NAME in MODULE (imported from "
        "the current directory or the Python path), e.g. table_rules:DRAW_TWO_ON_WD4; its "
        "ID may then be named in the preset string; repeat for more",
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 1 when ``rules check`` finds problems,
        2 on a usage error (then the message is on stderr, or with ``--json``
        a JSON object ``{"error": {...}}`` on stdout). With no arguments the
        help is printed on stderr and the status is 2.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in (words[: words.index("--")] if "--" in words else words)
    parser = _parser()
    if not words:
        parser.print_help(sys.stderr)
        return 2
    try:
        args, extras = parser.parse_known_args(words)
        if extras:
            known = getattr(args, "command", None)
            refuser = _sub_parser(parser, known) if known else parser
            refuser.error(f"unrecognized arguments: {' '.join(extras)}")
    except _UsageError as e:
        command = e.parser.prog.removeprefix("unorules").strip() or None
        if as_json:
            return _fail_json(command, str(e))
        e.parser.print_usage(sys.stderr)
        sys.stderr.write(f"{e.parser.prog}: error: {e}\n")
        return 2
    status = 0
    try:
        if args.command == "simulate":
            out = args.func(args)
        elif args.command == "explain" and args.compare is not None:
            if args.rules is not None:
                raise UnoError(
                    f"give either --rules or --compare, not both (put {args.rules!r} in the "
                    "--compare list to judge under it too)"
                )
            out = _compare(
                args.situation, args.moves, args.compare, args.json, house_rules_of(args)
            )
        elif args.command == "explain":
            out = _explain(
                args.situation,
                args.moves,
                args.rules or "official",
                args.json,
                house_rules_of(args),
            )
        elif args.action == "check":
            if args.spec is None or not args.spec.strip():
                raise UnoError("'rules check' needs a preset string, e.g. official+house.kids")
            if args.preset is not None:
                raise UnoError("'rules check' takes its preset string as an argument, not --preset")
            out, status = _check(args.spec, args.json, house_rules_of(args))
        else:
            if args.spec is not None:
                raise UnoError(
                    f"'rules list' takes no preset string ({args.spec!r}): "
                    "use 'rules --preset PRESET' or 'rules check PRESET'"
                )
            out = _rules(args.preset, args.json, house_rules_of(args))
    except UnoError as e:
        if as_json:
            return _fail_json(args.command, str(e), e)
        sys.stderr.write(f"unorules {args.command}: error: {e}\n")
        return 2
    sys.stdout.write(out + "\n")
    return status


def _sub_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    """The parser of ``command`` (``parser`` itself when it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices.get(command)
            if isinstance(found, argparse.ArgumentParser):
                return found
    return parser


def _fail_json(command: str | None, message: str, error: UnoError | None = None) -> int:
    """Print a usage error as JSON on stdout; the exit status (2)."""
    data: dict[str, Any] = {"command": command, "message": message, "status": 2}
    if error is not None:
        data["type"] = type(error).__name__
        rule_ids = getattr(error, "rule_ids", ())
        if rule_ids:
            data["rule_ids"] = list(rule_ids)
    sys.stdout.write(json.dumps({"error": data}, indent=2) + "\n")
    return 2


def _join_moves(parts: Sequence[str]) -> str:
    return "; ".join(p.strip().rstrip(";") for p in parts)


def _judge(
    situation_text: str,
    move_args: Sequence[str],
    preset: str,
    house_rules: tuple[HouseRule, ...] = (),
) -> tuple[RuleSet, GameState, list[Verdict], int, list[str]]:
    rules = presets.get(preset, house_rules=house_rules)
    try:
        spec = parse_situation(situation_text)
    except UnoError as e:
        raise UnoError(f"in SITUATION: {e}") from None
    state = spec.to_state(rules)
    try:
        moves = parse_moves(_join_moves(move_args))
    except UnoError as e:
        raise UnoError(f"in MOVE: {e}") from None
    if not moves:
        raise UnoError("in MOVE: no move given (e.g. '0 play R7' or '1 draw')")
    n = len(state.hands)
    for move in moves:
        seats = [move.player, getattr(move, "target", 0), getattr(move, "swap_with", None) or 0]
        if any(not 0 <= seat < n for seat in seats):
            raise UnoError(f"in MOVE {move}: the situation has {n} seats (0..{n - 1})")
    start, verdicts, caveats, unsure = _play(spec, rules, state, moves)
    if unsure:
        verdicts = _check_other_deals(spec, rules, moves, verdicts, caveats)
    return rules, start, verdicts, len(moves), caveats


_OTHER_DEALS = 8
"""How many other deals of the cards nobody gave a verdict is checked against."""


def _key(verdict: Verdict) -> tuple[str, str]:
    return verdict.verdict, verdict.rule_ids[0] if verdict.rule_ids else ""


def _check_other_deals(
    spec: SituationSpec,
    rules: RuleSet,
    moves: Sequence[Move],
    verdicts: list[Verdict],
    caveats: list[str],
) -> list[Verdict]:
    """``verdicts`` with each one that other deals of the cards nobody gave
    (other seeds) would change marked ``assumed``, with a note in ``caveats``.
    A verdict changes when it is legal, illegal, a bluff or of no effect under
    one deal and otherwise under another, or cites another rule first."""
    keys = [{_key(v)} for v in verdicts]
    for k in range(1, _OTHER_DEALS + 1):
        other = attrs.evolve(spec, seed=spec.seed + k)
        try:
            _, others, _, _ = _play(other, rules, other.to_state(rules), moves)
        except UnoError:
            continue
        for i, v in enumerate(others[: len(verdicts)]):
            keys[i].add(_key(v))
    out = []
    for i, v in enumerate(verdicts):
        if len(keys[i]) > 1 and not v.assumed:
            v = attrs.evolve(v, assumed=True)
        if len(keys[i]) > 1:
            _note(
                caveats,
                f"the verdict on move {i + 1} ({v.move}) rests on cards nobody gave: other "
                "deals of them give another verdict",
            )
        out.append(v)
    return out


def _play(
    spec: SituationSpec, rules: RuleSet, state: GameState, moves: Sequence[Move]
) -> tuple[GameState, list[Verdict], list[str], bool]:
    """Apply ``moves`` from ``state`` (set up from ``spec``), judging each
    until one is refused: the start, the verdicts, the notes on what they
    assume, and whether any card was unknown (a ``?N`` or a draw pile not
    given)."""
    pile_given = spec.draw_pile is not None
    unknown = _unknown_cards(spec, state)
    unsure = not pile_given or any(unknown)
    caveats: list[str] = []
    start = state
    verdicts: list[Verdict] = []
    for move in moves:
        unknown_before = [len(u) for u in unknown]
        if isinstance(move, Play):
            state, drawn_taken = _assume_held(state, move, unknown, pile_given)
            if drawn_taken:
                _note(
                    caveats,
                    f"the card seat {move.player} drew, which nobody gave, is taken to be "
                    f"{move.card.code}, the card it laid",
                )
        hidden = Unknown(hands=unknown, draw_pile=spec.draw_pile is None)
        verdict = _given_only(explain(state, move, hidden), state, unknown_before)
        verdicts.append(verdict)
        caveats += [c for c in _caveats(spec, state, move, unknown) if c not in caveats]
        if not verdict.allowed:
            break
        after = apply(state, move)
        if spec.draw_pile is None and _drew(state, after):
            _note(
                caveats,
                "the cards drawn come from a draw pile that was not given: the rest of the "
                f"deck, shuffled at random (seed {spec.seed}); give it with 'draw CARDS'",
            )
            _add_drawn(state, after, unknown)
        if after.round_over and any(unknown):
            _note(
                caveats,
                "the scores count cards nobody gave (the ?N of a hand, or cards drawn from "
                f"a draw pile not given), dealt here at random (seed {spec.seed})",
            )
        state = after
        _follow_unknown(state, unknown)
    return start, verdicts, caveats, unsure


def _given_only(verdict: Verdict, state: GameState, hidden: list[int]) -> Verdict:
    """``verdict`` with a refusal for want of a card, laid by a seat with
    unknown cards, said as what the cards given prove (every copy that
    could have been among them was already taken to be there)."""
    move = verdict.move
    if verdict.allowed or not isinstance(move, Play) or not hidden[move.player]:
        return verdict
    seat, code = move.player, move.card.code
    reason = verdict.reason
    if reason == f"seat {seat} holds no {code}":
        reason = (
            f"seat {seat} cannot hold {code}: every {code} of the deck is among the cards given "
            "elsewhere"
        )
    else:
        for held in range(1, move.count):
            said = f"seat {seat} holds only {held} {code}"
            if reason.endswith(said):
                reason = reason.removesuffix(said) + (
                    f"seat {seat} can hold at most {held} {code}: the cards given leave no "
                    "more for its cards nobody gave"
                )
    return verdict if reason == verdict.reason else attrs.evolve(verdict, reason=reason)


def _note(caveats: list[str], caveat: str) -> None:
    if caveat not in caveats:
        caveats.append(caveat)


def _drew(before: GameState, after: GameState) -> bool:
    """Whether a move took cards from the draw pile as it stood."""
    return after.reshuffles > before.reshuffles or len(after.draw_pile) < len(before.draw_pile)


def _add_drawn(before: GameState, after: GameState, unknown: list[list[Card]]) -> None:
    """Cards a move drew from a draw pile nobody gave join the unknown cards
    of the seats that drew them."""
    drawn = Counter(before.draw_pile) - Counter(after.draw_pile)
    if after.reshuffles > before.reshuffles:
        drawn += Counter(before.discard_pile[:-1])
    for seat, hand in enumerate(after.hands):
        gained = (Counter(hand) - Counter(before.hands[seat])) & drawn
        drawn -= gained
        unknown[seat] += list(gained.elements())


def _cards(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _unknown_cards(spec: SituationSpec, state: GameState) -> list[list[Card]]:
    """The cards dealt at random for each seat's ``?N`` (the end of its hand)."""
    out: list[list[Card]] = []
    for seat, text in enumerate(spec.hands):
        k = sum(int(t[1:] or "1") for t in text.split() if t.startswith("?"))
        hand = state.hands[seat]
        out.append(list(hand[len(hand) - k :]) if k else [])
    return out


def _follow_unknown(state: GameState, unknown: list[list[Card]]) -> None:
    """Keep ``unknown`` (the cards dealt for each seat's ``?N``) with the hands
    after a move that moved hands (a swap, a shuffle, 0s passing on)."""
    if all(not Counter(u) - Counter(h) for u, h in zip(unknown, state.hands, strict=True)):
        return
    pool = Counter(c for u in unknown for c in u)
    for seat, hand in enumerate(state.hands):
        held = Counter(hand) & pool
        pool -= held
        unknown[seat] = list(held.elements())


def _assume_held(
    state: GameState, move: Play, unknown: list[list[Card]], pile_given: bool
) -> tuple[GameState, bool]:
    """A seat with unknown cards that lays ``move.card`` (``move.count``
    copies) held them: its unknown cards are taken to be those copies, each
    fetched from the cards out of play, from a draw pile nobody gave, or from
    another seat's unknown cards (that seat gets the card it replaces in
    exchange). A given draw pile and given cards are never changed. After a
    draw, when the drawn card is unknown, it is taken to be the card laid.
    Returns the state and whether the drawn card was so taken."""
    seat, card = move.player, move.card
    hidden = unknown[seat]
    if not hidden or not isinstance(card, Card):
        return state, False
    if state.phase is Phase.DRAWN and seat == state.current:
        drawn = state.drawn
        if drawn is None or drawn == card or drawn not in hidden:
            return state, False
        saved = [list(u) for u in unknown]
        fetched = state if card in hidden else _fetch(state, seat, card, drawn, unknown, pile_given)
        if fetched is not None:
            fetched = attrs.evolve(fetched, drawn=card)
            if check(fetched, move).allowed:
                unknown[seat].remove(card)
                return fetched, True
        unknown[:] = saved
        return state, False
    known = Counter(state.hands[seat]) - Counter(hidden)
    need = max(move.count, 1) - known[card]
    if need <= 0:
        return state, False
    for _ in range(need):
        if card in hidden:
            hidden.remove(card)
            continue
        spare = next((c for c in reversed(hidden) if c != card), None)
        if spare is None:
            break
        fetched = _fetch(state, seat, card, spare, unknown, pile_given)
        if fetched is None:
            break
        state = fetched
        hidden.remove(card)
    return state, False


def _fetch(
    state: GameState,
    seat: int,
    card: Card,
    spare: Card,
    unknown: list[list[Card]],
    pile_given: bool,
) -> GameState | None:
    """``state`` with one of ``seat``'s unknown cards ``spare`` exchanged
    for a copy of ``card`` from a place nobody gave (see
    :func:`_assume_held`); ``None`` when no such copy is anywhere. ``card``
    joins ``unknown[seat]`` in place of ``spare``."""
    hands = [list(h) for h in state.hands]
    hand = hands[seat]
    hand[hand.index(spare)] = card
    hidden = unknown[seat]
    hidden[hidden.index(spare)] = card
    piles = ["out_of_play"] + ([] if pile_given else ["draw_pile"])
    for pile_name in piles:
        pile = list(getattr(state, pile_name))
        if card in pile:
            pile[pile.index(card)] = spare
            changes: dict[str, Any] = {
                "hands": tuple(tuple(h) for h in hands),
                pile_name: tuple(pile),
            }
            return attrs.evolve(state, **changes)
    for other, theirs in enumerate(unknown):
        if other == seat or card not in theirs:
            continue
        theirs[theirs.index(card)] = spare
        held = hands[other]
        held[held.index(card)] = spare
        return attrs.evolve(state, hands=tuple(tuple(h) for h in hands))
    hidden[hidden.index(card)] = spare
    return None


def _caveats(
    spec: SituationSpec, state: GameState, move: Move, unknown: list[list[Card]]
) -> list[str]:
    """What the verdict on ``move`` assumes about cards nobody gave."""
    out: list[str] = []
    hidden = [(s, len(u)) for s, u in enumerate(unknown) if u]
    if not hidden:
        pass
    elif isinstance(move, Play) and move.card.is_wild and unknown[move.player]:
        out.append(
            f"whether seat {move.player} could lay {move.card.code} depends on its "
            f"{_cards(len(unknown[move.player]), 'unknown card')}, dealt here at random "
            f"(seed {spec.seed})"
        )
    elif isinstance(move, Challenge) and state.wd4 is not None and unknown[state.wd4.player]:
        out.append(
            f"the challenge's outcome depends on seat {state.wd4.player}'s unknown cards, "
            f"dealt here at random (seed {spec.seed})"
        )
    return out


def _explain(
    situation_text: str,
    move_args: Sequence[str],
    preset: str,
    as_json: bool,
    house_rules: tuple[HouseRule, ...] = (),
) -> str:
    rules, start, verdicts, total, caveats = _judge(situation_text, move_args, preset, house_rules)
    if as_json:
        data = _json(rules.name, start, verdicts, total)
        data["assumes"] = caveats
        return json.dumps(data, indent=2)
    text = _text(rules.name, start, verdicts, total)
    if caveats:
        text += "\n\nAssumes:\n" + "\n".join(_wrap(f"- {c}", "  ", "  ") for c in caveats)
    return text


def _compare(
    situation_text: str,
    move_args: Sequence[str],
    specs: str,
    as_json: bool,
    house_rules: tuple[HouseRule, ...] = (),
) -> str:
    """The verdict on the same dispute under several rule sets."""
    names = simulate.comma_entries(
        "--compare", specs, "give at least two preset strings separated by commas"
    )
    if len(names) < 2:
        raise UnoError("--compare needs at least two preset strings separated by commas")
    twice = [n for i, n in enumerate(names) if n in names[:i]]
    if twice:
        raise UnoError(f"--compare names {twice[0]!r} twice")
    rows = []
    caveats: list[str] = []
    for name in names:
        try:
            _, _, verdicts, total, assumed = _judge(situation_text, move_args, name, house_rules)
        except UnoError as e:
            raise UnoError(f"under {name}: {e}") from None
        rows.append((name, verdicts[-1], len(verdicts) < total, len(verdicts)))
        caveats += [c for c in assumed if c not in caveats]
    last = parse_moves(_join_moves(move_args))[-1]
    verdict_differs = len({(r[1].verdict, r[3]) for r in rows}) > 1
    outlook_differs = len({r[1].outlook for r in rows}) > 1
    # Effects are compared by what happens; the rules cited are listed anyway.
    common = set.intersection(*({text for _, text in v.effects} for _, v, _, _ in rows))
    effects_differ = any({text for _, text in v.effects} != common for _, v, _, _ in rows)
    if as_json:
        by_rules = {}
        for name, v, stopped, judged in rows:
            by_rules[name] = {**v.to_dict(), "stopped_at": judged if stopped else None}
        return json.dumps(
            {
                "move": str(last),
                "differs": {
                    "verdict": verdict_differs,
                    "outlook": outlook_differs,
                    "effects": effects_differ,
                },
                "by_rules": by_rules,
                "assumes": caveats,
            },
            indent=2,
        )
    labels = _compare_labels(names)
    width = max(len(label) for label in labels)
    pad = " " * (width + 4)
    lines = [f"Move: {last}", ""]
    if labels != names:
        lines.append("Rule sets:")
        lines += [
            _wrap_preset(name, f"  {label} = ") for label, name in zip(labels, names, strict=True)
        ]
        lines.append("")
    for label, (_, v, stopped, judged) in zip(labels, rows, strict=True):
        mark = "*" if verdict_differs else (">" if outlook_differs or effects_differ else " ")
        head = f"{mark} {label:<{width}}  "
        if stopped:
            lines.append(
                _wrap(
                    f"move {judged} ({v.move}) is refused first, so the last move is never "
                    "reached:",
                    head,
                    subsequent=pad,
                )
            )
            lines.append(_wrap(f"{v.verdict.upper()}: {v.reason}.", pad))
        else:
            lines.append(_wrap(f"{v.verdict.upper()}: {v.reason}.", head, subsequent=pad))
        lines.append(_wrap(f"rules: {', '.join(v.rule_ids)}", pad, "  "))
        own = [(rid, text) for rid, text in v.effects if text not in common]
        if effects_differ and own:
            heading = "only under these rules" if len(rows) == 2 else "not under every rule set"
            lines.append(f"{pad}{heading}:")
            lines += [_wrap(f"- {text} [{rid}]", pad + "  ", "  ") for rid, text in own]
        lines.append(_wrap(f"{'next' if v.allowed else 'position'}: {v.outlook}", pad, "  "))
    lines.append("")
    if verdict_differs:
        lines.append("* the verdict differs between these rule sets")
    elif outlook_differs:
        lines.append("> the verdict is the same, but what follows differs")
    elif effects_differ:
        lines.append("> the verdict and the position are the same, but the effects differ")
    else:
        lines.append("The same verdict and outcome under every rule set.")
    if caveats:
        lines += ["", "Assumes:"] + [_wrap(f"- {c}", "  ", "  ") for c in caveats]
    return "\n".join(lines)


def _check(spec: str, as_json: bool, house_rules: tuple[HouseRule, ...] = ()) -> tuple[str, int]:
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
        problems = [("contradiction", e.rule_ids, str(e))]
    if as_json:
        rows = [{"kind": k, "rule_ids": list(ids), "message": m} for k, ids, m in problems]
        return json.dumps({"rules": spec, "problems": rows}, indent=2), 1 if problems else 0
    if not problems:
        return f"{spec}: no problems found", 0
    lines = [f"{spec}: {len(problems)} problem{'s' if len(problems) > 1 else ''}"]
    lines += [f"  {k}: {m} [{', '.join(ids)}]" for k, ids, m in problems]
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
    ``indent``, the others with ``subsequent`` (default ``indent + hang``)."""
    return textwrap.fill(
        text,
        width=_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + hang if subsequent is None else subsequent,
        break_on_hyphens=False,
        break_long_words=False,
    )


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
    lines.append(f"Verdict: {kind} - {last.reason}.")
    if len(verdicts) < total:
        lines.append(f"(moves after this one were not applied: {total - len(verdicts)})")
    lines.append("")
    lines.append("Rules cited:")
    for rid, title, text in last.cited():
        lines.append(f"  {rid}" + (f" - {title}" if title else ""))
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


def _rules(preset: str | None, as_json: bool, house_rules: tuple[HouseRule, ...] = ()) -> str:
    from unorules.rules.validation import never_applies

    if preset is not None and not preset.strip():
        raise UnoError("--preset needs a preset string, e.g. official or kids+house.jump-in")
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
                }
                for h in own
            ],
            indent=2,
        )
    lines: list[str] = []
    if preset:
        head = preset.split("+")[0].strip()
        lines.append(f"Rules in force in {preset}:")
        if head in presets.PRESETS:
            lines.append(_wrap(presets.describe(head), "  ", "  "))
    width = max(len(r.id) for r in chosen) if chosen else 0
    for key, heading in SECTIONS.items():
        group = [r for r in chosen if r.section == key]
        if not group:
            continue
        lines += ["", heading]
        for r in group:
            mark = ("O" if r.official else " ") + (
                "x" if r.id in idle else " " if r.id in available else "-"
            )
            lines.append(f"  {mark} {r.id:<{width}}  {r.summary}")
            if r.id in idle:
                lines.append(f"     {'':<{width}}  (never applies here: {idle[r.id]})")
    if own:
        lines += ["", "The table's own rules"]
        width = max(width, *(len(h.id) for h in own))
        for h in own:
            lines.append(f"     {h.id:<{width}}  {h.title}")
            lines.append(_wrap(h.text, f"     {'':<{width}}  "))
    if idle:
        lines += ["", "O = in the official preset; x = in force, but the deck lacks its card"]
    if not preset:
        lines += [
            "",
            "O = in the official preset",
            "Sources: " + "; ".join(f"{k} = {v}" for k, v in SOURCES.items()),
            f"Presets: {', '.join(presets.names())} (unorules rules --preset NAME)",
        ]
    return "\n".join(lines).lstrip("\n")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
