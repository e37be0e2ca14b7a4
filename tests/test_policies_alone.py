"""Every catalogue policy's decisions, asked of the policy alone.

Each row asks one question of one policy (a method of its slot's protocol in
:mod:`unorules.rules.policies`) with small inputs chosen by hand, and checks
the answer worked out by hand from the rule's text in the catalogue
(:mod:`unorules.rules.catalogue`). No round is dealt and no move is applied:
the policies answer on their own.

Which policy implements an ID is read from the presets: the slot(s) of
``presets.get("official+<ID>")`` whose policy lists the ID (the special cards'
IDs come with the 112-card decks, so for them ``official+deck.modern-112+<ID>``
or ``official+deck.modern-112-swap+<ID>``). ``test_every_available_id_is_asked``
checks that every ID the presets accept has a row asking that policy, and that
each such policy is asked every question of its protocol.

Rules without a policy yet (:data:`unorules.rules.presets.NOT_YET_AVAILABLE`)
have no rows.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import subprocess
import sys
import typing
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from unorules.cards import Card, Color, Face
from unorules.errors import RuleSetError
from unorules.rules import policies, presets
from unorules.rules.catalogue import CATALOGUE
from unorules.rules.editions import all_wild, flip, no_mercy
from unorules.rules.policies import (
    ActionEffect,
    AfterDraw,
    AllowedWhenPlayable,
    CardValues,
    ChallengeOutcome,
    ChallengeWd4,
    ClassicDeck,
    CustomCardRule,
    DealerDraw,
    Drawing,
    DrawnCard,
    Elimination,
    Fits,
    ForcePlay,
    GivenDealer,
    GoingOut,
    HandSizesPublic,
    JumpIn,
    JuniorDeck,
    LastCard,
    Misplay,
    ModernDeck,
    MostCardsOut,
    NoChallenge,
    NoJumpIn,
    NoSevenZero,
    NoTimeLimit,
    OfficialActions,
    OfficialMatch,
    Penalty,
    PenaltyPoints,
    PlainCustomizable,
    Refusal,
    ReshuffleDiscards,
    SevenZero,
    SingleRound,
    Stacking,
    StandardDeal,
    StartCard,
    StartOutcome,
    TimedTurns,
    TwoDecks,
    UnoCall,
    UnoPenalty,
    UnoWindow,
    Wd4NoMatchingColour,
    Wd4NoPlayableCard,
    Wd4Unrestricted,
    WildAnyTime,
    WildRestricted,
    WinnerTakes,
    WithoutWildDrawFour,
    matches,
)
from unorules.rules.ruleset import SLOTS, RuleSet
from unorules.state import GameState

C = Card.parse
RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
R5, R7, G5, G7, R0, G0 = C("R5"), C("R7"), C("G5"), C("G7"), C("R0"), C("G0")
RS, GS, RR, D2, GD2 = C("RS"), C("GS"), C("RR"), C("R+2"), C("G+2")
B5 = C("B5")
W, WD4, WS, WX, WC = C("W"), C("W+4"), C("WS"), C("WX"), C("WC")

# --- the rows -------------------------------------------------------------------------


@attrs.frozen
class Ask:
    """One question to one policy: ``policy.question(*args)`` (or the
    attribute ``policy.question`` when ``args`` is ``None``) should answer
    ``expected`` (a value, or a :class:`Check` of the answer)."""

    rule_id: str | None
    policy: Any
    question: str
    args: tuple[Any, ...] | None
    expected: Any


@attrs.frozen
class Check:
    """An answer that is judged rather than compared: ``test(answer)`` must
    hold; ``says`` is what it checks, in words."""

    test: Callable[[Any], bool]
    says: str


def has(**fields: Any) -> Check:
    """The answer has these field values (its other fields do not matter)."""
    shown = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return Check(lambda a: all(getattr(a, k) == v for k, v in fields.items()), shown)


def cards_counted(expected: Counter[str], says: str) -> Check:
    """The answer is a sequence of cards holding exactly ``expected`` (codes)."""
    return Check(lambda a: Counter(c.code for c in a) == expected, says)


def _show(value: Any) -> str:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return "(" + ",".join(_show(v) for v in value) + ")"
    if isinstance(value, GameState):
        return "state"
    if callable(value):
        return getattr(value, "__name__", "fn")
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _policy_name(policy: Any) -> str:
    if inspect.isfunction(policy):
        return policy.__name__
    fields = attrs.asdict(policy, recurse=False) if attrs.has(type(policy)) else {}
    default = type(policy)() if attrs.has(type(policy)) and _constructible(policy) else None
    changed = [
        f"{k}={_show(v)}" for k, v in fields.items() if default is None or getattr(default, k) != v
    ]
    return f"{type(policy).__name__}({','.join(changed)})"


def _constructible(policy: Any) -> bool:
    try:
        type(policy)()
    except TypeError:
        return False
    return True


AT_ONE = UnoCall(late=True, at_one=True)
NONE = UnoCall(late=False, none=True)
CHALLENGE_2 = ChallengeWd4(penalty_chosen=True)
CHALLENGE_4 = ChallengeWd4(failed_penalty=4, penalty_chosen=True)
TEAMS = WinnerTakes(rule_ids=("house.teams", "score.winner-takes", "score.target"), teams=True)
DOUBLE = WinnerTakes(rule_ids=("score.double", "score.winner-takes", "score.target"), double=True)


def ask(
    rule_ids: str | tuple[str, ...] | None,
    policy: Any,
    question: str,
    *args: Any,
    expect: Any,
    attribute: bool = False,
    xfail: str | None = None,
) -> list[Any]:
    """The rows (one per rule ID) asking ``policy.question(*args)``."""
    ids: tuple[str | None, ...] = (
        (rule_ids,) if rule_ids is None or isinstance(rule_ids, str) else rule_ids
    )
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    rows = []
    for rid in ids:
        shown_args = "" if attribute else "(" + ",".join(_show(a) for a in args) + ")"
        rows.append(
            pytest.param(
                Ask(rid, policy, question, None if attribute else args, expect),
                id=f"{rid or 'no-rule'}:{_policy_name(policy)}.{question}{shown_args}",
                marks=marks,
            )
        )
    return rows


def answer_of(row: Ask) -> Any:
    """What the policy answers."""
    if row.args is None:
        return getattr(row.policy, row.question)
    return getattr(row.policy, row.question)(*row.args)


def verify(row: Ask) -> None:
    """The policy's answer is the one worked out by hand."""
    got = answer_of(row)
    if isinstance(row.expected, Check):
        assert row.expected.test(got), f"{got!r} fails: {row.expected.says}"
    elif row.expected is None:
        assert got is None, f"{got!r} is not None"
    else:
        assert type(got) is type(row.expected), f"{got!r} is not a {type(row.expected).__name__}"
        assert got == row.expected


def _rows(*groups: list[Any]) -> list[Any]:
    return [row for group in groups for row in group]


# --- the decks, the deal, the start card -------------------------------------------


def _classic_counts() -> Counter[str]:
    """``deck.classic-108``, from its text: per colour one 0, two each of 1-9,
    two Skip, two Reverse, two Draw Two; 4 Wild and 4 Wild Draw Four."""
    counts: Counter[str] = Counter()
    for colour in "RYGB":
        counts[f"{colour}0"] += 1
        for n in range(1, 10):
            counts[f"{colour}{n}"] += 2
        for symbol in ("S", "R", "+2"):
            counts[f"{colour}{symbol}"] += 2
    counts["W"] += 4
    counts["W+4"] += 4
    return counts


CLASSIC = _classic_counts()
MODERN = CLASSIC + Counter({"WS": 1, "WC": 3})
MODERN_SWAP = CLASSIC + Counter({"WX": 1, "WC": 3})
NO_WD4 = CLASSIC - Counter({"W+4": 4})


def _junior_cards(cards: Sequence[Card]) -> bool:
    """``deck.junior``: the four colours in values 1-7 (28), 4 Draw Two, 4 wild."""
    numbers = Counter(c.code for c in cards if c.is_number)
    wanted = Counter(f"{colour}{n}" for colour in "RYGB" for n in range(1, 8))
    draw_twos = sum(c.face is Face.DRAW_TWO for c in cards)
    wilds = sum(c.face is Face.WILD for c in cards)
    return len(cards) == 36 and numbers == wanted and draw_twos == 4 and wilds == 4


def _dealer_drawn(cards: tuple[Card, ...], players: int) -> Check:
    """``setup.dealer-draw`` replayed from the draws: everyone draws, the
    highest number deals (action and wild cards count 0), ties draw again
    among the tied; every draw comes from ``cards``."""

    def test(answer: Any) -> bool:
        dealer, rounds = answer
        contenders = list(range(players))
        for drawn in rounds:
            if len(drawn) != len(contenders) or Counter(drawn) - Counter(cards):
                return False
            values = [c.number if c.is_number else 0 for c in drawn]
            contenders = [s for s, v in zip(contenders, values, strict=True) if v == max(values)]
        return contenders == [dealer]

    return Check(test, "the highest number deals, action cards count 0, ties draw again")


_SHUFFLED = StandardDeal(
    rule_ids=(*StandardDeal().rule_ids, "house.shuffle-seats"), shuffle_seats=True
)
"""The standard deal with seats drawn anew before each round (house.shuffle-seats)."""

