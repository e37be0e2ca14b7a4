"""The dispute page in a real browser: the library's own Python, run by
Pyodide from the site's ``engine/`` folder, gives the verdict that
:func:`unorules.web.settle` (and ``unorules explain``) gives.

Disputes 1, 3 and 9 of the acceptance cases are set up by tapping only (the
card picker, the players' hands, the moves); the text box must then hold the
notation the taps mean, and the verdict must be :func:`unorules.web.settle`'s
on that notation. A shared link, the verdict's language, the Swedish page,
the rules remembered on the device, the compare tab and the phone's width
are checked too, and every request must go to the site's own address.

Skipped without Debian's Chromium (``apt-get install chromium``), without
Playwright's Python package (``pip install playwright``; its own browser
download is not used) or when the build has no engine (npm or pip could not
get its files, e.g. offline). The site is built once for the whole run
without the API reference (``conftest.quick_site``, shared with
``test_docs_languages.py``), or taken from ``UNORULES_SITE`` when that
names a folder already built.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

import pytest

from unorules.rules import presets
from unorules.web import compare, read_situation, rule_set, settle, write_situation

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SITUATION = "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"
MOVE = "0 play W+4 blue"
SHOTS = Path(os.environ["UNORULES_SHOTS"]) if os.environ.get("UNORULES_SHOTS") else None
"""Where the Swedish page's screenshots are also saved for a person to look
at: the folder ``UNORULES_SHOTS`` names (when its parent exists); unset, they
stay in the test's own temporary folder."""

pytestmark = [
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="no Chromium at /usr/bin/chromium: apt-get install chromium"
    ),
]


@pytest.fixture(scope="module")
def site(quick_site: Path) -> Path:
    """The site built once for the session (``conftest.quick_site``), with
    its engine."""
    pytest.importorskip(
        "playwright.sync_api",
        reason="the browser extra is not installed: pip install -e '.[browser]'",
    )
    out = quick_site
    if not (out / "engine" / "manifest.json").is_file():
        pytest.skip(
            "this build has no engine/ (npm or pip could not get its files): "
            "give the build network access and npm (apt-get install npm)"
        )
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 at a free port: the site's address."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


PLAYER = {"en": "Player {n}", "sv": "Spelare {n}", "nb": "Spiller {n}"}
"""What the page calls an unnamed seat (seat 0 is player 1), in the page's
language: the verdicts say it too."""


def players_of(situation: str, lang: str = "en", page: str | None = None) -> list[str]:
    """The names the page gives the seats of ``situation`` (read in
    ``lang``) when it names none, in the language of ``page`` (``lang``'s
    by default); none when it names them."""
    read = read_situation(situation, lang)
    if "error" in read or read["names"]:
        return []
    word = PLAYER[page or lang]
    return [word.format(n=seat + 1) for seat in range(len(read["hands"]))]


def settled(
    situation: str, moves: str, rules: str = "official", lang: str = "en", page: str | None = None
) -> dict[str, Any]:
    """:func:`unorules.web.settle` as the page on ``page``'s language asks it:
    the seats the situation leaves unnamed called "Player 1", "Spelare 1"...,
    the cards named by their words in English too."""
    return settle(situation, moves, rules, lang, players_of(situation, lang, page), True)


def type_text(page: Any, selector: str, text: str) -> None:
    """Type into the text boxes under "As text" (opened first: they are
    folded away)."""
    page.evaluate("document.getElementById('dispute-text').open = true")
    page.fill(selector, text)


def shows(page: Any, selector: str, text: str) -> None:
    """Wait until ``selector``'s text (folded away or not) is ``text``: the
    page asks the library, which answers a moment later."""
    from playwright.sync_api import expect

    expect(page.locator(selector)).to_have_text(text, timeout=30_000)


def read_text(page: Any) -> None:
    """Press "Read the text" and wait until the page has read it (or said
    why it cannot)."""
    before = page.evaluate("document.getElementById('dispute-text').dataset.read ?? '0'")
    page.click("#dispute-read")
    page.wait_for_function(
        "(n) => (document.getElementById('dispute-text').dataset.read ?? '0') !== n", arg=before
    )


def settle_on_page(page: Any, situation: str, moves: str, lang: str = "en") -> dict[str, str]:
    """Type a dispute into the page of ``lang`` (chosen under "Language"
    first when the page is in another: the page speaks one language, so that
    opens the dispute page in that language), press the button and wait for
    the verdict: the verdict's ``short`` text and how long it took (ms)."""
    in_language(page, lang)
    type_text(page, "#dispute-situation", situation)
    type_text(page, "#dispute-moves", moves)
    return _press_settle(page)


def page_language(page: Any) -> str:
    """The language the dispute page speaks (its ``data-page-lang``)."""
    return str(page.get_attribute("#dispute", "data-page-lang") or "en")


