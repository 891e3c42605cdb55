"""LlamaIndex's RetrieverEvaluator results (``RetrievalEvalResult``: ``query``,
``expected_ids``, ``retrieved_ids``, ``metric_dict``, ..., as ``model_dump()`` writes them)
were refused as "neither a span input nor a document table": they are the lists of RAGAS's
ID-based samples under other keys, read as those now (the query text the query id), on every
path.  Values from LlamaIndex's definitions (its metrics.py), one question: expected [a, b, c],
retrieved [a, x, b]: hit_rate 1, mrr 1/1, precision |{a, b}| / 3, recall 2/3, ap (1/1 + 2/3)
/ 3, ndcg (1 + 1/log2(4)) / (1 + 1/log2(3) + 1/log2(4)); a second question, expected [c],
retrieved [x, y]: 0 everywhere."""
from __future__ import annotations

import json
import math

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli
from sdreval.errors import UsageError

RESULTS = [
    {"query": "what is a?", "expected_ids": ["a", "b", "c"], "expected_texts": None,
     "retrieved_ids": ["a", "x", "b"], "retrieved_texts": ["A", "X", "B"], "mode": "text",
     "metric_dict": {"hit_rate": {"score": 1.0, "metadata": {}}}},
    {"query": "what is c?", "expected_ids": ["c"], "expected_texts": None,
     "retrieved_ids": ["x", "y"], "retrieved_texts": ["X", "Y"], "mode": "text",
     "metric_dict": {"hit_rate": {"score": 0.0, "metadata": {}}}},
]
FIRST = {"Success@3": 1.0, "RR": 1.0, "SetP": 2 / 3, "SetR": 2 / 3, "AP": (1 + 2 / 3) / 3,
         "nDCG": (1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3) + 1 / math.log2(4))}
MEANS = {m: v / 2 for m, v in FIRST.items()}  # the second question scores 0


def test_cli_reads_llamaindex_results(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RESULTS))
    args = ["eval", str(path), str(path), "-q"] + [a for m in FIRST for a in ("-m", m)]
    for extra in ([], ["--jobs", "2"]):
        result = CliRunner().invoke(cli, args + extra)
        assert result.exit_code == 0, result.output
        rows = [line.split("\t") for line in result.stdout.splitlines()]
        got = {(t, m): float(v) for _, m, t, v in rows}
        for m, v in FIRST.items():
            assert got[("what is a?", m)] == pytest.approx(v, abs=5e-5)
            assert got[("all", m)] == pytest.approx(MEANS[m], abs=5e-5)


@pytest.mark.parametrize("given", [RESULTS, pd.DataFrame(RESULTS)], ids=["records", "frame"])
def test_api_reads_llamaindex_results(given):
    table = sdreval.evaluate(given, given, list(FIRST))
    assert table["value"].tolist() == pytest.approx(list(MEANS.values()), abs=1e-12)


def test_both_keys_of_one_list_are_refused():
    both = [dict(RESULTS[0], reference_context_ids=["a"])]
    with pytest.raises(UsageError, match="both reference_context_ids and expected_ids"):
        sdreval.read_qrels(both)
