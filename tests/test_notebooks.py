"""Every notebook in notebooks/ runs from top to bottom (small samples) and is stored without outputs."""

import os
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
#: notebooks run only by ``pytest -m slow``: double deck's and Luxury Family's have auction's code cells with
#: another rule set (the test below says so); a kernel's start costs about 5 s a notebook whatever the samples
SLOW_NOTEBOOKS = {"double-deck", "luxury-family"}
RULE_SET_NOTEBOOKS = ("auction", "double-deck", "luxury-family", "two-handed")


def test_there_is_a_notebook_per_rule_set_and_one_comparing_options():
    names = {p.stem for p in NOTEBOOKS}
    assert {"luxury-family", "double-deck", "auction", "two-handed", "compare-options"} <= names


def _code(name: str) -> list[str]:
    nbformat = pytest.importorskip("nbformat")
    nb = nbformat.read(NOTEBOOKS[[p.stem for p in NOTEBOOKS].index(name)], as_version=4)
    return [c.source for c in nb.cells if c.cell_type == "code"]


def test_the_rule_set_notebooks_are_auctions_with_another_rule_set():
    """What lets the default suite run auction's and two-handed's notebooks and leave double deck's and Luxury
    Family's to the slow run: their code is auction's with the rule set's name (two-handed's leaves out cells)."""
    auction = _code("auction")
    for name in RULE_SET_NOTEBOOKS[1:]:
        code = _code(name)
        want = [c.replace("auction", name) for c in auction]
        same = code == want if name in SLOW_NOTEBOOKS else all(c in want for c in code)
        assert same, f"{name}.ipynb is no longer auction's with another rule set: run it in the default suite"


@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem, marks=pytest.mark.slow) if p.stem in SLOW_NOTEBOOKS
                                  else pytest.param(p, id=p.stem) for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(not c.outputs and c.execution_count is None for c in code), "store notebooks without outputs"
    assert any("analyzer" in c.source for c in code)
    monkeypatch.setenv("PINOCHLE_NB_SAMPLES", os.environ.get("PINOCHLE_NB_SAMPLES", "1500"))
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError when a cell fails
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert images, "the notebook's figures should render"
