"""``pinochle stats`` and :mod:`analyzer.analyses.stats`: Monte Carlo against exact values, trick points, bid
levels, reproducibility, and bad input through the CLI."""

import json
import re
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import polars as pl
import pytest

from analyzer.analyses.stats import meld_stats, typical_bids
from analyzer.deal import random_deals
from analyzer.meld import meld_batch
from analyzer.meld.exact import exact_any_suit, exact_mean_meld, meld_requirement, prob_at_least
from analyzer.montecarlo.columns import collect, kind_counts
from analyzer.rules import load

GAMES = ("luxury-family", "double-deck", "auction", "two-handed")


def _checked_rows(st):
    """Holding rows where the normal approximation is sound: at least 5 hands expected each way."""
    n = st.samples
    return [h for h in st.holdings if h.exact is not None and h.exact * n >= 5 and (1 - h.exact) * n >= 5]


def _agreement(samples: int, seed: int):
    melds, worst = set(), 0.0
    for rid in GAMES:
        rs = load(rid)
        st = meld_stats(rs, samples, seed, plays="none", trump="H")
        rows = _checked_rows(st)
        for h in rows:
            assert abs(h.z) <= 4, (rid, h.meld, h.where, h.n, h.estimate.p, h.exact)
            worst = max(worst, abs(h.z))
            melds.add((rid, h.meld))
        d = st.named
        assert abs(d.mean.mean - d.exact_mean) <= 4 * d.mean.se, (rid, d.mean.mean, d.exact_mean)
    return melds, worst


def test_monte_carlo_within_four_standard_errors_of_exact():
    melds, worst = _agreement(20_000, 11)
    assert len(melds) >= 10, melds
    assert worst > 0  # the estimates are random: some distance is expected


@pytest.mark.slow
def test_monte_carlo_within_four_standard_errors_at_200k():
    melds, _ = _agreement(200_000, 23)
    assert len(melds) >= 20


def test_any_suit_by_enumeration_on_the_24_card_deck():
    # two-handed with deck=24: one copy of each card, 6-card hands; count every hand
    rs = load("two-handed", {"deck": "24"})
    marriage = next(m for m in rs.melds if m.name == "marriage")
    pairs = [{rs.deck.kind(s, "K"), rs.deck.kind(s, "Q")} for s in range(4)]
    hit = total = 0
    for h in combinations(rs.deck.kinds, 6):
        hs = set(h)
        total += 1
        hit += any(p <= hs for p in pairs)
    assert total == comb(24, 6)
    assert exact_any_suit(rs, marriage, 1) == Fraction(hit, total)


def test_exact_mean_meld_by_enumeration_on_a_small_hand():
    # auction with 2-card hands: enumerate every hand of the 48-card pack (1128 multisets weighted by copies)
    rs = load("auction")
    kinds = rs.deck.kinds
    total = Fraction(0)
    count = 0
    for i, a in enumerate(kinds):
        for b in kinds[i:]:
            ways = comb(2, 2) if a == b else 4
            planes = np.zeros((1, 2), dtype=np.int64)
            planes[0, 0] |= 1 << a
            if a == b:
                planes[0, 1] |= 1 << a
            else:
                planes[0, 0] |= 1 << b
            total += ways * int(meld_batch(planes, rs)[0, 1])
            count += ways
    assert count == comb(48, 2)
    from dataclasses import replace

    small = replace(rs, hand_size=2, cache={})
    assert exact_mean_meld(small, 1) == total / count


