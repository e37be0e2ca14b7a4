"""The floor model: the leanest immutable pure-Python UNO for one rule set,

    official+house.force-play+house.play-drawn+wd4.no-playable-card+challenge.none

written to play exactly the rounds unorules plays under those rules (same
deal from the same seed, same moves in the same order, same reshuffles, same
end and score), so that timing it beside unorules shows what the rules
themselves cost in plain Python, without a rule engine.

Cards are ints: a coloured card is ``colour * 13 + face`` (colours red,
yellow, green, blue = 0..3; faces 0-9, Skip 10, Reverse 11, Draw Two 12),
Wild is 52 and Wild Draw Four 53. Moves are ints:

* 0..51: play that coloured card;
* 52 + k: play a Wild naming colour k; 56 + k: a Wild Draw Four naming k;
* 60 (``DRAW``): draw one card, or take the cards owed;
* 61 + k: name colour k for a Wild start card.

A state is one plain tuple (fields below); every move returns a new tuple
and shares all it did not change with the old one: the draw pile is a tuple
that only a reshuffle replaces (with the number of cards taken from it), the
discard pile a linked list ``(top, rest)`` of pairs, oldest card at the end.

Rule IDs: ``deck.classic-108``, ``setup.deal``, ``setup.start-card``,
``setup.first-player``, ``start.skip``, ``start.reverse.dealer``,
``start.draw-two``, ``start.wild``, ``start.wild-draw-four``, ``play.match``,
``play.one-card``, ``wild.any-time``, ``wd4.no-playable-card``,
``challenge.none``, ``house.force-play``, ``house.play-drawn``,
``action.skip``, ``action.reverse``, ``action.draw-two``, ``action.wild``,
``action.wild-draw-four``, ``action.two-player-reverse``, ``end.last-card``,
``end.last-card-draw-applies``, ``pile.reshuffle``, ``pile.exhausted``,
``score.card-values``, ``score.winner-takes``. Nobody calls UNO or catches
(the moves are those of ``unorules.turn_moves``), so the UNO rules change
nothing here.
"""

from __future__ import annotations

import random

__all__ = [
    "DRAW",
    "HANDS",
    "PHASE",
    "RULES",
    "apply",
    "moves",
    "new_round",
    "round_over",
]

RULES = "official+house.force-play+house.play-drawn+wd4.no-playable-card+challenge.none"
"""The unorules rule set the floor model plays."""

WILD, WILD4 = 52, 53
DRAW = 60
CHOOSE = 61

# Fields of the state tuple.
HANDS = 0  # tuple of hands, seat 0 first; a hand is a tuple of cards in the order held
PILE = 1  # the draw pile, top first (cards before POS are already drawn)
POS = 2  # cards taken from PILE so far
DISCARD = 3  # (top, (next, (... , None))): the discard pile, top first
COLOR = 4  # the colour in force, 0..3 (-1 while a Wild start card waits for one)
CURRENT = 5  # the seat whose turn it is
DIRECTION = 6  # 1 clockwise, -1 counter-clockwise
PHASE = 7  # TURN, DRAWN, OWE, CHOOSE_COLOR or OVER
OWED = 8  # cards the current seat owes (phase OWE), else 0
WINNER = 9  # the round's winner, or None
SCORES = 10  # points per seat after the round
SEED = 11  # the seed of every shuffle of the round
SHUFFLES = 12  # shuffles made so far (the next shuffle's number)

TURN, DRAWN, OWE, CHOOSE_COLOR, OVER = range(5)

# The deck in unorules' fixed order (unorules.cards.classic_108).
DECK = tuple(
    [c * 13 + f for c in range(4) for f in range(13) for _ in range(1 if f == 0 else 2)]
    + [WILD] * 4
    + [WILD4] * 4
)

# Points of each card (score.card-values).
VALUE = tuple([f if f < 10 else 20 for _ in range(4) for f in range(13)] + [50, 50])

