"""The card type, its short codes and long names, and the decks (the colours
and faces are :mod:`unorules.cards.faces`; the words :mod:`unorules.cards.words`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

import attrs

from unorules._mypyc import untyped
from unorules.cards.faces import FACES, Color, Face, name_table
from unorules.cards.words import ARTICLES, COLOUR_WORDS, card_name
from unorules.errors import Message, NotationError, language, msg

__all__ = [
    "ALL_CARDS",
    "Card",
    "card_expected",
    "classic_108",
    "colour_expected",
    "format_cards",
    "parse_cards",
    "parse_color",
]


_CARDS: dict[tuple[object, ...], Card] = {}
"""Every card made so far, by its side up (colour, face) and, for a
two-sided card, its other side's (colour, face) too."""

_new_object = object.__new__
"""``object.__new__``, called by name: mypyc compiles neither ``super().__new__``
nor ``object.__new__`` in the ``__new__`` of a class that is not native (an
attrs class is not)."""


def _check_card(instance: Card, attribute: object, value: Face) -> None:
    if not isinstance(value, Face):
        raise TypeError(f"a card's face is a Face (Face.SEVEN, Face.from_code('7')), not {value!r}")
    color = instance.color
    if color is not None and not isinstance(color, Color):
        raise TypeError(
            f"a card's colour is a Color (Color.RED, Color.from_code('R')) or None, not {color!r}"
        )
    if value.is_wild and instance.color is not None:
        raise ValueError(f"a {value.long_name} card has no colour (got {instance.color})")
    if not value.is_wild and instance.color is None:
        raise ValueError(f"a {value.long_name} card needs a colour")
    back = instance.back
    if back is not None and (not isinstance(back, Card) or back.back is not None):
        raise TypeError(
            f"a card's other side is a one-sided Card (Card.parse('P3')) or None, not {back!r}"
        )


def _key_of(color: Color | None, face: Face | None, back: Card | None) -> tuple[object, ...]:
    if back is None:
        return (color, face)
    return (color, face, back.color, back.face)


