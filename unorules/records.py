"""Game records: a whole game (or one round) as its deal and its moves, in
JSON Lines or in a compact text form, read back, replayed and checked
(``unorules check``, ``unorules replay``; :mod:`unorules.record_check`).

A record holds what it takes to play the game again exactly: the rule set
(a preset string), the number of seats and the players' names, the seed of
the shuffles, and per round the dealer, the scores the round starts with,
the exact order of the deck when one was given (else the seed deals it) and
of the draw pile after each reshuffle when another engine shuffled it, and
every move in the move notation (:mod:`unorules.notation`). The two forms
hold the same information and convert both ways.

JSON Lines (``form="jsonl"``): one JSON object a line, a header line first,
then per round a round line and one line per move, and last the end line
when the game (or the round played on its own) is over::

    {"format": 2, "rules": "official", "players": 3, "names": ["Anna", "Bo", "Cy"], "seed": 7,
     "bots": ["heuristic", "random", "heuristic"]}
    {"round": 1, "dealer": 2, "scores": [0, 0, 0]}
    {"n": 1, "move": "0 play R7"}
    {"n": 2, "move": "1 draw"}
    ...
    {"end": "game"}

The text form (``form="text"``): tag lines as in PGN, then the moves
numbered from 1 in each round::

    [Format "2"]
    [Rules "official"]
    [Players "3"]
    [Names "Anna Bo Cy"]
    [Seed "7"]
    [Bots "heuristic random heuristic"]

    [Round "1"]
    [Dealer "2"]
    [Scores "0 0 0"]
    1. 0 play R7
    2. 1 draw
    ...

    [End "game"]

The end line (format 2) says the record is whole: ``game``, the game is
over; ``round``, a round played on its own is over; ``stopped``, the
recording stopped before the game was over. Nothing follows it. A record
cut short at a line's end has none, so ``unorules check`` finds a record
without one unfinished. Format 1, without end lines, is still read: such
a record is judged whole when its last round is over and it holds one
round, or the game is over after its last round.

Grammar of the text form (``#`` starts a comment line; blank lines are free)::

    record   = header round { round } [ tag("End") ] ;  (* End: format 2 *)
    header   = tag("Format") tag("Rules") tag("Players") [ tag("Names") ] [ tag("Seed") ]
               [ tag("Bots") ] ;
    round    = tag("Round") [ tag("Dealer") ] [ tag("Scores") ] [ tag("Deck") ]
               { tag("StartReshuffle") } { tag("Reshuffle") } { moves } ;
    tag(K)   = "[" K WS '"' VALUE '"' "]" NEWLINE ;    (* one tag a line; the header's
                                                       and a round's in any order *)
    moves    = NUMBER "." MOVE [ DREW ] { NUMBER "." MOVE [ DREW ] } NEWLINE ;
    MOVE     = a move of the move notation, up to a "{", the next NUMBER "." or the
               line's end ;
    DREW     = "{" { CARD } "}" ;       (* the cards the move drew, in order *)
    VALUE    = characters but '"' and '\\', or '\\"' and '\\\\' ;

Keys of the JSON lines (and the tag of the text form that holds the same):

======================  ==============  =====================================================
key                     tag             value
======================  ==============  =====================================================
``format``              Format          the format version, :data:`FORMAT` (header, required)
``rules``               Rules           a preset string (:func:`unorules.rules.presets.get`),
                                        required
``players``             Players         the number of seats, required
``names``               Names           the players' names, seat 0 first (optional)
``seed``                Seed            the seed of every shuffle of the game (default 0)
``bots``                Bots            the names of the bots that played, seat 0 first
                                        (optional; in the text form separated by spaces)
``round``               Round           the round's number: 1, 2, ... in order (round line)
``dealer``              Dealer          the dealer's seat (default: see :func:`deal`)
``scores``              Scores          the totals the round starts with, one per seat
``deck``                Deck            the deck order to deal from, top first, as card codes
``start_reshuffles``    StartReshuffle  the undealt cards after each time a Wild Draw
                                        Four start card went back and they were reshuffled
                                        (``start.wild-draw-four``), top first (a list)
``reshuffles``          Reshuffle       the draw pile after each reshuffle of the round, top
                                        first (a list; one tag each, in order), when another
                                        engine shuffled: else the seed shuffles
``n``                   ``N.``          the move's number in its round, 1 first (optional in
                                        JSON; when given it must be the next number)
``move``                MOVE            the move in the notation, English codes
``drew``                DREW            the cards the move took from the draw pile, in order
                                        (optional; compared with the deck by :func:`replay`)
``end``                 End             the end line, last: ``game``, ``round`` or
                                        ``stopped`` (:data:`ENDS`; format 2, optional)
======================  ==============  =====================================================

Every recorded reshuffle must be made by the moves (:class:`UnusedReshuffle`).
:class:`Recorder` writes the cards of every move that draws.

Every key and tag other than these is an error. Moves and decks are written
with the English codes (``G`` is green) and seats by number; when reading,
the words of every language are read and a name of ``names`` may stand for
its seat.

Reading a record that cannot be read raises :class:`~unorules.errors.RecordError`
with the 1-based line and column of the problem.
"""

from __future__ import annotations

import functools
import json
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from typing import Any, Literal

import attrs

from unorules.cards import Card, format_cards, parse_cards
from unorules.dealing import _check_counts, carried_on, new_round
from unorules.engine import apply, apply_with_events, check, legal_moves, rng_for
from unorules.errors import (
    IllegalMove,
    Message,
    NotationError,
    RecordError,
    RuleSetError,
    SituationError,
    UnoError,
    msg,
    msg_n,
)
from unorules.events import CardsDrawn, Event, Reshuffled
from unorules.moves import CatchUno, Move, Play
from unorules.notation import MAX_NAME, _reserved, check_names, parse_move
from unorules.rules import presets
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState

__all__ = [
    "ENDS",
    "FORMAT",
    "FORMATS",
    "MAX_BOT_NAME",
    "MAX_LINE_CHARS",
    "MAX_RECORD_BYTES",
    "MAX_SEED_DIGITS",
    "DrawnCardsDiffer",
    "Record",
    "RecordedRound",
    "Recorder",
    "UnusedReshuffle",
    "bot_label",
    "deal",
    "drawn_cards",
    "names_at",
    "read_record",
    "record_of",
    "replay",
    "write_record",
]

FORMAT = 2
"""The version of the record format this library writes. It reads this one
and :data:`FORMATS`: format 2 adds the end line (``{"end": ...}``,
``[End "..."]``) that says the record is whole."""

FORMATS = (1, 2)
"""The format versions this library reads: 1 (no end line) and 2."""

ENDS = ("game", "round", "stopped")
"""What a record's end line says (:attr:`Record.end`): ``"game"``, the game
is over (a player reached the target score, ``score.*``); ``"round"``, a
round played on its own is over; ``"stopped"``, the recording stopped
before the game was over (an unfinished game, whole as recorded)."""

Form = Literal["jsonl", "text"]


def _ints(value: Iterable[int] | None) -> Any:
    """A tuple of the totals given (anything else is left for the validator
    to refuse, with the field's name)."""
    if value is None or isinstance(value, str | bytes):
        return value
    try:
        return tuple(value)
    except TypeError:
        return value


def _moves(value: Iterable[Move]) -> Any:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return value
    return tuple(value)


def _strings(value: Iterable[str]) -> Any:
    """The names as a tuple, each in Unicode's composed form (NFC), as the
    notation writes and reads them; a string or a value that is no list is
    left for the validator to refuse."""
    if isinstance(value, str | bytes):
        return value
    try:
        names = tuple(value)
    except TypeError:
        return value
    return tuple(unicodedata.normalize("NFC", n) if isinstance(n, str) else n for n in names)


def _round_tuple(value: Iterable[RecordedRound]) -> tuple[RecordedRound, ...]:
    return tuple(value)


class _BadOrder:
    """A card order a converter could not read: the validator refuses it,
    naming the field (``reason``: why, or ``None`` for a value of the wrong
    type)."""

    __slots__ = ("reason", "value")

    def __init__(self, value: object, reason: Message | str | None = None) -> None:
        self.value = value
        self.reason = reason

    def __repr__(self) -> str:
        return repr(self.value)


def _order(value: object) -> object:
    """A card order as a tuple of cards: a string of card codes (the
    notation), or a list of cards or of single card codes."""
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except NotationError as e:
            return _BadOrder(value, _reason(e))
    if isinstance(value, bytes | dict) or not isinstance(value, Iterable):
        return _BadOrder(value)
    out: list[Card] = []
    for item in value:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            try:
                out.append(Card.parse(item))
            except NotationError as e:
                return _BadOrder(value, _reason(e))
        else:
            return _BadOrder(value)
    return tuple(out)


def _orders(value: Iterable[str | Iterable[Card | str]]) -> Any:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return _BadOrder(value)
    return tuple(_order(v) for v in value)


def _cards(value: str | Iterable[Card | str] | None) -> Any:
    return None if value is None else _order(value)


def _drawn(value: Iterable[str | Iterable[Card | str] | None]) -> Any:
    """One entry a move, trailing ``None`` left out: the same record has one
    ``drawn``, however it was built."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return _BadOrder(value)
    out = [_cards(v) for v in value]
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


def _refuse_order(field: str, value: object, shape: Message) -> UnoError:
    reason = value.reason if isinstance(value, _BadOrder) else None
    if reason is not None:
        return UnoError(msg("RecordedRound.{field}: {reason}", field=field, reason=reason))
    return UnoError(
        msg(
            "RecordedRound.{field}: {shape}, not {value}",
            field=field,
            shape=shape,
            value=repr(value)[:60],
        )
    )


def _is_order(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(c, Card) for c in value)


def _deck_valid(_rnd: object, _attribute: object, deck: Any) -> None:
    if deck is not None and not _is_order(deck):
        raise _refuse_order(
            "deck",
            deck,
            msg("card codes in one string (the notation, e.g. 'R7 G2'), a list of cards, or None"),
        )


def _orders_valid(_rnd: object, attribute: attrs.Attribute[Any], orders: Any) -> None:
    shape = msg(
        "a list of card orders, each card codes in one string (e.g. 'R7 G2') or a list of cards"
    )
    if not isinstance(orders, tuple):
        raise _refuse_order(attribute.name, orders, shape)
    for order in orders:
        if not _is_order(order):
            raise _refuse_order(attribute.name, order, shape)


def _drawn_valid(_rnd: object, _attribute: object, drawn: Any) -> None:
    shape = msg(
        "one entry a move: the cards it drew, as card codes in one string or a list of cards, "
        "or None"
    )
    if not isinstance(drawn, tuple):
        raise _refuse_order("drawn", drawn, shape)
    for entry in drawn:
        if entry is not None and not _is_order(entry):
            raise _refuse_order("drawn", entry, shape)


def _number_valid(_rnd: object, _attribute: object, number: Any) -> None:
    if type(number) is not int or number < 1:
        raise UnoError(
            msg(
                "RecordedRound.number: the round's number, a whole number from 1, not {value}",
                value=repr(number)[:60],
            )
        )


def _dealer_valid(_rnd: object, _attribute: object, dealer: Any) -> None:
    if dealer is not None and (type(dealer) is not int or dealer < 0):
        raise UnoError(
            msg(
                "RecordedRound.dealer: the dealer's seat, a whole number from 0, or None, "
                "not {value}",
                value=repr(dealer)[:60],
            )
        )


def _scores_valid(_rnd: object, _attribute: object, scores: Any) -> None:
    if scores is None:
        return
    if not isinstance(scores, tuple) or not all(type(v) is int and v >= 0 for v in scores):
        raise UnoError(
            msg(
                "RecordedRound.scores: the totals the round starts with, a list of whole "
                "numbers from 0, one a seat, or None, not {value}",
                value=repr(scores)[:60],
            )
        )


MAX_SEED_DIGITS = 4000
"""The most digits a record's seed may have (Python reads and writes
integers of up to 4300 digits as text by default)."""


MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record ``unorules check`` and ``unorules replay`` read: 64 MB
(a game of ten thousand rounds is a few MB)."""

MAX_LINE_CHARS = 1024 * 1024
"""The most characters a line of a record may have (:func:`read_record`):
1,048,576 (a deck order is some 400, a round with a thousand reshuffles in
JSON some 400,000)."""


