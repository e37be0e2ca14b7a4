"""MkDocs hook: the pages that are generated from the library at build time.

The rules reference (one page per section of the catalogue, and the presets
page), the disputes page and the API reference (one page per public
module) are written here from ``unorules.rules.catalogue``, ``unorules.rules.presets``
and ``unorules.worked_examples``; every verdict on them is produced by running the
library while the site is built. ``pages()`` returns them as a mapping of
path to Markdown, which the tests use too.

The site is in English, Swedish and Norwegian Bokmål (the i18n plugin,
``mkdocs-static-i18n``, builds each language in turn: English at the root,
``/sv/``, ``/nb/``). ``pages(lang)`` writes the pages players read in each
language from the library's catalogs (``rule_in``, ``section_in``,
``preset_description_in``, ``explain(..., lang=...)``) and the labels of
``docs/texts.toml``, plus a glossary from :mod:`unorules.explanations.words`;
the API reference stays English. A hand-written page shows what a command
prints with ``<!-- run: unorules ... -->`` (:func:`run_block`).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import html
import importlib
import inspect
import io
import json
import os
import pkgutil
import posixpath
import re
import shlex
import sys
import textwrap
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import attrs

import unorules
from unorules import notation
from unorules.cards import parse_cards
from unorules.cli import main as cli_main
from unorules.errors import UnoError
from unorules.explanations import words
from unorules.explanations.languages import (
    Wording,
    preset_description_in,
    preset_title_in,
    rule_in,
    section_in,
    translations,
)
from unorules.explanations.verdicts import Verdict, describe_state
from unorules.rules import presets
from unorules.rules import ruleset as ruleset_module
from unorules.rules.catalogue import CATALOGUE, SECTIONS, SOURCES, RuleInfo
from unorules.rules.ruleset import SLOTS, RuleSet
from unorules.rules.validation import validate
from unorules.worked_examples import DISPUTES, Example, Outcome, describe, examples_for

try:
    from mkdocs.plugins import CombinedEvent, event_priority
except ImportError:  # the tests read the generated pages without MkDocs installed

    def event_priority(priority: float) -> Any:
        return lambda function: function

    def CombinedEvent(*methods: Any) -> Any:
        return methods


RULES_NAV = "Rules reference"
API_NAV = "API reference"

LANGUAGES = ("en", "sv", "nb")
"""The languages of the site: English at the root, Swedish under ``/sv/``,
Norwegian Bokmål under ``/nb/``."""

TEXTS: dict[str, dict[str, Any]] = tomllib.loads(
    (Path(__file__).parent / "texts.toml").read_text(encoding="utf-8")
)
"""Language -> the words of the generated pages that are not in the
library's catalogs (``docs/texts.toml``): ``labels`` (English -> the
language), ``disputes`` (number -> title and story), ``glossary``."""


def t(lang: str, text: str) -> str:
    """``text``, an English label of a generated page, in ``lang``.

    Raises:
        KeyError: when ``docs/texts.toml`` has no translation of ``text``.
    """
    if lang == "en":
        return text
    labels: dict[str, str] = TEXTS[lang]["labels"]
    return labels[text]


_ADMONITION = {
    "legal": "success",
    "illegal": "failure",
    "bluff": "warning",
    "misplay": "warning",
    "no effect": "info",
}


# --- helpers ---------------------------------------------------------------------------


def _page_of(rule_id: str) -> str:
    return f"{CATALOGUE[rule_id].section}.md"


def rule_link(rule_id: str, prefix: str = "") -> str:
    """A Markdown link to a rule's anchor; ``prefix`` is the path from the
    linking page to the ``rules/`` folder (``""`` from inside it)."""
    if rule_id not in CATALOGUE:
        return f"`{rule_id}`"
    return f"[`{rule_id}`]({prefix}{_page_of(rule_id)}#{rule_id})"


def _with(rule_id: str) -> RuleSet:
    return presets.get(f"official+{rule_id}")


def companions(rule_id: str) -> list[str]:
    """The IDs of the same slot that are in force whenever ``rule_id`` is: in
    every rule set built from a preset, one or two IDs of that slot and
    ``rule_id``, the policy that implements it implements them too."""
    slot = presets.slot_of(rule_id)
    if slot is None:
        return []
    same = [r for r in presets.available() if r != rule_id and presets.slot_of(r) == slot]
    together: set[str] | None = None
    for base in presets.names():
        for other in ("", *same):
            spec = "+".join(filter(None, (base, other, rule_id)))
            try:
                ids = set(getattr(presets.get(spec), slot).rule_ids)
            except UnoError:
                continue
            if rule_id in ids:
                together = ids if together is None else together & ids
    return [r for r in same if r in (together or set())]


def presets_using(rule_id: str) -> list[str]:
    """The presets whose rule set has ``rule_id`` in force."""
    return [name for name in presets.names() if rule_id in presets.get(name).rule_ids]


def _clean(spec: str, rule_id: str) -> bool:
    """Whether ``spec`` builds, has ``rule_id`` in force and does not make it inert."""
    try:
        rules = presets.get(spec)
    except UnoError:
        return False
    if rule_id not in rules.rule_ids:
        return False
    return not any(problem.rule_ids[0] == rule_id for problem in validate(rules))


def usage(rule_id: str) -> str | None:
    """A preset string that puts ``rule_id`` into force where it can apply:
    the preset of its first worked example, or ``official+ID``."""
    candidates = [*(e.preset for e in examples_for(rule_id)), f"official+{rule_id}"]
    return next((spec for spec in candidates if _clean(spec, rule_id)), None)


def _cli(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli_main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return code, out.getvalue() + err.getvalue()


def _links(ids: Iterable[str], prefix: str) -> str:
    return ", ".join(rule_link(r, prefix) for r in ids)


def _indent(text: str, spaces: int = 4) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line else "" for line in text.splitlines())


# --- worked examples -------------------------------------------------------------------


def _verdict_block(verdict: Verdict, prefix: str) -> str:
    kind = _ADMONITION[verdict.verdict]
    lines = [
        f"**{verdict.verdict.upper()}**: {verdict.reason}.",
        "",
        f"Rules cited: {_links(verdict.rule_ids, prefix)}.",
    ]
    if verdict.effects:
        lines += ["", "What happens:", ""]
        lines += [f"- {text} ({rule_link(rid, prefix)})" for rid, text in verdict.effects]
    if verdict.remedy:
        lines += ["", "What may follow:" if verdict.allowed else "What the player may do:", ""]
        lines += [f"- {text}" for text in verdict.remedy]
    lines += ["", f"{'Next' if verdict.allowed else 'The position stays'}: {verdict.outlook}."]
    return f'!!! {kind} "Verdict on `{verdict.move}`"\n\n' + _indent("\n".join(lines))


def _dealt_code(example: Example) -> str:
    args = [f'ur.presets.get("{example.preset}")', f"players={example.players}"]
    args.append(f"seed={example.seed}")
    if example.dealer is not None:
        args.append(f"dealer={example.dealer}")
    if example.deck is not None:
        args.append(f'deck="{example.deck}"')
    moves = example.parsed_moves()
    lines = [
        "import unorules as ur",
        "from unorules.worked_examples import describe",
        *(["from unorules.notation import parse_move"] if moves else []),
        "",
        "state = ur.new_round(",
        *[f"    {a}," for a in args],
        ")",
    ]
    for move in moves:
        lines.append(f'state = ur.apply(state, parse_move("{move}"))')
    lines.append("print(describe(state))")
    return "\n".join(lines)


def render_example(example: Example, outcome: Outcome, prefix: str) -> str:
    """The Markdown of one worked example: the position, the moves, the
    verdict the library gives and, where the rule shows in the position, the
    position afterwards."""
    parts: list[str] = []
    facts = [f"Rules: `{example.preset}`"]
    if example.situation is not None:
        facts.append(f"Situation: `{example.situation}`")
    else:
        facts.append(
            f"A dealt round: {example.players} players, dealer seat "
            f"{outcome.start.dealer}, the deck order below"
        )
    if example.moves:
        facts.append(f"Moves: `{example.moves}`")
    parts.append("  \n".join(facts))
    if example.situation is None:
        parts.append(f"```python\n{_dealt_code(example)}\n```")
    earlier = outcome.verdicts[:-1]
    if earlier:
        steps = [
            f"{i}. `{v.move}` ({v.verdict}): " + "; ".join(t for _, t in v.effects)
            for i, v in enumerate(earlier, 1)
        ]
        parts.append("First:\n\n" + "\n".join(steps))
    if outcome.verdict is not None:
        parts.append(_verdict_block(outcome.verdict, prefix))
    if example.note or outcome.verdict is None or example.situation is None:
        label = "The position"
        if example.then_next_round:
            label = "The next round"
        elif outcome.verdict is not None and outcome.verdict.allowed:
            label = "The position afterwards"
        parts.append(f"{label}:\n\n```text\n{describe(outcome.state)}\n```")
        if example.note:
            parts.append(example.note)
    command = example.command()
    if command is not None:
        code, _ = _cli(shlex.split(command)[1:])
        if code == 0:
            parts.append(f"At the table:\n\n```console\n$ {command}\n```")
    return "\n\n".join(parts)


# --- the rules reference ---------------------------------------------------------------


def _sources(info: RuleInfo, lang: str = "en") -> str:
    if not info.sources:
        return t(lang, "**Sources:** none states this rule; it is the library's own reading.")
    lines = [t(lang, "**Sources:**"), ""]
    lines += [f"- **{key}**: {source_in(key, lang)}" for key in info.sources]
    return "\n".join(lines)


def source_in(key: str, lang: str) -> str:
    """The description of the source ``key`` (:data:`SOURCES`) in ``lang``,
    from the ``rules`` catalog."""
    return translations("rules", lang).gettext(SOURCES[key])


def _preset_links(names: Iterable[str], prefix: str) -> str:
    return ", ".join(f"[`{n}`]({prefix}presets.md#{n})" for n in names)


def _rule_section(info: RuleInfo, lang: str = "en") -> str:
    if lang != "en":
        return _rule_section_in(info, lang)
    rid = info.id
    parts = [f"## `{rid}` {info.title} {{#{rid}}}"]
    status = [t(lang, "official rule" if info.official else "variant or house rule")]
    slot = presets.slot_of(rid)
    if slot is not None:
        status.append(f"{t(lang, 'slot')} `{slot}`")
    using = presets_using(rid)
    parts.append(" · ".join(status))
    parts.append(info.text)
    parts.append(_sources(info, lang))
    if info.interpretation:
        title = t(lang, "The library's reading").replace('"', "'")
        parts.append(f'!!! note "{title}"\n\n{_indent(info.interpretation)}')
    alternatives = presets.alternatives(rid)
    relations = [
        t(lang, "- Alternatives (a rule set holds only one of them): ")
        + (
            _links(alternatives, "")
            if alternatives
            else t(lang, "none; this rule has no competing reading")
        )
    ]
    together = companions(rid)
    if together:
        relations.append(f"{t(lang, '- Always in force together with: ')}{_links(together, '')}")
    every = t(lang, "every preset: ") if len(using) == len(presets.names()) else ""
    relations.append(
        t(lang, "- Presets that use it: ")
        + (every + _preset_links(using, "") if using else t(lang, "none"))
    )
    if rid in presets.NOT_YET_AVAILABLE:
        relations.append(
            t(lang, "- Not yet available: `presets.get` refuses it")
            + f" ({presets.NOT_YET_AVAILABLE[rid]})"
        )
    elif "official" not in using:
        spec = usage(rid)
        if spec is not None:
            relations.append(
                t(lang, "- Use it: ")
                + f'`presets.get("{spec}")`{t(lang, ", or ")}`unorules explain --rules {spec} ...`'
            )
    parts.append(t(lang, "**Related rules:**") + "\n\n" + "\n".join(relations))
    for example in examples_for(rid):
        outcome = _run(example)
        if lang == "en":
            parts.append(f"**Example: {example.title}**")
            parts.append(render_example(example, outcome, ""))
        else:
            parts.append(f"**{t(lang, 'Example')}**")
            parts.append(render_example_in(example, outcome, "", lang))
        link = example_link(example, lang, f"rules/{info.section}.md")
        if link is not None:
            parts.append(link)
    return "\n\n".join(parts)


def section_page(key: str, lang: str = "en") -> str:
    """The rules page of one section of the catalogue, in ``lang``: the rules'
    titles, texts and readings from the ``rules`` catalog
    (:func:`~unorules.explanations.languages.rule_in`)."""
    rules = [rule_in(info.id, lang) for info in CATALOGUE.values() if info.section == key]
    listing = [
        f"- {rule_link(info.id)} {info.title}"
        if lang == "en"
        else f"- {title_link(info.id, '', lang)}"
        for info in rules
    ]
    head = [f"# {section_in(key, lang)}", "\n".join(listing)]
    return "\n\n".join(head + [_rule_section(info, lang) for info in rules]) + "\n"


def rules_index(lang: str = "en") -> str:
    """The overview page of the rules reference."""
    if lang != "en":
        return _rules_index_in(lang)
    lines = [
        "# Rules reference",
        "",
        "Every rule the library knows, under the stable ID that verdicts cite. Where the "
        "sources disagree, each reading has its own ID and a rule set chooses one. Each rule "
        "has its own section with its full text, its sources, the library's reading where "
        "the sources leave a gap, its alternatives, the presets that use it and worked "
        "examples with the verdict the library gives.",
        "",
        f"The catalogue holds {len(CATALOGUE)} rules, and every one of them "
        + (
            f"but {_links(presets.NOT_YET_AVAILABLE, '')} (not yet available) "
            if presets.NOT_YET_AVAILABLE
            else ""
        )
        + 'can be put into a rule set: `presets.get("official+ID")`, or '
        "`unorules explain --rules official+ID`. "
        "The *official* column marks Mattel's printed rules; the *slot* is the part of a "
        "rule set the rule goes into. The [presets](presets.md) are named rule sets.",
        "",
        "Seats are numbered from 0 clockwise; the player *left of* another is the next seat "
        "clockwise.",
    ]
    for key, heading in SECTIONS.items():
        lines += [
            "",
            f"## [{heading}]({key}.md)",
            "",
            "| ID | rule | official | slot |",
            "|---|---|---|---|",
        ]
        for info in CATALOGUE.values():
            if info.section != key:
                continue
            slot = presets.slot_of(info.id)
            lines.append(
                f"| {rule_link(info.id)} | {info.summary} | {'yes' if info.official else ''} | "
                f"{f'`{slot}`' if slot else ''} |"
            )
    return "\n".join(lines) + "\n"


_SOURCE_KEY = re.compile(r"\(([^()]+)\)")


def _description_sources(description: str) -> list[str]:
    """The source keys a preset description names in parentheses, e.g. ``(000)``."""
    return [m.group(1) for m in _SOURCE_KEY.finditer(description) if m.group(1) in SOURCES]


def policy_name(policy: Any) -> str:
    """The policy's class, with the settings that differ from its defaults:
    ``WinnerTakes(target=1000)``."""
    settings = []
    if attrs.has(type(policy)):
        for field in attrs.fields(type(policy)):
            if not field.init or field.name in ("rule_ids", "ids"):
                continue
            default = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = default.factory()
            value = getattr(policy, field.name)
            if value != default:
                shown = policy_name(value) if attrs.has(type(value)) else repr(value)
                settings.append(f"{field.name}={shown}")
    return f"{type(policy).__name__}({', '.join(settings)})" if settings else type(policy).__name__


def _policy_cell(policy: Any) -> str:
    ids = "<br>".join(rule_link(r) for r in policy.rule_ids) or "off (no rule)"
    return f"`{policy_name(policy)}`<br>{ids}"


def presets_page(lang: str = "en") -> str:
    """The presets: what each contains and why, and the slots it changes."""
    if lang != "en":
        return _presets_page_in(lang)
    names = presets.names()
    rule_sets = {name: presets.get(name) for name in names}
    base = rule_sets["official"]
    lines = [
        "# Presets",
        "",
        "A preset is a named rule set: Mattel's official rules with some rule IDs added. Its "
        'name goes wherever a rule set is asked for: `presets.get("svenska")` in Python, '
        "`unorules explain --rules svenska ...` at the table. `unorules rules --preset "
        "svenska` prints its description and the rules in force, and `unorules rules check "
        "svenska` checks it. More rule IDs can be added with `+`, e.g. "
        "`svenska+house.stack-draw-two`; see [Compose a rule set](../how-to-rule-sets.md).",
        "",
        "| preset | adds to `official` | what it is |",
        "|---|---|---|",
    ]
    for name in names:
        ids = [r for r in presets.PRESETS[name][0].split("+") if r]
        added = "<br>".join(rule_link(r) if r in CATALOGUE else f"`{r}`" for r in ids)
        lines.append(f"| [`{name}`](#{name}) | {added or '—'} | {presets.describe(name)} |")
    for name in names:
        ids = [r for r in presets.PRESETS[name][0].split("+") if r]
        rules = rule_sets[name]
        lines += ["", f"## `{name}` {{#{name}}}", "", presets.describe(name)]
        keys = _description_sources(presets.describe(name))
        if keys:
            lines += ["", "**Source:** " + "; ".join(f"**{k}**, {SOURCES[k]}" for k in keys)]
        lines.append("")
        if ids:
            added = ", ".join(rule_link(r) if r in CATALOGUE else f"`{r}`" for r in ids)
            lines.append(f'`presets.get("{name}")` is `official` with {added}.')
        else:
            lines.append(
                "The base of every other preset: one policy per slot, every rule of Mattel's "
                "printed rules for the classic 108-card deck."
            )
        if name == "official":
            lines += [
                "",
                "| slot | `official` | other rules for this slot |",
                "|---|---|---|",
            ]
            for slot in SLOTS:
                policy = getattr(base, slot)
                others = [
                    r
                    for r in presets.available()
                    if presets.slot_of(r) == slot and r not in policy.rule_ids
                ]
                lines.append(f"| `{slot}` | {_policy_cell(policy)} | {_links(others, '') or '—'} |")
            continue
        changed = [slot for slot in SLOTS if getattr(rules, slot) != getattr(base, slot)]
        if changed:
            lines += [
                "",
                f"The slots where `{name}` differs from `official`:",
                "",
                f"| slot | `official` | `{name}` |",
                "|---|---|---|",
            ]
            lines += [
                f"| `{slot}` | {_policy_cell(getattr(base, slot))} | "
                f"{_policy_cell(getattr(rules, slot))} |"
                for slot in changed
            ]
    return "\n".join(lines) + "\n"


# --- disputes ----------------------------------------------------------------------------


def disputes_page(lang: str = "en") -> str:
    """Every dispute of the acceptance cases, with the verdict the library gives."""
    if lang != "en":
        return _disputes_page_in(lang)
    lines = [
        "# Disputes",
        "",
        "Arguments that come up at the table, and how the rules settle them. Each case gives "
        "the position, the disputed move and the verdict of the library. Seats are numbered "
        "from 0 clockwise. To settle your own case, write it down as in "
        "[Settle a dispute](settle-a-dispute.md).",
        "",
    ]
    lines += [f"{d.number}. [{d.title}](#case-{d.number})" for d in DISPUTES]
    for d in DISPUTES:
        lines += ["", f"## {d.number}. {d.title} {{#case-{d.number}}}", "", d.story, ""]
        lines.append(render_example(d.example, _run(d.example), "rules/"))
        lines += _decided_by(d.cites, _run(d.example), "en")
        lines += _link_lines(d.example, "en")
    return "\n".join(lines) + "\n"


def _decided_by(cites: Iterable[str], outcome: Outcome, lang: str) -> list[str]:
    """The lines under a dispute that name its rules. Without a verdict (a
    dealt round), the rules that decide it. With one, the verdict has named
    the rules that decide the move ("Rules cited"); the dispute's own rules
    that it does not cite are named apart, as the rules the question also
    turns on (the card values of a score, the call of a hand swapped in)."""
    cites = list(cites)

    def links(ids: list[str]) -> str:
        return _links(ids, "rules/") if lang == "en" else _title_links(ids, "rules/", lang)

    verdict = outcome.verdict
    if verdict is None:
        return ["", t(lang, "Decided by:") + " " + links(cites) + "."]
    more = [r for r in cites if r not in verdict.rule_ids]
    if not more:
        return []
    return ["", t(lang, "The question also turns on:") + " " + links(more) + "."]


# --- links to the dispute page -------------------------------------------------------------

DISPUTE_PAGE = "dispute/"
"""The page that settles a dispute in the browser, relative to a language's
root (``/dispute/``, ``/sv/dispute/``, ``/nb/dispute/``). A dispute is
shared in the fragment of its address (:func:`dispute_fragment`)."""


def form_encode(pairs: Iterable[tuple[str, str]]) -> str:
    """``pairs`` encoded exactly as JavaScript's ``URLSearchParams.toString()``
    encodes them (``application/x-www-form-urlencoded``): a space is ``+``,
    letters, digits and ``*-._`` stay, every other byte of the UTF-8 text is
    percent-encoded (``~`` too, which Python's ``quote_plus`` keeps).

    >>> form_encode([("moves", "0 play W+4 blue"), ("x", "~*(!)'")])
    'moves=0+play+W%2B4+blue&x=%7E*%28%21%29%27'
    """

    def encode(text: str) -> str:
        return quote_plus(text, safe="*").replace("~", "%7E")

    return "&".join(f"{encode(key)}={encode(value)}" for key, value in pairs)


def dispute_fragment(
    situation: str, moves: str, rules: str, lang: str, compare: str | None = None
) -> str:
    """The fragment of a shared dispute: ``situation``, ``moves``, ``rules``
    and ``lang`` (and ``compare``, the comma-separated rule sets of the
    compare tab), in that order."""
    pairs = [("situation", situation), ("moves", moves), ("rules", rules), ("lang", lang)]
    if compare is not None:
        pairs.append(("compare", compare))
    return form_encode(pairs)


def page_url(path: str) -> str:
    """The address of the page ``path`` (relative to the docs folder) below
    its language's root, as MkDocs gives it with directory URLs:
    ``index.md`` -> ``""``, ``rules/index.md`` -> ``rules/``,
    ``rules/wd4.md`` -> ``rules/wd4/``."""
    stem = path.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return f"{stem}/"


def dispute_href(path: str, fragment: str) -> str:
    """The relative link from the page ``path`` to the dispute page of the
    same language, with ``fragment``: from ``rules/wd4.md`` (``/sv/rules/wd4/``
    in the Swedish build) it is ``../../dispute/#...``. A relative address
    keeps the language, since every language's pages lie in the same folders
    below its root."""
    here = page_url(path)
    target = posixpath.relpath(DISPUTE_PAGE, here or ".")
    return f"{target}/#{fragment}"


def dispute_link(path: str, fragment: str, lang: str) -> str:
    """The link "open on the dispute page" in ``lang``, from the page
    ``path``: an HTML ``<a class="dispute-link">`` in a paragraph of its own
    (MkDocs checks the targets of Markdown links, and a directory address
    with a fragment is not a Markdown page it knows)."""
    href = html.escape(dispute_href(path, fragment))
    return f'<a class="dispute-link" href="{href}">{t(lang, "Open on the dispute page")}</a>'


_SETTLED: dict[tuple[int, str], str | None] = {}


def example_fragment(example: Example, lang: str) -> str | None:
    """The fragment that opens ``example`` on the dispute page of ``lang``:
    its situation and moves as the page of ``lang`` shows them
    (:func:`example_in`), its rule set and the language. ``None`` when the
    page cannot show the example's verdict: an example without moves (its
    rule shows in the position), a dealt round (the notation writes a
    situation, not a deal), or one that :func:`unorules.web.settle` does not
    judge as the example does (it refuses the input, or its verdict or
    rules differ)."""
    key = (id(example), lang)
    if key in _SETTLED:
        return _SETTLED[key]
    fragment = None
    verdict = _run(example).verdict
    written = example_in(example, lang)
    if written is not None and verdict is not None:
        from unorules.web import settle

        situation, moves = written
        settled = settle(situation, moves, example.preset, lang)
        if "error" not in settled and (settled["verdict"], tuple(settled["rule_ids"])) == (
            verdict.verdict,
            tuple(verdict.rule_ids),
        ):
            fragment = dispute_fragment(situation, moves, example.preset, lang)
    _SETTLED[key] = fragment
    return fragment


def example_link(example: Example, lang: str, path: str) -> str | None:
    """The link from the page ``path`` that opens ``example`` on the dispute
    page (:func:`example_fragment`), or ``None``."""
    fragment = example_fragment(example, lang)
    return None if fragment is None else dispute_link(path, fragment, lang)


def _link_lines(example: Example, lang: str) -> list[str]:
    link = example_link(example, lang, "disputes.md")
    return [] if link is None else ["", link]


LINKED_PAGES = ("index.md", "settle-a-dispute.md")
"""The hand-written pages whose ``unorules explain`` commands get a link to
the dispute page (:func:`link_commands`)."""

_COMMAND = re.compile(
    r"^<!-- run(?: \(exit (?P<exit>\d+)\))?: (?P<run>unorules explain .+?) -->$"
    r"|^```console[^\n]*\n\$ (?P<shown>unorules explain [^\n]+)\n(?:.*?\n)??```$",
    re.MULTILINE | re.DOTALL,
)


def command_fragment(command: str, lang: str) -> str | None:
    """The fragment that opens what ``unorules explain ...`` judges on the
    dispute page of ``lang``: the situation, the moves (the command's move
    arguments joined by ``;``), ``--rules`` (default ``official``), the
    command's ``--lang`` (default the page's, with the green codes that
    language reads) and ``--compare``. ``None`` when the command is not one
    the page can open (another option, such as a house rule module) or the
    command line or :func:`unorules.web.settle` refuses it (a page shows
    errors on purpose)."""
    from unorules.web import settle

    words = shlex.split(command)[2:]
    options: dict[str, str] = {}
    positional: list[str] = []
    while words:
        word = words.pop(0)
        if word in ("--long", "--json"):
            continue
        if word in ("--rules", "-r", "--lang", "--compare", "-c") and words:
            options[word.lstrip("-")[:1]] = words.pop(0)
        elif word.startswith("-"):
            return None
        else:
            positional.append(word)
    if len(positional) < 2 or _cli(shlex.split(command)[1:])[0] != 0:
        return None
    situation, moves = positional[0], "; ".join(positional[1:])
    said = options.get("l")
    if said is None and lang != "en":
        situation, moves = nordic_codes(situation), nordic_codes(moves)
    verdict_lang = said or lang
    compare = options.get("c")
    rule_sets = compare.split(",") if compare else [options.get("r", "official")]
    for rules in rule_sets:
        if "error" in settle(situation, moves, rules, verdict_lang):
            return None
    return dispute_fragment(situation, moves, rule_sets[0], verdict_lang, compare)


def link_commands(markdown: str, path: str, lang: str) -> str:
    """``markdown`` of the hand-written page ``path`` (:data:`LINKED_PAGES`)
    in ``lang`` with a link to the dispute page after every ``unorules
    explain`` command it shows, in a ``<!-- run: ... -->`` mark or a
    ``console`` block, that the dispute page can open
    (:func:`command_fragment`). A dispute the page has linked already (the
    same command again with ``--long``) is not linked twice."""
    if path not in LINKED_PAGES:
        return markdown
    seen: set[str] = set()

    def linked(match: re.Match[str]) -> str:
        if match.group("exit") not in (None, "0"):
            return match.group(0)
        command = match.group("run") or match.group("shown")
        fragment = command_fragment(command, lang)
        if fragment is None or fragment in seen:
            return match.group(0)
        seen.add(fragment)
        return f"{match.group(0)}\n\n{dispute_link(path, fragment, lang)}"

    return _COMMAND.sub(linked, markdown)


# --- the pages in Swedish and Norwegian ----------------------------------------------------

_OUTCOMES: dict[int, Outcome] = {}


def _run(example: Example) -> Outcome:
    """``example.run()``, once per build: every language shows the same run."""
    key = id(example)
    if key not in _OUTCOMES:
        _OUTCOMES[key] = example.run()
    return _OUTCOMES[key]


def verdict_in(outcome: Outcome, lang: str) -> Verdict | None:
    """The verdict on the example's last move, judged again with ``lang``
    and the players' names of ``lang`` (:func:`unorules.explain`,
    :func:`seat_names`); ``None`` when the example has no moves."""
    if outcome.verdict is None:
        return None
    if lang == "en":
        return outcome.verdict
    count = len(outcome.verdicts)
    before = outcome.start if count == 1 else outcome.verdicts[-2].state
    assert before is not None, "only the last move of an example may be refused"
    move = outcome.example.parsed_moves()[count - 1]
    return unorules.explain(before, move, lang=lang, names=seat_names(lang, len(before.hands)))


_TOKEN = re.compile(r"""([\s;/,":]+)""")
_GREEN_CODE = re.compile(r"^([Gg])(\d|[SsRrFf]|\+[12]|[Dd]2|SE)$")
_WILD_CODE = re.compile(r"^(?:[Ww](?:\+4|[Dd]4|[SsXxCc])?|\+4)$")
_COLOUR_WORDS = {"color", "colour", "färg", "farge"}


def nordic_codes(text: str) -> str:
    """``text`` (a command, a situation or moves) with the green card codes
    written as Swedish and Norwegian read them: ``G5`` -> ``Gr5``, ``GS`` ->
    ``GrS``, ``GR`` -> ``GrR``, ``G+2`` -> ``Gr+2``, and a bare ``G`` after a
    wild card or ``color`` -> ``Gr`` (under ``sv`` and ``nb`` a bare ``G`` is
    refused: gul or grön/grønn?). Other words, names among them, are kept."""
    parts = _TOKEN.split(text)
    previous = ""
    for i in range(0, len(parts), 2):
        token = parts[i]
        if not token:
            continue
        code = _GREEN_CODE.match(token)
        if code is not None:
            parts[i] = code.group(1) + "r" + code.group(2)
        elif token in ("G", "g") and (
            _WILD_CODE.match(previous) or previous.lower() in _COLOUR_WORDS
        ):
            parts[i] = token + "r"
        previous = token
    return "".join(parts)


def _verdict_word(verdict: str, lang: str) -> str:
    return translations("verdicts", lang).gettext(verdict.upper())


def _verdict_block_in(verdict: Verdict, prefix: str, lang: str, move: str) -> str:
    """The verdict in ``lang`` as the English page gives it: the short
    verdict the command prints, the reason, the rules cited (by their
    titles), what happens (each effect with its rule), what may follow, and
    the position after; headed by ``move`` as the page shows it."""
    texts = verdict.texts
    lines = [
        f"```text\n{verdict.text_in(lang)}\n```",
        "",
        f"**{_verdict_word(verdict.verdict, lang)}**: {texts.reason}.",
        "",
        f"{t(lang, 'Rules cited:')} {_title_links(verdict.rule_ids, prefix, lang)}.",
    ]
    if texts.effects:
        lines += ["", t(lang, "What happens:"), ""]
        lines += [f"- {text} ({title_link(rid, prefix, lang)})" for rid, text in texts.effects]
    if texts.remedy:
        label = "What may follow:" if verdict.allowed else "What the player may do:"
        lines += ["", t(lang, label), ""]
        lines += [f"- {text}" for text in texts.remedy]
    label = "Next" if verdict.allowed else "The position stays"
    lines += ["", f"{t(lang, label)}: {texts.outlook}."]
    kind = _ADMONITION[verdict.verdict]
    title = f"{t(lang, 'Verdict on')} `{move}`"
    return f'!!! {kind} "{title}"\n\n' + _indent("\n".join(lines))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def dealt_round_in(example: Example, outcome: Outcome, lang: str) -> str:
    """What the deal of a dealt example gives, in ``lang``, from the
    position the library dealt: the start card (and the card turned in its
    place when it went back into the deck), who drew at the start, who
    plays first and in which direction, then every hand by its cards'
    names. The players are named (:func:`seat_names`)."""
    start = outcome.start
    w = Wording(lang, seat_names(lang, len(start.hands)))
    dealt = start.rules.deal.cards_each(start.rules.deck.hand_size)
    order = parse_cards(example.deck) if example.deck else []
    first = order[len(start.hands) * dealt] if len(order) > len(start.hands) * dealt else None
    pile = start.discard_pile
    lines: list[str] = []

    def name(card: Any) -> str:
        return words.card_name(card, lang)

    if first is not None:
        lines.append(t(lang, "Start card: {card}.").format(card=name(first)))
        if first != pile[0]:
            text = t(lang, "{card} went back into the deck, and {top} was turned in its place.")
            lines.append(_capital(text.format(card=name(first), top=name(pile[-1]))))
        elif len(pile) > 1:
            text = t(lang, "Then {cards} were turned on top of it; play starts on {top}.")
            lines.append(text.format(cards=", ".join(map(name, pile[1:])), top=name(pile[-1])))
    for seat, hand in enumerate(start.hands):
        if len(hand) > dealt:
            lines.append(
                t(lang, "{seat} drew {count} cards at the start ({total} in hand).").format(
                    seat=_capital(w.seat(seat)), count=len(hand) - dealt, total=len(hand)
                )
            )
    way = "clockwise" if start.direction == 1 else "counter-clockwise"
    lines.append(
        t(lang, f"{{seat}} plays first, {way}.").format(seat=_capital(w.seat(start.current)))
    )
    position = [_capital(describe_state(start, w))]
    position += [
        f"{_capital(w.seat(i))}: {', '.join(words.card_name(c, lang) for c in hand) or '-'}"
        for i, hand in enumerate(start.hands)
    ]
    position.append(
        t(lang, "discard pile (oldest first): {cards}").format(
            cards=", ".join(words.card_name(c, lang) for c in start.discard_pile)
        )
    )
    body = " ".join(lines)
    return f"{body}\n\n```text\n" + "\n".join(position) + "\n```"


# --- the notation as Swedish and Norwegian players write it --------------------------------


def seat_names(lang: str, seats: int) -> tuple[str, ...]:
    """The players' names of the examples in ``lang``, seat 0 first
    (``docs/texts.toml``: Anna, Bo, Cilla, ...; Kari, Ola, Per, ...).

    Raises:
        ValueError: for more seats than names.
    """
    names = tuple(TEXTS[lang]["names"])
    if seats > len(names):
        raise ValueError(f"docs/texts.toml [{lang}] names: {seats} seats, {len(names)} names")
    return names[:seats]


def _cards_in(codes: str, lang: str) -> str:
    """Cards written in English codes (``"R3 W+4 ?7"``) by their names in
    ``lang``, separated by commas as the notation reads names (``"röd 3,
    Dra fyra, ?7"``); ``-`` for none."""
    from unorules.cards import Card

    shown = [c if c.startswith("?") else _card_words(Card.parse(c), lang) for c in codes.split()]
    return ", ".join(shown) or "-"


def _card_words(card: Any, lang: str) -> str:
    """``card`` by its name in ``lang``; a two-sided card by both sides'
    names with ``:`` between them (``röd 1 : rosa 1``), as the notation
    reads them."""
    name = words.card_name(card, lang)
    if card.back is not None:
        name += " : " + words.card_name(card.back, lang)
    return name


def _write_situation(spec: Any, lang: str, names: tuple[str, ...]) -> str:
    clause = {key: found[0] for key, found in words.CLAUSE_WORDS[lang].items()}
    top = _card_words(spec.top, lang)
    if spec.color is not None:
        top += " " + words.colour_name(spec.color, lang)
    parts = [
        f"{clause['top']} {top}",
        f"{clause['hands']} " + " / ".join(_cards_in(hand, lang) for hand in spec.hands),
    ]
    if spec.current:
        parts.append(f"{clause['turn']} {names[spec.current]}")
    if spec.direction == -1:
        parts.append(f"{clause['dir']} {words.DIRECTION_WORDS[lang][-1][0]}")
    if spec.dealer is not None:
        parts.append(f"{clause['dealer']} {names[spec.dealer]}")
    if spec.draw_pile is not None:
        parts.append(f"{clause['draw']} {_cards_in(spec.draw_pile, lang)}")
    if spec.discard_pile is not None:
        parts.append(f"{clause['discard']} {_cards_in(spec.discard_pile, lang)}")
    if spec.seed:
        parts.append(f"{clause['seed']} {spec.seed}")
    if spec.scores is not None:
        parts.append(f"{clause['scores']} " + " ".join(map(str, spec.scores)))
    parts.append(f"{clause['names']} " + " ".join(names))
    if spec.clock is not None:
        parts.append(f"{clause['clock']} {spec.clock}")
    return "; ".join(parts)


@functools.cache
def situation_in(situation: str, lang: str) -> str:
    """A situation line (English notation, seats by number) as a player of
    ``lang`` writes it: the language's keywords, the cards by their names,
    the players by name (:func:`seat_names`): ``top R7; hands R3 W+4 / ?7``
    -> ``topp röd 7; händer röd 3, Dra fyra / ?7; namn Anna Bo``.

    Raises:
        ValueError: when the line written does not read back as the same
            situation (with the names) in ``lang``.
    """
    spec = notation.parse_situation(situation)
    names = seat_names(lang, len(spec.hands))
    text = _write_situation(spec, lang, names)
    back = notation.parse_situation(text, lang=lang)
    if back != attrs.evolve(spec, names=names):
        raise ValueError(f"{situation!r} written in {lang} as {text!r} reads back as {back!r}")
    return text


_VERB_FORM = {"play": -1, "call": -1, "catch": -1}
"""Which of a verb's words (:data:`unorules.explanations.words.VERB_WORDS`)
a page writes: the present tense, the table's own word (``lägger``,
``ropar``, ``påpekar``; ``legger``, ``roper``, ``påpeker``)."""


def _verb(lang: str, verb: str) -> str:
    """The present tense of a notation verb in ``lang`` (``lägger``, ``legger``)."""
    return words.VERB_WORDS[lang][verb][_VERB_FORM.get(verb, 1)]


def _move_in(move: Any, lang: str, names: tuple[str, ...]) -> str:
    from unorules.moves import CallUno, CatchUno, Challenge, ChooseColor, Draw, Pass, Play

    def seat(number: int) -> str:
        # a seat the table does not have stays a number (the verdict refuses it)
        return names[number] if number < len(names) else str(number)

    who = seat(move.player)
    also = "och" if lang == "sv" else "og"
    if isinstance(move, Play):
        cards = [_card_words(c, lang) for c in (move.card, *move.more)]
        text = f"{who} {_verb(lang, 'play')} " + ", ".join(cards[:-1])
        text = f"{text} {also} {cards[-1]}" if len(cards) > 1 else text + cards[-1]
        if move.count != 1:
            text += f" x{move.count}"
        if move.color is not None:
            text += " " + words.colour_name(move.color, lang)
        if move.swap_with is not None:
            hand = "hand" if lang == "sv" else "hånd"
            text += f", {_verb(lang, 'swap')} {hand} med {seat(move.swap_with)}"
        if move.give or move.to is not None:
            given = f" {also} ".join(_card_words(c, lang) for c in move.give)
            give, to = ("ger", "till") if lang == "sv" else ("gir", "til")
            text += f" {also} {give} {given}"
            if move.to is not None:
                text += f" {to} {seat(move.to)}"
        return text
    if isinstance(move, Draw):
        return f"{who} {_verb(lang, 'draw')}"
    if isinstance(move, Pass):
        return f"{who} {_verb(lang, 'pass')}"
    if isinstance(move, ChooseColor):
        return f"{who} {_verb(lang, 'choose')} {words.colour_name(move.color, lang)}"
    if isinstance(move, CallUno):
        return f"{who} {_verb(lang, 'call')} UNO"
    if isinstance(move, CatchUno):
        return f"{who} {_verb(lang, 'catch')} {seat(move.target)}"
    if isinstance(move, Challenge):
        return f"{who} {_verb(lang, 'challenge')}"
    return f"{who} {str(move).split(' ', 1)[1]}"  # a timeout: no word but the notation's


@functools.cache
def moves_in(moves: str, seats: int, lang: str) -> str:
    """Moves (English notation, seats by number) as a player of ``lang``
    writes them, the players by name: ``0 play W+4 blue; 1 challenge`` ->
    ``Anna lägger Dra fyra blå; Bo utmanar``.

    Raises:
        ValueError: when the moves written do not read back as the same
            moves in ``lang``.
    """
    names = seat_names(lang, seats)
    parsed = notation.parse_moves(moves)
    text = "; ".join(_move_in(move, lang, names) for move in parsed)
    back = notation.parse_moves(text, lang=lang, names=names)
    if back != parsed:
        raise ValueError(f"{moves!r} written in {lang} as {text!r} reads back as {back!r}")
    return text


# --- the rules in the reader's words --------------------------------------------------------


def title_link(rule_id: str, prefix: str, lang: str) -> str:
    """A Markdown link to a rule's anchor named by its title in ``lang``
    (``[Kortet Hoppa över](actions.md#action.skip)``); ``prefix`` as for
    :func:`rule_link`."""
    if rule_id not in CATALOGUE:
        return f"`{rule_id}`"
    return f"[{rule_in(rule_id, lang).title}]({prefix}{_page_of(rule_id)}#{rule_id})"


def _title_links(ids: Iterable[str], prefix: str, lang: str) -> str:
    return ", ".join(title_link(r, prefix, lang) for r in ids)


def preset_link(name: str, prefix: str, lang: str) -> str:
    """A link to a preset on the presets page, named by its title in ``lang``;
    ``prefix`` is the path to the ``rules/`` folder."""
    return f"[{preset_title_in(name, lang)}]({prefix}presets.md#{name})"


def rules_label(spec: str, lang: str, prefix: str) -> str:
    """A rule-set string (``official+house.stack-draw-two``) as a player
    reads it: the preset's title and the titles of the rules added, linked
    (``prefix`` is the path to the ``rules/`` folder)."""
    parts = []
    for part in spec.split("+"):
        if part in presets.names():
            parts.append(preset_link(part, prefix, lang))
        else:
            parts.append(title_link(part, prefix, lang))
    return " + ".join(parts)


def named_sources(text: str, lang: str) -> str:
    """``text`` with each source's key (``000``, ``002``) said as the
    source's name in ``lang`` (``docs/texts.toml`` ``source_names``: ``den
    svenska guiden``), capitalised where it starts a sentence."""
    names: dict[str, str] = TEXTS[lang]["source_names"]
    keys = sorted((k for k in SOURCES if names[k] != k), key=len, reverse=True)
    found = re.compile(r"\b(?:" + "|".join(map(re.escape, keys)) + r")\b")

    def name(match: re.Match[str]) -> str:
        said = names[match.group(0)]
        before = text[: match.start()].rstrip()
        return _capital(said) if not before or before[-1] in ".!?:" else said

    return found.sub(name, text)


def _sources_in(info: RuleInfo, lang: str) -> str:
    if not info.sources:
        return t(lang, "**Sources:** none states this rule; it is the library's own reading.")
    names: dict[str, str] = TEXTS[lang]["source_names"]
    lines = [t(lang, "**Sources:**"), ""]
    lines += [f"- {_capital(names[key])}: {source_in(key, lang)}" for key in info.sources]
    return "\n".join(lines)


def details_line(lang: str, facts: Iterable[str]) -> str:
    """The line that holds, below a rule or a preset, what a player does not
    need to read: IDs, slots, sources' keys, the command line's words (the
    theme shows it small: ``.details`` in ``stylesheets/extra.css``)."""
    return f"{t(lang, 'Details:')} " + " · ".join(facts) + "\n{: .details }"


def _rule_section_in(info: RuleInfo, lang: str) -> str:
    """A rule's section in ``lang``: its title, what it says, its other
    names, its sources by name, the library's reading, its related rules and
    presets by their titles, a details line (ID, slot, sources' keys, the
    rule set that puts it into force) and its examples."""
    rid = info.id
    parts = [f"## {info.title} {{#{rid}}}"]
    kind = t(lang, "official rule" if info.official else "variant or house rule")
    parts.append(f"*{_capital(kind)}.* {named_sources(info.text, lang)}")
    also: dict[str, list[str]] = TEXTS["also_called"][lang]
    if rid in also:
        parts.append(f"{t(lang, 'Also called:')} {', '.join(also[rid])}.")
    parts.append(_sources_in(info, lang))
    if info.interpretation:
        title = t(lang, "The library's reading").replace('"', "'")
        parts.append(f'!!! note "{title}"\n\n{_indent(named_sources(info.interpretation, lang))}')
    alternatives = presets.alternatives(rid)
    relations = [
        t(lang, "- Alternatives (a rule set holds only one of them): ")
        + (
            _title_links(alternatives, "", lang)
            if alternatives
            else t(lang, "none; this rule has no competing reading")
        )
    ]
    together = companions(rid)
    if together:
        relations.append(
            t(lang, "- Always in force together with: ") + _title_links(together, "", lang)
        )
    using = presets_using(rid)
    every = t(lang, "every preset: ") if len(using) == len(presets.names()) else ""
    relations.append(
        t(lang, "- Presets that use it: ")
        + (every + ", ".join(preset_link(n, "", lang) for n in using) if using else t(lang, "none"))
    )
    if rid in presets.NOT_YET_AVAILABLE:
        relations.append(t(lang, "- Not yet available in a rule set."))
    parts.append(t(lang, "**Related rules:**") + "\n\n" + "\n".join(relations))
    facts = [f"{t(lang, 'rule ID')} `{rid}`"]
    slot = presets.slot_of(rid)
    if slot is not None:
        facts.append(f"{t(lang, 'slot')} `{slot}`")
    if info.sources:
        facts.append(f"{t(lang, 'sources')} {', '.join(info.sources)}")
    spec = None if rid in presets.NOT_YET_AVAILABLE or "official" in using else usage(rid)
    if spec is not None:
        facts.append(f"{t(lang, 'on the command line')} `--rules {spec}`")
    parts.append(details_line(lang, facts))
    for example in examples_for(rid):
        outcome = _run(example)
        parts.append(f"**{t(lang, 'Example')}**")
        parts.append(render_example_in(example, outcome, "", lang))
        link = example_link(example, lang, f"rules/{info.section}.md")
        if link is not None:
            parts.append(link)
    return "\n\n".join(parts)


def _shell_word(word: str) -> str:
    """A word of a command line as a page shows it: in double quotes when
    the shell would split it (the notation has no ``$``, backquote or ``"``)."""
    return word if word == shlex.quote(word) else f'"{word}"'


def example_in(example: Example, lang: str) -> tuple[str, str] | None:
    """The situation and moves of ``example`` as a player of ``lang``
    writes them (:func:`situation_in`, :func:`moves_in`); ``None`` for a
    dealt round or an example without moves."""
    if example.situation is None or not example.moves:
        return None
    if lang == "en":
        return example.situation, example.moves
    seats = len(notation.parse_situation(example.situation).hands)
    return situation_in(example.situation, lang), moves_in(example.moves, seats, lang)


def example_command(example: Example, lang: str) -> str | None:
    """The ``unorules explain --lang LANG`` command that judges ``example``,
    in the notation of ``lang`` (:func:`example_in`); ``None`` for a dealt
    round, or when the command line refuses the English command (an example
    whose move the notation refuses). A command that runs in English but
    not in ``lang`` is a fault of the page: it is logged as a warning (which
    fails a strict build)."""
    written = example_in(example, lang)
    command = example.command()
    if written is None or command is None or _cli(shlex.split(command)[1:])[0] != 0:
        return None
    argv = ["unorules", "explain", "--lang", lang]
    if example.preset != "official":
        argv += ["--rules", example.preset]
    shown = " ".join(_shell_word(w) for w in [*argv, *written])
    code, out = _cli(shlex.split(shown)[1:])
    if code != 0:
        import logging

        logging.getLogger("mkdocs.hooks").warning("`%s` exits %s:\n%s", shown, code, out)
        return None
    return shown


def render_example_in(example: Example, outcome: Outcome, prefix: str, lang: str) -> str:
    """One worked example in ``lang``: the rules by their titles, the
    position and the moves as a player of that language writes them (the
    language's words, the players by name: :func:`example_in`), and the
    verdict as the English page gives it, in the language's words (the short
    verdict of :meth:`Verdict.text_in`, the reason, the effects, what may
    follow, the position after); for a dealt round, what the deal gave
    (:func:`dealt_round_in`); the command that gives it at the table.
    ``prefix`` is the path from the page to the ``rules/`` folder."""
    facts = [f"{t(lang, 'Rules')}: {rules_label(example.preset, lang, prefix)}"]
    seats = len(outcome.start.hands)
    names = seat_names(lang, seats)
    if example.situation is not None:
        facts.append(f"{t(lang, 'Situation')}: `{situation_in(example.situation, lang)}`")
    else:
        dealer = outcome.start.dealer
        facts.append(
            t(lang, "A dealt round: {players} players, {dealer} deals").format(
                players=seats, dealer=names[dealer]
            )
        )
    moves = moves_in(example.moves, seats, lang) if example.moves else ""
    if moves:
        facts.append(f"{t(lang, 'Moves')}: `{moves}`")
    parts = ["  \n".join(facts)]
    if example.situation is None:
        parts.append(dealt_round_in(example, outcome, lang))
    verdict = verdict_in(outcome, lang)
    if verdict is not None:
        judged = moves.split("; ")[len(outcome.verdicts) - 1]
        parts.append(_verdict_block_in(verdict, prefix, lang, judged))
    shown = example_command(example, lang)
    if shown is not None:
        parts.append(f"{t(lang, 'At the table:')}\n\n```console\n$ {shown}\n```")
    return "\n\n".join(parts)


def _rules_index_in(lang: str) -> str:
    """The overview of the rules in ``lang``: each section's rules by their
    titles, what each says in short, and whether it is an official rule."""
    lines = [f"# {t(lang, 'Rules reference')}", "", TEXTS[lang]["rules_intro"]]
    for key in SECTIONS:
        lines += [
            "",
            f"## [{section_in(key, lang)}]({key}.md)",
            "",
            f"| {t(lang, 'rule')} | {t(lang, 'what it says')} | {t(lang, 'official')} |",
            "|---|---|---|",
        ]
        for info in CATALOGUE.values():
            if info.section != key:
                continue
            summary = rule_in(info.id, lang).summary
            official = t(lang, "yes") if info.official else ""
            lines.append(f"| {title_link(info.id, '', lang)} | {summary} | {official} |")
    return "\n".join(lines) + "\n"


def _presets_page_in(lang: str) -> str:
    names = presets.names()
    lines = [
        f"# {t(lang, 'Presets')}",
        "",
        TEXTS[lang]["presets_intro"],
        "",
        f"| {t(lang, 'preset')} | {t(lang, 'adds to the official rules')} "
        f"| {t(lang, 'what it is')} |",
        "|---|---|---|",
    ]
    for name in names:
        ids = [r for r in presets.PRESETS[name][0].split("+") if r]
        added = "<br>".join(title_link(r, "", lang) for r in ids)
        description = preset_description_in(name, lang)
        lines.append(f"| {preset_link(name, '', lang)} | {added or '—'} | {description} |")
    for name in names:
        ids = [r for r in presets.PRESETS[name][0].split("+") if r]
        title = preset_title_in(name, lang)
        lines += ["", f"## {title} {{#{name}}}", "", preset_description_in(name, lang), ""]
        if ids:
            listing = "\n".join(f"- {title_link(r, '', lang)}" for r in ids)
            lines.append(t(lang, "The official rules with:") + "\n\n" + listing)
        else:
            lines.append(t(lang, "Mattel's printed rules, the base of every other preset."))
        rule_set = f"`{name}`" if name == "official" else f"`{name}` (`official+{'+'.join(ids)}`)"
        lines += ["", details_line(lang, [f"{t(lang, 'name')} {rule_set}"])]
    return "\n".join(lines) + "\n"


def _disputes_page_in(lang: str) -> str:
    cases: dict[str, dict[str, str]] = TEXTS[lang]["disputes"]
    lines = [f"# {t(lang, 'Disputes')}", "", TEXTS[lang]["disputes_intro"], ""]
    lines += [f"{d.number}. [{cases[str(d.number)]['title']}](#case-{d.number})" for d in DISPUTES]
    for d in DISPUTES:
        case = cases[str(d.number)]
        lines += ["", f"## {d.number}. {case['title']} {{#case-{d.number}}}", "", case["story"], ""]
        lines.append(render_example_in(d.example, _run(d.example), "rules/", lang))
        lines += _decided_by(d.cites, _run(d.example), lang)
        lines += _link_lines(d.example, lang)
    return "\n".join(lines) + "\n"


_LANGUAGE_NAMES = {"en": "English", "sv": "Svenska", "nb": "Norsk bokmål"}

_CODES: Mapping[str, Mapping[Any, tuple[str, ...]]] = getattr(words, "COLOUR_CODES", {}) or {
    "en": {c: (c.code,) for c in words.COLOUR_WORDS["en"]},
}
"""Language -> colour -> the codes the notation reads for it (from the
notation's words where they are given)."""


def _words_cell(lang: str, first: str, more: Iterable[str] = ()) -> str:
    shown = [first, *(w for w in more if w.lower() != first.lower())]
    return ", ".join(dict.fromkeys(shown))


def _synonyms(table: str, lang: str, key: Any) -> tuple[str, ...]:
    found: Mapping[str, Mapping[Any, tuple[str, ...]]] = getattr(words, table, {})
    return tuple(found.get(lang, {}).get(key, ()))


def glossary_page(lang: str = "en") -> str:
    """The table's words in the three languages, from
    :mod:`unorules.explanations.words`: the cards, the colours and the codes
    each language reads, then the words of the table (``docs/texts.toml``)."""
    from unorules.cards import Color, Face

    g: dict[str, Any] = TEXTS["glossary"]
    head = " | ".join(_LANGUAGE_NAMES[code] for code in LANGUAGES)
    lines = [f"# {t(lang, 'Glossary')}", "", g["intro"][lang], ""]
    lines += [f"## {t(lang, 'Cards')}", "", f"| {head} | {t(lang, 'code')} |", "|---|---|---|---|"]
    for face in Face:
        if face.is_number:
            continue
        cells = [
            _words_cell(code, words.FACE_WORDS[code][face], _synonyms("FACE_SYNONYMS", code, face))
            for code in LANGUAGES
        ]
        codes = getattr(words, "FACE_CODES", {}).get(face, ())
        colour = "" if face.is_wild else "R"
        shown = ", ".join(f"`{colour}{c.upper()}`" for c in codes) or f"`{_face_code(face)}`"
        lines.append(f"| {' | '.join(cells)} | {shown} |")
    from unorules.rules.editions import FACES as others

    if others:
        # The faces the editions define (unorules.rules.editions), with the
        # words each language reads for them and their code.
        lines += ["", f"## {t(lang, 'Cards of other editions')}", ""]
        lines += [f"| {head} | {t(lang, 'code')} |", "|---|---|---|---|"]
        for face in others:
            cells = [", ".join(face.words[code]) for code in LANGUAGES]
            colour = "" if face.is_wild else "R"
            lines.append(f"| {' | '.join(cells)} | `{colour}{face.code}` |")
    lines += ["", g["numbers"][lang], ""]
    lines += [f"## {t(lang, 'Colours')}", ""]
    lines += [
        f"| {head} | {t(lang, 'codes')} (en) | {t(lang, 'codes')} (sv, nb) |",
        "|---|---|---|---|---|",
    ]
    for colour in Color:  # the classic colours: an edition's are on its own page
        cells = [
            _words_cell(
                code,
                words.COLOUR_WORDS[code][colour],
                _synonyms("COLOUR_SYNONYMS", code, colour),
            )
            for code in LANGUAGES
        ]
        en_codes = _CODES.get("en", {}).get(colour, (colour.code,))
        sv_codes = _CODES.get("sv", {}).get(colour) or _NORDIC_CODES[colour.code]
        lines.append(
            f"| {' | '.join(cells)} | {', '.join(f'`{c}`' for c in en_codes)} | "
            f"{', '.join(f'`{c}`' for c in sv_codes)} |"
        )
    from unorules.rules.editions import COLORS as other_colours

    if other_colours:
        # The colours the editions define (UNO Flip's dark side), with the
        # words each language reads for them and their code.
        lines += ["", f"## {t(lang, 'Colours of other editions')}", ""]
        lines += [f"| {head} | {t(lang, 'code')} |", "|---|---|---|---|"]
        for colour in other_colours:
            said = [words.COLOUR_WORDS[code][colour] for code in LANGUAGES]
            cells = [w if isinstance(w, str) else ", ".join(w) for w in said]
            lines.append(f"| {' | '.join(cells)} | `{colour.code}` |")
    lines += ["", g["codes"][lang], ""]
    lines += [f"## {t(lang, 'At the table')}", "", f"| {head} |", "|---|---|---|"]
    for term in g["terms"]:
        lines.append("| " + " | ".join(_term_cell(term, code) for code in LANGUAGES) + " |")
    for table, title in (("VERB_WORDS", "Moves"), ("CLAUSE_WORDS", "The position")):
        found: Mapping[str, Mapping[str, tuple[str, ...]]] | None = getattr(words, table, None)
        if not found:
            continue
        lines += ["", f"## {t(lang, title)}", "", f"| {head} |", "|---|---|---|"]
        for key in found["en"]:
            cells = [", ".join(found[code].get(key, ())) for code in LANGUAGES]
            if any(cells[1:]):
                lines.append("| " + " | ".join(c or "—" for c in cells) + " |")
    return "\n".join(lines) + "\n"


_ALSO = {"en": "also", "sv": "även", "nb": "også"}


def _term_cell(term: Mapping[str, str], code: str) -> str:
    """A word of the table in the language ``code``, with the other
    spellings players use (``also_nb``: ``trekkbunken``)."""
    also = term.get(f"also_{code}")
    return f"{term[code]} ({_ALSO[code]} {also})" if also else term[code]


_NORDIC_CODES = {"R": ("R",), "Y": ("Y", "Gu"), "G": ("Gr",), "B": ("B",)}
"""The colour codes
 under ``sv`` and ``nb`` where the notation's words do
not give them: a bare ``G`` is refused (gul or grön/grønn?)."""


def _face_code(face: Any) -> str:
    from unorules.cards import Card, Color

    return str(Card(None, face) if face.is_wild else Card(Color.RED, face))


# --- API reference -----------------------------------------------------------------------

_PACKAGE_DIR = Path(unorules.__file__).parent
TOP_LEVEL = "Top-level modules"
"""The nav group and index section of the modules directly in ``unorules``."""
_PACKAGE_ORDER = ("engine", "rules", "explanations", "play")
"""The subpackages in the order the reference shows them; others follow."""


def _walk(folder: Path, prefix: str) -> Iterable[str]:
    for info in pkgutil.iter_modules([str(folder)]):
        if info.name.startswith("_"):
            continue
        name = prefix + info.name
        if info.ispkg:
            if (folder / info.name / "__init__.py").exists():
                yield name
                yield from _walk(folder / info.name, f"{name}.")
        elif (folder / f"{info.name}.py").exists():
            yield name


def public_modules() -> list[str]:
    """The public modules and subpackages of the package, walked recursively,
    as dotted names without ``unorules.`` (``engine``, ``engine.checking``),
    in alphabetical order. Only modules with a ``.py`` source count: a build
    with the engine compiled also holds its extensions' helper modules. No
    module is imported."""
    return sorted(_walk(_PACKAGE_DIR, ""))


def is_package(module: str) -> bool:
    """Whether ``module`` (without ``unorules.``) is a package."""
    return _PACKAGE_DIR.joinpath(*module.split(".")).is_dir()


def _source_file(module: str) -> Path:
    path = _PACKAGE_DIR.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


@functools.cache
def _tree(module: str) -> ast.Module:
    # Read the source without importing: a module may need an optional
    # dependency (unorules.testing needs Hypothesis).
    return ast.parse(_source_file(module).read_text(encoding="utf-8"))


def _summary(module: str) -> str:
    """The first paragraph of the module's docstring, on one line."""
    doc = ast.get_docstring(_tree(module)) or ""
    first = doc.strip().split("\n\n")[0]
    return " ".join(first.split())


def api_path(module: str) -> str:
    """The path of a module's page, relative to the docs folder: a package's
    page is the ``index.md`` of its folder (``api/engine/index.md``)."""
    parts = module.split(".")
    if is_package(module):
        return "/".join(["api", *parts, "index.md"])
    return "/".join(["api", *parts]) + ".md"


def api_link(module: str, page: str) -> str:
    """The relative link from the page ``page`` (a path relative to the docs
    folder) to the API page of ``module``."""
    return os.path.relpath(api_path(module), os.path.dirname(page) or ".")


def _parent(module: str) -> str:
    return module.rpartition(".")[0]


def children(package: str) -> list[str]:
    """The public modules directly inside ``package`` (``""``: the top level),
    plain modules first, then subpackages."""
    found = [m for m in public_modules() if _parent(m) == package]
    return [m for m in found if not is_package(m)] + [m for m in found if is_package(m)]


def api_groups() -> list[tuple[str, list[str]]]:
    """The API reference by package: ``(title, modules)`` for the top-level
    modules and for each subpackage (the package first, then its modules;
    a nested package, such as ``rules.policies``, is a group of its own)."""
    top = [m for m in children("") if not is_package(m)]
    packages = [m for m in public_modules() if is_package(m)]
    rank = {name: i for i, name in enumerate(_PACKAGE_ORDER)}
    packages.sort(key=lambda m: (rank.get(m.split(".")[0], len(rank)), m))
    groups = [
        (f"unorules.{pkg}", [pkg, *(m for m in children(pkg) if not is_package(m))])
        for pkg in packages
    ]
    return [*groups, (TOP_LEVEL, top)]


def _defined_names(module: str) -> set[str]:
    """The names a module defines at its top level (not those it imports)."""
    names: set[str] = set()
    for node in _tree(module).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _exported(module: str) -> list[str]:
    """The names of a module's ``__all__``, read from its source."""
    for node in _tree(module).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(n) for n in value]
    return []