DECK_ROWS = _rows(
    # deck.classic-108 and players.range
    ask("deck.classic-108", ClassicDeck(), "cards", expect=cards_counted(CLASSIC, "the 108")),
    ask("deck.classic-108", ClassicDeck(), "lacks", R5, expect=None),
    ask("deck.classic-108", ClassicDeck(), "lacks", WS, expect=Refusal(("deck.classic-108",))),
    ask("deck.classic-108", ClassicDeck(), "lacks", WC, expect=Refusal(("deck.classic-108",))),
    ask("deck.classic-108", ClassicDeck(), "hand_size", expect=7, attribute=True),
    ask("players.range", ClassicDeck(), "min_players", expect=2, attribute=True),
    ask("players.range", ClassicDeck(), "max_players", expect=10, attribute=True),
    # deck.modern-112: the 108, one Wild Shuffle Hands, three blanks
    ask("deck.modern-112", ModernDeck(), "cards", expect=cards_counted(MODERN, "108+WS+3 WC")),
    ask("deck.modern-112", ModernDeck(), "min_players", expect=2, attribute=True),
    ask("deck.modern-112", ModernDeck(), "max_players", expect=10, attribute=True),
    ask("deck.modern-112", ModernDeck(), "hand_size", expect=7, attribute=True),
    ask(
        "deck.modern-112",
        ModernDeck(),
        "lacks",
        WX,
        expect=Refusal(
            (
                "deck.modern-112",
                "action.shuffle-hands",
                "start.shuffle-hands",
                "action.customizable",
                "start.customizable",
            )
        ),
    ),
    ask(("action.shuffle-hands", "start.shuffle-hands"), ModernDeck(), "lacks", WS, expect=None),
    ask(("action.customizable", "start.customizable"), ModernDeck(), "lacks", WC, expect=None),
    # deck.modern-112-swap: a Wild Swap Hands instead of the Shuffle Hands
    ask(
        "deck.modern-112-swap",
        ModernDeck(swap=True),
        "cards",
        expect=cards_counted(MODERN_SWAP, "108+WX+3 WC"),
    ),
    ask("deck.modern-112-swap", ModernDeck(swap=True), "min_players", expect=2, attribute=True),
    ask("deck.modern-112-swap", ModernDeck(swap=True), "max_players", expect=10, attribute=True),
    ask("deck.modern-112-swap", ModernDeck(swap=True), "hand_size", expect=7, attribute=True),
    ask(
        "deck.modern-112-swap",
        ModernDeck(swap=True),
        "lacks",
        WS,
        expect=Refusal(
            (
                "deck.modern-112-swap",
                "action.swap-hands",
                "start.customizable",
                "action.customizable",
            )
        ),
    ),
    ask(
        ("action.swap-hands", "start.customizable", "action.customizable"),
        ModernDeck(swap=True),
        "lacks",
        WX,
        expect=None,
    ),
    ask("action.customizable", ModernDeck(swap=True), "lacks", WC, expect=None),
    # deck.two-decks: 216 cards for 11-20 players
    ask("deck.two-decks", TwoDecks(), "cards", expect=cards_counted(CLASSIC + CLASSIC, "216")),
    ask("deck.two-decks", TwoDecks(), "min_players", expect=11, attribute=True),
    ask("deck.two-decks", TwoDecks(), "max_players", expect=20, attribute=True),
    ask("deck.two-decks", TwoDecks(), "hand_size", expect=7, attribute=True),
    ask("deck.two-decks", TwoDecks(), "lacks", WD4, expect=None),
    ask("deck.two-decks", TwoDecks(), "lacks", WS, expect=Refusal(("deck.two-decks",))),
    # deck.junior: 36 cards, 5 dealt
    ask("deck.junior", JuniorDeck(), "cards", expect=Check(_junior_cards, "the 36 Junior cards")),
    ask("deck.junior", JuniorDeck(), "hand_size", expect=5, attribute=True),
    ask("deck.junior", JuniorDeck(), "min_players", expect=2, attribute=True),
    ask(
        "deck.junior",
        JuniorDeck(),
        "max_players",
        expect=Check(lambda n: 2 <= n <= 7, "36 cards deal 5 each and a start card: 7 at most"),
        attribute=True,
    ),
    ask("deck.junior", JuniorDeck(), "lacks", C("R7"), expect=None),
    ask("deck.junior", JuniorDeck(), "lacks", C("R8"), expect=Refusal(("deck.junior",))),
    ask("deck.junior", JuniorDeck(), "lacks", RS, expect=Refusal(("deck.junior",))),
    ask("deck.junior", JuniorDeck(), "lacks", WD4, expect=Refusal(("deck.junior",))),
    # house.kids: the Wild Draw Fours taken out of the deck
    ask(
        "house.kids",
        WithoutWildDrawFour(ClassicDeck()),
        "cards",
        expect=cards_counted(NO_WD4, "the 108 without the 4 W+4"),
    ),
    ask(
        "house.kids",
        WithoutWildDrawFour(ClassicDeck()),
        "lacks",
        WD4,
        expect=Refusal(("deck.classic-108", "house.kids")),
    ),
    ask("house.kids", WithoutWildDrawFour(ClassicDeck()), "lacks", W, expect=None),
    ask("house.kids", WithoutWildDrawFour(ClassicDeck()), "min_players", expect=2, attribute=True),
    ask("house.kids", WithoutWildDrawFour(ClassicDeck()), "max_players", expect=10, attribute=True),
    ask("house.kids", WithoutWildDrawFour(ClassicDeck()), "hand_size", expect=7, attribute=True),
    # setup.*: 7 each (the deck's own number: Junior 5)
    ask("setup.deal", StandardDeal(), "cards_each", 7, expect=7),
    ask("setup.deal", StandardDeal(), "cards_each", 5, expect=5),
    ask(None, StandardDeal(), "seats_drawn", expect=None),
    # house.shuffle-seats: seats drawn anew before each round, the deal as usual
    ask("house.shuffle-seats", _SHUFFLED, "seats_drawn", expect="house.shuffle-seats"),
    ask("house.shuffle-seats", _SHUFFLED, "cards_each", 7, expect=7),
    *(
        ask(
            rid,
            StandardDeal(),
            "rule_ids",
            expect=Check(lambda ids, rid=rid: rid in ids, f"lists {rid}"),
            attribute=True,
        )
        for rid in ("setup.start-card", "setup.first-player", "setup.dealer-rotates")
    ),
    ask(
        "setup.dealer-draw",
        DealerDraw(),
        "draw",
        (C("R9"), C("G1"), C("B1")),
        3,
        7,
        expect=_dealer_drawn((C("R9"), C("G1"), C("B1")), 3),
    ),
    ask(
        "setup.dealer-draw",
        DealerDraw(),
        "draw",
        (RS, C("Y1")),
        2,
        0,
        expect=_dealer_drawn((RS, C("Y1")), 2),
    ),
    ask(
        "setup.dealer-draw",
        DealerDraw(),
        "draw",
        (R5, G5, C("B1")),
        3,
        1,
        expect=_dealer_drawn((R5, G5, C("B1")), 3),
    ),
    ask(None, GivenDealer(), "draw", (R5, G5), 2, 0, expect=None),
    # start.*: the start card's effect before the first turn
    ask("start.skip", StartCard(), "outcome", RS, expect=StartOutcome("start.skip", first=2)),
    ask(
        "start.reverse.dealer",
        StartCard(),
        "outcome",
        RR,
        expect=StartOutcome("start.reverse.dealer", first=0, direction=-1),
    ),
    ask(
        "start.reverse.right-of-dealer",
        StartCard(reverse_first="right"),
        "outcome",
        RR,
        expect=StartOutcome("start.reverse.right-of-dealer", first=-1, direction=-1),
    ),
    ask(
        "start.draw-two",
        StartCard(),
        "outcome",
        D2,
        expect=StartOutcome("start.draw-two", first=2, draw=2),
    ),
    ask(
        "start.wild",
        StartCard(),
        "outcome",
        W,
        expect=StartOutcome("start.wild", choose_color=True),
    ),
    ask(
        "start.wild-draw-four",
        StartCard(),
        "outcome",
        WD4,
        expect=StartOutcome("start.wild-draw-four", redraw=True),
    ),
    ask(
        "start.shuffle-hands",
        StartCard(),
        "outcome",
        WS,
        expect=StartOutcome("start.shuffle-hands", choose_color=True),
    ),
    ask(
        "start.customizable",
        StartCard(),
        "outcome",
        WC,
        expect=StartOutcome("start.customizable", choose_color=True),
    ),
    ask(
        "start.customizable",
        StartCard(),
        "outcome",
        WX,
        expect=StartOutcome("start.customizable", choose_color=True),
    ),
    ask(
        "setup.first-player", StartCard(), "outcome", R5, expect=StartOutcome("setup.first-player")
    ),
    ask(
        "start.number-only",
        StartCard(number_only=True),
        "outcome",
        C("B3"),
        expect=StartOutcome("start.number-only"),
    ),
    *(
        ask(
            "start.number-only",
            StartCard(number_only=True),
            "outcome",
            card,
            expect=StartOutcome("start.number-only", redraw=True, cover=True),
        )
        for card in (RS, D2, W, WD4)
    ),
    # start.wd4-bottom / start.wild-skipped: the card to the bottom, unshuffled
    ask(
        "start.wd4-bottom",
        StartCard(wd4_bottom=True),
        "outcome",
        WD4,
        expect=StartOutcome("start.wd4-bottom", redraw=True, bottom=True),
    ),
    ask(
        "start.wild-skipped",
        StartCard(wild_skipped=True),
        "outcome",
        W,
        expect=StartOutcome("start.wild-skipped", redraw=True, bottom=True),
    ),
)


@pytest.mark.parametrize("row", DECK_ROWS)
def test_deck_deal_and_start_card(row: Ask) -> None:
    verify(row)


# --- laying a card: matching, wild cards, the Wild Draw Four, jumping in ------------


