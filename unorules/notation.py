"""One-line text forms typed at the card table: situations and moves.

The notation reads English, Swedish and Norwegian Bokmål words at once: card,
colour, verb and clause words of every language are always accepted, whatever
language the text is read in. Only the *codes* of the colours depend on the
language (the ``lang`` argument, ``"en"`` by default): see `Codes`_. The
output forms are the English codes and keywords (``str(move)`` always;
:func:`format_situation` and :func:`format_state` unless given another
``lang``: then that language's keywords, colour words and codes, to be read
back with the same ``lang``).

Situation notation
==================

A situation is a list of clauses separated by ``;``, in any order, each at
most once. Keywords, words and codes are case-insensitive; whitespace is free;
empty clauses (a trailing ``;``) are ignored::

    top R7; hands R3 W+4 G5 / ?7 / B2 B9; turn 0
    top W blue; hands R3 / G5 G6; turn 1; dir ccw; dealer 0
    top R7; hands R3 R5 / ?5 / ?5; turn 0; draw Y4 G2; discard G7 R1 R7; scores 120 0 35; seed 3
    top R7; hands R3 / ?5 / ?5; names Anna Bo Cilla; turn Bo
    topp röd sjua; händer Gu3, dra fyra / ?5; namn Anna Bo        (lang="sv")
    topp trekk 4 blå; hender Gr3 / ?5; navn Kari Ola; tur Ola     (lang="nb")

Grammar::

    situation = clause { ";" clause } ;
    clause    = TOP CARD [ COLOUR ]                (* required *)
              | COLOR COLOUR
              | HANDS HAND "/" HAND { "/" HAND }   (* required *)
              | TURN SEAT                          (* default 0 *)
              | DIR DIRECTION                      (* default cw *)
              | DRAW ( CARDS | "-" )
              | DISCARD ( CARDS | "-" )
              | DEALER SEAT
              | "seed" INT                         (* default 0 *)
              | SCORES NAT { NAT }
              | NAMES NAME { NAME }
              | CLOCK NAT ;                        (* house.blitz=N *)
    HAND      = "-" | ITEM { ITEM } ;
    ITEM      = CARD | "?" NAT ;                   (* ?N: N >= 1 unknown cards *)
    CARDS     = CARD { CARD } ;                    (* as parse_cards: codes separated by
                                                      spaces or commas; names by commas *)
    CARD      = a card code of the language (R7, GS, Gu7, Y+2, W, W+4, WS, WX, WC, ...)
              | a card's name in any language (red 7, röd sjua, dra fyra, trekk 4, ...) ;
    COLOUR    = a colour word in any language | a colour code of the language ;
    SEAT      = NAT | NAME ;                       (* a name given in the names clause *)
    NAME      = letters { letters | "-" } ;        (* any alphabet, at most 20 characters *)
    NAT       = digit { digit } ;                  (* at most 9 digits 0-9 *)
    INT       = [ "+" | "-" ] digit { digit } ;    (* at most 30 digits 0-9 *)

The clause keywords (each column is accepted in every language):

==========  ===============  ====================  ============================
clause      English          Swedish               Norwegian
==========  ===============  ====================  ============================
TOP         top              topp                  topp
COLOR       color, colour    färg                  farge
HANDS       hands, hand      händer, hand          hender, hånd, hand
TURN        turn, current    tur                   tur
DIR         dir, direction   riktning              retning
DRAW        draw             draghög, draghögen    trekkebunke(n), bunke(n)
DISCARD     discard          slänghög, slänghögen  kastebunke, kastebunken
DEALER      dealer           giv, givare, givaren  giver, kortgiver
SCORES      scores, score    poäng                 poeng
NAMES       names            namn                  navn
CLOCK       clock            klocka, klockan       klokke, klokka
==========  ===============  ====================  ============================

DIRECTION: ``cw``, ``clockwise``, ``+1``, ``1``, ``medurs``, ``medsols``
(clockwise); ``ccw``, ``counterclockwise``, ``counter-clockwise``,
``anticlockwise``, ``anti-clockwise``, ``-1``, ``moturs``, ``motsols``.

Meaning:

* ``top CARD [COLOUR]``: the top card of the discard pile; a colour after it is
  the colour in force, required when the top card is wild (``top W+4 blue``,
  ``topp dra fyra blå``). ``color COLOUR`` says the same in a clause of its
  own; give the colour once.
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
* ``clock``: the turns that have ended in the game so far, on the clock of
  a rule set that has one (``house.blitz=N``): ``clock 199`` under
  ``house.blitz=200`` means the turn now being played is the last.
* ``names``: the players' names, one per hand, seat 0 first. A name is
  letters of any alphabet (a hyphen may join parts), at most 20 characters,
  different from the others (ignoring case), and not ``seat`` or ``player``
  (the words that may stand before a seat in a move). A name is known by its
  place, so any other word of the notation is a name too (``Red``, ``Uno``,
  ``Stopp``): in the ``names`` clause, and wherever a move expects a seat
  (``Red catch Uno``). With names, ``turn`` and ``dealer`` may name a player
  instead of a seat number.

Codes
=====

A card code is a colour code and a face code (``R7``, ``RS`` Skip, ``RR``
Reverse, ``R+2`` or ``RD2`` Draw Two), or a wild code (``W``, ``W+4``/``WD4``/
``+4``, ``WS``, ``WX``, ``WC``). The face codes are the same in every
language; the colour codes are not:

========  ===========  ==================  ==================
colour    English      Swedish (``sv``)    Norwegian (``nb``)
========  ===========  ==================  ==================
red       ``R``        ``R``               ``R``
yellow    ``Y``        ``Y``, ``Gu`` gul   ``Y``, ``Gu`` gul
green     ``G``        ``Gr`` grön         ``Gr`` grønn
blue      ``B``        ``B``               ``B``
========  ===========  ==================  ==================

Under ``sv`` and ``nb`` a bare ``G`` (``G7``, ``GS``, ``color G``) is refused,
since gul and grön/grønn both begin with G: the error offers both readings.
English has no ``Gu``/``Gr`` codes (``GR`` is the green Reverse there).

Move notation
=============

The form that ``str(move)`` prints, and variants a person types::

    0 play W+4 blue     0 W+4 blue      seat 0 lays wild draw four blue
    1 draw              1 takes         Bo drar          Bo trekker
    1 pass              1 keeps         Bo passar        Bo passer
    0 color red         0 names red     Anna väljer röd  Anna velger rød
    0 uno               0 calls uno     Anna ropar uno   Anna roper uno
    2 catch 0           2 catches 0     Cilla fångar Anna
    1 challenge         1 challenges    Bo utmanar       Bo utfordrer
    0 play R7 swap 2    0 R7 with seat 2       (house.seven-zero, Wild Swap Hands)
    0 play G5 x2                               (house.multiple-identical)
    0 play R5 B5 G5     0 R5 and B5 and G5     (house.multiple-same-number)
    0 play R7 give B3 to 2   Anna lägger röd sjua och ger blå trea till Bo
                                               (a card that hands cards over)
    0 play WT+2 to 2    Anna lägger riktat dra två till Bo
                                               (a card that names a seat to draw)
    1 timeout                                  (a host's move, house.timed-turns)

Grammar (case-insensitive; several moves are separated by ``;``)::

    moves  = move { ";" move } ;
    move   = [ "seat" | "player" ] SEAT action ;
    action = [ PLAY ] CARD [ "x" COUNT ] { [ AND ] CARD } [ COLOUR ]
             [ SWAP [ "seat" | "player" ] SEAT ]
             [ GIVE CARD { [ AND ] CARD } TO [ "seat" | "player" ] SEAT
             | TO [ "seat" | "player" ] SEAT ]
           | DRAW
           | PASS
           | CHOOSE COLOUR
           | [ CALL ] ( "uno" | "uno!" )
           | CATCH [ "seat" | "player" ] SEAT
           | CHALLENGE
           | ( "timeout" | "timeouts" ) ;

The verbs, each accepted in every language:

* PLAY: play, plays, lay, lays; spela, spelar, lägg, lägger; spill,
  spiller, legg, legger.
* DRAW: draw, draws, take, takes; dra, drar, ta, tar; trekk, trekker.
* PASS: pass, passes, keep, keeps; passa, passar, behåll, behåller; pass,
  passer, behold, beholder.
* CHOOSE: color, colour, name, names, choose, chooses; välj, väljer, färg;
  velg, velger, farge (``0 väljer färg röd``: CHOOSE twice).
* CALL: call, calls, say, says; säg, säger, ropa, ropar; si, sier, rop, roper.
* CATCH: catch, catches; fånga, fångar; fang, fanger, ta, tar.
* CHALLENGE: challenge, challenges; utmana, utmanar; utfordre, utfordrer.
* SWAP: swap, swaps, with; byt, byter, med; bytt, bytter, med.
* GIVE: give, gives; ge, ger; gi, gir. TO: to; till; til.

Where a word could be two things: ``dra``/``ta``/``trekk`` followed by the
rest of a card's name is that card (``0 dra fyra blå``, ``0 trekk 4 Gr`` play
a Wild Draw Four), else the verb draw; ``ta``/``tar`` followed by a seat or a
name catches (Norwegian ``Bo tar Anna``), alone it draws (Swedish ``Bo tar``).

In a play, CARD may be a name (``red 7``, ``wild draw four``, ``röd sjua``).
A colour is only allowed after a wild card; a wild card without one still
parses (the engine reports that move as illegal).

Every parse error is a :class:`~unorules.errors.NotationError` whose
``position`` is the 0-based offset of the offending token in the whole text
and whose message (translatable: ``error.text_in("sv")``) names the 1-based
column and what was expected there.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, TypeVar

import attrs

from unorules.cards import (
    Card,
    Color,
    Face,
    colour_expected,
    format_cards,
    parse_cards,
    parse_color,
)
from unorules.cards.card import _ambiguous, _index, _key, _lang, _lookup, with_defined_faces
from unorules.cards.words import card_code
from unorules.dealing import MAX_UNKNOWN
from unorules.errors import Message, NotationError, msg
from unorules.explanations import words as _w
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
    "MAX_NAME",
    "SituationSpec",
    "as_held",
    "check_names",
    "format_move",
    "format_situation",
    "format_state",
    "parse_move",
    "parse_moves",
    "parse_situation",
]

MAX_HANDS = 20
"""The most hands the situation parser accepts; the rule set decides what is playable."""


_M = TypeVar("_M", bound=Move)


def as_held(move: _M, hand: Sequence[Card]) -> _M:
    """``move`` with each card it lays or hands over that names only the
    side up of a two-sided card of ``hand`` replaced by that card: a player
    says ``R5`` for the ``R5:OR`` it holds (``Card.side``). A card the hand
    holds as named, or that no two-sided card of it shows, stays; of two
    two-sided cards that show the same side, the first in the hand is taken.
    Only a play of one copy is read so; any other move is ``move`` itself.

    >>> from unorules.cards import Card
    >>> as_held(parse_move("0 play R5"), (Card.parse("B1"), Card.parse("R5:OR")))
    Play(player=0, card=Card.parse('R5:OR'))
    """
    if not isinstance(move, Play) or move.count != 1:
        return move
    pool = list(hand)

    def held(card: Card) -> Card:
        if card in pool:
            pool.remove(card)
            return card
        for c in pool:
            if card.back is None and c.back is not None and c.side is card:
                pool.remove(c)
                return c
        return card

    card = held(move.card)
    more = tuple(held(c) for c in move.more)
    give = tuple(held(c) for c in move.give)
    if card is move.card and more == move.more and give == move.give:
        return move
    return attrs.evolve(move, card=card, more=more, give=give)


_Word = tuple[str, int]  # a token and its offset in the whole text

_WORD = re.compile(r"\S+")
_MOVE_WORD = re.compile(r"[^\s,]+")
_ITEM = re.compile(r"[^\s,]+")  # the tokens of parse_cards
_NAT = re.compile(r"[0-9]{1,9}")
_INT = re.compile(r"[+-]?[0-9]{1,30}")
_UNKNOWN = re.compile(r"\?([0-9]{1,9})")

_CARD_EN = msg("a card: a code such as R7, GS, B+2, W or W+4, or a long name such as 'red 7'")
_CARD_NORDIC = msg(
    "a card: a code such as R7, Gu7, GrS, B+2, W or W+4, or a name such as 'röd 7' or 'dra fyra'"
)
_SEAT = msg("a seat number (0, 1, 2, ...)")
_SEAT_OR_NAME = msg("a seat number (0, 1, 2, ...) or a player's name ({names})")
_END_OF_INPUT = msg("end of input")
MAX_NAME = 20
"""The longest name the ``names`` clause accepts, in characters."""


def _card_expected(lang: str) -> Message:
    return with_defined_faces(_CARD_EN if lang == "en" else _CARD_NORDIC)


def _all(table: object) -> dict[str, str]:
    """word -> key over every language of a ``lang -> key -> words`` table."""
    index: dict[str, str] = {}
    for per_lang in table.values():  # type: ignore[attr-defined]
        for key, words in per_lang.items():
            for word in words:
                index.setdefault(word, key)
    return index


def _verbs(verb: str) -> frozenset[str]:
    return frozenset(w for table in _w.VERB_WORDS.values() for w in table[verb])


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
        clock: the turns ended in the game on its clock (``house.blitz=N``),
            if given (``clock`` clause).
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
    clock: int | None = None
    colourless: tuple[str, int] | None = attrs.field(default=None, eq=False, repr=False)
    """For a wild top card given without a colour: the text and the place
    after the card, where the colour was expected."""

    def to_state(self, rules: RuleSet) -> GameState:
        """Build the game state under ``rules`` with :func:`unorules.dealing.situation`.

        Raises:
            NotationError: for a wild top card given without a colour under
                rules whose wild cards name one (all but
                ``all-wild.no-colour``), at the place the colour was expected.
            SituationError: when the position cannot exist under ``rules`` (a
                seat count outside the deck's range, too many copies of a
                card, a seat out of range, ...).
        """
        from unorules.dealing import situation

        if self.colourless is not None and rules.colors:
            text, at = self.colourless
            raise NotationError(
                text,
                at,
                msg("a colour after the wild top card (e.g. 'top W+4 blue') or a 'color' clause"),
            )

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
            clock=self.clock,
        )
        return state


_KEYWORDS: dict[str, str] = _all(_w.CLAUSE_WORDS)
_KEYWORD_LIST = msg(
    "one of top, hands, turn, dir, color, draw, discard, dealer, seed, scores, names, clock"
)
_DIRECTIONS: dict[str, int] = {
    word: direction
    for table in _w.DIRECTION_WORDS.values()
    for direction, words in table.items()
    for word in words
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


def _bad(text: str, word: _Word, expected: str | Message) -> NotationError:
    """The error for the token ``word``, found as a whole (not up to the next space)."""
    token = word[0]
    found: str | Message = (
        repr(token)
        if len(token) <= 40
        else msg("{start}... ({count} characters)", start=repr(token[:20]), count=len(token))
    )
    return NotationError(text, word[1], expected, found=found)


_DIGITS = re.compile(r"[+-]?[0-9]+")


def _number(text: str, word: _Word, expected: Message, *, signed: bool = False) -> int:
    """The whole number ``word``; a number with more digits than the grammar
    allows (``NAT``: 9, ``INT``: 30) is refused before it is converted."""
    token = word[0]
    pattern = _INT if signed else _NAT
    if pattern.fullmatch(token) is None:
        if _DIGITS.fullmatch(token) and (signed or token[0].isdigit()):
            most = 30 if signed else 9
            digits = len(token.lstrip("+-"))
            raise NotationError(
                text,
                word[1],
                msg("{expected} (at most {most} digits)", expected=expected, most=most),
                found=msg("{count} digits", count=digits),
            )
        if token.lstrip("+-").isdecimal():
            raise _bad(text, word, msg("{expected} in the digits 0-9", expected=expected))
        raise _bad(text, word, expected)
    return int(token)


def _expected_of(error: NotationError) -> str | Message:
    """What ``error`` expected, as the message it was raised with."""
    if error.message is not None:
        expected = error.message.params.get("expected")
        if isinstance(expected, Message):
            return expected
    return error.expected


def _colour(text: str, word: _Word, lang: str) -> Color:
    try:
        return parse_color(word[0], lang=lang)
    except NotationError as e:
        raise _bad(text, word, _expected_of(e)) from None


def _card_prefix(words: list[_Word], lang: str) -> tuple[Card, int] | None:
    """The longest run of leading words that names a card, and its length;
    a two-sided card by names may be two such runs with ``:`` between them
    (``röd Flip : Välj färg``)."""
    longest = _longest_card_name(len(Face.registered()), len(Color.registered()))
    for n in range(min(len(words), longest), 0, -1):
        card = _lookup(_key(" ".join(w for w, _ in words[:n])), lang)
        if card is not None:
            if card.back is None and n + 1 < len(words) and words[n][0] == ":":
                back = _card_prefix(words[n + 1 :], lang)
                if back is not None and back[0].back is None:
                    return Card(card.color, card.face, back[0]), n + 1 + back[1]
            return card, n
    return None


@cache
def _longest_card_name(faces: int, colours: int) -> int:
    """The most words a card's name can take once ``faces`` faces and
    ``colours`` colours are defined: the longest name (``skift farge og
    trekk 4-kort``) and an article before it."""
    return 1 + max(len(key.split()) for key in _index("en"))


def _no_card(text: str, word: _Word, lang: str, expected: Message) -> NotationError:
    """The error for ``word`` where a card should start: a bare G under sv/nb
    gets both of its readings."""
    ambiguous = _ambiguous(_key(word[0]), lang)
    return _bad(text, word, ambiguous or expected)


def _cards(text: str, start: int, end: int, lang: str) -> tuple[Card, ...]:
    """parse_cards on ``text[start:end]``, with error positions in the whole text."""
    try:
        return parse_cards(text[start:end], lang=lang)
    except NotationError as e:
        at = start + e.position
        token = _ITEM.match(text, at, end)
        raise _bad(text, (token.group() if token else "", at), _expected_of(e)) from None


def _end_of(text: str, word: _Word) -> int:
    return word[1] + len(word[0])


def _missing(text: str, end: int, expected: str | Message) -> NotationError:
    """The error for nothing where ``expected`` should be, before ``end`` (a separator)."""
    return NotationError(
        text, end, expected, found=repr(text[end]) if end < len(text) else _END_OF_INPUT
    )


# --------------------------------------------------------------------------- names

_NAME = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@cache
def _reserved() -> frozenset[str]:
    """The words a name cannot be: those that stand in a name's own place in a
    move, before a seat (``seat``, ``player``: ``player 2 draws``), so that a
    move could not tell the player from the word. Any other word of the
    notation (``Red``, ``Uno``, ``Stopp``) is a name in the ``names`` clause
    and where a move expects a seat."""
    return frozenset(w for table in _w.VERB_WORDS.values() for w in table["seat"])


_NAME_EXPECTED = msg(
    "a name: letters (a hyphen may join parts), at most {most} characters", most=MAX_NAME
)


def check_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, checked as a ``names`` clause checks them: each
    letters of any alphabet (a hyphen may join parts), at most
    :data:`MAX_NAME` characters, no word or code of the notation, none twice
    (ignoring case); written in Unicode's composed form (NFC).

    Args:
        names: the names, seat 0 first.

    Returns:
        The names in composed form.

    Raises:
        NotationError: at the first name that breaks a rule; its ``text`` is
            the names joined by spaces.

    >>> check_names(["Anna", "Bo"])
    ('Anna', 'Bo')
    """
    if isinstance(names, str) or not all(isinstance(n, str) for n in names):
        raise NotationError(str(names)[:60], 0, msg("the players' names as a list of strings"))
    composed = [unicodedata.normalize("NFC", n) for n in names]
    text = " ".join(composed)
    seen: dict[str, int] = {}
    at = 0
    out: list[str] = []
    for name in composed:
        if not name or any(c.isspace() for c in name):
            raise _bad(text, (name, at), _NAME_EXPECTED)
        out.append(_name(text, (name, at), seen))
        at += len(name) + 1
    return tuple(out)


