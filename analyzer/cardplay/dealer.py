"""Deals of the unseen cards that give no seat a card it cannot hold, uniform among them; then the accept test.

Late in a hand what the plays showed (a seat that failed to follow or to trump: a void; a seat that did not head
a trick: no higher card of the suit; a declarer who led no trump at the first lead: no trump) rules out almost
every uniform deal: rejection from uniform deals then needs many thousands of tries a kept deal, or fails. Here
the unseen cards are cut into classes, suit by suit and within a suit by the seats that may hold the card (not
barred from it, :attr:`analyzer.cardplay.seen.Seen.barred`); the number of ways to deal them with every seat's
remaining hand size met and no card given to a seat barred from it is counted class by class (dynamic
programming over the seats' remaining room), and each deal is drawn class by class with the exact conditional
probabilities -- so every such deal is equally likely and none is wasted. Where a suit's cards are all open to
the same seats its class is the suit itself. What the bars do not capture (the auction's clues) stays with the
accept test. Deal ``i`` draws from ``(seed, i, attempt)`` alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import factorial

import numpy as np

from analyzer.deal import GIVE_UP, Deals, Table
from analyzer.errors import UserError

#: candidate deals drawn per position still without an accepted one, per round
PER_ROUND = 8


class TooFewDeals(UserError):
    """The accept test keeps fewer deals than the sampler may draw for them."""


def _compositions(total: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to split ``total`` into ``len(caps)`` parts, part j at most ``caps[j]``."""
    if not caps:
        return [()] if total == 0 else []
    out = []
    rest_cap = sum(caps[1:])
    for c in range(max(0, total - rest_cap), min(total, caps[0]) + 1):
        out += [(c, *t) for t in _compositions(total - c, caps[1:])]
    return out


