"""Files written whole or not at all: a reader (``arena --from``, a run script looking for finished parts, a
process loading a win table) never meets half a file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path


def write_whole(path: str | Path, write: Callable[[Path], None]) -> None:
    """``write(tmp)`` into ``PATH.<pid>.tmp`` beside ``path`` (its folder made if missing), then rename it onto
    ``path``; a write that fails leaves neither file (its error goes on to the caller)."""
    out = Path(path)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        write(tmp)
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
