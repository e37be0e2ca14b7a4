"""Bots: they only play legal moves, the driver is deterministic, the
heuristic follows its advice and beats random play."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import attrs
import pytest

import unorules as ur
from unorules.play.bots import (
    Bot,
    BotError,
    HeuristicBot,
    Observer,
    RandomBot,
    is_out_of_turn,
    make_bot,
    play_from,
    play_game,
    play_round,
)
from unorules.play.simulate import simulate

PRESETS = (
    "official",
    "official+house.stack-draw-two",
    "official+house.force-play",
    "official+strict",
)


def _lineup(kind: str, players: int, seed: int) -> list[Bot]:
    if kind == "heuristic":
        return [HeuristicBot() for _ in range(players)]
    if kind == "random":
        return [RandomBot(seed * 10 + s) for s in range(players)]
    return [HeuristicBot() if s % 2 == 0 else RandomBot(seed * 10 + s) for s in range(players)]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("kind", "players"), [("mixed", 4), ("heuristic", 6), ("mixed", 2)])
def test_bots_only_play_legal_moves(preset: str, kind: str, players: int) -> None:
    rules = ur.presets.get(preset)
    seen: list[int] = []

    def verify(before: ur.GameState, move: ur.Move, after: ur.GameState) -> None:
        assert move in ur.legal_moves(before)
        if isinstance(move, ur.Play) and move.card.face is ur.Face.WILD_DRAW_FOUR:
            bot = bots[move.player]
            if isinstance(bot, HeuristicBot):
                assert ur.check(before, move).legal, "the heuristic bot never bluffs"
        seen.append(1)

    for seed in range(4):
        bots = _lineup(kind, players, seed)
        final = play_round(rules, bots, seed=seed, on_move=verify)
        assert final.round_over
    assert seen


HOUSE = (
    "official+uno.false-call",
    "official+house.jump-in",
    "official+house.seven-zero",
    "official+house.multiple-identical",
    "official+challenge.take-back",
    "official+challenge.anyone",
    "official+house.draw-until-playable",
    "official+deck.modern-112-swap",
)


@pytest.mark.parametrize("preset", HOUSE)
def test_bots_only_play_legal_moves_under_house_rules(preset: str) -> None:
    try:
        rules = ur.presets.get(preset)
    except ur.RuleSetError as e:
        pytest.skip(f"not available: {e}")
    heuristic = {0, 2}

    def verify(before: ur.GameState, move: ur.Move, after: ur.GameState) -> None:
        assert move in ur.legal_moves(before)
        if isinstance(move, ur.CallUno) and move.player in heuristic:
            seat = move.player
            due = before.uno_missed == seat or (
                before.current == seat and len(before.hands[seat]) == 2
            )
            assert due, "the heuristic bot calls UNO only when due"

    for seed in range(3):
        play_round(rules, _lineup("mixed", 4, seed), seed=seed, on_move=verify)


def test_random_bots_only_play_legal_moves() -> None:
    rules = ur.presets.get("official+house.stack-draw-two")

    def verify(before: ur.GameState, move: ur.Move, after: ur.GameState) -> None:
        assert move in ur.legal_moves(before)

    final = play_round(rules, [RandomBot(1), RandomBot(2), RandomBot(3)], seed=5, on_move=verify)
    assert final.round_over


def test_bots_satisfy_the_protocol() -> None:
    random_bot: Bot = RandomBot(0)
    heuristic: Bot = HeuristicBot()
    assert isinstance(random_bot, Bot)
    assert isinstance(heuristic, Bot)
    assert isinstance(heuristic, Observer)
    assert not isinstance(random_bot, Observer)
    assert (random_bot.name, heuristic.name) == ("random", "heuristic")
    assert make_bot("Heuristic").name == "heuristic"
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("genius")


def test_same_seed_same_round() -> None:
    rules = ur.presets.official()
    a = play_round(rules, _lineup("mixed", 4, 3), seed=11)
    b = play_round(rules, _lineup("mixed", 4, 3), seed=11)
    assert a == b
    c = play_round(rules, _lineup("mixed", 4, 4), seed=11)
    assert (a.turns, a.hands) != (c.turns, c.hands)


def test_play_game_reaches_the_target() -> None:
    rules = ur.presets.get("official+score.target=200")
    finals = play_game(rules, [HeuristicBot() for _ in range(3)], seed=2)
    assert finals[-1].game_over
    assert not any(s.game_over for s in finals[:-1])
    assert [s.round_number for s in finals] == list(range(1, len(finals) + 1))
    for earlier, later in itertools.pairwise(finals):
        assert all(x <= y for x, y in zip(earlier.scores, later.scores, strict=True))
    assert [s.dealer for s in finals[:3]] == [2, 0, 1][: len(finals)]


def test_moves_are_split_into_turn_and_out_of_turn() -> None:
    rules = ur.presets.official()
    state = ur.situation(rules, ["R3 G5", "B2 B9", "Y1 Y2"], top="R7")
    moves = ur.legal_moves(state)
    side = [m for m in moves if is_out_of_turn(state, m)]
    assert side == [ur.CallUno(0)]
    assert all(m.player == 0 for m in moves if not is_out_of_turn(state, m))


class _Offers:
    """Records what it is offered; never reacts; plays the first move."""

    name = "offers"

    def __init__(self) -> None:
        self.reacted: list[tuple[int, tuple[ur.Move, ...]]] = []

    def choose(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move:
        assert seat == state.current
        assert moves and all(not is_out_of_turn(state, m) for m in moves)
        return moves[0]

    def react(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move | None:
        assert moves and all(m.player == seat for m in moves)
        self.reacted.append((seat, moves))
        return None


def test_out_of_turn_moves_are_offered_from_the_seat_in_turn() -> None:
    rules = ur.presets.official()
    # Seat 0 lays its second-to-last card without calling: seat 1 (now in
    # turn) and seat 2 are offered the catch first, then seat 0 the late call.
    state = ur.situation(rules, ["R3 G5", "B2 B9 R1", "Y1 Y2 R2"], top="R7", draw_pile="G1 G2 G3")
    bot = _Offers()
    state = ur.apply(state, ur.Play(0, ur.Card.parse("R3")))
    play_from(state, [bot, bot, bot])
    assert bot.reacted[:3] == [
        (1, (ur.CatchUno(1, 0),)),
        (2, (ur.CatchUno(2, 0),)),
        (0, (ur.CallUno(0),)),
    ]
    # Counter-clockwise, the order runs the other way.
    ccw = ur.situation(
        rules, ["R3 G5", "B2 B9 R1", "Y1 Y2 R2"], top="R7", draw_pile="G1 G2 G3", direction=-1
    )
    bot = _Offers()
    play_from(ur.apply(ccw, ur.Play(0, ur.Card.parse("R3"))), [bot, bot, bot])
    assert [seat for seat, _ in bot.reacted[:3]] == [2, 1, 0]


def test_a_move_not_offered_is_refused() -> None:
    class Cheat(RandomBot):
        def choose(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move:
            return ur.Draw((seat + 1) % len(state.hands))

    with pytest.raises(BotError, match="not one of its legal moves"):
        play_round(ur.presets.official(), [Cheat(0), Cheat(1)], seed=0)
    with pytest.raises(ValueError, match="one bot per seat"):
        play_from(ur.new_round(ur.presets.official(), 3, seed=0), [RandomBot(0)])


# --- the heuristic's advice ---------------------------------------------------------------


def _choose(state: ur.GameState, bot: HeuristicBot | None = None) -> ur.Move:
    bot = bot or HeuristicBot()
    turn = tuple(m for m in ur.legal_moves(state) if not is_out_of_turn(state, m))
    return bot.choose(state, state.current, turn)


def test_heuristic_stops_a_player_on_one_card() -> None:
    rules = ur.presets.official()
    threat = ur.situation(rules, ["R9 R+2 G3", "B5", "Y1 Y2 Y3"], top="R7")
    assert _choose(threat) == ur.Play(0, ur.Card.parse("R+2"))
    skip = ur.situation(rules, ["R9 RS G3", "B5", "Y1 Y2 Y3"], top="R7")
    assert _choose(skip) == ur.Play(0, ur.Card.parse("RS"))


def test_heuristic_keeps_stoppers_for_the_player_close_to_going_out() -> None:
    rules = ur.presets.official()
    state = ur.situation(rules, ["R9 R+2 G3", "B5 B6 B7 B8", "Y1"], top="R7")
    assert _choose(state) == ur.Play(0, ur.Card.parse("R9"))


def test_heuristic_sheds_high_numbers_and_keeps_wilds() -> None:
    rules = ur.presets.official()
    state = ur.situation(rules, ["R2 R9 W W+4", "B5 B6 B7", "Y1 Y2 Y3"], top="R7")
    assert _choose(state) == ur.Play(0, ur.Card.parse("R9"))
    stuck = ur.situation(rules, ["G2 W", "B5 B6 B7", "Y1 Y2 Y3"], top="R7")
    move = _choose(stuck)
    assert isinstance(move, ur.Play) and move.card == ur.Card.parse("W")
    assert move.color is ur.Color.GREEN  # the colour it holds most


def test_heuristic_names_the_colour_the_next_player_drew_on() -> None:
    rules = ur.presets.official()
    bot = HeuristicBot()
    # Seat 1 draws on blue; later seat 0 is stuck with a Wild and one red card.
    start = ur.situation(
        rules, ["W R1", "G5 G6 G7", "Y1 Y2 Y3"], top="B7", current=1, draw_pile="Y9 G2 G3"
    )
    after = ur.apply(start, ur.Draw(1))
    bot.observe(start, ur.Draw(1), after)
    assert after.phase is ur.Phase.TURN and after.current == 2
    state = ur.situation(rules, ["W R1", "G5 G6 G7 Y9", "Y1 Y2 Y3"], top="B7")
    move = bot.choose(state, 0, tuple(m for m in ur.legal_moves(state) if m.player == 0))
    assert isinstance(move, ur.Play) and move.color is ur.Color.BLUE


def test_heuristic_calls_uno_and_catches() -> None:
    rules = ur.presets.official()
    state = ur.situation(rules, ["R3 G5", "B2 B9", "Y1 Y2"], top="R7")
    bot = HeuristicBot()
    assert bot.react(state, 0, (ur.CallUno(0),)) == ur.CallUno(0)
    # Nobody has missed a call: a catch handed to it is not made.
    assert bot.react(state, 1, (ur.CatchUno(1, 0),)) is None
    assert bot.react(state, 1, (ur.Challenge(1),)) is None
    missed = ur.apply(state, ur.parse_move("0 play R3"))
    assert bot.react(missed, 1, (ur.CatchUno(1, 0),)) == ur.CatchUno(1, 0)


def test_heuristic_challenges_when_a_bluff_is_likely() -> None:
    rules = ur.presets.official()
    bot = HeuristicBot()
    big = ur.situation(rules, ["W+4 G1 G2 G3 B4 B5 Y6 Y7", "B1 B2", "Y1 Y2"], top="R7")
    big = ur.apply(big, ur.Play(0, ur.Card.parse("W+4"), ur.Color.GREEN))
    assert bot.bluff_chance(big, 1) > 0.5
    assert _choose(big, bot) == ur.Challenge(1)
    small = ur.situation(rules, ["W+4 G1", "B1 B2", "Y1 Y2"], top="R7")
    small = ur.apply(small, ur.Play(0, ur.Card.parse("W+4"), ur.Color.GREEN))
    assert bot.bluff_chance(small, 1) < 0.5
    assert _choose(small, bot) == ur.Draw(1)


def test_heuristic_stacks_when_it_can() -> None:
    rules = ur.presets.get("official+house.stack-draw-two")
    state = ur.situation(rules, ["R+2 G1", "B+2 B9 Y5", "Y1 Y2"], top="R7")
    state = ur.apply(state, ur.Play(0, ur.Card.parse("R+2")))
    assert _choose(state) == ur.Play(1, ur.Card.parse("B+2"))


def test_heuristic_beats_random_play() -> None:
    players, rounds = 4, 200
    result = simulate("official", ["heuristic"] + ["random"] * (players - 1), rounds=rounds, seed=3)
    share = result.stats.win_rate_per_seat[0]
    fair = 1 / players
    # Five standard errors above a fair share: chance alone would not do it.
    assert share > fair + 5 * math.sqrt(fair * (1 - fair) / rounds)


def test_play_round_and_play_game_record_what_they_play(tmp_path: Path) -> None:
    rules = ur.presets.official()
    moves: list[ur.Move] = []
    path = tmp_path / "round.uno"
    final = play_round(
        rules,
        _lineup("mixed", 3, 1),
        seed=7,
        on_move=lambda before, move, after: moves.append(move),
        record=path,
    )
    text = path.read_text(encoding="utf-8")
    assert text.startswith('[Format "2"]')  # a .uno file: the text form
    assert text.endswith('\n[End "round"]\n')  # the round is over, the record whole
    record = ur.read_record(text)
    # The record holds every move on_move saw, and replays to the same end.
    assert list(record.rounds[0].moves) == moves
    assert ur.replay(record)[0][-1] == final
    # A game, into a Recorder: one recorded round per round played.
    recorder = ur.Recorder(names=["Ann", "Bo", "Cy"])
    rules = ur.presets.get("official+score.target=200")
    finals = play_game(rules, [HeuristicBot() for _ in range(3)], seed=2, record=recorder)
    game = recorder.record
    assert game.names == ("Ann", "Bo", "Cy") and len(game.rounds) == len(finals) > 1
    assert [states[-1] for states in ur.replay(game)] == finals
    # A path of another suffix gets JSON Lines.
    play_game(rules, [HeuristicBot() for _ in range(3)], seed=2, record=tmp_path / "game.jsonl")
    again = ur.read_record((tmp_path / "game.jsonl").read_text(encoding="utf-8"))
    # Written when the game is over, with the end line; the Recorder's own record
    # has none until Recorder.end.
    assert game.end is None and again == attrs.evolve(game, names=(), end="game")
