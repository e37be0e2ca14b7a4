"""Starting positions: a dealt round (``new_round``), the next round of a game
(``next_round``) and a position typed in by hand (``situation``).

Rule IDs: ``setup.deal``, ``setup.start-card``, ``setup.first-player``,
``setup.dealer-rotates``, the ``start.*`` effects, ``players.range``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from unorules.cards import Card, Color, parse_cards
from unorules.cards.words import card_code
from unorules.engine import rng_for
from unorules.errors import (
    CardShown,
    CodesShown,
    Message,
    NotationError,
    SituationError,
    UnoError,
    msg,
)
from unorules.rules.policies import DealerDraw, StartOutcome
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Pending, PendingKind, Phase
from unorules.state_validation import validate_state

__all__ = ["draw_for_dealer", "new_game", "new_round", "next_round", "situation"]


T = TypeVar("T")

_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Per list length, the steps of a shuffle: ``(i, i + 1, bits of i + 1)``
for ``i`` from the last index down to 1."""


def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    try:
        return _SWAPS[size]
    except KeyError:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
        _SWAPS[size] = steps
        return steps


def _shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does:
    the same Fisher-Yates swaps, each index drawn from ``rng.getrandbits`` by
    the same rejection of draws too large, so the same generator gives the
    same order; the bit counts are worked out once per length."""
    bits = rng.getrandbits
    for i, n, k in _swaps(len(items)):
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def _seats_dealt(playing: Sequence[bool], dealer: int) -> tuple[int, ...]:
    """The seats dealt in, clockwise from the dealer's left: the dealer, who
    is dealt in whenever anyone is, comes last."""
    n = len(playing)
    return tuple(i % n for i in range(dealer + 1, dealer + 1 + n) if playing[i % n])


class _Opening:
    """The first round of a game for one player count: the scores (all 0),
    whether the scoring policy already calls them a finished game, the seats
    it deals in and, per dealer, the seats dealt in in order."""

    __slots__ = ("_seats", "over", "playing", "scores")

    def __init__(self, rules: RuleSet, players: int) -> None:
        self.scores: tuple[int, ...] = (0,) * players
        self.over: bool = rules.scoring.game_over(self.scores, None)
        self.playing: Sequence[bool] = rules.scoring.in_play(self.scores)
        self._seats: dict[int, tuple[int, ...]] = {}

    def seats(self, dealer: int) -> tuple[int, ...]:
        """The seats dealt in when ``dealer`` deals."""
        try:
            return self._seats[dealer]
        except KeyError:
            seats = self._seats[dealer] = _seats_dealt(self.playing, dealer)
            return seats


class _Dealing:
    """What dealing asks of one rule set that depends on the rules alone: the
    deck in its fixed order and its card counts, the cards dealt to each
    player, the start-card policy's answer per card and the first round per
    player count, each asked of the policies once."""

    __slots__ = ("_openings", "_rank", "cards", "counts", "outcome_of", "outcomes", "size")

    def __init__(self, rules: RuleSet) -> None:
        self.cards: tuple[Card, ...] = tuple(rules.deck.cards())
        self.counts: Counter[Card] = Counter(self.cards)
        self.size: int = rules.deal.cards_each(rules.deck.hand_size)
        self.outcomes: dict[Card, StartOutcome] = {}
        self.outcome_of = rules.start_card.outcome
        self._rank: dict[Card, int] | None = None
        self._openings: dict[int, _Opening] = {}

    def opening(self, rules: RuleSet, players: int) -> _Opening:
        """The first round of a game for ``players`` seats under ``rules``,
        the rule set this is kept on."""
        try:
            return self._openings[players]
        except KeyError:
            opening = self._openings[players] = _Opening(rules, players)
            return opening

    def outcome(self, card: Card) -> StartOutcome:
        """The start-card policy's answer for ``card``."""
        try:
            return self.outcomes[card]
        except KeyError:
            outcome = self.outcomes[card] = self.outcome_of(card)
            return outcome

    def rank(self) -> dict[Card, int]:
        """The index of each card's first copy in the deck order."""
        if self._rank is None:
            rank: dict[Card, int] = {}
            for i, card in enumerate(self.cards):
                rank.setdefault(card, i)
            self._rank = rank
        return self._rank


