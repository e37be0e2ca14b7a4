"""One-line text forms typed at the card table: situations and moves.

Situation notation
==================

A situation is a list of clauses separated by ``;``, in any order, each at
most once. Keywords and card codes are case-insensitive; whitespace is free;
empty clauses (a trailing ``;``) are ignored::

    top R7; hands R3 W+4 G5 / ?7 / B2 B9; turn 0
    top W blue; hands R3 / G5 G6; turn 1; dir ccw; dealer 0
    top R7; hands R3 R5 / ?5 / ?5; turn 0; draw Y4 G2; discard G7 R1 R7; scores 120 0 35; seed 3

Grammar::

    situation = clause { ";" clause } ;
    clause    = "top" CARD [ COLOUR ]             (* required *)
              | ( "color" | "colour" ) COLOUR
              | ( "hands" | "hand" ) HAND "/" HAND { "/" HAND }   (* required *)
              | ( "turn" | "current" ) SEAT       (* default 0 *)
              | ( "dir" | "direction" ) DIRECTION (* default cw *)
              | "draw" ( CARDS | "-" )
              | "discard" ( CARDS | "-" )
              | "dealer" SEAT
              | "seed" INT                        (* default 0 *)
              | ( "scores" | "score" ) NAT { NAT } ;
    HAND      = "-" | ITEM { ITEM } ;
    ITEM      = CARD | "?" NAT ;                  (* ?N: N >= 1 unknown cards *)
    CARDS     = CARD { CARD } ;                   (* as parse_cards: codes separated by
                                                     spaces or commas *)
    CARD      = R7 | GS | BR | Y+2 | W | W+4 | WS | WX | WC | ...   (* see unorules.cards *)
    COLOUR    = "red" | "yellow" | "green" | "blue" | "R" | "Y" | "G" | "B" ;
    DIRECTION = "cw" | "clockwise" | "+1" | "1"
              | "ccw" | "counterclockwise" | "counter-clockwise" | "anticlockwise" | "-1" ;
    SEAT      = NAT ;
    NAT       = digit { digit } ;                 (* at most 9 digits 0-9 *)
    INT       = [ "+" | "-" ] digit { digit } ;   (* at most 30 digits 0-9 *)

Meaning:

* ``top CARD [COLOUR]``: the top card of the discard pile; a colour after it is
  the colour in force, required when the top card is wild (``top W+4 blue``).
  ``color COLOUR`` says the same in a clause of its own; give the colour once.
* ``hands``: one hand per seat, seat 0 first, separated by ``/``; 2 to 20
  hands (the engine checks the range its rules allow). ``?N`` stands for N
  unknown cards, ``-`` for an empty hand.
* ``turn``: the seat whose regular turn it is. ``dir``: the direction of play.
* ``draw``: the exact draw pile, top first; unlisted cards are out of play;
  ``draw -`` is an empty pile. Without it, the rest of the deck is shuffled by
  the seed.
* ``discard``: the discard pile, oldest first. When its last card is not the
  ``top`` card, the top card is appended. Without it, the pile is just ``top``.
* ``dealer``, ``seed``, ``scores`` (game totals, one per seat).

Move notation
=============

The form that ``str(move)`` prints, and lenient variants a person types::

    0 play W+4 blue     0 W+4 blue      seat 0 lays wild draw four blue
    1 draw              1 takes
    1 pass              1 keeps
    0 color red         0 names red
    0 uno               0 calls uno     0 says UNO
    2 catch 0           2 catches 0
    1 challenge         1 challenges
    0 play R7 swap 2    0 R7 with seat 2       (house.seven-zero, Wild Swap Hands)
    0 play G5 x2                               (house.multiple-identical)
    1 timeout                                  (a host's move, house.timed-turns)

Grammar (case-insensitive; several moves are separated by ``;``)::

    moves  = move { ";" move } ;
    move   = [ "seat" | "player" ] SEAT action ;
    action = [ "play" | "plays" | "lay" | "lays" ] CARD [ "x" COUNT ] [ COLOUR ]
             [ ( "swap" | "swaps" | "with" ) [ "seat" | "player" ] SEAT ]
           | ( "draw" | "draws" | "take" | "takes" )
           | ( "pass" | "passes" | "keep" | "keeps" )
           | ( "color" | "colour" | "name" | "names" | "choose" | "chooses" ) COLOUR
           | [ "call" | "calls" | "say" | "says" ] ( "uno" | "uno!" )
           | ( "catch" | "catches" ) [ "seat" | "player" ] SEAT
           | ( "challenge" | "challenges" )
           | ( "timeout" | "timeouts" ) ;

In a play, CARD may be a long name (``red 7``, ``wild draw four``). A colour is
only allowed after a wild card; a wild card without one still parses (the
engine reports that move as illegal).

Every parse error is a :class:`~unorules.errors.NotationError` whose
``position`` is the 0-based offset of the offending token in the whole text
and whose message names the 1-based column and what was expected there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from unorules.cards import Card, Color, format_cards, parse_cards, parse_color
from unorules.dealing import MAX_UNKNOWN
from unorules.errors import NotationError
from unorules.moves import (
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    Timeout,
)

if TYPE_CHECKING:
    from unorules.rules.ruleset import RuleSet
    from unorules.state import GameState

__all__ = [
    "MAX_HANDS",
    "SituationSpec",
    "format_move",
    "format_situation",
    "parse_move",
    "parse_moves",
    "parse_situation",
]

MAX_HANDS = 20
"""The most hands the situation parser accepts; the rule set decides what is playable."""

_Word = tuple[str, int]  # a token and its offset in the whole text

_WORD = re.compile(r"\S+")
_ITEM = re.compile(r"[^\s,]+")  # the tokens of parse_cards
_NAT = re.compile(r"[0-9]{1,9}")
_INT = re.compile(r"[+-]?[0-9]{1,30}")
_UNKNOWN = re.compile(r"\?([0-9]{1,9})")
_LONGEST_CARD_NAME = 4  # words, e.g. "wild draw four"; enough for every long name

_CARD = "a card: a code such as R7, GS, B+2, W or W+4, or a long name such as 'red 7'"
_COLOUR = "a colour: red, yellow, green or blue (or R, Y, G, B)"
_SEAT = "a seat number (0, 1, 2, ...)"


# --------------------------------------------------------------------------- situations


@attrs.frozen(slots=True)
class SituationSpec:
    """A parsed situation line: the arguments of :func:`unorules.dealing.situation`.

    Attributes:
        hands: one string per seat, seat 0 first: canonical card codes and ``?N``
            tokens (N unknown cards) separated by single spaces; ``""`` for an
            empty hand.
        top: the top card of the discard pile.
        color: the colour in force; ``None`` means the top card's colour.
        current: the seat whose regular turn it is.
        direction: ``1`` clockwise, ``-1`` counter-clockwise.
        draw_pile: the draw pile as codes, top first (``""`` = empty); ``None``
            = the rest of the deck, shuffled by ``seed``.
        discard_pile: the discard pile as codes, oldest first, ending with
            ``top``; ``None`` = just ``top``.
        dealer: the dealer's seat, if given.
        seed: the seed of the shuffles.
        scores: the game totals so far, one per seat, if given.
        names: the players' names, seat 0 first, if given (``names`` clause);
            verdicts then speak of the players by name.
    """

    hands: tuple[str, ...]
    top: Card
    color: Color | None = None
    current: int = 0
    direction: int = 1
    draw_pile: str | None = None
    discard_pile: str | None = None
    dealer: int | None = None
    seed: int = 0
    scores: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()

    def to_state(self, rules: RuleSet) -> GameState:
        """Build the game state under ``rules`` with :func:`unorules.dealing.situation`.

        Raises:
            SituationError: when the position cannot exist under ``rules`` (a
                seat count outside the deck's range, too many copies of a
                card, a seat out of range, ...).
        """
        from unorules.dealing import situation

        state: GameState = situation(
            rules,
            list(self.hands),
            top=self.top.code,
            current=self.current,
            direction=self.direction,
            color=self.color,
            draw_pile=self.draw_pile,
            discard_pile=self.discard_pile,
            dealer=self.dealer,
            seed=self.seed,
            scores=self.scores,
        )
        return state


_KEYWORDS: dict[str, str] = {
    "top": "top",
    "hands": "hands",
    "hand": "hands",
    "turn": "turn",
    "current": "turn",
    "dir": "dir",
    "direction": "dir",
    "color": "color",
    "colour": "color",
    "draw": "draw",
    "discard": "discard",
    "dealer": "dealer",
    "seed": "seed",
    "scores": "scores",
    "score": "scores",
}
_KEYWORD_LIST = "one of top, hands, turn, dir, color, draw, discard, dealer, seed, scores"

_DIRECTIONS: dict[str, int] = {
    "cw": 1,
    "clockwise": 1,
    "+1": 1,
    "1": 1,
    "ccw": -1,
    "counterclockwise": -1,
    "counter-clockwise": -1,
    "anticlockwise": -1,
    "anti-clockwise": -1,
    "-1": -1,
}


def _words(text: str, start: int, end: int) -> list[_Word]:
    return [(m.group(), m.start()) for m in _WORD.finditer(text, start, end)]


def _spans(text: str, sep: str, start: int, end: int) -> list[tuple[int, int]]:
    """The (start, end) offsets of the pieces of ``text[start:end]`` between ``sep``."""
    spans: list[tuple[int, int]] = []
    while (cut := text.find(sep, start, end)) >= 0:
        spans.append((start, cut))
        start = cut + 1
    spans.append((start, end))
    return spans


def _bad(text: str, word: _Word, expected: str) -> NotationError:
    """The error for the token ``word``, found as a whole (not up to the next space)."""
    token = word[0]
    found = repr(token) if len(token) <= 40 else f"{token[:20]!r}... ({len(token)} characters)"
    return NotationError(text, word[1], expected, found=found)


_DIGITS = re.compile(r"[+-]?[0-9]+")


def _number(text: str, word: _Word, expected: str, *, signed: bool = False) -> int:
    """The whole number ``word``; a number with more digits than the grammar
    allows (``NAT``: 9, ``INT``: 30) is refused before it is converted."""
    token = word[0]
    pattern = _INT if signed else _NAT
    if pattern.fullmatch(token) is None:
        if _DIGITS.fullmatch(token) and (signed or token[0].isdigit()):
            most = 30 if signed else 9
            digits = len(token.lstrip("+-"))
            raise NotationError(
                text, word[1], f"{expected} (at most {most} digits)", found=f"{digits} digits"
            )
        if token.lstrip("+-").isdecimal():
            raise _bad(text, word, f"{expected} in the digits 0-9")
        raise _bad(text, word, expected)
    return int(token)


def _colour(text: str, word: _Word) -> Color:
    try:
        return parse_color(word[0])
    except NotationError:
        raise _bad(text, word, _COLOUR) from None


def _card_prefix(words: list[_Word]) -> tuple[Card, int] | None:
    """The longest run of leading words that names a card, and its length."""
    for n in range(min(len(words), _LONGEST_CARD_NAME), 0, -1):
        try:
            return Card.parse(" ".join(w for w, _ in words[:n])), n
        except NotationError:
            continue
    return None


def _cards(text: str, start: int, end: int) -> tuple[Card, ...]:
    """parse_cards on ``text[start:end]``, with error positions in the whole text."""
    try:
        return parse_cards(text[start:end])
    except NotationError as e:
        at = start + e.position
        token = _ITEM.match(text, at, end)
        raise _bad(text, (token.group() if token else "", at), e.expected) from None


def _end_of(text: str, word: _Word) -> int:
    return word[1] + len(word[0])


def _missing(text: str, end: int, expected: str) -> NotationError:
    """The error for nothing where ``expected`` should be, before ``end`` (a separator)."""
    return NotationError(
        text, end, expected, found=repr(text[end]) if end < len(text) else "end of input"
    )


class _SituationParser:
    """Reads the clauses of one situation line; see the module docstring."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.seen: dict[str, int] = {}
        self.top: Card | None = None
        self.top_end = 0
        self.color: Color | None = None
        self.color_at = 0
        self.hands: tuple[str, ...] = ()
        self.current = 0
        self.direction = 1
        self.draw_pile: str | None = None
        self.discard: tuple[Card, ...] | None = None
        self.dealer: int | None = None
        self.seat_words: list[_Word] = []
        self.seed = 0
        self.scores: list[_Word] | None = None
        self.scores_end = 0

    def parse(self) -> SituationSpec:
        text = self.text
        for start, end in _spans(text, ";", 0, len(text)):
            words = _words(text, start, end)
            if not words:
                continue
            keyword = words[0]
            key = _KEYWORDS.get(keyword[0].lower())
            if key is None:
                raise _bad(text, keyword, _KEYWORD_LIST)
            if key in self.seen:
                raise _bad(
                    text,
                    keyword,
                    f"no second '{key}' clause (the first is at column {self.seen[key] + 1})",
                )
            self.seen[key] = keyword[1]
            self._clause(key, keyword, words[1:], end)
        return self._finish()

    def _clause(self, key: str, keyword: _Word, args: list[_Word], end: int) -> None:
        text = self.text
        if key == "hands":
            self._hands(_end_of(text, keyword), end)
            return
        if key in ("draw", "discard"):
            self._pile(key, args, end)
            return
        if not args:
            what = {
                "top": _CARD,
                "color": _COLOUR,
                "turn": _SEAT,
                "dealer": _SEAT,
                "dir": "a direction: cw or ccw",
                "seed": "a seed: an integer",
                "scores": "the scores: one whole number per seat",
            }[key]
            raise _missing(text, end, what)
        rest = args[1:]
        if key == "top":
            rest = self._top(args)
        elif key == "color":
            self._set_color(args[0], keyword)
        elif key == "turn":
            self.current = _number(text, args[0], _SEAT)
            self.seat_words.append(args[0])
        elif key == "dealer":
            self.dealer = _number(text, args[0], _SEAT)
            self.seat_words.append(args[0])
        elif key == "seed":
            self.seed = _number(text, args[0], "a seed: an integer", signed=True)
        elif key == "dir":
            direction = _DIRECTIONS.get(args[0][0].lower())
            if direction is None:
                raise _bad(
                    text, args[0], "a direction: cw or ccw (clockwise, counterclockwise, +1, -1)"
                )
            self.direction = direction
        else:  # scores
            for word in args:
                _number(text, word, "a score: a whole number")
            self.scores, self.scores_end, rest = args, end, []
        if rest:
            raise _bad(text, rest[0], f"the end of the '{key}' clause (';' separates clauses)")

    def _top(self, args: list[_Word]) -> list[_Word]:
        found = _card_prefix(args)
        if found is None:
            raise _bad(self.text, args[0], _CARD)
        self.top, n = found
        self.top_end = _end_of(self.text, args[n - 1])
        if len(args) > n:
            self._set_color(args[n], args[n])
            n += 1
        return args[n:]

    def _color_of_coloured_top(self) -> None:
        """A colour named with a coloured top card must be that card's own."""
        top, color = self.top, self.color
        if top is None or top.color is None or color is None or color is top.color:
            return
        raise NotationError(
            self.text,
            self.color_at,
            f"no colour but {top.color.value} with the coloured top card {top.code} "
            "(a colour is named only after a wild card)",
            found=repr(color.value),
        )

    def _set_color(self, word: _Word, where: _Word) -> None:
        """Set the colour in force named by ``word`` in the clause at ``where``."""
        color = _colour(self.text, word)
        at = where[1]
        if self.color is not None or ("color" in self.seen and at != self.seen["color"]):
            first = self.color_at if self.color is not None else self.seen["color"]
            raise _bad(
                self.text, where, f"no second colour in force (one is named at column {first + 1})"
            )
        self.color, self.color_at = color, at

    def _hands(self, start: int, end: int) -> None:
        spans = _spans(self.text, "/", start, end)
        if len(spans) > MAX_HANDS:
            at = spans[MAX_HANDS][0]
            words = _words(self.text, *spans[MAX_HANDS])
            raise NotationError(
                self.text, words[0][1] if words else at, f"at most {MAX_HANDS} hands", found="more"
            )
        self.hands = tuple(self._hand(s, e) for s, e in spans)
        if len(self.hands) < 2:
            raise _missing(self.text, end, "'/' and the next seat's hand (2 hands or more)")

    def _hand(self, start: int, end: int) -> str:
        text = self.text
        items = [(m.group(), m.start()) for m in _ITEM.finditer(text, start, end)]
        if not items:
            raise _missing(
                text, end, "a hand: card codes, ?N for N unknown cards, or - for an empty hand"
            )
        if len(items) == 1 and items[0][0] == "-":
            return ""
        codes: list[str] = []
        run = start
        for word, at in items:
            if not word.startswith("?"):
                continue
            codes.extend(c.code for c in _cards(text, run, at))
            match = _UNKNOWN.fullmatch(word)
            if match is None or not 0 < int(match.group(1)) <= MAX_UNKNOWN:
                raise _bad(
                    text,
                    (word, at),
                    f"'?' and a number of unknown cards from 1 to {MAX_UNKNOWN}, e.g. ?7",
                )
            codes.append(f"?{int(match.group(1))}")
            run = at + len(word)
        codes.extend(c.code for c in _cards(text, run, end))
        return " ".join(codes)

    def _pile(self, key: str, args: list[_Word], end: int) -> None:
        if not args:
            order = "top first" if key == "draw" else "oldest first"
            raise _missing(self.text, end, f"the {key} pile: cards, {order}, or - if empty")
        if len(args) == 1 and args[0][0] == "-":
            cards: tuple[Card, ...] = ()
        else:
            cards = _cards(self.text, args[0][1], end)
        if key == "draw":
            self.draw_pile = format_cards(cards)
        else:
            self.discard = cards

    def _finish(self) -> SituationSpec:
        text = self.text
        if self.top is None:
            raise NotationError(text, len(text), "a 'top' clause")
        if "hands" not in self.seen:
            raise NotationError(text, len(text), "a 'hands' clause")
        self._color_of_coloured_top()
        if self.top.is_wild and self.color is None:
            raise NotationError(
                text,
                self.top_end,
                "a colour after the wild top card (e.g. 'top W+4 blue') or a 'color' clause",
            )
        seats = len(self.hands)
        for word in self.seat_words:
            if int(word[0]) >= seats:
                raise _bad(text, word, f"a seat from 0 to {seats - 1} (there are {seats} hands)")
        scores: tuple[int, ...] | None = None
        if self.scores is not None:
            if len(self.scores) != seats:
                expected = f"one score per seat ({seats} seats)"
                if len(self.scores) > seats:
                    raise _bad(text, self.scores[seats], expected)
                raise _missing(text, self.scores_end, expected)
            scores = tuple(int(w) for w, _ in self.scores)
        discard_pile: str | None = None
        if self.discard is not None:
            pile = self.discard
            if not pile or pile[-1] != self.top:
                pile = (*pile, self.top)
            discard_pile = format_cards(pile)
        return SituationSpec(
            hands=self.hands,
            top=self.top,
            color=self.color,
            current=self.current,
            direction=self.direction,
            draw_pile=self.draw_pile,
            discard_pile=discard_pile,
            dealer=self.dealer,
            seed=self.seed,
            scores=scores,
        )


