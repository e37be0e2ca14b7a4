"""Swedish and Norwegian read as written, not translated (issue #23, B6 and B7).

A glossary held as a test: one word per thing, the words the seed texts use
(sv: slänghögen, givaren for the dealer, utmana; nb: a move is a "handling",
"trekk" is drawing; "protokoll" is masculine). And the player lines speak in
the rules' names: no rule ID inside a sentence, no seed or notation hint in
what a verdict assumes, no "0 cards", and "Yes" says first what was asked.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from unorules.cards import Card
from unorules.events import CardsDrawn, ChallengeSucceeded, DrawCause
from unorules.explanations.headline import _costs
from unorules.explanations.languages import Wording
from unorules.explanations.sentences import render
from unorules.judging import _judged

LOCALE = Path(__file__).resolve().parent.parent / "unorules" / "locale"
DOMAINS = ("rules", "sentences", "verdicts", "errors", "cli")


def _strings(lang: str) -> list[tuple[str, str]]:
    """(domain, msgstr) for every translated string of ``lang``."""
    out = []
    for domain in DOMAINS:
        path = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        catalog = read_po(io.BytesIO(path.read_bytes()))
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            out += [(domain, s) for s in strings if s]
    return out


# Each: a word the seeds do not use for the thing (or a wrong form), what to say instead.
SV_AVOID = {
    r"\b[Rr]und(a|an|or|orna|ans)\b": "omgång (one word for a round)",
    r"\b(spelet|Spelet) (är|var) (redan )?slut\b": "partiet är slut (spelet is the play)",
    r"\b[Kk]ortlek(en|ens)?\b": "leken (the seeds' word for the deck)",
    r"\bjokerkort": "svart kort (the seeds' word for a wild card)",
    r"\bUno-rop|\bropa Uno\b": "UNO, as in every other line",
    r"\bförinställning|\bförval": "regeluppsättning (a preset)",
    r"\b[Dd]en som ger\b": "givaren (the dealer)",
    r"\bdrar inget\b": "drar inga kort",
    r"\bmåste (först )?dra [^.;:]*\boch står över": "måste dra … och stå över (both after måste)",
    r"\bkasthög": "slänghögen (the seeds' word for the discard pile)",
    r"\b[Ss]yna(r|de|s|ndet|nde)?\b": "utmana (the seeds' word for challenging)",
    r"\b(om|Given|[.:] given) (börjar|gör|förlorar)\b|\b(vänster|höger) om given\b": (
        "givaren: the dealer (given is the deal)"
    ),
    r"\b(sedan|då) \{position\}": "a clause after 'sedan' needs the verb first",
}
NB_AVOID = {
    r"\b(et|ett|hvert|ulovlig|lovlig) trekk\b(?!-)": "handling (trekk is drawing)",
    r"\btrekk(et|ene)\b": "handlingen / handlingene (trekket is the draw)",
    r"\btrekk \{(n|number|k|move)\}": "handling {n}",
    r"\b(et|ett) (spill)?protokoll\b|\b[Pp]rotokollet": "protokoll is masculine: en protokoll",
    r"\bmåtte\b": "må / ville (måtte is the past)",
}


@pytest.mark.parametrize(("lang", "avoid"), [("sv", SV_AVOID), ("nb", NB_AVOID)])
def test_one_word_per_thing_the_seeds_word(lang: str, avoid: dict[str, str]) -> None:
    found = [
        f"{domain}: {text!r} -> {instead}"
        for domain, text in _strings(lang)
        for pattern, instead in avoid.items()
        if re.search(pattern, text)
    ]
    assert found == []


@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_the_glossary_words_are_there(lang: str) -> None:
    # The test above cannot pass by deleting text: the chosen words are in use.
    text = " ".join(s for _, s in _strings(lang))
    wanted = (
        ["slänghögen", "givaren", "utmana", "utmaningen", "omgången", "partiet", "leken"]
        if lang == "sv"
        else ["handlingen", "protokollen", "en protokoll", "trekker"]
    )
    assert [w for w in wanted if w not in text] == []


def test_a_held_colour_is_said_as_the_rule_not_its_id() -> None:
    event = ChallengeSucceeded(
        layer=0,
        card=Card.parse("W+4"),
        forbidding=("wd4.no-matching-colour",),
        rule_id="challenge.wd4",
    )
    said = {lang: render(event, Wording(lang, ("Anna", "Bo"))) for lang in ("en", "sv", "nb")}
    # No colour known: the generic sentence names the rule by its title in each language.
    assert said["en"].endswith("which the rules forbid (“Wild Draw Four restriction”)")
    assert said["sv"].endswith("och då är det förbjudet (”Villkoret för Dra fyra”)")
    assert said["nb"].endswith("og da er det forbudt («Begrensning for Trekk 4»)")
    assert all("wd4." not in s for s in said.values())


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_a_challenge_that_succeeds_speaks_no_rule_id(lang: str) -> None:
    judged = _judged(
        "top R7; hands R3 W+4 B5 / B1 B2 / B1; names Anna Bo Cilla",
        ["0 play W+4 blue"],
        "official",
        w=Wording(lang),
    )
    verdict = judged.verdicts[-1]
    text = verdict.text_in(lang, long=True)
    # The remedy line (after "*") is a sentence: the IDs stay in the brackets and citations.
    remedy = " ".join(text.split("*", 1)[1].split("=>")[0].split())
    assert "(challenge.wd4)" in remedy
    assert "wd4.no-matching-colour" not in remedy
    colour = {"en": "red", "sv": "röd", "nb": "rød"}[lang]
    assert f"({colour})" in remedy


@pytest.mark.parametrize(
    ("lang", "headline"),
    [
        (
            "en",
            "Yes – Anna may play R+2, but has not called UNO: if another player points it out "
            "in time, Anna draws 2 cards; Bo must draw 2 cards and miss the turn.",
        ),
        (
            "sv",
            "Ja – Anna får lägga röd Dra två, men har inte ropat UNO: påpekar någon annan det "
            "i tid, drar Anna 2 kort; Bo måste dra 2 kort och stå över sin tur.",
        ),
        (
            "nb",
            "Ja – Anna kan legge rød Trekk 2, men har ikke ropt UNO: sier en annen spiller fra "
            "i tide, trekker Anna 2 kort; Bo må trekke 2 kort og stå over.",
        ),
    ],
)
def test_yes_says_first_what_was_asked(lang: str, headline: str) -> None:
    judged = _judged(
        "top R5; hands R+2 R1 / B+2 B1 / B1; names Anna Bo Cilla",
        ["0 play R+2"],
        "official",
        w=Wording(lang),
    )
    assert judged.verdicts[0].headline == headline


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_an_assumption_that_changes_nothing_is_not_said(lang: str) -> None:
    # Anna is caught and draws 2 from a pile nobody gave: which 2 changes nothing said.
    judged = _judged(
        "top R7; hands R3 R5 / B1 B2 / B1 B2; names Anna Bo Cilla",
        ["0 play R3", "2 catch 0"],
        "official",
        w=Wording(lang),
    )
    assert judged.caveats == []


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_an_assumption_that_changes_the_verdict_is_said_without_seed_or_notation(
    lang: str,
) -> None:
    # Whether seat 0 may play after seat 1's draw depends on whether the drawn card
    # fits, so on the pile nobody gave: the notes say so, in the player's words (no
    # seed, no 'draw CARDS', no card codes).
    drawn = _judged(
        "top R7; hands R3 Y5 / B2 B9; turn 1", ["1 draw", "0 play R3"], "official", w=Wording(lang)
    )
    assert len(drawn.caveats) == 2
    wild = _judged(
        "top R7; hands W+4 ?3 / Y5 B2; turn 0; names Anna Bo",
        ["0 play W+4 blue", "1 challenge"],
        "official",
        w=Wording(lang),
    )
    assert len(wild.caveats) >= 3
    for caveat in drawn.caveats + wild.caveats:
        assert not re.search(r"seed|slumptal|'[a-z]+ [A-Z]+'|\?N|0 play", caveat), caveat
        assert lang == "en" or "W+4" not in caveat, caveat
    if lang != "en":
        name = {"sv": "Dra fyra", "nb": "Trekk 4"}[lang]
        assert any(name in c for c in wild.caveats)
        assert any("Anna: " in c for c in wild.caveats)


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Bo draws no cards"), ("sv", "Bo drar inga kort"), ("nb", "Bo trekker ingen kort")],
)
def test_no_cards_is_never_zero_cards(lang: str, said: str) -> None:
    event = CardsDrawn(seat=1, count=2, drawn=0, cause=DrawCause.TURN, rule_id="pile.exhausted")
    costs = _costs(Wording(lang, ("Anna", "Bo")), [event])
    assert costs == [said]
