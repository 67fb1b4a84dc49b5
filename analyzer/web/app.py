"""The ASGI app of ``pinochle serve``: the page (``/``), its files (``/static``) and the JSON API under
``/api`` (documented at ``/docs``, OpenAPI at ``/openapi.json``).

The API gives the command line's ``--json`` data: ``/api/meld`` (``pinochle meld``), ``/api/bid`` and
``/api/jobs`` (``pinochle bid``, waiting for the answer or as a job the page follows), ``/api/solve``
(``pinochle solve``). Bad input answers a 4xx whose ``error`` is the command line's one-line message.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from analyzer.cli import one_line
from analyzer.errors import UserError
from analyzer.web import limits
from analyzer.web.jobs import Busy, Job, JobManager
from analyzer.web.requests import BidBody, MeldBody, RulesBody, SolveBody, bid_args, solve_args, web_rules

CLIENT_COOKIE = "pinochle_client"
#: seconds between the event stream's messages while a job runs (the page's elapsed-time display)
TICK = 1.0


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


def _client(request: Request) -> str:
    """Who a request comes from: the page's cookie, else the ``X-Client`` header, else the address."""
    cid = request.cookies.get(CLIENT_COOKIE) or request.headers.get("x-client")
    if cid:
        return "c:" + cid[:64]
    return "h:" + (request.client.host if request.client else "?")


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
    if b.dealer_holds or b.all_pass == "dealer":
        out.append(f"If all pass, the dealer plays at {b.opening}.")
    else:
        out.append("If all pass, the hand is thrown in.")
    if b.signals:
        out.append("Conventional bids: " + "; ".join(f"{k} = {v}" for k, v in b.signals.items()) + ".")
    if rs.has_partners:
        out.append("Partners sit opposite: seats 0 and 2, 1 and 3.")
    else:
        out.append("Everyone plays alone: the declarer against the others.")
    return out


