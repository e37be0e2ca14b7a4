"""The colours and faces of the cards: records, the ground of the library's
vocabulary.

A card (:class:`~unorules.cards.Card`) is a face and, unless the face is wild,
a colour. A colour and a face are records of data: codes, names and the words
players use in English, Swedish and Norwegian, and for a face whether it is
wild, its number and its points. What a card *does* is the rule set's answer
(:mod:`unorules.rules.policies`), and which colours and faces are in play is
the deck's (``rules.deck.cards()``).

The classic colours and faces are instances (``Color.RED``, ``Face.SKIP``);
an edition or a table brings its own with :meth:`Color.define` and
:meth:`Face.define`. A record is defined once per code: defining it again with
the same data returns the same object (so a worker process that unpickles a
card gets the face its parent defined), and with other data is an error.

>>> stop_all = Face.define(
...     "ST", "STOP_ALL", points=20,
...     names={"en": "stop all", "sv": "Stoppa alla", "nb": "Stopp alle"},
... )
>>> stop_all.code, stop_all.is_wild, stop_all.number, stop_all.points
('ST', False, None, 20)
>>> Face.from_code("st") is stop_all, Face.from_code("S") is Face.SKIP
(True, True)

Rule IDs: ``deck.classic-108``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

import attrs

from unorules.cards import lexicon

__all__ = ["COLORS", "FACES", "Color", "Face"]

_LANGS = ("en", "sv", "nb")
_MOST_POINTS = 1000
_CODE = re.compile(r"[A-Z0-9+]{1,4}")
_COUNT = re.compile(r"x?\d+")
# Words the notation reads after a card: "and chooses", "swap 2", "give B3
# to 2" (unorules.notation). A face's name may hold a card's word only where
# none of these follows it.
_READ_AFTER_A_CARD = frozenset(
    {"and", "och", "og", "swap", "swaps", "with", "med", "byt", "byter", "bytt", "bytter"}
    | {"give", "gives", "ge", "ger", "gi", "gir", "to", "till", "til", "x"}
)


def _text(value: object, what: str, *, one_word: bool) -> str:
    """A name or word as the notation can read it back: a non-empty string
    with single spaces between words, no ``,``, ``;``, ``_`` or ``:`` (the
    notation's separators; ``:`` parts the sides of a two-sided card), and
    one word only for a colour."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a string, not {value!r}")
    if not value or value != " ".join(value.split()) or any(c in value for c in ",;_:"):
        raise ValueError(
            f"{what} must be a non-empty text with single spaces between words and no "
            f"',', ';', '_' or ':', not {value!r}"
        )
    if one_word and " " in value:
        raise ValueError(f"{what} must be one word (a colour is named in one word), not {value!r}")
    return value


def _words(
    names: Mapping[str, str],
    words: Mapping[str, tuple[str, ...]] | None,
    what: str,
    *,
    one_word: bool = False,
) -> Mapping[str, tuple[str, ...]]:
    """Language -> the words read: the name first, then the others, lower case."""
    if words is None:
        words = {}
    if not isinstance(words, Mapping):
        raise ValueError(
            f"{what}: words are given as {{'en': (...), 'sv': (...), 'nb': (...)}}, not {words!r}"
        )
    unknown = [k for k in words if k not in _LANGS]
    if unknown:
        raise ValueError(f"{what}: words: {unknown[0]!r} is not a language (en, sv or nb)")
    out: dict[str, tuple[str, ...]] = {}
    for lang in _LANGS:
        given = words.get(lang, ())
        if isinstance(given, str) or not isinstance(given, (tuple, list)):
            raise ValueError(
                f"{what}: the {lang} words are a tuple of strings such as ('skip all',), "
                f"not {given!r}"
            )
        checked = [_text(w, f"{what}: each {lang} word", one_word=one_word) for w in given]
        name = names[lang].lower()
        out[lang] = tuple(dict.fromkeys((name, *(w.lower() for w in checked))))
    return MappingProxyType(out)


def _name_in(names: Mapping[str, str], lang: str) -> str:
    if lang not in _LANGS:
        raise ValueError(f"lang must be 'en', 'sv' or 'nb', not {lang!r}")
    return names[lang]


def _names(names: Mapping[str, str], what: str, *, one_word: bool = False) -> Mapping[str, str]:
    if not isinstance(names, Mapping) or "en" not in names:
        raise ValueError(f"{what} needs names={{'en': ..., 'sv': ..., 'nb': ...}}, got {names!r}")
    unknown = [k for k in names if k not in _LANGS]
    if unknown:
        raise ValueError(f"{what}: names: {unknown[0]!r} is not a language (en, sv or nb)")
    english = names["en"]
    out = {
        lang: _text(names.get(lang, english), f"{what}: the {lang} name", one_word=one_word)
        for lang in _LANGS
    }
    return MappingProxyType(out)


