"""Which card now: the advice of :func:`advise_card`, the one function behind ``pinochle play``, the page's
play-along and the sampling player.

Every legal card is listed with its expected points for my side over the whole hand and, where there is a
contract, the chance that the declaring side makes it, each with a 95 % interval; the cards are compared on
the same sampled deals (paired) by what the bidding advice weighs too: with a bid to make, my side's expected
net score (ours minus theirs, the bid made or set: :func:`analyzer.score.score_hand`) -- in Luxury Family,
each for himself, the game maker's score and the defenders' points -- else my side's expected points. The best card
comes first; every other says how far it is behind, with its interval. Fewer than :data:`MIN_DEALS` deals
(with something unseen and a choice to make) is said as such and names no card.

In a game's stock phase (two-handed phase 1, :mod:`analyzer.cardplay.stock`) every move -- a card from the hand
or a melded copy from the table -- is ranked the same way by my expected score minus the opponent's over the
whole hand (:class:`StockAdvice`).

With the game's score (``--score``) every card is judged for the game too (:mod:`analyzer.cardplay.game`): its
chance of winning it; the card to play is the card for the game where it beats the card by points beyond the
noise, and the ranking by points and its figures stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from analyzer.cardplay.concede import concession_advice
from analyzer.cardplay.game import GameCard, PlayGame, game_cards
from analyzer.cardplay.notation import played_text
from analyzer.cardplay.outcome import card_outcomes, final_terms, stock_outcomes
from analyzer.cardplay.passed import partner_holds
from analyzer.cardplay.request import PlayRequest
from analyzer.cardplay.stock import StockValues, value_stock_moves
from analyzer.cardplay.values import CardValues, declaring_seats, tricks_left, value_cards, within_horizon
from analyzer.cards import SUITS, format_cards
from analyzer.estimate import Estimate, Proportion, mean_ci, paired_diff, proportion
from analyzer.score import convert_points, points_to_make, score_hand, scoring_units, seat_unit
from analyzer.twohand.policy import TH_VERSION

#: the fewest sampled deals a card is named from (fewer: the values are listed, no card is named)
MIN_DEALS = 30


@dataclass(frozen=True)
class CardLine:
    """One legal card: my side's points over the whole hand, the declaring side's chance of making its bid, the
    criterion's score where there is a bid (my side's net score; Luxury Family: the game maker's score) and how
    far the card is behind the best by the criterion (paired; None for the best card)."""

    card: str
    points: Estimate
    make: Proportion | None
    score: Estimate | None
    behind: Estimate | None
    game: GameCard | None = None  # with the game's score: my chance of winning it after this card


@dataclass(frozen=True)
class CardAdvice:
    """The answer to one card-play question (module docstring). ``action``: ``play`` (``best`` names the card),
    ``only`` (one legal card), ``too-few`` (fewer than :data:`MIN_DEALS` deals: no card named); ``game``: with the
    game's score, every card judged for the game (:mod:`analyzer.cardplay.game`; ``best`` is then the card for the
    game, ``lines[0]`` still the card by points)."""

    request: PlayRequest
    lines: tuple[CardLine, ...]
    action: str
    best: str | None
    criterion: str
    values: CardValues
    side: tuple[int, ...]
    declaring: bool
    target: int | None
    side_meld: int | None
    notes: tuple[str, ...]
    game: PlayGame | None = None
    #: at the bid winner's first lead where the house rules allow a concession: concede or play on
    #: (:mod:`analyzer.cardplay.concede`); None elsewhere
    concession: Any = None

    @property
    def need_words(self) -> str | None:
        """What the declaring side needs from tricks to make its bid, in words (``target``, ``side_meld``); None
        without a bid to make."""
        if self.target is None or self.side_meld is None:
            return None
        rs = self.request.rules
        bid, total, least = self.request.record.bid, int(rs.total_points), int(rs.scoring.declarer_min_meld)
        if self.target > total:
            if self.side_meld < least:
                return (f"the declaring side cannot make {bid}: its meld, {self.side_meld}, is under the {least} a "
                        "contract needs")
            return (f"the declaring side cannot make {bid}: with its meld, {self.side_meld}, it needs more than the "
                    f"{total} points the tricks hold")
        return f"the declaring side needs {self.target} points from tricks to make {bid} (meld {self.side_meld})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the ``--json`` output and the page's answer)."""
        req, rec, v = self.request, self.request.record, self.values
        rs = req.rules
        seen = req.seen
        return {
            "rules": rs.id,
            "options": rs.options,
            "seat": rec.seat,
            "trump": SUITS[rec.trump],
            "declarer": rec.declarer if rs.has_bidding else None,
            "bid": rec.bid if rs.has_bidding else None,
            "played": played_text(rec.plays, rs),
            "trick": [rs.deck.name(k) for k in seen.trick],
            "trick_number": len(rec.plays) // rs.seats + 1,
            "hand_now": [rs.deck.name(k) for k in sorted(seen.mine_now, reverse=True)],
            "side": list(self.side),
            "declaring_side": self.declaring,
            "points_so_far": {"side": int(sum(int(seen.points[s]) for s in self.side)),
                              "each_seat": [int(x) for x in seen.points]},
            "side_meld": self.side_meld,
            "whole_meld": rec.whole_meld,
            **({"passed": [rs.deck.name(k) for k in rec.passed], "received": [rs.deck.name(k) for k in rec.received]}
               if rec.passed else {}),
            "points_to_make": self.target,
            "need": self.need_words,
            "action": self.action,
            "best": self.best,
            "criterion": self.criterion,
            "cards": [{"card": ln.card, "points": ln.points.as_dict(),
                       "make": None if ln.make is None else ln.make.as_dict(),
                       "score": None if ln.score is None else ln.score.as_dict(),
                       "behind": None if ln.behind is None else ln.behind.as_dict(), **_game_line(ln.game)}
                      for ln in self.lines],
            "deals": int(v.decl.shape[0]),
            "dealt": v.dealt,
            "solved": int(v.solved.sum()),
            "rollouts": int((~v.solved).sum()),
            "solver_tried": v.tried,
            "auction": " ".join(map(str, req.calls)) or None,
            "conditioning": {"level": v.conditioning, "clues": list(v.clues)},
            "max_nodes": req.max_nodes,
            "nodes": v.nodes,
            "play": req.play,
            "seed": req.seed,
            "notes": list(self.notes),
            **({} if req.so_far is None else {"so_far": _so_far_dict(req)}),
            **({} if self.game is None else {"game": self.game.as_dict()}),
            **({} if self.concession is None else {"concession": self.concession.as_dict()}),
        }


