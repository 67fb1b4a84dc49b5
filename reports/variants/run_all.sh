#!/usr/bin/env bash
# The arena runs of the variants people play (issue 52): the advisor, which models the pass (its bid advice plays
# every sampled deal after the pass) and concedes where the card advice says so, against each yardstick on a house
# file with a card pass, 4,000 duplicate deals a run, seed 1. In steps 1-2 every agent passes by the simple passing
# rule (docs/RULES.md, "Card passing": the partner's trumps, then aces; the bid winner's cards that cost no meld), the
# yardsticks' published rule as the arena plays it.
#
# Step 1: auction with a three-card pass (house/auction-pass.toml) against formula, trickster and percentile.
# Step 2: double deck with a four-card pass (house/double-deck-pass.toml) against the same three.
# Step 3: the pass advice against the simple rule, auction with a three-card pass: advisor-pass (the advisor passing by
#   `pinochle pass`'s advice, analyzer/arena/pass_advisor.py) against advisor (the same calls, passing by the simple
#   rule), in duplicate on the same deals: only the declaring side's pass differs between a deal's copies, so A's net
#   per deal is half the declaring side's gain from the advice (paired on the deal; the copies' auctions differ where
#   the advisor's sampled calls do). A sample of 200 deals: +2.51 a deal (95% +0.52 to +4.50), 1,947 s on 2 workers
#   under a load average of 20-29. An advisor self-play run of the same seed reaches the same auctions copy by copy, so
#   pairing with it leaves only the pass's difference, but on 100 deals it cut the sd per deal only from 13.6 to 11.4
#   for twice the play: not done.
# Step 4: the same with double deck's four-card pass (house/double-deck-pass.toml).
#
# Every run is played in parts of PART deals (`--start K --deals PART --out data/NAME.partK.parquet`); a part is kept
# once written, so the script can be stopped and started again (reports/land_parts.sh lands the parts on main as they
# finish) and carries on where it stopped. A run's page is drawn from all its parts once they are all there.
# The code is this checkout's (PYTHONPATH: the repository this script sits in).
#
# Usage: bash run_all.sh [STEP ...]          (steps 1-4; default: all, in order)
#        WORKERS=1 PART=500 bash run_all.sh 1
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd ../.. && pwd)"
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
PART=${PART:-500}
WORKERS=${WORKERS:-2}
DEALS=${DEALS:-4000}
mkdir -p data

# run NAME DEALS RULES ARGS...: play the missing parts of run NAME on the house file RULES, then draw its page from
# all of them (the saved parts name the house rule set by its id: --rules gives its file again)
source ../parts.sh
run() {
  local name=$1 deals=$2 rules=$3; shift 3
  local PAGE_ARGS=(--rules "$rules")
  run_parts deals "$name" "$deals" --rules "$rules" "$@"
}

step1() {
  for opp in formula trickster percentile; do
    run "auction-pass-advisor-vs-$opp" "$DEALS" ../../house/auction-pass.toml --ns advisor --ew "$opp" --seed 1
  done
}

step2() {
  for opp in formula trickster percentile; do
    run "double-deck-pass-advisor-vs-$opp" "$DEALS" ../../house/double-deck-pass.toml --ns advisor --ew "$opp" --seed 1
  done
}

step3() {
  run auction-pass-advisor-pass-vs-advisor "$DEALS" ../../house/auction-pass.toml --ns advisor-pass --ew advisor --seed 1
}

step4() {
  run double-deck-pass-advisor-pass-vs-advisor "$DEALS" ../../house/double-deck-pass.toml --ns advisor-pass \
    --ew advisor --seed 1
}

steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(1 2 3 4)
for s in "${steps[@]}"; do "step$s"; done
