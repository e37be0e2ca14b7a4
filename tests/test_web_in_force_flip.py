"""``unorules.web.in_force`` under UNO Flip (``flip``): both sides of the
two-sided cards, what the dispute page needs to draw and pick them, and what
a 7 asks under the 7-0 rule whichever side is up."""

from __future__ import annotations

from collections import Counter

import pytest

from unorules.rules.editions.flip import DECK
from unorules.web import in_force, settle

# The light side's colours, then the dark side's.
BOTH_SIDES = ["red", "yellow", "green", "blue", "pink", "teal", "orange", "purple"]


@pytest.fixture(scope="module")
def flip() -> dict:
    return in_force("flip", "nb")


def test_both_sides_colours_and_faces(flip: dict) -> None:
    """The colours and faces of both sides, named in the language asked."""
    assert [c["value"] for c in flip["colours"]] == BOTH_SIDES
    names = {c["value"]: c["name"] for c in flip["colours"]}
    assert names["orange"] == "oransje" and names["purple"] == "lilla"
    faces = {f["code"]: f for f in flip["faces"]}
    for code in ("+1", "F", "W+2", "+5", "SE", "W+C"):
        assert code in faces, code
    assert faces["W+C"]["wild"] is True and faces["W+C"]["name"] == "Trekk farge"
    assert flip["wild_colours"] == BOTH_SIDES


def test_the_deck_is_counted_as_dealt(flip: dict) -> None:
    """``cards`` and ``counts`` are the deck's cards light side up, each
    card counted once (not once a side): 112 in all."""
    assert flip["size"] == 112
    assert sum(flip["counts"].values()) == 112
    assert flip["counts"] == {c.code: n for c, n in Counter(DECK).items()}
    assert all(":" in code for code in flip["cards"])


def test_the_sides_and_their_pairs(flip: dict) -> None:
    """Each side: its colours, the colours a wild card names on it, its faces
    colour by colour, and for each face the deck's cards that show it: every
    card of the deck once on each side, each pair as the deck has it."""
    light, dark = flip["sides"]
    assert light["colours"] == ["red", "yellow", "green", "blue"] == light["wild_colours"]
    assert dark["colours"] == ["pink", "teal", "orange", "purple"] == dark["wild_colours"]
    assert light["cards"][:3] == ["R1", "R2", "R3"] and light["cards"][-2:] == ["W", "W+2"]
    assert "W+C" in dark["cards"] and "PSE" in dark["cards"] and "R5" not in dark["cards"]
    assert light["pairs"]["R5"] == ["R5:OR", "R5:W+C"]
    upright = {code for codes in light["pairs"].values() for code in codes}
    assert upright == set(flip["cards"])
    turned = {code for codes in dark["pairs"].values() for code in codes}
    assert turned == {c.turned().code for c in DECK}
    # A Wild of the dark side has a light back, a Wild of the light side a
    # dark one: the same face, other cards.
    assert all(
        code.split(":")[1][0] in "RYGB" or code.endswith(":W") or code.endswith(":W+2")
        for code in dark["pairs"]["W"]
    )
    assert not set(dark["pairs"]["W"]) & set(light["pairs"]["W"])


def test_moves_read_both_sides() -> None:
    """Under the 7-0 rule a 7 asks whom to swap with on either side: the
    dark side's ``V7:G8`` as the light side's ``R7:T4``; the Wild Draw Two and
    the Wild Draw Colour can be challenged; no card's colour is named by the
    next player."""
    f = in_force("flip+house.seven-zero")
    sevens = {code for code in f["swaps"]}
    assert {"V7:G8", "R7:T4", "P7:GR", "T7:W+2"} <= sevens
    assert all(v == "required" for v in f["swaps"].values())
    want = {c.code for c in DECK if c.face.code == "7"} | {
        c.turned().code for c in DECK if c.back is not None and c.back.face.code == "7"
    }
    assert sevens == want
    assert f["challenge"] is True and f["colour_by_next"] == []
    # The engine asks the same: a dark 7 laid without naming a player is
    # incomplete; naming one, the hands are swapped.
    table, rules = "top V3:B7; hands V7:G8 ?3 / ?4 / ?4; turn 0", "flip+house.seven-zero"
    without = settle(table, "0 play V7:G8", rules)
    assert without["verdict"] == "illegal" and "swap" in without["short"], without
    assert settle(table, "0 play V7:G8 swap 1", rules)["verdict"] == "legal"


def test_a_one_sided_deck_has_no_sides() -> None:
    for rules in ("official", "all-wild", "no-mercy"):
        assert in_force(rules)["sides"] == []


def test_a_two_sided_card_the_deck_lacks_is_named_with_its_back() -> None:
    """A red 3 with a pink 1 behind it: the deck has red 3s, but not that
    card, and the sentence says which card is meant."""
    for lang, want in (
        ("en", "red 3 with pink 1 on the back"),
        ("sv", "röd 3 med rosa 1 på baksidan"),
        ("nb", "rød 3 med rosa 1 på baksiden"),
    ):
        got = settle("top R7:T4; hands R3:P1 ?6 / ?7; turn 0", "0 play R3:P1", "flip", lang)
        assert want in got["said"].lower(), got


def test_a_card_showing_the_other_side_is_said_for_a_family() -> None:
    """A dark card in a hand under a light top card: one sentence says which
    card shows the other side and what to do, in each language."""
    for lang, table, want in (
        (
            "en",
            "top R7:T4; hands O3:G1 ?3 / ?5; turn 0",
            "Orange 3 with green 1 on the back shows the other side from red 7: every card "
            "shows the side in play, so turn it over or take it off the table.",
        ),
        (
            "nb",
            "topp R7:T4; hender O3:Gr1 ?3 / ?5; tur 0",
            "Oransje 3 med grønn 1 på baksiden viser den andre siden enn rød 7: alle kortene "
            "viser siden som spilles, så snu det eller ta det av bordet.",
        ),
    ):
        assert settle(table, "0 draw", "flip", lang)["said"] == want
