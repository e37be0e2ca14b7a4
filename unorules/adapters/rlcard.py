"""RLCard's UNO games as unorules game records.

RLCard (``pip install rlcard``; 1.2.0 is the version this module follows)
plays one round of UNO per "game" and logs nothing but the action strings
its players choose (``"r-7"``, ``"b-skip"``, ``"g-draw_2"``, ``"r-wild"``,
``"y-wild_draw_4"``, ``"draw"``). What else happened, the deal, the order
of each reshuffle and the colour it names at random for a drawn wild card,
comes from its random generator. :class:`RLCardGame` holds all of that as
plain data, :func:`convert` turns it into a :class:`~unorules.records.Record`
under the rule set RLCard means to play (:data:`RLCARD_RULES`), and
:func:`play_rlcard_games` / :func:`record_rlcard_games` play RLCard games
from seeds and record them (they need rlcard; converting does not).

How RLCard plays, and how the adapter writes it (``rlcard/games/uno/``):

* **Deal.** RLCard's dealer pops cards from the end of its deck list: seven
  to player 0, then seven to player 1, ..., then the start card (a Wild Draw
  Four is put back and the whole deck shuffled again). Player 0 plays first
  and play goes up the ids. unorules deals one card at a time clockwise from
  the dealer's left, and the seat left of the dealer plays first; so RLCard
  player ``i`` sits at seat ``(first_seat + i) % players`` with the dealer at
  seat ``first_seat - 1``, and the record's ``deck`` lists the hands dealt
  round by round, the start card, then the draw pile top first
  (``setup.deal``, ``start.*``).
* **Moves RLCard folds into one step.** The cards a Draw Two or Wild Draw
  Four owes are dealt by RLCard at once: the adapter writes the victim's
  ``Draw`` (``action.draw-two``, ``action.wild-draw-four``). A drawn card
  RLCard plays by itself is a ``Draw`` then a ``Play`` (``house.play-drawn``);
  a drawn card it keeps is a ``Draw`` alone, and a ``Pass`` too when the rules
  would have the card played (it fits by number or symbol), which ``check``
  then refuses. The colour of a Wild start card is a ``ChooseColor`` of the
  first player (``start.wild``).
* **Reshuffles.** RLCard shuffles its whole discard pile, top card
  included, into the deck when it is empty (before a Draw Two or Wild Draw
  Four: when it holds fewer cards than owed, the cards still in it
  included). The rules keep the top card and deal what is left first
  (``pile.reshuffle``). Each of the record's ``reshuffles`` is RLCard's new
  deck, top first, without the cards the rules do not shuffle, so the cards
  are drawn as RLCard drew them until RLCard deals a card the rules could
  not have dealt: the record ends before that move (:class:`Stop`).

The rules RLCard does not play (no UNO call, no challenge, no score) and
where its code differs from them are found by ``unorules check``;
``docs/records.md`` lists what it finds.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from unorules.cards import Card, Color, Face
from unorules.errors import UnoError
from unorules.moves import CallUno, ChooseColor, Draw, Move, Pass, Play
from unorules.records import Record, RecordedRound

__all__ = [
    "RLCARD_RULES",
    "Conversion",
    "RLCardError",
    "RLCardGame",
    "Stop",
    "StopKind",
    "convert",
    "play_rlcard_games",
    "record_rlcard_games",
    "to_card",
]

RLCARD_RULES = "official+house.force-play+house.play-drawn+wd4.no-playable-card+challenge.none"
"""The rule set RLCard's UNO means to play, as a preset string: drawing only
when nothing fits, a drawn card that fits is played, a Wild Draw Four only
when no other card fits, no challenge."""

SEED_STEP = 1_000_003
"""Game ``i`` of :func:`play_rlcard_games` is played from the seed
``seed * SEED_STEP + i`` (as in ``bench/vs_rlcard.py``)."""

_COLOURS = {"r": Color.RED, "g": Color.GREEN, "b": Color.BLUE, "y": Color.YELLOW}
_FACES = {
    **{str(n): Face.from_code(str(n)) for n in range(10)},
    "skip": Face.SKIP,
    "reverse": Face.REVERSE,
    "draw_2": Face.DRAW_TWO,
    "wild": Face.WILD,
    "wild_draw_4": Face.WILD_DRAW_FOUR,
}


class RLCardError(UnoError):
    """An RLCard game that cannot be converted: an action string RLCard
    never makes, or a trajectory that does not fit the deal; the message
    names what and where (the step, counted from 1)."""


def to_card(text: str, where: str = "") -> tuple[Card, Color | None]:
    """An RLCard card string as a unorules card and the colour it carries.

    Args:
        text: ``"r-7"``, ``"b-skip"``, ``"g-reverse"``, ``"y-draw_2"``,
            ``"r-wild"``, ``"b-wild_draw_4"``: colour ``r g b y``, then a trait.
        where: where the string was found, for the error message.

    Returns:
        ``(card, colour)``: for a wild card the colour RLCard gave it (the
        colour named, or a label of no meaning in a deck), else the card's
        own colour.

    Raises:
        RLCardError: a string RLCard never makes, or no string at all.

    >>> to_card("g-draw_2")
    (Card.parse('G+2'), Color.GREEN)
    >>> to_card("y-wild_draw_4")
    (Card.parse('W+4'), Color.YELLOW)
    """
    at = f"{where}: " if where else ""
    if not isinstance(text, str):
        raise RLCardError(
            f"{at}an RLCard card is a string such as 'r-7' or 'b-wild', not "
            f"{_shown(text)} of type {type(text).__name__}"
        )
    colour, _, trait = text.partition("-")
    if colour not in _COLOURS or trait not in _FACES:
        raise RLCardError(
            f"{at}{text!r} is no RLCard card: a colour r, g, b or y, a '-' and one of "
            "0-9, skip, reverse, draw_2, wild, wild_draw_4 (e.g. 'r-7', 'b-wild')"
        )
    face = _FACES[trait]
    named = _COLOURS[colour]
    return (Card(None, face) if face.is_wild else Card(named, face)), named


def _cards(texts: Iterable[str], where: str) -> list[Card]:
    return [to_card(t, where)[0] for t in texts]


def _shown(value: object) -> str:
    """``repr(value)``, cut short, for messages about a value of the wrong kind."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _card_strings(field: str, value: object) -> tuple[str, ...]:
    """``value`` as a tuple of strings (card strings, actions, colour letters).

    Raises:
        RLCardError: naming ``field``: no list or tuple (a single string,
            which would be read letter by letter, a dict, whose keys would be
            read, a set, whose order is lost, a generator), or an entry that
            is no string.
    """
    if not isinstance(value, list | tuple):
        raise RLCardError(
            f"RLCardGame {field}: give a list of strings, not {_shown(value)} of type "
            f"{type(value).__name__}"
        )
    out = tuple(value)
    for i, entry in enumerate(out):
        if not isinstance(entry, str):
            raise RLCardError(
                f"RLCardGame {field}: entry {i} is {_shown(entry)} of type "
                f"{type(entry).__name__}, not a string"
            )
    return out


