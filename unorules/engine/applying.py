"""Applying moves: :func:`apply` returns the state after a move that
:func:`~unorules.engine.checking.check` allows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from unorules.cards import Card, Color
from unorules.engine.checking import (
    _LEGAL,
    Ruling,
    _allowance,
    _effect_rule,
    check,
    draw_rule,
    play_status,
    reshuffle_keeps,
    rng_for,
)
from unorules.engine.plan import Plan, foreign, foreign_failure, plan
from unorules.engine.validation import validate_state
from unorules.errors import IllegalMove, PolicyError, StateError, UnoError
from unorules.events import (
    BlankCardActsAsWild,
    CallVoid,
    CardsDrawn,
    CardsGiven,
    CardsLaid,
    CardTakenBack,
    CatchVoid,
    ChallengeFailed,
    ChallengeSucceeded,
    ClockRanOut,
    ColorNamed,
    CustomCardRule,
    DebtOwed,
    DebtPassedOn,
    DirectionReversed,
    DrawCause,
    DrawnCardDoesNotFit,
    DrawnCardFits,
    DrawnCardKept,
    DrawnUnplayed,
    DrawsNothing,
    DrawUntilOwed,
    Event,
    EverythingTurnedOver,
    GameOver,
    HandEmptied,
    HandsPassedOn,
    HandsShuffled,
    HandsSwapped,
    JumpedIn,
    KnockedOut,
    LastCardNoEffect,
    LastShuffleRedeals,
    LastStanding,
    LowestHand,
    OthersPlayOn,
    PilesExhausted,
    Reshuffled,
    RoundScored,
    RoundStalled,
    RuleValueKept,
    SeatsSkipped,
    SkipOwed,
    SkipPassedOn,
    SkipTaken,
    SwapDeclined,
    TookBack,
    TurnPassed,
    UnoCalled,
    UnoMissing,
    UnoReminder,
    UnoWindowClosed,
    WentOut,
    WildDrawFourStays,
)
from unorules.moves import (
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    Timeout,
)
from unorules.rules.policies import ActionEffect, AfterDraw, Misplay, clock_outcome, game_outcome
from unorules.rules.ruleset import RuleSet
from unorules.state import (
    GameState,
    Pending,
    PendingKind,
    Phase,
    Wd4Record,
    _blank,
    _frozen,
    _moved,
)

__all__ = ["apply", "apply_logged", "apply_with_events"]

# --- applying moves ------------------------------------------------------------------

_DRAW = PendingKind.DRAW


Log = list[Event]


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


class _Work:
    """A scratch copy of a state that one move changes before it is frozen."""

    __slots__ = (
        "color",
        "current",
        "direction",
        "discard",
        "draw",
        "drawn",
        "ended",
        "exhausted",
        "finished",
        "hands",
        "hold_clock",
        "knocked_out",
        "log",
        "pending",
        "phase",
        "reshuffles",
        "rules",
        "s",
        "scores",
        "shuffles",
        "uncalled",
        "uno_called",
        "uno_caught",
        "uno_missed",
        "wd4",
        "winner",
    )

    def __init__(self, s: GameState, log: Log | None) -> None:
        self.s = s
        self.rules = s.rules
        self.hands = list(s.hands)
        self.draw = s.draw_pile
        self.discard = s.discard_pile
        self.color = s.color
        self.current = s.current
        self.direction = s.direction
        self.phase = s.phase
        self.pending = s.pending
        self.wd4 = s.wd4
        self.drawn = s.drawn
        self.uno_called = s.uno_called
        self.uno_missed = s.uno_missed
        self.uncalled = s.uncalled
        self.uno_caught = s.uno_caught
        self.finished = s.finished
        self.knocked_out = s.knocked_out
        self.shuffles = s.shuffles
        self.reshuffles = s.reshuffles
        self.scores = s.scores
        self.winner: int | None = s.winner
        self.exhausted = False
        self.ended = 0
        # The game's clock waits for a card's own rule (see _apply).
        self.hold_clock = False
        self.log = log

    @property
    def owed(self) -> int:
        """Cards the current seat owes (a ``DRAW`` pending), else 0."""
        pending = self.pending
        return pending.amount if pending is not None and pending.kind is _DRAW else 0

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat``, skipping seats with no
        cards (out of the round or the game)."""
        hands = self.hands
        n = len(hands)
        d = self.direction
        for _ in range(steps):
            seat = (seat + d) % n
            for _ in range(n):
                if hands[seat]:
                    break
                seat = (seat + d) % n
        return seat

    def in_play(self) -> int:
        hands = self.hands
        return len(hands) - hands.count(())

    def take(
        self,
        seat: int,
        n: int,
        cause: DrawCause,
        rule_id: str,
        owed: int = 0,
        by: int | None = None,
        card: Card | None = None,
    ) -> tuple[Card, ...]:
        """Seat ``seat`` draws ``n`` cards, reshuffling when the pile runs out;
        ``cause``, ``owed``, ``by`` and ``card`` are the fields of its
        :class:`~unorules.events.CardsDrawn`."""
        got: tuple[Card, ...] = ()
        while len(got) < n:
            if not self.draw:
                self.reshuffle()
                if not self.draw:
                    self.exhausted = True
                    break
            k = n - len(got)
            got += self.draw[:k]
            self.draw = self.draw[k:]
        self.hands[seat] = self.hands[seat] + got
        if seat == self.uno_called and cause is not DrawCause.TURN:
            # A call covers laying the second-to-last card; cards taken
            # otherwise than by drawing in turn leave nothing it covers.
            self.uno_called = None
        if self.log is None:
            return got
        if n:
            self.log.append(
                CardsDrawn(
                    rule_id=rule_id,
                    seat=seat,
                    count=n,
                    drawn=len(got),
                    cause=cause,
                    owed=owed,
                    by=by,
                    card=card,
                )
            )
        return got

    def take_until(
        self,
        seat: int,
        color: Color | None,
        rule_id: str,
        cause: DrawCause = DrawCause.UNTIL_COLOUR,
    ) -> None:
        """Seat ``seat`` draws one card after another, reshuffling when the
        pile runs out, until a card of ``color`` turns up or no card is left
        (``ActionEffect.draw_until``); ``cause`` is its event's."""
        got: tuple[Card, ...] = ()
        found: Card | None = None
        while found is None:
            if not self.draw:
                self.reshuffle()
                if not self.draw:
                    self.exhausted = True
                    break
            card = self.draw[0]
            self.draw = self.draw[1:]
            got += (card,)
            if color is not None and card.color is color:
                found = card
        self.hands[seat] = self.hands[seat] + got
        if seat == self.uno_called:
            self.uno_called = None
        if self.log is not None:
            self.log.append(
                CardsDrawn(
                    rule_id=rule_id,
                    seat=seat,
                    count=len(got),
                    drawn=len(got),
                    cause=cause,
                    card=found,
                )
            )

    def knock_out(self) -> None:
        """The hand limit (``rules.hand_limit``): every seat holding too many
        cards once the move is over is out of the round and its cards go to
        the bottom of the draw pile, in the order held; the last seat left
        wins the round, unless a seat went out before it (``end.play-on``:
        the round then ends as when all but one have gone out). A seat put
        out in its own turn loses it."""
        if self.phase is Phase.ROUND_OVER:
            return
        limit = self.rules.hand_limit
        out: list[int] = []
        why = ""
        for seat, hand in enumerate(self.hands):
            rule_id = limit.knocked_out(len(hand)) if hand else None
            if rule_id is None:
                continue
            why = rule_id
            out.append(seat)
            self.draw = self.draw + hand
            self.hands[seat] = ()
            self.knocked_out = (*self.knocked_out, seat)
            self.uncalled = tuple(u for u in self.uncalled if u != seat)
            self.uno_caught = tuple(u for u in self.uno_caught if u != seat)
            if self.uno_called == seat:
                self.uno_called = None
            if self.uno_missed == seat:
                self.uno_missed = None
            if self.wd4 is not None and self.wd4.player == seat and self.phase is not Phase.REPLAY:
                # The wild card it laid can no longer be challenged
                # (challenge.wd4, challenge.also-wild): its player is out of
                # the round (no-mercy.mercy).
                self.wd4 = None
            if self.log is not None:
                self.log.append(KnockedOut(rule_id=rule_id, seat=seat, held=len(hand)))
        if not out:
            return
        # The cards put back leave something to draw: the piles have not run out.
        self.exhausted = False
        left = [seat for seat, hand in enumerate(self.hands) if hand]
        if len(left) == 1:
            if self.winner is None:
                self.phase = Phase.ROUND_OVER
                self.winner = left[0]
                if self.log is not None:
                    self.log.append(LastStanding(rule_id=why, seat=left[0]))
                self.finish_round(left[0])
            else:
                _close_round(self)
            return
        if self.current in out:
            _end_turn(self, self.seat_after(self.current))

    def reshuffle(self) -> None:
        """``pile.reshuffle``. While a Wild Draw Four on top may still be
        taken back (``challenge.take-back``), the card it covers stays too."""
        keep = reshuffle_keeps(self.rules, self.wd4)
        below = self.discard[:-keep]
        if not below:
            return
        cards = list(below)
        rng_for(self.s.seed, self.s.round_number, self.shuffles).shuffle(cards)
        self.shuffles += 1
        self.reshuffles += 1
        self.draw = tuple(cards)
        self.discard = self.discard[-keep:]
        if self.log is not None:
            self.log.append(Reshuffled(rule_id="pile.reshuffle", cards=len(cards), kept=keep))

    def close_windows(self, mover: int, is_play: bool) -> None:
        """A play or draw by ``mover`` closes the UNO windows of other seats:
        a late call no longer counts (``uno.call``: the missed seat joins
        ``uncalled``), and the window to point out the missed call closes
        (``uno.window-closes``; under ``uno.window-until-play`` only a play)."""
        rules = self.rules
        if self.uno_called is not None and self.uno_called != mover:
            self.uno_called = None
        missed = self.uno_missed
        if missed is None or missed == mover:
            return
        if missed not in self.uncalled:
            self.uncalled = (*self.uncalled, missed)
        if not rules.uno_window.closes(is_play):
            return
        self.uno_missed = None
        penalty = rules.uno_penalty.caught()
        if rules.strict and penalty.cards:
            self.take(missed, penalty.cards, DrawCause.MISSED_CALL, penalty.rule_id)
        elif self.log is not None:
            self.log.append(UnoWindowClosed(rule_id=rules.uno_window.rule_ids[0], seat=missed))

    def finish_round(self, winner: int | None, clock: str = "") -> None:
        """Score the round (``score.*``) once its winner is known; ``clock``:
        the rule of the game's clock that ran out (``house.blitz``), which
        ends the game (the totals first: a target reached decides it)."""
        rules = self.rules
        self.scores, why = rules.scoring.score_round(
            self.hands, winner, self.scores, rules.card_values
        )
        if self.log is None:
            return
        self.log.append(
            RoundScored(
                rule_id=rules.scoring.rule_ids[0],
                winner=winner,
                scores=self.scores,
                text=why,
                counts=getattr(rules.scoring, "counts", "points"),
            )
        )
        if rules.scoring.game_over(self.scores, winner):
            self.log.append(
                GameOver(
                    rule_id=rules.scoring.rule_ids[-1],
                    scores=self.scores,
                    outcome=game_outcome(rules.scoring, self.scores, winner),
                )
            )
        elif clock:
            self.log.append(
                GameOver(
                    rule_id=clock,
                    scores=self.scores,
                    outcome=clock_outcome(plan(rules).clock, winner),
                )
            )

    def tick(
        self, rule_state: tuple[tuple[str, Any], ...], over: bool
    ) -> tuple[tuple[tuple[str, Any], ...], bool]:
        """The game's clock (the timing policy's ``clock()``,
        ``house.blitz=N``) counts the turns that ended in this move (a move
        that ends the round, ``over``, ends a turn too). Once it reaches its
        number with the round still in play, the round ends there: the one
        seat holding the fewest cards wins it (a tie: nobody does). Either
        way the game is then over (:attr:`GameState.clock_out`). Returns
        the new ``rule_state`` and whether the round is over."""
        clock = plan(self.rules).clock
        if clock is None:
            return rule_state, over
        rid, limit = clock
        count = 0
        for key, value in rule_state:
            if key == rid:
                count = value
        count = min(limit, count + max(self.ended, 1 if over else 0))
        kept = [(k, v) for k, v in rule_state if k != rid]
        kept.append((rid, count))
        kept.sort(key=_first)
        if count < limit:
            return tuple(kept), over
        if not over and self.finished:
            # end.play-on: the first seat out won the round and it was
            # scored then; the others' play for places stops here.
            self.phase = Phase.ROUND_OVER
            if self.log is not None:
                first = self.finished[0]
                self.log.append(ClockRanOut(rule_id=rid, turns=limit, seats=(first,), cards=0))
                if not self.rules.scoring.game_over(self.scores, self.winner):
                    self.log.append(
                        GameOver(
                            rule_id=rid,
                            scores=self.scores,
                            outcome=clock_outcome(clock, self.winner, fewest=False),
                        )
                    )
        elif not over:
            sizes = {seat: len(h) for seat, h in enumerate(self.hands) if h}
            fewest = min(sizes.values())
            seats = tuple(seat for seat, size in sizes.items() if size == fewest)
            self.phase = Phase.ROUND_OVER
            self.winner = seats[0] if len(seats) == 1 else None
            if self.log is not None:
                self.log.append(ClockRanOut(rule_id=rid, turns=limit, seats=seats, cards=fewest))
            self.finish_round(self.winner, rid)
        elif self.log is not None and not self.rules.scoring.game_over(self.scores, self.winner):
            # The round ended with the clock's last turn: the game ends with it.
            self.log.append(
                GameOver(
                    rule_id=rid,
                    scores=self.scores,
                    outcome=clock_outcome(clock, self.winner, fewest=False),
                )
            )
        return tuple(kept), True

    def freeze(self) -> GameState:
        s = self.s
        hands = tuple(self.hands)
        missed = self.uno_missed
        if missed is not None and len(hands[missed]) != 1:
            missed = None
        called = self.uno_called
        uncalled = self.uncalled
        if uncalled:
            uncalled = tuple(u for u in uncalled if len(hands[u]) == 1)
        phase = self.phase
        if self.exhausted and phase is not Phase.ROUND_OVER:
            if self.log is not None:
                self.log.append(PilesExhausted(rule_id="pile.exhausted"))
            phase = Phase.ROUND_OVER
            if self.winner is None:
                values = [self.rules.card_values.hand_value(h) if h else None for h in hands]
                low = min(v for v in values if v is not None)
                lowest = tuple(i for i, v in enumerate(values) if v == low)
                if len(lowest) == 1:
                    self.winner = lowest[0]
                if self.log is not None:
                    self.log.append(LowestHand(rule_id="pile.exhausted", seats=lowest, value=low))
                self.finish_round(self.winner)
        rule_state = s.rule_state
        over = phase is Phase.ROUND_OVER
        if (self.ended or over) and not self.hold_clock:
            rule_state, over = self.tick(rule_state, over)
            if over:
                phase = Phase.ROUND_OVER
        if phase is Phase.ROUND_OVER:
            missed = called = None
            self.drawn = self.wd4 = None
            self.pending = None
        b = _blank()
        b.rules = s.rules
        b.hands = hands
        b.draw_pile = self.draw
        b.discard_pile = self.discard
        b.color = self.color
        b.current = self.current
        b.direction = self.direction
        b.phase = phase
        b.pending = self.pending
        b.wd4 = self.wd4
        b.drawn = self.drawn
        b.uno_called = called
        b.uno_missed = missed
        b.dealer = s.dealer
        b.scores = self.scores
        b.winner = self.winner
        b.round_number = s.round_number
        b.seed = s.seed
        b.shuffles = self.shuffles
        b.turns = s.turns + 1
        b.reshuffles = self.reshuffles
        b.out_of_play = s.out_of_play
        b.uncalled = uncalled
        b.finished = self.finished
        caught = self.uno_caught
        b.uno_caught = tuple(c for c in caught if c in uncalled) if caught else caught
        b.knocked_out = self.knocked_out
        b.rule_state = rule_state
        b._legal = None
        b._turn = None
        return _frozen(b)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``. ``state`` is never changed.

    A move object that :func:`legal_moves` has just listed for this very
    state is applied without being checked again; any other move, equal ones
    built by the caller included, gets the full :func:`check` first.

    Args:
        state: the position.
        move: a move :func:`check` allows (every move of
            :func:`legal_moves`, bluffs included).

    Returns:
        The new state; a call or catch that does not count (``Ruling.void``)
        returns ``state`` itself, ``turns`` included.

    Raises:
        IllegalMove: when the rules refuse the move; ``.rule_ids`` cites the
            rules it breaks and the message names the move and the situation.
        UnoError: when a table's own rule for the blank card
            (``house.custom-cards``) returns a state that loses or makes cards.
    """
    if type(state) is GameState:
        kept = state._legal
        if kept is None:
            kept = state._turn
        if kept is not None:
            for m in kept:
                if m is move:
                    # A listed move of the commonest kinds: built straight
                    # from the state.
                    quick = _quick(state, move)
                    if quick is not None:
                        return quick
                    break
    return apply_logged(state, move, None)


def apply_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`apply`, with what the move makes happen.

    Args:
        state: the position.
        move: a move :func:`check` allows.

    Returns:
        The new state (the one :func:`apply` returns) and the events of the
        move (:mod:`unorules.events`) in the order they happen, each citing
        the rule that caused it; :func:`unorules.explanations.sentences.render`
        says one in English.

    Raises:
        IllegalMove: as :func:`apply`.
        UnoError: as :func:`apply`.
    """
    events: list[Event] = []
    after = apply_logged(state, move, events)
    return after, tuple(events)


