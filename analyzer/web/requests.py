"""The bodies of the JSON API: typed models (they make the OpenAPI page) and the checks that turn a body
into the arguments of the command line's functions, with the command line's one-line messages
(:class:`~analyzer.errors.UserError`) and the server's caps (:mod:`analyzer.web.limits`)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, StringConstraints, create_model
from pydantic import Field as Field_

from analyzer.api import FLAGS, GAME, QUESTIONS, Field, Fields, FromRules, UserError
from analyzer.web import limits

Text = Annotated[str, StringConstraints(max_length=limits.MAX_TEXT)]
Name = Annotated[str, StringConstraints(max_length=100)]
#: a rule set's id or a house-rule file's text (:func:`analyzer.api.game`)
RulesText = Annotated[str, StringConstraints(max_length=limits.MAX_RULES_TEXT)]
Options = Annotated[dict[Name, Name | int], Field_(max_length=limits.MAX_ITEMS)]
Seat = Annotated[int, Field_(ge=-1_000, le=1_000)]
BigInt = Annotated[int, Field_(ge=-(2**62), le=2**62)]


class _Body(BaseModel):
    # strict: JSON types as they are (``true`` is not the number 1, ``"10"`` not the number 10)
    model_config = ConfigDict(extra="forbid", strict=True)


_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z-]*)")
def _json_words(text: str) -> str:
    """A field's help in the page's words: the command line's ``--max-nodes`` is the body's ``max_nodes`` (a field
    declared with a flag of its own, ``--option``, by its name, ``options``)."""
    field_of = {flag[2:]: name for name, flag in FLAGS.items()}
    return _FLAG.sub(lambda m: field_of.get(m.group(1), m.group(1).replace("-", "_")), text)


def _body_field(f: Field, kind: Any = None, required: bool = False, cap: int | None = None) -> tuple[Any, Any]:
    """A body field of a question's field: its JSON type (strict, bounded: the server's limits) and default (None
    where the rule data holds it: the request reads it there). ``kind``: the page's own type of it, where the page
    takes more than the command line's text (a position's hands as a list); ``required``: the page must send it
    (the command line has another way to give it: a file); ``cap``: the server's cap of the value, its default
    where the declared one is above it."""
    if f.name == "options":
        return Options, {}
    if kind is None:
        kind = {"int": BigInt, "float": Annotated[float, Field_(allow_inf_nan=False)], "bool": bool,
                "str": RulesText if f.name == "rules" else Name if f.name in ("play", "policy", "upcard", "trump")
                else Text,
                "list": Annotated[list[Text], Field_(max_length=limits.MAX_ITEMS)]}[f.kind]
        if f.name in ("seat", "dealer", "declarer", "leader"):
            kind = Seat
    if f.required or required:
        return kind, ...
    default = None if isinstance(f.default, FromRules) else f.default
    if cap is not None and default is not None:
        default = min(default, cap)
    return (kind | None if default is None else kind), Field_(default=default, description=_json_words(f.help_text()))


def body_model(name: str, fields: Fields, doc: str, *, kinds: dict[str, Any] | None = None,
               required: tuple[str, ...] = (), caps: dict[str, int] | None = None,
               **extra: tuple[Any, Any]) -> type[BaseModel]:
    """The page's body of a question: a field per field of the question that the page offers (``web``), in the
    same names, plus ``extra``; ``kinds``, ``required`` and ``caps`` as :func:`_body_field` takes them, by name."""
    kinds, caps = kinds or {}, caps or {}
    spec = {f.name: _body_field(f, kinds.get(f.name), f.name in required, caps.get(f.name)) for f in fields if f.web}
    return create_model(name, __base__=_Body, __doc__=doc, **spec, **extra)


RulesBody = body_model("RulesBody", GAME, "A rule set and its options.")

MeldBody = body_model(
    "MeldBody", QUESTIONS["meld"],
    """``pinochle meld --json``: a hand's meld for every trump with its breakdown. ``partial``: count a hand
    that is not complete yet (the page's card picker), without the hand-size check.""",
    required=("hand",), partial=(bool, False),
)

AuctionBody = body_model(
    "AuctionBody", GAME + Fields((QUESTIONS["bid"]["dealer"],)),
    """The calls so far (``pinochle bid``'s ``--auction`` text) and their dealer, to replay: is the auction
    over, and who won it at what (the contract the play of the hand follows)?""",
    auction=(Text, ""),
)

BidBody = body_model(
    "BidBody", QUESTIONS["bid"],
    """``pinochle bid --json``: the fields of the bid question (:data:`analyzer.request.parts.BID`), the flags of
    ``pinochle bid`` by the same names (``constraints`` are its ``-c`` values, ``known`` its ``--known`` values).
    ``samples``, ``dd_samples`` and ``max_nodes`` are capped (GET /api/limits).""",
    dd_max_nodes=(BigInt | None, None),  # retired: refused with the name to use (max_nodes)
)


