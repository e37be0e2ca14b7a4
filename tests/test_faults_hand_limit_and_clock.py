"""Faults found by attacking random rounds under random rule sets: each
round below is replayed move by move (the seed's generator picks among the
legal moves), and every move listed on the way must lead to a state that
can exist.

* A seat the hand limit put out of the round (``no-mercy.mercy``) kept a
  plain Wild it had laid open to a challenge (``challenge.also-wild``):
  the record now goes with the seat.
* A player went out with a wild card whose colour the next player names
  (No Mercy's Wild Colour Roulette): the round is over before anyone names
  it, so no colour is in force, which validation now accepts.
* A blank card's own rule (``house.custom-cards``) moved cards past the
  hand limit: the hand limit now applies after it, as after any move.
* A card's own rule (No Mercy's Discard All) on the last turn of the
  game's clock (``house.blitz``): the clock now counts the turn after the
  rule has moved its cards, so the seat holding the fewest cards is known.
"""

from __future__ import annotations

import random

import attrs
import pytest

import unorules as ur
from unorules.engine.applying import apply_logged

CASES = [
    (
        "official+end.no-draw-card-last+house.custom-cards+score.winner-takes"
        "+draw.allowed-when-playable+challenge.also-wild+house.skip-deflect+uno.false-call"
        "+info.hand-sizes-public+no-mercy.mercy+wd4.no-matching-colour"
        "+house.multiple-identical+no-mercy.card-values+start.skip+end.no-wild-last"
        "+house.play-drawn+house.stack-draw-two+strict",
        5,
        794946,
    ),
    (
        "official+uno.none+flip.wild-draw-restricted+house.timed-turns+no-mercy.deck"
        "+wild.restricted+flip.card-values+house.stack-draw-four+end.shuffle-hands-last+strict",
        10,
        882720,
    ),
    (
        "official+draw.allowed-when-playable+uno.reminder+wild.any-time"
        "+score.card-values-2022+pile.nothing-to-draw+no-mercy.start+deck.modern-112-swap"
        "+no-mercy.draw-until-playable+house.skip-deflect+end.last-card+setup.dealer-draw"
        "+no-mercy.mercy+house.custom-cards",
        5,
        689611,
    ),
    (
        "official+uno.window-until-play+score.target+end.last-card-no-effect"
        "+house.stack-skip+score.card-values-2022+challenge.penalty=14+no-mercy.deck"
        "+uno.false-call+wild.restricted+house.jump-in+house.blitz+house.custom-cards",
        2,
        705053,
    ),
]


@pytest.mark.parametrize(
    ("spec", "players", "seed"),
    CASES,
    ids=[
        "no-mercy.mercy+challenge.also-wild",
        "no-mercy.deck-wild-colour-roulette-last",
        "house.custom-cards+no-mercy.mercy",
        "house.blitz+house.custom-cards",
    ],
)
def test_no_mercy_mercy_custom_cards_blitz_rounds_stay_valid(
    spec: str, players: int, seed: int
) -> None:
    rules = ur.presets.get(spec)
    state = ur.new_round(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        ur.validate_state(state)
        moves = ur.legal_moves(state)
        if not moves:
            break
        # Every move listed leads to a state that can exist, and the fast
        # path and the full one (the move checked again) agree on it.
        for move in moves:
            after = ur.apply(state, move)
            ur.validate_state(after)
            # A move that counts is one turn (a void call or catch: none).
            assert after.turns in (state.turns, state.turns + 1), move
            assert apply_logged(state, attrs.evolve(move), []) == after, move
        state = ur.apply(state, rng.choice(moves))
    ur.validate_state(state)
