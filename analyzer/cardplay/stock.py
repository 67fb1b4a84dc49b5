"""The value of every move of mine in a game's stock phase (two-handed phase 1) on each sampled deal.

The unseen cards -- the opponent's cards in hand other than those it is known to hold, and the face-down
stock -- are dealt uniformly at random (the dealer kernel, deal ``i`` from ``(seed, i)``; the stock's order is
unknown, the card face up under it is known and drawn last). On each deal every move of mine (a card from the
hand or a melded copy from the table) is played, then the two-handed phase-1 policy ``th-v1`` plays the rest of
phase 1 for both seats (tricks, draws, melds, the dix exchange, the last-card choice; the same random stream
for every move of a deal), and phase 2 is played out from where phase 1 left it: by the solver (``dd``: best
play by both, the open-card game it is) or the heuristic players (``heuristic``). A move's value on a deal is my
score minus the opponent's over the whole hand (meld and card points, the history's included).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.cardplay.request import PlayRequest
from analyzer.cards import to_planes
from analyzer.deal import Table
from analyzer.play.modes import phase2_of
from analyzer.runs.progress import progress_bar
from analyzer.score import score_hand
from analyzer.twohand.hands import phase2_heuristic, solve_phase2
from analyzer.twohand.policy import POLICY_CODES, TH_VERSION, pack
from analyzer.twohand.position import position_rollouts


@dataclass(frozen=True)
class StockValues:
    """Each sampled deal's value of each move: ``diff`` int64[n, moves], my score minus the opponent's over the
    whole hand after the move; ``mine`` / ``theirs`` int64[n, moves] the two scores; ``dealt``: the deals
    drawn; ``inexact``: phase-2 positions the solver left unfinished within its budget (scored at the middle
    of their proven bounds); ``phase2``: ``exact`` or ``heuristic``."""

    moves: tuple[int, ...]
    names: tuple[str, ...]
    diff: np.ndarray
    mine: np.ndarray
    theirs: np.ndarray
    dealt: int
    phase2: str
    inexact: int = 0


def sampler(req: PlayRequest) -> Table:
    """The dealer of the unseen cards of ``req``'s phase-1 position: the opponent's hand (its known cards as the
    base) and the stock left (the face-up card as the known tail)."""
    pos = req.phase1
    assert pos is not None
    rs = req.rules
    base = np.zeros((2, rs.deck.copies), dtype=np.int64)
    base[pos.opponent] = to_planes(pos.known, rs.deck)
    need = np.zeros(2, dtype=np.int64)
    need[pos.opponent] = pos.need
    return Table(rules=rs, seat=pos.seat, base=base, pool=pos.pool, need=need,
                 tail=np.array([pos.bottom], dtype=np.int64), rows=np.zeros((0, 5), dtype=np.int64), melds=(),
                 constraints=(), accept=None)


def value_stock_moves(req: PlayRequest, progress: bool = False) -> StockValues:
    """Sample ``req.samples`` deals of the unseen cards and value each move on each (module docstring)."""
    pos = req.phase1
    assert pos is not None
    rs = req.rules
    me, opp = pos.seat, pos.opponent
    deals = sampler(req).sample(req.samples, req.seed)
    n, c = len(deals), len(pos.moves)
    th = POLICY_CODES[TH_VERSION]
    with progress_bar(progress, 2, "valuing the cards") as bar:
        r = position_rollouts(pos, deals.hands[:, opp], deals.stock, pack((th, th)), req.seed, deals.ids)
        bar.advance(1)
        hands2 = r.hands2.reshape(n * c, 2, rs.deck.copies)
        lead2 = r.lead2.reshape(-1)
        trump = np.full(n * c, pos.trump, dtype=np.int64)
        pts2, trk2 = phase2_heuristic(rs, hands2, trump, lead2, req.seed)
        inexact = 0
        if req.play == "dd":
            pts2, inexact = solve_phase2(rs, hands2, trump, lead2, max_nodes=req.max_nodes)
        bar.advance(1)
    meld = r.meld.reshape(n * c, 2)
    points = r.pts1.reshape(n * c, 2) + pts2
    tricks = r.trk1.reshape(n * c, 2) + trk2
    sc = score_hand(rs, meld, points, tricks, -1, 0)
    mine = sc[:, me].reshape(n, c)
    theirs = sc[:, opp].reshape(n, c)
    return StockValues(pos.moves, pos.names, mine - theirs, mine, theirs, int(deals.tries),
                       phase2_of(req.play), inexact)
