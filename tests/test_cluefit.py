"""Fitting the soft clue model by likelihood: recovering a known model, and reading arena hands."""

import math

import numpy as np
import pytest

from analyzer.arena import run_arena
from analyzer.arena.cluefit import ClueEvents, clue_events, fit_clue_model, log_likelihood, main
from analyzer.bidding.inference import ClueModel, clue_model
from analyzer.errors import UserError
from analyzer.rules import load


def test_fit_recovers_a_known_model():
    rng = np.random.default_rng(4)
    n = 6000
    lim = rng.uniform(10, 40, n)
    will = lim + 2.0 + 1.5 * rng.standard_normal(n)
    b = rng.uniform(10, 42, n)
    bid = will >= b  # a free bid at b (willingness at least b) or a pass with b the lowest free bid
    # a third of the bidders also stop below a higher free value (a last turn): an interval
    top = b + rng.uniform(1, 6, n)
    last = bid & (rng.random(n) < 0.33) & (will < top)
    lo = np.where(bid, b, -math.inf)
    hi = np.where(~bid, b, np.where(last, top, math.inf))
    ev = ClueEvents(lim, lo, hi)
    model, info = fit_clue_model(ev, ClueModel(0.0, 3.0))
    assert model.shift == pytest.approx(2.0, abs=0.25) and model.sigma == pytest.approx(1.5, abs=0.25)
    assert info["log_likelihood"] >= info["log_likelihood_prior"] and info["events"] == n
    # the likelihood of an interval is the difference of the two bounds' chances
    one = ClueEvents(np.array([20.0]), np.array([18.0]), np.array([23.0]))
    from statistics import NormalDist

    want = math.log(NormalDist(22.0, 1.5).cdf(23.0) - NormalDist(22.0, 1.5).cdf(18.0))
    assert log_likelihood(one, 2.0, 1.5) == pytest.approx(want, rel=1e-5)


def test_clue_events_of_arena_hands(tmp_path, capsys):
    rs = load("luxury-family")
    res = run_arena(rs, "formula", "meld-only", 30, seed=9)
    ev = clue_events(rs, res.frame)
    # Luxury Family has no conventions: every seat that called has a soft clue
    assert ev.n > 60 and np.isfinite(ev.hi).any() and np.isfinite(ev.lo).any()
    assert (np.where(np.isfinite(ev.lo) & np.isfinite(ev.hi), ev.lo < ev.hi, True)).all()
    model, info = fit_clue_model(ev, clue_model(rs, fitted=False))
    assert info["log_likelihood"] >= info["log_likelihood_prior"] and model.sigma > 0
    path = tmp_path / "hands.parquet"
    res.write(path)
    assert main(["fit", str(path)]) == 0
    out = capsys.readouterr().out
    assert '"fitted"' in out and '"events"' in out
    adv = run_arena(rs, "advisor:samples=30", "formula", 4, seed=2)
    apath = tmp_path / "adv.parquet"
    adv.write(apath)
    assert main(["report", "--before", str(apath), "--after", str(apath), "--fit", str(path), "--name", "t",
                 "--out", str(tmp_path)]) == 0
    page = (tmp_path / "t.md").read_text()
    assert "deciles within ±3 points" in page and (tmp_path / "t-reliability.png").read_bytes()[:4] == b"\x89PNG"
    assert "Fit on " in page and "The model shipped" not in page
    # without --fit the page states the model the advisor ships, and the runs it was fitted on, grouped by run
    assert main(["report", "--before", str(apath), "--after", str(apath), "--name", "s", "--out", str(tmp_path)]) == 0
    page = (tmp_path / "s.md").read_text()
    shipped = clue_model(rs)
    assert "The model shipped in `analyzer/rules/clue_fit.json`" in page and "Fit on " not in page
    assert f"shift {shipped.shift:+.2f}, spread {shipped.sigma:.2f}" in page
    assert "`luxury-family-advisor-vs-trickster` (parts 0, 1, 2" in page
    assert main(["fit", str(tmp_path / "missing.parquet")]) == 2


