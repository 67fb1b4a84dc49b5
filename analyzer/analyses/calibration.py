"""Calibration of an agent's forecasts: the predicted chance of making a contract against how often it was
made, and the predicted points against the points scored.

Over arena hands (:mod:`analyzer.arena`) where the declaring agent gave a forecast (the advisor does, at
the moment it names trump, on deals conditioned on the whole auction):

* :func:`calibration_table` groups the hands by the predicted chance — ``"width"``: ten bins of width
  0.1 (0-10%, ..., 90-100%, the reliability diagram's usual bins), ``"count"``: ten groups of equal size
  (deciles of the forecasts) — and gives per group the mean predicted chance, the observed rate with its
  Wilson 95% interval and the gap in percentage points; a group with at least ``min_n`` hands is
  judged against the tolerance (default 5 points);
* :func:`calibration_summary`: the Brier score, its reliability part (the expected calibration error
  weighted by group size) and the mean predicted chance against the overall rate;
* :func:`points_table`: the predicted side points against the points scored, by decile of the
  prediction, with the bias, the root mean square error and the correlation;
* :func:`reliability_figure`, :func:`points_figure`: the two plots (PNG, matplotlib).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.errors import UserError
from analyzer.estimate import Proportion, mean_ci, wilson

#: a group of forecasts is judged only with at least this many hands (observed rate's SE <= 5 points)
MIN_N = 100
#: the tolerance: |observed - predicted| in a group, in probability units
TOLERANCE = 0.05


@dataclass(frozen=True)
class CalibrationBin:
    """One group of forecasts: the predicted range ``lo .. hi``, its hands, the mean predicted chance and
    the observed rate; ``judged``: enough hands to hold it to the tolerance; ``within``: it keeps it."""

    lo: float
    hi: float
    n: int
    predicted: float
    observed: Proportion | None
    judged: bool
    within: bool | None

    @property
    def gap(self) -> float | None:
        """observed - predicted, in probability units."""
        return None if self.observed is None else self.observed.p - self.predicted

    def as_dict(self) -> dict[str, Any]:
        return {
            "lo": round(self.lo, 4), "hi": round(self.hi, 4), "n": self.n, "predicted": round(self.predicted, 4),
            "observed": self.observed.as_dict() if self.observed else None,
            "gap_points": None if self.gap is None else round(100 * self.gap, 2),
            "judged": self.judged, "within": self.within,
        }


def forecasts(frame: pl.DataFrame, agent: int | None = None) -> pl.DataFrame:
    """The hands of an arena frame with a forecast (of the declaring ``agent`` 0 = A / 1 = B, or any)."""
    f = frame.filter(pl.col("p_make").is_not_null() & pl.col("made").is_not_null())
    if agent is not None:
        f = f.filter(pl.col("declarer_agent") == agent)
    return f


def equal_groups(p: np.ndarray, groups: int = 10) -> np.ndarray:
    """Each forecast's group (0 = the lowest) when ``p`` is cut into ``groups`` groups of equal size by its order
    (ties in the order given): the deciles of :func:`calibration_table`'s ``"count"`` mode."""
    pa = np.asarray(p).reshape(-1)
    order = np.argsort(pa, kind="stable")
    g = np.empty(pa.size, dtype=np.int64)
    g[order] = (np.arange(pa.size) * groups) // max(pa.size, 1)
    return g


def calibration_table(p: np.ndarray | Sequence[float], made: np.ndarray | Sequence[bool], mode: str = "width",
                      groups: int = 10, min_n: int = MIN_N, tolerance: float = TOLERANCE) -> list[CalibrationBin]:
    """Forecasts ``p`` against outcomes ``made`` by group (module docstring)."""
    pa = np.asarray(p, dtype=np.float64).reshape(-1)
    ma = np.asarray(made, dtype=bool).reshape(-1)
    if pa.shape != ma.shape:
        raise ValueError(f"forecasts and outcomes differ in number: {pa.size} and {ma.size}")
    if pa.size and (pa.min() < -1e-9 or pa.max() > 1 + 1e-9):
        raise ValueError("forecast chances must lie in 0..1")
    pa = np.clip(pa, 0.0, 1.0)
    if mode == "width":
        edges = np.linspace(0.0, 1.0, groups + 1)
        g = np.minimum((pa * groups).astype(np.int64), groups - 1)
        bounds = [(float(edges[i]), float(edges[i + 1])) for i in range(groups)]
    elif mode == "count":
        g = equal_groups(pa, groups)
        bounds = [(float(pa[g == i].min()) if (g == i).any() else 0.0, float(pa[g == i].max()) if (g == i).any()
                   else 0.0) for i in range(groups)]
    else:
        raise ValueError(f"mode is 'width' or 'count', not {mode!r}")
    out = []
    for i, (lo, hi) in enumerate(bounds):
        sel = g == i
        n = int(sel.sum())
        if n == 0:
            out.append(CalibrationBin(lo, hi, 0, float("nan"), None, False, None))
            continue
        pred = float(pa[sel].mean())
        obs = wilson(int(ma[sel].sum()), n)
        judged = n >= min_n
        out.append(CalibrationBin(lo, hi, n, pred, obs, judged, abs(obs.p - pred) <= tolerance if judged else None))
    return out


