"""Fixtures shared by the test files."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from analyzer.cli import main

RunCli = Callable[[list[str]], tuple[int, str, str]]


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str]) -> RunCli:
    """``run_cli(args)``: exit status, stdout and stderr of ``pinochle ARGS`` run in this process."""

    def run(args: list[str]) -> tuple[int, str, str]:
        capsys.readouterr()  # drop anything printed before
        try:
            main([str(a) for a in args])
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        out = capsys.readouterr()
        return code, out.out, out.err

    return run
