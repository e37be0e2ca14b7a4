"""Faults found by trials in the command line, explain's assumptions and simulate."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

from unorules import validate_state
from unorules.cards import Card
from unorules.cli import main
from unorules.engine import apply
from unorules.errors import UnoError
from unorules.judging import _judge
from unorules.moves import Move, Play
from unorules.notation import parse_situation
from unorules.play.bots import Bot, BotError, RandomBot, play_from
from unorules.play.simulate import simulate
from unorules.rules.presets import get as preset
from unorules.state import GameState


def official_rules() -> Any:
    return preset("official")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# Item 14: options in any order; a JSON error names the command.


def test_rules_check_json_before_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "rules", "check", "--json", "official")
    assert (status, err) == (0, "")
    assert json.loads(out) == {"rules": "official", "problems": []}


def test_rules_json_between_action_and_preset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "--json", "check", "official")
    assert status == 0
    assert json.loads(out)["rules"] == "official"


def test_explain_option_between_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "explain", "top R7; hands R3 B2 / B2", "0 draw", "--json", "0 play R3"
    )
    # seat 0 drew (the pile is not given) and then laid R3 from its given cards
    assert status == 0
    data = json.loads(out)
    assert [m["move"] for m in data["moves"]] == ["0 draw"]
    assert data["verdict"]["move"] == "0 play R3"


def test_unknown_option_names_the_command_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "explain", "--json", "--bogus", "top R7; hands R3 / B2", "0 play R3"
    )
    assert status == 2
    error = json.loads(out)["error"]
    assert error["command"] == "explain"
    assert "--bogus" in error["message"]


def test_unknown_option_of_rules_names_rules(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules", "check", "official", "--json", "--bogus")
    assert status == 2
    assert json.loads(out)["error"]["command"] == "rules"


def test_unknown_option_of_simulate_names_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "simulate", "--json", "--bogus")
    assert status == 2
    assert json.loads(out)["error"]["command"] == "simulate"


def test_no_command_json_error_has_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--json", "--bogus")
    assert status == 2
    assert json.loads(out)["error"]["command"] is None


# Item 15: --rules with --compare is a usage error, even when it names official.


@pytest.mark.parametrize("rules", ["official", "svenska"])
def test_rules_with_compare_is_refused(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    status, out, _ = _run(
        capsys,
        "explain",
        "--json",
        "--rules",
        rules,
        "--compare",
        "official,kids",
        "top R7; hands R3 / B2",
        "0 play R3",
    )
    assert status == 2
    error = json.loads(out)["error"]
    assert error["command"] == "explain"
    assert "--rules or --compare" in error["message"]


def test_compare_alone_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys,
        "explain",
        "--json",
        "--compare",
        "official,kids",
        "top R7; hands R3 / B2",
        "0 play R3",
    )
    assert status == 0
    assert set(json.loads(out)["by_rules"]) == {"official", "kids"}


# Item 8: a bot that raises, or returns a move it was not offered, is a clear error.

_BAD_BOTS = """
from unorules.moves import Draw


class Raises:
    name = "raiser"

    def choose(self, state, seat, moves):
        raise KeyError("boom")

    def react(self, state, seat, moves):
        return None


class Cheats:
    name = "cheat"

    def choose(self, state, seat, moves):
        return Draw(seat + 5)

    def react(self, state, seat, moves):
        return None