def _so_far_dict(req: PlayRequest) -> dict[str, Any]:
    """The hand before the record (two-handed phase 2: phase 1's meld and points), as phase 1's answer says it."""
    me = req.record.seat
    opp = next(s for s in range(req.rules.seats) if s != me)
    return {who: dict(zip(("meld", "points"), req.so_far[s], strict=True)) for who, s in (("you", me),
                                                                                           ("opponent", opp))}


def _game_line(g: GameCard | None) -> dict[str, Any]:
    """A card line's game figures for the JSON (none without the game's score)."""
    if g is None:
        return {}
    return {"chance": g.chance.as_dict(4), "wins_game_now": round(g.wins, 4), "loses_game_now": round(g.loses, 4)}


@dataclass(frozen=True)
class StockLine:
    """One move of the stock phase: my score minus the opponent's over the whole hand, my score, and how far the
    move is behind the best (paired; None for the best)."""

    card: str
    diff: Estimate
    mine: Estimate
    behind: Estimate | None
    game: GameCard | None = None  # with the game's score: my chance of winning it after this move


@dataclass(frozen=True)
class StockAdvice:
    """The answer to a stock-phase question (two-handed phase 1): ``action`` ``play`` (``best`` names the move),
    ``only`` or ``too-few``, and ``game``, as :class:`CardAdvice`'s."""

    request: PlayRequest
    lines: tuple[StockLine, ...]
    action: str
    best: str | None
    values: StockValues
    notes: tuple[str, ...]
    game: PlayGame | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the ``--json`` output and the page's answer)."""
        req = self.request
        pos = req.phase1
        assert pos is not None
        rs, deck = req.rules, req.rules.deck
        v = self.values
        me, opp = pos.seat, pos.opponent
        return {
            "rules": rs.id,
            "options": rs.options,
            "phase": 1,
            "seat": me,
            "trump": SUITS[pos.trump],
            "trick": [deck.name(k) for k in pos.trick],
            "trick_number": pos.tricks + 1,
            "stock_left": pos.stock_left,
            "face_up": deck.name(pos.bottom),
            "hand_now": [deck.name(k) for k in sorted(pos.hand_now(), reverse=True)],
            "table": {str(s): [{"card": c.card, "used_in": list(c.used_in)} for c in pos.table[s]] for s in (me, opp)},
            "opponent_known": [deck.name(k) for k in pos.known],
            "so_far": {"you": dict(zip(("meld", "points"), pos.score(me), strict=True)),
                       "opponent": dict(zip(("meld", "points"), pos.score(opp), strict=True))},
            "action": self.action,
            "best": self.best,
            "criterion": "difference",
            "cards": [{"card": ln.card, "difference": ln.diff.as_dict(), "score": ln.mine.as_dict(),
                       "behind": None if ln.behind is None else ln.behind.as_dict(), **_game_line(ln.game)}
                      for ln in self.lines],
            "deals": int(v.diff.shape[0]),
            "dealt": v.dealt,
            "phase2": v.phase2,
            "phase2_inexact": v.inexact,
            "max_nodes": req.max_nodes,
            "play": req.play,
            "seed": req.seed,
            "notes": list(self.notes),
            **({} if self.game is None else {"game": self.game.as_dict()}),
        }