def _name(text: str, word: _Word, seen: dict[str, int]) -> str:
    """The player's name ``word`` of a ``names`` clause (``seen``: names so far,
    lower case -> offset)."""
    token = word[0]
    if _NAME.fullmatch(token) is None or len(token) > MAX_NAME:
        raise _bad(text, word, _NAME_EXPECTED)
    folded = token.casefold()
    if folded in _reserved() or token.lower() in _reserved():
        raise _bad(
            text,
            word,
            msg(
                "a name other than {word}: in a move {word} may stand before a seat "
                "({example}), so a move could not tell the player from the word",
                word=repr(token),
                example=repr(f"{token.lower()} 2 draw"),
            ),
        )
    if folded in seen:
        raise _bad(
            text,
            word,
            msg(
                "a name not given before (the same name is at column {column})",
                column=seen[folded] + 1,
            ),
        )
    seen[folded] = word[1]
    return token


def _seat_of(text: str, word: _Word, names: Sequence[str], expected: Message) -> int:
    """The seat ``word`` stands for: a seat number or one of ``names``."""
    token = word[0]
    if names and not token[:1].isdigit() and token[:1] not in "+-":
        folded = token.casefold()
        for seat, name in enumerate(names):
            if name.casefold() == folded:
                return seat
        raise _bad(
            text,
            word,
            msg(
                "{expected} or a player's name ({names})", expected=expected, names=", ".join(names)
            ),
        )
    return _number(text, word, expected)


