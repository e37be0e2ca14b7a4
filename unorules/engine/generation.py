"""Move generation: :func:`legal_moves` lists every move that
:func:`~unorules.engine.checking.check` allows."""

from __future__ import annotations

from collections.abc import Sequence

from unorules import reasons as rs
from unorules.cards import Card, Color
from unorules.engine.checking import (
    _LEGAL,
    _REFUSED,
    _SEAT_MOVES,
    Ruling,
    _allowance,
    _may_draw,
    _need_state,
    _play_candidates,
    _plays,
    _rule,
    _seat_moves,
    _seat_plays,
    nothing_to_draw,
    series_plays,
)
from unorules.engine.plan import Plan, foreign, foreign_failure, plan
from unorules.errors import UnoError
from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from unorules.state import GameState, PendingKind, Phase

__all__ = ["legal_moves", "turn_moves"]


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
    the answer is kept on the state itself (no part of its value: see
    :class:`~unorules.state.GameState`), so asking again costs nothing and
    :func:`apply` of one of its move objects on that very state does not
    check it again.

    Args:
        state: the position.

    Returns:
        A tuple of moves.

    Raises:
        TypeError: when ``state`` is not a :class:`GameState`.
        PolicyError: when a policy of the table's own raised.
    """
    if isinstance(state, GameState):
        kept = state._legal
        if kept is not None:
            return kept
    _need_state(state)
    try:
        moves = _generate(state)
    except UnoError:
        raise
    except Exception as error:
        if foreign(state.rules):
            raise foreign_failure(state.rules, error) from error
        raise
    # The answer is kept on the state, outside its value (see _keep_answer).
    object.__setattr__(state, "_legal", moves)
    return moves


def turn_moves(state: GameState) -> tuple[Move, ...]:
    """The moves that take the turn of the seat whose turn it is.

    Exactly the moves of :func:`legal_moves` whose ``player`` is
    ``state.current`` and that are neither an UNO call (``CallUno``) nor a
    catch (``CatchUno``), in the same order: the plays, drawing, passing,
    a challenge, naming a colour. Calls and catches, which the rules let any
    seat make whenever its window is open (``uno.call``, ``uno.penalty``),
    and moves of other seats (jump-ins, others' challenges) are left out.
    For agents that act only on their own turn and never call UNO; empty
    only when the round is over. :func:`apply` trusts these move objects as
    it trusts those of :func:`legal_moves`.

    Args:
        state: the position.

    Returns:
        A tuple of moves, all of seat ``state.current``.

    Raises:
        TypeError: when ``state`` is not a :class:`GameState`.
        PolicyError: when a policy of the table's own raised.

    >>> import unorules as ur
    >>> state = ur.new_round(ur.presets.official(), players=3, seed=1)
    >>> [str(m) for m in ur.turn_moves(state)]
    ['0 play R9', '0 play R4', '0 play G8', '0 draw']
    """
    if isinstance(state, GameState):
        kept = state._turn
        if kept is not None:
            return kept
    else:
        _need_state(state)
    try:
        moves = _listed(state, True)
    except UnoError:
        raise
    except Exception as error:
        if foreign(state.rules):
            raise foreign_failure(state.rules, error) from error
        raise
    # Kept on the state, outside its value, as legal_moves keeps its answer.
    object.__setattr__(state, "_turn", moves)
    return moves


def _keep_answer(state: GameState, moves: tuple[Move, ...]) -> None:
    """Keep ``moves`` on ``state`` as its :func:`legal_moves` answer, which
    :func:`apply` trusts. The state is frozen, but the answer is no part of
    its value (equality, hashing, repr and JSON leave it out), so
    ``object.__setattr__`` sets the slot past the frozen ``__setattr__``."""
    # The state is frozen; this slot is a cache outside its value, so it is
    # set past the frozen __setattr__ (the position itself never changes).
    object.__setattr__(state, "_legal", moves)


def _drop_answer(state: GameState) -> None:
    """Drop the answers kept on ``state``, so that :func:`apply` checks any
    move on it in full (for tests and benchmarks)."""
    object.__setattr__(state, "_legal", None)
    object.__setattr__(state, "_turn", None)


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
    return _listed(state, False)


def _listed(state: GameState, turn_only: bool) -> tuple[Move, ...]:
    """:func:`_generate`; with ``turn_only`` only the moves that take the
    turn of the current seat (:func:`turn_moves`)."""
    phase = state.phase
    if phase is _ROUND_OVER:
        return ()
    seat = state.current
    rules = state.rules
    # plan(rules), without the call once it is made.
    kept: Plan | None = rules._derived.get(Plan)  # type: ignore[assignment]
    known = kept if kept is not None else plan(rules)
    if phase is _CHOOSE_COLOR:
        out: list[Move] = [
            m for m in _choices(seat, rules.colors_for(state.top)) if _rule(state, m).allowed
        ]
        if not turn_only:
            anyone = known.false_call is not None or bool(known.jumpers(state.top))
            out += _calls_and_catches(state, anyone, known)
        return tuple(out)
    hands = state.hands
    hand = hands[seat]
    top = state.discard_pile[-1]
    if phase is _TURN and len(hand) > 1:
        # The plays one copy at a time, and whether one of them is lawful
        # (the question of checking._has_legal_play), or None when that
        # needs the full search (a card that names a seat or may be laid
        # with other copies).
        color = state.color
        fits = known._fitting.get((top, color)) or known.fitting(top, color)
        players = len(hands)
        seats = known._seats.get(players) or known.seats(players)
        full = seats.full
        plays = known._seat_plays.get(seat) or _seat_plays(known, seat)
        out = []
        lawful: bool | None = False
        # A misplay the match policy lists: laid, it goes back at a cost.
        misplays = known.misplays(top, color) if known.lists_misplays else None
        for card in dict.fromkeys(hand):
            if card not in full:
                if card in fits:
                    out.append(plays[card][0])
                    lawful = True
                elif misplays is not None and card in misplays:
                    out.append(plays[card][0])
            elif card in seats.involved:
                out += _card_plays(state, seat, card, known)
                if not lawful:
                    lawful = None
            else:
                # A wild card: what _check_play comes to for it here (one
                # copy, naming no seat, not the last card) is play_status,
                # whatever colour is named.
                status = _allowance(known, hand, card, top, color)
                if status:
                    out += plays[card]
                    if status == _LEGAL:
                        lawful = True
        if known.series:
            # Plays of several different cards (Play.more): each checked.
            for card in dict.fromkeys(hand):
                if known.followers(card):
                    out.extend(
                        m
                        for m in series_plays(state, seat, card)
                        if _listable(_rule(state, m), known)
                    )
        # What _may_draw answers, from what the plays have shown.
        if lawful is None:
            may = _may_draw(state, seat)
        else:
            stuck = not known.never_stuck and rules.going_out.stuck(hand) is not None
            may = known.draw_when_playable or (not lawful and known.draw_when_stuck) or stuck
            if may and lawful and not stuck and nothing_to_draw(state):
                may = rules.piles.may_draw_from_nothing(True)  # pile.nothing-to-draw
            if known.full is not None and known.full(len(hand)) is not None:
                may = _may_draw(state, seat)
        if may:
            out.append((_SEAT_MOVES.get(seat) or _seat_moves(seat))[0])
        elif known.full is not None and _rule(state, _seat_moves(seat)[1]).allowed:
            out.append(_seat_moves(seat)[1])  # house.hand-limit: a pass without drawing
        if state.wd4 is None and turn_only:
            return tuple(out)
    elif (
        phase is _TURN
        and hand
        and hand[0] not in known.seats(len(hands)).involved
        and rules.match.lay(hand[0], 1) is None
    ):
        own = _seat_moves(seat)
        # The last card, laid alone and naming no seat: what _check_play
        # comes to is the going-out rules, then play_status.
        card = hand[0]
        missing = seat in state.uncalled or seat == state.uno_missed
        status = _REFUSED
        if rules.going_out.may_go_out(card) is None and rules.uno_call.may_go_out(missing) is None:
            status = _allowance(known, hand, card, top, state.color)
        out = list(_plays(seat, card, known.colors_for(card))) if status else []
        may = (
            known.draw_when_playable
            or (status != _LEGAL and known.draw_when_stuck)
            or rules.going_out.stuck(hand) is not None
        )
        if may and status == _LEGAL and rules.going_out.stuck(hand) is None:
            may = not nothing_to_draw(state) or rules.piles.may_draw_from_nothing(True)
        if known.full is not None and known.full(len(hand)) is not None:
            may = _may_draw(state, seat)
        if may:
            out.append(own[0])
        elif known.full is not None and _rule(state, own[1]).allowed:
            out.append(own[1])  # house.hand-limit: a pass without drawing
    elif phase is _DRAWN and state.drawn is not None:
        own = _SEAT_MOVES.get(seat) or _seat_moves(seat)
        card = state.drawn
        n = len(hands)
        if len(hand) > 1 and card not in (known._seats.get(n) or known.seats(n)).full:
            # A coloured card that names no seat, laid alone and not the
            # last: as in a normal turn, it is listed when it fits (or is a
            # misplay the match policy lists).
            color = state.color
            if card in (known._fitting.get((top, color)) or known.fitting(top, color)) or (
                known.lists_misplays and card in known.misplays(top, color)
            ):
                out = [(known._seat_plays.get(seat) or _seat_plays(known, seat))[card][0]]
            else:
                out = []
        else:
            out = _card_plays(state, seat, card, known)
        # What _check_pass answers after drawing: the drawing policy's.
        if known.keeps_drawn:
            out.append(own[1])
    elif phase is _OWE:
        own = _SEAT_MOVES.get(seat) or _seat_moves(seat)
        answers = known.answers(top, state.color)
        out = [
            m
            for card in dict.fromkeys(hand)
            if card in answers
            for m in _card_plays(state, seat, card, known)
        ]
        # What _check_draw and _check_pass answer for the current seat owing:
        # cards owed are taken by drawing, a skip by passing.
        pending = state.pending
        skip = pending is not None and pending.kind is PendingKind.SKIP
        if hand:
            out.append(own[1] if skip else own[0])
    else:
        own = _seat_moves(seat)
        out = [m for m in _play_candidates(state, seat, hand) if _listable(_rule(state, m), known)]
        if phase is _TURN:
            if hand and _may_draw(state, seat):
                out.append(own[0])
            elif hand and known.full is not None and _rule(state, own[1]).allowed:
                out.append(own[1])  # house.hand-limit: a pass without drawing
        else:
            if _rule(state, own[0]).allowed:
                out.append(own[0])
            pending = state.pending
            skip = pending is not None and pending.kind is PendingKind.SKIP
            if skip and _rule(state, own[1]).allowed:
                out.append(own[1])
    if state.wd4 is not None:
        for s in (seat,) if turn_only else range(len(hands)):
            challenge = _seat_moves(s)[3]
            if _rule(state, challenge).allowed:
                out.append(challenge)
    if known.jumping and not turn_only:
        jumpers = known.jumpers(top)
        if jumpers:
            for other in range(len(hands)):
                if other != seat:
                    cards = [c for c in dict.fromkeys(hands[other]) if c in jumpers]
                    out.extend(
                        m
                        for m in _play_candidates(state, other, cards)
                        if _listable(_rule(state, m), known)
                    )
        out += _calls_and_catches(state, known.false_call is not None or bool(jumpers), known)
    elif not turn_only:
        out += _calls_and_catches(state, known.false_call is not None, known)
    return tuple(out)


_CHOICES: dict[tuple[int, tuple[Color, ...]], tuple[ChooseColor, ...]] = {}


def _choices(seat: int, colors: tuple[Color, ...]) -> tuple[ChooseColor, ...]:
    """The shared ``ChooseColor`` moves of ``seat``, one per colour of
    ``colors`` (the deck's, :attr:`Plan.colors`)."""
    key = (seat, colors)
    got = _CHOICES.get(key)
    if got is None:
        got = _CHOICES[key] = tuple(ChooseColor(int(seat), c) for c in colors)
    return got


_ROUND_OVER = Phase.ROUND_OVER
_CHOOSE_COLOR = Phase.CHOOSE_COLOR
_TURN = Phase.TURN
_DRAWN = Phase.DRAWN
_OWE = Phase.OWE


def _card_plays(state: GameState, seat: int, card: Card, known: Plan) -> list[Move]:
    """The allowed plays of ``card`` by ``seat``. Unless the card swaps hands
    or several copies may be laid, the colour named with a wild card changes
    nothing but the colour, so one check answers for all four."""
    n = len(state.hands)
    if known.gives and card in known.seats(n).giving:
        # Plays that hand cards to a seat: each seat and set of cards, checked.
        return [
            m
            for m in _play_candidates(state, seat, (card,), series=False)
            if _listable(_rule(state, m), known)
        ]
    targeted = card in known.targeted(n)
    if targeted or (known.several and card in known.full_check(n)):
        candidates = _play_candidates(state, seat, (card,), series=False)
        if targeted:
            # A play that names a swap target exactly when it needs none, or
            # none when it needs one, is refused for its form (_check_swap).
            size = len(state.hands[seat])
            effect = known.effect(card, n)
            optional = effect is not None and effect.target == "optional"
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
        return [m for m in candidates if _listable(_rule(state, m), known)]
    plays = _plays(seat, card, known.colors_for(card))
    phase = state.phase
    hand = state.hands[seat]
    if (
        seat == state.current
        and len(hand) > 1
        and (phase is _TURN or (phase is _DRAWN and card == state.drawn))
        and state.rules.match.lay(card, 1) is None
    ):
        # What _check_play comes to for one copy, naming no seat, in a normal
        # turn or after drawing, that is not the last card: play_status.
        allowed = _allowance(known, hand, card, state.top, state.color) != _REFUSED
    else:
        allowed = _listable(_rule(state, plays[0]), known)
    return list(plays) if allowed else []


def _listable(ruling: Ruling, known: Plan) -> bool:
    """Whether ``legal_moves`` lists the move ``ruling`` is about: one
    ``check`` allows, unless a misplay the match policy does not list
    (``Misplay.listed``)."""
    if not ruling.allowed:
        return False
    why = ruling.why
    if isinstance(why, rs.Misplayed):
        return why.card in known.misplays(why.top, why.color)
    return True


def _calls_and_catches(state: GameState, anyone: bool, known: Plan) -> list[Move]:
    """The UNO calls and catches that count; ``anyone``: a seat other than
    the current one (or the one that missed its call) may have a call due
    (a false call is priced, or a seat may jump in)."""
    n = len(state.hands)
    missed = state.uno_missed
    false_call = known.false_call is not None
    if anyone:
        callers: Sequence[int] = range(n)
    else:
        callers = (
            (state.current,)
            if missed is None or missed == state.current
            else sorted((state.current, missed))
        )
    many = (
        false_call
        or known.several
        or known.series
        or known.calls_any_size
        or known.gives
        or known.takes_more
    )
    if (
        missed is None
        and not many
        and len(callers) == 1
        and len(state.hands[callers[0]]) != 2
        and not (known.catch_any_time and state.uncalled)
    ):
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
    if known.catch_any_time:
        # uno.catch-any-time: a missing call whose window would have closed.
        for t in state.uncalled:
            if t != missed and len(state.hands[t]) == 1 and t not in state.uno_caught:
                out.extend(m for m in (_catch(s, t) for s in range(n)) if _counts(_rule(state, m)))
    return out


_CATCHES: dict[tuple[int, int], CatchUno] = {}


def _catch(seat: int, target: int) -> CatchUno:
    got = _CATCHES.get((seat, target))
    if got is None:
        got = _CATCHES[seat, target] = CatchUno(int(seat), int(target))
    return got


def _reference_moves(state: GameState) -> tuple[Move, ...]:
    """Every candidate move of every seat that :func:`_rule` allows (but a
    misplay the match policy does not list): the plain generate-and-test
    definition of :func:`legal_moves`, kept for the tests that hold the fast
    generator to it."""
    _need_state(state)
    if state.phase is Phase.ROUND_OVER:
        return ()
    seat = state.current
    n = len(state.hands)
    candidates: list[Move] = []
    if state.phase is Phase.CHOOSE_COLOR:
        candidates.extend(ChooseColor(seat, c) for c in state.rules.colors_for(state.top))
    else:
        candidates += _play_candidates(state, seat, state.hands[seat])
        candidates += [Draw(seat), Pass(seat)]
        if state.wd4 is not None:
            candidates.extend(Challenge(s) for s in range(n))
        jumpers = plan(state.rules).jumpers(state.top)
        for other in range(n):
            if other != seat:
                cards = [c for c in dict.fromkeys(state.hands[other]) if c in jumpers]
                candidates += _play_candidates(state, other, cards)
    candidates.extend(CallUno(s) for s in range(n))
    if state.uno_missed is not None:
        candidates.extend(CatchUno(s, state.uno_missed) for s in range(n))
    known = plan(state.rules)
    if known.catch_any_time:
        for t in state.uncalled:
            if t != state.uno_missed:
                candidates.extend(CatchUno(s, t) for s in range(n))
    return tuple(
        m for m in candidates if _counts(ruling := _rule(state, m)) and _listable(ruling, known)
    )


def _counts(ruling: Ruling) -> bool:
    """Whether a move :func:`legal_moves` lists: allowed and not void."""
    return ruling.allowed and not ruling.void
