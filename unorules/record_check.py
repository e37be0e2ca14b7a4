"""Checking a game record against the rules (``unorules check``).

:func:`check_record` replays a :class:`~unorules.records.Record` move by
move and reports, as :class:`Finding` records, everything the rules say
went wrong, as the engine decides it (nothing here is a rule of its own):

* ``illegal``: a move :func:`unorules.check` refuses (a card the seat does
  not hold, a card that does not match, a play by a seat that owes cards
  after a Draw Two, ...), citing the rule it breaks. No position follows a
  refused move, so checking of that round stops there; the rounds after it
  are checked from their own deals when the record gives their dealer and
  scores (else checking ends). A move refused after the round was over
  (``end.last-card``) leaves the round as it ended: the next round follows
  from its end, its scores checked.
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
  other scores than the round left (a round whose record ends before it is
  over scored nothing, so the next one starts with the same scores), a
  round after the end of the game, or a round whose own scores already end
  the game (``score.*``, the scoring rules of the rule set). Checking ends
  at a round that cannot be dealt; the report's ``undealt_round`` says which.

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
from unorules.dealing import carried_on, new_round, next_round
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
from unorules.explanations.headline import may_challenge
from unorules.explanations.verdicts import Verdict, explain
from unorules.moves import Challenge, Move
from unorules.reasons import Misplayed, Reason
from unorules.records import (
    DrawnCardsDiffer,
    Record,
    _all_reshuffles_used,
    _rule_set,
    _step,
    deal,
    names_at,
)
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Wd4Record

__all__ = [
    "Finding",
    "FindingKind",
    "Report",
    "SeatSummary",
    "Summary",
    "check_record",
    "summarize",
]


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

    The attributes are the keys of a finding in ``unorules check --json``
    (which adds ``notation``, ``position``, ``position_text``, ``text`` and
    ``checking_stopped``, and gives ``why`` as the reason's sentence).

    Attributes:
        kind: what it is.
        round: the round's number (1 first).
        move: the number of the move at fault in its round (1 first): the
            refused move, the bluff, the move that left the seat with one
            card; 0 for a ``deal`` finding.
        seat: the seat at fault (for ``deal``: the dealer, or the previous
            round's dealer when the round cannot be dealt).
        rule_ids: the rules that decide, main one first.
        before: the position before the move (for ``deal``: the round as
            dealt, or the last position of the round before it after the end
            of the game; ``None`` for a round that cannot be dealt).
        verdict: :func:`unorules.explain`'s verdict on the move, in the
            language asked for (``None`` for ``deal``).
        why: the engine's reason for refusing the move (``illegal``) or for
            calling it a bluff (``bluff``: the cards held that the
            restriction forbids, and the colour in force), as data; else
            ``None``.
        challengers: for ``bluff``, the seats that could have challenged it
            (the victim; under ``challenge.anyone`` every other seat in the
            round), in seat order; empty when no challenge could follow it.
        closed_by_move: for ``bluff`` and ``uno``, the number of the move
            after which a challenge or catch no longer counted (the round's
            end included).
        unchecked_moves: for ``illegal`` and ``drawn``, the moves of the
            round after it that were not checked.
        expected: for ``deal``, what the rules give (``"dealer 1"``,
            ``"scores 0 20 0"``, ``"no round"``), for ``drawn`` the cards the
            deck gives (``"R7 G2"``); ``found`` what the record has
            (``"dealer 0"``, ``"scores 0 25 0"``, ``"round 3"``, ``"R7"``).
        found: see ``expected``.
        player: the player at ``seat``, numbered by the seats of the game's
            first round (:attr:`GameState.seating
            <unorules.state.GameState.seating>`): ``seat`` itself unless the
            players draw new seats each round (``house.shuffle-seats``);
            ``None`` when not known.
    """

    kind: FindingKind
    round: int
    move: int
    seat: int
    rule_ids: tuple[str, ...]
    before: GameState | None = attrs.field(repr=False)
    verdict: Verdict | None = attrs.field(default=None, repr=False)
    why: Reason | None = attrs.field(default=None, repr=False)
    challengers: tuple[int, ...] = ()
    closed_by_move: int | None = None
    unchecked_moves: int = 0
    expected: str = ""
    found: str = ""
    player: int | None = None

    @property
    def played(self) -> Move | None:
        """The move at fault (``None`` for ``deal``)."""
        return None if self.verdict is None else self.verdict.move


