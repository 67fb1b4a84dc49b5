"""`pinochle bid`'s default answer with its double-dummy figures, warm, per game: time against the 10 s target.

For each game a few fixed hands (dealt from seed 11, my seat 1, no calls: the seats before mine passed) are
asked ``pinochle bid --rules R --hand H --seed 7 --json`` as a user runs it (its own process, the numba cache
warmed by a first run of the same command), with the rule set's defaults (``[advice] dd_check_*`` and
``dd_make_*``) unless ``--flags`` adds some. Each row: the wall time, the deals of the double-dummy check and
what they are (whole deals or from trick k; exact / bracketed / unfinished), the make check's decided deals,
and the time's ratio to the target (10 s warm on 2 cores, issue 29).

    python benchmarks/bench_bid_dd.py                         # every game, 3 hands each
    python benchmarks/bench_bid_dd.py --games double-deck --flags "--dd-tricks-left 12 --max-nodes 300000"
    python benchmarks/bench_bid_dd.py --markdown /tmp/bid_dd.md  # the README's table
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("auction", "double-deck", "luxury-family")
TARGET_S = 10.0


def hands(rid: str, n: int, seed: int = 11) -> list[str]:
    """``n`` hands of seat 1 from deals of ``seed`` (the library's dealer), as card names."""
    sys.path.insert(0, str(ROOT))
    from analyzer.cards import card_names
    from analyzer.deal import random_deals
    from analyzer.rules import load
    from analyzer.solve.api import _kinds

    rules = load(rid)
    d = random_deals(rules, n, seed=seed)
    return [" ".join(card_names(_kinds(d.hands[i, 1]), rules.deck)) for i in range(n)]


def ask(rid: str, hand: str, flags: list[str]) -> tuple[float, dict]:
    """Seconds to answer ``pinochle bid`` for ``hand`` and its JSON."""
    args = [sys.executable, "-m", "analyzer", "bid", "--rules", rid, "--hand", hand, "--seed", "7", "--json", *flags]
    t0 = time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    secs = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed: {r.stderr.strip()}")
    return secs, json.loads(r.stdout)


def row(rid: str, i: int, secs: float, js: dict) -> dict:
    dd = js.get("double_dummy") or {}
    t = (dd.get("trumps") or [{}])[0]
    mk = dd.get("make") or {}
    ft = t.get("from_trick", 1)
    return {"game": rid, "hand": i, "seconds": secs, "deals": t.get("deals", 0),
            "scope": "whole deals" if ft <= 1 else f"from trick {ft}",
            "exact": t.get("exact", 0), "bracketed": t.get("bracketed", 0), "unfinished": t.get("unfinished", 0),
            "make": f"{mk['decided']}/{mk['deals']}" if mk else "—", "ratio": secs / TARGET_S,
            "call": js.get("call", {}).get("summary", "") if isinstance(js.get("call"), dict) else ""}


def markdown(rows: list[dict], flags: str) -> str:
    out = ["| game | hand | warm s | ratio to 10 s | dd deals | what | exact / bracketed / unfinished | make decided |",
           "| --- | ---: | ---: | ---: | ---: | --- | --- | ---: |"]
    for r in rows:
        out.append(f"| {r['game']} | {r['hand']} | {r['seconds']:.1f} | {r['ratio']:.2f} | {r['deals']} | {r['scope']} "
                   f"| {r['exact']} / {r['bracketed']} / {r['unfinished']} | {r['make']} |")
    out.append("")
    out.append("`pinochle bid --rules R --hand H --seed 7 --json`" + (f" {flags}" if flags else "")
               + ", each its own process, warm (the same command run once before); hands: seat 1 of deals of seed 11; "
               "2 cores.")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--flags", default="", help="flags added to every pinochle bid")
    ap.add_argument("--markdown", default="")
    args = ap.parse_args()
    flags = shlex.split(args.flags)
    rows = []
    for rid in args.games.split(","):
        for i, h in enumerate(hands(rid, args.hands)):
            ask(rid, h, flags)  # warm: compiles what this command needs, once
            secs, js = ask(rid, h, flags)
            r = row(rid, i, secs, js)
            rows.append(r)
            print(f"{rid:<14} hand {i}  {secs:5.1f} s  ratio {r['ratio']:.2f}  dd {r['deals']} {r['scope']}: "
                  f"{r['exact']}/{r['bracketed']}/{r['unfinished']}  make {r['make']}", flush=True)
        worst = max(r["seconds"] for r in rows if r["game"] == rid)
        med = statistics.median(r["seconds"] for r in rows if r["game"] == rid)
        print(f"{rid:<14} median {med:.1f} s, worst {worst:.1f} s (target {TARGET_S:g} s)", flush=True)
    if args.markdown:
        Path(args.markdown).write_text(markdown(rows, args.flags))


if __name__ == "__main__":
    main()
