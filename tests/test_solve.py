"""The double-dummy solver against a brute-force minimax written here from the RULES.md text.

The reference below knows nothing of bitboards, tables or move merging: cards are (suit, strength,
name) tuples, the legal cards come from the rule wording, every legal card is tried at every node.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
import zlib
from functools import cache

import numba
import numpy as np
import pytest

from analyzer.errors import UserError
from analyzer.rules import load
from analyzer.solve import (
    COUNTERS,
    SolverConfig,
    make_position,
    solve_deal,
    solve_deals,
    solve_position,
    solve_positions,
)
from analyzer.solve import layout as L
from analyzer.solve.results import DIAGNOSTIC

SUITS = "SHDC"

# ---- the reference -----------------------------------------------------------------------------------


class Game:
    """What the reference reads from a rule set: ranks, points, the trick rules, the sides."""

    def __init__(self, rules):
        self.rules = rules
        deck = rules.deck
        self.copies = deck.copies
        # strength: larger is higher; the TOML lists ranks high to low
        self.strength = {r: len(deck.ranks) - i for i, r in enumerate(deck.ranks)}
        self.points = dict(rules.card_points)
        self.follow = bool(rules.play.follow)
        self.must_trump = bool(rules.play.must_trump)
        self.head = rules.play.head
        self.seats = rules.seats
        self.last = rules.last_trick
        self.per_trick = rules.per_trick
        self.cards = [(s, self.strength[r], r + SUITS[s]) for s in range(4) for r in deck.ranks]

    def pts(self, card):
        return self.points[card[2][:-1]]

    def wins_over(self, card, best, trump):
        """A card beats the current winner if it is a trump and the winner is not, or of the winner's
        suit and higher; of identical cards the earlier keeps the trick."""
        if card[0] == best[0]:
            return card[1] > best[1]
        return card[0] == trump

    def winner(self, trick, trump):
        w = 0
        for i in range(1, len(trick)):
            if self.wins_over(trick[i], trick[w], trump):
                w = i
        return w

    def legal(self, hand, trick, trump, first=False):
        hand = list(hand)
        if not trick:
            if first and trump >= 0:
                t = [c for c in hand if c[0] == trump]
                if t:
                    return t
            return hand
        if not self.follow:
            return hand
        led = trick[0][0]
        best = trick[self.winner(trick, trump)]
        trumped = best[0] == trump and led != trump
        heading = self.head == "always" or (self.head == "trump-led" and led == trump)
        same = [c for c in hand if c[0] == led]
        if same:
            if heading and not trumped:
                top = max(c[1] for c in trick if c[0] == led)
                higher = [c for c in same if c[1] > top]
                if higher:
                    return higher
            return same
        trumps = [c for c in hand if c[0] == trump]
        if trumps and self.head == "always" and trumped:
            top = max(c[1] for c in trick if c[0] == trump)
            over = [c for c in trumps if c[1] > top]
        else:
            over = []
        if trumps and self.must_trump:
            return over or trumps
        if over:
            return [c for c in hand if c[0] != trump] + over
        return hand


def reference(game, hands, trick, leader, trump, side, first=False):
    """(value, {card name: value}) by plain minimax over every legal card."""
    seats = game.seats
    last, per_trick = game.last, game.per_trick
    pts = {c: game.pts(c) for c in game.cards}

    @cache
    def value(hs, tr, lead, left):
        player = (lead + len(tr)) % seats
        if len(tr) == seats:
            w = (lead + game.winner(tr, trump)) % seats
            g = pts[tr[0]] + pts[tr[1]] + per_trick + (pts[tr[2]] if seats > 2 else 0)
            g += pts[tr[3]] if seats > 3 else 0
            if left == 0:
                return g + last if w in side else 0
            return (g if w in side else 0) + value(hs, (), w, left)
        best = None
        hand = hs[player]
        for c in set(game.legal(hand, tr, trump)):
            i = hand.index(c)
            nh = hs[:player] + (hand[:i] + hand[i + 1:],) + hs[player + 1:]
            v = value(nh, tr + (c,), lead, left - 1)
            if best is None or (v > best if player in side else v < best):
                best = v
        return best

    hs = tuple(tuple(sorted(h)) for h in hands)
    tr = tuple(trick)
    left = sum(len(h) for h in hs)
    player = (leader + len(tr)) % seats
    cards = {}
    for c in set(game.legal(hs[player], tr, trump, first)):
        h = list(hs[player])
        h.remove(c)
        nh = hs[:player] + (tuple(h),) + hs[player + 1:]
        cards[c[2]] = value(nh, tr + (c,), leader, left - 1)
    v = max(cards.values()) if player in side else min(cards.values())
    return v, cards


def deal_hands(game, rng, k):
    pack = [c for c in game.cards for _ in range(game.copies)]
    rng.shuffle(pack)
    return [sorted(pack[i * k:(i + 1) * k]) for i in range(game.seats)]


def random_position(game, rng, k, allow_notrump):
    """k cards a hand dealt at random; half the time a random legal start of the current trick."""
    seats = game.seats
    hands = deal_hands(game, rng, k)
    trump = rng.randrange(-1 if allow_notrump else 0, 4)
    leader = rng.randrange(seats)
    declarer = rng.randrange(seats)
    trick = []
    if rng.random() < 0.5:
        for i in range(rng.randrange(1, seats)):
            p = (leader + i) % seats
            c = rng.choice(game.legal(hands[p], trick, trump))
            hands[p].remove(c)
            trick.append(c)
    return hands, trick, trump, leader, declarer


def side_of(rules, declarer):
    return frozenset(rules.sides[rules.side_of(declarer)])


CONFIGS = [
    ("auction", "never"), ("auction", "trump-led"), ("auction", "always"),
    ("double-deck", "never"), ("double-deck", "trump-led"), ("double-deck", "always"),
    ("luxury-family", "never"), ("luxury-family", "trump-led"), ("luxury-family", "always"),
    ("two-handed", "always"), ("two-handed", "trump-led"),
    ("bridge", None),
]


def check_against_reference(rules, n, seed, sizes=(2, 3, 4), config=None):
    game = Game(rules)
    rng = random.Random(seed)
    cases, positions = [], []
    for _ in range(n):
        k = rng.choice(sizes)
        hands, trick, trump, leader, declarer = random_position(game, rng, k, rules.id == "bridge")
        cases.append((hands, trick, trump, leader, declarer))
        positions.append(make_position(
            rules, [" ".join(c[2] for c in h) for h in hands], trump, leader, declarer,
            [c[2] for c in trick]))
    results = solve_positions(rules, positions, all_cards=True, **({} if config is None else {"config": config}))
    # the single form answers the same (same parameters, same result type)
    one = solve_position(rules, positions[0], all_cards=True)
    assert (one.value, one.lower, one.upper, one.card_values) == (results[0].value, results[0].lower,
                                                                 results[0].upper, results[0].card_values)
    for (hands, trick, trump, leader, declarer), res in zip(cases, results, strict=True):
        v, cards = reference(game, hands, trick, leader, trump, side_of(rules, declarer))
        got = {rules.deck.name(k): x for k, x in res.card_values.items()}
        assert res.exact and res.value == v and res.lower == res.upper == v, (hands, trick, trump, leader)
        assert got == cards, (hands, trick, trump, leader, declarer)


def share(default: int, full: int):
    """``count`` parameters: the default suite's share of a brute-force comparison, and the full count (slow,
    run by ``pytest -m slow``). The same seed, so the share is the first ``default`` cases of the full run; the
    reference minimax in Python is what costs."""
    return pytest.mark.parametrize("count", [pytest.param(default, id=str(default)),
                                             pytest.param(full, id=str(full), marks=pytest.mark.slow)])


@share(250, 1000)
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_solver_equals_brute_force(rid, head, count):
    """1,000 endgames per rule set and head option (2-4 cards a hand, half of them inside a trick); the
    default suite checks the first 250."""
    rules = load(rid, {"head": head} if head else None)
    check_against_reference(rules, count, seed=zlib.crc32(f"{rid}/{head}".encode()), sizes=(2, 2, 3, 3, 3, 4))


LATER_SIZES = [pytest.param(60, (3, 4, 4), id="small"),
               pytest.param(200, (3, 4, 4), id="small-all", marks=pytest.mark.slow),
               pytest.param(300, (3, 4, 5), id="bigger", marks=pytest.mark.slow)]


@pytest.mark.parametrize("count,sizes", LATER_SIZES)
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_later_tricks_bounds_equal_brute_force(rid, head, count, sizes):
    """The later-tricks bounds (trump length, forced points; off by default) against brute force, where a side
    holds several trumps below the other side's best: 200 endgames of 3-4 cards a hand per rule set (slow; the
    default suite checks the first 60 of them) and 300 of 3-5 cards (slow)."""
    rules = load(rid, {"head": head} if head else None)
    check_against_reference(rules, count, seed=zlib.crc32(f"later/{rid}/{head}/{len(sizes)}".encode()),
                            sizes=sizes, config=SolverConfig(tlen=True, forced=True))


@pytest.mark.slow
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_solver_equals_brute_force_bigger(rid, head):
    """Bigger endgames (3-5 cards a hand): where merging, pruning and the table act more."""
    rules = load(rid, {"head": head} if head else None)
    check_against_reference(rules, 500, seed=zlib.crc32(f"slow/{rid}/{head}".encode()), sizes=(3, 4, 4, 5))


@pytest.mark.parametrize("opts", [{"counting": "aces-tens"}, {"counting": "aces-tens-kings"},
                                  {"deck": 24}])
def test_two_handed_counting_options(opts):
    rules = load("two-handed", opts)
    check_against_reference(rules, 300, seed=7, sizes=(2, 3, 4, 5))


SWITCHES = [
    dict(ordering=False, killer=False),
    dict(table=False),
    dict(merge=False),
    dict(quick=False),
    dict(prune=False),
    dict(partition=False),
    dict(quasi=False),
    dict(ways=1, slot_bits=4),
    dict(tlen=True, forced=True),
    dict(etc=2), dict(etc=3, tlen=True, forced=True),
    dict(ordering=False, table=False, merge=False, quick=False, prune=False, killer=False),
]


@cache
def _switch_cases():
    """The switch tests' 40 small endgames with their brute-force values, worked out once for every switch."""
    rules = load("auction", {"head": "always"})
    game = Game(rules)
    rng = random.Random(11)
    cases = []
    for _ in range(40):
        hands, trick, trump, leader, declarer = random_position(game, rng, rng.choice((3, 4)), False)
        want = reference(game, hands, trick, leader, trump, side_of(rules, declarer))
        cases.append((hands, trick, trump, leader, declarer, want))
    return rules, cases


