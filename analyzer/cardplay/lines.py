"""Each seat's points after each card, where the game needs them: read off the line of play the card's value came
from.

The play values a card by the declaring side's points (:mod:`analyzer.cardplay.values`). Where a side of the play
holds more than one scoring unit -- Luxury Family's two defenders play as a side against the game maker, and each
scores alone, his own power points through the nonlinear ladder -- the game needs each seat's points
(:func:`split_needed`). They are taken from one line of play from the card to the last trick, the line that gave
the value:

* on a deal the solver valued, one optimal line from the position after the card (:func:`solver_lines`: the
  position solved again with the card's value as its first guess, its principal line replayed): the declaring
  side's points along it are the card's exact value, and each other seat's are the tricks it wins along that line;
* on a deal valued by rollouts, the rollout itself (the heuristic players' line, the same random stream).

What is approximated: the defenders are played as one side minimising the game maker's points (the solver's and
the policy's model of the game); how they share what they take is the share along that one line. Among the lines
of equal value for the game maker the solver's move order picks one, and no defender is taken to steer points to
himself. Where the line's replay runs out of its node allowance (rare: the solve starts from the value), the
defenders' exact points are shared as the heuristic players' rollout shares them (:func:`share_as`; counted, and
said in the advice's notes). What the split weighs -- the card for the game judged again with the defenders' points
shared as the rollout shares them -- and what the lines cost: ``reports/cardplay/lf_split.py``.
"""

from __future__ import annotations

import numpy as np

from analyzer.cardplay.request import PlayRequest
from analyzer.play.engine import winning_position
from analyzer.rules.lowered import side_mask
from analyzer.score import seat_unit
from analyzer.solve import Position, make_position, solve_positions


def split_needed(req: PlayRequest) -> bool:
    """Whether the game needs each seat's points: the game's score is asked and a side of the play (the declaring
    side, or the seats against it) holds more than one scoring unit."""
    if req.game is None or req.record is None:
        return False
    rs = req.rules
    mask = side_mask(rs, req.record.declarer)
    unit = seat_unit(rs)
    sides = ([s for s in range(rs.seats) if (mask >> s) & 1], [s for s in range(rs.seats) if not (mask >> s) & 1])
    return any(len({int(unit[s]) for s in side}) > 1 for side in sides)


def _without(planes: np.ndarray, k: int) -> np.ndarray:
    """Count planes (int64[copies]) with one copy of kind ``k`` taken out (the highest plane holding it)."""
    out = planes.copy()
    for p in range(out.shape[0] - 1, -1, -1):
        if (int(out[p]) >> k) & 1:
            out[p] = int(out[p]) & ~(1 << k)
            return out
    raise ValueError(f"kind {k} is not in the hand")


def after_card(req: PlayRequest, hands: np.ndarray, k: int) -> tuple[Position | None, np.ndarray, np.ndarray]:
    """The position after my card ``k`` on a deal (``hands`` int64[seats, copies], the hands now), and each seat's
    points and tricks of the trick the card completes (zeros where it completes none); the position is None where
    the card ends the hand."""
    rs, rec, seen = req.rules, req.record, req.seen
    h = hands.copy()
    h[rec.seat] = _without(hands[rec.seat], k)
    trick = (*seen.trick, k)
    leader = seen.leader_now
    pts = np.zeros(rs.seats, dtype=np.int64)
    trk = np.zeros(rs.seats, dtype=np.int64)
    if len(trick) < rs.seats:
        return make_position(rs, h, rec.trump, leader, rec.declarer, trick, rec.bid), pts, trk
    win = (leader + winning_position(trick, rec.trump)) % rs.seats
    done = len(rec.plays) // rs.seats + 1
    last = rs.last_trick if done == rs.hand_size else 0
    pts[win] = int(sum(int(rs.points_by_kind[c]) for c in trick)) + rs.per_trick + last
    trk[win] = 1
    if done == rs.hand_size:
        return None, pts, trk
    return make_position(rs, h, rec.trump, win, rec.declarer, (), rec.bid), pts, trk


def solver_lines(req: PlayRequest, hands: np.ndarray, cards: tuple[int, ...], decl: np.ndarray
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(points, tricks, ok): each seat's points and tricks over the whole hand (the tricks so far included) after
    each card ``cards[j]`` on each deal of ``hands`` (int64[m, seats, copies], the hands now), along one optimal
    line from the position after the card (module docstring), int64[m, cards, seats]; ``decl`` int[m, cards] the
    declaring side's exact points after each card (the solver's card values: the first guess of each solve).
    ``ok`` bool[m, cards]: False where the solve or its line's replay ran out of ``req.max_nodes`` (those rows
    are 0)."""
    rs, seen = req.rules, req.seen
    m, c = len(hands), len(cards)
    dmask = side_mask(rs, req.record.declarer)
    dseats = [s for s in range(rs.seats) if (dmask >> s) & 1]
    base = np.asarray(seen.points, dtype=np.int64)
    base_t = np.asarray(seen.tricks, dtype=np.int64)
    points = np.zeros((m, c, rs.seats), dtype=np.int64)
    tricks = np.zeros((m, c, rs.seats), dtype=np.int64)
    ok = np.zeros((m, c), dtype=bool)
    todo: list[tuple[int, int]] = []
    positions: list[Position] = []
    guesses: list[int] = []
    for i in range(m):
        for j, k in enumerate(cards):
            pos, tp, tt = after_card(req, hands[i], k)
            points[i, j] = base + tp
            tricks[i, j] = base_t + tt
            if pos is None:
                ok[i, j] = True
                continue
            todo.append((i, j))
            positions.append(pos)
            guesses.append(int(decl[i, j]) - int(points[i, j, dseats].sum()))
    if positions:
        res = solve_positions(rs, positions, max_nodes=req.max_nodes, lines=True, guess=guesses)
        for (i, j), r in zip(todo, res, strict=True):
            if r.exact and r.points is not None and r.tricks is not None:
                points[i, j] += np.asarray(r.points, dtype=np.int64)
                tricks[i, j] += np.asarray(r.tricks, dtype=np.int64)
                ok[i, j] = int(points[i, j, dseats].sum()) == int(decl[i, j])  # the line carries the value
            if not ok[i, j]:
                points[i, j] = 0
                tricks[i, j] = 0
    return points, tricks, ok


def share_as(req: PlayRequest, decl: np.ndarray, rolled: np.ndarray, rolled_tricks: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's points and tricks after a card where no solver line is known (module docstring): the declaring
    side's exact points ``decl`` (int[r]) kept -- on the declarer's seat, the side's other seats 0 --, the rest
    shared among the other seats as the rollout ``rolled`` (int64[r, seats]) shares its own rest (evenly where it
    gave them nothing), rounded so that the shares add up; the tricks the rollout's."""
    rs = req.rules
    dmask = side_mask(rs, req.record.declarer)
    others = [s for s in range(rs.seats) if not (dmask >> s) & 1]
    rest = rolled.sum(axis=1) - np.asarray(decl, dtype=np.int64)  # a rollout plays every point of the hand
    theirs = rolled[:, others].astype(np.float64)
    tot = theirs.sum(axis=1, keepdims=True)
    frac = np.where(tot > 0, theirs / np.where(tot > 0, tot, 1), 1.0 / len(others))
    shares = np.floor(frac * rest[:, None]).astype(np.int64)
    shares[:, 0] += rest - shares.sum(axis=1)
    out = np.zeros_like(rolled)
    out[:, req.record.declarer] = decl
    out[:, others] = shares
    return out, rolled_tricks.copy()
