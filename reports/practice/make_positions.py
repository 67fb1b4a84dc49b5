"""Make the practice positions the page ships (``analyzer/practice/positions.json``).

For each rule set with single-deal arena runs (auction, double deck, Luxury Family; two-handed's arena plays whole
games only, so it has no hand records to draw from), ``pinochle arena --records`` plays a few deals in duplicate
(the advisor at 200 samples against the formula bidder, heuristic card play) and writes every hand as a hand record.
From those records every decision of every seat is listed as ``pinochle review`` lists them (its calls and its cards:
:func:`analyzer.review.review.tasks`; the trump named is left out), shuffled with the seed, and asked of the library
as ``pinochle bid`` / ``pinochle play`` ask it (the rule set's default samples, seed 1): a position is kept when the
advisor's best choice is clear -- the runner-up, the best other option whose outcome differs on some deal, is behind
it beyond the noise (the lower end of its paired loss's 95% interval above 0) -- until ``--keep`` calls and
``--keep`` cards of the rule set are kept or ``--examine`` of each are asked.

    python3 reports/practice/make_positions.py            # about 10-15 CPU minutes on this machine
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from analyzer.api import read_records  # noqa: E402
from analyzer.practice.build import CLEAR, call_position, card_position  # noqa: E402
from analyzer.review.review import Asked, tasks  # noqa: E402

RULES = ("auction", "double-deck", "luxury-family")
OUT = ROOT / "analyzer" / "practice" / "positions.json"
SEED = 1


def records(rules: str, deals: int, seed: int) -> list:
    """The hand records of a small arena run (``pinochle arena --records``)."""
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "records.txt"
        subprocess.run([sys.executable, "-m", "analyzer", "arena", "--rules", rules, "--deals", str(deals), "--seed",
                        str(seed), "--ns", "advisor:samples=200", "--ew", "formula", "--records", str(f)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
        return read_records(f.read_text(encoding="utf-8"))


def _question(t) -> dict:
    """A task's question values as JSON (the calls as text)."""
    v = dict(t.values)
    if t.kind == "call":
        v["auction"] = " ".join(map(str, v["auction"]))
    return {k: x for k, x in v.items() if x is not None and x is not False and x != "" and x != {}}


def make(rules: str, deals: int, examine: int, keep: int, seed: int) -> tuple[list[dict], dict]:
    """The kept positions of one rule set, and what was asked."""
    recs = records(rules, deals, seed)
    cands = []
    for i, rec in enumerate(recs):
        for s in range(rec.rules.seats):
            for t in tasks(replace(rec, seat=s), Asked(seed=SEED)):
                if t.kind in ("call", "card"):
                    cands.append((i, s, t))
    random.Random(seed).shuffle(cands)
    kept: list[dict] = []
    asked = {"call": 0, "card": 0}
    have = {"call": 0, "card": 0}
    for i, s, t in cands:
        k = t.kind
        if asked[k] >= examine or have[k] >= keep:
            continue
        asked[k] += 1
        q = _question(t)
        rs = recs[i].rules
        make_one = call_position if k == "call" else card_position
        ans = make_one(rs, dict(q), None, SEED)
        if ans is None or not ans.pop("clear"):
            continue
        have[k] += 1
        kept.append({"id": f"{rules}-{len(kept) + 1}", "rules": rules, "options": dict(recs[i].game[1]),
                     "kind": k, "where": t.where, "question": q, "answer": ans,
                     "source": f"pinochle arena --rules {rules} --deals {deals} --seed {seed} "
                               f"--ns advisor:samples=200 --ew formula --records: hand {i + 1}, seat {s}"})
        if all(have[x] >= keep or asked[x] >= examine for x in have):
            break
    return kept, {"records": len(recs), "decisions": len(cands), "asked": asked, "kept": have}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--examine", type=int, default=40, help="decisions of each kind asked, at most, a rule set")
    ap.add_argument("--keep", type=int, default=15, help="positions of each kind kept, at most, a rule set")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args()
    cpu0, wall0 = time.process_time(), time.time()
    out, kept, report = [], {}, {}
    for r in RULES:
        c0 = time.process_time()
        ps, rep = make(r, a.deals, a.examine, a.keep, a.seed)
        out += ps
        kept[r] = {"call": rep["kept"]["call"], "card": rep["kept"]["card"]}
        report[r] = {**rep, "cpu_seconds": round(time.process_time() - c0, 1)}
        print(r, json.dumps(report[r]), flush=True)
    data = {"rule": f"kept where the advisor's best is clear: the runner-up's paired loss (95%) has its lower end "
                    f"above {CLEAR:g} (reports/practice/make_positions.py)",
            "made_by": f"python3 reports/practice/make_positions.py --deals {a.deals} --examine {a.examine} --keep "
                       f"{a.keep} --seed {a.seed}",
            "kept": kept, "asked": report, "positions": out}
    a.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(out)} positions -> {a.out} ({a.out.stat().st_size:,} bytes); this process "
          f"{time.process_time() - cpu0:.0f} CPU s, {time.time() - wall0:.0f} s wall (the arena: a child process)")


if __name__ == "__main__":
    main()
