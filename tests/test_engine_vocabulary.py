"""The engine's vocabulary: whether a card fits is a question of the rule
set's policies (the match slot's ``fits``, the wild and Wild Draw Four
policies), and the engine names no face and no colour of its own.

The values below are worked out by hand from RULES.md (``play.match``,
``wild.any-time``, ``wd4.no-matching-colour``).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from helpers import card, cards, rules

import unorules as ur
from unorules.cards import Card, Color
from unorules.explanations.languages import Wording
from unorules.explanations.sentences import render_reason
from unorules.rules.policies import (
    Fit,
    Fits,
    Misplay,
    OfficialMatch,
    Penalty,
    Refusal,
    official_fit,
)

ENGINE = Path(ur.__file__).parent / "engine"
CLASSIC_COLOURS = {"RED", "YELLOW", "GREEN", "BLUE"}

# What the engine still names, module by module: nothing. Every question of
# a card is the rule set's (the sequencing modules), and state validation
# asks the challenge, Wild Draw Four and action policies which card a
# challenge record may hold and what follows it. The count may only fall: a
# new name fails.
STILL_NAMED: dict[str, Counter[str]] = {}


def _named(tree: ast.AST) -> Counter[str]:
    """Every face named (``Face.X``) and every classic colour (``Color.X``);
    the types ``Face`` and ``Color`` themselves name none."""
    found: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "Face":
                found[f"Face.{node.attr}"] += 1
            elif node.value.id == "Color" and node.attr in CLASSIC_COLOURS:
                found[f"Color.{node.attr}"] += 1
    return found


def test_the_engine_names_no_new_face_or_colour() -> None:
    modules = sorted(ENGINE.glob("*.py"))
    assert {m.name for m in modules} >= {"checking.py", "applying.py", "generation.py", "plan.py"}
    named = {m.name: _named(ast.parse(m.read_text(encoding="utf-8"))) for m in modules}
    assert {k: v for k, v in named.items() if v} == STILL_NAMED


def test_the_vocabulary_check_sees_faces_and_colours() -> None:
    source = (
        "from unorules.cards import Face, Color\n"
        "x = Face.WILD if c is Color.RED else Color.BLUE\n"
        "y = Color.of(z)\n"
    )
    assert _named(ast.parse(source)) == Counter({"Face.WILD": 1, "Color.RED": 1, "Color.BLUE": 1})


# --- the fit question under the official rules -------------------------------------------


@pytest.mark.parametrize(
    ("code", "top", "colour", "fits"),
    [
        ("R7", "B7", Color.BLUE, True),  # the same number
        ("R7", "B5", Color.BLUE, False),  # neither colour nor number
        ("B2", "B5", Color.BLUE, True),  # the colour in force
        ("GS", "RS", Color.RED, True),  # the same symbol
        ("G+2", "RS", Color.RED, False),  # another symbol
        ("B1", "W", Color.BLUE, True),  # the colour named with a Wild
        ("R1", "W", Color.BLUE, False),  # a Wild has no number: only the colour counts
        ("B7", "W+4", Color.RED, False),
    ],
)
def test_official_fit(code: str, top: str, colour: Color, fits: bool) -> None:
    answer = OfficialMatch().fits(card(code), card(top), colour)
    assert answer == (Fits(("play.match",)) if fits else Refusal(("play.match",)))
    assert official_fit(card(code), card(top), colour) == answer
    assert OfficialMatch(multiple=True).fits(card(code), card(top), colour) == answer


def _at(spec: str, hand: str, top: str, color: str | None = None) -> ur.GameState:
    return ur.situation(rules(spec), [hand, "Y5 Y6", "Y8 Y9"], top=top, color=color)


def test_a_red_seven_fits_a_blue_seven_through_the_engine() -> None:
    s = _at("official", "R7 R5 G1", "B7")
    ruling = ur.check(s, ur.Play(0, card("R7")))
    assert (ruling.allowed, ruling.legal, ruling.rule_ids) == (True, True, ("play.match",))
    assert ruling.reason == "R7 matches the number in force"
    refused = ur.check(s, ur.Play(0, card("R5")))
    assert (refused.allowed, refused.rule_ids) == (False, ("play.match",))
    plays = {m.card.code for m in ur.legal_moves(s) if isinstance(m, ur.Play)}
    assert plays == {"R7"}


def test_a_wild_fits_on_anything() -> None:
    for top in ("B7", "RS", "G+2", "Y0"):
        s = _at("official", "W R5 G1", top)
        ruling = ur.check(s, ur.Play(0, card("W"), Color.GREEN))
        assert (ruling.allowed, ruling.legal, ruling.rule_ids) == (True, True, ("wild.any-time",))


def test_wild_draw_four_with_the_colour_held_is_a_bluff_unless_strict() -> None:
    move = ur.Play(0, card("W+4"), Color.GREEN)
    bluff = ur.check(_at("official", "W+4 B5 G1", "B7"), move)
    assert (bluff.allowed, bluff.legal, bluff.rule_ids) == (
        True,
        False,
        ("wd4.no-matching-colour",),
    )
    strict_rules = rules().replace(strict=True)
    strict_state = ur.situation(strict_rules, ["W+4 B5 G1", "Y5 Y6", "Y8 Y9"], top="B7")
    strict = ur.check(strict_state, move)
    assert (strict.allowed, strict.legal, strict.rule_ids) == (
        False,
        False,
        ("wd4.no-matching-colour",),
    )
    # Without the colour in force (a blue 7 on top, no blue card held) it keeps the rule.
    lawful = ur.check(_at("official", "W+4 R7 G1", "B7"), move)
    assert (lawful.allowed, lawful.legal, lawful.rule_ids) == (
        True,
        True,
        ("wd4.no-matching-colour",),
    )


# --- a table's own matching rule ---------------------------------------------------------


def _even(c: Card) -> bool:
    return c.face.is_number and int(c.face.value) % 2 == 0


@attrs.frozen
class EvenOnEven:
    """A table's rule: an even number fits on an even number, whatever the
    colour; otherwise the official match."""

    official: OfficialMatch = attrs.field(factory=OfficialMatch)
    rule_ids: tuple[str, ...] = ("table.even-on-even", "play.match", "play.one-card")

    def fits(self, card: Card, top: Card, color: Color | None) -> Fit:
        if _even(card) and _even(top):
            return Fits(("table.even-on-even",), "an even number may be laid on an even number")
        return official_fit(card, top, color)

    def at_once(self, card: Card, held: int) -> int:
        return self.official.at_once(card, held)

    def lay(self, card: Card, count: int) -> Refusal | None:
        return self.official.lay(card, count)


def test_a_matching_rule_of_ones_own_decides_what_fits() -> None:
    table = rules().replace(match=EvenOnEven())
    s = ur.situation(table, ["R4 G3 B9 Y5", "Y5 Y6", "Y8 Y9"], top="B8")
    # Officially only B9 (the colour) fits; the table's rule adds R4 (4 and 8 are even).
    plays = {m.card.code for m in ur.legal_moves(s) if isinstance(m, ur.Play)}
    assert plays == {"B9", "R4"}
    official = ur.situation(rules(), ["R4 G3 B9 Y5", "Y5 Y6", "Y8 Y9"], top="B8")
    assert {m.card.code for m in ur.legal_moves(official) if isinstance(m, ur.Play)} == {"B9"}

    move = ur.Play(0, card("R4"))
    verdict = ur.explain(s, move)
    assert verdict.legal is True and verdict.allowed is True
    assert verdict.rule_ids[0] == "table.even-on-even"
    assert "an even number may be laid on an even number" in verdict.text
    after = ur.apply(s, move)
    assert after.discard_pile[-1] == card("R4")
    assert after.hands[0] == (card("G3"), card("B9"), card("Y5"))
    assert after.color is Color.RED
    assert verdict.state == after

    # An odd number on an even one is still refused by play.match.
    refused = ur.explain(s, ur.Play(0, card("G3")))
    assert refused.allowed is False and refused.rule_ids[0] == "play.match"
    with pytest.raises(ur.IllegalMove):
        ur.apply(s, ur.Play(0, card("G3")))
    # Seat 1 (Y5 Y6) on R4: Y6 fits by the table's rule, Y5 by none.
    assert after.current == 1
    assert {m.card.code for m in ur.legal_moves(after) if isinstance(m, ur.Play)} == {"Y6"}


def test_a_matching_rule_in_other_languages_names_the_cards() -> None:
    table = rules().replace(match=EvenOnEven())
    s = ur.situation(table, ["R4 G3 B9 Y5", "Y5 Y6", "Y8 Y9"], top="B8")
    ruling = ur.check(s, ur.Play(0, card("R4")))
    assert render_reason(ruling.why) == "an even number may be laid on an even number"
    sv = render_reason(ruling.why, Wording("sv"))
    nb = render_reason(ruling.why, Wording("nb"))
    assert "får läggas på" in sv and "kan legges på" in nb


@attrs.frozen
class OldMatch:
    """A match policy written before the fit question: no ``fits``."""

    rule_ids: tuple[str, ...] = ("play.match", "play.one-card", "play.in-turn")

    def at_once(self, card: Card, held: int) -> int:
        return 1

    def lay(self, card: Card, count: int) -> Refusal | None:
        return None if count == 1 else Refusal(("play.one-card",))


def test_a_match_policy_without_fits_keeps_the_official_match() -> None:
    table = rules().replace(match=OldMatch())
    s = ur.situation(table, ["R7 R5 G1", "Y5 Y6", "Y8 Y9"], top="B7")
    assert {m.card.code for m in ur.legal_moves(s) if isinstance(m, ur.Play)} == {"R7"}
    assert ur.check(s, ur.Play(0, card("R5"))).rule_ids == ("play.match",)


@attrs.frozen
class Costly(EvenOnEven):
    def fits(self, card: Card, top: Card, color: Color | None) -> Fit:
        answer = official_fit(card, top, color)
        if isinstance(answer, Refusal):
            return Misplay(("table.misplay",), Penalty("table.misplay", 2))
        return answer


@attrs.frozen
class Garbled(EvenOnEven):
    def fits(self, card: Card, top: Card, color: Color | None) -> Fit:
        return True  # type: ignore[return-value]


def test_an_answer_of_no_fit_type_is_a_clear_error() -> None:
    table = rules().replace(match=Garbled())
    s = ur.situation(table, ["R7 R5 G1", "Y5 Y6", "Y8 Y9"], top="B7")
    with pytest.raises(ur.PolicyError, match="not Fits, Refusal or Misplay"):
        ur.legal_moves(s)
    with pytest.raises(ur.PolicyError, match="not Fits, Refusal or Misplay"):
        ur.explain(s, ur.Play(0, card("R5")))


def test_a_misplay_answer_is_judged_with_its_cost() -> None:
    table = rules().replace(match=Costly())
    s = ur.situation(table, ["R7 R5 G1", "Y5 Y6", "Y8 Y9"], top="B7", draw_pile="B1 B2")
    ruling = ur.check(s, ur.Play(0, card("R5")))
    assert (ruling.allowed, ruling.legal, ruling.rule_ids) == (True, False, ("table.misplay",))
    after = ur.apply(s, ur.Play(0, card("R5")))
    assert after.hands[0] == cards("R7 R5 G1 B1 B2") and after.current == 1


@attrs.frozen
class NoSixes(EvenOnEven):
    """A table's rule that refuses a 6 on anything, giving no reason."""

    def fits(self, card: Card, top: Card, color: Color | None) -> Fit:
        if card.face.is_number and int(card.face.value) == 6:
            return Refusal(("table.no-sixes",))
        return official_fit(card, top, color)


