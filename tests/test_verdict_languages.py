"""The verdict a family reads: the headline and the next move in English,
Swedish and Norwegian, the players by name; the English fields unchanged.

Every expected sentence is written out by hand from the situation.
"""

from __future__ import annotations

import pytest
from helpers import card

import unorules as ur
from unorules.errors import LanguageError

NAMES = ("Anna", "Bo", "Cilla")


def official(hands: list[str], top: str, **kw: object) -> ur.GameState:
    return ur.situation(ur.presets.get("official"), hands, top=top, **kw)  # type: ignore[arg-type]


def said(state: ur.GameState, move: ur.Move, lang: str) -> ur.Verdict:
    return ur.explain(state, move, lang=lang, names=NAMES[: len(state.hands)])


# --- a legal move with a cost: Anna lays R+2, Bo owes 2 -------------------------------------


def _draw_two() -> tuple[ur.GameState, ur.Move]:
    s = official(["R+2 G3 G4", "B1 Y9", "G1 G2 G6"], "R5", draw_pile="Y1 Y2 Y3 Y4")
    return s, ur.Play(0, card("R+2"))


@pytest.mark.parametrize(
    ("lang", "headline", "nxt"),
    [
        (
            "en",
            "Yes – Bo must draw 2 cards and miss the turn.",
            "Next: Bo draws 2 cards and misses the turn; the colour is red.",
        ),
        (
            "sv",
            "Ja – Bo måste dra 2 kort och stå över sin tur.",
            "Nästa: Bo drar 2 kort och står över sin tur; färgen är röd.",
        ),
        (
            "nb",
            "Ja – Bo må trekke 2 kort og stå over.",
            "Neste: Bo trekker 2 kort og står over; fargen er rød.",
        ),
    ],
)
def test_a_legal_move_with_a_cost(lang: str, headline: str, nxt: str) -> None:
    verdict = said(*_draw_two(), lang)
    assert (verdict.headline, verdict.next) == (headline, nxt)
    assert verdict.short == f"{headline}\n{nxt}"
    assert (verdict.lang, verdict.names) == (lang, NAMES)


def test_taking_the_cards_owed() -> None:
    s, move = _draw_two()
    owing = ur.apply(s, move)
    assert said(owing, ur.Draw(1), "sv").short == (
        "Ja – Bo drar 2 kort och står över sin tur.\nNästa: Cilla spelar, färgen är röd."
    )
    assert said(owing, ur.Draw(1), "nb").short == (
        "Ja – Bo trekker 2 kort og står over.\nNeste: Cilla spiller, fargen er rød."
    )


# --- a refused move: Bo plays Y8 while it is Anna's turn ------------------------------------


@pytest.mark.parametrize(
    ("lang", "start", "nxt"),
    [
        ("en", "No – Bo may not play Y8: ", "Next: Anna plays; the colour is yellow."),
        ("sv", "Nej – Bo får inte lägga gul 8: ", "Nästa: Anna spelar, färgen är gul."),
        ("nb", "Nei – Bo får ikke legge gul 8: ", "Neste: Anna spiller, fargen er gul."),
    ],
)
def test_a_refused_move(lang: str, start: str, nxt: str) -> None:
    s = official(["B1 B2", "Y8 G3", "G5 G6"], "Y2", current=0)
    verdict = said(s, ur.Play(1, card("Y8")), lang)
    # The reason follows, said by the sentences of the ruling (play.in-turn).
    assert verdict.headline.startswith(start)
    assert verdict.headline.endswith(".")
    assert verdict.headline[len(start) : -1] == verdict.texts.reason
    assert verdict.next == nxt


# --- a challenge that fails, one that succeeds -----------------------------------------------


def _challenged(hands: str) -> ur.GameState:
    s = official([hands, "Y5 Y6", "G1 G2"], "R7", draw_pile="Y1 Y2 Y3 Y4 B5 B6 B7 B8")
    return ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "The challenge fails – Bo draws 6 cards and misses the turn.\n"
            "Next: Cilla plays; the colour is blue.",
        ),
        (
            "sv",
            "Utmaningen misslyckas – Bo drar 6 kort och står över sin tur.\n"
            "Nästa: Cilla spelar, färgen är blå.",
        ),
        (
            "nb",
            "Utfordringen mislykkes – Bo trekker 6 kort og står over.\n"
            "Neste: Cilla spiller, fargen er blå.",
        ),
    ],
)
def test_a_failed_challenge(lang: str, expected: str) -> None:
    assert said(_challenged("W+4 G7 B2"), ur.Challenge(1), lang).short == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "The challenge succeeds – Anna draws 4 cards for the bluff; Bo draws nothing.\n"
            "Next: Bo plays; the colour is blue.",
        ),
        (
            "sv",
            "Utmaningen lyckas – Anna drar 4 kort för bluffen; Bo drar inga kort.\n"
            "Nästa: Bo spelar, färgen är blå.",
        ),
        (
            "nb",
            "Utfordringen lykkes – Anna trekker 4 kort for bløffen; Bo trekker ingenting.\n"
            "Neste: Bo spiller, fargen er blå.",
        ),
    ],
)
def test_a_successful_challenge(lang: str, expected: str) -> None:
    assert said(_challenged("W+4 R3 B2"), ur.Challenge(1), lang).short == expected


