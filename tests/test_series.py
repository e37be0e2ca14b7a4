"""Plays that lay several different cards (``Play.more``): the match policy's
``follows`` question, ``house.multiple-same-number`` and ``house.bomb``
(letsuno's "multiple same number" and "bomb"), and a play's own effect
(``ActionPolicy.laid``, ``ActionEffect.others_draw``).

The outcomes are worked out by hand from the rules' texts: only the first
card must fit; each further card shows the same number; the last card laid
sets the colour; three cards or more of one number make every other seat
draw 1 from the top of the draw pile, in the direction of play, and nobody
loses a turn by it.
"""

from __future__ import annotations

import attrs
import pytest
from helpers import card, cards, rules
from hypothesis import given, settings

import unorules as ur
from unorules import reasons as rs
from unorules.events import CardsDrawn, CardsLaid, DrawCause
from unorules.rules.policies import ActionEffect, Fits, OfficialActions, OfficialMatch, Refusal
from unorules.rules.validation import validate
from unorules.serialize import dumps, loads
from unorules.testing import games

SAME = "official+house.multiple-same-number"
BOMB = SAME + "+house.bomb"
HANDS = ["B5 G5 Y5 R3 Y7", "B2 B3", "Y1 Y2"]


def _state(spec: str = SAME, hands: list[str] | None = None, top: str = "R5") -> ur.GameState:
    """Seat 0 holds three fives (and R3 Y7) on R5; G1 G2 G3 top the draw pile."""
    return ur.situation(rules(spec), hands or HANDS, top=top, draw_pile="G1 G2 G3")


def play(text: str) -> ur.Play:
    move = ur.parse_move(text)
    assert isinstance(move, ur.Play)
    return move


def test_three_fives_in_one_play() -> None:
    s = _state()
    move = play("0 play B5 G5 Y5")
    assert move == ur.Play(0, card("B5"), more=(card("G5"), card("Y5")))
    ruling = ur.check(s, move)
    assert (ruling.allowed, ruling.legal) == (True, True)
    assert ruling.rule_ids == ("play.match", "house.multiple-same-number")
    assert ruling.why == rs.LaysSeries(
        rs.Matches(card("B5"), card("R5"), ur.Color.RED), (card("G5"), card("Y5"))
    )
    after, events = ur.apply_with_events(s, move)
    assert after.hands == (cards("R3 Y7"), cards("B2 B3"), cards("Y1 Y2"))
    assert after.discard_pile == cards("R5 B5 G5 Y5")
    # The last card laid sets the colour; the next seat plays.
    assert (after.color, after.current, after.top) == (ur.Color.YELLOW, 1, card("Y5"))
    assert events[0] == CardsLaid(
        rule_id="house.multiple-same-number",
        seat=0,
        card=card("B5"),
        more=(card("G5"), card("Y5")),
    )
    ur.validate_state(after)


def test_every_set_and_last_card_is_listed_once() -> None:
    """Three fives: each may be laid alone (3), or first with one other (3 x 2)
    or with both others, either of them last (3 x 2): 15 plays of fives,
    R3 on the red five, and drawing."""
    moves = ur.legal_moves(_state())
    fives = [m for m in moves if isinstance(m, ur.Play) and m.card.number == 5]
    assert len(fives) == 15
    fives_held = cards("B5 G5 Y5")
    expected = set()
    for first in fives_held:
        others = [c for c in fives_held if c != first]
        expected.add((first, frozenset(), first))
        expected |= {(first, frozenset((o,)), o) for o in others}
        expected |= {(first, frozenset(others), last) for last in others}
    assert {(m.card, frozenset(m.more), m.last) for m in fives} == expected
    assert ur.Play(0, card("R3")) in moves and ur.Draw(0) in moves
    assert len(moves) == 15 + 2
    # Another order of the cards between is as lawful, though not listed.
    s = _state(hands=["B5 G5 Y5 R5 Y7", "B2 B3", "Y1 Y2"], top="R9")
    assert ur.check(s, play("0 play R5 G5 B5 Y5")).legal
    assert ur.check(s, play("0 play R5 B5 G5 Y5")).legal


