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


class AuctionBody(_Body):
    """The calls so far (``pinochle bid``'s ``--auction`` text) and their dealer, to replay: is the auction
    over, and who won it at what (the contract the play of the hand follows)?"""

    rules: Name = "auction"
    options: Options = {}
    dealer: Seat = 0
    auction: Text = ""


class BidBody(_Body):
    """``pinochle bid --json``: the flags of ``pinochle bid`` by the same names (``constraints`` are its
    ``-c`` values, ``known`` its ``--known`` values). ``samples``, ``dd_samples`` and ``max_nodes`` are
    capped (GET /api/limits)."""

    rules: Name = "auction"
    options: Options = {}
    hand: Text
    seat: Seat = 1
    dealer: Seat = 0
    samples: BigInt | None = None
    seed: BigInt = 0
    risk: Annotated[float, Field(allow_inf_nan=False)] = 0.0
    upcard: Name | None = None
    known: Annotated[list[Text], Field(max_length=limits.MAX_ITEMS)] | None = None
    constraints: Annotated[list[Text], Field(max_length=limits.MAX_ITEMS)] | None = None
    auction: Text | None = None
    play: Name | None = None
    dd_samples: BigInt | None = None
    dd_trumps: BigInt | None = None
    max_nodes: BigInt | None = None
    dd_tricks_left: BigInt | None = None
    dd_max_nodes: BigInt | None = None  # retired: refused with the name to use (max_nodes)
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


class PlayBody(_Body):
    """``pinochle play --json``: the flags of ``pinochle play`` by the same names (``shown`` its ``--shown``
    values, ``SEAT:CARDS``; ``upcard`` for two-handed phase 1). ``samples`` and ``max_nodes`` are capped (GET
    /api/limits)."""

    rules: Name = "auction"
    options: Options = {}
    hand: Text
    seat: Seat
    trump: Name | None = None
    declarer: Seat | None = None
    bid: BigInt = 0
    leader: Seat | None = None
    shown: Annotated[list[Text], Field(max_length=limits.MAX_ITEMS)] | None = None
    played: Text | None = None
    meld: BigInt | None = None
    samples: BigInt | None = None
    seed: BigInt = 0
    play: Name = "dd"
    max_nodes: BigInt | None = None
    auction: Text | None = None
    dealer: Seat | None = None
    #: two-handed phase 1 (its ``--upcard``): the card turned up at the deal; ``played`` is then the phase-1 history
    upcard: Name | None = None
    #: ``--whole-meld``: ``shown`` is each other seat's whole meld
    whole_meld: bool = False


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


def bid_request(args: dict[str, Any]) -> Any:
    """The :class:`~analyzer.advisor.request.BidRequest` of a bid body's arguments (:func:`bid_args`): every
    check of ``pinochle bid`` made once, here (UserError)."""
    from analyzer.api import BidRequest

    a = dict(args)
    rs = web_rules(a.pop("rules"), a.pop("options"))
    hand = a.pop("hand")
    return BidRequest.make(rs, hand, seat=a["seat"], dealer=a["dealer"], auction=a.get("auction"),
                           known=a.get("known"), constraints=a.get("constraints") or [], upcard=a.get("upcard"),
                           samples=a.get("samples"), seed=a.get("seed", 0), risk=a.get("risk", 0.0),
                           play=a.get("play"), policy=a.get("policy", "v1"), dd_samples=a.get("dd_samples"),
                           dd_trumps=a.get("dd_trumps"), max_nodes=a.get("max_nodes"),
                           dd_tricks_left=a.get("dd_tricks_left"))


def bid_args(body: BidBody) -> dict[str, Any]:
    """The keyword arguments of :func:`analyzer.advisor.request.run_bid` (and ``rules``, ``options``) for a bid
    body; UserError past a cap, for an unknown rule set or a hand that does not parse."""

    _cap(body.samples, limits.MAX_SAMPLES, "samples")
    _cap(body.dd_samples, limits.MAX_DD_SAMPLES, "dd_samples")
    if body.dd_max_nodes is not None:
        raise UserError("dd_max_nodes is now called max_nodes: send max_nodes")
    _cap(body.max_nodes, limits.MAX_DD_NODES, "max_nodes")
    args = body.model_dump()
    args["options"] = {str(k): str(v) for k, v in body.options.items()}
    bid_request(args)  # cheap: every check of the request is made before the work is queued
    return args


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


def play_request(args: dict[str, Any]) -> Any:
    """The :class:`~analyzer.cardplay.request.PlayRequest` of a play body's arguments (:func:`play_args`): every
    check of ``pinochle play`` made once, here (UserError)."""
    from analyzer.api import PlayRequest

    a = dict(args)
    rs = web_rules(a.pop("rules"), a.pop("options"))
    return PlayRequest.make(rs, a.pop("hand"), **a)


def play_args(body: PlayBody) -> dict[str, Any]:
    """The arguments of :meth:`PlayRequest.make` (and ``rules``, ``options``) for a play body, checked before the
    work is queued; UserError past a cap or for anything ``pinochle play`` refuses."""
    _cap(body.samples, limits.MAX_PLAY_SAMPLES, "samples")
    _cap(body.max_nodes, limits.MAX_PLAY_NODES, "max_nodes")
    args = body.model_dump()
    args["options"] = {str(k): str(v) for k, v in body.options.items()}
    play_request(args)
    return args
