"""The dispute page under UNO Flip (``flip``), on a phone (390×844): the
card picker offers the side in play and makes each face tapped the deck's
two-sided card (asking which back where the deck has several); a light and
a dark table tapped; a Flip laid and a Wild Draw Two challenged by taps,
each with the library's verdict; a dark table typed as text and read in
(its colour in force read from the side up); the player buttons answer; the
Norwegian page says all of it in Norwegian. Screenshots for a person to look
at go to ``UNORULES_SHOTS`` (when set).

Skipped as ``test_web_page.py`` is (no Chromium, no Playwright, no engine).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_page import CHROMIUM as CHROMIUM
from test_web_page import SHOTS, read_text, settled, type_text
from test_web_page import browser as browser
from test_web_page import phone as phone
from test_web_page import pytestmark as pytestmark
from test_web_page import site as site

from unorules.web import in_force

_PATHS = {"en": "dispute/", "sv": "sv/dispute/", "nb": "nb/dispute/"}
_DARK = {"P": "pink", "T": "teal", "O": "orange", "V": "purple"}
_LIGHT = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def _flip(page: Any) -> None:
    """Choose UNO Flip and wait until the page shows its cards."""
    page.select_option("#dispute-rules", "flip")
    page.wait_for_function("() => document.getElementById('dispute').dataset.rules === 'flip'")


def _pick(page: Any, card: str) -> None:
    """Tap the two-sided ``card`` (``"R7:T4"``, side up first) in the open
    picker: its side, its colour, its face, then its back when the deck has
    that face with several backs."""
    up, back = card.split(":")
    side = "1" if up[0] in _DARK or (up.startswith("W") and back[0] in _LIGHT) else "0"
    page.click(f"#dispute-picker [data-pick-side='{side}']")
    if up.startswith("W"):
        colour, face = "wild", up
    else:
        colour, face = {**_LIGHT, **_DARK}[up[0]], up[1:]
    page.click(f"#dispute-picker [data-pick-colour='{colour}']")
    page.click(f"#dispute-picker [data-face='{face}']")
    if page.locator("#dispute-picker [data-back]").count():
        page.click(f"#dispute-picker [data-back='{back}']")


def _table(page: Any, top: str, hands: list[tuple[list[str], int]], colour: str = "") -> None:
    """The table tapped: the top card (and the colour in force after a wild
    one), as many players as ``hands``, each hand's known cards and count."""
    page.click("#dispute-top")
    _pick(page, top)
    if colour:
        page.click(f"#dispute-colour [data-colour='{colour}']")
    while int(page.get_attribute("[data-players]", "data-players")) > len(hands):
        page.click("[data-players] [data-step='-']")
    while int(page.get_attribute("[data-players]", "data-players")) < len(hands):
        page.click("[data-players] [data-step='+']")
    for seat, (known, count) in enumerate(hands):
        if known:
            page.click(f"[data-add='{seat}']")
            for card in known:
                _pick(page, card)
            page.click("#dispute-picker [data-pick-done]")
        value = f"[data-count='{seat}'] .dispute-stepper__value"
        while int(page.inner_text(value).split()[0]) > count:
            page.click(f"[data-count='{seat}'] [data-step='-']")
        while int(page.inner_text(value).split()[0]) < count:
            page.click(f"[data-count='{seat}'] [data-step='+']")


def _seat(page: Any, seat: int) -> None:
    """Tap the player who makes the move: the button is pressed."""
    page.click(f"[data-move-seat='{seat}']")
    assert page.get_attribute(f"[data-move-seat='{seat}']", "aria-pressed") == "true"


def _play(page: Any, seat: int, card: str, colour: str = "") -> None:
    _seat(page, seat)
    page.click("[data-action='play']")
    page.click(f"#dispute-moves-taps [data-play='{card}']")
    if colour:
        page.click(f"#dispute-moves-taps [data-colour='{colour}']")