def test_a_card_of_another_number_may_not_follow() -> None:
    s = _state()
    ruling = ur.check(s, play("0 play B5 R3"))
    assert (ruling.allowed, ruling.rule_ids) == (False, ("house.multiple-same-number",))
    assert ruling.why == rs.CannotFollow(
        card("R3"), card("B5"), "only cards of the same number follow a number card"
    )
    # Wrong only from the third card on: lawful as the first two.
    ruling = ur.check(s, play("0 play B5 G5 R3"))
    assert not ruling.allowed
    assert isinstance(ruling.why, rs.WrongForm)
    assert ruling.why.fixed == play("0 play B5 G5")
    with pytest.raises(ur.IllegalMove):
        ur.apply(s, play("0 play B5 R3"))


def test_only_the_first_card_must_fit() -> None:
    s = _state(top="B2")
    # G5 does not fit on the blue 2: the first card's own refusal decides.
    ruling = ur.check(s, play("0 play G5 B5"))
    assert (ruling.allowed, ruling.rule_ids) == (False, ("play.match",))
    assert ruling.why == rs.NoMatch(card("G5"), card("B2"), ur.Color.BLUE)
    # B5 fits; G5 and Y5 follow it though neither fits the blue 2.
    after = ur.apply(s, play("0 play B5 G5 Y5"))
    assert after.color is ur.Color.YELLOW


def test_an_action_card_starts_no_series() -> None:
    s = _state(hands=["RS BS R3", "B2 B3", "Y1 Y2"])
    ruling = ur.check(s, play("0 play RS BS"))
    assert not ruling.allowed
    assert ruling.why == rs.CannotFollow(
        card("BS"), card("RS"), "further cards follow only a number card"
    )


def test_the_official_rules_lay_one_card() -> None:
    ruling = ur.check(_state("official"), play("0 play B5 G5"))
    assert (ruling.allowed, ruling.rule_ids) == (False, ("play.one-card",))
    assert ruling.why == rs.CannotFollow(
        card("G5"), card("B5"), "only one card may be laid per turn"
    )
    assert not [m for m in ur.legal_moves(_state("official")) if isinstance(m, ur.Play) and m.more]


def test_cards_not_held() -> None:
    s = _state()
    ruling = ur.check(s, play("0 play B5 R5"))
    assert ruling.why == rs.CardNotHeld(0, card("R5"))
    ruling = ur.check(s, play("0 play B5 G5 G5"))
    assert ruling.why == rs.TooFewCopies(0, card("G5"), 1)


def test_several_cards_only_on_a_turn_of_ones_own() -> None:
    # After drawing: only the card drawn.
    s = ur.apply(_state(hands=["R3 Y7", "B2 B3", "Y1 Y2"], top="G9"), ur.Draw(0))
    assert s.phase is ur.Phase.DRAWN and s.drawn == card("G1")
    # In answer to cards owed.
    owed = ur.apply(_state(hands=["R+2 R1", "B+2 G+2 B7", "Y1 Y2"], top="R4"), play("0 play R+2"))
    ruling = ur.check(owed, play("1 play B+2 G+2"))
    assert not ruling.allowed
    # Out of turn.
    ruling = ur.check(_state(), play("1 play B2 B3"))
    assert not ruling.allowed
    assert ruling.why == rs.NotYourTurn(0, 1)


def test_a_series_names_no_seat() -> None:
    ruling = ur.check(_state(), ur.Play(0, card("B5"), swap_with=1, more=(card("G5"),)))
    assert not ruling.allowed
    assert isinstance(ruling.why, rs.WrongForm)
    assert ruling.why.why == rs.SeriesNamesNoSeat()


def test_going_out_with_a_series() -> None:
    s = _state(hands=["B5 G5", "B2 B3", "Y1 Y2"])
    after = ur.apply(s, play("0 play B5 G5"))
    assert after.winner == 0 and after.phase is ur.Phase.ROUND_OVER
    # Points: 2 + 3 + 1 + 2 (score.winner-takes).
    assert after.scores == (8, 0, 0)


