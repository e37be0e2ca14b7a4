"""The PettingZoo environment (``unorules.play.env``, the ``rl`` extra):
PettingZoo's API and seed tests, masks worked out by hand on built
positions, the out-of-turn windows, rewards from the scoring policy, and
the mask held to ``legal_moves`` under random rule sets."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import unorules as ur
from unorules import testing as urs
from unorules.play.bots import BotError, HeuristicBot, RandomBot
from unorules.play.env import (
    ActionTable,
    EnvError,
    NotResetError,
    StateLayout,
    UnoEnv,
    _points_sign,
    env,
)


def _cases() -> list[tuple[str, int]]:
    """Every preset (and one with several cards at once, and one with
    anyone's challenges, false calls and 7-0) with 2, 4 and 10 seats where
    its deck serves them, else its fewest and most."""
    found = []
    extra = (
        "official-2018+house.multiple-identical",
        "official+challenge.anyone+uno.false-call+house.seven-zero+house.jump-in",
    )
    for name in (*ur.presets.names(), *extra):
        deck = ur.presets.get(name).deck
        counts = [n for n in (2, 4, 10) if deck.min_players <= n <= deck.max_players]
        found += [(name, n) for n in counts or (deck.min_players, deck.max_players)]
    return found


CASES = _cases()


def _names(game: UnoEnv, agent: str | None = None) -> list[str]:
    """The names of the actions the mask of ``agent`` (the selected one by
    default) allows."""
    obs = game.observe(agent or game.agent_selection)
    return [game.actions.names[i] for i in np.flatnonzero(obs["action_mask"])]


def _start(rules: str, hands: list[str], top: str, **kwargs: Any) -> UnoEnv:
    ruleset = ur.presets.get(rules)
    game = UnoEnv(ruleset, len(hands), render_mode="ansi")
    state = ur.situation(ruleset, hands, top=top, **kwargs)
    game.reset(seed=0, options={"state": state})
    return game


def _act(game: UnoEnv, name: str) -> None:
    game.step(game.actions.names.index(name))


# --- PettingZoo's own tests --------------------------------------------------------------


# api_test warns about every Dict observation with an action mask, PettingZoo's
# classic games' included.
# It also resets with options={"options": 1}, a key the environment warns it ignores.
DICT_OBSERVATIONS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]
pytestmark = pytest.mark.filterwarnings("ignore:reset\\(options=...\\).*'options':UserWarning")


@pytest.mark.parametrize(("rules", "players"), CASES)
@DICT_OBSERVATIONS[0]
@DICT_OBSERVATIONS[1]
def test_api_test_passes(rules: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    api_test(env(rules=rules, players=players), num_cycles=100, verbose_progress=False)
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize(("rules", "players"), CASES)
def test_seed_test_passes(rules: str, players: int) -> None:
    seed_test(lambda: env(rules=rules, players=players), num_cycles=100)


@DICT_OBSERVATIONS[0]
@DICT_OBSERVATIONS[1]
def test_api_test_passes_for_games_and_win_rewards() -> None:
    api_test(
        env(rules="official+score.target=100", players=3, episode="game", reward="win"),
        num_cycles=200,
        verbose_progress=False,
    )


@DICT_OBSERVATIONS[0]
@DICT_OBSERVATIONS[1]
def test_api_test_and_seed_test_pass_without_windows() -> None:
    api_test(env(rules="kitchen-table", players=4, windows=False), num_cycles=100)
    seed_test(lambda: env(rules="kitchen-table", players=4, windows=False), num_cycles=100)


# --- the action table -------------------------------------------------------------------


def test_action_indices_of_the_official_rules_for_two_players() -> None:
    # play.one-card, action.wild: 52 coloured cards once each (red, yellow,
    # green, blue, each 0-9, Skip, Reverse, Draw Two), then W and W+4 once
    # per colour.
    table = ActionTable(ur.presets.official(), 2)
    assert table.plays == 52 + 4 + 4
    assert table.names[:3] == ("play R0", "play R1", "play R2")
    assert table.names[13] == "play Y0"
    assert table.names[52:60] == (
        "play W red", "play W yellow", "play W green", "play W blue",
        "play W+4 red", "play W+4 yellow", "play W+4 green", "play W+4 blue",
    )  # fmt: skip
    assert (table.DRAW, table.PASS, table.CHALLENGE, table.CALL_UNO) == (60, 61, 62, 63)
    assert table.names[64:] == (
        "color red", "color yellow", "color green", "color blue", "catch +1", "decline",
    )  # fmt: skip
    assert (table.CHOOSE_COLOR, table.CATCH, table.DECLINE, table.size) == (64, 68, 69, 70)


def test_swap_targets_and_several_cards_have_their_own_actions() -> None:
    # house.seven-zero: a 7 names a seat (offsets +1, +2, or none when it is
    # the last card); house.multiple-identical: two copies of a coloured card.
    rules = ur.presets.get("official+house.seven-zero+house.multiple-identical")
    table = ActionTable(rules, 3)
    sevens = [n for n in table.names if n.startswith("play R7")]
    assert sevens == [
        "play R7 swap +1", "play R7 swap +2", "play R7",
        "play R7 x2 swap +1", "play R7 x2 swap +2", "play R7 x2",
    ]  # fmt: skip
    assert [n for n in table.names if n.startswith("play R0")] == ["play R0"]  # one copy
    assert table.move(1, table.names.index("play R7 x2 swap +2")) == ur.Play(
        1, ur.Card.parse("R7"), swap_with=0, count=2
    )
    assert table.action(ur.CatchUno(2, 0)) == table.CATCH  # seat 0 is 1 clockwise of seat 2


def test_player_counts_outside_the_deck_are_refused() -> None:
    with pytest.raises(EnvError, match=r"players=11: .*serves 2 to 10 players \(players\.range\)"):
        UnoEnv("official", 11)
    with pytest.raises(ValueError, match=r"11 players.*2 to 10.*players\.range"):
        ActionTable(ur.presets.official(), 11)


# --- masks worked out by hand -----------------------------------------------------------


def test_the_mask_of_a_built_turn_play_match_and_a_bluff() -> None:
    # play.match: R3 (colour) and B7 (number) fit R7, G5 does not; the Wild
    # Draw Four is a bluff (the hand holds red) that the players police
    # (challenge.wd4), so it is offered in every colour; draw.allowed-when-playable.
    game = _start("official", ["R3 G5 W+4 B7", "G1 G2 G3 G4 G5 G6 G8"], top="R7")
    assert game.agent_selection == "player_0"
    mask = game.observe("player_0")["action_mask"]
    assert list(np.flatnonzero(mask)) == [3, 46, 56, 57, 58, 59, 60]
    assert not game.observe("player_1")["action_mask"].any()


def test_a_missed_uno_call_opens_a_window_in_the_direction_of_play() -> None:
    # uno.call, uno.penalty, uno.window-closes with three seats: seat 0 lays
    # its second-to-last card without calling. Seat 1 is in turn: the window
    # first offers it its catch (seat 0 is +2 of it), then seat 2 a catch
    # (seat 0 is 1 clockwise of it), then seat 0 its late call, then seat 1
    # plays with its own catch.
    game = _start("official", ["R3 R5", "G1 G2 G4 G5 G6 G8 G9", "B1 B2 B3 B4 B6 B8 B9"], top="R7")
    assert _names(game) == ["play R3", "play R5", "draw", "uno"]
    _act(game, "play R3")
    assert (game.agent_selection, _names(game)) == ("player_1", ["catch +2", "decline"])
    _act(game, "decline")
    assert (game.agent_selection, _names(game)) == ("player_2", ["catch +1", "decline"])
    _act(game, "decline")
    assert (game.agent_selection, _names(game)) == ("player_0", ["uno", "decline"])
    _act(game, "decline")
    assert (game.agent_selection, _names(game)) == ("player_1", ["draw", "catch +2"])
    obs = game.observe("player_1")["observation"]
    at = game.layout.slices
    assert list(obs[at["uno_missed"]]) == [0, 0, 1]  # seat 0 is two clockwise of seat 1
    assert list(obs[at["hand_sizes"]]) == [7, 7, 1]


def test_with_two_seats_the_catch_comes_before_the_late_call() -> None:
    # uno.call, uno.penalty: seat 0 lays its second-to-last card without
    # calling; seat 1, whose move would close the window, may catch it
    # before seat 0 may call late, so the call cannot always be made good.
    game = _start("official", ["R3 R5", "G1 G2 G4 G5 G6 G8 G9"], top="R7")
    _act(game, "play R3")
    assert (game.agent_selection, _names(game)) == ("player_1", ["catch +1", "decline"])
    _act(game, "catch +1")
    assert len(game.game_state.hands[0]) == 3
    assert (game.agent_selection, _names(game)) == ("player_1", ["draw"])


def test_without_windows_only_the_seat_in_turn_acts() -> None:
    ruleset = ur.presets.official()
    hands = ["R3 R5", "G1 G2 G4 G5 G6 G8 G9", "B1 B2 B3 B4 B6 B8 B9"]
    game = UnoEnv(ruleset, 3, windows=False)
    game.reset(options={"state": ur.situation(ruleset, hands, top="R7")})
    _act(game, "play R3")  # seat 0 misses its call; seats 2 and 0 are not asked
    assert (game.agent_selection, _names(game)) == ("player_1", ["draw", "catch +2"])


def test_a_catch_ends_the_window_and_costs_two_cards() -> None:
    game = _start("official", ["R3 R5", "G1 G2 G4 G5 G6 G8 G9", "B1 B2 B3 B4 B6 B8 B9"], top="R7")
    _act(game, "play R3")
    _act(game, "decline")  # seat 1, in turn, lets its catch pass
    _act(game, "catch +1")  # seat 2 catches seat 0: uno.penalty
    assert len(game.game_state.hands[0]) == 3
    assert (game.agent_selection, _names(game)) == ("player_1", ["draw"])


def test_a_jump_in_is_offered_out_of_turn() -> None:
    # house.jump-in: seat 2 holds the top card's twin and may lay it while
    # seat 0 is in turn; it then plays on from there.
    game = _start("official+house.jump-in", ["R3 G9 Y1", "B1 B2 B3", "G5 Y7 Y8"], top="G5")
    # Seat 1 has nothing out of turn; seat 2 comes after it in the window.
    assert (game.agent_selection, _names(game)) == ("player_2", ["play G5", "decline"])
    _act(game, "play G5")
    state = game.game_state
    assert state.current == 0  # play goes on from seat 2, so seat 0 is next
    assert (game.agent_selection, _names(game)) == ("player_0", ["play G9", "draw"])


def test_a_challenge_by_another_seat_under_challenge_anyone() -> None:
    game = _start(
        "official+challenge.anyone",
        ["W+4 R3 R4", "B1 B2 B3 B4", "G1 G2 G3 G4"],
        top="R7",
    )
    _act(game, "play W+4 blue")
    # Seat 1 owes 4 cards (action.wild-draw-four); seat 2 may challenge first.
    assert (game.agent_selection, _names(game)) == ("player_2", ["challenge", "decline"])
    obs = game.observe("player_2")["observation"]
    at = game.layout.slices
    assert list(obs[at["challengeable"]]) == [0, 1, 0]  # seat 0 is +1 of seat 2
    assert list(obs[at["pending"]]) == [1, 0, 0, 0] and obs[at["pending_amount"]][0] == 4
    _act(game, "decline")
    assert (game.agent_selection, _names(game)) == ("player_1", ["draw", "challenge"])


def test_a_wild_start_card_asks_for_a_colour() -> None:
    # start.wild: the seat left of the dealer names the colour first.
    rules = ur.presets.official()
    seed = next(s for s in range(10_000) if ur.new_game(rules, 2, s).top.code == "W")
    game = UnoEnv(rules, 2)
    game.reset(seed=seed)
    assert game.game_state.phase is ur.Phase.CHOOSE_COLOR
    assert _names(game) == ["color red", "color yellow", "color green", "color blue"]


def test_the_observation_keeps_other_hands_hidden() -> None:
    # info.hand-sizes-public: seat 1's cards change, its count does not.
    a = _start("official", ["R3 G5", "B1 B2 B3"], top="R7", draw_pile="Y1 Y2 Y3")
    b = _start("official", ["R3 G5", "Y1 Y2 Y3"], top="R7", draw_pile="B1 B2 B3")
    obs_a, obs_b = a.observe("player_0")["observation"], b.observe("player_0")["observation"]
    assert np.array_equal(obs_a, obs_b)
    assert not np.array_equal(
        a.observe("player_1")["observation"], b.observe("player_1")["observation"]
    )


def test_the_observation_of_a_built_position() -> None:
    game = _start("official", ["R3 G5 G5", "B1 B2 B3", "Y1"], top="R7", current=0, direction=-1)
    obs = game.observe("player_1")["observation"]
    at, cards = game.layout.slices, game.actions.cards
    hand = {cards[i].code: obs[at["hand"]][i] for i in np.flatnonzero(obs[at["hand"]])}
    assert hand == {"B1": 1, "B2": 1, "B3": 1}
    assert cards[int(np.flatnonzero(obs[at["top"]])[0])].code == "R7"
    assert list(obs[at["color"]]) == [1, 0, 0, 0]
    assert list(obs[at["hand_sizes"]]) == [3, 1, 3]  # seat 1, then 2, then 0
    assert list(obs[at["current"]]) == [0, 0, 1]
    assert obs[at["clockwise"]][0] == 0
    assert list(obs[at["phase"]]) == [0, 1, 0, 0, 0, 0]


def test_open_hands_are_observed_under_house_kids() -> None:
    game = _start("kids", ["R3 G5", "B1 B2 B3"], top="R7")
    obs = game.observe("player_0")["observation"]
    others = obs[game.layout.slices["open_hands"]]
    assert sorted(game.actions.cards[i].code for i in np.flatnonzero(others)) == ["B1", "B2", "B3"]


# --- rewards and episodes ---------------------------------------------------------------


def test_winner_takes_points_as_a_share_of_the_target() -> None:
    # score.winner-takes: seat 0 goes out and scores 5 + 50 + 20 = 75 of 500.
    game = _start("official", ["R3", "G5 W+4 B+2"], top="R7")
    _act(game, "play R3")
    assert all(game.terminations.values())
    assert game.rewards == {"player_0": 75 / 500, "player_1": 0.0}
    assert game.infos["player_0"] == {
        "round": 1,
        "score": 75,
        "in_game": True,
        "last_round": {"round": 1, "points": 75, "winner": 0},
    }
    assert game.last()[1] == 75 / 500
    assert not any(game.observe(a)["action_mask"].any() for a in game.agents)


def test_penalty_points_are_negative_rewards() -> None:
    # score.penalty-points: every seat adds its own hand; lower is better.
    game = _start("official+score.penalty-points", ["R3", "G5 W+4 B+2"], top="R7")
    _act(game, "play R3")
    assert game.rewards == {"player_0": 0.0, "player_1": -75 / 500}


def test_win_rewards_and_single_round_scoring() -> None:
    # score.single-round keeps no points: the winner is paid +1, the others
    # share -1 (kitchen-table plays one round).
    game = _start("kitchen-table", ["R3", "G5 W+4 B+2", "B1"], top="R7")
    _act(game, "play R3")
    assert game.rewards == {"player_0": 1.0, "player_1": -0.5, "player_2": -0.5}


def test_points_sign_follows_the_scoring_policy() -> None:
    def sign(preset: str) -> int:
        return _points_sign(ur.presets.get(preset), 3)

    assert sign("official") == 1
    assert sign("official+score.penalty-points") == -1
    assert sign("official+score.elimination") == -1
    assert sign("kitchen-table") == 0
    # The Swedish and Norwegian presets score as the official rules do
    # (score.winner-takes); with a lowest-total policy added, lower is better.
    assert sign("svenska") == sign("norsk") == 1
    assert sign("svenska+score.penalty-points") == -1
    assert sign("norsk+score.elimination") == -1
    assert _points_sign(ur.presets.get("norsk+score.elimination"), 2) == -1


def test_game_episodes_deal_rounds_until_the_game_is_over() -> None:
    game = UnoEnv("official+score.target=200", 2, episode="game")
    game.reset(seed=3)
    rng = random.Random(0)
    paid = dict.fromkeys(game.possible_agents, 0.0)
    rounds = set()
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        paid[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        rounds.add(game.game_state.round_number)
        game.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    final = game.game_state
    assert final.game_over and len(rounds) > 1
    assert paid == {f"player_{i}": pytest.approx(final.scores[i] / 200) for i in range(2)}


def test_max_steps_truncates() -> None:
    game = UnoEnv("official", 4, max_steps=5)
    game.reset(seed=1)
    for _ in range(5):
        game.step(int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0]))
    assert all(game.truncations.values()) and not any(game.terminations.values())


# --- reset, render, bad input -----------------------------------------------------------


def test_reset_with_a_seed_deals_that_game() -> None:
    game = UnoEnv("official", 4)
    game.reset(seed=7)
    assert game.game_state == ur.new_game(ur.presets.official(), players=4, seed=7)
    again = UnoEnv("official", 4)
    again.reset(seed=7)
    game.reset()
    again.reset()
    assert game.game_state == again.game_state


def test_render_gives_a_short_text_of_the_table() -> None:
    game = _start("official", ["R3 G5 W+4 B7", "G1 G2", "B1 B2 B3"], top="R7")
    assert game.render() == (
        "official, round 1, move 0: top R7 (red), clockwise, draw pile 98\n"
        "> player_0:  4 cards  score 0\n"
        "  player_1:  2 cards  score 0\n"
        "  player_2:  3 cards  score 0\n"
        "phase turn; player_0 to act, holding R3 G5 W+4 B7"
    )


def test_human_rendering_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    game = UnoEnv("official", players=2, render_mode="human")
    game.reset(seed=7)
    assert game.render() is None
    assert capsys.readouterr().out == game.table_text() + "\n"
    assert "player_0 to act" in game.table_text()
    with pytest.raises(ValueError, match="render_mode"):
        UnoEnv("official", players=2, render_mode="rgb_array")


def test_the_wrapped_environment_refuses_a_step_before_reset() -> None:
    game = env(rules="official", players=2)  # PettingZoo's OrderEnforcingWrapper
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        game.step(0)


def test_bad_actions_raise_on_the_raw_environment() -> None:
    game = _start("official", ["R3 G5 W+4 B7", "G1 G2 G3"], top="R7")
    with pytest.raises(ValueError, match="out of range"):
        game.step(70)
    with pytest.raises(ValueError, match=r"action 0 \(play R0\) is not allowed for player_0"):
        game.step(0)
    with pytest.raises(ValueError, match="integer index"):
        game.step("draw")  # type: ignore[arg-type]
    _act(game, "play R3")
    game2 = _start("official", ["R3", "G5"], top="R7")
    _act(game2, "play R3")
    with pytest.raises(ValueError, match="only valid action is None"):
        game2.step(0)


def test_the_wrapped_environment_ends_on_an_illegal_action(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # PettingZoo's TerminateIllegalWrapper: the agent loses, -1.
    game = env(rules="official", players=2)
    game.reset(seed=0)
    mask = game.observe(game.agent_selection)["action_mask"]
    agent = game.agent_selection
    game.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move made" in caplog.text
    assert all(game.terminations.values())
    assert game.rewards[agent] == -1


# --- the mask is legal_moves, under random rule sets -----------------------------------


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(rules=urs.rule_sets(), data=st.data())
def test_the_mask_is_exactly_the_selected_seats_legal_moves(
    rules: ur.RuleSet, data: st.DataObject
) -> None:
    low = rules.deck.min_players
    high = min(rules.deck.max_players, max(low, 6))
    players = data.draw(st.integers(low, high), label="players")
    seed = data.draw(st.integers(0, 2**16), label="seed")
    windows = data.draw(st.booleans(), label="windows")
    game = UnoEnv(rules, players, windows=windows)
    game.reset(seed=seed)
    table = game.actions
    rng = random.Random(seed)
    window: list[int] | None = None
    begins = {i: c for c, i in table.starts.items()}
    thens = {i: c for c, i in table.thens.items()}
    laying: list[ur.Card] = []  # a play of several cards being built

    def key(move: ur.Move) -> object:
        # A play of several different cards is begun by its first card's action.
        if isinstance(move, ur.Play) and move.more:
            return ("begin", move.card)
        return move

    for _ in range(500):
        if not game.agents or any(game.terminations.values()):
            break
        state = game.game_state
        moves = ur.legal_moves(state)
        mask = game.observe(game.agent_selection)["action_mask"]
        if laying:
            # Only the cards that may come next, and LAY once two are chosen.
            seat = state.current
            assert game.agent_selection == f"player_{seat}"
            left = Counter(state.hands[seat])
            left.subtract(laying)
            for i, c in thens.items():
                lawful = (
                    left[c] > 0
                    and ur.check(state, ur.Play(seat, laying[0], more=(*laying[1:], c))).legal
                )
                assert bool(mask[i]) == lawful, (laying, c)
            assert bool(mask[table.LAY]) == (len(laying) > 1)
            action = int(rng.choice(list(np.flatnonzero(mask))))
            if action == table.LAY:
                laying, window = [], None
            else:
                laying.append(thens[action])
            game.step(action)
            continue
        if window is None:  # a move was made: a new window
            n, cur, d = players, state.current, state.direction
            seats = {m.player for m in moves}
            others = range(1, n) if windows else ()
            catches = windows and any(isinstance(m, ur.CatchUno) for m in moves if m.player == cur)
            window = [cur] if catches else []
            window += [s for s in ((cur + d * k) % n for k in others) if s in seats]
        expected_seat = window[0] if window else state.current
        assert game.agent_selection == f"player_{expected_seat}"
        observation = game.observe(game.agent_selection)
        assert game.observation_space(game.agent_selection).contains(observation)
        mask = observation["action_mask"]
        offered = {
            ("begin", begins[int(i)]) if int(i) in begins else table.move(expected_seat, int(i))
            for i in np.flatnonzero(mask)
        }
        wanted: set[object] = {key(m) for m in moves if m.player == expected_seat}
        if window and expected_seat == state.current:
            # The seat in turn first, its catches alone.
            wanted = {m for m in wanted if isinstance(m, ur.CatchUno)}
        if window:
            wanted.add(None)  # DECLINE
        assert offered == wanted
        assert len(offered) == int(mask.sum())
        for other in game.possible_agents:
            if other != game.agent_selection:
                assert not game.observe(other)["action_mask"].any()
        action = rng.choice(list(np.flatnonzero(mask)))
        if int(action) in begins:
            laying = [begins[int(action)]]
        elif table.move(expected_seat, int(action)) is None:
            window.pop(0)
        else:
            window = None
        game.step(int(action))


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(rules=urs.rule_sets(), data=st.data())
def test_an_observation_reads_no_hidden_card(rules: ur.RuleSet, data: st.DataObject) -> None:
    # info.hand-sizes-public: the other hands and the draw pile dealt anew,
    # every size kept, change nothing a seat observes (unless hands are open).
    low = rules.deck.min_players
    players = data.draw(st.integers(low, min(rules.deck.max_players, max(low, 5))))
    seed = data.draw(st.integers(0, 2**16), label="seed")
    game = UnoEnv(rules, players)
    game.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 150), label="moves")):
        if any(game.terminations.values()):
            break
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
    state = game.game_state
    seat = data.draw(st.integers(0, players - 1), label="seat")
    hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h]
    hidden += state.draw_pile
    if any(c.back is not None for c in hidden):
        # Two-sided cards: a seat sees the other side of the others' cards
        # (PlayerView.backs), so a card is dealt anew only for one with the
        # same other side.
        groups: dict[ur.Card | None, list[ur.Card]] = {}
        for c in hidden:
            groups.setdefault(c.back, []).append(c)
        for group in groups.values():
            rng.shuffle(group)
        hidden = [groups[c.back].pop() for c in hidden]
    else:
        rng.shuffle(hidden)
    hands, at = [], 0
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[at : at + len(hand)]))
            at += len(hand)
    other = attrs.evolve(state, hands=tuple(hands), draw_pile=tuple(hidden[at:]))
    same = np.array_equal(game.layout.encode(state, seat), game.layout.encode(other, seat))
    assert same or rules.info.shows_hands()


def test_win_rewards_of_a_game_are_paid_when_it_ends() -> None:
    game = UnoEnv("official+score.target=300", 3, episode="game", reward="win")
    game.reset(seed=7)
    rng = random.Random(7)  # random play: a game of 4 rounds
    paid: list[dict[str, float]] = []
    while not any(game.terminations.values()):
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
        if any(game.rewards.values()):
            paid.append(dict(game.rewards))
    final = game.game_state
    assert final.round_number > 1 and final.game_over
    winner = final.game_winner
    assert paid == [{a: 1.0 if a == f"player_{winner}" else -0.5 for a in game.agents}]
    assert game.infos[f"player_{winner}"]["game_winner"] == winner


# --- rewards where the lowest total wins ------------------------------------------------


def _random_game(game: UnoEnv, seed: int) -> dict[str, float]:
    """Play ``game`` (reset with ``seed``) with uniform random actions to the
    end of its episode; each agent's rewards summed as ``last`` gives them."""
    game.reset(seed=seed)
    rng = random.Random(seed)
    paid = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        paid[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    return paid


def test_penalty_points_under_svenska_pay_each_seat_minus_its_own_hand() -> None:
    # score.penalty-points: every seat notes its own hand, the lowest total
    # wins. Seat 0 goes out: it notes 0; seat 1 notes G5 + W+4 + B+2 = 5 + 50
    # + 20 = 75, seat 2 Y9 + R0 = 9 (score.card-values); target 500.
    game = _start("svenska+score.penalty-points", ["R3", "G5 W+4 B+2", "Y9 R0"], top="R7")
    _act(game, "play R3")
    assert game.rewards == {"player_0": 0.0, "player_1": -75 / 500, "player_2": -9 / 500}
    assert max(game.rewards, key=game.rewards.__getitem__) == "player_0"  # the round's winner
    assert [game.infos[a]["score"] for a in game.agents] == [0, 75, 9]


@pytest.mark.parametrize(
    ("rules", "target"),
    [("svenska+score.penalty-points", 500), ("norsk+score.elimination+score.target=200", 200)],
)
def test_lowest_total_games_pay_minus_the_totals_and_the_winner_the_most(
    rules: str, target: int
) -> None:
    # Over a game episode a seat's "points" rewards add up to minus its final
    # total over the target; the game's winner (the lowest total) has the
    # largest sum. With "win" rewards the same game pays +1 to that seat.
    for seed in (1, 2):
        game = UnoEnv(rules, 3, episode="game")
        paid = _random_game(game, seed)
        final = game.game_state
        assert final.game_over and final.round_number > 1
        assert paid == {f"player_{i}": pytest.approx(-final.scores[i] / target) for i in range(3)}
        winner = final.game_winner
        assert winner is not None and final.scores[winner] == min(final.scores)
        assert max(paid, key=paid.__getitem__) == f"player_{winner}"
        wins = _random_game(UnoEnv(rules, 3, episode="game", reward="win"), seed)
        assert wins == {a: 1.0 if a == f"player_{winner}" else -0.5 for a in wins}


def test_elimination_under_norsk_puts_a_seat_out_of_the_game() -> None:
    # score.elimination, target 100: seat 0 (90 points) is left with G5 B+2
    # (5 + 20 = 25) when seat 1 goes out, reaches 115 and is out of the game;
    # seat 2 notes Y9 + Y1 = 10. The next round is dealt to seats 1 and 2 only.
    rules = ur.presets.get("norsk+score.elimination+score.target=100")
    state = ur.situation(rules, ["G5 B+2", "R3", "Y9 Y1"], top="R7", current=1, scores=[90, 20, 0])
    game = UnoEnv(rules, 3, episode="game", reward="points")
    game.reset(options={"state": state})
    _act(game, "play R3")
    assert game.rewards == {"player_0": -0.25, "player_1": 0.0, "player_2": -0.1}
    assert game.infos["player_0"] == {
        "round": 2,
        "score": 115,
        "in_game": False,
        "last_round": {"round": 1, "points": 25, "winner": 1},
    }
    assert game.infos["player_2"]["in_game"] and game.infos["player_2"]["score"] == 10
    # Seat 0 stays among the agents, never selected, with an empty hand and
    # a mask of zeros, paid nothing, until the game's episode ends.
    assert game.agents == game.possible_agents
    assert game.game_state.hands[0] == () and game.game_state.round_number == 2
    rng = random.Random(0)
    selected, paid_out = set(), 0.0
    while not any(game.terminations.values()):
        assert game.infos["player_0"]["in_game"] is False
        obs = game.observe("player_0")
        assert (
            not obs["action_mask"].any()
            and not obs["observation"][game.layout.slices["hand"]].any()
        )
        state_vector = game.state()
        assert state_vector[game.state_layout.slices["in_game"]][0] == 0
        selected.add(game.agent_selection)
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))
        paid_out += game.rewards["player_0"]
    assert "player_0" not in selected and paid_out == 0.0
    assert game.game_state.game_over and all(game.terminations.values())
    assert game.infos["player_0"]["score"] == 115