"""


@pytest.fixture
def bad_bots(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "badbots_faults.py").write_text(_BAD_BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_raising_bot_json(
    capsys: pytest.CaptureFixture[str], bad_bots: None, workers: str
) -> None:
    status, out, err = _run(
        capsys,
        "simulate",
        "--json",
        "--games",
        "2",
        "--bots",
        "badbots_faults:Raises,random",
        "--workers",
        workers,
        "--no-progress",
    )
    assert (status, err) == (2, "")
    error = json.loads(out)["error"]
    # seat 0 is the raiser; it is asked to choose on its first turn
    assert error["command"] == "simulate"
    assert error["type"] == "BotError"
    # which game fails first depends on the workers; each is named, with how to see more
    assert error["message"].startswith(
        "raiser bot at seat 0 raised KeyError in choose(): 'boom', in game "
    )
    assert re.search(r", round 1, move 1; raised at .*badbots_faults\.py:\d+ ", error["message"])
    assert error["message"].endswith(" (--traceback prints the whole traceback)")


def test_simulate_raising_bot_text(capsys: pytest.CaptureFixture[str], bad_bots: None) -> None:
    status, out, err = _run(
        capsys,
        "simulate",
        "--games",
        "1",
        "--bots",
        "random,badbots_faults:Raises",
        "--no-progress",
    )
    assert (status, out) == (2, "")
    assert "Traceback" not in err
    assert "raiser bot at seat 1 raised KeyError in choose(): 'boom'" in err


def test_simulate_api_raising_bot_keeps_cause(bad_bots: None) -> None:
    import badbots_faults  # type: ignore[import-not-found]

    with pytest.raises(BotError) as info:
        simulate(official_rules(), [badbots_faults.Raises(), "random"], games=1)
    assert isinstance(info.value, UnoError)
    assert (info.value.bot, info.value.seat) == ("raiser", 0)
    assert isinstance(info.value.__cause__, KeyError)


def test_simulate_api_cheating_bot(bad_bots: None) -> None:
    import badbots_faults

    with pytest.raises(BotError, match=r"cheat bot at seat 1 chose .*not one of its legal moves"):
        simulate("official", ["random", badbots_faults.Cheats()], rounds=3)


def test_play_from_raising_react(bad_bots: None) -> None:
    class ReactRaises(RandomBot):
        def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
            raise RuntimeError("no reaction")

    # seat 1 lays its second-last card R3 and forgets UNO: seat 0 may catch it
    state = parse_situation("top R7; hands B1 B2 / R3 R4; turn 1").to_state(official_rules())
    bots: list[Bot] = [ReactRaises(seed=0), RandomBot(seed=0)]
    with pytest.raises(BotError) as info:
        play_from(apply(state, Play(1, Card.parse("R3"))), bots)
    assert str(info.value) == "random bot at seat 0 raised RuntimeError in react(): no reaction"
    assert isinstance(info.value.__cause__, RuntimeError)


# Item 4: rulings decided by cards nobody gave say so; no sentence names them.


def _verdict_line(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    status, out, err = _run(capsys, "explain", "--long", *argv)
    assert (status, err) == (0, "")
    line = next(x for x in out.splitlines() if x.startswith("Verdict: "))
    return line, out


def _counts(state: GameState) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.draw_pile) + Counter(state.discard_pile)
    cards += Counter(state.out_of_play)
    for hand in state.hands:
        cards += Counter(hand)
    return cards


@pytest.mark.parametrize("seed", [0, 114, 3])
def test_a_card_in_another_seats_unknown_cards_is_fetched(seed: int) -> None:
    # seed 114 deals both R5s into seat 1's ?7: seat 2 (seven unknown cards) lays R5 all
    # the same, and seat 1 gets one of seat 2's unknown cards in exchange.
    text = f"top R7; hands R3 / ?7 / ?7; turn 2; seed {seed}"
    _, start, verdicts, _, _ = _judge(text, ["2 play R5"], "official")
    v = verdicts[-1]
    assert (v.verdict, v.reason, v.assumed) == ("legal", "R5 matches the colour in force", False)
    assert v.state is not None
    assert [len(h) for h in v.state.hands] == [1, 7, 6]
    assert v.state.hands[0] == (Card.parse("R3"),)
    assert _counts(v.state) == _counts(start)
    validate_state(v.state)


def test_seed_114_deals_both_r5_to_seat_1() -> None:
    # the reproduction's premise, so the test above exercises the exchange
    state = parse_situation("top R7; hands R3 / ?7 / ?7; turn 2; seed 114").to_state(
        official_rules()
    )
    assert state.hands[1].count(Card.parse("R5")) == 2


def test_an_unknown_drawn_card_is_taken_to_be_the_card_laid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 0 draws from a pile nobody gave and lays R5, which its given cards do
    # not hold: the drawn card was R5, under every deal of the pile (a family
    # asking "he drew and laid it at once, may he?" means the card drawn). So the
    # verdict rests on no deal: no "as assumed", no note that another deal differs.
    line, out = _verdict_line(capsys, "top R7; hands B3 G5 / B1 B2; seed 1", "0 draw; 0 play R5")
    assert line == "Verdict: LEGAL - R5 matches the colour in force."
    said = " ".join(out.split())
    assert "the card seat 0 drew, which nobody gave, is taken to be R5, the card it laid" in said
    assert "rests on cards nobody gave" not in said
    # The same under three seeds of the pile and the deal (seed 1 gave a card that fits).
    for seed in (2, 3, 4):
        line, _out = _verdict_line(
            capsys, f"top R7; hands B3 G5 / ?4 / ?4; seed {seed}", "0 draw; 0 play R5"
        )
        assert line == "Verdict: LEGAL - R5 matches the colour in force.", seed


def test_an_unknown_drawn_card_is_not_named(capsys: pytest.CaptureFixture[str]) -> None:
    # B3 is a given card and does not fit R7, so the drawn card cannot have been it in a
    # way that helps: only the drawn card may be played, and it goes unnamed.
    line, out = _verdict_line(capsys, "top R7; hands B3 G5 / B1 B2; seed 1", "0 draw; 0 play B3")
    assert line == (
        "Verdict: ILLEGAL (AS ASSUMED) - after drawing, only the drawn card may be played "
        "this turn."
    )
    assert "R4" not in out


def test_a_drawn_card_from_a_given_pile_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    # every card is known: the pile's top R4 was drawn; no assumption, no note
    line, out = _verdict_line(
        capsys, "top R7; hands B3 G5 / B1 B2; draw R4 Y9", "0 draw; 0 play B3"
    )
    assert (
        line
        == "Verdict: ILLEGAL - after drawing, only the drawn card (R4) may be played this turn."
    )
    assert "Assumes:" not in out


def test_multiple_identical_copies_come_from_unknown_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # seat 0's two unknown cards are taken to be the two R3s it lays together
    line, _ = _verdict_line(
        capsys,
        "--rules",
        "official+house.multiple-identical",
        "top R7; hands ?2 G5 / ?7",
        "0 play R3 x2",
    )
    assert line == "Verdict: LEGAL - R3 matches the colour in force."


def test_multiple_identical_beyond_what_the_given_cards_leave(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # seat 1 was given one R3: only one copy is left for seat 0's unknown cards
    line, _ = _verdict_line(
        capsys,
        "--rules",
        "official+house.multiple-identical",
        "top R7; hands ?2 G5 / R3 B2",
        "0 play R3 x2",
    )
    assert line == (
        "Verdict: ILLEGAL - seat 0 can hold at most 1 R3: the cards given leave no more for its "
        "cards nobody gave; the play is legal as 0 play R3."
    )


def test_no_copy_left_for_unknown_cards(capsys: pytest.CaptureFixture[str]) -> None:
    # both R5s are given to seat 1: seat 0's unknown cards cannot be one
    line, _ = _verdict_line(capsys, "top R7; hands ?2 G5 / R5 R5 B2", "0 play R5")
    assert line == (
        "Verdict: ILLEGAL - seat 0 cannot hold R5: every R5 of the deck is among the cards "
        "given elsewhere."
    )


@pytest.mark.parametrize(
    ("seed", "line"),
    [
        # seed 0 deals seat 1 a card that cannot go on R7, seed 2 one that can
        (0, "Verdict: LEGAL (AS ASSUMED) - seat 1 has no card it can lawfully play and draws."),
        (
            2,
            "Verdict: ILLEGAL (AS ASSUMED) - seat 1 holds a card it can lawfully play and must "
            "play it.",
        ),
    ],
)
def test_force_play_draw_rests_on_unknown_cards(
    capsys: pytest.CaptureFixture[str], seed: int, line: str
) -> None:
    got, out = _verdict_line(
        capsys,
        "--rules",
        "official+house.force-play",
        f"top R7; hands R3 / ?1; turn 1; seed {seed}",
        "1 draw",
    )
    assert got == line
    assert "the verdict on move 1 (seat 1: draw) rests on cards nobody gave" in " ".join(
        out.split()
    )


def test_force_play_draw_on_given_cards_is_not_assumed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # seat 1's B1 fits neither red nor 7: drawing is forced whatever the pile holds
    got, out = _verdict_line(
        capsys,
        "--rules",
        "official+house.force-play",
        "top R7; hands R3 / B1; turn 1",
        "1 draw",
    )
    assert got == "Verdict: LEGAL - seat 1 has no card it can lawfully play and draws."
    assert "rests on cards nobody gave" not in out


@pytest.mark.parametrize("seed", [0, 2])
def test_official_draw_reason_rests_on_unknown_cards(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    # the rule cited (draw.one-then-may-play or draw.allowed-when-playable) turns on
    # whether seat 1's unknown card fits
    status, out, _ = _run(
        capsys, "explain", "--json", f"top R7; hands R3 / ?1; turn 1; seed {seed}", "1 draw"
    )
    data = json.loads(out)
    assert status == 0
    assert data["verdict"]["verdict"] == "legal"
    assert data["verdict"]["assumed"] is True
    assert any("move 1 (seat 1: draw) rests on cards nobody gave" in a for a in data["assumes"])


def test_every_known_card_is_not_assumed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        capsys, "explain", "--json", "top R7; hands R3 / B1; turn 1; draw R5", "1 draw"
    )
    data = json.loads(out)
    assert (status, data["verdict"]["assumed"], data["assumes"]) == (0, False, [])


# Item 5: a draw pile the user gave is never rewritten.


def test_a_given_draw_pile_is_kept() -> None:
    # seat 1 (?7) lays R5: the other R5 is out of play (the pile is given), so that one is
    # taken; seat 0 then draws the given pile's top R5, which fits the R5 on top.
    text = "top R7; hands R3 G4 / ?7; turn 1; draw R5 B9"
    _, start, verdicts, _, _ = _judge(text, ["1 play R5; 0 draw"], "official")
    assert start.draw_pile == (Card.parse("R5"), Card.parse("B9"))
    after_play = verdicts[0].state
    assert after_play is not None
    assert after_play.draw_pile == (Card.parse("R5"), Card.parse("B9"))
    last = verdicts[-1]
    assert last.state is not None
    assert Counter(last.state.hands[0]) == Counter(Card.parse(c) for c in ("R3", "G4", "R5"))
    assert last.state.draw_pile == (Card.parse("B9"),)
    assert last.state.drawn == Card.parse("R5")
    assert ("draw.one-then-may-play", "the drawn card fits: seat 0 may play it or keep it") in (
        last.effects
    )


def test_a_given_draw_pile_is_not_raided(capsys: pytest.CaptureFixture[str]) -> None:
    # one R5 given to seat 1, the other in the given draw pile: none is left for seat 0
    line, _ = _verdict_line(capsys, "top R7; hands ?2 G5 / R5 B2; draw R5", "0 play R5")
    assert line == (
        "Verdict: ILLEGAL - seat 0 cannot hold R5: every R5 of the deck is among the cards "
        "given elsewhere."
    )


def test_play_from_raising_observe() -> None:
    class Watches(RandomBot):
        def observe(self, before: GameState, move: Move, after: GameState) -> None:
            raise ValueError("cannot watch")

    # the first move applied is reported to seat 1's bot, which fails
    state = parse_situation("top R7; hands B1 B2 / R3 R4 G5; turn 1").to_state(official_rules())
    bots: list[Bot] = [RandomBot(seed=0), Watches(seed=0)]
    with pytest.raises(BotError) as info:
        play_from(state, bots)
    assert str(info.value) == "random bot at seat 1 raised ValueError in observe(): cannot watch"
    assert (info.value.bot, info.value.seat) == ("random", 1)
    assert isinstance(info.value.__cause__, ValueError)


def test_simulate_bot_that_cannot_be_copied() -> None:
    class NoCopy(RandomBot):
        name = "nocopy"

        def __deepcopy__(self, memo: object) -> NoCopy:
            raise TypeError("not copyable")

    with pytest.raises(BotError) as info:
        simulate("official", ["random", NoCopy(seed=0)], rounds=1)
    assert str(info.value) == (
        "nocopy bot at seat 1 cannot be copied for a new game: TypeError: not copyable"
    )
    assert isinstance(info.value.__cause__, TypeError)
