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

import numbers
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from unorules.cards import ALL_CARDS, COLORS, Card, Color, Face
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
from unorules.rules.policies import AfterDraw, Penalty, matches
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, PendingKind, Phase

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
        reason: one sentence saying why.
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
    reason: str
    void: bool = False
    penalty: Penalty | None = None


def _no(reason: str, *rule_ids: str) -> Ruling:
    return Ruling(False, False, rule_ids, reason)


def _ok(reason: str, *rule_ids: str) -> Ruling:
    return Ruling(True, True, rule_ids, reason)


def _void(reason: str, *rule_ids: str) -> Ruling:
    return Ruling(True, True, rule_ids, reason, void=True)


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
    A bluff that the players police by challenge is allowed but not legal."""
    policed = not rules.strict and rules.challenge.challengeable(card) is not None
    if card.face is Face.WILD_DRAW_FOUR:
        rest = list(hand)
        rest.remove(card)
        if rules.wd4.breaks(rest, top, color):
            ids = rules.wd4.rule_ids
            held = _forbidding(rules, rest, top, color)
            if not policed:
                return _no(f"a Wild Draw Four may not be laid while holding {held}", *ids)
            return Ruling(
                True,
                False,
                ids,
                f"a Wild Draw Four may not be laid while holding {held}; "
                "it stands unless the next player challenges",
            )
        kept = (
            "the restriction is kept"
            if rules.wd4.restricts(top, color)
            else "it may be laid at any time"
        )
        return _ok(f"a Wild Draw Four may be laid: {kept}", *rules.wd4.rule_ids)
    if card.color is None:
        if rules.wild.allows(hand, top, color):
            return _ok("a wild card may be laid here", *rules.wild.rule_ids)
        fitting = [
            c
            for c in dict.fromkeys(hand)
            if not c.is_wild and not rules.wild.allows([c], top, color)
        ]
        held = (
            _listed([_why_it_counts(c, top, color) for c in fitting])
            if fitting
            else "a card that fits"
        )
        why = f"{card.code} may not be laid here while holding {held}"
        if policed:
            return Ruling(
                True,
                False,
                rules.wild.rule_ids,
                f"{why}; it stands unless the next player challenges",
            )
        return _no(why, *rules.wild.rule_ids)
    key = (card, top, color)
    ruling = _MATCH_RULINGS.get(key)
    if ruling is None:
        ruling = _MATCH_RULINGS[key] = _match_ruling(card, top, color)
    return ruling


_MATCH_RULINGS: dict[tuple[Card, Card, Color | None], Ruling] = {}
"""``play.match`` rulings of coloured cards, which depend on nothing else (a
few thousand at most)."""


def _match_ruling(card: Card, top: Card, color: Color | None) -> Ruling:
    if matches(card, top, color):
        what = "colour" if card.color is color else ("number" if card.face.is_number else "symbol")
        return _ok(f"{card.code} matches the {what} in force", "play.match")
    shown = f"{top.code} with {color.value} in force" if top.is_wild and color else top.code
    return _no(
        f"{card.code} matches neither the colour nor the number or symbol of {shown}", "play.match"
    )


def draw_rule(rules: RuleSet, card: Card) -> str:
    """The rule that makes the next player draw after ``card``: the action
    policy's rule for the card (``action.draw-two``, ``action.wild-draw-four``).
    The ``wd4.*`` rules say only when a Wild Draw Four may be laid, never what
    it does."""
    effect = rules.actions.effect(card, 3)
    if effect is not None and effect.draw:
        return effect.rule_id
    return "action.wild-draw-four" if card.face is Face.WILD_DRAW_FOUR else "action.draw-two"


def _effect_rule(rules: RuleSet, card: Card) -> str:
    """The rule that gives a wild card its effect, naming the colour included
    (``action.wild``, ``action.wild-draw-four``, the special wild cards')."""
    effect = rules.actions.effect(card, 3)
    if effect is not None:
        return effect.rule_id
    return "action.wild-draw-four" if card.face is Face.WILD_DRAW_FOUR else "action.wild"


def _pending_rules(state: GameState) -> tuple[str, ...]:
    """The rules behind what the current seat must answer."""
    pending = state.pending
    return pending.rule_ids if pending is not None else ()


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


def _forbidding(rules: RuleSet, rest: Sequence[Card], top: Card, color: Color | None) -> str:
    """The cards of ``rest`` that forbid a Wild Draw Four (``wd4.*``), each
    with what makes it count."""
    culprits = [c for c in dict.fromkeys(rest) if rules.wd4.breaks([c], top, color)]
    if culprits:
        return _listed([_why_it_counts(c, top, color) for c in culprits])
    return f"a card the restriction forbids ({color.value if color else '?'} in force)"


def _why_it_counts(card: Card, top: Card, color: Color | None) -> str:
    """``card`` and the attribute by which it fits ``top`` with ``color`` in
    force (``play.match``): the colour, or the number or symbol."""
    if card.color is not None and card.color is color:
        return f"{card.code} ({color.value}, the colour in force)"
    if top.color is not None and card.face is top.face:
        kind = "number" if card.face.is_number else "symbol"
        return f"{card.code} (the same {kind} as {top.code})"
    return card.code


def _listed(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


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
    targeted = _targeted(state.rules, len(state.hands))
    fits = _matching(state.top, state.color)
    if any(c in fits and c not in targeted for c in cards):
        return None
    return [c for c in cards if c.color is None or c in targeted]


def _targeted(rules: RuleSet, players: int) -> frozenset[Card]:
    """The cards of the deck whose play names a seat (``swap_with``): the
    effect's ``target`` (a Wild Swap Hands, a 7 under ``house.seven-zero``)."""
    return rules.derived(("targeted", players), lambda r: _find_targeted(r, players))


def _find_targeted(rules: RuleSet, players: int) -> frozenset[Card]:
    found = set()
    for card in set(rules.deck.cards()):
        effect = rules.effect(card, players)
        if effect is not None and effect.target:
            found.add(card)
    return frozenset(found)


def _seat_error(state: GameState, seat: object, what: str = "seat") -> Ruling | None:
    n = len(state.hands)
    if type(seat) is not int:
        convert = " (convert it with int())" if isinstance(seat, numbers.Integral) else ""
        return _no(
            f"{what} {seat!r} is not a seat number: seats are Python ints 0..{n - 1}{convert}",
            "players.range",
        )
    if not 0 <= seat < n:
        return _no(
            f"{what} {seat!r} does not exist: this round has {n} seats (0..{n - 1})",
            "players.range",
        )
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
    """
    _need_state(state)
    if not isinstance(move, _MOVE_TYPES):
        return _no(
            f"{move!r} is not a move (expected Play, Draw, Pass, ChooseColor, CallUno, "
            "CatchUno, Challenge or Timeout)",
            "play.in-turn",
        )
    bad = _seat_error(state, _raw(move, "player")) or _form_error(state, move)
    if bad is not None:
        return bad
    return _rule(state, move)


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


def _form_error(state: GameState, move: Move) -> Ruling | None:
    """What is malformed in a move built by a caller (wrong types, seats)."""
    if isinstance(move, Play):
        card, color, count = _raw(move, "card"), _raw(move, "color"), _raw(move, "count")
        if not isinstance(card, Card):
            return _no(f"{card!r} is not a card (use Card.parse('R7'))", "play.match")
        if color is not None and not isinstance(color, Color):
            return _no(f"{color!r} is not a colour (use Color.RED ...)", "wild.any-time")
        if type(count) is not int or count < 1:
            return _no(
                f"count must be a whole number of at least 1, not {count!r}", "play.one-card"
            )
        swap = _raw(move, "swap_with")
        if swap is not None:
            return _seat_error(state, swap, "swap target seat")
    elif isinstance(move, ChooseColor):
        color = _raw(move, "color")
        if not isinstance(color, Color):
            return _no(f"{color!r} is not a colour (use Color.RED ...)", "start.wild")
    elif isinstance(move, CatchUno):
        return _seat_error(state, _raw(move, "target"), "target seat")
    return None


def _rule(state: GameState, move: Move) -> Ruling:
    """:func:`check` for a well-formed move (as :func:`legal_moves` builds)."""
    if state.phase is Phase.ROUND_OVER:
        return _no("the round is over", "end.last-card")
    if not state.hands[move.player]:
        rid = "end.play-on" if move.player in state.finished else state.rules.scoring.rule_ids[0]
        return _no(f"seat {move.player} holds no cards: it is out of the round", rid)
    checker = _CHECKERS.get(type(move))
    if checker is None:  # a subclass of a move
        checker = next(f for t, f in _CHECKERS.items() if isinstance(move, t))
    return checker(state, move)


def _not_your_turn(state: GameState, seat: int) -> Ruling:
    return _no(f"it is seat {state.current}'s turn, not seat {seat}'s", "play.in-turn")


def _check_shape(state: GameState, move: Play) -> Ruling | None:
    """The cards a play needs: enough copies, and several only where allowed."""
    rules, seat, card, count = state.rules, move.player, move.card, move.count
    hand = state.hands[seat]
    refusal = rules.match.lay(card, count)
    if refusal is not None:
        return _form(state, move, attrs.evolve(move, count=1), refusal.reason, *refusal.rule_ids)
    held = hand.count(card)
    if not held:
        lacking = rules.deck.lacks(card)
        if lacking is not None:
            deck = lacking.rule_ids
            return _no(
                f"the deck ({', '.join(deck)}) has no {card.code}: seat {seat} cannot hold one",
                *deck,
            )
        if state.phase is Phase.REPLAY:
            return _no(
                f"seat {seat} holds no {card.code}: a caught bluffer lays a card from the "
                "hand it had, and draws the 4 only after",
                "challenge.take-back",
                "setup.deal",
            )
        return _no(f"seat {seat} holds no {card.code}", "setup.deal")
    if held < count:
        return _form(
            state,
            move,
            attrs.evolve(move, count=held),
            f"seat {seat} holds only {held} {card.code}",
            "setup.deal",
        )
    return None


def _form(state: GameState, move: Play, fixed: Play, why: str, *rule_ids: str) -> Ruling:
    """The refusal of a play that is wrong only in its form (a count, a
    colour named or missing, a swap target given or missing): ``fixed`` is
    the same play in the right form. When ``fixed`` is refused too, its
    reason decides; else the verdict says the play is lawful as ``fixed``."""
    ruling = _rule(state, fixed)
    if not ruling.allowed:
        return ruling
    if ruling.legal:
        return _no(f"the play itself is legal in the form `{fixed}`: {why}", *rule_ids)
    return _no(
        f"the play itself is allowed in the form `{fixed}`, as a bluff ({ruling.reason}): {why}",
        *rule_ids,
    )


def _check_swap(state: GameState, move: Play, going_out: bool) -> Ruling | None:
    """A seat named to swap with (``swap_with``) exactly when the card's
    effect asks for one (a Wild Swap Hands, ``action.swap-hands``; a 7 under
    ``house.seven-zero``), and never with the last card."""
    rules, seat, card = state.rules, move.player, move.card
    n = len(state.hands)
    effect = rules.effect(card, n)
    need = effect.target if effect is not None else ""
    ids = (effect.rule_id, *effect.also) if effect is not None else ()
    target = move.swap_with
    unswapped = attrs.evolve(move, swap_with=None)
    if not need or going_out:
        if target is None:
            return None
        if going_out and need:
            what = (
                "a Wild Swap Hands" if card.face is Face.WILD_SWAP_HANDS else f"a {card.face.value}"
            )
            return _form(
                state, move, unswapped, f"{what} laid as the last card swaps no hands", *ids
            )
        swappers: dict[str, None] = {}
        others = ""
        for c in sorted(_targeted(rules, n), key=lambda c: c.code):
            other = rules.effect(c, n)
            assert other is not None
            swappers.update(dict.fromkeys((other.rule_id, *other.also)))
            if c.face is not Face.WILD_SWAP_HANDS and f"a {c.face.value} " not in others:
                others += f" or a {c.face.value} under {other.rule_id}"
        own = effect.rule_id if effect is not None else "play.match"
        return _form(
            state,
            move,
            unswapped,
            f"{card.code} swaps no hands: only a Wild Swap Hands{others} swaps",
            *swappers,
            own,
        )
    if target is None:
        if need == "optional":
            return None
        why = f"laying {card.code} the player must name a seat to swap hands with"
    elif target == seat:
        why = "a player cannot swap hands with themselves"
    elif not state.hands[target]:
        why = f"seat {target} is not in play (no cards) and cannot be swapped with"
    else:
        return None
    other_seat = _any_other(state, seat)
    if other_seat is None:
        return _no(why, *ids)
    return _form(state, move, attrs.evolve(move, swap_with=other_seat), why, *ids)


def _check_play(state: GameState, move: Play) -> Ruling:
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
            return _no(refusal.reason, *refusal.rule_ids)
        if count != 1:
            return _form(
                state,
                move,
                attrs.evolve(move, count=1),
                f"out of turn only one card identical to the top card ({top.code}) may jump in",
                *rules.jump_in.rule_ids,
            )
        if phase not in (Phase.TURN, Phase.DRAWN) and not (
            phase is Phase.OWE and rules.stacking.answers(top, card, state.color) is not None
        ):
            return _no(
                "no jump-in now: the player whose turn it is must act first",
                *rules.jump_in.rule_ids,
            )
    if phase is Phase.CHOOSE_COLOR:
        return _no(
            f"seat {state.current} must first name the colour of the Wild start card",
            _start_color_rule(state),
        )
    if card.is_wild and move.color is None:
        return _form(
            state,
            move,
            attrs.evolve(move, color=COLORS[0]),
            f"a colour must be named with {card.code} (any of the four)",
            _effect_rule(rules, card),
        )
    if not card.is_wild and move.color is not None:
        return _form(
            state,
            move,
            attrs.evolve(move, color=None),
            f"{card.code} is not a wild card: no colour is named with it",
            "action.wild",
        )
    going_out = len(hand) == count
    bad = _check_swap(state, move, going_out)
    if bad is not None:
        return bad
    if going_out:
        forbidding = rules.going_out.may_go_out(card)
        if forbidding is not None:
            return _no(f"{card.code} cannot be a player's last card", forbidding)
        missing = seat in state.uncalled or seat == state.uno_missed
        forbidding = rules.uno_call.may_go_out(missing)
        if forbidding is not None:
            return _no(_uncalled_reason(state, seat), forbidding)
    if jump:
        return _ok(
            f"seat {seat} holds a card identical to the top card and jumps in",
            *rules.jump_in.rule_ids,
        )
    debt = state.wd4.debt if phase is Phase.REPLAY and state.wd4 is not None else 0
    if phase is Phase.OWE or debt:
        rid = rules.stacking.answers(top, card, state.color)
        if rid is None:
            cited = (
                rules.stacking.rule_ids
                if rules.stacking.answerable(top, state.color)
                else (draw_rule(rules, top),)
            )
            if debt:
                return _no(
                    f"seat {seat} took its Wild Draw Four back and owes {debt} cards after "
                    f"{top.code} again: it must answer them with a card the stacking rules "
                    f"allow or take them; {card.code} cannot answer them",
                    "challenge.take-back",
                    *cited,
                )
            if _skip_pending(state):
                return _no(
                    f"seat {seat} is skipped after {top.code} unless it answers with a card "
                    f"the stacking rules allow; {card.code} cannot answer it",
                    *cited,
                )
            return _no(
                f"seat {seat} owes {state.owed} cards after {top.code}: it must draw them and "
                f"loses the turn; {card.code} cannot answer it",
                *cited,
            )
        if card.face is Face.WILD_DRAW_FOUR:
            status = play_status(rules, hand, card, top, state.color)
            if not status.legal:
                if debt:
                    return _no(
                        f"seat {seat} took its Wild Draw Four back and must answer with a "
                        f"lawful card: {status.reason}",
                        "challenge.take-back",
                        *status.rule_ids,
                    )
                return status
        if debt:
            return _ok(
                f"{card.code} may answer {top.code} in place of the Wild Draw Four taken back: "
                "the total passes on",
                "challenge.take-back",
                rid,
            )
        passes = "the skip" if _skip_pending(state) else "the total"
        return _ok(f"{card.code} may answer {top.code}: {passes} passes on", rid)
    if phase is Phase.DRAWN and card != state.drawn:
        drawn = state.drawn.code if state.drawn else "?"
        choice = rules.draw_choice
        return _no(
            f"after drawing, only the drawn card ({drawn}) may be played this turn",
            *(choice.rule_ids if choice.may_draw(True) else rules.drawing.rule_ids),
        )
    if phase is Phase.DRAWN and count != 1:
        return _form(
            state,
            move,
            attrs.evolve(move, count=1),
            "only the one card drawn may be played after drawing",
            *rules.drawing.rule_ids,
        )
    status = play_status(rules, hand, card, top, state.color)
    if phase is Phase.REPLAY and not status.legal:
        return _no(
            f"seat {seat} took its Wild Draw Four back and must lay a legal card instead",
            "challenge.take-back",
            *status.rule_ids,
        )
    if status.allowed and not going_out and card.color is not None:
        effect = rules.effect(card, len(state.hands))
        if effect is not None and effect.special in ("swap", "pass-on"):
            what = (
                f"and swaps hands with seat {move.swap_with}"
                if move.swap_with is not None
                else "and keeps its hand"
                if effect.special == "swap"
                else "and every hand passes on"
            )
            return attrs.evolve(
                status,
                rule_ids=(effect.rule_id, *effect.also, *status.rule_ids),
                reason=f"{status.reason}, {what}",
            )
    return status


def _uncalled_reason(state: GameState, seat: int) -> str:
    """Why ``seat``, holding one card, may not lay it under ``uno.required-to-win``."""
    if seat == state.uno_missed and _late_call_counts(state, seat):
        return (
            f"seat {seat} has not called UNO and cannot lay its last card; "
            f"a call now (`{seat} uno`) still counts"
        )
    return (
        f"seat {seat} did not call UNO when it laid its second-to-last card and cannot "
        "lay its last card: it must draw"
    )


def _check_draw(state: GameState, move: Draw) -> Ruling:
    seat = move.player
    if seat != state.current:
        return _not_your_turn(state, seat)
    phase = state.phase
    rules = state.rules
    if phase is Phase.CHOOSE_COLOR:
        return _no(
            f"seat {seat} must first name the colour of the Wild start card",
            _start_color_rule(state),
        )
    if phase is Phase.OWE:
        rids = _pending_rules(state)
        if _skip_pending(state):
            return _no(
                f"seat {seat} is skipped after {state.top.code} unless it answers: it answers "
                f"with a card the stacking rules allow or takes the skip (`{seat} pass`)",
                *rids,
            )
        return _ok(f"seat {seat} takes the {state.owed} cards it owes and loses the turn", *rids)
    if phase is Phase.DRAWN:
        options = (
            "must play the drawn card"
            if rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY
            else "may play the drawn card or keep it (pass)"
        )
        return _no(
            f"seat {seat} has already drawn this turn: it {options}", *rules.drawing.rule_ids
        )
    if phase is Phase.REPLAY:
        penalty = _bluff_penalty(state)
        debt = state.wd4.debt if state.wd4 is not None else 0
        if debt:
            return _ok(
                f"seat {seat} takes the {debt} cards it owes and the {penalty} for its bluff, "
                "and loses the turn",
                "challenge.take-back",
                *_owed_rules(state.rules, state.discard_pile, debt, state.color),
            )
        if _has_legal_play(state, seat):
            return _no(
                f"seat {seat} must lay a legal card instead of its Wild Draw Four",
                "challenge.take-back",
            )
        return _ok(
            f"seat {seat} has no legal card: it draws the {penalty} for its bluff and the "
            "turn passes",
            "challenge.take-back",
        )
    stuck = rules.going_out.stuck(state.hands[seat])
    if stuck is not None:
        return _ok(
            f"seat {seat} cannot go out with its last card and draws {stuck.cards}",
            stuck.rule_id,
        )
    choice = rules.draw_choice
    playable = _has_legal_play(state, seat)
    if not choice.may_draw(playable):
        return _no(
            f"seat {seat} holds a card it can lawfully play and must play it", *choice.rule_ids
        )
    if not playable:
        return _ok(
            f"seat {seat} has no card it can lawfully play and draws", *rules.drawing.rule_ids
        )
    return _ok(
        "a player may draw instead of playing a card that fits",
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


def _may_draw(state: GameState, seat: int) -> bool:
    """Whether ``seat``, holding cards, may draw in a normal turn
    (``draw.*``, ``end.no-wd4-last``)."""
    if state.rules.going_out.stuck(state.hands[seat]) is not None:
        return True
    choice = state.rules.draw_choice
    # Asking first as if a card fits spares the search when the policy lets a
    # player draw anyway (draw.allowed-when-playable).
    return choice.may_draw(True) or choice.may_draw(_has_legal_play(state, seat))


def _check_pass(state: GameState, move: Pass) -> Ruling:
    seat = move.player
    if seat != state.current:
        return _not_your_turn(state, seat)
    rules = state.rules
    phase = state.phase
    if phase is Phase.OWE:
        if _skip_pending(state):
            return _ok(
                f"seat {seat} does not answer the skip and loses the turn", *_pending_rules(state)
            )
        return _no(
            f"seat {seat} owes {state.owed} cards: it takes them by drawing (`{seat} draw`), "
            "which ends its turn",
            *_pending_rules(state),
        )
    if phase is Phase.REPLAY:
        return _no(
            f"seat {seat} took its Wild Draw Four back and must lay a legal card instead "
            "(or draw if it has none)",
            "challenge.take-back",
        )
    if phase is Phase.CHOOSE_COLOR:
        return _no(
            f"seat {seat} must first name the colour of the Wild start card",
            _start_color_rule(state),
        )
    if phase is not Phase.DRAWN:
        return _no(
            "a player may only pass after drawing a card that fits; otherwise play or draw",
            *rules.drawing.rule_ids,
        )
    if rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY:
        return _no("a drawn card that fits must be played", *rules.drawing.rule_ids)
    return _ok("the drawn card may be kept; the turn passes", *rules.drawing.rule_ids)


def _check_choose(state: GameState, move: ChooseColor) -> Ruling:
    if state.phase is not Phase.CHOOSE_COLOR:
        wild = state.rules.start_card.outcome(Card(None, Face.WILD))
        return _no(
            "a colour is named this way only for a wild start card"
            + ("" if wild.choose_color else f" (which {wild.rule_id} never turns up)")
            + "; a wild card laid in play names its colour with the play",
            wild.rule_id,
        )
    rid = _start_color_rule(state)
    if move.player != state.current:
        return _no(f"seat {state.current}, left of the dealer, names the colour", rid)
    return _ok("the player left of the dealer names the colour of the wild start card", rid)


def _start_color_rule(state: GameState) -> str:
    return state.rules.start_card.outcome(state.top).rule_id


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
    if not own_turn and not rules.jump_in.jumpers(state.top):
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
    for c in cards:
        if count > 1 and rules.match.at_once(c, count) < count:
            continue
        color = COLORS[0] if c.color is None else None
        play = _plays(seat, c)[0] if count == 1 else Play(seat, c, color, count=count)
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
            return _ok(
                f"a late call still counts: seat {seat} calls before anyone else plays or draws",
                *call_ids,
            )
        when = (
            "a late call counts only until another player plays or draws, and one has drawn since"
            if rules.uno_call.late(False)
            else "the call had to come before the second-to-last card landed"
        )
        return _void(
            f"the call does not count: it comes too late ({when}); seat {seat}'s missed "
            "call can still be pointed out",
            *call_ids,
            *rules.uno_window.rule_ids,
        )
    if _call_due(state, seat):
        return _ok(f"seat {seat} is about to lay its second-to-last card", *call_ids)
    if state.uno_called == seat:
        return _void(f"the call does not count: seat {seat} has already called UNO", *call_ids)
    false_call = rules.uno_penalty.false_call()
    if false_call is not None and len(hand) != 1 and state.phase in _ACTIVE:
        cost = false_call.cards
        return Ruling(
            True,
            True,
            (false_call.rule_id,),
            f"seat {seat} may call, but with no call due it costs {cost} "
            f"card{'s' if cost != 1 else ''}",
            penalty=false_call,
        )
    if len(hand) == 1 and seat in state.uncalled:
        stuck = rules.uno_call.may_go_out(True) is not None
        last = "; it still cannot lay its last card" if stuck else ""
        return _void(
            f"the call does not count: it comes too late, as seat {seat} did not call when "
            f"it laid its second-to-last card and the window for that has closed{last}",
            *call_ids,
        )
    if len(hand) == 1:
        return _void(
            f"the call does not count: seat {seat} holds one card but owes no UNO call "
            "(it called already, or did not come to one card by laying a card)",
            *call_ids,
        )
    return _void(
        f"the call does not count: seat {seat} has no UNO call due (a call is made when "
        "laying the second-to-last card)",
        *call_ids,
    )


def _check_catch(state: GameState, move: CatchUno) -> Ruling:
    seat, target, rules = move.player, move.target, state.rules
    if target == seat:
        return _no(
            f"a player cannot point out their own missed call; a call of one's own is `{seat} uno`",
            *rules.uno_penalty.rule_ids[:1],
        )
    if target == state.uno_missed:
        return _ok(
            f"seat {target} holds one card and has not called UNO",
            *rules.uno_penalty.rule_ids[:1],
            *rules.uno_window.rule_ids,
        )
    hand = state.hands[target]
    if not hand:
        rid = "end.play-on" if target in state.finished else rules.scoring.rule_ids[0]
        return _no(f"seat {target} holds no cards: it is out of the round", rid)
    nothing = "the catch does not count"
    if target == state.uno_called:
        return _void(f"{nothing}: seat {target} called UNO in time", *rules.uno_call.rule_ids)
    if len(hand) == 1 and target in state.uncalled:
        return _void(
            f"{nothing}: seat {target}'s missed call can no longer be pointed out (it was "
            "pointed out already or its window has closed)",
            *rules.uno_window.rule_ids,
        )
    if len(hand) == 1:
        return _void(
            f"{nothing}: seat {target} owes no UNO call (it called in time or did not come "
            "to one card by laying its second-to-last card)",
            *rules.uno_call.rule_ids,
        )
    return _void(
        f"{nothing}: seat {target} holds {len(hand)} cards, so no UNO call is missing",
        *rules.uno_penalty.rule_ids[:1],
    )


_CHALLENGEABLE = (Card(None, Face.WILD_DRAW_FOUR), Card(None, Face.WILD))
"""The cards a challenge policy may let players challenge."""


def _check_challenge(state: GameState, move: Challenge) -> Ruling:
    seat, policy = move.player, state.rules.challenge
    if all(policy.challengeable(c) is None for c in _CHALLENGEABLE):
        return _no("these rules have no challenges", *policy.rule_ids)
    record = state.wd4
    wild = record is not None and record.card.face is Face.WILD
    if record is None or not (state.phase is Phase.OWE or (wild and state.phase is Phase.TURN)):
        return _no(
            "there is nothing to challenge: only the Wild Draw Four just laid on a player "
            "can be challenged, before they draw",
            *policy.rule_ids,
        )
    refusal = policy.may_challenge(record.card, seat, state.current, record.player)
    if refusal is not None:
        return _no(refusal.reason, *refusal.rule_ids)
    rid = policy.challengeable(record.card)
    ids = (rid,) if wild and rid is not None else policy.rule_ids
    return _ok(f"seat {seat} may challenge the {record.card.long_name} before acting", *ids)


def _check_timeout(state: GameState, move: Timeout) -> Ruling:
    timing = state.rules.timing
    if timing.timeout() is None:
        return _no("these rules have no time limit on turns", "house.timed-turns")
    if move.player != state.current or state.phase not in _ACTIVE:
        return _no(
            f"only seat {state.current}, whose turn it is, can run out of time", *timing.rule_ids
        )
    return _ok(f"seat {move.player} ran out of time", *timing.rule_ids)


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


def _play_candidates(state: GameState, seat: int, cards: Sequence[Card]) -> list[Move]:
    rules = state.rules
    hand = state.hands[seat]
    n = len(state.hands)
    others: list[int | None] = [t for t in range(n) if t != seat and state.hands[t]]
    targeted = _targeted(rules, n)
    out: list[Move] = []
    for card in dict.fromkeys(cards):
        colors: Sequence[Color | None] = COLORS if card.is_wild else (None,)
        counts = range(1, rules.match.at_once(card, hand.count(card)) + 1)
        swaps: list[int | None] = [*others, None] if card in targeted else [None]
        for count in counts:
            for color in colors:
                out.extend(Play(seat, card, color, t, count) for t in swaps)
    return out


# Shared move objects: moves are frozen, so one object per distinct move
# saves building them for every position.
_PLAYS: dict[tuple[int, Card], tuple[Play, ...]] = {}
_SEAT_MOVES: dict[int, tuple[Draw, Pass, CallUno, Challenge]] = {}


def _plays(seat: int, card: Card) -> tuple[Play, ...]:
    """The plays of one ``card`` by ``seat`` (one copy, no swap): one per
    colour for a wild card."""
    got = _PLAYS.get((seat, card))
    if got is None:
        got = _PLAYS[seat, card] = (
            tuple(Play(int(seat), card, c) for c in COLORS)
            if card.color is None
            else (Play(int(seat), card),)
        )
    return got


def _seat_moves(seat: int) -> tuple[Draw, Pass, CallUno, Challenge]:
    got = _SEAT_MOVES.get(seat)
    if got is None:
        s = int(seat)
        got = _SEAT_MOVES[seat] = (Draw(s), Pass(s), CallUno(s), Challenge(s))
    return got


_MATCHING: dict[tuple[Card, Color | None], frozenset[Card]] = {}


def _matching(top: Card, color: Color | None) -> frozenset[Card]:
    """The coloured cards that match ``top`` with ``color`` in force
    (``play.match``, the same test as :func:`play_status`)."""
    got = _MATCHING.get((top, color))
    if got is None:
        got = _MATCHING[top, color] = frozenset(
            c for c in ALL_CARDS if c.color is not None and matches(c, top, color)
        )
    return got
