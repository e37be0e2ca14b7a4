"""The PettingZoo environment (``unorules.play.env``, the ``rl`` extra):
PettingZoo's API and seed tests, masks worked out by hand on built
positions, the out-of-turn windows, rewards from the scoring policy, and
the mask held to ``legal_moves`` under random rule sets."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import unorules as ur
from unorules import testing as urs
from unorules.play.env import ActionTable, UnoEnv, _points_sign, env


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
DICT_OBSERVATIONS = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


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
    with pytest.raises(ValueError, match=r"11 players.*2 to 10.*players\.range"):
        UnoEnv("official", 11)


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
    assert list(obs[at["pending"]]) == [1, 0, 0] and obs[at["pending_amount"]][0] == 4
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
    assert game.infos["player_0"] == {"points": 75, "score": 75, "round_winner": 0}
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
    for _ in range(500):
        if not game.agents or any(game.terminations.values()):
            break
        state = game.game_state
        moves = ur.legal_moves(state)
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
        offered = {table.move(expected_seat, int(i)) for i in np.flatnonzero(mask)}
        wanted: set[ur.Move | None] = {m for m in moves if m.player == expected_seat}
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
        if table.move(expected_seat, int(action)) is None:
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
