"""The server's own hardening (issue 31): a cancel can never be lost (a loop of start / cancel races), no worker
process keeps burning CPU after its job ended."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the test extra)")

from fastapi.testclient import TestClient  # noqa: E402

from analyzer.web import limits  # noqa: E402
from analyzer.web.app import create_app  # noqa: E402
from analyzer.web.jobs import JobManager, Worker  # noqa: E402
from analyzer.web.requests import BidBody, request_args  # noqa: E402

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"
LONG = {"hand": HAND, "samples": limits.MAX_SAMPLES, "play": "both", "dd_samples": limits.MAX_DD_SAMPLES,
        "dd_trumps": 4}
BASE = "http://127.0.0.1"


def _cpu(pid: int) -> float | None:
    """Seconds of CPU the process has used (None: it is gone, or a zombie)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    if fields[0] in ("Z", "X"):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _now() -> float:
    """Seconds since boot (the clock of /proc/PID/stat's start times)."""
    return float(Path("/proc/uptime").read_text().split()[0])


def _children(since: float = 0.0) -> list[int]:
    """This process's worker processes (multiprocessing's) started after ``since`` (seconds since boot): not
    the children other tests may have left running (a solver warm-up)."""
    me, tick, out = os.getpid(), os.sysconf("SC_CLK_TCK"), []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
                if (int(fields[1]) == me and int(fields[19]) / tick >= since - 0.5
                        and b"multiprocessing" in (d / "cmdline").read_bytes()):
                    out.append(int(d.name))
            except (FileNotFoundError, ProcessLookupError, ValueError, IndexError):
                pass
    return out


def _busy_children(since: float, seconds: float = 1.5) -> list[int]:
    """The worker processes started since ``since`` that used CPU for over a third of ``seconds``."""
    before = {p: _cpu(p) for p in _children(since)}
    time.sleep(seconds)
    busy = []
    for p, c in before.items():
        now = _cpu(p)
        if c is not None and now is not None and now - c > seconds / 3:
            busy.append(p)
    return busy


def _wait_done(job, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while not job.done and time.monotonic() < end:
        time.sleep(0.05)


# ---- a cancel is never lost ------------------------------------------------------------------------------------
def test_a_cancel_before_the_worker_process_exists_is_not_lost(monkeypatch):
    run = Worker.run

    def late(self, *args, **kw):  # the job's thread gets going only after the cancel (a loaded machine)
        time.sleep(0.5)
        return run(self, *args, **kw)

    monkeypatch.setattr(Worker, "run", late)

    since = _now()

    async def go() -> None:
        m = JobManager(1, orphan_seconds=600)
        await m.start(warm=False)  # no process yet: the job's thread starts it
        try:
            job = m.submit("a", "bid", request_args("bid", BidBody(**LONG)))
            while job.state == "queued":
                await asyncio.sleep(0)
            m.cancel(job, "cancelled by the test")  # before the worker's process exists
            for _ in range(150):
                if job.done:
                    break
                await asyncio.sleep(0.1)
            assert job.state == "cancelled" and job.error == "cancelled by the test"
            assert not _busy_children(since)
        finally:
            await m.stop()

    asyncio.run(go())


@pytest.mark.parametrize("rounds", [30, pytest.param(100, marks=pytest.mark.slow)])
def test_start_cancel_races_leave_nothing_running(rounds):
    """100 times (the default suite: 30): start an analysis, read its first event, close the stream (the page goes
    away)."""
    since = _now()
    with TestClient(create_app(workers=1, warm=False, orphan_seconds=600), base_url=BASE) as c:
        m = c.app.state.manager
        for i in range(rounds):
            r = c.post("/api/jobs", json=LONG)
            assert r.status_code == 202, (i, r.text)
            jid = r.json()["id"]
            with c.stream("GET", f"/api/jobs/{jid}/events") as ev:
                for line in ev.iter_lines():
                    if line.startswith("data: "):
                        assert json.loads(line[6:])["id"] == jid
                        break
            _wait_done(m.get(jid))
            assert m.get(jid).state == "cancelled", (i, m.get(jid).status_dict())
        assert not [j.id for j in m.jobs.values() if not j.done]
        assert not _busy_children(since)
        # the server still works
        assert c.post("/api/bid", json={"hand": HAND, "samples": 50, "play": "heuristic"}).status_code == 200


# ---- who a client is: a token the server issued ------------------------------------------------------------------
@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, warm=False), base_url=BASE) as c:
        yield c