PLAY_ROWS = _rows(
    # play.match: colour in force, number or symbol; after a wild the named colour
    ask("play.match", matches, "__call__", R7, R5, RED, expect=True),
    ask("play.match", matches, "__call__", G5, R5, RED, expect=True),
    ask("play.match", matches, "__call__", GS, RS, RED, expect=True),
    ask("play.match", matches, "__call__", G7, R5, RED, expect=False),
    ask("play.match", matches, "__call__", R7, W, RED, expect=True),
    ask("play.match", matches, "__call__", G5, W, RED, expect=False),
    ask("play.match", OfficialMatch(), "fits", R7, R5, RED, expect=Fits(("play.match",))),
    ask("play.match", OfficialMatch(), "fits", G5, R5, RED, expect=Fits(("play.match",))),
    ask("play.match", OfficialMatch(), "fits", G7, R5, RED, expect=Refusal(("play.match",))),
    ask("play.match", OfficialMatch(), "fits", G5, W, RED, expect=Refusal(("play.match",))),
    ask("play.match", OfficialMatch(), "lay", R5, 1, expect=None),
    ask("play.match", OfficialMatch(), "at_once", R5, 1, expect=1),
    # play.one-card: one card a turn however many fit
    ask("play.one-card", OfficialMatch(), "at_once", R5, 2, expect=1),
    ask("play.one-card", OfficialMatch(), "fits", R7, G7, GREEN, expect=Fits(("play.match",))),
    ask(
        "play.one-card",
        OfficialMatch(),
        "lay",
        R5,
        2,
        expect=Refusal(("play.one-card",), "only one card may be laid per turn"),
    ),
    # play.in-turn: nobody lays out of turn unless a rule gives it
    ask("play.in-turn", OfficialMatch(), "lay", W, 1, expect=None),
    ask("play.in-turn", OfficialMatch(), "fits", R5, R7, RED, expect=Fits(("play.match",))),
    ask("play.in-turn", NoJumpIn(), "jump", R5, R5, expect=Refusal(("play.in-turn",))),
    ask("play.in-turn", NoJumpIn(), "jumpers", R5, expect=frozenset()),
    # house.multiple-identical: identical coloured cards together
    ask("house.multiple-identical", OfficialMatch(multiple=True), "at_once", R5, 3, expect=3),
    ask(
        "house.multiple-identical",
        OfficialMatch(multiple=True),
        "fits",
        GS,
        RS,
        RED,
        expect=Fits(("play.match",)),
    ),
    ask("house.multiple-identical", OfficialMatch(multiple=True), "at_once", W, 2, expect=1),
    ask("house.multiple-identical", OfficialMatch(multiple=True), "lay", R5, 2, expect=None),
    ask("house.multiple-identical", OfficialMatch(multiple=True), "lay", RS, 3, expect=None),
    ask(
        "house.multiple-identical",
        OfficialMatch(multiple=True),
        "lay",
        W,
        2,
        expect=Refusal(
            ("house.multiple-identical",), "only identical coloured cards may be laid together"
        ),
    ),
    # house.misplay-penalty: a card that does not fit goes back at a cost of 1
    ask(
        "house.misplay-penalty",
        OfficialMatch(misplay=1),
        "fits",
        G5,
        R7,
        RED,
        expect=Misplay(
            ("house.misplay-penalty", "play.match"), Penalty("house.misplay-penalty", 1)
        ),
    ),
    ask(
        "house.misplay-penalty",
        OfficialMatch(misplay=1),
        "fits",
        G7,
        R7,
        RED,
        expect=Fits(("play.match",)),
    ),
    ask("house.misplay-penalty", OfficialMatch(misplay=1), "at_once", R5, 2, expect=1),
    ask(
        "house.misplay-penalty",
        OfficialMatch(misplay=1),
        "lay",
        R5,
        2,
        expect=Refusal(("play.one-card",), "only one card may be laid per turn"),
    ),
    # play.one-card: no card follows another in the same play
    ask(
        "play.one-card",
        OfficialMatch(),
        "follows",
        B5,
        R5,
        expect=Refusal(("play.one-card",), "only one card may be laid per turn"),
    ),
    ask(
        "house.multiple-identical",
        OfficialMatch(multiple=True),
        "follows",
        R5,
        R5,
        expect=Refusal(("play.one-card",), "only one card may be laid per turn"),
    ),
    ask(
        "house.misplay-penalty",
        OfficialMatch(misplay=1),
        "follows",
        B5,
        R5,
        expect=Refusal(("play.one-card",), "only one card may be laid per turn"),
    ),
    # house.multiple-same-number: after a number card, that number in any colour
    ask(
        "house.multiple-same-number",
        OfficialMatch(same_number=True),
        "follows",
        B5,
        R5,
        expect=Fits(("house.multiple-same-number",)),
    ),
    ask(
        "house.multiple-same-number",
        OfficialMatch(same_number=True),
        "follows",
        R5,
        R5,
        expect=Fits(("house.multiple-same-number",)),
    ),
    ask(
        "house.multiple-same-number",
        OfficialMatch(same_number=True),
        "follows",
        R7,
        R5,
        expect=Refusal(
            ("house.multiple-same-number",), "only cards of the same number follow a number card"
        ),
    ),
    ask(
        "house.multiple-same-number",
        OfficialMatch(same_number=True),
        "follows",
        GS,
        RS,
        expect=Refusal(("house.multiple-same-number",), "further cards follow only a number card"),
    ),
    ask(
        "house.multiple-same-number",
        OfficialMatch(same_number=True),
        "fits",
        G7,
        R5,
        RED,
        expect=Refusal(("play.match",)),
    ),
    ask("house.multiple-same-number", OfficialMatch(same_number=True), "at_once", R5, 2, expect=1),
    ask(
        "house.multiple-same-number",
        OfficialMatch(same_number=True),
        "lay",
        R5,
        2,
        expect=Refusal(
            ("house.multiple-same-number",),
            "copies of a card are laid one after another, as further cards",
        ),
    ),
    # wild.*: a plain Wild on anything, or only when no coloured card fits
    ask("wild.any-time", WildAnyTime(), "allows", (W, R5), R7, RED, expect=True),
    ask("wild.restricted", WildRestricted(), "allows", (W, C("R2")), R7, RED, expect=False),
    ask("wild.restricted", WildRestricted(), "allows", (W, G7), R7, RED, expect=False),
    ask("wild.restricted", WildRestricted(), "allows", (W, C("G2")), R7, RED, expect=True),
    ask("wild.restricted", WildRestricted(), "allows", (W, WD4), R7, RED, expect=True),
    ask("wild.restricted", WildRestricted(), "allows", (W, C("B2")), W, RED, expect=True),
    # wd4.no-matching-colour: only the colour in force counts
    ask("wd4.no-matching-colour", Wd4NoMatchingColour(), "restricts", R7, RED, expect=True),
    ask("wd4.no-matching-colour", Wd4NoMatchingColour(), "governs", WD4, expect=True),
    ask("wd4.no-matching-colour", Wd4NoMatchingColour(), "governs", W, expect=False),
    ask(
        "wd4.no-matching-colour", Wd4NoMatchingColour(), "breaks", (C("R2"),), R7, RED, expect=True
    ),
    ask("wd4.no-matching-colour", Wd4NoMatchingColour(), "breaks", (G7,), R7, RED, expect=False),
    ask("wd4.no-matching-colour", Wd4NoMatchingColour(), "breaks", (GS, W), R7, RED, expect=False),
    ask(
        "wd4.no-matching-colour", Wd4NoMatchingColour(), "breaks", (C("B2"),), W, BLUE, expect=True
    ),
    # wd4.no-playable-card: colour, number or symbol count; other wilds don't
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "restricts", R7, RED, expect=True),
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "governs", WD4, expect=True),
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "governs", WS, expect=False),
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "breaks", (G7,), R7, RED, expect=True),
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "breaks", (GS,), RS, RED, expect=True),
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "breaks", (W, WS), R7, RED, expect=False),
    ask("wd4.no-playable-card", Wd4NoPlayableCard(), "breaks", (C("G2"),), R7, RED, expect=False),
    # wd4.unrestricted: nothing to keep, nothing to challenge
    ask("wd4.unrestricted", Wd4Unrestricted(), "restricts", R7, RED, expect=False),
    ask("wd4.unrestricted", Wd4Unrestricted(), "governs", WD4, expect=True),
    ask("wd4.unrestricted", Wd4Unrestricted(), "breaks", (C("R2"),), R7, RED, expect=False),
    # house.jump-in: an identical coloured card, out of turn
    ask("house.jump-in", JumpIn(), "jumpers", R5, expect=frozenset({R5})),
    ask("house.jump-in", JumpIn(), "jumpers", D2, expect=frozenset({D2})),
    ask("house.jump-in", JumpIn(), "jumpers", W, expect=frozenset()),
    ask("house.jump-in-wild", JumpIn(wild=True), "jumpers", W, expect=frozenset({W})),
    ask("house.jump-in-wild", JumpIn(wild=True), "jumpers", R5, expect=frozenset({R5})),
    ask("house.jump-in-wild", JumpIn(wild=True), "jump", WD4, WD4, expect=None),
    ask(
        "house.jump-in-wild",
        JumpIn(wild=True),
        "jump",
        WD4,
        W,
        expect=Refusal(
            ("house.jump-in", "house.jump-in-wild"),
            "out of turn only a card identical to the top card (W+4) may jump in",
        ),
    ),
    ask("house.jump-in", JumpIn(), "jump", R5, R5, expect=None),
    ask(
        "house.jump-in",
        JumpIn(),
        "jump",
        R5,
        G5,
        expect=Refusal(
            ("house.jump-in",),
            "out of turn only a card identical to the top card (R5) may jump in",
        ),
    ),
    ask(
        "house.jump-in",
        JumpIn(),
        "jump",
        W,
        W,
        expect=Refusal(("house.jump-in",), "wild cards cannot be used to jump in"),
    ),
)


@pytest.mark.parametrize("row", PLAY_ROWS)
def test_matching_wild_cards_and_jump_in(row: Ask) -> None:
    verify(row)


# --- drawing ----------------------------------------------------------------------------


DRAW_ROWS = _rows(
    ask(
        "draw.one-then-may-play",
        Drawing(),
        "drawn",
        True,
        expect=DrawnCard("draw.one-then-may-play", AfterDraw.PLAY_OR_KEEP),
    ),
    ask(
        "draw.one-then-may-play",
        Drawing(),
        "drawn",
        False,
        expect=DrawnCard("draw.one-then-may-play", AfterDraw.TURN_PASSES),
    ),
    ask(
        "house.play-drawn",
        Drawing(must_play=True),
        "drawn",
        True,
        expect=DrawnCard("house.play-drawn", AfterDraw.MUST_PLAY),
    ),
    ask(
        "house.play-drawn",
        Drawing(must_play=True),
        "drawn",
        False,
        expect=DrawnCard("house.play-drawn", AfterDraw.TURN_PASSES),
    ),
    ask(
        "house.draw-until-playable",
        Drawing(until_playable=True, must_play=True),
        "drawn",
        False,
        expect=DrawnCard("house.draw-until-playable", AfterDraw.DRAW_AGAIN),
    ),
    ask(
        "house.draw-until-playable",
        Drawing(until_playable=True, must_play=True),
        "drawn",
        True,
        expect=DrawnCard("house.draw-until-playable", AfterDraw.MUST_PLAY),
    ),
    ask("draw.allowed-when-playable", AllowedWhenPlayable(), "may_draw", True, expect=True),
    ask("draw.allowed-when-playable", AllowedWhenPlayable(), "may_draw", False, expect=True),
    ask("house.force-play", ForcePlay(), "may_draw", True, expect=False),
    ask("house.force-play", ForcePlay(), "may_draw", False, expect=True),
    # house.blind-draw: the turn passes, whether the card fits or not
    ask(
        "house.blind-draw",
        Drawing(blind=True),
        "drawn",
        True,
        expect=DrawnCard("house.blind-draw", AfterDraw.TURN_PASSES),
    ),
    ask(
        "house.blind-draw",
        Drawing(blind=True),
        "drawn",
        False,
        expect=DrawnCard("house.blind-draw", AfterDraw.TURN_PASSES),
    ),
    # house.hand-limit=25: an option of the draw choice; drawing as before below it
    ask("house.hand-limit", AllowedWhenPlayable(hand_limit=25), "may_draw", True, expect=True),
    ask("house.hand-limit", AllowedWhenPlayable(hand_limit=25), "may_draw", False, expect=True),
    ask(
        "house.hand-limit",
        AllowedWhenPlayable(hand_limit=25),
        "full",
        25,
        expect="house.hand-limit",
    ),
    ask("house.hand-limit", AllowedWhenPlayable(hand_limit=25), "full", 24, expect=None),
)


@pytest.mark.parametrize("row", DRAW_ROWS)
def test_drawing(row: Ask) -> None:
    verify(row)


# --- what cards do: actions, 7-0, stacking, the blank card --------------------------


def _state(direction: int = 1, pile: tuple[Card, ...] = (C("Y7"), C("Y8"), C("Y9"))) -> GameState:
    """Seat 0 has just laid a blank card (red named) among four seats."""
    return GameState(
        rules=presets.get("official-2018+house.custom-cards"),
        hands=((R5,), (C("G2"), C("G3")), (C("B1"), C("B2")), (C("Y1"),)),
        draw_pile=pile,
        discard_pile=(C("R9"), WC),
        color=RED,
        current=1 if direction == 1 else 3,
        direction=direction,
    )


def _others_drew(expected_hands: tuple[tuple[str, ...], ...], pile: tuple[str, ...]) -> Check:
    hands = tuple(tuple(C(c) for c in h) for h in expected_hands)
    rest = tuple(C(c) for c in pile)
    return Check(
        lambda s: s.hands == hands and s.draw_pile == rest,
        f"hands {expected_hands}, draw pile {pile}",
    )


SEVEN = ActionEffect("house.seven-zero", special="swap", target="required")
ZERO = ActionEffect("house.seven-zero", special="pass-on")

BOMB = OfficialActions(rule_ids=(*OfficialActions().rule_ids, "house.bomb"), bomb=3)