class _SituationParser:
    """Reads the clauses of one situation line; see the module docstring."""

    def __init__(self, text: str, lang: str, known: Sequence[str] = ()) -> None:
        self.text = text
        self.lang = lang
        self.known = tuple(known)
        self.seen: dict[str, int] = {}
        self.top: Card | None = None
        self.top_end = 0
        self.color: Color | None = None
        self.color_at = 0
        self.hands: tuple[str, ...] = ()
        self.turn: _Word | None = None
        self.direction = 1
        self.draw_pile: str | None = None
        self.discard: tuple[Card, ...] | None = None
        self.dealer: _Word | None = None
        self.seed = 0
        self.scores: list[_Word] | None = None
        self.scores_end = 0
        self.names: list[_Word] = []
        self.names_end = 0
        self.clock: int | None = None

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
                    msg(
                        "no second '{key}' clause (the first is at column {column})",
                        key=key,
                        column=self.seen[key] + 1,
                    ),
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
                "top": _card_expected(self.lang),
                "color": colour_expected(self.lang),
                "turn": _SEAT,
                "dealer": _SEAT,
                "dir": msg("a direction: cw or ccw"),
                "seed": _SEED,
                "scores": msg("the scores: one whole number per seat"),
                "names": msg("the players' names, one per hand, seat 0 first"),
                "clock": _CLOCK,
            }[key]
            raise _missing(text, end, what)
        rest = args[1:]
        if key == "top":
            rest = self._top(args)
        elif key == "color":
            self._set_color(args[0], keyword)
        elif key == "turn":
            self.turn = self._seat_word(args[0])
        elif key == "dealer":
            self.dealer = self._seat_word(args[0])
        elif key == "seed":
            self.seed = _number(text, args[0], _SEED, signed=True)
        elif key == "dir":
            direction = _DIRECTIONS.get(args[0][0].lower())
            if direction is None:
                raise _bad(
                    text,
                    args[0],
                    msg("a direction: cw or ccw (clockwise, counterclockwise, +1, -1)"),
                )
            self.direction = direction
        elif key == "clock":
            self.clock = _number(text, args[0], _CLOCK)
        elif key == "names":
            seen: dict[str, int] = {}
            for word in args:
                _name(text, word, seen)
            self.names, self.names_end, rest = args, end, []
        else:  # scores
            for word in args:
                _number(text, word, msg("a score: a whole number"))
            self.scores, self.scores_end, rest = args, end, []
        if rest:
            raise _bad(
                text,
                rest[0],
                msg("the end of the '{key}' clause (';' separates clauses)", key=key),
            )

    def _seat_word(self, word: _Word) -> _Word:
        """A seat number, checked now, or a name, looked up when the names are known."""
        if _NAME.fullmatch(word[0]) is None:
            _number(self.text, word, _SEAT)
        return word

    def _top(self, args: list[_Word]) -> list[_Word]:
        found = _card_prefix(args, self.lang)
        if found is None:
            raise _no_card(self.text, args[0], self.lang, _card_expected(self.lang))
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
            msg(
                "no colour but {colour} with the coloured top card {card} "
                "(a colour is named only after a wild card)",
                colour=top.color,
                card=top.code,
            ),
            found=repr(color.value),
        )

    def _set_color(self, word: _Word, where: _Word) -> None:
        """Set the colour in force named by ``word`` in the clause at ``where``."""
        color = _colour(self.text, word, self.lang)
        at = where[1]
        if self.color is not None or ("color" in self.seen and at != self.seen["color"]):
            first = self.color_at if self.color is not None else self.seen["color"]
            raise _bad(
                self.text,
                where,
                msg(
                    "no second colour in force (one is named at column {column})", column=first + 1
                ),
            )
        self.color, self.color_at = color, at

    def _hands(self, start: int, end: int) -> None:
        spans = _spans(self.text, "/", start, end)
        if len(spans) > MAX_HANDS:
            at = spans[MAX_HANDS][0]
            words = _words(self.text, *spans[MAX_HANDS])
            raise NotationError(
                self.text,
                words[0][1] if words else at,
                msg("at most {count} hands", count=MAX_HANDS),
                found=msg("more"),
            )
        self.hands = tuple(self._hand(s, e) for s, e in spans)
        if len(self.hands) < 2:
            raise _missing(self.text, end, msg("'/' and the next seat's hand (2 hands or more)"))

    def _hand(self, start: int, end: int) -> str:
        text = self.text
        items = [(m.group(), m.start()) for m in _ITEM.finditer(text, start, end)]
        if not items:
            raise _missing(
                text,
                end,
                msg("a hand: card codes, ?N for N unknown cards, or - for an empty hand"),
            )
        if len(items) == 1 and items[0][0] == "-":
            return ""
        codes: list[str] = []
        run = start
        for word, at in items:
            if not word.startswith("?"):
                continue
            codes.extend(c.code for c in _cards(text, run, at, self.lang))
            match = _UNKNOWN.fullmatch(word)
            if match is None or not 0 < int(match.group(1)) <= MAX_UNKNOWN:
                raise _bad(
                    text,
                    (word, at),
                    msg(
                        "'?' and a number of unknown cards from 1 to {most}, e.g. ?7",
                        most=MAX_UNKNOWN,
                    ),
                )
            codes.append(f"?{int(match.group(1))}")
            run = at + len(word)
        codes.extend(c.code for c in _cards(text, run, end, self.lang))
        return " ".join(codes)

    def _pile(self, key: str, args: list[_Word], end: int) -> None:
        if not args:
            if key == "draw":
                what = msg("the draw pile: cards, top first, or - if empty")
            else:
                what = msg("the discard pile: cards, oldest first, or - if empty")
            raise _missing(self.text, end, what)
        if len(args) == 1 and args[0][0] == "-":
            cards: tuple[Card, ...] = ()
        else:
            cards = _cards(self.text, args[0][1], end, self.lang)
        if key == "draw":
            self.draw_pile = format_cards(cards)
        else:
            self.discard = cards

    def _finish(self) -> SituationSpec:
        text = self.text
        if self.top is None:
            raise NotationError(text, len(text), msg("a 'top' clause"))
        if "hands" not in self.seen:
            raise NotationError(text, len(text), msg("a 'hands' clause"))
        self._color_of_coloured_top()
        # A wild top card without a colour: an error unless the rule set's
        # wild cards name none (all-wild.no-colour), which to_state knows.
        colourless = (text, self.top_end) if self.top.is_wild and self.color is None else None
        seats = len(self.hands)
        names = tuple(w for w, _ in self.names)
        if self.names and len(self.names) != seats:
            expected = _names_for_hands(len(self.names), seats)
            if len(self.names) > seats:
                raise _bad(text, self.names[seats], expected)
            raise _missing(text, self.names_end, expected)
        # A seat may be named by the names clause, else by the names known
        # beforehand (a table file's players) when they are one per hand.
        seat_names = names or (self.known if len(self.known) == seats else ())
        current = 0 if self.turn is None else self._seat(self.turn, seat_names, seats)
        dealer = None if self.dealer is None else self._seat(self.dealer, seat_names, seats)
        scores: tuple[int, ...] | None = None
        if self.scores is not None:
            if len(self.scores) != seats:
                expected = msg("one score per seat ({count} seats)", count=seats)
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
            current=current,
            direction=self.direction,
            draw_pile=self.draw_pile,
            discard_pile=discard_pile,
            dealer=dealer,
            seed=self.seed,
            scores=scores,
            names=names,
            clock=self.clock,
            colourless=colourless,
        )

    def _seat(self, word: _Word, names: tuple[str, ...], seats: int) -> int:
        seat = _seat_of(self.text, word, names, _SEAT)
        if seat >= seats:
            raise _bad(
                self.text,
                word,
                msg(
                    "a seat from 0 to {last} (there are {count} hands)", last=seats - 1, count=seats
                ),
            )
        return seat