def _home_of(name: str, package: Any = unorules) -> str:
    """The module (without ``unorules.``) that defines a name that
    ``package`` (``unorules`` or one of its subpackages) gives: where a
    module, its own name; else the public module whose source defines the
    name, preferring the object's ``__module__``; ``""`` for the package's
    own names (``__version__``)."""
    obj = getattr(package, name)
    if isinstance(obj, type(unorules)):
        return obj.__name__.removeprefix("unorules.")
    modules = public_modules()
    home = getattr(obj, "__module__", None)
    if isinstance(home, str) and home.removeprefix("unorules.") in modules:
        module = home.removeprefix("unorules.")
        if name in _defined_names(module):
            return module
    return next((m for m in modules if name in _defined_names(m)), "")


def _module_table(modules: Iterable[str], page: str) -> list[str]:
    lines = ["| module | what it holds |", "|---|---|"]
    lines += [f"| [`unorules.{m}`]({api_link(m, page)}) | {_summary(m)} |" for m in modules]
    return lines


def _names_table(package: Any, names: Iterable[str], page: str, alias: str) -> list[str]:
    lines = ["| name | module |", "|---|---|"]
    modules = public_modules()
    for name in names:
        home = _home_of(name, package)
        cell = f"[`unorules.{home}`]({api_link(home, page)})" if home in modules else "`unorules`"
        lines.append(f"| `{alias}{name}` | {cell} |")
    return lines


