"""The card for the game (``pinochle play --score``): every legal card judged by my chance of winning the game, not
by its points alone.

On every sampled deal the hand's outcome after each card -- every scoring unit's score, the contract made or set,
who took every trick, a quadruple pinochle's win (:mod:`analyzer.cardplay.outcome`) -- is carried to the state
after the hand by the game's rules and valued by the win-probability table
(:func:`analyzer.game.value.chances_after`), as the bid advice judges its calls
(:mod:`analyzer.bidding.gamecall`). The cards are ranked by their mean chance; the card for the game replaces
the card by points only where it beats it beyond the sampling noise (the lower end of the paired 95% interval of
the difference above 0), so that where the score does not change the card (0-0 early on) the answer is the card
by points. A card's chance carries the deals' spread and the table's own 95% half-width, added in quadrature
(:func:`analyzer.advisor.gamefigures.with_table`); the table assumes both sides play the hands after this one as
its self-play did.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.cardplay.request import PlayRequest
from analyzer.estimate import Estimate, mean_ci, paired_diff
from analyzer.game.kernel import I_LOSE, I_WIN
from analyzer.game.outcomes import HandOutcomes
from analyzer.game.value import chance_now, chances_after, with_table
from analyzer.score import seat_unit

#: a share of deals that must differ between two cards before the sentence names it as the reason
SAY_SHARE = 0.03


@dataclass(frozen=True)
class GameCard:
    """One card judged for the game: my ``chance`` of winning it (95%: the deals' spread and the table's), the share
    of deals on which the hand wins (``wins``) or loses (``loses``) the game."""

    card: str
    chance: Estimate
    wins: float
    loses: float

    def as_dict(self) -> dict[str, Any]:
        return {"card": self.card, "chance": self.chance.as_dict(4), "wins_game_now": round(self.wins, 4),
                "loses_game_now": round(self.loses, 4)}


@dataclass(frozen=True)
class PlayGame:
    """The answer's game part: the score (``totals`` per scoring unit, ``hands`` played, ``me`` my unit), my chance
    before the hand (``now``: the table read at the score), every card's :class:`GameCard` ranked by its mean
    chance, the card for the game and the card by points (None: no card named), the paired difference of their
    chances (``gain``) and of their values by the points criterion (``cost``), the sentence saying why, and the
    table's source."""

    totals: tuple[int, ...]
    hands: int
    me: int
    now: Estimate
    cards: tuple[GameCard, ...]
    best: str | None
    points: str | None
    gain: Estimate | None
    cost: Estimate | None
    text: str
    table: str

    @property
    def differs(self) -> bool:
        return self.best != self.points

    def card(self, name: str) -> GameCard:
        """The figures of the card ``name``."""
        return next(c for c in self.cards if c.card == name)

    def as_dict(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "hands_played": self.hands, "my_unit": self.me,
                "chance_now": self.now.as_dict(4), "cards": [c.as_dict() for c in self.cards],
                "card_for_game": self.best, "card_by_points": self.points,
                "chance_gain": self.gain.as_dict(4) if self.gain else None,
                "cost_by_points": self.cost.as_dict() if self.cost else None, "text": self.text, "table": self.table}


@dataclass(frozen=True)
class _Judged:
    """The chances behind :class:`PlayGame`: per deal and card (``chance``, ``ended``) and their means."""

    chance: np.ndarray
    half: np.ndarray
    ended: np.ndarray
    value: np.ndarray
    wins: np.ndarray
    loses: np.ndarray


def _judge(req: PlayRequest, me: int, out: HandOutcomes, cards: int) -> _Judged:
    """My chance of winning the game after each card on each deal (rows of ``out``: deals first)."""
    c, h, e = chances_after(req.rules, req.win_table, req.game, me, out)
    chance, half, ended = c.reshape(-1, cards), h.reshape(-1, cards), e.reshape(-1, cards)
    return _Judged(chance, half, ended, chance.mean(axis=0), (ended == I_WIN).mean(axis=0),
                   (ended == I_LOSE).mean(axis=0))


def card_for_game(chance: np.ndarray, points: int) -> int:
    """The column of the card for the game among ``chance`` [n, cards] (module docstring): the highest mean chance
    (the card by points, column ``points``, on a tie), kept only where it beats the card by points beyond the noise
    (the paired 95% interval of the difference above 0); else ``points``."""
    value = chance.mean(axis=0)
    g = max(range(chance.shape[1]), key=lambda j: (value[j] - (1e-12 if j != points else 0.0), -j))
    if g != points and not paired_diff(chance[:, g], chance[:, points]).lo > 0:
        return points
    return g


