"""Which card now: play advice from sampled deals, for every game.

``seen`` (what the table has seen and deals consistent with it), ``notation`` (the cards played and shown, as
typed), ``request`` (one question, checked once), ``values`` (every legal card valued on each sampled deal:
double dummy where the solver finishes, heuristic rollouts otherwise), ``advise`` (the cards ranked with their
intervals: :func:`~analyzer.cardplay.advise.advise_card`), ``kernel`` (the numba kernels).
"""
