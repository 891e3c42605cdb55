"""A passage run against element judgements (INEX 2002-2006 native qrels) has no reading for
the document-level families: a passage is not an element, and element judgements say nothing
of a document as a whole.  Each passage was matched as its document's root element, a repeat
scored non-relevant, with no word said: AP 0.125 and inex_eval 0.1084 with exit 0 on the files
below.  It is refused, as the XCG measures and the passage measures refuse it."""
from __future__ import annotations

import subprocess

import pytest

QRELS = "1 doc1 /article[1]/sec[1] 2 2\n1 doc2 /article[1] 1 1\n"
PASSAGES = "1 Q0 doc1 1 0.9 r 0 100\n1 Q0 doc1 2 0.8 r 200 50\n1 Q0 doc3 3 0.7 r 0 10\n" \
           "1 Q0 doc2 4 0.6 r 0 10\n"
DOCUMENTS = "1 Q0 doc1 1 0.9 r\n1 Q0 doc3 2 0.7 r\n1 Q0 doc2 3 0.6 r\n"


def _eval(sdreval_cli, tmp_path, run: str, *measures: str) -> subprocess.CompletedProcess:
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(run)
    args = [a for m in measures for a in ("-m", m)]
    return sdreval_cli("eval", tmp_path / "q.txt", tmp_path / "r.txt", *args)


@pytest.mark.parametrize("measure", ["AP", "P@2", "nDCG@10", "inex_eval"])
def test_a_passage_run_on_element_judgements_is_refused(sdreval_cli, tmp_path, measure):
    done = _eval(sdreval_cli, tmp_path, PASSAGES, measure)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    assert "passage run" in done.stderr and "judge elements" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_same_documents_as_a_document_run_are_evaluated(sdreval_cli, tmp_path):
    # the article of doc2 is judged relevant; doc1 only in a section, which a document run
    # (its article) does not retrieve: R = 2 elements, one found at rank 3, AP = (1/3) / 2
    done = _eval(sdreval_cli, tmp_path, DOCUMENTS, "AP")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["r", "AP", "all", f"{1 / 3 / 2:.4f}"]


def test_the_api_refuses_it_too(tmp_path):
    import sdreval
    from sdreval.errors import UsageError

    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(PASSAGES)
    with pytest.raises(UsageError, match="passage run"):
        sdreval.evaluate(sdreval.read_qrels(tmp_path / "q.txt"),
                         sdreval.read_run(tmp_path / "r.txt"), ["AP"])
