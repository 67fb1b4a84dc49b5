"""Numba kernels of the card pass: the move of one card between count-plane hands, the simple passing rule of each
role (docs/RULES.md, "Card passing"), and the whole pass of a batch of deals.

Both rules take cards one at a time. The bid winner's partner takes them by a fixed order of preference: the trumps,
highest first, less the dix ranks (``dix``: lane bits of the trump ranks that score as a meld alone); the other suits'
cards of a fixed-card meld that has a card in trump (``parts[t]``: a kinds mask per trump suit); the aces (the deck's
top rank) of the other suits; the dix cards; then the lowest cards left. The bid winner passing back takes at each
step the card with the least key (is trump, meld lost by giving it, is an ace, rank, suit): never a trump while he
holds another card, first the cards that cost no meld (non-aces before aces, lowest first), then the card that costs
the least. His meld is counted by the general meld kernel (:func:`analyzer.meld.kernel.meld_any_range`) on every
candidate hand at once.

Ties go by suit order S H D C; a kind is ``16 * suit + bit``, bit 0 the lowest rank (:mod:`analyzer.cards`).
"""

from __future__ import annotations

import numpy as np

from analyzer.jit import inline, kernel, range_kernel
from analyzer.meld.kernel import meld_any_range

_meld_rows = meld_any_range.kernel  # the compiled kernel itself: other kernels call it, not the range kernel


@inline
def held(h, k):
    """Copies of kind ``k`` in the hand ``h`` (int64[copies] count planes)."""
    n = 0
    for p in range(h.shape[0]):
        n += (h[p] >> k) & 1
    return n


@inline
def remove_one(h, k):
    """Take one copy of kind ``k`` out of ``h`` (it holds one): clear the bit in the highest plane that has it."""
    for p in range(h.shape[0] - 1, -1, -1):
        if (h[p] >> k) & 1:
            h[p] &= ~(np.int64(1) << k)
            return


@inline
def add_one(h, k):
    """Put one copy of kind ``k`` into ``h``: set the bit in the lowest plane that lacks it."""
    for p in range(h.shape[0]):
        if not (h[p] >> k) & 1:
            h[p] |= np.int64(1) << k
            return


@inline
def move_one(src, dst, k):
    """One copy of kind ``k`` from hand ``src`` to hand ``dst``."""
    remove_one(src, k)
    add_one(dst, k)


@kernel
def _take_all(h, out, k, left):
    """Move every copy of ``k`` from ``h`` to ``out`` while ``left`` cards remain to pass; the cards still to pass."""
    while left > 0 and held(h, k) > 0:
        move_one(h, out, k)
        left -= 1
    return left


@kernel
def _add_planes(h, cards):
    """Add every card of ``cards`` (count planes) to ``h``, one copy at a time."""
    for p in range(cards.shape[0]):
        x = cards[p]
        for k in range(64):
            if (x >> k) & 1:
                add_one(h, k)


@kernel
def choose_partner(h, t, n, nr, dix, parts, out):
    """The bid winner's partner's ``n`` cards by the simple rule (module docstring), moved from ``h`` into ``out``
    (both int64[copies]; ``out`` empty on entry), trump ``t``; ``dix`` the dix lane bits, ``parts`` the kinds of
    the fixed-card melds' cards to pass with trump ``t``."""
    left = n
    for b in range(nr - 1, -1, -1):  # trumps, highest first, less the dix
        if not (dix >> b) & 1:
            left = _take_all(h, out, 16 * t + b, left)
    for b in range(nr - 1, -1, -1):  # the fixed meld's cards outside trump
        for s in range(4):
            if (parts >> (16 * s + b)) & 1:
                left = _take_all(h, out, 16 * s + b, left)
    for s in range(4):  # the other suits' aces
        if s != t:
            left = _take_all(h, out, 16 * s + nr - 1, left)
    for b in range(nr - 1, -1, -1):  # the dix cards
        if (dix >> b) & 1:
            left = _take_all(h, out, 16 * t + b, left)
    for b in range(nr):  # the lowest cards left
        for s in range(4):
            left = _take_all(h, out, 16 * s + b, left)


@kernel
def choose_bidder(h, t, n, nr, mw, mpl, mst, mat, mcm, mcmul, buf, mbuf, out):
    """The bid winner's ``n`` cards back by the simple rule (module docstring), moved from ``h`` into ``out``;
    ``mw .. mcmul`` the general meld kernel's tables, ``buf`` (int64[>= 65, copies]) and ``mbuf`` (int32[>= 65,
    4]) scratch rows for the candidate hands."""
    cop = h.shape[0]
    top = nr - 1
    for _ in range(n):
        rows = 0
        for s in range(4):
            for b in range(nr):
                k = 16 * s + b
                if held(h, k) > 0:
                    for p in range(cop):
                        buf[rows, p] = h[p]
                    remove_one(buf[rows], k)
                    rows += 1
        for p in range(cop):
            buf[rows, p] = h[p]
        _meld_rows(buf, nr, mw, mpl, mst, mat, mcm, mcmul, mbuf, 0, rows + 1)
        full = np.int64(mbuf[rows, t])
        best = np.int64(-1)
        best_key = np.int64(1) << 62
        r = 0
        for s in range(4):
            for b in range(nr):
                k = 16 * s + b
                if held(h, k) > 0:
                    loss = full - mbuf[r, t]
                    if loss < 0:
                        loss = 0
                    key = (np.int64(s == t) << 48) | (np.int64(loss) << 16) | (np.int64(b == top) << 12) \
                        | (np.int64(b) << 4) | s
                    if key < best_key:
                        best_key = key
                        best = k
                    r += 1
        move_one(h, out, best)


@range_kernel
def step_range(hands, giver, taker, trump, n, bidder_rule, nr, dix, parts, mw, mpl, mst, mat, mcm, mcmul, out, lo, hi):
    """One way of the pass in deals ``lo .. hi - 1``: seat ``giver[i]`` passes ``n`` cards to ``taker[i]`` by the
    bid winner's rule (``bidder_rule``) or his partner's, trump ``trump[i]``; ``hands`` (int64[deals, seats,
    copies]) changed in place, the cards passed into ``out[i]`` (count planes, empty on entry)."""
    cop = hands.shape[2]
    buf = np.zeros((65, cop), dtype=np.int64)
    mbuf = np.zeros((65, 4), dtype=np.int32)
    for i in range(lo, hi):
        g, t = giver[i], trump[i]
        if bidder_rule:
            choose_bidder(hands[i, g], t, n, nr, mw, mpl, mst, mat, mcm, mcmul, buf, mbuf, out[i])
        else:
            choose_partner(hands[i, g], t, n, nr, dix, parts[t], out[i])
        _add_planes(hands[i, taker[i]], out[i])
