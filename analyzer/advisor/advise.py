"""The bidding advisor: what a hand is worth under each trump, how high to bid, or whether to pass.

:func:`advise` samples deals around the hand (:mod:`analyzer.deal`), plays every deal under every trump
with me declaring (:mod:`analyzer.montecarlo.simulate`), and scores each deal at every bid level with the rule
set's scoring (:func:`analyzer.score.score_hand`: Luxury Family alone, partnerships as a side, double
deck's 20 meld / 20 trick points, the bid steps of ``rules.bid_levels()``).

The comparison is by **net score**: my score minus the opponents' (partnerships: my side's score minus
the other side's; Luxury Family: mine minus the mean of the other two players'; two-handed: mine minus
the opponent's). For every trump and bid level it reports the chance of making the bid and the
expected net score if I declare at that bid, over all deals and over the deals where the bid wins
the auction.

**The call now and the ceiling** come from the call model (:mod:`analyzer.bidding.callmodel`), on the same
sampled deals: given the calls so far (``auction``; none: the seats before mine passed, so this is my
seat's opening call), every legal call — pass and every legal bid — is followed to the end of the
auction on every deal and scored. The other seats bid by their bidding limit (the formula valuation of
their own hand less a margin, :func:`analyzer.bidding.formula.bidding_limits`) and keep the conventions; a
seat that passed is out; the rounds left (``bidding-rounds``) are respected; if all pass the deal is
thrown in (double deck: the dealer plays at 50). To score any declarer, every deal is also played with
each other seat declaring its own trump (:func:`analyzer.montecarlo.simulate.simulate`'s ``other`` rows).

* **The call** is the legal call of the highest expected net score, against the next-best call with the
  paired difference and its 95% interval. When nobody can call after me it is the lowest winning bid or
  a pass, never more; when seats can still call, a higher bid may pay to shut them out.
* **The ceiling** says how high I may go on a later turn: per trump the highest bid ``b`` that, on the
  deals where it wins the auction (having bid ``b``, I end up declaring at ``b``), nets more than passing
  now on the same deals (paired), is made at least ``risk`` of the time there, and wins on at least
  :data:`MIN_WON_DEALS` deals. The level tables show those figures per bid.

Two-handed has no bidding: the upcard names trump, and the advisor reports the hand's meld, the
expected trick points and the expected score difference under that trump. Phase 1 (the stock, melding
between tricks) is not modelled yet: the 12-card hands are played with phase-2 rules.

**Double dummy** (``plays``): ``"playout"`` plays the sampled deals with the heuristic policy;
``"dd"`` with best play by everyone, all hands open (:mod:`analyzer.solve`; one optimal line per
deal is scored like a playout). Solving is slow (a full auction deal ~1 s median on one core,
double deck and Luxury Family mostly beyond 20 M nodes), so:

* ``"both"`` runs the whole heuristic analysis on ``samples`` deals, then a **double-dummy check** on
  the first ``dd_samples`` of the same deals for the ``dd_trumps`` best trumps of the heuristic
  analysis (the recommended one first): per trump the double-dummy and heuristic trick points on the
  deals the solver finished within ``dd_max_nodes`` nodes, and their paired difference (dd minus
  heuristic) with a 95% interval (Student t: the samples are small). Deals not solved within the
  budget are left out of the check and counted (they are the harder ones, so the check leans to
  easier deals). Defaults (the rule data's ``[advice] dd_check_*``): auction 100 deals, the recommended trump, 2 M nodes
  each -- about 3 s of the 7-8 s the default ``pinochle bid`` takes on 2 cores (measured; about one
  deal in twelve runs past the budget); double deck
  and Luxury Family 4 deals, 5 M nodes (few of their deals finish: the check says how many did). The
  command line runs ``both`` by default for auction only (:func:`default_plays`).
* ``"dd"`` alone runs the whole analysis (every trump, passing, bid levels) double-dummy on the
  first ``dd_samples`` deals (default ``[advice] dd_only_samples``: auction 50, minutes; others 10).
  Deals not solved within the budget are played by the heuristic policy instead and counted in a
  note.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from analyzer.advisor.figures import (
    Advice,
    AuctionAdvice,
    CallAdvice,
    CallFigures,
    CeilingFigures,
    DDCheck,
    DDMake,
    DDTrump,
    LevelFigures,
    PassFigures,
    PlayAnalysis,
    Recommendation,
    TrumpFigures,
)
from analyzer.bidding.auction import Call, next_legal, parse_calls, replay
from analyzer.bidding.callmodel import (
    AuctionState,
    CallChoice,
    Ceiling,
    Outcomes,
    choose_call,
    declarer_terms,
    opening_calls,
    seat_features,
)
from analyzer.bidding.inference import evidence
from analyzer.cards import SUIT_NAMES, SUITS, Hand, parse_card
from analyzer.deal import Accept, Constraint
from analyzer.errors import UserError
from analyzer.estimate import Estimate, mean_ci, paired_diff, proportion
from analyzer.montecarlo.simulate import Simulation, simulate
from analyzer.rules.model import RuleSet
from analyzer.score import declarer_made, net_scores, points_to_make, score_hand

#: default number of sampled deals (about a second of play on 2 cores once compiled)
DEFAULT_SAMPLES = 4000
#: the most sampled deals of one bid analysis: the advisor keeps every deal (~4 KB each) to pair its figures
MAX_ADVICE_SAMPLES = 100_000
ADVICE_LIMIT_WHY = "the advisor keeps every sampled deal in memory (~4 KB each)"


@dataclass(frozen=True)
class DDSettings:
    """Double-dummy check defaults of one rule set: deals solved, trumps checked, node budget a solve."""

    samples: int
    trumps: int
    max_nodes: int

    @classmethod
    def of(cls, rules: RuleSet) -> DDSettings:
        """The rule data's check (``[advice] dd_check_samples``, ``dd_check_trumps``, ``dd_check_max_nodes``)."""
        a = rules.advice
        return cls(a.dd_check_samples, a.dd_check_trumps, a.dd_check_max_nodes)


