"""Every notebook in notebooks/ runs from top to bottom (small samples) and is stored without outputs."""

import os
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


def test_there_is_a_notebook_per_rule_set_and_one_comparing_options():
    names = {p.stem for p in NOTEBOOKS}
    assert {"luxury-family", "double-deck", "auction", "two-handed", "compare-options"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
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
