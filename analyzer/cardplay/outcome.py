"""How a hand ends after each card, on each sampled deal: every seat's meld, points and tricks as the scoring
counts them (:func:`final_terms`, behind the advice's net score), and the outcome the game needs
(:class:`~analyzer.game.outcomes.HandOutcomes`: every scoring unit's score, the contract made or set, who took every
trick, a quadruple pinochle's win) for the cards of a trick-taking position (:func:`card_outcomes`) and the moves of
a stock phase (:func:`stock_outcomes`).

The play values the declaring side's points over the whole hand (the solver's or a rollout's); the other side
takes the rest of the points the deal's tricks hold (:func:`points_at_stake`). A side's tricks are counted as at
least one where it has taken one or takes points after the card (a trick of no points taken later is not seen): so
"took every trick" is "the other side took no trick so far and no point after the card", exact wherever the last
trick carries points. Where a side holds more than one scoring unit (Luxury Family's defenders, each scoring
alone) every seat's points and tricks are those along the line of play that valued the card
(:mod:`analyzer.cardplay.lines`, which says what that approximates).
"""

from __future__ import annotations

import numpy as np

from analyzer.bidding.callmodel import unit_terms
from analyzer.cardplay.kernel import holdings_at_start
from analyzer.cardplay.request import PlayRequest
from analyzer.cardplay.stock import StockValues
from analyzer.cardplay.values import CardValues, declaring_seats
from analyzer.game.hand import quad_pinochle_units
from analyzer.game.outcomes import HandOutcomes
from analyzer.score import declarer_made, score_hand, scoring_units, seat_unit


def points_at_stake(req: PlayRequest, hands: np.ndarray) -> np.ndarray:
    """int64[n]: the points the record's tricks hold on each deal (``hands`` int64[n, seats, copies], the hands
    now): those taken so far, the cards in the hands and in the trick, the per-trick points of the tricks not yet
    taken and the last trick's. The rules' total where the record is a whole hand; two-handed phase 2, the points
    of phase 2's cards, which differ from deal to deal where the opponent's cards are sampled."""
    rs, seen = req.rules, req.seen
    pts = rs.points_by_kind
    h = np.asarray(hands, dtype=np.int64)
    held = np.zeros(h.shape[0], dtype=np.int64)
    for k in np.flatnonzero(pts):
        held += ((h >> int(k)) & 1).sum(axis=(1, 2)) * int(pts[k])
    left = rs.hand_size - len(req.record.plays) // rs.seats
    return (held + int(np.asarray(seen.points).sum()) + int(sum(int(pts[k]) for k in seen.trick))
            + rs.per_trick * left + rs.last_trick)


