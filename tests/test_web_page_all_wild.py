"""The dispute page under UNO All Wild (``all-wild``), on a phone: a Wild
Targeted Draw Two asks who draws, as a Wild Swap Hands asks whom to swap
with; only the moves the rules have are offered (no colour chosen, no
challenge); a wild top card asks no colour, also with a house rule
switched on; the common disputes the deck cannot lay out are not offered.
And a table wider than the phone scrolls inside its own box, with a cue.

Skipped as ``test_web_page.py`` is (no Chromium, no Playwright, no engine).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_web_page import CHROMIUM as CHROMIUM
from test_web_page import _tap_move, _tap_table, settled
from test_web_page import browser as browser
from test_web_page import phone as phone
from test_web_page import pytestmark as pytestmark
from test_web_page import site as site

from unorules.web import in_force

_PATHS = {"en": "dispute/", "sv": "sv/dispute/", "nb": "nb/dispute/"}


def _rules(page: Any, preset: str, rules: str | None = None) -> None:
    """Choose ``preset`` and wait until the page shows the rule set
    ``rules`` (the preset's own by default) as the library builds it."""
    page.select_option("#dispute-rules", preset)
    page.wait_for_function(
        "(r) => document.getElementById('dispute').dataset.rules === r", arg=rules or preset
    )


def _short(page: Any, want: str) -> None:
    """Wait until the verdict on the page is ``want``."""
    page.wait_for_function(
        "(t) => document.getElementById('dispute-verdict').dataset.short === t",
        arg=want,
        timeout=120_000,
    )


def _actions(page: Any, seat: int = 0) -> list[str]:
    """The actions offered for ``seat``'s move (the player tapped first)."""
    if page.get_attribute(f"[data-move-seat='{seat}']", "aria-pressed") != "true":
        page.click(f"[data-move-seat='{seat}']")
    return list(
        page.eval_on_selector_all(
            "[data-key='actions'] [data-action]", "b => b.map(x => x.dataset.action)"
        )
    )


@pytest.mark.parametrize(
    ("lang", "ask", "yes", "named"),
    [
        ("en", "Who draws?", "Yes – ", "Player 3 draws 2 cards, named by Player 1."),
        ("sv", "Vem drar?", "Ja – ", "Spelare 3 drar 2 kort, utpekad av Spelare 1."),
        ("nb", "Hvem trekker?", "Ja – ", "Spiller 3 trekker 2 kort, utpekt av Spiller 1."),
    ],
)
def test_a_targeted_draw_two_asks_who_draws(
    phone: Any, lang: str, ask: str, yes: str, named: str
) -> None:
    """Tapped: Player 1 plays a Wild Targeted Draw Two; the page asks who
    draws (before, it never asked, and the library was sent a move without
    a player to draw), writes ``to SEAT`` into the move and gives the
    library's verdict: player 3 draws 2 cards, named by player 1."""
    page = phone(_PATHS[lang]).ready()
    _rules(page, "all-wild")
    _tap_table(page, "W", [(["WT+2", "W"], 3), ([], 5), ([], 5)])
    assert page.locator("#dispute-colour").count() == 0  # no colour to choose
    _tap_move(page, 0, "play", card="WT+2")
    assert page.inner_text("#dispute-moves-taps [data-key='who-draws']") == ask
    # Every other player may be named; not the player who lays it.
    targets = page.eval_on_selector_all(
        "#dispute-moves-taps [data-target]", "b => b.map(x => x.dataset.target)"
    )
    assert targets == ["1", "2"]
    page.click("#dispute-moves-taps [data-target='2']")
    moves = page.input_value("#dispute-moves")
    assert moves == "0 play WT+2 to 2"
    want = settled(page.input_value("#dispute-situation"), moves, "all-wild", lang)
    assert want["verdict"] == "legal", want
    _short(page, want["short"])
    short = page.get_attribute("#dispute-verdict", "data-short") or ""
    assert short.startswith(yes) and named in short
    # The move is said in the page's words, the player who draws by name.
    said = page.inner_text("#dispute-movelist")
    assert ("Player 3" if lang == "en" else "Spelare 3" if lang == "sv" else "Spiller 3") in said
    # Read back from the text: the same tapped move, not typed text.
    assert page.locator("#dispute-movelist li code").count() == 0


def test_a_forced_swap_asks_whom_to_swap_with(phone: Any) -> None:
    """A Wild Forced Swap asks whom to swap with, as a Wild Swap Hands does:
    with more cards in hand it must name one ("No swap" is not offered);
    as the last card it may swap nothing, and "No swap" is offered."""
    page = phone("dispute/").ready()
    _rules(page, "all-wild")
    _tap_table(page, "W", [(["WFS", "W"], 2), (["WFS"], 1), ([], 5)])
    _tap_move(page, 0, "play", card="WFS")
    assert page.inner_text("#dispute-moves-taps [data-key='play']").count("Swaps hands with") == 1
    assert page.locator("#dispute-moves-taps :text-is('No swap')").count() == 0
    page.click("#dispute-moves-taps [data-target='2']")
    assert page.input_value("#dispute-moves") == "0 play WFS swap 2"
    _tap_move(page, 1, "play", card="WFS")
    page.click("#dispute-moves-taps :text-is('No swap')")
    assert page.input_value("#dispute-moves") == "0 play WFS swap 2; 1 play WFS"
    want = settled(
        page.input_value("#dispute-situation"), page.input_value("#dispute-moves"), "all-wild"
    )
    _short(page, want["short"])


def test_only_the_moves_the_rules_have_are_offered(phone: Any) -> None:
    """The official rules: a player may challenge and choose a colour. All
    Wild: neither (no card names a colour, ``challenge.none``); the
    children's rules: a colour, no challenge. Each as ``in_force`` says."""
    page = phone("dispute/").ready()
    every = ["play", "draw", "pass", "uno", "catch", "challenge", "color"]
    assert _actions(page) == every
    _rules(page, "all-wild")
    assert _actions(page) == ["play", "draw", "pass", "uno", "catch"]
    shown = page.inner_text("[data-key='actions']")
    assert "Challenges" not in shown and "Chooses a colour" not in shown
    force = in_force("all-wild")
    assert force["challenge"] is False and force["wild_colours"] == []
    _rules(page, "kids")
    assert _actions(page) == ["play", "draw", "pass", "uno", "catch", "color"]
    _rules(page, "official")
    assert _actions(page) == every


def test_a_house_rule_beside_all_wild_asks_no_colour(phone: Any) -> None:
    """All Wild with "Stacking Draw Twos" switched on: the wild top card
    still needs no colour (before, the verdict turned into "Choose the
    colour first"); the verdict is the library's under the rules in force."""
    page = phone("dispute/").ready()
    _rules(page, "all-wild")
    _tap_table(page, "W+2", [(["W+2", "W"], 3), ([], 5)])
    _tap_move(page, 0, "play", card="W+2")
    situation, moves = page.input_value("#dispute-situation"), page.input_value("#dispute-moves")
    assert situation.startswith("top W+2; hands")
    _short(page, settled(situation, moves, "all-wild")["short"])
    page.evaluate("document.querySelector('[data-concern=house]').open = true")
    page.click("[data-rule='house.stack-draw-two']")
    rules = "all-wild+house.stack-draw-two"
    page.wait_for_function(
        "(r) => document.getElementById('dispute').dataset.rules === r", arg=rules
    )
    want = settled(situation, moves, rules)
    assert want["verdict"] == "legal", want
    # The verdict under the new rules reads as the one before: wait until the
    # page has settled again, not only for the text.
    page.wait_for_selector('#dispute-verdict[data-state="done"]', timeout=60_000)
    _short(page, want["short"])
    assert page.get_attribute("#dispute-verdict", "data-state") == "done"
    assert "Choose the colour first" not in page.inner_text("#dispute-verdict")
    assert page.inner_text("#dispute-submit") == "Settle it"
    assert page.input_value("#dispute-situation") == situation  # no colour written


@pytest.mark.parametrize(
    ("lang", "none_shown"),
    [
        (
            "en",
            "The common disputes are about cards the deck of {rules} does not have: "
            "choose other rules to see them.",
        ),
        (
            "sv",
            "De vanliga tvisterna handlar om kort som inte finns i leken för {rules}: "
            "välj andra regler för att se dem.",
        ),
    ],
)
def test_common_disputes_the_deck_cannot_lay_out_are_not_offered(
    phone: Any, lang: str, none_shown: str
) -> None:
    """Under All Wild every common dispute is about classic cards: none is
    offered, and one line says why (before, each gave "... is not in the
    deck of UNO All Wild"); under the junior rules (no Wild Draw Four) only
    those about its cards; under the official rules all of them."""
    page = phone(_PATHS[lang]).ready()
    every = page.locator("[data-common]").count()
    assert every > 0 and not page.is_visible("#dispute-common-note")
    _rules(page, "all-wild")
    page.wait_for_function("() => !document.querySelector('[data-common]')")
    title = in_force("all-wild", lang)["title"]  # “UNO All Wild”, as the library says it
    assert page.inner_text("#dispute-common-note") == none_shown.format(rules=title)
    assert not page.is_visible("#dispute-common-help")
    _rules(page, "junior")
    page.wait_for_function("() => document.querySelector('[data-common]')")
    deck = set(in_force("junior")["cards"])
    offered = page.eval_on_selector_all("[data-common]", "b => b.map(x => x.dataset.common)")
    assert 0 < len(offered) < every and "wd4-bluff" not in offered, offered
    assert "W+4" not in deck
    assert page.is_visible("#dispute-common-note")
    page.click(f"[data-common='{offered[0]}']")
    page.wait_for_function(
        "() => ['done', 'error'].includes("
        "document.getElementById('dispute-verdict').dataset.state)",
        timeout=120_000,
    )
    assert page.get_attribute("#dispute-verdict", "data-state") == "done"
    _rules(page, "official")
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-common]').length === n", arg=every
    )
    assert not page.is_visible("#dispute-common-note")


