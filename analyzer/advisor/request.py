"""One bid question, checked once: :class:`BidRequest` is every input of the advisor as one typed value.

``pinochle bid``, the web page and the arena's advisor agent all build a request with :meth:`BidRequest.make`
(text or values in, every check made there, a :class:`~analyzer.errors.UserError` naming what to type
instead) and hand it to :func:`analyzer.advisor.advise.advise`; no layer below checks an input again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from analyzer.bidding.auction import Call, parse_calls, replay
from analyzer.cards import Hand, parse_card
from analyzer.deal import Constraint, parse_constraint, resolve_seat, table
from analyzer.errors import UserError, field_name
from analyzer.game.given import game_and_table
from analyzer.game.state import GameState
from analyzer.play.modes import PLAY_HELP, PLAY_MODES, play_mode  # noqa: F401
from analyzer.request.fields import Front
from analyzer.request.parts import BID, words
from analyzer.rules import RuleSet, parse_hand

#: how the other seats' calls are read: the fitted soft-clue model, the prior one, the hard clues only
#: (conventions), or not at all
CLUE_MODES = ("fitted", "prior", "hard", "none")
#: how the sampler relaxes the calls' clues when they accept too few deals
#: (:func:`analyzer.bidding.inference.clue_ladder`)
RELAX_CLUES = ("drop", "prior", "partner")
#: the fields of the bid question a request holds (the rule set is loaded, and where the run goes is chosen, by the
#: API before it)
ASKED = tuple(f for f in BID if f.name not in ("rules", "options", "workers", "cluster"))


@dataclass(frozen=True)
class DDSettings:
    """The double-dummy part of an analysis: deals solved, trumps checked (``both``), node budget a solve, and
    the tricks the check solves (``tricks_left``: the first tricks played by the heuristic players until that
    many are left; 0, or the hand size: whole deals)."""

    samples: int
    trumps: int
    max_nodes: int
    tricks_left: int = 0

    @classmethod
    def of(cls, rules: RuleSet, play: str) -> DDSettings:
        """The rule data's defaults (``[advice] dd_check_*``; ``dd`` alone: ``dd_only_samples`` deals,
        ``dd_only_max_nodes`` a solve, from the check's trick)."""
        a = rules.advice
        if play == "dd":
            return cls(a.dd_only_samples, 4, a.dd_only_max_nodes, a.dd_check_tricks_left)
        return cls(a.dd_check_samples, a.dd_check_trumps, a.dd_check_max_nodes, a.dd_check_tricks_left)


def default_play(rules: RuleSet, front: Front = "json") -> tuple[str, str | None]:
    """The play mode of a request that names none, and a note when double dummy is left out: ``both``
    where the rule data says ``[advice] dd_by_default`` (and two-handed, whose phase 2 the solver plays
    exactly), else ``heuristic``."""
    if rules.play.stock:
        return "dd", None
    if rules.advice.dd_by_default or not rules.has_bidding:
        return "both", None
    d = DDSettings.of(rules, "both")
    both, dd = ((f"{words(front)('play')} both", f"{words(front)('play')} dd") if front == "cli"
                else ("play mode 'both'", "'dd'"))
    return "heuristic", (f"double-dummy figures are off by default for {rules.id} (few of its deals solve within "
                         f"millions of nodes): {both} adds a check on {d.samples} deals, {dd} a double-dummy "
                         "analysis")