@attrs.frozen(slots=True, kw_only=True)
class Report:
    """What :func:`check_record` found.

    The attributes are the keys of ``unorules check --json`` (which adds
    ``clean``, ``notes`` and ``lang``).

    Attributes:
        rules: the preset string of the rule set checked under.
        findings: every finding, in the order of the game.
        rounds: the rounds checked.
        moves: the moves checked.
        unfinished_rounds: the rounds (by number) whose record ends before
            the round is over (with no refused move).
        undealt_round: the number of the first round that was not dealt, after
            which nothing was checked: its dealer or scores follow from a
            round that was not checked to its end, its own scores already end
            the game, or the game was over before it; else ``None``.
        scores_unchecked: the rounds (by number) whose starting scores could
            not be checked: the checking of the round before stopped before
            that round was over (at a refused move, or at a draw whose cards
            differ from the deck's), so what it scored is not known. A round
            that was over before a refused move scored what it left, and the
            next round's scores are checked against that.
        game_over: whether the game is over after the record's last round,
            as replayed (a player reached the target score, ``score.*``).
        unfinished: whether the record is no whole game (cut short, or a
            game left unfinished): its last round is not over, or it has no
            end line (format 2; :attr:`unorules.records.Record.end`), or its
            end line says ``stopped``, or says ``game`` when the game is not
            over; a record of format 1 (without end lines) of more than one
            round whose game is not over. ``unorules check`` finds it not
            clean unless ``--allow-unfinished``; :attr:`clean` leaves it out.
    """

    rules: str
    findings: tuple[Finding, ...]
    rounds: int
    moves: int
    unfinished_rounds: tuple[int, ...] = ()
    undealt_round: int | None = None
    scores_unchecked: tuple[int, ...] = ()
    game_over: bool = False
    unfinished: bool = False

    @property
    def clean(self) -> bool:
        """No findings, and every round was checked."""
        return not self.findings and self.undealt_round is None


@attrs.define
class _Open:
    """A bluff or a missing call that may still be remedied."""

    move: int
    seat: int
    before: GameState
    played: Move
    rule_ids: tuple[str, ...]
    wd4: Wd4Record | None = None
    why: Reason | None = None
    challengers: tuple[int, ...] = ()


