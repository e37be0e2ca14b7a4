"""Presets: named rule sets, and composition by rule ID.

A preset string is a preset name followed by further preset names and rule
IDs of the catalogue, joined by ``+``: each ID puts its policy into its slot
(options such as stacking rules or ``challenge.anyone`` combine with what the
slot holds). The option ``strict`` makes the engine enforce what players
would otherwise police themselves (see
:class:`~unorules.rules.ruleset.RuleSet`), and ``score.target=N`` sets the
target score.

What combining means: each preset is ``official`` plus its own choices (the
rule IDs :data:`PRESETS` gives it), and ``A+B`` is ``official`` plus A's
choices plus B's choices, plus any rule IDs given
(``norsk+kitchen-table+house.seven-zero``; ``norsk+start.number-only`` is
``official`` with the IDs of ``norsk`` and ``start.number-only``). Nothing
overrides anything: the result depends only on the set of IDs, never on
their order, and two choices that contradict (two readings of one rule, an
option of a policy another choice replaces, a choice another leaves out of
force, two rules that disagree, two target scores) are refused however they
are written, with a :class:`~unorules.errors.RuleSetError` that names the IDs
and, when several presets are combined, the preset each came from. The same
choice made twice (``norsk+official-2018`` both choose ``deck.modern-112``)
is no contradiction. ``house.kids`` takes the Wild Draw Fours out of whichever
deck is chosen; its other choices (no challenges, a reminder, no scoring)
give way to an ID given for the same rule (``kids+challenge.wd4``).

    >>> rules = get("official+house.stack-draw-two")
    >>> rules.stacking.rule_ids
    ('house.stack-draw-two',)
    >>> get("official+score.target=250").target
    250
    >>> get("svenska+kitchen-table").scoring.rule_ids
    ('score.single-round',)
    >>> get("junior+official-2018")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    unorules.errors.RuleSetError: 'deck.junior' (from the preset 'junior') and 'deck.modern-112' ...
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from unorules._mypyc import mypyc_attr
from unorules.errors import Message, RuleSetError, msg
from unorules.rules import policies as p
from unorules.rules.catalogue import CATALOGUE, nearest
from unorules.rules.editions import all_wild, flip, no_mercy
from unorules.rules.house import HOW_TO_PASS, HouseRule, house_rule_map
from unorules.rules.ruleset import MAX_TARGET, RuleSet, _short

__all__ = [
    "NOT_YET_AVAILABLE",
    "NUMBERED",
    "PRESETS",
    "TITLES",
    "Numbered",
    "available",
    "compose",
    "describe",
    "from_rule_ids",
    "get",
    "names",
    "official",
    "slot_of",
    "title",
]

Changes = dict[str, Any]
Builder = Callable[[RuleSet], Changes]


@attrs.frozen(slots=True)
class _Entry:
    slot: str
    groups: tuple[str, ...]
    build: Builder
    covers: tuple[str, ...] = ()
    """Choices this ID makes by default that an ID of the same group refines
    (``house.kids`` has no challenges unless ``challenge.wd4`` is given)."""
    house: HouseRule | None = None
    """The table's own rule this entry builds, if it is one."""


_OPTIONS: set[Builder] = set()
"""Builders that change an option of the policy in their slot; they run after
every builder that puts a policy in a slot."""


@mypyc_attr(native_class=False)  # as every error (unorules.errors)
class _OptionClash(RuleSetError):
    """An option whose slot holds a policy without that option."""

    def __init__(self, rule_id: str, cls: type, slot: str, current: object) -> None:
        self.option = rule_id
        self.cls = cls
        self.slot = slot
        self.current = current
        super().__init__(
            msg("{option} is an option of {policy}", option=repr(rule_id), policy=cls.__name__),
            (rule_id,),
        )


def _const(slot: str, policy: object) -> Builder:
    return lambda _rules: {slot: policy}


def _keep(slot: str) -> Builder:
    return lambda rules: {slot: getattr(rules, slot)}


def _evolve(slot: str, cls: type, rule_id: str, **changes: Any) -> Builder:
    """An option of the policy in ``slot``: needs that slot to hold a ``cls``."""

    def build(rules: RuleSet) -> Changes:
        current = getattr(rules, slot)
        if not isinstance(current, cls):
            raise _OptionClash(rule_id, cls, slot, current)
        return {slot: attrs.evolve(current, **changes)}  # type: ignore[misc]

    _OPTIONS.add(build)
    return build


def _stack(rule_id: str) -> Builder:
    def build(rules: RuleSet) -> Changes:
        current = rules.stacking
        if not isinstance(current, p.Stacking):
            raise _OptionClash(rule_id, p.Stacking, "stacking", current)
        ids = current.rule_ids
        return {"stacking": p.Stacking(ids if rule_id in ids else (*ids, rule_id))}

    _OPTIONS.add(build)
    return build


def _bomb() -> Builder:
    """``house.bomb``: an option of the official action policy."""

    rule_id = "house.bomb"

    def build(rules: RuleSet) -> Changes:
        current = rules.actions
        if not isinstance(current, p.OfficialActions):
            raise _OptionClash(rule_id, p.OfficialActions, "actions", current)
        ids = current.rule_ids
        return {
            "actions": attrs.evolve(
                current, bomb=3, rule_ids=ids if rule_id in ids else (*ids, rule_id)
            )
        }

    _OPTIONS.add(build)
    return build


def _start(**changes: Any) -> Builder:
    def build(rules: RuleSet) -> Changes:
        current = rules.start_card
        base = current if isinstance(current, p.StartCard) else p.StartCard()
        return {"start_card": attrs.evolve(base, **changes)}

    return build


def _scoring(cls: Callable[..., object]) -> Builder:
    def build(rules: RuleSet) -> Changes:
        if cls is p.SingleRound:
            return {"scoring": p.SingleRound()}
        current = rules.scoring
        target = 500 if isinstance(current, p.SingleRound | p.MostCardsOut) else current.target
        return {"scoring": cls(target=target)}

    return build


def _winner_takes(rid: str, **changes: Any) -> Builder:
    """An option of the winner-takes scoring (``score.double``,
    ``house.teams``): its ID comes first among the scoring's, as the rule
    that gives the points is the one cited."""

    def build(rules: RuleSet) -> Changes:
        current = rules.scoring
        if not isinstance(current, p.WinnerTakes):
            raise _OptionClash(rid, p.WinnerTakes, "scoring", current)
        ids = current.rule_ids if rid in current.rule_ids else (rid, *current.rule_ids)
        return {"scoring": attrs.evolve(current, rule_ids=ids, **changes)}

    _OPTIONS.add(build)
    return build


def _with_number(rule_id: str, *classes: type) -> Builder:
    """An option that takes a number (:data:`NUMBERED`: its slot and field)
    of a policy of ``classes``: the catalogue's number until one is given
    (``house.hand-limit``, ``house.open-below``, ``house.blitz``)."""

    def build(rules: RuleSet) -> Changes:
        spec = NUMBERED[rule_id]
        current = getattr(rules, spec.slot)
        if not isinstance(current, classes):
            raise _OptionClash(rule_id, classes[0], spec.slot, current)
        number = getattr(current, spec.field) or spec.default
        return {spec.slot: attrs.evolve(current, **{spec.field: number})}  # type: ignore[misc]

    _OPTIONS.add(build)
    return build


def _shuffle_seats(rules: RuleSet) -> Changes:
    """``house.shuffle-seats``: an option of the standard deal."""
    current, rid = rules.deal, "house.shuffle-seats"
    if not isinstance(current, p.StandardDeal):
        raise _OptionClash(rid, p.StandardDeal, "deal", current)
    ids = current.rule_ids if rid in current.rule_ids else (*current.rule_ids, rid)
    return {"deal": attrs.evolve(current, shuffle_seats=True, rule_ids=ids)}


