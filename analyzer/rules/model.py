"""The rule-set value: what every kernel, the advisor and the reports read about a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from analyzer.cards import LANE, Deck
from analyzer.rules.schema import (
    AdviceSpec,
    BiddingSpec,
    ConcessionSpec,
    PassingSpec,
    PlaySpec,
    RuleSpec,
    ScoringSpec,
)

HEAD_RULES = ("never", "trump-led", "always")
HEAD_CODE = {h: i for i, h in enumerate(HEAD_RULES)}  # kernels see 0 never, 1 trump-led, 2 always


@dataclass(frozen=True)
class OptionSpec:
    """A named rule option: its choices, default and what choosing a value changes."""

    name: str
    help: str
    choices: tuple[Any, ...]
    default: Any


@dataclass(frozen=True)
class MeldSpec:
    """One meld of the table.

    ``scope`` is ``suit`` (a pattern of ranks inside one suit; ``suit`` says which suits: any, trump,
    plain), ``around`` (one rank in every suit) or ``cards`` (fixed cards such as Q♠ J♦). A meld scores
    ``value`` (or ``trump_value`` in trump) per complete copy, or ``values[n-1]`` for n copies.
    Melds sharing a ``group`` in one suit are alternatives: only the best counts, once.
    ``excludes`` names melds whose cards in the same suit are not available to this one.
    """

    name: str
    label: str
    scope: str
    suit: str = "any"
    ranks: tuple[tuple[str, int], ...] = ()
    around: str = ""
    cards: tuple[int, ...] = ()
    value: int | None = None
    trump_value: int | None = None
    values: tuple[int, ...] = ()
    trump_values: tuple[int, ...] = ()
    group: str = ""
    excludes: tuple[str, ...] = ()

    def applies(self, is_trump: bool) -> bool:
        """Whether a suit-scope meld can be made in a suit that is (or is not) trump."""
        return self.suit == "any" or (self.suit == "trump") == is_trump

    def score(self, n: int, is_trump: bool = False) -> int:
        """Points for ``n`` complete copies (in trump or not)."""
        if n <= 0:
            return 0
        if self.group:
            n = 1
        if self.values:
            vals = self.trump_values if (is_trump and self.trump_values) else self.values
            return int(vals[min(n, len(vals)) - 1])
        per = self.trump_value if (is_trump and self.trump_value is not None) else self.value
        return int(per or 0) * n


@dataclass(frozen=True)
class RuleSet:
    """A game: deck, table, card points, play rules, bidding, scoring, meld table and options."""

    id: str
    name: str
    summary: str
    seed: str
    deck: Deck
    seats: int
    sides: tuple[tuple[int, ...], ...]
    hand_size: int
    deal_packet: int
    card_points: dict[str, int]
    last_trick: int
    per_trick: int
    convert: tuple[tuple[int, int], ...]
    play: PlaySpec  # who leads, follow and head rules (typed, defaults filled: analyzer.rules.schema)
    bidding: BiddingSpec  # the auction
    scoring: ScoringSpec  # who scores what
    advice: AdviceSpec  # the advisor's values measured for this game
    melds: tuple[MeldSpec, ...]
    option_specs: dict[str, OptionSpec]
    options: dict[str, Any]
    reference: bool = False
    #: may the bid winner concede after the meld, and who scores what then (a variant: docs/RULES.md)
    concession: ConcessionSpec = field(default_factory=ConcessionSpec)
    #: the partners' card pass after trump is named (a variant: docs/RULES.md, "Card passing"; 0 cards: none)
    passing: PassingSpec = field(default_factory=PassingSpec)
    raw: dict[str, Any] = field(default=None, repr=False, compare=False)  # type: ignore[assignment]
    #: the checked, typed sections this rule set was built from (:mod:`analyzer.rules.schema`)
    spec: RuleSpec | None = field(default=None, repr=False, compare=False)
    #: arrays derived once per rule set for the kernels (meld tables, ...), filled on first use
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # ---- derived values -------------------------------------------------------------------
    @property
    def points_by_kind(self) -> np.ndarray:
        """int64[64]: card points of each card kind (0 for unused kinds)."""
        pts = np.zeros(64, dtype=np.int64)
        for s in range(4):
            for r in self.deck.ranks:
                pts[self.deck.kind(s, r)] = self.card_points[r]
        return pts

    @property
    def total_points(self) -> int:
        """Card points in the pack plus the last-trick bonus plus per-trick points."""
        tricks = self.deck.size // self.seats
        return (
            sum(self.card_points[r] for r in self.deck.ranks) * 4 * self.deck.copies
            + self.last_trick
            + self.per_trick * tricks
        )

    @property
    def head_code(self) -> int:
        return HEAD_CODE[self.play.head]

    def side_of(self, seat: int) -> int:
        for i, side in enumerate(self.sides):
            if seat in side:
                return i
        raise ValueError(seat)

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side."""
        return tuple(s for s in self.sides[self.side_of(seat)] if s != seat)

    def pass_seats(self, declarer: int) -> tuple[int, int]:
        """The two seats of the card pass (``passing``) in the order they pass: the bid winner ``declarer`` and his
        partner."""
        partner = self.partners(declarer)[0]
        return (declarer, partner) if self.passing.bidder_first else (partner, declarer)

    def are_partners(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` are two different seats of one side."""
        return a != b and self.side_of(a) == self.side_of(b)

    @property
    def has_partners(self) -> bool:
        return any(len(s) > 1 for s in self.sides)

    @property
    def has_bidding(self) -> bool:
        return self.bidding.kind != "none"

    @property
    def forced_contract(self) -> int | None:
        """The contract the dealer is held to and plays when every seat passes (``bidding.all_pass = "dealer"``: at
        ``all_pass_bid``, else the opening bid; double deck's dealer holds the opening from the start); None: the
        deal is thrown in."""
        b = self.bidding
        if not self.has_bidding or b.all_pass != "dealer":
            return None
        return int(b.opening if b.all_pass_bid is None else b.all_pass_bid)

    def convert_points(self, p: int) -> int:
        """Trick points scored for ``p`` card points (Luxury Family's power-point conversion)."""
        if not self.convert:
            return p
        out = 0
        bounds = list(self.convert) + [(10**9, 0)]
        for (lo, slope), (hi, _) in zip(bounds[:-1], bounds[1:], strict=True):
            if p <= lo:
                break
            out += (min(p, hi) - lo) * slope
        return out

    def option_text(self) -> str:
        """The options in force as ``name=value`` pairs."""
        return " ".join(f"{k}={v}" for k, v in self.options.items())

    def bid_levels(self, upto: int | None = None) -> list[int]:
        """The legal bid values from the opening upward: up to ``upto`` when given (the highest
        score a hand could reach), else as many as ``bidding.levels``."""
        if upto is None:
            return list(self._listed_levels)
        return self._levels(upto)

    @cached_property
    def _listed_levels(self) -> tuple[int, ...]:
        """``bid_levels()`` computed once (the arena asks for its cap on every call)."""
        return tuple(self._levels(None))

    def _levels(self, upto: int | None) -> list[int]:
        b = self.bidding
        if not self.has_bidding:
            return []
        out = [int(b.opening)]
        m_above, m = int(b.multiple_above), int(b.multiple)
        while True:
            nxt = out[-1] + int(b.step)
            if m > 1 and nxt > m_above:
                nxt = ((nxt + m - 1) // m) * m
            if (upto is None and len(out) >= int(b.levels)) or (upto is not None and nxt > upto):
                return out
            out.append(nxt)


__all__ = ["HEAD_CODE", "HEAD_RULES", "LANE", "MeldSpec", "OptionSpec", "RuleSet"]
