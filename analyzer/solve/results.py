"""What a solve answers: :class:`SolveResult` (one position) and :class:`DealsResult` (a batch, one entry per
deal), the statuses of a solve to a resolution and the names of the search's counters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

#: what a solve proved (``SolveResult.status``; ``DealsResult.status`` holds their indices)
STATUSES = ("unfinished", "bracketed", "exact")


@dataclass(frozen=True)
class SolveResult:
    """What best play by both sides gives the declaring side from a position.

    ``value`` is the exact number of points (card points of the tricks won, per-trick and last-trick
    points; bridge: tricks) the declaring side takes from here on, cards already in the current trick
    included; ``None`` when the node budget ran out, and then only ``lower <= value <= upper`` is
    known. ``card_values`` (when asked for) maps each legal card kind of the player to move to the
    value after playing it now; ``None`` unless exact. ``nodes`` counts every card tried,
    ``ms`` the solve's time (its line's replay included).
    """

    value: int | None
    lower: int
    upper: int
    exact: bool
    nodes: int
    card_values: dict[int, int] | None = None
    #: with ``lines``: one optimal line from here (card kinds in play order), each seat's points (cards of
    #: the tricks it wins, the cards already in the current trick included, per-trick and last-trick
    #: points) and tricks along it; None unless exact and the line's replay finished in its budget
    line: tuple[int, ...] | None = None
    points: tuple[int, ...] | None = None
    tricks: tuple[int, ...] | None = None
    ms: float = 0.0
    #: the search's counters (see :data:`COUNTERS`)
    counters: dict[str, int] | None = None
    #: "exact" (``lower == upper``), "bracketed" (``upper - lower`` under the resolution asked, or a target's
    #: question answered), "unfinished" (the node budget ran out first; the bounds are still proven)
    status: str = "exact"


#: names of the solver's counters, in the order of ``DealsResult.counters`` columns
COUNTERS = ("nodes", "trick_nodes", "aborted", "searches", "probes", "hits", "stores", "cutoffs",
            "first_move_cutoffs", "sure_max_cuts", "sure_min_cuts", "pruned", "out_of_reach_cuts", "slot_misses",
            "etc_cuts", "evictions")
#: the diagnostic ones: counted only where the kernels were compiled with them (environment variable
#: ``PINOCHLE_SOLVER_COUNTERS=1``, :data:`analyzer.solve.layout.COUNT`), else 0
DIAGNOSTIC = COUNTERS[4:]


class DealsResult(NamedTuple):
    """Results of :func:`solve_deals`, one entry per deal (``value`` is -1 where not exact).

    ``points`` / ``tricks`` int64[n, seats]: each seat's points (card points of the tricks it wins,
    per-trick and last-trick points: what :class:`analyzer.play.PlayResult` reports) and tricks along
    one optimal line (see :func:`analyzer.solve.driver.pv_line`); rows are -1 where ``played`` is
    False: the value is not exact, the line's replay ran out of its node allowance, or ``lines`` was
    off. Summed over the declaring side, a played row equals ``value``. ``cards`` int64[n, ncards]: the
    line's card kinds in play order (-1 padded); ``line_nodes`` the nodes the replay took; ``ms`` each
    deal's solve time; ``counters`` int64[n, len(COUNTERS)] the search's counters (the :data:`DIAGNOSTIC`
    ones 0 unless compiled in); ``status`` what each solve proved (:data:`STATUSES`): ``lower <= value <=
    upper`` always holds, exact where they are equal, ``upper - lower`` under the resolution asked where
    bracketed.
    """

    value: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    exact: np.ndarray
    nodes: np.ndarray
    points: np.ndarray
    tricks: np.ndarray
    played: np.ndarray
    cards: np.ndarray
    line_nodes: np.ndarray
    ms: np.ndarray
    counters: np.ndarray  # int64[n, NCNT + 32]: COUNTERS, then trick-boundary nodes by tricks left (diagnostic)
    #: int64[n]: index into :data:`STATUSES` (0 unfinished, 1 bracketed, 2 exact)
    status: np.ndarray | None = None

    def row(self, i: int) -> SolveResult:
        """Deal ``i``'s result in the single form's type: what :func:`solve_deal` gives for that deal."""
        exact = bool(self.exact[i])
        line = points = tricks = None
        if self.played[i]:
            line = tuple(int(k) for k in self.cards[i] if k >= 0)
            points = tuple(int(x) for x in self.points[i])
            tricks = tuple(int(x) for x in self.tricks[i])
        counters = {name: int(self.counters[i, j]) for j, name in enumerate(COUNTERS)}
        status = STATUSES[int(self.status[i])] if self.status is not None else ("exact" if exact else "unfinished")
        return SolveResult(int(self.lower[i]) if exact else None, int(self.lower[i]), int(self.upper[i]), exact,
                           int(self.nodes[i]), None, line, points, tricks, float(self.ms[i]), counters, status)
