"""RLCard's UNO games as game records (``unorules.adapters.rlcard``).

First small games written by hand, whose records and findings are worked
out from the deal and RLCard's code (``rlcard/games/uno/round.py``) by hand;
then RLCard itself (skipped without rlcard): its games from fixed seeds,
converted and checked, every finding filed under its cause."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import pytest

import unorules as ur
from unorules.adapters.rlcard import (
    RLCARD_RULES,
    SEED_STEP,
    RLCardError,
    RLCardGame,
    StopKind,
    convert,
    play_rlcard_games,
    record_rlcard_games,
    to_card,
)
from unorules.moves import CallUno, Draw, Pass, Play
from unorules.record_check import Finding, FindingKind, check_record

# RLCard's 108 cards as its init_deck makes them: per colour one 0, two of
# 1-9, skip, reverse, draw_2, and one wild and one wild_draw_4 (whose colour
# letter means nothing).
_NO_RLCARD = "RLCard is not installed (the test extra has it): pip install -e '.[test]'"

_TRAITS = ["0", *[str(n) for n in range(1, 10)] * 2, *["skip", "reverse", "draw_2"] * 2]
FULL = [f"{c}-{t}" for c in "rgby" for t in [*_TRAITS, "wild", "wild_draw_4"]]


def game(
    hands: Sequence[Sequence[str]],
    start: str,
    top: Sequence[str] = (),
    actions: Sequence[str] = (),
    colours: Sequence[str] = (),
) -> RLCardGame:
    """A game whose deck has ``top`` to be drawn first, in that order, and
    the rest of the 108 cards below."""
    used = Counter(to_card(c)[0] for c in [*(c for h in hands for c in h), start, *top])
    rest = []
    for text in FULL:
        card = to_card(text)[0]
        if used[card]:
            used[card] -= 1
        else:
            rest.append(text)
    assert not +used, used
    return RLCardGame(
        players=len(hands),
        hands=hands,
        start=start,
        deck=[*rest, *reversed(top)],
        actions=actions,
        colours=colours,
    )


def moves(conversion_record: ur.Record) -> list[str]:
    return [str(m) for m in conversion_record.rounds[0].moves]


BLUES = ["b-2", "b-3", "b-4", "b-5", "b-6", "g-8", "g-6"]
GREENS = ["g-1", "g-2", "g-3", "g-4", "g-5", "b-1", "y-1"]


# --------------------------------------------------------------------------- by hand


def test_the_deck_is_dealt_round_by_round_and_a_draw_two_start_card_still_lets_player_0_play() -> (
    None
):
    # RLCard: player 0 takes B9 Y9 for the start card's Draw Two and still
    # plays R5 (perform_top_card). The rules: seat 0 takes them and seat 1
    # plays (start.draw-two), so R5 is out of turn.
    h0 = ["r-5", "b-1", "b-2", "g-3", "g-4", "y-6", "y-8"]
    h1 = ["g-1", "g-2", "b-3", "b-4", "y-1", "y-2", "y-3"]
    conv = convert(game([h0, h1], "r-draw_2", ["b-9", "y-9"], ["r-5"]))
    rnd = conv.record.rounds[0]
    assert conv.record.rules == RLCARD_RULES
    assert rnd.dealer == 1 and conv.seats == (0, 1)
    assert " ".join(c.code for c in rnd.deck[:17]) == (
        "R5 G1 B1 G2 B2 B3 G3 B4 G4 Y1 Y6 Y2 Y8 Y3 R+2 B9 Y9"
    )
    assert len(rnd.deck) == 108
    assert moves(conv.record) == ["0 play R5"]
    report = check_record(conv.record)
    (f,) = report.findings
    assert (f.kind, f.move, f.seat, f.rule_ids[0]) == (FindingKind.ILLEGAL, 1, 0, "play.in-turn")
    assert sorted(c.code for c in f.before.hands[0]) == sorted(
        ["R5", "B1", "B2", "G3", "G4", "Y6", "Y8", "B9", "Y9"]
    )


def test_a_drawn_card_that_fits_by_number_is_kept_by_rlcard_and_the_pass_is_refused() -> None:
    # On R7, player 0 (no red, no 7, no wild) draws Y7: RLCard plays a drawn
    # card only of the colour in force, so keeps it; the rules play it
    # (house.play-drawn). Player 1 draws B9, which fits nothing: no pass.
    h0 = ["b-1", "b-2", "b-3", "b-4", "b-5", "b-6", "g-8"]
    h1 = ["g-1", "g-2", "g-3", "g-4", "g-5", "g-6", "y-1"]
    conv = convert(game([h0, h1], "r-7", ["y-7", "b-9"], ["draw", "draw"]))
    assert moves(conv.record) == ["0 draw", "0 pass", "1 draw"]
    assert conv.stop is None
    (f,) = check_record(conv.record).findings
    assert (f.kind, f.move, f.seat, f.rule_ids) == (
        FindingKind.ILLEGAL,
        2,
        0,
        ("house.play-drawn",),
    )


def test_owed_cards_and_a_drawn_card_of_the_colour_in_force_are_moves_of_their_own() -> None:
    # Player 0 lays R+2: RLCard deals player 1 Y2 Y3 at once and player 0
    # plays again (two players); with nothing to play player 0 draws R9,
    # red, which RLCard lays by itself; player 1 draws B7 and keeps it.
    h0 = ["r-draw_2", "b-2", "b-3", "b-4", "b-5", "b-6", "g-8"]
    h1 = ["g-1", "g-2", "g-3", "g-4", "g-5", "g-6", "y-1"]
    conv = convert(
        game([h0, h1], "r-7", ["y-2", "y-3", "r-9", "b-7"], ["r-draw_2", "draw", "draw"])
    )
    assert moves(conv.record) == ["0 play R+2", "1 draw", "0 draw", "0 play R9", "1 draw"]
    report = check_record(conv.record)
    assert report.findings == () and report.unfinished_rounds == (1,)
    last = ur.replay(conv.record)[0][-1]
    assert sorted(c.code for c in last.hands[1]) == sorted(
        ["G1", "G2", "G3", "G4", "G5", "G6", "Y1", "Y2", "Y3", "B7"]
    )
    assert (last.top.code, last.current, len(last.hands[0])) == ("R9", 0, 6)


def test_a_drawn_wild_draw_four_played_by_rlcard_makes_nobody_draw() -> None:
    # _perform_draw_action lays a drawn wild card with a random colour (here
    # blue) and passes the turn without the Wild Draw Four's effect: player 1
    # plays B1 where the rules have them take four cards first.
    conv = convert(game([BLUES, GREENS], "r-7", ["y-wild_draw_4"], ["draw", "b-1"], ["b"]))
    assert moves(conv.record) == ["0 draw", "0 play W+4 blue", "1 play B1"]
    (f,) = check_record(conv.record).findings
    assert (f.kind, f.move, f.seat, f.rule_ids[0]) == (
        FindingKind.ILLEGAL,
        3,
        1,
        "action.wild-draw-four",
    )
    # When player 1 draws instead, RLCard deals one card where the rules deal
    # the four owed: the record ends before that move.
    conv = convert(game([BLUES, GREENS], "r-7", ["y-wild_draw_4"], ["draw", "draw"], ["b"]))
    assert moves(conv.record) == ["0 draw", "0 play W+4 blue"]
    assert conv.stop is not None
    assert (conv.stop.kind, conv.stop.step, conv.stop.move) == (StopKind.DEBT_NOT_DRAWN, 2, 3)
    report = check_record(conv.record)
    assert report.findings == () and report.unfinished_rounds == (1,)


def test_a_reverse_with_two_players_passes_the_turn_in_rlcard() -> None:
    # RLCard turns the direction and moves on: player 1 plays. The rules
    # (action.two-player-reverse): the Reverse acts as a Skip, seat 0 again.
    h0 = ["r-reverse", *BLUES[1:]]
    h1 = ["r-1", *GREENS[1:]]
    conv = convert(game([h0, h1], "r-7", [], ["r-reverse", "r-1"]))
    assert moves(conv.record) == ["0 play RR", "1 play R1"]
    (f,) = check_record(conv.record).findings
    assert (f.move, f.seat, f.rule_ids[0]) == (2, 1, "play.in-turn")


def test_seats_can_be_turned_and_four_players_reverse_as_the_rules_do() -> None:
    # Player i at seat (2 + i) % 4: seat 1 deals, RLCard's player 0 (seat 2)
    # plays first and gets the first card of the deck. After its Reverse,
    # RLCard's player 3 (seat 1) plays, as the rules have it.
    hands = [
        ["r-reverse", "b-2", "b-3", "b-4", "b-5", "b-6", "g-8"],
        ["g-1", "g-2", "g-3", "g-4", "g-5", "g-6", "y-1"],
        ["y-2", "y-3", "y-4", "y-5", "y-6", "y-8", "y-9"],
        ["r-1", "b-7", "b-8", "b-9", "g-7", "g-9", "y-7"],
    ]
    conv = convert(game(hands, "r-7", [], ["r-reverse", "r-1"]), first_seat=2)
    rnd = conv.record.rounds[0]
    assert conv.seats == (2, 3, 0, 1) and rnd.dealer == 1
    assert [c.code for c in rnd.deck[:4]] == ["RR", "G1", "Y2", "R1"]
    assert moves(conv.record) == ["2 play RR", "1 play R1"]
    report = check_record(conv.record)
    assert report.findings == ()
    assert sorted(c.code for c in ur.replay(conv.record)[0][-1].hands[1]) == sorted(
        ["B7", "B8", "B9", "G7", "G9", "Y7"]
    )


def test_a_wild_start_card_is_the_first_players_colour() -> None:
    h0 = ["g-1", *BLUES[1:]]
    conv = convert(game([h0, GREENS], "g-wild", [], ["g-1"]))
    assert moves(conv.record) == ["0 color green", "0 play G1"]
    assert check_record(conv.record).findings == ()


@pytest.mark.parametrize(
    ("actions", "colours", "error"),
    [
        (["r-8x"], [], r"step 1 \('r-8x', player 0\): 'r-8x' is no RLCard card"),
        (["b-9"], [], r"step 1 \('b-9', player 0\): player 0 holds no B9 \(their hand: B2 "),
        (["draw"], [], r"step 1 \('draw', player 0\): RLCard plays the drawn W\+4 .* no more"),
        (["draw"], ["x"], r"step 1 \('draw', player 0\): 'x' is no RLCard colour"),
    ],
)
def test_actions_that_do_not_fit_are_errors_naming_the_step(
    actions: list[str], colours: list[str], error: str
) -> None:
    with pytest.raises(RLCardError, match=error):
        convert(game([BLUES, GREENS], "r-7", ["y-wild_draw_4"], actions, colours))


def test_a_deal_that_is_no_rlcard_deal_is_an_error() -> None:
    with pytest.raises(RLCardError, match="2 hands of 7 cards; this one has 7, 6"):
        convert(game([BLUES, GREENS[:6]], "r-7"))
    with pytest.raises(RLCardError, match="hold 16 cards, not the 108 of RLCard's deck"):
        convert(RLCardGame(players=2, hands=[BLUES, GREENS], start="r-7", deck=["r-1"]))
    with pytest.raises(RLCardError, match="start card is a Wild Draw Four"):
        convert(game([BLUES, GREENS], "r-wild_draw_4"))
    done = game([BLUES, GREENS], "r-7", [], ["draw"])
    with pytest.raises(RLCardError, match="unknown colors"):
        RLCardGame.from_dict({**done.to_dict(), "colors": []})
    assert RLCardGame.from_dict(done.to_dict()) == done


# --------------------------------------------------------------------------- RLCard


def _drive(players: int, s: int) -> tuple[list[str], set[str], list[Counter[str]]]:
    """One RLCard game as play_rlcard_games plays it, watched from outside:
    its actions, the situations in which its rules leave the rule set, and
    its final hands (as unorules codes)."""
    from numpy.random import RandomState
    from rlcard.games.uno.game import UnoGame

    rr = random.Random(s).random
    g = UnoGame(num_players=players)
    g.np_random = RandomState(s % 2**32)
    g.init_game()
    seen: set[str] = set()
    if g.round.target.trait == "draw_2":
        seen.add("draw-two start")
    actions: list[str] = []
    try:
        while not g.is_over():
            acts = g.get_legal_actions()
            action = acts[int(rr() * len(acts))]
            p = g.round.current_player
            target, size, played = g.round.target, len(g.players[p].hand), len(g.round.played_cards)
            g.step(action)
            actions.append(action)
            if len(g.round.played_cards) < played:
                seen.add("reshuffle")
            if action == "draw":
                if len(g.players[p].hand) > size:
                    kept = g.players[p].hand[-1]
                    if target.type != "wild" and kept.trait == target.trait:
                        seen.add("drawn card kept")
                elif g.round.target.trait == "wild_draw_4":
                    seen.add("drawn wild draw four")
            last = g.round.played_cards[-1] if g.round.played_cards else None
            if (
                players == 2
                and last is not None
                and last.trait == "reverse"
                and (action != "draw" or len(g.players[p].hand) == size)
            ):
                seen.add("two-player reverse")
    except IndexError:
        seen.add("aborted")
    hands = [Counter(to_card(c.str)[0].code for c in pl.hand) for pl in g.players]
    return actions, seen, hands


CAUSES = {
    "draw-two start": "play.in-turn",
    "two-player reverse": "play.in-turn",
    "drawn card kept": "house.play-drawn",
    "drawn wild draw four": "action.wild-draw-four",
}


def _cause(f: Finding, record: ur.Record) -> str:
    """What in RLCard's code the finding comes from, from the record alone."""
    move = record.rounds[0].moves[f.move - 1]
    # The moves before it, the latest first, UNO calls left out.
    ms = [m for m in record.rounds[0].moves[: f.move - 1] if not isinstance(m, CallUno)][::-1]
    before = ms[0] if ms else None
    top = f.before.top
    if f.kind is FindingKind.UNO:
        return "no uno call"
    if f.rule_ids[0] == "play.in-turn":
        first = (record.rounds[0].dealer or 0) + 1
        if f.move == 1 and top.face is ur.Face.DRAW_TWO and f.seat == first % record.players:
            return "draw-two start"
        if (
            record.players == 2
            and isinstance(before, Play)
            and before.card.face is ur.Face.REVERSE
            and before.player != f.seat
        ):
            return "two-player reverse"
    if f.rule_ids == ("house.play-drawn",) and isinstance(move, Pass):
        assert isinstance(before, Draw) and before.player == move.player
        drawn = f.before.drawn
        if drawn is not None and drawn.face is top.face and drawn.color is not f.before.color:
            return "drawn card kept"
    if f.rule_ids[0] == "action.wild-draw-four" and isinstance(before, Play):
        earlier = ms[1]
        if (
            before.card.face is ur.Face.WILD_DRAW_FOUR
            and isinstance(earlier, Draw)
            and earlier.player == before.player
        ):
            return "drawn wild draw four"
    return f"unknown: {f.kind.value} {f.rule_ids} at move {f.move} ({move})"