class _Records(type):
    """The metaclass of :class:`Color` and :class:`Face`: iterating the class
    gives its classic instances, as the enumerations they once were did."""

    _classic: tuple[Any, ...]

    def __iter__(cls) -> Iterator[Any]:
        return iter(cls._classic)

    def __len__(cls) -> int:
        return len(cls._classic)


@attrs.frozen(slots=True, eq=False, repr=False)
class Color(metaclass=_Records):
    """A card colour: ``Color.RED``, ``Color.YELLOW``, ``Color.GREEN``,
    ``Color.BLUE``, or one an edition defines (:meth:`define`).

    Attributes:
        value: the English name, lower case (``"red"``): what JSON holds.
        name: the name as an identifier (``"RED"``).
        code: the English code (``"R"``): cards are written with it (``R7``).
        names: language -> the colour's name in sentences.
        words: language -> every word read for it, the name first.
        codes: language -> the codes read for it (under ``"sv"`` and ``"nb"``
            yellow is ``Gu`` or ``Y`` and green ``Gr``).

    Iterating ``Color`` gives the four classic colours; :func:`Color.registered`
    every colour defined so far.
    """

    value: str
    name: str
    code: str
    names: Mapping[str, str]
    words: Mapping[str, tuple[str, ...]]
    codes: Mapping[str, tuple[str, ...]]

    RED: ClassVar[Color]
    YELLOW: ClassVar[Color]
    GREEN: ClassVar[Color]
    BLUE: ClassVar[Color]

    @classmethod
    def define(
        cls,
        code: str,
        name: str,
        *,
        names: Mapping[str, str],
        words: Mapping[str, tuple[str, ...]] | None = None,
    ) -> Color:
        """The colour with one-letter-or-more ``code`` (upper case letters,
        e.g. ``"P"`` for pink), identifier ``name`` (``"PINK"``) and
        ``names`` per language (``{"en": "pink", "sv": "rosa", "nb": "rosa"}``;
        a language left out is named in English), defined once.

        Raises:
            ValueError: when ``code`` or ``name`` is malformed, ``names`` has
                no English name, or ``code`` or a word is another colour's.
        """
        if not isinstance(code, str) or not re.fullmatch(r"[A-Z]{1,3}", code):
            raise ValueError(f"a colour's code is 1 to 3 upper case letters, not {code!r}")
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"a colour's name is an identifier such as 'PINK', not {name!r}")
        what = f"the colour {code}"
        given = _names(names, what, one_word=True)
        record = cls(
            given["en"].lower(),
            name,
            code,
            given,
            _words(given, words, what, one_word=True),
            MappingProxyType({lang: (code,) for lang in _LANGS}),
        )
        return _register_color(record)

    @staticmethod
    def from_code(code: str) -> Color:
        """The colour whose English code is ``code`` (any case).

        Raises:
            KeyError: when no colour has that code.
            TypeError: when ``code`` is no string.
        """
        if not isinstance(code, str):
            raise TypeError(f"a colour's code is a string such as 'R', not {code!r}")
        return _COLORS_BY_CODE[code.upper()]

    @staticmethod
    def from_value(value: str) -> Color:
        """The colour whose English name is ``value`` (``"red"``), as JSON
        writes it.

        Raises:
            KeyError: when no colour has that name.
        """
        return _COLORS_BY_VALUE[value]

    @staticmethod
    def registered() -> tuple[Color, ...]:
        """Every colour defined so far: the classic four first."""
        return tuple(_COLORS_BY_CODE.values())

    def __reduce__(self) -> tuple[Any, ...]:
        if _CLASSIC_COLORS.get(self.name) is self:
            return (getattr, (Color, self.name))
        words = {k: tuple(v) for k, v in self.words.items()}
        return (_color, (self.code, self.name, dict(self.names), words))

    def name_in(self, lang: str = "en") -> str:
        """The colour's name in ``lang`` (``"en"``, ``"sv"``, ``"nb"``):
        ``Color.GREEN.name_in("nb") == "grønn"``.

        Raises:
            ValueError: for another language.
        """
        return _name_in(self.names, lang)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        if _CLASSIC_COLORS.get(self.name) is self:
            return f"Color.{self.name}"
        return f"Color.from_code({self.code!r})"


def _color(
    code: str, name: str, names: Mapping[str, str], words: Mapping[str, tuple[str, ...]]
) -> Color:
    return Color.define(code, name, names=names, words=words)


