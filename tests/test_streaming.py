"""Long runs in bounded memory: stats and compare accumulate batch by batch and give what the whole sample
gives; memory does not grow with the number of deals; Ctrl-C stops cleanly; progress only on a terminal."""

import math
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from analyzer.analyses.compare import compare, difference, settings_grid
from analyzer.analyses.stats import (
    FIT_DEALS,
    Distribution,
    PlayAccumulator,
    WorthModel,
    meld_stats,
    side_outcome,
)
from analyzer.estimate import Histogram, Moments, mean_ci
from analyzer.montecarlo.columns import collect, collect_many
from analyzer.rules import load
from analyzer.runs import progress
from analyzer.runs.batches import BATCH, iter_batches

SAMPLES = 2 * BATCH + 777  # three batches, the last one short


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12) or (math.isnan(a) and math.isnan(b))


def test_histogram_gives_the_figures_of_the_whole_sample():
    rng = np.random.default_rng(3)
    x = rng.integers(-5, 60, 20_011)
    h = Histogram()
    for i in range(0, x.size, 997):
        h.add(x[i:i + 997])
    e, want = h.estimate(), mean_ci(x)
    assert _close(e.mean, want.mean) and _close(e.se, want.se) and h.n == x.size
    for p in (0, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 1):
        assert h.quantile(p) == np.quantile(x, p)


def test_moments_give_means_ratios_and_paired_differences_of_the_whole_sample(ratio_ci):
    rng = np.random.default_rng(4)
    den = rng.integers(10, 30, 9000).astype(float)
    num = den * 0.3 + rng.normal(0, 1, 9000)
    other = num + rng.normal(0.2, 0.5, 9000)
    x = np.stack([num, den, other], axis=1)
    m = Moments(3)
    for i in range(0, 9000, 1000):
        m.add(x[i:i + 1000])
    r, c = m.ratio(0, 1)
    want, lin = ratio_ci(num, den)
    assert _close(r.mean, want.mean) and _close(r.se, want.se)
    r2, c2 = m.ratio(2, 1)
    want2, lin2 = ratio_ci(other, den)
    assert _close(m.paired(r2, r, c2, c).se, difference(want2, want, lin2, lin, True).se)
    e0 = m.mean_of(0)
    assert _close(e0.se, mean_ci(num).se)


def _play_stats(rules, cols, mode):
    """One play mode's figures from all the deals' columns at once (one batch, the model fitted on all)."""
    acc = PlayAccumulator(rules, mode, fit_deals=len(cols["deal"]))
    acc.add(cols)
    return acc.result()


def test_stats_batch_by_batch_equal_the_whole_sample():
    rs = load("auction")
    st = meld_stats(rs, SAMPLES, 5)
    cols = collect(rs, SAMPLES, 5)
    best = Distribution.of(cols["meld_best"])
    assert _close(st.best.mean.mean, best.mean.mean) and _close(st.best.mean.se, best.mean.se)
    assert st.best.quantiles == best.quantiles and st.best.histogram == best.histogram
    whole = _play_stats(rs, cols, "heuristic")
    got = st.play[0]
    assert got.model is not None and whole.model is not None
    assert np.allclose(got.model.coef, whole.model.coef)
    assert [b.as_dict() for b in got.bids] == [b.as_dict() for b in whole.bids]
    assert got.typical_make.k == whole.typical_make.k and got.typical_make.n == whole.typical_make.n
    assert [(r.trumps, r.hands, r.quantiles) for r in got.by_trumps] == \
        [(r.trumps, r.hands, r.quantiles) for r in whole.by_trumps]


def test_the_bid_model_is_fitted_on_the_first_deals_then_applied_to_all():
    rs = load("auction")
    cols = collect(rs, SAMPLES, 8)
    acc = PlayAccumulator(rs, "heuristic", fit_deals=BATCH)
    for i in range(0, SAMPLES, BATCH):
        acc.add({k: v[i:i + BATCH] for k, v in cols.items()})
    res = acc.result()
    first = {k: v[:BATCH] for k, v in cols.items()}
    assert np.allclose(res.model.coef, WorthModel.fit(rs, first, "heuristic").coef)
    worth = res.model.predict(rs, cols)
    assert res.bids[0].worth.n == SAMPLES and res.bids[0].worth.k == int((worth >= rs.bid_levels()[0]).sum())
    assert res.by_trumps and sum(r.hands for r in res.by_trumps) == SAMPLES


def test_compare_batch_by_batch_equals_the_whole_sample(ratio_ci):
    grid = settings_grid("auction", ["run-suits=any,trump"])
    c = compare(grid, SAMPLES, 6)
    base, other = collect_many([s.rules for s in grid], SAMPLES, 6)
    tp0 = side_outcome(grid[0].rules, base, "heuristic")
    tp1 = side_outcome(grid[1].rules, other, "heuristic")
    want = mean_ci(tp1.total - tp0.total)
    got = c.differences[1]["total"]
    assert _close(got.mean, want.mean) and _close(got.se, want.se)
    share0, lin0 = ratio_ci(tp0.meld, tp0.total)
    share1, lin1 = ratio_ci(tp1.meld, tp1.total)
    d = difference(share1, share0, lin1, lin0, True)
    assert _close(c.differences[1]["meld_share"].se, d.se)
    assert c.histograms[0]["meld"] == Distribution.of(base["meld_s0"]).histogram