def _read_record_bytes(stream: Any, source: str) -> str:
    """The text of the record in the binary file ``stream`` (``source``: its
    name, for the message), read a part at a time and no more than
    :data:`MAX_RECORD_BYTES`, UTF-8, its line ends turned into ``\\n``.

    Raises:
        UnoError: a record of more than :data:`MAX_RECORD_BYTES` bytes.
        UnicodeDecodeError: bytes that are no UTF-8.
        OSError: from reading ``stream``.
    """
    parts: list[bytes] = []
    size = 0
    while size <= MAX_RECORD_BYTES:
        part = stream.read(min(1 << 20, MAX_RECORD_BYTES + 1 - size))
        if not part:
            break
        if isinstance(part, str):  # a text stream (a replaced sys.stdin)
            part = part.encode("utf-8")
        parts.append(part)
        size += len(part)
    if size > MAX_RECORD_BYTES:
        raise UnoError(
            msg(
                "the record {source} is larger than {most} MB: a record holds at most {most} MB",
                source=source,
                most=MAX_RECORD_BYTES // (1024 * 1024),
            )
        )
    text = b"".join(parts).decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _moves_writable(rnd: RecordedRound, _attribute: object, moves: tuple[Move, ...]) -> None:
    """Each move is a :class:`~unorules.moves.Move` that the notation writes
    and reads back the same."""
    if not isinstance(moves, tuple):
        raise UnoError(
            msg(
                "RecordedRound.moves: a list of moves (Play, Draw, ...), not {value}",
                value=repr(moves)[:60],
            )
        )
    for n, move in enumerate(moves, 1):
        if not isinstance(move, Move):
            raise UnoError(
                msg(
                    "RecordedRound.moves: move {n} is {value}, not a move (Play, Draw, ...)",
                    n=n,
                    value=repr(move)[:60],
                )
            )
        try:
            same = parse_move(str(move)) == move
        except NotationError:
            same = False
        if not same:
            raise UnoError(
                msg(
                    "RecordedRound.moves: move {n} ({move}) is one the move notation cannot "
                    "write so that it reads back the same, so a record cannot hold it",
                    n=n,
                    move=repr(move)[:80],
                )
            )


@attrs.frozen(slots=True, kw_only=True)
class RecordedRound:
    """One round of a :class:`Record`: how it was dealt and its moves.

    Each card order (``deck``, each of ``reshuffles``, ``start_reshuffles``
    and ``drawn``) may be given as card codes in one string (the notation,
    ``"R7 G2 W+4"``), as a list of :class:`~unorules.cards.Card`, or as a
    list of single card codes (``["R7", "G2"]``); it is kept as a tuple of
    cards.

    Attributes:
        number: the round's number in the game, 1 first (a whole number, not
            ``True`` or ``"1"``).
        dealer: the dealer's seat, a whole number from 0; ``None``: the seat
            :func:`deal` works out (``setup.dealer-rotates``).
        scores: the totals the round starts with, one whole number from 0 per
            seat; ``None``: the totals the previous round left (0 each in the
            first round).
        deck: the order the round was dealt from, top first (the whole deck,
            or its first cards with the rest shuffled by the seed); ``None``:
            dealt from the seed (``setup.deal``).
        moves: the moves in the order they were made.
        reshuffles: the draw pile, top first, right after each time the
            discard pile was shuffled into it this round (``pile.reshuffle``),
            the first first; a reshuffle not given is shuffled by the seed.
            Give them to replay a game another engine shuffled. Each must be
            used: :func:`replay` refuses a reshuffle the moves never make.
        start_reshuffles: the undealt cards, top first, right after each
            time a Wild Draw Four start card was returned to them and they
            were reshuffled (``start.wild-draw-four``), the first first; the
            first card of each is the next start card. One not given is
            shuffled by the seed; each must be used.
        drawn: per move, the cards it took from the draw pile in the order
            drawn (``()``: none), or ``None`` where not given; trailing
            ``None`` are left out, and so are entries past the last move.
            :func:`replay` compares each given entry
            with what the deck gives (``draw.*``, ``action.draw-two``,
            ``uno.penalty``, ...) and raises :class:`DrawnCardsDiffer` at the
            move where they part.

    Raises:
        UnoError: naming the field, the value and what it takes: a number
            that is no whole number from 1, a dealer that is no whole number
            from 0, scores that are not whole numbers from 0, a card order
            that is no string of card codes or list of cards (or holds a code
            that is no card), a move that is no :class:`~unorules.moves.Move`
            or that the move notation cannot write back the same. What needs
            the game (the dealer a seat of it, one score a seat, the cards
            within its deck) is checked by :class:`Record`.
    """

    number: int = attrs.field(default=1, validator=_number_valid)
    dealer: int | None = attrs.field(default=None, validator=_dealer_valid)
    scores: tuple[int, ...] | None = attrs.field(
        default=None, converter=_ints, validator=_scores_valid
    )
    deck: tuple[Card, ...] | None = attrs.field(
        default=None, converter=_cards, validator=_deck_valid
    )
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves, validator=_moves_writable)
    reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(
        default=(), converter=_orders, validator=_orders_valid
    )
    start_reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(
        default=(), converter=_orders, validator=_orders_valid
    )
    drawn: tuple[tuple[Card, ...] | None, ...] = attrs.field(
        default=(), converter=_drawn, validator=_drawn_valid
    )

    def __attrs_post_init__(self) -> None:
        # Entries past the last move belong to no move (the moves were cut).
        if len(self.drawn) > len(self.moves):
            object.__setattr__(self, "drawn", _drawn(self.drawn[: len(self.moves)]))


def _numbered(record: Record, _attribute: object, rounds: tuple[RecordedRound, ...]) -> None:
    """The rounds of a record are numbered 1, 2, ... in order, and their
    moves name seats the game has."""
    if not rounds:
        raise UnoError(msg("Record.rounds: a record holds at least one round"))
    for i, rnd in enumerate(rounds, 1):
        if not isinstance(rnd, RecordedRound):
            raise UnoError(
                msg(
                    "Record.rounds: round {index} is {value}, not a RecordedRound",
                    index=i,
                    value=repr(rnd)[:60],
                )
            )
        if rnd.number != i:
            raise UnoError(
                msg(
                    "round {index} of the record has the number {number}: rounds are "
                    "numbered 1, 2, ... in order",
                    index=i,
                    number=rnd.number,
                )
            )
        if type(record.players) is not int:
            continue  # refused by the players' own check
        for n, move in enumerate(rnd.moves, 1):
            for seat in _seats_of(move):
                if not 0 <= seat < record.players:
                    raise UnoError(
                        msg(
                            "Record.rounds: round {round}, move {n} ({move}) names seat {seat}: "
                            "the game has {count} seats (0 to {last})",
                            round=i,
                            n=n,
                            move=str(move),
                            seat=seat,
                            count=record.players,
                            last=record.players - 1,
                        )
                    )
        if rnd.dealer is not None and rnd.dealer >= record.players:
            raise UnoError(
                msg(
                    "Record.rounds: round {round} has the dealer {seat}: the game has {count} "
                    "seats (0 to {last})",
                    round=i,
                    seat=rnd.dealer,
                    count=record.players,
                    last=record.players - 1,
                )
            )
        if rnd.scores is not None and len(rnd.scores) != record.players:
            raise UnoError(
                msg(
                    "Record.rounds: round {round}: {reason}",
                    round=i,
                    reason=_scores_for_seats(len(rnd.scores), record.players),
                )
            )
    if _TRUSTED.get() or type(record.rules) is not str:
        return
    rules = _preset(record.rules)
    for rnd in rounds:
        for what, order in _card_orders(rnd):
            try:
                _check_counts(rules, Counter(order), what)
            except SituationError as e:
                raise UnoError(
                    msg("Record.rounds: round {round}: {error}", round=rnd.number, error=_reason(e))
                ) from None
        try:
            _deal_when_read(rules, record.players, record.seed, rnd)
        except SituationError as e:
            raise UnoError(
                msg(
                    "Record.rounds: round {round} cannot be dealt: {error}",
                    round=rnd.number,
                    error=_reason(e),
                )
            ) from None
    if any(rnd.reshuffles or rnd.start_reshuffles for rnd in rounds):
        _reshuffles_made(record, rules)


_TRUSTED: ContextVar[bool] = ContextVar("unorules_records_trusted", default=False)
"""Set while :func:`read_record` builds the record it has checked itself,
line by line, against the rule set it reads under (its ``rules``)."""


@functools.lru_cache(maxsize=64)
def _preset(name: str) -> RuleSet:
    return presets.get(name)


def _card_orders(rnd: RecordedRound) -> Iterator[tuple[Message, tuple[Card, ...]]]:
    """The card orders of ``rnd``, each with what it is (for a message)."""
    if rnd.deck is not None:
        yield msg("the deck order"), rnd.deck
    for order in rnd.start_reshuffles:
        yield msg("a reshuffled deck"), order
    for order in rnd.reshuffles:
        yield msg("a reshuffled draw pile"), order
    for drew in rnd.drawn:
        if drew is not None:
            yield msg("the cards drawn"), drew


def _deal_when_read(rules: RuleSet, players: int, seed: int, rnd: RecordedRound) -> None:
    """Deal ``rnd`` when :func:`read_record` deals it to check it: the first
    round, and a later one that gives its dealer and scores, unless its
    scores already end the game (``unorules check`` reports that round).

    Raises:
        SituationError: a deal :func:`unorules.new_round` refuses.
    """
    scores = rnd.scores
    over = scores is not None and rules.scoring.game_over(scores, None)
    if over and rnd.number == 1:
        assert scores is not None
        over = not rules.scoring.game_over((0,) * len(scores), None)
    if over:
        return
    if rnd.number == 1 or (scores is not None and rnd.dealer is not None):
        _deal_round(rules, players, seed, rnd, None)


def _reshuffles_made(record: Record, rules: RuleSet) -> None:
    """Every recorded reshuffle holds the cards its move shuffles and is made
    by a move (rounds whose deal or moves cannot be played are not looked
    into: :func:`unorules.record_check.check_record` reports those)."""
    previous: GameState | None = None
    for rnd in record.rounds:
        try:
            state = _deal_round(rules, record.players, record.seed, rnd, previous)
        except SituationError as e:
            if "start reshuffle" in str(e):
                raise UnoError(msg("Record.rounds: {error}", error=_reason(e))) from None
            previous = None
            continue
        previous = None
        try:
            for n, move in enumerate(rnd.moves, 1):
                state = _step(state, move, rnd, n)[0]
            _all_reshuffles_used(rnd, state)
        except (IllegalMove, DrawnCardsDiffer):
            continue
        except SituationError as e:
            raise UnoError(msg("Record.rounds: {error}", error=_reason(e))) from None
        previous = state


def _rules_valid(_record: object, _attribute: object, rules: Any) -> None:
    if not isinstance(rules, str):
        raise UnoError(
            msg(
                "Record.rules: a preset string such as 'official', not {value}",
                value=repr(rules)[:60],
            )
        )
    if _TRUSTED.get():
        return
    try:
        _preset(rules)
    except RuleSetError as e:
        raise UnoError(msg("Record.rules: {error}", error=_reason(e))) from None


def _players_valid(record: Record, attribute: attrs.Attribute[Any], players: object) -> None:
    _whole(record, attribute, players)
    assert isinstance(players, int)
    if _TRUSTED.get():
        return
    deck = _preset(record.rules).deck
    if not deck.min_players <= players <= deck.max_players:
        raise UnoError(
            msg(
                "Record.players: {count} seats, but the deck of {rules} seats {least} to "
                "{most} players",
                count=players,
                rules=record.rules,
                least=deck.min_players,
                most=deck.max_players,
            )
        )


def _version_valid(_record: object, _attribute: object, version: Any) -> None:
    if type(version) is not int or version not in FORMATS:
        raise UnoError(
            msg(
                "Record.version: this unorules writes and reads format {known}, not {value}",
                known=" / ".join(map(str, FORMATS)),
                value=repr(version)[:60],
            )
        )


def _end_valid(record: Record, _attribute: object, end: Any) -> None:
    if end is None:
        return
    if not isinstance(end, str) or end not in ENDS:
        raise UnoError(
            msg(
                "Record.end: {ends} or None, not {value}",
                ends=", ".join(map(repr, ENDS)),
                value=repr(end)[:60],
            )
        )
    if record.version < 2:
        raise UnoError(
            msg(
                "Record.end: a record of format 1 has no end line; give version={known}",
                known=FORMAT,
            )
        )


def _seats_of(move: Move) -> list[int]:
    """The seats ``move`` names: its player, a caught seat, a swap's partner."""
    seats = [move.player]
    if isinstance(move, CatchUno):
        seats.append(move.target)
    if isinstance(move, Play) and move.swap_with is not None:
        seats.append(move.swap_with)
    return seats