def calibration_summary(p: np.ndarray | Sequence[float], made: np.ndarray | Sequence[bool],
                        table: Sequence[CalibrationBin] | None = None) -> dict[str, Any]:
    """Brier score, expected calibration error (over ``table``'s groups, default the width bins), the mean
    forecast and the observed rate, and how many judged groups keep the tolerance."""
    pa = np.asarray(p, dtype=np.float64).reshape(-1)
    ma = np.asarray(made, dtype=np.float64).reshape(-1)
    if pa.size == 0:
        raise UserError("no forecasts to calibrate: the declaring agents gave none")
    tb = list(table) if table is not None else calibration_table(pa, ma.astype(bool))
    used = [b for b in tb if b.n]
    ece = sum(b.n * abs(b.gap or 0.0) for b in used) / pa.size
    judged = [b for b in tb if b.judged]
    return {
        "hands": int(pa.size), "mean_forecast": round(float(pa.mean()), 4),
        "observed": wilson(int(ma.sum()), int(pa.size)).as_dict(),
        "brier": round(float(((pa - ma) ** 2).mean()), 5), "ece_points": round(100 * ece, 2),
        "judged_groups": len(judged), "within_tolerance": sum(bool(b.within) for b in judged),
        "max_gap_points": round(100 * max((abs(b.gap or 0.0) for b in judged), default=0.0), 2),
    }