def test_holding_counts_match_the_requirements():
    rs = load("double-deck")
    hands = random_deals(rs, 300, 5).hands
    counts = kind_counts(hands[:, 0], rs)
    assert counts.sum(axis=(1, 2)).tolist() == [20] * 300
    run = next(m for m in rs.melds if m.name == "run")
    need = meld_requirement(rs, run, 2, 1)
    direct = np.ones(300, dtype=bool)
    for k, c in need.items():
        direct &= counts[:, k // 16, k % 16] >= c
    cols = collect(rs, 300, 5, plays=())
    assert np.array_equal(cols["hold_run_H"] >= 2, direct)
    assert prob_at_least(rs, need) > 0


def test_deals_depend_only_on_seed_and_index():
    rs = load("auction")
    a = random_deals(rs, 100, 9).hands
    b = random_deals(rs, 30, 9, 40).hands
    assert np.array_equal(a[40:70], b)
    # every deal uses the whole pack exactly
    counts = sum(kind_counts(a[:, s], rs) for s in range(rs.seats))
    assert (counts == 2).all()


def test_stats_figures_make_sense():
    st = meld_stats(load("auction"), 4000, 3)
    ps = st.play[0]
    rows = {r.trumps: r for r in ps.by_trumps}
    assert sum(r.hands for r in ps.by_trumps) == 4000
    # more trumps, more trick points (the big groups, far apart)
    assert rows[6].trick_points.mean > rows[3].trick_points.mean + 2
    # bid table: the share worth a bid and the make chance fall as the bid rises
    worth = [b.worth.p for b in ps.bids]
    make = [b.make.p for b in ps.bids]
    assert worth == sorted(worth, reverse=True) and make == sorted(make, reverse=True)
    assert 0.3 < ps.typical_make.p < 0.8
    assert typical_bids([15, 16, 17], np.array([14.9, 15.0, 16.5, 40.0])).tolist() == [0, 15, 16, 17]


def test_cli_json_and_parquet(tmp_path, run_cli):
    out = tmp_path / "stats.parquet"
    code, stdout, err = run_cli(["stats", "--rules", "double-deck", "--samples", "1500", "--seed", "4", "--trump", "D",
                                 "--json", "--out", str(out)])
    assert code == 0, err
    d = json.loads(stdout)
    assert d["rules"] == "double-deck" and d["samples"] == 1500 and d["seed"] == 4 and d["trump"] == "D"
    assert d["meld"]["named_trump"]["exact_mean"] > 0
    runs = [h for h in d["holdings"] if h["meld"] == "run"]
    assert {h["where"] for h in runs} == {"D", "any"} and {h["n"] for h in runs} == {1, 2, 3, 4}
    assert d["play"][0]["play"] == "heuristic" and d["play"][0]["bid_levels"][0]["bid"] == 50
    f = pl.read_parquet(out)
    assert f.height == 1500 and f["deal"].to_list() == list(range(1500))
    code2, stdout2, _ = run_cli(["stats", "--rules", "double-deck", "--samples", "1500", "--seed", "4", "--trump", "D",
                                 "--json"])
    assert json.loads(stdout2) == d


def test_cli_table_output(run_cli):
    code, stdout, _ = run_cli(["stats", "--rules", "luxury-family", "--samples", "800"])
    assert code == 0
    for text in ("Meld of a hand", "Chance of holding", "exact", "Trick points", "Bid levels"):
        assert text in stdout


@pytest.mark.parametrize("rules,play_trump", [
    ("auction", "in play seat 0 declares in its best-meld trump"),
    ("two-handed", "in play the upcard (bottom card of the stock) names trump"),
])
def test_every_trump_figure_says_which_trump(rules, play_trump, run_cli):
    """The holdings used to say "spades = the named trump" while the note said seat 0 "names its best-meld
    trump": two meanings of "named". Each figure now says which trump it is in."""
    code, stdout, err = run_cli(["stats", "--rules", rules, "--samples", "300", "--trump", "D"])
    assert code == 0, err
    assert "named" not in stdout
    assert "Meld of a hand (seat 0): in its best trump, and with D as trump (--trump)" in stdout
    assert " best (most meld) |" in stdout and " D (--trump) |" in stdout
    assert "(in D: with diamonds as trump, the --trump suit)" in stdout
    assert play_trump in stdout and 'the holdings "in D" fix diamonds as trump (--trump)' in stdout


def test_double_dummy_two_handed(run_cli):
    code, stdout, err = run_cli(["stats", "--rules", "two-handed", "--samples", "40", "--play", "both", "--json"])
    assert code == 0, err
    d = json.loads(stdout)
    plays = {p["play"]: p for p in d["play"]}
    assert set(plays) == {"heuristic", "dd"}
    # best play by both sides takes as many points for the declarer as the policy, give or take
    h, dd = plays["heuristic"]["trick_points"]["mean"]["mean"], plays["dd"]["trick_points"]["mean"]["mean"]
    assert 5 < dd < 25 and abs(dd - h) < 6


@pytest.mark.parametrize("args,needle", [
    (["--trump", "X"], "unknown suit"),
    (["--play", "perfect"], "unknown play mode"),
    (["--play", "playout"], "now called 'heuristic'"),
    (["--samples", "0"], "--samples must be at least 1"),
    (["--option", "head=sometimes"], "bad value"),
    (["--rules", "bridge"], "reference rule set"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--cluster", "somewhere:1"], "bad --cluster"),
])
def test_bad_input_is_a_user_error(args, needle, run_cli):
    base = ["stats", "--samples", "100"]
    code, _, err = run_cli(base + args)
    assert code == 2
    assert needle in err and err.count("\n") == 1


def test_double_dummy_refused_where_the_solver_cannot_serve(run_cli):
    code, _, err = run_cli(["stats", "--rules", "auction", "--samples", "100", "--play", "dd", "--max-nodes", "2000"])
    assert code == 2
    assert "double-dummy solver could not solve" in err and "--play heuristic" in err


def test_house_file_that_fails_to_load(tmp_path, run_cli):
    bad = tmp_path / "bad.toml"
    bad.write_text("base = 'auction'\n[meld.farmer\n")
    code, _, err = run_cli(["stats", "--rules", str(bad), "--samples", "100"])
    assert code == 2 and "not valid TOML" in err


def test_exact_any_suit_agrees_with_sum_for_disjoint_events():
    # holding both copies of a suit's whole run twice cannot happen in two suits of a 12-card hand
    rs = load("auction")
    farmer = next(m for m in rs.melds if m.name == "farmer")
    one = prob_at_least(rs, meld_requirement(rs, farmer, 2, 0))
    assert exact_any_suit(rs, farmer, 2) == 4 * one
    # and the union is at most the sum of the four suits' chances, at least one of them
    p1 = prob_at_least(rs, meld_requirement(rs, farmer, 1, 0))
    assert p1 < exact_any_suit(rs, farmer, 1) < 4 * p1


def test_percentiles_read_with_at_most_one_decimal(run_cli):
    """Interpolated percentiles of points printed as 17.01 or +27.175: now 17 and +27.2."""
    from analyzer.cli.common import quantile_text

    assert [quantile_text(v) for v in (17.01, 60.01, 18.5, 10.96, -0.01)] == ["17", "60", "18.5", "11", "0"]
    assert quantile_text(27.175, sign=True) == "+27.2" and quantile_text(-3.0, sign=True) == "-3"
    code, out, err = run_cli(["stats", "--rules", "two-handed", "--samples", "2000", "--seed", "1"])
    assert code == 0, err
    rows = [r.split("|")[1:-1] for r in out.splitlines() if r.startswith("|") and "---" not in r]
    meld = [r for r in rows if r[0].strip() in ("best (most meld)", "S (--trump)")]
    tricks = [r for r in rows if r[0].strip().isdigit() and len(r) == 7]
    assert len(meld) == 2 and tricks
    cells = [c.strip() for r in meld for c in r[4:]] + [c.strip() for r in tricks for c in r[4:]]
    assert all(re.fullmatch(r"-?\d+(\.\d)?", c) for c in cells), cells
