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
from itertools import chain

from unorules.cards import Card, Color, Face
from unorules.engine.checking import play_status
from unorules.engine.plan import draw_rule, plan
from unorules.errors import CardShown, Message, StateError, msg
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Pending, PendingKind, Phase, Wd4Record

__all__ = ["validate_state"]


def _draws(rules: RuleSet, card: Card, players: int) -> bool:
    """Whether laying ``card`` makes the next player draw (the action
    policy's effect for it)."""
    effect = rules.effect(card, players)
    return effect is not None and effect.draw > 0


def _seat(name: str, seat: object, n: int, optional: bool = False) -> None:
    if seat is None and optional:
        return
    if type(seat) is not int:
        raise StateError(name, msg("{seat} is not a seat number", seat=repr(seat)))
    if not 0 <= seat < n:
        raise StateError(
            name, msg("seat {seat} does not exist (seats 0..{last})", seat=seat, last=n - 1)
        )


def _count(name: str, value: object, least: int = 0) -> None:
    if type(value) is not int:
        raise StateError(name, msg("{value} is not a whole number", value=repr(value)))
    if value < least:
        raise StateError(name, msg("{value} is below {least}", value=value, least=least))


def _cards(name: str, cards: object) -> tuple[Card, ...]:
    if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
        raise StateError(name, msg("must be a tuple of Cards, not {cards}", cards=repr(cards)))
    return cards


def _shape(state: GameState) -> int:
    """Types, ranges and counters; returns the number of seats."""
    if not isinstance(state, GameState):
        raise StateError("state", msg("a GameState is needed, not {state}", state=repr(state)))
    rules = state.rules
    if not isinstance(rules, RuleSet):
        raise StateError("rules", msg("{rules} is not a RuleSet", rules=repr(rules)))
    if not isinstance(state.hands, tuple):
        raise StateError(
            "hands", msg("must be a tuple of hands, not {hands}", hands=repr(state.hands))
        )
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
            msg(
                "{n} seats, but the deck ({deck}) serves {min_players} to {max_players} "
                "(players.range)",
                n=n,
                deck=", ".join(deck.rule_ids),
                min_players=deck.min_players,
                max_players=deck.max_players,
            ),
        )
    if not isinstance(state.phase, Phase):
        raise StateError("phase", msg("{phase} is not a Phase", phase=repr(state.phase)))
    if state.color is not None and not isinstance(state.color, Color):
        raise StateError("color", msg("{color} is not a Color", color=repr(state.color)))
    if state.direction not in (1, -1) or type(state.direction) is not int:
        raise StateError(
            "direction", msg("must be 1 or -1, not {direction}", direction=repr(state.direction))
        )
    _seat("current", state.current, n)
    _seat("dealer", state.dealer, n)
    for name in ("winner", "uno_called", "uno_missed"):
        _seat(name, getattr(state, name), n, optional=True)
    _pending_shape(state, n)
    for name in ("owed", "shuffles", "turns", "reshuffles"):
        _count(name, getattr(state, name))
    _count("round_number", state.round_number, 1)
    if type(state.seed) is not int:
        raise StateError("seed", msg("{seed} is not a whole number", seed=repr(state.seed)))
    if state.reshuffles > state.shuffles:
        raise StateError(
            "reshuffles",
            msg(
                "{reshuffles} reshuffles, but only {shuffles} shuffles were made",
                reshuffles=state.reshuffles,
                shuffles=state.shuffles,
            ),
        )
    if not isinstance(state.scores, tuple) or len(state.scores) != n:
        raise StateError(
            "scores",
            msg("{scores}: one total per seat ({n}) is needed", scores=repr(state.scores), n=n),
        )
    for i, score in enumerate(state.scores):
        _count(f"scores[{i}]", score)
    for name in ("uncalled", "finished", "uno_caught", "knocked_out"):
        group = getattr(state, name)
        if not isinstance(group, tuple):
            raise StateError(name, msg("must be a tuple of seats, not {group}", group=repr(group)))
        for seat in group:
            _seat(name, seat, n)
        if len(set(group)) != len(group):
            raise StateError(name, msg("a seat is listed twice in {group}", group=list(group)))
    if state.wd4 is not None:
        if not isinstance(state.wd4, Wd4Record):
            raise StateError("wd4", msg("{wd4} is not a Wd4Record", wd4=repr(state.wd4)))
        _seat("wd4.player", state.wd4.player, n)
    if state.drawn is not None and not isinstance(state.drawn, Card):
        raise StateError("drawn", msg("{drawn} is not a Card", drawn=repr(state.drawn)))
    return n


def _one_side(state: GameState) -> None:
    """Every two-sided card shows the same side: the deck's (``RuleSet.upright``)
    or, after a card turned everything over (``ActionEffect.flip``), the other."""
    up = state.rules.upright
    # The top card shows the side in play.
    top = state.discard_pile[-1] if state.discard_pile else None
    first: Card | None = top if top is not None and top.back is not None else None
    # Cards out of play are in no pile or hand: nothing turns them.
    for c in (*chain(*state.hands), *state.discard_pile, *state.draw_pile):
        if c.back is None:
            continue
        if first is None:
            first = c
        elif (up(c) == c) != (up(first) == first):
            raise StateError(
                "cards",
                msg(
                    "{card} and {other} show different sides: every two-sided card shows the "
                    "side in play (is {other} meant as {turned}?)",
                    card=first.code,
                    other=c.code,
                    turned=c.turned().code,
                ),
            )


