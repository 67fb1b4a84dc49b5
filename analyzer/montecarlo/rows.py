"""The rows of a simulation (:class:`analyzer.montecarlo.simulate.Simulation`): one per (scenario, deal, play
mode, trump, bid class), filled block by block as the deals are played, as a polars frame or as whole numpy
columns (:data:`COLUMNS` says what each means)."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from analyzer.cards import SUITS
from analyzer.rules.model import RuleSet
from analyzer.score import convert_points

#: the frame's columns (per-seat columns ``meld_s{i}``, ``points_s{i}``, ``tricks_s{i}`` follow them)
COLUMNS = {
    "scenario": "declare (I declare) or other (another seat declares its own trump: analyzer.bidding.callmodel)",
    "deal": "deal index: its cards come from (seed, deal)",
    "play": "play mode: heuristic (the heuristic players) or dd (double-dummy)",
    "policy": "the policy that played (dd: the solver)",
    "declarer": "the declaring seat (-1: nobody declares: two-handed)",
    "trump": "trump suit S H D C",
    "bid": "the contract the play assumed (only changes play where a rule depends on it)",
    "own_meld": "my meld with this trump",
    "partner_meld": "my partner's meld (null without partnerships)",
    "side_meld": "my side's meld (partnerships: both partners; else mine)",
    "side_points": "card points my side took, last-trick bonus included",
    "side_trick_points": "trick points my side scores for them (Luxury Family converts; else = side_points)",
    "side_tricks": "tricks my side took",
    "opp_meld": "the other seats' meld, added up",
    "opp_points": "card points the other seats took",
    "opp_trick_points": "trick points the other seats score, added up (each converted on its own)",
    "opp_tricks": "tricks the other seats took",
    "exact": "dd rows: the solver finished the deal within its node budget (False: the heuristic playout's "
             "result stands in); null for other play modes",
}


def _side_sums(rules: RuleSet, seat: int) -> np.ndarray:
    """int64[seats, 2]: 1 where a seat is on ``seat``'s side (column 0) or not (column 1), built once per rule set and
    seat (cached on the rule set)."""
    key = f"rows_side_sums_{seat}"
    got = rules.cache.get(key)
    if got is None:
        got = np.zeros((rules.seats, 2), dtype=np.int64)
        got[:, 1] = 1
        for s in rules.sides[rules.side_of(seat)]:
            got[s] = (1, 0)
        rules.cache[key] = got
    return got


def side_columns(rules: RuleSet, seat: int, meld: np.ndarray, pts: np.ndarray, trk: np.ndarray,
                  ) -> dict[str, np.ndarray]:
    """The side / opponent columns of rows with per-seat meld, points and tricks [n, seats]."""
    mine = _side_sums(rules, seat)
    partners = rules.partners(seat)
    # my side's and the others' totals of meld, points and tricks at once: integer sums, exact in any order
    sums = np.stack([np.asarray(meld, dtype=np.int64), np.asarray(pts, dtype=np.int64),
                     np.asarray(trk, dtype=np.int64)]) @ mine
    out = {
        "own_meld": meld[:, seat],
        "partner_meld": meld[:, list(partners)].sum(axis=1) if partners else None,
        "side_meld": sums[0, :, 0],
        "side_points": sums[1, :, 0],
        "side_tricks": sums[2, :, 0],
        "opp_meld": sums[0, :, 1],
        "opp_points": sums[1, :, 1],
        "opp_tricks": sums[2, :, 1],
    }
    if rules.has_partners:
        out["side_trick_points"] = convert_points(rules, out["side_points"])
        out["opp_trick_points"] = convert_points(rules, out["opp_points"])
    else:  # each player converts his own power points
        out["side_trick_points"] = convert_points(rules, pts[:, seat])
        out["opp_trick_points"] = convert_points(rules, pts[:, mine[:, 1] == 1]).sum(axis=1)
    return out


#: the trump names by suit code, to name a block's trumps in one step
_SUIT_NAMES = np.array(list(SUITS), dtype=object)


class Rows:
    """Column buffers of the frame, filled block by block."""

    def __init__(self, rules: RuleSet, seat: int) -> None:
        self.rules, self.seat = rules, seat
        self.blocks: list[dict[str, Any]] = []

    def add(self, scenario: str, play: str, policy: str, deal: np.ndarray, contract: np.ndarray,
            meld: np.ndarray, pts: np.ndarray, trk: np.ndarray, exact: np.ndarray | None = None) -> None:
        """Rows of deals ``deal`` played in ``scenario`` by ``play`` / ``policy``: ``contract`` int64[n, 3]
        (declarer, trump, bid), the declarer's trump's meld, points and tricks int64[n, seats]."""
        n = deal.size
        declarer, trump, bid = contract[:, 0], contract[:, 1], contract[:, 2]
        if n == 0:
            return
        b: dict[str, Any] = {
            "scenario": [scenario] * n,
            "deal": deal.astype(np.int64),
            "play": [play] * n,
            "policy": [policy] * n,
            "declarer": declarer.astype(np.int8),
            "trump": _SUIT_NAMES[trump].tolist(),
            "bid": bid.astype(np.int32),
            "trump_code": trump.astype(np.int64),
        }
        side = side_columns(self.rules, self.seat, meld, pts, trk)
        for k, v in side.items():
            b[k] = [None] * n if v is None else v.astype(np.int32)
        b["exact"] = [None] * n if exact is None else np.asarray(exact, dtype=bool)
        for prefix, arr in (("meld", meld), ("points", pts), ("tricks", trk)):
            a32 = arr.astype(np.int32)
            for s in range(self.rules.seats):
                b[f"{prefix}_s{s}"] = a32[:, s]
        self.blocks.append(b)

    def frame(self) -> pl.DataFrame:
        schema = schema_of(self.rules)
        if not self.blocks:
            return pl.DataFrame(schema=schema)
        # one frame of whole columns: a frame a block cost more than the blocks' play
        cols = {k: self._joined(k) for k in schema}
        return pl.DataFrame(cols, schema=schema).sort(["scenario", "play", "trump", "bid", "deal"], nulls_last=True)

    def _joined(self, k: str) -> list | np.ndarray:
        """Column ``k`` of every block joined: a list where a block holds it as a list (strings, nulls), else an
        array."""
        parts = [b[k] for b in self.blocks]
        if any(isinstance(v, list) for v in parts):
            return [x for v in parts for x in (v if isinstance(v, list) else v.tolist())]
        return np.concatenate(parts)

    def arrays(self) -> dict[str, np.ndarray]:
        """The blocks' columns as whole arrays in block order (``Simulation.arrays``)."""
        if not self.blocks:
            return {}
        out: dict[str, np.ndarray] = {}
        for k in schema_of(self.rules):
            prefix, _, seat = k.rpartition("_s")
            if prefix in PER_SEAT and seat.isdigit():
                continue
            v = self._joined(k)
            out[k] = np.array(v, dtype=object) if isinstance(v, list) else v
        out["trump_code"] = np.concatenate([b["trump_code"] for b in self.blocks])
        for prefix in PER_SEAT:
            out[prefix] = np.stack([np.concatenate([b[f"{prefix}_s{i}"] for b in self.blocks])
                                    for i in range(self.rules.seats)], axis=1).astype(np.int64)
        return out