def _for_game(req: PlayRequest, names: tuple[str, ...], out: Any, crit: np.ndarray, b: int, criterion: str,
              action: str, lines: list[Any]) -> tuple[PlayGame | None, list[Any], str | None]:
    """With the game's score: every card judged for the game (:func:`analyzer.cardplay.game.game_cards`; ``out``
    a function giving the hand's outcomes, called only then), each line given its card's figures, and the card to
    play -- the card for the game (no card with too few deals). Without: (None, the lines, the card by points)."""
    best = None if action == "too-few" else lines[0].card
    if req.game is None:
        return None, lines, best
    game = game_cards(req, names, out(), crit, None if action == "too-few" else b, criterion)
    return game, [replace(ln, game=game.card(ln.card)) for ln in lines], game.best


def advise_stock(req: PlayRequest, progress: bool = False) -> StockAdvice:
    """Value every move of a stock-phase position on sampled deals (:func:`analyzer.cardplay.stock.
    value_stock_moves`) and rank them by my expected score minus the opponent's (module docstring)."""
    pos = req.phase1
    assert pos is not None
    v = value_stock_moves(req, progress)
    means = v.diff.mean(axis=0)
    order = sorted(range(len(v.moves)), key=lambda j: (-round(float(means[j]), 9), j))
    b = order[0]
    lines = tuple(StockLine(v.names[j], mean_ci(v.diff[:, j]), mean_ci(v.mine[:, j]),
                            None if j == b else paired_diff(v.diff[:, b], v.diff[:, j])) for j in order)
    n = int(v.diff.shape[0])
    action = "only" if len(lines) == 1 else "too-few" if n < MIN_DEALS else "play"
    game, lines, best = _for_game(req, v.names, lambda: stock_outcomes(req, v), v.diff, b, "difference", action,
                                  list(lines))
    w = req.word
    notes = [f"{n} deals of the unseen cards: the opponent's {pos.need} unknown cards in hand and the "
             f"{pos.stock_left - 1} face-down stock cards in random order ({pos.rules.deck.name(pos.bottom)} face up "
             "under them)",
             f"the rest of phase 1 by policy {TH_VERSION} for both seats (tricks, melds, the dix exchange, the last "
             "card), the same random stream for every card of a deal; phase 2 "
             + ("by the solver (exact)" if v.phase2 == "exact" else "by the heuristic players (policy v1)")
             + (f"; {v.inexact} phase-2 positions past {w('max_nodes')} scored at the middle of their bounds"
                if v.inexact else ""),
             "value = your meld and card points minus the opponent's over the whole hand (so far included: "
             f"you {sum(pos.score(pos.seat))}, the opponent {sum(pos.score(pos.opponent))})"]
    if pos.melder_open:
        notes.append("you won the last trick and have not melded: the advice is for leading without a further meld "
                     f"(add +MELD to the last trick of {w('played')} to meld first)")
    if any("*" in nm for nm in v.names):
        notes.append("a card marked * is a melded copy from your table (playing it breaks its melds up)")
    if action == "too-few":
        notes.append(f"too few deals to name a card (fewer than {MIN_DEALS}): raise {w('samples')}")
    return StockAdvice(req, tuple(lines), action, best, v, tuple(notes), game)


