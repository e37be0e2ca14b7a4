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

>>> skip_all = Face.define(
...     "SA", "SKIP_ALL", points=20,
...     names={"en": "skip all", "sv": "Hoppa över alla", "nb": "Alle står over"},
... )
>>> skip_all.code, skip_all.is_wild, skip_all.number, skip_all.points
('SA', False, None, 20)
>>> Face.from_code("sa") is skip_all, Face.from_code("S") is Face.SKIP
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
_CODE = re.compile(r"^[A-Z0-9+]{1,4}$")


def _words(
    names: Mapping[str, str], words: Mapping[str, tuple[str, ...]] | None
) -> Mapping[str, tuple[str, ...]]:
    """Language -> the words read: the name first, then the others, lower case."""
    out: dict[str, tuple[str, ...]] = {}
    for lang in _LANGS:
        given = tuple((words or {}).get(lang, ()))
        name = names[lang].lower()
        out[lang] = tuple(dict.fromkeys((name, *(w.lower() for w in given))))
    return MappingProxyType(out)


def _names(names: Mapping[str, str], what: str) -> Mapping[str, str]:
    if not isinstance(names, Mapping) or not isinstance(names.get("en"), str):
        raise ValueError(f"{what} needs names={{'en': ..., 'sv': ..., 'nb': ...}}, got {names!r}")
    english = names["en"]
    out = {lang: names.get(lang, english) for lang in _LANGS}
    for lang, name in out.items():
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{what}: the {lang} name must be a non-empty string, not {name!r}")
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
        given = _names(names, what)
        record = cls(
            given["en"].lower(),
            name,
            code,
            given,
            _words(given, words),
            MappingProxyType({lang: (code,) for lang in _LANGS}),
        )
        return _register_color(record)

    @staticmethod
    def from_code(code: str) -> Color:
        """The colour whose English code is ``code`` (any case).

        Raises:
            KeyError: when no colour has that code.
        """
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


def _register_color(record: Color) -> Color:
    known = _COLORS_BY_CODE.get(record.code)
    if known is not None:
        if _same(known, record):
            return known
        raise ValueError(f"the colour code {record.code!r} is already {known.value}")
    if record.value in _COLORS_BY_VALUE:
        raise ValueError(f"the colour {record.value!r} is already defined")
    if _FACES:
        before = tuple(_COLORS_BY_CODE.values())
        coloured = [face for face in _FACES.values() if not face.is_wild]
        taken = {key for face in _FACES.values() for key in _card_keys(face, before)}
        fresh = {key for face in coloured for key in _card_keys(face, (record,))}
        clash = sorted(fresh & taken)
        if clash:
            raise ValueError(f"the colour {record.code}: {clash[0]!r} would name two cards")
    _COLORS_BY_CODE[record.code] = record
    _COLORS_BY_VALUE[record.value] = record
    return record


for _value, _code in (("red", "R"), ("yellow", "Y"), ("green", "G"), ("blue", "B")):
    _data = lexicon.COLOUR_WORDS[_value]
    _colour = _register_color(
        Color(
            _value,
            _value.upper(),
            _code,
            MappingProxyType({lang: _data[lang][0] for lang in _LANGS}),
            MappingProxyType({lang: tuple(_data[lang]) for lang in _LANGS}),
            MappingProxyType({lang: tuple(lexicon.COLOUR_CODES[_value][lang]) for lang in _LANGS}),
        )
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
        if not isinstance(code, str) or not _CODE.match(code):
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
        if type(points) is not int or points < 0:
            raise ValueError(f"a face's points are a whole number 0 or more, not {points!r}")
        given = _names(names, f"the face {code}")
        record = cls(code, name, wild, number, points, given, _words(given, words), ())
        return _register_face(record)

    @staticmethod
    def from_code(code: str) -> Face:
        """The face whose code is ``code`` (any case): ``Face.from_code("s")``
        is ``Face.SKIP``.

        Raises:
            KeyError: when no face has that code.
        """
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


def _register_face(record: Face) -> Face:
    known = _FACES.get(record.code)
    if known is not None:
        if _same(known, record):
            return known
        raise ValueError(f"the face code {record.code!r} is already {known.long_name}")
    colours = tuple(_COLORS_BY_CODE.values())
    taken = {key for face in _FACES.values() for key in _card_keys(face, colours)}
    clash = sorted(_card_keys(record, colours) & taken)
    if clash:
        raise ValueError(f"the face {record.code}: {clash[0]!r} already names another card")
    _FACES[record.code] = record
    return record


def _card_keys(face: Face, colours: tuple[Color, ...]) -> set[str]:
    """Every text that names a card of ``face`` (lower case), as the notation
    reads them: a wild face's words alone, a coloured face's after each
    colour's codes and words."""
    words = {w for ws in face.words.values() for w in ws} | {face.code.lower(), *face.codes}
    if face.is_wild:
        return words
    keys: set[str] = set()
    for color in colours:
        for code in {c.lower() for cs in color.codes.values() for c in cs}:
            keys |= {f"{code}{w}" for w in words} | {f"{code} {w}" for w in words}
        for colour in {w for ws in color.words.values() for w in ws}:
            keys |= {f"{colour} {w}" for w in words}
    return keys


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
        Face(
            _code,
            _name,
            _wild,
            _number,
            _number if _number is not None else (50 if _wild else 20),
            MappingProxyType({lang: lexicon.FACE_NAMES[_code][lang] for lang in _LANGS}),
            MappingProxyType({lang: tuple(lexicon.FACE_WORDS[_code][lang]) for lang in _LANGS}),
            tuple(c for c in lexicon.FACE_CODES[_code] if c != _code.lower()),
        )
    )
    setattr(Face, _name, _face_record)
    _CLASSIC_FACES[_name] = _face_record

FACES: tuple[Face, ...] = tuple(_CLASSIC_FACES.values())
"""The classic faces in a fixed order: 0-9, Skip, Reverse, Draw Two, Wild,
Wild Draw Four, Wild Shuffle Hands, Wild Swap Hands, Wild Customizable."""
Face._classic = FACES
