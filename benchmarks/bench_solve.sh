#!/usr/bin/env bash
# The README's solver table: every fixed set (bridge with DDS in the same run), one thread. Luxury Family and
# double deck: the first 20 deals at a 20 M-node budget (their full deals mostly run past any budget we can
# afford; the table says how many were exact). Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 benchmarks/bench_solve.py --sets bridge,auction,two-handed,luxury-family,double-deck \
  --limit bridge=200,auction=100,two-handed=100,luxury-family=20,double-deck=20 --budget 20e6 \
  --markdown /tmp/bench_solve.md "$@"
python3 benchmarks/update_readme.py solver /tmp/bench_solve.md
