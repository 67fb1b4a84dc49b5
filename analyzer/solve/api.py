"""The double-dummy solver's Python API: input checks, workspaces, results.

Everything here is a thin layer over the kernels (:mod:`analyzer.solve.driver`); they read the game
only from the workspace header :func:`analyzer.solve.lower.header` builds out of the
:class:`~analyzer.rules.RuleSet`. The kernels are compiled (or loaded from the cache) on the first solve.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

import numba
import numpy as np

from analyzer.cards import Hand, parse_card, to_planes
from analyzer.errors import UserError
from analyzer.jit import tick_rate
from analyzer.play.engine import legal_kinds
from analyzer.rules import RuleSet
from analyzer.rules.lowered import first_lead_trump, side_mask
from analyzer.solve import layout as L
from analyzer.solve.lower import DEFAULT_CONFIG, SolverConfig
from analyzer.solve.lower import header as lower_header
from analyzer.solve.results import COUNTERS, STATUSES, DealsResult, SolveResult  # noqa: F401  (the API's types)

#: default node budget of one position (all null-window searches and card values together)
DEFAULT_MAX_NODES = 50_000_000


def rule_resolution(rules: RuleSet) -> int:
    """The resolution the rule set's advice needs (``[solver] resolution``, in the solver's points: about one
    bid step; 1 = exact values)."""
    spec = rules.spec
    return int(spec.solver.resolution) if spec is not None else 1


def rule_config(rules: RuleSet) -> SolverConfig:
    """The search settings the rule set's solves use unless a config is given: the defaults with the rule data's
    ``[solver]`` table and bound settings (measured per game: docs/solver.md)."""
    spec = rules.spec
    if spec is None:
        return DEFAULT_CONFIG
    s = spec.solver
    return replace(DEFAULT_CONFIG, slot_bits=s.slot_bits, ways=s.ways, tlen=s.tlen, forced=s.forced, etc=s.etc)


def rule_guess_shift(rules: RuleSet) -> int:
    """Points the rule set's solves add to a first guess before the first search (``[solver] guess_shift``,
    measured: a playout's estimate lies above the double-dummy value in Luxury Family)."""
    spec = rules.spec
    return int(spec.solver.guess_shift) if spec is not None else 0


@dataclass(frozen=True, eq=False)
class Position:
    """One position to solve: hands (count planes, seat order), trump, leader of the current trick,
    declaring seat, the cards already played to the trick (kinds, in order from the leader) and the bid
    (only double deck's first-lead rule reads it)."""

    hands: np.ndarray
    trump: int
    leader: int
    declarer: int
    trick: tuple[int, ...] = ()
    bid: int = 0
    first_lead: bool = field(default=False, compare=False)


# ---- per-thread workspaces ---------------------------------------------------------------------------


class _Workspaces:
    """One solver workspace per thread (hands, search records and transposition table), with the stamp
    counter that empties each table per position: an entry counts only with its position's stamp."""

    def __init__(self, threads: int, slot_bits: int, ways: int) -> None:
        self.key = (threads, slot_bits, ways)
        self.work = np.zeros((threads, L.workspace_words(slot_bits, ways)), dtype=np.int64)
        self.stamp = 1

    def stamps(self, n: int) -> int:
        """First stamp of a batch of ``n`` positions (stamps never repeat between resets)."""
        if self.stamp + n >= (1 << 31) - 1:
            self.work.fill(0)
            self.stamp = 1
        s = self.stamp
        self.stamp += n
        return s


_WORK: dict[str, _Workspaces] = {}
_LOCK = threading.Lock()


def _workspaces(config: SolverConfig) -> _Workspaces:
    """The workspaces for ``config``'s table size at the current thread count (one set alive: they are
    large)."""
    key = (int(numba.get_num_threads()), config.slot_bits, config.ways)
    ws = _WORK.get("ws")
    if ws is None or ws.key != key:
        _WORK.clear()
        ws = _WORK["ws"] = _Workspaces(*key)
    return ws


def release_tables() -> None:
    """Free the solver's workspaces and tables (they are rebuilt on the next solve)."""
    with _LOCK:
        _WORK.clear()


# ---- input checks ------------------------------------------------------------------------------------