def _card_lists(field: str, value: object) -> tuple[tuple[str, ...], ...]:
    """``value`` as a tuple of tuples of strings (hands, reshuffles).

    Raises:
        RLCardError: naming ``field`` and the entry, as :func:`_card_strings`:
            no list or tuple, or an entry that is no list or tuple of strings.
    """
    if not isinstance(value, list | tuple):
        raise RLCardError(
            f"RLCardGame {field}: give a list of lists of card strings, not {_shown(value)} "
            f"of type {type(value).__name__}"
        )
    return tuple(_card_strings(f"{field}[{i}]", v) for i, v in enumerate(value))


def _strings(value: Iterable[str]) -> tuple[str, ...]:
    return _card_strings("deck", value)


def _actions(value: Iterable[str]) -> tuple[str, ...]:
    return _card_strings("actions", value)


def _colours(value: Iterable[str]) -> tuple[str, ...]:
    return _card_strings("colours", value)


def _hands(value: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return _card_lists("hands", value)


def _reshuffles(value: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return _card_lists("reshuffles", value)


def _check_players(field: str, value: object) -> int:
    """``value`` as a number of players.

    Raises:
        RLCardError: naming ``field``: no int (a bool neither), or not 2 to 10.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise RLCardError(
            f"{field} must be a whole number (an int) from 2 to 10, not {_shown(value)} of "
            f"type {type(value).__name__}"
        )
    if not 2 <= value <= 10:
        raise RLCardError(f"{field}: RLCard plays with 2 to 10 players, not {value}")
    return value


def _check_count(function: str, field: str, value: object) -> int:
    """``value`` as a whole number of at least 0 (a count of games, a seed).

    Raises:
        RLCardError: naming ``function`` and ``field``: no int (a bool
            neither), or below 0.
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise RLCardError(
            f"{function}: {field} must be a whole number (an int) of at least 0, not "
            f"{_shown(value)} of type {type(value).__name__}"
        )
    if value < 0:
        raise RLCardError(f"{function}: {field} must be at least 0, not {value}")
    return value


def _check_flag(function: str, field: str, value: object) -> bool:
    """``value`` as a flag.

    Raises:
        RLCardError: naming ``function`` and ``field``: not True or False.
    """
    if not isinstance(value, bool):
        raise RLCardError(
            f"{function}: {field} must be True or False, not {_shown(value)} of type "
            f"{type(value).__name__}"
        )
    return value


@attrs.frozen(slots=True, kw_only=True)
class RLCardGame:
    """One game (one round) of RLCard's UNO as plain data: what RLCard dealt,
    what its players chose and what its random generator decided.

    Every card is an RLCard card string (:func:`to_card`); a wild card's
    colour letter in a hand, a deck or a reshuffle means nothing.

    Attributes:
        players: the number of players (RLCard's ``num_players``), 2 to 10.
        hands: each player's seven cards as dealt, player 0 first
            (``game.players[i].hand`` after ``init_game``; for a Draw Two start
            card its first seven).
        start: the start card (``game.round.target.str``); a Wild with the
            colour RLCard named for it, e.g. ``"g-wild"``.
        deck: the draw pile after the start card was turned, as RLCard's list
            (``game.dealer.deck``): the last card is drawn first. For a Draw
            Two start card, the two cards player 0 drew are still on it (its
            last two).
        actions: the action strings, in order: ``"draw"`` or a card to play
            (for a wild card the colour named: ``"b-wild"``).
        reshuffles: RLCard's deck list right after each time it shuffled the
            discard pile into it, in order.
        colours: the colour letters RLCard named at random for each drawn
            wild card it played by itself, in order.
        aborted: RLCard failed (``IndexError``: nothing left to draw) at the
            step after the last action; that action is not in ``actions``.
    """

    players: int
    hands: tuple[tuple[str, ...], ...] = attrs.field(converter=_hands)
    start: str
    deck: tuple[str, ...] = attrs.field(converter=_strings)
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)
    reshuffles: tuple[tuple[str, ...], ...] = attrs.field(default=(), converter=_reshuffles)
    colours: tuple[str, ...] = attrs.field(default=(), converter=_colours)
    aborted: bool = False

    def __attrs_post_init__(self) -> None:
        _check_players("RLCardGame players", self.players)
        given: object = self.start
        if not isinstance(given, str):
            raise RLCardError(
                f"RLCardGame start: give a card string such as 'r-7' or 'g-wild', not "
                f"{_shown(given)} of type {type(given).__name__}"
            )
        flag: object = self.aborted
        if not isinstance(flag, bool):
            raise RLCardError(
                f"RLCardGame aborted: give True or False, not {_shown(flag)} of type "
                f"{type(flag).__name__}"
            )

    @classmethod
    def dealt_from(
        cls,
        players: int,
        deck: Sequence[str],
        *,
        start_colour: str | None = None,
        actions: Sequence[str] = (),
        reshuffles: Sequence[Sequence[str]] = (),
        colours: Sequence[str] = (),
    ) -> RLCardGame:
        """The game RLCard deals from ``deck``, its dealer's list right after
        the shuffle (``Dealer(np_random).deck``): seven cards popped from its
        end for player 0, seven for player 1, ..., then the start card.

        Args:
            players: the number of players, 2 to 10.
            deck: the 108 card strings, the last dealt first.
            start_colour: the colour letter RLCard named for a Wild start card.
            actions: see :class:`RLCardGame`.
            reshuffles: see :class:`RLCardGame`.
            colours: see :class:`RLCardGame`.

        Returns:
            The :class:`RLCardGame`.

        Raises:
            RLCardError: ``players`` no int from 2 to 10, a deck that is no list
                of strings or of other than 108 cards, a ``start_colour`` that is
                no string, a start card that is a Wild Draw Four (RLCard then
                shuffles the deck again: give the hands, start card and deck),
                or a Wild start card without a colour r, g, b or y.

        The cards themselves are checked by :func:`convert`:

        >>> deck = ["b-0"] * 93 + ["r-9"] + ["g-2", "g-1"] * 7
        >>> game = RLCardGame.dealt_from(2, deck)
        >>> game.hands[0][:3], game.hands[1][:3], game.start, len(game.deck)
        (('g-1', 'g-2', 'g-1'), ('g-2', 'g-1', 'g-2'), 'r-9', 93)
        """
        _check_players("players", players)
        cards = list(_card_strings("deck", deck))
        if len(cards) != 108:
            raise RLCardError(
                f"RLCard deals from its deck of 108 cards; the deck given holds {len(cards)}"
            )
        if start_colour is not None and not isinstance(start_colour, str):
            raise RLCardError(
                f"start_colour: give a colour letter r, g, b or y, or None, not "
                f"{_shown(start_colour)} of type {type(start_colour).__name__}"
            )
        hands = [[cards.pop() for _ in range(7)] for _ in range(players)]
        start = cards.pop()
        trait = start.partition("-")[2]
        if trait == "wild_draw_4":
            raise RLCardError(
                f"the start card would be {start}: RLCard puts it back and shuffles the deck "
                "again; give the hands, start card and deck as dealt instead"
            )
        if trait == "wild":
            if start_colour not in _COLOURS:
                raise RLCardError(
                    f"the start card is {start}: give the colour RLCard named for it "
                    f"(start_colour r, g, b or y, not {start_colour!r})"
                )
            start = f"{start_colour}-wild"
        return cls(
            players=players,
            hands=hands,
            start=start,
            deck=cards,
            actions=actions,
            reshuffles=reshuffles,
            colours=colours,
        )

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data (lists of strings); :meth:`from_dict`
        reads it back."""
        return {
            "players": self.players,
            "hands": [list(h) for h in self.hands],
            "start": self.start,
            "deck": list(self.deck),
            "actions": list(self.actions),
            "reshuffles": [list(r) for r in self.reshuffles],
            "colours": list(self.colours),
            "aborted": self.aborted,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RLCardGame:
        """A game from :meth:`to_dict`'s data (``reshuffles``, ``colours``,
        ``aborted`` and ``actions`` may be left out).

        Raises:
            RLCardError: ``data`` no dict, a key missing or unknown, a value
                of the wrong type (as for :class:`RLCardGame`).
        """
        if not isinstance(data, dict):
            raise RLCardError(
                f"an RLCard game's data is a dict (RLCardGame.to_dict), not {_shown(data)} of "
                f"type {type(data).__name__}"
            )
        known = {"players", "hands", "start", "deck", "actions", "reshuffles", "colours"}
        unknown = set(data) - known - {"aborted"}
        missing = {"players", "hands", "start", "deck"} - set(data)
        if unknown or missing:
            raise RLCardError(
                f"an RLCard game has the keys {', '.join(sorted(known | {'aborted'}))}: "
                + (f"unknown {', '.join(sorted(unknown))}" if unknown else "")
                + ("; " if unknown and missing else "")
                + (f"missing {', '.join(sorted(missing))}" if missing else "")
            )
        return cls(**data)


class StopKind(enum.Enum):
    """Why a record ends before RLCard's game did."""

    TOP_CARD_REDEALT = "top-card-redealt"
    """RLCard dealt a card that was on top of its discard pile when it
    reshuffled: its reshuffle takes the top card too, the rules keep it on
    the discard pile (``pile.reshuffle``), so they cannot deal it."""
    DECK_REMAINDER = "deck-remainder"
    """RLCard shuffled the cards still in its deck into the new one before
    dealing the cards a Draw Two or Wild Draw Four owes and did not deal them
    all; the rules deal those first (``pile.reshuffle``)."""
    EXHAUSTED = "exhausted"
    """The rules have nothing left to draw (``pile.exhausted``) where RLCard
    still deals."""
    DEBT_NOT_DRAWN = "debt-not-drawn"
    """RLCard played a drawn Wild Draw Four by itself without its effect
    and its next player drew one card, where the rules have them take the
    four owed (``action.wild-draw-four``)."""
    ABORTED = "aborted"
    """RLCard itself failed (``IndexError``) after the last action."""


