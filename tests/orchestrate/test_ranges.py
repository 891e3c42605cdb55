"""TREC text runs read in byte ranges by the workers: the ranges start where topics start, and
`eval --jobs` gives the serial output (stdout and stderr) on clean runs, runs with read
warnings, runs whose topics are not together, runs with several run-ids and runs with errors."""
import gzip

import numpy as np
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.orchestrate import ranges
from sdreval.orchestrate.ranges import splittable, topic_ranges


def _write_inputs(tmp_path, topics=40, docs=12, seed=3):
    rng = np.random.default_rng(seed)
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 d{d} {int(rng.integers(0, 3))}\n"
                             for t in range(1, topics + 1) for d in range(docs)))
    lines = [f"{t} Q0 d{d} {r + 1} {docs - r} sys" for t in range(1, topics + 3)
             for r, d in enumerate(rng.permutation(docs + 4)[:docs])]
    return qrels, lines


def _run(args):
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stdout, result.stderr


def _same_as_serial(qrels, run, *extra):
    args = ["eval", str(qrels), str(run), "-m", "AP", "-m", "nDCG@5", "-m", "num_rel_ret",
            "-q", *extra]
    serial = _run(args)
    assert _run(args + ["--jobs", "2"]) == serial
    return serial


def test_ranges_start_at_topics_and_count_the_lines_before(tmp_path):
    run = tmp_path / "run.txt"
    lines = ["1 Q0 a 1 3 r", "1 Q0 b 2 2 r", "", "2 Q0 a 1 3 r", "# note", "2 Q0 c 2 1 r",
             "3 Q0 a 1 1 r"]
    run.write_text("\n".join(lines) + "\n")
    data = run.read_bytes()
    for parts in (1, 2, 3, 5, 40):
        found = topic_ranges(str(run), parts, "document")
        assert found[0][0] == 0 and found[-1][1] == len(data)
        for (lo, hi, before), (next_lo, _, _) in zip(found, found[1:] + [(len(data), 0, 0)]):
            assert hi == next_lo
            assert before == data[:lo].count(b"\n")
            assert lo == 0 or data[lo:].split(None, 1)[0] != data[:lo].split()[-6]
    assert len(topic_ranges(str(run), 40, "document")) == 3  # no more pieces than topics


def test_only_plain_trec_text_files_are_split(tmp_path):
    plain, packed = tmp_path / "run.txt", tmp_path / "run.txt.gz"
    plain.write_text("1 Q0 a 1 3 r\n")
    packed.write_bytes(gzip.compress(b"1 Q0 a 1 3 r\n"))
    assert splittable(str(plain), "document-run") == "document"
    assert splittable(str(packed), "document-run") is None
    assert splittable(str(plain), "span-run") is None
    assert splittable("-", "document-run") is None


@pytest.fixture
def small_ranges(monkeypatch):
    monkeypatch.setattr(ranges, "RANGE_BYTES", 300)  # many ranges of a small file


@pytest.fixture
def no_whole_reading(monkeypatch):
    """Fail if a file is read whole by the client (evaluated from memory)."""
    import sdreval.measures.parallel as parallel

    def refuse(*args, **kwargs):
        raise AssertionError("read whole by the client")

    monkeypatch.setattr(parallel, "evaluate_parallel", refuse)


def test_clean_run_equals_serial(tmp_path, small_ranges, no_whole_reading):
    qrels, lines = _write_inputs(tmp_path)
    run = tmp_path / "run.txt"
    run.write_text("\n".join(lines) + "\n")
    code, out, _ = _same_as_serial(qrels, run)
    assert code == 0 and "\tall\t" in out
    _same_as_serial(qrels, run, "-c")
    _same_as_serial(qrels, run, "--order", "rsv")


def test_read_warnings_are_those_of_one_reading(tmp_path, small_ranges, no_whole_reading):
    qrels, lines = _write_inputs(tmp_path)
    lines[5] = lines[4]  # a repeated result
    lines[30], lines[31] = lines[31], lines[30]  # ranks out of order
    lines.insert(60, "")
    run = tmp_path / "run.txt"
    run.write_text("\n".join(lines) + "\n")
    code, _, err = _same_as_serial(qrels, run)
    assert code == 0 and "repeat" in err and "out of order" in err


