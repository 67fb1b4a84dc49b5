#!/usr/bin/env bash
# The whole-game runs behind reports/games (issue 51: the arena in games won): duplicate game pairs, every hand of
# every game kept. Step 1: the advisor playing for the game (advisor-game: every call is `pinochle bid --score`'s
# call for the game) against the same advisor maximising points (advisor), 2,000 game pairs a game. Step 2: the
# advisor for the game against each yardstick (formula, trickster, percentile), 2,000 game pairs a run. Step 3:
# two-handed, its phase-1 policies th-v1 against naive (phase 2 by the heuristic players, policy v1 for both seats:
# --play heuristic), 2,000 game pairs with the 48-card deck and 2,000 with 24 cards, in parts of TH_PART (the hands
# are played by the kernels: seconds a part). Step 4: two-handed for the game: th-game (each hand's phase-1
# behaviour chosen by rollouts valued by the chance of winning the game at the score) against th-points (the same
# choice by points), 2,000 game pairs with the 48-card deck, in parts of TH_PART (minutes a part).
#
# Every run is played in parts of PART game pairs (`--start K --games PART --out data/NAME.partK.parquet`); a part
# is kept once written, so the script can be stopped and started again (on another machine too, once the parts
# are committed: reports/land_parts.sh lands them on main as they finish) and carries on where it stopped. A
# run's page is drawn from all its parts (`--from ... --report .`) once they are all there.
# The code is this checkout's (PYTHONPATH: the repository this script sits in), the seed 1.
#
# Usage: bash run_all.sh [STEP ...]          (steps 1-4; default: all, in order)
#        GAMES="auction" WORKERS=1 bash run_all.sh 1
#        GAMES="luxury-family" OPPS="formula trickster" WORKERS=1 bash run_all.sh 2
#        (two runners may share a run: the same command started twice, a few seconds apart; ../parts.sh)
set -euo pipefail
cd "$(dirname "$0")"
export PYTHONPATH="$(cd ../.. && pwd)${PYTHONPATH:+:$PYTHONPATH}"
PART=${PART:-100}
WORKERS=${WORKERS:-2}
TH_PART=${TH_PART:-1000}
GAMES=${GAMES:-auction double-deck luxury-family two-handed}
OPPS=${OPPS:-formula trickster percentile}   # step 2's yardsticks (two runners may split them: never the same run)
mkdir -p data

# (as an `if` test, never `in_games X && ...`: under set -e a step whose last game is not chosen would stop the script)
in_games() { [[ " $GAMES " == *" $1 "* ]]; }

# run NAME PAIRS ARGS...: play the missing parts of run NAME, then draw its page from all of them
source ../parts.sh
run() { run_parts games "$@"; }

step1() {
  for g in auction double-deck luxury-family; do
    if in_games "$g"; then
      run "$g-advisor-game-vs-advisor" 2000 --rules "$g" --ns advisor-game --ew advisor --seed 1
    fi
  done
}

step2() {
  for g in auction double-deck luxury-family; do
    for opp in $OPPS; do
      if in_games "$g"; then run "$g-advisor-game-vs-$opp" 2000 --rules "$g" --ns advisor-game --ew "$opp" --seed 2; fi
    done
  done
}

step3() {
  if in_games two-handed; then
    PART=$TH_PART run "two-handed-th-v1-vs-naive" 2000 --rules two-handed --ns th-v1 --ew naive --play heuristic \
      --seed 3
    PART=$TH_PART run "two-handed-24-th-v1-vs-naive" 2000 --rules two-handed --option deck=24 --ns th-v1 --ew naive \
      --play heuristic --seed 3
  fi
}

step4() {
  if in_games two-handed; then
    PART=$TH_PART run "two-handed-th-game-vs-th-points" 2000 --rules two-handed --ns th-game --ew th-points \
      --play heuristic --seed 1
  fi
}

steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(1 2 3 4)
for s in "${steps[@]}"; do "step$s"; done
