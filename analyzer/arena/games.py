"""Whole games in the arena: hand after hand, in duplicate, until the game ends as the rule data says.

:func:`run_games` plays ``games`` games between agent A and agent B. Game ``g`` is played once per seating
(the copies of :func:`analyzer.arena.core.seatings`: partnerships A on side 0, then on side 1; Luxury Family A
at seat 0, 1, 2); the copies of a game make a *game pair* (three copies in Luxury Family).

* **The deals.** Hand ``h`` of game ``g`` is dealt from ``(seed, g, h)`` alone (:func:`game_deals`), so every
  copy of a game sees the same deals, hand by hand, for as long as it lasts. The first dealer of game ``g`` is
  seat ``g mod seats``; the deal passes left after every hand (:func:`analyzer.game.after_hand`), a thrown-in
  deal too, so the copies' dealers agree as well.
* **A hand** is the single-hand arena's (:func:`analyzer.arena.core.bid_hand`: the auction and trump, every
  view showing the game before the hand, :attr:`analyzer.bidding.auction.AuctionState.game`;
  :func:`analyzer.arena.core.play_contracts`: meld, play and score), then the game's own rules
  (:func:`analyzer.game.after_hand`: the 400 rule, the instant wins, the target, a fixed number of hands, ties).
  The hands of a block of games at the same hand index are played together; hand ``h`` of game ``g`` plays from
  its own stream (:func:`hand_id`), shared by the game's copies, so the results do not depend on the block or
  the worker.
* **Quadruple pinochle** (an instant win where ``[scoring] quad_pinochle_win`` is set): a scoring unit holds it
  when one of its seats holds four copies of each card of the meld named ``pinochle`` (the meld, as a player
  lays it down; :func:`quad_pinochle`).
* A game still going after :data:`MAX_HANDS` hands stops *undecided*: its last row says so, the figures count
  it as a win shared by every unit, and the summary counts such games.

Every hand is a row of :attr:`GamesResult.frame` (:data:`GAME_COLUMNS` beside the single-hand arena's
:data:`analyzer.arena.core.FRAME_COLUMNS`); the figures are :mod:`analyzer.arena.games_figures`'.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.arena.core import (
    Block,
    HandRecord,
    advisor_counters,
    agent_of,
    bid_hand,
    check_play,
    frame_of,
    joined_counters,
    play_contracts,
    seatings,
    write_run,
)
from analyzer.arena.tables import win_table
from analyzer.deal import Deals, random_deals
from analyzer.deal.rng import seed_of
from analyzer.errors import UserError
from analyzer.game import GameState, HandResult, after_hand, new_game
from analyzer.game.hand import quad_pinochle_units
from analyzer.meld import meld_batch
from analyzer.play.modes import PLAYERS, play_mode
from analyzer.rules.model import RuleSet
from analyzer.runs.batches import run_batches
from analyzer.score import scoring_units

#: the salt of the games' streams (their deals, the agents' and the play's seeds), apart from the single hands'
SALT = 0x6A3E
#: hands a game may last; past it the game stops undecided (reported, never dropped)
MAX_HANDS = 200
#: bits of a hand's index in its play stream's id (:func:`hand_id`)
HAND_BITS = 16
#: games per task handed to a worker (results do not depend on it)
BLOCK = 4
#: hands dealt at a time for one game (results do not depend on it: hand h comes from (seed, g, h))
DEAL_CHUNK = 8
#: copies of each card of the pinochle meld that make a quadruple pinochle
QUAD = 4
#: how a game that reached :data:`MAX_HANDS` hands is written
UNDECIDED = "undecided"


def game_seed(seed: int, game: int) -> int:
    """The dealing seed of game ``game`` of the run's ``seed``."""
    return seed_of(seed, SALT, game) & ((1 << 62) - 1)


def game_deals(rules: RuleSet, seed: int, game: int, hands: np.ndarray, stock: bool = False) -> Deals:
    """Hands ``hands`` (their indices) of game ``game``: the seats' cards int64[n, seats, copies] and, with
    ``stock``, the stock int64[n, m] in draw order (two-handed's, the turned-up card last); hand ``h`` depends on
    ``(seed, game, h)`` alone."""
    return random_deals(rules, seed=game_seed(seed, game), ids=np.asarray(hands, dtype=np.int64), stock=stock)