def test_a_call_is_due_before_a_series_that_leaves_one_card() -> None:
    """Holding B5 G5 R3 on R5, laying both fives leaves one card: UNO is due
    before it (``uno.call``), and a series without the call leaves it missing."""
    s = _state(hands=["B5 G5 R3", "B2 B3", "Y1 Y2"])
    assert ur.CallUno(0) in ur.legal_moves(s)
    after = ur.apply(s, play("0 play B5 G5"))
    assert after.uno_missed == 0
    called = ur.apply(ur.apply(s, ur.CallUno(0)), play("0 play B5 G5"))
    assert called.uno_missed is None


def test_notation_json_and_words() -> None:
    move = play("0 play B5 and G5 and Y5")
    assert str(move) == "0 play B5 G5 Y5"
    assert ur.parse_move(str(move)) == move
    assert ur.parse_move("Anna lägger blå femma och grön femma", lang="sv", names=("Anna",)) == (
        play("0 play B5 G5")
    )
    assert loads(dumps(move), ur.Move) == move
    assert repr(move) == (
        "Play(player=0, card=Card.parse('B5'), more=(Card.parse('G5'), Card.parse('Y5')))"
    )
    verdict = ur.explain(_state(), move, lang="sv", names=("Anna", "Bo", "Cilla"))
    assert "Anna lägger blå 5, grön 5 och gul 5, i den ordningen" in verdict.texts.effects[0]


def test_bad_cards_in_more_are_named() -> None:
    s = _state()
    ruling = ur.check(s, ur.Play(0, card("B5"), more=("G5",)))  # type: ignore[arg-type]
    assert ruling.why == rs.NotACard("G5")
    ruling = ur.check(s, ur.Play(0, card("B5"), more=5))  # type: ignore[arg-type]
    assert ruling.why == rs.NotACard(5)


def test_the_bomb() -> None:
    s = _state(BOMB)
    after, events = ur.apply_with_events(s, play("0 play B5 G5 Y5"))
    # Seat 1 then seat 2 draw one each, from the top of the pile; seat 1 plays.
    assert after.hands == (cards("R3 Y7"), cards("B2 B3 G1"), cards("Y1 Y2 G2"))
    assert after.draw_pile == cards("G3")
    assert (after.current, after.color) == (1, ur.Color.YELLOW)
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [
        CardsDrawn(
            rule_id="house.bomb", seat=1, count=1, drawn=1, cause=DrawCause.OTHERS_DRAW, by=0
        ),
        CardsDrawn(
            rule_id="house.bomb", seat=2, count=1, drawn=1, cause=DrawCause.OTHERS_DRAW, by=0
        ),
    ]
    verdict = ur.explain(s, play("0 play B5 G5 Y5"))
    assert verdict.headline == (
        "Yes – seat 1 draws 1 card by the cards seat 0 laid; seat 2 draws 1 card by the cards "
        "seat 0 laid."
    )
    ur.validate_state(after)


def test_two_fives_are_no_bomb() -> None:
    after = ur.apply(_state(BOMB), play("0 play B5 G5"))
    assert after.hands[1:] == (cards("B2 B3"), cards("Y1 Y2"))


def test_the_bomb_goes_counter_clockwise_too() -> None:
    s = ur.situation(rules(BOMB), HANDS, top="R5", draw_pile="G1 G2 G3", direction=-1)
    after = ur.apply(s, play("0 play B5 G5 Y5"))
    # Seat 2 draws first (G1), then seat 1 (G2); seat 2 plays next.
    assert after.hands[1:] == (cards("B2 B3 G2"), cards("Y1 Y2 G1"))
    assert after.current == 2


