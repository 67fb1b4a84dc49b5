"""Meld: exact points of a hand for every trump, with a breakdown by meld.

``meld_points(hand, rules)`` -> {"S": .., "H": .., "D": .., "C": ..} through the numba kernel,
``meld_breakdown`` through the reference counter, ``meld_batch(hands, rules)`` for arrays of hands.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from analyzer.cards import SUITS, Hand, counts_of
from analyzer.errors import UserError
from analyzer.meld_kernel import meld4_batch
from analyzer.meld_ref import MeldItem, meld_items, suit_items
from analyzer.rules.model import RuleSet


def meld_tables(rules: RuleSet) -> tuple:
    """The kernel's look-up tables for a rule set, built once from the rule data and cached."""
    if "meld_tables" in rules.cache:
        return rules.cache["meld_tables"]
    deck = rules.deck
    nr, base = deck.nranks, deck.copies + 1
    size = base**nr
    pl = [sum(base**b for b in range(nr) if (m >> b) & 1) for m in range(1 << nr)]
    # pl2[m0 | m1 << nr]: index part of two planes' lanes (planes are taken in pairs; a missing
    # fourth or second plane reads as empty)
    width = 2 * nr if deck.copies > 1 else nr
    pl2 = np.array([pl[m & ((1 << nr) - 1)] + pl[m >> nr] for m in range(1 << width)], dtype=np.int16)
    st = np.zeros(size, dtype=np.int32)
    at = np.zeros(size, dtype=np.int32)
    suit_melds = any(m.scope == "suit" for m in rules.melds)
    arounds = [m for m in rules.melds if m.scope == "around"]
    for idx, digits in enumerate(_patterns(nr, base)):
        # digits[b] = copies of the rank at lane bit b
        if suit_melds:
            rc = {deck.rank_of(b): digits[b] for b in range(nr)}
            plain = sum(p for _, _, p in suit_items(rc, False, rules))
            trump = sum(p for _, _, p in suit_items(rc, True, rules))
            if not (0 <= plain < 1 << 16 and -(1 << 15) <= trump - plain < 1 << 15):
                raise UserError(f"rule set {rules.id}: meld of one suit out of range ({plain}, {trump})")
            st[idx] = plain + ((trump - plain) << 16)
        at[idx] = sum(m.score(digits[deck.rank_bit[m.around]]) for m in arounds)
    cards = [m for m in rules.melds if m.scope == "cards"]
    cm = np.array([sum(1 << k for k in set(m.cards)) for m in cards], dtype=np.int64)
    cv = np.zeros((len(cards), deck.copies + 1), dtype=np.int64)
    for j, m in enumerate(cards):
        cv[j] = [m.score(n) for n in range(deck.copies + 1)]
    tables = (np.int64(nr), np.int64(deck.lane), pl2, st, at, cm, cv)
    rules.cache["meld_tables"] = tables
    return tables


def _patterns(nr: int, base: int):
    """Every count pattern in index order: index = sum_b digits[b] * base**b."""
    for rev in product(range(base), repeat=nr):
        yield rev[::-1]


def meld_batch(hands: np.ndarray, rules: RuleSet, out: np.ndarray | None = None) -> np.ndarray:
    """Meld for trump S, H, D, C of every hand: hands int64[n, copies] -> int32[n, 4].

    ``out`` (int32[n, 4]) may be passed to reuse a buffer in hot loops.
    """
    hands = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, rules.deck.copies)
    if out is None:
        out = np.empty((hands.shape[0], 4), dtype=np.int32)
    meld4_batch(hands, *meld_tables(rules), out)
    return out


def meld_points(hand: Hand, rules: RuleSet) -> dict[str, int]:
    """Meld of one hand for each trump suit."""
    out = meld_batch(hand.planes[None, :], rules)[0]
    return {SUITS[t]: int(out[t]) for t in range(4)}


def meld_breakdown(hand: Hand, rules: RuleSet, trump: int) -> list[MeldItem]:
    """The melds of a hand with ``trump`` (0..3), each with its copies and points."""
    return meld_items(counts_of(hand.planes, rules.deck), rules, trump)


def best_trump(hand: Hand, rules: RuleSet) -> tuple[str, int]:
    """The trump giving the most meld and that meld."""
    pts = meld_points(hand, rules)
    s = max(pts, key=pts.__getitem__)
    return s, pts[s]
