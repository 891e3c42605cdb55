"""Arrow tables (and record batches, and polars DataFrames) given to the API are read as the
pandas DataFrame they convert to, by the same rules: they were refused with "cannot read
records of LargeStringScalar"."""
from __future__ import annotations

import pandas as pd
import pyarrow as pa
import pytest

import sdreval
from sdreval.errors import InputError

RUN = pd.DataFrame({"query_id": ["1", "1", "2"], "doc_id": ["d2", "d1", "d9"],
                    "score": [2.0, 1.0, 3.0]})
QRELS = pd.DataFrame({"query_id": ["1", "2"], "doc_id": ["d1", "d3"], "relevance": [1, 1]})


@pytest.mark.parametrize("convert", [lambda f: pa.Table.from_pandas(f, preserve_index=False),
                                     lambda f: pa.RecordBatch.from_pandas(f,
                                                                          preserve_index=False)])
def test_arrow_run_and_qrels_read_as_their_dataframes(convert):
    got = sdreval.evaluate(convert(QRELS), convert(RUN), ["AP", "P@1"], per_topic=True)
    # topic 1: d1 (relevant) at rank 2 -> AP 1/2, P@1 0; topic 2: nothing relevant found -> 0
    values = {(r.topic, r.measure): r.value for r in got.itertuples()}
    assert values[("1", "AP")] == 0.5 and values[("2", "AP")] == 0.0
    assert values[("all", "AP")] == 0.25 and values[("all", "P@1")] == 0.0
    assert got.equals(sdreval.evaluate(QRELS, RUN, ["AP", "P@1"], per_topic=True))
    several = sdreval.evaluate(QRELS, {"a": convert(RUN), "b": RUN}, "AP")
    assert several.value.tolist() == [0.25, 0.25]


def test_arrow_table_is_checked_as_a_dataframe():
    bad = pa.table({"query_id": ["1"], "doc_id": ["d1"], "score": [float("nan")]})
    with pytest.raises(InputError) as arrow:
        sdreval.read_run(bad)
    with pytest.raises(InputError) as frame:
        sdreval.read_run(bad.to_pandas())
    assert str(arrow.value) == str(frame.value)


def test_polars_frame_reads_as_its_pandas_frame():
    pl = pytest.importorskip("polars")
    got = sdreval.evaluate(pl.from_pandas(QRELS), pl.from_pandas(RUN), "AP")
    assert got.value.tolist() == [0.25]
