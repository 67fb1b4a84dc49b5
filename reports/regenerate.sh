#!/usr/bin/env bash
# Regenerate every rule-set report and comparison of reports/ (the commands each report names under "Made
# by"). Run from the repository root: bash reports/regenerate.sh  (PINOCHLE="python3 -m analyzer" to run
# a source tree that is not installed). The arena reports have their own script: reports/arena/run_all.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
P=${PINOCHLE:-pinochle}
$P report --rules luxury-family --hand 'AH AH TH KH QH JH 7H AS TS KS QS AD KD QC JC 7C' --samples 20000 --seed 0 --advise-samples 2000 --play heuristic --trump S --out reports/luxury-family
$P report --rules double-deck --hand 'AH AH AH TH TH TH KH KH KH QH QH QH JH JH JH AS AD AC KS QS' --samples 20000 --seed 0 --advise-samples 2000 --play heuristic --trump S --out reports/double-deck
$P report --rules auction --hand 'AS TS KS QS JS 9S QS JD JD 9H AH AD' --samples 20000 --seed 0 --advise-samples 2000 --play heuristic --trump S --out reports/auction
$P report --rules two-handed --hand 'AH TH KH QH JH 9S AS TS QS JD KC QC' --upcard 9H --samples 20000 --seed 0 --advise-samples 2000 --play both --trump S --out reports/two-handed
$P report --rules luxury-family --option head=never,trump-led,always --samples 20000 --seed 0 --out reports/luxury-family-compare
$P report --rules double-deck --option head=never,trump-led,always --samples 20000 --seed 0 --out reports/double-deck-compare
$P report --rules auction --option run-suits=any,trump --option head=trump-led,always --hand 'AS TS KS QS JS 9S QS JD JD 9H AH AD' --samples 20000 --seed 0 --advise-samples 2000 --out reports/auction-compare
$P report --rules two-handed --option counting=classic,aces-tens,aces-tens-kings --option deck=48,24 --samples 20000 --seed 0 --out reports/two-handed-compare
