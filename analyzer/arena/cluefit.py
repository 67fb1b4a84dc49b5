"""Fitting the soft clue model by likelihood on arena hands.

A call's free-bidding part reads as the caller's strength through :class:`analyzer.bidding.cluemodel.ClueModel`:
the seat's *willingness* is its bidding limit ``l`` (:func:`analyzer.bidding.reach.reach_limits`) plus a
``shift`` plus normal noise of spread ``sigma``. Over a whole auction a seat's soft clues bound its
willingness: from below by its highest free bid (``at-least``), from above by the lowest free bid it
passed up (``below``) and, on a last turn, by the next free value it did not bid (``at-most``). The
likelihood of a seat's calls is the chance that its willingness lies in that interval,
``Phi((U - l - shift) / sigma) - Phi((L - l - shift) / sigma)``.

:func:`clue_events` reads those bounds and the seat's limit from every seat of every hand of an arena
run (:func:`analyzer.arena.core.run_arena`, saved with ``--out``); :func:`fit_clue_model` maximises the
summed log-likelihood over ``(shift, sigma)`` (a grid search refined around its best point, numpy only).
``fit --write`` stores the fitted values in :data:`analyzer.bidding.cluemodel.CLUE_FIT_FILE` (read into
:data:`analyzer.bidding.cluemodel.CLUE_FIT`); ``reports/arena/run_all.sh`` runs the fit
on arena hands of seeds the reports do not use, and :func:`write_fit_report` draws the advisor's
reliability before (calls read with the prior model) and after (with the fitted one)::

``--by-relation`` reads each file's calls as its advisor seats read them: the opponents' calls fitted together, the
partner's apart (the advisor's own calls never count as an opponent's). ``run_all.sh`` step 1 fits that way on
seed-101 runs of the advisor (prior model) against each of formula, trickster and percentile, so that the opponents'
model is one of "an opponent" pooled over three ways of bidding rather than the formula bidder and the advisor
itself (the earlier fit, every seat's calls of the run against formula). Why, in auction: fitted apart, formula's
calls have shift -0.01 / spread 1.9 (it bids its limit), trickster's +6.5 / 3.3, percentile's +3.1 / 3.4, the
advisor's as a partner -13.0 / 8.6, and the earlier pooled fit -7.2 / 6.0 read every opponent's bid some 10 points
too strong. Fitted on the seed-1 deals 2,500-4,999 of the three report runs (opponents +2.9 / 4.3, partner -13.0 /
8.6) and played on deals 0-2,499, paired against the earlier fit: against trickster +0.42 a deal (95% +0.23 to
+0.60; 7.6% of the deals differ), against formula +0.03 (-0.11 to +0.17). Luxury Family (no partner; opponents +30.1
/ 32.2 against the earlier +0.7 / 37.6, fitted on deals 0-2,499 of the three runs), against percentile on deals
0-1,249: +0.24 (-1.05 to +1.54; 12.1% differ). In double deck a fit by relation on the formula run alone (opponents
0.00 / 12.0, partner -0.85 / 18.1) measured +2.63 a deal against formula where the pooled fit gave +2.81, paired
-0.19 (-0.43 to +0.05).

``--by-situation`` fits, besides, each relation's calls apart by the seat's situation when its calls began (its
position after the dealer, and whether a seat had bid before it; :data:`analyzer.bidding.cluemodel.Situation`),
where a situation has :data:`SITUATION_MIN_EVENTS` events: ``unopened`` only the situations where nobody had bid
yet, ``all`` every one. Double deck fits ``unopened`` (``run_all.sh``). On its seed-101 fit runs the partner's
calls read as shift -7.0 / spread 14.4 by relation, but -16.5 / 17.2 in position 2 and -19.9 / 19.1 in position 3
when nobody has bid (a partner passes good hands there: the forced 50 falls to our side, or waiting is cheap), and
-3.2 to -4.2 once a seat has bid; log-likelihood -27,669 by relation, -27,120 ``unopened``, -26,781 ``all``. Why:
the advisor's forecasts under 65% against formula (850 contracts of the seed-1 run, 53.4% made) were 49.2% by
relation; the dealer's forced 50s 41.7% forecast against 47.4% made. Binned by an independent draw of the same size
(``reports/arena/reforecast.py --draw 1``), the lowest decile's gap was +2.1 points by relation, +0.8 ``unopened``
(``all`` +2.5 against +3.3 on the other stream). In play, paired on seed-1 deals 0-2,499 against formula:
``unopened`` -0.24 a deal against the relations (95% -0.68 to +0.21), ``all`` -0.45 (-0.88 to -0.02, on 0-3,749;
it read my partner's calls weaker once someone had bid and gave up contracts it had made), ``unopened`` against
``all`` +0.45 (+0.02 to +0.88). Since a pass that leaves the caller's partner the contract gives no clue of a partner
read the advisor's way (:func:`analyzer.bidding.inference.passes_to_partner`: the dealer's partner's first calls
all do, so position 2 is no longer fitted apart), the same runs read my partner as -4.2 / 13.7 by relation, -8.5 /
14.2 in position 1 and -19.9 / 19.1 in position 3::

    python3 -m analyzer.arena.cluefit fit [--write] [--by-relation] data/fit-auction.parquet [more.parquet ...]
    python3 -m analyzer.arena.cluefit report --before data/fit-auction.parquet --after data/auction.parquet \
        --name auction-clue-fit
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyzer.bidding.auction import parse_calls, replay
from analyzer.bidding.cluemodel import ClueModel, Situation, clue_model, log_phi
from analyzer.bidding.features import features
from analyzer.bidding.inference import clues_of, reads_by_conventions, situations
from analyzer.bidding.reach import reach_limits
from analyzer.cards import Hand
from analyzer.errors import UserError
from analyzer.rules.model import RuleSet

#: the calibration target of the clue-fit pages: every equal-size decile within 3 points
CLUE_TOLERANCE = 0.03


@dataclass(frozen=True)
class ClueEvents:
    """Per seat and hand with a soft clue: its bidding ``limit`` and the bounds ``lo`` / ``hi`` (-inf /
    +inf: none) its calls put on its willingness; ``partner``: the calls were read by the seat's partner (else
    by an opponent; None: all by opponents); ``position`` and ``opened``: the seat's situation when its calls began
    (:data:`analyzer.bidding.cluemodel.Situation`; None: not recorded)."""

    limit: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    partner: np.ndarray | None = None
    position: np.ndarray | None = None
    opened: np.ndarray | None = None

    def subset(self, keep: np.ndarray) -> ClueEvents:
        return ClueEvents(*(None if v is None else v[keep] for v in (self.limit, self.lo, self.hi, self.partner,
                                                                     self.position, self.opened)))

    @staticmethod
    def concat(parts: list[ClueEvents]) -> ClueEvents:
        """The events of every part, in order (a field kept where every part has it)."""
        def cat(k: str) -> np.ndarray | None:
            vs = [getattr(e, k) for e in parts]
            return None if any(v is None for v in vs) else np.concatenate(vs)

        return ClueEvents(*(cat(k) for k in ("limit", "lo", "hi", "partner", "position", "opened")))

    @property
    def n(self) -> int:
        return int(self.limit.size)


def clue_events(rules: RuleSet, frame: pl.DataFrame, readers: set[int] | None = None,
                by_relation: bool = True) -> ClueEvents:
    """The soft clues of every seat of every hand of an arena frame (module docstring), once for each relation
    (partner, opponent) in which a reading seat saw them: the seats of the agents numbered ``readers`` (the
    frame's ``agent_s<seat>``; None or empty: every seat reads). ``by_relation=False``: each seat's calls once,
    whoever reads them (the pooled fit's events; ``partner`` None)."""
    los: list[float] = []
    his: list[float] = []
    rel: list[bool] = []
    hands: list[str] = []
    sit: list[Situation] = []
    n_seats = int(rules.seats)
    for row in frame.iter_rows(named=True):
        calls = parse_calls(row["calls"], rules) if row["calls"] else []
        a = replay(rules, int(row["dealer"]), calls)
        sits = situations(a)
        # each seat's soft clues as an opponent reads them and as its partner reads them ([advice] partner_calls)
        lo: dict[tuple[int, bool], float] = {}
        hi: dict[tuple[int, bool], float] = {}
        for ctx in a.contexts:
            s = ctx.call.seat
            mate = next(iter(rules.partners(s)), s)
            for partner in (False, True):
                for c in clues_of(rules, ctx, not partner or reads_by_conventions(rules, s, mate)):
                    if c.kind == "at-least":
                        lo[s, partner] = max(lo.get((s, partner), -math.inf), c.a)
                    elif c.kind in ("below", "at-most"):
                        hi[s, partner] = min(hi.get((s, partner), math.inf), c.a)
        seen = [r for r in range(n_seats) if not readers or row.get(f"agent_s{r}") in readers]
        for s in sorted({k[0] for k in lo} | {k[0] for k in hi}):
            relations = sorted({r in rules.partners(s) for r in seen if r != s}) if by_relation else [False]
            for partner in relations:
                if (s, partner) not in lo and (s, partner) not in hi:
                    continue
                hands.append(row[f"hand_s{s}"])
                los.append(lo.get((s, partner), -math.inf))
                his.append(hi.get((s, partner), math.inf))
                rel.append(partner)
                sit.append(sits[s])
    if not hands:
        return ClueEvents(np.zeros(0), np.zeros(0), np.zeros(0), np.zeros(0, dtype=bool), np.zeros(0, dtype=np.int64),
                          np.zeros(0, dtype=bool))
    planes = np.stack([Hand.parse(h, rules.deck).planes for h in hands])
    lims = reach_limits(rules, features(rules, planes))[0]
    return ClueEvents(np.asarray(lims, dtype=np.float64), np.asarray(los, dtype=np.float64),
                      np.asarray(his, dtype=np.float64), np.asarray(rel, dtype=bool) if by_relation else None,
                      np.asarray([x[0] for x in sit], dtype=np.int64), np.asarray([x[1] for x in sit], dtype=bool))


def log_likelihood(ev: ClueEvents, shift: float, sigma: float) -> float:
    """The summed log-likelihood of the events under ``(shift, sigma)``."""
    w = ev.limit + shift
    upper = np.where(np.isfinite(ev.hi), log_phi((np.where(np.isfinite(ev.hi), ev.hi, 0.0) - w) / sigma), 0.0)
    has_lo = np.isfinite(ev.lo)
    lower = np.where(has_lo, log_phi((np.where(has_lo, ev.lo, 0.0) - w) / sigma), -np.inf)
    # log(Phi(u) - Phi(l)) = log Phi(u) + log(1 - exp(log Phi(l) - log Phi(u)))
    with np.errstate(divide="ignore", invalid="ignore"):
        diff = np.where(has_lo, np.log1p(-np.minimum(np.exp(lower - upper), 1 - 1e-15)), 0.0)
    return float((upper + diff).sum())


#: the fewest events a situation's own fit takes (``by_situation``); fewer read with their relation's model
SITUATION_MIN_EVENTS = 500

#: which situations ``by_situation`` fits apart: ``unopened`` (those where nobody had bid yet; the rest read with
#: their relation's model) or ``all``
SITUATION_SETS = ("unopened", "all")


def fit_clue_model(ev: ClueEvents, prior: ClueModel, by_relation: bool = False,
                   by_situation: str | None = None) -> tuple[ClueModel, dict[str, Any]]:
    """The ``(shift, sigma)`` of the highest likelihood; ``by_relation`` (and the events hold both relations):
    one for the opponents' calls and one for the partner's, fitted apart; ``by_situation`` (one of
    :data:`SITUATION_SETS`, and the events record it): besides, one for each relation and situation of that set with
    at least :data:`SITUATION_MIN_EVENTS` events."""
    if by_situation not in (None, *SITUATION_SETS):
        raise UserError(f"by situation is one of {', '.join(SITUATION_SETS)}, not {by_situation!r}")
    if ev.n == 0:
        raise UserError("no soft clue in these hands: give arena hands with auctions (pinochle arena --out)")
    mine = ev.partner if ev.partner is not None else np.zeros(ev.n, dtype=bool)
    if by_relation and mine.any() and not mine.all():
        opp, info = _fit_one(ev.subset(~mine), prior)
        par, pinfo = _fit_one(ev.subset(mine), prior)
        info = {k: round(info[k] + pinfo[k], 2) if isinstance(info[k], float) else info[k] + pinfo[k] for k in info}
        info["partner"] = pinfo
        model = ClueModel(opp.shift, opp.sigma, "fitted", (par.shift, par.sigma))
        relations = (False, True)
    else:
        model, info = _fit_one(ev, prior)
        mine = np.zeros(ev.n, dtype=bool)
        relations = (False,)
    if not by_situation or ev.position is None or ev.opened is None:
        return model, info
    rows = []
    ll = 0.0
    for r in relations:
        for pos, opened in sorted({(int(p), bool(o)) for p, o in zip(ev.position[mine == r], ev.opened[mine == r],
                                                                          strict=True)}):
            sub = ev.subset((mine == r) & (ev.position == pos) & (ev.opened == opened))
            apart = sub.n >= SITUATION_MIN_EVENTS and (by_situation == "all" or not opened)
            m = _fit_one(sub, prior)[0] if apart else None
            shift, sigma = (m.shift, m.sigma) if m else model.params(r)
            ll += log_likelihood(sub, shift, sigma)
            if m:
                rows.append((r, pos, opened, m.shift, m.sigma))
    info["log_likelihood_relations"] = info["log_likelihood"]
    info["log_likelihood"] = round(ll, 2)
    return ClueModel(model.shift, model.sigma, "fitted", model.partner, tuple(rows)), info


def _fit_one(ev: ClueEvents, prior: ClueModel) -> tuple[ClueModel, dict[str, Any]]:
    """The ``(shift, sigma)`` of the highest likelihood: a grid around the prior, refined three times."""
    s0 = prior.sigma
    shifts = np.linspace(-4 * s0, 4 * s0, 33)
    logs = np.linspace(math.log(s0 / 8), math.log(s0 * 4), 25)
    best = (-math.inf, 0.0, s0)
    for _ in range(4):
        for m in shifts:
            for ls in logs:
                ll = log_likelihood(ev, float(m), float(math.exp(ls)))
                if ll > best[0]:
                    best = (ll, float(m), float(math.exp(ls)))
        dm = shifts[1] - shifts[0]
        dl = logs[1] - logs[0]
        shifts = np.linspace(best[1] - 2 * dm, best[1] + 2 * dm, 17)
        logs = np.linspace(math.log(best[2]) - 2 * dl, math.log(best[2]) + 2 * dl, 17)
    ll, m, sg = best
    info = {"events": ev.n, "log_likelihood": round(ll, 2),
            "log_likelihood_prior": round(log_likelihood(ev, prior.shift, prior.sigma), 2),
            "with_lower_bound": int(np.isfinite(ev.lo).sum()), "with_upper_bound": int(np.isfinite(ev.hi).sum())}
    return ClueModel(m, sg, "fitted"), info


def read_runs(paths: list[str]) -> tuple[RuleSet, list[pl.DataFrame], list[dict[str, Any]]]:
    """The hands of saved arena runs of one rule set, file by file, and their summaries."""
    from analyzer.arena.core import read_hands
    from analyzer.rules import load

    frames, sums = [], []
    for p in paths:
        f, s = read_hands(p)
        if sums and (s.get("rules"), s.get("options")) != (sums[0].get("rules"), sums[0].get("options")):
            raise UserError("the files come from different rule sets or options")
        frames.append(f)
        sums.append(s)
    if not sums or not sums[0].get("rules"):
        raise UserError("give arena hands saved by pinochle arena --out")
    return load(sums[0]["rules"], sums[0].get("options") or {}), frames, sums


def _read(paths: list[str]) -> tuple[RuleSet, pl.DataFrame, list[dict[str, Any]]]:
    """The hands of saved arena runs of one rule set, together, and their summaries."""
    rules, frames, sums = read_runs(paths)
    return rules, pl.concat(frames), sums


def fit_files(paths: list[str], by_relation: bool = False, by_situation: str | None = None) -> dict[str, Any]:
    """The fit on saved arena hands (module docstring), as plain data: every seat's calls, or with
    ``by_relation`` the calls as each file's advisor seats read them (every seat, if no advisor played), the
    partner's fitted apart from the opponents'; ``by_situation``: situations apart too (:func:`fit_clue_model`).
    Runs against different bidders pool their opponents' calls (``run_all.sh`` step 1: formula, trickster and
    percentile)."""
    rules, frames, sums = read_runs(paths)
    prior = clue_model(rules, fitted=False)
    parts = []
    for frame, summary in zip(frames, sums, strict=True):
        agents = list((summary.get("agents") or {}).values())
        readers = {i for i, a in enumerate(agents) if str(a).startswith("advisor")} if by_relation else None
        parts.append(clue_events(rules, frame, readers, by_relation))
    ev = ClueEvents.concat(parts)
    model, info = fit_clue_model(ev, prior, by_relation, by_situation)
    return {"rules": rules.id, "files": list(paths), "fitted": model.as_dict(), "prior": prior.as_dict(), **info}


def write_fit(fit: dict[str, Any], path: Path | None = None) -> Path:
    """Store a fit (:func:`fit_files`) under its rule set in the clue-fit file the advisor reads."""
    from analyzer.bidding.cluemodel import CLUE_FIT_FILE

    path = path or CLUE_FIT_FILE
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    entry = {"shift": fit["fitted"]["shift"], "sigma": fit["fitted"]["sigma"], "events": fit["events"],
             "files": [Path(f).name for f in fit["files"]]}
    for k in ("partner", "situations"):
        if fit["fitted"].get(k):
            entry[k] = fit["fitted"][k]
    data[fit["rules"]] = entry
    path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n", encoding="utf-8")
    return path


def write_fit_report(before: list[str], after: list[str], out: str, name: str,
                     fit: dict[str, Any] | None = None) -> str:
    """``<name>.md`` and ``<name>-reliability.png`` in folder ``out``: the advisor's forecasts by equal-size
    decile before (``before``: its calls read with the prior clue model) and after (``after``: the fitted
    one), the reliability plot of both, and the fit."""

    from analyzer.analyses.calibration import _figure, _save, calibration_table, forecasts, markdown_table

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    runs = []
    for label, paths in (("before (prior clue model)", before), ("after (fitted clue model)", after)):
        rules, frame, sums = _read(paths)
        f = forecasts(frame, 0)
        p, made = f["p_make"].to_numpy(), f["made"].to_numpy().astype(bool)
        runs.append((label, rules, sums, calibration_table(p, made, "count", tolerance=CLUE_TOLERANCE)))
    plt = _figure()
    fig, ax = plt.subplots(figsize=(5.8, 5.4))
    xs = np.linspace(0, 1, 2)
    ax.fill_between(xs, xs - 0.03, xs + 0.03, color="0.88", label="±3 points")
    ax.plot(xs, xs, color="0.4", lw=1, ls="--")
    for (label, _, _, tb), color in zip(runs, ("tab:orange", "tab:blue"), strict=True):
        used = [b for b in tb if b.n and b.observed is not None]
        px = np.array([b.predicted for b in used])
        py = np.array([b.observed.p for b in used])  # type: ignore[union-attr]
        lo = np.array([b.observed.lo for b in used])  # type: ignore[union-attr]
        hi = np.array([b.observed.hi for b in used])  # type: ignore[union-attr]
        ax.errorbar(px, py, yerr=[py - lo, hi - py], fmt="o-", color=color, ms=4, lw=1, alpha=0.85, label=label)
    lo_x = min(b.predicted for _, _, _, tb in runs for b in tb if b.n)
    ax.set_xlim(max(0.0, lo_x - 0.1), 1.0)
    ax.set_ylim(max(0.0, lo_x - 0.1), 1.0)
    ax.set_xlabel("predicted chance of making the contract (decile mean)")
    ax.set_ylabel("observed make rate (95%)")
    ax.set_title(f"{runs[0][1].id}: the advisor's forecasts by decile")
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(alpha=0.3)
    png = _save(fig, folder / f"{name}-reliability.png")
    lines = [f"# Clue model fit — {runs[0][1].name}", "",
             "The soft clues of the auction (what a pass or a free bid says about the caller's strength) read "
             "through a model of the caller's willingness: its bidding limit plus a shift plus normal noise "
             "(`analyzer/arena/cluefit.py`). The shift and the spread are fitted by likelihood on arena hands (the "
             "files below); the advisor's forecasts before (calls read with the prior model) and after "
             "(the fitted one), by equal-size decile (the target: every decile within ±3 points).", ""]
    if not fit:  # the model the "after" runs read: the one shipped in clue_fit.json, as it was fitted
        lines += [_shipped_fit_line(runs[1][1]), ""]
    else:
        what = _describe(ClueModel.from_dict(fit["fitted"]))
        files = ", ".join(f"`{x}`" for x in fit["files"])
        lines += [f"Fit on {fit['events']:,} seats' calls ({files}): {what} (prior: shift "
                  f"{fit['prior']['shift']:+.2f}, spread {fit['prior']['sigma']:.2f}); log-likelihood "
                  f"{fit['log_likelihood']:,.1f} against {fit['log_likelihood_prior']:,.1f} with the prior.", ""]
    for label, _, sums, tb in runs:
        cmds = "; ".join(dict.fromkeys(s.get("command", "") for s in sums if s.get("command")))
        worst = max((abs(b.gap or 0.0) for b in tb if b.n), default=0.0)
        within = sum(abs(b.gap or 0.0) <= CLUE_TOLERANCE for b in tb if b.n)
        lines += [f"## {label.capitalize()}", "", f"`{cmds}`", "",
                  f"{within} of {sum(1 for b in tb if b.n)} deciles within ±3 points (largest gap "
                  f"{100 * worst:.1f}).", "", markdown_table(tb, CLUE_TOLERANCE), ""]
    lines += [f"![reliability before and after]({png.name})", ""]
    page = folder / f"{name}.md"
    page.write_text("\n".join(lines), encoding="utf-8")
    return str(page)


def _describe(m: ClueModel) -> str:
    """A fitted model in words: the opponents' and the partner's (shift, spread), and each situation fitted apart."""
    if not m.partner:
        what = f"shift {m.shift:+.2f}, spread {m.sigma:.2f}"
    else:
        what = (f"the opponents' calls shift {m.shift:+.2f}, spread {m.sigma:.2f}; the partner's calls (fitted apart) "
                f"shift {m.partner[0]:+.2f}, spread {m.partner[1]:.2f}")
    if m.situations:
        what += "; by situation: " + ", ".join(
            f"{'the partner' if r else 'an opponent'} in position {pos}{'' if opened else ' when nobody had bid'} "
            f"shift {shift:+.2f}, spread {sigma:.2f}" for r, pos, opened, shift, sigma in m.situations)
    return what


def _shipped_fit_line(rules: RuleSet) -> str:
    """One line on the clue model ``rules`` ships (:data:`CLUE_FIT_FILE`): its values and the files it was fitted on."""
    from analyzer.bidding.cluemodel import CLUE_FIT_FILE

    entry = json.loads(CLUE_FIT_FILE.read_text(encoding="utf-8")).get(rules.id) if CLUE_FIT_FILE.exists() else None
    if entry is None:
        return "No fitted model is shipped for these rules: the advisor reads the calls with the prior model."
    what = _describe(ClueModel.from_dict(entry))
    runs: dict[str, list[str]] = {}
    for x in entry.get("files", ()):  # NAME.partK.parquet, grouped by run
        stem, _, part = x.removesuffix(".parquet").rpartition(".part")
        runs.setdefault(stem or x, []).append(part)
    files = ", ".join(f"`{k}` (part{'s' if len(v) > 1 else ''} {', '.join(v)})" if v != [""] else f"`{k}`"
                      for k, v in runs.items())
    return (f"The model shipped in `analyzer/rules/{CLUE_FIT_FILE.name}`, fitted on {entry.get('events', 0):,} seats' "
            f"calls ({files}, as they were when it was fitted: `git log -- analyzer/rules/{CLUE_FIT_FILE.name}`): "
            f"{what}.")


def main(argv: list[str] | None = None) -> int:
    """``fit [--write] FILES...`` prints the fit as JSON (``--write``: and stores it for the advisor);
    ``report --before ... --after ... --name N [--out DIR]
    [--fit FILES...]`` writes the before/after page (module docstring)."""
    import argparse

    ap = argparse.ArgumentParser(prog="python3 -m analyzer.arena.cluefit")
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--write", action="store_true", help="store the fit in the file the advisor reads")
    f.add_argument("--by-relation", action="store_true", help="fit the partner's calls apart from the opponents'")
    f.add_argument("--by-situation", choices=SITUATION_SETS, default=None,
                   help="fit the calls of each situation (the seat's position after the dealer, whether anyone had "
                        "bid) apart too: those where nobody had bid, or all")
    r = sub.add_parser("report")
    r.add_argument("--before", nargs="+", required=True)
    r.add_argument("--after", nargs="+", required=True)
    r.add_argument("--fit", nargs="*", default=None)
    r.add_argument("--by-relation", action="store_true", help="the fit shown: the partner's calls apart")
    r.add_argument("--by-situation", choices=SITUATION_SETS, default=None, help="the fit shown: situations apart too")
    r.add_argument("--name", required=True)
    r.add_argument("--out", default=".")
    a = ap.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        if a.cmd == "fit":
            fit = fit_files(a.files, a.by_relation, a.by_situation)
            if a.write:
                write_fit(fit)
            print(json.dumps(fit, indent=1))
        else:
            fit = fit_files(a.fit, a.by_relation, a.by_situation) if a.fit else None
            print(write_fit_report(a.before, a.after, a.out, a.name, fit))
    except UserError as e:
        print(f"pinochle: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
