"""TREC-like run reader and writer: layouts, policies (docs/inputs.md), round trips."""
from __future__ import annotations

import gzip
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from sdreval.errors import InputError, ProblemLog
from sdreval.io.textlines import InputWarning
from sdreval.io.trec import read_trec_run
from sdreval.io.writers import write_run
from sdreval.model.run import Ranking, Run


def write(tmp_path, text, name="run.txt", mode="w"):
    path = tmp_path / name
    if mode == "wb":
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def messages(log, severity=None):
    return [(p.line, p.message) for p in log.problems if severity in (None, p.severity)]


def test_element_run_canonical_paths_and_columns(tmp_path):
    path = write(tmp_path, "1 Q0 d1 1 2.5 myrun /article/bdy/sec[6]\n"
                           "1 Q0 d2 2 1.5 myrun /article[1]\n"
                           "2 Q0 d1 1 0.5 myrun /article[1]/bdy[1]\n")
    log = ProblemLog()
    run = read_trec_run(path, "element", log)
    assert log.problems == []
    assert run.name == "myrun" and run.unit == "element" and list(run.topics) == ["1", "2"]
    r = run["1"]
    assert list(r.docs) == ["d1", "d2"]
    assert list(r.paths) == ["/article[1]/bdy[1]/sec[6]", "/article[1]"]
    assert r.ranks.tolist() == [1, 2] and r.rsv.tolist() == [2.5, 1.5]
    assert r.offsets.tolist() == [-1, -1] and r.unit == "element"


def test_passage_and_document_runs(tmp_path):
    p = write(tmp_path, "7 Q0 d 1 -0.5 r 10 20\n7 Q0 d 2 -0.6 r 40 5\n", "p.run")
    run = read_trec_run(p, "passage")
    assert run.unit == "passage"
    assert run["7"].offsets.tolist() == [10, 40] and run["7"].lengths.tolist() == [20, 5]
    assert list(run["7"].paths) == [None, None]
    d = write(tmp_path, "7 Q0 d 1 3 r\n7 Q0 e 2 2 r\n", "d.run")
    run = read_trec_run(d, "document")
    assert run.unit == "document" and list(run["7"].paths) == ["/article[1]", "/article[1]"]


def test_malformed_lines_are_each_reported_with_file_and_line(tmp_path):
    path = write(tmp_path, "1 Q0 d1 1 2.5 r /article[1]\n"
                           "1 Q0 d1 2 2.5 r\n"                   # 6 fields
                           "1 Q0 d2 x 2.5 r /article[1]\n"        # rank
                           "1 Q0 d3 3 abc r /article[1]\n"        # rsv
                           "1 Q0 d4 4 nan r /article[1]\n"        # non-finite
                           "1 Q0 d5 5 1.0 r /article//p\n"        # xpath
                           "1 Q0 d6 6 1.0 r /article[0]\n"        # xpath index
                           "1 Q0 d7 7 1.0 r /article[1]/p[2]\n")
    log = ProblemLog()
    run = read_trec_run(path, "element", log)
    errors = log.errors
    assert [p.line for p in errors] == [2, 3, 4, 5, 6, 7]
    assert all(p.file == str(path) for p in errors)
    assert "expected 7 fields" in errors[0].message
    assert "rank 'x'" in errors[1].message and "rsv 'abc'" in errors[2].message
    assert "malformed XPath" in errors[4].message
    assert list(run["1"].docs) == ["d1", "d7"]  # bad lines reported, good ones kept


def test_passage_offsets_must_be_non_negative_integers(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 1 r -3 5\n1 Q0 d 2 1 r 3 -5\n1 Q0 d 3 1 r 3.5 5\n"
                           "1 Q0 d 4 1 r 3 0\n")
    log = ProblemLog()
    run = read_trec_run(path, "passage", log)
    assert [p.line for p in log.errors] == [1, 2, 3]
    assert [p.line for p in log.warnings] == [4]  # empty passage: kept, warned
    assert len(run["1"]) == 1


