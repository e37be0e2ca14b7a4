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
then per round a round line and one line per move::

    {"format": 1, "rules": "official", "players": 3, "names": ["Anna", "Bo", "Cy"], "seed": 7}
    {"round": 1, "dealer": 2, "scores": [0, 0, 0]}
    {"n": 1, "move": "0 play R7"}
    {"n": 2, "move": "1 draw"}

The text form (``form="text"``): tag lines as in PGN, then the moves
numbered from 1 in each round::

    [Format "1"]
    [Rules "official"]
    [Players "3"]
    [Names "Anna Bo Cy"]
    [Seed "7"]

    [Round "1"]
    [Dealer "2"]
    [Scores "0 0 0"]
    1. 0 play R7
    2. 1 draw

Grammar of the text form (``#`` starts a comment line; blank lines are free)::

    record   = header round { round } ;
    header   = tag("Format") tag("Rules") tag("Players") [ tag("Names") ] [ tag("Seed") ] ;
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

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from unorules.cards import Card, format_cards, parse_cards
from unorules.dealing import _check_counts, new_round
from unorules.engine import apply, apply_with_events, legal_moves, rng_for
from unorules.errors import (
    IllegalMove,
    Message,
    NotationError,
    RecordError,
    RuleSetError,
    SituationError,
    UnoError,
    msg,
)
from unorules.events import CardsDrawn, Event, Reshuffled
from unorules.moves import CatchUno, Move, Play
from unorules.notation import MAX_NAME, _reserved, check_names, parse_move
from unorules.rules import presets
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState

__all__ = [
    "FORMAT",
    "MAX_SEED_DIGITS",
    "DrawnCardsDiffer",
    "Record",
    "RecordedRound",
    "Recorder",
    "UnusedReshuffle",
    "deal",
    "drawn_cards",
    "read_record",
    "record_of",
    "replay",
    "write_record",
]

FORMAT = 1
"""The version of the record format this library writes and reads."""

Form = Literal["jsonl", "text"]


def _ints(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(value)


def _moves(value: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(value)


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


def _round_tuple(value: Iterable[RecordedRound]) -> tuple[RecordedRound, ...]:
    return tuple(value)


def _orders(value: Iterable[str | Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(parse_cards(v) if isinstance(v, str) else tuple(v) for v in value)


def _cards(value: str | Iterable[Card] | None) -> tuple[Card, ...] | None:
    if value is None:
        return None
    return parse_cards(value) if isinstance(value, str) else tuple(value)


def _drawn(
    value: Iterable[str | Iterable[Card] | None],
) -> tuple[tuple[Card, ...] | None, ...]:
    """One entry a move, trailing ``None`` left out: the same record has one
    ``drawn``, however it was built."""
    out = [_cards(v) for v in value]
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


MAX_SEED_DIGITS = 4000
"""The most digits a record's seed may have (Python reads and writes
integers of up to 4300 digits as text by default)."""


def _moves_writable(rnd: RecordedRound, _attribute: object, moves: tuple[Move, ...]) -> None:
    """Each move is a :class:`~unorules.moves.Move` that the notation writes
    and reads back the same."""
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

    Attributes:
        number: the round's number in the game, 1 first.
        dealer: the dealer's seat; ``None``: the seat :func:`deal` works out
            (``setup.dealer-rotates``).
        scores: the totals the round starts with, one per seat; ``None``: the
            totals the previous round left (0 each in the first round).
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
        UnoError: a move that is no :class:`~unorules.moves.Move` or that the
            move notation cannot write back the same; a card code that is no
            card (a
            :class:`~unorules.errors.NotationError`).
    """

    number: int = 1
    dealer: int | None = None
    scores: tuple[int, ...] | None = attrs.field(default=None, converter=_ints)
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_cards)
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves, validator=_moves_writable)
    reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_orders)
    start_reshuffles: tuple[tuple[Card, ...], ...] = attrs.field(default=(), converter=_orders)
    drawn: tuple[tuple[Card, ...] | None, ...] = attrs.field(default=(), converter=_drawn)

    def __attrs_post_init__(self) -> None:
        # Entries past the last move belong to no move (the moves were cut).
        if len(self.drawn) > len(self.moves):
            object.__setattr__(self, "drawn", _drawn(self.drawn[: len(self.moves)]))


def _numbered(record: Record, _attribute: object, rounds: tuple[RecordedRound, ...]) -> None:
    """The rounds of a record are numbered 1, 2, ... in order, and their
    moves name seats the game has."""
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


def _names_fit(record: Record, _attribute: object, names: tuple[str, ...]) -> None:
    if not names:
        return
    if type(record.players) is int and len(names) != record.players:
        raise UnoError(
            msg(
                "Record.names: {count} names for {players} seats (one name a seat, or none)",
                count=len(names),
                players=record.players,
            )
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
        names: the players' names, seat 0 first, or none.
        rounds: the rounds, the first first, numbered 1, 2, ... in order.
        version: the format version (:data:`FORMAT`).

    Raises:
        UnoError: a value the record cannot write and read back the same,
            naming the field and why: rounds that are not
            :class:`RecordedRound` numbered 1, 2, ... in order, a move that
            names a seat the game does not have, a ``players`` or ``seed``
            that is no whole number, a seed of more than
            :data:`MAX_SEED_DIGITS` digits, names that are not one a seat, a
            name that is no name of the notation (letters of any alphabet, a
            hyphen may join parts, at most 20 characters) or is a word of the
            notation (``play``, ``red``, ``R7``, ...), or a name given twice.
    """

    rules: str
    players: int = attrs.field(validator=_whole)
    seed: int = attrs.field(default=0, validator=_seed_fits)
    names: tuple[str, ...] = attrs.field(default=(), converter=_strings, validator=_names_fit)
    rounds: tuple[RecordedRound, ...] = attrs.field(
        default=(), converter=_round_tuple, validator=_numbered
    )
    version: int = FORMAT

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
    rnd = record.rounds[index]
    dealer = rnd.dealer
    scores = rnd.scores
    if (dealer is None or scores is None) and rnd.number > 1:
        if previous is None or not previous.round_over:
            raise SituationError(
                msg(
                    "round {number} gives no dealer or no scores, and the round before it "
                    "is not over, so they cannot follow from it",
                    number=rnd.number,
                )
            )
        if dealer is None:
            dealer = (previous.dealer + 1) % record.players
        if scores is None:
            scores = previous.scores
    if dealer is None:
        drawn = rules.dealer_choice.draw(rules.deck.cards(), record.players, record.seed)
        if drawn is not None:
            dealer = drawn[0]
    try:
        return new_round(
            rules,
            record.players,
            record.seed,
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
        raise SituationError(
            msg(
                "round {round}, move {n} ({move}): the move shuffles more than once (the "
                "discard pile again, or the hands), so reshuffle {k} of the record cannot be "
                "applied to it",
                round=rnd.number,
                n=n,
                move=str(move),
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
    rule_ids = tuple(dict.fromkeys(ids)) or ("draw.one-then-may-play",)
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

    Raises:
        UnoError: a name a record cannot hold (see :class:`Record`).

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

    def __init__(self, names: Sequence[str] = ()) -> None:
        problem = (
            _name_problem(tuple(names))
            if not isinstance(names, str)
            else msg("a list of names, seat 0 first, not one string")
        )
        if problem is not None:
            raise UnoError(msg("Recorder names: {reason}", reason=problem))
        self._names = tuple(names)
        self._header: tuple[str, int, int] | None = None
        self._rounds: list[RecordedRound] = []
        self._moves: list[Move] = []
        self._drawn: list[tuple[Card, ...] | None] = []
        self._last: GameState | None = None

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
                before.
        """
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

        Raises:
            UnoError: no round was dealt yet.
            IllegalMove: (with ``after`` left out) a move the rules refuse.
        """
        if self._last is None:
            raise UnoError(msg("deal a round (Recorder.deal) before recording its moves"))
        before = self._last
        if after is None:
            after = apply(before, move)
        pile = before.draw_pile
        if after.reshuffles == before.reshuffles:
            drew: tuple[Card, ...] | None = pile[: len(pile) - len(after.draw_pile)]
        else:
            drew = drawn_cards(before, after, apply_with_events(before, move)[1])
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
        return Record(rules=rules, players=players, seed=seed, names=self._names, rounds=rounds)


def record_of(
    states: Sequence[GameState],
    moves: Sequence[Move] | None = None,
    *,
    names: Sequence[str] = (),
    decks: Sequence[str | Sequence[Card] | None] = (),
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

    Returns:
        The :class:`Record`.

    Raises:
        UnoError: no states, a state that dealing by the seed does not give
            (see :meth:`Recorder.deal`), a move count that does not fit the
            states, or (without ``moves``) two states no listed move joins.

    >>> import unorules as ur
    >>> start = ur.new_round(ur.presets.official(), players=2, seed=1)
    >>> states = [start, ur.apply(start, ur.legal_moves(start)[0])]
    >>> ur.replay(ur.record_of(states))[0] == tuple(states)
    True
    """
    if not states:
        raise UnoError(msg("record_of needs the states of a game, not none"))
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
        recorder.move(move, state)
    if given is not None and steps != len(given):
        raise UnoError(msg("record_of: more moves than the states need"))
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
    {"format": 1, "rules": "official", "players": 2, "seed": 5}
    {"round": 1}
    {"n": 1, "move": "0 draw"}
    >>> print(ur.write_record(record, "text"), end="")
    [Format "1"]
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


_HEADER_KEYS = ("format", "rules", "players", "names", "seed")
_ROUND_KEYS = ("round", "dealer", "scores", "deck", "start_reshuffles", "reshuffles")
_MOVE_KEYS = ("n", "move", "drew")
_TAGS = {
    "Format": "format",
    "Rules": "rules",
    "Players": "players",
    "Names": "names",
    "Seed": "seed",
    "Round": "round",
    "Dealer": "dealer",
    "Scores": "scores",
    "Deck": "deck",
    "StartReshuffle": "start_reshuffles",
    "Reshuffle": "reshuffles",
}
_LINE_KINDS = {"header": msg("header"), "round": msg("round"), "move": msg("move")}
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
        self.rounds: list[RecordedRound] = []
        self.round: dict[str, Any] | None = None
        self.moves: list[Move] = []
        self.drawn: list[tuple[Card, ...] | None] = []
        self.places: list[dict[str, Any]] = []  # per round read, its keys' places
        self.last_line = 1

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
                # A number too long to read (Python's limit on its digits).
                why: Message | str = (
                    msg("a number with too many digits") if "digits" in str(e) else str(e)
                )
                raise RecordError(
                    number, 1, msg("this line is no JSON a record can hold: {why}", why=why)
                ) from None
            start = len(line) - len(line.lstrip())
            if not isinstance(data, _Pairs):
                raise RecordError(
                    number, start + 1, msg("each line of a record is a JSON object {{...}}")
                )
            seen: set[str] = set()
            for key, _ in data.pairs:
                if key in seen:
                    raise RecordError(
                        number,
                        _key_column(line, key),
                        msg("the key {key} is given twice", key=repr(key)),
                    )
                seen.add(key)
            values = dict(data.pairs)
            keys: tuple[str, ...]
            if "format" in values:
                kind, keys = "header", _HEADER_KEYS
            elif "round" in values:
                kind, keys = "round", _ROUND_KEYS
            elif "move" in values:
                kind, keys = "move", _MOVE_KEYS
            else:
                raise RecordError(
                    number,
                    start + 1,
                    msg(
                        "a line of a record is a header (with the key 'format'), a round "
                        "(with 'round') or a move (with 'move')"
                    ),
                )
            for key in values:
                if key not in keys:
                    raise RecordError(
                        number,
                        _key_column(line, key),
                        msg(
                            "unknown key {key} in a {kind} line (its keys: {keys})",
                            key=repr(key),
                            kind=_LINE_KINDS[kind],
                            keys=", ".join(keys),
                        ),
                    )
            places = {key: _value_place(line, number, key) for key in values}
            if kind == "header":
                self.on_header(values, places, number, start + 1)
            elif kind == "round":
                self.on_round(values, places, number, start + 1)
            else:
                self.on_move(values, places, number, start + 1)

    # -- the text form

    def text(self, text: str) -> None:
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
            if key not in values:
                raise RecordError(line, column, msg("the header lacks {key}", key=repr(key)))
        version = _need_int(values["format"], places["format"], "format")
        if version != FORMAT:
            raise RecordError(
                places["format"].line,
                places["format"].column,
                msg(
                    "format {version}: this unorules reads format {known}",
                    version=version,
                    known=FORMAT,
                ),
            )
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

    def read_names(self, value: Any, place: _Place, players: int) -> tuple[str, ...]:
        if isinstance(value, str):
            names = tuple(value.split())
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            names = tuple(value)
        else:
            raise RecordError(place.line, place.column, msg("names: a list of names"))
        if len(names) != players:
            raise RecordError(
                place.line,
                place.column,
                msg(
                    "names: {count} names for {players} seats (one name a seat)",
                    count=len(names),
                    players=players,
                ),
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
                    msg(
                        "scores: {count} totals for {players} seats (one a seat)",
                        count=len(scores),
                        players=players,
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
        scores = r["scores"]
        # Scores that already end the game are readable: `unorules check`
        # reports the round (score.*), so it is not dealt here.
        over = scores is not None and self.rules.scoring.game_over(scores, None)
        if over and r["number"] == 1:
            over = not self.rules.scoring.game_over((0,) * len(scores), None)
        if (r["number"] == 1 or scores is not None) and not over:
            record = Record(
                rules=self.header["rules"],
                players=self.header["players"],
                seed=self.header["seed"],
                rounds=[*self.rounds, rnd],
            )
            if r["dealer"] is not None or r["number"] == 1:
                try:
                    deal(record, len(self.rounds), None, rules=self.rules)
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

    def finish(self) -> Record:
        if self.header is None:
            raise RecordError(self.last_line, 1, msg("the record has no header"))
        if self.round is not None:
            self.close_round()
        if not self.rounds:
            raise RecordError(self.last_line, 1, msg("the record has no round"))
        record = Record(
            rules=self.header["rules"],
            players=self.header["players"],
            seed=self.header["seed"],
            names=self.names,
            rounds=self.rounds,
        )
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


def _key_column(line: str, key: str) -> int:
    m = re.search(r'"' + re.escape(key) + r'"\s*:', line)
    return m.start() + 1 if m else 1


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


def _value_place(line: str, number: int, key: str) -> _Place:
    m = re.search(r'"' + re.escape(key) + r'"\s*:\s*', line)
    if m is None:
        return _Place(number, 1)
    start = m.end()
    if line[start : start + 1] == '"':
        try:
            _, end = json.decoder.scanstring(line, start + 1)  # type: ignore[attr-defined]
        except ValueError:
            end = len(line)
        return _Place(number, start + 1, line[start + 1 : end - 1] or " ")
    return _Place(number, start + 1, text=line)


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
    if isinstance(value, str) and place.raw == "" and _SEED.fullmatch(value.strip()):
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
    if isinstance(value, str) and place.raw == "" and _INT.fullmatch(value.strip()):
        return int(value)  # a tag's value
    if type(value) is not int:
        raise RecordError(
            place.line,
            place.column,
            msg("{key}: a whole number, not {value}", key=key, value=_shown(value)),
        )
    return value


def _need_ints(value: Any, place: _Place, key: str) -> tuple[int, ...]:
    if isinstance(value, str) and place.raw == "":
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
