"""The chance of winning a two-handed game from a score, by games played forward: the cross-check of the table.

The answers (``pinochle two-hand --score``, ``pinochle bid --rules two-handed --score``) read the game's
win-probability table (:mod:`analyzer.twohand.gamechance`, :mod:`analyzer.game.table`): one implementation of the
chance of winning. :func:`game_odds` is kept beside it as an independent check of that table, not as a second
answer: it plays whole games forward from the score with hands drawn from its own pool of self-play, where the table
is a fixed point of value iteration over a grid of scores made from other hands, so the two share nothing but the
players' policy and the rules; ``tests/test_game_twohand.py`` checks that they agree within their intervals.

Hands are drawn from a *pool* of whole hands of self-play (both seats ``th-v1``, :func:`.hands.self_play`,
every rule option honoured): a pool hand is a pair (non-dealer's score, dealer's score). A game starts
from the given score and alternates the deal; each hand adds a pool hand, drawn uniformly at random,
to the two totals (the dealer's share to whoever deals it). The game ends when a total reaches the
target; if both do in the same hand the higher total wins (equal totals: another hand is played).
Optionally the first hand is the analysed one: its sampled outcomes (my score, opponent's score) are
drawn instead of the pool's.

The games run in a numba batch; game ``j`` draws from the stream of ``(seed, j)`` only, so the result
does not depend on the thread count. The interval is the Wilson interval over the games (the pool's
own sampling error is not in it; the pool is large).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.deal.rng import SEED_MASK, scaled, stream_seed, xorshift
from analyzer.errors import UserError
from analyzer.estimate import Proportion, wilson
from analyzer.jit import hot, range_kernel
from analyzer.rules.model import RuleSet
from analyzer.twohand.hands import self_play
from analyzer.twohand.policy import TH_VERSION

DEFAULT_POOL = 8_000
MAX_HANDS = 10_000  # a game still undecided after this many hands counts as not won (never happens)


@range_kernel(jit=hot)
def games_range(a0, b0, target, me_deals, nd, dl, first_me, first_opp, seed, won, hands, lo, hi):
    """Play games ``lo .. hi - 1`` from my total ``a0`` and the opponent's ``b0`` (see the module doc).

    ``me_deals`` 1 when I deal the first hand; ``nd``/``dl``: the pool's non-dealer and dealer scores;
    ``first_me``/``first_opp``: outcomes of the first hand (empty: draw it from the pool too).
    ``won[j]`` 1 when I win game j, ``hands[j]`` the hands it took.
    """
    m = nd.shape[0]
    f = first_me.shape[0]
    for j in range(lo, hi):
        x = stream_seed(seed, j)
        a = a0
        b = b0
        deal = me_deals
        h = 0
        res = 0
        while h < MAX_HANDS:
            x = xorshift(x)
            if h == 0 and f > 0:
                r = scaled(x, f)
                a += first_me[r]
                b += first_opp[r]
            else:
                r = scaled(x, m)
                if deal == 1:
                    a += dl[r]
                    b += nd[r]
                else:
                    a += nd[r]
                    b += dl[r]
            h += 1
            deal = 1 - deal
            if (a >= target or b >= target) and a != b:
                res = 1 if a > b else 0
                break
        won[j] = res
        hands[j] = h


@dataclass(frozen=True)
class GameOdds:
    """My chance of winning the game from ``score`` (mine, the opponent's) to ``target``."""

    score: tuple[int, int]
    target: int
    i_deal: bool
    win: Proportion
    games: int
    pool: int
    mean_hands: float
    first_hand: str
    phase2: str
    seed: int

    def as_dict(self) -> dict[str, object]:
        return {"score": list(self.score), "target": self.target, "i_deal": self.i_deal, "win": self.win.as_dict(),
                "games": self.games, "pool": self.pool, "mean_hands": round(self.mean_hands, 3),
                "first_hand": self.first_hand, "pool_policy": TH_VERSION, "pool_phase2": self.phase2,
                "seed": self.seed}


def hand_pool(rules: RuleSet, n: int = DEFAULT_POOL, seed: int = 0, phase2: str = "heuristic"
              ) -> tuple[np.ndarray, np.ndarray]:
    """Scores of ``n`` self-played hands (both ``th-v1``): (non-dealer's, dealer's), int64[n] each.
    Cached per rule set, size, seed and phase-2 mode."""
    key = ("twohand_pool", n, seed, phase2)
    if key in rules.cache:
        return rules.cache[key]
    res = self_play(rules, n, seed, "th-v1", phase2)
    sc = res.score
    rows = np.arange(n)
    nd = sc[rows, 1 - res.dealer]
    dl = sc[rows, res.dealer]
    out = (np.ascontiguousarray(nd, dtype=np.int64), np.ascontiguousarray(dl, dtype=np.int64))
    rules.cache[key] = out
    return out


def game_odds(rules: RuleSet, score: tuple[int, int], *, target: int | None = None, i_deal: bool = False,
              games: int, pool: int = DEFAULT_POOL, seed: int = 0, phase2: str = "heuristic",
              first: tuple[np.ndarray, np.ndarray] | None = None) -> GameOdds:
    """My chance of winning the game from ``score`` = (mine, the opponent's) (see the module doc).

    ``target``: the game's target (default the rule set's, ``scoring.target``); ``i_deal``: I deal the
    next hand; ``first``: my and the opponent's scores in the sampled outcomes of the next hand (from
    :func:`analyzer.twohand.analysis.analyze_hand`), else the next hand comes from the pool too.
    """
    t = int(rules.scoring.target) if target is None else int(target)
    me, opp = (int(x) for x in score)
    if me < 0 or opp < 0:
        raise UserError("scores in two-handed pinochle are never negative")
    if t <= 0:
        raise UserError(f"the target must be positive, not {t}")
    if me >= t or opp >= t:
        raise UserError(f"the game is over at {me}-{opp}: the target is {t}")
    if games < 1 or pool < 1:
        raise UserError("give at least one game and one pool hand")
    nd, dl = hand_pool(rules, pool, seed, phase2)
    if first is not None:
        f_me = np.ascontiguousarray(first[0], dtype=np.int64)
        f_opp = np.ascontiguousarray(first[1], dtype=np.int64)
        if f_me.shape != f_opp.shape or f_me.ndim != 1:
            raise ValueError("first must be two equal-length arrays of scores")
    else:
        f_me = f_opp = np.zeros(0, dtype=np.int64)
    won = np.zeros(games, dtype=np.int64)
    hands = np.zeros(games, dtype=np.int64)
    games_range.batch(int(games), np.int64(me), np.int64(opp), np.int64(t), np.int64(1 if i_deal else 0), nd, dl, f_me,
                      f_opp, np.int64(int(seed) & SEED_MASK), won, hands)
    return GameOdds((me, opp), t, bool(i_deal), wilson(int(won.sum()), games), games, pool, float(hands.mean()),
                    "analysed hand" if first is not None else "self-play", phase2, int(seed))
