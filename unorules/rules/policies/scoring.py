"""Scoring: card values, how a round is scored, when the game ends and who
wins it (``score.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from unorules._mypyc import mypyc_attr, untyped
from unorules.cards import Card, Face
from unorules.rules.policies.base import Policy

__all__ = [
    "CardValues",
    "CardValuesPolicy",
    "Elimination",
    "MostCardsOut",
    "PenaltyPoints",
    "ScoringPolicy",
    "SingleRound",
    "WinnerTakes",
    "clock_outcome",
    "game_outcome",
]


_VALUES_2018: dict[Face, int] = {
    **{f: int(f.value) for f in Face if f.is_number},
    Face.SKIP: 20,
    Face.REVERSE: 20,
    Face.DRAW_TWO: 20,
    Face.WILD: 50,
    Face.WILD_DRAW_FOUR: 50,
    Face.WILD_SHUFFLE_HANDS: 40,
    Face.WILD_SWAP_HANDS: 40,
    Face.WILD_CUSTOMIZABLE: 40,
}


_VALUES_2022: dict[Face, int] = {
    **_VALUES_2018,
    **{f: 50 for f in Face if f.is_wild},
}


@attrs.frozen(slots=True)
class CardValues:
    """``score.card-values``: numbers at face value, Skip/Reverse/Draw Two 20,
    Wild and Wild Draw Four 50, the other wild cards 40, a face of an
    edition's or a table's its own ``points``. With
    ``all_wild_50=True``: ``score.card-values-2022`` (every wild card 50)."""

    all_wild_50: bool = False

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """``score.card-values`` or ``score.card-values-2022``."""
        return ("score.card-values-2022",) if self.all_wild_50 else ("score.card-values",)

    def value(self, card: Card) -> int:
        """The points ``card`` is worth: a face an edition or a table
        defined (:meth:`Face.define`) is worth its own ``points`` (a wild
        one 50 under ``score.card-values-2022``)."""
        face = card.face
        got = (_VALUES_2022 if self.all_wild_50 else _VALUES_2018).get(face)
        if got is None:
            return 50 if self.all_wild_50 and face.is_wild else face.points
        return got

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        return sum(self.value(c) for c in hand)


@mypyc_attr(native_class=False)
class CardValuesPolicy(Policy, Protocol):
    """What cards are worth in points."""

    def value(self, card: Card) -> int:
        """The points ``card`` is worth."""
        ...

    def hand_value(self, hand: Sequence[Card]) -> int:
        """The points of a whole hand."""
        ...


@mypyc_attr(native_class=False)
class ScoringPolicy(Policy, Protocol):
    """How a round is scored and when the game ends. Its ``rule_ids`` end
    with the rule that ends the game (``score.target``)."""

    @property
    def target(self) -> int: ...

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> tuple[tuple[int, ...], str]:
        """The new totals after a round, and a sentence saying why."""
        ...

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Whether the game ends with these totals (after a finished round)."""
        ...

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The winner of a finished game (``None`` on a tie)."""
        ...

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Which seats are dealt in for the next round."""
        ...


def _check_target(instance: object, attribute: object, value: object) -> None:
    if type(value) is not int or value <= 0:
        raise ValueError(f"the target score must be a positive whole number, not {value!r}")


def _others(hands: Sequence[Sequence[Card]], seat: int, values: CardValuesPolicy) -> list[int]:
    return [values.hand_value(h) if i != seat else 0 for i, h in enumerate(hands)]


