#!/usr/bin/env bash
# The arena runs of the variants people play (issue 52): the advisor, which models the pass (its bid advice plays
# every sampled deal after the pass) and concedes where the card advice says so, against each yardstick on a house
# file with a card pass, 4,000 duplicate deals a run, seed 2. In steps 1-2 every agent passes by the simple passing
# rule (docs/RULES.md, "Card passing": the partner's trumps, then aces; the bid winner's cards that cost no meld), the
# yardsticks' published rule as the arena plays it.
#
# Step 0: the clue model's fit for each house game (analyzer/arena/cluefit.py, as reports/arena/run_all.sh step 1
#   fits the built-in games): the advisor reading the calls with the prior model (advisor:clues=prior) against each
#   of formula, trickster and percentile, seed 1 (never reported on); the opponents' calls pooled over the three, the
#   partner's apart (double deck: by situation too, as its own fit); `fit --write` stores it under the house game's id
#   in analyzer/rules/clue_fit.json, which must then be committed before steps 1-4 are played. Why: a house game had
#   no fit of its own, so the advisor read every call with the prior model (shift 0), while with a pass the bidders
#   value the hand with the cards to come: percentile's calls read +10.2 / 3.5 in auction-pass against +3.1 / 3.4 in
#   auction. The advisor read them some 10 points too strong and let them have the contract: the first seed-1 run
#   against percentile measured +0.28 a deal (95% -0.28 to +0.83) where auction gives +6.21. Those first seed-1 runs
#   of auction-pass (4,000 deals each, the advisor with the prior model) are its fit runs; double deck's are 1,000
#   deals each.
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
# Step 5: the auction-pass fit checked, paired: the prior model against the fitted one on step 1's first 1,000 deals
#   against percentile (check-auction-pass-fit.txt).
#
# Every run is played in parts of PART deals (`--start K --deals PART --out data/NAME.partK.parquet`); a part is kept
# once written, so the script can be stopped and started again (reports/land_parts.sh lands the parts on main as they
# finish) and carries on where it stopped. A run's page is drawn from all its parts once they are all there.
# The code is this checkout's (PYTHONPATH: the repository this script sits in).
#
# Usage: bash run_all.sh [STEP ...]          (steps 0-5; default: 1-5, in order: step 0's fits are committed)
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

step0() {
  local game deals
  for game in auction-pass:4000 double-deck-pass:1000; do
    deals=${game#*:} game=${game%:*}
    for opp in formula trickster percentile; do
      run "fit-$game-prior-vs-$opp" "$deals" "../../house/$game.toml" --ns advisor:clues=prior --ew "$opp" --seed 1
    done
    local situation=()
    [[ $game == double-deck-pass ]] && situation=(--by-situation unopened)
    python3 -m analyzer.arena.cluefit fit --write --by-relation ${situation[@]+"${situation[@]}"} \
      "data/fit-$game-prior-vs-"*.parquet > "fit-$game.json"
  done
}

step1() {
  for opp in percentile trickster formula; do  # the closest contest first
    run "auction-pass-advisor-vs-$opp" "$DEALS" ../../house/auction-pass.toml --ns advisor --ew "$opp" --seed 2
  done
}

step2() {
  for opp in formula trickster percentile; do
    run "double-deck-pass-advisor-vs-$opp" "$DEALS" ../../house/double-deck-pass.toml --ns advisor --ew "$opp" --seed 2
  done
}

step3() {
  run auction-pass-advisor-pass-vs-advisor "$DEALS" ../../house/auction-pass.toml --ns advisor-pass --ew advisor --seed 2
}

step4() {
  run double-deck-pass-advisor-pass-vs-advisor "$DEALS" ../../house/double-deck-pass.toml --ns advisor-pass \
    --ew advisor --seed 2
}

step5() {  # the fit checked: the advisor reading auction-pass's calls with the prior model on step 1's first 1,000
  # deals against percentile, paired deal by deal with the fitted advisor's run (reports/arena/compare_runs.py)
  run check-auction-pass-prior-vs-percentile 1000 ../../house/auction-pass.toml --ns advisor:clues=prior \
    --ew percentile --seed 2
  python3 ../arena/compare_runs.py --common --before data/check-auction-pass-prior-vs-percentile.part*.parquet \
    --after data/auction-pass-advisor-vs-percentile.part*.parquet > check-auction-pass-fit.txt
}

steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(1 2 3 4 5)
for s in "${steps[@]}"; do "step$s"; done
