"""The report of a run of whole games: one Markdown page per run with its summary as JSON and the running share of
games won (PNG), and an index of the game runs in the folder (``reports/games/`` by convention).

:func:`write_games_page` writes ``<name>.md``, ``<name>.json`` and ``<name>-running.png``; :func:`write_games_index`
(re)writes the folder's ``README.md`` from every game run's summary found there. Every page names its command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from analyzer.arena.advisor import AdvisorStats
from analyzer.arena.games import GamesResult
from analyzer.arena.games_figures import pair_values, running_share
from analyzer.arena.report import _report_folder, _write_page, summaries
from analyzer.game.state import ENDINGS
from analyzer.score import scoring_units


def pm(e: dict[str, Any], scale: float = 1.0, digits: int = 2, sign: str = "+") -> str:
    """An estimate as ``mean (lo to hi)``, its values times ``scale``."""
    f = f"{{:{sign}.{digits}f}}"
    return f"{f.format(scale * e['mean'])} ({f.format(scale * e['lo'])} to {f.format(scale * e['hi'])})"


def share_text(s: dict[str, Any]) -> str:
    """A's share of the games won with its 95% interval, in percent: ``61.2% (55.0 to 67.4)``."""
    a = s["games_won"]["A"]
    return f"{100 * a['mean']:.1f}% ({100 * a['lo']:.1f} to {100 * a['hi']:.1f})"


def running_figure(res: GamesResult, path: Path) -> Path:
    """A's share of the games won after each game pair, with its running 95% interval."""
    from analyzer.analyses.calibration import _figure, _save

    plt = _figure()
    mean, lo, hi = running_share(pair_values(res.rules, res.frame))
    n = range(1, mean.size + 1)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    ax.fill_between(n, 100 * lo, 100 * hi, color="tab:blue", alpha=0.2, label="95% interval")
    ax.plot(n, 100 * mean, color="tab:blue", lw=1.5, label=f"{res.names[0]}'s share")
    fair = 100 / len(scoring_units(res.rules))
    ax.axhline(fair, color="0.3", lw=1, ls="--", label=f"fair share {fair:.1f}%")
    ax.set_xlabel("game pairs played")
    ax.set_ylabel("games won by A (%)")
    ax.set_title(f"{res.rules.id}: {res.names[0]} against {res.names[1]}, {mean.size:,} game pairs")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return _save(fig, path)


def _play_text(res: GamesResult) -> str:
    """Who played the cards; with a stock (two-handed) the agents' policies played phase 1, and ``play`` names
    phase 2's players: the heuristic players (policy v1 for both seats) or the double-dummy solver."""
    if not res.rules.play.stock:
        return f"play {res.play} (policy v1 for every seat)"
    who = "the heuristic players, policy v1 for both seats" if res.play == "heuristic" else "the double-dummy solver"
    return f"phase 1 (the stock) by the agents' policies, phase 2 (play {res.play}) by {who}"


def per_pair_seconds(s: dict[str, Any]) -> str:
    """The run's seconds per game pair: two decimals, or three significant figures under 0.1 s (a two-handed
    heuristic run plays a pair in milliseconds: "0.00" would say it took no time)."""
    v = s["seconds"] / max(s["games"], 1)
    return f"{v:.2f}" if v >= 0.1 else f"{v:.3g}"


def _intro(res: GamesResult, s: dict[str, Any]) -> list[str]:
    """The title, the command, and how the run was played."""
    lines = [f"# Arena games: {res.names[0]} against {res.names[1]} — {res.rules.name}", ""]
    if res.command:
        lines += ["Made by:", "", "```bash", res.command, "```", ""]
    rs = res.rules
    seat = ("the two sides swapped" if rs.has_partners else "the two seats swapped" if rs.seats == 2
            else f"A rotated through the {rs.seats} seats")
    lines += [f"Rule set `{rs.id}` ({rs.option_text() or 'default options'}), {s['games']:,} games "
              f"(from game {s['start']:,}), each played once per seating ({seat}) on the same deals: {s['hands']:,} "
              f"hands; seed {res.seed}, {_play_text(res)}, at most {s['max_hands']} hands a "
              f"game; {s['seconds']:,.1f} s on {res.workers} worker{'s' if res.workers > 1 else ''} "
              f"({per_pair_seconds(s)} s per game pair).", ""]
    return lines


