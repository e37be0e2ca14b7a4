"""Presets: named rule sets, and composition by rule ID.

A preset string is a preset name followed by rule IDs of RULES.md, joined by
``+``: each ID puts its policy into its slot (stacking IDs combine). The
option ``strict`` makes the engine enforce what players would otherwise police
themselves (see :class:`~unorules.ruleset.RuleSet`), and ``score.target=N``
sets the target score.

    >>> rules = get("official+house.stack-draw-two")
    >>> rules.stacking.rule_ids
    ('house.stack-draw-two',)
    >>> get("official+score.target=250").target
    250
"""

from __future__ import annotations

from collections.abc import Callable

from unorules import policies as p
from unorules.catalogue import CATALOGUE, nearest
from unorules.errors import RuleSetError
from unorules.ruleset import RuleSet

__all__ = ["available", "compose", "from_rule_ids", "get", "names", "official", "slot_of"]

Builder = Callable[[RuleSet], object]


def _const(policy: object) -> Builder:
    return lambda _rules: policy


def _stack(rule_id: str) -> Builder:
    def build(rules: RuleSet) -> object:
        ids = rules.stacking.rule_ids
        return p.Stacking(ids if rule_id in ids else (*ids, rule_id))

    return build


def _start(reverse_first: str | None) -> Builder:
    def build(rules: RuleSet) -> object:
        current = rules.start_card
        if reverse_first is None:
            return current if isinstance(current, p.StartCard) else p.StartCard()
        return p.StartCard(reverse_first="dealer" if reverse_first == "dealer" else "right")

    return build


def _challenge_wd4(rules: RuleSet) -> object:
    current = rules.challenge
    return current if isinstance(current, p.ChallengeWd4) else p.ChallengeWd4()


_BUILDERS: dict[str, tuple[str, Builder]] = {
    "deck.classic-108": ("deck", _const(p.ClassicDeck())),
    "players.range": ("deck", _const(p.ClassicDeck())),
    **{rid: ("deal", _const(p.StandardDeal())) for rid in p.StandardDeal().rule_ids},
    "start.skip": ("start_card", _start(None)),
    "start.draw-two": ("start_card", _start(None)),
    "start.wild": ("start_card", _start(None)),
    "start.wild-draw-four": ("start_card", _start(None)),
    "start.reverse.dealer": ("start_card", _start("dealer")),
    "start.reverse.right-of-dealer": ("start_card", _start("right")),
    **{rid: ("match", _const(p.OfficialMatch())) for rid in p.OfficialMatch().rule_ids},
    "wild.any-time": ("wild", _const(p.WildAnyTime())),
    "wild.restricted": ("wild", _const(p.WildRestricted())),
    "wd4.no-matching-colour": ("wd4", _const(p.Wd4NoMatchingColour())),
    "wd4.no-playable-card": ("wd4", _const(p.Wd4NoPlayableCard())),
    "wd4.unrestricted": ("wd4", _const(p.Wd4Unrestricted())),
    "draw.one-then-may-play": ("drawing", _const(p.Drawing())),
    "house.play-drawn": ("drawing", _const(p.Drawing(must_play=True))),
    "house.draw-until-playable": (
        "drawing",
        _const(p.Drawing(until_playable=True, must_play=True)),
    ),
    "draw.allowed-when-playable": ("draw_choice", _const(p.AllowedWhenPlayable())),
    "house.force-play": ("draw_choice", _const(p.ForcePlay())),
    **{rid: ("actions", _const(p.OfficialActions())) for rid in p.OfficialActions().rule_ids},
    **{rid: ("stacking", _stack(rid)) for rid in p.Stacking.ALL},
    "uno.call": ("uno_call", _const(p.UnoCall())),
    "uno.call-strict": ("uno_call", _const(p.UnoCall(late=False))),
    "uno.penalty": ("uno_penalty", _const(p.UnoPenalty())),
    "uno.reminder": ("uno_penalty", _const(p.UnoPenalty(cards=0))),
    "uno.window-closes": ("uno_window", _const(p.UnoWindow())),
    "uno.window-until-play": ("uno_window", _const(p.UnoWindow(on_draw=False))),
    "challenge.wd4": ("challenge", _challenge_wd4),
    "challenge.anyone": ("challenge", _const(p.ChallengeWd4(anyone=True))),
    "challenge.none": ("challenge", _const(p.NoChallenge())),
    "end.last-card": ("going_out", lambda r: r.going_out),
    "end.last-card-draw-applies": ("going_out", _const(p.GoingOut())),
    "end.last-card-no-effect": ("going_out", _const(p.GoingOut(last_card_effect=False))),
    "pile.reshuffle": ("piles", _const(p.ReshuffleDiscards())),
    "pile.exhausted": ("piles", _const(p.ReshuffleDiscards())),
    "info.hand-sizes-public": ("info", _const(p.HandSizesPublic())),
    "score.card-values": ("card_values", _const(p.CardValues())),
    "score.winner-takes": ("scoring", lambda r: p.WinnerTakes(target=r.target)),
    "score.target": ("scoring", lambda r: r.scoring),
}

_MERGING_SLOTS = frozenset({"stacking"})


