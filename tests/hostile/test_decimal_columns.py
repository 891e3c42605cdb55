"""Decimal columns (Parquet decimal128, DataFrames of ``decimal.Decimal`` as SQL drivers give
them) are numbers: a score of Decimal('1.50') is 1.5, not "not a finite number"."""
from __future__ import annotations

import json
from decimal import Decimal

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.frame_qrels import qrels_from_table
from sdreval.io.frames import run_from_table


def _means(sdreval_cli, qrels, run_path) -> dict[str, float]:
    out = sdreval_cli("eval", qrels, run_path, "-m", "map", "-m", "P_2", "--format", "json")
    assert out.returncode == 0, out.stderr
    return {r["measure"]: r["value"] for r in json.loads(out.stdout)}


def test_decimal128_scores_rank_as_their_values(tmp_path, sdreval_cli):
    qrels = tmp_path / "q.txt"
    qrels.write_text("1 0 a 1\n1 0 b 0\n")
    # b scores 2.50 > a 1.50: b at rank 1, a at rank 2 -> AP 1/2, P@2 1/2
    scores = pa.array([Decimal("1.50"), Decimal("2.50")], pa.decimal128(5, 2))
    pq.write_table(pa.table({"qid": ["1", "1"], "docno": ["a", "b"], "score": scores}),
                   tmp_path / "run.parquet")
    assert _means(sdreval_cli, qrels, tmp_path / "run.parquet") == {"map": 0.5, "P_2": 0.5}


def test_a_dataframe_of_decimals_equals_the_same_floats():
    frame = pd.DataFrame({"qid": ["1", "1"], "docno": ["a", "b"],
                          "score": [Decimal("1.5"), Decimal("2.5")]})
    qrels = qrels_from_table(pd.DataFrame({"qid": ["1", "1"], "docno": ["a", "b"],
                                           "label": [Decimal("1"), Decimal("0")]}))
    got = sdreval.evaluate(qrels, run_from_table(frame, "r"), ["AP", "P@2"])
    assert got.set_index("measure")["value"].to_dict() == {"AP": 0.5, "P@2": 0.5}


def test_a_decimal_nan_score_is_still_refused(tmp_path):
    frame = pd.DataFrame({"qid": ["1"], "docno": ["a"], "score": [Decimal("NaN")]})
    with pytest.raises(InputError, match="score is missing"):  # a NaN is pandas' missing value
        run_from_table(frame, "r")