@pytest.mark.parametrize("switch", SWITCHES, ids=lambda d: ",".join(f"{k}={v}" for k, v in d.items()))
def test_every_search_switch_gives_the_same_values(switch):
    """Small endgames against the reference, card values included, with one switch changed."""
    cfg = SolverConfig(**({"slot_bits": 10} | switch))
    rules, cases = _switch_cases()
    for hands, trick, trump, leader, declarer, want in cases:
        names = [" ".join(c[2] for c in h) for h in hands]
        res = solve_deal(rules, names, trump, leader, declarer, trick=[c[2] for c in trick], all_cards=True,
                         config=cfg)
        assert res.value == want[0]
        assert {rules.deck.name(k): x for k, x in res.card_values.items()} == want[1]


@pytest.mark.parametrize("rid,opts,size", [
    ("auction", None, 7), ("auction", {"head": "always"}, 7), ("bridge", None, 7),
    ("double-deck", {"head": "trump-led"}, 6), ("luxury-family", {"head": "always"}, 7),
    ("two-handed", None, 10),
])
def test_search_switches_agree_on_larger_deals(rid, opts, size):
    """Deals too big for the reference: the plain search (validated above) against every enhancement,
    small-card pruning and partition entries in particular (they only act once positions grow)."""
    rules = dataclasses.replace(load(rid, opts), hand_size=size, cache={})
    deals = _random_deals(rules, 60, 17)
    n = len(deals)
    trumps = np.array([(i % 5) - 1 if rid == "bridge" else i % 4 for i in range(n)])
    leaders = np.arange(n) % rules.seats
    declarers = (leaders + 1) % rules.seats
    plain = SolverConfig(prune=False, quick=False, merge=False, partition=False, slot_bits=12)
    want = solve_deals(rules, deals, trumps, leaders, declarers, config=plain).value
    for cfg in (SolverConfig(slot_bits=12), SolverConfig(slot_bits=6, ways=2),
                SolverConfig(slot_bits=12, tlen=True, forced=True), SolverConfig(slot_bits=12, etc=2),
                SolverConfig(slot_bits=6, ways=2, etc=3)):
        got = solve_deals(rules, deals, trumps, leaders, declarers, config=cfg).value
        assert np.array_equal(got, want), cfg


