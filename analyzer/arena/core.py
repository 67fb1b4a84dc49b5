"""Self-play: whole hands dealt, bid, named, melded, played and scored, in duplicate.

:func:`run_arena` plays ``deals`` deals between agent A and agent B (:mod:`analyzer.arena.agents`). Deal ``k``
is dealt from ``(seed, k)`` alone (the sampler's counter-based stream), the dealer is seat ``k mod
seats``, and the deal is played once per *seating*:

* partnerships (auction, double deck): copy 0 seats A on side 0 (seats 0, 2) and B on side 1; copy 1
  swaps them. The cards stay where they are, so each agent holds each side's cards once, in the same
  seats relative to the dealer — the duplicate of bridge clubs;
* Luxury Family: copy ``r`` (r = 0, 1, 2) seats A at seat ``r`` and B at the other two: A holds every
  hand once, B every hand twice.

A hand: the auction by the rule set's bidding rules (:class:`analyzer.bidding.auction.Auction`; every
call checked), the winner names trump, the pass where the rules have one (``[passing]``,
:func:`analyzer.arena.passes.pass_hand`: each seat in the rules' order by its agent's ``choose_pass``, an agent without
one by the simple rule), every seat's meld in that trump from the hands after it, the card play by the heuristic
policy v1 (``play = "dd"``: the double-dummy solver, where it can report every seat's points), and the score by
:func:`analyzer.score.score_hand` at the contract. A thrown-in deal scores 0 for all.
The hands of a block of deals are bid one by one (:func:`bid_hand`), then played and scored together, one batch per
declarer, trump and bid class (:func:`play_contracts`); deal ``k``'s play draws from ``(seed, k)`` alone,
shared by its copies, so copies that reach the same contract play the same cards.

The comparison: per copy, A's score (a side's score; Luxury Family: A's seat) less B's (Luxury Family:
the mean of B's seats); per deal, the mean over its copies — "net per deal". Both agents held the same
cards, so the difference measures the bidding (and trump naming), not the luck of the deal; its 95%
interval comes from the per-deal values. Results depend only on ``(seed, k)``: the same at any thread
count, worker count or batching.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.arena.advisor import Advisor, AdvisorStats
from analyzer.arena.passes import pass_hand
from analyzer.arena.registry import make_agent
from analyzer.atomic import write_whole
from analyzer.bidding.auction import Auction, AuctionState, IllegalCall, parse_calls, replay
from analyzer.cards import Hand, card_names, from_planes, to_planes
from analyzer.deal import random_deals
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError, field_name
from analyzer.estimate import Estimate, Proportion, mean_ci, proportion
from analyzer.game import GameState
from analyzer.meld import laid_cards, meld_batch
from analyzer.montecarlo.simulate import PLAY_FUNCTIONS
from analyzer.play import play_deals
from analyzer.play.modes import PLAYERS, play_mode
from analyzer.rules.lowered import bid_class, first_leader
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import run_batches
from analyzer.score import declarer_made, score_conceded, score_hand

#: deals per task handed to a worker (progress granularity; results do not depend on it)
BLOCK = 25


def deal_cards(rules: RuleSet, seed: int, ids: np.ndarray) -> np.ndarray:
    """The deals ``ids`` of the arena's seed: int64[n, seats, copies]; deal ``k`` depends on ``(seed, k)``."""
    return random_deals(rules, seed=seed_of(seed, 0xDEA1) & ((1 << 62) - 1), ids=ids, stock=False).hands


def seatings(rules: RuleSet) -> list[tuple[int, ...]]:
    """For each copy of a deal, the agent (0 = A, 1 = B) in each seat (module docstring)."""
    if rules.has_partners:
        a_side = [tuple(0 if rules.side_of(s) == side else 1 for s in range(rules.seats)) for side in range(2)]
        return a_side
    return [tuple(0 if s == r else 1 for s in range(rules.seats)) for r in range(rules.seats)]


