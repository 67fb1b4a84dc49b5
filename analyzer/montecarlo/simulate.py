"""The Monte-Carlo driver: sampled deals around my hand, played out under every trump, as a table.

``simulate(rules, hand, seat=1)`` deals ``samples`` hands to the other seats (:mod:`analyzer.deal`),
then plays each deal once per trump with me as the declarer, leading as ``rules.play.leader`` says
(the high bidder leads; two-handed: the non-dealer). The **same deals serve every trump** (and every
play mode), so the trumps are compared on paired samples.

A *play mode* is a parameter: ``"heuristic"`` plays the heuristic policy (``policy``, default ``v1``) of
:func:`analyzer.play.play_deals`; ``"dd"`` asks the double-dummy solver (``analyzer.solve.solve_deals``)
for best play.

Double-dummy play: the solver finds the exact value of the deal for the declaring side (card, per-trick
and last-trick points), then replays one optimal line and reports every seat's points and tricks along
it, so dd rows are scored exactly like playout rows. The declaring side's total is exact; how the other
points split between the defenders (Luxury Family converts each player's points on his own) and the
trick counts (no trick, no meld) are those of one optimal line -- the first card in the solver's move
order that keeps the value at every step. Each solve has a node budget (``dd_max_nodes``, default
:data:`DD_MAX_NODES`); a deal not solved within it is **not** given a dd number: the heuristic playout's
result stands in for it and the row's ``exact`` column is False (:func:`add_play` callers can drop those
rows instead), so every figure can say how many of its deals were solved.

Where the play itself depends on the bid (double deck: the first lead must be a trump unless the bid
was 50) each trump is played once per such bid class (:func:`play_bids`), and the ``bid`` column says
which.

Deals are processed in chunks of :data:`analyzer.runs.batches.BATCH` deals (a rich progress bar shows on a
terminal). Chunk boundaries are fixed multiples of ``BATCH``, every deal's cards come from ``(seed, deal
index)``, and each chunk's play seed from ``(seed, chunk index)``, so the table is the same at any thread
count, with or without the progress bar, and its first ``k`` deals are those of a run with ``samples = k``.

The result, :class:`Simulation`, holds the deals (for solving the same deals later) and a polars
DataFrame with one row per (scenario, deal, play mode, trump, bid class); see :data:`COLUMNS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import polars as pl

from analyzer.cards import SUITS, Hand, from_planes
from analyzer.deal import Accept, Constraint, Deals, Table, table
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.montecarlo.rows import COLUMNS as COLUMNS
from analyzer.montecarlo.rows import PER_SEAT, Rows, frame_arrays, schema_of
from analyzer.play.modes import players_of
from analyzer.rules.lowered import first_leader, play_bids
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import BATCH, run_batches
from analyzer.runs.progress import progress_bar

#: default node budget of one double-dummy solve in the driver (a full auction deal needs ~6 M nodes at the
#: median, ~1 s on one core; the replay of the optimal line gets the same allowance and needs ~1/1000 of it)
DD_MAX_NODES = 20_000_000


class PlayOutcome(Protocol):
    """What a play mode returns: ``points`` and ``tricks``, int[n, seats]."""

    points: np.ndarray
    tricks: np.ndarray


#: ``fn(rules, deals, trump, leader, declarer, policy, seed, bid) -> PlayOutcome``
PlayFn = Callable[[RuleSet, np.ndarray, int, int, int, str, int, int], PlayOutcome]


def _play_heuristic(rules: RuleSet, deals: np.ndarray, trump: int, leader: int, declarer: int,
                    policy: str, seed: int, bid: int) -> PlayOutcome:
    from analyzer.play import play_deals

    return play_deals(rules, deals, trump, leader, declarer, policy=policy, seed=seed, bid=bid)


@dataclass(frozen=True)
class DDOutcome:
    """Double-dummy play of ``n`` deals: ``points`` / ``tricks`` int64[n, seats] along one optimal line;
    ``exact`` bool[n]: False where the solver ran out of nodes and the heuristic playout stands in."""

    points: np.ndarray
    tricks: np.ndarray
    exact: np.ndarray


def _play_double_dummy(rules: RuleSet, deals: np.ndarray, trump: int, leader: int, declarer: int,
                       policy: str, seed: int, bid: int, max_nodes: int = DD_MAX_NODES,
                       tricks_left: int = 0) -> DDOutcome:
    """Best play by everyone through ``analyzer.solve.solve_deals`` (one optimal line per deal).

    Deals the solver does not finish within ``max_nodes`` are played by the heuristic ``policy`` instead
    (seed ``seed``) and marked ``exact = False``: never a made-up double-dummy number. ``tricks_left`` K (0 or
    the hand size: whole deals): each deal's first tricks played by ``policy`` until K are left, the rest
    along an optimal line ("double dummy from trick k", :func:`analyzer.solve.endgame_positions`); a deal
    past the budget is the same players going on.
    """
    from analyzer.runs import warmup
    from analyzer.solve import endgame_positions, solve_deals

    warmup.wait()
    if 0 < tricks_left < rules.hand_size:
        dc = max(declarer, 0)
        st = endgame_positions(rules, deals, trump, leader, dc, tricks_left, bid, policy, seed)
        res = solve_deals(rules, st.hands, trump, st.leader, dc, bid=bid, max_nodes=max_nodes, lines=True)
        ok = np.asarray(res.played, dtype=bool)
        points = np.where(ok[:, None], st.before_points + np.asarray(res.points, dtype=np.int64), st.points)
        tricks = np.where(ok[:, None], st.before_tricks + np.asarray(res.tricks, dtype=np.int64), st.tricks)
        return DDOutcome(points.astype(np.int64), tricks.astype(np.int64), ok)
    res = solve_deals(rules, deals, trump=trump, leader=leader, declarer=max(declarer, 0), bid=bid,
                      max_nodes=max_nodes, lines=True)
    points = res.points.astype(np.int64, copy=True)
    tricks = res.tricks.astype(np.int64, copy=True)
    ok = np.asarray(res.played, dtype=bool)
    if not ok.all():
        miss = np.flatnonzero(~ok)
        h = _play_heuristic(rules, deals[miss], trump, leader, declarer, policy, seed, bid)
        points[miss] = np.asarray(h.points, dtype=np.int64)
        tricks[miss] = np.asarray(h.tricks, dtype=np.int64)
    return DDOutcome(points, tricks, ok)


#: how each player (:data:`analyzer.play.modes.PLAYERS`) plays a batch of deals
PLAY_FUNCTIONS: dict[str, PlayFn] = {"heuristic": _play_heuristic, "dd": _play_double_dummy}


@dataclass
class Simulation:
    """Deals and play results of one :func:`simulate` run.

    ``frame``: one row per (scenario, deal, play, trump, bid class), columns :data:`COLUMNS` plus the
    per-seat ``meld_s{i}``, ``points_s{i}``, ``tricks_s{i}`` (built from the play's column blocks on first
    use: the advisor reads its rows through :meth:`rows` and :meth:`arrays` and never needs the whole frame);
    ``deals``: the sampled deals; ``meld``: int32[n, seats, 4] every seat's meld for each trump.
    """

    rules: RuleSet
    hand: Hand
    seat: int
    dealer: int
    seed: int
    samples: int
    plays: tuple[str, ...]
    policy: str
    trumps: tuple[int, ...]
    bids: tuple[int, ...]
    deals: Deals
    meld: np.ndarray
    _frame: pl.DataFrame | None
    constraints: tuple[Constraint, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)
    _rows: Rows | None = field(default=None, repr=False, compare=False)
    _arrays: dict[str, np.ndarray] | None = field(default=None, repr=False, compare=False)

    @property
    def frame(self) -> pl.DataFrame:
        """The rows as one frame, sorted by scenario, play, trump, bid class and deal (class docstring)."""
        if self._frame is None:
            assert self._rows is not None
            self._frame = self._rows.frame()
        return self._frame

    def arrays(self) -> dict[str, np.ndarray]:
        """Every column of the rows as one numpy array, the rows in no particular order (the per-seat
        columns as ``meld`` / ``points`` / ``tricks`` int64[rows, seats]; ``trump_code`` int64, -1 for none;
        strings and the null-able columns as object arrays)."""
        if self._arrays is None:
            if self._rows is not None and self._frame is None:
                self._arrays = self._rows.arrays()
            else:
                self._arrays = frame_arrays(self.frame, self.rules.seats)
        return self._arrays

    def rows(self, scenario: str = "declare", play: str | None = None, trump: int | None = None,
             bid: int | None = None) -> pl.DataFrame:
        """The rows of one scenario (and play mode, trump, bid class), ordered by deal."""
        a = self.arrays()
        schema = schema_of(self.rules)
        if not a:
            return pl.DataFrame(schema=schema)
        m = a["scenario"] == scenario
        if play is not None:
            m &= a["play"] == play
        if trump is not None:
            m &= a["trump_code"] == trump
        if bid is not None:
            m &= a["bid"] == bid
        idx = np.flatnonzero(m)
        idx = idx[np.argsort(a["deal"][idx], kind="stable")]
        cols: dict[str, Any] = {}
        for k in schema:
            prefix, _, seat = k.rpartition("_s")
            v = a[prefix][idx, int(seat)] if prefix in PER_SEAT and seat.isdigit() else a[k][idx]
            cols[k] = v.tolist() if v.dtype == object else v
        return pl.DataFrame(cols, schema=schema)

    def seat_arrays(self, rows: pl.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The per-seat meld, points and tricks of ``rows`` as int64[len(rows), seats] arrays."""
        s = range(self.rules.seats)
        get = lambda p: rows.select([f"{p}_s{i}" for i in s]).to_numpy().astype(np.int64)  # noqa: E731
        return get("meld"), get("points"), get("tricks")

    def write(self, path: str | Path) -> None:
        """Save the frame as parquet (the run's settings go into the file's metadata)."""
        import json

        meta = {"analyzer": json.dumps(self.meta, ensure_ascii=False)}
        self.frame.write_parquet(path, metadata=meta)


