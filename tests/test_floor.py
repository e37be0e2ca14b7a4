"""The floor model of ``bench/floor.py`` against unorules, in lockstep.

From the same seed both deal a round; the same random policy (one
``random.Random`` per round, ``moves[int(rng.random() * len(moves))]``)
plays it on both sides. At every decision the floor's moves, turned into
unorules moves, must be ``ur.turn_moves(state)`` in the same order, and the
floor's state, turned into unorules' terms, must equal unorules' state:
hands in order, draw pile, discard pile, colour in force, current seat,
direction, phase, cards owed, the drawn card, winner and scores. The ends
of a round that random rounds rarely reach (the piles run out, a tie, a
last Draw Two that needs a reshuffle) start from positions typed in with
``ur.situation``. Deliberately broken floors must fail the same checks.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

import unorules as ur
from unorules.cards import COLORS, Card, Face
from unorules.moves import ChooseColor, Draw, Play
from unorules.state import GameState, PendingKind, Phase

FLOOR_PATH = Path(__file__).resolve().parents[1] / "bench" / "floor.py"


def load_floor(name: str = "floor_under_test") -> ModuleType:
    """A fresh copy of ``bench/floor.py`` (so a test may break one)."""
    spec = importlib.util.spec_from_file_location(name, FLOOR_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


F = load_floor()
RULES = ur.presets.get(F.RULES)

FACES = [f for f in Face if not f.is_wild]
CARDS = [Card(c, f) for c in COLORS for f in FACES] + [
    Card(None, Face.WILD),
    Card(None, Face.WILD_DRAW_FOUR),
]
CARD_ID = {c: i for i, c in enumerate(CARDS)}
PHASES = {
    F.TURN: Phase.TURN,
    F.DRAWN: Phase.DRAWN,
    F.OWE: Phase.OWE,
    F.CHOOSE_COLOR: Phase.CHOOSE_COLOR,
    F.OVER: Phase.ROUND_OVER,
}


def to_move(seat: int, m: int) -> ur.Move:
    """A floor move as the unorules move of ``seat``."""
    if m < 52:
        return Play(seat, CARDS[m])
    if m < 56:
        return Play(seat, CARDS[52], COLORS[m - 52])
    if m < 60:
        return Play(seat, CARDS[53], COLORS[m - 56])
    if m == 60:
        return Draw(seat)
    return ChooseColor(seat, COLORS[m - 61])


def discard_list(node: tuple | None) -> list[int]:
    """The floor's discard pile, oldest card first."""
    out = []
    while node is not None:
        out.append(node[0])
        node = node[1]
    return out[::-1]


def floor_view(s: tuple) -> dict[str, object]:
    """A floor state in unorules' terms."""
    phase = PHASES[s[F.PHASE]]
    hands = tuple(tuple(CARDS[c] for c in h) for h in s[F.HANDS])
    return {
        "hands": hands,
        "draw_pile": tuple(CARDS[c] for c in s[F.PILE][s[F.POS] :]),
        "discard_pile": tuple(CARDS[c] for c in discard_list(s[F.DISCARD])),
        "color": None if s[F.COLOR] < 0 else COLORS[s[F.COLOR]],
        "current": s[F.CURRENT],
        "direction": s[F.DIRECTION],
        "phase": phase,
        "owed": s[F.OWED],
        "drawn": hands[s[F.CURRENT]][-1] if phase is Phase.DRAWN else None,
        "winner": s[F.WINNER],
        "scores": s[F.SCORES],
        "shuffles": s[F.SHUFFLES],
    }


def unorules_view(u: GameState) -> dict[str, object]:
    """The same fields of a unorules state."""
    pending = u.pending
    return {
        "hands": u.hands,
        "draw_pile": u.draw_pile,
        "discard_pile": u.discard_pile,
        "color": u.color,
        "current": u.current,
        "direction": u.direction,
        "phase": u.phase,
        "owed": pending.amount if pending is not None and pending.kind is PendingKind.DRAW else 0,
        "drawn": u.drawn,
        "winner": u.winner,
        "scores": u.scores,
        "shuffles": u.shuffles,
    }


