#!/usr/bin/env bash
# The runs behind reports/arena (2 worker processes each; see each page for its time), made with the shipped
# advisor: every advisor call is `pinochle bid`'s answer (analyzer.advisor.advise) at arena size.
#
# Every run is played in parts of PART deals (`--start K --deals PART --out data/NAME.partK.parquet`); a part
# is kept once written, so the script can be stopped and started again (on another machine too, once the
# parts are committed) and it carries on where it stopped. A run's page is drawn from all its parts
# (`pinochle arena --from ... --report .`) once they are all there.
# Seeds 1-3 make the reports; seed 101 makes the hands the soft clue model is fitted on (never reported on).
#
# Usage: bash run_all.sh [STEP ...]   (steps 1-5 below; default: all, in order)
#        GAMES="auction luxury-family" bash run_all.sh 2 3   (only those games' runs of each step)
set -euo pipefail
cd "$(dirname "$0")"
export PYTHONPATH="$(cd ../.. && pwd)${PYTHONPATH:+:$PYTHONPATH}"
PART=${PART:-2500}
GAMES=${GAMES:-auction double-deck luxury-family}
mkdir -p data

# in_games GAME: whether GAME is among $GAMES
in_games() { [[ " $GAMES " == *" $1 "* ]]; }

# run NAME DEALS ARGS...: play the missing parts of run NAME, then draw its page from all of them
source ../parts.sh
run() { run_parts deals "$@"; }

# by_situation GAME: the clue fit's option for GAME: double deck reads each seat's calls by its situation too (its
# position after the dealer, and whether a seat had bid before its first call; analyzer/arena/cluefit.py)
by_situation() { [[ $1 == double-deck ]] && echo "--by-situation unopened" || true; }

step1() {  # the clue model's fit: the advisor reading the calls with the prior model against each of the three
  # bidders, on seed 101; the opponents' calls pooled over the three (one model of "an opponent"), the partner's fitted
  # apart (analyzer/arena/cluefit.py)
  for r in auction double-deck luxury-family; do
    in_games $r || continue
    run fit-$r-prior 2000 --rules $r --seed 101 --ns advisor:clues=prior --ew formula
    run fit-$r-prior-vs-trickster 2000 --rules $r --seed 101 --ns advisor:clues=prior --ew trickster
    run fit-$r-prior-vs-percentile 2000 --rules $r --seed 101 --ns advisor:clues=prior --ew percentile
    python3 -m analyzer.arena.cluefit fit --by-relation $(by_situation $r) --write data/fit-$r-prior.part*.parquet \
      data/fit-$r-prior-vs-*.part*.parquet > fit-$r.json
  done
}

step2() {  # the advisor (the fitted model) against the formula bidder; the clue fit's before/after reliability
  for r in auction double-deck luxury-family; do
    in_games $r || continue
    run $r-advisor-vs-formula 10000 --rules $r --seed 1 --ns advisor --ew formula
    # the fit shown: step 1's, made again from its runs; Luxury Family's shipped fit was made on other runs (its
    # clue_fit.json entry lists them), so its page states the shipped model instead
    local fit=(--fit data/fit-$r-prior.part*.parquet data/fit-$r-prior-vs-*.part*.parquet --by-relation $(by_situation $r))
    [[ $r == luxury-family ]] && fit=()
    python3 -m analyzer.arena.cluefit report --before data/fit-$r-prior.part*.parquet \
      --after data/$r-advisor-vs-formula.part*.parquet "${fit[@]}" --name $r-clue-fit
  done
}

step3() {  # the advisor against the two yardsticks written from published bidding logic
  for r in auction double-deck luxury-family; do
    in_games $r || continue
    # Luxury Family's shipped advisor takes ~1.4 s a deal on 2 workers: parts of 1,250 deals (~30 minutes) so that a
    # session lands several (its runs here had no parts before this size was set; keep it)
    local part=$PART
    [[ $r == luxury-family ]] && part=1250
    PART=$part run $r-advisor-vs-trickster 10000 --rules $r --seed 1 --ns advisor --ew trickster
    PART=$part run $r-advisor-vs-percentile 10000 --rules $r --seed 1 --ns advisor --ew percentile
  done
}

step4() {  # whether the advisor's own calls keep the conventions: keeping them against calling freely
  for r in auction double-deck; do
    in_games $r || continue
    run $r-conventions-keep-vs-free 4000 --rules $r --seed 2 --ns advisor:conventions=keep --ew advisor:conventions=free
  done
}

step5() {  # how the advisor relaxes the calls' clues when they accept too few deals: the rule set's way (auction:
  # my partner's bids alone, with the prior model) against dropping the soft clues at once (drop)
  for r in auction; do
    in_games $r || continue
    run $r-relax-shipped-vs-drop 4000 --rules $r --seed 2 --ns advisor --ew advisor:relax_clues=drop
  done
}

steps=("$@")
[[ ${#steps[@]} -eq 0 ]] && steps=(1 2 3 4 5)
for s in "${steps[@]}"; do "step$s"; done
