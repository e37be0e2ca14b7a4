"""Applying moves: :func:`apply` returns the state after a move that
:func:`~unorules.engine.checking.check` allows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from unorules.cards import Card, Face
from unorules.engine import generation
from unorules.engine.checking import (
    Ruling,
    _effect_rule,
    _owed_rules,
    check,
    draw_rule,
    play_status,
    rng_for,
)
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
from unorules.rules.policies import ActionEffect, AfterDraw, game_outcome
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Phase, Wd4Record, _made

__all__ = ["apply", "apply_logged"]

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
            and self.rules.challenge.outcome(record.card, True, True).take_back
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
        if not rules.uno_window.closes(is_play):
            return
        self.uno_missed = None
        penalty = rules.uno_penalty.caught()
        if rules.strict and penalty.cards:
            self.take(
                missed,
                penalty.cards,
                ": its missed UNO call is penalised as the window closes",
                penalty.rule_id,
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
                rules.scoring.rule_ids[-1],
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
    last = generation._LAST
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
    if custom:
        after = _custom_effect(after, move.player, log)
    return after


def _custom_effect(state: GameState, player: int, log: Log | None) -> GameState:
    policy = state.rules.custom_card
    new = policy.own_rule(state, player)
    if new is None:
        return state
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
    if w.rules.going_out.plays_on(w.in_play()):
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


def _move_hands(w: _Work, move: Play, effect: ActionEffect) -> None:
    """The hand moves of a Wild Swap Hands or a 7/0 under ``house.seven-zero``."""
    seat = move.player
    if move.swap_with is not None:
        t = move.swap_with
        w.hands[seat], w.hands[t] = w.hands[t], w.hands[seat]
        _hands_moved(w, seat, (seat, t))
        w.say(effect.rule_id, f"seat {seat} swaps hands with seat {t}")
    elif effect.special == "swap":
        w.say((effect.rule_id, *effect.also)[-1], f"seat {seat} chooses not to swap hands")
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
        w.say(effect.rule_id, "every hand passes one seat on in the direction of play")


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
        penalty = rules.challenge.outcome(taken_back.card, True, True).layer_draws
        w.take(
            seat,
            penalty,
            f" for its bluff, now that {card.code} lies in place of the Wild Draw Four",
            "challenge.take-back",
        )
        hand = list(w.hands[seat])
    if len(hand) == 1 and w.uno_called != seat:
        w.uno_missed = seat
        if not rules.uno_call.late(False) and seat not in w.uncalled:
            w.uncalled = (*w.uncalled, seat)
        w.say(rules.uno_call.rule_ids[0], f"seat {seat} holds one card and has not called UNO")
    players = w.in_play() + (0 if hand else 1)
    effect = rules.effect(card, players)
    special = effect.special if effect is not None else ""
    redeal_last = not hand and not rules.going_out.last_card(card, effect).goes_out
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
    elif hand and effect is not None and special in ("swap", "pass-on"):
        _move_hands(w, move, effect)
    challengeable = rules.challenge.challengeable(card) is not None
    record: Wd4Record | None = None
    if challengeable and card.face is Face.WILD_DRAW_FOUR:
        if rules.wd4.restricts(previous_top, previous_color):
            broke = rules.wd4.breaks(hand, previous_top, previous_color)
            record = Wd4Record(seat, broke, previous_color)
    elif challengeable and card.face is Face.WILD:
        broke = not rules.wild.allows([*hand, card], previous_top, previous_color)
        record = Wd4Record(seat, broke, previous_color, card)
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
        rid = (
            rules.stacking.answers(previous_top, card, w.color) if stacking else None
        ) or draw_rule(rules, card)
        stackable = rules.stacking.answerable(card, w.color)
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
    play_on = rules.going_out.plays_on(w.in_play())
    if draw and not play_on:
        last = rules.going_out.last_card(card, effect)
        if last.draw_applies:
            victim = w.seat_after(seat)
            w.take(
                victim,
                (w.owed if stacking else 0) + draw,
                " (the last card's draw still applies)",
                last.rule_id,
            )
        else:
            w.say(last.rule_id, "the last card's draw has no effect")
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
        w.take(
            seat, w.owed, " and loses the turn", _owed_rules(rules, w.discard, w.owed, w.color)[0]
        )
        _end_turn(w, w.seat_after(seat))
        return
    w.wd4 = None
    stuck = rules.going_out.stuck(w.hands[seat])
    if stuck is not None:
        w.take(seat, stuck.cards, ": its last card cannot win", stuck.rule_id)
        _end_turn(w, w.seat_after(seat))
        return
    drawing = rules.drawing
    rid = drawing.drawn(False).rule_id
    while True:
        got = w.take(seat, 1, "", rid)
        if not got:
            return
        card = got[0]
        fits = _fits(w, seat, card)
        after = drawing.drawn(fits)
        if fits:
            w.phase = Phase.DRAWN
            w.drawn = card
            if w.log is not None:
                must = after.then is AfterDraw.MUST_PLAY
                w.say(
                    after.rule_id,
                    f"the drawn card fits: seat {seat} "
                    + ("must play it" if must else "may play it or keep it"),
                )
            return
        if after.then is not AfterDraw.DRAW_AGAIN:
            break
    w.say(rid, "the drawn card does not fit: the turn passes")
    _end_turn(w, w.seat_after(seat))


def _do_call(w: _Work, seat: int, ruling: Ruling) -> None:
    if ruling.void:
        w.say(ruling.rule_ids[0], f"seat {seat} calls UNO; {ruling.reason}")
        return
    if ruling.penalty is not None:
        w.take(seat, ruling.penalty.cards, ": no UNO call was due", ruling.penalty.rule_id)
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
    penalty = w.rules.uno_penalty.caught()
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
            penalty.rule_id,
        )
    else:
        w.say(penalty.rule_id, f"seat {move.target} is reminded to call UNO")


def _bluff_penalty(rules: RuleSet, record: Wd4Record | None) -> int:
    """The cards the layer of ``record`` draws for a caught bluff."""
    if record is None:
        return 0
    return rules.challenge.outcome(record.card, True, True).layer_draws


def _replay_draw(w: _Work, seat: int, why: str) -> None:
    """``challenge.take-back``: the bluffer lays no card in place of its Wild
    Draw Four: it takes what it owes again (a stacked total) and the 4 for
    its bluff, and the turn passes."""
    record = w.wd4
    debt = record.debt if record is not None else 0
    penalty = _bluff_penalty(w.rules, record)
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
    timeout = w.rules.timing.timeout()
    assert timeout is not None  # guaranteed by check
    if w.phase is Phase.REPLAY:
        w.take(seat, timeout.cards, ": its time ran out", timeout.rule_id)
        _replay_draw(w, seat, " as well")
        return
    owed = w.owed if w.phase is Phase.OWE else 0
    w.wd4 = None
    w.take(seat, owed + timeout.cards, ": its time ran out", timeout.rule_id)
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
    outcome = policy.outcome(record.card, record.broke_rule, move.player == victim)
    rid = outcome.rule_id
    if record.card.face is Face.WILD:
        if outcome.succeeds:
            w.say(
                rid,
                f"the challenge succeeds: seat {layer} held another card it could have played, "
                f"which {' and '.join(w.rules.wild.rule_ids)} forbids",
            )
            w.take(layer, outcome.layer_draws, " for the bluff", rid)
        else:
            w.say(rid, f"the challenge fails: seat {layer}'s Wild was legal")
            w.take(move.player, outcome.challenger_draws, " for the failed challenge", rid)
        return
    if outcome.succeeds:
        w.say(rid, f"the challenge succeeds: seat {layer} {_forbade(w.rules, record)}")
        # A Wild Draw Four that answered a stacked total passed that total on
        # unlawfully: it goes back to the bluffer.
        passed = max(w.owed - 4, 0)
        if outcome.take_back:
            if len(w.discard) > 1:
                _take_back(w, record, passed)
                return
            w.say(
                "challenge.take-back",
                "no card lies under the Wild Draw Four to lay another on: it stays",
            )
        w.owed = 0
        w.phase = Phase.TURN
        penalty = outcome.layer_draws
        if passed:
            w.take(
                layer,
                passed + penalty,
                f": the {passed} cards it passed on with the bluff come back to it, "
                f"and {penalty} for the bluff",
                rid,
            )
        else:
            w.take(layer, penalty, " for the bluff", rid)
        named = w.color.value if w.color else "?"
        w.say(rid, f"seat {victim} draws nothing and plays on {named}")
        return
    w.say(policy.rule_ids[0], f"the challenge fails: seat {layer}'s Wild Draw Four was legal")
    failed = outcome.challenger_draws
    if move.player != victim:
        w.take(move.player, failed, " for the failed challenge", rid)
        return
    why = f" ({w.owed} owed, {failed} for the failed challenge) and loses the turn"
    w.take(move.player, w.owed + failed, why, rid)
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
    penalty = _bluff_penalty(w.rules, record)
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
