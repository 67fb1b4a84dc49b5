"""The one exception type for bad user input (the front ends print its message in one line and exit with
status 2, or answer 400), and the input helpers that raise it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: a field named in a message, between these marks (:func:`field_name`); a front end renders it in its own words
_OPEN, _CLOSE = "\x1e", "\x1f"
_FIELD = re.compile(f"{_OPEN}(\\w+){_CLOSE}")


def field_name(name: str) -> str:
    """A request field (``max_nodes``) named in a message: the front end that asked shows it in its words
    (``--max-nodes`` on the command line, ``max_nodes`` on the page; :meth:`UserError.in_words`), so the
    library below the API never spells a command-line flag."""
    return f"{_OPEN}{name}{_CLOSE}"


def in_words(obj: Any, name: Callable[[str], str]) -> Any:
    """``obj`` (a text, or plain data holding texts: an answer's notes) with each field named by
    :func:`field_name` spelt by ``name`` (a front end's words)."""
    if isinstance(obj, str):
        return _FIELD.sub(lambda m: name(m.group(1)), obj) if _OPEN in obj else obj
    if isinstance(obj, dict):
        return {k: in_words(v, name) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return type(obj)(in_words(v, name) for v in obj)
    return obj


class UserError(ValueError):
    """Input the user can correct: the message says what was wrong and what to type instead. Fields named
    with :func:`field_name` are shown as JSON fields by ``str``, in a front end's words by :meth:`in_words`."""

    def in_words(self, name: Callable[[str], str]) -> str:
        """The message with each named field spelt by ``name`` (``analyzer.request.parts.words("cli")``)."""
        return in_words(super().__str__(), name)

    def __str__(self) -> str:
        return self.in_words(lambda field: field)

    def within(self, where: str) -> UserError:
        """The same error said at ``where`` (``line 7 (rules): ...``), its named fields kept for the front end."""
        return UserError(f"{where}: {super().__str__()}")


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