_COLORS_BY_CODE: dict[str, Color] = {}
_FACES: dict[str, Face] = {}
_CLASSIC_FACES: dict[str, Face] = {}
_COLORS_BY_VALUE: dict[str, Color] = {}
_CLASSIC_COLORS: dict[str, Color] = {}


def _same(a: Any, b: Any) -> bool:
    return all(getattr(a, f.name) == getattr(b, f.name) for f in attrs.fields(type(a)))


def _register_color(record: Color, *, check: bool = True) -> Color:
    known = _COLORS_BY_CODE.get(record.code)
    if known is not None:
        if _same(known, record):
            return known
        raise ValueError(f"the colour code {record.code!r} is already {known.value}")
    if record.value in _COLORS_BY_VALUE:
        raise ValueError(f"the colour {record.value!r} is already defined")
    if check:
        what = f"the colour {record.code}"
        faces = tuple(_FACES.values())
        said = {w for face in faces for ws in face.words.values() for w in ws}
        said |= {face.code.lower() for face in faces}
        for word in (w for ws in record.words.values() for w in ws):
            if word in said or word in _colour_words():
                raise ValueError(f"{what}: {word!r} already names a card or a colour")
        _check_names(what, faces, (*_COLORS_BY_CODE.values(), record))
    _COLORS_BY_CODE[record.code] = record
    _COLORS_BY_VALUE[record.value] = record
    return record


def _colour_words() -> set[str]:
    return {w for c in _COLORS_BY_CODE.values() for ws in c.words.values() for w in ws}


def _check_names(what: str, faces: tuple[Face, ...], colours: tuple[Color, ...]) -> None:
    """Refuse a definition after which a text would name two cards."""
    for lang in _LANGS:
        try:
            name_table(lang, faces, colours)
        except ValueError as error:
            raise ValueError(f"{what}: {error}") from None


def name_table(
    lang: str, faces: tuple[Face, ...], colours: tuple[Color, ...]
) -> dict[str, tuple[Color | None, Face]]:
    """Every text that names a card under ``lang``'s codes (lower case) ->
    the card's colour (``None`` for a wild card) and face, over ``faces``
    and ``colours``: each face's words and codes, after each colour's codes
    of ``lang`` and its words in every language for a coloured face
    (``r7``, ``r 7``, ``röd 7``, ``dra fyra``).

    Raises:
        ValueError: when a text would name two cards.
    """
    table: dict[str, tuple[Color | None, Face]] = {}

    def add(key: str, card: tuple[Color | None, Face]) -> None:
        got = table.setdefault(key, card)
        if got != card:
            raise ValueError(f"{key!r} would name both {_card_code(got)} and {_card_code(card)}")

    colour_words = {c: {w for ws in c.words.values() for w in ws} for c in colours}
    for face in faces:
        words = {w for ws in face.words.values() for w in ws} | {face.code.lower(), *face.codes}
        if face.is_wild:
            for word in words:
                add(word, (None, face))
            continue
        for color in colours:
            card = (color, face)
            for code in color.codes[lang]:
                for word in words:
                    add(f"{code.lower()}{word}", card)
                    add(f"{code.lower()} {word}", card)
            for colour in colour_words[color]:
                for word in words:
                    add(f"{colour} {word}", card)
    return table


def _card_code(card: tuple[Color | None, Face]) -> str:
    color, face = card
    return face.code if color is None else color.code + face.code


for _value, _code in (("red", "R"), ("yellow", "Y"), ("green", "G"), ("blue", "B")):
    _data = lexicon.COLOUR_WORDS[_value]
    _colour = _register_color(
        check=False,
        record=Color(
            _value,
            _value.upper(),
            _code,
            MappingProxyType({lang: _data[lang][0] for lang in _LANGS}),
            MappingProxyType({lang: tuple(_data[lang]) for lang in _LANGS}),
            MappingProxyType({lang: tuple(lexicon.COLOUR_CODES[_value][lang]) for lang in _LANGS}),
        ),
    )
    setattr(Color, _colour.name, _colour)
    _CLASSIC_COLORS[_colour.name] = _colour

COLORS: tuple[Color, ...] = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
"""The classic colours in a fixed order: red, yellow, green, blue."""
Color._classic = COLORS


def _check_number(instance: object, attribute: object, value: object) -> None:
    if value is not None and (type(value) is not int or not 0 <= value <= 99):
        raise ValueError(f"a face's number is 0 to 99 or None, not {value!r}")


