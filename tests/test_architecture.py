"""The engine only sequences: it asks the policies questions and reads no
flags, compares no rule ID strings and never tests whether a policy's
``rule_ids`` is empty. Read from the engine's source with ``ast``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from unorules.rules.ruleset import SLOTS

# The modules that sequence play; the engine's state validation
# (``validation.py``) reads what a rule set declares, such as its smallest
# table, to judge a position, and is not among them.
ENGINE = sorted(
    p
    for p in (Path(__file__).resolve().parents[1] / "unorules" / "engine").glob("*.py")
    if p.name != "validation.py"
)
RULE_ID = re.compile(
    r"^(action|play|wild|wd4|draw|house|uno|challenge|end|pile|score|setup|start|deck|"
    r"players|info|table)\.[a-z0-9.-]+$"
)


def _tree(path: Path) -> tuple[ast.Module, dict[ast.AST, ast.AST]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    return tree, parents


def _is_rules(node: ast.AST) -> bool:
    """``rules``, ``state.rules``, ``w.rules``, ``self.rules``."""
    return (isinstance(node, ast.Name) and node.id == "rules") or (
        isinstance(node, ast.Attribute) and node.attr == "rules"
    )


def _policies(tree: ast.Module) -> set[str]:
    """Local names bound to a policy: ``policy = state.rules.challenge``."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            v = node.value
            if isinstance(v, ast.Attribute) and v.attr in SLOTS and _is_rules(v.value):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def policy_reads(path: Path) -> list[str]:
    """Every place ``path`` reads a policy's attribute other than by calling
    a method, ``rule_ids`` used as a value excepted; every rule ID string
    compared; every ``rule_ids`` used as a truth value."""
    tree, parents = _tree(path)
    aliases = _policies(tree)
    found: list[str] = []

    def is_policy(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Attribute) and node.attr in SLOTS and _is_rules(node.value)
        ) or (isinstance(node, ast.Name) and node.id in aliases)

    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and is_policy(node.value):
            parent = parents.get(node)
            if node.attr == "rule_ids":
                if isinstance(parent, (ast.BoolOp, ast.UnaryOp, ast.If, ast.Compare)) or (
                    isinstance(parent, ast.IfExp) and parent.test is node
                ):
                    found.append(f"{where}: rule_ids used as a truth value or compared")
                if isinstance(parent, ast.Subscript) and isinstance(
                    parents.get(parent), ast.Compare
                ):
                    found.append(f"{where}: a rule ID of rule_ids compared")
                continue
            if not (isinstance(parent, ast.Call) and parent.func is node):
                found.append(f"{where}: reads {node.attr!r} of a policy")
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if (
                    isinstance(side, ast.Constant)
                    and isinstance(side.value, str)
                    and RULE_ID.match(side.value)
                ):
                    found.append(f"{where}: compares the rule ID {side.value!r}")
    return sorted(found, key=lambda s: int(s.split(":")[1]))


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: p.name)
def test_the_engine_reads_no_policy_flag_and_compares_no_rule_id(path: Path) -> None:
    assert policy_reads(path) == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(state, rules):\n"
        "    if state.rules.jump_in.enabled:\n"  # a flag
        "        pass\n"
        "    policy = rules.challenge\n"
        "    n = policy.bluff_penalty\n"  # a number, through a local name
        "    if rules.custom_card.rule_ids:\n"  # emptiness
        "        pass\n"
        "    if rules.uno_call.rule_ids[0] == 'uno.false-call':\n"  # an ID compared
        "        pass\n"
        "    ok = rules.stacking.answers(1, 2, None)\n"  # a question: fine
        "    cited = rules.wd4.rule_ids\n"  # a citation: fine
        "    return n, ok, cited\n",
        encoding="utf-8",
    )
    found = policy_reads(sample)
    assert found == [
        "sample.py:2: reads 'enabled' of a policy",
        "sample.py:5: reads 'bluff_penalty' of a policy",
        "sample.py:6: rule_ids used as a truth value or compared",
        "sample.py:8: compares the rule ID 'uno.false-call'",
        "sample.py:8: a rule ID of rule_ids compared",
    ]


def test_no_module_keeps_a_last_answer() -> None:
    for path in ENGINE:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Global | ast.AnnAssign | ast.Assign):
                targets = (
                    [node.target]
                    if isinstance(node, ast.AnnAssign)
                    else getattr(node, "targets", [])
                )
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                assert "_LAST" not in names, f"{path.name} keeps a module-global last answer"
        assert not any(isinstance(n, ast.Global) for n in ast.walk(tree)), path.name
