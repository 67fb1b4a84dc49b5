"""The Monte-Carlo driver: sampled deals around my hand, played out under every trump, as a table.

``simulate(tab, players, dealer=0, samples=n, seed=s)`` deals ``n`` hands to the other seats around what the
sampler's table ``tab`` knows (my seat and hand, known cards, constraints: :func:`analyzer.deal.table`, built once by
the caller), then plays each deal once per trump with me as the declarer, leading as ``rules.play.leader`` says
(the high bidder leads; two-handed: the non-dealer). The **same deals serve every trump** (and every
play mode), so the trumps are compared on paired samples.

Who plays, and how, is one value, :class:`Players`. A *play mode* is a parameter: ``"heuristic"`` plays the
heuristic policy (``policy``) of
:func:`analyzer.play.play_deals`; ``"dd"`` asks the double-dummy solver (``analyzer.solve.solve_deals``)
for best play.

Double-dummy play: the solver finds the exact value of the deal for the declaring side (card, per-trick
and last-trick points), then replays one optimal line and reports every seat's points and tricks along
it, so dd rows are scored exactly like playout rows. The declaring side's total is exact; how the other
points split between the defenders (Luxury Family converts each player's points on his own) and the
trick counts (no trick, no meld) are those of one optimal line -- the first card in the solver's move
order that keeps the value at every step. Each solve has a node budget (``Players.max_nodes``, the
request's); a deal not solved within it is **not** given a dd number: the heuristic playout's
result stands in for it and the row's ``exact`` column is False (:func:`add_play` callers can drop those
rows instead), so every figure can say how many of its deals were solved.

Where the play itself depends on the bid (double deck: the first lead must be a trump unless the bid
was 50) each trump is played once per such bid class (:func:`play_bids`), and the ``bid`` column says
which.

Deals are processed in chunks of :data:`analyzer.runs.batches.BATCH` deals (a rich progress bar shows on a
terminal). Chunk boundaries are fixed multiples of ``BATCH``, every deal's cards come from ``(seed, deal
index)``, and each chunk's play seed from ``(seed, chunk index)``, so the table is the same at any thread
count, with or without the progress bar, and its first ``k`` deals are those of a run with ``samples = k``.

The inputs are the request's, checked by the API (:mod:`analyzer.api.questions`): this module trusts them (an
assertion catches a programming error) and holds no default of its own for a size.

The result, :class:`Simulation`, holds the deals (for solving the same deals later) and a polars
DataFrame with one row per (scenario, deal, play mode, trump, bid class); see :data:`COLUMNS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import polars as pl

from analyzer.cards import SUITS, Hand, from_planes
from analyzer.deal import Constraint, Deals, Table
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError, field_name
from analyzer.meld import meld_batch
from analyzer.montecarlo.rows import COLUMNS as COLUMNS
from analyzer.montecarlo.rows import PER_SEAT, Rows, frame_arrays, schema_of
from analyzer.passing.rule import exchange
from analyzer.play.modes import PLAYERS, players_of
from analyzer.rules.lowered import first_leader, play_bids
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import BATCH, run_batches
from analyzer.runs.progress import progress_bar


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
                       policy: str, seed: int, bid: int, max_nodes: int, tricks_left: int) -> DDOutcome:
    """Best play by everyone through ``analyzer.solve.solve_deals`` (one optimal line per deal).

    Deals the solver does not finish within ``max_nodes`` (a solve's node budget; the replay of the optimal line
    gets the same allowance and needs ~1/1000 of it) are played by the heuristic ``policy`` instead
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


def _play_dd_whole(rules: RuleSet, deals: np.ndarray, trump: int, leader: int, declarer: int, policy: str, seed: int,
                   bid: int) -> DDOutcome:
    """Whole deals solved double dummy at the rule set's budget of a double-dummy-only analysis (``[advice]
    dd_only_max_nodes``: a full auction deal needs ~6 M nodes at the median, ~1 s on one core)."""
    return _play_double_dummy(rules, deals, trump, leader, declarer, policy, seed, bid,
                              max_nodes=rules.advice.dd_only_max_nodes, tricks_left=0)


#: how each player (:data:`analyzer.play.modes.PLAYERS`) plays a batch of deals in the arena
#: (:func:`analyzer.arena.core.play_contracts`; :func:`simulate` plays by the request's :class:`Players` instead)
PLAY_FUNCTIONS: dict[str, PlayFn] = {"heuristic": _play_heuristic, "dd": _play_dd_whole}


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


