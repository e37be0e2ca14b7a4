"""The dispute page at the table, as a parent on a 390 x 844 touch phone
meets it: what is typed and tapped is never lost (two names typed one after
the other, the first tap after typing, a reload, a dropped tab), the cards
are pictures with their names, the page speaks a family's words (no seat
numbers, rule IDs or notation outside "Details"), says what is missing
instead of a parser's error, gives the verdict again after every change
without a button, and lays out the common disputes in one tap.

Skipped as ``test_web_page.py`` is (no Chromium, no Playwright, no engine).
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest
from test_web_page import CHROMIUM as CHROMIUM
from test_web_page import PHONE, SETTLED, _pick, _tap_move, _verdict, settled
from test_web_page import browser as browser
from test_web_page import phone as phone
from test_web_page import pytestmark as pytestmark
from test_web_page import site as site

from unorules.rules.catalogue import CATALOGUE
from unorules.web import rules_data, settle


def _type(page: Any, selector: str, text: str) -> None:
    """Tap a field, as a finger does, and type into it key by key."""
    page.tap(selector)
    page.keyboard.type(text)


# ----------------------------------------------------------------- input is never lost


def test_names_typed_in_two_fields_are_both_kept(phone: Any) -> None:
    """Anna typed in the first player's field, the second's tapped and Bo
    typed: both stay, and so does the third's; the notation names them."""
    page = phone("sv/dispute/").ready()
    first = page.evaluate_handle("document.querySelector(\"[data-name='1']\")")
    _type(page, "[data-name='0']", "Anna")
    _type(page, "[data-name='1']", "Bo")
    _type(page, "[data-name='2']", "Cilla")
    page.tap("#dispute-table-section h2")
    assert page.input_value("[data-name='0']") == "Anna"
    assert page.input_value("[data-name='1']") == "Bo"
    assert page.input_value("[data-name='2']") == "Cilla"
    # The field tapped is the one that was there before: nothing was rebuilt.
    assert page.evaluate("(node) => node.isConnected", first)
    assert page.input_value("#dispute-situation").endswith("; names Anna Bo Cilla")
    assert page.inner_text("[data-turn='0']").startswith("▶ Spelare 1")
    assert page.inner_text("[data-move-seat='1']") == "Bo"


def test_the_first_tap_on_add_card_after_typing_a_name(phone: Any) -> None:
    """A name typed, then "+ Kort" tapped once (the name field still has the
    keyboard): the card picker opens, and the card chosen goes into that
    player's hand. Before the engine is ready too."""
    page = phone("sv/dispute/").page
    page.wait_for_selector("[data-add='0']")
    _type(page, "[data-name='0']", "Anna")
    page.tap("[data-add='0']")
    page.wait_for_selector("#dispute-picker[open]", timeout=2_000)
    assert page.inner_text("#dispute-picker h3") == "Anna"
    _pick(page, "R3")
    page.tap("#dispute-picker [data-pick-done]")
    assert page.get_attribute("[data-seat='0'] .dispute-hand [data-card]", "data-card") == "R3"
    assert page.input_value("[data-name='0']") == "Anna"


def test_enter_in_a_name_goes_to_the_next_name(phone: Any) -> None:
    """The keyboard's Enter after a name goes to the next player's field
    (it does not settle, nor open the card picker)."""
    page = phone("sv/dispute/").ready()
    _type(page, "[data-name='0']", "Anna")
    page.keyboard.press("Enter")
    page.keyboard.type("Bo")
    page.keyboard.press("Enter")
    page.keyboard.type("Cilla")
    page.keyboard.press("Enter")
    assert [page.input_value(f"[data-name='{seat}']") for seat in range(3)] == [
        "Anna",
        "Bo",
        "Cilla",
    ]
    assert page.locator("#dispute-picker[open]").count() == 0


