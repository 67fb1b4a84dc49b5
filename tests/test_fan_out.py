"""The JIT policy's fan-out of range kernels over threads, and a first run that compiles only what the
command needs (the double-dummy solver only where a command solves)."""

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import numba
import numpy as np
import pytest

from analyzer import jit


def test_ranges_cover_every_item_once_one_range_per_thread():
    seen: list[tuple[int, int, str]] = []
    lock = threading.Lock()

    def rng(out, lo, hi):
        with lock:
            seen.append((lo, hi, threading.current_thread().name))
        out[lo:hi] += 1

    old = numba.get_num_threads()
    try:
        numba.set_num_threads(2)
        out = np.zeros(1001, dtype=np.int64)
        jit.fan_out(rng, 1001, out)
        assert (out == 1).all() and len(seen) == 2
        assert sorted((lo, hi) for lo, hi, _ in seen) == [(0, 500), (500, 1001)]
        assert all(name.startswith("pinochle-kernel") for _, _, name in seen)
        seen.clear()
        small = np.zeros(jit.MIN_PER_THREAD, dtype=np.int64)
        jit.fan_out(rng, small.size, small)  # too small to split: one range, on this thread
        assert seen == [(0, small.size, threading.current_thread().name)] and (small == 1).all()
        numba.set_num_threads(1)
        seen.clear()
        jit.fan_out(rng, 1001, out)
        assert [(lo, hi) for lo, hi, _ in seen] == [(0, 1001)]
    finally:
        numba.set_num_threads(old)


def test_an_error_in_a_range_reaches_the_caller():
    def rng(lo, hi):
        if lo > 0:
            raise ValueError("second range failed")

    old = numba.get_num_threads()
    try:
        numba.set_num_threads(2)
        with pytest.raises(ValueError, match="second range"):
            jit.fan_out(rng, 1000)
    finally:
        numba.set_num_threads(old)



def test_an_empty_batch_runs_nothing():
    calls = []
    jit.fan_out(lambda lo, hi: calls.append((lo, hi)), 0)
    assert calls == []


@jit.range_kernel
def _add_index(out, lo, hi):
    for i in range(lo, hi):
        out[i] += i


@jit.range_kernel(jit=jit.hot)
def _square_index(out, lo, hi):
    for i in range(lo, hi):
        out[i] = i * i


def test_a_range_kernel_runs_one_range_or_its_batch_form_every_item():
    old = numba.get_num_threads()
    try:
        numba.set_num_threads(2)
        out = np.zeros(1001, dtype=np.int64)
        _add_index(out, 10, 20)  # the kernel itself: one range
        assert out[10:20].tolist() == list(range(10, 20)) and out.sum() == sum(range(10, 20))
        out[:] = 0
        _add_index.batch(out.size, out)  # the batch form: every item once, over the threads
        assert (out == np.arange(1001)).all()
        _add_index.batch(0, out)  # nothing to do
        assert (out == np.arange(1001)).all()
        sq = np.zeros(100, dtype=np.int64)
        _square_index.batch(sq.size, sq)
        assert (sq == np.arange(100) ** 2).all()
    finally:
        numba.set_num_threads(old)



def test_a_range_kernel_pickles_by_name():
    """Work sent to other processes (``--workers``, ``--cluster``) carries range kernels, e.g. in a rule set's
    cached meld tables: they must arrive as the worker's own kernel, batch form and all."""
    import pickle

    from analyzer.meld import meld_tables
    from analyzer.rules import load

    kern, args = meld_tables(load("auction"))
    assert isinstance(kern, jit.RangeKernel) and len(pickle.dumps(kern)) < 200
    again, _ = pickle.loads(pickle.dumps((kern, args)))
    assert again is kern and callable(again.batch)


SCRIPT = """
import json, sys
from analyzer.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
mods = sorted(m for m in sys.modules if m.startswith(("analyzer.solve", "matplotlib", "analyzer.arena.agents")))
print(json.dumps(mods), file=sys.stderr)
"""


def _modules(*args: str) -> list[str]:
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, env=env, timeout=300)
    return json.loads(r.stderr.strip().splitlines()[-1])


