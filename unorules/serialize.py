"""JSON forms of cards, moves, rule sets and states (with cattrs).

Cards are written as their short codes, colours and phases as their names,
moves as objects tagged with ``"type"``, a rule set as its name, its rule IDs,
``strict`` and target score. Everything round-trips:

    >>> import unorules as ur
    >>> from unorules.serialize import dumps, loads
    >>> move = ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)
    >>> dumps(move)
    '{"player": 0, "card": "W+4", "color": "blue", "type": "Play"}'
    >>> loads(dumps(move), ur.Move) == move
    True
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from types import UnionType
from typing import Any, TypeVar, overload

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.strategies import configure_tagged_union

from unorules._mypyc import caused
from unorules.cards import Card, Color, Face
from unorules.engine.checking import _owed_rules
from unorules.errors import RuleSetError, StateError, UnoError
from unorules.events import Event
from unorules.moves import Move
from unorules.rules import presets
from unorules.rules.house import ID_PATTERN, HouseRule, house_rule_map
from unorules.rules.presets import from_rule_ids
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Pending, PendingKind, Phase
from unorules.state_validation import validate_state

__all__ = [
    "FORMAT",
    "MAX_DIGITS",
    "check_state",
    "converter",
    "dumps",
    "event_json",
    "loads",
    "structure",
    "unstructure",
]

MAX_DIGITS = 100
"""The most digits a whole number read from JSON may have (seats, counts,
scores, seeds and targets are all far shorter)."""

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)
"""The cattrs converter with the hooks of this module. A key that is no field
(a misspelling) is an error; a field left out takes its default."""

attrs.resolve_types(GameState, localns={"RuleSet": RuleSet})


def _unstructure_card(card: Card) -> str:
    if not isinstance(card, Card):
        raise UnoError(f"{card!r} is not a card (use Card.parse('R7'))")
    return card.code


converter.register_unstructure_hook(Card, _unstructure_card)


def _structure_card(value: Any, _: object) -> Card:
    if not isinstance(value, str):
        raise TypeError(f"expected a card code such as 'R7', not {value!r}")
    return Card.parse(value)


def _unstructure_color(color: Color) -> str:
    return color.value


def _structure_color(value: Any, _: object) -> Color:
    if not isinstance(value, str):
        raise TypeError(f"expected a colour such as 'red', not {_short(value)}")
    try:
        return Color.from_value(value)
    except KeyError:
        names = ", ".join(repr(c.value) for c in Color.registered())
        raise ValueError(f"{value!r} is not a colour (one of {names})") from None


converter.register_unstructure_hook(Color, _unstructure_color)
converter.register_structure_hook(Color, _structure_color)


def _unstructure_face(face: Face) -> str:
    return face.code


def _structure_face(value: Any, _: object) -> Face:
    """A face by its code: the one defined (``Face.define``), never a copy."""
    if not isinstance(value, str):
        raise TypeError(f"expected a face's code such as 'S', not {_short(value)}")
    try:
        return Face.from_code(value)
    except KeyError:
        codes = ", ".join(repr(f.code) for f in Face.registered())
        raise ValueError(f"{value!r} is not the code of a face (one of {codes})") from None


converter.register_unstructure_hook(Face, _unstructure_face)
converter.register_structure_hook(Face, _structure_face)


def _structure_int(value: Any, _: object) -> int:
    # JSON has no other whole numbers; 1.0, true and "1" are not seats or counts.
    if type(value) is not int:
        raise TypeError(f"expected a whole number, not {_short(value)}")
    if not -_LIMIT < value < _LIMIT:
        raise ValueError(f"the number is too large (more than {MAX_DIGITS} digits)")
    return value


_LIMIT = 10**MAX_DIGITS


def _structure_bool(value: Any, _: object) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, not {value!r}")
    return value


def _structure_str(value: Any, _: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, not {_short(value)}")
    return value


converter.register_structure_hook(str, _structure_str)


def _structure_strings(value: Any, _: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list of strings, not {_short(value)}")
    return tuple(_structure_str(v, str) for v in value)


converter.register_structure_hook_func(lambda t: t == tuple[str, ...], _structure_strings)
converter.register_structure_hook(Card, _structure_card)
converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(bool, _structure_bool)


_HOUSE_RULES: ContextVar[tuple[HouseRule, ...]] = ContextVar("house_rules", default=())
"""The table's own rules a rule set being read may name."""