@attrs.frozen(slots=True, eq=False, repr=False)
class Face(metaclass=_Records):
    """What is printed on a card besides its colour: a record.

    Attributes:
        code: the short code, upper case (``"7"``, ``"S"``, ``"+2"``,
            ``"W+4"``): a coloured card's code is its colour's code and this
            (``R7``), a wild card's this alone.
        name: the name as an identifier (``"SKIP"``).
        is_wild: True for a colourless (black) face.
        number: the face value of a number face, else ``None``.
        points: what the card scores in a hand by the official count
            (``score.official``): its number, 20 for a coloured action card,
            50 for a wild card, unless the face says otherwise.
        names: language -> the name sentences use (``"Dra två"``).
        words: language -> every word read for it, the name first, lower case.
        codes: the codes read for it besides ``code``, lower case
            (``"d2"`` for ``+2``).
        is_number: ``number is not None``.

    Iterating ``Face`` gives the classic faces (those of the 108- and
    112-card decks); :func:`Face.registered` every face defined so far.
    """

    code: str
    name: str
    is_wild: bool
    number: int | None
    points: int
    names: Mapping[str, str]
    words: Mapping[str, tuple[str, ...]]
    codes: tuple[str, ...]
    is_number: bool = attrs.field(init=False)

    ZERO: ClassVar[Face]
    ONE: ClassVar[Face]
    TWO: ClassVar[Face]
    THREE: ClassVar[Face]
    FOUR: ClassVar[Face]
    FIVE: ClassVar[Face]
    SIX: ClassVar[Face]
    SEVEN: ClassVar[Face]
    EIGHT: ClassVar[Face]
    NINE: ClassVar[Face]
    SKIP: ClassVar[Face]
    REVERSE: ClassVar[Face]
    DRAW_TWO: ClassVar[Face]
    WILD: ClassVar[Face]
    WILD_DRAW_FOUR: ClassVar[Face]
    WILD_SHUFFLE_HANDS: ClassVar[Face]
    WILD_SWAP_HANDS: ClassVar[Face]
    WILD_CUSTOMIZABLE: ClassVar[Face]

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "is_number", self.number is not None)

    @classmethod
    def define(
        cls,
        code: str,
        name: str,
        *,
        names: Mapping[str, str],
        wild: bool = False,
        number: int | None = None,
        points: int | None = None,
        words: Mapping[str, tuple[str, ...]] | None = None,
    ) -> Face:
        """A face of a table's or an edition's own, defined once.

        Args:
            code: 1 to 4 upper case letters, digits or ``+`` (``"SA"``,
                ``"+5"``); a wild face's code is what the card is written as.
            name: an identifier (``"SKIP_ALL"``).
            names: language -> the name sentences use; a language left out
                is named in English (``{"en": "skip all", "sv": "Hoppa över
                alla", "nb": "Alle står over"}``).
            wild: a colourless face (laid on anything the wild policy allows).
            number: the face value, for a number face.
            points: what it scores in a hand; by default its number, 50 for
                a wild face and 20 for a coloured one.
            words: language -> further words read for it (the name always is).

        Returns:
            The face (the one defined before, when the data is the same).

        Raises:
            ValueError: when a field is malformed, or ``code`` or a word is
                another face's.
        """
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            raise ValueError(
                f"a face's code is 1 to 4 upper case letters, digits or '+', not {code!r}"
            )
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"a face's name is an identifier such as 'SKIP_ALL', not {name!r}")
        if type(wild) is not bool:
            raise ValueError(f"wild is True or False, not {wild!r}")
        _check_number(None, None, number)
        if points is None:
            points = number if number is not None else (50 if wild else 20)
        if type(points) is not int or not 0 <= points <= _MOST_POINTS:
            raise ValueError(
                f"a face's points are a whole number from 0 to {_MOST_POINTS}, not {points!r}"
            )
        what = f"the face {code}"
        given = _names(names, what)
        record = cls(code, name, wild, number, points, given, _words(given, words, what), ())
        return _register_face(record)

    @staticmethod
    def from_code(code: str) -> Face:
        """The face whose code is ``code`` (any case): ``Face.from_code("s")``
        is ``Face.SKIP``.

        Raises:
            KeyError: when no face has that code.
            TypeError: when ``code`` is no string.
        """
        if not isinstance(code, str):
            raise TypeError(f"a face's code is a string such as 'S', not {code!r}")
        return _FACES[code.upper()]

    @staticmethod
    def registered() -> tuple[Face, ...]:
        """Every face defined so far: the classic ones first."""
        return tuple(_FACES.values())

    @property
    def value(self) -> str:
        """The code (what the enumeration's value was): ``Face.SKIP.value == "S"``."""
        return self.code

    @property
    def long_name(self) -> str:
        """The English name: ``"7"``, ``"skip"``, ``"wild draw four"``."""
        return self.names["en"]

    def name_in(self, lang: str = "en") -> str:
        """The face's name in ``lang`` (``"en"``, ``"sv"``, ``"nb"``):
        ``Face.WILD.name_in("sv") == "Välj färg"``.

        Raises:
            ValueError: for another language.
        """
        return _name_in(self.names, lang)

    def __reduce__(self) -> tuple[Any, ...]:
        if _CLASSIC_FACES.get(self.name) is self:
            return (getattr, (Face, self.name))
        words = {k: tuple(v) for k, v in self.words.items()}
        return (
            _face,
            (self.code, self.name, dict(self.names), self.is_wild, self.number, self.points, words),
        )

    def __repr__(self) -> str:
        if _CLASSIC_FACES.get(self.name) is self:
            return f"Face.{self.name}"
        return f"Face.from_code({self.code!r})"

    def __str__(self) -> str:
        return self.code