def test_a_refusal_without_words_of_its_own_still_says_something_true() -> None:
    s = ur.situation(rules().replace(match=NoSixes()), ["R6 R5 G1", "Y5 Y6", "Y8 Y9"], top="R7")
    ruling = ur.check(s, ur.Play(0, card("R6")))
    assert (ruling.allowed, ruling.rule_ids) == (False, ("table.no-sixes",))
    # R6 matches the colour in force: "matches neither..." would be false.
    assert ruling.reason == "these rules do not allow the move"
    assert render_reason(ruling.why, Wording("sv")) == "reglerna tillåter inte det"
    assert {m.card.code for m in ur.legal_moves(s) if isinstance(m, ur.Play)} == {"R5"}


@attrs.frozen
class EveryWildRestricted:
    """A table's rule: the Wild Draw Four restriction holds for every wild card."""

    rule_ids: tuple[str, ...] = ("table.every-wild-restricted",)

    def governs(self, card: Card) -> bool:
        return card.is_wild

    def restricts(self, top: Card, color: Color | None) -> bool:
        return True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        return any(c.color is color for c in rest)


@attrs.frozen
class Wd4WithoutGoverns:
    """A Wild Draw Four policy written before ``governs``."""

    rule_ids: tuple[str, ...] = ("wd4.no-matching-colour",)

    def restricts(self, top: Card, color: Color | None) -> bool:
        return True

    def breaks(self, rest: Sequence[Card], top: Card, color: Color | None) -> bool:
        return any(c.color is color for c in rest)


