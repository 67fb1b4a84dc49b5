"""Numba kernels: the meld of count-plane hands for all four trumps at once.

Meld splits into a part inside each suit (runs, marriages, families, dix: it depends only on how
many copies of each rank the suit holds and on whether it is trump) and a part across suits (arounds,
fixed cards such as the pinochle). Both are table look-ups on a *pattern index*: a suit holding
``c_r`` copies of the rank at lane bit ``r`` has index ``sum_r c_r * B**r`` with ``B = copies + 1``,
which is a sum of look-ups in a small table over the planes' lanes. The tables are built from the rule
data by :mod:`analyzer.meld` with the reference counter.
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import batch, inline, prange


@inline
def pair_index(x, y, shift, nr, lane, pl2):
    """Index part of the lanes at ``shift`` of two planes ``x`` and ``y``."""
    return pl2[((x >> shift) & lane) | (((y >> shift) & lane) << nr)]


@inline
def around_lanes(x):
    """The AND of the four suit lanes of a plane: the ranks it holds in every suit."""
    return x & (x >> 16) & (x >> 32) & (x >> 48)


@inline
def meld4(hands, i, nr, lane, pl2, st, at, cm, cv, out):
    """Meld of hand ``i`` of ``hands`` (int64[n, copies]) for trump S, H, D, C into ``out[i, 0:4]``.

    st[i] packs the points of a suit with pattern i: plain in the low 16 bits, the extra it is worth
    as trump in the high 16 bits (int32). at[i]: arounds for the pattern of ranks held in every suit.
    cm[j]: the bitmask of the cards of fixed-card meld j; cv[j, n]: its points for n copies.
    Kernels index the batch array rather than take row views (a view costs a reference count), and
    name the planes one by one (a loop over a run-time plane count defeats LLVM here).
    """
    ncop = hands.shape[1]
    zero = np.int64(0)
    x0 = hands[i, 0]
    x1 = hands[i, 1] if ncop > 1 else zero
    x2 = hands[i, 2] if ncop > 2 else zero
    x3 = hands[i, 3] if ncop > 3 else zero
    i0 = pair_index(x0, x1, 0, nr, lane, pl2)
    i1 = pair_index(x0, x1, 16, nr, lane, pl2)
    i2 = pair_index(x0, x1, 32, nr, lane, pl2)
    i3 = pair_index(x0, x1, 48, nr, lane, pl2)
    a = pair_index(around_lanes(x0), around_lanes(x1), 0, nr, lane, pl2)
    if ncop > 2:
        i0 += pair_index(x2, x3, 0, nr, lane, pl2)
        i1 += pair_index(x2, x3, 16, nr, lane, pl2)
        i2 += pair_index(x2, x3, 32, nr, lane, pl2)
        i3 += pair_index(x2, x3, 48, nr, lane, pl2)
        a += pair_index(around_lanes(x2), around_lanes(x3), 0, nr, lane, pl2)
    e0 = st[i0]
    e1 = st[i1]
    e2 = st[i2]
    e3 = st[i3]
    low = np.int32(0xFFFF)
    base = (e0 & low) + (e1 & low) + (e2 & low) + (e3 & low) + at[a]
    # fixed cards: n copies held of all of them <=> plane n-1 contains the whole mask
    for j in range(cm.shape[0]):
        m = cm[j]
        n = np.int64((x0 & m) == m) + np.int64((x1 & m) == m) + np.int64((x2 & m) == m)
        n += np.int64((x3 & m) == m)
        base += cv[j, n]
    out[i, 0] = base + (e0 >> 16)
    out[i, 1] = base + (e1 >> 16)
    out[i, 2] = base + (e2 >> 16)
    out[i, 3] = base + (e3 >> 16)


@batch
def meld4_batch(hands, nr, lane, pl2, st, at, cm, cv, out):
    """Meld of every hand (int64[n, copies]) for the four trumps into ``out`` (int32[n, 4])."""
    for i in prange(hands.shape[0]):
        meld4(hands, i, nr, lane, pl2, st, at, cm, cv, out)


@batch
def popcount_floor(hands, out):
    """The floor for benchmarks: read every plane of every hand and sum its popcount into ``out``."""
    for i in prange(hands.shape[0]):
        s = 0
        for p in range(hands.shape[1]):
            x = hands[i, p]
            # SWAR popcount: vectorisable, no intrinsic
            x = x - ((x >> 1) & 0x5555555555555555)
            x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
            x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
            s += (x * 0x0101010101010101) >> 56
        out[i] = s