@pytest.mark.parametrize(("players", "games"), [(2, 200), (4, 200), (10, 100)])
def test_rlcard_games_check_clean_but_where_rlcard_leaves_the_rules(
    players: int, games: int
) -> None:
    pytest.importorskip("rlcard", reason=_NO_RLCARD)
    recorded = play_rlcard_games(games, players, seed=0)
    causes: Counter[str] = Counter()
    stops: Counter[StopKind] = Counter()
    clean = reshuffled = 0
    for i, g in enumerate(recorded):
        actions, seen, rl_hands = _drive(players, i)
        assert list(g.actions) == actions
        with_calls = convert(g, uno_calls=True)
        without = convert(g)
        report = check_record(with_calls.record)
        plain = check_record(without.record)
        # RLCard has no UNO call: without the calls, each missing one is a
        # finding (nobody catches), and nothing else changes.
        assert all(f.rule_ids[0] == "uno.call" for f in plain.findings if f.kind is FindingKind.UNO)
        assert [(f.kind, f.rule_ids) for f in report.findings] == [
            (f.kind, f.rule_ids) for f in plain.findings if f.kind is not FindingKind.UNO
        ]
        for f in report.findings:
            cause = _cause(f, with_calls.record)
            assert cause in CAUSES, f"game {i}: {cause}"
            assert cause in seen, f"game {i}: {cause}, RLCard showed {seen}"
            causes[cause] += 1
        stop = with_calls.stop
        if stop is not None:
            stops[stop.kind] += 1
            if stop.kind is StopKind.DEBT_NOT_DRAWN:
                assert "drawn wild draw four" in seen
            elif stop.kind is StopKind.ABORTED:
                assert "aborted" in seen
            else:
                assert "reshuffle" in seen
        departs = bool(seen & {*CAUSES, "aborted"}) or stop is not None
        # Clean and played out exactly when RLCard never left the rules.
        assert (report.clean and report.unfinished_rounds == ()) == (not departs), f"game {i}"
        if not departs:
            # ... and then the round ends with RLCard's hands.
            assert plain.findings and {f.kind for f in plain.findings} == {FindingKind.UNO}
            last = ur.replay(with_calls.record)[0][-1]
            assert last.round_over
            assert [Counter(c.code for c in h) for h in last.hands] == rl_hands, f"game {i}"
            clean += 1
            reshuffled += last.reshuffles > 0
    assert clean > 0
    assert causes["draw-two start"] > 0 and causes["drawn card kept"] > 0
    assert causes["drawn wild draw four"] > 0
    assert (causes["two-player reverse"] > 0) == (players == 2)
    if players == 10:
        # Reshuffles: RLCard's cards drawn as it drew them, to the end of the
        # round, and the ends where the rules cannot follow it.
        assert reshuffled > 0
        assert stops[StopKind.TOP_CARD_REDEALT] > 0 and stops[StopKind.DECK_REMAINDER] > 0


