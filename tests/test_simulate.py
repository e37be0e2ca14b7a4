"""Simulation: reproducible whatever the worker count, sane statistics, the
``simulate`` subcommand."""

from __future__ import annotations

import argparse
import csv
import io
import json

import pytest

from unorules.errors import UnoError
from unorules.play.simulate import CSV_FIELDS, add_parser, derive_seed, run, simulate

MIXED = ["heuristic", "random", "heuristic", "random"]


def test_same_seed_same_stats_for_one_and_two_workers() -> None:
    one = simulate("official+score.target=200", MIXED, games=6, seed=42, workers=1)
    two = simulate("official+score.target=200", MIXED, games=6, seed=42, workers=2)
    assert one.stats == two.stats
    assert one.games == two.games
    other = simulate("official+score.target=200", MIXED, games=6, seed=43, workers=1)
    assert other.games != one.games


def test_rounds_mode_same_for_one_and_two_workers() -> None:
    one = simulate("official", ["heuristic"] * 3, rounds=12, seed=7, workers=1)
    two = simulate("official", ["heuristic"] * 3, rounds=12, seed=7, workers=2)
    assert one.stats == two.stats


def test_stats_are_sane() -> None:
    result = simulate("official", MIXED, games=4, seed=1)
    s = result.stats
    assert s.games == 4 and s.mode == "games" and s.players == 4
    assert s.rounds == len(result.records) > 0
    assert s.rounds_per_game is not None and s.rounds_per_game.min >= 1
    assert sum(count for _, count in s.rounds_per_game_histogram) == s.games
    assert sum(s.win_rate_per_seat) + s.no_winner_share == pytest.approx(1)
    assert s.no_winner_share == 0  # a game always has a winner
    assert sum(share for _, share in s.win_rate_per_bot) == pytest.approx(1)
    assert sum(s.round_win_rate_per_seat) <= 1 + 1e-9
    assert s.turns_per_round.min > 0 and s.turns_per_round.mean <= s.moves_per_round.mean
    assert s.largest_hand.min >= 7
    assert 0 <= s.exhausted_share <= 1 and 0 <= s.reshuffled_share <= 1
    for game in result.games:
        assert game.scores[game.winner] >= 500  # type: ignore[index]
        assert [r.round_number for r in game.rounds] == list(range(1, len(game.rounds) + 1))
    for r in result.records:
        assert r.turns <= r.moves
        assert r.exhausted or r.points > 0


def test_rounds_mode_rotates_the_dealer() -> None:
    result = simulate("official", ["heuristic", "heuristic"], rounds=4, seed=0)
    assert [r.dealer for r in result.records] == [1, 0, 1, 0]
    assert result.stats.rounds_per_game is None
    assert sum(result.stats.win_rate_per_seat) + result.stats.no_winner_share == pytest.approx(1)


def test_derive_seed_is_stable() -> None:
    assert derive_seed(0, 0) == derive_seed(0, 0)
    assert len({derive_seed(0, i) for i in range(100)}) == 100
    assert 0 <= derive_seed(5, 1, 2) < 2**63


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        simulate("official", ["random", "genius"], games=1)
    with pytest.raises(ValueError, match="seats 2 to 10"):
        simulate("official", ["random"], games=1)
    with pytest.raises(UnoError, match="unknown rule ID"):
        simulate("official+house.stack-draw-too", ["random"] * 2, games=1)


def _cli(*argv: str) -> str:
    parser = argparse.ArgumentParser(prog="unorules")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["simulate", "--no-progress", *argv])
    assert args.func is run
    result: str = args.func(args)
    return result


def test_cli_table_json_csv() -> None:
    table = _cli("--rounds", "3", "--bots", "heuristic,random")
    assert "turns per round" in table and "heuristic" in table
    data = json.loads(_cli("--rounds", "3", "--bots", "heuristic", "--players", "3", "--json"))
    assert data["stats"]["players"] == 3 and data["stats"]["rounds"] == 3
    rows = list(csv.DictReader(io.StringIO(_cli("--rounds", "3", "--bots", "heuristic", "--csv"))))
    assert len(rows) == 3 and tuple(rows[0]) == CSV_FIELDS


def test_cli_usage_errors() -> None:
    with pytest.raises(UnoError, match="one bot per seat"):
        _cli("--rounds", "1", "--bots", "random,random", "--players", "3")
    with pytest.raises(UnoError, match="unknown bot"):
        _cli("--rounds", "1", "--bots", "clever")
    with pytest.raises(UnoError, match="unknown rule ID"):
        _cli("--rounds", "1", "--rules", "official+nope")
