"""Checking a game record against the rules (``unorules check``).

:func:`check_record` replays a :class:`~unorules.records.Record` move by
move and reports, as :class:`Finding` records, everything the rules say
went wrong, as the engine decides it (nothing here is a rule of its own):

* ``illegal``: a move :func:`unorules.check` refuses (a card the seat does
  not hold, a card that does not match, a play by a seat that owes cards
  after a Draw Two, ...), citing the rule it breaks. No position follows a
  refused move, so checking of that round stops there; the rounds after it
  are checked from their own deals when the record gives their dealer and
  scores (else checking ends).
* ``bluff``: a move the rules allow but that breaks a rule the players
  police themselves (a Wild Draw Four against ``wd4.*``, under
  ``challenge.also-wild`` a Wild against ``wild.restricted``) that nobody
  challenged while it could be (``challenge.*``).
* ``uno``: a seat left with one card without calling UNO (``uno.call`` and
  its variants) whose missing call nobody caught while a catch counted: the
  window closed (``uno.window-*``, cited), the round ended, or the seat's
  hand grew again by its own draw first. The finding cites the penalty a
  catch would have cost (``uno.penalty`` or ``uno.reminder``). Under
  ``strict`` rules the engine itself charges the penalty when the window
  closes, so that is no finding.
* ``drawn``: a move the record says drew other cards than the deck gives
  (the record's ``drawn``; the drawing rules, ``draw.*``,
  ``action.draw-two``, ``uno.penalty``, ...): the record's engine dealt
  other cards here, so checking of that round stops at this move rather than
  blaming a later one (a card "not held").
* ``deal``: a round that does not follow from the one before it as the
  rules say: another dealer than the next one (``setup.dealer-rotates``),
  other scores than the round left, or a round after the end of the game
  (``score.*``).

No rule of the catalogue obliges a player to catch a missing UNO call or
to challenge a Wild Draw Four, so a catch or challenge not made is no
finding of its own: the call that stayed missing and the bluff that stood
are.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from unorules.cards import format_cards
from unorules.dealing import next_round
from unorules.engine import check
from unorules.errors import SituationError
from unorules.events import (
    CardsDrawn,
    DrawCause,
    UnoCalled,
    UnoMissing,
    UnoReminder,
    UnoWindowClosed,
)
from unorules.explanations.verdicts import Verdict, explain
from unorules.moves import Challenge, Move
from unorules.records import DrawnCardsDiffer, Record, _all_reshuffles_used, _rule_set, _step, deal
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Wd4Record

__all__ = ["Finding", "FindingKind", "Report", "check_record"]


class FindingKind(enum.Enum):
    """What a :class:`Finding` reports."""

    ILLEGAL = "illegal"
    """A move the rules refuse."""
    BLUFF = "bluff"
    """A bluff that stood: nobody challenged it while it could be."""
    UNO = "uno"
    """A missing UNO call that nobody caught while a catch counted."""
    DEAL = "deal"
    """A round that does not follow from the round before it."""
    DRAWN = "drawn"
    """A move the record says drew other cards than the deck gives
    (:attr:`~unorules.records.RecordedRound.drawn`; the drawing rules,
    ``draw.*``, ``action.draw-two``, ...): the record's deck and the rules'
    part there, so checking of that round stops."""


@attrs.frozen(slots=True, kw_only=True)
class Finding:
    """One thing the rules say went wrong in a record.

    Attributes:
        kind: what it is.
        round: the round's number (1 first).
        move: the number of the move at fault in its round (1 first): the
            refused move, the bluff, the move that left the seat with one
            card; 0 for a ``deal`` finding.
        seat: the seat at fault (for ``deal``: the dealer).
        rule_ids: the rules that decide, main one first.
        before: the position before the move (for ``deal``: the round as
            dealt).
        verdict: :func:`unorules.explain`'s verdict on the move, in the
            language asked for (``None`` for ``deal``).
        closed: for ``bluff`` and ``uno``, the number of the move after which
            a challenge or catch no longer counted (the round's end
            included).
        unchecked: for ``illegal`` and ``drawn``, the moves of the round
            after it that were not checked.
        expected: for ``deal``, what the rules give (``"dealer 1"``,
            ``"scores 0 20 0"``, ``"no round"``), for ``drawn`` the cards the
            deck gives (``"R7 G2"``); ``found`` what the record has.
        found: see ``expected``.
    """

    kind: FindingKind
    round: int
    move: int
    seat: int
    rule_ids: tuple[str, ...]
    before: GameState = attrs.field(repr=False)
    verdict: Verdict | None = attrs.field(default=None, repr=False)
    closed: int | None = None
    unchecked: int = 0
    expected: str = ""
    found: str = ""

    @property
    def played(self) -> Move | None:
        """The move at fault (``None`` for ``deal``)."""
        return None if self.verdict is None else self.verdict.move


@attrs.frozen(slots=True, kw_only=True)
class Report:
    """What :func:`check_record` found.

    Attributes:
        rules: the preset string of the rule set checked under.
        findings: every finding, in the order of the game.
        rounds: the rounds checked.
        moves: the moves checked.
        unfinished: the rounds (by number) whose record ends before the round
            is over.
        undealt: the number of the first round that could not be dealt
            (its dealer or scores follow from a round that was not checked to
            its end), after which nothing was checked; else ``None``.
    """

    rules: str
    findings: tuple[Finding, ...]
    rounds: int
    moves: int
    unfinished: tuple[int, ...] = ()
    undealt: int | None = None

    @property
    def clean(self) -> bool:
        """No findings, and every round was checked."""
        return not self.findings and self.undealt is None


@attrs.define
class _Open:
    """A bluff or a missing call that may still be remedied."""

    move: int
    seat: int
    before: GameState
    played: Move
    rule_ids: tuple[str, ...]
    wd4: Wd4Record | None = None


def check_record(
    record: Record,
    *,
    rules: RuleSet | str | None = None,
    lang: str = "en",
    names: Sequence[str] | None = None,
) -> Report:
    """Replay ``record`` and report every move the rules refuse, every bluff
    that stood, every missing UNO call nobody caught and every round that
    does not follow from the one before (see the module docstring).

    Args:
        record: the record.
        rules: the rule set to check under instead of the record's (a preset
            string or a :class:`~unorules.rules.ruleset.RuleSet`).
        lang: the language of the findings' verdicts (``"en"``, ``"sv"``,
            ``"nb"``).
        names: the players' names for the verdicts (default: the record's).

    Returns:
        A :class:`Report`.

    Raises:
        RuleSetError: for a preset string that builds no rule set.
        SituationError: a first round that cannot be dealt; a recorded
            reshuffle that does not hold the cards shuffled, or that no move
            makes (:class:`~unorules.records.UnusedReshuffle`; a record read
            from text reports both at their line when read).
        LanguageError: for an unknown ``lang``.

    >>> import unorules as ur
    >>> from unorules.record_check import check_record
    >>> record = ur.read_record('''
    ... [Format "1"]
    ... [Rules "official"]
    ... [Players "2"]
    ... [Round "1"]
    ... [Deck "R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 B9"]
    ... 1. 0 play R1
    ... ''')
    >>> [(f.kind.value, f.move, f.rule_ids) for f in check_record(record).findings]
    [('illegal', 1, ('play.match',))]
    """
    rule_set = _rule_set(record, rules)
    said = tuple(record.names if names is None else names)
    findings: list[Finding] = []
    unfinished: list[int] = []
    moves_checked = 0
    previous: GameState | None = None  # the last state of a round checked to its end
    for index, rnd in enumerate(record.rounds):
        if previous is not None and previous.game_over:
            # The game ended with the round before (score.*): no round follows.
            findings.append(
                Finding(
                    kind=FindingKind.DEAL,
                    round=rnd.number,
                    move=0,
                    seat=previous.dealer,
                    rule_ids=previous.rules.scoring.rule_ids,
                    before=previous,
                    expected="no round",
                    found=f"round {rnd.number}",
                )
            )
            return Report(
                rules=rule_set.name,
                findings=tuple(sorted(findings, key=lambda f: (f.round, f.move))),
                rounds=index,
                moves=moves_checked,
                unfinished=tuple(unfinished),
            )
        try:
            state = deal(record, index, previous, rules=rule_set)
        except SituationError:
            if index == 0:
                raise
            return Report(
                rules=rule_set.name,
                findings=tuple(sorted(findings, key=lambda f: (f.round, f.move))),
                rounds=index,
                moves=moves_checked,
                unfinished=tuple(unfinished),
                undealt=rnd.number,
            )
        if previous is not None:
            findings += _deal_findings(previous, state, rnd.number)
        previous = None
        bluff: _Open | None = None
        missing: dict[int, _Open] = {}
        stopped = False
        for n, move in enumerate(rnd.moves, 1):
            ruling = check(state, move)
            moves_checked += 1
            if not ruling.allowed:
                findings.append(
                    Finding(
                        kind=FindingKind.ILLEGAL,
                        round=rnd.number,
                        move=n,
                        seat=move.player,
                        rule_ids=ruling.rule_ids,
                        before=state,
                        verdict=explain(state, move, lang=lang, names=said),
                        unchecked=len(rnd.moves) - n,
                    )
                )
                stopped = True
                break
            try:
                after, events = _step(state, move, rnd, n)
            except DrawnCardsDiffer as differ:
                findings.append(
                    Finding(
                        kind=FindingKind.DRAWN,
                        round=rnd.number,
                        move=n,
                        seat=move.player,
                        rule_ids=differ.rule_ids,
                        before=state,
                        verdict=explain(state, move, lang=lang, names=said),
                        unchecked=len(rnd.moves) - n,
                        expected=format_cards(differ.expected),
                        found=format_cards(differ.found),
                    )
                )
                stopped = True
                break
            if bluff is not None and after.wd4 != bluff.wd4:
                if not isinstance(move, Challenge):
                    findings.append(_finding(FindingKind.BLUFF, rnd.number, bluff, n, lang, said))
                bluff = None
            if not ruling.legal:
                challenge = state.rules.challenge.rule_ids
                opened = _Open(
                    n, move.player, state, move, (*ruling.rule_ids, *challenge), after.wd4
                )
                if after.wd4 is None:
                    findings.append(_finding(FindingKind.BLUFF, rnd.number, opened, n, lang, said))
                else:
                    bluff = opened
            remedied = {
                e.seat
                for e in events
                if isinstance(e, UnoCalled | UnoReminder)
                or (
                    isinstance(e, CardsDrawn)
                    and e.cause in (DrawCause.CAUGHT, DrawCause.MISSED_CALL)
                )
            }
            closed = {e.seat: e.rule_id for e in events if isinstance(e, UnoWindowClosed)}
            for seat in list(missing):
                if seat in remedied:
                    del missing[seat]
                elif seat in closed or after.uno_missed != seat or after.round_over:
                    opened = missing.pop(seat)
                    if seat in closed:
                        opened.rule_ids = (*opened.rule_ids, closed[seat])
                    findings.append(_finding(FindingKind.UNO, rnd.number, opened, n, lang, said))
            for e in events:
                if isinstance(e, UnoMissing) and after.uno_missed == e.seat:
                    penalty = state.rules.uno_penalty.rule_ids[0]
                    missing[e.seat] = _Open(n, e.seat, state, move, (e.rule_id, penalty))
            state = after
        if not stopped:
            _all_reshuffles_used(rnd, state)
            if state.round_over:
                previous = state
            else:
                unfinished.append(rnd.number)
    return Report(
        rules=rule_set.name,
        findings=tuple(sorted(findings, key=lambda f: (f.round, f.move))),
        rounds=len(record.rounds),
        moves=moves_checked,
        unfinished=tuple(unfinished),
    )


def _finding(
    kind: FindingKind, number: int, opened: _Open, closed: int, lang: str, names: tuple[str, ...]
) -> Finding:
    return Finding(
        kind=kind,
        round=number,
        move=opened.move,
        seat=opened.seat,
        rule_ids=opened.rule_ids,
        before=opened.before,
        verdict=explain(opened.before, opened.played, lang=lang, names=names),
        closed=closed,
    )


def _deal_findings(previous: GameState, dealt: GameState, number: int) -> list[Finding]:
    """Whether round ``number``, dealt as ``dealt``, follows from the round
    that ended in ``previous``."""
    scoring = previous.rules.scoring.rule_ids
    try:
        expected = None if previous.game_over else next_round(previous)
    except SituationError:
        expected = None  # too few players left to deal another round
    if expected is None:
        return [
            Finding(
                kind=FindingKind.DEAL,
                round=number,
                move=0,
                seat=dealt.dealer,
                rule_ids=scoring,
                before=dealt,
                expected="no round",
                found=f"round {number}",
            )
        ]
    out = []
    if expected.dealer != dealt.dealer:
        out.append(
            Finding(
                kind=FindingKind.DEAL,
                round=number,
                move=0,
                seat=dealt.dealer,
                rule_ids=("setup.dealer-rotates",),
                before=dealt,
                expected=f"dealer {expected.dealer}",
                found=f"dealer {dealt.dealer}",
            )
        )
    if expected.scores != dealt.scores:
        out.append(
            Finding(
                kind=FindingKind.DEAL,
                round=number,
                move=0,
                seat=dealt.dealer,
                rule_ids=scoring,
                before=dealt,
                expected="scores " + " ".join(map(str, expected.scores)),
                found="scores " + " ".join(map(str, dealt.scores)),
            )
        )
    return out
