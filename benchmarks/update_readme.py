"""Put a benchmark's Markdown table into README.md between its markers (never edit those figures by hand).

    python benchmarks/update_readme.py solver /tmp/solver.md

replaces the text between ``<!-- solver:begin -->`` and ``<!-- solver:end -->``.
"""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def main() -> None:
    name, table = sys.argv[1], Path(sys.argv[2]).read_text()
    text = README.read_text()
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in text or end not in text:
        sys.exit(f"README.md has no {begin} ... {end} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    README.write_text(f"{head}{begin}\n{table.strip()}\n{end}{tail}")


if __name__ == "__main__":
    main()
