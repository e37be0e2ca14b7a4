"""Explanations: a verdict on one move that cites the rules and says what
happens next.

``explain`` goes through the same :func:`~unorules.engine.check` as
``legal_moves`` and ``apply``; the consequences it lists are produced by
applying the move (and, for a refused move, the alternatives), never
described separately.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from unorules import reasons as rs
from unorules._mypyc import untyped
from unorules.cards import Card, Color, Face
from unorules.engine import Ruling, apply_logged, check, legal_moves, play_status
from unorules.engine.plan import plan
from unorules.errors import IllegalMove, UnoError, msg, msg_n
from unorules.events import (
    CardsDrawn,
    ChallengeFailed,
    ChallengeSucceeded,
    ClockRanOut,
    CustomCardRule,
    DebtOwed,
    DrawCause,
    DrawnCardDoesNotFit,
    DrawnCardFits,
    DrawUntilOwed,
    Event,
    GameOver,
    HandEmptied,
    KnockedOut,
    LastStanding,
    LowestHand,
    PilesExhausted,
    RoundScored,
    SkipOwed,
    UnoMissing,
    WentOut,
)
from unorules.explanations.headline import (
    allowed_headline,
    and_costs,
    bluff_headline,
    colourless,
    depends_headline,
    depends_next,
    either,
    held_phrase,
    may_challenge,
    misplay_headline,
    move_phrase,
    next_sentence,
    refused_headline,
    void_headline,
)
from unorules.explanations.languages import ENGLISH, Language, Wording, language, rule_in
from unorules.explanations.sentences import render, render_reason, value_words
from unorules.explanations.words import card_name, colour_name
from unorules.moves import CallUno, CatchUno, Challenge, Draw, Move, Play
from unorules.rules.house import HouseRule, rule_text
from unorules.rules.policies import AfterDraw, clock_outcome, game_outcome
from unorules.state import GameState, PendingKind, Phase

__all__ = ["Texts", "Unknown", "Verdict", "describe_state", "explain"]


def _(w: Wording, message: str) -> str:
    return w.gettext("verdicts", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    return w.ngettext("verdicts", singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is defined; ``_`` translates it at use."""
    return message


def _names(value: Sequence[str]) -> tuple[str, ...]:
    return tuple(value)


def _hand_tuples(value: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in value)


@attrs.frozen(slots=True, kw_only=True)
class Unknown:
    """What a position typed in by hand leaves unsaid, so that a verdict
    names none of those cards (:func:`explain`).

    Attributes:
        hands: for each seat (seat 0 first; missing seats have none), the
            cards of its hand that nobody gave: the ``?N`` of the situation
            notation, dealt at random.
        draw_pile: ``True`` when the draw pile was not given: its cards are
            the rest of the deck in a random order, so a drawn card is chance.
        discard_pile: ``True`` when the discard pile was not given: the top
            card stands for it, so the card a turn of the pile brings up
            (``ActionEffect.flip``) is not known.

    >>> Unknown(hands=[(), ["R1"]]).of(1)
    1
    """

    hands: tuple[tuple[Card, ...], ...] = attrs.field(default=untyped(()), converter=_hand_tuples)
    draw_pile: bool = False
    discard_pile: bool = False

    def of(self, seat: int) -> int:
        """How many of ``seat``'s cards nobody gave."""
        return len(self.hands[seat]) if 0 <= seat < len(self.hands) else 0

    def holds(self, seat: int, card: Card | None) -> bool:
        """Whether ``card`` is one of ``seat``'s cards that nobody gave."""
        return 0 <= seat < len(self.hands) and card in self.hands[seat]


@attrs.frozen(slots=True, kw_only=True)
class Texts:
    """A verdict's sentences in its language (:attr:`Verdict.texts`).

    Attributes:
        reason: why, in one sentence.
        effects: ``(rule_id, sentence)`` for each thing the move makes happen.
        remedy: what may follow instead.
        outlook: the position afterwards.
    """

    reason: str = ""
    effects: tuple[tuple[str, str], ...] = ()
    remedy: tuple[str, ...] = ()
    outlook: str = ""


