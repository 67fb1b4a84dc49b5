"""The shipped win tables against whole games: every state a real game passed through, the table's chance for
each side (player) there, against who won that game.

The tables are made from hands treated as independent draws of one self-play sample (``formula`` against
itself); whole games check that reading: games of the arena's engine (:func:`analyzer.arena.games.run_games`), each
hand dealt, bid, played and scored, the game's rules applied. Every hand's state before it (both totals, who deals,
whether each side has scored; Luxury Family: the totals and the hand number) is valued by the table
(:func:`analyzer.game.value.chance_now`) for every side (player), grouped by that chance into ten equal-size groups;
each group's mean chance is set against the share of those games the side won, the gap with a 95% interval from
resampling whole games (a game's states share its outcome); with two agents, each group's states also by the agent
of the side valued. Where the table's proxy (``formula``) differs from the agents that played (``--from`` saved
advisor games), this measures how far the proxy's table is from those agents' games.

    python3 reports/win-tables/check_tables.py                      # formula against formula, 2,000 games each
    python3 reports/win-tables/check_tables.py --from reports/games/data/auction-advisor-game-vs-advisor.part*.parquet
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import polars as pl

from analyzer.game import GameState
from analyzer.game.table import find_table
from analyzer.game.value import chance_now
from analyzer.rules import load
from analyzer.score import scoring_units

HERE = Path(__file__).resolve().parent
GROUPS = 10


def states(frame: pl.DataFrame, units: int) -> pl.DataFrame:
    """One row a hand: the game before it, and whether unit 0 won the game (1/k for a shared win)."""
    f = frame.sort(["game", "copy", "hand"])
    end = f.filter(pl.col("winner").is_not_null()).select(["game", "copy", "winner"])
    f = f.join(end.rename({"winner": "won_by"}), on=["game", "copy"], how="inner")
    for u in range(units):
        f = f.with_columns((pl.col(f"before_u{u}") > 0).cum_max().over(["game", "copy"]).alias(f"scored_u{u}"))
    return f


def share_of(unit: int, winner: str) -> float:
    """Unit ``unit``'s share of the game's win (1/k for a shared win of k)."""
    won = [int(x) for x in str(winner).replace(",", " ").split()]
    return (1.0 / len(won)) if unit in won else 0.0


def check(rid: str, frame: pl.DataFrame, label: str, boots: int = 300, names: tuple[str, ...] = ()
          ) -> dict[str, object]:
    """Every state valued for every unit (so neither side's luck in these games tilts the check), grouped by the
    table's chance; each group's interval from resampling whole games (a game's states share its outcome).
    ``names``: the agents by their index in the games' ``agent_s*`` columns (A, B), to split each group by the
    agent of the side valued."""
    rules = load(rid)
    table = find_table(rules)
    units = sum(1 for c in frame.columns if c.startswith("before_u"))
    first_seat = [u[0] for u in scoring_units(rules)]
    f = states(frame, units)
    key = (f["game"] * 8 + f["copy"].cast(pl.Int64)).to_numpy()
    p, y, cluster, who = [], [], [], []
    for row, k in zip(f.iter_rows(named=True), key, strict=True):
        totals = tuple(int(row[f"before_u{u}"]) for u in range(units))
        scored = tuple(bool(row[f"scored_u{u}"]) or totals[u] > 0 for u in range(units))
        st = GameState(totals=totals, hands=int(row["hand"]), dealer=int(row["dealer"]), scored=scored)
        for u in range(units):
            p.append(chance_now(rules, table, st, u)[0])
            y.append(share_of(u, row["won_by"]))
            cluster.append(k)
            agent = row.get(f"agent_s{first_seat[u]}")
            who.append(names[int(agent)] if names and agent is not None else "")
    p, y, cluster, who = np.array(p), np.array(y), np.array(cluster), np.array(who)
    order = np.argsort(p, kind="stable")
    groups = np.array_split(order, GROUPS)
    ids, inv = np.unique(cluster, return_inverse=True)
    rng = np.random.default_rng(1)
    draws = np.zeros((boots, GROUPS))
    for b in range(boots):
        w = np.bincount(rng.integers(0, ids.size, ids.size), minlength=ids.size)[inv].astype(np.float64)
        for i, g in enumerate(groups):
            draws[b, i] = (w[g] * (y[g] - p[g])).sum() / max(w[g].sum(), 1.0)
    rows = []
    agents = sorted(set(who.tolist()))
    for i, g in enumerate(groups):
        lo, hi = np.percentile(draws[:, i], [2.5, 97.5])
        row = {"n": int(len(g)), "table": round(float(p[g].mean()), 4), "won": round(float(y[g].mean()), 4),
               "gap": round(float((y[g] - p[g]).mean()), 4), "lo": round(float(lo), 4),
               "hi": round(float(hi), 4), "within": bool(lo - 1e-6 <= 0.0 <= hi + 1e-6)}  # tables are float32
        if len(agents) > 1:  # the group's states by the agent of the side valued: whose games fit the table
            row["by_agent"] = {a: {"n": int((who[g] == a).sum()), "table": round(float(p[g][who[g] == a].mean()), 4),
                                   "won": round(float(y[g][who[g] == a].mean()), 4)}
                               for a in agents if (who[g] == a).any()}
        rows.append(row)
    return {"rules": rid, "games_from": label, "states": int(len(f)), "games": int(ids.size),
            "brier": round(float(np.mean((p - y) ** 2)), 4), "groups": rows,
            "groups_within": sum(r["within"] for r in rows), "table": table.source}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", nargs="*", default=["auction", "double-deck", "luxury-family"])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--from", dest="files", nargs="*", type=Path,
                    help="saved whole games (pinochle arena --games --out)")
    a = ap.parse_args()
    out = []
    if a.files:
        frame = pl.concat([pl.read_parquet(p) for p in a.files], how="diagonal_relaxed")
        meta = json.loads(pl.read_parquet_metadata(a.files[0]).get("analyzer", "{}"))
        label = f"{meta['agents']['A']} against {meta['agents']['B']}, {len(a.files)} part(s)"
        out.append(check(meta["rules"], frame, label, names=(meta["agents"]["A"], meta["agents"]["B"])))
    else:
        from analyzer.arena.games import run_games

        for rid in a.rules:
            res = run_games(load(rid), "formula", "formula", a.games, seed=7)
            once = res.frame.filter(pl.col("copy") == 0)  # the same agent in every seat: the copies are one game
            out.append(check(rid, once, f"formula against formula, {a.games} games, seed 7"))
    for r in out:
        print(f"{r['rules']} ({r['games_from']}): {r['states']} states of {r['games']} games, Brier {r['brier']}, "
              f"{r['groups_within']}/{GROUPS} groups within their interval")
        for g in r["groups"]:
            by = "".join(f"  [{a}: table {v['table']:.3f} won {v['won']:.3f} n={v['n']}]"
                         for a, v in g.get("by_agent", {}).items())
            print(f"   table {g['table']:.3f}  won {g['won']:.3f}  gap {g['gap']:+.3f} ({g['lo']:+.3f} to "
                  f"{g['hi']:+.3f})  n={g['n']}{'' if g['within'] else '  OUT'}{by}")
    path = HERE / "check.json"
    old = json.loads(path.read_text()) if path.exists() else []
    keep = [x for x in old if (x["rules"], x["games_from"].split(",")[0]) not in
            {(r["rules"], r["games_from"].split(",")[0]) for r in out}]
    path.write_text(json.dumps(keep + out, indent=1) + "\n")


if __name__ == "__main__":
    main()
