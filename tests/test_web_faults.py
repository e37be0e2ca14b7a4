"""unorules.web for the dispute page, without a browser: a table the
library refuses is said for a family (the players by name, the cards by
their words, the rules by their title; no rule IDs, seat numbers, notation
or columns), English verdicts name the cards by their words as Swedish and
Norwegian ones do, and the rule set in force says how many players and
cards its deck holds."""

from __future__ import annotations

import re
from typing import Any

import pytest

from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE
from unorules.web import compare, in_force, rules_data, settle

NAMES = ["Anna", "Bo", "Cilla"]

_NOT_A_FAMILYS = re.compile(
    r"\b(seat|plats|plass|column|kolumn)\b|\b(hands|händer|hender):|deck\.|players\.range|[\^`]"
)
"""What a family's sentence never holds: a seat (numbered from 0), a column
or caret, the notation's words, a rule ID."""


def _said(situation: str, moves: str, rules: str, lang: str, names: Any = NAMES) -> str:
    got = settle(situation, moves, rules, lang, names)
    assert "error" in got, got
    said = got.get("said")
    assert said, got
    assert not _NOT_A_FAMILYS.search(said), said
    assert not [rid for rid in CATALOGUE if rid in said], said
    return str(said)


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("en", "Anna is to play but has no cards: give Anna at least one card."),
        ("sv", "Anna ska spela men har inga kort: ge Anna minst ett kort."),
        ("nb", "Anna skal spille, men har ingen kort: gi Anna minst ett kort."),
    ],
)
def test_a_hand_taken_to_no_cards(lang: str, want: str) -> None:
    """The − button took the first player's hand to 0 (before, the page said
    "seat 0 is to play but holds no cards")."""
    assert _said("top R7; hands - / ?7 / ?7; turn 0", "1 draw", "official", lang) == want


def test_another_hand_taken_to_no_cards() -> None:
    """Not the player in turn: "hands: seat 1 holds no cards while the round
    runs, but did not go out: ... (end.last-card; ...)" before."""
    said = _said("top R7; hands ?3 / - / ?7; turn 0", "0 draw", "official", "en")
    assert said == (
        "Bo has no cards, so the round would be over already: give Bo at least one card."
    )


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        ("en", "Choose the colour in force for the wild top card."),
        ("sv", "Välj färgen som gäller för det svarta kortet överst."),
        ("nb", "Velg fargen som gjelder for det svarte kortet øverst."),
    ],
)
def test_a_wild_top_card_without_its_colour(lang: str, want: str) -> None:
    """Before: "in SITUATION: column 6: expected a colour after the wild top
    card ... ^" (the page now asks for the colour before it asks)."""
    assert _said("top W; hands R3 / ?7 / ?7; turn 0", "0 play R3", "official", lang) == want


@pytest.mark.parametrize(
    ("lang", "want"),
    [
        (
            "en",
            "The deck of “Official rules” has 2 × red 7, and the table has 5: take the extra "
            "ones off the table or choose other rules.",
        ),
        (
            "sv",
            "Leken för ”Officiella regler” har 2 × röd 7, och på bordet ligger 5: ta bort dem "
            "som är för många eller välj andra regler.",
        ),
        (
            "nb",
            "Kortstokken for «Offisielle regler» har 2 × rød 7, og på bordet ligger 5: ta bort "
            "dem som er for mange, eller velg andre regler.",
        ),
    ],
)
def test_too_many_copies_of_a_card(lang: str, want: str) -> None:
    """Five red 7s placed (the picker let them be): the card by its word, the
    rules by their title."""
    situation = "top R7; hands R3 R7 R7 R7 R7 / ?7 / ?7; turn 0"
    assert _said(situation, "0 play R3", "official", lang) == want


def test_a_card_the_deck_lacks_and_too_many_unknown_cards() -> None:
    assert _said("top R7; hands R3 W+4 / ?7 / ?7; turn 0", "0 play R3", "kids", "nb") == (
        "Trekk 4 finnes ikke i kortstokken for «For barn»: ta kortet av bordet eller velg "
        "andre regler."
    )
    said = _said("top R7; hands R3 ?107 / ?7 / ?7; turn 0", "0 play R3", "official", "en")
    assert said == (
        "The deck of “Official rules” has 106 cards left for the cards nobody gave, and the "
        "hands ask for 121: give the players fewer cards."
    )


def test_players_the_rules_do_not_seat() -> None:
    """Three players under two decks (11 to 20 players)."""
    said = _said("top R7; hands R3 / ?7 / ?7; turn 0", "0 play R3", "two-decks", "sv")
    title = rules_data("sv")["presets"][[*presets.names()].index("two-decks")]["title"]
    assert said == (
        f"”{title}” är för 11 till 20 spelare, och bordet har 3: ändra antalet spelare eller "
        "välj andra regler."
    )


def test_two_players_of_one_name() -> None:
    """Before: "two seats have the same name: Anna, anna" (or a column and a
    caret when the names were in the notation)."""
    want = "Two players have the same name: give each player a name of their own."
    assert _said("top R7; hands R3 / ?7; turn 0", "0 play R3", "official", "en", ["Anna", "anna"])
    assert (
        _said(
            "top R7; hands R3 / ?7 / ?7; turn 0; names Anna anna Bo",
            "Anna play R3",
            "official",
            "en",
            [],
        )
        == want
    )


