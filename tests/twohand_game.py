"""Two-handed pinochle played one step at a time, through the very step kernels the simulations use: the
harness the batch kernel (:func:`analyzer.twohand.hands.play_hands`) and the phase-1 rules are checked with.

>>> g = TwoHandGame(load("two-handed"), ("AS AS TS ...", "..."), upcard="9H", dealer=1)
>>> g.play("AS"); g.play("9S")          # seat 0 leads, seat 1 follows; seat 0 wins and draws first
>>> g.meld("royal marriage")            # 4
>>> g.play("KH", table=True)            # a melded copy: the royal marriage breaks up

Phase 1 follows RULES.md (see :mod:`analyzer.twohand.state` for the readings fixed there); once the
stock is gone and the last meld made, the next :meth:`TwoHandGame.play` starts phase 2 (melds back in
the hands, follow / trump / head rules of the play engine, :mod:`analyzer.play.engine`). The product reads
a phase-1 position from a written history instead (:mod:`analyzer.twohand.position`) and plays whole hands in
batches (:mod:`analyzer.twohand.hands`); this step API was its public face once and is now the tests' alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.cards import SUITS, Hand, parse_card, suit_index, to_planes
from analyzer.deal.rng import SEED_MASK, stream_seed
from analyzer.errors import UserError
from analyzer.play import engine as E
from analyzer.play import new_state as engine_state
from analyzer.rules.model import RuleSet
from analyzer.twohand import melding as M
from analyzer.twohand import policy as P
from analyzer.twohand import state as S
from analyzer.twohand.game import MELD_TYPES, TableCard, table_cards
from analyzer.twohand.params import new_state

_ALIASES = {"aces": "aces around", "kings": "kings around", "queens": "queens around", "jacks": "jacks around",
            "royal-marriage": "royal marriage", "run-over-marriage": "run over marriage",
            "double pinochle": "pinochle", "double-pinochle": "pinochle"}
_TYPE_NAMES = {v: k for k, v in MELD_TYPES.items()}
STAGES = ("phase 1", "last card", "final meld", "phase 2")


@dataclass(frozen=True)
class MeldOption:
    """A meld the player whose meld window is open could lay down now."""

    name: str
    suit: str | None
    copies: int
    points: int
    action: int


def _kinds(cards: str | Hand | Sequence[str], rules: RuleSet) -> list[int]:
    if isinstance(cards, Hand):
        return list(cards.kinds)
    if isinstance(cards, str):
        return list(Hand.parse(cards, rules.deck).kinds)
    return [parse_card(c, rules.deck) for c in cards]


def build_deal(rules: RuleSet, hands: Sequence[str | Hand | Sequence[str]], upcard: str,
               stock: str | Sequence[str] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """One deal as kernel arrays: hands int64[1, 2, copies], stock int64[1, m] in draw order.

    ``stock`` names the first face-down cards to be drawn (in order); the rest of the pack follows in
    display order, and the turned-up card ``upcard`` lies last. UserError when the cards do not make
    up the pack.
    """
    deck = rules.deck
    hs = [_kinds(h, rules) for h in hands]
    if len(hs) != 2:
        raise UserError("a two-handed deal has two hands")
    for h in hs:
        if len(h) != rules.hand_size:
            raise UserError(f"a {rules.id} hand has {rules.hand_size} cards, not {len(h)}")
    up = parse_card(upcard, deck)
    top = _kinds(stock, rules) if stock is not None else []
    used = Counter(hs[0] + hs[1] + [up] + top)
    over = [deck.name(k) for k, c in used.items() if c > deck.copies]
    if over:
        raise UserError(f"too many copies of {', '.join(over)} in the deal (the deck has {deck.copies})")
    rest = Counter({k: deck.copies for k in deck.kinds})
    rest.subtract(used)
    tail = [k for k in deck.kinds for _ in range(rest[k])]
    order = top + tail + [up]
    m = deck.size - 2 * rules.hand_size
    if len(order) != m:
        raise UserError(f"the stock must hold {m} cards, not {len(order)}")
    h = np.stack([to_planes(hs[0], deck), to_planes(hs[1], deck)])[None]
    return h.astype(np.int64), np.array([order], dtype=np.int64)


class TwoHandGame:
    """A hand of two-handed pinochle played one step at a time (see the module doc).

    Seats are 0 and 1; ``dealer`` deals, the other seat leads. Every method raises UserError when the
    step is not allowed now.
    """

    def __init__(self, rules: RuleSet, hands: Sequence[str | Hand | Sequence[str]], upcard: str,
                 stock: str | Sequence[str] | None = None, dealer: int = 1, seed: int = 0) -> None:
        if dealer not in (0, 1):
            raise UserError("dealer must be seat 0 or 1")
        self.rules = rules
        self.g = new_state(rules)
        h, st = build_deal(rules, hands, upcard, stock)
        S.reset(self.g, h, st, 0, dealer, stream_seed(np.int64(seed & SEED_MASK), np.int64(0)))
        self.st2: np.ndarray | None = None
        self.log: list[str] = []

    @classmethod
    def from_arrays(cls, rules: RuleSet, hands: np.ndarray, stock: np.ndarray, dealer: int, i: int = 0,
                    seed: int = 0) -> TwoHandGame:
        """Deal ``i`` of kernel arrays (hands int64[n, 2, copies], stock int64[n, m])."""
        self = cls.__new__(cls)
        self.rules = rules
        self.g = new_state(rules)
        S.reset(self.g, np.ascontiguousarray(hands, dtype=np.int64), np.ascontiguousarray(stock, dtype=np.int64),
                i, dealer, stream_seed(np.int64(seed & SEED_MASK), np.int64(i)))
        self.st2 = None
        self.log = []
        return self

    # ---- what the table shows ----------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """``phase 1``, ``last card`` (the winner picks one of the last two stock cards), ``final meld``
        (the last winner may still meld once), ``phase 2`` or ``over``."""
        if self.st2 is not None:
            return "over" if self.st2[E.CTL_LEFT] == 0 else "phase 2"
        return STAGES[int(self.g[S.C_STAGE])]

    @property
    def trump(self) -> str:
        return SUITS[int(self.g[S.C_TRUMP])]

    @property
    def turn(self) -> int:
        """The seat to play a card (in the last-card stage: the winner who chooses)."""
        if self.st2 is not None:
            return int(self.st2[E.CTL_TURN])
        return int(self.g[S.C_TURN])

    @property
    def upcard(self) -> str | None:
        """The card face up under the stock (None once taken)."""
        k = int(S.upcard(self.g))
        return None if k < 0 else self.rules.deck.name(k)

    @property
    def stock_left(self) -> int:
        """Cards left in the stock, the face-up card included."""
        return int(self.g[S.C_SN] - self.g[S.C_STOP])

    def stock_cards(self) -> list[str]:
        """The stock still to be drawn, in draw order, the face-up card last (what the table hides)."""
        return [self.rules.deck.name(int(self.g[S.G_STK + i]))
                for i in range(int(self.g[S.C_STOP]), int(self.g[S.C_SN]))]

    @property
    def melder(self) -> int | None:
        """The seat whose meld window is open (None when none is)."""
        m = int(self.g[S.C_MELDER])
        return None if m < 0 or self.st2 is not None else m

    def hand(self, seat: int) -> list[str]:
        """Cards ``seat`` holds in hand (phase 2: all its cards), display order."""
        if self.st2 is not None:
            planes = E.hands_of(self.st2, 2, self.rules.deck.copies)[seat]
        else:
            planes = self.g[S.G_H + S.MAXC * seat: S.G_H + S.MAXC * seat + self.rules.deck.copies]
        return Hand(self.rules.deck, tuple(k for k in self.rules.deck.kinds
                                           for p in planes if (int(p) >> k) & 1)).names()

    def table(self, seat: int) -> list[TableCard]:
        """``seat``'s melded copies on the table (phase 1)."""
        return table_cards(self.rules, self.g, seat)

    def meld_score(self, seat: int) -> int:
        return int(self.g[S.C_MELD + seat])

    def meld_points_by_kind(self, seat: int) -> dict[str, int]:
        """Meld points ``seat`` scored, by report name (:data:`~analyzer.twohand.state.MELD_IDS`)."""
        return {name: int(self.g[S.G_MID + S.NID * seat + i]) for i, name in enumerate(S.MELD_IDS)
                if self.g[S.G_MID + S.NID * seat + i]}

    def points(self, seat: int) -> int:
        """Card points ``seat`` has taken in tricks (both phases, the last trick's bonus included)."""
        p = int(self.g[S.C_PTS + seat])
        if self.st2 is not None:
            p += int(self.st2[E.S_POINTS + seat])
        return p

    def score(self, seat: int) -> int:
        return self.meld_score(seat) + self.points(seat)

    # ---- phase 1 ---------------------------------------------------------------------------------------
    def moves(self) -> list[tuple[str, int]]:
        """The cards the player to move may play: (card, source) with source -1 = hand, else the table
        slot of a melded copy. Phase 2: every legal card, source -1."""
        deck = self.rules.deck
        if self.stage in ("phase 2", "over"):
            self._start_phase2()
            assert self.st2 is not None
            lg = int(E.legal(self.st2))
            return [(deck.name(k), -1) for k in deck.kinds if (lg >> k) & 1]
        if self.stage == "last card":
            return []
        seat = self.turn
        out = []
        for k in deck.kinds:
            if S.hand_count(self.g, seat, k):
                out.append((deck.name(k), -1))
            for slot in range(deck.copies):
                if self.g[S.tslot(seat, k, slot)] >= 0:
                    out.append((deck.name(k), slot))
        return out

    def play(self, card: str, table: bool | int = False) -> int | None:
        """The player to move plays ``card``: from hand, or with ``table`` a melded copy (True: the first
        one, or the slot number). Returns the trick's winner when the card ends a trick, else None.
        In the final-meld stage this ends phase 1 and leads to phase 2."""
        deck = self.rules.deck
        k = parse_card(card, deck)
        st = self.stage
        if st == "last card":
            raise UserError("the last trick's winner must first take a card: take_last(upcard=True/False)")
        if st == "final meld":
            self.end_phase1()
            st = self.stage
        if st == "over":
            raise UserError("the hand is over")
        if st == "phase 2":
            if table is not False:
                raise UserError("in phase 2 every card is in the hand")
            assert self.st2 is not None
            if not (int(E.legal(self.st2)) >> k) & 1:
                raise UserError(f"{deck.name(k)} is not a legal card now: {' '.join(c for c, _ in self.moves())}")
            seat = self.turn
            w = int(E.play(self.st2, k))
            self.log.append(f"[{seat}] {deck.name(k)}")
            return None if w < 0 else w
        seat = self.turn
        if table is False:
            src = 0
        elif table is True:
            slots = [s for s in range(deck.copies) if self.g[S.tslot(seat, k, s)] >= 0]
            if not slots:
                raise UserError(f"seat {seat} has no melded {deck.name(k)} on the table")
            src = 1 + slots[0]
        else:
            src = 1 + int(table)
        if not S.move_ok(self.g, seat, 4 * k + src):
            where = "in hand" if src == 0 else f"on the table (slot {src - 1})"
            raise UserError(f"seat {seat} holds no {deck.name(k)} {where}")
        w = int(S.play_move(self.g, 4 * k + src))
        self.log.append(f"[{seat}] {deck.name(k)}{'' if src == 0 else ' (table)'}")
        return None if w < 0 else w

    def take_last(self, upcard: bool) -> None:
        """The winner of the last phase-1 trick takes the face-up card (``upcard``) or the face-down one."""
        if self.stage != "last card":
            raise UserError("the last-card choice comes when one face-down card and the face-up card are left")
        S.take_last(self.g, 1 if upcard else 0)

    def meld_options(self) -> list[MeldOption]:
        """Every meld the open meld window allows now, with its points."""
        seat = self.melder
        if seat is None or not M.may_meld(self.g, seat):
            return []
        out = []
        for typ in range(S.NTYPES):
            for suit in range(4 if typ == S.A_MAR else 1):
                for n in range(1, self.rules.deck.copies + 1):
                    act = int(S.act_code(typ, suit, n))
                    v = int(M.meld_value(self.g, seat, act))
                    if v >= 0:
                        out.append(MeldOption(_TYPE_NAMES[typ], SUITS[suit] if typ == S.A_MAR else None, n, v, act))
        return out

    def meld(self, name: str, suit: str | None = None, copies: int = 1) -> int:
        """The melder lays down a meld (one a turn): ``name`` of :data:`MELD_TYPES` (``run`` lays a run of
        fresh cards when it can, else over an intact royal marriage), ``suit`` for a plain marriage,
        ``copies`` 2 for a double meld at once. Returns the points scored."""
        seat = self.melder
        if seat is None:
            raise UserError("no meld window is open: only the winner of a trick may meld, before leading")
        if not M.may_meld(self.g, seat):
            raise UserError(f"seat {seat} has already made this turn's meld")
        key = _ALIASES.get(name.lower().strip(), name.lower().strip())
        if key not in MELD_TYPES:
            raise UserError(f"unknown meld {name!r}: use one of {', '.join(MELD_TYPES)}")
        typ = MELD_TYPES[key]
        if name.lower().startswith("double"):
            copies = 2
        s = 0
        if typ == S.A_MAR:
            if suit is None:
                raise UserError("a marriage needs its suit")
            s = suit_index(suit)
        act = int(S.act_code(typ, s, copies))
        if typ == S.A_RUN and M.meld_value(self.g, seat, act) < 0 and copies == 1:
            act = int(S.act_code(S.A_RUNUP, 0, 1))
        v = int(M.meld_value(self.g, seat, act))
        if v < 0:
            raise UserError(f"seat {seat} cannot meld {name}{' ' + suit if suit else ''} now")
        return int(M.meld_apply(self.g, seat, act))

    def exchange(self) -> int:
        """The melder exchanges a dix from hand for the face-up card (the turn's dix meld); returns the points."""
        seat = self.melder
        if seat is None or not M.may_exchange(self.g, seat):
            raise UserError("no dix exchange is possible now")
        return int(M.exchange(self.g, seat))

    def end_phase1(self) -> None:
        """Close the last meld window: the melds go back to the hands and phase 2 begins."""
        if self.stage != "final meld":
            raise UserError("phase 1 ends once the stock is gone and the last-card choice made")
        S.end_phase1(self.g)
        self._start_phase2()

    def _start_phase2(self) -> None:
        if self.st2 is None and int(self.g[S.C_STAGE]) == S.STAGE_PHASE2:
            c = self.rules.deck.copies
            hands = np.stack([self.g[S.G_H + S.MAXC * s: S.G_H + S.MAXC * s + c] for s in range(2)])
            self.st2 = engine_state(self.rules, hands, int(self.g[S.C_TRUMP]), int(self.g[S.C_LASTWIN]), -1)

    # ---- letting a policy move ----------------------------------------------------------------------
    def policy_step(self, policy: str = "th-v1") -> str:
        """Let ``policy`` make the next decision of phase 1 (melds and a card, or the last-card choice, or
        the final meld); returns what it did. Phase 2 is not covered (see :mod:`analyzer.play`)."""
        code = P.POLICY_CODES[policy]
        st = self.stage
        if st == "last card":
            w = int(self.g[S.C_LASTWIN])
            up = int(P.choose_last(self.g, w, code))
            self.take_last(bool(up))
            return f"[{w}] takes the {'face-up' if up else 'face-down'} card"
        if st == "final meld":
            w = int(self.g[S.C_MELDER])
            before = self.meld_score(w)
            P.do_melds(self.g, w, code)
            self.end_phase1()
            return f"[{w}] last meld {self.meld_score(w) - before}"
        if st != "phase 1":
            raise UserError("policy_step plays phase 1 only")
        seat = self.turn
        before = self.meld_score(seat)
        if self.g[S.C_NTR] == 0 and self.g[S.C_MELDER] == seat:
            P.do_melds(self.g, seat, code)
        mv = int(P.choose_move(self.g, seat, code))
        k, src = mv >> 2, mv & 3
        self.play(self.rules.deck.name(k), False if src == 0 else src - 1)
        gained = self.meld_score(seat) - before
        return f"[{seat}] {'meld ' + str(gained) + ', ' if gained else ''}plays {self.rules.deck.name(k)}"
