"""TREC qrels (``qid iter docno rel``): reading, detection, policies, the document-level
conversion of FOL qrels, and evaluation by the classic measures against pytrec_eval's values."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError, ProblemLog, UsageError
from sdreval.io import detect_format, read_qrels, read_run
from reference.qrels import read_trec_qrels_reference

from sdreval.io.trec_qrels import read_trec_qrels
from sdreval.io.writers import write_trec_qrels
from sdreval.judgements.qrels import Qrels


def put(tmp_path, text, name="q.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_reads_graded_document_judgements_with_negative_grades(tmp_path):
    path = put(tmp_path, "# comment\n301 0 FT1 2\n301 0 FT2 0\r\n301 0 FT3 -1\n302 Q0 LA9 1\n")
    log = ProblemLog()
    qrels = read_trec_qrels(path, log)
    assert log.problems == []
    assert qrels.scale == "graded" and list(qrels) == ["301", "302"]
    grades = {doc: a.e for (doc, unit), a in qrels["301"].elements.items()}
    assert grades == {"FT1": 2.0, "FT2": 0.0, "FT3": -1.0}
    assert {unit for (_, unit) in qrels["301"].elements} == {"/article[1]"}
    assert qrels.relevant_topics() == ["301", "302"]


def test_problems_name_file_and_line(tmp_path):
    path = put(tmp_path, "1 0 a 1\n1 0 b x\n1 0 c\n1 0 a 1\n1 0 a 2\n")
    log = ProblemLog()
    qrels = read_trec_qrels(path, log)
    assert [(p.line, p.severity) for p in log.problems] == [
        (2, "error"), (3, "error"), (4, "warning"), (5, "error")]
    assert "relevance 'x' is not an integer" in log.problems[0].message
    assert "expected 4 fields (qid iter docno rel), found 3" in log.problems[1].message
    assert list(qrels["1"].elements) == [("a", "/article[1]")]
    with pytest.raises(InputError, match="q.txt:2"), pytest.warns(UserWarning, match="repeats"):
        read_trec_qrels(path)


@pytest.mark.parametrize("text, kind", [
    ("301 0 FT911-3 1\n301 0 FT911-4 0\n", "trec-qrels"),
    ("1 0 7067032 1\n", "trec-qrels"),          # numeric document ids (MS MARCO)
    ("1 Q0 d 2\n", "trec-qrels"),
    ("2010001 19243417 491 1908\n", "passage-qrels"),  # second field not 0: a passage
    ("1 Q0 d 3 100\n", "fol-qrels"),            # five fields: FOL
    ("1 Q0 d 1 2.5 r\n", "document-run"),
])
def test_detection_against_fol_passage_qrels_and_runs(tmp_path, text, kind):
    assert detect_format(put(tmp_path, text)) == kind


def test_forced_format_and_aliases(tmp_path):
    path = put(tmp_path, "1 7 d 1\n")  # iteration 7: not detected, read when forced
    with pytest.raises(InputError, match=r"unrecognised format.*read_qrels\(\.\.\., fmt='trec'\)"):
        detect_format(path)
    for name in ("trec", "trec-qrels"):
        assert list(read_qrels(path, name)["1"].elements) == [("d", "/article[1]")]


def test_classic_measures_evaluate_document_runs_against_trec_qrels(tmp_path):
    from sdreval.measures.evaluate import evaluate

    qrels = read_qrels(put(tmp_path, "1 0 a 1\n1 0 b 0\n1 0 c 2\n1 0 d -1\n2 0 x 1\n"))
    run = read_run(put(tmp_path, "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 1 r\n1 Q0 d 4 0 r\n"
                                 "2 Q0 y 1 1 r\n2 Q0 x 2 0 r\n", "r.txt"))
    table = evaluate(qrels, run, ["AP", "P@2", "Rprec", "nDCG@3"])
    value = {(t, m): v for t, m, v in zip(table.topic, table.measure, table.value)}
    # pytrec_eval: topic 1 AP = (1/1 + 2/3) / 2, P@2 = 1/2, Rprec = 1/2,
    # nDCG@3 = (1 + 2/log2(4)) / (2 + 1/log2(3)); topic 2 AP = 1/2
    assert value[("1", "AP")] == pytest.approx(5 / 6)
    assert value[("1", "P@2")] == pytest.approx(0.5)
    assert value[("1", "Rprec")] == pytest.approx(0.5)
    assert value[("1", "nDCG@3")] == pytest.approx(2 / (2 + 1 / 1.5849625007211563))
    assert value[("2", "AP")] == pytest.approx(0.5)


def test_fol_qrels_convert_to_document_level_trec_qrels(tmp_path):
    fol = put(tmp_path, "1 Q0 a 10 100 5 0:10\n1 Q0 b 0 100\n2 Q0 c 3 50 0:3\n", "in.qrels")
    out = tmp_path / "out.qrels"
    runner = CliRunner()
    result = runner.invoke(cli, ["convert", str(fol), str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text() == "1 0 a 1\n1 0 b 0\n2 0 c 1\n"
    forced = tmp_path / "forced.txt"
    result = runner.invoke(cli, ["convert", str(fol), str(forced), "--to", "trec-qrels"])
    assert result.exit_code == 0 and forced.read_text() == out.read_text()
    again = read_qrels(out)
    assert again.scale == "graded" and again.relevant_topics() == ["1", "2"]


def test_writer_round_trip_and_refusals(tmp_path):
    qrels = read_trec_qrels(put(tmp_path, "1 0 a 2\n1 0 b -1\n2 0 c 0\n"))
    path = tmp_path / "back.qrels"
    assert write_trec_qrels(qrels, path) == 3
    assert read_trec_qrels(path) == qrels.__class__(qrels.scale, qrels.topics, str(path))
    elements = Qrels("inex2003")
    elements.add_element("1", "d", "/article[1]/sec[1]", 2, 2)
    with pytest.raises(UsageError, match="not a whole document"):
        write_trec_qrels(elements, tmp_path / "x.qrels")


# --- the block parser equals the careful per-line reader -------------------------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

QRELS_LINES = ["1 0 a 1", "1 0 b 0", "1 0 a 1", "1 0 a 2", "2 0 c -1", "2 Q0 d 3", "10 7 e 1",
               "1 0 f x", "1 0 g", "1 0 h 1 extra", "", "  ", "# comment", "1  0 i 1",
               " 1 0 j 1", "1 0 k 1 ", "1\t0\tl\t1", "1 0 m\x0b1", "1 0 né 1",
               "1 0 n 99999999999999999999", "1 0 o +2", "1 0 p 007"]


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(QRELS_LINES), max_size=40), st.booleans(), st.booleans(),
       st.booleans())
def test_block_reader_equals_careful_reader(tmp_path, monkeypatch, lines, crlf, bom, tiny):
    from sdreval.io import columnar

    if tiny:
        monkeypatch.setattr(columnar, "BLOCK_BYTES", 60)
        monkeypatch.setattr(columnar, "CAREFUL_BYTES", 20)
        monkeypatch.setattr(columnar, "ARROW_BLOCK_BYTES", 64)
    data = ("\r\n" if crlf else "\n").join(lines).encode()
    path = tmp_path / "q.qrels"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + data)
    fast_log, careful_log = ProblemLog(), ProblemLog()
    fast = read_trec_qrels(path, fast_log)
    careful = read_trec_qrels_reference(path, careful_log)
    assert fast.topics == careful.topics
    assert fast_log.problems == careful_log.problems
