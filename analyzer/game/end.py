"""Who has won after a hand, from the rule data (``[scoring]``): the instant wins, the target, a fixed number
of hands. Each function takes the totals after the hand and returns the winning units, or None when that way
of ending does not end the game (yet)."""

from __future__ import annotations

from analyzer.game.hand import HandResult
from analyzer.rules.model import RuleSet


def settle(rules: RuleSet, units: list[int], totals: tuple[int, ...], hand: HandResult) -> tuple[int, ...] | None:
    """The winner among ``units``, which all reached a game's end in the same hand: one alone wins; else with
    ``game_end = "bidder-first"`` the bidder's unit wins if it is among them and made its bid; else the higher
    total wins; equal totals settle nothing (None: another hand is played)."""
    if not units:
        return None
    if len(units) == 1:
        return (units[0],)
    if rules.scoring.game_end == "bidder-first" and hand.made and hand.bidder in units:
        return (hand.bidder,)
    best = max(totals[u] for u in units)
    top = [u for u in units if totals[u] == best]
    return (top[0],) if len(top) == 1 else None


def instant_winners(rules: RuleSet, totals: tuple[int, ...], scored: tuple[bool, ...],
                    hand: HandResult) -> tuple[list[int], str]:
    """The units that won at once in this hand and how: took every trick (``win_all_tricks``); reached
    ``early_win`` while no other unit's total has ever been above 0, this hand included (``scored`` is after
    the hand); held a quadruple pinochle and took at least ``quad_pinochle_win`` trick points. A thrown-in
    deal wins nothing. The first of these kinds that any unit meets names the ending."""
    sc = rules.scoring
    if hand.thrown_in:
        return [], ""
    n = len(totals)
    if sc.win_all_tricks and hand.tricks and sum(hand.tricks) > 0:
        won = [u for u in range(n) if hand.tricks[u] == sum(hand.tricks)]
        if won:
            return won, "all-tricks"
    if sc.early_win > 0:
        won = [u for u in range(n) if totals[u] >= sc.early_win and not any(scored[v] for v in range(n) if v != u)]
        if won:
            return won, "early"
    if sc.quad_pinochle_win is not None and hand.quad_pinochle:
        pts = hand.trick_points or (0,) * n
        won = [u for u in range(n) if hand.quad_pinochle[u] and pts[u] >= sc.quad_pinochle_win]
        if won:
            return won, "quad-pinochle"
    return [], ""


def target_winner(rules: RuleSet, totals: tuple[int, ...], hand: HandResult) -> tuple[int, ...] | None:
    """With a ``target``: the units at or above it (all were below before this hand) settled by
    :func:`settle`; None without a target or when nobody reached it or the reachers tie."""
    t = rules.scoring.target
    if t <= 0:
        return None
    return settle(rules, [u for u in range(len(totals)) if totals[u] >= t], totals, hand)


def hands_winner(rules: RuleSet, hands: int, totals: tuple[int, ...]) -> tuple[int, ...] | None:
    """With a fixed number of ``hands``: once that many are played, the highest total wins; a tie is shared
    (``tie = "shared"``: all tied win) or settles nothing (``"another-hand"``: play on until one leads)."""
    n = rules.scoring.hands
    if n <= 0 or hands < n:
        return None
    best = max(totals)
    top = tuple(u for u in range(len(totals)) if totals[u] == best)
    if len(top) == 1 or rules.scoring.tie == "shared":
        return top
    return None
