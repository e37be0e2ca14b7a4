"""Cards: colours, faces, the card type, its short codes, and the decks.

Short codes (case-insensitive on input, upper case on output):

===========  =========================================
code         card
===========  =========================================
``R7``       a number card: colour letter ``R`` ``Y`` ``G`` ``B`` and 0–9
``RS``       Skip of that colour
``RR``       Reverse of that colour
``R+2``      Draw Two of that colour
``W``        Wild
``W+4``      Wild Draw Four
``WS``       Wild Shuffle Hands
``WX``       Wild Swap Hands
``WC``       Wild Customizable (the blank card)
===========  =========================================

Long English names are accepted too: ``"red 7"``, ``"blue skip"``,
``"green draw two"``, ``"wild draw four"``.

Rule IDs: ``deck.classic-108``.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

import attrs

from unorules.errors import NotationError

__all__ = [
    "COLORS",
    "Card",
    "Color",
    "Face",
    "classic_108",
    "format_cards",
    "parse_cards",
    "parse_color",
]


class Color(enum.Enum):
    """The four card colours. ``Color.RED.code == "R"``."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"

    # Members are singletons: hashing by identity is exact and cheaper than
    # Enum's hash of the name (colours key the engine's lookup tables).
    __hash__ = object.__hash__

    @property
    def code(self) -> str:
        """The one-letter code: ``R``, ``Y``, ``G`` or ``B``."""
        return _COLOR_CODES[self]

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"


COLORS: tuple[Color, ...] = tuple(Color)
"""The colours in a fixed order: red, yellow, green, blue."""