def _names_for_hands(names: int, hands: int) -> Message:
    """What to change when the ``names`` clause gives ``names`` names for
    ``hands`` hands: both counts, and the two ways to make them agree."""
    if names == 1:
        return msg(
            "one name per hand: 1 name for {hands} hands; give {hands} names, seat 0 first",
            hands=hands,
        )
    if names > hands:
        return msg(
            "one name per hand: {names} names for {hands} hands; leave out the names "
            "after the first {hands}, or give {names} hands",
            names=names,
            hands=hands,
        )
    return msg(
        "one name per hand: {names} names for {hands} hands; give {hands} names, "
        "or leave out the hands after the first {names}",
        names=names,
        hands=hands,
    )


_SEED = msg("a seed: an integer")
_CLOCK = msg("the turns ended on the game's clock: a whole number")


def parse_situation(text: str, *, lang: str = "en", names: Sequence[str] = ()) -> SituationSpec:
    """Parse a one-line situation (grammar in the module docstring).

    Args:
        text: e.g. ``"top R7; hands R3 W+4 G5 / ?7 / B2 B9; turn 0"`` or
            ``"topp röd 7; händer R3 Gu5 / ?7; namn Anna Bo"``.
        lang: the language of the card and colour codes (``"en"``, ``"sv"``,
            ``"nb"``, or a locale such as ``"sv_SE.UTF-8"``). Words of every
            language are read whatever ``lang`` is; under ``"sv"`` and
            ``"nb"`` a bare ``G`` is refused (write ``Gu`` or ``Gr``).
        names: the players' names known beforehand (a table file's), seat 0
            first: ``turn`` and ``dealer`` may name one of them when the text
            has no ``names`` clause and there is one name per hand. They do
            not become the situation's ``names``.

    Returns:
        The situation, with hands normalised to canonical codes and ``?N``
        tokens separated by single spaces, and a ``discard`` pile ending with
        the top card.

    Raises:
        NotationError: at the first problem: an unknown keyword, a clause
            given twice, a bad card, colour, seat, name or number, a wild top
            card without a colour, a bare ``G`` under ``"sv"``/``"nb"``, or a
            missing ``top``/``hands`` clause (then at ``len(text)``).
        LanguageError: for an unknown ``lang``.

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
    >>> parse_situation("topp gul sju; händer Gr3 / -; namn Anna Bo", lang="sv").names
    ('Anna', 'Bo')
    """
    if isinstance(text, str):
        text = unicodedata.normalize("NFC", text)  # "Åsa" typed in either form
    return _SituationParser(text, _lang(lang), names).parse()