SolveBody = body_model(
    "SolveBody", QUESTIONS["solve"],
    """``pinochle solve --json``: one position with the fields of a ``solve --file`` line (the fields of
    :data:`analyzer.request.parts.SOLVE` the page offers), and ``cards``, ``line`` and ``max_nodes`` (capped: GET
    /api/limits).""",
    kinds={"hands": Text | Annotated[list[Text], Field_(max_length=8)], "trump": Name | int,
           "trick": Text | Annotated[list[Name], Field_(max_length=8)]},
    required=("hands",), caps={"max_nodes": limits.MAX_SOLVE_NODES},
)


PlayBody = body_model(
    "PlayBody", QUESTIONS["play"],
    """``pinochle play --json``: the fields of the card-play question (:data:`analyzer.request.parts.PLAY`), the
    flags of ``pinochle play`` by the same names (``shown`` its ``--shown`` values, ``SEAT:CARDS``; ``upcard`` for
    two-handed phase 1). ``samples`` and ``max_nodes`` are capped (GET /api/limits).""",
)


PassBody = body_model(
    "PassBody", QUESTIONS["pass"],
    """``pinochle pass --json``: the fields of the card-pass question (:data:`analyzer.request.parts.PASS`), the flags
    of ``pinochle pass`` by the same names; ``rules`` a rule set with a pass (a house-rule file shipped, or its text).
    ``samples`` and ``sets`` are capped (GET /api/limits).""",
    caps={"samples": limits.MAX_PLAY_SAMPLES, "sets": limits.MAX_PASS_SETS},
)


ReviewBody = body_model(
    "ReviewBody", QUESTIONS["review"],
    """``pinochle review --json``: a hand record (``record``: its text or its JSON twin, as the README's Hand records
    write it) and the fields of ``pinochle review`` by the same names. ``samples``, ``play_samples``, ``max_nodes``
    and ``true_max_nodes`` are capped (GET /api/limits).""",
    kinds={"record": Annotated[str, StringConstraints(max_length=limits.MAX_BODY)]},
)


class PracticeDealBody(_Body):
    """A practice position to deal: of rule set ``rules`` (none: of every rule set), number ``number`` (taken round
    the rule set's positions)."""

    rules: Name | None = None
    number: Annotated[int, Field_(ge=0, le=2**31)] = 0


class PracticeAnswerBody(_Body):
    """A choice at a practice position: the position's ``id`` and the ``choice`` (a call: ``pass`` or the bid; a
    card: its name, as the position lists them)."""

    id: Name
    choice: Name


def _cap(value: int | None, cap: int, name: str) -> None:
    if value is not None and value > cap:
        raise UserError(f"{name} {value} is above this server's cap of {cap:,}: ask for at most {cap:,}")


#: each analysis's request: the ``analyzer.api`` function that checks a body's values (every check of the command
#: of the same name, made once, before the work is queued; the worker answers the request it returns) and the
#: server's caps on the body's fields
_REQUESTS: dict[str, tuple[str, tuple[tuple[str, int], ...]]] = {
    "bid": ("bid_request", (("samples", limits.MAX_SAMPLES), ("dd_samples", limits.MAX_DD_SAMPLES),
                            ("max_nodes", limits.MAX_DD_NODES))),
    "solve": ("solve_request", (("max_nodes", limits.MAX_SOLVE_NODES),)),
    "play": ("play_request", (("samples", limits.MAX_PLAY_SAMPLES), ("max_nodes", limits.MAX_PLAY_NODES))),
    "pass": ("pass_request", (("samples", limits.MAX_PLAY_SAMPLES), ("sets", limits.MAX_PASS_SETS))),
    "review": ("review_request", (("samples", limits.MAX_SAMPLES), ("play_samples", limits.MAX_PLAY_SAMPLES),
                                  ("max_nodes", limits.MAX_PLAY_NODES), ("true_max_nodes", limits.MAX_SOLVE_NODES))),
}


def request_args(kind: str, body: BaseModel) -> dict[str, Any]:
    """The checked request of a ``kind`` body (bid, solve, play, pass, review), ``{"request": ...Request}``: every
    check of ``pinochle KIND`` made once, by ``analyzer.api.KIND_request``, before the work is queued (the worker
    answers that request); UserError past one of the server's caps or for anything the command refuses (a review:
    a record that cannot have happened, naming its line)."""
    import analyzer.api as api

    func, caps = _REQUESTS[kind]
    if getattr(body, "dd_max_nodes", None) is not None:  # a retired field of the bid body
        raise UserError("dd_max_nodes is now called max_nodes: send max_nodes")
    for name, cap in caps:
        _cap(getattr(body, name), cap, name)
    return {"request": getattr(api, func)(body.model_dump(exclude={"dd_max_nodes"}), "json")}
