"""The bidding rules of a rule set as a state machine: whose turn it is, which bids are legal, when it ends.

RULES.md fixes the auctions; the rule data (``rules.bidding``) says which applies:

* bidding starts left of the dealer and goes clockwise; a bid is at least ``opening`` and at least
  ``step`` above the standing bid, and bids above ``multiple_above`` are multiples of ``multiple``
  (double deck: over 60 in fives); jump bids are legal;
* a player who passes is out for the rest of the auction;
* ``dealer_holds`` (double deck): the dealer holds the opening bid (50) from the start, so the others'
  bids start one above it, and if the other three pass the dealer plays at 50;
* ``rounds``: how many times the turn goes round the table (auction: 1 or 2, the ``bidding-rounds``
  option); 0 = until every player but one has passed. The player holding the standing bid is skipped
  (nobody raises his own bid);
* the auction ends when every player but the high bidder has passed, or the rounds are used up; the
  high bidder wins (and names trump). If nobody bid, the deal is thrown in (``all_pass = "throw-in"``), or
  the dealer is held to a contract and plays it (``all_pass = "dealer"``: at ``all_pass_bid``, else the opening
  bid; :attr:`~analyzer.rules.model.RuleSet.forced_contract`): his pass after every other seat passed is no pass
  but that contract (:attr:`Auction.forced`, :attr:`AuctionState.held_if_pass`). In double deck nobody passes
  out: the dealer holds 50 from the start.

:class:`Auction` applies these rules; :meth:`Auction.view_for` gives an agent what it may know at its
turn (:class:`AuctionState`), :meth:`Auction.call` applies a call and raises :class:`IllegalCall` for a bid the
rules do not allow. The same class replays a written auction (``1:16 2:pass 3:18``) for the advisor.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from analyzer.errors import UserError, field_name
from analyzer.game import GameState
from analyzer.rules.model import RuleSet
from analyzer.score import seat_unit

#: bids are never considered above this multiple of the rule set's highest advised level
CAP_FACTOR = 4


class IllegalCall(UserError):
    """A call the bidding rules do not allow (a bid too low, off the steps, by a passed player ...)."""


@dataclass(frozen=True)
class Call:
    """One call of an auction: ``seat`` bids ``bid`` (None = pass)."""

    seat: int
    bid: int | None

    def __str__(self) -> str:
        return f"{self.seat}:{'pass' if self.bid is None else self.bid}"


@dataclass(frozen=True)
class CallContext:
    """A call with what the table knew when it was made: the standing bid before it, the lowest legal bid,
    the round, and whether it was the caller's first call (the conventions give first calls a meaning)."""

    call: Call
    index: int
    high_before: int | None
    high_seat_before: int | None
    min_bid: int
    round: int
    first_call: bool


def bid_cap(rules: RuleSet) -> int:
    """The highest bid the arena allows: far above anything a hand can make."""
    return CAP_FACTOR * rules.bid_levels()[-1]


