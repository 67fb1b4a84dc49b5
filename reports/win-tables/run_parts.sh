#!/usr/bin/env bash
# A win table's self-play sample played in parts, for samples that take hours (Luxury Family's advisor against
# itself: issue 51 asks the tables of the shipped advisor, or of a proxy shown to give the same table). Each part is
# hands START .. START + PART - 1 of the arena's seed 1 (`python3 -m analyzer.arena.tables --part-out`), kept once
# written (data/RULES-AGENT.partK.parquet), so the script can be stopped and started again, on another machine too
# once the parts are committed (reports/land_parts.sh lands them on main as they finish); when every part is there
# the table is made from them (`--from`: analyzer/game/tables, the plot and the line of tables.json).
#
# Usage: RULES=luxury-family AGENT=advisor HANDS=6000 PART=500 WORKERS=1 bash run_parts.sh
set -euo pipefail
cd "$(dirname "$0")"
export PYTHONPATH="$(cd ../.. && pwd)${PYTHONPATH:+:$PYTHONPATH}"
RULES=${RULES:-luxury-family}
AGENT=${AGENT:-advisor}
HANDS=${HANDS:-6000}
PART=${PART:-500}
WORKERS=${WORKERS:-2}
# one numba thread a process: the parallelism is the workers (reports/parts.sh says why)
export NUMBA_NUM_THREADS=${NUMBA_NUM_THREADS:-1}
mkdir -p data
parts=()
for ((start = 0; start < HANDS; start += PART)); do
  n=$((HANDS - start < PART ? HANDS - start : PART))
  out="data/$RULES-$AGENT.part$((start / PART)).parquet"
  parts+=("$out")
  if [[ ! -f $out ]]; then
    echo "== $RULES $AGENT: hands $start..$((start + n - 1)) ($(date +%T))"
    nice -n 10 python3 -m analyzer.arena.tables --rules "$RULES" --agent "$AGENT" --start "$start" --hands "$n" \
      --workers "$WORKERS" --part-out "$out.tmp"
    mv "$out.tmp" "$out"
  fi
done
echo "== $RULES $AGENT: the table from ${#parts[@]} part(s)"
python3 -m analyzer.arena.tables --rules "$RULES" --from "${parts[@]}"
