"""Event sentences and ruling reasons in Swedish and Norwegian Bokmål, naming
players (unorules.explanations.sentences with a Wording)."""

from __future__ import annotations

import enum
import re
import typing
from collections.abc import Iterator

import attrs
import pytest

import unorules as ur
from unorules import events as ev
from unorules import reasons as rs
from unorules.cards import Card, Color, Face
from unorules.explanations import sentences
from unorules.explanations.languages import Wording
from unorules.explanations.sentences import render, render_reason

NAMES = ("Anna", "Bo", "Cilla")

# A value for each field, by the field's name (seats 0..2 of three players).
_SEAT_FIELDS = {
    "seat": 1,
    "current": 2,
    "target": 2,
    "other": 2,
    "by": 0,
    "layer": 0,
    "swap_with": 2,
    "to": 2,
    "winner": 1,
}
_VALUES: dict[str, object] = {
    "rule_id": "action.skip",
    "card": Card.parse("R7"),
    "top": Card.parse("R+2"),
    "drawn": 2,
    "color": Color.GREEN,
    "named": Color.YELLOW,
    "colors": (Color.RED, Color.BLUE),
    "count": 2,
    "owed": 2,
    "penalty": 4,
    "held": 1,
    "cards": 3,
    "skips": 2,
    "place": 2,
    "debt": 2,
    "cost": 2,
    "kept": 1,
    "direction": 1,
    "fitting": (Card.parse("R5"),),
    "culprits": (Card.parse("R5"), Card.parse("B+2")),
    "forbidding": ("wd4.no-matching-colour",),
    "deck_rules": ("deck.standard",),
    "others": ((Face.SEVEN, "house.seven-zero"),),
    "gained": (1, -2, 0),
    "changed": (2,),
    "scores": (10, 0, 5),
    "role": rs.SeatRole.PLAYER,
    "why": rs.NotYourTurn(current=2, seat=1),
    "bluff": rs.WildDrawFourForbidden(culprits=(), top=Card.parse("R7"), color=Color.RED),
    "play": rs.Matches(card=Card.parse("R5"), top=Card.parse("R7"), color=Color.RED),
    "fixed": ur.Play(1, Card.parse("W+4"), Color.GREEN),
    "more": (Card.parse("G5"), Card.parse("B5")),
    "given": 2,
    "texts": (("sv", "bara nästa siffra följer"), ("nb", "bare neste tall følger")),
    "previous": Card.parse("R5"),
    "first": rs.Matches(card=Card.parse("R5"), top=Card.parse("R7"), color=Color.RED),
    "never_by": "deck.no-wild-start",
    "description": None,
    # English sentences that other modules wrote: never shown in sv or nb.
    "reason": "ENGLISH REASON",
    "text": "only one card may be laid per turn",
    "outcome": "ENGLISH OUTCOME",
}


def _value(kind: type, name: str) -> object:
    if kind is ev.LowestHand and name == "seats":
        return (0, 2)
    if kind is ev.RoundScored and name == "counts":
        return "points"
    if kind is ev.ClockRanOut and name == "turns":
        return 200
    if kind is ev.ClockRanOut and name == "cards":
        return 3
    if kind is ev.LowestHand and name == "value":
        return 7
    if name == "seats":
        return 3 if issubclass(kind, rs.Reason) else (1, 2)
    if name == "value":
        return "x"
    if kind in (ev.CardsGiven, rs.AndGives) and name == "cards":
        return (Card.parse("B3"), Card.parse("G9"))
    if kind is rs.OnlyDrawnCard and name == "drawn":
        return Card.parse("G2")
    if kind is rs.NoSuchSeat and name == "seat":
        return 5
    if kind is ev.ChallengeFailed and name == "card":
        return Card.parse("W+4")
    if kind is ev.EverythingTurnedOver and name == "names":
        return 1
    if kind is rs.CannotAnswer and name == "until":
        return Color.BLUE
    if kind is rs.NothingToChallenge and name == "cards":
        return (Card.parse("W+4"), Card.parse("W"))
    if name in _SEAT_FIELDS:
        return _SEAT_FIELDS[name]
    return _VALUES[name]


def instances(kind: type) -> Iterator[object]:
    """One instance of ``kind``, then one more for each other value of each of
    its flags and enum fields (every DrawCause, both sides of every bool)."""
    hints = typing.get_type_hints(kind)
    fields = attrs.fields(kind)
    base: dict[str, object] = {}
    for f in fields:
        hint = hints[f.name]
        if hint is bool:
            base[f.name] = False
        elif isinstance(hint, type) and issubclass(hint, enum.Enum) and f.name != "role":
            base[f.name] = next(iter(hint))
        else:
            base[f.name] = _value(kind, f.name)
    yield kind(**base)
    for f in fields:
        hint = hints[f.name]
        if hint is bool:
            yield kind(**{**base, f.name: True})
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            for member in list(hint)[1:]:
                yield kind(**{**base, f.name: member})


