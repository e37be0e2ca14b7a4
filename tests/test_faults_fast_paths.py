"""The fast paths of move listing and applying, and the answers kept per
rule set (the plan), under a table's own policies and states built by hand:
they give what the full check gives (``play.one-card``, ``uno.call``), a
table's own policy that fails gives a PolicyError naming it, and a state
that no move can reach is refused (``play.match``, ``draw.*``)."""

from __future__ import annotations

import attrs
import pytest

import unorules as ur
from unorules import HouseRule
from unorules.cards import Card
from unorules.engine import generation
from unorules.rules.policies import Refusal


@attrs.frozen
class NoRedFives:
    """match: a red five may never be laid (any count)."""

    before: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.no-red-five")

    def at_once(self, card: Card, held: int) -> int:
        return self.before.at_once(card, held)

    def lay(self, card: Card, count: int) -> Refusal | None:
        if card.code == "R5":
            return Refusal(("table.no-red-five",), "red fives are never laid")
        return self.before.lay(card, count)


NO_RED_FIVE = HouseRule(
    id="table.no-red-five",
    title="No red fives",
    text="Red fives may not be laid.",
    slot="match",
    build=lambda rules: NoRedFives(rules.match),
)


@attrs.frozen
class FailingFalseCall:
    """uno_penalty: the library's, except that false_call() fails."""

    before: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.failing-penalty")

    def false_call(self) -> object:
        raise ValueError("false_call is broken")

    def __getattr__(self, name: str) -> object:
        return getattr(self.before, name)


FAILING_PENALTY = HouseRule(
    id="table.failing-penalty",
    title="Failing penalty",
    text="A penalty policy that fails.",
    slot="uno_penalty",
    build=lambda rules: FailingFalseCall(rules.uno_penalty),
)


@attrs.frozen
class FailingAtOnce:
    """match: the library's, except that at_once() fails."""

    before: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.failing-match")

    def at_once(self, card: Card, held: int) -> int:
        raise ValueError("at_once is broken")

    def lay(self, card: Card, count: int) -> Refusal | None:
        return self.before.lay(card, count)


FAILING_MATCH = HouseRule(
    id="table.failing-match",
    title="Failing match",
    text="A match policy that fails.",
    slot="match",
    build=lambda rules: FailingAtOnce(rules.match),
)


@attrs.frozen
class TriplesOnly:
    """match: one card, or three identical cards laid together (never two)."""

    before: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.triples")

    def at_once(self, card: Card, held: int) -> int:
        return 3 if held >= 3 else 1

    def lay(self, card: Card, count: int) -> Refusal | None:
        if count in (1, 3):
            return None
        return Refusal(("table.triples",), "one card or three of a kind")


TRIPLES = HouseRule(
    id="table.triples",
    title="Triples",
    text="Three identical cards may be laid together.",
    slot="match",
    build=lambda rules: TriplesOnly(rules.match),
)


def no_red_five_state() -> ur.GameState:
    rules = ur.presets.get("official+table.no-red-five", house_rules=[NO_RED_FIVE])
    return ur.situation(rules, ["R5 G3 B7", "Y1 Y2"], top="R7")


R5 = Card.parse("R5")


# --- match.lay(card, 1) refused


def test_check_refuses_a_card_the_match_policy_refuses_alone() -> None:
    """check of a play the table's match policy refuses (lay(R5, 1) names
    table.no-red-five) should be a refusal citing it; it recurses
    (_check_shape -> _form -> _rule -> _check_shape ...) until a
    RecursionError, reported as a PolicyError blaming the policy."""
    state = no_red_five_state()
    ruling = ur.check(state, ur.Play(0, R5))
    assert not ruling.allowed
    assert "table.no-red-five" in ruling.rule_ids


def test_listing_leaves_out_a_card_the_match_policy_refuses_alone() -> None:
    """The fast listing of a normal turn takes a matching coloured card
    outside Seats.full as playable without asking match.lay(card, 1)."""
    state = no_red_five_state()
    assert ur.Play(0, R5) not in ur.legal_moves(state)
    assert ur.Play(0, R5) not in ur.turn_moves(no_red_five_state())


def test_listing_agrees_with_the_reference_generator_under_a_table_match_policy() -> None:
    state = no_red_five_state()
    listed = ur.legal_moves(state)
    try:
        reference = generation._reference_moves(no_red_five_state())
    except ur.UnoError as error:  # the reference runs into the check's recursion
        pytest.fail(f"the full check failed where the listing answered {listed}: {error}")
    assert listed == reference


def test_apply_does_not_lay_a_card_the_match_policy_refuses_alone() -> None:
    """Neither listed nor applied: apply refuses it citing the table's rule."""
    state = no_red_five_state()
    assert all(m != ur.Play(0, R5) for m in ur.legal_moves(state))
    with pytest.raises(ur.IllegalMove) as caught:
        ur.apply(state, ur.Play(0, R5))
    assert caught.value.rule_ids == ("table.no-red-five",)


# --- a policy failing in the plan