ACTION_ROWS = _rows(
    # A play of several cards has no effect of its own, but under house.bomb:
    # three cards or more of one number make every other player draw 1.
    ask("action.skip", OfficialActions(), "laid", (R5, R5, B5), 4, expect=None),
    ask(
        "house.bomb",
        BOMB,
        "laid",
        (R5, B5, G5),
        4,
        expect=ActionEffect("house.bomb", others_draw=1),
    ),
    ask("house.bomb", BOMB, "laid", (R5, B5), 4, expect=None),
    ask("house.bomb", BOMB, "laid", (RS, RS, GS), 4, expect=None),
    ask("house.bomb", BOMB, "laid", (R5, B5, G7), 4, expect=None),
    ask("house.bomb", BOMB, "effect", RS, 4, expect=ActionEffect("action.skip", skip=1)),
    ask(
        "action.skip",
        OfficialActions(),
        "effect",
        RS,
        4,
        expect=ActionEffect("action.skip", skip=1),
    ),
    ask(
        "action.reverse",
        OfficialActions(),
        "effect",
        RR,
        4,
        expect=ActionEffect("action.reverse", reverse=True),
    ),
    ask(
        "action.reverse",
        OfficialActions(),
        "effect",
        RR,
        3,
        expect=ActionEffect("action.reverse", reverse=True),
    ),
    ask(
        "action.two-player-reverse",
        OfficialActions(),
        "effect",
        RR,
        2,
        expect=ActionEffect("action.two-player-reverse", reverse=True, skip=1),
    ),
    ask(
        "action.draw-two",
        OfficialActions(),
        "effect",
        D2,
        4,
        expect=ActionEffect("action.draw-two", draw=2),
    ),
    ask("action.draw-two", Stacking(), "answers", D2, GD2, RED, expect=None),
    ask("action.draw-two", Stacking(), "answerable", D2, RED, expect=False),
    ask("action.wild", OfficialActions(), "effect", W, 4, expect=ActionEffect("action.wild")),
    ask(
        "action.wild-draw-four",
        OfficialActions(),
        "effect",
        WD4,
        4,
        expect=ActionEffect("action.wild-draw-four", draw=4),
    ),
    ask("action.skip", OfficialActions(), "effect", R5, 4, expect=None),
    ask(
        "action.shuffle-hands",
        OfficialActions(),
        "effect",
        WS,
        4,
        expect=ActionEffect("action.shuffle-hands", special="shuffle"),
    ),
    ask(
        "action.swap-hands",
        OfficialActions(),
        "effect",
        WX,
        3,
        expect=ActionEffect("action.swap-hands", special="swap", target="required"),
    ),
    ask(
        "action.customizable",
        OfficialActions(),
        "effect",
        WC,
        3,
        expect=ActionEffect("action.customizable", special="custom"),
    ),
    ask("action.customizable", PlainCustomizable(), "own_rule", _state(), 0, expect=None),
    # house.custom-cards: the shipped rule, every other player draws one
    ask(
        "house.custom-cards",
        CustomCardRule(),
        "own_rule",
        _state(),
        0,
        expect=_others_drew((("R5",), ("G2", "G3", "Y7"), ("B1", "B2", "Y8"), ("Y1", "Y9")), ()),
    ),
    ask(
        "house.custom-cards",
        CustomCardRule(),
        "own_rule",
        _state(direction=-1),
        0,
        expect=_others_drew((("R5",), ("G2", "G3", "Y9"), ("B1", "B2", "Y8"), ("Y1", "Y7")), ()),
    ),
    ask(
        "house.custom-cards",
        CustomCardRule(),
        "own_rule",
        _state(pile=(C("Y7"),)),
        0,
        expect=_others_drew((("R5",), ("G2", "G3", "Y7"), ("B1", "B2"), ("Y1",)), ()),
    ),
    # house.seven-zero and house.seven-optional
    ask("house.seven-zero", SevenZero(), "effect", R7, 4, expect=SEVEN),
    ask("house.seven-zero", SevenZero(), "effect", G0, 4, expect=ZERO),
    ask("house.seven-zero", SevenZero(), "effect", R5, 4, expect=None),
    ask("house.seven-zero", SevenZero(), "effect", RS, 4, expect=None),
    ask(
        "house.seven-optional",
        SevenZero(optional=True),
        "effect",
        R7,
        4,
        expect=ActionEffect(
            "house.seven-zero", special="swap", target="optional", also=("house.seven-optional",)
        ),
    ),
    ask(
        "house.seven-optional",
        SevenZero(optional=True),
        "effect",
        G0,
        4,
        expect=ZERO,
    ),
    ask("house.seven-optional", SevenZero(optional=True), "effect", R5, 4, expect=None),
    ask(None, NoSevenZero(), "effect", R7, 4, expect=None),
    # house.seven-swap and house.zero-pass: each half alone
    ask(
        "house.seven-swap",
        SevenZero(zero=False),
        "effect",
        R7,
        4,
        expect=ActionEffect("house.seven-swap", special="swap", target="required"),
    ),
    ask("house.seven-swap", SevenZero(zero=False), "effect", G0, 4, expect=None),
    ask(
        "house.zero-pass",
        SevenZero(seven=False),
        "effect",
        G0,
        4,
        expect=ActionEffect("house.zero-pass", special="pass-on"),
    ),
    ask("house.zero-pass", SevenZero(seven=False), "effect", R7, 4, expect=None),
    # house.stack-draw-two-on-four, house.skip-deflect, house.reverse-deflect,
    # house.revenge: what may answer what, and what counts twice
    ask(
        "house.stack-draw-two-on-four",
        Stacking(("house.stack-draw-two-on-four",)),
        "answers",
        WD4,
        GD2,
        RED,
        expect="house.stack-draw-two-on-four",
    ),
    ask(
        "house.stack-draw-two-on-four",
        Stacking(("house.stack-draw-two-on-four",)),
        "answers",
        D2,
        GD2,
        RED,
        expect=None,
    ),
    ask(
        "house.stack-draw-two-on-four",
        Stacking(("house.stack-draw-two-on-four",)),
        "answerable",
        WD4,
        RED,
        expect=True,
    ),
    ask(
        "house.skip-deflect",
        Stacking(("house.skip-deflect",)),
        "answers",
        D2,
        GS,
        RED,
        expect="house.skip-deflect",
    ),
    ask(
        "house.skip-deflect",
        Stacking(("house.skip-deflect",)),
        "answers",
        WD4,
        GS,
        RED,
        expect="house.skip-deflect",
    ),
    ask(
        "house.skip-deflect", Stacking(("house.skip-deflect",)), "answerable", RS, RED, expect=False
    ),
    ask(
        "house.reverse-deflect",
        Stacking(("house.reverse-deflect",)),
        "answers",
        D2,
        RR,
        GREEN,
        expect="house.reverse-deflect",
    ),
    ask(
        "house.reverse-deflect",
        Stacking(("house.reverse-deflect",)),
        "answers",
        D2,
        GS,
        GREEN,
        expect=None,
    ),
    ask(
        "house.reverse-deflect",
        Stacking(("house.reverse-deflect",)),
        "answerable",
        D2,
        RED,
        expect=True,
    ),
    ask("house.revenge", Stacking(("house.revenge",)), "answers", D2, GD2, RED, expect=None),
    ask("house.revenge", Stacking(("house.revenge",)), "answerable", D2, RED, expect=False),
    ask("house.revenge", Stacking(("house.revenge",)), "doubles", D2, GD2, expect="house.revenge"),
    ask("house.revenge", Stacking(("house.revenge",)), "doubles", R5, GD2, expect=None),
    # house.stack-*: answering a pending draw card
    ask(
        "house.stack-draw-two",
        Stacking(("house.stack-draw-two",)),
        "answers",
        D2,
        GD2,
        GREEN,
        expect="house.stack-draw-two",
    ),
    ask(
        "house.stack-draw-two",
        Stacking(("house.stack-draw-two",)),
        "answers",
        D2,
        WD4,
        RED,
        expect=None,
    ),
    ask(
        "house.stack-draw-two",
        Stacking(("house.stack-draw-two",)),
        "answers",
        RS,
        GS,
        RED,
        expect=None,
    ),
    ask(
        "house.stack-draw-two",
        Stacking(("house.stack-draw-two",)),
        "answerable",
        D2,
        RED,
        expect=True,
    ),
    ask(
        "house.stack-draw-two",
        Stacking(("house.stack-draw-two",)),
        "answerable",
        WD4,
        RED,
        expect=False,
    ),
    # house.stack-skip: a Skip answers a Skip; the skip stays pending
    ask(
        "house.stack-skip",
        Stacking(("house.stack-skip",)),
        "answers",
        RS,
        GS,
        RED,
        expect="house.stack-skip",
    ),
    ask(
        "house.stack-skip", Stacking(("house.stack-skip",)), "answers", D2, GD2, GREEN, expect=None
    ),
    ask("house.stack-skip", Stacking(("house.stack-skip",)), "answerable", RS, RED, expect=True),
    ask("house.stack-skip", Stacking(("house.stack-skip",)), "answerable", D2, RED, expect=False),
    ask(
        "house.stack-draw-four-on-two",
        Stacking(("house.stack-draw-four-on-two",)),
        "answers",
        D2,
        WD4,
        RED,
        expect="house.stack-draw-four-on-two",
    ),
    ask(
        "house.stack-draw-four-on-two",
        Stacking(("house.stack-draw-four-on-two",)),
        "answers",
        WD4,
        D2,
        RED,
        expect=None,
    ),
    ask(
        "house.stack-draw-four-on-two",
        Stacking(("house.stack-draw-four-on-two",)),
        "answerable",
        D2,
        RED,
        expect=True,
    ),
    ask(
        "house.stack-draw-four-on-two",
        Stacking(("house.stack-draw-two", "house.stack-draw-four-on-two")),
        "answers",
        D2,
        WD4,
        RED,
        expect="house.stack-draw-four-on-two",
    ),
    ask(
        "house.stack-draw-four",
        Stacking(("house.stack-draw-four",)),
        "answers",
        WD4,
        WD4,
        BLUE,
        expect="house.stack-draw-four",
    ),
    ask(
        "house.stack-draw-four",
        Stacking(("house.stack-draw-four",)),
        "answers",
        D2,
        GD2,
        RED,
        expect=None,
    ),
    ask(
        "house.stack-draw-four",
        Stacking(("house.stack-draw-four",)),
        "answerable",
        WD4,
        BLUE,
        expect=True,
    ),
    ask(
        "house.stack-draw-four",
        Stacking(("house.stack-draw-four",)),
        "answerable",
        D2,
        RED,
        expect=False,
    ),
    *(
        ask(
            "house.stack-escalating",
            Stacking(("house.stack-escalating",)),
            "answers",
            pending,
            card,
            RED,
            expect="house.stack-escalating",
        )
        for pending, card in ((D2, GD2), (D2, WD4), (WD4, WD4))
    ),
    ask(
        "house.stack-escalating",
        Stacking(("house.stack-escalating",)),
        "answers",
        WD4,
        D2,
        RED,
        expect=None,
    ),
    ask(
        "house.stack-escalating",
        Stacking(("house.stack-escalating",)),
        "answerable",
        WD4,
        RED,
        expect=True,
    ),
    ask(
        "house.stack-escalating",
        Stacking(("house.stack-escalating",)),
        "answerable",
        RS,
        RED,
        expect=False,
    ),
)


@pytest.mark.parametrize("row", ACTION_ROWS)
def test_actions_seven_zero_stacking_and_the_blank_card(row: Ask) -> None:
    verify(row)


# --- the UNO call -----------------------------------------------------------------------


def yes() -> bool:
    return True


def no() -> bool:
    return False


UNO_ROWS = _rows(
    ask("uno.call", UnoCall(), "due", 2, True, yes, expect=True),
    ask("uno.call", UnoCall(), "due", 2, True, no, expect=False),
    ask("uno.call", UnoCall(), "due", 3, True, yes, expect=True),
    ask("uno.call", UnoCall(), "late", False, expect=True),
    ask("uno.call", UnoCall(), "late", True, expect=False),
    ask("uno.call", UnoCall(), "may_go_out", True, expect=None),
    ask("uno.call-strict", UnoCall(late=False), "due", 2, True, yes, expect=True),
    ask("uno.call-strict", UnoCall(late=False), "late", False, expect=False),
    ask("uno.call-strict", UnoCall(late=False), "may_go_out", True, expect=None),
    ask("uno.call-at-two", UnoCall(late=False, at_two=True), "due", 2, True, no, expect=True),
    ask("uno.call-at-two", UnoCall(late=False, at_two=True), "due", 3, True, no, expect=False),
    ask("uno.call-at-two", UnoCall(late=False, at_two=True), "due", 2, False, no, expect=False),
    ask("uno.call-at-two", UnoCall(late=False, at_two=True), "late", False, expect=False),
    ask("uno.call-at-two", UnoCall(late=False, at_two=True), "may_go_out", True, expect=None),
    ask(
        "uno.required-to-win",
        UnoCall(required_to_win=True),
        "may_go_out",
        True,
        expect="uno.required-to-win",
    ),
    ask("uno.required-to-win", UnoCall(required_to_win=True), "may_go_out", False, expect=None),
    ask("uno.required-to-win", UnoCall(required_to_win=True), "due", 2, True, yes, expect=True),
    ask("uno.required-to-win", UnoCall(required_to_win=True), "late", False, expect=True),
    ask("uno.penalty", UnoPenalty(), "caught", expect=Penalty("uno.penalty", 2)),
    ask("uno.penalty", UnoPenalty(), "false_call", expect=None),
    ask("uno.reminder", UnoPenalty(cards=0), "caught", expect=Penalty("uno.reminder", 0)),
    ask("uno.reminder", UnoPenalty(cards=0), "false_call", expect=None),
    ask(
        "uno.false-call",
        UnoPenalty(false_call=2),
        "false_call",
        expect=Penalty("uno.false-call", 2),
    ),
    ask("uno.false-call", UnoPenalty(false_call=2), "caught", expect=Penalty("uno.penalty", 2)),
    ask("uno.window-closes", UnoWindow(), "closes", True, expect=True),
    ask("uno.window-closes", UnoWindow(), "closes", False, expect=True),
    ask("uno.window-until-play", UnoWindow(on_draw=False), "closes", True, expect=True),
    ask("uno.window-until-play", UnoWindow(on_draw=False), "closes", False, expect=False),
    # uno.catch-any-time: the window never closes
    ask("uno.catch-any-time", UnoWindow(any_time=True), "closes", True, expect=False),
    ask("uno.catch-any-time", UnoWindow(any_time=True), "closes", False, expect=False),
    # uno.call-at-one: no call before the card is down; after it, until the next move
    ask("uno.call-at-one", AT_ONE, "due", 2, True, yes, expect=False),
    ask("uno.call-at-one", AT_ONE, "late", False, expect=True),
    ask("uno.call-at-one", AT_ONE, "late", True, expect=False),
    ask("uno.call-at-one", AT_ONE, "may_go_out", True, expect=None),
    # uno.none: no call is ever due or late
    ask("uno.none", NONE, "due", 2, True, yes, expect=False),
    ask("uno.none", NONE, "late", False, expect=False),
    ask("uno.none", NONE, "may_go_out", True, expect=None),
)


