"""Whole two-handed hands, many at a time: phase 1 by the policies of :mod:`.policy`, phase 2 exactly
(the double-dummy solver, :func:`analyzer.solve.solve_deals`) or by the heuristic card players of the
play engine (:func:`analyzer.play.play_deals`, policy ``v1``).

A deal is two hands (int64[n, 2, copies] count planes) and the stock in draw order with the turned-up
card last (int64[n, m]); seat ``dealer[i]`` deals deal ``i`` and the other seat leads. Deal ``i`` draws
its random choices from ``(seed, id)`` alone, its id ``start + i`` or given (the arena's whole games: the
hand's own id), so results do not depend on the thread count or batching.

Phase 2 always starts from the position phase 1 left (melds back in the hands, the last trick's winner
to lead): the heuristic players' result on it is always computed (it is cheap), the solver's on request,
so the gap between them is measured on the very same positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace

import numpy as np

from analyzer.deal import random_deals
from analyzer.deal.rng import SEED_MASK, stream_seed
from analyzer.errors import UserError
from analyzer.estimate import Estimate, mean_ci
from analyzer.jit import range_kernel
from analyzer.play import play_deals
from analyzer.play.modes import phase2_mode
from analyzer.rules.model import RuleSet
from analyzer.score import score_hand
from analyzer.twohand.params import param_array
from analyzer.twohand.policy import NO_EXCHANGE, POLICY_CODES, pack, run_phase1
from analyzer.twohand.state import (
    C_LASTUP,
    C_LASTWIN,
    C_MELD,
    C_NMELD,
    C_PTS,
    C_TRK,
    C_TRUMP,
    C_XSEAT,
    G_H,
    G_LEN,
    G_MID,
    MAXC,
    NID,
    P_LEN,
    reset,
)

#: the heuristic phase-2 players (the play engine's policy)
PHASE2_POLICY = "v1"


@range_kernel
def hands_range(hands, stock, dealers, params, pols, seed, ids, meld, pts1, trk1, hands2, lead2, mids, info, lo, hi):
    """Play phase 1 of deals ``lo .. hi - 1`` of ``hands``/``stock`` (see the module doc) with the packed
    phase-1 policies ``pols``; deal ``i`` from the stream of ``(seed, ids[i])``.

    Outputs per deal i and seat s: ``meld``, phase-1 card points ``pts1`` and tricks ``trk1``, the
    phase-2 hands ``hands2`` and leader ``lead2``, meld points by report id ``mids[i, s, id]`` and
    ``info[i]`` = (trump, who exchanged the dix or -1, 1 if the last winner took the turned-up card,
    melds laid by seat 0, by seat 1).
    """
    copies = hands.shape[2]
    g = np.zeros(G_LEN, dtype=np.int64)
    for j in range(P_LEN):
        g[j] = params[j]
    for i in range(lo, hi):
        reset(g, hands, stock, i, dealers[i], stream_seed(seed, ids[i]))
        run_phase1(g, pols)
        for s in range(2):
            meld[i, s] = g[C_MELD + s]
            pts1[i, s] = g[C_PTS + s]
            trk1[i, s] = g[C_TRK + s]
            for p in range(copies):
                hands2[i, s, p] = g[G_H + MAXC * s + p]
            for j in range(NID):
                mids[i, s, j] = g[G_MID + NID * s + j]
        lead2[i] = g[C_LASTWIN]
        info[i, 0] = g[C_TRUMP]
        info[i, 1] = g[C_XSEAT]
        info[i, 2] = g[C_LASTUP]
        info[i, 3] = g[C_NMELD]
        info[i, 4] = g[C_NMELD + 1]


def phase2_heuristic(rules: RuleSet, hands2: np.ndarray, trump: np.ndarray, leader: np.ndarray, seed: int = 0
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Phase 2 played by the play engine's heuristic players (``v1`` for both seats): points (last trick
    included) and tricks of each seat, int64[n, 2] each. The positions are played in groups of equal
    trump and leader (``play_deals`` takes one of each per call); ``v1`` draws no random numbers, so the
    grouping changes nothing."""
    n = hands2.shape[0]
    pts = np.zeros((n, 2), dtype=np.int64)
    trk = np.zeros((n, 2), dtype=np.int64)
    for t in range(4):
        for lead in range(2):
            idx = np.flatnonzero((trump == t) & (leader == lead))
            if idx.size:
                res = play_deals(rules, hands2[idx], t, lead, -1, PHASE2_POLICY, seed=seed)
                pts[idx] = res.points
                trk[idx] = res.tricks
    return pts, trk


