"""Put generated text into README.md between its markers (never edit those figures by hand).

    python benchmarks/update_readme.py solver /tmp/solver.md    # a file between <!-- solver:begin/end -->
    python benchmarks/update_readme.py examples                 # rerun the README's example commands

``examples`` runs each example command of :data:`EXAMPLES` (output to a pipe: Markdown tables) and puts
its output, in a console block, between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->``.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"
EXAMPLES = {
    "example-bid": f'pinochle bid --rules auction --hand "{HAND}" --seed 7',
    "example-auction": f'pinochle bid --hand "{HAND}" --seat 0 --dealer 0 --auction "1:16 2:pass 3:18" --seed 7',
    "example-two-hand": 'pinochle two-hand --hand "AH AH TH TH KH KH QH QH JH JH 9S 9D" --upcard 9H --samples 300 '
                        "--seed 1",
}


def replace(text: str, name: str, body: str) -> str:
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in text or end not in text:
        sys.exit(f"README.md has no {begin} ... {end} markers")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body.strip()}\n{end}{tail}"


def run_example(command: str) -> str:
    args = shlex.split(command)
    r = subprocess.run([sys.executable, "-m", "analyzer", *args[1:]], capture_output=True, text=True, check=True)
    return f"```console\n$ {command}\n{r.stdout.rstrip()}\n```"


def main() -> None:
    text = README.read_text()
    if sys.argv[1] == "examples":
        # the solver compiled first, so that the bid example shows its double-dummy check
        subprocess.run([sys.executable, "-m", "analyzer.warmup"], check=True)
        for name, command in EXAMPLES.items():
            text = replace(text, name, run_example(command))
    else:
        text = replace(text, sys.argv[1], Path(sys.argv[2]).read_text())
    README.write_text(text)


if __name__ == "__main__":
    main()
