"""Whole two-handed games in the arena: two phase-1 policies (:data:`analyzer.twohand.policy.POLICY_CODES`:
``th-v1``, ``naive``) play game after game, in duplicate, phase 2 by the heuristic players (policy ``v1`` for both
seats, ``play = heuristic``) or the double-dummy solver (``play = dd``). :func:`run_twohand_games` is what the
arena (:func:`analyzer.api.contest.arena`) plays for a rule set with a stock where it plays the others' games by
:func:`analyzer.arena.games.run_games`; its result is the same :class:`~analyzer.arena.games.GamesResult`, so the
figures (:mod:`analyzer.arena.games_figures`), the report, the saved parts and ``--from`` are the bidding games'.

* **The agents** are phase-1 policy names (two-handed has no bidding, and its hands are played by the kernels of
  :mod:`analyzer.twohand`, not by the bidding agents), or a choosing agent
  (:data:`analyzer.twohand.choosing.CHOOSERS`: ``th-game``, ``th-points``) that picks a phase-1 behaviour at the
  start of every hand from its cards, the turned-up card and the game's score, by rollouts
  (:func:`analyzer.twohand.choosing.choose`; its sampled deals keyed by the game, the hand and the seat); its
  choice is the row's ``behaviour_s{i}``. Game ``g`` is played once per seating
  (:func:`analyzer.arena.core.seatings`: A in seat 0, then in seat 1); the two copies make a *game pair*.
* **The deals.** Hand ``h`` of game ``g`` is dealt from ``(seed, g, h)`` alone
  (:func:`analyzer.arena.games.game_deals`, the bidding games' dealer, with the stock kept, the turned-up card
  last), so both copies see the same deals hand by hand. The first dealer of game ``g`` is seat ``g mod 2``; the
  deal passes after every hand (:func:`analyzer.game.after_hand`).
* **A hand** is :func:`analyzer.twohand.hands.play_hands` on the deal, the seats' policies as the copy seats them,
  its random choices from the stream of hand ``h`` of game ``g`` (:func:`analyzer.arena.games.hand_id`), shared by
  the copies. The policies do not read the game's score; a choosing agent reads its copy's score before the hand
  (each copy's own :class:`~analyzer.game.GameState`), so a hand's outcome depends on its cards, dealer, seats,
  stream and that score alone: the hands of a block's games still going at hand index ``h`` are played together
  (the choices first, then one batch per seating and behaviours), and the results do not depend on the block or the
  worker.
* **The game**: each hand is counted by :func:`analyzer.game.after_hand` (the target, 60 with the 24-card deck;
  both past it: the higher total; equal totals: another hand), and a copy ends exactly when it says so
  (:func:`analyzer.arena.games.play_copies`, the bidding games' loop). A copy still going after
  :data:`analyzer.arena.games.MAX_HANDS` hands stops *undecided*, its last row says so and the summary counts it,
  as in the bidding games.

Every hand of every copy is a row (:data:`TWOHAND_COLUMNS`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import polars as pl

from analyzer.arena import games as G
from analyzer.arena.core import Block, seatings
from analyzer.arena.tables import win_table
from analyzer.cards import card_names, from_planes
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError, field_name
from analyzer.game import HandResult
from analyzer.game.table import WinTable
from analyzer.meld import meld_batch
from analyzer.play.modes import PLAYERS, phase2_of, play_mode
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import run_batches
from analyzer.score import scoring_units
from analyzer.twohand.choosing import BEHAVIOUR_NAMES, BEHAVIOURS, CHOOSERS, Decider, choose
from analyzer.twohand.hands import HandResults, play_hands
from analyzer.twohand.params import check_two_handed
from analyzer.twohand.policy import POLICY_CODES

#: games per task handed to a worker (results do not depend on it)
BLOCK = 100


def check_agent(spec: str, which: str) -> str:
    """A two-handed agent: the phase-1 policy or the choosing agent ``spec`` names; UserError naming the field
    ``which`` (``ns``, ``ew``) for anything else."""
    name = str(spec).strip()
    if name not in POLICY_CODES and name not in CHOOSERS:
        policies = sorted(POLICY_CODES, key=lambda p: (-(POLICY_CODES[p] & 15), POLICY_CODES[p]))  # th-v1 first
        raise UserError(f"unknown two-handed agent {name!r} ({field_name(which)}): two-handed's agents are its "
                        f"phase-1 policies, {', '.join(policies)}, and the "
                        f"agents choosing among them hand by hand, {', '.join(CHOOSERS)}")
    return name


# ---- a hand of every copy still going -----------------------------------------------------------------------------
def _record(rules: RuleSet, res: HandResults, k: int, seat_values: tuple[np.ndarray, ...], cards: np.ndarray,
            stock: np.ndarray) -> dict[str, Any]:
    """Deal ``k`` of ``res`` as a row's values (:data:`TWOHAND_COLUMNS`, the game's columns aside);
    ``seat_values``: ``res``'s score, points and tricks (computed once for the batch)."""
    deck = rules.deck
    row: dict[str, Any] = {"trump": "SHDC"[int(res.trump[k])], "stock": " ".join(card_names(stock, deck)),
                           "exchanged_by": int(res.exchanged_by[k]), "took_upcard": bool(res.took_upcard[k])}
    score, points, tricks = (v[k] for v in seat_values)
    for s in range(2):
        row |= {f"hand_s{s}": " ".join(card_names(from_planes(cards[s], deck), deck)),
                f"meld_s{s}": int(res.meld[k, s]), f"points_s{s}": int(points[s]), f"tricks_s{s}": int(tricks[s]),
                f"phase2_points_s{s}": int(res.phase2_points[k, s]), f"score_s{s}": int(score[s])}
    return row