def advise_card(req: PlayRequest, progress: bool = False) -> CardAdvice | StockAdvice:
    """Value every legal card on sampled deals (:func:`analyzer.cardplay.values.value_cards`) and rank them
    (module docstring); in a stock phase, :func:`advise_stock`."""
    if req.phase1 is not None:
        return advise_stock(req, progress)
    rs, rec = req.rules, req.record
    v = value_cards(req, progress)
    total = int(rs.total_points)
    decl_seats = declaring_seats(req)
    declaring = rec.seat in decl_seats
    side = tuple(decl_seats) if declaring else tuple(s for s in range(rs.seats) if s not in decl_seats)
    mine = v.decl if declaring else total - v.decl
    target = side_meld = None
    made = score = None
    if req.contract:
        unit = scoring_units(rs)[int(seat_unit(rs)[rec.declarer])]
        side_meld = req.side_meld if req.side_meld is not None else int(sum(req.meld[s] for s in unit))
        meld = np.zeros((1, rs.seats), dtype=np.int64)
        meld[0, rec.declarer] = side_meld
        t, exact = points_to_make(rs, meld, rec.declarer, rec.bid)
        target = int(t[0])
        if not exact[0] and any(int(req.seen.tricks[s]) for s in decl_seats):
            target = 0  # the side's meld already counts: it has taken a trick
        made = v.decl >= target
        if rs.scoring.unit == "side":
            score = _net(req, v, side_meld) * (1 if declaring else -1)
        elif declaring:
            score = np.where(made, side_meld + convert_points(rs, v.decl), -rec.bid)
    crit = score if score is not None else mine
    criterion = ("net" if rs.scoring.unit == "side" else "score") if score is not None else "points"
    means = crit.mean(axis=0)
    order = sorted(range(len(v.cards)), key=lambda j: (-round(float(means[j]), 9), -v.cards[j]))
    b = order[0]
    lines = []
    for j in order:
        lines.append(CardLine(rs.deck.name(v.cards[j]), mean_ci(mine[:, j]),
                              None if made is None else proportion(made[:, j]),
                              None if score is None else mean_ci(score[:, j]),
                              None if j == b else paired_diff(crit[:, b], crit[:, j])))
    n = int(v.decl.shape[0])
    action = "only" if len(v.cards) == 1 else "too-few" if n < MIN_DEALS and not v.fixed else "play"
    names = tuple(rs.deck.name(k) for k in v.cards)
    game, lines, best = _for_game(req, names, lambda: card_outcomes(req, v, side_meld or 0), crit, b, criterion,
                                  action, lines)
    adv = CardAdvice(req, tuple(lines), action, best, criterion, v, side, declaring, target, side_meld,
                     tuple(_notes(req, v, n, action, side_meld)), game)
    return replace(adv, concession=concession_advice(adv))


def _net(req: PlayRequest, v: CardValues, side_meld: int) -> np.ndarray:
    """The declaring side's score minus the other side's (:func:`analyzer.score.score_hand`, the one scoring)
    on each deal after each card: the declaring side's points ``v.decl`` (int[n, cards]) over the hand, the
    others' the rest (:func:`analyzer.cardplay.outcome.final_terms`: a trick of no points taken later is not
    seen); the meld known (the declaring side's: ``side_meld``)."""
    rs, rec = req.rules, req.record
    n, c = v.decl.shape
    other = next(s for s in range(rs.seats) if s not in declaring_seats(req))
    sc = score_hand(rs, *final_terms(req, v, side_meld), rec.declarer, rec.bid)
    return (sc[:, rec.declarer] - sc[:, other]).reshape(n, c)


