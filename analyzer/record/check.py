"""A hand record's written fields parsed (:func:`parse_fields`) and its deal and auction checked (:func:`check_deal`),
naming the line (the JSON field) and why; :func:`analyzer.record.read.build` adds the play's checks. The contract
the play follows (:func:`contract_of`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from analyzer.bidding.auction import Auction, is_bid_value, parse_calls
from analyzer.bidding.auction import replay as replay_auction
from analyzer.cardplay.notation import parse_phase1, parse_played
from analyzer.cards import SUITS, Hand, parse_card, parse_cards, split_tokens
from analyzer.errors import UserError, field_name
from analyzer.passing.move import pass_cards
from analyzer.record.model import HandRecord
from analyzer.record.text import Entry
from analyzer.rules import RuleSet, available, load_rules, parse_hand
from analyzer.rules.loader import house_files, load_shipped
from analyzer.rules.lowered import first_leader


@contextmanager
def at(entry: Entry | None) -> Iterator[None]:
    """Prefix a UserError raised inside with where the field stands (``line 7 (played): ...``)."""
    try:
        yield
    except UserError as e:
        if entry is None:
            raise
        raise e.within(entry.where) from None


#: the hint of a record whose rule set is not known here
_OWN = f"a record of your own house rules is read with their file given as {field_name('rules')}"


def game_of(e: Mapping[str, Entry], front: str, house: str | None = None
          ) -> tuple[RuleSet, tuple[str, tuple[tuple[str, str], ...]]]:
    """The rule set of the ``rules`` and ``options`` fields (the page: built-in rule sets and shipped house-rule
    files by id). ``house``: the house rules the record was played under where its ``rules`` line names a rule set
    that is neither built in nor shipped (the command line: a .toml file; the page: its text), read as the front
    end reads a question's ``rules``: they stand for the rule set the line names (the record keeps that name)."""
    if "rules" not in e:
        raise UserError("a hand record starts with its rule set: \"rules: auction\"")
    name = e["rules"].value.strip()
    opts = e["options"].value.split() if "options" in e else []
    with at(e.get("options")):
        for o in opts:
            if "=" not in o:
                raise UserError(f"write each option NAME=VALUE, not {o!r}")
    with at(e["rules"]):
        if house is not None and name not in available(include_reference=False) and name not in house_files():
            return _named(name, _given_house(opts, front, house))
        if front == "json":  # the page: a built-in rule set or a shipped house-rule file, never a path
            if name not in available(include_reference=False) and name not in house_files():
                raise UserError(f"unknown rule set {name!r}: use one of {', '.join(available(False))} or a shipped "
                                f"house-rule file ({', '.join(house_files())}); {_OWN}")
            rules = load_shipped(name, dict(o.split("=", 1) for o in opts))
        else:
            try:
                rules = load_rules(name, opts)
            except UserError as err:
                if name.endswith(".toml"):  # a file named: the loader's line says what is wrong with it
                    raise
                raise UserError(f"{err}; {_OWN}") from None
    return _named(name, rules)


def _named(name: str, rules: RuleSet) -> tuple[RuleSet, tuple[str, tuple[tuple[str, str], ...]]]:
    """(rules, the game's key: the name the record's ``rules`` line gives and every option's value as text)."""
    return rules, (name, tuple((str(k), str(v)) for k, v in rules.options.items()))


def _given_house(opts: list[str], front: str, house: str) -> RuleSet:
    """The house rules given for a record whose ``rules`` line names a rule set not known here (:func:`game_of`)."""
    from analyzer.rules.asked import rules_asked

    return rules_asked(house, dict(o.split("=", 1) for o in opts) if front == "json" else opts, front)


def _int(e: Mapping[str, Entry], key: str, lo: int, hi: int) -> int | None:
    if key not in e:
        return None
    with at(e[key]):
        v = e[key].value.strip()
        if not v.lstrip("-").isdigit() or not lo <= int(v) <= hi:
            raise UserError(f"give a whole number {lo}..{hi}, not {v!r}")
        return int(v)


def _per_seat(e: Mapping[str, Entry], key: str, rules: RuleSet, me: int, parse: Callable[[str], Any]) -> dict:
    out = {}
    for k, ent in e.items():
        name, _, s = k.partition(" ")
        if name != key:
            continue
        seat = me if not s else int(s)
        with at(ent):
            if not 0 <= seat < rules.seats:
                raise UserError(f"{rules.id} has seats 0..{rules.seats - 1}")
            if seat in out:
                raise UserError(f"seat {seat}'s {key} is given twice")
            out[seat] = parse(ent.value)
    return out


