"""Card notation and bitboards.

A *card kind* is an int ``16 * suit + bit`` where suit 0..3 is S H D C and ``bit`` orders the ranks
inside the suit's 16-bit lane from the lowest rank (bit 0) up; so within a suit a larger kind is a
higher card. A hand is an ``int64`` array of *count planes*, one per copy in the deck: plane ``k`` is the
bitboard of the kinds held at least ``k + 1`` times. Bit 63 is never used, so signed int64 is safe.

The same layout serves every deck: 48 cards ``A T K Q J 9`` or ``A T K Q J 7`` (2 copies, 2 planes),
80 cards ``A T K Q J`` (4 copies, 4 planes) and the 52-card bridge deck (1 copy, 13 ranks).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from analyzer.errors import UserError

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
LANE = 16
LANE_MASK = (1 << LANE) - 1
MAX_PLANES = 4


def suit_index(text: str) -> int:
    """Suit number 0..3 of a suit letter (S H D C) or symbol; raises UserError otherwise."""
    s = SUIT_SYMBOLS.get(text, text.upper())
    if len(s) != 1 or s not in SUITS:
        raise UserError(f"unknown suit {text!r}: use one of S H D C (or ♠ ♥ ♦ ♣)")
    return SUITS.index(s)


@dataclass(frozen=True)
class Deck:
    """A pack: ranks from high to low, ``copies`` identical copies of each card kind, four suits."""

    ranks: tuple[str, ...]
    copies: int
    rank_bit: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.copies <= MAX_PLANES:
            raise UserError(f"a deck has 1 to {MAX_PLANES} copies of each card, not {self.copies}")
        if not 1 <= len(self.ranks) <= LANE or len(set(self.ranks)) != len(self.ranks):
            raise UserError(f"bad rank list {self.ranks!r}")
        n = len(self.ranks)
        object.__setattr__(self, "rank_bit", {r: n - 1 - i for i, r in enumerate(self.ranks)})

    @property
    def nranks(self) -> int:
        return len(self.ranks)

    @property
    def size(self) -> int:
        """Number of cards in the pack."""
        return 4 * self.nranks * self.copies

    @property
    def lane(self) -> int:
        """Bitmask of the used bits of one suit lane."""
        return (1 << self.nranks) - 1

    @property
    def kinds(self) -> list[int]:
        """Every card kind of the deck, in display order (suit S H D C, rank high to low)."""
        return [self.kind(s, r) for s in range(4) for r in self.ranks]

    @property
    def all_kinds_mask(self) -> int:
        return sum(self.lane << (LANE * s) for s in range(4))

    def kind(self, suit: int, rank: str) -> int:
        return LANE * suit + self.rank_bit[rank]

    def rank_of(self, kind: int) -> str:
        return self.ranks[self.nranks - 1 - (kind % LANE)]

    def name(self, kind: int) -> str:
        """Canonical name of a card kind, e.g. ``AS``, ``TD``, ``9C``."""
        return self.rank_of(kind) + SUITS[kind // LANE]

    def full_planes(self) -> np.ndarray:
        """Count planes of the whole pack."""
        planes = np.zeros(self.copies, dtype=np.int64)
        planes[:] = self.all_kinds_mask
        return planes


def _rank_token(tok: str) -> str:
    t = tok.upper()
    return "T" if t == "10" else t


def parse_card(token: str, deck: Deck) -> int:
    """Kind of one card written rank then suit (``AS``, ``10♦``, ``9c``); UserError if not in the deck."""
    tok = token.strip()
    if len(tok) < 2:
        raise UserError(f"unknown card {token!r}: write rank then suit, e.g. AS, TD, 10H, 9C")
    rank, suit = _rank_token(tok[:-1]), tok[-1]
    try:
        s = suit_index(suit)
    except UserError:
        raise UserError(
            f"unknown card {token!r}: the suit must be one of S H D C (or ♠ ♥ ♦ ♣)"
        ) from None
    if rank not in deck.rank_bit:
        raise UserError(
            f"unknown card {token!r}: this deck's ranks are {' '.join(deck.ranks)} (10 also means T)"
        )
    return deck.kind(s, rank)


def split_tokens(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


def parse_cards(text: str | Iterable[str], deck: Deck) -> list[int]:
    """Kinds of the cards in ``text`` (whitespace or comma separated), one entry per card."""
    tokens = split_tokens(text) if isinstance(text, str) else [t for t in text]
    kinds = [parse_card(t, deck) for t in tokens]
    check_copies(kinds, deck)
    return kinds


def check_copies(kinds: Sequence[int], deck: Deck) -> None:
    """UserError when some card kind appears more often than the deck has copies."""
    for k, n in Counter(kinds).items():
        if n > deck.copies:
            raise UserError(
                f"too many copies of {deck.name(k)}: {n} given, the deck has {deck.copies}"
            )


def to_planes(kinds: Iterable[int], deck: Deck) -> np.ndarray:
    """Count planes (int64[copies]) of a multiset of kinds."""
    planes = np.zeros(deck.copies, dtype=np.int64)
    for k, n in Counter(kinds).items():
        if n > deck.copies:
            raise UserError(
                f"too many copies of {deck.name(k)}: {n} given, the deck has {deck.copies}"
            )
        for p in range(n):
            planes[p] |= np.int64(1 << k)
    return planes


def from_planes(planes: np.ndarray | Sequence[int], deck: Deck) -> list[int]:
    """Kinds of a hand given by count planes, in display order, one entry per card."""
    out: list[int] = []
    for k in deck.kinds:
        for p in planes:
            if (int(p) >> k) & 1:
                out.append(k)
    return out


def counts_of(planes: np.ndarray | Sequence[int], deck: Deck) -> dict[int, int]:
    """How many copies of each kind a hand holds (only kinds held)."""
    c: dict[int, int] = {}
    for k in deck.kinds:
        n = sum((int(p) >> k) & 1 for p in planes)
        if n:
            c[k] = n
    return c


def format_cards(kinds: Iterable[int], deck: Deck) -> str:
    """Cards in display order, space separated: ``AS AS TS KS ... 9C``."""
    order = {k: i for i, k in enumerate(deck.kinds)}
    return " ".join(deck.name(k) for k in sorted(kinds, key=order.__getitem__))


def card_names(kinds: Iterable[int], deck: Deck) -> list[str]:
    order = {k: i for i, k in enumerate(deck.kinds)}
    return [deck.name(k) for k in sorted(kinds, key=order.__getitem__)]


@dataclass(frozen=True)
class Hand:
    """A friendly wrapper: a multiset of cards of one deck, with its count planes."""

    deck: Deck
    kinds: tuple[int, ...]

    @classmethod
    def parse(cls, text: str | Iterable[str], deck: Deck) -> Hand:
        return cls(deck, tuple(sorted(parse_cards(text, deck))))

    @property
    def planes(self) -> np.ndarray:
        return to_planes(self.kinds, self.deck)

    def __len__(self) -> int:
        return len(self.kinds)

    def __str__(self) -> str:
        return format_cards(self.kinds, self.deck)

    def names(self) -> list[str]:
        return card_names(self.kinds, self.deck)

    def count(self, card: str) -> int:
        k = parse_card(card, self.deck)
        return self.kinds.count(k)