@attrs.frozen(slots=True, kw_only=True)
class Stop:
    """Where and why a converted record ends before RLCard's game did.

    Attributes:
        kind: why.
        step: the RLCard action (counted from 1) at which the record ends:
            its moves before the deal that cannot be written are kept (the
            play of a Draw Two stays, its victim's draw does not), the actions
            after it are left out; one more than the number of actions for
            :attr:`StopKind.ABORTED`.
        move: the number the record's next move would have had.
        text: what happened, in words.
    """

    kind: StopKind
    step: int
    move: int
    text: str


@attrs.frozen(slots=True, kw_only=True)
class Conversion:
    """What :func:`convert` makes of an :class:`RLCardGame`.

    Attributes:
        record: the game record (one round), ending with the end line
            ``round`` when it holds every action, else ``stopped``
            (:attr:`unorules.records.Record.end`).
        stop: where the record ends before RLCard's game did, or ``None`` when
            it holds every action.
        seats: the seat of each RLCard player, player 0 first.
    """

    record: Record
    stop: Stop | None
    seats: tuple[int, ...]


class _Unrepresentable(Exception):
    def __init__(self, kind: StopKind, text: str) -> None:
        super().__init__(text)
        self.kind = kind
        self.text = text


class _Converter:
    """RLCard's round played again from the data (its own logic, as in
    ``rlcard/games/uno/round.py``), writing the moves unorules needs and
    keeping the unorules side's draw and discard piles beside RLCard's."""

    def __init__(self, game: RLCardGame, first_seat: int, uno_calls: bool) -> None:
        n = game.players
        if len(game.hands) != n or any(len(h) != 7 for h in game.hands):
            raise RLCardError(
                f"an RLCard game of {n} players has {n} hands of 7 cards; this one has "
                + ", ".join(str(len(h)) for h in game.hands)
                + f" ({len(game.hands)} hands)"
            )
        self.n = n
        self.first = first_seat % n
        self.uno_calls = uno_calls
        self.game = game
        self.hands = [_cards(h, f"hand of player {i}") for i, h in enumerate(game.hands)]
        start, colour = to_card(game.start, "the start card")
        if start.face is Face.WILD_DRAW_FOUR:
            raise RLCardError(
                "the start card is a Wild Draw Four, which RLCard puts back into the deck"
            )
        self.start = start
        self.rl_deck = _cards(game.deck, "the deck")
        dealt = [c for h in self.hands for c in h] + [start] + self.rl_deck
        _check_deck(dealt)
        self.rl_played: list[Card] = [start]
        self.ur_draw = list(self.rl_deck)  # the unorules draw pile, last card on top
        self.ur_discard: list[Card] = [start]
        self.ur_reshuffles: list[tuple[Card, ...]] = []
        self.reshuffles = list(game.reshuffles)
        self.colours = list(game.colours)
        self.target = start
        self.colour = colour
        self.current = 0
        self.direction = 1
        self.over = False
        self.over_at = 0
        self.moves: list[Move] = []
        self.debt: int | None = None  # an RLCard player the rules say owes four
        self.step = 0

    # --- helpers --------------------------------------------------------------------

    def seat(self, player: int) -> int:
        return (self.first + player) % self.n

    def nxt(self, player: int, by: int = 1) -> int:
        return (player + by * self.direction) % self.n

    def emit(self, move: Move) -> None:
        self.moves.append(move)

    def rl_reshuffle(self) -> None:
        """RLCard's ``replace_deck``: the next given order."""
        if not self.reshuffles:
            raise RLCardError(
                f"step {self.step} ({self.game.actions[self.step - 1]!r}): RLCard shuffles its "
                f"discard pile into the deck here (reshuffle {len(self.ur_reshuffles) + 1}), "
                "but the game gives no more reshuffle orders"
            )
        k = len(self.game.reshuffles) - len(self.reshuffles) + 1
        order = _cards(self.reshuffles.pop(0), f"reshuffle {k}")
        held = self.rl_deck + self.rl_played
        if Counter(order) != Counter(held):
            raise RLCardError(
                f"step {self.step}: reshuffle {k} of the game does not hold the "
                f"{len(held)} cards of RLCard's deck and discard pile "
                f"({' '.join(c.code for c in held)})"
            )
        self.rl_deck = order
        self.rl_played = []

    def deal(self, count: int, reshuffle_below: int) -> list[Card]:
        """``count`` cards dealt by RLCard (reshuffling when its deck holds
        fewer than ``reshuffle_below``), and the same taken from the unorules
        piles; :class:`_Unrepresentable` when the rules cannot deal them."""
        if len(self.rl_deck) < reshuffle_below:
            self.rl_reshuffle()
        if len(self.rl_deck) < count:
            raise RLCardError(
                f"step {self.step}: RLCard deals {count} card(s) from a deck of "
                f"{len(self.rl_deck)} (RLCard itself fails here with IndexError)"
            )
        got = [self.rl_deck.pop() for _ in range(count)]
        taken: list[Card] = []
        made = len(self.ur_reshuffles)
        try:
            while len(taken) < count:
                if not self.ur_draw:
                    self.ur_reshuffle(Counter(got) - Counter(taken))
                taken.append(self.ur_draw.pop())
        except _Unrepresentable:
            del self.ur_reshuffles[made:]
            raise
        if Counter(taken) != Counter(got):
            # The record ends before the move that draws these cards, so it
            # holds no reshuffle made for them (pile.reshuffle).
            del self.ur_reshuffles[made:]
            card = next(iter(Counter(got) - Counter(taken)))
            if card in self.ur_discard:
                raise _Unrepresentable(
                    StopKind.TOP_CARD_REDEALT,
                    f"RLCard deals {card}, which was on top of its discard pile when it "
                    "reshuffled (its reshuffle takes the top card too); the rules keep it "
                    "on the discard pile (pile.reshuffle)",
                )
            raise _Unrepresentable(
                StopKind.DECK_REMAINDER,
                f"RLCard deals {' '.join(c.code for c in got)} from a deck it shuffled "
                "with the cards still in it; the rules deal "
                f"{' '.join(c.code for c in taken)} (pile.reshuffle)",
            )
        return got

    def ur_reshuffle(self, coming: Counter[Card]) -> None:
        """The unorules reshuffle: the discard pile but its top, in the order
        that draws ``coming`` first and then RLCard's deck as it lies."""
        below = self.ur_discard[:-1]
        if not below:
            raise _Unrepresentable(
                StopKind.EXHAUSTED,
                "the rules have nothing left to draw here and end the round "
                "(pile.exhausted); RLCard deals on",
            )
        pool = Counter(below)
        order: list[Card] = []
        for card in coming.elements():
            if pool[card] > 0:
                order.append(card)
                pool[card] -= 1
        for card in reversed(self.rl_deck):
            if pool[card] > 0:
                order.append(card)
                pool[card] -= 1
        order += list(pool.elements())
        self.ur_reshuffles.append(tuple(order))
        self.ur_draw = order[::-1]
        self.ur_discard = self.ur_discard[-1:]

    def lay(self, player: int, card: Card) -> None:
        """RLCard's effect of a card laid (from the hand or drawn), after
        ``played_cards`` has it; writes the owed cards' ``Draw``."""
        self.rl_played.append(card)
        self.ur_discard.append(card)
        if self.uno_calls and len(self.hands[player]) == 1:
            self.emit(CallUno(self.seat(player)))
        if not self.hands[player]:
            # RLCard still deals a last Draw Two's or Wild Draw Four's cards;
            # the rules count them into the score by themselves. RLCard may
            # shuffle its discard pile for them first: that reshuffle is the
            # game's last (checked, when the game gives it).
            owed = {Face.DRAW_TWO: 2, Face.WILD_DRAW_FOUR: 4}.get(card.face, 0)
            if len(self.rl_deck) < owed and self.reshuffles:
                self.rl_reshuffle()
            self.over = True
            self.over_at = self.step
            return
        face = card.face
        if face is Face.REVERSE:
            self.direction = -self.direction
            self.current = self.nxt(player)
        elif face is Face.SKIP:
            self.current = self.nxt(player, 2)
        elif face in (Face.DRAW_TWO, Face.WILD_DRAW_FOUR):
            owed = 2 if face is Face.DRAW_TWO else 4
            victim = self.nxt(player)
            self.hands[victim] += self.deal(owed, owed)
            self.emit(Draw(self.seat(victim)))
            self.current = self.nxt(victim)
        else:
            self.current = self.nxt(player)

    # --- the round ------------------------------------------------------------------

    def begin(self) -> None:
        """``perform_top_card``, and the start card's moves."""
        face = self.start.face
        if face is Face.SKIP:
            self.current = 1 % self.n
        elif face is Face.REVERSE:
            self.direction = -1
            self.current = self.nxt(0)
        elif face is Face.DRAW_TWO:
            # RLCard deals player 0 two cards, who still plays; the rules deal
            # them too, and the turn passes (start.draw-two).
            self.hands[0] += self.deal(2, 0)
        elif face is Face.WILD:
            assert self.colour is not None
            self.emit(ChooseColor(self.seat(0), self.colour))

    def act(self, action: str) -> None:
        player = self.current
        if self.over:
            raise RLCardError(
                f"step {self.step} ({action!r}): the round is over: player {player} laid "
                f"their last card at step {self.over_at}"
            )
        where = f"step {self.step} ({action!r}, player {player})"
        if action == "draw":
            if self.debt == player:
                raise _Unrepresentable(
                    StopKind.DEBT_NOT_DRAWN,
                    f"player {player} draws one card, where the rules have them take the four "
                    "that the Wild Draw Four drawn and played before owes (RLCard played it "
                    "without its effect; action.wild-draw-four)",
                )
            self.debt = None
            (card,) = self.deal(1, 1)
            self.emit(Draw(self.seat(player)))
            if card.is_wild:
                if not self.colours:
                    raise RLCardError(
                        f"{where}: RLCard plays the drawn {card} and names a colour at "
                        "random, but the game gives no more colours"
                    )
                letter = self.colours.pop(0)
                if letter not in _COLOURS:
                    raise RLCardError(f"{where}: {letter!r} is no RLCard colour (r, g, b or y)")
                self.colour = _COLOURS[letter]
                self.target = card
                self.emit(Play(self.seat(player), card, self.colour))
                if self.uno_calls and len(self.hands[player]) == 1:
                    self.emit(CallUno(self.seat(player)))
                self.rl_played.append(card)
                self.ur_discard.append(card)
                self.current = self.nxt(player)
                if card.face is Face.WILD_DRAW_FOUR:
                    self.debt = self.current
            elif card.color is self.colour:
                self.emit(Play(self.seat(player), card))
                self.target = card
                self.lay(player, card)
            else:
                self.hands[player].append(card)
                if not self.target.is_wild and card.face is self.target.face:
                    # It fits by number or symbol: the rules play it
                    # (house.play-drawn); RLCard keeps it.
                    self.emit(Pass(self.seat(player)))
                self.current = self.nxt(player)
            return
        self.debt = None
        card, named = to_card(action, where)
        hand = self.hands[player]
        if card not in hand:
            raise RLCardError(
                f"{where}: player {player} holds no {card} "
                f"(their hand: {' '.join(c.code for c in hand)})"
            )
        hand.remove(card)
        self.emit(Play(self.seat(player), card, named if card.is_wild else None))
        self.target = card
        self.colour = named
        self.lay(player, card)


