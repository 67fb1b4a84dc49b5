"""Trick play: the numba engine (legal cards, playing, trick winner), policy kernels and batch playouts.

The API most callers need::

    from analyzer.deal import random_deals
    from analyzer.play import play_deals
    deals = random_deals(rules, 1000, seed=1).hands
    res = play_deals(rules, deals, trump=0, leader=0, declarer=0, policy="v1", seed=1)
    res.points  # int32[n, seats]

Names load on first use: the play-mode vocabulary (:mod:`analyzer.play.modes`) is read by every question's
declaration without the kernels.
"""

from __future__ import annotations

import importlib
from typing import Any

from analyzer.play.modes import POLICIES

_WHERE = {
    "POLICY_VERSION": "analyzer.play.policy",
    "DealRecord": "analyzer.play.playout",
    "PlayResult": "analyzer.play.playout",
    "new_state": "analyzer.play.playout",
    "play_deal": "analyzer.play.playout",
    "play_deals": "analyzer.play.playout",
    "policy_codes": "analyzer.play.playout",
}

__all__ = ["POLICIES", *_WHERE]


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'analyzer.play' has no attribute {name!r}")
    return getattr(importlib.import_module(where), name)
