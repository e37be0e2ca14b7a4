"""Faults found by trying the library as its users would: a family at the
table, a bot author, and an attack with bad input. Each test's expected
values are worked out by hand in its comments."""

from __future__ import annotations

import pytest
from helpers import card, rules

import unorules as ur
from unorules.cli import main
from unorules.explanations.verdicts import Unknown, explain


def cli_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


# --- "unless it stacks" only where a card could answer ----------------------------------


@pytest.mark.parametrize(
    ("spec", "hand", "laid", "escape"),
    [
        # Only house.stack-draw-four lets anything answer a Wild Draw Four: under
        # kitchen-table (Draw Two stacking) seat 1 can only challenge.
        ("kitchen-table", "G3 W+4 G5", "0 play W+4 blue", "unless it challenges"),
        ("official+house.stack-draw-two", "G3 W+4 G5", "0 play W+4 blue", "unless it challenges"),
        ("official+house.stack-draw-four", "G3 W+4 G5", "0 play W+4 blue", "unless it stacks or"),
        # A Draw Two under Draw Two stacking can be answered; nothing to challenge.
        ("official+house.stack-draw-two", "G3 R+2 G5", "0 play R+2", "unless it stacks\n"),
        # No stacking at all: the Draw Two must be taken.
        ("official", "G3 R+2 G5", "0 play R+2", "lose its turn\n"),
    ],
)
def test_a_debt_names_only_the_answers_the_rules_allow(
    capsys: pytest.CaptureFixture[str], spec: str, hand: str, laid: str, escape: str
) -> None:
    out = cli_text(
        capsys,
        "explain",
        "--long",
        "--rules",
        spec,
        f"top R7; hands {hand} / B+2 W+4 Y1 / ?7",
        laid,
    )
    owes = next(line for line in out.splitlines(keepends=True) if "owes" in line)
    assert escape.strip() in owes or owes.endswith(escape), owes


# --- a call or catch that does not count is headed NO EFFECT -----------------------------