@contextmanager
def _house_rules(house_rules: Iterable[HouseRule]) -> Iterator[None]:
    try:
        given = tuple(house_rule_map(house_rules).values())
    except RuleSetError as e:
        raise UnoError(str(e)) from None
    token = _HOUSE_RULES.set(given)
    try:
        yield
    finally:
        _HOUSE_RULES.reset(token)


def _unstructure_rules(rules: RuleSet) -> dict[str, Any]:
    try:
        _check_writable(rules)
    except TypeError:  # a policy of the table's own that cannot be hashed
        _check_writable.__wrapped__(rules)
    out: dict[str, Any] = {
        "name": rules.name,
        "rule_ids": list(rules.rule_ids),
        "strict": rules.strict,
        "target": rules.target,
    }
    numbers = rules.numbers
    if numbers:
        out["numbers"] = numbers
    return out


@functools.lru_cache(maxsize=256)
def _check_writable(rules: RuleSet) -> None:
    """Refuse a rule set that its JSON form cannot give back; a rule set found
    writable is not checked again (rule sets are frozen)."""
    rebuilt = from_rule_ids(
        rules.rule_ids,
        name=rules.name,
        strict=rules.strict,
        target=rules.target,
        house_rules=rules.house_rules,
        numbers=rules.numbers,
    )
    if rebuilt != rules:
        own = [
            r.id for r in rules.house_rules if getattr(rebuilt, r.slot) != getattr(rules, r.slot)
        ]
        if own:
            raise UnoError(
                f"rule set {rules.name!r}: the policy of the table's rule {own[0]!r} is not "
                "equal to one its build makes afresh, so the rule set cannot be read back "
                "from JSON; make the policy an attrs class (@attrs.frozen) or give it __eq__"
            )
        raise UnoError(
            f"rule set {rules.name!r} holds a policy that has no rule ID of its own and "
            "cannot be written as JSON"
        )


_RULE_SET_KEYS = ("name", "rule_ids", "strict", "target", "numbers")


def _structure_rules(value: Any, _: object) -> RuleSet:
    if not isinstance(value, dict) or not isinstance(value.get("rule_ids"), list):
        raise UnoError(f"a rule set must be an object with a 'rule_ids' list, not {_short(value)}")
    extra = [k for k in value if k not in _RULE_SET_KEYS]
    if extra:
        raise UnoError(
            f"a rule set has no key {extra[0]!r}: its keys are {', '.join(_RULE_SET_KEYS)}"
        )
    strict = value.get("strict", False)
    target = value.get("target")
    if type(strict) is not bool:
        raise UnoError(f"a rule set's 'strict' must be true or false, not {_short(strict)}")
    if target is not None and type(target) is not int:
        raise UnoError(
            f"a rule set's 'target' must be a whole number or null, not {_short(target)}"
        )
    if not all(isinstance(rid, str) for rid in value["rule_ids"]):
        raise UnoError("a rule set's 'rule_ids' must all be strings")
    name = value.get("name", "custom")
    if not isinstance(name, str):
        raise UnoError(f"a rule set's 'name' must be a string, not {_short(name)}")
    numbers = value.get("numbers", {})
    if not isinstance(numbers, dict) or not all(
        isinstance(k, str) and type(v) is int for k, v in numbers.items()
    ):
        raise UnoError(
            "a rule set's 'numbers' must be an object of rule IDs and whole numbers, "
            f"not {_short(numbers)}"
        )
    given = tuple(value["rule_ids"])
    numbered = tuple(sorted(numbers.items()))
    house = _HOUSE_RULES.get()
    if not house:
        return _cached_rules(given, name, strict, target, numbered)
    return _read_rules(given, name, strict, target, house, numbered)