EVENT_KINDS = [getattr(ev, n) for n in ev.__all__ if n not in ("Event", "DrawCause")]
REASON_KINDS = [
    getattr(rs, n) for n in rs.__all__ if n not in ("Reason", "SeatRole", "Due", "SeriesMoment")
]

# English left in a Swedish or Norwegian sentence.
_ENGLISH = re.compile(
    r"\b(seats?|draws?|cards?|turn|skipped|the|and|lays|plays|owes|calls|holds|may|must|"
    r"cannot|not|with|challenge|wins|round|colour|number|red|yellow|green|blue|"
    r"Wild|Skip|Reverse|Draw Two|ENGLISH)\b"
)
_NOTATION = re.compile(r"`[^`]*`")  # the notation a player types stays as it is written
_API = re.compile(r"\(expected Play.*Timeout\)|Card\.parse\('R7'\)|Color\.RED")


def _english_in(text: str) -> list[str]:
    text = _API.sub("", _NOTATION.sub("", text))
    text = re.sub(r"\b[a-z0-9]+(?:\.[a-z0-9-]+)+\b", "", text)  # rule IDs
    return _ENGLISH.findall(text)


def _said(item: object, w: Wording) -> str:
    if isinstance(item, ev.Event):
        return render(item, w)
    assert isinstance(item, rs.Reason)
    return render_reason(item, w)


@pytest.mark.parametrize("lang", ["sv", "nb"])
@pytest.mark.parametrize("kind", EVENT_KINDS + REASON_KINDS, ids=lambda k: k.__name__)
def test_every_sentence_speaks_the_language_and_names_players(kind: type, lang: str) -> None:
    for item in instances(kind):
        bare = _said(item, Wording(lang))
        named = _said(item, Wording(lang, NAMES))
        assert bare and named
        assert not _english_in(bare), (item, bare, _english_in(bare))
        assert not _english_in(named), (item, named, _english_in(named))
        english = _said(item, Wording())
        if re.search(r"\bseats? \d", english) and kind is not rs.NoSuchSeat:  # a seat in play
            seat_word = "plats" if lang == "sv" else "plass"
            assert any(name in named for name in NAMES), (item, named)
            assert not re.search(rf"\b{seat_word}(erna|ene)? \d", named), (item, named)
            assert re.search(rf"\b{seat_word}(erna|ene)? \d", bare), (item, bare)


def test_every_kind_is_built_here() -> None:
    assert len(EVENT_KINDS) == 52 and len(REASON_KINDS) == 117
    assert set(sentences._render.registry) - {object, ev.Event} == set(EVENT_KINDS)
    assert set(sentences._render_reason.registry) - {object, rs.Reason} == set(REASON_KINDS)
    assert ev.CardsDrawn in EVENT_KINDS and rs.RanOutOfTime in REASON_KINDS
    causes = {e.cause for e in instances(ev.CardsDrawn)}  # type: ignore[attr-defined]
    assert causes == set(ev.DrawCause)


def _drawn(seat: int, count: int, cause: ev.DrawCause = ev.DrawCause.TURN) -> ev.CardsDrawn:
    return ev.CardsDrawn(rule_id="draw.one", seat=seat, count=count, drawn=count, cause=cause)