def _settled_as(page: Any, rules: str = "flip", lang: str = "en") -> dict[str, Any]:
    """The library's verdict on what the page's text boxes hold, once the
    page shows it (its ``short``)."""
    situation, moves = page.input_value("#dispute-situation"), page.input_value("#dispute-moves")
    want = settled(situation, moves, rules, lang)
    assert "error" not in want, want
    page.wait_for_function(
        "(t) => document.getElementById('dispute-verdict').dataset.short === t",
        arg=want["short"],
        timeout=120_000,
    )
    return want


def _shot(page: Any, name: str, near: str | None = None) -> None:
    """The screen, ``near`` (a selector) scrolled to its top, into
    :data:`SHOTS` when set."""
    if SHOTS is None or not SHOTS.parent.is_dir():
        return
    SHOTS.mkdir(exist_ok=True)
    if near is not None:
        page.evaluate(
            "(s) => { const e = document.querySelector(s);"
            " window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 60); }",
            near,
        )
    page.screenshot(path=str(Path(SHOTS) / f"flip-{name}.png"))


@pytest.mark.parametrize(
    ("lang", "turned"),
    [
        # The table gives no discard pile: its bottom card, which comes on top,
        # is the top card turned over, and the verdict says it is assumed.
        (
            "en",
            "Yes – everything is turned over, and the bottom card of the discard pile comes "
            "on top (taken here to be teal 4).",
        ),
        (
            "sv",
            "Ja – allt vänds, och det nedersta kortet i slänghögen hamnar överst (här antas "
            "det vara turkos 4).",
        ),
        (
            "nb",
            "Ja – alt snus, og det nederste kortet i kastebunken kommer øverst (her antatt å "
            "være turkis 4).",
        ),
    ],
)
def test_a_flip_laid_on_a_light_table_tapped(phone: Any, lang: str, turned: str) -> None:
    """The picker offers the light side's colours and faces as pictures (it
    was empty); a red 7 asks which back (the deck has two), and the card
    becomes the deck's ``R7:T4``; a Flip laid by taps gets the library's
    verdict: everything is turned over and the teal 4 comes on top."""
    page = phone(_PATHS[lang]).ready()
    _flip(page)
    page.click("#dispute-top")
    sides = page.eval_on_selector_all("#dispute-picker [data-pick-side]", "b => b.length")
    assert sides == 2
    assert page.get_attribute("#dispute-picker [data-pick-side='0']", "aria-pressed") == "true"
    colours = page.eval_on_selector_all(
        "#dispute-picker [data-pick-colour]", "b => b.map(x => x.dataset.pickColour)"
    )
    assert colours == ["red", "yellow", "green", "blue", "wild"]
    page.click("#dispute-picker [data-pick-colour='red']")
    faces = page.eval_on_selector_all(
        "#dispute-picker [data-face]", "b => b.map(x => x.dataset.face)"
    )
    light = in_force("flip")["sides"][0]["cards"]
    assert faces == [c[1:] for c in light if c.startswith("R")]
    assert set(faces) == {"1", "2", "3", "4", "5", "6", "7", "8", "9", "R", "S", "F", "+1"}
    page.click("#dispute-picker [data-face='7']")
    backs = page.eval_on_selector_all(
        "#dispute-picker [data-back]", "b => b.map(x => x.closest('[data-card]').dataset.card)"
    )
    assert backs == in_force("flip")["sides"][0]["pairs"]["R7"] == ["R7:T4", "R7:W+C"]
    _shot(page, f"{lang}-backs")
    page.click("#dispute-picker [data-back='T4']")
    assert page.get_attribute("#dispute-top [data-card]", "data-card") == "R7:T4"
    _table(page, "R7:T4", [(["RF:W", "R5:OR"], 6), ([], 7), ([], 7)])
    assert page.input_value("#dispute-situation") == (
        "top R7:T4; hands RF:W R5:OR ?4 / ?7 / ?7; turn 0"
    )
    assert page.locator("#dispute-colour").count() == 0  # the red 7's colour is in force
    _play(page, 0, "RF:W")
    assert page.input_value("#dispute-moves") == "0 play RF:W"
    want = _settled_as(page, lang=lang)
    assert want["short"].startswith(turned), want["short"]
    assert page.get_attribute("#dispute-verdict", "data-state") == "done"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, f"{lang}-light-table", "#dispute-top")
    _shot(page, f"{lang}-light-verdict", "#dispute-verdict")


