"""Numba kernels of the arena's hand features (used by :func:`analyzer.bidding.features.features`)."""

from __future__ import annotations

import numpy as np

from analyzer.jit import fan_out, kernel, popcount


@kernel
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
    if hands.shape[0]:
        fan_out(suit_counts_range, hands.shape[0], hands, lane, ace_bit, ten_bit, out)
    return out