@attrs.define
class _Ended:
    """How the round before ended: ``state`` is its last position (``over``:
    the round is over; else the record ends before it is) or, when its
    checking ``stopped`` before the round was over (at a refused move, or at
    a draw whose cards differ from the deck's), the position before that
    move. A refused move after the round was over leaves it ``over``: what
    it scored is known."""

    state: GameState
    stopped: bool = False

    @property
    def over(self) -> bool:
        return not self.stopped and self.state.round_over


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
        SituationError: a first round that cannot be dealt (other than by
            scores that already end the game, which are a finding); a
            recorded reshuffle that does not hold the cards shuffled, or that
            no move makes (:class:`~unorules.records.UnusedReshuffle`; a
            record read from text reports both at their line when read).
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
    given = tuple(record.names if names is None else names)
    said = given
    findings: list[Finding] = []
    unfinished: list[int] = []
    unchecked_scores: list[int] = []
    moves_checked = 0
    ended: _Ended | None = None  # how the round before ended

    def report(rounds: int, undealt: int | None = None) -> Report:
        game_over = ended is not None and ended.over and ended.state.game_over
        return Report(
            rules=rule_set.name,
            findings=tuple(sorted(findings, key=lambda f: (f.round, f.move))),
            rounds=rounds,
            moves=moves_checked,
            unfinished_rounds=tuple(unfinished),
            undealt_round=undealt,
            scores_unchecked=tuple(unchecked_scores),
            game_over=game_over,
            unfinished=_unfinished(record, unfinished, game_over),
        )

    scoring = rule_set.scoring
    for index, rnd in enumerate(record.rounds):
        if ended is not None and ended.over and ended.state.game_over:
            # The game ended with the round before (score.*): no round follows.
            last = ended.state
            findings.append(
                _finding(
                    FindingKind.DEAL,
                    rnd.number,
                    seat=last.dealer,
                    rule_ids=last.rules.scoring.rule_ids,
                    before=last,
                    expected="no round",
                    found=f"round {rnd.number}",
                )
            )
            return report(index, rnd.number)
        try:
            state = deal(
                record,
                index,
                ended.state if ended is not None and ended.over else None,
                rules=rule_set,
            )
        except SituationError:
            if rnd.scores is not None and scoring.game_over(rnd.scores, None):
                # Readable, but no round is dealt with scores that end the game.
                follows = _following(ended)
                findings.append(
                    _finding(
                        FindingKind.DEAL,
                        rnd.number,
                        seat=_dealer_of(record, index, ended, rule_set),
                        rule_ids=scoring.rule_ids,
                        before=None,
                        expected="no round" if follows is None else _scores(follows.scores),
                        found=_scores(rnd.scores),
                    )
                )
                return report(index, rnd.number)
            if index == 0:
                raise
            return report(index, rnd.number)
        # The players' names by this round's seats (house.shuffle-seats).
        said = names_at(given, state)
        if ended is not None:
            findings += _deal_findings(ended, state, rnd.number)
            if ended.stopped and rnd.scores is not None:
                unchecked_scores.append(rnd.number)
        ended = None
        bluff: _Open | None = None
        missing: dict[int, _Open] = {}
        for n, move in enumerate(rnd.moves, 1):
            ruling = check(state, move)
            moves_checked += 1
            if not ruling.allowed:
                findings.append(
                    _finding(
                        FindingKind.ILLEGAL,
                        rnd.number,
                        move=n,
                        seat=move.player,
                        rule_ids=ruling.rule_ids,
                        before=state,
                        played=move,
                        lang=lang,
                        names=said,
                        why=ruling.why,
                        unchecked_moves=len(rnd.moves) - n,
                    )
                )
                # A move after the round's end (end.last-card) leaves the
                # round as it ended: what it scored is known.
                ended = _Ended(state, stopped=not state.round_over)
                break
            try:
                after, events = _step(state, move, rnd, n)
            except DrawnCardsDiffer as differ:
                findings.append(
                    _finding(
                        FindingKind.DRAWN,
                        rnd.number,
                        move=n,
                        seat=move.player,
                        rule_ids=differ.rule_ids,
                        before=state,
                        played=move,
                        lang=lang,
                        names=said,
                        unchecked_moves=len(rnd.moves) - n,
                        expected=format_cards(differ.expected),
                        found=format_cards(differ.found),
                    )
                )
                ended = _Ended(state, stopped=True)
                break
            if bluff is not None and after.wd4 != bluff.wd4:
                if not isinstance(move, Challenge):
                    findings.append(_closed(FindingKind.BLUFF, rnd.number, bluff, n, lang, said))
                bluff = None
            # A misplay (a card that does not fit, taken back at a cost) is
            # paid for as it is made: nothing is left for anyone to police.
            if not ruling.legal and not isinstance(ruling.why, Misplayed):
                challenge = state.rules.challenge.rule_ids
                opened = _Open(
                    n,
                    move.player,
                    state,
                    move,
                    (*ruling.rule_ids, *challenge),
                    after.wd4,
                    ruling.why,
                    tuple(sorted(may_challenge(after))),
                )
                if after.wd4 is None:
                    findings.append(_closed(FindingKind.BLUFF, rnd.number, opened, n, lang, said))
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
            any_time = bool(getattr(after.rules.uno_window, "any_time", False))
            for seat in list(missing):
                # uno.catch-any-time: still catchable while that one card is held.
                catchable = after.uno_missed == seat or (
                    any_time
                    and seat in after.uncalled
                    and len(after.hands[seat]) == 1
                    and seat not in after.uno_caught
                )
                if seat in remedied:
                    del missing[seat]
                elif seat in closed or not catchable or after.round_over:
                    opened = missing.pop(seat)
                    if seat in closed:
                        opened.rule_ids = (*opened.rule_ids, closed[seat])
                    findings.append(_closed(FindingKind.UNO, rnd.number, opened, n, lang, said))
            for e in events:
                if isinstance(e, UnoMissing) and after.uno_missed == e.seat:
                    penalty = state.rules.uno_penalty.rule_ids[0]
                    missing[e.seat] = _Open(n, e.seat, state, move, (e.rule_id, penalty))
            state = after
        if ended is None:
            _all_reshuffles_used(rnd, state)
            ended = _Ended(state)
            if not state.round_over:
                unfinished.append(rnd.number)
    return report(len(record.rounds))