# --- a missed UNO call caught ----------------------------------------------------------------


def _r3_laid() -> ur.GameState:
    s = official(["R3 R5", "R9 B1 B2", "G1 G2 G3"], "R7", draw_pile="Y1 Y2 Y3 Y4 Y5")
    return ur.apply(s, ur.Play(0, card("R3")))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Caught – Anna draws 2 cards for not calling UNO.\nNext: Bo plays; the colour is red.",
        ),
        (
            "sv",
            "Rätt påpekat – Anna drar 2 kort eftersom UNO inte ropades.\n"
            "Nästa: Bo spelar, färgen är röd.",
        ),
        (
            "nb",
            "Tatt – Anna trekker 2 kort for ikke å ha ropt UNO.\nNeste: Bo spiller, fargen er rød.",
        ),
    ],
)
def test_a_missed_uno_call_caught(lang: str, expected: str) -> None:
    assert said(_r3_laid(), ur.CatchUno(2, 0), lang).short == expected


def test_laying_the_second_to_last_card_without_a_call() -> None:
    s = official(["R3 R5", "R9 B1 B2", "G1 G2 G3"], "R7")
    assert said(s, ur.Play(0, card("R3")), "sv").headline == (
        "Ja – Anna får lägga röd 3, men har inte ropat UNO: påpekar någon annan det i tid, "
        "drar Anna 2 kort."
    )


# --- a bluff --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Bluff – it stands unless Bo challenges: then Anna draws 4 cards; if not, Bo draws "
            "4 cards and misses the turn.\n"
            "Next: Bo draws 4 cards and misses the turn, or challenges; the colour is blue.",
        ),
        (
            "sv",
            "Bluff – den står sig om inte Bo utmanar: då drar Anna 4 kort; annars drar Bo 4 kort "
            "och står över sin tur.\n"
            "Nästa: Bo drar 4 kort och står över sin tur, eller utmanar; färgen är blå.",
        ),
        (
            "nb",
            "Bløff – kortet blir liggende med mindre Bo utfordrer: da trekker Anna 4 kort; "
            "ellers trekker Bo 4 kort og står over.\n"
            "Neste: Bo trekker 4 kort og står over, eller utfordrer; fargen er blå.",
        ),
    ],
)
def test_a_bluff(lang: str, expected: str) -> None:
    s = official(["R3 W+4 G5", "B2 B9", "Y1 Y2"], "R7", draw_pile="G1 G2 G3 G4 G6")
    verdict = said(s, ur.Play(0, card("W+4"), ur.Color.BLUE), lang)
    assert verdict.bluff
    assert verdict.short == expected


# --- a void move ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "start", "nxt"),
    [
        (
            "en",
            "No effect – Cilla may say that Anna has not called UNO, but it changes nothing: ",
            "Next: Cilla plays; the colour is red.",
        ),
        (
            "sv",
            "Ingen verkan – Cilla får säga att Anna inte har ropat UNO, men det ändrar "
            "ingenting – ",
            "Nästa: Cilla spelar, färgen är röd.",
        ),
        (
            "nb",
            "Ingen virkning – Cilla kan si fra om at Anna ikke har ropt UNO, men det endrer "
            "ingenting: ",
            "Neste: Cilla spiller, fargen er rød.",
        ),
    ],
)
def test_a_void_move(lang: str, start: str, nxt: str) -> None:
    # Bo has played: the window to point out Anna's missed call has closed.
    s = ur.apply(_r3_laid(), ur.Play(1, card("R9")))
    verdict = said(s, ur.CatchUno(2, 0), lang)
    assert verdict.void
    assert verdict.headline == f"{start}{verdict.texts.reason}."
    assert verdict.next == nxt