def format_situation(spec: SituationSpec, *, lang: str = "en") -> str:
    """The canonical one-line form of ``spec``, in English codes and keywords,
    or in those of ``lang``.

    Clauses come in a fixed order (top, hands, turn, dir, dealer, draw,
    discard, seed, scores, names, clock); defaults other than ``turn`` are left out.
    ``parse_situation(format_situation(s)) == s`` for every ``s`` that
    :func:`parse_situation` can return.

    Args:
        spec: the situation.
        lang: the language of the keywords, colour words and colour codes
            (``"en"``, ``"sv"``, ``"nb"``): under ``"sv"`` and ``"nb"`` the
            clauses are ``topp``, ``händer``/``hender``, ``tur``, ... and
            green and yellow are ``Gr`` and ``Gu``
            (:data:`unorules.explanations.words.CLAUSE_WORDS`), so that
            ``parse_situation(format_situation(s, lang=L), lang=L) == s``.

    Returns:
        One line of text.

    Raises:
        LanguageError: for an unknown ``lang``.

    >>> format_situation(parse_situation("TOP w+4; colour b; hands r3 / -; seed 3"))
    'top W+4 blue; hands R3 / -; turn 0; seed 3'
    >>> format_situation(parse_situation("topp röd 7; händer Gu3 / -; namn Anna Bo", lang="sv"))
    'top R7; hands Y3 / -; turn 0; names Anna Bo'
    >>> format_situation(parse_situation("top W green; hands G3 Y+2 / -; dir ccw"), lang="sv")
    'topp W grön; händer Gr3 Gu+2 / -; tur 0; riktning moturs'
    """
    lang = _lang(lang)
    word = {clause: words[0] for clause, words in _w.CLAUSE_WORDS[lang].items()}
    codes = _output_codes(lang)
    top = codes(spec.top.code)
    if spec.color is not None:
        top += " " + (spec.color.value if lang == "en" else _w.colour_name(spec.color, lang))
    clauses = [
        f"{word['top']} {top}",
        f"{word['hands']} " + " / ".join(codes(hand) or "-" for hand in spec.hands),
        f"{word['turn']} {spec.current}",
    ]
    if spec.direction == -1:
        clauses.append(f"{word['dir']} {_w.DIRECTION_WORDS[lang][-1][0]}")
    if spec.dealer is not None:
        clauses.append(f"{word['dealer']} {spec.dealer}")
    if spec.draw_pile is not None:
        clauses.append(f"{word['draw']} {codes(spec.draw_pile) or '-'}")
    if spec.discard_pile is not None:
        clauses.append(f"{word['discard']} {codes(spec.discard_pile) or '-'}")
    if spec.seed != 0:
        clauses.append(f"{word['seed']} {spec.seed}")
    if spec.scores is not None:
        clauses.append(f"{word['scores']} " + " ".join(str(s) for s in spec.scores))
    if spec.names:
        clauses.append(f"{word['names']} " + " ".join(spec.names))
    if spec.clock is not None:
        clauses.append(f"{word['clock']} {spec.clock}")
    return "; ".join(clauses)


