"""Babel extractors for texts that are data rather than calls: the rules
catalogue (titles, summaries, texts, interpretations, sections, sources) and
the presets' descriptions, for the ``rules`` gettext domain.

Used by ``pybabel extract`` through ``babel/rules.cfg``; not needed at run
time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

__all__ = ["extract_rules"]

_Message = tuple[int, str, str, list[str]]


def extract_rules(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[_Message]:
    """Yield ``(line, funcname, message, comments)`` for every text of the
    module ``fileobj`` is: the catalogue or the presets; nothing for another
    file."""
    name = getattr(fileobj, "name", "")
    if name.endswith("catalogue.py"):
        yield from _catalogue()
    elif name.endswith("presets.py"):
        yield from _presets()


def _catalogue() -> Iterator[_Message]:
    from unorules.rules.catalogue import CATALOGUE, SECTIONS, SOURCES

    for key, heading in SECTIONS.items():
        yield 0, "_", heading, [f"section {key}"]
    for key, what in SOURCES.items():
        yield 0, "_", what, [f"source {key}"]
    for info in CATALOGUE.values():
        yield 0, "_", info.title, [f"{info.id}: title"]
        yield 0, "_", info.summary, [f"{info.id}: summary"]
        yield 0, "_", info.text, [f"{info.id}: text"]
        if info.interpretation:
            yield 0, "_", info.interpretation, [f"{info.id}: interpretation"]


def _presets() -> Iterator[_Message]:
    from unorules.rules.presets import PRESETS, TITLES

    for key, (_, description) in PRESETS.items():
        if key in TITLES:
            yield 0, "_", TITLES[key], [f"preset {key}: title"]
        yield 0, "_", description, [f"preset {key}: description"]
