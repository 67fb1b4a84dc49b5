"""The simple passing rule's data from the rule set, the pass of a batch of deals, and the plain-Python reference.

:func:`rule_tables` reads what the rule needs from the meld table (docs/RULES.md, "Card passing"): the dix ranks
(a meld of one card of one rank, in trump only) and, for each trump suit, the cards of a fixed-card meld (the
pinochle) outside that suit when the meld has a card in it. :func:`exchange` plays the pass of many deals, one way
at a time (:func:`pass_step`, through :func:`analyzer.passing.kernel.step_range`); :func:`reference_pass` is the
same rule read literally, one card at a time with the reference meld counter (the kernel is tested against it).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.cards import LANE
from analyzer.meld import meld_tables
from analyzer.meld.reference import meld_total
from analyzer.passing.kernel import step_range
from analyzer.rules.model import RuleSet


def rule_tables(rules: RuleSet) -> tuple[int, np.ndarray]:
    """``(dix, parts)``: the lane bits of the dix ranks, and int64[4] the kinds the partner passes after his trumps
    when suit t is trump (the other suits' cards of each fixed-card meld with a card of suit t)."""
    deck = rules.deck
    dix = 0
    for m in rules.melds:
        if m.scope == "suit" and m.suit == "trump" and len(m.ranks) == 1 and m.ranks[0][1] == 1:
            dix |= 1 << deck.rank_bit[m.ranks[0][0]]
    parts = np.zeros(4, dtype=np.int64)
    for m in rules.melds:
        if m.scope != "cards":
            continue
        for t in range(4):
            if any(k // LANE == t for k in m.cards):
                parts[t] |= sum(1 << k for k in set(m.cards) if k // LANE != t)
    return dix, parts


@dataclass(frozen=True)
class Exchange:
    """A batch of passes: ``hands`` int64[n, seats, copies] after the pass; ``given`` int64[n, copies] the cards the
    bid winner's partner passed him, ``back`` the cards he passed back (count planes)."""

    hands: np.ndarray
    given: np.ndarray
    back: np.ndarray


def pass_step(rules: RuleSet, hands: np.ndarray, giver: np.ndarray, trump: np.ndarray, bidder_rule: bool
              ) -> np.ndarray:
    """One way of the pass in every deal, in place: seat ``giver[i]`` passes ``rules.passing.cards`` cards to his
    partner by the simple rule of the bid winner (``bidder_rule``) or of his partner, trump ``trump[i]``;
    ``hands`` int64[n, seats, copies] (C-contiguous) is changed; returns the cards passed, int64[n, copies]."""
    n = hands.shape[0]
    out = np.zeros((n, rules.deck.copies), dtype=np.int64)
    giver = np.ascontiguousarray(giver, dtype=np.int64).reshape(n)
    taker = np.array([rules.partners(s)[0] for s in range(rules.seats)], dtype=np.int64)[giver]
    dix, parts = rule_tables(rules)
    _, (nr, wide, pl, st, at, cm, cmul) = meld_tables(rules, generic=True)
    step_range.batch(n, hands, giver, taker, np.ascontiguousarray(trump, dtype=np.int64).reshape(n),
                     np.int64(rules.passing.cards), bool(bidder_rule), nr, np.int64(dix), parts, wide, pl, st, at,
                     cm, cmul, out)
    return out


def exchange(rules: RuleSet, hands: np.ndarray, declarer: np.ndarray, trump: np.ndarray) -> Exchange:
    """The pass of each deal by the simple rule (``rules.passing``: cards each way, who first): ``hands``
    int64[n, seats, copies] as dealt, ``declarer`` and ``trump`` int[n] the bid winner and his trump. The hands are
    copied; with no pass (``cards`` = 0) they come back as they are and nothing is passed."""
    hands = np.array(hands, dtype=np.int64, copy=True).reshape(-1, rules.seats, rules.deck.copies)
    n = hands.shape[0]
    if not rules.passing.cards or n == 0:
        given = np.zeros((n, rules.deck.copies), dtype=np.int64)
        return Exchange(hands, given, given.copy())
    declarer = np.ascontiguousarray(declarer, dtype=np.int64).reshape(n)
    partner = np.array([rules.partners(s)[0] for s in range(rules.seats)], dtype=np.int64)[declarer]
    moved = {}
    for bidder in ((True, False) if rules.passing.bidder_first else (False, True)):
        moved[bidder] = pass_step(rules, hands, declarer if bidder else partner, trump, bidder_rule=bidder)
    return Exchange(hands, moved[False], moved[True])


def reference_choice(rules: RuleSet, counts: dict[int, int], trump: int, bidder: bool) -> list[int]:
    """The cards (kinds, in the order taken) that a hand of ``counts`` passes by the simple rule: as the bid
    winner passing back (``bidder``) or as his partner. Plain Python, one card at a time (docs/RULES.md)."""
    deck, n = rules.deck, rules.passing.cards
    h = {k: c for k, c in counts.items() if c}
    out: list[int] = []
    nr, top = deck.nranks, deck.nranks - 1

    def take(k: int) -> None:
        h[k] -= 1
        if not h[k]:
            del h[k]
        out.append(k)

    if bidder:
        for _ in range(n):
            full = meld_total(h, rules, trump)
            keys = []
            for k in h:
                s, b = divmod(k, LANE)
                rest = dict(h)
                rest[k] -= 1
                loss = max(0, full - meld_total(rest, rules, trump))
                keys.append(((s == trump), loss, b == top, b, s, k))
            take(min(keys)[-1])
        return out
    dix, parts = rule_tables(rules)
    order = [LANE * trump + b for b in reversed(range(nr)) if not (dix >> b) & 1]
    order += [LANE * s + b for b in reversed(range(nr)) for s in range(4) if (int(parts[trump]) >> (LANE * s + b)) & 1]
    order += [LANE * s + top for s in range(4) if s != trump]
    order += [LANE * trump + b for b in reversed(range(nr)) if (dix >> b) & 1]
    order += [LANE * s + b for b in range(nr) for s in range(4)]
    for k in order:
        while len(out) < n and h.get(k, 0):
            take(k)
    return out


def reference_pass(rules: RuleSet, hands: list[dict[int, int]], declarer: int, trump: int
                   ) -> tuple[list[dict[int, int]], list[int], list[int]]:
    """One deal's pass by :func:`reference_choice`: (the seats' counts after it, the partner's cards, the bid
    winner's cards back)."""
    hands = [dict(h) for h in hands]
    moved: dict[int, list[int]] = {}
    for src in rules.pass_seats(declarer):
        dst = rules.partners(src)[0]
        moved[src] = reference_choice(rules, hands[src], trump, bidder=src == declarer)
        for k in moved[src]:
            hands[src][k] -= 1
            hands[dst][k] = hands[dst].get(k, 0) + 1
    given, back = moved[rules.partners(declarer)[0]], moved[declarer]
    return [{k: c for k, c in h.items() if c} for h in hands], given, back