# ---- the first-lead rule of double deck ----------------------------------------------------------


@pytest.mark.parametrize("bid", [0, 50, 51])
def test_double_deck_first_lead_rule(bid):
    # a double-deck game shrunk to 3-card hands, so that the start of play is small enough to enumerate
    rules = dataclasses.replace(load("double-deck"), hand_size=3, cache={})
    game = Game(rules)
    rng = random.Random(bid)
    seen_restricted = 0
    for _ in range(150):
        hands = deal_hands(game, rng, 3)
        trump = rng.randrange(4)
        declarer = leader = rng.randrange(4)
        first = bid != 50
        v, cards = reference(game, hands, [], leader, trump, side_of(rules, declarer), first=first)
        res = solve_deal(rules, [" ".join(c[2] for c in h) for h in hands], trump, leader, declarer,
                         bid=bid, all_cards=True)
        assert res.value == v
        assert {rules.deck.name(k): x for k, x in res.card_values.items()} == cards
        if len(cards) < len(set(hands[leader])):
            seen_restricted += 1
        # the optimal line's first lead obeys the rule and is one of the best
        line = solve_deal(rules, [" ".join(c[2] for c in h) for h in hands], trump, leader, declarer, bid=bid,
                          lines=True)
        assert line.value == v  # the plain search too (sure-point bounds once ignored the first-lead duty)
        assert cards[rules.deck.name(line.line[0])] == v
        assert sum(line.points[s] for s in side_of(rules, declarer)) == v
    if bid != 50:
        assert seen_restricted > 0


