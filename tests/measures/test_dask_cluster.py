"""One run split by topic over the workers of a real ``distributed`` cluster on 127.0.0.1:
tasks on every worker, the serial table to the last bit (API, CLI --scheduler, Dask DataFrame
of a Parquet directory).  One cluster (2 worker processes) is shared by the tests of a
process (tests/conftest.py)."""
import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

distributed = pytest.importorskip("distributed")

from sdreval.cli.main import cli as main  # noqa: E402
from sdreval.data import example_path  # noqa: E402
from sdreval.io import read_qrels, read_run  # noqa: E402
from sdreval.io.frames import run_from_table  # noqa: E402
from sdreval.io.interop import qrels_from_dict  # noqa: E402
from sdreval.measures import EvalContext, evaluate, summarise  # noqa: E402
from sdreval.measures.defaults import rsv_order_hints  # noqa: E402

MEASURES = ["nxCG@10", "MAep", "Q", "AP"]
ROOT = example_path("synthetic")


pytestmark = pytest.mark.xdist_group("dask_cluster")  # one cluster a process (conftest.py)


@pytest.fixture
def cluster(dask_cluster):
    return dask_cluster


def _workers_used(client, work):
    with distributed.get_task_stream(client) as stream:
        result = work()
    return result, {task["worker"] for task in stream.data}


def _serial_output_on_both_workers(cluster, args):
    """The command's result with ``--scheduler``, checked to equal the serial one (stdout and
    stderr) with tasks on both workers."""
    cluster, client = cluster
    serial = CliRunner().invoke(main, args)
    spread, workers = _workers_used(client, lambda: CliRunner().invoke(
        main, args + ["--scheduler", cluster.scheduler_address]))
    assert serial.exit_code == 0 and spread.exit_code == 0, spread.output
    assert spread.stdout == serial.stdout
    assert spread.stderr == serial.stderr
    assert len(workers) == 2
    return spread


def test_one_run_spreads_over_every_worker_and_equals_serial(cluster):
    cluster, client = cluster
    qrels = read_qrels(ROOT / "qrels.tsv")
    run = read_run(ROOT / "runs" / "sim01.txt")
    ctx, ctx2 = EvalContext(), EvalContext()
    serial = evaluate(qrels, [run], MEASURES, ctx)
    table, workers = _workers_used(client, lambda: evaluate(
        qrels, [run], MEASURES, ctx2, scheduler=cluster.scheduler_address))
    assert workers == set(cluster.workers_addresses if hasattr(cluster, "workers_addresses")
                          else client.scheduler_info()["workers"])
    pd.testing.assert_frame_equal(serial, table)
    assert ctx2.warnings == ctx.warnings
    means = summarise(table)
    assert means["value"].tolist() == summarise(serial)["value"].tolist()


def test_cli_scheduler_address_gives_the_serial_output(cluster):
    """The workers read the run files' byte ranges themselves (tasks on every worker)."""
    args = ["eval", str(ROOT / "qrels.tsv"), str(ROOT / "runs" / "sim01.txt"),
            str(ROOT / "runs" / "sim02.txt"), "-m", "MAep", "-m", "nxCG@10", "-q"]
    spread = _serial_output_on_both_workers(cluster, args)
    assert "Sending large graph" not in spread.output


def test_cli_refuses_stream_with_a_scheduler_on_a_compressed_run(tmp_path):
    import gzip

    packed = tmp_path / "sim01.txt.gz"
    packed.write_bytes(gzip.compress((ROOT / "runs" / "sim01.txt").read_bytes()))
    result = CliRunner().invoke(main, ["eval", str(ROOT / "qrels.tsv"), str(packed), "-m",
                                       "MAep", "--stream", "--jobs", "2"])
    assert result.exit_code == 2
    assert "--no-stream" in result.output


def _document_data(topics: int = 30, docs: int = 12):
    rng = np.random.default_rng(7)
    grades = {str(t): {f"d{d}": int(rng.integers(0, 3)) for d in range(docs)}
              for t in range(1, topics + 1)}
    grades["5"] = {"d1": 0}  # nothing relevant: left out of the means, said once
    rows = [(str(t), f"d{d}", float(rng.random()), r + 1) for t in range(1, topics + 3)
            for r, d in enumerate(rng.permutation(docs + 3)[:docs])]
    frame = pd.DataFrame(rows, columns=["query_id", "doc_id", "score", "rank"])
    return qrels_from_dict(grades), frame