# --- infos -------------------------------------------------------------------------------


def test_infos_describe_the_round_being_played_in_game_episodes() -> None:
    # Round 1: seat 0 goes out and scores G5 + W+4 + B+2 = 75 (score.winner-takes).
    # Round 2 is dealt at once: the infos are those of round 2 from then on.
    rules = ur.presets.get("official+score.target=200")
    game = UnoEnv(rules, 2, episode="game")
    game.reset(options={"state": ur.situation(rules, ["R3", "G5 W+4 B+2"], top="R7")})
    fresh = {"round": 1, "score": 0, "in_game": True, "last_round": None}
    assert game.infos == {"player_0": fresh, "player_1": fresh}
    _act(game, "play R3")
    assert game.game_state.round_number == 2 and not game.game_state.round_over
    assert game.infos == {
        "player_0": {
            "round": 2,
            "score": 75,
            "in_game": True,
            "last_round": {"round": 1, "points": 75, "winner": 0},
        },
        "player_1": {
            "round": 2,
            "score": 0,
            "in_game": True,
            "last_round": {"round": 1, "points": 0, "winner": 0},
        },
    }
    # Through the rest of the game the infos follow the round dealt.
    rng = random.Random(0)
    for agent in game.agent_iter():
        _, _, terminated, truncated, info = game.last()
        state = game.game_state
        assert info["round"] == state.round_number
        assert info["score"] == state.scores[int(agent[-1])]
        if terminated or truncated:
            assert info["last_round"]["round"] == state.round_number
            assert info["game_winner"] == state.game_winner
            game.step(None)
            continue
        assert info["last_round"]["round"] == state.round_number - 1
        assert "game_winner" not in info
        game.step(int(rng.choice(list(np.flatnonzero(game.observe(agent)["action_mask"])))))
    assert game.game_state.round_number > 2


