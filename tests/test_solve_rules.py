"""The solver's sure-point bounds, one rule at a time: where each must apply (hand-worked positions) and
where it must not, and never above what brute force gives the side (random endgames of every rule set)."""

from __future__ import annotations

import random

import pytest
from test_solve import CONFIGS, Game, deal_hands, reference

from analyzer.cards import parse_cards
from analyzer.rules import load
from analyzer.solve import SolverConfig, make_position, solve_deal
from analyzer.solve.inspect import sure_bound, table_answer

AUCTION = load("auction")  # A, T, K one point each, last trick one point; seats 0+2 against 1+3
H = 1  # hearts
DEFAULT = SolverConfig()
LATER = SolverConfig(tlen=True, forced=True)  # the later-tricks bounds (off by default: docs/solver.md step 62)


def bound(rules, hands, trump, leader, declarer, side, config=DEFAULT):
    b = sure_bound(rules, make_position(rules, hands, trump, leader, declarer), side, config=config)
    return b.points, {rules.deck.name(k) for k in b.relied_on}


def test_top_trumps_count_for_either_side_on_lead():
    # seat 0's AH TH KH rank above every trump of 1 and 3 (QH JH / JH 9H): three tricks, three points,
    # whoever leads; the claim relies on the lowest of them (KH) staying above the opponents' trumps
    hands = ["AH TH KH QS", "QH JH 9S 9D", "9C JC QC KC", "JH 9H 9C QD"]
    assert bound(AUCTION, hands, H, 1, 0, (0, 2)) == (3, {"KH"})
    assert bound(AUCTION, hands, H, 3, 0, (0, 2)) == (3, {"KH"})


def test_cashing_draws_trumps_then_takes_the_top_side_card_and_the_last_trick():
    # seat 0 on lead: AH TH KH draw all four opposing trumps in three rounds, then the QS is the best
    # spade left: four tricks, 3 points and the last trick's point; the claim relies on QS and KH
    hands = ["AH TH KH QS", "QH JH 9S 9D", "9C JC QC KC", "JH 9H 9C QD"]
    assert bound(AUCTION, hands, H, 0, 0, (0, 2)) == (4, {"QS", "KH"})
    # best play takes one point more: seat 2 throws its KC onto one of its partner's tricks (a choice,
    # not a forced follow, so no bound counts it)
    assert solve_deal(AUCTION, hands, H, 0, 0).value == 5


def test_no_claim_without_a_card_above_the_other_sides_best():
    hands = ["AH TH KH QS", "QH JH 9S 9D", "9C JC QC KC", "JH 9H 9C QD"]
    # the other side holds no trump above seat 0's and no sure side card
    assert bound(AUCTION, hands, H, 0, 0, (1, 3)) == (0, set())
    # an opponent holds the other AH: with the opponents on lead no trump of seat 0's is above all of
    # theirs, but by trump length two of its three trumps win (the other AH can take only one of them)
    equal = ["AH TH KH QS", "AH JH 9S 9D", "9C JC QC KC", "JH 9H 9C QD"]
    assert bound(AUCTION, equal, H, 1, 0, (0, 2), LATER) == (2, {"KH"})
    assert bound(AUCTION, equal, H, 1, 0, (0, 2)) == (0, set())
    # ... and on lead cashing takes only the first AH (the first of two equal cards wins): the TH falls to
    # the other AH; trump length still counts two
    assert bound(AUCTION, equal, H, 0, 0, (0, 2)) == (1, {"AH"})
    assert bound(AUCTION, equal, H, 0, 0, (0, 2), LATER) == (2, {"KH"})


def test_forced_points_the_other_side_puts_on_sure_trump_tricks():
    # Luxury Family (A 11, T 10, K 4, Q 3, J 2): seat 0's two trump aces win two tricks whoever leads, and
    # to those tricks seats 1 and 2 must play all their cards (counters all): 22 + 14 + 14 points
    lux = load("luxury-family")
    hands = ["AH AH", "TS KS", "TD KD"]
    assert bound(lux, hands, H, 1, 0, (0,), SolverConfig(forced=False, tlen=False))[0] == 22
    assert bound(lux, hands, H, 1, 0, (0,), LATER) == (50, set())
    assert solve_deal(lux, hands, H, 1, 0).value == 50
    assert solve_deal(lux, hands, H, 1, 0, config=LATER).value == 50