def _dealing(rules: RuleSet) -> _Dealing:
    return rules.derived(_Dealing, _Dealing)


def _text(error: UnoError) -> str | Message:
    """The message of ``error``, translatable when it is."""
    return error.message if error.message is not None else str(error)


def _need_rules(rules: object) -> None:
    if not isinstance(rules, RuleSet):
        raise SituationError(
            msg(
                "rules must be a RuleSet (e.g. unorules.rules.presets.get('official')), not "
                "{value}",
                value=repr(rules),
            )
        )


def _check_players(rules: RuleSet, players: object) -> int:
    deck = rules.deck
    if type(players) is not int or not deck.min_players <= players <= deck.max_players:
        raise SituationError(
            msg(
                "players must be a whole number from {least} to {most} with this deck ({deck}), "
                "not {value}",
                least=deck.min_players,
                most=deck.max_players,
                deck=", ".join(deck.rule_ids),
                value=repr(players),
            )
        )
    return players


def _check_seat(players: int, seat: object, what: str) -> int:
    if type(seat) is not int or not 0 <= seat < players:
        raise SituationError(
            msg(
                "{what} must be a seat from 0 to {last}, not {value}",
                what=what,
                last=players - 1,
                value=repr(seat),
            )
        )
    return seat


def _parse(text: object, what: str | Message) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise SituationError(
            msg("{what} must be a string of card codes, not {value}", what=what, value=repr(text))
        )
    try:
        return parse_cards(text)
    except NotationError as e:
        raise SituationError(msg("{what}: {error}", what=what, error=_text(e))) from None


def _check_counts(rules: RuleSet, placed: Counter[Card], where: Message) -> None:
    deck = _dealing(rules).counts
    # A two-sided card counts whichever side is up (RuleSet.upright).
    upright: Counter[Card] = Counter()
    for card, n in placed.items():
        upright[rules.upright(card)] += n
    for card, n in upright.items():
        if n > deck[card]:
            fields = {
                "where": where,
                "count": n,
                "card": CardShown(card),
                "deck": ", ".join(rules.deck.rule_ids),
                "has": deck[card],
            }
            if not deck[card]:
                # One side of two-sided cards, written alone: the pairs it is in.
                pairs = sorted(
                    {
                        (c if c.side == card.side else c.turned()).code
                        for c in deck
                        if c.back is not None and card.side in (c.side, c.back)
                    }
                )
                if pairs and card.back is None:
                    raise SituationError(
                        msg(
                            "{card} is one side of a two-sided card: write both sides, side "
                            "up first: {pairs}",
                            card=CardShown(card),
                            pairs=CodesShown(
                                " / ".join(pairs),
                                tuple(
                                    (
                                        lang,
                                        " / ".join(card_code(Card.parse(p), lang) for p in pairs),
                                    )
                                    for lang in ("sv", "nb")
                                ),
                            ),
                        )
                    )
                raise SituationError(
                    msg(
                        "{where} holds {count} copies of {card}, but the deck ({deck}) has no "
                        "{card}",
                        **fields,
                    )
                    if n != 1
                    else msg(
                        "{where} holds 1 copy of {card}, but the deck ({deck}) has no {card}",
                        **fields,
                    )
                )
            raise SituationError(
                msg(
                    "{where} holds {count} copies of {card}, but the deck ({deck}) has only 1",
                    **fields,
                )
                if deck[card] == 1
                else msg(
                    "{where} holds {count} copies of {card}, but the deck ({deck}) has only {has}",
                    **fields,
                )
            )


