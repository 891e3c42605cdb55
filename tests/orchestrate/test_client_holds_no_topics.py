"""``eval -q --format parquet -o DIR/ --jobs N``: the workers write the per-topic rows, and what
they send back to the command is a few numbers a measure (counts and exact partial sums),
never the topic names; the output (stdout, stderr, the dataset read back) is still the serial
one."""
import pickle

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval.measures.parallel as parallel
from sdreval.cli.main import cli

MEASURES = ["-m", "AP", "-m", "gm_map", "-m", "num_rel_ret", "-m", "P@5"]


def _inputs(tmp_path, topics: int, docs: int = 6, seed: int = 5):
    """Qrels and a run; topic names easy to find in bytes (``topicNNNNN``): a few qrels topics
    with nothing relevant, a few run topics not in the qrels, a few qrels topics unanswered."""
    rng = np.random.default_rng(seed)
    names = [f"topic{t:05d}" for t in range(topics)]
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(
        f"{t} 0 d{d} {0 if i % 17 == 3 else int(rng.integers(0, 3))}\n"
        for i, t in enumerate(names) for d in range(docs)))
    answered = [t for i, t in enumerate(names) if i % 23 != 7] + ["extra1", "extra2"]
    run = tmp_path / "run.txt"
    run.write_text("".join(f"{t} Q0 d{d} {r + 1} {docs - r} sys\n" for t in answered
                           for r, d in enumerate(rng.permutation(docs + 2)[:docs])))
    return qrels, run, names


class _Recorder:
    """Stands in for the process pool: the same pool, what its tasks return recorded."""

    def __init__(self, pool, sent):
        self.pool, self.sent = pool, sent

    def __enter__(self):
        self.pool.__enter__()
        return self

    def __exit__(self, *exc):
        return self.pool.__exit__(*exc)

    def __getattr__(self, name):  # shutdown ...
        return getattr(self.pool, name)

    def map(self, function, items):
        results = list(self.pool.map(function, items))
        self.sent.extend(pickle.dumps(result) for result in results)
        return results


@pytest.fixture
def sent(monkeypatch):
    """The pickled result of every task the command's process pools ran."""
    received: list[bytes] = []
    real = parallel.process_pool
    monkeypatch.setattr(parallel, "process_pool",
                        lambda *args, **kwargs: _Recorder(real(*args, **kwargs), received))
    return received


def _run(args):
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("extra", [[], ["-c"], ["--zero-rel-as-zero", "-c"],
                                   ["--order", "rsv", "-M", "3"]])
def test_tasks_send_back_no_topic_names_and_the_output_is_serial(tmp_path, sent, extra):
    for topics in (60, 600):
        directory = tmp_path / str(topics)
        directory.mkdir()
        qrels, run, names = _inputs(directory, topics)
        args = ["eval", str(qrels), str(run), *MEASURES, "-q", "--format", "parquet", *extra]
        serial = _run(args + ["-o", str(directory / "all.parquet")])
        sent.clear()
        code, out, err = _run(args + ["-o", f"{directory}/scores/", "--jobs", "2"])
        assert (code, out, err) == serial
        assert "not in the qrels" in err and "nothing relevant" in err  # warnings that count
        assert out == "" and code == 0
        key = ["run", "topic", "measure"]
        pd.testing.assert_frame_equal(
            pd.read_parquet(directory / "scores").sort_values(key).reset_index(drop=True),
            pd.read_parquet(directory / "all.parquet").sort_values(key).reset_index(drop=True))
        received = b"".join(sent)
        unnamed = [name for name in names if name not in err]  # warnings name the first 20
        assert sent and len(unnamed) > topics - 50
        assert not any(name.encode() in received for name in unnamed)
        # a few numbers a measure (an exact sum: an integer of at most ~3,100 bits), a few
        # warnings: about the same bytes for ten times the topics
        assert max(map(len, sent)) < 4 * 2 * 400 + 1000


def test_topics_apart_in_the_file_still_give_the_serial_dataset(tmp_path, monkeypatch):
    """A topic in two ranges (found where the names were written): the file is read whole
    and evaluated in memory, as without -o; no names directory is left behind."""
    from sdreval.orchestrate import ranges

    monkeypatch.setattr(ranges, "RANGE_BYTES", 2000)
    qrels, run, _ = _inputs(tmp_path, 80)
    lines = run.read_text().splitlines(keepends=True)
    run.write_text("".join(lines[200:] + lines[:200] + lines[:2]))
    args = ["eval", str(qrels), str(run), *MEASURES, "-q", "--format", "parquet"]
    serial = _run(args + ["-o", str(tmp_path / "all.parquet")])
    assert _run(args + ["-o", f"{tmp_path}/scores/", "--jobs", "2"]) == serial
    key = ["run", "topic", "measure"]
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "scores").sort_values(key).reset_index(drop=True),
        pd.read_parquet(tmp_path / "all.parquet").sort_values(key).reset_index(drop=True))
    assert sorted(p.name for p in (tmp_path / "scores").iterdir())[-1] == "part-means.parquet"
    assert not any(p.name.startswith("_") for p in (tmp_path / "scores").iterdir())


def test_the_names_are_removed_when_a_task_fails(tmp_path):
    """A run topic named ``all`` (the mean rows' name) is refused by the worker that reads
    it: the same message as serially, and no names folder left in the directory."""
    qrels, run, _ = _inputs(tmp_path, 40)
    run.write_text(run.read_text() + "all Q0 d1 1 1 sys\n")
    args = ["eval", str(qrels), str(run), "-m", "AP", "-q", "--format", "parquet"]
    code, out, err = _run(args + ["-o", f"{tmp_path}/scores/", "--jobs", "2"])
    assert code == 1 and "named 'all'" in err
    assert (code, out, err) == _run(args + ["-o", str(tmp_path / "all.parquet")])
    assert not (tmp_path / "scores" / "_topics").exists()
