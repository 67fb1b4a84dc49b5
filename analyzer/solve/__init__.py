"""Double-dummy solver: the exact points a side takes with best play by everyone, all hands open.

Single and batch forms take the same parameters: ``solve_deals(rules, deals, trump, leader, declarer,
...)`` solves a batch of deals in parallel (columns, :class:`DealsResult`), ``solve_deal`` one deal with
the same parameters (one value each) and ``solve_deals(...).row(0)``'s :class:`SolveResult`, plus what only
one position can have (a trick in progress, the value of every legal card); ``solve_positions`` /
``solve_position`` do the same for checked :class:`Position` values (``make_position``).
Every search is bounded by a node budget; a result past it is marked inexact and carries proven lower and upper bounds.
With ``lines`` (default for ``solve_deals``) an exact solve also replays one optimal line and gives
every seat's points and tricks along it (``DealsResult.points`` / ``tricks``; ``played`` says where).
``decide_deal`` / ``decide_deals`` ask only whether the declaring side takes at least a target (one
null-window search a deal: what "does this contract make?" needs, far cheaper than the exact value).
``resolution=N`` (``"rules"``: the rule set's ``[solver] resolution``, about one bid step) stops a solve once
its proven bounds are closer than N points; ``status`` says exact / bracketed / unfinished per deal.
``solve_endgames`` plays each deal's first tricks by the heuristic players and solves the rest (double deck).
"""

from analyzer.solve.api import (
    COUNTERS,
    DEFAULT_MAX_NODES,
    STATUSES,
    DealsResult,
    Position,
    SolverConfig,
    SolveResult,
    make_position,
    release_tables,
    rule_config,
    rule_guess_shift,
    rule_resolution,
    solve_deal,
    solve_deals,
    solve_position,
    solve_positions,
    trump_index,
)
from analyzer.solve.decide import Decisions, decide_deal, decide_deals, verdict
from analyzer.solve.endgame import Endgames, EndgameStarts, endgame_positions, solve_endgames

__all__ = [
    "COUNTERS",
    "DEFAULT_MAX_NODES",
    "STATUSES",
    "DealsResult",
    "Decisions",
    "EndgameStarts",
    "Endgames",
    "Position",
    "SolveResult",
    "SolverConfig",
    "decide_deal",
    "decide_deals",
    "endgame_positions",
    "make_position",
    "release_tables",
    "rule_config",
    "rule_guess_shift",
    "rule_resolution",
    "solve_deal",
    "solve_deals",
    "solve_position",
    "solve_endgames",
    "solve_positions",
    "trump_index",
    "verdict",
]