def in_language(page: Any, lang: str) -> None:
    """The dispute page in ``lang``: another language chosen under
    "Language" opens that language's dispute page, with the same dispute;
    once its engine is ready."""
    if page_language(page) == lang:
        return
    path = "dispute/" if lang == "en" else f"{lang}/dispute/"
    with page.expect_navigation(url=f"**/{path}#*"):
        page.select_option("#dispute-lang", lang)
    page.wait_for_selector("#dispute[data-engine='ready']", timeout=180_000)


def _press_settle(page: Any) -> dict[str, str]:
    page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
    page.click("#dispute-submit")
    return _verdict(page)


SETTLED = "#dispute-verdict:is([data-state='done'], [data-state='error'])"
"""The verdict, once given for the dispute on the page (not one being updated)."""


def _verdict(page: Any) -> dict[str, str]:
    """The verdict once given: its state, ``short``, its whole text (with
    its details unfolded) and how long it took (ms)."""
    page.wait_for_selector(SETTLED, timeout=120_000)
    page.evaluate(
        "document.querySelectorAll('#dispute-verdict details.dispute-details')"
        ".forEach((d) => { d.open = true; })"
    )
    verdict = page.locator("#dispute-verdict")
    return {
        "state": verdict.get_attribute("data-state") or "",
        "short": verdict.get_attribute("data-short") or "",
        "text": verdict.inner_text(),
        "ms": verdict.get_attribute("data-ms") or "",
    }


# ----------------------------------------------------------------- tapping

_COLOUR = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def _pick(page: Any, code: str) -> None:
    """Tap ``code`` (an English code) in the open card picker."""
    colour = "wild" if code.startswith("W") else _COLOUR[code[0]]
    face = code if code.startswith("W") else code[1:]
    page.click(f"#dispute-picker [data-pick-colour='{colour}']")
    page.click(f"#dispute-picker [data-face='{face}']")


def _cards(page: Any, seat: int) -> int:
    """How many cards the table shows for ``seat`` ("7 cards", "7 kort")."""
    return int(page.inner_text(f"[data-count='{seat}'] .dispute-stepper__value").split()[0])


def _tap_table(
    page: Any,
    top: str,
    hands: list[tuple[list[str], int]],
    *,
    colour: str | None = None,
    names: list[str] | None = None,
    draw: list[str] | None = None,
    turn: int = 0,
) -> None:
    """Set the table by tapping: the top card, as many players as
    ``hands`` (each: the known cards, how many cards in all), whose turn,
    the draw pile."""
    page.click("#dispute-top")
    _pick(page, top)
    if colour:
        page.click(f"#dispute-colour [data-colour='{colour}']")
    while int(page.get_attribute("[data-players]", "data-players")) < len(hands):
        page.click("[data-players] [data-step='+']")
    while int(page.get_attribute("[data-players]", "data-players")) > len(hands):
        page.click("[data-players] [data-step='-']")
    for seat, (known, count) in enumerate(hands):
        if known:
            page.click(f"[data-add='{seat}']")
            for code in known:
                _pick(page, code)
            page.click("#dispute-picker [data-pick-done]")
        while _cards(page, seat) > count:
            page.click(f"[data-count='{seat}'] [data-step='-']")
        while _cards(page, seat) < count:
            page.click(f"[data-count='{seat}'] [data-step='+']")
        if names:
            page.fill(f"[data-name='{seat}']", names[seat])
            page.press(f"[data-name='{seat}']", "Tab")
    page.click(f"[data-turn='{turn}']")
    if draw:
        page.click(".dispute-draw > summary")
        page.click("#dispute-draw-add")
        for code in draw:
            _pick(page, code)
        page.click("#dispute-picker [data-pick-done]")


def _tap_move(
    page: Any,
    seat: int,
    action: str,
    *,
    card: str | None = None,
    colour: str | None = None,
    target: int | None = None,
) -> None:
    """Tap a move: the player, the action, then the card (from the hand),
    the colour of a wild card or the player it targets."""
    page.click(f"[data-move-seat='{seat}']")
    page.click(f"[data-action='{action}']")
    if card:
        page.click(f"#dispute-moves-taps [data-play='{card}']")
    if colour:
        page.click(f"#dispute-moves-taps [data-colour='{colour}']")
    if target is not None:
        page.click(f"#dispute-moves-taps [data-target='{target}']")


