"""Running independent batches of work in this process, a local process pool, or a Dask cluster.

``stats`` and ``compare`` cut their deals into batches of :data:`BATCH` deals (:func:`plan`). A batch is
a small picklable task; a module-level function turns it into a result (per-deal arrays). Every batch
derives its deals from ``(seed, deal index)`` and its play seeds from ``(seed, batch start)``, and the
results come back in batch order, so a run gives the same numbers whether its batches ran one after the
other here, in a pool of worker processes, or spread over the machines of a Dask cluster.

Where the batches run (:func:`run_batches`):

* ``workers <= 1`` and no cluster: one after the other in this process (numba's threads still use every
  core inside each batch) — the default, and the fastest for small runs;
* ``workers = N > 1``: a pool of ``N`` spawned processes, one numba thread each;
* ``cluster = "local"``: a Dask ``LocalCluster`` of ``workers`` processes on the loopback interface;
* ``cluster = "tcp://host:8786"``: an existing Dask scheduler (its workers need this package installed);
  an already connected ``distributed.Client`` is accepted too.

A rich progress bar on stderr follows the batches of long runs when ``progress`` is set.
"""

from __future__ import annotations

import multiprocessing
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from analyzer.errors import UserError, field_name
from analyzer.runs.progress import progress_bar

#: deals per batch of every batch command (``stats``, ``compare``, ``bid``'s sampled deals, ``two-hand``): what a
#: worker takes at a time and what a progress bar counts. Figures do not depend on it (deal i's cards come
#: from (seed, i)); only the ``random`` play policy's streams are seeded per batch
BATCH = 1024
#: the most deals of one run: a deal's random stream is keyed by 32 bits of its index, so deals past 2**32
#: would repeat earlier ones (and the play seeds of batches past it too)
MAX_DEALS = 2**32
#: batches a pool or a cluster works on at once per worker (results wait in memory only this long)
IN_FLIGHT = 2
#: how long to wait for a Dask scheduler to answer
CONNECT_TIMEOUT = "15s"

T = TypeVar("T")
R = TypeVar("R")



@dataclass(frozen=True)
class Span:
    """Deals ``start .. start + n - 1`` of a run: batch number ``index``."""

    index: int
    start: int
    n: int


def spans(samples: int, batch: int = BATCH) -> Iterator[Span]:
    """The batches of a run of ``samples`` deals (1 .. :data:`MAX_DEALS`, checked by the API), one at a time: fixed
    boundaries at multiples of ``batch``."""
    assert 1 <= samples <= MAX_DEALS, samples
    for i, s in enumerate(range(0, samples, batch)):
        yield Span(i, s, min(batch, samples - s))


def count_spans(samples: int, batch: int = BATCH) -> int:
    return -(-samples // batch)


def plan(samples: int, batch: int = BATCH) -> list[Span]:
    """The batches of a run of ``samples`` deals as a list (:func:`spans`)."""
    return list(spans(samples, batch))


def _one_thread() -> None:
    """Worker initialiser: a pool of N processes on N cores wants one numba thread each."""
    try:
        import numba

        numba.set_num_threads(1)
    except Exception:  # pragma: no cover - numba always imports here; never fail a worker over it
        pass


def check_cluster(cluster: Any) -> None:
    """UserError, before any work, for a ``--cluster`` value that is no scheduler address: ``local`` or
    ``tcp://host:port`` (also tls://, ucx://, inproc://)."""
    if cluster is None or not isinstance(cluster, str):
        return
    if cluster == "local" or cluster.startswith("inproc://"):
        return
    m = re.fullmatch(r"(tcp|tls|ucx)://(\[[0-9a-fA-F:]+\]|[^:/\s]+):(\d{1,5})", cluster)
    if m is None or not 0 < int(m.group(3)) < 65536:
        raise UserError(f"bad {field_name('cluster')} {cluster!r}: give a scheduler address with its port, e.g. "
                        "tcp://host:8786, or local")


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise UserError(
            f"{field_name('cluster')} needs Dask: pip install 'dask[distributed]' (or drop {field_name('cluster')} to "
            f"use {field_name('workers')})"
        ) from None
    return distributed


@contextmanager
def _dask_client(cluster: Any, workers: int):
    """A connected ``distributed.Client`` for ``cluster`` (closed afterwards unless it was given)."""
    distributed = _dask()
    if isinstance(cluster, distributed.Client):
        yield cluster
        return
    if cluster == "local":
        lc = distributed.LocalCluster(
            n_workers=max(1, workers), threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None, env={"NUMBA_NUM_THREADS": "1"},
        )
        client = distributed.Client(lc)
        try:
            yield client
        finally:
            client.close()
            lc.close()
        return
    address = str(cluster)
    check_cluster(address)
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as e:
        raise UserError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    try:
        yield client
    finally:
        client.close()


def iter_batches(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    *,
    total: int | None = None,
    workers: int = 1,
    cluster: Any = None,
    progress: bool = False,
    label: str = "batches",
) -> Iterator[R]:
    """``fn(t)`` for each task, yielded in the order of ``tasks`` and computed where ``workers`` /
    ``cluster`` say (module docstring).

    Tasks are taken from the iterable only as workers free up (at most :data:`IN_FLIGHT` per worker
    wait at once), so a run of any length holds a bounded number of batches in memory. ``fn`` must be a
    module-level function and the tasks picklable when they leave this process. An exception raised by
    a batch (a UserError included) is raised here; Ctrl-C cancels the batches not yet started.
    """
    assert workers >= 1, workers  # checked by the API (analyzer.api.where)
    it = iter(tasks)
    with progress_bar(progress, total, label) as bar:
        if cluster is not None:
            with _dask_client(cluster, workers) as client:
                yield from _ordered(lambda t: client.submit(fn, t, pure=False), it,
                                    IN_FLIGHT * max(1, len(client.scheduler_info().get("workers", {})) or workers),
                                    bar, cancel=lambda fs: client.cancel(list(fs)))
        elif workers == 1:
            for t in it:
                out = fn(t)
                bar.advance()
                yield out
        else:
            ctx = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_one_thread)
            try:
                yield from _ordered(lambda t: pool.submit(fn, t), it, IN_FLIGHT * workers, bar)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            pool.shutdown(wait=True)


def _ordered(submit: Callable[[Any], Any], tasks: Iterator[Any], window: int, bar: Any,
             cancel: Callable[[Any], Any] | None = None) -> Iterator[Any]:
    """Results of futures in submission order, keeping at most ``window`` submitted and unyielded."""
    pending: deque[Any] = deque()
    try:
        for t in tasks:
            pending.append(submit(t))
            if len(pending) >= window:
                out = pending.popleft().result()
                bar.advance()
                yield out
        while pending:
            out = pending.popleft().result()
            bar.advance()
            yield out
    except BaseException:
        for f in pending:
            f.cancel()
        if cancel is not None and pending:
            cancel(pending)
        raise


def run_batches(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    cluster: Any = None,
    progress: bool = False,
    label: str = "batches",
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed where ``workers`` / ``cluster`` say (:func:`iter_batches`),
    the results in the order of ``tasks``."""
    tasks = list(tasks)
    if workers > len(tasks) > 0:
        workers = max(1, len(tasks))
    return list(iter_batches(fn, tasks, total=len(tasks), workers=workers, cluster=cluster, progress=progress,
                             label=label))
