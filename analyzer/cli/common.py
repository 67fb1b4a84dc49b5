"""Pieces every subcommand shares: output files, JSON output, the console (the shared command-line options are in
:mod:`analyzer.cli.options`)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, ConsoleDimensions
from rich.table import Table
from rich.text import Text

from analyzer.api import UserError, in_words, words


def _flags(o: Any) -> Any:
    """A printed object with the fields its texts name spelt as flags (texts, rich texts, tables' titles and
    captions)."""
    name = words("cli")
    if isinstance(o, str):
        return in_words(o, name)
    if isinstance(o, Text):
        t = o.copy()
        t.plain = in_words(t.plain, name)
        return t
    if isinstance(o, Table):
        o.title, o.caption = in_words(o.title, name), in_words(o.caption, name)
    return o


#: the line width of output that goes to a pipe or a file: wide enough that no row wraps
PIPE_WIDTH = 10_000


class OutputConsole(Console):
    """The console of the command output: on a terminal a rich console as wide as the terminal; to a pipe
    or a file no colours and no wrapping (one table row per line, tables in Markdown). Strings print as they
    are, never read as rich markup (the library's texts hold brackets, such as ``[advice] reach``): styled
    output is built with :func:`styled`."""

    @property
    def size(self) -> ConsoleDimensions:
        if not self.is_terminal:
            return ConsoleDimensions(PIPE_WIDTH, 25)
        return super().size

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]

    def print(self, *objects: Any, **kw: Any) -> None:
        """As rich prints, but to a pipe or a file a table's title and caption go on lines of their own
        (rich would wrap them to the table's width); fields named in a text (an answer's notes) are spelt as the
        command line's flags."""
        objects = tuple(_flags(o) for o in objects)
        if self.is_terminal or not any(isinstance(o, Table) for o in objects):
            super().print(*objects, **kw)
            return
        for o in objects:
            if isinstance(o, Table):
                title, caption = o.title, o.caption
                o.title = o.caption = None
                if title:
                    super().print(title, **kw)
                buf = io.StringIO()
                Console(file=buf, width=PIPE_WIDTH, color_system=None, markup=False).print(o)
                rows = [line.rstrip() for line in buf.getvalue().splitlines() if line.strip()]
                super().print("\n".join(rows), markup=False, highlight=False, soft_wrap=True)
                if caption:
                    super().print(caption, **kw)
                o.title, o.caption = title, caption
            else:
                super().print(o, **kw)


console = OutputConsole(markup=False)


def styled(*parts: str | tuple[str, str]) -> Text:
    """A line of output from plain strings and ``(text, style)`` pairs (``"bold"``, ``"dim"``...): the text is
    never read as markup."""
    return Text.assemble(*parts)


def table(title: str | None = None, **kw: Any) -> Table:
    """A rich table for the output: boxed on a terminal, a Markdown table when the output is a pipe or a
    file (the title on its own line above it)."""
    kw.setdefault("title_justify", "left")
    if not console.is_terminal:
        kw.setdefault("box", box.MARKDOWN)
    return Table(title=title, **kw)


def check_output(path: Path | None, flag: str) -> None:
    """Refuse, before any work, an output file whose folder does not exist (no folder is created) or that
    names a folder."""
    if path is None:
        return
    p = Path(path)
    if p.is_dir():
        raise UserError(f"{flag} {str(p)!r} is a folder: give a file name, e.g. {p / 'out.parquet'}")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"cannot write {flag} {str(p)!r}: the folder {str(parent)!r} does not exist")


def check_report_folder(path: Path, flag: str = "--out") -> None:
    """Refuse, before any work, a report folder that cannot be made: one that names a file, or whose parent
    folder does not exist (the report folder itself is created, missing folders above it are not: a
    mistyped path is an error, not a new tree)."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UserError(f"cannot create the report folder {str(p)!r}: it is a file")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"cannot create the report folder {str(p)!r} ({flag}): the folder {str(parent)!r} "
                        "does not exist (create it first)")




def quantile_text(v: float, sign: bool = False) -> str:
    """A percentile for a reader: at most one decimal, none when it is whole (interpolated percentiles of
    points such as 60.01 or 27.175 read as 60 and 27.2)."""
    r = round(float(v), 1) + 0.0  # + 0.0: no "-0"
    return f"{r:+g}" if sign else f"{r:g}"


def estimate_text(e: Any, sign: bool = False) -> str:
    """An estimate as ``mean (lo to hi)`` to one decimal (``sign``: with its sign)."""
    f = "+.1f" if sign else ".1f"
    return f"{e.mean:{f}} ({e.lo:{f}} to {e.hi:{f}})"


def proportion_text(p: Any) -> str:
    """A proportion as ``p% (lo-hi)`` in whole percent."""
    return f"{100 * p.p:.0f}% ({100 * p.lo:.0f}-{100 * p.hi:.0f})"


def print_notes(notes: Any) -> None:
    """The notes under a command's tables, dimmed, one per line."""
    for n in notes:
        console.print(styled((f"Note: {n}", "dim")))


def emit_json(obj: Any) -> None:
    """``obj`` as one line of JSON, fields named in the answer's texts spelt as the command line's flags."""
    sys.stdout.write(json.dumps(in_words(obj, words("cli")), ensure_ascii=False) + "\n")