@dataclass(frozen=True)
class HandRecord:
    """One hand played: who sat where, the calls, the contract, the play and the score, and the declaring
    agent's forecast (None when it gave none)."""

    deal: int
    copy: int
    dealer: int
    agents: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # count planes per seat, as dealt
    calls: str
    ncalls: int
    declarer: int
    contract: int
    trump: int
    made: bool | None
    meld: tuple[int, ...]
    points: tuple[int, ...]
    tricks: tuple[int, ...]
    score: tuple[int, ...]
    side_points: int  # the declaring side's meld + trick points as counted toward the bid
    p_make: float | None
    points_forecast: float | None
    forecast_n: int | None
    conceded: bool = False  # the bid winner conceded after the meld (a house rule's [concession]): no trick played
    #: the pass (a house rule's [passing]): the cards the bid winner's partner passed him and those he passed back
    #: (count planes); None without a pass. The meld and the play are of the hands after it.
    passed: tuple[tuple[int, ...], tuple[int, ...]] | None = None

    def played_hands(self, rules: RuleSet) -> np.ndarray:
        """int64[seats, copies]: the hands as melded and played (after the pass, where there was one)."""
        return np.array(self.hands, dtype=np.int64) if self.passed is None else \
            after_pass(rules, np.array(self.hands, dtype=np.int64), self.declarer, self.passed)


def after_pass(rules: RuleSet, hands: np.ndarray, declarer: int, passed: tuple[Sequence[int], Sequence[int]]
               ) -> np.ndarray:
    """The hands ``hands`` (int64[seats, copies], as dealt) after the pass ``passed`` (the partner's cards, the bid
    winner's back) between ``declarer`` and his partner."""
    deck, q = rules.deck, rules.partners(declarer)[0]
    kinds = [list(from_planes(hands[s], deck)) for s in range(rules.seats)]
    given, back = from_planes(np.array(passed[0]), deck), from_planes(np.array(passed[1]), deck)
    for src, dst, cards in ((q, declarer, given), (declarer, q, back)):
        for k in cards:
            kinds[src].remove(k)
            kinds[dst].append(k)
    return np.stack([to_planes(h, deck) for h in kinds])


@dataclass(frozen=True)
class _Contract:
    """A hand after its auction, before its play: the contract its declarer named a trump for, and the
    declaring agent's forecast."""

    deal: int
    copy: int
    dealer: int
    agents: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    calls: str
    ncalls: int
    declarer: int
    contract: int
    trump: int
    forecast: Any
    conceded: bool = False  # the declaring agent conceded after the meld (:func:`concedes`)
    passed: tuple[tuple[int, ...], tuple[int, ...]] | None = None  # the pass (:attr:`HandRecord.passed`)
    played: tuple[tuple[int, ...], ...] | None = None  # the hands after the pass (None: as dealt)

    @property
    def play_hands(self) -> tuple[tuple[int, ...], ...]:
        """The hands melded and played: after the pass where there was one."""
        return self.hands if self.played is None else self.played


def concedes(rules: RuleSet, agent: Any, view: AuctionState, trump: int, hands: np.ndarray) -> bool:
    """Whether the declaring ``agent`` concedes its contract after the meld, before the first lead: only where the
    rules allow a concession (``[concession] allowed``) and the agent has a rule for it (a method ``concede(view,
    trump, shown)``, ``shown`` each other seat's meld laid on the table, its cards as text, seats that laid none left
    out; the advisor's:
    :meth:`analyzer.arena.advisor.Advisor.concede`); every other agent plays every contract."""
    if not rules.concession.allowed or not hasattr(agent, "concede"):
        return False
    laid = {s: card_names(laid_cards(Hand(rules.deck, tuple(from_planes(hands[s], rules.deck))), rules, trump).kinds,
                          rules.deck) for s in range(rules.seats) if s != view.me}
    return bool(agent.concede(view, trump, {s: " ".join(c) for s, c in laid.items() if c}))


