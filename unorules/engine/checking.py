"""Checking: :func:`check` rules on a move in a state, the one legality path
for ``legal_moves``, ``apply`` and ``explain``.

:func:`~unorules.engine.generation.legal_moves` lists the moves ``check``
allows; :func:`~unorules.engine.applying.apply` refuses what ``check`` refuses
and otherwise returns the next state;
:func:`unorules.explanations.verdicts.explain` turns both into a verdict. The
engine asks the rule set's policies their questions and never reads a flag
or switches on rule names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import attrs

from unorules import reasons as rs
from unorules.cards import Card, Color, Face
from unorules.engine.plan import Plan, draw_rule, foreign, foreign_failure, plan
from unorules.errors import UnoError
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
from unorules.rules.policies import (
    ActionEffect,
    AfterDraw,
    Fit,
    Fits,
    Misplay,
    Penalty,
    Refusal,
    matches,
)
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, PendingKind, Phase, Wd4Record

__all__ = ["Ruling", "check", "draw_rule", "play_status", "rng_for"]

_MOVE_TYPES = (Play, Draw, Pass, ChooseColor, CallUno, CatchUno, Challenge, Timeout)
_ACTIVE = (Phase.TURN, Phase.DRAWN, Phase.OWE, Phase.REPLAY)


@attrs.frozen(slots=True)
class Ruling:
    """The engine's decision on one move (see :func:`check`).

    Attributes:
        allowed: whether :func:`apply` accepts the move.
        legal: whether the move keeps the rules. A bluff (a Wild Draw Four
            that breaks the restriction while the players police it by
            challenge) is allowed but not legal.
        rule_ids: the rules that decide: for a refused move or a bluff the rule
            it breaks, else the rule that permits it.
        why: why, as data: a :class:`~unorules.reasons.Reason` (seats, cards,
            counts, the reason it wraps), never a sentence. ``reason`` says it
            in one English sentence.
        void: a move a player can make that does not count (an UNO call too
            late or not due, a catch of a seat whose call is not missing):
            :func:`apply` accepts it and it changes nothing but the move
            count; :func:`legal_moves` does not list it.
        penalty: the cards the move costs its player by a rule
            (``uno.false-call``), as the policy decides; ``None`` for none.
    """

    allowed: bool
    legal: bool
    rule_ids: tuple[str, ...]
    why: rs.Reason
    void: bool = False
    penalty: Penalty | None = None

    @property
    def reason(self) -> str:
        """``why`` as one English sentence
        (:func:`unorules.explanations.sentences.render_reason`)."""
        from unorules.explanations.sentences import render_reason

        return render_reason(self.why)


def _no(why: rs.Reason, *rule_ids: str) -> Ruling:
    return Ruling(False, False, rule_ids, why)


def _ok(why: rs.Reason, *rule_ids: str) -> Ruling:
    return Ruling(True, True, rule_ids, why)


def _void(why: rs.Reason, *rule_ids: str) -> Ruling:
    return Ruling(True, True, rule_ids, why, void=True)


def rng_for(state_seed: int, round_number: int, shuffles: int) -> random.Random:
    """The random generator of one shuffle: a function of the game's seed, the
    round and the number of shuffles so far, so games replay exactly."""
    return random.Random(f"{state_seed}:{round_number}:{shuffles}")


# --- the single legality path ---------------------------------------------------------


def play_status(
    rules: RuleSet, hand: Sequence[Card], card: Card, top: Card, color: Color | None
) -> Ruling:
    """Whether ``card`` may be laid from ``hand`` (which holds it) on ``top``
    with ``color`` in force in a normal turn: matching (``play.match``), the
    wild policy (``wild.*``) and the Wild Draw Four restriction (``wd4.*``).
    A bluff that the players police by challenge is allowed but not legal,
    and so is a misplay: a coloured card that does not fit, which the match
    policy judges with a cost instead of refusing it (``Misplay``)."""
    if card.color is None and card in plan(rules).restricted:
        policed = not rules.strict and rules.challenge.challengeable(card) is not None
        rest = list(hand)
        rest.remove(card)
        if rules.wd4.breaks(rest, top, color):
            ids = rules.wd4.rule_ids
            forbidden = rs.WildDrawFourForbidden(
                _forbidding(rules, rest, top, color), top, color, card=card
            )
            if not policed:
                return _no(forbidden, *ids)
            return Ruling(True, False, ids, attrs.evolve(forbidden, policed=True))
        restricted = rules.wd4.restricts(top, color)
        return _ok(rs.WildDrawFourAllowed(restricted, card=card), *rules.wd4.rule_ids)
    if card.color is None:
        if rules.wild.allows(hand, top, color):
            return _ok(rs.WildAllowed(), *rules.wild.rule_ids)
        fitting = tuple(
            c
            for c in dict.fromkeys(hand)
            if not c.is_wild and not rules.wild.allows([c], top, color)
        )
        policed = not rules.strict and rules.challenge.challengeable(card) is not None
        why = rs.WildForbidden(card, fitting, top, color, policed)
        if policed:
            return Ruling(True, False, rules.wild.rule_ids, why)
        return _no(why, *rules.wild.rule_ids)
    known = plan(rules)
    key = (card, top, color)
    ruling = known.rulings.get(key)
    if ruling is None:
        ruling = known.rulings[key] = _match_ruling(known.fit(card, top, color), card, top, color)
    return ruling


_REFUSED, _BLUFF, _LEGAL = 0, 1, 2
"""What :func:`_allowance` answers: refused; allowed but not lawful (a bluff
the players police by challenge, or a misplay the match policy lists, which
goes back into the hand at a cost); allowed and lawful."""


def _allowance(
    known: Plan,
    hand: Sequence[Card],
    card: Card,
    top: Card,
    color: Color | None,
) -> int:
    """:func:`play_status` without its reasons: ``_LEGAL`` when its ruling
    is legal, ``_BLUFF`` when it is allowed only, ``_REFUSED`` otherwise.
    ``known`` is the rule set's :class:`~unorules.engine.plan.Plan` (its
    ``policed`` holds the wild cards a challenge polices when broken). The
    same questions to the same policies (the match policy's ``fits``,
    ``wild.*``, ``wd4.*``), asked for listing moves, where no reason is
    read; the property tests hold the two to the same answers."""
    if card.color is not None:
        fitting = known._fitting.get((top, color)) or known.fitting(top, color)
        if card in fitting:
            return _LEGAL
        # A misplay the match policy lists: laid, it goes back at a cost.
        if known.lists_misplays and card in known.misplays(top, color):
            return _BLUFF
        return _REFUSED
    rules = known.rules
    if card in known.restricted:
        rest = list(hand)
        rest.remove(card)
        if not rules.wd4.breaks(rest, top, color):
            return _LEGAL
    elif rules.wild.allows(hand, top, color):
        return _LEGAL
    return _BLUFF if card in known.policed else _REFUSED


def _match_ruling(fit: Fit, card: Card, top: Card, color: Color | None) -> Ruling:
    """The ruling on laying the coloured ``card`` on ``top`` with ``color``
    in force, from the match policy's answer ``fit``: the official match's
    own reasons when it is that match that answers, else the policy's own
    clause (:class:`~unorules.reasons.PolicyFits`,
    :class:`~unorules.reasons.PolicyRefusal`)."""
    official = matches(card, top, color)
    if isinstance(fit, Misplay):
        why = rs.Misplayed(card, top, color, fit.penalty.cards, fit.reason)
        return Ruling(True, False, fit.rule_ids, why)
    if isinstance(fit, Fits):
        if official and not fit.reason and fit.rule_ids[:1] == ("play.match",):
            return _ok(rs.Matches(card, top, color), *fit.rule_ids)
        return _ok(rs.PolicyFits(card, top, fit.reason), *fit.rule_ids)
    if not fit.reason and not official:
        return _no(rs.NoMatch(card, top, color), *fit.rule_ids)
    return _no(rs.PolicyRefusal(fit.reason, fit.texts), *fit.rule_ids)


def _effect_rule(rules: RuleSet, card: Card) -> str:
    """The rule that gives a wild card its effect, naming the colour included
    (``action.wild``, ``action.wild-draw-four``, the special wild cards')."""
    effect = rules.actions.effect(card, 3)
    if effect is not None:
        return effect.rule_id
    return "action.wild-draw-four" if card in plan(rules).restricted else "action.wild"


def _pending_rules(state: GameState) -> tuple[str, ...]:
    """The rules behind what the current seat must answer."""
    pending = state.pending
    return pending.rule_ids if pending is not None else ()


_DRAW_UNTIL = PendingKind.DRAW_UNTIL


def _draw_until_pending(state: GameState) -> bool:
    """Whether the current seat owes drawing until a colour appears
    (``ActionEffect.draw_until``)."""
    pending = state.pending
    return pending is not None and pending.kind is _DRAW_UNTIL


def _skip_pending(state: GameState) -> bool:
    """Whether a skip is pending (``house.stack-skip``)."""
    pending = state.pending
    return pending is not None and pending.kind is PendingKind.SKIP


def _owed_rules(
    rules: RuleSet, discard: tuple[Card, ...], owed: int, color: Color | None
) -> tuple[str, ...]:
    """The rules behind cards owed: the stacking rule that passed a total on
    (when more is owed than the top card alone makes), then the top card's."""
    own = draw_rule(rules, discard[-1])
    effect = rules.actions.effect(discard[-1], 3)
    single = effect.draw if effect is not None else 0
    stacked = (
        rules.stacking.answers(discard[-2], discard[-1], color)
        if len(discard) > 1 and owed > single
        else None
    )
    return (stacked, own) if stacked else (own,)


def _forbidding(
    rules: RuleSet, rest: Sequence[Card], top: Card, color: Color | None
) -> tuple[Card, ...]:
    """The cards of ``rest`` that forbid a Wild Draw Four (``wd4.*``) each on
    its own; none when only several together do."""
    return tuple(c for c in dict.fromkeys(rest) if rules.wd4.breaks([c], top, color))


def _has_legal_play(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can make a play that keeps every rule (bluffs and
    plays that the going-out rules forbid do not count). This is the one
    question every rule that asks "can a card be played?" asks:
    ``house.force-play`` (:func:`_may_draw`), ``challenge.take-back`` in the
    replay, the drawn card (:func:`_fits`, ``draw.*``, ``house.play-drawn``,
    ``house.draw-until-playable``) and the UNO call being due
    (:func:`_call_due`)."""
    cards = _left_to_check(state, seat)
    if cards is None:
        return True
    return any(check(state, m).legal for m in _play_candidates(state, seat, cards))


def _left_to_check(state: GameState, seat: int) -> Sequence[Card] | None:
    """The distinct cards of ``seat`` whose plays need the full check, or
    ``None`` when a single card is sure to be a legal play.

    In a normal turn of the current seat holding more than one card, a
    coloured card whose play names no seat (unlike a 7 under
    ``house.seven-zero``) can be laid exactly when it matches
    (``play.match``), whatever the other rules."""
    hand = state.hands[seat]
    cards = tuple(dict.fromkeys(hand))
    if state.phase is not Phase.TURN or seat != state.current or len(hand) < 2:
        return cards
    known = plan(state.rules)
    # Cards whose play names a seat or hands cards over need the full check.
    named = known.seats(len(state.hands)).named
    apart = known.apart
    fits = known.fitting(state.top, state.color)
    if any(c in fits and c not in named and c not in apart for c in cards):
        return None
    return [c for c in cards if c.color is None or c in named or c in apart]


def _targeted(rules: RuleSet, players: int) -> frozenset[Card]:
    """The cards of the deck whose play names a seat (``swap_with``): the
    effect's ``target`` (a Wild Swap Hands, a 7 under ``house.seven-zero``)."""
    return plan(rules).targeted(players)


def _seat_error(
    state: GameState, seat: object, role: rs.SeatRole = rs.SeatRole.PLAYER
) -> Ruling | None:
    n = len(state.hands)
    if type(seat) is not int:
        return _no(rs.NotASeatNumber(role, seat, n), "players.range")
    if not 0 <= seat < n:
        return _no(rs.NoSuchSeat(role, seat, n), "players.range")
    return None


def check(state: GameState, move: Move) -> Ruling:
    """Rule on ``move`` in ``state`` without applying it.

    Args:
        state: the position.
        move: any move, by any seat.

    Returns:
        A :class:`Ruling`: ``allowed`` is what :func:`apply` and
        :func:`legal_moves` go by, ``legal`` what :func:`unorules.explain`
        reports.

    Raises:
        TypeError: when ``state`` is not a :class:`GameState`.
        PolicyError: when a policy of the table's own raised.
    """
    _need_state(state)
    if not isinstance(move, _MOVE_TYPES):
        return _no(rs.NotAMove(move), "play.in-turn")
    try:
        bad = _seat_error(state, _raw(move, "player")) or _form_error(state, move)
        if bad is not None:
            return bad
        return _rule(state, move)
    except UnoError:
        raise
    except Exception as error:
        if foreign(state.rules):
            raise foreign_failure(state.rules, error) from error
        raise


def _need_state(state: object) -> None:
    if not isinstance(state, GameState):
        raise TypeError(
            f"a GameState is needed (from unorules.new_round or unorules.situation), not {state!r}"
        )


def _raw(move: object, field: str) -> object:
    """A field of a caller's move as it is: its type is what is being checked
    (the engine compiled with mypyc would convert or refuse it on reading a
    typed attribute)."""
    return getattr(move, field)


def _on_the_back(rules: RuleSet, color: Color) -> bool:
    """Whether some card of the deck has ``color`` on its other side."""
    return any(
        c.back is not None and (c.back.color is color or c.color is color)
        for c in rules.deck.cards()
    )


def _form_error(state: GameState, move: Move) -> Ruling | None:
    """What is malformed in a move built by a caller (wrong types, seats)."""
    if isinstance(move, Play):
        card, color, count = _raw(move, "card"), _raw(move, "color"), _raw(move, "count")
        if not isinstance(card, Card):
            return _no(rs.NotACard(card), "play.match")
        if color is not None and not isinstance(color, Color):
            return _no(rs.NotAColor(color), "wild.any-time")
        # The colours of the side the card shows (RuleSet.colors_for).
        colors = state.rules.colors_for(card)
        if color is not None and card.is_wild and not colors:
            return _no(rs.NoColourToName(card), _effect_rule(state.rules, card))
        if color is not None and card.is_wild and color not in colors:
            return _no(
                rs.ColorNotInDeck(color, colors, _on_the_back(state.rules, color)),
                _effect_rule(state.rules, card),
                *state.rules.deck_rule_ids,
            )
        if type(count) is not int or count < 1:
            return _no(rs.BadCount(count), "play.one-card")
        for field, rid in (("more", "play.one-card"), ("give", "play.match")):
            # Further cards laid, cards handed over: a tuple of cards each.
            cards = _raw(move, field)
            if not isinstance(cards, tuple):
                return _no(rs.NotACard(cards), rid)
            for c in cards:
                if not isinstance(c, Card):
                    return _no(rs.NotACard(c), rid)
        to = _raw(move, "to")
        if to is not None:
            bad = _seat_error(state, to, rs.SeatRole.TO)
            if bad is not None:
                return bad
        swap = _raw(move, "swap_with")
        if swap is not None:
            return _seat_error(state, swap, rs.SeatRole.SWAP_WITH)
    elif isinstance(move, ChooseColor):
        color = _raw(move, "color")
        if not isinstance(color, Color):
            return _no(rs.NotAColor(color), "start.wild")
        colors = state.rules.colors_for(state.top)
        if not colors:
            return _no(rs.NoColourToChoose(), *state.rules.deck_rule_ids)
        if color not in colors:
            naming = state.pending
            turned_up = naming is not None and naming.kind is PendingKind.COLOR and state.turns
            asks = (
                naming.rule_ids[:1]
                if naming is not None and (_draw_until_pending(state) or turned_up)
                else state.rules.start_card.rule_ids
            )
            return _no(
                rs.ColorNotInDeck(color, colors, _on_the_back(state.rules, color)),
                *asks,
                *state.rules.deck_rule_ids,
            )
    elif isinstance(move, CatchUno):
        return _seat_error(state, _raw(move, "target"), rs.SeatRole.TARGET)
    return None


def _rule(state: GameState, move: Move) -> Ruling:
    """:func:`check` for a well-formed move (as :func:`legal_moves` builds)."""
    if state.phase is Phase.ROUND_OVER:
        return _no(rs.RoundOver(), "end.last-card")
    if not state.hands[move.player]:
        return _no(rs.OutOfRound(move.player), _out_rule(state, move.player))
    checker = _CHECKERS.get(type(move))
    if checker is None:  # a subclass of a move
        checker = next(f for t, f in _CHECKERS.items() if isinstance(move, t))
    return checker(state, move)


def _until_colour(state: GameState) -> Color | None:
    """The colour the seat in turn must draw until (``PendingKind.DRAW_UNTIL``
    with the colour named), else ``None``."""
    pending = state.pending
    if pending is not None and pending.kind is PendingKind.DRAW_UNTIL:
        return state.color
    return None


def _out_rule(state: GameState, seat: int) -> str:
    """The rule that put ``seat``, which holds no cards, out of the round: it
    went out (``end.play-on``), the hand limit put it out (the rule
    ``HandLimitPolicy.knocked_out`` names), or the scoring rule did (out of
    the game)."""
    if seat in state.finished:
        return "end.play-on"
    if seat in state.knocked_out:
        return next(iter(state.rules.hand_limit.rule_ids), state.rules.scoring.rule_ids[0])
    return state.rules.scoring.rule_ids[0]


def _not_your_turn(state: GameState, seat: int) -> Ruling:
    """A move by ``seat`` out of turn (``play.in-turn``), with what the seat
    whose turn it is must settle first and the rules behind it: cards owed
    (and a challenge a Wild Draw Four allows), a skip, a start colour to
    name, a card to lay in place of a Wild Draw Four taken back."""
    rules, current, pending = state.rules, state.current, state.pending
    if state.phase is Phase.REPLAY:
        return _no(
            rs.NotYourTurn(current, seat, rs.Due.REPLAY), "play.in-turn", "challenge.take-back"
        )
    if pending is None or pending.seat != current:
        return _no(rs.NotYourTurn(current, seat), "play.in-turn")
    ids = dict.fromkeys(("play.in-turn", *pending.rule_ids))
    if pending.kind is PendingKind.COLOR:
        return _no(rs.NotYourTurn(current, seat, rs.Due.COLOR), *ids)
    if pending.kind is _DRAW_UNTIL:
        due = rs.Due.NAME_AND_DRAW if state.phase is Phase.CHOOSE_COLOR else rs.Due.DRAW_UNTIL
        return _no(rs.NotYourTurn(current, seat, due), *ids)
    may_stack = rules.stacking.answerable(state.top, state.color)
    if pending.kind is PendingKind.SKIP:
        return _no(rs.NotYourTurn(current, seat, rs.Due.SKIP, may_stack=may_stack), *ids)
    record = state.wd4
    challenge = (
        rules.challenge.challengeable(record.card)
        if record is not None and state.phase is Phase.OWE
        else None
    )
    if challenge is not None:
        ids[challenge] = None
    why = rs.NotYourTurn(
        current,
        seat,
        rs.Due.DRAW,
        owed=pending.amount,
        may_stack=may_stack,
        may_challenge=challenge is not None,
    )
    return _no(why, *ids)


def _check_shape(state: GameState, move: Play) -> Ruling | None:
    """The cards a play needs: enough copies, and several only where allowed."""
    rules, seat, card, count = state.rules, move.player, move.card, move.count
    hand = state.hands[seat]
    refusal = rules.match.lay(card, count)
    if refusal is not None:
        why = rs.PolicyRefusal(refusal.reason, refusal.texts)
        if count == 1:
            # Not even one copy: no other count makes the play lawful.
            return _no(why, *refusal.rule_ids)
        known = plan(rules)
        if card.color is not None and card in known.followers(card):
            # Copies laid one after another (Play.more) instead.
            series = attrs.evolve(move, count=1, more=(card,) * (count - 1) + move.more)
            return _form(state, move, series, why, *refusal.rule_ids)
        return _form(state, move, attrs.evolve(move, count=1), why, *refusal.rule_ids)
    held = hand.count(card)
    if not held:
        lacking = rules.deck.lacks(card)
        if lacking is not None:
            deck = lacking.rule_ids
            return _no(rs.NotInDeck(seat, card, deck), *deck)
        if state.phase is Phase.REPLAY:
            return _no(rs.BlufferLacksCard(seat, card), "challenge.take-back", "play.match")
        return _no(rs.CardNotHeld(seat, card), "play.match")
    if held < count:
        return _form(
            state,
            move,
            attrs.evolve(move, count=held),
            rs.TooFewCopies(seat, card, held),
            "play.match",
        )
    return None


def _form(state: GameState, move: Play, fixed: Play, why: rs.Reason, *rule_ids: str) -> Ruling:
    """The refusal of a play that is wrong only in its form (a count, a
    colour named or missing, a swap target given or missing): ``fixed`` is
    the same play in the right form. When ``fixed`` is refused too, its
    reason decides; else the verdict says the play is lawful as ``fixed``."""
    ruling = _rule(state, fixed)
    if not ruling.allowed:
        return ruling
    if ruling.legal:
        return _no(rs.WrongForm(fixed, why), *rule_ids)
    return _no(rs.WrongForm(fixed, why, ruling.why), *rule_ids)


def _check_swap(state: GameState, move: Play, going_out: bool) -> Ruling | None:
    """A seat named to swap with (``swap_with``) exactly when the card's
    effect asks for one (a Wild Swap Hands, ``action.swap-hands``; a 7 under
    ``house.seven-zero``), and never with the last card."""
    rules, seat, card = state.rules, move.player, move.card
    n = len(state.hands)
    effect = plan(rules).effect(card, n)
    need = effect.target if effect is not None else ""
    ids = (effect.rule_id, *effect.also) if effect is not None else ()
    target = move.swap_with
    unswapped = attrs.evolve(move, swap_with=None)
    if not need or going_out:
        if target is None:
            return None
        if going_out and need:
            return _form(state, move, unswapped, rs.LastCardSwapsNothing(card), *ids)
        swappers: dict[str, None] = {}
        others: dict[Face, str] = {}
        for c in sorted(_targeted(rules, n), key=lambda c: c.code):
            other = rules.effect(c, n)
            assert other is not None
            swappers.update(dict.fromkeys((other.rule_id, *other.also)))
            if c.color is not None:  # the coloured cards that swap (a 7, a 0)
                others.setdefault(c.face, other.rule_id)
        own = effect.rule_id if effect is not None else "play.match"
        return _form(
            state,
            move,
            unswapped,
            rs.SwapsNoHands(card, tuple(others.items())),
            *swappers,
            own,
        )
    why: rs.Reason
    if target is None:
        if need == "optional":
            return None
        why = rs.SwapTargetMissing(card)
    elif target == seat:
        why = rs.SwapWithSelf()
    elif not state.hands[target]:
        why = rs.SwapTargetOut(target)
    else:
        return None
    other_seat = _any_other(state, seat)
    if other_seat is None:
        return _no(why, *ids)
    return _form(state, move, attrs.evolve(move, swap_with=other_seat), why, *ids)


def _check_series(state: GameState, move: Play) -> Ruling:
    """A play that lays further cards after its first (``Play.more``): the
    first card judged as a play of its own, each further card by the match
    policy's ``follows`` the card before it, the hand holding them all, and
    the last card by the going-out rules."""
    rules, seat, more = state.rules, move.player, move.more
    known = plan(rules)
    alone = attrs.evolve(move, more=())
    ids = rules.match.rule_ids
    moment: rs.SeriesMoment | None = None
    phase = state.phase
    if seat != state.current:
        moment = rs.SeriesMoment.JUMP_IN
    elif phase is Phase.DRAWN:
        moment = rs.SeriesMoment.DRAWN
    elif phase is Phase.OWE:
        moment = rs.SeriesMoment.OWED
    elif phase is Phase.REPLAY:
        moment = rs.SeriesMoment.TAKEN_BACK
    elif phase is Phase.CHOOSE_COLOR:
        moment = rs.SeriesMoment.START_COLOUR
    if (
        moment is None
        and move.card.color is not None
        and phase is Phase.TURN
        and isinstance(known.fit(move.card, state.top, state.color), Misplay)
    ):
        moment = rs.SeriesMoment.MISPLAY
    if moment is not None:
        first = _rule(state, alone)
        if not first.allowed:
            return first
        return _no(rs.OneCardNow(moment), *ids)
    if move.swap_with is not None or move.give or move.to is not None:
        unnamed = attrs.evolve(move, swap_with=None, give=(), to=None)
        return _form(state, move, unnamed, rs.SeriesNamesNoSeat(), *ids)
    n = len(state.hands)
    for end in (move.card, move.last):
        # A card whose effect names a seat or hands cards over is laid alone:
        # a play of several cards names none.
        effect = known.effect(end, n)
        if effect is not None and (effect.target == "required" or effect.give):
            return _no(rs.LaidAlone(end), effect.rule_id, *effect.also, *ids)
    previous = move.card
    for i, card in enumerate(more):
        answer = (
            known.follows(card, previous)
            if card.color is not None and previous.color is not None
            else None
        )
        if not isinstance(answer, Fits):
            text = answer.reason if answer is not None else ""
            texts = answer.texts if isinstance(answer, Refusal) else ()
            why = rs.CannotFollow(card, previous, text, texts)
            cited = answer.rule_ids if answer is not None else ids
            if i:
                return _form(state, move, attrs.evolve(move, more=more[:i]), why, *cited)
            return _no(why, *cited)
        previous = card
    hand = state.hands[seat]
    laid = move.cards
    for card in dict.fromkeys(laid):
        held = hand.count(card)
        if held < laid.count(card):
            if not held:
                return _no(rs.CardNotHeld(seat, card), "play.match")
            return _no(rs.TooFewCopies(seat, card, held), "play.match")
    first = _rule(state, alone)
    if not first.allowed:
        return first
    first_why = first.why
    first_ids = first.rule_ids
    if isinstance(first_why, (rs.AndSwapsHands, rs.AndHandsPassOn, rs.AndGives)):
        # Only the last card's effect counts: the first card's is not said.
        first_why = first_why.play
        own = known.effect(move.card, n)
        if own is not None:
            unsaid = {own.rule_id, *own.also}
            first_ids = tuple(r for r in first_ids if r not in unsaid)
    followed = tuple(
        dict.fromkeys(
            r
            for prev, c in zip((move.card, *more[:-1]), more, strict=True)
            for r in known.follows(c, prev).rule_ids
        )
    )
    if len(hand) == len(laid):
        forbidding = rules.going_out.may_go_out(move.last)
        if forbidding is not None:
            return _no(rs.NotALastCard(move.last), forbidding)
        missing = seat in state.uncalled or seat == state.uno_missed
        forbidding = rules.uno_call.may_go_out(missing)
        if forbidding is not None:
            return _no(_uncalled_reason(state, seat), forbidding)
    return Ruling(
        first.allowed,
        first.legal,
        tuple(dict.fromkeys((*first_ids, *followed))),
        rs.LaysSeries(first_why, more),
    )


def _check_give(state: GameState, move: Play) -> Ruling | None:
    """Cards handed to a seat (``give``, ``to``) exactly when the card's
    effect asks for them (``ActionEffect.give``): as many as it asks, or
    every card left when fewer are, from the hand besides the card laid, to
    a seat in play that is not the player's own."""
    given, to = move.give, move.to
    known = plan(state.rules)
    if not given and to is None and not known.gives:
        return None  # nothing handed over, and no card of the deck hands any over
    seat, card = move.player, move.card
    effect = known.effect(card, len(state.hands))
    need = effect.give if effect is not None else 0
    ungiven = attrs.evolve(move, give=(), to=None)
    if effect is not None and effect.named_draws and not need:
        return _check_named_draw(state, move, effect)
    if not need:
        if not given and to is None:
            return None
        cited = (effect.rule_id,) if effect is not None else ("play.match",)
        return _form(state, move, ungiven, rs.GivesNothing(card), *cited)
    assert effect is not None
    ids = (effect.rule_id, *effect.also)
    left = list(state.hands[seat])
    for c in move.cards:
        if c in left:
            left.remove(c)
    want = min(need, len(left))
    default = tuple(left[:want])
    if not want:
        if not given and to is None:
            return None
        return _form(state, move, ungiven, rs.GiveCount(card, 0, len(given)), *ids)
    why: rs.Reason | None = None
    if to is None:
        why = rs.GiveTargetMissing(card, want)
    elif to == seat:
        why = rs.GiveToSelf()
    elif not state.hands[to]:
        why = rs.GiveTargetOut(to)
    if why is not None:
        other = _any_other(state, seat)
        if other is None:
            return _no(why, *ids)
        cards = given if len(given) == want else default
        return _form(state, move, attrs.evolve(move, give=cards, to=other), why, *ids)
    if len(given) != want:
        return _form(
            state,
            move,
            attrs.evolve(move, give=default),
            rs.GiveCount(card, want, len(given)),
            *ids,
        )
    rest = list(left)
    for c in given:
        if c not in rest:
            return _no(rs.GiveNotHeld(seat, c), *ids)
        rest.remove(c)
    return None


def _check_named_draw(state: GameState, move: Play, effect: ActionEffect) -> Ruling | None:
    """A seat named to draw (``to``) exactly when the card's effect makes
    the seat it names draw (``ActionEffect.named_draws``): another seat
    still in the round, and no cards handed over."""
    seat, to = move.player, move.to
    ids = (effect.rule_id, *effect.also)
    why: rs.Reason | None = None
    if move.give:
        return _form(
            state, move, attrs.evolve(move, give=()), rs.NamedDrawHandsNothing(move.card), *ids
        )
    if to is None:
        why = rs.NamedDrawMissing(move.card, effect.named_draws)
    elif to == seat:
        why = rs.NamedDrawSelf(move.card)
    elif not state.hands[to]:
        why = rs.NamedDrawOut(to)
    if why is None:
        return None
    other = _any_other(state, seat)
    if other is None:
        return _no(why, *ids)
    return _form(state, move, attrs.evolve(move, to=other), why, *ids)


def _check_play(state: GameState, move: Play) -> Ruling:
    if move.more:
        return _check_series(state, move)
    jump = move.player != state.current
    refusal = state.rules.jump_in.jump(state.top, move.card) if jump else None
    if refusal is not None and not refusal.reason:
        return _not_your_turn(state, move.player)
    bad = _check_shape(state, move)
    if bad is not None:
        return bad
    rules, seat, card, count = state.rules, move.player, move.card, move.count
    hand = state.hands[seat]
    phase = state.phase
    top = state.top
    if jump:
        if refusal is not None:
            return _no(rs.PolicyRefusal(refusal.reason, refusal.texts), *refusal.rule_ids)
        if count != 1:
            return _form(
                state,
                move,
                attrs.evolve(move, count=1),
                rs.JumpInOneCard(top),
                *rules.jump_in.rule_ids,
            )
        if phase not in (Phase.TURN, Phase.DRAWN) and not (
            phase is Phase.OWE and rules.stacking.answers(top, card, state.color) is not None
        ):
            return _no(rs.JumpInNotNow(), *rules.jump_in.rule_ids)
    if phase is Phase.CHOOSE_COLOR:
        return _no(_colour_first(state, state.current), _start_color_rule(state))
    if card.is_wild and move.color is not None and card in plan(rules).others_name:
        return _form(
            state,
            move,
            attrs.evolve(move, color=None),
            rs.ColourNamedByNext(card),
            _effect_rule(rules, card),
        )
    if card.is_wild and move.color is None and plan(rules).colors_for(card):
        return _form(
            state,
            move,
            attrs.evolve(move, color=plan(rules).colors_for(card)[0]),
            rs.ColorMissing(card),
            _effect_rule(rules, card),
        )
    if not card.is_wild and move.color is not None:
        return _form(
            state,
            move,
            attrs.evolve(move, color=None),
            rs.ColorNotNamed(card),
            "action.wild",
        )
    # The hand empties when the cards laid and handed over are all it holds.
    going_out = len(hand) == count + len(move.give)
    fit = (
        plan(rules).fit(card, top, state.color)
        if card.color is not None and not jump and phase in (Phase.TURN, Phase.DRAWN)
        else None
    )
    if isinstance(fit, Misplay):
        # A card that does not fit goes back into the hand: it swaps nothing.
        if move.swap_with is not None:
            unswapped = attrs.evolve(move, swap_with=None)
            return _form(state, move, unswapped, rs.MisplayNamesNoSeat(card), *fit.rule_ids)
        if move.give or move.to is not None:
            ungiven = attrs.evolve(move, give=(), to=None)
            return _form(state, move, ungiven, rs.MisplayGivesNothing(card), *fit.rule_ids)
    else:
        bad = _check_swap(state, move, going_out) or _check_give(state, move)
        if bad is not None:
            return bad
    if going_out:
        forbidding = rules.going_out.may_go_out(card)
        if forbidding is not None:
            return _no(rs.NotALastCard(card), forbidding)
        missing = seat in state.uncalled or seat == state.uno_missed
        forbidding = rules.uno_call.may_go_out(missing)
        if forbidding is not None:
            return _no(_uncalled_reason(state, seat), forbidding)
    if jump:
        return _ok(rs.JumpsIn(seat, card, top), *rules.jump_in.rule_ids)
    debt = state.wd4.debt if phase is Phase.REPLAY and state.wd4 is not None else 0
    if phase is Phase.OWE or debt:
        rid = rules.stacking.answers(top, card, state.color)
        if rid is None:
            answerable = rules.stacking.answerable(top, state.color)
            cited = rules.stacking.rule_ids if answerable else (draw_rule(rules, top),)
            if debt:
                return _no(
                    rs.CannotAnswer(seat, card, top, debt, took_back=True),
                    "challenge.take-back",
                    *cited,
                )
            if _skip_pending(state):
                return _no(rs.CannotAnswerSkip(seat, card, top), *cited)
            # A stacking policy may say why not (e.g. the answer draws fewer cards).
            ask = getattr(rules.stacking, "refusal", None)
            said = ask(top, card, state.color) if ask is not None else None
            why = rs.PolicyRefusal(said.reason, said.texts) if isinstance(said, Refusal) else None
            return _no(
                rs.CannotAnswer(
                    seat,
                    card,
                    top,
                    state.owed,
                    why=why,
                    answerable=answerable,
                    until=_until_colour(state),
                ),
                *cited,
            )
        if card in plan(rules).restricted:
            status = play_status(rules, hand, card, top, state.color)
            if not status.legal:
                if debt:
                    return _no(
                        rs.TookBackMustAnswer(seat, status.why),
                        "challenge.take-back",
                        *status.rule_ids,
                    )
                return status
        if debt:
            return _ok(rs.Answers(card, top, took_back=True), "challenge.take-back", rid)
        if _skip_pending(state):
            return _ok(rs.AnswersSkip(card, top), rid)
        return _ok(rs.Answers(card, top), rid)
    if phase is Phase.DRAWN and card != state.drawn:
        choice = rules.draw_choice
        return _no(
            rs.OnlyDrawnCard(state.drawn),
            *(choice.rule_ids if choice.may_draw(True) else rules.drawing.rule_ids),
        )
    if phase is Phase.DRAWN and count != 1:
        return _form(
            state,
            move,
            attrs.evolve(move, count=1),
            rs.OnlyOneDrawnCard(),
            *rules.drawing.rule_ids,
        )
    status = play_status(rules, hand, card, top, state.color)
    if phase is Phase.REPLAY and not status.legal:
        return _no(rs.TookBackMustLay(seat), "challenge.take-back", *status.rule_ids)
    if status.allowed and move.to is not None:
        gives = plan(rules).effect(card, len(state.hands))
        assert gives is not None  # _check_give: a seat is named only for an effect's give
        if not move.give and going_out and not rules.going_out.last_card(card, gives).draw_applies:
            return status  # the last card's effect is void: nobody draws
        return attrs.evolve(
            status,
            rule_ids=tuple(dict.fromkeys((gives.rule_id, *status.rule_ids))),
            why=rs.AndGives(status.why, move.give, move.to)
            if move.give
            else rs.AndNamesToDraw(status.why, move.to, gives.named_draws),
        )
    if status.legal and not going_out and card.color is not None:
        effect = rules.effect(card, len(state.hands))
        if effect is not None and effect.special in ("swap", "pass-on"):
            then: rs.Reason = (
                rs.AndSwapsHands(status.why, move.swap_with)
                if move.swap_with is not None or effect.special == "swap"
                else rs.AndHandsPassOn(status.why)
            )
            return attrs.evolve(
                status,
                rule_ids=(effect.rule_id, *effect.also, *status.rule_ids),
                why=then,
            )
    return status


def _uncalled_reason(state: GameState, seat: int) -> rs.Reason:
    """Why ``seat``, holding one card, may not lay it under ``uno.required-to-win``."""
    counts = seat == state.uno_missed and _late_call_counts(state, seat)
    return rs.LastCardUncalled(seat, counts)


def _check_draw(state: GameState, move: Draw) -> Ruling:
    seat = move.player
    if seat != state.current:
        return _not_your_turn(state, seat)
    phase = state.phase
    rules = state.rules
    if phase is Phase.CHOOSE_COLOR:
        return _no(_colour_first(state, seat), _start_color_rule(state))
    if phase is Phase.OWE:
        rids = _pending_rules(state)
        if _skip_pending(state):
            return _no(rs.SkipNotDrawn(seat, state.top), *rids)
        if _draw_until_pending(state):
            return _ok(rs.DrawsUntilColour(seat, state.color), *rids)
        return _ok(rs.TakesOwed(seat, state.owed), *rids)
    if phase is Phase.DRAWN:
        must_play = plan(rules).drawn_fits.then is AfterDraw.MUST_PLAY
        return _no(rs.AlreadyDrew(seat, must_play), *rules.drawing.rule_ids)
    if phase is Phase.REPLAY:
        penalty = _bluff_penalty(state)
        debt = state.wd4.debt if state.wd4 is not None else 0
        if debt:
            return _ok(
                rs.TakesOwedAndPenalty(seat, debt, penalty),
                "challenge.take-back",
                *_owed_rules(state.rules, state.discard_pile, debt, state.color),
            )
        if _has_legal_play(state, seat):
            return _no(rs.MustLayLegalInstead(seat), "challenge.take-back")
        return _ok(rs.TakesBluffPenalty(seat, penalty), "challenge.take-back")
    stuck = rules.going_out.stuck(state.hands[seat])
    if stuck is not None:
        return _ok(rs.StuckDraws(seat, stuck.cards), stuck.rule_id)
    full = _hand_full(state, seat)
    if full is not None:
        held = len(state.hands[seat])
        return _no(rs.HandFull(seat, held, not _has_legal_play(state, seat)), full)
    choice = rules.draw_choice
    playable = _has_legal_play(state, seat)
    if not choice.may_draw(playable):
        return _no(rs.MustPlay(seat), *choice.rule_ids)
    if nothing_to_draw(state) and not rules.piles.may_draw_from_nothing(playable):
        return _no(rs.NothingToDraw(seat), "pile.nothing-to-draw")
    if not playable:
        return _ok(rs.NothingToPlay(seat), *rules.drawing.rule_ids)
    return _ok(
        rs.MayDrawInstead(),
        *choice.rule_ids,
        *rules.drawing.rule_ids,
    )


def _bluff_penalty(state: GameState) -> int:
    """The cards a caught bluffer who took its card back draws
    (``challenge.take-back``), as the challenge policy decides."""
    record = state.wd4
    if record is None:
        return 0
    return state.rules.challenge.outcome(record.card, True, True).layer_draws


def nothing_to_draw(state: GameState) -> bool:
    """Whether the draw pile is empty and the discard pile holds nothing to
    reshuffle (``pile.reshuffle``: the top card stays; while a Wild Draw Four
    on top may still be taken back, the card it covers stays too)."""
    if state.draw_pile:
        return False
    return len(state.discard_pile) <= reshuffle_keeps(state.rules, state.wd4)


def reshuffle_keeps(rules: RuleSet, record: Wd4Record | None) -> int:
    """How many cards a reshuffle leaves on the discard pile
    (``pile.reshuffle``): the top card, and while a Wild Draw Four on top may
    still be taken back (``challenge.take-back``), the card it covers too."""
    if record is not None and rules.challenge.outcome(record.card, True, True).take_back:
        return 2
    return 1


def _hand_full(state: GameState, seat: int) -> str | None:
    """The rule that keeps ``seat`` from drawing in its turn because of what
    it holds (``house.hand-limit``), or ``None``."""
    full = plan(state.rules).full
    return full(len(state.hands[seat])) if full is not None else None


def _may_draw(state: GameState, seat: int) -> bool:
    """Whether ``seat``, holding cards, may draw in a normal turn
    (``draw.*``, ``end.no-wd4-last``, ``pile.nothing-to-draw``,
    ``house.hand-limit``)."""
    if _hand_full(state, seat) is not None:
        return state.rules.going_out.stuck(state.hands[seat]) is not None
    choice = state.rules.draw_choice
    if nothing_to_draw(state) and state.rules.going_out.stuck(state.hands[seat]) is None:
        playable = _has_legal_play(state, seat)
        return choice.may_draw(playable) and state.rules.piles.may_draw_from_nothing(playable)
    # Asking first as if a card fits spares the search when the policy lets a
    # player draw anyway (draw.allowed-when-playable).
    if choice.may_draw(True) or state.rules.going_out.stuck(state.hands[seat]) is not None:
        return True
    return choice.may_draw(_has_legal_play(state, seat))


def _check_pass(state: GameState, move: Pass) -> Ruling:
    seat = move.player
    if seat != state.current:
        return _not_your_turn(state, seat)
    rules = state.rules
    phase = state.phase
    if phase is Phase.OWE:
        if _skip_pending(state):
            return _ok(rs.TakesSkip(seat), *_pending_rules(state))
        if _draw_until_pending(state):
            return _no(rs.PassWhileOwingUntil(seat, state.color), *_pending_rules(state))
        return _no(
            rs.PassWhileOwing(seat, state.owed),
            *_pending_rules(state),
        )
    if phase is Phase.REPLAY:
        return _no(rs.TookBackMustLay(seat, or_draw=True), "challenge.take-back")
    if phase is Phase.CHOOSE_COLOR:
        return _no(_colour_first(state, seat), _start_color_rule(state))
    if phase is Phase.TURN and state.hands[seat]:
        full = _hand_full(state, seat)
        if full is not None and rules.going_out.stuck(state.hands[seat]) is None:
            held = len(state.hands[seat])
            if _has_legal_play(state, seat):
                return _no(rs.HandFull(seat, held, False), full)
            return _ok(rs.PassesAtHandLimit(seat, held), full)
    if phase is not Phase.DRAWN:
        return _no(rs.PassNotAfterDraw(), *rules.drawing.rule_ids)
    if plan(rules).drawn_fits.then is AfterDraw.MUST_PLAY:
        return _no(rs.DrawnMustBePlayed(), *rules.drawing.rule_ids)
    return _ok(rs.DrawnCardKept(), *rules.drawing.rule_ids)


def _check_choose(state: GameState, move: ChooseColor) -> Ruling:
    if state.phase is not Phase.CHOOSE_COLOR:
        # What a wild start card of the deck does: one that has a colour
        # named makes the answer "not now", else "never, by that rule".
        start = state.rules.start_card
        outcomes = [start.outcome(c) for c in sorted(_deck_wilds(state.rules), key=str)]
        wild = next((o for o in outcomes if o.choose_color), outcomes[0] if outcomes else None)
        if wild is None:
            return _no(rs.NoStartColorToName(None), *start.rule_ids)
        never_by = None if wild.choose_color else wild.rule_id
        return _no(rs.NoStartColorToName(never_by), wild.rule_id)
    rid = _start_color_rule(state)
    if _draw_until_pending(state):
        if move.player != state.current:
            return _no(rs.NotYourTurn(state.current, move.player, rs.Due.NAME_AND_DRAW), rid)
        return _ok(rs.NamesColourToDrawUntil(move.player), rid)
    if move.player != state.current:
        return _no(rs.NotNamer(state.current, _turned_up(state)), rid)
    return _ok(rs.NamesStartColor(), rid)


def _deck_wilds(rules: RuleSet) -> frozenset[Card]:
    """The wild cards of the rule set's deck, whichever side is up."""
    dealt = rules.deck.cards()
    return frozenset(c for c in (*dealt, *(d.turned() for d in dealt)) if c.color is None)


def _start_color_rule(state: GameState) -> str:
    """The rule that asks for the colour now: the pending one's (the card's
    whose next seat names it, ``ActionEffect.draw_until``; a wild start
    card's; a card's that turned a wild card up, ``ActionEffect.flip``),
    else the start card's."""
    pending = state.pending
    if pending is not None and pending.kind in (_DRAW_UNTIL, PendingKind.COLOR):
        return pending.rule_ids[0]
    return state.rules.start_card.outcome(state.top).rule_id


def _colour_first(state: GameState, seat: int) -> rs.Reason:
    """Why seat ``seat`` must name a colour before anything else: for the
    wild start card, or to draw until a card of it appears."""
    return rs.StartColorFirst(
        seat, then_draws=_draw_until_pending(state), turned_up=_turned_up(state)
    )


def _turned_up(state: GameState) -> bool:
    """Whether the colour asked for is a wild card's that a move turned up
    (``ActionEffect.flip``), not the start card's."""
    pending = state.pending
    return pending is not None and pending.kind is PendingKind.COLOR and state.turns > 0


def _call_due(state: GameState, seat: int) -> bool:
    """Whether seat ``seat`` is about to lay the card(s) that leave it one:
    on its turn, or before a jump-in (``house.jump-in``). Only a lawful play
    counts (as for :func:`_has_legal_play`), not a bluff; under
    ``uno.call-at-two`` holding two cards on one's turn is enough."""
    hand = state.hands[seat]
    rules = state.rules
    if state.phase not in _ACTIVE or len(hand) < 2 or state.uno_called == seat:
        return False
    if state.phase is Phase.REPLAY:  # the bluffer draws 4 after its card
        return False
    own_turn = seat == state.current
    if not own_turn and not plan(rules).jumpers(state.top):
        return False
    return rules.uno_call.due(len(hand), own_turn, lambda: _lays_to_one(state, seat))


def _lays_to_one(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can lawfully lay the card(s) that leave it one."""
    hand = state.hands[seat]
    rules = state.rules
    count = len(hand) - 1
    targeted = _targeted(rules, len(state.hands))
    cards = _left_to_check(state, seat) if count == 1 else tuple(dict.fromkeys(hand))
    if cards is None:
        return True
    giving = plan(rules).seats(len(state.hands)).giving if plan(rules).gives else frozenset()
    if giving and any(c in giving for c in hand):
        for c in dict.fromkeys(hand):
            if c in giving and any(
                len(hand) - len(p.cards) - len(p.give) == 1 and _rule(state, p).legal
                for p in _play_candidates(state, seat, (c,))
                if isinstance(p, Play)
            ):
                return True
    if count > 1:
        # A card whose own rule takes more cards from the hand (e.g. every
        # card of its colour, ActionEffect.own): what it leaves is seen by
        # laying it.
        known, n = plan(rules), len(state.hands)
        for c in dict.fromkeys(hand) if known.takes_more else ():
            rule = known.effect(c, n)
            if rule is None or rule.own is None:
                continue
            for p in _plays(seat, c, known.colors_for(c)):
                if not _rule(state, p).legal:
                    continue
                # The card laid, then its own rule run on the hand left.
                rest = list(hand)
                rest.remove(c)
                hands = (*state.hands[:seat], tuple(rest), *state.hands[seat + 1 :])
                laid = attrs.evolve(state, hands=hands, discard_pile=(*state.discard_pile, c))
                try:
                    left = len(rule.own(laid, p).hands[seat])
                except Exception:  # applying tells a failing rule
                    continue
                if left == 1:
                    return True
    if count > 1 and plan(rules).series:
        for c in dict.fromkeys(hand):
            if any(
                len(p.more) == count - 1 and _rule(state, p).legal
                for p in series_plays(state, seat, c)
            ):
                return True
    for c in cards:
        if count > 1 and rules.match.at_once(c, count) < count:
            continue
        named = plan(rules).colors_for(c)
        color = named[0] if named else None
        play = _plays(seat, c, named)[0] if count == 1 else Play(seat, c, color, count=count)
        if _rule(state, play).legal:
            return True
        if c in targeted:
            other = _any_other(state, seat)
            if other is not None and _rule(state, Play(seat, c, color, other, count)).legal:
                return True
    return False


def _any_other(state: GameState, seat: int) -> int | None:
    n = len(state.hands)
    for k in range(1, n):
        other = (seat + k) % n
        if state.hands[other]:
            return other
    return None


def _late_call_counts(state: GameState, seat: int) -> bool:
    """Whether a call by ``seat``, which laid its second-to-last card without
    calling, still counts: under ``uno.call`` until another seat plays or
    draws (``uncalled`` then lists it), never under ``uno.call-strict`` or
    ``uno.call-at-two``."""
    return state.rules.uno_call.late(seat in state.uncalled)


def _check_call(state: GameState, move: CallUno) -> Ruling:
    seat, rules = move.player, state.rules
    call_ids = rules.uno_call.rule_ids
    hand = state.hands[seat]
    if seat == state.uno_missed:
        if _late_call_counts(state, seat):
            at_one = bool(getattr(rules.uno_call, "at_one", False))
            return _ok(rs.LateCallCounts(seat, at_one), *call_ids)
        return _void(
            rs.CallTooLate(seat, rules.uno_call.late(False)),
            *call_ids,
            *rules.uno_window.rule_ids,
        )
    if _call_due(state, seat):
        return _ok(rs.CallDue(seat), *call_ids)
    if state.uno_called == seat:
        return _void(rs.AlreadyCalled(seat), *call_ids)
    if not plan(rules).calls_owed:
        return _void(rs.NoCallsAtAll(seat), *call_ids)
    if getattr(rules.uno_call, "at_one", False) and len(hand) > 1 and state.phase in _ACTIVE:
        return _void(rs.CallOnlyAtOne(seat, len(hand)), *call_ids)
    false_call = plan(rules).false_call
    if false_call is not None and len(hand) != 1 and state.phase in _ACTIVE:
        why = rs.FalseCall(seat, false_call.cards)
        return Ruling(True, True, (false_call.rule_id,), why, penalty=false_call)
    if len(hand) == 1 and seat in state.uncalled:
        stuck = rules.uno_call.may_go_out(True) is not None
        if seat in state.uno_caught:
            # uno.penalty: whichever comes first, the call or the catch, settles it.
            return _void(rs.CallAfterCatch(seat, stuck), *call_ids, *rules.uno_penalty.rule_ids[:1])
        return _void(rs.CallWindowClosed(seat, stuck), *call_ids)
    if len(hand) == 1:
        return _void(rs.NoCallOwed(seat), *call_ids)
    return _void(rs.NoCallDue(seat), *call_ids)


def _check_catch(state: GameState, move: CatchUno) -> Ruling:
    seat, target, rules = move.player, move.target, state.rules
    if target == seat:
        return _no(rs.CatchSelf(seat), *rules.uno_penalty.rule_ids[:1])
    if target == state.uno_missed:
        return _ok(
            rs.Caught(target),
            *rules.uno_penalty.rule_ids[:1],
            *rules.uno_window.rule_ids,
        )
    hand = state.hands[target]
    if not hand:
        rid = _out_rule(state, target)
        return _no(rs.OutOfRound(target), rid)
    if target == state.uno_called:
        return _void(rs.CatchCalledInTime(target), *rules.uno_call.rule_ids)
    if not plan(rules).calls_owed:
        return _void(rs.NoCallsAtAll(target, catch=True), *rules.uno_call.rule_ids)
    if len(hand) == 1 and target in state.uno_caught:
        # uno.penalty: each missed call is settled once (uno.reminder: one reminder).
        reminded = rules.uno_penalty.caught().cards == 0
        return _void(rs.CatchAlreadySettled(target, reminded), *rules.uno_penalty.rule_ids[:1])
    if len(hand) == 1 and target in state.uncalled:
        if plan(rules).catch_any_time:
            # uno.catch-any-time: the missing call may be pointed out while
            # its one card is held.
            return _ok(
                rs.Caught(target), *rules.uno_penalty.rule_ids[:1], *rules.uno_window.rule_ids
            )
        play_only = not rules.uno_window.closes(False)
        return _void(rs.CatchTooLate(target, play_only), *rules.uno_window.rule_ids)
    if len(hand) == 1:
        return _void(rs.CatchNoCallOwed(target), *rules.uno_call.rule_ids)
    return _void(rs.CatchNotAtOne(target, len(hand)), *rules.uno_penalty.rule_ids[:1])


def _check_challenge(state: GameState, move: Challenge) -> Ruling:
    seat, policy = move.player, state.rules.challenge
    known = plan(state.rules)
    if not known.challengeable:
        return _no(rs.NoChallenges(), *policy.rule_ids)
    record = state.wd4
    # A wild card the wild policy judges, not the Wild Draw Four restriction
    # (challenge.also-wild): challenged in the next turn, not on the debt.
    wild = record is not None and record.card not in known.restricted
    if record is None or not (state.phase is Phase.OWE or (wild and state.phase is Phase.TURN)):
        return _no(
            rs.NothingToChallenge(tuple(sorted(known.restricted, key=str))), *policy.rule_ids
        )
    refusal = policy.may_challenge(record.card, seat, state.current, record.player)
    if refusal is not None:
        return _no(rs.PolicyRefusal(refusal.reason, refusal.texts), *refusal.rule_ids)
    rid = policy.challengeable(record.card)
    ids = (rid,) if wild and rid is not None else policy.rule_ids
    return _ok(rs.MayChallenge(seat, record.card), *ids)


def _check_timeout(state: GameState, move: Timeout) -> Ruling:
    timing = state.rules.timing
    if timing.timeout() is None:
        return _no(rs.NoTimeLimit(), "house.timed-turns")
    if move.player == state.current and state.phase is Phase.CHOOSE_COLOR:
        # No turn runs yet: the seat must first name a colour.
        return _no(_colour_first(state, move.player), _start_color_rule(state))
    if move.player != state.current or state.phase not in _ACTIVE:
        return _no(rs.NotTimedSeat(state.current), *timing.rule_ids)
    return _ok(rs.RanOutOfTime(move.player), *timing.rule_ids)


_CHECKERS: dict[type, Callable[[GameState, Any], Ruling]] = {
    Play: _check_play,
    Draw: _check_draw,
    Pass: _check_pass,
    ChooseColor: _check_choose,
    CallUno: _check_call,
    CatchUno: _check_catch,
    Challenge: _check_challenge,
    Timeout: _check_timeout,
}


# --- candidate moves (shared move objects) ------------------------------------------


def series_plays(state: GameState, seat: int, card: Card) -> list[Play]:
    """The plays of ``seat`` that lay ``card`` and then further cards of its
    hand (``Play.more``), each allowed by the match policy's ``follows``
    after the one before it: one play per set of cards laid and last card
    (which sets the colour), the cards between in the order first found.
    Other orders of the cards between are checked and applied alike; only
    these are listed. Copies of ``card`` alone are a play of copies
    (``count``) where the match policy lets them be laid together, and are
    not listed again here. Whether each play is lawful is :func:`check`'s."""
    known = plan(state.rules)
    if card.color is None or not known.series:
        return []
    hand = state.hands[seat]
    if card not in hand:
        return []
    start = hand.index(card)
    out: list[Play] = []
    seen: set[tuple[tuple[str, ...], Card]] = set()
    stack: list[tuple[tuple[int, ...], frozenset[int]]] = [((start,), frozenset((start,)))]
    while stack:
        path, used = stack.pop()
        followers = known.followers(hand[path[-1]])
        for j, c in enumerate(hand):
            if j in used or c not in followers:
                continue
            now = used | {j}
            key = (tuple(sorted(hand[k].code for k in now)), c)
            if key in seen:
                continue
            seen.add(key)
            went = (*path, j)
            more = tuple(hand[k] for k in went[1:])
            stack.append((went, now))
            if all(c == card for c in more) and state.rules.match.at_once(
                card, len(more) + 1
            ) > len(more):
                continue  # copies: listed as a play of copies (count)
            out.append(_series_play(seat, card, more))
    return out


def _give_plays(
    state: GameState,
    seat: int,
    card: Card,
    color: Color | None,
    count: int,
    others: Sequence[int | None],
    swap: int | None = None,
) -> list[Play]:
    """The plays of ``count`` copies of ``card`` that hand cards to a seat
    (``ActionEffect.give``): one per seat in play and set of cards, in the
    order of the hand; naming ``swap`` to swap hands with too."""
    effect = plan(state.rules).effect(card, len(state.hands))
    if effect is not None and effect.named_draws and not effect.give:
        return [_give_play(seat, card, color, count, (), t, swap) for t in others if t is not None]
    if effect is None or not effect.give:
        return []
    left = list(state.hands[seat])
    for _ in range(count):
        if card in left:
            left.remove(card)
    want = min(effect.give, len(left))
    if not want:
        return []
    sets = list(dict.fromkeys(combinations(left, want)))
    return [
        _give_play(seat, card, color, count, given, t, swap)
        for t in others
        if t is not None
        for given in sets
    ]


_GIVES: dict[tuple[int, Card, Color | None, int, tuple[Card, ...], int, int | None], Play] = {}


def _give_play(
    seat: int,
    card: Card,
    color: Color | None,
    count: int,
    given: tuple[Card, ...],
    to: int,
    swap: int | None = None,
) -> Play:
    """The shared ``Play`` object of a play that hands ``given`` to ``to``
    (and swaps hands with ``swap``)."""
    key = (seat, card, color, count, given, to, swap)
    got = _GIVES.get(key)
    if got is None:
        got = _GIVES[key] = Play(int(seat), card, color, swap, count, give=given, to=int(to))
    return got


_SERIES: dict[tuple[int, Card, tuple[Card, ...]], Play] = {}


def _series_play(seat: int, card: Card, more: tuple[Card, ...]) -> Play:
    """The shared ``Play`` object of a play of several different cards, so
    that :func:`legal_moves` and :func:`turn_moves` list the very same
    objects."""
    key = (seat, card, more)
    got = _SERIES.get(key)
    if got is None:
        got = _SERIES[key] = Play(int(seat), card, more=more)
    return got


def _play_candidates(
    state: GameState, seat: int, cards: Sequence[Card], series: bool = True
) -> list[Move]:
    """The plays of ``cards`` by ``seat`` to check: each count, colour, seat
    named and cards handed over; with ``series``, then the plays of several
    different cards that begin with one of them (:func:`series_plays`)."""
    rules = state.rules
    hand = state.hands[seat]
    n = len(state.hands)
    others: list[int | None] = [t for t in range(n) if t != seat and state.hands[t]]
    targeted = _targeted(rules, n)
    giving = plan(rules).seats(n).giving if plan(rules).gives else frozenset()
    out: list[Move] = []
    for card in dict.fromkeys(cards):
        colors: Sequence[Color | None] = plan(rules).colors_for(card) or (None,)
        counts = range(1, rules.match.at_once(card, hand.count(card)) + 1)
        swaps: list[int | None] = [*others, None] if card in targeted else [None]
        for count in counts:
            for color in colors:
                out.extend(_play(seat, card, color, t, count) for t in swaps)
                if card in giving:
                    for t in swaps:
                        out += _give_plays(state, seat, card, color, count, others, t)
    if series and plan(rules).series:
        # Plays of several different cards after all the others, as
        # legal_moves lists them.
        for card in dict.fromkeys(cards):
            out += series_plays(state, seat, card)
    return out


# Shared move objects: moves are frozen, so one object per distinct move
# saves building them for every position.
_PLAYS: dict[tuple[int, Card, tuple[Color, ...]], tuple[Play, ...]] = {}
_SEAT_MOVES: dict[int, tuple[Draw, Pass, CallUno, Challenge]] = {}


def _plays(seat: int, card: Card, colors: tuple[Color, ...]) -> tuple[Play, ...]:
    """The plays of one ``card`` by ``seat`` (one copy, no swap): one per
    colour of ``colors`` (the deck's, :attr:`Plan.colors`) for a wild card."""
    key = (seat, card, colors)
    got = _PLAYS.get(key)
    if got is None:
        got = _PLAYS[key] = (
            tuple(Play(int(seat), card, c) for c in colors)
            if card.color is None and colors
            else (Play(int(seat), card),)
        )
    return got


_MORE_PLAYS: dict[tuple[int, Card, Color | None, int | None, int], Play] = {}


def _play(seat: int, card: Card, color: Color | None, swap: int | None, count: int) -> Play:
    """The shared ``Play`` object of a play that names a seat or lays
    several copies (the plain ones are :func:`_plays`'), so that
    :func:`legal_moves` and :func:`turn_moves` list the very same objects."""
    key = (seat, card, color, swap, count)
    got = _MORE_PLAYS.get(key)
    if got is None:
        got = _MORE_PLAYS[key] = Play(int(seat), card, color, swap, count)
    return got


def _seat_plays(known: Plan, seat: int) -> dict[Card, tuple[Play, ...]]:
    """:func:`_plays` of ``seat`` for every card of the rule set
    (:attr:`Plan.cards`), as one table kept on its plan."""
    got = known._seat_plays.get(seat)
    if got is None:
        got = known._seat_plays[seat] = {
            c: _plays(seat, c, known.colors_for(c)) for c in known.cards
        }
    return got


def _seat_moves(seat: int) -> tuple[Draw, Pass, CallUno, Challenge]:
    got = _SEAT_MOVES.get(seat)
    if got is None:
        s = int(seat)
        got = _SEAT_MOVES[seat] = (Draw(s), Pass(s), CallUno(s), Challenge(s))
    return got