def new_round(
    rules: RuleSet,
    players: int,
    seed: int = 0,
    *,
    dealer: int | None = None,
    deck: str | Sequence[Card] | None = None,
    scores: Sequence[int] | None = None,
    round_number: int = 1,
    start_reshuffles: Sequence[str | Sequence[Card]] = (),
) -> GameState:
    """Shuffle, deal and turn the start card, applying its effect.

    Args:
        rules: the rule set.
        players: number of seats (2–10 with the classic deck, ``players.range``).
        seed: seed of every shuffle of the round: the same seed and moves give
            the same states.
        dealer: the dealer's seat; default the last seat, so seat 0 sits left
            of the dealer.
        deck: the order to deal from, top first: one card at a time clockwise
            from the dealer's left, then the start card. Either the whole deck
            or its first cards, in which case the rest follows shuffled by
            ``seed``. A string of codes or a sequence of cards.
        scores: game totals so far (default all 0).
        round_number: the number of this round in the game (1 for the first).
        start_reshuffles: the order of the undealt cards, top first, right
            after each time a start card was returned to them and they were
            reshuffled (``start.wild-draw-four``), the first first; the first
            card of each is the next start card. One not given is shuffled by
            ``seed``. Give them to deal as another engine shuffled.

    Returns:
        The state before the first move: a normal turn of the first player,
        or the naming of a colour after a Wild start card (``start.wild``).

    Raises:
        SituationError: a player count the deck cannot serve, a bad seat, a
            deck order with more copies of a card than the deck holds, bad
            scores (scores that already end the game: the scoring policy's
            ``game_over``, ``score.*``), a start reshuffle that does not hold
            the cards reshuffled, or more start reshuffles than the deal makes.

    >>> import unorules as ur
    >>> s = ur.new_round(ur.presets.official(), players=4, seed=7)
    >>> [len(h) for h in s.hands], len(s.draw_pile) + len(s.discard_pile)
    ([7, 7, 7, 7], 80)
    """
    _need_rules(rules)
    n = _check_players(rules, players)
    dealer = n - 1 if dealer is None else _check_seat(n, dealer, "dealer")
    if type(seed) is not int:
        raise SituationError(msg("seed must be an int, not {value}", value=repr(seed)))
    scoring = rules.scoring
    known = _dealing(rules)
    opening = known.opening(rules, n)
    if scores is None:
        totals = opening.scores
        over = opening.over and round_number > 1
    else:
        totals = _check_scores(n, scores)
        over = scoring.game_over(totals, None) and (round_number > 1 or not opening.over)
    if over:
        raise SituationError(
            msg(
                "scores {scores}: the game is already over, so no round is dealt ({rules})",
                scores=" ".join(map(str, totals)),
                rules=", ".join(scoring.rule_ids),
            )
        )
    playing = opening.playing if scores is None else scoring.in_play(totals)
    while not playing[dealer] and any(playing):
        dealer = (dealer + 1) % n
    shuffles = 0
    if deck is None:
        order = list(known.cards)
        _shuffle(order, rng_for(seed, round_number, shuffles))
        shuffles += 1
    else:
        given = list(_parse(deck, "deck") if isinstance(deck, str) else deck)
        if not all(isinstance(c, Card) for c in given):
            raise SituationError(msg("deck must be a string of card codes or a sequence of Cards"))
        _check_counts(rules, Counter(given), msg("the deck order"))
        for k, c in enumerate(given, 1):
            up = rules.upright(c)
            if up != c:
                # A two-sided deck is dealt with one side up (RuleSet.upright).
                raise SituationError(
                    msg(
                        "card {k} of the deck order, {card}, is the other side up: the deck "
                        "is dealt with {up} up ({deck})",
                        k=k,
                        card=c.code,
                        up=up.code,
                        deck=", ".join(rules.deck_rule_ids),
                    )
                )
        rest = list((known.counts - Counter(given)).elements())
        rest.sort(key=known.rank().__getitem__)
        _shuffle(rest, rng_for(seed, round_number, shuffles))
        shuffles += 1
        order = given + rest
    size = known.size
    seats = opening.seats(dealer) if scores is None else _seats_dealt(playing, dealer)
    m = len(seats)
    if m < 2:
        raise SituationError(msg("fewer than two players are left in the game"))
    dealt = size * m
    if len(order) < dealt + 1:
        fields = {"count": len(order), "size": size, "seats": m}
        raise SituationError(
            msg("the deck has 1 card: too few to deal {size} to {seats}", **fields)
            if len(order) == 1
            else msg("the deck has {count} cards: too few to deal {size} to {seats}", **fields)
        )
    # One card at a time clockwise: the k-th seat dealt in gets every m-th
    # card from the k-th.
    cards = tuple(order)
    hands: list[tuple[Card, ...]] = [()] * n
    for k, seat in enumerate(seats):
        hands[seat] = cards[k:dealt:m]
    orders = [
        _parse(o, "a start reshuffle") if isinstance(o, str) else tuple(o) for o in start_reshuffles
    ]
    used = 0
    top = dealt
    covered: list[Card] = []
    while True:
        start = cards[top]
        top += 1
        outcome = known.outcome(start)
        if not outcome.redraw:
            break
        if not any(not known.outcome(c).redraw for c in cards[top:]):
            # Every card left goes back in its turn: no start card can ever turn up.
            left = len(cards) - top + 1
            raise SituationError(
                msg(
                    "no card left after the deal can start the discard pile: the one card "
                    "left goes back ({rule})",
                    rule=outcome.rule_id,
                )
                if left == 1
                else msg(
                    "no card left after the deal can start the discard pile: the {count} "
                    "cards left all go back ({rule})",
                    count=left,
                    rule=outcome.rule_id,
                )
            )
        if outcome.cover:
            covered.append(start)
            continue
        if outcome.bottom:
            # To the bottom of the draw pile, unshuffled; the next card is turned.
            cards = (*cards[: top - 1], *cards[top:], start)
            top -= 1
            continue
        order = list(cards[top:])
        order.append(start)
        if used < len(orders):
            if Counter(orders[used]) != Counter(order):
                raise SituationError(
                    msg(
                        "start reshuffle {k} does not hold the {count} cards returned and "
                        "reshuffled after the start card {card} ({rule})",
                        k=used + 1,
                        count=len(order),
                        card=start.code,
                        rule=outcome.rule_id,
                    )
                )
            order = list(orders[used])
        else:
            _shuffle(order, rng_for(seed, round_number, shuffles))
        used += 1
        shuffles += 1
        cards = tuple(order)
        top = 0
    if used < len(orders):
        fields = {"k": used + 1, "used": used}
        if used == 0:
            why = msg("start reshuffle {k} is not used: the deal returns no start card", **fields)
        elif used == 1:
            why = msg(
                "start reshuffle {k} is not used: the deal returns a start card only once",
                **fields,
            )
        else:
            why = msg(
                "start reshuffle {k} is not used: the deal returns a start card only {used} times",
                **fields,
            )
        raise SituationError(why)
    # Seats counted from the dealer among those dealt in: 1 is the dealer's
    # left, 0 the dealer, -1 the dealer's right.
    first = seats[(outcome.first - 1) % m]
    draw = cards[top:]
    if outcome.draw:
        hands[seats[0]] += draw[: outcome.draw]
        draw = draw[outcome.draw :]
    choose = outcome.choose_color
    return GameState(
        rules=rules,
        hands=tuple(hands),
        draw_pile=draw,
        discard_pile=(*covered, start),
        color=None if choose else start.color,
        current=first,
        direction=outcome.direction,
        phase=Phase.CHOOSE_COLOR if choose else Phase.TURN,
        pending=Pending(PendingKind.COLOR, first, 0, start, (outcome.rule_id,)) if choose else None,
        wd4=None,
        drawn=None,
        uno_called=None,
        uno_missed=None,
        dealer=dealer,
        scores=totals,
        winner=None,
        round_number=round_number,
        seed=seed,
        shuffles=shuffles,
        turns=0,
        reshuffles=0,
        out_of_play=(),
        uncalled=(),
        finished=(),
    )


