"""The situation and move notations of unorules.notation: examples, errors, round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import unorules as ur
from unorules.cards import ALL_CARDS, Card, Color, format_cards
from unorules.errors import NotationError
from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Move, Pass, Play
from unorules.notation import (
    MAX_HANDS,
    SituationSpec,
    format_move,
    format_situation,
    parse_move,
    parse_moves,
    parse_situation,
)


def c(code: str) -> Card:
    return Card.parse(code)


# --------------------------------------------------------------------------- situations


def test_example_hands_with_unknown_cards() -> None:
    spec = parse_situation("top R7; hands R3 W+4 G5 / ?7 / B2 B9; turn 0")
    assert spec == SituationSpec(hands=("R3 W+4 G5", "?7", "B2 B9"), top=c("R7"))
    assert spec.color is None
    assert spec.current == 0
    assert spec.direction == 1
    assert spec.draw_pile is None
    assert spec.discard_pile is None
    assert spec.dealer is None
    assert spec.seed == 0
    assert spec.scores is None


def test_example_wild_top_direction_dealer() -> None:
    spec = parse_situation("top W blue; hands R3 / G5 G6; turn 1; dir ccw; dealer 0")
    assert spec == SituationSpec(
        hands=("R3", "G5 G6"),
        top=c("W"),
        color=Color.BLUE,
        current=1,
        direction=-1,
        dealer=0,
    )


def test_example_piles_scores_seed() -> None:
    spec = parse_situation(
        "top R7; hands R3 R5 / ?5 / ?5; turn 0; draw Y4 G2; discard G7 R1 R7; "
        "scores 120 0 35; seed 3"
    )
    assert spec == SituationSpec(
        hands=("R3 R5", "?5", "?5"),
        top=c("R7"),
        current=0,
        draw_pile="Y4 G2",
        discard_pile="G7 R1 R7",
        seed=3,
        scores=(120, 0, 35),
    )


def test_clauses_in_any_order_case_and_whitespace_free() -> None:
    a = parse_situation("top W+4 blue; hands R3 / G5; turn 1; dir ccw")
    b = parse_situation("  DIR counter-clockwise;CURRENT 1 ;Colour B; Hands r3/g5 ;TOP w+4;")
    assert a == b


def test_hands_are_normalised() -> None:
    spec = parse_situation("top R7; hands r3  ?02 w+4 / - / red 7, blue skip ?1 / ?3 g1")
    assert spec.hands == ("R3 ?2 W+4", "", "R7 BS ?1", "?3 G1")


@pytest.mark.parametrize(
    ("word", "direction"),
    [
        ("cw", 1),
        ("clockwise", 1),
        ("+1", 1),
        ("ccw", -1),
        ("counterclockwise", -1),
        ("Counter-Clockwise", -1),
        ("-1", -1),
    ],
)
def test_directions(word: str, direction: int) -> None:
    assert parse_situation(f"top R7; hands R3 / R4; dir {word}").direction == direction


def test_discard_pile_gets_the_top_card_appended() -> None:
    base = "top R7; hands R3 / R4; discard "
    assert parse_situation(base + "G7 R1").discard_pile == "G7 R1 R7"
    assert parse_situation(base + "G7 r7").discard_pile == "G7 R7"
    assert parse_situation(base + "-").discard_pile == "R7"


def test_empty_draw_pile() -> None:
    assert parse_situation("top R7; hands R3 / R4; draw -").draw_pile == ""


def test_colour_clause_and_colour_after_a_coloured_top() -> None:
    assert parse_situation("top R7 red; hands R3 / R4").color is Color.RED
    with pytest.raises(NotationError):
        parse_situation("top R7 green; hands R3 / R4")
    assert parse_situation("color Y; top W; hands R3 / R4").color is Color.YELLOW


def test_twenty_hands_allowed() -> None:
    spec = parse_situation("top R7; hands " + " / ".join(["R1"] * MAX_HANDS))
    assert len(spec.hands) == MAX_HANDS


def test_format_situation_is_canonical() -> None:
    spec = parse_situation(
        "seed 3; scores 120 0 35; discard G7 R1; draw y4 g2; dealer 2; dir -1; "
        "turn 2; hands R3 R5 / - / ?5; top W+4; color b"
    )
    assert format_situation(spec) == (
        "top W+4 blue; hands R3 R5 / - / ?5; turn 2; dir ccw; dealer 2; draw Y4 G2; "
        "discard G7 R1 W+4; seed 3; scores 120 0 35"
    )
    assert format_situation(parse_situation("top R7; hands R3 / R4; draw -")) == (
        "top R7; hands R3 / R4; turn 0; draw -"
    )


def _error(text: str) -> NotationError:
    """The error of reading ``text`` and setting it up under the official
    rules (a wild top card needs its colour only under rules whose wild
    cards name one: the set-up says so, at the place of the colour)."""
    with pytest.raises(NotationError) as info:
        parse_situation(text).to_state(ur.presets.official())
    return info.value


def test_a_wild_top_card_needs_no_colour_when_the_cards_name_none() -> None:
    spec = parse_situation("top W+4; hands W WR / WSK")
    assert spec.color is None
    state = spec.to_state(ur.presets.get("all-wild"))
    assert state.color is None and state.top == ur.Card.parse("W+4")


KEYWORDS = "one of top, hands, turn, dir, color, draw, discard, dealer, seed, scores"


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        # unknown keyword
        ("top R7; hnds R3 / R4", 8, KEYWORDS),
        ("top R7; hands R3 / R4; trun 1", 23, KEYWORDS),
        # a bad card inside hands, draw, discard or top
        ("top R7; hands R3 X9 / B2", 17, "a card"),
        ("top R7; hands R3 / B2 G5 Q1", 25, "a card"),
        ("top R7; hands R3 / R4; draw Y4 G22", 31, "a card"),
        ("top R7; hands R3 / R4; discard G7 XX", 34, "a card"),
        ("top X7; hands R3 / R4", 4, "a card"),
        ("top; hands R3 / R4", 3, "a card"),
        # missing required clauses
        ("hands R3 / R4; turn 1", 21, "a 'top' clause"),
        ("", 0, "a 'top' clause"),
        ("top R7; turn 1", 14, "a 'hands' clause"),
        # duplicate clauses (aliases count as the same clause)
        ("top R7; hands R3 / R4; turn 0; turn 1", 31, "no second 'turn' clause"),
        ("top R7; hands R3 / R4; turn 0; current 1", 31, "no second 'turn' clause"),
        ("top R7; top R8; hands R3 / R4", 8, "no second 'top' clause"),
        ("top R7; hands R3 / R4; hand R5 / R6", 23, "no second 'hands' clause"),
        ("top W+4 blue; color red; hands R3 / R4", 14, "no second colour in force"),
        ("color red; top W+4 blue; hands R3 / R4", 19, "no second colour in force"),
        # seats and numbers
        ("top R7; hands R3 / R4; turn x", 28, "a seat number"),
        ("top R7; hands R3 / R4; turn -1", 28, "a seat number"),
        ("top R7; hands R3 / R4; turn 1.5", 28, "a seat number"),
        ("top R7; hands R3 / R4; turn", 27, "a seat number"),
        ("top R7; hands R3 / R4; dealer two", 30, "a seat number"),
        ("top R7; hands R3 / R4; seed 3x", 28, "a seed: an integer"),
        ("top R7; hands R3 / R4; scores 1 x", 32, "a score"),
        ("top R7; hands R3 / R4; scores 1", 31, "one score per seat (2 seats)"),
        ("top R7; hands R3 / R4; scores 1 2 3", 34, "one score per seat (2 seats)"),
        # '?' tokens
        ("top R7; hands R3 / ?x", 19, "a number of unknown cards from 1 to 200"),
        ("top R7; hands R3 / ?0", 19, "a number of unknown cards from 1 to 200"),
        ("top R7; hands R3 / ? 7", 19, "a number of unknown cards from 1 to 200"),
        ("top R7; hands R3 ?-2 / R4", 17, "a number of unknown cards from 1 to 200"),
        # a wild top card without a colour
        ("top W+4; hands R3 / R4", 7, "a colour after the wild top card"),
        ("hands R3 / R4; top wild draw four", 33, "a colour after the wild top card"),
        # colours, directions, extra words
        ("top W+4 mauve; hands R3 / R4", 8, "a colour"),
        ("top R7; hands R3 / R4; color", 28, "a colour"),
        ("top R7; hands R3 / R4; dir up", 27, "a direction"),
        ("top R7 blue green; hands R3 / R4", 12, "the end of the 'top' clause"),
        ("top R7; hands R3 / R4; turn 1 2", 30, "the end of the 'turn' clause"),
        # hands
        ("top R7; hands R3 R4; turn 0", 19, "'/' and the next seat's hand"),
        ("top R7; hands", 13, "a hand"),
        ("top R7; hands R3 / / R4", 19, "a hand"),
        ("top R7; hands R3 / R4 /", 23, "a hand"),
        ("top R7; hands R3 - / R4", 17, "a card"),
        # piles
        ("top R7; hands R3 / R4; draw", 27, "the draw pile"),
        ("top R7; hands R3 / R4; discard ;", 31, "the discard pile"),
    ],
)
def test_situation_errors(text: str, position: int, expected: str) -> None:
    error = _error(text)
    assert error.position == position
    assert expected in str(error)
    assert f"column {position + 1}:" in str(error)


def test_too_many_hands() -> None:
    text = "top R7; hands " + " / ".join(["R1"] * MAX_HANDS) + " / G2"
    error = _error(text)
    assert error.position == text.index("G2")
    assert f"at most {MAX_HANDS} hands" in str(error)


# --------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("0 play W+4 blue", Play(0, c("W+4"), Color.BLUE)),
        ("0 W+4 blue", Play(0, c("W+4"), Color.BLUE)),
        ("seat 0 lays wild draw four blue", Play(0, c("W+4"), Color.BLUE)),
        ("0 play wild draw four blue", Play(0, c("W+4"), Color.BLUE)),
        ("0 play red 7", Play(0, c("R7"), None)),
        ("3 plays g+2", Play(3, c("G+2"), None)),
        ("0 Wild B", Play(0, c("W"), Color.BLUE)),
        ("0 play W+4", Play(0, c("W+4"), None)),  # the engine refuses it, not the parser
        ("1 draw", Draw(1)),
        ("1 draws", Draw(1)),
        ("1 TAKES", Draw(1)),
        ("1 pass", Pass(1)),
        ("1 passes", Pass(1)),
        ("1 keeps", Pass(1)),
        ("0 color red", ChooseColor(0, Color.RED)),
        ("0 colour R", ChooseColor(0, Color.RED)),
        ("0 names green", ChooseColor(0, Color.GREEN)),
        ("0 chooses yellow", ChooseColor(0, Color.YELLOW)),
        ("0 uno", CallUno(0)),
        ("0 calls uno", CallUno(0)),
        ("0 call UNO", CallUno(0)),
        ("seat 0 says uno!", CallUno(0)),
        ("2 catch 0", CatchUno(2, 0)),
        ("2 catches seat 0", CatchUno(2, 0)),
        ("1 challenge", Challenge(1)),
        ("1 challenges", Challenge(1)),
    ],
)
def test_parse_move_forms(text: str, move: Move) -> None:
    assert parse_move(text) == move


def test_parse_moves_and_format_move() -> None:
    text = "0 play W+4 blue; 1 challenge;; 2 catch 0;"
    assert parse_moves(text) == (Play(0, c("W+4"), Color.BLUE), Challenge(1), CatchUno(2, 0))
    assert parse_moves("  ") == ()
    assert format_move(Play(0, c("w+4"), Color.BLUE)) == "0 play W+4 blue"
    assert format_move(CatchUno(2, 0)) == str(CatchUno(2, 0)) == "2 catch 0"


VERBS = "a verb: play, draw, pass, color, uno, catch, challenge"


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("", 0, "a seat number"),
        ("seat", 4, "a seat number"),
        ("x play R7", 0, "a seat number"),
        ("-1 draw", 0, "a seat number"),
        ("0", 1, VERBS),
        ("0 jump", 2, VERBS),
        ("seat 1 blue", 7, VERBS),
        ("0 play", 6, "a card"),
        ("0 play X9", 7, "a card"),
        ("0 play R7 blue", 10, "nothing after a coloured card"),
        ("0 red 7 blue", 8, "nothing after a coloured card"),
        ("0 play W+4 mauve", 11, "a colour"),
        ("0 play W+4 blue now", 16, "the end of the move"),
        ("0 color", 7, "a colour"),
        ("0 names mauve", 8, "a colour"),
        ("2 catch", 7, "a seat to catch"),
        ("2 catches x", 10, "a seat to catch"),
        ("0 calls", 7, "'uno'"),
        ("0 says hello", 7, "'uno'"),
        ("0 draw 2", 7, "the end of the move"),
        ("0 draw; 1 pass", 6, "one move"),
    ],
)
def test_move_errors(text: str, position: int, expected: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.position == position
    assert expected in str(info.value)


@pytest.mark.parametrize(
    ("text", "position", "expected"),
    [
        ("0 uno; 0 play R3 blue", 17, "nothing after a coloured card"),
        ("0 uno; x draw", 7, "a seat number"),
        ("0 draw;1 pass; 2", 16, VERBS),
    ],
)
def test_parse_moves_error_positions_refer_to_the_whole_text(
    text: str, position: int, expected: str
) -> None:
    with pytest.raises(NotationError) as info:
        parse_moves(text)
    assert info.value.position == position
    assert expected in str(info.value)


# --------------------------------------------------------------------------- properties

cards = st.sampled_from(ALL_CARDS)
colors = st.sampled_from(list(Color))
seats = st.integers(min_value=0, max_value=99)
hand_items = st.one_of(
    cards.map(lambda card: card.code),
    st.integers(min_value=1, max_value=30).map(lambda n: f"?{n}"),
)
hands = st.lists(hand_items, max_size=8).map(" ".join)
card_strings = st.lists(cards, max_size=8).map(format_cards)


@st.composite
def situations(draw: st.DrawFn) -> SituationSpec:
    n = draw(st.integers(min_value=2, max_value=MAX_HANDS))
    top = draw(cards)
    discard = draw(st.none() | st.lists(cards, max_size=6))
    return SituationSpec(
        hands=tuple(draw(st.lists(hands, min_size=n, max_size=n))),
        top=top,
        color=draw(colors if top.is_wild else st.none() | st.just(top.color)),
        current=draw(st.integers(min_value=0, max_value=n - 1)),
        direction=draw(st.sampled_from([1, -1])),
        draw_pile=draw(st.none() | card_strings),
        discard_pile=None if discard is None else format_cards([*discard, top]),
        dealer=draw(st.none() | st.integers(min_value=0, max_value=n - 1)),
        seed=draw(st.integers(min_value=-(10**20), max_value=10**20)),
        scores=draw(
            st.none()
            | st.lists(st.integers(min_value=0, max_value=10**6), min_size=n, max_size=n).map(tuple)
        ),
    )


@st.composite
def plays(draw: st.DrawFn) -> Play:
    card = draw(cards)
    color = draw(st.none() | colors) if card.is_wild else None
    return Play(draw(seats), card, color)


moves: st.SearchStrategy[Move] = st.one_of(
    plays(),
    st.builds(Draw, seats),
    st.builds(Pass, seats),
    st.builds(ChooseColor, seats, colors),
    st.builds(CallUno, seats),
    st.builds(CatchUno, seats, seats),
    st.builds(Challenge, seats),
)


@given(situations())
def test_situation_round_trip(spec: SituationSpec) -> None:
    text = format_situation(spec)
    assert parse_situation(text) == spec
    assert format_situation(parse_situation(text)) == text


@given(moves)
def test_move_round_trip(move: Move) -> None:
    assert format_move(move) == str(move)
    assert parse_move(str(move)) == move
    assert parse_move(str(move).upper()) == move


@given(st.lists(moves, max_size=6))
def test_moves_round_trip(some: list[Move]) -> None:
    assert parse_moves("; ".join(str(m) for m in some)) == tuple(some)


def _parses_or_raises_notation_error(text: str) -> None:
    try:
        spec = parse_situation(text)
    except NotationError as error:
        assert 0 <= error.position <= len(text)
        assert error.text == text
    else:
        assert isinstance(spec, SituationSpec)


@given(st.text())
def test_situation_parser_on_arbitrary_text(text: str) -> None:
    _parses_or_raises_notation_error(text)


FRAGMENTS = [
    "top",
    "hands",
    "turn",
    "current",
    "dir",
    "color",
    "draw",
    "discard",
    "dealer",
    "seed",
    "scores",
    ";",
    "/",
    " ",
    "-",
    "?",
    "?3",
    "?0",
    "R7",
    "W",
    "W+4",
    "red",
    "blue",
    "7",
    "0",
    "-1",
    "cw",
    "ccw",
    "wild",
    "draw four",
    ",",
    "x",
]


@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30).map(" ".join))
def test_situation_parser_on_jumbled_notation(text: str) -> None:
    _parses_or_raises_notation_error(text)


@given(st.text())
def test_move_parser_on_arbitrary_text(text: str) -> None:
    try:
        parse_moves(text)
    except NotationError as error:
        assert 0 <= error.position <= len(text)


@pytest.mark.parametrize(
    ("text", "column", "found"),
    [
        ("top R7; hands R3 / B2; turn 4", 29, "'4'"),
        ("top R7; hands R3 / B2 / G1; dealer 3", 36, "'3'"),
    ],
)
def test_seats_beyond_the_hands_are_refused_at_their_column(
    text: str, column: int, found: str
) -> None:
    with pytest.raises(NotationError) as err:
        parse_situation(text)
    assert err.value.position == column - 1
    assert f"column {column}: expected a seat from 0 to" in str(err.value)
    assert err.value.found == found


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("top R7; hands R3 / ?99999", 20, "a number of unknown cards from 1 to 200"),
        ("top R7 blue; hands R3 / B2", 8, "no colour but red with the coloured top card R7"),
        ("top R7; color blue; hands R3 / B2", 9, "no colour but red"),
    ],
)
def test_situation_values_out_of_range(text: str, column: int, expected: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_situation(text)
    assert err.value.position == column - 1
    assert expected in err.value.expected


def test_the_top_card_s_own_colour_may_be_named() -> None:
    assert parse_situation("top R7 red; hands R3 / B2").color is Color.RED


def test_copies_beyond_x999_are_named() -> None:
    with pytest.raises(NotationError) as err:
        parse_moves("0 R3 x1000")
    assert err.value.position == 5
    assert "x1 to x999" in err.value.expected