def test_a_bomb_that_empties_the_hand_counts_the_cards_drawn() -> None:
    s = _state(BOMB, hands=["B5 G5 Y5", "B2 B3", "Y1 Y2"])
    after = ur.apply(s, play("0 play B5 G5 Y5"))
    assert after.winner == 0
    # B2 B3 G1 + Y1 Y2 G2: 2 + 3 + 1 + 1 + 2 + 2.
    assert after.scores == (11, 0, 0)


def test_a_bomb_of_identical_copies() -> None:
    spec = "official+deck.two-decks+house.multiple-identical+house.bomb"
    # Two decks serve 11 seats or more: each of the ten others draws one.
    hands = ["B5 B5 B5 R3", *(f"Y{n} Y{n}" for n in range(10))]
    pile = " ".join(f"G{n}" for n in range(10))
    s = ur.situation(rules(spec), hands, top="R5", draw_pile=pile)
    after = ur.apply(s, ur.Play(0, card("B5"), count=3))
    assert after.hands[0] == cards("R3")
    assert after.hands[1:] == tuple(cards(f"Y{n} Y{n} G{n}") for n in range(10))


def test_the_policy_answers() -> None:
    bomb = OfficialActions(bomb=3)
    assert bomb.laid(cards("R5 R5 B5"), 4) == ActionEffect("house.bomb", others_draw=1)
    assert bomb.laid(cards("R5 B5"), 4) is None
    assert bomb.laid(cards("RS BS GS"), 4) is None
    assert OfficialActions().laid(cards("R5 R5 B5"), 4) is None
    same = OfficialMatch(same_number=True)
    assert same.follows(card("R0"), card("B0")) == Fits(("house.multiple-same-number",))
    assert isinstance(same.follows(card("R1"), card("B0")), Refusal)
    assert isinstance(OfficialMatch().follows(card("R0"), card("B0")), Refusal)


def test_a_bomb_alone_never_applies() -> None:
    problems = validate(rules("official+house.bomb"))
    assert [(p.kind, p.rule_ids) for p in problems] == [("inert", ("house.bomb", "play.one-card"))]
    assert not validate(rules(BOMB))


def test_a_match_policy_of_the_tables_own_without_follows_lays_one_card() -> None:
    @attrs.frozen
    class Old:
        rule_ids: tuple[str, ...] = ("play.match", "play.one-card", "play.in-turn")

        def at_once(self, card: ur.Card, held: int) -> int:
            return 1

        def lay(self, card: ur.Card, count: int) -> Refusal | None:
            return None if count == 1 else Refusal(("play.one-card",), "one")

    s = ur.situation(rules().replace(match=Old()), HANDS, top="R5")
    assert not ur.check(s, play("0 play B5 G5")).allowed


def test_a_follows_answer_of_no_fit_type_is_a_policy_error() -> None:
    @attrs.frozen
    class Bad:
        rule_ids: tuple[str, ...] = ("play.match", "play.one-card", "play.in-turn")

        def at_once(self, card: ur.Card, held: int) -> int:
            return 1

        def lay(self, card: ur.Card, count: int) -> Refusal | None:
            return None

        def follows(self, card: ur.Card, previous: ur.Card) -> object:
            return True

    s = ur.situation(rules().replace(match=Bad()), HANDS, top="R5")
    with pytest.raises(ur.PolicyError, match=r"follows\(.*\) with True, not Fits or Refusal"):
        ur.legal_moves(s)


@settings(max_examples=25, deadline=None)
@given(states=games(rules(BOMB), max_moves=80))
def test_random_games_keep_every_card(states: list[ur.GameState]) -> None:
    """Under both rules every state a random game reaches can exist, and the
    cards of the deck are all somewhere."""
    total = len(rules(BOMB).deck.cards())
    for s in states:
        ur.validate_state(s)
        held = sum(len(h) for h in s.hands)
        assert held + len(s.draw_pile) + len(s.discard_pile) + len(s.out_of_play) == total


# --- the PettingZoo environment: a play of several cards, one action per card -----


