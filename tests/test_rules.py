"""One test (at least) per composable rule ID, named after the rule.

Each ``test_<rule id>`` checks behaviour that would change if the rule's
policy were taken out of its slot or swapped for the other reading, with
expected values worked out by hand from RULES.md. After those: preset strings,
bad situations, and whole rounds and games of random legal moves.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import unorules as ur

# --- helpers ---------------------------------------------------------------------------


def card(code: str) -> ur.Card:
    return ur.Card.parse(code)


def cards(codes: str) -> tuple[ur.Card, ...]:
    return tuple(ur.Card.parse(c) for c in codes.split())


def rules(spec: str = "official") -> ur.RuleSet:
    return ur.presets.get(spec)


def sizes(state: ur.GameState) -> tuple[int, ...]:
    return tuple(len(h) for h in state.hands)


def all_cards(state: ur.GameState) -> Counter[ur.Card]:
    everything: Counter[ur.Card] = Counter(state.draw_pile)
    everything.update(state.discard_pile)
    everything.update(state.out_of_play)
    for hand in state.hands:
        everything.update(hand)
    return everything


def value(c: ur.Card) -> int:
    """score.card-values for the classic deck, by hand."""
    if c.face.is_number:
        return int(c.face.value)
    return 50 if c.is_wild else 20


def hand_value(hand: tuple[ur.Card, ...]) -> int:
    return sum(value(c) for c in hand)


def refused(state: ur.GameState, move: ur.Move, rule_id: str | None = None) -> ur.Verdict:
    """``move`` is illegal: explain says so (citing ``rule_id`` first, if given),
    apply raises IllegalMove citing the same, legal_moves leaves it out."""
    verdict = ur.explain(state, move)
    assert verdict.legal is False
    assert verdict.allowed is False
    assert verdict.bluff is False
    assert move not in ur.legal_moves(state)
    with pytest.raises(ur.IllegalMove) as err:
        ur.apply(state, move)
    if rule_id is not None:
        assert verdict.rule_ids[0] == rule_id, verdict.text
        assert err.value.rule_ids[0] == rule_id
    return verdict


def legal(state: ur.GameState, move: ur.Move, rule_id: str | None = None) -> ur.GameState:
    """``move`` is legal (citing ``rule_id``, if given); returns the state after it."""
    verdict = ur.explain(state, move)
    assert verdict.legal is True, verdict.text
    assert verdict.bluff is False
    assert move in ur.legal_moves(state)
    if rule_id is not None:
        assert rule_id in verdict.rule_ids, verdict.text
    after = ur.apply(state, move)
    assert verdict.state == after
    return after


def bluff(state: ur.GameState, move: ur.Move, rule_id: str) -> ur.GameState:
    """``move`` is a bluff: listed and applied, but explained as not legal."""
    verdict = ur.explain(state, move)
    assert verdict.legal is False
    assert verdict.bluff is True
    assert verdict.allowed is True
    assert verdict.rule_ids[0] == rule_id, verdict.text
    assert move in ur.legal_moves(state)
    return ur.apply(state, move)


def play(seat: int, code: str, color: ur.Color | None = None) -> ur.Play:
    return ur.Play(seat, card(code), color)


def classic_counts() -> Counter[ur.Card]:
    """deck.classic-108, written out by hand."""
    codes: list[str] = []
    for colour in "RYGB":
        codes.append(f"{colour}0")
        for face in [*"123456789", "S", "R", "+2"]:
            codes += [f"{colour}{face}"] * 2
    codes += ["W"] * 4 + ["W+4"] * 4
    return Counter(card(c) for c in codes)


# 21 number cards: a deal for 3 seats, then the start card and the next cards.
DEAL_21 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G3"
# 28 number cards: a deal for 4 seats.
DEAL_28 = "R1 Y1 G1 B1 R2 Y2 G2 B2 R3 Y3 G3 B3 R4 Y4 G4 B4 R5 Y5 G5 B5 R6 Y6 G6 B6 R8 Y8 G8 B8"


def start_with(
    start: str, spec: str = "official", dealer: int = 1, after: str = "Y9 B9"
) -> ur.GameState:
    """A 4-seat round whose start card is ``start``, followed by ``after``."""
    return ur.new_round(
        rules(spec), players=4, seed=2, dealer=dealer, deck=f"{DEAL_28} {start} {after}"
    )


# --- components ---------------------------------------------------------------------------


def test_deck_classic_108() -> None:
    expected = classic_counts()
    assert sum(expected.values()) == 108
    assert Counter(ur.classic_108()) == expected
    s = ur.new_round(rules(), players=4, seed=11)
    assert all_cards(s) == expected
    deck = list(expected.elements())
    assert sum(c.is_number for c in deck) == 76
    assert sum(c.face in (ur.Face.SKIP, ur.Face.REVERSE, ur.Face.DRAW_TWO) for c in deck) == 24
    assert sum(c.is_wild for c in deck) == 8
    # A situation may not place more copies than the deck holds: R0 exists once.
    with pytest.raises(ur.SituationError, match="R0"):
        ur.situation(rules(), ["R0", "R0"], top="R7")


def test_players_range() -> None:
    for n in (2, 10):
        s = ur.new_round(rules(), players=n, seed=1)
        assert sum(sizes(s)) in (7 * n, 7 * n + 2)  # + 2 after a Draw Two start card
        assert len(s.hands) == n
    for n in (1, 11):
        with pytest.raises(ur.SituationError, match=str(n)):
            ur.new_round(rules(), players=n, seed=1)
    s = ur.situation(rules(), ["R1 R2", "B1 B2", "G1 G2", "Y1 Y2"], top="R7")
    refused(s, play(7, "R1"), "players.range")
    refused(s, ur.Draw(7), "players.range")
    refused(s, ur.CatchUno(1, 9), "players.range")


def test_players_range_move_by_seat_7_of_4() -> None:
    s = ur.situation(rules(), ["R1 R2", "B1 B2", "G1 G2", "Y1 Y2"], top="R7")
    with pytest.raises(ur.IllegalMove) as err:
        ur.apply(s, play(7, "R1"))
    assert "players.range" in err.value.rule_ids
    assert "7" in str(err.value)


# --- setup -----------------------------------------------------------------------------


def _dealt_3() -> ur.GameState:
    # Dealer seat 1, so the deal goes 2, 0, 1, 2, 0, 1, ...; then G4 is turned.
    return ur.new_round(rules(), players=3, seed=4, dealer=1, deck=f"{DEAL_21} G4 G5 G6")


def test_setup_deal() -> None:
    s = _dealt_3()
    assert sizes(s) == (7, 7, 7)
    assert Counter(s.hands[2]) == Counter(cards("R1 R4 R7 Y1 Y4 Y7 G1"))
    assert Counter(s.hands[0]) == Counter(cards("R2 R5 R8 Y2 Y5 Y8 G2"))
    assert Counter(s.hands[1]) == Counter(cards("R3 R6 R9 Y3 Y6 Y9 G3"))
    assert len(s.draw_pile) == 108 - 21 - 1
    assert all_cards(s) == classic_counts()


def test_setup_start_card() -> None:
    s = _dealt_3()
    assert s.discard_pile == (card("G4"),)
    assert s.top == card("G4")
    assert s.color is ur.Color.GREEN
    assert s.draw_pile[:2] == cards("G5 G6")


def test_setup_first_player() -> None:
    s = _dealt_3()
    assert s.dealer == 1
    assert s.current == 2  # left of the dealer
    assert s.direction == 1
    assert s.phase is ur.Phase.TURN
    # Default dealer: the last seat, so seat 0 starts.
    d = ur.new_round(rules(), players=4, seed=4, deck=f"{DEAL_28} G9")
    assert (d.dealer, d.current, d.direction) == (3, 0, 1)


def test_setup_dealer_rotates() -> None:
    s = ur.situation(rules(), ["R1", "B2 B3", "G4"], top="R7", dealer=0, scores=(5, 0, 7))
    over = ur.apply(s, play(0, "R1"))
    assert over.scores == (5 + 9, 0, 7)
    nxt = ur.next_round(over)
    assert nxt.dealer == 1
    assert nxt.scores == (14, 0, 7)
    assert nxt.round_number == over.round_number + 1
    assert not nxt.round_over
    assert sum(sizes(nxt)) in (21, 23)  # 23 when the start card is a Draw Two
    assert all_cards(nxt) == classic_counts()
    with pytest.raises(ur.SituationError):
        ur.next_round(nxt)  # not over yet


# --- start card -------------------------------------------------------------------------


def test_start_skip() -> None:
    s = start_with("GS", dealer=1)
    assert s.top == card("GS")
    assert s.current == 3  # seat 2, left of the dealer, is skipped
    assert s.direction == 1
    assert sizes(s) == (7, 7, 7, 7)  # skipped, not drawing


def test_start_reverse_dealer() -> None:
    s = start_with("GR", dealer=1)
    assert "start.reverse.dealer" in s.rules.rule_ids
    assert s.current == 1
    assert s.direction == -1
    assert s.next_player == 0


def test_start_reverse_right_of_dealer() -> None:
    spec = "official+start.reverse.right-of-dealer"
    assert "start.reverse.dealer" not in rules(spec).rule_ids
    s = start_with("GR", spec, dealer=1)
    assert s.current == 0  # the dealer's right
    assert s.direction == -1
    s = start_with("GR", spec, dealer=0)
    assert s.current == 3


def test_start_draw_two() -> None:
    s = start_with("G+2", dealer=1, after="Y9 B9 B7")
    assert s.hands[2][-2:] == cards("Y9 B9")
    assert sizes(s) == (7, 7, 9, 7)
    assert s.current == 3
    assert s.phase is ur.Phase.TURN
    assert s.draw_pile[0] == card("B7")


def test_start_wild() -> None:
    s = start_with("W", dealer=1)
    assert s.phase is ur.Phase.CHOOSE_COLOR
    assert s.current == 2
    assert s.color is None
    refused(s, ur.ChooseColor(3, ur.Color.RED), "start.wild")
    refused(s, ur.Draw(2), "start.wild")
    choose = [m for m in ur.legal_moves(s) if isinstance(m, ur.ChooseColor)]
    assert {m.color for m in choose} == set(ur.COLORS)
    assert {m.player for m in choose} == {2}
    after = legal(s, ur.ChooseColor(2, ur.Color.RED), "start.wild")
    assert after.color is ur.Color.RED
    assert after.current == 2  # names the colour, then plays the turn
    assert after.phase is ur.Phase.TURN
    assert sizes(after) == (7, 7, 7, 7)
    # Seat 2 was dealt the reds (R1..R6, R8): it plays on the colour it named.
    assert Counter(after.hands[2]) == Counter(cards("R1 R2 R3 R4 R5 R6 R8"))
    laid = legal(after, play(2, "R1"), "play.match")
    assert laid.current == 3


def test_start_wild_draw_four() -> None:
    full = list(ur.classic_108())
    wd4 = card("W+4")
    full.remove(wd4)
    deal, rest = full[:21], full[21:]
    s = ur.new_round(rules(), players=3, seed=9, dealer=0, deck=[*deal, wd4, *rest])
    assert s.top != wd4
    assert s.discard_pile == (s.top,)
    in_play = [c for h in s.hands for c in h] + list(s.draw_pile)
    assert in_play.count(wd4) == 4
    assert all_cards(s) == classic_counts()
    assert s.draw_pile != (*rest[1:], wd4)[: len(s.draw_pile)]


# --- a turn ------------------------------------------------------------------------------


def test_play_match() -> None:
    s = ur.situation(rules(), ["R2 G7 GS B1 Y+2 W", "B5 B6", "Y5 Y6"], top="R7")
    legal(s, play(0, "R2"), "play.match")  # colour
    legal(s, play(0, "G7"), "play.match")  # number
    refused(s, play(0, "B1"), "play.match")
    refused(s, play(0, "GS"), "play.match")
    refused(s, play(0, "Y+2"), "play.match")
    refused(s, play(0, "B9"), "play.match")  # not in hand
    # Symbols match too.
    s = ur.situation(rules(), ["GS B1", "B5 B6", "Y5 Y6"], top="RS")
    legal(s, play(0, "GS"), "play.match")
    refused(s, play(0, "B1"), "play.match")
    # After a wild, the named colour is the colour.
    s = ur.situation(rules(), ["B1 R2", "B5 B6", "Y5 Y6"], top="W", color="blue")
    legal(s, play(0, "B1"), "play.match")
    refused(s, play(0, "R2"), "play.match")


def test_play_one_card() -> None:
    s = ur.situation(rules(), ["R2 R5 R9", "B1 B2", "G1 G2"], top="R7")
    after = ur.apply(s, play(0, "R2"))
    assert after.hands[0] == cards("R5 R9")
    assert after.discard_pile == cards("R7 R2")
    assert after.current == 1
    refused(after, play(0, "R5"))
    assert not [m for m in ur.legal_moves(after) if isinstance(m, ur.Play) and m.player == 0]


def test_play_in_turn() -> None:
    s = ur.situation(rules(), ["B1 B2", "Y8 G3", "Y5 Y6"], top="Y2", current=0)
    refused(s, play(1, "Y8"), "play.in-turn")
    refused(s, ur.Draw(1), "play.in-turn")
    refused(s, ur.Pass(2), "play.in-turn")
    assert {m.player for m in ur.legal_moves(s) if isinstance(m, ur.Play | ur.Draw)} == {0}


def test_info_hand_sizes_public() -> None:
    s = ur.situation(rules(), ["G1 G2 G3", "B1 B2", "Y1 Y2 Y3 Y4"], top="R7", draw_pile="R8 Y5")
    view = s.view(1)
    assert view.seat == 1
    assert view.hand == cards("B1 B2")
    assert view.hand_sizes == (3, 2, 4)
    assert view.draw_pile_size == 2
    assert not hasattr(view, "hands")
    drawn = ur.apply(s, ur.Draw(0))  # R8 fits: the drawn card is not shown
    assert drawn.view(0).drawn == card("R8")
    assert drawn.view(1).drawn is None
    assert drawn.view(2).hand_sizes == (4, 2, 4)
    with pytest.raises(ValueError):
        s.view(3)


def test_wild_any_time() -> None:
    s = ur.situation(rules(), ["R2 W", "B5 B6", "Y5 Y6"], top="R7")
    for colour in ur.COLORS:
        after = legal(s, play(0, "W", colour), "wild.any-time")
        assert after.color is colour
        assert after.current == 1
    wilds = [m for m in ur.legal_moves(s) if isinstance(m, ur.Play) and m.card == card("W")]
    assert len(wilds) == 4
    refused(s, play(0, "W"), "wild.any-time")  # a colour must be named


def test_wild_restricted() -> None:
    spec = "official+wild.restricted"
    refused(
        ur.situation(rules(spec), ["R2 W", "B5"], top="R7"),
        play(0, "W", ur.Color.BLUE),
        "wild.restricted",
    )
    refused(
        ur.situation(rules(spec), ["G7 W", "B5"], top="R7"),
        play(0, "W", ur.Color.BLUE),
        "wild.restricted",
    )
    s = ur.situation(rules(spec), ["B2 W", "B5"], top="R7")
    after = legal(s, play(0, "W", ur.Color.BLUE), "wild.restricted")
    assert after.color is ur.Color.BLUE
    # The official reading lets the same Wild be laid over a fitting card.
    legal(ur.situation(rules(), ["R2 W", "B5"], top="R7"), play(0, "W", ur.Color.BLUE))


def test_wd4_no_matching_colour() -> None:
    def at(hand: str, top: str = "R7", color: str | None = None) -> ur.GameState:
        return ur.situation(rules(), [hand, "Y5 Y6", "Y7 Y8"], top=top, color=color)

    wd4 = play(0, "W+4", ur.Color.BLUE)
    legal(at("W+4 G7 B5"), wd4, "wd4.no-matching-colour")  # same number does not count
    legal(at("W+4 W B5"), wd4, "wd4.no-matching-colour")  # other wilds do not count
    legal(at("W+4 GS", top="RS"), wd4, "wd4.no-matching-colour")  # same symbol does not count
    bluff(at("W+4 RS B5"), wd4, "wd4.no-matching-colour")  # a red action card counts
    # After a Wild the named colour is the one that counts.
    bluff(at("W+4 G3", top="W", color="green"), wd4, "wd4.no-matching-colour")
    after = legal(at("W+4 R3", top="W", color="green"), wd4, "wd4.no-matching-colour")
    assert (after.current, after.owed, after.phase) == (1, 4, ur.Phase.OWE)


def test_wd4_no_playable_card() -> None:
    spec = "official+wd4.no-playable-card"

    def at(hand: str, top: str = "R7") -> ur.GameState:
        return ur.situation(
            rules(spec), [hand, "Y5 Y6", "Y7 Y8"], top=top, draw_pile="B1 B2 B3 B4 B5 B6"
        )

    wd4 = play(0, "W+4", ur.Color.BLUE)
    bluffed = bluff(at("W+4 G7"), wd4, "wd4.no-playable-card")  # the same number is playable
    bluff(at("W+4 GS", top="RS"), wd4, "wd4.no-playable-card")  # the same symbol is playable
    bluff(at("W+4 R3"), wd4, "wd4.no-playable-card")
    legal(at("W+4 W B5"), wd4, "wd4.no-playable-card")  # other wilds do not count
    # A challenge exposes it: the bluffer draws 4, seat 1 plays on blue.
    caught = ur.apply(bluffed, ur.Challenge(1))
    assert caught.hands[0] == cards("G7 B1 B2 B3 B4")
    assert (caught.current, caught.phase, caught.color) == (1, ur.Phase.TURN, ur.Color.BLUE)


def test_wd4_unrestricted() -> None:
    s = ur.situation(rules("official+wd4.unrestricted"), ["W+4 R3 G7", "Y5 Y6", "Y7 Y8"], top="R7")
    after = legal(s, play(0, "W+4", ur.Color.BLUE), "wd4.unrestricted")
    assert (after.current, after.owed, after.color) == (1, 4, ur.Color.BLUE)


def test_wd4_unrestricted_nothing_to_challenge() -> None:
    s = ur.situation(rules("official+wd4.unrestricted"), ["W+4 R3 G7", "Y5 Y6", "Y7 Y8"], top="R7")
    after = ur.apply(s, play(0, "W+4", ur.Color.BLUE))
    # RULES.md: "Wild Draw Four may be played at any time; nothing to challenge."
    refused(after, ur.Challenge(1))


def test_draw_one_then_may_play() -> None:
    def at(pile: str) -> ur.GameState:
        return ur.situation(rules(), ["G1 G2", "Y1 Y2", "B1 B2"], top="R7", draw_pile=pile)

    refused(at("R9"), ur.Pass(0))  # nothing drawn yet
    # The drawn card does not fit: exactly one card, the turn passes.
    after = legal(at("B5 R9 Y3"), ur.Draw(0), "draw.one-then-may-play")
    assert after.hands[0] == cards("G1 G2 B5")
    assert after.draw_pile == cards("R9 Y3")
    assert (after.current, after.phase) == (1, ur.Phase.TURN)
    # The drawn card fits: it may be played, or kept.
    drawn = ur.apply(at("R9 B5"), ur.Draw(0))
    assert (drawn.current, drawn.phase, drawn.drawn) == (0, ur.Phase.DRAWN, card("R9"))
    refused(drawn, ur.Draw(0))
    refused(drawn, play(0, "G1"))
    kept = legal(drawn, ur.Pass(0), "draw.one-then-may-play")
    assert kept.hands[0] == cards("G1 G2 R9")
    assert (kept.current, kept.phase) == (1, ur.Phase.TURN)
    laid = legal(drawn, play(0, "R9"))
    assert laid.top == card("R9")
    assert laid.hands[0] == cards("G1 G2")
    assert laid.current == 1


def test_draw_allowed_when_playable() -> None:
    def at(pile: str) -> ur.GameState:
        return ur.situation(rules(), ["R2 G1", "Y1 Y2", "B1 B2"], top="R7", draw_pile=pile)

    after = legal(at("B5"), ur.Draw(0), "draw.allowed-when-playable")
    assert after.hands[0] == cards("R2 G1 B5")
    assert after.current == 1
    drawn = ur.apply(at("R9"), ur.Draw(0))
    refused(drawn, play(0, "R2"), "draw.allowed-when-playable")
    legal(drawn, play(0, "R9"))


# --- action cards -------------------------------------------------------------------------


def test_action_skip() -> None:
    s = ur.situation(rules(), ["RS R1 R2", "B1 GS", "G1 G2"], top="R7")
    after = legal(s, play(0, "RS"), "action.skip")
    assert after.current == 2
    assert after.hands[1] == cards("B1 GS")  # draws nothing
    assert after.phase is ur.Phase.TURN
    # Counter-clockwise it skips the seat on the other side.
    s = ur.situation(rules(), ["RS R1 R2", "B1 B2", "G1 G2", "Y1 Y2"], top="R7", direction=-1)
    assert ur.apply(s, play(0, "RS")).current == 2


def test_action_reverse() -> None:
    s = ur.situation(rules(), ["RR R1 R2", "B1 B2", "G1 G2", "R3 Y1"], top="R7")
    after = legal(s, play(0, "RR"), "action.reverse")
    assert after.direction == -1
    assert after.current == 3
    after = ur.apply(after, play(3, "R3"))
    assert after.current == 2
    # A reverse on a reverse flips back.
    s = ur.situation(rules(), ["RR R1 R2", "B1 B2", "G1 G2", "R3 Y1"], top="R7", direction=-1)
    after = ur.apply(s, play(0, "RR"))
    assert (after.direction, after.current) == (1, 1)


def test_action_draw_two() -> None:
    s = ur.situation(rules(), ["R+2 R1 R2", "R3 B2", "G1 G2"], top="R7", draw_pile="Y1 Y2 Y3")
    after = legal(s, play(0, "R+2"), "action.draw-two")
    assert (after.phase, after.current, after.owed) == (ur.Phase.OWE, 1, 2)
    refused(after, play(1, "R3"), "action.draw-two")
    refused(after, ur.Pass(1))
    taken = legal(after, ur.Draw(1), "action.draw-two")
    assert taken.hands[1] == cards("R3 B2 Y1 Y2")
    assert taken.draw_pile == cards("Y3")
    assert (taken.current, taken.phase, taken.owed) == (2, ur.Phase.TURN, 0)


def test_action_two_player_reverse() -> None:
    s = ur.situation(rules(), ["GR G5 G6", "B1 B2 B3"], top="G3")
    after = legal(s, play(0, "GR"), "action.two-player-reverse")
    assert after.current == 0
    assert after.hands[1] == cards("B1 B2 B3")
    # With three players a Reverse is not a Skip.
    s = ur.situation(rules(), ["GR G5 G6", "B1 B2 B3", "Y1 Y2"], top="G3")
    verdict = ur.explain(s, play(0, "GR"))
    assert "action.two-player-reverse" not in verdict.rule_ids
    after = ur.apply(s, play(0, "GR"))
    assert (after.current, after.direction) == (2, -1)


# --- the UNO call -------------------------------------------------------------------------


def uno_table(spec: str = "official") -> ur.GameState:
    """3 seats, top R7, seat 0 holds R3 R5 and is about to lay its second-to-last card."""
    return ur.situation(
        rules(spec), ["R3 R5", "R9 B1 B2", "G1 G2 G3"], top="R7", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6"
    )


def test_uno_call() -> None:
    s = uno_table()
    refused(s, ur.CallUno(1))  # seat 1 has no call due
    called = legal(s, ur.CallUno(0), "uno.call")
    after = ur.apply(called, play(0, "R3"))
    assert after.uno_missed is None
    refused(after, ur.CatchUno(2, 0), "uno.call")
    assert sizes(after) == (1, 3, 3)
    # Holding three cards, no call is due yet.
    s3 = ur.situation(rules(), ["R3 R5 R6", "R9", "G1"], top="R7")
    refused(s3, ur.CallUno(0))
    # A late call (before anyone points it out, before seat 1 acts) still counts.
    missed = ur.apply(s, play(0, "R3"))
    late = legal(missed, ur.CallUno(0), "uno.call")
    refused(late, ur.CatchUno(2, 0), "uno.call")


def test_uno_call_strict() -> None:
    s = uno_table("official+uno.call-strict")
    called = legal(s, ur.CallUno(0), "uno.call-strict")
    after = ur.apply(called, play(0, "R3"))
    refused(after, ur.CatchUno(2, 0))
    missed = ur.apply(s, play(0, "R3"))
    refused(missed, ur.CallUno(0), "uno.call-strict")
    caught = legal(missed, ur.CatchUno(2, 0), "uno.penalty")
    assert caught.hands[0] == cards("R5 Y1 Y2")


def test_uno_penalty() -> None:
    missed = ur.apply(uno_table(), play(0, "R3"))
    assert missed.uno_missed == 0
    refused(missed, ur.CatchUno(0, 0))  # not oneself
    refused(missed, ur.CatchUno(2, 1))  # seat 1 holds 3 cards
    caught = legal(missed, ur.CatchUno(1, 0), "uno.penalty")
    assert caught.hands[0] == cards("R5 Y1 Y2")
    assert caught.draw_pile == cards("Y3 Y4 Y5 Y6")
    assert (caught.current, caught.direction, caught.phase) == (1, 1, ur.Phase.TURN)
    refused(caught, ur.CatchUno(2, 0))  # only once


def test_uno_window_closes() -> None:
    missed = ur.apply(uno_table(), play(0, "R3"))
    # Seat 1 draws (Y1 does not fit R3): that closes the window.
    drew = ur.apply(missed, ur.Draw(1))
    assert drew.current == 2
    refused(drew, ur.CatchUno(2, 0), "uno.window-closes")
    assert not [m for m in ur.legal_moves(drew) if isinstance(m, ur.CatchUno)]
    played = ur.apply(missed, play(1, "R9"))
    refused(played, ur.CatchUno(2, 0), "uno.window-closes")
    assert sizes(played)[0] == 1


def test_uno_window_until_play() -> None:
    spec = "official+uno.window-until-play"
    missed = ur.apply(uno_table(spec), play(0, "R3"))
    drew = ur.apply(missed, ur.Draw(1))  # drawing does not close the window
    assert drew.hands[1] == cards("R9 B1 B2 Y1")
    caught = legal(drew, ur.CatchUno(2, 0), "uno.penalty")
    assert caught.hands[0] == cards("R5 Y2 Y3")
    played = ur.apply(missed, play(1, "R9"))  # a play does
    refused(played, ur.CatchUno(2, 0), "uno.window-until-play")


def test_uno_reminder() -> None:
    missed = ur.apply(uno_table("official+uno.reminder"), play(0, "R3"))
    reminded = legal(missed, ur.CatchUno(2, 0), "uno.reminder")
    assert reminded.hands[0] == cards("R5")  # no penalty
    assert reminded.draw_pile == missed.draw_pile
    assert reminded.current == 1
    refused(reminded, ur.CatchUno(1, 0))


# --- challenging a Wild Draw Four -----------------------------------------------------------


def wd4_laid(hand: str, spec: str = "official") -> ur.GameState:
    s = ur.situation(
        rules(spec), [hand, "Y5 Y6", "G1 G2"], top="R7", draw_pile="Y1 Y2 Y3 Y4 B5 B6 B7 B8"
    )
    return ur.apply(s, play(0, "W+4", ur.Color.BLUE))


def test_challenge_wd4() -> None:
    fair = wd4_laid("W+4 G7 B2")
    refused(fair, ur.Challenge(2), "challenge.wd4")  # only the victim
    refused(fair, ur.Challenge(0), "challenge.wd4")
    failed = legal(fair, ur.Challenge(1), "challenge.wd4")
    assert failed.hands[1] == cards("Y5 Y6 Y1 Y2 Y3 Y4 B5 B6")
    assert (failed.current, failed.phase) == (2, ur.Phase.TURN)
    caught = legal(wd4_laid("W+4 R3 B2"), ur.Challenge(1), "challenge.wd4")
    assert caught.hands[0] == cards("R3 B2 Y1 Y2 Y3 Y4")
    assert caught.hands[1] == cards("Y5 Y6")
    assert (caught.current, caught.phase, caught.color) == (1, ur.Phase.TURN, ur.Color.BLUE)
    # Too late once the victim has drawn; nothing to challenge without a Wild Draw Four.
    drew = ur.apply(fair, ur.Draw(1))
    refused(drew, ur.Challenge(2))
    refused(uno_table(), ur.Challenge(1), "challenge.wd4")


def test_challenge_anyone() -> None:
    spec = "official+challenge.anyone"
    laid = wd4_laid("W+4 R3 B2", spec)
    refused(laid, ur.Challenge(0))  # not the one who laid it
    caught = legal(laid, ur.Challenge(2), "challenge.anyone")
    assert caught.hands[0] == cards("R3 B2 Y1 Y2 Y3 Y4")
    assert caught.hands[1] == cards("Y5 Y6")
    assert caught.hands[2] == cards("G1 G2")
    assert (caught.current, caught.phase, caught.color) == (1, ur.Phase.TURN, ur.Color.BLUE)


def test_challenge_none() -> None:
    spec = "official+challenge.none"
    s = ur.situation(rules(spec), ["W+4 R3 B2", "Y5 Y6", "G1 G2"], top="R7")
    refused(s, play(0, "W+4", ur.Color.BLUE), "wd4.no-matching-colour")  # a bluff is illegal
    fair = wd4_laid("W+4 G7 B2", spec)
    assert fair.owed == 4
    refused(fair, ur.Challenge(1), "challenge.none")
    taken = ur.apply(fair, ur.Draw(1))
    assert taken.hands[1] == cards("Y5 Y6 Y1 Y2 Y3 Y4")
    assert taken.current == 2


# --- end of round and the piles -------------------------------------------------------------


def test_end_last_card() -> None:
    s = ur.situation(rules(), ["W", "B1 B2", "G3"], top="R7")
    over = legal(s, play(0, "W", ur.Color.GREEN), "end.last-card")
    assert over.round_over
    assert over.phase is ur.Phase.ROUND_OVER
    assert over.winner == 0
    assert over.scores == (6, 0, 0)
    assert ur.legal_moves(over) == ()
    refused(over, ur.Draw(1), "end.last-card")
    refused(over, play(1, "B1"), "end.last-card")


def _last_draw_two(spec: str) -> tuple[ur.Verdict, ur.GameState]:
    s = ur.situation(rules(spec), ["R+2", "B1 B2", "Y5"], top="R5", draw_pile="G3 G4 G6")
    move = play(0, "R+2")
    return ur.explain(s, move), ur.apply(s, move)


def test_end_last_card_draw_applies() -> None:
    verdict, over = _last_draw_two("official")
    assert "end.last-card-draw-applies" in verdict.rule_ids
    assert over.hands[1] == cards("B1 B2 G3 G4")
    assert over.scores == (1 + 2 + 3 + 4 + 5, 0, 0)
    assert over.winner == 0
    # A last Wild Draw Four: the next player draws 4.
    s = ur.situation(rules(), ["W+4", "B1", "Y5"], top="R5", draw_pile="G3 G4 G6 G7 G8")
    over = ur.apply(s, play(0, "W+4", ur.Color.RED))
    assert over.hands[1] == cards("B1 G3 G4 G6 G7")
    assert over.scores == (1 + 3 + 4 + 6 + 7 + 5, 0, 0)


def test_end_last_card_no_effect() -> None:
    verdict, over = _last_draw_two("official+end.last-card-no-effect")
    assert "end.last-card-no-effect" in verdict.rule_ids
    assert over.hands[1] == cards("B1 B2")
    assert over.scores == (1 + 2 + 5, 0, 0)
    assert over.winner == 0


def test_pile_reshuffle() -> None:
    s = ur.situation(
        rules(),
        ["R+2 G1 G2", "Y1 Y2", "B1 B2"],
        top="R5",
        draw_pile="Y3",
        discard_pile="G4 G5 G6 R5",
    )
    before = all_cards(s)
    laid = ur.apply(s, play(0, "R+2"))
    taken = legal(laid, ur.Draw(1), "pile.reshuffle")
    assert taken.hands[1][:3] == cards("Y1 Y2 Y3")
    assert len(taken.hands[1]) == 4
    reshuffled = Counter(taken.draw_pile) + Counter(taken.hands[1][3:])
    assert reshuffled == Counter(cards("G4 G5 G6 R5"))
    assert taken.discard_pile == cards("R+2")
    assert taken.reshuffles == 1
    assert taken.color is ur.Color.RED
    assert taken.current == 2
    assert all_cards(taken) == before


def test_pile_exhausted() -> None:
    s = ur.situation(rules(), ["B8 G9", "Y1", "G5 G6"], top="R7", draw_pile="")
    verdict = ur.explain(s, ur.Draw(0))
    assert "pile.exhausted" in verdict.rule_ids
    over = ur.apply(s, ur.Draw(0))
    assert over.round_over
    assert over.winner == 1  # lowest hand value: 1
    assert over.hands == s.hands
    assert over.scores == (0, 17 + 11, 0)  # the others' hands


def test_pile_exhausted_tie_nobody_scores() -> None:
    s = ur.situation(rules(), ["B8 G9", "Y1", "B1"], top="R7", draw_pile="")
    over = ur.apply(s, ur.Draw(0))
    assert over.round_over
    assert over.winner is None
    assert over.scores == (0, 0, 0)


# --- scoring ------------------------------------------------------------------------------


def test_score_card_values() -> None:
    s = ur.situation(rules(), ["G2", "Y0 Y9 YS YR Y+2", "W W+4 B5"], top="G1")
    over = legal(s, play(0, "G2"), "end.last-card")
    assert over.scores == (0 + 9 + 20 + 20 + 20 + 50 + 50 + 5, 0, 0)
    assert over.scores[0] == 174


def test_score_winner_takes() -> None:
    s = ur.situation(rules(), ["R5", "B4", "G9 Y2"], top="B1", current=1, scores=(10, 20, 30))
    over = legal(s, play(1, "B4"), "score.winner-takes")
    assert over.winner == 1
    assert over.scores == (10, 20 + 5 + 11, 30)


def _win_20(spec: str, before: int) -> ur.GameState:
    s = ur.situation(rules(spec), ["G2", "B9 B8 Y3"], top="G1", scores=(before, 0))
    return ur.apply(s, play(0, "G2"))


def test_score_target() -> None:
    assert rules().target == 500
    assert rules("official+score.target=100").target == 100
    over = _win_20("official", 480)
    assert over.scores == (500, 0)
    assert over.game_over  # reaching the target ends the game
    assert over.game_winner == 0
    with pytest.raises(ur.SituationError):
        ur.next_round(over)
    assert not _win_20("official", 479).game_over
    assert _win_20("official", 479).game_winner is None
    assert _win_20("official+score.target=100", 80).game_over
    assert not _win_20("official+score.target=100", 79).game_over
    assert not _win_20("official", 80).game_over


# --- house rules: stacking ---------------------------------------------------------------------


def draw_two_laid(spec: str, seat1: str = "B+2 W+4 Y9", seat2: str = "G+2 G1") -> ur.GameState:
    s = ur.situation(
        rules(spec),
        ["R+2 G3 G4", seat1, seat2],
        top="R5",
        draw_pile="Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8",
    )
    return ur.apply(s, play(0, "R+2"))


def test_house_stack_draw_two() -> None:
    spec = "official+house.stack-draw-two"
    laid = draw_two_laid(spec)
    refused(laid, play(1, "W+4", ur.Color.YELLOW), "house.stack-draw-two")
    stacked = legal(laid, play(1, "B+2"), "house.stack-draw-two")
    assert (stacked.current, stacked.owed, stacked.phase) == (2, 4, ur.Phase.OWE)
    again = legal(stacked, play(2, "G+2"), "house.stack-draw-two")
    assert (again.current, again.owed) == (0, 6)
    taken = ur.apply(again, ur.Draw(0))
    assert taken.hands[0] == cards("G3 G4 Y1 Y2 Y3 Y4 Y5 Y6")
    assert (taken.current, taken.phase) == (1, ur.Phase.TURN)
    refused(draw_two_laid("official"), play(1, "B+2"), "action.draw-two")


def test_house_stack_draw_four_on_two() -> None:
    spec = "official+house.stack-draw-four-on-two"
    laid = draw_two_laid(spec, seat1="W+4 Y9")
    stacked = legal(laid, play(1, "W+4", ur.Color.YELLOW), "house.stack-draw-four-on-two")
    assert (stacked.current, stacked.owed, stacked.color) == (2, 6, ur.Color.YELLOW)
    taken = ur.apply(stacked, ur.Draw(2))
    assert taken.hands[2] == cards("G+2 G1 Y1 Y2 Y3 Y4 Y5 Y6")
    assert taken.current == 0
    refused(draw_two_laid("official", seat1="W+4 Y9"), play(1, "W+4", ur.Color.YELLOW))


def wd4_on_wd4(spec: str) -> ur.GameState:
    s = ur.situation(
        rules(spec),
        ["W+4 G1 G2", "W+4 Y1", "G3 G4"],
        top="R7",
        draw_pile="Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 B1",
    )
    return ur.apply(s, play(0, "W+4", ur.Color.BLUE))


def test_house_stack_draw_four() -> None:
    spec = "official+house.stack-draw-four"
    laid = wd4_on_wd4(spec)
    stacked = legal(laid, play(1, "W+4", ur.Color.GREEN), "house.stack-draw-four")
    assert (stacked.current, stacked.owed, stacked.color) == (2, 8, ur.Color.GREEN)
    taken = ur.apply(stacked, ur.Draw(2))
    assert taken.hands[2] == cards("G3 G4 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9")
    assert (taken.current, taken.phase) == (0, ur.Phase.TURN)
    refused(wd4_on_wd4("official"), play(1, "W+4", ur.Color.GREEN))
    # A Wild Draw Four on a Draw Two is another option.
    refused(draw_two_laid(spec, seat1="W+4 Y9"), play(1, "W+4", ur.Color.YELLOW))


def test_house_stack_escalating() -> None:
    spec = "official+house.stack-escalating"
    laid = draw_two_laid(spec)
    equal = legal(laid, play(1, "B+2"), "house.stack-escalating")
    assert equal.owed == 4
    higher = legal(laid, play(1, "W+4", ur.Color.YELLOW), "house.stack-escalating")
    assert higher.owed == 6
    four = wd4_on_wd4(spec)
    legal(four, play(1, "W+4", ur.Color.GREEN), "house.stack-escalating")
    s = ur.situation(rules(spec), ["W+4 G1 G2", "B+2 Y1", "G3 G4"], top="R7")
    lower = ur.apply(s, play(0, "W+4", ur.Color.BLUE))
    refused(lower, play(1, "B+2"), "house.stack-escalating")


# --- house rules: drawing ------------------------------------------------------------------------


def test_house_force_play() -> None:
    spec = "official+house.force-play"
    s = ur.situation(rules(spec), ["B9 G1", "R1 R2", "Y7 Y8"], top="B4", draw_pile="Y4 G5 G6")
    refused(s, ur.Draw(0), "house.force-play")
    assert ur.Draw(0) in ur.legal_moves(
        ur.situation(rules(), ["B9 G1", "R1 R2", "Y7 Y8"], top="B4", draw_pile="Y4 G5 G6")
    )
    stuck = ur.situation(rules(spec), ["R9 G1", "R1 R2", "Y7 Y8"], top="B4", draw_pile="Y5 G5 G6")
    after = legal(stuck, ur.Draw(0), "house.force-play")
    assert after.hands[0] == cards("R9 G1 Y5")
    assert after.current == 1


def test_house_play_drawn() -> None:
    def at(spec: str) -> ur.GameState:
        s = ur.situation(rules(spec), ["G1 G2", "Y1 Y2", "B1 B2"], top="R7", draw_pile="R9 B5")
        return ur.apply(s, ur.Draw(0))

    drawn = at("official+house.play-drawn")
    assert drawn.phase is ur.Phase.DRAWN
    refused(drawn, ur.Pass(0), "house.play-drawn")
    own = [m for m in ur.legal_moves(drawn) if isinstance(m, ur.Play | ur.Pass | ur.Draw)]
    assert own == [play(0, "R9")]
    legal(at("official"), ur.Pass(0))


def test_house_draw_until_playable() -> None:
    def at(spec: str) -> ur.GameState:
        s = ur.situation(
            rules(spec), ["B1 G2", "Y1 Y3", "B3 B4"], top="R5", draw_pile="G1 Y2 B7 R9 Y8"
        )
        return ur.apply(s, ur.Draw(0))

    drawn = at("official+house.draw-until-playable")
    assert drawn.hands[0] == cards("B1 G2 G1 Y2 B7 R9")
    assert (drawn.current, drawn.phase, drawn.drawn) == (0, ur.Phase.DRAWN, card("R9"))
    assert drawn.draw_pile == cards("Y8")
    laid = legal(drawn, play(0, "R9"))
    assert laid.current == 1
    once = at("official")
    assert once.hands[0] == cards("B1 G2 G1")
    assert once.current == 1


# --- strict enforcement --------------------------------------------------------------------------


def test_strict() -> None:
    s = ur.situation(rules("official+strict"), ["W+4 R3 B2", "Y5 Y6", "G1 G2"], top="R7")
    refused(s, play(0, "W+4", ur.Color.BLUE), "wd4.no-matching-colour")
    fair = ur.situation(rules("official+strict"), ["W+4 G3 B2", "Y5 Y6", "G1 G2"], top="R7")
    legal(fair, play(0, "W+4", ur.Color.BLUE))
    # A missed call is penalised when the window closes, without a catch.
    missed = ur.apply(uno_table("official+strict"), play(0, "R3"))
    assert missed.hands[0] == cards("R5")
    played = ur.apply(missed, play(1, "R9"))
    assert played.hands[0] == cards("R5 Y1 Y2")
    assert played.current == 2
    drew = ur.apply(missed, ur.Draw(1))
    assert len(drew.hands[0]) == 3
    # Without strict the missed call goes unpunished once the window closes.
    loose = ur.apply(ur.apply(uno_table(), play(0, "R3")), play(1, "R9"))
    assert loose.hands[0] == cards("R5")


# --- every composable rule has its test -------------------------------------------------------


def test_every_available_rule_has_a_test() -> None:
    names = set(globals())
    missing = [
        rid
        for rid in ur.presets.available()
        if "test_" + rid.replace(".", "_").replace("-", "_") not in names
    ]
    assert missing == []


# --- preset strings ------------------------------------------------------------------------------


def test_preset_unknown_rule_id_lists_the_nearest() -> None:
    with pytest.raises(ur.RuleSetError) as err:
        ur.presets.get("official+house.stack-draw-tow")
    assert "house.stack-draw-tow" in str(err.value)
    assert "house.stack-draw-two" in str(err.value)
    assert "house.stack-draw-two" in err.value.rule_ids


def test_preset_duplicate_rule_id() -> None:
    with pytest.raises(ur.RuleSetError, match="twice") as err:
        ur.presets.get("official+house.force-play+house.force-play")
    assert "house.force-play" in str(err.value)


def test_preset_two_readings_of_one_slot() -> None:
    with pytest.raises(ur.RuleSetError) as err:
        ur.presets.get("official+wd4.no-playable-card+wd4.unrestricted")
    assert "wd4.no-playable-card" in str(err.value)
    assert "wd4.unrestricted" in str(err.value)
    with pytest.raises(ur.RuleSetError):
        ur.presets.get("official+house.play-drawn+house.draw-until-playable")


def test_preset_catalogued_but_unavailable() -> None:
    with pytest.raises(ur.RuleSetError, match="not yet available") as err:
        ur.presets.get("official+house.kids")
    assert "house.kids" in str(err.value)


def test_preset_unknown_preset() -> None:
    with pytest.raises(ur.RuleSetError) as err:
        ur.presets.get("offical")
    assert "offical" in str(err.value)
    assert "official" in str(err.value).replace("'offical'", "")


def test_preset_bad_target() -> None:
    with pytest.raises(ur.RuleSetError):
        ur.presets.get("official+score.target=0")
    with pytest.raises(ur.RuleSetError):
        ur.presets.get("official+score.target=lots")


def test_preset_stacking_ids_combine() -> None:
    r = ur.presets.get("official+house.stack-draw-two+house.stack-draw-four")
    assert {"house.stack-draw-two", "house.stack-draw-four"} <= set(r.rule_ids)


# --- bad situations ------------------------------------------------------------------------------


def test_situation_unknown_card_code() -> None:
    with pytest.raises(ur.SituationError) as err:
        ur.situation(rules(), ["R3 X9", "B1"], top="R7")
    assert "X9" in str(err.value)
    assert "seat 0" in str(err.value)


def test_situation_eleven_players() -> None:
    with pytest.raises(ur.SituationError) as err:
        ur.situation(rules(), ["R1"] + ["B1"] + ["?1"] * 9, top="R7")
    assert "11" in str(err.value)
    assert "players" in str(err.value)


def test_situation_too_many_copies() -> None:
    with pytest.raises(ur.SituationError) as err:
        ur.situation(rules(), ["R1 R1", "R1"], top="R7")
    assert "R1" in str(err.value)
    assert "3" in str(err.value)


def test_situation_wild_top_without_colour() -> None:
    with pytest.raises(ur.SituationError) as err:
        ur.situation(rules(), ["R1", "B1"], top="W")
    assert "W" in str(err.value)
    assert "colour" in str(err.value)


def test_situation_hands_as_one_string() -> None:
    with pytest.raises(ur.SituationError) as err:
        ur.situation(rules(), "R1 B1", top="R7")  # type: ignore[arg-type]
    assert "hands" in str(err.value)


# --- whole rounds and games -----------------------------------------------------------------------


def play_round(state: ur.GameState, rng: random.Random, limit: int = 100_000) -> ur.GameState:
    for _ in range(limit):
        if state.round_over:
            return state
        moves = ur.legal_moves(state)
        assert moves, f"no legal move in {state!r}"
        state = ur.apply(state, rng.choice(moves))
    raise AssertionError(f"round did not end in {limit} moves")


@pytest.mark.parametrize("seed", range(8))
def test_random_round_scores_and_next_round(seed: int) -> None:
    start = ur.new_round(rules(), players=4, seed=seed)
    over = play_round(start, random.Random(seed))
    assert ur.legal_moves(over) == ()
    assert all_cards(over) == classic_counts()
    if over.winner is not None:
        others = sum(hand_value(h) for i, h in enumerate(over.hands) if i != over.winner)
        assert over.scores[over.winner] == others
        assert [v for i, v in enumerate(over.scores) if i != over.winner] == [0, 0, 0]
    nxt = ur.next_round(over)
    assert nxt.dealer == (start.dealer + 1) % 4
    assert nxt.scores == over.scores
    assert nxt.round_number == 2
    assert not nxt.round_over
    assert all_cards(nxt) == classic_counts()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_full_game_to_target(seed: int) -> None:
    game_rules = rules("official+score.target=100")
    state = ur.new_game(game_rules, players=3, seed=seed)
    rng = random.Random(seed)
    dealer = state.dealer
    for _ in range(100):
        before = state.scores
        state = play_round(state, rng)
        if state.winner is not None:
            gained = sum(hand_value(h) for i, h in enumerate(state.hands) if i != state.winner)
            assert state.scores[state.winner] == before[state.winner] + gained
        if state.game_over:
            break
        state = ur.next_round(state)
        dealer = (dealer + 1) % 3
        assert state.dealer == dealer
    assert state.game_over
    winner = state.game_winner
    assert winner is not None
    assert state.scores[winner] >= 100
    assert all(v < 100 for i, v in enumerate(state.scores) if i != winner)
    with pytest.raises(ur.SituationError):
        ur.next_round(state)