@attrs.frozen(slots=True, repr=False, eq=False)
class Card:
    """One card: a colour (``None`` for wild cards) and a face, the side
    up; a two-sided card also has another side (:attr:`back`).

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

    A two-sided card is written side up first, then ``:`` and
    the other side (not ``/``, which parts the hands of a situation); every
    rule reads the side up (:attr:`color`, :attr:`face`) and :meth:`turned`
    gives the card turned over::

        >>> two = Card.parse("R5:B3")
        >>> two.color, two.back, two.turned()
        (Color.RED, Card.parse('B3'), Card.parse('B3:R5'))
        >>> two.turned().turned() is two
        True

    Raises:
        ValueError: from the constructor, when a wild face is given a colour
            or a coloured face is given none.
        TypeError: from the constructor, when the face is no :class:`Face`,
            the colour no :class:`Color` (nor ``None``) or the other side no
            one-sided :class:`Card` (nor ``None``).
    """

    color: Color | None
    face: Face = attrs.field(validator=untyped(_check_card))
    back: Card | None = None
    """The other side of a two-sided card, as a one-sided card (its own
    ``back`` is ``None``); ``None`` for a card with the common back."""
    code: str = attrs.field(init=False, eq=False, repr=False)
    """The canonical short code, e.g. ``"R7"``, ``"B+2"``, ``"W+4"``; a
    two-sided card's is its side up's, ``:`` and its other side's
    (``"R5:P3"``)."""

    def __new__(
        cls, color: Color | None = None, face: Face | None = None, back: Card | None = None
    ) -> Card:
        known = _CARDS.get(_key_of(color, face, back))
        return known if known is not None else _new_object(cls)

    def __attrs_post_init__(self) -> None:
        code = self.face.value if self.color is None else self.color.code + (self.face.value)
        if self.back is not None:
            code = f"{code}:{self.back.code}"
        object.__setattr__(self, "code", code)
        _CARDS.setdefault(_key_of(self.color, self.face, self.back), self)

    def __reduce__(self) -> tuple[type[Card], tuple[Color | None, Face, Card | None]]:
        return (Card, (self.color, self.face, self.back))

    @property
    def side(self) -> Card:
        """The side up as a one-sided card (the card itself when it has no
        other side): ``Card.parse("R5:P3").side`` is ``Card.parse("R5")``."""
        if self.back is None:
            return self
        return Card(self.color, self.face)

    def turned(self) -> Card:
        """The card turned over: its other side up (the card itself when it
        has none). ``card.turned().turned() is card``."""
        back = self.back
        if back is None:
            return self
        return Card(back.color, back.face, Card(self.color, self.face))

    @property
    def is_wild(self) -> bool:
        """True for the colourless cards (Wild, Wild Draw Four, ...)."""
        return self.color is None

    @property
    def is_number(self) -> bool:
        """True for number cards 0–9."""
        return self.face.is_number

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
        """The English name, e.g. ``"red 7"``, ``"blue draw two"``, ``"wild"``
        (of a two-sided card, its side up's: what is said at the table)."""
        if self.color is None:
            return self.face.long_name
        return f"{self.color.value} {self.face.long_name}"

    def name_in(self, lang: str = "en") -> str:
        """The card's name in ``lang`` (``"en"``, ``"sv"`` or ``"nb"``), as
        sentences write it: ``"red 7"``, ``"röd Dra två"``, ``"Trekk 4"``
        (a wild card has no colour in its name).

        Raises:
            ValueError: for another language.

        >>> Card.parse("G+2").name_in("nb")
        'grønn Trekk 2'
        """
        if lang not in ("en", "sv", "nb"):
            raise ValueError(f"lang must be 'en', 'sv' or 'nb', not {lang!r}")
        return card_name(self, lang)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @classmethod
    def parse(cls, text: str, *, lang: str = "en") -> Card:
        """Parse one card from its short code or its name in English, Swedish
        or Norwegian.

        Args:
            text: e.g. ``"R7"``, ``"g+2"``, ``"W+4"``, ``"red 7"``, ``"wild"``,
                ``"röd sjua"``, ``"dra fyra"``, ``"gul trekk 2"``.
            lang: the language of the codes (``"en"``, ``"sv"``, ``"nb"``).
                Words of every language are read whatever ``lang`` is; the
                colour codes differ: under ``"sv"`` and ``"nb"`` yellow is
                ``Gu`` (or ``Y``) and green ``Gr``, and a bare ``G`` is refused.

        Returns:
            The card.

        Raises:
            NotationError: when ``text`` names no card (the message says what
                was expected), or, under ``"sv"``/``"nb"``, a code with a bare
                ``G`` (the message offers both readings).
            TypeError: when ``text`` is not a string.
            LanguageError: for an unknown ``lang``.

        >>> Card.parse("gul sju")
        Card.parse('Y7')
        >>> Card.parse("Gr+2", lang="sv")
        Card.parse('G+2')
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse needs a string such as 'R7', not {text!r}")
        code = _lang(lang)
        key = _key(text)
        card = _lookup(key, code)
        if card is None:
            stripped = text.strip()
            offset = max(text.find(stripped) if stripped else 0, 0)
            ambiguous = _ambiguous(key, code)
            if ambiguous is not None:
                raise NotationError(text, offset, ambiguous, found=repr(stripped))
            raise NotationError(
                text,
                offset,
                card_expected(code),
                found=repr(stripped) if stripped else msg("nothing"),
            )
        return card


def _all_cards() -> tuple[Card, ...]:
    coloured = [Card(c, f) for c in Color for f in Face if not f.is_wild]
    return (*coloured, *(Card(None, f) for f in Face if f.is_wild))


ALL_CARDS: tuple[Card, ...] = _all_cards()
"""Every distinct card, coloured ones first (red, yellow, green, blue), then wilds."""


_CARD_EXPECTED_EN = msg(
    "a card: a colour letter R/Y/G/B with 0-9, S, R or +2 (e.g. R7, GS, B+2), "
    "or W, W+4, WS, WX, WC, or a long name such as 'red 7' or 'wild draw four'"
)
_CARD_EXPECTED_NORDIC = msg(
    "a card: a colour code R, Y (or Gu), Gr or B with 0-9, S, R or +2 "
    "(e.g. R7, Gu7, GrS, B+2), or W, W+4, WS, WX, WC, or a name such as "
    "'röd 7', 'gul sju', 'dra fyra' or 'trekk 2'"
)
_CARDS_EXPECTED_EN = msg(
    "a card code such as R7, GS, B+2, W or W+4 "
    "(long names like 'red 7' must be separated by commas)"
)
_CARDS_EXPECTED_NORDIC = msg(
    "a card code such as R7, Gu7, GrS, B+2, W or W+4 "
    "(names like 'röd 7' must be separated by commas)"
)
_COLOUR_EXPECTED_EN = msg("a colour: red, yellow, green or blue (or R, Y, G, B)")
_COLOUR_EXPECTED_NORDIC = msg(
    "a colour: red, yellow, green or blue (röd, gul, grön, blå; rød, gul, grønn, blå), "
    "or the codes R, Y (or Gu), Gr, B"
)
_AMBIGUOUS_G = msg(
    "{as_yellow} (yellow, {yellow}) or {as_green} (green, {green}), or the colour's word: "
    "G alone could be either"
)


def _key(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _lang(lang: str) -> str:
    if lang in ("en", "sv", "nb"):
        return lang
    return language(lang)


def colour_expected(lang: str = "en") -> Message:
    """What a colour is in ``lang``: the ``expected`` of a colour's
    :class:`NotationError` (a translatable message)."""
    return _COLOUR_EXPECTED_EN if _lang(lang) == "en" else _COLOUR_EXPECTED_NORDIC


def card_expected(lang: str = "en") -> Message:
    """What a card is in ``lang``: the ``expected`` of a card's
    :class:`NotationError` (a translatable message), naming the faces an
    edition or a table defined too."""
    base = _CARD_EXPECTED_EN if _lang(lang) == "en" else _CARD_EXPECTED_NORDIC
    return with_defined_faces(base)


_SHOWN_FACES = 6
"""How many codes of defined faces an error lists (:func:`with_defined_faces`)."""


def with_defined_faces(expected: Message) -> Message:
    """``expected``, and the codes of the faces defined beyond the classic
    ones, if any (``SE``: a coloured one written ``RSE``): the six defined
    last (a table's own come after the editions'), then ``…`` for more."""
    own = [f for f in Face.registered() if f not in FACES]
    if not own:
        return expected
    shown = own[::-1][:_SHOWN_FACES]
    codes = ", ".join(f.code if f.is_wild else f"R{f.code}" for f in shown)
    if len(own) > _SHOWN_FACES:
        codes += ", …"
    return msg(
        "{expected}; also the cards defined here, such as {codes}", expected=expected, codes=codes
    )


def _index(lang: str) -> dict[str, Card]:
    """Every text that names a card under ``lang``'s codes -> the card, over
    every colour and face defined so far (:func:`Face.registered`)."""
    return _index_of(lang, len(Face.registered()), len(Color.registered()))


@cache
def _index_of(lang: str, faces: int, colours: int) -> dict[str, Card]:
    """:func:`_index` once ``faces`` faces and ``colours`` colours are defined
    (:func:`unorules.cards.faces.name_table`).

    Raises:
        ValueError: when a text names two cards.
    """
    cards: dict[tuple[Color | None, Face], Card] = {}
    table = name_table(lang, Face.registered(), Color.registered())
    return {
        key: cards.get(pair) or cards.setdefault(pair, Card(*pair)) for key, pair in table.items()
    }


@cache
def _articles() -> frozenset[str]:
    return frozenset(a for table in ARTICLES.values() for a in table)


def _lookup(key: str, lang: str) -> Card | None:
    """The card ``key`` (a :func:`_key`) names under ``lang``; an article may
    stand before a name written in words (``en röd sjua``), not before a code.
    A two-sided card is its two sides with ``:`` between them (``r5:p3``,
    ``red 5 : pink 3``); no face or colour code or word holds a ``:``, so
    such a text names no other card."""
    if ":" in key:
        up, _, down = key.partition(":")
        if ":" in down:
            return None
        front, back = _lookup(up.strip(), lang), _lookup(down.strip(), lang)
        if front is None or back is None or front.back is not None or back.back is not None:
            return None
        return Card(front.color, front.face, back)
    index = _index(lang)
    card = index.get(key)
    if card is None:
        article, _, rest = key.partition(" ")
        if article in _articles() and rest:
            card = index.get(rest)
            if card is not None and rest.lower() == card.code.lower():
                return None
    return card


def _ambiguous(key: str, lang: str) -> Message | None:
    """Under sv/nb, the message for a code with a bare G (``G7``: gul or grön?)."""
    if lang == "en" or not key.startswith("g"):
        return None
    card = _index("en").get(key)
    if card is None or card.color is not Color.GREEN:
        return None
    return msg(
        _AMBIGUOUS_G.template,
        as_yellow="Gu" + card.face.value,
        as_green="Gr" + card.face.value,
        yellow=COLOUR_WORDS[lang][Color.YELLOW],
        green=COLOUR_WORDS[lang][Color.GREEN],
    )


_INTERN: dict[Card, Card] = {c: c for c in ALL_CARDS}


def parse_color(text: str, *, lang: str = "en") -> Color:
    """Parse a colour: ``"red"``, ``"R"``, ``"Blue"``, ``"röd"``, ``"grønn"``,
    ``"Gr"`` (case-insensitive).

    Args:
        text: a colour word of any of the three languages, or a colour code
            of ``lang`` (:data:`unorules.cards.words.COLOUR_CODES`).
        lang: the language of the codes; under ``"sv"`` and ``"nb"`` a bare
            ``G`` is refused (gul or grön/grønn?): write ``Gu`` or ``Gr``.

    Raises:
        NotationError: when ``text`` names no colour, or is a bare ``G``
            under ``"sv"``/``"nb"``.
        LanguageError: for an unknown ``lang``.

    >>> parse_color("grönt"), parse_color("Gu", lang="nb")
    (Color.GREEN, Color.YELLOW)
    """
    code = _lang(lang)
    color = _colours(code).get(text.strip().lower())
    if color is not None:
        return color
    if code != "en" and text.strip().lower() == "g":
        raise NotationError(
            text,
            max(text.find(text.strip()), 0),
            msg(
                _AMBIGUOUS_G.template,
                as_yellow="Gu",
                as_green="Gr",
                yellow=COLOUR_WORDS[code][Color.YELLOW],
                green=COLOUR_WORDS[code][Color.GREEN],
            ),
            found=repr(text.strip()),
        )
    raise NotationError(text, 0, colour_expected(code))


def _colours(lang: str) -> dict[str, Color]:
    return _colours_of(lang, len(Color.registered()))


@cache
def _colours_of(lang: str, count: int) -> dict[str, Color]:
    index: dict[str, Color] = {}
    for color in Color.registered():
        for ws in color.words.values():
            for word in ws:
                index[word] = color
        for code in color.codes[lang]:
            index[code.lower()] = color
    return index


_TOKEN = re.compile(r"[^\s,]+")


def parse_cards(text: str, *, lang: str = "en") -> tuple[Card, ...]:
    """Parse a list of cards: short codes separated by spaces or commas, or
    long names separated by commas.

    Args:
        text: e.g. ``"R3 W+4 G5"``, ``"r3, w+4"``, ``"red 3, wild draw four"``,
            ``"röd 3, dra fyra"``, or ``""`` for no cards.
        lang: the language of the codes, as in :meth:`Card.parse`.

    Returns:
        The cards, in the order given.

    Raises:
        NotationError: naming the column of the first token that is not a card
            (under ``"sv"``/``"nb"``, or that is a code with a bare ``G``).
        LanguageError: for an unknown ``lang``.

    >>> parse_cards("R3 w+4, green 5")
    (Card.parse('R3'), Card.parse('W+4'), Card.parse('G5'))
    """
    cards: list[Card] = []
    start = 0
    code = _lang(lang)
    for chunk in text.split(","):
        whole = _lookup(_key(chunk), code)
        if whole is not None and chunk.strip():
            cards.append(whole)
        else:
            for m in _TOKEN.finditer(chunk):
                card = _lookup(_key(m.group()), code)
                if card is None:
                    ambiguous = _ambiguous(_key(m.group()), code)
                    raise NotationError(
                        text,
                        start + m.start(),
                        ambiguous
                        or (_CARDS_EXPECTED_EN if code == "en" else _CARDS_EXPECTED_NORDIC),
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