def _build_a_table(page: Any) -> None:
    """A table tapped on the Swedish page: top card, a hand, names, two
    moves, a house rule."""
    page.tap("#dispute-top")
    _pick(page, "R5")
    page.tap("[data-add='0']")
    _pick(page, "R+2")
    _pick(page, "G3")
    page.tap("#dispute-picker [data-pick-done]")
    page.tap("[data-add='1']")
    _pick(page, "B+2")
    page.tap("#dispute-picker [data-pick-done]")
    for seat, name in enumerate(["Anna", "Bo", "Cilla"]):
        _type(page, f"[data-name='{seat}']", name)
    _tap_move(page, 0, "play", card="R+2")
    _tap_move(page, 1, "play", card="B+2")
    page.click("[data-concern='house'] > summary")
    page.check("input[data-rule='house.stack-draw-two']")


def _table_of(page: Any) -> dict[str, Any]:
    """What the page shows of the table built, once it shows the rules
    (their data comes a moment after the table)."""
    page.wait_for_function(
        "document.getElementById('dispute-ruleset')?.textContent.includes('stack-draw-two')"
    )
    return {
        "situation": page.input_value("#dispute-situation"),
        "moves": page.input_value("#dispute-moves"),
        "names": [page.input_value(f"[data-name='{seat}']") for seat in range(3)],
        "rules": page.text_content("#dispute-ruleset"),
        "lang": page.input_value("#dispute-lang"),
        "said": page.locator("#dispute-movelist li").all_inner_texts(),
    }


def test_a_reload_and_a_dropped_tab_keep_the_table(phone: Any, browser: tuple[Any, str]) -> None:
    """A whole table built, then the page reloaded before any verdict was
    asked for; then the tab closed and the page opened again from its
    address, and from the bare address: the table, the names, the moves
    and the rules are all back, and the verdict is the one the library
    gives. A shared link to another dispute wins over it."""
    chromium, _ = browser
    context = chromium.new_context(**PHONE)
    first = phone("sv/dispute/", context)
    page = first.page
    _build_a_table(page)
    want = {
        "situation": "top R5; hands R+2 Gr3 ?5 / B+2 ?6 / ?7; turn 0; names Anna Bo Cilla",
        "moves": "Anna play R+2; Bo play B+2",
        "names": ["Anna", "Bo", "Cilla"],
        "rules": "official+house.stack-draw-two",
        "lang": "sv",
        "said": ["Anna lägger röd Dra två", "Bo lägger blå Dra två"],
    }
    assert _table_of(page) == want
    page.reload()
    page.wait_for_selector("[data-name='0']")
    assert _table_of(page) == want
    first.ready()
    got = _verdict(page)
    expected = settled(want["situation"], want["moves"], want["rules"], "sv")
    assert got["short"] == expected["short"]
    assert expected["verdict"] == "legal"
    # The tab dropped: a new one at the same address, then at the bare one.
    address = page.url
    page.close()
    for url in (address, address.split("#")[0]):
        again = context.new_page()
        again.goto(url)
        again.wait_for_selector("[data-name='0']")
        assert _table_of(again) == want
        again.close()
    # Another dispute's link: its table, not the one kept.
    link = urlencode({"situation": "top B4; hands B9 / ?5; turn 0", "moves": "0 play B9"})
    other = phone("sv/dispute/#" + link, context).page
    other.wait_for_selector("[data-name='0']")
    assert other.input_value("#dispute-situation") == "top B4; hands B9 / ?5; turn 0"
    assert other.input_value("#dispute-moves") == "0 play B9"


# ----------------------------------------------------------------- cards as pictures


_NAMES_SV = {
    "R7": "röd sjua",
    "Y3": "gul trea",
    "G4": "grön fyra",
    "B+2": "blå Dra två",
    "RS": "röd Hoppa över",
    "W+4": "Dra fyra",
    "W": "Välj färg",
}