@attrs.frozen(slots=True, kw_only=True)
class Verdict:
    """The ruling on one move, for people and programs.

    Attributes:
        move: the move judged.
        legal: whether it keeps the rules.
        allowed: whether :func:`unorules.apply` accepts it (``legal``, a bluff
            or a misplay).
        bluff: a move that breaks a rule the players police themselves (a
            Wild Draw Four bluff): it stands unless challenged.
        misplay: a card laid that does not fit, which the rules neither
            refuse nor let stand (``Misplay``, ``house.misplay-penalty``): it
            goes back into the hand at a cost, and the turn passes.
        assumed: the ruling rests on cards nobody gave (see :class:`Unknown`):
            a wild card's restriction that the given cards do not decide; the
            verdict follows the cards assumed for them, and the headline
            says it depends on that hand, with both outcomes. A challenge
            whose outcome rests on them is marked too, says so in its effect,
            and its headline and :attr:`next` give both outcomes. The command line
            also marks any verdict that other deals of those cards change.
        void: a move a player can make that does not count (an UNO call too
            late or not due, a catch of a seat whose call is not missing): it
            is allowed and changes nothing; ``reason`` says why.
        rule_ids: the rules that decide: the rule broken, or the rules that
            give the move its effect; for a card that may be challenged, then
            the rules that let each seat challenge it (``challenge.wd4``,
            ``challenge.anyone``).
        reason: why, in one sentence.
        effects: ``(rule_id, sentence)`` for each thing the move makes happen:
            its ``events`` in English (:func:`unorules.explanations.sentences.render`).
        events: the typed records of what the move makes happen
            (:mod:`unorules.events`), each citing the rule that caused it;
            empty for a refused move.
        remedy: what may follow instead: for a refused move, the lawful moves
            the player may make (a Wild Draw Four that would be a bluff is named
            apart, as standing only unless challenged); for a card that may
            be challenged (a bluff, or a lawful Wild Draw Four), what a
            challenge would bring, for every seat the challenge policy lets
            challenge; for a missing UNO call, what a catch would bring.
        outlook: the position afterwards (whose turn, who owes what, the
            colour in force, whether a player left with one card owes an UNO
            call; once the round is over, the totals and, when the game ends,
            who wins it by the scoring in force) or, for a refused move, the
            position as it stands.
        state: the state after the move, when it is allowed.
        house_rules: the table's own rules of the rule set judged under, whose
            titles and texts :meth:`cited` gives for their IDs.
        numbers: the numbers the rule set judged under chose for rules that
            take one (:attr:`RuleSet.numbers`), as ``(rule ID, number)``
            pairs: a cited rule's text is followed by the number in force
            (``uno.penalty=4``).
        lang: the language of :attr:`headline`, :attr:`next` and :attr:`texts`
            (``"en"``, ``"sv"``, ``"nb"``). ``reason``, ``effects``, ``remedy``
            and ``outlook`` are English in every language, seats by number.
        names: the players' names by seat (seat 0 first), or empty.
        headline: one sentence answering the question with the outcome, in
            :attr:`lang`, naming the players: "Yes – Bo draws 2 cards and
            misses the turn.", "No – Anna may not play R7: ...", "The challenge
            fails – ...", "Caught – ...".
        next: one sentence on who does what next: whose turn, the colour in
            force, who owes what.
        texts: the reason, effects, remedy and outlook in :attr:`lang`, naming
            the players.
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
    state: GameState | None = attrs.field(default=untyped(None), repr=False, eq=False)
    void: bool = False
    assumed: bool = False
    misplay: bool = False
    house_rules: tuple[HouseRule, ...] = attrs.field(default=untyped(()), repr=False, eq=False)
    numbers: tuple[tuple[str, int], ...] = attrs.field(default=untyped(()), repr=False, eq=False)
    lang: Language = attrs.field(default=untyped("en"), converter=language)
    names: tuple[str, ...] = attrs.field(default=untyped(()), converter=_names)
    headline: str = ""
    next: str = ""
    texts: Texts = attrs.field(factory=untyped(lambda: Texts()), repr=False)
    _before: GameState | None = attrs.field(
        default=untyped(None), repr=False, eq=False, alias="before"
    )
    _unknown: Unknown | None = attrs.field(
        default=untyped(None), repr=False, eq=False, alias="unknown"
    )

    def cited(self) -> tuple[tuple[str, str, str], ...]:
        """``(rule_id, title, text)`` for each rule of :attr:`rule_ids`: from
        the catalogue, or from the table's own rules; empty title and text
        for an ID that is neither."""
        out = []
        for rid in self.rule_ids:
            found = rule_text(rid, self.house_rules)
            title, text = found if found is not None else ("", "")
            out.append((rid, title, text))
        return tuple(out)

    events: tuple[Event, ...] = ()

    @property
    def verdict(self) -> str:
        """``"legal"``, ``"illegal"``, ``"bluff"``, ``"misplay"`` (a card that
        does not fit, taken back at a cost) or ``"no effect"`` (a ``void``
        move)."""
        if self.void:
            return "no effect"
        if self.misplay:
            return "misplay"
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
        """:attr:`text` for an English verdict naming seats by number; else
        the whole verdict in its language, naming the players
        (``text_in(lang, long=True)``)."""
        if self.lang == "en" and not self.names:
            return self.text
        return self._long()

    @property
    def short(self) -> str:
        """The verdict a family reads first, in :attr:`lang`: :attr:`headline`
        (one sentence with the outcome), then on a line of its own
        :attr:`next` (who does what next)."""
        if not self.headline:
            return self.text.splitlines()[0]
        return f"{self.headline}\n{self.next}" if self.next else self.headline

    def text_in(self, lang: str, *, long: bool = False) -> str:
        """The verdict in ``lang``, naming the players by :attr:`names`:
        :attr:`short` by default; with ``long``, :attr:`short`, an empty line
        and the whole verdict (the layout of :attr:`text`: verdict, reason and
        rule IDs; effects; remedy; outlook) followed by each cited rule's title and text in
        ``lang`` (the catalogue's, or the table's own rule's).

        Raises:
            LanguageError: for a ``lang`` that names none of the languages.
            UnoError: for a verdict in another language than ``lang`` that
                :func:`explain` did not make (it keeps what it needs to say
                it again).
        """
        code = language(lang)
        if code == self.lang:
            verdict = self
        elif self._before is not None:
            verdict = explain(self._before, self.move, self._unknown, lang=code, names=self.names)
        else:
            raise UnoError(
                msg(
                    "this verdict was not made by explain, so it cannot be said in another "
                    "language; explain the move again with lang={lang}",
                    lang=code,
                )
            )
        return verdict._long() if long else verdict.short

    def _long(self) -> str:
        w = Wording(self.lang, self.names)
        t = self.texts
        if self.lang == "en" and not self.names:
            head = f"{self.verdict.upper()}: {self.move}"
        else:
            head = _(w, "{verdict}: {seat}: {move}").format(
                verdict=_verdict_word(w, self.verdict),
                seat=w.seat(self.move.player),
                move=move_phrase(w, self.move),
            )
        lines = [self.headline, self.next, ""]
        lines += [f"{head} - {t.reason} [{', '.join(self.rule_ids)}]"]
        lines += [f"  - {sentence} [{rid}]" for rid, sentence in t.effects]
        lines += [f"  * {r}" for r in t.remedy]
        if t.outlook:
            lines.append(f"  => {t.outlook}")
        numbers = dict(self.numbers)
        for rid, title, text in self._cited_in(self.lang):
            if title or text:
                if rid in numbers:
                    text += " " + _(w, "(At this table: {spec}.)").format(
                        spec=f"{rid}={numbers[rid]}"
                    )
                lines.append(f"  [{rid}] {title}: {text}")
        return "\n".join(lines)

    def _cited_in(self, lang: Language) -> tuple[tuple[str, str, str], ...]:
        out = []
        own = {h.id: h for h in self.house_rules}
        for rid, title, text in self.cited():
            if rid in own:
                title, text = own[rid].in_language(lang)
            elif lang != "en":
                try:
                    info = rule_in(rid, lang)
                except UnoError:
                    pass
                else:
                    title, text = info.title, info.text
            out.append((rid, title, text))
        return tuple(out)

    def _number_of(self, rule_id: str) -> dict[str, int]:
        """``{"number": n}`` for a cited rule the table gave a number, else ``{}``."""
        numbers = dict(self.numbers)
        return {"number": numbers[rule_id]} if rule_id in numbers else {}

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the verdict, the cited rules with their titles
        and texts, the effects, remedy and outlook (in English, seats by
        number); and ``lang``, ``names``, ``headline``, ``next`` and
        ``texts`` (the cited rules, reason, effects, remedy and outlook in
        :attr:`lang`; a table's own rule in its own words there, English
        where it gives none)."""
        return {
            "move": str(self.move),
            "verdict": self.verdict,
            "legal": self.legal,
            "allowed": self.allowed,
            "bluff": self.bluff,
            "misplay": self.misplay,
            "void": self.void,
            "assumed": self.assumed,
            "reason": self.reason,
            "rules": [
                {"id": rid, "title": title, "text": text, **self._number_of(rid)}
                for rid, title, text in self.cited()
            ],
            "effects": [{"rule": rid, "text": t} for rid, t in self.effects],
            "remedy": list(self.remedy),
            "outlook": self.outlook,
            "lang": self.lang,
            "names": list(self.names),
            "headline": self.headline,
            "next": self.next,
            "texts": {
                "rules": [
                    {"id": rid, "title": title, "text": text, **self._number_of(rid)}
                    for rid, title, text in self._cited_in(self.lang)
                ],
                "reason": self.texts.reason,
                "effects": [{"rule": rid, "text": t} for rid, t in self.texts.effects],
                "remedy": list(self.texts.remedy),
                "outlook": self.texts.outlook,
            },
        }


_VERDICT_WORDS = {
    "legal": N_("LEGAL"),
    "illegal": N_("ILLEGAL"),
    "bluff": N_("BLUFF"),
    "misplay": N_("MISPLAY"),
    "no effect": N_("NO EFFECT"),
}


def _verdict_word(w: Wording, verdict: str) -> str:
    return _(w, _VERDICT_WORDS[verdict])


def describe_state(state: GameState, w: Wording = ENGLISH) -> str:
    """One sentence on a position: whose turn, in which phase, on which colour;
    once the round is over, the totals, and when the game is over, who wins it
    by the scoring in force (``score.*``: the highest total under
    ``score.winner-takes``, the lowest under ``score.penalty-points``).

    Args:
        state: the position.
        w: the language and the players' names (default: English, seats by number).

    >>> import unorules as ur
    >>> describe_state(ur.situation(ur.presets.official(), ["R1", "G2", "B3"], top="R7"))
    'seat 0 to play on red (R7), clockwise; hands 1/1/1, draw pile 104'
    """
    return _describe(state, None, w)


def _card(w: Wording, card: Card) -> str:
    """A card as the verdict names it: its code in English (``R7``), its
    name in the table's words otherwise (``röd 7``)."""
    return card.code if w.lang == "en" else card_name(card, w.lang)


def _colour(w: Wording, color: Color | None) -> str:
    if color is None:
        return _(w, "no colour yet")
    return colour_name(color, w.lang)


def _won_on_points(state: GameState) -> bool:
    """Whether the round is over with a winner that still holds cards while
    others do too: the hands' points chose it (``pile.exhausted``), not a
    player going out, being the last one left, or holding the fewest cards
    when the game's clock ran out (``house.blitz``)."""
    return (
        state.phase is Phase.ROUND_OVER
        and not state.clock_out
        and state.winner is not None
        and bool(state.hands[state.winner])
        and sum(1 for h in state.hands if h) > 1
    )


def _clock_over(state: GameState, w: Wording) -> str:
    """The game over by its clock (``house.blitz``), without the totals
    (they count cards nobody gave): who wins it."""
    best = state.game_winner
    outcome = (
        _(w, "{seat} wins it").format(seat=w.seat(best))
        if best is not None
        else _(w, "there is no single winner")
    )
    return _(w, "the game is over: {outcome}").format(outcome=outcome)


def _clock_stopped(state: GameState) -> bool:
    """Whether the game's clock (``house.blitz``) stopped the round: nobody
    went out, was put out or emptied the piles, so the fewest cards won."""
    winner = state.winner
    return (
        not state.finished
        and not state.knocked_out
        and bool(state.draw_pile)
        and (winner is None or bool(state.hands[winner]))
    )


def _describe(
    state: GameState, unknown: Unknown | None, w: Wording = ENGLISH, *, brief: bool = False
) -> str:
    """The outlook's sentence on ``state``; ``brief``: without the hand sizes."""
    sizes = "/".join(str(len(h)) for h in state.hands)
    tail = (
        ""
        if brief
        else _(w, "; hands {sizes}, draw pile {count}").format(
            sizes=sizes, count=len(state.draw_pile)
        )
    )
    if state.knocked_out and not brief:
        tail += _(w, "; {seats} out of the round").format(seats=_seats(w, state.knocked_out))
    if state.rule_state and not brief:
        # What rules of the table's own keep (GameState.rule_state).
        clock = state.rules.clock
        kept = "; ".join(
            f"{rid}: {value_words(value)}"
            for rid, value in state.rule_state
            if clock is None or rid != clock[0]
        )
        if kept:
            tail += _(w, "; kept by the rules: {kept}").format(kept=kept)
        if clock is not None:
            tail += _(w, "; the game's clock: {count} of {turns} turns").format(
                count=state.rule_value(clock[0], 0), turns=clock[1]
            )
    if state.phase is Phase.ROUND_OVER:
        scores = " ".join(str(v) for v in state.scores)
        hidden = _scores_unknown(state, unknown)
        if hidden and _won_on_points(state):
            # The hands' points chose the winner, and they count cards nobody gave.
            return _(
                w,
                "the round is over: who wins it rests on the points of hands holding cards "
                "nobody gave",
            )
        if (
            hidden
            and state.winner is not None
            and "score.single-round" not in state.rules.scoring.rule_ids
            and not state.clock_out
        ):
            # Whether the game ends with this round rests on its points.
            return _(
                w,
                "the round is over: {seat} wins it; whether the game is over too rests on "
                "points that count cards nobody gave",
            ).format(seat=w.seat(state.winner))
        if state.game_over:
            scoring = state.rules.scoring
            if w.lang == "en" and not w.names:
                outcome = (
                    clock_outcome(state.rules.clock, state.winner, fewest=_clock_stopped(state))
                    if state.clock_out and not scoring.game_over(state.scores, state.winner)
                    else game_outcome(scoring, state.scores, state.winner)
                )
            else:
                best = state.game_winner
                outcome = (
                    _(w, "{seat} wins it").format(seat=w.seat(best))
                    if best is not None
                    else _(w, "there is no single winner")
                )
            if "score.single-round" in scoring.rule_ids:
                return _(w, "the game is over: {outcome}").format(outcome=outcome)
            if hidden:
                return _(
                    w, "the game is over: {outcome} (the points count cards nobody gave)"
                ).format(outcome=outcome)
            return _(w, "the game is over: {outcome} (scores {scores})").format(
                outcome=outcome, scores=scores
            )
        out = [
            i for i, playing in enumerate(state.rules.scoring.in_play(state.scores)) if not playing
        ]
        gone = _(w, "; {seats} out of the game").format(seats=_seats(w, out)) if out else ""
        if hidden and state.winner is not None:
            return _(
                w, "the round is over: {seat} wins (the points count cards nobody gave{gone})"
            ).format(seat=w.seat(state.winner), gone=gone)
        if state.winner is None:
            return _(w, "the round is over with no winner (scores {scores}{gone})").format(
                scores=scores, gone=gone
            )
        return _(w, "the round is over: {seat} wins (scores {scores}{gone})").format(
            seat=w.seat(state.winner), scores=scores, gone=gone
        )
    colourless = state.color is None and not state.rules.colors
    color = _(w, "no colour") if colourless else _colour(w, state.color)
    way = _(w, "clockwise") if state.direction == 1 else _(w, "counter-clockwise")
    seat = w.seat(state.current)
    pending = state.pending
    if pending is not None and pending.kind is PendingKind.DRAW_UNTIL:
        if state.phase is Phase.CHOOSE_COLOR:
            return _(
                w, "{seat} names a colour, then draws until a card of it turns up, {way}{tail}"
            ).format(seat=seat, way=way, tail=tail)
        return _(w, "{seat} draws until a {color} card turns up, {way}{tail}").format(
            seat=seat, color=color, way=way, tail=tail
        )
    if state.phase is Phase.CHOOSE_COLOR and state.turns:
        return _(w, "{seat} names the colour of the wild card turned up, then plays{tail}").format(
            seat=seat, tail=tail
        )
    if state.phase is Phase.CHOOSE_COLOR:
        return _(w, "{seat} names the colour of the Wild start card, then plays{tail}").format(
            seat=seat, tail=tail
        )
    if pending is not None and pending.kind is PendingKind.SKIP:
        return _(w, "{seat} answers the skip or is skipped, {color} in force, {way}{tail}").format(
            seat=seat, color=color, way=way, tail=tail
        )
    if state.phase is Phase.OWE:
        if state.wd4 is not None:
            text = _(w, "{seat} owes {cards} (or challenge), {color} in force, {way}{tail}")
        else:
            text = _(w, "{seat} owes {cards}, {color} in force, {way}{tail}")
        return text.format(seat=seat, cards=_count(w, state.owed), color=color, way=way, tail=tail)
    if state.phase is Phase.REPLAY:
        record = state.wd4
        penalty = (
            state.rules.challenge.outcome(record.card, True, True).layer_draws if record else 0
        )
        debt = state.wd4.debt if state.wd4 is not None else 0
        if debt:
            return _(
                w,
                "{seat} owes {cards} again after taking its Wild Draw Four back (answer or "
                "take them, then draw {penalty}), {color} in force, {way}{tail}",
            ).format(
                seat=seat,
                cards=_count(w, debt),
                penalty=penalty,
                color=color,
                way=way,
                tail=tail,
            )
        return _(
            w,
            "{seat} lays a lawful card in place of its Wild Draw Four on {color} ({top}), "
            "then draws {penalty}, {way}{tail}",
        ).format(
            seat=seat, color=color, top=_card(w, state.top), penalty=penalty, way=way, tail=tail
        )
    if state.phase is Phase.DRAWN:
        hidden = unknown is not None and (
            unknown.draw_pile or unknown.holds(state.current, state.drawn)
        )
        must = state.rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY
        if hidden:
            text = (
                _(w, "{seat} must play the drawn card on {color}, {way}{tail}")
                if must
                else _(w, "{seat} may play the drawn card on {color}, {way}{tail}")
            )
            return text.format(seat=seat, color=color, way=way, tail=tail)
        text = (
            _(w, "{seat} must play the drawn {card} on {color}, {way}{tail}")
            if must
            else _(w, "{seat} may play the drawn {card} on {color}, {way}{tail}")
        )
        drawn = _card(w, state.drawn) if state.drawn is not None else "?"
        return text.format(seat=seat, card=drawn, color=color, way=way, tail=tail)
    if colourless:
        # A deck whose cards have no colours (all-wild.no-colour).
        return _(w, "{seat} to play on {top}, {way}{tail}").format(
            seat=seat, top=_card(w, state.top), way=way, tail=tail
        )
    return _(w, "{seat} to play on {color} ({top}), {way}{tail}").format(
        seat=seat, color=color, top=_card(w, state.top), way=way, tail=tail
    )


def _count(w: Wording, n: int) -> str:
    """``1 card``, ``2 cards``; ``no cards`` for none (never ``0 cards``)."""
    if n == 0:
        return _(w, "no cards")
    return _n(w, "{n} card", "{n} cards", n).format(n=n)


def _seats(w: Wording, seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 1 and 2``, ``seats 0, 1 and 3``; with names,
    ``Bo``, ``Anna and Bo``."""
    if len(seats) == 1:
        return w.seat(seats[0])
    if w.names:
        listed = [w.seat(s) for s in seats]
        return _(w, "{some} and {last}").format(some=", ".join(listed[:-1]), last=listed[-1])
    return _(w, "seats {some} and {last}").format(
        some=", ".join(str(s) for s in seats[:-1]), last=seats[-1]
    )


def _outcome(
    state: GameState, move: Move, w: Wording = ENGLISH
) -> tuple[tuple[tuple[str, str], ...], GameState, tuple[Event, ...]]:
    """The effects of ``move`` said in ``w``'s language, the state after it, and its events."""
    events: list[Event] = []
    after = apply_logged(state, move, events)
    if any(isinstance(e, ClockRanOut) for e in events):
        # The game's clock stopped the round (house.blitz): what the move
        # left the next player to answer is never answered, nor is it said.
        events = [e for e in events if not isinstance(e, _ANSWERED_NEXT)]
    return tuple((e.rule_id, render(e, w)) for e in events), after, tuple(events)


_ANSWERED_NEXT = (DebtOwed, DrawUntilOwed, SkipOwed)
"""Events that tell what the next player must answer."""


def _sentence(effects: tuple[tuple[str, str], ...]) -> str:
    return "; ".join(t for _rid, t in effects)


_LONGEST_NAME = 40
"""The most characters of a player's name a verdict prints."""


def _check_names(names: Sequence[str] | None, state: GameState) -> tuple[str, ...]:
    if isinstance(names, str):
        raise UnoError(
            msg(
                "the players' names are a list of names, one a seat, not the string {text}",
                text=repr(names[:40]),
            )
        )
    if names is None:
        return ()
    out = tuple(unicodedata.normalize("NFC", n) if isinstance(n, str) else n for n in names)
    for name in out:
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > _LONGEST_NAME
            or any(unicodedata.category(c).startswith("C") for c in name)
        ):
            raise UnoError(
                msg("a player's name is a word such as Anna, not {value}", value=repr(name)[:40])
            )
    if out and len(out) != len(state.hands):
        raise UnoError(
            msg(
                "{count} names for {seats} seats: leave out the names after the first {seats}",
                count=len(out),
                seats=len(state.hands),
            )
            if len(out) > len(state.hands)
            else msg_n(
                "{count} name for {seats} seats: give {seats} names, seat 0 first",
                "{count} names for {seats} seats: give {seats} names, seat 0 first",
                len(out),
                count=len(out),
                seats=len(state.hands),
            )
        )
    if len({n.casefold() for n in out}) != len(out):
        raise UnoError(msg("two seats have the same name: {names}", names=", ".join(out)))
    return out


def explain(
    state: GameState,
    move: Move,
    unknown: Unknown | None = None,
    *,
    lang: str = "en",
    names: Sequence[str] = (),
) -> Verdict:
    """Judge ``move`` in ``state``: legal or not, the rules that decide, and
    what happens next.

    A refused move gets ``legal=False`` and the rule it breaks, with what the
    player may do instead (lawful moves only; a Wild Draw Four that would
    break the restriction is named apart, as a bluff that stands unless
    challenged). A bluff (a Wild Draw Four that breaks the restriction while
    challenges police it) gets ``legal=False`` and ``bluff=True``; it stands
    unless challenged, and the remedy says what a challenge brings. A legal
    move cites the rules that give its effect. An UNO call or catch that does
    not count (too late, not due, a seat whose call is not missing) is legal
    and changes nothing: its reason says why it does not count, citing the UNO
    rule that decides. The outlook says whether a player left holding one card
    owes an UNO call (``uno.call``).

    The verdict is said in ``lang`` (:attr:`Verdict.texts`, :attr:`Verdict.headline`,
    :attr:`Verdict.next`, :attr:`Verdict.short`); its English fields
    (``reason``, ``effects``, ``remedy``, ``outlook``) are English whatever
    the language, and name seats by number.

    Args:
        state: the position.
        move: the disputed move.
        unknown: the cards of the position nobody gave (see :class:`Unknown`);
            no sentence names one of them, and a ruling those cards decide (a
            wild card's restriction, a challenge) says that it rests on them.
        lang: the language of the verdict's texts: ``"en"``, ``"sv"``,
            ``"nb"`` or a tag :func:`~unorules.explanations.languages.language`
            accepts (``"sv_SE.UTF-8"``, ``"no"``).
        names: the players' names, seat 0 first: one a seat, or none (then
            the texts say "seat 2").

    Returns:
        A :class:`Verdict`. A bad move is not an error: what is wrong with it
        is the verdict.

    Raises:
        LanguageError: for a ``lang`` that names none of the languages.
        IllegalMove: for a ``move`` that is no move of the game at all (a
            seat that is not an int, a card that is not a Card, a colour
            that is not a Color, a count out of range), as :func:`apply`.
        UnoError: for ``names`` that are not one non-empty, distinct name a
            seat (or none); and when a table's own blank-card rule
            (``house.custom-cards``) returns a state that loses or makes cards.

    >>> import unorules as ur
    >>> s = ur.situation(ur.presets.official(), ["R3 W+4 G5", "B2", "Y1"], top="R7")
    >>> v = ur.explain(s, ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE))
    >>> v.verdict, v.rule_ids
    ('bluff', ('wd4.no-matching-colour', 'challenge.wd4'))
    >>> wd4 = ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)
    >>> sv = ur.explain(s, wd4, lang="sv", names=["Ann", "Bo", "Cy"])
    >>> print(sv.headline.replace("; ", ";\\n"))
    Bluff – den står sig om inte Bo utmanar: då drar Ann 4 kort;
    annars drar Bo 4 kort och står över sin tur.
    >>> sv.next
    'Nästa: Bo drar 4 kort och står över sin tur, eller utmanar; färgen är blå.'
    """
    code = language(lang)
    given = _check_names(names, state)
    ruling = check(state, move)
    if not ruling.allowed and isinstance(ruling.why, _MALFORMED):
        # Not a move of the game at all (a seat that is no int, a colour that
        # is no Color, ...): a programming error, told as apply tells it.
        raise IllegalMove(
            f"cannot explain {move!r}: {ruling.reason} [{', '.join(ruling.rule_ids)}]",
            move,
            ruling.rule_ids,
        )
    known = unknown is None or not unknown.draw_pile
    bottom = unknown is None or not unknown.discard_pile
    english = _judge(state, move, unknown, Wording(pile_known=known, bottom_known=bottom))
    w = Wording(code, given, known, bottom)
    spoken = english if w == ENGLISH else _judge(state, move, unknown, w)
    return attrs.evolve(
        english.verdict,
        lang=code,
        names=given,
        headline=spoken.headline,
        next=spoken.next,
        texts=spoken.texts,
        before=state,
        unknown=unknown,
    )


_MALFORMED = (rs.NotAMove, rs.NotASeatNumber, rs.NotACard, rs.NotAColor, rs.BadCount)
"""The reasons of :func:`check` for a move that is no move of the game."""


@attrs.frozen(slots=True)
class _Judged:
    verdict: Verdict
    headline: str
    next: str
    texts: Texts


def _judge(state: GameState, move: Move, unknown: Unknown | None, w: Wording) -> _Judged:
    """The verdict on ``move`` with its texts in ``w``'s language."""
    ruling = check(state, move)
    if not ruling.allowed:
        reason = _unnamed_drawn(state, ruling, unknown, w)
        rests_refused = False
        if unknown is not None and isinstance(move, Play) and move.card.is_wild:
            # A wild card refused by the cards assumed for those nobody gave
            # (strict: a bluff is refused): the refusal rests on them.
            given_reason, rests_refused = _reason_from_given(state, move, ruling, unknown, w)
            if rests_refused:
                reason = given_reason
        refused = Verdict(
            move=move,
            legal=False,
            allowed=False,
            bluff=False,
            rule_ids=ruling.rule_ids,
            reason=reason,
            remedy=_alternatives(state, move, unknown, w),
            outlook=_describe(state, unknown, w) + _calls_owed(state, None, None, w),
            house_rules=state.rules.house_rules,
            numbers=tuple(state.rules.numbers.items()),
            assumed=rests_refused,
        )
        forced = _forced_cost(state, move, unknown, w)
        following = next_sentence(w, state)
        if forced:
            # The one move left is a draw whose cost is known: "Next" is what
            # follows that draw, not the position the refused move left as it was.
            draw = Draw(state.current)
            events_after = _outcome(state, draw, w)
            after_draw, drawn_events = events_after[1], events_after[2]
            if (
                unknown is not None
                and unknown.draw_pile
                and any(isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit)) for e in drawn_events)
            ):
                following = _chance_next(state, draw, after_draw, w)
            else:
                following = next_sentence(w, after_draw)
        return _Judged(
            refused,
            _(w, "It depends on {seat}'s hand – {reason}.").format(
                seat=w.seat(move.player), reason=reason
            )
            if rests_refused and isinstance(move, Play)
            else refused_headline(w, state, move, reason, forced),
            following,
            _texts_of(refused),
        )
    effects, after, events = _outcome(state, move, w)
    if any(isinstance(e, UnoMissing) and e.seat != after.uno_missed for e in events):
        # A missing call the same move settles (a Seven's swap leaves the seat
        # more than one card): nothing is left to point out, nor is it said.
        kept = [
            i
            for i, e in enumerate(events)
            if not (isinstance(e, UnoMissing) and e.seat != after.uno_missed)
        ]
        events = tuple(events[i] for i in kept)
        effects = tuple(effects[i] for i in kept)
    # A draw from a draw pile nobody gave: whether the drawn card fits is
    # chance, so what follows is said as a condition, never as a fact.
    chance = (
        unknown is not None
        and unknown.draw_pile
        and any(isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit)) for e in events)
    )
    put_out = {e.seat for e in events if isinstance(e, KnockedOut)}
    if put_out:
        # A drawn card of a seat the hand limit then put out is played by nobody.
        kept = [
            i
            for i, e in enumerate(events)
            if not (isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit)) and e.seat in put_out)
        ]
        events = tuple(events[i] for i in kept)
        effects = tuple(effects[i] for i in kept)
    if chance:
        effects = tuple(
            (e.rule_id, _chance_fit(state, move, w))
            if isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit))
            else pair
            for e, pair in zip(events, effects, strict=True)
        )
    if _scores_unknown(after, unknown):
        # Points made of cards dealt at random are never said as a number.
        effects = tuple(
            (e.rule_id, _(w, "the round is scored: the points count cards nobody gave"))
            if isinstance(e, RoundScored) and e.scores != state.scores
            else (
                e.rule_id,
                _(w, "whether the game is over rests on points that count cards nobody gave"),
            )
            if isinstance(e, GameOver) and not after.clock_out
            else (e.rule_id, _clock_over(after, w))
            if isinstance(e, GameOver)
            else pair
            for e, pair in zip(events, effects, strict=True)
        )
    reason, assumed, rests = render_reason(ruling.why, w), False, False
    # A card that does not fit, judged with a cost (a Misplay): no bluff.
    misplay = ruling.why if isinstance(ruling.why, rs.Misplayed) else None
    if unknown is not None:
        reason, by_hand = _reason_from_given(state, move, ruling, unknown, w)
        effects, rests = _challenge_from_given(state, move, effects, events, unknown, w)
        assumed = by_hand or rests
    remedy: list[str] = []
    challenge_events: tuple[Event, ...] = ()
    cited_challenge: tuple[str, ...] = ()
    if after.wd4 is not None and may_challenge(after):
        lines, cited_challenge, challenge_events = _challenge_remedy(after, unknown, w)
        remedy += lines
    if after.uno_missed is not None and after.phase is not Phase.ROUND_OVER:
        remedy.append(_catch_remedy(state, after, w))
    cited = dict.fromkeys(ruling.rule_ids)
    if ruling.legal:
        for rid, _text in effects:
            if rid not in ("play.one-card",):
                cited[rid] = None
        # What the move leaves pending: the main rule behind it.
        left = after.pending
        if left is not None and left != state.pending:
            cited[left.rule_ids[0]] = None
    # Who may challenge the card, and what a challenge brings (challenge.*).
    cited.update(dict.fromkeys(cited_challenge))
    rule_ids = tuple(cited)
    # How many cards a draw takes may rest on cards nobody gave (a draw until
    # a colour, or until a card fits, from a draw pile not given; the cards
    # a card's own rule takes from a hand holding cards nobody gave): then
    # nothing that follows from the count is told as a fact.
    until = _by_chance(state, move, events, unknown, chance)
    if until is not None:
        assumed = True
    verdict = Verdict(
        move=move,
        legal=ruling.legal,
        allowed=True,
        bluff=not ruling.legal and misplay is None,
        misplay=misplay is not None,
        rule_ids=rule_ids,
        reason=reason,
        effects=effects,
        remedy=tuple(remedy),
        outlook=(
            _chance_next(state, move, after, w, outlook=True)
            if chance
            else _describe(after, unknown, w)
        )
        + _calls_owed(after, state, move, w),
        state=after,
        void=ruling.void,
        assumed=assumed,
        house_rules=state.rules.house_rules,
        numbers=tuple(state.rules.numbers.items()),
        events=events,
    )
    depends = _depends(state, move, after, rests, assumed and until is None, w)
    if depends:
        line = depends
    elif ruling.void:
        line = void_headline(w, move, reason)
    elif misplay is not None:
        line = misplay_headline(w, move, misplay, events, ended=after.round_over)
    elif not ruling.legal:
        line = bluff_headline(w, after, events, challenge_events, assumed=assumed)
    else:
        # The points a round brings (score.card-values, score.winner-takes)
        # are said only when every card they count was given: never a number
        # made of cards dealt at random.
        others = () if unknown is None else unknown.hands
        counted = not any(hand for seat, hand in enumerate(others) if seat != move.player)
        if unknown is not None and unknown.draw_pile and after.round_over:
            # Cards drawn from a draw pile nobody gave count too.
            took = after.reshuffles > state.reshuffles or len(after.draw_pile) < len(
                state.draw_pile
            )
            counted = counted and not took
        before = state.scores if counted else None
        told: Sequence[Event] = events
        if until is not None:
            told = _told(events, until)
            before = None
        line = allowed_headline(
            w,
            move,
            told,
            assumed=(assumed or rests) and until is None,
            before=before,
            chance=_chance_fit(state, move, w) if chance else None,
            uno_penalty=state.rules.uno_penalty.caught().cards,
            uno_strict=state.rules.strict and state.rules.uno_window.closes(True),
        )
    following = next_sentence(w, after)
    if until is not None and not depends:
        told_fit = any(isinstance(e, (DrawnCardFits, DrawnCardDoesNotFit)) for e in events)
        line = line.rstrip(".") + _by_chance_clause(state, move, until, told_fit, w)
    if chance:
        following = _chance_next(state, move, after, w)
    elif _scores_unknown(after, unknown) and _won_on_points(after):
        following = _(
            w,
            "The round is over: who wins it rests on the points of hands holding cards "
            "nobody gave.",
        )
    elif (
        _scores_unknown(after, unknown)
        and after.winner is not None
        and "score.single-round" not in after.rules.scoring.rule_ids
        and not after.clock_out
    ):
        following = _(
            w,
            "The round is over: {seat} wins it; whether the game is over too rests on points "
            "that count cards nobody gave.",
        ).format(seat=w.seat(after.winner))
    if until is not None and (
        after.knocked_out != state.knocked_out
        or after.round_over
        or until.kind == "own"
        or _near_limit(state, until.seat)
    ):
        following = _by_chance_next(after, until, w)
    if depends and isinstance(move, Challenge) and state.wd4 is not None:
        nexts = [
            next_sentence(
                w,
                apply_logged(
                    attrs.evolve(state, wd4=attrs.evolve(state.wd4, broke_rule=b)), move, []
                ),
            )
            for b in (True, False)
        ]
        following = depends_next(
            w, state.wd4.player, _held_colour(state, state.wd4.previous_color), *nexts
        )
    return _Judged(verdict, line, following, _texts_of(verdict))


