"""Numba kernels of the hand features (:func:`analyzer.bidding.features.features`, its rank counts) and of the
rich reach valuation (:func:`analyzer.bidding.reach.reach_values`)."""

from __future__ import annotations

import numpy as np

from analyzer.jit import popcount, range_kernel


@range_kernel
def suit_counts_range(hands, lane, ace_bit, ten_bit, out, lo, hi):
    """:func:`suit_counts` of hands lo..hi-1 into ``out``."""
    copies = hands.shape[1]
    for i in range(lo, hi):
        for p in range(copies):
            x = hands[i, p]
            for s in range(4):
                lanebits = (x >> (16 * s)) & lane
                out[i, 0, s] += popcount(lanebits)
                out[i, 1, s] += (lanebits >> ace_bit) & 1
                if ten_bit >= 0:
                    out[i, 2, s] += (lanebits >> ten_bit) & 1


def suit_counts(hands, lane, ace_bit, ten_bit) -> np.ndarray:
    """Per hand (int64[n, copies] count planes) and suit: cards held, aces held, tens held.

    Returns int64[n, 3, 4]: [:, 0] suit lengths, [:, 1] aces, [:, 2] tens (lane bits ``ace_bit``,
    ``ten_bit``; a negative ``ten_bit`` counts none). A range kernel spread over threads (numba's
    ``parallel=True`` loop cost milliseconds a call in the threading layer, on a busy machine 10 ms: 40 % of an
    arena run)."""
    out = np.zeros((hands.shape[0], 3, 4), dtype=np.int64)
    suit_counts_range.batch(hands.shape[0], hands, lane, ace_bit, ten_bit, out)
    return out


@range_kernel
def rank_counts_range(hands, shifts, nranks, out, lo, hi):
    """:func:`rank_counts` of hands lo..hi-1 into ``out``."""
    copies = hands.shape[1]
    for i in range(lo, hi):
        for p in range(copies):
            x = hands[i, p]
            for k in range(shifts.size):
                out[i, k // nranks, k % nranks] += (x >> shifts[k]) & 1


def rank_counts(hands, shifts, nranks) -> np.ndarray:
    """int64[n, 4, nranks]: the copies held of each card of hands int64[n, copies] (count planes), card ``k`` of
    ``shifts`` (suit by suit, ranks high to low) at bit ``shifts[k]`` of a plane."""
    out = np.zeros((hands.shape[0], 4, nranks), dtype=np.int64)
    rank_counts_range.batch(hands.shape[0], hands, shifts, nranks, out)
    return out


@range_kernel
def reach_values_range(meld, counts, w, out, lo, hi):
    """:func:`reach_values` of hands lo..hi-1 into ``out``."""
    nr = counts.shape[2]
    for i in range(lo, hi):
        side_all = 0.0
        voids = 0
        singles = 0
        for s in range(4):
            length = 0
            for r in range(nr):
                length += counts[i, s, r]
                side_all += counts[i, s, r] * w[2 + nr + r]
            voids += length == 0
            singles += length == 1
        for t in range(4):
            length = 0
            v = w[0] + w[1] * meld[i, t] + side_all
            for r in range(nr):
                length += counts[i, t, r]
                v += counts[i, t, r] * (w[2 + r] - w[2 + nr + r])
            v += w[2 + 2 * nr] * (voids - (length == 0)) + w[3 + 2 * nr] * (singles - (length == 1))
            out[i, t] = v


def reach_values(meld, counts, w) -> np.ndarray:
    """float64[n, 4]: the rich reach valuation of each hand (meld int64[n, 4], rank counts int64[n, 4, nranks])
    with each trump, by coefficients ``w`` (intercept, then the terms of :data:`analyzer.bidding.reach.TERMS`):
    the design's product, term by term."""
    out = np.empty((meld.shape[0], 4), dtype=np.float64)
    reach_values_range.batch(meld.shape[0], meld, counts, w, out)
    return out
