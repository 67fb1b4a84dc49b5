"""The play modes' names, one vocabulary for every command, the API, the JSON and the page: ``heuristic``
(the heuristic players), ``dd`` (the double-dummy solver), ``both`` (the heuristic analysis plus a
double-dummy check of some of the same deals) and, where playing is optional, ``none``.

The one registry of these words: the commands, the simulation driver, the statistics' columns, the arena and
two-handed's phase 2 read them (and the retired spellings) from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzer.errors import UserError

#: the heuristic players' policies by name, and the code each has in the kernels (:mod:`analyzer.play.policy`)
POLICY_CODES = {"random": 0, "v1": 1}
POLICIES = tuple(POLICY_CODES)
#: who plays the cards of a simulated deal: the heuristic players or the double-dummy solver (the ``play``
#: value of a simulation's rows and a statistics run's column prefixes)
PLAYERS = ("heuristic", "dd")
#: the modes a command playing the cards takes: a player, or ``both`` (:data:`PLAYERS` in order)
PLAY_MODES = ("heuristic", "dd", "both")
#: a command where playing is optional also takes ``none`` (meld only)
PLAY_MODES_OR_NONE = (*PLAY_MODES, "none")
PLAY_HELP = "heuristic (the heuristic players), dd (double-dummy solver) or both (heuristic plus a dd check)"
PLAY_OR_NONE_HELP = "trick play: heuristic (policy v1), dd (double-dummy solver), both, or none (meld only)"
#: spellings of earlier versions, refused with the one to use now
RETIRED_PLAY = {"playout": "heuristic", "exact": "dd"}

#: two-handed's phase 2 (the last twelve tricks, after the stock) as its answers' ``phase2`` field names the
#: players: ``exact`` (the double-dummy solver, play mode ``dd``) or ``heuristic``
PHASE2_MODES = ("exact", "heuristic")


def play_mode(text: str, choices: tuple[str, ...] = PLAY_MODES) -> str:
    """``text`` as one of ``choices``; a retired spelling or an unknown word is a UserError naming the word
    to use."""
    t = str(text).strip().lower()
    words = ", ".join(choices[:-1]) + f" or {choices[-1]}"
    if t in RETIRED_PLAY:
        raise UserError(f"play mode {text!r} is now called {RETIRED_PLAY[t]!r}: use {words}")
    if t not in choices:
        raise UserError(f"unknown play mode {text!r}: use {words}")
    return t


def players_of(modes: str | Sequence[str], allow_none: bool = False) -> tuple[str, ...]:
    """The players (:data:`PLAYERS`) that play the cards for a play mode or a list of them, in order and each
    once: ``both`` is heuristic then dd. ``allow_none``: ``none`` (or no mode at all) means no play, ``()``;
    otherwise it is a UserError, as is a retired spelling or an unknown word (naming the words to use)."""
    choices = PLAY_MODES_OR_NONE if allow_none else PLAY_MODES
    out: list[str] = []
    for m in [modes] if isinstance(modes, str) else modes:
        mode = play_mode(m, choices)
        for p in PLAYERS if mode == "both" else () if mode == "none" else (mode,):
            if p not in out:
                out.append(p)
    if not out and not allow_none:
        raise UserError(f"no play mode given: use {PLAY_HELP}")
    return tuple(out)


def phase2_mode(text: str) -> str:
    """``text`` as one of :data:`PHASE2_MODES` (UserError otherwise)."""
    if text not in PHASE2_MODES:
        raise UserError(f"unknown phase-2 mode {text!r}: use {' or '.join(PHASE2_MODES)}")
    return text


def phase2_of(mode: str) -> str:
    """Two-handed's phase-2 players for the play mode ``mode``: the solver (``exact``) for ``dd`` and ``both``,
    else the heuristic players."""
    return "exact" if mode in ("dd", "both") else "heuristic"
