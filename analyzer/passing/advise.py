"""``pinochle pass``: which cards to pass, every candidate set worth considering ranked by my side's expected net
score on deals consistent with what I know, paired on the same deals, each with its 95 % interval.

On each sampled deal (dealt around my hand: :attr:`~analyzer.passing.request.PassRequest.table`) a candidate set
goes to my partner; when I pass first my partner answers by the simple rule (:func:`analyzer.passing.rule.
pass_step`); then every seat melds its hand after the pass in trump, the heuristic players play the hand (policy
v1, the first leader by the rules), and :func:`analyzer.score.score_hand` scores it at the bid. A set's value on a
deal is my side's score less the other side's (the meld after the pass plus the trick points, or minus the bid when
set). Every set is played on the same deals with the same random streams of the play, so the differences between
sets are paired.

The candidates (:func:`candidate_sets`): one set per distinct multiset of cards (identical cards are
interchangeable); a set is *worth considering* unless another set with the same *gain cards* keeps more of my meld
-- a set never gives up meld I could keep except for the cards passing is for. The gain cards of the bid winner's
partner are the ones the simple rule prefers: the trumps, the pinochle cards outside trump when trump is a pinochle
suit, the other suits' aces. The bid winner has none: his sets are those that keep his meld highest. When more sets
remain than ``sets``, all are played on a pilot (the first quarter of the deals, at least 30) and the best ``sets``
by it on every deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from analyzer.cards import LANE, Hand, card_names, from_planes
from analyzer.deal.rng import seed_of
from analyzer.estimate import Estimate, Proportion, mean_ci, paired_diff, proportion
from analyzer.meld import meld_batch
from analyzer.passing.request import PassRequest
from analyzer.passing.rule import pass_step, rule_tables
from analyzer.play import play_deals
from analyzer.rules.lowered import bid_class, first_leader
from analyzer.rules.model import RuleSet
from analyzer.score import declarer_made, score_hand

#: the play's random stream of ``pinochle pass`` (a sub-stream of the request's seed): deal i plays from (it, i)
PLAY_STREAM = 0x9A55
#: the least number of deals of the pilot that screens the candidate sets
PILOT_MIN = 30
#: hands played at a time (sets x deals): bounds the memory of many sets on many deals
CHUNK_HANDS = 1 << 19


def gain_kinds(rules: RuleSet, trump: int, bidder: bool) -> frozenset[int]:
    """The cards passing is for (module docstring): none for the bid winner; for his partner the trumps, the
    fixed-card melds' cards outside trump when trump is one of their suits, the other suits' aces."""
    if bidder:
        return frozenset()
    deck = rules.deck
    _, parts = rule_tables(rules)
    top = deck.nranks - 1
    out = {LANE * trump + b for b in range(deck.nranks)} | {LANE * s + top for s in range(4) if s != trump}
    out |= {k for k in range(64) if (int(parts[trump]) >> k) & 1}
    return frozenset(out)


def distinct_sets(hand: Hand, n: int) -> list[tuple[int, ...]]:
    """Every distinct multiset of ``n`` cards of ``hand`` (kinds, sorted), in a fixed order."""
    return sorted(set(combinations(sorted(hand.kinds), n)))


def kept_planes(rules: RuleSet, hand: Hand, sets: list[tuple[int, ...]]) -> np.ndarray:
    """int64[len(sets), copies]: the count planes of what ``hand`` keeps after passing each set (every set's cards
    in the hand)."""
    counts = np.zeros((len(sets), 64), dtype=np.int64)
    np.add.at(counts, (slice(None), np.array(hand.kinds, dtype=np.int64)), 1)
    if sets:
        rows = np.repeat(np.arange(len(sets)), [len(x) for x in sets])
        np.add.at(counts, (rows, np.array([k for x in sets for k in x], dtype=np.int64)), -1)
    weights = np.int64(1) << np.arange(64, dtype=np.int64)
    weights[63] = 0  # bit 63 is never a card
    return np.stack([(counts > p).astype(np.int64) @ weights for p in range(rules.deck.copies)], axis=1)


def kept_meld(rules: RuleSet, hand: Hand, sets: list[tuple[int, ...]], trump: int) -> np.ndarray:
    """int[len(sets)]: the meld in ``trump`` of what ``hand`` keeps after passing each set."""
    return meld_batch(kept_planes(rules, hand, sets), rules)[:, trump].astype(np.int64)


def candidate_sets(rules: RuleSet, hand: Hand, trump: int, bidder: bool) -> tuple[list[tuple[int, ...]], int]:
    """The sets worth considering (module docstring) of the cards ``hand`` passes from, and how many distinct sets
    there are."""
    every = distinct_sets(hand, rules.passing.cards)
    meld = kept_meld(rules, hand, every, trump)
    gain = gain_kinds(rules, trump, bidder)
    best: dict[tuple[int, ...], int] = {}
    keys = [tuple(k for k in s if k in gain) for s in every]
    for key, m in zip(keys, meld, strict=True):
        best[key] = max(best.get(key, -1), int(m))
    return [s for s, key, m in zip(every, keys, meld, strict=True) if m == best[key]], len(every)


@dataclass(frozen=True)
class PassLine:
    """One candidate set: its cards, my side's net score (ours minus theirs) and how far it is behind the best (paired,
    None for the best), my side's meld after the pass, the chance the bid is made, and when I pass first my
    partner's most frequent answer with its share of the deals."""

    cards: tuple[str, ...]
    net: Estimate
    behind: Estimate | None
    meld: Estimate
    made: Proportion
    reply: tuple[str, ...] | None
    reply_share: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "net": self.net.as_dict(),
                "behind": None if self.behind is None else self.behind.as_dict(), "side_meld": self.meld.as_dict(),
                "made": self.made.as_dict(), "reply": None if self.reply is None else list(self.reply),
                "reply_share": self.reply_share}


