"""Small statistics for Monte-Carlo results: means with standard errors, proportions, paired differences.

Every estimate carries its sample size and a two-sided confidence interval (95% unless asked
otherwise). Means use the normal approximation (the sample counts here are in the thousands);
proportions use the Wilson score interval, which stays inside 0..1 and is sound near 0 and 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from statistics import NormalDist

import numpy as np


def z_value(level: float = 0.95) -> float:
    """The standard normal quantile of a two-sided ``level`` interval (1.96 for 0.95)."""
    if not 0.0 < level < 1.0:
        raise ValueError(f"confidence level must lie strictly between 0 and 1, not {level}")
    return NormalDist().inv_cdf(0.5 + level / 2.0)


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its standard error and confidence interval ``lo .. hi``."""

    mean: float
    se: float
    lo: float
    hi: float
    n: int
    level: float = 0.95

    def as_dict(self, digits: int = 3) -> dict[str, float | int]:
        """Plain data for JSON, rounded to ``digits`` decimals."""
        r = lambda v: round(float(v), digits)  # noqa: E731
        return {"mean": r(self.mean), "se": r(self.se), "lo": r(self.lo), "hi": r(self.hi), "n": self.n}

    def __str__(self) -> str:
        return f"{self.mean:.2f} ± {self.hi - self.mean:.2f}"


@dataclass(frozen=True)
class Proportion:
    """An observed share ``k / n`` with its Wilson interval ``lo .. hi``."""

    p: float
    lo: float
    hi: float
    k: int
    n: int
    level: float = 0.95

    def as_dict(self, digits: int = 4) -> dict[str, float | int]:
        r = lambda v: round(float(v), digits)  # noqa: E731
        return {"p": r(self.p), "lo": r(self.lo), "hi": r(self.hi), "k": self.k, "n": self.n}

    def __str__(self) -> str:
        return f"{100 * self.p:.1f}%"


def mean_ci(x: np.ndarray | Sequence[float], level: float = 0.95) -> Estimate:
    """Mean of ``x`` with its standard error (sample standard deviation / sqrt n) and interval.

    One value gives a zero-width interval (no spread can be measured); no value raises ValueError.
    """
    a = np.asarray(x, dtype=np.float64).reshape(-1)
    n = a.size
    if n == 0:
        raise ValueError("mean of no values")
    m = float(a.mean())
    se = float(a.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
    z = z_value(level)
    return Estimate(m, se, m - z * se, m + z * se, n, level)


def wilson(k: int, n: int, level: float = 0.95) -> Proportion:
    """The share ``k / n`` with the Wilson score interval."""
    if n <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= k <= n:
        raise ValueError(f"successes {k} outside 0..{n}")
    z = z_value(level)
    p = k / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))
    # the bounds are exactly 0 at k = 0 and 1 at k = n (rounding would leave a trace)
    lo = 0.0 if k == 0 else max(0.0, centre - half)
    hi = 1.0 if k == n else min(1.0, centre + half)
    return Proportion(p, lo, hi, int(k), int(n), level)


def proportion(flags: np.ndarray | Sequence[bool], level: float = 0.95) -> Proportion:
    """The share of true values among ``flags``, with its Wilson interval."""
    a = np.asarray(flags, dtype=bool).reshape(-1)
    return wilson(int(a.sum()), int(a.size), level)


def paired_diff(a: np.ndarray | Sequence[float], b: np.ndarray | Sequence[float], level: float = 0.95) -> Estimate:
    """Mean of ``a - b`` over paired samples (the same deals), with its interval.

    Pairing removes the deal-to-deal spread both share, so the interval is much narrower than the
    difference of two independent means.
    """
    x = np.asarray(a, dtype=np.float64).reshape(-1)
    y = np.asarray(b, dtype=np.float64).reshape(-1)
    if x.shape != y.shape:
        raise ValueError(f"paired samples differ in size: {x.size} and {y.size}")
    return mean_ci(x - y, level)


def effective_size(w: np.ndarray, axis: int = -1) -> np.ndarray | float:
    """The effective sample size of importance weights, (sum w)^2 / sum w^2 (0 for no weight), over
    ``axis``: a float for one vector of weights, an array for a stack of them."""
    w = np.asarray(w)
    s, s2 = w.sum(axis=axis), (w * w).sum(axis=axis)
    out = np.where(s2 > 0, s * s / np.where(s2 > 0, s2, 1.0), 0.0)
    return float(out) if out.ndim == 0 else out


# ---- estimates accumulated batch by batch (memory bounded by one batch, whatever the sample size) -------------
def estimate(mean: float, se: float, n: int, level: float = 0.95) -> Estimate:
    """An :class:`Estimate` from a mean and its standard error (normal interval)."""
    z = z_value(level)
    return Estimate(float(mean), float(se), float(mean - z * se), float(mean + z * se), int(n), level)


