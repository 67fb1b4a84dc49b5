"""The columns of random whole deals, batch by batch: every deal's hands (deal ``i`` from ``(seed, i)``), seat
0's meld and the trump it names, the copies of each meld it holds, and the trick points of each play mode
with seat 0 declaring — what :func:`analyzer.analyses.stats.meld_stats` summarises and ``--out`` saves. Batches
are independent (:mod:`analyzer.runs.batches` may spread them over processes or a Dask cluster).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from analyzer.cards import LANE, SUITS
from analyzer.deal import random_deals
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError, field_name
from analyzer.meld import meld_batch
from analyzer.meld.exact import meld_requirement
from analyzer.rules.lowered import play_bids
from analyzer.rules.model import MeldSpec, RuleSet
from analyzer.runs.batches import count_spans, iter_batches, spans

#: deals solved first to find out whether the solver can serve this rule set at all
DD_PROBE = 4


# ---- dealing and playing one batch -------------------------------------------------------------------------
def kind_counts(hands: np.ndarray, rules: RuleSet) -> np.ndarray:
    """int8[n, 4, nranks]: copies of each card held, suit by suit, lane bit order (low rank first)."""
    nr = rules.deck.nranks
    shifts = (LANE * np.arange(4)[:, None] + np.arange(nr)[None, :]).astype(np.int64)
    out = np.zeros((hands.shape[0], 4, nr), dtype=np.int8)
    for p in range(hands.shape[1]):
        out += ((hands[:, p, None, None] >> shifts[None]) & 1).astype(np.int8)
    return out


def choose_trump(rules: RuleSet, meld4: np.ndarray, counts: np.ndarray, stock: np.ndarray) -> np.ndarray:
    """int64[n]: the declarer's trump — the upcard's suit where a stock names trump (two-handed), else
    the suit with the most meld, then the longest, then the first of S H D C."""
    if rules.play.stock and stock.shape[1] > 0:
        return (stock[:, -1] // LANE).astype(np.int64)
    # on purpose not callmodel.seat_features' trump (the formula's best valuation): these figures are by best-meld trump
    length = counts.sum(axis=2).astype(np.int64)  # [n, 4]
    key = meld4.astype(np.int64) * 64 + length
    return key.argmax(axis=1).astype(np.int64)


def hold_specs(rules: RuleSet) -> list[tuple[str, MeldSpec, int | None]]:
    """The holding columns: (column name, meld, suit) — one per suit for suit melds, else one."""
    out: list[tuple[str, MeldSpec, int | None]] = []
    for m in rules.melds:
        if m.scope == "suit":
            out += [(f"hold_{m.name}_{SUITS[s]}", m, s) for s in range(4)]
        else:
            out.append((f"hold_{m.name}", m, None))
    return out


def copies_held(counts: np.ndarray, rules: RuleSet, meld: MeldSpec, suit: int | None) -> np.ndarray:
    """int8[n]: how many complete copies of the meld's cards each hand holds (in ``suit`` for suit melds)."""
    need = meld_requirement(rules, meld, 1, suit)
    out = np.full(counts.shape[0], 127, dtype=np.int8)
    for kind, c in need.items():
        s, b = divmod(kind, LANE)
        out = np.minimum(out, counts[:, s, b] // c)
    return out


def _dd_points(rules: RuleSet, hands: np.ndarray, trump: np.ndarray, bid: int, max_nodes: int) -> np.ndarray:
    """The declaring side's card points with best play by everyone (seat 0 declares and leads)."""
    from analyzer.runs import warmup
    from analyzer.solve import solve_deals

    warmup.wait()
    res = solve_deals(rules, hands, trump, 0, 0, bid=bid, max_nodes=max_nodes)
    bad = int((~np.asarray(res.exact, dtype=bool)).sum())
    if bad:
        raise UserError(
            f"the double-dummy solver could not solve {bad} of {hands.shape[0]} {rules.id} deals within "
            f"{max_nodes:,} nodes each ({rules.seats} hands of {rules.hand_size} are too deep for it): "
            f"use {field_name('play')} heuristic, or raise {field_name('max_nodes')}"
        )
    return np.asarray(res.value, dtype=np.int64)


@dataclass(frozen=True)
class DealTask:
    """One batch: deals ``start .. start + n - 1`` of ``seed``, played in ``plays`` under ``rules``."""

    rules: RuleSet
    seed: int
    start: int
    n: int
    plays: tuple[str, ...]
    dd_nodes: int | None = None  # the node budget of a solve (``dd`` in ``plays``: given)


def deal_columns(task: DealTask) -> dict[str, np.ndarray]:
    """Per-deal columns of one batch (the batch runner's work function; see :data:`COLUMNS`)."""
    rs = task.rules
    d = random_deals(rs, task.n, task.seed, task.start)
    hands, stock = d.hands, d.stock
    n, seats = hands.shape[0], rs.seats
    meld_all = meld_batch(hands.reshape(-1, rs.deck.copies), rs).reshape(n, seats, 4)
    counts = kind_counts(hands[:, 0], rs)
    trump = choose_trump(rs, meld_all[:, 0], counts, stock)
    rows = np.arange(n)
    cols: dict[str, np.ndarray] = {"deal": np.arange(task.start, task.start + n, dtype=np.int64)}
    for t in range(4):
        cols[f"meld_{SUITS[t]}"] = meld_all[:, 0, t].astype(np.int32)
    cols["meld_best"] = meld_all[:, 0].max(axis=1).astype(np.int32)
    cols["trump"] = trump.astype(np.int8)
    cols["trumps_held"] = counts[rows, trump].sum(axis=1).astype(np.int8)
    for s in range(seats):
        cols[f"meld_s{s}"] = meld_all[rows, s, trump].astype(np.int32)
    for r in rs.deck.ranks:
        b = rs.deck.rank_bit[r]
        cols[f"n_{r}"] = counts[:, :, b].sum(axis=1).astype(np.int8)
    cols["trump_aces"] = counts[rows, trump, rs.deck.rank_bit[rs.deck.ranks[0]]].astype(np.int8)
    cols["voids"] = (counts.sum(axis=2) == 0).sum(axis=1).astype(np.int8)
    for name, m, s in hold_specs(rs):
        cols[name] = copies_held(counts, rs, m, s)
    bid = play_bids(rs)[-1]
    declarer = 0 if rs.has_bidding else -1
    for mode in task.plays:
        if mode == "heuristic":
            from analyzer.play import play_deals

            pts = np.zeros((n, seats), dtype=np.int32)
            trk = np.zeros((n, seats), dtype=np.int32)
            for t in np.unique(trump):
                sel = np.flatnonzero(trump == t)
                res = play_deals(rs, hands[sel], int(t), 0, declarer, policy="v1",
                                 seed=seed_of(task.seed, task.start, int(t)), bid=bid)
                pts[sel] = res.points
                trk[sel] = res.tricks
            for s in range(seats):
                cols[f"heuristic_points_s{s}"] = pts[:, s]
                cols[f"heuristic_tricks_s{s}"] = trk[:, s]
        elif mode == "dd":
            cols["dd_side_points"] = _dd_points(rs, hands, trump, bid, task.dd_nodes).astype(np.int32)
        else:
            raise ValueError(f"unknown play mode {mode!r}")
    return cols


#: what the per-deal columns mean (``--out`` writes them as parquet)
COLUMNS = {
    "deal": "deal index: its cards come from (seed, deal)",
    "meld_S .. meld_C": "seat 0's meld with each trump",
    "meld_best": "seat 0's meld with its best trump",
    "trump": "the trump seat 0 names (0..3 = S H D C; two-handed: the upcard's suit)",
    "trumps_held": "trump cards seat 0 holds",
    "meld_s{i}": "seat i's meld in that trump",
    "n_{rank}": "seat 0's cards of each rank",
    "trump_aces": "seat 0's aces of trump",
    "voids": "suits seat 0 holds no card of",
    "hold_{meld}[_{suit}]": "complete copies of the meld's cards seat 0 holds (in that suit)",
    "heuristic_points_s{i}, heuristic_tricks_s{i}": "card points and tricks of seat i, heuristic play",
    "dd_side_points": "card points of seat 0's side with double-dummy play",
}


def collect(rules: RuleSet, samples: int, seed: int = 0, plays: Sequence[str] = ("heuristic",), *,
            workers: int = 1, cluster: Any = None, progress: bool = False, dd_nodes: int | None = None,
            ) -> dict[str, np.ndarray]:
    """The per-deal columns of ``samples`` random deals, computed batch by batch (:mod:`analyzer.runs.batches`)
    and joined (memory grows with ``samples``: the commands use :func:`iter_columns` instead).

    The same ``seed`` gives the same columns however the batches are spread.
    """
    return collect_many([rules], samples, seed, plays, workers=workers, cluster=cluster, progress=progress,
                        dd_nodes=dd_nodes)[0]


def collect_many(rule_sets: Sequence[RuleSet], samples: int, seed: int = 0, plays: Sequence[str] = ("heuristic",),
                 *, workers: int = 1, cluster: Any = None, progress: bool = False, dd_nodes: int | None = None,
                 ) -> list[dict[str, np.ndarray]]:
    """:func:`collect` for several rule sets on the same seed: rule sets with the same pack, seats and
    hand size get the very same deals."""
    parts = list(iter_columns(rule_sets, samples, seed, plays, workers=workers, cluster=cluster, progress=progress,
                              dd_nodes=dd_nodes))
    return [{k: np.concatenate([p[i][k] for p in parts]) for k in parts[0][i]} for i in range(len(rule_sets))]


def iter_columns(rule_sets: Sequence[RuleSet], samples: int, seed: int = 0, plays: Sequence[str] = ("heuristic",),
                 *, workers: int = 1, cluster: Any = None, progress: bool = False, dd_nodes: int | None = None,
                 ) -> Iterator[list[dict[str, np.ndarray]]]:
    """Batch after batch of the run (:data:`~analyzer.runs.batches.BATCH` deals each, in deal order), the
    per-deal columns of every rule set on those deals: memory holds a few batches whatever ``samples``.
    ``dd_nodes``: the node budget of one double-dummy solve (given when ``dd`` is among ``plays``)."""
    plays = tuple(plays)
    if "dd" in plays:
        for rs in rule_sets:
            dd_probe(rs, seed, dd_nodes)
    clean = [replace(rs, cache={}) for rs in rule_sets]  # small pickles
    tasks = (DealTask(rs, int(seed), sp.start, sp.n, plays, dd_nodes) for sp in spans(samples) for rs in clean)
    label = rule_sets[0].id if len(rule_sets) == 1 else f"{len(rule_sets)} settings"
    k = len(rule_sets)
    group: list[dict[str, np.ndarray]] = []
    for cols in iter_batches(deal_columns, tasks, total=count_spans(samples) * k, workers=workers, cluster=cluster,
                             progress=progress, label=f"{label}: dealing and playing"):
        group.append(cols)
        if len(group) == k:
            yield group
            group = []


def dd_probe(rules: RuleSet, seed: int, dd_nodes: int) -> None:
    """Solve the run's first few deals; UserError at once when the solver cannot serve the rule set."""
    assert dd_nodes >= 1, dd_nodes  # checked by the API (the question's max_nodes)
    d = random_deals(rules, DD_PROBE, seed)
    hands = d.hands
    m = meld_batch(hands[:, 0], rules)
    trump = choose_trump(rules, m, kind_counts(hands[:, 0], rules), d.stock)
    _dd_points(rules, hands, trump, play_bids(rules)[-1], dd_nodes)
