"""The batch runner: the same results for the same seed however the batches are spread — in this process,
in a pool of worker processes, and on a local Dask cluster (loopback only)."""

import numpy as np
import pytest

from analyzer.analyses.compare import compare, settings_grid
from analyzer.errors import UserError
from analyzer.montecarlo.columns import collect
from analyzer.rules import load
from analyzer.runs import batches
from analyzer.runs.batches import BATCH, plan, run_batches

SAMPLES = BATCH + 1500  # two batches, the second one short


def _square(x: int) -> int:
    return x * x


def _fail_one(x: int) -> int:
    if x == 1:
        raise UserError(f"batch {x} refused")
    return x


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        assert np.array_equal(a[k], b[k]), k


def test_plan_has_fixed_boundaries():
    spans = plan(2 * BATCH + 7)
    assert [(s.index, s.start, s.n) for s in spans] == [(0, 0, BATCH), (1, BATCH, BATCH), (2, 2 * BATCH, 7)]
    assert plan(5) == plan(5, BATCH)
    with pytest.raises(AssertionError):  # the API checks the deals (analyzer.request.parts): below it, a bug
        plan(0)


def test_results_come_back_in_task_order():
    tasks = list(range(7))
    assert run_batches(_square, tasks) == [t * t for t in tasks]
    assert run_batches(_square, tasks, workers=2) == [t * t for t in tasks]


def test_a_batch_error_reaches_the_caller():
    with pytest.raises(UserError, match="batch 1 refused"):
        run_batches(_fail_one, [0, 1, 2], workers=2)


def test_prefix_of_a_longer_run_is_the_shorter_run():
    rs = load("auction")
    short = collect(rs, 1000, 3)
    long = collect(rs, SAMPLES, 3)
    _same(short, {k: v[:1000] for k, v in long.items()})


def test_process_pool_gives_the_serial_result():
    rs = load("luxury-family")
    _same(collect(rs, SAMPLES, 7), collect(rs, SAMPLES, 7, workers=2))


def test_local_dask_cluster_gives_the_serial_result(dask_scheduler):
    distributed = pytest.importorskip("distributed")
    rs = load("double-deck")
    serial = collect(rs, SAMPLES, 13)
    grid = settings_grid("two-handed", ["deck=48,24"])
    serial_cmp = compare(grid, 1200, 4).as_dict()
    with distributed.Client(dask_scheduler) as client:
        _same(serial, collect(rs, SAMPLES, 13, cluster=client))
    # by scheduler address too, as --cluster tcp://host:port does
    assert compare(grid, 1200, 4, cluster=dask_scheduler).as_dict() == serial_cmp


def test_unreachable_scheduler_is_a_user_error(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(batches, "CONNECT_TIMEOUT", "2s")
    with pytest.raises(UserError, match="cannot reach the Dask scheduler"):
        run_batches(_square, [1], cluster="tcp://127.0.0.1:9")