def test_trump_length_counts_trumps_the_other_side_cannot_all_beat():
    # seat 0 holds five hearts, none above the other side's best (its AH, played first, beats seat 0's);
    # the other side's AH and TH can take two of them (at most the two dearest), JH none: three trump
    # tricks and 31 - 21 points at least, relying on the ranks down to seat 0's lowest trump
    lux = load("luxury-family")
    hands = ["AH TH KH QH QH", "AH JH 7S 7S 7C", "TH 7D 7D 7C JC"]
    pts, rel = bound(lux, hands, H, 1, 0, (0,), SolverConfig(tlen=True))
    assert (pts, rel) == (11 + 10 + 4 + 3 + 3 - 11 - 10, {"QH"})
    assert bound(lux, hands, H, 1, 0, (0,), SolverConfig(forced=False, tlen=False))[0] == 0
    assert pts <= solve_deal(lux, hands, H, 1, 0).value == solve_deal(lux, hands, H, 1, 0, config=LATER).value


def test_no_trump_no_top_trumps():
    bridge = load("bridge")
    hands = ["AS KS", "2S 3S", "4S 5S", "6S 7S"]
    # seat 1 on lead: the top-trumps bound has no trump to count; seat 0's spades are not on lead either
    assert bound(bridge, hands, -1, 1, 0, (0, 2)) == (0, set())
    # seat 0 on lead cashes both tricks
    assert bound(bridge, hands, -1, 0, 0, (0, 2))[0] == 2


def test_bound_stops_counting_at_need():
    hands = ["AH TH KH QS", "QH JH 9S 9D", "9C JC QC KC", "JH 9H 9C QD"]
    pos = make_position(AUCTION, hands, H, 0, 0)
    full = sure_bound(AUCTION, pos, (0, 2))
    part = sure_bound(AUCTION, pos, (0, 2), need=2)
    assert 2 <= part.points <= full.points == 4


def _check_bounds_below_brute_force(rid, head, n, seed, sizes):
    rules = load(rid, {} if head is None else {"head": head})
    game = Game(rules)
    rng = random.Random(seed)
    checked = claimed = 0
    for _ in range(n):
        k = rng.choice(sizes)
        hands = deal_hands(game, rng, k)
        trump = rng.randrange(-1 if rid == "bridge" else 0, 4)
        leader = rng.randrange(game.seats)
        declarer = rng.randrange(game.seats)
        pos = make_position(rules, [" ".join(c[2] for c in h) for h in hands], trump, leader, declarer)
        mine = frozenset(rules.sides[rules.side_of(declarer)])
        for side in (mine, frozenset(range(game.seats)) - mine):
            b = sure_bound(rules, pos, tuple(sorted(side)))
            v, _ = reference(game, hands, (), leader, trump, side)
            assert b.points <= v, (hands, trump, leader, sorted(side), b, v)
            checked += 1
            claimed += b.points > 0
    # the bounds are not vacuous: they claim points in a fair share of random endgames
    assert claimed > checked // 10


@pytest.mark.parametrize("count", [120, pytest.param(300, marks=pytest.mark.slow)])
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_sure_points_never_exceed_brute_force(rid, head, count):
    """300 random trick-boundary endgames per rule set and head option (2-3 cards a hand), each side (slow; the
    default suite checks the first 120)."""
    _check_bounds_below_brute_force(rid, head, count, 11, (2, 3))


@pytest.mark.slow
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_sure_points_never_exceed_brute_force_bigger(rid, head):
    _check_bounds_below_brute_force(rid, head, 1000, 12, (3, 4))


# ---- the transposition table: which positions an entry answers for ------------------------------------

