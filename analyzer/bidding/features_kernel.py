"""Numba kernels of the arena's hand features (used by :func:`analyzer.bidding.features.features`)."""

from __future__ import annotations

import numpy as np

from analyzer.jit import batch, popcount, prange


@batch
def suit_counts(hands, lane, ace_bit, ten_bit):
    """Per hand (int64[n, copies] count planes) and suit: cards held, aces held, tens held.

    Returns int64[n, 3, 4]: [:, 0] suit lengths, [:, 1] aces, [:, 2] tens (lane bits ``ace_bit``,
    ``ten_bit``; a negative ``ten_bit`` counts none).
    """
    n = hands.shape[0]
    copies = hands.shape[1]
    out = np.zeros((n, 3, 4), dtype=np.int64)
    for i in prange(n):
        for p in range(copies):
            x = hands[i, p]
            for s in range(4):
                lanebits = (x >> (16 * s)) & lane
                out[i, 0, s] += popcount(lanebits)
                out[i, 1, s] += (lanebits >> ace_bit) & 1
                if ten_bit >= 0:
                    out[i, 2, s] += (lanebits >> ten_bit) & 1
    return out
