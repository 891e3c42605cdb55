"""TREC qrels with numeric document ids and an iteration field other than 0 (``1 1 5 1``) fit
passage qrels too (``topic doc offset length``): read as passages, every judgement fell into
one document named by the iteration and ``map`` was printed with exit 0 (0.5 here, trec_eval
0.9167).  Detection now refuses such a file as ambiguous and names both formats."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.detect import detect_format

# qid iter docno rel; the run ranks 5, 1, 3 for topic 1 and 7, 1 for topic 2
QRELS = "1 1 5 1\n1 1 2 0\n1 1 3 2\n2 1 7 1\n"
RUN = "1 Q0 5 1 3 r\n1 Q0 1 2 2 r\n1 Q0 3 3 1 r\n2 Q0 7 1 1 r\n2 Q0 1 2 1 r\n"


def _eval(tmp_path, *extra: str):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.txt"),
                                    "-m", "map", "-q", *extra])


def test_iteration_one_with_numeric_docnos_is_refused_as_ambiguous(tmp_path):
    result = _eval(tmp_path)
    assert result.exit_code == 1, result.output  # was 0, map 0.5000 (passages of document 1)
    assert "ambiguous format" in result.output
    assert "--qrels-format trec" in result.output and "--qrels-format passages" in result.output


def test_named_trec_format_gives_trec_eval_numbers(tmp_path):
    result = _eval(tmp_path, "--qrels-format", "trec")
    assert result.exit_code == 0, result.output
    # trec_eval: topic 1 relevant 5 (rank 1) and 3 (rank 3): AP = (1/1 + 2/3) / 2 = 5/6;
    # topic 2 relevant 7 at rank 1: AP = 1; mean 11/12
    assert "r\tmap\t1\t0.8333" in result.output
    assert "r\tmap\t2\t1.0000" in result.output
    assert "r\tmap\tall\t0.9167" in result.output


def test_passage_qrels_are_still_detected(tmp_path):
    path = tmp_path / "p.txt"
    # INEX 2010 passages (documents differ), and one document's passages (lengths no grades)
    for text in ("2010001 19243417 491 1908\n2010001 3256433 242 809\n",
                 "2010001 19243417 491 1908\n2010001 19243417 2801 25\n",
                 "1 d1 0 5\n1 d1 9 3\n"):
        path.write_text(text)
        assert detect_format(path) == "passage-qrels", text
