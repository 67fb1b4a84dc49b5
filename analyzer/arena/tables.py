"""The win-probability tables' hands played, and the shipped tables made: ``python3 -m analyzer.arena.tables
[--rules R ...] [--hands N] [--boots B]``; or in parts, for samples that take hours (the advisor's self-play):
``--rules R --agent A --start S --hands N --part-out F`` plays hands ``S .. S + N - 1`` and keeps them in ``F``,
``--rules R --from F ...`` makes the table from the parts (``reports/win-tables/run_parts.sh``).

For each rule set (default options; two-handed also its 24-card deck): ``N`` hands of self-play
(:func:`self_play_sample`, seed 1: ``formula`` against itself, two-handed ``th-v1``),
kept beside the table (``analyzer/game/tables/<hands key>.hands.parquet``) so that options changing only how
the game ends are made from the same hands; the table with ``B`` bootstrap resamples
(:func:`analyzer.game.table.build_table`); a plot per game in ``reports/win-tables/`` and a line each in
``reports/win-tables/tables.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.game.outcomes import HandOutcomes
from analyzer.game.sample import from_arena, from_two_handed
from analyzer.game.table import (
    TABLE_DIR,
    WinTable,
    build_table,
    cache_folder,
    find_sample,
    find_table,
    sample_name,
    table_name,
)
from analyzer.rules import load
from analyzer.rules.model import RuleSet
from analyzer.twohand.hands import self_play

#: resamples of a table made when first asked (the shipped ones: this module's ``--boots``)
BOOTS_ON_DEMAND = 5
#: self-play hands behind a table made when first asked for options whose hands are not shipped
HANDS_ON_DEMAND = 4000

#: the games and option sets shipped
SHIPPED: tuple[tuple[str, dict[str, str]], ...] = (
    ("auction", {}), ("double-deck", {}), ("luxury-family", {}), ("two-handed", {}), ("two-handed", {"deck": "24"}),
)
REPORTS = Path(__file__).resolve().parents[2] / "reports" / "win-tables"


def self_play_sample(rules: RuleSet, hands: int, seed: int = 1, agent: str = "formula", workers: int = 1,
                     progress: bool = False, start: int = 0) -> HandOutcomes:
    """``hands`` distinct hands of ``agent`` against itself in the arena (two-handed: its own self-play), seed
    ``seed``: deals ``start .. start + hands - 1``, each once (the arena plays a deal once per seating; with the same
    agent in every seat those copies are one hand, so only the first is kept)."""
    if not rules.has_bidding:
        if start:
            raise ValueError("two-handed self-play samples are made whole (seconds): no start")
        return two_handed_sample(rules, hands, seed)
    import polars as pl

    from analyzer.arena.core import run_arena  # the arena's advisor agent reads the tables

    res = run_arena(rules, agent, agent, hands, seed, workers=workers, progress=progress, copies=1, start=start)
    return from_arena(rules, res.frame.filter(pl.col("copy") == 0), _source(agent, seed, start, start + hands))


def _source(agent: str, seed: int, lo: int, hi: int) -> str:
    """Where a self-play sample's hands come from: deals ``lo .. hi - 1`` of the arena's ``seed``."""
    return f"{agent} against {agent}, arena seed {seed}, deals {lo}-{hi - 1}: {hi - lo} hands"


def joined_parts(rules: RuleSet, paths: list[Path]) -> HandOutcomes:
    """The self-play sample kept in parts (``--part-out``): the parts in the order of their deals, which must follow
    one another from deal 0 with one agent and seed (else ValueError naming the gap)."""
    parts = [HandOutcomes.read(p) for p in paths]
    spans = []
    for p, path in zip(parts, paths, strict=True):
        if p.rules_id != rules.id:
            raise ValueError(f"{path}: hands of {p.rules_id}, not {rules.id}")
        head, _, rng = p.source.rpartition(", deals ")
        lo, hi = (int(x) for x in rng.split(":")[0].split("-"))
        spans.append((lo, hi + 1, head, p))
    spans.sort(key=lambda t: t[0])
    at, heads = 0, {t[2] for t in spans}
    if len(heads) > 1:
        raise ValueError(f"parts of different self-play runs: {sorted(heads)}")
    for lo, hi, _, _ in spans:
        if lo != at:
            raise ValueError(f"the parts leave out deals {at}-{lo - 1}" if lo > at else f"deal {lo} is in two parts")
        at = hi
    return HandOutcomes.joined([t[3] for t in spans], f"{spans[0][2]}, deals 0-{at - 1}: {at} hands")


def two_handed_sample(rules: RuleSet, hands: int, seed: int = 1) -> HandOutcomes:
    """``hands`` two-handed hands, both players ``th-v1`` (:func:`analyzer.twohand.hands.self_play`)."""
    res = self_play(rules, hands, seed, "th-v1", "heuristic")
    return from_two_handed(res.score, np.asarray(res.dealer, dtype=np.int64),
                           f"two-handed self-play, both th-v1, seed {seed}, {hands} hands")


def win_table(rules: RuleSet, *, note: Any = None) -> WinTable:
    """The win-probability table of ``rules``: shipped or made before (:func:`analyzer.game.table.find_table`), else
    made now (``note(text)`` is told first: it takes seconds) from the shipped hands where only how the game ends
    differs, else from :data:`HANDS_ON_DEMAND` fresh self-play hands, and kept in the cache folder."""
    got = find_table(rules)
    if got is not None:
        return got
    if note is not None:
        note(f"making the win-probability table for {rules.id} with these options (once; kept in {cache_folder()})")
    sample = find_sample(rules)
    if sample is None:
        sample = self_play_sample(rules, HANDS_ON_DEMAND, seed=1)
        try:
            sample.write(cache_folder() / sample_name(rules))
        except OSError:
            pass
    table = build_table(rules, sample, boots=BOOTS_ON_DEMAND)
    try:
        table.write(cache_folder() / table_name(rules))
    except OSError:
        pass
    rules.cache["win_table"] = table
    return table


def plot(table: WinTable, rules: RuleSet, path: Path) -> None:
    """My chance of winning over the scores: two units — my total across, theirs up, for each dealer; Luxury
    Family — my leads over the other two before each hand (my seat left of the dealer)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax_vals = table.x0 + table.step * np.arange(table.n)
    if table.kind == "two":
        panels = [(table.values[d, -1, -1].T, f"{'I' if d == 0 else 'they'} deal next") for d in (0, 1)]
        xl, yl = "my total", "their total"
    else:
        panels = [(table.values[h, 1].T, f"before hand {h + 1}, I bid first") for h in range(table.values.shape[0])]
        xl, yl = "my lead over the player on my left", "my lead over the other player"
    fig, axes = plt.subplots(1, len(panels), figsize=(4.2 * len(panels), 3.8), squeeze=False)
    for ax, (v, title) in zip(axes[0], panels, strict=True):
        im = ax.imshow(v, origin="lower", extent=(ax_vals[0], ax_vals[-1], ax_vals[0], ax_vals[-1]), vmin=0, vmax=1,
                       cmap="RdYlGn", aspect="auto")
        cs = ax.contour(ax_vals, ax_vals, v, levels=[0.1, 0.25, 0.5, 0.75, 0.9], colors="k", linewidths=0.6)
        ax.clabel(cs, fmt="%.2f", fontsize=7)
        ax.set_title(title, fontsize=9)
        ax.set_xlabel(xl, fontsize=8)
        ax.set_ylabel(yl, fontsize=8)
    fig.colorbar(im, ax=axes[0].tolist(), shrink=0.8, label="my chance of winning")
    fig.suptitle(f"{rules.name} ({rules.option_text() or 'default options'}): {table.source}", fontsize=8)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)