#: a bid level is judged only when it wins the auction on at least this many sampled deals
MIN_WON_DEALS = 30
PHASE1_NOTE = (
    "two-handed phase 1 (the stock, melding between tricks) is not modelled yet: "
    "the 12-card hands are played with phase-2 rules (follow, trump, head)"
)


# ---- scoring helpers ---------------------------------------------------------------------------------------
def _trump_figures(sim: Simulation, play: str, t: int, max_bid: int | None) -> TrumpFigures:
    rows = sim.rows("declare", play, t, sim.bids[-1])
    col = lambda c: rows[c].to_numpy()  # noqa: E731
    partner = mean_ci(col("partner_meld")) if sim.rules.has_partners else None
    return TrumpFigures(
        trump=SUITS[t],
        own_meld=int(col("own_meld")[0]),
        partner_meld=partner,
        side_meld=mean_ci(col("side_meld")),
        card_points=mean_ci(col("side_points")),
        trick_points=mean_ci(col("side_trick_points")),
        total=mean_ci(col("side_meld") + col("side_trick_points")),
        opp_meld=mean_ci(col("opp_meld")),
        opp_trick_points=mean_ci(col("opp_trick_points")),
        max_bid=max_bid,
    )


def bid_levels_for(rules: RuleSet, seat: int, dealer: int, upto: int | None = None) -> list[int]:
    """The bids open to ``seat`` (up to ``upto``, the most the hand could score), less the opening bid
    the dealer holds (double deck: only the dealer can end up playing at 50)."""
    levels = rules.bid_levels(upto)
    if rules.bidding.dealer_holds and seat != dealer:
        return levels[1:]
    return levels


