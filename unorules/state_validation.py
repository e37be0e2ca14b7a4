"""State validation: whether a :class:`~unorules.state.GameState` is a position
that can exist.

One check, :func:`validate_state`, serves every way a state comes in from
outside the engine (:func:`unorules.serialize.loads`,
:func:`unorules.situation`) and the tests, which run it after every
:func:`unorules.apply`. (Rule-set validation, which reports inert and
contradicting rules, is :mod:`unorules.rules.validation`.)

>>> import attrs
>>> import unorules as ur
>>> state = ur.situation(ur.presets.official(), ["R3 G5", "B2 B9"], top="R7")
>>> ur.validate_state(state) is None
True
>>> ur.validate_state(attrs.evolve(state, draw_pile=()))
Traceback (most recent call last):
unorules.errors.StateError: cards: 103 cards of the deck are missing (deck.classic-108), 1 x R0, ...
"""

from __future__ import annotations

from collections import Counter

from unorules.cards import Card, Color, Face
from unorules.engine import play_status
from unorules.engine.plan import plan
from unorules.errors import StateError
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Pending, PendingKind, Phase, Wd4Record

__all__ = ["validate_state"]

_DRAW_FACES = (Face.DRAW_TWO, Face.WILD_DRAW_FOUR)


def _seat(name: str, seat: object, n: int, optional: bool = False) -> None:
    if seat is None and optional:
        return
    if type(seat) is not int:
        raise StateError(name, f"{seat!r} is not a seat number")
    if not 0 <= seat < n:
        raise StateError(name, f"seat {seat} does not exist (seats 0..{n - 1})")


def _count(name: str, value: object, least: int = 0) -> None:
    if type(value) is not int:
        raise StateError(name, f"{value!r} is not a whole number")
    if value < least:
        raise StateError(name, f"{value} is below {least}")


def _cards(name: str, cards: object) -> tuple[Card, ...]:
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise StateError(name, f"must be a tuple of Cards, not {cards!r}")
    return cards


def _shape(state: GameState) -> int:
    """Types, ranges and counters; returns the number of seats."""
    if not isinstance(state, GameState):
        raise StateError("state", f"a GameState is needed, not {state!r}")
    rules = state.rules
    if not isinstance(rules, RuleSet):
        raise StateError("rules", f"{rules!r} is not a RuleSet")
    if not isinstance(state.hands, tuple):
        raise StateError("hands", f"must be a tuple of hands, not {state.hands!r}")
    for i, hand in enumerate(state.hands):
        _cards(f"hands[{i}]", hand)
    _cards("draw_pile", state.draw_pile)
    _cards("discard_pile", state.discard_pile)
    _cards("out_of_play", state.out_of_play)
    n = len(state.hands)
    deck = rules.deck
    if not deck.min_players <= n <= deck.max_players:
        raise StateError(
            "hands",
            f"{n} seats, but the deck ({', '.join(deck.rule_ids)}) serves "
            f"{deck.min_players} to {deck.max_players} (players.range)",
        )
    if not isinstance(state.phase, Phase):
        raise StateError("phase", f"{state.phase!r} is not a Phase")
    if state.color is not None and not isinstance(state.color, Color):
        raise StateError("color", f"{state.color!r} is not a Color")
    if state.direction not in (1, -1) or type(state.direction) is not int:
        raise StateError("direction", f"must be 1 or -1, not {state.direction!r}")
    _seat("current", state.current, n)
    _seat("dealer", state.dealer, n)
    for name in ("winner", "uno_called", "uno_missed"):
        _seat(name, getattr(state, name), n, optional=True)
    _pending_shape(state, n)
    for name in ("owed", "shuffles", "turns", "reshuffles"):
        _count(name, getattr(state, name))
    _count("round_number", state.round_number, 1)
    if type(state.seed) is not int:
        raise StateError("seed", f"{state.seed!r} is not a whole number")
    if state.reshuffles > state.shuffles:
        raise StateError(
            "reshuffles",
            f"{state.reshuffles} reshuffles, but only {state.shuffles} shuffles were made",
        )
    if not isinstance(state.scores, tuple) or len(state.scores) != n:
        raise StateError("scores", f"{state.scores!r}: one total per seat ({n}) is needed")
    for i, score in enumerate(state.scores):
        _count(f"scores[{i}]", score)
    for name in ("uncalled", "finished"):
        group = getattr(state, name)
        if not isinstance(group, tuple):
            raise StateError(name, f"must be a tuple of seats, not {group!r}")
        for seat in group:
            _seat(name, seat, n)
        if len(set(group)) != len(group):
            raise StateError(name, f"a seat is listed twice in {list(group)}")
    if state.wd4 is not None:
        if not isinstance(state.wd4, Wd4Record):
            raise StateError("wd4", f"{state.wd4!r} is not a Wd4Record")
        _seat("wd4.player", state.wd4.player, n)
    if state.drawn is not None and not isinstance(state.drawn, Card):
        raise StateError("drawn", f"{state.drawn!r} is not a Card")
    return n