def test_cards_are_pictures_with_their_names(phone: Any) -> None:
    """Every card on the table and in the picker is an SVG picture whose
    accessible name is the card's name in the page's language ("röd
    sjua"), not its code; cards nobody gave are a card back ("7 okända
    kort"), never "?7"; a red and a green 3 differ in more than colour."""
    page = phone("sv/dispute/").ready()
    page.tap("#dispute-top")
    _pick(page, "R7")
    page.tap("[data-add='0']")
    for code in ("Y3", "G4", "B+2", "RS", "W+4", "W"):
        _pick(page, code)
    page.tap("#dispute-picker [data-pick-done]")
    top = page.locator("#dispute-top [data-card='R7']")
    assert top.get_attribute("aria-label") == "röd sjua"
    assert top.locator("svg").count() == 1
    hand = page.locator("[data-seat='0'] .dispute-hand [data-card]")
    assert hand.count() == 6
    for i in range(hand.count()):
        card = hand.nth(i)
        code = card.get_attribute("data-card") or ""
        assert card.locator("svg").count() == 1
        assert card.get_attribute("title") == _NAMES_SV[code]
        assert card.get_attribute("aria-label") == f"Ta tillbaka {_NAMES_SV[code]}"
    # The others' hands: a card back with the count, said in words.
    back = page.locator("[data-seat='1'] [data-unknown]")
    assert back.get_attribute("data-unknown") == "7"
    assert back.get_attribute("aria-label") == "7 okända kort"
    assert back.locator("svg").count() == 1
    assert "?7" not in page.inner_text("#dispute-table")
    assert not re.search(r"\b(R7|Y3|G4|B\+2|W\+4)\b", page.inner_text("#dispute-table"))
    # Colour is never the only clue: without their fill colours, a red and a
    # green 3 are still drawn differently (each colour's own shape).
    page.tap("[data-add='2']")
    faces = page.locator("#dispute-picker [data-face]")
    assert faces.count() == faces.locator("svg").count() > 0

    def drawn(code: str) -> str:
        _pick(page, code)
        card = page.locator("#dispute-picker .dispute-picker__tray [data-card]").last
        return re.sub(r'fill="[^"]*"|hsl\([^)]*\)', "", card.inner_html())

    assert drawn("R3") != drawn("G3")
    page.tap("#dispute-picker [data-pick-done]")


def test_the_picker_offers_the_cards_of_the_rules_in_force(phone: Any) -> None:
    """The picker's black cards are the deck's: Dra fyra and Välj färg
    under the official rules; Välj färg only for children (no Dra fyra);
    Blanda händer and the blank card in the 2018 printing."""
    page = phone("sv/dispute/").ready()

    def black(preset: str) -> list[str]:
        page.select_option("#dispute-rules", preset)
        page.wait_for_selector(f"#dispute[data-rules='{preset}']")
        page.tap("#dispute-top")
        page.tap("#dispute-picker [data-pick-colour='wild']")
        faces = page.locator("#dispute-picker [data-face]")
        names = [faces.nth(i).get_attribute("aria-label") or "" for i in range(faces.count())]
        page.tap("#dispute-picker [data-pick-done]")
        return names

    assert black("kids") == ["Välj färg"]
    assert black("official") == ["Välj färg", "Dra fyra"]
    assert black("official-2018") == ["Välj färg", "Dra fyra", "Blanda händer", "blankt kort"]


# ----------------------------------------------------------------- a family's words

_NOT_A_FAMILYS = re.compile(r"\b(Plats|Plass|Seat|seed|slumptal|Pyodide|unorules explain)\b")


def _visible(page: Any, selector: str = ".md-content") -> str:
    """The text of ``selector`` as shown (what "Details" folds away left out)."""
    return str(page.inner_text(selector))