def apply_logged(state: GameState, move: Move, log: Log | None) -> GameState:
    """:func:`apply`, appending the events of the move (:mod:`unorules.events`)
    to ``log`` when it is a list; with ``None`` no event is built.

    Raises:
        IllegalMove, UnoError, TypeError: as :func:`apply`.
        PolicyError: when the rule set holds a policy of a table's own and a
            policy raised, or the move left a state that cannot exist.
    """
    try:
        after = _apply(state, move, log)
    except UnoError:
        raise
    except Exception as error:
        if isinstance(state, GameState) and foreign(state.rules):
            raise foreign_failure(state.rules, error) from error
        raise
    if after is not state and foreign(after.rules):
        _check_foreign(after, move)
    return after


def _check_foreign(after: GameState, move: Move) -> None:
    """Under a rule set holding policies of a table's own: the state ``move``
    left must be one that can exist.

    Raises:
        PolicyError: naming those policies, when it is not, or when a policy
            asked while checking fails.
    """
    try:
        validate_state(after)
    except StateError as error:
        own = ", ".join(foreign(after.rules))
        raise PolicyError(
            f"{move} left a state that cannot exist under the table's own policies ({own}): {error}"
        ) from None
    except UnoError:
        raise
    except Exception as error:  # a policy asked while validating
        raise foreign_failure(after.rules, error) from error


