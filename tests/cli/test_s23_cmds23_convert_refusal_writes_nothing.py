"""A conversion refused half-way leaves no output file (and an earlier one as it was): a
user must not find an empty or cut qrels file and evaluate it."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SPANS = ('{"query_id": "t", "doc_id": "a", "start": 0, "end": 10, "relevance": 1}\n'
         '{"query_id": "t", "doc_id": "b", "start": 0, "end": 10, "relevance": 1}\n')


def test_fol_without_document_lengths_writes_no_file(tmp_path):
    (tmp_path / "q.jsonl").write_text(SPANS)
    out = tmp_path / "q.fol"
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "q.jsonl"), str(out)])
    assert result.exit_code == 2 and "need the document length" in result.stderr
    assert not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["q.jsonl"]  # no partial file either


def test_refusal_keeps_an_earlier_output(tmp_path):
    (tmp_path / "q.jsonl").write_text(SPANS)
    out = tmp_path / "q.fol"
    out.write_text("t Q0 a 10 100 0:10\n")
    CliRunner().invoke(cli, ["convert", str(tmp_path / "q.jsonl"), str(out)])
    assert out.read_text() == "t Q0 a 10 100 0:10\n"


def test_element_qrels_below_the_root_refused_for_trec_writes_no_file(tmp_path):
    native = ("# sdreval native judgements\n# scale=inex2003\n"
              "topic\tfile\tpath\texhaustivity\tspecificity\tsize\n"
              "1\td1\t/article[1]\t2\t2\t100\n"       # a whole document: written first
              "1\td2\t/article[1]/sec[1]\t3\t3\t50\n")  # an element: TREC qrels refuse it
    (tmp_path / "q.tsv").write_text(native)
    out = tmp_path / "q.trec"
    result = CliRunner().invoke(cli, ["convert", str(tmp_path / "q.tsv"), str(out),
                                      "--to", "trec-qrels"])
    assert result.exit_code == 2 and "is not a whole document" in result.stderr
    assert not out.exists()