def _conservation(state: GameState) -> None:
    """Every card of the deck is in exactly one place."""
    placed: Counter[Card] = Counter(state.draw_pile)
    placed.update(state.discard_pile)
    placed.update(state.out_of_play)
    for hand in state.hands:
        placed.update(hand)
    full = Counter(state.rules.deck.cards())
    if placed == full:
        return
    deck = ", ".join(r for r in state.rules.deck.rule_ids if r != "players.range")
    extra = placed - full
    if extra:
        listed = ", ".join(
            f"{placed[c]} x {c.code}" + (f" (the deck holds {full[c]})" if full[c] else "")
            for c in extra
        )
        raise StateError("cards", f"more copies than the deck ({deck}) holds: {listed}")
    missing = full - placed
    total = sum(missing.values())
    listed = ", ".join(f"{k} x {c.code}" for c, k in list(missing.items())[:6])
    more = " ..." if len(missing) > 6 else ""
    raise StateError(
        "cards",
        f"{total} card{'s' if total != 1 else ''} of the deck "
        f"{'are' if total != 1 else 'is'} missing ({deck}), {listed}{more}; "
        "every card is in a hand, a pile or out_of_play",
    )


def _phases(state: GameState, n: int) -> None:
    """What each phase needs of the other fields."""
    phase = state.phase
    rules = state.rules
    hands = state.hands
    top = state.discard_pile[-1]
    over = phase is Phase.ROUND_OVER
    if phase is Phase.CHOOSE_COLOR:
        if state.color is not None or top.color is not None:
            raise StateError(
                "phase",
                f"'choose-color' is the naming of a Wild start card's colour (start.wild): "
                f"the top card is {top.code} and the colour {_shown(state.color)}",
            )
        if state.turns:
            raise StateError(
                "phase", f"'choose-color' comes before the first move, not after {state.turns}"
            )
    elif state.color is None:
        raise StateError("color", f"no colour in force in the phase {phase.value!r}")
    if top.color is not None and state.color is not top.color:
        raise StateError(
            "color",
            f"the top card {top.code} is {top.color.value}, not {_shown(state.color)} (play.match)",
        )
    _pending(state)
    if _skip_pending(state):
        pass  # checked by _pending
    elif (state.owed > 0) != (phase is Phase.OWE):
        raise StateError("owed", f"{state.owed} cards owed in the phase {phase.value!r}")
    elif phase is Phase.OWE and top.face not in _DRAW_FACES and not _stacks(rules):
        raise StateError(
            "phase",
            f"cards are owed only after a Draw Two or Wild Draw Four, not after {top.code} "
            "(action.draw-two, wd4.no-matching-colour)",
        )
    if phase is Phase.OWE and not _skip_pending(state):
        _owed(state, n)
    if (state.drawn is not None) != (phase is Phase.DRAWN):
        raise StateError(
            "drawn",
            f"{state.drawn.code if state.drawn else 'no card'} does not fit the phase "
            f"{phase.value!r} ({', '.join(rules.drawing.rule_ids)})",
        )
    if state.drawn is not None and state.drawn not in hands[state.current]:
        raise StateError("drawn", f"{state.drawn.code} is not in the hand of seat {state.current}")
    if state.drawn is not None and not state.drawn.is_wild:
        fits = play_status(rules, hands[state.current], state.drawn, top, state.color)
        if not fits.legal:
            raise StateError(
                "drawn",
                f"{state.drawn.code} does not fit {top.code} with {_shown(state.color)} in "
                f"force ({fits.reason}), so no turn stops on it "
                f"({', '.join(rules.drawing.rule_ids)})",
            )
    if phase is Phase.REPLAY:
        if not _take_back(rules):
            raise StateError(
                "phase",
                "'replay' follows a Wild Draw Four taken back, which needs challenge.take-back",
            )
        if state.wd4 is None:
            raise StateError(
                "wd4",
                "'replay' keeps the record of the Wild Draw Four taken back "
                "(challenge.take-back), but there is none",
            )
        if not any(c.face is Face.WILD_DRAW_FOUR for c in hands[state.current]):
            raise StateError(
                "phase",
                f"'replay': seat {state.current} holds no Wild Draw Four, so it took none back "
                "(challenge.take-back)",
            )
    _wd4(state)
    if over:
        for name in ("uno_called", "uno_missed"):
            if getattr(state, name) is not None:
                raise StateError(name, "no UNO window is open once the round is over")
    else:
        if not any(hands):
            raise StateError("hands", "every hand is empty, but the round is not over")
        if not hands[state.current]:
            raise StateError(
                "current", f"seat {state.current} holds no cards and cannot be in turn"
            )
        if sum(1 for h in hands if h) < 2:
            raise StateError("hands", "fewer than two seats hold cards, but the round is not over")
        scoring = rules.scoring
        dealt = scoring.in_play(state.scores)
        for seat, hand in enumerate(hands):
            if not hand and dealt[seat] and seat not in state.finished:
                raise StateError(
                    "hands",
                    f"seat {seat} holds no cards while the round runs, but did not go out"
                    + (
                        " (finished does not list it)"
                        if rules.going_out.plays_on(2)
                        else ": a seat that goes out ends the round (end.last-card; only "
                        "under end.play-on do the others play on)"
                    ),
                )
        # A policy that ends the game after any round (score.single-round)
        # says so of all-zero totals too: then only a later round is too late.
        zeros = (0,) * n
        if scoring.game_over(state.scores, None) and (
            state.round_number > 1 or not scoring.game_over(zeros, None)
        ):
            raise StateError(
                "scores",
                f"{' '.join(map(str, state.scores))}: the game was already over, so no round "
                f"runs ({', '.join(scoring.rule_ids)})",
            )
    _uno(state)
    _going_out(state, n)
    if over and not state.finished and (state.draw_pile or len(state.discard_pile) > 2):
        raise StateError(
            "phase",
            "'round-over' with nobody out needs the piles to run out (pile.exhausted), but "
            + (
                f"the draw pile holds {len(state.draw_pile)} cards"
                if state.draw_pile
                else f"the discard pile holds {len(state.discard_pile) - 1} cards to reshuffle"
            ),
        )


