"""A table file whose passages are given as ``start``/``end`` (or ``start``/``length``) beside
``topic``/``doc`` columns is read as the same rows in a DataFrame are (docs/inputs.md, "Runs and
qrels as tables": "offset + length passages (or start + end, end exclusive, or start + length,
as in span files), as for DataFrames"); it used to be refused by format detection as "neither a
span input nor a document table" while the DataFrame was evaluated."""
from __future__ import annotations

import json
import warnings
from fractions import Fraction

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

QRELS = [{"query_id": "q1", "doc_id": "d1", "start": 0, "end": 10, "relevance": 1}]
#: run: characters 5..19 of d1, then 30..39 of d1
RUN = {"topic": ["q1", "q1"], "doc": ["d1", "d1"], "start": [5, 30], "score": [2.0, 1.0]}
#: SpanP@1 = |[5,20) ∩ [0,10)| / |[5,20)| = 5/15; SpanP@2 = 5/25
EXPECTED = {"SpanP@1": Fraction(5, 15), "SpanP@2": Fraction(5, 25)}


def _write(frame: pd.DataFrame, path, layout: str) -> None:
    if layout == "jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in frame.to_dict("records")))
    elif layout == "csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path)


@pytest.mark.parametrize("second", ["end", "length"])
@pytest.mark.parametrize("layout", ["jsonl", "csv", "parquet"])
def test_start_end_table_file_reads_as_its_dataframe(tmp_path, layout, second):
    run = dict(RUN, **({"end": [20, 40]} if second == "end" else {"length": [15, 10]}))
    frame = pd.DataFrame(run)
    qrels, path = tmp_path / "q.jsonl", tmp_path / f"r.{layout}"
    qrels.write_text("".join(json.dumps(r) + "\n" for r in QRELS))
    _write(frame, path, layout)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_file = sdreval.evaluate(str(qrels), str(path), list(EXPECTED))
        by_frame = sdreval.evaluate(str(qrels), frame, list(EXPECTED))
    for table in (by_file, by_frame):
        values = dict(zip(table.measure, table.value))
        assert values == pytest.approx({m: float(v) for m, v in EXPECTED.items()})
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(path), "-m", "SpanP@1",
                                      "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["value"] == pytest.approx(5 / 15)


def test_start_end_qrels_table_file_reads_as_its_dataframe(tmp_path):
    qrels = pd.DataFrame({"topic": ["q1"], "doc": ["d1"], "start": [0], "end": [10],
                          "relevance": [1]})
    path = tmp_path / "q.csv"
    qrels.to_csv(path, index=False)
    run = pd.DataFrame(dict(RUN, end=[20, 40]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        by_file = sdreval.evaluate(str(path), run, ["SpanP@2"])
        by_frame = sdreval.evaluate(qrels, run, ["SpanP@2"])
    assert by_file.value.tolist() == by_frame.value.tolist() == [pytest.approx(5 / 25)]


def test_a_table_without_score_or_relevance_beside_start_is_still_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({"topic": "q1", "doc": "d1", "start": 0, "end": 3}) + "\n")
    with pytest.raises(sdreval.InputError, match="neither a span input"):
        sdreval.read_run(str(path))