@pytest.mark.parametrize("path", ["editions/", "sv/editions/"])
def test_a_wide_table_scrolls_inside_its_box(phone: Any, path: str) -> None:
    """The editions page's card table on a 390 px phone: wider than the
    screen, it scrolls sideways inside its own box (the page itself does
    not), and shows a shadow on the side that has more (backgrounds that
    scroll with the table over shadows that stay at its edges)."""
    page = phone(path).page
    page.wait_for_selector(".md-typeset table:not([class])")
    tables = page.evaluate(
        """() => [...document.querySelectorAll('.md-typeset table:not([class])')].map((t) => {
          const box = t.getBoundingClientRect();
          const style = getComputedStyle(t);
          return {scroll: t.scrollWidth, width: t.clientWidth, left: box.left, right: box.right,
                  attachment: style.backgroundAttachment, image: style.backgroundImage};
        })"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wide = [t for t in tables if t["scroll"] > t["width"]]
    assert wide, tables
    for table in tables:
        assert table["left"] >= 0 and table["right"] <= 390, table
        assert table["attachment"].split(", ")[:4] == ["local", "local", "scroll", "scroll"]
        assert table["image"].count("gradient(") == 4
    # Scrolled to its end, the whole last column is inside the box.
    end = page.evaluate(
        """() => { const t = document.querySelector('.md-typeset table:not([class])');
          t.scrollLeft = t.scrollWidth;
          const cell = t.querySelector('tr > :last-child').getBoundingClientRect();
          return [cell.right, t.getBoundingClientRect().right]; }"""
    )
    assert end[0] <= end[1] + 1, end