def _answer(rules, stored, asked, lo, hi, relied, beta, leader=0, asked_leader=None):
    kinds = tuple(parse_cards(c, rules.deck)[0] for c in relied)
    a = make_position(rules, stored, H, leader, 0)
    b = make_position(rules, asked, H, leader if asked_leader is None else asked_leader, 0)
    return table_answer(rules, a, b, lo, hi, kinds, beta)


STORED = ["AS 9S AH QD", "KS JS TH QC", "QS 9D KH JC", "TS JD 9H 9C"]


def test_entry_answers_for_its_own_position_only_where_it_decides():
    # lo = 3 decides every window up to 3; above it the entry cannot say
    assert [_answer(AUCTION, STORED, STORED, 3, 8, ["AS"], beta) for beta in (2, 3, 4)] == [3, 3, None]
    # hi = 5 decides windows above it
    assert [_answer(AUCTION, STORED, STORED, 0, 5, ["AS"], beta) for beta in (5, 6, 7)] == [None, 5, 5]


def test_entry_answers_where_only_unpinned_cards_moved():
    # QS and JS change hands (both worth nothing; every hand keeps its suit lengths): only AS was relied on
    moved = ["AS 9S AH QD", "KS QS TH QC", "JS 9D KH JC", "TS JD 9H 9C"]
    assert _answer(AUCTION, STORED, moved, 3, 8, ["AS"], 3) == 3


def test_entry_does_not_answer_when_a_pinned_card_moved_or_the_lengths_differ():
    # the AS it relied on changes owner (KS goes the other way): no answer
    swapped = ["KS 9S AH QD", "AS JS TH QC", "QS 9D KH JC", "TS JD 9H 9C"]
    assert _answer(AUCTION, STORED, swapped, 3, 8, ["AS"], 3) is None
    # the KS (a point) and the QS (none) trade hands between an opponent and the partner: KS is not pinned,
    # so the entry answers, but a point lower ("at least 3" becomes "at least 2") ...
    moved = ["AS 9S AH QD", "QS JS TH QC", "KS 9D KH JC", "TS JD 9H 9C"]
    assert [_answer(AUCTION, STORED, moved, 3, 8, ["AS"], b) for b in (2, 3)] == [2, None]
    # ... and not at all when its rank was relied on
    assert _answer(AUCTION, STORED, moved, 3, 8, ["AS", "KS"], 2) is None
    # suit lengths differ (seat 1 holds a third spade instead of a club): another slot
    longer = ["AS 9S AH QD", "KS JS TH 9S", "QS 9D KH JC", "TS JD 9H QC"]
    assert _answer(AUCTION, STORED, longer, 3, 8, ["AS"], 3) is None
    # another leader: another slot
    assert _answer(AUCTION, STORED, STORED, 3, 8, ["AS"], 3, asked_leader=1) is None


def test_quasi_symmetric_entry_widens_its_bounds_by_the_point_gap():
    lux = load("luxury-family")  # A 11, T 10, K 4, Q 3, J 2, 7 nothing; seat 0 declares alone
    stored = ["AS 7S AH", "KS JS TH", "QS 7D KH"]
    # seat 1's KS and seat 2's QS trade places: an opponent's card may be worth a point less where the
    # declarer takes it, so the entry's "at least 20" answers only as "at least 19"
    traded = ["AS 7S AH", "QS JS TH", "KS 7D KH"]
    assert [_answer(lux, stored, stored, 20, 40, ["AS"], b) for b in (19, 20, 21)] == [20, 20, None]
    assert [_answer(lux, stored, traded, 20, 40, ["AS"], b) for b in (18, 19, 20)] == [19, 19, None]
    # without quasi-symmetry point classes are part of the key: no answer at all
    plain = SolverConfig(quasi=False)
    kinds = (parse_cards("AS", lux.deck)[0],)
    a, b = make_position(lux, stored, H, 0, 0), make_position(lux, traded, H, 0, 0)
    assert table_answer(lux, a, b, 20, 40, kinds, 19, plain) is None
    assert table_answer(lux, a, a, 20, 40, kinds, 20, plain) == 20
