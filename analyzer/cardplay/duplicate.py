"""Duplicate play: the sampling player -- :func:`analyzer.cardplay.advise.advise_card` choosing every card of
its side -- against policy v1 on the same deals and contracts.

Each deal is played twice from the same hands and contract (the declarer: seat ``index % seats``, who names the
trump of its hand's best meld and leads): every seat by policy v1 (the baseline), and one side by the sampling
player with the others by v1 -- the declaring side on even deals, the other seats on odd ones (each play of the
sampling player costs seconds; a deal's two roles would double the cost for no more deals). The gain on a deal
is the points the side took with the sampling player minus the points the same seats took in the baseline
(paired on the deal, so the luck of the cards cancels). The sampling player sees what its seat sees: its hand,
the contract and every card played (not the meld the others showed: it knows less than a player at the table,
so the figure is conservative); two-handed is played from phase 2 (the hands dealt anew), whose cards are all
known. Each row also keeps what the sampling player expected its side to take at its first decision
(``first_estimate``): against what the side took, the optimism of valuing cards as if the hands were open.
Decision ``j`` of deal ``index`` samples from its own seed (``seed``, ``index``, ``j``), so a deal's play
depends on its index alone.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from analyzer.cardplay.advise import advise_card
from analyzer.cardplay.request import PlayRequest
from analyzer.cards import SUITS, Hand, from_planes
from analyzer.deal import random_deals
from analyzer.meld import best_trump
from analyzer.play.engine import CTL_LEFT, CTL_TURN, S_POINTS, play
from analyzer.play.playout import new_state
from analyzer.play.policy import v1_move
from analyzer.rules.lowered import side_mask
from analyzer.rules.model import RuleSet

#: the roles of the sampling player: the declaring side, the other seats
ROLES = ("declaring", "defending")


@dataclass(frozen=True)
class Played:
    """One play of a deal: each seat's points, and the sampling player's decisions (cards chosen by it, of which
    with one legal card), deals valued by the solver and by rollouts, seconds spent."""

    points: np.ndarray
    decisions: int
    forced: int
    solved: int
    rollouts: int
    seconds: float
    #: the side's expected points over the hand at the sampling player's first decision (the card it chose, on
    #: the deals it sampled: what it expects to take, valued as if every hand were then open); nan: no decision
    first_estimate: float = float("nan")


def contract(rules: RuleSet, hands: np.ndarray, index: int) -> tuple[int, int]:
    """The declarer (seat ``index % seats``) and the trump of its hand's best meld."""
    declarer = index % rules.seats
    suit, _ = best_trump(Hand(rules.deck, tuple(sorted(from_planes(hands[declarer], rules.deck)))), rules)
    return declarer, SUITS.index(suit)


def play_deal_with(rules: RuleSet, hands: np.ndarray, trump: int, declarer: int, sampler: tuple[int, ...],
                   samples: int, seed: int, index: int) -> Played:
    """Play ``hands`` (int64[seats, copies]) to the end: the seats in ``sampler`` by the sampling player, the
    others by policy v1."""
    st = new_state(rules, hands, trump, declarer, declarer, 0)
    names = [" ".join(rules.deck.name(k) for k in from_planes(hands[s], rules.deck)) for s in range(rules.seats)]
    played: list[str] = []
    decisions = forced = solved = rolled = 0
    first = float("nan")
    t0 = time.perf_counter()
    while st[CTL_LEFT] > 0:
        seat = int(st[CTL_TURN])
        if seat in sampler:
            if rules.has_bidding:
                kw = {"declarer": declarer, "bid": 0}
            else:  # two-handed phase 2: every card is known
                kw = {"leader": declarer, "shown": [f"{s}:{names[s]}" for s in range(rules.seats) if s != seat]}
            req = PlayRequest.make(rules, names[seat], seat=seat, trump=SUITS[trump], played=" ".join(played),
                                   samples=samples, seed=(seed * 1_000_003 + index) * 131 + len(played), **kw)
            adv = advise_card(req)
            card = adv.best if adv.best is not None else adv.lines[0].card
            k = Hand.parse(card, rules.deck).kinds[0]
            if decisions == 0:
                first = next(ln.points.mean for ln in adv.lines if ln.card == card)
            decisions += 1
            forced += adv.action == "only"
            solved += int(adv.values.solved.sum())
            rolled += int((~adv.values.solved).sum())
        else:
            k = int(v1_move(st))
        played.append(rules.deck.name(k))
        play(st, np.int64(k))
    return Played(st[S_POINTS:S_POINTS + rules.seats].copy(), decisions, forced, solved, rolled,
                  time.perf_counter() - t0, first)


def duplicate_rows(rules: RuleSet, start: int, n: int, seed: int = 1, samples: int = 40,
                   progress: bool = False) -> list[dict]:
    """Deals ``start .. start + n - 1`` of ``seed``, each played twice (module docstring): one row per deal with
    the sampling player's role and its side's points by the sampling player and by v1 in the same seats."""
    from analyzer.runs.progress import progress_bar

    deals = random_deals(rules, n, seed=seed, start=start, stock=False).hands
    rows = []
    with progress_bar(progress, n, "duplicate deals") as bar:
        for i in range(n):
            index = start + i
            hands = deals[i]
            declarer, trump = contract(rules, hands, index)
            dmask = side_mask(rules, declarer)
            decl = tuple(s for s in range(rules.seats) if (dmask >> s) & 1)
            other = tuple(s for s in range(rules.seats) if s not in decl)
            base = play_deal_with(rules, hands, trump, declarer, (), samples, seed, index)
            role, seats = (ROLES[0], decl) if index % 2 == 0 else (ROLES[1], other)
            got = play_deal_with(rules, hands, trump, declarer, seats, samples, seed, index)
            rows.append({"deal": index, "declarer": declarer, "trump": SUITS[trump], "role": role,
                         "v1": int(sum(int(base.points[s]) for s in seats)),
                         "sampler": int(sum(int(got.points[s]) for s in seats)),
                         "decisions": got.decisions, "forced": got.forced, "solved": got.solved,
                         "rollouts": got.rollouts, "seconds": round(got.seconds, 3),
                         "first_estimate": round(got.first_estimate, 3), "samples": samples,
                         "seed": seed})
            bar.advance(1)
    return rows
