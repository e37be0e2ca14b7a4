"""The dispute settled for a web page: what ``unorules explain`` judges,
as JSON-ready data.

The docs site's *settle a dispute* page runs this module in the browser
(Pyodide, in a Web Worker beside the page): it imports only what judging
needs (:mod:`unorules.judging`, not :mod:`unorules.cli`, whose ``argparse``
and simulator cost time to load). Every function returns plain dicts, lists,
strings and numbers (what the worker hands the page as JSON), and a mistake in the input comes back
as ``{"error": text, "lang": lang}``, the text in the language asked for,
never as an exception.

>>> r = settle("top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0", "0 play W+4 blue")
>>> r["verdict"], r["rule_ids"][0]
('bluff', 'wd4.no-matching-colour')
>>> read_situation("topp röd sjua; händer Gu3 Gr5 / ?4; tur 1", "sv")["hands"]
[{'known': ['Y3', 'G5'], 'unknown': 0}, {'known': [], 'unknown': 4}]
>>> write_situation({"top": "G7", "hands": [{"known": ["Y3"]}, {"unknown": 4}]}, "sv")
'top Gr7; hands Gu3 / ?4; turn 0'
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from unorules.cards import Card, Color, Face, parse_cards
from unorules.cards.lexicon import CARD_NOUNS, NUMBER_WORDS
from unorules.engine.plan import plan
from unorules.errors import (
    Message,
    RuleSetError,
    SituationError,
    UnoError,
    msg,
    msg_n,
)
from unorules.explanations.headline import move_phrase
from unorules.explanations.languages import (
    Language,
    Wording,
    language,
    preset_description_in,
    preset_title_in,
    rule_in,
    section_in,
)
from unorules.explanations.verdicts import Verdict
from unorules.explanations.words import COLOUR_CODES, COLOUR_WORDS
from unorules.judging import _judged
from unorules.moves import Move
from unorules.notation import parse_situation
from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE, EDITIONS
from unorules.rules.policies import MostCardsOut, SingleRound
from unorules.rules.ruleset import RuleSet
from unorules.state import Phase
from unorules.table import Table

__all__ = [
    "compare",
    "in_force",
    "read_situation",
    "rule_set",
    "rules_data",
    "settle",
    "write_situation",
]

_COLOURS = {c.value: c for c in Color}


def _lang(lang: str) -> Language:
    """``lang`` checked; raises :class:`~unorules.errors.LanguageError`."""
    return language(lang)


def _error(error: UnoError, lang: str) -> dict[str, Any]:
    return {"error": error.text_in(lang), "lang": lang}


def _refused(
    error: UnoError, lang: Language, rules: str, names: Sequence[str] = ()
) -> dict[str, Any]:
    """``{"error": the library's text, "lang"}`` for a dispute the library
    refuses, with ``"said"``, a family's sentence, when there is one
    (:func:`family_sentence`)."""
    said = family_sentence(error, lang, rules, names)
    out = _error(error, lang)
    return out if said is None else {**out, "said": said}


_QUOTES: dict[str, tuple[str, str]] = {"en": ("“", "”"), "sv": ("”", "”"), "nb": ("«", "»")}
"""Each language's quotation marks, around a rule set's title."""


def rules_title(rules: str, lang: str = "en") -> str:
    """What a family calls the rule set ``rules`` in ``lang``, quoted: the
    preset's title and the titles of the rules added to it
    (``"”För barn + Stapla Dra två”"``); a part that is neither stays as
    written.

    Raises:
        LanguageError: when ``lang`` is not ``en``, ``sv`` or ``nb``.
    """
    code = _lang(lang)
    said = []
    for part in str(rules).split("+"):
        part = part.strip()
        if part.lower() in presets.names():
            said.append(preset_title_in(part, code))
        elif part in CATALOGUE:
            said.append(rule_in(part, code).title)
        elif part.partition("=")[0].strip() in presets.NUMBERED:
            # A rule with its number: "Hand limit 20".
            rid, _, n = part.partition("=")
            said.append(f"{rule_in(rid.strip(), code).title} {n.strip()}")
        else:
            said.append(part)
    first, last = _QUOTES[code]
    return f"{first}{' + '.join(said)}{last}"


_WRAPPERS = {
    "in SITUATION: {error}": "error",
    "in MOVE: {error}": "error",
    "{field}: {message}": "message",
    "{what}: {error}": "error",
}
"""The messages that only say where another one happened: what is wrong is
the message inside."""

_NO_CARDS_IN_TURN = (
    "seat {seat} is to play but holds no cards: the round would already be over",
    "seat {current} holds no cards and cannot be in turn",
)
_NO_CARDS = (
    "seat {seat} holds no cards while the round runs, but did not go out "
    "(finished does not list it)",
    "seat {seat} holds no cards while the round runs, but did not go out: a "
    "seat that goes out ends the round (end.last-card; only under end.play-on "
    "do the others play on)",
)
_TOO_FEW_HOLD = (
    "at least two seats must hold cards for the round to go on",
    "fewer than two seats hold cards, but the round is not over",
    "every hand is empty, but the round is not over",
)
_NOT_IN_DECK = (
    "{where} holds {count} copies of {card}, but the deck ({deck}) has no {card}",
    "{where} holds 1 copy of {card}, but the deck ({deck}) has no {card}",
)
_TOO_MANY = "{where} holds {count} copies of {card}, but the deck ({deck}) has only {has}"
_TOO_MANY_ONE = "{where} holds {count} copies of {card}, but the deck ({deck}) has only 1"
_TOO_MANY_UNKNOWN = (
    "the hands ask for {count} unknown cards but only 1 is left",
    "the hands ask for {count} unknown cards but only {left} are left",
    "the hands ask for 1 unknown card but only {left} are left",
)
_PLAYERS = (
    "players must be a whole number from {least} to {most} with this deck ({deck}), not {value}"
)
_SAME_NAME = (
    "two seats have the same name: {names}",
    "a name not given before (the same name is at column {column})",
)
_OUT_BY_LIMIT = "seat {seat} holds {count} cards, so it is out of the round ({rule})"
_WILD_TOP = "a colour after the wild top card (e.g. 'top W+4 blue') or a 'color' clause"
_MOVE_SEATS = "in MOVE {move}: the situation has {count} seats (0..{last})"
_SIDES = (
    "{card} and {other} show different sides: every two-sided card shows the "
    "side in play (is {other} meant as {turned}?)"
)


def _inner(message: Message) -> Message:
    """The message that says what is wrong, out of those that say where."""
    while message.template in _WRAPPERS:
        inside = message.params.get(_WRAPPERS[message.template])
        if not isinstance(inside, Message):
            break
        message = inside
    if message.template.startswith("column {column}: expected"):
        expected = message.params.get("expected")
        if isinstance(expected, Message):
            return expected
    return message


def _card_said(code: object, lang: Language, back: bool = False) -> str:
    """A card's name in ``lang`` (``"blue draw two"``, ``"blå Dra två"``),
    or the code as given when it is none. A two-sided card is named by its
    side up, as at the table; with ``back``, with its other side too (``"red
    3 with pink 1 on the back"``: which card of the deck it is)."""
    try:
        cards = parse_cards(str(code))
    except UnoError:
        return str(code)
    if len(cards) != 1:
        return str(code)
    card = cards[0]
    if card.back is None or not back:
        return card.name_in(lang)
    return msg(
        "{card} with {back} on the back", card=card.name_in(lang), back=card.back.name_in(lang)
    ).in_language(lang)


def family_sentence(
    error: UnoError, lang: str, rules: str = "official", names: Sequence[str] = ()
) -> str | None:
    """``error`` (from :func:`settle`, :func:`compare` or :func:`in_force`)
    said for a family in ``lang``, as one sentence: the players by their
    ``names`` (seat 0 first; "player 1" for a seat without one), the cards
    by their words, the rule set ``rules`` by its title, what to change at
    the table; no rule IDs, seat numbers, notation or columns. ``None`` for
    an error a table laid out by tapping does not meet (a rule set that
    cannot be built, typed text that cannot be read: the library's own text
    says what is wrong).

    >>> e = settle("top R7; hands - / ?7; turn 0", "0 draw", players=["Anna", "Bo"])
    >>> e["said"]
    'Anna is to play but has no cards: give Anna at least one card.'
    """
    code = _lang(lang)
    if error.message is None:
        return None
    message = _inner(error.message)
    template, params = message.template, message.params

    def who(seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            return str(names[seat])
        number = seat + 1 if isinstance(seat, int) else seat
        return msg("player {number}", number=number).in_language(code)

    said: Message | None = None
    if template in _NO_CARDS_IN_TURN:
        name = who(params.get("seat", params.get("current")))
        said = msg("{name} is to play but has no cards: give {name} at least one card", name=name)
    elif template in _NO_CARDS:
        said = msg(
            "{name} has no cards, so the round would be over already: give {name} at least "
            "one card",
            name=who(params.get("seat")),
        )
    elif template in _TOO_FEW_HOLD:
        said = msg("at least two players must hold cards for the round to go on")
    elif template in _NOT_IN_DECK:
        said = msg(
            "the deck of {rules} has no {card}: take it off the table or choose other rules",
            rules=rules_title(rules, code),
            card=_card_said(params.get("card"), code, back=True),
        )
    elif template in (_TOO_MANY, _TOO_MANY_ONE):
        said = msg(
            "the deck of {rules} has {has} × {card}, and the table has {count}: take the "
            "extra ones off the table or choose other rules",
            rules=rules_title(rules, code),
            card=_card_said(params.get("card"), code, back=True),
            has=params.get("has"),
            count=params.get("count"),
        )
    elif template in _TOO_MANY_UNKNOWN:
        left = params.get("left", 1)
        said = msg_n(
            "the deck of {rules} has {left} card left for the cards nobody gave, and the "
            "hands ask for {count}: give the players fewer cards",
            "the deck of {rules} has {left} cards left for the cards nobody gave, and the "
            "hands ask for {count}: give the players fewer cards",
            left if isinstance(left, int) else 2,
            rules=rules_title(rules, code),
            left=left,
            count=params.get("count", 1),
        )
    elif template == _PLAYERS:
        said = msg(
            "{rules} is for {least} to {most} players, and the table has {count}: change the "
            "number of players or choose other rules",
            rules=rules_title(rules, code),
            least=params.get("least"),
            most=params.get("most"),
            count=params.get("value"),
        )
    elif template in _SAME_NAME:
        said = msg("two players have the same name: give each player a name of their own")
    elif template == _OUT_BY_LIMIT:
        said = msg(
            "{name} has {count} cards, and under {rules} a player holding that many is out "
            "of the round: give {name} fewer cards",
            name=who(params.get("seat")),
            count=params.get("count"),
            rules=rules_title(rules, code),
        )
    elif template == _WILD_TOP:
        said = msg("choose the colour in force for the wild top card")
    elif template == _SIDES:
        said = msg(
            "{other} shows the other side from {card}: every card shows the side in play, so "
            "turn it over or take it off the table",
            other=_card_said(params.get("other"), code, back=True),
            card=_card_said(params.get("card"), code),
        )
    elif template == _MOVE_SEATS:
        said = msg(
            "a move is made by or about a player who is not at the table: take the move back "
            "or add players"
        )
    if said is None:
        return None
    text = said.in_language(code)
    return f"{text[:1].upper()}{text[1:]}."


def _names_of(situation: object, lang: Language, table: Table | None) -> tuple[str, ...]:
    """The players' names a dispute gives (the page's, else the situation's
    names clause), for a sentence about it; none when it gives none."""
    if table is not None:
        return table.players
    try:
        return parse_situation(str(situation), lang=lang).names
    except UnoError:
        return ()


_CODE_BOUNDS = r"(?<![\w+`])({})(?![\w+])"


def _worded(text: str, codes: Collection[str], names: Collection[str] = ()) -> str:
    """English ``text`` with the card ``codes`` in it said by their words
    (``B+2`` -> ``blue draw two``), as Swedish and Norwegian texts name
    cards; text between backticks (notation) and a code that is a player's
    name stay as they are."""
    kept = sorted((c for c in codes if c not in names), key=len, reverse=True)
    if not kept or not text:
        return text
    pattern = re.compile(_CODE_BOUNDS.format("|".join(re.escape(c) for c in kept)))
    parts = text.split("`")
    for i in range(0, len(parts), 2):
        parts[i] = pattern.sub(lambda m: _card_said(m.group(1), "en"), parts[i])
    return "`".join(parts)


def _text(value: object, name: str) -> None:
    """Raise when ``value`` (the argument ``name``) is not a string."""
    if not isinstance(value, str):
        raise UnoError(msg("{name} must be text, not {type}", name=name, type=type(value).__name__))


def _playable(rules: str, lang: Language) -> RuleSet:
    """The rule set ``rules``; raise when it cannot be built; when two of its
    rules contradict as options of one policy, the error names them for a
    player (their titles in ``lang`` and IDs), not the library's policies."""
    try:
        return presets.get(rules)
    except RuleSetError as e:
        ids = [rid for rid in e.rule_ids if rid in CATALOGUE]
        if e.message is None or "is an option of" not in e.message.template or len(ids) < 2:
            raise
        first, second = ids[0], ids[-1]
        raise RuleSetError(
            msg(
                "{first} and {second} cannot be played together: turn one of them off",
                first=f"«{rule_in(first, lang).title}»",
                second=f"«{rule_in(second, lang).title}»",
            ),
            e.rule_ids,
        ) from None


def rule_page(rule_id: str) -> str:
    """Where ``rule_id`` is explained in the site's rules reference, relative
    to the root of a language's site (``"rules/wd4/#wd4.no-matching-colour"``)."""
    return f"rules/{CATALOGUE[rule_id].section}/#{rule_id}"


def _said(move: Move, w: Wording) -> str:
    return f"{w.seat(move.player)}: {move_phrase(w, move)}"


def _players(players: object) -> Table | None:
    """What the verdicts call the seats a situation leaves unnamed, as a
    table file names them; ``None`` for none. Raises when ``players`` is not
    a list of names (the verdicts check each name)."""
    to_py = getattr(players, "to_py", None)
    if to_py is not None:  # a JavaScript array, from the page (Pyodide)
        players = to_py()
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise UnoError(
            msg(
                "the players' names are a list of names, one a seat, not the string {text}",
                text=repr(str(players)[:40]),
            )
        )
    names = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise UnoError(
                msg("a player's name is a word such as Anna, not {value}", value=repr(name)[:40])
            )
        names.append(" ".join(name.split()))
    return Table(path=Path("."), players=tuple(names)) if names else None


def settle(
    situation: str,
    moves: str,
    rules: str = "official",
    lang: str = "en",
    players: Sequence[str] = (),
    words: bool = False,
) -> dict[str, Any]:
    """Judge ``moves`` (separated by ``;``) from ``situation`` under the
    rule set ``rules`` (a preset string: ``svenska``, ``norsk+kitchen-table``,
    ``official+stack.draw-two``), as ``unorules explain SITUATION MOVES
    --rules RULES --lang LANG`` does: the moves before the last are applied
    (each judged), the last one explained. The situation and the moves are
    read in ``lang`` (under ``sv``/``nb`` green is ``Gr``, yellow ``Gu``).
    ``players`` names the seats in the verdicts when the situation names
    none (``["Anna", "Player 2"]``, as a table file's players do; ignored
    when their count is not the situation's): the moves still say seats by
    number. With ``words``, English texts name the cards by their words
    (``blue draw two``, not ``B+2``), as Swedish and Norwegian ones always
    do: what the page shows.

    Returns a dict with, for the last move judged: ``short`` (its verdict as
    the command prints it first: the headline, then who does what next),
    ``headline``, ``next``, ``verdict`` (``"legal"``, ``"illegal"``,
    ``"bluff"``, ``"misplay"`` or ``"no effect"``), ``chooses_colour``
    (the seat that names the colour next, as after a Wild Colour Roulette
    under UNO Show 'em No Mercy, else ``None``), ``rule_ids``, ``cited`` (each cited
    rule: ``id``, ``title`` in ``lang``, ``page`` as :func:`rule_page`),
    ``move``; and ``moves`` (each move judged: ``move`` in the notation,
    ``said``: the player and what they do in ``lang``, e.g. ``"Anna: lägga
    Dra fyra och välja blå"``, ``verdict``, ``short``), ``applied`` (how
    many moves were judged: fewer than ``total`` when one is refused),
    ``total`` (how many were given), ``assumes`` (what the verdicts assume
    about cards nobody gave), ``depends`` (whether another deal of those
    cards would change what a verdict allows: legal, illegal, a bluff, no
    effect; not only the rule it cites), ``names`` (the players' names, seat 0
    first, or empty), ``rules`` (the rule set's name) and ``lang``. On a mistake in
    the input: ``{"error": text, "lang": lang}``, the text in ``lang``
    (English when ``lang`` itself is unknown), and ``said``, the same for a
    family, where :func:`family_sentence` has one.
    """
    try:
        code = _lang(lang)
    except UnoError as e:
        return _error(e, "en")
    table = None
    try:
        _text(situation, "situation")
        _text(moves, "moves")
        _text(rules, "rules")
        table = _players(players)
        _playable(rules, code)
        judged = _judged(situation, [moves], rules, (), Wording(code, ()), table)
    except UnoError as e:
        return _refused(e, code, str(rules), _names_of(situation, code, table))
    last = judged.verdicts[-1]
    said = _wording(code, words, judged.rules, judged.names)
    return {
        "short": said(last.text_in(code)),
        "headline": said(last.headline),
        "next": said(last.next),
        "verdict": last.verdict,
        "chooses_colour": _chooser(last),
        "rule_ids": list(last.rule_ids),
        "cited": [
            {"id": rid, "title": rule_in(rid, code).title, "page": rule_page(rid)}
            for rid in last.rule_ids
            if rid in CATALOGUE
        ],
        "move": str(last.move),
        "moves": [
            {
                "move": str(v.move),
                "said": said(_said(v.move, Wording(code, judged.names))),
                "verdict": v.verdict,
                "short": said(v.text_in(code)),
            }
            for v in judged.verdicts
        ],
        "applied": len(judged.verdicts),
        "total": judged.total,
        "assumes": [said(c) for c in judged.caveats],
        "depends": any(judged.varies),
        "names": list(judged.names),
        "rules": judged.rules.name,
        "lang": code,
    }


def _chooser(verdict: Verdict) -> int | None:
    """The seat that names the colour next after the move ``verdict``
    judged (the position waits for its ``color`` move), else ``None``."""
    state = verdict.state
    if state is None or state.phase is not Phase.CHOOSE_COLOR:
        return None
    return state.current


def _wording(lang: Language, words: bool, rules: RuleSet, names: Collection[str]) -> Any:
    """What the texts of a verdict under ``rules`` go through: with
    ``words``, an English text's card codes said by their words
    (:func:`_worded`); otherwise nothing."""
    if not words or lang != "en":
        return lambda text: text
    deck = rules.deck.cards()
    codes = {card.code for card in deck} | {card.turned().code for card in deck}
    return lambda text: _worded(text, codes, names)


def compare(
    situation: str,
    moves: str,
    rule_sets: str | Sequence[str],
    lang: str = "en",
    players: Sequence[str] = (),
    words: bool = False,
) -> dict[str, Any]:
    """The same dispute under several rule sets, as ``unorules explain
    --compare`` judges it.

    Args:
        situation: the situation notation, read in ``lang``.
        moves: the moves, separated by ``;``.
        rule_sets: two or more rule-set strings, as a list or separated by
            commas (``"official,svenska,norsk"``).
        lang: ``"en"``, ``"sv"`` or ``"nb"``.
        players: what the verdicts call the seats, as :func:`settle`'s.
        words: English texts name the cards by their words, as
            :func:`settle`'s.

    Returns:
        ``{"move", "lang", "differs": {"verdict", "outlook", "effects"},
        "rows": [...], "assumes"}``: a row per rule set, in the order given,
        with ``rules`` (the string given), ``short``, ``headline``, ``next``,
        ``verdict``, ``rule_ids``, ``stopped_at`` (the number of the move
        refused before the last one was reached, or ``None``) and
        ``stopped`` (that said in ``lang``: the player and the move in
        words, or ``""``); or, for a rule set that cannot judge the dispute
        (its deck cannot seat the players, two of its rules contradict),
        ``rules``, ``error`` and, where there is one, ``said``
        (:func:`family_sentence`). ``differs`` says
        whether the verdicts (or how many moves were judged), what follows,
        or the effects differ between the rule sets judged. On a mistake in
        the input, or when no rule set can judge it: ``{"error": text,
        "lang": lang}``.
    """
    try:
        code = _lang(lang)
    except UnoError as e:
        return _error(e, "en")
    try:
        _text(situation, "situation")
        _text(moves, "moves")
        table = _players(players)
        if isinstance(rule_sets, str):
            names = [s.strip() for s in rule_sets.split(",")]
        elif isinstance(rule_sets, Sequence) and all(isinstance(s, str) for s in rule_sets):
            names = [s.strip() for s in rule_sets]
        else:
            raise UnoError(
                msg(
                    "{name} must be text, not {type}",
                    name="rule_sets",
                    type=type(rule_sets).__name__,
                )
            )
        names = [s for s in names if s]
        if len(names) < 2:
            raise UnoError(msg("choose at least two rule sets to compare"))
        twice = [n for i, n in enumerate(names) if n in names[:i]]
        if twice:
            raise UnoError(msg("{name} is chosen twice", name=repr(twice[0])))
    except UnoError as e:
        return _error(e, code)
    w = Wording(code, ())
    rows: list[tuple[str, Verdict | None, int | None, str, str | None, Any]] = []
    assumes: list[str] = []
    said = w
    given = _names_of(situation, code, table)
    for name in names:
        try:
            _playable(name, code)
            judged = _judged(situation, [moves], name, (), w, table)
        except UnoError as e:
            family = family_sentence(e, code, name, given)
            rows.append((name, None, None, e.text_in(code), family, None))
            continue
        last = judged.verdicts[-1]
        stopped = len(judged.verdicts) < judged.total
        worded = _wording(code, words, judged.rules, judged.names)
        rows.append((name, last, len(judged.verdicts) if stopped else None, "", None, worded))
        assumes += [worded(c) for c in judged.caveats if worded(c) not in assumes]
        said = Wording(code, judged.names)
    judged_rows = [(name, v, stop) for name, v, stop, *_ in rows if v is not None]
    if not judged_rows:
        first = {"error": rows[0][3], "lang": code}
        return first if rows[0][4] is None else {**first, "said": rows[0][4]}
    effects = [{text for _, text in v.effects} for _, v, _ in judged_rows]
    refused = w.gettext(
        "cli", "move {number} ({move}) is refused first, so the last move is never reached:"
    )
    out_rows: list[dict[str, Any]] = []
    for name, v, stop, error, family, worded in rows:
        if v is None:
            out_rows.append(
                {"rules": name, "error": error, **({} if family is None else {"said": family})}
            )
            continue
        out_rows.append(
            {
                "rules": name,
                "short": worded(v.text_in(code)),
                "headline": worded(v.headline),
                "next": worded(v.next),
                "verdict": v.verdict,
                "rule_ids": list(v.rule_ids),
                "stopped_at": stop,
                "stopped": ""
                if stop is None
                else refused.format(
                    number=stop,
                    move=str(v.move)
                    if code == "en" and not words
                    else worded(f"{said.seat(v.move.player)}: {move_phrase(said, v.move)}"),
                ).rstrip(":"),
            }
        )
    return {
        "move": str(judged_rows[-1][1].move),
        "lang": code,
        "differs": {
            "verdict": len({(v.verdict, stop) for _, v, stop in judged_rows}) > 1,
            "outlook": len({v.outlook for _, v, _ in judged_rows}) > 1,
            "effects": any(e != effects[0] for e in effects),
        },
        "rows": out_rows,
        "assumes": assumes,
    }


def read_situation(text: str, lang: str = "en") -> dict[str, Any]:
    """The situation notation read back into its parts (what the page's taps
    show).

    Returns:
        ``{"top": code, "colour": colour or None, "hands": [{"known":
        [codes], "unknown": n}, ...], "names": [...], "turn": seat,
        "direction": "cw" or "ccw", "draw": [codes] or None, "discard":
        [codes] or None, "dealer": seat or None, "scores": [...] or None,
        "seed": int, "clock": turns or None, "lang": lang}``; ``clock`` is the
        turns on the game's clock (``house.blitz=N``) when given. Codes are
        the English codes (``G7``, ``Y+2``, ``W+4``); ``colour``
        (``"red"``, ``"yellow"``, ``"green"``, ``"blue"``) is the colour in
        force when given; ``draw`` is the draw pile top first (``[]`` =
        empty, ``None`` = the rest of the deck). On a mistake: ``{"error":
        text, "lang": lang}``.
    """
    try:
        code = _lang(lang)
    except UnoError as e:
        return _error(e, "en")
    try:
        _text(text, "text")
        spec = parse_situation(text, lang=code)
    except UnoError as e:
        return _error(e, code)
    hands = []
    for hand in spec.hands:
        known = [token for token in hand.split() if not token.startswith("?")]
        unknown = sum(int(token[1:]) for token in hand.split() if token.startswith("?"))
        hands.append({"known": known, "unknown": unknown})

    def pile(codes: str | None) -> list[str] | None:
        return None if codes is None else codes.split()

    return {
        "top": spec.top.code,
        "colour": None if spec.color is None else spec.color.value,
        "hands": hands,
        "names": list(spec.names),
        "turn": spec.current,
        "direction": "cw" if spec.direction == 1 else "ccw",
        "draw": pile(spec.draw_pile),
        "discard": pile(spec.discard_pile),
        "dealer": spec.dealer,
        "scores": None if spec.scores is None else list(spec.scores),
        "seed": spec.seed,
        "clock": spec.clock,
        "lang": code,
    }


def _code_in(card: Card, lang: str) -> str:
    if card.color is None:
        return card.code
    colour = COLOUR_CODES[lang][card.color][-1]
    return colour + card.code[1:]


def _card(value: object, where: str) -> Card:
    try:
        cards = parse_cards(str(value))
    except UnoError:
        cards = ()
    if len(cards) != 1:
        raise SituationError(
            msg(
                "{where}: {value} is not a card code (R7, Y+2, GS, W, W+4, ...)",
                where=where,
                value=repr(value),
            )
        )
    return cards[0]


def write_situation(table: Mapping[str, Any], lang: str = "en") -> str:
    """The situation notation of ``table`` (the parts :func:`read_situation`
    returns; only ``top`` and ``hands`` are required), with the colour codes
    of ``lang``: under ``sv``/``nb`` green is ``Gr`` and yellow ``Gu``, in
    English ``G`` and ``Y``. Card codes in ``table`` are English codes.

    Raises:
        SituationError: when a card code is not one, ``top``/``hands`` are
            missing, or ``table`` is not in that form (a number that is not
            one, a hand that is not a mapping).
        LanguageError: when ``lang`` is not ``en``, ``sv`` or ``nb``.
    """
    code = _lang(lang)
    if not isinstance(table, Mapping):
        raise SituationError(_NOT_A_TABLE)
    try:
        return _written(table, code)
    except UnoError:
        raise
    except (TypeError, ValueError, AttributeError, OverflowError):
        raise SituationError(_NOT_A_TABLE) from None


_NOT_A_TABLE = msg(
    "the table is not in the form read_situation gives: a mapping with top (a card code), "
    "hands (a list of mappings with known: card codes and unknown: a number), and optionally "
    "colour, turn, direction, dealer, draw, discard, seed, scores, names and clock"
)


def _written(table: Mapping[str, Any], code: Language) -> str:
    if "top" not in table or not table.get("hands"):
        raise SituationError(msg("a situation needs the top card and the hands"))
    top = _card(table["top"], "top")
    parts = [_code_in(top, code)]
    if table.get("colour"):
        colour = _COLOURS.get(str(table["colour"]))
        if colour is None:
            raise SituationError(
                msg("{where}: {value} is not a colour", where="colour", value=repr(table["colour"]))
            )
        parts.append(COLOUR_WORDS["en"][colour] if code == "en" else COLOUR_WORDS[code][colour])
    hands = []
    for seat, hand in enumerate(table["hands"]):
        items = [_code_in(_card(c, f"hand {seat}"), code) for c in hand.get("known", ())]
        unknown = int(hand.get("unknown", 0) or 0)
        if unknown < 0:
            raise ValueError(unknown)
        if unknown:
            items.append(f"?{unknown}")
        hands.append(" ".join(items) or "-")
    clauses = [f"top {' '.join(parts)}", "hands " + " / ".join(hands)]
    clauses.append(f"turn {int(table.get('turn', 0) or 0)}")
    if table.get("direction") == "ccw":
        clauses.append("dir ccw")
    if table.get("dealer") is not None:
        clauses.append(f"dealer {int(table['dealer'])}")
    for key, word in (("draw", "draw"), ("discard", "discard")):
        pile = table.get(key)
        if pile is not None:
            cards = [_code_in(_card(c, key), code) for c in pile]
            clauses.append(f"{word} {' '.join(cards) or '-'}")
    if table.get("seed"):
        clauses.append(f"seed {int(table['seed'])}")
    if table.get("scores"):
        clauses.append("scores " + " ".join(str(int(s)) for s in table["scores"]))
    names = [str(n).strip() for n in table.get("names") or () if str(n).strip()]
    if names:
        clauses.append("names " + " ".join(names))
    if table.get("clock") is not None:
        clock = table["clock"]
        if type(clock) is not int or not 0 <= clock <= 999_999_999:
            raise ValueError(clock)
        clauses.append(f"clock {clock}")
    return "; ".join(clauses)


def _seats_of(rules: RuleSet) -> list[int]:
    """``[least, most]``: how many players the deck of ``rules`` seats."""
    return [rules.deck.min_players, rules.deck.max_players]


@functools.cache
def _choices() -> tuple[tuple[str, ...], ...]:
    """The rule IDs that can be chosen, in catalogue order, joined into one
    choice when they are readings of the same rule: they compete for a
    choice of the rule set, or one alone, added to the official rules,
    replaces the official reading of one other rule (``start.number-only``
    replaces ``start.reverse.dealer``)."""
    # An edition's rules come with its preset, not one by one.
    ids = [
        rid
        for rid in presets.available()
        if presets.groups_of(rid) and CATALOGUE[rid].section not in EDITIONS
    ]
    parent = {rid: rid for rid in ids}

    def root(rid: str) -> str:
        while parent[rid] != rid:
            rid = parent[rid]
        return rid

    owner: dict[str, str] = {}
    for rid in ids:
        for group in presets.groups_of(rid):
            if group in owner:
                parent[root(rid)] = root(owner[group])
            else:
                owner[group] = rid
    official = presets.get("official").rule_ids
    for rid in ids:
        if rid in official or any(root(o) == root(rid) for o in ids if o != rid):
            continue
        kept = set(presets.get(f"official+{rid}").rule_ids)
        replaced = {root(o) for o in official if o in parent and o not in kept}
        if len(replaced) == 1:
            parent[root(rid)] = replaced.pop()
    out: dict[str, list[str]] = {}
    for rid in ids:
        out.setdefault(root(rid), []).append(rid)
    return tuple(tuple(sorted(m, key=ids.index)) for m in out.values())


_LANGUAGES: tuple[Language, ...] = ("en", "sv", "nb")


def _card_word(face: Face, lang: Language) -> str:
    """What a card of ``face`` is called after its colour: a number card's
    noun where the language has one (``"trea"``: "röd trea"), else the
    face's name (``"Dra två"``, ``"3"``)."""
    number = face.number
    if number is not None and face in tuple(Face):
        nouns = CARD_NOUNS[lang].get(number, ())
        if nouns:
            word = NUMBER_WORDS[lang][number][0]
            # "fyran" is the noun's definite form: the number word is the noun.
            return word if nouns[0] == word + "n" else nouns[0]
    return face.name_in(lang)


def _face_data(face: Face, lang: Language) -> dict[str, Any]:
    return {
        "code": face.code,
        "name": face.name_in(lang),
        "card": _card_word(face, lang),
        "wild": face.is_wild,
        "number": face.number,
    }


def _colour_data(colour: Color, lang: Language) -> dict[str, Any]:
    return {
        "code": colour.code,
        "value": colour.value,
        "name": colour.name_in(lang),
        "names": {code: colour.name_in(code) for code in _LANGUAGES},
        "codes": {code: list(colour.codes[code]) for code in _LANGUAGES},
    }


def _picks(rules: RuleSet) -> dict[str, str | None]:
    """Each choice's reading among the rules in force (``None``: none of
    them); a rule that takes a number with it, as ``uno.penalty=4``, when
    its number is not the catalogue's own (:attr:`RuleSet.numbers`)."""
    ids = set(rules.rule_ids)
    numbers = rules.numbers
    picked = {c[0]: next((rid for rid in c if rid in ids), None) for c in _choices()}
    return {
        key: f"{rid}={numbers[rid]}" if rid is not None and rid in numbers else rid
        for key, rid in picked.items()
    }


@functools.cache
def _brings(pick: str) -> frozenset[str]:
    """The rule IDs ``pick`` (a choice's value) puts in force besides itself
    that the official rules do not hold (``house.jump-in-wild`` brings
    ``house.jump-in``)."""
    try:
        ids = set(presets.get(f"official+{pick}").rule_ids)
    except UnoError:
        return frozenset()
    rid = pick.partition("=")[0]
    return frozenset(ids - set(presets.get("official").rule_ids) - {rid})


def _numbered_pick(value: str, options: Sequence[str]) -> bool:
    """Whether ``value`` is ``ID=N`` for an option of ``options`` that takes
    a number, N in its range."""
    rid, eq, n = value.partition("=")
    numbered = presets.NUMBERED.get(rid)
    return (
        bool(eq)
        and rid in options
        and numbered is not None
        and n.isascii()
        and n.isdigit()
        and numbered.lowest <= int(n) <= numbered.highest
    )


def _number_data(rule_id: str) -> dict[str, int] | None:
    """How the page's stepper sets the number of ``rule_id``
    (``{"lowest", "highest", "default"}``), ``None`` for a rule that takes
    none (:data:`unorules.rules.presets.NUMBERED`)."""
    numbered = presets.NUMBERED.get(rule_id)
    if numbered is None:
        return None
    default = numbered.default if numbered.default is not None else numbered.example
    return {"lowest": numbered.lowest, "highest": numbered.highest, "default": default}


def _takes_any(preset: str, choice: tuple[str, ...]) -> bool:
    """Whether some option of ``choice`` can be added to ``preset``."""
    for rid in choice:
        try:
            presets.get(f"{preset}+{rid}")
        except RuleSetError:
            continue
        return True
    return False


def rules_data(lang: str = "en") -> dict[str, Any]:
    """What the page's rule-set controls show, in ``lang``.

    Returns:
        ``{"lang", "presets": [{"name", "title", "description", "players",
        "size", "wild_colours", "colour_by_next"}], "concerns":
        [{"key", "title", "choices": [{"key", "options": [{"id", "title",
        "summary", "number"}], "required"}]}], "defaults": {preset: {choice
        key: rule ID or None}}, "pages": {rule ID: page}, "titles": {rule
        ID: title},
        "colours": [...], "faces": [...]}``. A concern is a section of the
        rules catalogue; a choice is one rule's readings (one option: a
        switch; several: one of them); ``required`` when every preset picks
        one of its options. A preset's ``players`` is ``[least, most]``, the
        players its deck seats, ``size`` how many cards its deck holds, and
        ``wild_colours`` the colours a wild card names under it and
        ``colour_by_next`` the cards after which the next player names the
        colour, as :func:`in_force` gives them.
        ``pages`` as :func:`rule_page`; ``titles``:
        every rule's title in ``lang``. ``colours`` and ``faces`` are every
        colour and face defined so far, to draw cards with: a colour as
        ``{"code", "value", "name", "names", "codes"}`` (``names`` and
        ``codes`` per language), a face as ``{"code", "name", "card",
        "wild", "number"}`` (``card``: what a card of it is called after its
        colour, ``"trea"`` in Swedish for 3). An option's ``number`` is
        ``{"lowest", "highest", "default"}`` for a rule that takes a number
        (``house.hand-limit=N``), else ``None``; a choice that picks it with
        another number than the catalogue's reads ``"house.hand-limit=20"``.

    Raises:
        LanguageError: when ``lang`` is not ``en``, ``sv`` or ``nb``.
    """
    code = _lang(lang)
    choices = _choices()
    defaults = {}
    for name in presets.names():
        defaults[name] = _picks(presets.get(name))
    concerns: dict[str, dict[str, Any]] = {}
    for choice in choices:
        section = CATALOGUE[choice[0]].section
        concern = concerns.setdefault(
            section, {"key": section, "title": section_in(section, code), "choices": []}
        )
        options = []
        for rid in choice:
            info = rule_in(rid, code)
            options.append(
                {
                    "id": rid,
                    "title": info.title,
                    "summary": info.summary,
                    "number": _number_data(rid),
                }
            )
        # Required: every preset picks one of the options, but a preset that
        # can hold none of them (All Wild has no colour to restrict a Wild by).
        required = all(
            d[choice[0]] is not None or not _takes_any(name, choice) for name, d in defaults.items()
        )
        concern["choices"].append({"key": choice[0], "options": options, "required": required})
    return {
        "lang": code,
        "presets": [
            {
                "name": n,
                "title": preset_title_in(n, code),
                "description": preset_description_in(n, code),
                "players": _seats_of(presets.get(n)),
                "size": len(presets.get(n).deck.cards()),
                "wild_colours": _wild_colours(presets.get(n)),
                "colour_by_next": _colour_by_next(presets.get(n)),
            }
            for n in presets.names()
        ],
        "concerns": list(concerns.values()),
        "defaults": defaults,
        "pages": {rid: rule_page(rid) for rid in CATALOGUE},
        "titles": {rid: rule_in(rid, code).title for rid in CATALOGUE},
        "colours": [_colour_data(c, code) for c in Color.registered()],
        "faces": [_face_data(f, code) for f in Face.registered()],
    }


def rule_set(preset: str, chosen: Mapping[str, str | None]) -> str:
    """The rule-set string for ``preset`` with the choices ``chosen`` (choice
    key -> rule ID or ``None``, keys as in :func:`rules_data`; choices left
    out keep the preset's): ``preset`` itself when nothing differs;
    ``preset+ID+...`` with the IDs that differ when each makes a choice the
    preset leaves as the official rules have it; otherwise (a reading the
    preset chose is changed, or a switch it has on is turned off)
    ``official+`` every chosen ID that differs from the official rules.

    Raises:
        RuleSetError: when ``preset`` is not a preset's name, or ``chosen``
            does not map strings to strings or ``None``. A choice given a
            reading that is not one of its own is ignored.

    >>> rule_set("svenska", {})
    'svenska'
    >>> rule_set("official", {"uno.penalty": "uno.reminder"})
    'official+uno.reminder'
    """
    to_py = getattr(chosen, "to_py", None)
    if to_py is not None:  # a JavaScript object, from the page (Pyodide)
        chosen = to_py()
    if not isinstance(preset, str) or not (
        isinstance(chosen, Mapping)
        and all(isinstance(k, str) and (v is None or isinstance(v, str)) for k, v in chosen.items())
    ):
        raise RuleSetError(
            msg("choices must map the choices' keys to rule IDs or None, and the preset be text")
        )
    data = {c[0]: c for c in _choices()}
    # A choice given a reading it does not have (a stored choice from an
    # older site, say) keeps the preset's.
    chosen = {
        k: v
        for k, v in chosen.items()
        if k in data and (v is None or v in data[k] or _numbered_pick(v, data[k]))
    }
    if preset not in presets.names():
        presets.get(preset)  # raises the error that names the known presets

    mine = _picks(presets.get(preset))
    base = _picks(presets.get("official"))
    wanted = {**mine, **{k: v for k, v in chosen.items() if k in data}}
    # A switch the preset has on, turned off, takes off the options that
    # bring its rule with them (house.jump-in off: house.jump-in-wild off too).
    for key, value in chosen.items():
        if value is None and mine.get(key) is not None:
            for other, pick in wanted.items():
                if pick is not None and other != key and set(data[key]) & _brings(pick):
                    wanted[other] = None
    if wanted == mine:
        return preset
    changed = [k for k in data if wanted[k] != mine[k]]
    # An ID added to a preset may only make a choice the preset left as the
    # official rules have it; otherwise the two readings would contradict.
    if all(wanted[k] is not None and mine[k] == base[k] for k in changed):
        spec = "+".join([preset, *(wanted[k] or "" for k in changed)])
        try:
            presets.get(spec)
        except UnoError:
            pass  # e.g. a target score the preset sets, and single rounds picked
        else:
            return spec
    added = [wanted[k] for k in data if wanted[k] != base[k]]
    # What the preset sets besides its choices: its target score.
    spec = "+".join(["official", *(rid for rid in added if rid)])
    target = presets.get(preset).scoring
    if not isinstance(target, SingleRound | MostCardsOut) and target.target != 500:
        # Kept unless the choices leave no target score (a single round).
        with_target = f"{spec}+score.target={target.target}"
        try:
            presets.get(with_target)
        except UnoError:
            pass
        else:
            spec = with_target
    # An ID can make other choices too (house.kids drops the UNO penalty):
    # a reading the official rules share is then named as well.
    try:
        got = set(presets.get(spec).rule_ids)
    except UnoError:
        return spec
    named = [
        rid for k in data if (rid := wanted[k]) is not None and rid.partition("=")[0] not in got
    ]
    return "+".join([spec, *named]) if named else spec


def in_force(rules: str, lang: str = "en") -> dict[str, Any]:
    """What the rule set ``rules`` holds, as the page's controls show it: a
    rule ID can make more choices than its own (``house.kids`` turns the
    challenge and the UNO penalty off), and the switches show what is judged.

    Returns:
        ``{"rules": rules, "title", "choices": {choice key: rule ID or None},
        "rule_ids": [...], "seven_zero": bool, "cards": [...], "counts":
        {code: copies}, "size": n, "players": [least, most], "colours":
        [...], "faces": [...], "wild_colours": [...], "colour_by_next":
        [...], "challenge": bool,
        "swaps": {code: "required" or "optional"}, "named_draws": {code:
        cards}, "sides": [...]}`` (``title``: :func:`rules_title`;
        ``seven_zero``: a 7 names a player to swap hands with (as
        ``swaps`` says of a 7); ``cards``: the
        codes of the deck's cards, each once, as the deck is dealt (a
        two-sided card of UNO Flip light side up: ``R5:OR``);
        ``counts``: how many copies of each the deck holds, ``size`` how
        many cards in all; ``players``: how many players the deck seats;
        ``colours`` and ``faces``: those of every side a card of the deck
        can show (under UNO Flip the dark side's pink, teal, orange, purple,
        Draw Five, Skip Everyone and Wild Draw Colour too), as
        :func:`rules_data` gives them; ``wild_colours``: the values of the
        colours a wild card names, on either side
        (:meth:`~unorules.rules.ruleset.RuleSet.colors_for`), empty when a wild
        card names none, as in UNO All Wild, so neither a wild top card nor
        a play asks for a colour and no player chooses one;
        ``colour_by_next``: the codes of the wild cards whose player names
        no colour: the next player names it (``1 color blue``) and draws
        until a card of it turns up, as after a Wild Colour Roulette under
        UNO Show 'em No Mercy; ``challenge``:
        whether some card of the deck can be challenged, false under
        ``challenge.none``; ``swaps``: the cards whose play names a player
        to swap hands with, and whether it must (``"required"``: a Wild Swap
        Hands, a 7 under ``house.seven-zero``) or may; ``named_draws``: the
        cards whose play names a player who draws, and how many cards, as
        ``{"WT+2": 2}`` under UNO All Wild; ``colour_by_next``,
        ``challenge``, ``swaps`` and ``named_draws`` read every side a card
        can show, each card by its code with that side up (``V7:G8``);
        ``sides``: a deck of two-sided cards' two sides, the one it is dealt
        with first, each as ``{"colours", "wild_colours", "cards",
        "pairs"}``: the values of its colours and of those a wild card names
        on it, the codes of the faces it shows (``R5``, ``W``) and, for each,
        the deck's cards that show it (``{"R5": ["R5:OR", "R5:W+C"]}``), so
        that a face seen can be made the card of the deck it is; empty for a
        deck of one-sided cards); or ``{"error": text, "lang": lang}`` when
        the rule set cannot be built.

    >>> f = in_force("all-wild")
    >>> f["wild_colours"], f["challenge"], f["swaps"], f["named_draws"]
    ([], False, {'WFS': 'required'}, {'WT+2': 2})
    >>> f = in_force("official+house.seven-optional")
    >>> f["wild_colours"], f["challenge"], f["swaps"], f["named_draws"]
    (['red', 'yellow', 'green', 'blue'], True, {'R7': 'optional', 'Y7': 'optional', \
'G7': 'optional', 'B7': 'optional'}, {})
    >>> f = in_force("no-mercy")
    >>> f["colour_by_next"], f["wild_colours"], f["challenge"]
    (['WCR'], ['red', 'yellow', 'green', 'blue'], False)
    >>> in_force("official")["colour_by_next"]
    []
    >>> f = in_force("flip")
    >>> f["size"], len(f["cards"]), f["cards"][:3], f["wild_colours"]
    (112, 112, ['R1:P1', 'R1:T6', 'R2:OSE'], ['red', 'yellow', 'green', 'blue', \
'pink', 'teal', 'orange', 'purple'])
    >>> [s["colours"] for s in f["sides"]]
    [['red', 'yellow', 'green', 'blue'], ['pink', 'teal', 'orange', 'purple']]
    >>> f["sides"][0]["pairs"]["R5"], f["sides"][1]["pairs"]["OR"]
    (['R5:OR', 'R5:W+C'], ['OR:R3', 'OR:R5'])
    >>> in_force("flip+house.seven-zero")["swaps"]["V7:G8"]
    'required'
    >>> in_force("official")["sides"]
    []
    """
    try:
        code = _lang(lang)
    except UnoError as e:
        return _error(e, "en")
    try:
        _text(rules, "rules")
        built = _playable(rules, code)
    except UnoError as e:
        return _error(e, code)
    every = built.deck.cards()
    deck = tuple(dict.fromkeys(every))
    copies = Counter(every)
    # Every side a card can show: a two-sided card's other side too.
    up = tuple(dict.fromkeys([*deck, *(card.turned() for card in deck if card.back is not None)]))
    colours = [c for c in Color.registered() if any(card.color is c for card in up)]
    faces = [f for f in Face.registered() if any(card.face is f for card in up)]
    sides = _sides_of(built, deck)
    named = _named_seats(built, up)
    return {
        "rules": rules,
        "title": rules_title(rules, code),
        "choices": _picks(built),
        "rule_ids": list(built.rule_ids),
        # A 7 whose play names a player to swap hands with (house.seven-zero,
        # house.seven-swap), as the rules' effects say.
        "seven_zero": any(card.face is Face.SEVEN for card in up if card.code in named["swaps"]),
        "cards": [card.code for card in deck],
        "counts": {card.code: copies[card] for card in deck},
        "size": len(every),
        "players": _seats_of(built),
        "colours": [_colour_data(c, code) for c in colours],
        "faces": [_face_data(f, code) for f in faces],
        "wild_colours": _wild_colours(built),
        "colour_by_next": _colour_by_next(built, up),
        "challenge": any(built.challenge.challengeable(card) is not None for card in up),
        **named,
        "sides": sides,
    }


def _sides_of(rules: RuleSet, deck: Sequence[Card]) -> list[dict[str, Any]]:
    """The sides of a two-sided deck (``[]`` for a deck of one-sided
    cards): the side it is dealt with, then the other, each as
    ``{"colours", "wild_colours", "cards", "pairs"}``: the values of the
    colours of its cards and of those a wild card names on it; the codes of
    the faces it shows (``"R5"``, ``"W"``), each once, colour by colour;
    and for each of them the deck's cards that show it, that side up
    (``{"R5": ["R5:OR", "R5:W+C"]}``): which cards a player who sees that
    face may hold."""
    if not any(card.back is not None for card in deck):
        return []
    colours, faces = Color.registered(), Face.registered()

    def order(card: Card) -> tuple[int, ...]:
        side, back = card.side, card.back or card
        return (
            side.color is None,
            colours.index(side.color) if side.color else 0,
            faces.index(side.face),
            back.color is None,
            colours.index(back.color) if back.color else 0,
            faces.index(back.face),
        )

    out = []
    for shown in (deck, tuple(card.turned() for card in deck)):
        pairs: dict[str, list[str]] = {}
        for card in sorted(dict.fromkeys(shown), key=order):
            pairs.setdefault(card.side.code, []).append(card.code)
        out.append(
            {
                "colours": [c.value for c in colours if any(f.color is c for f in shown)],
                "wild_colours": [c.value for c in rules.colors_for(shown[0])],
                "cards": list(pairs),
                "pairs": pairs,
            }
        )
    return out


def _wild_colours(rules: RuleSet) -> list[str]:
    """The values of the colours a wild card names under ``rules``, on
    either side of a two-sided card (:meth:`RuleSet.colors_for`): those of
    the side the deck is dealt with first."""
    deck = rules.deck.cards()
    sides = (*deck, *(card.turned() for card in deck if card.back is not None))
    named = dict.fromkeys([*rules.colors, *(c for card in sides for c in rules.colors_for(card))])
    return [c.value for c in named]


def _colour_by_next(rules: RuleSet, deck: Sequence[Card] | None = None) -> list[str]:
    """The codes of the cards of ``deck`` (the whole deck of ``rules`` by
    default), in deck order, whose player names no colour: the next player
    names it (:attr:`unorules.engine.plan.Plan.others_name`, a Wild Colour
    Roulette under UNO Show 'em No Mercy)."""
    others = plan(rules).others_name
    cards = dict.fromkeys(rules.deck.cards()) if deck is None else deck
    return [card.code for card in cards if card in others]


def _named_seats(rules: RuleSet, deck: Sequence[Card]) -> dict[str, dict[str, Any]]:
    """``{"swaps": {code: "required"/"optional"}, "named_draws": {code:
    cards}}``: the cards of ``deck`` whose play under ``rules`` names a
    player to swap hands with or to draw, with any number of players the
    deck seats (a swap is ``"required"`` when it is with some number)."""
    swaps: dict[str, str] = {}
    draws: dict[str, int] = {}
    counts = range(rules.deck.min_players, rules.deck.max_players + 1)
    for card in deck:
        for players in counts:
            effect = rules.effect(card, players)
            if effect is None:
                continue
            if effect.target and swaps.get(card.code) != "required":
                swaps[card.code] = effect.target
            if effect.named_draws:
                draws[card.code] = max(draws.get(card.code, 0), effect.named_draws)
    return {"swaps": swaps, "named_draws": draws}
