"""Calibration tables, summaries and plots: checked on forecasts whose truth is known."""

import numpy as np
import pytest

from analyzer.analyses.calibration import (
    calibration_summary,
    calibration_table,
    markdown_table,
    points_figure,
    points_table,
    reliability_figure,
)
from analyzer.errors import UserError


def synthetic(n, shift=0.0, seed=0):
    g = np.random.default_rng(seed)
    p = g.uniform(0, 1, n)
    made = g.uniform(0, 1, n) < np.clip(p + shift, 0, 1)
    return p, made


def test_calibrated_forecasts_keep_the_tolerance():
    p, made = synthetic(30_000)
    tb = calibration_table(p, made)
    assert [b.n for b in tb] == [int(((p >= i / 10) & (p < (i + 1) / 10)).sum()) for i in range(10)]
    assert all(b.judged and b.within for b in tb)
    s = calibration_summary(p, made, tb)
    assert s["within_tolerance"] == s["judged_groups"] == 10 and s["ece_points"] < 2


def test_miscalibrated_forecasts_are_flagged():
    p, made = synthetic(30_000, shift=-0.15)
    tb = calibration_table(p, made)
    middle = [b for b in tb if 0.2 <= b.lo < 0.9]
    assert middle and all(b.within is False and b.gap < -0.1 for b in middle)
    assert calibration_summary(p, made, tb)["max_gap_points"] > 10


def test_count_groups_are_equal_and_small_groups_not_judged():
    p, made = synthetic(1000, seed=3)
    tc = calibration_table(p, made, "count")
    assert [b.n for b in tc] == [100] * 10 and all(b.judged for b in tc)
    assert all(tc[i].hi <= tc[i + 1].lo for i in range(9))
    small = calibration_table(p[:50], made[:50])
    assert not any(b.judged for b in small) and all(b.within is None for b in small)
    assert "| 0–10% |" in markdown_table(small)


def test_summary_values():
    p = np.array([0.9, 0.8, 0.3, 0.5])
    made = np.array([True, False, False, True])
    s = calibration_summary(p, made)
    assert s["brier"] == pytest.approx(((0.1**2) + (0.8**2) + (0.3**2) + (0.5**2)) / 4)
    assert s["mean_forecast"] == pytest.approx(0.625) and s["observed"]["k"] == 2
    with pytest.raises(UserError):
        calibration_summary([], [])
    with pytest.raises(ValueError):
        calibration_table([1.5], [True])
    with pytest.raises(ValueError):
        calibration_table([0.5, 0.4], [True])


def test_points_table():
    pred = np.arange(100, dtype=float)
    actual = pred + 2.0
    rows, s = points_table(pred, actual)
    assert len(rows) == 10 and all(r.n == 10 for r in rows)
    assert s["bias"] == pytest.approx(2.0) and s["rmse"] == pytest.approx(2.0) and s["correlation"] == 1.0
    assert rows[0].predicted == pytest.approx(4.5) and rows[0].actual == pytest.approx(6.5)


def test_figures_are_png(tmp_path):
    p, made = synthetic(2000, seed=5)
    a = reliability_figure(calibration_table(p, made), tmp_path / "r.png", "test")
    b = points_figure(p * 30, p * 30 + np.random.default_rng(1).normal(0, 3, p.size), tmp_path / "sub" / "p.png")
    for f in (a, b):
        data = f.read_bytes()
        assert data[:4] == b"\x89PNG" and len(data) > 5000
