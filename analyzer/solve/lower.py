"""A rule set lowered to the solver's workspace header and constant tables (see :mod:`layout`): the trick
rules' shared block (:mod:`analyzer.rules.lowered`), then what only the solver reads."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.errors import UserError
from analyzer.rules import RuleSet
from analyzer.rules.lowered import RP_LEN, trick_params
from analyzer.solve import layout as L


@dataclass(frozen=True)
class SolverConfig:
    """Search switches, for measurements: every combination gives the same exact values.

    ``table`` the transposition table; ``partition`` its entries keep only the ranks that decided them (else
    they pin every rank still out); ``quick`` sure-point bounds at trick boundaries; ``merge`` rank-equivalent
    cards as one move; ``ordering`` heuristic move ordering (else high to low); ``prune`` small cards shown
    equivalent to one already searched are skipped; ``killer`` the lead that last cut off at the same trick
    moves up among leads scored alike; ``quasi`` table slots keyed on suit lengths, an entry answering for
    positions whose cards differ in points (its bounds widened by the gap); ``entry`` the side on lead's sure
    points also count a partner's cashing reached by a low lead to its sure winner; ``tlen`` either side's sure
    points also by trump length (the other side's trumps matched to its own, :func:`bounds.trump_length`);
    ``forced`` the trump bounds add the other side's cheapest cards on those tricks (both off by default:
    docs/solver.md step 63); ``slot_bits`` log2 of the table's slots per thread and ``ways`` entries per slot;
    ``etc`` enhanced transposition cut-offs: before searching the moves of a
    trick's last card, every child trick boundary with at least ``etc`` tricks left is probed in the table, and
    one whose entry decides the window cuts (0: never; the last trick is never probed); ``guess_shift`` points
    added to every first guess -- given or the solver's own -- before the first search.
    """

    table: bool = True
    partition: bool = True
    quick: bool = True
    merge: bool = True
    ordering: bool = True
    prune: bool = True
    killer: bool = True
    quasi: bool = True
    entry: bool = True
    tlen: bool = False
    forced: bool = False
    slot_bits: int = 14
    ways: int = 128
    etc: int = 0
    #: points added to each first guess before the first search (None: the rule set's ``[solver] guess_shift``;
    #: values never depend on it)
    guess_shift: int | None = None

    @property
    def flags(self) -> int:
        f = 0
        for on, bit in ((self.table, L.F_TABLE), (self.quick, L.F_QUICK), (self.merge, L.F_MERGE),
                        (self.ordering, L.F_ORDER), (self.prune, L.F_PRUNE), (self.partition, L.F_PART),
                        (self.killer, L.F_KILLER), (self.quasi, L.F_QUASI),
                        (self.entry, L.F_ENTRY), (self.tlen, L.F_TLEN), (self.forced, L.F_FORCED),
                        (self.etc > 0, L.F_ETC)):
            if on:
                f |= bit
        return f


DEFAULT_CONFIG = SolverConfig()


def _owner_table(seats: int, copies: int, cb: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Owner index (each seat's count of one rank in ``cb`` bits) -> compact code; code -> each seat's
    count; and the code bits."""
    tab = np.zeros(L.OWN_LEN, dtype=np.int64)
    seat_counts = np.zeros(L.OWNSEAT_LEN, dtype=np.int64)
    code = 0
    for idx in range(1 << (cb * seats)):
        counts = [(idx >> (cb * q)) & ((1 << cb) - 1) for q in range(seats)]
        if 0 < sum(counts) <= copies:
            code += 1
            tab[idx] = code
            seat_counts[4 * code:4 * code + seats] = counts
    if code >= 128:
        raise UserError("the solver's owner codes cannot hold this deck")
    return tab, seat_counts, code.bit_length()


def header(rules: RuleSet, config: SolverConfig = DEFAULT_CONFIG) -> np.ndarray:
    """The workspace prefix (up to :data:`layout.OFF_H`) for ``rules``; cached on the rule set."""
    key = ("solve-header", config)
    cached = rules.cache.get(key)
    if cached is not None:
        return cached
    deck = rules.deck
    nr, copies, seats = deck.nranks, deck.copies, rules.seats
    if seats > L.MAX_SEATS or copies > L.MAX_PLANES:
        raise UserError(f"the solver handles up to {L.MAX_SEATS} seats and {L.MAX_PLANES} copies")
    pts = rules.points_by_kind
    values = sorted({int(v) for v in rules.card_points.values()})
    if values[0] < 0:
        raise UserError("the solver needs card points >= 0")
    if rules.total_points > L.M_VAL:
        raise UserError(f"the solver handles up to {L.M_VAL} points a deal, {rules.id} has {rules.total_points}")
    if len(values) > 8:
        raise UserError("the solver handles at most 8 distinct card point values")
    h = np.zeros(L.OFF_H, dtype=np.int64)
    h[:RP_LEN] = trick_params(rules)  # the trick rules as every kernel has them (P_SEATS .. OFF_PTS)
    cb = max(1, copies.bit_length())
    if 4 * nr * cb > 63:
        raise UserError(f"the solver's position encoding cannot hold {nr} ranks of {copies} copies")
    own, own_seat, obits = _owner_table(seats, copies, cb)
    clsbits = (len(values) - 1).bit_length()
    slot = obits + clsbits
    if nr * slot > 63:
        raise UserError(f"the solver's suit patterns cannot hold {nr} ranks of this deck")
    # coarse key: per suit x point class a field wide enough for the count of that class in the suit
    ck_off = {}
    off = 0
    for s in range(4):
        for j, v in enumerate(values):
            n_cls = copies * sum(1 for r in deck.ranks if rules.card_points[r] == v)
            ck_off[s, j] = off
            width = max(1, n_cls.bit_length())
            h[L.OFF_CKOFF + 8 * s + j] = off
            h[L.OFF_CKMASK + 8 * s + j] = (1 << width) - 1
            off += width
    if off > 63:
        raise UserError("the solver's coarse keys cannot hold this deck's point classes")
    for k in deck.kinds:
        s = k >> 4
        j = values.index(int(pts[k]))
        h[L.OFF_CLS + k] = j
        h[L.OFF_CKINC + k] = 1 << ck_off[s, j]
        h[L.OFF_CMASK + j] |= 1 << k
    for j, v in enumerate(values):
        h[L.OFF_CVAL + j] = v
    h[L.OFF_OWN:L.OFF_OWN + L.OWN_LEN] = own
    h[L.OFF_OWNSEAT:L.OFF_OWNSEAT + L.OWNSEAT_LEN] = own_seat
    for k in range(16):
        h[L.OFF_OMASK + k] = sum(((1 << obits) - 1) << (i * slot) for i in range(min(k, nr)))
    h[L.P_NCLS] = len(values)
    h[L.P_CB] = cb
    h[L.P_OBITS] = obits
    h[L.P_SLOT] = slot
    h[L.P_CLSBITS] = clsbits
    h[L.P_TTSLOTS] = config.slot_bits
    h[L.P_TTWAYS] = config.ways
    h[L.P_FLAGS] = config.flags
    h[L.P_ETCK] = max(config.etc, 2)
    rules.cache[key] = h
    return h
