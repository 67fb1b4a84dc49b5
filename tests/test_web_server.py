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
from analyzer.web.requests import BidBody, bid_args  # noqa: E402

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"
LONG = {"hand": HAND, "samples": limits.MAX_SAMPLES, "play": "both", "dd_samples": limits.MAX_DD_SAMPLES,
        "dd_trumps": 4}
BASE = "http://127.0.0.1"


def _cpu(pid: int) -> float | None:
    """Seconds of CPU the process has used (None: it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children() -> list[int]:
    me, out = os.getpid(), []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if int((d / "stat").read_text().rsplit(")", 1)[1].split()[1]) == me:
                    out.append(int(d.name))
            except (FileNotFoundError, ProcessLookupError, ValueError, IndexError):
                pass
    return out


def _busy_children(seconds: float = 1.5) -> list[int]:
    """This process's children that used CPU for over a third of ``seconds``."""
    before = {p: _cpu(p) for p in _children()}
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

    async def go() -> None:
        m = JobManager(1, orphan_seconds=600)
        await m.start(warm=False)  # no process yet: the job's thread starts it
        try:
            job = m.submit("a", "bid", bid_args(BidBody(**LONG)))
            while job.state == "queued":
                await asyncio.sleep(0)
            m.cancel(job, "cancelled by the test")  # before the worker's process exists
            for _ in range(150):
                if job.done:
                    break
                await asyncio.sleep(0.1)
            assert job.state == "cancelled" and job.error == "cancelled by the test"
            assert not _busy_children()
        finally:
            await m.stop()

    asyncio.run(go())


def test_start_cancel_races_leave_nothing_running():
    """100 times: start an analysis, read its first event, close the stream (the page goes away)."""
    with TestClient(create_app(workers=1, warm=False, orphan_seconds=600), base_url=BASE) as c:
        m = c.app.state.manager
        for i in range(100):
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
        assert not _busy_children()
        # the server still works
        assert c.post("/api/bid", json={"hand": HAND, "samples": 50, "play": "playout"}).status_code == 200