def _conservation(state: GameState) -> None:
    """Every card of the deck is in exactly one place; a two-sided card is
    the same card whichever side is up (``RuleSet.upright``)."""
    up = state.rules.upright
    placed: Counter[Card] = Counter(up(c) for c in state.draw_pile)
    placed.update(up(c) for c in state.discard_pile)
    placed.update(up(c) for c in state.out_of_play)
    for hand in state.hands:
        placed.update(up(c) for c in hand)
    full = Counter(state.rules.deck.cards())
    if placed == full:
        return
    deck = ", ".join(state.rules.deck_rule_ids)
    extra = placed - full
    if extra:
        items = [
            msg(
                "{count} x {card} (the deck holds {held})",
                count=placed[c],
                card=CardShown(c),
                held=full[c],
            )
            if full[c]
            else f"{placed[c]} x {c.code}"
            for c in extra
        ]
        listed = items[0]
        for item in items[1:]:
            listed = msg("{items}, {last}", items=listed, last=item)
        raise StateError(
            "cards",
            msg("more copies than the deck ({deck}) holds: {listed}", deck=deck, listed=listed),
        )
    missing = full - placed
    total = sum(missing.values())
    listed = ", ".join(f"{k} x {c.code}" for c, k in list(missing.items())[:6])
    more = " ..." if len(missing) > 6 else ""
    raise StateError(
        "cards",
        msg(
            "1 card of the deck is missing ({deck}), {listed}{more}; every card is in a hand, "
            "a pile or out_of_play",
            deck=deck,
            listed=listed,
            more=more,
        )
        if total == 1
        else msg(
            "{total} cards of the deck are missing ({deck}), {listed}{more}; every card is in a "
            "hand, a pile or out_of_play",
            total=total,
            deck=deck,
            listed=listed,
            more=more,
        ),
    )


