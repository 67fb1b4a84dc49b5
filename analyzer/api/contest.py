"""The arena as a question: two bidding agents played against each other in duplicate, from a front end's values
(the fields of :data:`analyzer.request.parts.ARENA`), checked once here; and a run joined from its saved parts."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from analyzer.api.questions import game, where
from analyzer.errors import UserError, field_name
from analyzer.request.fields import Front
from analyzer.request.parts import ARENA, MAX_DEALS


def arena_command(v: Mapping[str, Any], files: Mapping[str, Path | str | None]) -> str:
    """The ``pinochle arena ...`` line that plays the run again (kept in its summary and report), with the
    command line's output ``files`` (``--out``, ``--report``, ``--name``)."""
    parts = ["pinochle", "arena", "--rules", v["rules"], *[x for o in v["options"] or [] for x in ("--option", o)],
             "--deals", str(v["deals"]), "--seed", str(v["seed"]), "--ns", v["ns"], "--ew", v["ew"], "--play",
             v["play"]]
    parts += ["--workers", str(v["workers"])] if v["workers"] != 1 else []
    parts += ["--cluster", v["cluster"]] if v["cluster"] is not None else []
    parts += ["--start", str(v["start"])] if v["start"] else []
    for flag, x in files.items():
        parts += [flag, str(x)] if x is not None else []
    return " ".join(shlex.quote(x) for x in parts)


def arena(values: Mapping[str, Any], front: Front = "json", *, progress: bool = False,
          files: Mapping[str, Path | str | None] | None = None):
    """``pinochle arena``: the run's :class:`~analyzer.arena.core.ArenaResult`, its values checked once before any
    work (the deals' range included); ``files``: the command line's output files, named in the line that plays the
    run again (kept in its summary)."""
    from analyzer.arena.core import run_arena

    v = ARENA.check(values)
    if v["start"] + v["deals"] > MAX_DEALS:
        raise UserError(f"{field_name('start')} {v['start']:,} + {field_name('deals')} {v['deals']:,} runs past deal "
                        f"{MAX_DEALS:,}: deals past 2**32 would repeat earlier deals")
    run = where(v)
    rules = game(v["rules"], v["options"], front)
    command = arena_command(v, files or {})
    return run_arena(rules, v["ns"], v["ew"], v["deals"], v["seed"], play=v["play"], workers=run.workers,
                     cluster=run.cluster, progress=progress, start=v["start"], command=command)


def arena_runs(paths: Sequence[Path]):
    """An :class:`~analyzer.arena.core.ArenaResult` from saved hands (several files of one run's deals join)."""
    import polars as pl

    from analyzer.arena.core import ArenaResult, per_deal_diff, read_hands
    from analyzer.rules import load

    frames, sums = [], []
    for p in paths:
        f, s = read_hands(p)
        if not s:
            raise UserError(f"{str(p)!r} holds no arena summary: give files written by pinochle arena --out")
        frames.append(f)
        sums.append(s)
    key = lambda s: (s["rules"], s.get("options"), s["agents"]["A"], s["agents"]["B"], s["seed"], s["play"])  # noqa: E731
    if any(key(s) != key(sums[0]) for s in sums):
        raise UserError("the files come from different runs (rules, options, agents, seed or play differ)")
    frame = pl.concat(frames).unique(subset=["deal", "copy"], keep="first").sort(["deal", "copy"])
    s0 = sums[0]
    rules = load(s0["rules"], {k: v for k, v in (s0.get("options") or {}).items()})
    work: dict[str, dict[str, int]] = {}
    for s in sums:
        for k, v in (s.get("advisor_work") or {}).items():
            acc = work.setdefault(k, {})
            for kk, vv in v.items():
                acc[kk] = acc.get(kk, 0) + vv
    names = (s0["A"]["name"], s0["B"]["name"])
    deals = int(frame["deal"].n_unique())
    cmds = [s.get("command", "") for s in sums if s.get("command")]
    return ArenaResult(rules, names, deals, int(s0["seed"]), s0["play"], frame, per_deal_diff(rules, frame),
                       float(sum(s.get("seconds", 0.0) for s in sums)), int(max(s.get("workers", 1) for s in sums)),
                       work, "\n".join(dict.fromkeys(cmds)))


def write_arena_report(res: Any, folder: Path, name: str | None = None) -> Path:
    """The run's Markdown page in ``folder`` (and the folder's index of runs made again); the page's path."""
    from analyzer.arena.report import write_index, write_report

    page = write_report(res, folder, name)
    write_index(folder)
    return page