@dataclass(frozen=True)
class PassAdvice:
    """The answer: the sets ranked best first, on ``deals`` sampled deals; ``considered`` distinct sets, ``kept``
    worth considering, ``played`` played on every deal (the rest screened out on ``pilot`` deals)."""

    request: PassRequest
    lines: tuple[PassLine, ...]
    deals: int
    considered: int
    kept: int
    played: int
    pilot: int
    notes: tuple[str, ...]

    @property
    def best(self) -> tuple[str, ...]:
        return self.lines[0].cards

    def to_dict(self) -> dict[str, Any]:
        r = self.request
        return {
            "rules": r.rules.id, "seat": r.seat, "declarer": r.declarer, "bid": r.bid, "trump": "SHDC"[r.trump],
            "role": "bidder" if r.bidder else "partner", "first": r.first, "cards": r.rules.passing.cards,
            "hand": r.hand.names(), "received": None if r.received is None else r.received.names(),
            "best": list(self.best), "deals": self.deals, "considered": self.considered, "kept": self.kept,
            "played": self.played, "pilot": self.pilot, "lines": [ln.as_dict() for ln in self.lines],
            "notes": list(self.notes), "seed": r.seed,
        }


@dataclass(frozen=True)
class _Outcomes:
    """Each set's figures on each deal (arrays [sets, deals]) and my partner's answers (planes [sets, deals, copies],
    None when I pass second)."""

    net: np.ndarray
    meld: np.ndarray
    made: np.ndarray
    reply: np.ndarray | None


def _add(planes: np.ndarray, cards: tuple[int, ...]) -> None:
    """Add ``cards`` to every hand of ``planes`` (int64[n, copies]), in place: each card once, in the lowest plane
    lacking it."""
    for k in cards:
        bit = np.int64(1) << np.int64(k)
        placed = np.zeros(planes.shape[0], dtype=bool)
        for p in range(planes.shape[1]):
            free = ((planes[:, p] & bit) == 0) & ~placed
            planes[free, p] |= bit
            placed |= free


def outcomes(req: PassRequest, deals: np.ndarray, sets: list[tuple[int, ...]]) -> _Outcomes:
    """Every set played on every deal (module docstring): ``deals`` int64[n, seats, copies] as dealt; the sets
    :data:`CHUNK_HANDS` hands at a time (a set's figures depend on its deals alone, not on the others played
    with it)."""
    step = max(1, CHUNK_HANDS // max(1, deals.shape[0]))
    parts = [_set_outcomes(req, deals, sets[i:i + step]) for i in range(0, len(sets), step)]
    if len(parts) == 1:
        return parts[0]
    return _Outcomes(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("net", "meld", "made")),
                     None if parts[0].reply is None else np.concatenate([p.reply for p in parts]))


