"""The value of every legal card on each sampled deal: "perfect-information Monte Carlo".

The unseen cards are dealt again and again consistently with everything seen (:mod:`analyzer.cardplay.seen`);
on each deal every legal card of mine is valued by the points the declaring side takes over the whole hand
after playing it, with best play by everyone from there (the double-dummy solver, every legal card in one
solve, within a node budget), or -- where the solver does not finish within the budget, and everywhere in the
``heuristic`` mode -- with the heuristic players playing every card to the end (one rollout a card, the same
random stream for every card of a deal). The solver is tried on the deals a chunk at a time and no longer once
it finished fewer than half of those tried (early in a big game no deal finishes: its budget would be spent for
nothing). Every deal is valued one way or the other, never dropped, and says which (``solved``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.bidding.inference import Accept, clue_ladder, sample_by_ladder
from analyzer.cardplay import dealer
from analyzer.cardplay.kernel import rollout_range
from analyzer.cardplay.lines import share_as, solver_lines, split_needed
from analyzer.cardplay.request import PlayRequest
from analyzer.cardplay.seen import Seen, table_of
from analyzer.deal import Deals, Table
from analyzer.errors import UserError
from analyzer.play.engine import legal_kinds
from analyzer.play.playout import pack_policies, policy_codes
from analyzer.rules.lowered import first_lead_trump, side_mask, trick_params
from analyzer.runs.progress import progress_bar
from analyzer.solve import make_position, solve_positions

#: deals solved together between two steps of the progress bar
SOLVE_CHUNK = 16
#: the sampler's draws for each deal wanted: the record and the auction's clues must accept at least one deal in
#: this many, else the clues are relaxed
DRAWS_PER_DEAL = 2000


@dataclass(frozen=True)
class CardValues:
    """Each sampled deal's value of each legal card. ``cards``: the legal card kinds (identical copies are one
    card); ``decl`` int64[n, cards]: the declaring side's points over the whole hand (the tricks taken so far
    included) after playing the card; ``solved`` bool[n]: valued by the solver (exact), else by rollouts;
    ``dealt``: the deals drawn to keep the ``n`` consistent ones; ``nodes``: the solver's nodes in all;
    ``fixed``: nothing is unseen (every deal is the same one); ``tried``: the deals the solver was tried on (it
    stops trying once it finished fewer than half of those tried, a chunk at a time)."""

    cards: tuple[int, ...]
    decl: np.ndarray
    solved: np.ndarray
    dealt: int
    nodes: int
    fixed: bool
    tried: int = 0
    #: how the deals meet the auction's calls: ``clues`` (every clue), ``hard`` (the conventions' hard clues
    #: only), ``none`` (no auction given, no clue in it, or the clues accepted too few deals); the clues' words
    conditioning: str = "none"
    clues: tuple[str, ...] = ()
    #: the deals' hands now (int64[n, seats, copies]; the game's instant wins look at the hands dealt)
    hands: np.ndarray | None = None
    #: where the game needs each seat's points (:func:`analyzer.cardplay.lines.split_needed`): int64[n, cards,
    #: seats] each seat's points and tricks over the whole hand after the card, along the line that valued it
    #: (:mod:`analyzer.cardplay.lines`); None elsewhere
    seat_points: np.ndarray | None = None
    seat_tricks: np.ndarray | None = None
    #: the (deal, card) pairs of solved deals whose line's replay ran out of the budget: the other side's points
    #: shared there as the rollout shares them (:func:`analyzer.cardplay.lines.share_as`)
    shared: int = 0


def legal_now(seen: Seen) -> tuple[int, ...]:
    """The distinct legal card kinds of my hand now (the engine's rule of play), highest kind first."""
    rec = seen.record
    first = not rec.plays and first_lead_trump(rec.rules, rec.bid, rec.leader, rec.declarer)
    return tuple(sorted(legal_kinds(rec.rules, seen.mine_now, seen.trick, rec.trump, first), reverse=True))


def declaring_seats(req: PlayRequest) -> list[int]:
    """The seats whose points the solver counts: the declarer's side (two-handed: my seat)."""
    m = side_mask(req.rules, req.record.declarer)
    return [s for s in range(req.rules.seats) if (m >> s) & 1]


def tricks_left(req: PlayRequest) -> int:
    """Tricks left in the hand, counting the one in progress."""
    return req.rules.hand_size - len(req.record.plays) // req.rules.seats


def within_horizon(req: PlayRequest) -> bool:
    """Whether the solver is tried at this decision: at most ``[advice] play_dd_tricks_left`` tricks left (0: at
    every trick). Earlier in a big game the budget runs out on nearly every deal: trying costs seconds a decision
    for no exact value."""
    k = int(req.rules.advice.play_dd_tricks_left)
    return k == 0 or tricks_left(req) <= k


def value_cards(req: PlayRequest, progress: bool = False) -> CardValues:
    """Sample ``req.samples`` deals consistent with what was seen and value each legal card on each (module
    docstring); where the game needs each seat's points (:func:`analyzer.cardplay.lines.split_needed`), each seat's
    along the line that gave the value too."""
    seen = req.seen
    rec = req.record
    rs = req.rules
    cards = legal_now(seen)
    tab, deals, level, words = _sample(req)
    hands = deals.hands
    n, c = hands.shape[0], len(cards)
    decl_seats = declaring_seats(req)
    so_far = int(sum(int(seen.points[s]) for s in decl_seats))
    decl = np.zeros((n, c), dtype=np.int64)
    solved = np.zeros(n, dtype=bool)
    nodes = 0
    fixed = int(tab.need.sum()) == 0  # every seat's cards now are known
    if fixed and n > 1:  # nothing unseen: one deal, valued once, stands for all
        hands = hands[:1]
    m = hands.shape[0]
    tried = 0
    solve = req.play == "dd" and within_horizon(req)
    split = split_needed(req)
    sp = np.zeros((m, c, rs.seats), dtype=np.int64) if split else None
    st = np.zeros((m, c, rs.seats), dtype=np.int64) if split else None
    shared = 0
    with progress_bar(progress, m + (-(-m // SOLVE_CHUNK) if solve else 0), "valuing the cards") as bar:
        if solve:
            trick = list(seen.trick)
            for a in range(0, m, SOLVE_CHUNK):
                if a and solved[:a].sum() * 2 < a:
                    break  # the solver finishes too few deals here to spend its budget on the others
                part = range(a, min(m, a + SOLVE_CHUNK))
                tried = part.stop
                positions = [make_position(rs, hands[i], rec.trump, seen.leader_now, rec.declarer, trick, rec.bid)
                             for i in part]
                # one legal card: its value is the position's (no card values to ask for)
                res = solve_positions(rs, positions, all_cards=c > 1, max_nodes=req.max_nodes, lines=False)
                for i, r in zip(part, res, strict=True):
                    nodes += r.nodes
                    if c > 1 and r.exact and r.card_values is not None:
                        solved[i] = True
                        decl[i] = [so_far + r.card_values[k] for k in cards]
                    elif c == 1 and r.exact:
                        solved[i] = True
                        decl[i, 0] = so_far + int(r.value)
                bar.advance(1)
            if split:
                done = np.flatnonzero(solved[:m])
                sp[done], st[done], ok = solver_lines(req, hands[done], cards, decl[done])
                lost = done[~ok.all(axis=1)]
                if lost.size:  # a line past the budget: the other side's points shared as a rollout shares them
                    pts, trk = rollouts(req, hands, deals.ids, cards, lost)
                    for r, i in enumerate(lost):
                        bad = np.flatnonzero(~ok[np.searchsorted(done, i)])
                        sp[i, bad], st[i, bad] = share_as(req, decl[i, bad], pts[r, bad], trk[r, bad])
                        shared += bad.size
        todo = np.flatnonzero(~solved[:m])
        if todo.size:
            pts, trk = rollouts(req, hands, deals.ids, cards, todo)
            decl[todo] = pts[:, :, decl_seats].sum(axis=2)
            if split:
                sp[todo], st[todo] = pts, trk
        bar.advance(m)
    if m < n:
        decl = np.repeat(decl[:1], n, axis=0)
        solved = np.repeat(solved[:1], n)
        if split:
            sp, st = np.repeat(sp[:1], n, axis=0), np.repeat(st[:1], n, axis=0)
    return CardValues(cards, decl, solved, int(deals.tries), nodes, fixed, n if fixed and tried else tried, level,
                      words, deals.hands, sp, st, shared)


def rollouts(req: PlayRequest, hands: np.ndarray, ids: np.ndarray, cards: tuple[int, ...], rows: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """(points, tricks) int64[len(rows), cards, seats]: each seat's points and tricks over the whole hand after
    each card on the deals ``rows`` of ``hands``, the heuristic players playing every card to the end (policy v1,
    deal ``i``'s random stream from the request's seed and its id ``ids[i]``, the same for every card)."""
    rs, rec, seen = req.rules, req.record, req.seen
    pts = np.zeros((rows.size, len(cards), rs.seats), dtype=np.int64)
    trk = np.zeros((rows.size, len(cards), rs.seats), dtype=np.int64)
    pols = np.int64(pack_policies(policy_codes(rs, "v1")))
    first = np.int64(first_lead_trump(rs, rec.bid, rec.leader, rec.declarer))
    rollout_range.batch(rows.size, np.ascontiguousarray(hands[rows]), seen.by, np.array(rec.plays, dtype=np.int64),
                        np.array(cards, dtype=np.int64), trick_params(rs), np.int64(rec.trump), np.int64(rec.leader),
                        np.int64(rec.declarer), np.int64(side_mask(rs, rec.declarer)), first, pols,
                        np.int64(req.seed), np.ascontiguousarray(ids[rows], dtype=np.int64), pts, trk)
    return pts, trk


def _sample(req: PlayRequest) -> tuple[Table, Deals, str, tuple[str, ...]]:
    """The deals of a decision (:func:`analyzer.cardplay.dealer.sample`: no seat dealt a card its plays rule out):
    consistent with the record and, where the auction is given, with its clues as
    the bidding advice reads them (:func:`analyzer.bidding.inference.clue_ladder`, the fitted clue model) on
    the hands at the first lead -- relaxed as the bidding advice relaxes them when they accept fewer than one
    deal in :data:`DRAWS_PER_DEAL` (the level says which held). Returns the sampler, the deals, the level and the clues'
    words."""
    seen, rs = req.seen, req.rules
    ladder, words = clue_ladder(rs, int(req.dealer or 0), list(req.calls or ()), req.record.seat)

    def draw(acc: Accept, draws_per_deal: int) -> tuple[Table, Deals]:
        tab = table_of(seen, acc)
        return tab, dealer.sample(tab, seen.barred, req.samples, req.seed, draws_per_deal)

    try:
        (tab, deals), _, level = sample_by_ladder(ladder, draw, draws_per_deal=DRAWS_PER_DEAL)
    except dealer.TooFewDeals as e:  # the record alone (no clue left) accepts too few deals
        if req.record.whole_meld:
            raise UserError(f"{e}: with the cards shown read as whole melds few deals fit (double deck's "
                            f"twenty-card hands most of all): leave out {req.word('whole_meld')}") from None
        raise
    return tab, deals, level, words
