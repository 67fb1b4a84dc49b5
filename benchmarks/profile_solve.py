"""Solve the first deals of a fixed set under ``perf``, with the compiled kernels named in its report.

``perf`` sees numba's machine code as anonymous memory. This script compiles the solver in its own process
(give it an empty kernel cache: code loaded from the cache carries no symbols), solves the deals, and then
writes ``/tmp/perf-<pid>.map``, the file in which ``perf report`` looks up JIT code, from the addresses of
every function in numba's compiled libraries. How docs/solver.md steps 39-41 were found:

    NUMBA_CACHE_DIR=$(mktemp -d) NUMBA_NUM_THREADS=1 \\
        perf record -o /tmp/perf.data python benchmarks/profile_solve.py --set bridge --limit 40
    perf report -i /tmp/perf.data --no-children --sort sym | grep -E 'analyzer|NRT'

The samples also cover the compilation (Python and LLVM); the solver's share is the lines named
``analyzer...`` (and ``NRT_*``, numba's reference counting, where a kernel still does it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from deal_sets import read_set  # noqa: E402

from analyzer.solve import solve_deals  # noqa: E402


def perf_map(path: str) -> int:
    """Write a perf map of every function of the package's compiled kernels; returns how many."""
    addrs: set[tuple[int, str]] = set()
    for name, mod in list(sys.modules.items()):
        if not name.startswith("analyzer"):
            continue
        for obj in vars(mod).values():
            for cres in getattr(obj, "overloads", {}).values():
                lib = cres.library
                for fn in lib.get_defined_functions():
                    try:
                        a = lib.get_pointer_to_function(fn.name)
                    except Exception:  # noqa: BLE001 - declarations and stripped helpers have no address
                        continue
                    if a:
                        addrs.add((int(a), fn.name))
    rows = sorted(addrs)
    with open(path, "w") as fh:
        for i, (a, fn) in enumerate(rows):
            gap = rows[i + 1][0] - a if i + 1 < len(rows) else 4096
            fh.write(f"{a:x} {min(gap, 1 << 20):x} {fn}\n")
    return len(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default="bridge", help="a fixed deal set of benchmarks/data")
    ap.add_argument("--limit", type=int, default=40, help="its first N deals")
    ap.add_argument("--budget", type=float, default=20e6, help="node budget per deal")
    args = ap.parse_args()
    rules, deals, trumps, leaders, decls = read_set(args.set)
    n = args.limit
    solve_deals(rules, deals[:1], trumps[:1], leaders[:1], decls[:1], max_nodes=1000, lines=False)  # compiles
    t = time.perf_counter()
    solve_deals(rules, deals[:n], trumps[:n], leaders[:n], decls[:n], max_nodes=int(args.budget), lines=False)
    print(f"{n} deals of {args.set} solved in {time.perf_counter() - t:.2f} s")
    k = perf_map(f"/tmp/perf-{os.getpid()}.map")
    if k == 0:
        print("no compiled functions found: run with an empty NUMBA_CACHE_DIR (see the module docstring)")
    else:
        print(f"perf map of {k} functions written to /tmp/perf-{os.getpid()}.map")


if __name__ == "__main__":
    main()