_OPTIONS.add(_shuffle_seats)


def _seven_optional(rules: RuleSet) -> Changes:
    """``house.seven-optional``: the 7's swap may be skipped, with
    ``house.seven-zero`` or ``house.seven-swap`` (alone, it brings
    ``house.seven-zero``)."""
    current = rules.seven_zero
    if isinstance(current, p.SevenZero):
        return {"seven_zero": attrs.evolve(current, optional=True)}
    return {"seven_zero": p.SevenZero(optional=True)}


_OPTIONS.add(_seven_optional)


def _jump_in_wild(rules: RuleSet) -> Changes:
    """``house.jump-in-wild``: wild cards jump in too, with ``house.jump-in``
    (alone, it brings ``house.jump-in``)."""
    current, rid = rules.jump_in, "house.jump-in-wild"
    if isinstance(current, p.JumpIn):
        return {"jump_in": attrs.evolve(current, wild=True)}
    if isinstance(current, p.NoJumpIn):
        return {"jump_in": p.JumpIn(wild=True)}
    raise _OptionClash(rid, p.JumpIn, "jump_in", current)


_OPTIONS.add(_jump_in_wild)


def _kids(rules: RuleSet) -> Changes:
    deck = rules.deck
    base = deck.base if isinstance(deck, p.WithoutWildDrawFour) else deck
    return {
        "deck": p.WithoutWildDrawFour(base),
        "challenge": p.NoChallenge(),
        "uno_penalty": attrs.evolve(rules.uno_penalty, cards=0)
        if isinstance(rules.uno_penalty, p.UnoPenalty)
        else p.UnoPenalty(cards=0),
        "scoring": p.SingleRound(),
        "info": p.HandSizesPublic(open_hands=True),
    }


def _e(slot: str, build: Builder, *groups: str, covers: tuple[str, ...] = ()) -> _Entry:
    return _Entry(slot, groups, build, covers)