def _outcomes(sim: Simulation, play: str) -> Outcomes:
    """Every declarer's outcomes on the simulation's deals (``declare`` and ``other`` rows) for the call
    model, deals in the order of ``sim.deals``."""
    rs, me = sim.rules, sim.seat
    ids = sim.deals.ids
    n = ids.size
    classes = np.array(sim.bids, dtype=np.int64)
    C = classes.size
    me_a = [np.zeros((C, 4, n), dtype=np.int64), np.zeros((C, 4, n), dtype=bool), np.zeros((C, 4, n))]
    o_a = [np.zeros((C, rs.seats, n), dtype=np.int64), np.zeros((C, rs.seats, n), dtype=bool),
           np.zeros((C, rs.seats, n)), np.zeros((C, rs.seats, n))]
    other = sim.rows("other", play)
    for ci, b in enumerate(classes):
        for t in sim.trumps:
            rows = sim.rows("declare", play, t, int(b))
            pos = np.searchsorted(ids, rows["deal"].to_numpy())
            terms = declarer_terms(rs, *sim.seat_arrays(rows), me, me)
            for a, v in zip(me_a, terms[:3], strict=True):
                a[ci, t, pos] = v
        for j in range(rs.seats):
            if j == me:
                continue
            rows = other.filter((other["declarer"] == j) & (other["bid"] == int(b)))
            pos = np.searchsorted(ids, rows["deal"].to_numpy())
            for a, v in zip(o_a, declarer_terms(rs, *sim.seat_arrays(rows), j, me), strict=True):
                a[ci, j, pos] = v
    return Outcomes(classes, *me_a, *o_a, seat_features(rs, sim.deals.hands), np.ones(n))


def _other_trumps(rules: RuleSet, hands: np.ndarray) -> np.ndarray:
    """int64[n, seats]: the trump each seat names when it declares (its best formula valuation)."""
    return seat_features(rules, hands).trump.T


def _level_figures(sim: Simulation, out: Outcomes, ceil: Ceiling, pass_net: np.ndarray, t: int) -> list[LevelFigures]:
    res = []
    for k, b in enumerate(ceil.bids):
        net, made, won = ceil.net[t, k], ceil.made[t, k], ceil.won[k]
        base = dict(bid=int(b), make=proportion(made), net=mean_ci(net), win=proportion(won))
        if int(won.sum()) < MIN_WON_DEALS:
            res.append(LevelFigures(**base, make_won=None, ours=None, theirs=None, net_won=None, pass_won=None,
                                    gain=None))
            continue
        theirs = -out.me_base[int(out.class_of(np.array([b]))[0]), t]
        res.append(LevelFigures(
            **base, make_won=proportion(made[won]), ours=mean_ci((net + theirs)[won]), theirs=mean_ci(theirs[won]),
            net_won=mean_ci(net[won]), pass_won=mean_ci(pass_net[won]), gain=paired_diff(net[won], pass_net[won]),
        ))
    return res


def _call_figures(sim: Simulation, ch: CallChoice, k: int) -> CallFigures:
    mine = ch.decl[k] == sim.seat
    return CallFigures(
        bid=ch.calls[k], net=mean_ci(ch.net[k]), declare=proportion(mine),
        make=proportion(ch.made[k][mine]) if mine.any() else None,
        trump=SUITS[int(ch.trump[k])] if mine.any() else None,
        contract=float(ch.contract[k][mine].mean()) if mine.any() else None, allowed=bool(ch.allowed[k]),
    )


def _call_text(state: AuctionState, ch: CallChoice, best: CallFigures, nxt: CallFigures | None,
               margin: Estimate | None) -> str:
    """The call now in words, with its figures against the next-best call."""
    if best.bid is None:
        head = "Pass"
    else:
        head = f"Bid {best.bid}"
        if best.trump is not None:
            head += f" and name {SUIT_NAMES[SUITS.index(best.trump)]} ({best.trump}) if it holds"
    why = []
    if best.bid is not None and not state.to_act:
        why.append("nobody calls after you, so the lowest winning bid")
    elif best.bid is not None and ch.due and best.bid == ch.due:
        why.append("the conventional bid your hand owes" + ("; free bids wait for your next turn"
                                                            if state.forced(ch.due) else ""))
    elif best.bid is not None and state.turn_to_come:
        why.append(("the least raise within your ceiling; raise again on a later turn up to "
                    f"{ch.ceiling.bid}" if ch.ceiling.bid is not None else "the least raise")
                   + "; with turns to come the advisor raises by the least step, as jumps the model rates "
                   "higher lost in arena play")
    elif best.bid is not None and best.bid > state.min_bid and state.to_act:
        why.append("above the lowest legal bid to shut out the seats still to call")
    text = f"{head}{' (' + why[0] + ')' if why else ''}: expected net {best.net.mean:+.1f} (95% {best.net.lo:+.1f} " \
           f"to {best.net.hi:+.1f})"
    if best.bid is not None and best.make is not None:
        text += f"; you declare on {best.declare} of the deals and make it {best.make.p:.0%} of the time there"
    if nxt is not None and margin is not None:
        text += (f". Next best: {nxt.label}, {nxt.net.mean:+.1f} (difference {margin.mean:+.1f}, 95% "
                 f"{margin.lo:+.1f} to {margin.hi:+.1f})")
    return text + "."


