"""The catalogue in Norwegian Bokmål: summaries fit on one line, titles are
unique, well-known rules carry the table's words, and the Wild Draw Four rules
say "Trekk 4" so that the docs search finds them."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from unorules.explanations.languages import preset_description_in, rule_in, section_in
from unorules.rules.catalogue import CATALOGUE


def test_every_norwegian_summary_is_one_line_of_at_most_100_characters() -> None:
    for rid, info in CATALOGUE.items():
        summary = rule_in(rid, "nb").summary
        assert summary != info.summary, rid
        assert "\n" not in summary, rid
        assert len(summary) <= 100, (rid, len(summary))


def test_norwegian_titles_are_unique() -> None:
    titles = Counter(rule_in(rid, "nb").title for rid in CATALOGUE)
    assert [title for title, n in titles.items() if n > 1] == []
    assert len(titles) == len(CATALOGUE)


def test_norwegian_titles_are_short() -> None:
    for rid in CATALOGUE:
        title = rule_in(rid, "nb").title
        assert 2 <= len(title.split()) <= 6, (rid, title)


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("action.skip", "Stå over (Stopp)"),
        ("action.reverse", "Snu (retningsendring)"),
        ("action.draw-two", "Trekk 2-kortet"),
        ("action.wild", "Skift farge-kortet"),
        ("action.wild-draw-four", "Trekk 4-kortet"),
        ("wd4.no-matching-colour", "Begrensning for Trekk 4"),
        ("challenge.wd4", "Å utfordre en Trekk 4"),
        ("uno.call", "Å rope UNO"),
        ("house.seven-zero", "Sjuere og nuller"),
        ("house.jump-in", "Hopp inn"),
        ("house.stack-draw-two", "Stabling av Trekk 2"),
    ],
)
def test_titles_of_well_known_rules(rule_id: str, title: str) -> None:
    assert rule_in(rule_id, "nb").title == title


def test_wild_draw_four_rules_say_trekk_4() -> None:
    wd4 = [rid for rid, info in CATALOGUE.items() if "Wild Draw Four" in info.title]
    assert {"wd4.no-matching-colour", "action.wild-draw-four", "start.wild-draw-four"} <= set(wd4)
    for rid in wd4:
        assert "Trekk 4" in rule_in(rid, "nb").title, rid
    for rid, info in CATALOGUE.items():
        if "Wild Draw Four" in info.text:
            assert "Trekk 4" in rule_in(rid, "nb").text, rid


def test_rule_ids_and_numbers_survive_translation() -> None:
    ids = re.compile(r"\b[a-z0-9]+(?:\.[a-z0-9*-]+)+")
    for rid, info in CATALOGUE.items():
        nb = rule_in(rid, "nb")
        for field in ("text", "interpretation"):
            english, norwegian = getattr(info, field), getattr(nb, field)
            if english is None:
                continue
            assert ids.findall(english) == ids.findall(norwegian), (rid, field)
            # Face names: Draw Two is Trekk 2 (and UNO Flip's Draw One and Five).
            faces_en = r"Draw (One|Two|Four|Five)"
            digits_en = Counter(re.findall(r"\d+", re.sub(faces_en, "", english)))
            digits_nb = Counter(re.findall(r"\d+", re.sub(r"[Tt]rekk [1245]", "", norwegian)))
            assert digits_en == digits_nb, (rid, field)


def test_bokmal_not_swedish() -> None:
    swedish = re.compile(r"[äö]|\b(inte|måste|nästa|drar|kortlek)\b")
    for rid in CATALOGUE:
        nb = rule_in(rid, "nb")
        for text in (nb.title, nb.summary, nb.text):
            assert not swedish.search(text), (rid, text)


def test_sections_and_presets_in_norwegian() -> None:
    assert section_in("house", "nb") == "Husregler"
    assert section_in("challenge", "nb") == "Å utfordre en Trekk 4"
    assert preset_description_in("junior", "nb") == (
        "UNO Junior: 36 kort, 5 til hver, et tallkort starter, ingen poeng."
    )
    norsk = preset_description_in("norsk", "nb")
    assert "Snu" in norsk and "Trekk 4" in norsk and "112" in norsk
