"""Pieces every subcommand shares: rule-set options, hand parsing, JSON output, the console."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

from rich import box
from rich.console import Console, ConsoleDimensions
from rich.table import Table

from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.rules import RuleSet, load
from analyzer.rules.loader import parse_option_args

#: the line width of output that goes to a pipe or a file: wide enough that no row wraps
PIPE_WIDTH = 10_000


class OutputConsole(Console):
    """The console of the command output: on a terminal a rich console as wide as the terminal; to a pipe
    or a file no colours and no wrapping (one table row per line, tables in Markdown)."""

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
        (rich would wrap them to the table's width)."""
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
                Console(file=buf, width=PIPE_WIDTH, color_system=None).print(o)
                rows = [line.rstrip() for line in buf.getvalue().splitlines() if line.strip()]
                super().print("\n".join(rows), markup=False, highlight=False, soft_wrap=True)
                if caption:
                    super().print(caption, **kw)
                o.title, o.caption = title, caption
            else:
                super().print(o, **kw)


console = OutputConsole()


def table(title: str | None = None, **kw: Any) -> Table:
    """A rich table for the output: boxed on a terminal, a Markdown table when the output is a pipe or a
    file (the title on its own line above it)."""
    kw.setdefault("title_justify", "left")
    if not console.is_terminal:
        kw.setdefault("box", box.MARKDOWN)
    return Table(title=title, **kw)
RULES_HELP = "rule set: luxury-family, double-deck, auction, two-handed (or a house-rule .toml file)"
OPTION_HELP = "rule option name=value, repeatable (e.g. --option head=always)"


def load_rules(name: str, options: list[str] | None) -> RuleSet:
    return load(name, parse_option_args(options))


def parse_hand(text: str, rules: RuleSet, size: int | None = None) -> Hand:
    """A hand of the rule set's size (or ``size``); UserError names the expected size."""
    hand = Hand.parse(text, rules.deck)
    want = rules.hand_size if size is None else size
    if len(hand) != want:
        raise UserError(
            f"wrong hand size: {rules.id} hands have {want} cards, this one has {len(hand)} ({text.strip()!r})"
        )
    return hand


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