def api_index() -> str:
    """The overview of the API reference."""
    page = "api/index.md"
    lines = [
        "# API reference",
        "",
        "`import unorules as ur` gives the names most programs need; each of them lives in "
        "one of the modules below, which have a page each. The package is built in "
        "subpackages: see [How unorules is built](../architecture.md).",
    ]
    for title, modules in api_groups():
        heading = title if title == TOP_LEVEL else f"`{title}`"
        lines += ["", f"## {heading}", ""]
        lines += _module_table(modules, page)
    lines += ["", "## `import unorules as ur`", ""]
    lines += _names_table(unorules, unorules.__all__, page, "ur.")
    return "\n".join(lines) + "\n"


def api_page(module: str) -> str:
    """The page of one module, rendered by mkdocstrings. A package's page
    shows its docstring, its modules and the names it gives, which are
    documented on the pages of the modules that define them."""
    if not is_package(module):
        return f"# `unorules.{module}`\n\n::: unorules.{module}\n"
    page = api_path(module)
    lines = [
        f"# `unorules.{module}`",
        "",
        f"::: unorules.{module}",
        "    options:",
        "      members: false",
        "",
        "## Modules",
        "",
        *_module_table(children(module), page),
    ]
    names = _exported(module)
    if names:
        package = importlib.import_module(f"unorules.{module}")
        lines += ["", f"## Names `unorules.{module}` gives", ""]
        lines += _names_table(package, names, page, "")
    return "\n".join(lines) + "\n"