# --- before reset, bad arguments ---------------------------------------------------------


@pytest.mark.parametrize(
    "use",
    [
        lambda g: g.step(g.actions.DRAW),
        lambda g: g.observe("player_0"),
        lambda g: g.last(),
        lambda g: g.state(),
        lambda g: g.agent_iter(),
        lambda g: g.render(),
        lambda g: g.table_text(),
        lambda g: g.game_state,
        lambda g: g.legal_moves(),
        lambda g: g.move_of(0),
        lambda g: g.bot_action(RandomBot(0)),
        lambda g: g.rewards,
        lambda g: g.agents,
        lambda g: g.infos,
        lambda g: g.agent_selection,
        lambda g: g.num_agents,
    ],
    ids=[
        "step", "observe", "last", "state", "agent_iter", "render", "table_text", "game_state",
        "legal_moves", "move_of", "bot_action", "rewards", "agents", "infos", "agent_selection",
        "num_agents",
    ],
)  # fmt: skip
def test_an_episode_used_before_reset_says_to_call_reset(use: Any) -> None:
    game = UnoEnv("official", 2, render_mode="ansi")
    with pytest.raises(NotResetError, match=r"call reset\(\) first") as caught:
        use(game)
    assert isinstance(caught.value, ur.UnoError) and isinstance(caught.value, AttributeError)
    assert not hasattr(game, "agents")  # as an AttributeError, hasattr still works
    game.reset(seed=0)
    use(game)  # fine after a reset
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        game.nothing  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rules": 42}, EnvError, r"rules must be a RuleSet or a preset string .*not 42 \(int\)"),
        ({"rules": None}, EnvError, r"rules must be a RuleSet .*presets: official, .*not None"),
        (
            {"rules": "svensk"},
            ur.RuleSetError,
            r"rules='svensk': unknown preset 'svensk'; presets are",
        ),
        ({"players": "4"}, EnvError, r"players must be an int, .*2 to 10 .*not '4' \(str\)"),
        ({"players": 4.0}, EnvError, r"players must be an int.*not 4\.0 \(float\)"),
        ({"players": True}, EnvError, r"players must be an int.*not True \(bool\)"),
        ({"players": 1}, EnvError, r"players=1: the deck of 'official' serves 2 to 10 players"),
        ({"rules": "junior", "players": 7}, EnvError, r"players=7: .*'junior' serves 2 to 6"),
        ({"episode": "games"}, EnvError, r"episode must be 'round' or 'game', not 'games' \(str\)"),
        ({"reward": 1}, EnvError, r"reward must be 'points' or 'win', not 1 \(int\)"),
        ({"max_steps": 0}, EnvError, r"max_steps must be None or an int of at least 1, not 0"),
        ({"max_steps": 2.5}, EnvError, r"max_steps must be None or an int .*not 2\.5 \(float\)"),
        ({"windows": "yes"}, EnvError, r"windows must be True or False, not 'yes' \(str\)"),
        ({"render_mode": "rgb_array"}, EnvError, r"render_mode must be None, 'human' or 'ansi'"),
    ],
)
def test_bad_arguments_name_the_argument_the_value_and_what_is_allowed(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        UnoEnv(**kwargs)


def test_bad_reset_arguments_name_the_argument_the_value_and_what_is_allowed() -> None:
    game = UnoEnv("official", 2)
    other = ur.new_game(ur.presets.get("svenska"), 2, seed=0)
    for kwargs, message in [
        ({"seed": "7"}, r"seed must be None or an int of at least 0, not '7' \(str\)"),
        ({"seed": -1}, r"seed must be None or an int of at least 0, not -1 \(int\)"),
        ({"seed": 1.5}, r"seed must be None or an int .*not 1\.5 \(float\)"),
        ({"options": [("state", other)]}, r"options must be None or a dict .*\(list\)"),
        ({"options": {"state": "R7"}}, r"options\['state'\] must be a GameState, not 'R7' \(str\)"),
        ({"options": {"state": other}}, r"a round of 2 seats under 'svenska'; .*under 'official'"),
    ]:
        with pytest.raises(EnvError, match=message):
            game.reset(**kwargs)
    with pytest.raises(NotResetError):  # nothing was dealt by the refused resets
        game.state()
    with pytest.warns(UserWarning, match=r"does not read 'stat' .*reads only 'state'.*ignored"):
        game.reset(seed=np.int64(3), options={"stat": other})
    assert game.game_state == ur.new_game(ur.presets.official(), 2, seed=3)


# --- the global state -------------------------------------------------------------------


def test_the_global_state_of_a_built_position() -> None:
    game = _start("official", ["R3 R5", "B1 B2 B3"], top="R7", draw_pile="Y1 Y2")
    at, cards, d = game.state_layout.slices, game.actions.cards, len(game.actions.cards)
    state = game.state()
    assert game.state_space.contains(state) and state.shape == (game.state_layout.size,)
    held = [f"{cards[i % d].code}@{i // d}" for i in np.flatnonzero(state[at["hands"]])]
    assert held == ["R3@0", "R5@0", "B1@1", "B2@1", "B3@1"]  # every hand, seat 0 first
    assert [cards[i].code for i in np.flatnonzero(state[at["draw_pile"]])] == ["Y1", "Y2"]
    assert [cards[i].code for i in np.flatnonzero(state[at["top"]])] == ["R7"]
    assert list(state[at["current"]]) == list(state[at["selected"]]) == [1, 0]
    assert list(state[at["in_game"]]) == [1, 1] and list(state[at["phase"]]) == [0, 1, 0, 0, 0, 0]
    _act(game, "play R5")  # seat 0 misses its UNO call: seat 1 is offered its catch
    state = game.state()
    assert list(state[at["current"]]) == list(state[at["selected"]]) == [0, 1]
    assert list(state[at["uno_missed"]]) == [1, 0]


def test_the_global_state_shows_whether_a_wild_draw_four_broke_its_rule() -> None:
    # wd4.no-matching-colour: laid while holding red (R3), the card broke the
    # restriction; what a challenge would reveal is in the global state only.
    game = _start("official", ["W+4 R3 R4", "B1 B2 B3 B4"], top="R7")
    _act(game, "play W+4 blue")
    at = game.state_layout.slices
    state = game.state()
    assert list(state[at["challengeable"]]) == [1, 0] and state[at["broke_rule"]][0] == 1
    assert list(state[at["pending"]]) == [1, 0, 0, 0] and state[at["pending_amount"]][0] == 4
    assert list(state[at["color"]]) == [0, 0, 0, 1]


@pytest.mark.parametrize(("rules", "players"), [("official", 4), ("kids", 3), ("norsk", 10)])
def test_the_global_state_stays_in_its_space(rules: str, players: int) -> None:
    from pettingzoo.test.state_test import test_state_space

    game = UnoEnv(rules, players, episode="game")
    test_state_space(game)  # PettingZoo's check of the Box: finite, low < high
    assert np.array_equal(StateLayout(game.actions, game.rules).high, game.state_space.high)
    game.reset(seed=5)
    rng = random.Random(5)
    for _ in range(400):
        if not game.agents:
            break
        state = game.state()
        assert game.state_space.contains(state)
        assert state[game.state_layout.slices["hands"]].sum() == sum(
            map(len, game.game_state.hands)
        )
        _, _, terminated, truncated, _ = game.last(observe=False)
        if terminated or truncated:
            game.step(None)
            continue
        mask = game.observe(game.agent_selection)["action_mask"]
        game.step(int(rng.choice(list(np.flatnonzero(mask)))))


# --- finished agents ---------------------------------------------------------------------


def test_finished_agents_step_none_leave_and_still_observe_the_end() -> None:
    game = _start("official", ["R3", "G5 W+4 B+2", "B1"], top="R7")
    _act(game, "play R3")
    assert all(game.terminations.values()) and game.agents == game.possible_agents
    left = []
    while game.agents:
        agent = game.agent_selection
        obs, reward, terminated, _, _ = game.last()
        assert terminated and not obs["action_mask"].any()
        game.step(None)
        left.append((agent, reward))
    # score.winner-takes: G5 + W+4 + B+2 + B1 = 5 + 50 + 20 + 1 = 76 points.
    assert left == [("player_0", 76 / 500), ("player_1", 0.0), ("player_2", 0.0)]
    assert not game.observe("player_1")["action_mask"].any()  # the final position
    assert not game.state()[game.state_layout.slices["selected"]].any()


# --- bots --------------------------------------------------------------------------------


def test_action_of_and_move_of_translate_between_moves_and_actions() -> None:
    game = _start("official", ["R3 G5 W+4 B7", "G1 G2 G3"], top="R7")
    play = ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)
    assert game.action_of(play) == 59 and game.move_of(59) == play
    assert game.move_of(game.actions.DECLINE) is None
    assert game.move_of(game.actions.CATCH, "player_1") == ur.CatchUno(1, 0)
    assert game.legal_moves() == tuple(game.move_of(int(i)) for i in [3, 46, 56, 57, 58, 59, 60])
    with pytest.raises(EnvError, match=r"move must be a Move \(unorules\.moves\), not 'draw'"):
        game.action_of("draw")  # type: ignore[arg-type]
    with pytest.raises(EnvError, match=r"made by seat 2; the table has seats 0 to 1"):
        game.action_of(ur.Draw(2))
    with pytest.raises(EnvError, match=r"has no action under 'official' with 2 seats"):
        game.action_of(ur.Play(0, ur.Card.parse("R3"), ur.Color.BLUE))
    with pytest.raises(EnvError, match=r"action must be an int from 0 to 69, not 70"):
        game.move_of(70)
    with pytest.raises(EnvError, match=r"agent must be one of player_0, player_1, not 'player_2'"):
        game.move_of(0, "player_2")


