"""``reports/parts.sh``: a run played in parts, by one runner or by two sharing it (each part claimed before it
is played). The arena is a stub here (a ``python3`` on PATH that writes its ``--out`` file after a pause and logs
what it was asked), so the test checks the script's bookkeeping alone: every part played exactly once, the
page drawn from all of them, a dead runner's claim taken over."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")

STUB = """#!/usr/bin/env bash
# a stand-in for `python3 -m analyzer arena ...`: logs its call, writes --out after a pause
out=""; report=0; start=""
while (($#)); do
  case $1 in --out) out=$2; shift ;; --start) start=$2; shift ;; --report) report=1 ;; esac
  shift
done
if ((report)); then echo "page $$" >> "$LOG"; exit 0; fi
echo "start $start $PPID" >> "$LOG"  # $PPID: the runner (nice execs this)
sleep 0.4
echo part > "$out"
"""

RUN = """set -euo pipefail
cd "$(dirname "$0")"; mkdir -p data; PART=2
source {parts}
run_parts games demo 12 --rules auction --seed 1
"""


@pytest.fixture
def run_dir(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(STUB)
    (bin_dir / "python3").chmod(0o755)
    (tmp_path / "run.sh").write_text(RUN.format(parts=ROOT / "reports" / "parts.sh"))
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "LOG": str(tmp_path / "log"),
           "NICE": "0"}
    return tmp_path, env


def _log(d: Path) -> list[list[str]]:
    return [line.split() for line in (d / "log").read_text().splitlines()]


def test_one_runner_plays_every_part_once_then_draws_the_page(run_dir):
    d, env = run_dir
    subprocess.run(["bash", str(d / "run.sh")], env=env, check=True, capture_output=True, timeout=60)
    log = _log(d)
    assert sorted(int(e[1]) for e in log if e[0] == "start") == [0, 2, 4, 6, 8, 10]
    assert [e[0] for e in log][-1] == "page" and sum(e[0] == "page" for e in log) == 1
    assert sorted(p.name for p in (d / "data").iterdir()) == [f"demo.part{k}.parquet" for k in range(6)]
    # started again, it plays nothing and draws the page again
    subprocess.run(["bash", str(d / "run.sh")], env=env, check=True, capture_output=True, timeout=60)
    assert sum(e[0] == "start" for e in _log(d)) == 6


def test_two_runners_share_a_run_without_playing_a_part_twice(run_dir):
    d, env = run_dir
    a = subprocess.Popen(["bash", str(d / "run.sh")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    b = subprocess.Popen(["bash", str(d / "run.sh")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert a.wait(60) == 0 and b.wait(60) == 0
    log = _log(d)
    starts = [e for e in log if e[0] == "start"]
    assert sorted(int(e[1]) for e in starts) == [0, 2, 4, 6, 8, 10]  # each part once
    assert len({e[2] for e in starts}) == 2  # both runners played some
    assert sum(e[0] == "page" for e in log) >= 1
    assert not list((d / "data").glob("*.claim*"))


def test_a_claim_whose_runner_is_gone_is_taken_over(run_dir):
    d, env = run_dir
    stale = d / "data" / "demo.part0.parquet.claim"
    stale.mkdir(parents=True)
    dead = subprocess.Popen(["true"])
    dead.wait()
    (stale / "pid").write_text(f"{dead.pid}\n")  # a process that has ended
    r = subprocess.run(["bash", str(d / "run.sh")], env=env, check=True, capture_output=True, text=True, timeout=60)
    assert "taking over demo.part0.parquet" in r.stdout
    assert sorted(int(e[1]) for e in _log(d) if e[0] == "start") == [0, 2, 4, 6, 8, 10]
    assert not stale.exists()