_FROM_THE_COUNT = (KnockedOut, LastStanding, RoundScored, GameOver, PilesExhausted, LowestHand)
"""What follows from how many cards a draw until a colour took."""


@attrs.frozen
class _Chance:
    """A count of cards that rests on cards nobody gave (:func:`_by_chance`):
    ``seat``'s, by ``kind``: ``"until"``, a draw until a colour turns up;
    ``"playable"``, a draw until a card fits; ``"own"``, the cards a card's
    own rule takes from a hand holding cards nobody gave."""

    seat: int
    kind: str


def _by_chance(
    state: GameState,
    move: Move,
    events: Sequence[Event],
    unknown: Unknown | None,
    chance: bool,
) -> _Chance | None:
    """How many cards some seat ends with rests on cards nobody gave: it
    drew until a colour turned up (``ActionEffect.draw_until``) or until a
    card fits (``DRAW_AGAIN``) from a draw pile nobody gave, or a card's own
    rule moved cards of its hand that nobody gave (``no-mercy.discard-all``
    with ``?N``); else ``None``."""
    if unknown is None:
        return None
    if unknown.draw_pile:
        for e in events:
            if isinstance(e, CardsDrawn) and e.cause in (
                DrawCause.UNTIL_COLOUR,
                DrawCause.BLUFF_UNTIL_COLOUR,
            ):
                return _Chance(e.seat, "until")
        if chance and state.rules.drawing.drawn(False).then is AfterDraw.DRAW_AGAIN:
            return _Chance(getattr(move, "player", state.current), "playable")
    for e in events:
        if isinstance(e, CustomCardRule) and unknown.of(e.seat):
            return _Chance(e.seat, "own")
    return None