def _apply(state: GameState, move: Move, log: Log | None) -> GameState:
    ruling: Ruling | None = None
    listed = False
    kept = None
    if isinstance(state, GameState):
        # legal_moves lists every move turn_moves lists (the same objects).
        kept = state._legal
        if kept is None:
            kept = state._turn
    if kept is not None:
        # The very object legal_moves listed for this very state (an equal one
        # may hold True for 1, or 1.0, and gets the full check).
        for m in kept:
            if m is move:
                listed = True
                break
    if not listed:
        ruling = check(state, move)
        if not ruling.allowed:
            raise IllegalMove(
                f"illegal move {move}: {ruling.reason} [{', '.join(ruling.rule_ids)}] "
                f"(in {state!r})",
                move,
                ruling.rule_ids,
            )
    w = _Work(state, log)
    custom: ActionEffect | None = None
    if isinstance(move, Play):
        custom = _do_play(w, move)
    elif isinstance(move, Draw):
        _do_draw(w, move.player)
    elif isinstance(move, Pass):
        _do_pass(w, move.player, (ruling or check(state, move)) if log is not None else None)
    elif isinstance(move, ChooseColor):
        pending = w.pending
        until = pending is not None and pending.kind is PendingKind.DRAW_UNTIL
        w.color = move.color
        w.phase = Phase.TURN
        w.pending = None
        if log is not None:
            rid = (ruling or check(state, move)).rule_ids[0]
            log.append(
                ColorNamed(rule_id=rid, seat=move.player, color=move.color, then_draws=until)
            )
        if until and pending is not None:
            # The seat named the colour it now draws until (draw_until "chosen").
            w.close_windows(move.player, is_play=False)
            w.take_until(move.player, move.color, pending.rule_ids[0])
            _end_turn(w, w.seat_after(move.player))
    elif isinstance(move, CallUno):
        ruling = ruling or check(state, move)
        _do_call(w, move.player, ruling)
        if ruling.void:
            return state
        _drawn_still_fits(w)
    elif isinstance(move, CatchUno):
        _do_catch(w, move, ruling)
        if ruling is not None and ruling.void:
            return state
        _drawn_still_fits(w)
    elif isinstance(move, Timeout):
        _do_timeout(w, move.player)
    else:
        _do_challenge(w, move)
    if plan(w.rules).hand_limit:
        w.knock_out()
    # The game's clock (house.blitz) counts the turn once a card's own rule
    # has moved its cards: who holds the fewest is known only then.
    w.hold_clock = custom is not None and plan(w.rules).clock is not None
    after = w.freeze()
    if custom is not None:
        assert isinstance(move, Play)  # only a play has a card's own rule
        after = _custom_effect(after, move, log, custom, w.hold_clock)
        if w.hold_clock:
            clocked = _Work(after, log)
            clocked.ended = w.ended
            # The same move: freezing again counts no further turn.
            after = attrs.evolve(clocked.freeze(), turns=after.turns)
    return after


_TURN = Phase.TURN
_DRAWN = Phase.DRAWN
_OWE = Phase.OWE
# Not in the table of simple effects (Seats.simple): the full path lays it.
_UNKNOWN: Any = object()


def _quick(state: GameState, move: Move) -> GameState | None:
    """The state after ``move``, a move listed for ``state``, when it is one
    of the commonest kinds, built straight from ``state``; ``None`` when it
    needs the full path (:class:`_Work`). It gives the very state the full
    path gives (the property tests compare the two):

    * a card laid by the current seat in a normal turn or after drawing,
      keeping one card or more, whose effect (the action policy's) is none,
      a skip, a reversal or cards the next player owes, that moves no hands,
      leaves no skip to answer, hands no cards over (a listed play that
      names a seat to give to has an effect that does) and cannot be
      challenged; laying the
      second-to-last card leaves the seat's UNO call missing
      (``uno.call``);
    * drawing in a normal turn from a pile that is not empty (the drawing
      policy says what follows);
    * taking the cards owed from a pile that holds them.

    In each, the mover has no UNO call on record, no seat has gone out, and
    no Wild Draw Four can be challenged. A missing call of another seat is
    settled as the full path settles it (``uno.call``,
    ``uno.window-closes``), unless strict rules make its penalty due; the
    mover's own lapses when it draws."""
    if state.uno_called is not None or state.finished or state.wd4 is not None:
        return None
    if not all(state.hands):
        # A seat out of the game (score.elimination, score.most-cards-out)
        # changes how many play: a card's effect is the full path's to say.
        return None
    seat = state.current
    if move.player != seat:
        return None
    rules = state.rules
    # plan(rules), without the call once it is made.
    kept: Plan | None = rules._derived.get(Plan)  # type: ignore[assignment]
    known = kept if kept is not None else plan(rules)
    if known.no_quick:
        # apply_logged checks what a table's own policies make; a hand limit
        # may put a seat out after any move, a game's clock end the round.
        return None
    # A listed move is of its class exactly (no subclass).
    play = isinstance(move, Play)
    uncalled = state.uncalled
    missed = state.uno_missed
    if missed == seat:
        if play:
            return None
        missed = None  # its hand no longer holds one card
    elif missed is not None:
        # The mover's play or draw closes the other seat's windows.
        if missed not in uncalled:
            uncalled = (*uncalled, missed)
        if known.window_closes_on_play if play else known.window_closes_on_draw:
            if known.penalty_due_at_close:
                return None
            missed = None
    if seat in uncalled:
        if play:
            return None
        uncalled = tuple(u for u in uncalled if u != seat)
    phase = state.phase
    hands = state.hands
    hand = hands[seat]
    n = len(hands)
    if isinstance(move, Play):
        card = move.card
        if (
            move.count != 1
            or move.swap_with is not None
            or move.more
            or len(hand) < 2
            or (phase is not _TURN and phase is not _DRAWN)
        ):
            return None
        color = card.color
        if color is None:
            if card in known.challengeable:
                return None  # it leaves a record to challenge
            color = move.color
        elif known.lists_misplays:
            key = (state.discard_pile[-1], state.color)
            if card not in (known._fitting.get(key) or known.fitting(*key)):
                return None  # a misplay: it goes back into the hand at a cost
        simple = (known._seats.get(n) or known.seats(n)).simple.get(card, _UNKNOWN)
        if simple is _UNKNOWN:
            return None  # an effect that needs the full path (Seats.simple)
        direction = state.direction
        pending = None
        next_phase = _TURN
        if simple is None:
            nxt = (seat + direction) % n
            if not hands[nxt]:
                nxt = _next_in_play(hands, seat, direction)
        else:
            skip, reverse, draw = simple
            if reverse:
                direction = -direction
            nxt = _next_in_play(hands, seat, direction)
            for _ in range(skip):
                nxt = _next_in_play(hands, nxt, direction)
            if draw:
                pending = known.owed(nxt, draw, card)
                next_phase = _OWE
        i = hand.index(card)
        rest = hand[:i] + hand[i + 1 :]
        if len(rest) == 1 and known.calls_owed:
            # The second-to-last card laid with no call on record.
            missed = seat
            if not known.late_after_play and seat not in uncalled:
                uncalled = (*uncalled, seat)
        return _moved(
            state,
            (*hands[:seat], rest, *hands[seat + 1 :]),
            state.draw_pile,
            (*state.discard_pile, card),
            color,
            nxt,
            direction,
            next_phase,
            pending,
            None,
            missed,
            uncalled,
        )
    if not isinstance(move, Draw):
        return None
    pile = state.draw_pile
    if phase is _OWE:
        pending = state.pending
        if pending is None or pending.kind is not _DRAW or len(pile) < pending.amount:
            return None
        owed = pending.amount
        return _moved(
            state,
            (*hands[:seat], hand + pile[:owed], *hands[seat + 1 :]),
            pile[owed:],
            state.discard_pile,
            state.color,
            _next_in_play(hands, seat, state.direction),
            state.direction,
            _TURN,
            None,
            state.drawn,
            missed,
            uncalled,
        )
    if phase is not _TURN or not pile or state.pending is not None:
        return None
    if not known.never_stuck and rules.going_out.stuck(hand) is not None:
        return None
    card = pile[0]
    held = (*hand, card)
    top = state.discard_pile[-1]
    fits = _allowance(known, held, card, top, state.color) == _LEGAL
    if not fits and known.drawn_misses.then is AfterDraw.DRAW_AGAIN:
        return None
    if fits and known.drawn_fits.then is AfterDraw.TURN_PASSES:
        return None  # house.blind-draw: the turn passes all the same
    return _moved(
        state,
        (*hands[:seat], held, *hands[seat + 1 :]),
        pile[1:],
        state.discard_pile,
        state.color,
        seat if fits else _next_in_play(hands, seat, state.direction),
        state.direction,
        _DRAWN if fits else _TURN,
        None,
        card if fits else state.drawn,
        missed,
        uncalled,
    )