def record_view(rules: RuleSet, record: dict[str, Any], run_seed: int, *stream: int) -> AuctionState:
    """The declarer's view of an arena record (a row of a run's Parquet, the auction replayed from its calls), with the
    seed the arena gave it (``stream``: a further stream of that seed, a draw independent of the run's)."""
    d = int(record["declarer"])
    a = replay(rules, record["dealer"], parse_calls(record["calls"], rules))
    return AuctionState.of_declarer(a, Hand.parse(record[f"hand_s{d}"], rules.deck).planes,
                                    (record["deal"], record["copy"]),
                                    seed_of(run_seed, record["deal"], record["copy"], d, *stream))


def bid_hand(rules: RuleSet, hands: np.ndarray, deal: int, copy: int, dealer: int, seat_agents: Sequence[Any],
             agents_of: tuple[int, ...], seed: int, game: GameState | None = None) -> HandRecord | _Contract:
    """One hand's auction and trump (module docstring): the record of a deal thrown in, else the contract to
    play (:func:`play_contracts`). ``game``: the game before this hand, shown in every view (None: a hand on
    its own)."""
    a = Auction(rules, dealer)
    key = (deal, copy)
    while not a.done:
        s = a.turn
        view = a.view_for(hands[s], key, seed_of(seed, deal, copy, s), game)
        call = seat_agents[s].bid(view)
        if call is not None and not isinstance(call, (int, np.integer)):
            raise IllegalCall(f"agent {seat_agents[s].name!r} called {call!r}: a bid is an int, a pass is None")
        try:
            a.call(s, None if call is None else int(call))
        except IllegalCall as e:
            raise IllegalCall(f"agent {seat_agents[s].name!r} at seat {s}, deal {deal}: {e}") from None
    hand_t = tuple(tuple(int(x) for x in hands[s]) for s in range(rules.seats))
    if a.winner is None:
        z = (0,) * rules.seats
        return HandRecord(deal, copy, dealer, agents_of, hand_t, a.text(), len(a.calls), -1, 0, -1, None,
                          z, z, z, z, 0, None, None, None)
    decl, contract = int(a.winner), int(a.contract or 0)
    ag = seat_agents[decl]
    tv = AuctionState.of_declarer(a, hands[decl], key, seed_of(seed, deal, copy, decl), game)
    trump = ag.choose_trump(tv)
    if not isinstance(trump, (int, np.integer)) or not 0 <= int(trump) <= 3:
        raise IllegalCall(f"agent {ag.name!r} named trump {trump!r}: name 0..3 (S H D C)")
    trump = int(trump)
    fc = ag.forecast(tv, trump) if hasattr(ag, "forecast") else None
    passed = played = None
    if rules.passing.cards:  # trump named: the partners pass, then the meld is shown
        hands, given, back = pass_hand(rules, a, hands, trump, seat_agents, deal, copy, seed, game)
        played = tuple(tuple(int(x) for x in hands[s]) for s in range(rules.seats))
        passed = (tuple(int(x) for x in given), tuple(int(x) for x in back))
    return _Contract(deal, copy, dealer, agents_of, hand_t, a.text(), len(a.calls), decl, contract, trump, fc,
                     concedes(rules, ag, tv, trump, hands), passed, played)


