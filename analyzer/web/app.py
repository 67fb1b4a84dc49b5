"""The ASGI app of ``pinochle serve``: the page (``/``), its files (``/static``) and the JSON API under
``/api`` (documented at ``/docs``, OpenAPI at ``/openapi.json``).

The API gives the command line's ``--json`` data: ``/api/meld`` (``pinochle meld``), ``/api/bid`` and
``/api/jobs`` (``pinochle bid``, waiting for the answer or as a job the page follows), ``/api/solve``
(``pinochle solve``), ``/api/play`` (``pinochle play``), ``/api/pass`` and ``/api/jobs/pass`` (``pinochle pass``);
``/api/house`` lists the house-rule files shipped, and every request's ``rules`` may name one or be a house-rule
file's text (checked by the command line's loader); ``/api/auction`` replays the page's calls so far (is the
auction over, who won it at what). Bad input answers a 4xx whose ``error`` is the command line's one-line message
(a body that does not fit the schema: 422 with a plain line such as ``samples: give a whole number``); ``/api/jobs``
refuses what ``/api/bid`` refuses, before the job takes a queue slot. Every request passes
:class:`analyzer.web.guard.Guard` (Host allow-list, client token, security headers, HEAD); Ctrl-C or SIGTERM
cancels the running analyses so the server stops within seconds.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import signal
import threading
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from analyzer.api import UserError, game, one_line
from analyzer.web import limits
from analyzer.web.docs import docs_page
from analyzer.web.guard import Guard
from analyzer.web.jobs import Busy, Job, JobManager
from analyzer.web.requests import (
    AuctionBody,
    BidBody,
    MeldBody,
    PassBody,
    PlayBody,
    PracticeAnswerBody,
    PracticeDealBody,
    ReviewBody,
    RulesBody,
    SolveBody,
    request_args,
)

#: seconds between the event stream's messages while a job runs (the page's elapsed-time display)
TICK = 1.0


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


def _client(request: Request) -> str:
    """Who a request comes from: the token the server issued it (:class:`analyzer.web.guard.Guard`)."""
    return "c:" + str(getattr(request.state, "client", None) or secrets.token_hex(12))


#: pydantic's error types -> what the field wants, in words
WANTS = {"string_type": "text", "int_type": "a whole number", "int_parsing": "a whole number",
         "int_from_float": "a whole number", "float_type": "a number", "float_parsing": "a number",
         "finite_number": "a finite number", "bool_type": "true or false", "bool_parsing": "true or false",
         "list_type": "a list", "dict_type": "an object", "model_type": "an object", "model_attributes_type":
         "an object", "none_required": "null"}


def _field(loc: Any) -> str:
    """A pydantic error's place as the body's field names (``trick.0``; no union members such as
    ``constrained-str``)."""
    parts = [str(x) for x in loc if x != "body"
             and (isinstance(x, int) or (isinstance(x, str) and x.replace("_", "a").isalnum()
                                         and x not in ("int", "str", "float", "bool", "list", "dict")))]
    return ".".join(parts)


def plain_message(errs: list[dict[str, Any]]) -> str:
    """Pydantic's errors -> one plain line about the first field at fault (``samples: give a whole number``;
    a union's alternatives joined: ``trick: give text or a list``)."""
    e = errs[0]
    kind = e.get("type", "")
    if kind == "json_invalid":
        return "the request body is not valid JSON"
    where = _field(e.get("loc", ()))
    if kind in ("model_attributes_type", "model_type", "dict_type") and not where:
        return "the request body must be a JSON object"
    if kind == "missing":
        return f"{where}: missing (it is required)"
    if kind == "extra_forbidden":
        return f"{where}: unknown field"
    same = [x for x in errs if _field(x.get("loc", ())) == where]
    wants = list(dict.fromkeys(WANTS[x["type"]] for x in same if x.get("type") in WANTS))
    if wants and len(wants) == len(same):
        return f"{where or 'body'}: give {' or '.join(wants)}"
    msg = str(e.get("msg", "invalid")).replace("Input should be", "should be").replace("Value error, ", "")
    return f"{where or 'body'}: {msg}"