def parse_fields(e: Mapping[str, Entry], front: str = "cli", house: str | None = None) -> HandRecord:
    """The record of the written fields ``e``, each parsed (cards, seats, calls); UserError naming the field that
    is not of its form. The checks of what happened are :func:`check`'s. ``house``: as :func:`game_of` takes it."""
    rules, game = game_of(e, front, house)
    deck, seats = rules.deck, rules.seats
    if "seat" not in e:
        raise UserError("give my seat: \"seat: N\" (the decisions reviewed are this seat's)")
    seat = _int(e, "seat", 0, seats - 1)
    assert seat is not None
    kinds = lambda t: tuple(sorted(parse_cards(t, deck)))  # noqa: E731
    calls = trump = up = None
    if "calls" in e:
        with at(e["calls"]):
            calls = tuple(parse_calls(e["calls"].value, rules))
    if "trump" in e:
        with at(e["trump"]):
            t = e["trump"].value.strip().upper()
            if t not in tuple(SUITS):
                raise UserError("give the trump suit: S, H, D or C")
            trump = SUITS.index(t)
    if "upcard" in e:
        with at(e["upcard"]):
            up = parse_card(e["upcard"].value.strip(), deck)
    flags = {}
    for k in ("whole meld",):
        with at(e.get(k)):
            v = e[k].value.strip().lower() if k in e else "no"
            if v not in ("yes", "no", "true", "false"):
                raise UserError("write yes or no")
            flags[k] = v in ("yes", "true")
    phase1, played = (), ()
    if "phase1" in e:
        with at(e["phase1"]):
            phase1 = parse_phase1(e["phase1"].value, rules, "phase1")
    if "played" in e:
        with at(e["played"]):
            played = parse_played(e["played"].value, rules, "played")
    holding = None
    if "holding" in e:
        with at(e["holding"]):
            holding = kinds(e["holding"].value)
    result = None
    if "result" in e:
        with at(e["result"]):
            toks = e["result"].value.replace(",", " ").split()
            if not toks or not all(t.lstrip("+-").isdigit() for t in toks):
                raise UserError("give each scoring unit's score as a number, e.g. \"+45 -25\"")
            result = tuple(int(t) for t in toks)
    # a seat's draws may hold a card more often than the deck has it: the dix given in the exchange lies under the
    # stock and may be drawn again by the seat that drew it before
    return HandRecord(
        rules, game, seat, _per_seat(e, "hand", rules, seat, kinds), _int(e, "dealer", 0, seats - 1), calls,
        _int(e, "declarer", 0, seats - 1), _int(e, "bid", 0, 100_000), trump, _int(e, "leader", 0, seats - 1),
        _per_seat(e, "shown", rules, seat, kinds), flags["whole meld"], _int(e, "meld", 0, 100_000), up, phase1,
        _per_seat(e, "draws", rules, seat, lambda t: tuple(parse_card(x, deck) for x in split_tokens(t))), holding,
        played, e["score"].value.strip() if "score" in e else None, result,
        _per_seat(e, "passed", rules, seat, kinds))


def auction_of(rec: HandRecord) -> Auction | None:
    """The record's auction replayed (None: no calls written)."""
    return None if rec.calls is None else replay_auction(rec.rules, rec.dealer or 0, list(rec.calls))


def contract_of(rec: HandRecord) -> tuple[int, int, int] | None:
    """The declarer, the bid (0: none to make) and the first leader of the play; None where the auction was thrown in
    or is not over. Without bidding: my seat, no bid, the ``leader`` written."""
    rs = rec.rules
    if not rs.has_bidding:
        return rec.seat, 0, rec.leader if rec.leader is not None else rec.seat
    a = auction_of(rec)
    if a is not None:
        if not a.done or a.winner is None:
            return None
        decl, bid = int(a.winner), int(a.contract)
    elif rec.declarer is not None:
        decl, bid = rec.declarer, rec.bid or 0
    else:
        return None
    lead = rec.leader if rec.leader is not None else (
        first_leader(rs, decl, rec.dealer) if rec.dealer is not None else decl)
    return decl, bid, lead