def test_fit_pools_runs_read_by_each_files_advisor(tmp_path):
    """Step 1's fit pools runs against different bidders: each file's calls are read by its own advisor seats
    (agent A in one run, B in the other), never the advisor's own calls as an opponent's."""
    from analyzer.arena.cluefit import fit_files

    rs = load("luxury-family")
    paths = []
    for a, b in (("advisor:samples=30", "formula"), ("meld-only", "advisor:samples=30")):
        p = tmp_path / f"{a.split(':')[0]}-{b.split(':')[0]}.parquet"
        run_arena(rs, a, b, 3, seed=5).write(p)
        paths.append(str(p))
    from analyzer.arena.core import read_hands

    f0, _ = read_hands(paths[0])
    f1, _ = read_hands(paths[1])
    want = clue_events(rs, f0, {0}).n + clue_events(rs, f1, {1}).n
    fit = fit_files(paths, by_relation=True)
    assert fit["events"] == want and "partner" not in fit  # Luxury Family: opponents only
    assert want != clue_events(rs, f0, {0}).n + clue_events(rs, f1, {0}).n  # the readers matter
    assert fit_files(paths)["events"] == clue_events(rs, f0, by_relation=False).n + clue_events(
        rs, f1, by_relation=False).n


def test_write_stores_the_fit_the_advisor_reads(tmp_path, monkeypatch):
    import analyzer.bidding.cluemodel as inf
    from analyzer.arena.cluefit import write_fit

    f = tmp_path / "clue_fit.json"
    monkeypatch.setattr(inf, "CLUE_FIT_FILE", f)
    write_fit({"rules": "auction", "fitted": {"shift": -1.5, "sigma": 4.25}, "events": 10, "files": ["/x/a.parquet"]})
    write_fit({"rules": "double-deck", "fitted": {"shift": 2.0, "sigma": 9.0}, "events": 5, "files": ["b.parquet"]})
    monkeypatch.setattr(inf, "CLUE_FIT", inf._read_clue_fit())
    assert inf.CLUE_FIT == {"auction": ClueModel(-1.5, 4.25, "fitted"), "double-deck": ClueModel(2.0, 9.0, "fitted")}
    write_fit({"rules": "double-deck", "events": 5, "files": ["b.parquet"],
               "fitted": {"shift": 2.0, "sigma": 9.0, "partner": {"shift": -1.0, "sigma": 12.0}}})
    monkeypatch.setattr(inf, "CLUE_FIT", inf._read_clue_fit())
    assert inf.clue_model(load("double-deck")).partner == (-1.0, 12.0)
    m = inf.clue_model(load("auction"))
    assert (m.shift, m.sigma, m.source) == (-1.5, 4.25, "fitted")
    assert inf.clue_model(load("auction"), fitted=False).source == "prior"
    assert inf.clue_model(load("luxury-family")).source == "prior"


@pytest.mark.parametrize("n", [4000, pytest.param(8000, marks=pytest.mark.slow)])
def test_fit_by_relation_recovers_two_models(n):
    """Three grid fits (two by relation, one pooled) of ``n`` events: 4,000 in the default suite (about 2,000 a
    relation), 8,000 slow."""
    rng = np.random.default_rng(7)
    partner = rng.random(n) < 0.5
    lim = rng.uniform(10, 40, n)
    will = lim + np.where(partner, -3.0, 0.5) + np.where(partner, 5.0, 1.5) * rng.standard_normal(n)
    b = rng.uniform(10, 42, n)
    bid = will >= b
    ev = ClueEvents(lim, np.where(bid, b, -math.inf), np.where(bid, math.inf, b), partner)
    model, info = fit_clue_model(ev, ClueModel(0.0, 3.0), by_relation=True)
    assert model.shift == pytest.approx(0.5, abs=0.3) and model.sigma == pytest.approx(1.5, abs=0.3)
    assert model.partner == pytest.approx((-3.0, 5.0), abs=0.6)
    assert info["partner"]["events"] == partner.sum() and info["events"] == n
    pooled, pinfo = fit_clue_model(ev, ClueModel(0.0, 3.0))
    assert pooled.partner is None and info["log_likelihood"] > pinfo["log_likelihood"]
    # the partner's calls read with the partner's spread, the opponents' with theirs
    lim1 = np.array([20.0])
    ps, pg = model.partner
    assert model.z("at-least", lim1, 22.0, partner=True)[0] == pytest.approx((20.0 + ps - 22.0) / pg)
    assert model.z("below", lim1, 22.0)[0] == pytest.approx((22.0 - 20.0 - model.shift) / model.sigma)