def from_unorules(u: GameState) -> tuple:
    """A floor state for a unorules position in a normal turn."""
    assert u.phase is Phase.TURN and u.round_number == 1
    discard: tuple | None = None
    for c in u.discard_pile:
        discard = (CARD_ID[c], discard)
    return (
        tuple(tuple(CARD_ID[c] for c in h) for h in u.hands),
        tuple(CARD_ID[c] for c in u.draw_pile),
        0,
        discard,
        COLORS.index(u.color) if u.color is not None else -1,
        u.current,
        u.direction,
        F.TURN,
        0,
        None,
        u.scores,
        u.seed,
        u.shuffles,
    )


def lockstep(floor: ModuleType, u: GameState, f: tuple, rng: random.Random) -> GameState:
    """Play on from ``u`` and ``f`` with the same random policy until the
    round ends, checking every position; returns the last unorules state."""
    rr = rng.random
    step = 0
    while True:
        fv, uv = floor_view(f), unorules_view(u)
        if fv != uv:
            diff = {k: (fv[k], uv[k]) for k in fv if fv[k] != uv[k]}
            raise AssertionError(f"state differs after {step} moves (floor, unorules): {diff}")
        theirs = ur.turn_moves(u)
        mine = floor.moves(f)
        converted = tuple(to_move(f[F.CURRENT], m) for m in mine)
        if converted != theirs:
            raise AssertionError(
                f"moves differ after {step} moves: floor {[str(m) for m in converted]}, "
                f"unorules {[str(m) for m in theirs]}"
            )
        if not mine:
            assert u.round_over and floor.round_over(f)
            return u
        k = int(rr() * len(mine))
        u = ur.apply(u, theirs[k])
        f = floor.apply(f, mine[k])
        step += 1


def play_round(floor: ModuleType, players: int, seed: int) -> GameState:
    """One dealt round in lockstep."""
    u = ur.new_round(RULES, players=players, seed=seed)
    return lockstep(floor, u, floor.new_round(players, seed), random.Random(seed))


ROUNDS = 45


@pytest.mark.parametrize("players", range(2, 11))
def test_floor_plays_the_rounds_unorules_plays(players: int) -> None:
    """Dealt rounds from the same seeds: same moves, same states, same end."""
    reshuffled = 0
    for i in range(ROUNDS):
        last = play_round(F, players, 7919 * players + i)
        assert last.round_over and last.winner is not None
        assert last.hands[last.winner] == ()
        reshuffled += last.reshuffles > 0
    if players >= 5:
        # Rounds long enough that the discard pile is reshuffled in some.
        assert reshuffled > 0


@pytest.mark.parametrize(("players", "hand"), [(2, 30), (4, 15), (6, 30), (10, 15)])
def test_floor_plays_bigger_hands_from_two_decks_alike(players: int, hand: int) -> None:
    """The cells of ``bench/growth.py``: two classic decks (216 cards, the
    floor's ``decks=2``, unorules' ``deck.two-decks`` opened to 2 players)
    and ``hand`` cards dealt to each player. Same moves, same states, same
    end; the hands dealt are the size asked for."""
    import attrs

    from unorules.rules.policies.deck import TwoDecks

    rules = RULES.replace(
        deck=TwoDecks(min_players=2), deal=attrs.evolve(RULES.deal, hand_size=hand)
    )
    for i in range(6):
        seed = 104_729 * players + hand + i
        u = ur.new_round(rules, players=players, seed=seed)
        f = F.new_round(players, seed, hand, 2)
        assert len(u.draw_pile) + len(u.discard_pile) + sum(map(len, u.hands)) == 216
        assert [len(h) for h in f[F.HANDS]] == [len(h) for h in u.hands]
        assert sorted(len(h) for h in u.hands)[0] == hand  # none had to take cards yet
        last = lockstep(F, u, f, random.Random(seed))
        assert last.round_over


