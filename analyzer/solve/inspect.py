"""The solver's bounds asked directly at one position: what a side is sure to take, and which cards
that claim relied on. For tests and diagnosis; the search calls the same kernels at every trick boundary.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from analyzer.jit import kernel
from analyzer.rules import RuleSet
from analyzer.rules.lowered import side_mask
from analyzer.solve import layout as L
from analyzer.solve.api import Position
from analyzer.solve.bounds import sure_points
from analyzer.solve.driver import init_root
from analyzer.solve.lower import DEFAULT_CONFIG, SolverConfig, header
from analyzer.solve.position import load_hands
from analyzer.solve.table import probe, store


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


@kernel
def _root(W, hands, trump, maxmask, leader):
    W[L.P_TRUMP] = trump
    W[L.P_MAXMASK] = maxmask
    load_hands(W, hands)
    empty = np.zeros(1, dtype=np.int64)
    init_root(W, empty, 0, leader, 0)
    W[L.OFF_PLY + L.R_PATOK] = 0


@kernel
def store_then_probe(W, head, stored, asked, trump, maxmask, leader, asked_leader, lo, hi, rel, beta):
    """Store ``lo <= value <= hi`` for trick boundary ``stored`` with relevance ``rel`` (the kinds whose
    rank decided it) in an empty table, then probe trick boundary ``asked`` for the null window
    ``(beta - 1, beta)``: the bound the table answers with, or -1."""
    for k in range(head.shape[0]):
        W[k] = head[k]
    W[L.P_STAMP] = 1
    _root(W, stored, trump, maxmask, leader)
    W[L.OFF_PLY + L.R_REL] = rel
    store(W, 0, lo, hi, -1)
    _root(W, asked, trump, maxmask, asked_leader)
    return probe(W, 0, beta)


@dataclass(frozen=True)
class SureBound:
    """``points`` the seats of ``side`` take from here whatever the others do (a lower bound, counted
    until ``need`` is reached), and ``relied_on``: the card kinds whose rank the claim depends on."""

    points: int
    relied_on: tuple[int, ...]


def sure_bound(rules: RuleSet, pos: Position, side: tuple[int, ...], need: int = 1 << 20,
               config: SolverConfig = DEFAULT_CONFIG) -> SureBound:
    """The sure-point bound of the seats ``side`` at position ``pos`` (a trick boundary: no trick begun),
    with the bounds ``config`` switches on."""
    if pos.trick:
        raise ValueError("the sure-point bound is asked at trick boundaries only")
    head = header(rules, config)
    W = np.zeros(L.workspace_words(2, 1), dtype=np.int64)
    planes = np.zeros((rules.seats, L.MAX_PLANES), dtype=np.int64)
    planes[:, : rules.deck.copies] = pos.hands
    mask = 0
    for s in side:
        mask |= 1 << s
    pts, rel = sure_points_at(W, head, planes, pos.trump, side_mask(rules, pos.declarer), pos.leader, mask, need)
    kinds = tuple(k for k in range(64) if (int(rel) >> k) & 1)
    return SureBound(int(pts), kinds)


def table_answer(rules: RuleSet, stored: Position, asked: Position, lo: int, hi: int, relied_on: tuple[int, ...],
                 beta: int, config: SolverConfig = DEFAULT_CONFIG) -> int | None:
    """Store the bounds ``lo <= value <= hi`` of position ``stored``, decided by the ranks of the kinds
    ``relied_on``, in an empty transposition table; then ask it about position ``asked`` (same trump and
    declarer) for the null window ``(beta - 1, beta)``. Returns the bound the table answers
    with (``>= beta`` or ``< beta``), or None when it cannot decide."""
    if stored.trick or asked.trick:
        raise ValueError("the table holds trick boundaries only")
    if (stored.trump, stored.declarer) != (asked.trump, asked.declarer):
        raise ValueError("one table serves one trump and one declaring side")
    cfg = replace(config, slot_bits=4, ways=4)
    head = header(rules, cfg)
    W = np.zeros(L.workspace_words(4, 4), dtype=np.int64)
    planes = np.zeros((2, rules.seats, L.MAX_PLANES), dtype=np.int64)
    planes[0, :, : rules.deck.copies] = stored.hands
    planes[1, :, : rules.deck.copies] = asked.hands
    rel = 0
    for k in relied_on:
        rel |= 1 << k
    if rel >= 1 << 63:
        rel -= 1 << 64
    v = store_then_probe(W, head, planes[0], planes[1], stored.trump, side_mask(rules, stored.declarer),
                         stored.leader, asked.leader, lo, hi, rel, beta)
    return None if v < 0 else int(v)
