"""The bid advice's figures for the game (``--score``): each call's chance of winning the game, the call for the
game beside the call by points, and why they differ (:mod:`analyzer.bidding.gamecall`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from analyzer.bidding.callmodel import CallChoice
from analyzer.bidding.gamecall import GameChoice
from analyzer.estimate import Estimate, mean_ci, paired_diff
from analyzer.game.table import WinTable
from analyzer.game.value import with_table
from analyzer.rules.model import RuleSet


@dataclass(frozen=True)
class GameCall:
    """One call for the game: my ``chance`` of winning it (95%: the deals' spread and the table's), the share of
    deals on which this hand wins (``wins``) or loses (``loses``) the game."""

    bid: int | None
    chance: Estimate
    wins: float
    loses: float
    net: Estimate
    upto: int | None = None  # my later raises' limit, where it is not the points model's ceiling

    @property
    def label(self) -> str:
        if self.bid is None:
            return "Pass"
        return f"Bid {self.bid}" + (f", later up to {self.upto}" if self.upto is not None else "")

    def as_dict(self) -> dict[str, Any]:
        return {"call": self.label, "bid": self.bid, "later_raises_up_to": self.upto,
                "chance": self.chance.as_dict(4), "wins_game_now": round(self.wins, 4),
                "loses_game_now": round(self.loses, 4), "net": self.net.as_dict()}


@dataclass(frozen=True)
class GameFigures:
    """The answer's game part: the score (``totals`` per scoring unit, ``hands`` played, ``me`` my unit), my
    chance before the hand (``now``), every call's :class:`GameCall`, the call for the game and the call by points
    (their labels), the paired difference of their chances, the difference of their expected net scores, the
    sentence saying why, and the table's source."""

    totals: tuple[int, ...]
    hands: int
    me: int
    now: Estimate
    calls: list[GameCall]
    best: str
    points: str
    gain: Estimate | None
    points_cost: Estimate | None
    text: str
    table: str

    def as_dict(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "hands_played": self.hands, "my_unit": self.me,
                "chance_now": self.now.as_dict(4), "calls": [c.as_dict() for c in self.calls],
                "call_for_game": self.best, "call_by_points": self.points,
                "chance_gain": self.gain.as_dict(4) if self.gain else None,
                "net_cost": self.points_cost.as_dict() if self.points_cost else None, "text": self.text,
                "table": self.table}


def _why(rules: RuleSet, gc: GameChoice, g: int, p: int, label: Any) -> str:
    """Why the call for the game differs from the call by points, from the figures."""
    lock = rules.scoring.bid_or_set_at
    mine = gc.game.totals[gc.me]
    if lock > 0 and mine >= lock and gc.calls[g] is not None and gc.calls[p] is None:
        return (f"at {mine} your side scores only by taking the bid or setting the bidders: a pass scores you "
                "nothing this hand unless they are set")
    if gc.wins[g] > gc.wins[p] + 0.03:
        return f"{label(g)} wins the game this hand on {gc.wins[g]:.0%} of the deals, {label(p)} on {gc.wins[p]:.0%}"
    if gc.loses[g] < gc.loses[p] - 0.03:
        return f"{label(p)} loses the game this hand on {gc.loses[p]:.0%} of the deals, {label(g)} on {gc.loses[g]:.0%}"
    best_other = max(t for u, t in enumerate(gc.game.totals) if u != gc.me)
    if mine > best_other:
        return "ahead, it keeps more of your lead"
    if mine < best_other:
        return "behind, it keeps more of your chances"
    return "it keeps more of your chances at this score"


def game_figures(rules: RuleSet, ch: CallChoice, gc: GameChoice, table: WinTable) -> GameFigures:
    """The game part of the answer (module docstring): the calls judged for the game — those the points model makes
    now, and the best of the least raise's ceilings for the game."""
    n = gc.chance.shape[1]
    K = len(ch.calls)
    rows = [k for k in gc.judged if k < K]
    if len(gc.calls) > K:
        rows.append(gc.best if gc.best >= K else max(range(K, len(gc.calls)), key=lambda k: gc.value[k]))
    calls = [GameCall(gc.calls[k], with_table(mean_ci(gc.chance[k]), float(gc.half[k])), float(gc.wins[k]),
                      float(gc.loses[k]), mean_ci(gc.net[k]), gc.upto[k]) for k in rows]
    label = lambda k: calls[rows.index(k)].label.lower() if k in rows else str(gc.calls[k])  # noqa: E731
    g, p = gc.best, gc.points
    now = Estimate(gc.now, gc.now_half / 1.96, max(0.0, gc.now - gc.now_half), min(1.0, gc.now + gc.now_half), n)
    best, pts = calls[rows.index(g)], calls[rows.index(p)]
    if g == p:
        c = pts.chance
        text = (f"For the game: {label(p)} also gives you the best chance of winning it, {c.mean:.1%} (95% {c.lo:.1%} "
                f"to {c.hi:.1%}; before the hand {gc.now:.1%})")
        return GameFigures(gc.game.totals, gc.game.hands, gc.me, now, calls, best.label, pts.label, None, None,
                           text + ".", table.source)
    gain = paired_diff(gc.chance[g], gc.chance[p])
    cost = paired_diff(gc.net[g], gc.net[p])
    text = (f"For the game: {label(g)} rather than {label(p)} (the call by points): your chance of winning the game "
            f"{best.chance.mean:.1%} against {pts.chance.mean:.1%} (difference {100 * gain.mean:+.1f} points, "
            f"95% {100 * gain.lo:+.1f} to {100 * gain.hi:+.1f}), at {cost.mean:+.1f} expected net score this hand: "
            f"{_why(rules, gc, g, p, label)}")
    return GameFigures(gc.game.totals, gc.game.hands, gc.me, now, calls, best.label, pts.label, gain, cost,
                       text + ".", table.source)
