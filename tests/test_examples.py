"""The worked examples of ``unorules.worked_examples``: each one runs and cites its
rule, every available rule has one, and each dispute is settled by the rules
that disputes.md names.

A few rules act before any move (the deal, the start card) or show in the
position rather than in a verdict (card values, the target score, what a
player may see). Their examples are checked against the position instead, by
the functions in ``SHOWN_IN_THE_POSITION``; if a verdict cites such a rule,
that counts too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

import unorules as ur
from unorules.dealing import draw_for_dealer
from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE
from unorules.worked_examples import (
    DEAL_28,
    DISPUTES,
    EXAMPLES,
    Dispute,
    Example,
    Outcome,
    describe,
)


def _cards(codes: str) -> tuple[ur.Card, ...]:
    return ur.parse_cards(codes)


def _in_play(state: ur.GameState) -> Counter[ur.Card]:
    everything: Counter[ur.Card] = Counter(state.draw_pile)
    everything.update(state.discard_pile)
    everything.update(state.out_of_play)
    for hand in state.hands:
        everything.update(hand)
    return everything


def _dealt_by_colour(state: ur.GameState) -> bool:
    return all(
        state.hands[seat][:7] == tuple(c for c in _cards(DEAL_28) if c.color is colour)
        for seat, colour in enumerate(ur.COLORS)
    )


def _deck(o: Outcome) -> bool:
    return _in_play(o.state) == Counter(ur.classic_108()) and len(o.state.hands) == 4


def _deal(o: Outcome) -> bool:
    return _dealt_by_colour(o.state) and [len(h) for h in o.state.hands] == [7, 7, 7, 7]


def _start_card(o: Outcome) -> bool:
    return o.state.discard_pile == _cards("G7") and len(o.state.draw_pile) == 108 - 29


def _first_player(o: Outcome) -> bool:
    s = o.state
    return (s.dealer, s.current, s.direction, s.phase) == (3, 0, 1, ur.Phase.TURN)


def _dealer_rotates(o: Outcome) -> bool:
    s = o.state
    return (s.round_number, s.dealer, s.current, s.scores) == (2, 0, 1, (123, 0, 0))


def _start_skip(o: Outcome) -> bool:
    return o.state.top == _cards("RS")[0] and o.state.current == 1 and o.state.direction == 1


def _start_reverse_dealer(o: Outcome) -> bool:
    return o.state.top == _cards("RR")[0] and (o.state.current, o.state.direction) == (3, -1)


def _start_reverse_right(o: Outcome) -> bool:
    return o.state.top == _cards("RR")[0] and (o.state.current, o.state.direction) == (2, -1)


def _start_draw_two(o: Outcome) -> bool:
    s = o.state
    sizes = [len(h) for h in s.hands]
    return s.top == _cards("R+2")[0] and sizes == [9, 7, 7, 7] and s.current == 1


def _start_wild_draw_four(o: Outcome) -> bool:
    s = o.state
    wd4 = _cards("W+4")[0]
    return (
        s.top != wd4
        and s.discard_pile == (s.top,)
        and _in_play(s) == Counter(ur.classic_108())
        and _dealt_by_colour(s)
    )


def _to_the_bottom(code: str) -> Callable[[Outcome], bool]:
    def check(o: Outcome) -> bool:
        s = o.state
        return (
            s.top == _cards("R7")[0]
            and s.draw_pile[-1] == _cards(code)[0]
            and _in_play(s) == Counter(ur.classic_108())
            and _dealt_by_colour(s)
        )

    return check


def _one_card(o: Outcome) -> bool:
    verdict = o.verdict
    return (
        verdict is not None
        and not verdict.allowed
        and o.state.hands[0] == _cards("R5 G1")
        and "play.one-card" in [rid for rid, _ in o.verdicts[0].effects]
    )


def _hand_sizes(o: Outcome) -> bool:
    view = o.state.view(1)
    return view.hand_sizes == (3, 7, 4) and view.hand == o.state.hands[1]


def _open_below(o: Outcome) -> bool:
    # house.open-below=3: the two-card hands of seats 0 and 1 lie open, seat 2's four do not.
    view = o.state.view(2)
    return view.face_up == (_cards("G1 R5"), _cards("R1 R2"), None) and view.open_hands is None


def _shuffle_seats(o: Outcome) -> bool:
    # Seat 0 went out with 16 points; in the next round the players sit as
    # drawn, and player 0 (seat 0 of this round) still holds the 16.
    after = ur.next_round(o.state)
    seating = after.seating
    return (
        o.state.scores == (16, 0, 0)
        and sorted(seating) == [0, 1, 2]
        and after.scores[seating.index(0)] == 16
        and sum(after.scores) == 16
    )


def _card_values(o: Outcome) -> bool:
    values = o.state.rules.card_values
    return o.state.scores == (123, 0, 0) and values.hand_value(_cards("W W+4 R+2 B3")) == 123


def _target(o: Outcome) -> bool:
    return o.state.game_over and o.state.game_winner == 0 and o.state.scores[0] >= 500


def _classic_plus(*codes: str) -> Counter[ur.Card]:
    counts = Counter(ur.classic_108())
    counts.update(_cards(" ".join(codes)))
    return counts


def _modern(o: Outcome) -> bool:
    return _in_play(o.state) == _classic_plus("WS", "WC", "WC", "WC") and len(o.state.hands) == 4


def _modern_swap(o: Outcome) -> bool:
    return _in_play(o.state) == _classic_plus("WX", "WC", "WC", "WC") and len(o.state.hands) == 4


def _two_decks(o: Outcome) -> bool:
    twice = Counter(ur.classic_108()) + Counter(ur.classic_108())
    return _in_play(o.state) == twice and len(o.state.hands) == 12


def _junior(o: Outcome) -> bool:
    codes = [f"{c}{n}" for c in "RYGB" for n in range(1, 8)] + ["R+2", "Y+2", "G+2", "B+2"]
    junior = Counter(_cards(" ".join([*codes, "W", "W", "W", "W"])))
    return _in_play(o.state) == junior and [len(h) for h in o.state.hands] == [5, 5, 5, 5]


def _dealer_draw(o: Outcome) -> bool:
    rules, seed = o.state.rules, o.example.seed
    dealer, draws = draw_for_dealer(rules, 4, seed)
    return (
        dealer == o.state.dealer == 2
        and len(draws) == 2
        and ur.new_game(rules, players=4, seed=seed) == o.state
    )


def _wild_start(code: str) -> Callable[[Outcome], bool]:
    def check(o: Outcome) -> bool:
        s = o.state
        return (
            s.discard_pile == _cards(code)
            and (s.phase, s.current, s.color) == (ur.Phase.CHOOSE_COLOR, 0, None)
            and _dealt_by_colour(s)
            and [len(h) for h in s.hands] == [7, 7, 7, 7]
        )

    return check


def _number_only(o: Outcome) -> bool:
    s = o.state
    return (
        s.discard_pile == _cards("RS R+2 W G7")
        and (s.phase, s.current, s.color) == (ur.Phase.TURN, 0, ur.Color.GREEN)
        and _dealt_by_colour(s)
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
    )


def _card_values_2022(o: Outcome) -> bool:
    values = o.state.rules.card_values
    return o.state.scores == (223, 0, 0) and values.hand_value(_cards("WS WC")) == 100


def _kids(o: Outcome) -> bool:
    s = o.state
    return (
        _in_play(s)[_cards("W+4")[0]] == 0
        and sum(_in_play(s).values()) == 104
        and all(s.view(seat).open_hands == s.hands for seat in range(3))
        and s.rules.uno_penalty.cards == 0
        and "score.single-round" in s.rules.rule_ids
    )


def _all_wild_deck(o: Outcome) -> bool:
    """112 cards in play, 14 of each of the eight wild faces, 7 to each of
    four players, the start card W and no colour in force."""
    s = o.state
    faces = Counter(c.face for c in _in_play(s).elements())
    return (
        sum(_in_play(s).values()) == 112
        and all(c.is_wild for c in _in_play(s))
        and len(faces) == 8
        and set(faces.values()) == {14}
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
        and s.discard_pile == _cards("W")
        and s.color is None
    )


def _all_wild_start(o: Outcome) -> bool:
    """A Wild Skip Two turned up: seat 0 plays first all the same."""
    s = o.state
    return (
        s.discard_pile == _cards("WSK2")
        and (s.phase, s.current, s.direction, s.color) == (ur.Phase.TURN, 0, 1, None)
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
    )


def _all_wild_card_values(o: Outcome) -> bool:
    """W + WSK = 20 + 50 and WR + W+4 = 50 + 50: 170 to the winner."""
    values = o.state.rules.card_values
    return o.state.scores == (170, 0, 0) and values.hand_value(_cards("W WSK WR W+4")) == 170


def _flip_deck(o: Outcome) -> bool:
    """112 two-sided cards in play, light side up, 7 to each of four players."""
    s = o.state
    cards = list(_in_play(s).elements())
    return (
        len(cards) == 112
        and all(c.back is not None for c in cards)
        and {c.color for c in cards if c.color is not None}
        == {ur.Color.RED, ur.Color.YELLOW, ur.Color.GREEN, ur.Color.BLUE}
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
        and all(len(b) == 7 for b in s.view(0).backs[1:])
    )


def _flip_start(o: Outcome) -> bool:
    """The Wild Draw Two turned up went back: another card starts."""
    s = o.state
    return (
        len(s.discard_pile) == 1
        and s.top.face.code != "W+2"
        and _cards("W+2:P1")[0] in s.draw_pile
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
    )


def _no_mercy_deck(o: Outcome) -> bool:
    """168 cards in play: per colour two of each number, 3 of +2/S/R/DA, 2 of
    +4/SE; 8 WR+4, 4 W+6, 4 W+10, 8 WCR; 7 to each of four players."""
    s = o.state
    held = Counter(c.code for c in _in_play(s).elements())
    return (
        sum(held.values()) == 168
        and all(held[c + str(k)] == 2 for c in "RYGB" for k in range(10))
        and all(held[c + f] == 3 for c in "RYGB" for f in ("+2", "S", "R", "DA"))
        and all(held[c + f] == 2 for c in "RYGB" for f in ("+4", "SE"))
        and (held["WR+4"], held["W+6"], held["W+10"], held["WCR"]) == (8, 4, 4, 8)
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
    )


def _flip_card_values(o: Outcome) -> bool:
    """TSE + O+5 = 30 + 20 and PR + W+C = 20 + 60: 130, by the dark sides."""
    values = o.state.rules.card_values
    return (
        o.state.scores == (130, 0, 0)
        and values.hand_value(_cards("TSE:B2 O+5:R6 PR:G1 W+C:R2")) == 130
        and values.hand_value(_cards("B2:TSE R6:O+5 G1:PR R2:W+C")) == 2 + 6 + 1 + 2
    )


def _no_mercy_start(o: Outcome) -> bool:
    """A Wild Colour Roulette turned up and covered by Y3: seat 0 plays on yellow."""
    s = o.state
    return (
        s.discard_pile == _cards("WCR Y3")
        and (s.phase, s.current, s.direction, s.color) == (ur.Phase.TURN, 0, 1, ur.Color.YELLOW)
        and [len(h) for h in s.hands] == [7, 7, 7, 7]
    )


def _no_mercy_card_values(o: Outcome) -> bool:
    """W+10 + G2 + BDA + B7 = 50 + 2 + 20 + 7: 79 to the winner."""
    values = o.state.rules.card_values
    return o.state.scores == (79, 0, 0) and values.hand_value(_cards("W+10 G2 BDA B7")) == 79


SHOWN_IN_THE_POSITION: dict[str, Callable[[Outcome], bool]] = {
    "no-mercy.deck": _no_mercy_deck,
    "no-mercy.start": _no_mercy_start,
    "no-mercy.card-values": _no_mercy_card_values,
    "flip.deck": _flip_deck,
    "flip.start": _flip_start,
    "flip.card-values": _flip_card_values,
    "all-wild.deck": _all_wild_deck,
    "all-wild.card-values": _all_wild_card_values,
    "all-wild.start": _all_wild_start,
    "deck.classic-108": _deck,
    "setup.deal": _deal,
    "setup.start-card": _start_card,
    "setup.first-player": _first_player,
    "setup.dealer-rotates": _dealer_rotates,
    "start.skip": _start_skip,
    "start.reverse.dealer": _start_reverse_dealer,
    "start.reverse.right-of-dealer": _start_reverse_right,
    "start.draw-two": _start_draw_two,
    "start.wild-draw-four": _start_wild_draw_four,
    "start.wd4-bottom": _to_the_bottom("W+4"),
    "start.wild-skipped": _to_the_bottom("W"),
    "play.one-card": _one_card,
    "info.hand-sizes-public": _hand_sizes,
    "score.card-values": _card_values,
    "score.target": _target,
    "deck.modern-112": _modern,
    "deck.modern-112-swap": _modern_swap,
    "deck.two-decks": _two_decks,
    "deck.junior": _junior,
    "setup.dealer-draw": _dealer_draw,
    "start.shuffle-hands": _wild_start("WS"),
    "start.customizable": _wild_start("WC"),
    "start.number-only": _number_only,
    "score.card-values-2022": _card_values_2022,
    "house.kids": _kids,
    "house.open-below": _open_below,
    "house.shuffle-seats": _shuffle_seats,
}


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_example_runs_and_cites_its_rule(key: str) -> None:
    example = EXAMPLES[key]
    assert example.rule_id in CATALOGUE
    assert example.rule_id in presets.available()
    outcome = example.run()
    if example.rule_id in outcome.cited:
        return
    check = SHOWN_IN_THE_POSITION.get(example.rule_id)
    assert check is not None, (
        f"{key}: the verdict cites {outcome.cited}, not {example.rule_id}\n"
        + "\n".join(v.text for v in outcome.verdicts)
    )
    assert example.note, f"{key}: say in `note` what the position shows"
    assert check(outcome), f"{key}: the position does not show the rule:\n{describe(outcome.state)}"


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_example_rule_is_in_force(key: str) -> None:
    example = EXAMPLES[key]
    rules = example.rules()
    assert example.rule_id in rules.rule_ids or example.rule_id in rules.stacking.rule_ids


def test_every_available_rule_has_an_example() -> None:
    covered = {e.rule_id for e in EXAMPLES.values()}
    missing = [rid for rid in presets.available() if rid not in covered]
    assert not missing, f"available rules without a worked example: {missing}"


def test_only_the_last_move_may_be_refused() -> None:
    for key, example in EXAMPLES.items():
        outcome = example.run()
        assert all(v.allowed for v in outcome.verdicts[:-1]), key
        assert len(outcome.verdicts) == len(example.parsed_moves()), key


def test_keys_name_the_rule() -> None:
    for key, example in EXAMPLES.items():
        assert key == example.rule_id or key.startswith(f"{example.rule_id}#"), key


def test_examples_replay_exactly() -> None:
    for key, example in EXAMPLES.items():
        first, second = example.run(), example.run()
        assert first.state == second.state, key
        assert [v.text for v in first.verdicts] == [v.text for v in second.verdicts], key


def test_command_is_the_same_verdict_as_the_example() -> None:
    from unorules.cli import main

    example = EXAMPLES["wd4.no-matching-colour"]
    command = example.command()
    assert command == (
        'unorules explain "top R7; hands R3 W+4 G5 / B2 B9 / Y1 Y2" "0 play W+4 blue"'
    )
    assert main(["explain", example.situation or "", example.moves]) == 0
    assert Example(rule_id="x", title="dealt", moves="0 draw").command() is None


# --- disputes ----------------------------------------------------------------------------


def test_disputes_are_numbered_1_to_20() -> None:
    assert [d.number for d in DISPUTES] == list(range(1, 21))


@pytest.mark.parametrize("dispute", DISPUTES, ids=lambda d: f"case-{d.number}")
def test_dispute_is_settled_by_its_rule(dispute: Dispute) -> None:
    example, cites = dispute.example, dispute.cites
    if any(rid not in presets.available() for rid in cites):
        with pytest.raises(ur.RuleSetError):
            example.run()
        return
    outcome = example.run()
    first = cites[0]
    if first in SHOWN_IN_THE_POSITION and first not in outcome.cited:
        assert SHOWN_IN_THE_POSITION[first](outcome)
    else:
        assert first in outcome.cited, (first, outcome.cited)


VERDICTS = {
    1: "bluff",
    2: "legal",
    3: "illegal",
    4: "legal",
    5: "legal",
    9: "legal",
    10: "no effect",
    11: "no effect",
    12: "legal",
    13: "legal",
    14: "illegal",
    15: "illegal",
    16: "legal",
    17: "illegal",
    18: "legal",
    19: "legal",
    20: "legal",
}
"""The verdict on the disputed move of each case that has one (disputes.md)."""


@pytest.mark.parametrize(("number", "verdict"), VERDICTS.items())
def test_dispute_verdict(number: int, verdict: str) -> None:
    outcome = DISPUTES[number - 1].example.run()
    assert outcome.verdict is not None
    assert outcome.verdict.verdict == verdict