def test_a_move_by_a_player_not_at_the_table() -> None:
    said = _said("top R7; hands R3 / ?7 / ?7; turn 0", "4 play R3", "official", "en")
    assert said == (
        "A move is made by or about a player who is not at the table: take the move back or "
        "add players."
    )


def test_the_librarys_own_text_stays_beside() -> None:
    """The sentence is added; the library's text stays in ``error`` (what
    "Details" shows); a mistake a table laid out by tapping cannot make has
    no sentence."""
    got = settle("top R7; hands - / ?7 / ?7; turn 0", "1 draw", "official", "en", NAMES)
    assert got["error"] == "seat 0 is to play but holds no cards: the round would already be over"
    assert set(settle("top R7", "0 play R3")) == {"error", "lang"}


# ----------------------------------------------------------------- card words


_CODE = re.compile(r"(?<![\w+])(?:[RYGB](?:\d|\+2|S|R)|W\+4|W)(?![\w+])")


@pytest.mark.parametrize(
    ("situation", "moves"),
    [
        ("top B5; hands R+2 G3 / B+2 / ?3; turn 0", "0 play R+2; 1 play B+2"),
        ("top R5; hands R+2 G3 ?1 / B+2 ?2 / ?3; turn 0", "0 play R+2; 1 play B+2"),
        ("top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0", "0 play W+4 blue"),
        ("top B8; hands ?7 / ?7 / ?7; turn 1", "1 draw; 1 play R3"),
    ],
)
def test_english_verdicts_name_the_cards_by_their_words(situation: str, moves: str) -> None:
    """The page's English verdicts said "No – Anna may not play B+2" where its
    list of moves says "blue draw two": with ``words`` every text it shows
    names the cards as the moves do."""
    got = settle(situation, moves, "official", "en", NAMES, True)
    shown = [got["short"], got["headline"], got["next"], *got["assumes"]]
    shown += [text for m in got["moves"] for text in (m["said"], m["short"])]
    for text in shown:
        outside = text.split("`")[::2]  # what is not notation
        assert not any(_CODE.search(part) for part in outside), text
    plain = settle(situation, moves, "official", "en", NAMES)
    assert plain["verdict"] == got["verdict"] and plain["rule_ids"] == got["rule_ids"]
    # Without words, what the command line prints: the codes.
    assert _CODE.search(plain["short"]) or _CODE.search(plain["moves"][0]["said"])


def test_card_words_in_english_are_the_moves_words() -> None:
    got = settle(
        "top B5; hands R+2 G3 / B+2 / ?3; turn 0", "0 play R+2", "official", "en", NAMES, True
    )
    assert got["headline"].startswith("No – Anna may not play red draw two: red draw two ")
    assert got["moves"][0]["said"] == "Anna: play red draw two"
    # Swedish and Norwegian verdicts are the same with or without it.
    for lang in ("sv", "nb"):
        assert settle(
            "top B5; hands R+2 Gr3 / B+2 / ?3; turn 0", "0 play R+2", "official", lang, NAMES, True
        ) == settle(
            "top B5; hands R+2 Gr3 / B+2 / ?3; turn 0", "0 play R+2", "official", lang, NAMES
        )


def test_a_name_that_is_a_card_code_stays_a_name() -> None:
    got = settle(
        "top R7; hands R3 G5 / ?7; turn 0; names W Bo", "W play R3", "official", "en", [], True
    )
    assert got["headline"].startswith("Yes – W may play red 3"), got["headline"]


def test_compare_says_a_refused_move_in_words() -> None:
    """Under kitchen-table move 1 is refused: said by the player's name and the
    card's words, never "move 1 (0 play R7)"."""
    r = compare(
        "top R5; hands R7 G2 / ?7 / ?7; turn 0",
        "0 play R7; 1 draw",
        "official,kitchen-table,two-decks",
        "en",
        NAMES,
        True,
    )
    official, kitchen, two = r["rows"]
    assert kitchen["stopped"] == (
        "move 1 (Anna: play red 7) is refused first, so the last move is never reached"
    )
    # Outside the notation (between backticks) the card is said by its words.
    assert "R7" not in kitchen["headline"].split("`")[0]
    assert two["said"].startswith("“") and "11 to 20 players, and the table has 3" in two["said"]
    assert "said" not in official


# ----------------------------------------------------------------- what the deck holds


def test_the_rules_in_force_say_what_their_deck_holds() -> None:
    two = in_force("two-decks")
    assert two["players"] == [11, 20]
    assert two["size"] == 216 and two["counts"]["R7"] == 4
    official = in_force("official", "sv")
    assert official["players"] == [2, 10]
    assert official["size"] == 108 and official["counts"]["R7"] == 2
    assert official["counts"]["W+4"] == 4 and official["counts"]["R0"] == 1
    assert official["title"] == "”Officiella regler”"
    assert sum(official["counts"].values()) == official["size"]
    junior = in_force("junior")
    assert junior["players"] == [2, 6] and junior["size"] == sum(junior["counts"].values())


def test_the_presets_say_what_their_decks_hold() -> None:
    """Before the engine answers, the page reads these (rules-<lang>.json)."""
    for preset in rules_data("nb")["presets"]:
        built = in_force(preset["name"])
        assert preset["players"] == built["players"], preset["name"]
        assert preset["size"] == built["size"], preset["name"]
    assert max(p["players"][1] for p in rules_data()["presets"]) == 20
    assert max(p["size"] for p in rules_data()["presets"]) == 216