EXACT: list[tuple[object, bool, str, str]] = [
    (_drawn(1, 2), True, "Bo drar 2 kort", "Bo trekker 2 kort"),
    (_drawn(0, 1), False, "plats 0 drar 1 kort", "plass 0 trekker 1 kort"),
    (
        _drawn(1, 4, ev.DrawCause.OWED),
        True,
        "Bo drar 4 kort och står över sin tur",
        "Bo trekker 4 kort og står over sin tur",
    ),
    (
        ev.CardsLaid(rule_id="play.match", seat=0, card=Card.parse("R+2")),
        True,
        "Anna lägger röd Dra två",
        "Anna legger rød Trekk 2",
    ),
    (
        ev.CardsLaid(rule_id="action.wild", seat=2, card=Card.parse("W"), named=Color.GREEN),
        True,
        "Cilla lägger Välj färg och väljer färgen grön",
        "Cilla legger Skift farge og velger grønn",
    ),
    (
        ev.SeatsSkipped(rule_id="action.skip", seats=(2,)),
        False,
        "plats 2 står över",
        "plass 2 står over",
    ),
    (
        ev.SeatsSkipped(rule_id="action.skip", seats=(1, 2)),
        True,
        "Bo och Cilla står över",
        "Bo og Cilla står over",
    ),
    (
        ev.DirectionReversed(rule_id="action.reverse", seat=0, count=1, plays_again=False),
        True,
        "spelet byter riktning",
        "spillretningen snur",
    ),
    (
        ev.UnoCalled(rule_id="uno.call", seat=2),
        True,
        "Cilla ropar UNO",
        "Cilla roper UNO",
    ),
    (
        ev.ChallengeFailed(rule_id="challenge.wd4", layer=0, card=Card.parse("W+4")),
        True,
        "utmaningen misslyckas, eftersom Anna fick lägga Dra fyra",
        "utfordringen mislykkes: Anna hadde lov til å legge Trekk 4",
    ),
    (
        ev.DebtOwed(rule_id="stack.draw-two", seat=1, owed=2, may_stack=True, may_challenge=False),
        True,
        "Bo måste dra 2 kort och stå över sin tur, om inte Bo lägger på",
        "Bo må trekke 2 kort og stå over sin tur, men kan i stedet legge på",
    ),
    (
        ev.LowestHand(rule_id="end.piles-exhausted", seats=(0, 2), value=7),
        False,
        "platserna 0 och 2 har lika lågt på handen (7): ingen vinner omgången",
        "plassene 0 og 2 har like lav poengsum på hånden (7): ingen vinner runden",
    ),
    (
        rs.NotYourTurn(current=1, seat=2),
        True,
        "det är Bo som ska spela, inte Cilla",
        "det er Bo som skal spille, ikke Cilla",
    ),
    (
        rs.NoMatch(card=Card.parse("B5"), top=Card.parse("R7"), color=Color.RED),
        True,
        "blå 5 har varken samma färg, siffra eller symbol som röd 7",
        "blå 5 passer verken med fargen eller tallet eller symbolet på rød 7",
    ),
    (
        rs.WildDrawFourForbidden(
            culprits=(Card.parse("R3"),), top=Card.parse("R7"), color=Color.RED
        ),
        True,
        "Dra fyra får inte läggas när man har röd 3 (röd, färgen som gäller) på handen",
        "Trekk 4 kan ikke legges når man har rød 3 (rød er fargen som gjelder) på hånden",
    ),
    (
        rs.FalseCall(seat=0, cost=1),
        True,
        "Anna får ropa, men när inget rop behövs kostar det 1 kort",
        "Anna kan rope, men uten grunn koster det 1 kort",
    ),
    (
        rs.PolicyRefusal("seat 2 laid the card and cannot challenge it"),
        True,
        "Cilla lade själv kortet och kan inte utmana det",
        "Cilla la selv kortet og kan ikke utfordre det",
    ),
]


@pytest.mark.parametrize(("item", "named", "sv", "nb"), EXACT)
def test_sentences_worked_out_by_hand(item: object, named: bool, sv: str, nb: str) -> None:
    names = NAMES if named else ()
    assert _said(item, Wording("sv", names)) == sv
    assert _said(item, Wording("nb", names)) == nb


def test_english_names_players_and_keeps_its_sentences() -> None:
    assert render(_drawn(1, 2)) == "seat 1 draws 2 cards"
    assert render(_drawn(1, 2), Wording("en", NAMES)) == "Bo draws 2 cards"
    skipped = ev.SeatsSkipped(rule_id="action.skip", seats=(1, 2))
    assert render(skipped) == "seats 1, 2 are skipped"
    assert render(skipped, Wording("en", NAMES)) == "Bo and Cilla are skipped"
    assert render_reason(rs.NotYourTurn(current=1, seat=2), Wording("en", NAMES)) == (
        "it is Bo's turn, not Cilla's"
    )
    lowest = ev.LowestHand(rule_id="end.piles-exhausted", seats=(0, 1, 2), value=7)
    assert render(lowest) == (
        "seats 0, 1 and 2 share the lowest hand value (7): nobody wins the round"
    )


def test_a_policy_refusal_not_known_here_is_said_plainly() -> None:
    refusal = rs.PolicyRefusal("a refusal nobody wrote down")
    assert render_reason(refusal) == "a refusal nobody wrote down"
    assert render_reason(refusal, Wording("sv")) == "reglerna tillåter inte det"
    assert render_reason(refusal, Wording("nb")) == "disse reglene tillater ikke den handlingen"


def test_english_policy_sentences_give_totals_in_other_languages() -> None:
    scored = ev.RoundScored(
        rule_id="score.winner-takes", winner=0, scores=(12, 0), text="seat 0 scores 12 points"
    )
    assert render(scored) == "seat 0 scores 12 points"
    assert render(scored, Wording("sv", ("Anna", "Bo"))) == (
        "poängen skrivs upp: Anna har 12 poäng, Bo har 0 poäng"
    )
    assert (
        render(scored, Wording("nb"))
        == "runden telles opp: plass 0 har 12 poeng, plass 1 har 0 poeng"
    )
