"""Compiling the double-dummy solver on the second core while a first run does its other work.

On a fresh machine the first command that solves double dummy (``pinochle bid`` checks a few deals, ``stats``
and ``report`` with ``--play dd|both``, ``two-hand`` with its exact phase 2) must compile the solver's
kernels as well as the sampler's and the playout's. Numba compiles one function at a time in a process, so
such a command calls :func:`start_solver` first: when the solver is not in the kernel cache yet and the
machine has a second core, a background process (``python -m analyzer.runs.warmup``) compiles it by solving one
small deal, while this process samples and plays out its deals. Before its first solve, this process calls
:func:`wait`, and then loads the solver from the cache the background process filled. A later run finds the
solver cached and starts nothing. The kernel signatures do not depend on the rule set, so one warm-up serves
every game.
"""

from __future__ import annotations

import os
import subprocess
import sys

from analyzer.errors import field_name

_proc: subprocess.Popen[bytes] | None = None


def solver_cached() -> bool:
    """Whether the kernel cache of this version of the kernels holds the whole solver: a process that
    solved a position marks it (``jit.mark_compiled("solver")``), so a cache a compile is still filling
    does not count."""
    from analyzer import jit

    return jit.is_compiled("solver")


def start_solver() -> bool:
    """Start compiling the solver in a background process when it is not cached and a second core is
    there to do it; True when a warm-up was started."""
    global _proc
    from analyzer import jit

    if _proc is not None or jit.DISABLED or (os.cpu_count() or 1) < 2 or solver_cached():
        return False
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    try:
        _proc = subprocess.Popen([sys.executable, "-m", "analyzer.runs.warmup"], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    except OSError:  # pragma: no cover - no process to spare: this process compiles when it solves
        return False
    return True


def first_run_note(flags: bool = True) -> str | None:
    """For a command whose double-dummy figures are optional (``pinochle bid`` without ``--play``): when
    the solver is not compiled yet, start compiling it in the background (the process outlives this one
    and fills the cache) and return the note that says its figures are left out of this run; else None."""
    from analyzer import jit

    if jit.DISABLED or solver_cached():
        return None
    start_solver()
    return ("the double-dummy check is left out of this first run: the solver is compiling in the background "
            "(about a minute, once); " + (f"run the command again for it, or add {field_name('play')} both to wait "
                                          "for it" if flags else "ask again for it, or choose play mode both to wait "
                                          "for it"))


def wait() -> None:
    """Wait for a background warm-up to finish (nothing when none runs): call before the first solve."""
    global _proc
    if _proc is None:
        return
    try:
        _proc.wait()
    finally:
        _proc = None


def compile_solver() -> None:
    """Solve one small auction deal with the options of the double-dummy check: every kernel it calls is
    compiled and cached."""
    import numpy as np

    from analyzer.cards import Hand
    from analyzer.rules import load
    from analyzer.solve import solve_deals

    rules = load("auction")
    names = ["AS TS", "KS QS", "AH TH", "KH QH"]
    deal = np.stack([Hand.parse(h, rules.deck).planes for h in names])[None]
    solve_deals(rules, deal, trump=1, leader=0, declarer=0, bid=0, max_nodes=10_000, lines=True)


if __name__ == "__main__":
    try:
        os.nice(10)  # the command that started this answers first; this only fills the cache
    except OSError:  # pragma: no cover - nice is not available everywhere
        pass
    compile_solver()