# --- the slots of a rule set -------------------------------------------------------------


def _slot_protocols() -> dict[str, type]:
    """Slot -> the protocol its policy satisfies: the field types of
    :class:`RuleSet`."""
    attrs.resolve_types(RuleSet, globalns=vars(ruleset_module))
    protocols: dict[str, type] = {}
    for field in attrs.fields(RuleSet):
        if field.name in SLOTS:
            assert isinstance(field.type, type), field
            protocols[field.name] = field.type
    return protocols


def _own_members(protocol: type) -> list[tuple[str, Any]]:
    """The public members a protocol names (its own and its bases' within the
    package), in source order, but not ``rule_ids`` (every policy has it)."""
    found: dict[str, Any] = {}
    for base in reversed(protocol.__mro__):
        if not base.__module__.startswith("unorules."):
            continue
        for name in getattr(base, "__annotations__", {}):
            if not name.startswith("_"):
                found[name] = base.__annotations__[name]
        for name, value in vars(base).items():
            if not name.startswith("_") and (inspect.isfunction(value) or name not in found):
                found[name] = value
    found.pop("rule_ids", None)
    return list(found.items())


def _question(name: str, member: Any) -> str:
    """``name(params) -> returns`` of a method, ``name: type`` of an attribute."""
    if isinstance(member, property) and member.fget is not None:
        member = inspect.signature(member.fget).return_annotation
    if not inspect.isfunction(member):
        return f"`{name}: {member}`" if isinstance(member, str) else f"`{name}`"
    signature = inspect.signature(member)
    params = [str(p) for p in list(signature.parameters.values())[1:]]
    params = [text.replace("'", "") for text in params]
    returns = signature.return_annotation
    shown = f"`{name}({', '.join(params)})"
    if returns is not inspect.Signature.empty:
        shown += f" -> {str(returns).strip(chr(39))}"
    # A pipe inside a code span does not split a table's cell.
    return shown + "`"