def _told(events: Sequence[Event], chance: _Chance) -> list[Event]:
    """``events`` without what follows from a count that rests on cards
    nobody gave: a seat put out, the round won or scored by it, the cards
    themselves."""
    seat = chance.seat
    kept: list[Event] = []
    for e in events:
        if isinstance(e, _FROM_THE_COUNT):
            continue
        if chance.kind == "own" and isinstance(
            e, (CustomCardRule, HandEmptied, WentOut, UnoMissing)
        ):
            continue
        if (
            chance.kind == "playable"
            and isinstance(e, CardsDrawn)
            and e.seat == seat
            and e.cause is DrawCause.TURN
        ):
            continue
        kept.append(e)
    return kept


def _by_chance_clause(state: GameState, move: Move, chance: _Chance, fits: bool, w: Wording) -> str:
    """The clause a headline ends with when a count rests on cards nobody
    gave (:func:`_by_chance`)."""
    seat = w.seat(chance.seat)
    if chance.kind == "own":
        return _(
            w,
            "; which of {seat}'s cards go with it, and all that follows from that, rests on "
            "the cards nobody gave.",
        ).format(seat=seat)
    if chance.kind == "until":
        return _(
            w,
            "; how many cards that takes, and all that follows from it, rests on the draw pile, "
            "which nobody gave.",
        )
    said = "" if fits else "; " + _chance_fit(state, move, w)
    if _near_limit(state, chance.seat):
        return said + _(
            w, "; whether that puts {seat} out of the round rests on the draw pile too."
        ).format(seat=seat)
    return said + "."


