"""Hand features of whole batches of hands: meld for each trump, aces, suit lengths and sure tricks — what
the bidding formula, the conventions and the auction inference read a hand by."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.bidding.features_kernel import hand_features
from analyzer.bidding.features_kernel import rank_counts as rank_counts_kernel
from analyzer.cards import LANE
from analyzer.meld import meld_batch
from analyzer.rules.model import RuleSet


@dataclass(frozen=True)
class Features:
    """Per-hand features of a batch of hands (arrays of length n): ``meld`` int64[n, 4] (meld for trump S H
    D C), ``best`` / ``least`` meld, ``aces`` (ace cards held), ``ace_suits`` (suits with an ace),
    ``length`` int64[n, 4] (cards per suit), ``sure`` (sure tricks: aces, plus the tens of suits where the
    hand holds every copy of the ace); ``counts`` int64[n, 4, nranks] (copies held by suit and rank, only where
    the rule set reads hands by the rich reach: :mod:`analyzer.bidding.reach`; else None)."""

    meld: np.ndarray
    best: np.ndarray
    least: np.ndarray
    aces: np.ndarray
    ace_suits: np.ndarray
    length: np.ndarray
    sure: np.ndarray
    counts: np.ndarray | None = None


def features(rules: RuleSet, hands: np.ndarray) -> Features:
    """:class:`Features` of hands int64[n, copies] (count planes)."""
    h = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, rules.deck.copies)
    deck = rules.deck
    ten_bit = deck.rank_bit[deck.ranks[1]] if deck.nranks > 1 else -1
    meld, best, least, aces, ace_suits, length, sure = hand_features(
        h, meld_batch(h, rules), np.int64(deck.lane), np.int64(deck.rank_bit[deck.ranks[0]]), np.int64(ten_bit))
    counts = rank_counts(rules, h) if rules.advice.reach == "rich" else None
    return Features(meld, best, least, aces, ace_suits, length, sure, counts)



def rank_counts(rules: RuleSet, hands: np.ndarray) -> np.ndarray:
    """int64[n, 4, nranks]: the copies of each card held, by suit and rank (high to low), of hands int64[n,
    copies] (count planes)."""
    h = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, rules.deck.copies)
    deck = rules.deck
    shifts = rules.cache.get("rank_count_shifts")
    if shifts is None:
        shifts = np.array([LANE * s + deck.rank_bit[r] for s in range(4) for r in deck.ranks], dtype=np.int64)
        rules.cache["rank_count_shifts"] = shifts
    return rank_counts_kernel(h, shifts, np.int64(deck.nranks))


def subset(f: Features, keep: np.ndarray) -> Features:
    return Features(*(None if getattr(f, k) is None else getattr(f, k)[keep] for k in Features.__dataclass_fields__))
