"""Duplicate play of the sampling player against policy v1 (:mod:`analyzer.cardplay.duplicate`): play a part of
the deals into a Parquet file, or write the report page of every part played so far.

    python reports/cardplay/duplicate.py run --rules auction --start 0 --deals 100 --out data/auction.part0.parquet
    python reports/cardplay/duplicate.py report        # duplicate.md and duplicate.json from data/*.parquet
"""

from __future__ import annotations

import argparse
import glob
import json
from pathlib import Path

import numpy as np
import polars as pl

from analyzer.cardplay.duplicate import ROLES, duplicate_rows
from analyzer.estimate import mean_ci
from analyzer.rules import load

HERE = Path(__file__).resolve().parent
GAMES = ("auction", "double-deck", "luxury-family", "two-handed")


def run(a: argparse.Namespace) -> None:
    rows = duplicate_rows(load(a.rules), a.start, a.deals, seed=a.seed, samples=a.samples, progress=True)
    out = Path(a.out)
    tmp = out.with_suffix(".tmp")
    pl.DataFrame(rows).with_columns(pl.lit(a.rules).alias("rules")).write_parquet(tmp)
    tmp.rename(out)


def _fmt(e) -> str:
    return f"{e.mean:+.2f} ({e.lo:+.2f} to {e.hi:+.2f})"


def report(a: argparse.Namespace) -> None:
    lines = ["# Duplicate play: the sampling player against policy v1", "",
             "Made by `reports/cardplay/run_duplicate.sh` (parts in `data/`) and `python reports/cardplay/duplicate.py "
             "report`. Each deal is played from the same hands and contract (the declarer: seat "
             "`deal % seats`, naming the trump of its best meld) twice: all seats by policy v1, and one side by the "
             "sampling player (`pinochle play`'s advice choosing every card; the declaring side on even deals, the "
             "defenders on odd ones) with the others by v1. Gain = the side's trick points with the sampling player "
             "minus the same seats' points with v1 on the same deal (paired); 95 % intervals; `all` = every deal, "
             "either role.", "",
             "| game | deals | declaring gain | defending gain | all | expected at the first card minus taken | "
             "decisions (one legal card) | deals valued double dummy | s a play (median) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    out = {}
    for rid in GAMES:
        files = sorted(glob.glob(str(HERE / "data" / f"{rid}.part*.parquet")))
        if not files:
            continue
        d = pl.concat([pl.read_parquet(f) for f in files]).sort(["deal", "role"])
        gain = (d["sampler"] - d["v1"]).to_numpy().astype(float)
        role = d["role"].to_numpy()
        est = {r: mean_ci(gain[role == r]) for r in ROLES} | {"all": mean_ci(gain)}
        if "first_estimate" in d.columns:  # the estimate at the first decision against what the side took
            gap = (d["first_estimate"] - d["sampler"]).to_numpy().astype(float)
            gap = gap[np.isfinite(gap)]
            est["optimism"] = mean_ci(gap)
        dec, forced = int(d["decisions"].sum()), int(d["forced"].sum())
        share = d["solved"].sum() / max(1, d["solved"].sum() + d["rollouts"].sum())
        secs = float(np.median(d["seconds"].to_numpy()))
        n = len(gain)
        opt = _fmt(est["optimism"]) if "optimism" in est else "–"
        lines.append(f"| {rid} | {n:,} | {_fmt(est['declaring'])} | {_fmt(est['defending'])} | {_fmt(est['all'])} | "
                     f"{opt} | {dec:,} ({forced:,}) | {100 * share:.0f} % | {secs:.1f} |")
        out[rid] = {"deals": n, "samples": int(d["samples"][0]), **{k: e.as_dict() for k, e in est.items()},
                    "decisions": dec, "forced": forced, "dd_share": round(float(share), 4),
                    "seconds_a_play_median": secs}
    lines += ["", "*Expected at the first card minus taken*: the sampling player values each card as if every hand "
              "were then open (double dummy on its sampled deals; rollouts where the solver did not finish); what its "
              "side expected to take at its first decision minus what it took is that assumption's optimism as "
              "measured here (the opponents are policy v1, who play worse than double dummy: the true cost "
              "against best play is larger).", "",
              "Samples per decision: " + ", ".join(f"{k} {v['samples']}" for k, v in out.items()) +
              "; the node budget a deal: the rule set's `[advice] play_max_nodes`. *s a play*: the median wall-clock "
              "seconds of the sampling player's play of a deal, as the parts were played (on 2 cores shared with "
              "arena runs, at a lower priority: the figure says more about the machine's load than about the "
              "player).", "",
              "The parts were played before commit ecd10e8, whose dealer gives no seat a card its plays rule out "
              "(heading, trump and first-lead duties; before, voids only, the rest rejected by the accept test): the "
              "same deals in law (tests/test_cardplay_seen.py: the bars rule out exactly what the accept test "
              "refused, and no decision of these runs was refused), drawn from other random numbers. In the games "
              "with bidding the sampling player is told no meld shown (at a real table the others' melds lie face "
              "up: `--shown`, `--whole-meld`), so it knows less than a player would."]
    (HERE / "duplicate.md").write_text("\n".join(lines) + "\n")
    (HERE / "duplicate.json").write_text(json.dumps(out, indent=1) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--rules", required=True)
    r.add_argument("--start", type=int, default=0)
    r.add_argument("--deals", type=int, default=100)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--samples", type=int, default=40)
    r.add_argument("--out", required=True)
    sub.add_parser("report")
    a = ap.parse_args()
    run(a) if a.cmd == "run" else report(a)


if __name__ == "__main__":
    main()