def _seats(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 1 and 2``, ``seats 0, 1 and 3``."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(map(str, seats[:-1]))} and {seats[-1]}"


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _reached(scores: tuple[int, ...], target: int) -> str:
    """Who reached the target, with their totals."""
    up = [i for i, v in enumerate(scores) if v >= target]
    verb = "has" if len(up) == 1 else "have"
    totals = ", ".join(_points(scores[i]) for i in up)
    return f"{_seats(up)} {verb} reached the target of {target} ({totals})"


def _lowest(scores: Sequence[int], seats: Sequence[int]) -> str:
    """The seat with the lowest total among ``seats`` wins, or the tie."""
    low = min(scores[i] for i in seats)
    best = [i for i in seats if scores[i] == low]
    if len(best) == 1:
        return f"seat {best[0]} wins it with the lowest total, {_points(low)}"
    return f"{_seats(best)} share the lowest total, {_points(low)}: there is no single winner"


def clock_outcome(clock: tuple[str, int] | None, winner: int | None, *, fewest: bool = True) -> str:
    """What decided a game whose clock ran out (the timing policy's
    ``clock()``, ``house.blitz=N``), as a clause to follow "the game is
    over: ".

    Args:
        clock: the clock's rule ID and its number of turns.
        winner: the round's winner, ``None`` when nobody won it.
        fewest: the clock stopped the round, and ``winner`` is the one seat
            that held the fewest cards; ``False``: the round ended with the
            clock's last turn in another way (a player went out).

    Returns:
        E.g. ``"the clock of 200 turns has run out; seat 2 wins it with the
        fewest cards"``.
    """
    turns = clock[1] if clock is not None else 0
    ran = f"the clock of {turns} turns has run out"
    if not fewest:
        if winner is None:
            return f"{ran} as the round ended without a winner: there is no single winner"
        return f"{ran} as the round ended; seat {winner}, who won the round, wins it"
    if winner is None:
        return f"{ran}; several seats hold the fewest cards: there is no single winner"
    return f"{ran}; seat {winner} wins it with the fewest cards"


def game_outcome(scoring: ScoringPolicy, scores: tuple[int, ...], round_winner: int | None) -> str:
    """What decided a game that ``scoring`` ends with ``scores``: who reached
    the target and who wins (``score.*``), as a clause to follow "the game is
    over: ".

    Args:
        scoring: the scoring policy in force.
        scores: the totals after the last round.
        round_winner: the winner of the last round, ``None`` when nobody won it.

    Returns:
        The clause, e.g. ``"seat 1 has reached the target of 500 (508 points);
        seat 2 wins it with the lowest total, 7 points"``. A policy of the
        table's own gets a plain sentence naming its :meth:`game_winner`.
    """
    outcome = getattr(scoring, "outcome", None)
    if outcome is not None:
        return str(outcome(scores, round_winner))
    best = scoring.game_winner(scores, round_winner)
    return f"seat {best} wins it" if best is not None else "there is no single winner"


@attrs.frozen(slots=True)
class WinnerTakes:
    """``score.winner-takes`` and ``score.target``: the round's winner scores
    the value of all other hands; the first to reach ``target`` (500) wins
    the game. With ``double=True`` (``score.double``) the winner scores
    twice that value. With ``teams=True`` (``house.teams``) and an even
    number of players, opposite seats are partners (seat ``i`` and seat
    ``i + n/2``): the round's winner scores the hands of the other teams
    only, and its partner scores the same, so partners share one total."""

    target: int = attrs.field(default=untyped(500), validator=_check_target)
    rule_ids: tuple[str, ...] = ("score.winner-takes", "score.target")
    double: bool = False
    teams: bool = False

    def partners(self, seat: int, players: int) -> tuple[int, ...]:
        """The seats of ``seat``'s team, ``seat`` first: itself and, under
        ``house.teams`` with an even number of ``players``, the seat
        opposite."""
        if self.teams and players % 2 == 0 and players >= 4:
            return (seat, (seat + players // 2) % players)
        return (seat,)

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> tuple[tuple[int, ...], str]:
        """The winner adds the others' hand values."""
        if winner is None:
            return scores, "nobody scores"
        team = self.partners(winner, len(hands))
        worth = [values.hand_value(h) if i not in team else 0 for i, h in enumerate(hands)]
        gained = sum(worth)
        others = [v for i, v in enumerate(worth) if i not in team]
        won = 2 * gained if self.double else gained
        new = tuple(v + (won if i in team else 0) for i, v in enumerate(scores))
        twice = f", doubled: {_points(won)}" if self.double else ""
        parts = " + ".join(map(str, others))
        if len(team) > 1:
            return new, (
                f"{_seats(sorted(team))}, partners, score the other team's hands: "
                f"{parts} = {_points(gained)}{twice}"
            )
        if len(others) == 1:
            return new, f"seat {winner} scores the other hand: {_points(gained)}{twice}"
        return new, f"seat {winner} scores the other hands: {parts} = {_points(gained)}{twice}"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Someone reached the target."""
        return max(scores, default=0) >= self.target

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The highest total (``None`` when it is shared)."""
        if not self.game_over(scores, round_winner):
            return None
        high = max(scores)
        leaders = [i for i, v in enumerate(scores) if v == high]
        if self.teams and round_winner is not None and round_winner in leaders:
            # house.teams: partners share a total; the team that won the last
            # round, if it leads alone, and of it the player who went out.
            team = self.partners(round_winner, len(scores))
            return round_winner if set(leaders) <= set(team) else None
        return scores.index(high) if scores.count(high) == 1 else None

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """Who reached the target and wins the game (see :func:`game_outcome`)."""
        best = self.game_winner(scores, round_winner)
        if best is not None and len(team := self.partners(best, len(scores))) > 1:
            return (
                f"{_seats(sorted(team))}, partners, have reached the target of {self.target} "
                f"and win it with {_points(scores[best])}"
            )
        if best is None:
            high = max(scores)
            tied = [i for i, v in enumerate(scores) if v == high]
            return (
                f"{_seats(tied)} share the highest total, {_points(high)}: "
                "there is no single winner"
            )
        return (
            f"seat {best} has reached the target of {self.target} and wins it with "
            f"{_points(scores[best])}"
        )

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Everyone plays every round."""
        return (True,) * len(scores)


@attrs.frozen(slots=True)
class PenaltyPoints:
    """``score.penalty-points``: every player adds the value of their own hand;
    when someone reaches ``target`` the game ends and the lowest total wins."""

    target: int = attrs.field(default=untyped(500), validator=_check_target)
    rule_ids: tuple[str, ...] = ("score.penalty-points", "score.target")

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> tuple[tuple[int, ...], str]:
        """Each seat adds its own hand value."""
        worth = [values.hand_value(h) for h in hands]
        new = tuple(v + w for v, w in zip(scores, worth, strict=True))
        shown = ", ".join(f"seat {i} +{w}" for i, w in enumerate(worth))
        return new, f"every player notes their own hand: {shown}"

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """Who reached the target, and the lowest total that wins (see
        :func:`game_outcome`)."""
        return f"{_reached(scores, self.target)}; {_lowest(scores, range(len(scores)))}"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Someone reached the target."""
        return max(scores, default=0) >= self.target

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The lowest total (``None`` on a tie)."""
        if not self.game_over(scores, round_winner):
            return None
        low = min(scores)
        return scores.index(low) if scores.count(low) == 1 else None

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Everyone plays every round."""
        return (True,) * len(scores)


@attrs.frozen(slots=True)
class Elimination:
    """``score.elimination``: every player adds the value of their own hand; a
    player who reaches ``target`` (500) is out, and the game goes on until one
    player is left, who wins. **interp.** if the last players reach the target
    in the same round, the lowest total wins."""

    target: int = attrs.field(default=untyped(500), validator=_check_target)
    rule_ids: tuple[str, ...] = ("score.elimination", "score.target")

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> tuple[tuple[int, ...], str]:
        """Each seat in play adds its own hand value."""
        new, _ = PenaltyPoints(self.target).score_round(hands, winner, scores, values)
        playing = [i for i, v in enumerate(scores) if v < self.target or hands[i]]
        shown = ", ".join(f"seat {i} +{values.hand_value(hands[i])}" for i in playing)
        out = [i for i in playing if new[i] >= self.target]
        why = f"every player still in the game notes their own hand: {shown}"
        if out:
            verb = "reaches" if len(out) == 1 else "reach"
            be = "is" if len(out) == 1 else "are"
            why += f"; {_seats(out)} {verb} {self.target} and {be} out of the game"
        return new, why

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """The last player under the target, or the lowest total when nobody
        is left under it (see :func:`game_outcome`)."""
        left = [i for i, v in enumerate(scores) if v < self.target]
        if left:
            return (
                f"seat {left[0]} wins it as the last player under {self.target}, "
                f"with {_points(scores[left[0]])}"
            )
        return f"every player has reached {self.target}; {_lowest(scores, range(len(scores)))}"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """At most one player is left under the target."""
        return sum(v < self.target for v in scores) <= 1

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The last player under the target (else the lowest total)."""
        if not self.game_over(scores, round_winner):
            return None
        left = [i for i, v in enumerate(scores) if v < self.target]
        if left:
            return left[0]
        low = min(scores)
        return scores.index(low) if scores.count(low) == 1 else None

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Seats under the target."""
        return tuple(v < self.target for v in scores)


@attrs.frozen(slots=True)
class MostCardsOut:
    """``score.most-cards-out``: no points; at the end of each round the
    player still in the game holding the most cards (the winner aside) is
    out of the game, and the last player left wins it. **interp.** a tie for
    the most cards goes against the higher hand value, then the seat
    nearest seat 0. The totals count the rounds each player has come
    through: the players still in share the highest total."""

    rule_ids: tuple[str, ...] = ("score.most-cards-out",)
    target: int = 1
    counts: str = "rounds"
    """What the totals count: the rounds each player has come through, not
    points (read where a scoring policy has it; ``"points"`` otherwise)."""

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """The seats with the highest total: those not yet out."""
        high = max(scores, default=0)
        return tuple(v == high for v in scores)

    def out(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> int | None:
        """The seat that leaves the game after this round: of the seats still
        in (the winner aside), the most cards, then the higher hand value,
        then the lowest seat."""
        best: int | None = None
        best_key = (0, 0)
        for i, playing in enumerate(self.in_play(scores)):
            if not playing or i == winner:
                continue
            key = (len(hands[i]), values.hand_value(hands[i]))
            if best is None or key > best_key:  # a tie keeps the lower seat
                best, best_key = i, key
        return best

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> tuple[tuple[int, ...], str]:
        """Every seat still in comes through the round (+1) but the one
        holding the most cards, who is out."""
        gone = self.out(hands, winner, scores, values)
        playing = self.in_play(scores)
        new = tuple(v + 1 if playing[i] and i != gone else v for i, v in enumerate(scores))
        if gone is None:
            return new, "nobody is left to go out"
        held = len(hands[gone])
        return new, (f"seat {gone} holds the most cards ({held}) and is out of the game")

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """One player is left in."""
        return sum(self.in_play(scores)) <= 1

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The last player left in."""
        if not self.game_over(scores, round_winner):
            return None
        return self.in_play(scores).index(True)

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """The last player left (see :func:`game_outcome`)."""
        best = self.game_winner(scores, round_winner)
        return f"seat {best} is the last player left in and wins it"


@attrs.frozen(slots=True)
class SingleRound:
    """``score.single-round``: no scoring; the first player out wins the game
    (when the piles run out, the lowest hand)."""

    rule_ids: tuple[str, ...] = ("score.single-round",)
    target: int = 1

    def score_round(
        self,
        hands: Sequence[Sequence[Card]],
        winner: int | None,
        scores: tuple[int, ...],
        values: CardValuesPolicy,
    ) -> tuple[tuple[int, ...], str]:
        """No points are kept."""
        return scores, "no points are counted: the round decides the game"

    def game_over(self, scores: tuple[int, ...], round_winner: int | None) -> bool:
        """Always, once the round is over."""
        return True

    def game_winner(self, scores: tuple[int, ...], round_winner: int | None) -> int | None:
        """The round's winner."""
        return round_winner

    def outcome(self, scores: tuple[int, ...], round_winner: int | None) -> str:
        """The round's winner wins the game (see :func:`game_outcome`)."""
        if round_winner is None:
            return "nobody won the round, so nobody wins the game"
        return f"seat {round_winner} won the round and wins it"

    def in_play(self, scores: tuple[int, ...]) -> tuple[bool, ...]:
        """Everyone."""
        return (True,) * len(scores)
