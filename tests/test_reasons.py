"""Reasons of rulings: typed records (:mod:`unorules.reasons`) that the engine
fills with data, said in English in one place
(:func:`unorules.explanations.sentences.render_reason`)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import attrs
import pytest
from helpers import card, rules

import unorules as ur
from unorules import reasons as rs
from unorules.explanations import sentences as english
from unorules.explanations.sentences import render_reason

CHECKING = Path(__file__).resolve().parents[1] / "unorules" / "engine" / "checking.py"
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def _text(node: ast.Constant | ast.JoinedStr) -> str:
    """A string literal's text, each ``{...}`` of an f-string as ``X``."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(
        str(part.value) if isinstance(part, ast.Constant) else "X" for part in node.values
    )


def sentences(source: str) -> list[str]:
    """The string literals of ``source`` that read as English: two words or
    more separated by spaces (a rule ID, a field name or a key is one word).
    Docstrings, ``raise`` messages (errors of the caller's program, such as
    ``TypeError``) and ``assert`` messages are not sentences the library
    says of the game."""
    tree = ast.parse(source)
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Raise, ast.Assert)):
            skipped.update(id(n) for n in ast.walk(node))
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skipped.add(id(first.value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skipped.add(id(node.value))  # an attribute's docstring
    found = []
    inner = {id(p) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for p in n.values}
    for node in ast.walk(tree):
        if id(node) in skipped or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, str)
        ):
            text = _text(node)
            words = [w for w in text.split() if _WORD.fullmatch(w.strip("(),;:."))]
            if len(words) >= 2:
                found.append(text)
    return found


def test_the_sentence_finder_catches_sentences() -> None:
    sample = '''
"""A module docstring, not a sentence said of the game."""
def _check(state, seat, card):
    """A docstring."""
    if state is None:
        raise TypeError(f"a GameState is needed, not {state!r}")
    if seat:
        return _no(f"seat {seat} holds no {card.code}", "setup.deal")
    if card:
        return _no("the round is over", "end.last-card")
    what = "colour" if seat else ("number" if card else "symbol")
    return _no(rs.NotYourTurn(0, seat), "play.in-turn")
'''
    assert sentences(sample) == ["seat X holds no X", "the round is over"]


def test_checking_says_no_sentence() -> None:
    assert sentences(CHECKING.read_text(encoding="utf-8")) == []


def test_every_reason_is_a_frozen_record_said_in_english() -> None:
    kinds = [
        getattr(rs, name)
        for name in rs.__all__
        if name not in ("Reason", "SeatRole", "Due", "SeriesMoment")
    ]
    assert len(kinds) > 60
    for kind in kinds:
        assert issubclass(kind, rs.Reason)
        assert attrs.has(kind) and "__slots__" in vars(kind), kind
        assert kind.__doc__, kind
        assert kind in english._render_reason.registry, kind
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rs.NotYourTurn(0, 1).seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError, match="no English sentence"):
        render_reason(rs.Reason())


OFFICIAL = ["R1 G2", "B3 B4"]


def _owing() -> ur.GameState:
    """Seat 0 laid a Wild Draw Four naming blue on seat 1, holding no red."""
    s = ur.situation(rules(), ["W+4 G2 G3", "B3 B4", "Y1 Y2"], top="R7")
    return ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))


def _uncalled() -> ur.GameState:
    """Seat 0 laid its second-to-last card without calling UNO."""
    s = ur.situation(rules(), ["R1 R2", "B3 B4 B5"], top="R7")
    return ur.apply(s, ur.Play(0, card("R1")))


RED, BLUE = ur.Color.RED, ur.Color.BLUE