def next_legal(rules: RuleSet, above: int | None) -> int:
    """The lowest legal bid over a standing bid ``above`` (None: no bid yet -> the opening)."""
    b = rules.bidding
    opening = int(b.opening)
    if above is None:
        return opening
    nxt = max(opening, above + int(b.step))
    m_above, m = int(b.multiple_above), int(b.multiple)
    if m > 1 and nxt > m_above:
        nxt = ((nxt + m - 1) // m) * m
    return nxt


def is_bid_value(rules: RuleSet, b: int, capped: bool = True) -> bool:
    """Whether ``b`` is on the rule set's ladder of bids at all (steps and multiples; ``capped``: and not above the
    arena's :func:`bid_cap`)."""
    b_ = rules.bidding
    opening, step = int(b_.opening), int(b_.step)
    m_above, m = int(b_.multiple_above), int(b_.multiple)
    if b < opening or (capped and b > bid_cap(rules)):
        return False
    if m > 1 and b > m_above:
        return b % m == 0
    return (b - opening) % step == 0


@dataclass(frozen=True)
class AuctionState:
    """The auction at the turn of seat ``me`` to call, as the table knows it (and, once the auction is won, at
    the declarer's naming trump: ``contract`` set).

    ``calls``: the calls so far; ``order``: the turn order (left of the dealer first) and ``pos`` the turn
    position in it, round after round; ``high`` / ``holder``: the standing bid and the seat holding it (double
    deck: 50 held by the dealer at the start); ``passed``: the seats that are out; ``acted``: the seats that
    have called; ``first_call``: this is ``me``'s first call; ``last_turn``: ``me`` gets no further turn (the
    rounds limit); ``to_act``: the other seats that get at least one more turn after this one.

    A player's own view adds what only it knows: ``hand``, its count planes int64[copies]; ``key``, the hand
    being played (agents may cache per key); ``seed``, a seed for this seat on this hand (agents that draw
    random numbers use it, so runs repeat).

    ``game``: where the hand is one of a game (the arena's whole games, :mod:`analyzer.arena.games`), the game
    before this hand (:class:`analyzer.game.GameState`: every scoring unit's total, hands played, ...); the
    agent's own unit is :attr:`unit`. None for a hand on its own (``pinochle bid``, the single-hand arena).
    """

    rules: RuleSet
    dealer: int
    me: int
    calls: tuple[Call, ...]
    order: tuple[int, ...]
    pos: int
    high: int | None
    holder: int | None
    passed: frozenset[int]
    acted: frozenset[int]
    first_call: bool
    last_turn: bool
    to_act: tuple[int, ...]
    hand: np.ndarray | None = None
    key: tuple[int, ...] = ()
    seed: int = 0
    contract: int | None = None  # set when the state asks the declarer for trump: the winning bid
    game: GameState | None = None  # the game before this hand, when the hand is one of a game

    @classmethod
    def of(cls, rules: RuleSet, dealer: int, calls: Sequence[Call], me: int | None = None) -> AuctionState:
        """The state after ``calls`` (UserError if illegal, over, or not ``me``'s turn)."""
        a = replay(rules, dealer, list(calls))
        if a.done:
            raise UserError(f"the auction {' '.join(map(str, calls)) or '(no calls)'} is over: {a.outcome()}")
        if me is not None and a.turn != me:
            done = " ".join(map(str, calls)) or "no calls"
            raise UserError(f"after {done} it is seat {a.turn}'s turn, not seat {me}'s")
        return cls.of_auction(a)

    @classmethod
    def of_auction(cls, a: Auction, hand: np.ndarray | None = None, key: tuple[int, ...] = (),
                   seed: int = 0, game: GameState | None = None) -> AuctionState:
        """The state of the running auction ``a`` at the turn of the seat to call (holding ``hand``, if given; in
        ``game``, if the hand is one of a game)."""
        me = a.turn
        return cls(a.rules, a.dealer, me, tuple(a.calls), tuple(a.order), a._pos, a.high, a.high_seat,
                   frozenset(a.passed), frozenset(a.acted), me not in a.acted, a.last_turn(me), a.to_act_after(me),
                   None if hand is None else np.asarray(hand, dtype=np.int64), key, seed, game=game)

    @classmethod
    def of_declarer(cls, a: Auction, hand: np.ndarray, key: tuple[int, ...] = (), seed: int = 0,
                    game: GameState | None = None) -> AuctionState:
        """The state of the finished auction ``a`` at its winner's turn to name trump, holding ``hand`` (in
        ``game``, if the hand is one of a game)."""
        if a.winner is None:
            raise UserError("the auction was thrown in: nobody names trump")
        return cls(a.rules, a.dealer, int(a.winner), tuple(a.calls), tuple(a.order), a._pos, a.high, a.high_seat,
                   frozenset(a.passed), frozenset(a.acted), False, True, (), np.asarray(hand, dtype=np.int64), key,
                   seed, int(a.contract or 0), game)

    @property
    def round(self) -> int:
        """The 0-based round of this turn."""
        return self.pos // self.rules.seats

    @property
    def unit(self) -> int:
        """My scoring unit: its index in :func:`analyzer.score.scoring_units` (my side, or my seat where players
        score alone), the index of my total in :attr:`game`'s ``totals``."""
        return int(seat_unit(self.rules)[self.me])

    @property
    def min_bid(self) -> int:
        """The lowest legal bid now."""
        return next_legal(self.rules, self.high)

    def is_legal(self, bid: int | None) -> bool:
        """Whether ``bid`` (None = pass) is a legal call now."""
        if bid is None:
            return True
        return bid >= self.min_bid and is_bid_value(self.rules, int(bid))

    def legal_bids(self, upto: int | None = None) -> list[int]:
        """The legal bids from :attr:`min_bid` up to ``upto`` (and the rules' cap, the default)."""
        top = bid_cap(self.rules) if upto is None else min(int(upto), bid_cap(self.rules))
        out, b = [], self.min_bid
        while b <= top:
            out.append(b)
            b = next_legal(self.rules, b)
        return out

    @property
    def held_if_pass(self) -> int | None:
        """The contract I am held to if I pass now (None: a pass is a pass): every other seat has passed, nobody has
        bid, I am the dealer and the rules hold the dealer to a contract when all pass (module docstring)."""
        forced = self.rules.forced_contract
        if forced is None or self.high is not None or self.me != self.dealer:
            return None
        return forced if len(self.passed) == self.rules.seats - 1 and self.me not in self.passed else None

    @property
    def partners(self) -> tuple[int, ...]:
        """My partners' seats."""
        return self.rules.partners(self.me)

    @property
    def partner_holds(self) -> bool:
        """Whether my partner holds the standing bid."""
        return self.holder is not None and self.rules.are_partners(self.holder, self.me)

    @property
    def partner_took_over(self) -> bool:
        """Whether my partner holds the standing bid and made it directly over a bid of mine (the partner took the
        bid over from me)."""
        if not self.partner_holds:
            return False
        bids = [c for c in self.calls if c.bid is not None]
        return len(bids) >= 2 and bids[-1].seat == self.holder and bids[-2].seat == self.me

    @property
    def turn_to_come(self) -> bool:
        """Whether I may get another turn after this call: a seat still to call could bid after me and the
        rounds are not used up."""
        return bool(self.to_act) and not self.last_turn


@dataclass
class Auction:
    """The auction of one hand under a rule set's bidding rules (module docstring).

    Drive it with ``while not a.done: a.call(a.turn, agent.bid(a.view_for(...)))``; afterwards
    :attr:`winner` and :attr:`contract` (None, None when thrown in; ``forced``: every seat passed and the dealer is
    held to the rules' contract).
    """

    rules: RuleSet
    dealer: int
    calls: list[Call] = field(default_factory=list)
    contexts: list[CallContext] = field(default_factory=list)

    def __post_init__(self) -> None:
        rs = self.rules
        if not rs.has_bidding:
            raise UserError(f"{rs.id} has no bidding")
        if not 0 <= self.dealer < rs.seats:
            raise UserError(f"dealer {self.dealer} is out of range: {rs.id} has seats 0..{rs.seats - 1}")
        self.order = [(self.dealer + 1 + i) % rs.seats for i in range(rs.seats)]
        self.rounds = int(rs.bidding.rounds)
        self.high: int | None = None
        self.high_seat: int | None = None
        if rs.bidding.dealer_holds:
            self.high, self.high_seat = int(rs.bidding.opening), self.dealer
        self.passed: set[int] = set()
        self.acted: set[int] = set()
        self._pos = 0  # position in the turn sequence (order repeated round after round)
        self.done = False
        self.forced = False  # every seat passed and the dealer is held to the rules' contract
        self._advance()

    # ---- turn order -------------------------------------------------------------------------------
    def _turns(self, start: int) -> Iterator[tuple[int, int]]:
        """(position, seat) of the turns from ``start`` on, within the rounds limit."""
        n = self.rules.seats
        pos = start
        while self.rounds == 0 or pos < self.rounds * n:
            yield pos, self.order[pos % n]
            pos += 1
            if self.rounds == 0 and pos > start + 2 * n:  # someone must call within one round
                return

    def _others_out(self, seat: int) -> bool:
        return all(s in self.passed for s in range(self.rules.seats) if s != seat)

    def _advance(self) -> None:
        """Move to the next seat that must call, or end the auction."""
        for pos, seat in self._turns(self._pos):
            if self.high_seat is not None and self._others_out(self.high_seat):
                break  # everyone else has passed: the high bidder wins
            if len(self.passed) == self.rules.seats:
                break
            if seat in self.passed or seat == self.high_seat:
                continue
            self._pos = pos
            return
        self.done = True
        forced = self.rules.forced_contract
        if self.high_seat is None and forced is not None:  # every seat passed: the dealer plays the forced contract
            self.high, self.high_seat, self.forced = forced, self.dealer, True

    @property
    def turn(self) -> int:
        """The seat to call now."""
        if self.done:
            raise UserError("the auction is over")
        return self.order[self._pos % self.rules.seats]

    @property
    def round(self) -> int:
        return self._pos // self.rules.seats

    @property
    def min_bid(self) -> int:
        return next_legal(self.rules, self.high)

    def to_act_after(self, seat: int) -> tuple[int, ...]:
        """The other seats that get at least one more turn after ``seat``'s current turn, if ``seat``
        passes now (a seat that holds the standing bid counts: it gets a turn once someone outbids it)."""
        n = self.rules.seats
        out: list[int] = []
        end = self.rounds * n if self.rounds else self._pos + 1 + n
        for pos in range(self._pos + 1, end):
            s = self.order[pos % n]
            if s != seat and s not in self.passed and s not in out:
                out.append(s)
        return tuple(out)

    def last_turn(self, seat: int) -> bool:
        """Whether this is ``seat``'s last possible turn (the rounds limit)."""
        n = self.rules.seats
        return bool(self.rounds) and self._pos + n >= self.rounds * n

    # ---- calls ------------------------------------------------------------------------------------
    def view_for(self, hand: np.ndarray, key: tuple[int, ...] = (), seed: int = 0,
                 game: GameState | None = None) -> AuctionState:
        """The state at the turn of the seat to call now, holding ``hand`` (its agent's view; ``game``: the game
        before this hand, when the hand is one of a game)."""
        return AuctionState.of_auction(self, hand, key, seed, game)

    def call(self, seat: int, bid: int | None) -> CallContext:
        """Apply ``seat``'s call (None = pass); IllegalCall if it is not ``seat``'s turn or not legal."""
        if self.done:
            raise IllegalCall(f"seat {seat} called {bid} after the auction ended")
        if seat != self.turn:
            raise IllegalCall(f"it is seat {self.turn}'s turn to call, not seat {seat}'s")
        ctx = CallContext(Call(seat, bid), len(self.calls), self.high, self.high_seat, self.min_bid, self.round,
                          seat not in self.acted)
        if bid is not None:
            b = int(bid)
            if b > bid_cap(self.rules) and is_bid_value(self.rules, b, capped=False):
                raise IllegalCall(f"seat {seat} bid {b}: the bidding advice reads bids up to {bid_cap(self.rules)} "
                                  f"(its cap: {CAP_FACTOR} times its highest listed level)")
            if b < self.min_bid or not is_bid_value(self.rules, b):
                raise IllegalCall(
                    f"seat {seat} bid {b}: the lowest legal bid is {self.min_bid}"
                    + ("" if is_bid_value(self.rules, b) else f", and {b} is not on the {self.rules.id} ladder")
                )
            self.high, self.high_seat = b, seat
        else:
            self.passed.add(seat)
        self.acted.add(seat)
        self.calls.append(ctx.call)
        self.contexts.append(ctx)
        self._pos += 1
        self._advance()
        return ctx

    @property
    def winner(self) -> int | None:
        """The declarer once the auction is over (None: thrown in)."""
        if not self.done:
            return None
        return self.high_seat

    @property
    def contract(self) -> int | None:
        return self.high if self.done and self.high_seat is not None else None

    def outcome(self) -> str:
        """How the finished auction ended, in words: thrown in, or who won it at what (the dealer held to it)."""
        if self.winner is None:
            return "thrown in"
        if self.forced:
            return f"every seat passed, so the dealer, seat {self.winner}, plays at {self.contract}"
        return f"seat {self.winner} won it at {self.contract}"

    def text(self) -> str:
        """The calls as ``1:16 2:pass ...``."""
        return " ".join(str(c) for c in self.calls)


def parse_calls(text: str, rules: RuleSet) -> list[Call]:
    """Calls written ``SEAT:BID`` or ``SEAT:pass`` separated by spaces or commas (``1:16 2:pass 3:18``)."""
    out: list[Call] = []
    for tok in text.replace(",", " ").split():
        if ":" not in tok:
            raise UserError(f"bad call {tok!r} in {field_name('auction')}: write SEAT:BID or SEAT:pass, e.g. "
                            "'1:16 2:pass 3:18'")
        who, what = tok.split(":", 1)
        if not who.strip().isdigit() or not 0 <= int(who) < rules.seats:
            raise UserError(f"bad seat in call {tok!r}: {rules.id} has seats 0..{rules.seats - 1}")
        w = what.strip().lower()
        if w in ("pass", "p", "-"):
            out.append(Call(int(who), None))
        elif w.isdigit():
            out.append(Call(int(who), int(w)))
        else:
            raise UserError(f"bad call {tok!r}: the bid must be a number or 'pass'")
    return out


def replay(rules: RuleSet, dealer: int, calls: Sequence[Call]) -> Auction:
    """The auction after ``calls``; UserError (IllegalCall) if a call is out of turn or illegal."""
    a = Auction(rules, dealer)
    for c in calls:
        if a.done:
            raise IllegalCall(f"the auction is already over before call {c}")
        a.call(c.seat, c.bid)
    return a
