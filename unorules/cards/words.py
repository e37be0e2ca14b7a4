"""What the cards and colours are called in English, Swedish and Norwegian
Bokmål, read from the records of every colour and face defined
(:mod:`unorules.cards.faces`): the notation and the sentences read them here.

Sentences name cards with :func:`card_name` and colours with
:func:`colour_name`; the words are those the Swedish and Norwegian rule texts
use (``Dra två``, ``Hoppa över``, ``Välj färg``; ``Trekk 2``, ``Stå over``,
``Snu``, ``Skift farge``); the other words players use for a card are read
as input too (:data:`FACE_SYNONYMS`). The tables are views: a face or colour
an edition or a table defines is in them as soon as it is defined.

>>> from unorules.cards import Card
>>> card_name(Card.parse("R+2"), "sv")
'röd Dra två'
>>> card_name(Card.parse("W+4"), "nb")
'Trekk 4'
>>> card_name(Card.parse("BS"), "nb")
'blå Stå over'
>>> colour_name(Card.parse("G7").color, "nb")
'grønn'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from unorules.cards.faces import Color, Face
from unorules.cards.lexicon import ARTICLES, CARD_NOUNS, NUMBER_WORDS

if TYPE_CHECKING:
    from unorules.cards.card import Card

__all__ = [
    "ARTICLES",
    "CARD_NOUNS",
    "COLOUR_CODES",
    "COLOUR_SYNONYMS",
    "COLOUR_WORDS",
    "FACE_CODES",
    "FACE_SYNONYMS",
    "FACE_WORDS",
    "NUMBER_WORDS",
    "card_code",
    "card_name",
    "colour_name",
]

_LANGS = ("en", "sv", "nb")

K = TypeVar("K", Color, Face)
V = TypeVar("V")


class _View(Mapping[K, V], Generic[K, V]):
    """A read-only table over every record of one kind defined so far."""

    __slots__ = ("_keys", "_kind", "_read")

    _kind: type[K]
    _keys: Callable[[], tuple[K, ...]]
    _read: Callable[[K], V]

    def __init__(
        self, kind: type[K], keys: Callable[[], tuple[K, ...]], read: Callable[[K], V]
    ) -> None:
        self._kind = kind
        self._keys = keys
        self._read = read

    def __getitem__(self, key: K) -> V:
        if not isinstance(key, self._kind):
            raise KeyError(key)
        return self._read(key)

    def __iter__(self) -> Iterator[K]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())

    def __repr__(self) -> str:
        return repr(dict(self))


def _colours(read: Callable[[Color], V]) -> Mapping[Color, V]:
    return _View(Color, Color.registered, read)


def _faces(read: Callable[[Face], V]) -> Mapping[Face, V]:
    return _View(Face, Face.registered, read)


def _colour_names(lang: str) -> Mapping[Color, str]:
    return _colours(lambda c: c.names[lang])


def _colour_words(lang: str) -> Mapping[Color, tuple[str, ...]]:
    return _colours(lambda c: c.words[lang])


def _colour_codes(lang: str) -> Mapping[Color, tuple[str, ...]]:
    return _colours(lambda c: c.codes[lang])


def _face_names(lang: str) -> Mapping[Face, str]:
    return _faces(lambda f: f.names[lang])


def _face_words(lang: str) -> Mapping[Face, tuple[str, ...]]:
    return _faces(lambda f: f.words[lang])


COLOUR_WORDS: Final[Mapping[str, Mapping[Color, str]]] = {
    lang: _colour_names(lang) for lang in _LANGS
}
"""Language -> colour -> the colour's name."""

FACE_WORDS: Final[Mapping[str, Mapping[Face, str]]] = {lang: _face_names(lang) for lang in _LANGS}
"""Language -> face -> the face's name (a number face is its digit): in
Swedish and Norwegian the word the rule texts use (seeds 000/002/004 and 003);
each is also the first of the face's words in :data:`FACE_SYNONYMS` (for a
number face, its number's word)."""

COLOUR_SYNONYMS: Final[Mapping[str, Mapping[Color, tuple[str, ...]]]] = {
    lang: _colour_words(lang) for lang in _LANGS
}
"""Language -> colour -> its words, first the plain form (``"röd"``), then the
forms a sentence bends it into (``"röda sjuan"``, ``"väljer rött"``)."""

COLOUR_CODES: Final[Mapping[str, Mapping[Color, tuple[str, ...]]]] = {
    lang: _colour_codes(lang) for lang in _LANGS
}
"""Language -> colour -> the codes that stand for it, alone (``0 color Gr``)
or before a face (``Gu7``, ``GrS``, ``Gr+2``). In English G is green; in
Swedish and Norwegian a bare G is refused (gul or grön/grønn?), yellow is
``Gu`` or ``Y`` and green ``Gr``. Output always uses the English codes."""

FACE_CODES: Final[Mapping[Face, tuple[str, ...]]] = _faces(lambda f: (f.code.lower(), *f.codes))
"""Face -> its codes in every language, lower case: after a colour code or
word for a coloured face (``R7``, ``röd +2``), alone for a wild card
(``W+4``, ``+4``)."""

FACE_SYNONYMS: Final[Mapping[str, Mapping[Face, tuple[str, ...]]]] = {
    lang: _face_words(lang) for lang in _LANGS
}
"""Language -> face -> its words: for a coloured face the words after the
colour (``"röd" + "dra två"``), for a wild face the card's whole name
(``"dra fyra"``, ``"skift farge"``). The first word is the name sentences
use (:data:`FACE_WORDS`, the rule texts' own word); the others are every
other word the rule texts and players use (``"stoppkort"``, ``"plusfyra"``,
``"hopp over"``, ``"retningsendring"``), read as input in every language.
The codes are in :data:`FACE_CODES`."""


def colour_name(color: Color, lang: str) -> str:
    """The name of ``color`` in ``lang`` (``"en"``, ``"sv"``, ``"nb"``).

    Raises:
        KeyError: for a language other than those three.
    """
    return color.names[lang]


def card_name(card: Card, lang: str) -> str:
    """The name of ``card`` in ``lang``: ``"red 7"``, ``"röd Dra två"``,
    ``"Trekk 4"`` (a wild card has no colour in its name).

    Raises:
        KeyError: for a language other than ``"en"``, ``"sv"`` and ``"nb"``.
    """
    face = card.face.names[lang]
    if card.color is None:
        return face
    return f"{card.color.names[lang]} {face}"


def card_code(card: Card, lang: str) -> str:
    """The code of ``card`` as ``lang`` writes it: each colour letter the
    language's own code for the colour (the last of :data:`COLOUR_CODES`:
    ``Gu7``, ``Gr+2`` in Swedish and Norwegian), each side of a two-sided
    card so (``Gr1:PR``).

    Raises:
        KeyError: for a language other than ``"en"``, ``"sv"`` and ``"nb"``.

    >>> from unorules.cards import Card
    >>> card_code(Card.parse("G1"), "sv"), card_code(Card.parse("Y+2"), "en")
    ('Gr1', 'Y+2')
    """
    if lang == "en":
        return card.code
    codes = COLOUR_CODES[lang]

    def side(c: Card) -> str:
        return c.face.code if c.color is None else codes[c.color][-1] + c.face.code

    back = card.back
    return side(card) if back is None else f"{side(card)}:{side(back)}"
