"""docs/_make_measures_index.py renders a row for every registered measure."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from sdreval.measures import MEASURES

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "_make_measures_index.py"


def test_every_measure_has_a_row():
    spec = importlib.util.spec_from_file_location("make_measures_index", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = module.render()
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    names = {row.split("`")[1].split("@")[0].split("[")[0] for row in rows}
    expected = {name for name, d in MEASURES.items() if not d.family.startswith("_")}
    assert names == expected
    for row in rows:
        assert row.count(" | ") == 3  # four cells, no stray pipe from a docstring