@pytest.mark.parametrize(
    ("path", "player", "official", "kids", "kitchen"),
    [
        ("sv/dispute/", "Spelare", "Officiella regler", "För barn", "Nästan officiella husregler"),
        ("nb/dispute/", "Spiller", "Offisielle regler", "For barn", "Nesten offisielle husregler"),
        ("dispute/", "Player", "Official rules", "For children", "Almost official house rules"),
    ],
)
def test_a_familys_words_outside_the_details(
    phone: Any, path: str, player: str, official: str, kids: str, kitchen: str
) -> None:
    """The first screen and the verdict: players "Spelare 1…", rule sets by
    their titles, no rule IDs, seeds, seat numbers or the engine's name;
    those stay in "Details", which holds the rule IDs cited."""
    page = phone(path).ready()
    lang = path.split("/")[0] if path.count("/") == 2 else "en"
    titles = {p["name"]: p["title"] for p in rules_data(lang)["presets"]}
    assert (titles["official"], titles["kids"], titles["kitchen-table"]) == (
        official,
        kids,
        kitchen,
    )
    options = page.locator("#dispute-rules option").all_inner_texts()
    assert options == [titles[name] for name in titles]
    assert not {"official", "kids", "kitchen-table", "svenska", "norsk"} & set(options)
    turns = page.locator("[data-turn]").all_inner_texts()
    assert turns[0].startswith(f"▶ {player} 1")
    assert turns[1:] == [f"{player} 2", f"{player} 3"]
    page.tap("[data-common='wd4-challenge']")
    got = _verdict(page)
    page.evaluate(
        "document.querySelectorAll('.md-content details').forEach((d) => { d.open = false; })"
    )
    shown = _visible(page)
    assert f"{player} 1" in shown
    assert not _NOT_A_FAMILYS.search(shown), _NOT_A_FAMILYS.search(shown)
    ids = [rid for rid in CATALOGUE if rid in shown]
    assert ids == []
    # In the details: the rule cited, the notation.
    page.evaluate(
        "document.querySelectorAll('#dispute-verdict details.dispute-details')"
        ".forEach((d) => { d.open = true; })"
    )
    assert "challenge.wd4" in page.inner_text("#dispute-verdict")
    assert got["state"] == "done"


def test_a_rule_the_verdict_names_is_said_by_its_title(phone: Any) -> None:
    """The library's verdict names a rule by its ID where it says what the
    cards nobody gave would break: the page says the rule's title (the ID
    stays in the details)."""
    # Under the restricted plain Wild, whether the Wild may be laid rests on seat 0's
    # five unknown cards; dealt with seed 1 they hold a red card, which breaks it.
    situation = "top R7; hands W ?5 / ?7; turn 0; seed 1"
    moves = "0 play W blue"
    rules = "official+wild.restricted"
    want = settled(situation, moves, rules)
    assert want["headline"].endswith("it breaks wild.restricted.")
    page = phone(
        "dispute/#" + urlencode({"situation": situation, "moves": moves, "rules": rules})
    ).ready()
    page.wait_for_selector(SETTLED)
    assert page.inner_text("#dispute-verdict .dispute-headline") == want["headline"].replace(
        "wild.restricted", "“Restricted plain Wild”"
    )
    assert page.get_attribute("#dispute-verdict", "data-short") == want["short"]


@pytest.mark.parametrize(
    ("path", "top", "move"),
    [
        ("sv/dispute/", "Välj översta kortet först", "Välj ett drag först"),
        ("nb/dispute/", "Velg øverste kort først", "Velg en handling først"),
        ("dispute/", "Choose the top card first", "Choose a move first"),
    ],
)
def test_what_is_missing_is_said(phone: Any, path: str, top: str, move: str) -> None:
    """No top card: the button and the verdict's place say so (no parser
    error, no caret), and the button opens the card picker; with a top card
    and no move, they ask for a move."""
    page = phone(path).ready()
    page.wait_for_selector("#dispute-verdict[data-state='missing']")
    assert page.inner_text("#dispute-submit") == top
    assert page.inner_text("#dispute-verdict") == top
    page.tap("#dispute-submit")
    page.wait_for_selector("#dispute-picker[open]")
    _pick(page, "R7")
    page.wait_for_function(
        "(t) => document.getElementById('dispute-verdict').innerText === t", arg=move
    )
    assert page.inner_text("#dispute-submit") == move
    text = page.inner_text("#dispute-answer")
    assert "^" not in text and "kolumn" not in text and "column" not in text