@dataclass
class ClassDealer:
    """The unseen cards by class (``classes[u]``: cards of one suit open to the same seats, in suit order), the
    seats that receive cards (``fill``; -1: the cards in no hand) with their room, and which of them may hold each
    class (``allowed[u][j]``); ``ways(u, room)`` counts the deals of classes ``u..`` into that room."""

    base: np.ndarray
    deck: object
    fill: list[int]
    room: tuple[int, ...]
    classes: list[list[int]]
    allowed: list[list[bool]]
    memo: dict = field(default_factory=dict)
    #: :meth:`options` by (suit, room): every draw of a decision asks the same few (a draw is otherwise mostly
    #: spent splitting suits again)
    options_memo: dict = field(default_factory=dict)
    weights_memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        #: whether every receiving seat may hold every card of classes u.., and how many cards classes u.. hold
        m = len(self.classes)
        self.open_from = [all(all(a) for a in self.allowed[u:]) for u in range(m)]
        self.left_from = [sum(len(x) for x in self.classes[u:]) for u in range(m)]
        #: the base's count planes as plain ints, a list a seat
        self.base_rows = [[int(x) for x in row] for row in self.base]

    def splits(self, u: int, room: tuple[int, ...]) -> list[tuple[int, ...]]:
        caps = [room[j] if self.allowed[u][j] else 0 for j in range(len(room))]
        return _compositions(len(self.classes[u]), caps)

    def ways(self, u: int, room: tuple[int, ...]) -> int:
        if u == len(self.classes):
            return 1 if not any(room) else 0
        if self.open_from[u]:  # every seat open to classes u..: the multinomial of their cards into the room
            if sum(room) != self.left_from[u]:
                return 0
            out = factorial(self.left_from[u])
            for r in room:
                out //= factorial(r)
            return out
        key = (u, room)
        got = self.memo.get(key)
        if got is None:
            got = sum(w for _, w in self.options(u, room))
            self.memo[key] = got
        return got

    def options(self, u: int, room: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Each split of class ``u`` into the seats' ``room`` that leaves a deal of the later classes possible,
        with its number of deals: the ways to pick the class's cards for the split times the ways of the rest."""
        got = self.options_memo.get((u, room))
        if got is not None:
            return got
        n = len(self.classes[u])
        out = []
        for c in self.splits(u, room):
            rest = self.ways(u + 1, tuple(r - x for r, x in zip(room, c, strict=True)))
            if rest:
                mult = factorial(n)
                for x in c:
                    mult //= factorial(x)
                out.append((c, mult * rest))
        self.options_memo[(u, room)] = out
        return out

    def draw(self, rng: np.random.Generator) -> np.ndarray:
        """One deal (int64[seats, copies]): the base plus the unseen cards dealt class by class (each card into its
        seat's first count plane without it). Plain Python ints throughout: a decision draws thousands of deals."""
        room = self.room
        got: list[list[int]] = [[] for _ in self.fill]
        for u, cls in enumerate(self.classes):
            opts, weights, total = self._weighted(u, room)
            pick = int(rng.integers(0, 2**62)) * total >> 62  # an integer below total (bias under 2**-62 a way)
            j = 0
            while pick >= weights[j]:
                pick -= weights[j]
                j += 1
            c = opts[j][0]
            cards = [cls[i] for i in rng.permutation(len(cls)).tolist()]
            pos = 0
            for j, x in enumerate(c):
                got[j] += cards[pos:pos + x]
                pos += x
            room = tuple(r - x for r, x in zip(room, c, strict=True))
        hands = [list(row) for row in self.base_rows]
        for j, s in enumerate(self.fill):
            if s < 0:
                continue
            planes = hands[s]
            for k in got[j]:
                bit = 1 << k
                q = 0
                while planes[q] & bit:
                    q += 1
                planes[q] |= bit
        return np.array(hands, dtype=np.int64)

    def _weighted(self, u: int, room: tuple[int, ...]) -> tuple[list[tuple[tuple[int, ...], int]], list[int], int]:
        """:meth:`options` with their weights and the weights' total (kept: every draw asks the same few)."""
        got = self.weights_memo.get((u, room))
        if got is None:
            opts = self.options(u, room)
            weights = [w for _, w in opts]
            got = self.weights_memo[(u, room)] = (opts, weights, sum(weights))
        return got


def class_dealer(tab: Table, barred: dict[int, set[int]]) -> ClassDealer:
    """The dealer of ``tab``'s unseen cards (its pool and each seat's ``need``) giving no seat a card of
    ``barred[seat]``; UserError when no deal can (the record contradicts itself)."""
    fill = [s for s in range(tab.need.shape[0]) if tab.need[s] > 0]
    room = [int(tab.need[s]) for s in fill]
    left = int(tab.pool.size) - sum(room)
    if left > 0:  # cards in no hand (two-handed's, gone in phase 1): a seat of their own, -1, open to every card
        fill.append(-1)
        room.append(left)
    classes: list[list[int]] = []
    allowed: list[list[bool]] = []
    for u in range(4):  # a suit's cards by the seats open to them, in order of their first card; an empty suit: one
        by: dict[tuple[bool, ...], list[int]] = {}  # empty class (the draw's stream as if classes were suits)
        for k in tab.pool:
            if int(k) >> 4 == u:
                key = tuple(int(k) not in barred.get(s, ()) for s in fill)
                by.setdefault(key, []).append(int(k))
        for key, cards in by.items() or [(tuple(True for _ in fill), [])]:
            classes.append(cards)
            allowed.append(list(key))
    d = ClassDealer(np.asarray(tab.base, dtype=np.int64), tab.rules.deck, fill, tuple(room), classes, allowed)
    if d.ways(0, d.room) == 0:
        raise UserError("no deal of the unseen cards fits what was seen (the cards each seat's plays, or its whole "
                        "meld, rule out of its hand; the cards left): check the cards played and shown")
    return d


def sample(tab: Table, barred: dict[int, set[int]], n: int, seed: int, max_tries: int) -> Deals:
    """``n`` deals of ``tab`` giving no seat a card of ``barred[seat]`` (by construction) and accepted by
    ``tab.accept`` (deal ``i`` from ``(seed, i, attempt)``); UserError when the accept test keeps fewer than one in
    ``max_tries`` (or none of the first :data:`analyzer.deal.GIVE_UP` ``* max_tries``, as the deal sampler gives
    up: late in a hand the auction's clues may rule out every deal the plays leave, and the advice then relaxes
    them, :func:`analyzer.bidding.inference.sample_by_ladder`)."""
    d = class_dealer(tab, barred)
    seats, copies = tab.base.shape
    hands = np.zeros((n, seats, copies), dtype=np.int64)
    ids = np.arange(n, dtype=np.int64)
    pending = list(range(n))
    attempt = [0] * n
    tries = 0
    while pending:
        cand, who = [], []
        for i in pending:
            for _ in range(PER_ROUND if tries else 1):
                rng = np.random.default_rng([int(seed) & 0xFFFFFFFFFFFF, i, attempt[i]])
                attempt[i] += 1
                cand.append(d.draw(rng))
                who.append(i)
        batch = np.stack(cand)
        ok = np.ones(len(cand), dtype=bool) if tab.accept is None else np.asarray(tab.accept(batch), dtype=bool)
        done: set[int] = set()
        for j, i in enumerate(who):
            if i in done:
                continue
            tries += 1
            if ok[j]:
                hands[i] = batch[j]
                done.add(i)
        pending = [i for i in pending if i not in done]
        kept = n - len(pending)
        if pending and (tries >= max_tries * n or kept == 0 and tries >= GIVE_UP * max_tries):
            raise TooFewDeals(f"what was seen leaves too few deals to sample: {kept} of {tries:,} drawn fit "
                              f"(fewer than 1 in {max_tries:,})")
    return Deals(hands, np.zeros((n, 0), dtype=np.int64), ids, tries)