def play_contracts(rules: RuleSet, contracts: Sequence[_Contract], play: str, policy: str,
                   seed: int) -> list[HandRecord]:
    """Meld, play and score the hands ``contracts`` (in their order), played together in one batch per
    declarer, trump, first leader and bid class; deal ``k``'s heuristic play draws from ``(seed, k)`` alone,
    so copies of a deal that reach the same contract play the same cards."""
    out: list[HandRecord | None] = [None] * len(contracts)
    groups: dict[tuple[int, int, int, int], list[int]] = {}
    for i, c in enumerate(contracts):
        if c.conceded:
            out[i] = _conceded_record(rules, c)
            continue
        key = (c.declarer, c.trump, first_leader(rules, c.declarer, c.dealer), bid_class(rules, c.contract))
        groups.setdefault(key, []).append(i)
    play_seed = seed_of(seed, 0x91A7)
    for (decl, trump, lead, cls), idx in groups.items():
        cs = [contracts[i] for i in idx]
        hands = np.array([c.play_hands for c in cs], dtype=np.int64)
        ids = np.array([c.deal for c in cs], dtype=np.int64)
        bid = np.array([c.contract for c in cs], dtype=np.int64)
        n = len(cs)
        meld = meld_batch(hands.reshape(-1, rules.deck.copies), rules).reshape(n, rules.seats, 4)[:, :, trump]
        meld = meld.astype(np.int64)
        if play == "heuristic":
            r = play_deals(rules, hands, trump, lead, decl, policy, seed=play_seed, bid=cls, ids=ids)
        else:
            r = PLAY_FUNCTIONS[play](rules, hands, trump, lead, decl, policy, play_seed, cls)
        pts = np.asarray(r.points, dtype=np.int64)
        trk = np.asarray(r.tricks, dtype=np.int64)
        sc = score_hand(rules, meld, pts, trk, decl, bid)
        made = declarer_made(rules, meld, pts, trk, decl, bid)
        total = score_hand(rules, meld, pts, trk, decl, 0)[:, decl]
        for j, (i, c) in enumerate(zip(idx, cs, strict=True)):
            fc = c.forecast
            out[i] = HandRecord(
                c.deal, c.copy, c.dealer, c.agents, c.hands, c.calls, c.ncalls, decl, c.contract, trump,
                bool(made[j]), tuple(int(x) for x in meld[j]), tuple(int(x) for x in pts[j]),
                tuple(int(x) for x in trk[j]), tuple(int(x) for x in sc[j]), int(total[j]),
                None if fc is None else float(fc.p_make), None if fc is None else float(fc.points),
                None if fc is None else int(fc.n), passed=c.passed,
            )
    return [r for r in out if r is not None]


def _conceded_record(rules: RuleSet, c: _Contract) -> HandRecord:
    """The record of a contract conceded after the meld: each seat's meld in the trump named, no trick played, the
    scores of :func:`analyzer.score.score_conceded` (the bid lost: ``made`` False)."""
    hands = np.array([c.play_hands], dtype=np.int64)
    meld = meld_batch(hands.reshape(-1, rules.deck.copies), rules).reshape(1, rules.seats, 4)[:, :, c.trump]
    meld = meld.astype(np.int64)
    sc = score_conceded(rules, meld, c.declarer, c.contract)[0]
    z = (0,) * rules.seats
    fc = c.forecast
    side = sum(int(meld[0, s]) for s in range(rules.seats) if rules.are_partners(s, c.declarer) or s == c.declarer) \
        if rules.scoring.unit == "side" else int(meld[0, c.declarer])
    return HandRecord(c.deal, c.copy, c.dealer, c.agents, c.hands, c.calls, c.ncalls, c.declarer, c.contract, c.trump,
                      False, tuple(int(x) for x in meld[0]), z, z, tuple(int(x) for x in sc), side,
                      None if fc is None else float(fc.p_make), None if fc is None else float(fc.points),
                      None if fc is None else int(fc.n), conceded=True, passed=c.passed)


def check_play(rules: RuleSet, mode: str, seed: int, policy: str) -> None:
    """Refuse the play mode ``mode`` before any work where it cannot score a hand of this rule set (``dd``: the
    solver must report every seat's points); UserError naming the field."""
    if mode != "dd":
        return
    probe = deal_cards(rules, seed, np.arange(1))[0]
    hand = tuple(tuple(int(x) for x in probe[s]) for s in range(rules.seats))
    try:
        play_contracts(rules, [_Contract(0, 0, 0, (0,) * rules.seats, hand, "", 0, 0, rules.bid_levels()[0], 0,
                                         None)], mode, policy, 0)
    except UserError as e:
        raise UserError(f"{field_name('play')} dd: {e}") from None