def test_a_move_half_made_is_not_settled(phone: Any) -> None:
    """A Wild Draw Four chosen and its colour not yet: the button says the move
    is unfinished, and pressing it settles nothing (it goes to the moves); the
    verdict shown stays the one of the moves made. Chosen, the button settles."""
    situation = "topp röd 7; händer röd 3, Dra fyra / ?7 / ?7"
    page = phone("sv/dispute/#" + urlencode({"situation": situation, "moves": "", "lang": "sv"}))
    page = page.ready()
    page.wait_for_selector("#dispute-verdict[data-state='missing']")
    page.tap("[data-move-seat='0']")
    page.tap("[data-action='play']")
    assert page.inner_text("#dispute-submit") == "Gör klart draget först"
    page.tap("#dispute-moves-taps [data-play='W+4']")
    assert page.inner_text("#dispute-submit") == "Gör klart draget först"
    page.tap("#dispute-submit")
    assert page.get_attribute("#dispute-verdict", "data-state") == "missing"
    page.tap("#dispute-moves-taps [data-colour='blue']")
    page.wait_for_selector("#dispute-verdict[data-state='done']")
    assert page.inner_text("#dispute-submit") == "Avgör"
    assert page.get_attribute("#dispute-verdict", "data-short").startswith("Bluff")


def test_the_picker_opens_on_the_colour_in_force(phone: Any) -> None:
    """A card for a hand is most often of the colour in force: the picker opens
    on it (the top card's colour, or the colour named on a wild top card)."""
    for situation, colour in (
        ("top Y4; hands ?7 / ?7", "yellow"),
        ("top W green; hands ?7 / ?7", "green"),
    ):
        page = phone("dispute/#" + urlencode({"situation": situation, "moves": ""})).ready()
        page.tap("[data-add='0']")
        page.wait_for_selector("#dispute-picker[open]")
        pressed = page.get_attribute(
            f"#dispute-picker [data-pick-colour='{colour}']", "aria-pressed"
        )
        assert pressed == "true", situation


# ----------------------------------------------------------------- live

_RECORD = """() => {
    window.__states = [];
    const out = document.getElementById('dispute-verdict');
    const note = () => {
        const now = [out.dataset.state ?? '', out.dataset.short ?? ''];
        const last = window.__states[window.__states.length - 1];
        if (!last || last[0] !== now[0] || last[1] !== now[1]) window.__states.push(now);
    };
    note();
    new MutationObserver(note).observe(out, {attributes: true});
}"""


def _follow(page: Any, change: Any) -> list[list[str]]:
    """Make ``change`` (no button pressed) and wait for the verdict that
    follows: the verdict's states since ("updating", then the new one)."""
    before = page.evaluate("window.__states.length")
    change()
    page.wait_for_function(
        """(n) => { const s = window.__states;
            return s.length > n && ['done', 'error', 'missing'].includes(s[s.length - 1][0]); }""",
        arg=before,
        timeout=30_000,
    )
    return list(page.evaluate("(n) => window.__states.slice(n)", before))


def _as_the_library_says(page: Any, rules: str, lang: str) -> dict[str, Any]:
    """settle() on the text boxes as they stand (the notation of the taps)."""
    return settled(
        page.input_value("#dispute-situation"),
        page.input_value("#dispute-moves"),
        rules,
        lang,
        "sv",
    )