def _analyse_bidding(sim: Simulation, play: str, risk: float, state: AuctionState) -> PlayAnalysis:
    out = _outcomes(sim, play)
    ch = choose_call(state, out, sim.hand.planes, risk, MIN_WON_DEALS)
    ceil = ch.ceiling
    pass_net = ch.net[0]
    levels = {SUITS[t]: _level_figures(sim, out, ceil, pass_net, t) for t in sim.trumps}
    partners = sim.rules.partners(sim.seat)
    d0 = ch.decl[0]
    pass_fig = PassFigures(
        partner=proportion(np.isin(d0, partners)) if partners else None,
        opponents=proportion((d0 >= 0) & (d0 != sim.seat) & ~np.isin(d0, partners)),
        me=proportion(d0 == sim.seat), thrown_in=proportion(d0 < 0), net=mean_ci(pass_net),
    )
    options = [_call_figures(sim, ch, k) for k in range(len(ch.calls))]
    best = options[ch.best]
    nxt = options[ch.second] if ch.second >= 0 else None
    margin = paired_diff(ch.net[ch.best], ch.net[ch.second]) if ch.second >= 0 else None
    call = CallAdvice(best, nxt, margin, options, ch.due, state.conventions_bind, state.last_turn,
                      tuple(str(c) for c in state.calls), state.high, state.min_bid, state.to_act)
    pre = [_trump_figures(sim, play, t, ceil.by_trump.get(t)) for t in sim.trumps]
    best_total = max(pre, key=lambda f: f.total.mean).trump
    if ceil.bid is not None:
        k = int(np.flatnonzero(ceil.bids == ceil.bid)[0])
        won = ceil.won[k]
        t = int(ceil.trump)
        cfig = CeilingFigures(ceil.bid, SUITS[t], proportion(won), proportion(ceil.made[t, k][won]),
                              mean_ci(ceil.net[t, k][won]), paired_diff(ceil.net[t, k][won], pass_net[won]),
                              {SUITS[x]: ceil.by_trump.get(x) for x in sim.trumps}, not state.last_turn)
    else:
        cfig = CeilingFigures(None, None, None, None, None, None, {SUITS[x]: None for x in sim.trumps},
                              not state.last_turn)
    trump = best.trump or cfig.trump or best_total
    rec = Recommendation("pass" if best.bid is None else "bid", trump, best.bid, best.make, best.net, margin,
                         _call_text(state, ch, best, nxt, margin))
    policy = sim.policy if play == "playout" else play
    return PlayAnalysis(play, policy, pre, levels, pass_fig, rec, call=call, ceiling=cfig)


def _analyse_two_handed(sim: Simulation, play: str) -> PlayAnalysis:
    rs = sim.rules
    t = sim.trumps[0]
    rows = sim.rows("declare", play, t)
    meld, pts, trk = sim.seat_arrays(rows)
    scores = score_hand(rs, meld, pts, trk, -1, 0)
    ours, theirs = net_scores(rs, scores, sim.seat)
    fig = _trump_figures(sim, play, t, None)
    diff = paired_diff(ours, theirs)
    win = proportion(ours > theirs)
    text = (
        f"Trump {SUIT_NAMES[t]} ({SUITS[t]}): your meld {fig.own_meld}, expected trick points "
        f"{fig.trick_points.mean:.1f} (95% {fig.trick_points.lo:.1f}-{fig.trick_points.hi:.1f}); expected score "
        f"{diff.mean:+.1f} against the opponent (95% {diff.lo:+.1f} to {diff.hi:+.1f})."
    )
    rec = Recommendation("play", SUITS[t], None, None, diff, None, text)
    extra = {"ours": mean_ci(ours).as_dict(), "theirs": mean_ci(theirs).as_dict(), "difference": diff.as_dict(),
             "more_than_opponent": win.as_dict()}
    policy = sim.policy if play == "playout" else play
    return PlayAnalysis(play, policy, [fig], {}, None, rec, two_handed=extra)


