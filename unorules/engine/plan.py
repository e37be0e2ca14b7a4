"""The answers the engine asks of a rule set's policies once and keeps.

Policies are frozen and answer from their inputs alone, so an answer that
depends on the rules and a card (what a card does, which cards may jump in
on a top card, what a drawn card allows) is asked once per rule set and
kept on the rule set itself (:meth:`~unorules.rules.ruleset.RuleSet.derived`),
never in a module-global table. The engine asks through :func:`plan`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from unorules.cards import ALL_CARDS, Card, Color
from unorules.errors import PolicyError
from unorules.moves import Play
from unorules.rules.policies import (
    ActionEffect,
    AfterDraw,
    DrawnCard,
    Fit,
    Fits,
    Misplay,
    Penalty,
    Refusal,
    official_fit,
    one_card_a_play,
    wild_draw_four,
)
from unorules.rules.ruleset import RuleSet
from unorules.state import Pending, PendingKind

__all__ = ["Plan", "Seats", "draw_rule", "foreign", "foreign_failure", "plan"]


class Seats:
    """What one rule set answers for a round of a given number of players.

    Attributes:
        effects: the action policy's effect of each card (``None``: none).
        targeted: the cards whose play names a seat (``swap_with``).
        giving: the cards whose play hands cards to a seat or makes a seat
            draw (``ActionEffect.give``, ``ActionEffect.named_draws``:
            ``give``, ``to``).
        named: ``targeted`` and ``giving``: the cards whose play names a seat.
        full: the cards whose plays in a normal turn need more than the
            match (wild cards, cards that name a seat, cards that may be laid
            several at once).
        involved: the cards of ``full`` whose plays are listed by the full
            check of each candidate: those that name a seat, that may be laid
            several at once, or that the match policy refuses to lay alone.
        simple: what laying each card does when it is no more than skipping,
            reversing and making the next player draw: ``None`` for a card
            with no effect, else ``(skip, reverse, draw)``. Cards whose
            effect needs more (a card's own rule, a seat named, hands moved,
            a skip the next player may answer, a draw card that may count
            twice) are not in it: the engine's full path lays them.
    """

    __slots__ = ("effects", "full", "giving", "involved", "named", "simple", "targeted")

    def __init__(self, known: Plan, players: int) -> None:
        rules = known.rules
        dealt = rules.deck.cards()
        # A two-sided card may show either side (Card.turned).
        deck = {*dealt, *(c.turned() for c in dealt)}
        self.effects: dict[Card, ActionEffect | None] = {c: known.effect(c, players) for c in deck}
        self.targeted: frozenset[Card] = frozenset(
            c for c, e in self.effects.items() if e is not None and e.target
        )
        self.giving: frozenset[Card] = frozenset(
            c for c, e in self.effects.items() if e is not None and (e.give or e.named_draws)
        )
        self.named: frozenset[Card] = self.targeted | self.giving
        self.full: frozenset[Card] = (
            self.targeted
            | self.giving
            | frozenset(c for c in deck if c.color is None)
            | known.laid_together
            | known.apart
        )
        self.involved: frozenset[Card] = self.full & (
            self.full if known.several else self.targeted | self.giving | known.apart
        )
        self.simple: dict[Card, tuple[int, bool, int] | None] = {}
        for card, e in self.effects.items():
            if e is None:
                self.simple[card] = None
            elif not (
                e.special
                or e.target
                or e.own is not None
                or e.others_draw
                or e.give
                or e.named_draws
                or e.flip
                or e.draw_until
                or (e.draw and known.doubles)  # house.revenge may double it
                # A skip the next player may answer (house.skip-deflect).
                or (
                    e.skip
                    and not e.reverse
                    and (card.color is None or rules.stacking.answerable(card, card.color))
                )
            ):
                self.simple[card] = (e.skip, e.reverse, e.draw)


class Plan:
    """What one rule set answers, asked once.

    Attributes:
        rules: the rule set.
        cards: every distinct card the engine asks about: the classic ones
            (``ALL_CARDS``), then the deck's others (faces or colours an
            edition or a table defined).
        colors: the colours a wild card may name (:attr:`RuleSet.colors`);
            :meth:`colors_for` those a card showing either side may.
        several: some card of the deck may be laid with another copy in one
            play (the match policy's ``at_once``).
        series: some coloured card of the deck may follow another in the
            same play (the match policy's ``follows``: ``Play.more``).
        others_name: the wild cards whose player names no colour: the next
            seat names it (``ActionEffect.draw_until == "chosen"``).
        hand_limit: the hand-limit policy puts seats holding too many cards
            out of the round (a hand of the whole deck would be too big).
        clock: the timing policy's ``clock()`` when the game has one: the
            rule ID and the turns the whole game lasts (``house.blitz=N``).
        calls_owed: a player left with one card owes the UNO call (the
            call policy's ``calls``; not under ``uno.none``).
        catch_any_time: a missing call may be pointed out as long as its
            one card is held (the window policy's ``any_time``).
        full: the draw-choice policy's ``full(held)`` when it has one and
            some hand the deck can make is too big to draw to: the rule that
            keeps a hand of ``held`` cards from drawing (``house.hand-limit``);
            else ``None``.
        doubles: some draw card of the deck counts twice laid on another
            (the stacking policy's ``doubles``: ``house.revenge``).
        gives: the effect of some card of the deck hands cards to a seat or
            makes a seat it names draw (``ActionEffect.give``,
            ``ActionEffect.named_draws``), with 3 players in the round.
        turns_over: the effect of some card of the deck turns everything
            over (``ActionEffect.flip``).
        takes_more: the effect of some card of the deck has a rule of its
            own (``ActionEffect.own``), which may take more cards from the
            hand of the seat that lays it (e.g. every card of its colour).
        false_call: the penalty for an UNO call with none due, if any.
        drawn_fits / drawn_misses: the drawing policy's answer for a drawn
            card that fits / does not fit.
        draw_when_playable / draw_when_stuck: whether the draw-choice
            policy lets a player draw while holding a lawful play / none.
        jumping: whether the jump-in policy lets some card of the deck be
            laid out of turn on some top card.
        restricted: the wild cards the Wild Draw Four policy governs
            (``Wd4Policy.governs``): laying one asks ``wd4.*``; laying
            any other wild card asks the wild policy.
        rulings: the engine's rulings on laying a coloured card on a
            position, kept per rule set by
            :func:`~unorules.engine.checking.play_status`.
        foreign: ``slot: Class`` of each policy that is not the library's
            own (a table's rule): the engine then turns a failure of a policy
            into a :class:`~unorules.errors.PolicyError` and checks every
            state it returns.
    """

    __slots__ = (
        "_answers",
        "_effects",
        "_fit_answers",
        "_fits",
        "_fitting",
        "_follow_answers",
        "_followers",
        "_follows",
        "_jumpers",
        "_misplays",
        "_owed",
        "_seat_plays",
        "_seats",
        "apart",
        "calls_any_size",
        "calls_owed",
        "cards",
        "catch_any_time",
        "challengeable",
        "clock",
        "colors",
        "doubles",
        "draw_when_playable",
        "draw_when_stuck",
        "drawn_fits",
        "drawn_misses",
        "false_call",
        "foreign",
        "full",
        "gives",
        "hand_limit",
        "jumping",
        "keeps_drawn",
        "laid_together",
        "late_after_play",
        "lists_misplays",
        "misplaying",
        "never_stuck",
        "no_quick",
        "others_name",
        "penalty_due_at_close",
        "policed",
        "restricted",
        "rules",
        "rulings",
        "series",
        "several",
        "takes_more",
        "turns_over",
        "window_closes_on_draw",
        "window_closes_on_play",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.foreign = foreign(rules)
        # The match policy's fit question; a table's own match policy
        # written before the question existed keeps the official answer.
        self._fits = getattr(rules.match, "fits", None) or official_fit
        self._fit_answers: dict[tuple[Card, Card, Color | None], Fit] = {}
        self._fitting: dict[tuple[Card, Color | None], frozenset[Card]] = {}
        self._misplays: dict[tuple[Card, Color | None], frozenset[Card]] = {}
        # Whether the match policy has answered a Misplay (listed) for any
        # position asked so far: every card of a position is asked at once
        # (fitting), so False means none at the positions in play.
        self.misplaying = False
        self.lists_misplays = False
        self.rulings: dict[tuple[Card, Card, Color | None], Any] = {}
        dealt = rules.deck.cards()
        # A two-sided card may show either side: the engine asks about both.
        cards = (*dealt, *(c.turned() for c in dealt if c.back is not None))
        deck = set(cards)
        classic = frozenset(ALL_CARDS)
        self.cards: tuple[Card, ...] = (
            *ALL_CARDS,
            *(c for c in dict.fromkeys(cards) if c not in classic),
        )
        self.colors: tuple[Color, ...] = rules.colors
        self._seat_plays: dict[int, dict[Card, tuple[Play, ...]]] = {}
        governs = getattr(rules.wd4, "governs", None) or wild_draw_four
        self.restricted: frozenset[Card] = frozenset(
            c for c in self.cards if c.color is None and governs(c)
        )
        match = rules.match
        self.laid_together: frozenset[Card] = frozenset(
            c for c in deck if any(match.at_once(c, k) > 1 for k in range(2, cards.count(c) + 1))
        )
        self.several = bool(self.laid_together)
        self.apart: frozenset[Card] = frozenset(c for c in deck if match.lay(c, 1) is not None)
        # The match policy's question whether a card may follow another in
        # one play; a table's own match policy without it lays one card.
        self._follows = getattr(match, "follows", None) or one_card_a_play
        self._follow_answers: dict[tuple[Card, Card], Fits | Refusal] = {}
        self._followers: dict[Card, frozenset[Card]] = {}
        # Whether any card of the deck may follow another: asked of every
        # pair until one may (each answer is checked when it is used).
        coloured = [c for c in dict.fromkeys(cards) if c.color is not None]
        self.series = self._any_follows(coloured)
        self._effects: dict[tuple[Card, int], ActionEffect | None] = {}
        self.gives = any(
            (e := self.effect(c, 3)) is not None and bool(e.give or e.named_draws)
            for c in dict.fromkeys(cards)
        )
        # Some card turns everything over (ActionEffect.flip): a wild card
        # may then come on top mid-round, its colour still to name.
        self.turns_over = any(
            (e := self.effect(c, 3)) is not None and e.flip for c in dict.fromkeys(cards)
        )
        self.takes_more = any(
            (e := self.effect(c, 3)) is not None and e.own is not None for c in dict.fromkeys(cards)
        )
        self.others_name: frozenset[Card] = frozenset(
            c
            for c in dict.fromkeys(cards)
            if c.color is None and (e := self.effect(c, 3)) is not None and e.draw_until == "chosen"
        )
        # A limit exists when a hand holding the whole deck would be too big.
        self.hand_limit = rules.hand_limit.knocked_out(len(cards)) is not None
        # A clock of turns over the game (house.blitz): the policy's member.
        self.clock: tuple[str, int] | None = rules.clock
        # A table's own UNO-call policy may make a call due at any hand size.
        self.calls_any_size = any(f.startswith("uno_call: ") for f in self.foreign)
        self.false_call: Penalty | None = rules.uno_penalty.false_call()
        self.drawn_fits: DrawnCard = rules.drawing.drawn(True)
        self.drawn_misses: DrawnCard = rules.drawing.drawn(False)
        self.draw_when_playable: bool = rules.draw_choice.may_draw(True)
        self.draw_when_stuck: bool = rules.draw_choice.may_draw(False)
        # A hand too big to draw to (house.hand-limit): the policy's member,
        # kept only when some hand the deck can make is too big.
        full: Callable[[int], str | None] | None = getattr(rules.draw_choice, "full", None)
        if full is not None and all(full(k) is None for k in range(len(cards) + 1)):
            full = None
        self.full = full
        # A draw card that counts twice on another (house.revenge).
        doubles = getattr(rules.stacking, "doubles", None)
        drawing = [c for c in dict.fromkeys(cards) if (e := self.effect(c, 3)) and e.draw]
        self.doubles: bool = doubles is not None and any(
            doubles(a, b) is not None for a in drawing for b in drawing
        )
        self.keeps_drawn: bool = self.drawn_fits.then is not AfterDraw.MUST_PLAY
        self.challengeable: frozenset[Card] = frozenset(
            c
            for c in self.cards
            if c.color is None and rules.challenge.challengeable(c) is not None
        )
        # A bluff the players police by challenge; refused under strict rules.
        self.policed: frozenset[Card] = frozenset() if rules.strict else self.challengeable
        # Nobody owes a call (uno.none); a missing call may be pointed out
        # as long as its one card is held (uno.catch-any-time).
        self.calls_owed: bool = bool(getattr(rules.uno_call, "calls", True))
        self.catch_any_time: bool = bool(getattr(rules.uno_window, "any_time", False))
        self.window_closes_on_play: bool = rules.uno_window.closes(True)
        self.window_closes_on_draw: bool = rules.uno_window.closes(False)
        self.late_after_play: bool = rules.uno_call.late(False)
        self.penalty_due_at_close: bool = rules.strict and bool(rules.uno_penalty.caught().cards)
        # A going-out policy that names only a lone card as stuck (its
        # stuck_alone_only()) and names none of the deck's: no hand is stuck.
        alone = getattr(rules.going_out, "stuck_alone_only", None)
        self.never_stuck: bool = (
            alone is not None
            and bool(alone())
            and all(rules.going_out.stuck((c,)) is None for c in deck)
        )
        # apply's fast path leaves these to the full path: a table's own
        # policies (checked after every move), a hand limit (which may put a
        # seat out after any move), a game's clock (which may end the round).
        self.no_quick: bool = bool(self.foreign) or self.hand_limit or self.clock is not None
        self._seats: dict[int, Seats] = {}
        self._owed: dict[tuple[int, int, Card], Pending] = {}
        self._jumpers: dict[Card, frozenset[Card]] = {}
        self._answers: dict[tuple[Card, Color | None], frozenset[Card]] = {}
        self.jumping = any(self.jumpers(c) for c in deck)

    def colors_for(self, card: Card) -> tuple[Color, ...]:
        """The colours a play of ``card`` may name: those of the side it
        shows (:meth:`RuleSet.colors_for`: a two-sided card showing the side
        the deck is not dealt with names that side's) for a wild card whose
        player names the colour, else none."""
        if card.color is not None or card in self.others_name:
            return ()
        if card.back is None:
            return self.colors
        return self.rules.colors_for(card)

    def seats(self, players: int) -> Seats:
        """The answers for a round of ``players`` players (:class:`Seats`)."""
        got = self._seats.get(players)
        if got is None:
            got = self._seats[players] = Seats(self, players)
        return got

    def effect(self, card: Card, players: int) -> ActionEffect | None:
        """:meth:`RuleSet.effect` of ``card`` with ``players`` in the round."""
        key = (card, players)
        if key in self._effects:
            return self._effects[key]
        got = self.rules.effect(card, players)
        if got is not None:
            for field in ("give", "others_draw", "named_draws"):
                value: object = getattr(got, field)
                if type(value) is not int or value < 0:
                    raise PolicyError(
                        f"the effect of {card.code} ({got.rule_id}) has {field}="
                        f"{value!r}: it must be a whole number of 0 or more"
                    )
            until: object = got.draw_until
            if until not in ("", "named", "chosen") or (until and card.color is not None):
                raise PolicyError(
                    f"the effect of {card.code} ({got.rule_id}) has draw_until={until!r}: "
                    "it must be '', or 'named' or 'chosen' for a wild card"
                )
        self._effects[key] = got
        return got

    def owed(self, seat: int, amount: int, card: Card) -> Pending:
        """What ``seat`` owes after ``card`` laid in a normal turn made it
        owe ``amount`` cards: a ``DRAW`` :class:`~unorules.state.Pending`
        citing the card's own rule (:func:`draw_rule`).
        Pending records are frozen, so one is kept per seat, amount and card."""
        key = (seat, amount, card)
        got = self._owed.get(key)
        if got is None:
            got = self._owed[key] = Pending(
                PendingKind.DRAW, seat, amount, card, (draw_rule(self.rules, card),)
            )
        return got

    def answers(self, top: Card, color: Color | None) -> frozenset[Card]:
        """The cards the stacking policy lets answer ``top`` with ``color``
        in force (``answers(top, card, color)`` names a rule)."""
        key = (top, color)
        got = self._answers.get(key)
        if got is None:
            stacking = self.rules.stacking
            got = self._answers[key] = frozenset(
                c for c in self.cards if stacking.answers(top, c, color) is not None
            )
        return got

    def fit(self, card: Card, top: Card, color: Color | None) -> Fit:
        """The match policy's answer whether the coloured ``card`` may be
        laid on ``top`` with ``color`` in force (``MatchPolicy.fits``),
        asked once per position: :class:`Fits`, a :class:`Refusal`, or a
        :class:`Misplay` (laid, it goes back into the hand at a cost).

        Raises:
            PolicyError: the policy answered a value of no fit type, or a
                :class:`Misplay` whose ``penalty`` is no :class:`Penalty`.
        """
        key = (card, top, color)
        got = self._fit_answers.get(key)
        if got is None:
            got = self._fits(card, top, color)
            if not isinstance(got, (Fits, Refusal, Misplay)):
                raise PolicyError(
                    f"the match policy ({type(self.rules.match).__name__}) answers "
                    f"fits({card.code}, {top.code}) with {got!r}, not Fits, Refusal "
                    "or Misplay"
                )
            if isinstance(got, Misplay):
                self._check_misplay(got, card, top)
                self.misplaying = True
                if got.listed:
                    self.lists_misplays = True
            self._fit_answers[key] = got
        return got

    def _check_misplay(self, got: Misplay, card: Card, top: Card) -> None:
        """A :class:`Misplay` the engine can sequence and explain: rules that
        judge it, a :class:`Penalty` of 0 cards or more citing a rule, a
        ``listed`` that is a bool and a ``reason`` that is a string.

        Raises:
            PolicyError: naming the policy and the field that is wrong.
        """
        # Read untyped: compiled with mypyc, a typed read of a field that
        # holds the wrong type raises TypeError before the message below.
        given: Any = got
        penalty = given.penalty
        wrong = ""
        if not (
            isinstance(given.rule_ids, tuple)
            and given.rule_ids
            and all(isinstance(r, str) and r for r in given.rule_ids)
        ):
            wrong = f"rule_ids {given.rule_ids!r} are no tuple of one rule ID or more"
        elif not (
            isinstance(penalty, Penalty) and type(penalty.cards) is int and penalty.cards >= 0
        ):
            wrong = f"penalty {penalty!r} is no Penalty of 0 cards or more"
        elif not (isinstance(penalty.rule_id, str) and penalty.rule_id):
            wrong = f"penalty {penalty!r} cites no rule"
        elif type(given.listed) is not bool:
            wrong = f"listed {given.listed!r} is not True or False"
        elif not isinstance(given.reason, str):
            wrong = f"reason {given.reason!r} is no string"
        if wrong:
            raise PolicyError(
                f"the match policy ({type(self.rules.match).__name__}) answers "
                f"fits({card.code}, {top.code}) with a Misplay whose {wrong}"
            )

    def _any_follows(self, coloured: list[Card]) -> bool:
        """Whether some card of ``coloured`` may follow another; an answer
        of no fit type is the policy's error (:meth:`follows`)."""
        follows = self._follows
        for previous in coloured:
            for card in coloured:
                got = follows(card, previous)
                if type(got) is Refusal:
                    continue
                if isinstance(got, Fits) or not isinstance(got, Refusal):
                    self.follows(card, previous)  # checked: raises when malformed
                    return True
        return False

    def follows(self, card: Card, previous: Card) -> Fits | Refusal:
        """The match policy's answer whether the coloured ``card`` may be
        laid right after ``previous`` in the same play (``follows``), asked
        once per pair.

        Raises:
            PolicyError: the policy answered a value that is neither
                :class:`Fits` nor :class:`Refusal`.
        """
        key = (card, previous)
        got = self._follow_answers.get(key)
        if got is None:
            got = self._follows(card, previous)
            if not isinstance(got, (Fits, Refusal)):
                raise PolicyError(
                    f"the match policy ({type(self.rules.match).__name__}) answers "
                    f"follows({card.code}, {previous.code}) with {got!r}, not Fits or Refusal"
                )
            # Read untyped: compiled, a typed read of a wrong field raises first.
            given: Any = got
            ids, reason = given.rule_ids, getattr(given, "reason", "")
            if not (
                isinstance(ids, tuple) and ids and all(isinstance(r, str) and r for r in ids)
            ) or not isinstance(reason, str):
                raise PolicyError(
                    f"the match policy ({type(self.rules.match).__name__}) answers "
                    f"follows({card.code}, {previous.code}) with {got!r}: its rule_ids must "
                    "be a tuple of one rule ID or more and its reason a string"
                )
            self._follow_answers[key] = got
        return got

    def followers(self, previous: Card) -> frozenset[Card]:
        """The coloured cards of the deck that may follow ``previous`` in
        the same play (:meth:`follows` answers :class:`Fits`); none after a
        wild card."""
        got = self._followers.get(previous)
        if got is None:
            got = self._followers[previous] = (
                frozenset(
                    c
                    for c in self.cards
                    if c.color is not None and isinstance(self.follows(c, previous), Fits)
                )
                if previous.color is not None
                else frozenset()
            )
        return got

    def laid(self, cards: tuple[Card, ...], players: int) -> ActionEffect | None:
        """:meth:`RuleSet.laid`: the effect of a play of two or more
        ``cards`` as a whole.

        Raises:
            PolicyError: the action policy answered neither an
                :class:`ActionEffect` nor ``None``.
        """
        got = self.rules.laid(cards, players)
        if got is not None and (
            not isinstance(got, ActionEffect)
            or type(got.others_draw) is not int
            or got.others_draw < 0
        ):
            raise PolicyError(
                f"the action policy ({type(self.rules.actions).__name__}) answers laid("
                f"{', '.join(c.code for c in cards)}) with {got!r}, not an ActionEffect (whose "
                "others_draw is a whole number of 0 or more) or None"
            )
        return got

    def fitting(self, top: Card, color: Color | None) -> frozenset[Card]:
        """The coloured cards the match policy lets be laid on ``top`` with
        ``color`` in force (:meth:`fit` answers :class:`Fits`)."""
        key = (top, color)
        got = self._fitting.get(key)
        if got is None:
            got = self._fitting[key] = frozenset(
                c
                for c in self.cards
                if c.color is not None and isinstance(self.fit(c, top, color), Fits)
            )
        return got

    def misplays(self, top: Card, color: Color | None) -> frozenset[Card]:
        """The coloured cards whose laying on ``top`` with ``color`` in force
        the match policy judges as a misplay that ``legal_moves`` lists
        (:meth:`fit` answers a :class:`Misplay` with ``listed``)."""
        key = (top, color)
        got = self._misplays.get(key)
        if got is None:
            got = self._misplays[key] = frozenset(
                c
                for c in self.cards
                if c.color is not None
                and isinstance(fit := self.fit(c, top, color), Misplay)
                and fit.listed
            )
        return got

    def jumpers(self, top: Card) -> frozenset[Card]:
        """The jump-in policy's ``jumpers(top)``."""
        got = self._jumpers.get(top)
        if got is None:
            got = self._jumpers[top] = frozenset(self.rules.jump_in.jumpers(top))
        return got

    def targeted(self, players: int) -> frozenset[Card]:
        """The cards of the deck whose play names a seat (``swap_with``)."""
        return self.seats(players).targeted

    def full_check(self, players: int) -> frozenset[Card]:
        """The cards whose plays in a normal turn need the full check: wild
        cards, cards that name a seat, cards that may be laid several at once."""
        return self.seats(players).full


def foreign(rules: RuleSet) -> tuple[str, ...]:
    """``slot: Class`` of each policy of ``rules`` that is not the library's
    own (a table's rule), worked out once per rule set. Asks no policy
    anything, so it answers even when a policy fails."""
    got = rules._derived.get(foreign)
    if got is None:
        got = rules._derived[foreign] = tuple(
            f"{slot}: {type(policy).__name__}"
            for slot, policy in rules.policies()
            if not type(policy).__module__.startswith("unorules.")
        )
    return cast(tuple[str, ...], got)


def foreign_failure(rules: RuleSet, error: BaseException) -> PolicyError:
    """The :class:`PolicyError` for ``error`` raised while a rule set holding
    policies of a table's own was asked a question."""
    own = ", ".join(foreign(rules))
    return PolicyError(
        f"a policy of the table's own ({own}) failed: {type(error).__name__}: {error}"
    )


def plan(rules: RuleSet) -> Plan:
    """The :class:`Plan` of ``rules``, made on first use and kept on it."""
    got = rules._derived.get(Plan)
    if got is None:
        return rules.derived(Plan, Plan)
    return cast(Plan, got)


def draw_rule(rules: RuleSet, card: Card) -> str:
    """The rule that makes the next player draw after ``card``: the action
    policy's rule for the card (``action.draw-two``, ``action.wild-draw-four``).
    The ``wd4.*`` rules say only when a Wild Draw Four may be laid, never what
    it does. The action policy answers for every card that makes a player
    draw; the wild one is the Wild Draw Four's rule otherwise."""
    effect = rules.actions.effect(card, 3)
    if effect is not None and effect.draw:
        return effect.rule_id
    return "action.wild-draw-four" if card.color is None else "action.draw-two"