def new_game(
    rules: RuleSet, players: int, seed: int = 0, *, dealer: int | None = None
) -> GameState:
    """The first round of a game to the target score (``score.target``): the
    same as :func:`new_round` with all scores at 0. Under ``setup.dealer-draw``
    (and no ``dealer`` given) the dealer is drawn by :func:`draw_for_dealer`.

    Raises:
        SituationError: as :func:`new_round`.
    """
    if dealer is None:
        drawn = rules.dealer_choice.draw(rules.deck.cards(), _check_players(rules, players), seed)
        if drawn is not None:
            dealer = drawn[0]
    return new_round(rules, players, seed, dealer=dealer)


def draw_for_dealer(
    rules: RuleSet, players: int, seed: int = 0
) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """``setup.dealer-draw``: every player draws a card; the highest number
    deals, action and wild cards counting 0; the tied draw again.

    Args:
        rules: the rule set (its deck is used).
        players: the number of seats.
        seed: the seed of the draws.

    Returns:
        The dealer's seat and, per draw round, the cards drawn by the seats
        still in contention (in seat order).

    Raises:
        SituationError: a player count the deck cannot serve.
    """
    n = _check_players(rules, players)
    drawn = DealerDraw().draw(rules.deck.cards(), n, seed)
    assert drawn is not None
    return drawn