_BUILDERS: dict[str, _Entry] = {
    "deck.classic-108": _e("deck", _const("deck", p.ClassicDeck()), "deck"),
    "deck.modern-112": _e("deck", _const("deck", p.ModernDeck()), "deck"),
    "deck.modern-112-swap": _e("deck", _const("deck", p.ModernDeck(swap=True)), "deck"),
    "deck.two-decks": _e("deck", _const("deck", p.TwoDecks()), "deck"),
    "deck.junior": _e("deck", _const("deck", p.JuniorDeck()), "deck"),
    "players.range": _e("deck", _keep("deck")),
    **{rid: _e("deal", _keep("deal")) for rid in p.StandardDeal().rule_ids},
    "setup.dealer-draw": _e("dealer_choice", _const("dealer_choice", p.DealerDraw()), "dealer"),
    "start.skip": _e("start_card", _start()),
    "start.draw-two": _e("start_card", _start()),
    "start.wild": _e("start_card", _start(wild_skipped=False)),
    "start.wild-draw-four": _e("start_card", _start(wd4_bottom=False)),
    "start.shuffle-hands": _e("start_card", _start()),
    "start.customizable": _e("start_card", _start()),
    "start.reverse.dealer": _e("start_card", _start(reverse_first="dealer"), "start.reverse"),
    "start.reverse.right-of-dealer": _e(
        "start_card", _start(reverse_first="right"), "start.reverse"
    ),
    "start.number-only": _e("start_card", _start(number_only=True), "start.number-only"),
    "start.wd4-bottom": _e("start_card", _start(wd4_bottom=True), "start.wd4-bottom"),
    "start.wild-skipped": _e("start_card", _start(wild_skipped=True), "start.wild-skipped"),
    "play.match": _e("match", _keep("match")),
    "play.in-turn": _e("match", _keep("match")),
    "play.one-card": _e("match", _const("match", p.OfficialMatch()), "match.count"),
    "house.multiple-identical": _e(
        "match", _const("match", p.OfficialMatch(multiple=True)), "match.count"
    ),
    "house.misplay-penalty": _e(
        "match",
        _evolve("match", p.OfficialMatch, "house.misplay-penalty", misplay=1),
        "match.misplay",
    ),
    "house.multiple-same-number": _e(
        "match",
        _evolve("match", p.OfficialMatch, "house.multiple-same-number", same_number=True),
        "match.same-number",
    ),
    "house.bomb": _e("actions", _bomb(), "actions.bomb"),
    "wild.any-time": _e("wild", _const("wild", p.WildAnyTime()), "wild"),
    "wild.restricted": _e("wild", _const("wild", p.WildRestricted()), "wild"),
    "wd4.no-matching-colour": _e("wd4", _const("wd4", p.Wd4NoMatchingColour()), "wd4"),
    "wd4.no-playable-card": _e("wd4", _const("wd4", p.Wd4NoPlayableCard()), "wd4"),
    "wd4.unrestricted": _e("wd4", _const("wd4", p.Wd4Unrestricted()), "wd4"),
    "draw.one-then-may-play": _e("drawing", _const("drawing", p.Drawing()), "drawing"),
    "house.play-drawn": _e("drawing", _const("drawing", p.Drawing(must_play=True)), "drawing"),
    "house.draw-until-playable": _e(
        "drawing", _const("drawing", p.Drawing(until_playable=True, must_play=True)), "drawing"
    ),
    "draw.allowed-when-playable": _e(
        "draw_choice", _const("draw_choice", p.AllowedWhenPlayable()), "draw_choice"
    ),
    "house.force-play": _e("draw_choice", _const("draw_choice", p.ForcePlay()), "draw_choice"),
    **{rid: _e("actions", _keep("actions")) for rid in p.OfficialActions().rule_ids},
    "action.shuffle-hands": _e("actions", _keep("actions")),
    "action.swap-hands": _e("actions", _keep("actions")),
    "action.customizable": _e("actions", _keep("actions")),
    **{rid: _e("stacking", _stack(rid), rid) for rid in p.Stacking.ALL},
    "uno.call": _e(
        "uno_call", _evolve("uno_call", p.UnoCall, "uno.call", late=True, at_two=False), "uno.call"
    ),
    "uno.call-strict": _e(
        "uno_call",
        _evolve("uno_call", p.UnoCall, "uno.call-strict", late=False, at_two=False),
        "uno.call",
    ),
    "uno.call-at-two": _e(
        "uno_call",
        _evolve("uno_call", p.UnoCall, "uno.call-at-two", late=False, at_two=True),
        "uno.call",
    ),
    "uno.call-at-one": _e(
        "uno_call",
        _evolve("uno_call", p.UnoCall, "uno.call-at-one", late=True, at_two=False, at_one=True),
        "uno.call",
    ),
    "uno.none": _e(
        "uno_call",
        _evolve("uno_call", p.UnoCall, "uno.none", late=False, at_two=False, none=True),
        "uno.call",
    ),
    "uno.required-to-win": _e(
        "uno_call",
        _evolve("uno_call", p.UnoCall, "uno.required-to-win", required_to_win=True),
        "uno.required-to-win",
    ),
    "uno.penalty": _e(
        "uno_penalty", _evolve("uno_penalty", p.UnoPenalty, "uno.penalty", cards=2), "uno.penalty"
    ),
    "uno.reminder": _e(
        "uno_penalty", _evolve("uno_penalty", p.UnoPenalty, "uno.reminder", cards=0), "uno.penalty"
    ),
    "uno.false-call": _e(
        "uno_penalty",
        _evolve("uno_penalty", p.UnoPenalty, "uno.false-call", false_call=2),
        "uno.false-call",
    ),
    "uno.window-closes": _e("uno_window", _const("uno_window", p.UnoWindow()), "uno.window"),
    "uno.window-until-play": _e(
        "uno_window", _const("uno_window", p.UnoWindow(on_draw=False)), "uno.window"
    ),
    "uno.catch-any-time": _e(
        "uno_window", _const("uno_window", p.UnoWindow(any_time=True)), "uno.window"
    ),
    "challenge.wd4": _e(
        "challenge",
        lambda r: {
            "challenge": r.challenge
            if isinstance(r.challenge, p.ChallengeWd4)
            else p.ChallengeWd4()
        },
        "challenge",
    ),
    "challenge.none": _e("challenge", _const("challenge", p.NoChallenge()), "challenge"),
    "challenge.anyone": _e(
        "challenge",
        _evolve("challenge", p.ChallengeWd4, "challenge.anyone", anyone=True),
        "challenge.anyone",
    ),
    "challenge.take-back": _e(
        "challenge",
        _evolve("challenge", p.ChallengeWd4, "challenge.take-back", take_back=True),
        "challenge.take-back",
    ),
    "challenge.penalty": _e(
        "challenge",
        _evolve("challenge", p.ChallengeWd4, "challenge.penalty", penalty_chosen=True),
        "challenge.penalty",
    ),
    "challenge.also-wild": _e(
        "challenge",
        _evolve("challenge", p.ChallengeWd4, "challenge.also-wild", also_wild=True),
        "challenge.also-wild",
    ),
    "end.last-card": _e("going_out", _keep("going_out")),
    "end.last-card-draw-applies": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.last-card-draw-applies", last_card_effect=True),
        "end.effect",
    ),
    "end.last-card-no-effect": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.last-card-no-effect", last_card_effect=False),
        "end.effect",
    ),
    "end.no-wd4-last": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.no-wd4-last", no_wd4_last=True),
        "end.no-wd4-last",
    ),
    "end.no-draw-card-last": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.no-draw-card-last", no_draw_card_last=True),
        "end.no-draw-card-last",
    ),
    "end.no-wild-last": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.no-wild-last", no_wild_last=True),
        "end.no-wild-last",
    ),
    "end.number-card-last": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.number-card-last", number_card_last=True),
        "end.number-card-last",
    ),
    "end.shuffle-hands-last": _e(
        "going_out",
        _evolve("going_out", p.GoingOut, "end.shuffle-hands-last", shuffle_hands_last=True),
        "end.shuffle-hands-last",
    ),
    "end.play-on": _e(
        "going_out", _evolve("going_out", p.GoingOut, "end.play-on", play_on=True), "end.play-on"
    ),
    "pile.reshuffle": _e("piles", _keep("piles")),
    "pile.exhausted": _e("piles", _keep("piles")),
    "pile.nothing-to-draw": _e("piles", _keep("piles")),
    "info.hand-sizes-public": _e(
        "info",
        lambda r: {
            "info": r.info if isinstance(r.info, p.HandSizesPublic) else p.HandSizesPublic()
        },
    ),
    "score.card-values": _e("card_values", _const("card_values", p.CardValues()), "values"),
    "score.card-values-2022": _e(
        "card_values", _const("card_values", p.CardValues(all_wild_50=True)), "values"
    ),
    "score.winner-takes": _e("scoring", _scoring(p.WinnerTakes), "scoring"),
    "score.penalty-points": _e("scoring", _scoring(p.PenaltyPoints), "scoring"),
    "score.elimination": _e("scoring", _scoring(p.Elimination), "scoring"),
    "score.single-round": _e("scoring", _scoring(p.SingleRound), "scoring"),
    "score.target": _e("scoring", _keep("scoring")),
    "score.double": _e("scoring", _winner_takes("score.double", double=True), "score.double"),
    "score.most-cards-out": _e("scoring", _const("scoring", p.MostCardsOut()), "scoring"),
    "house.teams": _e("scoring", _winner_takes("house.teams", teams=True), "house.teams"),
    "house.jump-in": _e("jump_in", _const("jump_in", p.JumpIn()), "jump_in"),
    "house.seven-zero": _e(
        "seven_zero",
        lambda r: {
            "seven_zero": r.seven_zero if isinstance(r.seven_zero, p.SevenZero) else p.SevenZero()
        },
        "seven_zero",
    ),
    "house.seven-optional": _e("seven_zero", _seven_optional, "seven-optional"),
    "house.seven-swap": _e(
        "seven_zero", _const("seven_zero", p.SevenZero(zero=False)), "seven_zero"
    ),
    "house.zero-pass": _e(
        "seven_zero", _const("seven_zero", p.SevenZero(seven=False)), "seven_zero"
    ),
    "house.jump-in-wild": _e("jump_in", _jump_in_wild, "jump-in-wild"),
    "house.hand-limit": _e(
        "draw_choice",
        _with_number("house.hand-limit", p.AllowedWhenPlayable, p.ForcePlay),
        "hand-limit",
    ),
    "house.open-below": _e(
        "info", _with_number("house.open-below", p.HandSizesPublic), "open-below"
    ),
    "house.blind-draw": _e("drawing", _const("drawing", p.Drawing(blind=True)), "drawing"),
    "house.kids": _e("deck", _kids, "kids", covers=("challenge", "uno.penalty", "scoring", "info")),
    "house.timed-turns": _e("timing", _const("timing", p.TimedTurns()), "timing"),
    "house.blitz": _e("timing", _with_number("house.blitz", p.NoTimeLimit, p.TimedTurns), "blitz"),
    "house.shuffle-seats": _e("deal", _shuffle_seats, "shuffle-seats"),
    "house.custom-cards": _e(
        "custom_card", _const("custom_card", p.CustomCardRule()), "custom_card"
    ),
    # UNO All Wild: its deck brings its cards' effects (all-wild.* of the
    # actions slot are in force with it), its start card and no challenge:
    # without colours there is no bluff to challenge.
    "all-wild.deck": _e(
        "deck",
        lambda _r: {
            "deck": all_wild.AllWildDeck(),
            "actions": all_wild.AllWildActions(),
            "wild": p.WildAnyTime(rule_ids=("all-wild.no-colour",)),
            "wd4": p.Wd4Unrestricted(),
            "challenge": p.NoChallenge(),
            "start_card": all_wild.AllWildStart(),
        },
        "deck",
        covers=("actions", "wild", "wd4", "challenge", "all-wild.start"),
    ),
    "all-wild.no-colour": _e("deck", _keep("deck")),
    **{rid: _e("actions", _keep("actions")) for rid in all_wild.AllWildActions().rule_ids},
    "all-wild.start": _e(
        "start_card", _const("start_card", all_wild.AllWildStart()), "all-wild.start"
    ),
    "all-wild.card-values": _e(
        "card_values", _const("card_values", all_wild.AllWildValues()), "values"
    ),
    # UNO Show 'em No Mercy: its deck brings its cards' effects (no-mercy.* of
    # the actions slot, the 7 and the 0 among them); stacking, drawing, the
    # start card, the Mercy rule and the points are rules of their own.
    "no-mercy.deck": _e(
        "deck",
        lambda _r: {"deck": no_mercy.NoMercyDeck(), "actions": no_mercy.NoMercyActions()},
        "deck",
        covers=("actions",),
    ),
    **{rid: _e("actions", _keep("actions")) for rid in no_mercy.NoMercyActions().rule_ids},
    "no-mercy.stacking": _e(
        "stacking", _const("stacking", no_mercy.NoMercyStacking()), "no-mercy.stacking"
    ),
    "no-mercy.draw-until-playable": _e(
        "drawing", _const("drawing", no_mercy.NoMercyDrawing()), "drawing"
    ),
    "no-mercy.mercy": _e("hand_limit", _const("hand_limit", no_mercy.MercyRule()), "hand_limit"),
    "no-mercy.start": _e(
        "start_card", _const("start_card", no_mercy.NoMercyStart()), "no-mercy.start"
    ),
    "no-mercy.card-values": _e(
        "card_values", _const("card_values", no_mercy.NoMercyValues()), "values"
    ),
    # UNO Flip: its deck brings its cards' effects (flip.* of the actions
    # slot are in force with it), the restriction of its two wild draw
    # cards and their challenge, and its start card.
    "flip.deck": _e(
        "deck",
        lambda _r: {
            "deck": flip.FlipDeck(),
            "actions": flip.FlipActions(),
            "wd4": flip.FlipWildDraws(),
            "challenge": flip.FlipChallenge(),
            "start_card": flip.FlipStart(),
        },
        "deck",
        covers=("actions", "wd4", "challenge", "flip.start"),
    ),
    **{
        rid: _e("actions", _keep("actions"))
        for rid in flip.FlipActions().rule_ids
        if rid.startswith("flip.")
    },
    "flip.wild-draw-restricted": _e("wd4", _const("wd4", flip.FlipWildDraws()), "wd4"),
    "flip.challenge": _e("challenge", _const("challenge", flip.FlipChallenge()), "challenge"),
    "flip.start": _e("start_card", _const("start_card", flip.FlipStart()), "flip.start"),
    "flip.card-values": _e("card_values", _const("card_values", flip.FlipValues()), "values"),
}


