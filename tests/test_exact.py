"""Exact meld probabilities against full enumeration on small decks, and known closed forms."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from analyzer.meld.exact import count_hands, meld_requirement, prob_at_least
from analyzer.rules import load


@pytest.mark.parametrize("kinds,copies,h", [(4, 2, 3), (5, 2, 4), (3, 4, 5), (6, 1, 3), (4, 3, 6)])
def test_count_hands_matches_enumeration(kinds, copies, h):
    pack = [k for k in range(kinds) for _ in range(copies)]
    for need in ({0: 1}, {0: 2} if copies >= 2 else {0: 1}, {0: 1, 1: 1}, {0: 1, 2: copies}, {1: 1, 2: 1, 3: 1}):
        need = {k: v for k, v in need.items() if k < kinds}
        brute = sum(
            all(sum(1 for i in idx if pack[i] == k) >= n for k, n in need.items())
            for idx in combinations(range(len(pack)), h)
        )
        assert count_hands(kinds, copies, h, need) == brute, need


def test_no_requirement_is_certain():
    rs = load("auction")
    assert prob_at_least(rs, {}) == 1


def test_single_card_closed_form():
    rs = load("auction")
    # P(at least one copy of AS in 12 of 48 cards) = 1 - C(46, 12) / C(48, 12)
    assert prob_at_least(rs, {rs.deck.kind(0, "A"): 1}) == 1 - Fraction(comb(46, 12), comb(48, 12))
    # both copies: C(46, 10) / C(48, 12)
    assert prob_at_least(rs, {rs.deck.kind(0, "A"): 2}) == Fraction(comb(46, 10), comb(48, 12))


def test_aces_around_and_pinochle_chances():
    rs = load("auction")

    def chance(name: str, n: int, suit: int | None = None) -> Fraction:
        """The exact chance of holding ``n`` copies of the meld's cards (in ``suit`` for a suit meld)."""
        return prob_at_least(rs, meld_requirement(rs, next(m for m in rs.melds if m.name == name), n, suit))

    pin1 = chance("pinochle", 1)
    # inclusion-exclusion for "at least one QS and one JD"
    a = Fraction(comb(46, 12), comb(48, 12))
    b = Fraction(comb(44, 12), comb(48, 12))
    assert pin1 == 1 - 2 * a + b
    assert chance("aces-around", 2) == Fraction(comb(40, 4), comb(48, 12))
    assert 0 < chance("farmer", 2, 1) < chance("farmer", 1, 1) < chance("marriage", 1, 1) < 1


def test_requirements():
    rs = load("double-deck")
    pin = next(m for m in rs.melds if m.name == "pinochle")
    assert meld_requirement(rs, pin, 3) == {rs.deck.kind(0, "Q"): 3, rs.deck.kind(2, "J"): 3}
    run = next(m for m in rs.melds if m.name == "run")
    assert sum(meld_requirement(rs, run, 2, suit=3).values()) == 10
