"""Faults found by attacking the rule-set readers: numbers read from preset
strings, notation and JSON; slot values of a RuleSet; contradictory rule sets
in JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

import unorules as ur
from unorules.cli import main
from unorules.errors import NotationError, RuleSetError
from unorules.notation import parse_move, parse_situation
from unorules.rules import policies as p
from unorules.rules import presets
from unorules.rules.ruleset import MAX_TARGET, RuleSet
from unorules.serialize import MAX_DIGITS, dumps, loads, structure

HUGE = "9" * 5000


def _official_ids(*, drop: tuple[str, ...] = (), add: tuple[str, ...] = ()) -> list[str]:
    return [i for i in presets.official().rule_ids if i not in drop] + list(add)


# --- 6: numbers read from strings --------------------------------------------------------


def test_a_5000_digit_target_in_a_preset_string_is_a_rule_set_error() -> None:
    with pytest.raises(RuleSetError, match="the target score is too large") as err:
        presets.get("official+score.target=" + HUGE)
    assert err.value.rule_ids == ("score.target",)
    assert f"from 1 to {MAX_TARGET}" in str(err.value)
    assert len(str(err.value)) < 300  # the 5000 digits are not echoed


def test_the_cli_prints_json_for_a_5000_digit_target(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rules", "--json", "--preset", "official+score.target=" + HUGE])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == ""
    error = json.loads(out)["error"]
    assert error["type"] == "RuleSetError"
    assert "the target score is too large" in error["message"]


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("0", "the target score is not positive"),
        ("000", "the target score is not positive"),
        ("-5", "the target score must be a whole number"),
        ("1e3", "the target score must be a whole number"),
        ("500.0", "the target score must be a whole number"),
        ("５００", "the target score must be a whole number"),  # full-width digits
        ("²", "the target score must be a whole number"),
        ("100001", "the target score is too large"),
        ("", "no target score after '='"),
    ],
)
def test_a_bad_target_score_is_refused_naming_it(written: str, reason: str) -> None:
    with pytest.raises(RuleSetError, match=reason) as err:
        presets.get(f"official+score.target={written}")
    assert "score.target" in str(err.value)
    assert "digits 0-9" in str(err.value)


def test_a_signed_target_is_explained_not_read_as_a_rule_id() -> None:
    # "+500" splits into "score.target=" and "500": not an unknown rule ID '500'.
    with pytest.raises(RuleSetError, match="'\\+' joins rule IDs") as err:
        presets.get("official+score.target=+500")
    assert "unknown rule ID" not in str(err.value)


@pytest.mark.parametrize(
    ("written", "target"),
    [("1", 1), ("0500", 500), (str(MAX_TARGET), MAX_TARGET), (" 250 ", 250)],
)
def test_a_target_in_range_is_read(written: str, target: int) -> None:
    assert presets.get(f"official+score.target={written}").target == target


@pytest.mark.parametrize(
    "spec",
    [
        " Kids + House.Jump-In ",
        "KIDS+house.jump-in",
        "kids\t+\nhouse.jump-in",
        "kids\u00a0+ house.jump-in",
    ],
)
def test_case_and_whitespace_of_a_preset_string_do_not_matter(spec: str) -> None:
    rules = presets.get(spec)
    assert rules == presets.get("kids+house.jump-in")
    assert rules.name == "kids+house.jump-in"
    assert rules.jump_in.rule_ids == ("house.jump-in",)
    assert "house.kids" in rules.rule_ids


def test_describe_takes_a_preset_name_of_any_case() -> None:
    assert presets.describe(" Kids ") == presets.describe("kids")
    with pytest.raises(RuleSetError, match="unknown preset 'kid'"):
        presets.describe("kid")


def test_spaces_around_the_target_equals_sign_are_read() -> None:
    rules = presets.get("official + Score.Target = 250")
    assert (rules.target, rules.name) == (250, "official+score.target=250")


def test_a_second_target_over_a_presets_own_is_named_as_such() -> None:
    with pytest.raises(RuleSetError, match=r"'two-decks' sets score.target=1000 already"):
        presets.get("two-decks+score.target=500")
    assert presets.get("two-decks+score.target=1000").target == 1000


@pytest.mark.parametrize(
    ("target", "shown", "reason"),
    [
        (10**50 - 1, "a 50-digit number", "too large"),
        (10**5000, "a number of about 5001 digits", "too large"),
        (MAX_TARGET + 1, "100001", "too large"),
        (0, "0", "not positive"),
        (True, "True", "must be a whole number"),
    ],
    ids=["50-digits", "5001-digits", "max+1", "zero", "bool"],
)
def test_from_rule_ids_bounds_the_target(target: Any, shown: str, reason: str) -> None:
    with pytest.raises(RuleSetError, match=reason) as err:
        presets.from_rule_ids(presets.official().rule_ids, target=target)
    assert shown in str(err.value)


@pytest.mark.parametrize(
    ("text", "column", "expected", "found"),
    [
        ("top R7; hands R3 / G5; turn " + HUGE, 29, "(at most 9 digits)", "5000 digits"),
        ("top R7; hands R3 / G5; dealer " + "1" * 10, 31, "(at most 9 digits)", "10 digits"),
        ("top R7; hands R3 / G5; seed -" + "9" * 31, 29, "(at most 30 digits)", "31 digits"),
        ("top R7; hands R3 / G5; scores 0 " + "9" * 10, 33, "(at most 9 digits)", "10 digits"),
        ("top R7; hands R3 / G5; turn １", 29, "in the digits 0-9", "'１'"),
    ],
)
def test_numbers_in_a_situation_are_bounded_before_conversion(
    text: str, column: int, expected: str, found: str
) -> None:
    with pytest.raises(NotationError) as err:
        parse_situation(text)
    assert err.value.position == column - 1
    assert expected in err.value.expected
    assert err.value.found == found


def test_a_30_digit_seed_is_read() -> None:
    spec = parse_situation("top R7; hands R3 / G5; seed -" + "9" * 30)
    assert spec.seed == -int("9" * 30)


@pytest.mark.parametrize(
    ("text", "column", "found"),
    [
        (HUGE + " draw", 1, "5000 digits"),
        ("2 catches " + "9" * 20, 11, "20 digits"),
        ("0 play R7 swap " + "9" * 12, 16, "12 digits"),
    ],
)
def test_numbers_in_a_move_are_bounded_before_conversion(
    text: str, column: int, found: str
) -> None:
    with pytest.raises(NotationError, match="at most 9 digits") as err:
        parse_move(text)
    assert (err.value.position, err.value.found) == (column - 1, found)


def test_a_long_bad_token_is_shown_cut_short() -> None:
    with pytest.raises(NotationError) as err:
        parse_situation("top R7; hands R3 / G5; dir " + "x" * 5000)
    assert err.value.found == "'xxxxxxxxxxxxxxxxxxxx'... (5000 characters)"


# --- 7: slot values of a RuleSet --------------------------------------------------------


def test_a_number_in_a_policy_slot_is_refused_naming_slot_and_members() -> None:
    with pytest.raises(RuleSetError) as err:
        presets.official().replace(draw_choice=42)
    assert str(err.value) == (
        "slot 'draw_choice' needs a policy (DrawChoicePolicy); 42 lacks "
        "rule_ids (a tuple of rule ID strings), may_draw (a method)"
    )


def test_none_as_the_deck_is_refused_at_construction() -> None:
    with pytest.raises(RuleSetError) as err:
        RuleSet(deck=None)  # type: ignore[arg-type]
    assert str(err.value) == (
        "slot 'deck' needs a policy (DeckPolicy); None lacks rule_ids (a tuple of rule ID "
        "strings), cards (a method), hand_size, lacks (a method), max_players, min_players"
    )


def test_a_policy_in_the_wrong_slot_is_refused() -> None:
    with pytest.raises(
        RuleSetError, match=r"slot 'wild' needs a policy \(WildPolicy\); .* lacks allows"
    ):
        presets.official().replace(wild=p.ForcePlay())


def test_a_concrete_slot_needs_the_members_of_its_class() -> None:
    # uno_penalty is typed by UnoPenaltyPolicy: a policy there needs caught and false_call.
    class Half:
        rule_ids = ("uno.penalty",)

        def caught(self) -> object:
            return None

    with pytest.raises(
        RuleSetError,
        match=(
            r"slot 'uno_penalty' needs a policy \(UnoPenaltyPolicy\); "
            r".* false_call \(a method\)$"
        ),
    ):
        presets.official().replace(uno_penalty=Half())


@pytest.mark.parametrize(
    ("ids", "why"),
    [(["house.force-play"], "a list"), (("house.force-play", 7), "a non-string")],
)
def test_rule_ids_must_be_a_tuple_of_strings(ids: object, why: str) -> None:
    class Odd:
        rule_ids = ids

        def may_draw(self, has_playable: bool) -> bool:
            return True

    with pytest.raises(RuleSetError, match=r"lacks rule_ids \(a tuple of rule ID strings\)$"):
        presets.official().replace(draw_choice=Odd())


def test_a_method_given_as_a_plain_value_is_refused() -> None:
    class NotCallable:
        rule_ids = ("house.force-play",)
        may_draw = True

    with pytest.raises(RuleSetError, match=r"lacks may_draw \(a method\)$"):
        presets.official().replace(draw_choice=NotCallable())


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"strict": "yes"}, "a rule set's 'strict' must be True or False, not 'yes'"),
        ({"strict": 1}, "a rule set's 'strict' must be True or False, not 1"),
        ({"name": 5}, "a rule set's name must be a string, not 5"),
        ({"name": None}, "a rule set's name must be a string, not None"),
    ],
)
def test_strict_and_name_are_checked(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleSetError) as err:
        presets.official().replace(**change)
    assert str(err.value) == message
    with pytest.raises(RuleSetError):
        RuleSet(**change)


@pytest.mark.parametrize("target", [0, MAX_TARGET + 1])
def test_a_scoring_target_out_of_range_is_refused(target: int) -> None:
    class Scoring:
        rule_ids = ("score.winner-takes", "score.target")

        def __init__(self) -> None:
            self.target = target

        def score_round(self, *a: object) -> None: ...
        def game_over(self, *a: object) -> None: ...
        def game_winner(self, *a: object) -> None: ...
        def in_play(self, *a: object) -> None: ...

    with pytest.raises(RuleSetError, match=f"from 1 to {MAX_TARGET}, not {target}$"):
        presets.official().replace(scoring=Scoring())


def test_a_policy_written_outside_the_package_still_works() -> None:
    # Draw only when nothing fits. Seat 0 holds R3 G5 B1 on a red 7: only R3
    # fits, so the official rules let seat 0 play R3 or draw (draw.allowed-
    # when-playable), and this policy leaves only the play.
    class OnlyWhenStuck:
        rule_ids = ("house.force-play",)

        def may_draw(self, has_playable: bool) -> bool:
            return not has_playable

    official = presets.official()
    rules = official.replace(draw_choice=OnlyWhenStuck())
    spec = parse_situation("top R7; hands R3 G5 B1 / B2 B9; turn 0")
    r3 = ur.Play(0, ur.Card.parse("R3"))
    assert ur.legal_moves(spec.to_state(official)) == (r3, ur.Draw(0))
    assert ur.legal_moves(spec.to_state(rules)) == (r3,)


# --- 12: contradictory rule sets in JSON -------------------------------------------------


STARTS = (
    "start.skip",
    "start.reverse.dealer",
    "start.draw-two",
    "start.wild",
    "start.wild-draw-four",
)


def _read_rules(data: dict[str, Any]) -> RuleSet:
    return loads(json.dumps(data), RuleSet)


@pytest.mark.parametrize(
    ("drop", "add", "preset"),
    [
        (("uno.call",), ("uno.call-strict", "uno.call-at-two"), "uno.call-strict+uno.call-at-two"),
        (("deck.classic-108",), ("deck.junior", "deck.two-decks"), "deck.junior+deck.two-decks"),
        (
            ("challenge.wd4",),
            ("challenge.none", "challenge.anyone"),
            "challenge.none+challenge.anyone",
        ),
        (
            STARTS,
            ("start.number-only", "start.reverse.dealer"),
            "start.number-only+start.reverse.dealer",
        ),
    ],
)
def test_json_rule_ids_are_refused_as_presets_get_refuses_them(
    drop: tuple[str, ...], add: tuple[str, ...], preset: str
) -> None:
    with pytest.raises(RuleSetError) as by_preset:
        presets.get("official+" + preset)
    with pytest.raises(RuleSetError) as by_json:
        _read_rules({"rule_ids": _official_ids(drop=drop, add=add)})
    assert str(by_json.value) == str(by_preset.value)
    assert set(by_json.value.rule_ids) == set(by_preset.value.rule_ids)


def test_json_refuses_a_contradiction_as_presets_get_does() -> None:
    # official-2018 has end.shuffle-hands-last; end.last-card-no-effect takes
    # the place of end.last-card-draw-applies and contradicts it.
    with pytest.raises(RuleSetError) as by_preset:
        presets.get("official-2018+end.last-card-no-effect")
    ids = [
        "end.last-card-no-effect" if i == "end.last-card-draw-applies" else i
        for i in presets.get("official-2018").rule_ids
    ]
    with pytest.raises(RuleSetError) as by_json:
        _read_rules({"rule_ids": ids})
    assert str(by_json.value) == str(by_preset.value)
    assert str(by_json.value).startswith(
        "end.last-card-no-effect and end.shuffle-hands-last disagree"
    )


def test_json_refuses_a_target_that_a_single_round_cannot_have() -> None:
    ids = _official_ids(drop=("score.winner-takes", "score.target"), add=("score.single-round",))
    with pytest.raises(RuleSetError, match=r"score.target=500: score.single-round has no target"):
        _read_rules({"rule_ids": ids, "target": 500})
    # 1 is the target a single round reports, and what dumps writes.
    assert _read_rules({"rule_ids": ids, "target": 1}).target == 1
    assert json.loads(dumps(presets.get("kids")))["target"] == 1


@pytest.mark.parametrize("target", [0, -500, MAX_TARGET + 1])
def test_json_refuses_a_target_out_of_range(target: int) -> None:
    with pytest.raises(RuleSetError, match="the target score is"):
        _read_rules({"rule_ids": _official_ids(), "target": target})


def test_json_refuses_a_rule_id_given_twice() -> None:
    with pytest.raises(RuleSetError) as err:
        _read_rules({"rule_ids": _official_ids(add=("uno.call",))})
    assert str(err.value) == "rule ID 'uno.call' is given twice"


def test_json_still_refuses_left_out_rules_and_a_preset_name_over_other_rules() -> None:
    with pytest.raises(ur.UnoError, match=r"lacks uno.call"):
        _read_rules({"rule_ids": _official_ids(drop=("uno.call",))})
    with pytest.raises(ur.UnoError, match="named 'kids', a preset whose rules differ"):
        _read_rules({"name": "kids", "rule_ids": _official_ids()})


def test_a_contradiction_inside_a_state_names_the_json_path() -> None:
    state = ur.new_round(presets.official(), players=3, seed=1)
    data = json.loads(dumps(state))
    data["rules"]["rule_ids"] = _official_ids(
        drop=("uno.call",), add=("uno.call-strict", "uno.call-at-two")
    )
    with pytest.raises(ur.UnoError) as err:
        loads(json.dumps(data), ur.GameState)
    assert str(err.value) == (
        "cannot read GameState: at $.rules: 'uno.call-strict' and 'uno.call-at-two' are "
        "two readings of the same rule; choose one"
    )


def test_every_preset_round_trips_through_json() -> None:
    for name in presets.names():
        rules = presets.get(name + "+strict")
        assert loads(dumps(rules), RuleSet) == rules


# --- 16: numbers too large for JSON ------------------------------------------------------


def _state_json(**change: object) -> str:
    data = json.loads(dumps(ur.new_round(presets.official(), players=3, seed=1)))
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("field", "number", "path", "digits"),
    [
        ("scores", f"[0, {HUGE}, 0]", "$.scores[1]", 5000),
        ("current", "-" + HUGE, "$.current", 5000),
        ("seed", "1" * (MAX_DIGITS + 1), "$.seed", MAX_DIGITS + 1),
    ],
)
def test_a_too_large_number_in_json_is_named_by_its_path(
    field: str, number: str, path: str, digits: int
) -> None:
    text = _state_json(**{field: "@"}).replace('"@"', number)
    with pytest.raises(ur.UnoError) as err:
        loads(text, ur.GameState)
    assert str(err.value) == (
        f"cannot read GameState: at {path}: the number is too large "
        f"({digits} digits; at most {MAX_DIGITS})"
    )


def test_a_too_large_target_in_json_is_named_by_its_path() -> None:
    data = json.loads(_state_json())
    data["rules"]["target"] = "@"
    with pytest.raises(ur.UnoError, match=r"at \$\.rules\.target: the number is too large"):
        loads(json.dumps(data).replace('"@"', HUGE), ur.GameState)
    with pytest.raises(ur.UnoError, match=r"^cannot read RuleSet: at \$\.target: the number"):
        loads('{"rule_ids": [], "target": ' + HUGE + "}", RuleSet)


def test_a_number_of_max_digits_is_read() -> None:
    text = _state_json(seed="@").replace('"@"', "1" * MAX_DIGITS)
    assert loads(text, ur.GameState).seed == int("1" * MAX_DIGITS)


def test_structure_bounds_numbers_given_as_python_data() -> None:
    data = json.loads(_state_json())
    data["seed"] = 10**5000
    with pytest.raises(ur.UnoError) as err:
        structure(data, ur.GameState)
    assert str(err.value) == (
        f"cannot read GameState: at $.seed: the number is too large (more than {MAX_DIGITS} digits)"
    )