def _phases(state: GameState, n: int) -> None:
    """What each phase needs of the other fields."""
    phase = state.phase
    rules = state.rules
    hands = state.hands
    top = state.discard_pile[-1]
    over = phase is Phase.ROUND_OVER
    colors = rules.colors_for(top)
    roulette = phase is Phase.CHOOSE_COLOR and _draws_until(state)
    if roulette:
        if state.color is not None:
            raise StateError(
                "color",
                msg(
                    "seat {seat} names the colour after {top}: none is in force before it does",
                    seat=state.current,
                    top=top.code,
                ),
            )
    elif phase is Phase.CHOOSE_COLOR:
        if not colors:
            raise StateError(
                "phase",
                msg(
                    "'choose-color' cannot be: the wild cards of this deck name no colour "
                    "({rules})",
                    rules=", ".join(rules.deck_rule_ids),
                ),
            )
        if state.color is not None or top.color is not None:
            raise StateError(
                "phase",
                msg(
                    "'choose-color' is the naming of a Wild start card's colour (start.wild): "
                    "the top card is {top} and the colour {color}",
                    top=top.code,
                    color=_shown(state.color),
                ),
            )
        if state.turns and not plan(rules).turns_over:
            raise StateError(
                "phase",
                msg(
                    "'choose-color' comes before the first move, not after {turns}",
                    turns=state.turns,
                ),
            )
    elif (
        state.color is None
        and colors
        and not (phase is Phase.ROUND_OVER and (state.clock_out or top in plan(rules).others_name))
    ):
        # The round may end before the next player names the colour of a
        # wild card that leaves it to them: the game's clock (house.blitz)
        # stops it, or that card was the last of its player's hand.
        raise StateError(
            "color", msg("no colour in force in the phase {phase}", phase=repr(phase.value))
        )
    if top.color is not None and state.color is not top.color:
        raise StateError(
            "color",
            msg(
                "the top card {top} is {color}, not {color2} (play.match)",
                top=top.code,
                color=_shown(top.color),
                color2=_shown(state.color),
            ),
        )
    if state.color is not None and state.color not in colors:
        if any(
            c.back is not None and state.color in (c.color, c.back.color)
            for c in rules.deck.cards()
        ):
            raise StateError(
                "color",
                msg(
                    "{color} cannot be in force: it is a colour of the other side of the "
                    "cards, and the top card {top} shows the side in play (colours {colours})",
                    color=_shown(state.color),
                    top=top.code,
                    colours=", ".join(str(_shown(c)) for c in colors),
                ),
            )
        raise StateError(
            "color",
            msg(
                "{color} cannot be in force: no card of the deck is {color} ({rules})",
                color=_shown(state.color),
                rules=", ".join(rules.deck_rule_ids),
            ),
        )
    _pending(state)
    if _skip_pending(state) or _draws_until(state):
        pass  # checked by _pending: no count is owed, the draw stops at a colour
    elif (state.owed > 0) != (phase is Phase.OWE):
        raise StateError(
            "owed",
            msg("{owed} cards owed in the phase {phase}", owed=state.owed, phase=repr(phase.value)),
        )
    elif phase is Phase.OWE and not _draws(rules, top, n) and not _stacks(rules):
        raise StateError(
            "phase",
            msg(
                "cards are owed only after a card that makes the next player draw (the action "
                "policy's answer: a Draw Two or a Wild Draw Four), not after {top} ({rules})",
                top=top.code,
                rules=", ".join(rules.actions.rule_ids) or "action.draw-two",
            ),
        )
    if phase is Phase.OWE and not _skip_pending(state):
        _owed(state, n)
    if (state.drawn is not None) != (phase is Phase.DRAWN):
        raise StateError(
            "drawn",
            msg(
                "{card} does not fit the phase {phase} ({rules})",
                card=state.drawn.code if state.drawn else msg("no card"),
                phase=repr(phase.value),
                rules=", ".join(rules.drawing.rule_ids),
            ),
        )
    if state.drawn is not None and state.drawn not in hands[state.current]:
        raise StateError(
            "drawn",
            msg(
                "{drawn} is not in the hand of seat {current}",
                drawn=state.drawn.code,
                current=state.current,
            ),
        )
    if state.drawn is not None:
        # A drawn card stops the turn only when it can be played lawfully: a
        # wild card too (a Wild Draw Four that breaks its restriction does not).
        fits = play_status(rules, hands[state.current], state.drawn, top, state.color)
        if not fits.legal:
            raise StateError(
                "drawn",
                msg(
                    "{drawn} does not fit {top} with {color} in force ({reason}), so no turn "
                    "stops on it ({rules})",
                    drawn=state.drawn.code,
                    top=top.code,
                    color=_shown(state.color),
                    reason=fits.reason,
                    rules=", ".join(rules.drawing.rule_ids),
                ),
            )
    if phase is Phase.REPLAY:
        if not _take_back(rules):
            raise StateError(
                "phase",
                msg(
                    "'replay' follows a Wild Draw Four taken back, which needs challenge.take-back"
                ),
            )
        if state.wd4 is None:
            raise StateError(
                "wd4",
                msg(
                    "'replay' keeps the record of the Wild Draw Four taken back "
                    "(challenge.take-back), but there is none"
                ),
            )
        if not isinstance(state.wd4.card, Card) or state.wd4.card not in hands[state.current]:
            raise StateError(
                "phase",
                msg(
                    "'replay': seat {current} holds no Wild Draw Four, so it took none back "
                    "(challenge.take-back)",
                    current=state.current,
                ),
            )
    _wd4(state)
    if over:
        for name in ("uno_called", "uno_missed"):
            if getattr(state, name) is not None:
                raise StateError(name, msg("no UNO window is open once the round is over"))
    else:
        if not any(hands):
            raise StateError("hands", msg("every hand is empty, but the round is not over"))
        if not hands[state.current]:
            raise StateError(
                "current",
                msg("seat {current} holds no cards and cannot be in turn", current=state.current),
            )
        if sum(1 for h in hands if h) < 2:
            raise StateError(
                "hands", msg("fewer than two seats hold cards, but the round is not over")
            )
        scoring = rules.scoring
        dealt = scoring.in_play(state.scores)
        for seat, hand in enumerate(hands):
            if not hand and dealt[seat] and seat not in state.finished + state.knocked_out:
                raise StateError(
                    "hands",
                    msg(
                        "seat {seat} holds no cards while the round runs, but did not go out "
                        "(finished does not list it)",
                        seat=seat,
                    )
                    if rules.going_out.plays_on(2)
                    else msg(
                        "seat {seat} holds no cards while the round runs, but did not go out: a "
                        "seat that goes out ends the round (end.last-card; only under end.play-on "
                        "do the others play on)",
                        seat=seat,
                    ),
                )
        # A policy that ends the game after any round (score.single-round)
        # says so of all-zero totals too: then only a later round is too late.
        # Under end.play-on the totals hold this round's points once a seat
        # has gone out (finished), and the others play on for their places
        # whatever the totals: only totals before the round can end the game.
        zeros = (0,) * n
        if (
            not state.finished
            and scoring.game_over(state.scores, None)
            and (state.round_number > 1 or not scoring.game_over(zeros, None))
        ):
            raise StateError(
                "scores",
                msg(
                    "{scores}: the game was already over, so no round runs ({rules})",
                    scores=" ".join(map(str, state.scores)),
                    rules=", ".join(scoring.rule_ids),
                ),
            )
    _uno(state)
    _going_out(state, n)
    standing = over and state.knocked_out and sum(1 for h in hands if h) == 1
    if (
        over
        and not state.finished
        and not standing
        and not state.clock_out
        and not _stalled(state)
        and (state.draw_pile or len(state.discard_pile) > 2)
    ):
        raise StateError(
            "phase",
            msg(
                "'round-over' with nobody out needs the piles to run out (pile.exhausted), but "
                "the draw pile holds {count} cards",
                count=len(state.draw_pile),
            )
            if state.draw_pile
            else msg(
                "'round-over' with nobody out needs the piles to run out (pile.exhausted), but "
                "the discard pile holds {count} cards to reshuffle",
                count=len(state.discard_pile) - 1,
            ),
        )


