"""A dispute judged: the situation and the moves read, each move applied and
explained in turn, with what the verdicts assume about the cards nobody
gave (a hand's ``?N``, a draw pile not given).

This is what ``unorules explain`` judges (:mod:`unorules.cli` prints it) and
what :mod:`unorules.web` answers in the browser. It imports neither
``argparse`` nor the simulator, so it loads quickly where every import
counts (Pyodide).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from unorules.cards import Card
from unorules.engine import apply, check
from unorules.errors import Message, UnoError, msg
from unorules.explanations.headline import move_phrase
from unorules.explanations.languages import ENGLISH, Wording
from unorules.explanations.verdicts import Unknown, Verdict, explain
from unorules.explanations.words import card_name
from unorules.moves import Challenge, Draw, Move, Play
from unorules.notation import SituationSpec, as_held, parse_moves, parse_situation
from unorules.rules import presets
from unorules.rules.house import HouseRule
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Phase

if TYPE_CHECKING:
    from unorules.table import Table


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    return w.ngettext("cli", singular, plural, n)


def _join_moves(parts: Sequence[str]) -> str:
    return "; ".join(p.strip().rstrip(";") for p in parts)


def _reason(error: UnoError) -> Message | str:
    return error.message if error.message is not None else str(error)


@attrs.frozen
class _Judged:
    """A dispute judged: the rule set, the start, the verdicts (up to the
    first refused move), how many moves were given, the notes on what the
    verdicts assume, and the notes on the names used."""

    rules: RuleSet
    start: GameState
    verdicts: list[Verdict]
    total: int
    caveats: list[str]
    notes: list[str]
    names: tuple[str, ...]
    varies: tuple[bool, ...] = ()
    """For each verdict, whether other deals of the cards nobody gave give
    another outcome (legal, illegal, a bluff or no effect), not only another
    rule: what a player is told to give those cards for."""


def _names_for(
    spec: SituationSpec, table: Table | None, w: Wording
) -> tuple[tuple[str, ...], list[str]]:
    """The players' names: the situation's ``names`` clause, else the
    table's when the counts agree; and a note when the table's do not fit."""
    if spec.names:
        return tuple(spec.names), []
    if table is None or not table.players:
        return (), []
    seats = len(spec.hands)
    if len(table.players) == seats:
        return table.players, []
    note = _n(
        w,
        "the table file names {players} players but the situation has {seats} seat, so "
        "the seats go by number",
        "the table file names {players} players but the situation has {seats} seats, so "
        "the seats go by number",
        seats,
    ).format(players=len(table.players), seats=seats)
    return (), [note]


def _judge(
    situation_text: str,
    move_args: Sequence[str],
    preset: str,
    house_rules: tuple[HouseRule, ...] = (),
) -> tuple[RuleSet, GameState, list[Verdict], int, list[str]]:
    """The dispute judged in English: the rule set, the start, the verdicts,
    how many moves were given and the notes on what the verdicts assume."""
    j = _judged(situation_text, move_args, preset, house_rules)
    return j.rules, j.start, j.verdicts, j.total, j.caveats


def _judged(
    situation_text: str,
    move_args: Sequence[str],
    preset: str,
    house_rules: tuple[HouseRule, ...] = (),
    w: Wording = ENGLISH,
    table: Table | None = None,
) -> _Judged:
    rules = presets.get(preset, house_rules=house_rules)
    try:
        spec = parse_situation(
            situation_text, lang=w.lang, names=table.players if table is not None else ()
        )
    except UnoError as e:
        raise UnoError(msg("in SITUATION: {error}", error=_reason(e))) from None
    state = spec.to_state(rules)
    names, notes = _names_for(spec, table, w)
    w = Wording(w.lang, names)
    try:
        moves = parse_moves(_join_moves(move_args), lang=w.lang, names=names)
    except UnoError as e:
        raise UnoError(msg("in MOVE: {error}", error=_reason(e))) from None
    if not moves:
        raise UnoError(msg("in MOVE: no move given (e.g. '0 play R7' or '1 draw')"))
    n = len(state.hands)
    for move in moves:
        seats = [move.player, getattr(move, "target", 0), getattr(move, "swap_with", None) or 0]
        if any(not 0 <= seat < n for seat in seats):
            raise UnoError(
                msg(
                    "in MOVE {move}: the situation has {count} seats (0..{last})",
                    move=str(move),
                    count=n,
                    last=n - 1,
                )
            )
    start, verdicts, caveats, unsure, guesses = _play(spec, rules, state, moves, w)
    varies = tuple(False for _v in verdicts)
    if unsure:
        verdicts, varies = _check_other_deals(spec, rules, moves, verdicts, caveats, w, guesses)
    return _Judged(rules, start, verdicts, len(moves), caveats, notes, names, varies)


_OTHER_DEALS = 8
"""How many other deals of the cards nobody gave a verdict is checked against."""


def _key(verdict: Verdict) -> tuple[str, str]:
    return verdict.verdict, verdict.rule_ids[0] if verdict.rule_ids else ""


def _check_other_deals(
    spec: SituationSpec,
    rules: RuleSet,
    moves: Sequence[Move],
    verdicts: list[Verdict],
    caveats: list[str],
    w: Wording = ENGLISH,
    guesses: Collection[str] = (),
) -> tuple[list[Verdict], tuple[bool, ...]]:
    """``verdicts`` with each one that other deals of the cards nobody gave
    (other seeds) would change marked ``assumed``, with a note in ``caveats``;
    and for each, whether another deal gives another outcome (not only
    another rule).
    A verdict changes when it is legal, illegal, a bluff or of no effect under
    one deal and otherwise under another, or cites another rule first.
    The ``guesses`` among ``caveats`` (what the cards nobody gave are taken
    to be) are taken out when no deal changes what any verdict says: an
    assumption is said only where it changes the outcome."""
    keys = [{_key(v)} for v in verdicts]
    said: list[set[tuple[str, str]]] = [set() for _ in verdicts]
    for k in range(0, _OTHER_DEALS + 1):
        other = attrs.evolve(spec, seed=spec.seed + k)
        try:
            others = _play(other, rules, other.to_state(rules), moves)[1]
        except UnoError:
            continue
        for i, v in enumerate(others[: len(verdicts)]):
            keys[i].add(_key(v))
            said[i].add((v.headline, v.next))
    if guesses and all(len(s) <= 1 for s in said) and all(len(k) <= 1 for k in keys):
        caveats[:] = [c for c in caveats if c not in guesses]
    out = []
    for i, v in enumerate(verdicts):
        kinds = {kind for kind, _rule in keys[i]}
        if len(kinds) > 1 and not v.assumed:
            # Yes under one deal of the cards nobody gave, No under another: the
            # headline says so before it says what this deal gives.
            v = attrs.evolve(
                v,
                headline=_(
                    w, "It depends on cards nobody gave; with them as dealt here: {headline}"
                ).format(headline=v.headline),
            )
        if len(keys[i]) > 1 and not v.assumed:
            v = attrs.evolve(v, assumed=True)
        if len(keys[i]) > 1:
            same = len({kind for kind, _rule in keys[i]}) == 1
            _note(
                caveats,
                (
                    _(
                        w,
                        "the rule that decides move {number} ({move}) rests on cards nobody "
                        "gave: other deals of them give the same verdict by another rule",
                    )
                    if same
                    else _(
                        w,
                        "the verdict on move {number} ({move}) rests on cards nobody gave: "
                        "other deals of them give another verdict",
                    )
                ).format(number=i + 1, move=f"{w.seat(v.move.player)}: {move_phrase(w, v.move)}"),
            )
        out.append(v)
    varies = tuple(len({kind for kind, _rule in k}) > 1 for k in keys)
    return out, varies


def _play(
    spec: SituationSpec,
    rules: RuleSet,
    state: GameState,
    moves: Sequence[Move],
    w: Wording = ENGLISH,
) -> tuple[GameState, list[Verdict], list[str], bool, set[str]]:
    """Apply ``moves`` from ``state`` (set up from ``spec``), judging each
    until one is refused: the start, the verdicts, the notes on what they
    assume, whether any card was unknown (a ``?N`` or a draw pile not
    given), and which of the notes are guesses at cards nobody gave that
    matter only where they change a verdict."""
    pile_given = spec.draw_pile is not None
    unknown = _unknown_cards(spec, state)
    dealt_unknown = any(unknown)
    unsure = not pile_given or dealt_unknown
    caveats: list[str] = []
    guesses: set[str] = set()
    start = state
    verdicts: list[Verdict] = []
    for index, move in enumerate(moves):
        unknown_before = [len(u) for u in unknown]
        if isinstance(move, Draw) and not pile_given and index + 1 < len(moves):
            state, laid = _drawn_to_be_laid(state, move, moves[index + 1], unknown)
            if laid is not None:
                _note(
                    caveats,
                    _(
                        w,
                        "the card {seat} drew, which nobody gave, is taken to be {card}, the "
                        "card it laid",
                    ).format(seat=w.seat(move.player), card=_said(w, laid)),
                )
        if isinstance(move, Play):
            # "R5" for the two-sided R5:OR the player holds (as_held).
            move = as_held(move, state.hands[move.player])
            state, drawn_taken = _assume_held(state, move, unknown, pile_given)
            if drawn_taken:
                _note(
                    caveats,
                    _(
                        w,
                        "the card {seat} drew, which nobody gave, is taken to be {card}, the "
                        "card it laid",
                    ).format(seat=w.seat(move.player), card=_said(w, move.card)),
                )
        hidden = Unknown(
            hands=unknown,
            draw_pile=spec.draw_pile is None,
            discard_pile=spec.discard_pile is None and state.discard_pile[0].back is not None,
        )
        verdict = _given_only(
            explain(state, move, hidden, lang=w.lang, names=w.names), state, unknown_before
        )
        verdicts.append(verdict)
        for guess in _caveats(spec, state, move, unknown, w):
            _note(caveats, guess)
            guesses.add(guess)
        if not verdict.allowed:
            break
        after = apply(state, move)
        first = state.discard_pile[0]
        if (
            spec.discard_pile is None
            and first.back is not None
            and after.top is first.turned()
            and after.top is not state.top
        ):
            # The discard pile turned over (ActionEffect.flip): its bottom card,
            # which nobody gave, came on top; the top card alone stood for it.
            _note(
                caveats,
                _(
                    w,
                    "the discard pile was not given: its bottom card, which comes on top when "
                    "it is turned over, is taken to be the top card {card}",
                ).format(card=_said(w, first)),
            )
            verdicts[-1] = attrs.evolve(verdicts[-1], assumed=True)
        if spec.draw_pile is None and _drew(state, after):
            guess = _(
                w,
                "the cards drawn come from a draw pile that was not given: the rest of "
                "the deck, shuffled at random",
            )
            _note(caveats, guess)
            guesses.add(guess)
            _add_drawn(state, after, unknown)
        if after.round_over and any(unknown) and after.scores != state.scores:
            _note(caveats, _scores_note(w, dealt_unknown, pile_given))
        state = after
        _follow_unknown(state, unknown)
    return start, verdicts, caveats, unsure, guesses


def _given_only(verdict: Verdict, state: GameState, hidden: list[int]) -> Verdict:
    """``verdict`` with a refusal for want of a card, laid by a seat with
    unknown cards, said as what the cards given prove (every copy that
    could have been among them was already taken to be there)."""
    move = verdict.move
    if verdict.allowed or not isinstance(move, Play) or not hidden[move.player]:
        return verdict
    seat, code = move.player, move.card.code
    reason = verdict.reason
    if reason == f"seat {seat} holds no {code}":
        reason = (
            f"seat {seat} cannot hold {code}: every {code} of the deck is among the cards given "
            "elsewhere"
        )
    else:
        for held in range(1, move.count):
            said = f"seat {seat} holds only {held} {code}"
            # Said alone, or first in a play wrong only in its form.
            if reason.endswith(said) or reason.startswith(f"{said};"):
                reason = reason.replace(
                    said,
                    f"seat {seat} can hold at most {held} {code}: the cards given leave no "
                    "more for its cards nobody gave",
                    1,
                )
    return verdict if reason == verdict.reason else attrs.evolve(verdict, reason=reason)


def _said(w: Wording, card: Card) -> str:
    """``card`` as a sentence shows it: its code in English, its name in
    Swedish and Norwegian."""
    return card.code if w.lang == "en" else card_name(card, w.lang)


def _note(caveats: list[str], caveat: str) -> None:
    if caveat not in caveats:
        caveats.append(caveat)


def _drew(before: GameState, after: GameState) -> bool:
    """Whether a move took cards from the draw pile as it stood."""
    return after.reshuffles > before.reshuffles or len(after.draw_pile) < len(before.draw_pile)


def _scores_note(w: Wording, dealt_unknown: bool, pile_given: bool) -> str:
    """The note on a round scored with cards nobody gave: which kind of card
    that is, where only one kind can be (``?N`` in a hand, a draw pile not
    given); with both, which of them are still held is not told apart."""
    if not pile_given and not dealt_unknown:
        return _(
            w,
            "the scores count cards drawn from a draw pile that was not given, dealt here "
            "at random",
        )
    if pile_given:
        return _(w, "the scores count unknown cards of a hand, dealt here at random")
    return _(w, "the scores count cards nobody gave, dealt here at random")


def _add_drawn(before: GameState, after: GameState, unknown: list[list[Card]]) -> None:
    """Cards a move drew from a draw pile nobody gave join the unknown cards
    of the seats that drew them."""
    drawn = Counter(before.draw_pile) - Counter(after.draw_pile)
    if after.reshuffles > before.reshuffles:
        drawn += Counter(before.discard_pile[:-1])
    for seat, hand in enumerate(after.hands):
        gained = (Counter(hand) - Counter(before.hands[seat])) & drawn
        drawn -= gained
        unknown[seat] += list(gained.elements())


def _unknown_cards(spec: SituationSpec, state: GameState) -> list[list[Card]]:
    """The cards dealt at random for each seat's ``?N`` (the end of its hand)."""
    out: list[list[Card]] = []
    for seat, text in enumerate(spec.hands):
        k = sum(int(t[1:] or "1") for t in text.split() if t.startswith("?"))
        hand = state.hands[seat]
        out.append(list(hand[len(hand) - k :]) if k else [])
    return out