@dataclass(frozen=True)
class BidRequest:
    """Every input of one bid analysis, checked (build it with :meth:`make`).

    ``calls``: the calls so far (None: the seats before mine passed -- my seat's opening call);
    ``known``: cards a seat showed, ``stock``: known cards in no hand (two-handed), ``constraints`` on the
    unseen hands; ``samples`` deals from ``seed``; ``risk``: the least chance of making a bid called;
    ``play`` one of :data:`PLAY_MODES` with ``dd`` its sizes; ``clues`` one of :data:`CLUE_MODES`;
    ``detail`` False: the call alone (the arena's agent asks only that; the call is the same); ``front``: whose
    words the answer speaks (the command line's flags, or the JSON fields); ``table``: the sampler's table of the
    hand, known cards and constraints, built once when the request is checked; ``game``: the game's score before
    the hand (:func:`analyzer.game.given.game_state`) with ``win_table`` the game's win-probability table
    (:class:`~analyzer.game.table.WinTable`): the calls are judged for the game too.
    """

    rules: RuleSet
    hand: Hand
    seat: int
    dealer: int
    calls: tuple[Call, ...] | None
    known: tuple[tuple[int, Hand], ...]
    stock: Hand | None
    constraints: tuple[Constraint, ...]
    upcard: str | None
    samples: int
    seed: int
    risk: float
    play: str
    policy: str
    dd: DDSettings
    clues: str = "fitted"
    detail: bool = True
    raise_partner: str | None = None  # the call model's options (None: the rule set's [advice] values)
    conventions: str | None = None
    relax_clues: str | None = None  # the sampler's relaxation of the calls' clues (None: the rule set's)
    front: Front = "json"
    notes: tuple[str, ...] = ()  # what the request's defaults left out (shown with the answer)
    table: Any = field(default=None, compare=False, repr=False)
    game: GameState | None = None  # the game's score before the hand (None: advise by points alone)
    win_table: Any = field(default=None, compare=False, repr=False)  # the game's WinTable (with ``game``)

    @property
    def two_handed(self) -> bool:
        return bool(self.rules.play.stock)

    def word(self, name: str) -> str:
        """A field in the front end's words: ``--dd-samples`` on the command line, ``dd_samples`` elsewhere."""
        return words(self.front)(name)

    @property
    def known_map(self) -> dict[int, Hand]:
        return dict(self.known)

    @classmethod
    def make(cls, rules: RuleSet, hand: str | Hand, *, clues: str = "fitted", detail: bool = True,
             raise_partner: str | None = None, conventions: str | None = None, relax_clues: str | None = None,
             front: Front = "json", win_table: Any = None, **values: Any) -> BidRequest:
        """The request from a front end's values, by the names of the bid question's fields
        (:data:`analyzer.request.parts.BID`: ``seat``, ``auction``, ``samples``, ``max_nodes``, ...; a library
        caller may give the calls as :class:`Call` values, ``known`` as a mapping seat -> cards and the hand as a
        :class:`Hand`); the arena's agent adds how the calls are read and called (``clues``, ``raise_partner``,
        ``conventions``, ``relax_clues``) and ``detail``; with a ``score``, ``win_table`` is the game's table (the
        API finds or makes it: :func:`analyzer.arena.tables.win_table`). Every check is made here, before any
        work: UserError with one line saying what to give instead, naming a field in the front end's words."""
        unknown = set(values) - {f.name for f in ASKED}
        if unknown:
            raise TypeError(f"not fields of the bid question: {sorted(unknown)}")
        if rules.reference:
            raise UserError(f"{rules.id} is the solver's reference rule set, not a pinochle game to bid")
        v = {f.name: values.get(f.name) if _is_object(f.name, values.get(f.name))
             else f.check(values.get(f.name), rules) for f in ASKED if f.name != "hand"}
        _check_reading(clues, raise_partner, conventions, relax_clues)
        seat, dealer = (_seat(rules, name, v[name]) for name in ("seat", "dealer"))
        if rules.play.stock and v["samples"] < 2:  # two-handed's paired figures need two hands
            raise UserError(f"{field_name('samples')} must be a whole number of deals, at least 2, not {v['samples']}")
        mode, notes = _play(rules, v["play"], front)
        d = _dd(rules, mode, v)
        h = _hand(rules, hand, v["upcard"])
        by_seat, loose = _known(v["known"], rules, seat)
        cons = tuple(c if isinstance(c, Constraint) else parse_constraint(c, rules, seat)
                     for c in v["constraints"] or ())
        calls = _calls(rules, v["auction"], v["upcard"], loose, seat, dealer)
        stock_hand = Hand.parse(" ".join(loose), rules.deck) if loose else None
        # the sampler's table, built once: known cards that clash with the hand, constraints that cannot parse
        tab = None if rules.play.stock else table(rules, seat, h, known=by_seat, constraints=cons)
        game, wt = (None, None) if v["score"] is None else game_and_table(rules, v["score"], seat, dealer, win_table)
        return cls(rules, h, seat, dealer, calls, tuple(sorted(by_seat.items())), stock_hand, cons, v["upcard"],
                   v["samples"], v["seed"], float(v["risk"]), mode, v["policy"], d, clues, detail, raise_partner,
                   conventions, relax_clues, front, tuple(notes), tab, game, wt)


def _is_object(name: str, value: Any) -> bool:
    """Whether a library caller gave a field as objects rather than a front end's text: the calls as
    :class:`Call` values, known cards as a mapping seat -> cards, parsed constraints."""
    if value is None:
        return False
    if name == "auction":
        return not isinstance(value, str)
    if name == "known":
        return isinstance(value, Mapping)
    if name == "constraints":
        return any(not isinstance(c, str) for c in value)
    if name == "score":
        return isinstance(value, GameState)
    return False