def _set_outcomes(req: PassRequest, deals: np.ndarray, sets: list[tuple[int, ...]]) -> _Outcomes:
    """:func:`outcomes` of a few sets at once."""
    rules, me, q = req.rules, req.seat, req.partner
    n, k = deals.shape[0], len(sets)
    start = np.array(deals, dtype=np.int64, copy=True)
    if req.received is not None:  # my partner's pass is made: his cards are in my hand
        start[:, q] = _without(rules, start[:, q], req.received.kinds)
    hands = np.repeat(start[None], k, axis=0)
    hands[:, :, me] = kept_planes(rules, req.holding, sets)[:, None, :]
    for i, s in enumerate(sets):
        _add(hands[i, :, q], s)
    hands = hands.reshape(k * n, rules.seats, rules.deck.copies)
    reply = None
    if req.first:  # my partner answers by the simple rule
        reply = pass_step(rules, hands, np.full(k * n, q), np.full(k * n, req.trump), bidder_rule=not req.bidder)
        reply = reply.reshape(k, n, -1)
    t = req.trump
    meld = meld_batch(hands.reshape(-1, rules.deck.copies), rules).reshape(k * n, rules.seats, 4)[:, :, t]
    meld = meld.astype(np.int64)
    lead = first_leader(rules, req.declarer, req.dealer)
    ids = np.tile(np.arange(n, dtype=np.int64), k)
    r = play_deals(rules, hands, t, lead, req.declarer, "v1", seed=seed_of(req.seed, PLAY_STREAM),
                   bid=bid_class(rules, req.bid), ids=ids)
    pts, trk = np.asarray(r.points, dtype=np.int64), np.asarray(r.tricks, dtype=np.int64)
    sc = score_hand(rules, meld, pts, trk, req.declarer, req.bid)
    other = next(s for s in range(rules.seats) if not rules.are_partners(s, me) and s != me)
    net = (sc[:, me] - sc[:, other]).reshape(k, n)
    side = (meld[:, me] + meld[:, q]).reshape(k, n)
    made = declarer_made(rules, meld, pts, trk, req.declarer, req.bid).reshape(k, n)
    return _Outcomes(net.astype(np.float64), side.astype(np.float64), made, reply)


def _without(rules: RuleSet, planes: np.ndarray, cards: tuple[int, ...]) -> np.ndarray:
    """``planes`` (int64[n, copies]) less one copy of each of ``cards`` (every hand holds them)."""
    out = np.array(planes, copy=True)
    for k in cards:
        bit = np.int64(1) << np.int64(k)
        done = np.zeros(out.shape[0], dtype=bool)
        for p in range(out.shape[1] - 1, -1, -1):
            has = ((out[:, p] & bit) != 0) & ~done
            out[has, p] &= ~bit
            done |= has
    return out


def advise_pass(req: PassRequest) -> PassAdvice:
    """Every candidate set ranked by my side's expected net score, the best first (module docstring)."""
    rules = req.rules
    sets, considered = candidate_sets(rules, req.holding, req.trump, req.bidder)
    kept = len(sets)
    assert req.table is not None
    deals = req.table.sample(req.samples, req.seed).hands
    pilot = 0
    if len(sets) > req.sets:
        pilot = min(req.samples, max(PILOT_MIN, req.samples // 4))
        first = outcomes(req, deals[:pilot], sets)
        order = np.argsort(-first.net.mean(axis=1), kind="stable")[: req.sets]
        sets = [sets[i] for i in sorted(order)]
    o = outcomes(req, deals, sets)
    order = np.argsort(-o.net.mean(axis=1), kind="stable")
    best = int(order[0])
    lines = []
    for i in order:
        reply, share = _reply(rules, o.reply[i]) if o.reply is not None else (None, None)
        lines.append(PassLine(tuple(card_names(sets[i], rules.deck)), mean_ci(o.net[i]),
                              None if i == best else paired_diff(o.net[best], o.net[i]), mean_ci(o.meld[i]),
                              proportion(o.made[i]), reply, share))
    return PassAdvice(req, tuple(lines), deals.shape[0], considered, kept, len(sets), pilot,
                      _notes(req, considered, kept, len(sets), pilot))


def _reply(rules: RuleSet, planes: np.ndarray) -> tuple[tuple[str, ...], float]:
    """My partner's most frequent answer among ``planes`` (int64[n, copies]) and its share of the deals."""
    rows, counts = np.unique(planes, axis=0, return_counts=True)
    i = int(np.argmax(counts))
    return tuple(card_names(from_planes(rows[i], rules.deck), rules.deck)), float(counts[i] / planes.shape[0])


def _notes(req: PassRequest, considered: int, kept: int, played: int, pilot: int) -> tuple[str, ...]:
    rules = req.rules
    who = "the bid winner" if req.bidder else "the bid winner's partner"
    out = [f"net score: your side's score less the other side's at the bid {req.bid} (the meld after the pass plus "
           "the trick points, or minus the bid when set); the play by the heuristic players (v1)"]
    if req.first:
        rule = "a partner" if req.bidder else "the bid winner"
        out.append(f"your partner answers by the simple passing rule of {rule} (docs/RULES.md, 'Card passing')")
    out.append(f"{considered} distinct sets of {rules.passing.cards}; {kept} worth considering for {who} (a set "
               "that gives up meld you could keep, for no trump, ace or pinochle card, is left out)")
    if pilot:
        out.append(f"{kept} sets screened on the first {pilot} deals, the best {played} played on every deal "
                   f"(raise {req.word('sets')} to play more)")
    out.append("deals sampled around your hand" + (", your partner holding what he passed you" if req.received
                                                     else "") + "; the auction's calls are not read")
    return tuple(out)
