"""A card that does not fit, judged with a cost instead of refused: the match
policy's ``Misplay`` answer, and ``house.misplay-penalty`` (letsuno's
"misplay penalty"). The outcomes are worked out by hand from the rule's
text: the card goes back into the hand, its player draws 1 card from the top
of the draw pile, and the turn passes to the next seat clockwise.
"""

from __future__ import annotations

import attrs
import pytest
from helpers import card, cards, rules
from hypothesis import given, settings

import unorules as ur
from unorules import reasons as rs
from unorules.events import CardsDrawn, CardTakenBack, DrawCause
from unorules.rules.policies import Fits, Misplay, Penalty, Refusal, official_fit
from unorules.testing import games

MISPLAY = "official+house.misplay-penalty"


def _state(spec: str = MISPLAY) -> ur.GameState:
    """Seat 0 holds R3 G5 B1 on B7, and R9 tops the draw pile."""
    return ur.situation(rules(spec), ["R3 G5 B1", "Y5 Y6", "Y8 Y9"], top="B7", draw_pile="R9 R8 R7")


def test_the_card_goes_back_and_its_player_draws_one() -> None:
    s = _state()
    move = ur.Play(0, card("R3"))
    ruling = ur.check(s, move)
    assert (ruling.allowed, ruling.legal) == (True, False)
    assert ruling.rule_ids == ("house.misplay-penalty", "play.match")
    assert ruling.why == rs.Misplayed(card("R3"), card("B7"), ur.Color.BLUE, 1)
    # A mistake the rule judges, not a move to choose: never listed.
    assert move not in ur.legal_moves(s)
    after, events = ur.apply_with_events(s, move)
    assert after.hands == (cards("R3 G5 B1 R9"), cards("Y5 Y6"), cards("Y8 Y9"))
    assert after.draw_pile == cards("R8 R7")
    assert after.discard_pile == cards("B7")
    assert (after.current, after.color, after.phase) == (1, ur.Color.BLUE, ur.Phase.TURN)
    assert events == (
        CardTakenBack(rule_id="house.misplay-penalty", seat=0, card=card("R3")),
        CardsDrawn(
            rule_id="house.misplay-penalty", seat=0, count=1, drawn=1, cause=DrawCause.MISPLAY
        ),
    )
    ur.validate_state(after)


def test_the_official_rules_refuse_it() -> None:
    ruling = ur.check(_state("official"), ur.Play(0, card("R3")))
    assert (ruling.allowed, ruling.rule_ids) == (False, ("play.match",))
    assert isinstance(ruling.why, rs.NoMatch)
    with pytest.raises(ur.IllegalMove):
        ur.apply(_state("official"), ur.Play(0, card("R3")))


def test_a_card_that_fits_is_played_as_ever() -> None:
    s = _state()
    after = ur.apply(s, ur.Play(0, card("B1")))
    assert after.hands[0] == cards("R3 G5") and after.top == card("B1")
    assert ur.check(s, ur.Play(0, card("B1"))).rule_ids[0] == "play.match"


def test_the_verdict_says_it_does_not_stand_and_what_it_costs() -> None:
    verdict = ur.explain(_state(), ur.Play(0, card("R3")))
    assert (verdict.legal, verdict.allowed, verdict.bluff, verdict.misplay) == (
        False,
        True,
        False,
        True,
    )
    assert verdict.verdict == "misplay" and verdict.to_dict()["misplay"] is True
    assert verdict.text.startswith("MISPLAY: 0 play R3 - R3 does not fit on B7")
    assert verdict.rule_ids == ("house.misplay-penalty", "play.match")
    assert verdict.headline == (
        "Not a fit – seat 0 may play R3, but it does not fit on B7: it goes back into the "
        "hand, seat 0 draws 1 card, and the turn passes."
    )
    sv = ur.explain(_state(), ur.Play(0, card("R3")), lang="sv")
    assert sv.headline == (
        "Passar inte – plats 0 får lägga röd 3, men kortet passar inte på blå 7: det tas "
        "tillbaka till handen, plats 0 drar 1 kort, och turen går vidare."
    )
    nb = ur.explain(_state(), ur.Play(0, card("R3")), lang="nb")
    assert nb.headline == (
        "Passer ikke – plass 0 kan legge rød 3, men kortet passer ikke på blå 7: det går "
        "tilbake på hånden, plass 0 trekker 1 kort, og turen går videre."
    )


