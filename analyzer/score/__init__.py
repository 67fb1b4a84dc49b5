"""The score of a hand, vectorised over deals, as RULES.md states it for each game.

The rule data decides everything (``rules.scoring``, ``rules.sides``, ``rules.convert``); nothing here
branches on the rule-set id:

* a *scoring unit* is a side (``scoring.unit = "side"``: partners share meld, points and score) or a
  single player (``"player"``: Luxury Family, two-handed);
* a unit's trick points are its card points (last-trick and per-trick points included) passed through
  ``rules.convert_points`` (Luxury Family's power-point conversion, the identity elsewhere);
* ``no_trick_no_meld``: a unit that took no trick scores no meld (and cannot count it toward a bid);
* the declarer's unit scores meld + trick points if its meld is at least ``declarer_min_meld``, its
  trick points at least ``declarer_min_tricks`` and meld + trick points at least the bid, otherwise
  minus the bid;
* every other unit scores meld + trick points if its trick points are at least
  ``defender_min_tricks``, otherwise 0;
* a contract conceded after the meld (``[concession] allowed``, a variant: :func:`score_conceded`): the declarer's
  unit scores minus the bid; every other unit its meld (``defenders_meld``) plus ``defenders_points``.
"""

from __future__ import annotations

import numpy as np

from analyzer.rules.model import RuleSet


def scoring_units(rules: RuleSet) -> tuple[tuple[int, ...], ...]:
    """The seats that score together: the partnerships, or each player alone."""
    if rules.scoring.unit == "player":
        return tuple((s,) for s in range(rules.seats))
    return rules.sides


def seat_unit(rules: RuleSet) -> np.ndarray:
    """int64[seats]: index in :func:`scoring_units` of each seat's scoring unit."""
    out = np.zeros(rules.seats, dtype=np.int64)
    for i, unit in enumerate(scoring_units(rules)):
        out[list(unit)] = i
    return out


def _unit_layout(rules: RuleSet) -> tuple[np.ndarray, int, np.ndarray]:
    """(seats int64[units * k], k, seat_unit) where every scoring unit has ``k`` seats: the units' seats one unit
    after the other (k = 0 when the units differ in size), built once per rule set (cached on it)."""
    got = rules.cache.get("score_unit_layout")
    if got is None:
        units = scoring_units(rules)
        k = len(units[0]) if len({len(u) for u in units}) == 1 else 0
        got = (np.array([s for u in units for s in u], dtype=np.int64), k, seat_unit(rules))
        rules.cache["score_unit_layout"] = got
    return got


def unit_totals(rules: RuleSet, values: np.ndarray) -> np.ndarray:
    """Per-seat values summed over each scoring unit (:func:`scoring_units`): int64[n, units]."""
    v = _per_seat(rules, values, "values")
    order, k, _ = _unit_layout(rules)
    if k == 1:  # one seat a unit: the values themselves
        return v[:, order]
    if k:  # units of k seats: one gather and one sum (integers: any order of addition gives the same totals)
        return v[:, order].reshape(v.shape[0], -1, k).sum(axis=2)
    return np.stack([v[:, list(unit)].sum(axis=1) for unit in scoring_units(rules)], axis=1)


def convert_points(rules: RuleSet, points: np.ndarray) -> np.ndarray:
    """Trick points of card points, element-wise (``rules.convert``: slope ``k`` from bound ``b`` on)."""
    p = np.asarray(points, dtype=np.int64)
    if not rules.convert:
        return p.copy()
    out = np.zeros_like(p)
    bounds = [lo for lo, _ in rules.convert[1:]] + [None]
    for (lo, slope), hi in zip(rules.convert, bounds, strict=True):
        seg = p - lo if hi is None else np.minimum(p, hi) - lo
        out += np.maximum(seg, 0) * slope
    return out


