"""Exact probabilities of holding melds in a random hand (counting with generating functions).

A hand of ``h`` cards is dealt from a pack of ``K`` card kinds with ``c`` copies each; every set of
``h`` physical cards is equally likely. The number of hands holding at least ``need[k]`` copies of each
kind ``k`` of a requirement is the coefficient of ``x**h`` in

    prod_{k in need} sum_{j >= need[k]} C(c, j) x**j  *  (1 + x)**(c * (K - len(need)))

and the probability is that count over ``C(K*c, h)``. Exact rationals (``fractions.Fraction``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from math import comb

from analyzer.meld.reference import suit_items
from analyzer.rules.model import MeldSpec, RuleSet


def _poly_mul(a: list[int], b: list[int], cap: int) -> list[int]:
    out = [0] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x == 0 or i > cap:
            continue
        for j, y in enumerate(b):
            if i + j > cap:
                break
            out[i + j] += x * y
    return out


def count_hands(kinds: int, copies: int, hand_size: int, need: dict[int, int]) -> int:
    """Hands of ``hand_size`` cards holding at least ``need[k]`` copies of each kind k."""
    if any(n > copies for n in need.values()) or len(need) > kinds:
        return 0
    poly = [1]
    for n in need.values():
        poly = _poly_mul(poly, [comb(copies, j) if j >= n else 0 for j in range(copies + 1)], hand_size)
    free = copies * (kinds - len(need))
    poly = _poly_mul(poly, [comb(free, j) for j in range(free + 1)], hand_size)
    return poly[hand_size] if hand_size < len(poly) else 0


def prob_at_least(rules: RuleSet, need: dict[int, int], hand_size: int | None = None) -> Fraction:
    """Chance that a random hand of the rule set holds at least ``need[kind]`` copies of each kind."""
    deck = rules.deck
    h = rules.hand_size if hand_size is None else hand_size
    k = 4 * deck.nranks
    return Fraction(count_hands(k, deck.copies, h, need), comb(k * deck.copies, h))


def meld_requirement(rules: RuleSet, meld: MeldSpec, n: int, suit: int | None = None) -> dict[int, int]:
    """The cards (kind -> copies) that ``n`` copies of a meld's pattern take (suit melds: in ``suit``)."""
    deck = rules.deck
    if meld.scope == "around":
        return {deck.kind(s, meld.around): n for s in range(4)}
    if meld.scope == "cards":
        need: dict[int, int] = {}
        for k in meld.cards:
            need[k] = need.get(k, 0) + n
        return need
    if suit is None:
        raise ValueError("a suit meld needs a suit")
    return {deck.kind(suit, r): c * n for r, c in meld.ranks}


# ---- a meld in any suit, and the mean meld -----------------------------------------------------------------
def exact_any_suit(rules: RuleSet, meld: MeldSpec, n: int) -> Fraction:
    """Exact chance of holding ``n`` copies of a suit meld's cards in at least one suit (inclusion-exclusion
    over the suits: the requirements of several suits are on different cards, so they merge)."""
    total = Fraction(0)
    for k in range(1, 5):
        for suits in combinations(range(4), k):
            need: dict[int, int] = {}
            for s in suits:
                need.update(meld_requirement(rules, meld, n, s))
            total += (-1) ** (k + 1) * prob_at_least(rules, need)
    return total


def _pattern_prob(rules: RuleSet, digits: Sequence[int]) -> Fraction:
    """Chance that one given suit holds exactly ``digits[b]`` copies of the rank at lane bit b."""
    deck = rules.deck
    h, total = rules.hand_size, deck.size
    rest = total - deck.nranks * deck.copies
    inside = sum(digits)
    if inside > h:
        return Fraction(0)
    ways = comb(rest, h - inside)
    for d in digits:
        ways *= comb(deck.copies, d)
    return Fraction(ways, comb(total, h))


def exact_mean_meld(rules: RuleSet, trump: int) -> Fraction:
    """The exact mean meld of a random hand with trump ``trump``.

    Meld is a sum of a part per suit (which depends only on the copies of each rank the suit holds), the
    arounds and the fixed-card melds; the mean is the sum of their means. A suit part's mean sums over
    the suit's count patterns (hypergeometric chances); an around or fixed-card meld's over its copies n
    (the chance of holding n copies and not n + 1, from :func:`analyzer.meld.exact.prob_at_least`).
    """
    deck = rules.deck
    total = Fraction(0)
    if any(m.scope == "suit" for m in rules.melds):
        for digits in product(range(deck.copies + 1), repeat=deck.nranks):
            p = _pattern_prob(rules, digits)
            if p == 0:
                continue
            rc = {deck.rank_of(b): digits[b] for b in range(deck.nranks)}
            plain = sum(pts for _, _, pts in suit_items(rc, False, rules))
            trumped = sum(pts for _, _, pts in suit_items(rc, True, rules))
            total += p * (3 * plain + trumped)  # the trump suit and three plain suits, by symmetry
    for m in rules.melds:
        if m.scope == "suit":
            continue
        at_least = [prob_at_least(rules, meld_requirement(rules, m, n)) for n in range(1, deck.copies + 1)]
        at_least.append(Fraction(0))  # nobody holds more copies than the deck has
        for n in range(1, deck.copies + 1):
            total += (at_least[n - 1] - at_least[n]) * m.score(n)
    del trump  # every suit gives the same mean: no meld in these tables depends on which suit is trump
    return total