class _Scripted:
    """A bot that answers as told and remembers what it was asked."""

    name = "scripted"

    def __init__(self, react: ur.Move | None, choose: ur.Move | None = None) -> None:
        self.answers = {"react": react, "choose": choose}
        self.asked: list[tuple[str, int, tuple[ur.Move, ...]]] = []

    def choose(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move:
        self.asked.append(("choose", seat, moves))
        answer = self.answers["choose"]
        return moves[0] if answer is None else answer

    def react(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move | None:
        self.asked.append(("react", seat, moves))
        return self.answers["react"]


def test_bot_action_asks_react_in_a_window_and_choose_on_the_turn() -> None:
    # Seat 0 lays R3 without calling UNO. Seat 1 (in turn) is offered its
    # catch first: a bot that lets it pass is DECLINE. Seat 2 is offered its
    # catch: a bot that makes it gets CATCH (+1: seat 0 is 1 clockwise of 2).
    game = _start("official", ["R3 R5", "G1 G2 G4 G5 G6 G8 G9", "B1 B2 B3 B4 B6 B8 B9"], top="R7")
    first = _Scripted(react=None, choose=ur.Play(0, ur.Card.parse("R3")))
    # On its turn seat 0 has its own UNO call out of turn: react is asked
    # about it first, then choose about the turn moves.
    assert game.bot_action(first) == game.actions.names.index("play R3")
    assert [(how, seat, len(moves)) for how, seat, moves in first.asked] == [
        ("react", 0, 1),
        ("choose", 0, 3),
    ]
    assert first.asked[0][2] == (ur.CallUno(0),)
    game.step(game.bot_action(_Scripted(react=None, choose=ur.Play(0, ur.Card.parse("R3")))))
    passing = _Scripted(react=None)
    assert game.bot_action(passing) == game.actions.DECLINE
    assert passing.asked == [("react", 1, (ur.CatchUno(1, 0),))]
    game.step(game.actions.DECLINE)
    assert game.bot_action(_Scripted(react=ur.CatchUno(2, 0))) == game.actions.CATCH
    with pytest.raises(BotError, match=r"scripted bot at seat 2 answered .*not one of the moves"):
        game.bot_action(_Scripted(react=ur.Draw(2)))


def test_a_library_bot_plays_a_seat_of_the_environment() -> None:
    # HeuristicBot at seat 1 against uniform random play, with windows and
    # catches: every action it gives is allowed, and it wins most rounds.
    game = UnoEnv("official", 2, reward="win")
    bot = HeuristicBot()
    rng = np.random.default_rng(0)
    won = 0
    for seed in range(20):
        game.reset(seed=seed)
        for agent in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
            elif agent == "player_1":
                action = game.bot_action(bot)
                assert observation["action_mask"][action] == 1
                game.step(action)
            else:
                game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        won += game.game_state.winner == 1
    assert won >= 14
    with pytest.raises(EnvError, match=r"the episode of player_\d is over: step\(None\)"):
        game.bot_action(bot)  # after the last step(None) the selection is a finished agent


def test_env_takes_the_rules_first_as_uno_env_does() -> None:
    wrapped = env("official", players=2)
    wrapped.reset(seed=1)
    assert wrapped.unwrapped.game_state.rules.name == "official"
    assert len(wrapped.possible_agents) == 2


def test_an_action_in_an_array_of_one_element_is_its_value() -> None:
    game = UnoEnv("official", players=2)
    game.reset(seed=3)
    allowed = int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0])
    twin = UnoEnv("official", players=2)
    twin.reset(seed=3)
    game.step(np.array([allowed]))
    twin.step(allowed)
    assert game.game_state == twin.game_state
    with pytest.raises(EnvError, match="an action is an integer index"):
        game.step(np.array([allowed, allowed]))


