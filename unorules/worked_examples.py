"""Worked examples: one or more small positions for every available rule.

Each :class:`Example` names a rule ID, a rule set (a preset string), a
position and the moves to make in it. Running it (:meth:`Example.run`)
applies the moves in order and judges the last one with
:func:`unorules.explain`; the verdict cites the example's rule. The rules
reference of the documentation shows every example with the verdict the
library gives, and the test suite checks that each one still cites its rule.

A position is either a situation line in the notation of
:mod:`unorules.notation`, or a freshly dealt round (:func:`unorules.new_round`)
from a fixed deck order, for the rules that act while the cards are dealt
and the start card is turned. A few rules show their effect in the
resulting position rather than in a verdict (the deal, the start card, the
score); their examples say so in :attr:`Example.note`.

>>> outcome = EXAMPLES["wd4.no-matching-colour"].run()
>>> outcome.verdict.verdict if outcome.verdict else None
'bluff'
>>> "wd4.no-matching-colour" in outcome.cited
True

:data:`DISPUTES` holds the acceptance cases of the project: the disputes
people have at the table, each with the example that settles it.
"""

from __future__ import annotations

import shlex
import types
from collections.abc import Mapping

import attrs

from unorules.dealing import new_round, next_round
from unorules.errors import SituationError
from unorules.explanations.verdicts import Verdict, describe_state, explain
from unorules.moves import Move
from unorules.notation import as_held, parse_moves, parse_situation
from unorules.rules import presets
from unorules.rules.policies import game_outcome
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState

__all__ = ["DISPUTES", "EXAMPLES", "Dispute", "Example", "Outcome", "describe", "examples_for"]

# The first 28 cards of a deck order for four players with the dealer in seat 3:
# dealt one at a time clockwise from seat 0, so seat 0 gets the reds, seat 1 the
# yellows, seat 2 the greens and seat 3 the blues. The next card is the start card.
DEAL_28 = "R1 Y1 G1 B1 R2 Y2 G2 B2 R3 Y3 G3 B3 R4 Y4 G4 B4 R5 Y5 G5 B5 R6 Y6 G6 B6 R8 Y8 G8 B8"
"""A deck order that deals seat 0 the reds, seat 1 the yellows, seat 2 the
greens and seat 3 the blues (four players, dealer in seat 3)."""


@attrs.frozen(slots=True, kw_only=True)
class Example:
    """One worked example.

    Attributes:
        rule_id: the rule it shows (an ID of :data:`unorules.CATALOGUE`).
        title: what happens, in a few words.
        preset: the rule set, as a preset string for :func:`unorules.rules.presets.get`.
        situation: the position as a situation line (see
            :func:`unorules.notation.parse_situation`); ``None`` for a dealt round.
        moves: the moves in move notation, separated by ``;``; the last one is
            judged. Empty for an example whose rule shows in the position itself.
        deck: for a dealt round, the order to deal from, top first (the rest of
            the deck follows, shuffled by ``seed``).
        players: for a dealt round, the number of seats.
        dealer: for a dealt round, the dealer's seat (default the last seat).
        seed: for a dealt round, the seed of its shuffles.
        then_next_round: after the moves, deal the next round of the game.
        note: what to look at when the rule shows in the position rather than
            in the verdict.
    """

    rule_id: str
    title: str
    preset: str = "official"
    situation: str | None = None
    moves: str = ""
    deck: str | None = None
    players: int = 4
    dealer: int | None = None
    seed: int = 0
    then_next_round: bool = False
    note: str = ""

    def rules(self) -> RuleSet:
        """The rule set of the example.

        Raises:
            RuleSetError: when the preset string names a rule that is not
                available (yet).
        """
        return presets.get(self.preset)

    def start(self) -> GameState:
        """The position before the first move.

        Raises:
            RuleSetError: as :meth:`rules`.
            NotationError: when the situation line does not parse.
            SituationError: when the position cannot exist under the rules.
        """
        rules = self.rules()
        if self.situation is not None:
            return parse_situation(self.situation).to_state(rules)
        return new_round(rules, self.players, self.seed, dealer=self.dealer, deck=self.deck)

    def parsed_moves(self) -> tuple[Move, ...]:
        """The moves, parsed."""
        return parse_moves(self.moves)

    def run(self) -> Outcome:
        """Make the moves and judge each of them.

        Returns:
            The :class:`Outcome`: the verdicts and the final position.

        Raises:
            SituationError: when a move other than the last is refused (only
                the judged move may be illegal), or the next round cannot be
                dealt.
        """
        start = self.start()
        state = start
        verdicts: list[Verdict] = []
        moves = self.parsed_moves()
        for i, move in enumerate(moves):
            # "R5" for the two-sided R5:OR the player holds (as_held).
            if 0 <= move.player < len(state.hands):
                move = as_held(move, state.hands[move.player])
            verdict = explain(state, move)
            verdicts.append(verdict)
            if verdict.state is None:
                if i != len(moves) - 1:
                    raise SituationError(
                        f"example {self.rule_id}: move {move} is refused before the last "
                        f"move: {verdict.reason}"
                    )
                break
            state = verdict.state
        if self.then_next_round:
            state = next_round(state)
        return Outcome(example=self, start=start, verdicts=tuple(verdicts), state=state)

    def command(self) -> str | None:
        """The ``unorules explain`` command line that judges the same move, or
        ``None`` for a dealt round (the command takes a situation line)."""
        if self.situation is None or not self.moves:
            return None
        words = ["unorules", "explain"]
        if self.preset != "official":
            words += ["--rules", self.preset]
        words += [self.situation, self.moves]
        return " ".join(_quote(w) for w in words)


def _quote(word: str) -> str:
    """Quote a shell word with double quotes (easier to read than ``shlex``'s
    single quotes, and the notation has no ``$``, backquote or ``"``)."""
    if word == shlex.quote(word):
        return word
    return f'"{word}"'


@attrs.frozen(slots=True, kw_only=True)
class Outcome:
    """What running an :class:`Example` gave.

    Attributes:
        example: the example.
        start: the position before the first move.
        verdicts: one verdict per move judged, in order.
        state: the position after the last allowed move (after dealing the
            next round with ``then_next_round``).
    """

    example: Example
    start: GameState
    verdicts: tuple[Verdict, ...]
    state: GameState

    @property
    def verdict(self) -> Verdict | None:
        """The verdict on the last move, or ``None`` when there are no moves."""
        return self.verdicts[-1] if self.verdicts else None

    @property
    def cited(self) -> tuple[str, ...]:
        """The rule IDs the last verdict cites (empty without moves)."""
        return self.verdict.rule_ids if self.verdict else ()


def describe(state: GameState) -> str:
    """A few lines on a position: the turn, every hand, the piles, the dealer
    and the scores.

    >>> import unorules as ur
    >>> print(describe(ur.situation(ur.presets.official(), ["R1", "G2 B3"], top="R7")))
    seat 0 to play on red (R7), clockwise; hands 1/2, draw pile 104
    seat 0: R1
    seat 1: G2 B3
    discard pile (oldest first): R7
    dealer: seat 1
    scores: 0 0
    """
    lines = [describe_state(state)]
    lines += [
        f"seat {i}: {' '.join(c.code for c in hand) or '-'}" for i, hand in enumerate(state.hands)
    ]
    lines.append(f"discard pile (oldest first): {' '.join(c.code for c in state.discard_pile)}")
    lines.append(f"dealer: seat {state.dealer}")
    lines.append("scores: " + " ".join(str(s) for s in state.scores))
    if state.game_over:
        lines.append(
            "the game is over: " + game_outcome(state.rules.scoring, state.scores, state.winner)
        )
    return "\n".join(lines)


def _dealt(
    rule_id: str, title: str, start_card: str, note: str, preset: str = "official"
) -> Example:
    return Example(
        rule_id=rule_id,
        title=title,
        preset=preset,
        deck=f"{DEAL_28} {start_card}",
        dealer=3,
        seed=1,
        note=note,
    )


_WIN_SITUATION = "top G1; hands GS / W W+4 R+2 / B3"

