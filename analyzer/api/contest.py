"""The arena as a question: two bidding agents played against each other in duplicate, from a front end's values
(the fields of :data:`analyzer.request.parts.ARENA`), checked once here; and a run joined from its saved parts."""

from __future__ import annotations

import shlex
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from analyzer.api.questions import game, where
from analyzer.errors import UserError, field_name
from analyzer.request.fields import Front
from analyzer.request.parts import ARENA, MAX_DEALS


def arena_command(v: Mapping[str, Any], files: Mapping[str, Path | str | None]) -> str:
    """The ``pinochle arena ...`` line that plays the run again (kept in its summary and report), with the
    command line's output ``files`` (``--out``, ``--report``, ``--name``); a run of whole games says ``--games``
    where a run of deals says ``--deals``."""
    size = ["--games", str(v["games"])] if v.get("games") is not None else ["--deals", str(v["deals"])]
    parts = ["pinochle", "arena", "--rules", v["rules"], *[x for o in v["options"] or [] for x in ("--option", o)],
             *size, "--seed", str(v["seed"]), "--ns", v["ns"], "--ew", v["ew"], "--play", v["play"]]
    parts += ["--workers", str(v["workers"])] if v["workers"] != 1 else []
    parts += ["--cluster", v["cluster"]] if v["cluster"] is not None else []
    parts += ["--start", str(v["start"])] if v["start"] else []
    for flag, x in files.items():
        parts += [flag, str(x)] if x is not None else []
    return " ".join(shlex.quote(x) for x in parts)


def _checked(values: Mapping[str, Any], given: Collection[str] | None) -> dict[str, Any]:
    """The arena's values checked once: every field, one of ``deals`` and ``games`` (``given``: the fields the user
    typed, where the front end fills in defaults; None: ``values`` holds only what was given), and the run's
    indices within range."""
    v = ARENA.check(values)
    typed = set(given) if given is not None else {k for k, x in values.items() if x is not None}
    if v["games"] is not None and "deals" in typed:
        raise UserError(f"give {field_name('deals')} or {field_name('games')}, not both: {field_name('deals')} plays "
                        f"single deals, {field_name('games')} whole games")
    n, what = (v["games"], "game") if v["games"] is not None else (v["deals"], "deal")
    if v["start"] + n > MAX_DEALS:
        raise UserError(f"{field_name('start')} {v['start']:,} + {field_name(what + 's')} {n:,} runs past {what} "
                        f"{MAX_DEALS:,}: {what}s past 2**32 would repeat earlier {what}s' streams")
    return v


def arena(values: Mapping[str, Any], front: Front = "json", *, progress: bool = False,
          files: Mapping[str, Path | str | None] | None = None, given: Collection[str] | None = None):
    """``pinochle arena``: the run's :class:`~analyzer.arena.core.ArenaResult` (single deals) or, with ``games``,
    its :class:`~analyzer.arena.games.GamesResult` (whole games; a rule set with a stock, two-handed, by
    :func:`~analyzer.arena.games_twohand.run_twohand_games`), the values checked once before any work
    (:func:`_checked`; ``given``: the fields the user typed, where the front end fills in the declared defaults);
    ``files``: the command line's output files, named in the line that plays the run again (kept in its summary)."""
    from analyzer.arena.core import run_arena
    from analyzer.arena.games import run_games
    from analyzer.arena.games_twohand import run_twohand_games

    v = _checked(values, given)
    run = where(v)
    rules = game(v["rules"], v["options"], front)
    command = arena_command(v, files or {})
    if v["games"] is not None and rules.play.stock:  # two-handed: the agents are phase-1 policies
        return run_twohand_games(rules, v["ns"], v["ew"], v["games"], v["seed"], start=v["start"], play=v["play"],
                                 workers=run.workers, cluster=run.cluster, progress=progress, command=command)
    if v["games"] is not None:
        return run_games(rules, v["ns"], v["ew"], v["games"], v["seed"], start=v["start"], play=v["play"],
                         workers=run.workers, cluster=run.cluster, progress=progress, command=command)
    res = run_arena(rules, v["ns"], v["ew"], v["deals"], v["seed"], play=v["play"], workers=run.workers,
                    cluster=run.cluster, progress=progress, start=v["start"])
    res.command = command
    return res


