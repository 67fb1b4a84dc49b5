"""The page's chart: the chance of making each bid with the recommended trump, drawn from the same data
``pinochle bid --json`` prints (matplotlib, SVG)."""

from __future__ import annotations

import io
from typing import Any

#: levels past the first one made on fewer than this share of the deals are left off the chart
MIN_MAKE = 0.01


def chart_levels(result: dict[str, Any]) -> tuple[str, list[dict[str, Any]]] | None:
    """The trump and the bid levels the chart shows (up to the first one made on under 1% of the deals),
    or None when the answer has no bid levels (two-handed)."""
    analyses = result.get("analyses") or []
    if not analyses or not analyses[0].get("levels"):
        return None
    trump = result["recommendation"]["trump"]
    lvs = analyses[0]["levels"].get(trump)
    if not lvs:
        return None
    out = []
    for lv in lvs:
        out.append(lv)
        if lv["all_deals"]["make"]["p"] < MIN_MAKE:
            break
    return trump, out


def bid_chart_svg(result: dict[str, Any]) -> str | None:
    """An SVG: per bid the chance of making it over all deals and where the bid wins the auction (95%
    intervals), the ceiling and the call marked; None when there are no bid levels."""
    picked = chart_levels(result)
    if picked is None:
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from analyzer.api import SUIT_NAMES, SUITS

    trump, lvs = picked
    bids = [lv["bid"] for lv in lvs]
    make = [lv["all_deals"]["make"] for lv in lvs]
    fig, ax = plt.subplots(figsize=(7.0, 3.4), dpi=100)
    ax.fill_between(bids, [m["lo"] for m in make], [m["hi"] for m in make], color="#1f77b4", alpha=0.2, lw=0)
    ax.plot(bids, [m["p"] for m in make], color="#1f77b4", marker=".", label="make it (all deals)")
    won = [(lv["bid"], lv["if_won"]["make"]) for lv in lvs if lv["if_won"]["make"] is not None]
    if won:
        ax.errorbar([b for b, _ in won], [m["p"] for _, m in won],
                    yerr=[[m["p"] - m["lo"] for _, m in won], [m["hi"] - m["p"] for _, m in won]],
                    color="#d62728", marker="o", ms=3, lw=1, capsize=2, label="make it where the bid wins the auction")
    ceiling = (result.get("ceiling") or {}).get("bid")
    if ceiling is not None:
        ax.axvline(ceiling, color="#2ca02c", ls="--", lw=1, label=f"ceiling {ceiling}")
    call = (result.get("call") or {}).get("bid")
    if call is not None:
        ax.axvline(call, color="#ff7f0e", ls=":", lw=1.5, label=f"call now: bid {call}")
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_xlabel("bid")
    ax.set_ylabel("chance of making it")
    ax.set_title(f"Chance of making each bid, {SUIT_NAMES[SUITS.index(trump)]} trump (95% intervals)", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower left")
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    plt.close(fig)
    return buf.getvalue()
