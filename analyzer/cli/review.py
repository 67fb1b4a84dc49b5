"""``pinochle review``: a hand record looked back at, every decision of my seat beside the advisor's best."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.api import QUESTIONS, review_answer, review_request
from analyzer.cli.common import check_output, console, emit_json, print_notes, styled, table
from analyzer.cli.derive import command
from analyzer.cli.options import SEATS_HELP, JsonOpt

EXAMPLES = """Examples:

  pinochle review hand.txt

  pinochle review hand.txt --json --workers 2 --seed 3

  pinochle review arena-hands.txt --which 5 --markdown review.md

  The record: see the README's "Hand records" (pinochle play --record FILE
  writes one; pinochle arena --records FILE every hand of a run).
"""

MarkdownOpt = Annotated[Path | None, typer.Option("--markdown", help="also write the review as a Markdown file")]


def _loss(e, pct: bool = False) -> str:
    if e is None:
        return "—"
    if pct:
        return f"{100 * e.mean:.1f} ({100 * e.lo:.1f} to {100 * e.hi:.1f}) pts"
    return f"{e.mean:.2f} ({e.lo:.2f} to {e.hi:.2f})"


def rows(rv) -> list[list[str]]:
    """The decisions as table rows: number, kind, where, the choice, the advisor's best, the loss, the mark."""
    out = []
    for i, d in enumerate(rv.decisions, 1):
        row = [str(i), d.kind, d.where, d.chosen, d.best or "—", _loss(d.loss), "!" if d.marked else ""]
        if any(x.game_loss is not None for x in rv.decisions):
            row.insert(6, _loss(d.game_loss, pct=True))
        out.append(row)
    return out


def headers(rv) -> list[str]:
    h = ["#", "decision", "where", "chosen", "advisor's best", "loss (95%)", "mark"]
    if any(x.game_loss is not None for x in rv.decisions):
        h.insert(6, "chance of the game lost (95%)")
    return h


def summary_lines(rv) -> list[str]:
    """The summary: points lost in the bidding and in the play, the marks, the biggest three, the double dummy."""
    out = []
    for what, e in (("in the bidding", rv.bidding_loss), ("in the play", rv.play_loss)):
        if e is not None:
            out.append(f"lost {what}: {e.mean:.2f} points (95% {e.lo:.2f} to {e.hi:.2f})")
    out.append(f"marked: {sum(d.marked for d in rv.decisions)} of {len(rv.decisions)} decisions (loss beyond "
               f"{rv.threshold:g} points past the noise)")
    for d in rv.biggest():
        out.append(f"biggest: {d.where}: {d.chosen} for {d.best or '—'}, {d.loss.mean:.2f} points")
    if rv.true:
        by = {}
        for t in rv.true:
            if t.loss is not None:
                by[t.seat] = by.get(t.seat, 0) + t.loss
        out.append("double-dummy loss by seat (points, the true position): "
                   + ", ".join(f"seat {s} {v}" for s, v in sorted(by.items())))
    return out


def markdown(rv) -> str:
    """The review as a Markdown page."""
    lines = [f"# Review: {rv.rules}, seat {rv.seat}", "",
             f"Each decision asked with seed {rv.seed}: {rv.samples} deals a call, {rv.play_samples} a card.", ""]
    h = headers(rv)
    lines += ["| " + " | ".join(h) + " |", "|" + "---|" * len(h)]
    lines += ["| " + " | ".join(r) + " |" for r in rows(rv)]
    if rv.true:
        lines += ["", "## Double dummy, the true position", "", "| # | seat | card | best | loss |",
                  "|---|---|---|---|---|"]
        lines += [f"| {t.index + 1} | {t.seat} | {t.card} | {t.best or '—'} | {'—' if t.loss is None else t.loss} |"
                  for t in rv.true]
    lines += ["", *[f"- {s}" for s in summary_lines(rv)], *[f"- Note: {n}" for n in rv.notes]]
    return "\n".join(lines) + "\n"


def print_review(rv) -> None:
    console.print(f"Review of seat {rv.seat}'s decisions ({rv.rules}), each asked with seed {rv.seed}: {rv.samples} "
                  f"deals a call, {rv.play_samples} a card")
    tbl = table()
    for i, h in enumerate(headers(rv)):
        tbl.add_column(h, justify="right" if i in (0,) or "loss" in h else "left")
    for r in rows(rv):
        tbl.add_row(*r)
    tbl.caption = ("loss: the advisor's best minus the choice, paired on the advice's deals, by its measure (net score "
                   "with a contract); ! : beyond the threshold past the noise")
    console.print(tbl)
    if rv.true:
        t2 = table()
        for h in ("#", "seat", "card", "best", "loss"):
            t2.add_column(h)
        for t in rv.true:
            t2.add_row(str(t.index + 1), str(t.seat), t.card, t.best or "—", "—" if t.loss is None else str(t.loss))
        t2.caption = ("every card on the true position, double dummy: the declaring side's points lost by the seat's "
                      "side")
        console.print(t2)
    for s in summary_lines(rv):
        console.print(s)
    print_notes(rv.notes)
    marked = [d for d in rv.decisions if d.marked]
    console.print(styled((f"{len(marked)} decision(s) marked." if marked else "No decision marked.", "bold")))


def review(*, json_out: bool, markdown_out: Path | None, **values) -> None:
    """Every decision of your seat in a hand record beside the advisor's best, with what it cost.

    Each call, the trump and each card: the advisor's best then, the expected loss of the choice made with its 95%
    interval, and a mark past the threshold; with every hand known, every card's double-dummy loss.
    """
    req = review_request(values, "cli")
    check_output(markdown_out, "--markdown")
    rv = review_answer(req, progress=True)
    if markdown_out is not None:
        markdown_out.write_text(markdown(rv), encoding="utf-8")
    if json_out:
        emit_json(rv.as_dict())
    else:
        print_review(rv)


def register(app: typer.Typer) -> None:
    command(app, "review", QUESTIONS["review"], review, epilog=EXAMPLES + "\n" + SEATS_HELP,
            own={"json_out": (JsonOpt, False), "markdown_out": (MarkdownOpt, None)}, arguments=("record",))
