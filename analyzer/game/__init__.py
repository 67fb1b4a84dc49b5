"""A game of hands: the scores carried from hand to hand and when the game ends, from the rule data alone.

* :mod:`analyzer.game.hand`: :class:`HandResult`, one hand's outcome as the game needs it;
* :mod:`analyzer.game.state`: :class:`GameState`, the game between hands, and :func:`new_game`;
* :mod:`analyzer.game.end`: who has won after a hand (instant wins, the target, a fixed number of hands);
* :mod:`analyzer.game.engine`: :func:`after_hand`, the state after one more hand.

The rule keys are those of ``[scoring]`` (:class:`analyzer.rules.schema.ScoringSpec`): ``target``, ``game_end``,
``hands``, ``tie``, ``win_all_tricks``, ``early_win``, ``quad_pinochle_win`` and ``bid_or_set_at``. Nothing
here branches on the rule set's id, and nothing is compiled: a game is a few hands, not millions of deals.
"""

from analyzer.game.engine import after_hand, counted_scores
from analyzer.game.hand import HandResult
from analyzer.game.state import GameState, new_game

__all__ = ["GameState", "HandResult", "after_hand", "counted_scores", "new_game"]
