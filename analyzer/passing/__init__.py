"""Card passing (a variant, ``[passing]``: docs/RULES.md, "Card passing"): after trump is named the bid winner and
his partner exchange cards, before the meld.

* :mod:`analyzer.passing.move`: the pass as a checked move (``pass_cards``);
* :mod:`analyzer.passing.kernel`: the simple passing rule of each role and the pass of many deals (numba);
* :mod:`analyzer.passing.rule`: its data from the rule set, ``exchange`` (the batch form) and the plain-Python
  reference.
"""

from analyzer.passing.move import pass_cards
from analyzer.passing.rule import Exchange, exchange, reference_choice, reference_pass, rule_tables

__all__ = ["Exchange", "exchange", "pass_cards", "reference_choice", "reference_pass", "rule_tables"]
