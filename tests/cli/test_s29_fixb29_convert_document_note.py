"""`convert --to document` of an element run said its values were kept 'as document-level
measures read this run'; on element judgements they are not (each element is scored as
itself, Vu & Gallinari 2005).  The warning now says on which judgements the values are kept."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = ("# scale=graded\ntopic\tfile\tpath\texhaustivity\tspecificity\n"
         "1\td1\t/article[1]/sec[1]\t1\t1\n1\td2\t/article[1]\t0\t0\n")
RUN = "1 Q0 d2 1 2 r /article[1]\n1 Q0 d1 2 1 r /article[1]/sec[1]\n"


def _ap(qrels, run) -> str:
    result = CliRunner().invoke(cli, ["eval", "-m", "AP", str(qrels), str(run)])
    assert result.exit_code == 0, result.output
    return [line.split("\t")[3] for line in result.output.splitlines()
            if line.startswith("r\tAP\tall")][0]


def test_convert_to_document_says_element_judgements_give_other_values(tmp_path):
    qrels, run, out = tmp_path / "q.tsv", tmp_path / "r.txt", tmp_path / "d.txt"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    result = CliRunner().invoke(cli, ["convert", str(run), str(out), "--to", "document"])
    assert result.exit_code == 0, result.output
    assert [line.split()[2] for line in out.read_text().splitlines()] == ["d2", "d1"]
    # the one relevant element (d1's sec) at rank 2 of 2, R = 1: AP = 1/2; the document run
    # ranks d1's root, not assessed: nothing relevant found, AP = 0
    assert (_ap(qrels, run), _ap(qrels, out)) == ("0.5000", "0.0000")
    text = " ".join(result.output.split())
    assert "as document-level measures read this run" not in text  # the old claim
    assert "not on element judgements" in text
    assert "judgements of whole documents (TREC or FOL qrels)" in text
