"""What every policy has, and the records policies answer with."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import attrs

from unorules.cards import Card, Color

__all__ = ["Fit", "Fits", "Misplay", "Penalty", "Policy", "Refusal", "matches"]


# The protocols of the other policy modules extend Policy and are marked
# @mypyc_attr(native_class=False) (unorules._mypyc): compiled with mypyc, a
# protocol would otherwise be a native trait, and a class of the user's own
# that subclasses one would fail ("interpreted classes cannot inherit from
# compiled traits"). Compiled, they are plain classes, not Protocols; this
# module stays interpreted so that Policy remains runtime_checkable
# (pyproject.toml says why).
@runtime_checkable
class Policy(Protocol):
    """What every policy has: the rule IDs it implements."""

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule IDs (:mod:`unorules.rules.catalogue`) this policy implements,
        main one first."""
        ...


@attrs.frozen(slots=True)
class Refusal:
    """A policy's "no" to a move: the rule that forbids it and why.

    Attributes:
        rule_ids: the rules that forbid the move, main one first.
        reason: the reason as a clause, e.g. ``"wild cards cannot be used to
            jump in"``; empty when the engine's own wording fits (a move out
            of turn: "it is seat 2's turn").
        texts: the clause in other languages, as ``(("sv", clause), ("nb",
            clause))``: a table's own rule says its reason in the players'
            language (the library's own clauses are translated by the
            library). A language not given reads the library's general
            wording.
    """

    rule_ids: tuple[str, ...]
    reason: str = ""
    texts: tuple[tuple[str, str], ...] = ()


@attrs.frozen(slots=True)
class Penalty:
    """Cards a player draws as a penalty, and the rule that makes them.

    Attributes:
        rule_id: the rule that gives the penalty (``uno.penalty``,
            ``uno.false-call``, ``house.timed-turns``, ``end.no-wd4-last``, ...).
        cards: how many cards; 0 for a rule that only reminds
            (``uno.reminder``).
    """

    rule_id: str
    cards: int


@attrs.frozen(slots=True)
class Fits:
    """A policy's "yes" to laying a card on a position: the rules that allow it.

    Attributes:
        rule_ids: the rules that let the card be laid, main one first
            (``play.match`` under the official rules).
        reason: why, as a clause (e.g. ``"an even number may be laid on an
            even number"``); empty when the rule's own wording fits (the
            official match: by colour, number or symbol).
    """

    rule_ids: tuple[str, ...]
    reason: str = ""


@attrs.frozen(slots=True)
class Misplay:
    """A policy's "not refused, but it costs": a card that does not fit is
    taken back into the hand and its player pays ``penalty``.

    The official rules never answer this (a card that does not fit is
    refused, ``play.match``); ``house.misplay-penalty`` does, and so may a
    table's own rule. Laid in turn, the card goes back into the hand, its
    player draws ``penalty.cards`` cards and the turn passes; out of turn or
    on cards owed it is refused as before. ``check`` rules it allowed but
    not legal, and :func:`~unorules.explain` calls it a misplay.

    Attributes:
        rule_ids: the rules that judge the misplay, main one first.
        penalty: what the misplay costs its player.
        listed: whether :func:`~unorules.engine.generation.legal_moves`
            lists such a play among the moves (a rule may make a misplay a
            move a player may choose, or only a mistake it judges).
        reason: why, as a clause; empty when the rule's own wording fits.
    """

    rule_ids: tuple[str, ...]
    penalty: Penalty
    listed: bool = False
    reason: str = ""


Fit = Fits | Refusal | Misplay
"""The typed answer to "may this card be laid here, and why (not)":
:class:`Fits`, a :class:`Refusal`, or a :class:`Misplay`."""


def matches(card: Card, top: Card, color: Color | None) -> bool:
    """``play.match``: a coloured card fits the colour in force or the top
    card's number/symbol. (Wild cards are decided by the wild policies.)"""
    return card.color is color or (top.color is not None and card.face is top.face)