_ALL: tuple[Example, ...] = (
    # --- components and setup ---------------------------------------------------------
    Example(
        rule_id="deck.classic-108",
        title="A dealt round uses all 108 cards",
        seed=7,
        note=(
            "Four hands of 7, the start card and the draw pile add up to the 108 cards of "
            "the classic deck."
        ),
    ),
    Example(
        rule_id="players.range",
        title="A seat that is not at the table cannot play",
        situation="top R7; hands R3 G5 / B2 B9 / Y1 Y2",
        moves="3 draw",
    ),
    _dealt(
        "setup.deal",
        "Seven cards each, one at a time from the dealer's left",
        "G7",
        "The dealer is seat 3, so the first card goes to seat 0, the second to seat 1, and so "
        "on round the table: seat 0 ends up with every fourth card of the deck order.",
    ),
    _dealt(
        "setup.start-card",
        "The next card starts the discard pile",
        "G7",
        "After the 28 cards of the deal, the next card of the deck (G7) is turned up as the "
        "start card; the rest is the draw pile.",
    ),
    _dealt(
        "setup.first-player",
        "The player left of the dealer plays first",
        "G7",
        "A number start card has no effect: seat 0, left of the dealer (seat 3), has the "
        "first turn and play goes clockwise.",
    ),
    Example(
        rule_id="setup.dealer-rotates",
        title="The next round is dealt by the next seat",
        situation=_WIN_SITUATION,
        moves="0 play GS",
        then_next_round=True,
        note=(
            "Seat 2 dealt the first round. Seat 0 goes out, and the next round is dealt by "
            "seat 0, the next seat clockwise; seat 1 plays first. The scores carry over."
        ),
    ),
    Example(
        rule_id="deck.modern-112",
        title="The 2018 deck: 112 cards with Wild Shuffle Hands and three blank cards",
        preset="official+deck.modern-112",
        seed=7,
        note=(
            "Four hands of 7, the start card and the draw pile add up to 112 cards: the 108 "
            "of the classic deck, one Wild Shuffle Hands (WS) and three Wild Customizable "
            "blank cards (WC)."
        ),
    ),
    Example(
        rule_id="deck.modern-112-swap",
        title="The printing with Wild Swap Hands instead of Wild Shuffle Hands",
        preset="official+deck.modern-112-swap",
        seed=7,
        note=(
            "112 cards again, but the special wild card is a Wild Swap Hands (WX); there is "
            "no Wild Shuffle Hands in this deck."
        ),
    ),
    Example(
        rule_id="deck.two-decks",
        title="Two decks for twelve players",
        preset="two-decks",
        players=12,
        seed=3,
        note=(
            "Two classic decks mixed: 216 cards, so twelve players get 7 cards each and the "
            "draw pile still holds over a hundred. The preset plays to 1000 points."
        ),
    ),
    Example(
        rule_id="deck.junior",
        title="UNO Junior: 36 cards, five each",
        preset="junior",
        seed=3,
        note=(
            "The Junior deck has the numbers 1 to 7 in four colours, a Draw Two of each colour "
            "and four wild cards: 36 cards. Each of the four players gets 5."
        ),
    ),
    Example(
        rule_id="setup.dealer-draw",
        title="Drawing a card to choose the first dealer",
        preset="official+setup.dealer-draw",
        seed=2,
        dealer=2,
        note=(
            "Before the first round each player draws a card (seed 2): seat 0 a yellow Draw "
            "Two, which counts 0, seat 1 a blue 5, seats 2 and 3 a yellow 9 and a green 9. "
            "Seats 2 and 3 are tied, so they draw again: a blue 9 against a green Draw Two "
            "(0). Seat 2 deals, and seat 3, on its left, plays first. "
            "`ur.new_game(rules, players=4, seed=2)` makes this draw and deals this round."
        ),
    ),
    # --- start card ---------------------------------------------------------------------
    _dealt(
        "start.skip",
        "A Skip start card skips the player left of the dealer",
        "RS",
        "Seat 0 would play first, but the Skip start card skips it: seat 1 plays first.",
    ),
    _dealt(
        "start.reverse.dealer",
        "A Reverse start card: the dealer plays first, counter-clockwise",
        "RR",
        "The dealer (seat 3) has the first turn and play runs counter-clockwise.",
    ),
    _dealt(
        "start.reverse.right-of-dealer",
        "A Reverse start card: the dealer's right plays first",
        "RR",
        "Play runs counter-clockwise and starts with seat 2, on the dealer's right.",
        preset="official+start.reverse.right-of-dealer",
    ),
    _dealt(
        "start.draw-two",
        "A Draw Two start card: the player left of the dealer draws 2 and is skipped",
        "R+2",
        "Seat 0 has drawn 2 cards (9 in hand) and lost its turn; seat 1 plays first.",
    ),
    Example(
        rule_id="start.wild",
        title="A Wild start card: the player left of the dealer names the colour",
        deck=f"{DEAL_28} W",
        dealer=3,
        seed=1,
        moves="0 color green",
    ),
    _dealt(
        "start.wild-draw-four",
        "A Wild Draw Four start card goes back into the deck",
        "W+4",
        "The Wild Draw Four that came up was returned to the deck, the deck was reshuffled "
        "and a new start card was turned; the deal itself is unchanged.",
    ),
    _dealt(
        "start.wd4-bottom",
        "A Wild Draw Four start card goes to the bottom of the draw pile",
        "W+4 R7",
        "The Wild Draw Four that came up went to the bottom of the draw pile, unshuffled, "
        "and the red 7 under it became the start card.",
        preset="official+start.wd4-bottom",
    ),
    _dealt(
        "start.wild-skipped",
        "A Wild start card goes to the bottom of the draw pile",
        "W R7",
        "The Wild that came up went to the bottom of the draw pile, unshuffled, and the red 7 "
        "under it became the start card: nobody names a colour.",
        preset="official+start.wild-skipped",
    ),
    _dealt(
        "start.shuffle-hands",
        "A Wild Shuffle Hands start card: the first player names the colour",
        "WS",
        "Seat 0, left of the dealer, names the colour and then plays; no hands are shuffled: "
        "every seat still holds the cards it was dealt.",
        preset="official-2018",
    ),
    _dealt(
        "start.customizable",
        "A blank start card is treated like a Wild",
        "WC",
        "The Wild Customizable start card works like a Wild start card: seat 0, left of the "
        "dealer, names the colour and then plays; the blank card's own rule does not apply.",
        preset="official-2018",
    ),
    _dealt(
        "start.number-only",
        "Turning cards until a number card comes",
        "RS R+2 W G7",
        "The Skip, the Draw Two and the Wild turned up first have no effect: they are covered "
        "until the green 7 starts the pile. Seat 0, left of the dealer, plays first, and "
        "nobody has drawn.",
        preset="official-2022",
    ),
    # --- a turn -------------------------------------------------------------------------
    Example(
        rule_id="play.match",
        title="A card that matches neither colour nor number",
        situation="top R7; hands G5 R3 B1 / B2 B9 / Y1 Y2",
        moves="0 play G5",
    ),
    Example(
        rule_id="play.match",
        title="Matching by number",
        situation="top R7; hands G7 B3 Y5 / B2 B9 / Y1 Y2",
        moves="0 play G7",
    ),
    Example(
        rule_id="play.one-card",
        title="One card per turn",
        situation="top R7; hands R3 R5 G1 / B2 B9 / Y1 Y2",
        moves="0 play R3; 0 play R5",
        note=(
            "Seat 0 has laid one card, so its turn is over: the second card comes too late. "
            "The verdict on the first card lists the lay under play.one-card."
        ),
    ),
    Example(
        rule_id="play.in-turn",
        title="Playing out of turn",
        situation="top Y2; hands B1 B2 / Y8 G3 / G5 G6; turn 0",
        moves="1 play Y8",
    ),
    Example(
        rule_id="info.hand-sizes-public",
        title="Anyone may count the cards in a hand",
        situation="top R7; hands R3 W+4 G5 / ?7 / ?4",
        note=(
            "Each player sees their own hand and how many cards the others hold (here 3, 7 "
            "and 4), never the others' cards."
        ),
    ),
    Example(
        rule_id="wild.any-time",
        title="A Wild on a card that could have been matched",
        situation="top R7; hands R3 W G5 / B2 B9 / Y1 Y2",
        moves="0 play W blue",
    ),
    Example(
        rule_id="wild.restricted",
        title="A Wild while holding a matching card",
        preset="official+wild.restricted",
        situation="top R7; hands R3 W G5 / B2 B9 / Y1 Y2",
        moves="0 play W blue",
    ),
    Example(
        rule_id="wd4.no-matching-colour",
        title="A Wild Draw Four while holding the colour in force",
        situation="top R7; hands R3 W+4 G5 / B2 B9 / Y1 Y2",
        moves="0 play W+4 blue",
    ),
    Example(
        rule_id="wd4.no-matching-colour",
        title="A Wild Draw Four while holding only a card of the same number",
        situation="top R7; hands G7 W+4 B5 / B2 B9 / Y1 Y2",
        moves="0 play W+4 green",
    ),
    Example(
        rule_id="wd4.no-playable-card",
        title="A Wild Draw Four while holding a card of the same number",
        preset="official+wd4.no-playable-card",
        situation="top R7; hands G7 W+4 B5 / B2 B9 / Y1 Y2",
        moves="0 play W+4 green",
    ),
    Example(
        rule_id="wd4.unrestricted",
        title="A Wild Draw Four while holding the colour in force",
        preset="official+wd4.unrestricted",
        situation="top R7; hands R3 W+4 G5 / B2 B9 / Y1 Y2",
        moves="0 play W+4 blue",
    ),
    Example(
        rule_id="draw.one-then-may-play",
        title="Drawing one card that fits",
        situation="top B4; hands G1 Y2 / R1 R2 / Y7 Y8; draw B6 G5",
        moves="0 draw",
    ),
    Example(
        rule_id="draw.allowed-when-playable",
        title="After drawing, only the drawn card may be played",
        situation="top B4; hands B9 G1 / R1 R2 / Y7 Y8; draw Y4 G5 G6",
        moves="0 draw; 0 play B9",
    ),
    # --- action cards -------------------------------------------------------------------
    Example(
        rule_id="action.skip",
        title="A Skip",
        situation="top R7; hands RS G5 B1 / B2 B9 / Y1 Y2",
        moves="0 play RS",
    ),
    Example(
        rule_id="action.reverse",
        title="A Reverse with three players",
        situation="top R7; hands RR G5 B1 / B2 B9 / Y1 Y2",
        moves="0 play RR",
    ),
    Example(
        rule_id="action.draw-two",
        title="Answering a Draw Two with a Draw Two",
        situation="top R5; hands R+2 G3 G4 / B+2 Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3 Y4 Y5 Y6",
        moves="0 play R+2; 1 play B+2",
    ),
    Example(
        rule_id="action.wild",
        title="A Wild names the colour in force",
        situation="top R7; hands W G5 B1 / B2 B9 / Y1 Y2",
        moves="0 play W blue",
    ),
    Example(
        rule_id="action.wild-draw-four",
        title="A Wild Draw Four makes the next player draw 4",
        situation="top R7; hands W+4 G5 B1 / B2 B9 / Y1 Y2; draw Y3 Y4 Y5 Y6",
        moves="0 play W+4 blue; 1 draw",
    ),
    Example(
        rule_id="action.two-player-reverse",
        title="A Reverse with two players",
        situation="top G3; hands GR G5 / B1 B2 B3",
        moves="0 uno; 0 play GR",
    ),
    Example(
        rule_id="action.shuffle-hands",
        title="A Wild Shuffle Hands collects and redeals every hand",
        preset="official-2018",
        situation="top R7; hands WS R1 R2 / Y1 Y2 Y3 Y4 Y5 / G1 / B1 B2 B3",
        moves="0 play WS blue",
    ),
    Example(
        rule_id="action.swap-hands",
        title="A Wild Swap Hands",
        preset="official+deck.modern-112-swap",
        situation="top R7; hands WX R1 R2 / Y1 Y2 Y3 Y4 Y5 / G1 G2 / B1 B2 B3",
        moves="0 play WX blue swap 1",
    ),
    Example(
        rule_id="action.customizable",
        title="A blank card acts as a Wild",
        preset="official-2018",
        situation="top R7; hands WC R1 R2 / Y1 Y2 Y3 / G1 G2; draw Y7 Y8",
        moves="0 play WC green",
    ),
    # --- UNO call -----------------------------------------------------------------------
    Example(
        rule_id="uno.call",
        title="A late UNO call, before anyone points it out",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 0 uno",
    ),
    Example(
        rule_id="uno.call-strict",
        title="A late UNO call does not protect",
        preset="official+uno.call-strict",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 0 uno",
    ),
    Example(
        rule_id="uno.penalty",
        title="A missed UNO call pointed out in time",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 2 catch 0",
    ),
    Example(
        rule_id="uno.window-closes",
        title="A missed UNO call pointed out too late",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 1 play R9; 2 catch 0",
    ),
    Example(
        rule_id="uno.window-until-play",
        title="A missed UNO call pointed out after the next player has played",
        preset="official+uno.window-until-play",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 1 play R9; 2 catch 0",
    ),
    Example(
        rule_id="uno.penalty",
        title="A missed UNO call that costs 4 cards",
        preset="official+uno.penalty=4",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 1 catch 0",
    ),
    Example(
        rule_id="uno.call-at-one",
        title="Calling UNO before laying the second-to-last card",
        preset="official+uno.call-at-one",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 uno",
    ),
    Example(
        rule_id="uno.call-at-one",
        title="Calling UNO with one card left",
        preset="official+uno.call-at-one",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 0 uno",
    ),
    Example(
        rule_id="uno.none",
        title="Pointing out a missing UNO call when nobody calls",
        preset="official+uno.none",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 1 catch 0",
    ),
    Example(
        rule_id="uno.catch-any-time",
        title="A missed UNO call caught a turn later",
        preset="official+uno.catch-any-time",
        situation="top R7; hands R3 R5 / R9 B1 B2 / R1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 1 play R9; 2 play R1; 1 catch 0",
    ),
    Example(
        rule_id="uno.reminder",
        title="A missed UNO call gets a reminder",
        preset="official+uno.reminder",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 2 catch 0",
    ),
    Example(
        rule_id="uno.call-at-two",
        title="Calling UNO while holding two cards",
        preset="official+uno.call-at-two",
        situation="top R7; hands B3 B5 / R9 B1 B2 / G1 G2 G3",
        moves="0 uno",
    ),
    Example(
        rule_id="uno.call-at-two",
        title="A late UNO call does not count",
        preset="official+uno.call-at-two",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5",
        moves="0 play R3; 0 uno",
    ),
    Example(
        rule_id="uno.required-to-win",
        title="Going out without having called UNO",
        preset="official+uno.required-to-win",
        situation="top R7; hands R3 R5 / B9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4",
        moves="0 play R3; 1 draw; 2 draw; 0 play R5",
    ),
    Example(
        rule_id="uno.false-call",
        title="Calling UNO with three cards in hand",
        preset="official+uno.false-call",
        situation="top R7; hands R3 R5 R6 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3",
        moves="1 uno",
    ),
    # --- challenge ----------------------------------------------------------------------
    Example(
        rule_id="challenge.wd4",
        title="A challenge that catches a bluff",
        situation="top R7; hands W+4 R3 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6",
        moves="0 play W+4 blue; 1 challenge",
    ),
    Example(
        rule_id="challenge.wd4",
        title="A challenge that fails",
        situation="top R7; hands W+4 G7 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6 B7 B8",
        moves="0 play W+4 blue; 1 challenge",
    ),
    Example(
        rule_id="challenge.wd4",
        title="A caught bluff that answered a Draw Two",
        preset="official+house.stack-draw-two+house.stack-draw-four-on-two",
        situation=("top R5; hands R+2 G1 G2 / W+4 R3 Y4 / B1 B2 B3; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8"),
        moves="0 play R+2; 1 play W+4 blue; 2 challenge",
        note=(
            "Seat 1 answered the Draw Two with a Wild Draw Four while holding red: an "
            "unlawful answer, so the 2 cards it passed on come back to it with the 4 for the "
            "bluff, and seat 2 plays on blue."
        ),
    ),
    Example(
        rule_id="challenge.anyone",
        title="A player other than the victim challenges",
        preset="official+challenge.anyone",
        situation="top R7; hands W+4 R3 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6",
        moves="0 play W+4 blue; 2 challenge",
    ),
    Example(
        rule_id="challenge.none",
        title="No challenges",
        preset="official+challenge.none",
        situation="top R7; hands W+4 G7 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6",
        moves="0 play W+4 blue; 1 challenge",
    ),
    Example(
        rule_id="challenge.take-back",
        title="A caught bluffer takes the Wild Draw Four back",
        preset="official+challenge.take-back",
        situation="top R7; hands W+4 R3 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6",
        moves="0 play W+4 blue; 1 challenge",
    ),
    Example(
        rule_id="challenge.take-back",
        title="After taking the card back, only a legal card may be laid",
        preset="official+challenge.take-back",
        situation="top R7; hands W+4 R3 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6",
        moves="0 play W+4 blue; 1 challenge; 0 play B2",
    ),
    Example(
        rule_id="challenge.take-back",
        title="Taking back a bluff that answered a Draw Two",
        preset="official+house.stack-draw-two+house.stack-draw-four-on-two+challenge.take-back",
        situation=("top R5; hands R+2 G1 G2 / W+4 R3 B+2 / Y1 Y2 Y3; draw Y4 Y5 Y6 Y7 Y8 Y9 B1 B2"),
        moves="0 play R+2; 1 play W+4 blue; 2 challenge; 1 play B+2",
    ),
    Example(
        rule_id="challenge.also-wild",
        title="Challenging a Wild laid over a matching card",
        preset="official+wild.restricted+challenge.also-wild",
        situation="top R7; hands W R3 B2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4 B5 B6",
        moves="0 play W blue; 1 challenge",
    ),
    # --- end of round and the piles -----------------------------------------------------
    Example(
        rule_id="end.last-card",
        title="Going out with a Skip",
        situation=_WIN_SITUATION,
        moves="0 play GS",
    ),
    Example(
        rule_id="end.last-card-draw-applies",
        title="Going out with a Draw Two",
        situation="top G1; hands G+2 / W Y3 / B3; draw R1 R2 R3",
        moves="0 play G+2",
    ),
    Example(
        rule_id="end.last-card-no-effect",
        title="Going out with a Draw Two",
        preset="official+end.last-card-no-effect",
        situation="top G1; hands G+2 / W Y3 / B3; draw R1 R2 R3",
        moves="0 play G+2",
    ),
    Example(
        rule_id="pile.reshuffle",
        title="Drawing from an empty draw pile",
        situation="top W red; hands G7 B8 / Y1 Y2 / B1 B2; draw -; discard G1 G2 B3 Y4 B5 W",
        moves="0 draw",
    ),
    Example(
        rule_id="pile.exhausted",
        title="No cards left to draw",
        situation="top R7; hands G1 B8 / Y1 Y2 / B1 B2 B3; draw -",
        moves="0 draw",
    ),
    Example(
        rule_id="pile.nothing-to-draw",
        title="Drawing from nothing while a card fits",
        situation="top R7; hands R1 B8 / Y1 Y2 / B1 B2 B3; draw -",
        moves="0 draw",
    ),
    Example(
        rule_id="end.no-wd4-last",
        title="A Wild Draw Four as the last card",
        preset="official+end.no-wd4-last",
        situation="top R7; hands W+4 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4",
        moves="0 play W+4 blue",
    ),
    Example(
        rule_id="end.no-wd4-last",
        title="Stuck with a Wild Draw Four: draw three",
        preset="official+end.no-wd4-last",
        situation="top R7; hands W+4 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4",
        moves="0 draw",
    ),
    Example(
        rule_id="end.no-draw-card-last",
        title="A Draw Two as the last card",
        preset="official+end.no-draw-card-last",
        situation="top R7; hands R+2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4",
        moves="0 play R+2",
    ),
    Example(
        rule_id="end.no-draw-card-last",
        title="Stuck with a Draw Two: draw one",
        preset="official+end.no-draw-card-last",
        situation="top R7; hands R+2 / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4",
        moves="0 draw",
    ),
    Example(
        rule_id="end.no-wild-last",
        title="A Wild as the last card",
        preset="official+end.no-wild-last",
        situation="top R7; hands W / Y5 Y6 / G1 G2; draw Y1 Y2 Y3 Y4",
        moves="0 play W blue",
    ),
    Example(
        rule_id="end.number-card-last",
        title="Going out with a Skip",
        preset="official+end.number-card-last",
        situation="top R7; hands RS / Y5 Y6 / G1 G2; draw Y1 Y2",
        moves="0 play RS",
    ),
    Example(
        rule_id="end.shuffle-hands-last",
        title="A Wild Shuffle Hands as the last card",
        preset="official-2018",
        situation="top R7; hands WS / Y5 Y6 Y7 / G1 G2",
        moves="0 play WS blue",
    ),
    Example(
        rule_id="end.shuffle-hands-last",
        title="A last Wild Shuffle Hands with too few cards to reach its player",
        preset="official-2018",
        situation="top R7; hands WS / R1 / G1",
        moves="0 play WS blue",
        note=(
            "The two cards in play are dealt from seat 1 on, so the deal never reaches seat "
            "0: it holds no cards and has gone out after all."
        ),
    ),
    Example(
        rule_id="end.play-on",
        title="The others play on for second place",
        preset="official+end.play-on",
        situation="top R7; hands R5 / R6 / R8 G2; draw Y1 Y2 Y3",
        moves="0 play R5",
    ),
    # --- scoring ------------------------------------------------------------------------
    Example(
        rule_id="score.card-values",
        title="What the cards left in hand are worth",
        situation=_WIN_SITUATION,
        moves="0 play GS",
        note=(
            "Seat 0 goes out and scores the cards left in the other hands: Wild 50, Wild "
            "Draw Four 50, Draw Two 20 and the 3, so 123 points."
        ),
    ),
    Example(
        rule_id="score.winner-takes",
        title="The winner scores the other hands",
        situation=_WIN_SITUATION,
        moves="0 play GS",
    ),
    Example(
        rule_id="score.target",
        title="Reaching the target score ends the game",
        situation=f"{_WIN_SITUATION}; scores 400 120 90",
        moves="0 play GS",
        note=(
            "Seat 0 had 400 points and scores 123 more: with 523 it has reached the target "
            "of 500, so the game is over and no further round is dealt."
        ),
    ),
    Example(
        rule_id="score.double",
        title="The winner scores twice the other hands",
        preset="official+score.double",
        situation=_WIN_SITUATION,
        moves="0 play GS",
        note=(
            "Seat 0 goes out: the other hands are worth 50 + 50 + 20 + 3 = 123 points, "
            "doubled to 246."
        ),
    ),
    Example(
        rule_id="challenge.penalty",
        title="A failed challenge that costs 4 + 4",
        preset="official+challenge.penalty=4",
        situation="top R7; hands W+4 G3 G4 / B1 B2 / Y1 Y2; draw Y5 Y6 Y7 Y8 Y9 G1 G2 G5 G6",
        moves="0 play W+4 blue; 1 challenge",
    ),
    Example(
        rule_id="score.most-cards-out",
        title="The player holding the most cards leaves the game",
        preset="official+score.most-cards-out",
        situation="top R7; hands R5 / B2 Y7 B3 / G9 G8",
        moves="0 play R5",
    ),
    Example(
        rule_id="house.teams",
        title="Partners score together",
        preset="official+house.teams",
        situation="top R7; hands R5 / B2 Y7 / G9 G8 / Y1",
        moves="0 play R5",
        note=(
            "Seats 0 and 2 are partners, as are seats 1 and 3. Seat 0 goes out: the team scores "
            "the hands of seats 1 and 3 (2 + 7 + 1 = 10), not its partner's G9 and G8, and "
            "both partners' totals go up by 10."
        ),
    ),
    Example(
        rule_id="score.card-values-2022",
        title="Every wild card is worth 50",
        preset="official-2022",
        situation="top G1; hands G2 / WS WC W+4 W / Y3 G+2",
        moves="0 play G2",
        note=(
            "Seat 0 goes out and scores the other hands. Under the 2022 values the Wild "
            "Shuffle Hands and the blank card are worth 50 like the other wild cards: "
            "4 x 50 + 3 + 20 = 223 points (the 2018 values would give 203)."
        ),
    ),
    Example(
        rule_id="score.penalty-points",
        title="Every player notes their own hand",
        preset="official+score.penalty-points",
        situation="top G1; hands G2 / W B9 / Y3 G+2; scores 300 100 480",
        moves="0 play G2",
    ),
    Example(
        rule_id="score.elimination",
        title="The last player under 500 wins",
        preset="official+score.elimination",
        situation="top G1; hands G2 / - / Y3 G+2 / B1; scores 10 600 490 499",
        moves="0 play G2",
    ),
    Example(
        rule_id="score.single-round",
        title="One round decides the game",
        preset="official+score.single-round",
        situation="top G1; hands G2 / W B9 / Y3 G+2",
        moves="0 play G2",
    ),
    # --- house rules --------------------------------------------------------------------
    Example(
        rule_id="house.stack-draw-two",
        title="Answering a Draw Two with a Draw Two",
        preset="official+house.stack-draw-two",
        situation="top R5; hands R+2 G3 G4 / B+2 Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3 Y4 Y5 Y6",
        moves="0 play R+2; 1 play B+2",
    ),
    Example(
        rule_id="house.stack-draw-four-on-two",
        title="Answering a Draw Two with a Wild Draw Four",
        preset="official+house.stack-draw-two+house.stack-draw-four-on-two",
        situation="top R5; hands R+2 G3 G4 / W+4 Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3 Y4 Y5 Y6",
        moves="0 play R+2; 1 play W+4 yellow",
    ),
    Example(
        rule_id="house.stack-draw-four",
        title="Answering a Wild Draw Four with a Wild Draw Four",
        preset="official+house.stack-draw-four",
        situation="top R5; hands W+4 G3 G4 / W+4 Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8",
        moves="0 play W+4 green; 1 play W+4 yellow",
    ),
    Example(
        rule_id="house.stack-escalating",
        title="Answering a Wild Draw Four with a Draw Two",
        preset="official+house.stack-escalating",
        situation="top R5; hands W+4 G3 G4 / G+2 Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3 Y4 Y5 Y6",
        moves="0 play W+4 green; 1 play G+2",
    ),
    Example(
        rule_id="house.stack-skip",
        title="Answering a Skip with a Skip",
        preset="official+house.stack-skip",
        situation="top R5; hands RS G3 G4 / BS Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3",
        moves="0 play RS; 1 play BS",
    ),
    Example(
        rule_id="house.stack-draw-two-on-four",
        title="A Draw Two on a Wild Draw Four",
        preset="official+house.stack-draw-two-on-four",
        situation="top R5; hands W+4 G3 G4 / B+2 Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7",
        moves="0 play W+4 blue; 1 play B+2",
    ),
    Example(
        rule_id="house.skip-deflect",
        title="Turning a Draw Two aside with a Skip",
        preset="official+house.skip-deflect",
        situation="top R5; hands R+2 G3 G4 / BS Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3",
        moves="0 play R+2; 1 play BS",
    ),
    Example(
        rule_id="house.reverse-deflect",
        title="Sending a Draw Two back with a Reverse",
        preset="official+house.reverse-deflect",
        situation="top R5; hands R+2 G3 G4 / BR Y9 Y8 / G1 G2 G6; draw Y1 Y2 Y3",
        moves="0 play R+2; 1 play BR",
    ),
    Example(
        rule_id="house.revenge",
        title="A Draw Two on a Draw Two counts twice",
        preset="official+house.revenge",
        situation="top R5; hands R+2 G3 G4 / Y9 Y8 / G+2 G1 G6; draw Y1 Y2 Y3 Y4 Y5 Y6 Y7",
        moves="0 play R+2; 1 draw; 2 play G+2",
    ),
    Example(
        rule_id="house.misplay-penalty",
        title="Laying a card that does not fit",
        preset="official+house.misplay-penalty",
        situation="top B7; hands R3 G5 B1 / Y5 Y6 / Y8 Y9; draw R9 R8 R7",
        moves="0 play R3",
    ),
    Example(
        rule_id="house.multiple-same-number",
        title="Three fives in one turn",
        preset="official+house.multiple-same-number",
        situation="top R5; hands B5 G5 Y5 R3 Y7 / B2 B3 / Y1 Y2; draw G1 G2 G3",
        moves="0 play B5 G5 Y5",
    ),
    Example(
        rule_id="house.bomb",
        title="A bomb of three fives",
        preset="official+house.multiple-same-number+house.bomb",
        situation="top R5; hands B5 G5 Y5 R3 Y7 / B2 B3 / Y1 Y2; draw G1 G2 G3",
        moves="0 play B5 G5 Y5",
    ),
    Example(
        rule_id="house.force-play",
        title="Drawing while holding a card that fits",
        preset="official+house.force-play",
        situation="top B4; hands B9 G1 / R1 R2 / Y7 Y8; draw Y4 G5 G6",
        moves="0 draw",
    ),
    Example(
        rule_id="house.hand-limit",
        title="Too many cards to draw",
        preset="official+house.hand-limit=5",
        situation="top B4; hands R1 R2 R3 Y1 Y2 / G1 G2 / Y7 Y8; draw Y4 G5 G6",
        moves="0 draw",
    ),
    Example(
        rule_id="house.hand-limit",
        title="Nothing fits and no drawing: a pass",
        preset="official+house.hand-limit=5",
        situation="top B4; hands R1 R2 R3 Y1 Y2 / G1 G2 / Y7 Y8; draw Y4 G5 G6",
        moves="0 pass",
    ),
    Example(
        rule_id="house.blind-draw",
        title="A drawn card that fits stays in the hand",
        preset="official+house.blind-draw",
        situation="top B4; hands G1 Y2 / R1 R2 / Y7 Y8; draw B6 G5",
        moves="0 draw",
    ),
    Example(
        rule_id="house.blitz",
        title="The last turn on the clock",
        preset="official+house.blitz=10",
        situation="top R5; hands R7 G2 / B3 B4 / Y4 Y5; clock 9",
        moves="0 play R7",
        note=(
            "Nine turns of the game's ten have ended. Seat 0's red 7 ends the tenth: the "
            "round and the game stop there. Seat 0 holds one card and the others two each, "
            "so seat 0 wins and scores their 16 points."
        ),
    ),
    Example(
        rule_id="house.shuffle-seats",
        title="New seats for the next round",
        preset="official+house.shuffle-seats",
        situation="top R5; hands R7 / B3 B4 / Y4 Y5",
        moves="0 play R7",
        note=(
            "Seat 0 goes out and scores 16 points (3 + 4 + 4 + 5). Before the next round the "
            "three players draw new seats; the 16 points go with the player who won them."
        ),
    ),
    Example(
        rule_id="house.open-below",
        title="A hand of two cards lies open",
        preset="official+house.open-below=3",
        situation="top B4; hands B5 G1 R5 / R1 R2 / Y7 Y8 Y9 B1",
        moves="0 play B5",
        note=(
            "Seat 0 lays its blue 5 and holds two cards: under house.open-below=3 every "
            "player now sees them (G1 and R5), and seat 1's two cards too; seat 2's four "
            "cards stay hidden."
        ),
    ),
    Example(
        rule_id="house.play-drawn",
        title="Keeping a drawn card that fits",
        preset="official+house.play-drawn",
        situation="top B4; hands G1 Y2 / R1 R2 / Y7 Y8; draw B6 G5",
        moves="0 draw; 0 pass",
    ),
    Example(
        rule_id="house.draw-until-playable",
        title="Drawing until a card fits",
        preset="official+house.draw-until-playable",
        situation="top B4; hands G1 Y2 / R1 R2 / Y7 Y8; draw Y1 R3 B6 G5",
        moves="0 draw",
    ),
    Example(
        rule_id="house.jump-in",
        title="Jumping in with an identical card",
        preset="official+house.jump-in",
        situation="top G4; hands R1 R2 R3 / B1 B2 B3 / G4 Y1 / Y5 Y6 Y7; turn 0",
        moves="2 play G4",
    ),
    Example(
        rule_id="house.jump-in",
        title="Jumping in with a Wild",
        preset="official+house.jump-in",
        situation="top W red; hands R1 R2 / B1 B2 / W Y1 / Y5 Y6; turn 0",
        moves="2 play W red",
    ),
    Example(
        rule_id="house.jump-in-wild",
        title="Jumping in with a Wild Draw Four",
        preset="official+house.jump-in+house.jump-in-wild",
        situation="top W+4 red; hands R1 R2 / B1 B2 / W+4 Y1 Y3 / Y5 Y6; turn 0",
        moves="2 play W+4 blue",
    ),
    Example(
        rule_id="house.seven-swap",
        title="A 7 swaps hands, a 0 does not move them",
        preset="official+house.seven-swap",
        situation="top R2; hands R7 B1 R0 / Y5 Y6 / G1 G2 G3 G4",
        moves="0 play R7 swap 2",
    ),
    Example(
        rule_id="house.zero-pass",
        title="A 0 passes every hand on",
        preset="official+house.zero-pass",
        situation="top R2; hands R0 B1 R7 / Y5 Y6 / G1 G2 G3 G4",
        moves="0 play R0",
    ),
    Example(
        rule_id="house.seven-zero",
        title="A 7 swaps hands",
        preset="official+house.seven-zero",
        situation="top R2; hands R7 B1 / Y5 Y6 / G1 G2 G3 G4",
        moves="0 uno; 0 play R7 swap 2",
    ),
    Example(
        rule_id="house.seven-zero",
        title="A 0 passes every hand on",
        preset="official+house.seven-zero",
        situation="top R5; hands R0 R1 R2 / B1 B2 / G1 G2 G3 G4 / Y5",
        moves="0 play R0",
    ),
    Example(
        rule_id="house.seven-optional",
        title="A 7 without swapping",
        preset="official+house.seven-optional",
        situation="top R5; hands R7 R1 R2 / B1 B2 / G1 G2 G3",
        moves="0 play R7",
    ),
    Example(
        rule_id="house.multiple-identical",
        title="Two identical cards at once",
        preset="official+house.multiple-identical",
        situation="top G7; hands G5 G5 R1 R2 / B1 B2 / G1 G2 G3",
        moves="0 play G5 x2",
    ),
    Example(
        rule_id="house.multiple-identical",
        title="Two Skips skip two players",
        preset="official+house.multiple-identical",
        situation="top R7; hands RS RS R1 R2 / B1 / G1 / Y5 / B7",
        moves="0 play RS x2",
    ),
    Example(
        rule_id="house.kids",
        title="The children's game",
        preset="kids",
        players=3,
        seed=4,
        note=(
            "The deck has no Wild Draw Four (104 cards), the hands are played face up (every "
            "player's view shows every hand), a missed UNO call only earns a reminder, and "
            "the first player out wins: no points are counted."
        ),
    ),
    Example(
        rule_id="house.timed-turns",
        title="Running out of time",
        preset="official+house.timed-turns",
        situation="top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3",
        moves="0 timeout",
    ),
    Example(
        rule_id="house.custom-cards",
        title="A blank card with the table's own rule",
        preset="official-2018+house.custom-cards",
        situation="top R7; hands WC R1 R2 / Y1 Y2 Y3 / G1 G2 / B1 B2 B3; draw Y7 Y8 Y9 B9",
        moves="0 play WC green",
    ),
    # --- UNO All Wild -------------------------------------------------------------------
    Example(
        rule_id="all-wild.deck",
        title="UNO All Wild: 112 wild cards, seven each",
        preset="all-wild",
        seed=3,
        note=(
            "Every card dealt is wild, of eight kinds, 14 of each: 112 cards. Each of the four "
            "players gets 7, and the start card W lies on the discard pile with no colour in "
            "force."
        ),
    ),
    Example(
        rule_id="all-wild.no-colour",
        title="Any card on any card, and no colour to name",
        preset="all-wild",
        situation="top WR; hands W WSK W+2 / WR W / W+2 W",
        moves="0 play W",
    ),
    Example(
        rule_id="all-wild.reverse",
        title="A Wild Reverse turns the direction",
        preset="all-wild",
        situation="top W; hands WR W W / W W / W W",
        moves="0 play WR",
    ),
    Example(
        rule_id="all-wild.skip",
        title="A Wild Skip Two skips two players",
        preset="all-wild",
        situation="top W; hands WSK2 W W / W W / W W / W W",
        moves="0 play WSK2",
    ),
    Example(
        rule_id="all-wild.draw",
        title="A Wild Draw Four: four cards and the turn lost",
        preset="all-wild",
        situation="top W; hands W+4 W W / W W / W W",
        moves="0 play W+4",
    ),
    Example(
        rule_id="all-wild.targeted-draw-two",
        title="A Wild Targeted Draw Two names who draws",
        preset="all-wild",
        situation="top W; hands WT+2 W W / W W / W W / W",
        moves="0 play WT+2 to 3",
    ),
    Example(
        rule_id="all-wild.forced-swap",
        title="A Wild Forced Swap: swapping hands is a must",
        preset="all-wild",
        situation="top W; hands WFS W W / WSK / W W W W",
        moves="0 play WFS",
    ),
    Example(
        rule_id="all-wild.start",
        title="A Wild Skip Two as the start card skips nobody",
        preset="all-wild",
        seed=5,
        note=(
            "The start card is a Wild Skip Two, but its action is ignored: seat 0, left of the "
            "dealer, plays first, clockwise, and nobody draws."
        ),
    ),
    Example(
        rule_id="all-wild.card-values",
        title="A plain Wild is worth 20, every other card 50",
        preset="all-wild",
        situation="top W; hands W / W WSK / WR W+4",
        moves="0 play W",
        note=(
            "Seat 0 goes out and scores the other hands: W and WSK are 20 + 50 = 70, WR and "
            "W+4 are 50 + 50 = 100, so 170 points."
        ),
    ),  # --- UNO Show 'em No Mercy ----------------------------------------------------------
    Example(
        rule_id="no-mercy.deck",
        title="No Mercy: 168 cards, seven each",
        preset="no-mercy",
        seed=2,
        note=(
            "The deck holds 168 cards: per colour two of every number, three Draw Twos, Skips, "
            "Reverses and Discard Alls, two Draw Fours and Skip Everyones, and 24 wild cards. "
            "Each of the four players gets 7."
        ),
    ),
    Example(
        rule_id="no-mercy.skip",
        title="A Skip skips the next player",
        preset="no-mercy",
        situation="top R5; hands RS R1 R2 / G1 G2 / B1 B2",
        moves="0 play RS",
    ),
    Example(
        rule_id="no-mercy.reverse",
        title="A Reverse turns the direction",
        preset="no-mercy",
        situation="top R5; hands RR R1 R2 / G1 G2 / B1 B2",
        moves="0 play RR",
    ),
    Example(
        rule_id="no-mercy.draw",
        title="A Wild Draw Ten: ten cards owed",
        preset="no-mercy",
        situation="top R5; hands W+10 R1 R2 / G1 G2 / B1 B2",
        moves="0 play W+10 blue",
    ),
    Example(
        rule_id="no-mercy.reverse-draw-four",
        title="Turned around, then four cards",
        preset="no-mercy",
        situation="top G5; hands WR+4 R1 R2 / G1 G2 / B1 B2 / Y1 Y2",
        moves="0 play WR+4 red",
    ),
    Example(
        rule_id="no-mercy.skip-everyone",
        title="Skip Everyone: the player goes again",
        preset="no-mercy",
        situation="top B5; hands BSE R1 R2 / G1 G2 / B1 B2 / Y1 Y2",
        moves="0 play BSE",
    ),
    Example(
        rule_id="no-mercy.discard-all",
        title="Discard All takes the colour along",
        preset="no-mercy",
        situation="top Y5; hands YDA Y1 Y8 G2 G3 / G1 G2 / B1 B2",
        moves="0 play YDA",
    ),
    Example(
        rule_id="no-mercy.colour-roulette",
        title="Colour Roulette: the victim picks the colour",
        preset="no-mercy",
        situation="top G5; hands WCR R1 R2 / G1 G2 / B1 B2; draw Y1 R3 B4 G6 Y9",
        moves="0 play WCR; 1 choose blue",
    ),
    Example(
        rule_id="no-mercy.seven-zero",
        title="A 7 swaps hands, a must",
        preset="no-mercy",
        situation="top G5; hands G7 R1 R2 / G1 G2 G3 G4 / B1",
        moves="0 play G7 swap 2",
    ),
    Example(
        rule_id="no-mercy.stacking",
        title="A Draw Four answers a Draw Two",
        preset="no-mercy",
        situation="top R5; hands R+2 R1 / G+4 G2 / B1 B2",
        moves="0 play R+2; 1 play G+4",
    ),
    Example(
        rule_id="no-mercy.draw-until-playable",
        title="Drawing until a card fits",
        preset="no-mercy",
        situation="top R5; hands G1 G2 / Y1 Y2 / B1 B2; draw B3 Y4 R7 G8",
        moves="0 draw",
    ),
    Example(
        rule_id="no-mercy.mercy",
        title="Twenty-five cards: out of the round",
        preset="no-mercy",
        situation=(
            "top R5; hands R+2 R1 / G1 G1 G2 G2 G3 G3 G4 G4 G6 G6 G7 G7 G8 G8 G9 G9 Y1 Y1 "
            "Y2 Y2 Y3 Y3 Y4 / B1 B2; draw B3 B4 B6"
        ),
        moves="0 play R+2; 1 draw",
    ),
    Example(
        rule_id="no-mercy.start",
        title="A wild start card is covered",
        preset="no-mercy",
        seed=3,
        note=(
            "The first card turned is a Wild Colour Roulette: its action is ignored and the "
            "next card, Y3, covers it. Seat 0, left of the dealer, plays first, clockwise."
        ),
    ),
    Example(
        rule_id="no-mercy.card-values",
        title="Wild cards 50, action cards 20",
        preset="no-mercy",
        situation="top R5; hands R9 / W+10 G2 / BDA B7",
        moves="0 play R9",
        note="Seat 0 goes out and scores W+10 50 + G2 2 + BDA 20 + B7 7 = 79 points.",
    ),
    # --- UNO Flip ---------------------------------------------------------------------------
    Example(
        rule_id="flip.deck",
        title="UNO Flip: 112 two-sided cards, light side up",
        preset="flip",
        seed=3,
        note=(
            "Every card has two sides, written light side first (R1:P1: a red 1 with a pink 1 "
            "behind it). Each of the four players gets 7 cards, light side up, and the start "
            "card shows its light side; the other players see the dark sides (PlayerView.backs)."
        ),
    ),
    Example(
        rule_id="flip.flip",
        title="A Flip turns the hands and both piles over",
        preset="flip",
        situation=(
            "top R1:P1; hands RF:W R5:OR Y2:T2 / G1:PR B1:V5 / B2:TSE G4:O2; discard G3:O3 R1:P1"
        ),
        moves="0 play RF:W",
    ),
    Example(
        rule_id="flip.draw-one",
        title="A Draw One: one card and the turn lost",
        preset="flip",
        situation="top R1:P1; hands R+1:W R5:OR Y2:T2 / G1:PR B1:V5 / B2:TSE G4:O2",
        moves="0 play R+1:W",
    ),
    Example(
        rule_id="flip.draw-five",
        title="A Draw Five: five cards and the turn lost",
        preset="flip",
        situation="top O3:G3; hands O+5:R6 OR:R3 T2:Y2 / PR:G1 V5:B1 / TSE:B2 O2:G4",
        moves="0 play O+5:R6",
    ),
    Example(
        rule_id="flip.skip-everyone",
        title="Skip Everyone: the player plays again",
        preset="flip",
        situation="top O3:G3; hands OSE:R2 OR:R3 T2:Y2 / PR:G1 V5:B1 / TSE:B2 O2:G4",
        moves="0 play OSE:R2",
    ),
    Example(
        rule_id="flip.wild-draw-two",
        title="A Wild Draw Two names a colour and costs the next player 2",
        preset="flip",
        situation="top R1:P1; hands W+2:P1 Y2:T2 G4:O2 / G1:PR B1:V5 / B2:TSE G5:V8",
        moves="0 play W+2:P1 blue",
    ),
    Example(
        rule_id="flip.wild-draw-colour",
        title="A Wild Draw Colour names a dark colour",
        preset="flip",
        situation="top O3:G3; hands W+C:R2 PR:G1 T5:R4 / O2:G4 V5:B1 / TSE:B2 T9:BR",
        moves="0 play W+C:R2 teal",
    ),
    Example(
        rule_id="flip.wild-draw-restricted",
        title="A Wild Draw Two held back by a card of the colour",
        preset="flip",
        situation="top R1:P1; hands W+2:P1 R5:OR G4:O2 / G1:PR B1:V5 / B2:TSE G5:V8",
        moves="0 play W+2:P1 blue",
    ),
    Example(
        rule_id="flip.challenge",
        title="A challenged Wild Draw Two bluff costs its player 2",
        preset="flip",
        situation="top R1:P1; hands W+2:P1 R5:OR G4:O2 / G1:PR B1:V5 / B2:TSE G5:V8",
        moves="0 play W+2:P1 blue; 1 challenge",
    ),
    Example(
        rule_id="flip.start",
        title="A Wild Draw Two as start card is put back",
        preset="flip",
        deck="R1:P1 R1:T6 R2:OSE R2:W+C R3:T6 R3:OR R4:W+C R4:T5 R5:OR R5:W+C R6:T5 "
        "R6:O+5 R7:W+C R7:T4 R8:O+5 R8:W R9:T4 R9:O9 R+1:W R+1:T3 RR:O9 RR:W RS:T3 RS:O8 "
        "RF:W RF:T2 Y1:O8 Y1:VF W+2:P1",
        note=(
            "The card turned to start the discard pile is the Wild Draw Two W+2:P1: it goes "
            "back into the deck, the deck is shuffled, and another card is turned."
        ),
    ),
    Example(
        rule_id="flip.card-values",
        title="The side in play scores",
        preset="flip",
        situation="top O3:G3; hands O2:G4 / TSE:B2 O+5:R6 / PR:G1 W+C:R2",
        moves="0 play O2:G4",
        note=(
            "Seat 0 goes out on the dark side and scores the other hands by their dark sides: "
            "Skip Everyone 30 and Draw Five 20 make 50; Reverse 20 and Wild Draw Colour 60 make "
            "80; 130 points."
        ),
    ),
)