def final_terms(req: PlayRequest, v: CardValues, side_meld: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(meld, points, tricks) int64[n * cards, seats], deals first: each seat's terms of the scoring
    (:func:`analyzer.score.score_hand`) after each card. The points: each seat's own where the values carry them
    (:attr:`CardValues.seat_points`, :mod:`analyzer.cardplay.lines`: Luxury Family's defenders); else the declaring
    side's points over the hand on the declarer's seat and the other side's, the rest of the deal's points at
    stake (:func:`points_at_stake`), on one seat of theirs, a side's tricks as at least one where it has taken one
    or takes points (module docstring). The meld known: the declaring side's ``side_meld`` on the declarer's seat,
    every other seat's from the cards it showed -- or, where the request gives what each seat had before its
    record (:attr:`PlayRequest.so_far`: two-handed phase 2, phase 1's meld and points), that meld, and those
    points added."""
    rs, rec, seen = req.rules, req.record, req.seen
    n, c = v.decl.shape
    dseats = declaring_seats(req)
    others = [s for s in range(rs.seats) if s not in dseats]
    meld = np.zeros((n * c, rs.seats), dtype=np.int64)
    if v.seat_points is not None and v.seat_tricks is not None:
        points = v.seat_points.reshape(n * c, rs.seats).astype(np.int64, copy=True)
        tricks = v.seat_tricks.reshape(n * c, rs.seats).astype(np.int64, copy=True)
    else:
        so_far_d = int(sum(int(seen.points[s]) for s in dseats))
        so_far_o = int(sum(int(seen.points[s]) for s in others))
        tricks_d = int(sum(int(seen.tricks[s]) for s in dseats))
        tricks_o = int(sum(int(seen.tricks[s]) for s in others))
        flat = np.asarray(v.decl, dtype=np.int64).reshape(-1)
        rest = np.repeat(points_at_stake(req, v.hands[:n]), c) - flat
        points = np.zeros_like(meld)
        points[:, rec.declarer] = flat
        points[:, others[0]] = rest
        tricks = np.zeros_like(meld)
        tricks[:, rec.declarer] = np.where((flat > so_far_d) | (tricks_d > 0), 1, 0)
        tricks[:, others[0]] = np.where((rest > so_far_o) | (tricks_o > 0), 1, 0)
    if req.so_far is not None:
        for s, (m, p) in enumerate(req.so_far):
            meld[:, s] = m
            points[:, s] += p
    else:
        for s in others:
            meld[:, s] = req.meld[s]
        meld[:, rec.declarer] = side_meld
    return meld, points, tricks


def _quads_held(req: PlayRequest, v: CardValues) -> np.ndarray:
    """bool[n, units]: whether each scoring unit held a quadruple pinochle in the hands dealt, on each deal (the
    hands now with every card played given back to its seat); all False where the rules have no such win."""
    rs = req.rules
    units = scoring_units(rs)
    n = int(v.decl.shape[0])
    if rs.scoring.quad_pinochle_win is None or v.hands is None:
        return np.zeros((n, len(units)), dtype=bool)
    start = holdings_at_start(np.ascontiguousarray(v.hands, dtype=np.int64), req.seen.by,
                              np.array(req.record.plays, dtype=np.int64))
    return quad_pinochle_units(rs, start)


def card_outcomes(req: PlayRequest, v: CardValues, side_meld: int) -> HandOutcomes:
    """The hand's outcome after each legal card on each deal (rows: deals first, ``n * cards``) for a trick-taking
    position with a contract (:attr:`PlayRequest.contract`) or no bidding: every unit's score as
    :func:`~analyzer.score.score_hand` gives it, the contract made or set, who took every trick and a quadruple
    pinochle's win as the bid advice counts them (:func:`analyzer.bidding.callmodel.unit_terms`)."""
    rs, rec = req.rules, req.record
    n, c = v.decl.shape
    meld, points, tricks = final_terms(req, v, side_meld)
    declarer = rec.declarer if req.contract else -1
    sc = score_hand(rs, meld, points, tricks, declarer, rec.bid)
    units = scoring_units(rs)
    scores = np.stack([sc[:, u[0]] for u in units], axis=1)
    quad = np.repeat(_quads_held(req, v), c, axis=0)
    _, every, won_quad = unit_terms(rs, meld, points, tricks, max(declarer, 0), quad)
    m = n * c
    if declarer >= 0:
        bidder = np.full(m, int(seat_unit(rs)[declarer]), dtype=np.int64)
        made = declarer_made(rs, meld, points, tricks, declarer, rec.bid)
    else:
        bidder, made = np.full(m, -1, dtype=np.int64), np.zeros(m, dtype=bool)
    return HandOutcomes(scores, bidder, made, every, np.ascontiguousarray(won_quad.T), np.zeros(m, dtype=bool))


def stock_outcomes(req: PlayRequest, v: StockValues) -> HandOutcomes:
    """The hand's outcome after each move of a stock phase on each deal (rows: deals first): my score and the
    opponent's over the whole hand (:class:`~analyzer.cardplay.stock.StockValues`), no bidding; the stock phase
    carries no instant win by tricks or a quadruple pinochle (a request whose rules have one is refused)."""
    pos = req.phase1
    assert pos is not None
    rs = req.rules
    n, c = v.mine.shape
    m = n * c
    scores = np.zeros((m, len(scoring_units(rs))), dtype=np.int64)
    unit = seat_unit(rs)
    scores[:, int(unit[pos.seat])] = v.mine.reshape(-1)
    scores[:, int(unit[pos.opponent])] = v.theirs.reshape(-1)
    return HandOutcomes(scores, np.full(m, -1, dtype=np.int64), np.zeros(m, dtype=bool), np.full(m, -1, dtype=np.int64),
                        np.zeros(scores.shape, dtype=bool), np.zeros(m, dtype=bool))
