"""What ``--score`` adds to ``pinochle bid``'s warm time (issue 51: at most 25% at the defaults, 2 cores).

Each command runs as its own process (``python -m analyzer bid ...``, the README's main example) with the numba cache
warm: first once each to warm it (and the solver), then ``--repeat`` times each, alternating without and with
``--score``; the figure is the ratio of the medians, printed beside the 1.25 ceiling. Counters that explain it: the
in-process time of the game's part alone (the calls' outcomes carried to the state after the hand and read from
the table), measured on the same request.

    python benchmarks/bench_score.py                       # auction at 130-140, default play (both)
    python benchmarks/bench_score.py --rules double-deck --score 430-380 --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HANDS = {"auction": "AH TH KH KH QH JH 9H AS QS JD AC TC",
         "double-deck": "AS AS TS KS QS QS JS AH TH KH KH QH JH JH AD TD QD JD AC KC",
         "luxury-family": "AS TS KS QS JS AH TH TH KH QH JH AD TD KD QD JC"}
SCORES = {"auction": "130-140", "double-deck": "430-380", "luxury-family": "120-80-95/2"}
CEILING = 1.25


def run(args: list[str]) -> float:
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "analyzer", *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"pinochle {' '.join(args)} failed: {r.stderr.strip()}")
    return time.perf_counter() - t0


def game_part(rules: str, score: str) -> tuple[float, float]:
    """In-process seconds of one advise() without and with the score (the same request, warm)."""
    from analyzer.advisor.advise import advise
    from analyzer.api.questions import bid_request

    base = {"rules": rules, "hand": HANDS[rules], "seed": 7}
    plain = bid_request(base, "cli")
    game = bid_request({**base, "score": score}, "cli")
    advise(plain)
    advise(game)
    t0 = time.perf_counter()
    advise(plain)
    t1 = time.perf_counter()
    advise(game)
    t2 = time.perf_counter()
    return t1 - t0, t2 - t1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="auction", choices=sorted(HANDS))
    ap.add_argument("--score", default=None)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", type=Path, help="also write the README's sentence to this file")
    a = ap.parse_args()
    score = a.score or SCORES[a.rules]
    cmd = ["bid", "--rules", a.rules, "--hand", HANDS[a.rules], "--seed", "7"]
    run(cmd)
    run([*cmd, "--score", score])  # warm: kernels, solver, the table
    plain, game = [], []
    for _ in range(a.repeat):
        plain.append(run(cmd))
        game.append(run([*cmd, "--score", score]))
    mp, mg = statistics.median(plain), statistics.median(game)
    p_in, g_in = game_part(a.rules, score)
    print(f"pinochle bid --rules {a.rules} (README hand), warm, {a.repeat} runs each (median):")
    print(f"  without --score      {mp:6.2f} s   {' '.join(f'{x:.2f}' for x in plain)}")
    print(f"  with --score {score:<8} {mg:6.2f} s   {' '.join(f'{x:.2f}' for x in game)}")
    print(f"  ratio {mg / mp:.3f} (ceiling {CEILING}): {'within' if mg / mp <= CEILING else 'OVER'}")
    print(f"  in process: advise() {p_in:.2f} s without, {g_in:.2f} s with the score "
          f"(the game's part {g_in - p_in:+.2f} s)")
    if a.markdown:
        a.markdown.write_text(
            f"`pinochle bid --rules {a.rules}` (the README hand, its defaults), warm: {mp:.2f} s without `--score`, "
            f"{mg:.2f} s with `--score {score}` (medians of {a.repeat} runs each): **{100 * (mg / mp - 1):+.0f}%**, "
            f"the ceiling +{100 * (CEILING - 1):.0f}% (`python benchmarks/bench_score.py --markdown F`; in one "
            f"process the game's part is {g_in - p_in:+.2f} s of {g_in:.2f} s).\n")


if __name__ == "__main__":
    main()
