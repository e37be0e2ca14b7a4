"""Explanations: a verdict on one move that cites the rules and says what
happens next.

``explain`` goes through the same :func:`~unorules.engine.check` as
``legal_moves`` and ``apply``; the consequences it lists are produced by
applying the move (and, for a refused move, the alternatives), never
described separately.
"""

from __future__ import annotations

from typing import Any

import attrs

from unorules.cards import Face
from unorules.catalogue import CATALOGUE
from unorules.engine import apply_logged, check, legal_moves
from unorules.moves import CallUno, CatchUno, Challenge, Move
from unorules.state import GameState, Phase

__all__ = ["Verdict", "describe_state", "explain"]


@attrs.frozen(slots=True, kw_only=True)
class Verdict:
    """The ruling on one move, for people and programs.

    Attributes:
        move: the move judged.
        legal: whether it keeps the rules.
        allowed: whether :func:`unorules.apply` accepts it (``legal`` or a bluff).
        bluff: a move that breaks a rule the players police themselves (a
            Wild Draw Four bluff): it stands unless challenged.
        rule_ids: the rules that decide: the rule broken, or the rules that
            give the move its effect.
        reason: why, in one sentence.
        effects: ``(rule_id, sentence)`` for each thing the move makes happen.
        remedy: what may follow instead: for a refused move, what the player
            may do; for a bluff, what a challenge would bring; for a missing
            UNO call, what a catch would bring.
        outlook: the position afterwards (whose turn, who owes what, the
            colour in force) or, for a refused move, the position as it stands.
        state: the state after the move, when it is allowed.
    """

    move: Move
    legal: bool
    allowed: bool
    bluff: bool
    rule_ids: tuple[str, ...]
    reason: str
    effects: tuple[tuple[str, str], ...] = ()
    remedy: tuple[str, ...] = ()
    outlook: str = ""
    state: GameState | None = attrs.field(default=None, repr=False, eq=False)

    @property
    def verdict(self) -> str:
        """``"legal"``, ``"illegal"`` or ``"bluff"``."""
        return "bluff" if self.bluff else ("legal" if self.legal else "illegal")

    @property
    def text(self) -> str:
        """The whole verdict as plain text."""
        lines = [
            f"{self.verdict.upper()}: {self.move} - {self.reason} [{', '.join(self.rule_ids)}]"
        ]
        lines += [f"  - {sentence} [{rid}]" for rid, sentence in self.effects]
        lines += [f"  * {r}" for r in self.remedy]
        if self.outlook:
            lines.append(f"  => {self.outlook}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the verdict, the cited rules with their texts,
        the effects, remedy and outlook."""
        return {
            "move": str(self.move),
            "verdict": self.verdict,
            "legal": self.legal,
            "allowed": self.allowed,
            "bluff": self.bluff,
            "reason": self.reason,
            "rules": [
                {"id": rid, "text": CATALOGUE[rid].text if rid in CATALOGUE else ""}
                for rid in self.rule_ids
            ],
            "effects": [{"rule": rid, "text": t} for rid, t in self.effects],
            "remedy": list(self.remedy),
            "outlook": self.outlook,
        }


def describe_state(state: GameState) -> str:
    """One sentence on a position: whose turn, in which phase, on which colour.

    >>> import unorules as ur
    >>> describe_state(ur.situation(ur.presets.official(), ["R1", "G2", "B3"], top="R7"))
    'seat 0 to play on red (R7), clockwise; hands 1/1/1, draw pile 104'
    """
    sizes = "/".join(str(len(h)) for h in state.hands)
    tail = f"; hands {sizes}, draw pile {len(state.draw_pile)}"
    if state.phase is Phase.ROUND_OVER:
        scores = " ".join(str(v) for v in state.scores)
        if state.game_over:
            return (
                f"the game is over: seat {state.game_winner} wins with "
                f"{max(state.scores)} points (scores {scores})"
            )
        if state.winner is None:
            return f"the round is over with no winner (scores {scores})"
        return f"the round is over: seat {state.winner} wins (scores {scores})"
    color = state.color.value if state.color else "no colour yet"
    way = "clockwise" if state.direction == 1 else "counter-clockwise"
    seat = state.current
    if state.phase is Phase.CHOOSE_COLOR:
        return f"seat {seat} names the colour of the Wild start card, then plays{tail}"
    if state.phase is Phase.OWE:
        extra = " (or challenge)" if state.wd4 is not None else ""
        return f"seat {seat} owes {state.owed} cards{extra}, {color} in force, {way}{tail}"
    if state.phase is Phase.REPLAY:
        penalty = state.rules.challenge.bluff_penalty
        debt = state.wd4.debt if state.wd4 is not None else 0
        if debt:
            return (
                f"seat {seat} owes {debt} cards again after taking its Wild Draw Four back "
                f"(answer or take them, then draw {penalty}), {color} in force, {way}{tail}"
            )
        return (
            f"seat {seat} lays a lawful card in place of its Wild Draw Four on {color} "
            f"({state.top.code}), then draws {penalty}, {way}{tail}"
        )
    if state.phase is Phase.DRAWN:
        drawn = state.drawn.code if state.drawn else "?"
        verb = "must" if state.rules.drawing.must_play else "may"
        return f"seat {seat} {verb} play the drawn {drawn} on {color}, {way}{tail}"
    return f"seat {seat} to play on {color} ({state.top.code}), {way}{tail}"


def _outcome(state: GameState, move: Move) -> tuple[tuple[tuple[str, str], ...], GameState]:
    log: list[tuple[str, str]] = []
    after = apply_logged(state, move, log)
    return tuple(log), after


def _sentence(effects: tuple[tuple[str, str], ...]) -> str:
    return "; ".join(t for _, t in effects)


def explain(state: GameState, move: Move) -> Verdict:
    """Judge ``move`` in ``state``: legal or not, the rules that decide, and
    what happens next.

    A refused move gets ``legal=False`` and the rule it breaks, with what the
    player may do instead. A bluff (a Wild Draw Four that breaks the
    restriction while challenges police it) gets ``legal=False`` and
    ``bluff=True``; it stands unless challenged, and the remedy says what a
    challenge brings. A legal move cites the rules that give its effect. An
    UNO call or catch that does not count (too late, not due, a seat whose
    call is not missing) is legal and changes nothing: its reason says why it
    does not count, citing the UNO rule that decides.

    Args:
        state: the position.
        move: the disputed move.

    Returns:
        A :class:`Verdict`. A bad move is not an error: what is wrong with it
        is the verdict.

    Raises:
        UnoError: only when a table's own blank-card rule
            (``house.custom-cards``) returns a state that loses or makes cards.

    >>> import unorules as ur
    >>> s = ur.situation(ur.presets.official(), ["R3 W+4 G5", "B2", "Y1"], top="R7")
    >>> v = ur.explain(s, ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE))
    >>> v.verdict, v.rule_ids
    ('bluff', ('wd4.no-matching-colour',))
    """
    ruling = check(state, move)
    if not ruling.allowed:
        return Verdict(
            move=move,
            legal=False,
            allowed=False,
            bluff=False,
            rule_ids=ruling.rule_ids,
            reason=ruling.reason,
            remedy=_alternatives(state, move),
            outlook=describe_state(state),
        )
    effects, after = _outcome(state, move)
    remedy: list[str] = []
    if not ruling.legal and after.wd4 is not None:
        victim = after.current
        c_effects, _ = _outcome(after, Challenge(victim))
        which = (
            "challenge.also-wild"
            if after.wd4.card.face is Face.WILD
            else state.rules.challenge.rule_ids[0]
        )
        remedy.append(f"seat {victim} may challenge ({which}): {_sentence(c_effects)}")
    if after.uno_missed is not None and after.phase is not Phase.ROUND_OVER:
        seat = after.uno_missed
        nxt = after.current
        penalty = state.rules.uno_penalty
        window = "plays" if not state.rules.uno_window.on_draw else "plays or draws"
        first = (
            f"a call by seat {seat} still counts until another player plays or draws; "
            if state.rules.uno_call.late_allowed and seat not in after.uncalled
            else f"a call by seat {seat} now comes too late to count; "
        )
        cost = (
            f"seat {seat} would draw {penalty.cards}"
            if penalty.cards
            else f"seat {seat} gets a reminder, no penalty"
        )
        until = (
            f"until another player {window} (seat {nxt} is next)"
            if nxt != seat
            else f"until another player {window}"
        )
        remedy.append(
            f"{first}{until}, any other player may point out the missed "
            f"call, and {cost} [{penalty.rule_ids[0]}, {state.rules.uno_window.rule_ids[0]}]"
        )
    rule_ids = ruling.rule_ids
    if ruling.legal:
        cited = dict.fromkeys(rule_ids)
        for rid, _ in effects:
            if rid not in ("play.one-card",):
                cited[rid] = None
        rule_ids = tuple(cited)
    return Verdict(
        move=move,
        legal=ruling.legal,
        allowed=True,
        bluff=not ruling.legal,
        rule_ids=rule_ids,
        reason=ruling.reason,
        effects=effects,
        remedy=tuple(remedy),
        outlook=describe_state(after),
        state=after,
    )


def _alternatives(state: GameState, move: Move) -> tuple[str, ...]:
    """What the mover (or the player whose turn it is) may do instead."""
    if state.phase is Phase.ROUND_OVER:
        return ()
    seat = getattr(move, "player", None)
    mine = [m for m in legal_moves(state) if getattr(m, "player", None) == seat]
    if not mine:
        return (f"seat {state.current} is to act: {describe_state(state)}",)
    turn = [m for m in mine if not isinstance(m, (CallUno, CatchUno))]
    aside = [m for m in mine if isinstance(m, (CallUno, CatchUno))]
    out: list[str] = []
    if len(turn) == 1:
        effects, after = _outcome(state, turn[0])
        out.append(
            f"seat {seat} must {_verb(turn[0])}: {_sentence(effects)}; "
            f"then {describe_state(after).split(';')[0]}"
        )
    elif turn:
        shown = ", ".join(_verb(m) for m in turn[:8])
        more = f" and {len(turn) - 8} more" if len(turn) > 8 else ""
        out.append(f"seat {seat} may instead: {shown}{more}")
    if aside:
        out.append(f"seat {seat} may also: {', '.join(_verb(m) for m in aside)}")
    return tuple(out)


def _verb(move: Move) -> str:
    return str(move).split(" ", 1)[1]