def test_a_dark_table_tapped_and_a_wild_draw_colour_challenged(phone: Any) -> None:
    """The dark side chosen in the picker: its colours and faces; an orange
    3, a Wild Draw Colour (four backs: one chosen), a purple 5. Laid by taps,
    the Wild Draw Colour offers the dark side's colours only; the challenge
    tapped gets the library's verdict. The player buttons answer."""
    page = phone("nb/dispute/").ready()
    _flip(page)
    page.click("#dispute-top")
    page.click("#dispute-picker [data-pick-side='1']")
    colours = page.eval_on_selector_all(
        "#dispute-picker [data-pick-colour]", "b => b.map(x => x.dataset.pickColour)"
    )
    assert colours == ["pink", "teal", "orange", "purple", "wild"]
    assert page.inner_text("#dispute-picker [data-pick-colour='orange']").strip() == "oransje"
    page.click("#dispute-picker [data-pick-colour='wild']")
    faces = page.eval_on_selector_all(
        "#dispute-picker [data-face]", "b => b.map(x => x.dataset.face)"
    )
    assert faces == ["W", "W+C"]
    page.click("#dispute-picker [data-pick-done]")
    _table(page, "O3:G1", [(["W+C:R2", "V5:B1"], 2), ([], 5), ([], 5)])
    situation = page.input_value("#dispute-situation")
    assert situation == "top O3:Gr1; hands W+C:R2 V5:B1 / ?5 / ?5; turn 0"
    assert page.locator("#dispute-colour").count() == 0
    # Every player's button answers (it did nothing under UNO Flip).
    for seat in (1, 2, 0):
        _seat(page, seat)
    page.click("[data-action='play']")
    page.click("#dispute-moves-taps [data-play='W+C:R2']")
    offered = page.eval_on_selector_all(
        "#dispute-moves-taps [data-colour]", "b => b.map(x => x.dataset.colour)"
    )
    assert offered == ["pink", "teal", "orange", "purple"]
    page.click("#dispute-moves-taps [data-colour='purple']")
    _settled_as(page, lang="nb")
    _seat(page, 1)
    page.click("[data-action='challenge']")
    assert page.input_value("#dispute-moves") == "0 play W+C:R2 purple; 1 challenge"
    want = _settled_as(page, lang="nb")
    assert want["short"].startswith("Utfordringen mislykkes"), want["short"]
    _shot(page, "nb-dark-table", "#dispute-top")
    _shot(page, "nb-dark-verdict", "#dispute-verdict")


def test_a_wild_draw_two_challenge_settled_by_taps(phone: Any) -> None:
    """A Wild Draw Two laid while its player holds a red card, then
    challenged, all by taps: a bluff caught, as the library says."""
    page = phone("dispute/").ready()
    _flip(page)
    _table(page, "R7:T4", [(["W+2:P1", "R3:T6"], 2), ([], 7), ([], 7)])
    _play(page, 0, "W+2:P1", "blue")
    _seat(page, 1)
    page.click("[data-action='challenge']")
    assert page.input_value("#dispute-moves") == "0 play W+2:P1 blue; 1 challenge"
    want = _settled_as(page)
    assert want["rule_ids"][0] == "flip.challenge", want
    assert "bluff" in want["short"], want["short"]