_IDENT = re.compile(r"[A-Za-z_]\w*")


def _records(protocol: type) -> list[type]:
    """The record types the protocol's questions return: classes of the
    policies package named in a return annotation, with the records they
    hold (``DrawnCard`` holds an ``AfterDraw``)."""
    namespace = vars(sys.modules[protocol.__module__])
    found: list[type] = []

    def add(cls: Any) -> None:
        if (
            not inspect.isclass(cls)
            or not cls.__module__.startswith("unorules.rules.policies")
            or getattr(cls, "_is_protocol", False)
            or cls in found
        ):
            return
        found.append(cls)
        if attrs.has(cls):
            for field in attrs.fields(cls):
                held = field.type if isinstance(field.type, type) else None
                if isinstance(field.type, str):
                    held = vars(sys.modules[cls.__module__]).get(field.type)
                add(held)

    for _, member in _own_members(protocol):
        if inspect.isfunction(member):
            returns = inspect.signature(member).return_annotation
            for word in _IDENT.findall(str(returns)):
                add(namespace.get(word))
    return found


def _doc_link(cls: type, root: str) -> str:
    """A link to a class's entry on its module's page; ``root`` is the path
    from the linking page to the docs folder."""
    page = api_path(cls.__module__.removeprefix("unorules."))
    return f"[`{cls.__name__}`]({root}{page}#{cls.__module__}.{cls.__qualname__})"