def game_cards(req: PlayRequest, names: tuple[str, ...], out: HandOutcomes, crit: np.ndarray, points: int | None,
               criterion: str) -> PlayGame:
    """The game part of the answer (module docstring) for the cards ``names`` with the hand's outcomes ``out``
    (rows: deals first), their values by the points criterion ``crit`` [n, cards] (named ``criterion``) and the
    card by points (column ``points``; None: no card is named, too few deals)."""
    rs, game = req.rules, req.game
    assert game is not None and req.win_table is not None
    seat = req.phase1.seat if req.phase1 is not None else req.record.seat
    me = int(seat_unit(rs)[seat])
    j = _judge(req, me, out, len(names))
    n = j.chance.shape[0]
    lines = [GameCard(names[k], with_table(mean_ci(j.chance[:, k]), float(j.half[:, k].mean())), float(j.wins[k]),
                      float(j.loses[k])) for k in range(len(names))]
    ranked = tuple(lines[k] for k in sorted(range(len(names)), key=lambda k: (-round(float(j.value[k]), 9), k)))
    now_mean, now_half = chance_now(rs, req.win_table, game, me)
    now = Estimate(now_mean, now_half / 1.96, max(0.0, now_mean - now_half), min(1.0, now_mean + now_half), n)
    head = (game.totals, game.hands, me, now, ranked)
    if points is None:
        return PlayGame(*head, None, None, None, None, "For the game: too few deals to name a card.",
                        req.win_table.source)
    g = card_for_game(j.chance, points)
    best, pts = lines[g], lines[points]
    if g == points:
        c = pts.chance
        top = ranked[0]
        if top.card != pts.card and top.chance.mean > c.mean:  # a higher mean, within the noise of the paired test
            text = (f"For the game: {pts.card} too: no card beats its chance of winning it, {c.mean:.1%} (95% "
                    f"{c.lo:.1%} to {c.hi:.1%}; before the hand {now_mean:.1%}), beyond the noise ({top.card} "
                    f"{top.chance.mean:.1%}).")
        else:
            text = (f"For the game: {pts.card} also gives you the best chance of winning it, {c.mean:.1%} (95% "
                    f"{c.lo:.1%} to {c.hi:.1%}; before the hand {now_mean:.1%}).")
        return PlayGame(*head, best.card, pts.card, None, None, text, req.win_table.source)
    gain = paired_diff(j.chance[:, g], j.chance[:, points])
    cost = paired_diff(crit[:, g], crit[:, points])
    what = {"net": "expected net score", "score": "expected score", "points": "expected points",
            "difference": "expected score minus the opponent's"}[criterion]
    text = (f"For the game: {best.card} rather than {pts.card} (the card by points): your chance of winning the game "
            f"{best.chance.mean:.1%} against {pts.chance.mean:.1%} (difference {100 * gain.mean:+.1f} points, 95% "
            f"{100 * gain.lo:+.1f} to {100 * gain.hi:+.1f}), at {cost.mean:+.1f} {what} this hand: "
            f"{_why(game.totals, me, out, j, g, points, names)}.")
    return PlayGame(*head, best.card, pts.card, gain, cost, text, req.win_table.source)


def _why(totals: tuple[int, ...], me: int, out: HandOutcomes, j: _Judged, g: int, p: int,
         names: tuple[str, ...]) -> str:
    """Why the card for the game (column ``g``) differs from the card by points (``p``), from the figures: the
    contract made or set where that wins the game (and the card makes or sets it more often), the hand winning or
    losing the game, else the lead."""
    G, P = names[g], names[p]
    k = j.chance.shape[1]
    bidder = out.bidder.reshape(-1, k)
    if (bidder >= 0).any():
        mine = bidder[0, 0] == me
        key = out.made.reshape(-1, k) if mine else ~out.made.reshape(-1, k)
        won = key & (j.ended == I_WIN)
        sg, sp = float(won[:, g].mean()), float(won[:, p].mean())
        if sg > sp + SAY_SHARE and float(key[:, g].mean()) > float(key[:, p].mean()):  # the contract decides
            act = "making the contract" if mine else "setting the contract"
            return f"{act} wins the game on {sg:.0%} of the deals with {G}, on {sp:.0%} with {P}"
    if j.wins[g] > j.wins[p] + SAY_SHARE:
        return f"{G} wins the game this hand on {j.wins[g]:.0%} of the deals, {P} on {j.wins[p]:.0%}"
    if j.loses[g] < j.loses[p] - SAY_SHARE:
        return f"{P} loses the game this hand on {j.loses[p]:.0%} of the deals, {G} on {j.loses[g]:.0%}"
    mine_total = totals[me]
    best_other = max(t for u, t in enumerate(totals) if u != me)
    if mine_total > best_other:
        return "ahead, it keeps more of your lead"
    if mine_total < best_other:
        return "behind, it keeps more of your chances"
    return "it keeps more of your chances at this score"