def _follow_unknown(state: GameState, unknown: list[list[Card]]) -> None:
    """Keep ``unknown`` (the cards dealt for each seat's ``?N``) with the hands
    after a move that moved hands (a swap, a shuffle, 0s passing on)."""
    if all(not Counter(u) - Counter(h) for u, h in zip(unknown, state.hands, strict=True)):
        return
    pool = Counter(c for u in unknown for c in u)
    for seat, hand in enumerate(state.hands):
        held = Counter(hand) & pool
        pool -= held
        unknown[seat] = list(held.elements())


def _assume_held(
    state: GameState, move: Play, unknown: list[list[Card]], pile_given: bool
) -> tuple[GameState, bool]:
    """A seat with unknown cards that lays ``move.card`` (``move.count``
    copies) held them: its unknown cards are taken to be those copies, each
    fetched from the cards out of play, from a draw pile nobody gave, or from
    another seat's unknown cards (that seat gets the card it replaces in
    exchange). A given draw pile and given cards are never changed. After a
    draw, when the drawn card is unknown, it is taken to be the card laid.
    Returns the state and whether the drawn card was so taken."""
    seat, card = move.player, move.card
    hidden = unknown[seat]
    if not hidden or not isinstance(card, Card):
        return state, False
    if state.phase is Phase.DRAWN and seat == state.current:
        drawn = state.drawn
        if drawn is None or drawn == card or drawn not in hidden:
            return state, False
        saved = [list(u) for u in unknown]
        fetched = state if card in hidden else _fetch(state, seat, card, drawn, unknown, pile_given)
        if fetched is not None:
            fetched = attrs.evolve(fetched, drawn=card)
            if check(fetched, move).allowed:
                unknown[seat].remove(card)
                return fetched, True
        unknown[:] = saved
        return state, False
    known = Counter(state.hands[seat]) - Counter(hidden)
    need = max(move.count, 1) - known[card]
    if need <= 0:
        return state, False
    for _ in range(need):
        if card in hidden:
            hidden.remove(card)
            continue
        spare = next((c for c in reversed(hidden) if c != card), None)
        if spare is None:
            break
        fetched = _fetch(state, seat, card, spare, unknown, pile_given)
        if fetched is None:
            break
        state = fetched
        hidden.remove(card)
    return state, False