def slot_policies() -> dict[str, dict[type, list[str]]]:
    """Slot -> the policy classes that fill it in the rule sets the presets
    build, each with the rule IDs it stands for there (empty: the slot's
    rule is off)."""
    found: dict[str, dict[type, list[str]]] = {slot: {} for slot in SLOTS}

    def note(rules: RuleSet, slot: str) -> None:
        policy = getattr(rules, slot)
        ids = found[slot].setdefault(type(policy), [])
        ids.extend(r for r in policy.rule_ids if r not in ids and presets.slot_of(r) == slot)

    for name in presets.names():
        rules = presets.get(name)
        for slot in SLOTS:
            note(rules, slot)
    for rule_id in presets.available():
        home = presets.slot_of(rule_id)
        if home is None:
            continue
        for base in presets.names():
            try:
                rules = presets.get(f"{base}+{rule_id}")
            except UnoError:
                continue
            note(rules, home)
    return found


def slot_table(root: str = "") -> str:
    """The Markdown table of every slot of :class:`RuleSet`: its protocol,
    the questions the engine asks it, the records they answer with, and the
    policies that fill it with their rule IDs. ``root`` is the path from
    the linking page to the docs folder."""
    policies = slot_policies()
    lines = [
        "| slot | protocol | questions (and attributes) | records returned | "
        "policies and their rule IDs |",
        "|---|---|---|---|---|",
    ]
    for slot, protocol in _slot_protocols().items():
        questions = [_question(n, m) for n, m in _own_members(protocol)]
        records = [_doc_link(r, root) for r in _records(protocol)]
        cells = []
        for cls, ids in policies[slot].items():
            named = ", ".join(rule_link(r, f"{root}rules/") for r in ids) or "off (no rule)"
            cells.append(f"{_doc_link(cls, root)}: {named}")
        lines.append(
            f"| `{slot}` | {_doc_link(protocol, root)} | {'<br>'.join(questions) or '—'} | "
            f"{', '.join(records) or '—'} | {'<br>'.join(cells)} |"
        )
    return "\n".join(lines) + "\n"