def _token(r) -> str:
    cookie = r.headers.get("set-cookie", "")
    assert cookie.startswith("pinochle_client=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie
    return cookie.split(";")[0].split("=", 1)[1]


def test_clients_are_told_apart_by_a_token_the_server_issues(client):
    # requests without a token get one each (they never count as one client) ...
    client.cookies.clear()
    a = client.get("/api/limits")
    client.cookies.clear()
    b = client.get("/api/limits")
    client.cookies.clear()
    assert _token(a) != _token(b)
    # ... two clients without cookies both start an analysis; a header they choose changes nothing
    first = client.post("/api/jobs", json=LONG, headers={"x-client": "x"})
    assert first.status_code == 202, first.text
    mine = _token(first)
    client.cookies.clear()
    second = client.post("/api/jobs", json=LONG, headers={"x-client": "x"})
    assert second.status_code == 202, second.text
    theirs = _token(second)
    # the same token: one analysis at a time, and the message names no job
    client.cookies.clear()
    client.cookies.set("pinochle_client", mine)
    busy = client.post("/api/jobs", json=LONG, headers={"x-client": "y"})
    assert busy.status_code == 429 and "set-cookie" not in busy.headers
    assert first.json()["id"] not in busy.text and second.json()["id"] not in busy.text
    # a token the client made up is not the server's: it gets a new one (and is a new client)
    client.cookies.clear()
    forged = theirs.rsplit(".", 1)[0] + ".0123456789abcdef0123456789abcdef"
    client.cookies.set("pinochle_client", forged)
    r = client.get("/api/limits")
    assert _token(r) not in (forged, theirs)
    # only the client that started a job follows it (closing the stream cancels it) or cancels it
    client.cookies.clear()
    jid = first.json()["id"]
    for r in (client.delete(f"/api/jobs/{jid}"), client.post(f"/api/jobs/{jid}/cancel"),
              client.get(f"/api/jobs/{jid}/events")):
        assert r.status_code == 404 and "no job" in r.json()["error"]
    assert client.app.state.manager.get(jid).state in ("queued", "running")
    for token, r in ((mine, first), (theirs, second)):
        client.cookies.clear()
        client.cookies.set("pinochle_client", token)
        assert client.delete(f"/api/jobs/{r.json()['id']}").json()["state"] == "cancelled"
    client.cookies.clear()


# ---- Host allow-list, security headers, HEAD, favicon, docs ------------------------------------------------------
@pytest.mark.parametrize("host,status", [("127.0.0.1:8000", 200), ("localhost:8000", 200), ("[::1]:8000", 200),
                                         ("LOCALHOST", 200), ("127.0.0.1", 200), ("evil.example", 400),
                                         ("evil.example:8000", 400), ("127.0.0.1.evil.example", 400),
                                         ("localhost.", 400), ("", 400)])
def test_host_allow_list(client, host, status):
    for path in ("/", "/api/limits"):
        r = client.get(path, headers={"host": host})
        assert r.status_code == status, (host, path, r.text)
        if status == 400:
            assert "Host" in r.json()["error"] and r.headers["x-frame-options"] == "DENY"
    r = client.post("/api/meld", json={"hand": HAND}, headers={"host": host})
    assert r.status_code == status


def test_the_host_the_server_was_started_with_is_allowed():
    with TestClient(create_app(workers=1, warm=False, hosts=["pinochle.lan"]), base_url=BASE) as c:
        assert c.get("/api/limits", headers={"host": "pinochle.lan:8000"}).status_code == 200
        assert c.get("/api/limits", headers={"host": "other.lan:8000"}).status_code == 400


def test_security_headers_on_every_answer(client):
    answers = [client.get("/"), client.get("/static/app.js"), client.get("/api/limits"), client.get("/nope"),
               client.get("/api/jobs/nope"), client.post("/api/bid", json={"hand": HAND, "samples": 0}),
               client.post("/api/bid", json={"samples": 0}), client.get("/docs"), client.get("/openapi.json"),
               client.post("/api/bid", content=b"x" * (limits.MAX_BODY + 1),
                           headers={"content-type": "application/json"}),
               client.get("/", headers={"host": "evil.example"})]
    for r in answers:
        h = r.headers
        csp = h.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp, r
        assert h["x-content-type-options"] == "nosniff" and h["x-frame-options"] == "DENY", r


def test_head_is_answered_where_get_is(client):
    for path in ("/", "/api/limits", "/api/rules", "/static/app.js", "/favicon.ico", "/docs", "/openapi.json"):
        g, h = client.get(path), client.head(path)
        assert g.status_code == h.status_code == 200, (path, h.status_code)
        assert h.content == b"" and h.headers["content-type"] == g.headers["content-type"]
    assert client.head("/api/jobs/nope").status_code == 404


def test_favicon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and b"<svg" in r.content


def test_api_docs_need_no_other_site(client):
    r = client.get("/docs")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert "/api/bid" in page and "/api/jobs/{job_id}/events" in page and 'href="/openapi.json"' in page
    assert "BidBody" in page and "samples" in page
    assert "<script" not in page and "http://" not in page and "https://" not in page and "//cdn" not in page
    assert client.get("/redoc").status_code == 404


# ---- messages: one plain line ----------------------------------------------------------------------------------
@pytest.mark.parametrize("path,body,message", [
    ("/api/bid", b'{"hand": "AH",', "the request body is not valid JSON"),
    ("/api/bid", b"{not json", "the request body is not valid JSON"),
    ("/api/bid", b"[1, 2]", "the request body must be a JSON object"),
    ("/api/solve", b'{"hands": "AS / KS", "trick": 5}', "trick: give text or a list"),
    ("/api/solve", b'{"hands": 5}', "hands: give text or a list"),
    ("/api/bid", b'{"hand": "AH", "samples": true}', "samples: give a whole number"),
    ("/api/bid", b'{"hand": "AH", "samples": "10"}', "samples: give a whole number"),
    ("/api/bid", b'{"hand": "AH", "risk": NaN}', "risk: give a finite number"),
    ("/api/bid", b'{"hand": "AH", "seed": 1e300}', "seed: give a whole number"),
    ("/api/meld", b'{"hand": "AH", "partial": "yes"}', "partial: give true or false"),
    ("/api/meld", b'{"hand": "AH", "partial": 1}', "partial: give true or false"),
    ("/api/bid", b'{"samples": 10}', "hand: missing (it is required)"),
    ("/api/bid", b'{"hand": "AH", "sample": 10}', "sample: unknown field"),
    ("/api/bid", b'{"hand": "AH", "known": "1:AS"}', "known: give a list"),
])
def test_schema_errors_are_plain_one_liners(client, path, body, message):
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"] == message, r.text


# ---- Ctrl-C stops the server within seconds, its workers with it ---------------------------------------------------
@pytest.mark.parametrize("sig", ["SIGINT", pytest.param("SIGTERM", marks=pytest.mark.slow)])
def test_ctrl_c_stops_running_analyses_at_once(sig):
    """Ctrl-C (SIGINT); SIGTERM, which the same handler stops, is a slow test (a server and a worker to start)."""
    import re
    import signal
    import subprocess
    import sys
    import threading
    import urllib.request

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "analyzer", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=root)
    try:
        m = re.search(r"http://[^/\s]+/", proc.stdout.readline())
        assert m, proc.stderr.read() if proc.poll() is not None else "no address"
        url = m.group(0)
        req = urllib.request.Request(url + "api/jobs", data=json.dumps(LONG).encode(), method="POST",
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(req, timeout=60) as r:
            jid = json.loads(r.read())["id"]
            cookie = r.headers["set-cookie"].split(";")[0]
        events: list[dict] = []

        def follow() -> None:  # the page follows the job: its event stream stays open
            req = urllib.request.Request(f"{url}api/jobs/{jid}/events", headers={"cookie": cookie})
            with urllib.request.urlopen(req, timeout=120) as r:
                for line in r:
                    if line.startswith(b"data: "):
                        events.append(json.loads(line[6:]))

        t = threading.Thread(target=follow, daemon=True)
        t.start()
        end = time.monotonic() + 60
        while not (events and events[-1]["state"] == "running") and time.monotonic() < end:
            time.sleep(0.2)
        assert events and events[-1]["state"] == "running", events
        time.sleep(1.0)
        workers = [p for p in _all_children(proc.pid) if (_cpu(p) or 0) > 0]
        start = time.monotonic()
        proc.send_signal(getattr(signal, sig))
        proc.wait(timeout=20)
        took = time.monotonic() - start
        assert took < 8, f"the server took {took:.1f} s to stop"
        t.join(5)
        assert events[-1]["state"] == "cancelled" and "stopping" in events[-1]["error"], events[-1]
        time.sleep(0.5)
        assert workers and all(_cpu(p) is None for p in workers), "a worker process outlived the server"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _all_children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(d.name))
            except (FileNotFoundError, ProcessLookupError, ValueError, IndexError):
                pass
    return out
