"""``sdreval.dask.evaluate`` reads each partition as ``read_run`` reads the same rows as one
DataFrame (span keys make a span run, others the table reader's run): same table, same
warnings as a serial evaluation (Dask's threaded scheduler; the cluster tests are in
tests/measures/test_dask_cluster.py)."""
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")

import sdreval  # noqa: E402
import sdreval.dask  # noqa: E402
from sdreval.measures import EvalContext, evaluate  # noqa: E402


def _serial_and_dask(qrels, frame, measures, npartitions):
    ctx, ctx2 = EvalContext(), EvalContext()
    serial = evaluate(qrels, [sdreval.read_run(frame)], measures, ctx)
    table = sdreval.dask.evaluate(dd.from_pandas(frame, npartitions=npartitions, sort=False),
                                  qrels, measures, ctx2)
    return serial, ctx.warnings, table, ctx2.warnings


def test_span_rows_are_a_span_run_with_overlap_expected():
    """Span runs (RAG retrievers) overlap by design: no "Focused task forbids overlap"
    warning, as for the same rows read by ``read_run``.  Gold text q1 [0, 10) of a, q2 [0, 4)
    of b; q1 retrieves [0, 10) then [5, 20) (overlapping), q2 [2, 30)."""
    qrels = sdreval.read_qrels(pd.DataFrame({
        "query_id": ["q1", "q2"], "doc_id": ["a", "b"], "start": [0, 0], "end": [10, 4],
        "relevance": [1, 1]}))
    frame = pd.DataFrame({"query_id": ["q1", "q1", "q2"], "doc_id": ["a", "a", "b"],
                          "start": [0, 5, 2], "end": [10, 20, 30], "score": [2.0, 1.0, 1.0]})
    serial, said, table, said2 = _serial_and_dask(qrels, frame, ["SpanP@2", "SpanR@2", "MAiP"], 1)
    pd.testing.assert_frame_equal(serial, table)
    # SpanP@2: q1 retrieves 20 characters, 10 gold: 0.5; q2 28, 2 gold: 2/28
    assert table.value.tolist()[:4] == [0.5, 2 / 28, 1.0, 0.5]
    assert said2 == said
    assert not any("overlap" in w for w in said2)


def test_empty_partitions_are_skipped():
    qrels = sdreval.read_qrels({"q1": {"d1": 1, "d2": 0}, "q2": {"d3": 2}})
    frame = pd.DataFrame({"query_id": ["q1", "q1", "q2", "q2"],
                          "doc_id": ["d2", "d1", "d3", "d9"], "score": [2.0, 1.0, 5.0, 4.0]})
    parts = dd.concat([dd.from_pandas(frame.iloc[:2], npartitions=1),
                       dd.from_pandas(frame.iloc[:0], npartitions=1),
                       dd.from_pandas(frame.iloc[2:], npartitions=1)])
    means = sdreval.summarise(sdreval.dask.evaluate(parts, qrels, ["AP", "P@1"]))
    # AP: q1 (d1 at rank 2) 1/2, q2 (d3 at rank 1) 1; P@1: 0 and 1
    assert means.value.tolist() == [0.75, 0.5]


def test_a_parquet_file_of_document_results_is_read_by_path(tmp_path):
    """Such a file is read by path (a document table) and gives the values of the same rows
    read in Python."""
    frame = pd.DataFrame({"query_id": ["q1", "q1", "q2"], "doc_id": ["d2", "d1", "d3"],
                          "score": [2.0, 1.0, 5.0]})
    path = tmp_path / "run.parquet"
    frame.to_parquet(path)
    qrels = sdreval.read_qrels({"q1": {"d1": 1, "d2": 0}, "q2": {"d3": 2}})
    # AP: q1 (d1 at rank 2) 1/2, q2 (d3 at rank 1) 1
    for run in (sdreval.read_run(str(path)), sdreval.read_run(pd.read_parquet(path))):
        assert evaluate(qrels, [run], ["AP"]).value.tolist() == [0.5, 1.0]


def test_qrels_may_be_a_file_or_a_table(tmp_path):
    """The qrels argument takes what ``read_qrels`` takes (here a TREC file and a DataFrame
    from Parquet, as docs/scale.md reads judgements kept in Parquet)."""
    path = tmp_path / "qrels.txt"
    path.write_text("q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n")
    table = pd.DataFrame({"query_id": ["q1", "q1", "q2"], "doc_id": ["d1", "d2", "d3"],
                          "relevance": [1, 0, 2]})
    table.to_parquet(tmp_path / "qrels.parquet")
    run = dd.from_pandas(pd.DataFrame({"query_id": ["q1", "q1", "q2"],
                                       "doc_id": ["d2", "d1", "d3"], "score": [2.0, 1.0, 5.0]}),
                         npartitions=1)
    for qrels in (str(path), pd.read_parquet(tmp_path / "qrels.parquet")):
        # AP: q1 (d1 at rank 2) 1/2, q2 (d3 at rank 1) 1
        assert sdreval.dask.evaluate(run, qrels, ["AP"]).value.tolist() == [0.5, 1.0]
