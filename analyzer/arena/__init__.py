"""The arena: whole hands played between bidding agents, in duplicate (see :mod:`analyzer.arena.core`).

``run_arena(rules, "advisor", "formula", deals=1000, seed=1)`` -> :class:`ArenaResult`; the auction rules
live in :mod:`analyzer.arena.auction`, the agents in :mod:`analyzer.agents`, the calibration of the
advisor's forecasts in :mod:`analyzer.calibration`, the Markdown report in :mod:`analyzer.arena.report`.
The names of :mod:`analyzer.arena.core` load on first use (the agents import the auction rules from
this package, and the core imports the agents).
"""

from typing import Any

from analyzer.arena.auction import Auction, BidView, Call, IllegalCall, parse_calls, replay

_CORE = ("FRAME_COLUMNS", "ArenaResult", "HandRecord", "deal_cards", "read_hands", "run_arena", "seatings")


def __getattr__(name: str) -> Any:
    if name in _CORE:
        from analyzer.arena import core

        return getattr(core, name)
    raise AttributeError(name)


__all__ = ["Auction", "BidView", "Call", "IllegalCall", "parse_calls", "replay", *_CORE]