def parse_situation(text: str, *, lang: str = "en") -> SituationSpec:
    """Parse a one-line situation (grammar in the module docstring).

    Args:
        text: e.g. ``"top R7; hands R3 W+4 G5 / ?7 / B2 B9; turn 0"``.

    Returns:
        The situation, with hands normalised to canonical codes and ``?N``
        tokens separated by single spaces, and a ``discard`` pile ending with
        the top card.

    Raises:
        NotationError: at the first problem: an unknown keyword, a clause
            given twice, a bad card, colour, seat or number, a wild top card
            without a colour, or a missing ``top``/``hands`` clause (then at
            ``len(text)``).

    >>> spec = parse_situation("top W blue; hands R3 / g5 ?2 / -; dir ccw")
    >>> spec.hands, spec.top, spec.color, spec.direction
    (('R3', 'G5 ?2', ''), Card.parse('W'), Color.BLUE, -1)
    >>> parse_situation("top R7; hands R3 / X9")
    Traceback (most recent call last):
      ...
    unorules.errors.NotationError: column 20: expected a card code such as R7, GS, B+2, W or W+4 \
(long names like 'red 7' must be separated by commas), found 'X9'
      top R7; hands R3 / X9
                         ^
    """
    return _SituationParser(text).parse()


def format_situation(spec: SituationSpec) -> str:
    """The canonical one-line form of ``spec``.

    Clauses come in a fixed order (top, hands, turn, dir, dealer, draw,
    discard, seed, scores); defaults other than ``turn`` are left out.
    ``parse_situation(format_situation(s)) == s`` for every ``s`` that
    :func:`parse_situation` can return.

    Args:
        spec: the situation.

    Returns:
        One line of text.

    >>> format_situation(parse_situation("TOP w+4; colour b; hands r3 / -; seed 3"))
    'top W+4 blue; hands R3 / -; turn 0; seed 3'
    """
    top = spec.top.code if spec.color is None else f"{spec.top.code} {spec.color.value}"
    clauses = [
        f"top {top}",
        "hands " + " / ".join(hand or "-" for hand in spec.hands),
        f"turn {spec.current}",
    ]
    if spec.direction == -1:
        clauses.append("dir ccw")
    if spec.dealer is not None:
        clauses.append(f"dealer {spec.dealer}")
    if spec.draw_pile is not None:
        clauses.append(f"draw {spec.draw_pile or '-'}")
    if spec.discard_pile is not None:
        clauses.append(f"discard {spec.discard_pile or '-'}")
    if spec.seed != 0:
        clauses.append(f"seed {spec.seed}")
    if spec.scores is not None:
        clauses.append("scores " + " ".join(str(s) for s in spec.scores))
    return "; ".join(clauses)