def test_topics_apart_and_several_run_ids_read_whole(tmp_path, small_ranges):
    qrels, lines = _write_inputs(tmp_path)
    apart = tmp_path / "apart.txt"
    apart.write_text("\n".join(lines[100:] + lines[:100] + lines[:3]) + "\n")
    _same_as_serial(qrels, apart)  # topic 1 at the start and the end; a repeat across them
    several = tmp_path / "several.txt"
    several.write_text("\n".join(lines[:200] + [line.replace("sys", "other")
                                                  for line in lines[200:]]) + "\n")
    code, _, err = _same_as_serial(qrels, several)
    assert code == 0 and "run-id 'other' differs" in err


def test_errors_are_those_of_one_reading(tmp_path, small_ranges, no_whole_reading):
    qrels, lines = _write_inputs(tmp_path)
    lines[7] = lines[11] = "1 Q0 d1 x 3 sys"  # two kinds of error, in line order
    lines[9] = lines[400] = "38 Q0"
    run = tmp_path / "run.txt"
    run.write_text("\n".join(lines) + "\n")
    code, out, err = _same_as_serial(qrels, run)
    assert code == 1 and out == "" and ":8:" in err and ":401:" in err
    assert err.index(":8:") < err.index(":10:") < err.index(":12:")


def test_stream_and_jobs_combine_on_text_runs(tmp_path):
    qrels, lines = _write_inputs(tmp_path)
    run = tmp_path / "run.txt"
    run.write_text("\n".join(lines) + "\n")
    args = ["eval", str(qrels), str(run), "-m", "AP", "-q"]
    assert _run(args + ["--stream", "--jobs", "2"]) == _run(args)
    packed = tmp_path / "run.txt.gz"
    packed.write_bytes(gzip.compress(run.read_bytes()))
    code, _, err = _run(["eval", str(qrels), str(packed), "-m", "AP", "--stream", "--jobs", "2"])
    assert code == 2 and "--no-stream" in err


def test_per_topic_rows_written_per_partition_read_back_as_the_gathered_output(
        tmp_path, small_ranges):
    import pandas as pd

    qrels, lines = _write_inputs(tmp_path)
    runs = []
    for name in ("a", "b"):
        run = tmp_path / f"{name}.txt"
        run.write_text("\n".join(line.replace("sys", name) for line in lines) + "\n")
        runs.append(str(run))
    measures = ["-m", "AP", "-m", "gm_map", "-m", "num_rel_ret", "-m", "P@5"]
    for extra in ([], ["-c"]):
        args = ["eval", str(qrels), *runs, *measures, "-q", "--format", "parquet", *extra]
        gathered = tmp_path / "gathered.parquet"
        assert _run(args + ["-o", str(gathered)])[0] == 0
        expected = pd.read_parquet(gathered)
        for how in ([], ["--jobs", "2"]):
            directory = tmp_path / f"set{len(extra)}{len(how)}"
            code, out, _ = _run(args + ["-o", f"{directory}/", *how])
            assert code == 0 and out == ""
            back = pd.read_parquet(directory)
            assert len(list(directory.glob("part-*.parquet"))) > (5 if how else 2)
            key = ["run", "topic", "measure"]
            pd.testing.assert_frame_equal(back.sort_values(key).reset_index(drop=True),
                                          expected.sort_values(key).reset_index(drop=True))
            means = back[back.topic == "all"]  # the means come last, as in the gathered file
            assert means.equals(back.tail(len(means)))


def test_a_dataset_directory_must_be_new_or_empty_and_parquet(tmp_path):
    qrels, lines = _write_inputs(tmp_path)
    run = tmp_path / "run.txt"
    run.write_text("\n".join(lines) + "\n")
    args = ["eval", str(qrels), str(run), "-m", "AP", "-q"]
    code, _, err = _run(args + ["-o", str(tmp_path)])  # holds the inputs
    assert code == 2 and "--format parquet" in err
    code, _, err = _run(args + ["--format", "parquet", "-o", str(tmp_path)])
    assert code == 2 and "not empty" in err


