"""Fixtures shared by the test files."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from analyzer.cli import main
from analyzer.estimate import Estimate, estimate

RunCli = Callable[[list[str]], tuple[int, str, str]]


#: the processes compiling the kernels before a run of the whole suite (tests/warm_kernels.py)
_warming: list[subprocess.Popen[bytes]] = []


def pytest_configure(config: pytest.Config) -> None:
    """A run of the whole suite (no file or test named) on a cold kernel cache compiles the kernels first, in two
    processes at once (``tests/warm_kernels.py``), instead of in each worker as tests meet them; nothing in a
    worker, for a chosen file or test, with JIT off, or once a warm-up finished for these kernel sources."""
    from analyzer import jit

    if (hasattr(config, "workerinput") or config.option.collectonly or jit.DISABLED
            or config.args_source is not pytest.Config.ArgsSource.TESTPATHS or jit.is_compiled("test-suite")):
        return
    script = Path(__file__).with_name("warm_kernels.py")
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    for job in ("solver", "heuristic"):
        _warming.append(subprocess.Popen([sys.executable, str(script), job], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """Wait for the warm-up of :func:`pytest_configure` before any worker starts (then mark it done)."""
    if not _warming:
        return
    from analyzer import jit

    print("compiling the kernels the tests use, once for these kernel sources (two processes, a minute or two)",
          file=sys.stderr, flush=True)
    codes = [p.wait() for p in _warming]
    _warming.clear()
    if not any(codes):
        jit.mark_compiled("test-suite")


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> RunCli:
    """``run_cli(args)``: exit status, stdout and stderr of ``pinochle ARGS`` run in this process."""

    def run(args: list[str]) -> tuple[int, str, str]:
        from analyzer.runs import progress

        # the one-time "compiling kernels" note would be a second stderr line in whichever test first compiles a
        # kernel in this worker (test_streaming checks the note itself)
        progress._compile_note_shown = True
        capsys.readouterr()  # drop anything printed before
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


Refused = Callable[[list[str]], str]


@pytest.fixture
def cli_refuses(run_cli: RunCli) -> Refused:
    """``cli_refuses(args)``: the one line ``pinochle ARGS`` refuses its input with (the text after ``pinochle:
    error:``), having checked the project's rule for bad input: exit status 2, nothing on stdout, one line on
    stderr, no traceback."""

    def refuse(args: list[str]) -> str:
        code, out, err = run_cli(args)
        lines = err.strip().splitlines()
        assert code == 2 and out == "" and len(lines) == 1, (code, out, err)
        assert lines[0].startswith("pinochle: error: "), err
        return lines[0].removeprefix("pinochle: error: ")

    return refuse


@pytest.fixture
def cli_json(run_cli: RunCli) -> Callable[[list[str]], Any]:
    """A command's ``--json`` answer (the command must succeed): what the page's answers are set against."""

    def answer(args: list[str]) -> Any:
        code, out, err = run_cli(args)
        assert code == 0, err
        return json.loads(out)

    return answer


@pytest.fixture
def page() -> Any:
    """The page's API as a test client (one worker, nothing warmed); skipped without httpx."""
    pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the test extra)")
    from fastapi.testclient import TestClient

    from analyzer.web.app import create_app

    with TestClient(create_app(workers=1, warm=False)) as client:
        yield client


RatioCi = Callable[[np.ndarray, np.ndarray], tuple[Estimate, np.ndarray]]


def _ratio_ci(num: np.ndarray, den: np.ndarray) -> tuple[Estimate, np.ndarray]:
    """The ratio of means ``sum(num) / sum(den)`` with its delta-method interval, and the per-deal
    linearised values (their mean is 0; their spread gives the standard error): the whole-sample reference
    for the batch-by-batch ratios of :class:`analyzer.estimate.Moments`."""
    num = np.asarray(num, dtype=np.float64)
    den = np.asarray(den, dtype=np.float64)
    d = den.mean()
    if d == 0:
        return estimate(math.nan, math.nan, num.size), np.zeros_like(num)
    r = num.mean() / d
    lin = (num - r * den) / d
    se = float(lin.std(ddof=1) / math.sqrt(lin.size)) if lin.size > 1 else 0.0
    return estimate(r, se, num.size), lin


@pytest.fixture
def ratio_ci() -> RatioCi:
    """``ratio_ci(num, den)``: a ratio of means computed on the whole sample at once (:func:`_ratio_ci`)."""
    return _ratio_ci


@pytest.fixture(scope="session")
def dask_scheduler():
    """The address of a local Dask cluster (two worker processes, one thread and one numba thread each, on the
    loopback), started once for the session: the batch runner's and the commands' cluster tests share it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, env={"NUMBA_NUM_THREADS": "1"}) as lc:
        yield lc.scheduler_address


def _card_for_game_agrees(adv: Any, where: Any) -> None:
    """The card shown for the game is never beaten beyond its interval by another card shown, and where it replaced the
    card by points it beats it beyond the noise (a card advice's ``game`` figures)."""
    g = adv.game
    best = g.card(adv.best)
    for c in g.cards:
        assert c.chance.mean <= best.chance.hi + 1e-9, (where, c, best)
    if g.differs:
        assert g.gain.lo > 0, where


@pytest.fixture
def card_for_game_agrees() -> Callable[[Any, Any], None]:
    """``card_for_game_agrees(advice, where)``: the self-agreement check of the card for the game."""
    return _card_for_game_agrees