def test_a_dark_table_typed_as_text_is_read_in(phone: Any) -> None:
    """A dark table typed in Norwegian and read in: its cards are drawn in
    their colours (not black as wild cards), the colour in force is the top
    card's side up (no "choose the colour first"), the dark cards are the
    deck's (none refused), and a move gets the library's verdict."""
    page = phone("nb/dispute/").ready()
    _flip(page)
    typed = "topp O3:Gr1; farge oransje; hender W+C:R2 ?3 / ?5; tur 0"
    type_text(page, "#dispute-situation", typed)
    read_text(page)
    assert not page.is_visible("#dispute-read-error")
    top = page.locator("#dispute-top [data-card]")
    assert top.get_attribute("data-card") == "O3:G1"
    assert "dispute-card--orange" in (top.get_attribute("class") or "")
    assert page.get_attribute("[data-seat='0'] [data-card='W+C:R2']", "class") is not None
    assert page.locator("#dispute-colour").count() == 0
    _play(page, 0, "W+C:R2", "pink")
    want = _settled_as(page, lang="nb")
    assert "finnes ikke" not in page.inner_text("#dispute-verdict")
    assert want["verdict"] == "legal", want
    # The verdict rests on cards nobody gave: the page says so in sight.
    assert want["depends"] is True
    assert page.is_visible("#dispute-verdict .dispute-depends")
    _shot(page, "nb-text-table", "#dispute-top")


def test_what_a_verdict_assumes_is_in_sight(phone: Any) -> None:
    """A player goes out: the points count cards nobody gave. The verdict
    itself does not depend on them, but the library's note on what it
    assumes is shown under it, not folded away."""
    page = phone("nb/dispute/").ready()
    _flip(page)
    _table(page, "R7:T4", [(["R3:T6"], 1), ([], 5), ([], 4)])
    _play(page, 0, "R3:T6")
    want = _settled_as(page, lang="nb")
    assert want["assumes"] and want["depends"] is False, want
    notes = page.locator("#dispute-verdict > .dispute-assumes li")
    assert notes.count() == len(want["assumes"])
    assert notes.first.is_visible()
    assert notes.first.inner_text() == want["assumes"][0]
    _shot(page, "nb-assumes", "#dispute-verdict")


def test_the_norwegian_page_says_it_in_norwegian(phone: Any) -> None:
    """/nb/dispute/: the Flip description under the rules is Norwegian, the
    picker's sides and the back question are Norwegian, and the text box of
    a fresh table shows a Norwegian example, not English notation."""
    page = phone("nb/dispute/").ready()
    assert page.input_value("#dispute-situation") == ""
    placeholder = page.get_attribute("#dispute-situation", "placeholder") or ""
    assert placeholder.startswith("topp ") and "hender" in placeholder
    _flip(page)
    description = page.inner_text("[data-key='description']")
    assert description.startswith("UNO Flip: 112 tosidige kort"), description
    assert page.input_value("#dispute-situation") == ""
    page.evaluate("document.getElementById('dispute-text').open = true")
    _shot(page, "nb-fresh-text", "#dispute-situation")
    page.click("#dispute-top")
    page.click("#dispute-picker [data-pick-side='1']")
    _shot(page, "nb-picker-dark")
    page.click("#dispute-picker [data-pick-side='0']")
    sides = page.eval_on_selector_all(
        "#dispute-picker [data-pick-side]", "b => b.map(x => x.innerText.replace('✓', '').trim())"
    )
    assert sides == ["Lys side", "Mørk side"]
    page.click("#dispute-picker [data-pick-colour='red']")
    page.click("#dispute-picker [data-face='5']")
    assert page.inner_text("#dispute-picker-title") == "Hva står på baksiden av rød femmer?"
    labels = page.eval_on_selector_all(
        "#dispute-picker [data-back]", "b => b.map(x => x.getAttribute('aria-label'))"
    )
    assert labels == ["rød femmer, oransje Snu på baksiden", "rød femmer, Trekk farge på baksiden"]
