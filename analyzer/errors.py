"""The one exception type for bad user input (the front ends print its message in one line and exit with
status 2, or answer 400), and the input helpers that raise it."""

from __future__ import annotations

import unicodedata
from pathlib import Path


class UserError(ValueError):
    """Input the user can correct: the message says what was wrong and what to type instead."""


def one_line(text: str) -> str:
    """``text`` as one line: control characters and line separators (which a user's input can bring into a
    message) written as escapes."""
    return "".join(c.encode("unicode_escape").decode("ascii") if unicodedata.category(c) in ("Cc", "Zl", "Zp")
                   else c for c in text)


def read_lines(path: Path, what: str = "file") -> list[str]:
    """The lines of a UTF-8 text file (a byte-order mark is skipped); UserError when it cannot be read."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise UserError(f"cannot read {what} {str(path)!r}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError as e:
        raise UserError(f"{what} {str(path)!r} is not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}): "
                        "save it as UTF-8") from None
