"""The dispute page against what a careless (or hostile) user does: moves by
a seat that has left the table, taps while the engine loads, rule sets the
library refuses, stored choices it does not know, a language chosen with
typed moves, links that leave keys out. Each outcome is checked against
:mod:`unorules.web` (what ``unorules explain`` prints).

Skipped as ``test_web_page.py`` is (no Chromium, no Playwright, no engine).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any
from urllib.parse import urlencode

from test_web_page import CHROMIUM as CHROMIUM
from test_web_page import (
    PHONE,
    _tap_move,
    _verdict,
    in_language,
    players_of,
    read_text,
    settled,
    shows,
    type_text,
)
from test_web_page import browser as browser
from test_web_page import phone as phone
from test_web_page import pytestmark as pytestmark
from test_web_page import site as site

from unorules.web import compare, in_force, read_situation, settle, write_situation


def _link(**params: str) -> str:
    return "#" + urlencode(params)


def _press(page: Any) -> dict[str, str]:
    page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
    page.click("#dispute-submit")
    return _verdict(page)


def test_a_move_by_a_seat_that_left_is_dropped(phone: Any) -> None:
    """Names for three seats, a fourth seat whose move is tapped, then that
    seat removed: the move goes (with a note), and Settle still answers."""
    page = phone("dispute/").ready()
    page.click("[data-players] [data-step='+']")
    for seat, name in enumerate(["Anna", "Bo", "Cilla", "Dag"]):
        page.fill(f"[data-name='{seat}']", name)
        page.press(f"[data-name='{seat}']", "Tab")
    _tap_move(page, 3, "pass")
    assert page.input_value("#dispute-moves") == "Dag pass"
    page.click("[data-players] [data-step='-']")
    assert page.input_value("#dispute-moves") == ""
    assert "Dag passes" in page.inner_text("#dispute-gone-note")
    # No top card and no move left: the page says what is missing first, on
    # the button and in the verdict's place (the library would refuse it).
    assert "error" in settle(page.input_value("#dispute-situation"), "", "official", "en")
    assert page.inner_text("#dispute-submit") == "Choose the top card first"
    page.wait_for_selector("#dispute-verdict[data-state='missing']")
    assert page.inner_text("#dispute-verdict") == "Choose the top card first"


def test_moves_by_a_seat_a_typed_table_lacks(phone: Any) -> None:
    """A move tapped for seat 2, then a two-hand table typed and read: the
    move is judged as written (the library says seat 2 is not at the table,
    the page says it for a family; the library's words in the details)."""
    page = phone("dispute/").ready()
    _tap_move(page, 2, "pass")
    type_text(page, "#dispute-situation", "top R7; hands R3 / ?5; turn 0")
    read_text(page)
    got = _press(page)
    want = settle(
        "top R7; hands R3 / ?5; turn 0", "2 pass", "official", "en", ["Player 1", "Player 2"]
    )
    assert "error" in want
    assert got["state"] == "error"
    assert want["error"].splitlines()[0] in got["text"]
    assert page.inner_text("#dispute-verdict .dispute-error--plain") == want["said"]


def test_taps_while_the_engine_loads_keep_a_links_table(
    phone: Any, browser: tuple[Any, str]
) -> None:
    """A Swedish link opened while Pyodide is held back: the table cannot be
    tapped (a note says why), and once the engine is ready the link's
    situation is what is judged."""
    chromium, _ = browser
    context = chromium.new_context(**PHONE)
    held: list[Any] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    situation, moves = "top R7; hands R3 / ?5; turn 0", "0 play R3"
    opened = phone(
        "sv/dispute/" + _link(situation=situation, moves=moves, rules="svenska", lang="sv"),
        context,
    )
    page = opened.page
    page.wait_for_selector("#dispute-table-wait")
    # The table is inert until the text is read: a tap does not land, and
    # a click from a script changes nothing the text holds.
    with contextlib.suppress(Exception):
        page.click("[data-players] [data-step='+']", timeout=1500)
    page.evaluate("document.querySelector(\"[data-players] [data-step='+']\").click()")
    assert page.input_value("#dispute-situation") == situation
    while not held:
        page.wait_for_timeout(100)
    held[0].continue_()
    opened.ready()
    got = _verdict(page)
    want = settled(situation, moves, "svenska", "sv")
    assert got["short"] == want["short"]
    assert page.locator("#dispute-table-wait").count() == 0
    assert page.get_attribute("[data-players]", "data-players") == "2"


def test_the_switches_show_what_the_rules_hold(phone: Any) -> None:
    """official+house.kids: the UNO reminder, no challenges and single
    rounds shown on, marked as coming with the other rules; two challenge
    rules that contradict: the library's words by the switches."""
    want = in_force("official+house.kids", "en")
    assert want["choices"]["challenge.wd4"] == "challenge.none"
    page = phone(
        "dispute/"
        + _link(
            situation="top R7; hands R3 / ?5; turn 0",
            moves="0 play R3",
            rules="official+house.kids",
            lang="en",
        )
    ).ready()
    _verdict(page)
    for rule in ("uno.reminder", "challenge.none", "score.single-round", "house.kids"):
        assert page.is_checked(f"input[data-rule='{rule}']"), rule
    assert page.locator("[data-implied='challenge.none']").count() == 1
    assert page.locator("#dispute-rules-error").count() == 0
    # Anyone may challenge, on top: the rule set the library refuses.
    page.select_option("#dispute-rules", "official")
    page.click("[data-concern='challenge'] > summary")
    page.check("input[data-rule='challenge.none']")
    page.check("input[data-rule='challenge.anyone']")
    page.wait_for_selector("#dispute-rules-error")
    text = page.text_content("#dispute-ruleset") or ""
    assert "challenge.anyone" in text and "challenge.none" in text
    refused = in_force(text, "en")
    assert "error" in refused, text
    shows(page, "#dispute-rules-error", refused["error"])
    assert "«No challenges»" in refused["error"]
    assert "challenge.none" not in refused["error"]


def test_a_seven_asks_whom_under_seven_optional(phone: Any) -> None:
    """house.seven-optional brings seven-zero with it: a 7 asks whom to swap
    with; switched back to official mid-entry, the card is asked again."""
    assert in_force("official+house.seven-optional", "en")["seven_zero"]
    page = phone(
        "dispute/"
        + _link(
            situation="top R5; hands R7 R3 / ?5; turn 0",
            moves="",
            rules="official+house.seven-optional",
            lang="en",
        )
    ).ready()
    page.click("[data-move-seat='0']")
    page.click("[data-action='play']")
    page.click("#dispute-moves-taps [data-play='R7']")
    assert page.locator("#dispute-moves-taps [data-target='1']").count() == 1
    page.select_option("#dispute-rules", "official")
    assert page.locator("#dispute-moves-taps [data-target='1']").count() == 0
    assert page.locator("#dispute-moves-taps [data-play='R7']").count() == 1


def test_stored_choices_it_does_not_know_are_dropped(phone: Any, browser: tuple[Any, str]) -> None:
    """Unknown keys, readings that are not the choice's, numbers and
    objects in the store: dropped and saved again; the verdict is the
    preset's."""
    chromium, _ = browser
    context = chromium.new_context(**PHONE)
    stored = {
        "preset": "svenska",
        "choices": {
            "no.such-choice": "x",
            "uno.penalty": 3,
            "challenge.wd4": {"a": 1},
            "house.stack-draw-two": True,
            "house.jump-in": "house.kids",
            "house.seven-zero": "house.seven-zero",
        },
    }
    context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"localStorage.setItem('unorules.dispute.rules', {json.dumps(json.dumps(stored))});"
        "sessionStorage.setItem('seeded', '1');}"
    )
    page = phone("dispute/", context).ready()
    page.wait_for_selector("input[data-rule='house.seven-zero']", state="attached")
    saved = json.loads(page.evaluate("localStorage.getItem('unorules.dispute.rules')"))
    assert saved == {"preset": "svenska", "choices": {"house.seven-zero": "house.seven-zero"}}
    shows(page, "#dispute-ruleset", "svenska+house.seven-zero")
    page.click("[data-common='d2-on-d2']")
    got = _verdict(page)
    want = settled(
        page.input_value("#dispute-situation"),
        page.input_value("#dispute-moves"),
        "svenska+house.seven-zero",
        "en",
    )
    assert got["state"] == "done"
    assert got["short"] == want["short"]