def _stalled(state: GameState) -> bool:
    """A round that ended with no winner because no seat still in it could
    draw (the draw-choice policy's ``full``: ``house.hand-limit``)."""
    full = getattr(state.rules.draw_choice, "full", None)
    if full is None or state.winner is not None:
        return False
    return all(
        full(len(hand)) is not None
        for seat, hand in enumerate(state.hands)
        if hand and seat not in state.knocked_out
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
            most += value(card) * _twice(rules, below, card)
            if below is None:
                break
            answers = rules.stacking.answers(below, card, state.color) is not None
            # Identical cards laid together (house.multiple-identical) answer as one.
            together = card == below and _several(rules)
            if not answers and not together and not (value(card) and value(below)):
                break
        single = max(single, 1)
        on_top = True
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
        most = single * k * _twice(rules, pile[-2] if len(pile) > 1 else None, top)
        on_top = False
        rids = (draw_rule(rules, top), *(("house.multiple-identical",) if _several(rules) else ()))
        if state.owed % single:
            raise StateError(
                "owed",
                msg(
                    "{owed} cards owed, but each {top} adds {single} ({rules}; no stacking rule)",
                    owed=state.owed,
                    top=top.code,
                    single=single,
                    rules=", ".join(rids),
                ),
            )
    # A reshuffle (pile.reshuffle) while cards are owed leaves only the top
    # card(s): a run that reaches the bottom of the pile may have been longer.
    adds = _stacks(rules) or _take_back(rules)
    adds = adds or _several(rules) or bool(rules.jump_in.jumpers(top)) or plan(rules).doubles
    cut = adds and state.reshuffles > 0 and run == len(pile)
    if state.owed < single or (state.owed > most and not cut):
        fields = {
            "owed": state.owed,
            "span": str(single)
            if most == single
            else msg("{least} to {most}", least=single, most=most),
            "rules": ", ".join(rids),
        }
        raise StateError(
            "owed",
            msg(
                "{owed} cards owed, but the run of draw cards and answers on top of the discard "
                "pile makes {span} ({rules})",
                **fields,
            )
            if on_top
            else msg("{owed} cards owed, but {top} makes {span} ({rules})", top=top.code, **fields),
        )


def _shown(color: Color | None) -> Message | Color:
    """The colour, named in the message's language, or "none"."""
    return color if color is not None else msg("none")


def _card_word(card: Card) -> Face | Card:
    """A challengeable card as a message names it in its language: a wild
    card by its face ("wild draw four"), a coloured one whole ("red 7")."""
    return card.face if card.color is None else card


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
        if face is None or not _take_back(rules) or record.player != state.current:
            raise StateError(
                "wd4",
                msg(
                    "in 'replay' the record is the Wild Draw Four seat {current} took back "
                    "(challenge.take-back)",
                    current=state.current,
                ),
            )
        if record.card not in state.hands[state.current]:
            raise StateError(
                "wd4",
                msg(
                    "seat {current} does not hold the Wild Draw Four it took back",
                    current=state.current,
                ),
            )
        _count("wd4.debt", record.debt)
        return
    if record.debt:
        raise StateError(
            "wd4.debt", msg("a debt is carried only in 'replay' (challenge.take-back)")
        )
    known = plan(rules)
    challengeable = face is not None and rules.challenge.challengeable(record.card) is not None
    if (
        face is not None
        and record.card in known.restricted
        and (not challengeable or not rules.wd4.restricts(_under(state), record.previous_color))
    ):
        raise StateError(
            "wd4",
            msg(
                "a Wild Draw Four can be challenged only under challenge.wd4 and a "
                "restriction, not {rules}",
                rules=", ".join((*rules.challenge.rule_ids, *rules.wd4.rule_ids)),
            ),
        )
    if not challengeable:
        raise StateError("wd4.card", msg("{card} cannot be challenged", card=repr(record.card)))
    # The next player owes cards after a challengeable card that makes them
    # draw (a Wild Draw Four); after another (a Wild under
    # challenge.also-wild), it is simply their turn.
    effect = known.effect(record.card, len(state.hands))
    # (Drawing until the colour named turns up is owed too: draw_until.)
    draws = effect is not None and (effect.draw or effect.draw_until == "named")
    phase = Phase.OWE if draws else Phase.TURN
    if state.phase is not phase:
        raise StateError(
            "wd4",
            msg(
                "the {card} can be challenged only in the phase {phase}, not {phase2}",
                card=_card_word(record.card),
                phase=repr(phase.value),
                phase2=repr(state.phase.value),
            ),
        )
    if state.discard_pile[-1] != record.card:
        raise StateError(
            "wd4", msg("the card to challenge ({card}) is not the top card", card=record.card.code)
        )
    if record.player == state.current:
        raise StateError(
            "wd4.player", msg("seat {player} cannot challenge its own card", player=record.player)
        )
    if record.previous_color is not None and not isinstance(record.previous_color, Color):
        raise StateError(
            "wd4.previous_color",
            msg("{previous_color} is not a Color", previous_color=repr(record.previous_color)),
        )
    if type(record.broke_rule) is not bool:
        raise StateError(
            "wd4.broke_rule",
            msg("{broke_rule} is not true or false", broke_rule=repr(record.broke_rule)),
        )
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
                msg(
                    "seat {player} did not lay the {card}: the seat before seat {current} in the "
                    "direction of play is seat {layer}",
                    player=record.player,
                    card=_card_word(record.card),
                    current=state.current,
                    layer=layer,
                ),
            )
    pile = state.discard_pile
    if len(pile) > 1 and pile[-2].color is not None and record.previous_color is not pile[-2].color:
        # A coloured card leaves its own colour in force (play.match).
        raise StateError(
            "wd4.previous_color",
            msg(
                "{previous_color} was not in force before the {card}: the card under it, "
                "{under}, leaves {color} (play.match)",
                previous_color=_shown(record.previous_color),
                card=_card_word(record.card),
                under=pile[-2].code,
                color=_shown(pile[-2].color),
            ),
        )
    if record.broke_rule and len(pile) > 1 and not known.gives:
        # The layer's hand can only have grown since (a UNO penalty), unless
        # a card of the deck hands cards over (ActionEffect.give): the card
        # that broke the rule may have been handed over with the play.
        hand = hands[record.player]
        if record.card in known.restricted:
            broke = rules.wd4.breaks(hand, pile[-2], record.previous_color)
            ids = rules.wd4.rule_ids
        else:
            broke = not rules.wild.allows([*hand, record.card], pile[-2], record.previous_color)
            ids = rules.wild.rule_ids
        if not broke:
            raise StateError(
                "wd4.broke_rule",
                msg(
                    "true, but seat {player} holds no card that forbids the {card} on {under} "
                    "with {previous_color} in force ({rules})",
                    player=record.player,
                    card=_card_word(record.card),
                    under=pile[-2].code,
                    previous_color=_shown(record.previous_color),
                    rules=", ".join(ids),
                ),
            )