def test_reshuffles_that_do_not_fit_are_errors_naming_the_step() -> None:
    pytest.importorskip("rlcard", reason=_NO_RLCARD)
    g = next(g for g in play_rlcard_games(40, 10, seed=0) if g.reshuffles)
    no_more = r"^step \d+ \('[a-z_0-9-]+'\): RLCard shuffles .* no more reshuffle orders"
    with pytest.raises(RLCardError, match=no_more):
        convert(attrs.evolve(g, reshuffles=()))
    first = list(g.reshuffles[0])
    wrong = "r-1" if to_card(first[0])[0].code != "R1" else "r-2"
    bad = attrs.evolve(g, reshuffles=[[wrong, *first[1:]], *g.reshuffles[1:]])
    with pytest.raises(RLCardError, match=r"^step \d+: reshuffle 1 of the game does not hold"):
        convert(bad)


def test_play_rlcard_games_plays_from_the_seeds_as_the_benchmark_does() -> None:
    pytest.importorskip("rlcard", reason=_NO_RLCARD)
    (g,) = play_rlcard_games(1, 3, seed=5)
    actions, _, _ = _drive(3, 5 * SEED_STEP)
    assert list(g.actions) == actions and g.players == 3


def test_an_action_after_the_last_card_is_an_error() -> None:
    # Player 0 lays R8 R6 R5 R4 R3 R2 R1; player 1, with no red and no
    # number, draws after each and keeps what it draws (B7 on R8, Y7 on R6,
    # B9 on R5, Y9 on R4, Y8 on R3, B8 on R2: none of the colour in force nor
    # of the number). R1 is player 0's last card, at step 13.
    h0 = ["r-8", "r-6", "r-5", "r-4", "r-3", "r-2", "r-1"]
    h1 = ["g-0", "b-0", "y-0", "g-skip", "b-skip", "y-skip", "g-reverse"]
    top = ["b-7", "y-7", "b-9", "y-9", "y-8", "b-8"]
    actions = [a for card in h0[:-1] for a in (card, "draw")] + ["r-1"]
    conv = convert(game([h0, h1], "r-9", top, actions))
    assert moves(conv.record)[-3:] == ["0 play R2", "1 draw", "0 play R1"]
    # Laying R2 (move 11) left player 0 one card without a UNO call, and
    # player 1's draw (move 12) closed the window to catch it.
    (f,) = check_record(conv.record).findings
    assert (f.kind, f.move, f.seat, f.closed_by_move) == (FindingKind.UNO, 11, 0, 12)
    assert f.rule_ids == ("uno.call", "uno.penalty", "uno.window-closes")
    conv = convert(game([h0, h1], "r-9", top, actions), uno_calls=True)
    assert moves(conv.record)[-4:] == ["0 play R2", "0 uno", "1 draw", "0 play R1"]
    report = check_record(conv.record)
    assert report.findings == () and report.clean and report.unfinished_rounds == ()
    assert sorted(c.code for c in ur.replay(conv.record)[0][-1].hands[1]) == sorted(
        ["G0", "B0", "Y0", "GS", "BS", "YS", "GR", "B7", "Y7", "B9", "Y9", "Y8", "B8"]
    )
    with pytest.raises(RLCardError, match=r"^step 14 \('draw'\): the round is over: player 0 "):
        convert(game([h0, h1], "r-9", top, [*actions, "draw"]))