@dataclass(frozen=True)
class Block:
    """A worker's task in the arena: deals (or whole games) ``start .. start + n - 1`` of the run's ``seed`` between
    agents ``a`` and ``b`` (specs or objects; two-handed: phase-1 policy names), the card play's mode ``play`` and
    ``policy``; single deals: the seatings played of each (``copies``, 0: all); whole games: the hands a game may last
    (``max_hands``)."""

    rules: RuleSet
    a: Any
    b: Any
    seed: int
    start: int
    n: int
    play: str
    policy: str = "v1"
    copies: int = 0
    max_hands: int = 0


def agent_of(x: Any) -> Any:
    """The agent a spec names (:func:`analyzer.arena.registry.make_agent`), or the agent object given."""
    return make_agent(x) if isinstance(x, str) else x


def advisor_counters(agents: Sequence[Any], before: dict[str, dict[str, int]] | None = None
                     ) -> dict[str, dict[str, int]]:
    """The advisor agents' work counters by label (``A``, ``B``), less ``before`` (the counters at a task's start)."""
    out: dict[str, dict[str, int]] = {}
    for label, x in zip("AB", agents, strict=True):
        if isinstance(x, Advisor):
            prev = (before or {}).get(label, {})
            out[label] = {k: v - prev.get(k, 0) for k, v in x.stats.as_dict().items()}
    return out


def joined_counters(parts: Sequence[dict[str, dict[str, int]]]) -> dict[str, dict[str, int]]:
    """The advisor counters of several tasks (or saved parts) added up."""
    out: dict[str, dict[str, int]] = {}
    for st in parts:
        for k, v in st.items():
            acc = out.setdefault(k, {})
            for kk, vv in v.items():
                acc[kk] = acc.get(kk, 0) + vv
    return out


def _run_block(t: Block) -> tuple[list[HandRecord], dict[str, dict[str, int]], float]:
    """Play deals ``start .. start + n - 1`` (a worker's task): records, advisor counters, seconds."""
    t0 = time.perf_counter()
    rules = t.rules
    a, b = agent_of(t.a), agent_of(t.b)
    before = advisor_counters((a, b))
    ids = np.arange(t.start, t.start + t.n, dtype=np.int64)
    deals = deal_cards(rules, t.seed, ids)
    bid: list[HandRecord | _Contract] = []
    for i, k in enumerate(ids):
        dealer = int(k) % rules.seats
        for c, who in enumerate(seatings(rules)[: t.copies or None]):
            seat_agents = [a if w == 0 else b for w in who]
            bid.append(bid_hand(rules, deals[i], int(k), c, dealer, seat_agents, who, t.seed))
    to_play = [h for h in bid if isinstance(h, _Contract)]
    played = iter(play_contracts(rules, to_play, t.play, t.policy, t.seed))
    out = [h if isinstance(h, HandRecord) else next(played) for h in bid]
    return out, advisor_counters((a, b), before), time.perf_counter() - t0


# ---- results ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AgentFigures:
    """One agent's figures over the run (``net`` per deal: its score less the other agent's, per hand
    played, averaged over the deal's copies)."""

    name: str
    net: Estimate
    score: Estimate
    declared: Proportion
    made: Proportion | None
    contract: Estimate | None
    sets: int
    sets_rate: Proportion

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "net_per_deal": self.net.as_dict(), "score_per_hand": self.score.as_dict(),
            "declared": self.declared.as_dict(), "make_rate": self.made.as_dict() if self.made else None,
            "mean_contract": self.contract.as_dict() if self.contract else None, "sets": self.sets,
            "set_rate": self.sets_rate.as_dict(),
        }