@attrs.frozen(slots=True)
class Numbered:
    """A rule that takes a number, written ``ID=N`` (``uno.penalty=4``).

    Attributes:
        rule_id: the rule's ID.
        slot: the slot of its policy.
        field: the attribute of that policy that holds the number.
        lowest: the smallest number allowed.
        highest: the largest number allowed.
        default: the number of the rule given without one (``None``: the
            rule needs a number).
        example: a number shown in errors.
    """

    rule_id: str
    slot: str
    field: str
    lowest: int
    highest: int
    default: int | None
    example: int


NUMBERED: dict[str, Numbered] = {
    n.rule_id: n
    for n in (
        Numbered("uno.penalty", "uno_penalty", "cards", 1, 20, 2, 4),
        Numbered("challenge.penalty", "challenge", "failed_penalty", 0, 20, 2, 4),
        Numbered("house.hand-limit", "draw_choice", "hand_limit", 2, 200, 25, 25),
        Numbered("house.open-below", "info", "open_below", 2, 30, 3, 3),
        Numbered("house.blitz", "timing", "game_turns", 10, 5000, 200, 100),
    )
}
"""The rules that take a number besides the target score (``score.target=N``),
by rule ID: each is given as ``ID=N`` (``official+uno.penalty=4``), and
:attr:`RuleSet.numbers <unorules.rules.ruleset.RuleSet.numbers>` reports
the numbers in force."""

_NUMBER = re.compile(r"([a-z][a-z0-9.-]*)\s*=(.*)", re.DOTALL)


def _numbered(rid: str) -> re.Match[str] | None:
    """``rid`` split at ``=`` when it is ``ID=N`` for a rule of
    :data:`NUMBERED`."""
    found = _NUMBER.fullmatch(rid)
    return found if found is not None and found.group(1) in NUMBERED else None


def _number(text: str, spec: str, rule: Numbered) -> int:
    """The number written ``text`` in ``spec`` (``"ID=N"``) for ``rule``."""
    range_ = msg(
        "a whole number from {lowest} to {highest} in the digits 0-9, e.g. {example}",
        lowest=rule.lowest,
        highest=rule.highest,
        example=f"{rule.rule_id}={rule.example}",
    )
    if not text:
        raise RuleSetError(
            msg("{spec}: no number after '='; give {range}", spec=_short(spec), range=range_),
            (rule.rule_id,),
        )
    if not (text.isascii() and text.isdigit()):
        raise RuleSetError(
            msg("{spec}: the number must be {range}", spec=_short(spec), range=range_),
            (rule.rule_id,),
        )
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(rule.highest)) or not rule.lowest <= int(digits) <= rule.highest:
        raise RuleSetError(
            msg(
                "{spec}: the number is out of range; give {range}", spec=_short(spec), range=range_
            ),
            (rule.rule_id,),
        )
    return int(digits)


def _with_numbers(rules: RuleSet, numbers: Mapping[str, int], bare: Iterable[str] = ()) -> RuleSet:
    """``rules`` with the number of each rule of ``numbers`` set in the
    policy that holds it; a rule of :data:`NUMBERED` given without one
    (``bare``) keeps its default, or is refused when it needs one."""
    for rid in bare:
        rule = NUMBERED.get(rid)
        if rule is not None and rule.default is None and rid not in numbers:
            raise RuleSetError(
                msg(
                    "{rule} takes a number: give {rule}=N, N {range}",
                    rule=rid,
                    range=msg(
                        "a whole number from {lowest} to {highest}, e.g. {example}",
                        lowest=rule.lowest,
                        highest=rule.highest,
                        example=f"{rid}={rule.example}",
                    ),
                ),
                (rid,),
            )
    for rid, n in numbers.items():
        rule = NUMBERED[rid]
        policy = getattr(rules, rule.slot)
        if not attrs.has(type(policy)) or not hasattr(policy, rule.field):
            raise _OptionClash(rid, type(policy), rule.slot, policy)
        rules = rules.replace(**{rule.slot: attrs.evolve(policy, **{rule.field: n})})
    return rules


NOT_YET_AVAILABLE: dict[str, str] = {}
"""Rule IDs of the catalogue that cannot be put into a rule set yet -> why."""


def _not_yet(rule_id: str) -> RuleSetError:
    return RuleSetError(
        msg(
            "rule ID {rule} is in the catalogue but not yet available: {why}, so no rule set "
            "can hold it",
            rule=repr(rule_id),
            why=NOT_YET_AVAILABLE[rule_id],
        ),
        (rule_id,),
    )


def official() -> RuleSet:
    """Mattel's printed rules with the classic 108-card deck.

    >>> official().rule_ids[:3]
    ('deck.classic-108', 'players.range', 'setup.deal')
    """
    return RuleSet(name="official")


