"""Does the contract make? The declaring side's points asked against one target, not solved exactly.

A contract's question -- "does the declaring side take at least ``T`` points with best play by everyone?" --
is one null-window search (:func:`analyzer.solve.driver.decide`), far cheaper than the exact value, which
takes several such searches and each of them nearer the value. :func:`decide_deals` asks it of a batch of
whole deals (in parallel, as :func:`analyzer.solve.api.solve_deals`), :func:`decide_deal` of one.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from analyzer.errors import UserError
from analyzer.rules.model import RuleSet
from analyzer.solve.api import DEFAULT_MAX_NODES, make_position, solve_deals
from analyzer.solve.lower import SolverConfig


def verdict(lower: int, upper: int, target: int) -> bool | None:
    """Whether proven bounds ``lower <= points <= upper`` settle "at least ``target`` points": True, False,
    or None where they leave it open (a search past its budget)."""
    if lower >= target:
        return True
    if upper < target:
        return False
    return None


class Decisions(NamedTuple):
    """Results of :func:`decide_deals`, one entry per deal: ``made`` the declaring side takes at least the
    target; ``decided`` the search finished within its budget (where not, ``made`` is False and says
    nothing); ``lower`` / ``upper`` the proven bounds of the side's points; ``nodes``, ``ms``."""

    made: np.ndarray
    decided: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    nodes: np.ndarray
    ms: np.ndarray


def decide_deals(rules: RuleSet, deals: np.ndarray, trump: int | np.ndarray, leader: int | np.ndarray,
                 declarer: int | np.ndarray, target: int | np.ndarray, bid: int = 0,
                 max_nodes: int = DEFAULT_MAX_NODES, config: SolverConfig | None = None) -> Decisions:
    """Whether the declaring side takes at least ``target`` points (one or one per deal) with best play by
    everyone: one null-window search per deal instead of the exact value (:func:`solve_deals`'s
    parameters otherwise)."""
    t = np.broadcast_to(np.asarray(target, dtype=np.int64), (len(deals),)).copy()
    if t.size and t.min() < 0:
        raise UserError("a target is a number of points, 0 or more")
    r = solve_deals(rules, deals, trump, leader, declarer, bid, max_nodes, config, lines=False, target=t)
    made = r.lower >= t
    decided = made | (r.upper < t)
    return Decisions(made & decided, decided, r.lower, r.upper, r.nodes, r.ms)


def decide_deal(rules: RuleSet, hands: Any, trump: int, leader: int, declarer: int, target: int,
                bid: int = 0, max_nodes: int = DEFAULT_MAX_NODES, config: SolverConfig | None = None) -> bool | None:
    """:func:`decide_deals` for one whole deal (``hands`` as :func:`solve_deal` takes them): True / False,
    or None when the budget ran out."""
    pos = make_position(rules, hands, trump, leader, declarer, (), bid)
    d = decide_deals(rules, pos.hands[None], trump, leader, declarer, target, bid, max_nodes, config)
    return verdict(int(d.lower[0]), int(d.upper[0]), int(target))
