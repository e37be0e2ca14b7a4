"""Two-sided cards and the effect that turns everything over
(``Card.back``, ``Card.turned``, ``ActionEffect.flip``), on a tiny deck of
classic faces whose Reverse turns everything over: what the engine does
with them, whatever the edition.

The tiny deck, dealt red and yellow side up, with green and blue on the
other sides::

    R1:G1 R2:G2 R3:G3 R4:G4 R5:G5      (red up, green behind)
    Y1:B5 Y2:B4 Y3:B3 Y4:B2 Y5:B1      (yellow up, blue behind)
    RR:BR RR:BR                        (a Reverse: it turns everything over)
    YR:W  W:GR                         (a wild card on one side)
"""

from __future__ import annotations

import random

import attrs
import pytest

import unorules as ur
from unorules import Card, Color, Face, Phase
from unorules.events import EverythingTurnedOver
from unorules.explanations.sentences import render
from unorules.rules.policies.actions import ActionEffect, OfficialActions
from unorules.rules.policies.base import Refusal
from unorules.serialize import dumps, loads

R, Y, G, B = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
NUMBERS = (Face.ONE, Face.TWO, Face.THREE, Face.FOUR, Face.FIVE)


def two(code: str) -> Card:
    return Card.parse(code)


_CARDS: tuple[Card, ...] = (
    *(Card(R, f, Card(G, f)) for f in NUMBERS),
    *(Card(Y, f, Card(B, NUMBERS[4 - i])) for i, f in enumerate(NUMBERS)),
    two("RR:BR"),
    two("RR:BR"),
    two("YR:W"),
    two("W:GR"),
)


@attrs.frozen(slots=True)
class TinyDeck:
    rule_ids: tuple[str, ...] = ("test.tiny-deck", "players.range")
    min_players: int = 2
    max_players: int = 4
    hand_size: int = 3

    def cards(self) -> tuple[Card, ...]:
        return _CARDS

    def lacks(self, card: Card) -> Refusal | None:
        if card in _CARDS or card.turned() in _CARDS:
            return None
        return Refusal(("test.tiny-deck",))


_FLIP = ActionEffect("test.reverse-flips", flip=True)


@attrs.frozen(slots=True)
class FlippingReverse:
    rule_ids: tuple[str, ...] = ("test.reverse-flips", "action.wild")

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        if card.face is Face.REVERSE:
            return _FLIP
        return OfficialActions().effect(card, players)

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        return None


RULES = ur.presets.get("official").replace(deck=TinyDeck(), actions=FlippingReverse())


def test_a_two_sided_card_is_one_object_per_pair_of_sides() -> None:
    card = Card(R, Face.FIVE, Card(G, Face.FIVE))
    assert card is two("R5:G5") is two("red 5 : green 5")
    assert card.code == "R5:G5" and card.color is R and card.face is Face.FIVE
    assert card.back is two("G5") and card.side is two("R5")
    assert card.turned() is two("G5:R5") and card.turned().turned() is card
    assert two("R5").turned() is two("R5") and two("R5").back is None
    assert card is not two("R5") and card != two("R5:G4")
    assert loads(dumps(card), Card) is card
    assert ur.parse_cards("R5:G5 W:GR, yellow 1:blue 5") == (card, two("W:GR"), two("Y1:B5"))


def test_a_two_sided_card_has_a_one_sided_back() -> None:
    with pytest.raises(TypeError):
        Card(R, Face.FIVE, two("G5:R5"))
    with pytest.raises(ur.NotationError):
        Card.parse("R5:G5:B5")


def test_a_wild_card_names_a_colour_of_its_own_side() -> None:
    assert RULES.colors == (R, Y)
    assert RULES.colors_for(two("W:GR")) == (R, Y)
    assert RULES.colors_for(two("W:YR")) == (G, B)
    assert RULES.upright(two("G5:R5")) is two("R5:G5")


def _turning() -> ur.GameState:
    # Seat 0 lays RR:BR on R1:G1; the discard pile below is Y3:B3, R1:G1.
    return ur.situation(
        RULES,
        ["RR:BR R2:G2 Y1:B5", "R3:G3 Y2:B4"],
        top="R1:G1",
        discard_pile="Y3:B3 R1:G1",
        draw_pile="R4:G4 YR:W",
    )


def test_flip_turns_every_hand_card_by_card_and_each_pile_as_a_whole() -> None:
    state = _turning()
    after, events = ur.apply_with_events(state, ur.Play(0, two("RR:BR")))
    assert after.hands == ((two("G2:R2"), two("B5:Y1")), (two("G3:R3"), two("B4:Y2")))
    # The discard pile turned over: Y3:B3 was at the bottom, so B3 is on top.
    assert after.discard_pile == (two("BR:RR"), two("G1:R1"), two("B3:Y3"))
    assert after.top is two("B3:Y3") and after.color is B
    # The draw pile turned over: YR:W was at the bottom, so W:YR is on top.
    assert after.draw_pile == (two("W:YR"), two("G4:R4"))
    assert after.current == 1 and after.phase is Phase.TURN
    turned = [e for e in events if isinstance(e, EverythingTurnedOver)]
    assert turned == [
        EverythingTurnedOver(rule_id="test.reverse-flips", seat=0, top=two("B3:Y3"), color=B)
    ]
    assert render(turned[0]) == (
        "everything is turned over: the hands, the draw pile and the discard pile, "
        "whose top card is now B3:Y3; the colour is blue"
    )
    ur.validate_state(after)