def _result(res: GamesResult, s: dict[str, Any]) -> list[str]:
    """Games won, the interval, the spread per pair, points per hand, hands per game and the endings."""
    g = s["games_won"]
    p = g["plain"]
    need = g["pairs_needed"]
    sd = "—" if g["sd_per_pair_points"] is None else f"{g['sd_per_pair_points']:.1f} points"
    ends = ", ".join(f"{k} {s['endings'][k]:,}" for k in (*ENDINGS, "undecided") if s["endings"].get(k))
    return [
        "## Result", "",
        "| | |", "| --- | ---: |",
        f"| **games won by {res.names[0]}** (95%, from the game pairs) | **{share_text(s)}** |",
        f"| the same games counted one by one (Wilson) | {100 * p['p']:.1f}% ({100 * p['lo']:.1f} to "
        f"{100 * p['hi']:.1f}) |",
        f"| standard deviation per game pair | {sd} |",
        *[f"| game pairs a ±{h}-point interval needs | {'—' if need[h] is None else f'{need[h]:,}'} |" for h in need],
        f"| points per hand, {res.names[0]} less {res.names[1]} (95%) | {pm(s['points_per_hand'])} |",
        f"| hands per game (95%) | {pm(s['hands_per_game'], sign='')} |",
        "", f"How the games ended: {ends or '—'}.", "",
        "*Games won*: per game pair (a game's copies), the mean over the copies of A's win (a shared win among k "
        "counted 1/k, an undecided game as shared by all); the interval comes from the pairs, each a duplicate of "
        "the same deals. *Points per hand*: A's score less B's (Luxury Family: less the mean of B's seats) per hand, "
        "before the game's own rules hold any of it back.", "",
    ]


def _variance(s: dict[str, Any]) -> list[str]:
    """What the duplicate bought and the control variate's decision."""
    v = s["variance_reduction"]
    cv = v["control_variate"]
    worth = v["independent_games_per_pair"]
    sd = lambda x: "—" if x is None else f"{x:.1f} points"  # noqa: E731
    return [
        "## Variance reduction", "",
        f"Duplicate ({v['copies']} copies a game on the same deals): one game's share of the win has a standard "
        f"deviation of {sd(v['sd_per_game_points'])}, one game pair's {sd(v['sd_per_pair_points'])}: a pair is worth "
        f"{'—' if worth is None else worth} games played independently.", "",
        "Control variate: none used. The one covariate fixed in advance with mean zero by construction is "
        f"{cv['covariate']}; its largest absolute value over the pairs is {cv['largest']:g}: it is zero in every "
        "pair, the duplicate has cancelled it already. The hands past the shortest copy of a game are played only "
        "because of the agents' decisions, so no covariate known to have mean zero is left.", "",
    ]


def write_games_page(res: GamesResult, out: str | Path, name: str | None = None) -> Path:
    """Write the run's page, summary and running-share figure into folder ``out``; the page's path."""
    folder = _report_folder(out)
    name = name or f"{res.rules.id}-{res.names[0]}-vs-{res.names[1]}-games".replace(" ", "")
    s = res.summary()
    png = running_figure(res, folder / f"{name}-running.png")
    lines = _intro(res, s) + _result(res, s) + [f"![running share of games won]({png.name})", ""] + _variance(s)
    if s.get("advisor_work"):
        lines += ["## The advisor's work", "",
                  *[f"- {res.names['AB'.index(k)]}: {AdvisorStats.describe(w)}." for k, w in s["advisor_work"].items()],
                  ""]
    return _write_page(folder, name, lines, s)


def game_runs(folder: Path) -> list[tuple[str, dict[str, Any]]]:
    """(name, summary) of every run of whole games whose summary lies in ``folder``, by name."""
    return summaries(folder, lambda s: s.get("kind") == "games")


def games_rows(runs: list[tuple[str, dict[str, Any]]], link: str = "") -> list[str]:
    """A Markdown table of game runs (``link``: the pages' folder as seen from the table's page)."""
    rows = ["| run | rules | A | B | game pairs | A's games won (95%) | sd per pair | pairs for ±2 | points per hand "
            "| hands per game | s per pair |",
            "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for stem, s in runs:
        g = s["games_won"]
        sd = "—" if g["sd_per_pair_points"] is None else f"{g['sd_per_pair_points']:.1f}"
        need = g["pairs_needed"].get("2")
        rows.append(f"| [{stem}]({link}{stem}.md) | {s['rules']} | {s['agents']['A']} | {s['agents']['B']} | "
                    f"{s['games']:,} | **{share_text(s)}** | {sd} | {'—' if need is None else f'{need:,}'} | "
                    f"{pm(s['points_per_hand'])} | {s['hands_per_game']['mean']:.1f} | "
                    f"{per_pair_seconds(s)} |")
    return rows


def write_games_index(out: str | Path, title: str = "Arena games") -> Path:
    """``README.md`` of a report folder: one line per run of whole games found there."""
    folder = Path(out)
    lines = [f"# {title}", "", "Generated by `pinochle arena --games N ... --report reports/games` (each page names "
             "its command). *Games won*: A's share, per game pair (the game's copies, one per seating, on the same "
             "deals).", "", *games_rows(game_runs(folder))]
    page = folder / "README.md"
    page.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return page


__all__ = ["game_runs", "games_rows", "running_figure", "write_games_index", "write_games_page"]
