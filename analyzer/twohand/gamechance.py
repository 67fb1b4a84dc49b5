"""A two-handed hand valued by the game (``--score``): my chance of winning the game, before the hand and after it.

The whole-hand analysis (:func:`analyzer.twohand.analysis.analyze_hand`) plays sampled deals around my hand and
scores each. With the game's score given, each deal's two scores are carried to the state after the hand by the
game's rules (the target; both past it in one hand: the higher total, equal totals counted even) and valued by the
game's win-probability table (:func:`analyzer.game.value.chances_after`; the table is made from ``th-v1``
self-play, :mod:`analyzer.game.table`, and assumes both players play the later hands as that self-play did).
Two-handed has no bidding, no thrown-in deal and no instant win: a deal's outcome is its two scores.

The figures (:class:`HandGame`): my chance before the hand (the table read at the score, with the table's 95%
half-width), after this hand as analysed (the mean over the deals; its 95% interval the deals' spread and the
table's half-width in quadrature: :func:`analyzer.game.value.with_table`), and the share of deals on which this hand
ends the game won or lost.

**The decision the analysis ranks by points** is the dix exchange (the paired difference of the score difference
with my exchange allowed and forbidden; the trump is the upcard, and the melds and the cards are the players'
policy, not the advice's choice). :func:`for_game` ranks it by the chance of winning the game too; as in the bid
advice (:mod:`analyzer.bidding.gamecall`) the game's choice replaces the points choice only where it beats it
beyond the sampling noise (the paired 95% interval of the difference in chance excludes 0 on the game's side), so
at a score where the game changes nothing (0-0) the answer is the choice by points.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from analyzer.estimate import Estimate, Proportion, mean_ci, paired_diff, proportion
from analyzer.game.kernel import I_LOSE, I_WIN
from analyzer.game.outcomes import HandOutcomes
from analyzer.game.state import GameState
from analyzer.game.table import WinTable
from analyzer.game.value import chance_now, chances_after, with_table
from analyzer.rules.model import RuleSet
from analyzer.score import seat_unit
from analyzer.twohand.analysis import DixAdvice, HandAnalysis
from analyzer.twohand.hands import HandResults


@dataclass(frozen=True)
class GameAsked:
    """The game around a hand: ``state`` the game before it (``state.dealer`` deals the hand), ``me`` my scoring
    unit, ``table`` the game's win-probability table."""

    state: GameState
    me: int
    table: WinTable

    @classmethod
    def of(cls, rules: RuleSet, state: GameState, seat: int, table: WinTable) -> GameAsked:
        """The game as the player at ``seat`` sees it."""
        return cls(state, int(seat_unit(rules)[seat]), table)

    def chances(self, rules: RuleSet, mine: np.ndarray, theirs: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                                                      np.ndarray]:
        """(chance, half, ended) per deal: my chance of winning the game after a hand in which I score ``mine`` and
        the opponent ``theirs`` (int[m] each), the table's 95% half-width where it was read, and how the hand ended
        the game (:func:`analyzer.game.value.chances_after`)."""
        return chances_after(rules, self.table, self.state, self.me, outcomes(self.me, mine, theirs))

    def now(self, rules: RuleSet) -> Estimate:
        """My chance of winning before the hand: the table read at the score, its 95% half-width as the interval."""
        p, half = chance_now(rules, self.table, self.state, self.me)
        return Estimate(p, half / 1.96, max(0.0, p - half), min(1.0, p + half), self.table.hands)


def outcomes(me: int, mine: np.ndarray, theirs: np.ndarray) -> HandOutcomes:
    """Two-handed hands as the game sees them: my unit ``me`` scores ``mine``, the other ``theirs`` (nobody bids,
    no deal is thrown in, no instant win)."""
    m = len(mine)
    scores = np.zeros((m, 2), dtype=np.int64)
    scores[:, me] = mine
    scores[:, 1 - me] = theirs
    return HandOutcomes(scores, np.full(m, -1, dtype=np.int64), np.zeros(m, dtype=bool),
                        np.full(m, -1, dtype=np.int64), np.zeros((m, 2), dtype=bool), np.zeros(m, dtype=bool))


