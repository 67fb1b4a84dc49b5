"""The bodies of the JSON API: typed models (they make the OpenAPI page) and the checks that turn a body
into the arguments of the command line's functions, with the command line's one-line messages
(:class:`~analyzer.errors.UserError`) and the server's caps (:mod:`analyzer.web.limits`)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from analyzer.errors import UserError
from analyzer.rules import RuleSet, available, load
from analyzer.web import limits

Text = Annotated[str, StringConstraints(max_length=limits.MAX_TEXT)]
Name = Annotated[str, StringConstraints(max_length=100)]
Options = Annotated[dict[Name, Name | int], Field(max_length=limits.MAX_ITEMS)]
Seat = Annotated[int, Field(ge=-1_000, le=1_000)]
BigInt = Annotated[int, Field(ge=-(2**62), le=2**62)]


class _Body(BaseModel):
    # strict: JSON types as they are (``true`` is not the number 1, ``"10"`` not the number 10)
    model_config = ConfigDict(extra="forbid", strict=True)


class RulesBody(_Body):
    """A rule set and its options."""

    rules: Name = "auction"
    options: Options = {}


class MeldBody(_Body):
    """``pinochle meld --json``: a hand's meld for every trump with its breakdown. ``partial``: count a hand
    that is not complete yet (the page's card picker), without the hand-size check."""

    rules: Name = "auction"
    options: Options = {}
    hand: Text
    partial: bool = False


class BidBody(_Body):
    """``pinochle bid --json``: the flags of ``pinochle bid`` by the same names (``constraints`` are its
    ``-c`` values, ``known`` its ``--known`` values). ``samples``, ``dd_samples`` and ``dd_max_nodes`` are
    capped (GET /api/limits)."""

    rules: Name = "auction"
    options: Options = {}
    hand: Text
    seat: Seat = 1
    dealer: Seat = 0
    samples: BigInt = 4000
    seed: BigInt = 0
    risk: Annotated[float, Field(allow_inf_nan=False)] = 0.0
    upcard: Name | None = None
    known: Annotated[list[Text], Field(max_length=limits.MAX_ITEMS)] | None = None
    constraints: Annotated[list[Text], Field(max_length=limits.MAX_ITEMS)] | None = None
    auction: Text | None = None
    play: Name | None = None
    dd_samples: BigInt | None = None
    dd_trumps: BigInt | None = None
    dd_max_nodes: BigInt | None = None
    policy: Name = "v1"


class SolveBody(_Body):
    """``pinochle solve --json``: one position with the fields of a ``solve --file`` line, and the flags
    ``cards``, ``line`` and ``max_nodes`` (capped)."""

    rules: Name = "auction"
    options: Options = {}
    hands: Text | Annotated[list[Text], Field(max_length=8)]
    trump: Name | int | None = None
    leader: Seat | None = None
    declarer: Seat = 0
    trick: Text | Annotated[list[Name], Field(max_length=8)] | None = None
    bid: BigInt = 0
    cards: bool = True
    line: bool = True
    max_nodes: BigInt = limits.MAX_SOLVE_NODES


def web_rules(name: str, options: dict[str, Any], reference: bool = False) -> RuleSet:
    """A built-in rule set with options (a house-rule file is for the command line: the server reads no
    file a request names)."""
    ids = available(include_reference=reference)
    if name not in ids:
        raise UserError(f"unknown rule set {name!r}: use one of {', '.join(ids)}")
    return load(name, {str(k): str(v) for k, v in options.items()})


def _cap(value: int | None, cap: int, name: str) -> None:
    if value is not None and value > cap:
        raise UserError(f"{name} {value} is above this server's cap of {cap:,}: ask for at most {cap:,}")


def bid_args(body: BidBody) -> dict[str, Any]:
    """The keyword arguments of :func:`analyzer.bidrequest.run_bid` (and ``rules``, ``options``) for a bid
    body; UserError past a cap, or for anything :func:`check_bid` finds (before the work is queued)."""
    _cap(body.samples, limits.MAX_SAMPLES, "samples")
    _cap(body.dd_samples, limits.MAX_DD_SAMPLES, "dd_samples")
    _cap(body.dd_max_nodes, limits.MAX_DD_NODES, "dd_max_nodes")
    rs = web_rules(body.rules, body.options)
    args = body.model_dump()
    args["options"] = {str(k): str(v) for k, v in body.options.items()}
    check_bid(rs, args)
    return args


def check_bid(rs: RuleSet, args: dict[str, Any]) -> None:
    """The checks :func:`analyzer.bidrequest.run_bid` makes before any work, in its order and with its
    messages, by the library's own parsers (the hand, the known cards, the calls, the play modes, the
    sampler's table): a request the worker would refuse is refused before it takes a queue slot. What only
    the sampling finds (constraints no deal meets) is still the job's error.

    The library has no such check of its own yet: the few messages written inline there are repeated
    here, and ``tests/test_web_api.py`` holds ``/api/jobs``'s 400s to ``/api/bid``'s."""
    from analyzer.advise import _auction_state, default_plays
    from analyzer.batches import check_samples
    from analyzer.bidding.auction import parse_calls, replay
    from analyzer.bidrequest import parse_known
    from analyzer.commands.common import ADVICE_LIMIT_WHY, MAX_ADVICE_SAMPLES, parse_hand
    from analyzer.deal import table
    from analyzer.play import POLICIES
    from analyzer.simulate import parse_play_modes

    a = args
    seat, dealer, samples = a["seat"], a["dealer"], a["samples"]
    check_samples(samples, "--samples", MAX_ADVICE_SAMPLES, ADVICE_LIMIT_WHY)
    play = a["play"] if a["play"] is not None else default_plays(rs)[0]
    for name, v in (("seat", seat), ("dealer", dealer)):
        if not 0 <= v < rs.seats:
            raise UserError(f"--{name} {v} is out of range: {rs.id} has seats 0..{rs.seats - 1}")
    if rs.play.stock:  # two-handed: analyzer.twohand.analyze_hand's checks
        from analyzer.twohand.analysis import check_hand

        if a["upcard"] is None:
            raise UserError(f"{rs.id} needs the turned-up card: add --upcard 9H (it names trump)")
        if min(samples, 2000) < 2:
            raise UserError(f"--samples must be at least 2, not {samples}")
        check_hand(rs, a["hand"], a["upcard"])
        # run_bid lets any play mode or policy through here (it looks only for dd/both): the server does not
        parse_play_modes(play)
        if a["policy"] not in POLICIES:
            raise UserError(f"unknown policy {a['policy']!r}: use one of {', '.join(POLICIES)}")
        return
    hand = parse_hand(a["hand"], rs)
    by_seat, loose = parse_known(a["known"], rs, seat)
    if a["policy"] not in POLICIES:
        raise UserError(f"unknown policy {a['policy']!r}: use one of {', '.join(POLICIES)}")
    if loose and rs.has_bidding:
        raise UserError(f"every card is dealt in {rs.id}: give known cards with their seat, e.g. --known 2:AS")
    calls = None
    if a["auction"] is not None:  # analyzer.advise.advise_after_auction
        calls = parse_calls(a["auction"], rs)
        state = replay(rs, dealer, calls)
        if state.done:
            raise UserError(f"the auction {' '.join(map(str, calls))} is over: "
                            + ("thrown in" if state.winner is None else f"seat {state.winner} won it"))
        if state.turn != seat:
            done = " ".join(map(str, calls)) or "no calls"
            raise UserError(f"after {done} it is seat {state.turn}'s turn, not seat {seat}'s")
    risk = a["risk"]  # analyzer.advise.advise
    if not 0.0 <= risk <= 1.0:
        raise UserError(f"--risk is a chance between 0 and 1, not {risk}")
    for name, v in (("--dd-samples", a["dd_samples"]), ("--dd-trumps", a["dd_trumps"]),
                    ("--dd-max-nodes", a["dd_max_nodes"])):
        if v is not None and v < 1:
            raise UserError(f"{name} must be at least 1, not {v}")
    if a["dd_trumps"] is not None and a["dd_trumps"] > 4:
        raise UserError(f"--dd-trumps is a number of trumps 1..4, not {a['dd_trumps']}")
    parse_play_modes(play)
    if rs.has_bidding:
        if a["upcard"] is not None:
            raise UserError(f"{rs.id} names trump by bidding: --upcard is for two-handed")
        _auction_state(rs, seat, dealer, calls, False, None)
    elif a["upcard"] is None:
        raise UserError(f"{rs.id} has no bidding: name trump with --upcard, e.g. --upcard 9H")
    table(rs, seat, hand, known=by_seat, stock_cards=" ".join(loose) or None,  # analyzer.simulate.simulate
          constraints=list(a["constraints"] or []))


def solve_args(body: SolveBody) -> dict[str, Any]:
    """The record of a ``solve --file`` line plus ``cards``, ``line`` and ``max_nodes``; UserError past the
    cap or for an unknown rule set (the position itself is checked by the worker, as the command line
    checks it)."""
    if body.max_nodes < 1:
        raise UserError("--max-nodes must be at least 1")
    _cap(body.max_nodes, limits.MAX_SOLVE_NODES, "max_nodes")
    web_rules(body.rules, body.options, reference=True)
    args = body.model_dump()
    args["options"] = {str(k): str(v) for k, v in body.options.items()}
    return args