def _holds_one(state: GameState, field: str, seat: int, what: Message) -> None:
    """Only a seat holding one card can have ``what`` (a missed UNO call)."""
    size = len(state.hands[seat])
    if size != 1:
        raise StateError(
            field,
            msg(
                "seat {seat} holds {size} cards; only a seat holding one card can {what}",
                seat=seat,
                size=size,
                what=what,
            ),
        )


def _uno(state: GameState) -> None:
    """The UNO windows (``uno.call``, ``uno.penalty``, ``uno.required-to-win``)."""
    hands = state.hands
    missed = state.uno_missed
    if missed is not None:
        _holds_one(state, "uno_missed", missed, msg("have missed its UNO call"))
        if not state.rules.uno_call.late(False) and missed not in state.uncalled:
            raise StateError(
                "uno_missed",
                msg(
                    "seat {missed} is not among the uncalled seats, though a late call cannot "
                    "count ({rules})",
                    missed=missed,
                    rules=", ".join(state.rules.uno_call.rule_ids),
                ),
            )
    called = state.uno_called
    if called is not None:
        size = len(hands[called])
        # More when one play may take more cards, its own rule too (ActionEffect.own).
        most = size if _several(state.rules) or plan(state.rules).takes_more else 2
        drew = (called == state.current and state.phase is Phase.DRAWN) or (
            called != state.current and called == _before(state, len(hands))
        )
        # A seat may go out after its call (end.play-on) and still be named.
        gone = size == 0 and called not in state.finished
        if gone or (size > most and not drew):
            raise StateError(
                "uno_called",
                msg(
                    "seat {seat} holds {size} cards; a call is made holding 2 cards before laying "
                    "the second-to-last, or 1 after ({rules})",
                    seat=called,
                    size=size,
                    rules="uno.call, house.multiple-identical"
                    if _several(state.rules)
                    else "uno.call",
                ),
            )
    for seat in state.uncalled:
        _holds_one(state, "uncalled", seat, msg("owe its UNO call"))
    for seat in state.uno_caught:
        if seat not in state.uncalled or seat == missed:
            raise StateError(
                "uno_caught",
                msg(
                    "seat {seat} is listed as caught, but a caught missed call is one that can "
                    "no longer be made good: the seat must be among the uncalled seats, and "
                    "not the seat whose missed call can still be pointed out (uno.penalty)",
                    seat=seat,
                ),
            )


def _pending_shape(state: GameState, n: int) -> None:
    """``pending`` is a :class:`Pending` record of the right types."""
    pending = state.pending
    if pending is None:
        return
    if type(pending) is not Pending:
        raise StateError("pending", msg("{pending} is not a Pending record", pending=repr(pending)))
    if not isinstance(pending.kind, PendingKind):
        raise StateError(
            "pending.kind", msg("{kind} is not a PendingKind", kind=repr(pending.kind))
        )
    _seat("pending.seat", pending.seat, n)
    _count("pending.amount", pending.amount)
    if not isinstance(pending.card, Card):
        raise StateError("pending.card", msg("{card} is not a card", card=repr(pending.card)))
    ids = pending.rule_ids
    if not (isinstance(ids, tuple) and ids and all(isinstance(r, str) for r in ids)):
        raise StateError("pending.rule_ids", msg("{ids} is not a tuple of rule IDs", ids=repr(ids)))
    in_force = state.rules.rule_ids
    stray = [r for r in ids if r not in in_force]
    if stray:
        raise StateError(
            "pending.rule_ids",
            msg(
                "{stray} is no rule in force ({name})",
                stray=", ".join(map(repr, stray)),
                name=state.rules.name,
            ),
        )


