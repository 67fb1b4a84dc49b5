"""Numba kernels of the hand features (:func:`analyzer.bidding.features.features`, its rank counts) and of the
rich reach valuation (:func:`analyzer.bidding.reach.reach_values`)."""

from __future__ import annotations

import numpy as np

from analyzer.jit import popcount, range_kernel


@range_kernel
def hand_features_range(hands, meld4, lane, ace_bit, ten_bit, meld, best, least, aces, ace_suits, length, sure, lo, hi):
    """:func:`hand_features` of hands lo..hi-1 into the output arrays."""
    copies = hands.shape[1]
    for i in range(lo, hi):
        hi_m = lo_m = np.int64(meld4[i, 0])
        for t in range(4):
            v = np.int64(meld4[i, t])
            meld[i, t] = v
            hi_m = max(hi_m, v)
            lo_m = min(lo_m, v)
        best[i] = hi_m
        least[i] = lo_m
        n_aces = n_suits = n_sure = 0
        for s in range(4):
            cards = ace = ten = 0
            for p in range(copies):
                lanebits = (hands[i, p] >> (16 * s)) & lane
                cards += popcount(lanebits)
                ace += (lanebits >> ace_bit) & 1
                if ten_bit >= 0:
                    ten += (lanebits >> ten_bit) & 1
            length[i, s] = cards
            n_aces += ace
            n_suits += ace > 0
            n_sure += ace + (ten if ace == copies else 0)
        aces[i] = n_aces
        ace_suits[i] = n_suits
        sure[i] = n_sure


def hand_features(hands, meld4, lane, ace_bit, ten_bit) -> tuple[np.ndarray, ...]:
    """The per-hand features of hands int64[n, copies] (count planes) with their meld ``meld4`` int[n, 4]: (meld
    int64[n, 4], best and least meld, aces held, suits with an ace, cards per suit int64[n, 4], sure tricks -- the
    aces, plus the tens of suits where the hand holds every copy of the ace), all int64. Lane bits ``ace_bit`` and
    ``ten_bit`` (a negative ``ten_bit`` counts no tens). A range kernel spread over threads: one pass over each hand
    (the array operations it replaces each swept the batch, their reductions along short rows the slowest)."""
    n = hands.shape[0]
    meld, length = np.empty((n, 4), dtype=np.int64), np.empty((n, 4), dtype=np.int64)
    best, least, aces, ace_suits, sure = (np.empty(n, dtype=np.int64) for _ in range(5))
    hand_features_range.batch(n, hands, meld4, lane, ace_bit, ten_bit, meld, best, least, aces, ace_suits, length,
                              sure)
    return meld, best, least, aces, ace_suits, length, sure


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