# Disputes 1, 3 and 9 of the acceptance cases, as tapped: the taps, the
# notation they must write (in English) and the moves.
TAPPED: dict[int, dict[str, Any]] = {
    1: {
        "table": {"top": "R7", "hands": [(["R3", "W+4", "G5"], 3), ([], 7), ([], 7)]},
        "moves": [(0, "play", {"card": "W+4", "colour": "blue"})],
        "situation": "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0",
        "text": "0 play W+4 blue",
        "verdict": "bluff",
        "cites": "wd4.no-matching-colour",
        "said": ["Player 1 plays wild draw four, names blue"],
    },
    3: {
        "table": {"top": "R5", "hands": [(["R+2", "G3"], 3), (["B+2"], 3), ([], 3)]},
        "moves": [(0, "play", {"card": "R+2"}), (1, "play", {"card": "B+2"})],
        "situation": "top R5; hands R+2 G3 ?1 / B+2 ?2 / ?3; turn 0",
        "text": "0 play R+2; 1 play B+2",
        "verdict": "illegal",
        "cites": "action.draw-two",
        "said": ["Player 1 plays red draw two", "Player 2 plays blue draw two"],
    },
    9: {
        "table": {
            "top": "R7",
            "hands": [(["R3", "R5"], 2), (["R9"], 3), ([], 3)],
            "names": ["Anna", "Bo", "Cilla"],
            "draw": ["Y1", "Y2", "Y3", "Y4", "Y5"],
        },
        "moves": [(0, "play", {"card": "R3"}), (2, "catch", {"target": 0})],
        "situation": (
            "top R7; hands R3 R5 / R9 ?2 / ?3; turn 0; draw Y1 Y2 Y3 Y4 Y5; names Anna Bo Cilla"
        ),
        "text": "Anna play R3; Cilla catch Anna",
        "verdict": "legal",
        "cites": "uno.penalty",
        "said": ["Anna plays red 3", "Cilla points out that Anna did not say UNO"],
    },
}


def _tap_dispute(page: Any, number: int) -> dict[str, Any]:
    case = TAPPED[number]
    _tap_table(page, **case["table"])
    for seat, action, extra in case["moves"]:
        _tap_move(page, seat, action, **extra)
    return case


# ----------------------------------------------------------------- the browser


@pytest.fixture(scope="module")
def browser(site: Path) -> Iterator[tuple[Any, str]]:
    """Chromium and the site's address, for the module."""
    from playwright.sync_api import sync_playwright

    with serve(site) as url, sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM))
        try:
            yield chromium, url
        finally:
            chromium.close()


PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}
"""A phone's screen: 390 x 844, touch."""


class _Page:
    """A page in a new browser context (a phone's screen), with every request
    and every script error it saw."""

    def __init__(self, browser: Any, url: str, context: Any = None) -> None:
        self.context = context or browser.new_context(**PHONE)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(url)

    def ready(self) -> Any:
        self.page.wait_for_selector("#dispute[data-engine]", timeout=180_000)
        state = self.page.get_attribute("#dispute", "data-engine")
        assert state == "ready", self.page.inner_text("#dispute-status")
        return self.page

    def check(self) -> None:
        """No script error; every request to the site's own address."""
        assert not self.errors, self.errors
        assert self.requests
        off_site = [r for r in self.requests if not r.startswith("http://127.0.0.1:")]
        assert not off_site, off_site


@pytest.fixture
def phone(browser: tuple[Any, str]) -> Iterator[Any]:
    """Opens pages (``phone(path)``) in fresh contexts; each is checked at
    the end: no script error, nothing fetched from anywhere but the site."""
    chromium, url = browser
    opened: list[_Page] = []

    def open_page(path: str, context: Any = None) -> _Page:
        page = _Page(chromium, url + path, context)
        opened.append(page)
        return page

    yield open_page
    try:
        for page in opened:
            page.check()
    finally:
        for page in opened:
            page.context.close()


def test_the_page_settles_dispute_one(phone: Any) -> None:
    """Typed into the text boxes, as the benchmark does: dispute 1, then in
    Swedish, then a mistake shown in place."""
    opened = phone("dispute/")
    page = opened.page
    assert page.locator("#dispute-progress").is_visible() or (
        page.get_attribute("#dispute", "data-engine") == "ready"
    )
    opened.ready()
    expected = settled(SITUATION, MOVE)
    got = settle_on_page(page, SITUATION, MOVE)
    assert got["state"] == "done", got
    assert got["short"] == expected["short"]
    assert expected["headline"] in got["text"]
    assert expected["next"] in got["text"]
    # Swedish (the Swedish page, chosen under "Language"), then a mistake, on
    # the English page again.
    sv = settle_on_page(page, SITUATION.replace("G5", "Gr5"), MOVE, "sv")
    want = settled(SITUATION.replace("G5", "Gr5"), MOVE, lang="sv")
    assert sv["short"] == want["short"]
    assert sv["short"].count("Spelare 1") >= 1 and "Player" not in sv["text"]
    bad = settle_on_page(page, "top R7", MOVE)
    assert bad["state"] == "error"
    error = settle("top R7", MOVE)["error"]
    # Said in place under the text box, caret and all, and in the verdict's
    # details; the verdict itself says where to look.
    assert page.inner_text("#dispute-read-error") == read_situation("top R7")["error"]
    assert error in bad["text"]
    assert page.inner_text("#dispute-verdict .dispute-error--plain") == (
        "The text under “As text” cannot be read: see what is wrong there."
    )
    assert any("/engine/" in r and r.endswith("/pyodide.asm.wasm") for r in opened.requests)