#: ``(rules, hands int64[n, seats, copies]) -> trump int64[n, seats]``: the trump each seat names declaring
OtherTrumps = Callable[[RuleSet, np.ndarray], np.ndarray]


def _mode_fn(play: str, dd_max_nodes: int | None, dd_tricks_left: int = 0) -> PlayFn:
    """The play function of a mode (the built-in dd one with the run's node budget and tricks solved)."""
    fn = PLAY_FUNCTIONS[play]
    if fn is _play_double_dummy and (dd_max_nodes is not None or dd_tricks_left):
        if dd_max_nodes is not None and dd_max_nodes < 1:
            raise UserError(f"max_nodes must be at least 1, not {dd_max_nodes}")
        return partial(_play_double_dummy, max_nodes=int(dd_max_nodes or DD_MAX_NODES),
                       tricks_left=int(dd_tricks_left))
    return fn


@dataclass(frozen=True)
class _Players:
    """Who plays the simulated deals: the rule set, the dealer, the heuristic policy and the double-dummy
    node budget."""

    rules: RuleSet
    dealer: int
    policy: str
    dd_max_nodes: int | None
    dd_tricks_left: int = 0


def _play_rows(rows: Rows, who: _Players, hands: np.ndarray, ids: np.ndarray, meld: np.ndarray, mode: str,
               scenario: str, contract: np.ndarray, seed: int) -> None:
    """Play each deal (``hands``, numbered ``ids``) by ``mode`` with its own contract (``contract``
    int64[n, 3]: declarer, trump, bid), grouped into calls of equal contracts."""
    rules = who.rules
    fn = _mode_fn(mode, who.dd_max_nodes, who.dd_tricks_left)
    pol = who.policy if mode == "heuristic" else mode
    for dc, tr, b in np.unique(contract, axis=0) if contract.size else []:
        sel = np.flatnonzero((contract == (dc, tr, b)).all(axis=1))
        group_seed = seed_of(seed, int(dc) + 8 * int(tr), int(b))
        res = fn(rules, hands[sel], int(tr), first_leader(rules, int(dc), who.dealer), int(dc), who.policy,
                 group_seed, int(b))
        exact = getattr(res, "exact", None)
        rows.add(scenario, mode, pol, ids[sel], contract[sel], meld[sel, :, int(tr)],
                 np.asarray(res.points, dtype=np.int64), np.asarray(res.tricks, dtype=np.int64),
                 None if exact is None else np.asarray(exact, dtype=bool))