def test_a_catch_of_a_seat_that_called_in_time_has_no_effect(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 0 lays R3 and calls at once (uno.call: a late call counts until another
    # player acts); seat 1's catch then finds nothing missing.
    out = cli_text(
        capsys,
        "explain",
        "--long",
        "top R7; hands R3 R5 / G1 G2 / B1 B2",
        "0 play R3; 0 uno; 1 catch 0",
    )
    assert "Verdict: NO EFFECT - the catch does not count: seat 0 called UNO in time." in out
    state = ur.situation(rules(), ["R3 R5", "G1 G2", "B1 B2"], top="R7")
    state = ur.apply(ur.apply(state, ur.Play(0, card("R3"))), ur.CallUno(0))
    verdict = ur.explain(state, ur.CatchUno(1, 0))
    assert (verdict.verdict, verdict.void, verdict.legal) == ("no effect", True, True)
    assert verdict.to_dict()["void"] is True
    assert ur.apply(state, ur.CatchUno(1, 0)).hands == state.hands


# --- a ruling that rests on cards nobody gave says so ------------------------------------


def _wd4_by_unknown_hand(given: str, unknown: str) -> tuple[ur.GameState, Unknown]:
    """Seat 0 holds ``given`` and ``unknown`` (the latter a ``?N`` dealt at
    random) on R7; seat 1 holds B1 B2."""
    state = ur.situation(rules(), [f"{given} {unknown}", "B1 B2"], top="R7")
    return state, Unknown(hands=[ur.parse_cards(unknown), ()])


def test_a_bluff_decided_by_unknown_cards_names_none_of_them() -> None:
    # Given: W+4 only; assumed: R1 G2. The R1 (red, the colour in force) makes the
    # Wild Draw Four a bluff, but nobody gave it: the reason may not name it.
    state, hidden = _wd4_by_unknown_hand("W+4", "R1 G2")
    verdict = explain(state, ur.Play(0, card("W+4"), ur.Color.BLUE), hidden)
    assert (verdict.verdict, verdict.assumed) == ("bluff", True)
    assert "R1" not in verdict.reason
    assert verdict.reason == (
        "whether W+4 may be laid rests on seat 0's 2 cards nobody gave: with the cards "
        "assumed for them it breaks wd4.no-matching-colour; it stands unless "
        "challenged"
    )
    # The challenge the remedy describes rests on the same cards.
    assert "with the cards assumed for seat 0's 2 cards nobody gave" in verdict.remedy[0]


def test_a_bluff_the_given_cards_decide_names_only_given_cards() -> None:
    # Given: W+4 R5 (R5 is red: a bluff whatever the unknown cards are).
    state, hidden = _wd4_by_unknown_hand("W+4 R5", "R1 G2")
    verdict = explain(state, ur.Play(0, card("W+4"), ur.Color.BLUE), hidden)
    assert (verdict.verdict, verdict.assumed) == ("bluff", False)
    assert verdict.reason == (
        "a Wild Draw Four may not be laid while holding R5 (red, the colour in force); "
        "it stands unless challenged"
    )


def test_a_lawful_wild_draw_four_beside_unknown_cards_is_lawful_only_as_far_as_shown() -> None:
    # Given: W+4 G5; assumed: B1 G2 (no red): lawful as dealt, but unknown cards
    # could have been red.
    state, hidden = _wd4_by_unknown_hand("W+4 G5", "B1 G2")
    verdict = explain(state, ur.Play(0, card("W+4"), ur.Color.BLUE), hidden)
    assert (verdict.verdict, verdict.assumed) == ("legal", True)
    assert verdict.reason.endswith(
        "as far as the cards given show: seat 0's 2 cards nobody gave could make it a bluff"
    )
    # With every card given there is nothing to assume.
    plain = explain(state, ur.Play(0, card("W+4"), ur.Color.BLUE))
    assert (plain.verdict, plain.assumed) == ("legal", False)


def test_a_challenge_decided_by_unknown_cards_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 0 deals seat 0's ?2 without a red card, so as dealt the Wild Draw Four
    # is lawful and the challenge fails; both rest on the two cards nobody gave.
    out = cli_text(
        capsys,
        "explain",
        "--long",
        "top R7; hands W+4 ?2 / ?7 / ?7",
        "0 play W+4 blue; 1 challenge",
    )
    flat = " ".join(out.split())
    assert "1. 0 play W+4 blue: legal, as assumed." in flat
    assert "the challenge fails (with the cards assumed for seat 0's 2 cards nobody gave)" in flat
    # A challenge the given cards decide needs no such note: R5 is red.
    out = cli_text(
        capsys,
        "explain",
        "--long",
        "top R7; hands W+4 R5 ?2 / ?7 / ?7",
        "0 play W+4 blue; 1 challenge",
    )
    flat = " ".join(out.split())
    assert "1. 0 play W+4 blue: bluff." in flat
    assert "the challenge succeeds: seat 0 held a card" in flat


# --- JSON: a misspelt key or a rule set that is not what it says is refused ---------------


def _state_json() -> dict[str, object]:
    import json

    from unorules.serialize import dumps

    state = ur.situation(rules(), ["R3 G5", "B2 B9", "Y1 Y2"], top="R7")
    data = json.loads(dumps(state))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        # A key that is no field: "turn" for "turns".
        (lambda d: d.__setitem__("turn", 3), r"at \$: .*turn"),
        (lambda d: d["rules"].__setitem__("nam", "x"), r"has no key 'nam'"),
        # The rule set's IDs must list every rule in force, not lean on defaults.
        (lambda d: d["rules"]["rule_ids"].remove("challenge.wd4"), r"it lacks challenge\.wd4"),
        # A preset's name over other rules would print the wrong rules in a verdict.
        (
            lambda d: d["rules"].__setitem__("name", "kids"),
            r"named 'kids', a preset whose rules differ",
        ),
    ],
)
def test_loads_refuses_keys_and_rule_sets_that_are_not_what_they_say(
    edit: object, message: str
) -> None:
    import json

    from unorules.serialize import loads

    data = _state_json()
    assert callable(edit)
    edit(data)
    with pytest.raises(ur.UnoError, match=message):
        loads(json.dumps(data), ur.GameState)


def test_loads_keeps_a_tables_own_rule_set_name() -> None:
    import json

    from unorules.serialize import loads

    data = _state_json()
    rules_data = data["rules"]
    assert isinstance(rules_data, dict)
    rules_data["name"] = "Familjen Svensson"
    assert loads(json.dumps(data), ur.GameState).rules.name == "Familjen Svensson"


def test_a_move_with_a_misspelt_key_is_refused() -> None:
    from unorules.serialize import loads

    with pytest.raises(ur.UnoError, match="colour"):
        loads('{"type": "Play", "player": 0, "card": "W", "colour": "red"}', ur.Move)