def hand_id(game: int, hand: int) -> int:
    """The id of hand ``hand`` of game ``game`` (the records' ``deal`` column): the play's random stream, the
    agents' seeds and caches are keyed by it, the same in every copy of the game."""
    assert 0 <= hand < 1 << HAND_BITS, hand
    return (int(game) << HAND_BITS) | int(hand)


def hand_result(rules: RuleSet, rec: HandRecord) -> HandResult:
    """A played hand as the game counts it: thrown in, or its scores, bidder, tricks, trick points and (where the
    rule set wins on it) each unit's quadruple pinochle."""
    if rec.declarer < 0:
        return HandResult.thrown(len(scoring_units(rules)))
    quad = (tuple(bool(x) for x in quad_pinochle_units(rules, rec.played_hands(rules)))
            if rules.scoring.quad_pinochle_win is not None else ())
    return HandResult.from_seats(rules, np.array(rec.score), declarer=rec.declarer, made=bool(rec.made),
                                 tricks=np.array(rec.tricks), points=np.array(rec.points), quad_pinochle=quad)


@dataclass(frozen=True)
class GameHand:
    """One hand of one copy of a game: its record (the single-hand arena's; two-handed: its row's values), the game
    before and after it, each seat's best meld (the best trump's, from the cards alone: the deal's luck,
    :mod:`analyzer.arena.games_figures`), and on the game's last hand how it ended."""

    game: int
    hand: int
    record: Any
    before: GameState
    after: GameState
    best_meld: tuple[int, ...]
    how: str = ""  # how the game ended, on its last hand (after.how, or UNDECIDED)


@dataclass
class GameCopy:
    """One copy of one game in play: the agent in each seat (0 = A, 1 = B), the game so far and its hands."""

    game: int
    copy: int
    agents: tuple[int, ...]
    state: GameState
    hands: list[GameHand] = field(default_factory=list)

    @property
    def how(self) -> str:
        """How the game ended ("" while it goes on; :data:`UNDECIDED` past the cap)."""
        return self.hands[-1].how if self.hands else ""


#: plays hand ``h`` of every copy given: each one's outcome as the game counts it, its record and each seat's best
#: meld
PlayHand = Callable[[int, list[GameCopy]], Sequence[tuple[HandResult, Any, tuple[int, ...]]]]


def new_copies(rules: RuleSet, start: int, n: int) -> list[GameCopy]:
    """Games ``start .. start + n - 1`` in every seating (:func:`analyzer.arena.core.seatings`), none played yet; game
    ``g``'s first dealer is seat ``g mod seats``."""
    return [GameCopy(g, c, who, new_game(rules, g % rules.seats))
            for g in range(start, start + n) for c, who in enumerate(seatings(rules))]


def play_copies(rules: RuleSet, copies: Sequence[GameCopy], play_hand: PlayHand, max_hands: int) -> None:
    """Play every copy to the end of its game: at hand index ``h = 0, 1, ...`` the copies still going play a
    hand together (``play_hand(h, live)``), each counted by :func:`analyzer.game.after_hand`; a copy stops exactly
    when that says the game is over, or after ``max_hands`` hands *undecided* (its last hand's ``how``)."""
    for h in range(max_hands):
        live = [x for x in copies if not x.state.over]
        if not live:
            break
        for x, (result, record, best) in zip(live, play_hand(h, live), strict=True):
            after = after_hand(rules, x.state, result)
            x.hands.append(GameHand(x.game, h, record, x.state, after, best, after.how))
            x.state = after
    for x in copies:
        if not x.state.over:
            x.hands[-1] = replace(x.hands[-1], how=UNDECIDED)


