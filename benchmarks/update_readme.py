"""Put generated text into README.md between its markers (never edit those figures by hand).

    python benchmarks/update_readme.py solver /tmp/solver.md    # a file between <!-- solver:begin/end -->
                                                                # (so too bid-pass, bid-dd, review-speed, ...)
    python benchmarks/update_readme.py examples [NAME ...]      # rerun the README's example commands (or those)
    python benchmarks/update_readme.py win-tables               # the win tables and their check against games
    python benchmarks/update_readme.py arena                    # the arena tables from reports/arena/*.json
    python benchmarks/update_readme.py games                    # the whole games' table from reports/games/*.json
    python benchmarks/update_readme.py variants                 # the passing variants' runs, reports/variants/*.json
    python benchmarks/update_readme.py cardplay                 # the duplicate figures, reports/cardplay/duplicate.json
                                                                # and whole_meld.json's and lf_split.json's
    bash benchmarks/suite_time.sh                               # the test suite's time (suite-time, by the file way)

``examples`` runs each example command of :data:`EXAMPLES` (output to a pipe: Markdown tables) and puts
its output, in a console block, between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->``.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"
EXAMPLES = {
    "example-bid": f'pinochle bid --rules auction --hand "{HAND}" --seed 7',
    "example-auction": f'pinochle bid --hand "{HAND}" --seat 0 --dealer 0 --auction "1:16 2:pass 3:18" --seed 7',
    "example-play": f'pinochle play --rules auction --hand "{HAND}" --seat 0 --declarer 0 --bid 25 --trump H '
                    '--played "AS 9S TS KS / AH 9H JH QH" --seed 1',
    "example-play-phase1": 'pinochle play --rules two-handed --seat 0 --leader 0 --upcard QC '
                           '--hand "KH QH AD TD QD AC TC JC KS QS 9D JH" '
                           '--played "9S AS +dix / JD AD +marriage-H / 9H TH +pinochle / KD" --seed 1',
    "example-play-game-lf": 'pinochle play --rules luxury-family --seat 1 --declarer 0 --bid 300 --meld 100 '
                            '--trump S --hand "KS KS JS JS JD JD 7D 7D JH JH 7H AH 7H QC JC 7C" '
                            '--shown "0:KH QH" --shown "2:TH AC" --played "AS KS QS / AS KS QS / TS JS 7S / TS JS 7S / '
                            'AD JD KD / AD JD KD / TD 7D QD / TD 7D QD / AH JH KH / TH JH QH / AC QC KC / TC JC QC / '
                            'TC 7C JC / KC 7H 7C / KH" --score -1000-230-300/3 --dealer 2',
    "example-game": 'pinochle bid --rules double-deck --hand '
                    '"AS AS TS QS JS AH TH QH JH JH KD JD JD AC AC TC KC QC QC JC" --score 430-380 --seed 7 '
                    "--play heuristic",
    "example-pass-partner": "pinochle pass --rules house/auction-pass.toml "
                            '--hand "AH JH AS TS JS 9S TD 9D KC QC TC JC" --seat 2 --declarer 0 --bid 20 --trump H',
    "example-pass-bidder": 'pinochle pass --rules house/auction-pass.toml --hand "AH TH KH QH 9H KS QS JC KD QD JD 9C" '
                           '--seat 0 --declarer 0 --bid 20 --trump H --received "AH JH AS"',
    "example-two-hand": 'pinochle two-hand --hand "AH AH TH TH KH KH QH QH JH JH 9S 9D" --upcard 9H --samples 300 '
                        "--seed 1",
}


def replace(text: str, name: str, body: str) -> str:
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in text or end not in text:
        sys.exit(f"README.md has no {begin} ... {end} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body.strip()}\n{end}{tail}"


def run_example(command: str) -> str:
    args = shlex.split(command)
    r = subprocess.run([sys.executable, "-m", "analyzer", *args[1:]], capture_output=True, text=True, check=True)
    return f"```console\n$ {command}\n{r.stdout.rstrip()}\n```"


ARENA = README.parent / "reports" / "arena"
OPPONENTS = ("formula", "trickster", "percentile")


def _ci(e: dict, digits: int = 2) -> str:
    return f"{e['mean']:+.{digits}f} ({e['lo']:+.{digits}f} to {e['hi']:+.{digits}f})"


def _deciles(run: dict) -> tuple[int, int, float]:
    """(deciles within ±3 points, deciles, the largest gap in points) of agent A's equal-size deciles."""
    rows = [r for r in run["calibration"]["A"]["count"] if r["n"]]
    gaps = [r["gap_points"] for r in rows]
    return sum(abs(g) <= 3.0 for g in gaps), len(gaps), max(gaps, key=abs)