@pytest.mark.parametrize("row", UNO_ROWS)
def test_uno_call(row: Ask) -> None:
    verify(row)


# --- challenges -------------------------------------------------------------------------


ONLY_VICTIM = "only seat 1, on whom the card was laid, may challenge it"

CHALLENGE_ROWS = _rows(
    # challenge.wd4: seat 0 lays a Wild Draw Four on seat 1
    ask("challenge.wd4", ChallengeWd4(), "challengeable", WD4, expect="challenge.wd4"),
    ask("challenge.wd4", ChallengeWd4(), "challengeable", W, expect=None),
    ask("challenge.wd4", ChallengeWd4(), "may_challenge", WD4, 1, 1, 0, expect=None),
    ask(
        "challenge.wd4",
        ChallengeWd4(),
        "may_challenge",
        WD4,
        2,
        1,
        0,
        expect=Refusal(("challenge.wd4",), ONLY_VICTIM),
    ),
    ask(
        "challenge.wd4",
        ChallengeWd4(),
        "outcome",
        WD4,
        True,
        True,
        expect=ChallengeOutcome("challenge.wd4", True, layer_draws=4, victim_plays=True),
    ),
    ask(
        "challenge.wd4",
        ChallengeWd4(),
        "outcome",
        WD4,
        False,
        True,
        expect=ChallengeOutcome("challenge.wd4", False, challenger_draws=2),  # 4 owed + 2 = 6
    ),
    # challenge.anyone
    ask("challenge.anyone", ChallengeWd4(anyone=True), "may_challenge", WD4, 2, 1, 0, expect=None),
    ask("challenge.anyone", ChallengeWd4(anyone=True), "may_challenge", WD4, 3, 1, 0, expect=None),
    ask(
        "challenge.anyone",
        ChallengeWd4(anyone=True),
        "may_challenge",
        WD4,
        0,
        1,
        0,
        expect=Check(
            lambda r: (
                r is not None and "challenge.anyone" in r.rule_ids and "only seat 1" not in r.reason
            ),
            "refused, citing challenge.anyone, without claiming that only the victim may "
            "challenge (seats 2 and 3 may)",
        ),
    ),
    ask(
        "challenge.anyone",
        ChallengeWd4(anyone=True),
        "outcome",
        WD4,
        False,
        False,
        expect=ChallengeOutcome("challenge.anyone", False, challenger_draws=2),
    ),
    ask(
        "challenge.anyone",
        ChallengeWd4(anyone=True),
        "outcome",
        WD4,
        True,
        False,
        expect=ChallengeOutcome("challenge.wd4", True, layer_draws=4, victim_plays=True),
    ),
    ask(
        "challenge.anyone", ChallengeWd4(anyone=True), "challengeable", WD4, expect="challenge.wd4"
    ),
    # challenge.take-back
    ask(
        "challenge.take-back",
        ChallengeWd4(take_back=True),
        "outcome",
        WD4,
        True,
        True,
        expect=ChallengeOutcome(
            "challenge.wd4", True, layer_draws=4, victim_plays=True, take_back=True
        ),
    ),
    ask(
        "challenge.take-back",
        ChallengeWd4(take_back=True),
        "outcome",
        WD4,
        False,
        True,
        expect=ChallengeOutcome("challenge.wd4", False, challenger_draws=2),
    ),
    ask(
        "challenge.take-back",
        ChallengeWd4(take_back=True),
        "challengeable",
        WD4,
        expect="challenge.wd4",
    ),
    ask(
        "challenge.take-back",
        ChallengeWd4(take_back=True),
        "may_challenge",
        WD4,
        1,
        1,
        0,
        expect=None,
    ),
    # challenge.also-wild: caught, the layer draws 4; legal, the challenger draws 2
    ask(
        "challenge.also-wild",
        ChallengeWd4(also_wild=True),
        "challengeable",
        W,
        expect="challenge.also-wild",
    ),
    ask(
        "challenge.also-wild",
        ChallengeWd4(also_wild=True),
        "challengeable",
        WD4,
        expect="challenge.wd4",
    ),
    ask(
        "challenge.also-wild",
        ChallengeWd4(also_wild=True),
        "outcome",
        W,
        True,
        True,
        expect=ChallengeOutcome("challenge.also-wild", True, layer_draws=4),
    ),
    ask(
        "challenge.also-wild",
        ChallengeWd4(also_wild=True),
        "outcome",
        W,
        False,
        True,
        expect=ChallengeOutcome("challenge.also-wild", False, challenger_draws=2),
    ),
    ask(
        "challenge.also-wild",
        ChallengeWd4(also_wild=True),
        "may_challenge",
        W,
        2,
        1,
        0,
        expect=Refusal(("challenge.also-wild",), ONLY_VICTIM),
    ),
    # challenge.none
    ask("challenge.none", NoChallenge(), "challengeable", WD4, expect=None),
    ask(
        "challenge.none",
        NoChallenge(),
        "may_challenge",
        WD4,
        1,
        1,
        0,
        expect=Refusal(("challenge.none",), "these rules have no challenges"),
    ),
    ask(
        "challenge.none",
        NoChallenge(),
        "outcome",
        WD4,
        True,
        True,
        expect=ChallengeOutcome("challenge.none", False),
    ),
    # challenge.penalty (2 unless given): a failed challenge costs 4 + 2, with
    # challenge.penalty=4 4 + 4; a caught bluff still 4
    ask("challenge.penalty", CHALLENGE_2, "challengeable", WD4, expect="challenge.wd4"),
    ask("challenge.penalty", CHALLENGE_2, "may_challenge", WD4, 1, 1, 0, expect=None),
    ask(
        "challenge.penalty",
        CHALLENGE_2,
        "outcome",
        WD4,
        False,
        True,
        expect=ChallengeOutcome("challenge.penalty", False, challenger_draws=2),
    ),
    ask("challenge.penalty", CHALLENGE_4, "challengeable", WD4, expect="challenge.wd4"),
    ask(
        "challenge.penalty",
        CHALLENGE_4,
        "outcome",
        WD4,
        False,
        True,
        expect=ChallengeOutcome("challenge.penalty", False, challenger_draws=4),
    ),
    ask(
        "challenge.penalty",
        CHALLENGE_4,
        "outcome",
        WD4,
        True,
        True,
        expect=ChallengeOutcome("challenge.wd4", True, layer_draws=4, victim_plays=True),
    ),
)


@pytest.mark.parametrize("row", CHALLENGE_ROWS)
def test_challenges(row: Ask) -> None:
    verify(row)


# --- the last card, the piles, information, time limits -------------------------------


DRAW_TWO = ActionEffect("action.draw-two", draw=2)
SHUFFLE = ActionEffect("action.shuffle-hands", special="shuffle")
APPLIES = LastCard(True, True, "end.last-card-draw-applies")
VOID = LastCard(True, False, "end.last-card-no-effect")


def _going_out(rid: str, policy: GoingOut, **answers: Any) -> list[Any]:
    """The four questions of a going-out policy; ``answers`` overrides the
    official answers (any card may be last, no stuck hand, a last Draw Two
    still makes the next player draw, nobody plays on)."""
    expected = {
        "may_go_out": answers.get("may_go_out", [(WD4, None), (RS, None)]),
        "stuck": answers.get("stuck", [((WD4,), None)]),
        "last_card": answers.get("last_card", [(D2, DRAW_TWO, APPLIES)]),
        "plays_on": answers.get("plays_on", [(2, False)]),
    }
    rows: list[Any] = []
    for card, want in expected["may_go_out"]:
        rows += ask(rid, policy, "may_go_out", card, expect=want)
    for hand, want in expected["stuck"]:
        rows += ask(rid, policy, "stuck", hand, expect=want)
    for card, effect, want in expected["last_card"]:
        rows += ask(rid, policy, "last_card", card, effect, expect=want)
    for left, want in expected["plays_on"]:
        rows += ask(rid, policy, "plays_on", left, expect=want)
    return rows


ENDING_ROWS = _rows(
    _going_out(
        "end.last-card",
        GoingOut(),
        last_card=[
            (R5, None, has(goes_out=True)),
            (WD4, ActionEffect("action.wild-draw-four", draw=4), APPLIES),
        ],
    ),
    _going_out("end.last-card-draw-applies", GoingOut()),
    _going_out(
        "end.last-card-no-effect",
        GoingOut(last_card_effect=False),
        last_card=[
            (D2, DRAW_TWO, VOID),
            (WD4, ActionEffect("action.wild-draw-four", draw=4), VOID),
        ],
    ),
    _going_out(
        "end.no-wd4-last",
        GoingOut(no_wd4_last=True),
        may_go_out=[(WD4, "end.no-wd4-last"), (W, None)],
        stuck=[((WD4,), Penalty("end.no-wd4-last", 3)), ((WD4, R5), None)],
    ),
    _going_out(
        "end.no-draw-card-last",
        GoingOut(no_draw_card_last=True),
        may_go_out=[(D2, "end.no-draw-card-last"), (WD4, "end.no-draw-card-last"), (W, None)],
        stuck=[((D2,), Penalty("end.no-draw-card-last", 1)), ((D2, R5), None), ((W,), None)],
    ),
    _going_out(
        "end.no-wild-last",
        GoingOut(no_wild_last=True),
        may_go_out=[(W, "end.no-wild-last"), (WD4, "end.no-wild-last"), (D2, None)],
        stuck=[((W,), Penalty("end.no-wild-last", 1)), ((D2,), None)],
    ),
    _going_out(
        "end.number-card-last",
        GoingOut(number_card_last=True),
        may_go_out=[(RS, "end.number-card-last"), (W, "end.number-card-last"), (R0, None)],
    ),
    _going_out(
        "end.shuffle-hands-last",
        GoingOut(shuffle_hands_last=True),
        last_card=[
            (WS, SHUFFLE, LastCard(False, False, "end.shuffle-hands-last")),
            (D2, DRAW_TWO, APPLIES),
        ],
    ),
    _going_out(
        "end.play-on",
        GoingOut(play_on=True),
        plays_on=[(2, True), (3, True), (1, False)],
    ),
    *(
        ask(
            rid,
            ReshuffleDiscards(),
            "rule_ids",
            expect=("pile.reshuffle", "pile.exhausted", "pile.nothing-to-draw"),
            attribute=True,
        )
        for rid in ("pile.reshuffle", "pile.exhausted", "pile.nothing-to-draw")
    ),
    # pile.nothing-to-draw: with nothing to draw or reshuffle, a player who
    # holds a playable card may not draw; one who holds none must (and the
    # round ends, pile.exhausted).
    ask("pile.nothing-to-draw", ReshuffleDiscards(), "may_draw_from_nothing", True, expect=False),
    ask("pile.nothing-to-draw", ReshuffleDiscards(), "may_draw_from_nothing", False, expect=True),
    ask("info.hand-sizes-public", HandSizesPublic(), "shows_hands", expect=False),
    # house.open-below=3: hands of one or two cards are shown, not all hands
    ask("house.open-below", HandSizesPublic(open_below=3), "shows_hands", expect=False),
    ask("house.open-below", HandSizesPublic(open_below=3), "shows_hand", 2, expect=True),
    ask("house.open-below", HandSizesPublic(open_below=3), "shows_hand", 3, expect=False),
    ask("house.kids", HandSizesPublic(open_hands=True), "shows_hands", expect=True),
    ask("house.timed-turns", TimedTurns(), "timeout", expect=Penalty("house.timed-turns", 1)),
    # house.blitz=N: the game's clock, with or without timed turns
    ask("house.blitz", NoTimeLimit(game_turns=200), "clock", expect=("house.blitz", 200)),
    ask("house.blitz", NoTimeLimit(game_turns=200), "timeout", expect=None),
    ask("house.blitz", NoTimeLimit(game_turns=10), "clock", expect=("house.blitz", 10)),
    ask("house.blitz", TimedTurns(game_turns=300), "clock", expect=("house.blitz", 300)),
    ask(None, TimedTurns(), "clock", expect=None),
    ask(None, NoTimeLimit(), "clock", expect=None),
    ask(None, NoTimeLimit(), "timeout", expect=None),
)


