"""A run kept as a Parquet dataset, evaluated with --jobs file by file (each worker reads its
own file): the output of the same run as TREC text evaluated serially, to the last digit and
warning; a topic whose rows lie in two files is refused, both files named."""
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

MEASURES = ["-m", "AP", "-m", "nDCG@10", "-m", "gm_map", "-m", "num_rel_ret"]


def write_dataset(tmp_path, topics: int = 120, buckets: int = 4):
    """A run as a Parquet dataset bucketed by a stable hash of the topic (docs/scale.md),
    the same run as TREC text (results in score order, run-id the dataset's name), qrels."""
    rng = np.random.default_rng(2)
    queries = np.repeat([f"q{i}" for i in range(topics)], 15)
    run = pd.DataFrame({"query_id": queries,
                        "doc_id": [f"d{k}" for k in rng.integers(0, 40, len(queries))],
                        "score": rng.random(len(queries))}).drop_duplicates(
                            ["query_id", "doc_id"])
    judged = run.sample(frac=0.4, random_state=2)[["query_id", "doc_id"]]
    judged["relevance"] = rng.integers(0, 3, len(judged))
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{r.query_id} 0 {r.doc_id} {r.relevance}\n"
                             for r in judged.itertuples()) + "q999 0 d1 1\n")
    text = tmp_path / "myrun.txt"
    with text.open("w") as out:
        for query, rows in run.groupby("query_id", sort=False):
            for rank, r in enumerate(rows.sort_values("score", ascending=False).itertuples()):
                out.write(f"{query} Q0 {r.doc_id} {rank + 1} {r.score!r} myrun\n")
    run["bucket"] = pd.util.hash_pandas_object(run["query_id"], index=False) % buckets
    run.to_parquet(tmp_path / "myrun", partition_cols=["bucket"])
    return qrels, text, tmp_path / "myrun", run


def _run(args):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("extra", [[], ["-q"], ["-q", "-c"]])
def test_dataset_by_files_equals_the_text_run_serially(tmp_path, extra):
    qrels, text, dataset, _ = write_dataset(tmp_path)
    serial = _run(["eval", qrels, text, *MEASURES, *extra])
    assert serial[0] == 0 and "gm_map" in serial[1]
    assert _run(["eval", qrels, dataset, *MEASURES, *extra]) == serial  # read whole
    assert _run(["eval", qrels, dataset, *MEASURES, *extra, "--jobs", "2"]) == serial


def test_the_run_column_names_the_run_as_when_read_whole(tmp_path):
    qrels, _, _, run = write_dataset(tmp_path)
    named = tmp_path / "named"
    run.assign(run_id="bm25").to_parquet(named, partition_cols=["bucket"])
    single = tmp_path / "one.parquet"
    run.drop(columns="bucket").to_parquet(single)
    for path in (named, single):
        serial = _run(["eval", qrels, path, *MEASURES, "-q"])
        assert serial[0] == 0 and ("bm25\t" in serial[1]) == (path == named)
        assert _run(["eval", qrels, path, *MEASURES, "-q", "--jobs", "2"]) == serial
    several = tmp_path / "several"
    run.assign(run_id=np.where(run.bucket == 0, "a", "b")).to_parquet(
        several, partition_cols=["bucket"])
    serial = _run(["eval", qrels, several, "-m", "AP"])
    assert serial[0] == 1 and "runs" in serial[2]
    assert _run(["eval", qrels, several, "-m", "AP", "--jobs", "2"]) == serial


def test_dataset_written_per_partition(tmp_path):
    qrels, text, dataset, _ = write_dataset(tmp_path)
    args = [*MEASURES, "-q", "--format", "parquet"]
    serial = _run(["eval", qrels, text, *args, "-o", tmp_path / "all.parquet"])
    assert _run(["eval", qrels, dataset, *args, "-o", f"{tmp_path}/scores/", "--jobs", "2"]
                ) == serial
    key = ["run", "topic", "measure"]
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "scores").sort_values(key).reset_index(drop=True),
        pd.read_parquet(tmp_path / "all.parquet").sort_values(key).reset_index(drop=True))
    assert len(list((tmp_path / "scores").glob("part-00000-*.parquet"))) == 4  # a file each


@pytest.mark.parametrize("output", [False, True])
def test_a_topic_in_two_files_is_refused(tmp_path, output):
    qrels, _, _, run = write_dataset(tmp_path)
    bad = tmp_path / "bad"
    cut = run[run.query_id == run[run.bucket == 0].query_id.iloc[0]].head(2)
    pd.concat([run, cut.assign(bucket=1)]).to_parquet(bad, partition_cols=["bucket"])
    extra = ["-q", "--format", "parquet", "-o", f"{tmp_path}/scores/"] if output else []
    code, out, err = _run(["eval", qrels, bad, "-m", "AP", "--jobs", "2", *extra])
    topic = cut.query_id.iloc[0]
    assert code == 1 and out == "" and "Traceback" not in err
    first, second = (next((bad / f"bucket={b}").iterdir()) for b in (0, 1))
    assert f"{bad}: error: topic {topic} has rows in {first} and in {second}" in err
    assert "bucketed by topic" in err
    if output:
        assert not list((tmp_path / "scores").glob("part-*"))


@pytest.mark.xdist_group("dask_cluster")  # one cluster a process (tests/conftest.py)
def test_on_a_cluster_each_worker_reads_its_own_files(tmp_path, dask_cluster):
    """A real scheduler on 127.0.0.1 with 2 worker processes: the files' tasks run on both
    workers, the output is the serial one (and with -o DIR/ too)."""
    distributed = pytest.importorskip("distributed")
    qrels, text, dataset, _ = write_dataset(tmp_path, buckets=6)
    cluster, client = dask_cluster
    for extra in (["-q"], ["-q", "--format", "parquet", "-o"]):
        files = [tmp_path / "all.parquet"] if "-o" in extra else []
        serial = _run(["eval", qrels, text, *MEASURES, *extra, *files])
        where = [f"{tmp_path}/scores/"] if files else []
        with distributed.get_task_stream(client) as stream:
            spread = _run(["eval", qrels, dataset, *MEASURES, *extra, *where,
                           "--scheduler", cluster.scheduler_address])
        assert spread == serial
        reads = [t for t in stream.data if "evaluate_range" in str(t["key"])]
        assert len(reads) == 6 and len({t["worker"] for t in reads}) == 2
    key = ["run", "topic", "measure"]
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "scores").sort_values(key).reset_index(drop=True),
        pd.read_parquet(tmp_path / "all.parquet").sort_values(key).reset_index(drop=True))
