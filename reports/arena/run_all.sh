#!/usr/bin/env bash
# The runs behind reports/arena (2 worker processes each; see each page for its time).
# Every run saves its hands to data/*.parquet; `pinochle arena --from data/X.parquet --report .` redraws a page.
set -euo pipefail
cd "$(dirname "$0")"
run() { echo "== $*"; pinochle arena "$@" --workers 2 --report . ; }
run --rules auction       --deals 10000 --seed 1 --ns advisor --ew formula --out data/auction.parquet       --name auction-advisor-vs-formula
run --rules double-deck   --deals 10000 --seed 1 --ns advisor --ew formula --out data/double-deck.parquet   --name double-deck-advisor-vs-formula
run --rules luxury-family --deals 10000 --seed 1 --ns advisor --ew formula --out data/luxury-family.parquet --name luxury-family-advisor-vs-formula
run --rules auction       --deals 3000  --seed 2 --ns advisor --ew advisor-noinf --out data/auction-inference.parquet     --name auction-inference-on-vs-off
run --rules double-deck   --deals 1500  --seed 2 --ns advisor --ew advisor-noinf --out data/double-deck-inference.parquet --name double-deck-inference-on-vs-off
run --rules auction       --deals 3000  --seed 3 --ns advisor-cautious --ew formula --out data/auction-cautious.parquet  --name auction-cautious-vs-formula
