"""Verdicts that a family's trial and an attack found claiming too much, or
too little: what hangs on cards nobody gave is a condition, a short verdict
says what a move costs and whom, and "Next" never contradicts the headline.

Each expected text is worked out by hand from the position; the rule IDs
are those of RULES.md (``draw.one-then-may-play``, ``house.play-drawn``,
``house.draw-until-playable``, ``uno.penalty-two``, ``action.two-player-reverse``,
``house.seven-zero``, ``score.winner-takes``, ``score.target``,
``score.single-round``, ``end.no-wd4-last``).
"""

from __future__ import annotations

import json

import pytest

import unorules as ur
from unorules.cli import main
from unorules.judging import _judged


def short(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(["explain", *argv])
    out = capsys.readouterr().out
    assert code == 0, out
    return " ".join(out.split())


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main(["explain", "--json", *argv])
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


# --- a drawn card nobody gave ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "then"),
    [
        ("official", "may play it or keep it"),  # draw.one-then-may-play
        ("official+house.play-drawn", "must play it"),
    ],
)
def test_a_draw_from_a_pile_not_given_says_both_ways(
    capsys: pytest.CaptureFixture[str], rules: str, then: str
) -> None:
    # Seat 1 (B2 B9 on R7) draws from a draw pile nobody gave: whether the card fits
    # is chance, so the headline says what follows either way; if it does not, the turn
    # passes to seat 0 (two seats).
    data = as_json(capsys, "--rules", rules, "top R7; hands R3 Y5 / B2 B9; turn 1", "1 draw")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["headline"] == (
        f"Yes – seat 1 draws 1 card; if the drawn card fits, seat 1 {then}, otherwise the "
        "turn passes."
    )
    assert verdict["next"] == (
        f"Next: if the drawn card fits, seat 1 {then}, otherwise seat 0 plays; the colour is red."
    )
    assert data["assumes"] == []


def test_a_draw_from_a_pile_given_says_what_the_card_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Y1 is drawn: it fits neither red nor 7, so the turn passes to seat 0.
    said = short(capsys, "top R7; hands R3 Y5 / B2 B9; turn 1; draw Y1", "1 draw")
    assert said == (
        "Yes – seat 1 draws 1 card; the drawn card does not fit and the turn passes. "
        "Next: seat 0 plays; the colour is red."
    )