PRESETS: dict[str, tuple[str, str]] = {
    "official": ("", "Mattel's printed rules with the classic 108-card deck."),
    "official-2018": (
        "deck.modern-112+end.shuffle-hands-last",
        "The 2018 printing: 112 cards with Wild Shuffle Hands and three blank cards worth "
        "40; a last Shuffle Hands still redeals.",
    ),
    "official-2022": (
        "deck.modern-112+score.card-values-2022+start.number-only+end.shuffle-hands-last",
        "The 2022 printing: every wild card is worth 50 and only a number card starts "
        "the discard pile.",
    ),
    "svenska": (
        "end.last-card-no-effect",
        "The reading of the Swedish guide: official rules, but a Draw Two or Wild "
        "Draw Four laid as the last card has no effect.",
    ),
    "norsk": (
        "deck.modern-112+setup.dealer-draw+start.reverse.right-of-dealer+end.no-wd4-last",
        "The reading of the Norwegian guide: the 112-card deck, the first dealer is "
        "the player who draws the highest number, a Reverse start card gives the first "
        "turn to the dealer's right, and a Wild Draw Four cannot be the winning card.",
    ),
    "kids": (
        "house.kids",
        "For children: no Wild Draw Four and no challenges, open hands, a reminder "
        "instead of the UNO penalty, one round without scoring.",
    ),
    "junior": (
        "deck.junior+start.number-only+score.single-round+challenge.none",
        "UNO Junior: 36 cards, 5 each, a number card starts, no scoring.",
    ),
    "two-decks": (
        "deck.two-decks+score.target=1000",
        "Two classic decks for 11 to 20 players, played to 1000 points.",
    ),
    "kitchen-table": (
        "house.stack-draw-two+house.jump-in+house.seven-zero+score.single-round",
        "The four house rules the Swedish guide calls almost official: stacking Draw "
        "Twos, jumping in with an identical card, 7 and 0 moving hands, and no scoring.",
    ),
    "all-wild": (
        "all-wild.deck+all-wild.start+all-wild.card-values+challenge.none+wd4.unrestricted",
        "UNO All Wild: 112 wild cards, no colours, any card on any card, targeted draws "
        "and forced swaps, no challenge.",
    ),
    "no-mercy": (
        "no-mercy.deck+no-mercy.stacking+no-mercy.draw-until-playable+no-mercy.start"
        "+no-mercy.mercy+no-mercy.card-values+challenge.none",
        "UNO Show 'em No Mercy: 168 cards with draw cards up to ten, stacking by value, "
        "drawing until a card fits, 7 and 0 moving hands, and 25 cards put a player out.",
    ),
    "flip": (
        "flip.deck+flip.start+flip.card-values+flip.wild-draw-restricted+flip.challenge",
        "UNO Flip: 112 two-sided cards; a Flip card turns everything over and play goes on "
        "with the dark side's colours, Draw Five, Skip Everyone and Wild Draw Colour.",
    ),
    "letsuno": (
        "start.wd4-bottom+start.wild-skipped+end.last-card-no-effect"
        "+uno.catch-any-time+score.target=1000",
        "The classic settings of uno-online (letsuno): a Wild Draw Four or Wild turned up "
        "at the start goes to the bottom of the draw pile, a last draw card makes nobody "
        "draw, a missed UNO call can be caught as long as that one card is held, and games "
        "go to 1000 points.",
    ),
    "letsuno-party": (
        "start.wd4-bottom+start.wild-skipped+end.last-card-no-effect"
        "+uno.catch-any-time+score.target=1000+house.stack-draw-two"
        "+house.stack-draw-four+house.seven-zero+house.jump-in"
        "+house.jump-in-wild+house.draw-until-playable",
        "The party settings of uno-online: its classic settings with Draw Twos and Wild "
        "Draw Fours stacked, 7 and 0 moving hands, jumping in (wild cards too), and "
        "drawing until a card fits.",
    ),
    "letsuno-crazy": (
        "start.wd4-bottom+start.wild-skipped+end.last-card-no-effect"
        "+uno.catch-any-time+score.target=1000+house.stack-draw-two"
        "+house.stack-draw-four+house.seven-zero+house.jump-in"
        "+house.jump-in-wild+house.draw-until-playable"
        "+house.stack-draw-four-on-two+house.stack-draw-two-on-four"
        "+house.reverse-deflect+house.skip-deflect+house.multiple-same-number"
        "+score.double+challenge.none+wd4.unrestricted",
        "The crazy settings of uno-online: its party settings with Draw Twos and Wild Draw "
        "Fours stacked on each other, a Reverse or Skip turning a draw aside, several cards "
        "of one number in a turn, double points, and a Wild Draw Four any time, never "
        "challenged.",
    ),
}
"""Preset name -> (rule IDs added to ``official``, joined by ``+``; description)."""

TITLES: dict[str, str] = {
    "official": "Official rules",
    "official-2018": "Official rules, 2018 printing",
    "official-2022": "Official rules, 2022 printing",
    "svenska": "The Swedish guide",
    "norsk": "The Norwegian guide",
    "kids": "For children",
    "junior": "UNO Junior",
    "two-decks": "Two decks, 11 to 20 players",
    "kitchen-table": "Almost official house rules",
    "all-wild": "UNO All Wild",
    "no-mercy": "UNO Show 'em No Mercy",
    "flip": "UNO Flip",
    "letsuno": "uno-online, classic settings",
    "letsuno-party": "uno-online, party settings",
    "letsuno-crazy": "uno-online, crazy settings",
}
"""Preset name -> its title, what a player calls it (a preset without one is
called by its name)."""


def names() -> tuple[str, ...]:
    """The preset names ``get`` accepts."""
    return tuple(PRESETS)


def describe(name: str) -> str:
    """What a preset contains and why (case and surrounding whitespace do not matter).

    Raises:
        RuleSetError: for an unknown preset.
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in PRESETS:
        raise RuleSetError(
            msg(
                "unknown preset {name}; presets are: {names}",
                name=_short(name),
                names=", ".join(names()),
            )
        )
    return PRESETS[key][1]


def title(name: str) -> str:
    """What a player calls the preset ``name`` (``"For children"`` for
    ``kids``), in English; its name when it has no title.

    Raises:
        RuleSetError: for an unknown preset.
    """
    describe(name)
    key = name.strip().lower()
    return TITLES.get(key, key)


def available() -> tuple[str, ...]:
    """The rule IDs that can be composed into a rule set, in catalogue order
    (every ID of the catalogue but those of :data:`NOT_YET_AVAILABLE`)."""
    return tuple(rid for rid in CATALOGUE if rid in _BUILDERS)


def slot_of(rule_id: str) -> str | None:
    """The slot an available rule ID goes into, or ``None``."""
    entry = _BUILDERS.get(rule_id)
    return entry.slot if entry else None


def groups_of(rule_id: str) -> tuple[str, ...]:
    """The choices of a rule set that ``rule_id`` makes (``"wd4"`` for every
    reading of the Wild Draw Four rule, ``"uno.call"`` for each reading of
    when UNO is called); ``()`` for an ID that is always in force or not
    available. Two IDs with a group in common are readings of one rule: a
    rule set holds at most one of them."""
    entry = _BUILDERS.get(rule_id)
    return entry.groups if entry else ()


def alternatives(rule_id: str) -> tuple[str, ...]:
    """The other readings of the same rule: IDs that cannot be combined with
    ``rule_id`` because they compete for the same choice."""
    entry = _BUILDERS.get(rule_id)
    if entry is None or not (entry.groups or entry.covers):
        return ()
    mine = {*entry.groups, *entry.covers}
    return tuple(
        rid for rid, e in _BUILDERS.items() if rid != rule_id and mine & {*e.groups, *e.covers}
    )


_CATALOGUE_ORDER = {rid: i for i, rid in enumerate(CATALOGUE)}


def _canonical(rule_id: str, entries: Mapping[str, _Entry] = _BUILDERS) -> tuple[int, int, str]:
    """The place of an ID in the order rule sets are built in, whatever the
    order it was given in: decks first, then ``house.kids`` (which takes the
    Wild Draw Fours out of whatever deck is chosen and sets the defaults it
    stands for), then the policies, then the options of those policies, then
    the table's own rules (which may wrap what their slots hold); in
    catalogue order within each, the table's own rules by ID."""
    entry = entries[rule_id]
    if rule_id not in _BUILDERS:
        stage = 4
    elif rule_id.startswith("deck."):
        stage = 0
    elif rule_id == "house.kids":
        stage = 1
    elif entry.build in _OPTIONS:
        stage = 3
    else:
        stage = 2
    return stage, _CATALOGUE_ORDER.get(rule_id, len(_CATALOGUE_ORDER)), rule_id


def _unknown(rule_id: str) -> RuleSetError:
    if rule_id in NOT_YET_AVAILABLE:
        return _not_yet(rule_id)
    near = nearest(rule_id)
    if rule_id.startswith("table."):
        how = HOW_TO_PASS
        if near:
            return RuleSetError(
                msg(
                    "unknown rule ID {rule} (did you mean {near}?). {how}",
                    rule=repr(rule_id),
                    near=", ".join(near),
                    how=how,
                ),
                (rule_id, *near),
            )
        return RuleSetError(
            msg("unknown rule ID {rule}. {how}", rule=repr(rule_id), how=how), (rule_id,)
        )
    if near:
        return RuleSetError(
            msg(
                "unknown rule ID {rule}; did you mean {near}?",
                rule=repr(rule_id),
                near=", ".join(near),
            ),
            (rule_id, *near),
        )
    return RuleSetError(msg("unknown rule ID {rule}", rule=repr(rule_id)), (rule_id,))


def _named(rule_id: str, origin: Mapping[str, str]) -> str | Message:
    """``rule_id`` quoted, and the preset that chose it when one did."""
    if rule_id in origin:
        return msg(
            "{rule} (from the preset {preset})", rule=repr(rule_id), preset=repr(origin[rule_id])
        )
    return repr(rule_id)


