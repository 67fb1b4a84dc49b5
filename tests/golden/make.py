"""Write the ``--json`` answer of every case of :mod:`cases` into ``tests/golden/NAME.json`` (run from anywhere:
``python3 tests/golden/make.py [NAME ...]``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from cases import all_cases, run_case  # noqa: E402


def main(names: list[str]) -> None:
    cases = all_cases()
    for name in names or list(cases):
        out = run_case(cases[name])
        text = json.dumps(out, sort_keys=True, separators=(",", ":")) + "\n"
        (HERE / f"{name}.json").write_text(text, encoding="utf-8")
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
