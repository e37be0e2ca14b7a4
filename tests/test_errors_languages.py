"""Errors a family meets, raised for real, in Swedish and Norwegian; and no
error of the rules modules, dealing or state validation built from a bare
f-string (each is a translatable ``msg``)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import unorules as ur
from unorules.errors import UnoError
from unorules.rules import catalogue, presets
from unorules.rules.house import HouseRule

ROOT = Path(__file__).resolve().parent.parent
PRESET_NAMES = (
    "official, official-2018, official-2022, svenska, norsk, kids, junior, two-decks, "
    "kitchen-table, all-wild, no-mercy, flip, letsuno, letsuno-party, letsuno-crazy"
)


def _raised(make: Callable[[], object]) -> UnoError:
    with pytest.raises(UnoError) as err:
        make()
    return err.value


def _situation(hands: list[str], top: str, **kw: object) -> object:
    return ur.situation(presets.official(), hands, top=top, **kw)  # type: ignore[arg-type]


CASES: list[tuple[str, Callable[[], object], str, str, str]] = [
    (
        "unknown preset",
        lambda: presets.get("svensk"),
        f"unknown preset 'svensk'; presets are: {PRESET_NAMES} (then '+'-joined rule IDs, "
        "e.g. official+house.stack-draw-two)",
        f"okänd regeluppsättning 'svensk'; de som finns är: {PRESET_NAMES} (sedan regel-ID:n "
        "med '+' emellan, t.ex. official+house.stack-draw-two)",
        f"ukjent regelsett 'svensk'; de som finnes er: {PRESET_NAMES} (og regel-ID-er lagt til "
        "med «+», f.eks. official+house.stack-draw-two)",
    ),
    (
        "unknown rule ID with the nearest",
        lambda: presets.get("official+house.jump"),
        "unknown rule ID 'house.jump'; did you mean house.jump-in, house.jump-in-wild, house.bomb?",
        "okänt regel-ID 'house.jump'; menade du house.jump-in, house.jump-in-wild, house.bomb?",
        "ukjent regel-ID 'house.jump'; mente du house.jump-in, house.jump-in-wild, house.bomb?",
    ),
    (
        "a preset misspelt after the first",
        lambda: presets.get("norsk+kitchen"),
        "unknown preset or rule ID 'kitchen'; did you mean kitchen-table?",
        "okänd regeluppsättning eller okänt regel-ID 'kitchen'; menade du kitchen-table?",
        "ukjent regelsett eller regel-ID 'kitchen'; mente du kitchen-table?",
    ),
    (
        "unknown rule ID in the catalogue",
        lambda: catalogue.rule("wd4.no-matching-color"),
        "unknown rule ID 'wd4.no-matching-color'; did you mean 'wd4.no-matching-colour'?",
        "okänt regel-ID 'wd4.no-matching-color'; menade du 'wd4.no-matching-colour'?",
        "ukjent regel-ID 'wd4.no-matching-color'; mente du 'wd4.no-matching-colour'?",
    ),
    (
        "two presets choosing two decks",
        lambda: presets.get("junior+official-2018"),
        "'deck.junior' (from the preset 'junior') and 'deck.modern-112' (from the preset "
        "'official-2018') are two readings of the same rule; choose one",
        "'deck.junior' (från regeluppsättningen 'junior') och 'deck.modern-112' (från "
        "regeluppsättningen 'official-2018') är två tolkningar av samma regel; välj en",
        "'deck.junior' (fra regelsettet 'junior') og 'deck.modern-112' (fra regelsettet "
        "'official-2018') er to tolkninger av samme regel; velg én",
    ),
    (
        "two presets whose start cards contradict",
        lambda: presets.get("norsk+official-2022"),
        "'start.reverse.right-of-dealer' (from the preset 'norsk') and 'start.number-only' "
        "(from the preset 'official-2022') contradict: with the second there is no room for "
        "the first",
        "'start.reverse.right-of-dealer' (från regeluppsättningen 'norsk') och "
        "'start.number-only' (från regeluppsättningen 'official-2022') går emot varandra: med "
        "den andra finns det ingen plats för den första",
        "'start.reverse.right-of-dealer' (fra regelsettet 'norsk') og 'start.number-only' (fra "
        "regelsettet 'official-2022') kan ikke gjelde samtidig: den andre gir ikke plass "
        "til den første",
    ),
    (
        "two presets whose rules disagree",
        lambda: presets.get("svenska+official-2018"),
        "end.last-card-no-effect and end.shuffle-hands-last disagree: one voids the last "
        "card's effect, the other has a last Wild Shuffle Hands redeal all hands "
        "(end.last-card-no-effect from the preset 'svenska' and end.shuffle-hands-last from "
        "the preset 'official-2018')",
        "end.last-card-no-effect och end.shuffle-hands-last säger emot varandra: den ena tar "
        "bort verkan av det sista kortet, den andra låter ett sista Blanda händer dela ut alla "
        "händer på nytt (end.last-card-no-effect från regeluppsättningen 'svenska' och "
        "end.shuffle-hands-last från regeluppsättningen 'official-2018')",
        "end.last-card-no-effect og end.shuffle-hands-last strider mot hverandre: den ene fjerner "
        "virkningen av det siste kortet, den andre lar et Stokkekort som siste kort dele ut "
        "alle hendene på nytt (end.last-card-no-effect fra regelsettet 'svenska' og "
        "end.shuffle-hands-last fra regelsettet 'official-2018')",
    ),
    (
        "a target score of 0",
        lambda: presets.get("official+score.target=0"),
        "'score.target=0': the target score is not positive; give a whole number from 1 to "
        "100000 in the digits 0-9, e.g. score.target=500",
        "'score.target=0': målpoängen är inte större än noll; ange ett heltal från 1 till "
        "100000 med siffrorna 0-9, t.ex. score.target=500",
        "'score.target=0': målpoengene er ikke større enn null; oppgi et heltall fra 1 til "
        "100000 med sifrene 0-9, f.eks. score.target=500",
    ),
    (
        "too many copies of a card",
        lambda: _situation(["R3 R3 R3", "B2"], "R3"),
        "the situation holds 4 copies of R3, but the deck (deck.classic-108, players.range) "
        "has only 2",
        "läget har 4 exemplar av röd 3, men leken (deck.classic-108, players.range) har bara 2",
        "kortstokken (deck.classic-108, players.range) har bare 2 eksemplarer av rød 3, "
        "men stillingen har 4",
    ),
    (
        "too many copies in the draw pile",
        lambda: _situation(["R3", "B2"], "R7", draw_pile="W+4 W+4 W+4 W+4 W+4"),
        "the situation holds 5 copies of W+4, but the deck (deck.classic-108, players.range) "
        "has only 4",
        "läget har 5 exemplar av Dra fyra, men leken (deck.classic-108, players.range) har bara 4",
        "kortstokken (deck.classic-108, players.range) har bare 4 eksemplarer av Trekk 4, "
        "men stillingen har 5",
    ),
    (
        "a wild top card without a colour",
        lambda: _situation(["R3", "B2"], "W"),
        "the top card W is wild: name the colour in force",
        "översta kortet W är ett svart kort: säg vilken färg som gäller",
        "det øverste kortet W er et jokerkort: si hvilken farge som gjelder",
    ),
    (
        "a colour that contradicts the top card",
        lambda: _situation(["R3", "B2"], "R7", color="blue"),
        "the top card R7 is red; the colour in force cannot be blue",
        "översta kortet R7 har färgen röd; färgen som gäller kan inte vara blå",
        "det øverste kortet R7 har fargen rød; fargen som gjelder, kan ikke være blå",
    ),
    (
        "more unknown cards than are left",
        lambda: _situation(["?100", "B2 ?10"], "R7"),
        "the hands ask for 110 unknown cards but only 106 are left",
        "händerna behöver 110 okända kort men bara 106 finns kvar",
        "hendene trenger 110 ukjente kort, men bare 106 er igjen",
    ),
    (
        "the player in turn holds no cards",
        lambda: _situation(["", "B2", "G4"], "R7"),
        "seat 0 is to play but holds no cards: the round would already be over",
        "plats 0 ska spela men har inga kort: då vore omgången redan slut",
        "plass 0 skal spille, men har ingen kort: da ville runden allerede vært over",
    ),
    (
        "a dealer who is not at the table",
        lambda: ur.new_round(presets.official(), players=3, seed=1, dealer=5),
        "dealer must be a seat from 0 to 2, not 5",
        "dealer måste vara en plats från 0 till 2, inte 5",
        "dealer må være en plass fra 0 til 2, ikke 5",
    ),
    (
        "a state with the draw pile gone",
        lambda: ur.validate_state(
            attrs.evolve(
                ur.situation(presets.official(), ["R3 G5", "B2 B9"], top="R7"), draw_pile=()
            )
        ),
        "cards: 103 cards of the deck are missing (deck.classic-108), 1 x R0, 2 x R1, 2 x R2, "
        "1 x R3, 2 x R4, 2 x R5 ...; every card is in a hand, a pile or out_of_play",
        "cards: 103 kort ur leken saknas (deck.classic-108), 1 x R0, 2 x R1, 2 x R2, "
        "1 x R3, 2 x R4, 2 x R5 ...; varje kort finns på en hand, i en hög eller i out_of_play",
        "cards: 103 kort fra kortstokken mangler (deck.classic-108), 1 x R0, 2 x R1, 2 x R2, "
        "1 x R3, 2 x R4, 2 x R5 ...; hvert kort er på en hånd, i en bunke eller i out_of_play",
    ),
    (
        "a house rule without a table's ID",
        lambda: HouseRule(
            id="draw", title="t", text="x", slot="stacking", build=lambda rules: None
        ),
        "house rule field 'id': 'draw' is not a table's rule ID; write 'table.' and lower-case "
        "words of letters and digits joined by '-' or '.', e.g. 'table.draw-two-on-wd4'",
        "husregelns fält 'id': 'draw' är inget ID för bordets egen regel; skriv 'table.' och "
        "ord med små bokstäver och siffror, ihopbundna med '-' eller '.', t.ex. "
        "'table.draw-two-on-wd4'",
        "husregelens felt 'id': 'draw' er ikke en ID for bordets egen regel; skriv 'table.' og "
        "ord med små bokstaver og sifre, bundet sammen med '-' eller '.', f.eks. "
        "'table.draw-two-on-wd4'",
    ),
]


@pytest.mark.parametrize(
    ("make", "en", "sv", "nb"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_an_error_reads_in_english_swedish_and_norwegian(
    make: Callable[[], object], en: str, sv: str, nb: str
) -> None:
    error = _raised(make)
    assert str(error) == en
    assert error.text_in("en") == en
    assert error.text_in("sv") == sv
    assert error.text_in("nb") == nb


def test_a_state_error_keeps_its_field_in_every_language() -> None:
    state = ur.situation(presets.official(), ["R3 G5", "B2 B9"], top="R7")
    error = _raised(lambda: ur.validate_state(attrs.evolve(state, dealer=4)))
    assert isinstance(error, ur.StateError)
    assert error.field == "dealer"
    assert str(error) == "dealer: seat 4 does not exist (seats 0..1)"
    assert error.text_in("sv") == "dealer: plats 4 finns inte (platser 0..1)"
    assert error.text_in("nb") == "dealer: plass 4 finnes ikke (plasser 0..1)"


def test_a_state_error_given_a_plain_string_stays_english() -> None:
    error = ur.StateError("hands", "something odd")
    assert str(error) == "hands: something odd"
    assert error.text_in("sv") == "hands: something odd"


def test_a_problem_of_a_rule_set_reads_in_swedish() -> None:
    from unorules.rules.validation import validate

    (problem,) = validate(presets.get("kids+house.stack-draw-four"))
    assert problem.message == (
        "house.stack-draw-four never applies: the deck has no Wild Draw Four"
    )
    assert problem.text_in("sv") == "house.stack-draw-four gäller aldrig: leken har inga Dra fyra"
    assert (
        problem.text_in("nb")
        == "house.stack-draw-four gjelder aldri: kortstokken har ingen Trekk 4"
    )


MY_FILES = [
    "unorules/rules/presets.py",
    "unorules/rules/validation.py",
    "unorules/rules/catalogue.py",
    "unorules/rules/ruleset.py",
    "unorules/rules/house.py",
    "unorules/dealing.py",
    "unorules/engine/validation.py",
]
ERRORS = {
    name
    for name, value in vars(ur.errors).items()
    if isinstance(value, type) and issubclass(value, UnoError)
} | {"_OptionClash"}


def _bare_text(node: ast.expr) -> bool:
    """An f-string, a string literal or strings glued with ``+``."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    return isinstance(node, ast.BinOp) and (_bare_text(node.left) or _bare_text(node.right))


@pytest.mark.parametrize("path", MY_FILES)
def test_no_error_is_built_from_a_bare_string(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name == "__init__" and isinstance(func, ast.Attribute):
            name = "_OptionClash"  # super().__init__(message, ...) in an error class
        if name not in ERRORS:
            continue
        # StateError(field, message): the field is a name, the message the second
        texts = node.args[1:2] if name == "StateError" else node.args[:1]
        texts += [k.value for k in node.keywords if k.arg == "message"]
        if any(_bare_text(t) for t in texts):
            found.append(f"{path}:{node.lineno}")
    assert found == []


def test_the_bare_string_check_finds_a_bare_f_string() -> None:
    tree = ast.parse('raise RuleSetError(f"unknown {x}")\nraise StateError("a", "b" + c)\n')
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    assert _bare_text(calls[0].args[0])
    assert _bare_text(calls[1].args[1])
    assert not _bare_text(ast.parse('msg("x {y}", y=1)', mode="eval").body)
