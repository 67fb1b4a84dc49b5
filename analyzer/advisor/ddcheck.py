"""The double-dummy check of an analysis: some of the same sampled deals solved double-dummy (every hand
open, best play) against the heuristic players' figures, paired, and whether the contract I would end up
in makes double-dummy (one null-window search a deal).

Where whole deals are out of the solver's reach at the speed an answer needs (the rule data's ``[advice]
dd_check_tricks_left`` = K), each deal's first tricks are played by the heuristic players until K are left and
the rest is solved: the figures are "double dummy from trick k" (k = hand size - K + 1), paired with the same
players playing on from the same point, so their difference is what best play in the last K tricks changes."""

from __future__ import annotations

import numpy as np

from analyzer.advisor.figures import DDCheck, DDMake, DDTrump, PlayAnalysis
from analyzer.cards import SUITS
from analyzer.deal.rng import seed_of
from analyzer.estimate import mean_ci, paired_diff, proportion, student
from analyzer.montecarlo.simulate import Simulation, played_hands
from analyzer.score import convert_points, declarer_made, points_to_make


def _scope(rules, tricks_left: int) -> tuple[int, int]:
    """(tricks solved, 0 for whole deals; the first trick solved: 1 for whole deals) of a ``tricks_left``."""
    left = tricks_left if 0 < tricks_left < rules.hand_size else 0
    return left, (rules.hand_size - left + 1 if left else 1)


def _endgame_seed(sim: Simulation, trump: int, bid: int) -> int:
    """The heuristic players' stream of the check's first tricks (the same for the value and the make check)."""
    return seed_of(sim.seed, 0x400 + trump, bid)


def dd_check(sim: Simulation, base: PlayAnalysis, samples: int, ntrumps: int, max_nodes: int,
             tricks_left: int = 0) -> tuple[Simulation, DDCheck]:
    """Solve the first ``samples`` deals double-dummy for the ``ntrumps`` best trumps of ``base`` (the
    recommended one, then by expected total) to the rule set's resolution (``[solver] resolution``), and
    compare the proven bounds with ``base``'s play on the same deals: every deal counts, an unfinished one
    with the bounds proven when the budget ran out (:class:`~analyzer.advisor.figures.DDTrump`).
    ``tricks_left`` K (0 or the hand size: whole deals): the first tricks played by ``base``'s policy until K are
    left, the rest solved, against the same players going on from there (module docstring)."""
    from analyzer.rules.lowered import first_leader
    from analyzer.solve import solve_deals, solve_endgames
    from analyzer.solve.api import rule_resolution

    rules, seat = sim.rules, sim.seat
    k = min(samples, sim.samples)
    rec = base.recommendation.trump
    order = [rec] + [f.trump for f in sorted(base.trumps, key=lambda f: -f.total.mean) if f.trump != rec]
    ts = [SUITS.index(t) for t in order[:max(1, ntrumps)]]
    b = sim.bids[-1]  # the bid class of the trump table (_trump_figures)
    ids = np.asarray(sim.deals.ids[:k])
    lead = first_leader(rules, seat, sim.dealer)
    res = rule_resolution(rules)
    left, ft = _scope(rules, tricks_left)
    out = []
    for t in ts:
        hands = played_hands(rules, sim.deals.hands[:k], seat, t)  # after the pass where the rules have one
        if left:
            eg = solve_endgames(rules, hands, t, lead, seat, left, bid=b, policy=base.policy,
                                seed=_endgame_seed(sim, t, b), max_nodes=max_nodes, resolution="rules")
            r, lo, hi, h = eg.solved, eg.lower, eg.upper, convert_points(rules, eg.heuristic).astype(np.float64)
        else:
            r = solve_deals(rules, hands, t, lead, seat, bid=b, max_nodes=max_nodes, lines=False,
                            resolution="rules")
            lo, hi = r.lower, r.upper
            rows = sim.rows("declare", base.play, t, b)
            h_by = dict(zip(rows["deal"].to_list(), rows["side_trick_points"].to_list(), strict=True))
            h = np.array([h_by[int(i)] for i in ids], dtype=np.float64)
        lo, hi = convert_points(rules, np.asarray(lo)), convert_points(rules, np.asarray(hi))
        st = np.asarray(r.status) if r.status is not None else np.where(np.asarray(r.exact), 2, 0)
        out.append(DDTrump(
            trump=SUITS[t], deals=k, exact=int((st == 2).sum()), bracketed=int((st == 1).sum()),
            unfinished=int((st == 0).sum()), resolution=res, heuristic=student(mean_ci(h)),
            dd_lower=student(mean_ci(lo)), dd_upper=student(mean_ci(hi)),
            gap_lower=student(paired_diff(lo, h)), gap_upper=student(paired_diff(hi, h)),
            from_trick=ft,
        ))
    return sim, DDCheck(k, int(max_nodes), out)


def dd_make(sim: Simulation, base: PlayAnalysis, samples: int, max_nodes: int, tricks_left: int = 0
            ) -> DDMake | None:
    """Does the contract I would end up in make double dummy? The ceiling's bid and trump where a seat still calls
    after me (else the call's: nobody after me, my call wins as it stands),
    on the first ``samples`` deals: one search a deal for the points the contract needs
    (:func:`analyzer.score.points_to_make`, :func:`analyzer.solve.decide_deals`), against heuristic play on
    the same deals (``base``'s rows). ``tricks_left`` K as :func:`dd_check` takes it: the first tricks played by
    the heuristic players, the search asks what the side still needs of the last K tricks, against the same
    players going on from there. None when I would not bid."""
    from analyzer.rules.lowered import bid_class, first_leader
    from analyzer.solve import decide_deals, endgame_positions

    ceil, rec = base.ceiling, base.recommendation
    if ceil is not None and ceil.contested and ceil.bid is not None and ceil.trump:
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
    target, exact = points_to_make(rules, meld, seat, bid)
    hands = played_hands(rules, sim.deals.hands[:k][np.argsort(ids, kind="stable")], seat, t)
    lead = first_leader(rules, seat, sim.dealer)
    left, ft = _scope(rules, tricks_left)
    if left:
        st = endgame_positions(rules, hands, t, lead, seat, left, bid=cls, policy=base.policy,
                               seed=_endgame_seed(sim, t, cls))
        heur = declarer_made(rules, meld, st.points, st.tricks, seat, bid)
        need = np.maximum(target - st.taken, 0)
        d = decide_deals(rules, st.hands, t, st.leader, seat, need, bid=cls, max_nodes=max_nodes)
        # a side that already took what it needs has made it whatever follows; where the meld covers the bid and a
        # trick is all it needs (not exact), a trick won in the played ones is enough
        done = (need == 0) | (~exact & (st.won > 0))
        made, decided = d.made | done, d.decided | done
    else:
        heur = declarer_made(rules, meld, pts, trk, seat, bid)
        d = decide_deals(rules, hands, t, lead, seat, target, bid=cls, max_nodes=max_nodes)
        made, decided = d.made, d.decided
    ok = decided & (exact | made)  # "no" to a sufficient target decides nothing
    n = int(ok.sum())
    if not n:
        return DDMake(trump, bid, k, 0, max_nodes, None, None, None, ft)
    dd, h = made[ok], heur[ok]
    return DDMake(trump, bid, k, n, max_nodes, proportion(h), proportion(dd),
                  student(paired_diff(dd.astype(float) * 100, h.astype(float) * 100)), ft)