def next_round(state: GameState) -> GameState:
    """The next round of the game: the dealer moves one seat clockwise
    (``setup.dealer-rotates``), scores carry over, the same seed goes on.
    Under ``house.shuffle-seats`` (the deal policy's ``seats_drawn()``) the
    players first draw new seats with the game's seed, and the totals follow
    them (:attr:`GameState.seating <unorules.state.GameState.seating>`).

    Raises:
        SituationError: when the round is not over, or the game is over.
    """
    if not isinstance(state, GameState):
        raise SituationError(
            msg(
                "next_round needs the GameState of a finished round, not {value}",
                value=repr(state),
            )
        )
    if not state.round_over:
        raise SituationError(msg("the round is not over yet"))
    if state.game_over:
        # The rule that ended it: the totals' (score.*), else the game's clock.
        ended = state.rules.scoring.game_over(state.scores, state.winner)
        rules = ", ".join(state.rules.scoring.rule_ids) if ended else state.clock_out
        if state.game_winner is not None:
            raise SituationError(
                msg(
                    "the game is over (seat {seat} won it, {rules})",
                    seat=state.game_winner,
                    rules=rules,
                )
            )
        raise SituationError(msg("the game is over (a tie, {rules})", rules=rules))
    n = len(state.hands)
    scores, kept = carried_on(state)
    dealt = new_round(
        state.rules,
        n,
        state.seed,
        dealer=(state.dealer + 1) % n,
        scores=scores,
        round_number=state.round_number + 1,
    )
    # What rules of the table's own keep goes on into the next round.
    return attrs.evolve(dealt, rule_state=kept) if kept else dealt


def carried_on(state: GameState) -> tuple[tuple[int, ...], tuple[tuple[str, Any], ...]]:
    """What the round after ``state``'s starts with besides its deal: the
    totals, by the seats of the next round, and what the rules keep
    (:attr:`GameState.rule_state <unorules.state.GameState.rule_state>`).
    Under ``house.shuffle-seats`` (the deal policy's ``seats_drawn()``) the
    players draw new seats, a shuffle of their numbers by the game's seed
    apart from the deck's, and each total follows its player; otherwise
    both go on as they are.

    Args:
        state: the last position of a round (over, or stopped).

    Returns:
        ``(scores, rule_state)`` for :func:`new_round` and the dealt state.
    """
    scores, kept = state.scores, state.rule_state
    drawn = state.rules.seats_drawn
    if drawn is None:
        return scores, kept
    total = {player: scores[seat] for seat, player in enumerate(state.seating)}
    seating = list(range(len(state.hands)))
    _shuffle(seating, rng_for(state.seed, state.round_number + 1, -1))
    kept = tuple(sorted([*(p for p in kept if p[0] != drawn), (drawn, tuple(seating))]))
    return tuple(total[player] for player in seating), kept


def _clock_state(rules: RuleSet, clock: object) -> tuple[tuple[str, Any], ...]:
    """``rule_state`` holding ``clock`` turns on the game's clock."""
    if clock is None:
        return ()
    game = rules.clock
    if game is None:
        raise SituationError(
            msg(
                "clock {value}: these rules give the game no clock (house.blitz=N)",
                value=repr(clock),
            )
        )
    rid, limit = game
    if type(clock) is not int or not 0 <= clock < limit:
        raise SituationError(
            msg(
                "clock must be a whole number of turns from 0 to {last} ({rule}={limit}: at "
                "{limit} the game is over), not {value}",
                last=limit - 1,
                rule=rid,
                limit=limit,
                value=repr(clock),
            )
        )
    return ((rid, clock),)


def _check_scores(n: int, scores: Sequence[int] | None) -> tuple[int, ...]:
    if scores is None:
        return (0,) * n
    totals = tuple(scores)
    if len(totals) != n or not all(type(v) is int and v >= 0 for v in totals):
        raise SituationError(
            msg(
                "scores must be {count} whole numbers >= 0, not {value}",
                count=n,
                value=repr(scores),
            )
        )
    return totals


MAX_UNKNOWN = 200
"""The most unknown cards a ``?N`` may stand for."""

