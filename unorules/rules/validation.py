"""Rule-set validation: combinations that make a rule inert or contradict.

A rule is *inert* when nothing in the rule set can ever trigger it (stacking
Wild Draw Fours in a deck without them); two rules *contradict* when they
cannot both hold. ``presets.get`` refuses contradictions; inert rules are
reported but allowed.

>>> from unorules import presets
>>> [p.rule_ids for p in validate(presets.get("kids+house.stack-draw-four"))]
[('house.stack-draw-four', 'house.kids')]
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

import attrs

from unorules._mypyc import untyped
from unorules.cards import Card, Face
from unorules.errors import Message, msg
from unorules.rules.catalogue import CATALOGUE
from unorules.rules.ruleset import RuleSet

__all__ = ["Problem", "never_applies", "validate"]


@attrs.frozen(slots=True)
class Problem:
    """One problem of a rule set.

    Attributes:
        kind: ``"inert"`` (a rule that can never apply) or ``"contradiction"``.
        rule_ids: the IDs involved, the one affected first.
        message: what is wrong, in one sentence (English).
        text: the same sentence, translatable (:meth:`text_in`); a
            :class:`~unorules.errors.Message`, or ``message`` itself when the
            problem was made with a plain string.
    """

    kind: Literal["inert", "contradiction"]
    rule_ids: tuple[str, ...]
    message: str
    text: Message | str = attrs.field(
        default=untyped(attrs.Factory(lambda self: self.message, takes_self=True)),
        eq=False,
        repr=False,
    )

    def text_in(self, lang: str) -> str:
        """The message in ``lang`` (``"en"``, ``"sv"``, ``"nb"``).

        Raises:
            LanguageError: for an unknown language.
        """
        if isinstance(self.text, Message):
            return self.text.in_language(lang)
        return self.text

    def __str__(self) -> str:
        return f"{self.kind}: {self.message} [{', '.join(self.rule_ids)}]"


def _filled(text: Message, **params: str) -> Message:
    """``text`` with the values of its fields."""
    return Message(text.template, {**text.params, **params}, text.plural, text.n)


def _problem(
    kind: Literal["inert", "contradiction"], rule_ids: tuple[str, ...], text: Message
) -> Problem:
    return Problem(kind, rule_ids, str(text), text)


def validate(rules: RuleSet) -> tuple[Problem, ...]:
    """The problems of a combination of rules, each naming the IDs involved.

    Args:
        rules: any rule set.

    Returns:
        The problems found, contradictions first; empty when there are none.
    """
    problems: list[Problem] = []
    faces = {c.face for c in rules.deck.cards()}
    deck_id = (
        rules.deck.rule_ids[-1] if "house.kids" in rules.deck.rule_ids else (rules.deck.rule_ids[0])
    )
    ids = set(rules.rule_ids)

    def inert(rule_id: str, why: Message, *others: str) -> None:
        if rule_id in ids:
            problems.append(_problem("inert", (rule_id, *others), _filled(why, rule=rule_id)))

    def contradiction(a: str, b: str, why: Message) -> None:
        if a in ids and b in ids:
            problems.append(_problem("contradiction", (a, b), _filled(why, a=a, b=b)))

    if Face.WILD_DRAW_FOUR not in faces:
        for rid in (
            "start.wd4-bottom",
            "house.stack-draw-two-on-four",
            "house.stack-draw-four",
            "house.stack-draw-four-on-two",
            "end.no-wd4-last",
            "wd4.no-playable-card",
            "wd4.unrestricted",
            "challenge.take-back",
            "challenge.anyone",
        ):
            inert(rid, _NO_WD4, deck_id)
        if "challenge.also-wild" not in rules.rule_ids:
            inert("challenge.wd4", _NO_WD4, deck_id)
    if Face.DRAW_TWO not in faces:
        inert(
            "house.stack-draw-two", msg("{rule} never applies: the deck has no Draw Two"), deck_id
        )
    if Face.WILD_SHUFFLE_HANDS not in faces:
        inert(
            "end.shuffle-hands-last",
            msg("{rule} never applies: the deck has no Wild Shuffle Hands"),
            deck_id,
        )
    if (
        "house.stack-draw-four-on-two" in ids
        and not {"house.stack-draw-two", "house.stack-escalating"} & ids
    ):
        problems.append(
            _problem(
                "inert",
                ("house.stack-draw-four-on-two", "house.stack-draw-two"),
                msg(
                    "house.stack-draw-four-on-two is a sub-option of house.stack-draw-two: "
                    "without it a Draw Two cannot answer a Draw Two, so only a Wild Draw Four "
                    "ever stacks"
                ),
            )
        )
    if Face.DRAW_TWO not in faces and Face.WILD_DRAW_FOUR not in faces:
        for rid in ("house.revenge", "house.skip-deflect", "house.reverse-deflect"):
            inert(
                rid,
                msg("{rule} never applies: the deck has no Draw Two or Wild Draw Four"),
                deck_id,
            )
        inert(
            "end.no-draw-card-last",
            msg("{rule} never applies: the deck has no Draw Two or Wild Draw Four"),
            deck_id,
        )
    if Face.SKIP not in faces:
        inert("house.skip-deflect", msg("{rule} never applies: the deck has no Skip"), deck_id)
    if Face.REVERSE not in faces:
        inert(
            "house.reverse-deflect", msg("{rule} never applies: the deck has no Reverse"), deck_id
        )
    if Face.SEVEN not in faces:
        inert("house.seven-swap", msg("{rule} never applies: the deck has no 7"), deck_id)
    if Face.ZERO not in faces:
        inert("house.zero-pass", msg("{rule} never applies: the deck has no 0"), deck_id)
    if not any(c.is_wild for c in rules.deck.cards()):
        for rid in ("end.no-wild-last", "house.jump-in-wild"):
            inert(rid, msg("{rule} never applies: the deck has no wild card"), deck_id)
    if "uno.none" in ids:
        for rid in (
            "uno.false-call",
            "uno.required-to-win",
            "uno.catch-any-time",
            "uno.window-until-play",
        ):
            inert(rid, msg("{rule} never applies: nobody calls UNO under uno.none"), "uno.none")
        if "uno.penalty" in ids and rules.numbers.get("uno.penalty"):
            inert(
                "uno.penalty",
                msg("{rule} never applies: nobody calls UNO under uno.none"),
                "uno.none",
            )
    if "house.kids" in ids:
        inert(
            "house.open-below",
            msg("{rule} never applies: under house.kids every hand is played face up"),
            "house.kids",
        )
    contradiction(
        "house.teams",
        "house.shuffle-seats",
        msg(
            "{a} and {b} disagree: under {a} partners sit opposite each other all game, and "
            "under {b} everyone draws a new seat before each round"
        ),
    )
    if "score.single-round" in ids:
        inert(
            "house.shuffle-seats",
            msg("{rule} never applies: under score.single-round the game is one round"),
            "score.single-round",
        )
    for last in ("end.no-draw-card-last", "end.no-wild-last"):
        contradiction(
            "end.no-wd4-last",
            last,
            msg(
                "{a} and {b} disagree: a player left with a Wild Draw Four draws 3 cards under "
                "{a} and 1 under {b}"
            ),
        )
    if Face.WILD_CUSTOMIZABLE not in faces:
        inert(
            "house.custom-cards",
            msg("{rule} never applies: the deck has no blank (customizable) card"),
            deck_id,
        )
    if Face.ZERO not in faces and Face.SEVEN not in faces:
        inert("house.seven-zero", msg("{rule} never applies: the deck has no 7 or 0"), deck_id)
    if "challenge.also-wild" in rules.rule_ids and "wild.restricted" not in ids:
        inert(
            "challenge.also-wild",
            msg("{rule} never applies: without wild.restricted a plain Wild is always legal"),
            "wild.any-time",
        )
    if "wd4.unrestricted" in ids:
        for rid in ("challenge.wd4", "challenge.take-back", "challenge.anyone"):
            if "challenge.also-wild" not in rules.rule_ids:
                inert(
                    rid,
                    msg(
                        "{rule} never applies: with wd4.unrestricted there is no Wild Draw Four "
                        "bluff to challenge"
                    ),
                    "wd4.unrestricted",
                )
    if "end.number-card-last" in ids:
        inert(
            "end.no-wd4-last",
            msg(
                "{rule} never applies: end.number-card-last already forbids any wild card as "
                "the last card"
            ),
            "end.number-card-last",
        )
        for rid in ("end.no-draw-card-last", "end.no-wild-last"):
            inert(
                rid,
                msg(
                    "{rule} never applies: end.number-card-last already forbids every card "
                    "but a number card as the last card"
                ),
                "end.number-card-last",
            )
    if "score.single-round" in ids:
        inert(
            "score.card-values-2022",
            msg("{rule} never applies: no points are counted"),
            "score.single-round",
        )
    if rules.uno_penalty.caught().cards == 0 and rules.strict:
        inert(
            "uno.reminder", msg("{rule} makes strict enforcement of the UNO call empty"), "strict"
        )
    for rid, face in _effects_without_cards(rules, faces, ids):
        problems.append(
            _problem(
                "inert",
                (rid, deck_id),
                msg("{rule} never applies: the deck has no {face}", rule=rid, face=face),
            )
        )
    if max(Counter(rules.deck.cards()).values(), default=0) < 2:
        # No card of the deck has a twin (two-sided cards each paired apart).
        for rid in ("house.jump-in", "house.multiple-identical"):
            inert(
                rid,
                msg("{rule} never applies: no two cards of this deck are identical"),
                deck_id,
            )
    copies = Counter(c for c in rules.deck.cards() if c.number is not None)
    if (
        "house.bomb" in ids
        and "house.multiple-same-number" not in ids
        and "house.multiple-identical" in ids
        and max(copies.values(), default=0) < 3
    ):
        inert(
            "house.bomb",
            msg(
                "{rule} never applies: with house.multiple-identical alone a bomb needs three "
                "copies of one number card, and this deck holds at most two"
            ),
            "house.multiple-identical",
            deck_id,
        )
    if "house.bomb" in ids and not {"house.multiple-identical", "house.multiple-same-number"} & ids:
        inert(
            "house.bomb",
            msg(
                "{rule} never applies: without house.multiple-identical or "
                "house.multiple-same-number no play lays more than one card"
            ),
            "play.one-card",
        )
    for scoring in ("score.penalty-points", "score.elimination"):
        contradiction(
            "no-mercy.mercy",
            scoring,
            msg(
                "{a} and {b} disagree: a player put out of the round gives up its cards, so "
                "its hand would count no points against it"
            ),
        )
    for seven in (
        "house.seven-zero",
        "house.seven-optional",
        "house.seven-swap",
        "house.zero-pass",
    ):
        if seven == "house.seven-zero" and "house.seven-optional" in ids:
            continue  # the optional reading names both: cite the one chosen
        contradiction(
            seven,
            "no-mercy.seven-zero",
            msg("{a} and {b} say the same twice: the deck's 7 and 0 already move hands under {b}"),
        )
    contradiction(
        "house.multiple-identical",
        "no-mercy.skip-everyone",
        msg(
            "{a} and {b} disagree: two Skip Everyones laid together would skip every other "
            "player twice over, which the printed rules never say"
        ),
    )
    if not any(c.is_number for c in rules.deck.cards()):
        # A deck without number cards (UNO All Wild): a round that needs one
        # to end can never end, and rules about numbers never apply.
        contradiction(
            "end.number-card-last",
            deck_id,
            msg(
                "{a} and {b} disagree: the last card must be a number card, and the deck "
                "of {b} has none, so nobody could ever go out"
            ),
        )
        inert(
            "house.multiple-same-number",
            msg("{rule} never applies: the deck has no number card"),
            deck_id,
        )
        for start in ("no-mercy.start", "start.number-only"):
            contradiction(
                start,
                deck_id,
                msg(
                    "{a} and {b} disagree: only a number card may start the discard pile, and "
                    "the deck of {b} has none"
                ),
            )
    if not any(c.color is not None for c in rules.deck.cards()):
        inert(
            "house.misplay-penalty",
            msg("{rule} never applies: every card of the deck is wild and fits anywhere"),
            deck_id,
        )
    if not any(c.number for c in rules.deck.cards()):
        contradiction(
            "setup.dealer-draw",
            deck_id,
            msg(
                "{a} and {b} disagree: the highest number drawn picks the dealer, and the "
                "deck of {b} has no number card above 0"
            ),
        )
    if rules.colors and any(c.color is None for c in rules.deck.cards()):
        # A Wild turned up to start needs its colour named: the start card of
        # All Wild names none.
        contradiction(
            "all-wild.start",
            deck_id,
            msg(
                "{a} and {b} disagree: {a} names no colour for a wild start card, and the "
                "wild cards of {b} name one"
            ),
        )
    if not rules.colors:
        # A deck whose wild cards name no colour (all-wild.no-colour): no
        # colour is ever in force, so no rule that asks about one can hold.
        for rid in (
            "wd4.no-matching-colour",
            "wd4.no-playable-card",
            "wild.restricted",
            "challenge.wd4",
            "challenge.anyone",
            "challenge.take-back",
            "challenge.also-wild",
            "flip.start",
        ):
            contradiction(
                rid,
                deck_id,
                msg(
                    "{a} and {b} disagree: {a} asks about the colour in force, and the cards "
                    "of {b} name no colour"
                ),
            )
    contradiction(
        "end.last-card-no-effect",
        "end.shuffle-hands-last",
        msg(
            "{a} and {b} disagree: one voids the last card's effect, the other has a last Wild "
            "Shuffle Hands redeal all hands"
        ),
    )
    problems = [pr for pr in problems if pr.kind == "contradiction"] + [
        pr for pr in problems if pr.kind == "inert"
    ]
    return tuple(problems)


def _effects_without_cards(
    rules: RuleSet, faces: set[Face], ids: set[str]
) -> list[tuple[str, Face]]:
    """The rules in force whose effect is that of a face the deck does not
    hold (a table's own card whose deck rule is missing): each rule with the
    face, once. A policy that fails to answer is left to the engine's own
    error."""
    found: dict[str, Face] = {}
    for face in Face.registered():
        if face in faces:
            continue
        colours = (None,) if face.is_wild else rules.colors
        for colour in colours:
            try:
                effect = rules.effect(Card(colour, face), 3)
            except Exception:  # a table's policy: the engine names its failure
                break
            if (
                effect is not None
                and effect.rule_id in ids
                and effect.rule_id not in found
                and effect.rule_id not in CATALOGUE
            ):
                found[effect.rule_id] = face
            break
    return sorted(found.items())


_NO_WD4 = msg("{rule} never applies: the deck has no Wild Draw Four")

_NEEDS: tuple[tuple[Face, str, tuple[str, ...]], ...] = (
    (
        Face.WILD_DRAW_FOUR,
        "Wild Draw Four",
        (
            "action.wild-draw-four",
            "wd4.no-matching-colour",
            "wd4.no-playable-card",
            "wd4.unrestricted",
            "start.wild-draw-four",
            "start.wd4-bottom",
            "house.stack-draw-four",
            "house.stack-draw-four-on-two",
            "end.no-wd4-last",
            "challenge.wd4",
            "challenge.take-back",
            "challenge.anyone",
            "challenge.none",
        ),
    ),
    (
        Face.WILD,
        "Wild",
        (
            "action.wild",
            "wild.any-time",
            "wild.restricted",
            "start.wild",
            "start.wild-skipped",
            "challenge.also-wild",
        ),
    ),
    (Face.DRAW_TWO, "Draw Two", ("action.draw-two", "start.draw-two", "house.stack-draw-two")),
    (Face.SKIP, "Skip", ("action.skip", "start.skip", "house.stack-skip")),
    (
        Face.REVERSE,
        "Reverse",
        (
            "action.reverse",
            "action.two-player-reverse",
            "start.reverse.dealer",
            "start.reverse.right-of-dealer",
        ),
    ),
    (
        Face.WILD_SHUFFLE_HANDS,
        "Wild Shuffle Hands",
        ("action.shuffle-hands", "end.shuffle-hands-last"),
    ),
    (Face.WILD_SWAP_HANDS, "Wild Swap Hands", ("action.swap-hands",)),
    (Face.WILD_CUSTOMIZABLE, "blank card", ("action.customizable", "house.custom-cards")),
)


def never_applies(rules: RuleSet) -> dict[str, str]:
    """The rules in force that can never apply because the deck lacks the card
    they are about, each with the reason (``"the deck has no Wild Draw
    Four"``). A Wild Draw Four challenge still applies without Wild Draw Fours
    when it covers plain Wilds (``challenge.also-wild``).

    Unlike :func:`validate`, which reports choices worth changing, this also
    names the defaults a preset leaves in their slots, such as the Wild Draw
    Four rules of the ``kids`` preset, whose deck has none.

    Args:
        rules: any rule set.

    Returns:
        ``{rule_id: reason}`` in the order of ``rules.rule_ids``.

    >>> from unorules import presets
    >>> never_applies(presets.get("kids"))["wd4.no-matching-colour"]
    'the deck has no Wild Draw Four'
    """
    faces = {c.face for c in rules.deck.cards()}
    why: dict[str, str] = {}
    for face, name, rule_ids in _NEEDS:
        if face not in faces:
            for rid in rule_ids:
                why.setdefault(rid, f"the deck has no {name}")
    if "challenge.also-wild" in rules.rule_ids and Face.WILD in faces:
        for rid in ("challenge.wd4", "challenge.anyone"):
            why.pop(rid, None)
    governs = getattr(rules.wd4, "governs", None)
    if any(c.is_wild and not (governs is not None and governs(c)) for c in rules.deck.cards()):
        # The wild policy answers for every wild card the Wild Draw Four
        # policy does not govern (an edition's Wild Draw Six, say).
        for rid in ("wild.any-time", "wild.restricted"):
            why.pop(rid, None)
    return {rid: why[rid] for rid in rules.rule_ids if rid in why and rid in CATALOGUE}
