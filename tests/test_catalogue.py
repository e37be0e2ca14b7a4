"""The rules catalogue against its specification, RULES.md (tests/spec/RULES.md:
the rules catalogue's specification as the project keeps it, in the repository)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unorules.errors import RuleSetError
from unorules.rules.catalogue import CATALOGUE, SECTIONS, SOURCES, RuleInfo, nearest, rule, rule_ids

RULES_MD = Path(__file__).resolve().parent / "spec" / "RULES.md"

# RULES.md §0, the `official` preset ("all of §2 setup.* but setup.dealer-draw" spelled out).
OFFICIAL = frozenset(
    {
        "deck.classic-108",
        "players.range",
        "setup.deal",
        "setup.start-card",
        "setup.first-player",
        "setup.dealer-rotates",
        "start.skip",
        "start.reverse.dealer",
        "start.draw-two",
        "start.wild",
        "start.wild-draw-four",
        "play.match",
        "play.one-card",
        "play.in-turn",
        "wild.any-time",
        "wd4.no-matching-colour",
        "draw.one-then-may-play",
        "draw.allowed-when-playable",
        "action.skip",
        "action.reverse",
        "action.draw-two",
        "action.wild",
        "action.wild-draw-four",
        "action.two-player-reverse",
        "uno.call",
        "uno.penalty",
        "uno.window-closes",
        "challenge.wd4",
        "end.last-card",
        "end.last-card-draw-applies",
        "pile.reshuffle",
        "pile.exhausted",
        "pile.nothing-to-draw",
        "info.hand-sizes-public",
        "score.card-values",
        "score.winner-takes",
        "score.target",
    }
)

_ROW = re.compile(r"^\|\s*`([^`]+)`\s*\|(.*)\|(.*)\|\s*$")
_HEADING = re.compile(r"^#{2,3}\s+(?:\d+\.\s+)?(.*)$")


def _rows() -> list[tuple[str, str, str, str]]:
    """(section key, ID, rule cell, src cell) for every table row of RULES.md, in order."""
    rows = []
    section = ""
    for line in RULES_MD.read_text(encoding="utf-8").splitlines():
        heading = _HEADING.match(line)
        if heading:
            title = heading.group(1)
            section = next((key for key, name in SECTIONS.items() if title.startswith(name)), "")
            continue
        row = _ROW.match(line)
        if row:
            rows.append((section, row.group(1), row.group(2).strip(), row.group(3).strip()))
    return rows


# The catalogue's IDs beyond RULES.md: house rules other open engines offer,
# each citing that engine (source "uno-online").
BEYOND_RULES_MD = {
    "house.misplay-penalty",
    "house.multiple-same-number",
    "house.bomb",
    "start.wd4-bottom",
    "start.wild-skipped",
    "score.double",
    # uno-online's options (issue: every house rule of the most complete open engine)
    "house.stack-draw-two-on-four",
    "house.reverse-deflect",
    "house.skip-deflect",
    "house.revenge",
    "house.seven-swap",
    "house.zero-pass",
    "house.jump-in-wild",
    "house.hand-limit",
    "house.open-below",
    "house.blind-draw",
    "uno.call-at-one",
    "uno.none",
    "uno.catch-any-time",
    "end.no-draw-card-last",
    "end.no-wild-last",
    "challenge.penalty",
    "score.most-cards-out",
    "house.teams",
    "house.blitz",
    "house.shuffle-seats",
}
# The sections of the other editions: RULES.md is the classic game's.
EDITIONS = {"all-wild", "no-mercy", "flip"}
EDITION_IDS = {rid for rid, info in CATALOGUE.items() if info.section in EDITIONS}


def test_ids_match_rules_md() -> None:
    ids = [rule_id for _, rule_id, _, _ in _rows()]
    assert len(ids) == len(set(ids)), "RULES.md lists an ID twice"
    assert set(ids) == set(CATALOGUE) - BEYOND_RULES_MD - EDITION_IDS
    for rule_id in BEYOND_RULES_MD:
        # uno-online's option, and where they speak the house-rule lists and Mattel.
        sources = CATALOGUE[rule_id].sources
        assert "uno-online" in sources, rule_id
        assert set(sources) <= {"uno-online", "house lists", "Mattel"}, rule_id


def test_every_edition_rule_is_named_after_its_edition_and_cites_a_source() -> None:
    # all-wild.deck, all-wild.no-colour, ...: nine rules of UNO All Wild.
    assert len([r for r in EDITION_IDS if r.startswith("all-wild.")]) == 9
    # no-mercy.deck, no-mercy.mercy, ...: fourteen rules of UNO Show 'em No Mercy.
    assert len([r for r in EDITION_IDS if r.startswith("no-mercy.")]) == 14
    # flip.deck, flip.flip, ...: eleven rules of UNO Flip.
    assert len([r for r in EDITION_IDS if r.startswith("flip.")]) == 11
    for rule_id in EDITION_IDS:
        info = CATALOGUE[rule_id]
        assert rule_id.startswith(info.section + "."), rule_id
        assert info.sources and not info.official, rule_id


def test_order_sections_sources_and_interpretations_follow_rules_md() -> None:
    rows = _rows()
    assert [rule_id for _, rule_id, _, _ in rows] == [
        r for r in rule_ids() if r not in BEYOND_RULES_MD and r not in EDITION_IDS
    ]
    for section, rule_id, cell, src in rows:
        info = CATALOGUE[rule_id]
        assert info.section == section, rule_id
        assert (info.interpretation is not None) == ("**interp.**" in cell), rule_id
        if src == "—":
            assert info.sources == (), rule_id
            continue
        named = {key for key in SOURCES if key in src}
        if src == "all":
            named = {"000", "002", "003", "004"}
        assert named <= set(info.sources), rule_id
        assert set(info.sources) <= named | {"Mattel"}, rule_id


def test_texts_are_not_copied_from_rules_md() -> None:
    cells = [cell for _, _, cell, _ in _rows() if len(cell) > 60]
    assert cells
    for info in CATALOGUE.values():
        for field in (info.title, info.summary, info.text, info.interpretation or ""):
            for cell in cells:
                assert cell not in field, info.id
    # Stricter: no run of 50 characters of any rule cell reappears in a text.
    windows = {cell[i : i + 50] for cell in cells for i in range(len(cell) - 49)}
    for info in CATALOGUE.values():
        text = info.text
        copied = [text[i : i + 50] for i in range(len(text) - 49) if text[i : i + 50] in windows]
        assert not copied, (info.id, copied[:1])


def test_entries_are_well_formed() -> None:
    assert list(SECTIONS) == [
        "components",
        "setup",
        "start",
        "turn",
        "actions",
        "uno",
        "challenge",
        "end",
        "scoring",
        "house",
        "all-wild",
        "no-mercy",
        "flip",
    ]
    assert {"000", "002", "003", "004", "Mattel", "house lists"} <= set(SOURCES)
    for rule_id, info in CATALOGUE.items():
        assert isinstance(info, RuleInfo)
        assert info.id == rule_id
        assert info.section in SECTIONS, rule_id
        assert "\n" not in info.summary and len(info.summary) <= 100, rule_id
        assert 2 <= len(info.title.split()) <= 6, rule_id
        assert info.text and info.text[-1] in ".!?", rule_id
        assert all(source in SOURCES for source in info.sources), rule_id
        assert len(set(info.sources)) == len(info.sources), rule_id


def test_official_flags_match_the_preset() -> None:
    assert {rule_id for rule_id, info in CATALOGUE.items() if info.official} == OFFICIAL


def test_target_text_names_the_default() -> None:
    assert "500" in rule("score.target").text


def test_rule_looks_up_by_id() -> None:
    assert rule("action.skip") is CATALOGUE["action.skip"]
    assert rule_ids()[0] == "deck.classic-108"
    assert len(rule_ids()) == len(CATALOGUE)


def test_unknown_id_suggests_the_nearest() -> None:
    with pytest.raises(RuleSetError) as caught:
        rule("wd4.no-matching-color")
    assert "wd4.no-matching-colour" in str(caught.value)
    assert caught.value.rule_ids == ("wd4.no-matching-color",)
    assert nearest("wd4.no-matching-color")[0] == "wd4.no-matching-colour"
    assert len(nearest("house.stack", n=3)) <= 3


def test_unknown_id_with_nothing_close() -> None:
    with pytest.raises(RuleSetError, match="unorules rules"):
        rule("qqqqqq")
    assert nearest("qqqqqq") == ()
    with pytest.raises(ValueError):
        nearest("action.skip", n=0)


def test_catalogue_is_read_only() -> None:
    with pytest.raises(TypeError):
        CATALOGUE["x"] = CATALOGUE["action.skip"]  # type: ignore[index]