def block_size(games: int, most: int = BLOCK) -> int:
    """Games per task: at most ``most``, and some 20 tasks at least (a progress bar that moves)."""
    return max(1, min(most, -(-games // 20)))


class Dealt:
    """The deals of a block's games, dealt :data:`DEAL_CHUNK` hands at a time as the games go on
    (:func:`game_deals`): ``dealt(game, hand)`` the seats' cards int64[seats, copies] and the stock (empty
    without ``stock``)."""

    def __init__(self, rules: RuleSet, seed: int, stock: bool = False) -> None:
        self.rules, self.seed, self.stock = rules, seed, stock
        self.dealt: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def __call__(self, game: int, hand: int) -> tuple[np.ndarray, np.ndarray]:
        hands, stock = self.dealt.get(game, (None, None))
        n = 0 if hands is None else hands.shape[0]
        if hand >= n:
            more = game_deals(self.rules, self.seed, game, np.arange(n, hand + DEAL_CHUNK), self.stock)
            hands = more.hands if hands is None else np.concatenate([hands, more.hands])
            stock = more.stock if stock is None else np.concatenate([stock, more.stock])
            self.dealt[game] = (hands, stock)
        assert hands is not None and stock is not None
        return hands[hand], stock[hand]


def _play_hand(t: Block, hand: int, live: list[GameCopy], deals: Dealt, agents: tuple[Any, Any]
               ) -> list[tuple[HandResult, HandRecord, tuple[int, ...]]]:
    """Hand ``hand`` of every game copy in ``live``: bid one by one, played together."""
    rules = t.rules
    seed = seed_of(t.seed, SALT)
    cards = [deals(x.game, hand)[0] for x in live]
    best = meld_batch(np.array(cards).reshape(-1, rules.deck.copies), rules).reshape(len(live), rules.seats, 4)
    bid: list[Any] = []
    for x, c in zip(live, cards, strict=True):
        seat_agents = [agents[w] for w in x.agents]
        bid.append(bid_hand(rules, c, hand_id(x.game, hand), x.copy, x.state.dealer, seat_agents, x.agents, seed,
                            x.state))
    played = iter(play_contracts(rules, [r for r in bid if not isinstance(r, HandRecord)], t.play, t.policy, seed))
    out = []
    for i, r in enumerate(bid):
        rec = r if isinstance(r, HandRecord) else next(played)
        out.append((hand_result(rules, rec), rec, tuple(int(m) for m in best[i].max(axis=1))))
    return out


def _run_block(t: Block) -> tuple[list[GameHand], dict[str, dict[str, int]], float]:
    """Play games ``start .. start + n - 1`` in every seating (a worker's task): the hands, the advisor
    agents' counters, seconds."""
    t0 = time.perf_counter()
    a, b = agent_of(t.a), agent_of(t.b)
    before = advisor_counters((a, b))
    copies = new_copies(t.rules, t.start, t.n)
    deals = Dealt(t.rules, t.seed)
    play_copies(t.rules, copies, lambda h, live: _play_hand(t, h, live, deals, (a, b)), t.max_hands)
    return [h for x in copies for h in x.hands], advisor_counters((a, b), before), time.perf_counter() - t0


# ---- the records ------------------------------------------------------------------------------------------------
GAME_COLUMNS = {
    "game": "game index g: hand h is dealt from (seed, g, h); the first dealer is seat g mod seats",
    "copy": "which seating (as the single-hand arena's copies)", "hand": "the hand's index in its game, from 0",
    "deal": "the hand's stream id, game * 2**16 + hand (its play, the agents' seeds)",
    "best_meld_s{i}": "seat i's meld in its best trump (the cards alone)",
    "before_u{j}": "scoring unit j's game total before the hand", "after_u{j}": "after it (as the game counts it)",
    "winner": "on the game's last hand: the winning units, space-separated (a shared win: several); else null",
    "how": "on the game's last hand: how it ended (all-tricks, early, quad-pinochle, target, hands, undecided)",
}


def games_frame(rules: RuleSet, hands: Sequence[GameHand]) -> pl.DataFrame:
    """The hands as a table: :data:`GAME_COLUMNS` and the single-hand arena's columns, sorted by game, copy and
    hand."""
    base = frame_of(rules, [h.record for h in hands])
    n_units = len(scoring_units(rules))
    last = [bool(h.how) for h in hands]
    extra: dict[str, Any] = {
        "game": pl.Series([h.game for h in hands], dtype=pl.Int64),
        "hand": pl.Series([h.hand for h in hands], dtype=pl.Int16),
        "winner": pl.Series([" ".join(map(str, h.after.winner)) if end and h.after.winner is not None else None
                             for h, end in zip(hands, last, strict=True)], dtype=pl.String),
        "how": pl.Series([h.how or None for h in hands], dtype=pl.String),
    }
    for s in range(rules.seats):
        extra[f"best_meld_s{s}"] = pl.Series([h.best_meld[s] for h in hands], dtype=pl.Int32)
    for u in range(n_units):
        extra[f"before_u{u}"] = pl.Series([h.before.totals[u] for h in hands], dtype=pl.Int32)
        extra[f"after_u{u}"] = pl.Series([h.after.totals[u] for h in hands], dtype=pl.Int32)
    f = base.with_columns(**extra)
    first = ["game", "copy", "hand"]
    return f.select(first + [c for c in f.columns if c not in first]).sort(first)


# ---- the run ----------------------------------------------------------------------------------------------------
@dataclass
class GamesResult:
    """A run of whole games: settings, one row per hand (:attr:`frame`), the figures (:meth:`summary`)."""

    rules: RuleSet
    names: tuple[str, str]
    games: int
    start: int
    seed: int
    play: str
    frame: pl.DataFrame
    seconds: float
    workers: int
    max_hands: int = MAX_HANDS
    advisor_stats: dict[str, dict[str, int]] = field(default_factory=dict)
    command: str = ""

    def summary(self) -> dict[str, Any]:
        """The run's settings and figures (:func:`analyzer.arena.games_figures.games_summary`)."""
        from analyzer.arena.games_figures import games_summary

        return games_summary(self)

    def write(self, path: str | Path) -> None:
        """Every hand as Parquet (the run's summary in the file's metadata)."""
        write_run(self.frame, self.summary(), path)


def run_games(rules: RuleSet, a: Any, b: Any, games: int, seed: int = 0, *, start: int = 0, play: str = "heuristic",
              policy: str = "v1", workers: int = 1, cluster: Any = None, progress: bool = False,
              command: str = "") -> GamesResult:
    """Play games ``start .. start + games - 1`` between agents ``a`` and ``b`` (specs or objects), each once
    per seating (module docstring).

    ``play``: ``heuristic`` (policy v1) or ``dd``; ``workers`` / ``cluster``: processes or a Dask cluster
    (:func:`analyzer.runs.batches.run_batches`, tasks of a few games; agents given as objects must then be
    picklable). The result depends only on ``seed`` and the games' indices."""
    if not rules.has_bidding:
        raise UserError(f"{rules.id} has no bidding: the arena plays games with an auction "
                        "(auction, double-deck, luxury-family)")
    assert games >= 1, games  # checked by the API (the arena's games)
    mode = play_mode(play, PLAYERS)
    ra, rb = agent_of(a), agent_of(b)
    names = (ra.name, rb.name) if ra.name != rb.name else (ra.name + " (A)", rb.name + " (B)")
    if any(getattr(x, "aim", "points") == "game" for x in (ra, rb)):
        win_table(rules)  # the agents playing for the game find it (made now for options that have none)
    clean = replace(rules, cache={})
    check_play(rules, mode, seed, policy)
    block = block_size(games)
    away = workers > 1 or cluster is not None
    tasks = [Block(clean, a if away else ra, b if away else rb, seed, s, min(block, start + games - s), mode, policy,
                   max_hands=MAX_HANDS) for s in range(start, start + games, block)]
    t0 = time.perf_counter()
    res = run_batches(_run_block, tasks, workers=workers, cluster=cluster, progress=progress, label="arena games")
    secs = time.perf_counter() - t0
    frame = games_frame(rules, [h for hs, _, _ in res for h in hs])
    return GamesResult(rules, names, games, start, seed, mode, frame, secs, workers, MAX_HANDS,
                       joined_counters([st for _, st, _ in res]), command)


__all__ = ["GAME_COLUMNS", "MAX_HANDS", "Dealt", "GameCopy", "GameHand", "GamesResult", "block_size", "game_deals",
           "games_frame", "hand_id", "hand_result", "new_copies", "play_copies", "run_games"]
