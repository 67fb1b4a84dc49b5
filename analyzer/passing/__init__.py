"""Card passing (a variant, ``[passing]``: docs/RULES.md, "Card passing"): after trump is named the bid winner and
his partner exchange cards, before the meld.

* :mod:`analyzer.passing.move`: the pass as a checked move (``pass_cards``);
* :mod:`analyzer.passing.kernel`: the simple passing rule of each role, one way of the pass in many deals (numba);
* :mod:`analyzer.passing.rule`: its data from the rule set, ``pass_step`` and ``exchange`` (the batch forms) and the
  plain-Python reference;
* :mod:`analyzer.passing.request` and :mod:`analyzer.passing.advise`: ``pinochle pass``, which cards to pass.

The modules lie in two layers (the rule beside the meld, the advice above the play): this docstring is the package.
"""