def test_the_wd4_policy_says_which_wild_cards_it_restricts() -> None:
    move = ur.Play(0, card("W"), Color.GREEN)
    # Officially a plain Wild fits on anything (wild.any-time).
    official = ur.check(_at("official", "W B5 G1", "B7"), move)
    assert (official.allowed, official.legal, official.rule_ids) == (
        True,
        True,
        ("wild.any-time",),
    )
    # Governed by the restriction, the Wild with a blue card held is a bluff.
    table = rules().replace(wd4=EveryWildRestricted())
    s = ur.situation(table, ["W B5 G1", "Y5 Y6", "Y8 Y9"], top="B7")
    assert s.rules.challenge.challengeable(card("W")) is None
    ruling = ur.check(s, move)
    assert (ruling.allowed, ruling.rule_ids) == (False, ("table.every-wild-restricted",))
    assert move not in ur.legal_moves(s)
    lawful = ur.situation(table, ["W R5 G1", "Y5 Y6", "Y8 Y9"], top="B7")
    assert ur.check(lawful, move).rule_ids == ("table.every-wild-restricted",)
    assert move in ur.legal_moves(lawful)
    # A policy without governs restricts the Wild Draw Four, as before.
    old = rules().replace(wd4=Wd4WithoutGoverns())
    s = ur.situation(old, ["W+4 W B5", "Y5 Y6", "Y8 Y9"], top="B7")
    assert ur.check(s, ur.Play(0, card("W+4"), Color.RED)).legal is False
    assert ur.check(s, move).rule_ids == ("wild.any-time",)