class Face(enum.Enum):
    """What is printed on a card besides its colour. The value is the code."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"
    WILD_SHUFFLE_HANDS = "WS"
    WILD_SWAP_HANDS = "WX"
    WILD_CUSTOMIZABLE = "WC"

    @property
    def is_wild(self) -> bool:
        """True for the colourless (black) cards."""
        return self in _WILD_FACES

    @property
    def is_number(self) -> bool:
        """True for 0–9."""
        return self in _NUMBERS

    @property
    def number(self) -> int | None:
        """The face value 0–9 of a number card, else ``None``."""
        return _NUMBERS.get(self)

    @property
    def long_name(self) -> str:
        """The English name: ``"7"``, ``"skip"``, ``"wild draw four"``."""
        return _LONG_FACE[self]


_CARDS: dict[tuple[Color | None, Face | None], Card] = {}

_COLOR_CODES: dict[Color, str] = {c: c.value[0].upper() for c in Color}
_WILD_FACES: frozenset[Face] = frozenset(f for f in Face if f.value[0] == "W")
_NUMBERS: dict[Face, int] = {f: int(f.value) for f in Face if f.value.isdigit()}

_LONG_FACE: dict[Face, str] = {
    **{f: f.value for f in Face if f.value.isdigit()},
    Face.SKIP: "skip",
    Face.REVERSE: "reverse",
    Face.DRAW_TWO: "draw two",
    Face.WILD: "wild",
    Face.WILD_DRAW_FOUR: "wild draw four",
    Face.WILD_SHUFFLE_HANDS: "wild shuffle hands",
    Face.WILD_SWAP_HANDS: "wild swap hands",
    Face.WILD_CUSTOMIZABLE: "wild customizable",
}


def _check_card(instance: Card, attribute: object, value: Face) -> None:
    if value.is_wild and instance.color is not None:
        raise ValueError(f"a {value.long_name} card has no colour (got {instance.color})")
    if not value.is_wild and instance.color is None:
        raise ValueError(f"a {value.long_name} card needs a colour")


@attrs.frozen(slots=True, repr=False, eq=False)
class Card:
    """One card: a colour (``None`` for wild cards) and a face.

    There is one object per distinct card: the constructor returns it, so
    cards compare equal exactly when they are the same object, and copies or
    unpickled cards are that object too. Build them with :meth:`parse` or with
    the constructor::

        >>> Card.parse("r+2")
        Card.parse('R+2')
        >>> Card(Color.RED, Face.SEVEN) == Card.parse("red 7")
        True
        >>> str(Card.parse("wild draw four"))
        'W+4'

    Raises:
        ValueError: from the constructor, when a wild face is given a colour
            or a coloured face is given none.
    """

    color: Color | None
    face: Face = attrs.field(validator=_check_card)
    code: str = attrs.field(init=False, eq=False, repr=False)
    """The canonical short code, e.g. ``"R7"``, ``"B+2"``, ``"W+4"``."""

    def __new__(cls, color: Color | None = None, face: Face | None = None) -> Card:
        known = _CARDS.get((color, face))
        return known if known is not None else super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        code = (
            self.face.value if self.color is None else _COLOR_CODES[self.color] + (self.face.value)
        )
        object.__setattr__(self, "code", code)
        _CARDS.setdefault((self.color, self.face), self)

    def __reduce__(self) -> tuple[type[Card], tuple[Color | None, Face]]:
        return (Card, (self.color, self.face))

    @property
    def is_wild(self) -> bool:
        """True for the colourless cards (Wild, Wild Draw Four, ...)."""
        return self.color is None

    @property
    def is_number(self) -> bool:
        """True for number cards 0–9."""
        return self.face in _NUMBERS

    @property
    def is_action(self) -> bool:
        """True for coloured action cards: Skip, Reverse, Draw Two."""
        return self.color is not None and not self.face.is_number

    @property
    def number(self) -> int | None:
        """The face value of a number card, else ``None``."""
        return self.face.number

    @property
    def long_name(self) -> str:
        """The English name, e.g. ``"red 7"``, ``"blue draw two"``, ``"wild"``."""
        if self.color is None:
            return self.face.long_name
        return f"{self.color.value} {self.face.long_name}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card from its short code or long English name.

        Args:
            text: e.g. ``"R7"``, ``"g+2"``, ``"W+4"``, ``"red 7"``, ``"wild"``.

        Returns:
            The card.

        Raises:
            NotationError: when ``text`` names no card; the message says what
                was expected.
            TypeError: when ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse needs a string such as 'R7', not {text!r}")
        card = _BY_TEXT.get(" ".join(text.lower().replace("_", " ").split()))
        if card is None:
            stripped = text.strip()
            offset = text.find(stripped) if stripped else 0
            raise NotationError(
                text,
                max(offset, 0),
                "a card: a colour letter R/Y/G/B with 0-9, S, R or +2 (e.g. R7, GS, B+2), "
                "or W, W+4, WS, WX, WC, or a long name such as 'red 7' or 'wild draw four'",
                found=repr(stripped) if stripped else "nothing",
            )
        return card


def _all_cards() -> tuple[Card, ...]:
    coloured = [Card(c, f) for c in Color for f in Face if not f.is_wild]
    return (*coloured, *(Card(None, f) for f in Face if f.is_wild))


ALL_CARDS: tuple[Card, ...] = _all_cards()
"""Every distinct card, coloured ones first (red, yellow, green, blue), then wilds."""


def _text_index() -> dict[str, Card]:
    index: dict[str, Card] = {}
    face_words: dict[Face, list[str]] = {
        Face.SKIP: ["skip", "s"],
        Face.REVERSE: ["reverse", "r"],
        Face.DRAW_TWO: ["draw two", "draw 2", "+2", "d2"],
    }
    digit_words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    for f in Face:
        if f.is_number:
            face_words[f] = [f.value, digit_words[int(f.value)]]
    for card in ALL_CARDS:
        index[card.code.lower()] = card
        index[card.long_name] = card
        if card.color is not None:
            for word in face_words[card.face]:
                index[f"{card.color.value} {word}"] = card
                index[f"{card.color.code.lower()} {word}"] = card
                index[f"{card.color.code.lower()}{word}"] = card
    wild = {
        Face.WILD: ["wild", "w"],
        Face.WILD_DRAW_FOUR: ["wild draw four", "wild draw 4", "w+4", "wd4", "+4", "wild +4"],
        Face.WILD_SHUFFLE_HANDS: ["wild shuffle hands", "wild shuffle", "shuffle hands", "ws"],
        Face.WILD_SWAP_HANDS: ["wild swap hands", "wild swap", "swap hands", "wx"],
        Face.WILD_CUSTOMIZABLE: [
            "wild customizable",
            "wild customisable",
            "customizable",
            "blank",
            "wc",
        ],
    }
    for face, words in wild.items():
        for word in words:
            index[word] = Card(None, face)
    return index


_BY_TEXT = _text_index()
_INTERN: dict[Card, Card] = {c: c for c in ALL_CARDS}


def parse_color(text: str) -> Color:
    """Parse a colour: ``"red"``, ``"R"``, ``"Blue"``... (case-insensitive).

    Raises:
        NotationError: when ``text`` names no colour.
    """
    key = text.strip().lower()
    for color in Color:
        if key in (color.value, color.code.lower()):
            return color
    raise NotationError(text, 0, "a colour: red, yellow, green or blue (or R, Y, G, B)")


_TOKEN = re.compile(r"[^\s,]+")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a list of cards: short codes separated by spaces or commas, or
    long names separated by commas.

    Args:
        text: e.g. ``"R3 W+4 G5"``, ``"r3, w+4"``, ``"red 3, wild draw four"``,
            or ``""`` for no cards.

    Returns:
        The cards, in the order given.

    Raises:
        NotationError: naming the column of the first token that is not a card.

    >>> parse_cards("R3 w+4, green 5")
    (Card.parse('R3'), Card.parse('W+4'), Card.parse('G5'))
    """
    cards: list[Card] = []
    start = 0
    for chunk in text.split(","):
        whole = _BY_TEXT.get(" ".join(chunk.lower().split()))
        if whole is not None and chunk.strip():
            cards.append(whole)
        else:
            for m in _TOKEN.finditer(chunk):
                card = _BY_TEXT.get(m.group().lower())
                if card is None:
                    raise NotationError(
                        text,
                        start + m.start(),
                        "a card code such as R7, GS, B+2, W or W+4 "
                        "(long names like 'red 7' must be separated by commas)",
                    )
                cards.append(card)
        start += len(chunk) + 1
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """The short codes of ``cards`` separated by single spaces."""
    return " ".join(c.code for c in cards)


def classic_108() -> tuple[Card, ...]:
    """The classic 108-card deck in a fixed order (rule ``deck.classic-108``).

    Per colour one 0 and two each of 1–9, Skip, Reverse and Draw Two; then four
    Wild and four Wild Draw Four.

    >>> deck = classic_108()
    >>> len(deck), sum(c.is_wild for c in deck), sum(c.is_number for c in deck)
    (108, 8, 76)
    """
    cards: list[Card] = []
    for color in Color:
        for face in Face:
            if face.is_wild:
                continue
            copies = 1 if face is Face.ZERO else 2
            cards.extend([_INTERN[Card(color, face)]] * copies)
    cards.extend([_INTERN[Card(None, Face.WILD)]] * 4)
    cards.extend([_INTERN[Card(None, Face.WILD_DRAW_FOUR)]] * 4)
    return tuple(cards)
