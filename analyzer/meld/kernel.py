"""Numba kernels: the meld of count-plane hands for all four trumps at once.

Meld splits into a part inside each suit (runs, marriages, families, dix: it depends only on how
many copies of each rank the suit holds and on whether it is trump) and a part across suits (arounds,
fixed cards such as the pinochle). Both are table look-ups, built from the rule data by
:mod:`analyzer.meld` with the reference counter.

Planes are taken in pairs: ``y = x0 | x1 << nr`` puts the two planes' lanes of suit ``s`` side by side
in bits ``16*s .. 16*s + 2*nr`` (``2*nr <= 16``: 2 * 6 ranks, 2 * 5 ranks), so ``(y >> 16*s) & wide``
(``wide = (1 << 2*nr) - 1``) is the pair's state of that suit and ``around_lanes(y) & wide`` that of the
ranks held in every suit. With one or two copies that state indexes the tables directly (4096 entries for
6 ranks, :func:`meld2_range`). With more copies ``pl`` (int[1 << 2*nr]) maps a pair's state to its part of
the count-pattern index ``sum_r c_r * (copies + 1)**r``.

The suit table ``st`` packs the points of a suit as plain in the low 16 bits and the extra it is worth
as trump in the high 16 bits (int32, ``plain + extra * 65536``; plain below ``1 << 14`` so that four suits'
plain parts add up inside the low 16 bits). The table of the part across suits, ``at``, also holds the fixed-card
melds: its index is ``a + sum_j n_j * cmul[j]`` where ``a`` is the around index, ``n_j`` the number of
complete copies held of fixed meld ``j`` (mask ``cm[j]``) and ``cmul[j]`` the around table's size times
``(copies + 1)**j``. The fast kernels take at most one fixed meld, as the scalars ``fm`` (mask) and ``fk``
(step), or ``fm = None`` when there is none (numba then compiles the count out): a loop over a run-time
count of fixed melds costs ~15%, and so does counting an empty fixed meld.
Kernels index the batch array rather than take row views (a view costs a reference count), and index
tables with uint64 (a signed index costs a negative-index fix-up on every look-up).
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import inline, range_kernel


@inline
def u(x):
    """An index known to be non-negative, as uint64: numba then skips the negative-index wraparound."""
    return np.uint64(x)


@inline
def around_lanes(x):
    """The AND of the four suit lanes of a plane: the ranks it holds in every suit."""
    return x & (x >> 16) & (x >> 32) & (x >> 48)


@inline
def store4(out, i, e0, e1, e2, e3, a):
    """Write the meld of hand ``i`` for the four trumps from its four suit entries and its cross part."""
    # the plain parts sit in the low 16 bits and are non-negative with a sum below 1 << 16 (checked when
    # the table is built), so the low 16 bits of the entries' sum are the plain parts' sum
    base = ((np.int64(e0) + e1 + e2 + e3) & 0xFFFF) + a
    out[i, 0] = base + (e0 >> 16)
    out[i, 1] = base + (e1 >> 16)
    out[i, 2] = base + (e2 >> 16)
    out[i, 3] = base + (e3 >> 16)


@range_kernel
def meld2_range(hands, nr, wide, st, at, fm, fk, out, lo, hi):
    """Meld of hands ``lo .. hi - 1`` of a one- or two-copy deck (int64[n, copies]) for S H D C into out
    (int32[n, 4]). ``st`` and ``at`` are indexed directly by the pair state (see the module docstring)."""
    two = hands.shape[1] > 1
    for i in range(lo, hi):
        x0 = hands[i, 0]
        x1 = hands[i, 1] if two else np.int64(0)
        y = x0 | (x1 << nr)
        a = around_lanes(y) & wide
        if fm is not None:
            a += (np.int64((x0 & fm) == fm) + np.int64((x1 & fm) == fm)) * fk
        e0 = st[u(y & wide)]
        e1 = st[u((y >> 16) & wide)]
        e2 = st[u((y >> 32) & wide)]
        e3 = st[u((y >> 48) & wide)]
        store4(out, i, e0, e1, e2, e3, at[u(a)])


@range_kernel
def meld4_range(hands, nr, wide, pl, st, at, fm, fk, out, lo, hi):
    """Meld of hands ``lo .. hi - 1`` of a three- or four-copy deck of at most 5 ranks (int64[n, copies]) into
    out.

    ``st`` is indexed directly by a suit's counts in binary: the lane bits of ``x0 ^ x1 ^ x2 ^ x3``
    (count odd), ``x1 & ~x3`` (count 2 or 3) and ``x3`` (count 4) side by side (``3 * nr <= 16`` bits).
    The part across suits goes through ``pl``.
    """
    four = hands.shape[1] > 3
    wide3 = np.int64((1 << (3 * nr)) - 1)
    for i in range(lo, hi):
        x0 = hands[i, 0]
        x1 = hands[i, 1]
        x2 = hands[i, 2]
        x3 = hands[i, 3] if four else np.int64(0)
        y = x0 | (x1 << nr)
        z = x2 | (x3 << nr)
        w = (x0 ^ x1 ^ x2 ^ x3) | ((x1 & ~x3) << nr) | (x3 << (2 * nr))
        a = pl[u(around_lanes(y) & wide)] + pl[u(around_lanes(z) & wide)]
        if fm is not None:
            n = np.int64((x0 & fm) == fm) + np.int64((x1 & fm) == fm) + np.int64((x2 & fm) == fm)
            a += (n + np.int64((x3 & fm) == fm)) * fk
        e0 = st[u(w & wide3)]
        e1 = st[u((w >> 16) & wide3)]
        e2 = st[u((w >> 32) & wide3)]
        e3 = st[u((w >> 48) & wide3)]
        store4(out, i, e0, e1, e2, e3, at[u(a)])


@range_kernel
def meld_any_range(hands, nr, wide, pl, st, at, cm, cmul, out, lo, hi):
    """Meld of hands ``lo .. hi - 1`` of a deck of 1 to 4 copies with any number of fixed melds into out
    (int32[n, 4]).

    The general (slower) kernel: two pairs of planes' states go through ``pl`` to the count-pattern index.
    """
    ncop = hands.shape[1]
    nfix = cm.shape[0]
    zero = np.int64(0)
    for i in range(lo, hi):
        x0 = hands[i, 0]
        x1 = hands[i, 1] if ncop > 1 else zero
        x2 = hands[i, 2] if ncop > 2 else zero
        x3 = hands[i, 3] if ncop > 3 else zero
        y = x0 | (x1 << nr)
        z = x2 | (x3 << nr)
        a = pl[u(around_lanes(y) & wide)] + pl[u(around_lanes(z) & wide)]
        for j in range(nfix):
            m = cm[j]
            n = np.int64((x0 & m) == m) + np.int64((x1 & m) == m) + np.int64((x2 & m) == m)
            a += (n + np.int64((x3 & m) == m)) * cmul[j]
        e0 = st[u(pl[u(y & wide)] + pl[u(z & wide)])]
        e1 = st[u(pl[u((y >> 16) & wide)] + pl[u((z >> 16) & wide)])]
        e2 = st[u(pl[u((y >> 32) & wide)] + pl[u((z >> 32) & wide)])]
        e3 = st[u(pl[u((y >> 48) & wide)] + pl[u((z >> 48) & wide)])]
        store4(out, i, e0, e1, e2, e3, at[u(a)])


@range_kernel
def popcount_floor_range(hands, out, lo, hi):
    """The floor for benchmarks: read every plane of hands ``lo .. hi - 1`` and sum its popcount into ``out``."""
    for i in range(lo, hi):
        s = 0
        for p in range(hands.shape[1]):
            x = hands[i, p]
            # SWAR popcount: vectorisable, no intrinsic
            x = x - ((x >> 1) & 0x5555555555555555)
            x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
            x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
            s += (x * 0x0101010101010101) >> 56
        out[i] = s