_COPIES: dict[Card, int] = {}
for _colour in _COLOURS.values():
    for _face in _FACES.values():
        if _face.is_wild:
            _COPIES[Card(None, _face)] = 4
        else:
            _COPIES[Card(_colour, _face)] = 1 if _face is Face.ZERO else 2


def _check_deck(dealt: Sequence[Card]) -> None:
    """Refuse cards that are not RLCard's deck of 108: say how many there are
    and which cards are over or under RLCard's count.

    Raises:
        RLCardError: the count, and the cards of which there are too many
            and too few (at most six of each named).
    """
    counts = Counter(dealt)
    over = [f"{k} x {c} (RLCard has {_COPIES[c]})" for c, k in counts.items() if k > _COPIES[c]]
    under = [f"{_COPIES[c] - counts[c]} x {c}" for c in _COPIES if counts[c] < _COPIES[c]]
    if not over and not under:
        return

    def listed(parts: list[str]) -> str:
        more = f" and {len(parts) - 6} more" if len(parts) > 6 else ""
        return ", ".join(parts[:6]) + more

    details = "; ".join(
        part
        for part in (
            f"too many: {listed(over)}" if over else "",
            f"missing: {listed(under)}" if under else "",
        )
        if part
    )
    if len(dealt) == 108:
        raise RLCardError(
            f"the hands, start card and deck hold 108 cards, as many as RLCard's deck, but "
            f"not its cards ({details})"
        )
    raise RLCardError(
        f"the hands, start card and deck hold {len(dealt)} cards, not the 108 of RLCard's "
        f"deck ({details})"
    )


