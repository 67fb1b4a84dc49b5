"""A fixed set of requests of every command and rule set whose ``--json`` answers are kept in ``tests/golden/``:
a change that should leave the output alone (a refactor) is checked against them by ``tests/test_golden.py``.

Regenerate (only when a change is meant to alter an answer, saying so in its commit):
``python3 tests/golden/make.py``.
"""

from __future__ import annotations

from pathlib import Path

AUCTION_HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"
DD_HAND = "AH AH TH TH KH KH QH QH JH JH AS AS AD AD AC AC KS QS JS JD"
LF_HAND = "AH AH TH TH KH KH QH QH JH JH AS AD AC 7S 7D 7C"
TWO_HAND = "AH AH TH TH KH KH QH QH JH JH 9S 9D"
#: Luxury Family's last two tricks of tests/test_game_play_lf.py (LAST_TWO): my hand and the 14 tricks and a card
LF_LAST_HAND = "KS KS JS JS JD JD 7D 7D JH JH 7H AH 7H QC JC 7C"
LF_LAST_PLAYED = ("AS KS QS / AS KS QS / TS JS 7S / TS JS 7S / AD JD KD / AD JD KD / TD 7D QD / TD 7D QD / AH JH KH / "
                  "TH JH QH / AC QC KC / TC JC QC / TC 7C JC / KC 7H 7C / KH")
SOLVE_HANDS = "AS TS KS QH / QS JS 9S JH / AH TH KH 9C / AD JD 9D TC"