def _drawn_to_be_laid(
    state: GameState, move: Draw, following: Move, unknown: list[list[Card]]
) -> tuple[GameState, Card | None]:
    """Before ``move``, a draw from a draw pile nobody gave, when the same
    seat lays next one card its given cards do not hold, and that card, so
    drawn, may be laid: the drawn card is taken to be that card (a player who
    draws and then lays a card laid the card drawn). A copy goes to the top
    of the draw pile, from further down the pile or from a seat's cards
    nobody gave (which gets the pile's top card in exchange). Returns the
    state and the card, or the state as it was and ``None`` when nothing is
    so taken."""
    if (
        not isinstance(following, Play)
        or following.player != move.player
        or move.player != state.current
        or following.more
        or following.count > 1
        or not isinstance(following.card, Card)
        or not state.draw_pile
    ):
        return state, None
    seat, card = move.player, following.card
    known = Counter(state.hands[seat]) - Counter(unknown[seat])
    if known[card] or state.draw_pile[0] == card:
        return state, None
    pile = list(state.draw_pile)
    hands = [list(h) for h in state.hands]
    exchanged = [list(u) for u in unknown]
    if card in pile[1:]:
        i = pile.index(card, 1)
        pile[0], pile[i] = pile[i], pile[0]
    else:
        holder = next((t for t, cards in enumerate(unknown) if card in cards), None)
        if holder is None:
            return state, None
        hand = hands[holder]
        hand[hand.index(card)] = pile[0]
        exchanged[holder][exchanged[holder].index(card)] = pile[0]
        pile[0] = card
    arranged = attrs.evolve(state, draw_pile=tuple(pile), hands=tuple(tuple(h) for h in hands))
    # Only where the card so drawn may then be laid: a card that would not fit
    # tells nothing of what was drawn, and is judged with the pile as dealt.
    try:
        drawn = apply(arranged, move)
    except UnoError:
        return state, None
    if drawn.phase is not Phase.DRAWN or drawn.drawn != card or not check(drawn, following).allowed:
        return state, None
    unknown[:] = exchanged
    return arranged, card