def _output_codes(lang: str) -> Callable[[str], str]:
    """A function that turns a string of English card codes (and ``?N``
    tokens) into ``lang``'s (:func:`unorules.cards.words.card_code`:
    ``Gu7``, ``Gr1:PR``)."""
    if lang == "en":
        return lambda text: text

    def codes(text: str) -> str:
        out = []
        for token in text.split(" "):
            card = _lookup(token.lower(), "en")
            if card is not None and card.code == token:
                token = card_code(card, lang)
            out.append(token)
        return " ".join(out)

    return codes


def format_state(state: GameState, names: Sequence[str] = (), *, lang: str = "en") -> str:
    """The cards of a position in the situation notation: every hand, the top
    card and the colour in force, whose turn it is, the direction, the dealer,
    the whole draw pile and discard pile, the seed and the scores (and
    ``names``, when given), and the turns on the game's clock under a rule
    set that has one (``house.blitz=N``).

    The notation holds no phase: what the seat in turn must answer (cards
    owed, a colour to name, a drawn card to play or keep, a challenge) is
    not in it; :func:`unorules.describe_state` says it in words.

    Args:
        state: the position.
        names: the players' names, seat 0 first, or none.
        lang: the language of the keywords and codes (see
            :func:`format_situation`).

    Returns:
        One line, as :func:`format_situation` writes it.

    Raises:
        LanguageError: for an unknown ``lang``.

    >>> import unorules as ur
    >>> s = ur.situation(ur.presets.official(), ["R3", "G5 G6"], top="W", color="blue",
    ...                  draw_pile="Y1", current=1)
    >>> format_state(s)
    'top W blue; hands R3 / G5 G6; turn 1; dealer 1; draw Y1; discard W'
    """
    top = state.discard_pile[-1]
    color = state.color if top.is_wild or state.color != top.color else None
    spec = SituationSpec(
        hands=tuple(format_cards(hand) for hand in state.hands),
        top=top,
        color=color,
        current=state.current,
        direction=state.direction,
        draw_pile=format_cards(state.draw_pile),
        discard_pile=format_cards(state.discard_pile),
        dealer=state.dealer,
        seed=state.seed,
        scores=state.scores if any(state.scores) else None,
        names=tuple(names),
        clock=_clock_count(state),
    )
    return format_situation(spec, lang=lang)


def _clock_count(state: GameState) -> int | None:
    """The turns on the game's clock (``house.blitz=N``), when it has one."""
    clock = state.rules.clock
    return None if clock is None else int(state.rule_value(clock[0], 0))


# --------------------------------------------------------------------------- moves

_VERB = msg("a verb: play, draw, pass, color, uno, catch, challenge, timeout (or a card to play)")
_PLAY = _verbs("play")
_DRAW = _verbs("draw")
_PASS = _verbs("pass")
_CHOOSE = _verbs("choose")
_PLAY_WORD = {lang: table["play"][1] for lang, table in _w.VERB_WORDS.items()}
_CHOOSE_WORD = {lang: table["choose"][1] for lang, table in _w.VERB_WORDS.items()}
_CATCH_WORD = {lang: table["catch"][1] for lang, table in _w.VERB_WORDS.items()}
_AND = frozenset({"and", "och", "og"})  # a wild card "and chooses" its colour
_CALL = _verbs("call")
_UNO = _verbs("uno")
_CATCH = _verbs("catch")
_CHALLENGE = _verbs("challenge")
_SEAT_WORDS = _verbs("seat")
_SWAP = _verbs("swap")
_TIMEOUT = _verbs("timeout")
_WITH = frozenset({"with", "med"})
_GIVE = frozenset({"give", "gives", "ge", "ger", "gi", "gir"})
_TO = frozenset({"to", "till", "til"})
_GIVE_SEAT = msg("a seat to hand the cards to")
_NAMED_SEAT = msg("a seat to name")
_HANDS_WORDS = frozenset({"hand", "hands", "händer", "hånd", "hender"})