#: name -> the command's arguments (``--json`` is added)
CASES: dict[str, list[str]] = {
    # rules and meld: every rule set
    **{f"rules-{r}": ["rules", r] for r in ("auction", "double-deck", "luxury-family", "two-handed")},
    "meld-auction": ["meld", "--rules", "auction", "--hand", "AS TS KS QS JS 9S QS JD JD 9H AH AD"],
    "meld-double-deck": ["meld", "--rules", "double-deck", "--hand", DD_HAND],
    "meld-luxury-family": ["meld", "--rules", "luxury-family", "--hand", LF_HAND],
    "meld-two-handed": ["meld", "--rules", "two-handed", "--hand", TWO_HAND],
    # bid: every rule set, heuristic and with the double-dummy check
    "bid-auction": ["bid", "--rules", "auction", "--hand", AUCTION_HAND, "--samples", "300", "--seed", "7",
                    "--play", "heuristic"],
    "bid-auction-calls": ["bid", "--rules", "auction", "--hand", AUCTION_HAND, "--seat", "0", "--auction",
                          "1:16 2:pass 3:18", "--samples", "300", "--seed", "3", "--play", "heuristic"],
    "bid-auction-both": ["bid", "--rules", "auction", "--hand", AUCTION_HAND, "--samples", "200", "--seed", "5",
                         "--play", "both", "--dd-samples", "4", "--max-nodes", "200000"],
    "bid-auction-known": ["bid", "--rules", "auction", "--hand", AUCTION_HAND, "--samples", "200", "--known",
                          "2:AS", "-c", "partner meld>=4", "--risk", "0.6", "--play", "heuristic"],
    "bid-double-deck": ["bid", "--rules", "double-deck", "--hand", DD_HAND, "--samples", "200", "--seed", "2",
                        "--play", "heuristic"],
    "bid-luxury-family": ["bid", "--rules", "luxury-family", "--hand", LF_HAND, "--samples", "200", "--seed", "2",
                          "--play", "heuristic"],
    "bid-two-handed": ["bid", "--rules", "two-handed", "--hand", TWO_HAND, "--upcard", "9H", "--samples", "40",
                       "--seed", "1"],
    # bid for the game (--score): the partnership games and Luxury Family
    "bid-auction-score": ["bid", "--rules", "auction", "--hand", AUCTION_HAND, "--samples", "300", "--seed", "7",
                          "--play", "heuristic", "--score", "130-140"],
    "bid-double-deck-score": ["bid", "--rules", "double-deck", "--hand", DD_HAND, "--samples", "200", "--seed", "2",
                              "--play", "heuristic", "--score", "430-380"],
    "bid-luxury-family-score": ["bid", "--rules", "luxury-family", "--hand", LF_HAND, "--samples", "200", "--seed",
                                "2", "--play", "heuristic", "--score", "120-80-95/3"],
    # play: the three trick-taking games and two-handed's phase 1
    "play-auction": ["play", "--rules", "auction", "--hand", AUCTION_HAND, "--seat", "0", "--declarer", "0",
                     "--bid", "25", "--trump", "H", "--played", "AS 9S TS KS / AH 9H JH QH", "--seed", "1",
                     "--samples", "20"],
    "play-auction-score": ["play", "--rules", "auction", "--hand", AUCTION_HAND, "--seat", "0", "--declarer", "0",
                           "--bid", "25", "--trump", "H", "--played", "AS 9S TS KS / AH 9H JH QH", "--seed", "1",
                           "--samples", "20", "--play", "heuristic", "--score", "130-140", "--dealer", "3"],
    "play-auction-heuristic": ["play", "--rules", "auction", "--hand", AUCTION_HAND, "--seat", "0", "--declarer",
                               "0", "--bid", "25", "--trump", "H", "--samples", "20", "--play", "heuristic"],
    "play-double-deck": ["play", "--rules", "double-deck", "--hand", DD_HAND, "--seat", "0", "--declarer", "0",
                         "--bid", "60", "--trump", "H", "--samples", "10", "--play", "heuristic"],
    "play-luxury-family": ["play", "--rules", "luxury-family", "--hand", LF_HAND, "--seat", "0", "--declarer", "0",
                           "--bid", "30", "--trump", "H", "--samples", "10", "--play", "heuristic"],
    # ... with the game's score: Luxury Family's last two tricks worked by hand in tests/test_game_play_lf.py (each
    # seat's points along the solver's lines), two-handed phase 2 near the target (phase 1's meld and points given)
    "play-luxury-family-score": ["play", "--rules", "luxury-family", "--hand", LF_LAST_HAND, "--seat", "1",
                                 "--declarer", "0", "--bid", "300", "--meld", "100", "--trump", "S", "--shown",
                                 "0:KH QH", "--shown", "2:TH AC", "--played", LF_LAST_PLAYED, "--samples", "40",
                                 "--score", "-1000-230-300/3", "--dealer", "2"],
    "play-two-handed-phase2-score": ["play", "--rules", "two-handed", "--seat", "1", "--leader", "0", "--trump", "S",
                                     "--hand", "KS JS JS KH QH AD KD QD 9D AC KC QC", "--played",
                                     "AS JS AD 9D QC KC AC 9S JH QH AD 9D KH TH TD QD KH JS KD QD", "--samples",
                                     "40", "--seed", "1", "--score", "100-100", "--so-far", "10+5-10+5", "--dealer",
                                     "1"],
    "play-two-handed": ["play", "--rules", "two-handed", "--seat", "0", "--leader", "0", "--upcard", "QC",
                        "--hand", "KH QH AD TD QD AC TC JC KS QS 9D JH", "--played",
                        "9S AS +dix / JD AD +marriage-H / 9H TH +pinochle / KD", "--seed", "1", "--samples", "10",
                        "--play", "heuristic"],
    # solve
    "solve-auction": ["solve", "--rules", "auction", "--trump", "H", "--hands", SOLVE_HANDS],
    "solve-auction-at-least": ["solve", "--rules", "auction", "--trump", "H", "--hands", SOLVE_HANDS,
                               "--at-least", "10"],
    # stats, compare: every rule set
    **{f"stats-{r}": ["stats", "--rules", r, "--samples", "300", "--seed", "1"]
       for r in ("auction", "double-deck", "luxury-family", "two-handed")},
    "stats-two-handed-both": ["stats", "--rules", "two-handed", "--samples", "40", "--play", "both"],
    **{f"compare-{r}": ["compare", "--rules", r, "--option", opt, "--samples", "200", "--seed", "1"]
       for r, opt in (("auction", "head=never,always"), ("double-deck", "head=never,always"),
                      ("luxury-family", "head=never,always"))},
    # arena: the yardsticks (fast) in every bidding game, one advisor run
    "arena-auction": ["arena", "--rules", "auction", "--deals", "4", "--ns", "formula", "--ew", "trickster"],
    "arena-double-deck": ["arena", "--rules", "double-deck", "--deals", "3", "--ns", "percentile", "--ew",
                          "formula"],
    "arena-luxury-family": ["arena", "--rules", "luxury-family", "--deals", "2", "--ns", "formula", "--ew",
                            "meld-only"],
    "arena-auction-advisor": ["arena", "--rules", "auction", "--deals", "2", "--ns", "advisor:samples=60", "--ew",
                              "formula", "--seed", "4"],
    # arena --games: whole games, a partnership game, Luxury Family and two-handed
    "arena-games-double-deck": ["arena", "--rules", "double-deck", "--games", "2", "--ns", "formula", "--ew",
                                "meld-only", "--seed", "3"],
    "arena-games-luxury-family": ["arena", "--rules", "luxury-family", "--games", "2", "--ns", "formula", "--ew",
                                  "meld-only"],
    "arena-games-two-handed": ["arena", "--rules", "two-handed", "--games", "4", "--ns", "th-v1", "--ew", "naive",
                               "--seed", "2"],
    # pass: a house file with a pass (the worked example's partner, passing first)
    "pass-auction": ["pass", "--rules", str(Path(__file__).parents[2] / "house" / "auction-pass.toml"), "--hand",
                     "AH JH AS TS JS 9S TD 9D KC QC TC JC", "--seat", "2", "--declarer", "0", "--bid", "20",
                     "--trump", "H", "--samples", "60", "--sets", "8", "--seed", "2"],
    # review: a hand record of the README's hand
    "review-auction": ["review", str(Path(__file__).parent / "hand-auction.txt"), "--samples", "200",
                       "--play-samples", "20", "--seed", "1"],
    # two-hand
    "two-hand": ["two-hand", "--hand", TWO_HAND, "--upcard", "9H", "--samples", "40", "--seed", "1"],
    "two-hand-score": ["two-hand", "--hand", TWO_HAND, "--upcard", "9H", "--samples", "40", "--seed", "1",
                       "--score", "84-97", "--target", "120"],
}