_CARD_OR_UNKNOWN = msg("a card code such as R7, GS, B+2, W or W+4 (or ?N for N unknown cards)")


def _hand(text: object, seat: int) -> tuple[tuple[Card, ...], int]:
    """Cards and the number of unknown cards (``?N`` tokens) of one hand.
    Errors name the column in ``text`` itself."""
    if not isinstance(text, str):
        raise SituationError(
            msg(
                "hand of seat {seat} must be a string of card codes, not {value}",
                seat=seat,
                value=repr(text),
            )
        )
    where = msg("hand of seat {seat}", seat=seat)
    if "?" not in text:
        return _parse(text, where), 0
    cards: list[Card] = []
    unknown = 0
    for m in re.finditer(r"[^\s,]+", text):
        token = m.group()
        if token.startswith("?"):
            count = token[1:]
            if not (count.isascii() and count.isdigit()) or not 0 < int(count) <= MAX_UNKNOWN:
                error = NotationError(
                    text,
                    m.start(),
                    msg(
                        "'?' and a number of unknown cards from 1 to {most}, e.g. ?7",
                        most=MAX_UNKNOWN,
                    ),
                )
                raise SituationError(msg("{what}: {error}", what=where, error=_text(error)))
            unknown += int(count)
            continue
        try:
            cards.append(Card.parse(token))
        except NotationError:
            error = NotationError(text, m.start(), _CARD_OR_UNKNOWN)
            raise SituationError(msg("{what}: {error}", what=where, error=_text(error))) from None
    return tuple(cards), unknown