def test_the_verdict_follows_every_change(phone: Any) -> None:
    """A common dispute laid out, then the table, the moves, a house rule,
    the direction and the rule set changed in turn, the button never
    pressed: each time the verdict on screen is first marked as being
    updated, then replaced by the library's verdict on the new dispute."""
    page = phone("sv/dispute/").ready()
    page.evaluate(_RECORD)

    def check(states: list[list[str]], rules: str = "official", lang: str = "sv") -> None:
        assert states[0][0] == "updating", states
        assert len(states) == 2, states
        want = _as_the_library_says(page, rules, lang)
        assert states[1] == ["done", want["short"]], (states, want)

    # From "choose the top card first" to a verdict.
    states = _follow(page, lambda: page.tap("[data-common='d2-on-d2']"))
    want = _as_the_library_says(page, "official", "sv")
    assert states == [["done", want["short"]]]
    assert page.get_attribute("#dispute-verdict .dispute-headline", "class") == (
        "dispute-headline dispute-headline--illegal"
    )
    # The table: the turn given to the second player.
    check(_follow(page, lambda: page.tap("[data-turn='1']")))
    check(_follow(page, lambda: page.tap("[data-turn='0']")))
    # The moves: both undone one by one (then a move is asked for), then
    # tapped again.
    check(_follow(page, lambda: page.tap("#dispute-undo")))
    states = _follow(page, lambda: page.tap("#dispute-undo"))
    assert [s[0] for s in states] == ["updating", "missing"]
    assert page.inner_text("#dispute-verdict") == "Välj ett drag först"
    states = _follow(page, lambda: _tap_move(page, 0, "play", card="R+2"))
    assert states == [["done", _as_the_library_says(page, "official", "sv")["short"]]]
    check(_follow(page, lambda: _tap_move(page, 1, "play", card="B+2")))
    # A house rule switched on, above the verdict: Dra två may be stacked.
    page.click("[data-concern='house'] > summary")
    check(
        _follow(page, lambda: page.check("input[data-rule='house.stack-draw-two']")),
        "official+house.stack-draw-two",
    )
    assert page.get_attribute("#dispute-verdict .dispute-headline", "class") == (
        "dispute-headline dispute-headline--legal"
    )
    # The switches are above the verdict.
    switch = page.locator("input[data-rule='house.stack-draw-two']").bounding_box()
    verdict = page.locator("#dispute-verdict").bounding_box()
    assert switch is not None and verdict is not None and switch["y"] < verdict["y"]
    # The direction of play.
    check(
        _follow(page, lambda: page.tap("[data-direction='ccw']")),
        "official+house.stack-draw-two",
    )
    # The rule set: for children (no Dra fyra in the deck, Dra två still).
    check(_follow(page, lambda: page.select_option("#dispute-rules", "kids")), "kids")
    assert page.locator("#dispute-submit").inner_text() == "Avgör"


def test_an_assumption_is_said_only_when_it_changes_the_verdict(phone: Any) -> None:
    """A challenged Dra fyra from a hand of cards nobody gave: one plain
    sentence says the verdict hangs on them, the library's notes folded
    into the details; the same from a hand given in full: no sentence."""
    moves = "0 play W+4 blue; 1 challenge"
    unsure = "top R7; hands W+4 ?2 / ?7; turn 0"
    page = phone("sv/dispute/#" + urlencode({"situation": unsure, "moves": moves})).ready()
    page.wait_for_selector(SETTLED)
    want = settled(unsure, moves, lang="sv")
    assert want["depends"] is True and want["assumes"]
    assert page.inner_text("#dispute-verdict .dispute-depends") == (
        "Utslaget hänger på kort som ingen angav: lägg till dem i händerna eller draghögen "
        "för ett säkert svar."
    )
    assert not page.locator("#dispute-verdict .dispute-assumes").is_visible()
    assert len(page.locator("#dispute-verdict .dispute-assumes li").all_text_contents()) == len(
        want["assumes"]
    )
    sure = "top R7; hands W+4 B2 / ?7; turn 0"
    assert settled(sure, moves, lang="sv")["depends"] is False
    page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
    page.evaluate("(h) => { location.hash = h; }", urlencode({"situation": sure, "moves": moves}))
    got = _verdict(page)
    assert got["short"] == settled(sure, moves, lang="sv")["short"]
    assert page.locator("#dispute-verdict .dispute-depends").count() == 0


def test_a_card_the_rules_lack_is_said_in_words(phone: Any) -> None:
    """Dra fyra on the table and the rules for children (whose deck has
    none): a plain sentence, no rule IDs, instead of the library's message."""
    page = phone("sv/dispute/").ready()
    page.tap("[data-common='wd4-bluff']")
    page.wait_for_selector(SETTLED)
    page.select_option("#dispute-rules", "kids")
    page.wait_for_function(
        "document.getElementById('dispute-verdict').dataset.state === 'error'"
        " && document.getElementById('dispute-verdict').innerText.includes('Dra fyra finns')"
    )
    assert page.inner_text("#dispute-verdict") == (
        "Dra fyra finns inte i leken för ”För barn”: ta bort kortet från bordet eller välj "
        "andra regler."
    )