def _unfinished(record: Record, rounds_cut: list[int], game_over: bool) -> bool:
    """Whether ``record`` is no whole game (:attr:`Report.unfinished`);
    ``rounds_cut``: the rounds whose record ends before they are over."""
    if not record.rounds or record.rounds[-1].number in rounds_cut:
        return True
    if record.end is None:
        return record.version >= 2 or (len(record.rounds) > 1 and not game_over)
    return record.end == "stopped" or (record.end == "game" and not game_over)


def _finding(
    kind: FindingKind,
    number: int,
    *,
    seat: int,
    rule_ids: tuple[str, ...],
    before: GameState | None,
    move: int = 0,
    played: Move | None = None,
    lang: str = "en",
    names: tuple[str, ...] = (),
    why: Reason | None = None,
    challengers: tuple[int, ...] = (),
    closed_by_move: int | None = None,
    unchecked_moves: int = 0,
    expected: str = "",
    found: str = "",
) -> Finding:
    """A finding of round ``number``; with ``played`` (the move at fault,
    made in ``before``), its verdict in ``lang``."""
    verdict = None
    if played is not None and before is not None:
        verdict = explain(before, played, lang=lang, names=names)
    return Finding(
        kind=kind,
        round=number,
        move=move,
        seat=seat,
        player=before.seating[seat] if before is not None else seat,
        rule_ids=rule_ids,
        before=before,
        verdict=verdict,
        why=why,
        challengers=challengers,
        closed_by_move=closed_by_move,
        unchecked_moves=unchecked_moves,
        expected=expected,
        found=found,
    )


def _closed(
    kind: FindingKind, number: int, opened: _Open, closed: int, lang: str, names: tuple[str, ...]
) -> Finding:
    """The finding of a bluff or missing call that was not remedied before
    move ``closed``."""
    return _finding(
        kind,
        number,
        move=opened.move,
        seat=opened.seat,
        rule_ids=opened.rule_ids,
        before=opened.before,
        played=opened.played,
        lang=lang,
        names=names,
        why=opened.why,
        challengers=opened.challengers,
        closed_by_move=closed,
    )


def _dealer_of(record: Record, index: int, ended: _Ended | None, rules: RuleSet) -> int:
    """The dealer of ``record.rounds[index]`` as :func:`~unorules.records.deal`
    picks it: the round's own, else the seat left of the previous dealer
    (``setup.dealer-rotates``), else in the first round the seat the rules
    pick (``setup.dealer-draw``, else the last seat)."""
    rnd = record.rounds[index]
    if rnd.dealer is not None:
        return rnd.dealer
    if ended is not None:
        return (ended.state.dealer + 1) % record.players
    drawn = rules.dealer_choice.draw(rules.deck.cards(), record.players, record.seed)
    return drawn[0] if drawn is not None else record.players - 1