_COUNT = re.compile(r"x[1-9][0-9]{0,2}")
_TOO_MANY = re.compile(r"x[0-9]+")
_CATCH_SEAT = msg("a seat to catch")
_SWAP_SEAT = msg("a seat to swap hands with")


def _is_seat(word: str, names: Iterable[str]) -> bool:
    return word.isdecimal() or word.casefold() in {n.casefold() for n in names}


def _parse_move(text: str, start: int, end: int, lang: str, names: Sequence[str]) -> Move:
    """Parse the move in ``text[start:end]``; positions refer to the whole text.
    A comma separates words as a space does (``R3, R4 och R5``)."""
    words = [(m.group(), m.start()) for m in _MOVE_WORD.finditer(text, start, end)]
    i = 1 if words and words[0][0].lower() in _SEAT_WORDS else 0
    seat_expected = msg(_SEAT_OR_NAME.template, names=", ".join(names)) if names else _SEAT
    if i >= len(words):
        raise _missing(text, end, seat_expected)
    seat = _seat_of(text, words[i], names, _SEAT)
    i += 1
    if i >= len(words):
        raise _missing(text, end, _VERB)
    verb = words[i][0].lower()
    i += 1
    move: Move
    if (
        verb in _DRAW
        and verb in _CATCH
        and i < len(words)
        and i + 1 == len(words)
        and words[i][0].casefold() in {n.casefold() for n in names}
        and (found := _card_prefix(words[i - 1 :], lang)) is not None
        and found[1] > 1
    ):
        # Swedish "Bo tar Fyra" plays "ta fyra" (a Wild Draw Four); Norwegian
        # catches the player Fyra
        raise _bad(
            text,
            words[i - 1],
            msg(
                "{as_card} (plays the card {card}) or {as_catch} (catches {name}): "
                "{words} could be either, as {name} is a player's name",
                as_card=repr(" ".join([_PLAY_WORD[lang], *(w for w, _ in words[i - 1 :])])),
                card=found[0].code,
                as_catch=repr(" ".join([_CATCH_WORD[lang], *(w for w, _ in words[i:])])),
                name=words[i][0],
                words=repr(" ".join(w for w, _ in words[i - 1 : i + 1])),
            ),
        )
    if verb in _DRAW and (found := _card_prefix(words[i - 1 :], lang)) is not None and found[1] > 1:
        verb = ""  # "dra fyra", "trekk 4": a card, not the verb draw
    if (
        verb in _CHOOSE
        and (found := _card_prefix(words[i - 1 :], lang)) is not None
        and found[1] > 1
    ):
        # "välj färg" is the Swedish Wild and also "choose colour"
        after = i - 1 + found[1]
        if after < len(words):
            typed = [w for w, _ in words]
            raise _bad(
                text,
                words[i - 1],
                msg(
                    "{as_card} (plays the card {card}) or {as_choice} (names the colour): "
                    "{words} could be either",
                    as_card=repr(" ".join([_PLAY_WORD[lang], *typed[i - 1 :]])),
                    card=found[0].code,
                    as_choice=repr(" ".join([_CHOOSE_WORD[lang], *typed[after:]])),
                    words=repr(" ".join(typed[i - 1 : after])),
                ),
            )
        verb = ""  # "Anna välj färg": the card, as no colour follows
    if (
        verb in _DRAW
        and verb in _CATCH
        and i < len(words)
        and (lang != "sv" or not words[i][0].isdigit())  # sv "tar 2": two cards?
        and _is_seat(words[i][0], names)
    ):
        verb = "catch"  # Norwegian "tar Bo" catches; Swedish "tar" alone draws
    if verb in _DRAW and verb != "catch" and i < len(words) and words[i][0].isdigit():
        raise _bad(
            text,
            words[i],
            msg(
                "the end of the move: a draw takes no number (the rules decide how many "
                "cards are drawn; to catch a seat that did not call UNO, write 'catch' "
                "and the seat)"
            ),
        )
    if verb in _TIMEOUT:
        move = Timeout(seat)
    elif verb in _DRAW and verb != "catch":
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
                raise _bad(text, words[i], msg("'uno'"))
            raise _missing(text, end, msg("'uno'"))
        move, i = CallUno(seat), i + 1
    elif verb in _CHOOSE:
        if i < len(words) - 1 and words[i][0].lower() in _CHOOSE:
            i += 1  # "väljer färg röd"
        if i >= len(words):
            raise _missing(text, end, colour_expected(lang))
        move, i = ChooseColor(seat, _colour(text, words[i], lang)), i + 1
    elif verb in _CATCH or verb == "catch":
        if i + 1 < len(words) and words[i][0].lower() in _SEAT_WORDS:
            i += 1
        if i >= len(words):
            raise _missing(text, end, _CATCH_SEAT)
        move, i = CatchUno(seat, _seat_of(text, words[i], names, _CATCH_SEAT)), i + 1
    else:
        if verb not in _PLAY:
            i -= 1  # the verb is omitted: a card follows the seat
        found = _card_prefix(words[i:], lang)
        if found is None:
            expected = _VERB if verb not in _PLAY else _card_expected(lang)
            if i < len(words):
                raise _no_card(text, words[i], lang, expected)
            raise _missing(text, end, expected)
        card, n = found
        i += n
        count = 1
        if i < len(words) and _COUNT.fullmatch(words[i][0].lower()):
            count, i = int(words[i][0][1:]), i + 1
        elif i < len(words) and _TOO_MANY.fullmatch(words[i][0].lower()):
            raise _bad(text, words[i], msg("a number of copies from x1 to x999"))
        more: list[Card] = []
        while not card.is_wild and i < len(words):
            # Further cards laid in the same play: "R5 B5 G5", "röd femma och blå femma".
            j = i + 1 if words[i][0].lower() in _AND and i + 1 < len(words) else i
            then = _card_prefix(words[j:], lang)
            if then is None:
                break
            more.append(then[0])
            i = j + then[1]
        color: Color | None = None
        if card.is_wild and i < len(words):
            # "dra fyra och väljer blå", "trekk 4 og velger blå", "W+4 and chooses blue",
            # "byt färg och säger gul"
            said = _CHOOSE | _CALL | {"naming"}
            if words[i][0].lower() in _AND and i + 1 < len(words):
                if words[i + 1][0].lower() in said:
                    i += 2
            elif words[i][0].lower() in said:
                i += 1
        if (
            i + 1 < len(words)
            and words[i][0].lower() in _AND
            and words[i + 1][0].lower() in _SWAP | _GIVE
        ):
            i += 1  # "röd 7 och byter hand med Ebba", "röd 7 och ger blå 3 till Bo"
        if i < len(words) and words[i][0].lower() not in _SWAP | _GIVE | _TO:
            if not card.is_wild:
                raise _bad(
                    text,
                    words[i],
                    msg(
                        "nothing after a coloured card but xN, further cards, 'swap SEAT' or "
                        "'give CARD to SEAT'"
                    ),
                )
            color, i = _colour(text, words[i], lang), i + 1
        swap: int | None = None
        if i < len(words) and words[i][0].lower() in _SWAP:
            i += 1
            # "byter hand med", "bytter hånd med", "swaps hands with": the words
            # before the seat, each only when a seat still follows it (a player
            # may be called Hand or Med)
            if i + 1 < len(words) and words[i][0].lower() in _HANDS_WORDS:
                i += 1
            if i + 1 < len(words) and words[i][0].lower() in _WITH:
                i += 1
            if i + 1 < len(words) and words[i][0].lower() in _SEAT_WORDS:
                i += 1
            if i >= len(words):
                raise _missing(text, end, _SWAP_SEAT)
            swap, i = _seat_of(text, words[i], names, _SWAP_SEAT), i + 1
        given: list[Card] = []
        to: int | None = None
        if i + 1 < len(words) and words[i][0].lower() in _AND and words[i + 1][0].lower() in _GIVE:
            i += 1  # "... byter hand med Bo och ger blå trea till Cilla"
        if i < len(words) and words[i][0].lower() in _GIVE:
            # "give B3 to 2", "ger blå trea till Bo", "gir blå 3 til Bo"
            i += 1
            while i < len(words) and words[i][0].lower() not in _TO:
                if given and words[i][0].lower() in _AND:
                    i += 1
                    continue
                found = _card_prefix(words[i:], lang)
                if found is None:
                    raise _no_card(text, words[i], lang, _card_expected(lang))
                given.append(found[0])
                i += found[1]
            to, i = _seat_after(text, words, i, end, names, _GIVE_SEAT)
        elif i < len(words) and words[i][0].lower() in _TO:
            # "play WT+2 to 2", "lägger Riktat dra två till Bo": the seat a
            # card names to draw (ActionEffect.named_draws)
            to, i = _seat_after(text, words, i, end, names, _NAMED_SEAT)
        move = Play(seat, card, color, swap, count, tuple(more), tuple(given), to)
    if i < len(words):
        raise _bad(text, words[i], msg("the end of the move (';' separates moves)"))
    return move