def _stop_on_signals(manager: JobManager) -> Callable[[], None]:
    """Ctrl-C (SIGINT) or SIGTERM stops the running analyses at once (their workers are killed), so the
    requests and event streams that follow them end and the server stops within seconds instead of waiting
    for the analyses (up to the job cap); the server's own handler (uvicorn's) still runs. Only where the app
    runs in the main thread (``pinochle serve``); returns what puts the old handlers back."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    loop = asyncio.get_running_loop()
    before: dict[int, Any] = {}

    def handler(sig: int, frame: Any) -> None:
        loop.call_soon_threadsafe(manager.close, "the server is stopping")
        prev = before.get(sig)
        if callable(prev):
            prev(sig, frame)
        elif prev != signal.SIG_IGN:  # the default action (end the process), as if this handler were not here
            signal.signal(sig, signal.SIG_DFL)
            signal.raise_signal(sig)

    for sig in (signal.SIGINT, signal.SIGTERM):
        before[sig] = signal.getsignal(sig)
        signal.signal(sig, handler)

    def restore() -> None:
        for sig, prev in before.items():
            if signal.getsignal(sig) is handler:
                signal.signal(sig, prev if prev is not None else signal.SIG_DFL)

    return restore


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413 before the app reads it."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        size = dict(scope.get("headers") or []).get(b"content-length")
        if size is not None and (not size.isdigit() or int(size) > self.limit):
            return await _error(413, f"the request body is over {self.limit:,} bytes")(scope, receive, send)
        seen = 0

        async def counted() -> dict:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, f"the request body is over {self.limit:,} bytes")
            return msg

        return await self.app(scope, counted, send)


def bidding_lines(rs: Any) -> list[str]:
    """The rule set's bidding rules in words, from its data (what the page shows beside the auction)."""
    b = rs.bidding
    if not rs.has_bidding:
        return ["No bidding: the turned-up card (the upcard) names trump; give it to analyse the hand."]
    out = [f"Bids open at {b.opening} and rise by {b.step}"
           + (f", by {b.multiple} above {b.multiple_above}" if b.multiple_above else "")
           + "; a seat that passes is out."]
    rounds = b.rounds
    out.append("One round of bidding." if rounds == 1 else f"{rounds} rounds of bidding." if rounds
               else "Bidding goes round until all but one pass.")
    if b.meld_bids:
        lo, hi = b.meld_bids
        out.append(f"First-round bids {lo}-{hi} are meld bids: each step above {lo - 1} shows partner "
                   f"{b.meld_bid_unit} meld.")
    if rs.forced_contract is not None:
        out.append(f"If all pass, the dealer plays at {rs.forced_contract}.")
    else:
        out.append("If all pass, the hand is thrown in.")
    n = rs.passing.cards
    if n:
        out.append(f"After trump is named, the bid winner passes {n} cards to his partner, who passes {n} back."
                   if rs.passing.bidder_first else
                   f"After trump is named, the bid winner's partner passes {n} cards to the bid winner, who passes "
                   f"{n} back.")
    c = rs.concession
    if c.allowed:
        theirs = " and ".join((["their meld"] if c.defenders_meld else []) + ([f"{c.defenders_points} points"]
                                                                              if c.defenders_points else []))
        out.append("The bid winner may concede after the meld, before the first lead: his side scores minus the bid, "
                   f"the others {theirs or 'nothing'}.")
    if b.signals:
        out.append("Conventional bids: " + "; ".join(f"{k} = {v}" for k, v in b.signals.items()) + ".")
    if rs.has_partners:
        out.append("Partners sit opposite: seats 0 and 2, 1 and 3.")
    else:
        out.append("Everyone plays alone: the declarer against the others.")
    return out