def _scores(scores: Sequence[int]) -> str:
    return "scores " + " ".join(map(str, scores))


def _following(ended: _Ended | None) -> GameState | None:
    """The round the rules deal after the round that ended as ``ended``:
    after a round that is over, the next round (``setup.dealer-rotates``,
    the totals it left); after one whose record ends before it is over, the
    same, with the totals it started with (it scored nothing); ``None``
    when the game is over, too few players are left, or the round before
    was not played out (nothing is known of it, or it stopped at a refused
    move)."""
    if ended is None or ended.stopped:
        return None
    last = ended.state
    try:
        if last.round_over:
            return None if last.game_over else next_round(last)
        n = len(last.hands)
        scores, kept = carried_on(last)
        dealt = new_round(
            last.rules,
            n,
            last.seed,
            dealer=(last.dealer + 1) % n,
            scores=scores,
            round_number=last.round_number + 1,
        )
        return attrs.evolve(dealt, rule_state=kept) if kept else dealt
    except SituationError:
        return None  # too few players left to deal another round


def _deal_findings(ended: _Ended, dealt: GameState, number: int) -> list[Finding]:
    """Whether round ``number``, dealt as ``dealt``, follows from the round
    that ended as ``ended``: its dealer (``setup.dealer-rotates``) and, but
    after a round that stopped at a refused move, its scores (``score.*``)."""
    previous = ended.state
    scoring = previous.rules.scoring.rule_ids
    if ended.stopped:
        # The dealer moves on however the round ended; what it scored is not known.
        n = len(previous.hands)
        try:
            expected = new_round(
                previous.rules,
                n,
                previous.seed,
                dealer=(previous.dealer + 1) % n,
                scores=carried_on(previous)[0],
                round_number=previous.round_number + 1,
            )
        except SituationError:
            return []
    else:
        follows = _following(ended)
        if follows is None:
            return [
                _finding(
                    FindingKind.DEAL,
                    number,
                    seat=dealt.dealer,
                    rule_ids=scoring,
                    before=dealt,
                    expected="no round",
                    found=f"round {number}",
                )
            ]
        expected = follows
    out = []
    if expected.dealer != dealt.dealer:
        out.append(
            _finding(
                FindingKind.DEAL,
                number,
                seat=dealt.dealer,
                rule_ids=("setup.dealer-rotates",),
                before=dealt,
                expected=f"dealer {expected.dealer}",
                found=f"dealer {dealt.dealer}",
            )
        )
    if not ended.stopped and expected.scores != dealt.scores:
        out.append(
            _finding(
                FindingKind.DEAL,
                number,
                seat=dealt.dealer,
                rule_ids=scoring,
                before=dealt,
                expected=_scores(expected.scores),
                found=_scores(dealt.scores),
            )
        )
    return out


@attrs.frozen(slots=True, kw_only=True)
class SeatSummary:
    """The findings of one seat in :class:`Summary`: a seat, with the name
    of its player and the bot that played it where the records give them.

    Attributes:
        seat: the seat (0 first).
        name: the player's name (:attr:`~unorules.records.Record.names`),
            or ``None`` when the record names no players.
        bot: the bot that played the seat
            (:attr:`~unorules.records.Record.bots`), or ``None``.
        kinds: the findings of this seat by kind, every kind (0 for none).
        rules: the findings of this seat by kind and main rule ID (the
            finding's first ``rule_ids``), only those that occur.
    """

    seat: int
    name: str | None
    bot: str | None
    kinds: dict[FindingKind, int]
    rules: dict[tuple[FindingKind, str], int]

    @property
    def findings(self) -> int:
        """The findings of this seat."""
        return sum(self.kinds.values())