def test_a_game_dealt_from_rlcards_deck_order() -> None:
    # RLCard pops from the end of its list: player 0 gets the last seven
    # cards (the last first), player 1 the seven before, then the start card.
    g = game([BLUES, GREENS], "r-7", ["y-2"], ["draw"])
    order = [*g.deck, "r-7", *reversed(GREENS), *reversed(BLUES)]
    dealt = RLCardGame.dealt_from(2, order, actions=["draw"])
    assert dealt == g
    wild = [*g.deck, "b-wild", *reversed(GREENS), *reversed(BLUES)]
    assert RLCardGame.dealt_from(2, wild, start_colour="y").start == "y-wild"
    with pytest.raises(RLCardError, match="give the colour RLCard named for it"):
        RLCardGame.dealt_from(2, wild)
    four = [*g.deck, "b-wild_draw_4", *reversed(GREENS), *reversed(BLUES)]
    with pytest.raises(RLCardError, match="shuffles the deck again"):
        RLCardGame.dealt_from(2, four)
    with pytest.raises(
        RLCardError, match=r"^RLCard deals from its deck of 108 cards; the deck given holds 107$"
    ):
        RLCardGame.dealt_from(2, order[1:])
    with pytest.raises(RLCardError, match=r"^players: RLCard plays with 2 to 10 players, not 11$"):
        RLCardGame.dealt_from(11, order)