# --------------------------------------------------------------------------- moves

_VERB = "a verb: play, draw, pass, color, uno, catch, challenge, timeout (or a card to play)"
_PLAY = frozenset({"play", "plays", "lay", "lays"})
_DRAW = frozenset({"draw", "draws", "take", "takes"})
_PASS = frozenset({"pass", "passes", "keep", "keeps"})
_CHOOSE = frozenset({"color", "colour", "name", "names", "choose", "chooses"})
_CALL = frozenset({"call", "calls", "say", "says"})
_UNO = frozenset({"uno", "uno!"})
_CATCH = frozenset({"catch", "catches"})
_CHALLENGE = frozenset({"challenge", "challenges"})
_SEAT_WORDS = frozenset({"seat", "player"})


_COUNT = re.compile(r"x[1-9][0-9]{0,2}")
_TOO_MANY = re.compile(r"x[0-9]+")
_SWAP = frozenset({"swap", "swaps", "with"})
_TIMEOUT = frozenset({"timeout", "timeouts"})


def _parse_move(text: str, start: int, end: int) -> Move:
    """Parse the move in ``text[start:end]``; positions refer to the whole text."""
    words = _words(text, start, end)
    i = 1 if words and words[0][0].lower() in _SEAT_WORDS else 0
    if i >= len(words):
        raise _missing(text, end, _SEAT)
    seat = _number(text, words[i], _SEAT)
    i += 1
    if i >= len(words):
        raise _missing(text, end, _VERB)
    verb = words[i][0].lower()
    i += 1
    move: Move
    if verb in _TIMEOUT:
        move = Timeout(seat)
    elif verb in _DRAW:
        move = Draw(seat)
    elif verb in _PASS:
        move = Pass(seat)
    elif verb in _CHALLENGE:
        move = Challenge(seat)
    elif verb in _UNO:
        move = CallUno(seat)
    elif verb in _CALL:
        if i >= len(words) or words[i][0].lower() not in _UNO:
            if i < len(words):
                raise _bad(text, words[i], "'uno'")
            raise _missing(text, end, "'uno'")
        move, i = CallUno(seat), i + 1
    elif verb in _CHOOSE:
        if i >= len(words):
            raise _missing(text, end, _COLOUR)
        move, i = ChooseColor(seat, _colour(text, words[i])), i + 1
    elif verb in _CATCH:
        if i < len(words) and words[i][0].lower() in _SEAT_WORDS:
            i += 1
        if i >= len(words):
            raise _missing(text, end, "a seat to catch")
        move, i = CatchUno(seat, _number(text, words[i], "a seat to catch")), i + 1
    else:
        if verb not in _PLAY:
            i -= 1  # the verb is omitted: a card follows the seat
        found = _card_prefix(words[i:])
        if found is None:
            expected = _VERB if verb not in _PLAY else _CARD
            if i < len(words):
                raise _bad(text, words[i], expected)
            raise _missing(text, end, expected)
        card, n = found
        i += n
        count = 1
        if i < len(words) and _COUNT.fullmatch(words[i][0].lower()):
            count, i = int(words[i][0][1:]), i + 1
        elif i < len(words) and _TOO_MANY.fullmatch(words[i][0].lower()):
            raise _bad(text, words[i], "a number of copies from x1 to x999")
        color: Color | None = None
        if i < len(words) and words[i][0].lower() not in _SWAP:
            if not card.is_wild:
                raise _bad(text, words[i], "nothing after a coloured card but xN or 'swap SEAT'")
            color, i = _colour(text, words[i]), i + 1
        swap: int | None = None
        if i < len(words) and words[i][0].lower() in _SWAP:
            i += 1
            if i < len(words) and words[i][0].lower() in _SEAT_WORDS:
                i += 1
            if i >= len(words):
                raise _missing(text, end, "a seat to swap hands with")
            swap, i = _number(text, words[i], "a seat to swap hands with"), i + 1
        move = Play(seat, card, color, swap, count)
    if i < len(words):
        raise _bad(text, words[i], "the end of the move (';' separates moves)")
    return move


