"""The arena: whole hands played between bidding agents, in duplicate (see :mod:`analyzer.arena.core`).

``run_arena(rules, "advisor", "formula", deals=1000, seed=1)`` -> :class:`ArenaResult`; the agents live in
:mod:`analyzer.arena.agents`, the auction rules they call by in :mod:`analyzer.bidding.auction`, the
calibration of the advisor's forecasts in :mod:`analyzer.analyses.calibration`, the Markdown report in
:mod:`analyzer.arena.report`.
"""

from analyzer.arena.core import FRAME_COLUMNS, ArenaResult, HandRecord, deal_cards, read_hands, run_arena, seatings

__all__ = ["FRAME_COLUMNS", "ArenaResult", "HandRecord", "deal_cards", "read_hands", "run_arena", "seatings"]
