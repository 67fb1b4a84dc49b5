# The arena run in parts, shared by the run scripts under reports/ (sourced: `source ../parts.sh`).
#
# run_parts UNIT NAME TOTAL ARGS...: play the missing parts of run NAME, then draw its page from all of them.
#   UNIT is `deals` or `games`; TOTAL the run's deals or game pairs; ARGS the arena's own (rules, agents, seed).
#   Part K is items K*PART .. K*PART + PART - 1 (`--start`), written to data/NAME.partK.parquet (whole or not at
#   all: the arena's --out) and kept once written, so a script can be stopped and started again -- on another
#   machine too, once the parts are committed (reports/land_parts.sh lands them on main as they finish) -- and
#   carries on where it stopped.
#   The page: `arena --from` every part, then PAGE_ARGS (an array the caller may set, e.g. the house file's --rules),
#   `--report . --name NAME`.
#   Two runners may share one run (e.g. two scripts started with the same GAMES and OPPS): a runner claims a part
#   before playing it (the folder data/NAME.partK.parquet.claim, made atomically, holding the runner's process id)
#   and skips a part another live runner holds; a claim whose runner is gone (stopped, killed) is taken over. The
#   page is drawn by whichever runner finds every part there when its own are done.
#
# Settings (environment): PART (items a part), WORKERS (the arena's --workers), NICE (default 10).
# The kernels run on one numba thread in each process (NUMBA_NUM_THREADS=1 unless set): a run's parallelism is its
# workers, and runs share the machine's cores. Measured on a double-deck game pair of advisor-game against advisor,
# 2 cores, other runs beside it: 16.0 s of CPU on one thread against 21.3 s on two, the same games to the byte.
export NUMBA_NUM_THREADS=${NUMBA_NUM_THREADS:-1}

# claim_part OUT: claim part file OUT for this runner (true), or false while another live runner holds it
claim_part() {
  local c=$1.claim t=$1.claim.$$ owner
  # the claim appears whole, id inside, or not at all (a rename onto a folder that holds a claim fails)
  mkdir -p "$t" && echo $$ > "$t/pid"
  if mv -T "$t" "$c" 2>/dev/null; then
    return 0
  fi
  rm -rf "$t"
  owner=$(cat "$c/pid" 2>/dev/null || true)
  if [[ -n $owner ]] && kill -0 "$owner" 2>/dev/null; then
    return 1
  fi
  # its runner is gone: take the claim over (start runners that share a run a few seconds apart)
  echo $$ > "$c/pid"
  echo "== taking over ${1##*/} from runner ${owner:-?}, which is gone"
  return 0
}

run_parts() {
  local unit=$1 name=$2 total=$3; shift 3
  local parts=() start n out
  for ((start = 0; start < total; start += PART)); do
    n=$((total - start < PART ? total - start : PART))
    out="data/$name.part$((start / PART)).parquet"
    parts+=(--from "$out")
    if [[ ! -f $out ]] && claim_part "$out"; then
      if [[ -f $out ]]; then  # finished by another runner between the look and the claim
        rm -rf "$out.claim"
        continue
      fi
      echo "== $name: $unit $start..$((start + n - 1)) ($(date +%T))"
      nice -n "${NICE:-10}" python3 -m analyzer arena "$@" --"$unit" "$n" --start "$start" --workers "${WORKERS:-2}" \
        --out "$out" > /dev/null
      rm -rf "$out.claim"
    fi
  done
  local k
  for ((k = 1; k < ${#parts[@]}; k += 2)); do
    if [[ ! -f ${parts[k]} ]]; then
      echo "== $name: ${parts[k]} is being played by another runner; its page is left to that runner"
      return 0
    fi
  done
  echo "== $name: page from $((${#parts[@]} / 2)) part(s)"
  python3 -m analyzer arena "${parts[@]}" ${PAGE_ARGS[@]+"${PAGE_ARGS[@]}"} --report . --name "$name" > /dev/null
}