@pytest.mark.parametrize("number", [1, 3, 9])
def test_a_dispute_set_up_by_tapping(phone: Any, number: int) -> None:
    """The table and the moves tapped (before the engine is ready, as a
    family would): the text box holds their notation, and the verdict is
    settle()'s on it, citing the rule of the acceptance case."""
    opened = phone("dispute/")
    page = opened.page
    case = _tap_dispute(page, number)
    assert page.input_value("#dispute-situation") == case["situation"]
    assert page.input_value("#dispute-moves") == case["text"]
    # The moves listed as sentences; the notation stays in the text box.
    assert page.locator("#dispute-movelist li").all_inner_texts() == case["said"]
    # The page writes what unorules.web.write_situation writes.
    assert write_situation(read_situation(case["situation"]), "en") == case["situation"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if page.get_attribute("#dispute", "data-engine") is None:
        # Pressed while the engine loads: it settles as soon as it is ready.
        assert page.inner_text("#dispute-submit") in (
            "Settle it (waiting for the engine…)",
            "Settle it",
        )
        page.click("#dispute-submit")
        assert page.inner_text("#dispute-submit") in (
            "Settles as soon as the engine is ready…",
            "Settle it",
        )
        got = _verdict(page)
        opened.ready()
    else:
        opened.ready()
        got = _press_settle(page)
    assert page.inner_text("#dispute-submit") == "Settle it"
    expected = settled(case["situation"], case["text"])
    assert "error" not in expected, expected
    assert expected["verdict"] == case["verdict"]
    assert case["cites"] in expected["rule_ids"]
    assert got["state"] == "done", got
    assert got["short"] == expected["short"]
    assert page.inner_text("#dispute-verdict .dispute-headline") == expected["headline"]
    assert page.inner_text("#dispute-verdict .dispute-next") == expected["next"]
    # Each cited rule links to its page in the rules reference.
    links = page.locator("#dispute-verdict .dispute-cited a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        "../" + c["page"] for c in expected["cited"]
    ]
    href = page.evaluate(
        "document.querySelector('#dispute-verdict .dispute-cited a').href.split('#')[0]"
    )
    assert href.endswith("/" + expected["cited"][0]["page"].split("#")[0])
    # Undo takes the last move off the list and out of the text.
    count = page.locator("#dispute-movelist li").count()
    page.click("#dispute-undo")
    assert page.locator("#dispute-movelist li").count() == count - 1
    assert page.input_value("#dispute-moves") == "; ".join(case["text"].split("; ")[:-1])


def test_the_text_box_is_read_back_into_the_taps(phone: Any) -> None:
    """Swedish words typed into the text box, then the box left: the table
    shows them (read with unorules.web.read_situation); a tap then writes
    the text again, in the page's codes. A mistake is shown in place, in
    Swedish."""
    opened = phone("sv/dispute/")
    page = opened.ready()
    typed = "topp röd sjua; händer Gu3, dra fyra / ?5; namn Anna Bo"
    type_text(page, "#dispute-situation", typed)
    read_text(page)
    assert page.locator("#dispute-read-error").is_hidden()
    assert page.get_attribute("#dispute-table .dispute-field .dispute-card", "data-card") == "R7"
    hand = page.locator("[data-seat='0'] .dispute-hand [data-card]")
    assert [hand.nth(i).get_attribute("data-card") for i in range(hand.count())] == ["Y3", "W+4"]
    assert page.input_value("[data-name='1']") == "Bo"
    assert page.input_value("#dispute-situation") == typed
    _tap_move(page, 0, "play", card="W+4", colour="green")
    assert page.input_value("#dispute-moves") == "Anna play W+4 green"
    page.click("[data-turn='1']")
    page.click("[data-turn='0']")
    written = "top R7; hands Gu3 W+4 / ?5; turn 0; names Anna Bo"
    assert page.input_value("#dispute-situation") == written
    assert (
        _press_settle(page)["short"] == (settle(written, "Anna play W+4 green", lang="sv")["short"])
    )
    page.fill("#dispute-situation", "top R7")
    read_text(page)
    assert page.inner_text("#dispute-read-error") == read_situation("top R7", "sv")["error"]


def test_a_shared_link_opens_the_same_verdict(phone: Any) -> None:
    """The link puts situation, moves, rules and language in the fragment
    (URLSearchParams, as the brief's format); opened in a fresh page it
    fills the table and settles on its own."""
    first = phone("dispute/")
    page = first.ready()
    case = _tap_dispute(page, 3)
    got = _press_settle(page)
    page.click("#dispute-share")
    fragment = page.evaluate("location.hash").lstrip("#")
    assert fragment == urlencode(
        {"situation": case["situation"], "moves": case["text"], "rules": "official", "lang": "en"}
    )
    link = page.url
    second = phone(link.split("/", 3)[3])
    fresh = second.page
    fresh.wait_for_selector("#dispute-situation", state="attached")
    assert fresh.input_value("#dispute-situation") == case["situation"]
    assert fresh.input_value("#dispute-moves") == case["text"]
    second.ready()
    assert _verdict(fresh)["short"] == got["short"]
    # The taps follow the link: seat 1 holds B+2.
    assert fresh.locator("[data-seat='1'] [data-card='B+2']").count() == 1


def test_a_link_in_swedish_with_other_rules(phone: Any) -> None:
    """A link with rules, written in Swedish, opened on the English page: the
    text is read in Swedish, the page (and its verdict) stays English; the
    verdict is settle()'s under those rules on the same table."""
    situation = "top R5; hands R+2 Gr3 ?1 / B+2 ?2 / ?3; turn 0"
    moves = "0 play R+2; 1 play B+2"
    rules = "official+house.stack-draw-two"
    query = urlencode({"situation": situation, "moves": moves, "rules": rules, "lang": "sv"})
    opened = phone("dispute/#" + query)
    page = opened.ready()
    english = write_situation(read_situation(situation, "sv"), "en")
    expected = settled(english, moves, rules, "en")
    assert _verdict(page)["short"] == expected["short"]
    assert expected["verdict"] == "legal"
    assert "Player 3" in expected["short"]
    assert page.input_value("#dispute-lang") == "en"
    assert page.input_value("#dispute-situation") == english
    assert page.text_content("#dispute-ruleset") == rules
    assert page.is_checked("input[data-rule='house.stack-draw-two']")


def test_a_dispute_case_opens_on_the_dispute_page(phone: Any) -> None:
    """The link under a dispute case of /sv/disputes/ opens the dispute page
    settled as settle() settles the case; another case's link followed on
    the same page (only the fragment changes) is settled too."""
    opened = phone("sv/disputes/")
    page = opened.page
    links = page.locator("a[href*='dispute/#situation=']")
    assert links.count() >= 2
    second = links.nth(1).get_attribute("href")
    links.first.click()
    page.wait_for_url("**/sv/dispute/#*")
    opened.ready()
    for step in (1, 2):
        got = _verdict(page)
        fragment = page.url.split("#", 1)[1]
        query = {k: v[0] for k, v in parse_qs(fragment, keep_blank_values=True).items()}
        want = settled(query["situation"], query["moves"], query["rules"], query["lang"])
        assert got["short"] == want["short"]
        assert query["lang"] == "sv"
        if step == 1:
            page.evaluate(
                "document.getElementById('dispute-verdict').removeAttribute('data-state')"
            )
            page.evaluate("hash => { location.hash = hash; }", second.split("#", 1)[1])


def test_the_swedish_page(phone: Any, tmp_path: Path) -> None:
    """/sv/dispute/: labels in Swedish, green tapped as Gr, the verdict as
    settle(..., lang="sv"); the verdict's language switched to English
    rewrites the codes; no sideways scrolling at 390 px."""
    opened = phone("sv/dispute/")
    page = opened.page
    assert page.inner_text("#dispute-table-section h2") == "Bordet"
    case = _tap_dispute(page, 1)
    assert "Avgör" in page.inner_text("#dispute-submit")
    situation = case["situation"].replace("G5", "Gr5")
    assert page.input_value("#dispute-situation") == situation
    opened.ready()
    # Once ready the status line has nothing to say: it is gone, and no
    # programmer's word (Python, the library) was left on the screen.
    assert page.is_hidden("#dispute-status")
    assert "Python" not in page.inner_text("#dispute")
    got = _press_settle(page)
    expected = settled(situation, case["text"], lang="sv")
    assert got["short"] == expected["short"]
    assert got["short"].startswith("Bluff")
    assert expected["cited"][0]["title"] in page.inner_text("#dispute-verdict")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, tmp_path, "sv-dispute1.png")
    # The compare tab: official, svenska and norsk by default.
    page.click("#dispute-tab-compare")
    page.wait_for_selector("#dispute-compare-out[data-state='done']")
    rows = page.locator("#dispute-compare-out li")
    want = compare(
        situation, case["text"], "official,svenska,norsk", "sv", players_of(situation, "sv")
    )
    assert rows.count() == 3
    for i, row in enumerate(want["rows"]):
        assert rows.nth(i).get_attribute("data-rules") == row["rules"]
        assert row["headline"] in rows.nth(i).inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shot(page, tmp_path, "sv-dispute1-compare.png")
    assert "compare=official%2Csvenska%2Cnorsk" in page.url
    # English chosen under "Språk": the English page, with the same dispute
    # in English codes and an English verdict (no Swedish word left).
    page.click("#dispute-tab-verdict")
    in_language(page, "en")
    assert page.input_value("#dispute-situation") == case["situation"]
    want = settled(case["situation"], case["text"])
    assert _press_settle(page)["short"] == want["short"]
    assert "Player 1" in want["short"]
    assert page.inner_text("#dispute-table-section h2") == "The table"