def _near_limit(state: GameState, seat: int) -> bool:
    """Whether a draw of chance may bring ``seat`` to the hand limit
    (``no-mercy.mercy``): it holds no more than 10 cards fewer."""
    limit = _hand_limit(state)
    return limit is not None and len(state.hands[seat]) + 10 >= limit


def _hand_limit(state: GameState) -> int | None:
    """The fewest cards the hand-limit policy puts a seat out for, if any."""
    limit = state.rules.hand_limit
    for held in range(1, len(state.rules.deck.cards()) + 1):
        if limit.knocked_out(held) is not None:
            return held
    return None


def _by_chance_next(after: GameState, chance: _Chance, w: Wording) -> str:
    """The "Next:" sentence when the cards dealt for those nobody gave
    ended the round or put a seat out: what holds either way."""
    seat = w.seat(chance.seat)
    colour = _colour(w, after.color) if after.color is not None else "?"
    if chance.kind == "own":
        text = _(
            w,
            "Next: the player after {seat} plays, unless {seat} has no cards left; the colour "
            "is {colour}.",
        )
    elif chance.kind == "until":
        text = _(
            w,
            "Next: the player after {seat} plays, unless the cards drawn end the round; the "
            "colour is {colour}.",
        )
    else:
        text = _(
            w,
            "Next: {seat} plays the card that fits, unless the cards drawn put {seat} out of "
            "the round.",
        )
    return text.format(seat=seat, colour=colour)


def _held_colour(state: GameState, color: Color | None) -> Color | None:
    """The colour a held card of which makes a Wild Draw Four a bluff, when
    the restriction in force is that colour (``wd4.no-matching-colour``);
    ``None`` under any other restriction (``wd4.no-playable-card``: any
    card that fits), which the texts then name as such."""
    return color if "wd4.no-matching-colour" in state.rules.wd4.rule_ids else None


def _scores_unknown(state: GameState, unknown: Unknown | None) -> bool:
    """Whether the round is over in ``state`` with points that count cards
    nobody gave: a hand other than the winner's held some of them."""
    if unknown is None or state.phase is not Phase.ROUND_OVER:
        return False
    return any(hand for seat, hand in enumerate(unknown.hands) if seat != state.winner)


