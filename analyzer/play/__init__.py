"""Trick play: the numba engine (legal cards, playing, trick winner), policy kernels and batch playouts.

The API most callers need::

    from analyzer.deal import random_deals
    from analyzer.play import play_deals
    deals = random_deals(rules, 1000, seed=1).hands
    res = play_deals(rules, deals, trump=0, leader=0, declarer=0, policy="v1", seed=1)
    res.points  # int32[n, seats]
"""

from __future__ import annotations

from analyzer.play.playout import (
    DealRecord,
    PlayResult,
    new_state,
    play_deal,
    play_deals,
    policy_codes,
)
from analyzer.play.policy import POLICY_CODES, POLICY_VERSION

POLICIES = tuple(POLICY_CODES)

__all__ = [
    "POLICIES",
    "POLICY_VERSION",
    "DealRecord",
    "PlayResult",
    "new_state",
    "play_deal",
    "play_deals",
    "policy_codes",
]