def test_drawing_until_a_card_fits_leaves_the_count_to_chance(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = short(
        capsys,
        "--rules",
        "official+house.draw-until-playable",
        "top R7; hands R3 Y5 / B2 B9; turn 1",
        "1 draw",
    )
    assert said.startswith(
        "Yes – seat 1 draws until a card fits and must play it; how many cards rests on the "
        "draw pile, which was not given. Next: seat 1 must play the drawn card; the colour "
        "is red."
    )


def test_swedish_says_the_drawn_card_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    said = short(capsys, "--lang", "sv", "top R7; hands R3 Y5 / B2 B9; turn 1", "1 draw")
    assert said == (
        "Ja – plats 1 drar 1 kort; passar det dragna kortet får plats 1 lägga det eller "
        "behålla det, annars går turen vidare. Nästa: passar det dragna kortet får plats 1 "
        "lägga det eller behålla det, annars spelar plats 0; färgen är röd."
    )


# --- a refused move: "Next" follows the one move left -----------------------------------


def test_a_refused_play_whose_only_way_out_is_a_draw_says_what_follows_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Y7 and R1 on B3: neither fits, so seat 1's one move is to draw. With G5 on the
    # pile the draw is known: G5 does not fit, the turn passes to seat 2. "Next" is
    # seat 2, not seat 1 (the headline says seat 1 draws instead).
    said = short(capsys, "top B3; hands ?5 / Y7 R1 / ?4; turn 1; draw G5", "1 play Y7")
    assert said == (
        "No – seat 1 may not play Y7: Y7 matches neither the colour nor the number or symbol "
        "of B3; instead seat 1 draws 1 card; the drawn card does not fit and the turn "
        "passes. Next: seat 2 plays; the colour is blue."
    )
    # Not given, the draw pile leaves both ways open.
    said = short(capsys, "top B3; hands ?5 / Y7 R1 / ?4; turn 1", "1 play Y7")
    assert said.endswith(
        "instead seat 1 draws 1 card. Next: if the drawn card fits, seat 1 may play it or "
        "keep it, otherwise seat 2 plays; the colour is blue."
    )


def test_a_wild_draw_four_as_last_card_under_norsk_names_who_plays_after_the_three(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # end.no-wd4-last: seat 0 draws 3 cards instead, and the turn passes to seat 1.
    said = short(capsys, "--rules", "norsk", "top Y3; hands W+4 / ?5 / ?3", "0 play W+4 blue")
    assert said == (
        "No – seat 0 may not play W+4 naming blue: W+4 cannot be a player's last card; "
        "instead seat 0 draws 3 cards. Next: seat 1 plays; the colour is yellow."
    )


# --- the cost in the short verdict ------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "cost"),
    [
        ("official", "if another player points it out in time, seat 0 draws 2 cards."),
        ("kids", "another player may point it out, and seat 0 gets a reminder, no penalty."),
        # strict: the penalty is drawn as the window closes, caught or not
        (
            "official+strict",
            "unless seat 0 calls it first, seat 0 draws 2 cards when another player points it "
            "out, or at the latest when the next player acts.",
        ),
    ],
)
def test_a_missed_uno_call_says_what_a_catch_costs(
    capsys: pytest.CaptureFixture[str], rules: str, cost: str
) -> None:
    said = short(capsys, "--rules", rules, "top B4; hands B3 R2 / ?6 / ?5", "0 play B3")
    assert said.startswith(f"Yes – seat 0 may play B3, but has not called UNO: {cost}")


def test_a_two_player_reverse_says_who_misses_the_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = short(capsys, "top B4; hands BR R2 Y5 / ?6", "0 play BR")
    assert said == (
        "Yes – seat 0 plays again: the other player misses the turn. "
        "Next: seat 0 plays; the colour is blue."
    )


def test_a_seven_swap_that_leaves_four_cards_owes_no_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 0 lays R7 (holding W) and swaps with seat 1's four cards: it holds four,
    # so no call is missing, and the catch that follows is void for that reason.
    said = short(
        capsys,
        "--rules",
        "official+house.seven-zero",
        "top R7; hands R7 W / B1 B2 B3 B4 / Y1 Y2 Y3 Y4; draw G1 G2 G3 G4 G5 G6",
        "0 play R7 swap 1; 2 catch 0",
    )
    assert said.startswith(
        "1. 0 play R7 swap 1 Yes – seat 0 and seat 1 swap hands. Next: seat 1 plays"
    )
    assert said.count("has not called UNO") == 1  # only the void catch's own move
    assert "seat 0 holds 4 cards, so no UNO call is missing" in said


# --- points that count cards nobody gave ------------------------------------------------


@pytest.mark.parametrize("seed", [0, 4])
def test_points_of_cards_nobody_gave_are_never_a_number(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    # Seat 0 goes out on 480 points; seat 1's two cards are unknown: the round is over
    # whatever they are, the game only if they bring 20 points or more.
    data = as_json(capsys, f"top R7; hands R3 / ?2; scores 480 0; seed {seed}", "0 play R3")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["next"] == (
        "The round is over: seat 0 wins it; whether the game is over too rests on points "
        "that count cards nobody gave."
    )
    effects = [e["text"] if isinstance(e, dict) else e[1] for e in verdict["effects"]]
    assert "the round is scored: the points count cards nobody gave" in effects
    assert not any("points" in e and any(c.isdigit() for c in e) for e in effects), effects


def test_points_of_given_cards_are_said(capsys: pytest.CaptureFixture[str]) -> None:
    # B2 is worth 2: seat 0 has 482, short of 500.
    code = main(["explain", "--long", "top R7; hands R3 / B2; scores 480 0", "0 play R3"])
    out = capsys.readouterr().out
    assert code == 0
    assert "seat 0 scores the other hand: 2 points [score.winner-takes]" in out
    assert "Next: the round is over: seat 0 wins (scores 482 0)" in out


def test_a_game_of_one_round_has_no_note_on_points() -> None:
    # score.single-round counts no points: nothing rests on the unknown hands.
    judged = _judged("top Y2; hands ?5 / ?3 / W / ?6; turn 2", ["2 play W red"], "kitchen-table")
    assert judged.caveats == []
    judged = _judged("top Y2; hands ?5 / ?3 / W / ?6; turn 2", ["2 play W red"], "official")
    assert judged.caveats == ["the scores count cards nobody gave, dealt here at random"]


# --- notes and comparisons --------------------------------------------------------------


def test_a_rule_that_rests_on_unknown_cards_is_told_apart_from_the_verdict() -> None:
    # Seat 0 lays B2; seat 1 draws, holding five unknown cards: drawing is legal either
    # way (official), but the rule that decides is draw.allowed-when-playable when one
    # of them is blue or a 2, and draw.one-then-may-play when none is.
    judged = _judged(
        "top B6; hands B2 Y8 / ?5 / ?4; draw R1 G2 Y3 B4", ["0 play B2", "1 draw"], "official"
    )
    assert judged.caveats == [
        "the rule that decides move 2 (seat 1: draw) rests on cards nobody gave: other "
        "deals of them give the same verdict by another rule"
    ]


def test_a_comparison_in_norwegian_shows_the_positions_that_differ(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # official deals 7 cards each, norsk too, but their decks differ in size: the same
    # verdict, and the position after it is shown for each rule set.
    code = main(
        [
            "explain",
            "--lang",
            "nb",
            "--compare",
            "official,norsk",
            "topp rød 8; hender rød Trekk 2, gul 5 / grønn Trekk 2, blå 1, blå 7 / ?6",
            "0 legger rød Trekk 2",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert out.count("så: ") == 2
    assert "avgjørelsen er den samme, men det som følger er ulikt" in out


def test_a_comparison_in_swedish_names_the_refused_move_in_swedish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = short(
        capsys,
        "--lang",
        "sv",
        "--compare",
        "official,official+house.force-play",
        "topp röd 8; händer ?5 / röd 1, gul 9 / ?4; tur 1; draghög grön 8, blå 2",
        "1 drar; 1 lägger grön 8",
    )
    assert "redan drag 1 (plats 1: dra) är inte tillåtet, så det sista draget prövas inte" in said
    assert "(1 draw)" not in said


# --- a move that is no move of the game ---------------------------------------------------


@pytest.mark.parametrize(
    ("move", "says"),
    [
        (ur.Play("0", ur.Card.parse("R3")), "seat '0' is not a seat number"),  # type: ignore[arg-type]
        (ur.Draw(None), "seat None is not a seat number"),  # type: ignore[arg-type]
        (ur.CatchUno(1, "0"), "target seat '0' is not a seat number"),  # type: ignore[arg-type]
        (ur.Play(0, ur.Card.parse("W+4"), "blue"), "'blue' is not a colour"),  # type: ignore[arg-type]
        (ur.Play(0, "R3"), "'R3' is not a card"),  # type: ignore[arg-type]
    ],
)
def test_explain_refuses_what_is_no_move_as_apply_does(move: ur.Move, says: str) -> None:
    state = ur.situation(ur.presets.official(), ["R3 W+4 G5", "B2 B9", "?7"], top="R7")
    with pytest.raises(ur.IllegalMove) as applied:
        ur.apply(state, move)
    with pytest.raises(ur.IllegalMove) as explained:
        ur.explain(state, move, lang="sv")
    assert says in str(applied.value)
    assert says in str(explained.value)


# --- a round that bots keep going for ever ----------------------------------------------


class _Hoarder:
    """Draws whenever it may, then keeps the card: it never lays one."""

    name = "hoarder"

    def choose(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move:
        for kind in (ur.Draw, ur.Pass):
            for move in moves:
                if isinstance(move, kind):
                    return move
        return moves[0]

    def react(self, state: ur.GameState, seat: int, moves: tuple[ur.Move, ...]) -> ur.Move | None:
        return None


def test_a_round_that_never_ends_is_stopped_with_a_clear_error() -> None:
    # Two hoarders: each turn is a draw (and a pass when the card drawn fits), so after
    # 50 moves the 93 cards of the draw pile are not used up (at most 50 drawn) and no
    # hand got smaller: the round goes on. The 51st move stops it with an error.
    from unorules.play.bots import BotError, play_from

    seen: list[ur.Move] = []
    state = ur.new_round(ur.presets.official(), 2, seed=3)
    with pytest.raises(BotError) as caught:
        play_from(
            state, [_Hoarder(), _Hoarder()], on_move=lambda b, m, a: seen.append(m), max_moves=50
        )
    assert len(seen) == 50
    assert caught.value.seat == -1
    assert "the round did not end within 50 moves: the bots (hoarder, hoarder)" in str(caught.value)


# --- a Wild Draw Four whose restriction rests on cards nobody gave ----------------------


@pytest.mark.parametrize("seed", [0, 1])
def test_under_strict_a_wild_draw_four_on_unknown_cards_names_none_of_them(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    # strict refuses a bluff. Seat 0 holds W+4 and 3 cards nobody gave on R7: with a red
    # one it may not lay the W+4, without it the card stands. Seed 0 deals no red
    # card, seed 1 a red 3: neither headline names a dealt card or states either way.
    data = as_json(
        capsys,
        "--rules",
        "official+strict",
        f"top R7; hands W+4 ?3 / ?7 / ?7; seed {seed}",
        "0 play W+4 blue",
    )
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    headline = verdict["headline"]
    assert isinstance(headline, str) and headline.startswith("It depends on seat 0's hand")
    assert "R3" not in headline and "bluff" not in headline
    assert verdict["assumed"] is True
    if seed == 0:
        assert headline == (
            "It depends on seat 0's hand: if seat 0 held a red card, seat 0 may not lay W+4; "
            "otherwise a challenge by seat 1 means seat 1 draws 6 cards and misses the turn; "
            "unchallenged, seat 1 draws 4 cards and misses the turn."
        )


def test_the_bluff_condition_is_the_rule_in_force(capsys: pytest.CaptureFixture[str]) -> None:
    # wd4.no-playable-card: any card that fits makes a Wild Draw Four a bluff, not only
    # a red one on R7, so the headline does not say "a red card".
    said = short(
        capsys,
        "--rules",
        "official+wd4.no-playable-card",
        "top R7; hands W+4 ?3 / ?7 / ?7",
        "0 play W+4 blue",
    )
    assert said.startswith(
        "It depends on seat 0's hand: if seat 0 held a card the restriction forbids, it is a bluff"
    )
    assert "red card" not in said


@pytest.mark.parametrize(
    ("seed", "dealt"),
    [
        # seed 0 deals seat 0 two cards that do not go on R7, seed 2 one that does
        (0, "Yes – seat 0 draws 1 card;"),
        (2, "No – seat 0 may not draw: seat 0 holds a card it can lawfully play"),
    ],
)
def test_a_verdict_that_other_deals_turn_round_says_so_first(
    capsys: pytest.CaptureFixture[str], seed: int, dealt: str
) -> None:
    # house.force-play: seat 0 (B3 and 2 unknown cards on R7) may draw only with no
    # card that fits; whether it holds one rests on the unknown cards.
    said = short(
        capsys,
        "--rules",
        "official+house.force-play",
        f"top R7; hands B3 ?2 / ?4; seed {seed}",
        "0 draw",
    )
    assert said.startswith(f"It depends on cards nobody gave; with them as dealt here: {dealt}")