def _and(items: Sequence[str | Message]) -> str | Message:
    """``items`` joined by "and" (``"a and b and c"``)."""
    if len(items) == 1:
        return items[0]
    return msg("{items} and {last}", items=_and(items[:-1]), last=items[-1])


def _entries(house_rules: Iterable[object]) -> Mapping[str, _Entry]:
    """The builders of the catalogue's IDs and of ``house_rules`` by ID."""
    given = house_rule_map(house_rules)
    if not given:
        return _BUILDERS
    out = dict(_BUILDERS)
    for rid, rule in given.items():
        out[rid] = _Entry(rule.slot, (), _house_builder(rule), house=rule)
    return out


def _house_builder(rule: HouseRule) -> Builder:
    return lambda rules: {rule.slot: rule.policy(rules)}


def _holding(rules: RuleSet, given: list[str], entries: Mapping[str, _Entry]) -> RuleSet:
    """``rules`` remembering the table's own rules among ``given`` (and
    those it held already) that are in force."""
    in_force = set(rules.rule_ids)
    held = {r.id: r for r in rules.house_rules}
    for rid in given:
        rule = entries[rid].house
        if rule is not None:
            held[rid] = rule
    kept = tuple(held[rid] for rid in sorted(held) if rid in in_force)
    return rules if kept == rules.house_rules else attrs.evolve(rules, house_rules=kept)


def _build(
    base: RuleSet,
    rule_ids: list[str],
    entries: Mapping[str, _Entry] = _BUILDERS,
    origin: Mapping[str, str] = {},
) -> RuleSet:
    """``base`` with the builders of ``rule_ids`` run in canonical order; an
    option on a slot that holds another policy names the ID that put it there."""
    rules = base
    owner: dict[str, str] = {}
    for rid in sorted(rule_ids, key=lambda r: _canonical(r, entries)):
        entry = entries[rid]
        try:
            changes = entry.build(rules)
        except _OptionClash as e:
            current = e.current
            ids = tuple(getattr(current, "rule_ids", ()))
            by = owner.get(e.slot)
            involved = tuple(dict.fromkeys((rid, *((by,) if by else ()), *ids)))
            fields = {
                "option": _named(rid, origin),
                "policy": e.cls.__name__,
                "held": type(current).__name__,
                "ids": ", ".join(ids) or msg("no rule"),
                "slot": repr(e.slot),
            }
            if by:
                raise RuleSetError(
                    msg(
                        "{option} is an option of {policy}, but {by} puts {held} ({ids}) in "
                        "slot {slot}: the two contradict",
                        by=_named(by, origin),
                        **fields,
                    ),
                    involved,
                ) from None
            raise RuleSetError(
                msg(
                    "{option} is an option of {policy}, but slot holds {held} ({ids}) in "
                    "slot {slot}: the two contradict",
                    **fields,
                ),
                involved,
            ) from None
        for slot, policy in changes.items():
            if policy is not getattr(rules, slot):
                owner[slot] = rid
        rules = rules.replace(**changes)
    return rules


def compose(
    base: RuleSet,
    rule_ids: tuple[str, ...],
    name: str | None = None,
    *,
    house_rules: Iterable[HouseRule] = (),
) -> RuleSet:
    """``base`` with the policies of ``rule_ids`` put into their slots.

    The result depends only on the set of IDs, not on their order: decks go
    in first, then ``house.kids``, then whole policies, then the options of
    those policies (``challenge.anyone``, ``end.play-on``, ``house.stack-*``),
    then the table's own rules (in the order of their IDs), ``strict`` and
    the target score last.

    Args:
        base: the rule set to start from.
        rule_ids: rule IDs of the catalogue, e.g. ``("house.force-play",)``, or
            of ``house_rules``; also ``"strict"`` and ``"score.target=N"``.
        name: the name of the result (default: base name and IDs joined by ``+``).
        house_rules: the definitions of the table's own rules
            (:class:`~unorules.rules.house.HouseRule`) that ``rule_ids`` may
            name; one not named is not used.

    Returns:
        The new rule set; its ``house_rules`` holds the table's own rules in
        force.

    Raises:
        RuleSetError: an unknown ID (the message lists the nearest IDs and
            says how to give a table's own rule), a ``house_rules`` that is
            not a list of ``HouseRule`` records, a table's rule whose build
            fails or returns a policy that does not fit its slot or lacks its
            ID, an
            ID of the catalogue that is not yet available
            (:data:`NOT_YET_AVAILABLE`), the same ID twice, two IDs that are
            readings of one rule, an option of a policy that another ID (or
            ``base``) puts in its slot, an ID that another one leaves out of
            force (``start.number-only`` and a ``start.reverse.*``), or a bad
            target.
    """
    label = name if name is not None else "+".join((base.name, *(r.strip() for r in rule_ids)))
    return _compose(base, rule_ids, label, house_rules)


def _compose(
    base: RuleSet,
    rule_ids: tuple[str, ...],
    name: str,
    house_rules: Iterable[HouseRule],
    origin: Mapping[str, str] = {},
) -> RuleSet:
    """:func:`compose`, naming in its errors the preset each ID of ``origin``
    came from (``{rule_id: preset}``)."""
    entries = _entries(house_rules)
    given, strict, target, numbers = _sort_out(
        rule_ids, options=True, entries=entries, origin=origin
    )
    rules = _with_numbers(_build(base, given, entries, origin), numbers, given)
    if strict:
        rules = rules.replace(strict=True)
    if target is not None:
        spec, value = target
        shown = _named(spec, origin) if spec in origin else _short(spec)
        rules = rules.replace(scoring=_with_target(rules, shown, value))
    _check_in_force(rules, given, entries, origin)
    rules = _holding(rules, given, entries)
    return rules.replace(name=name)


_TARGET = re.compile(r"score\.target\s*=(.*)", re.DOTALL)


def _sort_out(
    rule_ids: Iterable[object],
    *,
    options: bool,
    entries: Mapping[str, _Entry] = _BUILDERS,
    origin: Mapping[str, str] = {},
) -> tuple[list[str], bool, tuple[str, int] | None, dict[str, int]]:
    """The IDs of ``rule_ids`` that have builders, ``strict``, the target
    (its text and value) and the numbers of the rules of :data:`NUMBERED`,
    when ``options`` allows ``"strict"``, ``"score.target=N"`` and ``ID=N``
    among them.

    Raises:
        RuleSetError: an ID that is no string, unknown or not yet available,
            given twice, or two readings of one rule; a bad target.
    """
    seen: set[str] = set()
    claimed: dict[str, str] = {}
    given: list[str] = []
    strict = False
    target: tuple[str, int] | None = None
    numbers: dict[str, int] = {}
    for raw in rule_ids:
        if not isinstance(raw, str):
            raise RuleSetError(msg("rule IDs are strings, not {value}", value=_short(raw)))
        rid = raw.strip()
        numbered = _numbered(rid) if options else None
        if numbered is not None:
            head = numbered.group(1)
            numbers[head] = _number(numbered.group(2).strip(), rid, NUMBERED[head])
            rid = head
        if rid in seen:
            raise RuleSetError(msg("rule ID {rule} is given twice", rule=_short(rid)), (rid,))
        seen.add(rid)
        if options and rid == "strict":
            strict = True
            continue
        spec = _TARGET.fullmatch(rid)
        if options and spec:
            if target is not None:
                raise RuleSetError(
                    msg("the target score is given twice ({spec})", spec=_short(rid)),
                    ("score.target",),
                )
            target = (rid, _target_number(spec.group(1).strip(), rid))
            continue
        entry = entries.get(rid)
        if entry is None:
            raise _unknown(rid)
        for group in entry.groups:
            if group in claimed:
                other = claimed[group]
                raise RuleSetError(
                    msg(
                        "{first} and {second} are two readings of the same rule; choose one",
                        first=_named(other, origin),
                        second=_named(rid, origin),
                    ),
                    (other, rid),
                )
            claimed[group] = rid
        given.append(rid)
    return given, strict, target, numbers