#: the per-seat column groups of a simulation's rows (``meld_s0`` ...)
PER_SEAT = ("meld", "points", "tricks")


def schema_of(rules: RuleSet) -> dict[str, Any]:
    """The polars schema of a simulation's rows."""
    schema: dict[str, Any] = {
        "scenario": pl.String, "deal": pl.Int64, "play": pl.String, "policy": pl.String,
        "declarer": pl.Int8, "trump": pl.String, "bid": pl.Int32,
    }
    for k in COLUMNS:
        schema.setdefault(k, pl.Int32)
    schema["exact"] = pl.Boolean
    for prefix in PER_SEAT:
        for s in range(rules.seats):
            schema[f"{prefix}_s{s}"] = pl.Int32
    return schema


def frame_arrays(frame: pl.DataFrame, seats: int) -> dict[str, np.ndarray]:
    """:meth:`analyzer.montecarlo.simulate.Simulation.arrays` of a whole frame."""
    if frame.height == 0:
        return {}
    out: dict[str, np.ndarray] = {}
    for k in frame.columns:
        prefix, _, seat = k.rpartition("_s")
        if prefix in PER_SEAT and seat.isdigit():
            continue
        col = frame[k]
        out[k] = col.to_numpy() if col.dtype.is_numeric() and col.null_count() == 0 else np.array(col.to_list(),
                                                                                                  dtype=object)
    out["trump_code"] = np.array([SUITS.index(t) if t is not None else -1 for t in frame["trump"].to_list()],
                                 dtype=np.int64)
    for prefix in PER_SEAT:
        out[prefix] = frame.select([f"{prefix}_s{i}" for i in range(seats)]).to_numpy().astype(np.int64)
    return out
