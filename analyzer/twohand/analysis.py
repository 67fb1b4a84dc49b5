"""What a dealt two-handed hand is worth: whole hands simulated around it, and advice at the start.

:func:`analyze_hand` samples the opponent's twelve cards and the order of the stock around my hand and
the turned-up card (:func:`analyzer.deal.sample_deals`), plays every sample as a whole hand — phase 1
by ``th-v1`` for both players (:mod:`analyzer.twohand.policy`), phase 2 exactly by the double-dummy
solver or by the heuristic players — and reports, with 95% intervals (:mod:`analyzer.estimate`):

* my expected meld, trick points and score, the opponent's, and the expected score difference (paired
  on the same samples), and how often I outscore the opponent;
* the melds I score most often (share of the samples, mean points): the melds to aim for;
* the dix: when I hold a 9 of trump, the same samples are played again with my dix exchange forbidden,
  and the paired difference says whether exchanging it (at the first chance) pays;
* with exact phase 2, the gap between the solver's and the heuristic players' phase 2 on the same
  positions (my phase-2 points).

I am seat 0; ``dealer`` True means I deal (so the opponent leads the first trick).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from analyzer.cards import SUIT_NAMES, SUITS, Hand, check_copies, parse_card, split_tokens
from analyzer.deal import sample_deals
from analyzer.errors import UserError, field_name
from analyzer.estimate import Estimate, Proportion, mean_ci, paired_diff, proportion
from analyzer.meld import meld_points
from analyzer.play.modes import phase2_mode
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import BATCH, run_batches, spans
from analyzer.twohand.hands import PHASE2_POLICY, HandResults, play_hands
from analyzer.twohand.params import check_two_handed
from analyzer.twohand.policy import TH_VERSION
from analyzer.twohand.state import MELD_IDS


@dataclass(frozen=True)
class MeldFrequency:
    """How often I scored a meld in the samples (any number of times), and its mean points per hand."""

    meld: str
    share: Proportion
    mean_points: float

    def as_dict(self) -> dict[str, object]:
        return {"meld": self.meld, "share": self.share.as_dict(), "mean_points": round(self.mean_points, 3)}


@dataclass(frozen=True)
class DixAdvice:
    """Whether to exchange the dix: ``gain`` is the paired difference of my expected score difference
    with the exchange allowed minus forbidden (None when I hold no dix); with the game's score, ``game_gain`` the
    same for my chance of winning the game and ``exchange`` the game's choice where it beats the points' beyond the
    noise (:func:`analyzer.twohand.gamechance.for_game`)."""

    holds: bool
    exchange: bool | None
    gain: Estimate | None
    exchanged: Proportion | None
    opponent_exchanged: Proportion
    text: str
    game_gain: Estimate | None = None  # with a score: the same for my chance of winning the game (gamechance)
    for_game: bool = False  # the game's choice replaced the choice by points

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON (``game_gain`` and ``for_game`` only where the game was asked about)."""
        game = {} if self.game_gain is None else {"game_gain": self.game_gain.as_dict(4), "for_game": self.for_game}
        return {"holds_dix": self.holds, "exchange": self.exchange,
                "gain": None if self.gain is None else self.gain.as_dict(),
                "exchanged": None if self.exchanged is None else self.exchanged.as_dict(),
                "opponent_exchanged": self.opponent_exchanged.as_dict(), "advice": self.text, **game}


@dataclass(frozen=True)
class HandAnalysis:
    """The figures of :func:`analyze_hand` (see the module doc); ``results`` the hands played, ``kept`` the same
    deals with my dix exchange forbidden (where it was measured), ``game`` the game's figures where a score was given
    (:class:`analyzer.twohand.gamechance.HandGame`, added by :func:`analyzer.twohand.gamechance.for_game`)."""

    rules: RuleSet
    hand: list[str]
    upcard: str
    trump: str
    dealer: bool
    samples: int
    seed: int
    phase2: str
    static_meld: int
    meld: Estimate
    opp_meld: Estimate
    tricks: Estimate
    opp_tricks: Estimate
    score: Estimate
    opp_score: Estimate
    difference: Estimate
    outscore: Proportion
    melds: list[MeldFrequency]
    dix: DixAdvice
    phase2_gap: Estimate | None
    inexact: int
    results: HandResults = field(repr=False)
    kept: HandResults | None = field(default=None, repr=False)
    game: Any = None

    @property
    def my_scores(self) -> np.ndarray:
        return self.results.score[:, 0]

    @property
    def opp_scores(self) -> np.ndarray:
        return self.results.score[:, 1]

    def as_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {
            "rules": self.rules.id, "options": self.rules.options, "hand": self.hand, "upcard": self.upcard,
            "trump": self.trump, "dealer": self.dealer, "samples": self.samples, "seed": self.seed,
            "policy": TH_VERSION, "phase2": self.phase2,
            "phase2_players": "double-dummy solver" if self.phase2 == "exact" else f"heuristic {PHASE2_POLICY}",
            "static_meld": self.static_meld,
            "meld": self.meld.as_dict(), "opp_meld": self.opp_meld.as_dict(),
            "trick_points": self.tricks.as_dict(), "opp_trick_points": self.opp_tricks.as_dict(),
            "score": self.score.as_dict(), "opp_score": self.opp_score.as_dict(),
            "difference": self.difference.as_dict(), "outscore": self.outscore.as_dict(),
            "melds": [m.as_dict() for m in self.melds], "dix": self.dix.as_dict(),
            "phase2_gap": None if self.phase2_gap is None else self.phase2_gap.as_dict(),
            "inexact_phase2": self.inexact,
            "game": None if self.game is None else self.game.as_dict(),
        }