@pytest.mark.parametrize("row", ENDING_ROWS)
def test_last_card_piles_info_and_timing(row: Ask) -> None:
    verify(row)


# --- scoring ----------------------------------------------------------------------------


VALUES = CardValues()


def _hands(*hands: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(C(c) for c in h.split()) for h in hands)


SCORING_ROWS = _rows(
    # score.card-values and score.card-values-2022
    *(
        ask("score.card-values", CardValues(), "value", C(code), expect=points)
        for code, points in (
            ("R0", 0),
            ("R7", 7),
            ("B9", 9),
            ("RS", 20),
            ("RR", 20),
            ("R+2", 20),
            ("W", 50),
            ("W+4", 50),
            ("WS", 40),
            ("WX", 40),
            ("WC", 40),
        )
    ),
    ask("score.card-values", CardValues(), "hand_value", (R5, W, RS), expect=75),
    ask("score.card-values", CardValues(), "hand_value", (), expect=0),
    *(
        ask("score.card-values-2022", CardValues(all_wild_50=True), "value", C(code), expect=points)
        for code, points in (("WS", 50), ("WX", 50), ("WC", 50), ("W", 50), ("R+2", 20), ("R7", 7))
    ),
    ask(
        "score.card-values-2022",
        CardValues(all_wild_50=True),
        "hand_value",
        (WS, WC, C("R9")),
        expect=109,
    ),
    # score.winner-takes: the winner scores the other hands
    ask(
        "score.winner-takes",
        WinnerTakes(),
        "score_round",
        _hands("", "R5 W", "RS"),
        0,
        (10, 20, 30),
        VALUES,
        expect=((85, 20, 30), "seat 0 scores the other hands: 55 + 20 = 75 points"),
    ),
    ask(
        "score.winner-takes",
        WinnerTakes(),
        "score_round",
        _hands("R+2", ""),
        1,
        (0, 0),
        VALUES,
        expect=((0, 20), "seat 1 scores the other hand: 20 points"),
    ),
    ask(
        ("score.winner-takes", "pile.exhausted"),
        WinnerTakes(),
        "score_round",
        _hands("R5", "G5"),
        None,
        (3, 4),
        VALUES,
        expect=((3, 4), "nobody scores"),
    ),
    ask("score.winner-takes", WinnerTakes(), "game_over", (499, 0), 0, expect=False),
    ask("score.winner-takes", WinnerTakes(), "game_winner", (520, 100), 0, expect=0),
    ask("score.winner-takes", WinnerTakes(), "game_winner", (120, 100), 0, expect=None),
    ask("score.winner-takes", WinnerTakes(), "in_play", (0, 600, 0), expect=(True, True, True)),
    # score.target: 500 by default; reaching it ends the game
    ask(
        ("score.target", "score.winner-takes"), WinnerTakes(), "target", expect=500, attribute=True
    ),
    ask("score.target", WinnerTakes(), "game_over", (500, 0), 0, expect=True),
    ask("score.target", WinnerTakes(target=1000), "game_over", (999, 0), 0, expect=False),
    # score.double: the winner scores twice the other hands (R5 5, RS W 20 + 50)
    ask(
        "score.double",
        DOUBLE,
        "score_round",
        _hands("", "R5", "RS W"),
        0,
        (10, 20, 30),
        VALUES,
        expect=(
            (160, 20, 30),
            "seat 0 scores the other hands: 5 + 70 = 75 points, doubled: 150 points",
        ),
    ),
    ask("score.double", DOUBLE, "target", expect=500, attribute=True),
    # house.teams: with four players seats 0 and 2 share what seats 1 and 3 hold
    ask(
        "house.teams",
        TEAMS,
        "score_round",
        _hands("", "R5", "G1", "RS W"),
        0,
        (10, 20, 10, 30),
        VALUES,
        expect=(
            (85, 20, 85, 30),
            "seats 0 and 2, partners, score the other team's hands: 5 + 70 = 75 points",
        ),
    ),
    ask("house.teams", TEAMS, "target", expect=500, attribute=True),
    ask("house.teams", TEAMS, "game_over", (500, 0, 500, 0), 0, expect=True),
    ask("house.teams", TEAMS, "game_winner", (520, 100, 520, 100), 2, expect=2),
    ask("house.teams", TEAMS, "in_play", (0, 600, 0, 0), expect=(True, True, True, True)),
    # score.most-cards-out: the totals count the rounds come through
    ask(
        "score.most-cards-out",
        MostCardsOut(),
        "score_round",
        _hands("", "R5 R6", "G1"),
        0,
        (2, 2, 2),
        VALUES,
        expect=((3, 2, 3), "seat 1 holds the most cards (2) and is out of the game"),
    ),
    ask("score.most-cards-out", MostCardsOut(), "target", expect=1, attribute=True),
    ask("score.most-cards-out", MostCardsOut(), "in_play", (3, 2, 3), expect=(True, False, True)),
    ask("score.most-cards-out", MostCardsOut(), "game_over", (3, 2, 3), 0, expect=False),
    ask("score.most-cards-out", MostCardsOut(), "game_over", (3, 2, 2), 0, expect=True),
    ask("score.most-cards-out", MostCardsOut(), "game_winner", (3, 2, 2), 0, expect=0),
    ask("score.double", DOUBLE, "game_over", (500, 0), 0, expect=True),
    ask("score.double", DOUBLE, "game_winner", (520, 100), 0, expect=0),
    ask("score.double", DOUBLE, "in_play", (0, 600, 0), expect=(True, True, True)),
    # score.penalty-points: own hands; the lowest total wins once someone reaches the target
    ask(
        "score.penalty-points",
        PenaltyPoints(),
        "score_round",
        _hands("", "R5", "RS W"),
        0,
        (10, 20, 30),
        VALUES,
        expect=(
            (10, 25, 100),
            "every player notes their own hand: seat 0 +0, seat 1 +5, seat 2 +70",
        ),
    ),
    ask("score.penalty-points", PenaltyPoints(), "game_over", (100, 500, 20), 1, expect=True),
    ask("score.penalty-points", PenaltyPoints(), "game_over", (100, 499, 20), 1, expect=False),
    ask("score.penalty-points", PenaltyPoints(), "game_winner", (100, 500, 20), 0, expect=2),
    ask("score.penalty-points", PenaltyPoints(), "game_winner", (20, 500, 20), 0, expect=None),
    ask("score.penalty-points", PenaltyPoints(), "in_play", (0, 600), expect=(True, True)),
    ask("score.penalty-points", PenaltyPoints(), "target", expect=500, attribute=True),
    # score.elimination: seat 0 is out already; seat 2 reaches 500 now; seat 1 wins
    ask(
        "score.elimination",
        Elimination(),
        "score_round",
        _hands("", "", "RS W"),
        1,
        (510, 100, 450),
        VALUES,
        expect=(
            (510, 100, 520),
            "every player still in the game notes their own hand: seat 1 +0, seat 2 +70; "
            "seat 2 reaches 500 and is out of the game",
        ),
    ),
    ask("score.elimination", Elimination(), "game_over", (510, 100, 200), 1, expect=False),
    ask("score.elimination", Elimination(), "game_over", (510, 100, 520), 1, expect=True),
    ask("score.elimination", Elimination(), "game_winner", (510, 100, 520), 1, expect=1),
    ask("score.elimination", Elimination(), "in_play", (510, 100, 200), expect=(False, True, True)),
    ask("score.elimination", Elimination(), "target", expect=500, attribute=True),
    # score.single-round: no points; the first out wins
    ask(
        "score.single-round",
        SingleRound(),
        "score_round",
        _hands("", "R5"),
        0,
        (0, 0),
        VALUES,
        expect=((0, 0), "no points are counted: the round decides the game"),
    ),
    ask("score.single-round", SingleRound(), "game_over", (0, 0), 0, expect=True),
    ask("score.single-round", SingleRound(), "game_winner", (0, 0), 1, expect=1),
    ask("score.single-round", SingleRound(), "game_winner", (0, 0), None, expect=None),
    ask("score.single-round", SingleRound(), "in_play", (0, 0), expect=(True, True)),
    ask("score.single-round", SingleRound(), "target", expect=1, attribute=True),
)


@pytest.mark.parametrize("row", SCORING_ROWS)
def test_scoring(row: Ask) -> None:
    verify(row)


# --- UNO All Wild: each policy of the edition, by hand ----------------------------------

AW_DECK = all_wild.AllWildDeck()
AW_ACTS = all_wild.AllWildActions()
AW_WILD = WildAnyTime(rule_ids=("all-wild.no-colour",))
W_ = Card.parse("W")
WR_, WSK_, WSK2_ = Card.parse("WR"), Card.parse("WSK"), Card.parse("WSK2")
WD2_, WD4_, WT2_, WFS_ = (Card.parse(c) for c in ("W+2", "W+4", "WT+2", "WFS"))
ALL_WILD_ROWS = _rows(
    ask(
        "all-wild.deck",
        AW_DECK,
        "cards",
        expect=cards_counted(
            Counter({c: 14 for c in ("W", "WR", "WSK", "WSK2", "W+2", "W+4", "WT+2", "WFS")}),
            "14 of each of the eight wild faces",
        ),
    ),
    ask("all-wild.deck", AW_DECK, "lacks", WT2_, expect=None),
    ask(
        "all-wild.deck",
        AW_DECK,
        "lacks",
        R5,
        expect=Refusal(("all-wild.deck", "all-wild.no-colour")),
    ),
    ask("all-wild.deck", AW_DECK, "hand_size", expect=7, attribute=True),
    ask("all-wild.deck", AW_DECK, "min_players", expect=2, attribute=True),
    ask("all-wild.deck", AW_DECK, "max_players", expect=10, attribute=True),
    ask("all-wild.no-colour", AW_DECK, "colors_named", expect=(), attribute=True),
    # A wild card goes on anything, with no colour in force.
    ask("all-wild.no-colour", AW_WILD, "allows", (W_, WR_), WR_, None, expect=True),
    ask("all-wild.no-colour", AW_ACTS, "effect", W_, 3, expect=ActionEffect("all-wild.no-colour")),
    ask(
        "all-wild.reverse",
        AW_ACTS,
        "effect",
        WR_,
        3,
        expect=ActionEffect("all-wild.reverse", reverse=True),
    ),
    ask(
        "all-wild.reverse",
        AW_ACTS,
        "effect",
        WR_,
        2,
        expect=ActionEffect("all-wild.reverse", reverse=True, skip=1),
    ),
    ask("all-wild.skip", AW_ACTS, "effect", WSK_, 4, expect=ActionEffect("all-wild.skip", skip=1)),
    ask("all-wild.skip", AW_ACTS, "effect", WSK2_, 4, expect=ActionEffect("all-wild.skip", skip=2)),
    ask("all-wild.draw", AW_ACTS, "effect", WD2_, 3, expect=ActionEffect("all-wild.draw", draw=2)),
    ask("all-wild.draw", AW_ACTS, "effect", WD4_, 3, expect=ActionEffect("all-wild.draw", draw=4)),
    ask("all-wild.draw", AW_ACTS, "laid", (WD4_, WD4_), 3, expect=None),
    ask(
        "all-wild.targeted-draw-two",
        AW_ACTS,
        "effect",
        WT2_,
        4,
        expect=ActionEffect("all-wild.targeted-draw-two", named_draws=2),
    ),
    ask(
        "all-wild.forced-swap",
        AW_ACTS,
        "effect",
        WFS_,
        4,
        expect=ActionEffect("all-wild.forced-swap", special="swap", target="required"),
    ),
    ask(
        "all-wild.start",
        all_wild.AllWildStart(),
        "outcome",
        WSK2_,
        expect=StartOutcome("all-wild.start"),
    ),
    ask("all-wild.card-values", all_wild.AllWildValues(), "value", W_, expect=20),
    ask("all-wild.card-values", all_wild.AllWildValues(), "value", WFS_, expect=50),
    ask(
        "all-wild.card-values",
        all_wild.AllWildValues(),
        "hand_value",
        (W_, WSK_, WR_, WD4_),
        expect=170,
    ),
)