def _seat_after(
    text: str, words: list[_Word], i: int, end: int, names: Sequence[str], expected: Message
) -> tuple[int, int]:
    """The seat after the word ``words[i]`` (``to``, ``till``, ``til``; an
    optional "seat"/"plats" between): the seat, and the index after it."""
    if i + 1 >= len(words):
        raise _missing(text, end, expected)
    i += 1
    if i + 1 < len(words) and words[i][0].lower() in _SEAT_WORDS:
        i += 1
    return _seat_of(text, words[i], names, expected), i + 1


def parse_move(text: str, *, lang: str = "en", names: Sequence[str] = ()) -> Move:
    """Parse one move (grammar in the module docstring).

    Args:
        text: e.g. ``"0 play W+4 blue"``, ``"seat 2 catches 0"``, ``"1 takes"``,
            ``"Anna lägger dra fyra blå"``, ``"1 trekker"``.
        lang: the language of the card and colour codes, as in
            :func:`parse_situation` (words of every language are read).
        names: the players' names, seat 0 first (a situation's ``names``);
            a name may then stand for its seat number (``"Bo catch Anna"``).

    Returns:
        The move: a :class:`~unorules.moves.Play`, ``Draw``, ``Pass``,
        ``ChooseColor``, ``CallUno``, ``CatchUno``, ``Challenge`` or ``Timeout``.

    Raises:
        NotationError: naming the column and what was expected there (a seat
            number or name, a verb, a card, a colour, a seat to catch, nothing
            after a coloured card, a bare ``G`` under ``"sv"``/``"nb"``...).
            A ``;`` is an error: use :func:`parse_moves`.
        LanguageError: for an unknown ``lang``.

    >>> parse_move("0 play wild draw four blue")
    Play(player=0, card=Card.parse('W+4'), color=Color.BLUE)
    >>> parse_move("Seat 2 catches 0")
    CatchUno(player=2, target=0)
    >>> parse_move("Bo lägger dra fyra Gr", lang="sv", names=("Anna", "Bo"))
    Play(player=1, card=Card.parse('W+4'), color=Color.GREEN)
    """
    code = _lang(lang)
    text = unicodedata.normalize("NFC", text) if isinstance(text, str) else text
    names = tuple(unicodedata.normalize("NFC", n) for n in names)
    cut = text.find(";")
    if cut >= 0:
        raise NotationError(text, cut, msg("one move (parse_moves reads moves separated by ';')"))
    return _parse_move(text, 0, len(text), code, tuple(names))


def parse_moves(text: str, *, lang: str = "en", names: Sequence[str] = ()) -> tuple[Move, ...]:
    """Parse moves separated by ``;``; blank pieces are skipped.

    Args:
        text: e.g. ``"0 play W+4 blue; 1 challenge"``.
        lang: the language of the codes, as in :func:`parse_move`.
        names: the players' names, seat 0 first, as in :func:`parse_move`.

    Returns:
        The moves in order (empty for blank text).

    Raises:
        NotationError: at the first bad move, with the position in the whole text.
        LanguageError: for an unknown ``lang``.

    >>> parse_moves("0 uno; 0 play R3; 2 catch 0")
    (CallUno(player=0), Play(player=0, card=Card.parse('R3')), CatchUno(player=2, \
target=0))
    """
    code = _lang(lang)
    text = unicodedata.normalize("NFC", text) if isinstance(text, str) else text
    people = tuple(unicodedata.normalize("NFC", n) for n in names)
    return tuple(
        _parse_move(text, start, end, code, people)
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