def _next_in_play(hands: tuple[tuple[Card, ...], ...], seat: int, direction: int) -> int:
    """The seat after ``seat`` in ``direction`` that holds cards."""
    n = len(hands)
    nxt = (seat + direction) % n
    while not hands[nxt] and nxt != seat:
        nxt = (nxt + direction) % n
    return nxt


# What a card's own rule may not change: everything but where the cards are
# in play (the hands, the draw pile, the discard pile under the top card).
# What follows from the hands, the engine settles.
_KEPT_BY_A_CARDS_RULE = (
    "rules",
    "seed",
    "round_number",
    "scores",
    "turns",
    "dealer",
    "current",
    "direction",
    "phase",
    "color",
    "pending",
    "wd4",
    "drawn",
    "uno_called",
    "uno_missed",
    "uncalled",
    "uno_caught",
    "finished",
    "knocked_out",
    "winner",
    "shuffles",
    "reshuffles",
    "out_of_play",
)


def _custom_effect(
    state: GameState, move: Play, log: Log | None, effect: ActionEffect, hold_clock: bool = False
) -> GameState:
    """A card's own rule after ``move`` laid it: the effect's ``own``, told
    the move, or else (``special == "custom"``) the ``custom_card`` policy's
    ``own_rule``. Its rule is cited for what follows: the effect's, or for a
    blank card the ``custom_card`` policy's (``house.custom-cards``)."""
    player = move.player
    description: str | None = None
    new: GameState | None
    if foreign(state.rules):
        # What the other policies made is judged before the card's own rule
        # runs, so that a fault is blamed where it lies.
        _check_foreign(state, move)
    if effect.own is not None:
        rule_id = effect.rule_id
        try:
            new = effect.own(state, move)
        except UnoError:
            raise
        except Exception as error:
            raise PolicyError(
                f"the card's own rule ({rule_id}) failed: {type(error).__name__}: {error}"
            ) from error
        if new is None:
            raise UnoError(
                f"the card's own rule ({rule_id}) returned None, not a GameState: return the "
                "state it was given when nothing changes"
            )
    else:
        policy = state.rules.custom_card
        own = policy.rule_ids
        rule_id = effect.rule_id if move.card.color is not None or not own else own[0]
        new = policy.own_rule(state, player)
        given = getattr(policy, "description", None)
        description = None if given is None else str(given)
    if new is None:
        return state
    if not isinstance(new, GameState):
        raise UnoError(f"the card's own rule ({rule_id}) returned {new!r}, not a GameState")

    def everything(s: GameState) -> Counter[Card]:
        c: Counter[Card] = Counter(s.draw_pile)
        c.update(s.discard_pile)
        c.update(s.out_of_play)
        for h in s.hands:
            c.update(h)
        return c

    if everything(new) != everything(state) or len(new.hands) != len(state.hands):
        raise UnoError(f"the card's own rule ({rule_id}) lost or made cards")
    changed = [name for name in _KEPT_BY_A_CARDS_RULE if getattr(new, name) != getattr(state, name)]
    if changed:
        raise UnoError(
            f"the card's own rule ({rule_id}) changed {', '.join(changed)}: it may only move "
            "cards between the hands and the piles, and keep a value of its own "
            "(GameState.with_rule_value)"
        )
    if [p for p in new.rule_state if p[0] != rule_id] != [
        p for p in state.rule_state if p[0] != rule_id
    ]:
        raise UnoError(
            f"the card's own rule ({rule_id}) changed what other rules keep in the state "
            "(rule_state): it may keep a value of its own only"
        )
    if not new.discard_pile or new.discard_pile[-1] != state.discard_pile[-1]:
        raise UnoError(
            f"the card's own rule ({rule_id}) changed the top card: the card laid stays on top"
        )
    if (state.pending is not None or state.wd4 is not None) and new.discard_pile != (
        state.discard_pile
    ):
        raise UnoError(
            f"the card's own rule ({rule_id}) changed the discard pile while {state.top.code} "
            "still makes a player draw or may be challenged: the cards under it decide what "
            "is owed and what a challenge judges"
        )
    if log is not None and new.rule_value(rule_id) != state.rule_value(rule_id):
        log.append(
            RuleValueKept(
                rule_id=rule_id,
                seat=player,
                card=state.discard_pile[-1],
                value=new.rule_value(rule_id),
            )
        )
    if log is not None:
        pairs = list(zip(state.hands, new.hands, strict=True))
        log.append(
            CustomCardRule(
                rule_id=rule_id,
                seat=player,
                description=description,
                gained=tuple(len(after) - len(before) for before, after in pairs),
                changed=tuple(
                    seat
                    for seat, (before, after) in enumerate(pairs)
                    if len(after) == len(before) and Counter(after) != Counter(before)
                ),
                # "nobody could draw" is said of the blank card's rule only.
                pile_was_empty=effect.own is None and not state.draw_pile,
                pile_ran_out=bool(state.draw_pile) and not new.draw_pile,
                card=state.discard_pile[-1],
            )
        )
    return _settle_hands(state, new, player, log, rule_id, hold_clock)


def _settle_hands(
    before: GameState,
    after: GameState,
    player: int,
    log: Log | None,
    rule_id: str,
    hold_clock: bool = False,
) -> GameState:
    """The state a card's own rule (``rule_id``) returned, with the
    bookkeeping that depends on the hands made true again: a seat whose hand
    the rule changed owes no UNO call for it (``uno.call``; the layer's own
    missed call stands while it holds one card, and a layer the rule brought
    down to one card owes the call as if it had laid its second-to-last
    card); a seat left with no cards is out
    (``end.last-card``, ``end.play-on``), and the turn passes on from a seat
    that holds none.

    Raises:
        UnoError: when the result is still not a state that can exist.
    """
    hands = after.hands

    def kept(seat: int | None) -> bool:
        return (
            seat is not None
            and len(hands[seat]) == 1
            and (seat == player or hands[seat] == before.hands[seat])
        )

    uncalled = tuple(dict.fromkeys(u for u in after.uncalled if kept(u)))
    missed = after.uno_missed if kept(after.uno_missed) else None
    called = after.uno_called if after.uno_called is not None and hands[after.uno_called] else None
    if called == player and len(hands[player]) > 1:
        called = None  # the call made before the card covered a play that left more
    w = _Work(after, log)
    w.hold_clock = hold_clock  # _apply counts the turn on the clock after this
    w.uncalled, w.uno_missed, w.uno_called = uncalled, missed, called
    if (
        len(hands[player]) == 1
        and len(before.hands[player]) > 1
        and called != player
        and plan(after.rules).calls_owed
    ):
        # The card's own rule brought the layer's hand down to one card: as
        # after laying its second-to-last card, the call is owed (uno.call).
        rules = after.rules
        w.uno_missed = player
        if not rules.uno_call.late(False) and player not in w.uncalled:
            w.uncalled = (*w.uncalled, player)
        if log is not None:
            log.append(UnoMissing(rule_id=rules.uno_call.rule_ids[0], seat=player))
    if after.phase is not Phase.ROUND_OVER:
        for k in range(len(hands)):
            seat = (player + k) % len(hands)
            if (
                not hands[seat]
                and seat not in w.finished
                and seat not in w.knocked_out
                and w.phase is not Phase.ROUND_OVER
            ):
                _out_empty(w, seat, rule_id, before.discard_pile[-1])
        if w.phase is not Phase.ROUND_OVER and not w.hands[w.current]:
            _end_turn(w, w.seat_after(w.current))
    if plan(w.rules).hand_limit:
        # The cards the rule moved may put a seat over the hand limit.
        w.knock_out()
    settled = attrs.evolve(w.freeze(), turns=after.turns)
    try:
        validate_state(settled)
    except UnoError as e:
        raise UnoError(
            f"the card's own rule ({rule_id}) left a state that cannot exist: {e}"
        ) from None
    return settled


def _out_empty(w: _Work, seat: int, rule_id: str, card: Card) -> None:
    """Seat ``seat`` holds no cards without having laid its last one (the
    rule of the card laid, ``card``, took its hand): it is out of the round like a player
    who went out."""
    w.finished = (*w.finished, seat)
    if w.winner is None:
        w.winner = seat
        if w.log is not None:
            w.log.append(
                HandEmptied(rule_id=rule_id, seat=seat, place=len(w.finished), wins=True, card=card)
            )
        w.finish_round(seat)
    elif w.log is not None:
        w.log.append(
            HandEmptied(
                rule_id="end.play-on", seat=seat, place=len(w.finished), wins=False, card=card
            )
        )
    if w.rules.going_out.plays_on(w.in_play()):
        return
    _close_round(w)


