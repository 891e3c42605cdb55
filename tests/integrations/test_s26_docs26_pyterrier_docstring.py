"""The example of `sdreval.integrations.pyterrier`'s docstring passed the string "nDCG@10" to
`pt.Experiment`, and the docstring said a measure's name is a PyTerrier measure after
`register()`: PyTerrier 1.x reads a string measure with ir_measures' `parse_trec_measure`,
trec_eval's names only, and refuses "nDCG@10" and "MAiP" ("unkonwn measure"), as
docs/pyterrier.md says.  The example now gives objects and runs as written."""
from __future__ import annotations

import doctest
import os

import pandas as pd
import pytest

pt = pytest.importorskip("pyterrier")

from sdreval.data import example_path  # noqa: E402
from sdreval.integrations import pyterrier as integration  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.fixture
def synthetic(monkeypatch):
    monkeypatch.chdir(example_path("synthetic"))
    qrels = integration.qrels_frame("qrels.fol")
    topics = pd.DataFrame({"qid": sorted(qrels.qid.unique()), "query": "a query"})
    system = pt.Transformer.from_df(integration.results_frame("runs/sim01.passages.txt"))
    return {"system": system, "topics": topics}


def test_pyterrier_reads_string_measures_by_trec_eval_names_only(synthetic):
    integration.register()
    args = ([synthetic["system"]], synthetic["topics"], integration.qrels_frame("qrels.fol"))
    for name in ("nDCG@10", "MAiP"):
        with pytest.raises(ValueError, match="measure"):
            pt.Experiment(*args, [name])
    assert list(pt.Experiment(*args, ["map"]).columns) == ["name", "map"]


def test_the_module_docstring_example_runs(synthetic):
    examples = doctest.DocTestParser().get_examples(integration.__doc__)
    assert "nDCG@10\"" not in integration.__doc__ and "its name) is a PyTerrier" not in \
        integration.__doc__
    namespace = dict(synthetic)
    for example in examples:
        exec(compile(example.source, "<docstring>", "exec"), namespace)
    table = eval(compile(examples[-1].source, "<docstring>", "eval"), namespace)
    assert sorted(table.columns) == ["MAiP", "iP@0.01", "nDCG@10", "name"]  # ir_measures order
    assert round(float(table["MAiP"].iloc[0]), 4) == 0.4345     # as docs/pyterrier.md prints
    assert os.path.basename(os.getcwd()) == "synthetic"
