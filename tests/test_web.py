"""unorules.web.settle: the dispute page's answer, without a browser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from unorules.cli import main
from unorules.web import settle

SITUATION = "top R7; hands R3 W+4 G5 / ?7 / ?7; turn 0"
MOVE = "0 play W+4 blue"


def _cli(*args: str) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["explain", *args])
    return out.getvalue()


def test_settle_gives_what_the_command_prints() -> None:
    r = settle(SITUATION, MOVE)
    assert r["verdict"] == "bluff"
    assert r["rule_ids"] == ["wd4.no-matching-colour", "challenge.wd4"]
    assert r["short"] == f"{r['headline']}\n{r['next']}"
    data = json.loads(_cli(SITUATION, MOVE, "--json"))
    last = data["verdict"]
    assert last["verdict"] == r["verdict"]
    assert [rule["id"] for rule in last["rules"]] == r["rule_ids"]
    # The command's text is the same words, wrapped for a terminal.
    assert _cli(SITUATION, MOVE).split() == r["short"].split()
    json.dumps(r)  # JSON-ready


@pytest.mark.parametrize("lang", ["sv", "nb"])
def test_settle_speaks_the_language(lang: str) -> None:
    situation = "top R7; hands R3 W+4 Gr5 / ?7 / ?7; turn 0"
    r = settle(situation, "0 play W+4 blue", lang=lang)
    assert "error" not in r, r
    assert r["lang"] == lang
    assert _cli(situation, "0 play W+4 blue", "--lang", lang).split() == r["short"].split()


def test_moves_before_the_last_are_applied() -> None:
    r = settle("top R7; hands R3 R5 / G2 G4; turn 0", "0 play R3; 1 play G4")
    assert r["applied"] == 2 and r["total"] == 2
    assert [m["verdict"] for m in r["moves"]] == ["legal", "illegal"]
    assert r["verdict"] == "illegal"


def test_unknown_cards_are_assumed_as_the_command_does() -> None:
    r = settle("top R7; hands ?3 / ?7; turn 0", "0 play W+4 red")
    data = json.loads(_cli("top R7; hands ?3 / ?7; turn 0", "0 play W+4 red", "--json"))
    assert r["assumes"] == data["assumes"]
    assert r["verdict"] == data["verdict"]["verdict"]


def test_a_mistake_is_said_in_the_language() -> None:
    r = settle("top R7", "0 play R3", lang="sv")
    assert set(r) == {"error", "lang"} and r["lang"] == "sv"
    assert "läget" in r["error"]
    assert "error" in settle(SITUATION, MOVE, rules="no-such-preset")
    assert "error" in settle(SITUATION, MOVE, lang="xx")


def test_importing_settle_leaves_the_command_line_out() -> None:
    code = (
        "import sys, unorules.web; "
        "print(sorted(m for m in ('unorules.cli', 'argparse', 'multiprocessing') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_build_without_npm_or_pip_goes_on_without_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Offline (npm cannot install Pyodide), the site's ``engine/`` is left
    out, stale files of an earlier build too: the page says it is
    unavailable (tests/test_web_page.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "unorules_docs_engine_hook", Path(__file__).parents[1] / "docs" / "engine_hook.py"
    )
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    monkeypatch.setattr(hooks, "_pyodide_dir", lambda: None)
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "manifest.json").write_text("{}")
    assert hooks.write_engine(tmp_path) is False
    assert not (tmp_path / "engine").exists()
    monkeypatch.setenv("UNORULES_SITE_ENGINE", "0")
    monkeypatch.setattr(hooks, "_pyodide_dir", lambda: pytest.fail("not asked"))
    assert hooks.write_engine(tmp_path) is False


def _engine_hook() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "unorules_docs_engine_hook_cache", Path(__file__).parents[1] / "docs" / "engine_hook.py"
    )
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    return hooks


def test_the_engine_cache_takes_whole_folders_only(tmp_path: Path) -> None:
    """Builds running at once (parallel test workers) share ``.cache``: an
    entry appears in one rename, a complete one another build put there
    first is kept, and a broken one (a file where the folder belongs, an
    empty folder) is replaced."""
    hooks = _engine_hook()

    def complete(folder: Path) -> bool:
        return (folder / "unorules.whl").is_file()

    def built(text: str) -> Path:
        building = hooks._building(tmp_path)
        assert building.parent == tmp_path and building.name.startswith(".")
        (building / "unorules.whl").write_text(text)
        return building

    final = tmp_path / "0123"
    final.write_text("half a wheel")  # what the race used to leave
    assert hooks._publish(built("first"), final, complete) == final
    assert (final / "unorules.whl").read_text() == "first"
    assert hooks._publish(built("second"), final, complete) == final
    assert (final / "unorules.whl").read_text() == "first"  # the winner stays
    (final / "unorules.whl").unlink()
    hooks._publish(built("third"), final, complete)
    assert (final / "unorules.whl").read_text() == "third"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["0123"]  # nothing left over
    (tmp_path / "old").mkdir()
    (tmp_path / "4567").write_text("a wheel left as a file")
    running = hooks._building(tmp_path)
    hooks._remove_others(tmp_path, {"0123"})
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["0123", running.name])


# --- what the page's taps, rule-set controls and compare tab use -----------------------


def test_settle_links_each_cited_rule_to_its_page() -> None:
    from unorules.explanations.languages import rule_in

    r = settle(SITUATION.replace("G5", "Gr5"), MOVE, lang="sv")
    assert r["cited"][0] == {
        "id": "wd4.no-matching-colour",
        "title": rule_in("wd4.no-matching-colour", "sv").title,
        "page": "rules/turn/#wd4.no-matching-colour",
    }
    assert [c["id"] for c in r["cited"]] == r["rule_ids"]
    named = settle(SITUATION + "; names Anna Bo Cilla", "Anna play W+4 blue")
    assert named["names"] == ["Anna", "Bo", "Cilla"]
    assert "Bo" in named["headline"]


def test_rule_pages_are_pages_of_the_rules_reference() -> None:
    from unorules.rules.catalogue import CATALOGUE
    from unorules.web import rule_page

    for rid, info in CATALOGUE.items():
        page, anchor = rule_page(rid).split("#")
        assert page == f"rules/{info.section}/" and anchor == rid


def test_compare_judges_under_each_rule_set() -> None:
    from unorules.web import compare

    # Dispute 3: stacking a Draw Two is refused officially, allowed with the house rule.
    situation, moves = "top R5; hands R+2 R4 / B+2 G7 / ?5; turn 0", "0 play R+2; 1 play B+2"
    r = compare(situation, moves, "official,official+house.stack-draw-two")
    assert [row["rules"] for row in r["rows"]] == ["official", "official+house.stack-draw-two"]
    assert [row["verdict"] for row in r["rows"]] == ["illegal", "legal"]
    assert r["differs"]["verdict"] is True
    for row in r["rows"]:
        alone = settle(situation, moves, rules=row["rules"])
        assert row["short"] == alone["short"] and row["rule_ids"] == alone["rule_ids"]
    same = compare(SITUATION, MOVE, ["official", "svenska"])
    assert same["differs"]["verdict"] is False
    assert compare(SITUATION, MOVE, "official")["error"] == (
        "choose at least two rule sets to compare"
    )
    assert compare(SITUATION, MOVE, "official,official")["error"] == ("'official' is chosen twice")
    # A rule set that cannot judge the dispute is a row of its own.
    bad = compare(SITUATION.replace("G5", "Gr5"), MOVE, "official,nonsense,two-decks", lang="sv")
    assert [row["rules"] for row in bad["rows"]] == ["official", "nonsense", "two-decks"]
    assert bad["rows"][0]["verdict"] == "bluff"
    assert "nonsense" in bad["rows"][1]["error"]
    assert "11" in bad["rows"][2]["error"]  # two decks seat 11 to 20 players
    # A mistake in the situation: every rule set fails, one error.
    assert set(compare("top R7", MOVE, "official,svenska")) == {"error", "lang"}


def test_read_situation_gives_the_parts_back() -> None:
    from unorules.web import read_situation

    r = read_situation(
        "top W+4 blue; hands R3 ?2 G5 / -; turn 1; dir ccw; draw Y4 G2; names Anna Olle"
    )
    assert r["top"] == "W+4" and r["colour"] == "blue"
    assert r["hands"] == [{"known": ["R3", "G5"], "unknown": 2}, {"known": [], "unknown": 0}]
    assert (r["turn"], r["direction"], r["draw"], r["names"]) == (
        1,
        "ccw",
        ["Y4", "G2"],
        ["Anna", "Olle"],
    )
    assert r["dealer"] is None and r["scores"] is None and r["discard"] is None
    sv = read_situation("topp grön sjua; händer Gu3 / ?4", "sv")
    assert sv["top"] == "G7" and sv["hands"][0]["known"] == ["Y3"]
    bad = read_situation("top G7; hands R3 / ?4", "sv")
    assert set(bad) == {"error", "lang"} and "Gr7" in bad["error"]
    assert "error" in read_situation("hands R3 / ?4")


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_write_situation_is_read_back_the_same(lang: str) -> None:
    from unorules.web import read_situation, write_situation

    table = {
        "top": "W",
        "colour": "green",
        "hands": [{"known": ["G3", "Y+2"], "unknown": 1}, {"known": [], "unknown": 4}, {}],
        "turn": 2,
        "direction": "ccw",
        "draw": ["GS", "Y0"],
        "names": ["Anna", "Bo", "Cilla"],
    }
    text = write_situation(table, lang)
    back = read_situation(text, lang)
    assert "error" not in back, (text, back)
    assert back["hands"] == [
        {"known": ["G3", "Y+2"], "unknown": 1},
        {"known": [], "unknown": 4},
        {"known": [], "unknown": 0},
    ]
    assert (back["top"], back["colour"], back["turn"], back["direction"]) == (
        "W",
        "green",
        2,
        "ccw",
    )
    assert back["draw"] == ["GS", "Y0"] and back["names"] == ["Anna", "Bo", "Cilla"]
    if lang != "en":
        assert "Gr3" in text and "Gu+2" in text and " G3" not in text


def test_write_situation_refuses_what_is_not_a_card() -> None:
    from unorules.errors import SituationError
    from unorules.web import write_situation

    with pytest.raises(SituationError, match="hand 0: 'X9' is not a card code"):
        write_situation({"top": "R7", "hands": [{"known": ["X9"]}, {}]})
    with pytest.raises(SituationError, match="top card and the hands"):
        write_situation({"hands": [{}, {}]})
    with pytest.raises(SituationError, match="'mauve' is not a colour"):
        write_situation({"top": "W", "colour": "mauve", "hands": [{}, {}]})


def test_rules_data_makes_one_choice_of_each_rules_readings() -> None:
    from unorules.rules import presets
    from unorules.web import rules_data

    data = rules_data("nb")
    choices = {ch["key"]: ch for c in data["concerns"] for ch in c["choices"]}
    options = {ch["key"]: [o["id"] for o in ch["options"]] for ch in choices.values()}
    # Two readings of one rule are one choice, not two switches.
    assert options["wd4.no-matching-colour"] == [
        "wd4.no-matching-colour",
        "wd4.no-playable-card",
        "wd4.unrestricted",
    ]
    assert options["end.last-card-draw-applies"] == [
        "end.last-card-draw-applies",
        "end.last-card-no-effect",
    ]
    assert "start.number-only" in options["start.reverse.dealer"]
    assert options["house.stack-draw-two"] == ["house.stack-draw-two"]
    assert choices["house.stack-draw-two"]["required"] is False
    assert choices["wd4.no-matching-colour"]["required"] is True
    every = [rid for ids in options.values() for rid in ids]
    assert len(every) == len(set(every))
    assert {p["name"] for p in data["presets"]} == set(presets.names())
    assert data["defaults"]["svenska"]["end.last-card-draw-applies"] == "end.last-card-no-effect"
    assert data["defaults"]["official"]["house.stack-draw-two"] is None
    json.dumps(data)


def test_rule_set_strings_give_the_rules_chosen() -> None:
    from unorules.rules import presets
    from unorules.rules.catalogue import EDITIONS
    from unorules.web import rule_set, rules_data

    data = rules_data("en")
    defaults = data["defaults"]
    for name in presets.names():
        assert rule_set(name, defaults[name]) == name
        if any(rid.split(".")[0] in EDITIONS for rid in presets.get(name).rule_ids):
            continue  # an edition's rules come with its preset only
        # The same rules written from the official ones: every choice that differs.
        spelled = rule_set("official", defaults[name])
        assert set(presets.get(spelled).rule_ids) == set(presets.get(name).rule_ids), name
    assert rule_set("svenska", {"house.stack-draw-two": "house.stack-draw-two"}) == (
        "svenska+house.stack-draw-two"
    )
    # A choice left as the preset has it does not take off an option that
    # brings its rule (house.seven-optional brings house.seven-zero).
    assert rule_set(
        "official", {"house.seven-optional": "house.seven-optional", "house.seven-zero": None}
    ) == ("official+house.seven-optional")
    # Turning house.jump-in off under letsuno-party takes house.jump-in-wild with it.
    off_wild = rule_set("letsuno-party", {"house.jump-in": None})
    assert "house.jump-in" not in presets.get(off_wild).rule_ids
    # Turning off a switch the preset has on: spelled from the official rules.
    off = rule_set("kitchen-table", {"house.jump-in": None})
    assert off.startswith("official+") and "house.jump-in" not in off
    rules = presets.get(off)
    assert "house.jump-in" not in rules.rule_ids
    assert {"house.stack-draw-two", "house.seven-zero"} <= set(rules.rule_ids)


def test_every_choice_under_every_preset_gives_a_rule_set_holding_it() -> None:
    """Each option of each choice, picked on top of each preset, gives a rule
    set with that option in force (or one the library refuses because the
    pick contradicts another rule of that rule set, never because the string
    is badly made)."""
    from unorules.errors import RuleSetError
    from unorules.rules import presets
    from unorules.web import rule_set, rules_data

    data = rules_data("en")
    refused = []
    # Under an edition most readings of the classic game cannot hold (no
    # colour to restrict a Wild by in All Wild): those are refused too.
    edition_presets = {"all-wild", "no-mercy"}
    for name in presets.names():
        for concern in data["concerns"]:
            for choice in concern["choices"]:
                picks = [o["id"] for o in choice["options"]]
                if not choice["required"]:
                    picks.append(None)
                for pick in picks:
                    spec = rule_set(name, {choice["key"]: pick})
                    try:
                        rules = presets.get(spec)
                    except RuleSetError as e:
                        assert "contradict" in str(e) or "disagree" in str(e), (spec, str(e))
                        if name not in edition_presets:
                            refused.append(spec)
                        continue
                    ids = set(rules.rule_ids)
                    options = {o["id"] for o in choice["options"]}
                    assert ids & options == ({pick} if pick else set()), (name, pick, spec)
    # Few picks contradict the rest of a preset (e.g. a last Wild Shuffle
    # Hands that redeals under svenska's "the last card has no effect", or
    # doubled points where a single round scores nothing, or a challenge
    # option under letsuno-crazy, which has no challenge): 34 of 4,000 or so.
    assert len(refused) < 40, refused


def test_a_row_says_when_an_earlier_move_is_refused() -> None:
    """Under kitchen-table (seven-zero) a 7 needs a seat to swap with: move 1
    is refused, so seat 1's draw is never reached."""
    from unorules.web import compare

    r = compare(
        "top R5; hands R7 G2 / ?7 / ?7; turn 0", "0 play R7; 1 draw", "official,kitchen-table"
    )
    official, kitchen = r["rows"]
    assert official["stopped_at"] is None and official["stopped"] == ""
    assert kitchen["stopped_at"] == 1
    assert kitchen["stopped"] == (
        "move 1 (0 play R7) is refused first, so the last move is never reached"
    )
    assert r["differs"]["verdict"] is True