def fence_doctests(text: str) -> str:
    """Put the doctest examples of a docstring that stand outside an
    ``Examples:`` section (lines starting with ``>>>`` at the left margin,
    up to the next blank line) into ``pycon`` code blocks; Markdown would
    read their ``>`` as quotes."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    fence = False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if not fence and line.startswith(">>>") and (not out or not out[-1].strip()):
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            out += ["```pycon", *block, "```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class DoctestBlocks:
    """A Griffe extension, loaded by mkdocstrings (``extensions`` in
    mkdocs.yml): every docstring goes through :func:`fence_doctests`."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        """Called by Griffe for each module, class, function and attribute."""
        docstring = getattr(obj, "docstring", None)
        if docstring is not None:
            docstring.value = fence_doctests(docstring.value)


# --- all pages and the hook --------------------------------------------------------------


def pages(lang: str = "en") -> dict[str, str]:
    """Path (relative to the docs folder) -> Markdown of every generated page
    in ``lang``. English has them all; Swedish and Norwegian have the pages
    players read (the rules reference, the presets, the disputes and the
    glossary), and the site shows the English API reference in their place."""
    out = {
        "disputes.md": disputes_page(lang),
        "glossary.md": glossary_page(lang),
        "rules/index.md": rules_index(lang),
        "rules/presets.md": presets_page(lang),
    }
    for key in SECTIONS:
        out[f"rules/{key}.md"] = section_page(key, lang)
    if lang == "en":
        out["api/index.md"] = api_index()
        for module in public_modules():
            out[api_path(module)] = api_page(module)
    return out


_BUILT: dict[str, dict[str, str]] = {}
_OWN: dict[str, set[str]] = {}


def _pages_of(lang: str) -> dict[str, str]:
    """The pages of one language's build: its own, and the English pages it
    has no translation of. Worked out once per language."""
    if lang not in _BUILT:
        own = pages(lang)
        _OWN[lang] = set(own)
        if lang != "en":
            own = {**{p: x for p, x in _pages_of("en").items() if p not in own}, **own}
        _BUILT[lang] = own
    return _BUILT[lang]


_GRAMMAR_MARK = re.compile(r"<!-- grammar: (situation|moves) -->")
SLOTS_MARK = "<!-- slots -->"
"""Where a hand-written page gets the table of the slots (:func:`slot_table`)."""
SLOTS_END = "<!-- /slots -->"
"""The end of the table in the page's source, which holds it too (for a
reader of the repository; a test holds it to the code, and
``python docs/hooks.py slots`` writes it again)."""
_SLOTS_REGION = re.compile(re.escape(SLOTS_MARK) + r".*?" + re.escape(SLOTS_END), re.DOTALL)


def with_slot_table(markdown: str, root: str = "") -> str:
    """``markdown`` with the table of the slots between :data:`SLOTS_MARK`
    and :data:`SLOTS_END` written from the code (``root`` as for
    :func:`slot_table`)."""
    return _SLOTS_REGION.sub(
        lambda _: f"{SLOTS_MARK}\n\n{slot_table(root)}\n\n{SLOTS_END}", markdown
    )


def grammar(which: str) -> str:
    """The grammar of the situation or move notation, from the docstring of
    :mod:`unorules.notation` (the first or the second ``Grammar::`` block)."""
    doc = notation.__doc__ or ""
    pieces = doc.split("Grammar")
    index = {"situation": 1, "moves": 2}[which]
    block = pieces[index].split("::", 1)[1]
    lines: list[str] = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith(" "):
            break
        lines.append(line)
    return textwrap.dedent("\n".join(lines)).strip("\n")


_RUN_MARK = re.compile(r"^<!-- run(?: \(exit (\d+)\))?: (unorules .+?) -->$", re.MULTILINE)
"""Where a hand-written page shows a command and what it prints, run while
the site is built: ``<!-- run: unorules explain --lang sv "..." "..." -->``;
``<!-- run (exit 2): ... -->`` for a command that shows an error."""


def run_marks(markdown: str) -> list[tuple[str, int]]:
    """The commands a page runs (:data:`_RUN_MARK`), each with the exit
    status it is meant to end with."""
    return [(m.group(2), int(m.group(1) or 0)) for m in _RUN_MARK.finditer(markdown)]


def run_block(command: str, expected: int = 0) -> str:
    """A console block: ``command`` and what it prints. A command that ends
    otherwise than ``expected`` (one the command line of this build cannot
    run yet) is shown without output, and what it printed is logged."""
    code, out = _cli(shlex.split(command)[1:])
    if code != expected:
        import logging

        logging.getLogger("mkdocs.hooks").info("`%s` exits %s:\n%s", command, code, out)
        return f"```console\n$ {command}\n```"
    return f"```console\n$ {command}\n{out.rstrip()}\n```"


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill in the grammars of the notation from its docstring, the table
    of the slots of a rule set from the code, the output of the commands
    the translated pages run (:func:`run_block`), and on the pages that
    settle disputes (:data:`LINKED_PAGES`) a link to the dispute page after
    each command (:func:`link_commands`)."""
    if SLOTS_MARK in markdown:
        root = "../" * page.file.src_uri.count("/")
        markdown = with_slot_table(markdown, root)
    source = re.sub(r"\.(?:sv|nb)\.md$", ".md", page.file.src_uri)
    if source in LINKED_PAGES:
        i18n = config.plugins.get("i18n")
        lang = getattr(i18n, "current_language", None) or "en"
        markdown = link_commands(markdown, source, lang)
    markdown = _RUN_MARK.sub(lambda m: run_block(m.group(2), int(m.group(1) or 0)), markdown)
    return _GRAMMAR_MARK.sub(lambda m: f"```text\n{grammar(m.group(1))}\n```", markdown)


