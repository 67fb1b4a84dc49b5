"""Progress on stderr for long runs, and the note shown while numba compiles kernels.

Both show only when stderr is a terminal: output to a pipe or a file never carries a progress bar, and
a command's one-line error stays one line. A progress bar is transient (it disappears when the run
ends, by success, error or Ctrl-C).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: runs expected to take less than this many batches show no bar
MIN_STEPS = 2


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class Bar:
    """A rich progress bar on stderr (or nothing, when not shown): ``advance(k)`` after each step. With
    ``total`` None, a spinner and the time elapsed (work that cannot count its steps)."""

    def __init__(self, show: bool, total: int | None, label: str) -> None:
        self.p: Any = None
        if not show or (total is not None and total < MIN_STEPS) or not stderr_is_terminal():
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        columns: tuple[Any, ...] = (
            (SpinnerColumn(), TextColumn(label), TimeElapsedColumn()) if total is None else
            (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn()))
        self.p = Progress(*columns, console=Console(stderr=True), transient=True)
        self.p.start()
        self.task = self.p.add_task(label, total=total)

    def advance(self, k: int = 1) -> None:
        if self.p is not None:
            self.p.update(self.task, advance=k)

    def close(self) -> None:
        if self.p is not None:
            self.p.stop()
            self.p = None


@contextmanager
def progress_bar(show: bool, total: int | None, label: str) -> Iterator[Bar]:
    """A :class:`Bar` closed however the block ends (an error or Ctrl-C included)."""
    bar = Bar(show, total, label)
    try:
        yield bar
    finally:
        bar.close()


_compile_note_shown = False


def _on_compile_start() -> None:
    global _compile_note_shown
    if _compile_note_shown:
        return
    _compile_note_shown = True
    if stderr_is_terminal():
        sys.stderr.write("pinochle: compiling kernels (first run only; cached afterwards) ...\n")
        sys.stderr.flush()


def install_compile_note() -> None:
    """Print a one-line note on stderr (a terminal only) when numba starts compiling a kernel that is not
    in the cache yet: numba signals a compilation only on a cache miss."""
    try:
        from numba.core import event
    except ImportError:  # pragma: no cover
        return

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            _on_compile_start()

        def on_end(self, ev: Any) -> None:
            pass

    event.register("numba:compile", _Listener())
