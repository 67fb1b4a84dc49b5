"""Numba kernels of the deal sampler: a counter-based random stream and a batch dealer.

Every random number of a deal is a pure function of ``(seed, deal index, attempt, draw number)``:
a key is hashed from the seed, the deal index and the attempt, and draw ``j`` hashes the key with
``j``. Nothing depends on which thread runs a deal or on how deals are grouped into calls, so a run
gives the same deals at any thread count and any chunking.

The arithmetic is 32-bit words held in int64 and never overflows (products stay below 2**49), so the
kernels give the same numbers compiled and under ``NUMBA_DISABLE_JIT=1``.
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import fan_out, kernel, popcount

M32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B9  # 2**32 / golden ratio: spreads consecutive counters over the word
MIX_A = 0x85EBCA6B
MIX_B = 0xC2B2AE35
KEY_B = 0x7F4A7C15


@kernel
def mul32(a, b):
    """``a * b mod 2**32`` for 32-bit words a, b, computed in halves so int64 never overflows."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & M32


@kernel
def mix32(h):
    """A bijective avalanche of a 32-bit word (xor-shift / multiply rounds)."""
    h &= M32
    h ^= h >> 16
    h = mul32(h, MIX_A)
    h ^= h >> 13
    h = mul32(h, MIX_B)
    h ^= h >> 16
    return h


@kernel
def stream_keys(seed, deal, attempt):
    """The two 32-bit keys of the random stream of ``deal`` (>= 0) at ``attempt`` under ``seed``."""
    s_lo = seed & M32
    s_hi = (seed >> 32) & M32
    d_lo = deal & M32
    d_hi = (deal >> 32) & M32
    h = mix32(s_lo ^ GOLDEN)
    h = mix32(h ^ s_hi)
    h = mix32((h + d_lo) & M32)
    h = mix32(h ^ d_hi)
    k1 = mix32((h + mul32(attempt & M32, GOLDEN)) & M32)
    k2 = mix32(k1 ^ KEY_B ^ mix32(attempt & M32))
    return k1, k2


@kernel
def draw32(k1, k2, j):
    """Draw number ``j`` of the stream with keys (k1, k2): a 32-bit word."""
    return mix32(mix32((k1 + mul32((j + 1) & M32, GOLDEN)) & M32) ^ k2)


@kernel
def below(x, r):
    """A 32-bit word mapped onto 0..r-1 (multiply-shift; bias at most r / 2**32)."""
    return (x * r) >> 32


@kernel
def add_card(planes, k):
    """Add one copy of kind ``k`` to count planes (set it in the lowest plane that lacks it)."""
    bit = np.int64(1) << k
    for p in range(planes.shape[0]):
        if (planes[p] & bit) == 0:
            planes[p] |= bit
            return


@kernel
def deal_range(base, pool, need, tail, seed, deal_ids, attempts, hands, stock, lo, hi):
    """Deals ``lo .. hi - 1`` of :func:`deal_batch` into ``hands`` and ``stock``."""
    seats = base.shape[0]
    copies = base.shape[1]
    m = pool.shape[0]
    buf = np.empty(m, dtype=np.int64)  # one scratch buffer for the range; each deal has its own stream
    for i in range(lo, hi):
        for j in range(m):
            buf[j] = pool[j]
        k1, k2 = stream_keys(seed, deal_ids[i], attempts[i])
        # Fisher-Yates, front to back: position j receives a uniform pick among positions j..m-1
        for j in range(m - 1):
            r = j + below(draw32(k1, k2, j), m - j)
            t = buf[j]
            buf[j] = buf[r]
            buf[r] = t
        for s in range(seats):
            for p in range(copies):
                hands[i, s, p] = base[s, p]
        pos = 0
        for s in range(seats):
            for _ in range(need[s]):
                add_card(hands[i, s], buf[pos])
                pos += 1
        for j in range(pos, m):
            stock[i, j - pos] = buf[j]
        for j in range(tail.shape[0]):
            stock[i, m - pos + j] = tail[j]


def deal_batch(base, pool, need, tail, seed, deal_ids, attempts) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``pool`` (the unseen kinds, one entry per card) at random, once per (deal id, attempt).

    base: int64[seats, copies] cards every deal starts with (my hand, known cards of a seat);
    need: int64[seats] cards each seat still receives; the rest of the shuffled pool, then ``tail``
    (known cards outside every hand, e.g. the turned-up card), is the stock in draw order.
    Returns hands int64[n, seats, copies] and stock int64[n, len(pool) - sum(need) + len(tail)].
    """
    n = deal_ids.shape[0]
    seats, copies = base.shape
    nstock = pool.shape[0] - int(need.sum()) + tail.shape[0]
    hands = np.empty((n, seats, copies), dtype=np.int64)
    stock = np.empty((n, nstock), dtype=np.int64)
    fan_out(deal_range, n, base, pool, need, tail, np.int64(seed), deal_ids, attempts, hands, stock)
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


@kernel
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
    fan_out(check_range, hands.shape[0], hands, rows, np.int64(lane), ok)
    return ok