@dataclass
class ArenaResult:
    """A run: settings, one row per hand played (:attr:`frame`), per-deal differences and figures."""

    rules: RuleSet
    names: tuple[str, str]
    deals: int
    seed: int
    play: str
    frame: pl.DataFrame
    diff: np.ndarray  # per deal: A's net (score less B's), mean over the copies
    seconds: float
    workers: int
    advisor_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    command: str = ""

    def agent(self, which: int) -> AgentFigures:
        f = self.frame
        rs = self.rules
        sign = 1.0 if which == 0 else -1.0
        own = _own_scores(rs, f, which)
        decl_side = f["declarer_agent"].to_numpy()
        mine = decl_side == which
        made = f["made"].to_numpy()
        contracts = f["contract"].to_numpy()
        declared_made = made[mine].astype(bool) if mine.any() else np.zeros(0, dtype=bool)
        sets = int((~declared_made).sum())
        per_hand = len(f)
        return AgentFigures(
            name=self.names[which],
            net=mean_ci(sign * self.diff),
            score=mean_ci(own),
            declared=proportion(mine),
            made=proportion(declared_made) if mine.any() else None,
            contract=mean_ci(contracts[mine]) if mine.any() else None,
            sets=sets,
            sets_rate=proportion(np.concatenate([~declared_made, np.zeros(per_hand - declared_made.size, bool)])),
        )

    def summary(self) -> dict[str, Any]:
        d = self.diff
        q = np.percentile(d, [1, 5, 25, 50, 75, 95, 99]) if d.size else np.zeros(7)
        thrown = self.frame["declarer"].to_numpy() < 0
        return {
            "rules": self.rules.id,
            "options": {k: v for k, v in self.rules.options.items()},
            "agents": {"A": self.names[0], "B": self.names[1]},
            "deals": self.deals,
            "hands": len(self.frame),
            "seed": self.seed,
            "play": self.play,
            "seatings": [list(s) for s in seatings(self.rules)],
            "A": self.agent(0).as_dict(),
            "B": self.agent(1).as_dict(),
            "difference": {
                "mean": mean_ci(d).as_dict(),
                "percentiles": dict(zip(["1", "5", "25", "50", "75", "95", "99"], [round(float(x), 3) for x in q],
                                        strict=True)),
                "A_better": proportion(d > 0).as_dict(), "equal": proportion(d == 0).as_dict(),
                "B_better": proportion(d < 0).as_dict(),
            },
            "thrown_in": proportion(thrown).as_dict(),
            "seconds": round(self.seconds, 2),
            "workers": self.workers,
            "advisor_work": self.advisor_stats,
            "command": self.command,
        }

    def write(self, path: str | Path) -> None:
        """Every hand as Parquet (the run's summary in the file's metadata)."""
        write_run(self.frame, self.summary(), path)


def write_run(frame: pl.DataFrame, summary: dict[str, Any], path: str | Path) -> None:
    """A run's hands as Parquet at ``path``, ``summary`` in its metadata (key ``analyzer``, read by ``arena --from``),
    whole or not at all (``PATH.<pid>.tmp`` renamed: a part file there is a finished one); UserError if unwritable."""
    meta = {"analyzer": json.dumps(summary, ensure_ascii=False)}
    try:
        write_whole(path, lambda tmp: frame.write_parquet(tmp, metadata=meta))
    except OSError as e:
        raise UserError(f"cannot write {str(path)!r}: {e.strerror or e}") from None


def _own_scores(rules: RuleSet, f: pl.DataFrame, which: int) -> np.ndarray:
    """Per hand: the mean score of the seats agent ``which`` held."""
    sc = np.stack([f[f"score_s{s}"].to_numpy() for s in range(rules.seats)], axis=1).astype(np.float64)
    ag = np.stack([f[f"agent_s{s}"].to_numpy() for s in range(rules.seats)], axis=1)
    m = ag == which
    return (sc * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1)


def _cards_text(rules: RuleSet, passed: tuple[tuple[int, ...], tuple[int, ...]] | None, which: int) -> str | None:
    """One side of a pass as card names (None: no pass, a deal thrown in)."""
    return None if passed is None else " ".join(card_names(from_planes(np.array(passed[which]), rules.deck),
                                                           rules.deck))


