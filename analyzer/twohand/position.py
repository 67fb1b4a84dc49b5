"""A phase-1 position of two-handed pinochle as one player sees it, and rollouts of the rest of the hand from it.

:func:`build_position` follows the phase-1 tricks played so far (each trick from its leader, a card played from
the table marked, the melds its winner laid after it) through the very kernels the simulations use
(:mod:`.state`, :mod:`.melding`): who won each trick, the card points and tricks taken, the melds on each table
(which copies, used in which kinds of meld, the royal marriages and pinochles still intact), the meld scored,
the dix exchange, the stock left. The hands are what a player cannot follow (the draws are hidden), so the
replay gives the seat that acts a hand holding every card of the deck: the table, the scores and the stock
pointer come out as the game left them, and the hands are set afterwards -- mine from what I hold now, the
opponent's from the sampled deal. What the opponent is known to hold in hand (the turned-up card it took in
the dix exchange, unless it may have played it since) and the card face up under the stock are known; the rest
is unseen (:attr:`Phase1Position.pool`): the opponent's other cards and the face-down stock, in unknown order.

:func:`position_rollouts` plays each of my moves on each sampled deal and lets the phase-1 policies
(:mod:`.policy`) play the rest of phase 1 for both seats, the same random stream for every move of a deal; it
leaves the phase-2 positions, which :mod:`.hands` plays out (heuristic players or the solver).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.cards import from_planes, to_planes
from analyzer.deal.rng import stream_seed
from analyzer.errors import UserError, field_name
from analyzer.jit import range_kernel
from analyzer.rules.model import RuleSet
from analyzer.twohand import melding as M
from analyzer.twohand import state as S
from analyzer.twohand.game import MELD_TYPES, TableCard, table_cards
from analyzer.twohand.params import new_state
from analyzer.twohand.policy import run_phase1

#: short names of the melds in the written history (beside :data:`analyzer.twohand.game.MELD_TYPES`' names
#: with '-' for ' ')
MELD_ALIASES = {"rm": "royal marriage", "mar": "marriage", "pin": "pinochle", "aces": "aces around",
                "kings": "kings around", "queens": "queens around", "jacks": "jacks around",
                "run-over-rm": "run over marriage", "new-run": "run"}


@dataclass(frozen=True)
class Trick:
    """One phase-1 trick as written: its cards from the leader, each ``(kind, where)`` (``where``: -1 from the
    hand, 0 from the table -- the first melded copy --, ``s`` >= 1 the table's copy ``s``), and the melds its
    winner laid after it (names, in order)."""

    cards: tuple[tuple[int, int], ...]
    melds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Phase1Position:
    """A phase-1 position at my turn (module docstring). ``g``: the state with my hand now and the opponent's
    known cards (the sampled rest is added per deal); ``pool``: the unseen card kinds (one entry per card);
    ``need``: how many of them the opponent holds (the rest is the face-down stock); ``bottom``: the card face up
    under the stock; ``moves``: my moves (``4 * kind + source``), ``names`` their written form; ``table``: each
    seat's melded copies; ``known``: the cards the opponent is known to hold in hand."""

    rules: RuleSet
    seat: int
    g: np.ndarray
    pool: np.ndarray
    need: int
    bottom: int
    moves: tuple[int, ...]
    names: tuple[str, ...]
    table: tuple[tuple[TableCard, ...], tuple[TableCard, ...]]
    known: tuple[int, ...]
    tricks: int
    melder_open: bool

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def trump(self) -> int:
        """The trump suit 0..3 (the upcard's)."""
        return int(self.g[S.C_TRUMP])

    @property
    def stock_left(self) -> int:
        """Cards left in the stock, the face-up one included."""
        return int(self.g[S.C_SN] - self.g[S.C_STOP])

    @property
    def trick(self) -> tuple[int, ...]:
        """The card led to the current trick (empty: my lead)."""
        return (int(self.g[S.C_TC0]),) if self.g[S.C_NTR] else ()

    def hand_now(self) -> list[int]:
        """My cards in hand now (not those melded on my table), as card kinds."""
        c = self.rules.deck.copies
        return from_planes(self.g[S.G_H + S.MAXC * self.seat: S.G_H + S.MAXC * self.seat + c], self.rules.deck)

    def score(self, seat: int) -> tuple[int, int]:
        """``seat``'s meld and card points so far."""
        return int(self.g[S.C_MELD + seat]), int(self.g[S.C_PTS + seat])


def meld_action(rules: RuleSet, name: str, g: np.ndarray, seat: int) -> tuple[int, bool]:
    """The meld action of a written meld name for ``seat`` in state ``g`` and whether it is the dix exchange;
    UserError for an unknown name. ``double-`` in front: two copies at once; a plain marriage names its suit
    (``marriage-S``); ``run`` is laid over an intact royal marriage when the seat has one (``new-run``: a run of
    fresh cards beside it)."""
    from analyzer.cards import suit_index

    key = name.strip().lower().replace("_", "-")
    copies = 1
    if key.startswith("double-"):
        copies, key = 2, key[len("double-"):]
    suit = 0
    base, _, tail = key.partition("-")
    if base in ("marriage", "mar") and tail:
        try:
            suit = suit_index(tail)
        except UserError:
            raise UserError(f"meld {name!r}: a marriage names its suit, e.g. marriage-S") from None
        key = "marriage"
    fresh = key == "new-run"
    key = MELD_ALIASES.get(key, key).replace("-", " ")
    if key not in MELD_TYPES:
        raise UserError(f"unknown meld {name!r}: use dix, rm (royal-marriage), run, marriage-S (a suit), aces, kings, "
                        "queens, jacks, pinochle, double-pinochle (double- in front: two at once)")
    typ = MELD_TYPES[key]
    if typ == S.A_MAR and not tail:
        raise UserError(f"meld {name!r}: a marriage names its suit, e.g. marriage-S")
    if copies > rules.deck.copies:
        raise UserError(f"meld {name!r}: the deck has one copy of each card")
    if typ == S.A_RUN and copies == 1 and not fresh and S.intact_record(g, seat, 0) >= 0:
        typ = S.A_RUNUP
    exchange = typ == S.A_DIX and copies == 1 and bool(M.may_exchange(g, seat))
    return int(S.act_code(typ, suit, copies)), exchange


def _everything(rules: RuleSet) -> np.ndarray:
    """Count planes holding every copy of every card of the deck (the replay's stand-in for a hidden hand)."""
    deck = rules.deck
    return to_planes([k for k in deck.kinds for _ in range(deck.copies)], deck)


def _set_hand(g: np.ndarray, seat: int, planes: np.ndarray) -> None:
    g[S.G_H + S.MAXC * seat: S.G_H + S.MAXC * (seat + 1)] = 0
    g[S.G_H + S.MAXC * seat: S.G_H + S.MAXC * seat + planes.shape[0]] = planes


class _Inconsistent(UserError):
    """The replayed history does not add up with the cards seen (too many copies, my table not my cards, a card
    played from a table or a meld its cards on the table do not allow): another reading of an ambiguous meld may."""


#: the most readings of ambiguous melds tried (each a replay of the history)
MAX_READINGS = 64


def build_position(rules: RuleSet, seat: int, leader: int, upcard: int, holding: Sequence[int],
                   tricks: Sequence[Trick]) -> Phase1Position:
    """The position after ``tricks`` (module docstring) with my seat ``seat`` to play; ``leader`` led the first
    trick (the other seat dealt), ``upcard`` was turned up (it names trump), ``holding``: every card I hold now,
    in hand and melded on my table. UserError for anything that cannot have happened.

    A meld whose cards all lie free on the melder's table already (a marriage beside kings and queens around)
    takes one new card from the hand, and its name does not say which: the replay takes the engine's first
    choice and, when the history then does not add up with the cards seen, the other readings of such melds in
    turn, fewest changed first (at most :data:`MAX_READINGS`). A replay that stops at a contradiction has not met
    the ambiguous melds after it: those a later reading meets are added to the ones tried."""
    found: list[int] = []  # the ambiguous melds met so far, by number
    queue, tried = [frozenset()], set()
    first: UserError | None = None
    while queue and len(tried) < MAX_READINGS:
        flips = queue.pop(0)
        if flips in tried:
            continue
        tried.add(flips)
        met: list[int] = []
        try:
            return _build(rules, seat, leader, upcard, holding, tricks, flips, met)
        except _Inconsistent as e:
            first = first or e
        found += [i for i in met if i not in found]
        queue += [flips | {i} for i in found if i not in flips and flips | {i} not in tried]
    raise UserError(str(first)) from None


def history_state(rules: RuleSet, leader: int, upcard: int, tricks: Sequence[Trick]) -> np.ndarray:
    """The state after the written phase-1 ``tricks`` (:func:`build_position`'s replay, every hidden hand standing
    in as the whole deck): who won each trick, the meld scored, the card points and tricks, the stage (phase 2 once
    the stock is gone and the last meld made). UserError for a history that cannot have happened."""
    try:
        return _replay(rules, -1, leader, upcard, tricks, frozenset(), []).g
    except _Inconsistent as e:
        raise UserError(str(e)) from None


def _build(rules: RuleSet, seat: int, leader: int, upcard: int, holding: Sequence[int], tricks: Sequence[Trick],
           flips: frozenset[int], ambiguous: list[int]) -> Phase1Position:
    """:func:`build_position` with the melds numbered in ``flips`` read the other way (their new card the
    meld's second card, not its first); the numbers of the ambiguous melds are added to ``ambiguous``."""
    deck = rules.deck
    r = _replay(rules, seat, leader, upcard, tricks, flips, ambiguous)
    g = r.g
    _check_my_turn(g, seat)
    mine, on_table = _my_cards(rules, seat, r, holding)
    opp = 1 - seat
    hand_now = mine - on_table[seat]
    known: Counter[int] = Counter()
    if r.exchanged_by == opp:
        known[r.took] = max(0, 1 - r.after[r.took])
    lead = g[S.C_NTR] == 1
    bottom = int(S.upcard(g))
    pool = _unseen(rules, mine + on_table[opp] + _played(rules, g) + known + Counter([bottom]))
    need = rules.hand_size - int(lead) - sum(on_table[opp].values()) - sum(known.values())
    left = int(g[S.C_SN] - g[S.C_STOP])
    assert need >= 0 and sum(pool.values()) == need + left - 1, "the cards do not add up"
    _set_hand(g, seat, to_planes(sorted(hand_now.elements()), deck))
    _set_hand(g, opp, to_planes(sorted(known.elements()), deck))
    moves, names = my_moves(rules, g, seat)
    tables = (tuple(table_cards(rules, g, 0)), tuple(table_cards(rules, g, 1)))
    open_window = int(g[S.C_MELDER]) == seat and not g[S.C_MELDED] and not lead
    return Phase1Position(rules, seat, g, np.array(sorted(pool.elements()), dtype=np.int64), need, bottom,
                          tuple(moves), tuple(names), tables, tuple(sorted(known.elements())), int(g[S.C_TRICKS]),
                          open_window)


@dataclass
class _Replay:
    """A written history being replayed (:func:`_replay`): the state ``g``; ``full``, the stand-in hand holding
    every card; the melds to read the other way (``flips``) and the list the ambiguous melds met are added to
    (``ambiguous``), by number (``meld_no``: the melds laid so far); the seat that made the dix exchange
    (``exchanged_by``, -1: none yet) and the card it took (``took``); since then, the cards gone from the
    opponent's hand (``after``) and the cards I played (``mine_after``)."""

    g: np.ndarray
    full: np.ndarray
    flips: frozenset[int]
    ambiguous: list[int]
    after: Counter[int]
    mine_after: Counter[int]
    meld_no: int = 0
    exchanged_by: int = -1
    took: int = -1


def _replay(rules: RuleSet, seat: int, leader: int, upcard: int, tricks: Sequence[Trick], flips: frozenset[int],
            ambiguous: list[int]) -> _Replay:
    """The phase-1 ``tricks`` played from the deal (``leader`` led the first, ``upcard`` turned up) through the
    kernels, each trick's cards (:func:`_replay_card`) and then its winner's melds (:func:`_replay_meld`), every
    hidden hand standing in as the whole deck; UserError for a trick that cannot be (after phase 1, of no card or
    of more than two, melds after a trick not whole)."""
    deck = rules.deck
    g = new_state(rules)  # checks the rule set
    m = deck.size - 2 * rules.hand_size
    stock = np.full((1, m), upcard, dtype=np.int64)
    S.reset(g, np.zeros((1, 2, deck.copies), dtype=np.int64), stock, 0, 1 - leader, 1)
    r = _Replay(g, _everything(rules), flips, ambiguous, Counter(), Counter())
    for t, tr in enumerate(tricks):
        if int(g[S.C_STAGE]) != S.STAGE_PLAY:
            raise UserError(f"trick {t + 1}: the stock is gone after {int(g[S.C_TRICKS])} tricks: phase 1 is over "
                            f"(give phase 2's cards with {field_name('shown')} and {field_name('played')})")
        if not tr.cards or len(tr.cards) > 2:
            raise UserError(f"trick {t + 1} has {len(tr.cards)} cards: a trick has 2 (the last may have 1)")
        for k, where in tr.cards:
            _replay_card(rules, seat, r, t, k, where)
        if int(g[S.C_STAGE]) == S.STAGE_LAST:  # the last two draws (which one the winner took is not written)
            S.take_last(g, 1)
        if tr.melds and len(tr.cards) < 2:
            raise UserError(f"trick {t + 1}: melds come after a whole trick (its winner lays them)")
        for mname in tr.melds:
            _replay_meld(rules, seat, r, t, mname)
    return r


def _replay_card(rules: RuleSet, seat: int, r: _Replay, t: int, k: int, where: int) -> None:
    """Play card ``k`` of trick ``t`` for the seat to play, from its hand (``where`` < 0) or its table (the first
    melded copy, or copy ``where``), noting it among the cards played since the dix exchange;
    :class:`_Inconsistent` when no such copy lies on that seat's table."""
    g = r.g
    who = int(g[S.C_TURN])
    if who == r.exchanged_by == seat:
        r.mine_after[k] += 1
    if where < 0:
        _set_hand(g, who, r.full)
        mv = 4 * k
        if who == r.exchanged_by and who != seat:
            r.after[k] += 1
    else:
        slots = [s for s in range(rules.deck.copies) if g[S.tslot(who, k, s)] >= 0]
        if where > 0:
            slots = [s for s in slots if s == where - 1]
        if not slots:  # which copies lie on the table may hang on how an earlier meld is read
            raise _Inconsistent(f"trick {t + 1}: seat {who} has no melded {rules.deck.name(k)} on the table"
                                + (f" (copy {where})" if where > 0 else ""))
        mv = 4 * k + 1 + slots[0]
    S.play_move(g, mv)


def _replay_meld(rules: RuleSet, seat: int, r: _Replay, t: int, mname: str) -> None:
    """Lay the meld written ``mname`` after trick ``t`` for the trick's winner, or make the dix exchange; an
    ambiguous meld is numbered, and read the other way when its number is in ``r.flips``. UserError for a meld
    where none may be laid or a second one in a turn; :class:`_Inconsistent` for one the table does not allow."""
    g = r.g
    w = int(g[S.C_MELDER])
    if w < 0:
        raise UserError(f"trick {t + 1}: no meld after the last trick of phase 1 here (the stock is gone)")
    _set_hand(g, w, r.full)
    act, exch = meld_action(rules, mname, g, w)
    if exch:
        r.took = int(S.upcard(g))
        M.exchange(g, w)
        r.exchanged_by = w
        return
    if not M.may_meld(g, w):
        raise UserError(f"trick {t + 1}: seat {w} melds {mname!r} after its meld of this turn (one meld a "
                        "turn; the dix exchange aside)")
    if M.meld_value(g, w, act) < 0:  # as may this (the cards on the table)
        raise _Inconsistent(f"trick {t + 1}: seat {w} cannot meld {mname!r} then (the cards melded before, or "
                            "the kind already used, do not allow it)")
    if _new_card_ambiguous(g, w, act):
        r.ambiguous.append(r.meld_no)
        if r.meld_no in r.flips:  # the new card is not the meld's first card: that one is not in the hand
            first_kind = int(S.req_kind(g, act >> 4, (act >> 1) & 7, 0))
            _set_hand(g, w, r.full & ~np.int64(1 << first_kind))
    r.meld_no += 1
    if w == r.exchanged_by and w != seat:
        before = _planes_count(g, w, rules.deck)
        M.meld_apply(g, w, act)
        r.after.update(before - _planes_count(g, w, rules.deck))
    else:
        M.meld_apply(g, w, act)


def _check_my_turn(g: np.ndarray, seat: int) -> None:
    """UserError unless the replayed history leaves phase 1 going on with my seat to play."""
    if int(g[S.C_STAGE]) != S.STAGE_PLAY:
        raise UserError(f"the stock is gone after {int(g[S.C_TRICKS])} tricks: phase 1 is over (give phase 2's "
                        f"cards with {field_name('shown')} and {field_name('played')}, without {field_name('upcard')})")
    turn = int(g[S.C_TURN])
    if turn != seat:
        raise UserError(f"it is seat {turn}'s turn to play, not yours (seat {seat}): add the cards played since")


def _my_cards(rules: RuleSet, seat: int, r: _Replay, holding: Sequence[int]) -> tuple[Counter[int], list[Counter[int]]]:
    """My cards (``holding``: in hand and melded) by kind, and each seat's cards melded on its table by the
    replay; UserError for a holding of the wrong size or without the card I took in the dix exchange (and not
    played since), :class:`_Inconsistent` when my table holds a card not among mine."""
    deck = rules.deck
    mine = Counter(int(k) for k in holding)
    if sum(mine.values()) != rules.hand_size:
        raise UserError(f"you hold {rules.hand_size} cards in phase 1 (in hand and melded), not {len(holding)}")
    on_table = [Counter(), Counter()]
    for s in range(2):
        for k in deck.kinds:
            on_table[s][k] = int(S.table_count(r.g, s, k))
    short = on_table[seat] - mine
    if short:
        raise _Inconsistent(f"{' '.join(deck.name(k) for k in sorted(short.elements()))}: melded on your table by "
                            "the history, but not among your cards (give every card you hold, melded ones included; "
                            "a melded card played since is written CARD* in its trick)")
    if r.exchanged_by == seat and mine[r.took] + r.mine_after[r.took] < 1:
        raise UserError(f"you took {deck.name(r.took)} in the dix exchange: it is among your cards (give it with "
                        "them) or was played since (write it in its trick)")
    return mine, on_table


def _played(rules: RuleSet, g: np.ndarray) -> Counter[int]:
    """The cards played so far in state ``g``, by kind: the tricks' and the card led to the current trick."""
    deck = rules.deck
    played: Counter[int] = Counter()
    for p in range(deck.copies):
        for k in deck.kinds:
            played[k] += (int(g[S.G_PL + p]) >> k) & 1
    if g[S.C_NTR] == 1:
        played[int(g[S.C_TC0])] += 1
    return played


def _unseen(rules: RuleSet, seen: Counter[int]) -> Counter[int]:
    """The copies of each card not ``seen`` (the deck's less those); :class:`_Inconsistent` when a card is seen
    more often than the deck has it."""
    deck = rules.deck
    over = [deck.name(k) for k in deck.kinds if seen[k] > deck.copies]
    if over:
        raise _Inconsistent(f"{', '.join(over)} seen more often than the deck has it (in your cards, on a table, "
                            f"played or under the stock): the deck has {deck.copies} of each")
    pool = Counter({k: deck.copies for k in deck.kinds})
    pool.subtract(seen)
    return pool


def _new_card_ambiguous(g: np.ndarray, seat: int, act: int) -> bool:
    """Whether meld ``act`` of ``seat`` finds every card it needs free on the table, so that its one new card
    from the hand could be any of its cards (more than one kind)."""
    typ, suit, n = act >> 4, (act >> 1) & 7, (act & 1) + 1
    m = int(S.req_count(typ))
    if m < 2:
        return False
    ub = S.ubit(typ)
    return all(n <= int(S.table_free(g, seat, int(S.req_kind(g, typ, suit, i)), ub)) for i in range(m))


def _planes_count(g: np.ndarray, seat: int, deck) -> Counter[int]:
    return Counter({k: int(S.hand_count(g, seat, k)) for k in deck.kinds})


def my_moves(rules: RuleSet, g: np.ndarray, seat: int) -> tuple[list[int], list[str]]:
    """The distinct moves of ``seat`` in phase 1 (no duty to follow: every card in hand, every melded copy on
    the table; copies on the table used in the same melds are one move), highest card first, and their
    written form: the card, ``*`` for a melded copy (``*1`` / ``*2`` where two melded copies differ)."""
    deck = rules.deck
    moves, names = [], []
    for k in sorted(deck.kinds, reverse=True):
        if S.hand_count(g, seat, k):
            moves.append(4 * k)
            names.append(deck.name(k))
        slots = [s for s in range(deck.copies) if g[S.tslot(seat, k, s)] >= 0]
        distinct = [s for i, s in enumerate(slots) if not any(_same_copy(g, seat, k, s, t) for t in slots[:i])]
        for s in distinct:
            moves.append(4 * k + 1 + s)
            names.append(deck.name(k) + "*" + (str(s + 1) if len(distinct) > 1 else ""))
    return moves, names


def _same_copy(g: np.ndarray, seat: int, k: int, a: int, b: int) -> bool:
    """Whether table copies ``a`` and ``b`` of ``k`` are interchangeable (the same meld kinds, neither in an
    intact royal marriage or pinochle record)."""
    if g[S.tslot(seat, k, a)] != g[S.tslot(seat, k, b)]:
        return False
    for j in range(4):
        v = int(g[S.G_REC + 4 * seat + j])
        if v >= 0 and ((v & 1) in (a, b) or (v >> 1) in (a, b)):
            return False
    return True


@range_kernel
def rollout_range(template, opp_hands, stocks, moves, pols, seed, ids, seat, meld, pts1, trk1, hands2, lead2,
                  lo, hi):
    """Deals lo..hi-1: for each move ``moves[j]``, the template state with deal ``i``'s opponent hand
    (``opp_hands[i]``, count planes) and stock left (``stocks[i]``, draw order, the face-up card last), the move
    played, then phase 1 to its end by the policies ``pols`` (packed per seat, :func:`analyzer.twohand.policy.
    pack`); deal ``i``'s random stream ``(seed, ids[i])`` for every move alike. Out per deal, move and seat:
    ``meld``, phase-1 card points ``pts1`` and tricks ``trk1``, the phase-2 hands ``hands2`` and leader
    ``lead2``."""
    g = np.zeros(S.G_LEN, dtype=np.int64)
    opp = 1 - seat
    copies = opp_hands.shape[1]
    first = template[S.C_STOP]
    for i in range(lo, hi):
        rng = stream_seed(seed, ids[i])
        for j in range(moves.shape[0]):
            for x in range(S.G_LEN):
                g[x] = template[x]
            for p in range(copies):
                g[S.G_H + S.MAXC * opp + p] = opp_hands[i, p]
            for x in range(stocks.shape[1]):
                g[S.G_STK + first + x] = stocks[i, x]
            g[S.C_RNG] = rng
            S.play_move(g, moves[j])
            run_phase1(g, pols)
            for s in range(2):
                meld[i, j, s] = g[S.C_MELD + s]
                pts1[i, j, s] = g[S.C_PTS + s]
                trk1[i, j, s] = g[S.C_TRK + s]
                for p in range(copies):
                    hands2[i, j, s, p] = g[S.G_H + S.MAXC * s + p]
            lead2[i, j] = g[S.C_LASTWIN]


@dataclass(frozen=True)
class Phase1Rollouts:
    """What :func:`position_rollouts` leaves, int64 arrays [deals, moves, ...]: ``meld`` and phase-1 ``pts1`` /
    ``trk1`` per seat (the history's included), the phase-2 hands ``hands2`` [.., 2, copies] and leader
    ``lead2``."""

    meld: np.ndarray
    pts1: np.ndarray
    trk1: np.ndarray
    hands2: np.ndarray
    lead2: np.ndarray


def position_rollouts(pos: Phase1Position, opp_hands: np.ndarray, stocks: np.ndarray, pols: int, seed: int,
                      ids: np.ndarray) -> Phase1Rollouts:
    """Every move of ``pos`` on every deal (the opponent's hand now ``opp_hands`` int64[n, copies], the stock
    left ``stocks`` int64[n, cards]) to the end of phase 1 (:func:`rollout_range`), spread over threads."""
    n, c = opp_hands.shape[0], len(pos.moves)
    copies = pos.rules.deck.copies
    left = pos.stock_left
    if stocks.shape != (n, left):
        raise ValueError(f"stocks must be int64[{n}, {left}], not {stocks.shape}")
    meld = np.zeros((n, c, 2), dtype=np.int64)
    pts1 = np.zeros_like(meld)
    trk1 = np.zeros_like(meld)
    hands2 = np.zeros((n, c, 2, copies), dtype=np.int64)
    lead2 = np.zeros((n, c), dtype=np.int64)
    rollout_range.batch(n, pos.g, np.ascontiguousarray(opp_hands, dtype=np.int64),
                        np.ascontiguousarray(stocks, dtype=np.int64), np.array(pos.moves, dtype=np.int64),
                        np.int64(pols), np.int64(seed), np.ascontiguousarray(ids, dtype=np.int64), np.int64(pos.seat),
                        meld, pts1, trk1, hands2, lead2)
    return Phase1Rollouts(meld, pts1, trk1, hands2, lead2)