def test_strict_log_raises_at_first_error(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 1 r /a\n1 Q0 d x 1 r /a\n1 Q0 d y 1 r /a\n")
    with pytest.raises(InputError) as info:
        read_trec_run(path, "element", ProblemLog(strict=True))
    assert [p.line for p in info.value.problems] == [2]


def test_without_log_all_errors_are_raised_at_the_end(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 1 r /a\n1 Q0 d x 1 r /a\n1 Q0 d y 1 r /a\n")
    with pytest.raises(InputError) as info:
        read_trec_run(path, "element")
    assert [p.line for p in info.value.problems] == [2, 3]
    assert f"{path}:2" in str(info.value)


def test_without_log_warnings_become_python_warnings(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 1 r /a\n1 Q0 d 2 1 r /a\n")
    with pytest.warns(InputWarning, match="repeats line 1"):
        run = read_trec_run(path, "element")
    assert len(run["1"]) == 2


def test_repeated_results_are_kept_and_warned(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 3 r /a/b\n1 Q0 e 2 2 r /a/b\n1 Q0 d 3 1 r /a[1]/b[1]\n"
                           "2 Q0 d 1 1 r /a/b\n")
    log = ProblemLog()
    run = read_trec_run(path, "element", log)
    assert messages(log) == [(3, "topic 1: result d /a[1]/b[1] repeats line 1 (kept; measures "
                                 "decide how a repeat counts)")]
    assert len(run["1"]) == 3 and len(run["2"]) == 1


def test_ranks_out_of_order_keep_file_order_with_one_warning_per_topic(tmp_path):
    path = write(tmp_path, "1 Q0 a 3 1 r /x\n1 Q0 b 2 2 r /x\n1 Q0 c 4 0 r /x\n"
                           "1 Q0 d 1 0 r /x\n2 Q0 a 1 1 r /x\n")
    log = ProblemLog()
    run = read_trec_run(path, "element", log)
    assert list(run["1"].docs) == ["a", "b", "c", "d"]
    assert [p.line for p in log.warnings] == [2]
    assert "2 line(s)" in log.warnings[0].message
    assert list(run["1"].ordered("rank").docs) == ["d", "b", "a", "c"]


def test_overlapping_passages_warned_with_both_lines(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 1 r 0 100\n1 Q0 e 2 1 r 0 100\n1 Q0 d 3 1 r 200 10\n"
                           "1 Q0 d 4 1 r 50 10\n1 Q0 d 5 1 r 100 100\n1 Q0 d 6 1 r 205 1\n")
    log = ProblemLog()
    read_trec_run(path, "passage", log)
    found = sorted(messages(log, "warning"))
    assert [line for line, _ in found] == [4, 6]
    assert "50:10 overlaps 0:100 (line 1)" in found[0][1]
    assert "205:1 overlaps 200:10 (line 3)" in found[1][1]


def test_run_names_first_run_id_warns_on_others_else_file_stem(tmp_path):
    path = write(tmp_path, "1 Q0 d 1 1 A /x\n1 Q0 e 2 1 B /x\n1 Q0 f 3 1 A /x\n")
    log = ProblemLog()
    assert read_trec_run(path, "element", log).name == "A"
    assert [p.line for p in log.warnings] == [2]
    empty = write(tmp_path, "\n# nothing\n", "my.run.txt")
    log = ProblemLog()
    run = read_trec_run(empty, "element", log)
    assert run.name == "my.run" and len(run) == 0 and "no results" in log.warnings[0].message


def test_crlf_bom_gzip_and_non_utf8(tmp_path):
    data = "\ufeff1 Q0 d 1 1 r /x\r\n1 Q0 e 2 1 r /y\r\n".encode("utf-8")
    assert len(read_trec_run(write(tmp_path, data, "a.txt", "wb"), "element")["1"]) == 2
    gz = tmp_path / "b.txt.gz"
    gz.write_bytes(gzip.compress(data))
    assert list(read_trec_run(gz, "element")["1"].paths) == ["/x[1]", "/y[1]"]
    bad = write(tmp_path, b"1 Q0 d 1 1 r /x\n1 Q0 \xff 2 1 r /y\n", "c.txt", "wb")
    log = ProblemLog()
    read_trec_run(bad, "element", log)
    assert [(p.line, "not UTF-8" in p.message) for p in log.errors] == [(2, True)]


def test_truncated_gzip_is_an_input_error(tmp_path):
    gz = tmp_path / "t.txt.gz"
    gz.write_bytes(gzip.compress(b"".join(b"1 Q0 d%d 1 1 r /x\n" % i for i in range(1000)))[:-30])
    with pytest.raises(InputError):
        read_trec_run(gz, "element")


ids = st.text("abcdefghij0123456789", min_size=1, max_size=6)
steps = st.lists(st.tuples(st.sampled_from(["article", "bdy", "sec", "p"]),
                           st.integers(1, 9)), min_size=1, max_size=4)
rsvs = st.floats(allow_nan=False, allow_infinity=False, width=64)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(ids, st.lists(st.tuples(ids, steps, st.integers(0, 10**6),
                                                st.integers(0, 10**6), rsvs),
                                      min_size=1, max_size=8), min_size=1, max_size=4),
       st.sampled_from(["element", "passage", "document"]))
def test_write_read_round_trip(tmp_path_factory, topics, layout):
    from sdreval.model.xpath import format_steps

    rankings = {}
    for topic, rows in topics.items():
        rankings[topic] = Ranking.from_results(
            [(doc, format_steps(tuple(s)) if layout == "element" else
              ("/article[1]" if layout == "document" else None),
              o if layout == "passage" else -1, n if layout == "passage" else -1, i + 1, rsv)
             for i, (doc, s, o, n, rsv) in enumerate(rows)], layout)
    run = Run("sys1", rankings, layout)
    path = tmp_path_factory.mktemp("rt") / "run.txt"
    write_run(run, path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", InputWarning)  # repeats/overlaps are legitimate here
        back = read_trec_run(path, layout)
    assert back.name == "sys1" and back.unit == layout and list(back.topics) == list(rankings)
    for topic, ranking in rankings.items():
        got = back[topic]
        for column in ("docs", "paths", "offsets", "lengths", "ranks"):
            assert list(getattr(got, column)) == list(getattr(ranking, column))
        assert np.array_equal(got.rsv, ranking.rsv)


# --- one validation for files and XML (issue 11, item 12) -----------------------------------
@pytest.mark.parametrize("layout, tail", [("element", " /article[1]"), ("passage", " 0 10")])
def test_ranks_below_one_are_refused_as_in_inex_xml(tmp_path, layout, tail):
    path = write(tmp_path, f"1 Q0 d 1 3 r{tail}\n1 Q0 e 0 2 r{tail}\n1 Q0 f -4 1 r{tail}\n")
    log = ProblemLog()
    run = read_trec_run(path, layout, log)
    assert messages(log, "error") == [(2, "rank '0' is not a positive integer (element and "
                                          "passage runs count ranks from 1, as INEX "
                                          "submissions: add 1 to ranks counted from 0)"),
                                      (3, "rank '-4' is not a positive integer")]
    assert list(run.get("1").docs) == ["d"]


def test_document_runs_accept_rank_zero_but_not_negative_ranks(tmp_path):
    path = write(tmp_path, "1 Q0 d 0 3 r\n1 Q0 e 1 2 r\n1 Q0 f -1 1 r\n")
    log = ProblemLog()
    run = read_trec_run(path, "document", log)
    assert messages(log, "error") == [(3, "rank '-1' is negative")]
    assert list(run.get("1").ranks) == [0, 1]


def test_passage_beyond_the_supported_positions_is_refused_where_eval_would_fail(tmp_path):
    from sdreval.io.textlines import CHAR_LIMIT
    from sdreval.measures.passage.kernels import BAND

    assert CHAR_LIMIT == BAND  # the reader refuses what the passage measures cannot index
    path = write(tmp_path, "1 Q0 d 1 3 r 5000000000 20\n1 Q0 d 2 2 r 4294967277 20\n"
                           "1 Q0 d 3 2 r 4294967270 20\n")
    log = ProblemLog()
    run = read_trec_run(path, "passage", log)
    assert [line for line, _ in messages(log, "error")] == [1, 2]
    assert "ends beyond 4294967295 characters" in messages(log, "error")[0][1]
    assert list(run.get("1").offsets) == [4294967270]