def _auction_state(rules: RuleSet, seat: int, dealer: int, auction: Sequence[Call] | None, hard_only: bool,
                   accept: Accept | None) -> tuple[AuctionState, Accept | None]:
    """Where the auction stands at my turn, and the sampler's accept hook with the calls' clues."""

    if not 0 <= dealer < rules.seats or not 0 <= seat < rules.seats:
        raise UserError(f"seat and dealer must be seats 0..{rules.seats - 1}")
    calls = list(auction) if auction is not None else opening_calls(rules, dealer, seat)
    try:
        state = AuctionState.of(rules, dealer, calls, seat)
    except UserError:
        if auction is not None:
            raise
        first = (dealer + 1) % rules.seats
        example = " ".join([f"{first}:{next_legal(rules, int(rules.bidding.opening))}",
                            *(f"{(first + i) % rules.seats}:pass" for i in range(1, rules.seats - 1))])
        raise UserError(f"seat {seat} deals and holds the opening bid: it calls only after another seat bids over "
                        f"it; give the calls so far with --auction, e.g. --auction '{example}'") from None
    ev = evidence(rules, dealer, calls, seat, hard_only)
    acc = ev.accept if ev else None
    if acc is not None and accept is not None:
        both, prev = acc, accept

        def acc(h: np.ndarray) -> np.ndarray:  # noqa: F811
            return np.asarray(both(h), dtype=bool) & np.asarray(prev(h), dtype=bool)
    elif accept is not None:
        acc = accept
    return state, acc


def default_plays(rules: RuleSet) -> tuple[str, str | None]:
    """The play modes of a ``pinochle bid`` without ``--play``, and a note when double dummy is left
    out: ``both`` (heuristic analysis plus the double-dummy check) where the rule data says
    ``[advice] dd_by_default``, else ``playout`` -- a double deck or Luxury Family deal rarely solves within
    20 M nodes (~3 s)."""
    if rules.advice.dd_by_default or not rules.has_bidding:
        return ("both" if rules.advice.dd_by_default else "playout"), None
    d = DDSettings.of(rules)
    return "playout", (f"double-dummy figures are off by default for {rules.id} (few of its deals solve within "
                       f"millions of nodes): --play both adds a check on {d.samples} deals "
                       f"(--dd-samples, --dd-max-nodes), --play dd a double-dummy analysis")


_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def _student(e: Estimate) -> Estimate:
    """``e`` with its 95% interval from Student's t (n - 1 degrees of freedom) instead of the normal."""
    if e.n < 2:
        return e
    t = _T975[e.n - 2] if e.n - 1 <= len(_T975) else 1.96 + 2.4 / (e.n - 1)
    return replace(e, lo=e.mean - t * e.se, hi=e.mean + t * e.se)


def _dd_check(sim: Simulation, base: PlayAnalysis, samples: int, ntrumps: int, max_nodes: int
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
            heuristic=_student(mean_ci(y)) if n else None, dd=_student(mean_ci(x)) if n else None,
            gap=_student(paired_diff(x, y)) if n else None,
        ))
    return sim, DDCheck(k, int(max_nodes), out)


def _dd_make(sim: Simulation, base: PlayAnalysis, samples: int, max_nodes: int) -> DDMake | None:
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
                  _student(paired_diff(dd.astype(float) * 100, h.astype(float) * 100)))


