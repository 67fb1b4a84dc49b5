"""Hands' outcomes as the game counts them, one array a field over ``n`` hands: :class:`HandOutcomes`.

The same arrays serve two uses, by how the scoring units are numbered: the outcomes of the hand to play on each
sampled deal, units as :func:`analyzer.score.scoring_units` numbers them (what the advice carries to the game,
:func:`analyzer.game.value.chances_after`), and a sample of hands of self-play, units numbered from each hand's
dealer (what the win-probability tables are made from, :mod:`analyzer.game.sample`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl


@dataclass(frozen=True)
class HandOutcomes:
    """``n`` hands' outcomes (module docstring). Arrays over hands: ``scores`` int64[n, U] each unit's score as
    :func:`analyzer.score.score_hand` gives it; ``bidder`` int64[n] the unit that took the bid (-1: none); ``made``
    bool[n]; ``all_tricks`` int64[n] the unit that took every trick (-1: none); ``quad`` bool[n, U] the unit held
    a quadruple pinochle and took at least ``scoring.quad_pinochle_win`` trick points (all False where the rule set
    has no such win); ``thrown`` bool[n] the deal was thrown in. A sample says its rule set (``rules_id``) and where
    its hands come from (``source``)."""

    scores: np.ndarray
    bidder: np.ndarray
    made: np.ndarray
    all_tricks: np.ndarray
    quad: np.ndarray
    thrown: np.ndarray
    rules_id: str = ""
    source: str = ""

    @property
    def n(self) -> int:
        return int(self.scores.shape[0])

    @property
    def units(self) -> int:
        return int(self.scores.shape[1])

    def take(self, idx: np.ndarray) -> HandOutcomes:
        """The hands ``idx`` (a resample draws them with repeats)."""
        return HandOutcomes(self.scores[idx], self.bidder[idx], self.made[idx], self.all_tricks[idx], self.quad[idx],
                            self.thrown[idx], self.rules_id, self.source)

    @classmethod
    def joined(cls, parts: list[HandOutcomes], source: str) -> HandOutcomes:
        """The hands of ``parts`` (samples of one rule set, in order) as one sample from ``source``."""
        if not parts:
            raise ValueError("no sample to join")
        ids = {p.rules_id for p in parts}
        if len(ids) > 1:
            raise ValueError(f"samples of different rule sets: {sorted(ids)}")
        cat = lambda name: np.concatenate([getattr(p, name) for p in parts])  # noqa: E731
        return cls(cat("scores"), cat("bidder"), cat("made"), cat("all_tricks"), cat("quad"), cat("thrown"),
                   parts[0].rules_id, source)

    def frame(self) -> pl.DataFrame:
        """The hands as a table (one row a hand; ``score_u{r}``, ``quad_u{r}`` per unit)."""
        cols: dict[str, object] = {"bidder": self.bidder, "made": self.made, "all_tricks": self.all_tricks,
                                   "thrown": self.thrown}
        for r in range(self.units):
            cols[f"score_u{r}"] = self.scores[:, r]
            cols[f"quad_u{r}"] = self.quad[:, r]
        return pl.DataFrame(cols)

    def write(self, path: str | Path) -> None:
        """Parquet, the rule set and source in the file's metadata."""
        import json

        from analyzer.atomic import write_whole

        meta = {"analyzer": json.dumps({"rules": self.rules_id, "source": self.source})}
        write_whole(path, lambda tmp: self.frame().write_parquet(tmp, metadata=meta))

    @classmethod
    def read(cls, path: str | Path) -> HandOutcomes:
        """Outcomes written by :meth:`write`."""
        import json

        meta = json.loads(pl.read_parquet_metadata(path).get("analyzer", "{}"))
        f = pl.read_parquet(path)
        units = sum(1 for c in f.columns if c.startswith("score_u"))
        return cls(np.stack([f[f"score_u{r}"].to_numpy() for r in range(units)], 1).astype(np.int64),
                   f["bidder"].to_numpy().astype(np.int64), f["made"].to_numpy().astype(bool),
                   f["all_tricks"].to_numpy().astype(np.int64),
                   np.stack([f[f"quad_u{r}"].to_numpy() for r in range(units)], 1).astype(bool),
                   f["thrown"].to_numpy().astype(bool), meta.get("rules", ""), meta.get("source", ""))
