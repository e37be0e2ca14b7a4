"""A play that hands cards to another player (``ActionEffect.give``,
``Play.give``, ``Play.to``), written as a table's own rule: "sevens give"
(whoever lays a 7 hands one card of their choice to a player they name).

The outcomes are worked out by hand: the 7 goes on the discard pile, the
card named leaves the player's hand and ends the other hand, and the turn
passes to the next seat clockwise.
"""

from __future__ import annotations

import attrs
import pytest
from helpers import card, cards, rules

import unorules as ur
from unorules import reasons as rs
from unorules.events import CardsGiven
from unorules.rules.policies import ActionEffect, ActionPolicy
from unorules.serialize import dumps, loads


@attrs.frozen
class SevensGive:
    before: ActionPolicy
    give: int = 1

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.sevens-give")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.number == 7:
            return ActionEffect("table.sevens-give", give=self.give)
        return self.before.effect(card, players)

    def laid(self, cards: tuple[ur.Card, ...], players: int) -> ActionEffect | None:
        return self.before.laid(cards, players)


def _rules(give: int = 1) -> ur.RuleSet:
    base = rules()
    return base.replace(actions=SevensGive(base.actions, give))


def _state(hand: str = "R7 B3 G9 Y1", give: int = 1) -> ur.GameState:
    return ur.situation(_rules(give), [hand, "Y5 Y6", "Y8 Y9"], top="R5", draw_pile="G1 G2")


def test_a_seven_hands_a_card_over() -> None:
    s = _state()
    move = ur.Play(0, card("R7"), give=(card("B3"),), to=2)
    ruling = ur.check(s, move)
    assert (ruling.allowed, ruling.legal) == (True, True)
    assert ruling.rule_ids == ("table.sevens-give", "play.match")
    assert ruling.why == rs.AndGives(
        rs.Matches(card("R7"), card("R5"), ur.Color.RED), (card("B3"),), 2
    )
    after, events = ur.apply_with_events(s, move)
    assert after.hands == (cards("G9 Y1"), cards("Y5 Y6"), cards("Y8 Y9 B3"))
    assert (after.top, after.current) == (card("R7"), 1)
    assert CardsGiven(rule_id="table.sevens-give", seat=0, to=2, cards=(card("B3"),)) in events
    ur.validate_state(after)


def test_each_card_to_each_seat_is_listed() -> None:
    plays = [m for m in ur.legal_moves(_state()) if isinstance(m, ur.Play)]
    assert {(m.give, m.to) for m in plays} == {
        ((card(c),), t) for c in ("B3", "G9", "Y1") for t in (1, 2)
    }


def test_what_is_wrong_with_a_seven_is_said() -> None:
    s = _state()
    ruling = ur.check(s, ur.Play(0, card("R7")))
    assert isinstance(ruling.why, rs.WrongForm)
    assert ruling.why.why == rs.GiveTargetMissing(card("R7"), 1)
    assert ruling.why.fixed == ur.Play(0, card("R7"), give=(card("B3"),), to=1)
    ruling = ur.check(s, ur.Play(0, card("R7"), give=(card("B3"),), to=0))
    assert ruling.why.why == rs.GiveToSelf()  # type: ignore[attr-defined]
    ruling = ur.check(s, ur.Play(0, card("R7"), give=(card("B3"), card("G9")), to=1))
    assert ruling.why.why == rs.GiveCount(card("R7"), 1, 2)  # type: ignore[attr-defined]
    ruling = ur.check(s, ur.Play(0, card("R7"), give=(card("R7"),), to=1))
    assert ruling.why == rs.GiveNotHeld(0, card("R7"))
    ruling = ur.check(s, ur.Play(0, card("R7"), give=(card("B3"),), to=7))
    assert isinstance(ruling.why, rs.NoSuchSeat)
    # A card that hands nothing over names nothing.
    other = ur.situation(_rules(), ["R3 B3 G9", "Y5 Y6", "Y8 Y9"], top="R5")
    ruling = ur.check(other, ur.Play(0, card("R3"), give=(card("B3"),), to=1))
    assert ruling.why.why == rs.GivesNothing(card("R3"))  # type: ignore[attr-defined]


def test_the_last_card_hands_nothing_over_and_giving_the_last_goes_out() -> None:
    last = _state("R7")
    assert [str(m) for m in ur.legal_moves(last)] == ["0 play R7", "0 draw"]
    after = ur.apply(last, ur.Play(0, card("R7")))
    assert after.winner == 0
    two = _state("R7 B3")
    after = ur.apply(two, ur.Play(0, card("R7"), give=(card("B3"),), to=1))
    assert after.winner == 0 and after.hands[1] == cards("Y5 Y6 B3")


def test_two_to_give_from_a_hand_of_two_gives_the_one_left() -> None:
    s = _state("R7 B3", give=2)
    plays = [m for m in ur.legal_moves(s) if isinstance(m, ur.Play)]
    assert {(m.give, m.to) for m in plays} == {((card("B3"),), 1), ((card("B3"),), 2)}


def test_the_uno_call_follows_the_hand_that_gives() -> None:
    """R7 B3 G9: laying the 7 and handing one card over leaves one card, so
    the call is due before, and missing after."""
    s = _state("R7 B3 G9")
    assert ur.CallUno(0) in ur.legal_moves(s)
    after = ur.apply(s, ur.Play(0, card("R7"), give=(card("B3"),), to=1))
    assert after.uno_missed == 0


