"""One task of ``--jobs`` (``evaluate_range``), run here rather than in a worker process so
that what it does is measured (session 24 coverage hunt).  Expected values by hand:

* topic 1: a, c relevant; ranked a, b, c: AP = (1/1 + 2/3) / 2 = 5/6, P@2 = 1/2;
* topic 2: d, e relevant; ranked e, x: AP = (1/1) / 2 = 1/2, P@2 = 1/2."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.io.readers import read_qrels
from sdreval.measures import EvalContext
from sdreval.orchestrate.ranges import RangeTask, evaluate_range, topic_ranges

RUN = "1 Q0 a 1 3.0 r\n1 Q0 b 2 2.0 r\n1 Q0 c 3 1.0 r\n2 Q0 e 1 2.0 r\n2 Q0 x 2 1.0 r\n"


@pytest.fixture
def qrels(tmp_path):
    path = tmp_path / "qrels.txt"
    path.write_text("1 0 a 1\n1 0 b 0\n1 0 c 1\n2 0 d 1\n2 0 e 1\n")
    return read_qrels(str(path))


def _task(tmp_path, text, layout="document", output=None, name="run.txt"):
    path = tmp_path / name
    if isinstance(text, pd.DataFrame):
        text.to_parquet(path)
    else:
        path.write_text(text)
    (byte_range,) = topic_ranges(str(path), 1, layout) if layout != "parquet" else [(0, 0, 0)]
    return RangeTask(0, str(path), layout, "r", byte_range, output)


def test_a_range_evaluated_as_the_whole_run_is(tmp_path, qrels):
    piece = evaluate_range(_task(tmp_path, RUN), qrels, ["AP", "P@2"], EvalContext())
    assert (piece.answered, piece.topics) == (["1", "2"], ["1", "2"])
    assert piece.values.ravel().tolist() == pytest.approx([5 / 6, 1 / 2, 1 / 2, 1 / 2])
    assert piece.extra[1] == "r" and not piece.extra[0].problems


def test_a_range_writing_its_rows(tmp_path, qrels):
    out = tmp_path / "out"
    out.mkdir()
    piece = evaluate_range(_task(tmp_path, RUN, output=str(out)), qrels, ["AP", "P@2"],
                           EvalContext())
    tally = piece.extra[3]
    assert piece.answered == [] and tally.answered == 2
    sums = [float(total.numerator) * 2.0 ** total.exponent for total, _ in tally.sums]
    assert sums == pytest.approx([5 / 6 + 1 / 2, 1.0])
    rows = pd.read_parquet(out / "part-00000-00000.parquet")
    assert sorted(zip(rows.topic, rows.measure, rows.value.round(6))) == [
        ("1", "AP", round(5 / 6, 6)), ("1", "P@2", 0.5), ("2", "AP", 0.5), ("2", "P@2", 0.5)]


def test_a_range_whose_evaluation_fails_sends_the_error_back(tmp_path, qrels):
    piece = evaluate_range(_task(tmp_path, "all Q0 a 1 3.0 r\n"), qrels, ["AP"], EvalContext())
    assert (piece.answered, piece.topics) == (["all"], [])
    assert "a topic is named 'all'" in str(piece.extra[4])


def test_parquet_partitions(tmp_path, qrels):
    good = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["a", "c"], "score": [2.0, 1.0]})
    piece = evaluate_range(_task(tmp_path, good, "parquet", name="p1.parquet"), qrels, ["AP"],
                           EvalContext())
    assert (piece.answered, piece.values.tolist()) == (["1"], [[1.0]])  # a, c: AP = 1
    bad = pd.DataFrame({"query_id": ["2"], "doc_id": ["e"], "score": ["x"]})
    piece = evaluate_range(_task(tmp_path, bad, "parquet", name="p2.parquet"), qrels, ["AP"],
                           EvalContext())
    assert (piece.answered, piece.values) == ([], None)
    assert [p.message for p in piece.extra[0].errors] == ["score 'x' is not a finite number"]


def test_a_topic_longer_than_the_probe_is_not_cut(tmp_path):
    from sdreval.orchestrate.ranges import HEAD_BYTES

    one = "".join(f"1 Q0 d{i} {i + 1} 1.0 r\n" for i in range(HEAD_BYTES // 10))  # > 64 KiB
    path = tmp_path / "run.txt"
    path.write_text(one + "2 Q0 e 1 1.0 r\n")
    ranges = topic_ranges(str(path), 4, "document")
    # one cut: where topic 2 starts (no topic is split); lines before it counted
    assert ranges == [(0, len(one), 0), (len(one), len(one) + 15, HEAD_BYTES // 10)]


def test_which_run_files_are_cut_into_ranges(tmp_path):
    import gzip

    from sdreval.orchestrate.ranges import splittable

    plain, packed, named = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt.gz"
    plain.write_text(RUN)
    packed.write_bytes(gzip.compress(RUN.encode()))  # gzip data under a text name
    named.write_bytes(gzip.compress(RUN.encode()))
    assert splittable(str(plain), "document-run") == "document"
    assert splittable(str(packed), "document-run") is None
    assert splittable(str(named), "document-run") is None
    assert splittable(str(plain), "inex-submission") is None


def test_a_range_with_read_errors_is_not_evaluated(tmp_path, qrels):
    piece = evaluate_range(_task(tmp_path, "1 Q0 a x 3.0 r\n"), qrels, ["AP"], EvalContext())
    assert (piece.answered, piece.topics, piece.values) == ([], [], None)
    assert [p.message for p in piece.extra[0].errors] == [
        "rank 'x' is not an integer: write each rank in decimal digits (3, not 3.0)"]


def test_a_range_writing_its_rows_whose_evaluation_fails_keeps_its_topics(tmp_path, qrels):
    from sdreval.orchestrate.dataset import kept_topics

    out = tmp_path / "out"
    out.mkdir()
    piece = evaluate_range(_task(tmp_path, "all Q0 a 1 3.0 r\n", output=str(out)), qrels,
                           ["AP"], EvalContext())
    assert "a topic is named 'all'" in str(piece.extra[4])
    assert kept_topics(str(out), 0, 0) == (["all"], [])
