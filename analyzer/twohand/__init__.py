"""Two-handed pinochle end to end (RULES.md, `two-handed`): phase 1 with the stock and melding between
tricks, phase 2 exact (double-dummy solver) or heuristic, hand analysis and game odds.

* :func:`play_hands`, :func:`self_play`, :func:`head_to_head`, :func:`deal_random` — whole hands in
  numba batches (:mod:`.hands`); :class:`HandResults` holds what each seat scored.
* :func:`analyze_hand` — what a dealt hand is worth around its upcard, the dix, the melds to aim for
  (:mod:`.analysis`); :func:`.gamechance.for_game` — the hand valued by the game's win-probability table at a
  score (:mod:`.gamechance`, imported where it is used: it loads the game's tables); :func:`game_odds` — games played
  forward from a score, the table's cross-check (:mod:`.odds`).
* Policies (:mod:`.policy`): ``th-v1`` (:data:`TH_VERSION`), its styles ``th-meld`` and ``th-cards``, and the
  ``naive`` baseline; :func:`.choosing.choose` — a hand's phase-1 behaviour chosen by rollouts, for the game or
  for points (the arena's ``th-game`` and ``th-points``, :mod:`.choosing`).
"""

from analyzer.play.modes import PHASE2_MODES
from analyzer.twohand.analysis import DixAdvice, HandAnalysis, MeldFrequency, analyze_hand
from analyzer.twohand.hands import (
    HandResults,
    deal_random,
    head_to_head,
    phase2_heuristic,
    play_hands,
    self_play,
    solve_phase2,
)
from analyzer.twohand.odds import GameOdds, game_odds, hand_pool
from analyzer.twohand.policy import POLICY_CODES, TH_VERSION
from analyzer.twohand.state import MELD_IDS

__all__ = [
    "MELD_IDS", "PHASE2_MODES", "POLICY_CODES", "TH_VERSION", "DixAdvice", "GameOdds",
    "HandAnalysis", "HandResults", "MeldFrequency", "analyze_hand",
    "deal_random", "game_odds", "hand_pool", "head_to_head", "phase2_heuristic",
    "play_hands", "self_play", "solve_phase2",
]
