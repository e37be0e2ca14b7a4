"""Cards under the rule texts' own names, and players' names (issue #23, B5
and B9).

The Swedish and Norwegian face names are the words of the seeds (000, 002 and
004 Swedish, 003 Norwegian), shown first; every other word a seed or a player
uses for the card is read as input too, and no word reads as two cards."""

from __future__ import annotations

import re

import pytest

from unorules.cards import Card, Face
from unorules.cards.card import _index, _index_of
from unorules.errors import NotationError
from unorules.explanations import words
from unorules.moves import CallUno, CatchUno, ChooseColor, Draw, Play
from unorules.notation import parse_move, parse_situation

# ---------------------------------------------------------------- B5: the seeds' names


@pytest.mark.parametrize(
    ("lang", "code", "name"),
    [
        # 003: "Stå over-kort", "Snu-kort", "Trekk 2-kort", "Skift farge-kort", "Stokkekort"
        ("nb", "BS", "blå Stå over"),
        ("nb", "RR", "rød Snu"),
        ("nb", "G+2", "grønn Trekk 2"),
        ("nb", "W", "Skift farge"),
        ("nb", "W+4", "Trekk 4"),
        ("nb", "WS", "Stokkekort"),
        # 004: "hoppa över", "byt riktning", "dra två", "välj färg", "dra fyra"
        ("sv", "BS", "blå Hoppa över"),
        ("sv", "RR", "röd Byt riktning"),
        ("sv", "G+2", "grön Dra två"),
        ("sv", "W", "Välj färg"),
        ("sv", "W+4", "Dra fyra"),
    ],
)
def test_cards_are_named_with_the_seeds_words(lang: str, code: str, name: str) -> None:
    assert words.card_name(Card.parse(code), lang) == name


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_every_shown_name_is_read_back_as_its_card(lang: str) -> None:
    for face in Face:
        if not face.is_number:
            assert words.FACE_SYNONYMS[lang][face][0] == words.FACE_WORDS[lang][face].lower()
    for card in (Card.parse(c) for c in ("R7", "YS", "GR", "B+2", "W", "W+4", "WS", "WX", "WC")):
        for reader in ("en", "sv", "nb"):
            assert Card.parse(words.card_name(card, lang), lang=reader) is card


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # Norwegian, 003
        ("blå stå over", "BS"),
        ("et rødt stå over-kort", "RS"),
        ("rød snu", "RR"),
        ("gul snu-kortet", "YR"),
        ("grønn trekk 2-kort", "G+2"),
        ("skift farge-kort", "W"),
        ("skift farge og trekk 4", "W+4"),
        ("et skift farge og trekk 4-kort", "W+4"),
        ("stokkekortet", "WS"),
        # the words shown before, still read
        ("blå hopp over", "BS"),
        ("rød retningsendring", "RR"),
        ("stokk hendene", "WS"),
        # Swedish, 000 and 002
        ("gul stoppkort", "YS"),
        ("röd vändkort", "RR"),
        ("grön plustvåa", "G+2"),
        ("färgbyte", "W"),
        ("plusfyra", "W+4"),
        ("dra 4 wild", "W+4"),
        ("wild 4", "W+4"),
        ("blå hoppa över", "BS"),
        # Swedish, 004
        ("välj färg", "W"),
        ("ett välj färg-kort", "W"),
        ("byt färg", "W"),
    ],
)
def test_the_seeds_other_words_are_read_in_every_language(text: str, code: str) -> None:
    for lang in ("en", "sv", "nb"):
        assert Card.parse(text, lang=lang).code == code, (text, lang)


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_no_word_reads_as_two_cards(lang: str) -> None:
    # The index refuses a key for a second card; build it afresh from the tables.
    _index_of.cache_clear()
    index = _index(lang)
    seen: dict[str, Card] = {}
    for table in words.FACE_SYNONYMS.values():
        for face, names in table.items():
            for name in names:
                for key in (name, f"röd {name}", f"red {name}"):
                    card = index.get(key)
                    if card is not None:
                        assert seen.setdefault(key, card) is card
                        assert card.face is face, (key, card, face)


def test_a_seeds_name_in_a_situation_and_a_move() -> None:
    spec = parse_situation(
        "topp rød snu; hender blå stå over, stokkekort / ?3; navn Kari Ola", lang="nb"
    )
    assert spec.top.code == "RR" and spec.hands[0] == "BS WS"
    assert parse_move("Kari legger blå stå over", lang="nb", names=spec.names) == Play(
        0, Card.parse("BS")
    )


def test_valj_farg_is_the_card_or_the_choice_and_both_are_offered() -> None:
    # Swedish "välj färg" is the Wild (004) and also "choose colour".
    assert parse_move("0 välj färg", lang="sv") == Play(0, Card.parse("W"))
    assert parse_move("0 lägger välj färg röd", lang="sv") == Play(
        0, Card.parse("W"), Card.parse("R7").color
    )
    assert parse_move("0 väljer röd", lang="sv") == ChooseColor(0, Card.parse("R7").color)
    with pytest.raises(NotationError) as caught:
        parse_move("0 välj färg röd", lang="sv")
    said = caught.value.text_in("sv")
    assert "'spelar välj färg röd' (spelar kortet W)" in said
    assert "'väljer röd' (väljer färgen)" in said
    assert caught.value.position == 2