def test_compare_rows_with_a_refused_move(phone: Any) -> None:
    """A first move refused under every rule set: each row says so in
    words; fewer than two rule sets: the compare is not offered."""
    situation, moves = "top R7; hands R3 / ?5; turn 0", "0 play G5; 0 play R3"
    page = phone(
        "dispute/"
        + _link(
            situation=situation,
            moves=moves,
            rules="official",
            lang="en",
            compare="official,svenska",
        )
    ).ready()
    page.wait_for_selector("#dispute-compare-out[data-state='done']", timeout=60_000)
    want = compare(situation, moves, ["official", "svenska"], "en", players_of(situation), True)
    stopped = want["rows"][1]["stopped"]
    # The player by name, the card by its words: no seat number nor notation.
    assert stopped.startswith("move 1 (Player 1: play green 5) is refused first")
    text = page.inner_text("#dispute-compare-out")
    assert stopped[0].upper() + stopped[1:] + "." in text
    page.uncheck("[data-compare='svenska']")
    assert page.is_disabled("#dispute-compare")
    assert page.is_visible("#dispute-compare-few")


def test_typed_moves_follow_the_pages_language(phone: Any) -> None:
    """Moves typed in English, then Swedish chosen under "Language": the
    Swedish page opens with them, the cards' codes rewritten (G5 -> Gr5),
    and the verdict is Swedish's for it, on a page all Swedish."""
    page = phone("dispute/").ready()
    type_text(page, "#dispute-situation", "top G7; hands G5 R3 / ?5; turn 0")
    read_text(page)
    page.fill("#dispute-moves", "0  play G5")
    in_language(page, "sv")
    page.wait_for_function("document.getElementById('dispute-moves').value === '0 play Gr5'")
    got = _press(page)
    want = settled(page.input_value("#dispute-situation"), "0 play Gr5", "official", "sv")
    assert got["short"] == want["short"]
    assert page.inner_text("#dispute-table-section h2") == "Bordet"