def _first_allowed(game: UnoEnv) -> int:
    return int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"current": 7}, r"current: seat 7 does not exist \(seats 0\.\.2\)"),
        ({"current": -1}, r"current: seat -1 does not exist"),
        ({"hands": ((), (), ())}, r"hands: every hand is empty, but the round is not over"),
        ({"scores": (-5, 0, 0)}, r"scores\[0\]: -5 is below 0"),
    ],
    ids=["current-7", "current-minus-1", "no-cards", "negative-score"],
)
def test_a_reset_to_an_impossible_state_is_refused_and_the_episode_goes_on(
    change: dict[str, Any], message: str
) -> None:
    game = UnoEnv("official", players=3)
    game.reset(seed=4)
    game.step(_first_allowed(game))
    twin = UnoEnv("official", players=3)
    twin.reset(seed=4)
    twin.step(_first_allowed(twin))
    bad = attrs.evolve(ur.new_game(ur.presets.official(), players=3, seed=1), **change)
    with pytest.raises(
        EnvError, match=r"^options\['state'\] is no position that can exist: " + message
    ) as caught:
        game.reset(options={"state": bad})
    assert isinstance(caught.value.__cause__, ur.StateError)
    # The refused reset changed nothing: the old episode plays on as its twin.
    assert game.game_state == twin.game_state
    assert game.agent_selection == twin.agent_selection
    for _ in range(30):
        if not game.agents:
            break
        for name in game.possible_agents:
            ours, theirs = game.observe(name), twin.observe(name)
            assert (ours["observation"] == theirs["observation"]).all()
            assert (ours["action_mask"] == theirs["action_mask"]).all()
        assert game.last()[1:4] == twin.last()[1:4]
        action = None if game.terminations[game.agent_selection] else _first_allowed(game)
        game.step(action)
        twin.step(action)
        assert game.game_state == twin.game_state
        assert game.rewards == twin.rewards
    # Later resets without a seed draw the same seeds as the twin's.
    game.reset()
    twin.reset()
    assert game.game_state == twin.game_state


