"""The rich reach valuation (:mod:`analyzer.bidding.reach`): its terms against a plain-Python count of the cards,
its fit tracking the played-out score better than the formula's, and the advice reading hands by it where the rule
data says so."""

import dataclasses

import numpy as np

from analyzer.bidding.features import features, rank_counts
from analyzer.bidding.formula import bidding_limits, bidding_margin, formula_values
from analyzer.bidding.reach import TERMS, design, fit_reach, reach_limits, reach_values
from analyzer.cards import from_planes
from analyzer.deal import random_deals
from analyzer.rules import load


def rich(rules):
    return dataclasses.replace(rules, advice=dataclasses.replace(rules.advice, reach="rich"), cache={})


def formula(rules):
    return dataclasses.replace(rules, advice=dataclasses.replace(rules.advice, reach="formula"), cache={})


def test_rank_counts_and_terms_match_a_plain_count():
    rs = load("double-deck")
    hands = random_deals(rs, 30, seed=3, start=0, stock=False).hands[:, 1]
    c = rank_counts(rs, hands)
    meld = features(rs, hands).meld
    x = design(rs, meld, c)
    nr = rs.deck.nranks
    assert x.shape == (30, 4, 2 * nr + 3) and len(TERMS) == 5
    for i in range(30):
        names = [rs.deck.name(k) for k in from_planes(hands[i], rs.deck)]
        for s, su in enumerate("SHDC"):
            for j, r in enumerate(rs.deck.ranks):
                assert c[i, s, j] == names.count(r + su)
        lengths = [sum(n[1] == su for n in names) for su in "SHDC"]
        for t in range(4):
            assert x[i, t, 0] == meld[i, t]
            assert list(x[i, t, 1:1 + nr]) == [names.count(r + "SHDC"[t]) for r in rs.deck.ranks]
            assert x[i, t, 1 + nr:1 + 2 * nr].sum() == len(names) - lengths[t]
            assert x[i, t, 1 + 2 * nr] == sum(lengths[s] == 0 for s in range(4) if s != t)
            assert x[i, t, 2 + 2 * nr] == sum(lengths[s] == 1 for s in range(4) if s != t)


def test_the_valuation_is_the_design_times_the_coefficients():
    """:func:`reach_values` sums the terms without the design matrix: the same values as ``design @ w``."""
    from analyzer.bidding.reach import reach_params

    for rid in ("luxury-family", "double-deck", "auction"):
        rs = rich(load(rid))
        hands = random_deals(rs, 200, seed=8, start=0, stock=False).hands[:, 0]
        f = features(rs, hands)
        w = reach_params(rs)
        assert np.allclose(reach_values(rs, f.meld, f.counts), design(rs, f.meld, f.counts) @ w[1:] + w[0])


def test_the_fit_values_hands_closer_to_their_played_score_than_the_formula():
    """Fitted on 3,000 deals, checked on 1,500 others (the same play as the fit): the rich valuation's error in
    each hand's formula-named trump is below the formula valuation's."""
    from analyzer.bidding.reach import _fit_batch

    rs = load("luxury-family")
    w = fit_reach(rs, deals=3000, seed=11)
    x, y, named = _fit_batch((rs, 12, 0, 1500))
    n = y.shape[0]
    rich_v = (x @ w[1:] + w[0])[np.arange(n), named]
    d = random_deals(rs, 1500, seed=12, start=0, stock=False).hands
    form = formula_values(rs, features(rs, d[:, 0]))[np.arange(n), named]
    truth = y[np.arange(n), named]
    err_rich = np.sqrt(np.mean((truth - rich_v) ** 2))
    err_form = np.sqrt(np.mean((truth - (form + (truth - form).mean())) ** 2))  # the formula at its best offset
    assert err_rich < err_form


def test_the_advice_reads_hands_by_the_rich_reach_where_the_rules_say():
    rs = formula(load("luxury-family"))
    rr = rich(rs)
    assert load("luxury-family").advice.reach == "rich"  # the shipped rule data
    hands = random_deals(rs, 50, seed=4, start=0, stock=False).hands[:, 2]
    f0, f1 = features(rs, hands), features(rr, hands)
    assert f0.counts is None and f1.counts is not None
    lim0, _ = reach_limits(rs, f0)
    lim1, tr1 = reach_limits(rr, f1)
    v = reach_values(rr, f1.meld, f1.counts)
    assert np.allclose(lim1, v.max(axis=1) - bidding_margin(rr)) and np.array_equal(tr1, v.argmax(axis=1))
    assert np.allclose(lim0, formula_values(rs, f0).max(axis=1) - bidding_margin(rs))
    assert np.allclose(lim0, bidding_limits(rs, f0)[0])


def test_default_options_read_the_stored_fit(monkeypatch):
    """A rule set with its default options takes the stored coefficients (no fit at first use); the store is
    what ``python3 -m analyzer.bidding.reach fit RULES --write`` wrote."""
    import analyzer.bidding.reach as reach

    stored = reach._stored()
    assert "luxury-family" in stored
    monkeypatch.setattr(reach, "fit_reach", lambda *a, **k: (_ for _ in ()).throw(AssertionError("fitted")))
    w = reach.reach_params(rich(load("luxury-family")))
    assert np.allclose(w, stored["luxury-family"])
    assert reach.main(["fit", "two-handed"]) == 2


def test_the_answer_names_the_valuation_the_other_seats_bid_by():
    from analyzer.advisor.advise import _model_note

    assert "rich reach valuation" in _model_note(load("luxury-family"))
    assert "formula valuation" in _model_note(load("auction"))
    # the conventions named where the game has them, and a partner who bids freely where it is read so
    assert "conventions" not in _model_note(load("luxury-family"))
    assert "keep the conventions," in _model_note(load("auction"))
    assert "my partner bids freely" in _model_note(load("double-deck"))