@pytest.mark.parametrize("row", ALL_WILD_ROWS)
def test_all_wild(row: Ask) -> None:
    verify(row)


# --- UNO Flip: each policy of the edition, by hand -------------------------------------

FL_DECK = flip.FlipDeck()
FL_ACTS = flip.FlipActions()
FL_DRAWS = flip.FlipWildDraws()
FL_CHALLENGE = flip.FlipChallenge()
FL_START = flip.FlipStart()
FL_VALUES = flip.FlipValues()
R1P1, P1R1, RFW, R1W = (Card.parse(c) for c in ("R1:P1", "P1:R1", "RF:W", "R+1:W"))
O5R6, OSE, W2P1, WCR2 = (Card.parse(c) for c in ("O+5:R6", "OSE:R2", "W+2:P1", "W+C:R2"))
WT8, R5OR, G1PR = Card.parse("W:T8"), Card.parse("R5:OR"), Card.parse("G1:PR")
FLIP_ROWS = _rows(
    ask(
        "flip.deck",
        FL_DECK,
        "cards",
        expect=Check(
            lambda a: len(a) == 112 and all(c.back is not None for c in a) and a[0] == R1P1,
            "112 two-sided cards, R1:P1 first",
        ),
    ),
    ask("flip.deck", FL_DECK, "lacks", P1R1, expect=None),
    ask("flip.deck", FL_DECK, "lacks", R5, expect=Refusal(("flip.deck",))),
    ask("flip.deck", FL_DECK, "hand_size", expect=7, attribute=True),
    ask("flip.deck", FL_DECK, "min_players", expect=2, attribute=True),
    ask("flip.deck", FL_DECK, "max_players", expect=10, attribute=True),
    ask("flip.flip", FL_ACTS, "effect", RFW, 3, expect=ActionEffect("flip.flip", flip=True)),
    ask("flip.draw-one", FL_ACTS, "effect", R1W, 3, expect=ActionEffect("flip.draw-one", draw=1)),
    ask(
        "flip.draw-five", FL_ACTS, "effect", O5R6, 3, expect=ActionEffect("flip.draw-five", draw=5)
    ),
    ask(
        "flip.skip-everyone",
        FL_ACTS,
        "effect",
        OSE,
        4,
        expect=ActionEffect("flip.skip-everyone", skip=3),
    ),
    ask(
        "flip.wild-draw-two",
        FL_ACTS,
        "effect",
        W2P1,
        3,
        expect=ActionEffect("flip.wild-draw-two", draw=2),
    ),
    ask("flip.wild-draw-two", FL_ACTS, "laid", (W2P1, W2P1), 3, expect=None),
    ask(
        "flip.wild-draw-colour",
        FL_ACTS,
        "effect",
        WCR2,
        3,
        expect=ActionEffect("flip.wild-draw-colour", draw_until="named"),
    ),
    ask("flip.wild-draw-restricted", FL_DRAWS, "governs", W2P1, expect=True),
    ask("flip.wild-draw-restricted", FL_DRAWS, "governs", WT8, expect=False),
    ask("flip.wild-draw-restricted", FL_DRAWS, "restricts", R1P1, Color.RED, expect=True),
    ask("flip.wild-draw-restricted", FL_DRAWS, "breaks", (R5OR,), R1P1, Color.RED, expect=True),
    ask("flip.wild-draw-restricted", FL_DRAWS, "breaks", (G1PR,), R1P1, Color.RED, expect=False),
    ask("flip.challenge", FL_CHALLENGE, "challengeable", WCR2, expect="flip.challenge"),
    ask("flip.challenge", FL_CHALLENGE, "challengeable", WT8, expect=None),
    ask("flip.challenge", FL_CHALLENGE, "may_challenge", W2P1, 1, 1, 0, expect=None),
    ask(
        "flip.challenge",
        FL_CHALLENGE,
        "outcome",
        W2P1,
        True,
        True,
        expect=ChallengeOutcome("flip.challenge", True, layer_draws=2, victim_plays=True),
    ),
    ask(
        "flip.challenge",
        FL_CHALLENGE,
        "outcome",
        WCR2,
        True,
        True,
        expect=ChallengeOutcome("flip.challenge", True, layer_draws=0, victim_plays=True),
    ),
    ask(
        "flip.challenge",
        FL_CHALLENGE,
        "outcome",
        W2P1,
        False,
        True,
        expect=ChallengeOutcome("flip.challenge", False, challenger_draws=2),
    ),
    ask("flip.start", FL_START, "outcome", R1W, expect=StartOutcome("flip.start", first=2, draw=1)),
    ask("flip.start", FL_START, "outcome", W2P1, expect=StartOutcome("flip.start", redraw=True)),
    ask("flip.card-values", FL_VALUES, "value", R1W, expect=10),
    ask("flip.card-values", FL_VALUES, "value", WCR2, expect=60),
    ask("flip.card-values", FL_VALUES, "hand_value", (OSE, O5R6, WT8), expect=90),
)


@pytest.mark.parametrize("row", FLIP_ROWS)
def test_flip(row: Ask) -> None:
    verify(row)


# --- UNO Show 'em No Mercy ---------------------------------------------------------------

NM_DECK = no_mercy.NoMercyDeck()
NM_ACTS = no_mercy.NoMercyActions()
NM_STACK = no_mercy.NoMercyStacking()
NM_VALUES = no_mercy.NoMercyValues()
_NM_COLOURED = {
    **{str(k): 2 for k in range(10)},
    "+2": 3,
    "+4": 2,
    "S": 3,
    "SE": 2,
    "R": 3,
    "DA": 3,
}

NO_MERCY_ROWS = _rows(
    ask(
        "no-mercy.deck",
        NM_DECK,
        "cards",
        expect=cards_counted(
            Counter(
                {
                    **{c + f: k for c in "RYGB" for f, k in _NM_COLOURED.items()},
                    "WR+4": 8,
                    "W+6": 4,
                    "W+10": 4,
                    "WCR": 8,
                }
            ),
            "per colour 2 of each number, 3 +2/S/R/DA, 2 +4/SE; 8 WR+4, 4 W+6, 4 W+10, 8 WCR",
        ),
    ),
    ask("no-mercy.deck", NM_DECK, "lacks", C("WCR"), expect=None),
    ask("no-mercy.deck", NM_DECK, "lacks", C("W"), expect=Refusal(("no-mercy.deck",))),
    ask("no-mercy.deck", NM_DECK, "hand_size", expect=7, attribute=True),
    ask("no-mercy.deck", NM_DECK, "min_players", expect=2, attribute=True),
    ask("no-mercy.deck", NM_DECK, "max_players", expect=10, attribute=True),
    ask(
        "no-mercy.skip", NM_ACTS, "effect", C("RS"), 4, expect=ActionEffect("no-mercy.skip", skip=1)
    ),
    ask(
        "no-mercy.reverse",
        NM_ACTS,
        "effect",
        C("RR"),
        3,
        expect=ActionEffect("no-mercy.reverse", reverse=True),
    ),
    ask(
        "no-mercy.reverse",
        NM_ACTS,
        "effect",
        C("RR"),
        2,
        expect=ActionEffect("no-mercy.reverse", reverse=True, skip=1),
    ),
    ask(
        "no-mercy.draw",
        NM_ACTS,
        "effect",
        C("G+2"),
        3,
        expect=ActionEffect("no-mercy.draw", draw=2),
    ),
    ask(
        "no-mercy.draw",
        NM_ACTS,
        "effect",
        C("G+4"),
        3,
        expect=ActionEffect("no-mercy.draw", draw=4),
    ),
    ask(
        "no-mercy.draw",
        NM_ACTS,
        "effect",
        C("W+6"),
        3,
        expect=ActionEffect("no-mercy.draw", draw=6),
    ),
    ask(
        "no-mercy.draw",
        NM_ACTS,
        "effect",
        C("W+10"),
        3,
        expect=ActionEffect("no-mercy.draw", draw=10),
    ),
    ask("no-mercy.draw", NM_ACTS, "laid", (C("G+2"), C("G+2")), 3, expect=None),
    ask(
        "no-mercy.reverse-draw-four",
        NM_ACTS,
        "effect",
        C("WR+4"),
        3,
        expect=ActionEffect("no-mercy.reverse-draw-four", reverse=True, draw=4),
    ),
    # Every other player loses the turn: 4 players, 3 skipped; 2 players, 1.
    ask(
        "no-mercy.skip-everyone",
        NM_ACTS,
        "effect",
        C("BSE"),
        4,
        expect=ActionEffect("no-mercy.skip-everyone", skip=3),
    ),
    ask(
        "no-mercy.skip-everyone",
        NM_ACTS,
        "effect",
        C("BSE"),
        2,
        expect=ActionEffect("no-mercy.skip-everyone", skip=1),
    ),
    ask(
        "no-mercy.discard-all",
        NM_ACTS,
        "effect",
        C("YDA"),
        3,
        expect=ActionEffect("no-mercy.discard-all", own=no_mercy.discard_all),
    ),
    ask(
        "no-mercy.colour-roulette",
        NM_ACTS,
        "effect",
        C("WCR"),
        3,
        expect=ActionEffect("no-mercy.colour-roulette", draw_until="chosen"),
    ),
    ask(
        "no-mercy.seven-zero",
        NM_ACTS,
        "effect",
        C("G7"),
        3,
        expect=ActionEffect("no-mercy.seven-zero", special="swap", target="required"),
    ),
    ask(
        "no-mercy.seven-zero",
        NM_ACTS,
        "effect",
        C("G0"),
        3,
        expect=ActionEffect("no-mercy.seven-zero", special="pass-on"),
    ),
    ask("no-mercy.seven-zero", NM_ACTS, "effect", C("G5"), 3, expect=None),
    # A draw card answers one that draws as many or fewer, any colour.
    ask(
        "no-mercy.stacking",
        NM_STACK,
        "answers",
        C("R+2"),
        C("B+2"),
        RED,
        expect="no-mercy.stacking",
    ),
    ask(
        "no-mercy.stacking",
        NM_STACK,
        "answers",
        C("R+2"),
        C("B+4"),
        RED,
        expect="no-mercy.stacking",
    ),
    ask("no-mercy.stacking", NM_STACK, "answers", C("W+6"), C("G+4"), RED, expect=None),
    ask(
        "no-mercy.stacking",
        NM_STACK,
        "answers",
        C("G+4"),
        C("WR+4"),
        GREEN,
        expect="no-mercy.stacking",
    ),
    ask("no-mercy.stacking", NM_STACK, "answers", C("W+10"), C("W+6"), RED, expect=None),
    ask("no-mercy.stacking", NM_STACK, "answers", C("R+2"), C("WCR"), RED, expect=None),
    ask("no-mercy.stacking", NM_STACK, "answerable", C("W+10"), RED, expect=True),
    ask("no-mercy.stacking", NM_STACK, "answerable", C("WCR"), RED, expect=False),
    ask(
        "no-mercy.draw-until-playable",
        no_mercy.NoMercyDrawing(),
        "drawn",
        True,
        expect=DrawnCard("no-mercy.draw-until-playable", AfterDraw.MUST_PLAY),
    ),
    ask(
        "no-mercy.draw-until-playable",
        no_mercy.NoMercyDrawing(),
        "drawn",
        False,
        expect=DrawnCard("no-mercy.draw-until-playable", AfterDraw.DRAW_AGAIN),
    ),
    ask("no-mercy.mercy", no_mercy.MercyRule(), "knocked_out", 24, expect=None),
    ask("no-mercy.mercy", no_mercy.MercyRule(), "knocked_out", 25, expect="no-mercy.mercy"),
    ask(
        "no-mercy.start",
        no_mercy.NoMercyStart(),
        "outcome",
        C("R3"),
        expect=StartOutcome("no-mercy.start"),
    ),
    ask(
        "no-mercy.start",
        no_mercy.NoMercyStart(),
        "outcome",
        C("RSE"),
        expect=StartOutcome("no-mercy.start", redraw=True, cover=True),
    ),
    ask("no-mercy.card-values", NM_VALUES, "value", C("B9"), expect=9),
    ask("no-mercy.card-values", NM_VALUES, "value", C("BDA"), expect=20),
    ask("no-mercy.card-values", NM_VALUES, "value", C("W+10"), expect=50),
    # 0 + 20 + 50 + 7
    ask(
        "no-mercy.card-values",
        NM_VALUES,
        "hand_value",
        (C("G0"), C("G+4"), C("WCR"), C("Y7")),
        expect=77,
    ),
)