def test_first_lead_rule_checks_a_given_lead():
    rules = dataclasses.replace(load("double-deck"), hand_size=2, cache={})
    hands = ["KS", "AH AD", "KH KD", "AC TC"]
    with pytest.raises(UserError, match="not legal"):
        make_position(rules, hands, trump=0, leader=0, declarer=0, trick=["JH"], bid=60)
    pos = make_position(rules, hands, trump=0, leader=0, declarer=0, trick=["JH"], bid=50)
    assert pos.trick and not pos.first_lead


# ---- budgets, batches, determinism -------------------------------------------------------------------


def _random_deals(rules, n, seed):
    rng = np.random.default_rng(seed)
    deck = rules.deck
    pack = np.array([k for k in deck.kinds for _ in range(deck.copies)])
    deals = np.zeros((n, rules.seats, deck.copies), dtype=np.int64)
    for i in range(n):
        perm = rng.permutation(pack)
        for s in range(rules.seats):
            for k in perm[s * rules.hand_size:(s + 1) * rules.hand_size]:
                p = 0
                while (int(deals[i, s, p]) >> int(k)) & 1:
                    p += 1
                deals[i, s, p] |= np.int64(1) << np.int64(k)
    return deals


def test_node_budget_gives_bounds_not_a_wrong_value():
    rules = dataclasses.replace(load("auction"), hand_size=9, cache={})
    deals = _random_deals(rules, 6, 3)
    full = solve_deals(rules, deals, trump=1, leader=0, declarer=0)
    assert full.exact.all()
    cut = solve_deals(rules, deals, trump=1, leader=0, declarer=0, max_nodes=2000)
    assert not cut.exact.any()
    assert (cut.value == -1).all()
    assert (cut.lower <= full.value).all() and (full.value <= cut.upper).all()
    assert (cut.nodes <= 2001).all()
    one = solve_deal(rules, deals[0], 1, 0, 0, max_nodes=500, all_cards=True)
    assert not one.exact and one.value is None and one.card_values is None
    assert one.lower <= full.value[0] <= one.upper