def parse_move(text: str, *, lang: str = "en") -> Move:
    """Parse one move (grammar in the module docstring).

    Args:
        text: e.g. ``"0 play W+4 blue"``, ``"seat 2 catches 0"``, ``"1 takes"``.

    Returns:
        The move: a :class:`~unorules.moves.Play`, ``Draw``, ``Pass``,
        ``ChooseColor``, ``CallUno``, ``CatchUno`` or ``Challenge``.

    Raises:
        NotationError: naming the column and what was expected there (a seat
            number, a verb, a card, a colour, a seat to catch, nothing after a
            coloured card, ...). A ``;`` is an error: use :func:`parse_moves`.

    >>> parse_move("0 play wild draw four blue")
    Play(player=0, card=Card.parse('W+4'), color=Color.BLUE)
    >>> parse_move("Seat 2 catches 0")
    CatchUno(player=2, target=0)
    """
    cut = text.find(";")
    if cut >= 0:
        raise NotationError(text, cut, "one move (parse_moves reads moves separated by ';')")
    return _parse_move(text, 0, len(text))


def parse_moves(text: str, *, lang: str = "en", names: Sequence[str] = ()) -> tuple[Move, ...]:
    """Parse moves separated by ``;``; blank pieces are skipped.

    Args:
        text: e.g. ``"0 play W+4 blue; 1 challenge"``.

    Returns:
        The moves in order (empty for blank text).

    Raises:
        NotationError: at the first bad move, with the position in the whole text.

    >>> parse_moves("0 uno; 0 play R3; 2 catch 0")
    (CallUno(player=0), Play(player=0, card=Card.parse('R3')), CatchUno(player=2, \
target=0))
    """
    return tuple(
        _parse_move(text, start, end)
        for start, end in _spans(text, ";", 0, len(text))
        if text[start:end].strip()
    )


def format_move(move: Move) -> str:
    """The canonical text of ``move``, the same as ``str(move)``.

    Args:
        move: any move.

    Returns:
        E.g. ``"0 play W+4 blue"``; :func:`parse_move` reads it back.

    >>> format_move(Play(0, Card.parse("w+4"), Color.BLUE))
    '0 play W+4 blue'
    """
    return str(move)