def test_commands_import_no_more_than_they_need():
    # --version and rules touch no kernel; bid with heuristic play neither solver nor plots nor agents
    assert _modules("--version") == []
    assert _modules("rules", "auction") == []
    assert _modules("bid", "-H", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--samples", "60", "--play", "heuristic") == []
    # the solver comes in where a command solves
    assert any(m.startswith("analyzer.solve") for m in _modules(
        "solve", "--trump", "H", "--hands", "AS TS / QS JS / AH TH / AD JD"))


def _cache_dir(**env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    r = subprocess.run([sys.executable, "-c", "from analyzer import jit; print(jit.cache_dir())"],
                       capture_output=True, text=True, env={**base, **env}, timeout=120)
    return r.stdout.strip()


def test_kernels_are_cached_where_the_readme_says(tmp_path):
    home = tmp_path / "home"
    assert _cache_dir(HOME=str(home)).startswith(str(home / ".cache" / "pinochle-analyzer" / "numba-"))
    assert _cache_dir(XDG_CACHE_HOME=str(tmp_path / "xdg")).startswith(str(tmp_path / "xdg" / "pinochle-analyzer"))
    assert _cache_dir(NUMBA_CACHE_DIR=str(tmp_path / "n")).startswith(str(tmp_path / "n" / "numba-"))
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "~/.cache/pinochle-analyzer" in readme and "__pycache__" not in readme


def test_the_solver_warm_up_starts_only_when_it_helps(monkeypatch):
    from analyzer.runs import warmup

    started = []

    class FakeProc:
        def __init__(self, args, **kw):
            started.append(args)
            self.waited = False

        def wait(self):
            self.waited = True

    monkeypatch.setattr(warmup.subprocess, "Popen", FakeProc)
    monkeypatch.setattr(warmup, "_proc", None)
    monkeypatch.setattr(warmup, "solver_cached", lambda: True)
    assert warmup.start_solver() is False and started == []  # cached: nothing to do
    monkeypatch.setattr(warmup, "solver_cached", lambda: False)
    monkeypatch.setattr(warmup.os, "cpu_count", lambda: 1)
    assert warmup.start_solver() is False  # one core: compiling in turn is as fast
    monkeypatch.setattr(warmup.os, "cpu_count", lambda: 2)
    assert warmup.start_solver() is True and started[0][1:] == ["-m", "analyzer.runs.warmup"]
    assert warmup.start_solver() is False  # one at a time
    proc = warmup._proc
    warmup.wait()
    assert proc.waited and warmup._proc is None
    warmup.wait()  # nothing running: returns at once


def test_the_warm_up_compiles_by_solving_a_small_deal():
    from analyzer.runs import warmup

    warmup.compile_solver()  # the solver is cached in the test run: this only checks the call is sound
    assert warmup.solver_cached()


def test_the_kernel_cache_follows_the_constants_kernels_read(tmp_path):
    """An edit of a module whose constants a kernel compiles in (the solver's layout, the card kinds)
    names a new cache folder, as an edit of a kernel itself does; the layers above keep the folder."""
    from analyzer import jit

    pkg = Path(jit.__file__).resolve().parent
    sources = jit._kernel_sources(pkg)
    for name in ("solve/layout.py", "solve/search.py", "cards/__init__.py", "play/engine.py", "deal/kernel.py"):
        assert pkg / name in sources, name
    for name in ("cli/__init__.py", "analyses/report.py", "cli/bid.py", "web/app.py"):
        assert pkg / name not in sources, name


def test_a_checkout_elsewhere_has_its_own_kernel_cache(tmp_path):
    """numba keys a cached kernel on its source file's full path, so a copy of the package elsewhere compiles
    afresh: it must get its own folder, or the solver's "compiled" mark of another checkout would send its
    first answer into a foreground compile."""
    import shutil

    from analyzer import jit

    pkg = Path(jit.__file__).resolve().parent
    copy = tmp_path / "elsewhere"
    shutil.copytree(pkg, copy / "analyzer", ignore=shutil.ignore_patterns("__pycache__"))
    base = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "PYTHONPATH")}
    r = subprocess.run([sys.executable, "-c", "from analyzer import jit; print(jit.cache_dir())"], capture_output=True,
                       text=True, env={**base, "PYTHONPATH": str(copy)}, timeout=120, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() != jit.cache_dir()