def check_hand(rules: RuleSet, hand: str | Hand, upcard: str) -> tuple[Hand, int]:
    """My hand and the upcard's kind, checked: the rule set's hand size, cards of its deck, and no card
    more often than the deck has it (the upcard counted). UserError otherwise."""
    check_two_handed(rules)
    deck = rules.deck
    kinds = list(hand.kinds) if isinstance(hand, Hand) else [parse_card(t, deck) for t in split_tokens(hand)]
    if len(kinds) != rules.hand_size:
        hint = ""
        if len(kinds) == 6 and deck.copies == 2:
            hint = f" (for the 24-card game add {field_name('options')} deck=24)"
        elif len(kinds) == 12 and deck.copies == 1:
            hint = " (the 24-card game deals 6 cards each)"
        raise UserError(f"wrong hand size: {rules.id} hands have {rules.hand_size} cards, this one has "
                        f"{len(kinds)}{hint}")
    check_copies(kinds, deck)
    h = Hand(deck, tuple(sorted(kinds)))
    up = parse_card(upcard.strip(), deck) if upcard.strip() else -1
    if up < 0 or len(upcard.split()) != 1:
        raise UserError(f"bad upcard {upcard!r}: give the one turned-up card, e.g. {field_name('upcard')} 9H")
    held = h.kinds.count(up)
    if held + 1 > deck.copies:
        raise UserError(f"the upcard {deck.name(up)} clashes with the hand: the deck has {deck.copies} "
                        f"cop{'y' if deck.copies == 1 else 'ies'} of it and the hand holds {held}")
    return h, up


def _dix_text(rules: RuleSet, upcard: str, gain: Estimate, exchange: bool) -> str:
    if exchange:
        return (f"exchange your dix for the {upcard} at your first chance: {gain.mean:+.2f} points per hand "
                f"(95% {gain.lo:+.2f} to {gain.hi:+.2f}) against keeping it")
    return (f"keep your dix: exchanging it for the {upcard} changes the score by {gain.mean:+.2f} per hand "
            f"(95% {gain.lo:+.2f} to {gain.hi:+.2f})")


@dataclass(frozen=True)
class _Part:
    """Sampled deals ``start .. start + n - 1`` of one analysis (a batch: :mod:`analyzer.runs.batches`)."""

    rules: RuleSet
    hand: tuple[str, ...]
    upcard: str
    dealer_seat: int
    seed: int
    start: int
    n: int
    phase2: str
    keep_dix: bool  # also play the deals with my dix exchange forbidden


def _play_part(t: _Part) -> tuple[HandResults, HandResults | None]:
    """Deal and play one batch: the results, and with ``keep_dix`` those without my dix exchange."""
    deals = sample_deals(t.rules, 0, " ".join(t.hand), t.n, t.seed, start=t.start, stock_cards=t.upcard)
    res = play_hands(t.rules, deals.hands, deals.stock, t.dealer_seat, "th-v1", t.phase2, t.seed, start=t.start)
    keep = None
    if t.keep_dix:
        keep = play_hands(t.rules, deals.hands, deals.stock, t.dealer_seat, "th-v1", t.phase2, t.seed,
                          no_exchange=(True, False), known=res, start=t.start)
    return res, keep