def _chance_fit(state: GameState, move: Move, w: Wording) -> str:
    """What follows a draw whose card nobody gave, as a condition: the drawn
    card may fit or not (``draw.one-then-may-play``, ``draw.must-play-drawn``)."""
    seat = w.seat(getattr(move, "player", state.current))
    if state.rules.drawing.drawn(False).then is AfterDraw.DRAW_AGAIN:
        text = _(
            w,
            "{seat} draws until a card fits and must play it; how many cards rests on the "
            "draw pile, which was not given",
        )
    elif state.rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY:
        text = _(w, "if the drawn card fits, {seat} must play it, otherwise the turn passes")
    else:
        text = _(
            w, "if the drawn card fits, {seat} may play it or keep it, otherwise the turn passes"
        )
    return text.format(seat=seat)


def _chance_next(
    state: GameState, move: Move, after: GameState, w: Wording, *, outlook: bool = False
) -> str:
    """The "Next:" sentence after a draw whose card nobody gave (with
    ``outlook``, the outlook's sentence): both branches, the drawn card
    fitting or not."""
    mover = getattr(move, "player", state.current)
    if (
        not outlook
        and after.phase is Phase.DRAWN
        and state.rules.drawing.drawn(False).then is AfterDraw.DRAW_AGAIN
    ):
        # Drawing until a card fits: the one that ends the drawing fits.
        return next_sentence(w, after)
    if after.phase is Phase.DRAWN:
        # The card dealt for the draw fits: the seat that plays if it does not
        # is the one after the mover, as the turn passes on.
        n, step = len(after.hands), after.direction
        nxt = (mover + step) % n
        for _i in range(n):
            if after.hands[nxt] and nxt not in after.finished:
                break
            nxt = (nxt + step) % n
    else:
        nxt = after.current
    colour = _colour(w, after.color) if after.color is not None else "?"
    must = state.rules.drawing.drawn(True).then is AfterDraw.MUST_PLAY
    if outlook:
        text = (
            _(w, "{seat} must play the drawn card if it fits, else {other} plays, {color} in force")
            if must
            else _(
                w,
                "{seat} may play the drawn card if it fits, else {other} plays, {color} in force",
            )
        )
        way = _(w, "clockwise") if after.direction == 1 else _(w, "counter-clockwise")
        tail = _(w, "; hands {sizes}, draw pile {count}").format(
            sizes="/".join(str(len(h)) for h in after.hands), count=len(after.draw_pile)
        )
        return text.format(seat=w.seat(mover), other=w.seat(nxt), color=colour) + ", " + way + tail
    if must:
        text = _(
            w,
            "Next: if the drawn card fits, {seat} must play it, otherwise {other} plays; "
            "the colour is {colour}.",
        )
    else:
        text = _(
            w,
            "Next: if the drawn card fits, {seat} may play it or keep it, otherwise "
            "{other} plays; the colour is {colour}.",
        )
    return colourless(after, text.format(seat=w.seat(mover), other=w.seat(nxt), colour=colour))


def _forced_cost(
    state: GameState, move: Move, unknown: Unknown | None, w: Wording
) -> tuple[Event, ...]:
    """What the refused mover must do instead when the one move left to it
    in its turn is a draw, and what that costs whom (such as the 3 cards of
    ``end.no-wd4-last``): the events of that move; empty when it has a choice,
    when the move's cost rests on a draw pile nobody gave, or when its hand
    holds cards nobody gave."""
    seat = getattr(move, "player", None)
    if seat != state.current or state.phase not in (Phase.TURN, Phase.OWE):
        return ()
    if unknown is not None and unknown.of(seat):
        return ()
    mine = [
        m
        for m in legal_moves(state)
        if getattr(m, "player", None) == seat and not isinstance(m, (CallUno, CatchUno))
    ]
    if len(mine) != 1 or not isinstance(mine[0], Draw) or not check(state, mine[0]).legal:
        return ()
    events = _outcome(state, mine[0], w)[2]
    if unknown is not None and unknown.draw_pile:
        # What the drawn card does rests on a draw pile nobody gave: only the draw is said.
        return tuple(e for e in events if isinstance(e, CardsDrawn))
    return events


def _depends(
    state: GameState, move: Move, after: GameState, rests: bool, assumed: bool, w: Wording
) -> str:
    """The headline of a challenge, or of the wild card challenged, whose
    outcome rests on the layer's cards nobody gave (``challenge.wd4``):
    "It depends on Anna's hand: ...", with both branches; empty when the
    given cards decide."""
    if isinstance(move, Challenge) and rests and state.wd4 is not None:
        caught, upheld = _branches(state, move.player, w)
        return depends_headline(
            w, state.wd4.player, _held_colour(state, state.wd4.previous_color), "", caught, upheld
        )
    if not isinstance(move, Play) or not assumed or after.wd4 is None:
        return ""
    seats = may_challenge(after)
    if not seats or after.phase is not Phase.OWE:
        return ""
    caught, upheld = _branches(after, seats[0], w)
    unchallenged = _outcome(after, Draw(after.current), w)[2]
    if state.rules.strict:
        # strict refuses a bluff: holding such a card, the card may not be laid.
        return _(
            w,
            "It depends on {seat}'s hand: if {held}, {seat} may not lay {card}; otherwise "
            "a challenge by {challenger} means {no}; unchallenged, {rest}.",
        ).format(
            seat=w.seat(after.wd4.player),
            held=held_phrase(w, after.wd4.player, _held_colour(after, after.wd4.previous_color)),
            card=_card(w, after.wd4.card),
            challenger=either(w, seats),
            no=and_costs(w, upheld),
            rest=and_costs(w, unchallenged),
        )
    return depends_headline(
        w,
        after.wd4.player,
        _held_colour(after, after.wd4.previous_color),
        either(w, seats),
        caught,
        upheld,
        unchallenged,
    )


def _branches(
    state: GameState, seat: int, w: Wording
) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """The events of ``seat``'s challenge of ``state.wd4``: when the hand
    broke the restriction, and when it did not (``challenge.wd4``)."""
    record = state.wd4
    assert record is not None
    out = []
    for broke in (True, False):
        then = attrs.evolve(state, wd4=attrs.evolve(record, broke_rule=broke))
        out.append(_outcome(then, Challenge(seat), w)[2])
    return out[0], out[1]


def _challenge_remedy(
    after: GameState, unknown: Unknown | None, w: Wording
) -> tuple[list[str], tuple[str, ...], tuple[Event, ...]]:
    """What a challenge of the card just laid would bring, for every seat
    that may challenge it as the challenge policy decides
    (:func:`~unorules.explanations.headline.may_challenge`): one line for
    the seats whose challenge brings the same, naming them and the rules that
    let them challenge (the victim's, ``challenge.wd4``; the others',
    ``challenge.anyone``), with the position it leaves when the debt still
    stands. Also the rules cited, and the events of the victim's challenge
    (of the first challenger's when the victim may not)."""
    record = after.wd4
    assert record is not None
    policy = after.rules.challenge
    victim = after.current
    own = "challenge.also-wild" if record.card.face is Face.WILD else policy.rule_ids[0]
    other = policy.outcome(record.card, False, False).rule_id
    groups: dict[str, list[int]] = {}
    rules: dict[str, dict[str, None]] = {}
    victim_events: tuple[Event, ...] = ()
    for seat in may_challenge(after):
        move = Challenge(seat)
        effects, then, events = _outcome(after, move, w)
        if unknown is not None:
            effects = _challenge_from_given(after, move, effects, events, unknown, w)[0]
        if seat == victim or not victim_events:
            victim_events = events
        text = _sentence(effects)
        if then.phase is Phase.OWE:
            text = _(w, "{effects}; then {position}").format(
                effects=text, position=_describe(then, unknown, w, brief=True)
            )
        groups.setdefault(text, []).append(seat)
        rules.setdefault(text, {})[own if seat == victim else other] = None
    lines = [
        _(w, "{seat} may challenge ({rule}): {effects}").format(
            seat=either(w, seats), rule=", ".join(rules[text]), effects=text
        )
        for text, seats in groups.items()
    ]
    cited = tuple(dict.fromkeys(rid for ids in rules.values() for rid in ids))
    return lines, cited, victim_events


def _texts_of(verdict: Verdict) -> Texts:
    return Texts(
        reason=verdict.reason,
        effects=verdict.effects,
        remedy=verdict.remedy,
        outlook=verdict.outlook,
    )