def _before(state: GameState, n: int) -> int:
    """The seat before the one in turn, against the direction of play,
    skipping seats with no cards."""
    seat = state.current
    for _ in range(n):
        seat = (seat - state.direction) % n
        if state.hands[seat]:
            return seat
    return state.current


def _owed(state: GameState, n: int) -> None:
    """What the draw cards on top can make (``action.draw-two``,
    ``wd4.no-matching-colour``, ``house.stack-*``, ``house.multiple-identical``,
    ``house.jump-in``)."""
    rules = state.rules
    pile = state.discard_pile
    top = pile[-1]

    def value(card: Card) -> int:
        effect = rules.actions.effect(card, n)
        return effect.draw if effect is not None else 0

    single = value(top)
    if _stacks(rules) or _take_back(rules):
        # Totals pass on: at most the draws of the run of cards on top that
        # answered each other (draw cards, or a card a stacking rule lets
        # answer the one below it and pass the total on).
        run = most = 0
        for run, k in enumerate(range(len(pile) - 1, -1, -1), start=1):  # noqa: B007
            card = pile[k]
            below = pile[k - 1] if k else None
            most += value(card)
            if below is None:
                break
            answers = rules.stacking.answers(below, card, state.color) is not None
            if not answers and not (value(card) and value(below)):
                break
        single = max(single, 1)
        why = "the run of draw cards and answers on top of the discard pile makes"
        rids = (*rules.stacking.rule_ids, *rules.challenge.rule_ids)
    elif not single:
        return
    else:
        # Only identical cards add up: laid together (house.multiple-identical)
        # or jumped in on a Draw Two still owed (house.jump-in).
        same = 0
        for card in reversed(pile):
            if card != top:
                break
            same += 1
        run = same
        k = same if _several(rules) or rules.jump_in.jumpers(top) else 1
        most = single * k
        why = f"{top.code} makes"
        rids = (_draw_id(top), *(("house.multiple-identical",) if _several(rules) else ()))
        if state.owed % single:
            raise StateError(
                "owed",
                f"{state.owed} cards owed, but each {top.code} adds {single} "
                f"({', '.join(rids)}; no stacking rule)",
            )
    # A reshuffle (pile.reshuffle) while cards are owed leaves only the top
    # card(s): a run that reaches the bottom of the pile may have been longer.
    adds = _stacks(rules) or _take_back(rules)
    adds = adds or _several(rules) or bool(rules.jump_in.jumpers(top))
    cut = adds and state.reshuffles > 0 and run == len(pile)
    if state.owed < single or (state.owed > most and not cut):
        span = str(single) if most == single else f"{single} to {most}"
        raise StateError("owed", f"{state.owed} cards owed, but {why} {span} ({', '.join(rids)})")


