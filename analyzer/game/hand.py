"""One hand's outcome, as the game needs it: each scoring unit's score and what the instant wins look at."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.rules.model import RuleSet
from analyzer.score import convert_points, scoring_units, seat_unit, unit_totals

#: copies of each of the pinochle's cards a quadruple pinochle holds
QUAD = 4


def quad_pinochle_held(rules: RuleSet, planes: np.ndarray) -> np.ndarray:
    """bool[...]: whether each hand (count planes int64[..., copies]) holds a quadruple pinochle: four of each
    card of the meld table's ``pinochle`` (Q♠ J♦). False throughout where the deck has fewer than four
    copies or the table has no such meld."""
    p = np.asarray(planes, dtype=np.int64)
    spec = next((m for m in rules.melds if m.name == "pinochle" and m.scope == "cards"), None)
    if spec is None or rules.deck.copies < QUAD:
        return np.zeros(p.shape[:-1], dtype=bool)
    mask = np.int64(0)
    for kind in spec.cards:
        mask |= np.int64(1) << np.int64(kind)
    return (p[..., QUAD - 1] & mask) == mask


def quad_pinochle_units(rules: RuleSet, hands: np.ndarray) -> np.ndarray:
    """bool[..., units]: whether one of each scoring unit's seats holds a quadruple pinochle
    (:func:`quad_pinochle_held`), on each deal of ``hands`` (count planes int64[..., seats, copies])."""
    held = quad_pinochle_held(rules, hands)  # [..., seats]
    return np.stack([held[..., list(unit)].any(axis=-1) for unit in scoring_units(rules)], axis=-1)


@dataclass(frozen=True)
class HandResult:
    """What one hand adds to a game. Every tuple has one entry per scoring unit
    (:func:`analyzer.score.scoring_units`: a side, or a player where players score alone).

    ``scores``: each unit's score for the hand as :func:`analyzer.score.score_hand` gives it (before the
    game's own rules, such as double deck's 400 rule, hold any of it back); ``bidder``: the unit that took
    the bid (None: no bidding, or the deal was thrown in); ``made``: whether the bidder's unit made its bid;
    ``tricks``: tricks each unit took; ``trick_points``: each unit's trick points as the scoring counts
    them (after any conversion); ``quad_pinochle``: whether each unit held a quadruple pinochle;
    ``thrown_in``: nobody bid and the deal was thrown in (it scores nothing; the deal still passes).
    ``tricks``, ``trick_points`` and ``quad_pinochle`` may be left empty where a rule set's instant wins
    do not look at them.
    """

    scores: tuple[int, ...]
    bidder: int | None = None
    made: bool = False
    tricks: tuple[int, ...] = ()
    trick_points: tuple[int, ...] = ()
    quad_pinochle: tuple[bool, ...] = ()
    thrown_in: bool = False

    @classmethod
    def thrown(cls, units: int) -> HandResult:
        """A deal thrown in (all passed): nobody scores."""
        return cls(scores=(0,) * units, thrown_in=True)

    @classmethod
    def from_seats(cls, rules: RuleSet, scores: np.ndarray, *, declarer: int, made: bool,
                   tricks: np.ndarray, points: np.ndarray,
                   quad_pinochle: tuple[bool, ...] = ()) -> HandResult:
        """A hand from per-seat values of one deal: ``scores`` as :func:`~analyzer.score.score_hand` gives
        them (int[seats]; partners hold their side's score), the ``declarer`` seat (-1: no bidding),
        whether the bid was ``made``, ``tricks`` and card ``points`` (int[seats], as the play gives them)."""
        units = scoring_units(rules)
        s = np.asarray(scores, dtype=np.int64).reshape(-1)
        t = unit_totals(rules, np.asarray(tricks).reshape(1, -1))[0]
        p = convert_points(rules, unit_totals(rules, np.asarray(points).reshape(1, -1))[0])
        return cls(
            scores=tuple(int(s[u[0]]) for u in units),
            bidder=None if declarer < 0 else int(seat_unit(rules)[declarer]),
            made=bool(made) if declarer >= 0 else False,
            tricks=tuple(int(x) for x in t),
            trick_points=tuple(int(x) for x in p),
            quad_pinochle=tuple(bool(q) for q in quad_pinochle),
        )
