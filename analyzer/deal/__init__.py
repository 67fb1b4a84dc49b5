"""The deal sampler: the unseen cards dealt at random to the other seats, constraints by rejection.

``sample_deals(rules, seat, hand, n, seed)`` returns :class:`Deals`: ``hands`` int64[n, seats, copies]
(count planes; my seat holds my hand in every deal) and, where the rule set has one (two-handed), the
``stock`` in draw order. Cards known besides my hand are either a seat's (``known={2: "AS KS"}``: cards
that seat showed) or outside every hand (``stock_cards="9H"``: two-handed's turned-up card, which lies
at the bottom of the stock).

Randomness: deal ``i`` at attempt ``a`` is a pure function of ``(seed, i, a)`` (see
:mod:`analyzer.deal.kernel`), so the same seed gives the same deals at any thread count, and deals
``start .. start + n - 1`` are the same whether drawn in one call or in chunks.

Constraints (redeal-style) are applied by rejection: deal ``i`` is the first of its attempts 0, 1, 2, ...
that meets every constraint, which is an exact uniform draw among the deals that meet them. The
vocabulary: a seat's suit length, copies of a card, cards of a rank, and meld (for a named trump or
its best trump, via :func:`analyzer.meld.meld_batch`); ``accept`` takes any other test as a Python
callable on a batch of hands. Constraints that (almost) no deal meets raise :class:`UserError`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from analyzer.cards import SUITS, Hand, check_copies, parse_card, parse_cards, suit_index, to_planes
from analyzer.deal.kernel import CARD, RANK, SUIT, check_rows, count_kind, count_rank, count_suit, deal_batch
from analyzer.deal.rng import SEED_MASK
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.rules.model import RuleSet

#: attempts evaluated at most in one round of rejection (bounds memory: hands of 2**17 deals)
ROUND_SIZE = 1 << 17
#: rejection gives up once none of the first ``GIVE_UP * max_tries`` attempts was accepted: the constraints keep
#: fewer than one in ``max_tries`` beyond doubt (a rate of one in ``max_tries`` leaves them all out with odds e**-20)
GIVE_UP = 20
NO_LIMIT = 1 << 30

Accept = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Constraint:
    """A bound on one seat's hand: ``lo <= count <= hi``.

    ``what`` is ``suit`` (cards of suit ``arg``), ``card`` (copies of kind ``arg``), ``rank`` (cards of
    the rank at lane bit ``arg`` in all suits) or ``meld`` (meld with trump ``arg``, or with the seat's
    best trump when ``arg`` is -1). ``text`` is how the user wrote it (for messages).
    """

    seat: int
    what: str
    arg: int
    lo: int = 0
    hi: int = NO_LIMIT
    text: str = ""

    def describe(self) -> str:
        return self.text or f"seat {self.seat} {self.what}[{self.arg}] in {self.lo}..{self.hi}"


def suit_length(seat: int, suit: int | str, lo: int = 0, hi: int | None = None) -> Constraint:
    """Seat ``seat`` holds between ``lo`` and ``hi`` cards of ``suit``."""
    s = suit if isinstance(suit, int) else suit_index(suit)
    return Constraint(seat, "suit", s, lo, NO_LIMIT if hi is None else hi)


def holds(seat: int, card: str, rules: RuleSet, at_least: int = 1, at_most: int | None = None) -> Constraint:
    """Seat ``seat`` holds between ``at_least`` and ``at_most`` copies of ``card`` (e.g. ``"AS"``)."""
    k = parse_card(card, rules.deck)
    return Constraint(seat, "card", k, at_least, NO_LIMIT if at_most is None else at_most)


def meld_at_least(seat: int, points: int, trump: int | str | None = None) -> Constraint:
    """Seat ``seat`` holds at least ``points`` meld with ``trump`` (None: in its best trump)."""
    t = -1 if trump is None else (trump if isinstance(trump, int) else suit_index(trump))
    return Constraint(seat, "meld", t, points, NO_LIMIT)


_CONSTRAINT_RE = re.compile(r"^\s*(\S+)\s+([^\s<>=]+)\s*(>=|<=|==|=|>|<)\s*(-?\d+)\s*$")
_SEAT_WORDS = {"left": 1, "across": 2, "right": -1}


def resolve_seat(word: str, rules: RuleSet, me: int) -> int:
    """A seat number from a number or a word relative to me: left, right, across, partner."""
    w = word.lower()
    if w.isdigit():
        s = int(w)
    elif w == "partner":
        partners = rules.partners(me)
        if not partners:
            raise UserError(f"{rules.id} has no partners: name the seat as left, right or a number")
        s = partners[0]
    elif w in _SEAT_WORDS and not (w == "across" and rules.seats != 4):
        s = (me + _SEAT_WORDS[w]) % rules.seats
    else:
        raise UserError(
            f"unknown seat {word!r}: use a number 0..{rules.seats - 1}, left, right"
            + (", partner, across" if rules.seats == 4 else "")
        )
    if not 0 <= s < rules.seats:
        raise UserError(f"seat {s} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
    return s


def parse_constraint(text: str, rules: RuleSet, me: int, trump: int | None = None) -> Constraint:
    """A constraint written ``WHO WHAT OP N``, e.g. ``partner meld>=20``, ``left H<=3``, ``2 AS>=1``.

    WHO: a seat number or left / right / across / partner (relative to ``me``). WHAT: ``meld`` (best
    trump), ``meld:H`` (meld with hearts trump), a suit letter (its length), ``trump`` (the trump's
    length, when trump is known), a card such as ``AS`` (its copies) or a rank such as ``A`` (cards of
    that rank). OP: ``>= <= = > <``.
    """
    m = _CONSTRAINT_RE.match(text)
    if not m:
        raise UserError(
            f"bad constraint {text!r}: write WHO WHAT OP N, e.g. 'partner meld>=20', 'left H<=3', '2 AS>=1'"
        )
    who, what, op, num = m.groups()
    seat = resolve_seat(who, rules, me)
    n = int(num)
    lo, hi = {
        ">=": (n, NO_LIMIT), ">": (n + 1, NO_LIMIT), "<=": (0, n), "<": (0, n - 1), "=": (n, n), "==": (n, n)
    }[op]
    lo = max(lo, 0)
    w = what.strip()
    wl = w.lower()
    if wl == "meld" or wl.startswith("meld:"):
        t = -1 if wl == "meld" else suit_index(w.split(":", 1)[1])
        return Constraint(seat, "meld", t, lo, hi, text.strip())
    if wl == "trump":
        if trump is None:
            raise UserError(
                f"constraint {text!r}: trump is not known before the bidding; name the suit (S H D C)"
            )
        return Constraint(seat, "suit", trump, lo, hi, text.strip())
    up = w.upper()
    if len(up) == 1 and (up in SUITS or w in "♠♥♦♣"):
        return Constraint(seat, "suit", suit_index(w), lo, hi, text.strip())
    rank = "T" if up == "10" else up
    if rank in rules.deck.rank_bit:
        return Constraint(seat, "rank", rules.deck.rank_bit[rank], lo, hi, text.strip())
    try:
        k = parse_card(w, rules.deck)
    except UserError:
        raise UserError(
            f"constraint {text!r}: {w!r} is not meld, meld:SUIT, a suit, a rank or a card of this deck"
        ) from None
    return Constraint(seat, "card", k, lo, hi, text.strip())


@dataclass(frozen=True)
class Deals:
    """Sampled deals: ``hands`` int64[n, seats, copies] count planes, ``stock`` int64[n, k] kinds in
    draw order (k = 0 when every card is dealt), ``ids`` the deal indices (their random streams),
    ``tries`` the attempts the rejection made (``n`` when unconstrained)."""

    hands: np.ndarray
    stock: np.ndarray
    ids: np.ndarray
    tries: int

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    @property
    def acceptance(self) -> float:
        """Share of the attempts that met the constraints."""
        return len(self) / self.tries if self.tries else 1.0


@dataclass(frozen=True)
class Table:
    """What a player knows before the play: seat, hand, other known cards, and how to deal the rest.

    Built by :func:`table`; it checks the input once, so many calls of :meth:`sample` are cheap.
    """

    rules: RuleSet
    seat: int
    base: np.ndarray  # int64[seats, copies]: my hand and known seat cards
    pool: np.ndarray  # int64[m]: the unseen kinds, one entry per card
    need: np.ndarray  # int64[seats]: cards each seat still receives
    tail: np.ndarray  # int64[t]: known cards outside every hand (bottom of the stock)
    rows: np.ndarray  # int64[r, 5]: kernel constraint rows
    melds: tuple[Constraint, ...]
    constraints: tuple[Constraint, ...]
    accept: Accept | None

    @property
    def constrained(self) -> bool:
        return self.rows.shape[0] > 0 or bool(self.melds) or self.accept is not None

    def with_accept(self, accept: Accept | None) -> Table:
        """This table with ``accept`` as its accept test instead (nothing is checked again: the cards and
        constraints are this table's): one table serves draws under different tests, e.g. the rungs of the
        advisor's clue ladder."""
        return replace(self, accept=accept)

    def sample(self, n: int, seed: int = 0, start: int = 0, max_tries: int = 1000) -> Deals:
        """Deals ``start .. start + n - 1`` of the seed's sequence (see the module docstring).

        ``max_tries``: the constraints must accept at least one deal in ``max_tries`` on average;
        otherwise (or when none of the first ``GIVE_UP * max_tries`` attempts is accepted) UserError.
        """
        seed = int(seed) & SEED_MASK
        ids = np.arange(start, start + n, dtype=np.int64)
        if not self.constrained or n == 0:
            hands, stock = deal_batch(self.base, self.pool, self.need, self.tail, seed, ids, np.zeros_like(ids))
            return Deals(hands, stock, ids, n)
        return self._reject(ids, seed, max_tries)

    def _accepts(self, hands: np.ndarray) -> np.ndarray:
        ok = np.ones(hands.shape[0], dtype=bool)
        if self.rows.shape[0]:
            ok &= check_rows(hands, self.rows, np.int64(self.rules.deck.lane)).astype(bool)
        for c in self.melds:
            idx = np.flatnonzero(ok)
            if idx.size == 0:
                break
            m4 = meld_batch(hands[idx, c.seat], self.rules)
            v = m4.max(axis=1) if c.arg < 0 else m4[:, c.arg]
            ok[idx[(v < c.lo) | (v > c.hi)]] = False
        if self.accept is not None:
            idx = np.flatnonzero(ok)
            if idx.size:
                res = np.asarray(self.accept(hands[idx]), dtype=bool).reshape(-1)
                if res.shape[0] != idx.size:
                    raise ValueError("the accept hook must return one bool per deal of the batch")
                ok[idx[~res]] = False
        return ok

    def _reject(self, ids: np.ndarray, seed: int, max_tries: int) -> Deals:
        n = ids.size
        rs = self.rules
        hands = np.empty((n, rs.seats, rs.deck.copies), dtype=np.int64)
        stock = np.empty((n, self.pool.size - int(self.need.sum()) + self.tail.size), dtype=np.int64)
        pending = np.arange(n)  # positions still without an accepted attempt
        next_try = np.zeros(n, dtype=np.int64)  # each position's next attempt number
        tries = accepted = 0
        budget = max(max_tries * n, GIVE_UP * max_tries)
        while pending.size:
            rate = accepted / tries if accepted else 0.0
            per = 1 if tries == 0 else (int(np.ceil(1.5 / rate)) if rate else 2 * max(1, tries // n))
            per = max(1, min(per, ROUND_SIZE // pending.size, max_tries))
            att = (next_try[pending][:, None] + np.arange(per)[None, :]).reshape(-1)
            did = np.repeat(ids[pending], per)
            h, s = deal_batch(self.base, self.pool, self.need, self.tail, seed, did, att)
            ok = self._accepts(h).reshape(pending.size, per)
            got = ok.any(axis=1)
            first = ok.argmax(axis=1)
            rows = np.arange(pending.size) * per + first
            hands[pending[got]] = h[rows[got]]
            stock[pending[got]] = s[rows[got]]
            # tries that count: up to and including the accepted attempt, or all of them
            tries += int(np.where(got, first + 1, per).sum())
            accepted += int(got.sum())
            next_try[pending] += per
            pending = pending[~got]
            if pending.size and (accepted == 0 and tries >= GIVE_UP * max_tries or tries >= budget):
                what = "; ".join(c.describe() for c in self.constraints) or "the accept test"
                if accepted == 0:
                    raise UserError(f"no deal meets the constraints ({what}) in {tries} tries: loosen them")
                raise UserError(
                    f"the constraints ({what}) accept only {accepted} of {tries} deals "
                    f"(fewer than 1 in {max_tries}): loosen them or ask for fewer samples"
                )
        return Deals(hands, stock, ids, tries)


def pack(rules: RuleSet) -> np.ndarray:
    """Every card of the rule set's pack as kinds, one entry per card, in ascending order (int64)."""
    key = "deal_pack"
    if key not in rules.cache:
        deck = rules.deck
        rules.cache[key] = np.array(sorted(k for k in deck.kinds for _ in range(deck.copies)), dtype=np.int64)
    return rules.cache[key]


def random_deals(rules: RuleSet, n: int | None = None, seed: int = 0, start: int = 0, *,
                 ids: np.ndarray | None = None, hand_size: int | None = None, stock: bool = True) -> Deals:
    """Uniformly random deals of the whole pack, nobody's cards known: deals ``start .. start + n - 1``
    of the seed's sequence (or the deals numbered ``ids``). Every seat receives ``hand_size`` cards (the
    rule set's hand size by default); the cards left over are the stock (two-handed's, its last card
    the turned-up one); ``stock=False`` leaves it out (the hands are the same, dealt a little faster). Deal
    ``k`` depends on ``(seed, k)`` alone, as every deal of :func:`sample_deals` (this is the same dealer with
    no hand given)."""
    hand = rules.hand_size if hand_size is None else int(hand_size)
    if hand < 0 or hand * rules.seats > rules.deck.size:
        raise ValueError(f"cannot deal {rules.seats} hands of {hand} from {rules.deck.size} cards")
    if ids is None:
        if n is None:
            raise ValueError("give the number of deals or their ids")
        ids = np.arange(start, start + int(n), dtype=np.int64)
    ids = np.ascontiguousarray(ids, dtype=np.int64)
    base = np.zeros((rules.seats, rules.deck.copies), dtype=np.int64)
    need = np.full(rules.seats, hand, dtype=np.int64)
    hands, rest = deal_batch(base, pack(rules), need, np.zeros(0, dtype=np.int64), int(seed) & SEED_MASK, ids,
                             np.zeros_like(ids), stock)
    return Deals(hands, rest, ids, int(ids.size))


def _kinds(cards: str | Iterable[str] | Iterable[int] | Hand, rules: RuleSet) -> list[int]:
    if isinstance(cards, Hand):
        return list(cards.kinds)
    if isinstance(cards, str):
        return parse_cards(cards, rules.deck)
    items = list(cards)
    if all(isinstance(c, (int, np.integer)) for c in items):
        return [int(c) for c in items]
    return parse_cards([str(c) for c in items], rules.deck)


def table(
    rules: RuleSet,
    seat: int,
    hand: Hand | str | Iterable[str],
    *,
    known: Mapping[int, Hand | str | Iterable[str]] | None = None,
    stock_cards: Hand | str | Iterable[str] | None = None,
    constraints: Sequence[Constraint | str] = (),
    accept: Accept | None = None,
    trump: int | None = None,
) -> Table:
    """Check what I know and prepare the sampler (see :class:`Table` and :func:`sample_deals`).

    ``known``: cards a seat is known to hold (shown on the table); ``stock_cards``: known cards in no
    hand (two-handed's turned-up card). ``constraints``: :class:`Constraint` values or strings for
    :func:`parse_constraint` (``trump`` lets them say ``trump``). ``accept(hands) -> bool[n]``: any
    other test, on a batch of hands int64[n, seats, copies].
    """
    deck = rules.deck
    if not 0 <= seat < rules.seats:
        raise UserError(f"seat {seat} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
    mine = _kinds(hand, rules)
    if len(mine) != rules.hand_size:
        raise UserError(f"a {rules.id} hand has {rules.hand_size} cards, this one has {len(mine)}")
    seat_cards: dict[int, list[int]] = {s: [] for s in range(rules.seats)}
    seat_cards[seat] = list(mine)
    for s, cards in (known or {}).items():
        if not 0 <= s < rules.seats:
            raise UserError(f"known cards for seat {s}: {rules.id} has seats 0..{rules.seats - 1}")
        if s == seat:
            raise UserError(f"seat {s} is your own seat: your cards are the hand, not known cards")
        seat_cards[s] += _kinds(cards, rules)
    out = _kinds(stock_cards, rules) if stock_cards is not None else []
    every = [k for ks in seat_cards.values() for k in ks] + out
    try:
        check_copies(every, deck)
    except UserError:
        clash = [k for k, c in Counter(every).items() if c > deck.copies]
        raise UserError(
            f"known cards clash with the hand: {', '.join(deck.name(k) for k in clash)} "
            f"would appear more often than the deck's {deck.copies} cop{'y' if deck.copies == 1 else 'ies'}"
        ) from None
    for s, ks in seat_cards.items():
        if len(ks) > rules.hand_size:
            raise UserError(f"seat {s} is given {len(ks)} known cards, a hand has {rules.hand_size}")
    stock_size = deck.size - rules.seats * rules.hand_size
    if len(out) > stock_size:
        raise UserError(
            f"every card is dealt in {rules.id}: give the seat of a known card as SEAT:CARDS"
            if stock_size == 0
            else f"{len(out)} known stock cards, the stock has {stock_size}"
        )
    left = Counter({k: deck.copies for k in deck.kinds})
    left.subtract(Counter(every))
    pool = np.array(sorted(left.elements()), dtype=np.int64)
    base = np.stack([to_planes(seat_cards[s], deck) for s in range(rules.seats)])
    need = np.array([rules.hand_size - len(seat_cards[s]) for s in range(rules.seats)], dtype=np.int64)
    parsed = tuple(parse_constraint(c, rules, seat, trump) if isinstance(c, str) else c for c in constraints)
    codes = {"suit": SUIT, "card": CARD, "rank": RANK}
    rows = []
    for c in parsed:
        if not 0 <= c.seat < rules.seats:
            raise UserError(f"constraint {c.describe()!r}: seat out of range 0..{rules.seats - 1}")
        if c.what in codes:
            _check_possible(c, base[c.seat], to_planes(pool.tolist(), deck), int(need[c.seat]), pool.size, deck.lane)
            rows.append((codes[c.what], c.seat, c.arg, c.lo, min(c.hi, NO_LIMIT)))
        elif c.what != "meld":
            raise ValueError(f"unknown constraint kind {c.what!r}")
    return Table(
        rules=rules,
        seat=seat,
        base=base,
        pool=pool,
        need=need,
        tail=np.array(out, dtype=np.int64),
        rows=np.array(rows, dtype=np.int64).reshape(-1, 5),
        melds=tuple(c for c in parsed if c.what == "meld"),
        constraints=parsed,
        accept=accept,
    )


def _count(c: Constraint, planes: np.ndarray, lane: int) -> int:
    """How many cards of ``planes`` the count constraint ``c`` counts (its suit, card or rank)."""
    if c.what == "suit":
        return int(count_suit(planes, c.arg, lane))
    if c.what == "card":
        return int(count_kind(planes, c.arg))
    return int(count_rank(planes, c.arg))


def _check_possible(c: Constraint, held: np.ndarray, pool: np.ndarray, need: int, unseen: int, lane: int) -> None:
    """UserError at once when no deal can meet the count constraint ``c``: its seat holds the known cards ``held``
    and receives ``need`` of the ``unseen`` cards ``pool`` (planes), so it ends with at least ``have + max(0, need -
    other unseen cards)`` and at most ``have + min(such unseen cards, need)`` of what ``c`` counts."""
    have, avail = _count(c, held, lane), _count(c, pool, lane)
    least, most = have + max(0, need - (unseen - avail)), have + min(avail, need)
    if c.lo > most or c.hi < least:
        bound = f"at most {most}" if c.lo > most else f"at least {least}"
        raise UserError(f"no deal meets the constraints ({c.describe()}): that seat holds {bound} such cards "
                        "with the cards known: loosen them")


def sample_deals(
    rules: RuleSet,
    seat: int,
    hand: Hand | str | Iterable[str],
    n: int,
    seed: int = 0,
    *,
    known: Mapping[int, Hand | str | Iterable[str]] | None = None,
    stock_cards: Hand | str | Iterable[str] | None = None,
    constraints: Sequence[Constraint | str] = (),
    accept: Accept | None = None,
    trump: int | None = None,
    start: int = 0,
    max_tries: int = 1000,
) -> Deals:
    """``n`` deals of the unseen cards around my ``hand`` at ``seat``, uniformly at random among those
    meeting the constraints; deal ``i`` depends only on ``(seed, start + i)``. See :func:`table`."""
    t = table(
        rules, seat, hand, known=known, stock_cards=stock_cards, constraints=constraints, accept=accept, trump=trump
    )
    return t.sample(n, seed, start, max_tries)