def advise(
    rules: RuleSet,
    hand: Hand | str | Iterable[str],
    *,
    seat: int = 1,
    dealer: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    risk: float = 0.0,
    plays: str | Sequence[str] = "playout",
    policy: str = "v1",
    upcard: str | None = None,
    known: Mapping[int, Hand | str | Iterable[str]] | None = None,
    stock_cards: str | None = None,
    constraints: Sequence[Constraint | str] = (),
    accept: Accept | None = None,
    progress: bool = False,
    dd_samples: int | None = None,
    dd_trumps: int | None = None,
    dd_max_nodes: int | None = None,
    auction: Sequence[Call] | None = None,
    hard_only: bool = False,
    workers: int = 1,
    cluster: Any = None,
) -> Advice:
    """Advice for ``hand`` at ``seat`` (``dealer`` deals): the call now and the ceiling (module docstring).

    ``auction``: the calls so far (it must be ``seat``'s turn after them); None: the seats before mine
    passed (my seat's opening call). The sampled deals meet the calls' clues
    (:func:`analyzer.bidding.inference.evidence`; ``hard_only``: the conventions' hard clues only).

    ``risk``: the least chance of making a recommended bid (0..1). ``plays``: ``playout``, ``dd`` or
    ``both`` (module docstring: ``both`` is the heuristic analysis plus a double-dummy check of
    ``dd_samples`` deals and ``dd_trumps`` trumps; ``dd`` alone a double-dummy analysis of
    ``dd_samples`` deals; ``dd_max_nodes`` the node budget of a solve; defaults: the rule data's
    ``[advice]`` ``dd_check_*`` and ``dd_only_samples``). ``upcard``: two-handed's turned-up card (names
    trump; it is in the stock, not in the opponent's hand). ``known``, ``stock_cards`` (known cards in no
    hand, besides the upcard), ``constraints``, ``accept``: see :func:`analyzer.deal.table`. ``workers`` /
    ``cluster``: where the sampled deals are played (:func:`analyzer.montecarlo.simulate.simulate`; the same answer
    however spread).
    """
    from analyzer.montecarlo.simulate import DD_MAX_NODES, parse_play_modes

    if not 0.0 <= risk <= 1.0:
        raise UserError(f"--risk is a chance between 0 and 1, not {risk}")
    if rules.reference:
        raise UserError(f"{rules.id} is the solver's reference rule set, not a pinochle game to bid")
    for name, v in (("--dd-samples", dd_samples), ("--dd-trumps", dd_trumps), ("--dd-max-nodes", dd_max_nodes)):
        if v is not None and v < 1:
            raise UserError(f"{name} must be at least 1, not {v}")
    if dd_trumps is not None and dd_trumps > 4:
        raise UserError(f"--dd-trumps is a number of trumps 1..4, not {dd_trumps}")
    modes = parse_play_modes(plays)
    check = DDSettings.of(rules)
    dd_only = "dd" in modes and len(modes) == 1
    notes: list[str] = []
    dd_check = None
    if rules.has_bidding:
        if upcard is not None:
            raise UserError(f"{rules.id} names trump by bidding: --upcard is for two-handed")
        state, accept = _auction_state(rules, seat, dealer, auction, hard_only, accept)
        run_modes = modes if dd_only else tuple(m for m in modes if m != "dd")
        n = min(samples, dd_samples or rules.advice.dd_only_samples) if dd_only else samples
        nodes = dd_max_nodes or (DD_MAX_NODES if dd_only else check.max_nodes)
        sim = simulate(rules, hand, seat=seat, dealer=dealer, samples=n, seed=seed, plays=run_modes,
                       policy=policy, known=known, stock_cards=stock_cards, constraints=constraints,
                       accept=accept, others=_other_trumps, progress=progress, dd_max_nodes=nodes,
                       workers=workers, cluster=cluster)
        analyses = [_analyse_bidding(sim, p, risk, state) for p in sim.plays]
        if "dd" in modes and not dd_only:
            sim, dd_check = _dd_check(sim, analyses[0], dd_samples or check.samples, dd_trumps or check.trumps,
                                      nodes)
            by = {c.trump: c for c in dd_check.trumps}
            analyses[0] = replace(analyses[0], trumps=[replace(f, dd=by.get(f.trump)) for f in analyses[0].trumps])
            solved = sum(c.solved for c in dd_check.trumps)
            total = sum(c.deals for c in dd_check.trumps)
            notes.append(f"double-dummy check: the first {dd_check.samples} sampled deals, trump "
                         f"{', '.join(by)}, up to {nodes / 1e6:g} M nodes a deal; {solved} of {total} solved"
                         + (" (the others, the harder deals, are left out)" if solved < total else "")
                         + "; --dd-samples, --dd-trumps and --dd-max-nodes set them")
            if rules.advice.dd_make_samples:
                mk = _dd_make(sim, analyses[0], rules.advice.dd_make_samples, rules.advice.dd_make_max_nodes)
                dd_check = replace(dd_check, make=mk)
        if dd_only:
            f = sim.frame
            ex = f.filter((f["play"] == "dd") & f["trump"].is_not_null())["exact"]  # thrown-in deals are not played
            miss = int((~ex).sum())
            notes.append(f"double dummy on the first {n} sampled deals (--dd-samples), up to {nodes / 1e6:g} M "
                         f"nodes a solve: {ex.len() - miss} of {ex.len()} plays solved"
                         + (f"; the heuristic playout stands in for the other {miss}" if miss else ""))
        notes.append("every legal call is followed to the end of the auction on every deal: the other seats bid "
                     "by their bidding limit (formula valuation less a margin) and keep the conventions, a seat "
                     "that passed is out, my partner does not raise me, I raise up to the ceiling on a later "
                     "turn; all passed: " + ("the dealer plays at the opening bid"
                                             if rules.bidding.dealer_holds else "thrown in"))
        if auction is None and state.calls:
            notes.append(f"no --auction: the seats before yours passed ({' '.join(map(str, state.calls))}); give "
                         "the real calls with --auction")
        samples = n
    else:
        if upcard is None:
            raise UserError(f"{rules.id} has no bidding: name trump with --upcard, e.g. --upcard 9H")
        trump = parse_card(upcard, rules.deck) // 16
        sim = simulate(rules, hand, seat=seat, dealer=dealer, samples=samples, seed=seed, trumps=[trump],
                       plays=plays, policy=policy, known=known,
                       stock_cards=f"{stock_cards or ''} {upcard}".strip(), constraints=constraints,
                       accept=accept, progress=progress, dd_max_nodes=dd_max_nodes, workers=workers,
                       cluster=cluster)
        analyses = [_analyse_two_handed(sim, p) for p in sim.plays]
        notes.append(PHASE1_NOTE)
    return Advice(rules, sim.hand, seat, dealer, samples, int(seed), risk, analyses, sim, notes, dd_check)