def _as_planes(hands: Any, rules: RuleSet) -> np.ndarray:
    deck = rules.deck
    if isinstance(hands, np.ndarray):
        arr = np.asarray(hands)
        if arr.ndim != 2 or arr.shape != (rules.seats, deck.copies):
            raise UserError(
                f"hands must be int64[{rules.seats}, {deck.copies}] count planes, not shape {arr.shape}"
            )
        planes = arr.astype(np.int64)
    else:
        hs = list(hands)
        if len(hs) != rules.seats:
            raise UserError(f"a {rules.id} position has {rules.seats} hands, {len(hs)} given")
        planes = np.zeros((rules.seats, deck.copies), dtype=np.int64)
        for i, h in enumerate(hs):
            if isinstance(h, Hand):
                kinds = list(h.kinds)
            elif isinstance(h, str):
                kinds = list(Hand.parse(h, deck).kinds)
            else:
                kinds = [int(k) for k in h]
            planes[i] = to_planes(kinds, deck)
    allk = deck.all_kinds_mask
    for i in range(rules.seats):
        for p in range(deck.copies):
            x = int(planes[i, p])
            if x < 0 or x & ~allk:
                raise UserError(f"hand {i} holds bits that are no card of the {rules.id} deck")
            if p > 0 and x & ~int(planes[i, p - 1]):
                raise UserError(f"hand {i}: count plane {p} is not inside plane {p - 1}")
    return planes


def _kinds(planes: np.ndarray) -> list[int]:
    out = []
    for p in planes:
        x = int(p)
        while x:
            b = x & -x
            out.append(b.bit_length() - 1)
            x ^= b
    return out


def _trick_kinds(trick: Sequence[int | str], rules: RuleSet) -> tuple[int, ...]:
    out = []
    for c in trick:
        if isinstance(c, str):
            out.append(parse_card(c, rules.deck))
        else:
            k = int(c)
            if k < 0 or k >= 64 or not (rules.deck.all_kinds_mask >> k) & 1:
                raise UserError(f"trick card {k} is no card kind of the {rules.id} deck")
            out.append(k)
    return tuple(out)


def make_position(rules: RuleSet, hands: Any, trump: int, leader: int, declarer: int,
                  trick: Sequence[int | str] = (), bid: int = 0) -> Position:
    """A checked :class:`Position`; UserError (one line) when it is not a legal position of the game."""
    seats = rules.seats
    deck = rules.deck
    try:
        trump, leader, declarer, bid = int(trump), int(leader), int(declarer), int(bid)
    except (TypeError, ValueError):
        raise UserError("trump, leader, declarer and bid must be integers") from None
    if not -1 <= trump <= 3:
        raise UserError(f"trump must be 0..3 (S H D C) or -1 for notrump, not {trump}")
    for name, s in (("declarer", declarer), ("leader", leader)):
        if not 0 <= s < seats:
            raise UserError(f"{name} seat must be 0..{seats - 1} for {rules.id}, not {s}")
    planes = _as_planes(hands, rules)
    tk = _trick_kinds(trick, rules)
    if len(tk) >= seats:
        raise UserError(f"a trick in progress has at most {seats - 1} cards, {len(tk)} given")
    held = [_kinds(planes[i]) for i in range(seats)]
    counts = Counter(k for h in held for k in h)
    counts.update(tk)
    for k, n in sorted(counts.items()):
        if n > deck.copies:
            raise UserError(
                f"{deck.name(k)} appears {n} times in the hands and trick; the deck has {deck.copies}"
            )
    sizes = [len(h) for h in held]
    played = {(leader + i) % seats for i in range(len(tk))}
    m = max(sizes) if not played else sizes[(leader + len(tk)) % seats]
    want = [m - 1 if s in played else m for s in range(seats)]
    if sizes != want or (tk and m < 1):
        raise UserError(
            f"hand sizes {'/'.join(map(str, sizes))} do not fit a trick of {len(tk)} card(s) led by seat "
            f"{leader}: players who played to the trick hold one card fewer, the others the same number"
        )
    if m > rules.hand_size:
        raise UserError(f"a {rules.id} hand holds at most {rules.hand_size} cards, not {m}")
    first = first_lead_trump(rules, bid, leader, declarer)
    full = all(sizes[s] + (1 if s in played else 0) == rules.hand_size for s in range(seats))
    # replay the trick: every card must have been a legal play from the hand it came from
    for i, c in enumerate(tk):
        s = (leader + i) % seats
        before = held[s] + [c]
        legal = legal_kinds(rules, before, tk[:i], trump, first=first and full and i == 0)
        if c not in legal:
            raise UserError(
                f"the trick is not legal: seat {s} could not play {deck.name(c)} there "
                f"(legal: {' '.join(deck.name(k) for k in sorted(legal, reverse=True))})"
            )
    return Position(planes, trump, leader, declarer, tk, bid, first_lead=first and full and not tk)