@functools.lru_cache(maxsize=256)
def _cached_rules(
    given: tuple[str, ...],
    name: str,
    strict: bool,
    target: int | None,
    numbers: tuple[tuple[str, int], ...] = (),
) -> RuleSet:
    """The rule set of a JSON text without the table's own rules, built once:
    the same text gives the same (frozen, shared) object. An error is not
    kept, so a bad text is refused each time it is read."""
    return _read_rules(given, name, strict, target, (), numbers)


def _read_rules(
    given: tuple[str, ...],
    name: str,
    strict: bool,
    target: int | None,
    house: tuple[HouseRule, ...],
    numbers: tuple[tuple[str, int], ...] = (),
) -> RuleSet:
    known = {r.id for r in house}
    missing_house = [rid for rid in given if ID_PATTERN.fullmatch(rid) and rid not in known]
    if missing_house:
        raise RuleSetError(
            f"the rule set holds the table's own rule {missing_house[0]!r}, whose definition "
            "JSON cannot hold: pass it when reading, e.g. loads(text, GameState, "
            "house_rules=[RULE]) (or RuleSet) with RULE the unorules.HouseRule of that ID",
            (missing_house[0],),
        )
    rules = from_rule_ids(
        given, name=name, strict=strict, target=target, house_rules=house, numbers=dict(numbers)
    )
    presets._refuse_contradictions(rules)
    missing = [rid for rid in rules.rule_ids if rid not in given]
    if missing:
        raise UnoError(
            f"a rule set's 'rule_ids' must list every rule in force; it lacks {', '.join(missing)}"
        )
    try:
        named = presets.get(name, house_rules=house)
    except RuleSetError:
        return rules  # a name of the table's own
    if (
        set(named.rule_ids) != set(rules.rule_ids)
        or named.strict != rules.strict
        or named.numbers != rules.numbers
    ):
        differ = sorted(set(named.rule_ids) ^ set(rules.rule_ids)) or [
            f"{k}={v}" for k, v in sorted(set(named.numbers.items()) ^ set(rules.numbers.items()))
        ]
        raise UnoError(
            f"the rule set is named {name!r}, a preset whose rules differ from its "
            f"'rule_ids' ({', '.join(differ) or 'strict'}); name it otherwise or fix the IDs"
        )
    return rules


converter.register_unstructure_hook(RuleSet, _unstructure_rules)
converter.register_structure_hook(RuleSet, _structure_rules)
for _cls in Move.__args__:
    converter.register_unstructure_hook(
        _cls, make_dict_unstructure_fn(_cls, converter, _cattrs_omit_if_default=True)
    )
configure_tagged_union(Move, converter, tag_name="type")


FORMAT = 2
"""The version of the JSON form of a state, written as its ``"format"``
field. Version 1 (no ``"format"`` field) wrote the cards the current seat
owes as ``"owed"``; :func:`loads` still reads it."""

_unstructure_state_fields = make_dict_unstructure_fn(GameState, converter)
_structure_state_fields = make_dict_structure_fn(
    GameState, converter, _cattrs_forbid_extra_keys=True
)


def _unstructure_state(state: GameState) -> dict[str, Any]:
    data = {"format": FORMAT, **_unstructure_state_fields(state)}
    if not data["uno_caught"]:
        # Written only when a catch has settled a call (uno.penalty), so that
        # the JSON of every other state stays as it was; read as empty.
        del data["uno_caught"]
    if not data["knocked_out"]:
        # Written only when a hand limit put a seat out; read as empty.
        del data["knocked_out"]
    if state.rule_state:
        # An object of rule ID -> value (tuples as arrays); written only when
        # a rule keeps something, read as empty.
        data["rule_state"] = {rid: _plain(value) for rid, value in state.rule_state}
    else:
        del data["rule_state"]
    return data


