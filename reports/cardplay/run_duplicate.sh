#!/usr/bin/env bash
# Duplicate play of the sampling player against policy v1 (reports/cardplay/duplicate.md), in parts of PART deals (25:
# auction's took 3-6 minutes on 2 cores shared with arena runs, 2026-11-28)
# (data/GAME.partK.parquet, kept once written: stop and start again, on another machine once committed).
# Usage: bash run_duplicate.sh [GAME ...]   (default: auction double-deck luxury-family two-handed; DEALS each)
#        NICE=15 bash run_duplicate.sh auction   (the parts' nice level, 10 unless given: 15 yields to other runs)
set -euo pipefail
cd "$(dirname "$0")"
PART=${PART:-25}
DEALS=${DEALS:-2000}
mkdir -p data
games=("$@")
[[ ${#games[@]} -eq 0 ]] && games=(auction double-deck luxury-family two-handed)
for g in "${games[@]}"; do
  for ((start = 0; start < DEALS; start += PART)); do
    out="data/$g.part$((start / PART)).parquet"
    [[ -f $out ]] && continue
    echo "== $g: deals $start..$((start + PART - 1)) ($(date +%T))"
    nice -n ${NICE:-10} python3 duplicate.py run --rules "$g" --start "$start" --deals "$PART" --out "$out"
  done
done
python3 duplicate.py report
