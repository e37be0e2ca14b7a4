"""What the dispute page asks of :mod:`unorules.web` to speak a family's
words: the seats named as the page names them ("Spelare 1"), whether an
assumption changes the verdict, the presets' titles, and the colours, faces
and deck the page draws its cards from."""

from __future__ import annotations

import pytest

from unorules.cards import Face
from unorules.rules import presets
from unorules.web import compare, in_force, rules_data, settle

SITUATION = "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0"


def test_the_verdicts_name_the_players_the_page_names() -> None:
    """Without a names clause the verdict says "plats 0"; with the page's
    players it says their names, in the verdict and in each move; the moves
    are still read by seat number."""
    plain = settle(SITUATION, "0 play W+4 blue; 1 challenge", "official", "sv")
    assert "plats 0" in plain["short"]
    named = settle(
        SITUATION,
        "0 play W+4 blue; 1 challenge",
        "official",
        "sv",
        ["Anna", "Spelare 2", "Spelare 3"],
    )
    assert named["short"] == (
        "Utmaningen lyckas – Anna drar 4 kort för bluffen; Spelare 2 drar inga kort.\n"
        "Nästa: Spelare 2 spelar, färgen är blå."
    )
    assert [m["said"] for m in named["moves"]] == [
        "Anna: lägga Dra fyra och välja färgen blå",
        "Spelare 2: utmana",
    ]
    assert named["verdict"] == plain["verdict"] and named["rule_ids"] == plain["rule_ids"]
    # A names clause wins; a count that is not the table's is not used.
    clause = settle(
        SITUATION + "; names A B C", "0 play W+4 blue", "official", "sv", ["X", "Y", "Z"]
    )
    assert "A" in clause["short"] and "X" not in clause["short"]
    two = settle(SITUATION, "0 play W+4 blue", "official", "sv", ["X", "Y"])
    assert two["short"] == settle(SITUATION, "0 play W+4 blue", "official", "sv")["short"]


def test_compare_names_the_players_too() -> None:
    got = compare(
        "top R7; hands R3 / ?5; turn 0",
        "0 play Gr5; 0 play R3",
        "official,svenska",
        "sv",
        ["Anna", "Bo"],
    )
    assert got["rows"][1]["stopped"] == (
        "redan drag 1 (Anna: lägga grön 5) är inte tillåtet, så det sista draget prövas inte"
    )


@pytest.mark.parametrize(
    ("players", "error"),
    [
        ("Anna", "the players' names are a list of names, one a seat, not the string 'Anna'"),
        (["Anna", 3], "a player's name is a word such as Anna, not 3"),
        (["Anna", " "], "a player's name is a word such as Anna, not ' '"),
        (["Anna", "Anna"], "two seats have the same name: Anna, Anna"),
    ],
)
def test_players_that_are_not_names_are_refused(players: object, error: str) -> None:
    got = settle("top R7; hands R3 / ?5; turn 0", "0 play R3", "official", "en", players)  # type: ignore[arg-type]
    said = got.pop("said", None)
    assert got == {"error": error, "lang": "en"}
    # Two players of the same name is what a family can type: said for them too.
    if "same name" in error:
        assert said == "Two players have the same name: give each player a name of their own."
    else:
        assert said is None


def test_depends_says_whether_cards_nobody_gave_change_the_verdict() -> None:
    """A Wild Draw Four from a hand of unknown cards: another deal could
    make it a bluff; the same from a hand given in full: it could not."""
    unsure = settle("top R7; hands W+4 ?2 / ?7; turn 0", "0 play W+4 blue; 1 challenge")
    assert unsure["depends"] is True
    sure = settle("top R7; hands W+4 B2 / ?7; turn 0", "0 play W+4 blue; 1 challenge")
    assert sure["depends"] is False
    # An assumption that changes nothing is still listed, but not a dependence.
    last = settle("top R7; hands R3 / ?5 / ?5; turn 0", "0 play R3")
    assert last["assumes"] == ["the scores count cards nobody gave, dealt here at random"]
    assert last["depends"] is False


def test_presets_have_titles_in_every_language() -> None:
    titles = {
        lang: {p["name"]: p["title"] for p in rules_data(lang)["presets"]}
        for lang in ("en", "sv", "nb")
    }
    assert titles["sv"]["kids"] == "För barn"
    assert titles["nb"]["kitchen-table"] == "Nesten offisielle husregler"
    assert titles["en"]["official"] == "Official rules"
    for lang, by_name in titles.items():
        assert set(by_name) == set(presets.names())
        # Every title is a player's words, never the preset's name.
        assert not set(by_name.values()) & set(presets.names()), lang
        assert len(set(by_name.values())) == len(by_name), lang
    assert presets.title("Kids ") == "For children"


def test_the_cards_data_names_each_card_as_players_do() -> None:
    """The faces and colours the page draws: a number card's noun ("röd
    trea", "rød treer"; "fyra", not "fyran"), an action's name, the colour
    codes each language writes."""
    sv = rules_data("sv")
    faces = {f["code"]: f for f in sv["faces"]}
    assert [faces[c]["card"] for c in ("3", "4", "7", "8", "+2", "W+4")] == [
        "trea",
        "fyra",
        "sjua",
        "åtta",
        "Dra två",
        "Dra fyra",
    ]
    assert faces["W+4"]["wild"] is True and faces["7"]["number"] == 7
    assert [f["code"] for f in sv["faces"]] == [f.code for f in Face.registered()]
    colours = {c["value"]: c for c in sv["colours"]}
    assert colours["yellow"]["name"] == "gul"
    assert colours["green"]["codes"] == {"en": ["G"], "sv": ["Gr"], "nb": ["Gr"]}
    nb = {f["code"]: f["card"] for f in rules_data("nb")["faces"]}
    assert (nb["3"], nb["S"]) == ("treer", "Stå over")
    en = {f["code"]: f["card"] for f in rules_data("en")["faces"]}
    assert (en["3"], en["R"]) == ("3", "reverse")


def test_in_force_gives_the_decks_cards() -> None:
    kids = in_force("kids", "sv")
    assert "W+4" not in kids["cards"] and "W" in kids["cards"] and "R+2" in kids["cards"]
    assert [f["code"] for f in kids["faces"] if f["wild"]] == ["W"]
    modern = in_force("official-2018", "en")
    assert {"WS", "WC"} <= set(modern["cards"])
    assert len(modern["cards"]) == len(set(modern["cards"]))
    junior = in_force("junior", "en")
    assert "R0" not in junior["cards"] and "R7" in junior["cards"] and "R8" not in junior["cards"]
    assert [c["value"] for c in junior["colours"]] == ["red", "yellow", "green", "blue"]
