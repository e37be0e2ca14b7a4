"""The engine: one legality path for ``legal_moves``, ``apply`` and ``explain``.

:func:`check` rules on a move in a state; :func:`legal_moves` lists the moves
``check`` allows; :func:`apply` refuses what ``check`` refuses and otherwise
returns the next state; :func:`unorules.explain.explain` turns both into a
verdict. The engine asks the rule set's policies and never switches on rule
names.
"""

from __future__ import annotations

import numbers
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from unorules.cards import ALL_CARDS, COLORS, Card, Color, Face
from unorules.errors import IllegalMove, UnoError
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
from unorules.policies import ActionEffect, game_outcome, matches
from unorules.ruleset import RuleSet
from unorules.state import GameState, Phase, Wd4Record, _made

__all__ = ["Ruling", "apply", "check", "draw_rule", "legal_moves", "play_status", "rng_for"]

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
    """

    allowed: bool
    legal: bool
    rule_ids: tuple[str, ...]
    reason: str
    void: bool = False


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
    policed = rules.challenge.enabled and not rules.strict
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
        kept = "the restriction is kept" if rules.wd4.restricted else "it may be laid at any time"
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
        if policed and rules.challenge.also_wild and card.face is Face.WILD:
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


def _owed_rules(rules: RuleSet, discard: tuple[Card, ...], owed: int) -> tuple[str, ...]:
    """The rules behind cards owed: the stacking rule that passed a total on
    (when more is owed than the top card alone makes), then the top card's."""
    own = draw_rule(rules, discard[-1])
    effect = rules.actions.effect(discard[-1], 3)
    single = effect.draw if effect is not None else 0
    stacked = (
        rules.stacking.answers(discard[-2], discard[-1])
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
    coloured card (other than a 7 under ``house.seven-zero``) can be laid
    exactly when it matches (``play.match``), whatever the other rules."""
    hand = state.hands[seat]
    cards = tuple(dict.fromkeys(hand))
    if state.phase is not Phase.TURN or seat != state.current or len(hand) < 2:
        return cards
    sevens = state.rules.seven_zero.enabled
    fits = _matching(state.top, state.color)
    if any(c in fits and not (sevens and c.face is Face.SEVEN) for c in cards):
        return None
    return [c for c in cards if c.color is None or (sevens and c.face is Face.SEVEN)]


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
    if count > 1:
        if not rules.match.multiple:
            return _form(
                state,
                move,
                attrs.evolve(move, count=1),
                "only one card may be laid per turn",
                "play.one-card",
            )
        if card.is_wild:
            return _form(
                state,
                move,
                attrs.evolve(move, count=1),
                "only identical coloured cards may be laid together",
                "house.multiple-identical",
            )
    held = hand.count(card)
    if not held:
        if card not in rules.deck.cards():
            deck = tuple(r for r in rules.deck.rule_ids if r != "players.range")
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
    rules, seat, card = state.rules, move.player, move.card
    seven = rules.seven_zero.enabled and card.face is Face.SEVEN
    needs = card.face is Face.WILD_SWAP_HANDS or seven
    ids = rules.seven_zero.rule_ids if seven else ("action.swap-hands",)
    target = move.swap_with
    unswapped = attrs.evolve(move, swap_with=None)
    if not needs or going_out:
        if target is None:
            return None
        if going_out and needs:
            what = "a 7" if seven else "a Wild Swap Hands"
            return _form(
                state, move, unswapped, f"{what} laid as the last card swaps no hands", *ids
            )
        in_force = rules.rule_ids
        swappers = (
            *(("action.swap-hands",) if "action.swap-hands" in in_force else ()),
            *(rules.seven_zero.rule_ids if rules.seven_zero.enabled else ()),
        )
        effect = rules.actions.effect(card, len(state.hands))
        own = effect.rule_id if effect is not None else "play.match"
        return _form(
            state,
            move,
            unswapped,
            f"{card.code} swaps no hands: only a Wild Swap Hands"
            + (" or a 7 under house.seven-zero" if rules.seven_zero.enabled else "")
            + " swaps",
            *swappers,
            own,
        )
    if target is None:
        if seven and rules.seven_zero.optional:
            return None
        why = f"laying {card.code} the player must name a seat to swap hands with"
    elif target == seat:
        why = "a player cannot swap hands with themselves"
    elif not state.hands[target]:
        why = f"seat {target} is not in play (no cards) and cannot be swapped with"
    else:
        return None
    other = _any_other(state, seat)
    if other is None:
        return _no(why, *ids)
    return _form(state, move, attrs.evolve(move, swap_with=other), why, *ids)


def _check_play(state: GameState, move: Play) -> Ruling:
    if move.player != state.current and not state.rules.jump_in.enabled:
        return _not_your_turn(state, move.player)
    bad = _check_shape(state, move)
    if bad is not None:
        return bad
    rules, seat, card, count = state.rules, move.player, move.card, move.count
    hand = state.hands[seat]
    phase = state.phase
    top = state.top
    jump = seat != state.current
    if jump:
        if not rules.jump_in.enabled:
            return _not_your_turn(state, seat)
        if card.is_wild:
            return _no("wild cards cannot be used to jump in", *rules.jump_in.rule_ids)
        if card != top:
            return _no(
                f"out of turn only a card identical to the top card ({top.code}) may jump in",
                *rules.jump_in.rule_ids,
            )
        if count != 1:
            return _form(
                state,
                move,
                attrs.evolve(move, count=1),
                f"out of turn only one card identical to the top card ({top.code}) may jump in",
                *rules.jump_in.rule_ids,
            )
        if phase not in (Phase.TURN, Phase.DRAWN) and not (
            phase is Phase.OWE and rules.stacking.answers(top, card) is not None
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
        if rules.uno_call.required_to_win and (seat in state.uncalled or seat == state.uno_missed):
            return _no(_uncalled_reason(state, seat), "uno.required-to-win")
    if jump:
        return _ok(
            f"seat {seat} holds a card identical to the top card and jumps in",
            *rules.jump_in.rule_ids,
        )
    debt = state.wd4.debt if phase is Phase.REPLAY and state.wd4 is not None else 0
    if phase is Phase.OWE or debt:
        rid = rules.stacking.answers(top, card)
        if rid is None:
            cited = rules.stacking.rule_ids or (draw_rule(rules, top),)
            if debt:
                return _no(
                    f"seat {seat} took its Wild Draw Four back and owes {debt} cards after "
                    f"{top.code} again: it must answer them with a card the stacking rules "
                    f"allow or take them; {card.code} cannot answer them",
                    "challenge.take-back",
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
        return _ok(f"{card.code} may answer {top.code}: the total passes on", rid)
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
    if (
        status.allowed
        and not going_out
        and rules.seven_zero.enabled
        and card.face in (Face.SEVEN, Face.ZERO)
    ):
        what = (
            f"and swaps hands with seat {move.swap_with}"
            if move.swap_with is not None
            else "and keeps its hand"
            if card.face is Face.SEVEN
            else "and every hand passes on"
        )
        return attrs.evolve(
            status,
            rule_ids=(*rules.seven_zero.rule_ids, *status.rule_ids),
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
        rids = _owed_rules(rules, state.discard_pile, state.owed)
        return _ok(f"seat {seat} takes the {state.owed} cards it owes and loses the turn", *rids)
    if phase is Phase.DRAWN:
        options = (
            "must play the drawn card"
            if rules.drawing.must_play
            else "may play the drawn card or keep it (pass)"
        )
        return _no(
            f"seat {seat} has already drawn this turn: it {options}", *rules.drawing.rule_ids
        )
    if phase is Phase.REPLAY:
        penalty = state.rules.challenge.bluff_penalty
        debt = state.wd4.debt if state.wd4 is not None else 0
        if debt:
            return _ok(
                f"seat {seat} takes the {debt} cards it owes and the {penalty} for its bluff, "
                "and loses the turn",
                "challenge.take-back",
                *_owed_rules(state.rules, state.discard_pile, debt),
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
    stuck = rules.going_out.stuck_draw(state.hands[seat])
    if stuck:
        return _ok(
            f"seat {seat} cannot go out with its last card and draws {stuck}", "end.no-wd4-last"
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


def _may_draw(state: GameState, seat: int) -> bool:
    """Whether ``seat``, holding cards, may draw in a normal turn
    (``draw.*``, ``end.no-wd4-last``)."""
    if state.rules.going_out.stuck_draw(state.hands[seat]):
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
        return _no(
            f"seat {seat} owes {state.owed} cards: it takes them by drawing (`{seat} draw`), "
            "which ends its turn",
            *_owed_rules(rules, state.discard_pile, state.owed),
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
    if rules.drawing.must_play:
        return _no("a drawn card that fits must be played", *rules.drawing.rule_ids)
    return _ok("the drawn card may be kept; the turn passes", *rules.drawing.rule_ids)


def _check_choose(state: GameState, move: ChooseColor) -> Ruling:
    if state.phase is not Phase.CHOOSE_COLOR:
        start = state.rules.start_card.rule_ids
        return _no(
            "a colour is named this way only for a wild start card"
            + ("" if "start.wild" in start else f" (which {start[0]} never turns up)")
            + "; a wild card laid in play names its colour with the play",
            "start.wild" if "start.wild" in start else start[0],
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
    if seat != state.current and not rules.jump_in.enabled:
        return False
    if rules.uno_call.at_two and seat == state.current:
        return len(hand) == 2
    count = len(hand) - 1
    if count > 1 and not rules.match.multiple:
        return False
    sevens = rules.seven_zero.enabled
    cards = _left_to_check(state, seat) if count == 1 else tuple(dict.fromkeys(hand))
    if cards is None:
        return True
    for c in cards:
        color = COLORS[0] if c.color is None else None
        play = _plays(seat, c)[0] if count == 1 else Play(seat, c, color, count=count)
        if _rule(state, play).legal:
            return True
        if c.face is Face.WILD_SWAP_HANDS or (sevens and c.face is Face.SEVEN):
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
    return state.rules.uno_call.late_allowed and seat not in state.uncalled


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
            if rules.uno_call.late_allowed
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
    false_call = rules.uno_penalty.false_call
    if false_call and len(hand) != 1 and state.phase in _ACTIVE:
        return _ok(
            f"seat {seat} may call, but with no call due it costs {false_call} "
            f"card{'s' if false_call != 1 else ''}",
            "uno.false-call",
        )
    if len(hand) == 1 and seat in state.uncalled:
        last = "; it still cannot lay its last card" if rules.uno_call.required_to_win else ""
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


def _check_challenge(state: GameState, move: Challenge) -> Ruling:
    seat, policy = move.player, state.rules.challenge
    if not policy.enabled:
        return _no("these rules have no challenges", *policy.rule_ids)
    record = state.wd4
    wild = record is not None and record.card.face is Face.WILD
    if record is None or not (state.phase is Phase.OWE or (wild and state.phase is Phase.TURN)):
        return _no(
            "there is nothing to challenge: only the Wild Draw Four just laid on a player "
            "can be challenged, before they draw",
            *policy.rule_ids,
        )
    ids = ("challenge.also-wild",) if wild else policy.rule_ids
    if seat != state.current and not (policy.anyone and seat != record.player):
        return _no(f"only seat {state.current}, on whom the card was laid, may challenge it", *ids)
    return _ok(f"seat {seat} may challenge the {record.card.long_name} before acting", *ids)


def _check_timeout(state: GameState, move: Timeout) -> Ruling:
    timing = state.rules.timing
    if not timing.penalty:
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


# --- legal moves ----------------------------------------------------------------------


def _play_candidates(state: GameState, seat: int, cards: Sequence[Card]) -> list[Move]:
    rules = state.rules
    hand = state.hands[seat]
    n = len(state.hands)
    others: list[int | None] = [t for t in range(n) if t != seat and state.hands[t]]
    out: list[Move] = []
    for card in dict.fromkeys(cards):
        colors: Sequence[Color | None] = COLORS if card.is_wild else (None,)
        counts = range(1, hand.count(card) + 1) if rules.match.multiple else (1,)
        swaps: list[int | None] = [None]
        if card.face is Face.WILD_SWAP_HANDS or (
            rules.seven_zero.enabled and card.face is Face.SEVEN
        ):
            swaps = [*others, None]
        for count in counts:
            for color in colors:
                out.extend(Play(seat, card, color, t, count) for t in swaps)
    return out


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every move :func:`apply` accepts, of every seat, in a stable order.

    The current player's moves come first (plays in hand order, a wild card
    once per colour, then draw, pass, challenge, naming a colour), then the
    out-of-turn moves (jump-ins, UNO calls, catches, challenges by others).
    Bluffs are included (see :func:`unorules.explain`). ``Timeout`` is a
    host's move, never listed. Calls and catches that would not count (a
    call too late or not due, a catch of a seat whose call is not missing:
    ``Ruling.void``) are accepted by :func:`apply`, which returns the very
    same state, but not listed. Empty only when the round is over.

    The moves are shared objects (the same ``Play`` object every time), and
    the answer for the last state asked about is kept, so :func:`apply` of
    one of its moves does not check it again.

    Args:
        state: the position.

    Returns:
        A tuple of moves.

    Raises:
        TypeError: when ``state`` is not a :class:`GameState`.
    """
    last = _LAST
    if last[0] is state:
        return last[1]
    _need_state(state)
    moves = _generate(state)
    _remember(state, moves)
    return moves


_NO_STATE = object()
"""Stands for "no state yet" in :data:`_LAST` (``None`` is not a state)."""

_LAST: tuple[object, tuple[Move, ...]] = (_NO_STATE, ())
"""The last state :func:`legal_moves` answered for, and its answer."""


def _remember(state: object, moves: tuple[Move, ...]) -> None:
    global _LAST
    _LAST = (state, moves)


def _forget() -> None:
    """Drop the kept answer (the tests use it to make apply check in full)."""
    _remember(_NO_STATE, ())


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


def _generate(state: GameState) -> tuple[Move, ...]:
    """:func:`legal_moves` without the cache.

    It lists what :func:`_reference_moves` lists (every candidate that
    :func:`_rule` allows, in the same order) but skips the candidates whose
    answer is known without the full check: in a normal turn a coloured card
    that is not the player's last is allowed exactly when it matches
    (``play.match``); the colour named with a wild card changes nothing else;
    after drawing only the drawn card can be played and drawing again is
    refused; only an answer under the stacking rules can be laid on a debt;
    only a seat holding two cards (or the one that missed its call) can call
    UNO. The property tests compare the two on random games under random rule
    sets.
    """
    phase = state.phase
    if phase is Phase.ROUND_OVER:
        return ()
    seat = state.current
    rules = state.rules
    if phase is Phase.CHOOSE_COLOR:
        out: list[Move] = [
            m for m in (ChooseColor(seat, c) for c in COLORS) if _rule(state, m).allowed
        ]
        out += _calls_and_catches(state)
        return tuple(out)
    hands = state.hands
    hand = hands[seat]
    own = _seat_moves(seat)
    top = state.top
    if phase is Phase.TURN and not rules.match.multiple and len(hand) > 1:
        out = _turn_plays(state, seat, hand)
    elif phase is Phase.DRAWN and state.drawn is not None:
        out = _card_plays(state, seat, state.drawn)
    elif phase is Phase.OWE:
        answers = rules.stacking.answers
        out = [
            m
            for card in dict.fromkeys(hand)
            if answers(top, card) is not None
            for m in _card_plays(state, seat, card)
        ]
    else:
        out = [m for m in _play_candidates(state, seat, hand) if _rule(state, m).allowed]
    if phase is Phase.TURN:
        if hand and _may_draw(state, seat):
            out.append(own[0])
    elif phase is Phase.DRAWN:
        if _rule(state, own[1]).allowed:
            out.append(own[1])
    elif _rule(state, own[0]).allowed:
        out.append(own[0])
    if state.wd4 is not None:
        out.extend(
            m for m in (_seat_moves(s)[3] for s in range(len(hands))) if _rule(state, m).allowed
        )
    if rules.jump_in.enabled and top.color is not None:
        for other in range(len(hands)):
            if other != seat and top in hands[other]:
                out.extend(
                    m for m in _play_candidates(state, other, (top,)) if _rule(state, m).allowed
                )
    out += _calls_and_catches(state)
    return tuple(out)


def _turn_plays(state: GameState, seat: int, hand: tuple[Card, ...]) -> list[Move]:
    """The plays of the current seat in a normal turn, one copy at a time,
    when it holds more than one card."""
    fits = _matching(state.top, state.color)
    sevens = state.rules.seven_zero.enabled
    out: list[Move] = []
    for card in dict.fromkeys(hand):
        if card.color is None or (sevens and card.face is Face.SEVEN):
            out += _card_plays(state, seat, card)
        elif card in fits:
            out.append(_plays(seat, card)[0])
    return out


def _card_plays(state: GameState, seat: int, card: Card) -> list[Move]:
    """The allowed plays of ``card`` by ``seat``. Unless the card swaps hands
    or several copies may be laid, the colour named with a wild card changes
    nothing but the colour, so one check answers for all four."""
    rules = state.rules
    if (
        rules.match.multiple
        or card.face is Face.WILD_SWAP_HANDS
        or (card.face is Face.SEVEN and rules.seven_zero.enabled)
    ):
        candidates = _play_candidates(state, seat, (card,))
        if card.face is Face.WILD_SWAP_HANDS or (
            card.face is Face.SEVEN and rules.seven_zero.enabled
        ):
            # A play that names a swap target exactly when it needs none, or
            # none when it needs one, is refused for its form (_check_swap).
            size = len(state.hands[seat])
            optional = card.face is Face.SEVEN and rules.seven_zero.optional
            candidates = [
                m
                for m in candidates
                if isinstance(m, Play)
                and (
                    m.swap_with is None
                    if m.count == size
                    else (m.swap_with is not None or optional)
                )
            ]
        return [m for m in candidates if _rule(state, m).allowed]
    plays = _plays(seat, card)
    return list(plays) if _rule(state, plays[0]).allowed else []


def _calls_and_catches(state: GameState) -> list[Move]:
    rules = state.rules
    n = len(state.hands)
    missed = state.uno_missed
    if rules.uno_penalty.false_call or rules.jump_in.enabled:
        callers: Sequence[int] = range(n)
    else:
        callers = (
            (state.current,)
            if missed is None or missed == state.current
            else sorted((state.current, missed))
        )
    many = rules.match.multiple or rules.uno_penalty.false_call
    if missed is None and not many and len(callers) == 1 and len(state.hands[callers[0]]) != 2:
        return []
    out: list[Move] = []
    for s in callers:
        # A call is due only when laying leaves one card: holding two (or
        # more, laying several at once), or after the missed call itself.
        if (s == missed or many or len(state.hands[s]) == 2) and _counts(
            _rule(state, _seat_moves(s)[2])
        ):
            out.append(_seat_moves(s)[2])
    if missed is not None:
        out.extend(m for m in (_catch(s, missed) for s in range(n)) if _rule(state, m).allowed)
    return out


_CATCHES: dict[tuple[int, int], CatchUno] = {}


def _catch(seat: int, target: int) -> CatchUno:
    got = _CATCHES.get((seat, target))
    if got is None:
        got = _CATCHES[seat, target] = CatchUno(int(seat), int(target))
    return got


def _reference_moves(state: GameState) -> tuple[Move, ...]:
    """Every candidate move of every seat that :func:`_rule` allows: the
    plain generate-and-test definition of :func:`legal_moves`, kept for the
    tests that hold the fast generator to it."""
    _need_state(state)
    if state.phase is Phase.ROUND_OVER:
        return ()
    seat = state.current
    n = len(state.hands)
    candidates: list[Move] = []
    if state.phase is Phase.CHOOSE_COLOR:
        candidates.extend(ChooseColor(seat, c) for c in COLORS)
    else:
        candidates += _play_candidates(state, seat, state.hands[seat])
        candidates += [Draw(seat), Pass(seat)]
        if state.wd4 is not None:
            candidates.extend(Challenge(s) for s in range(n))
        if state.rules.jump_in.enabled and not state.top.is_wild:
            for other in range(n):
                if other != seat and state.top in state.hands[other]:
                    candidates += _play_candidates(state, other, (state.top,))
    candidates.extend(CallUno(s) for s in range(n))
    if state.uno_missed is not None:
        candidates.extend(CatchUno(s, state.uno_missed) for s in range(n))
    return tuple(m for m in candidates if _counts(_rule(state, m)))


def _counts(ruling: Ruling) -> bool:
    """Whether a move :func:`legal_moves` lists: allowed and not void."""
    return ruling.allowed and not ruling.void


# --- applying moves ------------------------------------------------------------------


Log = list[tuple[str, str]]


class _Work:
    """A scratch copy of a state that one move changes before it is frozen."""

    __slots__ = (
        "color",
        "current",
        "direction",
        "discard",
        "draw",
        "drawn",
        "exhausted",
        "finished",
        "hands",
        "log",
        "owed",
        "phase",
        "reshuffles",
        "rules",
        "s",
        "scores",
        "shuffles",
        "uncalled",
        "uno_called",
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
        self.owed = s.owed
        self.wd4 = s.wd4
        self.drawn = s.drawn
        self.uno_called = s.uno_called
        self.uno_missed = s.uno_missed
        self.uncalled = s.uncalled
        self.finished = s.finished
        self.shuffles = s.shuffles
        self.reshuffles = s.reshuffles
        self.scores = s.scores
        self.winner: int | None = s.winner
        self.exhausted = False
        self.log = log

    def say(self, rule_id: str, text: str) -> None:
        if self.log is not None:
            self.log.append((rule_id, text))

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

    def take(self, seat: int, n: int, why: str, rule_id: str) -> tuple[Card, ...]:
        """Seat ``seat`` draws ``n`` cards, reshuffling when the pile runs out."""
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
        if self.log is None:
            return got
        if n and not got:
            self.say(rule_id, f"seat {seat} cannot draw: no cards are left{why}")
        elif n:
            short = f" (only {len(got)} were left)" if len(got) < n else ""
            k = len(got)
            self.say(rule_id, f"seat {seat} draws {k} card{'s' if k != 1 else ''}{short}{why}")
        return got

    def reshuffle(self) -> None:
        """``pile.reshuffle``. While a Wild Draw Four on top may still be
        taken back (``challenge.take-back``), the card it covers stays too."""
        record = self.wd4
        keep = (
            2
            if record is not None
            and record.card.face is Face.WILD_DRAW_FOUR
            and self.rules.challenge.take_back
            else 1
        )
        below = self.discard[:-keep]
        if not below:
            return
        cards = list(below)
        rng_for(self.s.seed, self.s.round_number, self.shuffles).shuffle(cards)
        self.shuffles += 1
        self.reshuffles += 1
        self.draw = tuple(cards)
        self.discard = self.discard[-keep:]
        kept = (
            "its top card"
            if keep == 1
            else "its top two cards (the Wild Draw Four, which may still be taken back, "
            "and the card it covers)"
        )
        self.say(
            "pile.reshuffle",
            f"the draw pile is empty: the discard pile but {kept} "
            f"({len(cards)} card{'s' if len(cards) != 1 else ''}) is shuffled into a new "
            "draw pile",
        )

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
        if not (is_play or rules.uno_window.on_draw):
            return
        self.uno_missed = None
        if rules.strict and rules.uno_penalty.cards:
            self.take(
                missed,
                rules.uno_penalty.cards,
                ": its missed UNO call is penalised as the window closes",
                "uno.penalty",
            )
        else:
            self.say(
                rules.uno_window.rule_ids[0],
                f"the window to point out seat {missed}'s missed UNO call closes",
            )

    def finish_round(self, winner: int | None) -> None:
        """Score the round (``score.*``) once its winner is known."""
        rules = self.rules
        self.scores, why = rules.scoring.score_round(
            self.hands, winner, self.scores, rules.card_values
        )
        self.say(rules.scoring.rule_ids[0], why)
        if self.log is not None and rules.scoring.game_over(self.scores, winner):
            self.say(
                "score.target"
                if "score.target" in rules.scoring.rule_ids
                else rules.scoring.rule_ids[0],
                f"the game is over: {game_outcome(rules.scoring, self.scores, winner)}",
            )

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
            self.say(
                "pile.exhausted",
                "no cards are left to draw or reshuffle: the round "
                "ends and hands are scored as they stand",
            )
            phase = Phase.ROUND_OVER
            if self.winner is None:
                values = [self.rules.card_values.hand_value(h) if h else None for h in hands]
                low = min(v for v in values if v is not None)
                if values.count(low) == 1:
                    self.winner = values.index(low)
                    self.say(
                        "pile.exhausted",
                        f"seat {self.winner} holds the lowest hand value ({low}) "
                        "and wins the round",
                    )
                else:
                    tied = [str(i) for i, v in enumerate(values) if v == low]
                    self.say(
                        "pile.exhausted",
                        f"seats {', '.join(tied[:-1])} and {tied[-1]} share the lowest hand "
                        f"value ({low}): nobody wins the round",
                    )
                self.finish_round(self.winner)
        if phase is Phase.ROUND_OVER:
            missed = called = None
            self.drawn = self.wd4 = None
            self.owed = 0
        return _made(
            s.rules,  # rules
            hands,  # hands
            self.draw,  # draw_pile
            self.discard,  # discard_pile
            self.color,  # color
            self.current,  # current
            self.direction,  # direction
            phase,  # phase
            self.owed,  # owed
            self.wd4,  # wd4
            self.drawn,  # drawn
            called,  # uno_called
            missed,  # uno_missed
            s.dealer,  # dealer
            self.scores,  # scores
            self.winner,  # winner
            s.round_number,  # round_number
            s.seed,  # seed
            self.shuffles,  # shuffles
            s.turns + 1,  # turns
            self.reshuffles,  # reshuffles
            s.out_of_play,  # out_of_play
            uncalled,  # uncalled
            self.finished,  # finished
        )


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
    return apply_logged(state, move, None)


def apply_logged(state: GameState, move: Move, log: Log | None) -> GameState:
    """:func:`apply`, appending ``(rule_id, sentence)`` for each effect to ``log``."""
    last = _LAST
    ruling: Ruling | None = None
    listed = False
    if last[0] is state:
        # The very object legal_moves just listed for this state (an equal one
        # may hold True for 1, or 1.0, and gets the full check).
        for m in last[1]:
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
    custom = False
    if isinstance(move, Play):
        custom = _do_play(w, move)
    elif isinstance(move, Draw):
        _do_draw(w, move.player)
    elif isinstance(move, Pass):
        if log is not None:
            rid = (ruling or check(state, move)).rule_ids[0]
            w.say(rid, f"seat {move.player} keeps the drawn card")
        _end_turn(w, w.seat_after(move.player))
    elif isinstance(move, ChooseColor):
        w.color = move.color
        w.phase = Phase.TURN
        if log is not None:
            rid = (ruling or check(state, move)).rule_ids[0]
            w.say(rid, f"seat {move.player} names {move.color.value} and plays on")
    elif isinstance(move, CallUno):
        ruling = ruling or check(state, move)
        _do_call(w, move.player, ruling)
        if ruling.void:
            return state
    elif isinstance(move, CatchUno):
        _do_catch(w, move, ruling)
        if ruling is not None and ruling.void:
            return state
    elif isinstance(move, Timeout):
        _do_timeout(w, move.player)
    else:
        _do_challenge(w, move)
    after = w.freeze()
    if custom and after.rules.custom_card.rule_ids:
        after = _custom_effect(after, move.player, log)
    return after


def _custom_effect(state: GameState, player: int, log: Log | None) -> GameState:
    policy = state.rules.custom_card
    new = policy.effect(state, player)
    if not isinstance(new, GameState):
        raise UnoError(f"the blank card's rule returned {new!r}, not a GameState")

    def everything(s: GameState) -> Counter[Card]:
        c: Counter[Card] = Counter(s.draw_pile)
        c.update(s.discard_pile)
        c.update(s.out_of_play)
        for h in s.hands:
            c.update(h)
        return c

    if everything(new) != everything(state) or len(new.hands) != len(state.hands):
        raise UnoError("the blank card's rule (house.custom-cards) lost or made cards")
    if log is not None:
        description = getattr(policy, "description", "the table's own rule")
        log.append(
            (
                policy.rule_ids[0],
                f"the blank card's rule: {description}; {_custom_outcome(state, new)}",
            )
        )
    return _settle_hands(state, new, player, log)


def _custom_outcome(before: GameState, after: GameState) -> str:
    """What the blank card's rule did to the hands, seat by seat."""
    said: list[str] = []
    for seat, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        k = len(new) - len(old)
        if k:
            verb = "gains" if k > 0 else "loses"
            said.append(f"seat {seat} {verb} {abs(k)} card{'s' if abs(k) != 1 else ''}")
        elif Counter(new) != Counter(old):
            said.append(f"seat {seat}'s hand changes")
    if said:
        ran_out = before.draw_pile and not after.draw_pile
        return ", ".join(said) + ("; the draw pile ran out" if ran_out else "")
    if not before.draw_pile:
        return "no hand changes: nobody could draw, the draw pile is empty"
    return "no hand changes"


def _settle_hands(before: GameState, after: GameState, player: int, log: Log | None) -> GameState:
    """The state a blank card's rule returned, with the bookkeeping that
    depends on the hands made true again: a seat whose hand the rule changed
    owes no UNO call for it (``uno.call``; the layer's own missed call
    stands while it holds one card); a seat left with no cards is out
    (``end.last-card``, ``end.play-on``), and the turn passes on from a seat
    that holds none.

    Raises:
        UnoError: when the result is still not a state that can exist.
    """
    from unorules.serialize import check_state

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
    w = _Work(after, log)
    w.uncalled, w.uno_missed, w.uno_called = uncalled, missed, called
    if after.phase is not Phase.ROUND_OVER:
        for k in range(len(hands)):
            seat = (player + k) % len(hands)
            if not hands[seat] and seat not in w.finished and w.phase is not Phase.ROUND_OVER:
                _out_empty(w, seat, "house.custom-cards", "the blank card's rule left it no cards")
        if w.phase is not Phase.ROUND_OVER and not w.hands[w.current]:
            _end_turn(w, w.seat_after(w.current))
    settled = attrs.evolve(w.freeze(), turns=after.turns)
    try:
        check_state(settled)
    except UnoError as e:
        raise UnoError(
            f"the blank card's rule (house.custom-cards) left a state that cannot exist: {e}"
        ) from None
    return settled


def _out_empty(w: _Work, seat: int, rule_id: str, why: str) -> None:
    """Seat ``seat`` holds no cards without having laid its last one (a hand
    moved away): it is out of the round like a player who went out."""
    w.finished = (*w.finished, seat)
    if w.winner is None:
        w.winner = seat
        w.say(rule_id, f"{why}: seat {seat} is out and wins the round")
        w.finish_round(seat)
    else:
        w.say("end.play-on", f"{why}: seat {seat} goes out in place {len(w.finished)}")
    if w.rules.going_out.play_on and w.in_play() >= 2:
        return
    _close_round(w)


def _close_round(w: _Work) -> None:
    """The round is over: the last seat holding cards (under ``end.play-on``)
    takes the last place, and nothing is owed or open any more."""
    if w.in_play() == 1:
        w.finished = (*w.finished, *(s for s, h in enumerate(w.hands) if h))
    w.phase = Phase.ROUND_OVER
    w.owed = 0
    w.wd4 = None
    w.drawn = None


def _end_turn(w: _Work, nxt: int) -> None:
    w.current = nxt
    w.phase = Phase.TURN
    w.drawn = None
    w.owed = 0
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
    w.say(
        "action.shuffle-hands",
        f"all hands ({len(cards)} card{'s' if len(cards) != 1 else ''}) are shuffled and dealt out "
        f"evenly, starting left of seat {seat}",
    )


def _move_hands(w: _Work, move: Play) -> None:
    """The hand moves of a Wild Swap Hands or a 7/0 under ``house.seven-zero``."""
    rules, seat, card = w.rules, move.player, move.card
    if move.swap_with is not None:
        t = move.swap_with
        w.hands[seat], w.hands[t] = w.hands[t], w.hands[seat]
        _hands_moved(w, seat, (seat, t))
        rid = (
            "action.swap-hands"
            if card.face is Face.WILD_SWAP_HANDS
            else (rules.seven_zero.rule_ids[0])
        )
        w.say(rid, f"seat {seat} swaps hands with seat {t}")
    elif card.face is Face.SEVEN and rules.seven_zero.enabled:
        w.say(rules.seven_zero.rule_ids[-1], f"seat {seat} chooses not to swap hands")
    elif card.face is Face.ZERO and rules.seven_zero.enabled:
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
        w.say(
            rules.seven_zero.rule_ids[0], "every hand passes one seat on in the direction of play"
        )


def _do_play(w: _Work, move: Play) -> bool:
    """Apply a play; True when the blank card's own rule must follow."""
    rules, seat, card, count = w.rules, move.player, move.card, move.count
    w.close_windows(seat, is_play=True)
    stacking = w.phase is Phase.OWE
    debtor: int | None = None
    if seat != w.current:
        w.say("house.jump-in", f"seat {seat} jumps in out of turn with {card.code}")
        if stacking:
            debtor, debt = w.current, w.owed
        w.current = seat
        if not stacking:
            w.phase = Phase.TURN
    previous_top = w.discard[-1]
    previous_color = w.color
    taken_back = w.wd4 if w.phase is Phase.REPLAY else None
    if taken_back is not None and taken_back.debt:
        stacking = True
        w.owed = taken_back.debt
    w.wd4 = None
    hand = list(w.hands[seat])
    for _ in range(count):
        hand.remove(card)
    w.hands[seat] = tuple(hand)
    w.discard = w.discard + (card,) * count
    w.color = move.color if card.color is None else card.color
    w.drawn = None
    if w.log is not None:
        named = f" naming {w.color.value}" if card.is_wild and w.color else ""
        laid = f"{count} x {card.code}" if count > 1 else card.code
        w.say(
            "house.multiple-identical"
            if count > 1
            else _effect_rule(rules, card)
            if card.face in (Face.WILD, Face.WILD_DRAW_FOUR)
            else "play.one-card",
            f"seat {seat} lays {laid}{named}",
        )
    if taken_back is not None:
        penalty = rules.challenge.bluff_penalty
        w.take(
            seat,
            penalty,
            f" for its bluff, now that {card.code} lies in place of the Wild Draw Four",
            "challenge.take-back",
        )
        hand = list(w.hands[seat])
    if len(hand) == 1 and w.uno_called != seat:
        w.uno_missed = seat
        if not rules.uno_call.late_allowed and seat not in w.uncalled:
            w.uncalled = (*w.uncalled, seat)
        w.say(rules.uno_call.rule_ids[0], f"seat {seat} holds one card and has not called UNO")
    players = w.in_play() + (0 if hand else 1)
    effect = rules.actions.effect(card, players)
    special = effect.special if effect is not None else ""
    redeal_last = not hand and special == "shuffle" and rules.going_out.shuffle_hands_last
    if not hand and not redeal_last:
        _go_out(w, seat, card, count, effect, stacking)
        return False
    if special == "custom":
        w.say("action.customizable", "the blank card acts as a Wild")
    if special == "shuffle":
        _deal_evenly(w, seat)
        if redeal_last and not w.hands[seat]:
            # Fewer cards than seats: the deal, which ends with the layer, gave
            # it none, so it holds no cards and is out.
            w.say(
                "end.shuffle-hands-last",
                f"a last Wild Shuffle Hands still redeals, but there are too few cards for "
                f"the deal to reach seat {seat}: it holds no cards",
            )
            _go_out(w, seat, card, count, effect, stacking)
            return False
        if redeal_last:
            w.say(
                "end.shuffle-hands-last",
                f"a last Wild Shuffle Hands still redeals: seat {seat} does not go out",
            )
    elif hand and (
        move.swap_with is not None
        or (rules.seven_zero.enabled and card.face in (Face.SEVEN, Face.ZERO))
    ):
        _move_hands(w, move)
    if card.face is Face.WILD_DRAW_FOUR and rules.challenge.enabled and rules.wd4.restricted:
        broke = rules.wd4.breaks(hand, previous_top, previous_color)
        record: Wd4Record | None = Wd4Record(seat, broke, previous_color)
    elif card.face is Face.WILD and rules.challenge.also_wild:
        broke = not rules.wild.allows([*hand, card], previous_top, previous_color)
        record = Wd4Record(seat, broke, previous_color, card)
    else:
        record = None
    _turn_effect(w, seat, card, count, effect, stacking, record, previous_top)
    if debtor is not None and w.current != debtor:
        w.say(
            "house.jump-in",
            f"seat {debtor} no longer owes its {debt} cards: the total passed on with the jump-in",
        )
    return special == "custom"


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
    rules = w.rules
    if effect is None or not (effect.reverse or effect.skip or effect.draw):
        _end_turn(w, w.seat_after(seat))
        w.wd4 = record
        return
    if effect.reverse:
        flips = count % 2 == 1
        if flips:
            w.direction = -w.direction
        w.say(
            effect.rule_id,
            (
                "the direction of play is reversed"
                if flips
                else "the direction of play is reversed twice and stays"
            )
            + (f": seat {seat} plays again" if effect.skip else ""),
        )
    if effect.draw:
        victim = w.seat_after(seat)
        owed = (w.owed if stacking else 0) + effect.draw * count
        _end_turn(w, victim)
        w.phase = Phase.OWE
        w.owed = owed
        w.wd4 = record
        if w.log is None:
            return
        rid = (rules.stacking.answers(previous_top, card) if stacking else None) or draw_rule(
            rules, card
        )
        answers = rules.stacking.answers
        stackable = any(answers(card, c) is not None for c in dict.fromkeys(rules.deck.cards()))
        escapes = [verb for verb, on in (("stacks", stackable), ("challenges", record)) if on]
        w.say(
            rid,
            f"seat {victim} owes {owed} cards: it must draw them and lose its turn"
            + (f", unless it {' or '.join(escapes)}" if escapes else ""),
        )
        return
    skip = effect.skip * count
    if effect.skip and not effect.reverse and w.log is not None:
        skipped = [w.seat_after(seat, k) for k in range(1, skip + 1)]
        w.say(
            effect.rule_id,
            f"seat{'s' if len(skipped) > 1 else ''} "
            f"{', '.join(map(str, skipped))} {'are' if len(skipped) > 1 else 'is'} skipped",
        )
    _end_turn(w, w.seat_after(seat, 1 + skip))


def _go_out(
    w: _Work, seat: int, card: Card, count: int, effect: ActionEffect | None, stacking: bool
) -> None:
    """A player laid its last card (``end.*``)."""
    rules = w.rules
    w.finished = (*w.finished, seat)
    first = w.winner is None
    if first:
        w.winner = seat
        w.say("end.last-card", f"seat {seat} has laid its last card and wins the round")
    else:
        w.say("end.play-on", f"seat {seat} goes out in place {len(w.finished)}")
    draw = effect.draw * count if effect is not None else 0
    play_on = rules.going_out.play_on and w.in_play() >= 2
    if draw and not play_on:
        if rules.going_out.last_card_effect:
            victim = w.seat_after(seat)
            w.take(
                victim,
                (w.owed if stacking else 0) + draw,
                " (the last card's draw still applies)",
                "end.last-card-draw-applies",
            )
        else:
            w.say("end.last-card-no-effect", "the last card's draw has no effect")
    if first:
        w.finish_round(seat)
    if play_on:
        w.say("end.play-on", "the others play on for the next places")
        _turn_effect(w, seat, card, count, effect, stacking, None, w.discard[-count - 1])
        return
    _close_round(w)


def _fits(w: _Work, seat: int, card: Card) -> bool:
    """Whether the card ``seat`` just drew can be played lawfully: the question
    :func:`_has_legal_play` asks (a bluff does not fit). The hand holds two
    cards or more after drawing, so the going-out rules do not come in."""
    return play_status(w.rules, w.hands[seat], card, w.discard[-1], w.color).legal


def _do_draw(w: _Work, seat: int) -> None:
    rules = w.rules
    w.close_windows(seat, is_play=False)
    if w.phase is Phase.REPLAY:
        _replay_draw(w, seat, "")
        return
    if w.phase is Phase.OWE:
        w.wd4 = None  # taking the cards ends the chance to challenge
        w.take(seat, w.owed, " and loses the turn", _owed_rules(rules, w.discard, w.owed)[0])
        _end_turn(w, w.seat_after(seat))
        return
    w.wd4 = None
    stuck = rules.going_out.stuck_draw(w.hands[seat])
    if stuck:
        w.take(seat, stuck, ": its last card cannot win", "end.no-wd4-last")
        _end_turn(w, w.seat_after(seat))
        return
    drawing = rules.drawing
    rid = drawing.rule_ids[0]
    while True:
        got = w.take(seat, 1, "", rid)
        if not got:
            return
        card = got[0]
        if _fits(w, seat, card):
            w.phase = Phase.DRAWN
            w.drawn = card
            if w.log is not None:
                w.say(
                    rid,
                    f"the drawn card fits: seat {seat} "
                    + ("must play it" if drawing.must_play else "may play it or keep it"),
                )
            return
        if not drawing.until_playable:
            break
    w.say(rid, "the drawn card does not fit: the turn passes")
    _end_turn(w, w.seat_after(seat))


def _do_call(w: _Work, seat: int, ruling: Ruling) -> None:
    if ruling.void:
        w.say(ruling.rule_ids[0], f"seat {seat} calls UNO; {ruling.reason}")
        return
    if ruling.rule_ids[0] == "uno.false-call":
        w.take(seat, w.rules.uno_penalty.false_call, ": no UNO call was due", "uno.false-call")
        return
    if w.uno_missed == seat:
        w.uno_missed = None
    w.uncalled = tuple(u for u in w.uncalled if u != seat)
    w.uno_called = seat
    w.say(ruling.rule_ids[0], f"seat {seat} calls UNO")


def _do_catch(w: _Work, move: CatchUno, ruling: Ruling | None) -> None:
    if ruling is not None and ruling.void:
        w.say(
            ruling.rule_ids[0],
            f"seat {move.player} points out seat {move.target}; {ruling.reason}",
        )
        return
    penalty = w.rules.uno_penalty
    w.uno_missed = None
    if move.target not in w.uncalled:
        # Settled: a late call no longer counts (the hand grows, or, under
        # uno.reminder, stays one card whose call is missing).
        w.uncalled = (*w.uncalled, move.target)
    if penalty.cards:
        w.take(
            move.target,
            penalty.cards,
            f": seat {move.player} caught the missed UNO call",
            penalty.rule_ids[0],
        )
    else:
        w.say(penalty.rule_ids[0], f"seat {move.target} is reminded to call UNO")


def _replay_draw(w: _Work, seat: int, why: str) -> None:
    """``challenge.take-back``: the bluffer lays no card in place of its Wild
    Draw Four: it takes what it owes again (a stacked total) and the 4 for
    its bluff, and the turn passes."""
    record = w.wd4
    debt = record.debt if record is not None else 0
    penalty = w.rules.challenge.bluff_penalty
    owes = f" the {debt} cards it owes and" if debt else ""
    w.take(
        seat,
        debt + penalty,
        f"{why}:{owes} the {penalty} for its bluff, and the turn passes",
        "challenge.take-back",
    )
    _end_turn(w, w.seat_after(seat))


def _do_timeout(w: _Work, seat: int) -> None:
    w.close_windows(seat, is_play=False)
    if w.phase is Phase.REPLAY:
        penalty = w.rules.timing.penalty
        w.take(seat, penalty, ": its time ran out", "house.timed-turns")
        _replay_draw(w, seat, " as well")
        return
    owed = w.owed if w.phase is Phase.OWE else 0
    w.wd4 = None
    w.take(seat, owed + w.rules.timing.penalty, ": its time ran out", "house.timed-turns")
    _end_turn(w, w.seat_after(seat))


def _forbade(rules: RuleSet, record: Wd4Record) -> str:
    """What the Wild Draw Four restriction in force forbade the layer to hold."""
    ids = rules.wd4.rule_ids
    if "wd4.no-matching-colour" in ids and record.previous_color is not None:
        return (
            f"held a card of the colour in force ({record.previous_color.value}), "
            "which wd4.no-matching-colour forbids"
        )
    return f"held another card it could have played, which {' and '.join(ids)} forbids"


def _do_challenge(w: _Work, move: Challenge) -> None:
    policy, record = w.rules.challenge, w.wd4
    assert record is not None  # guaranteed by check
    w.close_windows(move.player, is_play=False)
    w.wd4 = None
    victim = w.current
    layer = record.player
    if record.card.face is Face.WILD:
        rid = "challenge.also-wild"
        if record.broke_rule:
            w.say(
                rid,
                f"the challenge succeeds: seat {layer} held another card it could have played, "
                f"which {' and '.join(w.rules.wild.rule_ids)} forbids",
            )
            w.take(layer, policy.bluff_penalty, " for the bluff", rid)
        else:
            w.say(rid, f"the challenge fails: seat {layer}'s Wild was legal")
            w.take(move.player, 2, " for the failed challenge", rid)
        return
    rid = policy.rule_ids[0]
    if record.broke_rule:
        w.say(rid, f"the challenge succeeds: seat {layer} {_forbade(w.rules, record)}")
        # A Wild Draw Four that answered a stacked total passed that total on
        # unlawfully: it goes back to the bluffer.
        passed = max(w.owed - 4, 0)
        if policy.take_back:
            if len(w.discard) > 1:
                _take_back(w, record, passed)
                return
            w.say(
                "challenge.take-back",
                "no card lies under the Wild Draw Four to lay another on: it stays",
            )
        w.owed = 0
        w.phase = Phase.TURN
        if passed:
            w.take(
                layer,
                passed + policy.bluff_penalty,
                f": the {passed} cards it passed on with the bluff come back to it, "
                f"and {policy.bluff_penalty} for the bluff",
                rid,
            )
        else:
            w.take(layer, policy.bluff_penalty, " for the bluff", rid)
        named = w.color.value if w.color else "?"
        w.say(rid, f"seat {victim} draws nothing and plays on {named}")
        return
    w.say(rid, f"the challenge fails: seat {layer}'s Wild Draw Four was legal")
    if move.player != victim:
        w.take(move.player, policy.failed_penalty, " for the failed challenge", "challenge.anyone")
        return
    why = f" ({w.owed} owed, {policy.failed_penalty} for the failed challenge) and loses the turn"
    w.take(move.player, w.owed + policy.failed_penalty, why, rid)
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
    w.owed = 0
    w.phase = Phase.REPLAY
    w.wd4 = attrs.evolve(record, debt=debt)
    penalty = w.rules.challenge.bluff_penalty
    if debt:
        w.say(
            "challenge.take-back",
            f"seat {layer} takes the Wild Draw Four back and owes the {debt} cards it had "
            f"passed on again: it must answer them with a card the stacking rules allow or "
            f"take them, and then draws {penalty} for the bluff",
        )
    else:
        w.say(
            "challenge.take-back",
            f"seat {layer} takes the Wild Draw Four back: it must lay a lawful card from "
            f"the hand it had in its place, and then draws {penalty} for the bluff",
        )
