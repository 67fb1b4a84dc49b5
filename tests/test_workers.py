"""Every batch command gives the same answer however its work is spread: in this process, over two worker
processes (``--workers 2``) and on a Dask cluster (``--cluster``, here a local one on the loopback).

Both ways out of this process pickle the batches and run them elsewhere in batch order; the cluster's workers
live for the whole session (``conftest.py``) while ``--workers 2`` spawns a pool a command (about 9 s on a
loaded 2-core machine, whatever the work). So the default suite compares every command on the cluster and
``bid`` and ``two-hand`` at two workers (the pool itself: ``test_batches.py``); the other commands at two
workers are slow tests (``pytest -m slow``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

BID = ["bid", "--rules", "auction", "--hand", "AH TH KH KH QH JH 9H AS QS JD AC TC", "--seed", "7",
       "--samples", "1500", "--play", "heuristic", "--json"]
BID_AFTER = ["bid", "--rules", "double-deck", "--hand",
             "AH AH TH TH KH KH QH QH JH JH AS TS KS QS JD JD AC TC KC QC", "--seat", "0", "--dealer", "0",
             "--auction", "1:pass 2:60 3:pass", "--seed", "3", "--samples", "1200", "--play", "heuristic", "--json"]
# two-handed: more deals than one batch (4096), so that two workers share them
TWO_HAND = ["two-hand", "--hand", "AH TH KH KH QH JH AS TS QS JD KC QC", "--upcard", "JH", "--samples", "5000",
            "--play", "heuristic", "--seed", "3", "--json"]
ARENA = ["arena", "--rules", "auction", "--deals", "6", "--seed", "4", "--ns", "formula", "--ew", "meld-only",
         "--json"]
# statistics and comparisons: more deals than two batches (1024 each)
STATS = ["stats", "--rules", "double-deck", "--samples", "2500", "--seed", "3", "--json"]
COMPARE = ["compare", "--rules", "auction", "--option", "head=trump-led,always", "--samples", "2500", "--seed", "3",
           "--json"]


def _strip(d):
    """The answer without how long it took or how it was spread."""
    if isinstance(d, dict):
        return {k: _strip(v) for k, v in d.items() if k not in ("seconds", "workers", "command", "ms")}
    if isinstance(d, list):
        return [_strip(x) for x in d]
    return d


def _answer(run_cli, args):
    code, out, err = run_cli(args)
    assert code == 0, err
    return _strip(json.loads(out))


_IN_PROCESS: dict[tuple[str, ...], dict] = {}


def _in_process(run_cli, args):
    """The answer of ``args`` in this process, computed once for the module (the cluster and the two-worker
    tests compare against it)."""
    key = tuple(args)
    if key not in _IN_PROCESS:
        _IN_PROCESS[key] = _answer(run_cli, args)
    return _IN_PROCESS[key]


@pytest.fixture
def scheduler(dask_scheduler):
    return dask_scheduler


COMMANDS = {"bid": BID, "bid-after-calls": BID_AFTER, "two-hand": TWO_HAND, "arena": ARENA, "stats": STATS,
            "compare": COMPARE}
#: the commands compared at two workers in the default suite; the others' comparisons are slow (two-hand's split
#: over processes is checked on a cluster in the default suite)
AT_TWO_WORKERS = ("bid",)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_same_answer_in_this_process_and_on_a_cluster(name, run_cli, scheduler):
    args = COMMANDS[name]
    assert _in_process(run_cli, args) == _answer(run_cli, [*args, "--cluster", scheduler])


@pytest.mark.parametrize("name", [n if n in AT_TWO_WORKERS else pytest.param(n, marks=pytest.mark.slow)
                                  for n in COMMANDS])
def test_same_answer_at_one_and_two_workers(name, run_cli):
    args = COMMANDS[name]
    assert _in_process(run_cli, args) == _answer(run_cli, [*args, "--workers", "2"])


@pytest.mark.parametrize("command", [BID, TWO_HAND, ARENA, STATS, COMPARE],
                         ids=["bid", "two-hand", "arena", "stats", "compare"])
def test_bad_workers_or_cluster_is_one_line(command, run_cli):
    code, _, err = run_cli([*command, "--workers", "0"])
    assert code == 2 and "--workers must be at least 1" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli([*command, "--cluster", "somewhere:1"])
    assert code == 2 and "bad --cluster" in err and len(err.strip().splitlines()) == 1


@pytest.fixture(params=[False, pytest.param(True, marks=pytest.mark.slow)], ids=["cluster", "and-two-workers"])
def at_two_workers(request):
    """Whether a test compares ``--workers 2`` too (slow) besides the cluster (the default suite)."""
    return request.param


def test_solve_file_same_values_at_one_and_two_workers_and_on_a_cluster(tmp_path, run_cli, scheduler,
                                                                        at_two_workers):
    """The positions' values and per-card values are the same; the node counts are not compared (a thread's
    table carries over between the positions it solves, so they depend on which positions share one)."""
    f = tmp_path / "positions.jsonl"
    lines = (Path(__file__).parents[1] / "benchmarks" / "data" / "two-handed.jsonl").read_text().splitlines()[:12]
    f.write_text("\n".join(lines) + "\n")
    args = ["solve", "--rules", "two-handed", "--file", str(f), "--cards", "--json"]

    def values(extra):
        code, out, err = run_cli([*args, *extra])
        assert code == 0, err
        rows = [json.loads(x) for x in out.splitlines()]
        assert len(rows) == 12 and all(r["exact"] for r in rows)
        return [{k: v for k, v in r.items() if k not in ("nodes", "trick_nodes", "ms")} for r in rows]

    one = values([])
    assert one == values(["--cluster", scheduler])
    if at_two_workers:
        assert one == values(["--workers", "2"])


def test_report_pages_same_at_one_and_two_workers_and_on_a_cluster(tmp_path, run_cli, scheduler, at_two_workers):
    """``pinochle report`` writes the same page (its text; the command line it names aside) however spread."""
    def page(extra, name):
        out = tmp_path / name
        code, _, err = run_cli(["report", "--rules", "auction", "--samples", "2500", "--seed", "3", "--out", str(out),
                                *extra])
        assert code == 0, err
        return [x for x in (out / "README.md").read_text().splitlines() if "pinochle report" not in x]

    one = page([], "one")
    assert one == page(["--cluster", scheduler], "cluster")
    if at_two_workers:
        assert one == page(["--workers", "2"], "two")


@pytest.mark.slow
@pytest.mark.parametrize("rid", ["auction", "luxury-family"])
def test_arena_with_the_advisor_same_at_one_and_two_workers(rid, run_cli):
    """The same arena figures at one and two workers with the advisor, which keeps per-hand state (its study
    cache, its seeds counted per hand) across three blocks of 25 deals, so the two workers bid different
    hands before a block. The default suite checks the arena only with agents that keep nothing; a cache
    that once dropped entries mid-auction moved 1 forecast in 200 at 100 deals, so this is a net for that
    kind of defect, not a proof of its absence."""
    args = ["arena", "--rules", rid, "--deals", "60", "--seed", "5", "--ns", "advisor:samples=40", "--ew", "formula",
            "--json"]
    assert _answer(run_cli, args) == _answer(run_cli, [*args, "--workers", "2"])