def _close_round(w: _Work) -> None:
    """The round is over: the last seat holding cards (under ``end.play-on``)
    takes the last place, and nothing is owed or open any more."""
    if w.in_play() == 1:
        w.finished = (*w.finished, *(s for s, h in enumerate(w.hands) if h))
    w.phase = Phase.ROUND_OVER
    w.pending = None
    w.wd4 = None
    w.drawn = None


def _end_turn(w: _Work, nxt: int) -> None:
    w.ended += 1
    w.current = nxt
    w.phase = Phase.TURN
    w.drawn = None
    w.pending = None
    w.wd4 = None


def _hands_moved(w: _Work, layer: int, seats: Sequence[int]) -> None:
    """UNO bookkeeping after the hands of ``seats`` were swapped, passed on or
    redealt by ``layer``'s card: a seat that comes to hold one card that way
    owes no call (``uno.call``), so only the layer's own missed call, made by
    laying its second-to-last card, stays on record."""
    moved = set(seats)
    w.uncalled = tuple(u for u in w.uncalled if u == layer or u not in moved)
    if w.uno_missed is not None and w.uno_missed != layer and w.uno_missed in moved:
        w.uno_missed = None


def _deal_evenly(w: _Work, seat: int) -> None:
    """Wild Shuffle Hands: collect every hand in play, shuffle, deal one at a
    time starting left of ``seat`` (``action.shuffle-hands``)."""
    n = len(w.hands)
    order = [(seat + k) % n for k in range(1, n + 1)]
    order = [s for s in order if w.hands[s] or s == seat]
    cards = [c for s in order for c in w.hands[s]]
    rng_for(w.s.seed, w.s.round_number, w.shuffles).shuffle(cards)
    w.shuffles += 1
    dealt: dict[int, list[Card]] = {s: [] for s in order}
    for i, card in enumerate(cards):
        dealt[order[i % len(order)]].append(card)
    for s in order:
        w.hands[s] = tuple(dealt[s])
    _hands_moved(w, seat, order)
    if w.log is not None:
        w.log.append(HandsShuffled(rule_id="action.shuffle-hands", seat=seat, cards=len(cards)))


def _move_hands(w: _Work, move: Play, effect: ActionEffect) -> None:
    """The hand moves of a card whose effect moves hands: a swap with the
    seat named (a Wild Swap Hands, a 7 under ``house.seven-zero``), or every
    hand passed on (a 0 under ``house.seven-zero``)."""
    seat = move.player
    if move.swap_with is not None:
        t = move.swap_with
        w.hands[seat], w.hands[t] = w.hands[t], w.hands[seat]
        _hands_moved(w, seat, (seat, t))
        if w.log is not None:
            w.log.append(HandsSwapped(rule_id=effect.rule_id, seat=seat, other=t))
    elif effect.special == "swap":
        if w.log is not None:
            rid = (effect.rule_id, *effect.also)[-1]
            w.log.append(SwapDeclined(rule_id=rid, seat=seat))
    elif effect.special == "pass-on":
        n = len(w.hands)
        seats = [s for s in range(n) if w.hands[s]]
        old = {s: w.hands[s] for s in seats}
        d = w.direction
        for s in seats:
            prev = (s - d) % n
            while prev not in old:
                prev = (prev - d) % n
            w.hands[s] = old[prev]
        _hands_moved(w, seat, seats)
        if w.log is not None:
            w.log.append(HandsPassedOn(rule_id=effect.rule_id, seat=seat, direction=d))


def _do_play(w: _Work, move: Play) -> ActionEffect | None:
    """Apply a play; the card's effect when a rule of its own follows (its
    ``own``, or the ``custom_card`` policy's ``own_rule``:
    :func:`_custom_effect`), else ``None``."""
    rules, seat, card, count = w.rules, move.player, move.card, move.count
    if (
        plan(rules).misplaying
        and card.color is not None
        and seat == w.current
        and w.phase in (_TURN, _DRAWN)
    ):
        fit = plan(rules).fit(card, w.discard[-1], w.color)
        if isinstance(fit, Misplay):
            _do_misplay(w, move, fit)
            return None
    w.close_windows(seat, is_play=True)
    stacking = w.phase is Phase.OWE
    debtor: int | None = None
    if seat != w.current:
        if w.log is not None:
            w.log.append(JumpedIn(rule_id=rules.jump_in.rule_ids[0], seat=seat, card=card))
        if stacking:
            debtor, passed = w.current, w.pending
        w.current = seat
        if not stacking:
            w.phase = Phase.TURN
    previous_top = w.discard[-1]
    previous_color = w.color
    taken_back = w.wd4 if w.phase is Phase.REPLAY else None
    if taken_back is not None and taken_back.debt:
        stacking = True
        w.pending = Pending(_DRAW, seat, taken_back.debt, previous_top, ())
    w.wd4 = None
    hand = list(w.hands[seat])
    more = move.more
    laid = (card,) * count + more
    for c in laid:
        hand.remove(c)
    w.hands[seat] = tuple(hand)
    w.discard = w.discard + laid
    if more:
        # The card laid last sets the colour and gives the play its effect.
        card, count = more[-1], 1
    w.color = move.color if card.color is None else card.color
    w.drawn = None
    if w.log is not None:
        w.log.append(
            CardsLaid(
                rule_id=_series_rule(rules, move)
                if more
                else "house.multiple-identical"
                if count > 1
                else _effect_rule(rules, card)
                if card.color is None and not _moves_hands(rules, card)
                else "play.one-card",
                seat=seat,
                card=move.card,
                count=move.count,
                named=w.color if card.is_wild else None,
                more=more,
            )
        )
    laid_from = list(hand)  # the hand a Wild Draw Four's bluff is judged on
    if move.give and move.to is not None:
        # The cards the play hands to a seat (ActionEffect.give).
        to = move.to
        for c in move.give:
            hand.remove(c)
        w.hands[seat] = tuple(hand)
        w.hands[to] = w.hands[to] + move.give
        if w.uno_called == to:
            w.uno_called = None
        if w.log is not None:
            given = plan(rules).effect(card, len(w.hands))
            w.log.append(
                CardsGiven(
                    rule_id=given.rule_id if given is not None else "play.match",
                    seat=seat,
                    to=to,
                    cards=move.give,
                )
            )
    if taken_back is not None:
        penalty = _bluff_penalty(rules, taken_back)
        w.take(seat, penalty, DrawCause.BLUFF_AFTER_TAKE_BACK, "challenge.take-back", card=card)
        hand = list(w.hands[seat])
    if w.uno_called == seat and len(hand) > 1:
        # The call covered laying the second-to-last card; the cards drawn
        # since (house.draw-until-playable) leave more: it covers nothing now,
        # unless the card's own rule is still to take cards from the hand
        # (ActionEffect.own; settled after it ran, _settle_hands).
        own = plan(rules).effect(card, len(w.hands))
        if own is None or own.own is None:
            w.uno_called = None
    if len(hand) == 1 and w.uno_called != seat and plan(rules).calls_owed:
        w.uno_missed = seat
        if not rules.uno_call.late(False) and seat not in w.uncalled:
            w.uncalled = (*w.uncalled, seat)
        if w.log is not None:
            w.log.append(UnoMissing(rule_id=rules.uno_call.rule_ids[0], seat=seat))
    players = w.in_play() + (0 if hand else 1)
    effect = plan(rules).effect(card, players)
    if len(laid) > 1:
        _others_draw(w, seat, plan(rules).laid(laid, players))
    if effect is not None and effect.others_draw:
        _others_draw(w, seat, effect)
    if effect is not None and effect.named_draws and move.to is not None:
        # The seat the play names draws at once (ActionEffect.named_draws),
        # unless the card is the last and a rule voids its effect then.
        last_card = rules.going_out.last_card(card, effect) if not hand else None
        voided = last_card is not None and not last_card.draw_applies
        if voided and w.log is not None and last_card is not None:
            w.log.append(LastCardNoEffect(rule_id=last_card.rule_id))
        elif not voided:
            w.take(move.to, effect.named_draws, DrawCause.NAMED_DRAW, effect.rule_id, by=seat)
    special = effect.special if effect is not None else ""
    last = rules.going_out.last_card(card, effect) if not hand else None
    redeal_last = last is not None and not last.goes_out
    redeal_rule = last.rule_id if last is not None else ""
    if not hand and not redeal_last:
        _go_out(w, seat, card, count, effect, stacking, previous_top)
        return None
    if special == "custom" and card.color is None and w.log is not None and effect is not None:
        w.log.append(BlankCardActsAsWild(rule_id=effect.rule_id, seat=seat))
    if special == "shuffle":
        _deal_evenly(w, seat)
        if redeal_last and not w.hands[seat]:
            # Fewer cards than seats: the deal, which ends with the layer, gave
            # it none, so it holds no cards and is out.
            if w.log is not None:
                w.log.append(LastShuffleRedeals(rule_id=redeal_rule, seat=seat, dealt_none=True))
            _go_out(w, seat, card, count, effect, stacking, previous_top)
            return None
        if redeal_last and w.log is not None:
            w.log.append(LastShuffleRedeals(rule_id=redeal_rule, seat=seat, dealt_none=False))
    elif hand and effect is not None and special in ("swap", "pass-on"):
        _move_hands(w, move, effect)
    turned = _turn_over(w, seat, effect) if hand and effect is not None and effect.flip else None
    challengeable = card.is_wild and rules.challenge.challengeable(card) is not None
    record: Wd4Record | None = None
    if challengeable and card in plan(rules).restricted:
        if rules.wd4.restricts(previous_top, previous_color):
            broke = rules.wd4.breaks(laid_from, previous_top, previous_color)
            record = Wd4Record(seat, broke, previous_color, card)
    elif challengeable:
        broke = not rules.wild.allows([*laid_from, card], previous_top, previous_color)
        record = Wd4Record(seat, broke, previous_color, card)
    _turn_effect(w, seat, card, count, effect, stacking, record, previous_top)
    if turned is not None and effect is not None:
        _name_turned_up(w, seat, turned, effect)
    if debtor is not None and w.current != debtor and w.log is not None and passed is not None:
        rid = rules.jump_in.rule_ids[0]
        if passed.kind is _DRAW:
            w.log.append(DebtPassedOn(rule_id=rid, seat=debtor, owed=passed.amount))
        else:
            w.log.append(SkipPassedOn(rule_id=rid, seat=debtor))
    if effect is None or (special != "custom" and effect.own is None):
        return None
    return effect