def frame_of(rules: RuleSet, recs: Sequence[HandRecord]) -> pl.DataFrame:
    """The hands as a table (columns documented in :data:`FRAME_COLUMNS`)."""
    seats = rules.seats
    cols: dict[str, Any] = {
        "deal": [r.deal for r in recs], "copy": [r.copy for r in recs], "dealer": [r.dealer for r in recs],
        "calls": [r.calls for r in recs], "ncalls": [r.ncalls for r in recs],
        "declarer": [r.declarer for r in recs],
        "declarer_agent": [r.agents[r.declarer] if r.declarer >= 0 else -1 for r in recs],
        "contract": [r.contract for r in recs],
        "trump": ["SHDC"[r.trump] if r.trump >= 0 else None for r in recs],
        "made": [r.made for r in recs], "side_points": [r.side_points for r in recs],
        "p_make": [r.p_make for r in recs], "points_forecast": [r.points_forecast for r in recs],
        "forecast_n": [r.forecast_n for r in recs],
        **({"conceded": [r.conceded for r in recs]} if rules.concession.allowed else {}),
        **({"passed_in": [_cards_text(rules, r.passed, 0) for r in recs],
            "passed_back": [_cards_text(rules, r.passed, 1) for r in recs]} if rules.passing.cards else {}),
    }
    for s in range(seats):
        cols[f"agent_s{s}"] = [r.agents[s] for r in recs]
        cols[f"hand_s{s}"] = [" ".join(card_names(from_planes(np.array(r.hands[s]), rules.deck), rules.deck))
                              for r in recs]
        cols[f"meld_s{s}"] = [r.meld[s] for r in recs]
        cols[f"points_s{s}"] = [r.points[s] for r in recs]
        cols[f"tricks_s{s}"] = [r.tricks[s] for r in recs]
        cols[f"score_s{s}"] = [r.score[s] for r in recs]
    schema = {"deal": pl.Int64, "copy": pl.Int8, "dealer": pl.Int8, "calls": pl.String, "ncalls": pl.Int16,
              "declarer": pl.Int8, "declarer_agent": pl.Int8, "contract": pl.Int32, "trump": pl.String,
              "made": pl.Boolean, "side_points": pl.Int32, "p_make": pl.Float64, "points_forecast": pl.Float64,
              "forecast_n": pl.Int32, **({"conceded": pl.Boolean} if rules.concession.allowed else {}),
              **({"passed_in": pl.String, "passed_back": pl.String} if rules.passing.cards else {})}
    for s in range(seats):
        schema |= {f"agent_s{s}": pl.Int8, f"hand_s{s}": pl.String, f"meld_s{s}": pl.Int32,
                   f"points_s{s}": pl.Int32, f"tricks_s{s}": pl.Int32, f"score_s{s}": pl.Int32}
    return pl.DataFrame(cols, schema=schema)


FRAME_COLUMNS = {
    "deal": "deal index k: its cards come from (seed, k); the dealer is seat k mod seats",
    "copy": "which seating of the deal (see seatings: A on side 0 / side 1; Luxury Family: A at seat copy)",
    "calls": "the auction, SEAT:BID or SEAT:pass in order",
    "declarer": "the high bidder (-1: thrown in)", "declarer_agent": "0 = A, 1 = B, -1 = thrown in",
    "contract": "the winning bid", "trump": "the trump named", "made": "the contract made (null: thrown in)",
    "side_points": "the declaring side's meld + trick points as counted toward the bid",
    "p_make": "the declaring agent's forecast chance of making (advisor; null otherwise)",
    "points_forecast": "its forecast of side_points", "forecast_n": "sampled deals behind the forecast",
    "conceded": "the bid winner conceded after the meld, no trick played (only where the rules allow a concession)",
    "passed_in": "the cards the bid winner's partner passed him (only where the rules have a pass)",
    "passed_back": "the cards the bid winner passed back (only where the rules have a pass); the meld and the play "
                   "are of the hands after the pass",
    "agent_s{i}": "agent in seat i (0 = A, 1 = B)", "hand_s{i}": "seat i's cards as dealt",
    "meld_s{i}": "seat i's meld in the trump named", "points_s{i}": "card points seat i took",
    "tricks_s{i}": "tricks seat i took", "score_s{i}": "seat i's score for the hand (partners share it)",
}


