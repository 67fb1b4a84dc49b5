"""Concede or play: the bid winner's choice after the meld, before his first lead, where the house rules allow a
concession (``[concession] allowed``, a variant: docs/RULES.md, "Concession").

:func:`concession_advice` answers it from a card-play answer (:func:`analyzer.cardplay.advise.advise_card`) at that
moment: no card played, my seat the declarer, a contract to make. It is asked there -- ``pinochle play`` at the bid
winner's first lead, the page's play-along and the JSON API with it -- rather than in ``pinochle bid``'s answer once
the auction is won, because that is where a player makes the choice: after the meld is on the table, knowing trump,
his partner's meld and the defenders' (the cards shown), which the bid advice does not know (it names trump before
the meld, on deals drawn from the calls alone). The card advice samples the deals consistent with everything shown and
values the play from the first card on; the figures of playing on are its own for the best first card (the chance of
making the contract and the expected net, with 95 % intervals), and conceding scores the same on every deal (the
melds are known: :func:`analyzer.score.score_conceded`), so the two are compared on the same deals, by the card
advice's criterion: my side's net score (ours minus theirs) where sides score, the game maker's own score where
players score alone (there conceding, minus the bid, is never better than playing on, which scores at least that).
The advice concedes when conceding's score is higher than playing's expected score (ties: play), so the choice named
is never worse, by the figures shown, than the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from analyzer.estimate import Estimate, Proportion
from analyzer.score import score_conceded


@dataclass(frozen=True)
class Concession:
    """Concede or play (module docstring): ``concede`` the choice; ``play`` the expected criterion playing on with
    the best first card and ``make`` its chance of making the contract; ``conceded`` the criterion conceding, with
    ``scores`` each seat's score then; ``gain`` playing minus conceding (paired on the same deals; conceding scores
    alike on all); ``criterion`` ``net`` or ``score`` (the card advice's); ``text`` the choice in words."""

    concede: bool
    play: Estimate
    make: Proportion | None
    conceded: float
    scores: tuple[int, ...]
    gain: Estimate
    criterion: str
    text: str

    def as_dict(self) -> dict[str, Any]:
        return {"advice": "concede" if self.concede else "play", "criterion": self.criterion,
                "play": self.play.as_dict(), "make": None if self.make is None else self.make.as_dict(),
                "concede": round(float(self.conceded), 3), "scores_if_conceded": list(self.scores),
                "play_minus_concede": self.gain.as_dict(), "text": self.text}


def concession_advice(adv: Any) -> Concession | None:
    """Concede or play at the bid winner's first lead (module docstring), from ``adv``, the card advice there (an
    :class:`analyzer.cardplay.advise.CardAdvice`: that module asks this one, so it is not imported here); None where
    the question does not arise:
    the rules allow no concession, no contract, a card already played, not my seat's contract, or no card named
    (too few deals)."""
    req = adv.request
    rs, rec = req.rules, req.record
    if (not rs.concession.allowed or rec is None or not req.contract or rec.plays or rec.seat != rec.declarer
            or not adv.lines or adv.lines[0].score is None or adv.action == "too-few"):
        return None
    meld = np.array([req.meld], dtype=np.int64)
    meld[0, [s for s in adv.side]] = 0
    meld[0, rec.declarer] = int(adv.side_meld or 0)
    sc = score_conceded(rs, meld, rec.declarer, rec.bid)[0]
    if adv.criterion == "net":
        other = next(s for s in range(rs.seats) if s not in adv.side)
        conceded = float(sc[rec.declarer] - sc[other])
    else:
        conceded = float(sc[rec.declarer])
    best = adv.lines[0]
    play = best.score
    gain = Estimate(play.mean - conceded, play.se, play.lo - conceded, play.hi - conceded, play.n, play.level)
    concede = conceded > play.mean + 1e-9
    return Concession(concede, play, best.make, conceded, tuple(int(x) for x in sc), gain, adv.criterion,
                      _text(adv, concede, play, best.make, conceded, gain, sc))


def _text(adv: Any, concede: bool, play: Estimate, make: Proportion | None, conceded: float, gain: Estimate,
          sc: np.ndarray) -> str:
    rec = adv.request.record
    what = "net" if adv.criterion == "net" else "score"
    other = [int(sc[s]) for s in range(len(sc)) if s not in adv.side]
    them = f"{other[0]}" if adv.criterion == "net" else ", ".join(map(str, other))
    head = "Concede" if concede else "Play on"
    making = "" if make is None else f"; you make {rec.bid} on {make.p:.0%} of the deals (95% {make.lo:.0%} to " \
                                     f"{make.hi:.0%})"
    return (f"{head}: conceding {rec.bid} scores {int(sc[rec.declarer])} for you and {them} for the other side"
            f"{'' if adv.criterion == 'net' else 's'} ({what} {conceded:+.1f}); playing on with {adv.lines[0].card} "
            f"{what} {play.mean:+.1f} (95% {play.lo:+.1f} to {play.hi:+.1f}){making}; playing minus conceding "
            f"{gain.mean:+.1f} (95% {gain.lo:+.1f} to {gain.hi:+.1f})")