CASES = [
    pytest.param(
        ur.situation(rules(), OFFICIAL, top="B7"),
        ur.Play(0, card("R1")),
        (False, False, False, ("play.match",)),
        rs.NoMatch(card("R1"), card("B7"), BLUE),
        "R1 matches neither the colour nor the number or symbol of B7",
        id="no-match",
    ),
    pytest.param(
        ur.situation(rules(), ["W+4 R2 G5", "B3 B4", "Y1 Y2"], top="R7"),
        ur.Play(0, card("W+4"), BLUE),
        (True, False, False, ("wd4.no-matching-colour",)),
        rs.WildDrawFourForbidden((card("R2"),), card("R7"), RED, policed=True, card=card("W+4")),
        "a Wild Draw Four may not be laid while holding R2 (red, the colour in force); "
        "it stands unless challenged",
        id="wd4-bluff",
    ),
    pytest.param(
        ur.situation(
            rules("official+house.jump-in"), ["R1 R2", "W B5", "Y1"], top="W", color="red"
        ),
        ur.Play(1, card("W"), RED),
        (False, False, False, ("house.jump-in",)),
        rs.PolicyRefusal("wild cards cannot be used to jump in"),
        "wild cards cannot be used to jump in",
        id="jump-in-refused",
    ),
    pytest.param(
        ur.situation(rules("official+house.force-play"), OFFICIAL, top="R7"),
        ur.Draw(0),
        (False, False, False, ("house.force-play",)),
        rs.MustPlay(0),
        "seat 0 holds a card it can lawfully play and must play it",
        id="force-play-draw",
    ),
    pytest.param(
        ur.situation(rules(), ["R1 R2 G3", "B3 B4"], top="R7"),
        ur.CallUno(0),
        (True, True, True, ("uno.call",)),
        rs.NoCallDue(0),
        "the call does not count: seat 0 has no UNO call due (a call is made when "
        "laying the second-to-last card)",
        id="call-void",
    ),
    pytest.param(
        _uncalled(),
        ur.CatchUno(1, 0),
        (True, True, False, ("uno.penalty", "uno.window-closes")),
        rs.Caught(0),
        "seat 0 holds one card and has not called UNO",
        id="catch",
    ),
    pytest.param(
        _uncalled(),
        ur.CatchUno(1, 1),
        (False, False, False, ("uno.penalty",)),
        rs.CatchSelf(1),
        "a player cannot point out their own missed call; a call of one's own is `1 uno`",
        id="catch-self",
    ),
    pytest.param(
        _owing(),
        ur.Challenge(2),
        (False, False, False, ("challenge.wd4",)),
        rs.PolicyRefusal("only seat 1, on whom the card was laid, may challenge it"),
        "only seat 1, on whom the card was laid, may challenge it",
        id="challenge-wrong-seat",
    ),
    pytest.param(
        _owing(),
        ur.Pass(1),
        (False, False, False, ("action.wild-draw-four",)),
        rs.PassWhileOwing(1, 4),
        "seat 1 owes 4 cards: it takes them by drawing (`1 draw`), which ends its turn",
        id="pass-owing",
    ),
    pytest.param(
        _owing(),
        ur.Play(1, card("B3")),
        (False, False, False, ("action.wild-draw-four",)),
        rs.CannotAnswer(1, card("B3"), card("W+4"), 4),
        "seat 1 owes 4 cards after W+4: it must draw them and loses the turn; B3 cannot answer it",
        id="owing-cannot-answer",
    ),
    pytest.param(
        ur.situation(rules(), ["W R2", "B3 B4"], top="R7"),
        ur.Play(0, card("W")),
        (False, False, False, ("action.wild",)),
        rs.WrongForm(ur.Play(0, card("W"), RED), rs.ColorMissing(card("W"))),
        "the move is incomplete: a colour must be named with W, e.g. `0 play W red`",
        id="wrong-form",
    ),
    pytest.param(
        ur.situation(rules(), ["W+4 R2 G5", "B3 B4"], top="R7"),
        ur.Play(0, card("W+4")),
        (False, False, False, ("action.wild-draw-four",)),
        rs.WrongForm(
            ur.Play(0, card("W+4"), RED),
            rs.ColorMissing(card("W+4")),
            rs.WildDrawFourForbidden(
                (card("R2"),), card("R7"), RED, policed=True, card=card("W+4")
            ),
        ),
        "the move is incomplete: a colour must be named with W+4, e.g. `0 play W+4 red`; however "
        "it is completed, it is a bluff: a Wild Draw Four may not be laid while holding R2 "
        "(red, the colour in force); it stands unless challenged",
        id="wrong-form-bluff",
    ),
    pytest.param(
        ur.situation(rules(), OFFICIAL, top="R7"),
        ur.Play(1, card("B3")),
        (False, False, False, ("play.in-turn",)),
        rs.NotYourTurn(0, 1),
        "it is seat 0's turn, not seat 1's",
        id="not-your-turn",
    ),
    pytest.param(
        ur.situation(rules(), OFFICIAL, top="R7"),
        ur.Play("0", card("R1")),  # type: ignore[arg-type]
        (False, False, False, ("players.range",)),
        rs.NotASeatNumber(rs.SeatRole.PLAYER, "0", 2),
        "seat '0' is not a seat number: seats are Python ints 0..1",
        id="not-a-seat",
    ),
    pytest.param(
        ur.situation(rules("official+house.seven-zero"), ["R7 G2 G3", "B3 B4"], top="R3"),
        ur.Play(0, card("R7"), swap_with=1),
        (True, True, False, ("house.seven-zero", "play.match")),
        rs.AndSwapsHands(rs.Matches(card("R7"), card("R3"), RED), 1),
        "R7 matches the colour in force, and swaps hands with seat 1",
        id="seven-swaps",
    ),
]


@pytest.mark.parametrize(("state", "move", "ruling", "why", "sentence"), CASES)
def test_ruling_reason(
    state: ur.GameState,
    move: ur.Move,
    ruling: tuple[bool, bool, bool, tuple[str, ...]],
    why: rs.Reason,
    sentence: str,
) -> None:
    got = ur.check(state, move)
    assert (got.allowed, got.legal, got.void, got.rule_ids) == ruling
    assert got.why == why
    assert type(got.why) is type(why)
    assert got.reason == sentence == render_reason(why)


def test_illegal_move_message_renders_the_reason() -> None:
    s = ur.situation(rules(), OFFICIAL, top="B7")
    with pytest.raises(ur.IllegalMove) as caught:
        ur.apply(s, ur.Play(0, card("R1")))
    assert "R1 matches neither the colour nor the number or symbol of B7" in str(caught.value)


def test_legal_moves_renders_no_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """``legal_moves`` reads only whether moves are allowed: no sentence is
    made on its path."""

    def refuse(reason: rs.Reason) -> str:
        raise AssertionError(f"rendered {reason!r}")

    monkeypatch.setattr(english, "render_reason", refuse)
    spec = "official+house.force-play+house.jump-in+house.seven-zero+uno.false-call"
    for seed in range(5):
        s = ur.new_round(rules(spec), 3, seed=seed)
        for _ in range(30):
            moves = ur.legal_moves(s)
            if not moves:
                break
            s = ur.apply(s, moves[seed % len(moves)])
    with pytest.raises(AssertionError, match="rendered NoMatch"):
        _ = ur.check(ur.situation(rules(), OFFICIAL, top="B7"), ur.Play(0, card("R1"))).reason
