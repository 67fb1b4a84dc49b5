"""The double-dummy check of an analysis: some of the same sampled deals solved double-dummy (every hand
open, best play) against the heuristic players' figures, paired, and whether the contract I would end up
in makes double-dummy (one null-window search a deal)."""

from __future__ import annotations

import numpy as np

from analyzer.advisor.figures import DDCheck, DDMake, DDTrump, PlayAnalysis
from analyzer.cards import SUITS
from analyzer.estimate import mean_ci, paired_diff, proportion, student
from analyzer.montecarlo.simulate import Simulation
from analyzer.score import declarer_made, points_to_make


def dd_check(sim: Simulation, base: PlayAnalysis, samples: int, ntrumps: int, max_nodes: int
              ) -> tuple[Simulation, DDCheck]:
    """Solve the first ``samples`` deals double-dummy for the ``ntrumps`` best trumps of ``base`` (the
    recommended one, then by expected total) and compare with ``base``'s play on the same deals."""
    import polars as pl

    from analyzer.montecarlo.simulate import add_play

    k = min(samples, sim.samples)
    rec = base.recommendation.trump
    order = [rec] + [f.trump for f in sorted(base.trumps, key=lambda f: -f.total.mean) if f.trump != rec]
    ts = [SUITS.index(t) for t in order[:max(1, ntrumps)]]
    b = sim.bids[-1]  # the bid class of the trump table (_trump_figures)
    sim = add_play(sim, "dd", samples=k, trumps=ts, bids=[b], dd_max_nodes=max_nodes)
    out = []
    for t in ts:
        dd = sim.rows("declare", "dd", t, b).select("deal", "exact", pl.col("side_trick_points").alias("dd"))
        h = sim.rows("declare", base.play, t, b).select("deal", pl.col("side_trick_points").alias("h"))
        j = dd.join(h, on="deal", how="inner").filter(pl.col("exact")).sort("deal")
        n = j.height
        x, y = j["dd"].to_numpy(), j["h"].to_numpy()
        out.append(DDTrump(
            trump=SUITS[t], deals=dd.height, solved=n,
            heuristic=student(mean_ci(y)) if n else None, dd=student(mean_ci(x)) if n else None,
            gap=student(paired_diff(x, y)) if n else None,
        ))
    return sim, DDCheck(k, int(max_nodes), out)


def dd_make(sim: Simulation, base: PlayAnalysis, samples: int, max_nodes: int) -> DDMake | None:
    """Does the contract I would end up in make double dummy? The ceiling's bid and trump (else the call's),
    on the first ``samples`` deals: one search a deal for the points the contract needs
    (:func:`analyzer.score.points_to_make`, :func:`analyzer.solve.decide_deals`), against heuristic play on
    the same deals (``base``'s rows). None when I would not bid."""
    from analyzer.rules.lowered import bid_class, first_leader
    from analyzer.solve import decide_deals

    ceil, rec = base.ceiling, base.recommendation
    if ceil is not None and ceil.bid is not None and ceil.trump:
        bid, trump = int(ceil.bid), ceil.trump
    elif rec.action == "bid" and rec.bid is not None and rec.trump:
        bid, trump = int(rec.bid), rec.trump
    else:
        return None
    rules, seat = sim.rules, sim.seat
    t = SUITS.index(trump)
    k = min(samples, sim.samples)
    cls = bid_class(rules, bid)
    rows = sim.rows("declare", base.play, t, cls)
    ids = np.asarray(sim.deals.ids[:k])
    rows = rows.filter(rows["deal"].is_in(ids.tolist())).sort("deal")
    meld, pts, trk = sim.seat_arrays(rows)
    heur = declarer_made(rules, meld, pts, trk, seat, bid)
    target, exact = points_to_make(rules, meld, seat, bid)
    hands = sim.deals.hands[:k][np.argsort(ids, kind="stable")]
    d = decide_deals(rules, hands, t, first_leader(rules, seat, sim.dealer), seat, target, bid=cls,
                     max_nodes=max_nodes)
    ok = d.decided & (exact | d.made)  # "no" to a sufficient target decides nothing
    n = int(ok.sum())
    if not n:
        return DDMake(trump, bid, k, 0, max_nodes, None, None, None)
    dd, h = d.made[ok], heur[ok]
    return DDMake(trump, bid, k, n, max_nodes, proportion(h), proportion(dd),
                  student(paired_diff(dd.astype(float) * 100, h.astype(float) * 100)))


