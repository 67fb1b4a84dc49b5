"""Bounds and table rules added by the solver research branch, checked where they must and must not
apply, and against the exact value (the brute-force-checked solver with its bounds off)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from analyzer.cards import parse_cards, to_planes
from analyzer.rules import load
from analyzer.solve import SolverConfig, solve_deal
from analyzer.solve import layout as L
from analyzer.solve.bounds import entry_to, sure_points
from analyzer.solve.driver import init_root
from analyzer.solve.lower import header
from analyzer.solve.position import load_hands

PLAIN = SolverConfig(quick=False, slot_bits=10)
SMALL = SolverConfig(slot_bits=6)


def workspace(rules, hands, trump, leader, side, config=SMALL):
    """A solver workspace holding ``hands`` (one card string a seat) at a trick boundary."""
    h = header(rules, config)
    W = np.zeros(L.workspace_words(config.slot_bits, config.ways), dtype=np.int64)
    W[:h.shape[0]] = h
    W[L.P_TRUMP] = trump
    W[L.P_MAXMASK] = side
    W[L.P_STAMP] = 1
    W[L.P_BUDGET] = 10**9
    W[L.P_ROOTD] = -1
    planes = np.zeros((rules.seats, L.MAX_PLANES), dtype=np.int64)
    for q, text in enumerate(hands):
        planes[q, :rules.deck.copies] = to_planes(parse_cards(text, rules.deck), rules.deck)
    load_hands(W, planes)
    init_root(W, np.zeros(4, dtype=np.int64), 0, leader, 0)
    return W


def kind(rules, name):
    return parse_cards(name, rules.deck)[0]


AUCTION = load("auction")
# seat 0 leads, seat 2 is its partner; spades: 0 holds 9S, 2 holds AS, 1 and 3 hold lower spades
ENTRY_HANDS = ["9S KH KD", "JS QH QD", "AS JH JD", "QS 9H 9D"]


def test_entry_to_a_partner_s_sure_winner():
    W = workspace(AUCTION, ENTRY_HANDS, 1, 0, 0b0101)
    assert entry_to(W, 0, 2, 0b0101) == kind(AUCTION, "AS")
    # the leader's tens stand above the opponents' spades too, but the entry is partner's best card
    W = workspace(AUCTION, ["TS KH KD", "JS QH QD", "AS JH JD", "KS 9H 9D"], 1, 0, 0b0101)
    assert entry_to(W, 0, 2, 0b0101) == kind(AUCTION, "AS")
    # seat 1 leading to seat 3: QS is no sure winner (seat 2 holds AS)
    W = workspace(AUCTION, ENTRY_HANDS, 1, 1, 0b1010)
    assert entry_to(W, 1, 3, 0b1010) == -1


@pytest.mark.parametrize("hands,why", [
    (["9S KH KD", "KH QH QD", "AS JH JD", "QS 9H 9D"], "an opponent is void in the suit (may ruff)"),
    (["9S KH KD", "AS QH QD", "AS JH JD", "QS 9H 9D"], "an opponent holds the same card, played first"),
    (["KH KD QC", "JS QH QD", "AS JH JD", "QS 9H 9D"], "the leader has no card of the suit"),
    (["AS KH KD", "JS QH QD", "KS JH JD", "QS 9H 9D"], "the leader's only card is above partner's best"),
])
def test_no_entry(hands, why):
    W = workspace(AUCTION, hands, 1, 0, 0b0101)
    assert entry_to(W, 0, 2, 0b0101) == -1, why


def test_entry_raises_the_leader_s_sure_points():
    """Seat 0 has no winner of its own; through partner's AS seat 2 cashes AS and its hearts."""
    hands = ["9S 9C 9C", "JS 9H TC", "AS AH AH", "QS JH JC"]
    W = workspace(AUCTION, hands, 3, 0, 0b0101, SolverConfig(entry=False, slot_bits=6))
    without, _ = sure_points(W, 0, 0b0101, 10**6)
    W = workspace(AUCTION, hands, 3, 0, 0b0101, SolverConfig(entry=True, slot_bits=6))
    with_entry, rel = sure_points(W, 0, 0b0101, 10**6)
    assert with_entry > without
    assert (rel >> kind(AUCTION, "AS")) & 1
    exact = solve_deal(AUCTION, hands, 3, 0, 0, config=PLAIN).value
    assert with_entry <= exact


def _random_hands(rules, rng, k):
    deck = rules.deck
    pack = [c for c in deck.kinds for _ in range(deck.copies)]
    rng.shuffle(pack)
    return [" ".join(deck.name(c) for c in pack[i * k:(i + 1) * k]) for i in range(rules.seats)]


@pytest.mark.parametrize("rid", ["auction", "double-deck", "luxury-family", "bridge"])
def test_sure_points_never_exceed_the_value(rid):
    """At random trick boundaries both sides' sure points (entries included) are at most what the side
    takes against best defence (the exact value, searched with the bounds off)."""
    rules = load(rid)
    rng = random.Random(23)
    cfg = SolverConfig(entry=True, slot_bits=6)
    checked = 0
    for _ in range(60):
        k = rng.choice((3, 4, 5))
        hands = _random_hands(rules, rng, k)
        trump = rng.randrange(-1 if rid == "bridge" else 0, 4)
        leader = rng.randrange(rules.seats)
        declarer = rng.randrange(rules.seats)
        side = sum(1 << s for s in rules.sides[rules.side_of(declarer)])
        W = workspace(rules, hands, trump, leader, side, cfg)
        total = W[L.OFF_PLY + L.R_REM] + rules.per_trick * k + rules.last_trick
        lo_max, _ = sure_points(W, 0, side, 10**6)
        lo_min, _ = sure_points(W, 0, ((1 << rules.seats) - 1) ^ side, 10**6)
        v = solve_deal(rules, hands, trump, leader, declarer, config=PLAIN).value
        assert lo_max <= v, (hands, trump, leader, declarer)
        assert v <= total - lo_min, (hands, trump, leader, declarer)
        checked += lo_max > 0 or lo_min > 0
    assert checked > 10  # the bounds did say something