def _draw_id(card: Card) -> str:
    return "action.wild-draw-four" if card.face is Face.WILD_DRAW_FOUR else "action.draw-two"


def _shown(color: Color | None) -> str:
    return color.value if color is not None else "none"


def _wd4(state: GameState) -> None:
    """A challengeable card: the top card, laid by another seat, open only
    before the next player acts."""
    record = state.wd4
    if record is None:
        return
    rules = state.rules
    face = record.card.face if isinstance(record.card, Card) else None
    if state.phase is Phase.REPLAY:
        # challenge.take-back: the record stays with the card taken back, in
        # its layer's hand, until a lawful card takes its place.
        if face is not Face.WILD_DRAW_FOUR or record.player != state.current:
            raise StateError(
                "wd4",
                f"in 'replay' the record is the Wild Draw Four seat {state.current} took back "
                "(challenge.take-back)",
            )
        if record.card not in state.hands[state.current]:
            raise StateError(
                "wd4", f"seat {state.current} does not hold the Wild Draw Four it took back"
            )
        _count("wd4.debt", record.debt)
        return
    if record.debt:
        raise StateError("wd4.debt", "a debt is carried only in 'replay' (challenge.take-back)")
    if face is Face.WILD_DRAW_FOUR:
        if rules.challenge.challengeable(record.card) is None or not rules.wd4.restricts(
            _under(state), record.previous_color
        ):
            raise StateError(
                "wd4",
                f"a Wild Draw Four can be challenged only under challenge.wd4 and a "
                f"restriction, not {', '.join((*rules.challenge.rule_ids, *rules.wd4.rule_ids))}",
            )
        phase = Phase.OWE
    elif face is Face.WILD:
        if rules.challenge.challengeable(record.card) is None:
            raise StateError("wd4", "a plain Wild can be challenged only under challenge.also-wild")
        phase = Phase.TURN
    else:
        raise StateError("wd4.card", f"{record.card!r} cannot be challenged")
    if state.phase is not phase:
        raise StateError(
            "wd4",
            f"the {record.card.long_name} can be challenged only in the phase "
            f"{phase.value!r}, not {state.phase.value!r}",
        )
    if state.discard_pile[-1] != record.card:
        raise StateError("wd4", f"the card to challenge ({record.card.code}) is not the top card")
    if record.player == state.current:
        raise StateError("wd4.player", f"seat {record.player} cannot challenge its own card")
    if record.previous_color is not None and not isinstance(record.previous_color, Color):
        raise StateError("wd4.previous_color", f"{record.previous_color!r} is not a Color")
    if type(record.broke_rule) is not bool:
        raise StateError("wd4.broke_rule", f"{record.broke_rule!r} is not true or false")
    hands, n = state.hands, len(state.hands)
    layer = _before(state, n)
    if record.player != layer:
        # A layer that went out with it (end.play-on) is skipped as empty.
        seat, gone = state.current, True
        while gone:
            seat = (seat - state.direction) % n
            gone = seat != record.player and not hands[seat]
        if seat != record.player or hands[seat] or record.player not in state.finished:
            raise StateError(
                "wd4.player",
                f"seat {record.player} did not lay the {record.card.long_name}: the seat before "
                f"seat {state.current} in the direction of play is seat {layer}",
            )
    pile = state.discard_pile
    if record.broke_rule and len(pile) > 1:
        # The layer's hand can only have grown since (a UNO penalty).
        hand = hands[record.player]
        if face is Face.WILD_DRAW_FOUR:
            broke = rules.wd4.breaks(hand, pile[-2], record.previous_color)
            ids = rules.wd4.rule_ids
        else:
            broke = not rules.wild.allows([*hand, record.card], pile[-2], record.previous_color)
            ids = rules.wild.rule_ids
        if not broke:
            raise StateError(
                "wd4.broke_rule",
                f"true, but seat {record.player} holds no card that forbids the "
                f"{record.card.long_name} on {pile[-2].code} with "
                f"{_shown(record.previous_color)} in force ({', '.join(ids)})",
            )


