"""The game engine: the state after one more hand, pure (a new :class:`GameState`, nothing changed)."""

from __future__ import annotations

from analyzer.game.end import hands_winner, instant_winners, settle, target_winner
from analyzer.game.hand import HandResult
from analyzer.game.state import GameState
from analyzer.rules.model import RuleSet


def counted_scores(rules: RuleSet, state: GameState, hand: HandResult) -> tuple[int, ...]:
    """Each unit's score as the game counts it: the hand's score, except that with ``bid_or_set_at`` a unit
    whose total is at or above it before the hand scores only if it took the bid or the bidders were set
    (double deck's 400 rule; a thrown-in deal scores nothing)."""
    if hand.thrown_in:
        return (0,) * len(state.totals)
    lock = rules.scoring.bid_or_set_at
    if lock <= 0:
        return tuple(hand.scores)
    set_bidders = hand.bidder is not None and not hand.made
    return tuple(s if t < lock or u == hand.bidder or set_bidders else 0
                 for u, (s, t) in enumerate(zip(hand.scores, state.totals, strict=True)))


def _check(state: GameState, hand: HandResult) -> None:
    n = len(state.totals)
    if state.over:
        raise ValueError(f"the game is over (won by {list(state.winner or ())}): no more hands")
    for name in ("scores", "tricks", "trick_points", "quad_pinochle"):
        v = getattr(hand, name)
        if v and len(v) != n:
            raise ValueError(f"hand.{name} must give {n} values (one per scoring unit), not {len(v)}")
    if not hand.scores:
        raise ValueError("hand.scores is empty: give each scoring unit's score")
    if hand.bidder is not None and not 0 <= hand.bidder < n:
        raise ValueError(f"hand.bidder must be a scoring unit 0..{n - 1} or None, not {hand.bidder}")


def after_hand(rules: RuleSet, state: GameState, hand: HandResult) -> GameState:
    """The game after ``hand``: the scores the game counts (:func:`counted_scores`) added to the totals, one
    more hand played (a thrown-in deal too), the deal passed to the left (the next seat), who has scored, and
    the winner: an instant win first (it ends the game at once), then the target, then a fixed number of
    hands (:mod:`analyzer.game.end`). ValueError for a game already over or a hand of the wrong shape."""
    _check(state, hand)
    add = counted_scores(rules, state, hand)
    totals = tuple(t + a for t, a in zip(state.totals, add, strict=True))
    scored = tuple((state.scored[u] if state.scored else False) or totals[u] > 0 for u in range(len(totals)))
    hands = state.hands + 1
    dealer = (state.dealer + 1) % rules.seats
    won, how = instant_winners(rules, totals, scored, hand)
    winner = settle(rules, won, totals, hand)
    if winner is None:
        how = "target"
        winner = target_winner(rules, totals, hand)
    if winner is None:
        how = "hands"
        winner = hands_winner(rules, hands, totals)
    return GameState(totals=totals, hands=hands, dealer=dealer, scored=scored, winner=winner,
                     how=how if winner is not None else "")