# --- English unchanged; seats by number without names ---------------------------------------


def test_english_fields_do_not_change_with_language_or_names() -> None:
    s = _challenged("W+4 G7 B2")
    plain = ur.explain(s, ur.Challenge(1))
    for lang in ("en", "sv", "nb"):
        named = said(s, ur.Challenge(1), lang)
        assert (named.reason, named.effects, named.remedy, named.outlook, named.text) == (
            plain.reason,
            plain.effects,
            plain.remedy,
            plain.outlook,
            plain.text,
        )
    assert plain.text == (
        "LEGAL: 1 challenge - seat 1 may challenge the wild draw four before acting "
        "[challenge.wd4]\n"
        "  - the challenge fails: seat 0's Wild Draw Four was legal [challenge.wd4]\n"
        "  - seat 1 draws 6 cards (4 owed, 2 for the failed challenge) and loses the turn "
        "[challenge.wd4]\n"
        "  => seat 2 to play on blue (W+4), clockwise; hands 2/8/2, draw pile 2"
    )


def test_without_names_seats_are_numbers() -> None:
    s = _challenged("W+4 G7 B2")
    assert ur.explain(s, ur.Challenge(1)).short == (
        "The challenge fails – seat 1 draws 6 cards and misses the turn.\n"
        "Next: seat 2 plays; the colour is blue."
    )


def test_texts_name_the_players_in_the_language() -> None:
    s = _challenged("W+4 G7 B2")
    verdict = said(s, ur.Challenge(1), "sv")
    assert verdict.texts.outlook == (
        "Cilla står på tur; färgen är blå (Dra fyra överst), medurs; händerna 2/8/2, draghögen 2"
    )
    assert verdict.outlook == "seat 2 to play on blue (W+4), clockwise; hands 2/8/2, draw pile 2"


# --- text_in, to_dict ------------------------------------------------------------------------


def test_text_in_says_the_verdict_again_in_another_language() -> None:
    s, move = _draw_two()
    english = said(s, move, "en")
    assert english.text_in("sv") == said(s, move, "sv").short
    assert english.text_in("nb_NO.UTF-8") == said(s, move, "nb").short
    assert said(s, move, "nb").text_in("en") == english.short


def test_text_in_long_has_the_layout_and_the_rules_texts() -> None:
    s, move = _draw_two()
    plain = ur.explain(s, move)
    long = plain.text_in("en", long=True)
    assert long.startswith(plain.short + "\n\n" + plain.text + "\n")
    english = said(s, move, "en")
    assert english.text_in("en", long=True).split("\n\n")[1].startswith("LEGAL: Anna: play R+2 - ")
    title = ur.rules.catalogue.rule("action.draw-two").title
    assert f"  [action.draw-two] {title}: " in long
    swedish = english.text_in("sv", long=True)
    first = swedish.split("\n\n")[1].splitlines()[0]
    assert swedish.startswith(english.text_in("sv") + "\n\n")
    assert first.startswith("TILLÅTET: Anna: lägga röd Dra två - ")
    assert first.endswith("[play.match, action.draw-two]")
    rule = ur.explanations.languages.rule_in("action.draw-two", "sv")
    assert f"  [action.draw-two] {rule.title}: {rule.text}" in swedish
    assert "  => Bo ska dra 2 kort, färgen är röd, medurs; händerna 2/2/3, draghögen 4" in swedish


def test_to_dict_keeps_its_keys_and_adds_the_language() -> None:
    s, move = _draw_two()
    data = said(s, move, "nb").to_dict()
    plain = ur.explain(s, move).to_dict()
    new = {"lang", "names", "headline", "next", "texts", "misplay"}
    assert set(data) == set(plain) == {*OLD_KEYS, *new}
    for key in OLD_KEYS:
        assert data[key] == plain[key]
    assert data["lang"] == "nb"
    assert data["names"] == list(NAMES)
    assert data["headline"] == "Ja – Bo må trekke 2 kort og stå over."
    assert data["next"] == "Neste: Bo trekker 2 kort og står over; fargen er rød."
    assert data["texts"]["outlook"] == (
        "Bo skal trekke 2 kort, fargen er rød, med klokken; hender 2/2/3, trekkebunken 4"
    )
    assert [e["rule"] for e in data["texts"]["effects"]] == [e["rule"] for e in plain["effects"]]


OLD_KEYS = (
    "move",
    "verdict",
    "legal",
    "allowed",
    "bluff",
    "void",
    "assumed",
    "reason",
    "rules",
    "effects",
    "remedy",
    "outlook",
)