def make(rules_id: str, options: dict[str, str], hands: int, boots: int, workers: int, agent: str = "formula",
         parts: list[Path] | None = None) -> dict[str, object]:
    """One shipped table (module docstring), from fresh self-play or from the sample's ``parts``; its line of
    ``tables.json``."""
    rules = load(rules_id, options)
    t0 = time.perf_counter()
    if parts:
        sample = joined_parts(rules, parts)
    else:
        sample = self_play_sample(rules, hands, seed=1, agent=agent, workers=workers, progress=True)
    sample.write(TABLE_DIR / sample_name(rules))
    t1 = time.perf_counter()
    table = build_table(rules, sample, boots=boots)
    table.write(TABLE_DIR / table_name(rules))
    t2 = time.perf_counter()
    slug = rules_id + "".join(f"-{k}-{v}" for k, v in options.items())
    plot(table, rules, REPORTS / f"{slug}-win-table.png")
    return {"rules": rules_id, "options": options, "file": table_name(rules), "source": table.source,
            "hands": table.hands, "boots": boots, "grid": [table.x0, table.step, table.n],
            "largest_half_width": round(float(table.half.max()), 4),
            "median_half_width": round(float(np.median(table.half)), 4),
            "monotone_adjustment": round(table.adjusted, 4),
            "sweeps": table.sweeps, "seconds_hands": round(t1 - t0, 1), "seconds_table": round(t2 - t1, 1),
            "plot": f"{slug}-win-table.png"}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", nargs="*", help="rule set ids (default: every shipped table)")
    ap.add_argument("--hands", type=int, default=40_000)
    ap.add_argument("--boots", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--agent", default="formula", help="the self-play agent (two-handed: always th-v1)")
    ap.add_argument("--start", type=int, default=0, help="with --part-out: the first deal of the part")
    ap.add_argument("--part-out", type=Path, help="play one part of the sample (--start, --hands) and keep it here")
    ap.add_argument("--from", dest="parts", nargs="+", type=Path, help="make the table from these parts")
    a = ap.parse_args(argv)
    todo = [(r, o) for r, o in SHIPPED if not a.rules or r in a.rules]
    if a.part_out or a.parts:
        if not a.rules or len(a.rules) != 1:
            ap.error("--part-out and --from take one rule set (--rules R)")
        todo = [(a.rules[0], {})]
    if a.part_out:
        rules = load(a.rules[0])
        sample = self_play_sample(rules, a.hands, seed=1, agent=a.agent, workers=a.workers, progress=True,
                                  start=a.start)
        sample.write(a.part_out)
        print(f"{a.part_out}: {sample.source}", file=sys.stderr)
        return 0
    index_path = REPORTS / "tables.json"
    for r, o in todo:
        line = make(r, o, a.hands, a.boots, a.workers, a.agent, a.parts)
        print(json.dumps(line), file=sys.stderr)
        # read again just before writing: another maker (another game) may have written its line meanwhile
        index = json.loads(index_path.read_text()) if index_path.exists() else []
        index = [x for x in index if (x["rules"], x["options"]) != (r, o)] + [line]
        REPORTS.mkdir(parents=True, exist_ok=True)
        index_path.write_text(json.dumps(index, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