def _peak_mib(fn) -> float:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def test_memory_does_not_grow_with_the_number_of_deals():
    rs = load("double-deck")
    meld_stats(rs, BATCH, 1, plays=())  # compile and warm up outside the measurement
    small = _peak_mib(lambda: meld_stats(rs, 16_384, 1, plays=()))
    large = _peak_mib(lambda: meld_stats(rs, 163_840, 1, plays=()))  # 10x the deals
    assert large < 1.5 * small + 2, (small, large)
    # compare keeps the first FIT_DEALS deals' columns for its bid models, then nothing more
    grid = settings_grid("auction", ["head=never,always"])
    compare(grid, BATCH, 1)
    small = _peak_mib(lambda: compare(grid, FIT_DEALS + BATCH, 1))
    large = _peak_mib(lambda: compare(grid, FIT_DEALS + 12 * BATCH, 1))
    assert large < 1.2 * small + 2, (small, large)


def _slow(x: int) -> int:
    time.sleep(0.05)
    return x


def test_interrupting_a_pool_cancels_the_rest():
    gen = iter_batches(_slow, range(10_000), total=10_000, workers=2)
    assert next(gen) == 0
    with pytest.raises(KeyboardInterrupt):
        gen.throw(KeyboardInterrupt)
    # the generator is finished: the pool was shut down with the batches not started cancelled
    with pytest.raises(StopIteration):
        next(gen)


def test_tasks_are_taken_lazily():
    taken = []

    def tasks():
        for i in range(1_000_000_000):
            taken.append(i)
            yield i

    gen = iter_batches(_slow, tasks(), workers=2)
    assert [next(gen) for _ in range(3)] == [0, 1, 2]
    gen.close()
    assert len(taken) < 20


def test_ctrl_c_in_a_command_is_one_line_and_status_130(monkeypatch, run_cli):
    import analyzer.analyses.stats as stats

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(stats, "meld_stats", interrupted)
    code, out, err = run_cli(["stats", "--samples", "100"])
    assert code == 130 and out == "" and err.strip() == "pinochle: interrupted"


def test_progress_bars_on_a_terminal_plain_lines_elsewhere_and_the_compile_note_always(monkeypatch, capsys):
    bar = progress.Bar(True, 10, "x")
    assert bar.p is None and bar.plain  # captured stderr is no terminal: plain lines, no rich bar
    bar.close()
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    with progress.progress_bar(True, 10, "x") as bar:
        assert bar.p is not None
        bar.advance(3)
    assert bar.p is None
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: False)
    monkeypatch.setattr(progress, "_compile_note_shown", False)
    capsys.readouterr()
    progress._on_compile_start()  # stderr no terminal: the note all the same
    progress._on_compile_start()
    err = capsys.readouterr().err
    assert err.count("compiling kernels (first run only") == 1


def test_plain_progress_lines_when_stderr_is_no_terminal(monkeypatch, capsys):
    monkeypatch.setattr(progress, "PLAIN_FIRST", 0.0)
    monkeypatch.setattr(progress, "PLAIN_EVERY", 0.0)
    capsys.readouterr()
    with progress.progress_bar(True, 10, "arena deals") as bar:
        bar.advance(3)
    with progress.progress_bar(True, None, "solving") as bar:
        time.sleep(1.5)  # no step at all: the clock reports
    err = capsys.readouterr().err
    assert "pinochle: arena deals 3/10," in err and "pinochle: solving," in err
    monkeypatch.setattr(progress, "PLAIN_FIRST", 60.0)
    with progress.progress_bar(True, 10, "quick") as bar:
        bar.advance(10)
    assert capsys.readouterr().err == ""  # a quick run says nothing


def test_a_piped_command_gets_the_compile_note_on_stderr(tmp_path):
    """stdout and stderr both pipes, an empty kernel cache: the note on stderr, stdout only the tables."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    r = subprocess.run([sys.executable, "-m", "analyzer", "stats", "--samples", "20", "--play", "none"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "pinochle: compiling kernels" in r.stderr and "compiling" not in r.stdout and "|" in r.stdout


def test_a_one_chunk_run_shows_progress_too(monkeypatch):
    """``bid --play dd`` samples fewer deals than a chunk: it ran minutes with no bar (nothing to count);
    now a spinner with the time elapsed."""
    import analyzer.montecarlo.simulate as sm
    from analyzer.deal import table

    shown = []
    real = sm.progress_bar

    def spy(show, total, label):
        shown.append((show, total, label))
        return real(show, total, label)

    monkeypatch.setattr(sm, "progress_bar", spy)
    rs = load("auction")
    tab = table(rs, 1, "AH TH KH KH QH JH 9H AS QS JD AC TC")
    sm.simulate(tab, sm.Players(("heuristic",), "v1", trumps=(1,)), dealer=0, samples=20, seed=0, progress=True)
    assert (True, None, "playing 20 sampled deals (heuristic)") in shown


def test_arena_shows_progress_for_a_short_run(monkeypatch, run_cli):
    import analyzer.arena.core as core

    seen = {}
    real = core.run_batches

    def spy(fn, tasks, **kw):
        seen["tasks"], seen["progress"] = len(tasks), kw.get("progress")
        return real(fn, tasks, **kw)

    monkeypatch.setattr(core, "run_batches", spy)
    code, _, err = run_cli(["arena", "--deals", "20", "--ns", "formula", "--ew", "meld-only", "--json"])
    assert code == 0, err
    assert seen["tasks"] >= 10 and seen["progress"] is True