def _plain(value: Any) -> Any:
    """A rule's value as JSON-ready data: tuples as lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _kept(value: Any, where: str, depth: int = 0) -> Any:
    """A rule's value read from JSON: arrays as tuples; ``None``, a bool, a
    whole number, a string or an array of such values.

    Raises:
        UnoError: naming the path of a value of another kind.
    """
    if isinstance(value, list) and depth < 8:
        return tuple(_kept(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
    if (
        value is None
        or isinstance(value, (bool, str))
        or (type(value) is int and len(str(abs(value))) <= MAX_DIGITS)
    ):
        return value
    raise UnoError(
        f"cannot read GameState: at {where}: {_short(value)} is no value a rule keeps "
        "(null, true or false, a whole number, a string, or an array of these)"
    )


def _rule_state_of(data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The ``rule_state`` object of a state's JSON as sorted pairs."""
    raw = data.pop("rule_state", {})
    if not isinstance(raw, dict):
        raise UnoError(
            f"cannot read GameState: at $.rule_state: expected an object, not {_short(raw)}"
        )
    return tuple(sorted((str(k), _kept(v, f"$.rule_state.{k}")) for k, v in raw.items()))


def _structure_state(value: Any, _: object) -> GameState:
    if not isinstance(value, dict):
        raise UnoError(f"cannot read GameState: expected a JSON object, not {_short(value)}")
    data = dict(value)
    version = data.pop("format", 1)
    if type(version) is not int or version not in (1, FORMAT):
        raise UnoError(
            f"cannot read GameState: at $.format: {_short(version)} is not a format this "
            f"library reads (1 or {FORMAT})"
        )
    if version == FORMAT:
        kept = _rule_state_of(data)
        state = _structure_state_fields(data, GameState)
        return attrs.evolve(state, rule_state=kept) if kept else state
    if "pending" in data:
        raise UnoError(
            'cannot read GameState: at $.pending: format 1 (no "format" field) has no '
            f"pending field; a state with one is of format {FORMAT}"
        )
    owed = _structure_int(data.pop("owed", 0), int)
    state = _structure_state_fields(data, GameState)
    return attrs.evolve(state, pending=_pending_of_format_1(state, owed))


def _pending_of_format_1(state: GameState, owed: int) -> Pending | None:
    """What a state of format 1 left pending: the cards owed in the ``OWE``
    phase, the colour to name in the ``CHOOSE_COLOR`` phase."""
    if owed < 0:
        raise StateError("owed", f"{owed} is below 0")
    if not state.discard_pile:
        return None  # validate_state refuses the state
    if state.phase is Phase.OWE:
        rids = _owed_rules(state.rules, state.discard_pile, owed, state.color)
        return Pending(PendingKind.DRAW, state.current, owed, state.top, rids)
    if owed:
        raise StateError("owed", f"{owed} cards owed in the phase {state.phase.value!r}")
    if state.phase is Phase.CHOOSE_COLOR:
        rid = state.rules.start_card.outcome(state.top).rule_id
        return Pending(PendingKind.COLOR, state.current, 0, state.top, (rid,))
    return None


converter.register_unstructure_hook(GameState, _unstructure_state)
converter.register_structure_hook(GameState, _structure_state)


def event_json(event: Event) -> dict[str, Any]:
    """``event`` (:mod:`unorules.events`) as JSON-ready data: ``kind`` (the
    class name) and its fields, cards as their codes, colours and causes as
    their names."""
    return {"kind": type(event).__name__, **converter.unstructure(event)}