def test_clue_events_by_relation_follow_the_reading_seats():
    import dataclasses

    shipped = load("double-deck")  # the partner's calls read as the advisor calls: freely ([advice] partner_calls)
    rs = dataclasses.replace(shipped, advice=dataclasses.replace(shipped.advice, partner_calls="conventions"))
    res = run_arena(rs, "formula", "meld-only", 12, seed=3)
    every = clue_events(rs, res.frame)
    # agent 0 (formula) reads: its partner's calls as partner, the other side's as opponents
    by0 = clue_events(rs, res.frame, {0})
    assert by0.partner is not None and by0.partner.any() and (~by0.partner).any()
    # every seat reading: each seat's calls once as partner, once as opponents
    assert every.n == 2 * int(every.partner.sum())
    assert by0.n == every.n // 2
    # the pooled fit's events: each seat's calls once, whoever reads them
    pooled = clue_events(rs, res.frame, by_relation=False)
    assert pooled.partner is None and pooled.n == every.n // 2
    assert np.array_equal(np.sort(pooled.limit), np.sort(every.limit[every.partner]))
    # read as the advisor calls, a partner's first-round meld bid or pass says its strength too: more partner events,
    # the opponents' the same
    own = clue_events(shipped, res.frame)
    assert int((~own.partner).sum()) == int((~every.partner).sum())
    assert int(own.partner.sum()) > int(every.partner.sum())


def test_evidence_reads_partner_and_opponents_apart():
    from analyzer.bidding.inference import Clue, Evidence
    from analyzer.deal import table

    rs = load("double-deck")  # I am seat 0; seat 2 is my partner, seats 1 and 3 my opponents
    d = table(rs, 0, "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS").sample(500, 3)
    # a model that reads my partner as hopelessly weak, the opponents as the prior does
    weak_partner = ClueModel(0.0, 6.0, "fitted", (-1000.0, 6.0))
    partner_bid = Evidence(rs, 0, [Clue(2, "at-least", 55)], model=weak_partner).accept(d.hands)
    opponent_bid = Evidence(rs, 0, [Clue(1, "at-least", 55)], model=weak_partner).accept(d.hands)
    assert not partner_bid.any() and opponent_bid.any()
    same = Evidence(rs, 0, [Clue(2, "at-least", 55)], model=ClueModel(0.0, 6.0, "fitted")).accept(d.hands)
    assert same.any()


def test_situations_of_an_auction():
    """A seat's situation: its position after the dealer, and whether a seat had bid before its first call (double
    deck's dealer holds a standing forced bid, which is no opening)."""
    from analyzer.bidding.auction import parse_calls, replay
    from analyzer.bidding.inference import situations

    rs = load("double-deck")
    a = replay(rs, 0, parse_calls("1:pass 2:pass 3:51 0:55 3:pass", rs))
    assert situations(a) == {1: (1, False), 2: (2, False), 3: (3, False), 0: (0, True)}
    a = replay(rs, 2, parse_calls("3:pass 0:52 1:pass", rs))
    assert situations(a) == {3: (1, False), 0: (2, False), 1: (3, True)}


