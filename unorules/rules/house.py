"""A table's own rule, written outside the package.

A :class:`HouseRule` names a rule a table invented (its ID, title and text in
the table's own words), the slot of :class:`~unorules.rules.ruleset.RuleSet`
it fills, and how to build its policy from the rule set built so far, so
that the policy may wrap what the slot holds. Given to
:func:`unorules.rules.presets.get` (``house_rules=[...]``), its ID composes
with the catalogue's IDs; :func:`unorules.explain` cites it with its text,
:mod:`unorules.serialize` writes its ID and reads it back when given the
definition again, and :func:`unorules.play.simulate.simulate` plays under it.

The ID of a table's own rule starts with ``table.``, followed by one or more
dot-separated words of lower-case letters and digits joined by single
hyphens (``table.draw-two-on-wd4``, ``table.stack.on-colour``): no ID of the
catalogue starts so, so the two can never collide.

    >>> HouseRule(id="house.mine", title="Mine", text="Ours.", slot="stacking", build=print)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    unorules.errors.RuleSetError: house rule field 'id': 'house.mine' is not a table's rule ID; ...
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from unorules._mypyc import caused, untyped
from unorules.errors import RuleSetError, msg

if TYPE_CHECKING:
    from unorules.rules.ruleset import RuleSet

__all__ = ["ID_PATTERN", "HouseRule", "load_house_rule", "rule_text"]

ID_PATTERN = re.compile(r"table(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
"""The form of a table's own rule ID: ``table.`` and dot-separated words of
lower-case letters and digits joined by single hyphens."""


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def _check_text(rule_id: object, field: str, value: object) -> None:
    """A house rule's title or text: a non-empty string of printable
    characters (a text may hold line breaks)."""
    if not isinstance(value, str) or not value.strip():
        raise RuleSetError(
            msg(
                "house rule {rule} field {field}: a non-empty string is needed, not {value}",
                rule=repr(rule_id),
                field=repr(field),
                value=_short(value),
            )
        )
    allowed = "\n" if field.endswith("text") else ""
    odd = sorted({c for c in value if not c.isprintable() and c not in allowed})
    if odd:
        shown = ", ".join(repr(c) for c in odd)
        if not field.endswith("text"):
            raise RuleSetError(
                msg(
                    "house rule {rule} field {field}: control characters ({shown}) are "
                    "not allowed; the title is one line",
                    rule=repr(rule_id),
                    field=repr(field),
                    shown=shown,
                )
            )
        raise RuleSetError(
            msg(
                "house rule {rule} field {field}: control characters ({shown}) are not allowed",
                rule=repr(rule_id),
                field=repr(field),
                shown=shown,
            )
        )


def _texts(value: Any) -> Any:
    """``texts`` as given (``{"sv": (title, text), "nb": (...)}``) -> sorted
    ``(lang, title, text)`` triples; what is not such a mapping is left for
    the check to refuse, naming it."""
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        return value
    out = []
    for lang, pair in value.items():
        if lang not in ("sv", "nb") or not isinstance(pair, tuple) or len(pair) != 2:
            return value
        out.append((lang, *pair))
    return tuple(sorted(out))


@attrs.frozen(slots=True, kw_only=True)
class HouseRule:
    """A rule a table invented, as a policy for one slot of a rule set.

    Attributes:
        id: the rule's ID, ``table.`` followed by dot-separated lower-case
            words (:data:`ID_PATTERN`), e.g. ``"table.draw-two-on-wd4"``.
        title: a short name, e.g. ``"Draw Two on a Wild Draw Four"``.
        text: the rule in the table's own words, one or more sentences;
            :func:`unorules.explain` prints it when it cites the rule.
        texts: the title and text in Swedish and Norwegian, given as
            ``{"sv": (title, text), "nb": (title, text)}`` (either may be
            left out: English is shown instead); kept as sorted
            ``(lang, title, text)`` triples (:meth:`in_language`).
        slot: the slot of :class:`~unorules.rules.ruleset.RuleSet` the rule
            fills, e.g. ``"stacking"`` (see :data:`~unorules.rules.slots.SLOTS`).
        build: called with the rule set built so far (every catalogue ID and
            the preset already in), it returns the policy for ``slot``; the
            policy may wrap what the slot holds (``rules.stacking``). Its
            ``rule_ids`` must list ``id``, and the IDs of a wrapped policy
            too. A function or class defined in an importable module lets the
            rule travel to the worker processes of
            :func:`unorules.play.simulate.simulate`.

    Raises:
        RuleSetError: at construction, naming the field: an ``id`` not of the
            form above (or one of the catalogue's), an empty ``title`` or
            ``text``, a ``slot`` that is not a slot of ``RuleSet``, a
            ``build`` that is not callable.
    """

    id: str
    title: str
    text: str
    slot: str
    build: Callable[[RuleSet], Any] = attrs.field(repr=False)
    texts: tuple[tuple[str, str, str], ...] = attrs.field(
        default=untyped(()), converter=_texts, repr=False
    )

    def __attrs_post_init__(self) -> None:
        # Read untyped: compiled with mypyc, a typed read of a field that holds
        # the wrong type raises TypeError before the message below.
        given: Any = self
        from unorules.rules.catalogue import CATALOGUE
        from unorules.rules.slots import SLOTS

        if not isinstance(given.id, str) or not ID_PATTERN.fullmatch(given.id):
            raise RuleSetError(
                msg(
                    "house rule field 'id': {value} is not a table's rule ID; write 'table.' and "
                    "lower-case words of letters and digits joined by '-' or '.', e.g. "
                    "'table.draw-two-on-wd4'",
                    value=_short(given.id),
                )
            )
        if given.id in CATALOGUE:  # pragma: no cover - no catalogue ID starts with 'table.'
            raise RuleSetError(
                msg("house rule field 'id': {rule} is a rule of the catalogue", rule=repr(given.id))
            )
        for name in ("title", "text"):
            _check_text(given.id, name, getattr(self, name))
        if not isinstance(given.texts, tuple) or not all(
            isinstance(t, tuple) and len(t) == 3 and t[0] in ("sv", "nb") for t in given.texts
        ):
            raise RuleSetError(
                msg(
                    "house rule {rule} field 'texts': a mapping of 'sv' and 'nb' to "
                    "(title, text) is needed, not {value}",
                    rule=repr(given.id),
                    value=_short(given.texts),
                )
            )
        for lang, title, text in given.texts:
            _check_text(given.id, f"texts[{lang!r}] title", title)
            _check_text(given.id, f"texts[{lang!r}] text", text)
        if not isinstance(given.slot, str) or given.slot not in SLOTS:
            raise RuleSetError(
                msg(
                    "house rule {rule} field 'slot': {value} is not a slot of RuleSet; slots are "
                    "{slots}",
                    rule=repr(given.id),
                    value=_short(given.slot),
                    slots=", ".join(SLOTS),
                )
            )
        if not callable(given.build):
            raise RuleSetError(
                msg(
                    "house rule {rule} field 'build': a function of the rule set built so far "
                    "returning the policy is needed, not {value}",
                    rule=repr(given.id),
                    value=_short(given.build),
                )
            )

    def in_language(self, lang: str) -> tuple[str, str]:
        """The rule's title and text in ``lang``: its own words in that
        language where :attr:`texts` gives them, else the English ones."""
        for code, title, text in self.texts:
            if code == lang:
                return title, text
        return self.title, self.text

    def policy(self, rules: RuleSet) -> Any:
        """The rule's policy for ``rules`` (the rule set built so far).

        Raises:
            RuleSetError: ``build`` raised (its error is the ``__cause__``), or
                the policy it returns does not list :attr:`id` in its
                ``rule_ids``.
        """
        try:
            made = self.build(rules)
        except RuleSetError:
            raise
        except Exception as e:
            error = RuleSetError(
                msg(
                    "house rule {rule}: its build failed: {kind}: {error}",
                    rule=repr(self.id),
                    kind=type(e).__name__,
                    error=e,
                ),
                (self.id,),
            )
            raise caused(error, e) from e
        ids = getattr(made, "rule_ids", None)
        if not (isinstance(ids, tuple) and self.id in ids):
            raise RuleSetError(
                msg(
                    "house rule {rule}: the policy its build returns ({made}) must list {rule} "
                    "in its rule_ids, not {ids}",
                    rule=repr(self.id),
                    made=_short(made),
                    ids=_short(ids),
                ),
                (self.id,),
            )
        return made


def house_rule_map(house_rules: Iterable[object]) -> dict[str, HouseRule]:
    """``house_rules`` by ID.

    Raises:
        RuleSetError: ``house_rules`` is a string or holds something that is no
            :class:`HouseRule`, or two different rules share an ID.
    """
    # Checked as an object: compiled with mypyc, house_rules narrowed by the
    # checks below would be cast to the narrowed type (TypeError for a HouseRule).
    given: object = house_rules
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise RuleSetError(
            msg(
                "house_rules takes a list of HouseRule records, not {value}",
                value=_short(given),
            )
        )
    found: dict[str, HouseRule] = {}
    for rule in given:
        if not isinstance(rule, HouseRule):
            raise RuleSetError(
                msg(
                    "house_rules takes HouseRule records (unorules.HouseRule), not {value}",
                    value=_short(rule),
                )
            )
        if found.get(rule.id, rule) != rule:
            raise RuleSetError(
                msg("two different house rules have the ID {rule}", rule=repr(rule.id)),
                (rule.id,),
            )
        found[rule.id] = rule
    return found


def rule_text(rule_id: str, house_rules: Iterable[HouseRule] = ()) -> tuple[str, str] | None:
    """``(title, text)`` of a catalogue rule or of one of ``house_rules``, or
    ``None`` for an ID that is neither."""
    from unorules.rules.catalogue import CATALOGUE

    info = CATALOGUE.get(rule_id)
    if info is not None:
        return info.title, info.text
    for rule in house_rules:
        if rule.id == rule_id:
            return rule.title, rule.text
    return None


HOW_TO_PASS = msg(
    "For a table's own rule (an ID starting 'table.'), give its definition too: "
    "house_rules=[RULE] (a unorules.HouseRule) in Python, --house-rule MODULE:NAME "
    "on the command line"
)
"""How to give the definition of a table's own rule, for error messages."""


def load_house_rule(spec: str) -> HouseRule:
    """Import ``module:NAME`` (e.g. ``"table_rules:DRAW_TWO_ON_WD4"``), a
    :class:`HouseRule` defined in a module. The current directory is put on
    the module path, as ``python -m`` would.

    Raises:
        RuleSetError: ``spec`` is not ``module:NAME``, the module does not
            import, it has no such name, or the value is no ``HouseRule``.
    """
    module_name, sep, attr = spec.strip().partition(":")
    module_name, attr = module_name.strip(), attr.strip()
    if not sep or not module_name or not attr:
        raise RuleSetError(
            msg(
                "house rule {spec}: expected module:NAME, e.g. table_rules:DRAW_TWO_ON_WD4",
                spec=repr(spec),
            )
        )
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name is None or not (module_name + ".").startswith(e.name + "."):
            raise _import_error(spec, module_name, e) from None
        raise RuleSetError(
            msg(
                "house rule {spec}: there is no module {module} in the folder unorules "
                "runs in or among the installed packages",
                spec=repr(spec),
                module=repr(e.name),
            )
        ) from None
    except Exception as e:  # the module's own errors too: report them, do not crash
        raise _import_error(spec, module_name, e) from None
    target: object = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise RuleSetError(
                msg(
                    "house rule {spec}: module {module} has no {name}",
                    spec=repr(spec),
                    module=repr(module_name),
                    name=repr(attr),
                )
            )
        target = getattr(target, part)
    if not isinstance(target, HouseRule):
        raise RuleSetError(
            msg(
                "house rule {spec}: {name} is not a HouseRule (unorules.HouseRule) but {value}",
                spec=repr(spec),
                name=attr,
                value=_short(target),
            )
        )
    return target


def _import_error(spec: str, module_name: str, error: Exception) -> RuleSetError:
    """The error for a house rule's module that raised while it was imported:
    the module's own exception, named with its type."""
    return RuleSetError(
        msg(
            "house rule {spec}: cannot import module {module}: {kind}: {error}",
            spec=repr(spec),
            module=repr(module_name),
            kind=type(error).__name__,
            error=error,
        )
    )
