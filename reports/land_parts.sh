#!/usr/bin/env bash
# Land the parts of long runs on main as they finish (the runs themselves play in a worktree, so that main's tree
# stays free for other work): every finished part file (*.parquet, never a *.tmp) in SRC that the run made there
# (new or changed in SRC's worktree: the parts its checkout brought are never copied back) and that main does not
# already hold byte for byte is copied to DST in this checkout and committed alone (`git commit --only`), so
# anything else staged here is left as it is. A part is landed once; an index lock held by another commit is
# retried on the next round.
#
# Usage (from the checkout of main):
#   bash reports/land_parts.sh SRC DST "LABEL" [SECONDS]
#   e.g. git worktree add --detach ../arena-run main
#        (cd ../arena-run/reports/arena && GAMES=double-deck nohup bash run_all.sh 2 3 4 > ../../run.log 2>&1 &)
#        nohup bash reports/land_parts.sh ../arena-run/reports/arena/data reports/arena/data "double deck" 120 &
# SECONDS: check again every SECONDS (default: once, then exit).
set -uo pipefail
src=$1 dst=$2 label=$3 every=${4:-0}
cd "$(git rev-parse --show-toplevel)"
land_once() {
  local f b
  for f in "$src"/*.parquet; do
    [[ -f $f ]] || continue
    b=$(basename "$f")
    [[ -z $(git -C "$src" status --porcelain -- "$b") ]] && continue  # as its checkout brought it
    cmp -s "$f" "$dst/$b" && continue
    cp "$f" "$dst/$b.landing" && mv "$dst/$b.landing" "$dst/$b"
    git add -- "$dst/$b" &&
      git commit -q --only -m "Run part $b ($label) landed: committed as it finished" -- "$dst/$b" &&
      echo "landed $b ($(date +%T))"
  done
}
land_once
while ((every > 0)); do sleep "$every"; land_once; done
