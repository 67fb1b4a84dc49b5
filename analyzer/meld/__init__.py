"""Meld: exact points of a hand for every trump, with a breakdown by meld.

``meld_points(hand, rules)`` -> {"S": .., "H": .., "D": .., "C": ..} through the numba kernel,
``meld_breakdown`` through the reference counter, ``meld_batch(hands, rules)`` for arrays of hands,
``laid_cards`` the cards a hand lays down for its meld.
"""

from __future__ import annotations

from itertools import product

import numpy as np

from analyzer.cards import SUITS, Hand, counts_of
from analyzer.errors import UserError
from analyzer.meld.kernel import meld2_range, meld4_range, meld_any_range
from analyzer.meld.reference import MeldItem, meld_items, suit_items
from analyzer.rules.model import RuleSet


def meld_tables(rules: RuleSet, generic: bool = False) -> tuple:
    """The kernel and its look-up tables for a rule set, built once from the rule data and cached.

    Returns ``(kernel, args)``: the range kernel of :mod:`analyzer.meld.kernel` and its tables;
    ``kernel.batch(n, hands, *args, out)`` fills ``out`` with the meld of the ``n`` hands.
    ``generic`` picks the general kernel whatever the deck (for tests).
    """
    key = "meld_tables_generic" if generic else "meld_tables"
    if key in rules.cache:
        return rules.cache[key]
    # the tables depend on the deck and the meld table only: rule sets loaded again share them
    shared = (generic, rules.deck.ranks, rules.deck.copies, rules.melds)
    if shared in _TABLES:
        rules.cache[key] = _TABLES[shared]
        return _TABLES[shared]
    rules.cache[key] = _TABLES[shared] = _build_tables(rules, generic)
    return rules.cache[key]


#: meld tables by (generic, deck ranks, copies, melds), shared by every rule set with the same meld
_TABLES: dict[tuple, tuple] = {}


def _build_tables(rules: RuleSet, generic: bool) -> tuple:
    deck = rules.deck
    nr, base = deck.nranks, deck.copies + 1
    if deck.copies > 4 or (deck.copies > 1 and 2 * nr > 16) or nr > 16:
        raise UserError(f"rule set {rules.id}: the meld kernel takes at most 4 copies and 8 ranks (16 with 1 copy)")
    size = base**nr
    pl = [sum(base**b for b in range(nr) if (m >> b) & 1) for m in range(1 << nr)]
    # pair state m0 | m1 << nr of two planes' lanes -> its part of the pattern index (a plane beyond
    # the deck's copies reads as empty)
    width = 2 * nr if deck.copies > 1 else nr
    pl2 = np.array([pl[m & ((1 << nr) - 1)] + pl[m >> nr] for m in range(1 << width)], dtype=np.int64)
    st = np.zeros(size, dtype=np.int32)
    ar = np.zeros(size, dtype=np.int64)
    suit_melds = any(m.scope == "suit" for m in rules.melds)
    arounds = [m for m in rules.melds if m.scope == "around"]
    for idx, digits in enumerate(_patterns(nr, base)):
        # digits[b] = copies of the rank at lane bit b
        if suit_melds:
            rc = {deck.rank_of(b): digits[b] for b in range(nr)}
            plain = sum(p for _, _, p in suit_items(rc, False, rules))
            trump = sum(p for _, _, p in suit_items(rc, True, rules))
            if not (0 <= plain < 1 << 14 and -(1 << 15) <= trump - plain < 1 << 15):
                raise UserError(f"rule set {rules.id}: meld of one suit out of range ({plain}, {trump})")
            st[idx] = plain + ((trump - plain) << 16)
        ar[idx] = sum(m.score(digits[deck.rank_bit[m.around]]) for m in arounds)
    cards = [m for m in rules.melds if m.scope == "cards"]
    cm = np.array([sum(1 << k for k in set(m.cards)) for m in cards], dtype=np.int64)
    fast = len(cards) <= 1 and not generic
    direct = fast and deck.copies <= 2
    if direct:
        # one or two copies: the pair state indexes the tables directly
        st, ar = st[pl2], ar[pl2]
    # the table across suits: arounds, plus every fixed-card meld for each number of copies held of it
    at = ar
    for m in cards:
        at = np.concatenate([at + m.score(n) for n in range(base)])
    cmul = np.array([len(ar) * base**j for j in range(len(cards))], dtype=np.int64)
    at = at.astype(np.int16 if at.max() < 1 << 15 else np.int32)
    nr64, wide = np.int64(nr), np.int64((1 << width) - 1)
    fm, fk = (cm[0], cmul[0]) if cards else (None, np.int64(0))
    if direct:
        tables = (meld2_range, (nr64, wide, st, at, fm, fk))
    elif fast and 3 * nr <= 16:
        # three or four copies, at most 5 ranks: the suit table indexed by the counts in binary
        code = np.arange(1 << (3 * nr))
        bits = [(code >> (k * nr + b)) & 1 for k in range(3) for b in range(nr)]
        counts = [bits[b] + 2 * bits[nr + b] + 4 * bits[2 * nr + b] for b in range(nr)]
        ok = np.all([c < base for c in counts], axis=0)
        pattern = sum(c * base**b for b, c in enumerate(counts))
        st3 = np.where(ok, st[np.where(ok, pattern, 0)], 0).astype(np.int32)
        tables = (meld4_range, (nr64, wide, pl2, st3, at, fm, fk))
    else:
        tables = (meld_any_range, (nr64, wide, pl2, st, at, cm, cmul))
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
    kern, args = meld_tables(rules)
    kern.batch(hands.shape[0], hands, *args, out)
    return out


def meld_points(hand: Hand, rules: RuleSet) -> dict[str, int]:
    """Meld of one hand for each trump suit."""
    out = meld_batch(hand.planes[None, :], rules)[0]
    return {SUITS[t]: int(out[t]) for t in range(4)}


def meld_breakdown(hand: Hand, rules: RuleSet, trump: int) -> list[MeldItem]:
    """The melds of a hand with ``trump`` (0..3), each with its copies and points."""
    return meld_items(counts_of(hand.planes, rules.deck), rules, trump)


def laid_cards(hand: Hand, rules: RuleSet, trump: int) -> Hand:
    """The cards a hand lays down for its whole meld in ``trump``: the fewest of its cards that make the same meld
    (each card dropped, in order, whose loss costs no meld; meld never falls as cards are added)."""
    def meld(ks: list[int]) -> int:
        return int(meld_batch(Hand(rules.deck, tuple(ks)).planes[None, :], rules)[0, trump])

    full, keep = meld(list(hand.kinds)), list(hand.kinds)
    for k in hand.kinds:
        rest = list(keep)
        rest.remove(k)
        if meld(rest) == full:
            keep = rest
    return Hand(rules.deck, tuple(sorted(keep)))


def best_trump(hand: Hand, rules: RuleSet) -> tuple[str, int]:
    """The trump giving the most meld and that meld."""
    pts = meld_points(hand, rules)
    s = max(pts, key=pts.__getitem__)
    return s, pts[s]