def _shot(page: Any, folder: Path, name: str) -> None:
    """A full-page screenshot into ``folder``, and into :data:`SHOTS` when
    ``UNORULES_SHOTS`` names a folder whose parent exists (for a person to
    look at)."""
    page.screenshot(path=str(folder / name), full_page=True)
    assert (folder / name).stat().st_size > 0
    if SHOTS is not None and SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        shutil.copy(folder / name, SHOTS / name)


def test_the_compare_tab_marks_the_rows_that_differ(phone: Any) -> None:
    """Dispute 3 under official, norsk and kitchen-table (which stacks Draw
    Twos): the kitchen-table row differs, the norsk row does not."""
    opened = phone("dispute/")
    page = opened.ready()
    case = _tap_dispute(page, 3)
    page.click("#dispute-tab-compare")
    page.uncheck("[data-compare='svenska']")
    page.check("[data-compare='kitchen-table']")
    page.click("#dispute-compare")
    page.wait_for_selector("#dispute-compare-out[data-state='done'] li[data-rules='kitchen-table']")
    want = compare(
        case["situation"],
        case["text"],
        "official,norsk,kitchen-table",
        "en",
        players_of(case["situation"]),
    )
    rows = page.locator("#dispute-compare-out li")
    assert [rows.nth(i).get_attribute("data-rules") for i in range(rows.count())] == [
        r["rules"] for r in want["rows"]
    ]
    differs = [rows.nth(i).get_attribute("data-differs") for i in range(rows.count())]
    assert differs == ["false", "false", "true"]
    assert want["rows"][2]["verdict"] != want["rows"][0]["verdict"]