@pytest.mark.parametrize("house_rule", [FAILING_PENALTY, FAILING_MATCH], ids=lambda h: h.id)
@pytest.mark.parametrize(
    "call",
    [
        ur.legal_moves,
        ur.turn_moves,
        lambda s: ur.check(s, ur.Draw(0)),
        lambda s: ur.apply(s, ur.Draw(0)),
    ],
    ids=["legal_moves", "turn_moves", "check", "apply"],
)
def test_a_policy_failing_while_the_plan_is_made_gives_a_policy_error(house_rule, call) -> None:
    """A table's policy that raises while Plan.__init__ asks it (false_call,
    at_once, ...) escapes as its raw exception: the handler that should wrap
    it asks plan(rules).foreign, which builds the Plan again and raises the
    same error from inside the except clause."""
    rules = ur.presets.get(f"official+{house_rule.id}", house_rules=[house_rule])
    state = ur.situation(rules, ["R5 G3 B7", "Y1 Y2"], top="R7")
    name = type(house_rule.build(ur.presets.official())).__name__
    with pytest.raises(ur.PolicyError, match=name):
        call(state)


# --- at_once(card, 2) == 1 < at_once(card, 3)


def triples_state() -> ur.GameState:
    rules = ur.presets.get("official+table.triples", house_rules=[TRIPLES])
    return ur.situation(rules, ["W W W G5", "Y1 Y2"], top="R7")


def test_listing_includes_a_play_of_three_when_two_may_not_be_laid() -> None:
    """Plan.several and Seats.full ask only at_once(card, 2): a match policy
    that lets three copies go together but not two is taken for one card a
    play, so legal_moves leaves out `0 play W x3 <colour>` (which check
    allows and apply applies) and the UNO call that laying it makes due."""
    state = triples_state()
    triple = ur.Play(0, Card.parse("W"), ur.Color.RED, count=3)
    assert ur.check(state, triple).allowed
    listed = ur.legal_moves(state)
    assert triple in listed
    assert ur.CallUno(0) in listed
    assert triple in ur.turn_moves(triples_state())


def test_listing_matches_the_reference_generator_for_triples() -> None:
    state = triples_state()
    assert ur.legal_moves(state) == generation._reference_moves(triples_state())


# --- a challenge leaves an invalid state


def test_a_wild_draw_four_record_whose_colour_the_card_under_it_contradicts_is_refused() -> None:
    """A coloured card leaves its own colour in force (play.match): a Wild
    Draw Four laid on BS found blue in force, so a record saying yellow was
    (which a successful challenge under challenge.take-back would put back
    in force on BS) is a state that cannot exist."""
    from unorules.cards import Color
    from unorules.state import Pending, PendingKind, Phase, Wd4Record

    rules = ur.presets.get("official+challenge.take-back")
    state = ur.situation(
        rules, ["R1 R2", "G8 B5"], top="W+4", color="yellow", discard_pile="BS W+4"
    )
    owe = Pending(PendingKind.DRAW, 0, 4, Card.parse("W+4"), ("action.wild-draw-four",))
    wrong = attrs.evolve(state, phase=Phase.OWE, pending=owe, wd4=Wd4Record(1, True, Color.YELLOW))
    with pytest.raises(ur.StateError) as caught:
        ur.validate_state(wrong)
    assert caught.value.field == "wd4.previous_color"
    right = attrs.evolve(wrong, wd4=Wd4Record(1, True, Color.BLUE))
    ur.validate_state(right)
    after = ur.apply(right, ur.Challenge(0))
    ur.validate_state(after)
    assert after.top == Card.parse("BS") and after.color is Color.BLUE


# --- an UNO call due at three cards


@attrs.frozen
class CallAtThree:
    """uno_call: the call is due on one's own turn holding three cards."""

    before: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.call-at-three")

    def due(self, held: int, own_turn: bool, lays_to_one: object) -> bool:
        return own_turn and held == 3

    def late(self, closed: bool) -> bool:
        return self.before.late(closed)

    def may_go_out(self, missing_call: bool) -> str | None:
        return self.before.may_go_out(missing_call)


CALL_AT_THREE = HouseRule(
    id="table.call-at-three",
    title="Call at three",
    text="Call UNO holding three cards on your turn.",
    slot="uno_call",
    build=lambda rules: CallAtThree(rules.uno_call),
)


def test_listing_includes_a_call_the_uno_call_policy_makes_due_at_three() -> None:
    """UnoCallPolicy.due is given the number of cards held; check counts the
    call of seat 0 holding three, but _calls_and_catches only asks a seat
    holding two (unless a false call is priced or several cards may be laid
    at once), so legal_moves leaves the counting call out."""
    rules = ur.presets.get("official+table.call-at-three", house_rules=[CALL_AT_THREE])
    state = ur.situation(rules, ["R1 G5 B7", "Y1 Y2"], top="R7")
    ruling = ur.check(state, ur.CallUno(0))
    assert ruling.allowed and not ruling.void
    assert ur.CallUno(0) in ur.legal_moves(state)


# --- a drawn card that does not fit


def test_a_valid_running_round_lists_some_move() -> None:
    """legal_moves is empty only when the round is over. validate_state
    accepts a DRAWN phase whose drawn card (W+4) is a bluff (the hand holds
    R1 on R7), which drawing never leaves (the drawn card must fit); under
    house.play-drawn with strict rules nothing at all may then be done."""
    from unorules.state import Phase

    rules = ur.presets.get("official+house.play-drawn+strict")
    state = ur.situation(rules, ["R1 G5 W+4", "Y1 Y2"], top="R7")
    state = attrs.evolve(state, phase=Phase.DRAWN, drawn=Card.parse("W+4"))
    with pytest.raises(ur.StateError) as caught:
        ur.validate_state(state)
    assert caught.value.field == "drawn"
    fits = ur.situation(rules, ["G5 W+4", "Y1 Y2"], top="R7")
    fits = attrs.evolve(fits, phase=Phase.DRAWN, drawn=Card.parse("W+4"))
    ur.validate_state(fits)
    assert ur.legal_moves(fits)
