"""Solves to a resolution: the proven bracket ``lower <= value <= upper`` against the brute-force minimax of
``test_solve.py``, for every resolution, first guess and shift, per rule set and head option."""

from __future__ import annotations

import dataclasses
import random
import zlib

import numpy as np
import pytest
from test_solve import CONFIGS, Game, _random_deals, random_position, reference, side_of

from analyzer.errors import UserError
from analyzer.rules import load
from analyzer.solve import (
    STATUSES,
    SolverConfig,
    make_position,
    rule_resolution,
    solve_deal,
    solve_deals,
    solve_positions,
)


def check_brackets(rules, n, seed, sizes, max_nodes=50_000_000, config=None):
    """``n`` random endgames, each solved at a random resolution (1..24) from a random first guess (or the
    solver's own) with a random shift: the bracket holds the brute-force value, is narrower than the
    resolution unless unfinished, and its status says what it is. Returns the statuses' counts."""
    game = Game(rules)
    rng = random.Random(seed)
    cases, positions = [], []
    for _ in range(n):
        hands, trick, trump, leader, declarer = random_position(game, rng, rng.choice(sizes), rules.id == "bridge")
        cases.append((hands, trick, trump, leader, declarer))
        positions.append(make_position(rules, [" ".join(c[2] for c in h) for h in hands], trump, leader, declarer,
                                       [c[2] for c in trick]))
    res = [rng.choice((1, 2, 3, 4, 5, 7, 10, 12, 24)) for _ in range(n)]
    guesses = [rng.choice((-1, 0, 3, 8, 15, 40, 500)) for _ in range(n)]
    counts = dict.fromkeys(STATUSES, 0)
    # the brute-force values, once for both shifts (the minimax in Python is what costs)
    values = [reference(game, hands, trick, leader, trump, side_of(rules, declarer))[0]
              for hands, trick, trump, leader, declarer in cases]
    for shift in (0, -7):
        shifted = dataclasses.replace(config or SolverConfig(), guess_shift=shift)
        results = solve_positions(rules, positions, max_nodes=max_nodes, lines=False, guess=guesses,
                                  resolution=res, config=shifted)
        for (hands, trick, trump, leader, declarer), r, N, v in zip(cases, results, res, values, strict=True):
            where = (hands, trick, trump, leader, declarer, N)
            assert r.lower <= v <= r.upper, where
            counts[r.status] += 1
            if r.status == "exact":
                assert r.exact and r.value == v == r.lower == r.upper, where
            elif r.status == "bracketed":
                assert not r.exact and r.value is None and 0 < r.upper - r.lower < N, where
            else:
                assert r.upper - r.lower >= N, where
            if N == 1 and max_nodes >= 50_000_000:
                assert r.status == "exact" and r.value == v, where
    return counts