def _contracts(declarer: Any, trump: Any, bid: Any, n: int) -> np.ndarray:
    """int64[n, 3] rows (declarer, trump, bid) from one value or one per deal each."""
    return np.stack([np.broadcast_to(np.asarray(x, dtype=np.int64), (n,)) for x in (declarer, trump, bid)], axis=1)


@dataclass(frozen=True)
class _Chunk:
    """One chunk of a simulation: deals ``start .. stop - 1`` and everything needed to play them (a task that
    may run in another process: every field pickles)."""

    tab: Table
    index: int
    start: int
    stop: int
    seed: int
    max_tries: int
    modes: tuple[str, ...]
    trumps: tuple[int, ...]
    bids: tuple[int, ...]
    declarer: int
    dealer: int
    policy: str
    dd_max_nodes: int | None
    others: Any
    dd_tricks_left: int = 0


def _run_chunk(t: _Chunk) -> tuple[Deals, np.ndarray, list[dict[str, Any]]]:
    """The deals of one chunk, their meld, and the table rows of their play (the same in any process)."""
    rules, seat, c, seed = t.tab.rules, t.tab.seat, t.index, t.seed
    rows = Rows(rules, seat)
    d = t.tab.sample(t.stop - t.start, seed, t.start, t.max_tries)
    n = len(d)
    m = meld_batch(d.hands.reshape(-1, rules.deck.copies), rules).reshape(n, rules.seats, 4)
    who = _Players(rules, t.dealer, t.policy, t.dd_max_nodes, t.dd_tricks_left)
    for mi, mode in enumerate(t.modes):
        for tr in t.trumps:
            for b in t.bids:
                _play_rows(rows, who, d.hands, d.ids, m, mode, "declare", _contracts(t.declarer, tr, b, n),
                           seed_of(seed, c, mi))
        if t.others is not None and rules.has_bidding:
            ot = np.asarray(t.others(rules, d.hands), dtype=np.int64)
            for j in range(rules.seats):
                if j == seat:
                    continue
                for bi, b in enumerate(t.bids):
                    _play_rows(rows, who, d.hands, d.ids, m, mode, "other", _contracts(j, ot[:, j], b, n),
                               seed_of(seed, c, 0x300 + 16 * mi + bi))
    return d, m, rows.blocks


