"""Faults found by trials: drawing, the drawn card, force-play, the UNO call
and catch, and refusals of a move's form.

Every expected value is worked out by hand from RULES.md: who holds which
cards, whose turn it is, and which rule ID decides.
"""

from __future__ import annotations

import pytest
from helpers import card, cards, rules, sizes

import unorules as ur
from unorules.cli import main
from unorules.notation import parse_moves
from unorules.play.bots import HeuristicBot, RandomBot, play_from


def play(seat: int, code: str, color: ur.Color | None = None, swap: int | None = None) -> ur.Play:
    return ur.Play(seat, card(code), color, swap)


def refused(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.Verdict:
    verdict = ur.explain(state, move)
    assert (verdict.legal, verdict.allowed, verdict.bluff) == (False, False, False), verdict.text
    assert verdict.rule_ids[0] == rule_id, verdict.text
    assert move not in ur.legal_moves(state)
    with pytest.raises(ur.IllegalMove) as err:
        ur.apply(state, move)
    assert err.value.rule_ids[0] == rule_id
    return verdict


def legal(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.Verdict:
    verdict = ur.explain(state, move)
    assert (verdict.legal, verdict.allowed, verdict.bluff) == (True, True, False), verdict.text
    assert rule_id in verdict.rule_ids, verdict.text
    assert move in ur.legal_moves(state)
    assert not ur.check(state, move).void
    assert verdict.state == ur.apply(state, move)
    return verdict


def void(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.Verdict:
    """A call or catch that does not count: judged legal with a reason that
    says so, accepted by apply, which returns the very same state, and not
    listed by legal_moves."""
    verdict = ur.explain(state, move)
    assert (verdict.legal, verdict.allowed, verdict.bluff) == (True, True, False), verdict.text
    assert verdict.rule_ids[0] == rule_id, verdict.text
    assert "does not count" in verdict.reason, verdict.text
    assert ur.check(state, move).void
    assert move not in ur.legal_moves(state)
    after = ur.apply(state, move)
    assert after is state
    assert verdict.state == after
    return verdict


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as e:
        code = int(e.code or 0)
    out, _ = capsys.readouterr()
    return code, out


# --- A1: a bluff is not a card that can be played --------------------------------------


def test_drawn_wild_draw_four_bluff_does_not_fit_under_play_drawn() -> None:
    # Top B4, seat 0 holds G1 B3 and draws W+4: with B3 (blue) in hand the
    # Wild Draw Four would be a bluff (wd4.no-matching-colour), so it does not
    # fit; seat 0 keeps it and the turn passes to seat 1 (house.play-drawn).
    s = ur.situation(
        rules("official+house.play-drawn"),
        ["G1 B3", "Y5 Y6 Y7 Y8 R1", "Y1 Y2 Y3 Y4 R2"],
        top="B4",
        draw_pile="W+4 Y9",
    )
    verdict = legal(s, ur.Draw(0), "house.play-drawn")
    after = verdict.state
    assert after is not None
    assert after.hands[0] == cards("G1 B3 W+4")
    assert (after.current, after.phase, after.drawn) == (1, ur.Phase.TURN, None)
    assert ("house.play-drawn", "the drawn card does not fit: the turn passes") in verdict.effects
    assert not [m for m in ur.legal_moves(after) if getattr(m, "player", None) == 0]
    refused(after, ur.Pass(0), "play.in-turn")


def test_drawn_bluff_does_not_fit_under_the_official_draw() -> None:
    s = ur.situation(rules(), ["G1 B3", "Y5 Y6", "Y1 Y2"], top="B4", draw_pile="W+4 Y9")
    after = ur.apply(s, ur.Draw(0))
    assert after.hands[0] == cards("G1 B3 W+4")
    assert (after.current, after.phase) == (1, ur.Phase.TURN)


def test_drawn_lawful_wild_draw_four_fits() -> None:
    # Holding G1 G3 (no blue) the drawn W+4 is lawful: it fits and, under
    # house.play-drawn, must be played.
    s = ur.situation(
        rules("official+house.play-drawn"), ["G1 G3", "Y5 Y6", "Y1 Y2"], top="B4", draw_pile="W+4"
    )
    after = ur.apply(s, ur.Draw(0))
    assert (after.current, after.phase, after.drawn) == (0, ur.Phase.DRAWN, card("W+4"))
    refused(after, ur.Pass(0), "house.play-drawn")
    own = [m for m in ur.legal_moves(after) if getattr(m, "player", None) == 0]
    assert own == [play(0, "W+4", c) for c in ur.COLORS]


def test_draw_until_playable_draws_past_a_bluff() -> None:
    # W+4 would be a bluff (B3 held), Y9 does not match B4, B7 does: seat 0
    # draws all three and must play B7.
    s = ur.situation(
        rules("official+house.draw-until-playable"),
        ["G1 B3", "Y5 Y6", "Y1 Y2"],
        top="B4",
        draw_pile="W+4 Y9 B7 R1",
    )
    after = ur.apply(s, ur.Draw(0))
    assert after.hands[0] == cards("G1 B3 W+4 Y9 B7")
    assert (after.current, after.phase, after.drawn) == (0, ur.Phase.DRAWN, card("B7"))
    assert after.draw_pile == cards("R1")


def test_a_call_before_a_bluff_is_not_due() -> None:
    # Stacking Wild Draw Fours: seat 1 owes 4 after a W+4 (red named) and holds
    # W+4 R3. Its only play is a bluff (R3 is red), so no call is due; after
    # the bluff it holds R3 without having called, and under uno.call a late
    # call still counts before anyone else plays or draws.
    s = ur.situation(
        rules("official+house.stack-draw-four"),
        ["W+4 G1 G2", "W+4 R3", "Y1 Y2 Y3"],
        top="R7",
        draw_pile="B1 B2 B3 B4 B5 B6 B7 B8 B9",
    )
    s = ur.apply(s, play(0, "W+4", ur.Color.RED))
    assert (s.current, s.phase, s.owed) == (1, ur.Phase.OWE, 4)
    void(s, ur.CallUno(1), "uno.call")
    bluffed = ur.apply(s, play(1, "W+4", ur.Color.GREEN))
    assert bluffed.hands[1] == cards("R3")
    assert bluffed.uno_missed == 1
    legal(bluffed, ur.CallUno(1), "uno.call")


def test_force_play_lets_a_player_draw_whose_only_fit_cannot_go_out() -> None:
    # end.number-card-last: seat 0's only card RS matches R7 but cannot be its
    # last card, so it has no lawful play and house.force-play lets it draw.
    s = ur.situation(
        rules("official+house.force-play+end.number-card-last"),
        ["RS", "B1 B2", "Y1 Y2"],
        top="R7",
        draw_pile="G5",
    )
    refused(s, play(0, "RS"), "end.number-card-last")
    verdict = legal(s, ur.Draw(0), "draw.one-then-may-play")
    assert verdict.reason == "seat 0 has no card it can lawfully play and draws"


# --- A4: when a late UNO call counts ---------------------------------------------------


def window_until_play(spec: str) -> ur.GameState:
    """Seat 0 laid R3 without calling; seat 1 then drew Y1 (no fit on R3)."""
    s = ur.situation(rules(spec), ["R3 R4", "G1 G2"], top="R7", draw_pile="Y1 Y2 Y3 Y4")
    s = ur.apply(s, play(0, "R3"))
    s = ur.apply(s, ur.Draw(1))
    assert (s.current, s.hands[0], s.hands[1]) == (0, cards("R4"), cards("G1 G2 Y1"))
    return s


def test_required_to_win_a_call_a_whole_turn_late_does_not_count() -> None:
    s = window_until_play("official+uno.required-to-win+uno.window-until-play")
    # The draw did not close the window to point it out (uno.window-until-play)...
    assert s.uno_missed == 0
    # ...but a late call counts only until another seat plays or draws (uno.call).
    verdict = void(s, ur.CallUno(0), "uno.call")
    assert "too late" in verdict.reason
    called = ur.apply(s, ur.CallUno(0))
    refusal = refused(called, play(0, "R4"), "uno.required-to-win")
    assert "did not call UNO when it laid its second-to-last card" in refusal.reason
    assert not any("uno" in r for r in refusal.remedy), refusal.remedy
    own = [m for m in ur.legal_moves(called) if getattr(m, "player", None) == 0]
    assert own == [ur.Draw(0)]
    # The missed call can still be pointed out: seat 0 draws 2 (Y2 Y3).
    caught = legal(called, ur.CatchUno(1, 0), "uno.penalty").state
    assert caught is not None
    assert caught.hands[0] == cards("R4 Y2 Y3")


def test_required_to_win_the_cli_case() -> None:
    s = ur.situation(
        rules("official+uno.required-to-win+uno.window-until-play"),
        ["R3 R4", "G1 G2"],
        top="R7",
        draw_pile="Y1",
    )
    for move in parse_moves("0 play R3; 1 draw; 0 uno"):
        s = ur.apply(s, move)
    refused(s, play(0, "R4"), "uno.required-to-win")


def test_late_call_after_the_next_player_drew_does_not_protect() -> None:
    # Without uno.required-to-win the same late call does not protect either:
    # seat 1's catch stands and seat 0 draws 2.
    s = window_until_play("official+uno.window-until-play")
    void(s, ur.CallUno(0), "uno.call")
    caught = ur.apply(ur.apply(s, ur.CallUno(0)), ur.CatchUno(1, 0))
    assert caught.hands[0] == cards("R4 Y2 Y3")


def test_late_call_right_after_the_card_still_counts_to_win() -> None:
    # uno.call: a call after the card landed, before anyone else plays or
    # draws, counts, also for uno.required-to-win.
    spec = "official+uno.required-to-win+uno.window-until-play"
    s = ur.situation(rules(spec), ["R3 R4", "G1 G2"], top="R7", draw_pile="Y1 Y2")
    s = ur.apply(s, play(0, "R3"))
    s = ur.apply(s, ur.CallUno(0))
    s = ur.apply(s, ur.Draw(1))
    assert s.uncalled == ()
    won = legal(s, play(0, "R4"), "end.last-card").state
    assert won is not None and won.winner == 0


def test_uncalled_seat_whose_late_call_still_counts_is_told_so() -> None:
    # Two players: seat 0 lays RS as its second-to-last card without calling
    # and plays again at once (action.skip); nobody else has moved, so under
    # uno.required-to-win it must call before laying its last card, and a
    # call now still counts.
    spec = "official+uno.required-to-win"
    s = ur.situation(rules(spec), ["RS R4", "G1 G2"], top="R7", draw_pile="Y1 Y2")
    s = ur.apply(s, play(0, "RS"))
    assert (s.current, s.uno_missed) == (0, 0)
    verdict = refused(s, play(0, "R4"), "uno.required-to-win")
    assert "a call now (`0 uno`) still counts" in verdict.reason
    called = legal(s, ur.CallUno(0), "uno.call").state
    assert called is not None
    legal(called, play(0, "R4"), "end.last-card")


def test_remedy_names_who_closes_the_window() -> None:
    # Two players: seat 0 lays RS as its second-to-last card without calling
    # and plays again; its own moves do not close the window, seat 1's do.
    s = ur.situation(rules(), ["RS R4 R5", "G1 G2"], top="R7")
    s = ur.apply(s, play(0, "RS"))
    verdict = ur.explain(s, play(0, "R4"))
    assert verdict.state is not None and verdict.state.current == 1
    assert "until another player plays or draws (seat 1 is next)" in verdict.remedy[0]
    skip = ur.explain(ur.situation(rules(), ["RS R4", "G1 G2"], top="R7"), play(0, "RS"))
    assert skip.remedy[0].startswith(
        "until another player plays or draws, a call by seat 0 still counts and any other "
        "player may point out the missed call"
    )
    # The window is said once.
    assert skip.remedy[0].count("until") == 1


def test_remedy_after_a_missed_call_says_whether_a_call_still_counts() -> None:
    table = ["R3 R5", "R9 B1 B2", "G1 G2 G3"]
    official = ur.explain(ur.situation(rules(), table, top="R7"), play(0, "R3"))
    assert official.remedy[0] == (
        "until another player plays or draws (seat 1 is next), a call by seat 0 still counts "
        "and any other player may point out the missed call: then seat 0 would draw 2 cards "
        "[uno.penalty, uno.window-closes]"
    )
    strict = ur.situation(rules("official+uno.call-strict"), table, top="R7")
    assert (
        ur.explain(strict, play(0, "R3"))
        .remedy[0]
        .startswith("a call by seat 0 now comes too late to count")
    )


# --- B11: the rule cited is the one that decided ----------------------------------------


def test_draw_with_nothing_that_fits_cites_the_drawing_rule() -> None:
    s = ur.situation(rules(), ["G3 G4", "B1 B2 B3 B4 B5 B6 B7"], top="R7")
    verdict = legal(s, ur.Draw(0), "draw.one-then-may-play")
    assert verdict.rule_ids[0] == "draw.one-then-may-play"
    assert "draw.allowed-when-playable" not in verdict.rule_ids
    fits = ur.situation(rules(), ["R3 G4", "B1 B2 B3 B4 B5 B6 B7"], top="R7")
    assert ur.explain(fits, ur.Draw(0)).rule_ids[0] == "draw.allowed-when-playable"
    forced = ur.situation(rules("official+house.force-play"), ["G3 G4", "B1 B2"], top="R7")
    verdict = legal(forced, ur.Draw(0), "draw.one-then-may-play")
    assert "house.force-play" not in verdict.rule_ids


def test_a_card_not_held_cites_the_hand() -> None:
    s = ur.situation(rules(), ["R3 G4", "B1 B2"], top="R7")
    verdict = refused(s, play(0, "R9"), "play.match")
    assert verdict.reason == "seat 0 holds no R9"


def test_pass_cites_what_the_player_must_do() -> None:
    s = ur.situation(rules(), ["R+2 G4", "B1 B2", "Y1 Y2"], top="R7", draw_pile="G1 G2 G3")
    owes = ur.apply(s, play(0, "R+2"))
    verdict = refused(owes, ur.Pass(1), "action.draw-two")
    assert "owes 2 cards" in verdict.reason
    refused(s, ur.Pass(0), "draw.one-then-may-play")


def test_other_card_after_drawing_cites_the_rules_in_force() -> None:
    # Under house.force-play, draw.allowed-when-playable is not in force: the
    # drawing rule says only the drawn card may be played.
    s = ur.situation(
        rules("official+house.force-play"), ["G1 G2", "B1 B2"], top="R7", draw_pile="R9"
    )
    drawn = ur.apply(s, ur.Draw(0))
    assert drawn.phase is ur.Phase.DRAWN
    refused(drawn, play(0, "G1"), "draw.one-then-may-play")
    official = ur.apply(
        ur.situation(rules(), ["G1 G2", "B1 B2"], top="R7", draw_pile="R9"), ur.Draw(0)
    )
    refused(official, play(0, "G1"), "draw.allowed-when-playable")


# --- B15: a move refused only for its form ------------------------------------------------


def test_last_seven_with_a_swap_target_gives_the_right_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(
        capsys,
        "explain",
        "--long",
        "--rules",
        "kitchen-table",
        "top R5; hands R7 / B3 B4 / Y1 Y2 Y3 Y4",
        "0 play R7 swap 2",
    )
    assert code == 0
    assert (
        "Verdict: ILLEGAL - a 7 laid as the last card swaps no hands; the play is legal as "
        "0 play R7." in out
    )
    s = ur.situation(rules("kitchen-table"), ["R7", "B3 B4", "Y1 Y2 Y3 Y4"], top="R5")
    refused(s, play(0, "R7", swap=2), "house.seven-zero")
    assert legal(s, play(0, "R7"), "end.last-card").state is not None
    # When the card itself cannot be laid, that is the reason given.
    off = ur.situation(rules("kitchen-table"), ["R7", "B3 B4", "Y1 Y2 Y3 Y4"], top="B5")
    verdict = refused(off, play(0, "R7", swap=2), "play.match")
    assert "form" not in verdict.reason


def test_seven_without_a_target_gives_the_right_form() -> None:
    s = ur.situation(rules("official+house.seven-zero"), ["R7 R1 B2", "Y1 Y2", "G1"], top="R5")
    verdict = refused(s, play(0, "R7"), "house.seven-zero")
    assert verdict.reason == (
        "the move is incomplete: laying R7 the player must name a seat to swap hands with, "
        "e.g. `0 play R7 swap 1`"
    )
    verdict = refused(s, play(0, "R7", swap=0), "house.seven-zero")
    assert "cannot swap hands with themselves" in verdict.reason
    verdict = refused(s, play(0, "R1", swap=1), "house.seven-zero")
    assert verdict.reason.endswith("; the play is legal as `0 play R1`")


def test_colour_named_or_missing_gives_the_right_form() -> None:
    s = ur.situation(rules(), ["R3 W G1", "B1 B2"], top="R7")
    verdict = refused(s, play(0, "R3", ur.Color.BLUE), "action.wild")
    assert verdict.reason == (
        "R3 is not a wild card: no colour is named with it; the play is legal as `0 play R3`"
    )
    verdict = refused(s, play(0, "W"), "action.wild")
    assert (
        verdict.reason
        == "the move is incomplete: a colour must be named with W, e.g. `0 play W red`"
    )
    # A Wild Draw Four while holding R3 (red in force) would be a bluff.
    bluffing = ur.situation(rules(), ["R3 W+4 G1", "B1 B2"], top="R7")
    verdict = refused(bluffing, play(0, "W+4"), "action.wild-draw-four")
    assert verdict.reason == (
        "the move is incomplete: a colour must be named with W+4, e.g. `0 play W+4 red`; however "
        "it is completed, it is a bluff: a Wild Draw Four may not be laid while holding R3 "
        "(red, the colour in force); it stands unless challenged"
    )


def test_count_gives_the_right_form() -> None:
    s = ur.situation(rules(), ["R3 R3 G1", "B1 B2"], top="R7")
    verdict = refused(s, ur.Play(0, card("R3"), count=2), "play.one-card")
    assert verdict.reason == "only one card may be laid per turn; the play is legal as `0 play R3`"
    multi = ur.situation(rules("official+house.multiple-identical"), ["R3 G1", "B1 B2"], top="R7")
    verdict = refused(multi, ur.Play(0, card("R3"), count=2), "play.match")
    assert verdict.reason == "seat 0 holds only 1 R3; the play is legal as `0 play R3`"


def test_jump_in_with_two_copies_gives_the_right_form() -> None:
    # Eleven seats, two decks: seat 2 holds two G4 on the top G4. One may
    # jump in (house.jump-in), not both at once, even with
    # house.multiple-identical.
    spec = "official+deck.two-decks+house.jump-in+house.multiple-identical"
    hands = ["R1 R2", "B1 B2", "G4 G4 Y1", *(f"Y{k} B{k}" for k in range(1, 9))]
    s = ur.situation(rules(spec), hands, top="G4")
    verdict = refused(s, ur.Play(2, card("G4"), count=2), "house.jump-in")
    assert verdict.reason.endswith("; the play is legal as `2 play G4`")
    legal(s, play(2, "G4"), "house.jump-in")


def test_own_catch_names_the_call() -> None:
    s = ur.apply(ur.situation(rules(), ["R3 R5", "B1 B2", "G1 G2"], top="R7"), play(0, "R3"))
    verdict = refused(s, ur.CatchUno(0, 0), "uno.penalty")
    assert "`0 uno`" in verdict.reason


# --- C18: calls and catches that do not count are judged, and play goes on -------------


def test_strict_late_call_does_not_count_and_the_catch_stands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(
        capsys,
        "explain",
        "--long",
        "--rules",
        "official+uno.call-strict",
        "top R7; hands R3 R5 / G1 G2 / B1 B2; draw Y1 Y2 Y3",
        "0 play R3; 0 uno; 2 catch 0",
    )
    assert code == 0
    assert "2. 0 uno: no effect. seat 0 calls UNO; the call does not count" in out
    assert "Verdict: LEGAL - seat 0 holds one card and has not called UNO." in out
    assert "seat 0 draws 2 cards: seat 2 caught the missed UNO call [uno.penalty]" in out
    assert "not applied" not in out


def uno_table(spec: str = "official") -> ur.GameState:
    """Seat 0 holds R3 R5 on R7, about to lay its second-to-last card."""
    return ur.situation(
        rules(spec), ["R3 R5", "R9 B1 B2", "G1 G2 G3"], top="R7", draw_pile="Y1 Y2 Y3 Y4 Y5"
    )


def test_calls_that_do_not_count() -> None:
    s = uno_table("official+uno.call-strict")
    missed = ur.apply(s, play(0, "R3"))
    verdict = void(missed, ur.CallUno(0), "uno.call-strict")
    assert "had to come before the second-to-last card landed" in verdict.reason
    # A call by a seat holding three cards.
    assert "no UNO call due" in void(s, ur.CallUno(1), "uno.call-strict").reason
    # A second call.
    called = ur.apply(s, ur.CallUno(0))
    assert "already called" in void(called, ur.CallUno(0), "uno.call-strict").reason
    # A call after the window closed (seat 1 played R9).
    closed = ur.apply(missed, play(1, "R9"))
    assert closed.uncalled == (0,)
    assert "too late" in void(closed, ur.CallUno(0), "uno.call-strict").reason


def test_catches_that_do_not_count() -> None:
    s = uno_table()
    # Seat 0 called in time and laid R3.
    in_time = ur.apply(ur.apply(s, ur.CallUno(0)), play(0, "R3"))
    assert "called UNO in time" in void(in_time, ur.CatchUno(2, 0), "uno.call").reason
    # Seat 1 holds three cards.
    assert "holds 3 cards" in void(in_time, ur.CatchUno(2, 1), "uno.penalty").reason
    # The window closed when seat 1 played.
    missed = ur.apply(s, play(0, "R3"))
    closed = ur.apply(missed, play(1, "R9"))
    void(closed, ur.CatchUno(2, 0), "uno.window-closes")
    assert sizes(ur.apply(closed, ur.CatchUno(2, 0))) == (1, 2, 3)
    # Caught once: a second catch changes nothing.
    caught = ur.apply(missed, ur.CatchUno(2, 0))
    assert caught.hands[0] == cards("R5 Y1 Y2")
    void(caught, ur.CatchUno(1, 0), "uno.penalty")


def test_false_call_still_costs_and_a_late_one_does_not() -> None:
    s = uno_table("official+uno.false-call")
    called = legal(s, ur.CallUno(1), "uno.false-call").state
    assert called is not None and called.hands[1] == cards("R9 B1 B2 Y1 Y2")
    # Holding one card after a closed window is no false call: it does not count.
    closed = ur.apply(ur.apply(s, play(0, "R3")), play(1, "R9"))
    void(closed, ur.CallUno(0), "uno.call")


def test_void_moves_are_not_listed_and_bots_play_on() -> None:
    s = ur.apply(uno_table("official+uno.call-strict"), play(0, "R3"))
    listed = ur.legal_moves(s)
    assert ur.CallUno(0) not in listed
    assert ur.CatchUno(1, 0) in listed and ur.CatchUno(2, 0) in listed
    for seed in range(5):
        bots = [HeuristicBot(), RandomBot(seed), RandomBot(seed + 10)]
        final = play_from(s, bots)
        assert final.round_over
