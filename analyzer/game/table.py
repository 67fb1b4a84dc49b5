"""Win-probability tables: the chance that a unit wins the game from a state between hands.

A table is made from a :class:`~analyzer.game.outcomes.HandOutcomes` (hands of self-play, numbered from the dealer)
by dynamic programming over the game's states, treating the hands of a game as independent draws from the
sample (:mod:`analyzer.game.kernel`):

* **two units** (partnerships, two-handed): my total and the other's on a grid (step ``step`` from ``x0`` up to
  one under the target; a total under the grid reads its lowest point), who deals next and, where the early
  win asks, whether each unit has scored; the value is the fixed point of "the mean over the sample of the
  value after the hand" (value iteration), every way a game ends applied by :func:`analyzer.game.kernel.step2`
  (the game engine's rules, checked against :func:`analyzer.game.engine.after_hand`);
* **players on their own over a fixed number of hands** (Luxury Family): my lead over each other player on a
  grid, my seat from the dealer, the hand number; backward induction from the last hand.

Every table carries a 95% interval per state: the spread of ``boots`` tables made from resamples of the hands
(the bootstrap; the grid's interpolation is not in it). Tables are made monotone where they must be (more of
my points never lowers my chance, more of theirs never raises it): the mean of the upper and lower monotone
envelopes; :attr:`WinTable.adjusted` is the largest change that made.

The shipped tables (``analyzer/game/tables/``, made by ``python3 -m analyzer.arena.tables``) are found by
:func:`find_table`; for options whose table is not shipped :func:`analyzer.arena.tables.win_table` makes it when
first asked (from the shipped hands where only the game's own rules differ, e.g. ``--option target=200``; else
from fresh self-play) and keeps it in the user's cache folder (:func:`cache_folder`).
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.game.kernel import solve2, solve_lf
from analyzer.game.outcomes import HandOutcomes
from analyzer.rules.model import RuleSet
from analyzer.score import scoring_units

#: the ``[scoring]`` keys of the game itself (how it ends); every other rule shapes the hands
GAME_KEYS = ("target", "game_end", "hands", "tie", "win_all_tricks", "early_win", "quad_pinochle_win", "bid_or_set_at")
#: grid points per axis the steps aim at
GRID_POINTS = 150
#: weights are stored in billionths (the kernels' integer outcome rows)
WEIGHT_UNIT = 1_000_000_000
#: the value iteration stops when no state changes by more than this, or after this many sweeps
TOLERANCE = 1e-7
MAX_SWEEPS = 400
TABLE_DIR = Path(__file__).resolve().parent / "tables"


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:12]


def hands_key(rules: RuleSet) -> str:
    """What shapes a hand's outcome: every rule but how the game ends (and but the option declarations)."""
    raw = {k: v for k, v in (rules.raw or {}).items() if k not in ("options", "name", "summary")}
    raw["scoring"] = {k: v for k, v in raw.get("scoring", {}).items() if k not in GAME_KEYS}
    return f"{rules.id}-{_digest(raw)}"


def game_key(rules: RuleSet) -> str:
    """The game's own rules (:data:`GAME_KEYS`) as a key."""
    return _digest({k: getattr(rules.scoring, k) for k in GAME_KEYS})


@dataclass(frozen=True)
class WinTable:
    """A table (module docstring). ``kind`` ``two`` — ``values[d, fx, fy, i, j]``: my chance with total
    ``x0 + step*i``, theirs ``x0 + step*j``, ``d`` 0 when my unit deals next, ``fx``/``fy`` whether each unit has
    scored (size 1 where no rule asks); ``hands`` — ``values[h, q, i, j]``: before hand ``h`` with my seat ``q``
    places left of the dealer and my leads ``x0 + step*i`` and ``x0 + step*j`` over the next two players.
    ``half``: the 95% half-width of each value."""

    rules_id: str
    kind: str
    x0: int
    step: int
    values: np.ndarray
    half: np.ndarray
    hands_key: str
    game_key: str
    source: str
    hands: int
    boots: int
    adjusted: float = 0.0
    sweeps: int = 0
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return int(self.values.shape[-1])

    def write(self, path: str | Path) -> None:
        info = {"rules_id": self.rules_id, "kind": self.kind, "x0": self.x0, "step": self.step,
                "hands_key": self.hands_key, "game_key": self.game_key, "source": self.source, "hands": self.hands,
                "boots": self.boots, "adjusted": self.adjusted, "sweeps": self.sweeps, "meta": self.meta}
        from analyzer.atomic import write_whole

        def save(tmp: Path) -> None:
            with open(tmp, "wb") as fh:
                np.savez_compressed(fh, values=self.values.astype(np.float32), half=self.half.astype(np.float32),
                                    info=np.array(json.dumps(info)))

        write_whole(path, save)  # a process loading the table never sees half of it

    @classmethod
    def read(cls, path: str | Path) -> WinTable:
        with np.load(path) as z:
            info = json.loads(str(z["info"]))
            return cls(info["rules_id"], info["kind"], int(info["x0"]), int(info["step"]),
                       z["values"].astype(np.float64), z["half"].astype(np.float64), info["hands_key"],
                       info["game_key"], info["source"], int(info["hands"]), int(info["boots"]),
                       float(info.get("adjusted", 0.0)), int(info.get("sweeps", 0)), info.get("meta", {}))