def convert(game: RLCardGame, *, first_seat: int = 0, uno_calls: bool = False) -> Conversion:
    """Turn an RLCard game into a game record under :data:`RLCARD_RULES`.

    Args:
        game: the game as plain data (:class:`RLCardGame`).
        first_seat: the seat of RLCard's player 0, who plays first; player
            ``i`` sits at seat ``(first_seat + i) % players`` and the dealer
            at ``first_seat - 1`` (default 0: the ids are the seats, the last
            seat deals, as the rules' default has it).
        uno_calls: write a UNO call (``uno.call``) for each player who lays
            their second-to-last card. RLCard has no call; without them
            ``check`` reports each missing call (``uno.penalty``).

    Returns:
        A :class:`Conversion`: the record of the round (its ``deck`` in the
        rules' dealing order, its moves, its ``reshuffles``), and where it ends
        before RLCard's game did, if it does.

    Raises:
        RLCardError: ``game`` no :class:`RLCardGame` (a dict: read it with
            :meth:`RLCardGame.from_dict`), ``first_seat`` no int, ``uno_calls``
            no bool, each naming the argument; a game that does not hold
            RLCard's 108 cards in 7-card hands (the message says which cards
            are too many and which missing), an action string RLCard never
            makes, a card played that the player does not hold, an action
            after the round is over, a reshuffle that does not hold RLCard's
            cards, or reshuffles or colours missing; the message names the step.
            Also reshuffles or colours left over once every action was
            converted (not used by the deal: only a game cut short, by
            ``aborted`` or a deal the rules cannot represent, may leave them).

    >>> import textwrap
    >>> game = RLCardGame(players=2, hands=[["r-1"] * 7, ["g-1"] * 7], start="r-2", deck=[])
    >>> try:
    ...     convert(game)
    ... except RLCardError as e:
    ...     print(textwrap.fill(str(e), 80))
    the hands, start card and deck hold 15 cards, not the 108 of RLCard's deck (too
    many: 7 x R1 (RLCard has 2), 7 x G1 (RLCard has 2); missing: 1 x R0, 1 x R2, 2 x
    R3, 2 x R4, 2 x R5, 2 x R6 and 46 more)
    """
    given: object = game
    if not isinstance(given, RLCardGame):
        hint = " (read a dict with RLCardGame.from_dict)" if isinstance(given, dict) else ""
        raise RLCardError(
            f"convert: game must be an RLCardGame{hint}, not {_shown(given)} of type "
            f"{type(given).__name__}"
        )
    seat: object = first_seat
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise RLCardError(
            f"convert: first_seat must be a whole number (an int), not {_shown(seat)} of type "
            f"{type(seat).__name__}"
        )
    _check_flag("convert", "uno_calls", uno_calls)
    conv = _Converter(game, first_seat, uno_calls)
    stop: Stop | None = None
    try:
        conv.begin()
        for conv.step, action in enumerate(game.actions, 1):
            conv.act(action)
    except _Unrepresentable as e:
        # The deal that cannot be represented comes before the move that
        # takes the cards: the moves written so far stand.
        stop = Stop(kind=e.kind, step=conv.step, move=len(conv.moves) + 1, text=e.text)
    if stop is None and game.aborted:
        stop = Stop(
            kind=StopKind.ABORTED,
            step=len(game.actions) + 1,
            move=len(conv.moves) + 1,
            text="RLCard failed here with IndexError: nothing was left to draw",
        )
    if stop is None:
        # Played to its end, the trajectory used every reshuffle and colour.
        if conv.reshuffles:
            raise RLCardError(
                f"the game gives {len(game.reshuffles)} reshuffle order(s), but RLCard "
                f"shuffles its discard pile {len(game.reshuffles) - len(conv.reshuffles)} "
                f"time(s) in its {len(game.actions)} actions: {len(conv.reshuffles)} "
                "left over, which do not fit the deal"
            )
        if conv.colours:
            raise RLCardError(
                f"the game gives {len(game.colours)} colour(s) RLCard named for drawn wild "
                f"cards, but only {len(game.colours) - len(conv.colours)} were used in its "
                f"{len(game.actions)} actions: {len(conv.colours)} left over "
                f"({' '.join(conv.colours)})"
            )
    n = game.players
    hands = [_cards(h, "a hand") for h in game.hands]
    deck = [hand[k] for k in range(7) for hand in hands]
    deck += [conv.start, *reversed(_cards(game.deck, "the deck"))]
    record = Record(
        rules=RLCARD_RULES,
        players=n,
        rounds=[
            RecordedRound(
                number=1,
                dealer=(first_seat - 1) % n,
                deck=deck,
                moves=conv.moves,
                reshuffles=conv.ur_reshuffles,
            )
        ],
        # RLCard plays one round: whole when played to its end, else stopped.
        end="round" if stop is None else "stopped",
    )
    return Conversion(record=record, stop=stop, seats=tuple(conv.seat(i) for i in range(n)))