@pytest.mark.parametrize("count", [100, pytest.param(250, marks=pytest.mark.slow)])
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_brackets_hold_the_brute_force_value(rid, head, count):
    """250 endgames (2-4 cards a hand, half of them inside a trick) per rule set and head option, each at
    two shifts of the first guess (slow; the default suite checks 100; the slow test below: 1,000 bigger ones)."""
    rules = load(rid, {"head": head} if head else None)
    counts = check_brackets(rules, count, zlib.crc32(f"res/{rid}/{head}".encode()), (2, 3, 3, 4))
    assert counts["unfinished"] == 0 and counts["exact"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("rid,head", CONFIGS)
def test_brackets_hold_the_brute_force_value_bigger(rid, head):
    """1,000 endgames of 3-5 cards a hand per rule set and head option."""
    rules = load(rid, {"head": head} if head else None)
    counts = check_brackets(rules, 1000, zlib.crc32(f"res-slow/{rid}/{head}".encode()), (3, 4, 4, 5))
    assert counts["unfinished"] == 0


@pytest.mark.parametrize("rid", ["auction", "luxury-family", "double-deck"])
def test_brackets_past_the_node_budget_are_proven(rid):
    """A budget far too small for the value: the bounds of the searches that finished come back, proven."""
    rules = load(rid)
    counts = check_brackets(rules, 150, zlib.crc32(f"budget/{rid}".encode()), (3, 4), max_nodes=60)
    assert counts["unfinished"] > 0


def test_resolution_one_is_the_exact_solve_and_wider_ones_hold_it():
    """Resolution 1 gives today's results (same values, nodes and lines); wider resolutions bracket the value
    with fewer or as many searches, and each deal's bracket is under its own resolution."""
    rules = dataclasses.replace(load("luxury-family"), hand_size=8, cache={})
    deals = _random_deals(rules, 10, 17)
    trumps, leaders = np.arange(10) % 4, np.arange(10) % 3
    zero = SolverConfig(guess_shift=0)
    base = solve_deals(rules, deals, trumps, leaders, leaders, config=zero)
    one = solve_deals(rules, deals, trumps, leaders, leaders, resolution=1, config=zero)
    for name in base._fields:
        if name != "ms":
            assert np.array_equal(getattr(base, name), getattr(one, name)), name
    assert base.exact.all() and (base.status == STATUSES.index("exact")).all()
    for N in (2, 5, 10, 30):
        r = solve_deals(rules, deals, trumps, leaders, leaders, lines=False, resolution=N)
        assert (r.lower <= base.value).all() and (base.value <= r.upper).all(), N
        assert (r.upper - r.lower < N).all() and (r.status >= 1).all(), N
        assert (r.counters[:, 3] <= base.counters[:, 3] + 1).all(), N  # searches
        # the played line needs the exact value: none where only bracketed
        r2 = solve_deals(rules, deals, trumps, leaders, leaders, resolution=N)
        assert (r2.played == r2.exact).all()
    per = solve_deals(rules, deals, trumps, leaders, leaders, lines=False, resolution=np.arange(1, 11))
    assert (per.upper - per.lower < np.arange(1, 11)).all()
    single = solve_deal(rules, deals[3], int(trumps[3]), int(leaders[3]), int(leaders[3]), lines=False, resolution=4)
    assert single.status in ("exact", "bracketed") and single.lower <= base.value[3] <= single.upper


def test_resolution_from_the_rule_data_and_bad_values():
    for rid in ("bridge", "auction", "two-handed", "luxury-family", "double-deck"):
        assert rule_resolution(load(rid)) >= 1
    rules = dataclasses.replace(load("auction"), hand_size=6, cache={})
    deals = _random_deals(rules, 3, 1)
    r = solve_deals(rules, deals, 1, 0, 0, resolution="rules")
    assert (r.upper - r.lower < rule_resolution(rules)).all()
    for bad in (0, -3, "fine"):
        with pytest.raises(UserError):
            solve_deals(rules, deals, 1, 0, 0, resolution=bad)


@pytest.mark.parametrize("rid,head", [("auction", "always"), ("double-deck", "never"), ("luxury-family", "never"),
                                      ("luxury-family", "trump-led"), ("two-handed", "always")])
def test_brackets_hold_with_every_big_game_setting(rid, head):
    """The big games' settings (later-tricks bounds, enhanced transposition cut-offs, the table before the
    bounds from the first trick boundary on) with resolutions, against brute force."""
    from analyzer.solve import SolverConfig

    rules = load(rid, {"head": head} if head else None)
    cfg = SolverConfig(tlen=True, forced=True, etc=2, slot_bits=10)
    counts = check_brackets(rules, 150, zlib.crc32(f"big/{rid}/{head}".encode()), (2, 3, 4, 4), config=cfg)
    assert counts["unfinished"] == 0


def test_endgames_after_heuristic_tricks():
    """solve_endgames: the first tricks as play_deal plays them, the rest solved; the whole hand size is a
    whole deal's solve, and the side's points add up over the played tricks and the endgame."""
    from analyzer.play import play_deal
    from analyzer.solve.endgame import solve_endgames

    rules = dataclasses.replace(load("double-deck"), hand_size=6, cache={})
    deals = _random_deals(rules, 6, 8)
    whole = solve_deals(rules, deals, 1, 0, 0, bid=51, lines=False)
    same = solve_endgames(rules, deals, 1, 0, 0, tricks_left=6, bid=51)
    assert np.array_equal(same.solved.value, whole.value) and (same.taken == 0).all()
    eg = solve_endgames(rules, deals, 1, 0, 0, tricks_left=3, bid=51, seed=4)
    assert eg.solved.exact.all() and np.array_equal(eg.lower, eg.upper)
    pts = rules.points_by_kind
    for i in range(len(deals)):
        rec = play_deal(rules, deals[i], 1, 0, 0, seed=4, bid=51, index=i)
        side = rules.sides[rules.side_of(0)]
        want = sum(int(pts[int(c)]) for k in range(3) if int(rec.winners[k]) in side
                   for _, c in rec.cards[4 * k:4 * k + 4])
        assert eg.taken[i] == want and eg.leader[i] == rec.winners[2]
        assert sum(int(x).bit_count() for x in eg.hands[i].ravel()) == 12