def check_deal(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """UserError, naming the field, for hands or an auction that cannot be (:func:`_check_hands`,
    :func:`_check_auction`)."""
    _check_hands(rec, e)
    _check_auction(rec, e)
    _check_shown(rec, e)


def _check_hands(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """Each hand of the rule set's size, no card in the hands (and the upcard) more often than the deck has it, each
    seat's shown cards among its own."""
    rs = rec.rules
    deck = rs.deck
    if rec.seat not in rec.hands and rec.holding is None:
        raise UserError(f"give my cards: \"hand {rec.seat}: AS TS ...\" (my seat is {rec.seat})")
    if rec.holding is not None and rec.hands:
        with at(e.get("holding")):
            raise UserError("holding stands for the dealt hand (a position in phase 1): give one of them")
    seen: Counter[int] = Counter()
    for s, h in rec.hands.items():
        with at(e.get(f"hand {s}") or e.get("hand")):
            parse_hand(" ".join(deck.name(k) for k in h), rs)
        seen.update(h)
    if rec.upcard is not None:
        seen[rec.upcard] += 1
    over = sorted(k for k, c in seen.items() if c > deck.copies)
    if over:
        raise UserError(f"{deck.name(over[0])} is dealt {seen[over[0]]} times (the hands and the upcard): the deck has "
                        f"{deck.copies}")


def _check_shown(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """Each seat's shown cards among its own (after the pass, :func:`after_pass`), none of mine."""
    hands = after_pass(rec, e)
    for s, sh in rec.shown.items():
        with at(e.get(f"shown {s}") or e.get("shown")):
            if s == rec.seat:
                raise UserError("my own meld is counted from my hand: show the other seats' cards")
            if s in hands and Counter(sh) - Counter(hands[s]):
                raise UserError(f"seat {s} showed cards it did not hold after the pass" if rec.passed else
                                f"seat {s} showed cards it was not dealt")


def after_pass(rec: HandRecord, e: Mapping[str, Entry] | None = None) -> dict[int, tuple[int, ...]]:
    """The known hands after the card pass (``passed``; none written: the hands as dealt), the pass checked: a rule
    set with one, a contract won, the bid winner's and his partner's passes both written and no other seat's, the
    rules' number of cards each, each passer holding what he passed when he passed it (the first from his hand as
    dealt, the second with what he received: :func:`analyzer.passing.move.pass_cards`). UserError naming the field
    otherwise."""
    if not rec.passed:
        return dict(rec.hands)
    rs = rec.rules
    e = e or {}
    where = e.get(f"passed {min(rec.passed)}") or e.get("passed")
    with at(where):
        if not rs.passing.cards:
            raise UserError(f"{rs.id} has no card pass: leave the passed lines out")
        c = contract_of(rec)
        if c is None:
            raise UserError("no contract won, so no pass: give the calls (or the declarer and bid) of a won auction")
        decl = c[0]
        partner = rs.partners(decl)[0]
        if set(rec.passed) != {decl, partner}:
            raise UserError(f"the pass is written for the bid winner (seat {decl}) and his partner (seat {partner}), "
                            f"a line each, not for seat(s) {', '.join(map(str, sorted(rec.passed)))}")
    first, second = rs.pass_seats(decl)
    deck, n = rs.deck, int(rs.passing.cards)
    out = dict(rec.hands)
    for giver, before in ((first, ()), (second, rec.passed[first])):  # the second passes with what he received
        with at(e.get(f"passed {giver}") or where):
            cards = rec.passed[giver]
            if giver in rec.hands:
                held = Hand(deck, tuple(sorted(rec.hands[giver] + tuple(before))))
                out[giver] = pass_cards(held, Hand(deck, ()), cards, n, f"seat {giver}'s pass")[0].kinds
            elif len(cards) != n:
                raise UserError(f"seat {giver}'s pass: a pass is {n} cards, not {len(cards)}")
    if first in out:
        out[first] = tuple(sorted(out[first] + rec.passed[second]))
    return out


def _check_auction(rec: HandRecord, e: Mapping[str, Entry]) -> None:
    """The calls legal in turn from the dealer, the declarer and bid written only without them (and on the ladder),
    the trump named once the auction is won (two-handed: the upcard's suit)."""
    rs = rec.rules
    if not rs.has_bidding:
        for k in ("calls", "declarer", "bid"):
            if k in e:
                with at(e[k]):
                    raise UserError(f"{rs.id} has no bidding: leave it out")
    if rec.calls is not None:
        with at(e["calls"]):
            if rec.dealer is None:
                raise UserError("give the dealer (\"dealer: N\"): the calls start left of the dealer")
            a = auction_of(rec)
            assert a is not None
        for k in ("declarer", "bid"):
            if k in e:
                with at(e[k]):
                    raise UserError("the calls say who won the auction at what: leave it out")
    elif rec.bid:
        with at(e["bid"]):
            if not is_bid_value(rs, rec.bid, capped=False):
                raise UserError(f"{rec.bid} is not on the {rs.id} ladder of bids")
            if rec.declarer is None:
                raise UserError("give the declarer with the bid (\"declarer: N\"), or the calls")
    if rec.upcard is not None and rec.trump is not None and rec.trump != rec.upcard >> 4:
        with at(e["trump"]):
            raise UserError("the upcard names trump: leave it out or give the upcard's suit")