def _holds_one(state: GameState, field: str, seat: int, what: str) -> None:
    """Only a seat holding one card can have ``what`` (a missed UNO call)."""
    size = len(state.hands[seat])
    if size != 1:
        raise StateError(
            field, f"seat {seat} holds {size} cards; only a seat holding one card can {what}"
        )


def _uno(state: GameState) -> None:
    """The UNO windows (``uno.call``, ``uno.penalty``, ``uno.required-to-win``)."""
    hands = state.hands
    missed = state.uno_missed
    if missed is not None:
        _holds_one(state, "uno_missed", missed, "have missed its UNO call")
        if not state.rules.uno_call.late(False) and missed not in state.uncalled:
            raise StateError(
                "uno_missed",
                f"seat {missed} is not among the uncalled seats, though a late call cannot "
                f"count ({', '.join(state.rules.uno_call.rule_ids)})",
            )
    called = state.uno_called
    if called is not None:
        size = len(hands[called])
        most = size if _several(state.rules) else 2
        drew = (called == state.current and state.phase is Phase.DRAWN) or (
            called != state.current and called == _before(state, len(hands))
        )
        # A seat may go out after its call (end.play-on) and still be named.
        gone = size == 0 and called not in state.finished
        if gone or (size > most and not drew):
            raise StateError(
                "uno_called",
                f"seat {called} holds {size} cards; a call is made holding 2 cards before "
                "laying the second-to-last, or 1 after (uno.call"
                + (", house.multiple-identical" if _several(state.rules) else "")
                + ")",
            )
    for seat in state.uncalled:
        _holds_one(state, "uncalled", seat, "owe its UNO call")


def _pending_shape(state: GameState, n: int) -> None:
    """``pending`` is a :class:`Pending` record of the right types."""
    pending = state.pending
    if pending is None:
        return
    if type(pending) is not Pending:
        raise StateError("pending", f"{pending!r} is not a Pending record")
    if not isinstance(pending.kind, PendingKind):
        raise StateError("pending.kind", f"{pending.kind!r} is not a PendingKind")
    _seat("pending.seat", pending.seat, n)
    _count("pending.amount", pending.amount)
    if not isinstance(pending.card, Card):
        raise StateError("pending.card", f"{pending.card!r} is not a card")
    ids = pending.rule_ids
    if not (isinstance(ids, tuple) and ids and all(isinstance(r, str) for r in ids)):
        raise StateError("pending.rule_ids", f"{ids!r} is not a tuple of rule IDs")
    in_force = state.rules.rule_ids
    stray = [r for r in ids if r not in in_force]
    if stray:
        raise StateError(
            "pending.rule_ids",
            f"{', '.join(map(repr, stray))} is no rule in force ({state.rules.name})",
        )


_PHASE_OF = {
    PendingKind.DRAW: Phase.OWE,
    PendingKind.SKIP: Phase.OWE,
    PendingKind.COLOR: Phase.CHOOSE_COLOR,
}