def test_a_reset_that_fails_late_leaves_the_episode_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = UnoEnv("official", players=2)
    game.reset(seed=2)
    before = (game.game_state, game.agent_selection, game.observe("player_0")["action_mask"])

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("broken deal")

    monkeypatch.setattr("unorules.play.env.new_game", broken)
    with pytest.raises(RuntimeError, match="broken deal"):
        game.reset()
    monkeypatch.undo()
    assert game.game_state == before[0]
    assert game.agent_selection == before[1]
    assert (game.observe("player_0")["action_mask"] == before[2]).all()
    game.step(_first_allowed(game))


@pytest.mark.parametrize(
    ("move", "field"),
    [
        (ur.Draw("0"), r"its player must be an int, not '0' \(str\)"),  # type: ignore[arg-type]
        (ur.Draw(1.0), r"its player must be an int, not 1\.0 \(float\)"),  # type: ignore[arg-type]
        (ur.Draw(True), r"its player must be an int, not True \(bool\)"),
        (ur.CatchUno(0, True), r"its target must be an int, not True \(bool\)"),
        (
            ur.Play(0, ur.Card.parse("R3"), count=2.0),  # type: ignore[arg-type]
            r"its count must be an int, not 2\.0 \(float\)",
        ),
        (ur.Play(0, "R3"), r"its card must be a Card, not 'R3' \(str\)"),  # type: ignore[arg-type]
        (
            ur.ChooseColor(0, "red"),  # type: ignore[arg-type]
            r"its color must be a Color, not 'red' \(str\)",
        ),
    ],
    ids=["str-seat", "float-seat", "bool-seat", "bool-target", "float-count", "str-card", "str"],
)
def test_action_of_names_a_field_of_the_wrong_type(move: ur.Move, field: str) -> None:
    game = UnoEnv("official", players=3)
    with pytest.raises(EnvError, match=r"^" + re.escape(repr(move)) + r" has no action: " + field):
        game.action_of(move)