def test_batch_equals_single_solves_and_thread_count_does_not_matter():
    rules = load("luxury-family")
    deals = _random_deals(dataclasses.replace(rules, hand_size=7), 8, 5)
    rules7 = dataclasses.replace(rules, hand_size=7, cache={})
    trumps = np.arange(8) % 4
    leaders = np.arange(8) % 3
    a = solve_deals(rules7, deals, trumps, leaders, leaders)
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        b = solve_deals(rules7, deals, trumps, leaders, leaders)
    finally:
        numba.set_num_threads(old)
    for name in a._fields:
        if name != "ms":  # the solve times are the one thing that may differ
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
    for i in range(8):
        r = solve_deal(rules7, deals[i], int(trumps[i]), int(leaders[i]), int(leaders[i]))
        assert r.value == a.value[i] and r.nodes == a.nodes[i]
        # the single form has the batch's parameters and gives the batch row's result, line included
        assert dataclasses.replace(r, ms=0.0) == dataclasses.replace(a.row(i), ms=0.0)
        assert r.line is not None and sum(r.points[s] for s in (int(leaders[i]),)) == r.value
        pos = make_position(rules7, deals[i], int(trumps[i]), int(leaders[i]), int(leaders[i]))
        d = solve_position(rules7, pos, lines=False, guess=int(a.value[i]), target=int(a.value[i]))
        e = solve_deals(rules7, deals[i:i + 1], trumps[i], leaders[i], leaders[i], lines=False,
                        guess=a.value[i:i + 1], target=a.value[i:i + 1])
        assert d.lower >= a.value[i] and dataclasses.replace(d, ms=0.0) == dataclasses.replace(e.row(0), ms=0.0)


# ---- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("hands,trick,msg", [
    (["AS TS", "KS QS", "JS 9S", "AH"], (), "hand sizes"),
    (["AS TS", "KS QS", "JS 9S", "AH TH"], ("AS",), "hand sizes"),
    (["AS AS", "AS QS", "JS 9S", "AH TH"], (), "AS appears 3 times"),
    (["AS TS", "KS QS", "JS 9S"], (), "4 hands"),
    (["AS ZS", "KS QS", "JS 9S", "AH TH"], (), "unknown card"),
])
def test_bad_positions_raise_user_error(hands, trick, msg):
    rules = load("auction")
    with pytest.raises(UserError, match=msg):
        solve_deal(rules, hands, 0, 0, 0, trick=trick)


def test_bad_seats_and_trump():
    rules = load("auction")
    hands = ["AS", "KS", "QS", "JS"]
    with pytest.raises(UserError, match="leader"):
        solve_deal(rules, hands, 0, 4, 0)
    with pytest.raises(UserError, match="declarer"):
        solve_deal(rules, hands, 0, 0, -1)
    with pytest.raises(UserError, match="trump"):
        solve_deal(rules, hands, 5, 0, 0)
    with pytest.raises(UserError, match="not legal"):
        solve_deal(rules, ["KH", "KS", "QS JH", "JS 9H"], 1, 0, 0, trick=["AS", "QH"])  # seat 1 must follow


# ---- optimal lines (principal variations) ------------------------------------------------------------