#: keys whose values change from run to run (timings, versions): dropped before comparing
VOLATILE = {"seconds", "elapsed", "elapsed_s", "time", "time_s", "wall", "wall_s", "version", "deals_per_s",
            "rate", "nodes_per_s", "ms"}


def stable(x):
    """``x`` (parsed JSON) without the :data:`VOLATILE` keys, at any depth."""
    if isinstance(x, dict):
        return {k: stable(v) for k, v in x.items() if k not in VOLATILE}
    if isinstance(x, list):
        return [stable(v) for v in x]
    return x

#: the report case writes into a folder: ``{out}`` is replaced by a temporary one, and by ``OUT`` in the answer
REPORT_CASES: dict[str, list[str]] = {
    "report-auction": ["report", "--rules", "auction", "--samples", "200", "--advise-samples", "100", "--hand",
                       AUCTION_HAND, "--out", "{out}", "--dpi", "40"],
}


def all_cases() -> dict[str, list[str]]:
    return {**CASES, **REPORT_CASES}


def run_case(args: list[str]):
    """The stable part of the ``--json`` answer of ``pinochle ARGS --json``, run in this process."""
    import contextlib
    import io
    import json
    import tempfile

    from analyzer.cli import main
    from analyzer.runs import progress

    progress._compile_note_shown = True
    with tempfile.TemporaryDirectory() as tmp:
        out = f"{tmp}/report"
        argv = [a.replace("{out}", out) for a in args] + ["--json"]
        buf, err = io.StringIO(), io.StringIO()
        code = 0
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
            try:
                main(argv)
            except SystemExit as e:
                code = e.code
        if code not in (0, None):
            raise RuntimeError(f"pinochle {' '.join(argv)} exited {code}: {err.getvalue()}")
        text = buf.getvalue().replace(out, "OUT")
    return stable(json.loads(text))