# ---- making a table ------------------------------------------------------------------------------------------------
def _rows(cols: np.ndarray, w: np.ndarray | None = None) -> np.ndarray:
    """The distinct rows of ``cols`` (int64[n, c]) with their summed weights ``w`` (default: equal) in billionths as
    a last column."""
    w = np.ones(len(cols)) if w is None else np.asarray(w, dtype=np.float64)
    uniq, inv = np.unique(cols, axis=0, return_inverse=True)
    tot = np.bincount(inv.reshape(-1), weights=w, minlength=len(uniq))
    wi = np.floor(tot / tot.sum() * WEIGHT_UNIT).astype(np.int64)
    wi[np.argmax(wi)] += WEIGHT_UNIT - wi.sum()
    return np.ascontiguousarray(np.concatenate([uniq, wi[:, None]], axis=1), dtype=np.int64)


def on_grid(cols: np.ndarray, score_cols: int, step: int) -> tuple[np.ndarray, np.ndarray]:
    """Each row's first ``score_cols`` scores moved onto multiples of ``step``, keeping their means: a score
    ``a`` between multiples ``lo`` and ``lo + step`` goes to both, weighted by nearness (one row becomes up to
    ``2 ** score_cols`` rows). The tables' grids have points ``step`` apart, so this bounds the number of
    distinct outcomes however large the sample, at no cost to the expected scores. (rows, weights)."""
    rows, w = cols.astype(np.int64), np.ones(len(cols))
    if step == 1:
        return rows, w
    for c in range(score_cols):
        lo = np.floor_divide(rows[:, c], step) * step
        frac = (rows[:, c] - lo) / step
        up = rows.copy()
        up[:, c] = lo + step
        down = rows.copy()
        down[:, c] = lo
        rows = np.concatenate([down, up])
        w = np.concatenate([w * (1 - frac), w * frac])
        keep = w > 0
        rows, w = rows[keep], w[keep]
    return rows, w


def _grid_two(rules: RuleSet, sample: HandOutcomes) -> tuple[int, int, int]:
    """(x0, step, points): from the floor (minus the target where scores go below 0, else 0) to one under the target."""
    t = int(rules.scoring.target)
    floor = -t if int(sample.scores.min(initial=0)) < 0 else 0
    step = max(1, math.ceil((t - floor) / GRID_POINTS))
    n = math.ceil((t - 1 - floor) / step) + 1
    return t - 1 - step * (n - 1), step, n


def _two(rules: RuleSet, sample: HandOutcomes, x0: int, step: int, n: int) -> tuple[np.ndarray, int]:
    sc = rules.scoring
    flags = 2 if sc.early_win > 0 else 1
    cols = np.stack([sample.scores[:, 0], sample.scores[:, 1], sample.bidder, sample.made, sample.all_tricks,
                     sample.quad[:, 0], sample.quad[:, 1], sample.thrown], axis=1).astype(np.int64)
    out = _rows(*on_grid(cols, 2, step))
    V = np.full((2, flags, flags, n, n), 0.5)
    sweeps, _ = solve2(V, out, np.int64(x0), np.int64(step), np.int64(sc.target), np.int64(sc.bid_or_set_at),
                       np.int64(sc.early_win), sc.game_end == "bidder-first", TOLERANCE, MAX_SWEEPS)
    if flags > 1:  # a unit above 0 has scored: the "not yet" states there are never reached; they read the others
        pos = x0 + step * np.arange(n) > 0
        V[:, 0, :, pos, :] = V[:, 1, :, pos, :]
        V[:, :, 0, :, pos] = V[:, :, 1, :, pos]
    return V, int(sweeps)


