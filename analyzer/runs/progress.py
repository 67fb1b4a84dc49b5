"""Progress on stderr for long runs, and the note shown while numba compiles kernels.

Both go to stderr whatever stdout is (a table piped to a file keeps its progress on the terminal), and
stdout only ever carries the command's output. On a terminal a progress bar is a rich bar, transient (it
disappears when the run ends, by success, error or Ctrl-C). When stderr is not a terminal (a pipe, a log
file) a long run says where it is in plain lines instead: the first after :data:`PLAIN_FIRST` seconds,
then at most one every :data:`PLAIN_EVERY` seconds (a run shorter than that prints none, so a quick
command's stderr stays empty and its one-line error one line). The compile note is one line on stderr,
terminal or not, on a kernel cache miss.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: runs expected to take less than this many batches show no bar
MIN_STEPS = 2
#: stderr not a terminal: seconds before the first plain progress line, and between two lines
PLAIN_FIRST = 5.0
PLAIN_EVERY = 30.0


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class Bar:
    """Progress on stderr (or nothing, when not shown): ``advance(k)`` after each step. With ``total``
    None, work that cannot count its steps (a spinner and the time elapsed). A rich bar when stderr is a
    terminal, else a plain line now and then (see the module's note)."""

    def __init__(self, show: bool, total: int | None, label: str) -> None:
        self.p: Any = None
        self.plain = False
        if not show or (total is not None and total < MIN_STEPS):
            return
        if not stderr_is_terminal():
            self.plain, self.total, self.label, self.done = True, total, label, 0
            self.start = time.monotonic()
            self.next = self.start + PLAIN_FIRST
            self.stop = threading.Event()  # a clock: work that advances rarely (or never) still reports
            threading.Thread(target=self._clock, daemon=True).start()
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
        elif self.plain:
            self.done += k
            self.tick()

    def _clock(self) -> None:
        while not self.stop.wait(1.0):
            self.tick()

    def tick(self) -> None:
        """A plain progress line if one is due (stderr not a terminal)."""
        if not self.plain:
            return
        now = time.monotonic()
        if now < self.next:
            return
        self.next = now + PLAIN_EVERY
        where = f" {self.done:,}/{self.total:,}" if self.total is not None else ""
        sys.stderr.write(f"pinochle: {self.label}{where}, {now - self.start:.0f} s ...\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self.plain:
            self.plain = False
            self.stop.set()
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
    try:
        sys.stderr.write("pinochle: compiling kernels (first run only; cached afterwards) ...\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # no stderr, or a closed one
        pass


def install_compile_note() -> None:
    """Print a one-line note on stderr (a terminal or not) when numba starts compiling a kernel that is not
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
