"""The soft clues' model: how a call's free-bidding part reads as the caller's strength (:class:`ClueModel`), the
prior one and the fitted ones (:data:`CLUE_FIT`, fitted by :mod:`analyzer.arena.cluefit` on arena hands), and the
normal distribution function the likelihoods take (:func:`phi`, :func:`log_phi`). :mod:`analyzer.bidding.inference`
reads the calls with it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.bidding.formula import SOFT_SCALE, default_options
from analyzer.rules.model import RuleSet
from analyzer.rules.schema import CLUE_FIT_FILE
from analyzer.score import fair_share


def soft_sigma(rules: RuleSet) -> float:
    """The spread of the prior soft clues: :data:`SOFT_SCALE` x the fair share of the trick points."""
    return max(1.0, SOFT_SCALE * fair_share(rules, 0))


#: a seat's situation when its calls began: (its position after the dealer, ``(seat - dealer) % seats``; whether a seat
#: had bid before its first call: a dealer's standing forced bid is not one). The fitted clue model may read a seat's
#: calls by it (:class:`ClueModel`)
Situation = tuple[int, bool]


@dataclass(frozen=True)
class ClueModel:
    """How a call's free-bidding part reads as the caller's strength: a seat's *willingness* is its
    bidding limit ``l`` plus ``shift`` plus normal noise of spread ``sigma``; a pass when the lowest free bid
    was ``b`` says willingness < b (likelihood ``Phi((b - l - shift) / sigma)``), a free bid ``b`` says
    willingness >= b (``Phi((l + shift - b) / sigma)``), a last-turn bid says willingness < the next free
    value (``at-most``). ``partner``: the ``(shift, sigma)`` my partner's calls read with, when they differ
    from the opponents' (None: the same). ``situations``: ``(partner, position, opened, shift, sigma)`` rows, the
    model of the calls of a seat in that :data:`Situation` (my partner's or an opponent's), in place of the
    relation's; a situation not listed reads with the relation's. ``source``: ``prior`` (shift 0, sigma
    :func:`soft_sigma`) or ``fitted`` (:data:`CLUE_FIT`, by likelihood on arena hands:
    :mod:`analyzer.arena.cluefit`)."""

    shift: float
    sigma: float
    source: str = "prior"
    partner: tuple[float, float] | None = None
    situations: tuple[tuple[bool, int, bool, float, float], ...] = ()

    @classmethod
    def from_dict(cls, v: dict) -> ClueModel:
        """The fitted model of one rule set as :data:`CLUE_FIT_FILE` (and ``cluefit fit``'s ``fitted``) writes it."""
        p = v.get("partner")
        sits = tuple((bool(x["partner"]), int(x["position"]), bool(x["opened"]), float(x["shift"]), float(x["sigma"]))
                     for x in v.get("situations", ()))
        return cls(float(v["shift"]), float(v["sigma"]), "fitted",
                   (float(p["shift"]), float(p["sigma"])) if p else None, sits)

    def params(self, partner: bool = False, situation: Situation | None = None) -> tuple[float, float]:
        """The ``(shift, sigma)`` of a seat's calls: my partner's (``partner``) or an opponent's, in ``situation``."""
        if situation is not None:
            for r, pos, opened, shift, sigma in self.situations:
                if r == partner and (pos, opened) == situation:
                    return shift, sigma
        return self.partner if partner and self.partner else (self.shift, self.sigma)

    def z(self, kind: str, limit: np.ndarray, a: float, partner: bool = False,
          situation: Situation | None = None) -> np.ndarray:
        """The probit argument of a soft clue of ``kind`` at value ``a`` for hands of bidding limit ``limit``
        (``partner``: a call of my partner's; ``situation``: the caller's, :data:`Situation`)."""
        shift, sigma = self.params(partner, situation)
        w = np.asarray(limit, dtype=np.float64) + shift
        return (w - a) / sigma if kind == "at-least" else (a - w) / sigma

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shift": round(self.shift, 3), "sigma": round(self.sigma, 3), "source": self.source}
        if self.partner:
            out["partner"] = {"shift": round(self.partner[0], 3), "sigma": round(self.partner[1], 3)}
        if self.situations:
            out["situations"] = [{"partner": r, "position": pos, "opened": o, "shift": round(m, 3),
                                  "sigma": round(g, 3)} for r, pos, o, m, g in self.situations]
        return out


def _read_clue_fit() -> dict[str, ClueModel]:
    try:
        data = json.loads(CLUE_FIT_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {k: ClueModel.from_dict(v) for k, v in data.items()}


#: the soft clues' model fitted by likelihood (:func:`analyzer.arena.cluefit.fit_clue_model`) per rule set with
#: its default options, on arena hands of seeds not used for the reports (``reports/arena/run_all.sh``; the shipped
#: house games with a card pass by their id: ``reports/variants/run_all.sh`` step 0), read from
#: :data:`CLUE_FIT_FILE`: the opponents' ``(shift, sigma)`` and, where it was fitted apart, the partner's; a rule set
#: not listed reads the one its ``[advice] clue_fit`` names (a house file: its base's), else the prior model, as do
#: options other than the default
CLUE_FIT: dict[str, ClueModel] = _read_clue_fit()


def clue_model(rules: RuleSet, fitted: bool = True) -> ClueModel:
    """The clue model of ``rules``: the fitted one when there is one (and ``fitted``) -- its own, else the one its
    ``[advice] clue_fit`` names (a house file's base unless it names another) -- else the prior. Only for the
    default options: other options read the calls with the prior."""
    if fitted and (not rules.options or rules.options == default_options(rules)):
        for key in (rules.id, rules.advice.clue_fit):
            if key in CLUE_FIT:
                return CLUE_FIT[key]
    return ClueModel(0.0, soft_sigma(rules), "prior")


def log_phi(x: np.ndarray) -> np.ndarray:
    """log of :func:`phi`, accurate far into the lower tail (where ``phi`` itself underflows to 0)."""
    x = np.asarray(x, dtype=np.float64)
    tail = x < -5.0
    xt = np.where(tail, x, -5.0)
    # Mills ratio: phi(x) ~ pdf(x) / -x * (1 - 1/x^2 + 3/x^4) for x -> -inf
    x2 = xt * xt  # (numpy's power for a float array runs through pow(), some hundred times slower than this)
    asym = -0.5 * x2 - np.log(-xt) - 0.5 * math.log(2 * math.pi) + np.log1p(-1 / x2 + 3 / (x2 * x2))
    with np.errstate(divide="ignore"):
        direct = np.log(phi(np.where(tail, 0.0, x)))
    return np.where(tail, asym, direct)


def phi(x: np.ndarray) -> np.ndarray:
    """The standard normal distribution function, element-wise (Abramowitz & Stegun 7.1.26 for erf,
    absolute error below 1.5e-7)."""
    z = np.asarray(x, dtype=np.float64) / math.sqrt(2.0)
    a = np.abs(z)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = 1.0 - poly * np.exp(-a * a)
    return 0.5 * (1.0 + np.sign(z) * erf)
