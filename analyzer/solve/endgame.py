"""Double-dummy endgames: a deal's first tricks played by the heuristic card players, the rest solved.

Where whole deals are out of the solver's reach (double deck: about 10^10 trick-boundary nodes a deal), the
exact figure that remains is an *endgame*: every seat plays the first tricks by a heuristic policy
(:func:`analyzer.play.play_deal`, the same random stream as :func:`analyzer.play.play_deals` with that
seed), then the solver takes over with ``tricks_left`` tricks to play. The declaring side's points are the
points it took in the played tricks plus the solved endgame's value; label them so ("double dummy from trick
k"), never as a whole deal's double-dummy value.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from analyzer.cards import to_planes
from analyzer.errors import UserError
from analyzer.rules import RuleSet
from analyzer.solve.api import DEFAULT_MAX_NODES, DealsResult, _kinds, solve_deals


class EndgameStarts(NamedTuple):
    """Whole deals after their first tricks played by the heuristic players (:func:`endgame_positions`), one entry
    per deal: ``hands`` int64[n, seats, copies] and ``leader`` int64[n] of the endgame, ``taken`` int64[n] the
    declaring side's points in the played tricks and ``won`` int64[n] the tricks it won there, ``before_points`` /
    ``before_tricks`` int64[n, seats] every seat's points and tricks in them; ``points`` /
    ``tricks`` int64[n, seats] every seat's points and
    tricks when the same players play on to the last trick (the same random stream): the heuristic figure an
    endgame solved double dummy is paired with, trick for trick up to the endgame."""

    hands: np.ndarray
    leader: np.ndarray
    taken: np.ndarray
    won: np.ndarray
    before_points: np.ndarray
    before_tricks: np.ndarray
    points: np.ndarray
    tricks: np.ndarray


class Endgames(NamedTuple):
    """Results of :func:`solve_endgames`, one entry per deal: ``hands`` int64[n, seats, copies] and ``leader``
    int64[n] of the endgame (after the played tricks), ``taken`` int64[n] the declaring side's points in the
    played tricks, ``solved`` the endgame's :class:`~analyzer.solve.DealsResult` (its value, bounds and status
    count only the tricks left); the side's points in all: ``taken + solved.lower`` .. ``taken +
    solved.upper`` (equal where exact). ``heuristic`` int64[n]: the side's points where the heuristic players
    play the endgame too (:attr:`EndgameStarts.points`)."""

    hands: np.ndarray
    leader: np.ndarray
    taken: np.ndarray
    solved: DealsResult
    heuristic: np.ndarray

    @property
    def lower(self) -> np.ndarray:
        return self.taken + self.solved.lower

    @property
    def upper(self) -> np.ndarray:
        return self.taken + self.solved.upper


def endgame_positions(rules: RuleSet, deals: np.ndarray, trump: int | np.ndarray, leader: int | np.ndarray,
                      declarer: int | np.ndarray, tricks_left: int, bid: int = 0, policy: str = "v1",
                      seed: int = 0) -> EndgameStarts:
    """Each whole deal after its first tricks played by ``policy`` until ``tricks_left`` are left (deal i's
    random stream: ``seed``, ``i``), and what the same players go on to take: :class:`EndgameStarts`."""
    from analyzer.play import play_deal

    deals = np.asarray(deals, dtype=np.int64)
    n, seats = deals.shape[0], rules.seats
    if not 1 <= tricks_left <= rules.hand_size:
        raise UserError(f"tricks_left must be 1..{rules.hand_size}, not {tricks_left}")
    per = [np.broadcast_to(np.asarray(x, dtype=np.int64), (n,)) for x in (trump, leader, declarer)]
    played = rules.hand_size - tricks_left
    pts = rules.points_by_kind
    hands = deals.copy()
    lead = per[1].copy()
    taken = np.zeros(n, dtype=np.int64)
    won = np.zeros(n, dtype=np.int64)
    points = np.zeros((n, seats), dtype=np.int64)
    tricks = np.zeros((n, seats), dtype=np.int64)
    bp = np.zeros((n, seats), dtype=np.int64)
    bt = np.zeros((n, seats), dtype=np.int64)
    for i in range(n):
        t, ld, dc = (int(a[i]) for a in per)
        rec = play_deal(rules, deals[i], t, ld, dc, policy=policy, seed=seed, bid=bid, index=i)
        points[i], tricks[i] = rec.points, rec.tricks
        if played == 0:
            continue
        side = rules.sides[rules.side_of(dc)]
        held = [_kinds(deals[i, s]) for s in range(seats)]
        for k in range(played):
            trick = rec.cards[k * seats:(k + 1) * seats]
            for s, c in trick:
                held[int(s)].remove(int(c))
            w = int(rec.winners[k])
            got = int(sum(int(pts[int(c)]) for _, c in trick)) + rules.per_trick
            bp[i, w] += got
            bt[i, w] += 1
            if w in side:
                taken[i] += got
                won[i] += 1
        for s in range(seats):
            hands[i, s] = to_planes(held[s], rules.deck)
        lead[i] = int(rec.winners[played - 1])
    return EndgameStarts(hands, lead, taken, won, bp, bt, points, tricks)


def solve_endgames(rules: RuleSet, deals: np.ndarray, trump: int | np.ndarray, leader: int | np.ndarray,
                   declarer: int | np.ndarray, tricks_left: int, bid: int = 0, policy: str = "v1", seed: int = 0,
                   max_nodes: int = DEFAULT_MAX_NODES, resolution: int | str | None = 1) -> Endgames:
    """Whole deals played by ``policy`` until ``tricks_left`` tricks are left, the rest solved double dummy
    (exactly by default; ``resolution`` as :func:`solve_deals` takes it): see :class:`Endgames`. With
    ``tricks_left`` equal to the hand size this is :func:`solve_deals` of the whole deals."""
    st = endgame_positions(rules, deals, trump, leader, declarer, tricks_left, bid, policy, seed)
    res = solve_deals(rules, st.hands, trump, st.leader, declarer, bid=bid, max_nodes=max_nodes, lines=False,
                      resolution=resolution)
    return Endgames(st.hands, st.leader, st.taken, res, side_points(rules, st.points, declarer))


def side_points(rules: RuleSet, points: np.ndarray, declarer: int | np.ndarray) -> np.ndarray:
    """int64[n]: the declaring side's points of each row of ``points`` int64[n, seats] (declarer ``declarer``,
    one or one per row)."""
    points = np.asarray(points, dtype=np.int64)
    n = points.shape[0]
    dc = np.broadcast_to(np.asarray(declarer, dtype=np.int64), (n,))
    out = np.zeros(n, dtype=np.int64)
    for i in range(n):
        out[i] = sum(int(points[i, s]) for s in rules.sides[rules.side_of(int(dc[i]))])
    return out