def _per_seat(rules: RuleSet, values: np.ndarray, what: str) -> np.ndarray:
    v = np.asarray(values, dtype=np.int64)
    if v.ndim == 1:
        v = v[None, :]
    if v.ndim != 2 or v.shape[1] != rules.seats:
        raise ValueError(f"{what} must be int[n, {rules.seats}] (one column per seat), not shape {v.shape}")
    return v


def _unit_parts(
    rules: RuleSet, meld: np.ndarray, points: np.ndarray, tricks: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(meld that counts, trick points, tricks) of every scoring unit: int64[n, units] each."""
    m = unit_totals(rules, _per_seat(rules, meld, "meld"))
    p = convert_points(rules, unit_totals(rules, _per_seat(rules, points, "points")))
    t = unit_totals(rules, _per_seat(rules, tricks, "tricks"))
    if not (m.shape == p.shape == t.shape):
        raise ValueError(f"meld, points and tricks differ in shape: {m.shape}, {p.shape}, {t.shape}")
    if rules.scoring.no_trick_no_meld:
        m = np.where(t > 0, m, 0)
    return m, p, t


def declarer_made(
    rules: RuleSet,
    meld: np.ndarray,
    points: np.ndarray,
    tricks: np.ndarray,
    declarer: int,
    bid: int | np.ndarray,
) -> np.ndarray:
    """bool[n]: whether the declarer's unit made its bid (meld and trick minimums and meld + tricks >= bid)."""
    if not 0 <= declarer < rules.seats:
        raise ValueError(f"declarer must be a seat 0..{rules.seats - 1}, not {declarer}")
    m, p, _ = _unit_parts(rules, meld, points, tricks)
    u = int(_unit_layout(rules)[2][declarer])
    return _made(rules, m[:, u], p[:, u], np.broadcast_to(np.asarray(bid, dtype=np.int64), (m.shape[0],)))


def _made(rules: RuleSet, m: np.ndarray, p: np.ndarray, bid: np.ndarray) -> np.ndarray:
    """bool[n]: the declarer's unit, with meld ``m`` that counts and trick points ``p`` (int64[n]), made ``bid``."""
    sc = rules.scoring
    return (m >= int(sc.declarer_min_meld)) & (p >= int(sc.declarer_min_tricks)) & (m + p >= bid)


def points_to_make(rules: RuleSet, meld: np.ndarray, declarer: int, bid: int | np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """The points the declarer's unit must take to make ``bid`` on each deal, given the meld (int[n, seats]):
    ``(target int64[n], exact bool[n])`` in the points the double-dummy solver counts (card, per-trick and
    last-trick points, before ``rules.convert``). Where ``exact``, the bid is made exactly when the unit takes at
    least ``target`` (past every point of the deal: it cannot be made). Where not -- the meld alone covers the
    bid but counts only with a trick taken (``no_trick_no_meld``) -- ``target`` is 1 and taking it is enough
    but not needed: a trick of no points would do too."""
    if not 0 <= declarer < rules.seats:
        raise ValueError(f"declarer must be a seat 0..{rules.seats - 1}, not {declarer}")
    m = unit_totals(rules, _per_seat(rules, meld, "meld"))[:, int(seat_unit(rules)[declarer])]
    n = m.shape[0]
    b = np.broadcast_to(np.asarray(bid, dtype=np.int64), (n,))
    sc = rules.scoring
    total = int(rules.total_points)
    conv = convert_points(rules, np.arange(total + 1))  # non-decreasing
    need = np.maximum(int(sc.declarer_min_tricks), b - m)
    target = np.searchsorted(conv, need, side="left").astype(np.int64)  # total + 1 where out of reach
    target[m < int(sc.declarer_min_meld)] = total + 1
    exact = np.ones(n, dtype=bool)
    if sc.no_trick_no_meld:
        trick_needed = (target == 0) & ((b > 0) | (int(sc.declarer_min_meld) > 0))
        target[trick_needed] = 1
        exact[trick_needed] = False
    return target, exact


def score_hand(
    rules: RuleSet,
    meld: np.ndarray,
    points: np.ndarray,
    tricks: np.ndarray,
    declarer: int,
    bid: int | np.ndarray,
) -> np.ndarray:
    """Each seat's score for the hand: int64[n, seats] (partners get their side's score).

    ``meld``, ``points`` (card points incl. last-trick and per-trick points, as :class:`PlayResult`
    gives them) and ``tricks`` are int[n, seats]; ``declarer`` is the high bidder / game maker (-1: no
    bidding, everyone scores as a non-declarer); ``bid`` the winning bid, one for all deals or int[n].
    """
    return score_and_made(rules, meld, points, tricks, declarer, bid)[0]


def score_and_made(
    rules: RuleSet,
    meld: np.ndarray,
    points: np.ndarray,
    tricks: np.ndarray,
    declarer: int,
    bid: int | np.ndarray,
) -> tuple[np.ndarray, np.ndarray | None]:
    """(:func:`score_hand`, :func:`declarer_made`) of the same hands from one pass over the units' meld and points;
    the flags are None when nobody declares (``declarer`` -1)."""
    m, p, _ = _unit_parts(rules, meld, points, tricks)
    n = m.shape[0]
    b = np.broadcast_to(np.asarray(bid, dtype=np.int64), (n,))
    sc = rules.scoring
    defender_min = int(sc.defender_min_tricks)
    unit_score = np.where(p >= defender_min, m + p, 0)
    _, _, unit_of = _unit_layout(rules)
    made = None
    if declarer >= 0:
        if not 0 <= declarer < rules.seats:
            raise ValueError(f"declarer must be a seat 0..{rules.seats - 1}, not {declarer}")
        u = int(unit_of[declarer])
        made = _made(rules, m[:, u], p[:, u], b)
        unit_score[:, u] = np.where(made, m[:, u] + p[:, u], -b)
    return unit_score[:, unit_of].astype(np.int64, copy=False), made


def score_conceded(rules: RuleSet, meld: np.ndarray, declarer: int, bid: int | np.ndarray) -> np.ndarray:
    """Each seat's score for a hand whose bid winner ``declarer`` conceded ``bid`` after the meld (no trick played):
    int64[n, seats] from each seat's meld int[n, seats], by ``rules.concession`` -- the declarer's unit minus the
    bid, every other unit its meld (``defenders_meld``; no trick condition applies, none is played) plus
    ``defenders_points`` (the callers ask only where ``concession.allowed``)."""
    if not 0 <= declarer < rules.seats:
        raise ValueError(f"declarer must be a seat 0..{rules.seats - 1}, not {declarer}")
    m = unit_totals(rules, _per_seat(rules, meld, "meld"))
    n = m.shape[0]
    c = rules.concession
    unit_score = (m if c.defenders_meld else np.zeros_like(m)) + int(c.defenders_points)
    _, _, unit_of = _unit_layout(rules)
    unit_score[:, int(unit_of[declarer])] = -np.broadcast_to(np.asarray(bid, dtype=np.int64), (n,))
    return unit_score[:, unit_of].astype(np.int64, copy=False)


def fair_share(rules: RuleSet, seat: int) -> int:
    """Trick points a seat's side can count on without looking: total points x side seats / seats."""
    side = len(rules.sides[rules.side_of(seat)])
    raw = rules.total_points * side // rules.seats
    return int(convert_points(rules, np.array([raw]))[0])


def net_scores(rules: RuleSet, scores: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(ours, theirs) per deal from every seat's score int[n, seats]: ours is ``seat``'s score; theirs the
    other side's (partnership games) or the mean of the other seats' (cut-throat games)."""
    ours = scores[:, seat].astype(np.float64)
    mine = set(rules.sides[rules.side_of(seat)])
    if rules.has_partners:
        other = next(s for s in range(rules.seats) if s not in mine)
        theirs = scores[:, other].astype(np.float64)
    else:
        theirs = scores[:, [s for s in range(rules.seats) if s != seat]].mean(axis=1)
    return ours, theirs