def test_the_rules_are_remembered(phone: Any, browser: tuple[Any, str]) -> None:
    """A preset and a switch, then a reload: both are still chosen, and the
    rule-set string is the one unorules.web.rule_set computes; a reading the
    preset chose, changed, gives a rule set the library accepts."""
    chromium, _ = browser
    context = chromium.new_context(**PHONE)
    first = phone("dispute/", context)
    page = first.page
    page.wait_for_selector("input[data-rule='house.stack-draw-two']", state="attached")
    first.ready()  # the engine is loaded: the page draws its groups no more
    page.select_option("#dispute-rules", "svenska")
    page.click("[data-concern='house'] > summary")
    page.check("input[data-rule='house.stack-draw-two']")
    want = rule_set("svenska", {"house.stack-draw-two": "house.stack-draw-two"})
    assert want == "svenska+house.stack-draw-two"
    shows(page, "#dispute-ruleset", want)
    page.reload()
    page.wait_for_selector("input[data-rule='house.stack-draw-two']", state="attached")
    first.ready()
    assert page.input_value("#dispute-rules") == "svenska"
    assert page.is_checked("input[data-rule='house.stack-draw-two']")
    shows(page, "#dispute-ruleset", want)
    # A switch svenska has off turned back off: the preset's name again. (The
    # page may keep the group open over the reload: open it, whatever it was.)
    # The page may also draw the groups again once its engine is ready, so the
    # group is opened until the switch shows.
    page.wait_for_function(
        """() => {
            const group = document.querySelector("[data-concern='house']");
            if (group && !group.open) group.open = true;
            const box = document.querySelector("input[data-rule='house.stack-draw-two']");
            return box !== null && box.checkVisibility();
        }""",
        timeout=30_000,
    )
    page.uncheck("input[data-rule='house.stack-draw-two']")
    shows(page, "#dispute-ruleset", "svenska")
    # norsk's reading of a Reverse start card changed back to the official one.
    page.select_option("#dispute-rules", "norsk")
    page.click("[data-concern='start'] > summary")
    page.check("input[data-rule='start.reverse.dealer']")
    want = rule_set("norsk", {"start.reverse.dealer": "start.reverse.dealer"})
    shows(page, "#dispute-ruleset", want)
    text = page.text_content("#dispute-ruleset") or ""
    assert text.startswith("official+")
    chosen = set(presets.get(text).rule_ids)
    assert {"deck.modern-112", "setup.dealer-draw", "end.no-wd4-last"} <= chosen
    assert "start.reverse.right-of-dealer" not in chosen


def test_a_build_without_the_engine_says_so(
    site: Path, browser: tuple[Any, str], tmp_path: Path
) -> None:
    """The page of a build whose ``engine/`` is empty says, in the page's
    language, that the engine is unavailable, and its button stays off; the
    table can still be tapped."""
    chromium, _ = browser
    bare = tmp_path / "site"
    shutil.copytree(site, bare, ignore=shutil.ignore_patterns("engine", "api"))
    with serve(bare) as url:
        page = chromium.new_page(**PHONE)
        try:
            page.goto(url + "sv/dispute/")
            page.wait_for_selector("#dispute[data-engine]", timeout=30_000)
            assert page.get_attribute("#dispute", "data-engine") == "unavailable"
            assert page.inner_text("#dispute-status").startswith("Motorn saknas")
            assert page.locator("#dispute-submit").is_disabled()
            page.click("#dispute-top")
            _pick(page, "G5")
            assert page.input_value("#dispute-situation").startswith("top Gr5;")
        finally:
            page.close()


# ----------------------------------------------------------------- what a family met


def _open_language_menu(page: Any) -> None:
    """The theme's language selector (the 文A icon) opened, as a tap does."""
    page.hover(".md-header .md-select")
    page.wait_for_selector(".md-select a[hreflang='nb']", state="visible")