def _pending(state: GameState) -> None:
    """What is pending fits the phase, the seat in turn and the top card: cards
    owed or a skip in ``owe``, a colour to name in ``choose-color``, nothing
    else in any phase; a pending skip only after a Skip that the stacking
    rules let be answered (``house.stack-skip``)."""
    pending = state.pending
    phase = state.phase
    if pending is None:
        if phase in (Phase.OWE, Phase.CHOOSE_COLOR):
            raise StateError("pending", f"nothing is pending in the phase {phase.value!r}")
        return
    if _PHASE_OF[pending.kind] is not phase:
        raise StateError(
            "pending", f"a pending {pending.kind.value} does not fit the phase {phase.value!r}"
        )
    if pending.seat != state.current:
        raise StateError(
            "pending.seat",
            f"seat {pending.seat} must answer, but it is seat {state.current}'s turn",
        )
    if pending.card != state.top:
        raise StateError(
            "pending.card", f"{pending.card.code} is pending, but the top card is {state.top.code}"
        )
    if pending.kind is PendingKind.COLOR and pending.amount:
        raise StateError("pending.amount", "a colour to name has no amount")
    if pending.kind is PendingKind.SKIP:
        rules = state.rules
        effect = rules.effect(state.top, len(state.hands))
        if effect is None or not effect.skip or effect.reverse or effect.draw:
            raise StateError(
                "pending", f"a skip is pending only after a Skip, not {state.top.code}"
            )
        if not rules.stacking.answerable(state.top, state.color):
            raise StateError(
                "pending",
                f"a skip is pending only when the stacking rules let {state.top.code} be "
                f"answered, not under {', '.join(rules.stacking.rule_ids) or 'no stacking rule'}",
            )
        pile = state.discard_pile
        run = next((k for k, c in enumerate(reversed(pile)) if c != state.top), len(pile))
        # A reshuffle (pile.reshuffle) leaves only the top card: the run may
        # have been longer.
        cut = state.reshuffles > 0 and run == len(pile)
        if pending.amount < 1 or (pending.amount > run and not cut):
            raise StateError(
                "pending.amount",
                f"{pending.amount} turns lost, but the Skips on top make at most {run}",
            )


def _skip_pending(state: GameState) -> bool:
    pending = state.pending
    return pending is not None and pending.kind is PendingKind.SKIP


def _take_back(rules: RuleSet) -> bool:
    """Whether a caught bluffer takes its Wild Draw Four back
    (``challenge.take-back``)."""
    return rules.challenge.outcome(_WD4, True, True).take_back


def _stacks(rules: RuleSet) -> bool:
    """Whether the stacking policy lets a draw card of the deck be answered
    (``house.stack-draw-*``): totals then pass on."""
    return any(
        rules.stacking.answerable(c, None)
        for c in set(rules.deck.cards())
        if (e := rules.effect(c, 3)) is not None and e.draw
    )


def _several(rules: RuleSet) -> bool:
    """Whether identical cards may be laid together
    (``house.multiple-identical``), as the engine's plan asks it."""
    return plan(rules).several


def _under(state: GameState) -> Card:
    """The card under the top card (the top card itself when alone)."""
    pile = state.discard_pile
    return pile[-2] if len(pile) > 1 else pile[-1]


_WD4 = Card(None, Face.WILD_DRAW_FOUR)


def _going_out(state: GameState, n: int) -> None:
    """``end.last-card``, ``end.play-on``, ``pile.exhausted``."""
    hands = state.hands
    finished = state.finished
    winner = state.winner
    over = state.phase is Phase.ROUND_OVER
    play_on = state.rules.going_out.plays_on(2)
    if len(finished) > 1 and not play_on and not (over and len(finished) == 2):
        raise StateError(
            "finished", f"{list(finished)}: only under end.play-on do several seats go out"
        )
    # Every seat that went out holds no cards; when a round ends with one
    # seat still holding cards, that seat closes the list.
    out = finished[:-1] if over and finished and hands[finished[-1]] else finished
    for seat in out:
        if hands[seat]:
            raise StateError("finished", f"seat {seat} went out but holds {len(hands[seat])} cards")
    if over and finished and hands[finished[-1]] and sum(1 for h in hands if h) != 1:
        raise StateError(
            "finished",
            f"seat {finished[-1]} closes the order but others still hold cards",
        )
    if finished:
        if winner != finished[0]:
            raise StateError(
                "winner",
                f"{winner!r}, but seat {finished[0]} went out first and won (end.last-card)",
            )
        if not over and not play_on:
            raise StateError("finished", "a seat went out, so the round is over (end.last-card)")
        return
    if winner is None:
        return
    if not over:
        raise StateError(
            "winner", f"seat {winner} won, but the round is not over and nobody went out"
        )
    if state.draw_pile:
        raise StateError(
            "winner",
            f"seat {winner} won without going out, which needs the piles to run out "
            "(pile.exhausted), but the draw pile holds cards",
        )