def _catch_remedy(state: GameState, after: GameState, w: Wording) -> str:
    """What pointing out a missed UNO call would bring (``uno.*``)."""
    assert after.uno_missed is not None
    seat = after.uno_missed
    nxt = after.current
    penalty = state.rules.uno_penalty.caught()
    plays_or_draws = state.rules.uno_window.closes(False)
    who = w.seat(seat)
    cost = (
        _(w, "{seat} would draw {cards}").format(seat=who, cards=_count(w, penalty.cards))
        if penalty.cards
        else _(w, "{seat} gets a reminder, no penalty").format(seat=who)
    )
    if nxt != seat:
        until = (
            _(w, "until another player plays or draws ({seat} is next)")
            if plays_or_draws
            else _(w, "until another player plays ({seat} is next)")
        ).format(seat=w.seat(nxt))
    else:
        until = (
            _(w, "until another player plays or draws")
            if plays_or_draws
            else _(w, "until another player plays")
        )
    rules = f"{penalty.rule_id}, {state.rules.uno_window.rule_ids[0]}"
    if getattr(state.rules.uno_window, "any_time", False):
        # uno.catch-any-time: no move closes the catch's window.
        if state.rules.uno_call.late(seat in after.uncalled):
            text = _(
                w,
                "a call by {seat} still counts {until}, and any other player may point out the "
                "missed call as long as {seat} holds that one card: then {cost} [{rules}]",
            )
        else:
            text = _(
                w,
                "a call by {seat} now comes too late to count, but any other player may point "
                "out the missed call as long as {seat} holds that one card: then {cost} "
                "[{rules}]",
            )
        return text.format(seat=who, until=until, cost=cost, rules=rules)
    # The window is said once: a late call and a catch share it unless only
    # a play closes the catch's (uno.window-until-play).
    if not state.rules.uno_call.late(seat in after.uncalled):
        text = _(
            w,
            "a call by {seat} now comes too late to count, but {until}, any other player may "
            "point out the missed call: then {cost} [{rules}]",
        )
    elif plays_or_draws:
        text = _(
            w,
            "{until}, a call by {seat} still counts and any other player may point out the "
            "missed call: then {cost} [{rules}]",
        )
    else:
        text = _(
            w,
            "a call by {seat} still counts until another player plays or draws, and any other "
            "player may point out the missed call {until}: then {cost} [{rules}]",
        )
    return text.format(
        seat=who,
        until=until,
        cost=cost,
        rules=f"{penalty.rule_id}, {state.rules.uno_window.rule_ids[0]}",
    )


def _unnamed_drawn(state: GameState, ruling: Ruling, unknown: Unknown | None, w: Wording) -> str:
    """The reason of a refused move, without the name of a drawn card nobody
    gave (drawn from a draw pile not given, or one of the ``?N``)."""
    drawn = state.drawn
    if (
        isinstance(ruling.why, rs.OnlyDrawnCard)
        and unknown is not None
        and drawn is not None
        and unknown.holds(state.current, drawn)
    ):
        return _(w, "after drawing, only the drawn card may be played this turn")
    return render_reason(ruling.why, w)


def _calls_owed(
    state: GameState, before: GameState | None, move: Move | None, w: Wording = ENGLISH
) -> str:
    """What the position says about UNO calls (``uno.*``): for each seat left
    holding one card, whether a call is owed, made, missed or out of reach."""
    if state.phase is Phase.ROUND_OVER:
        return ""
    rules = state.rules
    call = rules.uno_call.rule_ids[0]
    window = rules.uno_window.rule_ids[0]
    notes: list[str] = []
    for seat, hand in enumerate(state.hands):
        if len(hand) != 1:
            continue
        who = w.seat(seat)
        if seat == state.uno_missed:
            if move is not None:
                continue  # the effects and the remedy say it
            notes.append(
                _(
                    w,
                    "{seat} holds one card and has not called UNO; the call can still be "
                    "pointed out ({call}, {window})",
                ).format(seat=who, call=call, window=window)
            )
        elif seat == state.uno_called:
            notes.append(
                _(w, "{seat} holds one card and has called UNO ({call})").format(
                    seat=who, call=call
                )
            )
        elif seat in state.uncalled:
            if rules.uno_call.may_go_out(True) is not None:
                notes.append(
                    _(
                        w,
                        "{seat} holds one card without having called UNO: it may not lay "
                        "its last card (uno.required-to-win)",
                    ).format(seat=who)
                )
            elif seat in state.uno_caught:
                notes.append(
                    _(
                        w,
                        "{seat} holds one card without having called UNO; the missed call "
                        "has been pointed out ({penalty})",
                    ).format(seat=who, penalty=rules.uno_penalty.rule_ids[0])
                )
            else:
                notes.append(
                    _(
                        w,
                        "{seat} holds one card without having called UNO; the window to "
                        "point it out has closed ({window})",
                    ).format(seat=who, window=window)
                )
        elif before is not None and before.hands[seat] != hand:
            laid = isinstance(move, Play) and move.player == seat
            text = (
                _(
                    w,
                    "{seat} holds one card and owes no UNO call: its hand came to it when "
                    "the hands moved, not by laying its second-to-last card ({call})",
                )
                if laid
                else _(w, "{seat} holds one card and owes no UNO call: it laid no card ({call})")
            )
            notes.append(text.format(seat=who, call=call))
    return "".join(f"; {n}" for n in notes)


def _filler(state: GameState) -> Card:
    """A card that fits nothing on the table: another colour than the one in
    force, another face than the top card's."""
    # A deck of one colour has no other: the filler then matches the colour;
    # a deck with no colours (all-wild.no-colour) holds no coloured card, so
    # a red one fits nothing there.
    colors = state.rules.colors or (Color.RED,)
    color = next((c for c in colors if c is not state.color), colors[0])
    face = Face.ONE if state.top.face is not Face.ONE else Face.TWO
    return Card(color, face)


def _with_hand(state: GameState, seat: int, hand: Sequence[Card]) -> GameState:
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    return attrs.evolve(state, hands=tuple(hands))


def _given(state: GameState, seat: int, unknown: Unknown) -> list[Card]:
    """The cards of ``seat``'s hand that were given (not ``?N``)."""
    return list((Counter(state.hands[seat]) - Counter(unknown.hands[seat])).elements())


def _reason_from_given(
    state: GameState, move: Move, ruling: Ruling, unknown: Unknown, w: Wording = ENGLISH
) -> tuple[str, bool]:
    """The reason for a wild card laid by a seat with cards nobody gave,
    naming none of them: the restriction (``wd4.*``, ``wild.restricted``)
    judged on the given cards alone when they decide it, else said to rest on
    the unknown ones; and whether it rests on them."""
    if not isinstance(move, Play) or not move.card.is_wild:
        return render_reason(ruling.why, w), False
    seat = move.player
    hidden = unknown.of(seat)
    if not hidden:
        return render_reason(ruling.why, w), False
    given = _given(state, seat, unknown)
    if move.card not in given:
        given.append(move.card)
    known = play_status(state.rules, given, move.card, state.top, state.color)
    if not known.legal:
        return render_reason(known.why, w), False  # the given cards alone break the restriction
    restricted = not ruling.legal or (
        move.card.face is Face.WILD_DRAW_FOUR and state.rules.wd4.restricts(state.top, state.color)
    )
    if not restricted:
        return render_reason(ruling.why, w), False
    if not ruling.legal:
        # Refused for a reason the cards nobody gave cannot change (a draw
        # still owed, not the seat's turn): the given cards alone are refused
        # by the same rule.
        alone = check(_with_hand(state, seat, given), move)
        if not alone.legal and alone.rule_ids[:1] == ruling.rule_ids[:1]:
            return render_reason(ruling.why, w), False
    cards = _count(w, hidden)
    if ruling.legal:
        return _(
            w,
            "{reason}, as far as the cards given show: {seat}'s {cards} nobody gave could "
            "make it a bluff",
        ).format(reason=render_reason(known.why, w), seat=w.seat(seat), cards=cards), True
    text = (
        _(
            w,
            "whether {card} may be laid rests on {seat}'s {cards} nobody gave: with the "
            "cards assumed for them it breaks {rule}; it stands unless challenged",
        )
        if ruling.allowed
        else _(
            w,
            "whether {card} may be laid rests on {seat}'s {cards} nobody gave: with the "
            "cards assumed for them it breaks {rule}",
        )
    )
    return text.format(
        card=_card(w, move.card), seat=w.seat(seat), cards=cards, rule=ruling.rule_ids[0]
    ), True


def _challenge_from_given(
    state: GameState,
    move: Move,
    effects: tuple[tuple[str, str], ...],
    events: Sequence[Event],
    unknown: Unknown,
    w: Wording = ENGLISH,
) -> tuple[tuple[tuple[str, str], ...], bool]:
    """A challenge's outcome said to rest on the layer's cards nobody gave,
    unless its given cards alone broke the restriction; and whether it rests
    on them. The note goes with the effect of the challenge's outcome
    (:class:`~unorules.events.ChallengeSucceeded` or
    :class:`~unorules.events.ChallengeFailed`), after the outcome's first
    clause."""
    record = state.wd4
    if not isinstance(move, Challenge) or record is None:
        return effects, False
    layer = record.player
    hidden = unknown.of(layer)
    if not hidden or len(state.discard_pile) < 2:
        return effects, False
    rest = _given(state, layer, unknown)
    beneath = state.discard_pile[-2]
    previous = record.previous_color
    if record.card.face is Face.WILD_DRAW_FOUR or record.card in plan(state.rules).restricted:
        # A restricted wild card (the Wild Draw Four, or one the policy governs).
        broke = state.rules.wd4.breaks(rest, beneath, previous)
    else:
        broke = not state.rules.wild.allows([*rest, record.card], beneath, previous)
    if broke:
        return effects, False
    note = _(w, " (with the cards assumed for {seat}'s {cards} nobody gave)").format(
        seat=w.seat(layer), cards=_count(w, hidden)
    )
    out = list(effects)
    for i, event in enumerate(events):
        if isinstance(event, (ChallengeSucceeded, ChallengeFailed)) and i < len(out):
            rid, text = out[i]
            head, colon, tail = text.partition(":")
            out[i] = (rid, f"{head}{note}{colon}{tail}")
            break
    return tuple(out), True


