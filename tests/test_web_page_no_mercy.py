"""The dispute page under UNO Show 'em No Mercy (``no-mercy``), on a phone:
a Wild Colour Roulette asks its player for no colour; the next player names
it with "Chooses a colour", which the move builder offers once the verdict
says so, and the verdict is the library's. A hand of 23 cards lays out on
the phone (the hand scrolls inside its box, the page does not), and a Draw
Two that brings it to 25 puts the player out of the round. The common
disputes the No Mercy deck cannot lay out are not offered; everything is
said in the page's language.

Skipped as ``test_web_page.py`` is (no Chromium, no Playwright, no engine).
Screenshots go to ``UNORULES_SHOTS`` when it names a folder (as
``test_web_page.py``'s do).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_web_page import CHROMIUM as CHROMIUM
from test_web_page import _shot, _tap_move, _tap_table, settled
from test_web_page import browser as browser
from test_web_page import phone as phone
from test_web_page import pytestmark as pytestmark
from test_web_page import site as site

from unorules.web import in_force

_PATHS = {"en": "dispute/", "sv": "sv/dispute/", "nb": "nb/dispute/"}

_FULL = [f"G{n}" for n in (1, 2, 3, 4, 6, 7, 8, 9) for _ in (0, 1)] + [
    f"Y{n}" for n in (1, 1, 2, 2, 3, 3, 4)
]
"""23 cards, none of them red nor a draw card: Bo cannot answer a red Draw
Two."""


def _rules(page: Any, preset: str) -> None:
    """Choose ``preset`` and wait until the page shows its rule set as the
    library builds it."""
    page.select_option("#dispute-rules", preset)
    page.wait_for_function(
        "(r) => document.getElementById('dispute').dataset.rules === r", arg=preset
    )


def _short(page: Any, want: str) -> None:
    """Wait until the verdict on the page is ``want``."""
    page.wait_for_function(
        "(t) => document.getElementById('dispute-verdict').dataset.short === t",
        arg=want,
        timeout=120_000,
    )


@pytest.mark.parametrize(
    ("lang", "roulette", "names", "draws", "english"),
    [
        (
            "en",
            "Player 1 plays wild colour roulette",
            "Player 2 names blue",
            "Player 2 draws until a blue card turns up and misses the turn",
            (),
        ),
        (
            "sv",
            "Spelare 1 lägger Färgroulette",
            "Spelare 2 väljer blå",
            "Spelare 2 drar tills ett kort i färgen blå dyker upp och står över sin tur",
            ("colour", "color", "wild", "blue", "names", "Player"),
        ),
        (
            "nb",
            "Spiller 1 legger Fargerulett",
            "Spiller 2 velger blå",
            "Spiller 2 trekker til et kort i fargen blå dukker opp og står over",
            ("colour", "color", "wild", "blue", "names", "Player"),
        ),
    ],
)
def test_a_colour_roulette_asks_no_colour_and_the_next_player_names_it(
    phone: Any,
    tmp_path: Path,
    lang: str,
    roulette: str,
    names: str,
    draws: str,
    english: tuple[str, ...],
) -> None:
    """Player 1 lays a Wild Colour Roulette: the page asks no colour (before,
    it asked, and wrote ``0 play WCR blue``, which the library refuses) and
    writes ``0 play WCR``; once the verdict is in, the move builder offers
    Player 2 "Chooses a colour" with the colours in sight (the button still
    settles); blue gives ``1 color blue`` and the library's verdict."""
    page = phone(_PATHS[lang]).ready()
    _rules(page, "no-mercy")
    force = in_force("no-mercy", lang)
    assert force["colour_by_next"] == ["WCR"] and force["wild_colours"]
    _tap_table(page, "G5", [(["WCR", "G1"], 2), (["B2", "B3"], 2), ([], 2)])
    _tap_move(page, 0, "play", card="WCR")
    assert page.input_value("#dispute-moves") == "0 play WCR"
    first = settled(page.input_value("#dispute-situation"), "0 play WCR", "no-mercy", lang)
    assert first["verdict"] == "legal" and first["chooses_colour"] == 1, first
    _short(page, first["short"])
    # The next player's colour choice, offered: Player 2 and the action
    # pressed, the colours in sight; no move begun, so the button settles.
    page.wait_for_selector("[data-move-seat='1'][aria-pressed='true']")
    assert page.get_attribute("[data-action='color']", "aria-pressed") == "true"
    assert page.get_attribute("#dispute-submit", "data-missing") == ""
    if lang == "en":
        _shot(page, tmp_path, "nm-roulette-offered.png")
    page.click("#dispute-moves-taps [data-colour='blue']")
    moves = page.input_value("#dispute-moves")
    assert moves == "0 play WCR; 1 color blue"
    want = settled(page.input_value("#dispute-situation"), moves, "no-mercy", lang)
    assert want["verdict"] == "legal", want
    assert want["chooses_colour"] is None
    _short(page, want["short"])
    assert draws in want["headline"], want["headline"]
    # Nothing more is offered: the colour is named.
    assert page.get_attribute("[data-move-seat='1']", "aria-pressed") == "false"
    said = page.inner_text("#dispute-movelist")
    assert roulette in said and names in said, said
    shown = page.inner_text("#dispute-moves-section") + page.inner_text("#dispute-verdict")
    for word in english:
        assert word not in shown, (word, shown)
    if lang == "en":
        _shot(page, tmp_path, "nm-roulette-settled.png")


