"""Small statistics for Monte-Carlo results: means with standard errors, proportions, paired differences.

Every estimate carries its sample size and a two-sided confidence interval (95% unless asked
otherwise). Means use the normal approximation (the sample counts here are in the thousands);
proportions use the Wilson score interval, which stays inside 0..1 and is sound near 0 and 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
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