def unstructure(obj: object) -> Any:
    """``obj`` (a card, move, rule set or state) as plain JSON-ready data."""
    if isinstance(obj, tuple(Move.__args__)):
        return converter.unstructure(obj, Move)
    return converter.unstructure(obj)


def _at(line: str) -> str:
    """``"why @ $.hands[0][0]"`` (cattrs) as ``"at $.hands[0][0]: why"``."""
    why, sep, path = line.rpartition(" @ ")
    return f"at {path}: {why}" if sep else line


_LISTS = (
    "hands",
    "draw_pile",
    "discard_pile",
    "scores",
    "out_of_play",
    "uncalled",
    "finished",
    "uno_caught",
    "knocked_out",
)
"""The fields of a state written as JSON arrays."""


def _check_lists(data: Any) -> None:
    """A state's list fields must be lists (cattrs would read a string or an
    object as a sequence of its characters or keys)."""
    if not isinstance(data, dict):
        raise UnoError(f"cannot read GameState: expected a JSON object, not {_short(data)}")
    for name in _LISTS:
        value = data.get(name, [])
        if not isinstance(value, list):
            raise UnoError(
                f"cannot read GameState: at $.{name}: expected a list, not {_short(value)}"
            )
    for i, hand in enumerate(data.get("hands", [])):
        if not isinstance(hand, list):
            raise UnoError(
                f"cannot read GameState: at $.hands[{i}]: expected a list of cards, "
                f"not {_short(hand)}"
            )


@overload
def structure(data: Any, cls: type[T], *, house_rules: Iterable[HouseRule] = ()) -> T: ...


@overload
def structure(data: Any, cls: UnionType, *, house_rules: Iterable[HouseRule] = ()) -> Move: ...


def structure(data: Any, cls: Any, *, house_rules: Iterable[HouseRule] = ()) -> Any:
    """Plain data back into ``cls`` (``Card``, ``Move``, ``RuleSet``, ``GameState``).

    ``cls`` is a class, or the union ``unorules.Move`` (any move, by its
    ``"type"`` tag); the result has that type. A kind of move (``Play``)
    reads the same tagged data and must find that kind. A rule set (alone or in a
    state) that holds a table's own rule is written with the rule's ID only:
    give its definition in ``house_rules``
    (:class:`~unorules.rules.house.HouseRule` records) to read it back.

    Raises:
        UnoError: when ``data`` does not describe a ``cls`` (naming the JSON
            path, e.g. ``$.hands[0][0]``, where it can), holds a whole number
            of more than :data:`MAX_DIGITS` digits, or nests too deeply;
            a :class:`~unorules.errors.StateError` for a state that cannot
            exist (:func:`unorules.validate_state`); a rule set naming a
            table's own rule that ``house_rules`` does not define (the
            message names the ID and says how to pass it).
    """
    if isinstance(cls, UnionType) and cls != Move:
        raise UnoError(f"cannot read {cls}: the only union read is unorules.Move")
    try:
        with _house_rules(house_rules):
            if cls in Move.__args__:
                # One kind of move: read by its tag, then held to that kind.
                move = _structure(data, Move)
                if not isinstance(move, cls):
                    raise UnoError(f"cannot read {_name(cls)}: the data is a {type(move).__name__}")
                return move
            return _structure(data, cls)
    except RecursionError:
        raise UnoError(f"cannot read {_name(cls)}: the data nests too deeply") from None


def _structure(data: Any, cls: Any) -> Any:
    if cls is GameState:
        _check_lists(data)
    try:
        obj = converter.structure(data, cls)
    except UnoError:
        raise
    except cattrs.BaseValidationError as e:
        where = "; ".join(_at(line) for line in cattrs.transform_error(e, format_exception=_why))
        raise caused(UnoError(f"cannot read {_name(cls)}: {where}"), e) from e
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        error = UnoError(f"cannot read {_name(cls)} from {_short(data)}: {e}")
        raise caused(error, e) from e
    if isinstance(obj, GameState):
        validate_state(obj)
    return obj


