# The arena run in parts, shared by the run scripts under reports/ (sourced: `source ../parts.sh`).
#
# run_parts UNIT NAME TOTAL ARGS...: play the missing parts of run NAME, then draw its page from all of them.
#   UNIT is `deals` or `games`; TOTAL the run's deals or game pairs; ARGS the arena's own (rules, agents, seed).
#   Part K is items K*PART .. K*PART + PART - 1 (`--start`), written to data/NAME.partK.parquet and kept once written
#   (a *.tmp until it is whole), so a script can be stopped and started again -- on another machine too, once the parts
#   are committed (reports/land_parts.sh lands them on main as they finish) -- and carries on where it stopped.
#   The page: `arena --from` every part, then PAGE_ARGS (an array the caller may set, e.g. the house file's --rules),
#   `--report . --name NAME`.
#
# Settings (environment): PART (items a part), WORKERS (the arena's --workers), NICE (default 10).
# The kernels run on one numba thread in each process (NUMBA_NUM_THREADS=1 unless set): a run's parallelism is its
# workers, and runs share the machine's cores. Measured on a double-deck game pair of advisor-game against advisor,
# 2 cores, other runs beside it: 16.0 s of CPU on one thread against 21.3 s on two, the same games to the byte.
export NUMBA_NUM_THREADS=${NUMBA_NUM_THREADS:-1}

run_parts() {
  local unit=$1 name=$2 total=$3; shift 3
  local parts=() start n out
  for ((start = 0; start < total; start += PART)); do
    n=$((total - start < PART ? total - start : PART))
    out="data/$name.part$((start / PART)).parquet"
    parts+=(--from "$out")
    if [[ ! -f $out ]]; then
      echo "== $name: $unit $start..$((start + n - 1)) ($(date +%T))"
      nice -n "${NICE:-10}" python3 -m analyzer arena "$@" --"$unit" "$n" --start "$start" --workers "${WORKERS:-2}" \
        --out "$out.tmp" > /dev/null
      mv "$out.tmp" "$out"
    fi
  done
  echo "== $name: page from $((${#parts[@]} / 2)) part(s)"
  python3 -m analyzer arena "${parts[@]}" ${PAGE_ARGS[@]+"${PAGE_ARGS[@]}"} --report . --name "$name" > /dev/null
}
