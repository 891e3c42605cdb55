"""Native judgement TSV: scales, (e,s) validation, header/comments, writer round trip."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io.native import read_native_qrels, write_native_qrels
from sdreval.io.native_lines import infer_scale, pair_problem
from sdreval.judgements.qrels import TOO_SMALL, Qrels


def read(tmp_path, text, log=None):
    path = tmp_path / "j.tsv"
    path.write_text(text, encoding="utf-8")
    return read_native_qrels(path, log if log is not None else ProblemLog()), path


@pytest.mark.parametrize("rows, scale", [
    ("1\td\t/a\t3\t2\n1\td\t/a/b\t0\t0\n", "inex2003"),
    ("1\td\t/a\t?\t0.4\n1\td\t/a/b\t2\t1\n", "inex2005"),
    ("1\td\t/a\t2\t0.25\n", "inex2005"),
    ("1\td\t/a\t3\tE\n1\td\t/a/b\t0\tN\n", "inex2002"),
    ("1\td\t/a\t7\t0.5\n", "graded"),
])
def test_scale_inference(tmp_path, rows, scale):
    log = ProblemLog()
    q, _ = read(tmp_path, rows, log)
    assert q.scale == scale and log.errors == []


def test_header_comments_question_mark_and_size(tmp_path):
    q, _ = read(tmp_path, "# made by hand\ntopic\tfile\tpath\te\ts\tsize\n"
                          "163\tco/2001/r7022\t/article/bdy/sec[6]\t?\t0.5\t120\n")
    a = q["163"].elements[("co/2001/r7022", "/article[1]/bdy[1]/sec[6]")]
    assert (a.e, a.s, a.size) == (TOO_SMALL, 0.5, 120.0) and q.scale == "inex2005"


def test_scale_directive_overrides_inference(tmp_path):
    q, _ = read(tmp_path, "# scale=inex2005\n1\td\t/a\t1\t1\n")
    assert q.scale == "inex2005"  # integer-only values would infer inex2003


@pytest.mark.parametrize("scale, e, s, ok", [
    ("inex2003", 0, 2, False), ("inex2003", 2, 0, False), ("inex2003", 0, 0, True),
    ("inex2003", 3, 3, True), ("inex2003", 4, 1, False), ("inex2003", 1.5, 1, False),
    ("inex2005", TOO_SMALL, 0.3, True), ("inex2005", 0, 0.3, False),
    ("inex2005", 1, 0, False), ("inex2005", 2, 1.5, False), ("inex2005", 3, 1, False),
    ("inex2002", 0, 0, True), ("inex2002", 0, 2, False), ("inex2002", 2, 0, False),
    # Gövert, Fuhr, Lalmas & Kazai 2006, §4.2: coverage S (too small) is never relevance 3
    ("inex2002", 3, 1, False), ("inex2002", 2, 1, True), ("inex2002", 3, 2, True),
    ("graded", 0, 2, True), ("graded", -1, 1, True),
])
def test_pair_validity(scale, e, s, ok):
    assert (pair_problem(scale, float(e), float(s)) is None) is ok


def test_question_mark_only_on_2005_and_minus_one_is_a_grade(tmp_path):
    assert pair_problem("graded", TOO_SMALL, 1.0, question=True) is not None
    assert pair_problem("inex2005", TOO_SMALL, 0.5, question=False) is not None
    log = ProblemLog()
    q, _ = read(tmp_path, "# scale=graded\n1\td\t/a\t?\t1\n1\td\t/b\t-1\t5\n", log)
    assert [p.line for p in log.errors] == [2]
    assert "'?' exists only on scale inex2005" in log.errors[0].message
    assert q["1"].elements[("d", "/b[1]")].e == -1.0


def test_invalid_pairs_duplicates_and_malformed_lines_reported(tmp_path):
    log = ProblemLog()
    q, path = read(tmp_path, "1\td\t/a\t2\t2\n"
                             "1\td\t/a/b\t0\t2\n"      # invalid pair
                             "1\td\t/a[1]\t2\t2\n"     # identical repeat (canonical path)
                             "1\td\t/a\t1\t1\n"        # conflicting repeat
                             "1\td\t/a//b\t1\t1\n"     # malformed XPath
                             "1\td\t/a/c\tx\t1\n"      # exhaustivity
                             "1\td\t/a/c\t1\t1\t-4\n"  # size
                             "1\td\t/a/c\n", log)     # field count
    assert sorted((p.line, p.severity) for p in log.problems) == [
        (2, "error"), (3, "warning"), (4, "error"), (5, "error"), (6, "error"), (7, "error"),
        (8, "error")]
    assert all(p.file == str(path) for p in log.problems)
    assert "invalid (0, 2) on scale inex2003" in [p for p in log.problems if p.line == 2][0].message
    assert list(q["1"].elements) == [("d", "/a[1]")]
    assert q["1"].elements[("d", "/a[1]")].e == 2


def test_tables_apply_the_native_rules_in_the_log(tmp_path):
    """Intended change: a table's invalid (e, s) pairs were raised apart from the caller's
    log and named no row; now a table and the native TSV share one element reader: the same
    problems, at the row (tables) or line (files), in the log."""
    import pandas as pd

    from sdreval.io.frame_qrels import qrels_from_table

    rows = [("1", "d", "/a[1]", 2, 2), ("1", "d", "/a[1]/b[1]", 0, 2), ("1", "d", "/a[1]", 2, 2),
            ("1", "d", "/a[1]", 1, 1)]
    file_log, table_log = ProblemLog(), ProblemLog()
    read(tmp_path, "".join("\t".join(map(str, r)) + "\n" for r in rows), file_log)
    frame = pd.DataFrame(rows, columns=["topic", "doc", "path", "e", "s"])
    with pytest.raises(InputError):
        qrels_from_table(frame, log=table_log)
    pair = ("invalid (0, 2) on scale inex2003: an element is non-relevant in both dimensions "
            "or in neither")
    assert [(p.line, p.message) for p in file_log.problems] == [
        (2, pair), (3, "topic 1: element d /a[1] repeats line 1 (identical; ignored)"),
        (4, "topic 1: element d /a[1] judged again, differently from line 1 (line 1 kept)")]
    assert sorted(p.message for p in table_log.problems) == sorted([
        f"row 1: {pair}", "row 2: topic 1: element d /a[1] repeats row 0 (identical; ignored)",
        "row 3: topic 1: element d /a[1] judged again, differently from row 0 (row 0 kept)"])


def test_no_log_raises_every_error(tmp_path):
    path = tmp_path / "j.tsv"
    path.write_text("1\td\t/a\t0\t2\n1\td\t/b\t2\t0\n")
    with pytest.raises(InputError) as info:
        read_native_qrels(path)
    assert [p.line for p in info.value.problems] == [1, 2]


def test_writer_refuses_passage_qrels(tmp_path):
    with pytest.raises(UsageError):
        write_native_qrels(Qrels("fol"), tmp_path / "x.tsv")


def test_infer_scale_ambiguity_documented():
    no = np.zeros(1, dtype=bool)
    assert infer_scale(np.array([1.0]), np.array([1.0]), no, no) == "inex2003"
    assert infer_scale(np.array([-1.0]), np.array([0.5]), no, no) == "graded"


values = {
    "inex2003": st.sampled_from([(0.0, 0.0)] + [(float(e), float(s)) for e in (1, 2, 3)
                                               for s in (1, 2, 3)]),
    "inex2005": st.one_of(st.just((0.0, 0.0)), st.tuples(
        st.sampled_from([1.0, 2.0, TOO_SMALL]),
        st.floats(0.001, 1.0, allow_nan=False))),
    "inex2002": st.sampled_from([(0.0, 0.0)] + [(float(e), float(s)) for e in (1, 2, 3)
                                               for s in (1, 2, 3) if (e, s) != (3, 1)]),
    "graded": st.tuples(st.floats(-50, 50, allow_nan=False), st.floats(-50, 50,
                                                                       allow_nan=False)),
}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(values)).flatmap(lambda scale: st.tuples(
    st.just(scale), st.lists(st.tuples(st.sampled_from(["1", "22", "t3"]),
                                       st.sampled_from(["d1", "co/2001/r7022"]),
                                       st.sampled_from(["/article[1]", "/article[1]/bdy[1]",
                                                        "/article[1]/bdy[1]/sec[3]"]),
                                       values[scale],
                                       st.one_of(st.none(), st.integers(0, 10**6))),
                             max_size=12))))
def test_write_read_round_trip(tmp_path_factory, case):
    scale, rows = case
    qrels = Qrels(scale)
    for topic, doc, path, (e, s), size in rows:
        qrels.add_element(topic, doc, path, e, s, None if size is None else float(size))
    path = tmp_path_factory.mktemp("native") / "j.tsv"
    write_native_qrels(qrels, path)
    log = ProblemLog()
    back = read_native_qrels(path, log)
    assert log.errors == []
    assert back.scale == scale and back.topics == qrels.topics
