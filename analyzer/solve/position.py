"""Kernels over the position held in a solver workspace: the hands in three encodings, kept in step.

Each seat's cards are held as count planes (``OFF_H``: legal-move masks read plane 0), as a *coarse key
word* (``OFF_CK``: the number of cards of each suit and point class) and as a *length key word*
(``OFF_LK``: the number of cards of each suit); per kind, its *owner index* (``OFF_OI``: every seat's count
of it, ``P_CB`` bits a seat) and its pattern field (``OFF_OC``: who holds its copies, as a compact code, and
its point class). :func:`take` and :func:`give` update them all.
"""

from __future__ import annotations

from analyzer.jit import highbit, hot, popcount
from analyzer.solve.layout import (
    MAX_PLANES,
    NF,
    OFF_CK,
    OFF_CKINC,
    OFF_CLS,
    OFF_H,
    OFF_LK,
    OFF_OC,
    OFF_OI,
    OFF_OWN,
    OFF_PLY,
    P_CB,
    P_COPIES,
    P_LANE,
    P_OBITS,
    P_SEATS,
    P_SLOT,
    R_PAT,
    R_PATOK,
)

HMUL = 0x5851F42D4C957F2D
MASK63 = 0x7FFFFFFFFFFFFFFF


@hot
def mix(x):
    """Multiplicative hash step on 63 bits (the same under numba's wrapping int64 and Python ints)."""
    return (int(x) * HMUL) & MASK63


@hot
def load_hands(W, hands):
    """Put ``hands`` (int64[seats, copies] count planes) into the workspace, with their count words and
    coarse keys."""
    seats = W[P_SEATS]
    copies = W[P_COPIES]
    for q in range(seats):
        W[OFF_CK + q] = 0
        W[OFF_LK + q] = 0
        for pl in range(MAX_PLANES):
            x = hands[q, pl] if pl < copies else 0
            W[OFF_H + MAX_PLANES * q + pl] = x
            while x != 0:
                k = highbit(x)
                x &= ~(1 << k)
                W[OFF_CK + q] += W[OFF_CKINC + k]
                W[OFF_LK + q] += 1 << (5 * (k >> 4))
    for k in range(64):
        set_owners(W, k, owner_index(W, k))


@hot
def take(W, q, c):
    """Seat ``q`` gives up one copy of kind ``c`` (from the highest plane holding it); returns the plane."""
    h = OFF_H + MAX_PLANES * q
    pl = W[P_COPIES] - 1
    bit = 1 << c
    while (W[h + pl] & bit) == 0:
        pl -= 1
    W[h + pl] &= ~bit
    W[OFF_CK + q] -= W[OFF_CKINC + c]
    W[OFF_LK + q] -= 1 << (5 * (c >> 4))
    set_owners(W, c, W[OFF_OI + c] - (1 << (q * W[P_CB])))
    return pl


@hot
def give(W, q, c, pl):
    """Undo :func:`take`: seat ``q`` gets kind ``c`` back into plane ``pl``."""
    W[OFF_H + MAX_PLANES * q + pl] |= 1 << c
    W[OFF_CK + q] += W[OFF_CKINC + c]
    W[OFF_LK + q] += 1 << (5 * (c >> 4))
    set_owners(W, c, W[OFF_OI + c] + (1 << (q * W[P_CB])))


@hot
def held(W, q):
    """Plane 0 of seat ``q``: the kinds it holds."""
    return W[OFF_H + MAX_PLANES * q]


@hot
def all_held(W):
    """The kinds still held by anyone."""
    x = 0
    for q in range(W[P_SEATS]):
        x |= W[OFF_H + MAX_PLANES * q]
    return x


@hot
def count_in(W, q, mask):
    """Cards (copies counted) of seat ``q`` among the kinds in ``mask``."""
    h = OFF_H + MAX_PLANES * q
    n = 0
    for pl in range(W[P_COPIES]):
        n += popcount(W[h + pl] & mask)
    return n


@hot
def owner_index(W, k):
    """Each seat's count of kind ``k`` (copies in its count planes), ``P_CB`` bits a seat: the index of its
    owner code in ``OFF_OWN``."""
    cb = W[P_CB]
    idx = 0
    for q in range(W[P_SEATS]):
        n = 0
        for pl in range(W[P_COPIES]):
            n += (W[OFF_H + MAX_PLANES * q + pl] >> k) & 1
        idx |= n << (q * cb)
    return idx


@hot
def set_owners(W, k, idx):
    """Kind ``k`` now has owner index ``idx``: keep it and the pattern field it gives (the compact owner
    code and the kind's point class)."""
    W[OFF_OI + k] = idx
    W[OFF_OC + k] = W[OFF_OWN + idx] | (W[OFF_CLS + k] << W[P_OBITS])


@hot
def set_patterns(W, d):
    """The suit patterns of the position at node ``d`` into its record: per suit, for each rank still
    out from the highest down (field ``i`` for the ``i``-th highest), who holds its copies and its point
    class. Positions that differ only in which ranks were played have equal patterns."""
    lane = W[P_LANE]
    slot = W[P_SLOT]
    allh = all_held(W)
    b = OFF_PLY + d * NF
    for s in range(4):
        m = (allh >> (16 * s)) & lane
        pat = 0
        i = 0
        while m != 0:
            r = highbit(m)
            m &= ~(1 << r)
            pat |= W[OFF_OC + 16 * s + r] << (i * slot)
            i += 1
        W[b + R_PAT + s] = pat
    W[b + R_PATOK] = 1
