"""What the table has seen during the play, and deals consistent with it: the sampling part of play advice.

A :class:`Record` is one seat's view of a hand in play: its own cards at the first lead, the contract (trump,
declarer, bid, first leader), the cards each seat showed as meld (meld is laid on the table in every game
here, so those cards are known to be in their owners' hands) and every card played so far, in order.
:func:`replay` follows it trick by trick with the rules of play (who led, who won), refusing what cannot
have happened (a card I do not hold, a card played more often than the deck has it, an illegal card of
mine). :func:`sample_hands` deals the unseen cards to the other seats' remaining hands, uniformly among
the deals consistent with everything seen: each seat's remaining hand size, the shown cards it still holds,
and **every card played being legal for the hand its seat held then** (checked by the engine's own
:func:`analyzer.play.engine.legal_cards` on the holdings the sampled deal implies: a seat's holding at a
play is its sampled hand now plus the cards it played since). Voids shown by a failure to follow or to
trump, heading duties and the double-deck first-lead duty all follow from that one test. Each of them is a set of
cards the seat did not hold then (:func:`barred_by`: every duty of these rules is set off by one card held, so a
play was legal for a holding exactly when it was legal beside each of its cards alone); those cards cannot be in
its hand now either, and :func:`replay` gathers them per seat (``Seen.barred``), refusing a record where such a
card was shown or played later by that seat. The dealer (:mod:`analyzer.cardplay.dealer`) deals no barred card
to its seat, so every deal it draws passes the test, which stays as the check of it and as the place of the
auction's clues. Deal ``i`` depends on ``(seed, i)`` only. Two-handed: the record is phase 2's (the stock gone,
the hands dealt anew as they stand); the cards gone in phase 1 are not in it, so they stay among the unseen.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from analyzer.cardplay.kernel import consistent, holdings_at_start
from analyzer.cardplay.passed import before_pass, check_pass, partner_holds, passes_first
from analyzer.cards import Hand, to_planes
from analyzer.deal import Deals, Table
from analyzer.deal.kernel import SUIT
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.play.engine import beats, legal_cards
from analyzer.rules.lowered import first_lead_trump
from analyzer.rules.model import RuleSet


@dataclass(frozen=True)
class Record:
    """One seat's view of a hand in play (module docstring). ``hand``: my cards at the first lead;
    ``shown``: seat -> the cards it showed as meld; ``plays``: the card kinds played so far, in order from
    the first lead (the current trick's cards last); ``whole_meld``: the cards shown are each other seat's whole
    meld (every player melds, RULES.md; a seat not in ``shown`` showed none), so no seat held more meld at the
    first lead than its shown cards make -- else they are cards it holds, and nothing is read from a meld not
    shown."""

    rules: RuleSet
    seat: int
    hand: Hand
    trump: int
    declarer: int
    leader: int
    bid: int = 0
    shown: dict[int, Hand] = field(default_factory=dict)
    plays: tuple[int, ...] = ()
    whole_meld: bool = False
    #: where the rules have a pass (docs/RULES.md, "Card passing"): the cards I passed my partner and the cards he
    #: passed me (kinds; both empty: not given), :mod:`analyzer.cardplay.passed`
    passed: tuple[int, ...] = ()
    received: tuple[int, ...] = ()

    @property
    def partner(self) -> int:
        """My partner's seat (-1 without partners)."""
        return next(iter(self.rules.partners(self.seat)), -1)

    def held_at_start(self, s: int) -> Counter[int]:
        """The cards seat ``s`` (not mine) held at the first lead for certain: those it showed, and my partner's
        those my pass left with him (:func:`analyzer.cardplay.passed.partner_holds`) -- a card both counted once."""
        out = Counter(self.shown.get(s, Hand(self.rules.deck, ())).kinds)
        if s == self.partner and (self.passed or self.received):
            out |= partner_holds(self.rules, self.seat, self.declarer, self.passed, self.received)
        return out


@dataclass(frozen=True)
class Seen:
    """A :class:`Record` followed through: who played each card (``by``), the trick state before each play
    (``ncards``, ``led``, ``best``, ``first``: the first-lead trump duty applies), the seat to play now
    (``turn``) and the current trick (``trick``), each seat's cards played, my hand now and each seat's
    remaining hand size and the shown cards it still holds; ``voids[s]``: the suits seat ``s`` showed out of;
    ``barred[s]``: the card kinds of which seat ``s`` holds no copy now beyond the shown cards it still holds
    (:func:`barred_by`, over its plays: its voids' cards, the cards a heading or trump duty not met rules out; with
    ``whole_meld``, :func:`_meld_bars`): the dealer deals it none."""

    record: Record
    by: np.ndarray
    ncards: np.ndarray
    led: np.ndarray
    best: np.ndarray
    first: np.ndarray
    turn: int
    trick: tuple[int, ...]
    played: dict[int, list[int]]
    mine_now: list[int]
    left: np.ndarray
    known_now: dict[int, list[int]]
    voids: dict[int, set[int]]
    #: int64[seats]: points (card, per-trick and last-trick points) and tricks each seat won in the tricks
    #: completed so far
    points: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    tricks: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    barred: dict[int, set[int]] = field(default_factory=dict)

    @property
    def leader_now(self) -> int:
        """The seat that led (or leads) the current trick."""
        return int(self.by[len(self.by) - len(self.trick)]) if self.trick else self.turn


def barred_by(rs: RuleSet, k: int, ncards: int, led: int, best: int, trump: int, first: int) -> set[int]:
    """The card kinds whose holding would have made playing ``k`` illegal in that trick (``ncards`` cards in it,
    led in ``led``, won so far by ``best``; ``first``: the first-lead trump duty applies): those ``c`` for which
    ``k`` is not a legal card of the holding ``{k, c}``. Every duty of :func:`analyzer.play.engine.legal_cards`
    (follow, head, trump, overtrump, lead a trump) is set off by one card held, the strongest one set off ruling,
    so ``k`` was legal for a holding exactly when it holds none of these."""
    deck = rs.deck
    return set(_barred_by(tuple(deck.kinds), int(deck.lane), int(rs.head_code), int(rs.play.must_trump),
                          int(rs.play.follow), k, ncards, led, best, trump, first))


@functools.lru_cache(maxsize=1 << 16)
def _barred_by(kinds: tuple[int, ...], lane: int, head: int, must_trump: int, follow: int, k: int, ncards: int,
               led: int, best: int, trump: int, first: int) -> frozenset[int]:
    """:func:`barred_by` keyed by the values it reads (a record's replay asks the same trick shapes again and
    again: each answer is two dozen kernel calls)."""
    out = set()
    for c in kinds:
        if c == k:
            continue
        held = np.int64((1 << k) | (1 << c))
        ok = legal_cards(held, np.int64(ncards), np.int64(led), np.int64(best), np.int64(trump), np.int64(first),
                         np.int64(head), np.int64(must_trump), np.int64(follow), np.int64(lane))
        if not (int(ok) >> k) & 1:
            out.add(int(c))
    return frozenset(out)


def _meld_bars(rec: Record) -> dict[int, set[int]]:
    """Seat -> the card kinds one more copy of which, added to the cards it showed, makes more meld in trump than
    they do: with the shown cards read as its whole meld (``rec.whole_meld``) it held no such copy (meld never
    falls as cards are added, so a hand holding the shown cards and that copy has more meld than it showed)."""
    rs = rec.rules
    deck = rs.deck
    out = {}
    for s in range(rs.seats):
        if s == rec.seat:
            continue
        shown = list(rec.shown.get(s, Hand(deck, ())).kinds)
        have = Counter(shown)
        cands = [k for k in deck.kinds if have[k] < deck.copies]
        hands = np.stack([to_planes(shown, deck)] + [to_planes([*shown, k], deck) for k in cands])
        m = meld_batch(hands, rs)[:, rec.trump]
        out[s] = {int(k) for k, v in zip(cands, m[1:], strict=True) if v > m[0]}
    return out


def replay(rec: Record) -> Seen:
    """Follow ``rec`` trick by trick (module docstring); UserError for anything that cannot have happened."""
    _check_record(rec)
    rs = rec.rules
    t = _follow_tricks(rec)
    _check_copies(rec, t.played)
    barred, bars = _barred_by_plays(rec, t)
    left = np.array([rs.hand_size - len(t.played[s]) for s in range(rs.seats)], dtype=np.int64)
    known_now = _shown_still_held(rec, t, left, barred, bars)
    if rec.whole_meld:
        _add_whole_meld_bars(rec, t.played, barred)
    mine_now = [x for x, c in t.mine.items() for _ in range(c)]
    return Seen(rec, t.by, t.ncards, t.led, t.best, t.first, int(t.turn), tuple(t.trick), t.played, mine_now, left,
                known_now, t.voids, t.won, t.taken, barred)


def _check_record(rec: Record) -> None:
    """UserError for a record that names no such seat or trump, gives a hand of the wrong size, or more cards
    played than a hand has."""
    rs = rec.rules
    seats = rs.seats
    if not 0 <= rec.seat < seats or not 0 <= rec.leader < seats:
        raise UserError(f"seats are 0..{seats - 1}")
    if not 0 <= rec.trump <= 3:
        raise UserError("trump is one of S H D C")
    if len(rec.hand) != rs.hand_size:
        raise UserError(f"a {rs.id} hand has {rs.hand_size} cards at the first lead, this one has {len(rec.hand)}")
    for s in rec.shown:
        if not 0 <= s < seats:
            raise UserError(f"shown cards name seat {s}: {rs.id} has seats 0..{seats - 1}")
    total = len(rec.plays)
    if total > seats * rs.hand_size:
        raise UserError(f"{total} cards played: a {rs.id} hand has {seats * rs.hand_size}")
    check_pass(rs, rec.seat, rec.declarer, rec.hand.kinds, rec.passed, rec.received)


@dataclass
class _Tricks:
    """A record's plays followed through the tricks (:func:`_follow_tricks`): per play, who played it and the
    trick state before it (``by``, ``ncards``, ``led``, ``best``, ``first``, as in :class:`Seen`); each seat's
    cards played, the suits each other seat showed out of, my cards left (kind -> copies), each seat's points and
    tricks won, and at the end the seat to play now and the current trick's cards."""

    by: np.ndarray
    ncards: np.ndarray
    led: np.ndarray
    best: np.ndarray
    first: np.ndarray
    played: dict[int, list[int]]
    voids: dict[int, set[int]]
    mine: Counter[int]
    won: np.ndarray
    taken: np.ndarray
    turn: int = 0
    trick: list[int] = field(default_factory=list)


def _follow_tricks(rec: Record) -> _Tricks:
    """Play ``rec``'s cards in order by the rules of play: who played each one and the trick state it met, who
    won each trick and what it took, the voids the other seats showed by not following; UserError for a card not
    of the deck, or a card of mine I do not hold or may not play (:func:`_take_mine`)."""
    rs = rec.rules
    deck = rs.deck
    seats = rs.seats
    total = len(rec.plays)
    t = _Tricks(by=np.zeros(total, dtype=np.int64), ncards=np.zeros(total, dtype=np.int64),
                led=np.zeros(total, dtype=np.int64), best=np.zeros(total, dtype=np.int64),
                first=np.zeros(total, dtype=np.int64), played={s: [] for s in range(seats)},
                voids={s: set() for s in range(seats)}, mine=Counter(rec.hand.kinds),
                won=np.zeros(seats, dtype=np.int64), taken=np.zeros(seats, dtype=np.int64))
    duty = first_lead_trump(rs, rec.bid, rec.leader, rec.declarer)
    turn, trick, bpos = rec.leader, [], 0
    pts = rs.points_by_kind
    total_cards = seats * rs.hand_size
    for i, k in enumerate(rec.plays):
        k = int(k)
        if k not in deck.kinds:
            raise UserError(f"card {i + 1} played is not a card of the {rs.id} deck")
        t.by[i], t.ncards[i] = turn, len(trick)
        t.led[i] = trick[0] >> 4 if trick else -1
        t.best[i] = trick[bpos] if trick else -1
        t.first[i] = int(duty and i == 0)
        if turn == rec.seat:
            _take_mine(rec, t.mine, i, k, len(trick), int(t.led[i]), int(t.best[i]), int(t.first[i]))
        elif trick and rs.play.follow and (k >> 4) != t.led[i]:
            t.voids[turn].add(int(t.led[i]))
            if rs.play.must_trump and (k >> 4) != rec.trump:
                t.voids[turn].add(rec.trump)
        t.played[turn].append(k)
        trick.append(k)
        if len(trick) > 1 and beats(np.int64(k), np.int64(trick[bpos]), np.int64(rec.trump)):
            bpos = len(trick) - 1
        if len(trick) == seats:
            turn = (t.by[i - seats + 1] + bpos) % seats
            last = rs.last_trick if i + 1 == total_cards else 0
            t.won[turn] += sum(int(pts[c]) for c in trick) + rs.per_trick + last
            t.taken[turn] += 1
            trick, bpos = [], 0
        else:
            turn = (turn + 1) % seats
    t.turn, t.trick = turn, trick
    return t


def _take_mine(rec: Record, mine: Counter[int], i: int, k: int, ncards: int, led: int, best: int, first: int) -> None:
    """Take ``k``, card ``i`` played, from my cards left ``mine``; UserError unless I held it and it was a legal
    card for my hand in that trick (``ncards`` cards in it, led in ``led``, won so far by ``best``; ``first``: the
    first-lead trump duty applies)."""
    rs = rec.rules
    deck = rs.deck
    if mine[k] <= 0:
        raise UserError(f"card {i + 1}, {deck.name(k)}: you do not hold it (any more)")
    held = to_planes([x for x, c in mine.items() for _ in range(c)], deck)[0]
    ok = legal_cards(np.int64(held), np.int64(ncards), np.int64(led), np.int64(best), np.int64(rec.trump),
                     np.int64(first), np.int64(rs.head_code), np.int64(int(rs.play.must_trump)),
                     np.int64(int(rs.play.follow)), np.int64(deck.lane))
    if not (int(ok) >> k) & 1:
        raise UserError(f"card {i + 1}, {deck.name(k)}: not a legal card for your hand in that trick")
    mine[k] -= 1


def _check_copies(rec: Record, played: dict[int, list[int]]) -> None:
    """UserError when a card is seen more often than the deck has it: in my hand, plus for each other seat the
    more of its copies known at the first lead (shown, or passed to my partner: :meth:`Record.held_at_start`) and
    its copies played (a known card played is one copy)."""
    rs = rec.rules
    deck = rs.deck
    everywhere = Counter(rec.hand.kinds)
    for s in range(rs.seats):
        if s == rec.seat:
            continue
        held_shown = rec.held_at_start(s)
        played_s = Counter(played[s])
        for k in set(held_shown) | set(played_s):
            everywhere[k] += max(held_shown[k], played_s[k])
    for k, c in everywhere.items():
        if c > deck.copies:
            raise UserError(f"{deck.name(k)} is seen {c} times (in your hand, shown, passed or played): the deck has "
                            f"{deck.copies}")


def _barred_by_plays(rec: Record, t: _Tricks) -> tuple[dict[int, set[int]], list[set[int]]]:
    """What each other seat's plays say it did not hold (:func:`barred_by`), nor now, nor at a later play of its
    own: per seat (``barred``) and per play (``bars``, empty for mine); UserError when a seat later played such a
    card."""
    rs = rec.rules
    deck = rs.deck
    total = len(rec.plays)
    barred: dict[int, set[int]] = {s: set() for s in range(rs.seats) if s != rec.seat}
    bars: list[set[int]] = [set() if int(t.by[i]) == rec.seat else
                            barred_by(rs, int(rec.plays[i]), int(t.ncards[i]), int(t.led[i]), int(t.best[i]),
                                      rec.trump, int(t.first[i])) for i in range(total)]
    for i in range(total):
        s = int(t.by[i])
        if s == rec.seat:
            continue
        for j in range(i + 1, total):
            if int(t.by[j]) == s and int(rec.plays[j]) in bars[i]:
                raise UserError(f"card {j + 1}, {deck.name(rec.plays[j])} by seat {s}: with it in its hand, its "
                                f"play of {deck.name(rec.plays[i])} (card {i + 1}) was not legal: check the cards "
                                "played")
        barred[s] |= bars[i]
    return barred, bars


def _shown_still_held(rec: Record, t: _Tricks, left: np.ndarray, barred: dict[int, set[int]],
                      bars: list[set[int]]) -> dict[int, list[int]]:
    """Each other seat's cards known at the first lead (shown, or passed to my partner: :meth:`Record.
    held_at_start`) it has not played (so holds now); UserError when they are more than its cards ``left``, or one
    of them is barred from it by a play of its (``barred``, per play ``bars``)."""
    rs = rec.rules
    deck = rs.deck
    known_now: dict[int, list[int]] = {}
    for s in range(rs.seats):
        if s == rec.seat:
            continue
        rest = rec.held_at_start(s)
        rest.subtract(Counter(t.played[s]))
        known_now[s] = sorted(x for x, c in rest.items() for _ in range(max(c, 0)))
        if len(known_now[s]) > left[s]:
            raise UserError(f"seat {s} still holds {len(known_now[s])} cards shown (or passed it) but has {left[s]} "
                            "cards left")
        clash = sorted(set(known_now[s]) & barred[s])
        if clash:
            i = next(i for i in range(len(rec.plays)) if int(t.by[i]) == s and clash[0] in bars[i])
            how = "showed" if clash[0] in rec.shown.get(s, Hand(deck, ())).kinds else "was passed"
            raise UserError(f"seat {s} {how} {deck.name(clash[0])} and has not played it, but with it in its "
                            f"hand its play of {deck.name(rec.plays[i])} (card {i + 1}) was not legal: check the "
                            "cards shown and played")
    return known_now


def _add_whole_meld_bars(rec: Record, played: dict[int, list[int]], barred: dict[int, set[int]]) -> None:
    """With the cards shown read as each other seat's whole meld (``rec.whole_meld``): UserError when what a seat
    played (or, my partner, holds of my pass) beyond them adds meld to them; else add to ``barred`` the cards one
    more copy of which would (:func:`_meld_bars`: the dealer deals no further copy of them; the shown ones are
    known, not dealt)."""
    rs = rec.rules
    deck = rs.deck
    for s, bar in _meld_bars(rec).items():
        shown_s = Counter(rec.shown.get(s, Hand(deck, ())).kinds)
        extra = (Counter(played[s]) | rec.held_at_start(s)) - shown_s
        if extra:
            with_extra = [*shown_s.elements(), *extra.elements()]
            m = meld_batch(np.stack([to_planes(list(shown_s.elements()), deck), to_planes(with_extra, deck)]),
                           rs)[:, rec.trump]
            if m[1] > m[0]:
                names = " ".join(deck.name(k) for k in sorted(extra.elements()))
                verb = "played" if not extra - Counter(played[s]) else "played or holds"
                raise UserError(f"seat {s} {verb} {names}: with them the cards it showed make {int(m[1])} "
                                f"meld, not {int(m[0])}, and they are read as its whole meld")
        barred[s] |= bar


def table_of(seen: Seen, clues: Callable[[np.ndarray], np.ndarray] | None = None) -> Table:
    """The sampler of the other seats' remaining hands: my hand now and the shown cards still held as the
    base, the unseen cards as the pool, the voids as quick constraint rows, consistency as the accept test --
    and ``clues`` (an accept test of whole hands: the auction's clues), asked of the hands at the first lead
    each consistent deal implies."""
    rec = seen.record
    rs = rec.rules
    deck = rs.deck
    seats = rs.seats
    cards = {s: list(seen.known_now.get(s, [])) for s in range(seats)}
    cards[rec.seat] = list(seen.mine_now)
    everywhere = Counter(k for s in range(seats) for k in cards[s])
    everywhere.update(k for s in range(seats) for k in seen.played[s])
    pool = Counter({k: deck.copies for k in deck.kinds})
    pool.subtract(everywhere)
    base = np.stack([to_planes(cards[s], deck) for s in range(seats)])
    need = np.array([int(seen.left[s]) - len(cards[s]) for s in range(seats)], dtype=np.int64)
    rows = [(SUIT, s, u, 0, 0) for s, us in seen.voids.items() if s != rec.seat for u in sorted(us)]
    return Table(rules=rs, seat=rec.seat, base=base, pool=np.array(sorted(pool.elements()), dtype=np.int64),
                 need=need, tail=np.zeros(0, dtype=np.int64), rows=np.array(rows, dtype=np.int64).reshape(-1, 5),
                 melds=(), constraints=(), accept=_Consistent(seen, clues))


class _Consistent:
    """The accept test of :func:`table_of` (module docstring), over batches of deals int64[n, seats, copies]."""

    def __init__(self, seen: Seen, clues: Callable[[np.ndarray], np.ndarray] | None = None) -> None:
        rec = seen.record
        rs = rec.rules
        self.rules, self.trump = rs, rec.trump
        self.clues = clues
        #: with ``whole_meld``: each other seat's meld in trump as its shown cards make it (none shown: 0)
        self.meld = {s: int(meld_batch(rec.shown.get(s, Hand(rs.deck, ())).planes[None, :], rs)[0, rec.trump])
                     for s in range(rs.seats) if s != rec.seat} if rec.whole_meld else None
        self.by = seen.by
        self.kinds = np.array(rec.plays, dtype=np.int64)
        #: the pass (mine and my partner's): the clues are read on the hands as dealt, before it
        self.pass_ = (rec.seat, rec.partner, rec.passed, rec.received,
                      passes_first(rs, rec.seat, rec.declarer)) if rec.passed or rec.received else None
        self.args = (seen.by, np.array(rec.plays, dtype=np.int64), seen.ncards, seen.led, seen.best, seen.first,
                     np.int64(rec.trump), np.int64(rs.head_code), np.int64(int(rs.play.must_trump)),
                     np.int64(int(rs.play.follow)), np.int64(rs.deck.lane), np.int64(rec.seat))

    def __call__(self, hands: np.ndarray) -> np.ndarray:
        hands = np.ascontiguousarray(hands, dtype=np.int64)
        ok = consistent(hands, *self.args)
        if (self.meld is None and self.clues is None) or not ok.any():
            return ok
        idx = np.flatnonzero(ok)  # the hands at the first lead of the deals kept so far, asked of both tests
        start = holdings_at_start(np.ascontiguousarray(hands[idx]), self.by, self.kinds)
        keep = np.ones(idx.size, dtype=bool)
        for s, m in (self.meld or {}).items():  # no seat held more meld than it showed
            keep &= meld_batch(start[:, s], self.rules)[:, self.trump] == m
        if self.clues is not None and keep.any():
            dealt = start[keep] if self.pass_ is None else before_pass(start[keep], *self.pass_)
            keep[keep] = np.asarray(self.clues(np.ascontiguousarray(dealt)), dtype=bool)
        ok[idx] = keep
        return ok


def sample_hands(rec: Record, n: int, seed: int = 0, max_tries: int = 2000) -> tuple[Seen, Deals]:
    """``n`` deals of the hands held now (int64[n, seats, copies]), uniformly among those consistent with
    ``rec`` (module docstring; no seat dealt a card it cannot hold, :mod:`analyzer.cardplay.dealer`); the
    :class:`~analyzer.deal.Deals` says how many were drawn for them."""
    from analyzer.cardplay.dealer import sample

    seen = replay(rec)
    return seen, sample(table_of(seen), seen.barred, n, seed, max_tries)