def _turn_over(w: _Work, seat: int, effect: ActionEffect) -> Card:
    """``ActionEffect.flip``: every hand turned card by card; the draw pile
    and the discard pile each turned over as a whole, so the card at the
    bottom of each comes on top with its other side up. The colour in force
    is the new top card's (none yet when it is wild: :func:`_name_turned_up`).
    Returns the new top card."""
    w.hands = [tuple(c.turned() for c in h) for h in w.hands]
    w.draw = tuple(c.turned() for c in reversed(w.draw))
    w.discard = tuple(c.turned() for c in reversed(w.discard))
    top = w.discard[-1]
    w.color = top.color
    return top


def _name_turned_up(w: _Work, seat: int, top: Card, effect: ActionEffect) -> None:
    """After everything was turned over (:func:`_turn_over`): a wild card
    turned up has its colour named by the seat whose turn comes, before it
    plays (the ``choose-color`` phase, as for a wild start card). Its event."""
    names: int | None = None
    colors = w.rules.colors_for(top)
    if top.color is None and colors:
        if w.phase is Phase.TURN:
            names = w.current
            w.phase = Phase.CHOOSE_COLOR
            w.pending = Pending(PendingKind.COLOR, names, 0, top, (effect.rule_id,))
        else:
            # The card's effect left something else to answer first: the
            # colour is the first of the side's, until a card changes it.
            w.color = colors[0]
    if w.log is not None:
        w.log.append(
            EverythingTurnedOver(
                rule_id=effect.rule_id, seat=seat, top=top, color=w.color, names=names
            )
        )


def _series_rule(rules: RuleSet, move: Play) -> str:
    """The rule that lets the cards of ``move.more`` follow its first card:
    the match policy's answer for the first of them."""
    return plan(rules).follows(move.more[0], move.card).rule_ids[0]


def _others_draw(w: _Work, seat: int, effect: ActionEffect | None) -> None:
    """Every seat but ``seat`` still holding cards draws ``effect.others_draw``
    cards, one seat after another in the direction of play
    (``ActionEffect.others_draw``); nobody loses a turn by it."""
    if effect is None or not effect.others_draw:
        return
    cards: object = effect.others_draw
    if type(cards) is not int or cards < 0:
        raise PolicyError(
            f"the effect citing {effect.rule_id!r} makes every other player draw "
            f"{cards!r} cards: others_draw must be a whole number of 0 or more"
        )
    n = len(w.hands)
    for k in range(1, n):
        other = (seat + w.direction * k) % n
        if w.hands[other]:
            w.take(other, effect.others_draw, DrawCause.OTHERS_DRAW, effect.rule_id, by=seat)


def _moves_hands(rules: RuleSet, card: Card) -> bool:
    """Whether laying ``card`` moves hands or runs a rule of its own (the
    action policy's ``special``): its own events cite that rule."""
    effect = rules.actions.effect(card, 3)
    return effect is not None and (bool(effect.special) or effect.own is not None)


def _do_misplay(w: _Work, move: Play, fit: Misplay) -> None:
    """A card that does not fit, judged by the match policy with a cost
    (``Misplay``): the cards go back into the hand (they never left it), the
    player draws the penalty, and the turn passes."""
    seat = move.player
    w.close_windows(seat, is_play=True)
    w.wd4 = None
    w.drawn = None
    if w.log is not None:
        w.log.append(
            CardTakenBack(rule_id=fit.rule_ids[0], seat=seat, card=move.card, count=move.count)
        )
    penalty = fit.penalty
    w.take(seat, penalty.cards, DrawCause.MISPLAY, penalty.rule_id)
    _end_turn(w, w.seat_after(seat))


def _turn_effect(
    w: _Work,
    seat: int,
    card: Card,
    count: int,
    effect: ActionEffect | None,
    stacking: bool,
    record: Wd4Record | None,
    previous_top: Card,
) -> None:
    """The turn after ``count`` copies of ``card`` were laid: the card's
    effect (``effect``: direction, seats skipped, cards owed), and, when the
    card answered what was pending (``stacking``), that obligation passing on
    to the seat whose turn comes next, with what the card adds."""
    rules = w.rules
    carried = w.pending if stacking else None
    reverse = effect is not None and effect.reverse
    skip = effect.skip * count if effect is not None else 0
    draw = effect.draw * count if effect is not None else 0
    doubled: str | None = None
    if draw and plan(rules).doubles:
        # house.revenge: a draw card laid on a draw card counts twice.
        doubled = getattr(rules.stacking, "doubles")(previous_top, card)  # noqa: B009
        if doubled is not None:
            draw *= 2
    answered = rules.stacking.answers(previous_top, card, w.color) if carried else None
    if answered is not None and carried is not None and carried.kind is _DRAW:
        deflects = getattr(rules.stacking, "deflects", None)
        if deflects is not None and deflects(answered):
            # house.skip-deflect, house.reverse-deflect: the card only turns
            # the debt aside; it skips nobody.
            skip = 0
    if effect is not None and effect.draw_until and carried is None:
        # The next seat draws until a colour turns up: the one named, or one
        # it names itself first (ActionEffect.draw_until).
        _log_skipped(w, effect, seat, skip)
        victim = w.seat_after(seat, 1 + skip)
        chosen = effect.draw_until == "chosen"
        _end_turn(w, victim)
        w.phase = Phase.CHOOSE_COLOR if chosen else Phase.OWE
        w.pending = Pending(PendingKind.DRAW_UNTIL, victim, 0, card, (effect.rule_id,))
        w.wd4 = record
        if w.log is not None:
            w.log.append(
                DrawUntilOwed(
                    rule_id=effect.rule_id, seat=victim, color=None if chosen else w.color
                )
            )
        return
    if effect is None or not (reverse or skip or draw):
        if carried is None:
            _end_turn(w, w.seat_after(seat))
            w.wd4 = record
            return
    elif reverse:
        flips = count % 2 == 1
        if flips:
            w.direction = -w.direction
        if w.log is not None:
            w.log.append(
                DirectionReversed(
                    rule_id=effect.rule_id, seat=seat, count=count, plays_again=bool(skip)
                )
            )
    tail = carried.rule_ids[-1:] if carried is not None else ()
    owed = draw + (carried.amount if carried is not None and carried.kind is _DRAW else 0)
    if owed:
        # Cards owed: the card's own, plus a total it answered, passed on.
        _log_skipped(w, effect, seat, skip)
        victim = w.seat_after(seat, 1 + skip)
        own = (draw_rule(rules, card),) if draw else tail
        rids = (answered, *own) if answered and owed > draw else own
        if doubled is not None:
            rids = (doubled, *rids)  # why the card counts twice
        _end_turn(w, victim)
        w.phase = Phase.OWE
        w.pending = Pending(
            _DRAW, victim, owed, card, rids or (answered or draw_rule(rules, card),)
        )
        w.wd4 = record
        if w.log is None:
            return
        w.log.append(
            DebtOwed(
                rule_id=w.pending.rule_ids[0],
                seat=victim,
                owed=owed,
                may_stack=rules.stacking.answerable(card, w.color),
                may_challenge=record is not None,
            )
        )
        return
    if effect is not None and skip and not reverse and rules.stacking.answerable(card, w.color):
        # A Skip that can be answered leaves its skip pending on the next seat.
        victim = w.seat_after(seat)
        # The rule that lets the skip be answered is cited first: it is why
        # the skip waits for an answer.
        lets = answered or rules.stacking.answers(card, card, w.color)
        rids = (lets, effect.rule_id) if lets else (effect.rule_id,)
        _end_turn(w, victim)
        w.phase = Phase.OWE
        w.pending = Pending(PendingKind.SKIP, victim, skip, card, rids)
        if w.log is not None:
            w.log.append(SkipOwed(rule_id=effect.rule_id, seat=victim, skips=skip))
        return
    if carried is not None and carried.kind is PendingKind.SKIP:
        # Another card answered the skip: it passes on to the seat whose turn comes.
        _log_skipped(w, effect, seat, skip)
        victim = w.seat_after(seat, 1 + skip)
        rids = (answered, *tail) if answered else tail
        _end_turn(w, victim)
        w.phase = Phase.OWE
        w.pending = Pending(PendingKind.SKIP, victim, carried.amount, card, rids or tail)
        if w.log is not None:
            w.log.append(SkipOwed(rule_id=w.pending.rule_ids[0], seat=victim, skips=carried.amount))
        return
    _log_skipped(w, effect, seat, skip)
    _end_turn(w, w.seat_after(seat, 1 + skip))
    w.wd4 = record


