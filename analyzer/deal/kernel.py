"""Numba kernels of the dealer -- the one that deals every random deal of the package -- and of the
constraint checks of the deal sampler.

Every random number of a deal is a pure function of ``(seed, deal index, attempt, draw number)`` (the
counter-based stream of :mod:`analyzer.deal.rng`). Nothing depends on which thread runs a deal or on how
deals are grouped into calls, so a run gives the same deals at any thread count and any chunking.
"""

from __future__ import annotations

import numpy as np

from analyzer.deal.rng import draw32, scaled, stream_keys
from analyzer.jit import kernel, popcount, range_kernel


@range_kernel
def deal_range(base, pool, need, tail, seed, deal_ids, attempts, hands, stock, lo, hi):
    """Deals ``lo .. hi - 1`` of :func:`deal_batch` into ``hands`` and ``stock``."""
    seats = base.shape[0]
    copies = base.shape[1]
    m = pool.shape[0]
    dealt = 0
    for s in range(seats):
        dealt += need[s]
    # Fisher-Yates, front to back, fixes position j at step j: without a stock to order, the hands' positions
    # are all that is needed (the same hands as the full shuffle)
    steps = m - 1 if (stock.shape[1] > 0 or dealt > m - 1) else dealt
    buf = np.empty(m, dtype=np.int64)  # scratch buffers for the range; each deal has its own stream
    pick = np.empty(m, dtype=np.int64)
    for i in range(lo, hi):
        for j in range(m):
            buf[j] = pool[j]
        k1, k2 = stream_keys(seed, deal_ids[i], attempts[i])
        # position j receives a uniform pick among positions j..m-1; the picks first, in a loop of their own
        # (no draw depends on another, so it compiles to vector instructions), then the swaps
        for j in range(steps):
            pick[j] = j + scaled(draw32(k1, k2, j), m - j)
        for j in range(steps):
            r = pick[j]
            t = buf[j]
            buf[j] = buf[r]
            buf[r] = t
        for s in range(seats):
            for p in range(copies):
                hands[i, s, p] = base[s, p]
        pos = 0
        for s in range(seats):
            for _ in range(need[s]):
                # one copy more of the kind: set it in the lowest count plane that lacks it (indexed in
                # place: a view of the hand per card would cost a reference count each)
                bit = np.int64(1) << buf[pos]
                for p in range(copies):
                    if (hands[i, s, p] & bit) == 0:
                        hands[i, s, p] |= bit
                        break
                pos += 1
        if stock.shape[1] > 0:
            for j in range(pos, m):
                stock[i, j - pos] = buf[j]
            for j in range(tail.shape[0]):
                stock[i, m - pos + j] = tail[j]


def deal_batch(base, pool, need, tail, seed, deal_ids, attempts, with_stock=True) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``pool`` (the unseen kinds, one entry per card) at random, once per (deal id, attempt).

    base: int64[seats, copies] cards every deal starts with (my hand, known cards of a seat);
    need: int64[seats] cards each seat still receives; the rest of the shuffled pool, then ``tail``
    (known cards outside every hand, e.g. the turned-up card), is the stock in draw order.
    Returns hands int64[n, seats, copies] and stock int64[n, len(pool) - sum(need) + len(tail)]
    (``with_stock=False``: no stock, int64[n, 0], and only the hands' cards are shuffled: the same hands).
    """
    n = deal_ids.shape[0]
    seats, copies = base.shape
    nstock = pool.shape[0] - int(need.sum()) + tail.shape[0] if with_stock else 0
    hands = np.empty((n, seats, copies), dtype=np.int64)
    stock = np.empty((n, nstock), dtype=np.int64)
    deal_range.batch(n, base, pool, need, tail, np.int64(seed), deal_ids, attempts, hands, stock)
    return hands, stock


@kernel
def count_suit(planes, suit, lane):
    """Cards of ``suit`` held (every copy counted)."""
    c = 0
    for p in range(planes.shape[0]):
        c += popcount((planes[p] >> (16 * suit)) & lane)
    return c


@kernel
def count_kind(planes, k):
    """Copies of kind ``k`` held."""
    c = 0
    for p in range(planes.shape[0]):
        c += (planes[p] >> k) & 1
    return c


@kernel
def count_rank(planes, bit):
    """Cards of the rank at lane bit ``bit`` held, over the four suits."""
    c = 0
    for s in range(4):
        c += count_kind(planes, 16 * s + bit)
    return c


#: constraint codes of the rows :func:`check_rows` reads
SUIT, CARD, RANK = 0, 1, 2


@range_kernel
def check_range(hands, rows, lane, ok, lo, hi):
    """:func:`check_rows` of deals ``lo .. hi - 1`` into ``ok``."""
    for i in range(lo, hi):
        good = 1
        for r in range(rows.shape[0]):
            code = rows[r, 0]
            h = hands[i, rows[r, 1]]
            if code == SUIT:
                c = count_suit(h, rows[r, 2], lane)
            elif code == CARD:
                c = count_kind(h, rows[r, 2])
            else:
                c = count_rank(h, rows[r, 2])
            if c < rows[r, 3] or c > rows[r, 4]:
                good = 0
                break
        ok[i] = good


def check_rows(hands, rows, lane) -> np.ndarray:
    """1 where a deal meets every row, else 0: hands int64[n, seats, copies] -> int32[n].

    A row is (code, seat, arg, lo, hi): the count of ``arg`` in ``seat``'s hand must lie in lo..hi,
    where code SUIT counts the cards of suit ``arg``, CARD the copies of kind ``arg``, RANK the cards
    of the rank at lane bit ``arg`` in all suits.
    """
    ok = np.empty(hands.shape[0], dtype=np.int32)
    check_range.batch(hands.shape[0], hands, rows, np.int64(lane), ok)
    return ok