def _fetch(
    state: GameState,
    seat: int,
    card: Card,
    spare: Card,
    unknown: list[list[Card]],
    pile_given: bool,
) -> GameState | None:
    """``state`` with one of ``seat``'s unknown cards ``spare`` exchanged
    for a copy of ``card`` from a place nobody gave (see
    :func:`_assume_held`); ``None`` when no such copy is anywhere. ``card``
    joins ``unknown[seat]`` in place of ``spare``."""
    hands = [list(h) for h in state.hands]
    hand = hands[seat]
    hand[hand.index(spare)] = card
    hidden = unknown[seat]
    hidden[hidden.index(spare)] = card
    piles = ["out_of_play"] + ([] if pile_given else ["draw_pile"])
    for pile_name in piles:
        pile = list(getattr(state, pile_name))
        if card in pile:
            pile[pile.index(card)] = spare
            changes: dict[str, Any] = {
                "hands": tuple(tuple(h) for h in hands),
                pile_name: tuple(pile),
            }
            return attrs.evolve(state, **changes)
    for other, theirs in enumerate(unknown):
        if other == seat or card not in theirs:
            continue
        theirs[theirs.index(card)] = spare
        held = hands[other]
        held[held.index(card)] = spare
        return attrs.evolve(state, hands=tuple(tuple(h) for h in hands))
    hidden[hidden.index(card)] = spare
    return None


def _caveats(
    spec: SituationSpec,
    state: GameState,
    move: Move,
    unknown: list[list[Card]],
    w: Wording = ENGLISH,
) -> list[str]:
    """What the verdict on ``move`` assumes about cards nobody gave."""
    out: list[str] = []
    hidden = [(s, len(u)) for s, u in enumerate(unknown) if u]
    if not hidden:
        pass
    elif isinstance(move, Play) and move.card.is_wild and unknown[move.player]:
        count = len(unknown[move.player])
        out.append(
            _n(
                w,
                "whether {seat} could lay {card} depends on its {count} unknown card, dealt "
                "here at random",
                "whether {seat} could lay {card} depends on its {count} unknown cards, dealt "
                "here at random",
                count,
            ).format(seat=w.seat(move.player), card=_said(w, move.card), count=count)
        )
    elif isinstance(move, Challenge) and state.wd4 is not None and unknown[state.wd4.player]:
        out.append(
            _(
                w,
                "the challenge's outcome depends on {seat}'s unknown cards, dealt here at random",
            ).format(seat=w.seat(state.wd4.player))
        )
    return out