# ---------------------------------------------------------------- B9: names


@pytest.mark.parametrize(
    ("text", "lang", "said"),
    [
        (
            "top R7; hands R3 / B2; names Anna Bo Cilla",
            "en",
            "one name per hand: 3 names for 2 hands; leave out the names after the first 2, "
            "or give 3 hands",
        ),
        (
            "topp R7; händer R3 / B2 / -; namn Anna Bo",
            "sv",
            "2 namn men 3 händer; ge 3 namn, eller stryk händerna efter de 2 första",
        ),
        (
            "topp R7; hender R3 / B2 / -; navn Kari",
            "nb",
            "ett navn per hånd: 1 navn for 3 hender; oppgi 3 navn, plass 0 først",
        ),
        (
            "topp R7; hender R3 / B2; navn Kari Ola Per Nils",
            "nb",
            "ett navn per hånd: 4 navn for 2 hender; stryk navnene etter de 2 første, "
            "eller oppgi 4 hender",
        ),
    ],
)
def test_a_wrong_count_of_names_names_both_counts_and_what_to_change(
    text: str, lang: str, said: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_situation(text, lang=lang)
    assert said in caught.value.text_in(lang)


def test_a_name_that_is_a_word_of_the_notation_is_known_by_its_place() -> None:
    # Red (a colour), Uno (the call), Stopp (a Skip), Dra (a verb), Med (before a seat)
    spec = parse_situation(
        "top R7; hands R3 W+4 / ?3 / ?2 / ?2 / ?1; names Red Uno Stopp Dra Med; turn Uno"
    )
    assert spec.names == ("Red", "Uno", "Stopp", "Dra", "Med") and spec.current == 1
    names = spec.names
    assert parse_move("Red play R3", names=names) == Play(0, Card.parse("R3"))
    assert parse_move("Red W+4 red", names=names) == Play(
        0, Card.parse("W+4"), Card.parse("R1").color
    )
    assert parse_move("Uno uno", names=names) == CallUno(1)
    assert parse_move("Stopp catch Uno", names=names) == CatchUno(2, 1)
    assert parse_move("Dra dra", lang="sv", names=names) == Draw(3)
    assert parse_move("Red R7 swap Med", names=names) == Play(0, Card.parse("R7"), None, 4)
    assert parse_move("Red R7 byt med Med", lang="sv", names=names) == Play(
        0, Card.parse("R7"), None, 4
    )
    assert parse_move("Med fångar Red", lang="sv", names=names) == CatchUno(4, 0)


def test_only_what_is_truly_ambiguous_is_refused_saying_why() -> None:
    # "seat"/"player" stand before a seat in a move
    with pytest.raises(NotationError) as caught:
        parse_situation("top R7; hands R3 / B2; names Anna Player")
    assert "'Player' may stand before a seat ('player 2 draw')" in str(caught.value)
    # Swedish "ta fyra" is a Wild Draw Four, Norwegian "ta Fyra" catches Fyra
    names = ("Bo", "Fyra")
    with pytest.raises(NotationError) as caught:
        parse_move("Bo ta Fyra", lang="nb", names=names)
    said = caught.value.text_in("nb")
    assert "'spiller ta Fyra' (legger kortet W+4)" in said
    assert "'fanger Fyra' (sier fra om at Fyra ikke ropte UNO)" in said
    assert "Fyra er en spillers navn" in said
    # a colour after it can only be the card; "tar" is no card's word
    assert parse_move("Bo ta Fyra blå", lang="sv", names=names) == Play(
        0, Card.parse("W+4"), Card.parse("B1").color
    )
    assert parse_move("Bo tar Fyra", lang="nb", names=names) == CatchUno(0, 1)


def _verdict_text(situation: str, moves: str, *extra: str) -> str:
    import contextlib
    import io

    from unorules.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(["explain", *extra, situation, moves])
    return out.getvalue()


def test_with_names_a_player_is_never_it() -> None:
    named = "top R5; hands R+2 R3 / B2 B9 / Y1; names Anna Bo Cilla"
    said = _verdict_text(named, "Anna play R+2; Bo play B2")
    assert "Bo owes 2 cards after R+2: Bo must draw them" in " ".join(said.split())
    said = _verdict_text(
        "top R5; hands R3 / B2 B9 / Y1; names Anna Bo Cilla", "Anna play R3", "--long"
    )
    flat = " ".join(said.split())
    assert "Anna has laid their last card and wins the round" in flat
    assert "the round is scored: Anna has 12 points, Bo has 0 points, Cilla has 0 points" in flat
    assert not re.search(r"\bits (turn|last card|cards|hand)\b", flat)
    assert "seat 0" not in flat
    # without names the seats are "it", as before
    said = _verdict_text("top R5; hands R3 / B2 B9 / Y1", "0 play R3", "--long")
    assert "seat 0 has laid its last card and wins the round" in " ".join(said.split())