def test_the_offered_player_may_do_something_else(phone: Any) -> None:
    """The colour offered is no move: Player 2, offered "Chooses a
    colour" after the roulette, may lay a card instead (one tap on "Plays a
    card"); the page writes ``1 play GS`` and gives the library's verdict,
    which refuses it; after a refused move nothing is offered."""
    page = phone("dispute/").ready()
    _rules(page, "no-mercy")
    _tap_table(page, "G5", [(["WCR", "G1"], 2), (["B2", "GS"], 2), ([], 2)])
    _tap_move(page, 0, "play", card="WCR")
    situation = page.input_value("#dispute-situation")
    _short(page, settled(situation, "0 play WCR", "no-mercy")["short"])
    page.wait_for_selector("[data-move-seat='1'][aria-pressed='true']")
    page.click("[data-action='play']")
    # Begun by hand: now the button asks for the move to be finished.
    assert page.get_attribute("#dispute-submit", "data-missing") == "missingFinish"
    page.click("#dispute-moves-taps [data-play='GS']")
    moves = page.input_value("#dispute-moves")
    assert moves == "0 play WCR; 1 play GS"
    want = settled(situation, moves, "no-mercy")
    assert want["verdict"] == "illegal", want
    _short(page, want["short"])
    assert page.locator("[data-move-seat][aria-pressed='true']").count() == 0


@pytest.mark.parametrize(
    ("lang", "out"),
    [
        ("en", "Player 2 holds 25 cards and is out of the round."),
        ("sv", "Spelare 2 har 25 kort och åker ut ur omgången."),
        ("nb", "Spiller 2 har 25 kort og er ute av runden."),
    ],
)
def test_the_mercy_rule_puts_a_full_hand_out(
    phone: Any, tmp_path: Path, lang: str, out: str
) -> None:
    """A hand of 23 cards on a 390 px phone: the table lays it out (the hand
    scrolls sideways inside its own box, the page does not); a red Draw Two
    and Player 2's draw: the verdict says Player 2 holds 25 cards and is out
    of the round, as the library says."""
    page = phone(_PATHS[lang]).ready()
    _rules(page, "no-mercy")
    _tap_table(page, "R5", [(["R+2", "R1"], 2), (_FULL, 23), (["B1", "B2"], 2)])
    _tap_move(page, 0, "play", card="R+2")
    _tap_move(page, 1, "draw")
    situation, moves = page.input_value("#dispute-situation"), page.input_value("#dispute-moves")
    assert moves == "0 play R+2; 1 draw"
    want = settled(situation, moves, "no-mercy", lang)
    assert want["verdict"] == "legal", want
    assert out in want["headline"], want["headline"]
    _short(page, want["short"])
    shown = page.inner_text("#dispute-verdict")
    assert out in shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    hands = page.evaluate(
        """() => [...document.querySelectorAll('#dispute-table-section .dispute-hand')].map((h) => {
          const box = h.getBoundingClientRect();
          return {left: box.left, right: box.right, scroll: h.scrollWidth, width: h.clientWidth,
                  overflow: getComputedStyle(h).overflowX,
                  cards: h.querySelectorAll('[data-card]').length};
        })"""
    )
    full = [h for h in hands if h["cards"] >= 23]
    assert full, hands
    for hand in hands:
        assert hand["left"] >= 0 and hand["right"] <= 390, hand
        if hand["scroll"] > hand["width"]:
            assert hand["overflow"] in ("auto", "scroll"), hand
    if lang == "en":
        _shot(page, tmp_path, "nm-mercy.png")


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_the_common_disputes_the_deck_cannot_lay_out_are_not_offered(phone: Any, lang: str) -> None:
    """The No Mercy deck has no Wild Draw Four: the common disputes about it
    are not offered, and a line under them says why, naming the rules as
    the library does; the others are, and one of them settles."""
    page = phone(_PATHS[lang]).ready()
    every = page.locator("[data-common]").count()
    _rules(page, "no-mercy")
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-common]').length < n", arg=every
    )
    offered = page.eval_on_selector_all("[data-common]", "b => b.map(x => x.dataset.common)")
    assert offered and not any(key.startswith("wd4") for key in offered), offered
    assert "W+4" not in in_force("no-mercy")["cards"]
    note = page.inner_text("#dispute-common-note")
    assert in_force("no-mercy", lang)["title"] in note
    page.click("[data-common='d2-on-d2']")
    want = settled(
        page.input_value("#dispute-situation"),
        page.input_value("#dispute-moves"),
        "no-mercy",
        lang,
    )
    assert want["verdict"] == "legal", want  # a Draw Two stacks under No Mercy
    _short(page, want["short"])
    if lang != "en":
        shown = page.inner_text("#dispute")
        for word in ("draw two", "Draw Two", "colour roulette", "Player"):
            assert word not in shown, word


def test_a_hand_of_25_cards_is_said_for_a_family(phone: Any) -> None:
    """A table that gives Player 2 25 cards under No Mercy: Player 2 would
    be out already, and the page says so in a family's words (the
    library's ``said``), not "cannot be judged"."""
    page = phone("dispute/").ready()
    _rules(page, "no-mercy")
    _tap_table(page, "R5", [(["R1"], 2), ([], 25), (["B1", "B2"], 2)])
    _tap_move(page, 0, "play", card="R1")
    situation, moves = page.input_value("#dispute-situation"), page.input_value("#dispute-moves")
    want = settled(situation, moves, "no-mercy")
    assert "error" in want and want["said"].startswith("Player 2 has 25 cards"), want
    page.wait_for_selector("#dispute-verdict[data-state='error']", timeout=120_000)
    assert page.inner_text("#dispute-verdict .dispute-error--plain") == want["said"]
