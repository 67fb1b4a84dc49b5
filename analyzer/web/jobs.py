"""Heavy work off the request thread, in worker processes that can be stopped.

A :class:`Worker` is a child process (spawned, so it shares no threads or numba state with the server)
that runs one task of :mod:`analyzer.web.tasks` at a time; stopping a task kills the process and starts a
fresh one. :class:`JobManager` queues jobs for the workers (at most :data:`~analyzer.web.limits.MAX_QUEUED`
waiting), lets a client have one unfinished job at a time, stops a job past
:data:`~analyzer.web.limits.JOB_SECONDS`, and cancels a job nobody watches any more (the page went away).
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import secrets
import signal
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from analyzer.web import limits


def _worker_loop(conn: Any) -> None:
    """The child process: answer ``(kind, args)`` messages with ``("ok", value)``, ``("user_error", line)`` or
    ``("error", line)`` until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    from analyzer.api import UserError, in_words, one_line
    from analyzer.web.tasks import TASKS

    while True:
        try:
            kind, args = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            # the answer's texts name fields as the JSON does
            out: tuple[str, Any] = ("ok", in_words(TASKS[kind](args), lambda field: field))
        except UserError as e:
            out = ("user_error", one_line(str(e)))
        except Exception as e:  # noqa: BLE001 - reported to the client as a 500, the worker lives on
            out = ("error", one_line(f"{type(e).__name__}: {e}")[:500])
        try:
            conn.send(out)
        except (OSError, ValueError):
            return


class Worker:
    """One child process running tasks; :meth:`run` blocks (call it from a thread), :meth:`stop` ends the task
    of one job (its :meth:`run` then returns ``("killed", None)``), :meth:`kill` stops the process.

    A job's ``stop`` flag (a :class:`threading.Event`) makes cancelling unlosable: :meth:`run` checks it under
    the lock before it starts a process or sends the task, and :meth:`stop` sets nothing but kills the process
    only while that job's task runs in it; so a cancel before the process exists is seen by :meth:`run`, and
    one after is a kill. A late stop of a finished job never kills the next job's process."""

    def __init__(self) -> None:
        self._ctx = mp.get_context("spawn")
        self._lock = threading.Lock()
        self.proc: Any = None
        self.conn: Any = None
        self._running: threading.Event | None = None  # the stop flag of the job whose task runs now

    def _start_locked(self) -> None:
        if self.proc is not None and self.proc.is_alive():
            return
        if self.conn is not None:
            self.conn.close()
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_worker_loop, args=(child,), daemon=True, name="pinochle-worker")
        proc.start()
        child.close()
        self.proc, self.conn = proc, parent

    def start(self) -> None:
        with self._lock:
            self._start_locked()

    def run(self, kind: str, args: Any, stop: threading.Event | None = None) -> tuple[str, Any]:
        stop = stop or threading.Event()
        with self._lock:
            if stop.is_set():  # cancelled before its task reached the process
                return "killed", None
            self._start_locked()
            conn = self.conn
            self._running = stop
        try:
            conn.send((kind, args))
            return conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            return "killed", None
        finally:
            with self._lock:
                if self._running is stop:
                    self._running = None

    def stop(self, stop: threading.Event) -> None:
        """End the task of the job whose flag is ``stop`` (set it first): kill the process if that task runs
        in it now; else nothing (the task has not reached the process, and :meth:`run` sees the flag)."""
        with self._lock:
            if self._running is not stop:
                return
            proc, conn = self.proc, self.conn
            self.proc = self.conn = None
        self._end(proc, conn)

    def kill(self) -> None:
        with self._lock:
            proc, conn = self.proc, self.conn
            self.proc = self.conn = None
        self._end(proc, conn)

    @staticmethod
    def _end(proc: Any, conn: Any) -> None:
        if proc is not None:
            proc.kill()
            proc.join(10)
        if conn is not None:
            conn.close()


class Busy(Exception):
    """A request the server refuses for now: ``status`` 429 (this client has a job) or 503 (queue full)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Job:
    """One unit of work and its state: ``queued``, ``running``, then ``done``, ``error`` (``status`` and
    ``error`` say why) or ``cancelled``."""

    id: str
    client: str
    kind: str
    args: dict[str, Any]
    held: bool = False  # a request waits for it (POST /api/bid): its connection is its watcher
    state: str = "queued"
    status: int | None = None
    error: str | None = None
    value: dict[str, Any] | None = None
    created: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    last_seen: float = field(default_factory=time.monotonic)
    watchers: int = 0
    position: int = 0
    stop_reason: str | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task | None = None
    stop: threading.Event = field(default_factory=threading.Event)  # set by a cancel: see Worker

    @property
    def done(self) -> bool:
        return self.state in ("done", "error", "cancelled")

    def touch(self) -> None:
        self.last_seen = time.monotonic()

    def notify(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    def status_dict(self) -> dict[str, Any]:
        """The job's state for the page (no result: that is at its own address)."""
        now = self.finished or time.monotonic()
        return {"id": self.id, "kind": self.kind, "state": self.state,
                "queued_ahead": self.position if self.state == "queued" else 0,
                "elapsed": round(now - (self.started or now), 1), "status": self.status, "error": self.error}