def check_lines_against_reference(rules, n, seed, sizes=(2, 3, 3, 4)):
    """Each line: every card legal and optimal for its player by the reference (so the line keeps the
    value for both sides), the side's points equal to the value, all seats' points to the points still
    out, the tricks to the tricks still to be played."""
    game = Game(rules)
    rng = random.Random(seed)
    cases, positions = [], []
    for _ in range(n):
        k = rng.choice(sizes)
        hands, trick, trump, leader, declarer = random_position(game, rng, k, rules.id == "bridge")
        cases.append((hands, trick, trump, leader, declarer))
        positions.append(make_position(
            rules, [" ".join(c[2] for c in h) for h in hands], trump, leader, declarer, [c[2] for c in trick]))
    results = solve_positions(rules, positions, lines=True)
    by_name = {c[2]: c for c in game.cards}
    seats = rules.seats
    for (hands, trick, trump, leader, declarer), res in zip(cases, results, strict=True):
        side = side_of(rules, declarer)
        assert res.exact and res.line is not None, (hands, trick)
        ncards = sum(len(h) for h in hands)
        assert len(res.line) == ncards
        tricks_left = (ncards + len(trick)) // seats
        out = sum(game.pts(c) for h in hands for c in h) + sum(game.pts(c) for c in trick)
        out += rules.per_trick * tricks_left + rules.last_trick
        assert sum(res.points[s] for s in side) == res.value
        assert sum(res.points) == out and sum(res.tricks) == tricks_left
        # walk the line with the reference: every card is one of the player's best
        hs = [list(h) for h in hands]
        tr, lead, gained = list(trick), leader, 0
        pts = [0] * seats
        trk = [0] * seats
        for j, kind in enumerate(res.line):
            card = by_name[rules.deck.name(kind)]
            player = (lead + len(tr)) % seats
            v, cards = reference(game, hs, tr, lead, trump, side, first=False)
            assert gained + v == res.value, (hands, trick, trump, leader, declarer, res.line[:j + 1])
            assert cards.get(card[2]) == v, (hands, trick, trump, leader, declarer, res.line[:j + 1], cards)
            hs[player].remove(card)
            tr.append(card)
            if len(tr) == seats:
                w = (lead + game.winner(tr, trump)) % seats
                g = sum(game.pts(c) for c in tr) + rules.per_trick
                if not any(hs):
                    g += rules.last_trick
                pts[w] += g
                trk[w] += 1
                gained += g if w in side else 0
                tr, lead = [], w
        assert tuple(pts) == res.points and tuple(trk) == res.tricks


@share(40, 120)
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_lines_are_optimal_for_both_sides(rid, head, count):
    """120 endgames per rule set and head option (2-4 cards a hand, half of them inside a trick); the default
    suite checks the first 40."""
    rules = load(rid, {"head": head} if head else None)
    check_lines_against_reference(rules, count, seed=zlib.crc32(f"line/{rid}/{head}".encode()))


@pytest.mark.slow
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_lines_are_optimal_for_both_sides_bigger(rid, head):
    rules = load(rid, {"head": head} if head else None)
    check_lines_against_reference(rules, 80, seed=zlib.crc32(f"slow-line/{rid}/{head}".encode()), sizes=(4, 5))


