"""The notation in English, Swedish and Norwegian: card, colour and verb
words of every language, the colour codes of each language (a bare G refused
under sv and nb), the names clause and names in moves, translated errors."""

from __future__ import annotations

import pytest

from unorules.cards import Card, Color, parse_cards, parse_color
from unorules.errors import LanguageError, NotationError
from unorules.explanations.words import (
    CARD_NOUNS,
    CLAUSE_WORDS,
    COLOUR_CODES,
    COLOUR_SYNONYMS,
    FACE_SYNONYMS,
    NUMBER_WORDS,
    VERB_WORDS,
)
from unorules.moves import (
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Pass,
    Play,
)
from unorules.notation import format_situation, parse_move, parse_moves, parse_situation


def C(code: str) -> Card:
    return Card.parse(code)


# --------------------------------------------------------------------------- cards and colours


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("röd 7", "R7"),
        ("rød 7", "R7"),
        ("gul sju", "Y7"),
        ("gul syv", "Y7"),
        ("en röd sjua", "R7"),
        ("röda sjuan", "R7"),
        ("ei rød sjuer", "R7"),
        ("grön noll", "G0"),
        ("grønn null", "G0"),
        ("blå sex", "B6"),
        ("blå seks", "B6"),
        ("rød to", "R2"),
        ("gul ni", "Y9"),
        ("röd ta två", "R+2"),
        ("gul dra två", "Y+2"),
        ("blå +2", "B+2"),
        ("grønn trekk to", "G+2"),
        ("rød trekk 2", "R+2"),
        ("röd hoppa över", "RS"),
        ("gul stopp", "YS"),
        ("blå hopp over", "BS"),
        ("grön byt riktning", "GR"),
        ("röd vänd", "RR"),
        ("gul retningsendring", "YR"),
        ("blå snu", "BR"),
        ("byt färg", "W"),
        ("joker", "W"),
        ("skift farge", "W"),
        ("fargeskift", "W"),
        ("dra fyra", "W+4"),
        ("ta fyra", "W+4"),
        ("plusfyra", "W+4"),
        ("+4", "W+4"),
        ("trekk 4", "W+4"),
        ("trekk fire", "W+4"),
        ("RED 7", "R7"),
        ("wild draw four", "W+4"),
    ],
)
def test_card_words_of_every_language_under_every_language(text: str, code: str) -> None:
    for lang in ("en", "sv", "nb"):
        assert Card.parse(text, lang=lang) is C(code)


@pytest.mark.parametrize(
    ("text", "color"),
    [
        ("blå", Color.BLUE),
        ("röd", Color.RED),
        ("rødt", Color.RED),
        ("gult", Color.YELLOW),
        ("grönt", Color.GREEN),
        ("grønn", Color.GREEN),
        ("Blue", Color.BLUE),
    ],
)
def test_colour_words(text: str, color: Color) -> None:
    for lang in ("en", "sv", "nb"):
        assert parse_color(text, lang=lang) is color


def test_gul_and_gron_codes_under_sv_and_nb() -> None:
    for lang in ("sv", "nb"):
        assert Card.parse("Gu7", lang=lang) is C("Y7")
        assert Card.parse("gr7", lang=lang) is C("G7")
        assert Card.parse("GrS", lang=lang) is C("GS")
        assert Card.parse("Gr+2", lang=lang) is C("G+2")
        assert Card.parse("GuR", lang=lang) is C("YR")
        assert Card.parse("GrR", lang=lang) is C("GR")
        assert Card.parse("Y7", lang=lang) is C("Y7")
        assert Card.parse("R7", lang=lang) is C("R7")
        assert Card.parse("B+2", lang=lang) is C("B+2")
        assert parse_color("Gu", lang=lang) is Color.YELLOW
        assert parse_color("Gr", lang=lang) is Color.GREEN
        assert parse_color("Y", lang=lang) is Color.YELLOW
        assert parse_cards("Gu7 GrS, blå trekk 2", lang=lang) == (C("Y7"), C("GS"), C("B+2"))