def _index(examples: tuple[Example, ...]) -> Mapping[str, Example]:
    keyed: dict[str, Example] = {}
    for example in examples:
        key = example.rule_id
        n = 2
        while key in keyed:
            key = f"{example.rule_id}#{n}"
            n += 1
        keyed[key] = example
    return types.MappingProxyType(keyed)


EXAMPLES: Mapping[str, Example] = _index(_ALL)
"""Key -> :class:`Example`. The key is the rule ID for the first example of a
rule, then ``ID#2``, ``ID#3``, ... for further ones."""


def examples_for(rule_id: str) -> tuple[Example, ...]:
    """The examples of one rule ID, in order (empty when it has none).

    >>> for example in examples_for("challenge.wd4"):
    ...     print(example.title)
    A challenge that catches a bluff
    A challenge that fails
    A caught bluff that answered a Draw Two
    """
    return tuple(e for e in _ALL if e.rule_id == rule_id)


@attrs.frozen(slots=True, kw_only=True)
class Dispute:
    """An argument at the table and the example that settles it.

    Attributes:
        number: the case number.
        title: the question, in a few words.
        story: what happened at the table.
        example: the position and the moves; the last move is the disputed one.
        cites: the rules that decide the case.
    """

    number: int
    title: str
    story: str
    example: Example
    cites: tuple[str, ...]