def _alternatives(
    state: GameState, move: Move, unknown: Unknown | None, w: Wording = ENGLISH
) -> tuple[str, ...]:
    """What the mover (or the player whose turn it is) may do instead: the
    lawful moves, the bluffs apart, and no card nobody gave."""
    if state.phase is Phase.ROUND_OVER:
        return ()
    seat = getattr(move, "player", None)
    mine = [m for m in legal_moves(state) if getattr(m, "player", None) == seat]
    if not mine:
        return (
            _(w, "{seat} is to act: {position}").format(
                seat=w.seat(state.current), position=_describe(state, unknown, w)
            ),
        )
    who = w.seat(seat) if isinstance(seat, int) else str(seat)
    aside = [m for m in mine if isinstance(m, (CallUno, CatchUno))]
    hidden = unknown.of(seat) if unknown is not None and isinstance(seat, int) else 0
    out: list[str] = []
    # The choices that depend on the hand: a turn, or a debt that stacking may answer.
    own_turn = seat == state.current and (
        state.phase in (Phase.TURN, Phase.REPLAY)
        or (state.phase is Phase.OWE and bool(state.rules.stacking.rule_ids))
    )
    if hidden and own_turn and unknown is not None and isinstance(seat, int):
        out += _unknown_hand_moves(state, seat, unknown, w)
    else:
        turn = [m for m in mine if not isinstance(m, (CallUno, CatchUno))]
        if hidden and unknown is not None and isinstance(seat, int):
            known = Counter(state.hands[seat]) - Counter(unknown.hands[seat])
            turn = [
                m
                for m in turn
                if not isinstance(m, Play)
                or known[m.card]
                or (state.phase is Phase.DRAWN and m.card == state.drawn)
            ]
            if seat != state.current and state.rules.jump_in.jumpers(state.top):
                out.append(
                    _(
                        w,
                        "{seat} may jump in with a copy of the top card if one of its "
                        "{cards} nobody gave is one (house.jump-in)",
                    ).format(seat=who, cards=_count(w, hidden))
                )
        lawful = [m for m in turn if check(state, m).legal]
        bluffs = [m for m in turn if m not in lawful]
        if len(lawful) == 1 and not bluffs:
            out.append(_must(state, who, lawful[0], unknown, w))
        elif lawful:
            out.append(
                _(w, "{seat} may instead: {moves}").format(
                    seat=who, moves=_listing(state, lawful, unknown, w)
                )
            )
        if bluffs:
            out.append(_bluffs(state, who, bluffs, w))
    names = [_priced(state, m, w) for m in aside]
    if hidden:
        # Whether a call is due depends on whether a card fits: not on what is listed.
        names = [n for m, n in zip(aside, names, strict=True) if not isinstance(m, CallUno)]
        if own_turn and isinstance(seat, int) and len(state.hands[seat]) == 2:
            names.append(_(w, "call UNO on laying the second-to-last card"))
    if names:
        out.append(_(w, "{seat} may also: {moves}").format(seat=who, moves=", ".join(names)))
    return tuple(out)


def _must(
    state: GameState, who: str, move: Move, unknown: Unknown | None, w: Wording = ENGLISH
) -> str:
    drawing = isinstance(move, Draw) and state.phase is not Phase.OWE
    if drawing and unknown is not None and unknown.draw_pile:
        return _(
            w,
            "{seat} must draw; what it draws, and whether that card fits, depends on the "
            "draw pile, which was not given",
        ).format(seat=who)
    effects, after, _events = _outcome(state, move, w)
    return _(w, "{seat} must {move}: {effects}; then {position}").format(
        seat=who,
        move=_verb_in(state, move, unknown, w),
        effects=_sentence(effects),
        position=_describe(after, unknown, w, brief=True),
    )


def _listing(
    state: GameState, moves: Sequence[Move], unknown: Unknown | None, w: Wording = ENGLISH
) -> str:
    names = list(dict.fromkeys(_verb_in(state, m, unknown, w) for m in moves))
    shown = ", ".join(names[:8])
    more = _(w, " and {count} more").format(count=len(names) - 8) if len(names) > 8 else ""
    return shown + more


def _bluffs(state: GameState, who: str, bluffs: Sequence[Move], w: Wording = ENGLISH) -> str:
    cards = list(dict.fromkeys(_card(w, m.card) for m in bluffs if isinstance(m, Play)))
    rid = check(state, bluffs[0]).rule_ids[0]
    return _(
        w,
        "{seat} could also lay {cards} only as a bluff: it breaks {rule} and stands unless "
        "challenged",
    ).format(seat=who, cards=_(w, " or ").join(cards), rule=rid)


def _priced(state: GameState, move: Move, w: Wording = ENGLISH) -> str:
    """A move's name, with what it costs when it is a false call."""
    ruling = check(state, move)
    if ruling.penalty is not None:
        cost, rid = ruling.penalty.cards, ruling.penalty.rule_id
        return _(w, "{move} (no call is due: it costs {cards}, {rule})").format(
            move=_verb(move, w), cards=_count(w, cost), rule=rid
        )
    return _verb(move, w)


def _unknown_hand_moves(
    state: GameState, seat: int, unknown: Unknown, w: Wording = ENGLISH
) -> list[str]:
    """The choices of a seat whose hand is partly or wholly unknown: the
    plays of the cards given, with those whose lawfulness depends on the rest
    of the hand marked so, and the unknown cards only as "a card that fits"."""
    hidden = Counter(unknown.hands[seat])
    hand = state.hands[seat]
    known = list((Counter(hand) - hidden).elements())
    k = len(hand) - len(known)
    filler = _filler(state)
    neutral = _with_hand(state, seat, [*known, *[filler] * k])
    probe = _with_hand(
        state,
        seat,
        [*known, *[filler] * (k - 1), Card(state.color or filler.color, filler.face)],
    )
    moves = [
        m
        for m in legal_moves(neutral)
        if getattr(m, "player", None) == seat and not isinstance(m, (CallUno, CatchUno))
    ]
    lawful: list[str] = []
    maybe: list[Move] = []
    bluffs: list[Move] = []
    draw = None
    for m in moves:
        if isinstance(m, Play) and m.card == filler and filler not in known:
            continue
        if not check(neutral, m).legal:
            bluffs.append(m)
        elif isinstance(m, Play) and not check(probe, m).legal:
            maybe.append(m)
        elif isinstance(m, Draw) and state.phase is not Phase.OWE:
            draw = m
        else:
            lawful.append(_verb_in(state, m, unknown, w))
    plays = state.phase in (Phase.TURN, Phase.REPLAY) or (
        state.phase is Phase.OWE and bool(state.rules.stacking.rule_ids)
    )
    choices = list(dict.fromkeys(lawful))
    if maybe:
        rid = check(probe, maybe[0]).rule_ids[0]
        cards = _(w, " or ").join(
            dict.fromkeys(_card(w, m.card) for m in maybe if isinstance(m, Play))
        )
        choices.append(
            _(w, "lay {cards} if the unknown cards in hand allow it ({rule})").format(
                cards=cards, rule=rid
            )
        )
    if plays and state.phase is Phase.OWE:
        stack = state.rules.stacking.rule_ids[0]
        choices.append(
            _(
                w,
                "pass the debt on with any of the {cards} nobody gave that may be stacked ({rule})",
            ).format(cards=_count(w, k), rule=stack)
        )
    elif plays:
        choices.append(
            _(w, "lay any of the {cards} nobody gave that fits").format(cards=_count(w, k))
        )
    forced = state.rules.draw_choice.rule_ids[:1] == ("house.force-play",)
    if draw is not None:
        choices.append(
            _(w, "draw, if no card in hand fits (house.force-play)")
            if forced and plays
            else _(w, "draw")
        )
    out = []
    if choices:
        listed = (
            _(w, "{some} or {last}").format(some=", ".join(choices[:-1]), last=choices[-1])
            if len(choices) > 1
            else choices[-1]
        )
        out.append(_(w, "{seat} may instead: {moves}").format(seat=w.seat(seat), moves=listed))
    if bluffs:
        out.append(_bluffs(neutral, w.seat(seat), bluffs, w))
    return out


def _verb_in(state: GameState, move: Move, unknown: Unknown | None, w: Wording = ENGLISH) -> str:
    """A move's name, without naming a card nobody gave."""
    if (
        isinstance(move, Play)
        and state.phase is Phase.DRAWN
        and move.card == state.drawn
        and unknown is not None
        and (unknown.draw_pile or unknown.holds(move.player, move.card))
    ):
        if move.color is not None:
            return _(w, "play the drawn card naming {colour}").format(colour=_colour(w, move.color))
        return _(w, "play the drawn card")
    return _verb(move, w)


def _verb(move: Move, w: Wording = ENGLISH) -> str:
    """A move's name: its notation without the seat in English (``play W+4
    blue``), a phrase in the table's words otherwise."""
    if w.lang == "en":
        return str(move).split(" ", 1)[1]
    return move_phrase(w, move)