def test_english_keeps_g_for_green_and_has_no_gu_gr_codes() -> None:
    assert Card.parse("G7") is C("G7")
    assert Card.parse("GR") is C("GR")  # green Reverse, not "Gr" alone
    assert parse_color("G") is Color.GREEN
    assert parse_move("0 play G7") == Play(0, C("G7"))
    assert parse_move("0 color G") == ChooseColor(0, Color.GREEN)
    with pytest.raises(NotationError):
        Card.parse("Gu7")
    with pytest.raises(NotationError):
        parse_color("Gr")


@pytest.mark.parametrize(
    ("lang", "green"),
    [("sv", "grön"), ("nb", "grønn")],
)
@pytest.mark.parametrize(
    ("kind", "text", "column", "as_yellow", "as_green"),
    [
        ("move", "0 play G7", 8, "Gu7", "Gr7"),
        ("move", "0 G7", 3, "Gu7", "Gr7"),
        ("move", "0 GS", 3, "GuS", "GrS"),
        ("move", "0 G+2", 3, "Gu+2", "Gr+2"),
        ("move", "0 GR", 3, "GuR", "GrR"),
        ("move", "0 color G", 9, "Gu", "Gr"),
        ("move", "0 play W G", 10, "Gu", "Gr"),
        ("situation", "top W G; hands R1 / R2", 7, "Gu", "Gr"),
        ("situation", "top G7; hands R1 / R2", 5, "Gu7", "Gr7"),
        ("situation", "top R7; hands R1 G5 / R2", 18, "Gu5", "Gr5"),
        ("situation", "top R7; color G; hands R1 / R2", 15, "Gu", "Gr"),
        ("situation", "top R7; hands R1 / R2; draw Y1 G2", 32, "Gu2", "Gr2"),
    ],
)
def test_bare_g_is_refused_under_sv_and_nb_with_both_readings(
    lang: str, green: str, kind: str, text: str, column: int, as_yellow: str, as_green: str
) -> None:
    with pytest.raises(NotationError) as err:
        if kind == "move":
            parse_move(text, lang=lang)
        else:
            parse_situation(text, lang=lang)
    message = str(err.value)
    assert message.startswith(
        f"column {column}: expected {as_yellow} (yellow, gul) or {as_green} (green, {green}), "
        "or the colour's word: G alone could be either, found "
    )
    assert err.value.position == column - 1


def test_language_tags_and_unknown_language() -> None:
    assert parse_move("0 Gu7", lang="sv_SE.UTF-8") == Play(0, C("Y7"))
    with pytest.raises(LanguageError):
        parse_move("0 R7", lang="xx")


# --------------------------------------------------------------------------- situations


def test_swedish_situation() -> None:
    spec = parse_situation("topp dra fyra blå; händer röd 7, gul sju / ?5; tur 1", lang="sv")
    assert spec.top is C("W+4")
    assert spec.color is Color.BLUE
    assert spec.hands == ("R7 Y7", "?5")
    assert spec.current == 1
    assert format_situation(spec) == "top W+4 blue; hands R7 Y7 / ?5; turn 1"


def test_english_keywords_with_swedish_and_norwegian_cards() -> None:
    assert parse_situation("top röd 7; hands R3 / B2").top is C("R7")
    assert parse_situation("top rød 7; hands R3 / B2").top is C("R7")
    spec = parse_situation("top skift farge grønn; hands Gu3 / Gr2; dir moturs", lang="nb")
    assert (spec.top, spec.color, spec.hands, spec.direction) == (
        C("W"),
        Color.GREEN,
        ("Y3", "G2"),
        -1,
    )


def test_norwegian_situation_all_clauses() -> None:
    spec = parse_situation(
        "topp R7; hender R3 / Gu5 / B1; tur 2; retning medurs; giver 1; "
        "trekkbunke Gr1 Y2; kastebunke B3 R7; poeng 10 0 5; navn Kari Ola Siv",
        lang="nb",
    )
    assert spec.hands == ("R3", "Y5", "B1")
    assert (spec.current, spec.direction, spec.dealer) == (2, 1, 1)
    assert spec.draw_pile == "G1 Y2"
    assert spec.discard_pile == "B3 R7"
    assert spec.scores == (10, 0, 5)
    assert spec.names == ("Kari", "Ola", "Siv")
    assert format_situation(spec) == (
        "top R7; hands R3 / Y5 / B1; turn 2; dealer 1; draw G1 Y2; discard B3 R7; "
        "scores 10 0 5; names Kari Ola Siv"
    )