class JobManager:
    """The workers, the queue and the jobs (see the module docstring)."""

    def __init__(self, workers: int = 1, job_seconds: float = limits.JOB_SECONDS,
                 orphan_seconds: float = limits.ORPHAN_SECONDS, max_queued: int = limits.MAX_QUEUED) -> None:
        self.workers = [Worker() for _ in range(max(1, workers))]
        self.job_seconds = job_seconds
        self.orphan_seconds = orphan_seconds
        self.max_queued = max_queued
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.idle: asyncio.Queue[Worker] | None = None
        self.waiting: list[Job] = []
        self._reaper: asyncio.Task | None = None
        self.closing = False
        self._pool = ThreadPoolExecutor(len(self.workers), thread_name_prefix="pinochle-job")

    async def start(self, warm: bool = True) -> None:
        self.idle = asyncio.Queue()
        for w in self.workers:
            self.idle.put_nowait(w)
            if warm:
                await asyncio.to_thread(w.start)
        self._reaper = asyncio.create_task(self._reap())

    def close(self, reason: str = "the server is stopping") -> None:
        """Take no more jobs (503) and cancel every unfinished one (the server is stopping)."""
        self.closing = True
        for job in list(self.jobs.values()):
            if not job.done:
                self.cancel(job, reason)

    async def stop(self) -> None:
        if self._reaper is not None:
            self._reaper.cancel()
        for job in list(self.jobs.values()):
            if not job.done:
                self.cancel(job, "the server is stopping")
        for w in self.workers:
            await asyncio.to_thread(w.kill)
        self._pool.shutdown(wait=False)

    # ---- jobs ------------------------------------------------------------------------------------------
    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def active(self, client: str) -> Job | None:
        return next((j for j in self.jobs.values() if j.client == client and not j.done), None)

    def submit(self, client: str, kind: str, args: dict[str, Any], held: bool = False) -> Job:
        """Queue a job; :class:`Busy` when the client has an unfinished job or the queue is full."""
        if self.closing:
            raise Busy(503, "the server is stopping: try again when it is back")
        mine = self.active(client)
        if mine is not None:
            raise Busy(429, "an analysis of yours is still running: wait for it, or cancel it first")
        if len(self.waiting) >= self.max_queued:
            raise Busy(503, f"the server is busy ({len(self.waiting)} analyses waiting): try again in a minute")
        job = Job(secrets.token_hex(8), client, kind, args, held=held)
        self.jobs[job.id] = job
        self._trim()
        self.waiting.append(job)
        self._positions()
        job.task = asyncio.create_task(self._run(job))
        return job

    def cancel(self, job: Job, reason: str = "cancelled") -> None:
        """Stop a job: a queued one leaves the queue, a running one's worker is killed."""
        if job.done:
            return
        job.stop_reason = reason
        job.stop.set()
        if job.state == "queued":
            if job.task is not None:
                job.task.cancel()
            self._finish(job, "cancelled", None, reason)
        else:
            for w in self.workers:
                if getattr(w, "job", None) is job:
                    threading.Thread(target=w.stop, args=(job.stop,), daemon=True).start()

    async def wait(self, job: Job, timeout: float) -> None:
        """Return when the job changes or after ``timeout`` seconds."""
        if job.done:
            return
        try:
            await asyncio.wait_for(job.changed.wait(), timeout)
        except TimeoutError:
            pass

    # ---- internals -------------------------------------------------------------------------------------
    async def _run(self, job: Job) -> None:
        assert self.idle is not None
        try:
            worker = await self.idle.get()
        except asyncio.CancelledError:
            return
        try:
            if job.done:  # cancelled while it waited
                return
            self.waiting.remove(job)
            self._positions()
            job.state, job.started = "running", time.monotonic()
            job.notify()
            worker.job = job  # type: ignore[attr-defined]
            timer = asyncio.get_running_loop().call_later(self.job_seconds, self._timeout, job)
            try:
                # a thread of the manager's own for each worker: a running job never holds up the event loop's
                # default pool (the requests' quick checks run there)
                kind, value = await asyncio.get_running_loop().run_in_executor(
                    self._pool, worker.run, job.kind, job.args, job.stop)
            finally:
                timer.cancel()
                worker.job = None  # type: ignore[attr-defined]
            if kind == "ok":
                self._finish(job, "done", None, None, value)
            elif kind == "user_error":
                self._finish(job, "error", 400, value)
            elif kind == "killed":
                if not job.stop.is_set():  # the process died on its own
                    await asyncio.to_thread(worker.kill)
                if job.stop_reason == "timeout":
                    self._finish(job, "error", 503, f"the analysis took longer than this server's cap of "
                                                    f"{self.job_seconds:g} s: ask for fewer samples or nodes")
                else:
                    self._finish(job, "cancelled", None, job.stop_reason or "the worker stopped")
            else:
                self._finish(job, "error", 500, f"internal error: {value}")
        finally:
            if job in self.waiting:
                self.waiting.remove(job)
                self._positions()
            self.idle.put_nowait(worker)

    def _timeout(self, job: Job) -> None:
        if not job.done:
            self.cancel(job, "timeout")

    def _finish(self, job: Job, state: str, status: int | None, error: str | None,
                value: dict[str, Any] | None = None) -> None:
        if job.done:
            return
        if job in self.waiting:
            self.waiting.remove(job)
            self._positions()
        job.state, job.status, job.error, job.value = state, status, error, value
        job.finished = time.monotonic()
        job.notify()

    def _positions(self) -> None:
        for i, j in enumerate(self.waiting):
            if j.position != i:
                j.position = i
                j.notify()

    def _trim(self) -> None:
        done = [k for k, j in self.jobs.items() if j.done]
        for k in done[:max(0, len(done) - limits.KEEP_FINISHED)]:
            del self.jobs[k]

    async def _reap(self) -> None:
        """Cancel the jobs nobody watches (no event stream, no poll for ``orphan_seconds``)."""
        while True:
            await asyncio.sleep(min(2.0, self.orphan_seconds / 2))
            now = time.monotonic()
            for job in list(self.jobs.values()):
                if (not job.done and not job.held and job.watchers == 0
                        and now - job.last_seen > self.orphan_seconds):
                    self.cancel(job, "nobody was watching it (the page went away)")
