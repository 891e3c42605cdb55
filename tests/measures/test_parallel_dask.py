"""--jobs and --scheduler (Dask local cluster) give exactly the serial table (issue 8)."""
import pandas as pd
import pytest

from sdreval.data import example_path
from sdreval.io import read_collection, read_qrels, read_run
from sdreval.measures import EvalContext, evaluate

MEASURES = ["nxCG@10", "MAep", "Q", "AP", "inex_eval"]


@pytest.fixture(scope="module")
def inputs():
    root = example_path("synthetic")
    qrels = read_qrels(root / "qrels.tsv")
    runs = [read_run(root / "runs" / f"sim0{i}.txt") for i in (1, 2, 3)]
    return qrels, runs, read_collection(root / "docs")


def test_processes_equal_serial(inputs):
    qrels, runs, collection = inputs
    serial = evaluate(qrels, runs, MEASURES, EvalContext(collection=collection))
    parallel = evaluate(qrels, runs, MEASURES, EvalContext(collection=collection), jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)


@pytest.mark.slow
def test_dask_local_cluster_equals_serial(inputs):
    pytest.importorskip("distributed")
    qrels, runs, collection = inputs
    ctx = EvalContext(collection_elements=5000)
    serial = evaluate(qrels, runs, MEASURES, ctx)
    ctx2 = EvalContext(collection_elements=5000)
    distributed = evaluate(qrels, runs, MEASURES, ctx2, scheduler="local")
    pd.testing.assert_frame_equal(serial, distributed)
    assert ctx2.warnings == ctx.warnings


def test_sweep_over_qrels_variants_and_settings(inputs):
    from sdreval.measures.parallel import sweep

    qrels, runs, _ = inputs
    strict = type(qrels)(qrels.scale, {t: q for t, q in list(qrels.topics.items())[:2]})
    measures = ["MAep(quant=gen)", "MAep(quant=sog,overlap=off)"]
    serial = sweep({"full": qrels, "half": strict}, runs, measures)
    assert list(serial.columns) == ["qrels", "run", "topic", "measure", "value"]
    assert set(serial.qrels) == {"full", "half"}
    expected = evaluate(strict, runs, measures, EvalContext())
    got = serial[serial.qrels == "half"].drop(columns="qrels").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, expected)
    pd.testing.assert_frame_equal(serial, sweep({"full": qrels, "half": strict}, runs, measures,
                                                jobs=2))


def test_topic_chunks_keep_every_topic_in_order():
    from sdreval.measures.partitions import chunks

    topics = [str(i) for i in range(7)]
    for parts in (1, 2, 3, 7, 10):
        pieces = chunks(topics, parts)
        assert 1 <= len(pieces) <= min(parts, 7)
        assert [t for p in pieces for t in p] == topics
        assert max(map(len, pieces)) - min(map(len, pieces)) <= 1
    assert chunks([], 2) == []


def test_one_run_in_processes_equals_serial(inputs):
    qrels, runs, collection = inputs
    ctx, ctx2 = EvalContext(collection=collection), EvalContext(collection=collection)
    serial = evaluate(qrels, runs[:1], MEASURES, ctx)
    parallel = evaluate(qrels, runs[:1], MEASURES, ctx2, jobs=2)
    pd.testing.assert_frame_equal(serial, parallel)
    assert ctx2.warnings == ctx.warnings