def test_deal_lines_add_up_and_do_not_depend_on_threads():
    """Full-size batches: the side's points along the line equal the value, every seat's points the deck's
    total, the tricks the number of tricks; the same at one thread; lines=False gives the same values."""
    for rid, size in (("auction", 7), ("double-deck", 6), ("luxury-family", 7), ("two-handed", 9)):
        rules = dataclasses.replace(load(rid), hand_size=size, cache={})
        deals = _random_deals(rules, 12, 23)
        n = len(deals)
        trumps = np.arange(n) % 4
        leaders = np.arange(n) % rules.seats
        decl = (leaders + 1) % rules.seats
        a = solve_deals(rules, deals, trumps, leaders, decl)
        assert a.exact.all() and a.played.all()
        for i in range(n):
            side = list(rules.sides[rules.side_of(int(decl[i]))])
            assert a.points[i, side].sum() == a.value[i]
        pk = np.asarray(rules.points_by_kind)
        dealt = np.array([sum(int(pk[b]) for x in deals[i].ravel() for b in range(63) if (int(x) >> b) & 1)
                          for i in range(n)])
        assert (a.points.sum(axis=1) == dealt + rules.last_trick + rules.per_trick * size).all()
        assert (a.tricks.sum(axis=1) == size).all()
        assert ((a.cards >= 0).sum(axis=1) == size * rules.seats).all()
        old = numba.get_num_threads()
        try:
            numba.set_num_threads(1)
            b = solve_deals(rules, deals, trumps, leaders, decl)
        finally:
            numba.set_num_threads(old)
        for name in a._fields:
            if name != "ms":  # the solve times are the one thing that may differ
                assert np.array_equal(getattr(a, name), getattr(b, name)), name
        c = solve_deals(rules, deals, trumps, leaders, decl, lines=False)
        assert np.array_equal(c.value, a.value) and np.array_equal(c.nodes, a.nodes)
        assert not c.played.any() and (c.points == -1).all()


def test_line_budget_runs_out_honestly():
    rules = dataclasses.replace(load("auction"), hand_size=9, cache={})
    deals = _random_deals(rules, 6, 3)
    cut = solve_deals(rules, deals, trump=1, leader=0, declarer=0, max_nodes=2000)
    assert not cut.played.any() and (cut.points == -1).all() and (cut.tricks == -1).all()
    full = solve_deals(rules, deals, trump=1, leader=0, declarer=0)
    assert full.played.all()


# ---- the counters ------------------------------------------------------------------------------------

#: a child process that solves the deals of :func:`_counted_deals` and prints its values, nodes and counters
_SOLVE = """
import json
from analyzer.solve import layout, solve_deals
from tests.test_solve import _counted_deals
rules, deals = _counted_deals()
r = solve_deals(rules, deals, trump=1, leader=0, declarer=0, lines=False)
print(json.dumps({"count": layout.COUNT, "value": r.value.tolist(), "nodes": r.nodes.tolist(),
                  "counters": r.counters.tolist()}))
"""
#: one that reads the layout module alone (no kernel compiled) and the kernel cache folder after it
_LAYOUT = """
import importlib.util, json
spec = importlib.util.spec_from_file_location("layout_alone", "analyzer/solve/layout.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
from analyzer import jit
print(json.dumps({"count": m.COUNT, "cache": jit.cache_dir()}))
"""


def _counted_deals():
    rules = dataclasses.replace(load("auction"), hand_size=7, cache={})
    return rules, _random_deals(rules, 6, 5)