def _short(data: Any) -> str:
    try:
        text = repr(data)
    except RecursionError:
        return "data nested too deeply"
    except ValueError:  # an int too long to convert to text
        return "data holding a number too large to show"
    return text if len(text) <= 80 else text[:77] + "..."


def check_state(state: GameState) -> GameState:
    """``state`` if it is a position that can exist, else an error: the
    checks of :func:`unorules.validate_state`.

    Raises:
        StateError: naming the field that breaks an invariant.
    """
    validate_state(state)
    return state


def _name(cls: object) -> str:
    return "a move" if cls is Move else getattr(cls, "__name__", str(cls))


def _why(exc: BaseException, _type: object) -> str:
    if isinstance(exc, KeyError):
        return f"missing field {exc}"
    return str(exc).splitlines()[0]


def dumps(obj: object) -> str:
    """``obj`` as a JSON string. A rule set's table's own rules
    (:class:`~unorules.rules.house.HouseRule`) are written by their IDs.

    Raises:
        UnoError: ``obj`` is not a card, move, rule set or state, or a rule
            set holds a policy that cannot be rebuilt from its IDs.
    """
    return json.dumps(unstructure(obj))


@overload
def loads(text: str, cls: type[T], *, house_rules: Iterable[HouseRule] = ()) -> T: ...


@overload
def loads(text: str, cls: UnionType, *, house_rules: Iterable[HouseRule] = ()) -> Move: ...


def loads(text: object, cls: Any, *, house_rules: Iterable[HouseRule] = ()) -> Any:
    """A JSON string back into ``cls``: ``loads(text, GameState)`` is a
    ``GameState``, ``loads(text, unorules.Move)`` a ``Move``. A rule set
    holding a table's own rule needs its definition again:
    ``loads(text, RuleSet, house_rules=[RULE])``.

    Raises:
        UnoError: when the text is not JSON (also arrays nested too deeply),
            holds a whole number of more than :data:`MAX_DIGITS` digits (naming
            its JSON path), or does not describe a ``cls``; see
            :func:`structure`.
    """
    if not isinstance(text, str | bytes | bytearray):
        raise UnoError(f"JSON text is needed, not {_short(text)}")
    huge: list[_TooLarge] = []

    def parse_int(digits: str) -> int | _TooLarge:
        if len(digits) - digits.startswith("-") > MAX_DIGITS:
            huge.append(_TooLarge(len(digits) - digits.startswith("-")))
            return huge[-1]
        return int(digits)

    try:
        data = json.loads(text, parse_int=parse_int)
    except json.JSONDecodeError as e:
        raise caused(UnoError(f"not JSON: {e}"), e) from e
    except RecursionError:
        raise UnoError("not readable JSON: arrays or objects nested too deeply") from None
    except ValueError as e:
        raise UnoError(f"not readable JSON: {e}") from None
    if huge:
        raise UnoError(
            f"cannot read {_name(cls)}: at {_path_to(data, huge[0])}: the number is too large "
            f"({huge[0].digits} digits; at most {MAX_DIGITS})"
        )
    return structure(data, cls, house_rules=house_rules)


@attrs.frozen(slots=True, eq=False)
class _TooLarge:
    """A whole number in JSON text with more than :data:`MAX_DIGITS` digits."""

    digits: int


def _path_to(data: Any, target: object) -> str:
    """The JSON path (``$.hands[0][1]``) of the object ``target`` inside ``data``."""
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if isinstance(node, dict):
            items = [
                (v, f"{path}.{k}" if k.isidentifier() else f"{path}[{json.dumps(k)}]")
                for k, v in node.items()
            ]
        elif isinstance(node, list):
            items = [(v, f"{path}[{i}]") for i, v in enumerate(node)]
        else:
            continue
        stack.extend(reversed(items))
    return "$"