@pytest.mark.parametrize("lang", ["en", "sv", "nb"])
def test_contradicting_rules_are_named_for_a_player(lang: str) -> None:
    from unorules.explanations.languages import rule_in

    r = settle("top R7; hands R3 / ?5; turn 0", "0 play R3", "kids+challenge.anyone", lang)
    assert set(r) == {"error", "lang"}
    for rid in ("challenge.anyone", "challenge.none"):
        # By the titles a player reads; the rule IDs stay out of a player's words.
        assert f"«{rule_in(rid, lang).title}»" in r["error"], r["error"]
        assert rid not in r["error"], r["error"]
    assert "ChallengeWd4" not in r["error"] and "slot" not in r["error"]


def test_in_force_shows_the_choices_a_rule_makes() -> None:
    from unorules.web import in_force

    kids = in_force("official+house.kids")
    assert kids["choices"]["uno.penalty"] == "uno.reminder"
    assert kids["choices"]["challenge.wd4"] == "challenge.none"
    assert kids["choices"]["house.kids"] == "house.kids"
    assert kids["seven_zero"] is False
    assert in_force("official+house.seven-optional")["seven_zero"] is True
    assert in_force("kitchen-table")["seven_zero"] is True
    assert set(in_force("nonsense")) == {"error", "lang"}


