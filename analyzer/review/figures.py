"""What a review answers (:func:`analyzer.review.review.review`): every decision of my seat beside the advisor's
best, the double-dummy loss of every card where every hand is known, and the summary -- plain values with their
intervals, each with ``as_dict`` for ``--json``."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from analyzer.estimate import Estimate


def _est(e: Estimate | None, digits: int = 3) -> dict[str, Any] | None:
    return None if e is None else e.as_dict(digits)


@dataclass(frozen=True)
class Decision:
    """One decision of my seat: its ``kind`` (``call``, ``trump``, ``card``), where it stood (``where``), what was
    chosen and the advisor's best then (``best``; None: it names none, too few deals), the measure (``net``: my
    side's net score; ``score``, ``points``, ``difference``: as the card advice ranks), the expected ``loss`` of the
    choice against the best by that measure (paired on the same deals, 95%; 0 for the best), with the game's score
    ``game_loss`` in my chance of winning the game, and whether it is ``marked`` (the loss's lower end above the
    threshold: it lost more than the threshold beyond the noise). ``options``: the choices there were."""

    kind: str
    number: int
    where: str
    chosen: str
    best: str | None
    measure: str
    loss: Estimate | None
    options: int
    deals: int
    marked: bool = False
    game_loss: Estimate | None = None
    game_best: str | None = None
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "number": self.number, "where": self.where, "chosen": self.chosen,
                "best": self.best, "measure": self.measure, "loss": _est(self.loss), "options": self.options,
                "deals": self.deals, "marked": self.marked, "game_loss": _est(self.game_loss, 4),
                "game_best": self.game_best, "note": self.note}


@dataclass(frozen=True)
class TrueLoss:
    """One card of the trick play valued by the solver on the true position (every hand known): the declaring
    side's points from there after the card played (``value``) and after the seat's best card (``best_value``, the
    most for the declaring side, the least for the defenders), and the ``loss`` in points for the seat's side;
    None where the solver's budget ran out (``exact`` False)."""

    index: int
    seat: int
    card: str
    best: str | None
    value: int | None
    best_value: int | None
    loss: int | None
    exact: bool

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "card": self.card, "best": self.best, "value": self.value,
                "best_value": self.best_value, "loss": self.loss, "exact": self.exact}


def total(losses: list[Estimate]) -> Estimate | None:
    """The sum of independent losses (each decision its own deals): the means added, the errors in quadrature."""
    if not losses:
        return None
    m = sum(e.mean for e in losses)
    se = math.sqrt(sum(e.se ** 2 for e in losses))
    return Estimate(m, se, m - 1.96 * se, m + 1.96 * se, sum(e.n for e in losses))


@dataclass(frozen=True)
class Review:
    """A hand reviewed: my seat's decisions in order, the double-dummy losses of every card (``true``: empty unless
    every hand is known), the threshold of the marks, and how it was asked (``samples`` of the calls, of the cards,
    ``seed``); ``notes`` say what was not judged and why."""

    rules: str
    seat: int
    decisions: tuple[Decision, ...]
    true: tuple[TrueLoss, ...]
    threshold: float
    seed: int
    samples: int
    play_samples: int
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def bidding_loss(self) -> Estimate | None:
        """Points lost in the bidding (the calls and the trump), summed."""
        return total([d.loss for d in self.decisions if d.kind != "card" and d.loss is not None])

    @property
    def play_loss(self) -> Estimate | None:
        """Points lost in the play (my cards), summed."""
        return total([d.loss for d in self.decisions if d.kind == "card" and d.loss is not None])

    def biggest(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that lost most (by the mean of their loss), losing ones only."""
        judged = [d for d in self.decisions if d.loss is not None and d.loss.mean > 0]
        return sorted(judged, key=lambda d: -d.loss.mean)[:n]

    def as_dict(self) -> dict[str, Any]:
        mine = [t for t in self.true if t.seat == self.seat and t.loss is not None]
        return {"rules": self.rules, "seat": self.seat, "seed": self.seed, "samples": self.samples,
                "play_samples": self.play_samples, "threshold": self.threshold,
                "decisions": [d.as_dict() for d in self.decisions],
                "double_dummy": [t.as_dict() for t in self.true],
                "summary": {"bidding_loss": _est(self.bidding_loss), "play_loss": _est(self.play_loss),
                            "marked": sum(d.marked for d in self.decisions),
                            "biggest": [{"kind": d.kind, "where": d.where, "chosen": d.chosen, "best": d.best,
                                         "loss": _est(d.loss)} for d in self.biggest()],
                            "double_dummy_loss": {str(s): sum(t.loss for t in self.true if t.seat == s and t.loss
                                                              is not None) for s in sorted({t.seat for t in
                                                                                            self.true})} or None,
                            "my_double_dummy_loss": sum(t.loss for t in mine) if self.true else None},
                "notes": list(self.notes)}