@attrs.frozen(slots=True, kw_only=True)
class Summary:
    """The findings of one or more checked records added up per seat and per
    kind of finding (:func:`summarize`).

    Attributes:
        records: how many records were added up.
        seats: one entry per seat, player and bot, in seat order (then by
            name and bot): records that name other players or bots at a
            seat each have their own entry; a seat without findings is
            there with 0.
    """

    records: int
    seats: tuple[SeatSummary, ...]

    @property
    def findings(self) -> int:
        """All the findings."""
        return sum(s.findings for s in self.seats)

    @property
    def kinds(self) -> dict[FindingKind, int]:
        """The findings by kind, every kind (0 for none), in the order of
        :class:`FindingKind`."""
        return {k: sum(s.kinds[k] for s in self.seats) for k in FindingKind}

    @property
    def rules(self) -> dict[tuple[FindingKind, str], int]:
        """The findings by kind and main rule ID, only those that occur, in
        the order of :class:`FindingKind`, then by rule ID."""
        total: dict[tuple[FindingKind, str], int] = {}
        for s in self.seats:
            for key, count in s.rules.items():
                total[key] = total.get(key, 0) + count
        return dict(sorted(total.items(), key=lambda kv: _rule_order(kv[0])))


def _rule_order(key: tuple[FindingKind, str]) -> tuple[int, str]:
    """Kind (in the order of :class:`FindingKind`), then rule ID."""
    return list(FindingKind).index(key[0]), key[1]


def summarize(checked: Sequence[tuple[Record, Report]]) -> Summary:
    """The findings of ``checked`` records added up per seat and per kind
    (per player where the players draw new seats each round,
    ``house.shuffle-seats``: a seat is then the player's in the first round).

    Args:
        checked: each record with the :class:`Report` that
            :func:`check_record` gave for it.

    Returns:
        The :class:`Summary`: a seat of a record is known by its number, its
        player's name (``Record.names``) and its bot (``Record.bots``), so
        the same players or bots at the same seats add up across records.
        A finding counts for its ``seat`` (for ``deal``: the dealer) and its
        kind, with its main rule ID.

    >>> import unorules as ur
    >>> record = ur.read_record(
    ...     '[Format "1"]\\n[Rules "official"]\\n[Players "2"]\\n[Names "Anna Bo"]\\n'
    ...     '[Bots "heuristic random"]\\n\\n[Round "1"]\\n1. 1 play R1\\n'
    ... )
    >>> summary = summarize([(record, check_record(record))])
    >>> [(s.name, s.bot, s.findings) for s in summary.seats]
    [('Anna', 'heuristic', 0), ('Bo', 'random', 1)]
    >>> summary.rules
    {(<FindingKind.ILLEGAL: 'illegal'>, 'play.in-turn'): 1}
    """
    kinds: dict[tuple[int, str | None, str | None], dict[FindingKind, int]] = {}
    rules: dict[tuple[int, str | None, str | None], dict[tuple[FindingKind, str], int]] = {}
    for record, report in checked:
        keys = [
            (
                seat,
                record.names[seat] if record.names else None,
                record.bots[seat] if record.bots else None,
            )
            for seat in range(record.players)
        ]
        for key in keys:
            kinds.setdefault(key, dict.fromkeys(FindingKind, 0))
            rules.setdefault(key, {})
        for finding in report.findings:
            # A record's names and bots are the players'; under
            # house.shuffle-seats a player is not at the same seat each round.
            key = keys[finding.seat if finding.player is None else finding.player]
            kinds[key][finding.kind] += 1
            rule = (finding.kind, finding.rule_ids[0] if finding.rule_ids else "")
            rules[key][rule] = rules[key].get(rule, 0) + 1
    order = sorted(kinds, key=lambda k: (k[0], k[1] or "", k[2] or ""))
    seats = tuple(
        SeatSummary(
            seat=key[0],
            name=key[1],
            bot=key[2],
            kinds=kinds[key],
            rules=dict(sorted(rules[key].items(), key=lambda kv: _rule_order(kv[0]))),
        )
        for key in order
    )
    return Summary(records=len(checked), seats=seats)