def _behaviours(t: Block, hand: int, live: list[G.GameCopy], hands: np.ndarray, stock: np.ndarray,
                table: WinTable | None) -> list[tuple[tuple[str, bool], ...]]:
    """Each copy's phase-1 behaviour per seat for hand ``hand``: (policy, dix exchange forbidden); a policy agent's
    is its policy, a choosing agent's its choice (:func:`analyzer.twohand.choosing.choose`) at its copy's score."""
    who = seatings(t.rules)
    names = [[(t.a, t.b)[w] for w in who[x.copy]] for x in live]
    deciders = [Decider(hands[i, s], int(stock[i, -1]), s, x.state, CHOOSERS[names[i][s]],
                        (x.game, hand, s))
                for i, x in enumerate(live) for s in range(2) if names[i][s] in CHOOSERS]
    chosen = iter(choose(t.rules, deciders, t.seed, table))
    return [tuple(BEHAVIOURS[next(chosen).behaviour] if names[i][s] in CHOOSERS else (names[i][s], False)
                  for s in range(2)) for i in range(len(live))]


def _play_hand(t: Block, hand: int, live: list[G.GameCopy], cards: G.Dealt, table: WinTable | None = None
               ) -> list[tuple[HandResult, dict[str, Any], tuple[int, ...]]]:
    """Hand ``hand`` of every copy in ``live``: one batch of :func:`play_hands` per seating and behaviours (with
    policy agents alone: per seating)."""
    rules = t.rules
    dealt = [cards(x.game, hand) for x in live]
    hands = np.array([d[0] for d in dealt])
    stock = np.array([d[1] for d in dealt])
    dealer = np.array([x.state.dealer for x in live], dtype=np.int64)
    ids = np.array([G.hand_id(x.game, hand) for x in live], dtype=np.int64)
    best = meld_batch(hands.reshape(-1, rules.deck.copies), rules).reshape(len(live), 2, 4).max(axis=2)
    out: list[Any] = [None] * len(live)
    seed = seed_of(t.seed, G.SALT)
    choosing = t.a in CHOOSERS or t.b in CHOOSERS
    how = _behaviours(t, hand, live, hands, stock, table) if choosing else [()] * len(live)
    for c, who in enumerate(seatings(rules)):
        for ways in dict.fromkeys(how[i] for i, x in enumerate(live) if x.copy == c):
            idx = np.array([i for i, x in enumerate(live) if x.copy == c and how[i] == ways], dtype=np.int64)
            pols = [p for p, _ in ways] if choosing else [(t.a, t.b)[w] for w in who]
            keep = tuple(k for _, k in ways) if choosing else (False, False)
            res = play_hands(rules, hands[idx], stock[idx], dealer[idx], pols, t.play, seed, no_exchange=keep,
                             ids=ids[idx])
            values = (res.score, res.points, res.tricks)
            extra = ({f"behaviour_s{s}": BEHAVIOUR_NAMES[BEHAVIOURS.index(ways[s])] for s in range(2)}
                     if choosing else {})
            for k, i in enumerate(idx):
                result = HandResult.from_seats(rules, values[0][k], declarer=-1, made=False, tricks=values[2][k],
                                               points=values[1][k])
                out[i] = (result, _record(rules, res, k, values, hands[i], stock[i]) | {"dealer": int(dealer[i])}
                          | extra, tuple(int(m) for m in best[i]))
    return out