def official() -> RuleSet:
    """Mattel's printed rules with the classic 108-card deck (RULES.md §0).

    >>> official().rule_ids[:3]
    ('deck.classic-108', 'players.range', 'setup.deal')
    """
    return RuleSet(name="official")


_PRESETS: dict[str, Callable[[], RuleSet]] = {"official": official}


def names() -> tuple[str, ...]:
    """The preset names ``get`` accepts."""
    return tuple(_PRESETS)


def available() -> tuple[str, ...]:
    """The rule IDs that can be composed into a rule set, in catalogue order."""
    return tuple(rid for rid in CATALOGUE if rid in _BUILDERS)


def slot_of(rule_id: str) -> str | None:
    """The slot an available rule ID goes into, or ``None``."""
    entry = _BUILDERS.get(rule_id)
    return entry[0] if entry else None


def compose(base: RuleSet, rule_ids: tuple[str, ...], name: str | None = None) -> RuleSet:
    """``base`` with the policies of ``rule_ids`` put into their slots.

    Args:
        base: the rule set to start from.
        rule_ids: IDs of RULES.md, e.g. ``("house.force-play",)``; also
            ``"strict"`` and ``"score.target=N"``.
        name: the name of the result (default: base name and IDs joined by ``+``).

    Returns:
        The new rule set.

    Raises:
        RuleSetError: an unknown ID (the message lists the nearest IDs), an ID
            that is catalogued but not yet available, the same ID twice, two
            IDs that are readings of one slot, or a bad target.
    """
    rules = base
    seen: dict[str, str] = {}
    for raw in rule_ids:
        rid = raw.strip()
        if rid in seen.values() or rid in seen:
            raise RuleSetError(f"rule ID {rid!r} is given twice", (rid,))
        if rid == "strict":
            rules = rules.replace(strict=True)
            seen[rid] = rid
            continue
        if rid.startswith("score.target="):
            rules = rules.replace(scoring=_with_target(rules, rid))
            seen["score.target"] = rid
            continue
        entry = _BUILDERS.get(rid)
        if entry is None:
            if rid in CATALOGUE:
                raise RuleSetError(
                    f"rule {rid!r} is in the catalogue but not yet available in this version "
                    "(`unorules rules` marks the available ones)",
                    (rid,),
                )
            near = nearest(rid)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise RuleSetError(f"unknown rule ID {rid!r}{hint}", (rid, *near))
        slot, build = entry
        if slot in seen and slot not in _MERGING_SLOTS:
            other = seen[slot]
            raise RuleSetError(
                f"{other!r} and {rid!r} are two readings of the same rule (slot {slot!r}); "
                "choose one",
                (other, rid),
            )
        seen[slot] = rid
        seen[rid] = rid
        rules = rules.replace(**{slot: build(rules)})
    label = name if name is not None else "+".join((base.name, *(r.strip() for r in rule_ids)))
    return rules.replace(name=label)


def _with_target(rules: RuleSet, spec: str) -> object:
    text = spec.partition("=")[2]
    if not text.isdigit() or int(text) <= 0:
        raise RuleSetError(
            f"{spec!r}: the target score must be a positive whole number", ("score.target",)
        )
    scoring = rules.scoring
    if not isinstance(scoring, p.WinnerTakes):
        raise RuleSetError(f"{spec!r}: this scoring rule has no target", ("score.target",))
    return p.WinnerTakes(target=int(text))


def get(spec: str) -> RuleSet:
    """A rule set from a preset string: ``"official"``,
    ``"official+house.stack-draw-two+house.force-play"``, ``"official+strict"``.

    Args:
        spec: a preset name, optionally followed by ``+``-joined rule IDs.

    Returns:
        The rule set, named ``spec``.

    Raises:
        RuleSetError: an unknown preset (listing the presets), or any error of
            :func:`compose`.
    """
    head, *ids = [part.strip() for part in spec.split("+")]
    # "+2"/"+4" never occur in IDs, so a plain split is safe.
    factory = _PRESETS.get(head)
    if factory is None:
        raise RuleSetError(
            f"unknown preset {head!r}; presets are: {', '.join(names())} "
            "(then '+'-joined rule IDs, e.g. official+house.stack-draw-two)"
        )
    if any(not i for i in ids):
        raise RuleSetError(f"empty rule ID in {spec!r} (two '+' in a row or a trailing '+')")
    return compose(factory(), tuple(ids), name=spec.strip())


def from_rule_ids(
    rule_ids: tuple[str, ...], *, name: str = "custom", strict: bool = False,
    target: int | None = None,
) -> RuleSet:
    """Rebuild a rule set from the full list of its rule IDs (as
    ``RuleSet.rule_ids`` gives them), e.g. when reading it back from JSON.

    Unlike :func:`compose`, IDs of one slot may appear together (they are the
    IDs of one policy).

    Raises:
        RuleSetError: an unknown or unavailable ID.
    """
    rules = RuleSet(name=name, strict=strict)
    for rid in rule_ids:
        entry = _BUILDERS.get(rid)
        if entry is None:
            near = nearest(rid)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise RuleSetError(f"unknown or unavailable rule ID {rid!r}{hint}", (rid, *near))
        slot, build = entry
        rules = rules.replace(**{slot: build(rules)})
    if target is not None:
        rules = rules.replace(scoring=_with_target(rules, f"score.target={target}"))
    return rules