# ---- solving -----------------------------------------------------------------------------------------


class _Run(NamedTuple):
    out: np.ndarray  # int64[n, NOUT]: lo, hi, exact, nodes, line complete, line nodes, clock ticks, status
    cvals: np.ndarray
    stats: np.ndarray
    points: np.ndarray
    tricks: np.ndarray
    cards: np.ndarray


def _run(rules: RuleSet, hands: np.ndarray, spec: np.ndarray, all_cards: bool, max_nodes: int,
         config: SolverConfig | None, lines: bool = False) -> _Run:
    """Solve positions ``hands`` int64[n, seats, copies] with their ``spec`` rows (layout.SP_*); ``config`` None:
    the rule set's (:func:`rule_config`)."""
    config = rule_config(rules) if config is None else config
    header = lower_header(rules, config)
    n = hands.shape[0]
    seats = rules.seats
    out = np.zeros((n, L.NOUT), dtype=np.int64)
    cvals = np.zeros((n, 64), dtype=np.int64)
    stats = np.zeros((n, L.NCNT + L.DEPTH_LEN), dtype=np.int64)
    lpts = np.full((n, seats), -1, dtype=np.int64)
    ltrk = np.full((n, seats), -1, dtype=np.int64)
    lcards = np.full((n, seats * rules.hand_size), -1, dtype=np.int64)
    res = _Run(out, cvals, stats, lpts, ltrk, lcards)
    if n == 0:
        return res
    assert max_nodes >= 1, max_nodes  # checked by the API (the questions' max_nodes)
    from analyzer.solve.driver import solve_at  # compiles (or loads) the solver on first use

    planes = np.zeros((n, seats, L.MAX_PLANES), dtype=np.int64)
    planes[:, :, : rules.deck.copies] = hands
    spec = np.ascontiguousarray(spec, dtype=np.int64)
    # the hardest positions first, so that a slow one never leaves a thread idle at the end; threads
    # take positions as they come free (a position's result does not depend on the thread that solves it)
    order = iter(np.argsort(-_difficulty(rules, hands), kind="stable").tolist())
    take = threading.Lock()

    def worker(t: int) -> None:
        W = ws.work[t]
        while True:
            with take:
                i = next(order, None)
            if i is None:
                return
            solve_at(W, header, planes, spec, opts, i, out, cvals, lpts, ltrk, lcards, stats)

    with _LOCK:
        ws = _workspaces(config)
        opts = np.array([1 if all_cards else 0, 1 if lines else 0, int(max_nodes), ws.stamps(n)], dtype=np.int64)
        threads = min(ws.work.shape[0], n)
        if threads == 1:
            worker(0)
        else:
            with ThreadPoolExecutor(threads) as pool:
                for f in [pool.submit(worker, t) for t in range(threads)]:
                    f.result()
    _mark_cached()
    return res


def _mark_cached() -> None:
    """After a first solve every solver kernel is compiled and cached: say so (see :mod:`analyzer.runs.warmup`)."""
    global _MARKED
    if not _MARKED:
        from analyzer import jit

        jit.mark_compiled("solver")
        _MARKED = True


_MARKED = False


def _spec(n: int) -> np.ndarray:
    """An empty batch of position specs (no trick in progress, no guess)."""
    spec = np.zeros((n, L.NSPEC), dtype=np.int64)
    spec[:, L.SP_GUESS] = -1
    spec[:, L.SP_TARGET] = -1
    spec[:, L.SP_RES] = 1
    return spec


def _set_resolution(rules: RuleSet, spec: np.ndarray, resolution: int | Sequence[int] | np.ndarray | str | None,
                    config: SolverConfig | None) -> None:
    """The spec's resolution and first-guess shift: one value or one per position; ``"rules"`` (or None) the
    rule set's measured ``[solver]`` values."""
    n = spec.shape[0]
    if resolution is None or (isinstance(resolution, str) and resolution == "rules"):
        resolution = rule_resolution(rules)
    elif isinstance(resolution, str):
        raise UserError(f"resolution must be a number of points or \"rules\", not {resolution!r}")
    res = _per_item(resolution, n, 1)
    if res.size and res.min() < 1:
        raise UserError(f"the resolution is at least 1 point (1: exact values), not {int(res.min())}")
    spec[:, L.SP_RES] = res
    shift = None if config is None else config.guess_shift
    spec[:, L.SP_SHIFT] = rule_guess_shift(rules) if shift is None else int(shift)