def test_notation_json_and_languages() -> None:
    move = ur.parse_move("0 play R7 give B3 to 2")
    assert move == ur.Play(0, card("R7"), give=(card("B3"),), to=2)
    assert str(move) == "0 play R7 give B3 to 2"
    names = ("Anna", "Bo", "Cilla")
    assert (
        ur.parse_move("Anna lägger röd sjua och ger blå trea till Cilla", lang="sv", names=names)
        == move
    )
    assert ur.parse_move("Anna legger rød 7 og gir blå 3 til Cilla", lang="nb", names=names) == move
    assert loads(dumps(move), ur.Play) == move
    verdict = ur.explain(_state(), move, lang="sv", names=names)
    assert verdict.headline == "Ja – Cilla får 1 kort av Anna."
    assert ("table.sevens-give", "Anna ger blå 3 till Cilla") in verdict.texts.effects


def test_the_environment_has_an_action_per_card_and_seat() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from unorules.play.env import UnoEnv

    game = UnoEnv(_rules(), 3)
    game.reset(options={"state": _state()})
    mask = game.observe("player_0")["action_mask"]
    names = {game.actions.names[i] for i in np.flatnonzero(mask)}
    assert names == {
        "play R7 give B3 +1",
        "play R7 give B3 +2",
        "play R7 give G9 +1",
        "play R7 give G9 +2",
        "play R7 give Y1 +1",
        "play R7 give Y1 +2",
        "draw",
    }
    game.step(game.action_of(ur.Play(0, card("R7"), give=(card("Y1"),), to=1)))
    assert game.game_state.hands[1] == cards("Y5 Y6 Y1")


def test_bad_give_fields_are_named() -> None:
    s = _state()
    assert ur.check(s, ur.Play(0, card("R7"), give=("B3",), to=1)).why == rs.NotACard("B3")  # type: ignore[arg-type]
    ruling = ur.check(s, ur.Play(0, card("R7"), give=(card("B3"),), to="1"))  # type: ignore[arg-type]
    assert isinstance(ruling.why, rs.NotASeatNumber)
    with pytest.raises(ur.IllegalMove):
        ur.apply(s, ur.Play(0, card("R7"), give=(card("B3"),)))


# --- faults found by trying the plays as an attacker would -----------------------


def test_a_bluff_is_judged_on_the_hand_that_laid_it() -> None:
    """W+4 on R5 while holding R3 is a bluff, even when the play hands R3
    over: the challenge succeeds."""
    base = rules()

    @attrs.frozen
    class FourGives(SevensGive):
        def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
            if card.face is ur.Face.WILD_DRAW_FOUR:
                return ActionEffect("table.sevens-give", draw=4, give=1)
            return self.before.effect(card, players)

    s = ur.situation(
        base.replace(actions=FourGives(base.actions)),
        ["W+4 R3 G9", "R1 R2 G2", "Y8 Y9 R4"],
        top="R5",
    )
    after = ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE, give=(card("R3"),), to=2))
    assert after.wd4 is not None and after.wd4.broke_rule


def test_going_out_by_giving_keeps_the_last_card_rules() -> None:
    base = ur.presets.get("official+end.number-card-last")
    s = ur.situation(
        base.replace(actions=SevensGive(base.actions)), ["R7 B3", "Y5 Y6", "Y8 Y9"], top="R5"
    )
    # A 7 is a number card: laying it and handing over B3 goes out.
    assert ur.check(s, ur.Play(0, card("R7"), give=(card("B3"),), to=1)).legal


def test_a_give_that_is_no_whole_number_is_the_policys_error() -> None:
    for bad in (-1, 1.5, "1"):
        s = _state(give=bad)  # type: ignore[arg-type]
        with pytest.raises(ur.PolicyError, match=r"give=.*whole number of 0 or more"):
            ur.legal_moves(s)


def test_the_environment_refuses_a_card_that_hands_over_two() -> None:
    pytest.importorskip("pettingzoo")

    from unorules.play.env import EnvError, UnoEnv

    with pytest.raises(EnvError, match="hands 2 cards to another player"):
        UnoEnv(_rules(give=2), 3)


def test_a_misplayed_seven_hands_nothing_over() -> None:
    base = ur.presets.get("official+house.misplay-penalty")
    s = ur.situation(
        base.replace(actions=SevensGive(base.actions)), ["G7 B3 G9", "Y5 Y6", "Y8 Y9"], top="R5"
    )
    ruling = ur.check(s, ur.Play(0, card("G7"), give=(card("B3"),), to=2))
    assert ruling.why.why == rs.MisplayGivesNothing(card("G7"))  # type: ignore[attr-defined]


def test_a_swap_and_a_give_together_are_listed() -> None:
    """A seven_zero policy of the table's own: a 7 swaps hands and hands a
    card over."""
    from unorules.rules.policies import SevenZero

    @attrs.frozen
    class SwapAndGive:
        before: SevenZero = attrs.field(factory=SevenZero)

        @property
        def rule_ids(self) -> tuple[str, ...]:
            return self.before.rule_ids

        def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
            got = self.before.effect(card, players)
            if got is not None and card.number == 7:
                return attrs.evolve(got, give=1)
            return got

    base = ur.presets.get("official+house.seven-zero")
    s = ur.situation(
        base.replace(seven_zero=SwapAndGive()), ["R7 B3 G9", "R1 R2", "Y8 Y9 R4"], top="R5"
    )
    move = ur.Play(0, card("R7"), swap_with=1, give=(card("B3"),), to=2)
    assert move in ur.legal_moves(s)
    assert ur.check(s, move).legal