def analyze_hand(rules: RuleSet, hand: str | Hand, upcard: str, *, samples: int, dealer: bool = False,
                 seed: int = 0, phase2: str = "exact",
                 dix: bool = True, workers: int = 1, cluster: Any = None, progress: bool = False,
                 batch: int = BATCH) -> HandAnalysis:
    """Simulate whole hands around ``hand`` and the turned-up ``upcard`` (see the module doc).

    ``samples``: sampled deals, at least 2 (the API checks it: the paired figures need two); ``dealer``: I deal;
    ``phase2``: ``exact`` (solver) or ``heuristic``;
    ``dix``: also measure the dix exchange when I hold a dix (a second, paired run). The deals are
    played in batches of ``batch`` where ``workers`` / ``cluster`` say (:func:`analyzer.runs.batches.run_batches`);
    deal ``i`` is dealt and played from ``(seed, i)`` alone, so the figures do not depend on where or in
    how many batches they ran.
    """
    phase2_mode(phase2)
    assert samples >= 2, samples  # checked by the API (BidRequest.make, the two-hand question's samples)
    h, up = check_hand(rules, hand, upcard)
    deck = rules.deck
    trump = up // 16
    dix_kind = 16 * trump + deck.rank_bit["9"]
    holds = dix_kind in h.kinds
    up_is_dix = up == dix_kind  # a dix for a dix: nothing to exchange, nothing to measure
    measure = holds and dix and not up_is_dix
    parts = [_Part(rules, tuple(h.names()), deck.name(up), 0 if dealer else 1, int(seed), sp.start, sp.n, phase2,
                   measure) for sp in spans(samples, batch)]
    done = run_batches(_play_part, parts, workers=workers, cluster=cluster, progress=progress,
                       label="two-handed deals")
    res = HandResults.concat([r for r, _ in done])
    keep = HandResults.concat([k for _, k in done if k is not None]) if measure else None
    sc = res.score
    diff = paired_diff(sc[:, 0], sc[:, 1])
    melds = []
    for i, name in enumerate(MELD_IDS):
        pts = res.meld_ids[:, 0, i]
        if pts.any():
            melds.append(MeldFrequency(name, proportion(pts > 0), float(pts.mean())))
    melds.sort(key=lambda m: (-m.share.p, -m.mean_points))
    opp_x = proportion(res.exchanged_by == 1)
    if keep is not None:
        gain = paired_diff(res.difference, keep.difference)
        exchange = gain.mean >= 0
        advice = DixAdvice(True, exchange, gain, proportion(res.exchanged_by == 0), opp_x,
                           _dix_text(rules, deck.name(up), gain, exchange))
    elif holds and up_is_dix:
        advice = DixAdvice(True, None, None, proportion(res.exchanged_by == 0), opp_x,
                           f"the upcard is a dix ({deck.name(dix_kind)}) and you hold the other: there is nothing "
                           "to exchange (a dix for a dix)")
    elif holds:
        advice = DixAdvice(True, None, None, proportion(res.exchanged_by == 0), opp_x,
                           "you hold the dix: exchanging it was not measured")
    elif up_is_dix:
        unseen = deck.copies - 1
        advice = DixAdvice(False, None, None, None, opp_x,
                           f"the upcard is the dix ({deck.name(dix_kind)}), the deck's only one: nobody can exchange "
                           "for it" if unseen == 0 else
                           f"the upcard is a dix ({deck.name(dix_kind)}): there is nothing to exchange for it; "
                           f"the other {deck.name(dix_kind)} is unseen")
    else:
        advice = DixAdvice(False, None, None, None, opp_x,
                           f"you hold no dix ({deck.name(dix_kind)}): the opponent exchanges it in "
                           f"{100 * opp_x.p:.0f}% of the hands")
    gap = None
    if phase2 == "exact":
        gap = paired_diff(res.phase2_points[:, 0], res.phase2_heuristic[:, 0])
    return HandAnalysis(
        rules=rules, hand=h.names(), upcard=deck.name(up), trump=SUITS[trump], dealer=bool(dealer),
        samples=samples, seed=int(seed), phase2=phase2,
        static_meld=meld_points(h, rules)[SUITS[trump]],
        meld=mean_ci(res.meld[:, 0]), opp_meld=mean_ci(res.meld[:, 1]),
        tricks=mean_ci(res.points[:, 0]), opp_tricks=mean_ci(res.points[:, 1]),
        score=mean_ci(sc[:, 0]), opp_score=mean_ci(sc[:, 1]), difference=diff,
        outscore=proportion(sc[:, 0] > sc[:, 1]), melds=melds, dix=advice, phase2_gap=gap,
        inexact=res.inexact, results=res, kept=keep)


def trump_name(analysis: HandAnalysis) -> str:
    """``hearts (H)`` for the analysis' trump."""
    return f"{SUIT_NAMES[SUITS.index(analysis.trump)]} ({analysis.trump})"