def _seat(rules: RuleSet, name: str, v: int) -> int:
    if not 0 <= v < rules.seats:
        raise UserError(f"{field_name(name)} {v} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
    return v


def _check_reading(clues: str, raise_partner: str | None, conventions: str | None, relax_clues: str | None) -> None:
    """The arena's options of how the calls are read and called (a programming error when wrong: they come from
    an agent's checked options)."""
    from analyzer.bidding.callmodel import RAISE_PARTNER

    if raise_partner is not None and raise_partner not in RAISE_PARTNER:
        raise UserError(f"raise_partner is one of {', '.join(RAISE_PARTNER)}, not {raise_partner!r}")
    if conventions is not None and conventions not in ("keep", "free"):
        raise UserError(f"conventions are keep or free, not {conventions!r}")
    if relax_clues is not None and relax_clues not in RELAX_CLUES:
        raise UserError(f"relax_clues is one of {', '.join(RELAX_CLUES)}, not {relax_clues!r}")
    if clues not in CLUE_MODES:
        raise UserError(f"clues are one of {', '.join(CLUE_MODES)}, not {clues!r}")


def _play(rules: RuleSet, play: str | None, front: Front) -> tuple[str, list[str]]:
    """The play mode of the request and the notes of what its default leaves out."""
    if play is not None:
        return play_mode(play), []
    mode, note = default_play(rules, front)
    if mode == "both" and (first := _first_run_note(front == "cli")) is not None:
        mode, note = "heuristic", first  # a fast first answer: double dummy from the next run on
    return mode, [note] if note else []


def _dd(rules: RuleSet, mode: str, v: dict[str, Any]) -> DDSettings:
    """The double-dummy sizes: the fields given, the rule data's defaults for the others."""
    d = DDSettings.of(rules, mode)
    hs = rules.hand_size
    given = v["dd_tricks_left"]
    if given is not None and given > hs:
        raise UserError(f"{field_name('dd_tricks_left')} is a number of tricks 1..{hs} (0 or {hs}: whole deals), "
                        f"not {given}")
    left = d.tricks_left if given is None else given
    return DDSettings(v["dd_samples"] or d.samples, v["dd_trumps"] or d.trumps, v["max_nodes"] or d.max_nodes,
                      0 if left == hs else left)


def _hand(rules: RuleSet, hand: str | Hand, upcard: str | None) -> Hand:
    if isinstance(hand, Hand):
        return hand
    if rules.play.stock and upcard is not None:
        from analyzer.twohand.analysis import check_hand

        return check_hand(rules, hand, upcard)[0]
    return parse_hand(hand, rules)


def _calls(rules: RuleSet, auction: str | Sequence[Call] | None, upcard: str | None, loose: list[str], seat: int,
           dealer: int) -> tuple[Call, ...] | None:
    """The calls so far, checked against the rules (an illegal auction, one that is over, or not at my turn is
    refused), and the checks of a game without bidding (trump named by the upcard)."""
    if not rules.has_bidding:
        if upcard is None:
            raise UserError(f"{rules.id} has no bidding: name trump with the turned-up card, e.g. "
                            f"{field_name('upcard')} 9H")
        parse_card(upcard, rules.deck)
        if auction is not None:
            raise UserError(f"{rules.id} has no bidding: leave out {field_name('auction')}")
        return None
    if upcard is not None:
        raise UserError(f"{rules.id} names trump by bidding: {field_name('upcard')} is for two-handed")
    if loose:
        raise UserError(f"every card is dealt in {rules.id}: give known cards with their seat, e.g. 2:AS")
    if auction is None:
        return None
    calls = tuple(parse_calls(auction, rules) if isinstance(auction, str) else auction)
    a = replay(rules, dealer, list(calls))  # an illegal auction is refused here
    done = " ".join(map(str, calls)) or "no calls"
    if a.done and a.winner != seat:
        raise UserError(f"the auction {done} is over: {a.outcome()}")
    if not a.done and a.turn != seat:
        raise UserError(f"after {done} it is seat {a.turn}'s turn, not seat {seat}'s")
    return calls


def _first_run_note(flags: bool) -> str | None:
    from analyzer.runs import warmup

    return warmup.first_run_note(flags)


def _known(items: Sequence[str] | Mapping[int, str | Hand] | None, rules: RuleSet, seat: int
           ) -> tuple[dict[int, Hand], list[str]]:
    """Known cards: ``SEAT:CARDS`` texts (cards a seat showed; SEAT a number or left/right/partner/across)
    or bare ``CARDS`` (known cards in no hand, e.g. two-handed's stock), or a mapping seat -> cards."""
    by_seat: dict[int, str] = {}
    loose: list[str] = []
    if isinstance(items, Mapping):
        for s, cards in items.items():
            if not isinstance(s, int) or not 0 <= s < rules.seats:
                raise UserError(f"known cards name seat {s}: {rules.id} has seats 0..{rules.seats - 1}")
            by_seat[s] = cards if isinstance(cards, str) else " ".join(cards.names())
    else:
        for it in items or []:
            if ":" in it:
                who, cards = it.split(":", 1)
                s = resolve_seat(who.strip(), rules, seat)
                by_seat[s] = (by_seat.get(s, "") + " " + cards).strip()
            else:
                loose.append(it)
    if seat in by_seat:
        raise UserError(f"known cards name your own seat {seat}: your cards are the hand")
    return {s: Hand.parse(c, rules.deck) for s, c in by_seat.items()}, loose