def test_the_environment_builds_a_play_of_several_cards() -> None:
    pytest.importorskip("pettingzoo")
    import numpy as np

    from unorules.play.env import EnvError, UnoEnv

    game = UnoEnv(rules(BOMB), 3)
    game.reset(seed=1, options={"state": _state(BOMB)})
    table = game.actions
    move = play("0 play B5 G5 Y5")
    actions = game.actions_of(move)
    assert actions == (
        table.starts[card("B5")],
        table.thens[card("G5")],
        table.thens[card("Y5")],
        table.LAY,
    )
    assert [table.names[a] for a in actions] == [
        "play B5 and more",
        "then G5",
        "then Y5",
        "lay them",
    ]
    with pytest.raises(EnvError, match="takes several actions"):
        game.action_of(move)
    # The moves offered include the plays of several cards.
    assert move in game.legal_moves()
    game.step(actions[0])
    # Still seat 0: only G5 and Y5 may come next, and nothing is laid yet.
    assert game.agent_selection == "player_0"
    mask = game.observe("player_0")["action_mask"]
    assert {table.names[i] for i in np.flatnonzero(mask)} == {"then G5", "then Y5"}
    seen = game.observe("player_0")["observation"][game.layout.slices["laying"]]
    assert seen.sum() == 1 and seen[table.cards.index(card("B5"))] == 1
    assert game.game_state == _state(BOMB)
    game.step(actions[1])
    mask = game.observe("player_0")["action_mask"]
    assert {table.names[i] for i in np.flatnonzero(mask)} == {"then Y5", "lay them"}
    game.step(actions[2])
    game.step(actions[3])
    after = game.game_state
    assert after.hands == (cards("R3 Y7"), cards("B2 B3 G1"), cards("Y1 Y2 G2"))
    assert game.agent_selection == "player_1"


def test_a_bot_in_the_environment_lays_the_fives_together() -> None:
    pytest.importorskip("pettingzoo")

    from unorules.play.bots import HeuristicBot
    from unorules.play.env import UnoEnv

    game = UnoEnv(rules(BOMB), 3)
    game.reset(seed=1, options={"state": _state(BOMB)})
    bot = HeuristicBot()
    steps = 0
    while game.agent_selection == "player_0":
        game.step(game.bot_action(bot))
        steps += 1
    assert steps == 4  # begin, two more fives, lay them
    assert game.game_state.discard_pile[-3:] == cards("B5 G5 Y5")


def test_rules_without_such_plays_keep_the_action_table() -> None:
    pytest.importorskip("pettingzoo")

    from unorules.play.env import ActionTable

    plain = ActionTable(rules("official"), 3)
    assert plain.LAY is None and not plain.starts and not plain.thens
    assert plain.plays == plain.DRAW


# --- faults found by trying the plays as an attacker would -----------------------


def test_a_bomb_that_goes_out_while_others_play_on_with_nothing_to_draw() -> None:
    """end.play-on: the others draw from the discard pile reshuffled (R7 R5
    B5 under G5), seat 0 is out, and seat 1 plays next."""
    spec = BOMB + "+end.play-on"
    s = ur.situation(rules(spec), ["R5 B5 G5", "Y1 Y2", "G3 G8"], top="R7", draw_pile="")
    after = ur.apply(s, play("0 play R5 B5 G5"))
    ur.validate_state(after)
    assert after.hands[0] == () and after.finished == (0,) and after.current == 1
    assert len(after.hands[1]) == 3 and len(after.hands[2]) == 3


def test_copies_under_the_same_number_rule_are_laid_one_after_another() -> None:
    s = _state(hands=["R5 R5 B5 G2", "Y1 Y2", "G3 G8"], top="R7")
    ruling = ur.check(s, ur.Play(0, card("R5"), count=2))
    assert isinstance(ruling.why, rs.WrongForm)
    assert ruling.why.fixed == play("0 play R5 R5")
    assert ruling.rule_ids == ("house.multiple-same-number",)