def situation(
    rules: RuleSet,
    hands: Sequence[str],
    top: str | Card,
    current: int = 0,
    direction: int = 1,
    color: Color | str | None = None,
    draw_pile: str | None = None,
    discard_pile: str | None = None,
    dealer: int | None = None,
    seed: int = 0,
    scores: Sequence[int] | None = None,
    clock: int | None = None,
) -> GameState:
    """A mid-round position typed in by hand: a normal turn of ``current``;
    the top card's effect is already spent.

    Args:
        rules: the rule set.
        hands: one string of card codes per seat, seat 0 first (``"R3 W+4 G5"``);
            ``?N`` stands for N cards nobody knows, drawn from the cards not
            placed elsewhere (shuffled by ``seed``); ``""`` is an empty hand.
        top: the top card of the discard pile.
        current: the seat whose turn it is.
        direction: +1 clockwise, -1 counter-clockwise.
        color: the colour in force; default the top card's colour (required
            when the top card is wild). A Color or a name (``"blue"``, ``"B"``).
        draw_pile: ``None``: every card of the deck not placed elsewhere,
            shuffled by ``seed``; a string: exactly those cards, top first, the
            unlisted ones out of play (``""``: an empty pile).
        discard_pile: ``None``: just ``top``; a string: the pile oldest first,
            ending with ``top`` (appended if it does not).
        dealer: the dealer's seat (default the last seat).
        seed: seed of every later shuffle.
        scores: game totals so far (default all 0).
        clock: the turns that have ended in the game on its clock, under a
            rule set that has one (the timing policy's ``clock()``,
            ``house.blitz=N``): 0 to N-1 (default 0).

    Returns:
        The state.

    Raises:
        SituationError: a player count the deck cannot serve, a card code that
            does not parse (naming the seat or pile and the column), more
            copies of a card than the deck holds, a bad seat or direction, a
            wild top card without a colour, or a colour that contradicts the
            top card, a ``clock`` under rules without a game's clock or
            not below its number; a :class:`~unorules.errors.StateError` for any other
            invariant of :func:`unorules.validate_state` the position breaks.

    >>> import unorules as ur
    >>> s = ur.situation(ur.presets.official(), ["R3 W+4 G5", "B2 B9"], top="R7")
    >>> s.current, s.color, len(s.draw_pile)
    (0, Color.RED, 102)
    """
    _need_rules(rules)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise SituationError(
            msg("hands must be a list of strings, one per seat, not {value}", value=repr(hands))
        )
    n = _check_players(rules, len(hands))
    parsed = [_hand(h, i) for i, h in enumerate(hands)]
    top_card = top if isinstance(top, Card) else _parse(top, "top")
    if isinstance(top_card, tuple):
        if len(top_card) != 1:
            raise SituationError(msg("top must be exactly one card, not {value}", value=repr(top)))
        top_card = top_card[0]
    current = _check_seat(n, current, "current")
    if direction not in (1, -1) or type(direction) is not int:
        raise SituationError(
            msg("direction must be 1 (clockwise) or -1, not {value}", value=repr(direction))
        )
    dealer = n - 1 if dealer is None else _check_seat(n, dealer, "dealer")
    if type(seed) is not int:
        raise SituationError(msg("seed must be an int, not {value}", value=repr(seed)))
    in_force = _color(color, top_card, rules.colors_for(top_card))
    discard = (top_card,) if discard_pile is None else _parse(discard_pile, msg("discard pile"))
    if not discard or discard[-1] != top_card:
        discard = (*discard, top_card)
    draw = None if draw_pile is None else _parse(draw_pile, msg("draw pile"))
    # A two-sided card counts whichever side is up (RuleSet.upright).
    placed: Counter[Card] = Counter(rules.upright(c) for c in discard)
    for cards, _ in parsed:
        placed.update(rules.upright(c) for c in cards)
    if draw is not None:
        placed.update(rules.upright(c) for c in draw)
    _check_counts(rules, placed, msg("the situation"))
    known = _dealing(rules)
    pool = list((known.counts - placed).elements())
    pool.sort(key=known.rank().__getitem__)
    _shuffle(pool, rng_for(seed, 1, 0))
    if rules.upright(top_card) is not top_card:
        # The cards nobody gave show the side the top card shows.
        pool = [c.turned() for c in pool]
    unknown = sum(u for _, u in parsed)
    if unknown > len(pool):
        left = len(pool)
        raise SituationError(
            (
                msg("the hands ask for {count} unknown cards but only 1 is left", count=unknown)
                if left == 1
                else msg(
                    "the hands ask for {count} unknown cards but only {left} are left",
                    count=unknown,
                    left=left,
                )
            )
            if unknown != 1
            else msg("the hands ask for 1 unknown card but only {left} are left", left=left)
        )
    final_hands = []
    for cards, count in parsed:
        final_hands.append(cards + tuple(pool[:count]))
        del pool[:count]
    if not final_hands[current]:
        raise SituationError(
            msg(
                "seat {seat} is to play but holds no cards: the round would already be over",
                seat=current,
            )
        )
    if sum(1 for h in final_hands if h) < 2:
        raise SituationError(msg("at least two seats must hold cards for the round to go on"))
    out: tuple[Card, ...] = ()
    if draw is None:
        draw = tuple(pool)
    else:
        out = tuple(pool)
    state = GameState(
        rules=rules,
        hands=tuple(final_hands),
        draw_pile=draw,
        discard_pile=discard,
        color=in_force,
        current=current,
        direction=direction,
        dealer=dealer,
        scores=_check_scores(n, scores),
        seed=seed,
        shuffles=1,
        out_of_play=out,
        rule_state=_clock_state(rules, clock),
    )
    validate_state(state)
    return state


def _color(color: Color | str | None, top: Card, colors: tuple[Color, ...]) -> Color | None:
    """The colour in force of a situation: the top card's, or for a wild top
    card the one named (none for a deck whose wild cards name none)."""
    if isinstance(color, str):
        match = [
            c for c in Color.registered() if color.strip().lower() in (c.value, c.code.lower())
        ]
        if not match:
            raise SituationError(
                msg("color must be red, yellow, green or blue, not {value}", value=repr(color))
            )
        color = match[0]
    if color is not None and not isinstance(color, Color):
        raise SituationError(
            msg("color must be a Color or a colour name, not {value}", value=repr(color))
        )
    if top.color is None and not colors:
        if color is not None:
            raise SituationError(
                msg(
                    "the cards of this deck have no colours: no colour is in force, not {value}",
                    value=repr(getattr(color, "value", color)),
                )
            )
        return None
    if top.color is None:
        if color is None:
            raise SituationError(
                msg("the top card {card} is wild: name the colour in force", card=top.code)
            )
        return color
    if color is not None and color is not top.color:
        raise SituationError(
            msg(
                "the top card {card} is {colour}; the colour in force cannot be {other}",
                card=top.code,
                colour=top.color,
                other=color,
            )
        )
    return top.color
