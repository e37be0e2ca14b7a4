"""A table's own rule (``HouseRule``), written outside the package: composed
with presets, cited by ``explain``, saved and loaded, simulated, and given on
the command line with ``--house-rule``.

The rule used throughout: "a Draw Two of the named colour may answer a Wild
Draw Four" (``table.draw-two-on-wd4``), a stacking policy wrapping the one the
preset puts in the slot.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import unorules as ur
from unorules.cli import main
from unorules.errors import RuleSetError, UnoError
from unorules.play.simulate import simulate
from unorules.rules import presets
from unorules.rules.house import HouseRule, load_house_rule
from unorules.rules.policies import Stacking, StackingPolicy
from unorules.serialize import dumps, loads

RID = "table.draw-two-on-wd4"
TEXT = (
    "A player who owes cards after a Wild Draw Four may answer it with a Draw Two of the "
    "colour named with it; the total passes on."
)


@attrs.frozen
class DrawTwoOnWd4:
    before: StackingPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, RID)

    def answers(self, pending: ur.Card, card: ur.Card, color: ur.Color | None) -> str | None:
        if (
            pending.face is ur.Face.WILD_DRAW_FOUR
            and card.face is ur.Face.DRAW_TWO
            and card.color is color
        ):
            return RID
        return self.before.answers(pending, card, color)

    def answerable(self, pending: ur.Card, color: ur.Color | None) -> bool:
        return pending.face is ur.Face.WILD_DRAW_FOUR or self.before.answerable(pending, color)


def wrap(rules: ur.RuleSet) -> DrawTwoOnWd4:
    return DrawTwoOnWd4(rules.stacking)


RULE = HouseRule(
    id=RID, title="Draw Two on a Wild Draw Four", text=TEXT, slot="stacking", build=wrap
)
SPEC = "official+table.draw-two-on-wd4"
HANDS = ["B3 Y4 W+4", "G+2 B+2 Y1", "Y5 Y6"]


def owed_after_wd4(rules: ur.RuleSet) -> ur.GameState:
    """Seat 0 (no red on R7) lays W+4 naming green: seat 1 owes 4."""
    state = ur.situation(rules, HANDS, top="R7")
    return ur.apply(state, ur.Play(0, ur.Card.parse("W+4"), ur.Color.GREEN))


# --- the record --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"id": "house.mine"}, "field 'id': 'house.mine' is not a table's rule ID"),
        ({"id": "table."}, "field 'id'"),
        ({"id": "table.Draw"}, "field 'id'"),
        ({"id": "table.a--b"}, "field 'id'"),
        ({"id": 7}, "field 'id': 7"),
        ({"title": ""}, "field 'title': a non-empty string is needed"),
        ({"text": "   "}, "field 'text': a non-empty string is needed"),
        ({"text": None}, "field 'text'"),
        ({"slot": "stacks"}, "field 'slot': 'stacks' is not a slot of RuleSet"),
        ({"slot": "name"}, "field 'slot': 'name' is not a slot"),
        ({"slot": "house_rules"}, "field 'slot'"),
        ({"build": "wrap"}, "field 'build': a function of the rule set"),
        ({"texts": {"de": ("T", "Unser.")}}, "field 'texts': a mapping of 'sv' and 'nb'"),
        ({"texts": {"sv": "Vår."}}, "field 'texts'"),
        ({"texts": "Vår."}, "field 'texts'"),
        ({"texts": {"sv": ("", "Vår.")}}, "field \"texts['sv'] title\": a non-empty string"),
        ({"texts": {"nb": ("T", "a\x00")}}, "field \"texts['nb'] text\": control characters"),
    ],
)
def test_house_rule_fields_are_checked(changes: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {
        "id": RID,
        "title": "T",
        "text": "Ours.",
        "slot": "stacking",
        "build": wrap,
        **changes,
    }
    with pytest.raises(RuleSetError, match=re.escape(message)):
        HouseRule(**fields)  # type: ignore[arg-type]


def test_a_house_rule_speaks_swedish_and_norwegian_where_it_is_given_them() -> None:
    """The title and text in the verdict's language; English where a
    language is left out (here Norwegian)."""
    swedish = attrs.evolve(
        RULE, texts={"sv": ("Dra två på Dra fyra", "Ett Dra två i den valda färgen får svara.")}
    )
    assert swedish.texts == (
        ("sv", "Dra två på Dra fyra", "Ett Dra två i den valda färgen får svara."),
    )
    assert swedish.in_language("sv") == (
        "Dra två på Dra fyra",
        "Ett Dra två i den valda färgen får svara.",
    )
    assert swedish.in_language("nb") == ("Draw Two on a Wild Draw Four", TEXT)
    rules = presets.get(SPEC, house_rules=[swedish])
    state = owed_after_wd4(rules)
    verdict = ur.explain(state, ur.Play(1, ur.Card.parse("G+2")), lang="sv")
    assert (
        "[table.draw-two-on-wd4] Dra två på Dra fyra: Ett Dra två i den valda färgen får svara."
        in verdict.text_in("sv", long=True)
    )
    assert f"[table.draw-two-on-wd4] Draw Two on a Wild Draw Four: {TEXT}" in verdict.text_in(
        "nb", long=True
    )
    # In JSON: English at the top, the verdict's language under "texts".
    data = verdict.to_dict()
    assert data["rules"] == [{"id": RID, "title": "Draw Two on a Wild Draw Four", "text": TEXT}]
    assert data["texts"]["rules"] == [
        {
            "id": RID,
            "title": "Dra två på Dra fyra",
            "text": "Ett Dra två i den valda färgen får svara.",
        }
    ]


def test_good_ids() -> None:
    for rid in ("table.x", "table.draw-two-on-wd4", "table.stack.on-colour2"):
        assert HouseRule(id=rid, title="T", text="t", slot="stacking", build=wrap).id == rid


def test_a_policy_without_its_id_is_refused() -> None:
    bad = attrs.evolve(RULE, build=lambda rules: Stacking())
    with pytest.raises(
        RuleSetError, match=re.escape("must list 'table.draw-two-on-wd4' in its rule_ids")
    ):
        presets.get(SPEC, house_rules=[bad])


def test_a_policy_that_pushes_out_the_wrapped_ids_contradicts() -> None:
    alone = HouseRule(
        id=RID, title="T", text="t", slot="stacking", build=lambda rules: DrawTwoOnWd4Only()
    )
    with pytest.raises(RuleSetError, match=r"house\.stack-draw-two.*contradict"):
        presets.get(SPEC + "+house.stack-draw-two", house_rules=[alone])


@attrs.frozen
class DrawTwoOnWd4Only:
    rule_ids: tuple[str, ...] = (RID,)

    def answers(self, pending: ur.Card, card: ur.Card, color: ur.Color | None) -> str | None:
        return None

    def answerable(self, pending: ur.Card, color: ur.Color | None) -> bool:
        return False


def test_a_build_that_fails_is_reported() -> None:
    def broken(rules: ur.RuleSet) -> object:
        raise KeyError("oops")

    with pytest.raises(RuleSetError, match="its build failed: KeyError"):
        presets.get(SPEC, house_rules=[attrs.evolve(RULE, build=broken)])


def test_house_rules_must_be_house_rule_records() -> None:
    with pytest.raises(RuleSetError, match="takes HouseRule records"):
        presets.get(SPEC, house_rules=["table.draw-two-on-wd4"])  # type: ignore[list-item]
    with pytest.raises(RuleSetError, match="list of HouseRule records"):
        presets.get(SPEC, house_rules=RULE)  # type: ignore[arg-type]
    other = attrs.evolve(RULE, text="Something else.")
    with pytest.raises(RuleSetError, match="two different house rules have the ID"):
        presets.get(SPEC, house_rules=[RULE, other])


# --- composition -------------------------------------------------------------------------


def test_composition_in_either_order() -> None:
    a = presets.get(SPEC + "+house.stack-draw-two", house_rules=[RULE])
    b = presets.get("official+house.stack-draw-two+table.draw-two-on-wd4", house_rules=[RULE])
    assert a.stacking == b.stacking == DrawTwoOnWd4(Stacking(("house.stack-draw-two",)))
    assert a == b.replace(name=a.name)
    assert a.stacking.rule_ids == ("house.stack-draw-two", RID)
    assert a.house_rules == b.house_rules == (RULE,)
    rebuilt = presets.from_rule_ids(tuple(reversed(a.rule_ids)), name=a.name, house_rules=[RULE])
    assert rebuilt == a


def test_alone_it_wraps_the_official_no_stacking() -> None:
    rules = presets.get(SPEC, house_rules=[RULE])
    assert rules.stacking == DrawTwoOnWd4(Stacking())
    assert RID in rules.rule_ids
    assert presets.get("official", house_rules=[RULE]).house_rules == ()


def test_an_unknown_table_id_says_how_to_give_it() -> None:
    with pytest.raises(
        RuleSetError, match=re.escape("unknown rule ID 'table.draw-two-on-wd4'")
    ) as err:
        presets.get(SPEC)
    assert "house_rules=[RULE]" in str(err.value)
    assert "--house-rule MODULE:NAME" in str(err.value)
    with pytest.raises(RuleSetError, match=re.escape("unknown rule ID 'table.other'")):
        presets.get("official+table.other", house_rules=[RULE])


# --- explain -------------------------------------------------------------------------------


def test_explain_a_green_draw_two_on_a_green_wild_draw_four() -> None:
    state = owed_after_wd4(presets.get(SPEC, house_rules=[RULE]))
    assert (state.current, state.owed, state.color) == (1, 4, ur.Color.GREEN)
    verdict = ur.explain(state, ur.Play(1, ur.Card.parse("G+2")))
    assert verdict.legal and verdict.rule_ids == (RID,)
    assert verdict.reason == "G+2 may answer W+4: the total passes on"
    assert (RID, "seat 2 owes 6 cards: it must draw them and lose its turn") in verdict.effects
    assert verdict.cited() == ((RID, "Draw Two on a Wild Draw Four", TEXT),)
    assert verdict.to_dict()["rules"] == [
        {"id": RID, "title": "Draw Two on a Wild Draw Four", "text": TEXT}
    ]
    after = ur.apply(state, ur.Play(1, ur.Card.parse("G+2")))
    assert (after.current, after.owed, after.phase) == (2, 6, ur.Phase.OWE)


def test_a_draw_two_of_another_colour_is_refused() -> None:
    state = owed_after_wd4(presets.get(SPEC, house_rules=[RULE]))
    verdict = ur.explain(state, ur.Play(1, ur.Card.parse("B+2")))
    assert not verdict.allowed and verdict.rule_ids == (RID,)
    assert "B+2 cannot answer it" in verdict.reason
    assert [str(m) for m in ur.legal_moves(state) if m.player == 1] == [
        "1 play G+2",
        "1 draw",
        "1 challenge",
    ]
    with pytest.raises(ur.IllegalMove):
        ur.apply(state, ur.Play(1, ur.Card.parse("B+2")))


def test_the_wrapped_policy_still_answers() -> None:
    # After the green Draw Two, seat 2 may answer it with a Draw Two under
    # house.stack-draw-two (the wrapped policy), and not without it.
    hands = ["B3 Y4 W+4", "G+2 B+2 Y1", "R+2 Y6"]
    for spec, legal in ((SPEC + "+house.stack-draw-two", True), (SPEC, False)):
        rules = presets.get(spec, house_rules=[RULE])
        state = ur.apply(
            ur.situation(rules, hands, top="R7"),
            ur.Play(0, ur.Card.parse("W+4"), ur.Color.GREEN),
        )
        state = ur.apply(state, ur.Play(1, ur.Card.parse("G+2")))
        verdict = ur.explain(state, ur.Play(2, ur.Card.parse("R+2")))
        assert verdict.legal is legal
        if legal:
            assert verdict.rule_ids[0] == "house.stack-draw-two"
            assert verdict.state is not None and verdict.state.owed == 8


# --- serialize -----------------------------------------------------------------------------


def test_dumps_and_loads_round_trip() -> None:
    rules = presets.get(SPEC + "+house.stack-draw-two", house_rules=[RULE])
    text = dumps(rules)
    assert RID in text
    assert loads(text, ur.RuleSet, house_rules=[RULE]) == rules
    state = owed_after_wd4(rules)
    assert loads(dumps(state), ur.GameState, house_rules=[RULE]) == state


def test_loads_without_the_definition_is_a_clear_error() -> None:
    rules = presets.get(SPEC, house_rules=[RULE])
    with pytest.raises(
        RuleSetError, match=re.escape("table's own rule 'table.draw-two-on-wd4'")
    ) as err:
        loads(dumps(rules), ur.RuleSet)
    assert "house_rules=[RULE]" in str(err.value)
    with pytest.raises(UnoError, match=r"at \$\.rules: .*'table.draw-two-on-wd4'"):
        loads(dumps(owed_after_wd4(rules)), ur.GameState)


def test_dumps_of_a_policy_without_equality_says_so() -> None:
    class Plain:
        def __init__(self, before: StackingPolicy) -> None:
            self.before = before

        @property
        def rule_ids(self) -> tuple[str, ...]:
            return (*self.before.rule_ids, RID)

        def answers(self, pending: ur.Card, card: ur.Card, color: ur.Color | None) -> None:
            return None

        def answerable(self, pending: ur.Card, color: ur.Color | None) -> bool:
            return False

    rule = attrs.evolve(RULE, build=lambda rules: Plain(rules.stacking))
    with pytest.raises(UnoError, match="not equal to one its build makes afresh"):
        dumps(presets.get(SPEC, house_rules=[rule]))


# --- simulate ------------------------------------------------------------------------------


def test_simulate_with_one_and_two_workers() -> None:
    rules = presets.get(SPEC, house_rules=[RULE])
    bots = ["heuristic", "random", "random"]
    one = simulate(rules, bots, rounds=16, seed=5, workers=1)
    two = simulate(rules, bots, rounds=16, seed=5, workers=2)
    assert one.stats == two.stats and one.games == two.games
    assert one.stats.rules == SPEC
    if (os.cpu_count() or 1) > 1:
        assert two.workers == 2


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs two CPUs for worker processes")
def test_a_rule_that_cannot_travel_to_workers_is_named() -> None:
    rule = attrs.evolve(RULE, build=lambda rules: DrawTwoOnWd4(rules.stacking))
    rules = presets.get(SPEC, house_rules=[rule])
    with pytest.raises(
        RuleSetError, match=re.escape("'table.draw-two-on-wd4' cannot be sent to a worker")
    ):
        simulate(rules, ["random"] * 3, rounds=16, workers=2)
    assert simulate(rules, ["random"] * 3, rounds=2, workers=1).stats.rounds == 2


# --- command line --------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str, str], str]:
    """Write a module into a folder on the module path; its name."""
    monkeypatch.syspath_prepend(str(tmp_path))

    def write(name: str, body: str) -> str:
        (tmp_path / f"{name}.py").write_text(body, encoding="utf-8")
        return name

    return write


SITUATION = "top R7; hands B3 Y4 W+4 / G+2 B+2 Y1 / Y5 Y6"


def test_cli_explain_with_a_house_rule() -> None:
    code, out, err = run(
        "explain",
        "--long",
        "--house-rule",
        f"{__name__}:RULE",
        "--rules",
        SPEC,
        SITUATION,
        "0 play W+4 green",
        "1 play G+2",
    )
    assert (code, err) == (0, "")
    assert "Verdict: LEGAL - G+2 may answer W+4: the total passes on." in out
    assert f"  {RID} - Draw Two on a Wild Draw Four\n      A player who owes cards" in out
    assert "seat 2 owes 6 cards" in out
    code, out, _ = run(
        "explain", "--house-rule", f"{__name__}:RULE", "--rules", SPEC, "--json",
        SITUATION, "0 play W+4 green", "1 play B+2",
    )  # fmt: skip
    assert code == 0
    assert '"verdict": "illegal"' in out and f'"text": "{TEXT}"' in out


SWEDISH_RULE = attrs.evolve(RULE, texts={"sv": ("Dra två på Dra fyra", "Ett Dra två får svara.")})


def test_cli_rules_json_gives_a_table_rule_in_english_and_in_the_language_asked() -> None:
    import json

    code, out, _ = run(
        "--lang", "sv", "rules", "--json", "--house-rule", f"{__name__}:SWEDISH_RULE",
        "--preset", SPEC,
    )  # fmt: skip
    assert code == 0
    own = next(r for r in json.loads(out) if r["id"] == RID)
    assert (own["title"], own["text"], own["lang"]) == ("Draw Two on a Wild Draw Four", TEXT, "sv")
    assert own["texts"] == {
        "title": "Dra två på Dra fyra",
        "summary": "Dra två på Dra fyra",
        "text": "Ett Dra två får svara.",
        "interpretation": None,
    }


def test_cli_rules_and_simulate_with_a_house_rule() -> None:
    code, out, _ = run("rules", "--house-rule", f"{__name__}:RULE", "--preset", SPEC)
    assert code == 0
    assert "The table's own rules" in out and RID in out
    code, out, _ = run("rules", "check", SPEC, "--house-rule", f"{__name__}:RULE")
    assert (code, out.strip()) == (0, f"{SPEC}: no problems found")
    code, out, err = run(
        "simulate", "--house-rule", f"{__name__}:RULE", "--rules", SPEC,
        "--rounds", "4", "--bots", "random", "--players", "3", "--no-progress",
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert f"Rules: {SPEC}" in out and "Played: 4 rounds" in out


def test_cli_house_rule_from_a_module_file(module: Callable[[str, str], str]) -> None:
    name = module("my_table", f"from {__name__} import RULE as MINE\nNOT_A_RULE = 3\n")
    code, out, _ = run("explain", "--long", "--house-rule", f"{name}:MINE", "--rules", SPEC,
                       SITUATION, "0 play W+4 green", "1 play G+2")  # fmt: skip
    assert code == 0 and "Verdict: LEGAL" in out
    assert load_house_rule(f"{name}:MINE") is RULE


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module_here:RULE", "there is no module 'no_such_module_here'"),
        ("my_table2:MISSING", "module 'my_table2' has no 'MISSING'"),
        ("my_table2:NOT_A_RULE", "NOT_A_RULE is not a HouseRule"),
        ("my_table2", "expected module:NAME"),
        ("broken_table:RULE", "cannot import module 'broken_table': ZeroDivisionError"),
    ],
)
def test_cli_bad_house_rule(spec: str, message: str, module: Callable[[str, str], str]) -> None:
    module("my_table2", "NOT_A_RULE = 3\n")
    module("broken_table", "1 / 0\n")
    for argv in (
        ("explain", "--house-rule", spec, "--rules", SPEC, SITUATION, "0 play B3"),
        ("simulate", "--house-rule", spec, "--rules", SPEC, "--rounds", "2", "--no-progress"),
        ("rules", "--house-rule", spec, "--preset", SPEC),
    ):
        code, out, err = run(*argv)
        assert code == 2 and out == ""
        assert message in err, err


def test_cli_without_the_house_rule_exits_2() -> None:
    code, out, err = run("explain", "--rules", SPEC, SITUATION, "0 play B3")
    assert code == 2 and out == ""
    assert "unknown rule ID 'table.draw-two-on-wd4'" in err and "--house-rule" in err
