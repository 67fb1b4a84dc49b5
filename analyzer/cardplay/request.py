"""One card-play question, checked once: :class:`PlayRequest` is every input of :func:`analyzer.cardplay.advise.
advise_card` as one typed value, built by :meth:`PlayRequest.make` from a front end's values (``pinochle play``'s
flags, the page's JSON fields); every check is made there, before any work."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from analyzer.bidding.auction import is_bid_value, parse_calls
from analyzer.bidding.auction import replay as replay_auction
from analyzer.cardplay.notation import parse_phase1, parse_played, parse_shown
from analyzer.cardplay.seen import Record, Seen, replay
from analyzer.cards import SUITS, Hand, parse_card
from analyzer.errors import UserError, field_name
from analyzer.game.given import SEP, game_and_table
from analyzer.game.hand import QUAD
from analyzer.game.state import GameState
from analyzer.meld import meld_points
from analyzer.play.modes import PLAYERS, play_mode
from analyzer.request.fields import Front
from analyzer.request.parts import PLAY, words
from analyzer.rules import RuleSet, parse_hand
from analyzer.rules.lowered import first_leader
from analyzer.twohand.position import Phase1Position, build_position

#: the fields of the card-play question a request holds (the rule set is loaded by the API before it)
ASKED = tuple(f for f in PLAY if f.name not in ("rules", "options"))
#: fields a library caller may give as objects rather than a front end's text
_OBJECTS = ("trump", "shown", "played", "score")


@dataclass(frozen=True)
class PlayRequest:
    """Every input of one card-play decision, checked (build it with :meth:`make`): the record of what my seat
    has seen (``record``, followed through in ``seen``), each seat's meld counted from the cards it showed
    (``meld``; ``side_meld`` overrides the declaring side's), the sampled deals and how they are valued. In a
    game's stock phase (two-handed phase 1: the upcard given) the position is ``phase1`` instead, and
    ``record`` and ``seen`` are None. ``game``: the game's score before this hand (``score``:
    :func:`analyzer.game.given.game_state`, its dealer the hand's) with ``win_table`` the game's
    win-probability table (:class:`~analyzer.game.table.WinTable`): the cards are judged for the game too;
    ``so_far``: where the record is not the whole hand (two-handed phase 2), each seat's meld and points of the
    hand before it (phase 1's), which the game adds to the record's."""

    rules: RuleSet
    record: Record | None
    seen: Seen | None
    meld: tuple[int, ...]
    side_meld: int | None
    samples: int
    seed: int
    play: str
    max_nodes: int
    front: Front = "json"
    #: the auction's calls (None: not given) and its dealer: their clues condition the sampled deals
    calls: tuple = ()
    dealer: int | None = None
    #: two-handed phase 1: the position at my turn (:func:`analyzer.twohand.position.build_position`)
    phase1: Phase1Position | None = None
    #: the game's score before this hand (None: the cards are ranked by points alone) and its table
    game: GameState | None = None
    win_table: Any = field(default=None, compare=False, repr=False)
    #: each seat's (meld, points) of the hand before the record (two-handed phase 2: phase 1's; None: none)
    so_far: tuple[tuple[int, int], ...] | None = None

    def word(self, name: str) -> str:
        """The front end's name of a field (``--max-nodes`` on the command line, ``max_nodes`` in JSON)."""
        return words(self.front)(name)

    @property
    def contract(self) -> bool:
        """Whether there is a bid to make (a declarer and a bid above 0)."""
        return self.rules.has_bidding and self.record is not None and self.record.bid > 0

    @classmethod
    def make(cls, rules: RuleSet, hand: str | Hand | None, *, front: Front = "json", win_table: Any = None,
             **values: Any) -> PlayRequest:
        """The request from a front end's values, by the names of the card-play question's fields
        (:data:`analyzer.request.parts.PLAY`: ``seat``, ``trump``, ``played``, ``samples``, ...; a library caller
        may give the hand as a :class:`Hand`, ``trump`` as a suit index, ``shown`` as a mapping seat -> cards,
        ``played`` as a list of card names and ``score`` as a :class:`GameState`); with a ``score``, ``win_table``
        is the game's table or a function that finds or makes it (the API's: :func:`analyzer.arena.tables.
        win_table`), called once everything else is checked. UserError with one line naming what to give instead,
        a field named in the front end's words. The checks: the fields' own, then the position -- two-handed's
        phase 1 (:func:`_phase1`), or the auction (:func:`_auction`), the contract (:func:`_contract`) and the
        record of the play (:func:`_record`) --, then the game's score (:func:`_for_game`)."""
        unknown = set(values) - {f.name for f in ASKED}
        if unknown:
            raise TypeError(f"not fields of the card-play question: {sorted(unknown)}")
        v = {f.name: values.get(f.name) if f.name in _OBJECTS and not isinstance(values.get(f.name), str | None)
             else f.check(values.get(f.name), rules) for f in ASKED if f.name != "hand"}
        how = (v["samples"], v["seed"], play_mode(v["play"], PLAYERS), v["max_nodes"], front)
        if hand is None:
            raise UserError(f"give your cards: {field_name('hand')} \"AH AH TH ...\"")
        if rules.reference:
            raise UserError(f"{rules.id} is the solver's reference rule set: use pinochle solve for it")
        seat = _whole("seat", v["seat"], 0, rules.seats - 1)
        if not isinstance(v["whole_meld"], bool):
            raise UserError(f"{field_name('whole_meld')} is true or false")
        if v["whole_meld"] and not rules.has_bidding:
            raise UserError(f"{rules.id} lays no meld down before the play: leave out {field_name('whole_meld')}")
        if v["upcard"] is not None:
            pos = _phase1(rules, hand, seat, v)
            game, wt = _for_game(rules, v, seat, None, v["leader"], -1, win_table)
            return cls(rules, None, None, (0,) * rules.seats, None, *how, phase1=pos, game=game, win_table=wt)
        t = _trump(v["trump"], field_name("trump"))
        calls, dealer, declarer, bid = _auction(rules, v)
        declarer, bid, first = _contract(rules, seat, declarer, bid, v["leader"])
        rec, seen, per_seat = _record(rules, hand, seat, t, declarer, first, bid, v)
        so_far = _so_far(rules, v, rec)
        game, wt = _for_game(rules, v, seat, rec, first, declarer, win_table)
        return cls(rules, rec, seen, per_seat, _side_meld(rules, v["meld"], bid), *how, calls, dealer, game=game,
                   win_table=wt, so_far=so_far)


def _for_game(rules: RuleSet, v: dict[str, Any], seat: int, rec: Record | None, first: int, declarer: int,
              win_table: Any) -> tuple[GameState | None, Any]:
    """The game's score before this hand and its table (None, None without ``score``), checked: the hand's outcome
    must be one the advice can score for every scoring unit -- a contract to make where there is bidding, the
    whole hand's meld and points (two-handed phase 2: phase 1's given, ``so_far``), no instant win by tricks or a
    quadruple pinochle in a stock phase (the stock phase's values do not carry them). The hand's dealer: ``dealer``
    given, else the one the first leader follows from (:func:`analyzer.rules.lowered.first_leader`; not in phase 2,
    whose first leader won phase 1's last trick), else UserError asking for it."""
    if v["score"] is None:
        return None, None
    nm, sc = field_name, rules.scoring
    not_yet = f"{nm('score')} is not yet supported in {rules.id}'s"
    if rec is None and (sc.win_all_tricks or (sc.quad_pinochle_win is not None and rules.deck.copies >= QUAD)):
        raise UserError(f"{not_yet} stock phase: its instant wins by tricks or a quadruple pinochle are not valued "
                        "there")
    if rec is not None and rules.has_bidding and not rec.bid:
        raise UserError(f"{nm('score')} judges the hand's outcome for the game: give the contract, {nm('bid')} (or "
                        f"{nm('auction')})")
    if rec is not None and rules.play.stock:
        if v["so_far"] is None:
            raise UserError(f"{nm('score')} in phase 2 needs the hand so far: give {nm('so_far')} "
                            "MELD+POINTS-MELD+POINTS, each player's meld and card points of phase 1, yours first "
                            "(e.g. 22+9-31+14)")
        if v["dealer"] is None:
            raise UserError(f"give who dealt this hand for the game's score: {nm('dealer')} 0..{rules.seats - 1} "
                            "(phase 2's first leader won phase 1's last trick: it does not say who dealt)")
    return game_and_table(rules, v["score"], seat, _dealer(rules, v["dealer"], first, declarer), win_table)


def _so_far(rules: RuleSet, v: dict[str, Any], rec: Record) -> tuple[tuple[int, int], ...] | None:
    """Each seat's meld and points of the hand before the record (``so_far``, two-handed phase 2: phase 1's),
    mine given first: ``MELD+POINTS-MELD+POINTS`` or each player's meld and points together (``31-45``, where
    the rules convert no points); None where not given. Only with ``score`` in a game's phase 2; phase 1's points
    together at most what the cards gone before phase 2 hold."""
    text = v["so_far"]
    if text is None:
        return None
    nm = field_name
    if not rules.play.stock:
        raise UserError(f"{rules.id} deals every card: leave out {nm('so_far')} (phase 1's meld and points, for the "
                        "game in phase 2)")
    if v["score"] is None:
        raise UserError(f"{nm('so_far')} is phase 1's meld and points for the game: give {nm('score')} too")
    if not isinstance(text, str):
        raise UserError(f"{nm('so_far')} is text such as 22+9-31+14")
    one = r"\s*(\d+)\s*(?:\+\s*(\d+)\s*)?"
    m = re.fullmatch(SEP.join([one] * rules.seats), text.strip())
    if m is None:
        raise UserError(f"bad {nm('so_far')} {text!r}: give each player's meld and card points of phase 1, yours "
                        "first, MELD+POINTS-MELD+POINTS (e.g. 22+9-31+14)")
    g = m.groups()
    pairs = [(int(g[2 * i]), int(g[2 * i + 1] or 0)) for i in range(rules.seats)]
    if rules.convert and any(g[2 * i + 1] is None for i in range(rules.seats)):
        raise UserError(f"bad {nm('so_far')} {text!r}: {rules.id} converts card points, give each player's meld and "
                        "points apart, MELD+POINTS")
    gone = int(rules.total_points) - rules.last_trick - rules.per_trick * (rules.deck.size // rules.seats) - int(
        sum(int(rules.points_by_kind[k]) for k in rec.hand.kinds))
    if sum(p for _, p in pairs) > gone:
        raise UserError(f"bad {nm('so_far')} {text!r}: phase 1's card points together, {sum(p for _, p in pairs)}, "
                        f"are more than the cards gone before phase 2 hold (at most {gone})")
    order = [rec.seat] + [s for s in range(rules.seats) if s != rec.seat]
    out = [(0, 0)] * rules.seats
    for s, pair in zip(order, pairs, strict=True):
        out[s] = pair
    return tuple(out)


def _dealer(rules: RuleSet, given: int | None, first: int, declarer: int) -> int:
    """Who dealt this hand: ``given``, else the one seat whose deal the ``first`` leader follows from (two-handed:
    the non-dealer leads), else UserError asking for it (the declarer leads whoever dealt)."""
    if given is not None:
        return _whole("dealer", given, 0, rules.seats - 1)
    could = [d for d in range(rules.seats) if first_leader(rules, declarer, d) == first]
    if len(could) == 1:
        return could[0]
    raise UserError(f"give who dealt this hand for the game's score: {field_name('dealer')} 0..{rules.seats - 1} "
                    "(the deal passes left: who deals next changes the chances)")


def _whole(name: str, v: object, lo: int, hi: int) -> int:
    """A field's whole number in ``lo..hi``; UserError naming the field otherwise."""
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise UserError(f"{field_name(name)} {v!r} is out of range: give a whole number {lo}..{hi}")
    return v


def _phase1(rules: RuleSet, hand: str | Hand, seat: int, v: dict[str, Any]) -> Phase1Position:
    """Two-handed's phase 1 (the stock not yet gone, ``upcard`` given): the position at my turn, from the upcard,
    the first leader, my cards and the tricks played (their +MELD marks the melds on the table)."""
    nm = field_name
    if not rules.play.stock:
        raise UserError(f"{nm('upcard')} is the card turned up on a stock: {rules.id} deals every card")
    for name, given in (("shown", v["shown"]), ("meld", v["meld"]), ("auction", v["auction"]),
                        ("passed", v["passed"]), ("received", v["received"]),
                        ("dealer", v["dealer"]), ("declarer", v["declarer"]), ("bid", v["bid"] or None),
                        ("so_far", v["so_far"])):
        if given is not None and given != [] and given != {}:
            raise UserError(f"leave out {nm(name)} in phase 1 (the melds on the table are the +MELD marks of "
                            f"{nm('played')})")
    upcard, trump, leader = v["upcard"], v["trump"], v["leader"]
    if not isinstance(upcard, str):
        raise UserError(f"{nm('upcard')} is a card such as 9H")
    try:
        up = parse_card(upcard.strip(), rules.deck)
    except UserError as e:
        raise UserError(f"{nm('upcard')}: {e}") from None
    if trump is not None and _trump(trump, nm("trump")) != up >> 4:
        raise UserError(f"{nm('trump')} {trump} is not the upcard's suit: leave it out (the upcard names trump)")
    if leader is None:
        raise UserError(f"give the seat that led the first trick (the dealer's opponent): {nm('leader')} 0..1")
    first = _whole("leader", leader, 0, rules.seats - 1)
    try:
        h = hand if isinstance(hand, Hand) else Hand.parse(hand, rules.deck)
    except UserError as e:
        raise UserError(f"{nm('hand')}: {e} (every card you hold now, in hand and melded)") from None
    return build_position(rules, seat, first, up, h.kinds, parse_phase1(v["played"], rules, nm("played")))


def _auction(rules: RuleSet, v: dict[str, Any]) -> tuple[tuple, int | None, int | None, int | None]:
    """The auction's calls and dealer (none given: no calls, no dealer), and the declarer and bid it makes -- those
    given where there is no auction; an auction not over, or one the given declarer or bid contradicts, is
    refused."""
    nm, seats = field_name, rules.seats
    auction, dealer, declarer, bid = v["auction"], v["dealer"], v["declarer"], v["bid"]
    if auction is None:
        if dealer is not None and v["score"] is None:
            if not rules.has_bidding:
                raise UserError(f"{nm('dealer')} is who dealt, for the game's score: give {nm('score')} too")
            raise UserError(f"{nm('dealer')} is the auction's dealer (or, with {nm('score')}, who dealt): give "
                            f"{nm('auction')} too")
        return (), None, declarer, bid
    if not rules.has_bidding:
        raise UserError(f"{rules.id} has no bidding: leave out {nm('auction')}")
    if dealer is None:
        raise UserError(f"give the dealer of the auction: {nm('dealer')} 0..{seats - 1}")
    dealer = _whole("dealer", dealer, 0, seats - 1)
    if not isinstance(auction, str):
        raise UserError(f"{nm('auction')} must be text such as \"1:16 2:pass 3:18 0:pass ...\"")
    calls = tuple(parse_calls(auction, rules))
    a = replay_auction(rules, dealer, list(calls))  # an illegal auction is refused here
    if not a.done or a.winner is None:
        left = "thrown in" if a.done else f"not over: seat {a.turn} is to call"
        raise UserError(f"the auction {auction.strip()!r} is {left}: give the calls up to the last pass")
    for name, given, won in (("declarer", declarer, a.winner), ("bid", bid or None, a.contract)):
        if given is not None and given != won:
            raise UserError(f"{nm(name)} {given} contradicts the auction ({a.outcome()}): leave out {nm(name)}")
    return calls, dealer, a.winner, int(a.contract)


def _contract(rules: RuleSet, seat: int, declarer: int | None, bid: int | None, leader: int | None
              ) -> tuple[int, int, int]:
    """The declarer, the bid (0: none to make) and the first leader, checked against the rules: a bid on the
    ladder of bids, the declarer leading where the rules say so; without bidding, my seat with no bid."""
    nm, seats = field_name, rules.seats
    if not rules.has_bidding:
        if declarer is not None or bid:
            raise UserError(f"{rules.id} has no bidding: leave out {nm('declarer')} and {nm('bid')}")
        if leader is None:
            raise UserError(f"give the seat that led the first trick of the play: {nm('leader')} 0..{seats - 1}")
        return seat, 0, _whole("leader", leader, 0, seats - 1)
    if declarer is None:
        raise UserError(f"give the declarer (the high bidder): {nm('declarer')} 0..{seats - 1}")
    declarer = _whole("declarer", declarer, 0, seats - 1)
    bid = _whole("bid", bid, 0, 100_000)
    # a contract past the arena's cap is one still; the dealer held to a contract when all pass plays it off the ladder
    if bid and not is_bid_value(rules, bid, capped=False) and bid != rules.forced_contract:
        ladder = rules.bid_levels(bid + int(rules.bidding.step) * max(1, int(rules.bidding.multiple)))
        near = [b for b in (max((b for b in ladder if b < bid), default=None),
                            min((b for b in ladder if b > bid), default=None)) if b is not None]
        raise UserError(f"{nm('bid')} {bid} is not on the {rules.id} ladder of bids ("
                        f"{' and '.join(map(str, near))} {'are' if len(near) > 1 else 'is'}; 0: no bid to make)")
    first = declarer if leader is None else _whole("leader", leader, 0, seats - 1)
    if rules.play.leader == "declarer" and first != declarer:
        raise UserError(f"in {rules.id} the declarer (seat {declarer}) leads the first trick, not seat "
                        f"{first}: leave out {nm('leader')}")
    return declarer, bid, first


def _record(rules: RuleSet, hand: str | Hand, seat: int, trump: int, declarer: int, first: int, bid: int,
            v: dict[str, Any]) -> tuple[Record, Seen, tuple[int, ...]]:
    """The record of what my seat has seen -- my cards, the contract (``trump``, ``declarer``, the ``first``
    leader, ``bid``), the cards shown and the tricks played --, followed through to my turn, and each seat's meld
    counted from its cards (mine: my hand, all laid down; the others': the cards they showed)."""
    nm = field_name
    try:
        h = hand if isinstance(hand, Hand) else parse_hand(hand, rules)
    except UserError as e:
        raise UserError(f"{nm('hand')}: {e} (your cards at the first lead, those played since included)") from None
    shown_by = parse_shown(v["shown"], rules, seat, nm("shown"))
    plays = parse_played(v["played"], rules, nm("played"))
    passed, received = _pass(rules, v)
    rec = Record(rules, seat, h, trump, declarer, first, bid, shown_by, plays, v["whole_meld"], passed, received)
    seen = replay(rec)
    if len(plays) == rules.seats * rules.hand_size:
        raise UserError("every card has been played: the hand is over")
    if seen.turn != seat:
        raise UserError(f"it is seat {seen.turn}'s turn to play, not yours (seat {seat}): add the cards played "
                        f"since to {nm('played')}")
    shown_all = {**shown_by, seat: h}
    return rec, seen, tuple(meld_points(shown_all[s], rules)[SUITS[trump]] if s in shown_all else 0
                            for s in range(rules.seats))


def _pass(rules: RuleSet, v: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards I passed my partner and those he passed me (``passed``, ``received``; none given: none), parsed;
    one given without the other, or either where the rules have no pass, refused (the pass itself is checked with
    my hand and seat by :func:`analyzer.cardplay.passed.check_pass`, as the record is followed)."""
    nm = field_name
    out = []
    for name in ("passed", "received"):
        text = v[name]
        if text is None:
            out.append(())
            continue
        if not rules.passing.cards:
            raise UserError(f"{rules.id} has no card pass: leave out {nm(name)} (a house file with [passing], e.g. "
                            "house/auction-pass.toml, has one)")
        try:
            out.append(tuple(sorted(Hand.parse(text, rules.deck).kinds)))
        except UserError as e:
            raise UserError(f"{nm(name)}: {e}") from None
    if bool(out[0]) != bool(out[1]):
        given, missing = ("passed", "received") if out[0] else ("received", "passed")
        raise UserError(f"{nm(given)} is half of the pass: give {nm(missing)} too, the cards "
                        f"{'your partner passed you' if missing == 'received' else 'you passed your partner'}")
    return out[0], out[1]


def _side_meld(rules: RuleSet, meld: int | None, bid: int) -> int | None:
    """The declaring side's meld given for the contract's figures (None: counted from the cards), checked."""
    if meld is None:
        return None
    meld = _whole("meld", meld, 0, 100_000)
    if not rules.has_bidding:
        raise UserError(f"{field_name('meld')} is the declaring side's meld: {rules.id} has no bidding")
    if not bid:
        raise UserError(f"{field_name('meld')} is the declaring side's meld for the contract's figures: give "
                        f"{field_name('bid')} too (or {field_name('auction')})")
    return meld


def _trump(value: str | int | None, name: str) -> int:
    """The trump suit 0..3 from S H D C (or its index); UserError otherwise."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str) and value.strip().upper() in tuple(SUITS):
        return SUITS.index(value.strip().upper())
    raise UserError(f"give the trump suit: {name} S, H, D or C")
