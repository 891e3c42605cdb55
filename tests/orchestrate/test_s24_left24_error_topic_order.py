"""An evaluation error about one topic names the topic a serial evaluation names, on every
path, whatever the order of the run file: the serial path checks the run, then evaluates
family after family, each over the topics in topic order (numeric ids by value), so the error
it raises is that of the first topic in that order.  ``--stream`` (file order, parts),
``--jobs`` (byte ranges) and Dask partitions used to name the first failing topic of the
file instead."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import SdrevalError, UsageError
from sdreval.io import read_qrels
from sdreval.measures.registry import EvalContext
from sdreval.measures.serial import serial_failure
from sdreval.orchestrate.stream import stream_columns

PATHS = [["--stream"], ["--jobs", "2"], ["--stream", "--jobs", "2"]]
#: ESR's MASRiP sums the sizes of the retrieved elements (Ali, Consens & Lalmas 2012, Eq. 18):
#: an element neither assessed with a size nor in a collection cannot be scored
ROWS = 40


@pytest.fixture
def files(tmp_path):
    qrels = tmp_path / "q.tsv"
    qrels.write_text("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
                     + "".join(f"{t}\td{r}\t/article[1]\t1\t1\t100\n" for t in (1, 2, 9, 10)
                               for r in range(ROWS)))
    # file order 10, 9, 2, 1: topics 10, 9 and 2 retrieve unassessed (unsized) documents
    # x0, x1 ...; topic 1 only assessed ones; in topic order (1, 2, 9, 10) topic 2 fails first
    docs = {"10": "x", "9": "x", "2": "x", "1": "d"}
    run = tmp_path / "run.txt"
    run.write_text("".join(f"{t} Q0 {doc}{r} {r + 1} {ROWS - r} sys /article[1]\n"
                           for t, doc in docs.items() for r in range(ROWS)))
    return qrels, run


def _eval(*args):
    result = CliRunner().invoke(cli, ["eval", *map(str, args)])
    return result.exit_code, result.stderr


def test_every_path_names_the_first_topic_in_topic_order(files):
    qrels, run = files
    serial = _eval(qrels, run, "-m", "MASRiP")
    assert serial[0] == 2
    assert "usage error: topic 2: sizes unknown for 40 retrieved elements" in serial[1]
    for path in PATHS:
        assert _eval(qrels, run, "-m", "MASRiP", *path) == serial, path


def test_streamed_parts_name_the_first_topic_in_topic_order(files):
    qrels, run = files
    for results in (1, ROWS, 3 * ROWS):  # a part per topic, or parts of several topics
        with pytest.raises(UsageError, match="^topic 2: sizes unknown"):
            stream_columns(read_qrels(qrels), run, ["MASRiP"], EvalContext(), results=results)


def test_dask_partitions_name_the_first_topic_in_topic_order(files):
    dd = pytest.importorskip("dask.dataframe")
    import dask
    import pandas as pd

    import sdreval.dask

    qrels, run = files
    rows = [line.split() for line in run.read_text().splitlines()]
    frame = pd.DataFrame({"topic": [r[0] for r in rows], "doc": [r[2] for r in rows],
                          "rank": [int(r[3]) for r in rows],
                          "score": [float(r[4]) for r in rows], "path": [r[6] for r in rows]})
    with dask.config.set(scheduler="sync"):
        for parts in (2, 4):
            with pytest.raises(UsageError, match="^topic 2: sizes unknown"):
                sdreval.dask.evaluate(dd.from_pandas(frame, npartitions=parts, sort=False),
                                      read_qrels(qrels), ["MASRiP"])


def _error(name: str, family: str | None = None, topic: str | None = None) -> SdrevalError:
    error = UsageError(name, topic=topic)
    error.family = family
    return error


def test_serial_failure_follows_the_serial_order():
    # measures of two families, in this order: the classic family (AP) is evaluated first
    measures = ["AP", "MASRiP"]
    later_family = _error("esr 2", "esr", "2")
    first_family = _error("classic 10", "classic", "10")
    assert serial_failure([later_family, first_family], measures) is first_family
    # numeric ids by value: 9 before 10
    assert str(serial_failure([_error("10", "esr", "10"), _error("9", "esr", "9")],
                              measures)) == "9"
    # a family's error about no one topic comes before its errors about a topic
    assert str(serial_failure([_error("t", "esr", "1"), _error("all", "esr")],
                              measures)) == "all"
    # an error raised outside the kernels (the run's check) comes first
    assert str(serial_failure([_error("t", "classic", "1"), _error("check")],
                              measures)) == "check"
    # among equals, the first given
    assert str(serial_failure([_error("a", "esr", "3"), _error("b", "esr", "3")],
                              measures)) == "a"


def test_process_partitions_name_the_first_topic_in_topic_order(files):
    import sdreval
    from sdreval.io import read_run

    qrels, run = files
    for jobs in (2, 3):  # partitions cut in topic order, errors gathered from every one
        with pytest.raises(UsageError, match="^topic 2: sizes unknown"):
            sdreval.evaluate(qrels, read_run(run), "MASRiP", jobs=jobs, navigation=None)


def test_streamed_parts_after_an_error_evaluate_what_could_come_first():
    from sdreval.orchestrate.stream import _before

    topics = ["1", "2", "9", "10"]
    measures = ["AP", "MASRiP"]  # classic evaluated first, then ESR
    # first family, topic 9: only topics up to 9 can fail before it
    assert _before(topics, _error("e", "classic", "9"), measures) == ["1", "2", "9"]
    # a later family: the first family meets every topic before it
    assert _before(topics, _error("e", "esr", "1"), measures) == topics
    assert _before(topics, _error("e", "esr"), measures) == topics
    # the first family about no topic, or the run's check: nothing comes before
    assert _before(topics, _error("e", "classic"), measures) == []
    assert _before(topics, _error("e"), measures) == []
