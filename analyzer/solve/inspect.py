"""The solver's bounds asked directly at one position: what a side is sure to take, and which cards
that claim relied on. For tests and diagnosis; the search calls the same kernels at every trick boundary.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.jit import kernel
from analyzer.rules import RuleSet
from analyzer.solve import layout as L
from analyzer.solve.api import Position, _max_mask
from analyzer.solve.bounds import sure_points
from analyzer.solve.driver import init_root
from analyzer.solve.lower import DEFAULT_CONFIG, header
from analyzer.solve.position import load_hands


@kernel
def sure_points_at(W, head, hands, trump, maxmask, leader, side, need):
    """(points, relevance) of :func:`analyzer.solve.bounds.sure_points` for the seats in bitmask ``side``
    at the trick boundary ``hands`` (int64[seats, MAX_PLANES]) with ``leader`` to lead."""
    for k in range(head.shape[0]):
        W[k] = head[k]
    W[L.P_TRUMP] = trump
    W[L.P_MAXMASK] = maxmask
    load_hands(W, hands)
    empty = np.zeros(1, dtype=np.int64)
    init_root(W, empty, 0, leader, 0)
    return sure_points(W, 0, side, need)


@dataclass(frozen=True)
class SureBound:
    """``points`` the seats of ``side`` take from here whatever the others do (a lower bound, counted
    until ``need`` is reached), and ``relied_on``: the card kinds whose rank the claim depends on."""

    points: int
    relied_on: tuple[int, ...]


def sure_bound(rules: RuleSet, pos: Position, side: tuple[int, ...], need: int = 1 << 20) -> SureBound:
    """The sure-point bound of the seats ``side`` at position ``pos`` (a trick boundary: no trick begun)."""
    if pos.trick:
        raise ValueError("the sure-point bound is asked at trick boundaries only")
    head = header(rules, DEFAULT_CONFIG)
    W = np.zeros(L.workspace_words(2, 1), dtype=np.int64)
    planes = np.zeros((rules.seats, L.MAX_PLANES), dtype=np.int64)
    planes[:, : rules.deck.copies] = pos.hands
    mask = 0
    for s in side:
        mask |= 1 << s
    pts, rel = sure_points_at(W, head, planes, pos.trump, _max_mask(rules, pos.declarer), pos.leader, mask, need)
    kinds = tuple(k for k in range(64) if (int(rel) >> k) & 1)
    return SureBound(int(pts), kinds)