def _check_in_force(
    rules: RuleSet,
    given: list[str],
    entries: Mapping[str, _Entry] = _BUILDERS,
    origin: Mapping[str, str] = {},
) -> None:
    """Every ID given must be in force at the end: another ID of the same slot
    (or ``house.kids``) that pushed it out contradicts it; an ID that the deck
    does not bring (a special card's rule) cannot be asked for on its own."""
    in_force = set(rules.rule_ids)
    order = sorted(given, key=lambda r: _canonical(r, entries))
    for rid in order:
        if rid in in_force:
            continue
        slot = entries[rid].slot
        others = [o for o in order if o != rid and (entries[o].slot == slot or o == "house.kids")]
        if others:
            fields = {
                "rule": _named(rid, origin),
                "others": _and([_named(o, origin) for o in others]),
            }
            if len(others) > 1:
                raise RuleSetError(
                    msg(
                        "{rule} and {others} contradict: with them there is no room for the first",
                        **fields,
                    ),
                    (rid, *others),
                )
            raise RuleSetError(
                msg(
                    "{rule} and {others} contradict: with the second there is no room for the "
                    "first",
                    **fields,
                ),
                (rid, *others),
            )
        raise RuleSetError(
            msg(
                "{rule} is not in force with these rules ({ids} in slot {slot}); it comes with "
                "the deck or policy that needs it",
                rule=_named(rid, origin),
                ids=", ".join(getattr(rules, slot).rule_ids),
                slot=repr(slot),
            ),
            (rid,),
        )


_TARGET_RANGE = msg(
    "a whole number from 1 to {most} in the digits 0-9, e.g. score.target=500", most=MAX_TARGET
)


def _target_number(text: str, spec: str) -> int:
    """The target score written ``text`` in ``spec`` (``"score.target=N"``)."""
    if not text:
        raise RuleSetError(
            msg(
                "{spec}: no target score after '='; give {range}",
                spec=_short(spec),
                range=_TARGET_RANGE,
            )
        )
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit()):
        raise RuleSetError(
            msg("{spec}: the target score must be {range}", spec=_short(spec), range=_TARGET_RANGE),
            ("score.target",),
        )
    if len(digits) > len(str(MAX_TARGET)) or not 1 <= int(digits) <= MAX_TARGET:
        raise _out_of_range(_short(spec), too_large=digits != "0")
    return int(digits)


def _out_of_range(spec: str | Message, *, too_large: bool) -> RuleSetError:
    """A target score too large or not positive."""
    if too_large:
        return RuleSetError(
            msg(
                "{spec}: the target score is too large; give {range}",
                spec=spec,
                range=_TARGET_RANGE,
            ),
            ("score.target",),
        )
    return RuleSetError(
        msg(
            "{spec}: the target score is not positive; give {range}", spec=spec, range=_TARGET_RANGE
        ),
        ("score.target",),
    )


def _with_target(rules: RuleSet, spec: str | Message, target: int) -> object:
    """The scoring policy of ``rules`` with the ``target`` asked for by ``spec``
    (its text as shown in errors)."""
    scoring = rules.scoring
    if isinstance(scoring, p.SingleRound | p.MostCardsOut) or not attrs.has(type(scoring)):
        raise RuleSetError(
            msg("{spec}: {ids} has no target score", spec=spec, ids=", ".join(scoring.rule_ids)),
            ("score.target",),
        )
    return attrs.evolve(scoring, target=target)  # type: ignore[misc]


def _read_numbers(numbers: Mapping[str, int] | None) -> dict[str, int]:
    """``numbers`` checked: each a rule of :data:`NUMBERED` with a whole
    number in its range."""
    if numbers is None:
        return {}
    if not isinstance(numbers, Mapping):
        raise RuleSetError(
            msg("numbers are a mapping of rule ID to number, not {value}", value=_short(numbers))
        )
    out: dict[str, int] = {}
    for rid, n in numbers.items():
        rule = NUMBERED.get(rid) if isinstance(rid, str) else None
        if rule is None:
            raise RuleSetError(
                msg(
                    "{rule} takes no number; the rules that do are {ids}",
                    rule=_short(rid),
                    ids=", ".join(NUMBERED),
                )
            )
        out[rid] = _number(str(n) if type(n) is int and n >= 0 else "x", f"{rid}={_short(n)}", rule)
    return out


def _split(spec: str) -> tuple[str, list[str]]:
    """The first part of ``spec`` (a preset name) and the parts after it
    (preset names and rule IDs), trimmed and in lower case."""
    if not isinstance(spec, str):
        raise RuleSetError(msg("a preset string is needed, not {value}", value=_short(spec)))
    head, *ids = [part.strip().lower() for part in spec.split("+")]
    for i, rid in enumerate(ids):
        numbered = _numbered(rid)
        if numbered is not None:
            if not numbered.group(2).strip() and i + 1 < len(ids) and ids[i + 1][:1].isdigit():
                raise RuleSetError(
                    msg(
                        "{spec}: '+' joins rule IDs, so the number cannot carry a sign; write "
                        "it as {example}",
                        spec=_short(rid + "+" + ids[i + 1]),
                        example=f"{numbered.group(1)}={NUMBERED[numbered.group(1)].example}",
                    ),
                    (numbered.group(1),),
                )
            n = numbered.group(2).strip()
            if n.isascii() and n.isdigit():
                n = n.lstrip("0") or "0"  # uno.penalty=04 is uno.penalty=4
            ids[i] = numbered.group(1) + "=" + n
            continue
        target = _TARGET.fullmatch(rid)
        if target and not target.group(1).strip() and i + 1 < len(ids) and ids[i + 1][:1].isdigit():
            raise RuleSetError(
                msg(
                    "{spec}: '+' joins rule IDs, so the target score cannot carry a sign; "
                    "write it as {range}",
                    spec=_short(rid + "+" + ids[i + 1]),
                    range=_TARGET_RANGE,
                ),
                ("score.target",),
            )
        if target:
            ids[i] = "score.target=" + target.group(1).strip()
    if any(not i for i in ids):
        raise RuleSetError(
            msg("empty rule ID in {spec} (two '+' in a row or a trailing '+')", spec=_short(spec))
        )
    return head, ids


def _choices(name: str) -> tuple[str, ...]:
    """The IDs the preset ``name`` adds to ``official`` (its choices)."""
    return tuple(i for i in PRESETS[name][0].split("+") if i)