def test_dealt_from_deals_as_rlcards_dealer() -> None:
    pytest.importorskip("rlcard", reason=_NO_RLCARD)
    from numpy.random import RandomState
    from rlcard.games.uno import Dealer

    games = play_rlcard_games(30, 3, seed=0)
    compared = 0
    for i, g in enumerate(games):
        deck = [c.str for c in Dealer(RandomState(i % 2**32)).deck]
        if to_card(deck[-22])[0].face is ur.Face.WILD_DRAW_FOUR:
            continue  # RLCard shuffled again for the start card
        colour = g.start[0] if g.start.endswith("-wild") else None
        dealt = RLCardGame.dealt_from(3, deck, start_colour=colour)
        assert (dealt.hands, dealt.deck) == (g.hands, g.deck)
        assert to_card(dealt.start) == to_card(g.start)
        compared += 1
    assert compared >= 25


def test_108_cards_that_are_not_rlcards_deck_say_which_cards_are_wrong() -> None:
    # One R1 of the deck replaced by a third G1: still 108 cards.
    g = game([BLUES, GREENS], "r-7")
    deck = list(g.deck)
    deck[deck.index("r-1")] = "g-1"
    with pytest.raises(RLCardError) as caught:
        convert(attrs.evolve(g, deck=deck))
    assert str(caught.value) == (
        "the hands, start card and deck hold 108 cards, as many as RLCard's deck, but not "
        "its cards (too many: 3 x G1 (RLCard has 2); missing: 1 x R1)"
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"players": "2"},
            "RLCardGame players must be a whole number (an int) from 2 to 10, not '2' of type str",
        ),
        (
            {"players": True},
            "RLCardGame players must be a whole number (an int) from 2 to 10, "
            "not True of type bool",
        ),
        ({"players": 1}, "RLCardGame players: RLCard plays with 2 to 10 players, not 1"),
        (
            {"start": 7},
            "RLCardGame start: give a card string such as 'r-7' or 'g-wild', not 7 of type int",
        ),
        ({"deck": "r-1 r-2"}, "RLCardGame deck: give a list of strings, not 'r-1 r-2' of type str"),
        ({"deck": None}, "RLCardGame deck: give a list of strings, not None of type NoneType"),
        ({"deck": ["r-1", 2]}, "RLCardGame deck: entry 1 is 2 of type int, not a string"),
        (
            {"hands": ["r-1"] * 2},
            "RLCardGame hands[0]: give a list of strings, not 'r-1' of type str",
        ),
        ({"hands": 7}, "RLCardGame hands: give a list of lists of card strings, not 7 of type int"),
        ({"actions": "draw"}, "RLCardGame actions: give a list of strings, not 'draw' of type str"),
        (
            {"reshuffles": [["r-1", None]]},
            "RLCardGame reshuffles[0]: entry 1 is None of type NoneType",
        ),
        ({"colours": "r"}, "RLCardGame colours: give a list of strings, not 'r' of type str"),
        ({"aborted": "no"}, "RLCardGame aborted: give True or False, not 'no' of type str"),
    ],
)
def test_rlcard_game_fields_of_the_wrong_type_are_named(
    fields: dict[str, object], message: str
) -> None:
    data: dict[str, object] = {
        "players": 2,
        "hands": [BLUES, GREENS],
        "start": "r-7",
        "deck": ["r-1"],
        **fields,
    }
    with pytest.raises(RLCardError) as caught:
        RLCardGame(**data)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)
    with pytest.raises(RLCardError, match=r"^" + re.escape(message)):
        RLCardGame.from_dict(data)