def test_move_of_refuses_an_action_or_agent_of_the_wrong_type() -> None:
    game = UnoEnv("official", players=3)
    game.reset(seed=1)
    for action in (True, 1.0, "1", None):
        with pytest.raises(EnvError, match=r"^action must be an int from 0 to"):
            game.move_of(action)  # type: ignore[arg-type]
    with pytest.raises(EnvError, match=r"^agent must be one of player_0"):
        game.move_of(0, 0)  # type: ignore[arg-type]


def test_bot_action_refuses_a_move_with_a_field_of_the_wrong_type() -> None:
    game = UnoEnv("official", players=2)
    game.reset(seed=1)
    seat = game.game_state.current
    for wrong in (ur.Draw(bool(seat)), ur.Draw(float(seat))):  # type: ignore[arg-type]
        with pytest.raises(BotError, match=r"its player must be an int, not"):
            game.bot_action(_Scripted(react=None, choose=wrong))
    assert game.bot_action(_Scripted(react=None, choose=ur.Draw(seat))) == game.actions.DRAW


def test_last_once_every_agent_has_left_says_to_call_reset() -> None:
    game = UnoEnv("official", players=2)
    game.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert game.agents == []
    with pytest.raises(EnvError, match=r"every agent has left it: last\(\) .*call reset\(\)"):
        game.last()
    with pytest.raises(EnvError, match=r"every agent has left it"):
        game.last(observe=False)
    # observe still shows the final position, with a mask of zeros.
    seen = game.observe("player_0")
    assert not seen["action_mask"].any()
    assert seen["observation"].shape == game.observation_space("player_0")["observation"].shape
    game.reset(seed=1)
    assert game.last()[2] is False