def _whole(_record: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int:
        raise UnoError(
            msg(
                "Record.{field}: a whole number, not {value}",
                field=attribute.name,
                value=repr(value)[:60],
            )
        )


def _seed_fits(_record: object, _attribute: object, seed: object) -> None:
    if type(seed) is not int:
        raise UnoError(msg("Record.seed: a whole number, not {value}", value=repr(seed)[:60]))
    # 14,000 bits are about 4,215 digits: below the limit of str(int).
    if seed.bit_length() > 14_000 or len(str(abs(seed))) > MAX_SEED_DIGITS:
        raise UnoError(
            msg(
                "Record.seed: a seed of more than {most} digits; a record holds seeds of at "
                "most {most} digits (use a smaller seed, e.g. the seed modulo 2**64)",
                most=MAX_SEED_DIGITS,
            )
        )


def _names_fit(record: Record, _attribute: object, names: object) -> None:
    if not isinstance(names, tuple):
        raise UnoError(
            msg(
                "Record.names: a list of names, seat 0 first, not {value}",
                value=repr(names)[:60],
            )
        )
    if not names:
        return
    if type(record.players) is int and len(names) != record.players:
        raise UnoError(
            msg("Record.names: {reason}", reason=_names_for_seats(len(names), record.players))
        )
    problem = _name_problem(names)
    if problem is not None:
        raise UnoError(msg("Record.names: {reason}", reason=problem))


def _name_problem(names: Sequence[object]) -> Message | None:
    """Why ``names`` cannot stand in a record (its ``Names`` tag and its
    moves), or ``None``: a name is letters of any alphabet (a hyphen may join
    parts), at most :data:`~unorules.notation.MAX_NAME` characters, no word
    of the notation, and no name twice (ignoring case)."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            return msg(
                "the name of seat {seat} is {value}, not a string", seat=seat, value=repr(name)[:40]
            )
        try:
            check_names([name])
        except NotationError:
            word = " ".join(name.split()) or repr(name)
            if _is_notation_word(name):
                return msg(
                    "{name} (seat {seat}) is a word of the move notation, so a move could "
                    "not tell the player from the word: give the player another name",
                    name=repr(word),
                    seat=seat,
                )
            return msg(
                "{name} (seat {seat}) is no name a record can hold: a name is letters of "
                "any alphabet (a hyphen may join parts), at most {most} characters, with no "
                "spaces, digits, quotes or other signs",
                name=repr(name)[:40],
                seat=seat,
                most=MAX_NAME,
            )
        folded = unicodedata.normalize("NFC", name).casefold()
        if folded in seen:
            return msg(
                "{name} (seat {seat}) is the name of seat {other} too (ignoring case): give "
                "each player a name of their own",
                name=repr(name),
                seat=seat,
                other=seen[folded],
            )
        seen[folded] = seat
    return None


def _names_for_seats(count: int, players: int) -> Message:
    """What to change when a record gives ``count`` names for ``players``
    seats: both counts, and how to make them agree."""
    if count > players:
        return msg(
            "{count} names for {players} seats: leave out the names after the first "
            "{players}, or give none",
            count=count,
            players=players,
        )
    return msg_n(
        "{count} name for {players} seats: give {players} names, seat 0 first, or none",
        "{count} names for {players} seats: give {players} names, seat 0 first, or none",
        count,
        count=count,
        players=players,
    )


def _scores_for_seats(count: int, players: int) -> Message:
    """What to change when a round gives ``count`` scores for ``players``
    seats: both counts, and how to make them agree."""
    if count > players:
        return msg(
            "{count} scores for {players} seats: leave out the scores after the first {players}",
            count=count,
            players=players,
        )
    return msg_n(
        "{count} score for {players} seats: give {players} scores, seat 0 first",
        "{count} scores for {players} seats: give {players} scores, seat 0 first",
        count,
        count=count,
        players=players,
    )


MAX_BOT_NAME = 60
"""The longest bot name a record holds."""


def bot_label(name: str) -> str:
    """``name`` as a record holds a bot's name: its words joined by ``-``,
    at most :data:`MAX_BOT_NAME` characters; ``"bot"`` for a blank name.

    >>> bot_label("my  smart bot")
    'my-smart-bot'
    """
    return "-".join(name.split())[:MAX_BOT_NAME] or "bot"


def _bot_problem(bots: Sequence[object], players: object) -> Message | None:
    """Why ``bots`` cannot stand in a record's ``bots``, or ``None``."""
    if type(players) is int and len(bots) != players:
        if len(bots) > players:
            return msg(
                "{count} bot names for {players} seats: leave out the bot names after the "
                "first {players}, or give none",
                count=len(bots),
                players=players,
            )
        return msg_n(
            "{count} bot name for {players} seats: give {players} bot names, seat 0 first, or none",
            "{count} bot names for {players} seats: give {players} bot names, seat 0 first, "
            "or none",
            len(bots),
            count=len(bots),
            players=players,
        )
    for seat, name in enumerate(bots):
        if (
            not isinstance(name, str)
            or not name
            or len(name) > MAX_BOT_NAME
            or name != "".join(name.split())
        ):
            return msg(
                "the bot of seat {seat} is {value}: a bot's name is 1 to {most} characters "
                "with no spaces",
                seat=seat,
                value=repr(name)[:40],
                most=MAX_BOT_NAME,
            )
    return None


def _bots_fit(record: Record, _attribute: object, bots: object) -> None:
    if not isinstance(bots, tuple):
        raise UnoError(
            msg(
                "Record.bots: a list of bot names, seat 0 first, not {value}",
                value=repr(bots)[:60],
            )
        )
    problem = _bot_problem(bots, record.players) if bots else None
    if problem is not None:
        raise UnoError(msg("Record.bots: {reason}", reason=problem))


def _is_notation_word(name: str) -> bool:
    folded = unicodedata.normalize("NFC", name)
    return folded.casefold() in _reserved() or folded.lower() in _reserved()


@attrs.frozen(slots=True, kw_only=True)
class Record:
    """A game record: the rule set, the seats, the seed and the rounds.

    Attributes:
        rules: the preset string of the rule set (:func:`unorules.rules.presets.get`).
        players: the number of seats.
        seed: the seed of every shuffle of the game.
        names: the players' names, seat 0 first, or none; kept in
            Unicode's composed form (NFC), as the notation reads them.
        bots: the names of the bots that played, seat 0 first, or none (a
            record of people): each 1 to :data:`MAX_BOT_NAME` characters,
            with no spaces (:func:`bot_label` makes one of any bot's name).
        rounds: the rounds, the first first, numbered 1, 2, ... in order
            (at least one).
        version: the format version (:data:`FORMAT`, or 1 for a record
            read from format 1).
        end: what the record's end line says (:data:`ENDS`): ``"game"``,
            ``"round"`` or ``"stopped"``; ``None``: the record has no end
            line (a record cut short, or one of format 1). ``unorules
            check`` finds a record without one unfinished.

    Any record that constructs is written by :func:`write_record` in either
    form and read back equal by :func:`read_record`.

    Raises:
        UnoError: a value the record cannot write and read back the same,
            naming the field and why: a ``rules`` that is no preset string
            that builds a rule set, ``players`` outside the seats of its deck,
            a ``version`` not in :data:`FORMATS`, an ``end`` not in
            :data:`ENDS` (or one in a record of format 1), no round, a round whose
            dealer is no seat of the game or whose scores are not one a seat,
            a card order (deck, reshuffle, drawn cards) with more copies of
            a card than the deck holds or a card it lacks, a round that
            cannot be dealt (:func:`deal`), a recorded reshuffle that does
            not hold the cards shuffled or that no move makes; rounds that are not
            :class:`RecordedRound` numbered 1, 2, ... in order, a move that
            names a seat the game does not have, a ``players`` or ``seed``
            that is no whole number, a seed of more than
            :data:`MAX_SEED_DIGITS` digits, names that are not one a seat, a
            name that is no name of the notation (letters of any alphabet, a
            hyphen may join parts, at most 20 characters) or is a word of the
            notation (``play``, ``red``, ``R7``, ...), or a name given twice;
            bots that are not one a seat or a bot name that is empty, longer
            than :data:`MAX_BOT_NAME` characters or holds a space.
    """

    rules: str = attrs.field(validator=_rules_valid)
    players: int = attrs.field(validator=_players_valid)
    seed: int = attrs.field(default=0, validator=_seed_fits)
    names: tuple[str, ...] = attrs.field(default=(), converter=_strings, validator=_names_fit)
    rounds: tuple[RecordedRound, ...] = attrs.field(
        default=(), converter=_round_tuple, validator=_numbered
    )
    version: int = attrs.field(default=FORMAT, validator=_version_valid)
    end: str | None = attrs.field(default=None, validator=_end_valid)
    bots: tuple[str, ...] = attrs.field(default=(), converter=_strings, validator=_bots_fit)

    def rule_set(self) -> RuleSet:
        """The rule set of :attr:`rules`.

        Raises:
            RuleSetError: for a preset string that builds no rule set.
        """
        return presets.get(self.rules)


# --------------------------------------------------------------------------- dealing


def deal(
    record: Record,
    index: int,
    previous: GameState | None = None,
    *,
    rules: RuleSet | None = None,
) -> GameState:
    """The dealt state of ``record.rounds[index]``.

    The round is dealt by :func:`unorules.new_round` with the record's seed,
    the round's number, its deck order and: its dealer, else in the first
    round the seat the rule set picks (``setup.dealer-draw``, else the last
    seat), in a later one the seat left of the previous dealer
    (``setup.dealer-rotates``); its scores, else the previous round's final
    totals (0 each in the first round).

    Args:
        record: the record.
        index: the round's index in ``record.rounds`` (0 for the first).
        previous: the last state of the round before, when this round's
            dealer or scores are left out.
        rules: the rule set to deal under (default: the record's).

    Returns:
        The state before the round's first move.

    Raises:
        SituationError: a deal :func:`unorules.new_round` refuses (a player
            count the deck cannot seat, a bad dealer, a deck order with more
            copies of a card than the deck holds, scores that end the game),
            or a round whose dealer or scores follow from a previous round
            that is not given or not over.
        RuleSetError: for a preset string that builds no rule set.
    """
    rules = record.rule_set() if rules is None else rules
    return _deal_round(rules, record.players, record.seed, record.rounds[index], previous)


def _missing_dealer_or_scores(no_dealer: bool, no_scores: bool) -> Message:
    """What a round of a record leaves out: no dealer, no scores, or both."""
    if no_dealer and no_scores:
        return msg("no dealer and no scores")
    return msg("no dealer") if no_dealer else msg("no scores")


def _deal_round(
    rules: RuleSet, players: int, seed: int, rnd: RecordedRound, previous: GameState | None
) -> GameState:
    """:func:`deal` of the round ``rnd`` of a game of ``players`` seats and
    the seed ``seed``."""
    dealer = rnd.dealer
    scores = rnd.scores
    if (dealer is None or scores is None) and rnd.number > 1:
        if previous is None or not previous.round_over:
            raise SituationError(
                msg(
                    "round {number} gives {missing}, and the round before it, which would "
                    "settle that, is not over",
                    number=rnd.number,
                    missing=_missing_dealer_or_scores(dealer is None, scores is None),
                )
            )
        if dealer is None:
            dealer = (previous.dealer + 1) % players
        if scores is None:
            scores = carried_on(previous)[0]
    if dealer is None:
        drawn = rules.dealer_choice.draw(rules.deck.cards(), players, seed)
        if drawn is not None:
            dealer = drawn[0]
    try:
        dealt = new_round(
            rules,
            players,
            seed,
            dealer=dealer,
            deck=rnd.deck,
            scores=scores,
            round_number=rnd.number,
            start_reshuffles=rnd.start_reshuffles,
        )
    except SituationError as e:
        if rnd.start_reshuffles and "start reshuffle" in str(e):
            raise SituationError(
                msg("round {number}: {error}", number=rnd.number, error=_reason(e))
            ) from None
        raise
    if previous is not None and rnd.number > 1:
        # What the rules keep goes on from the round before (a game's clock,
        # who sits where: house.blitz, house.shuffle-seats).
        kept = carried_on(previous)[1]
        if kept:
            dealt = attrs.evolve(dealt, rule_state=kept)
    return dealt


def replay(
    record: Record, *, rules: RuleSet | str | None = None
) -> tuple[tuple[GameState, ...], ...]:
    """Play the record again: per round, the dealt state and the state after
    each move.

    Args:
        record: the record.
        rules: the rule set to play under instead of the record's (a preset
            string or a :class:`~unorules.rules.ruleset.RuleSet`).

    Returns:
        One tuple of states per round: ``states[r][0]`` is round ``r + 1``
        as dealt, ``states[r][n]`` the position after its move ``n``.

    Raises:
        IllegalMove: a move the rules refuse; the message names the round and
            the move's number, ``rule_ids`` the rule it breaks.
        SituationError: a deal that cannot be made (see :func:`deal`).
        RuleSetError: for a preset string that builds no rule set.

    >>> import unorules as ur
    >>> record = ur.read_record('''
    ... [Format "1"]
    ... [Rules "official"]
    ... [Players "2"]
    ... [Round "1"]
    ... [Deck "R1 G1 R2 G2 R3 G3 R4 G4 R5 G5 R6 G6 R7 G7 R9"]
    ... 1. 0 play R1
    ... 2. 1 draw
    ... ''')
    >>> [(str(state.top), len(state.hands[1])) for state in ur.replay(record)[0]]
    [('R9', 7), ('R1', 7), ('R1', 8)]
    """
    rule_set = _rule_set(record, rules)
    out: list[tuple[GameState, ...]] = []
    previous: GameState | None = None
    for index, rnd in enumerate(record.rounds):
        state = deal(record, index, previous, rules=rule_set)
        states = [state]
        for n, move in enumerate(rnd.moves, 1):
            state = _step(state, move, rnd, n, refused=True)[0]
            states.append(state)
        _all_reshuffles_used(rnd, state)
        out.append(tuple(states))
        previous = state
    return tuple(out)


def _all_reshuffles_used(rnd: RecordedRound, last: GameState) -> None:
    """Every reshuffle the round records was made by its moves (``last``:
    the state after its last move).

    Raises:
        SituationError: a recorded reshuffle that none of the moves made.
    """
    if last.reshuffles >= len(rnd.reshuffles):
        return
    fields = {"round": rnd.number, "k": last.reshuffles + 1, "made": last.reshuffles}
    if last.reshuffles == 0:
        why = msg(
            "round {round}: reshuffle {k} of the record is not used: no move of the round "
            "shuffles the discard pile into the draw pile (pile.reshuffle)",
            **fields,
        )
    elif last.reshuffles == 1:
        why = msg(
            "round {round}: reshuffle {k} of the record is not used: the moves of the round "
            "shuffle the discard pile into the draw pile only once (pile.reshuffle)",
            **fields,
        )
    else:
        why = msg(
            "round {round}: reshuffle {k} of the record is not used: the moves of the round "
            "shuffle the discard pile into the draw pile only {made} times (pile.reshuffle)",
            **fields,
        )
    raise UnusedReshuffle(why, last.reshuffles)


class UnusedReshuffle(SituationError):
    """A reshuffle a record gives that its moves never make (``pile.reshuffle``).

    Attributes:
        index: the reshuffle's index in :attr:`RecordedRound.reshuffles` (0
            for the first).
    """

    def __init__(self, message: Message, index: int) -> None:
        self.index = index
        super().__init__(message)


class DrawnCardsDiffer(SituationError):
    """A move that takes other cards from the draw pile than the record says
    it drew (:attr:`RecordedRound.drawn`): the record's engine dealt cards the
    rules (the drawing rules ``draw.*``, ``action.draw-two``, ...) and the
    deck do not give.

    Attributes:
        round: the round's number.
        move: the move's number in its round (1 first).
        expected: the cards the deck gives, in the order drawn.
        found: the cards the record gives.
        rule_ids: the rules that made the move draw (``pile.reshuffle`` too
            when it reshuffled).
    """

    def __init__(
        self,
        message: Message,
        *,
        round_number: int,
        move: int,
        expected: tuple[Card, ...],
        found: tuple[Card, ...],
        rule_ids: tuple[str, ...],
    ) -> None:
        self.round = round_number
        self.move = move
        self.expected = expected
        self.found = found
        self.rule_ids = rule_ids
        super().__init__(message)


def _step(
    state: GameState, move: Move, rnd: RecordedRound, n: int, *, refused: bool = False
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply move ``n`` of ``rnd`` to ``state``: the next state and its events
    (with ``refused``, an :class:`IllegalMove` names the round and the move).

    When the move shuffles the discard pile into the draw pile and the round
    records that reshuffle's order, the discard pile's cards are put in the
    order the engine's seeded shuffle turns into the recorded one, so the
    draw pile comes out as recorded.

    Raises:
        IllegalMove: a move the rules refuse.
        SituationError: a recorded reshuffle that does not hold the cards the
            move shuffles, or one given for a move that shuffles more than once.
    """
    try:
        after, events = apply_with_events(state, move)
    except IllegalMove as e:
        if not refused:
            raise
        raise IllegalMove(
            msg(
                "round {round}, move {n} ({move}): {error}",
                round=rnd.number,
                n=n,
                move=str(move),
                error=e.message if e.message is not None else str(e),
            ),
            move,
            e.rule_ids,
        ) from None
    k = state.reshuffles
    if after.reshuffles == k or k >= len(rnd.reshuffles):
        _check_drawn(state, after, events, rnd, n, None)
        return after, events
    made = [e for e in events if isinstance(e, Reshuffled)]
    wanted = rnd.reshuffles[k]
    count = made[0].cards if made else 0
    if len(made) != 1 or after.shuffles != state.shuffles + 1 or count > len(state.discard_pile):
        if len(made) != 1:
            why = msg_n(
                "the move shuffles the discard pile into the draw pile {count} time",
                "the move shuffles the discard pile into the draw pile {count} times",
                len(made),
                count=len(made),
            )
        else:
            why = msg("the move shuffles the hands as well as the discard pile")
        raise SituationError(
            msg(
                "round {round}, move {n} ({move}): {why}, so reshuffle {k} of the record, "
                "one shuffle of the discard pile, cannot be applied to it",
                round=rnd.number,
                n=n,
                move=str(move),
                why=why,
                k=k + 1,
            )
        )
    below = state.discard_pile[:count]
    if Counter(wanted) != Counter(below):
        raise SituationError(
            msg(
                "round {round}, move {n} ({move}): reshuffle {k} of the record does not hold "
                "the {count} cards shuffled from the discard pile ({cards})",
                round=rnd.number,
                n=n,
                move=str(move),
                k=k + 1,
                count=count,
                cards=format_cards(below),
            )
        )
    # The engine shuffles the pile's cards below the top in place: position i
    # of the result is position order[i] of the pile.
    order = list(range(count))
    rng_for(state.seed, state.round_number, state.shuffles).shuffle(order)
    arranged = list(below)
    for i, source in enumerate(order):
        arranged[source] = wanted[i]
    placed = attrs.evolve(state, discard_pile=(*arranged, *state.discard_pile[count:]))
    after, events = apply_with_events(placed, move)
    _check_drawn(state, after, events, rnd, n, wanted)
    return after, events


def drawn_cards(
    before: GameState,
    after: GameState,
    events: Sequence[Event],
    new_pile: Sequence[Card] | None = None,
) -> tuple[Card, ...] | None:
    """The cards a move took from the draw pile, in the order drawn
    (``draw.*``, ``action.draw-two``, ``uno.penalty``, ...).

    Args:
        before: the state before the move.
        after: the state after it.
        events: the move's events (:func:`unorules.apply_with_events`).
        new_pile: the draw pile right after the move's reshuffle, top first,
            when it made one (``pile.reshuffle``); ``None``: the engine's
            seeded shuffle.

    Returns:
        The cards, ``()`` for a move that drew none; ``None`` when the move
        reshuffled more than once, so that the cards cannot be told.
    """
    made = [e for e in events if isinstance(e, Reshuffled)]
    pile = before.draw_pile
    if not made:
        return pile[: len(pile) - len(after.draw_pile)]
    if len(made) > 1 or after.shuffles != before.shuffles + 1:
        return None
    if new_pile is None:
        below = list(before.discard_pile[: made[0].cards])
        rng_for(before.seed, before.round_number, before.shuffles).shuffle(below)
        new_pile = below
    return (*pile, *new_pile[: len(new_pile) - len(after.draw_pile)])


def _check_drawn(
    state: GameState,
    after: GameState,
    events: tuple[Event, ...],
    rnd: RecordedRound,
    n: int,
    new_pile: Sequence[Card] | None,
) -> None:
    """Raise :class:`DrawnCardsDiffer` when move ``n`` of ``rnd`` records
    other drawn cards than the deck gives."""
    found = rnd.drawn[n - 1] if n <= len(rnd.drawn) else None
    if found is None:
        return
    expected = drawn_cards(state, after, events, new_pile)
    if expected is None or expected == found:
        return
    ids = [e.rule_id for e in events if isinstance(e, CardsDrawn | Reshuffled)]
    # A move that drew nothing: the rules that say what that move does.
    rule_ids = tuple(dict.fromkeys(ids)) or check(state, rnd.moves[n - 1]).rule_ids
    raise DrawnCardsDiffer(
        msg(
            "round {round}, move {n} ({move}): the record says it drew {found}, but the deck "
            "gives {expected} ({rules})",
            round=rnd.number,
            n=n,
            move=str(rnd.moves[n - 1]),
            found=format_cards(found) or msg("no card"),
            expected=format_cards(expected) or msg("no card"),
            rules=", ".join(rule_ids),
        ),
        round_number=rnd.number,
        move=n,
        expected=expected,
        found=found,
        rule_ids=rule_ids,
    )


def _rule_set(record: Record, rules: RuleSet | str | None) -> RuleSet:
    if rules is None:
        return record.rule_set()
    return rules if isinstance(rules, RuleSet) else presets.get(rules)


# --------------------------------------------------------------------------- recording


def check_recordable(rules: RuleSet) -> None:
    """Refuse a rule set that a record cannot name: a record gives its rule
    set by name, so the name must be a preset string that builds exactly it
    again (a table's own rules are no such string).

    Raises:
        UnoError: when ``rules.name`` is no preset string that builds ``rules``.
    """
    try:
        same = presets.get(rules.name) == rules
    except RuleSetError:
        same = False
    if not same:
        raise UnoError(
            msg(
                "the rule set {name} cannot be recorded: its name is no preset string "
                "that builds it again",
                name=repr(rules.name),
            )
        )


class Recorder:
    """Builds a :class:`Record` as a game is played.

    Call :meth:`deal` with each round's dealt state and :meth:`move` with
    each move and the state it leaves (or pass the recorder as the
    ``on_move`` hook of :func:`unorules.play.bots.play_from`: it is called
    with ``(before, move, after)`` and starts a round by itself).

    Each move is recorded with the cards it drew (:attr:`RecordedRound.drawn`),
    so that another engine's replay of the record can compare its draws.

    Args:
        names: the players' names, seat 0 first, or none.
        bots: the names of the bots at the seats, seat 0 first, or none
            (:attr:`Record.bots`); the attribute ``bots`` may be set later,
            before the record is taken.

    Raises:
        UnoError: a name or bot name a record cannot hold (see :class:`Record`).

    >>> import unorules as ur
    >>> state = ur.new_round(ur.presets.official(), players=2, seed=3)
    >>> recorder = ur.Recorder()
    >>> recorder.deal(state)
    >>> move = ur.legal_moves(state)[0]
    >>> recorder.move(move, ur.apply(state, move))
    >>> record = recorder.record
    >>> ur.replay(record)[0][-1] == ur.apply(state, move)
    True
    """

    def __init__(self, names: Sequence[str] = (), *, bots: Sequence[str] = ()) -> None:
        problem = (
            _name_problem(tuple(names))
            if not isinstance(names, str)
            else msg("a list of names, seat 0 first, not one string")
        )
        if problem is not None:
            raise UnoError(msg("Recorder names: {reason}", reason=problem))
        problem = (
            _bot_problem(tuple(bots), None)
            if not isinstance(bots, str)
            else msg("a list of bot names, seat 0 first, not one string")
        )
        if problem is not None:
            raise UnoError(msg("Recorder bots: {reason}", reason=problem))
        self._names = tuple(names)
        self.bots = tuple(bots)
        self._header: tuple[str, int, int] | None = None
        self._rounds: list[RecordedRound] = []
        self._moves: list[Move] = []
        self._drawn: list[tuple[Card, ...] | None] = []
        self._last: GameState | None = None
        self._end: str | None = None

    def deal(self, state: GameState, *, deck: str | Sequence[Card] | None = None) -> None:
        """Start a round with its dealt ``state``.

        Args:
            state: the state :func:`unorules.new_round` (or
                :func:`unorules.new_game`, :func:`unorules.next_round`)
                returned, before any move.
            deck: the deck order ``state`` was dealt from, when one was given
                to :func:`unorules.new_round`.

        Raises:
            UnoError: a rule set whose name is no preset string that builds it
                again (a table's own rules), a state that dealing by the
                seed (or by ``deck``) does not give (the message says to give
                the deck order), a seed of more than :data:`MAX_SEED_DIGITS`
                digits, or a seat count or seed that differs from the rounds
                before, or a recording that has ended (:meth:`end`).
        """
        self._open()
        rules = state.rules
        check_recordable(rules)
        _seed_fits(None, None, state.seed)
        players = len(state.hands)
        if self._header is None:
            self._header = (rules.name, players, state.seed)
        elif self._header != (rules.name, players, state.seed):
            raise UnoError(
                msg("a record holds one game: the rules, seats and seed of every round agree")
            )
        self._close_round()
        cards = _cards(deck)
        first = state.round_number == 1
        for scores in (None, state.scores) if first else (state.scores,):
            dealt = new_round(
                rules,
                players,
                state.seed,
                dealer=state.dealer,
                deck=cards,
                scores=scores,
                round_number=state.round_number,
            )
            if not first:
                # What the rules keep from round to round (a game's clock,
                # who sits where) is the previous round's to give on replay.
                dealt = attrs.evolve(dealt, rule_state=state.rule_state)
            if dealt == state:
                break
        else:
            raise UnoError(
                msg(
                    "this state is not the deal of round {number} by the seed {seed}"
                    "{deck}, so a record cannot give its cards: record a state that "
                    "new_round dealt, and when you gave new_round a deck order, give the "
                    "same order here: Recorder.deal(state, deck=...) (record_of(..., "
                    "decks=[...]))",
                    number=state.round_number,
                    seed=state.seed,
                    deck=msg(" nor by the deck given") if cards is not None else "",
                )
            )
        self._current = RecordedRound(
            number=state.round_number, dealer=state.dealer, scores=scores, deck=cards
        )
        self._last = state

    def move(self, move: Move, after: GameState | None = None) -> None:
        """Add ``move`` to the round being recorded.

        Args:
            move: the move made.
            after: the state it left (kept to recognise the next call of the
                ``on_move`` hook); ``None``: worked out by :func:`unorules.apply`.
                When given, it must be the state the move leads to
                (``apply(before, move) == after``): a record holds the moves,
                and its replay gives the states they lead to.

        Raises:
            UnoError: no round was dealt yet; a ``move`` that is no
                :class:`~unorules.moves.Move`; an ``after`` that is no
                :class:`~unorules.state.GameState` or not the state the move
                leads to, or a move the rules refuse, naming the move's
                number in its round.
            IllegalMove: (with ``after`` left out) a move the rules refuse.
        """
        if self._last is None:
            raise UnoError(msg("deal a round (Recorder.deal) before recording its moves"))
        self._open()
        self._add(move, after, msg("Recorder.move"))

    def _open(self) -> None:
        if self._end is not None:
            raise UnoError(msg("the recording has ended (Recorder.end): a record holds one game"))

    def end(self, what: str | None = None) -> None:
        """End the recording: the record gets its end line (:attr:`Record.end`),
        which says it is whole, and takes no more rounds or moves.

        ``unorules check`` finds a record without an end line unfinished (a
        record cut short looks the same), and checks that the end line is
        true: ``"game"`` needs the game over, ``"round"`` the last round over.

        Args:
            what: ``"game"`` (the game is over: a player reached the target
                score, ``score.*``), ``"round"`` (a round played on its own,
                over), ``"stopped"`` (the recording stops before the game is
                over); ``None``: ``"game"`` when the last state is the game's
                end, else ``"stopped"``.

        Raises:
            UnoError: no round was dealt yet, a ``what`` not in :data:`ENDS`,
                ``"game"`` before the game is over, ``"round"`` before the
                round is over, or a recording that has ended already.
        """
        if self._last is None and not self._rounds:
            raise UnoError(msg("deal a round (Recorder.deal) before ending the recording"))
        self._open()
        last = self._last if self._last is not None else None
        over = last is None or last.round_over
        game_over = last is not None and last.round_over and last.game_over
        if what is None:
            what = "game" if game_over else "stopped"
        if not isinstance(what, str) or what not in ENDS:
            raise UnoError(
                msg(
                    "Recorder.end: {ends} or None, not {value}",
                    ends=", ".join(map(repr, ENDS)),
                    value=repr(what)[:60],
                )
            )
        if what == "game" and not game_over:
            raise UnoError(msg("Recorder.end: 'game', but the game is not over"))
        if what == "round" and not over:
            raise UnoError(msg("Recorder.end: 'round', but the round is not over"))
        self._end = what

    def _add(self, move: Move, after: GameState | None, who: Message) -> None:
        """Record ``move`` (``who``: the caller, for the messages)."""
        assert self._last is not None
        before = self._last
        n = len(self._moves) + 1
        where = {"who": who, "n": n, "round": before.round_number}
        if not isinstance(move, Move):
            raise UnoError(
                msg(
                    "{who}: move {n} of round {round} is {value}, not a move (Play, Draw, ...)",
                    value=repr(move)[:60],
                    **where,
                )
            )
        if after is not None and not isinstance(after, GameState):
            raise UnoError(
                msg(
                    "{who}: the state after move {n} of round {round} is {value}, not a GameState",
                    value=repr(after)[:60],
                    **where,
                )
            )
        try:
            made, events = apply_with_events(before, move)
        except IllegalMove as e:
            if after is None:
                raise
            raise UnoError(
                msg(
                    "{who}: move {n} of round {round} ({move}) is one the rules refuse "
                    "({rules}), so it leads to no state",
                    move=str(move),
                    rules=", ".join(e.rule_ids),
                    **where,
                )
            ) from None
        if after is not None and made != after:
            raise UnoError(
                msg(
                    "{who}: move {n} of round {round} ({move}) does not lead to the state "
                    "given after it, so a record of it would replay to other states: give the "
                    "move that was made and the state it left (apply(before, move))",
                    move=str(move),
                    **where,
                )
            )
        after = made
        drew = drawn_cards(before, after, events)
        self._moves.append(move)
        self._drawn.append(drew or None)
        self._last = after

    def __call__(self, before: GameState, move: Move, after: GameState) -> None:
        """The ``on_move`` hook: start a round when ``before`` is no state of
        the round being recorded, then record ``move``."""
        if self._last is None or (before is not self._last and before != self._last):
            self.deal(before)
        self.move(move, after)

    def _close_round(self) -> None:
        if self._last is None:
            return
        self._rounds.append(self._round())
        self._moves = []
        self._drawn = []
        self._last = None

    def _round(self) -> RecordedRound:
        return attrs.evolve(self._current, moves=tuple(self._moves), drawn=self._drawn)

    @property
    def record(self) -> Record:
        """The record so far (the round being played included).

        Raises:
            UnoError: no round was dealt yet.
        """
        if self._header is None:
            raise UnoError(msg("deal a round (Recorder.deal) before asking for the record"))
        rounds = list(self._rounds)
        if self._last is not None:
            rounds.append(self._round())
        rules, players, seed = self._header
        return Record(
            rules=rules,
            players=players,
            seed=seed,
            names=self._names,
            rounds=rounds,
            end=self._end,
            bots=self.bots,
        )


def names_at(names: Sequence[str], state: GameState) -> tuple[str, ...]:
    """A record's players' names (:attr:`Record.names`, one per player in
    the order of the first round's seats) by the seats of ``state``: under
    ``house.shuffle-seats`` the players sit elsewhere in later rounds
    (:attr:`GameState.seating <unorules.state.GameState.seating>`).

    Args:
        names: the names, one per player, or none.
        state: a position of the record's game.

    Returns:
        The names, seat 0 first; ``names`` itself when it does not give one
        name per seat.

    >>> import unorules as ur
    >>> names_at(("Anna", "Bo"), ur.new_round(ur.presets.official(), players=2, seed=1))
    ('Anna', 'Bo')
    """
    given = tuple(names)
    if len(given) != len(state.hands):
        return given
    return tuple(given[player] for player in state.seating)


def record_of(
    states: Sequence[GameState],
    moves: Sequence[Move] | None = None,
    *,
    names: Sequence[str] = (),
    decks: Sequence[str | Sequence[Card] | None] = (),
    end: str | None = None,
) -> Record:
    """The record of a game played: its states in order (each round's dealt
    state, then the state after each move), and the moves.

    A state whose round number differs from the one before starts a round.
    Without ``moves``, each move is found among
    :func:`unorules.legal_moves` of the state before it as the one that
    leads to the next state (any of several that do is as good: the replay
    gives the same states).

    Args:
        states: the states, e.g. a list from :func:`unorules.testing.games`.
        moves: the move after each state but a round's last, in order.
        names: the players' names, seat 0 first, or none.
        decks: the deck order each round was dealt from, the first round's
            first, where one was given to :func:`unorules.new_round`
            (``None`` or missing: dealt from the seed).
        end: the record's end line (:meth:`Recorder.end`): ``"game"``,
            ``"round"``, ``"stopped"``; ``None`` (the default): none, and
            ``unorules check`` finds the record unfinished.

    Returns:
        The :class:`Record`.

    Raises:
        UnoError: no states, a state that is no
            :class:`~unorules.state.GameState`, a state that dealing by the
            seed does not give (see :meth:`Recorder.deal`), a move count that
            does not fit the states, a move that does not lead from the state
            before it to the next one (naming its index in ``moves``),
            (without ``moves``) two states no listed move joins, or an
            ``end`` the states belie (see :meth:`Recorder.end`).

    >>> import unorules as ur
    >>> start = ur.new_round(ur.presets.official(), players=2, seed=1)
    >>> states = [start, ur.apply(start, ur.legal_moves(start)[0])]
    >>> ur.replay(ur.record_of(states))[0] == tuple(states)
    True
    """
    if isinstance(states, str | bytes) or not states:
        raise UnoError(msg("record_of needs the states of a game, not none"))
    for i, state in enumerate(states):
        if not isinstance(state, GameState):
            raise UnoError(
                msg(
                    "record_of: states[{index}] is {value}, not a GameState",
                    index=i,
                    value=repr(state)[:60],
                )
            )
    recorder = Recorder(names)
    given = list(moves) if moves is not None else None
    steps = 0
    rounds = 0
    for i, state in enumerate(states):
        if i == 0 or state.round_number != states[i - 1].round_number:
            recorder.deal(state, deck=decks[rounds] if rounds < len(decks) else None)
            rounds += 1
            continue
        before = states[i - 1]
        move = given[steps] if given is not None and steps < len(given) else None
        if given is not None and move is None:
            raise UnoError(msg("record_of: fewer moves than the states need"))
        if move is None:
            move = _move_between(before, state)
        steps += 1
        who = msg("record_of: moves[{index}]", index=steps - 1) if given else msg("record_of")
        recorder._add(move, state, who)
    if given is not None and steps != len(given):
        raise UnoError(msg("record_of: more moves than the states need"))
    if end is not None:
        recorder.end(end)
    return recorder.record


def _move_between(before: GameState, after: GameState) -> Move:
    for move in legal_moves(before):
        if apply(before, move) == after:
            return move
    raise UnoError(
        msg(
            "record_of: no legal move leads from the state after move {n} of round {number} "
            "to the next state; give the moves",
            n=before.turns,
            number=before.round_number,
        )
    )


# --------------------------------------------------------------------------- writing


def write_record(record: Record, form: Form = "jsonl") -> str:
    """The record as text: JSON Lines (``"jsonl"``) or the text form
    (``"text"``); see the module docstring. :func:`read_record` reads it back
    equal.

    Args:
        record: the record.
        form: ``"jsonl"`` or ``"text"``.

    Returns:
        The text, ending with a newline.

    Raises:
        UnoError: for another ``form``.

    >>> import unorules as ur
    >>> record = ur.Record(rules="official", players=2, seed=5,
    ...     rounds=[ur.RecordedRound(moves=[ur.Draw(0)])])
    >>> print(ur.write_record(record), end="")
    {"format": 2, "rules": "official", "players": 2, "seed": 5}
    {"round": 1}
    {"n": 1, "move": "0 draw"}
    >>> print(ur.write_record(record, "text"), end="")
    [Format "2"]
    [Rules "official"]
    [Players "2"]
    [Seed "5"]
    <BLANKLINE>
    [Round "1"]
    1. 0 draw
    """
    if form == "jsonl":
        return _write_jsonl(record)
    if form == "text":
        return _write_text(record)
    raise UnoError(msg("a record's form is 'jsonl' or 'text', not {form}", form=repr(form)))


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


def _write_jsonl(record: Record) -> str:
    header: dict[str, Any] = {"format": record.version, "rules": record.rules}
    header["players"] = record.players
    if record.names:
        header["names"] = list(record.names)
    header["seed"] = record.seed
    if record.bots:
        header["bots"] = list(record.bots)
    lines = [_json(header)]
    for rnd in record.rounds:
        data: dict[str, Any] = {"round": rnd.number}
        if rnd.dealer is not None:
            data["dealer"] = rnd.dealer
        if rnd.scores is not None:
            data["scores"] = list(rnd.scores)
        if rnd.deck is not None:
            data["deck"] = format_cards(rnd.deck)
        if rnd.start_reshuffles:
            data["start_reshuffles"] = [format_cards(order) for order in rnd.start_reshuffles]
        if rnd.reshuffles:
            data["reshuffles"] = [format_cards(order) for order in rnd.reshuffles]
        lines.append(_json(data))
        for n, m in enumerate(rnd.moves, 1):
            move: dict[str, Any] = {"n": n, "move": str(m)}
            drew = rnd.drawn[n - 1] if n <= len(rnd.drawn) else None
            if drew is not None:
                move["drew"] = format_cards(drew)
            lines.append(_json(move))
    if record.end is not None:
        lines.append(_json({"end": record.end}))
    return "\n".join(lines) + "\n"


def _tag(key: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{key} "{text}"]'


def _write_text(record: Record) -> str:
    lines = [
        _tag("Format", record.version),
        _tag("Rules", record.rules),
        _tag("Players", record.players),
    ]
    if record.names:
        lines.append(_tag("Names", " ".join(record.names)))
    lines.append(_tag("Seed", record.seed))
    if record.bots:
        lines.append(_tag("Bots", " ".join(record.bots)))
    for rnd in record.rounds:
        lines += ["", _tag("Round", rnd.number)]
        if rnd.dealer is not None:
            lines.append(_tag("Dealer", rnd.dealer))
        if rnd.scores is not None:
            lines.append(_tag("Scores", " ".join(map(str, rnd.scores))))
        if rnd.deck is not None:
            lines.append(_tag("Deck", format_cards(rnd.deck)))
        lines += [_tag("StartReshuffle", format_cards(o)) for o in rnd.start_reshuffles]
        lines += [_tag("Reshuffle", format_cards(order)) for order in rnd.reshuffles]
        for n, m in enumerate(rnd.moves, 1):
            drew = rnd.drawn[n - 1] if n <= len(rnd.drawn) else None
            lines.append(f"{n}. {m}" if drew is None else f"{n}. {m} {{{format_cards(drew)}}}")
    if record.end is not None:
        lines += ["", _tag("End", record.end)]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- reading


def read_record(text: str, *, form: Form | None = None, rules: str | None = None) -> Record:
    """Read a record written by :func:`write_record`, or by hand.

    Args:
        text: the record.
        form: ``"jsonl"`` or ``"text"``; ``None``: JSON Lines when the first
            character that is not blank is ``{``, else the text form.
        rules: a preset string to check the decks, deals and seats against
            instead of the record's own (``unorules check --rules``); the
            record keeps its own ``rules``.

    Returns:
        The :class:`Record`.

    Raises:
        RecordError: at the first problem, with its 1-based line and column:
            a line that is no JSON or no JSON object, a key or tag that is
            unknown, repeated, missing or out of order, a value of the wrong
            type, a format version this library does not read, a preset
            string that builds no rule set, names that are not one distinct
            name a seat, a round number out of order, a move number that is
            not the next one, a move the notation cannot read or that names a
            seat the game does not have, a deck order with a code that is no
            card or more copies of a card than the deck holds, and a deal
            :func:`unorules.new_round` refuses (a dealer out of range, scores
            that are not one a seat or that end the game).
        RuleSetError: for a ``rules`` override that builds no rule set.
    """
    if not isinstance(text, str):
        raise UnoError(msg("a record is text, not {value}", value=type(text).__name__))
    text = text.removeprefix("\ufeff")  # a byte order mark some editors write
    _check_line_lengths(text)
    if form is None:
        form = "jsonl" if text.lstrip().startswith("{") else "text"
    reader = _Reader(presets.get(rules) if rules is not None else None)
    if form == "jsonl":
        reader.jsonl(text)
    elif form == "text":
        reader.text(text)
    else:
        raise UnoError(msg("a record's form is 'jsonl' or 'text', not {form}", form=repr(form)))
    return reader.finish()


def _check_line_lengths(text: str) -> None:
    """Refuse a line of more than :data:`MAX_LINE_CHARS` characters, at the
    first character past the limit."""
    if len(text) <= MAX_LINE_CHARS:
        return
    start = 0
    number = 1
    while True:
        end = text.find("\n", start)
        stop = len(text) if end < 0 else end
        if stop - start > MAX_LINE_CHARS:
            raise RecordError(
                number,
                MAX_LINE_CHARS + 1,
                msg(
                    "this line is longer than {most} characters, more than a line of a "
                    "record may have",
                    most=MAX_LINE_CHARS,
                ),
            )
        if end < 0:
            return
        start = end + 1
        number += 1


_HEADER_KEYS = ("format", "rules", "players", "names", "seed", "bots")
_ROUND_KEYS = ("round", "dealer", "scores", "deck", "start_reshuffles", "reshuffles")
_MOVE_KEYS = ("n", "move", "drew")
_TAGS = {
    "Format": "format",
    "Rules": "rules",
    "Players": "players",
    "Names": "names",
    "Seed": "seed",
    "Bots": "bots",
    "Round": "round",
    "Dealer": "dealer",
    "Scores": "scores",
    "Deck": "deck",
    "StartReshuffle": "start_reshuffles",
    "Reshuffle": "reshuffles",
    "End": "end",
}
_LINE_KINDS = {
    "header": msg("header"),
    "round": msg("round"),
    "move": msg("move"),
    "end": msg("end"),
}
# The value's loop is unrolled (runs of plain characters, then an escape):
# a long value is read in one pass, without a backtracking step per character.
_TAG_LINE = re.compile(r'\[(?P<key>[A-Za-z]+)\s+"(?P<value>[^"\\]*(?:\\.[^"\\]*)*)"\]\s*')
_TAG_START = re.compile(r"\s*\[")
_MOVE_NUMBER = re.compile(r"(?<!\S)(?P<n>[0-9]{1,9})\.(?=\s|$)")
_INT = re.compile(r"[+-]?[0-9]{1,30}")
_SEED = re.compile(r"[+-]?[0-9]+")


@attrs.define
class _Place:
    """Where a value is: its line, the column of its first character, and
    how its characters map to columns (a JSON string's escapes)."""

    line: int
    column: int
    raw: str = ""  # the value's raw text when it is a JSON string
    text: str = ""  # the whole line, for a JSON list's strings
    json: bool = False  # a value of a JSON line (else of a tag)

    def at(self, offset: int) -> int:
        """The column of the value's ``offset``-th character."""
        if not self.raw:
            return self.column + offset
        return self.column + 1 + _raw_offset(self.raw, offset)


def _raw_offset(raw: str, index: int) -> int:
    """The offset in the JSON string body ``raw`` (after its opening quote)
    of the ``index``-th decoded character."""
    i = count = 0
    while i < len(raw) and count < index:
        if raw[i] == "\\":
            if raw[i + 1 : i + 2] == "u":
                high = raw[i + 2 : i + 6]
                i += 6
                surrogate = high.lower()[:2] in ("d8", "d9", "da", "db")
                if surrogate and raw[i : i + 2] == "\\u":
                    i += 6
            else:
                i += 2
        else:
            i += 1
        count += 1
    return i


# The JSON reader's reasons (json.JSONDecodeError.msg, by how they begin).
_JSON_REASONS = (
    ("Expecting value", msg("a value is missing here (a string, number, list or object)")),
    ("Expecting ',' delimiter", msg("a ',' or the end of the object or list is missing here")),
    ("Expecting ':' delimiter", msg("a ':' after the key is missing here")),
    ("Expecting property name", msg("a key in double quotes is missing here")),
    ("Unterminated string", msg("this string has no closing double quote")),
    ("Invalid control character", msg("a control character (a tab, a line break) in a string")),
    ("Invalid \\uXXXX escape", msg("a \\u escape without four hex digits")),
    ("Invalid \\escape", msg("a backslash that starts no escape of JSON")),
    ("Extra data", msg("more after the line's JSON value (one object a line)")),
    ("Illegal trailing comma", msg("a ',' before the end of the object or list")),
)


_TAG_NAME = re.compile(r"[A-Za-z]+")


def _quoted(value: str) -> str:
    """``value`` as a tag writes it, in double quotes."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _word(text: str) -> Message | str:
    """The first word of ``text`` as a message shows it, or "nothing"."""
    words = text.split(maxsplit=1)
    return repr(words[0][:40]) if words else msg("nothing")


def _tag_error(line: str, number: int) -> RecordError:
    """What is wrong with the tag line ``line`` (line ``number``), which
    starts with a ``[`` but is no ``[Name "value"]``: said at the column
    where it goes wrong."""
    body = line.rstrip()
    i = len(body) - len(body.lstrip()) + 1  # just after the "["
    name = _TAG_NAME.match(body, i)
    if name is None:
        found = body[i:].lstrip()
        return RecordError(
            number,
            len(body) - len(found) + 1,
            msg(
                "a tag's name comes right after the '[', such as [Players \"2\"]; found {found}",
                found=_word(found),
            ),
        )
    key, j = name.group(), name.end()
    rest = body[j:].lstrip()
    k = len(body) - len(rest)  # the column of the value, less one
    inner = rest[:-1].rstrip() if rest.endswith("]") else rest  # the value, roughly
    if not inner:
        return RecordError(number, k + 1, msg('the tag {tag} has no value: [{tag} "..."]', tag=key))
    if k == j and not rest.startswith('"'):
        return RecordError(
            number,
            i + 1,
            msg(
                "a tag's name is letters, such as Players; found {found}",
                found=repr((key + rest.split(maxsplit=1)[0])[:40]),
            ),
        )
    if not rest.startswith('"'):
        return RecordError(
            number,
            k + 1,
            msg(
                "the value of the tag {tag} must be in double quotes: [{tag} {quoted}]",
                tag=key,
                quoted=_quoted(inner),
            ),
        )
    if k == j:
        return RecordError(
            number,
            k + 1,
            msg(
                "a space between the tag's name and its value: [{tag} {value}]",
                tag=key,
                value=inner,
            ),
        )
    close = k + 1  # the value's closing quote
    while close < len(body) and body[close] != '"':
        close += 2 if body[close] == "\\" else 1
    if close >= len(body):
        return RecordError(
            number,
            k + 1,
            msg(
                "the value of the tag {tag} has no closing double quote (a '\"' in a value is "
                'written \\")',
                tag=key,
            ),
        )
    after = body[close + 1 :].lstrip()
    if not after.startswith("]"):
        return RecordError(
            number,
            len(body) - len(after) + 1,
            msg(
                "the tag {tag} ends with ']' right after its value's closing double quote, "
                "found {found} (a '\"' in a value is written \\\")",
                tag=key,
                found=_word(after),
            ),
        )
    extra = after[1:].lstrip()
    return RecordError(
        number,
        len(body) - len(extra) + 1,
        msg("one tag a line: {found} after the tag {tag}", tag=key, found=_word(extra)),
    )


def _json_reason(detail: str) -> Message:
    """Why a line is no JSON, from the JSON reader's ``detail``: translatable
    for the reader's usual reasons, else its own words."""
    for start, reason in _JSON_REASONS:
        if detail.startswith(start):
            return msg("this line is no JSON: {why}", why=reason)
    return msg("this line is no JSON (the JSON reader says: {detail})", detail=detail)


def _reason(error: UnoError) -> Message | str:
    if isinstance(error, NotationError) and error.message is not None:
        params = error.message.params
        return msg(
            "expected {expected}, found {found}", expected=params["expected"], found=params["found"]
        )
    return error.message if error.message is not None else str(error)


class _Reader:
    """Reads the lines of a record into its parts, checking each as it comes."""

    def __init__(self, override: RuleSet | None) -> None:
        self.override = override
        self.header: dict[str, Any] | None = None
        self.header_line = 0
        self.rules: RuleSet | None = None
        self.names: tuple[str, ...] = ()
        self.bots: tuple[str, ...] = ()
        self.rounds: list[RecordedRound] = []
        self.round: dict[str, Any] | None = None
        self.moves: list[Move] = []
        self.drawn: list[tuple[Card, ...] | None] = []
        self.places: list[dict[str, Any]] = []  # per round read, its keys' places
        self.last_line = 1
        self.tags = False  # the text form, whose header keys are tags
        self.version = FORMAT
        self.end: str | None = None
        self.end_line = 0  # the line of the end line, once read

    # -- JSON Lines

    def jsonl(self, text: str) -> None:
        for number, line in enumerate(text.split("\n"), 1):
            line = line.rstrip("\r")
            self.last_line = number
            if not line.strip():
                continue
            try:
                data = json.loads(line, object_pairs_hook=_Pairs)
            except json.JSONDecodeError as e:
                raise RecordError(number, e.colno, _json_reason(e.msg)) from None
            except RecursionError:
                raise RecordError(
                    number,
                    1,
                    msg(
                        "this line is no JSON a record can hold: {why}",
                        why=msg("lists or objects nested too deep"),
                    ),
                ) from None
            except ValueError as e:
                long = _long_number(line)
                if long is not None:
                    raise RecordError(number, long[0], long[1]) from None
                # A number too long to read (Python's limit on its digits).
                why: Message | str = (
                    msg("a number with too many digits") if "digits" in str(e) else str(e)
                )
                raise RecordError(
                    number, 1, msg("this line is no JSON a record can hold: {why}", why=why)
                ) from None
            start = len(line) - len(line.lstrip())
            self.after_end(number, start + 1)
            if not isinstance(data, _Pairs):
                raise RecordError(
                    number, start + 1, msg("each line of a record is a JSON object {{...}}")
                )
            found = _json_keys(line)
            columns: dict[str, int] = {}
            starts: dict[str, int] = {}
            for key, column, value_start in found:
                if key in columns:
                    raise RecordError(
                        number, column, msg("the key {key} is given twice", key=repr(key))
                    )
                columns[key] = column
                starts[key] = value_start
            values = dict(data.pairs)
            keys: tuple[str, ...]
            if "format" in values:
                kind, keys = "header", _HEADER_KEYS
            elif "round" in values:
                kind, keys = "round", _ROUND_KEYS
            elif "move" in values:
                kind, keys = "move", _MOVE_KEYS
            elif "end" in values:
                kind, keys = "end", ("end",)
            else:
                raise RecordError(
                    number,
                    start + 1,
                    msg(
                        "a line of a record is a header (with the key 'format'), a round "
                        "(with 'round'), a move (with 'move') or the end line (with 'end')"
                    ),
                )
            for key in values:
                if key not in keys:
                    raise RecordError(
                        number,
                        columns.get(key, start + 1),
                        msg(
                            "unknown key {key} in a {kind} line (its keys: {keys})",
                            key=repr(key),
                            kind=_LINE_KINDS[kind],
                            keys=", ".join(keys),
                        ),
                    )
            places = {
                key: _value_place(line, number, starts[key])
                if key in starts
                else _Place(number, start + 1, json=True)
                for key in values
            }
            if kind == "header":
                self.on_header(values, places, number, start + 1)
            elif kind == "round":
                self.on_round(values, places, number, start + 1)
            elif kind == "end":
                self.on_end(values["end"], places["end"], number, start + 1)
            else:
                self.on_move(values, places, number, start + 1)

    # -- the text form

    def text(self, text: str) -> None:
        self.tags = True
        header: dict[str, Any] = {}
        header_places: dict[str, _Place] = {}
        header_line = 0
        round_values: dict[str, Any] | None = None
        round_places: dict[str, _Place] = {}
        round_line = 0
        expected = 1
        for number, line in enumerate(text.split("\n"), 1):
            line = line.rstrip("\r")
            self.last_line = number
            body = line.strip()
            if not body or body.startswith("#"):
                continue
            self.after_end(number, len(line) - len(line.lstrip()) + 1)
            if _TAG_START.match(line):
                m = _TAG_LINE.fullmatch(line.strip())
                start = len(line) - len(line.lstrip())
                if m is None:
                    raise _tag_error(line, number)
                key = m.group("key")
                value = re.sub(r"\\(.)", r"\1", m.group("value"))
                place = _Place(number, start + m.start("value") + 1)
                field = _TAGS.get(key)
                if field is None:
                    raise RecordError(
                        number,
                        start + 2,
                        msg(
                            "unknown tag {tag} (the tags: {tags})",
                            tag=repr(key),
                            tags=", ".join(_TAGS),
                        ),
                    )
                if field in _HEADER_KEYS:
                    if self.header is not None or round_values is not None:
                        raise RecordError(
                            number,
                            start + 2,
                            msg(
                                "the tag {tag} belongs in the header, before the first Round",
                                tag=repr(key),
                            ),
                        )
                    if field in header:
                        raise RecordError(
                            number, start + 2, msg("the tag {tag} is given twice", tag=repr(key))
                        )
                    if header_line == 0:
                        header_line = number
                    header[field] = value
                    header_places[field] = place
                    continue
                if field == "end":
                    if self.header is None:
                        self.on_header(header, header_places, header_line or number, 1)
                    if round_values is not None and self.round is None:
                        self.on_round(round_values, round_places, round_line, 1)
                    self.on_end(value, place, number, start + 2)
                    continue
                if field == "round":
                    if self.header is None:
                        self.on_header(header, header_places, header_line or number, 1)
                    if round_values is not None:
                        if self.round is None:
                            self.on_round(round_values, round_places, round_line, 1)
                        self.close_round()
                    round_values, round_places, round_line = {}, {}, number
                    expected = 1
                elif round_values is None or self.moves:
                    raise RecordError(
                        number,
                        start + 2,
                        msg(
                            "the tag {tag} belongs after a Round tag, before its moves",
                            tag=repr(key),
                        ),
                    )
                elif field in ("reshuffles", "start_reshuffles"):
                    round_values.setdefault(field, []).append(value)
                    spots: list[_Place] = round_places.setdefault(field, [])  # type: ignore[arg-type, assignment]
                    spots.append(place)
                    continue
                elif field in round_values:
                    raise RecordError(
                        number, start + 2, msg("the tag {tag} is given twice", tag=repr(key))
                    )
                round_values[field] = value
                round_places[field] = place
                continue
            if round_values is None:
                start = len(line) - len(line.lstrip())
                if not _MOVE_NUMBER.match(line, start):
                    raise RecordError(
                        number,
                        start + 1,
                        msg(
                            'a line of the text form is a tag, [Name "value"], or numbered '
                            "moves, '1. 0 play R7'; found {found}",
                            found=_word(line),
                        ),
                    )
                raise RecordError(
                    number,
                    start + 1,
                    msg('moves come after a [Round "N"] tag'),
                )
            if self.round is None:
                self.on_round(round_values, round_places, round_line, 1)
            starts = list(_MOVE_NUMBER.finditer(line))
            first = len(line) - len(line.lstrip())
            if not starts or starts[0].start() != first:
                raise RecordError(
                    number,
                    first + 1,
                    msg(
                        "a move line starts with the move's number and a dot, such as "
                        "'1. 0 play R7'; found {found}",
                        found=_word(line),
                    ),
                )
            for i, m in enumerate(starts):
                end = starts[i + 1].start() if i + 1 < len(starts) else len(line)
                n = int(m.group("n"))
                if n != expected:
                    raise RecordError(
                        number,
                        m.start() + 1,
                        msg(
                            "move number {n}: the next move of the round is number {expected}",
                            n=n,
                            expected=expected,
                        ),
                    )
                move_text = line[m.end() : end]
                drew = None
                brace = move_text.find("{")
                if brace >= 0:
                    drew = self.drawn_of(move_text, brace, _Place(number, m.end() + 1))
                    move_text = move_text[:brace]
                lead = len(move_text) - len(move_text.lstrip())
                place = _Place(number, m.end() + lead + 1)
                self.add_move(move_text.strip(), place, drew)
                expected += 1
        if self.header is None:
            if not header:
                raise RecordError(self.last_line, 1, msg("the record has no header"))
            self.on_header(header, header_places, header_line, 1)
        if round_values is not None:
            if self.round is None:
                self.on_round(round_values, round_places, round_line, 1)
            self.close_round()

    def drawn_of(self, text: str, brace: int, start: _Place) -> tuple[Card, ...]:
        """The cards drawn written after a move of the text form, ``{R7 G2}``
        (``text``: the move with them, its ``brace`` the ``{``, ``start``: the
        place of ``text``)."""
        close = text.find("}", brace)
        if close < 0:
            raise RecordError(
                start.line,
                start.column + len(text.rstrip()),
                msg(
                    "the '{{' of the cards drawn has no '}}': the cards a move drew are in "
                    "braces at the move's end, '3. 1 draw {{R7}}'"
                ),
            )
        if text[close + 1 :].strip():
            rest = text[close + 1 :]
            after = close + 1 + len(rest) - len(rest.lstrip())
            raise RecordError(
                start.line,
                start.column + after,
                msg(
                    "{found} after the cards drawn: they end the move, '3. 1 draw {{R7}}', and "
                    "the next move starts with its number, '4. 0 play R7'",
                    found=_word(rest),
                ),
            )
        body = text[brace + 1 : close]
        place = _Place(start.line, start.column + brace + 1)
        return self.card_order(body, place, msg("the cards drawn"))

    # -- the parts, from either form

    def on_header(
        self, values: dict[str, Any], places: dict[str, _Place], line: int, column: int
    ) -> None:
        if self.header is not None:
            raise RecordError(line, column, msg("the record has a second header"))
        self.header_line = line
        for key in ("format", "rules", "players"):
            if key not in values and self.tags:
                tag = key.capitalize()
                raise RecordError(
                    line,
                    column,
                    msg('the header lacks the tag {tag}: [{tag} "..."]', tag=tag),
                )
            if key not in values:
                raise RecordError(line, column, msg("the header lacks {key}", key=repr(key)))
        version = _need_int(values["format"], places["format"], "format")
        if version not in FORMATS:
            raise RecordError(
                places["format"].line,
                places["format"].column,
                msg(
                    "format {version}: this unorules reads format {known}",
                    version=version,
                    known=" / ".join(map(str, FORMATS)),
                ),
            )
        self.version = version
        rules_name = values["rules"]
        if not isinstance(rules_name, str):
            raise RecordError(
                places["rules"].line, places["rules"].column, msg("rules: a preset string")
            )
        try:
            own = presets.get(rules_name)
        except RuleSetError as e:
            raise RecordError(places["rules"].line, places["rules"].at(0), _reason(e)) from None
        self.rules = self.override if self.override is not None else own
        players = _need_int(values["players"], places["players"], "players")
        deck = self.rules.deck
        if not deck.min_players <= players <= deck.max_players:
            raise RecordError(
                places["players"].line,
                places["players"].column,
                msg(
                    "players {count}: this deck seats {least} to {most} players",
                    count=players,
                    least=deck.min_players,
                    most=deck.max_players,
                ),
            )
        names: tuple[str, ...] = ()
        if "names" in values:
            names = self.read_names(values["names"], places["names"], players)
        seed = _need_seed(values["seed"], places["seed"]) if "seed" in values else 0
        self.header = {"rules": rules_name, "players": players, "seed": seed}
        self.names = names
        if "bots" in values:
            self.bots = self.read_bots(values["bots"], places["bots"], players)

    def read_bots(self, value: Any, place: _Place, players: int) -> tuple[str, ...]:
        if isinstance(value, str) and not place.json:
            bots = tuple(value.split())
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            bots = tuple(value)
        else:
            raise RecordError(place.line, place.column, msg("bots: a list of bot names"))
        problem = _bot_problem(bots, players)
        if problem is not None:
            raise RecordError(place.line, place.column, msg("bots: {reason}", reason=problem))
        return bots

    def read_names(self, value: Any, place: _Place, players: int) -> tuple[str, ...]:
        if isinstance(value, str) and not place.json:
            names = tuple(value.split())
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            names = tuple(value)
        else:
            raise RecordError(place.line, place.column, msg("names: a list of names"))
        if len(names) != players:
            raise RecordError(
                place.line,
                place.column,
                msg("names: {reason}", reason=_names_for_seats(len(names), players)),
            )
        try:
            return check_names(names)
        except NotationError as e:
            problem = _name_problem(names)
            reason = msg("names: {reason}", reason=problem) if problem is not None else _reason(e)
            raise RecordError(place.line, place.at(e.position), reason) from None

    def on_round(
        self, values: dict[str, Any], places: dict[str, _Place], line: int, column: int
    ) -> None:
        if self.header is None:
            raise RecordError(line, column, msg("the record starts with its header line"))
        if self.round is not None:
            self.close_round()
        number = _need_int(values["round"], places["round"], "round")
        expected = len(self.rounds) + 1
        if number != expected:
            raise _at(
                places["round"],
                msg(
                    "round {number}: the next round is number {expected}",
                    number=number,
                    expected=expected,
                ),
            )
        players = self.header["players"]
        dealer = None
        if "dealer" in values:
            dealer = _need_int(values["dealer"], places["dealer"], "dealer")
            if not 0 <= dealer < players:
                raise _at(
                    places["dealer"],
                    msg("dealer {seat}: the seats are 0 to {last}", seat=dealer, last=players - 1),
                )
        scores = None
        if "scores" in values:
            scores = _need_ints(values["scores"], places["scores"], "scores")
            if len(scores) != players:
                raise _at(
                    places["scores"],
                    msg("scores: {reason}", reason=_scores_for_seats(len(scores), players)),
                )
            negative = next((v for v in scores if v < 0), None)
            if negative is not None:
                raise _at(
                    places["scores"],
                    msg(
                        "scores: {value} is below 0: a total is a whole number from 0",
                        value=negative,
                    ),
                )
        deck = None
        if "deck" in values:
            if not isinstance(values["deck"], str):
                raise _at(places["deck"], msg("deck: card codes in one string"))
            deck = self.card_order(values["deck"], places["deck"], msg("the deck order"))
        self.round = {
            "number": number,
            "dealer": dealer,
            "scores": scores,
            "deck": deck,
            "reshuffles": self.card_orders(
                values,
                places,
                "reshuffles",
                msg("reshuffles: a list of strings of card codes, one a reshuffle"),
                msg("a reshuffled draw pile"),
            ),
            "start_reshuffles": self.card_orders(
                values,
                places,
                "start_reshuffles",
                msg("start_reshuffles: a list of strings of card codes, one a reshuffle"),
                msg("a reshuffled deck"),
            ),
            "line": line,
            "column": column,
            "places": places,
        }
        self.moves = []
        self.drawn = []

    def card_order(self, text: str, place: _Place, what: Message) -> tuple[Card, ...]:
        """The cards of ``text`` (codes, at ``place``), no more of each than
        the deck holds (``what``: the order, for the message)."""
        assert self.rules is not None
        try:
            order = parse_cards(text)
            _check_counts(self.rules, Counter(order), what)
        except NotationError as e:
            raise RecordError(place.line, place.at(e.position), _reason(e)) from None
        except SituationError as e:
            raise RecordError(place.line, place.at(0), _reason(e)) from None
        return order

    def card_orders(
        self,
        values: dict[str, Any],
        places: dict[str, Any],
        key: str,
        shape: Message,
        what: Message,
    ) -> list[tuple[Card, ...]]:
        """The card orders of the round key ``key`` (a JSON list of strings,
        or one tag each; ``shape``: what it must be, ``what``: one order, for
        the messages); their places replace ``places[key]``."""
        if key not in values:
            return []
        given = places[key]
        texts = values[key]
        if isinstance(given, _Place):
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                raise _at(given, shape)
            places[key] = _list_places(given, len(texts))
        return [self.card_order(t, p, what) for t, p in zip(texts, places[key], strict=True)]

    def close_round(self) -> None:
        assert self.round is not None and self.header is not None and self.rules is not None
        r = self.round
        rnd = RecordedRound(
            number=r["number"],
            dealer=r["dealer"],
            scores=r["scores"],
            deck=r["deck"],
            moves=self.moves,
            reshuffles=r["reshuffles"],
            start_reshuffles=r["start_reshuffles"],
            drawn=self.drawn,
        )
        # Scores that already end the game are readable: `unorules check`
        # reports the round (score.*), so it is not dealt here.
        try:
            _deal_when_read(self.rules, self.header["players"], self.header["seed"], rnd)
        except SituationError as e:
            places: dict[str, Any] = r["places"]
            text = str(e)
            where = _Place(r["line"], r["column"])
            start = _start_place(places, text)
            if start is not None:
                where = start
            else:
                key = next(
                    (k for k in ("scores", "deck", "dealer") if k in places and k in text),
                    None,
                )
                if key is not None:
                    where = places[key]
            raise RecordError(where.line, where.column, _reason(e)) from None
        self.rounds.append(rnd)
        self.places.append(r["places"])
        self.round = None
        self.moves = []
        self.drawn = []

    def on_move(
        self, values: dict[str, Any], places: dict[str, _Place], line: int, column: int
    ) -> None:
        if self.round is None:
            raise RecordError(
                line,
                column,
                msg("a move line comes after a round line")
                if self.header is not None
                else msg("the record starts with its header line"),
            )
        if "n" in values:
            n = _need_int(values["n"], places["n"], "n")
            if n != len(self.moves) + 1:
                raise RecordError(
                    places["n"].line,
                    places["n"].column,
                    msg(
                        "move number {n}: the next move of the round is number {expected}",
                        n=n,
                        expected=len(self.moves) + 1,
                    ),
                )
        text = values["move"]
        if not isinstance(text, str):
            raise _at(places["move"], msg("move: a move in the notation, as a string"))
        drew = None
        if "drew" in values:
            if not isinstance(values["drew"], str):
                raise _at(places["drew"], msg("drew: the cards drawn, card codes in one string"))
            drew = self.card_order(values["drew"], places["drew"], msg("the cards drawn"))
        self.add_move(text, places["move"], drew)

    def add_move(self, text: str, place: _Place, drew: tuple[Card, ...] | None = None) -> None:
        assert self.header is not None
        try:
            move = parse_move(text, names=self.names)
        except NotationError as e:
            raise RecordError(place.line, place.at(e.position), _reason(e)) from None
        players = self.header["players"]
        seats = [move.player]
        if isinstance(move, CatchUno):
            seats.append(move.target)
        if isinstance(move, Play) and move.swap_with is not None:
            seats.append(move.swap_with)
        for seat in seats:
            if not 0 <= seat < players:
                raise RecordError(
                    place.line,
                    place.at(0),
                    msg(
                        "{move}: the game has {count} seats (0 to {last})",
                        move=str(move),
                        count=players,
                        last=players - 1,
                    ),
                )
        self.moves.append(move)
        self.drawn.append(drew)

    def after_end(self, line: int, column: int) -> None:
        """Refuse a line after the end line: the end line is the last."""
        if self.end is not None:
            raise RecordError(
                line,
                column,
                msg("the record goes on after its end line (line {end})", end=self.end_line),
            )

    def on_end(self, value: Any, place: _Place, line: int, column: int) -> None:
        """The end line (format 2): what it says (:data:`ENDS`)."""
        if self.header is None:
            raise RecordError(line, column, msg("the record has no header"))
        if self.round is None and not self.rounds:
            raise RecordError(line, column, msg("the end line comes after the last round"))
        if self.version < 2:
            raise RecordError(
                line,
                column,
                msg(
                    "a record of format {version} has no end line: the end line is of "
                    "format {known}",
                    version=self.version,
                    known=FORMAT,
                ),
            )
        if not isinstance(value, str) or value not in ENDS:
            raise RecordError(
                place.line,
                place.column,
                msg(
                    "end: {ends}, not {value}",
                    ends=", ".join(ENDS),
                    value=repr(value)[:40],
                ),
            )
        self.end = value
        self.end_line = line

    def finish(self) -> Record:
        if self.header is None:
            raise RecordError(self.last_line, 1, msg("the record has no header"))
        if self.round is not None:
            self.close_round()
        if not self.rounds:
            raise RecordError(self.last_line, 1, msg("the record has no round"))
        # Checked line by line, against the rule set read under: the record
        # need not be checked again (nor against its own rules, with `rules`).
        token = _TRUSTED.set(True)
        try:
            record = Record(
                rules=self.header["rules"],
                players=self.header["players"],
                seed=self.header["seed"],
                names=self.names,
                rounds=self.rounds,
                version=self.version,
                end=self.end,
                bots=self.bots,
            )
        finally:
            _TRUSTED.reset(token)
        if any(rnd.reshuffles or rnd.start_reshuffles for rnd in record.rounds):
            self.check_reshuffles(record)
        return record

    def check_reshuffles(self, record: Record) -> None:
        """Replay ``record`` to find a recorded reshuffle that does not hold
        the cards the move shuffles, or that no move makes (``pile.reshuffle``):
        an error at its line. A round whose deal or moves cannot be played
        (``unorules check`` reports those) is not looked into further."""
        assert self.rules is not None
        previous: GameState | None = None
        for index, rnd in enumerate(record.rounds):
            places = self.places[index]
            try:
                state = deal(record, index, previous, rules=self.rules)
            except SituationError as e:
                start = _start_place(places, str(e))
                if start is not None:
                    raise RecordError(start.line, start.column, _reason(e)) from None
                previous = None
                continue
            previous = None
            try:
                for n, move in enumerate(rnd.moves, 1):
                    k = state.reshuffles
                    try:
                        state = _step(state, move, rnd, n)[0]
                    except DrawnCardsDiffer:
                        raise
                    except SituationError as e:
                        where = places["reshuffles"][k]
                        raise RecordError(where.line, where.column, _reason(e)) from None
                _all_reshuffles_used(rnd, state)
            except UnusedReshuffle as e:
                where = places["reshuffles"][e.index]
                raise RecordError(where.line, where.column, _reason(e)) from None
            except (IllegalMove, DrawnCardsDiffer):
                continue
            previous = state


class _Pairs:
    """A JSON object as its key/value pairs, to find a key given twice."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        self.pairs = pairs


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(?P<number>-?[0-9]+)')


def _long_number(line: str) -> tuple[int, Message] | None:
    """The column of the first number on ``line`` too long for Python to
    read as a whole number (:func:`sys.get_int_max_str_digits`), and what is
    wrong with it; ``None`` when there is none."""
    most = sys.get_int_max_str_digits() or 4300
    for m in _JSON_TOKEN.finditer(line):
        digits = m.group("number")
        if digits is None or len(digits.lstrip("-")) <= most:
            continue
        key = re.search(r'"((?:[^"\\]|\\.)*)"\s*:\s*$', line[: m.start()])
        name = json.loads(f'"{key.group(1)}"') if key is not None else None
        if name == "seed":
            return m.start() + 1, msg(
                "seed: a record holds seeds of at most {most} digits", most=MAX_SEED_DIGITS
            )
        if name is not None:
            return m.start() + 1, msg(
                "{key}: a whole number of more than {most} digits, longer than a record holds",
                key=name,
                most=most,
            )
        return m.start() + 1, msg(
            "a number of more than {most} digits, longer than a record holds", most=most
        )
    return None


def _json_keys(line: str) -> list[tuple[str, int, int]]:
    """The keys of the JSON object on ``line`` (read by :func:`json.loads`
    already), each decoded, with the 1-based column of its opening quote and
    the 0-based index where its value starts."""
    out: list[tuple[str, int, int]] = []
    decoder = json.JSONDecoder()
    space = re.compile(r"[ \t\n\r]*")

    def skip(i: int) -> int:
        m = space.match(line, i)
        return m.end() if m else i

    i = skip(0) + 1  # after the "{"
    while True:
        i = skip(i)
        if line[i : i + 1] != '"':
            return out
        key, end = json.decoder.scanstring(line, i + 1)  # type: ignore[attr-defined]
        colon = skip(end)
        start = skip(colon + 1)
        out.append((key, i + 1, start))
        try:
            _, i = decoder.raw_decode(line, start)
        except ValueError:
            return out
        i = skip(i)
        if line[i : i + 1] != ",":
            return out
        i += 1


def _list_places(place: _Place, count: int) -> list[_Place]:
    """The places of the ``count`` strings of the JSON list at ``place``."""
    line = place.text
    out = []
    i = place.column  # just after the "["
    for _ in range(count):
        while i < len(line) and line[i] in " \t,":
            i += 1
        try:
            _, end = json.decoder.scanstring(line, i + 1)  # type: ignore[attr-defined]
        except ValueError:
            end = len(line)
        out.append(_Place(place.line, i + 1, line[i + 1 : end - 1] or " "))
        i = end
    return out


def _value_place(line: str, number: int, start: int) -> _Place:
    """The place of the JSON value that starts at index ``start`` of ``line``."""
    if line[start : start + 1] == '"':
        try:
            _, end = json.decoder.scanstring(line, start + 1)  # type: ignore[attr-defined]
        except ValueError:
            end = len(line)
        return _Place(number, start + 1, line[start + 1 : end - 1] or " ", json=True)
    return _Place(number, start + 1, text=line, json=True)


def _at(place: _Place, reason: Message) -> RecordError:
    """The error ``reason`` at the value at ``place``."""
    return RecordError(place.line, place.column, reason)


def _start_place(places: dict[str, Any], text: str) -> _Place | None:
    """The place of the start reshuffle an error of the deal names."""
    named = re.search(r"start reshuffle ([0-9]+)", text)
    spots = places.get("start_reshuffles")
    if named is None or not spots:
        return None
    spot: _Place = spots[min(int(named.group(1)), len(spots)) - 1]
    return spot


def _need_seed(value: Any, place: _Place) -> int:
    long = False
    if isinstance(value, str) and not place.json and _SEED.fullmatch(value.strip()):
        long = len(value.strip().lstrip("+-")) > MAX_SEED_DIGITS
        if not long:
            return int(value)  # a tag's value
    elif type(value) is not int:
        raise _at(place, msg("seed: a whole number, not {value}", value=_shown(value)))
    else:
        long = value.bit_length() > 14_000 or len(str(abs(value))) > MAX_SEED_DIGITS
    if long:
        raise _at(
            place,
            msg("seed: a record holds seeds of at most {most} digits", most=MAX_SEED_DIGITS),
        )
    seed: int = value
    return seed


def _need_int(value: Any, place: _Place, key: str) -> int:
    if isinstance(value, str) and not place.json and _INT.fullmatch(value.strip()):
        return int(value)  # a tag's value
    if type(value) is not int:
        raise RecordError(
            place.line,
            place.column,
            msg("{key}: a whole number, not {value}", key=key, value=_shown(value)),
        )
    return value


def _need_ints(value: Any, place: _Place, key: str) -> tuple[int, ...]:
    if isinstance(value, str) and not place.json:
        words = value.split()
        wrong = next((w for w in words if not _INT.fullmatch(w)), None)
        if wrong is None:
            return tuple(int(w) for w in words)
        # A tag's value: the word that is no number, at its column.
        offset = len(value) - len(value.lstrip())
        for w in words:
            offset = value.index(w, offset)
            if w == wrong:
                break
            offset += len(w)
        raise RecordError(
            place.line,
            place.at(offset),
            msg("{key}: whole numbers, one a seat, not {value}", key=key, value=_shown(wrong)),
        )
    if isinstance(value, list) and all(type(v) is int for v in value):
        return tuple(value)
    raise RecordError(
        place.line,
        place.column,
        msg("{key}: whole numbers, one a seat, not {value}", key=key, value=_shown(value)),
    )


def _shown(value: Any) -> str:
    """``value`` as a message shows what was found: a JSON value as JSON (a
    tag's value as written), at most 40 characters."""
    try:
        text = json.dumps(
            value,
            ensure_ascii=False,
            default=lambda o: dict(o.pairs) if isinstance(o, _Pairs) else repr(o),
        )
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
