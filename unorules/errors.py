"""The exceptions of unorules.

Every error is a :class:`ValueError` subclass with a message that says what was
wrong and where, so callers can catch ``ValueError`` or the precise class.
"""

from __future__ import annotations

__all__ = [
    "IllegalMove",
    "NotationError",
    "PolicyError",
    "RuleSetError",
    "SituationError",
    "StateError",
    "UnoError",
]


class UnoError(ValueError):
    """Base class of every error raised by unorules."""


class NotationError(UnoError):
    """Text that does not parse: a card code, a situation line or a move.

    Attributes:
        text: the whole text that was being parsed.
        position: 0-based offset of the offending character in ``text``.
        expected: what the parser expected at ``position``.

    The message names the 1-based column, what was found and what was expected.
    """

    def __init__(self, text: str, position: int, expected: str, found: str | None = None) -> None:
        self.text = text
        self.position = position
        self.expected = expected
        if found is None:
            rest = text[position:].split()
            found = repr(rest[0]) if rest else "end of input"
        self.found = found
        super().__init__(
            f"column {position + 1}: expected {expected}, found {found}"
            + (f"\n  {text}\n  {' ' * position}^" if text else "")
        )


class RuleSetError(UnoError):
    """A rule set that cannot be built: an unknown preset or rule ID, a rule
    that is catalogued but not yet available, or an invalid option.

    Attributes:
        rule_ids: the IDs involved (may be empty).
    """

    def __init__(self, message: str, rule_ids: tuple[str, ...] = ()) -> None:
        self.rule_ids = rule_ids
        super().__init__(message)


class SituationError(UnoError):
    """A position that cannot exist: a player count outside the deck's range,
    more copies of a card than the deck holds, a seat number out of range, a
    wild top card without a named colour, and the like."""


class StateError(SituationError):
    """A :class:`~unorules.state.GameState` that cannot exist (see
    :func:`unorules.validate_state`).

    Attributes:
        field: the state field at fault (``"hands"``, ``"wd4.player"``, ...).

    The message starts with the field: ``"uno_missed: seat 1 holds 7 cards ..."``.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        super().__init__(f"{field}: {message}")


class PolicyError(UnoError):
    """A policy of the table's own (a :class:`~unorules.rules.house.HouseRule`
    or a policy object put into a slot) failed while the engine asked it a
    question: it raised, or its answers left a state that cannot exist. The
    message names the policies of the rule set that are not the library's."""


class IllegalMove(UnoError):
    """A move that the rules do not allow in this state.

    Attributes:
        move: the move that was refused.
        rule_ids: the rule IDs (:mod:`unorules.rules.catalogue`) of the rules it breaks.

    The message names the move, the situation and the rule.
    """

    def __init__(self, message: str, move: object = None, rule_ids: tuple[str, ...] = ()) -> None:
        self.move = move
        self.rule_ids = rule_ids
        super().__init__(message)