def test_norwegian_draw_pile_is_the_rule_texts_trekkebunke_and_seed_is_fro() -> None:
    """003 says "trekkebunke"; the shorter "trekkbunke" is read too, and the
    random seed is "slumptall" or "frø" (the word the Norwegian texts use)."""
    for word in ("trekkebunke", "trekkebunken", "trekkbunke"):
        spec = parse_situation(f"topp R7; hender R3 / Gu5; {word} Gr1 Y2", lang="nb")
        assert spec.draw_pile == "G1 Y2"
    for word in ("slumptall", "frø"):
        spec = parse_situation(f"topp R7; hender R3 / Gu5; {word} 12", lang="nb")
        assert spec.seed == 12


# --------------------------------------------------------------------------- names


def test_names_clause_and_names_for_seats() -> None:
    spec = parse_situation("top R7; hands R3 / B2 / -; names Anna Bo Cilla; turn Cilla; dealer bo")
    assert spec.names == ("Anna", "Bo", "Cilla")
    assert (spec.current, spec.dealer) == (2, 1)
    text = format_situation(spec)
    assert text == "top R7; hands R3 / B2 / -; turn 2; dealer 1; names Anna Bo Cilla"
    assert parse_situation(text) == spec
    assert parse_situation("top R7; hands R3 / B2; namn Åsa Jean-Luc").names == ("Åsa", "Jean-Luc")
    assert parse_situation("top R7; hands R3 / B2; navn Ørjan Βασίλης").names == (
        "Ørjan",
        "Βασίλης",
    )


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        (
            "top R7; hands R3 / B2 / -; names Anna Bo",
            41,
            "one name per hand: 2 names for 3 hands; give 3 names, or leave out the hands "
            "after the first 2",
        ),
        (
            "top R7; hands R3 / B2; names Anna Bo Cilla",
            38,
            "one name per hand: 3 names for 2 hands; leave out the names after the first 2, "
            "or give 3 hands",
        ),
        (
            "top R7; hands R3 / B2; names Anna anna",
            35,
            "a name not given before (the same name is at column 30)",
        ),
        (
            "top R7; hands R3 / B2; names Anna Bo2",
            35,
            "a name: letters (a hyphen may join parts), at most 20 characters",
        ),
        (
            "top R7; hands R3 / B2; names Anna Abcdefghijklmnopqrstu",
            35,
            "a name: letters (a hyphen may join parts), at most 20 characters",
        ),
        (
            "top R7; hands R3 / B2; names Anna Player",
            35,
            "a name other than 'Player': in a move 'Player' may stand before a seat "
            "('player 2 draw'), so a move could not tell the player from the word",
        ),
        ("top R7; hands R3 / B2; names", 29, "the players' names, one per hand, seat 0 first"),
        (
            "top R7; hands R3 / B2; names Anna Bo; turn Cilla",
            44,
            "a seat number (0, 1, 2, ...) or a player's name (Anna, Bo)",
        ),
        ("top R7; hands R3 / B2; turn Bo", 29, "a seat number (0, 1, 2, ...)"),
    ],
)
def test_names_clause_errors(text: str, column: int, expected: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_situation(text)
    assert str(err.value).startswith(f"column {column}: expected {expected}, found ")


def test_names_in_moves() -> None:
    names = ("Anna", "Bo", "Cilla")
    assert parse_moves("Anna play R7; Bo catch Anna; Cilla utmanar", names=names) == (
        Play(0, C("R7")),
        CatchUno(1, 0),
        Challenge(2),
    )
    assert parse_move("bo lägger röd 7 byter med cilla", names=names) == Play(
        1, C("R7"), swap_with=2
    )
    assert parse_move("Bo tar Anna", names=names) == CatchUno(1, 0)
    assert parse_move("Bo tar", names=names) == Draw(1)
    assert parse_move("1 play R7", names=names) == Play(1, C("R7"))
    with pytest.raises(NotationError) as err:
        parse_move("Dag play R7", names=names)
    assert str(err.value).startswith(
        "column 1: expected a seat number (0, 1, 2, ...) or a player's name (Anna, Bo, Cilla), "
        "found 'Dag'"
    )
    with pytest.raises(NotationError) as err:
        parse_move("Anna play R7")
    assert str(err.value).startswith("column 1: expected a seat number (0, 1, 2, ...), found")


# --------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("text", "lang", "move"),
    [
        ("0 spela röd 7", "en", Play(0, C("R7"))),
        ("0 spelar gul sju", "sv", Play(0, C("Y7"))),
        ("0 lägger Gu7", "sv", Play(0, C("Y7"))),
        ("0 legger Gr7", "nb", Play(0, C("G7"))),
        ("0 spiller Y7", "nb", Play(0, C("Y7"))),
        ("0 dra fyra blå", "sv", Play(0, C("W+4"), Color.BLUE)),
        ("0 ta fyra Gu", "sv", Play(0, C("W+4"), Color.YELLOW)),
        ("0 lägger dra fyra grönt", "sv", Play(0, C("W+4"), Color.GREEN)),
        ("0 trekk 4 rød", "nb", Play(0, C("W+4"), Color.RED)),
        ("0 skift farge gul", "nb", Play(0, C("W"), Color.YELLOW)),
        ("0 byt färg blå", "sv", Play(0, C("W"), Color.BLUE)),
        ("0 röd hoppa över", "sv", Play(0, C("RS"))),
        ("0 en röd sjua", "sv", Play(0, C("R7"))),
        ("1 dra", "sv", Draw(1)),
        ("1 drar", "sv", Draw(1)),
        ("1 tar", "sv", Draw(1)),
        ("1 trekk", "nb", Draw(1)),
        ("1 trekker", "nb", Draw(1)),
        ("1 passar", "sv", Pass(1)),
        ("1 behåller", "sv", Pass(1)),
        ("1 beholder", "nb", Pass(1)),
        ("0 väljer rött", "sv", ChooseColor(0, Color.RED)),
        ("0 väljer färg Gu", "sv", ChooseColor(0, Color.YELLOW)),
        ("0 velger grønn", "nb", ChooseColor(0, Color.GREEN)),
        ("0 farge blå", "nb", ChooseColor(0, Color.BLUE)),
        ("0 säger uno", "sv", CallUno(0)),
        ("0 ropar UNO!", "sv", CallUno(0)),
        ("0 sier uno", "nb", CallUno(0)),
        ("0 roper uno", "nb", CallUno(0)),
        ("2 fångar 0", "sv", CatchUno(2, 0)),
        ("2 fanger 0", "nb", CatchUno(2, 0)),
        ("2 tar 0", "nb", CatchUno(2, 0)),
        ("1 utmanar", "sv", Challenge(1)),
        ("1 utfordrer", "nb", Challenge(1)),
        ("0 spill R7 bytter med 2", "nb", Play(0, C("R7"), swap_with=2)),
    ],
)
def test_moves_in_swedish_and_norwegian(text: str, lang: str, move: object) -> None:
    assert parse_move(text, lang=lang) == move
    if "Gu" not in text and "Gr" not in text:  # words read under every language
        assert parse_move(text) == move


