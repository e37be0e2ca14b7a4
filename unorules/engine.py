"""The engine: one legality path for ``legal_moves``, ``apply`` and ``explain``.

:func:`check` rules on a move in a state; :func:`legal_moves` lists the moves
``check`` allows; :func:`apply` refuses what ``check`` refuses and otherwise
returns the next state; :func:`unorules.explain.explain` turns both into a
verdict. The engine asks the rule set's policies and never switches on rule
names.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from unorules.cards import COLORS, Card, Color, Face
from unorules.errors import IllegalMove
from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from unorules.policies import matches
from unorules.ruleset import RuleSet
from unorules.state import GameState, Phase, Wd4Record

__all__ = ["Ruling", "apply", "check", "legal_moves", "rng_for"]

_MOVE_TYPES = (Play, Draw, Pass, ChooseColor, CallUno, CatchUno, Challenge)


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
    """

    allowed: bool
    legal: bool
    rule_ids: tuple[str, ...]
    reason: str


def _no(reason: str, *rule_ids: str) -> Ruling:
    return Ruling(False, False, rule_ids, reason)


def _ok(reason: str, *rule_ids: str) -> Ruling:
    return Ruling(True, True, rule_ids, reason)


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
    wild policy (``wild.*``) and the Wild Draw Four restriction (``wd4.*``)."""
    if card.face is Face.WILD_DRAW_FOUR:
        rest = list(hand)
        rest.remove(card)
        if rules.wd4.breaks(rest, top, color):
            ids = rules.wd4.rule_ids
            held = _forbidding(rules, rest, top, color)
            if rules.strict or not rules.challenge.enabled:
                return _no(f"a Wild Draw Four may not be laid while holding {held}", *ids)
            return Ruling(
                True,
                False,
                ids,
                f"a Wild Draw Four may not be laid while holding {held}; "
                "it stands unless the next player challenges",
            )
        return _ok("a Wild Draw Four may be laid: the restriction is kept", *rules.wd4.rule_ids)
    if card.color is None:
        if rules.wild.allows(hand, top, color):
            return _ok("a wild card may be laid on anything", *rules.wild.rule_ids)
        return _no(
            "a plain Wild may only be laid when no card of the colour or number fits",
            *rules.wild.rule_ids,
        )
    if matches(card, top, color):
        what = "colour" if card.color is color else ("number" if card.face.is_number else "symbol")
        return _ok(f"{card.code} matches the {what} in force", *rules.match.rule_ids[:1])
    shown = f"{top.code} with {color.value} in force" if top.is_wild and color else top.code
    return _no(
        f"{card.code} matches neither the colour nor the number or symbol of {shown}", "play.match"
    )


def _forbidding(rules: RuleSet, rest: Sequence[Card], top: Card, color: Color | None) -> str:
    culprits = [c.code for c in rest if rules.wd4.breaks([c], top, color)]
    named = color.value if color else "the colour in force"
    return f"{' '.join(dict.fromkeys(culprits))} ({named} in force)" if culprits else named


def _has_legal_play(state: GameState, seat: int) -> bool:
    rules, top, color = state.rules, state.top, state.color
    hand = state.hands[seat]
    return any(play_status(rules, hand, c, top, color).legal for c in set(hand))


def _seat_error(state: GameState, seat: object, what: str = "seat") -> Ruling | None:
    n = len(state.hands)
    if type(seat) is not int or not 0 <= seat < n:
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
    if not isinstance(move, _MOVE_TYPES):
        return _no(
            f"{move!r} is not a move (expected Play, Draw, Pass, ChooseColor, CallUno, "
            "CatchUno or Challenge)",
            "play.in-turn",
        )
    bad = _seat_error(state, move.player)
    if bad is not None:
        return bad
    if state.phase is Phase.ROUND_OVER:
        return _no("the round is over", "end.last-card")
    if isinstance(move, Play):
        return _check_play(state, move)
    if isinstance(move, Draw):
        return _check_draw(state, move)
    if isinstance(move, Pass):
        return _check_pass(state, move)
    if isinstance(move, ChooseColor):
        return _check_choose(state, move)
    if isinstance(move, CallUno):
        return _check_call(state, move)
    if isinstance(move, CatchUno):
        return _check_catch(state, move)
    return _check_challenge(state, move)


def _not_your_turn(state: GameState, seat: int) -> Ruling:
    return _no(f"it is seat {state.current}'s turn, not seat {seat}'s", "play.in-turn")


def _check_play(state: GameState, move: Play) -> Ruling:
    rules, seat, card = state.rules, move.player, move.card
    if not isinstance(card, Card):
        return _no(f"{card!r} is not a card (use Card.parse('R7'))", "play.match")
    if move.color is not None and not isinstance(move.color, Color):
        return _no(f"{move.color!r} is not a colour (use Color.RED ...)", "wild.any-time")
    hand = state.hands[seat]
    if card not in hand:
        return _no(f"seat {seat} holds no {card.code}", "play.match")
    if seat != state.current:
        return _not_your_turn(state, seat)
    phase = state.phase
    if phase is Phase.CHOOSE_COLOR:
        return _no(f"seat {seat} must first name the colour of the Wild start card", "start.wild")
    if card.is_wild and move.color is None:
        ids = rules.wd4.rule_ids if card.face is Face.WILD_DRAW_FOUR else rules.wild.rule_ids
        return _no(f"laying {card.code} the player must name a colour", *ids)
    if not card.is_wild and move.color is not None:
        return _no(f"{card.code} is not a wild card: no colour is named with it", "play.match")
    top = state.top
    if phase is Phase.OWE:
        rid = rules.stacking.answers(top, card)
        if rid is None:
            effect = rules.actions.effect(top, len(state.hands))
            cited = rules.stacking.rule_ids or ((effect.rule_id,) if effect else ("play.in-turn",))
            return _no(
                f"seat {seat} owes {state.owed} cards after {top.code}: it must draw them and "
                f"loses the turn; {card.code} cannot answer it",
                *cited,
            )
        if card.face is Face.WILD_DRAW_FOUR:
            status = play_status(rules, hand, card, top, state.color)
            if not status.legal:
                return status
        return _ok(f"{card.code} may answer {top.code}: the total passes on", rid)
    if phase is Phase.DRAWN and card != state.drawn:
        drawn = state.drawn.code if state.drawn else "?"
        return _no(
            f"after drawing, only the drawn card ({drawn}) may be played this turn",
            "draw.allowed-when-playable",
        )
    return play_status(rules, hand, card, top, state.color)


def _check_draw(state: GameState, move: Draw) -> Ruling:
    seat = move.player
    if seat != state.current:
        return _not_your_turn(state, seat)
    phase = state.phase
    if phase is Phase.CHOOSE_COLOR:
        return _no(f"seat {seat} must first name the colour of the Wild start card", "start.wild")
    if phase is Phase.OWE:
        why = "Wild Draw Four" if state.top.face is Face.WILD_DRAW_FOUR else "Draw Two"
        rid = state.rules.stacking.rule_ids[:1] or (
            "wd4.no-matching-colour" if why == "Wild Draw Four" else "action.draw-two",
        )
        return _ok(f"seat {seat} takes the {state.owed} cards it owes and loses the turn", *rid)
    if phase is Phase.DRAWN:
        return _no(
            f"seat {seat} has already drawn this turn: it may play the drawn card or "
            "keep it (pass)",
            *state.rules.drawing.rule_ids,
        )
    choice = state.rules.draw_choice
    if not choice.may_draw(_has_legal_play(state, seat)):
        return _no(
            f"seat {seat} holds a card that can be played and must play it", *choice.rule_ids
        )
    return _ok(
        "a player may draw instead of playing", *choice.rule_ids, *state.rules.drawing.rule_ids
    )


def _check_pass(state: GameState, move: Pass) -> Ruling:
    seat = move.player
    if seat != state.current:
        return _not_your_turn(state, seat)
    if state.phase is not Phase.DRAWN:
        return _no(
            "a player may only pass after drawing a card that fits; otherwise play or draw",
            *state.rules.drawing.rule_ids,
        )
    if state.rules.drawing.must_play:
        return _no("a drawn card that fits must be played", *state.rules.drawing.rule_ids)
    return _ok("the drawn card may be kept; the turn passes", *state.rules.drawing.rule_ids)


def _check_choose(state: GameState, move: ChooseColor) -> Ruling:
    if not isinstance(move.color, Color):
        return _no(f"{move.color!r} is not a colour (use Color.RED ...)", "start.wild")
    if state.phase is not Phase.CHOOSE_COLOR:
        return _no(
            "a colour is named this way only for a Wild start card; a wild card laid "
            "in play names its colour with the play",
            "start.wild",
        )
    if move.player != state.current:
        return _no(f"seat {state.current}, left of the dealer, names the colour", "start.wild")
    return _ok(
        "the player left of the dealer names the colour of the Wild start card", "start.wild"
    )


def _check_call(state: GameState, move: CallUno) -> Ruling:
    seat, rules = move.player, state.rules
    call_ids = rules.uno_call.rule_ids
    if seat == state.uno_missed:
        if rules.uno_call.late:
            return _ok(f"a late call protects seat {seat} until the window closes", *call_ids)
        return _no(
            "too late: the call had to come before the second-to-last card landed", *call_ids
        )
    if (
        seat == state.current
        and state.phase in (Phase.TURN, Phase.DRAWN, Phase.OWE)
        and len(state.hands[seat]) == 2
        and state.uno_called != seat
        and any(
            check(state, Play(seat, c, COLORS[0] if c.is_wild else None)).allowed
            for c in set(state.hands[seat])
        )
    ):
        return _ok(f"seat {seat} is about to lay its second-to-last card", *call_ids)
    if state.uno_called == seat:
        return _no(f"seat {seat} has already called UNO", *call_ids)
    return _no(
        f"seat {seat} has no UNO call due: a call is made when laying the second-to-last card",
        *call_ids,
    )


def _check_catch(state: GameState, move: CatchUno) -> Ruling:
    seat, target, rules = move.player, move.target, state.rules
    bad = _seat_error(state, target, "target seat")
    if bad is not None:
        return bad
    if target == seat:
        return _no("a player cannot point out their own missed call", *rules.uno_penalty.rule_ids)
    if target == state.uno_missed:
        return _ok(
            f"seat {target} holds one card and has not called UNO", *rules.uno_penalty.rule_ids
        )
    if target == state.uno_called:
        return _no(f"seat {target} called UNO in time", *rules.uno_call.rule_ids)
    if len(state.hands[target]) == 1:
        return _no(
            f"too late: the window to point out seat {target}'s missed call has closed",
            *rules.uno_window.rule_ids,
        )
    return _no(
        f"seat {target} holds {len(state.hands[target])} cards: no UNO call is missing",
        *rules.uno_penalty.rule_ids,
    )


def _check_challenge(state: GameState, move: Challenge) -> Ruling:
    seat, policy = move.player, state.rules.challenge
    if not policy.enabled:
        return _no("these rules have no challenges", *policy.rule_ids)
    record = state.wd4
    if state.phase is not Phase.OWE or record is None:
        return _no(
            "there is no Wild Draw Four to challenge: only the card just laid on "
            "a player can be challenged, before they draw",
            *policy.rule_ids,
        )
    if seat != state.current and not (policy.anyone and seat != record.player):
        return _no(
            f"only seat {state.current}, on whom the Wild Draw Four was laid, may challenge it",
            *policy.rule_ids,
        )
    return _ok(f"seat {seat} may challenge the Wild Draw Four before drawing", *policy.rule_ids)


# --- legal moves ----------------------------------------------------------------------


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every move :func:`apply` accepts, of every seat, in a stable order.

    The current player's moves come first (plays in hand order, a wild card
    once per colour, then draw, pass, challenge, naming a colour), then the
    out-of-turn moves (UNO calls, catches). Bluffs are included (see
    :func:`unorules.explain`). Empty only when the round is over.

    Args:
        state: the position.

    Returns:
        A tuple of moves.
    """
    if state.phase is Phase.ROUND_OVER:
        return ()
    seat = state.current
    candidates: list[Move] = []
    if state.phase is Phase.CHOOSE_COLOR:
        candidates.extend(ChooseColor(seat, c) for c in COLORS)
    else:
        for card in dict.fromkeys(state.hands[seat]):
            if card.is_wild:
                candidates.extend(Play(seat, card, c) for c in COLORS)
            else:
                candidates.append(Play(seat, card))
        candidates += [Draw(seat), Pass(seat)]
        if state.wd4 is not None:
            candidates.extend(Challenge(s) for s in range(len(state.hands)))
    candidates.extend(CallUno(s) for s in range(len(state.hands)))
    if state.uno_missed is not None:
        candidates.extend(CatchUno(s, state.uno_missed) for s in range(len(state.hands)))
    return tuple(m for m in candidates if check(state, m).allowed)


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
        "hands",
        "log",
        "owed",
        "phase",
        "reshuffles",
        "rules",
        "s",
        "shuffles",
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
        self.shuffles = s.shuffles
        self.reshuffles = s.reshuffles
        self.winner: int | None = None
        self.exhausted = False
        self.log = log

    def say(self, rule_id: str, text: str) -> None:
        if self.log is not None:
            self.log.append((rule_id, text))

    def seat_after(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % len(self.hands)

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
        if n:
            short = f" (only {len(got)} left to draw)" if len(got) < n else ""
            self.say(rule_id, f"seat {seat} draws {n} card{'s' if n != 1 else ''}{short}{why}")
        return got

    def reshuffle(self) -> None:
        below = self.discard[:-1]
        if not below:
            return
        cards = list(below)
        rng_for(self.s.seed, self.s.round_number, self.shuffles).shuffle(cards)
        self.shuffles += 1
        self.reshuffles += 1
        self.draw = tuple(cards)
        self.discard = self.discard[-1:]
        self.say(
            "pile.reshuffle",
            f"the draw pile is empty: the discard pile but its top card "
            f"({len(cards)} cards) is shuffled into a new draw pile",
        )

    def close_windows(self, mover: int, is_play: bool) -> None:
        """A play or draw closes the UNO windows of other seats."""
        rules = self.rules
        if self.uno_called is not None and self.uno_called != mover:
            self.uno_called = None
        missed = self.uno_missed
        if missed is None or missed == mover or not (is_play or rules.uno_window.on_draw):
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

    def freeze(self) -> GameState:
        s = self.s
        hands = tuple(self.hands)
        missed = self.uno_missed
        if missed is not None and len(hands[missed]) != 1:
            missed = None
        called = self.uno_called
        if called is not None and len(hands[called]) > 2:
            called = None
        scores = s.scores
        phase = self.phase
        winner = self.winner
        if self.exhausted and phase is not Phase.ROUND_OVER:
            phase, winner, scores = _score_exhausted(self, hands)
        elif phase is Phase.ROUND_OVER and winner is not None:
            scores = _score_win(self, hands, winner)
        if phase is Phase.ROUND_OVER:
            missed = called = None
        return GameState(
            rules=s.rules,
            hands=hands,
            draw_pile=self.draw,
            discard_pile=self.discard,
            color=self.color,
            current=self.current,
            direction=self.direction,
            phase=phase,
            owed=self.owed,
            wd4=self.wd4,
            drawn=self.drawn,
            uno_called=called,
            uno_missed=missed,
            dealer=s.dealer,
            scores=scores,
            winner=winner,
            round_number=s.round_number,
            seed=s.seed,
            shuffles=self.shuffles,
            turns=s.turns + 1,
            reshuffles=self.reshuffles,
            out_of_play=s.out_of_play,
        )


def _score_win(w: _Work, hands: tuple[tuple[Card, ...], ...], winner: int) -> tuple[int, ...]:
    values = w.rules.card_values
    worth = [values.hand_value(h) if i != winner else 0 for i, h in enumerate(hands)]
    gained = sum(worth)
    parts = " + ".join(str(v) for i, v in enumerate(worth) if i != winner)
    w.say(values.rule_ids[0], f"the other hands are worth {parts} = {gained} points")
    w.say("score.winner-takes", f"seat {winner} scores {gained} points")
    return tuple(v + (gained if i == winner else 0) for i, v in enumerate(w.s.scores))


def _score_exhausted(
    w: _Work, hands: tuple[tuple[Card, ...], ...]
) -> tuple[Phase, int | None, tuple[int, ...]]:
    values = [w.rules.card_values.hand_value(h) for h in hands]
    low = min(values)
    w.say(
        "pile.exhausted",
        "no cards are left to draw or reshuffle: the round ends and hands are scored as they stand",
    )
    if values.count(low) > 1:
        w.say("pile.exhausted", "the lowest hand value is shared: nobody scores")
        return Phase.ROUND_OVER, None, w.s.scores
    winner = values.index(low)
    return Phase.ROUND_OVER, winner, _score_win(w, hands, winner)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``. ``state`` is never changed.

    Args:
        state: the position.
        move: a move :func:`check` allows (every move of
            :func:`legal_moves`, bluffs included).

    Returns:
        The new state.

    Raises:
        IllegalMove: when the rules refuse the move; ``.rule_ids`` cites the
            rules it breaks and the message names the move and the situation.
    """
    return apply_logged(state, move, None)


def apply_logged(state: GameState, move: Move, log: Log | None) -> GameState:
    """:func:`apply`, appending ``(rule_id, sentence)`` for each effect to ``log``."""
    ruling = check(state, move)
    if not ruling.allowed:
        raise IllegalMove(
            f"illegal move {move}: {ruling.reason} [{', '.join(ruling.rule_ids)}] (in {state!r})",
            move,
            ruling.rule_ids,
        )
    w = _Work(state, log)
    if isinstance(move, Play):
        _do_play(w, move)
    elif isinstance(move, Draw):
        _do_draw(w, move.player)
    elif isinstance(move, Pass):
        w.say(ruling.rule_ids[0], f"seat {move.player} keeps the drawn card")
        _end_turn(w, w.seat_after(move.player))
    elif isinstance(move, ChooseColor):
        w.color = move.color
        w.phase = Phase.TURN
        w.say("start.wild", f"seat {move.player} names {move.color.value} and plays on")
    elif isinstance(move, CallUno):
        if w.uno_missed == move.player:
            w.uno_missed = None
        w.uno_called = move.player
        w.say(ruling.rule_ids[0], f"seat {move.player} calls UNO")
    elif isinstance(move, CatchUno):
        _do_catch(w, move)
    else:
        _do_challenge(w, move)
    return w.freeze()


def _end_turn(w: _Work, nxt: int) -> None:
    w.current = nxt
    w.phase = Phase.TURN
    w.drawn = None
    w.owed = 0
    w.wd4 = None


def _do_play(w: _Work, move: Play) -> None:
    rules, seat, card = w.rules, move.player, move.card
    w.close_windows(seat, is_play=True)
    hand = list(w.hands[seat])
    hand.remove(card)
    w.hands[seat] = tuple(hand)
    stacking = w.phase is Phase.OWE
    previous_color = w.color
    w.discard = (*w.discard, card)
    w.color = move.color if card.is_wild else card.color
    w.drawn = None
    named = f" naming {w.color.value}" if card.is_wild and w.color else ""
    w.say("play.one-card", f"seat {seat} lays {card.code}{named}")
    if len(hand) == 1 and w.uno_called != seat:
        w.uno_missed = seat
        w.say(rules.uno_call.rule_ids[0], f"seat {seat} holds one card and has not called UNO")
    players = len(w.hands)
    effect = rules.actions.effect(card, players)
    if not hand:
        w.winner = seat
        w.phase = Phase.ROUND_OVER
        w.say("end.last-card", f"seat {seat} has laid its last card and wins the round")
        if effect is not None and effect.draw:
            if rules.going_out.last_card_effect:
                victim = w.seat_after(seat)
                w.take(
                    victim,
                    w.owed + effect.draw if stacking else effect.draw,
                    " (the last card's draw still applies)",
                    "end.last-card-draw-applies",
                )
            else:
                w.say("end.last-card-no-effect", "the last card's draw has no effect")
        w.owed = 0
        w.wd4 = None
        return
    record = None
    if card.face is Face.WILD_DRAW_FOUR and rules.challenge.enabled and rules.wd4.restricted:
        rest = hand
        broke = rules.wd4.breaks(rest, w.s.top, previous_color)
        record = Wd4Record(seat, broke, previous_color)
    if effect is None:
        _end_turn(w, w.seat_after(seat))
        return
    if effect.reverse:
        w.direction = -w.direction
        w.say(
            effect.rule_id,
            "the direction of play is reversed"
            + (f": seat {seat} plays again" if effect.skip else ""),
        )
    if effect.draw:
        victim = w.seat_after(seat)
        owed = (w.owed if stacking else 0) + effect.draw
        _end_turn(w, victim)
        w.phase = Phase.OWE
        w.owed = owed
        w.wd4 = record
        rid = rules.stacking.rule_ids[0] if stacking else effect.rule_id
        w.say(
            rid,
            f"seat {victim} owes {owed} cards: it draws them and loses its turn"
            + (", unless it stacks" if rules.stacking.rule_ids else "")
            + (" or challenges" if record is not None else ""),
        )
        return
    if effect.skip and not effect.reverse:
        w.say(effect.rule_id, f"seat {w.seat_after(seat)} is skipped")
    _end_turn(w, w.seat_after(seat, 1 + effect.skip))


def _fits(w: _Work, seat: int, card: Card) -> bool:
    status = play_status(w.rules, w.hands[seat], card, w.discard[-1], w.color)
    return status.allowed


def _do_draw(w: _Work, seat: int) -> None:
    rules = w.rules
    w.close_windows(seat, is_play=False)
    if w.phase is Phase.OWE:
        rid = (
            "action.draw-two" if w.discard[-1].face is Face.DRAW_TWO else ("wd4.no-matching-colour")
        )
        w.take(
            seat,
            w.owed,
            " and loses the turn",
            rules.stacking.rule_ids[0] if rules.stacking.rule_ids else rid,
        )
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


def _do_catch(w: _Work, move: CatchUno) -> None:
    penalty = w.rules.uno_penalty
    w.uno_missed = None
    if penalty.cards:
        w.take(
            move.target,
            penalty.cards,
            f": seat {move.player} caught the missed UNO call",
            penalty.rule_ids[0],
        )
    else:
        w.say(penalty.rule_ids[0], f"seat {move.target} is reminded to call UNO")


def _do_challenge(w: _Work, move: Challenge) -> None:
    policy, record = w.rules.challenge, w.wd4
    assert record is not None  # guaranteed by check
    w.close_windows(move.player, is_play=False)
    rid = policy.rule_ids[0]
    w.wd4 = None
    victim = w.current
    if record.broke_rule:
        w.say(rid, f"the challenge succeeds: seat {record.player} held a card it could have played")
        w.take(record.player, policy.bluff_penalty, " for the bluff", rid)
        w.owed -= 4
        if w.owed <= 0:
            w.owed = 0
            w.phase = Phase.TURN
            named = w.color.value if w.color else "?"
            w.say(rid, f"seat {victim} draws nothing and plays on {named}")
        return
    w.say(rid, f"the challenge fails: seat {record.player}'s Wild Draw Four was legal")
    w.take(move.player, w.owed + policy.failed_penalty, " and loses the turn", rid)
    _end_turn(w, w.seat_after(victim))