@pytest.mark.parametrize(
    "call",
    [
        lambda w: w.settle(None, "0 draw"),
        lambda w: w.settle("top R7; hands R3 / ?5", ["0 draw"]),
        lambda w: w.settle("top R7; hands R3 / ?5", "0 draw", 5),
        lambda w: w.compare(b"top R7", "0 draw", "official,svenska"),
        lambda w: w.compare("top R7; hands R3 / ?5", "0 draw", None),
        lambda w: w.compare("top R7; hands R3 / ?5", "0 draw", 1),
        lambda w: w.read_situation(None),
        lambda w: w.read_situation({"top": "R7"}),
        lambda w: w.in_force(None),
    ],
)
def test_wrong_types_come_back_as_errors(call: Any) -> None:
    import unorules.web as web

    r = call(web)
    assert set(r) == {"error", "lang"} and "must be text" in r["error"], r


@pytest.mark.parametrize(
    "table",
    [
        [],
        "top R7",
        {"top": "R7", "hands": [None, {}]},
        {"top": "R7", "hands": [{"unknown": "x"}, {}]},
        {"top": "R7", "hands": [{"unknown": -3}, {}]},
        {"top": "R7", "hands": [{}, {}], "turn": "x"},
        {"top": "R7", "hands": [{}, {}], "turn": float("nan")},
        {"top": "R7", "hands": [{}, {}], "turn": float("inf")},
        {"top": "R7", "hands": [{}, {}], "dealer": ""},
        {"top": "R7", "hands": [{}, {}], "scores": ["a"]},
        {"top": "R7", "hands": [{}, {}], "names": 1},
    ],
)
def test_write_situation_refuses_a_table_not_in_its_form(table: Any) -> None:
    from unorules.errors import SituationError
    from unorules.web import write_situation

    with pytest.raises(SituationError, match="not in the form read_situation gives"):
        write_situation(table)


def test_rule_set_checks_its_choices() -> None:
    from unorules.errors import RuleSetError
    from unorules.web import rule_set

    for bad in ([1], {"uno.penalty": 5}, {"uno.penalty": ["uno.reminder"]}, None):
        with pytest.raises(RuleSetError, match="choices must map"):
            rule_set("official", bad)  # type: ignore[arg-type]
    # A stored choice from an older site, or a reading of another choice: ignored.
    assert rule_set("official", {"uno.penalty": "nope.nope", "nope": "uno.reminder"}) == "official"
    assert rule_set("official", {"uno.penalty": "house.kids"}) == "official"