# ----------------------------------------------------------------- common disputes

COMMON = {
    "wd4-bluff": ("bluff", "wd4.no-matching-colour"),
    "wd4-challenge": ("legal", "challenge.wd4"),
    "wd4-on-wd4": ("illegal", "action.wild-draw-four"),
    "d2-on-d2": ("illegal", "action.draw-two"),
    "uno-forgot": ("legal", "uno.penalty"),
    "uno-late": ("no effect", "uno.window-closes"),
    "reverse-two": ("legal", "action.two-player-reverse"),
    "skip-last": ("legal", "end.last-card"),
    "draw-then-play": ("illegal", "draw.allowed-when-playable"),
    "wd4-last": ("legal", "end.last-card"),
}
"""Each common dispute on the page: its verdict under the official rules and
a rule it cites (as disputes.md and the seeds settle it)."""


def test_each_common_dispute_is_one_tap(phone: Any) -> None:
    """Each of the ten common disputes, tapped on the Swedish page: labelled
    in Swedish, it lays out its table and moves, and the verdict is the
    library's on them; a Dra fyra as the last card is refused under the
    Norwegian guide."""
    page = phone("sv/dispute/").ready()
    buttons = page.locator("[data-common]")
    keys = [buttons.nth(i).get_attribute("data-common") for i in range(buttons.count())]
    assert keys == list(COMMON)
    assert page.inner_text("[data-common='uno-forgot']") == "Glömde säga UNO"
    for key, (verdict, rule) in COMMON.items():
        page.evaluate("document.getElementById('dispute-verdict').removeAttribute('data-state')")
        page.tap(f"[data-common='{key}']")
        got = _verdict(page)
        want = _as_the_library_says(page, "official", "sv")
        assert (want["verdict"], got["short"]) == (verdict, want["short"]), key
        assert rule in want["rule_ids"], (key, want["rule_ids"])
        assert page.get_attribute(f"[data-common='{key}']", "aria-pressed") == "true"
    page.select_option("#dispute-rules", "norsk")
    page.wait_for_function(
        "document.getElementById('dispute-verdict').dataset.state === 'done'"
        " && document.querySelector('#dispute-verdict .dispute-headline--illegal') !== null"
    )
    want = _as_the_library_says(page, "norsk", "sv")
    assert "end.no-wd4-last" in want["rule_ids"]
    assert page.get_attribute("#dispute-verdict", "data-short") == want["short"]


def test_taps_while_the_engine_loads_are_kept(phone: Any, browser: tuple[Any, str]) -> None:
    """Python held back: a common dispute and a name tapped meanwhile are on
    the table at once, the verdict's place says it is coming; once the
    engine is ready, the verdict is for what was tapped."""
    chromium, _ = browser
    context = chromium.new_context(**PHONE)
    held: list[Any] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    opened = phone("sv/dispute/", context)
    page = opened.page
    page.wait_for_selector("[data-common='uno-forgot']")
    page.tap("[data-common='uno-forgot']")
    _type(page, "[data-name='2']", "Cilla")
    page.tap("#dispute-table-section h2")
    assert page.get_attribute("#dispute-verdict", "data-state") == "waiting"
    assert page.inner_text("#dispute-submit") == "Avgör (väntar på motorn…)"
    assert page.input_value("#dispute-moves") == "0 play R3; 2 catch 0"
    while not held:
        page.wait_for_timeout(100)
    held[0].continue_()
    opened.ready()
    got = _verdict(page)
    situation = page.input_value("#dispute-situation")
    want = settle(
        situation, "0 play R3; 2 catch 0", "official", "sv", ["Spelare 1", "Spelare 2", "Cilla"]
    )
    assert got["short"] == want["short"]
    assert "Spelare 1" in want["short"]
    assert want["moves"][1]["said"].startswith("Cilla:")
    page.click("#dispute-verdict .dispute-steps > summary")
    assert "Cilla:" in page.inner_text("#dispute-verdict .dispute-steps")
