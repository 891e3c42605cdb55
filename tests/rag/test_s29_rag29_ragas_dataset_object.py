"""A RAGAS ``EvaluationDataset`` given in Python (``sdreval.evaluate(dataset, dataset, ...)``)
was refused as "cannot read records of SingleTurnSample (expected dicts, namedtuples or
tuples)": it iterates over its samples, pydantic models.  It is read as its ``to_pandas()``
DataFrame now, as an Arrow table or a polars DataFrame is: the same numbers as the samples'
JSONL.  (RAGAS is not installed in the tests: a stand-in of its class, by module and name.)"""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval

SAMPLES = [
    {"user_input": "q one", "reference_context_ids": ["a", "b"],
     "retrieved_context_ids": ["a", "x", "b"]},
    {"user_input": "q two", "reference_context_ids": ["c"], "retrieved_context_ids": ["x", "c"]},
]


class SingleTurnSample:
    def __init__(self, **fields):
        self.__dict__.update(fields)


class EvaluationDataset:
    """RAGAS's container: iterates over its samples; to_pandas gives one row per sample."""

    def __init__(self, samples):
        self.samples = [SingleTurnSample(**s) for s in samples]

    def __iter__(self):
        return iter(self.samples)

    def to_pandas(self):
        return pd.DataFrame([vars(s) for s in self.samples])


EvaluationDataset.__module__ = "ragas.dataset_schema"


def test_evaluation_dataset_is_read_as_its_dataframe(tmp_path):
    dataset = EvaluationDataset(SAMPLES)
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    got = sdreval.evaluate(dataset, dataset, ["SetP", "SetR", "AP"])
    want = sdreval.evaluate(str(path), str(path), ["SetP", "SetR", "AP"])
    assert got["value"].tolist() == want["value"].tolist()
    # SetP: (2/3 + 1/2) / 2; SetR: 1; AP: ((1 + 2/3) / 2 + 1/2) / 2
    assert got["value"].tolist() == pytest.approx(
        [(2 / 3 + 1 / 2) / 2, 1.0, ((1 + 2 / 3) / 2 + 1 / 2) / 2], abs=1e-12)