def _difficulty(rules: RuleSet, hands: np.ndarray) -> np.ndarray:
    """A rough order of solve times: the cards still in play (more cards, longer solves)."""
    return _popcounts(hands).sum(axis=(1, 2))


def _columns(run: _Run) -> DealsResult:
    """A run's results as the batch form's columns."""
    out = run.out
    exact = out[:, L.OUT_EXACT] == 1
    return DealsResult(np.where(exact, out[:, L.OUT_LO], -1), out[:, L.OUT_LO].copy(), out[:, L.OUT_HI].copy(), exact,
                       out[:, L.OUT_NODES].copy(), run.points, run.tricks, out[:, L.OUT_LINE] == 1, run.cards,
                       out[:, L.OUT_LINENODES].copy(), out[:, L.OUT_TICKS] * 1000.0 / tick_rate(), run.stats.copy(),
                       out[:, L.OUT_STATUS].copy())


def _results(run: _Run, all_cards: bool) -> list[SolveResult]:
    """A run's results in the single form (:meth:`DealsResult.row`), with each legal card's value when asked."""
    cols = _columns(run)
    res = []
    for i in range(run.out.shape[0]):
        r = cols.row(i)
        if all_cards and r.exact:
            cv = run.cvals[i]
            r = replace(r, card_values={k: int(cv[k]) for k in range(64) if cv[k] >= 0})
        res.append(r)
    return res


def solve_positions(rules: RuleSet, positions: Sequence[Position], all_cards: bool = False,
                    max_nodes: int = DEFAULT_MAX_NODES, config: SolverConfig | None = None,
                    lines: bool = True, guess: int | Sequence[int] | None = None,
                    target: int | Sequence[int] | None = None, *,
                    resolution: int | Sequence[int] | str | None = 1) -> list[SolveResult]:
    """Solve checked positions (see :func:`make_position`) of one rule set in parallel: each position's
    :class:`SolveResult`. ``all_cards`` also gives the value of each legal card of the player to move;
    ``lines`` replays one optimal line after an exact solve; ``guess`` (one or one per position) a first
    estimate of each value; ``target`` (one or one per position): ask only whether the declaring side takes
    at least that many points (one null-window search; ``lower >= target`` says yes, ``upper < target``
    no, neither: the budget ran out), not with ``all_cards``; ``resolution`` as in
    :func:`solve_deals` (``all_cards`` solves every card exactly). See :func:`solve_deals` for the rest."""
    n = len(positions)
    targets = _per_item(target, n, -1)
    if targets.size and (all_cards and targets.max() >= 0 or (targets < -1).any()):
        raise UserError("a target is a number of points, 0 or more, asked without the card values")
    seats = rules.seats
    hands = np.zeros((n, seats, rules.deck.copies), dtype=np.int64)
    spec = _spec(n)
    for i, p in enumerate(positions):
        hands[i] = p.hands
        spec[i, L.SP_TRUMP] = p.trump
        spec[i, L.SP_LEADER] = p.leader
        spec[i, L.SP_MAXMASK] = side_mask(rules, p.declarer)
        spec[i, L.SP_FIRST] = 1 if p.first_lead else 0
        spec[i, L.SP_TRICK:L.SP_TRICK + len(p.trick)] = p.trick
        spec[i, L.SP_NTRICK] = len(p.trick)
    spec[:, L.SP_GUESS] = _per_item(guess, n, -1)
    spec[:, L.SP_TARGET] = targets
    _set_resolution(rules, spec, resolution, config)
    return _results(_run(rules, hands, spec, all_cards, max_nodes, config, lines), all_cards)


def solve_position(rules: RuleSet, position: Position, all_cards: bool = False,
                   max_nodes: int = DEFAULT_MAX_NODES, config: SolverConfig | None = None,
                   lines: bool = True, guess: int | None = None, target: int | None = None, *,
                   resolution: int | str | None = 1) -> SolveResult:
    """One checked position (see :func:`make_position`): the single form of :func:`solve_positions`, with
    the same parameters and result."""
    return solve_positions(rules, [position], all_cards, max_nodes, config, lines, guess, target,
                           resolution=resolution)[0]