_PHASE_OF = {
    PendingKind.DRAW: Phase.OWE,
    PendingKind.SKIP: Phase.OWE,
    PendingKind.COLOR: Phase.CHOOSE_COLOR,
}


def _draws_until(state: GameState) -> bool:
    """Whether a ``DRAW_UNTIL`` is pending on the current seat."""
    pending = state.pending
    return pending is not None and pending.kind is PendingKind.DRAW_UNTIL


def _pending(state: GameState) -> None:
    """What is pending fits the phase, the seat in turn and the top card: cards
    owed or a skip in ``owe``, a colour to name in ``choose-color``, nothing
    else in any phase; a pending skip only after a Skip that the stacking
    rules let be answered (``house.stack-skip``)."""
    pending = state.pending
    phase = state.phase
    if pending is None:
        if phase in (Phase.OWE, Phase.CHOOSE_COLOR):
            raise StateError(
                "pending", msg("nothing is pending in the phase {phase}", phase=repr(phase.value))
            )
        return
    if pending.kind is PendingKind.DRAW_UNTIL:
        # Drawing until a colour turns up, after a wild card whose effect
        # says so: its colour named (owe) or to be named by the seat (choose).
        effect = state.rules.effect(state.top, len(state.hands))
        until = effect.draw_until if effect is not None else ""
        want = {"named": Phase.OWE, "chosen": Phase.CHOOSE_COLOR}.get(until)
        if effect is None or want is None:
            raise StateError(
                "pending",
                msg(
                    "drawing until a colour turns up is pending only after a card that asks "
                    "for it, not after {top}",
                    top=state.top.code,
                ),
            )
        if want is not phase:
            raise StateError(
                "pending",
                msg(
                    "after {top} drawing until a colour turns up waits in the phase {want}, "
                    "not {phase}",
                    top=state.top.code,
                    want=repr(want.value),
                    phase=repr(phase.value),
                ),
            )
        if pending.amount or pending.rule_ids != (effect.rule_id,):
            raise StateError(
                "pending",
                msg(
                    "drawing until a colour turns up has no amount and cites {rule}, the rule "
                    "of {top}",
                    rule=effect.rule_id,
                    top=state.top.code,
                ),
            )
    elif _PHASE_OF[pending.kind] is not phase:
        raise StateError(
            "pending",
            msg(
                "a pending {kind} does not fit the phase {phase}",
                kind=pending.kind.value,
                phase=repr(phase.value),
            ),
        )
    if pending.seat != state.current:
        raise StateError(
            "pending.seat",
            msg(
                "seat {seat} must answer, but it is seat {current}'s turn",
                seat=pending.seat,
                current=state.current,
            ),
        )
    if pending.card != state.top:
        raise StateError(
            "pending.card",
            msg(
                "{card} is pending, but the top card is {top}",
                card=pending.card.code,
                top=state.top.code,
            ),
        )
    if pending.kind is PendingKind.COLOR and pending.amount:
        raise StateError("pending.amount", msg("a colour to name has no amount"))
    if pending.kind is PendingKind.SKIP:
        rules = state.rules
        effect = rules.effect(state.top, len(state.hands))
        if effect is None or not effect.skip or effect.reverse or effect.draw:
            raise StateError(
                "pending", msg("a skip is pending only after a Skip, not {top}", top=state.top.code)
            )
        if not rules.stacking.answerable(state.top, state.color):
            raise StateError(
                "pending",
                msg(
                    "a skip is pending only when the stacking rules let {top} be answered, not "
                    "under {rules}",
                    top=state.top.code,
                    rules=", ".join(rules.stacking.rule_ids) or msg("no stacking rule"),
                ),
            )
        pile = state.discard_pile
        run = next((k for k, c in enumerate(reversed(pile)) if c != state.top), len(pile))
        # A reshuffle (pile.reshuffle) leaves only the top card: the run may
        # have been longer.
        cut = state.reshuffles > 0 and run == len(pile)
        if pending.amount < 1 or (pending.amount > run and not cut):
            raise StateError(
                "pending.amount",
                msg(
                    "{amount} turns lost, but the Skips on top make at most {run}",
                    amount=pending.amount,
                    run=run,
                ),
            )


def _skip_pending(state: GameState) -> bool:
    pending = state.pending
    return pending is not None and pending.kind is PendingKind.SKIP


def _take_back(rules: RuleSet) -> bool:
    """Whether a caught bluffer takes a challengeable card of the deck back
    (``challenge.take-back``)."""
    return any(rules.challenge.outcome(c, True, True).take_back for c in plan(rules).challengeable)


def _twice(rules: RuleSet, below: Card | None, card: Card) -> int:
    """2 when ``card`` laid on ``below`` counts twice its draw (the stacking
    policy's ``doubles``: ``house.revenge``), else 1."""
    doubles = getattr(rules.stacking, "doubles", None)
    if below is None or doubles is None:
        return 1
    return 2 if doubles(below, card) is not None else 1


