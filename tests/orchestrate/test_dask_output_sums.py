"""``sdreval.dask.evaluate(..., output=DIR)``: the partitions write their per-topic rows and
their topic names in DIR, and what the client receives from the tasks is counts and exact
sums, never the topic names; the means returned are the serial ones to the last bit (gm_map
the geometric mean), with the serial warnings; a topic in two partitions is still refused."""
import pickle

import numpy as np
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")
import dask  # noqa: E402

import sdreval.dask  # noqa: E402
from sdreval.errors import InputError  # noqa: E402
from sdreval.io.frames import run_from_table  # noqa: E402
from sdreval.io.interop import qrels_from_dict  # noqa: E402
from sdreval.measures import EvalContext, evaluate, summarise  # noqa: E402

MEASURES = ["AP", "gm_map", "num_rel_ret", "P@5"]


def _data(topics: int = 300):
    """Topics named ``topicNNNNN``; every 17th with nothing relevant, every 23rd unanswered,
    two run topics not in the qrels; 6 results a topic, sorted by topic."""
    rng = np.random.default_rng(3)
    names = [f"topic{t:05d}" for t in range(topics)]
    qrels = qrels_from_dict({t: {f"d{d}": 0 if i % 17 == 3 else int(rng.integers(0, 3))
                                 for d in range(6)} for i, t in enumerate(names)})
    answered = [t for i, t in enumerate(names) if i % 23 != 7] + ["zextra1", "zextra2"]
    frame = pd.DataFrame({"query_id": np.repeat(answered, 6),
                          "doc_id": [f"d{d}" for _ in answered for d in rng.permutation(8)[:6]],
                          "score": np.tile(np.arange(6, 0, -1.0), len(answered))})
    return qrels, frame, names


@pytest.fixture
def received(monkeypatch):
    """The pickled results every dask.compute of the evaluation returned to the client."""
    sent: list[bytes] = []
    real = dask.compute

    def compute(*args, **kwargs):
        results = real(*args, **kwargs)
        sent.extend(pickle.dumps(r) for r in results)
        return results
    monkeypatch.setattr(dask, "compute", compute)
    return sent


@pytest.mark.parametrize("all_topics", [False, True])
def test_the_client_receives_sums_not_topic_names(tmp_path, received, all_topics):
    qrels, frame, names = _data()
    ctx, serial_ctx = EvalContext(), EvalContext()
    serial = evaluate(qrels, [run_from_table(frame, "run")], MEASURES, serial_ctx,
                      all_topics=all_topics)
    parts = dd.from_pandas(frame, chunksize=6 * 40)  # 40 whole topics a partition
    means = sdreval.dask.evaluate(parts, qrels, MEASURES, ctx, all_topics=all_topics,
                                  output=str(tmp_path))
    pd.testing.assert_frame_equal(means, summarise(serial, counts=True))
    gm = serial[(serial.measure == "AP") & (serial.topic != "all")].value.astype(float)
    assert means.value[means.measure == "gm_map"].iloc[0] == pytest.approx(
        np.exp(np.mean(np.log(np.maximum(gm, 0.00001)))), rel=1e-12)  # geometric
    assert ctx.warnings == serial_ctx.warnings and ctx.warnings
    written = pd.read_parquet(tmp_path)
    key = ["run", "topic", "measure"]
    per_topic = serial[serial.topic != "all"].sort_values(key).reset_index(drop=True)
    pd.testing.assert_frame_equal(
        written[per_topic.columns].sort_values(key).reset_index(drop=True),
        per_topic.astype({"value": "float64"}), check_dtype=False)
    assert not (tmp_path / "_topics").exists()
    sent = b"".join(received)
    named = " ".join(map(str, ctx.warnings))  # warnings name a few topics
    assert received and not any(t.encode() in sent for t in names if t not in named)


def test_a_topic_in_two_partitions_is_refused_with_output(tmp_path):
    qrels, frame, _ = _data(20)
    split = dd.concat([dd.from_pandas(frame.iloc[:9], npartitions=1),
                       dd.from_pandas(frame.iloc[9:], npartitions=1)])
    with pytest.raises(InputError, match="topic topic00001 has rows in partitions 0 and 1"):
        sdreval.dask.evaluate(split, qrels, ["AP"], output=str(tmp_path))
    assert not (tmp_path / "_topics").exists()


def test_output_at_a_url(tmp_path):
    fsspec = pytest.importorskip("fsspec")
    qrels, frame, _ = _data(60)
    url = f"memory://{tmp_path.name}/scores"
    fsspec.filesystem("memory").makedirs(f"/{tmp_path.name}/scores", exist_ok=True)
    parts = dd.from_pandas(frame, chunksize=6 * 20)
    means = sdreval.dask.evaluate(parts, qrels, MEASURES, output=url, all_topics=True)
    local = sdreval.dask.evaluate(parts, qrels, MEASURES, output=str(tmp_path),
                                  all_topics=True)
    pd.testing.assert_frame_equal(means, local)
    key = ["topic", "measure"]
    pd.testing.assert_frame_equal(
        pd.read_parquet(url).sort_values(key).reset_index(drop=True),
        pd.read_parquet(tmp_path).sort_values(key).reset_index(drop=True))
    fsspec.filesystem("memory").rm(f"/{tmp_path.name}", recursive=True)


def test_the_graph_refers_to_the_qrels_without_walking_them(monkeypatch):
    """Without a distributed client the qrels are one key of the graph: Dask does not walk
    (and hash) every judgement once per task, which made 2,000 topics take 20 s here (the
    work of building the graph is the same for 10 and 200 topics of qrels)."""
    import sys

    module = sys.modules["dask.delayed"]
    real = module.unpack_collections
    calls = []

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(module, "unpack_collections", counted)
    _, frame, _ = _data(10)
    run = frame[frame.query_id.isin(["topic00000", "topic00001"])]
    counts = []
    for size in (10, 200):
        calls.clear()
        sdreval.dask.evaluate(dd.from_pandas(run, npartitions=2), _data(size)[0], ["AP"])
        counts.append(len(calls))
    assert counts[0] == counts[1]
