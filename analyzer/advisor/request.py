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
from analyzer.errors import UserError
from analyzer.play.modes import PLAY_HELP, PLAY_MODES, RETIRED_PLAY, play_mode  # noqa: F401
from analyzer.rules import RuleSet, parse_hand
from analyzer.twohand.analysis import DEFAULT_SAMPLES as TWO_HAND_DEFAULT

#: default number of sampled deals (about a second of play on 2 cores once compiled)
DEFAULT_SAMPLES = 4000
#: the most sampled deals of one bid analysis: the advisor keeps every deal (~4 KB each) to pair its figures
MAX_ADVICE_SAMPLES = 100_000
ADVICE_LIMIT_WHY = "the advisor keeps every sampled deal in memory (~4 KB each)"
#: two-handed's whole-hand analysis plays phase 1 too (the stock): fewer deals by default
TWO_HANDED_SAMPLES = TWO_HAND_DEFAULT

#: how the other seats' calls are read: the fitted soft-clue model, the prior one, the hard clues only
#: (conventions), or not at all
CLUE_MODES = ("fitted", "prior", "hard", "none")
#: how the sampler relaxes the calls' clues when they accept too few deals
#: (:func:`analyzer.bidding.inference.clue_ladder`)
RELAX_CLUES = ("drop", "prior", "partner")


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
        """The rule data's defaults (``[advice] dd_check_*``; ``dd`` alone: ``dd_only_samples`` deals, 20 M
        nodes a solve, from the check's trick)."""
        a = rules.advice
        if play == "dd":
            return cls(a.dd_only_samples, 4, 20_000_000, a.dd_check_tricks_left)
        return cls(a.dd_check_samples, a.dd_check_trumps, a.dd_check_max_nodes, a.dd_check_tricks_left)


