"""The play modes' names, one vocabulary for every command, the API, the JSON and the page: ``heuristic``
(the heuristic players), ``dd`` (the double-dummy solver), ``both`` (the heuristic analysis plus a
double-dummy check of some of the same deals) and, where playing is optional, ``none``."""

from __future__ import annotations

from analyzer.errors import UserError

PLAY_MODES = ("heuristic", "dd", "both")
PLAY_HELP = "heuristic (the heuristic players), dd (double-dummy solver) or both (heuristic plus a dd check)"
#: spellings of earlier versions, refused with the one to use now
RETIRED_PLAY = {"playout": "heuristic", "exact": "dd"}


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