def _pass_notes(req: PlayRequest, v: CardValues) -> list[str]:
    """What the sampled deals know of the card pass (a rule set with one, my seat on the declaring side): the cards
    my partner holds of my pass, the clues read on the hands as dealt; or that the pass was not given."""
    rs, rec, w = req.rules, req.record, req.word
    if rec is None or not rs.passing.cards or rec.seat not in declaring_seats(req):
        return []
    if not rec.passed:
        return [f"the card pass is not given: the deals know nothing of it (give {w('passed')} and {w('received')})"]
    held = partner_holds(rs, rec.seat, rec.declarer, rec.passed, rec.received)
    out = [f"your partner holds {format_cards(sorted(held.elements()), rs.deck) or 'none'} of the cards you passed "
           "him at the first lead in every deal (those played since excepted)"]
    if v.clues:
        out.append("the auction's calls read on the hands as dealt, before the pass (your partner's: his hand at the "
                   "first lead less what you passed him plus what he passed you); which cards he chose to pass is "
                   "not read as a clue")
    return out


def _notes(req: PlayRequest, v: CardValues, n: int, action: str, side_meld: int | None) -> list[str]:
    rs = req.rules
    w = req.word
    out = []
    solved = int(v.solved.sum())
    if v.fixed:
        out.append("nothing is unseen: every card's value is that of the one deal left")
    else:
        out.append(f"{n} deals consistent with everything seen (kept {n} of {v.dealt:,} dealt)")
    if req.record is not None and req.record.whole_meld:
        out.append("the cards shown read as each other seat's whole meld: no deal gives a seat more meld than it "
                   "showed (a seat not named showed none)")
    out += _pass_notes(req, v)
    if v.clues:
        read = {"clues": "read as the bidding advice reads them",
                "prior": "read with the prior clue model (the fitted one accepted too few deals)",
                "high": "read by the other seats' highest bid only, with the prior model (all of them accepted too "
                        "few deals)",
                "partner": "read by my partner's bids only, with the prior model (all of them accepted too few deals)",
                "hard": "read by their hard clues only (the soft ones accepted too few deals)",
                "none": "not read (they accepted too few deals)"}[v.conditioning]
        out.append(f"the auction's calls {read}: {'; '.join(v.clues)}")
    if req.play == "dd":
        if not within_horizon(req):
            out.append(f"heuristic rollouts (policy v1, every seat) on all {n} deals: {tricks_left(req)} tricks are "
                       f"left, and the solver is tried from {rs.advice.play_dd_tricks_left} left (the rule set's "
                       "[advice] play_dd_tricks_left: before that its budget runs out on nearly every deal)")
        elif solved < n:
            why = (f"the solver's budget of {req.max_nodes:,} nodes a deal ran out on {v.tried - solved} of the "
                   f"{v.tried} deals it was tried on" + ("" if v.tried == n else " (then it was tried no more)"))
            out.append(f"double dummy (exact) on {solved} of {n} deals; heuristic rollouts (policy v1, every seat) on "
                       f"{n - solved}: {why}; raise {w('max_nodes')} for more exact values")
        elif v.fixed:
            out.append("valued double dummy (exact)")
        else:
            out.append(f"double dummy (exact) on all {n} deals")
    else:
        out.append(f"heuristic rollouts (policy v1, every seat) on all {n} deals")
    if action == "too-few":
        out.append(f"too few deals to name a card (fewer than {MIN_DEALS}): raise {w('samples')}")
    if side_meld is not None and req.side_meld is None:
        mine = "your meld and " if req.record.seat in declaring_seats(req) else ""
        out.append(f"the declaring side's meld, {side_meld}, is counted from {mine}the cards shown (give {w('meld')} "
                   "to set it)")
    if rs.play.stock and not v.fixed:
        out.append("phase 2 is a game of open cards: give the opponent's cards with "
                   f"{w('shown')} to have them valued as they are (phase 1, the stock not gone: give {w('upcard')})")
    if rs.convert:
        out.append("points are card points before the conversion to trick points; the score converts them")
    if not rs.scoring.unit == "side" and rs.has_bidding:
        out.append("the defenders are counted together (they play as a side against the game maker)")
    if v.seat_points is not None:
        out.append("for the game each player scores his own points: those along the line of play that valued the card "
                   "(the solver's optimal line on a solved deal, the rollout elsewhere; the defenders share what they "
                   "take as that line shares it)")
        if v.shared:
            out.append(f"on {v.shared} of {v.decl.size} deal-and-card pairs the solver's line ran past "
                       f"{w('max_nodes')}: the defenders' points shared there as the heuristic players share them")
    return out