@dataclass(frozen=True)
class HandResults:
    """Whole hands played: every array has one row per deal, one column per seat.

    ``meld``: meld scored in phase 1; ``phase1_points`` / ``phase1_tricks``: card points and tricks of
    phase 1; ``phase2_points``: phase-2 points (last trick included) by the mode ``phase2`` (``exact``:
    the solver, ``heuristic``: the engine's ``v1`` players); ``phase2_heuristic``: the heuristic players'
    phase-2 points on the same positions (always there); ``phase2_tricks``: the heuristic players'
    phase-2 tricks; ``hands2`` / ``leader2``: the phase-2 positions; ``meld_ids``: meld points by report
    id (:data:`~analyzer.twohand.state.MELD_IDS`); ``exchanged_by``: the seat that exchanged the dix
    (-1 nobody); ``took_upcard``: 1 when the last winner took the turned-up card; ``inexact``: solver
    positions past the node budget (scored at the middle of their proven bounds).
    """

    rules: RuleSet
    policies: tuple[str, str]
    phase2: str
    dealer: np.ndarray
    trump: np.ndarray
    meld: np.ndarray
    phase1_points: np.ndarray
    phase1_tricks: np.ndarray
    phase2_points: np.ndarray
    phase2_heuristic: np.ndarray
    phase2_tricks: np.ndarray
    hands2: np.ndarray
    leader2: np.ndarray
    meld_ids: np.ndarray
    exchanged_by: np.ndarray
    took_upcard: np.ndarray
    melds_laid: np.ndarray
    inexact: int = 0

    def __len__(self) -> int:
        return int(self.meld.shape[0])

    @classmethod
    def concat(cls, parts: Sequence[HandResults]) -> HandResults:
        """The results of consecutive batches of one run, as one (rows in the order of ``parts``)."""
        first = parts[0]
        arrays = {f.name: np.concatenate([getattr(p, f.name) for p in parts])
                  for f in fields(cls) if isinstance(getattr(first, f.name), np.ndarray)}
        return replace(first, inexact=sum(p.inexact for p in parts), **arrays)

    @property
    def points(self) -> np.ndarray:
        """Card points of both phases (last trick included): int64[n, 2]."""
        return self.phase1_points + self.phase2_points

    @property
    def tricks(self) -> np.ndarray:
        """Tricks of both phases (phase 2 as the heuristic players took them)."""
        return self.phase1_tricks + self.phase2_tricks

    @property
    def score(self) -> np.ndarray:
        """Each seat's score for the hand by the rule set's scoring (meld + card points): int64[n, 2]."""
        return score_hand(self.rules, self.meld, self.points, self.tricks, -1, 0)

    @property
    def difference(self) -> np.ndarray:
        """Seat 0's score minus seat 1's, per deal."""
        s = self.score
        return s[:, 0] - s[:, 1]


def policy_code(name: str, no_exchange: bool = False) -> int:
    """The kernel code of a phase-1 policy name (``th-v1``, ``naive``); UserError for others."""
    if name not in POLICY_CODES:
        raise UserError(f"unknown two-handed policy {name!r}: use one of {', '.join(POLICY_CODES)}")
    return POLICY_CODES[name] | (NO_EXCHANGE if no_exchange else 0)


