"""The game between hands: each unit's total, who deals next, who has scored, and the winner once it is over."""

from __future__ import annotations

from dataclasses import dataclass

from analyzer.rules.model import RuleSet
from analyzer.score import scoring_units

#: how a game ended (:attr:`GameState.how`)
ENDINGS = ("all-tricks", "early", "quad-pinochle", "target", "hands")


@dataclass(frozen=True)
class GameState:
    """A game after some hands. Tuples have one entry per scoring unit (a side, or a player who scores alone).

    ``totals``: each unit's total score; ``hands``: hands played, thrown-in deals included; ``dealer``: the
    seat that deals the next hand; ``scored``: whether each unit's total has ever been above 0 in this game
    (double deck's early win looks at it); ``winner``: the units that won (more than one: a shared win), None
    while the game goes on; ``how``: how it ended, one of :data:`ENDINGS` ("" while it goes on).
    """

    totals: tuple[int, ...]
    hands: int = 0
    dealer: int = 0
    scored: tuple[bool, ...] = ()
    winner: tuple[int, ...] | None = None
    how: str = ""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.winner is not None


def new_game(rules: RuleSet, dealer: int = 0, totals: tuple[int, ...] | None = None) -> GameState:
    """A game before its first hand (or from given ``totals``, no hand counted): ``dealer`` deals first."""
    n = len(scoring_units(rules))
    t = (0,) * n if totals is None else tuple(int(x) for x in totals)
    if len(t) != n:
        raise ValueError(f"totals must give {n} scores (one per scoring unit), not {len(t)}")
    if not 0 <= dealer < rules.seats:
        raise ValueError(f"dealer must be a seat 0..{rules.seats - 1}, not {dealer}")
    return GameState(totals=t, dealer=dealer, scored=tuple(x > 0 for x in t))