def simulate(
    rules: RuleSet,
    hand: Hand | str | Iterable[str],
    *,
    seat: int = 1,
    dealer: int = 0,
    samples: int = 2000,
    seed: int = 0,
    trumps: Sequence[int] | None = None,
    plays: str | Sequence[str] = "heuristic",
    policy: str = "v1",
    known: Mapping[int, Hand | str | Iterable[str]] | None = None,
    stock_cards: Hand | str | Iterable[str] | None = None,
    constraints: Sequence[Constraint | str] = (),
    accept: Accept | None = None,
    others: OtherTrumps | None = None,
    progress: bool = False,
    max_tries: int = 1000,
    dd_max_nodes: int | None = None,
    dd_tricks_left: int = 0,
    workers: int = 1,
    cluster: Any = None,
) -> Simulation:
    """Sample ``samples`` deals around ``hand`` at ``seat`` and play each under every trump.

    I declare (``scenario = "declare"`` rows); with ``others`` every other seat also declares on every
    deal, the trump ``others`` names for it, once per bid class (``scenario = "other"`` rows: what any
    declarer would score, for the call model of :mod:`analyzer.bidding.callmodel`).
    ``trumps`` defaults to all four suits (two-handed: give the upcard's suit). ``known``,
    ``stock_cards``, ``constraints`` and ``accept`` go to the sampler (:func:`analyzer.deal.table`);
    the trump is only known to constraints when a single trump is simulated. ``progress`` shows a
    progress bar (on stderr) while the chunks run. ``dd_max_nodes``: the node budget of each
    double-dummy solve (default :data:`DD_MAX_NODES`); ``dd_tricks_left`` K: double dummy from the trick with K
    left, the first tricks by the heuristic ``policy`` (0: whole deals; :func:`_play_double_dummy`).
    ``workers`` / ``cluster``: where the chunks run
    (:func:`analyzer.runs.batches.run_batches`: this process, a pool of processes, a Dask cluster; the table is
    the same). :func:`add_play` plays another mode on some of the deals afterwards.
    """
    if samples < 1:
        raise UserError(f"--samples must be at least 1, not {samples}")
    if not 0 <= dealer < rules.seats:
        raise UserError(f"dealer {dealer} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
    modes = players_of(plays)
    if dd_max_nodes is not None and dd_max_nodes < 1:
        raise UserError(f"max_nodes must be at least 1, not {dd_max_nodes}")
    trump_list = tuple(range(4)) if trumps is None else tuple(int(t) for t in trumps)
    if not trump_list or any(not 0 <= t <= 3 for t in trump_list):
        raise UserError("trumps must be suits 0..3 (S H D C)")
    tab = table(
        rules, seat, hand, known=known, stock_cards=stock_cards, constraints=constraints, accept=accept,
        trump=trump_list[0] if len(trump_list) == 1 else None,
    )
    my_hand = Hand(rules.deck, tuple(sorted(from_planes(tab.base[seat], rules.deck))))
    bids = play_bids(rules)
    declarer = seat if rules.has_bidding else -1
    all_deals: list[Deals] = []
    melds: list[np.ndarray] = []
    blocks: list[dict[str, Any]] = []
    nchunks = (samples + BATCH - 1) // BATCH
    tasks = (_Chunk(tab, c, c * BATCH, min(samples, (c + 1) * BATCH), int(seed), max_tries, modes, trump_list, bids,
                    declarer, dealer, policy, dd_max_nodes, others, int(dd_tricks_left)) for c in range(nchunks))
    # one chunk: no bar to count, but a double-dummy chunk can take minutes: a spinner with the time
    with progress_bar(progress and nchunks == 1, None, f"playing {samples:,} sampled deals ({', '.join(modes)})"):
        results = run_batches(_run_chunk, list(tasks), workers=workers, cluster=cluster,
                              progress=progress and nchunks > 1, label=f"sampled deals, chunks of {BATCH}")
    for d, m, b in results:
        all_deals.append(d)
        melds.append(m)
        blocks.extend(b)
    rows = Rows(rules, seat)
    rows.blocks = blocks
    deals = Deals(
        np.concatenate([d.hands for d in all_deals]),
        np.concatenate([d.stock for d in all_deals]),
        np.concatenate([d.ids for d in all_deals]),
        sum(d.tries for d in all_deals),
    )
    meta = {
        "rules": rules.id, "options": {k: str(v) for k, v in rules.options.items()}, "seat": seat,
        "dealer": dealer, "hand": my_hand.names(), "seed": int(seed), "samples": int(samples),
        "plays": list(modes), "policy": policy, "chunk": BATCH,
        **({"dd_max_nodes": int(dd_max_nodes or DD_MAX_NODES), "dd_tricks_left": int(dd_tricks_left)}
           if "dd" in modes else {}),
        "constraints": [c.describe() for c in tab.constraints],
    }
    return Simulation(
        rules=rules, hand=my_hand, seat=seat, dealer=dealer, seed=int(seed), samples=int(samples), plays=modes,
        policy=policy, trumps=trump_list, bids=bids, deals=deals, meld=np.concatenate(melds), _frame=None,
        constraints=tab.constraints, meta=meta, _rows=rows,
    )


def add_play(sim: Simulation, play: str, *, samples: int | None = None, trumps: Sequence[int] | None = None,
             bids: Sequence[int] | None = None, dd_max_nodes: int | None = None,
             progress: bool = False) -> Simulation:
    """``sim`` with the ``declare`` rows of one more play mode on its first ``samples`` deals (all by
    default), the given ``trumps`` and bid classes (default: the run's); the same deals and melds, a
    play seed from ``(seed, 0x200 + mode index)``. Used for a double-dummy check on a subsample of the
    deals played out heuristically. ``progress``: a spinner with the time elapsed on stderr."""
    modes = players_of(play)
    if len(modes) != 1:
        raise UserError(f"add one play mode at a time, not {play!r}")
    mode = modes[0]
    if mode in sim.plays:
        raise UserError(f"the simulation already has play mode {mode!r}")
    k = sim.samples if samples is None else int(samples)
    if not 1 <= k <= sim.samples:
        raise UserError(f"--dd-samples must be 1..{sim.samples} (the sampled deals), not {k}")
    ts = sim.trumps if trumps is None else tuple(int(t) for t in trumps)
    if not ts or any(t not in sim.trumps for t in ts):
        raise UserError(f"trumps must be among the simulated ones ({', '.join(SUITS[t] for t in sim.trumps)})")
    bs = sim.bids if bids is None else tuple(int(b) for b in bids)
    if not bs or any(b not in sim.bids for b in bs):
        raise UserError(f"bid classes must be among the simulated ones ({', '.join(map(str, sim.bids))})")
    rules = sim.rules
    hands, ids, meld = sim.deals.hands[:k], sim.deals.ids[:k], sim.meld[:k]
    declarer = sim.seat if rules.has_bidding else -1
    rows = Rows(rules, sim.seat)
    seed = seed_of(sim.seed, 0, 0x200 + len(sim.plays))
    with progress_bar(progress, None, f"playing {k:,} sampled deals ({mode})"):
        for t in ts:
            for b in bs:
                _play_rows(rows, _Players(rules, sim.dealer, sim.policy, dd_max_nodes), hands, ids, meld, mode,
                           "declare", _contracts(declarer, t, b, k), seed)
    frame = pl.concat([sim.frame, rows.frame()]).sort(["scenario", "play", "trump", "bid", "deal"], nulls_last=True)
    meta = dict(sim.meta)
    meta["plays"] = [*sim.plays, mode]
    meta["added"] = [*meta.get("added", []), {"play": mode, "samples": k, "trumps": [SUITS[t] for t in ts],
                                              **({"dd_max_nodes": int(dd_max_nodes or DD_MAX_NODES)}
                                                 if mode == "dd" else {})}]
    return replace(sim, plays=(*sim.plays, mode), _frame=frame, meta=meta, _rows=None, _arrays=None)


#: what the columns of :func:`deals_frame` mean (``pinochle bid --deals-out`` writes it into the file)
DEALS_COLUMNS = {
    "deal": "deal index: its cards come from (seed, deal)",
    "hand_s{i}": "seat i's cards as count planes: plane k is a bitboard of the card kinds held at least k + 1 "
                 "times; kind = 16 * suit (S H D C = 0..3) + rank bit (0 = the lowest rank of deck.ranks)",
    "stock": "the undealt cards in draw order (card kinds as above; two-handed's upcard last)",
    "cards_s{i}": "seat i's cards by name, e.g. AS TS KS",
    "stock_cards": "the stock by name, in draw order",
}


def deals_frame(sim: Simulation) -> pl.DataFrame:
    """The sampled deals as a table (:data:`DEALS_COLUMNS`): deal index, every seat's count planes, the
    stock (kinds in order), and the same cards by name."""
    from analyzer.cards import card_names, from_planes

    d = sim.deals
    deck = sim.rules.deck
    cols: dict[str, Any] = {"deal": d.ids}
    for s in range(sim.rules.seats):
        cols[f"hand_s{s}"] = d.hands[:, s, :].tolist()
    cols["stock"] = d.stock.tolist()
    for s in range(sim.rules.seats):
        cols[f"cards_s{s}"] = [" ".join(card_names(from_planes(h, deck), deck)) for h in d.hands[:, s, :]]
    cols["stock_cards"] = [" ".join(deck.name(int(k)) for k in row) for row in d.stock]
    return pl.DataFrame(cols, schema_overrides={
        **{f"hand_s{s}": pl.List(pl.Int64) for s in range(sim.rules.seats)}, "stock": pl.List(pl.Int64)})