def test_a_cluster_whose_workers_do_not_see_the_file_gets_it_read_here(tmp_path):
    """Workers read a file's ranges only when each sees it at the same path and size."""
    from sdreval.orchestrate.workers import seen_by_workers

    run = tmp_path / "run.txt"
    run.write_text("1 Q0 a 1 3 r\n")

    class Cluster:
        def __init__(self, sizes):
            self.sizes = sizes

        def run(self, function, path):
            return {worker: (function(path) if size == "here" else size)
                    for worker, size in self.sizes.items()}

    assert seen_by_workers(Cluster({"w1": "here", "w2": "here"}), [str(run)]) == [True]
    assert seen_by_workers(Cluster({"w1": "here", "w2": None}), [str(run)]) == [False]
    assert seen_by_workers(Cluster({"w1": 5}), [str(run)]) == [False]  # another file


def test_passage_runs_against_span_judgements_are_read_in_ranges(no_whole_reading):
    from sdreval.data import example_path

    root = example_path("synthetic")
    args = ["eval", str(root / "qrels.fol"), str(root / "runs" / "sim01.passages.txt"),
            str(root / "runs" / "sim02.passages.txt"), "-m", "MAiP", "-m", "iP@0.01", "-q"]
    serial = _run(args)
    assert serial[0] == 0
    assert _run(args + ["--jobs", "2"]) == serial


def test_parquet_after_a_text_evaluation_in_the_same_process(tmp_path):
    """A text evaluation declined Arrow's probe for pandas; Arrow remembers that for the
    whole process, and a later ``--format parquet -q`` (an Int64 column with missing values)
    failed with exit 1: under ``-n 2`` this file's tests met it depending on which tests a
    worker had run before.  Only the one-command ``sdreval`` script declines the probe now."""
    qrels, lines = _write_inputs(tmp_path)
    run = tmp_path / "a.txt"
    run.write_text("\n".join(lines) + "\n")
    assert _run(["eval", str(qrels), str(run), "-m", "AP"])[0] == 0
    code, _, err = _run(["eval", str(qrels), str(run), "-m", "AP", "-m", "gm_map", "-q",
                         "--format", "parquet", "-o", str(tmp_path / "out.parquet")])
    assert code == 0, err


def test_refusal_of_stream_and_jobs_names_the_threshold_in_force(tmp_path, monkeypatch):
    qrels, lines = _write_inputs(tmp_path)
    packed = tmp_path / "run.txt.gz"
    packed.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    monkeypatch.setenv("SDREVAL_STREAM_MB", "0.001")  # 1,048 bytes: the run is streamed
    code, _, err = _run(["eval", str(qrels), str(packed), "-m", "AP", "--jobs", "2"])
    assert code == 2 and "larger than 0.001 MB (SDREVAL_STREAM_MB)" in err, err
    assert "512" not in err


def test_default_measures_are_named_where_the_serial_command_names_them(
        tmp_path, no_whole_reading):
    """Without -m, "no -m given: ..." follows the read warnings, as in one process (it came
    first with --jobs)."""
    from sdreval.data import example_path

    root = example_path("synthetic")
    lines = (root / "runs" / "sim01.passages.txt").read_text().splitlines()
    run = tmp_path / "sim01.passages.txt"
    run.write_text("\n".join(lines[:3] + lines[:1] + lines[3:]) + "\n")  # a repeated result
    args = ["eval", str(root / "qrels.fol"), str(run), "-q"]
    serial = _run(args)
    assert serial[0] == 0
    assert serial[2].index("repeats line 1") < serial[2].index("no -m given")
    assert _run(args + ["--jobs", "2"]) == serial


def test_default_measures_named_after_the_read_warnings_when_streamed(tmp_path):
    from sdreval.data import example_path

    root = example_path("synthetic")
    lines = (root / "runs" / "sim01.passages.txt").read_text().splitlines()
    run = tmp_path / "sim01.passages.txt"
    run.write_text("\n".join(lines[:3] + lines[:1] + lines[3:]) + "\n")  # a repeated result
    args = ["eval", str(root / "qrels.fol"), str(run), "-q"]
    assert _run(args + ["--stream"]) == _run(args)