def test_after_a_flip_the_other_side_is_played() -> None:
    after = ur.apply(_turning(), ur.Play(0, two("RR:BR")))
    # On B3 seat 1 lays B4:Y2 (blue on blue) or G3:R3 (3 on 3), sides up.
    plays = {m.card for m in ur.legal_moves(after) if isinstance(m, ur.Play)}
    assert plays == {two("B4:Y2"), two("G3:R3")}
    drawn = ur.apply(after, ur.Draw(1))
    assert drawn.hands[1][-1] is two("W:YR")
    colours = {m.color for m in ur.legal_moves(drawn) if isinstance(m, ur.Play) and m.card.is_wild}
    assert colours == {G, B}


def test_a_wild_card_turned_up_has_its_colour_named_by_the_next_seat() -> None:
    state = ur.situation(
        RULES,
        ["RR:BR R2:G2", "R3:G3 Y2:B4"],
        top="R1:G1",
        discard_pile="W:GR R1:G1",
    )
    after = ur.apply(state, ur.Play(0, two("RR:BR")))
    assert after.top is two("GR:W")  # the green side of W:GR is a Reverse
    assert after.color is G
    state = ur.situation(
        RULES,
        ["RR:BR R2:G2", "R3:G3 Y2:B4"],
        top="R1:G1",
        discard_pile="YR:W R1:G1",
    )
    after = ur.apply(state, ur.Play(0, two("RR:BR")))
    assert after.top is two("W:YR") and after.color is None
    assert after.phase is Phase.CHOOSE_COLOR and after.current == 1
    assert after.pending is not None and after.pending.rule_ids == ("test.reverse-flips",)
    assert set(ur.turn_moves(after)) == {ur.ChooseColor(1, G), ur.ChooseColor(1, B)}
    assert not ur.explain(after, ur.ChooseColor(1, R)).legal
    verdict = ur.explain(state, ur.Play(0, two("RR:BR")))
    assert "seat 1 names its colour" in verdict.text
    assert "names the colour of the wild card turned up" in verdict.text
    named = ur.apply(after, ur.ChooseColor(1, B))
    assert named.color is B and named.phase is Phase.TURN and named.current == 1
    ur.validate_state(named)


def test_a_flip_laid_as_the_last_card_turns_nothing_over() -> None:
    state = ur.situation(RULES, ["RR:BR", "R3:G3 Y2:B4"], top="R1:G1")
    after = ur.apply(state, ur.Play(0, two("RR:BR")))
    assert after.round_over and after.winner == 0
    assert after.top is two("RR:BR")


def test_the_view_shows_the_backs_of_the_other_hands() -> None:
    state = _turning()
    view = state.view(1)
    assert view.hand == (two("R3:G3"), two("Y2:B4"))
    assert view.backs == ((two("BR"), two("G2"), two("B5")), ())
    assert state.view(0).backs == ((), (two("G3"), two("B4")))
    assert ur.situation(ur.presets.official(), ["R1", "R2"], top="R3").view(0).backs == ()


def test_cards_are_counted_whichever_side_is_up() -> None:
    state = ur.apply(_turning(), ur.Play(0, two("RR:BR")))
    ur.validate_state(state)
    extra = attrs.evolve(state, out_of_play=(two("R5:G5"),))
    with pytest.raises(ur.StateError):
        ur.validate_state(extra)


def test_random_rounds_of_the_tiny_deck_keep_every_invariant_and_replay() -> None:
    flips = 0
    for seed in range(40):
        start = ur.new_round(RULES, players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        state, moves = start, []
        while not state.round_over:
            move = rng.choice(ur.legal_moves(state))
            state, events = ur.apply_with_events(state, move)
            flips += any(isinstance(e, EverythingTurnedOver) for e in events)
            moves.append(move)
            ur.validate_state(state)
            assert loads(dumps(move), ur.Move) == move  # type: ignore[type-abstract]
        replayed = start
        for move in moves:
            replayed = ur.apply(replayed, move)
        assert replayed == state
    assert flips > 10


def test_a_move_may_name_only_the_side_up_of_a_card_held() -> None:
    from unorules.notation import as_held

    hand = (two("R2:G2"), two("RR:BR"), two("Y1:B5"))
    assert as_held(ur.parse_move("0 play RR"), hand) == ur.Play(0, two("RR:BR"))
    assert as_held(ur.parse_move("0 play RR:BR"), hand) == ur.Play(0, two("RR:BR"))
    # A card no two-sided card of the hand shows, and other moves, stay.
    assert as_held(ur.parse_move("0 play R5"), hand) == ur.Play(0, two("R5"))
    assert as_held(ur.Draw(0), hand) == ur.Draw(0)
