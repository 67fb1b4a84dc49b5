"""Choosing a two-handed hand's phase-1 behaviour by rollouts, for the game or for points: the arena's ``th-game`` and
``th-points`` agents (:mod:`analyzer.arena.games_twohand`).

At the start of each hand the agent knows its cards, the turned-up card, who deals and the game's score. It picks
one of a small fixed set of phase-1 behaviours (:data:`BEHAVIOURS`: th-v1, th-v1 keeping the dix, and th-v1's
styles ``th-meld`` and ``th-cards``, :data:`analyzer.twohand.policy.STYLES`) and plays the whole of phase 1 with it;
phase 2 is the play mode's, as for every agent. To choose, it samples :data:`ROLLOUTS` deals around its hand (the
opponent's cards and the order of the stock, uniformly among the unseen cards, the turned-up card last), plays each
behaviour on the same deals against ``th-v1`` (phase 2 by the heuristic players) and takes the behaviour whose
figure is highest (the first listed on ties):

* ``th-points`` (aim ``points``): the mean of my score less the opponent's — the points advisor;
* ``th-game`` (aim ``game``): the mean of my chance of winning the game after the hand, each deal's two scores
  carried to the state after it and read from the game's win-probability table
  (:meth:`analyzer.twohand.gamechance.GameAsked.chances`, the ``--score`` advice's valuation).

The sampled deals come from ``(seed, key)`` alone (the arena's key: the game, the hand, the seat), so both aims
see the same deals for the same cards, and a choice does not depend on the batch it is made in. Keeping the dix is
a behaviour only where it differs from th-v1's (I hold a 9 of trump and the turned-up card is not one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.deal.rng import seed_of
from analyzer.game.state import GameState
from analyzer.game.table import WinTable
from analyzer.rules.model import RuleSet
from analyzer.twohand.gamechance import GameAsked
from analyzer.twohand.hands import play_hands

#: the behaviours an agent chooses from: (phase-1 policy, my dix exchange forbidden)
BEHAVIOURS: tuple[tuple[str, bool], ...] = (("th-v1", False), ("th-v1", True), ("th-meld", False),
                                             ("th-cards", False))
#: the behaviours' names in the records
BEHAVIOUR_NAMES = tuple(p + (" keep-dix" if keep else "") for p, keep in BEHAVIOURS)
#: the choosing agents and their aims
CHOOSERS = {"th-game": "game", "th-points": "points"}
#: sampled deals each behaviour is played on
ROLLOUTS = 32
#: the opponent's policy in the rollouts
OPPONENT = "th-v1"
#: the salt of the rollouts' streams
SALT = 0x7C40


@dataclass(frozen=True)
class Decider:
    """One seat choosing its behaviour for a hand: ``cards`` its count planes (int64[copies]), ``upcard`` the
    turned-up card, ``seat`` (0 or 1), ``state`` the game before the hand (``state.dealer`` deals it), ``aim``
    ``game`` or ``points``, ``key`` the integers its sampled deals are drawn from (with the run's seed)."""

    cards: np.ndarray
    upcard: int
    seat: int
    state: GameState
    aim: str
    key: tuple[int, ...]


@dataclass(frozen=True)
class Choice:
    """A decider's choice: the index into :data:`BEHAVIOURS` and each behaviour's figure (NaN: not available)."""

    behaviour: int
    figures: np.ndarray

    @property
    def name(self) -> str:
        return BEHAVIOUR_NAMES[self.behaviour]


def holds_exchangeable_dix(rules: RuleSet, cards: np.ndarray, upcard: int) -> bool:
    """Whether the hand ``cards`` holds a 9 of the turned-up card's suit and that card is not one itself."""
    dix = 16 * (upcard // 16) + rules.deck.rank_bit["9"]
    return upcard != dix and bool((int(cards[0]) >> dix) & 1)


def sample_around(rules: RuleSet, cards: np.ndarray, upcard: int, seat: int, n: int, seed: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """``n`` deals around my ``cards`` at ``seat`` and the turned-up ``upcard``: hands int64[n, 2, copies] and the
    stock int64[n, m] in draw order (the turned-up card last), the unseen cards shuffled from ``seed``."""
    deck = rules.deck
    left = Counter({k: deck.copies for k in deck.kinds})
    for p in cards:
        for k in deck.kinds:
            if (int(p) >> k) & 1:
                left[k] -= 1
    left[upcard] -= 1
    unseen = np.array(sorted(left.elements()), dtype=np.int64)
    rng = np.random.default_rng(seed)
    order = rng.permuted(np.tile(unseen, (n, 1)), axis=1)
    opp = order[:, :rules.hand_size]
    stock = np.concatenate([order[:, rules.hand_size:], np.full((n, 1), upcard, dtype=np.int64)], axis=1)
    planes = np.zeros((n, deck.copies), dtype=np.int64)
    for k in deck.kinds:
        count = (opp == k).sum(axis=1)
        for c in range(deck.copies):
            planes[:, c] |= np.where(count > c, np.int64(1) << k, 0)
    hands = np.zeros((n, 2, deck.copies), dtype=np.int64)
    hands[:, seat] = cards
    hands[:, 1 - seat] = planes
    return hands, stock


def choose(rules: RuleSet, deciders: Sequence[Decider], seed: int, table: WinTable | None = None,
           rollouts: int = ROLLOUTS) -> list[Choice]:
    """Each decider's behaviour (module docstring): the rollouts of all deciders are played together, one batch per
    seat and behaviour. ``table``: the game's win-probability table (needed where an aim is ``game``)."""
    n = len(deciders)
    if not n:
        return []
    deals = [sample_around(rules, d.cards, d.upcard, d.seat, rollouts, seed_of(seed, SALT, *d.key))
             for d in deciders]
    avail = np.ones((n, len(BEHAVIOURS)), dtype=bool)
    for i, d in enumerate(deciders):
        if not holds_exchangeable_dix(rules, d.cards, d.upcard):
            avail[i, [b for b, (_, keep) in enumerate(BEHAVIOURS) if keep]] = False
    mine = np.zeros((n, len(BEHAVIOURS), rollouts), dtype=np.int64)
    theirs = np.zeros_like(mine)
    play_seed = seed_of(seed, SALT)
    for seat in range(2):
        for b, (policy, keep) in enumerate(BEHAVIOURS):
            idx = [i for i, d in enumerate(deciders) if d.seat == seat and avail[i, b]]
            if not idx:
                continue
            hands = np.concatenate([deals[i][0] for i in idx])
            stock = np.concatenate([deals[i][1] for i in idx])
            dealer = np.repeat([deciders[i].state.dealer for i in idx], rollouts)
            pols = (policy, OPPONENT) if seat == 0 else (OPPONENT, policy)
            res = play_hands(rules, hands, stock, dealer, pols, "heuristic", play_seed,
                             no_exchange=(keep and seat == 0, keep and seat == 1),
                             ids=np.tile(np.arange(rollouts, dtype=np.int64), len(idx)))
            score = res.score.reshape(len(idx), rollouts, 2)
            mine[idx, b] = score[:, :, seat]
            theirs[idx, b] = score[:, :, 1 - seat]
    out = []
    for i, d in enumerate(deciders):
        figures = np.full(len(BEHAVIOURS), np.nan)
        ok = np.flatnonzero(avail[i])
        if d.aim == "game":
            assert table is not None, "th-game needs the game's win-probability table"
            chance, _, _ = GameAsked.of(rules, d.state, d.seat, table).chances(rules, mine[i, ok].ravel(),
                                                                               theirs[i, ok].ravel())
            figures[ok] = chance.reshape(len(ok), rollouts).mean(axis=1)
        else:
            figures[ok] = (mine[i, ok] - theirs[i, ok]).mean(axis=1)
        out.append(Choice(int(ok[np.argmax(figures[ok])]), figures))
    return out


__all__ = ["BEHAVIOURS", "BEHAVIOUR_NAMES", "CHOOSERS", "ROLLOUTS", "Choice", "Decider", "choose",
           "holds_exchangeable_dix", "sample_around"]