def get(spec: str, *, house_rules: Iterable[HouseRule] = ()) -> RuleSet:
    """A rule set from a preset string: ``"official"``, ``"svenska"``,
    ``"official+house.stack-draw-two+house.force-play"``, ``"official+strict"``,
    ``"svenska+kitchen-table"``, ``"norsk+kitchen-table+house.seven-zero"``.

    What a ``+`` between presets means: each preset is ``official`` plus
    its own choices (the rule IDs :data:`PRESETS` gives it), and
    ``A+B`` is ``official`` plus A's choices plus B's choices, plus the rule
    IDs given. Nothing overrides anything: the result does not depend on the
    order of the parts, and two choices that contradict (two readings of one
    rule, an option of a policy another choice puts in its slot, a choice
    another leaves out of force, two rules that disagree, two target
    scores) are refused, the message naming the preset each choice came
    from when several presets are combined. Making the same choice twice
    (``norsk+official-2018`` both choose ``deck.modern-112``,
    ``svenska+svenska``, ``kitchen-table+house.jump-in``) is no
    contradiction; only a rule ID written twice is refused.

    Args:
        spec: a preset name (see :func:`names`), optionally followed by
            ``+``-joined preset names and rule IDs in any order. Case and
            the whitespace around each part do not matter.
            ``score.target=N`` takes N in the digits 0-9, from 1 to
            :data:`~unorules.rules.ruleset.MAX_TARGET`. A table's own rule
            (``table.`` ID) needs its definition in ``house_rules``.
        house_rules: the definitions of the table's own rules
            (:class:`~unorules.rules.house.HouseRule`) that ``spec`` may name,
            e.g. ``get("official+table.draw-two-on-wd4", house_rules=[RULE])``;
            one not named is not used.

    Returns:
        The rule set, named by ``spec`` in its canonical form (lower case,
        parts trimmed, joined by ``+``: ``" Kids + House.Jump-In"`` is
        ``"kids+house.jump-in"``); ``from_rule_ids`` of its ``rule_ids``
        builds it again (so it round-trips through JSON).

    Raises:
        RuleSetError: an unknown preset at the start (listing the presets),
            an unknown rule ID (with the nearest IDs), two target scores,
            any error of :func:`compose`, or a contradiction found by
            :func:`unorules.rules.validation.validate`; when several presets
            are combined, a contradiction names the preset each of its
            choices came from.

    >>> get("svenska+kitchen-table").name
    'svenska+kitchen-table'
    """
    head, rest = _split(spec)
    if head not in PRESETS:
        raise RuleSetError(
            msg(
                "unknown preset {name}; presets are: {names} (then '+'-joined rule IDs, e.g. "
                "official+house.stack-draw-two)",
                name=_short(head),
                names=", ".join(names()),
            )
        )
    origin: dict[str, str] = {}
    named = (head, *(part for part in rest if part in PRESETS))
    for name in named:
        for rid in _choices(name):
            origin.setdefault(rid, name)
    # With one preset, every choice not given is that preset's; with several,
    # errors name the preset each came from.
    labels = origin if len(set(named)) > 1 else {}
    ids = [part for part in rest if part not in PRESETS]
    known = _entries(house_rules)
    for part in ids:
        if (
            part in known
            or part in NOT_YET_AVAILABLE
            or part == "strict"
            or _TARGET.match(part)
            or _numbered(part)
        ):
            continue
        near = difflib.get_close_matches(part, names(), n=3, cutoff=0.6)
        if near:
            raise RuleSetError(
                msg(
                    "unknown preset or rule ID {name}; did you mean {near}?",
                    name=repr(part),
                    near=", ".join(near),
                ),
                (part,),
            )
    targets = [i for i in origin if i.startswith("score.target=")]
    if len(targets) > 1:
        first, second = targets[:2]
        raise RuleSetError(
            msg(
                "the presets {first} and {second} set two different target scores "
                "({first_target} and {second_target}); the two contradict",
                first=repr(origin[first]),
                second=repr(origin[second]),
                first_target=first,
                second_target=second,
            ),
            ("score.target",),
        )
    for mine in targets:
        for theirs in (i for i in ids if i.startswith("score.target=") and i != mine):
            raise RuleSetError(
                msg(
                    "the preset {preset} sets {target} already, so {theirs} would be a second "
                    "target score; start from a preset without one",
                    preset=repr(origin[mine]),
                    target=mine,
                    theirs=_short(theirs),
                ),
                ("score.target",),
            )
    label = "+".join((head, *rest))
    chosen = (*origin, *(i for i in ids if i not in origin))
    rules = _compose(official(), chosen, label, house_rules, labels)
    _refuse_contradictions(rules, labels)
    return rules


def _refuse_contradictions(rules: RuleSet, origin: Mapping[str, str] = {}) -> None:
    """Raise the contradictions :func:`unorules.rules.validation.validate`
    finds in ``rules``, naming the preset (``origin``) each rule came from."""
    from unorules.rules.validation import validate

    contradictions = [pr for pr in validate(rules) if pr.kind == "contradiction"]
    if not contradictions:
        return
    texts: list[str | Message] = []
    for pr in contradictions:
        text: str | Message = pr.text
        sources = [
            msg("{rule} from the preset {preset}", rule=rid, preset=repr(origin[rid]))
            for rid in pr.rule_ids
            if rid in origin
        ]
        if sources:
            text = msg("{problem} ({sources})", problem=text, sources=_and(sources))
        texts.append(text)
    joined = texts[0]
    for more in texts[1:]:
        joined = msg("{first}; {second}", first=joined, second=more)
    raise RuleSetError(joined, tuple(r for pr in contradictions for r in pr.rule_ids))


def from_rule_ids(
    rule_ids: tuple[str, ...],
    *,
    name: str = "custom",
    strict: bool = False,
    target: int | None = None,
    house_rules: Iterable[HouseRule] = (),
    numbers: Mapping[str, int] | None = None,
) -> RuleSet:
    """Rebuild a rule set from the full list of its rule IDs (as
    ``RuleSet.rule_ids`` gives them), e.g. when reading it back from JSON.

    The IDs are checked as :func:`compose` checks them (an ID that
    ``RuleSet.rule_ids`` lists is never refused); ``strict`` and the target
    are arguments, not IDs.

    Args:
        rule_ids: every rule ID in force, each once, in any order.
        name: the name of the result.
        strict: the ``strict`` flag of the result.
        target: the target score (``score.target``), or ``None`` for the
            scoring's own; a scoring without a target (``score.single-round``)
            takes only ``None`` or 1, the target it reports.
        house_rules: the definitions of the table's own rules among
            ``rule_ids`` (:class:`~unorules.rules.house.HouseRule`).
        numbers: the numbers of the rules of :data:`NUMBERED` among
            ``rule_ids`` (as ``RuleSet.numbers`` gives them); one not given
            takes its default.

    Raises:
        RuleSetError: a number not of a numbered rule in force, or out of
            its range;
            an ID that is no string, unknown or not yet available;
            the same ID twice; two readings of one rule; an option of a
            policy that another ID puts in its slot; an ID that another one
            leaves out of force; a target that is no whole number from 1 to
            :data:`~unorules.rules.ruleset.MAX_TARGET` or that the scoring in force
            cannot have.
    """
    if not isinstance(rule_ids, tuple | list):
        raise RuleSetError(
            msg("rule IDs are a tuple of strings, not {value}", value=_short(rule_ids))
        )
    entries = _entries(house_rules)
    given, _, _, _ = _sort_out(rule_ids, options=False, entries=entries)
    rules = _build(RuleSet(name=name, strict=strict), given, entries)
    asked_numbers = _read_numbers(numbers)
    for rid in asked_numbers:
        if rid not in rules.rule_ids:
            raise RuleSetError(
                msg("a number is given for {rule}, which is not in force", rule=rid), (rid,)
            )
    rules = _with_numbers(rules, asked_numbers)
    # Taken before target is narrowed to an int: compiled with mypyc, the
    # narrowed value of True would read as 1.
    asked: object = target
    if target is not None:
        shown = _short(asked)
        spec = f"score.target={shown}" if shown.lstrip("-").isdigit() else f"score.target ({shown})"
        if type(asked) is not int:
            raise RuleSetError(
                msg("{spec}: the target score must be {range}", spec=spec, range=_TARGET_RANGE),
                ("score.target",),
            )
        if isinstance(rules.scoring, p.SingleRound | p.MostCardsOut):
            if target != rules.scoring.target:
                raise RuleSetError(
                    msg(
                        "{spec}: {ids} has no target score",
                        spec=spec,
                        ids=", ".join(rules.scoring.rule_ids),
                    ),
                    ("score.target", *rules.scoring.rule_ids),
                )
        else:
            if not 1 <= target <= MAX_TARGET:
                raise _out_of_range(spec, too_large=target > 0)
            rules = rules.replace(scoring=_with_target(rules, _short(spec), target))
    _check_in_force(rules, given, entries)
    return _holding(rules, given, entries)