def validate_state(state: GameState) -> None:
    """Raise unless ``state`` is a position that can exist.

    ``loads`` and ``situation`` run it on what they build, and the tests run
    it after every ``apply``. The invariants, with the rules behind them:

    * Shape: every field has its type; the seat count is one the deck
      serves (``players.range``); ``current``, ``dealer``, ``winner``,
      ``uno_called``, ``uno_missed``, ``wd4.player`` and the seats of
      ``uncalled`` and ``finished`` are seats; ``direction`` is +1 or -1;
      ``owed``, ``shuffles``, ``turns``, ``reshuffles`` and every score are
      >= 0, ``round_number`` >= 1, ``reshuffles`` <= ``shuffles``; one score per
      seat; ``uncalled`` and ``finished`` list no seat twice; the discard
      pile is not empty.
    * Cards (``deck.*``): hands, draw pile, discard pile and ``out_of_play``
      together hold exactly the deck of the rule set, every copy of every
      card once (the drawn card is one of the hand's).
    * Colour (``play.match``, ``start.wild``): the colour in force is the top
      card's when it is coloured; it is missing exactly in ``choose-color``,
      which comes before the first move, with a wild top card.
    * ``pending``: cards owed or a skip in ``owe``, a colour to name in
      ``choose-color``, nothing in another phase; answered by the seat in
      turn, left by the top card; a skip only after a Skip the stacking rules
      let be answered (``house.stack-skip``), at most one turn per Skip laid.
    * ``owe``: cards are owed (``owed`` > 0) in this phase only, and only
      after a Draw Two or Wild Draw Four on top (``action.draw-two``,
      ``wd4.no-matching-colour``, ``house.stack-*``); without a stacking rule
      or ``challenge.take-back`` exactly the top card's draw times the
      identical cards laid together (``house.multiple-identical``) or jumped
      in (``house.jump-in``), else at least the top card's draw and at most
      the sum over the run of draw cards on top.
    * ``drawn``: a drawn card exactly in the ``drawn`` phase, held by the
      seat in turn (``draw.one-then-may-play``); a coloured one lawfully fits
      the top card (the engine's ``play_status``).
    * ``replay``: only under ``challenge.take-back``, the seat in turn
      holding the Wild Draw Four it took back, whose record (``wd4``, laid by
      that seat, with the ``debt`` it had answered) stays until a lawful
      card takes its place.
    * ``wd4`` (outside ``replay``): no ``debt``; the challengeable card is
      the top card, laid by another seat than the one in turn; a Wild Draw Four in ``owe`` under
      ``challenge.wd4`` with a restriction (``wd4.no-matching-colour``,
      ``wd4.no-playable-card``), a plain Wild in ``turn`` under
      ``challenge.also-wild``; ``wd4.player`` is the seat before the one in
      turn against the direction of play (skipping seats with no cards but
      one that went out with it, ``end.play-on``); ``broke_rule`` true only
      while the layer's hand (which can only have grown since) holds a card
      the restriction forbids on the card beneath, with ``previous_color``.
    * UNO (``uno.call``, ``uno.penalty``, ``uno.required-to-win``):
      ``uno_missed`` and every seat of ``uncalled`` hold exactly one card,
      and ``uno_missed`` is one of ``uncalled`` where a late call cannot
      count (``uno.call-strict``, ``uno.call-at-two``); ``uno_called`` holds
      1 or 2 cards (more under ``house.multiple-identical``, or after it drew
      since its call); no window is open once the round is over.
    * Round running: the seat in turn holds cards, and so does at least one
      other seat; a seat with no cards went out (``finished``, under
      ``end.play-on``) or is out of the game (``score.elimination``); the
      scores do not end the game already (the scoring policy's
      ``game_over``). Round over with nobody out: the piles ran out
      (``pile.exhausted``: no draw pile, nothing left to reshuffle).
    * Going out (``end.last-card``, ``end.play-on``, ``pile.exhausted``):
      the seats of ``finished`` hold no cards (when a round ends with one
      seat still holding cards, that seat closes the list); without
      ``end.play-on`` one seat goes out (and that last one may follow it),
      and the round goes on
      after one went out only under it; the first seat out is the
      ``winner``; a winner who did not go out needs the round over with an
      empty draw pile (the lowest hand wins when the piles run out).

    Args:
        state: any object; a :class:`~unorules.state.GameState` is expected.

    Returns:
        ``None``.

    Raises:
        StateError: (a :class:`~unorules.errors.SituationError`) for the
            first invariant broken; ``.field`` names the field and the
            message starts with it.
    """
    n = _shape(state)
    if not state.discard_pile:
        raise StateError("discard_pile", "empty; it holds at least the top card")
    _phases(state, n)
    _conservation(state)
