"""The Swedish rule catalogue: titles, summaries and texts a Swedish table reads."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from unorules.explanations.languages import preset_description_in, rule_in, section_in
from unorules.rules.catalogue import CATALOGUE, SECTIONS
from unorules.rules.presets import names

IDS = sorted(CATALOGUE)

# The table says "a seven", "the zero" where the English has the digits.
_NUMBER_WORDS = {r"\bsjuan?\b": "7", r"\bnollan?\b": "0"}


def _numbers(text: str) -> Counter[str]:
    for word, digit in _NUMBER_WORDS.items():
        text = re.sub(word, digit, text, flags=re.IGNORECASE)
    return Counter(re.findall(r"\d+", text))


@pytest.mark.parametrize("rule_id", IDS)
def test_swedish_summary_is_one_translated_line_of_at_most_100_characters(rule_id: str) -> None:
    english = CATALOGUE[rule_id].summary
    swedish = rule_in(rule_id, "sv").summary
    assert "\n" not in swedish
    assert 0 < len(swedish) <= 100, (rule_id, len(swedish), swedish)
    assert swedish != english


def test_swedish_titles_are_unique_and_short() -> None:
    titles = [rule_in(rule_id, "sv").title for rule_id in IDS]
    twice = [title for title, n in Counter(titles).items() if n > 1]
    assert twice == []
    for rule_id, title in zip(IDS, titles, strict=True):
        assert 2 <= len(title.split()) <= 6, (rule_id, title)
        assert title != CATALOGUE[rule_id].title, rule_id


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("action.skip", "Kortet Hoppa över"),
        ("action.reverse", "Kortet Byt riktning"),
        ("action.draw-two", "Kortet Dra två"),
        ("action.wild", "Kortet Välj färg"),
        ("action.wild-draw-four", "Kortet Dra fyra"),
        ("wd4.no-matching-colour", "Villkoret för Dra fyra"),
        ("challenge.wd4", "Utmana ett Dra fyra"),
        ("uno.call", "Ropa UNO"),
        ("uno.penalty", "Straff för missat UNO"),
        ("house.seven-zero", "Sjuan och nollan"),
        ("house.stack-draw-two", "Stapla Dra två"),
        ("house.jump-in", "Hoppa in"),
    ],
)
def test_titles_of_well_known_rules(rule_id: str, title: str) -> None:
    assert rule_in(rule_id, "sv").title == title


def test_seven_zero_speaks_of_the_seven_and_the_zero() -> None:
    info = rule_in("house.seven-zero", "sv")
    assert "sjuan" in info.summary and "nollan" in info.summary
    assert info.text.startswith("Den som lägger en sjua byter hand med valfri motspelare.")
    assert "nolla" in info.text
    assert "sjuan" in preset_description_in("kitchen-table", "sv")


@pytest.mark.parametrize("rule_id", IDS)
def test_swedish_texts_keep_the_numbers_and_rule_ids(rule_id: str) -> None:
    english, swedish = CATALOGUE[rule_id], rule_in(rule_id, "sv")
    for field in ("title", "summary", "text", "interpretation"):
        en, sv = getattr(english, field), getattr(swedish, field)
        if en is None:
            assert sv is None
            continue
        assert _numbers(sv) >= Counter(re.findall(r"\d+", en)), (rule_id, field)
        for rid in re.findall(r"\b[a-z0-9]+\.[a-z0-9-]*[a-z0-9*]", en):
            assert rid in sv, (rule_id, field, rid)


def test_the_wild_draw_four_challenge_costs_are_stated() -> None:
    info = rule_in("challenge.wd4", "sv")
    assert "drar de 4 korten" in info.text
    assert "drar den som utmanade 6 kort och förlorar sin tur" in info.text


def test_section_headings_and_presets_are_swedish() -> None:
    assert section_in("house", "sv") == "Husregler"
    assert section_in("challenge", "sv") == "Utmana ett Dra fyra"
    headings = [section_in(key, "sv") for key in SECTIONS]
    assert len(set(headings)) == len(headings)
    for name in names():
        assert preset_description_in(name, "sv") != preset_description_in(name, "en"), name
    assert preset_description_in("official", "sv") == (
        "Mattels tryckta regler med den klassiska leken på 108 kort."
    )