def test_convert_and_to_card_arguments_of_the_wrong_type_are_named() -> None:
    g = game([BLUES, GREENS], "r-7")
    with pytest.raises(
        RLCardError,
        match=r"^convert: game must be an RLCardGame \(read a dict with RLCardGame.from_dict\), "
        r"not \{",
    ):
        convert(g.to_dict())  # type: ignore[arg-type]
    with pytest.raises(
        RLCardError,
        match=r"^convert: first_seat must be a whole number \(an int\), not '1' of type str$",
    ):
        convert(g, first_seat="1")  # type: ignore[arg-type]
    with pytest.raises(
        RLCardError, match=r"^convert: first_seat must be .*, not True of type bool$"
    ):
        convert(g, first_seat=True)
    with pytest.raises(
        RLCardError, match=r"^convert: uno_calls must be True or False, not 1 of type int$"
    ):
        convert(g, uno_calls=1)  # type: ignore[arg-type]
    with pytest.raises(
        RLCardError, match=r"^an RLCard game's data is a dict .*, not \['r-1'\] of type list$"
    ):
        RLCardGame.from_dict(["r-1"])  # type: ignore[arg-type]
    with pytest.raises(
        RLCardError,
        match=r"^the deck: an RLCard card is a string such as 'r-7' or 'b-wild', "
        r"not 7 of type int$",
    ):
        to_card(7, "the deck")  # type: ignore[arg-type]
    with pytest.raises(
        RLCardError,
        match=r"^start_colour: give a colour letter r, g, b or y, or None, not 1 of type int$",
    ):
        RLCardGame.dealt_from(2, FULL, start_colour=1)  # type: ignore[arg-type]
    assert convert(g, first_seat=1).seats == (1, 0)  # the right types still convert


