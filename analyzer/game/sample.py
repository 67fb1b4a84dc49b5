"""Hand outcomes as the game sees them, seen from the dealer: the sample the win-probability tables are made from.

A sample is a :class:`~analyzer.game.outcomes.HandOutcomes` of ``n`` hands of self-play, each as
:class:`~analyzer.game.hand.HandResult` would give it, with the scoring units numbered from the dealer's: unit ``0``
is the dealer's (its side, or the dealer), unit ``r`` the one ``r`` places to its left (:func:`relative_units`).
Every seat deals in turn in a game, so a table needs a hand's outcome only as a function of who deals it; numbering
from the dealer lets one sample serve every dealer.

Where the hands come from: the arena's whole hands (:func:`from_arena`, any pair of agents) or two-handed
self-play (:func:`from_two_handed`); :mod:`analyzer.arena.tables` plays them.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from analyzer.cards import Hand
from analyzer.game.hand import quad_pinochle_units
from analyzer.game.outcomes import HandOutcomes
from analyzer.rules.model import RuleSet
from analyzer.score import convert_points, scoring_units, seat_unit, unit_totals


def relative_units(rules: RuleSet, dealer: int) -> np.ndarray:
    """int64[units]: for each scoring unit, its number counted from the dealer's (0: the dealer's unit)."""
    su = seat_unit(rules)
    units = len(scoring_units(rules))
    order = [int(su[(dealer + k) % rules.seats]) for k in range(rules.seats)]
    first = list(dict.fromkeys(order))  # the units in the order their seats follow the dealer
    assert len(first) == units, (first, units)
    rel = np.empty(units, dtype=np.int64)
    rel[first] = np.arange(units)
    return rel


def _seat_values(f: pl.DataFrame, name: str, seats: int) -> np.ndarray:
    return np.stack([f[f"{name}_s{s}"].to_numpy() for s in range(seats)], axis=1).astype(np.int64)


def from_arena(rules: RuleSet, frame: pl.DataFrame, source: str = "") -> HandOutcomes:
    """The hands of an arena run (:func:`analyzer.arena.core.frame_of`'s columns), units from each hand's dealer."""
    seats = rules.seats
    n = len(frame)
    U = len(scoring_units(rules))
    score = unit_totals(rules, _seat_values(frame, "score", seats)) // np.array([len(u) for u in scoring_units(rules)])
    tricks = unit_totals(rules, _seat_values(frame, "tricks", seats))
    points = convert_points(rules, unit_totals(rules, _seat_values(frame, "points", seats)))
    su = seat_unit(rules)
    quad = np.zeros((n, U), dtype=bool)
    qw = rules.scoring.quad_pinochle_win
    if qw is not None:
        planes = np.stack([np.array([Hand.parse(h, rules.deck).planes for h in frame[f"hand_s{s}"].to_list()])
                           for s in range(seats)], axis=1)
        quad = quad_pinochle_units(rules, planes) & (points >= qw)
    decl = frame["declarer"].to_numpy().astype(np.int64)
    dealer = frame["dealer"].to_numpy().astype(np.int64)
    made = frame["made"].fill_null(False).to_numpy().astype(bool)
    total_tricks = tricks.sum(axis=1, keepdims=True)
    at = np.where((tricks == total_tricks) & (total_tricks > 0), np.arange(U)[None, :], -1).max(axis=1)
    if not rules.scoring.win_all_tricks:
        at[:] = -1
    rel_scores = np.empty_like(score)
    rel_quad = np.empty_like(quad)
    bidder = np.full(n, -1, dtype=np.int64)
    rel_at = np.full(n, -1, dtype=np.int64)
    for d in range(seats):
        rows = np.flatnonzero(dealer == d)
        rel = relative_units(rules, d)
        rel_scores[rows[:, None], rel[None, :]] = score[rows]
        rel_quad[rows[:, None], rel[None, :]] = quad[rows]
        own = rows[decl[rows] >= 0]
        bidder[own] = rel[su[decl[own]]]
        won = rows[at[rows] >= 0]
        rel_at[won] = rel[at[won]]
    return HandOutcomes(rel_scores, bidder, made & (decl >= 0), rel_at, rel_quad, decl < 0, rules.id, source)


def from_two_handed(scores: np.ndarray, dealer: np.ndarray, source: str = "") -> HandOutcomes:
    """Two-handed hands from each player's score int64[n, 2] and the dealing seat int64[n] (no bidding, no instant
    wins)."""
    rows = np.arange(len(dealer))
    sc = np.stack([scores[rows, dealer], scores[rows, 1 - dealer]], axis=1).astype(np.int64)
    z = np.zeros(len(dealer), dtype=np.int64)
    return HandOutcomes(sc, z - 1, z.astype(bool), z - 1, np.zeros((len(dealer), 2), bool), z.astype(bool),
                        "two-handed", source)