@dataclass(frozen=True)
class Players:
    """Who plays the sampled deals, and how: every deal is played once per mode of ``modes``
    (:data:`analyzer.play.modes.PLAYERS`) and trump of ``trumps`` with me declaring -- ``heuristic`` by the
    heuristic ``policy``, ``dd`` by the double-dummy solver with a node budget of ``max_nodes`` a solve (given with
    ``dd``) from the trick with ``tricks_left`` left (0: whole deals, :func:`_play_double_dummy`) -- and with
    ``others`` every other seat declares too, the trump ``others`` names for it."""

    modes: tuple[str, ...]
    policy: str
    max_nodes: int | None = None
    tricks_left: int = 0
    trumps: tuple[int, ...] = (0, 1, 2, 3)
    others: OtherTrumps | None = None

    def __post_init__(self) -> None:
        # the request's play mode, budget and trumps are checked by the API: a wrong one here is a programming error
        assert self.modes and all(m in PLAYERS for m in self.modes), self.modes
        assert "dd" not in self.modes or (self.max_nodes or 0) >= 1, self.max_nodes
        assert self.trumps and all(0 <= t <= 3 for t in self.trumps), self.trumps

    def play_fn(self, mode: str) -> PlayFn:
        """How ``mode`` plays a batch of deals: the heuristic players, or the solver with this budget and scope."""
        if mode == "dd":
            return partial(_play_double_dummy, max_nodes=int(self.max_nodes or 0), tricks_left=int(self.tricks_left))
        return _play_heuristic


@dataclass(frozen=True)
class _Who:
    """The game the deals are played in (rule set and dealer) and its :class:`Players`."""

    rules: RuleSet
    dealer: int
    players: Players


def _play_rows(rows: Rows, who: _Who, hands: np.ndarray, meld: np.ndarray, mode: str, scenario: str,
               contract: np.ndarray, seed: int, ids: np.ndarray) -> None:
    """Play each deal (``hands``, numbered ``ids``) by ``mode`` with its own contract (``contract``
    int64[n, 3]: declarer, trump, bid), grouped into calls of equal contracts."""
    rules, policy = who.rules, who.players.policy
    fn = who.players.play_fn(mode)
    pol = policy if mode == "heuristic" else mode
    for (dc, tr, b), sel in _contract_groups(contract):
        group_seed = seed_of(seed, int(dc) + 8 * int(tr), int(b))
        res = fn(rules, hands[sel], int(tr), first_leader(rules, int(dc), who.dealer), int(dc), policy,
                 group_seed, int(b))
        exact = getattr(res, "exact", None)
        rows.add(scenario, mode, pol, ids[sel], contract[sel], meld[sel, :, int(tr)],
                 np.asarray(res.points, dtype=np.int64), np.asarray(res.tricks, dtype=np.int64),
                 None if exact is None else np.asarray(exact, dtype=bool))