def test_output_stays_english_codes() -> None:
    assert str(parse_move("0 dra fyra Gr", lang="sv")) == "0 play W+4 green"
    assert str(parse_move("0 gul trekk 2", lang="nb")) == "0 play Y+2"


def test_number_words_that_are_other_words() -> None:
    # "to" (nb 2), "ni" (nb 9), "sex" (sv 6), "en" (1, or an article): numbers
    # only where a card's face is expected.
    assert parse_move("0 rød to", lang="nb") == Play(0, C("R2"))
    assert parse_move("0 gul ni", lang="nb") == Play(0, C("Y9"))
    assert parse_move("0 blå sex", lang="sv") == Play(0, C("B6"))
    assert parse_move("0 röd en", lang="sv") == Play(0, C("R1"))
    assert parse_move("0 en röd etta", lang="sv") == Play(0, C("R1"))
    with pytest.raises(NotationError):
        Card.parse("to")
    with pytest.raises(NotationError):
        Card.parse("en")


def test_word_tables() -> None:
    assert NUMBER_WORDS["sv"][7] == ("sju",)
    assert NUMBER_WORDS["nb"][7] == ("sju", "syv")
    assert "sjua" in CARD_NOUNS["sv"][7]
    assert COLOUR_CODES["sv"][Color.YELLOW] == ("Y", "Gu")
    assert COLOUR_CODES["nb"][Color.GREEN] == ("Gr",)
    assert COLOUR_CODES["en"][Color.GREEN] == ("G",)
    assert "grönt" in COLOUR_SYNONYMS["sv"][Color.GREEN]
    assert "trekker" in VERB_WORDS["nb"]["draw"]
    assert "namn" in CLAUSE_WORDS["sv"]["names"]
    # no code of sv or nb is a bare G
    for lang in ("sv", "nb"):
        codes = [c for cs in COLOUR_CODES[lang].values() for c in cs]
        assert "G" not in codes
    # no word names two different faces in any language
    seen: dict[str, object] = {}
    for table in FACE_SYNONYMS.values():
        for face, words in table.items():
            for word in words:
                assert seen.setdefault(word, face) is face, word