def arena_tables() -> str:
    """The advisor against every opponent, and its forecasts' calibration before and after the clue fit,
    from the run summaries ``reports/arena/run_all.sh`` writes."""
    import json

    out = ["| rules | opponent | deals | advisor's net per deal (95%) | advisor makes | opponent makes | "
           "time (2 workers) |", "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    cal = ["| rules | deciles within ±3, before the fit (prior clues) | after (fitted clues) | worst gap after |",
           "| --- | ---: | ---: | ---: |"]
    for rid in ("auction", "double-deck", "luxury-family"):
        for opp in OPPONENTS:
            f = ARENA / f"{rid}-advisor-vs-{opp}.json"
            if not f.exists():
                out.append(f"| {rid} | {opp} | – | not run yet (`reports/arena/run_all.sh`) | | | |")
                continue
            d = json.loads(f.read_text())
            a, b = d["A"], d["B"]
            mk = lambda x: f"{100 * x['make_rate']['p']:.1f}%" if x.get("make_rate") else "–"  # noqa: E731
            out.append(f"| {rid} | {opp} | {d['deals']:,} | **{_ci(a['net_per_deal'])}** | {mk(a)} | {mk(b)} | "
                       f"{d['seconds'] / 60:.0f} min |")
        before, after = ARENA / f"fit-{rid}-prior.json", ARENA / f"{rid}-advisor-vs-formula.json"
        if before.exists() and after.exists():
            (wb, nb, _), (wa, na, ga) = (_deciles(json.loads(x.read_text())) for x in (before, after))
            cal.append(f"| {rid} | {wb}/{nb} | {wa}/{na} | {ga:+.1f} |")
    return "\n".join(out) + "\n\nThe advisor's forecasts (chance of making its contract) against what happened, " \
        "in ten equal-size groups of its contracts (the runs against `formula`; before: the clue-fit runs on " \
        "seed 101):\n\n" + "\n".join(cal)


VARIANTS = README.parent / "reports" / "variants"
#: the variant runs of reports/variants/run_all.sh, in its order: (house game, A, B)
VARIANT_RUNS = tuple((g, "advisor", o) for g in ("auction-pass", "double-deck-pass")
                     for o in ("formula", "trickster", "percentile")) + (
    ("auction-pass", "advisor-pass", "advisor"), ("double-deck-pass", "advisor-pass", "advisor"))