@dataclass(frozen=True)
class PointsRow:
    """One decile of the predicted points: its range, hands, mean prediction and mean actual points."""

    lo: float
    hi: float
    n: int
    predicted: float
    actual: float
    actual_se: float

    def as_dict(self) -> dict[str, Any]:
        return {k: (round(v, 3) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def points_table(pred: np.ndarray | Sequence[float], actual: np.ndarray | Sequence[float], groups: int = 10
                 ) -> tuple[list[PointsRow], dict[str, float]]:
    """Predicted against actual points by decile of the prediction, and (bias = mean actual - predicted
    with its 95% interval, RMSE, correlation)."""
    pa = np.asarray(pred, dtype=np.float64).reshape(-1)
    aa = np.asarray(actual, dtype=np.float64).reshape(-1)
    if pa.shape != aa.shape or pa.size == 0:
        raise UserError("points: predictions and outcomes must be non-empty and of one length")
    order = np.argsort(pa, kind="stable")
    g = np.empty(pa.size, dtype=np.int64)
    g[order] = (np.arange(pa.size) * groups) // pa.size
    rows = []
    for i in range(groups):
        sel = g == i
        if not sel.any():
            continue
        a = aa[sel]
        rows.append(PointsRow(float(pa[sel].min()), float(pa[sel].max()), int(sel.sum()), float(pa[sel].mean()),
                              float(a.mean()), float(a.std(ddof=1) / np.sqrt(a.size)) if a.size > 1 else 0.0))
    bias = mean_ci(aa - pa)
    corr = float(np.corrcoef(pa, aa)[0, 1]) if pa.size > 2 and pa.std() > 0 and aa.std() > 0 else float("nan")
    return rows, {"bias": round(bias.mean, 3), "bias_lo": round(bias.lo, 3), "bias_hi": round(bias.hi, 3),
                  "rmse": round(float(np.sqrt(((aa - pa) ** 2).mean())), 3), "correlation": round(corr, 4),
                  "mean_predicted": round(float(pa.mean()), 3), "mean_actual": round(float(aa.mean()), 3)}


def _figure() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def reliability_figure(table: Sequence[CalibrationBin], path: str | Path, title: str = "",
                       tolerance: float = TOLERANCE) -> Path:
    """The reliability diagram: observed rate (95% intervals) against the mean forecast of each group, the
    diagonal and the tolerance band; point size by hands."""
    plt = _figure()
    fig, ax = plt.subplots(figsize=(5.6, 5.2))
    xs = np.linspace(0, 1, 2)
    ax.fill_between(xs, xs - tolerance, xs + tolerance, color="0.9", label=f"±{100 * tolerance:.0f} points")
    ax.plot(xs, xs, color="0.4", lw=1, ls="--", label="perfect calibration")
    used = [b for b in table if b.n and b.observed is not None]
    if used:
        px = np.array([b.predicted for b in used])
        py = np.array([b.observed.p for b in used])  # type: ignore[union-attr]
        lo = np.array([b.observed.lo for b in used])  # type: ignore[union-attr]
        hi = np.array([b.observed.hi for b in used])  # type: ignore[union-attr]
        sizes = np.array([b.n for b in used], dtype=np.float64)
        ax.errorbar(px, py, yerr=[py - lo, hi - py], fmt="none", ecolor="tab:blue", alpha=0.7, lw=1)
        ax.scatter(px, py, s=20 + 180 * sizes / sizes.max(), color="tab:blue", zorder=3, label="observed (95%)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    return _save(fig, path, ("predicted chance of making the contract", "observed make rate",
                             title or "Reliability of the forecasts"))


def points_figure(pred: np.ndarray, actual: np.ndarray, path: str | Path, title: str = "") -> Path:
    """Predicted against actual side points: the hands (jittered) and the decile means with the diagonal."""
    plt = _figure()
    pa, aa = np.asarray(pred, dtype=np.float64), np.asarray(actual, dtype=np.float64)
    rows, _ = points_table(pa, aa)
    fig, ax = plt.subplots(figsize=(5.6, 5.2))
    g = np.random.default_rng(0)
    k = min(pa.size, 4000)
    pick = g.choice(pa.size, size=k, replace=False) if pa.size > k else np.arange(pa.size)
    ax.scatter(pa[pick], aa[pick] + g.uniform(-0.3, 0.3, pick.size), s=4, alpha=0.15, color="0.4",
               label="hands")
    ax.errorbar([r.predicted for r in rows], [r.actual for r in rows], yerr=[1.96 * r.actual_se for r in rows],
                fmt="o", color="tab:red", label="decile means (95%)")
    lo, hi = float(min(pa.min(), aa.min())), float(max(pa.max(), aa.max()))
    ax.plot([lo, hi], [lo, hi], color="0.3", ls="--", lw=1, label="predicted = actual")
    return _save(fig, path, ("predicted side points (meld + tricks)", "actual side points",
                             title or "Predicted against actual points"))


def _save(fig: Any, path: str | Path, labels: tuple[str, str, str] | None = None) -> Path:
    """Write the figure as a PNG; ``labels`` (x axis, y axis, title) finish its one axes with the legend
    and grid every figure here has."""
    if labels is not None:
        ax = fig.axes[0]
        ax.set_xlabel(labels[0])
        ax.set_ylabel(labels[1])
        ax.set_title(labels[2])
        ax.legend(loc="upper left", fontsize=8)
        ax.grid(alpha=0.3)
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fig.tight_layout()
        fig.savefig(p, dpi=110)
    except OSError as e:
        raise UserError(f"cannot write {str(p)!r}: {e.strerror or e}") from None
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
    return p


def markdown_table(table: Sequence[CalibrationBin], tolerance: float = TOLERANCE) -> str:
    """The calibration table as Markdown; the last column says whether the gap is within ``tolerance`` (the
    tolerance the bins were judged at)."""
    lines = ["| predicted | hands | mean forecast | observed (95%) | gap (points) | "
             f"within ±{100 * tolerance:.0f} |",
             "| --- | ---: | ---: | ---: | ---: | :---: |"]
    for b in table:
        if not b.n or b.observed is None:
            lines.append(f"| {100 * b.lo:.0f}–{100 * b.hi:.0f}% | 0 | | | | |")
            continue
        o = b.observed
        mark = "—" if b.within is None else ("yes" if b.within else "**no**")
        lines.append(f"| {100 * b.lo:.0f}–{100 * b.hi:.0f}% | {b.n} | {100 * b.predicted:.1f}% | "
                     f"{100 * o.p:.1f}% ({100 * o.lo:.1f}–{100 * o.hi:.1f}) | {100 * (b.gap or 0):+.1f} | {mark} |")
    return "\n".join(lines)
