"""Exact probabilities of holding melds in a random hand (counting with generating functions).

A hand of ``h`` cards is dealt from a pack of ``K`` card kinds with ``c`` copies each; every set of
``h`` physical cards is equally likely. The number of hands holding at least ``need[k]`` copies of each
kind ``k`` of a requirement is the coefficient of ``x**h`` in

    prod_{k in need} sum_{j >= need[k]} C(c, j) x**j  *  (1 + x)**(c * (K - len(need)))

and the probability is that count over ``C(K*c, h)``. Exact rationals (``fractions.Fraction``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from analyzer.cards import SUITS
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


@dataclass(frozen=True)
class ExactMeld:
    """The exact chance of holding ``n`` or more copies of a meld's cards (in ``suit`` for suit melds)."""

    meld: str
    suit: str | None
    n: int
    probability: Fraction

    def as_dict(self) -> dict[str, object]:
        return {"meld": self.meld, "suit": self.suit, "n": self.n, "p": float(self.probability)}


def exact_meld_table(rules: RuleSet, suit: int = 0, hand_size: int | None = None) -> list[ExactMeld]:
    """For every meld of the rule set and every copy count 1..copies: the chance a hand holds its cards.

    Suit melds are counted in ``suit`` (by symmetry the same for every suit). This is the chance of
    holding the cards, which is the chance of scoring the meld except where another meld takes the
    cards first (a marriage inside a run) or only the best of a group counts (Luxury Family).
    """
    out = []
    for m in rules.melds:
        for n in range(1, rules.deck.copies + 1):
            need = meld_requirement(rules, m, n, suit)
            if any(v > rules.deck.copies for v in need.values()):
                continue
            p = prob_at_least(rules, need, hand_size)
            if p > 0:
                out.append(ExactMeld(m.name, SUITS[suit] if m.scope == "suit" else None, n, p))
    return out