def test_floor_refuses_a_deal_the_decks_cannot_make() -> None:
    with pytest.raises(ValueError, match="cannot deal 30 cards to 10 players from 2 deck"):
        F.new_round(10, 0, 30, 2)
    with pytest.raises(ValueError, match="from 3 deck"):
        F.new_round(4, 0, 7, 3)
    with pytest.raises(ValueError, match="must be ints"):
        F.new_round(4, 0, True, 1)
    with pytest.raises(ValueError, match="must be ints"):
        F.new_round(4, 0, 7, "2")
    # The one card left after 5 x 43 from two decks is a Wild Draw Four
    # (seed 53), as unorules refuses the same deal.
    with pytest.raises(ValueError, match="no card left after the deal"):
        F.new_round(5, 53, 43, 2)


def test_start_cards_of_every_kind_are_dealt_alike() -> None:
    """Seeds whose start card is a Skip, Reverse, Draw Two, Wild, or a Wild
    Draw Four sent back (a second shuffle): each deals as unorules does."""
    seen: dict[str, int] = {}
    for seed in range(400):
        n = 2 + seed % 9
        u = ur.new_round(RULES, players=n, seed=seed)
        kind = u.discard_pile[-1].face.name if u.shuffles == 1 else "RESHUFFLED"
        if seen.get(kind, 0) >= 3:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        lockstep(F, u, F.new_round(n, seed), random.Random(seed))
    for kind in ("SKIP", "REVERSE", "DRAW_TWO", "WILD", "RESHUFFLED"):
        assert seen.get(kind), kind


def situation(hands: list[str], top: str, draw: str, discard: str, color: str | None = None):
    return ur.situation(
        RULES, hands, top=top, draw_pile=draw, discard_pile=discard, color=color, seed=5
    )


def test_piles_exhausted_lowest_hand_wins() -> None:
    """Seat 0 cannot play and nothing is left to draw: ``pile.exhausted``,
    the lowest hand (seat 1: 3 + 4) scores the others' (9 + 20 = 29, 50)."""
    u = situation(["B9 GS", "B3 Y4", "W"], top="R5", draw="", discard="R5")
    f = from_unorules(u)
    assert F.moves(f) == [F.DRAW]
    last = lockstep(F, u, f, random.Random(0))
    assert last.winner == 1 and last.scores == (0, 29 + 50, 0)
    assert F.apply(f, F.DRAW)[F.SCORES] == (0, 79, 0)


def test_piles_exhausted_on_a_tie_nobody_scores() -> None:
    u = situation(["B9 G3", "Y9 B3"], top="R5", draw="", discard="R5")
    last = lockstep(F, u, from_unorules(u), random.Random(0))
    assert last.winner is None and last.scores == (0, 0)


def test_owed_cards_run_out_half_way() -> None:
    """A Draw Two on an empty pile: the card it covers (R5) is all there is
    to reshuffle, seat 1 takes it and the second card is missing, so the
    round ends (``pile.exhausted``) with the turn passed to seat 2."""
    u = situation(["R+2 G4", "B9 B1", "Y1 Y2"], top="R5", draw="", discard="R5")
    f = from_unorules(u)
    u, f = ur.apply(u, Play(0, Card.parse("R+2"))), F.apply(f, CARD_ID[Card.parse("R+2")])
    last = lockstep(F, u, f, random.Random(0))
    assert last.round_over and last.current == 2 and last.hands[1][-1] == Card.parse("R5")
    assert len(last.hands[1]) == 3 and last.reshuffles == 1
    # The lowest hand, seat 2's Y1 Y2 (3 points), takes 4 + (9 + 1 + 5).
    assert last.winner == 2 and last.scores == (0, 0, 19)