def _log_skipped(w: _Work, effect: ActionEffect | None, seat: int, skip: int) -> None:
    """The event of the ``skip`` seats after ``seat`` losing their turn (not
    for a Reverse, whose skip means the layer plays again)."""
    if skip and w.log is not None and effect is not None and not effect.reverse:
        skipped = tuple(w.seat_after(seat, k) for k in range(1, skip + 1))
        w.log.append(SeatsSkipped(rule_id=effect.rule_id, seats=skipped))


def _go_out(
    w: _Work,
    seat: int,
    card: Card,
    count: int,
    effect: ActionEffect | None,
    stacking: bool,
    previous_top: Card,
) -> None:
    """A player laid its last card (``end.*``); ``previous_top`` was the top
    card before the play."""
    rules = w.rules
    w.finished = (*w.finished, seat)
    first = w.winner is None
    if first:
        w.winner = seat
        if w.log is not None:
            w.log.append(
                WentOut(rule_id="end.last-card", seat=seat, place=len(w.finished), wins=True)
            )
    elif w.log is not None:
        w.log.append(WentOut(rule_id="end.play-on", seat=seat, place=len(w.finished), wins=False))
    draw = effect.draw * count if effect is not None else 0
    # A last card that makes the next player draw until the colour named.
    until = w.color if effect is not None and effect.draw_until == "named" else None
    play_on = rules.going_out.plays_on(w.in_play())
    if (draw or until is not None or (stacking and w.owed)) and not play_on:
        last = rules.going_out.last_card(card, effect)
        if last.draw_applies:
            if effect is not None and effect.reverse and count % 2 == 1:
                # A card that turns the direction and then makes the next
                # player draw: the next in the new direction draws.
                w.direction = -w.direction
            victim = w.seat_after(seat)
            if until is not None and not draw and not (stacking and w.owed):
                w.take_until(victim, until, last.rule_id)
            else:
                w.take(
                    victim,
                    (w.owed if stacking else 0) + draw,
                    DrawCause.LAST_CARD_DRAW,
                    last.rule_id,
                    owed=w.owed if stacking else 0,
                )
        elif w.log is not None:
            w.log.append(LastCardNoEffect(rule_id=last.rule_id))
    if first:
        w.finish_round(seat)
    if play_on:
        if w.log is not None:
            w.log.append(OthersPlayOn(rule_id="end.play-on"))
        _turn_effect(w, seat, card, count, effect, stacking, None, previous_top)
        return
    _close_round(w)


def _fits(w: _Work, seat: int, card: Card) -> bool:
    """Whether the card ``seat`` just drew can be played lawfully: the question
    :func:`_has_legal_play` asks (a bluff does not fit). The hand holds two
    cards or more after drawing, so the going-out rules do not come in."""
    return play_status(w.rules, w.hands[seat], card, w.discard[-1], w.color).legal


def _drawn_still_fits(w: _Work) -> None:
    """After a penalty taken while a drawn card waits (``Phase.DRAWN``): the
    cards taken can make the drawn card no longer lawful (a Wild Draw Four
    whose player now holds the colour in force). Then the turn no longer
    stops on it: it passes, as after a drawn card that does not fit
    (``draw.*``)."""
    card = w.drawn
    if w.phase is not Phase.DRAWN or card is None:
        return
    seat = w.current
    if _fits(w, seat, card):
        return
    if w.log is not None:
        w.log.append(DrawnCardDoesNotFit(rule_id=plan(w.rules).drawn_misses.rule_id, seat=seat))
    _end_turn(w, w.seat_after(seat))


def _do_draw(w: _Work, seat: int) -> None:
    rules = w.rules
    w.close_windows(seat, is_play=False)
    if w.phase is Phase.REPLAY:
        _replay_draw(w, seat, DrawCause.TAKE_BACK_UNLAID)
        return
    if w.phase is Phase.OWE and w.pending is not None and w.pending.kind is PendingKind.DRAW_UNTIL:
        w.wd4 = None  # drawing ends the chance to challenge
        w.take_until(seat, w.color, w.pending.rule_ids[0])
        _end_turn(w, w.seat_after(seat))
        return
    if w.phase is Phase.OWE:
        w.wd4 = None  # taking the cards ends the chance to challenge
        w.take(
            seat,
            w.owed,
            DrawCause.OWED,
            _pending_rule(w),
            owed=w.owed,
        )
        _end_turn(w, w.seat_after(seat))
        return
    w.wd4 = None
    stuck = rules.going_out.stuck(w.hands[seat])
    if stuck is not None:
        w.take(seat, stuck.cards, DrawCause.STUCK_LAST_CARD, stuck.rule_id)
        _end_turn(w, w.seat_after(seat))
        return
    known = plan(rules)
    rid = known.drawn_misses.rule_id
    while True:
        got = w.take(seat, 1, DrawCause.TURN, rid)
        if not got:
            return
        card = got[0]
        fits = _fits(w, seat, card)
        after = known.drawn_fits if fits else known.drawn_misses
        if fits and after.then is AfterDraw.TURN_PASSES:
            # house.blind-draw: the card goes to the hand unplayed.
            if w.log is not None:
                w.log.append(DrawnUnplayed(rule_id=after.rule_id, seat=seat))
            _end_turn(w, w.seat_after(seat))
            return
        if fits:
            w.phase = Phase.DRAWN
            w.drawn = card
            if w.log is not None:
                must = after.then is AfterDraw.MUST_PLAY
                w.log.append(DrawnCardFits(rule_id=after.rule_id, seat=seat, must_play=must))
            return
        if after.then is not AfterDraw.DRAW_AGAIN:
            break
    if w.log is not None:
        w.log.append(DrawnCardDoesNotFit(rule_id=rid, seat=seat))
    _end_turn(w, w.seat_after(seat))


def _pending_rule(w: _Work) -> str:
    """The main rule behind what is pending."""
    pending = w.pending
    assert pending is not None  # guaranteed by check
    return pending.rule_ids[0]


def _do_pass(w: _Work, seat: int, ruling: Ruling | None) -> None:
    """``Pass``: the drawn card is kept (``draw.*``), or a pending skip is
    taken (``house.stack-skip``): the seat and those after it that the skip
    covers lose their turn."""
    pending = w.pending
    if pending is not None and pending.kind is PendingKind.SKIP:
        lost = tuple(w.seat_after(seat, k) for k in range(pending.amount))
        if w.log is not None:
            w.log.append(SkipTaken(rule_id=pending.rule_ids[0], seat=seat, seats=lost))
        _end_turn(w, w.seat_after(seat, pending.amount))
        return
    if w.phase is Phase.TURN:
        # house.hand-limit: a pass without drawing closes the other seats'
        # UNO windows, as a draw would.
        w.close_windows(seat, is_play=False)
    stalled = w.phase is Phase.TURN and _stalled(w)
    if w.log is not None and ruling is not None:
        if w.phase is Phase.TURN:  # house.hand-limit: a pass without drawing
            w.log.append(TurnPassed(rule_id=ruling.rule_ids[0], seat=seat))
        else:
            w.log.append(DrawnCardKept(rule_id=ruling.rule_ids[0], seat=seat))
    if stalled:
        # house.hand-limit: nobody can play or draw any more; the round ends
        # without a winner and nobody scores.
        w.phase = Phase.ROUND_OVER
        w.winner = None
        if w.log is not None:
            w.log.append(RoundStalled(rule_id=stalled))
        w.finish_round(None)
        return
    _end_turn(w, w.seat_after(seat))


def _own_draw(w: _Work, card: Card) -> int:
    """The cards ``card``, the top card, made owed by itself: its draw,
    twice over when it counts twice on the card below (``house.revenge``)."""
    effect = plan(w.rules).effect(card, len(w.hands))
    draw = effect.draw if effect is not None else 4
    doubles = getattr(w.rules.stacking, "doubles", None)
    if doubles is not None and len(w.discard) > 1 and doubles(w.discard[-2], card) is not None:
        draw *= 2
    return draw