def test_on_a_wild_the_colour_named_is_what_it_misses() -> None:
    s = ur.situation(rules(MISPLAY), ["G5 R1", "Y5 Y6"], top="W", color="red", draw_pile="B2")
    ruling = ur.check(s, ur.Play(0, card("G5")))
    assert ruling.why == rs.Misplayed(card("G5"), card("W"), ur.Color.RED, 1)
    verdict = ur.explain(s, ur.Play(0, card("G5")))
    assert verdict.headline == (
        "Not a fit – seat 0 may play G5, but it does not fit on W with red in force: it goes "
        "back into the hand, seat 0 draws 1 card, and the turn passes."
    )
    after = ur.apply(s, ur.Play(0, card("G5")))
    assert after.hands[0] == cards("G5 R1 B2") and after.color is ur.Color.RED


def test_out_of_turn_or_on_a_debt_it_is_refused() -> None:
    jump = ur.situation(
        rules(MISPLAY + "+house.jump-in"), ["R3 G5", "Y5 Y6", "B2 G9"], top="B7", current=1
    )
    assert not ur.check(jump, ur.Play(2, card("G9"))).allowed
    owed = ur.apply(
        ur.situation(rules(MISPLAY), ["R+2 G5", "Y5 Y6"], top="R7", draw_pile="B1 B2 B3"),
        ur.Play(0, card("R+2")),
    )
    assert owed.phase is ur.Phase.OWE
    assert not ur.check(owed, ur.Play(1, card("Y5"))).allowed


def test_it_combines_with_laying_identical_cards() -> None:
    both = rules("official+house.multiple-identical+house.misplay-penalty")
    assert {"house.multiple-identical", "house.misplay-penalty"} <= set(both.rule_ids)
    s = ur.situation(both, ["R3 R3 B1", "Y5 Y6"], top="B7", draw_pile="G1 G2")
    after = ur.apply(s, ur.Play(0, card("R3"), count=2))
    assert after.hands[0] == cards("R3 R3 B1 G1") and after.current == 1


@attrs.frozen
class ListedMisplay:
    """A table's own matching rule: a card that does not fit costs 2 cards
    and is a move the players may choose (``listed``)."""

    rule_ids: tuple[str, ...] = ("play.match", "play.one-card", "play.in-turn")

    def fits(self, c: ur.Card, top: ur.Card, color: ur.Color | None) -> Fits | Refusal | Misplay:
        fit = official_fit(c, top, color)
        if isinstance(fit, Fits):
            return fit
        return Misplay(("play.match",), Penalty("play.match", 2), listed=True)

    def at_once(self, c: ur.Card, held: int) -> int:
        return 1

    def lay(self, c: ur.Card, count: int) -> Refusal | None:
        return None if count == 1 else Refusal(("play.one-card",), "one card a turn")


def test_a_listed_misplay_is_a_legal_move_to_choose() -> None:
    table = rules().replace(match=ListedMisplay())
    s = ur.situation(table, ["R3 G5 B1", "Y5 Y6", "Y8 Y9"], top="B7", draw_pile="R9 R8 R7")
    move = ur.Play(0, card("R3"))
    listed = ur.legal_moves(s)
    assert move in listed and ur.Play(0, card("G5")) in listed
    chosen = next(m for m in listed if m == move)
    after = ur.apply(s, chosen)  # the listed object itself: the fast path
    assert after.hands[0] == cards("R3 G5 B1 R9 R8") and after.current == 1
    assert after == ur.apply(s, ur.Play(0, card("R3")))


@attrs.frozen
class BadMisplay:
    rule_ids: tuple[str, ...] = ("play.match",)

    def fits(self, c: ur.Card, top: ur.Card, color: ur.Color | None) -> Misplay:
        return Misplay(("play.match",), "one card")  # type: ignore[arg-type]

    def at_once(self, c: ur.Card, held: int) -> int:
        return 1

    def lay(self, c: ur.Card, count: int) -> None:
        return None