def per_deal_diff(rules: RuleSet, f: pl.DataFrame) -> np.ndarray:
    """Per deal: the mean over its copies of A's score less B's (module docstring)."""
    a = _own_scores(rules, f, 0)
    b = _own_scores(rules, f, 1)
    g = pl.DataFrame({"deal": f["deal"], "d": a - b}).group_by("deal").agg(pl.col("d").mean()).sort("deal")
    return g["d"].to_numpy()


def run_arena(rules: RuleSet, a: Any, b: Any, deals: int, seed: int = 0, *, play: str = "heuristic",
              policy: str = "v1", workers: int = 1, cluster: Any = None, progress: bool = False, start: int = 0,
              copies: int = 0) -> ArenaResult:
    """Play ``deals`` duplicate deals (``start ..``) between agents ``a`` and ``b`` (specs or objects).

    ``play``: ``heuristic`` (policy v1) or ``dd``; ``workers`` / ``cluster``: processes or a Dask cluster
    (:func:`analyzer.runs.batches.run_batches`; agents given as objects must then be picklable); ``copies``: play
    only the first seatings of each deal (self-play: with the same agent in every seat the copies are one hand).
    The result's ``command`` (the line that plays the run again) is the caller's to set.
    """
    if not rules.has_bidding:
        raise UserError(f"{rules.id} has no bidding: the arena's single deals are of the games with an auction "
                        "(auction, double-deck, luxury-family); two-handed plays whole games "
                        f"({field_name('games')})")
    assert deals >= 1, deals  # checked by the API (the arena's deals)
    mode = play_mode(play, PLAYERS)
    ra, rb = agent_of(a), agent_of(b)
    names = (ra.name, rb.name)
    if names[0] == names[1]:
        names = (names[0] + " (A)", names[1] + " (B)")
    clean = replace(rules, cache={})
    check_play(rules, mode, seed, policy)
    block = max(1, min(BLOCK, -(-deals // 20)))  # at least ~20 blocks: a progress bar that moves
    away = workers > 1 or cluster is not None
    tasks = [Block(clean, a if isinstance(a, str) or away else ra, b if isinstance(b, str) or away else rb, seed, s,
                   min(block, start + deals - s), mode, policy, copies)
             for s in range(start, start + deals, block)]
    if not away:  # keep the agent objects (their caches and counters) across blocks
        tasks = [replace(t, a=ra, b=rb) for t in tasks]
    t0 = time.perf_counter()
    res = run_batches(_run_block, tasks, workers=workers, cluster=cluster, progress=progress, label="arena deals")
    secs = time.perf_counter() - t0
    recs = [r for rs_, _, _ in res for r in rs_]
    f = frame_of(rules, recs)
    return ArenaResult(rules, names, deals, seed, mode, f, per_deal_diff(rules, f), secs, workers,
                       joined_counters([st for _, st, _ in res]))


def read_hands(path: str | Path) -> tuple[pl.DataFrame, dict[str, Any]]:
    """A saved run: the hands and the summary stored with them."""
    try:
        meta = pl.read_parquet_metadata(path)
        frame = pl.read_parquet(path)
    except (OSError, pl.exceptions.PolarsError) as e:
        raise UserError(f"cannot read {str(path)!r}: {e}") from None
    return frame, json.loads(meta.get("analyzer", "{}"))


def isfinite(x: float | None) -> bool:
    return x is not None and math.isfinite(x)


__all__ = ["FRAME_COLUMNS", "AdvisorStats", "ArenaResult", "Block", "HandRecord", "advisor_counters", "agent_of",
           "bid_hand", "check_play", "deal_cards", "frame_of", "joined_counters", "per_deal_diff", "play_contracts",
           "read_hands", "run_arena", "seatings"]