def test_parquet_directory_as_a_dask_dataframe_equals_serial(cluster, tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    import sdreval.dask

    _, client = cluster
    qrels, frame = _document_data()
    for i, part in enumerate(np.array_split(np.arange(1, 33), 3)):  # partitions by topic
        frame[frame.query_id.astype(int).isin(part)].to_parquet(tmp_path / f"part-{i}.parquet")
    ctx, ctx2 = EvalContext(), EvalContext()
    measures = ["AP", "nDCG@10", "P@5", "RR"]
    serial = evaluate(qrels, [run_from_table(frame, "run")], measures, ctx)
    table, workers = _workers_used(client, lambda: sdreval.dask.evaluate(
        dd.read_parquet(str(tmp_path)), qrels, measures, ctx2))
    assert len(workers) == 2
    pd.testing.assert_frame_equal(serial, table)
    # and, as api.evaluate and eval say, that the ranks are not trec_eval's order
    hints = rsv_order_hints([run_from_table(frame, "run")], "file")
    assert len(hints) == 1 and ctx2.warnings == hints + ctx.warnings


def test_a_topic_in_two_partitions_is_refused(cluster):
    dd = pytest.importorskip("dask.dataframe")
    import sdreval.dask
    from sdreval.errors import InputError

    qrels, frame = _document_data(4, 3)
    with pytest.raises(InputError, match="one partition"):
        split = dd.concat([dd.from_pandas(frame.iloc[:4], npartitions=1),  # topic 2 cut
                           dd.from_pandas(frame.iloc[4:], npartitions=1)])
        sdreval.dask.evaluate(split, qrels, ["AP"])


def test_per_topic_rows_written_per_partition_and_means_from_exact_sums(cluster, tmp_path):
    dd = pytest.importorskip("dask.dataframe")
    import sdreval.dask

    qrels, frame = _document_data()
    measures = ["AP", "nDCG@10", "num_rel", "gm_map"]  # a mean, a sum, a geometric mean
    serial = evaluate(qrels, [run_from_table(frame, "run")], measures, EvalContext(),
                      all_topics=True)
    parts = dd.from_pandas(frame, chunksize=36)  # 36 rows: 3 whole topics a partition
    means = sdreval.dask.evaluate(parts, qrels, measures, all_topics=True,
                                  output=str(tmp_path))
    expected = summarise(serial, counts=True)
    pd.testing.assert_frame_equal(means, expected, check_dtype=False)
    written = pd.concat([pd.read_parquet(p) for p in sorted(tmp_path.glob("part-*.parquet"))])
    assert len(written) == len(serial)
    merged = written.merge(serial, on=["run", "topic", "measure"])
    assert (merged.value_x.fillna(-1) == merged.value_y.fillna(-1)).all()


SYNTHETIC_RUNS = [str(ROOT / "runs" / f"sim0{i}.txt") for i in (1, 2, 3)]


@pytest.mark.parametrize("command", [
    ["compare", str(ROOT / "qrels.tsv"), *SYNTHETIC_RUNS, "-m", "MAep", "--test", "t"],
    ["stability", str(ROOT / "qrels.tsv"), *SYNTHETIC_RUNS, "-m", "MAep", "-a", "ci",
     "--samples", "200"],
    ["eval", str(ROOT / "qrels.tsv"), *SYNTHETIC_RUNS[:2], "-m", "MAep", "-m", "nxCG@10", "-q",
     "--stream"],
])
def test_commands_on_a_cluster_give_the_serial_output(cluster, command):
    """compare and stability evaluate their runs on the workers (topic partitions of runs
    read here); eval --stream with --scheduler has the workers read byte ranges."""
    _serial_output_on_both_workers(cluster, command)


def test_report_on_a_cluster_gives_the_serial_table(cluster, tmp_path):
    cluster, client = cluster
    tables = []
    for extra in ([], ["--scheduler", cluster.scheduler_address]):
        table = tmp_path / f"t{len(extra)}.txt"
        result = CliRunner().invoke(main, ["report", str(ROOT / "qrels.tsv"),
                                           *SYNTHETIC_RUNS[:2], "-m", "MAep", "--no-plots",
                                           "--text-table", str(table), *extra])
        assert result.exit_code == 0, result.output
        tables.append(table.read_text())
    assert tables[0] == tables[1]


def test_workers_write_the_per_topic_rows_of_their_ranges(cluster, tmp_path):
    cluster, client = cluster
    args = ["eval", str(ROOT / "qrels.tsv"), *SYNTHETIC_RUNS[:2], "-m", "MAep", "-m",
            "nxCG@10", "-q", "--format", "parquet"]
    gathered = tmp_path / "all.parquet"
    assert CliRunner().invoke(main, args + ["-o", str(gathered)]).exit_code == 0
    directory = tmp_path / "scores"
    result, workers = _workers_used(client, lambda: CliRunner().invoke(
        main, args + ["-o", f"{directory}/", "--scheduler", cluster.scheduler_address]))
    assert result.exit_code == 0 and result.stdout == "", result.output
    assert len(workers) == 2
    assert len(list(directory.glob("part-*.parquet"))) > 3  # a file per range, the means
    back = pd.read_parquet(directory)
    key = ["run", "topic", "measure"]
    pd.testing.assert_frame_equal(
        back.sort_values(key).reset_index(drop=True),
        pd.read_parquet(gathered).sort_values(key).reset_index(drop=True))


def test_local_scheduler_starts_jobs_workers(monkeypatch, cluster):
    """--scheduler local --jobs 3 asks Dask for 3 worker processes (here a stand-in that
    hands out the module's cluster, to keep the test fast)."""
    cluster, _ = cluster
    asked = []

    class Local:
        def __init__(self, n_workers, **options):
            asked.append(n_workers)

        def __enter__(self):
            return cluster

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(distributed, "LocalCluster", Local)
    args = ["eval", str(ROOT / "qrels.tsv"), SYNTHETIC_RUNS[0], "-m", "MAep", "-q"]
    result = CliRunner().invoke(main, args + ["--scheduler", "local", "--jobs", "3"])
    assert result.exit_code == 0, result.output
    assert result.stdout == CliRunner().invoke(main, args).stdout
    assert asked == [3]


def test_local_with_a_count_is_refused_at_once():
    result = CliRunner().invoke(main, ["eval", str(ROOT / "qrels.tsv"), SYNTHETIC_RUNS[0],
                                       "-m", "MAep", "--scheduler", "local:4"])
    assert result.exit_code == 2
    assert "--scheduler local --jobs 4" in result.output


def test_with_a_dataset_directory_the_workers_send_back_no_topic_names(cluster, tmp_path,
                                                                       monkeypatch):
    """-q --format parquet -o DIR/ on a cluster: what the command gathers from the workers is
    counts and exact sums, not the topics (their names stay in the workers' files)."""
    import pickle

    cluster, client = cluster
    gathered: list[bytes] = []
    real = distributed.Client.gather

    def recording(self, futures, *args, **kwargs):
        result = real(self, futures, *args, **kwargs)
        gathered.append(pickle.dumps(result))
        return result

    monkeypatch.setattr(distributed.Client, "gather", recording)
    names = [f"query{t:04d}" for t in range(300)]
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 d{d} {(i + d) % 3}\n" for i, t in enumerate(names)
                             for d in range(5)))
    run = tmp_path / "run.txt"
    run.write_text("".join(f"{t} Q0 d{d} {d + 1} {9 - d} sys\n" for t in names
                           for d in range(7)))
    args = ["eval", str(qrels), str(run), "-m", "AP", "-m", "nDCG@5", "-q", "--format",
            "parquet"]
    serial = CliRunner().invoke(main, args + ["-o", str(tmp_path / "all.parquet")])
    result, workers = _workers_used(client, lambda: CliRunner().invoke(
        main, args + ["-o", f"{tmp_path}/scores/", "--scheduler", cluster.scheduler_address]))
    assert (result.exit_code, result.stdout, result.stderr) == (
        serial.exit_code, serial.stdout, serial.stderr)
    assert len(workers) == 2 and gathered
    received = b"".join(gathered)
    assert not any(name.encode() in received for name in names)
    key = ["run", "topic", "measure"]
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "scores").sort_values(key).reset_index(drop=True),
        pd.read_parquet(tmp_path / "all.parquet").sort_values(key).reset_index(drop=True))
