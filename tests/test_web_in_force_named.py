"""What :func:`unorules.web.in_force` tells the dispute page about the moves
a rule set has: which cards' plays name a player to swap hands with or to
draw, whether a wild card names a colour, whether anything can be
challenged; and :func:`unorules.web.rules_data` the same colours for each
preset before the engine has answered."""

from __future__ import annotations

import pytest

from unorules.cards import parse_cards
from unorules.rules import presets
from unorules.web import in_force, rules_data, settle


def test_all_wild_names_no_colour_has_no_challenge_and_names_seats() -> None:
    """UNO All Wild: a wild card names no colour, nothing can be challenged
    (``challenge.none``), a Wild Targeted Draw Two names who draws 2, a
    Wild Forced Swap must name whom to swap with."""
    got = in_force("all-wild", "sv")
    assert got["wild_colours"] == []
    assert got["challenge"] is False
    assert got["named_draws"] == {"WT+2": 2}
    assert got["swaps"] == {"WFS": "required"}
    # What the page then writes is what the library judges.
    judged = settle(
        "top W; hands WT+2 W / ?5 / ?5; turn 0", "0 play WT+2 to 2", "all-wild", "en", [], True
    )
    assert judged["verdict"] == "legal"
    assert "seat 2 draws 2 cards, named by seat 0" in judged["short"]


def test_house_rules_keep_all_wild_without_colours() -> None:
    """A house rule switched on beside All Wild leaves its wild cards
    naming no colour (the page asks no colour for a wild top card)."""
    got = in_force("all-wild+house.stack-draw-two")
    assert "error" not in got, got
    assert got["wild_colours"] == []
    assert got["named_draws"] == {"WT+2": 2}


@pytest.mark.parametrize(
    ("rules", "swaps"),
    [
        ("official", {}),
        ("official+house.seven-zero", dict.fromkeys(("R7", "Y7", "G7", "B7"), "required")),
        ("official+house.seven-optional", dict.fromkeys(("R7", "Y7", "G7", "B7"), "optional")),
        ("official+deck.modern-112-swap", {"WX": "required"}),
    ],
)
def test_the_cards_that_swap_hands(rules: str, swaps: dict[str, str]) -> None:
    """The swap of a 7 under seven-zero (required, or optional under
    seven-optional) and of a Wild Swap Hands, as the library's effects say;
    no card names a player to draw."""
    got = in_force(rules)
    assert got["swaps"] == swaps
    assert got["named_draws"] == {}
    built = presets.get(rules)
    for code, need in swaps.items():
        (card,) = parse_cards(code)
        effect = built.effect(card, 3)
        assert effect is not None and effect.target == need


@pytest.mark.parametrize(
    ("rules", "challenge"),
    [
        ("official", True),
        ("svenska", True),
        ("kids", False),
        ("junior", False),
        ("all-wild", False),
    ],
)
def test_whether_anything_can_be_challenged(rules: str, challenge: bool) -> None:
    """A Wild Draw Four can be challenged under the official rules; nothing
    under ``challenge.none`` (the children's rules, All Wild), nor in a deck
    without a Wild Draw Four."""
    assert in_force(rules)["challenge"] is challenge


def test_each_preset_says_which_colours_a_wild_card_names() -> None:
    """``rules_data``'s presets carry what ``in_force`` says of them: the
    four classic colours, none for All Wild, those of both sides for UNO
    Flip."""
    classic = ["red", "yellow", "green", "blue"]
    special = {"all-wild": [], "flip": [*classic, "pink", "teal", "orange", "purple"]}
    for preset in rules_data("nb")["presets"]:
        assert preset["wild_colours"] == in_force(preset["name"])["wild_colours"]
        assert preset["wild_colours"] == special.get(preset["name"], classic)


@pytest.mark.parametrize(
    ("rules", "codes"),
    [
        ("no-mercy", ["WCR"]),
        ("no-mercy+house.jump-in", ["WCR"]),
        ("official", []),
        ("all-wild", []),
    ],
)
def test_the_cards_after_which_the_next_player_names_the_colour(
    rules: str, codes: list[str]
) -> None:
    """A Wild Colour Roulette under No Mercy: its player names no colour,
    the next player does (the library's ``others_name``); no other deck has
    such a card. The wild colours are still the four, which the next
    player chooses among."""
    from unorules.engine.plan import plan

    got = in_force(rules)
    assert "error" not in got, got
    assert got["colour_by_next"] == codes
    assert sorted(got["colour_by_next"]) == sorted(
        c.code for c in plan(presets.get(rules)).others_name
    )
    if codes:
        assert got["wild_colours"] == ["red", "yellow", "green", "blue"]


def test_what_the_page_writes_after_a_colour_roulette_is_judged() -> None:
    """The moves the page writes: ``0 play WCR`` (legal; seat 1 names the
    colour next, ``chooses_colour``), then ``1 color blue`` (legal; nobody
    is left to name one); ``0 play WCR blue`` is refused."""
    situation = "top G5; hands WCR G1 / B2 B3 / ?2; turn 0"
    laid = settle(situation, "0 play WCR", "no-mercy")
    assert laid["verdict"] == "legal" and laid["chooses_colour"] == 1
    named = settle(situation, "0 play WCR; 1 color blue", "no-mercy")
    assert named["verdict"] == "legal" and named["chooses_colour"] is None
    assert "seat 1 draws until a blue card turns up" in named["short"]
    refused = settle(situation, "0 play WCR blue", "no-mercy")
    assert refused["verdict"] == "illegal" and refused["chooses_colour"] is None
    assert (
        settle("top R5; hands R1 / ?3; turn 0", "0 play R1", "official")["chooses_colour"] is None
    )


def test_each_preset_says_after_which_cards_the_next_player_names_the_colour() -> None:
    """``rules_data``'s presets carry ``colour_by_next`` as ``in_force``
    says it, for the page to ask no colour before the library has answered
    about the rules in force."""
    for preset in rules_data("sv")["presets"]:
        assert preset["colour_by_next"] == in_force(preset["name"])["colour_by_next"]
        assert preset["colour_by_next"] == (["WCR"] if preset["name"] == "no-mercy" else [])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Bo has 25 cards, and under “UNO Show 'em No Mercy” a player holding that many "
            "is out of the round: give Bo fewer cards.",
        ),
        (
            "sv",
            "Bo har 25 kort, och enligt ”Utgåvan UNO Show 'em No Mercy” åker den som har så "
            "många kort ut ur omgången: ge Bo färre kort.",
        ),
        (
            "nb",
            "Bo har 25 kort, og etter «Utgaven UNO Show 'em No Mercy» er den som har så mange "
            "kort, ute av runden: gi Bo færre kort.",
        ),
    ],
)
def test_a_hand_over_the_mercy_limit_is_said_for_a_family(lang: str, said: str) -> None:
    """A table that gives a player 25 cards under No Mercy cannot be judged
    (that player is already out): the page says so in a family's words, by
    the player's name and the rules' title, with no rule ID or seat number."""
    got = settle(
        "top R5; hands R1 ?1 / ?25 / B1 B2; turn 0",
        "0 play R1",
        "no-mercy",
        lang,
        ["Anna", "Bo", "Cy"],
    )
    assert "error" in got, got
    assert got["said"] == said
    assert "no-mercy.mercy" in got["error"]