def _contract_groups(contract: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The distinct rows of ``contract`` int64[n, 3] in ascending order (by declarer, trump, bid), each with the
    ascending indices of the rows equal to it: what ``np.unique(contract, axis=0)`` and a mask per row give, by one
    stable sort (most calls have a single contract: no sort at all)."""
    n = contract.shape[0]
    if n == 0:
        return []
    if (contract == contract[0]).all():
        return [(contract[0], np.arange(n))]
    order = np.lexsort(contract.T[::-1])  # stable: equal rows keep their order
    c = contract[order]
    cut = [0, *(np.flatnonzero((c[1:] != c[:-1]).any(axis=1)) + 1).tolist(), n]
    return [(c[a], order[a:z]) for a, z in zip(cut[:-1], cut[1:], strict=True)]


def played_hands(rules: RuleSet, hands: np.ndarray, declarer: Any, trump: Any) -> np.ndarray:
    """The hands ``hands`` (int64[n, seats, copies], as dealt) as melded and played when ``declarer`` names ``trump``
    (one value or one per deal each): after the pass between him and his partner where the rules have one (the
    simple rule of both, :func:`analyzer.passing.rule.exchange`), else ``hands`` itself."""
    if not rules.passing.cards:
        return hands
    n = hands.shape[0]
    return exchange(rules, hands, np.broadcast_to(np.asarray(declarer, dtype=np.int64), (n,)),
                    np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,))).hands


def _after_pass(rules: RuleSet, hands: np.ndarray, meld: np.ndarray, declarer: Any, trump: Any
                ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`played_hands` and their meld (int[n, seats, 4]); without a pass ``hands`` and ``meld`` themselves."""
    if not rules.passing.cards or (np.ndim(declarer) == 0 and int(declarer) < 0):
        return hands, meld
    h = played_hands(rules, hands, declarer, trump)
    return h, meld_batch(h.reshape(-1, rules.deck.copies), rules).reshape(h.shape[0], rules.seats, 4)


def _contracts(declarer: Any, trump: Any, bid: Any, n: int) -> np.ndarray:
    """int64[n, 3] rows (declarer, trump, bid) from one value or one per deal each."""
    return np.stack([np.broadcast_to(np.asarray(x, dtype=np.int64), (n,)) for x in (declarer, trump, bid)], axis=1)


@dataclass(frozen=True)
class _Chunk:
    """One chunk of a simulation: deals ``start .. stop - 1`` and everything needed to play them (a task that
    may run in another process: every field pickles)."""

    tab: Table
    who: _Who
    index: int
    start: int
    stop: int
    seed: int
    max_tries: int
    bids: tuple[int, ...]


def _run_chunk(t: _Chunk) -> tuple[Deals, np.ndarray, list[dict[str, Any]]]:
    """The deals of one chunk, their meld, and the table rows of their play (the same in any process)."""
    rules, seat, c, seed, players = t.tab.rules, t.tab.seat, t.index, t.seed, t.who.players
    rows = Rows(rules, seat)
    d = t.tab.sample(t.stop - t.start, seed, t.start, t.max_tries)
    n = len(d)
    m = meld_batch(d.hands.reshape(-1, rules.deck.copies), rules).reshape(n, rules.seats, 4)
    declarer = seat if rules.has_bidding else -1
    # the hands as melded and played: after the pass of each contract where the rules have one
    mine = {tr: _after_pass(rules, d.hands, m, declarer, tr) for tr in players.trumps}
    theirs: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    if players.others is not None and rules.has_bidding:
        ot = np.asarray(players.others(rules, d.hands), dtype=np.int64)
        theirs = {j: (ot[:, j], *_after_pass(rules, d.hands, m, j, ot[:, j])) for j in range(rules.seats) if j != seat}
    for mi, mode in enumerate(players.modes):
        for tr in players.trumps:
            for b in t.bids:
                _play_rows(rows, t.who, *mine[tr], mode, "declare", _contracts(declarer, tr, b, n),
                           seed_of(seed, c, mi), d.ids)
        for j, (tj, hj, mj) in theirs.items():
            for bi, b in enumerate(t.bids):
                _play_rows(rows, t.who, hj, mj, mode, "other", _contracts(j, tj, b, n),
                           seed_of(seed, c, 0x300 + 16 * mi + bi), d.ids)
    return d, m, rows.blocks


def simulate(tab: Table, players: Players, *, dealer: int, samples: int, seed: int, max_tries: int = 1000,
             progress: bool = False, workers: int = 1, cluster: Any = None) -> Simulation:
    """Sample ``samples`` deals around what ``tab`` knows (my seat and hand, known cards, constraints, an accept
    test: :func:`analyzer.deal.table`) and play each as ``players`` say, ``dealer`` dealing; deal ``i`` comes from
    ``(seed, i)``, drawn with at most ``max_tries`` draws a deal on average (:meth:`analyzer.deal.Table.sample`).

    I declare (``scenario = "declare"`` rows); with ``players.others`` every other seat also declares on every
    deal, the trump it names, once per bid class (``scenario = "other"`` rows: what any declarer would score,
    for the call model of :mod:`analyzer.bidding.callmodel`). ``progress`` shows a progress bar (on stderr)
    while the chunks run. ``workers`` / ``cluster``: where the chunks run (:func:`analyzer.runs.batches.run_batches`:
    this process, a pool of processes, a Dask cluster; the table is the same). :func:`add_play` plays another
    mode on some of the deals afterwards. The inputs are the request's, checked by the API.
    """
    rules = tab.rules
    assert samples >= 1 and 0 <= dealer < rules.seats, (samples, dealer)  # the API's checks
    who, bids = _Who(rules, dealer, players), play_bids(rules)
    nchunks = (samples + BATCH - 1) // BATCH
    tasks = [_Chunk(tab, who, c, c * BATCH, min(samples, (c + 1) * BATCH), int(seed), max_tries, bids)
             for c in range(nchunks)]
    # one chunk: no bar to count, but a double-dummy chunk can take minutes: a spinner with the time
    label = f"playing {samples:,} sampled deals ({', '.join(players.modes)})"
    with progress_bar(progress and nchunks == 1, None, label):
        results = run_batches(_run_chunk, tasks, workers=workers, cluster=cluster,
                              progress=progress and nchunks > 1, label=f"sampled deals, chunks of {BATCH}")
    deals, meld, rows = _gathered(rules, tab.seat, results)
    my_hand = Hand(rules.deck, tuple(sorted(from_planes(tab.base[tab.seat], rules.deck))))
    return Simulation(
        rules=rules, hand=my_hand, seat=tab.seat, dealer=dealer, seed=int(seed), samples=int(samples),
        plays=players.modes, policy=players.policy, trumps=players.trumps, bids=bids, deals=deals, meld=meld,
        _frame=None, constraints=tab.constraints, meta=_meta(tab, players, my_hand, dealer, seed, samples),
        _rows=rows,
    )


def _gathered(rules: RuleSet, seat: int, results: Sequence[tuple[Deals, np.ndarray, list[dict[str, Any]]]]
              ) -> tuple[Deals, np.ndarray, Rows]:
    """The chunks' deals, meld and rows joined in chunk order."""
    parts = [d for d, _, _ in results]
    rows = Rows(rules, seat)
    rows.blocks = [b for _, _, blocks in results for b in blocks]
    deals = Deals(
        np.concatenate([d.hands for d in parts]),
        np.concatenate([d.stock for d in parts]),
        np.concatenate([d.ids for d in parts]),
        sum(d.tries for d in parts),
    )
    return deals, np.concatenate([m for _, m, _ in results]), rows


def _meta(tab: Table, players: Players, hand: Hand, dealer: int, seed: int, samples: int) -> dict[str, Any]:
    """The run's settings, as saved with its frame (:meth:`Simulation.write`)."""
    rules = tab.rules
    return {
        "rules": rules.id, "options": {k: str(v) for k, v in rules.options.items()}, "seat": tab.seat,
        "dealer": dealer, "hand": hand.names(), "seed": int(seed), "samples": int(samples),
        "plays": list(players.modes), "policy": players.policy, "chunk": BATCH,
        **({"dd_max_nodes": int(players.max_nodes or 0), "dd_tricks_left": int(players.tricks_left)}
           if "dd" in players.modes else {}),
        "constraints": [c.describe() for c in tab.constraints],
    }


def add_play(sim: Simulation, play: str, *, samples: int | None = None, trumps: Sequence[int] | None = None,
             bids: Sequence[int] | None = None, dd_max_nodes: int | None = None,
             progress: bool = False) -> Simulation:
    """``sim`` with the ``declare`` rows of one more play mode on its first ``samples`` deals (all by
    default), the given ``trumps`` and bid classes (default: the run's); the same deals and melds, a
    play seed from ``(seed, 0x200 + mode index)``. Used for a double-dummy check on a subsample of the
    deals played out heuristically (``dd_max_nodes``: a solve's node budget, given with ``dd``). ``progress``: a
    spinner with the time elapsed on stderr."""
    modes = players_of(play)
    if len(modes) != 1:
        raise UserError(f"add one play mode at a time, not {play!r}")
    mode = modes[0]
    if mode in sim.plays:
        raise UserError(f"the simulation already has play mode {mode!r}")
    k = sim.samples if samples is None else int(samples)
    if not 1 <= k <= sim.samples:
        raise UserError(f"{field_name('dd_samples')} must be 1..{sim.samples} (the sampled deals), not {k}")
    ts = sim.trumps if trumps is None else tuple(int(t) for t in trumps)
    if not ts or any(t not in sim.trumps for t in ts):
        raise UserError(f"trumps must be among the simulated ones ({', '.join(SUITS[t] for t in sim.trumps)})")
    bs = sim.bids if bids is None else tuple(int(b) for b in bids)
    if not bs or any(b not in sim.bids for b in bs):
        raise UserError(f"bid classes must be among the simulated ones ({', '.join(map(str, sim.bids))})")
    rules = sim.rules
    who = _Who(rules, sim.dealer, Players((mode,), sim.policy, dd_max_nodes, trumps=ts))
    hands, ids, meld = sim.deals.hands[:k], sim.deals.ids[:k], sim.meld[:k]
    declarer = sim.seat if rules.has_bidding else -1
    rows = Rows(rules, sim.seat)
    seed = seed_of(sim.seed, 0, 0x200 + len(sim.plays))
    with progress_bar(progress, None, f"playing {k:,} sampled deals ({mode})"):
        for t in ts:
            ht, mt = _after_pass(rules, hands, meld, declarer, t)
            for b in bs:
                _play_rows(rows, who, ht, mt, mode, "declare", _contracts(declarer, t, b, k), seed, ids)
    frame = pl.concat([sim.frame, rows.frame()]).sort(["scenario", "play", "trump", "bid", "deal"], nulls_last=True)
    meta = dict(sim.meta)
    meta["plays"] = [*sim.plays, mode]
    meta["added"] = [*meta.get("added", []), {"play": mode, "samples": k, "trumps": [SUITS[t] for t in ts],
                                              **({"dd_max_nodes": int(dd_max_nodes or 0)} if mode == "dd" else {})}]
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