def _child(code: str, counters: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PINOCHLE_SOLVER_COUNTERS"}
    if counters:
        env["PINOCHLE_SOLVER_COUNTERS"] = "1"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=1800,
                       cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_diagnostic_counters_are_off_the_hot_path_by_default():
    """Without ``PINOCHLE_SOLVER_COUNTERS`` the kernels count only what the product reads (nodes, trick-boundary
    nodes, searches); the diagnostic counters and the histogram by tricks left read 0. With it, the kernels
    compiled with the counters get a cache folder of their own."""
    if L.COUNT:
        pytest.skip("this run compiled the diagnostic counters in")
    rules, deals = _counted_deals()
    r = solve_deals(rules, deals, trump=1, leader=0, declarer=0, lines=False)
    names = list(COUNTERS)
    assert (r.counters[:, names.index("trick_nodes")] > 0).all() and (r.counters[:, names.index("searches")] > 0).all()
    assert (r.counters[:, [names.index(c) for c in DIAGNOSTIC]] == 0).all()
    assert (r.counters[:, L.NCNT:] == 0).all()
    on, off = _child(_LAYOUT, True), _child(_LAYOUT, False)
    assert on["count"] is True and off["count"] is False and on["cache"] != off["cache"]


@pytest.mark.slow
def test_diagnostic_counters_compiled_in_change_no_result():
    """A process with the counters compiled in (its own kernel cache) gives the same values and nodes, and counts:
    table probes and hits, cut-offs, and trick-boundary nodes by tricks left adding up to the trick-boundary
    nodes."""
    rules, deals = _counted_deals()
    want = solve_deals(rules, deals, trump=1, leader=0, declarer=0, lines=False)
    got = _child(_SOLVE, True)
    assert got["count"] is True
    assert got["value"] == want.value.tolist() and got["nodes"] == want.nodes.tolist()
    c = np.array(got["counters"])
    names = list(COUNTERS)
    for name in ("probes", "hits", "stores", "cutoffs", "first_move_cutoffs"):
        assert (c[:, names.index(name)] > 0).all(), name
    assert np.array_equal(c[:, L.NCNT:].sum(axis=1), c[:, names.index("trick_nodes")])
    assert np.array_equal(c[:, :4], want.counters[:, :4])


@pytest.mark.parametrize("rid,size", [("auction", 7), ("double-deck", 5), ("luxury-family", 6), ("two-handed", 6),
                                      ("bridge", 6)])
def test_decide_answers_whether_the_value_reaches_the_target(rid, size):
    """One null-window search a deal answers "at least T?" exactly as the exact value does, at every target
    around the value (and the trivial ones: 0, past every point left)."""
    from analyzer.solve import decide_deal, decide_deals

    rules = dataclasses.replace(load(rid), hand_size=size, cache={})
    deals = _random_deals(rules, 8, zlib.crc32(rid.encode()))
    trump = -1 if rid == "bridge" else 2
    full = solve_deals(rules, deals, trump=trump, leader=1, declarer=0, lines=False)
    assert full.exact.all()
    for off in (-3, -1, 0, 1, 3):
        t = np.maximum(full.value + off, 0)
        d = decide_deals(rules, deals, trump, 1, 0, t)
        assert d.decided.all() and (d.made == (full.value >= t)).all(), off
        # the bounds are proven: they hold the value and answer the question
        assert (d.lower <= full.value).all() and (full.value <= d.upper).all()
        assert (np.where(d.made, d.lower >= t, d.upper < t)).all()
    assert decide_deals(rules, deals, trump, 1, 0, 0).made.all()
    assert not decide_deals(rules, deals, trump, 1, 0, 10_000).made.any()
    i = 3
    assert decide_deal(rules, deals[i], trump, 1, 0, int(full.value[i])) is True
    assert decide_deal(rules, deals[i], trump, 1, 0, int(full.value[i]) + 1) is False


def test_decide_out_of_budget_says_undecided():
    from analyzer.solve import decide_deal, decide_deals

    rules = dataclasses.replace(load("auction"), hand_size=9, cache={})
    deals = _random_deals(rules, 6, 3)
    full = solve_deals(rules, deals, trump=1, leader=0, declarer=0, lines=False)
    d = decide_deals(rules, deals, 1, 0, 0, full.value, max_nodes=50)
    assert (~d.decided).sum() >= 4 and not d.made[~d.decided].any() and d.made[d.decided].all()
    assert (d.lower <= full.value).all() and (full.value <= d.upper).all() and (d.nodes <= 51).all()
    i = int(np.flatnonzero(~d.decided)[0])
    assert decide_deal(rules, deals[i], 1, 0, 0, int(full.value[i]), max_nodes=50) is None
    with pytest.raises(UserError):
        decide_deals(rules, deals, 1, 0, 0, -1)


def test_verdict_settles_a_target_only_where_the_bounds_do():
    from analyzer.solve import verdict

    assert verdict(5, 9, 5) is True  # the side surely takes 5
    assert verdict(1, 4, 5) is False  # it cannot take more than 4
    assert verdict(3, 7, 5) is None  # a search past its budget leaves 3..7 open
    assert verdict(0, 0, 0) is True