def default_play(rules: RuleSet, flags: bool = False) -> tuple[str, str | None]:
    """The play mode of a request that names none, and a note when double dummy is left out: ``both``
    where the rule data says ``[advice] dd_by_default`` (and two-handed, whose phase 2 the solver plays
    exactly), else ``heuristic``."""
    if rules.play.stock:
        return "dd", None
    if rules.advice.dd_by_default or not rules.has_bidding:
        return "both", None
    d = DDSettings.of(rules, "both")
    both, dd = ("--play both", "--play dd") if flags else ("play mode 'both'", "'dd'")
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
    ``detail`` False: the call alone (the arena's agent asks only that; the call is the same).
    """

    rules: RuleSet
    hand: Hand
    seat: int = 1
    dealer: int = 0
    calls: tuple[Call, ...] | None = None
    known: tuple[tuple[int, Hand], ...] = ()
    stock: Hand | None = None
    constraints: tuple[Constraint, ...] = ()
    upcard: str | None = None
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    risk: float = 0.0
    play: str = "heuristic"
    policy: str = "v1"
    dd: DDSettings = field(default_factory=lambda: DDSettings(100, 1, 2_000_000))
    clues: str = "fitted"
    detail: bool = True
    raise_partner: str | None = None  # the call model's options (None: the rule set's [advice] values)
    conventions: str | None = None
    relax_clues: str | None = None  # the sampler's relaxation of the calls' clues (None: the rule set's)
    flags: bool = False  # the front end's words: the command line's flags (--dd-samples), else the JSON's fields
    notes: tuple[str, ...] = ()  # what the request's defaults left out (shown with the answer)

    @property
    def two_handed(self) -> bool:
        return bool(self.rules.play.stock)

    def word(self, field: str) -> str:
        """``field`` in the front end's words: ``--dd-samples`` on the command line, ``dd_samples`` elsewhere."""
        return "--" + field.replace("_", "-") if self.flags else field

    @property
    def known_map(self) -> dict[int, Hand]:
        return dict(self.known)

    @classmethod
    def make(
        cls,
        rules: RuleSet,
        hand: str | Hand,
        *,
        seat: int = 1,
        dealer: int = 0,
        auction: str | Sequence[Call] | None = None,
        known: Sequence[str] | Mapping[int, str | Hand] | None = None,
        constraints: Sequence[str | Constraint] = (),
        upcard: str | None = None,
        samples: int | None = None,
        seed: int = 0,
        risk: float = 0.0,
        play: str | None = None,
        policy: str = "v1",
        dd_samples: int | None = None,
        dd_trumps: int | None = None,
        max_nodes: int | None = None,
        dd_tricks_left: int | None = None,
        clues: str = "fitted",
        detail: bool = True,
        raise_partner: str | None = None,
        conventions: str | None = None,
        relax_clues: str | None = None,
        flags: bool = False,
    ) -> BidRequest:
        """The request from a front end's values (the flags of ``pinochle bid`` by the same names); every
        check is made here, before any work: UserError with one line saying what to give instead, naming a
        value as the front end does (``flags``: as the command line's flags, ``--dd-samples``; else as the
        JSON fields, ``dd_samples``)."""

        def nm(field: str) -> str:
            return "--" + field.replace("_", "-") if flags else field

        if rules.reference:
            raise UserError(f"{rules.id} is the solver's reference rule set, not a pinochle game to bid")
        for name, v in (("seat", seat), ("dealer", dealer)):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < rules.seats:
                raise UserError(f"{nm(name)} {v} is out of range: {rules.id} has seats 0..{rules.seats - 1}")
        stock = rules.play.stock
        cap = MAX_ADVICE_SAMPLES
        n = (TWO_HANDED_SAMPLES if stock else DEFAULT_SAMPLES) if samples is None else samples
        least = 2 if stock else 1  # two-handed's paired figures need two hands
        if isinstance(n, bool) or not isinstance(n, int) or n < least:
            raise UserError(f"{nm('samples')} must be a whole number of deals, at least {least}, not {n}")
        if n > cap:
            raise UserError(f"{nm('samples')} {n:,} is over the limit of {cap:,} ({ADVICE_LIMIT_WHY})")
        if not (isinstance(risk, int | float) and 0.0 <= float(risk) <= 1.0):  # NaN fails both comparisons
            raise UserError(f"{nm('risk')} is a chance between 0 and 1, not {risk}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise UserError(f"{nm('seed')} must be a whole number, 0 or more, not {seed}")
        from analyzer.play import POLICIES

        if policy not in POLICIES:
            raise UserError(f"unknown policy {policy!r}: use one of {', '.join(POLICIES)}")
        from analyzer.bidding.callmodel import RAISE_PARTNER

        if raise_partner is not None and raise_partner not in RAISE_PARTNER:
            raise UserError(f"raise_partner is one of {', '.join(RAISE_PARTNER)}, not {raise_partner!r}")
        if conventions is not None and conventions not in ("keep", "free"):
            raise UserError(f"conventions are keep or free, not {conventions!r}")
        if relax_clues is not None and relax_clues not in RELAX_CLUES:
            raise UserError(f"relax_clues is one of {', '.join(RELAX_CLUES)}, not {relax_clues!r}")
        if clues not in CLUE_MODES:
            raise UserError(f"clues are one of {', '.join(CLUE_MODES)}, not {clues!r}")
        notes: list[str] = []
        if play is None:
            mode, note = default_play(rules, flags)
            if mode == "both" and (first := _first_run_note(flags)) is not None:
                mode, note = "heuristic", first  # a fast first answer: double dummy from the next run on
            if note:
                notes.append(note)
        else:
            mode = play_mode(play)
        d = DDSettings.of(rules, mode)
        for name, v in (("dd_samples", dd_samples), ("dd_trumps", dd_trumps), ("max_nodes", max_nodes)):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise UserError(f"{nm(name)} must be a whole number, at least 1, not {v}")
        if dd_trumps is not None and dd_trumps > 4:
            raise UserError(f"{nm('dd_trumps')} is a number of trumps 1..4, not {dd_trumps}")
        if max_nodes is not None and max_nodes > 10**10:
            raise UserError(f"{nm('max_nodes')} {max_nodes:,} is over the limit of 10,000,000,000")
        hs = rules.hand_size
        if dd_tricks_left is not None and (isinstance(dd_tricks_left, bool) or not isinstance(dd_tricks_left, int)
                                           or not 0 <= dd_tricks_left <= hs):
            raise UserError(f"{nm('dd_tricks_left')} is a number of tricks 1..{hs} (0 or {hs}: whole deals), "
                            f"not {dd_tricks_left}")
        left = d.tricks_left if dd_tricks_left is None else dd_tricks_left
        d = DDSettings(dd_samples or d.samples, dd_trumps or d.trumps, max_nodes or d.max_nodes,
                       0 if left == hs else left)
        if stock and not isinstance(hand, Hand) and upcard is not None:
            from analyzer.twohand.analysis import check_hand

            h = check_hand(rules, hand, upcard)[0]
        else:
            h = hand if isinstance(hand, Hand) else parse_hand(hand, rules)
        by_seat, loose = _known(known, rules, seat)
        cons = tuple(c if isinstance(c, Constraint) else parse_constraint(c, rules, seat) for c in constraints or ())
        calls = None
        if rules.has_bidding:
            if upcard is not None:
                raise UserError(f"{rules.id} names trump by bidding: {nm('upcard')} is for two-handed")
            if loose:
                raise UserError(f"every card is dealt in {rules.id}: give known cards with their seat, e.g. 2:AS")
            if auction is not None:
                calls = tuple(parse_calls(auction, rules) if isinstance(auction, str) else auction)
                a = replay(rules, dealer, list(calls))  # an illegal auction is refused here
                done = " ".join(map(str, calls)) or "no calls"
                if a.done and a.winner != seat:
                    who = "thrown in" if a.winner is None else f"seat {a.winner} won it at {a.contract}"
                    raise UserError(f"the auction {done} is over: {who}")
                if not a.done and a.turn != seat:
                    raise UserError(f"after {done} it is seat {a.turn}'s turn, not seat {seat}'s")
        else:
            if upcard is None:
                raise UserError(f"{rules.id} has no bidding: name trump with the turned-up card, e.g. "
                                f"{nm('upcard')} 9H")
            parse_card(upcard, rules.deck)
            if auction is not None:
                raise UserError(f"{rules.id} has no bidding: leave out {nm('auction')}")
        stock_hand = Hand.parse(" ".join(loose), rules.deck) if loose else None
        if not stock:  # the sampler's table: known cards that clash with the hand, constraints that cannot parse
            table(rules, seat, h, known=by_seat, constraints=cons)
        return cls(rules, h, seat, dealer, calls, tuple(sorted(by_seat.items())), stock_hand, cons, upcard, n, seed,
                   float(risk), mode, policy, d, clues, detail, raise_partner, conventions, relax_clues, flags,
                   tuple(notes))


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


def run_settings(workers: int = 1, cluster: Any = None) -> None:
    """Check where a run's batches go (``workers`` processes, a Dask ``cluster``) before any work (the command
    line's words: only the command line chooses them)."""
    from analyzer.runs.batches import check_cluster

    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise UserError(f"--workers must be at least 1, not {workers}")
    check_cluster(cluster)
