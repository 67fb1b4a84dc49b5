"""The arena: whole hands played between bidding agents, in duplicate (see :mod:`analyzer.arena.core`).

``run_arena(rules, "advisor", "formula", deals=1000, seed=1)`` -> :class:`ArenaResult`; the agents live in
:mod:`analyzer.arena.agents`, the auction rules they call by in :mod:`analyzer.bidding.auction`, the
calibration of the advisor's forecasts in :mod:`analyzer.analyses.calibration`, the Markdown report in
:mod:`analyzer.arena.report`. Whole games: ``run_games(rules, "advisor", "formula", games=100, seed=1)`` ->
:class:`GamesResult` (:mod:`analyzer.arena.games`; figures :mod:`analyzer.arena.games_figures`, report
:mod:`analyzer.arena.games_report`); two-handed's whole games between its phase-1 policies,
:func:`analyzer.arena.games_twohand.run_twohand_games` (``load("two-handed"), "th-v1", "naive", games=100``).
"""

from analyzer.arena.core import FRAME_COLUMNS, ArenaResult, HandRecord, deal_cards, read_hands, run_arena, seatings
from analyzer.arena.games import GAME_COLUMNS, GamesResult, run_games

__all__ = ["FRAME_COLUMNS", "GAME_COLUMNS", "ArenaResult", "GamesResult", "HandRecord", "deal_cards", "read_hands",
           "run_arena", "run_games", "seatings"]