def _saved(paths: Sequence[Path]) -> tuple[list[Any], list[dict[str, Any]]]:
    """The hands and the summaries of saved runs' parts; UserError unless they are parts of one run."""
    from analyzer.arena.core import read_hands

    frames, sums = [], []
    for p in paths:
        f, s = read_hands(p)
        if not s:
            raise UserError(f"{str(p)!r} holds no arena summary: give files written by pinochle arena --out")
        frames.append(f)
        sums.append(s)
    key = lambda s: (s.get("kind"), s["rules"], s.get("options"), s["agents"]["A"], s["agents"]["B"], s["seed"],  # noqa: E731
                     s["play"], s.get("max_hands"))
    if any(key(s) != key(sums[0]) for s in sums):
        raise UserError("the files come from different runs (deals or games, rules, options, agents, seed or play "
                        "differ)")
    return frames, sums


def _work(sums: Sequence[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """The advisor counters of saved parts added up."""
    work: dict[str, dict[str, int]] = {}
    for s in sums:
        for k, v in (s.get("advisor_work") or {}).items():
            acc = work.setdefault(k, {})
            for kk, vv in v.items():
                acc[kk] = acc.get(kk, 0) + vv
    return work


def arena_runs(paths: Sequence[Path], rules_file: str | None = None):
    """A run joined from its saved parts (several files of one run's deals, or of one run's games, join): an
    :class:`~analyzer.arena.core.ArenaResult`, or a :class:`~analyzer.arena.games.GamesResult` for games. A run played
    on a house file names its rule set by the file's id, which is no built-in one: ``rules_file`` (``--rules``) gives
    that file again (its id must be the run's)."""
    import polars as pl

    from analyzer.arena.core import ArenaResult, per_deal_diff
    from analyzer.arena.games import GamesResult
    from analyzer.rules import available, load

    frames, sums = _saved(paths)
    s0 = sums[0]
    options = {k: v for k, v in (s0.get("options") or {}).items()}
    if rules_file is not None:
        rules = load(rules_file)
        if rules.id != s0["rules"]:
            raise UserError(f"--rules {rules_file} is the rule set {rules.id!r}, but the saved run was played on "
                            f"{s0['rules']!r}: give that rule set's file, or leave --rules out")
        rules = load(rules_file, options)
    elif s0["rules"] not in available():
        raise UserError(f"the saved run was played on the house rule set {s0['rules']!r}: give its file with --rules, "
                        f"e.g. --rules house/{s0['rules']}.toml")
    else:
        rules = load(s0["rules"], options)
    names = (s0["agents"]["A"], s0["agents"]["B"])
    cmds = "\n".join(dict.fromkeys(s.get("command", "") for s in sums if s.get("command")))
    secs = float(sum(s.get("seconds", 0.0) for s in sums))
    workers = int(max(s.get("workers", 1) for s in sums))
    if s0.get("kind") == "games":
        first = ["game", "copy", "hand"]
        frame = pl.concat(frames).unique(subset=first, keep="first").sort(first)
        return GamesResult(rules, names, int(frame["game"].n_unique()), int(frame["game"].min()), int(s0["seed"]),
                           s0["play"], frame, secs, workers, int(s0["max_hands"]), _work(sums), cmds)
    frame = pl.concat(frames).unique(subset=["deal", "copy"], keep="first").sort(["deal", "copy"])
    return ArenaResult(rules, names, int(frame["deal"].n_unique()), int(s0["seed"]), s0["play"], frame,
                       per_deal_diff(rules, frame), secs, workers, _work(sums), cmds)


def write_arena_report(res: Any, folder: Path, name: str | None = None) -> Path:
    """The run's Markdown page in ``folder`` (and the folder's index of runs made again); the page's path. A run of
    whole games gets its own page (:func:`write_games_report`)."""
    from analyzer.arena.games import GamesResult
    from analyzer.arena.report import write_index, write_report

    if isinstance(res, GamesResult):
        return write_games_report(res, folder, name)
    page = write_report(res, folder, name)
    write_index(folder)
    return page


def write_games_report(res: Any, folder: Path, name: str | None = None) -> Path:
    """A run of whole games' page in ``folder``: Markdown, its summary as JSON and the running share of games won
    (PNG), with the folder's index of game runs made again; the page's path."""
    from analyzer.arena.games_report import write_games_index, write_games_page

    page = write_games_page(res, folder, name)
    write_games_index(folder)
    return page
