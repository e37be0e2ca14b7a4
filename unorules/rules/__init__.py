"""The rules: the catalogue of rule IDs, one policy per rule by concern, the
rule set that holds a policy per slot, the presets, and the checks of a rule
set.

* :mod:`unorules.rules.catalogue` - every rule and variant with its ID, text
  and sources.
* :mod:`unorules.rules.policies` - the policies, grouped by concern.
* :mod:`unorules.rules.ruleset` - :class:`RuleSet`, a policy per slot.
* :mod:`unorules.rules.presets` - named rule sets and composition by ID.
* :mod:`unorules.rules.validation` - rules that can never apply, contradictions.
* :mod:`unorules.rules.house` - :class:`HouseRule`, a table's own rule.
"""

from unorules.rules.house import HouseRule

__all__ = ["HouseRule"]