def test_reshuffles_or_colours_left_over_at_the_end_do_not_fit_the_deal() -> None:
    g = game([BLUES, GREENS], "r-7")
    assert convert(g).stop is None
    with pytest.raises(
        RLCardError,
        match=r"^the game gives 1 reshuffle order\(s\), but RLCard shuffles its discard pile 0 "
        r"time\(s\) in its 0 actions: 1 left over, which do not fit the deal$",
    ):
        convert(attrs.evolve(g, reshuffles=[FULL]))
    with pytest.raises(
        RLCardError,
        match=r"^the game gives 2 colour\(s\) RLCard named for drawn wild cards, but only 0 "
        r"were used in its 0 actions: 2 left over \(r g\)$",
    ):
        convert(attrs.evolve(g, colours=["r", "g"]))
    # A game RLCard could not finish may stop before its last orders are used.
    assert convert(attrs.evolve(g, colours=["r"], aborted=True)).stop is not None


def test_a_reshuffle_for_the_last_draw_two_after_going_out_is_used() -> None:
    pytest.importorskip("rlcard", reason=_NO_RLCARD)
    # Ten players, seed 0: a game whose last card, a draw card, makes RLCard
    # shuffle its discard pile to deal the cards owed.
    found = [
        g
        for g in play_rlcard_games(100, 10, seed=0)
        if not g.aborted and g.reshuffles and convert(g).stop is None
    ]
    assert any(g.actions[-1].endswith(("draw_2", "wild_draw_4")) for g in found)
    for g in found:
        convert(g)  # no reshuffle left over
        with pytest.raises(RLCardError, match=r"1 left over, which do not fit the deal$"):
            convert(attrs.evolve(g, reshuffles=[*g.reshuffles, g.reshuffles[-1]]))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"deck": {"r-1": 1}}, "RLCardGame deck: give a list of strings, not {'r-1': 1} of type "
         "dict"),
        ({"deck": {"r-1"}}, "RLCardGame deck: give a list of strings, not {'r-1'} of type set"),
        ({"actions": iter(["draw"])}, "RLCardGame actions: give a list of strings, not <list_"),
        (
            {"hands": {"a": BLUES, "b": GREENS}},
            "RLCardGame hands: give a list of lists of card strings, not {'a': [",
        ),
        (
            {"hands": [BLUES, {"g-1": 1}]},
            "RLCardGame hands[1]: give a list of strings, not {'g-1': 1} of type dict",
        ),
        (
            {"reshuffles": {"r-1": ["r-1"]}},
            "RLCardGame reshuffles: give a list of lists of card strings, not {'r-1': ['r-1']}",
        ),
        ({"colours": {"r": 1}}, "RLCardGame colours: give a list of strings, not {'r': 1}"),
    ],
    ids=["dict-deck", "set-deck", "iterator-actions", "dict-hands", "dict-hand", "dict-reshuffles",
         "dict-colours"],
)  # fmt: skip
def test_rlcard_game_list_fields_take_lists_and_tuples_only(
    fields: dict[str, object], message: str
) -> None:
    data: dict[str, object] = {
        "players": 2,
        "hands": [BLUES, GREENS],
        "start": "r-7",
        "deck": ["r-1"],
        **fields,
    }
    with pytest.raises(RLCardError) as caught:
        RLCardGame(**data)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)
    with pytest.raises(RLCardError, match=r"^RLCardGame deck: give a list of strings"):
        RLCardGame.dealt_from(2, {c: 1 for c in FULL})  # type: ignore[arg-type]
    kept = RLCardGame(players=2, hands=(tuple(BLUES), GREENS), start="r-7", deck=("r-1",))
    assert kept.hands[0] == tuple(BLUES) and kept.deck == ("r-1",)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((1, 2.0), {}, r"players must be a whole number \(an int\) from 2 to 10, not 2\.0 of type "
         r"float$"),
        (("2", 2), {}, r"games must be a whole number \(an int\) of at least 0, not '2' of type "
         r"str$"),
        ((None, 2), {}, r"games must be a whole number .*, not None of type NoneType$"),
        ((True, 2), {}, r"games must be a whole number .*, not True of type bool$"),
        ((-1, 2), {}, r"games must be at least 0, not -1$"),
        ((1, 1), {}, r"players: RLCard plays with 2 to 10 players, not 1$"),
        ((1, 11), {}, r"players: RLCard plays with 2 to 10 players, not 11$"),
        ((1, True), {}, r"players must be a whole number .*, not True of type bool$"),
        ((1, 2, 1.5), {}, r"seed must be a whole number .*, not 1\.5 of type float$"),
        ((1, 2, -3), {}, r"seed must be at least 0, not -3$"),
        ((1, 2), {"seed": False}, r"seed must be a whole number .*, not False of type bool$"),
    ],
)  # fmt: skip
def test_play_and_record_rlcard_games_check_their_arguments_before_playing(
    args: tuple[object, ...], kwargs: dict[str, object], message: str
) -> None:
    asked: list[int] = []

    def policy(seed: int) -> Callable[[Sequence[str]], str]:
        asked.append(seed)
        return lambda acts: acts[0]

    with pytest.raises(RLCardError, match=r"^play_rlcard_games: " + message):
        play_rlcard_games(*args, **kwargs, policy=policy)  # type: ignore[arg-type]
    assert asked == []  # no game was played
    with pytest.raises(RLCardError, match=r"^record_rlcard_games: " + message):
        record_rlcard_games(*args, **kwargs)  # type: ignore[arg-type]


def test_play_rlcard_games_policy_and_record_uno_calls_are_checked() -> None:
    with pytest.raises(
        RLCardError,
        match=r"^play_rlcard_games: policy must be None or a function of the seed that returns "
        r"a picker, not 5 of type int$",
    ):
        play_rlcard_games(1, 2, policy=5)  # type: ignore[arg-type]
    with pytest.raises(
        RLCardError,
        match=r"^record_rlcard_games: uno_calls must be True or False, not 1 of type int$",
    ):
        record_rlcard_games(1, 2, uno_calls=1)  # type: ignore[arg-type]
    pytest.importorskip("rlcard", reason=_NO_RLCARD)
    assert play_rlcard_games(0, 2) == []  # no games is no error
