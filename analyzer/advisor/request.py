"""One bid analysis as ``pinochle bid`` asks for it: checks the request, picks the play modes and runs the
advisor (after the calls so far, or the opening call) or, for a game with a stock and no bidding
(two-handed), the whole-hand analysis. The command line (:mod:`analyzer.cli.bid`) and the web app
(:mod:`analyzer.web`) both call :func:`run_bid`, so a page gets exactly the figures ``pinochle bid --json``
prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.advisor.advise import ADVICE_LIMIT_WHY, DEFAULT_SAMPLES, MAX_ADVICE_SAMPLES, advise, default_plays
from analyzer.advisor.figures import Advice
from analyzer.deal import resolve_seat
from analyzer.errors import UserError
from analyzer.rules import RuleSet, parse_hand
from analyzer.runs import warmup
from analyzer.runs.batches import check_cluster, check_samples
from analyzer.runs.progress import progress_bar


def parse_known(items: Sequence[str] | None, rules: RuleSet, seat: int) -> tuple[dict[int, str], list[str]]:
    """``--known`` values: ``SEAT:CARDS`` (cards a seat showed; SEAT a number or left/right/partner/
    across) or bare ``CARDS`` (known cards in no hand, e.g. two-handed's stock)."""
    by_seat: dict[int, str] = {}
    loose: list[str] = []
    for it in items or []:
        if ":" in it:
            who, cards = it.split(":", 1)
            s = resolve_seat(who.strip(), rules, seat)
            by_seat[s] = (by_seat.get(s, "") + " " + cards).strip()
        else:
            loose.append(it)
    return by_seat, loose


@dataclass(frozen=True)
class BidAnswer:
    """What one bid analysis gives: the advice (``after``: the advice after the calls so far, when
    there were calls), or ``two_hand`` for a game with no bidding."""

    advice: Advice | None = None
    after: Any = None  # analyzer.bidding.inference.AuctionAdvice
    two_hand: Any = None  # analyzer.twohand.HandAnalysis

    def as_dict(self) -> dict[str, Any]:
        """The ``pinochle bid --json`` output."""
        if self.two_hand is not None:
            return self.two_hand.as_dict()
        if self.after is not None:
            return self.after.as_dict()
        assert self.advice is not None
        return self.advice.as_dict()


def run_bid(
    rs: RuleSet,
    hand: str,
    *,
    seat: int = 1,
    dealer: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    risk: float = 0.0,
    upcard: str | None = None,
    known: Sequence[str] | None = None,
    constraints: Sequence[str] | None = None,
    auction: str | None = None,
    play: str | None = None,
    dd_samples: int | None = None,
    dd_trumps: int | None = None,
    dd_max_nodes: int | None = None,
    policy: str = "v1",
    progress: bool = True,
    spinner: bool = True,
    workers: int = 1,
    cluster: Any = None,
) -> BidAnswer:
    """Bid advice for ``hand`` as ``pinochle bid`` gives it (its flags by the same names; ``play`` None: the
    rule set's default, with a note when double dummy is left out). ``progress``: the advisor's progress
    bar, ``spinner``: two-handed's (both on a terminal only); ``workers`` / ``cluster``: where the sampled
    deals are played (the same answer however spread). UserError for bad input, before any work."""
    check_samples(samples, "--samples", MAX_ADVICE_SAMPLES, ADVICE_LIMIT_WHY)
    if workers < 1:
        raise UserError(f"--workers must be at least 1, not {workers}")
    check_cluster(cluster)
    dd_note = None
    if play is None:
        play, dd_note = default_plays(rs)
        if play == "both" and (first := warmup.first_run_note()) is not None:
            # a fast first answer: the heuristic figures now, double dummy from the next run on
            play, dd_note = "playout", first
    for name, v in (("seat", seat), ("dealer", dealer)):
        if not 0 <= v < rs.seats:
            raise UserError(f"--{name} {v} is out of range: {rs.id} has seats 0..{rs.seats - 1}")
    if rs.play.stock:
        # a game with a stock and no bidding (two-handed): the whole-hand analysis of `pinochle two-hand`
        from analyzer.twohand import analyze_hand

        if upcard is None:
            raise UserError(f"{rs.id} needs the turned-up card: add --upcard 9H (it names trump)")
        if play in ("dd", "both"):
            warmup.start_solver()
        with progress_bar(spinner, None, "playing hands"):
            a = analyze_hand(rs, hand, upcard, dealer=(seat == dealer), samples=min(samples, 2000), seed=seed,
                             phase2="exact" if play in ("dd", "both") else "heuristic", workers=workers,
                             cluster=cluster)
        return BidAnswer(two_hand=a)
    h = parse_hand(hand, rs)
    by_seat, loose = parse_known(known, rs, seat)
    from analyzer.play import POLICIES

    if policy not in POLICIES:
        raise UserError(f"unknown policy {policy!r}: use one of {', '.join(POLICIES)}")
    if loose and rs.has_bidding:
        raise UserError(f"every card is dealt in {rs.id}: give known cards with their seat, e.g. --known 2:AS")
    stock_loose = " ".join(loose)
    if play in ("dd", "both"):
        warmup.start_solver()  # compiles the solver on the second core while the deals are played out
    after = None
    if auction is not None:
        from analyzer.advisor.advise import advise_after_auction

        after = advise_after_auction(
            rs, h, seat=seat, dealer=dealer, auction=auction, samples=samples, seed=seed, risk=risk, plays=play,
            policy=policy, known=by_seat, constraints=list(constraints or []), progress=progress,
            dd_samples=dd_samples, dd_trumps=dd_trumps, dd_max_nodes=dd_max_nodes, workers=workers, cluster=cluster,
        )
        adv = after.advice
    else:
        adv = advise(
            rs, h, seat=seat, dealer=dealer, samples=samples, seed=seed, risk=risk, plays=play, policy=policy,
            upcard=upcard, known=by_seat, constraints=list(constraints or []), progress=progress,
            stock_cards=stock_loose or None, dd_samples=dd_samples, dd_trumps=dd_trumps, dd_max_nodes=dd_max_nodes,
            workers=workers, cluster=cluster,
        )
    if dd_note:
        adv.notes.append(dd_note)
    return BidAnswer(advice=adv, after=after)