def _run_block(t: Block) -> tuple[list[G.GameCopy], float]:
    """Play games ``start .. start + n - 1`` in both seatings (a worker's task): the copies, seconds."""
    t0 = time.perf_counter()
    copies = G.new_copies(t.rules, t.start, t.n)
    cards = G.Dealt(t.rules, t.seed, stock=True)
    table = win_table(t.rules) if "game" in (CHOOSERS.get(t.a), CHOOSERS.get(t.b)) else None
    G.play_copies(t.rules, copies, lambda h, live: _play_hand(t, h, live, cards, table), t.max_hands)
    return copies, time.perf_counter() - t0


# ---- the records ------------------------------------------------------------------------------------------------
TWOHAND_COLUMNS = {
    "game": "game index g: hand h is dealt from (seed, g, h); the first dealer is seat g mod 2",
    "copy": "which seating: 0 = A in seat 0, 1 = A in seat 1", "hand": "the hand's index in its game, from 0",
    "deal": "the hand's stream id, game * 2**16 + hand (the policies' random choices, shared by the copies)",
    "dealer": "the seat that dealt the hand (the other leads)", "trump": "the trump the turned-up card named",
    "stock": "the stock's cards, sorted (their draw order: the deal again from (seed, g, h))",
    "exchanged_by": "the seat that exchanged the dix (-1: nobody)",
    "took_upcard": "the last trick's winner of phase 1 took the turned-up card",
    "agent_s{i}": "agent in seat i (0 = A, 1 = B)", "hand_s{i}": "seat i's cards as dealt",
    "meld_s{i}": "meld seat i scored in phase 1", "points_s{i}": "card points seat i took (both phases, the last "
    "trick included)", "tricks_s{i}": "tricks seat i took (both phases)",
    "phase2_points_s{i}": "of them in phase 2 (by the play mode's players)", "score_s{i}": "seat i's score for the "
    "hand", "best_meld_s{i}": "seat i's meld in its best trump (the dealt cards alone)",
    "behaviour_s{i}": "with a choosing agent in the run (th-game, th-points): the phase-1 behaviour seat i played "
    "the hand with (analyzer.twohand.choosing.BEHAVIOURS; a policy agent's: its policy)",
    "before_u{j}": "player j's game total before the hand", "after_u{j}": "after it",
    "winner": "on the game's last hand: the winning player; else null",
    "how": "on the game's last hand: how it ended (target, undecided)",
}