def _stacks(rules: RuleSet) -> bool:
    """Whether the stacking policy lets a draw card of the deck be answered
    (``house.stack-draw-*``): totals then pass on."""
    return any(
        rules.stacking.answerable(c, None)
        for c in {*rules.deck.cards(), *(d.turned() for d in rules.deck.cards())}
        if (e := rules.effect(c, 3)) is not None and e.draw
    )


def _several(rules: RuleSet) -> bool:
    """Whether identical cards may be laid together
    (``house.multiple-identical``), as the engine's plan asks it."""
    known = plan(rules)
    return known.several or known.series or known.gives


def _under(state: GameState) -> Card:
    """The card under the top card (the top card itself when alone)."""
    pile = state.discard_pile
    return pile[-2] if len(pile) > 1 else pile[-1]


def _going_out(state: GameState, n: int) -> None:
    """``end.last-card``, ``end.play-on``, ``pile.exhausted``."""
    hands = state.hands
    finished = state.finished
    winner = state.winner
    over = state.phase is Phase.ROUND_OVER
    play_on = state.rules.going_out.plays_on(2)
    for seat in state.knocked_out:
        if hands[seat] or seat in finished:
            raise StateError(
                "knocked_out",
                msg(
                    "seat {seat} is out of the round by a hand limit, so it holds no cards and "
                    "did not go out",
                    seat=seat,
                ),
            )
    limit = state.rules.hand_limit
    for seat, hand in enumerate(hands):
        too_many = hand and not over and limit.knocked_out(len(hand))
        if too_many:
            raise StateError(
                "hands",
                msg(
                    "seat {seat} holds {count} cards, so it is out of the round ({rule})",
                    seat=seat,
                    count=len(hand),
                    rule=too_many,
                ),
            )
    if state.knocked_out and not limit.rule_ids:
        raise StateError(
            "knocked_out",
            msg(
                "{seats}: no hand limit is in force to put a seat out",
                seats=list(state.knocked_out),
            ),
        )
    if len(finished) > 1 and not play_on and not (over and len(finished) == 2):
        raise StateError(
            "finished",
            msg(
                "{finished}: only under end.play-on do several seats go out",
                finished=list(finished),
            ),
        )
    # Every seat that went out holds no cards; when a round ends with one
    # seat still holding cards, that seat closes the list.
    out = finished[:-1] if over and finished and hands[finished[-1]] else finished
    for seat in out:
        if hands[seat]:
            raise StateError(
                "finished",
                msg(
                    "seat {seat} went out but holds {count} cards",
                    seat=seat,
                    count=len(hands[seat]),
                ),
            )
    if over and finished and hands[finished[-1]] and sum(1 for h in hands if h) != 1:
        raise StateError(
            "finished",
            msg(
                "seat {finished} closes the order but others still hold cards",
                finished=finished[-1],
            ),
        )
    if finished:
        if winner != finished[0]:
            raise StateError(
                "winner",
                msg(
                    "{winner}, but seat {finished} went out first and won (end.last-card)",
                    winner=repr(winner),
                    finished=finished[0],
                ),
            )
        if not over and not play_on:
            raise StateError(
                "finished", msg("a seat went out, so the round is over (end.last-card)")
            )
        return
    if winner is None:
        return
    if not over:
        raise StateError(
            "winner",
            msg("seat {winner} won, but the round is not over and nobody went out", winner=winner),
        )
    if state.knocked_out and sum(1 for h in hands if h) == 1:
        if not hands[winner]:
            raise StateError(
                "winner",
                msg(
                    "seat {winner} won as the last player left, but holds no cards",
                    winner=winner,
                ),
            )
        return
    if state.clock_out:
        return  # _clock: the seat that held the fewest cards
    if state.draw_pile:
        raise StateError(
            "winner",
            msg(
                "seat {winner} won without going out, which needs the piles to run out "
                "(pile.exhausted), but the draw pile holds cards",
                winner=winner,
            ),
        )


def _seating(state: GameState) -> None:
    """Who sits where (the deal policy's ``seats_drawn()``,
    ``house.shuffle-seats``): each player at one seat, numbered from 0."""
    rid = state.rules.seats_drawn
    if rid is None:
        return
    kept = state.rule_value(rid)
    if kept is None:
        return
    n = len(state.hands)
    if (
        not isinstance(kept, tuple)
        or not all(type(p) is int for p in kept)
        or sorted(kept) != list(range(n))
    ):
        raise StateError(
            "rule_state",
            msg(
                "{rule}: {value} is not who sits where: one player number from 0 to {last} "
                "per seat, each once",
                rule=rid,
                value=repr(kept),
                last=n - 1,
            ),
        )


