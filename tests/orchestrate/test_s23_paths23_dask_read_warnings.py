"""``sdreval.dask.evaluate`` tells the partitions' read problems as ``sdreval.evaluate`` tells
those of the DataFrame read whole: one log put together (the first examples of each kind, not
that many per partition), the texts of the reader (no second ``sdreval: warning:`` prefix), the
read errors of every partition, and those before an error of the evaluation."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest

import sdreval
from sdreval.errors import EXAMPLES_KEPT, InputError, UsageError
from sdreval.io.interop import qrels_from_dict

dd = pytest.importorskip("dask.dataframe")
sdask = pytest.importorskip("sdreval.dask")

QRELS = qrels_from_dict({f"q{t}": {"d0": 1, "d1": 0} for t in range(3)})
#: three topics of 8 documents, each listed twice (rows 8..15 of a topic repeat rows 0..7)
FRAME = pd.DataFrame({"query_id": [f"q{t}" for t in range(3) for _ in range(16)],
                      "doc_id": [f"d{i % 8}" for _ in range(3) for i in range(16)],
                      "score": [float(48 - i) for i in range(48)]})


def _said(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            out = call()
        except (InputError, UsageError) as error:
            out = error
    return out, [str(w.message) for w in caught]


def _partitions(frame):
    return dd.from_pandas(frame, npartitions=3, sort=False)  # one topic a partition


def test_repeats_in_every_partition_are_told_as_for_the_whole_frame():
    serial, said = _said(lambda: sdreval.evaluate(QRELS, [FRAME], ["P@1"], per_topic=True))
    table, told = _said(lambda: sdask.evaluate(_partitions(FRAME), QRELS, ["P@1"]))
    assert table.value.tolist() == serial.value.tolist()[:3] == [1.0, 1.0, 1.0]
    # 24 repeats of one kind: the first EXAMPLES_KEPT of them (rows 8..15 of topic q0, ...),
    # a count of the other 4, then the rule of the classic measures (d0, relevant, listed
    # again in every topic)
    assert len(said) == EXAMPLES_KEPT + 2
    assert said[-2].startswith("... and 4 more warning(s): ")
    assert said[-1].startswith("sdreval: warning: run run: 3 repeated relevant result(s) in 3 "
                               "topic(s) scored as non-relevant")
    assert said[0] == ("(DataFrame): warning: row 8: topic q0: result d0 repeats row 0 "
                       "(kept; measures decide how a repeat counts)")
    assert told == said


def test_bad_rows_of_every_partition_are_refused_together():
    frame = FRAME.astype({"score": object})
    frame.loc[3, "score"] = "x"  # partition 0
    frame.loc[40, "score"] = "y"  # partition 2
    serial, _ = _said(lambda: sdreval.evaluate(QRELS, [frame], ["P@1"]))
    refused, _ = _said(lambda: sdask.evaluate(_partitions(frame), QRELS, ["P@1"]))
    assert isinstance(refused, InputError) and str(refused) == str(serial) == (
        "(DataFrame): error: row 3: score 'x' is not a finite number\n"
        "(DataFrame): error: row 40: score 'y' is not a finite number")
    refused, _ = _said(lambda: sdask.evaluate(_partitions(frame), QRELS, ["MAiP"]))
    assert isinstance(refused, InputError)  # not the usage error of MAiP on these qrels
    refused, said = _said(lambda: sdask.evaluate(_partitions(FRAME), QRELS, ["MAiP"]))
    assert isinstance(refused, UsageError) and len(said) == EXAMPLES_KEPT + 1


@pytest.mark.xdist_group("dask_cluster")  # one cluster a process (tests/conftest.py)
def test_on_a_cluster_the_problems_and_errors_travel_back(dask_cluster, tmp_path):
    """Workers in other processes send back their logs and the errors of their evaluation:
    the same warnings (API) and the same refusal (command line, byte ranges)."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    distributed = pytest.importorskip("distributed")
    _, said = _said(lambda: sdreval.evaluate(QRELS, [FRAME], ["P@1"]))
    with distributed.Client(dask_cluster):
        _, told = _said(lambda: sdask.evaluate(_partitions(FRAME), QRELS, ["P@1"]))
    assert told == said and len(said) == EXAMPLES_KEPT + 2
    qrels, run = tmp_path / "qrels.txt", tmp_path / "run.txt"
    qrels.write_text("q0 0 d0 1\nq1 0 d1 1\n")
    run.write_text("q0 Q0 d0 1 2 r\nq0 Q0 d0 2 1 r\nq1 Q0 d1 1 2 r\n")  # line 2: a repeat
    args = ["eval", str(qrels), str(run), "-m", "MAiP"]
    serial = CliRunner().invoke(cli, args)
    parallel = CliRunner().invoke(cli, args + ["--scheduler", dask_cluster.scheduler_address])
    assert serial.exit_code == parallel.exit_code == 2
    assert parallel.stderr == serial.stderr
    assert serial.stderr.startswith(f"{run}:2: warning: topic q0: result d0 ")