class Histogram:
    """Counts of integer values, added batch by batch: the exact distribution of an integer sample in
    memory proportional to the number of distinct values. Its mean, standard error and quantiles equal
    those of the whole sample (:func:`mean_ci`, ``numpy.quantile``'s linear rule)."""

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}

    def add(self, values: np.ndarray) -> None:
        v, c = np.unique(np.asarray(values).astype(np.int64).reshape(-1), return_counts=True)
        for a, b in zip(v.tolist(), c.tolist(), strict=True):
            self.counts[a] = self.counts.get(a, 0) + b

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        keys = sorted(self.counts)
        return np.array(keys, dtype=np.float64), np.array([self.counts[k] for k in keys], dtype=np.float64)

    def estimate(self, level: float = 0.95) -> Estimate:
        """The sample mean with its standard error (sample standard deviation / sqrt n) and interval."""
        v, c = self._arrays()
        n = int(c.sum())
        if n == 0:
            raise ValueError("mean of no values")
        m = float((v * c).sum() / n)
        var = float((c * (v - m) ** 2).sum() / (n - 1)) if n > 1 else 0.0
        return estimate(m, math.sqrt(var / n) if n > 1 else 0.0, n, level)

    def quantile(self, p: float) -> float:
        """The ``p`` quantile with numpy's default (linear) rule."""
        v, c = self._arrays()
        n = int(c.sum())
        cum = np.cumsum(c)
        h = (n - 1) * p
        lo = int(math.floor(h))
        at = lambda i: float(v[int(np.searchsorted(cum, i + 1))])  # noqa: E731 - the i-th smallest value
        a = at(lo)
        return a if h == lo else a + (h - lo) * (at(min(lo + 1, n - 1)) - a)

    def sorted_counts(self) -> dict[int, int]:
        return {k: self.counts[k] for k in sorted(self.counts)}


class Moments:
    """Means and co-moments of per-deal vectors, merged batch by batch (Chan et al.'s pairwise update):
    the mean and the (ddof = 1) variance of any linear combination of the coordinates, without keeping
    the deals. Paired differences and delta-method ratios are such combinations."""

    def __init__(self, dim: int) -> None:
        self.n = 0
        self.mean = np.zeros(dim)
        self.m2 = np.zeros((dim, dim))

    def add(self, x: np.ndarray) -> None:
        x = np.asarray(x, dtype=np.float64)
        m = x.shape[0]
        if m == 0:
            return
        mb = x.mean(axis=0)
        d = x - mb
        m2b = d.T @ d
        delta = mb - self.mean
        n = self.n + m
        self.mean = self.mean + delta * (m / n)
        self.m2 = self.m2 + m2b + np.outer(delta, delta) * (self.n * m / n)
        self.n = n

    def variance(self, c: np.ndarray) -> float:
        """The (ddof = 1) variance of ``x @ c`` over the deals."""
        if self.n < 2:
            return 0.0
        idx = np.flatnonzero(c)
        cc = c[idx]
        return max(0.0, float(cc @ self.m2[np.ix_(idx, idx)] @ cc) / (self.n - 1))

    def mean_of(self, i: int, level: float = 0.95) -> Estimate:
        """The mean of coordinate ``i`` with its interval (as :func:`mean_ci` of that column)."""
        c = np.zeros(self.mean.size)
        c[i] = 1.0
        return estimate(self.mean[i], math.sqrt(self.variance(c) / self.n) if self.n > 1 else 0.0, self.n, level)

    def ratio(self, num: int, den: int, level: float = 0.95) -> tuple[Estimate, np.ndarray]:
        """``mean(num) / mean(den)`` with its delta-method interval, and the coefficients of its linearised
        per-deal values (``(x_num - r x_den) / mean(den)``) for paired differences."""
        c = np.zeros(self.mean.size)
        d = self.mean[den]
        if d == 0:
            return estimate(math.nan, math.nan, self.n, level), c
        r = self.mean[num] / d
        c[num], c[den] = 1.0 / d, -r / d
        se = math.sqrt(self.variance(c) / self.n) if self.n > 1 else 0.0
        return estimate(r, se, self.n, level), c

    def paired(self, a: Estimate, b: Estimate, ca: np.ndarray, cb: np.ndarray, level: float = 0.95) -> Estimate:
        """``a - b`` where ``a`` and ``b`` are estimates on the same deals with linearised coefficients
        ``ca`` and ``cb``."""
        se = math.sqrt(self.variance(ca - cb) / self.n) if self.n > 1 else 0.0
        return estimate(a.mean - b.mean, se, self.n, level)


#: Student's t, two-sided 95%, for 1..30 degrees of freedom
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def student(e: Estimate) -> Estimate:
    """``e`` with its 95% interval from Student's t (n - 1 degrees of freedom) instead of the normal."""
    if e.n < 2:
        return e
    t = _T975[e.n - 2] if e.n - 1 <= len(_T975) else 1.96 + 2.4 / (e.n - 1)
    return replace(e, lo=e.mean - t * e.se, hi=e.mean + t * e.se)