def _grid_lf(rules: RuleSet, sample: HandOutcomes) -> tuple[int, int, int]:
    """(x0, step, points) of the leads: symmetric, wide enough for every hand's lead to add up over the game."""
    s = sample.scores
    spread = int(np.percentile(np.abs(s[:, :, None] - s[:, None, :]).max(axis=(1, 2)), 99.5))
    half = max(10, spread * int(rules.scoring.hands))
    step = max(1, math.ceil(2 * half / (GRID_POINTS * 4 // 3)))
    n = 2 * math.ceil(half / step) + 1
    return -step * (n // 2), step, n


def _lf(rules: RuleSet, sample: HandOutcomes, x0: int, step: int, n: int) -> tuple[np.ndarray, int]:
    hands = int(rules.scoring.hands)
    out = _rows(*on_grid(sample.scores[:, :3], 3, step))  # a thrown-in deal: all 0
    W = np.zeros((hands, 3, n, n))
    solve_lf(W, out, np.int64(x0), np.int64(step), np.int64(hands))
    return W, 0


def monotone(values: np.ndarray, kind: str) -> np.ndarray:
    """The mean of the upper and lower monotone envelopes along each score axis (module docstring): ``two``
    rises with my total (axis -2) and falls with theirs (axis -1); ``hands`` rises with both leads."""
    v = values.copy()
    for axis, up in ((-2, True), (-1, kind == "hands")):
        w = v if up else np.flip(v, axis)
        hi = np.maximum.accumulate(w, axis=axis)
        lo = np.flip(np.minimum.accumulate(np.flip(w, axis), axis=axis), axis)
        w = (hi + lo) / 2
        v = w if up else np.flip(w, axis)
    return v


def _solve(rules: RuleSet, sample: HandOutcomes, grid: tuple[int, int, int]) -> tuple[np.ndarray, int]:
    fn = _lf if _kind(rules) == "hands" else _two
    return fn(rules, sample, *grid)


def _kind(rules: RuleSet) -> str:
    units = len(scoring_units(rules))
    if units == 2 and rules.scoring.target > 0:
        return "two"
    if units == 3 and rules.scoring.hands > 0:
        return "hands"
    raise ValueError(f"{rules.id}: no win-probability table for {units} scoring units with target "
                     f"{rules.scoring.target} and {rules.scoring.hands} hands")


def build_table(rules: RuleSet, sample: HandOutcomes, boots: int = 0, seed: int = 1) -> WinTable:
    """The table of ``rules`` from ``sample`` (module docstring), with ``boots`` bootstrap resamples for the
    intervals (0: no interval, ``half`` all zero); resample ``b`` draws from ``(seed, b)``."""
    kind = _kind(rules)
    grid = (_grid_lf if kind == "hands" else _grid_two)(rules, sample)
    raw, sweeps = _solve(rules, sample, grid)
    values = monotone(raw, kind)
    reps = []
    for b in range(boots):
        idx = np.random.default_rng([seed, b]).integers(0, sample.n, sample.n)
        reps.append(monotone(_solve(rules, sample.take(idx), grid)[0], kind))
    half = 1.96 * np.std(np.stack(reps), axis=0, ddof=1) if boots > 1 else np.zeros_like(values)
    return WinTable(rules.id, kind, grid[0], grid[1], values, half, hands_key(rules), game_key(rules), sample.source,
                    sample.n, boots, float(np.abs(values - raw).max()), sweeps,
                    {"options": dict(rules.options)})


# ---- finding a table ------------------------------------------------------------------------------------------------
def cache_folder() -> Path:
    """The user's cache folder of tables made when first asked."""
    import os

    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "pinochle-analyzer" / "win-tables"


def table_name(rules: RuleSet) -> str:
    return f"{hands_key(rules)}-{game_key(rules)}.npz"


def sample_name(rules: RuleSet) -> str:
    return f"{hands_key(rules)}.hands.parquet"


def find_table(rules: RuleSet) -> WinTable | None:
    """The table of ``rules`` if it is shipped or was made before (in :func:`cache_folder`), else None
    (:func:`analyzer.arena.tables.win_table` makes it)."""
    got = rules.cache.get("win_table")
    if got is not None:
        return got
    name = table_name(rules)
    for folder in (TABLE_DIR, cache_folder()):
        if (folder / name).exists():
            table = WinTable.read(folder / name)
            rules.cache["win_table"] = table
            return table
    return None


def find_sample(rules: RuleSet) -> HandOutcomes | None:
    """The hands behind the shipped (or cached) tables of ``rules``' hands (:func:`hands_key`), else None."""
    for folder in (TABLE_DIR, cache_folder()):
        if (folder / sample_name(rules)).exists():
            return HandOutcomes.read(folder / sample_name(rules))
    return None