_R3_LAID = "top R7; hands R3 R5 / R9 B1 B2 / G1 G2 G3; draw Y1 Y2 Y3 Y4 Y5"

DISPUTES: tuple[Dispute, ...] = (
    Dispute(
        number=1,
        title="A Wild Draw Four while holding the colour in force",
        story=(
            "Red is in force (the top card is a red 7). Seat 0 holds a red 3, a Wild Draw "
            "Four and a green 5, and plays the Wild Draw Four, naming blue."
        ),
        example=EXAMPLES["wd4.no-matching-colour"],
        cites=("wd4.no-matching-colour",),
    ),
    Dispute(
        number=2,
        title="A Wild Draw Four while holding a card of the same number",
        story=(
            "The top card is a red 7. Seat 0 holds a green 7, a Wild Draw Four and a blue 5, "
            "no red card, and plays the Wild Draw Four, naming green."
        ),
        example=EXAMPLES["wd4.no-matching-colour#2"],
        cites=("wd4.no-matching-colour",),
    ),
    Dispute(
        number=3,
        title="Answering a Draw Two with a Draw Two",
        story=(
            "Three players. Seat 0 lays a red Draw Two on a red 5. Seat 1 answers with its "
            "blue Draw Two, so that seat 2 would draw 4."
        ),
        example=EXAMPLES["action.draw-two"],
        cites=("action.draw-two",),
    ),
    Dispute(
        number=4,
        title="Answering a Draw Two with a Draw Two, stacking allowed",
        story=(
            "As in case 3, but the table plays with stacking of Draw Twos. Seat 1 answers "
            "with its blue Draw Two; seat 2 has no Draw Two."
        ),
        example=EXAMPLES["house.stack-draw-two"],
        cites=("house.stack-draw-two",),
    ),
    Dispute(
        number=5,
        title="A Reverse with two players",
        story=(
            "Two players. The top card is a green 3. Seat 0 holds a green Reverse and a green "
            "5, calls UNO and plays the Reverse. Whose turn is it?"
        ),
        example=EXAMPLES["action.two-player-reverse"],
        cites=("action.two-player-reverse",),
    ),
    Dispute(
        number=6,
        title="A Reverse as the start card",
        story=(
            "Four players; seat 3 deals. The start card turned up is a Reverse. Who plays "
            "first, and in which direction?"
        ),
        example=EXAMPLES["start.reverse.dealer"],
        cites=("start.reverse.dealer",),
    ),
    Dispute(
        number=7,
        title="A Draw Two as the start card",
        story="Four players; seat 3 deals. The start card turned up is a Draw Two.",
        example=EXAMPLES["start.draw-two"],
        cites=("start.draw-two",),
    ),
    Dispute(
        number=8,
        title="A Wild Draw Four as the start card",
        story="Four players; seat 3 deals. The start card turned up is a Wild Draw Four.",
        example=EXAMPLES["start.wild-draw-four"],
        cites=("start.wild-draw-four",),
    ),
    Dispute(
        number=9,
        title="A missed UNO call, pointed out in time",
        story=(
            "Three players. Seat 0 plays its red 3 on a red 7, keeping one card, without "
            "calling UNO. Before seat 0 calls and before seat 1 does anything, seat 2 points "
            "it out."
        ),
        example=EXAMPLES["uno.penalty"],
        cites=("uno.penalty",),
    ),
    Dispute(
        number=10,
        title="A missed UNO call, pointed out too late",
        story=(
            "As in case 9, but seat 1 has already played its red 9 when seat 2 points out "
            "the missed call."
        ),
        example=EXAMPLES["uno.window-closes"],
        cites=("uno.window-closes",),
    ),
    Dispute(
        number=11,
        title="A late UNO call",
        story=(
            'As in case 9, but seat 0 says "UNO" just after laying the red 3, before anyone '
            "points anything out and before seat 1 acts. Then seat 2 points out a missed call."
        ),
        example=Example(
            rule_id="uno.call",
            title="A late UNO call",
            situation=_R3_LAID,
            moves="0 play R3; 0 uno; 2 catch 0",
        ),
        cites=("uno.call",),
    ),
    Dispute(
        number=12,
        title="Challenging a legal Wild Draw Four",
        story=(
            "Three players; the top card is a red 7. Seat 0 holds a Wild Draw Four, a green 7 "
            "and a blue 2, no red card, and plays the Wild Draw Four naming blue. Seat 1 "
            "challenges."
        ),
        example=EXAMPLES["challenge.wd4#2"],
        cites=("challenge.wd4",),
    ),
    Dispute(
        number=13,
        title="Challenging a Wild Draw Four bluff",
        story=(
            "Three players; the top card is a red 7. Seat 0 holds a Wild Draw Four, a red 3 "
            "and a blue 2, and plays the Wild Draw Four naming blue. Seat 1 challenges."
        ),
        example=EXAMPLES["challenge.wd4"],
        cites=("challenge.wd4",),
    ),
    Dispute(
        number=14,
        title="Playing a card from the hand after drawing",
        story=(
            "The top card is a blue 4. Seat 0 holds a blue 9 and a green 1, draws anyway, "
            "gets a yellow 4, and then plays the blue 9."
        ),
        example=EXAMPLES["draw.allowed-when-playable"],
        cites=("draw.allowed-when-playable",),
    ),
    Dispute(
        number=15,
        title="Drawing while holding a card that fits, when you must play",
        story=(
            "As in case 14, but the table plays that a player who can play must play. Seat 0 draws."
        ),
        example=EXAMPLES["house.force-play"],
        cites=("house.force-play",),
    ),
    Dispute(
        number=16,
        title="Going out with an action card",
        story=(
            "Three players; the top card is a green 1. Seat 0 holds only a green Skip. Seat 1 "
            "holds a Wild, a Wild Draw Four and a red Draw Two, seat 2 a blue 3. Seat 0 plays "
            "the Skip. Does the round end, and what does seat 0 score?"
        ),
        example=EXAMPLES["end.last-card"],
        cites=("end.last-card", "score.card-values"),
    ),
    Dispute(
        number=17,
        title="Playing out of turn",
        story="The top card is a yellow 2 and it is seat 0's turn. Seat 1 plays its yellow 8.",
        example=EXAMPLES["play.in-turn"],
        cites=("play.in-turn",),
    ),
    Dispute(
        number=18,
        title="Jumping in with an identical card",
        story=(
            "Four players, clockwise; the top card is a green 4 and it is seat 0's turn. Seat "
            "2 holds a green 4 too and lays it out of turn."
        ),
        example=EXAMPLES["house.jump-in"],
        cites=("house.jump-in",),
    ),
    Dispute(
        number=19,
        title="A 7 swaps hands",
        story=(
            "Three players, playing sevens and zeros; the top card is a red 2. Seat 0 holds a "
            "red 7 and a blue 1, calls UNO and plays the 7, swapping hands with seat 2, who "
            "holds four green cards. Does seat 2, now holding one card, owe an UNO call?"
        ),
        example=EXAMPLES["house.seven-zero"],
        cites=("house.seven-zero",),
    ),
    Dispute(
        number=20,
        title="The draw pile runs out",
        story=(
            "The draw pile is empty. The discard pile holds 6 cards, topped by a Wild on "
            "which red was named. Seat 0 holds no red card and draws."
        ),
        example=EXAMPLES["pile.reshuffle"],
        cites=("pile.reshuffle",),
    ),
)
"""The acceptance cases: disputes at the table and how the rules settle them."""
