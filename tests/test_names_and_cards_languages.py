"""Cards under the rule texts' own names, and players' names (issue #23, B5
and B9).

The Swedish and Norwegian face names are the words of the seeds (000, 002 and
004 Swedish, 003 Norwegian), shown first; every other word a seed or a player
uses for the card is read as input too, and no word reads as two cards."""

from __future__ import annotations

import pytest

from unorules.cards import Card, Face, _index
from unorules.errors import NotationError
from unorules.explanations import words
from unorules.moves import ChooseColor, Play
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
    _index.cache_clear()
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