@pytest.mark.slow  # 21 s; the fit by relation keeps a recovery check in the default run
def test_fit_by_situation_recovers_each_situation():
    """Two partner situations with their own models, one too rare for a fit of its own: each fitted situation
    recovers its model, the rare one reads with its relation's; the evidence reads a clue by its situation."""
    from analyzer.arena.cluefit import SITUATION_MIN_EVENTS

    rng = np.random.default_rng(11)
    n = 6000
    partner = rng.random(n) < 0.5
    opened = rng.random(n) < 0.5
    position = np.where(rng.random(n) < 0.03, 3, 2)  # position 3: too few events for a fit of its own
    shift = np.where(partner & ~opened & (position == 2), -12.0, np.where(partner, -2.0, 0.5))
    lim = rng.uniform(10, 60, n)
    will = lim + shift + 3.0 * rng.standard_normal(n)
    b = rng.uniform(10, 62, n)
    bid = will >= b
    ev = ClueEvents(lim, np.where(bid, b, -math.inf), np.where(bid, math.inf, b), partner, position, opened)
    rel, rinfo = fit_clue_model(ev, ClueModel(0.0, 3.0), by_relation=True)
    model, info = fit_clue_model(ev, ClueModel(0.0, 3.0), by_relation=True, by_situation="all")
    assert not rel.situations and (model.shift, model.sigma, model.partner) == (rel.shift, rel.sigma, rel.partner)
    assert info["log_likelihood"] > rinfo["log_likelihood"] == info["log_likelihood_relations"]
    assert model.params(True, (2, False)) == pytest.approx((-12.0, 3.0), abs=0.8)
    assert model.params(True, (2, True)) == pytest.approx((-2.0, 3.0), abs=0.8)
    assert model.params(False, (2, False)) == pytest.approx((0.5, 3.0), abs=0.8)
    rare = int((partner & (position == 3) & opened).sum())
    assert rare < SITUATION_MIN_EVENTS and model.params(True, (3, True)) == model.params(True)
    assert model.params(True, None) == model.partner
    # the model's JSON form reads back the same (clue_fit.json)
    d = model.as_dict()
    back = tuple((x["partner"], x["position"], x["opened"], x["shift"], x["sigma"]) for x in d["situations"])
    assert [x[:3] for x in back] == [x[:3] for x in model.situations]
    assert np.allclose([x[3:] for x in back], [x[3:] for x in model.situations], atol=1e-3)
    # only the situations where nobody had bid: the opened ones read with their relation's model
    un, uinfo = fit_clue_model(ev, ClueModel(0.0, 3.0), by_relation=True, by_situation="unopened")
    assert un.situations and all(not o for _, _, o, _, _ in un.situations)
    assert un.params(True, (2, False)) == model.params(True, (2, False))
    assert un.params(True, (2, True)) == un.partner
    assert rinfo["log_likelihood"] < uinfo["log_likelihood"] < info["log_likelihood"]
    with pytest.raises(UserError):
        fit_clue_model(ev, ClueModel(0.0, 3.0), by_relation=True, by_situation="some")

    from analyzer.bidding.inference import Clue, Evidence
    from analyzer.deal import table

    rs = load("double-deck")  # I am seat 0, my partner seat 2 (position 2 after dealer 0)
    d = table(rs, 0, "AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS").sample(500, 3)
    weak = ClueModel(0.0, 6.0, "fitted", (0.0, 6.0), ((True, 2, False, -1000.0, 6.0),))
    unopened = Evidence(rs, 0, [Clue(2, "at-least", 55, situation=(2, False))], model=weak).accept(d.hands)
    opened_ = Evidence(rs, 0, [Clue(2, "at-least", 55, situation=(2, True))], model=weak).accept(d.hands)
    assert not unopened.any() and opened_.any()


def test_clue_model_reads_back_as_written():
    """``from_dict`` reads what ``as_dict`` writes (clue_fit.json, a fit's JSON): relations and situations alike."""
    from analyzer.bidding.cluemodel import CLUE_FIT, ClueModel

    m = ClueModel(12.5, 20.25, "fitted", (-7.0, 14.4), ((True, 2, False, -16.5, 17.2), (False, 1, True, 3.0, 9.0)))
    back = ClueModel.from_dict(m.as_dict())
    assert back == m
    assert back.params(partner=True, situation=(2, False)) == (-16.5, 17.2)
    assert back.params(partner=True, situation=(3, True)) == (-7.0, 14.4)
    for key, fitted in CLUE_FIT.items():  # the shipped file round-trips too
        assert ClueModel.from_dict(fitted.as_dict()) == fitted, key


def test_house_games_read_calls_with_their_own_fit_else_their_base(tmp_path):
    """A house game's calls: its own fit where one is shipped (auction-pass, whose bidders count the pass), else its
    base's (a concession changes nobody's bidding), else what its ``[advice] clue_fit`` names (``prior``)."""
    from pathlib import Path

    from analyzer.bidding.cluemodel import CLUE_FIT
    from analyzer.rules.asked import rules_asked

    house = Path(__file__).resolve().parent.parent / "house"
    auction = clue_model(load("auction"))
    assert auction.source == "fitted" and load("auction").advice.clue_fit is None
    concede = rules_asked(str(house / "auction-concede.toml"), [], "cli")
    assert concede.advice.clue_fit == "auction" and clue_model(concede) == auction
    passing = rules_asked(str(house / "auction-pass.toml"), [], "cli")
    assert "auction-pass" in CLUE_FIT and clue_model(passing) == CLUE_FIT["auction-pass"] != auction
    own = tmp_path / "mine.toml"
    own.write_text('base = "auction"\n[advice]\nclue_fit = "prior"\n')
    assert clue_model(rules_asked(str(own), [], "cli")).source == "prior"
    other = rules_asked(str(house / "auction-concede.toml"), ["run-suits=trump"], "cli")  # not the default options
    assert clue_model(other).source == "prior"
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "auction"\n[advice]\nclue_fit = "auctoin"\n')
    with pytest.raises(UserError, match="names no fitted clue model.*did you mean 'auction'"):
        rules_asked(str(bad), [], "cli")
