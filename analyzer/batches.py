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
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from analyzer.errors import UserError

#: deals per batch; part of the reproducibility contract (it fixes the play seeds): never vary per run
BATCH = 4096
#: how long to wait for a Dask scheduler to answer
CONNECT_TIMEOUT = "15s"

T = TypeVar("T")
R = TypeVar("R")

CLUSTER_HELP = "run the batches on a Dask cluster: tcp://host:8786 (a running scheduler) or local"
WORKERS_HELP = "worker processes (1: this process; with --cluster local: the local Dask workers)"


@dataclass(frozen=True)
class Span:
    """Deals ``start .. start + n - 1`` of a run: batch number ``index``."""

    index: int
    start: int
    n: int


def plan(samples: int, batch: int = BATCH) -> list[Span]:
    """The batches of a run of ``samples`` deals: fixed boundaries at multiples of ``batch``."""
    if samples < 1:
        raise UserError(f"--samples must be at least 1, not {samples}")
    return [Span(i, s, min(batch, samples - s)) for i, s in enumerate(range(0, samples, batch))]


def _one_thread() -> None:
    """Worker initialiser: a pool of N processes on N cores wants one numba thread each."""
    try:
        import numba

        numba.set_num_threads(1)
    except Exception:  # pragma: no cover - numba always imports here; never fail a worker over it
        pass


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise UserError(
            "--cluster needs Dask: pip install 'dask[distributed]' (or drop --cluster to use --workers)"
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
    if not address.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
        raise UserError(f"bad --cluster {address!r}: give a scheduler address such as tcp://host:8786, or local")
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as e:
        raise UserError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    try:
        yield client
    finally:
        client.close()


class _Bar:
    """A rich progress bar on stderr that only shows on a terminal, for runs of several batches."""

    def __init__(self, show: bool, total: int, label: str) -> None:
        self.p = None
        if not show or total < 2:
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        console = Console(stderr=True)
        if not console.is_terminal:
            return
        self.p = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                          console=console, transient=True)
        self.p.start()
        self.task = self.p.add_task(label, total=total)

    def advance(self, k: int = 1) -> None:
        if self.p is not None:
            self.p.update(self.task, advance=k)

    def close(self) -> None:
        if self.p is not None:
            self.p.stop()


def run_batches(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    cluster: Any = None,
    progress: bool = False,
    label: str = "batches",
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed where ``workers`` / ``cluster`` say (module docstring).

    ``fn`` must be a module-level function and the tasks picklable when they leave this process. The
    results are returned in the order of ``tasks`` whatever order the batches finish in; an exception
    raised by a batch (a UserError included) is raised here.
    """
    if workers < 1:
        raise UserError(f"--workers must be at least 1, not {workers}")
    tasks = list(tasks)
    bar = _Bar(progress, len(tasks), label)
    out: list[Any] = [None] * len(tasks)
    try:
        if cluster is not None:
            with _dask_client(cluster, workers) as client:
                futures = client.map(fn, tasks, pure=False)
                index = {f.key: i for i, f in enumerate(futures)}
                distributed = _dask()
                for f in distributed.as_completed(futures):
                    out[index[f.key]] = f.result()
                    bar.advance()
        elif workers == 1 or len(tasks) <= 1:
            for i, t in enumerate(tasks):
                out[i] = fn(t)
                bar.advance()
        else:
            ctx = multiprocessing.get_context("spawn")
            n = min(workers, len(tasks))
            with ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_one_thread) as pool:
                futs = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
                for f in as_completed(futs):
                    out[futs[f]] = f.result()
                    bar.advance()
    finally:
        bar.close()
    return out