def twohand_frame(rules: RuleSet, copies: Sequence[G.GameCopy]) -> pl.DataFrame:
    """Every hand of every copy as a table (:data:`TWOHAND_COLUMNS`; ``behaviour_s{i}`` only where a choosing agent
    played), sorted by game, copy and hand."""
    rows: list[dict[str, Any]] = []
    units = range(len(scoring_units(rules)))
    for x in copies:
        for h in x.hands:
            row = {"game": x.game, "copy": x.copy, "hand": h.hand, "deal": G.hand_id(x.game, h.hand), **h.record,
                   "winner": " ".join(map(str, h.after.winner)) if h.how and h.after.winner is not None else None,
                   "how": h.how or None}
            row |= {f"agent_s{s}": x.agents[s] for s in range(rules.seats)}
            row |= {f"best_meld_s{s}": h.best_meld[s] for s in range(rules.seats)}
            row |= {f"before_u{u}": h.before.totals[u] for u in units}
            row |= {f"after_u{u}": h.after.totals[u] for u in units}
            rows.append(row)
    schema: dict[str, Any] = {"game": pl.Int64, "copy": pl.Int8, "hand": pl.Int16, "deal": pl.Int64,
                              "dealer": pl.Int8, "trump": pl.String, "stock": pl.String, "exchanged_by": pl.Int8,
                              "took_upcard": pl.Boolean}
    choosing = bool(rows) and "behaviour_s0" in rows[0]
    for s in range(rules.seats):
        schema |= {f"agent_s{s}": pl.Int8, f"hand_s{s}": pl.String, **{f"{c}_s{s}": pl.Int32 for c in (
            "meld", "points", "tricks", "phase2_points", "score", "best_meld")}}
        if choosing:
            schema[f"behaviour_s{s}"] = pl.String
    for u in units:
        schema |= {f"before_u{u}": pl.Int32, f"after_u{u}": pl.Int32}
    schema |= {"winner": pl.String, "how": pl.String}
    return pl.DataFrame(rows, schema=schema, orient="row").sort(["game", "copy", "hand"])


# ---- the run ----------------------------------------------------------------------------------------------------
def block_size(games: int) -> int:
    """Games per task: at most :data:`BLOCK` (:func:`analyzer.arena.games.block_size`)."""
    return G.block_size(games, BLOCK)


def run_twohand_games(rules: RuleSet, a: str, b: str, games: int, seed: int = 0, *, start: int = 0,
                      play: str = "heuristic", workers: int = 1, cluster: Any = None, progress: bool = False,
                      command: str = "") -> G.GamesResult:
    """Play two-handed games ``start .. start + games - 1`` between the agents ``a`` and ``b`` (phase-1 policies or
    choosing agents), each once per seating (module docstring). ``play``: phase 2 by the heuristic players
    (``heuristic``) or the solver (``dd``); ``workers`` / ``cluster`` as :func:`analyzer.arena.games.run_games`;
    ``command``: the line that plays the run again (kept in its summary). The result depends only on ``seed`` and
    the games' indices."""
    check_two_handed(rules)
    assert games >= 1, games  # checked by the API (the arena's games)
    pa, pb = check_agent(a, "ns"), check_agent(b, "ew")
    mode = play_mode(play, PLAYERS)
    names = (pa, pb) if pa != pb else (pa + " (A)", pb + " (B)")
    if "game" in (CHOOSERS.get(pa), CHOOSERS.get(pb)):
        win_table(rules)  # th-game finds it (made now for options that have none)
    clean = replace(rules, cache={})
    block = block_size(games)
    tasks = [Block(clean, pa, pb, seed, s, min(block, start + games - s), phase2_of(mode), max_hands=G.MAX_HANDS)
             for s in range(start, start + games, block)]
    t0 = time.perf_counter()
    res = run_batches(_run_block, tasks, workers=workers, cluster=cluster, progress=progress, label="arena games")
    secs = time.perf_counter() - t0
    frame = twohand_frame(rules, [x for copies, _ in res for x in copies])
    return G.GamesResult(rules, names, games, start, seed, mode, frame, secs, workers, G.MAX_HANDS, {}, command)


__all__ = ["TWOHAND_COLUMNS", "check_agent", "run_twohand_games", "twohand_frame"]