def solve_deal(rules: RuleSet, hands: Any, trump: int, leader: int, declarer: int, bid: int = 0,
               max_nodes: int = DEFAULT_MAX_NODES, config: SolverConfig | None = None, lines: bool = True, *,
               trick: Sequence[int | str] = (), all_cards: bool = False,
               resolution: int | str | None = 1) -> SolveResult:
    """Double-dummy value of one position for the side of ``declarer``: the single form of
    :func:`solve_deals`, with its parameters (one value each) and ``solve_deals(...).row(0)``'s result.

    ``hands``: int64[seats, copies] count planes in seat order (or one card string / Hand / kind list
    per seat); ``trump`` 0..3 = S H D C or -1 notrump; ``leader`` the seat that leads the current trick;
    ``bid`` the winning bid (double deck: a bid of 50 lifts the first-lead trump duty). Partnership games
    count the declarer's side, Luxury Family and two-handed the declarer alone against the others.
    ``max_nodes`` bounds the work: past it the result is inexact and carries proven bounds. ``lines``
    replays one optimal line (``line``, ``points`` and ``tricks`` per seat; the replay has its own
    allowance of ``max_nodes``). What only one position can have, by keyword: ``trick`` the cards already
    played to the current trick in order (kinds or names); ``all_cards`` also the value of each legal card
    of the player to move (DDS "solutions=3"). A first guess or a target: :func:`solve_position` of
    :func:`make_position`.
    """
    pos = make_position(rules, hands, trump, leader, declarer, trick, bid)
    return solve_position(rules, pos, all_cards, max_nodes, config, lines, resolution=resolution)


def _per_item(x: int | Sequence[int] | np.ndarray | None, n: int, none: int) -> np.ndarray:
    """One value per item from one value for all, one per item, or None (then ``none``)."""
    return np.broadcast_to(np.asarray(none if x is None else x, dtype=np.int64), (n,)).copy()


def solve_deals(rules: RuleSet, deals: np.ndarray, trump: int | np.ndarray, leader: int | np.ndarray,
                declarer: int | np.ndarray, bid: int = 0, max_nodes: int = DEFAULT_MAX_NODES,
                config: SolverConfig | None = None, lines: bool = True,
                guess: int | np.ndarray | None = None, target: int | np.ndarray | None = None, *,
                resolution: int | np.ndarray | str | None = 1) -> DealsResult:
    """Solve many positions at trick boundaries (``deals`` int64[n, seats, copies]) in parallel.

    ``trump``, ``leader`` and ``declarer`` are one value for all deals or one per deal. Each deal's
    result is independent of the thread count. Deals with full hands at the start of play apply the
    first-lead rule with ``bid``. ``lines`` (default): after an exact solve, replay one optimal line
    and report every seat's points and tricks along it (the replay has its own allowance of
    ``max_nodes``; where it runs out, ``played`` is False and the rows are -1). ``lines=False`` skips
    the replay when only the value is wanted. ``guess`` (one or one per deal; -1 for none): a first
    estimate of each value, where the search starts (a good guess saves null-window searches).
    ``target`` (one or one per deal; -1 for none): ask only whether the declaring side takes at least that
    many points -- one null-window search, far cheaper than the value; ``lower`` / ``upper`` are then
    proven bounds that answer it (:func:`analyzer.solve.decide.decide_deals` says it plainly).

    ``resolution`` (one or one per deal; ``"rules"`` or None: the rule set's ``[solver] resolution``, about
    one bid step): stop once the proven bounds are closer than that, ``upper - lower < resolution`` (1, the
    default: the exact value). The searches move their window ``resolution`` points at a time from the first
    guess; past the node budget the bounds proven so far come back. ``status`` says per deal which it is:
    exact, bracketed, or unfinished (the budget ran out first). ``config.guess_shift`` (None: the rule set's
    ``[solver] guess_shift``) is added to each first guess -- given or the solver's own -- before the first
    search (values never depend on it).
    """
    deals = np.asarray(deals)
    seats, copies = rules.seats, rules.deck.copies
    if deals.ndim != 3 or deals.shape[1:] != (seats, copies):
        raise ValueError(f"deals must be int64[n, {seats}, {copies}], not shape {deals.shape}")
    deals = deals.astype(np.int64)
    n = deals.shape[0]

    trumps = _per_item(trump, n, -1)
    leaders = _per_item(leader, n, 0)
    decls = _per_item(declarer, n, 0)
    if n and (trumps.min() < -1 or trumps.max() > 3):
        raise ValueError("trump must be 0..3 (S H D C) or -1 for notrump")
    for name, a in (("leader", leaders), ("declarer", decls)):
        if n and (a.min() < 0 or a.max() >= seats):
            raise ValueError(f"{name} seats must be 0..{seats - 1}")
    _check_deals(rules, deals)
    masks = np.array([side_mask(rules, int(d)) for d in decls], dtype=np.int64)
    sizes = _popcounts(deals).sum(axis=2)  # [n, seats]
    full = (sizes == rules.hand_size).all(axis=1) if n else np.zeros(0, dtype=bool)
    firsts = np.array(
        [1 if full[i] and first_lead_trump(rules, bid, int(leaders[i]), int(decls[i]))
         else 0 for i in range(n)], dtype=np.int64)
    spec = _spec(n)
    spec[:, L.SP_TRUMP] = trumps
    spec[:, L.SP_MAXMASK] = masks
    spec[:, L.SP_LEADER] = leaders
    spec[:, L.SP_FIRST] = firsts
    spec[:, L.SP_GUESS] = _per_item(guess, n, -1)
    spec[:, L.SP_TARGET] = _per_item(target, n, -1)
    _set_resolution(rules, spec, resolution, config)
    return _columns(_run(rules, deals, spec, False, max_nodes, config, lines))