@dataclass(frozen=True)
class HandGame:
    """The answer's game part: the ``score`` before the hand (mine, the opponent's), the ``target``, whether I deal
    the hand (``i_deal``), my chance of winning before it (``now``) and, with a hand analysed, after it
    (``chance``) with the share of deals on which it ends the game won (``wins``) or lost (``loses``); ``table``:
    where the table's hands come from."""

    score: tuple[int, int]
    target: int
    i_deal: bool
    now: Estimate
    table: str
    chance: Estimate | None = None
    wins: Proportion | None = None
    loses: Proportion | None = None

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON: ``chance`` is the chance after the analysed hand (``first_hand`` "analysed hand"),
        else the chance now (``first_hand`` "table")."""
        hand = self.chance is not None
        return {"score": list(self.score), "target": self.target, "i_deal": self.i_deal,
                "first_hand": "analysed hand" if hand else "table",
                "chance": (self.chance if self.chance is not None else self.now).as_dict(4),
                "chance_now": self.now.as_dict(4),
                "wins_game_now": None if self.wins is None else self.wins.as_dict(),
                "loses_game_now": None if self.loses is None else self.loses.as_dict(), "table": self.table}

    def text(self) -> str:
        """The game in one sentence (without the hand's figures when no hand was analysed)."""
        n = self.now
        who = "you deal" if self.i_deal else "the opponent deals"
        head = (f"Game to {self.target} from {self.score[0]}-{self.score[1]} ({who} this hand): your chance of "
                f"winning it {n.mean:.1%} now (95% {n.lo:.1%} to {n.hi:.1%})")
        if self.chance is None or self.wins is None or self.loses is None:
            return head
        c = self.chance
        return (f"{head}, {c.mean:.1%} after this hand as analysed (95% {c.lo:.1%} to {c.hi:.1%}); this hand wins "
                f"the game on {self.wins.p:.0%} of the deals and loses it on {self.loses.p:.0%}")


def game_now(rules: RuleSet, ask: GameAsked) -> HandGame:
    """The game part without a hand: my chance of winning from the score."""
    st, me = ask.state, ask.me
    return HandGame((st.totals[me], st.totals[1 - me]), int(rules.scoring.target),
                    bool(seat_unit(rules)[st.dealer] == me), ask.now(rules), ask.table.source)


def _scores(res: HandResults) -> tuple[np.ndarray, np.ndarray]:
    """(mine, the opponent's) scores per deal of an analysis' hands (I am seat 0 there)."""
    return res.score[:, 0], res.score[:, 1]


def for_game(a: HandAnalysis, ask: GameAsked) -> HandAnalysis:
    """The analysis ``a`` with the game's figures (:attr:`HandAnalysis.game`) and the dix exchange ranked by the
    chance of winning the game too (module docstring)."""
    rs = a.rules
    chance, half, ended = ask.chances(rs, *_scores(a.results))
    g = game_now(rs, ask)
    g = replace(g, chance=with_table(mean_ci(chance), float(half.mean())), wins=proportion(ended == I_WIN),
                loses=proportion(ended == I_LOSE))
    dix = a.dix
    if a.kept is not None and dix.gain is not None and dix.exchange is not None:
        kept, _, _ = ask.chances(rs, *_scores(a.kept))
        dix = _dix_for_game(dix, a.upcard, paired_diff(chance, kept))
    return replace(a, game=g, dix=dix)


def _dix_for_game(dix: DixAdvice, upcard: str, gain: Estimate) -> DixAdvice:
    """The dix advice with ``gain``, the paired difference of my chance of winning the game with the exchange allowed
    minus forbidden: the game's choice where it beats the choice by points beyond the noise."""
    assert dix.gain is not None and dix.exchange is not None
    by_points = dix.exchange
    # the other choice only where it beats the points' beyond the noise: keeping, where the whole interval is below 0
    exchange = gain.hi >= 0 if by_points else gain.lo > 0
    chance = (f"your chance of winning the game {100 * gain.mean:+.1f} points (95% {100 * gain.lo:+.1f} to "
              f"{100 * gain.hi:+.1f}) exchanging against keeping it")
    if exchange == by_points:
        return replace(dix, game_gain=gain, text=f"{dix.text}; for the game: {chance}")
    p = dix.gain
    what = f"exchange your dix for the {upcard} at your first chance" if exchange else "keep your dix"
    return replace(dix, exchange=exchange, game_gain=gain, for_game=True,
                   text=f"for the game, {what}: {chance}, though by points it is {p.mean:+.2f} per hand (95% "
                        f"{p.lo:+.2f} to {p.hi:+.2f})")