def deal_random(rules: RuleSet, n: int, seed: int = 0, start: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """``n`` uniformly random two-handed deals: hands int64[n, 2, copies] and the stock int64[n, m] in
    draw order, the turned-up card (which names trump) last. Deal ``i`` comes from ``(seed, start + i)``."""
    param_array(rules)  # checks the rule set
    d = random_deals(rules, n, seed, start)
    return d.hands, d.stock


def _card_points(rules: RuleSet, planes: np.ndarray) -> np.ndarray:
    """Card points of count planes int64[..., copies] -> int64[...]."""
    pts = rules.points_by_kind
    out = np.zeros(planes.shape[:-1], dtype=np.int64)
    for k in rules.deck.kinds:
        if pts[k]:
            out += pts[k] * ((planes >> k) & 1).sum(axis=-1)
    return out


def check_deals(rules: RuleSet, hands: np.ndarray, stock: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Shape and card checks of deals given from outside; ValueError when they are not two-handed deals."""
    hands = np.ascontiguousarray(hands, dtype=np.int64)
    stock = np.ascontiguousarray(stock, dtype=np.int64)
    copies = rules.deck.copies
    m = rules.deck.size - 2 * rules.hand_size
    if hands.ndim != 3 or hands.shape[1:] != (2, copies):
        raise ValueError(f"hands must be int64[n, 2, {copies}], not {hands.shape}")
    if stock.ndim != 2 or stock.shape != (hands.shape[0], m):
        raise ValueError(f"stock must be int64[{hands.shape[0]}, {m}], not {stock.shape}")
    if hands.shape[0] == 0:
        return hands, stock
    if copies > 1 and np.any(hands[:, :, 1:] & ~hands[:, :, :-1]):
        raise ValueError("count planes must nest")
    total = np.zeros((hands.shape[0], 64), dtype=np.int64)
    for k in rules.deck.kinds:
        total[:, k] = ((hands >> k) & 1).sum(axis=(1, 2)) + (stock == k).sum(axis=1)
    allk = np.zeros(64, dtype=bool)
    allk[rules.deck.kinds] = True
    if np.any(total[:, allk] != copies) or np.any(np.isin(stock, np.flatnonzero(~allk))):
        raise ValueError("hands and stock together must hold the whole pack once")
    sizes = np.zeros((hands.shape[0], 2), dtype=np.int64)
    for k in rules.deck.kinds:
        sizes += ((hands >> k) & 1).sum(axis=2)
    if np.any(sizes != rules.hand_size):
        raise ValueError(f"every hand must hold {rules.hand_size} cards")
    return hands, stock


def play_hands(
    rules: RuleSet,
    hands: np.ndarray,
    stock: np.ndarray,
    dealer: int | np.ndarray,
    policies: str | Sequence[str] = "th-v1",
    phase2: str = "exact",
    seed: int = 0,
    no_exchange: Sequence[bool] = (False, False),
    known: HandResults | None = None,
    start: int = 0,
    ids: np.ndarray | None = None,
) -> HandResults:
    """Play every deal as a whole hand and return what each seat scored (see :class:`HandResults`).

    ``policies``: one phase-1 policy for both seats or one per seat; ``phase2``: ``exact`` (the solver)
    or ``heuristic``; ``no_exchange[s]`` forbids seat s the dix exchange. ``known``: results of the same
    deals played before (same rules): where phase 1 left the same phase-2 position, its exact phase 2 is
    taken from there instead of being solved again. ``start``: the index of the first deal in the run, so
    that deal ``i`` plays from the random stream of ``(seed, start + i)`` however a run is cut into batches;
    ``ids``: each deal's stream id instead (int[n]; the arena's whole games key a hand's stream by its game and
    its index in the game, :func:`analyzer.arena.games.hand_id`).
    """
    phase2_mode(phase2)
    params = param_array(rules)
    hands, stock = check_deals(rules, hands, stock)
    n = hands.shape[0]
    names = (policies, policies) if isinstance(policies, str) else tuple(policies)
    if len(names) != 2:
        raise ValueError("give one phase-1 policy or two (one per seat)")
    codes = [policy_code(names[s], bool(no_exchange[s])) for s in range(2)]
    dealers = np.broadcast_to(np.asarray(dealer, dtype=np.int64), (n,)).copy()
    if n and (dealers.min() < 0 or dealers.max() > 1):
        raise ValueError("dealer must be seat 0 or 1")
    copies = rules.deck.copies
    meld = np.zeros((n, 2), dtype=np.int64)
    pts1 = np.zeros((n, 2), dtype=np.int64)
    trk1 = np.zeros((n, 2), dtype=np.int64)
    hands2 = np.zeros((n, 2, copies), dtype=np.int64)
    lead2 = np.zeros(n, dtype=np.int64)
    mids = np.zeros((n, 2, NID), dtype=np.int64)
    info = np.zeros((n, 5), dtype=np.int64)
    seed = int(seed) & SEED_MASK
    ids = np.arange(start, start + n, dtype=np.int64) if ids is None else np.ascontiguousarray(ids, dtype=np.int64)
    if ids.shape != (n,):
        raise ValueError(f"ids must give one stream id per deal: int[{n}], not {ids.shape}")
    hands_range.batch(n, hands, stock, dealers, params, np.int64(pack(codes)), np.int64(seed), ids, meld, pts1, trk1,
                      hands2, lead2, mids, info)
    pts2, trk2 = phase2_heuristic(rules, hands2, info[:, 0], lead2, seed)
    exact = pts2
    inexact = 0
    if phase2 == "exact" and n:
        todo = np.ones(n, dtype=bool)
        exact = np.zeros((n, 2), dtype=np.int64)
        if known is not None and known.phase2 == "exact" and len(known) == n:
            same = (known.hands2 == hands2).all(axis=(1, 2)) & (known.leader2 == lead2) & (known.trump == info[:, 0])
            exact[same] = known.phase2_points[same]
            todo = ~same
        if todo.any():
            exact[todo], inexact = solve_phase2(rules, hands2[todo], info[todo, 0], lead2[todo])
    return HandResults(rules, (names[0], names[1]), phase2, dealers, info[:, 0].copy(), meld, pts1, trk1, exact,
                       pts2, trk2, hands2, lead2, mids, info[:, 1].copy(), info[:, 2].copy(), info[:, 3:5].copy(),
                       inexact)


def solve_phase2(rules: RuleSet, hands2: np.ndarray, trump: np.ndarray, leader: np.ndarray,
                 max_nodes: int | None = None) -> tuple[np.ndarray, int]:
    """Phase-2 points of each seat with best play by both (the double-dummy solver, seat 0 against seat 1):
    int64[n, 2] and the number of positions past the solver's node budget (``max_nodes`` a position, default the
    solver's; scored at the middle of their proven bounds)."""
    from analyzer.runs import warmup
    from analyzer.solve import solve_deals

    warmup.wait()

    if max_nodes is None:
        res = solve_deals(rules, hands2, trump=trump, leader=leader, declarer=0)
    else:  # the values only: no replay of a line
        res = solve_deals(rules, hands2, trump=trump, leader=leader, declarer=0, max_nodes=max_nodes, lines=False)
    total = _card_points(rules, hands2).sum(axis=1) + rules.last_trick
    v0 = np.where(res.exact, res.value, (res.lower + res.upper) // 2).astype(np.int64)
    return np.stack([v0, total - v0], axis=1), int((~res.exact).sum())


def self_play(rules: RuleSet, n: int, seed: int = 0, policies: str | Sequence[str] = "th-v1",
              phase2: str = "heuristic", start: int = 0) -> HandResults:
    """``n`` random deals played whole; the deal alternates (seat ``i % 2`` deals deal ``i``)."""
    hands, stock = deal_random(rules, n, seed, start)
    dealer = (np.arange(start, start + n) % 2).astype(np.int64)
    return play_hands(rules, hands, stock, dealer, policies, phase2, seed, start=start)


def head_to_head(rules: RuleSet, n: int, seed: int = 0, policy: str = "th-v1", against: str = "naive",
                 phase2: str = "heuristic") -> Estimate:
    """Mean score difference per hand of ``policy`` (seat 0) over ``against`` (seat 1), with its 95%
    interval, over ``n`` random deals dealt alternately by each seat."""
    res = self_play(rules, n, seed, (policy, against), phase2)
    return mean_ci(res.difference)