def variants_table() -> str:
    """The arena on the passing variants (``reports/variants/run_all.sh``), one row a run, from the run summaries its
    pages wrote; a run not drawn yet says so."""
    import json

    out = ["| house game | A | B | deals | A's net per deal (95%) | A declares (makes) | B declares (makes) |",
           "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for game, a_name, b_name in VARIANT_RUNS:
        f = VARIANTS / f"{game}-{a_name}-vs-{b_name}.json"
        if not f.exists():
            out.append(f"| {game} | {a_name} | {b_name} | – | not drawn yet (`reports/variants/run_all.sh`) | | |")
            continue
        d = json.loads(f.read_text())
        a, b = d["A"], d["B"]
        dm = lambda x: (f"{100 * x['declared']['p']:.1f}% ({100 * x['make_rate']['p']:.1f}%)"  # noqa: E731
                        if x.get("make_rate") else "–")
        out.append(f"| {game} | {a_name} | {b_name} | {d['deals']:,} | **{_ci(a['net_per_deal'])}** | {dm(a)} "
                   f"| {dm(b)} |")
    check = VARIANTS / "check-auction-pass-fit.txt"
    if check.exists():  # run_all.sh step 5: reports/arena/compare_runs.py's lines
        out += ["", "The auction-pass clue fit checked (`run_all.sh` step 5; before: the prior model, after: the fit, "
                "against percentile on the same seed-2 deals):", "", "```", check.read_text().strip(), "```"]
    return "\n".join(out)


GAMES = README.parent / "reports" / "games"


def games_table() -> str:
    """The runs of whole games (``pinochle arena --games N --report reports/games``) from their summaries, one row
    a run, as the folder's own index writes them (:func:`analyzer.arena.games_report.games_rows`); a sentence when
    there is none yet."""
    sys.path.insert(0, str(README.parent))  # this checkout's package, whatever is installed
    from analyzer.arena.games_report import game_runs, games_rows

    runs = game_runs(GAMES) if GAMES.is_dir() else []
    if not runs:
        return "No runs of whole games yet (`pinochle arena --games N ... --report reports/games`)."
    return "\n".join(games_rows(runs, "reports/games/"))


WIN_TABLES = README.parent / "reports" / "win-tables"


def win_tables_table() -> str:
    """The shipped win tables (``reports/win-tables/tables.json``, written by ``python3 -m analyzer.arena.tables``)
    and their check against whole games (``check.json``, by ``reports/win-tables/check_tables.py``)."""
    import json

    tables = json.loads((WIN_TABLES / "tables.json").read_text())
    checks = json.loads((WIN_TABLES / "check.json").read_text()) if (WIN_TABLES / "check.json").exists() else []
    rows = ["| game | hands (self-play) | grid | largest / median 95% half-width | whole games checked | groups within "
            "their interval | largest gap |", "| --- | --- | --- | ---: | --- | ---: | ---: |"]
    for t in tables:
        opts = "".join(f" ({k}={v})" for k, v in t["options"].items())
        x0, step, n = t["grid"]
        mine = [c for c in checks if c["rules"] == t["rules"] and not t["options"]]
        if not mine:
            rows.append(f"| {t['rules']}{opts} | {t['hands']:,} | step {step}, {n} points | "
                        f"{100 * t['largest_half_width']:.1f} / {100 * t['median_half_width']:.2f} | — | — | — |")
        for c in mine:
            gap = max((g["gap"] for g in c["groups"]), key=abs)
            rows.append(f"| {t['rules']}{opts} | {t['hands']:,} | step {step}, {n} points | "
                        f"{100 * t['largest_half_width']:.1f} / {100 * t['median_half_width']:.2f} | "
                        f"{c['games_from']} | {c['groups_within']}/{len(c['groups'])} | {100 * gap:+.1f} |")
    split = [_by_agent_line(c) for c in checks if any("by_agent" in g for g in c["groups"])]
    return ("Half-widths and gaps in percentage points of the chance of winning; a check groups every state the "
            "games passed through into ten equal-size groups by the table's chance and sets each group against the "
            "share of those games won (its interval from resampling whole games):\n\n" + "\n".join(rows)
            + ("\n\nEach group split by the agent of the side valued (the lowest and the highest group; the table's "
               "chance, then the share won):\n\n" + "\n".join(split) if split else ""))


def _by_agent_line(c: dict) -> str:
    """One check's lowest and highest group by the agent of the side valued (``check_tables.py``'s ``by_agent``)."""
    def group(g: dict) -> str:
        return ", ".join(f"{a} {100 * v['table']:.1f}% → {100 * v['won']:.1f}%" for a, v in g["by_agent"].items())

    lo, hi = c["groups"][0], c["groups"][-1]
    return f"- {c['rules']} ({c['games_from']}): lowest group {group(lo)}; highest group {group(hi)}."


CARDPLAY = README.parent / "reports" / "cardplay"
DUPLICATE_DEALS = 2000  # each game's goal (reports/cardplay/run_duplicate.sh's DEALS)


def cardplay_sentence() -> str:
    """The sampling player against policy v1, game by game, from ``reports/cardplay/duplicate.json``."""
    import json

    d = json.loads((CARDPLAY / "duplicate.json").read_text())
    parts = []
    for rid, g in d.items():
        n = g["deals"]
        size = f"{n:,} deals" if n >= DUPLICATE_DEALS else f"{n:,} of its {DUPLICATE_DEALS:,} deals so far"
        a, dec, dfd = g["all"], g["declaring"], g["defending"]
        parts.append(f"{rid}, {size}: {a['mean']:+.2f} a deal against policy v1, 95% {a['lo']:+.2f} to {a['hi']:+.2f} "
                     f"(declaring {dec['mean']:+.2f}, defending {dfd['mean']:+.2f})")
    return "; ".join(parts) if parts else "none played yet"


def whole_meld_sentence() -> str:
    """What ``--whole-meld`` is worth, from ``reports/cardplay/whole_meld.json``."""
    import json

    d = json.loads((CARDPLAY / "whole_meld.json").read_text())
    if not d["measured"]:
        return "not measured yet"

    def ci(e: dict) -> str:
        return f"{e['mean']:+.2f} (95% {e['lo']:+.2f} to {e['hi']:+.2f})"

    return (f"auction, {d['measured']:,} positions of {d['positions']:,} (the first 0-15 cards played, each other "
            f"seat's laid meld shown; the advised cards differ on {d['cards_differ']:,}): points lost against the true "
            f"deal's best card, double dummy, {ci(d['loss_held'])} with the shown cards read as cards held, "
            f"{ci(d['loss_whole'])} read as whole melds; paired gain {ci(d['gain'])} trick points a decision")


def lf_split_sentence() -> str:
    """What Luxury Family's card play for the game costs and how much the defenders' split weighs, from
    ``reports/cardplay/lf_split.json``."""
    import json

    d = json.loads((CARDPLAY / "lf_split.json").read_text())

    def ci(e: dict, f: str) -> str:
        return f"{e['mean']:{f}} (95% {e['lo']:{f}} to {e['hi']:{f}})"

    return (f"{d['positions']} positions of random deals, 4 to 10 tricks left, at random scores of the second or third "
            f"hand, {d['samples']} deals a decision: {ci(d['seconds_plain'], '.1f')} s a decision without the score, "
            f"{ci(d['seconds_game'], '.1f')} s with it; {d['shared']:,} of {d['pairs']:,} deal-and-card lines past the "
            f"budget. The defenders' points of every solved deal shared as the heuristic players' rollout shares them "
            f"instead: a defender's power points {ci(d['defender_points_apart'], '.1f')} apart a deal and card, the "
            f"card for the game changed on {d['card_changed']} of {d['judged']} positions, the chance of the card that "
            f"moved most by {ci(d['largest_chance_change'], '.3f')}")


def main() -> None:
    text = README.read_text()
    if sys.argv[1] == "arena":
        text = replace(text, "arena", arena_tables())
    elif sys.argv[1] == "variants":
        text = replace(text, "variants", variants_table())
    elif sys.argv[1] == "games":
        text = replace(text, "games", games_table())
    elif sys.argv[1] == "win-tables":
        text = replace(text, "win-tables", win_tables_table())
    elif sys.argv[1] == "cardplay":
        text = replace(text, "cardplay", cardplay_sentence())
        if (CARDPLAY / "whole_meld.json").exists():
            text = replace(text, "wholemeld", whole_meld_sentence())
        if (CARDPLAY / "lf_split.json").exists():
            text = replace(text, "lfsplit", lf_split_sentence())
    elif sys.argv[1] == "examples":
        # the solver compiled first, so that the bid example shows its double-dummy check
        subprocess.run([sys.executable, "-m", "analyzer.runs.warmup"], check=True)
        for name, command in EXAMPLES.items():
            if len(sys.argv) == 2 or name in sys.argv[2:]:  # ``examples NAME ...``: those alone
                text = replace(text, name, run_example(command))
    else:
        text = replace(text, sys.argv[1], Path(sys.argv[2]).read_text())
    README.write_text(text)


if __name__ == "__main__":
    main()