def create_app(workers: int = 1, warm: bool = True, job_seconds: float = limits.JOB_SECONDS,
               orphan_seconds: float = limits.ORPHAN_SECONDS) -> FastAPI:
    """The app; ``workers`` processes run analyses (each uses every core numba gives it), ``warm`` starts
    them with the app (tests: False, a worker then starts on its first job)."""
    manager = JobManager(workers, job_seconds=job_seconds, orphan_seconds=orphan_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await manager.start(warm=warm)
        try:
            yield
        finally:
            await manager.stop()

    from analyzer import __version__

    app = FastAPI(title="pinochle-analyzer", version=__version__, lifespan=lifespan,
                  description="Meld, bid advice and double-dummy values of pinochle hands: the same data as the "
                              "command line's --json. Bad input answers 4xx with {\"error\": one line}.")
    app.state.manager = manager
    app.add_middleware(BodyLimit, limit=limits.MAX_BODY)
    static = resources.files("analyzer.web").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    @app.exception_handler(UserError)
    async def _user_error(request: Request, exc: UserError) -> JSONResponse:
        return _error(400, str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errs = exc.errors()
        if not errs:
            return _error(422, "the request body is not valid")
        e = errs[0]
        where = ".".join(str(x) for x in e.get("loc", ()) if x != "body") or "body"
        msg = str(e.get("msg", "invalid"))
        if e.get("type") == "extra_forbidden":
            msg = "unknown field"
        return _error(422, f"{where}: {msg}"[:300])

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> JSONResponse:
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Busy)
    async def _busy(request: Request, exc: Busy) -> JSONResponse:
        return _error(exc.status, str(exc))

    @app.exception_handler(RecursionError)
    async def _deep(request: Request, exc: RecursionError) -> JSONResponse:
        return _error(400, "the request body is nested too deeply")

    # ---- the page -------------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def page(request: Request) -> Response:
        resp = FileResponse(str(static.joinpath("index.html")), media_type="text/html")
        if CLIENT_COOKIE not in request.cookies:
            resp.set_cookie(CLIENT_COOKIE, secrets.token_hex(12), httponly=True, samesite="strict")
        return resp

    # ---- reference data -------------------------------------------------------------------------------
    @app.get("/api/limits", summary="The server's caps on the work one request may ask for")
    async def get_limits() -> dict[str, Any]:
        return {"max_samples": limits.MAX_SAMPLES, "max_dd_samples": limits.MAX_DD_SAMPLES,
                "max_dd_max_nodes": limits.MAX_DD_NODES, "max_solve_nodes": limits.MAX_SOLVE_NODES,
                "job_seconds": manager.job_seconds, "max_queued": manager.max_queued,
                "max_body_bytes": limits.MAX_BODY, "analyses_per_client": 1}

    @app.get("/api/rules", summary="The rule sets (as pinochle rules --json lists them)")
    async def list_rules() -> list[dict[str, Any]]:
        from analyzer.rules import available, load

        return [{"id": r, "name": load(r).name, "summary": load(r).summary} for r in available(False)]

    @app.post("/api/rules", summary="One rule set with options (pinochle rules NAME --json) and its bidding "
                                    "rules in words")
    async def rules_info(body: RulesBody) -> dict[str, Any]:
        from analyzer.commands.rules import rules_summary

        rs = web_rules(body.rules, body.options)
        return {**rules_summary(rs), "bidding_text": bidding_lines(rs), "has_bidding": rs.has_bidding,
                "has_partners": rs.has_partners, "stock": bool(rs.play.stock)}

    # ---- instant answers ------------------------------------------------------------------------------
    @app.post("/api/meld", summary="A hand's meld for every trump with its breakdown (pinochle meld --json)")
    async def meld(body: MeldBody) -> dict[str, Any]:
        from analyzer.commands.meld import meld_report

        rs = web_rules(body.rules, body.options)
        return meld_report(body.hand, rs, partial=body.partial)

    # ---- work for the workers -------------------------------------------------------------------------
    async def _held(request: Request, kind: str, args: dict[str, Any]) -> Response:
        """Run a job while the request waits; cancelled when the client disconnects."""
        job = manager.submit(_client(request), kind, args, held=True)
        while not job.done:
            await manager.wait(job, 0.5)
            if not job.done and await request.is_disconnected():
                manager.cancel(job, "the client went away")
                return _error(499, "the client went away")
        return _job_answer(job)

    def _job_answer(job: Job) -> Response:
        if job.state == "done" and job.value is not None:
            return JSONResponse(job.value["result"])
        if job.state == "cancelled":
            return _error(409, f"the analysis was cancelled: {job.error}")
        return _error(job.status or 500, job.error or "failed")

    @app.post("/api/bid", summary="Bid advice (pinochle bid --json); waits for the answer",
              responses={400: {"description": "bad input: {error: the command line's one-line message}"},
                         429: {"description": "an analysis of this client is still running"},
                         503: {"description": "the queue is full, or the analysis ran past the time cap"}})
    async def bid(body: BidBody, request: Request) -> Response:
        return await _held(request, "bid", await asyncio.to_thread(bid_args, body))

    @app.post("/api/solve", summary="Double-dummy value of a position (pinochle solve --json); waits for it")
    async def solve(body: SolveBody, request: Request) -> Response:
        return await _held(request, "solve", solve_args(body))

    @app.post("/api/jobs", status_code=202, summary="Start a bid analysis the page follows: its state at "
                                                    "/api/jobs/{id}, events at /api/jobs/{id}/events")
    async def start_job(body: BidBody, request: Request) -> dict[str, Any]:
        job = manager.submit(_client(request), "bid", await asyncio.to_thread(bid_args, body))
        return job.status_dict()

    def _job(job_id: str) -> Job:
        job = manager.get(job_id)
        if job is None:
            raise HTTPException(404, f"no job {job_id[:40]!r}: start one with POST /api/jobs")
        return job

    @app.get("/api/jobs/{job_id}", summary="A job's state, and its result (pinochle bid --json) when done")
    async def job_state(job_id: str) -> dict[str, Any]:
        job = _job(job_id)
        job.touch()
        d = job.status_dict()
        if job.state == "done" and job.value is not None:
            d["result"] = job.value["result"]
            d["chart"] = f"/api/jobs/{job.id}/chart.svg" if job.value.get("chart") else None
        return d

    @app.get("/api/jobs/{job_id}/events", summary="Server-sent events: the job's state until it ends; closing "
                                                  "the stream before then cancels the job")
    async def job_events(job_id: str) -> StreamingResponse:
        job = _job(job_id)

        async def stream():
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

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    @app.delete("/api/jobs/{job_id}", summary="Cancel a job")
    async def cancel_job(job_id: str) -> dict[str, Any]:
        job = _job(job_id)
        manager.cancel(job, "cancelled by the client")
        await manager.wait(job, 5.0)
        return job.status_dict()

    @app.post("/api/jobs/{job_id}/cancel", summary="Cancel a job (for navigator.sendBeacon when a page closes)")
    async def cancel_beacon(job_id: str) -> dict[str, Any]:
        job = _job(job_id)
        manager.cancel(job, "the page went away")
        return job.status_dict()

    def _done(job_id: str) -> Job:
        job = _job(job_id)
        if job.state != "done" or job.value is None:
            raise HTTPException(409, f"job {job.id} has no result ({job.state})")
        return job

    @app.get("/api/jobs/{job_id}/result.json", summary="The result as a file (pinochle bid --json)")
    async def job_result(job_id: str) -> Response:
        job = _done(job_id)
        return Response(json.dumps(job.value["result"], ensure_ascii=False) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="pinochle-bid-{job.id}.json"'})

    @app.get("/api/jobs/{job_id}/chart.svg", summary="The chance of making each bid (SVG)")
    async def job_chart(job_id: str) -> Response:
        job = _done(job_id)
        if not job.value.get("chart"):
            raise HTTPException(404, "this analysis has no bid chart (a game without bidding)")
        return Response(job.value["chart"], media_type="image/svg+xml")

    return app
