#!/usr/bin/env bash
# The runs behind reports/arena (2 worker processes each; see each page for its time).
# Every run saves its hands to data/*.parquet; `pinochle arena --from data/X.parquet --report .` redraws a page.
# Seeds 1-3 make the reports; seed 101 makes the hands the soft clue model is fitted on (never reported on).
set -euo pipefail
cd "$(dirname "$0")"
# A run whose hands are saved already only redraws its page from them (delete data/X.parquet to play it again).
run() {
  local out=""; local a=("$@")
  for ((i = 0; i < ${#a[@]}; i++)); do [[ ${a[i]} == --out ]] && out=${a[i+1]}; done
  local name=""; for ((i = 0; i < ${#a[@]}; i++)); do [[ ${a[i]} == --name ]] && name=${a[i+1]}; done
  if [[ -n $out && -f $out ]]; then
    echo "== redraw $name from $out"; pinochle arena --from "$out" --report . --name "$name"
  else
    echo "== $* ($(date +%T))"; nice -n 10 pinochle arena "$@" --workers 2 --report .
  fi
}

# 1. The clue model's fit (analyzer/arena/cluefit.py): the advisor reading the calls with the prior model, on
#    seed 101; the fitted shift and spread are stored in analyzer/rules/clue_fit.json, which the advisor reads.
run --rules auction       --deals 2000 --seed 101 --ns advisor:clues=prior --ew formula --out data/fit-auction.parquet       --name fit-auction-prior
run --rules double-deck   --deals 2000 --seed 101 --ns advisor:clues=prior --ew formula --out data/fit-double-deck.parquet   --name fit-double-deck-prior
run --rules luxury-family --deals 2000 --seed 101 --ns advisor:clues=prior --ew formula --out data/fit-luxury-family.parquet --name fit-luxury-family-prior
for r in auction double-deck luxury-family; do
  python3 -m analyzer.arena.cluefit fit --write data/fit-$r.parquet > fit-$r.json
done

# 2. The advisor (reading the calls with the fitted model) against the formula bidder, 10,000 duplicate deals
#    each, and 3. the clue fit's before/after reliability: the fit runs (prior model) against these.
for r in auction double-deck luxury-family; do
  run --rules $r --deals 10000 --seed 1 --ns advisor --ew formula --out data/$r.parquet --name $r-advisor-vs-formula
  python3 -m analyzer.arena.cluefit report --before data/fit-$r.parquet --after data/$r.parquet --fit data/fit-$r.parquet \
    --name $r-clue-fit
done

# 4. The advisor against the two yardsticks written from published bidding logic.
for r in auction double-deck; do
  run --rules $r --deals 10000 --seed 1 --ns advisor --ew trickster  --out data/$r-trickster.parquet  --name $r-advisor-vs-trickster
  run --rules $r --deals 10000 --seed 1 --ns advisor --ew percentile --out data/$r-percentile.parquet --name $r-advisor-vs-percentile
done
run --rules luxury-family --deals 3000 --seed 1 --ns advisor --ew trickster  --out data/luxury-family-trickster.parquet  --name luxury-family-advisor-vs-trickster
run --rules luxury-family --deals 3000 --seed 1 --ns advisor --ew percentile --out data/luxury-family-percentile.parquet --name luxury-family-advisor-vs-percentile

# 5. Inference on and off, and the cautious advisor.
run --rules auction       --deals 3000  --seed 2 --ns advisor --ew advisor-noinf --out data/auction-inference.parquet     --name auction-inference-on-vs-off
run --rules double-deck   --deals 1500  --seed 2 --ns advisor --ew advisor-noinf --out data/double-deck-inference.parquet --name double-deck-inference-on-vs-off
run --rules auction       --deals 3000  --seed 3 --ns advisor-cautious --ew formula --out data/auction-cautious.parquet  --name auction-cautious-vs-formula
