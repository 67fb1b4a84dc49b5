"""The sampled deals of one bid request, conditioned on the calls so far, played out: :func:`study`.

**Reading the calls.** The other seats' calls are clues about their hands
(:func:`analyzer.bidding.inference.evidence`): the conventions' hard clues (a signal made, a meld bid) and
the soft clues of the fitted clue model (a bid says the hand's valuation reaches about that far). The deals
are drawn from the posterior by rejection: a deal is kept when every hard clue holds and each soft clue's
thinning draw falls under its likelihood (equal weights, so every figure is a plain mean). When the clues
together accept too few deals to draw from (fewer than one in :data:`PILOT_ONE_IN` of a pilot batch: a rare
auction, or clues that contradict each other under the model), they are relaxed step by step
(:func:`analyzer.bidding.inference.clue_ladder`): as the rule set asks (``[advice] relax_clues``) only my
partner's bids are read with the prior model (``partner``), or every soft clue, then only the other seats'
highest bid (``prior``); then the soft clues are dropped, then every clue; the answer says which
(:class:`Conditioning`). The user's own constraints are never relaxed.

The same function serves ``pinochle bid``, the page and the arena's advisor agent (which asks for fewer
deals), so the deals behind a call are drawn the same way wherever the call is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.advisor.request import BidRequest
from analyzer.bidding.auction import AuctionState
from analyzer.bidding.callmodel import Outcomes, UnitTerms, declarer_terms, opening_calls, seat_features, unit_terms
from analyzer.bidding.inference import Accept, clue_ladder, sample_by_ladder
from analyzer.deal.rng import seed_of
from analyzer.game.hand import quad_pinochle_units
from analyzer.montecarlo.simulate import Players, Simulation, simulate
from analyzer.score import scoring_units

#: the clues must accept at least one deal in this many of a pilot batch, else they are relaxed
PILOT_ONE_IN = 600
#: the sampler's draws for each deal wanted before the clues (past the pilot) are relaxed all the same
DRAWS_PER_DEAL = 4 * PILOT_ONE_IN
#: the pilot batch that estimates how often the clues accept a deal
PILOT = 3000
#: the heuristic players' play mode
HEURISTIC = "heuristic"

@dataclass(frozen=True)
class Conditioning:
    """How the deals meet the calls: ``level`` ``clues`` (every clue: hard ones and the soft ones'
    thinning), ``hard`` (the conventions' hard clues only: the soft ones accepted too few deals), ``none``
    (no clue: the clues accepted too few deals, or there were none) with the clues' words; ``relaxed`` says
    what was dropped and why (None: nothing)."""

    level: str
    clues: tuple[str, ...]
    relaxed: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"level": self.level, "clues": list(self.clues), "relaxed": self.relaxed}


def auction_state(req: BidRequest) -> AuctionState:
    """Where the auction stands at my turn (no calls given: the seats before mine passed)."""
    calls = list(req.calls) if req.calls is not None else opening_calls(req.rules, req.dealer, req.seat)
    return AuctionState.of(req.rules, req.dealer, calls, req.seat)


def _pilot(req: BidRequest, acc: Accept) -> tuple[int, int]:
    """How many deals of a pilot batch (drawn around the hand with the request's own constraints: its table)
    ``acc`` accepts, and the batch's size."""
    pilot = req.table.sample(PILOT, seed_of(req.seed, 7), 0, 10**6)
    return int(np.asarray(acc(pilot.hands)).sum()), PILOT


def _relaxed(level: str) -> str:
    if level == "high":
        return ("of the soft clues only the other seats' highest bid was read, with the prior model (the bidder's "
                f"hand reaches about that far): all the calls' clues accept fewer than one deal in {PILOT_ONE_IN:,}")
    if level == "partner":
        return ("of the soft clues only my partner's bids were read, with the prior model (the bidder's hand "
                f"reaches about that far): all the calls' clues accept fewer than one deal in {PILOT_ONE_IN:,}")
    if level == "prior":
        return ("the soft clues were read with the prior model (a bid says the hand reaches about that far): under "
                f"the fitted clue model the calls so far accept fewer than one deal in {PILOT_ONE_IN:,}")
    dropped = "the soft clues were" if level == "hard" else "the calls' clues were"
    return (f"{dropped} dropped: the calls so far accept fewer than one deal in {PILOT_ONE_IN:,} under the clue "
            "model")


def other_trumps(rules: Any, hands: np.ndarray) -> np.ndarray:
    """int64[n, seats]: the trump each seat names when it declares (its best formula valuation)."""
    return seat_features(rules, hands).trump.T


def study_deals(req: BidRequest, modes: tuple[str, ...]) -> int:
    """How many deals a study of ``req`` plays in ``modes``: the request's samples; the double-dummy solver alone
    plays only the first of them, its ``dd.samples``."""
    return min(req.samples, req.dd.samples) if modes == ("dd",) else req.samples


def study(req: BidRequest, calls: list, *, modes: tuple[str, ...], others: bool = True, progress: bool = False,
          workers: int = 1, cluster: Any = None) -> tuple[Simulation, Conditioning]:
    """The request's deals (:func:`study_deals`) conditioned on ``calls`` and played in ``modes`` (the solver with
    the request's ``dd`` budget and scope) with me declaring each trump and, with ``others``, every other seat
    declaring its own trump: the simulation and how the deals meet the calls (module docstring: the clues are
    relaxed when they accept too few deals; the request's own constraints never are). The deals are drawn from the
    request's table (built once, when the request was checked), each rung of the clue ladder with its own accept
    test."""
    deals = study_deals(req, modes)
    assert req.table is not None, "two-handed has no sampler's table: its own path (analyzer.twohand)"
    ladder, words = clue_ladder(req.rules, req.dealer, calls, req.seat, req.clues, req.relax_clues)
    dd = "dd" in modes
    players = Players(modes, req.policy, req.dd.max_nodes if dd else None, req.dd.tricks_left if dd else 0,
                      others=other_trumps if others else None)

    def draw(acc: Accept, draws_per_deal: int) -> Simulation:
        return simulate(req.table.with_accept(acc), players, dealer=req.dealer, samples=deals, seed=req.seed,
                        max_tries=draws_per_deal, progress=progress, workers=workers, cluster=cluster)

    sim, i, level = sample_by_ladder(ladder, draw, draws_per_deal=DRAWS_PER_DEAL, pilot=lambda acc: _pilot(req, acc),
                                     pilot_one_in=PILOT_ONE_IN)
    return sim, Conditioning(level, words, _relaxed(level) if i else None)


def outcomes(sim: Simulation, play: str, units: bool = False) -> Outcomes:
    """Every declarer's outcomes on the simulation's deals (``declare`` and ``other`` rows) for the call
    model, deals in the order of ``sim.deals``; ``units``: with what the game needs besides (the game's score
    was asked: :class:`~analyzer.bidding.callmodel.UnitTerms`)."""
    rs, me = sim.rules, sim.seat
    ids = sim.deals.ids
    n = ids.size
    classes = np.array(sim.bids, dtype=np.int64)
    C = classes.size
    me_a = [np.zeros((C, 4, n), dtype=np.int64), np.zeros((C, 4, n), dtype=bool), np.zeros((C, 4, n))]
    o_a = [np.zeros((C, rs.seats, n), dtype=np.int64), np.zeros((C, rs.seats, n), dtype=bool),
           np.zeros((C, rs.seats, n)), np.zeros((C, rs.seats, n))]
    # the rows' columns as arrays, the rows picked by masks (a polars filter and sort per trump, bid class and
    # declarer cost more than the advisor's kernels); every row is put at its deal's place
    cols = sim.arrays()
    U = len(scoring_units(rs))
    ut = [np.zeros((C, 4, U, n), np.int64), np.full((C, 4, n), -1, np.int64), np.zeros((C, 4, U, n), bool),
          np.zeros((C, rs.seats, U, n), np.int64), np.full((C, rs.seats, n), -1, np.int64),
          np.zeros((C, rs.seats, U, n), bool)] if units else []
    quad = quad_pinochle_units(rs, sim.deals.hands) if units else None
    if not cols:
        return Outcomes(classes, *me_a, *o_a, seat_features(rs, sim.deals.hands), np.ones(n),
                        UnitTerms(*ut) if units else None)
    of_play = cols["play"] == play
    declare = (cols["scenario"] == "declare") & of_play
    other = (cols["scenario"] == "other") & of_play
    deal, bid, declarer = cols["deal"], cols["bid"], cols["declarer"]
    per_seat = [cols["meld"], cols["points"], cols["tricks"]]
    in_trump = {t: cols["trump_code"] == t for t in sim.trumps}
    for ci, b in enumerate(classes):
        at_b = bid == b
        for t in sim.trumps:
            m = declare & at_b & in_trump[t]
            pos = np.searchsorted(ids, deal[m])
            terms = declarer_terms(rs, *(x[m] for x in per_seat), me, me)
            for a, v in zip(me_a, terms[:3], strict=True):
                a[ci, t, pos] = v
            if units:
                sc_, all_, q_ = unit_terms(rs, *(x[m] for x in per_seat), me, quad[pos])
                ut[0][ci, t][:, pos], ut[1][ci, t, pos], ut[2][ci, t][:, pos] = sc_, all_, q_
        if not other.any():
            continue
        for j in range(rs.seats):
            if j == me:
                continue
            m = other & at_b & (declarer == j)
            pos = np.searchsorted(ids, deal[m])
            for a, v in zip(o_a, declarer_terms(rs, *(x[m] for x in per_seat), j, me), strict=True):
                a[ci, j, pos] = v
            if units:
                sc_, all_, q_ = unit_terms(rs, *(x[m] for x in per_seat), j, quad[pos])
                ut[3][ci, j][:, pos], ut[4][ci, j, pos], ut[5][ci, j][:, pos] = sc_, all_, q_
    return Outcomes(classes, *me_a, *o_a, seat_features(rs, sim.deals.hands), np.ones(n),
                    UnitTerms(*ut) if units else None)