def test_last_draw_two_makes_the_next_seat_draw_after_a_reshuffle() -> None:
    """``end.last-card-draw-applies``: seat 0 goes out on a Draw Two; the pile
    holds one card, so the discard pile (Y3 G7 R5 below the Draw Two) is
    reshuffled for the second; seat 1's four cards are seat 0's points."""
    u = situation(["R+2", "B9 B1"], top="R5", draw="G1", discard="Y3 G7 R5")
    last = lockstep(F, u, from_unorules(u), random.Random(0))
    assert last.winner == 0 and last.reshuffles == 1 and len(last.hands[1]) == 4
    assert last.scores[0] == sum(RULES.card_values.hand_value(h) for h in last.hands[1:])


def test_wild_draw_four_only_when_no_coloured_card_fits() -> None:
    """``wd4.no-playable-card`` with ``challenge.none``: no bluff is listed;
    a Wild in hand does not count against it."""
    u = situation(["W+4 R3 W", "B1"], top="R5", draw="G1 G2", discard="R5")
    assert [str(m) for m in ur.turn_moves(u)] == [
        "0 play R3",
        "0 play W red",
        "0 play W yellow",
        "0 play W green",
        "0 play W blue",
    ]
    assert F.moves(from_unorules(u)) == [CARD_ID[Card.parse("R3")], 52, 53, 54, 55]
    u = situation(["W+4 B3 W", "B1"], top="R5", draw="G1 G2", discard="R5")
    assert F.moves(from_unorules(u)) == [56, 57, 58, 59, 52, 53, 54, 55]
    lockstep(F, u, from_unorules(u), random.Random(1))


def _break_wd4(floor: ModuleType) -> None:
    """Wild Draw Four listed even when a coloured card fits."""
    moves = floor.moves

    def wrong(state: tuple) -> list[int]:
        out = moves(state)
        hand = state[floor.HANDS][state[floor.CURRENT]]
        if state[floor.PHASE] == floor.TURN and floor.WILD4 in hand and 56 not in out:
            out = [*out, 56, 57, 58, 59]
        return out

    floor.moves = wrong


def _break_skip(floor: ModuleType) -> None:
    """A Skip skips nobody."""
    floor.EFFECT = tuple(0 if e == 1 else e for e in floor.EFFECT)


def _break_values(floor: ModuleType) -> None:
    """Action cards worth 10 points, not 20."""
    floor.VALUE = tuple(10 if v == 20 else v for v in floor.VALUE)


def _break_reshuffle(floor: ModuleType) -> None:
    """The reshuffle (not the deal) uses the wrong shuffle number."""
    shuffled = floor._shuffled

    def wrong(cards: list[int], seed: int, shuffles: int) -> list[int]:
        # A reshuffle's cards come from the discard pile; the deck and a Wild
        # Draw Four start card sent back end in other cards.
        late = shuffles > 0 and cards[-1] != floor.WILD4
        return shuffled(cards, seed, shuffles + late)

    floor._shuffled = wrong


def _break_draw_two_start(floor: ModuleType) -> None:
    """A Draw Two start card makes nobody draw."""
    new_round = floor.new_round

    def wrong(players: int, seed: int = 0) -> tuple:
        s = new_round(players, seed)
        if s[floor.DISCARD][0] % 13 == 12 and s[floor.DISCARD][0] < 52:
            hands = list(s[floor.HANDS])
            hands[0] = hands[0][:7]
            s = (tuple(hands), *s[1:])
        return s

    floor.new_round = wrong


@pytest.mark.parametrize(
    "breaks", [_break_wd4, _break_skip, _break_values, _break_reshuffle, _break_draw_two_start]
)
def test_a_wrong_floor_is_caught(breaks) -> None:
    """The lockstep check fails on a floor with one rule wrong."""
    wrong = load_floor("floor_broken")
    breaks(wrong)
    caught = 0
    for i in range(60):
        n = 2 + i % 9
        try:
            play_round(wrong, n, 1000 + i)
        except AssertionError:
            caught += 1
    assert caught, f"{breaks.__doc__} went unnoticed"