@pytest.mark.parametrize("row", NO_MERCY_ROWS)
def test_no_mercy(row: Ask) -> None:
    verify(row)


ALL_ROWS: list[Ask] = [
    p.values[0]
    for p in (
        *ALL_WILD_ROWS,
        *NO_MERCY_ROWS,
        *FLIP_ROWS,
        *DECK_ROWS,
        *PLAY_ROWS,
        *DRAW_ROWS,
        *ACTION_ROWS,
        *UNO_ROWS,
        *CHALLENGE_ROWS,
        *ENDING_ROWS,
        *SCORING_ROWS,
    )
]


# --- coverage: every ID the presets accept, every question of its policy -------------


def _spec_for(rule_id: str) -> str | None:
    """A preset string that puts ``rule_id`` in force, or ``None``."""
    numbered = presets.NUMBERED.get(rule_id)
    for spec in (
        f"official+{rule_id}",
        f"official+{rule_id}={numbered.example if numbered else ''}",
        f"official+house.jump-in+{rule_id}",
        f"official+deck.modern-112+{rule_id}",
        f"official+deck.modern-112-swap+{rule_id}",
        f"official+all-wild.deck+{rule_id}",
        f"official+no-mercy.deck+{rule_id}",
        f"official+flip.deck+{rule_id}",
    ):
        try:
            presets.get(spec)
        except RuleSetError:
            continue
        return spec
    return None


ACCEPTED: dict[str, str] = {rid: spec for rid in CATALOGUE if (spec := _spec_for(rid)) is not None}


def _implementing(rule_id: str) -> list[tuple[str, Any]]:
    """The ``(slot, policy)`` pairs that list ``rule_id`` once it is in force."""
    rules = presets.get(ACCEPTED[rule_id])
    return [(slot, policy) for slot, policy in rules.policies() if rule_id in policy.rule_ids]


def _questions(slot: str) -> set[str]:
    """The members of the slot's protocol (its questions), ``rule_ids`` aside."""
    protocol = typing.get_type_hints(RuleSet)[slot]
    names: set[str] = set()
    for base in protocol.__mro__:
        if base is object or base.__module__ in ("typing", "typing_extensions"):
            continue
        names.update(n for n in vars(base) if not n.startswith("_"))
        names.update(n for n in getattr(base, "__annotations__", {}) if not n.startswith("_"))
    names.discard("rule_ids")
    return names


def test_only_the_ids_without_a_policy_are_left_out() -> None:
    assert set(CATALOGUE) - set(ACCEPTED) == set(presets.NOT_YET_AVAILABLE)


def test_every_available_id_is_asked() -> None:
    missing = []
    for rid in ACCEPTED:
        implementing = _implementing(rid)
        assert implementing, f"no slot lists {rid} under {ACCEPTED[rid]}"
        if not any(r.rule_id == rid and r.policy == p for r in ALL_ROWS for _, p in implementing):
            missing.append(f"{rid} ({', '.join(type(p).__name__ for _, p in implementing)})")
    assert not missing, "no row asks the policy implementing: " + "; ".join(missing)


def test_every_question_of_each_implementing_policy_is_asked() -> None:
    unasked = []
    for rid in ACCEPTED:
        for slot, policy in _implementing(rid):
            asked = {r.question for r in ALL_ROWS if r.policy == policy}
            for question in sorted(_questions(slot) - asked):
                unasked.append(f"{_policy_name(policy)}.{question} (slot {slot}, {rid})")
    assert not unasked, "never asked: " + "; ".join(sorted(set(unasked)))


def test_rows_name_catalogue_ids() -> None:
    unknown = {r.rule_id for r in ALL_ROWS if r.rule_id is not None} - set(CATALOGUE)
    assert not unknown


def test_the_questions_read_from_the_protocols() -> None:
    assert _questions("deck") == {"min_players", "max_players", "hand_size", "cards", "lacks"}
    assert _questions("uno_call") == {"due", "late", "may_go_out"}
    assert _questions("piles") == {"may_draw_from_nothing"}
    assert all(_questions(slot) for slot in SLOTS)


# --- the policies without the engine ---------------------------------------------------

# ``import unorules.rules.policies`` runs ``unorules/__init__.py`` first, which
# imports ``unorules.dealing`` (for ``new_round``), which imports
# ``unorules.engine`` (``rng_for``): a plain import always loads the engine.
# So the process below stands the package's files in for ``unorules`` without
# running its ``__init__``, and then uses only the rules package.

_ALONE = r"""
import importlib.util, json, pathlib, sys, types

root = pathlib.Path(importlib.util.find_spec("unorules").origin).parent
package = types.ModuleType("unorules")
package.__path__ = [str(root)]
sys.modules["unorules"] = package

from unorules.cards import Card, Color
from unorules.rules import policies, presets
from unorules.rules.catalogue import CATALOGUE
from unorules.state import GameState

C = Card.parse
RED = Color.RED
QUESTIONS = {
    "deck": lambda p: p.lacks(C("R5")),
    "deal": lambda p: p.cards_each(7),
    "start_card": lambda p: p.outcome(C("RS")),
    "match": lambda p: p.lay(C("R5"), 2),
    "wild": lambda p: p.allows((C("W"), C("R2")), C("R7"), RED),
    "wd4": lambda p: p.breaks((C("R2"),), C("R7"), RED),
    "drawing": lambda p: p.drawn(False),
    "draw_choice": lambda p: p.may_draw(True),
    "actions": lambda p: p.effect(C("RR"), 2),
    "stacking": lambda p: p.answers(C("R+2"), C("G+2"), RED),
    "uno_call": lambda p: p.due(2, True, lambda: True),
    "uno_penalty": lambda p: p.caught(),
    "uno_window": lambda p: p.closes(False),
    "challenge": lambda p: p.outcome(C("W+4"), True, True),
    "going_out": lambda p: p.last_card(C("R+2"), None),
    "piles": lambda p: p.may_draw_from_nothing(True),
    "info": lambda p: p.shows_hands(),
    "card_values": lambda p: p.hand_value((C("R5"), C("W"))),
    "scoring": lambda p: p.score_round(((), (C("R5"),)), 0, (0, 0), policies.CardValues()),
    "dealer_choice": lambda p: p.draw((C("R9"), C("G1")), 2, 0),
    "jump_in": lambda p: p.jump(C("R5"), C("R5")),
    "seven_zero": lambda p: p.effect(C("R7"), 4),
    "timing": lambda p: p.timeout(),
    "hand_limit": lambda p: p.knocked_out(30),
}

specs = list(presets.names()) + ["official-2018+house.custom-cards"]
for rid in CATALOGUE:
    if rid not in presets.NOT_YET_AVAILABLE:
        specs.append("official+" + rid)
asked = 0
for spec in specs:
    try:
        rules = presets.get(spec)
    except Exception:
        continue
    for slot, policy in rules.policies():
        if slot == "custom_card":
            state = GameState(
                rules=rules, hands=((C("R5"),), (C("G5"),)), draw_pile=(C("B1"),),
                discard_pile=(C("WC"),), color=RED, current=1,
            )
            policy.own_rule(state, 0)
        else:
            QUESTIONS[slot](policy)
        asked += 1

print(json.dumps({
    "asked": asked,
    "specs": len(specs),
    "init_ran": hasattr(sys.modules["unorules"], "apply"),
    "engine": sorted(m for m in sys.modules if m.split(".")[:2] == ["unorules", "engine"]),
}))
"""


def test_policies_answer_in_a_process_without_the_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _ALONE], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["init_ran"] is False
    assert report["asked"] >= len(SLOTS) * len(presets.names())
    assert report["engine"] == []


_FORBIDDEN = ("unorules.engine", "unorules.state", "unorules.dealing")


def _runtime_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """The modules a file imports when it runs (``if TYPE_CHECKING:`` blocks
    left out), with their lines; ``from unorules import x`` counts as
    ``unorules`` (its ``__init__`` holds the engine's names)."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _policy_files() -> list[Path]:
    return sorted(Path(policies.__file__).parent.glob("*.py"))


def test_policy_modules_import_nothing_of_the_engine_or_the_state() -> None:
    files = _policy_files()
    assert {f.stem for f in files} >= {"base", "deck", "play", "scoring", "__init__"}
    bad = []
    for path in files:
        for line, module in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if module == "unorules" or module.startswith(_FORBIDDEN):
                bad.append(f"{path.name}:{line} imports {module}")
    assert not bad, "; ".join(bad)


def test_the_import_check_sees_imports() -> None:
    tree = ast.parse(
        "import unorules.engine\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from unorules.state import GameState\n"
        "def f():\n    from unorules.dealing import new_round\n"
    )
    assert _runtime_imports(tree) == [
        (1, "unorules.engine"),
        (2, "typing"),
        (6, "unorules.dealing"),
    ]


# --- policies.__all__ -------------------------------------------------------------------


def _submodules() -> list[Any]:
    return [
        importlib.import_module(f"{policies.__name__}.{m.name}")
        for m in pkgutil.iter_modules(policies.__path__)
        # A build compiled with mypyc has a helper extension beside each module.
        if not m.name.endswith("__mypyc")
    ]


def test_every_name_in_all_resolves() -> None:
    missing = [name for name in policies.__all__ if not hasattr(policies, name)]
    assert not missing
    assert len(set(policies.__all__)) == len(policies.__all__)


def test_all_lists_every_public_policy_and_protocol() -> None:
    modules = _submodules()
    assert {m.__name__.rsplit(".", 1)[1] for m in modules} == {
        "base",
        "deck",
        "play",
        "drawing",
        "actions",
        "uno",
        "challenge",
        "ending",
        "scoring",
    }
    unlisted = []
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("_") or not inspect.isclass(value):
                continue
            if value.__module__ != module.__name__:
                continue
            if name not in policies.__all__ or name not in module.__all__:
                unlisted.append(f"{module.__name__}.{name}")
        unlisted += [
            f"{module.__name__}.{name} (in its __all__)"
            for name in module.__all__
            if name not in policies.__all__
        ]
    assert not unlisted, "not in __all__: " + ", ".join(unlisted)
