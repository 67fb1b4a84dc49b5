"""Compile the kernels the test suite uses before a run of the whole suite on a cold kernel cache.

Numba compiles one function at a time in a process, and each test worker compiles every kernel it meets that
the cache does not hold yet: on a fresh checkout the test workers compiled much the same kernels side by side, in
whichever tests met them first (a test that alone takes a second waited more than a minute). ``conftest.py``
instead starts this script twice, at once, before the workers start: job ``solver`` compiles the double-dummy
solver and then runs the golden requests that use it, job ``heuristic`` the golden requests that never call the
solver (:data:`tests.golden.cases.CASES`: every command and rule set; and :data:`MORE`). The workers then load
the kernels from the cache. A request that fails here is left to its own test to report.

Usage: ``python tests/warm_kernels.py solver|heuristic``
"""

from __future__ import annotations

import sys
from pathlib import Path

# this checkout's package and the tests' golden cases (whichever checkout the installed package points at)
sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parent)]

from golden.cases import CASES, run_case  # noqa: E402

#: the job that compiles the solver first and the one that never calls it
JOBS = ("solver", "heuristic")


def never_solves(args: list[str]) -> bool:
    """Whether a golden request plays with the heuristic players alone (never the double-dummy solver)."""
    if args[0] in ("rules", "meld", "stats", "compare"):
        return "--play" not in args
    if args[0] == "arena":
        return not any(a.startswith("advisor") for a in args)
    return "--play" in args and args[args.index("--play") + 1] == "heuristic"


#: requests beside the golden ones that fill a cache the tests meet cold: two-handed's win table for a game to 150
#: (made on first ask, some 20 s; the golden requests ask for the shipped target's)
MORE = {"heuristic": [["two-hand", "--score", "84-97", "--target", "150"]]}


def cases(job: str) -> list[list[str]]:
    """The requests job ``job`` runs."""
    return [a for a in CASES.values() if never_solves(a) == (job == "heuristic")] + MORE.get(job, [])


def main(job: str) -> int:
    if job not in JOBS:
        print(f"warm_kernels: unknown job {job!r}; type one of: {', '.join(JOBS)}", file=sys.stderr)
        return 2
    if job == "solver":
        from analyzer.runs.warmup import compile_solver

        compile_solver()
    failed = 0
    for args in cases(job):
        try:
            run_case(args)
        except Exception:  # noqa: BLE001 - its own test reports it
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
