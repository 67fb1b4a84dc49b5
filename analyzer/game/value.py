"""A hand's outcomes valued by the game: my chance of winning after each sampled outcome of the hand to play.

The advisor samples deals and scores each call's outcome on every deal; with the game's score given it also
carries each outcome to the state after the hand — the game engine's rules (:func:`analyzer.game.kernel.step2`:
the 400 rule, the special wins, the target) — and reads my chance of winning there from the win-probability
table (:mod:`analyzer.game.table`); a hand that ends the game counts 1, 0 (or 1/k for a shared win).
"""

from __future__ import annotations

import math

import numpy as np

from analyzer.estimate import Estimate
from analyzer.game.kernel import after2_range, after_lf_range
from analyzer.game.outcomes import HandOutcomes
from analyzer.game.state import GameState
from analyzer.game.table import WinTable
from analyzer.rules.model import RuleSet
from analyzer.score import seat_unit


def _mine(unit: np.ndarray, me: int) -> np.ndarray:
    """A unit number in my numbering of two units (mine 0, theirs 1; -1 stays)."""
    u = np.asarray(unit, dtype=np.int64)
    return np.where(u < 0, -1, np.where(u == me, 0, 1)).astype(np.int64)


def chances_after(rules: RuleSet, table: WinTable, state: GameState, me: int, hand: HandOutcomes
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chance, half, ended) [m]: my unit ``me``'s chance of winning the game after each outcome of the hand
    ``state.dealer`` deals, the table's 95% half-width where it was read, and whether the hand ended the game
    (:data:`analyzer.game.kernel.GO_ON`, ``I_WIN``, ``I_LOSE`` or ``EVEN``: a shared win, or equal totals the
    rules play off, counted 1/2) (module docstring)."""
    m = hand.n
    chance = np.zeros(m)
    half = np.zeros(m)
    ended = np.zeros(m, dtype=np.int64)
    nxt = (state.dealer + 1) % rules.seats
    sc = rules.scoring
    if table.kind == "two":
        other = 1 - me
        sf = state.scored or (False, False)
        after2_range.batch(m, table.values, table.half, np.int64(state.totals[me]), np.int64(state.totals[other]),
                           bool(sf[me]), bool(sf[other]), np.int64(0 if seat_unit(rules)[nxt] == me else 1),
                           np.ascontiguousarray(hand.scores[:, me], dtype=np.int64),
                           np.ascontiguousarray(hand.scores[:, other], dtype=np.int64), _mine(hand.bidder, me),
                           np.ascontiguousarray(hand.made, dtype=np.bool_), _mine(hand.all_tricks, me),
                           np.ascontiguousarray(hand.quad[:, me], dtype=np.bool_),
                           np.ascontiguousarray(hand.quad[:, other], dtype=np.bool_),
                           np.ascontiguousarray(hand.thrown, dtype=np.bool_), np.int64(table.x0),
                           np.int64(table.step), np.int64(sc.target), np.int64(sc.bid_or_set_at),
                           np.int64(sc.early_win), sc.game_end == "bidder-first", chance, half, ended)
        return chance, half, ended
    t = state.totals
    n1, n2 = (me + 1) % 3, (me + 2) % 3
    after_lf_range.batch(m, table.values, table.half, np.int64(state.hands), np.int64((me - nxt) % 3),
                         np.int64(t[me] - t[n1]), np.int64(t[me] - t[n2]),
                         np.ascontiguousarray(hand.scores[:, me], dtype=np.int64),
                         np.ascontiguousarray(hand.scores[:, n1], dtype=np.int64),
                         np.ascontiguousarray(hand.scores[:, n2], dtype=np.int64), np.int64(table.x0),
                         np.int64(table.step), np.int64(sc.hands), chance, half, ended)
    return chance, half, ended


def chance_now(rules: RuleSet, table: WinTable, state: GameState, me: int) -> tuple[float, float]:
    """My unit ``me``'s chance of winning from ``state`` (before the hand ``state.dealer`` deals) and the table's
    95% half-width there: the table read at the state (no hand sampled)."""
    i_deal = int(seat_unit(rules)[state.dealer] == me)
    if table.kind == "two":
        other = 1 - me
        sf = state.scored or (True, True)
        f = (lambda b: 1 if b and table.values.shape[1] > 1 else 0)  # noqa: E731
        idx = (0 if i_deal else 1, f(sf[me]), f(sf[other]))
        a, b = state.totals[me], state.totals[other]
        return _bilinear(table, table.values[idx], a, b), _bilinear(table, table.half[idx], a, b)
    t = state.totals
    h = min(state.hands, table.values.shape[0] - 1)
    q = (me - state.dealer) % 3
    a, b = t[me] - t[(me + 1) % 3], t[me] - t[(me + 2) % 3]
    return _bilinear(table, table.values[h, q], a, b), _bilinear(table, table.half[h, q], a, b)


def _bilinear(table: WinTable, grid: np.ndarray, a: float, b: float) -> float:
    n = table.n
    ta = min(max((a - table.x0) / table.step, 0.0), n - 1.0)
    tb = min(max((b - table.x0) / table.step, 0.0), n - 1.0)
    i, j = min(int(ta), n - 2), min(int(tb), n - 2)
    u, v = ta - i, tb - j
    return float((1 - u) * (1 - v) * grid[i, j] + u * (1 - v) * grid[i + 1, j] + (1 - u) * v * grid[i, j + 1]
                 + u * v * grid[i + 1, j + 1])


def with_table(e: Estimate, half: float) -> Estimate:
    """``e`` (a chance of winning: the mean over the sampled deals) with the table's own 95% half-width ``half``
    added in quadrature, the interval kept inside 0..1."""
    w = math.hypot(e.hi - e.mean, half)
    se = math.hypot(e.se, half / 1.96)
    return Estimate(e.mean, se, max(0.0, e.mean - w), min(1.0, e.mean + w), e.n, e.level)