_SPHINX_ROLE = re.compile(r":(?:func|class|meth|mod|data|attr|exc|obj):(?=<code)")
_SHORT_NAME = re.compile(r"<code>~(?:[\w]+\.)*([\w]+)</code>")


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Drop the Sphinx role markers (``:func:``) that docstrings use in front
    of code names; the names themselves stay, and a name written with ``~``
    (``~unorules.engine.checking.check``) shows its last part, as in Sphinx."""
    return _SHORT_NAME.sub(r"<code>\1</code>", _SPHINX_ROLE.sub("", html))


def _extend(nav: list[Any], title: str, entries: list[Any]) -> None:
    for item in nav:
        if isinstance(item, dict) and title in item and isinstance(item[title], list):
            item[title].extend(e for e in entries if e not in item[title])
            return
    raise KeyError(f"mkdocs.yml: the nav has no section {title!r} to hold the generated pages")


def api_nav() -> list[Any]:
    """The API pages for the navigation, a section per group of
    :func:`api_groups` (a package's section opens on the package's page)."""
    return [
        {title: [api_path(m) if is_package(m) else {f"unorules.{m}": api_path(m)} for m in group]}
        for title, group in api_groups()
    ]


PLAYER_NAV = ("Home", "Settle a dispute", RULES_NAV)
"""The sections of the navigation that players read: in Swedish and
Norwegian they come first, and the English pages (for programmers) after."""

_NAV: list[Any] = []


def _build_language(config: Any) -> str:
    """The language being built: the i18n plugin's current language (before
    its first ``on_config``, the default one)."""
    i18n = config.plugins.get("i18n")
    return str(getattr(i18n, "current_language", None) or "en")


def language_nav(nav: list[Any], lang: str) -> list[Any]:
    """The navigation of ``lang``'s build from ``nav`` (mkdocs.yml's): the
    rules' sections under the rules reference; in English the API reference
    with a section per group of modules (:func:`api_nav`); in Swedish and
    Norwegian the players' sections first (:data:`PLAYER_NAV`) and the API
    reference as one link to its overview, its modules left out of the
    menu (they are English, and reached from the overview)."""
    import copy

    nav = copy.deepcopy(nav)
    _extend(nav, RULES_NAV, [{SECTIONS[k]: f"rules/{k}.md"} for k in SECTIONS])
    if lang == "en":
        _extend(nav, API_NAV, api_nav())
        return nav

    def title(item: Any) -> str:
        return next(iter(item)) if isinstance(item, dict) else ""

    first = [item for key in PLAYER_NAV for item in nav if title(item) == key]
    return first + [item for item in nav if item not in first]


def on_config(config: Any) -> Any:
    """The navigation of the language being built (:func:`language_nav`),
    and the headings of the rules' sections in Swedish and Norwegian in its
    translations."""
    if not _NAV:
        _NAV.extend(config["nav"])
    config["nav"] = language_nav(_NAV, _build_language(config))
    i18n = config.plugins.get("i18n")
    if i18n is not None:
        for language in i18n.config.languages:
            if language.locale in LANGUAGES and language.locale != "en":
                titles = language.nav_translations or {}
                titles.update({SECTIONS[k]: section_in(k, language.locale) for k in SECTIONS})
                language.nav_translations = titles
    return config


def _suffixed(path: str, lang: str) -> str:
    """``rules/index.md`` -> ``rules/index.sv.md``."""
    stem, _, extension = path.rpartition(".")
    return f"{stem}.{lang}.{extension}"


def _site_file(config: Any, path: str, text: str, lang: str) -> Any:
    """The generated page ``path`` in the build of ``lang``: where the
    language selector of the i18n plugin is on, a page at the language's
    address (``sv/rules/``) that knows its versions in the other languages."""
    from mkdocs.structure.files import File

    i18n = config.plugins.get("i18n")
    if i18n is None:
        return File.generated(config, path, content=text)
    from mkdocs_static_i18n.suffix import create_i18n_file

    def version(code: str) -> Any:
        own = code != i18n.default_language and path in pages_in(code)
        src = _suffixed(path, code) if own else path
        blank = File.generated(config, src, content="")
        return create_i18n_file(blank, code, i18n.default_language, i18n.all_languages, config)

    file = version(lang)
    file.content_string = text
    file.generated_by = "docs/hooks.py"
    for code in i18n.build_languages:
        if code != lang:
            file.alternates[code] = version(code)
    return file


def pages_in(lang: str) -> set[str]:
    """The paths of the generated pages that are written in ``lang``."""
    _pages_of(lang)
    return _OWN[lang]


@event_priority(-200)
def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site, in the language being built
    (after the i18n plugin has chosen that language's hand-written pages)."""
    i18n = config.plugins.get("i18n")
    lang = getattr(i18n, "current_language", None) or "en"
    for path, text in _pages_of(lang).items():
        if files.get_file_from_path(path) is not None:
            raise FileExistsError(f"docs/{path} is generated at build time; remove the file")
        file = _site_file(config, path, text, lang)
        files.append(file)
        if i18n is not None and file.is_documentation_page():
            i18n.i18n_files_per_language.setdefault(lang, []).append(file)
    return files


# --- each language's search and theme base ---------------------------------------------

LUNR_LANGUAGES = {"en": "en", "sv": "sv", "nb": "no"}
"""The lunr.js language of each language of the site (its word characters
and stop words; Norwegian Bokmål is lunr's ``no``)."""

SEARCH_PIPELINE = {"en": ["trimmer"], "sv": [], "nb": []}
"""Each language's search pipeline. No stemmer: the theme's search adds a
trailing wildcard to every word typed (``utmana`` is searched as
``utmana*``, to find words as they are typed), and lunr does not stem a word
with a wildcard: with the stemmer in the pipeline the index holds ``utman``
and the word typed whole finds nothing. Without it the index holds the words
as written, and a word finds every form that starts with it (``utmana``:
utmana, utmanar, utmanas). No stop words are dropped: "över", "over" and
"last" are words of the game. Swedish and Norwegian have no trimmer either:
lunr's trims every character that is not a letter of the language, digits
too ("Trekk 2" would be found as "Trekk"); their separator
(:data:`NORDIC_SEPARATOR`) splits words at punctuation instead."""

NORDIC_SEPARATOR = r"[\s\-–—+,.;:!?()\[\]{}«»\"“”'’/·]+"
"""Where Swedish and Norwegian text is split into words: spaces, dashes and
punctuation (``+`` too: ``+2`` is the word ``2``)."""

SEARCH_FIELDS = {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 10000.0}}
"""The fields of the Swedish and Norwegian indexes: a rule's search words
(:func:`search_words`, in ``tags``) weigh most, then the titles."""

OFFICIAL_BOOST = 1.5
"""How much more an official rule's section weighs in the Swedish and
Norwegian search than a variant's (a parent asking about a word wants
Mattel's rule first, the variants after)."""

OTHER_PAGES_BOOST = 0.5
"""How much a section of a page other than the rules reference (the
disputes, the glossary, the guide to the notation) weighs: a word finds
its rule first."""


def search_words(rule_id: str, lang: str) -> list[str]:
    """The words a player of ``lang`` types to find ``rule_id``: its other
    names (``also_called`` of ``docs/texts.toml``, said on its page) and its
    everyday words (``search_words``). The search index holds them as the
    section's tags (the theme shows them under the result)."""
    also: dict[str, list[str]] = TEXTS["also_called"].get(lang, {})
    more: dict[str, list[str]] = TEXTS["search_words"].get(lang, {})
    return [*also.get(rule_id, []), *more.get(rule_id, [])]


_PAGE_LANG: dict[str, str] = {}
"""The address of each page built -> the language its text is in (the
English pages of the Swedish and Norwegian builds are English)."""

_SEARCH: dict[str, dict[str, Any]] = {}
"""Language -> its search index (``config`` and ``docs``), as built."""

_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
_ARTICLE = '<article class="md-content__inner md-typeset">'


def page_language(page: Any, lang: str) -> str:
    """The language a page's text is in: its file's locale (the i18n
    plugin's), else the build's."""
    return str(getattr(page.file, "locale", None) or lang)


def language_base(url: str, lang: str) -> str:
    """The relative address from the page at ``url`` (below the site's
    root) to the root of ``lang``'s pages: ``sv/rules/wd4/`` -> ``../..``,
    ``sv/`` -> ``.``; for English, the site's root (``rules/`` -> ``..``)."""
    parts = [p for p in url.split("/") if p]
    if url and not url.endswith("/"):
        parts = parts[:-1]  # a file (404.html), not a folder
    if lang != "en" and parts[:1] == [lang]:
        parts = parts[1:]
    return "/".join([".."] * len(parts)) or "."


def with_language_base(html_text: str, url: str, lang: str) -> str:
    """The page's theme settings (``__config``) with ``base`` at the root of
    the build's language, as the theme reads it for a site of its own: the
    search index is ``base`` + ``search/search_index.json`` (each language
    its own) and results' addresses are relative to it. ``root`` keeps the
    site's root (the engine, the service worker and the assets lie there)."""

    def rewrite(match: re.Match[str]) -> str:
        settings = json.loads(match.group(2))
        settings["root"] = settings.get("base", ".")
        settings["base"] = language_base(url, lang)
        text = json.dumps(settings).replace("<", "\\u003c").replace(">", "\\u003e")
        return match.group(1) + text + match.group(3)

    return _CONFIG.sub(rewrite, html_text, count=1)


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Each page of a Swedish or Norwegian build with the theme's ``base``
    at its language's root (:func:`with_language_base`); a page whose text
    is English (the API reference, the changelog, the programmers' guides)
    marks its content ``lang="en"``."""
    lang = _build_language(config)
    own = page_language(page, lang)
    _PAGE_LANG[page.url] = own
    output = with_language_base(output, page.url, lang)
    if own != lang:
        output = output.replace(_ARTICLE, _ARTICLE[:-1] + f' lang="{own}">', 1)
    return output


def _search_plugin(config: Any) -> Any:
    return config.plugins.get("material/search") or config.plugins.get("search")


def language_index(
    entries: Iterable[Mapping[str, Any]], lang: str, plugin_config: Any
) -> dict[str, Any]:
    """The search index of ``lang``: the sections of the pages written in it
    (:data:`_PAGE_LANG`), each address relative to the language's root,
    read with the language's lunr words (:data:`LUNR_LANGUAGES`) and
    pipeline (:data:`SEARCH_PIPELINE`). In Swedish and Norwegian a rule's
    section holds its search words (:func:`search_words`) and weighs more
    when the rule is official (:data:`OFFICIAL_BOOST`), other pages less
    (:data:`OTHER_PAGES_BOOST`)."""
    prefix = "" if lang == "en" else f"{lang}/"
    docs = []
    for entry in entries:
        location = str(entry["location"])
        page, _, anchor = location.partition("#")
        if not page.startswith(prefix) or _PAGE_LANG.get(page, lang) != lang:
            continue
        if lang == "en" and any(page.startswith(f"{code}/") for code in LANGUAGES):
            continue
        doc = {**entry, "location": location[len(prefix) :]}
        if lang != "en":
            if page.startswith(f"{prefix}rules/") and anchor in CATALOGUE:
                found = search_words(anchor, lang)
                if found:
                    doc["tags"] = found
                if CATALOGUE[anchor].official:
                    doc["boost"] = OFFICIAL_BOOST
            elif not page.startswith(f"{prefix}rules/"):
                doc["boost"] = OTHER_PAGES_BOOST
        docs.append(doc)
    if lang == "en":
        separator = plugin_config.get("separator") or r"[\s\-]+"
        fields = plugin_config.get("fields") or {}
    else:
        separator, fields = NORDIC_SEPARATOR, SEARCH_FIELDS
    config = {
        "lang": [LUNR_LANGUAGES[lang]],
        "separator": separator,
        "pipeline": SEARCH_PIPELINE[lang],
        "fields": fields,
    }
    return {"config": config, "docs": docs}


@event_priority(-50)
def keep_search_index(config: Any) -> None:
    """Keep the search index of the language just built (the theme's search
    plugin has indexed its pages; the i18n plugin, which builds the other
    languages next, later writes one index of every language). Then
    :func:`write_search_indexes`."""
    plugin = _search_plugin(config)
    if plugin is None or not hasattr(plugin, "search_index"):
        return
    lang = _build_language(config)
    entries = getattr(plugin.search_index, "entries", [])
    _SEARCH[lang] = language_index(entries, lang, plugin.config)


@event_priority(-200)
def write_search_indexes(config: Any) -> None:
    """Write each language's own search index where its pages look for it:
    ``search/search_index.json`` below the language's root (``sv/search/``,
    ``nb/search/``; English at the site's root), over the one the i18n
    plugin wrote for all languages together."""
    site = Path(config["site_dir"])
    for lang, index in _SEARCH.items():
        folder = site if lang == "en" else site / lang
        path = folder / "search" / "search_index.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")


on_post_build = CombinedEvent(keep_search_index, write_search_indexes)


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["slots"]:
        # Write the table of the slots into the architecture page's source.
        page = Path(__file__).parent / "architecture.md"
        page.write_text(with_slot_table(page.read_text(encoding="utf-8")), encoding="utf-8")