def test_the_language_selector_keeps_the_dispute(phone: Any) -> None:
    """A dispute tapped on /sv/dispute/, then Norsk chosen in the theme's
    language selector: the Norwegian page opens with the same table, in
    Norwegian codes, and gives settle(..., lang="nb")'s verdict."""
    opened = phone("sv/dispute/")
    page = opened.page
    case = _tap_dispute(page, 9)
    situation_sv = write_situation(read_situation(case["situation"]), "sv")
    assert page.input_value("#dispute-situation") == situation_sv
    _open_language_menu(page)
    href = page.get_attribute(".md-select a[hreflang='nb']", "href")
    assert "#situation=" in href
    page.click(".md-select a[hreflang='nb']")
    page.wait_for_url("**/nb/dispute/#*")
    fragment = page.url.split("#", 1)[1]
    query = {k: v[0] for k, v in parse_qs(fragment, keep_blank_values=True).items()}
    situation_nb = write_situation(read_situation(case["situation"]), "nb")
    assert query == {
        "situation": situation_nb,
        "moves": case["text"],
        "rules": "official",
        "lang": "nb",
    }
    opened.ready()
    got = _verdict(page)
    want = settle(situation_nb, case["text"], "official", "nb")
    assert got["short"] == want["short"]
    assert page.inner_text("#dispute-table-section h2") == "Bordet"
    assert page.input_value("#dispute-situation") == situation_nb
    assert page.locator("[data-seat='1'] [data-card='R9']").count() == 1
    # The moves as sentences in Norwegian.
    assert page.inner_text("#dispute-movelist li >> nth=0") == "Anna legger rød treer"
    # Typed text not read into the taps goes as it is, in its own language.
    type_text(page, "#dispute-moves", "Anna play Gr5 ; Bo dra")
    _open_language_menu(page)
    href = page.get_attribute(".md-select a[hreflang='sv']", "href")
    query = {k: v[0] for k, v in parse_qs(href.split("#", 1)[1]).items()}
    assert query["moves"] == "Anna play Gr5 ; Bo dra"
    assert query["lang"] == "nb"


def test_a_shared_link_scrolls_to_the_answer(phone: Any) -> None:
    """A link opened on a phone: the answer is scrolled into view once
    settled, and a button at the top leads to it."""
    case = TAPPED[3]
    situation = write_situation(read_situation(case["situation"]), "sv")
    query = urlencode({"situation": situation, "moves": case["text"], "rules": "official"})
    opened = phone("sv/dispute/#" + query)
    page = opened.page
    assert page.inner_text("#dispute-jump") == "Svaret ↓"
    opened.ready()
    assert _verdict(page)["state"] == "done"
    page.wait_for_function(
        "(() => { const r = document.getElementById('dispute-verdict').getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight / 2; })()"
    )
    assert page.evaluate("scrollY") > 0


def test_the_moves_are_said_in_the_page_language(phone: Any) -> None:
    """The moves tapped on the Swedish page are listed as Swedish sentences
    (the notation stays in the text box), the verdict's list of moves says
    what settle() says; a catch asks whom once, in words of its own."""
    opened = phone("sv/dispute/")
    page = opened.page
    case = TAPPED[9]
    _tap_table(page, **case["table"])
    _tap_move(page, 0, "play", card="R3")
    page.click("[data-move-seat='2']")
    page.click("[data-action='catch']")
    labels = page.locator("#dispute-moves-taps .dispute-label").all_inner_texts()
    assert len(labels) == len(set(labels)), labels
    assert "Vem glömde ropa UNO?" in labels
    page.click("#dispute-moves-taps [data-target='0']")
    assert page.locator("#dispute-movelist li").all_inner_texts() == [
        "Anna lägger röd trea",
        "Cilla påpekar att Anna inte sagt UNO",
    ]
    assert page.input_value("#dispute-moves") == case["text"]
    _tap_move(page, 1, "challenge")
    assert page.inner_text("#dispute-movelist li >> nth=2") == "Bo utmanar"
    page.click("#dispute-undo")
    opened.ready()
    got = _press_settle(page)
    situation = write_situation(read_situation(case["situation"]), "sv")
    want = settled(situation, case["text"], lang="sv")
    assert got["short"] == want["short"]
    page.click("#dispute-verdict .dispute-steps > summary")
    steps = page.locator("#dispute-verdict .dispute-steps li").all_inner_texts()
    assert [s.split("\n")[0] for s in steps] == [m["said"] for m in want["moves"]]
    assert "Varje drag" in page.inner_text("#dispute-verdict .dispute-steps > summary")


