"""Fitting the soft clue model by likelihood: recovering a known model, and reading arena hands."""

import math

import numpy as np
import pytest

from analyzer.arena import run_arena
from analyzer.arena.cluefit import ClueEvents, clue_events, fit_clue_model, log_likelihood, main
from analyzer.bidding.inference import ClueModel, clue_model
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
    assert main(["fit", str(tmp_path / "missing.parquet")]) == 2


def test_write_stores_the_fit_the_advisor_reads(tmp_path, monkeypatch):
    import analyzer.bidding.inference as inf
    from analyzer.arena.cluefit import write_fit

    f = tmp_path / "clue_fit.json"
    monkeypatch.setattr(inf, "CLUE_FIT_FILE", f)
    write_fit({"rules": "auction", "fitted": {"shift": -1.5, "sigma": 4.25}, "events": 10, "files": ["/x/a.parquet"]})
    write_fit({"rules": "double-deck", "fitted": {"shift": 2.0, "sigma": 9.0}, "events": 5, "files": ["b.parquet"]})
    monkeypatch.setattr(inf, "CLUE_FIT", inf._read_clue_fit())
    assert inf.CLUE_FIT == {"auction": (-1.5, 4.25), "double-deck": (2.0, 9.0)}
    m = inf.clue_model(load("auction"))
    assert (m.shift, m.sigma, m.source) == (-1.5, 4.25, "fitted")
    assert inf.clue_model(load("auction"), fitted=False).source == "prior"
    assert inf.clue_model(load("luxury-family")).source == "prior"