# --------------------------------------------------------------------------- messages


def test_bare_g_message_in_swedish_and_norwegian() -> None:
    with pytest.raises(NotationError) as err:
        parse_move("0 play G7", lang="sv")
    assert "Gu7 (gul) eller Gr7 (grön), eller färgen utskriven: bara G kan vara båda" in (
        err.value.text_in("sv")
    )
    with pytest.raises(NotationError) as err:
        parse_move("0 farge G", lang="nb")
    assert "Gu (gul) eller Gr (grønn), eller fargen skrevet ut: G alene kan bety begge" in (
        err.value.text_in("nb")
    )


@pytest.mark.parametrize(
    ("text", "sv", "nb"),
    [
        (
            "topp R7; händer R3 / B2; namn Anna Anna",
            "ett namn som inte redan finns (samma namn står i kolumn 31)",
            "et navn som ikke allerede er oppgitt (samme navn står i kolonne 31)",
        ),
        (
            "topp R7; händer R3 / B2 / -; namn Anna Bo",
            "2 namn men 3 händer; ge 3 namn, eller stryk händerna efter de 2 första",
            "ett navn per hånd: 2 navn for 3 hender; oppgi 3 navn, eller stryk hendene etter "
            "de 2 første",
        ),
        (
            "topp R7; händer R3 / B2; tur 5",
            "en plats från 0 till 1 (det finns 2 händer)",
            "en plass fra 0 til 1 (det er 2 hender)",
        ),
        (
            "topp R7 blå; händer R3 / B2",
            "ingen annan färg än röd med det färgade översta kortet R7",
            "ingen annen farge enn rød med det fargede øverste kortet R7",
        ),
        ("topp R7", "en 'händer'-del (hands)", "en 'hender'-del (hands)"),
    ],
)
def test_situation_errors_in_swedish_and_norwegian(text: str, sv: str, nb: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_situation(text, lang="sv")
    assert sv in err.value.text_in("sv")
    assert nb in err.value.text_in("nb")
    assert sv not in str(err.value)


def test_move_errors_in_swedish_and_norwegian() -> None:
    with pytest.raises(NotationError) as err:
        parse_move("0 hoppar", lang="sv")
    assert "ett verb: spela, dra, passa, välj, uno, fånga, utmana, timeout" in err.value.text_in(
        "sv"
    )
    assert "et verb: spill, trekk, pass, velg, uno, fang, utfordre, timeout" in err.value.text_in(
        "nb"
    )
    with pytest.raises(NotationError) as err:
        parse_move("0 röd 7 blå", lang="sv")
    said = "inget efter ett färgat kort utom xN, fler kort, 'byt med PLATS' eller 'ger KORT till"
    assert said in err.value.text_in("sv")
    with pytest.raises(NotationError) as err:
        parse_move("0 väljer brun", lang="sv")
    assert "en färg: röd, gul, grön eller blå, eller koderna R, Gu (eller Y), Gr, B" in (
        err.value.text_in("sv")
    )