# FIT[k][card]: whether a coloured card matches (play.match), where k is the
# top card when it is coloured, 52 + colour when the top card is wild.
FIT = tuple(
    tuple(c < 52 and (c // 13 == k // 13 or c % 13 == k % 13) for c in range(54)) for k in range(52)
) + tuple(tuple(c < 52 and c // 13 == k for c in range(54)) for k in range(4))

WILD_PLAYS = (52, 53, 54, 55)
WILD4_PLAYS = (56, 57, 58, 59)
COLOUR_CHOICES = (61, 62, 63, 64)

# What laying a move's card does: 0 nothing more, 1 skip, 2 reverse,
# 3 draw two, 4 wild draw four.
EFFECT = tuple(
    [(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3)[m % 13] for m in range(52)] + [0] * 4 + [4] * 4
)
# The card a play move lays, and the colour it leaves in force.
CARD = tuple(list(range(52)) + [WILD] * 4 + [WILD4] * 4)
NAMED = tuple([m // 13 for m in range(52)] + [k for k in range(4)] * 2)


def _shuffled(cards: list[int], seed: int, shuffles: int) -> list[int]:
    """``cards`` shuffled in place by unorules' generator of that shuffle
    (``rng_for(seed, 1, shuffles)``: round 1)."""
    random.Random(f"{seed}:1:{shuffles}").shuffle(cards)
    return cards


def new_round(players: int, seed: int = 0, hand: int = 7, decks: int = 1) -> tuple:
    """The dealt round, as ``unorules.new_round(rules, players, seed)`` deals
    it: the last seat deals, seven cards each one at a time from seat 0, the
    next card starts the discard pile and its effect applies
    (``start.*``; a Wild Draw Four goes back and the pile is reshuffled).

    Args:
        players: 2 to 10.
        seed: an int.
        hand: cards dealt to each player (unorules: the deal policy's
            ``hand_size``).
        decks: 1, or 2 for two classic decks one after the other
            (unorules: ``deck.two-decks``).

    Returns:
        The state tuple.

    Raises:
        ValueError: for a player count outside 2..10, a hand or deck count
            that is not an int, or a deal that leaves no start card.
    """
    if type(players) is not int or not 2 <= players <= 10:
        raise ValueError(f"players must be 2 to 10, not {players!r}")
    n = players
    if type(hand) is not int or type(decks) is not int:
        raise ValueError(f"hand and decks must be ints, not {hand!r} and {decks!r}")
    if decks not in (1, 2) or hand < 1 or hand * n >= len(DECK) * decks:
        raise ValueError(f"cannot deal {hand} cards to {n} players from {decks} deck(s)")
    order = _shuffled(list(DECK) * decks, seed, 0)
    shuffles = 1
    hands = [order[s : hand * n : n] for s in range(n)]
    draw = order[hand * n :]
    if all(c == WILD4 for c in draw):
        # start.wild-draw-four: every card left would go back forever.
        raise ValueError("no card left after the deal can start the discard pile")
    while True:
        start = draw.pop(0)
        if start != WILD4:
            break
        draw.append(start)
        _shuffled(draw, seed, shuffles)
        shuffles += 1
    dealer = n - 1
    left = 0
    first, direction, phase, color = left, 1, TURN, -1
    if start == WILD:
        phase = CHOOSE_COLOR
    else:
        color = start // 13
        face = start % 13
        if face == 10:
            first = (dealer + 2) % n
        elif face == 11:
            first, direction = dealer, -1
        elif face == 12:
            first = (dealer + 2) % n
            hands[left] += draw[:2]
            del draw[:2]
    return (
        tuple(map(tuple, hands)),
        tuple(draw),
        0,
        (start, None),
        color,
        first,
        direction,
        phase,
        0,
        None,
        (0,) * n,
        seed,
        shuffles,
    )


def round_over(state: tuple) -> bool:
    """Whether the round has ended."""
    return state[PHASE] == OVER


def moves(state: tuple) -> list[int]:
    """The current seat's moves, in the order ``unorules.turn_moves`` lists
    them: plays in hand order (each distinct card once, a wild card once per
    colour; a Wild Draw Four only when no coloured card in hand fits,
    ``wd4.no-playable-card``), else drawing (``house.force-play``); after
    drawing a card that fits, only its play (``house.play-drawn``); when
    cards are owed, taking them; for a Wild start card, the four colours.
    A new list; empty once the round is over."""
    phase = state[PHASE]
    if phase == TURN:
        hand = state[HANDS][state[CURRENT]]
        top = state[DISCARD][0]
        fit = FIT[top if top < 52 else 52 + state[COLOR]]
        out: list[int] = []
        four = -1
        matched = False
        for c in dict.fromkeys(hand):
            if c < 52:
                if fit[c]:
                    out.append(c)
                    matched = True
            elif c == WILD:
                out += WILD_PLAYS
            else:
                four = len(out)
        if four >= 0 and not matched:
            out[four:four] = WILD4_PLAYS
        return out or [DRAW]
    if phase == DRAWN:
        card = state[HANDS][state[CURRENT]][-1]
        if card < 52:
            return [card]
        return list(WILD_PLAYS if card == WILD else WILD4_PLAYS)
    if phase == OWE:
        return [DRAW]
    if phase == CHOOSE_COLOR:
        return list(COLOUR_CHOICES)
    return []


def _take(
    hand: tuple[int, ...],
    k: int,
    pile: tuple[int, ...],
    pos: int,
    discard: tuple,
    seed: int,
    shuffles: int,
) -> tuple[tuple[int, ...], tuple[int, ...], int, tuple, int, bool]:
    """``hand`` after drawing ``k`` cards; when the pile runs out, all of the
    discard pile but its top card is shuffled into a new one
    (``pile.reshuffle``). Returns the hand, pile, pos, discard pile, shuffles
    and whether the cards ran out (``pile.exhausted``)."""
    while k:
        left = len(pile) - pos
        if not left:
            below = []
            node = discard[1]
            while node is not None:
                below.append(node[0])
                node = node[1]
            if not below:
                return hand, pile, pos, discard, shuffles, True
            below.reverse()
            pile, pos = tuple(_shuffled(below, seed, shuffles)), 0
            shuffles += 1
            discard = (discard[0], None)
            left = len(pile)
        got = min(k, left)
        hand += pile[pos : pos + got]
        pos += got
        k -= got
    return hand, pile, pos, discard, shuffles, False


def _scored(hands: tuple, winner: int | None, scores: tuple) -> tuple:
    """``score.winner-takes``: the winner adds the others' card values."""
    if winner is None:
        return scores
    gained = sum(VALUE[c] for seat, h in enumerate(hands) if seat != winner for c in h)
    return (*scores[:winner], scores[winner] + gained, *scores[winner + 1 :])


def _exhausted(
    state: tuple, hands: tuple, pile: tuple, pos: int, discard: tuple, current: int, shuffles: int
) -> tuple:
    """``pile.exhausted``: the round ends; the lowest hand wins and scores
    the others' hands, and nobody scores on a tie."""
    values = [sum(VALUE[c] for c in h) for h in hands]
    low = min(values)
    winner = values.index(low) if values.count(low) == 1 else None
    return (
        hands,
        pile,
        pos,
        discard,
        state[COLOR],
        current,
        state[DIRECTION],
        OVER,
        0,
        winner,
        _scored(hands, winner, state[SCORES]),
        state[SEED],
        shuffles,
    )


def apply(state: tuple, move: int) -> tuple:
    """The state after ``move``, one of ``moves(state)`` (not checked).

    Rule IDs: ``play.match``, ``action.*``, ``action.two-player-reverse``,
    ``house.play-drawn``, ``end.last-card``, ``end.last-card-draw-applies``,
    ``pile.reshuffle``, ``pile.exhausted``, ``score.winner-takes``."""
    hands, pile, pos, discard, color, cur, d, phase, owed, _winner, scores, seed, shuf = state
    n = len(hands)
    if move < DRAW:
        card = CARD[move]
        hand = hands[cur]
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        discard = (card, discard)
        effect = EFFECT[move]
        if not hand:
            hands = (*hands[:cur], hand, *hands[cur + 1 :])
            if effect >= 3:
                victim = (cur + d) % n
                got, pile, pos, discard, shuf, _ = _take(
                    hands[victim], 2 if effect == 3 else 4, pile, pos, discard, seed, shuf
                )
                hands = (*hands[:victim], got, *hands[victim + 1 :])
            return (
                hands, pile, pos, discard, NAMED[move], cur, d, OVER, 0, cur,
                _scored(hands, cur, scores), seed, shuf,
            )  # fmt: skip
        hands = (*hands[:cur], hand, *hands[cur + 1 :])
        if effect == 0:
            return (
                hands, pile, pos, discard, NAMED[move], (cur + d) % n, d, TURN, 0, None,
                scores, seed, shuf,
            )  # fmt: skip
        if effect == 1:
            nxt = (cur + d + d) % n
        elif effect == 2:
            d = -d
            nxt = cur if n == 2 else (cur + d) % n
        else:
            return (
                hands, pile, pos, discard, NAMED[move], (cur + d) % n, d, OWE,
                2 if effect == 3 else 4, None, scores, seed, shuf,
            )  # fmt: skip
        return (
            hands, pile, pos, discard, NAMED[move], nxt, d, TURN, 0, None, scores, seed, shuf,
        )  # fmt: skip
    if move == DRAW:
        nxt = (cur + d) % n
        if phase == OWE:
            got, pile, pos, discard, shuf, out = _take(
                hands[cur], owed, pile, pos, discard, seed, shuf
            )
            hands = (*hands[:cur], got, *hands[cur + 1 :])
            if out:
                return _exhausted(state, hands, pile, pos, discard, nxt, shuf)
            return (
                hands, pile, pos, discard, color, nxt, d, TURN, 0, None, scores, seed, shuf,
            )  # fmt: skip
        got, pile, pos, discard, shuf, out = _take(hands[cur], 1, pile, pos, discard, seed, shuf)
        if out:
            return _exhausted(state, hands, pile, pos, discard, cur, shuf)
        hands = (*hands[:cur], got, *hands[cur + 1 :])
        card = got[-1]
        top = discard[0]
        fit = FIT[top if top < 52 else 52 + color]
        if card == WILD or fit[card] or (card == WILD4 and not any(fit[c] for c in got)):
            return (
                hands, pile, pos, discard, color, cur, d, DRAWN, 0, None, scores, seed, shuf,
            )  # fmt: skip
        return (
            hands, pile, pos, discard, color, nxt, d, TURN, 0, None, scores, seed, shuf,
        )  # fmt: skip
    return (
        hands, pile, pos, discard, move - CHOOSE, cur, d, TURN, 0, None, scores, seed, shuf,
    )  # fmt: skip