def _popcounts(a: np.ndarray) -> np.ndarray:
    x = a.astype(np.int64, copy=True)  # bit 63 is never used: the values are non-negative
    c = np.zeros(a.shape, dtype=np.int64)
    while np.any(x):
        c += x & 1
        x >>= 1
    return c


def _check_deals(rules: RuleSet, deals: np.ndarray) -> None:
    """ValueError for deals that are no deals of ``rules`` (a programming error, as in :func:`analyzer.play.
    play_deals`: a user's position is checked by :func:`make_position`, in words)."""
    deck = rules.deck
    allk = np.int64(deck.all_kinds_mask)
    if np.any(deals < 0) or np.any(deals & ~allk):
        raise ValueError(f"deals hold bits that are no card of the {rules.id} deck")
    if deck.copies > 1 and np.any(deals[:, :, 1:] & ~deals[:, :, :-1]):
        raise ValueError("count planes must nest: plane p+1 inside plane p")
    sizes = _popcounts(deals).sum(axis=2)
    if np.any(sizes != sizes[:, :1]):
        i = int(np.nonzero((sizes != sizes[:, :1]).any(axis=1))[0][0])
        raise ValueError(f"deal {i}: hands of unequal sizes {'/'.join(map(str, sizes[i]))} at a trick boundary")
    if np.any(sizes > rules.hand_size):
        raise ValueError(f"a {rules.id} hand holds at most {rules.hand_size} cards")
    # copies of each kind over all hands: sum the bits of every plane of every seat per kind
    tot = np.zeros((deals.shape[0], 64), dtype=np.int64)
    flat = deals.reshape(deals.shape[0], -1)
    for b in range(63):
        tot[:, b] = ((flat >> b) & 1).sum(axis=1)
    if np.any(tot > deck.copies):
        i, k = (int(v) for v in np.argwhere(tot > deck.copies)[0])
        raise ValueError(f"deal {i}: {deck.name(k)} held {tot[i, k]} times, the deck has {deck.copies}")


def trump_index(text: str) -> int:
    """Trump 0..3 from a suit letter or symbol, -1 from ``N``/``NT``/``notrump``."""
    t = text.strip()
    if t.upper() in ("N", "NT", "NOTRUMP", "-1"):
        return -1
    if t.isdigit() and int(t) < 4:
        return int(t)
    from analyzer.cards import suit_index

    try:
        return suit_index(t)
    except UserError:
        raise UserError(f"unknown trump {text!r}: use S H D C (or N for notrump)") from None


__all__ = [
    "COUNTERS", "DEFAULT_MAX_NODES", "STATUSES", "DealsResult", "Position", "SolveResult", "SolverConfig",
    "make_position", "release_tables", "rule_config", "rule_guess_shift", "rule_resolution",
    "solve_deal",
    "solve_deals", "solve_positions", "trump_index",
]