def test_the_hands_count_their_known_cards(phone: Any) -> None:
    """The Swedish table says what ▶ means and how a hand's count is made
    up; a known card counts toward the hand, removing it lowers the count,
    unless it is kept as an unknown card. Tapped while the engine loads."""
    opened = phone("sv/dispute/")
    page = opened.page
    page.click("#dispute-top")
    _pick(page, "R7")
    assert page.input_value("#dispute-situation").startswith("top R7;")
    assert page.inner_text("[data-turn='0']").startswith("▶ Spelare 1")
    assert "tur" in page.inner_text("[data-turn='0'] .dispute-turn__mark").lower()
    assert "▶ visar vems tur det är" in page.inner_text("#dispute-hand-help")
    page.click("[data-add='0']")
    _pick(page, "R3")
    page.click("#dispute-picker [data-pick-done]")
    assert _cards(page, 0) == 7
    assert page.inner_text("[data-handline='0']") == "7 kort: 1 känt, 6 okända"
    page.click("[data-seat='0'] .dispute-hand [data-card='R3']")
    assert _cards(page, 0) == 6
    assert page.inner_text("[data-handline='0']") == "6 kort: 0 kända, 6 okända"
    assert "Röd trea borttaget" in page.inner_text("[data-removed='0']")
    page.click("[data-keep-unknown='0']")
    assert _cards(page, 0) == 7
    assert page.locator("[data-removed='0']").count() == 0
    # Never fewer cards than the known ones.
    page.click("[data-add='1']")
    _pick(page, "B2")
    _pick(page, "B3")
    page.click("#dispute-picker [data-pick-done]")
    while not page.locator("[data-count='1'] [data-step='-']").is_disabled():
        page.click("[data-count='1'] [data-step='-']")
    assert _cards(page, 1) == 2
    assert page.input_value("#dispute-situation").startswith("top R7; hands ?7 / B2 B3 / ?7;")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    opened.ready()


def test_a_rule_set_that_cannot_judge_the_dispute(phone: Any) -> None:
    """The compare tab with kids (a deck without Wild Draw Four) next to
    our rules: its row gives compare()'s error and is marked as differing."""
    opened = phone("sv/dispute/")
    page = opened.ready()
    situation = SITUATION.replace("G5", "Gr5")
    settle_on_page(page, situation, MOVE, "sv")
    page.click("#dispute-tab-compare")
    page.check("[data-compare='kids']")
    page.click("#dispute-compare")
    page.wait_for_selector("#dispute-compare-out[data-state='done'] li[data-rules='kids']")
    want = compare(situation, MOVE, "official,svenska,norsk,kids", "sv")
    kids = next(r for r in want["rows"] if r["rules"] == "kids")
    row = page.locator("#dispute-compare-out li[data-rules='kids']")
    # In a family's words (the card by its name, the rules by their title),
    # the rule IDs folded away with the whole message.
    plain = row.locator(".dispute-error--plain").inner_text()
    assert plain == (
        "Dra fyra finns inte i leken för ”För barn”: ta bort kortet från bordet eller välj "
        "andra regler."
    )
    assert kids["said"] == plain
    assert kids["error"] == (
        "läget har 1 exemplar av Dra fyra, men leken (deck.classic-108, players.range, "
        "house.kids) har inget Dra fyra"
    )
    assert "(" not in row.inner_text()
    row.locator("details > summary").click()
    assert kids["error"] in row.inner_text()
    assert row.get_attribute("data-differs") == "true"


def test_a_rule_that_takes_a_number_has_a_stepper(phone: Any) -> None:
    """The hand limit switched on shows a stepper at 25; two taps on minus
    and the rule set is official+house.hand-limit=23, which the library
    reads back; no stray text between the switches; a letsuno preset
    keeps its own rules."""
    opened = phone("dispute/")
    page = opened.page
    page.wait_for_selector("input[data-rule='house.hand-limit']", state="attached")
    opened.ready()
    page.wait_for_function(
        """() => {
            const group = document.querySelector("[data-concern='house']");
            if (group && !group.open) group.open = true;
            const box = document.querySelector("input[data-rule='house.hand-limit']");
            return box !== null && box.checkVisibility();
        }""",
        timeout=30_000,
    )
    assert page.locator("[data-number='house.hand-limit']").count() == 0
    page.check("input[data-rule='house.hand-limit']")
    shows(page, "#dispute-ruleset", "official+house.hand-limit")
    stepper = page.locator("[data-number='house.hand-limit']")
    stepper.wait_for()
    shows(page, "[data-number='house.hand-limit'] .dispute-stepper__value", "25")
    for want_now in ("24", "23"):
        page.locator("[data-number='house.hand-limit'] [data-step='-']").click()
        shows(page, "[data-number='house.hand-limit'] .dispute-stepper__value", want_now)
    want = rule_set("official", {"house.hand-limit": "house.hand-limit=23"})
    assert want == "official+house.hand-limit=23"
    shows(page, "#dispute-ruleset", want)
    assert presets.get(want).numbers == {"house.hand-limit": 23}
    # Nothing but the switches and their stepper in the group: no stray text.
    texts = page.evaluate(
        """() => [...document.querySelector("[data-concern='house']").childNodes]
            .filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent)"""
    )
    assert texts == []
    page.select_option("#dispute-rules", "letsuno-party")
    shows(page, "#dispute-ruleset", "letsuno-party")