def test_a_card_that_names_a_seat_is_laid_alone() -> None:
    s = _state(SAME + "+house.seven-zero", hands=["R7 B7 G7 G2", "Y1 Y2", "G3 G8"], top="R3")
    for text in ("0 play R7 B7", "0 play B7 R7", "0 play R7 B7 swap 1"):
        ruling = ur.check(s, play(text))
        assert not ruling.allowed
        assert ruling.why in (rs.LaidAlone(card("R7")), rs.LaidAlone(card("B7"))) or (
            isinstance(ruling.why, rs.WrongForm) and ruling.why.why == rs.SeriesNamesNoSeat()
        )
    assert not [m for m in ur.legal_moves(s) if isinstance(m, ur.Play) and m.more]


def test_no_play_is_listed_twice() -> None:
    spec = SAME + "+house.multiple-identical"
    s = _state(spec, hands=["R5 R5 B5 G2", "Y1 Y2", "G3 G8"], top="R7")
    moves = ur.legal_moves(s)
    assert len(moves) == len(set(moves))
    # Copies alone are the play of copies, not a play of several cards.
    assert ur.Play(0, card("R5"), count=2) in moves
    assert play("0 play R5 R5") not in moves


def test_a_call_is_due_under_call_at_two_before_a_series_that_leaves_one() -> None:
    s = _state(SAME + "+uno.call-at-two", hands=["R5 B5 G5 Y5 G2", "Y1 Y2", "G7 G8"], top="R7")
    assert ur.CallUno(0) in ur.legal_moves(s)


def test_a_follows_answer_that_fails_or_has_no_rule_is_the_policys_error() -> None:
    @attrs.frozen
    class Raising:
        rule_ids: tuple[str, ...] = ("play.match", "play.one-card", "play.in-turn")

        def at_once(self, card: ur.Card, held: int) -> int:
            return 1

        def lay(self, card: ur.Card, count: int) -> Refusal | None:
            return None

        def follows(self, card: ur.Card, previous: ur.Card) -> Fits | Refusal:
            raise RuntimeError("bug in my policy")

    s = ur.situation(rules().replace(match=Raising()), HANDS, top="R5")
    with pytest.raises(ur.PolicyError, match="bug in my policy"):
        ur.check(s, play("0 play B5"))
    with pytest.raises(ur.PolicyError, match="bug in my policy"):
        ur.explain(s, play("0 play B5"))

    @attrs.frozen
    class NoRule(Raising):
        def follows(self, card: ur.Card, previous: ur.Card) -> Fits | Refusal:
            return Fits(())

    s = ur.situation(rules().replace(match=NoRule()), HANDS, top="R5")
    with pytest.raises(ur.PolicyError, match="rule_ids must be a tuple of one rule ID or more"):
        ur.legal_moves(s)


def test_a_negative_draw_for_the_others_is_the_policys_error() -> None:
    @attrs.frozen
    class Minus:
        before: OfficialActions = attrs.field(factory=OfficialActions)

        @property
        def rule_ids(self) -> tuple[str, ...]:
            return self.before.rule_ids

        def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
            return self.before.effect(card, players)

        def laid(self, cards: tuple[ur.Card, ...], players: int) -> ActionEffect | None:
            return ActionEffect("table.minus", others_draw=-1)

    s = ur.situation(rules(SAME).replace(actions=Minus()), HANDS, top="R5")
    with pytest.raises(ur.PolicyError, match="others_draw"):
        ur.apply(s, play("0 play B5 G5"))


def test_the_environment_offers_what_its_mask_allows_while_building() -> None:
    pytest.importorskip("pettingzoo")

    from unorules.play.env import UnoEnv

    s = _state(hands=["B5 G5 Y5 R5 Y7", "B2 B3", "Y1 Y2"], top="B1")
    game = UnoEnv(rules(SAME), 3)
    game.reset(options={"state": s})
    table = game.actions
    for action in (table.starts[card("B5")], table.thens[card("G5")], table.thens[card("Y5")]):
        game.step(action)
    offered = set(game.legal_moves())
    assert offered == {play("0 play B5 G5 Y5"), play("0 play B5 G5 Y5 R5")}