def advise_after_auction(rules: RuleSet, hand: Hand | str, *, seat: int, dealer: int, auction: str | Sequence[Call],
                         hard_only: bool = False, **kw: Any) -> AuctionAdvice:
    """:func:`analyzer.advisor.advise.advise` for ``hand`` at ``seat`` after the calls ``auction`` (text such as
    ``"1:16 2:pass 3:18"`` or :class:`Call` values): the sampled deals meet the auction's clues (through
    the sampler's accept hook) and the advice is the call to make now (:mod:`analyzer.bidding.callmodel`: every
    legal call followed to the end of the auction). It must be ``seat``'s turn."""
    calls = parse_calls(auction, rules) if isinstance(auction, str) else list(auction)
    a = replay(rules, dealer, calls)
    if a.done:
        raise UserError(f"the auction {' '.join(map(str, calls))} is over: "
                        + ("thrown in" if a.winner is None else f"seat {a.winner} won it"))
    if a.turn != seat:
        done = " ".join(map(str, calls)) or "no calls"
        raise UserError(f"after {done} it is seat {a.turn}'s turn, not seat {seat}'s")
    ev = evidence(rules, dealer, calls, seat, hard_only)
    adv = advise(rules, hand, seat=seat, dealer=dealer, auction=calls, hard_only=hard_only, **kw)
    sim = adv.simulation
    kept, tried = len(sim.deals), int(sim.deals.tries)
    rec = adv.recommendation
    return AuctionAdvice(adv, tuple(calls), a.high, a.high_seat, a.min_bid, tuple(sorted(a.passed)),
                         tuple(ev.describe()), kept, tried, rec.action, rec.bid, rec.text)