def test_a_link_without_keys_takes_a_fresh_pages_defaults(phone: Any) -> None:
    """A Swedish, compare link, then one with neither lang, rules nor
    compare: English, official, the verdict tab; a + typed as a space in
    rules is read as +."""
    situation = "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"
    first = _link(
        situation=situation.replace("G5", "Gr5"),
        moves="0 play W+4 blue",
        rules="svenska",
        lang="sv",
        compare="official,svenska",
    )
    page = phone("dispute/" + first).ready()
    page.wait_for_selector("#dispute-compare-out[data-state='done']", timeout=60_000)
    page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
    page.evaluate(
        "location.hash = " + json.dumps(_link(situation=situation, moves="0 play W+4 blue"))
    )
    got = _verdict(page)
    assert got["short"] == settled(situation, "0 play W+4 blue", "official", "en")["short"]
    assert page.input_value("#dispute-lang") == "en"
    assert page.is_visible("#dispute-panel-verdict")
    page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
    page.evaluate(
        "location.hash = "
        + json.dumps(
            "#situation="
            + situation.replace(" ", "+").replace(";", "%3B").replace("W+4", "W%2B4")
            + "&moves=0+play+W%2B4+blue"
            + "&rules=official+house.stack-draw-two"
        )
    )
    got = _verdict(page)
    want = settled(situation, "0 play W+4 blue", "official+house.stack-draw-two", "en")
    assert got["short"] == want["short"]
    shows(page, "#dispute-ruleset", "official+house.stack-draw-two")


def test_the_labels_stay_in_the_pages_language(phone: Any) -> None:
    """A link written in Swedish on the English page: read in Swedish, the
    verdict and the page's labels English (before, a Swedish verdict named
    the players "Player 1": "Ja – Player 1 ..."); each assumption its own
    item; backticks code."""
    situation, moves = "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0", "0 play W+4 blue; 1 challenge"
    page = phone(
        "dispute/" + _link(situation=situation, moves=moves, rules="official", lang="sv")
    ).ready()
    got = _verdict(page)
    english = write_situation(read_situation(situation, "sv"), "en")
    want = settled(english, moves, "official", "en")
    assert got["short"] == want["short"]
    for swedish in ("Ja –", "Nej –", "Bluff –", "Spelare", "utmanar", "Nästa"):
        assert swedish not in got["text"], swedish
    text = got["text"]
    assert "Rules:" in text
    assert "Each move" in text
    if want["assumes"]:
        assert "Assuming:" in text
        items = page.locator(".dispute-assumes li")
        assert items.count() == len(want["assumes"])
    assert "`" not in text


def test_names_the_notation_cannot_read(phone: Any) -> None:
    """A name with a digit and a space: kept, the space as a hyphen, and the
    note under the field says exactly what is kept; a name that is a word of
    the notation: refused at once, with a note."""
    page = phone("dispute/").ready()
    page.fill("[data-name='0']", "Anna 2")
    page.press("[data-name='0']", "Tab")
    assert page.input_value("[data-name='0']") == "Anna-2"
    assert page.inner_text("[data-name-note='0']") == (
        "Kept as “Anna-2”: a name has no spaces, so they became -."
    )
    page.fill("[data-name='1']", "seat")
    page.press("[data-name='1']", "Tab")
    page.wait_for_selector("[data-name-note='1']")
    assert page.input_value("[data-name='1']") == ""
    assert "“seat” cannot be a name" in page.inner_text("[data-name-note='1']")
    assert "error" in read_situation("top R1; hands ?1 / ?1; names seat Bo", "en")


def test_notation_in_a_verdict_is_shown_as_code(phone: Any) -> None:
    """A 7 without a seat to swap with under seven-zero: the verdict's
    `0 play R7 swap 1` is code on the page, with no backticks left."""
    situation, moves, rules = (
        "top R5; hands R7 R3 / ?5; turn 0",
        "0 play R7",
        "official+house.seven-zero",
    )
    want = settled(situation, moves, rules, "en")
    assert "`0 play R7 swap 1`" in want["headline"]
    page = phone(
        "dispute/" + _link(situation=situation, moves=moves, rules=rules, lang="en")
    ).ready()
    got = _verdict(page)
    assert got["short"] == want["short"]
    assert page.inner_text("#dispute-verdict .dispute-headline code") == "0 play R7 swap 1"
    assert "`" not in page.inner_text("#dispute-verdict")
