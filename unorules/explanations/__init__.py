"""Explanations: verdicts on moves (:mod:`~unorules.explanations.verdicts`)."""
