"""The dispute settled for a web page: what ``unorules explain`` judges,
as JSON-ready data.

The docs site's *settle a dispute* page runs this module in the browser
(Pyodide): it imports only what judging needs (:mod:`unorules.judging`, not
:mod:`unorules.cli`, whose ``argparse`` and simulator cost time to load).

>>> r = settle("top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0", "0 play W+4 blue")
>>> r["verdict"], r["rule_ids"][0]
('bluff', 'wd4.no-matching-colour')
"""

from __future__ import annotations

from typing import Any

from unorules.errors import UnoError
from unorules.explanations.languages import Wording, language
from unorules.judging import _judged

__all__ = ["settle"]


def settle(situation: str, moves: str, rules: str = "official", lang: str = "en") -> dict[str, Any]:
    """Judge ``moves`` (separated by ``;``) from ``situation`` under the
    preset ``rules``, as ``unorules explain SITUATION MOVES --rules RULES
    --lang LANG`` does: the moves before the last are applied (each judged),
    the last one explained.

    Returns a dict with, for the last move judged: ``short`` (its verdict as
    the command prints it first: the headline, then who does what next),
    ``headline``, ``next``, ``verdict`` (``"legal"``, ``"illegal"``,
    ``"bluff"`` or ``"no effect"``), ``rule_ids``, ``move``; and ``moves``
    (each move judged: ``move``, ``verdict``, ``short``), ``applied`` (how
    many moves were judged), ``total`` (how many were given), ``assumes``
    (what the verdicts assume about cards nobody gave), ``rules`` (the rule
    set's name) and ``lang``. On a mistake in the input: ``{"error": text,
    "lang": lang}``, the text in ``lang``.
    """
    try:
        code = language(lang)
    except UnoError as e:
        return {"error": e.text_in("en"), "lang": "en"}
    try:
        judged = _judged(situation, [moves], rules, (), Wording(code, ()))
    except UnoError as e:
        return {"error": e.text_in(code), "lang": code}
    last = judged.verdicts[-1]
    return {
        "short": last.text_in(code),
        "headline": last.headline,
        "next": last.next,
        "verdict": last.verdict,
        "rule_ids": list(last.rule_ids),
        "move": str(last.move),
        "moves": [
            {"move": str(v.move), "verdict": v.verdict, "short": v.text_in(code)}
            for v in judged.verdicts
        ],
        "applied": len(judged.verdicts),
        "total": judged.total,
        "assumes": list(judged.caveats),
        "rules": judged.rules.name,
        "lang": code,
    }