def _face(
    code: str,
    name: str,
    names: Mapping[str, str],
    wild: bool,
    number: int | None,
    points: int,
    words: Mapping[str, tuple[str, ...]],
) -> Face:
    return Face.define(
        code, name, names=names, wild=wild, number=number, points=points, words=words
    )


def _register_face(record: Face, *, check: bool = True) -> Face:
    known = _FACES.get(record.code)
    if known is not None:
        if _same(known, record):
            return known
        raise ValueError(f"the face code {record.code!r} is already {known.long_name}")
    if check:
        what = f"the face {record.code}"
        colours = _colour_words()
        for word in (w for ws in record.words.values() for w in ws):
            taken = [t for t in word.split() if t in colours]
            if taken:
                raise ValueError(
                    f"{what}: the word {word!r} holds the colour {taken[0]!r}: a card's "
                    "colour is written before its face, never in it"
                )
        faces, palette = tuple(_FACES.values()), tuple(_COLORS_BY_CODE.values())
        cards = {key for lang in _LANGS for key in name_table(lang, faces, palette)}
        for word in (w for ws in record.words.values() for w in ws):
            # A word may hold a card's word ("wild reverse" holds "wild") as
            # long as the word cannot be read as cards one after another:
            # the notation reads the longest name first.
            tokens = word.split()
            held = [t for t in tokens if t in cards]
            after = [tokens[i + 1] for i, t in enumerate(tokens[:-1]) if t in cards]
            if (
                held
                and word not in cards
                and (
                    len(held) == len(tokens)
                    or any(
                        t in cards or t in _READ_AFTER_A_CARD or _COUNT.fullmatch(t) for t in after
                    )
                )
            ):
                raise ValueError(
                    f"{what}: the word {word!r} holds the card {held[0]!r}: a move that names "
                    "that card would read differently"
                )
        _check_names(what, (*faces, record), palette)
    _FACES[record.code] = record
    return record


_CLASSIC_NAMES = {
    "0": "ZERO",
    "1": "ONE",
    "2": "TWO",
    "3": "THREE",
    "4": "FOUR",
    "5": "FIVE",
    "6": "SIX",
    "7": "SEVEN",
    "8": "EIGHT",
    "9": "NINE",
    "S": "SKIP",
    "R": "REVERSE",
    "+2": "DRAW_TWO",
    "W": "WILD",
    "W+4": "WILD_DRAW_FOUR",
    "WS": "WILD_SHUFFLE_HANDS",
    "WX": "WILD_SWAP_HANDS",
    "WC": "WILD_CUSTOMIZABLE",
}

for _code, _name in _CLASSIC_NAMES.items():
    _number = int(_code) if _code.isdigit() else None
    _wild = _code.startswith("W")
    _face_record = _register_face(
        check=False,
        record=Face(
            _code,
            _name,
            _wild,
            _number,
            _number if _number is not None else (50 if _wild else 20),
            MappingProxyType({lang: lexicon.FACE_NAMES[_code][lang] for lang in _LANGS}),
            MappingProxyType({lang: tuple(lexicon.FACE_WORDS[_code][lang]) for lang in _LANGS}),
            tuple(c for c in lexicon.FACE_CODES[_code] if c != _code.lower()),
        ),
    )
    setattr(Face, _name, _face_record)
    _CLASSIC_FACES[_name] = _face_record

FACES: tuple[Face, ...] = tuple(_CLASSIC_FACES.values())
"""The classic faces in a fixed order: 0-9, Skip, Reverse, Draw Two, Wild,
Wild Draw Four, Wild Shuffle Hands, Wild Swap Hands, Wild Customizable."""
Face._classic = FACES
