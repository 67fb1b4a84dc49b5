"""The figures of a run of whole games (:class:`analyzer.arena.games.GamesResult`), from its hands alone (so a run
joined from saved parts gives the same figures).

* **Games won.** Per *game pair* (a game's copies, one per seating): A's share of the games won, the mean over
  the copies of A's win — a shared win among ``k`` units counted ``1/k``, an undecided game as a win shared by
  every unit (A's fair share). The 95% interval comes from the per-pair values (:func:`analyzer.estimate.mean_ci`):
  both agents played the same deals, so the pairs are independent and the luck of the deals largely cancels
  inside each. Beside it the plain Wilson proportion over all the games played, as if each were independent
  (what the same number of games would show without the duplicate), the standard deviation per pair and the
  pairs an interval of ±1, ±2, ±5 percentage points would need, ``(1.96 sd / h)^2``.
* **Points per hand**: A's score less B's (Luxury Family: less the mean of B's seats) per hand played, the
  hand's score before the game's own rules hold any of it back; the ratio of the pairs' sums, with its
  delta-method interval over the pairs.
* **Variance reduction** (decided here, said in the summary): the duplicate is the method. A control variate
  would have to be fixed in advance and have mean zero by construction; the one such covariate, the deal's
  luck from the cards alone (A's seats' best-trump meld less B's), summed over the hands every copy of a game
  played, is identically zero in every pair — the duplicate has cancelled it already (computed and reported
  as a check). The deals that only some copies reach lie past the shortest copy, and how long a copy lasts
  depends on the agents' decisions, so no covariate known to have mean zero remains: none is used.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
import polars as pl

from analyzer.arena.core import seatings
from analyzer.estimate import Estimate, estimate, mean_ci, wilson, z_value
from analyzer.game.state import ENDINGS
from analyzer.rules.model import RuleSet
from analyzer.score import scoring_units

#: the interval half-widths (percentage points of games won) whose pairs needed the summary gives
HALF_WIDTHS = (1, 2, 5)


def _per_seat(rules: RuleSet, f: pl.DataFrame, name: str) -> np.ndarray:
    return np.stack([f[f"{name}_s{s}"].to_numpy() for s in range(rules.seats)], axis=1)


def a_less_b(rules: RuleSet, f: pl.DataFrame, column: str) -> np.ndarray:
    """Per hand: the mean of per-seat ``column`` over A's seats less its mean over B's seats."""
    v = _per_seat(rules, f, column).astype(np.float64)
    ag = _per_seat(rules, f, "agent")
    a, b = ag == 0, ag == 1
    return (v * a).sum(axis=1) / np.maximum(a.sum(axis=1), 1) - (v * b).sum(axis=1) / np.maximum(b.sum(axis=1), 1)


def a_share(rules: RuleSet, agents: tuple[int, ...], winner: str | None) -> float:
    """A's share of one game's win: the winning units (``"0 1"``) held by A (seats ``agents``: 0 = A) over the
    winners; an undecided game (None) as a win shared by every unit."""
    units = scoring_units(rules)
    mine = {u for u, seats in enumerate(units) if all(agents[s] == 0 for s in seats)}
    won = [int(x) for x in winner.split()] if winner else list(range(len(units)))
    return sum(u in mine for u in won) / len(won)


def outcomes(rules: RuleSet, f: pl.DataFrame) -> pl.DataFrame:
    """One row per game copy: ``game``, ``copy``, ``hands`` played, ``how`` it ended, ``winner`` and ``a_share``
    (:func:`a_share`), sorted by game and copy."""
    last = f.sort(["game", "copy", "hand"]).group_by(["game", "copy"], maintain_order=True).last()
    ag = _per_seat(rules, last, "agent")
    share = [a_share(rules, tuple(int(x) for x in ag[i]), w) for i, w in enumerate(last["winner"].to_list())]
    hands = (pl.col("hand").cast(pl.Int64) + 1).alias("hands")
    out = last.select(["game", "copy", hands, "how", "winner"])
    return out.with_columns(a_share=pl.Series(share, dtype=pl.Float64))


def pair_values(rules: RuleSet, f: pl.DataFrame) -> pl.DataFrame:
    """One row per game pair: ``game``, A's ``share`` of the games won (mean over the copies), ``hands`` (mean
    over the copies), ``diff`` (A's score less B's summed over every hand of the copies), ``rows`` (hands of the
    copies) and ``luck`` (the card-luck covariate: module docstring)."""
    o = outcomes(rules, f).group_by("game").agg(pl.col("a_share").mean().alias("share"),
                                                pl.col("hands").mean().alias("hands"),
                                                pl.col("hands").min().alias("common"))
    d = pl.DataFrame({"game": f["game"], "hand": f["hand"], "d": a_less_b(rules, f, "score"),
                      "m": a_less_b(rules, f, "best_meld")})
    d = d.join(o.select(["game", "common"]), on="game")
    copies = len(seatings(rules))
    per = d.group_by("game").agg(pl.col("d").sum().alias("diff"), pl.len().alias("rows"),
                                 (pl.col("m").filter(pl.col("hand") < pl.col("common")).sum() / copies).alias("luck"))
    return o.join(per, on="game").sort("game")


def ratio(num: np.ndarray, den: np.ndarray) -> Estimate:
    """``sum(num) / sum(den)`` over independent units with its delta-method interval (one unit: zero width)."""
    n = num.size
    r = float(num.sum() / den.sum())
    if n < 2:
        return estimate(r, 0.0, n)
    lin = (num - r * den) / den.mean()
    return estimate(r, float(lin.std(ddof=1) / math.sqrt(n)), n)


def games_won(rules: RuleSet, pairs: pl.DataFrame, games: pl.DataFrame) -> dict[str, Any]:
    """The games-won figures: A's share over the pairs with its interval (kept inside 0..1), the plain Wilson
    proportion over the ``games`` (:func:`outcomes`, shares rounded to whole games), the sd per pair and the pairs
    needed (None while the pairs show no spread: every pair alike says nothing of how far the next ones vary)."""
    share = pairs["share"].to_numpy()
    sd = float(share.std(ddof=1)) * 100 if share.size > 1 else None
    z = z_value(0.95)
    need = {str(h): (math.ceil((z * sd / h) ** 2) if sd else None) for h in HALF_WIDTHS}  # no spread yet: unknown
    s = games["a_share"].to_numpy()
    a = mean_ci(share)
    a = replace(a, lo=max(0.0, a.lo), hi=min(1.0, a.hi))  # a share: the normal interval kept inside 0..1
    return {"A": a.as_dict(4), "plain": wilson(int(round(float(s.sum()))), int(s.size)).as_dict(),
            "sd_per_pair_points": None if sd is None else round(sd, 2), "pairs_needed": need}


def variance_reduction(rules: RuleSet, pairs: pl.DataFrame, games: pl.DataFrame) -> dict[str, Any]:
    """What the duplicate bought (the sd of one game's share against one pair's; how many independent games a pair
    is worth) and the control variate's decision (module docstring), with the covariate's largest value."""
    share, single = pairs["share"].to_numpy(), games["a_share"].to_numpy()
    sd_pair = float(share.std(ddof=1)) if share.size > 1 else None
    sd_game = float(single.std(ddof=1)) if single.size > 1 else None
    worth = None if not sd_pair or sd_game is None else round(sd_game ** 2 / sd_pair ** 2, 2)
    luck = pairs["luck"].to_numpy()
    return {
        "method": "duplicate: every game played once per seating on the same deals",
        "copies": len(seatings(rules)),
        "sd_per_game_points": None if sd_game is None else round(100 * sd_game, 2),
        "sd_per_pair_points": None if sd_pair is None else round(100 * sd_pair, 2),
        "independent_games_per_pair": worth,
        "control_variate": {
            "covariate": "the deal's luck from the cards alone: A's seats' best-trump meld less B's, summed over "
                         "the hands every copy of the game played, mean over the copies",
            "largest": float(np.abs(luck).max()) if luck.size else 0.0,
            "used": False,
            "why": "zero in every pair by construction: the duplicate cancels it already; past the shortest copy "
                   "the hands played depend on the agents' decisions, so no covariate known to have mean zero "
                   "remains",
        },
    }


def games_summary(res: Any) -> dict[str, Any]:
    """The summary of a :class:`~analyzer.arena.games.GamesResult`: its settings and every figure (module
    docstring), plain data for JSON."""
    rules, f = res.rules, res.frame
    games = outcomes(rules, f)
    pairs = pair_values(rules, f)
    how = games["how"].to_list()
    return {
        "kind": "games",
        "rules": rules.id,
        "options": dict(rules.options.items()),
        "agents": {"A": res.names[0], "B": res.names[1]},
        "games": int(pairs.height),
        "start": res.start,
        "copies": len(seatings(rules)),
        "hands": f.height,
        "seed": res.seed,
        "play": res.play,
        "seatings": [list(s) for s in seatings(rules)],
        "max_hands": res.max_hands,
        "games_won": games_won(rules, pairs, games),
        "points_per_hand": ratio(pairs["diff"].to_numpy(), pairs["rows"].to_numpy().astype(np.float64)).as_dict(),
        "hands_per_game": mean_ci(pairs["hands"].to_numpy()).as_dict(),
        "endings": {k: how.count(k) for k in (*ENDINGS, "undecided")},
        "variance_reduction": variance_reduction(rules, pairs, games),
        "seconds": round(res.seconds, 2),
        "workers": res.workers,
        "advisor_work": res.advisor_stats,
        "command": res.command,
    }


def running_share(pairs: pl.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A's share of the games won after each pair in game order, and its 95% interval (lo, hi) at each, kept inside
    0..1 as :func:`games_won`'s."""
    x = pairs.sort("game")["share"].to_numpy()
    n = np.arange(1, x.size + 1)
    mean = np.cumsum(x) / n
    sq = np.cumsum(x * x)
    var = np.where(n > 1, (sq - n * mean ** 2) / np.maximum(n - 1, 1), 0.0)
    half = z_value(0.95) * np.sqrt(np.maximum(var, 0.0) / n)
    return mean, np.maximum(mean - half, 0.0), np.minimum(mean + half, 1.0)


__all__ = ["HALF_WIDTHS", "a_less_b", "a_share", "games_summary", "games_won", "outcomes", "pair_values", "ratio",
           "running_share", "variance_reduction"]