# --- bad input ------------------------------------------------------------------------------


def test_an_unknown_language_is_refused() -> None:
    s, move = _draw_two()
    with pytest.raises(LanguageError):
        ur.explain(s, move, lang="de")
    with pytest.raises(LanguageError):
        ur.explain(s, move).text_in("fr")


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (("Anna", "Bo"), "2 names for 3 seats: give 3 names, seat 0 first"),
        (("Anna",), "1 name for 3 seats: give 3 names, seat 0 first"),
        (
            ("Anna", "Bo", "Cilla", "Dag"),
            "4 names for 3 seats: leave out the names after the first 3",
        ),
        (("Anna", "Anna", "Bo"), "the same name"),
        (("Anna", "", "Bo"), "a player's name"),
        ("Anna", "list of names"),
    ],
)
def test_bad_names_are_refused(names: tuple[str, ...], words: str) -> None:
    s, move = _draw_two()
    with pytest.raises(ur.UnoError) as err:
        ur.explain(s, move, names=names)
    assert words in str(err.value)


def test_a_hand_made_verdict_cannot_be_said_in_another_language() -> None:
    verdict = ur.Verdict(
        move=ur.Draw(0), legal=True, allowed=True, bluff=False, rule_ids=(), reason="r"
    )
    assert verdict.text_in("en") == verdict.short
    with pytest.raises(ur.UnoError):
        verdict.text_in("sv")


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_a_headline_gives_no_points_made_of_cards_nobody_gave(lang: str) -> None:
    """score.card-values, score.winner-takes: Ella goes out; Olle's hand was
    given as ``?7``: the points would count
    seven cards dealt at random, so the headline says who wins and no number
    (the "Assumes" note says why). With Olle's cards given (B7 and a Wild:
    7 + 50 = 57) the points are said."""
    from unorules.web import settle

    moves = "Ella play RR; Ella play R8"
    unknown = settle("top R5; hands RR R8 / ?7; turn 0; names Ella Olle", moves, lang=lang)
    assert not any(ch.isdigit() for ch in unknown["headline"]), unknown["headline"]
    assert "Ella" in unknown["headline"]
    assert unknown["assumes"], unknown
    given = settle("top R5; hands RR R8 / B7 W; turn 0; names Ella Olle", moves, lang=lang)
    assert "57" in given["headline"], given["headline"]
    assert not given["assumes"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Bluff – it stands unless Bo or Cilla challenges: then Anna draws 4 cards; if not, "
            "Bo draws 4 cards and misses the turn.",
        ),
        (
            "sv",
            "Bluff – den står sig om inte Bo eller Cilla utmanar: då drar Anna 4 kort; annars "
            "drar Bo 4 kort och står över sin tur.",
        ),
        (
            "nb",
            "Bløff – kortet blir liggende med mindre Bo eller Cilla utfordrer: da trekker "
            "Anna 4 kort; "
            "ellers trekker Bo 4 kort og står over.",
        ),
    ],
)
def test_a_bluff_anyone_may_challenge_names_every_challenger(lang: str, expected: str) -> None:
    # challenge.anyone: any seat but the layer may challenge, so the headline
    # names Bo (the victim) and Cilla, never Anna, who laid the card.
    rules = ur.presets.get("official+challenge.anyone")
    s = ur.situation(rules, ["R3 W+4 G5", "B2 B9", "Y1 Y2"], top="R7", draw_pile="G1 G2 G3 G4 G6")
    verdict = said(s, ur.Play(0, card("W+4"), ur.Color.BLUE), lang)
    assert verdict.bluff
    assert verdict.headline == expected
    assert ur.check(verdict.state, ur.Challenge(2)).allowed
    assert not ur.check(verdict.state, ur.Challenge(0)).allowed


def test_a_bluff_four_seats_anyone_may_challenge() -> None:
    rules = ur.presets.get("official+challenge.anyone")
    s = ur.situation(
        rules, ["R3 W+4 G5", "B2 B9", "Y1 Y2", "G7 G8"], top="R7", draw_pile="G1 G2 G3 G4 G6"
    )
    verdict = ur.explain(s, ur.Play(0, card("W+4"), ur.Color.BLUE))
    assert verdict.headline.startswith(
        "Bluff – it stands unless seat 1, seat 2 or seat 3 challenges: then seat 0 draws 4"
    )
    # The reason names no single challenger: who may is the policy's.
    assert "it stands unless challenged" in verdict.reason
