"""The random streams: every random number comes from ``(seed, deal index, ...)``, never from the thread
that draws it or the order work is done in, so a run gives the same figures at any thread count, batch
size or cluster.

One hash (:func:`mix32`) under everything:

* **dealing** (counter-based): :func:`stream_keys` hashes ``(seed, deal, attempt)`` into two keys and
  :func:`draw32` gives draw ``j`` of that stream -- any draw without the ones before it;
* **playing** (sequential): :func:`stream_seed` starts deal ``index``'s 32-bit xorshift stream, which
  :func:`xorshift` advances and :func:`scaled` maps onto ``0 .. n - 1``;
* **deal-keyed draws** in Python (:func:`hash_uniform`): a uniform number from a deal's cards, for draws that
  must follow the deal, not its index;
* **seeds** of sub-runs in Python (a play group, a scenario, a study): :func:`seed_of` of the run's seed and
  the integers that name the sub-run.

The arithmetic is 32-bit words held in int64; a product of two words may wrap when compiled, which leaves
its low 32 bits (all that is kept) unchanged, so the kernels give the same numbers compiled and under
``NUMBA_DISABLE_JIT=1``.
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import DISABLED, hot, range_kernel

M32 = 0xFFFFFFFF
#: seeds are non-negative int64 (the kernels take them as int64)
SEED_MASK = (1 << 63) - 1
GOLDEN = 0x9E3779B9  # 2**32 / golden ratio: spreads consecutive counters over the word
MIX_A = 0x85EBCA6B
MIX_B = 0xC2B2AE35
KEY_B = 0x7F4A7C15
PLAY_SALT = 0x3C6EF372  # separates deal ``i``'s playing stream from its dealing streams
XS_NONZERO = 0x6D2B79F5  # an xorshift state must not be 0


@hot
def mul32(a, b):
    """``a * b mod 2**32`` for 32-bit words a, b. The int64 product may wrap past 2**63 when compiled; its low
    32 bits are right either way (and Python's ints never wrap), so both modes give the same word."""
    return (a * b) & M32


@hot
def mix32(h):
    """A bijective avalanche of a 32-bit word (xor-shift / multiply rounds)."""
    h &= M32
    h ^= h >> 16
    h = mul32(h, MIX_A)
    h ^= h >> 13
    h = mul32(h, MIX_B)
    h ^= h >> 16
    return h


@hot
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


@hot
def draw32(k1, k2, j):
    """Draw number ``j`` of the stream with keys (k1, k2): a 32-bit word."""
    return mix32(mix32((k1 + mul32((j + 1) & M32, GOLDEN)) & M32) ^ k2)


@hot
def scaled(x, n):
    """A 32-bit word mapped onto ``0 .. n - 1`` (multiply-shift; bias at most n / 2**32)."""
    return (x * n) >> 32


@hot
def stream_seed(seed, index):
    """The starting state of deal ``index``'s playing stream under ``seed`` (a 32-bit word, never 0)."""
    k1, k2 = stream_keys(seed, index, 0)
    x = mix32(k1 ^ mix32(k2 ^ PLAY_SALT))
    if x == 0:
        x = XS_NONZERO
    return x


@hot
def xorshift(x):
    """The next state of a 32-bit xorshift stream (x != 0, below 2**32)."""
    x ^= (x << 13) & M32
    x ^= x >> 17
    x ^= (x << 5) & M32
    return x


def _mix32_py(h: int) -> int:
    """:func:`mix32` in Python ints, the same word (a compiled call from Python costs more than the rounds)."""
    h &= M32
    h ^= h >> 16
    h = (h * MIX_A) & M32
    h ^= h >> 13
    h = (h * MIX_B) & M32
    h ^= h >> 16
    return h


def seed_of(*parts: int) -> int:
    """A 48-bit seed mixed from integers (the run's seed, then the deal index, seat, study number, ...)."""
    h = 0x2B7E1516
    for p in parts:
        h = _mix32_py((h ^ (int(p) & M32)) & M32)
        h = _mix32_py((h + ((int(p) >> 32) & M32) + GOLDEN) & M32)
    return (h << 16) ^ _mix32_py(h ^ MIX_A)


#: :func:`hash_uniform`'s splitmix64 words (uint64: the kernel's arithmetic wraps modulo 2**64 as numpy's does)
HASH_START = np.uint64(0x9E3779B97F4A7C15)
HASH_MUL_A = np.uint64(0xBF58476D1CE4E5B9)
HASH_MUL_B = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_TWO53 = float(1 << 53)


@range_kernel(jit=hot)
def hash_uniform_range(flat, start, out, lo, hi):
    """:func:`hash_uniform` of rows lo..hi-1 of ``flat`` (uint64[n, words]) from the salted start word ``start``."""
    for i in range(lo, hi):
        h = start
        for j in range(flat.shape[1]):
            h ^= flat[i, j]
            h ^= h >> _S30
            h *= HASH_MUL_A
            h ^= h >> _S27
            h *= HASH_MUL_B
            h ^= h >> _S31
        out[i] = np.float64(h >> _S11) / _TWO53


def hash_uniform(hands: np.ndarray, salt: int) -> np.ndarray:
    """float64[n] in [0, 1): a hash (splitmix64 rounds) of each deal's cards and ``salt``: a draw that belongs to
    the deal's cards, whatever its index (the auction clues' thinning draws, :mod:`analyzer.bidding.inference`).
    The top 53 bits of the hash over 2**53, exactly."""
    flat = np.ascontiguousarray(hands, dtype=np.int64).reshape(hands.shape[0], -1).view(np.uint64)
    out = np.empty(flat.shape[0], dtype=np.float64)
    start = HASH_START ^ np.uint64(salt & 0xFFFFFFFF)
    if DISABLED:  # pragma: no cover - numpy's scalars warn of the products' wrap (by design): on this thread, silenced
        with np.errstate(over="ignore"):
            hash_uniform_range(flat, start, out, 0, flat.shape[0])
    else:
        hash_uniform_range.batch(flat.shape[0], flat, start, out)
    return out