def test_a_misplay_without_a_penalty_is_the_policys_error() -> None:
    s = ur.situation(rules().replace(match=BadMisplay()), ["R3 G5", "Y5 Y6"], top="B7")
    with pytest.raises(ur.PolicyError, match="penalty 'one card' is no Penalty"):
        ur.check(s, ur.Play(0, card("R3")))


@settings(max_examples=25, deadline=None)
@given(states=games(rules(MISPLAY), max_moves=60))
def test_every_misplay_leaves_a_state_that_can_exist(states: list[ur.GameState]) -> None:
    """In random positions, every coloured card that does not fit, laid in
    turn, goes back: the hand grows by the card drawn, the top card and the
    colour stay, and the next seat plays."""
    for s in states:
        if s.phase is not ur.Phase.TURN or not s.draw_pile:
            continue
        seat = s.current
        for c in dict.fromkeys(s.hands[seat]):
            move = ur.Play(seat, c)
            if c.color is None or isinstance(official_fit(c, s.top, s.color), Fits):
                continue
            if len(s.hands[seat]) == 1:
                continue  # a last card: the going-out rules speak first
            after = ur.apply(s, move)
            ur.validate_state(after)
            assert len(after.hands[seat]) == len(s.hands[seat]) + 1
            assert after.discard_pile == s.discard_pile and after.color is s.color
            assert after.current != seat or len(s.hands) == 1


def test_the_heuristic_bot_makes_no_misplay_a_table_lists() -> None:
    from unorules.play.bots import HeuristicBot

    table = rules().replace(match=ListedMisplay())
    s = ur.situation(table, ["R3 G5 B1", "Y5 Y6", "Y8 Y9"], top="B7", draw_pile="R9 R8 R7")
    bot = HeuristicBot()
    assert bot.choose(s, 0, ur.legal_moves(s)) == ur.Play(0, card("B1"))
    # Holding nothing that fits, it draws rather than misplay.
    stuck = ur.situation(table, ["R3 G5", "Y5 Y6", "Y8 Y9"], top="B7", draw_pile="R9 R8 R7")
    assert ur.Play(0, card("R3")) in ur.legal_moves(stuck)
    assert bot.choose(stuck, 0, ur.legal_moves(stuck)) == ur.Draw(0)


def test_a_record_with_a_misplay_has_nothing_to_report() -> None:
    """A misplay is paid for as it is made: check finds nothing to report,
    and the record replays to the same state."""
    from unorules.record_check import check_record

    for seed in range(50):
        start = ur.new_round(rules(MISPLAY), 3, seed)
        seat = start.current
        bad = [
            c
            for c in start.hands[seat]
            if c.color is not None and not isinstance(official_fit(c, start.top, start.color), Fits)
        ]
        if start.phase is ur.Phase.TURN and bad:
            break
    move = ur.Play(seat, bad[0])
    after = ur.apply(start, move)
    recorder = ur.Recorder()
    recorder.deal(start)
    recorder.move(move, after)
    assert check_record(recorder.record).findings == ()
    assert ur.replay(recorder.record)[0][-1] == after


@pytest.mark.parametrize(
    ("spec", "hand", "top"),
    [
        ("official+house.misplay-penalty+house.multiple-identical", "B5 B5 R1", "R7"),
        ("official+house.misplay-penalty+house.seven-zero", "B7 R1 R2", "R5"),
    ],
)
def test_an_unlisted_misplay_is_listed_by_no_path(spec: str, hand: str, top: str) -> None:
    """A card held twice, or a 7 that would name a seat, is listed on the
    engine's full path: a misplay the rule does not list is left out there
    too."""
    s = ur.situation(rules(spec), [hand, "Y1 Y2", "Y3 Y4"], top=top)
    listed = [m for m in ur.legal_moves(s) if isinstance(m, ur.Play)]
    assert listed == [ur.Play(0, card("R1"))] + ([ur.Play(0, card("R2"))] if "R2" in hand else [])
    assert all(ur.check(s, m).legal for m in ur.legal_moves(s))


