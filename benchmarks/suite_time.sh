#!/usr/bin/env bash
# The default test suite's time as CI meets it: a fresh clone of this checkout's HEAD, cold caches (the numba
# kernels and the win tables made on first ask: XDG_CACHE_HOME a new, empty folder), the README's test command
# verbatim. Prints the figure and puts its sentence into README.md between <!-- suite-time:begin/end -->
# (benchmarks/update_readme.py suite-time); commit that with the code it measured.
# The figure is the machine's: stop or pause other work on it first (kill -STOP / -CONT a run's process group).
# The editable install is pointed back at this checkout at the end.
#
# Usage: bash benchmarks/suite_time.sh ["words about the machine"]
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
note=${1:-}
work=$(mktemp -d)
trap 'python3 -m pip install -q -e "$repo[test]" > /dev/null 2>&1 || true; rm -rf "$work"' EXIT
git clone -q "$repo" "$work/clone"
commit=$(git -C "$work/clone" rev-parse --short HEAD)
mkdir "$work/cache"
cd "$work/clone"
t0=$(date +%s.%N)
XDG_CACHE_HOME="$work/cache" python3 -m pip install -q -e ".[test]" > "$work/install.log" 2>&1
t1=$(date +%s.%N)
if ! XDG_CACHE_HOME="$work/cache" python3 -m pytest > "$work/test.log" 2>&1; then
  tail -40 "$work/test.log"
  echo "suite_time: the suite failed at $commit; no figure" >&2
  exit 1
fi
t2=$(date +%s.%N)
counts=$(grep -E "^[0-9]+ passed" "$work/test.log" | tail -1 | sed -E -e 's/ in [0-9.]+s.*//' -e 's/, [0-9]+ warnings?//')
tests=$(awk -v a="$t1" -v b="$t2" 'BEGIN {printf "%.1f", b - a}')
install=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}')
sentence="on an idle $(nproc)-core machine${note:+ ($note)} a fresh clone's run on cold caches, numba compiling included,
took ${tests} s ($counts; the install before it ${install} s; $(date +%F), at $commit)"
echo "$sentence"
printf '%s\n' "$sentence" > "$work/sentence.md"
python3 "$repo/benchmarks/update_readme.py" suite-time "$work/sentence.md"