def create_app(workers: int = 1, warm: bool = True, job_seconds: float = limits.JOB_SECONDS,
               orphan_seconds: float = limits.ORPHAN_SECONDS, hosts: Iterable[str] = ()) -> FastAPI:
    """The app; ``workers`` processes run analyses (each uses every core numba gives it), ``warm`` starts
    them with the app (tests: False, a worker then starts on its first job); ``hosts``: names besides this
    machine's loopback names that a request's ``Host`` may give (``pinochle serve --host``)."""
    manager = JobManager(workers, job_seconds=job_seconds, orphan_seconds=orphan_seconds)

    from analyzer import __version__

    app = FastAPI(title="pinochle-analyzer", version=__version__, lifespan=_lifespan(manager, warm), docs_url=None,
                  redoc_url=None,
                  description="Meld, bid advice and double-dummy values of pinochle hands: the same data as the "
                              "command line's --json. Bad input answers 4xx with {\"error\": one line}.")
    app.state.manager = manager
    app.add_middleware(BodyLimit, limit=limits.MAX_BODY)
    app.add_middleware(Guard, hosts=hosts)
    static = resources.files("analyzer.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    _add_error_handlers(app)
    _add_page(app, static)
    _add_reference_routes(app, manager)
    _add_instant_routes(app)
    _add_record_routes(app)
    _add_waiting_routes(app, manager)
    _add_job_routes(app, manager)
    _add_job_files(app, manager)
    return app


def _lifespan(manager: JobManager, warm: bool) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The app's lifespan: ``manager``'s workers start with the app (``warm``: at once, else each on its first
    job), Ctrl-C and SIGTERM cancel their analyses while it runs (:func:`_stop_on_signals`), and they stop with
    it."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start(warm=warm)
        restore = _stop_on_signals(manager)
        try:
            yield
        finally:
            restore()
            await manager.stop()

    return lifespan


# ---- errors: each answers {"error": one line} with its status ---------------------------------------------------
async def _user_error(request: Request, exc: UserError) -> JSONResponse:
    """Input the library refuses: 400 with the command line's message."""
    return _error(400, str(exc))


async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body that does not fit the schema: 422 with one plain line (:func:`plain_message`)."""
    errs = list(exc.errors())
    if not errs:
        return _error(422, "the request body is not valid")
    return _error(422, plain_message(errs)[:300])


async def _http(request: Request, exc: HTTPException) -> JSONResponse:
    """An HTTP error raised by a route or the middleware (404, 409, 413, ...): its status and detail."""
    return _error(exc.status_code, str(exc.detail))


async def _busy(request: Request, exc: Busy) -> JSONResponse:
    """No room for another analysis (the client's one is running, the queue is full): its status."""
    return _error(exc.status, str(exc))


async def _deep(request: Request, exc: RecursionError) -> JSONResponse:
    """A body nested too deeply to read: 400."""
    return _error(400, "the request body is nested too deeply")


def _add_error_handlers(app: FastAPI) -> None:
    """Register the handlers that turn errors into the API's ``{"error": one line}`` answers."""
    app.add_exception_handler(UserError, _user_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(Busy, _busy)
    app.add_exception_handler(RecursionError, _deep)


# ---- the page ---------------------------------------------------------------------------------------------------
def _add_page(app: FastAPI, static: Traversable) -> None:
    """The page itself (``/``), its icon and the API's documentation page (``/docs``), none in the schema."""

    @app.get("/", include_in_schema=False)
    async def page(request: Request) -> Response:
        return FileResponse(str(static.joinpath("index.html")), media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return FileResponse(str(static.joinpath("favicon.svg")), media_type="image/svg+xml")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return HTMLResponse(docs_page(app.openapi()))


# ---- reference data ---------------------------------------------------------------------------------------------
def _add_reference_routes(app: FastAPI, manager: JobManager) -> None:
    """What the page reads once: the server's caps on the work a request may ask for, the rule sets, and one rule
    set with its options (its bidding rules in words)."""

    @app.get("/api/limits", summary="The server's caps on the work one request may ask for")
    async def get_limits() -> dict[str, Any]:
        return {"max_samples": limits.MAX_SAMPLES, "max_dd_samples": limits.MAX_DD_SAMPLES,
                "max_bid_nodes": limits.MAX_DD_NODES, "max_solve_nodes": limits.MAX_SOLVE_NODES,
                "max_play_samples": limits.MAX_PLAY_SAMPLES, "max_play_nodes": limits.MAX_PLAY_NODES,
                "max_pass_sets": limits.MAX_PASS_SETS, "max_rules_chars": limits.MAX_RULES_TEXT,
                "job_seconds": manager.job_seconds, "max_queued": manager.max_queued,
                "max_body_bytes": limits.MAX_BODY, "analyses_per_client": 1}

    @app.get("/api/rules", summary="The rule sets (as pinochle rules --json lists them)")
    async def list_rules() -> list[dict[str, Any]]:
        from analyzer.api import available, load

        return [{"id": r, "name": load(r).name, "summary": load(r).summary} for r in available(False)]

    @app.get("/api/house", summary="The house-rule files shipped (the repository's house/): id, name, summary and "
                                   "text; a request's rules may name one by its id, or be a house-rule file's text")
    async def list_house() -> list[dict[str, Any]]:
        from analyzer.api import house_catalogue

        return house_catalogue()

    @app.post("/api/rules", summary="One rule set with options (pinochle rules NAME --json) and its bidding "
                                    "rules in words")
    async def rules_info(body: RulesBody) -> dict[str, Any]:
        from analyzer.api import rules_summary

        rs = game(body.rules, body.options)
        return {**rules_summary(rs), "bidding_text": bidding_lines(rs), "has_bidding": rs.has_bidding,
                "has_partners": rs.has_partners, "stock": bool(rs.play.stock)}


# ---- instant answers --------------------------------------------------------------------------------------------
def _add_instant_routes(app: FastAPI) -> None:
    """The answers computed in the request itself, no worker needed: a hand's meld, the auction so far."""

    @app.post("/api/meld", summary="A hand's meld for every trump with its breakdown (pinochle meld --json)")
    async def meld(body: MeldBody) -> dict[str, Any]:
        from analyzer.api import meld_report

        rs = game(body.rules, body.options)
        return meld_report(body.hand, rs, partial=body.partial)

    @app.post("/api/auction", summary="The calls so far replayed: whose turn it is, or (the auction over) who won "
                                      "it at what: the contract the play of the hand follows")
    async def auction(body: AuctionBody) -> dict[str, Any]:
        from analyzer.api import auction_report

        return auction_report(game(body.rules, body.options), body.dealer, body.auction)


# ---- hand records and practice: the library's answers, no worker needed ----------------------------------------
def _add_record_routes(app: FastAPI) -> None:
    """The play-along's hand record to save, and the practice positions (the shipped set, a choice judged)."""

    @app.post("/api/record", summary="The hand record of a play-along position (what pinochle play --record "
                                     "writes): its text and JSON twin")
    async def record(body: PlayBody) -> dict[str, Any]:
        from analyzer.api import saved_record

        return await asyncio.to_thread(saved_record, body.model_dump(), "json")

    @app.get("/api/practice", summary="The practice positions shipped: the rule that kept them, how many of each "
                                      "kind a rule set")
    async def practice() -> dict[str, Any]:
        from analyzer.api import practice_sets

        return practice_sets()

    @app.post("/api/practice/deal", summary="A practice position: the question and its options, no figures")
    async def practice_deal(body: PracticeDealBody) -> dict[str, Any]:
        from analyzer.api import practice_deal

        return practice_deal(body.model_dump())

    @app.post("/api/practice/answer", summary="A choice at a practice position: every option's stored figures "
                                              "(as pinochle bid / play show them) and what the choice cost")
    async def practice_answer(body: PracticeAnswerBody) -> dict[str, Any]:
        from analyzer.api import practice_answer

        return practice_answer(body.model_dump())


# ---- work for the workers, the request waiting for it -----------------------------------------------------------
async def _held(manager: JobManager, request: Request, kind: str, body: Any) -> Response:
    """Run the ``kind`` job asked by ``body`` while the request waits; cancelled when the client disconnects."""
    job = manager.submit(_client(request), kind, await asyncio.to_thread(request_args, kind, body), held=True)
    while not job.done:
        await manager.wait(job, 0.5)
        if not job.done and await request.is_disconnected():
            manager.cancel(job, "the client went away")
            return _error(499, "the client went away")
    return _job_answer(job)


def _job_answer(job: Job) -> Response:
    """A finished job as the answer to the request that waited for it: its result, or its error."""
    if job.state == "done" and job.value is not None:
        return JSONResponse(job.value["result"])
    if job.state == "cancelled":
        return _error(409, f"the analysis was cancelled: {job.error}")
    return _error(job.status or 500, job.error or "failed")


def _add_waiting_routes(app: FastAPI, manager: JobManager) -> None:
    """The analyses a request waits for (:func:`_held`): bid advice, a position's double-dummy value, the card
    to play."""

    @app.post("/api/bid", summary="Bid advice (pinochle bid --json); waits for the answer",
              responses={400: {"description": "bad input: {error: the command line's one-line message}"},
                         429: {"description": "an analysis of this client is still running"},
                         503: {"description": "the queue is full, or the analysis ran past the time cap"}})
    async def bid(body: BidBody, request: Request) -> Response:
        return await _held(manager, request, "bid", body)

    @app.post("/api/solve", summary="Double-dummy value of a position (pinochle solve --json); waits for it")
    async def solve(body: SolveBody, request: Request) -> Response:
        return await _held(manager, request, "solve", body)

    @app.post("/api/play", summary="Which card now (pinochle play --json); waits for the answer",
              responses={400: {"description": "bad input: {error: the command line's one-line message}"},
                         429: {"description": "an analysis of this client is still running"}})
    async def play(body: PlayBody, request: Request) -> Response:
        return await _held(manager, request, "play", body)

    @app.post("/api/pass", summary="Which cards to pass, where the rules have a pass (pinochle pass --json); waits "
                                   "for the answer",
              responses={400: {"description": "bad input: {error: the command line's one-line message}"},
                         429: {"description": "an analysis of this client is still running"}})
    async def pass_cards(body: PassBody, request: Request) -> Response:
        return await _held(manager, request, "pass", body)

    @app.post("/api/review", summary="A hand record reviewed (pinochle review --json); waits for the answer",
              responses={400: {"description": "bad input, or a record that cannot have happened: {error: the "
                                              "command line's one-line message, naming the record's line}"},
                         429: {"description": "an analysis of this client is still running"}})
    async def review(body: ReviewBody, request: Request) -> Response:
        return await _held(manager, request, "review", body)


# ---- jobs the page follows --------------------------------------------------------------------------------------
def _find_job(manager: JobManager, job_id: str, owner: Request | None = None) -> Job:
    """The job; with ``owner``, only for the client that started it (following a job, which cancels it
    when the stream closes, and cancelling are the starter's: another client is told there is no such
    job). Reading a job's state and result needs only its id (unguessable, shown to no one else)."""
    job = manager.get(job_id)
    if job is None:
        raise HTTPException(404, f"no job {job_id[:40]!r}: start one with POST /api/jobs")
    if owner is not None and job.client != _client(owner):
        raise HTTPException(404, f"no job {job_id[:40]!r} of yours: follow or cancel a job with the cookie "
                                 "(pinochle_client) that POST /api/jobs set")
    return job


async def _job_events(manager: JobManager, job: Job) -> AsyncIterator[str]:
    """The event stream of a job: its state every :data:`TICK` seconds (and when it changes) until it ends; the
    last watcher leaving before then cancels it."""
    job.watchers += 1
    try:
        while True:
            job.touch()
            yield f"data: {json.dumps(job.status_dict())}\n\n"
            if job.done:
                return
            await manager.wait(job, TICK)
    finally:
        job.watchers -= 1
        job.touch()
        if not job.done and job.watchers == 0:
            manager.cancel(job, "the page went away")


async def _started(manager: JobManager, request: Request, kind: str, body: Any) -> dict[str, Any]:
    """Start the ``kind`` job asked by ``body`` for the page to follow: its state as the page first sees it."""
    job = manager.submit(_client(request), kind, await asyncio.to_thread(request_args, kind, body))
    return job.status_dict()


def _add_job_routes(app: FastAPI, manager: JobManager) -> None:
    """Bid analyses as jobs the page follows: start one, read its state, follow its events, cancel it."""

    @app.post("/api/jobs", status_code=202, summary="Start a bid analysis the page follows: its state at "
                                                    "/api/jobs/{id}, events at /api/jobs/{id}/events")
    async def start_job(body: BidBody, request: Request) -> dict[str, Any]:
        return await _started(manager, request, "bid", body)

    @app.post("/api/jobs/review", status_code=202, summary="Start a hand record's review the page follows (pinochle "
                                                           "review --json when done); its state and events as "
                                                           "a bid analysis's")
    async def start_review_job(body: ReviewBody, request: Request) -> dict[str, Any]:
        return await _started(manager, request, "review", body)

    @app.post("/api/jobs/pass", status_code=202, summary="Start a card-pass question the page follows (pinochle pass "
                                                         "--json when done); its state and events as a bid "
                                                         "analysis's")
    async def start_pass_job(body: PassBody, request: Request) -> dict[str, Any]:
        return await _started(manager, request, "pass", body)

    @app.get("/api/jobs/{job_id}", summary="A job's state, and its result (pinochle bid --json) when done")
    async def job_state(job_id: str) -> dict[str, Any]:
        job = _find_job(manager, job_id)
        job.touch()
        d = job.status_dict()
        if job.state == "done" and job.value is not None:
            d["result"] = job.value["result"]
            d["chart"] = f"/api/jobs/{job.id}/chart.svg" if job.value.get("chart") else None
        return d

    @app.get("/api/jobs/{job_id}/events", summary="Server-sent events: the job's state until it ends; closing "
                                                  "the stream before then cancels the job")
    async def job_events(job_id: str, request: Request) -> Response:
        job = _find_job(manager, job_id, request)
        if getattr(request.state, "head", False):  # HEAD: the headers of the stream, without following the job
            return Response(media_type="text/event-stream", headers={"Cache-Control": "no-store"})
        return StreamingResponse(_job_events(manager, job), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    @app.delete("/api/jobs/{job_id}", summary="Cancel a job")
    async def cancel_job(job_id: str, request: Request) -> dict[str, Any]:
        job = _find_job(manager, job_id, request)
        manager.cancel(job, "cancelled by the client")
        await manager.wait(job, 5.0)
        return job.status_dict()

    @app.post("/api/jobs/{job_id}/cancel", summary="Cancel a job (for navigator.sendBeacon when a page closes)")
    async def cancel_beacon(job_id: str, request: Request) -> dict[str, Any]:
        job = _find_job(manager, job_id, request)
        manager.cancel(job, "the page went away")
        return job.status_dict()


def _finished_job(manager: JobManager, job_id: str) -> Job:
    """The job, done with a result; 409 while it runs or when it ended without one."""
    job = _find_job(manager, job_id)
    if job.state != "done" or job.value is None:
        raise HTTPException(409, f"job {job.id} has no result ({job.state})")
    return job


def _add_job_files(app: FastAPI, manager: JobManager) -> None:
    """A finished job's result as files: its JSON to download, its bid chart (SVG)."""

    @app.get("/api/jobs/{job_id}/result.json", summary="The result as a file (pinochle bid --json, pinochle review "
                                                       "--json)")
    async def job_result(job_id: str) -> Response:
        job = _finished_job(manager, job_id)
        return Response(json.dumps(job.value["result"], ensure_ascii=False) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="pinochle-{job.kind}-{job.id}.json"'})

    @app.get("/api/jobs/{job_id}/chart.svg", summary="The chance of making each bid (SVG)")
    async def job_chart(job_id: str) -> Response:
        job = _finished_job(manager, job_id)
        if not job.value.get("chart"):
            raise HTTPException(404, "this analysis has no bid chart (a game without bidding)")
        return Response(job.value["chart"], media_type="image/svg+xml")