def test_a_misplayed_seven_names_no_seat() -> None:
    s = ur.situation(
        rules(MISPLAY + "+house.seven-zero"),
        ["B7 R1 R2", "Y1 Y2", "Y3 Y4"],
        top="R5",
        draw_pile="G1",
    )
    assert ur.check(s, ur.Play(0, card("B7"))).rule_ids == ("house.misplay-penalty", "play.match")
    named = ur.check(s, ur.Play(0, card("B7"), swap_with=1))
    assert not named.allowed
    assert named.reason.startswith("B7 does not fit, so it swaps no hands: no seat is named")
    assert "bluff" not in named.reason
    after = ur.apply(s, ur.Play(0, card("B7")))
    assert after.hands[:2] == (cards("B7 R1 R2 G1"), cards("Y1 Y2"))


def test_too_many_copies_of_a_misplay_say_the_card_does_not_fit() -> None:
    s = ur.situation(
        rules(MISPLAY + "+house.multiple-identical"), ["B5 B5 R1", "Y1 Y2", "Y3 Y4"], top="R7"
    )
    reason = ur.check(s, ur.Play(0, card("B5"), count=3)).reason
    assert reason.startswith("seat 0 holds only 2 B5; as `0 play B5 x2` the card does not fit")
    assert "bluff" not in reason


@attrs.frozen
class Malformed:
    rule_ids: tuple[str, ...] = ("play.match",)
    answer: object = None

    def fits(self, c: ur.Card, top: ur.Card, color: ur.Color | None) -> object:
        return self.answer if not isinstance(official_fit(c, top, color), Fits) else _FIT

    def at_once(self, c: ur.Card, held: int) -> int:
        return 1

    def lay(self, c: ur.Card, count: int) -> None:
        return None


_FIT = Fits(("play.match",))


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (Misplay((), Penalty("play.match", 1)), r"rule_ids \(\) are no tuple"),
        (Misplay("table.x", Penalty("table.x", 1)), "rule_ids 'table.x' are no tuple"),  # type: ignore[arg-type]
        (Misplay(("table.x",), Penalty("", 1)), "cites no rule"),
        (Misplay(("table.x",), Penalty("table.x", 1), listed="no"), "listed 'no'"),  # type: ignore[arg-type]
        (Misplay(("table.x",), Penalty("table.x", 1), reason=123), "reason 123"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_misplay_is_the_policys_error_everywhere(answer: object, said: str) -> None:
    s = ur.situation(rules().replace(match=Malformed(answer=answer)), ["R3 G5", "Y5 Y6"], top="B7")
    for ask in (ur.check, ur.apply, ur.apply_with_events, ur.explain):
        with pytest.raises(ur.PolicyError, match=said):
            ask(s, ur.Play(0, card("R3")))


def test_a_misplay_that_ends_the_round_says_so() -> None:
    s = ur.situation(rules(MISPLAY), ["R3 G5", "Y5 Y6"], top="B7", draw_pile="")
    verdict = ur.explain(s, ur.Play(0, card("R3")))
    assert verdict.state is not None and verdict.state.round_over
    assert verdict.headline == (
        "Not a fit – seat 0 may play R3, but it does not fit on B7: it goes back into the hand, "
        "and seat 0 cannot draw: nothing is left to draw or reshuffle."
    )


def test_a_call_that_drawing_outgrew_covers_nothing_once_a_card_is_laid() -> None:
    """Seat 0 calls UNO holding 2 cards, then draws until a card fits
    (house.draw-until-playable) and lays it, keeping 3: the call covers
    nothing any more, so when the Skip it laid has been taken (house.stack-skip)
    and its turn comes round, it holds 3 cards and no call."""
    spec = "official+house.draw-until-playable+house.stack-skip"
    s = ur.situation(rules(spec), ["YR R5", "G3 B2"], top="Y4", draw_pile="RR YS G1")
    s = ur.apply(s, ur.CallUno(0))
    s = ur.apply(s, ur.Draw(0))
    assert s.hands[0] == cards("YR R5 RR YS") and s.uno_called == 0
    s = ur.apply(s, ur.Play(0, card("YS")))
    assert s.uno_called is None
    s = ur.apply(s, ur.Pass(1))
    assert (s.current, s.hands[0], s.uno_called) == (0, cards("YR R5 RR"), None)
    ur.validate_state(s)