def _clock(state: GameState) -> None:
    """The game's clock (the timing policy's ``clock()``,
    ``house.blitz=N``): the count of turns is a whole number from 0 to N;
    once it is N the round is over, and a round that ended by the clock
    (nobody went out, the draw pile not run out) was won by the one seat
    holding the fewest cards, or by nobody on a tie."""
    clock = state.rules.clock
    if clock is None:
        return
    rid, limit = clock
    count = state.rule_value(rid, 0)
    if type(count) is not int or not 0 <= count <= limit:
        raise StateError(
            "rule_state",
            msg(
                "{rule}: {value} turns on the game's clock, but it counts whole numbers from "
                "0 to {limit}",
                rule=rid,
                value=repr(count),
                limit=limit,
            ),
        )
    if count < limit:
        return
    if state.phase is not Phase.ROUND_OVER:
        raise StateError(
            "phase",
            msg(
                "{phase}: the game's clock of {limit} turns has run out ({rule}), so the round "
                "is over",
                phase=state.phase.name,
                limit=limit,
                rule=rid,
            ),
        )
    if state.finished or state.knocked_out or not state.draw_pile:
        return  # the round ended otherwise as the clock ran out
    sizes = {seat: len(h) for seat, h in enumerate(state.hands) if h}
    fewest = min(sizes.values())
    seats = [seat for seat, size in sizes.items() if size == fewest]
    winner = seats[0] if len(seats) == 1 else None
    if state.winner != winner:
        raise StateError(
            "winner",
            msg(
                "{winner}, but the game's clock ran out ({rule}) and {expected} held the fewest "
                "cards",
                winner=repr(state.winner),
                rule=rid,
                expected=repr(winner) if winner is not None else "several seats",
            ),
        )


def _rule_state(state: GameState) -> None:
    """``rule_state``: sorted pairs of a rule ID in force and a value a rule
    may keep."""
    kept: object = state.rule_state
    if not isinstance(kept, tuple):
        raise StateError("rule_state", msg("{value} is no tuple of pairs", value=repr(kept)))
    if not kept:
        return
    in_force = set(state.rules.rule_ids)
    ids: list[str] = []
    for pair in kept:
        if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], str)):
            raise StateError(
                "rule_state", msg("{value} is no pair of a rule ID and a value", value=repr(pair))
            )
        rid, value = pair
        if rid not in in_force:
            raise StateError(
                "rule_state", msg("{rule} keeps a value but is not in force", rule=rid)
            )
        if value is None or not _keepable(value):
            raise StateError(
                "rule_state",
                msg(
                    "{rule} keeps {value}: a value is a bool, a whole number, a string or a "
                    "tuple of such values",
                    rule=rid,
                    value=repr(value)[:60],
                ),
            )
        ids.append(rid)
    if ids != sorted(set(ids)):
        raise StateError(
            "rule_state", msg("the rule IDs must be sorted, each once: {ids}", ids=", ".join(ids))
        )


def _keepable(value: object, depth: int = 0) -> bool:
    """Whether a rule may keep ``value`` in the state (as JSON can hold it)."""
    if isinstance(value, tuple):
        return depth < 8 and all(_keepable(v, depth + 1) for v in value)
    return value is None or isinstance(value, (bool, str)) or type(value) is int


def validate_state(state: GameState) -> None:
    """Raise unless ``state`` is a position that can exist.

    ``loads`` and ``situation`` run it on what they build, and the tests run
    it after every ``apply``. The invariants, with the rules behind them:

    * Shape: every field has its type; the seat count is one the deck
      serves (``players.range``); ``current``, ``dealer``, ``winner``,
      ``uno_called``, ``uno_missed``, ``wd4.player`` and the seats of
      ``uncalled``, ``finished`` and ``uno_caught`` are seats; ``direction`` is +1 or -1;
      ``owed``, ``shuffles``, ``turns``, ``reshuffles`` and every score are
      >= 0, ``round_number`` >= 1, ``reshuffles`` <= ``shuffles``; one score per
      seat; ``uncalled``, ``finished`` and ``uno_caught`` list no seat
      twice; the discard
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
      count (``uno.call-strict``, ``uno.call-at-two``); every seat of
      ``uno_caught`` is one of ``uncalled`` and not ``uno_missed``; ``uno_called`` holds
      1 or 2 cards (more under ``house.multiple-identical``, or after it drew
      since its call); no window is open once the round is over.
    * Round running: the seat in turn holds cards, and so does at least one
      other seat; a seat with no cards went out (``finished``, under
      ``end.play-on``) or is out of the game (``score.elimination``); the
      scores do not end the game already (the scoring policy's
      ``game_over``). Round over with nobody out: the piles ran out
      (``pile.exhausted``: no draw pile, nothing left to reshuffle), no seat
      could draw (``house.hand-limit``: no winner), or the game's clock ran
      out (``house.blitz``: the one seat holding the fewest cards won).
    * The game's clock (``house.blitz=N``): 0 to N turns counted; at N the
      round is over. Who sits where (``house.shuffle-seats``): one player
      per seat, each once.
    * Going out (``end.last-card``, ``end.play-on``, ``pile.exhausted``):
      the seats of ``finished`` hold no cards (when a round ends with one
      seat still holding cards, that seat closes the list); without
      ``end.play-on`` one seat goes out (and that last one may follow it),
      and the round goes on
      after one went out only under it; the first seat out is the
      ``winner``; a winner who did not go out needs the round over with an
      empty draw pile (the lowest hand wins when the piles run out).
    * ``rule_state``: pairs of a rule ID in force and its value (``None``
      left out, a bool, a whole number, a string, or a tuple of such values),
      sorted by ID, each ID once.

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
        raise StateError("discard_pile", msg("empty; it holds at least the top card"))
    _rule_state(state)
    _clock(state)
    _seating(state)
    _phases(state, n)
    _conservation(state)
    _one_side(state)