# --------------------------------------------------------------------------- playing


Policy = Callable[[Sequence[str]], str]


def _uniform(seed: int) -> Policy:
    rr = random.Random(seed).random

    def pick(acts: Sequence[str]) -> str:
        return acts[int(rr() * len(acts))]

    return pick


def play_rlcard_games(
    games: int,
    players: int,
    seed: int = 0,
    *,
    policy: Callable[[int], Policy] | None = None,
) -> list[RLCardGame]:
    """Play RLCard UNO games from seeds and keep what is needed to convert them.

    Game ``i`` (from 0) is played from the seed ``s = seed * SEED_STEP + i``
    as ``bench/vs_rlcard.py`` drives RLCard: a new ``UnoGame(num_players=
    players)`` given ``numpy.random.RandomState(s % 2**32)``, ``init_game()``,
    then ``get_legal_actions()`` and ``step()`` until ``is_over()``.

    Args:
        games: how many games.
        players: the number of players, 2 to 10.
        seed: the seed of the first game.
        policy: given the game's seed, the function that picks an action from
            the legal ones; default: ``acts[int(rr() * len(acts))]`` with
            ``rr = random.Random(s).random``.

    Returns:
        One :class:`RLCardGame` per game; a game in which RLCard failed with
        ``IndexError`` (nothing left to draw) is kept up to that step, with
        ``aborted`` set.

    Raises:
        RLCardError: before any game is played, naming the argument:
            ``games`` or ``seed`` no int (a bool neither) or below 0,
            ``players`` no int or not 2 to 10, ``policy`` neither ``None``
            nor callable.
        ImportError: rlcard is not installed (``pip install rlcard``).
    """
    _check_count("play_rlcard_games", "games", games)
    _check_players("play_rlcard_games: players", players)
    _check_count("play_rlcard_games", "seed", seed)
    if policy is not None and not callable(policy):
        raise RLCardError(
            "play_rlcard_games: policy must be None or a function of the seed that returns "
            f"a picker, not {_shown(policy)} of type {type(policy).__name__}"
        )
    from numpy.random import RandomState
    from rlcard.games.uno.game import UnoGame

    out: list[RLCardGame] = []
    for i in range(games):
        s = seed * SEED_STEP + i
        pick = _uniform(s) if policy is None else policy(s)
        game = UnoGame(num_players=players)
        game.np_random = RandomState(s % 2**32)
        game.init_game()
        rnd = game.round
        hands = [[c.str for c in p.hand] for p in game.players]
        deck = [c.str for c in game.dealer.deck]
        if rnd.target.trait == "draw_2":
            # perform_top_card dealt player 0 two cards: put them back on the deck.
            deck += [hands[0][8], hands[0][7]]
            hands[0] = hands[0][:7]
        reshuffles: list[list[str]] = []
        replace = rnd.replace_deck

        def replace_deck(
            replace: Callable[[], None] = replace,
            dealer: Any = game.dealer,
            reshuffles: list[list[str]] = reshuffles,
        ) -> None:
            replace()
            reshuffles.append([c.str for c in dealer.deck])

        rnd.replace_deck = replace_deck
        # The colour RLCard names for a Wild start card is in ``color``; its
        # ``str`` was made before (as for every wild card it plays).
        start = f"{rnd.target.color}-{rnd.target.trait}"
        actions: list[str] = []
        colours: list[str] = []
        aborted = False
        try:
            while not game.is_over():
                action = pick(game.get_legal_actions())
                hand = game.players[rnd.current_player].hand
                size = len(hand)
                game.step(action)
                actions.append(action)
                # A drawn card laid by RLCard leaves the hand as it was (the
                # card may be the old top card again: a reshuffle takes it).
                if action == "draw" and len(hand) == size and rnd.target.type == "wild":
                    colours.append(rnd.target.color)
        except IndexError:
            aborted = True
        out.append(
            RLCardGame(
                players=players,
                hands=hands,
                start=start,
                deck=deck,
                actions=actions,
                reshuffles=reshuffles,
                colours=colours,
                aborted=aborted,
            )
        )
    return out


def record_rlcard_games(
    games: int, players: int, seed: int = 0, *, uno_calls: bool = False
) -> list[Conversion]:
    """Play RLCard games (:func:`play_rlcard_games`) and convert each
    (:func:`convert`).

    Args:
        games: how many games.
        players: the number of players, 2 to 10.
        seed: the seed of the first game.
        uno_calls: see :func:`convert`.

    Returns:
        One :class:`Conversion` per game.

    Raises:
        RLCardError: before any game is played, naming the argument:
            ``games`` or ``seed`` no int (a bool neither) or below 0,
            ``players`` no int or not 2 to 10, ``uno_calls`` not True or
            False; then as :func:`convert`, for a game that cannot be
            converted.
        ImportError: rlcard is not installed (``pip install rlcard``).
    """
    _check_count("record_rlcard_games", "games", games)
    _check_players("record_rlcard_games: players", players)
    _check_count("record_rlcard_games", "seed", seed)
    _check_flag("record_rlcard_games", "uno_calls", uno_calls)
    return [convert(g, uno_calls=uno_calls) for g in play_rlcard_games(games, players, seed)]