def _stalled(w: _Work) -> str:
    """The rule (``house.hand-limit``) under which no seat still in the round
    can play or draw: each holds too many cards to draw and none fits; ``""``
    while some seat can still move."""
    full = plan(w.rules).full
    if full is None:
        return ""
    rule = ""
    for seat, hand in enumerate(w.hands):
        if not hand or seat in w.knocked_out:
            continue
        why = full(len(hand))
        if why is None or w.rules.going_out.stuck(hand) is not None:
            return ""
        if any(_fits(w, seat, card) for card in dict.fromkeys(hand)):
            return ""
        rule = why
    return rule


def _do_call(w: _Work, seat: int, ruling: Ruling) -> None:
    if ruling.void:
        if w.log is not None:
            w.log.append(CallVoid(rule_id=ruling.rule_ids[0], seat=seat, reason=ruling.reason))
        return
    if ruling.penalty is not None:
        w.take(seat, ruling.penalty.cards, DrawCause.FALSE_CALL, ruling.penalty.rule_id)
        return
    if w.uno_missed == seat:
        w.uno_missed = None
    w.uncalled = tuple(u for u in w.uncalled if u != seat)
    w.uno_called = seat
    if w.log is not None:
        w.log.append(UnoCalled(rule_id=ruling.rule_ids[0], seat=seat))


def _do_catch(w: _Work, move: CatchUno, ruling: Ruling | None) -> None:
    if ruling is not None and ruling.void:
        if w.log is not None:
            w.log.append(
                CatchVoid(
                    rule_id=ruling.rule_ids[0],
                    seat=move.player,
                    target=move.target,
                    reason=ruling.reason,
                )
            )
        return
    penalty = w.rules.uno_penalty.caught()
    if w.uno_missed == move.target:
        w.uno_missed = None
    if move.target not in w.uncalled:
        # Settled: a late call no longer counts (the hand grows, or, under
        # uno.reminder, stays one card whose call is missing).
        w.uncalled = (*w.uncalled, move.target)
    if move.target not in w.uno_caught:
        # uno.penalty: each missed call is settled once; a second catch of
        # the same one has no effect.
        w.uno_caught = (*w.uno_caught, move.target)
    if penalty.cards:
        w.take(move.target, penalty.cards, DrawCause.CAUGHT, penalty.rule_id, by=move.player)
    elif w.log is not None:
        w.log.append(UnoReminder(rule_id=penalty.rule_id, seat=move.target, by=move.player))


def _bluff_penalty(rules: RuleSet, record: Wd4Record | None) -> int:
    """The cards the layer of ``record`` draws for a caught bluff, as the
    challenge policy decides (``challenge.*``)."""
    if record is None:
        return 0
    return rules.challenge.outcome(record.card, True, True).layer_draws


def _replay_draw(w: _Work, seat: int, cause: DrawCause) -> None:
    """``challenge.take-back``: the bluffer lays no card in place of its Wild
    Draw Four: it takes what it owes again (a stacked total) and the 4 for
    its bluff, and the turn passes."""
    record = w.wd4
    debt = record.debt if record is not None else 0
    penalty = _bluff_penalty(w.rules, record)
    w.take(seat, debt + penalty, cause, "challenge.take-back", owed=debt)
    _end_turn(w, w.seat_after(seat))


def _do_timeout(w: _Work, seat: int) -> None:
    w.close_windows(seat, is_play=False)
    timeout = w.rules.timing.timeout()
    assert timeout is not None  # guaranteed by check
    if w.phase is Phase.REPLAY:
        w.take(seat, timeout.cards, DrawCause.TIMEOUT, timeout.rule_id)
        _replay_draw(w, seat, DrawCause.TAKE_BACK_UNLAID_TIMEOUT)
        return
    owed = w.owed if w.phase is Phase.OWE else 0
    w.wd4 = None
    pending = w.pending
    if w.phase is Phase.OWE and pending is not None and pending.kind is PendingKind.DRAW_UNTIL:
        # What was owed first: drawing until the colour named turns up.
        w.take_until(seat, w.color, pending.rule_ids[0])
    w.take(seat, owed + timeout.cards, DrawCause.TIMEOUT, timeout.rule_id, owed=owed)
    _end_turn(w, w.seat_after(seat))


def _forbade(rules: RuleSet, record: Wd4Record, rule_id: str) -> ChallengeSucceeded:
    """The successful challenge of ``record``: the Wild Draw Four restriction
    in force, and the colour that was in force when the card was laid."""
    return ChallengeSucceeded(
        rule_id=rule_id,
        layer=record.player,
        card=record.card,
        forbidding=tuple(rules.wd4.rule_ids),
        color=record.previous_color,
    )


def _do_challenge(w: _Work, move: Challenge) -> None:
    policy, record = w.rules.challenge, w.wd4
    assert record is not None  # guaranteed by check
    w.close_windows(move.player, is_play=False)
    w.wd4 = None
    victim = w.current
    layer = record.player
    outcome = policy.outcome(record.card, record.broke_rule, move.player == victim)
    if record.card not in plan(w.rules).restricted:
        # A wild card the wild policy judges (challenge.also-wild): it made
        # nobody draw.
        rid = outcome.rule_id
        if outcome.succeeds:
            if w.log is not None:
                w.log.append(
                    ChallengeSucceeded(
                        rule_id=rid,
                        layer=layer,
                        card=record.card,
                        forbidding=tuple(w.rules.wild.rule_ids),
                    )
                )
            w.take(layer, outcome.layer_draws, DrawCause.BLUFF, rid)
        else:
            if w.log is not None:
                w.log.append(ChallengeFailed(rule_id=rid, layer=layer, card=record.card))
            w.take(move.player, outcome.challenger_draws, DrawCause.FAILED_CHALLENGE, rid)
        return
    rid = policy.rule_ids[0]
    # A card that made the victim draw until a colour turns up
    # (ActionEffect.draw_until "named"): what it costs is that draw.
    until = w.pending is not None and w.pending.kind is PendingKind.DRAW_UNTIL
    if outcome.succeeds:
        rid = outcome.rule_id
        if w.log is not None:
            w.log.append(_forbade(w.rules, record, rid))
        # A Wild Draw Four that answered a stacked total passed that total on
        # unlawfully: it goes back to the bluffer. What the card itself made
        # owed is not passed on (twice its draw under house.revenge).
        passed = max(w.owed - _own_draw(w, record.card), 0)
        if outcome.take_back:
            if len(w.discard) > 1:
                _take_back(w, record, passed)
                return
            if w.log is not None:
                w.log.append(WildDrawFourStays(rule_id="challenge.take-back"))
        w.pending = None
        w.phase = Phase.TURN
        if passed:
            w.take(
                layer,
                passed + outcome.layer_draws,
                DrawCause.BLUFF_PASSED_BACK,
                rid,
                owed=passed,
            )
        else:
            w.take(layer, outcome.layer_draws, DrawCause.BLUFF, rid)
        if until:
            # The bluffer draws until the colour it named turns up itself.
            w.take_until(layer, w.color, rid, DrawCause.BLUFF_UNTIL_COLOUR)
        if w.log is not None:
            w.log.append(DrawsNothing(rule_id=rid, seat=victim, color=w.color))
        return
    if w.log is not None:
        w.log.append(ChallengeFailed(rule_id=rid, layer=layer, card=record.card))
    if move.player != victim:
        w.take(move.player, outcome.challenger_draws, DrawCause.FAILED_CHALLENGE, outcome.rule_id)
        return
    if until and w.pending is not None:
        # The challenger draws the penalty, then until the colour named.
        w.take(move.player, outcome.challenger_draws, DrawCause.FAILED_CHALLENGE, rid)
        w.take_until(move.player, w.color, w.pending.rule_ids[0])
        _end_turn(w, w.seat_after(victim))
        return
    w.take(
        move.player,
        w.owed + outcome.challenger_draws,
        DrawCause.FAILED_CHALLENGE_OWED,
        rid,
        owed=w.owed,
    )
    _end_turn(w, w.seat_after(victim))


def _take_back(w: _Work, record: Wd4Record, debt: int) -> None:
    """``challenge.take-back``: the bluffer takes the card back, and must lay
    a lawful card from the hand it had instead (with ``debt``, a stacked
    total it answered, an answer the stacking rules allow, or take the
    total); it draws the 4 for the bluff after that (see :func:`_do_play`,
    :func:`_do_draw`). The card the Wild Draw Four covered is on top again
    (a reshuffle keeps it while the card may be taken back)."""
    layer = record.player
    card = w.discard[-1]
    w.discard = w.discard[:-1]
    w.hands[layer] = (*w.hands[layer], card)
    w.color = record.previous_color
    w.current = layer
    w.drawn = None
    w.pending = None
    w.phase = Phase.REPLAY
    w.wd4 = attrs.evolve(record, debt=debt)
    penalty = _bluff_penalty(w.rules, record)
    if w.log is not None:
        w.log.append(
            TookBack(rule_id="challenge.take-back", seat=layer, debt=debt, penalty=penalty)
        )
