"""Document-level measures (AP, nDCG ...) on graded span judgements read a document with gold
text as relevant with grade 1 (docs/rag.md: grades are used by SpanNDCG and SpanDocNDCG only),
while ``convert --to trec-qrels`` writes each document's highest grade: nDCG@2 below is 1 on
the span qrels and 0.8597 on their TREC qrels, and nothing said so.  A warning now states the
rule and where the grades are used."""
from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

#: document a: grade 2, b: grade 1; the run ranks b first
QRELS = ('{"query_id":"q1","doc_id":"a","start":0,"end":10,"relevance":2}\n'
         '{"query_id":"q1","doc_id":"b","start":0,"end":10,"relevance":1}\n')
RUN = "q1 Q0 b 1 2 r\nq1 Q0 a 2 1 r\n"
SAID = "qrels: the span judgements are graded, but document-level measures"


def _eval(tmp_path, qrels, *args):
    (tmp_path / "run.txt").write_text(RUN)
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(tmp_path / "run.txt"), *args])
    assert result.exit_code == 0, result.output
    return result


def test_graded_span_qrels_say_documents_are_binary(tmp_path):
    spans = tmp_path / "q.jsonl"
    spans.write_text(QRELS)
    binary = _eval(tmp_path, spans, "-m", "nDCG@2")
    assert SAID in binary.stderr
    assert binary.stdout == "r\tnDCG@2\tall\t1.0000\n"  # both documents grade 1: ideal order
    converted = CliRunner().invoke(cli, ["convert", str(spans), str(tmp_path / "q.trec"),
                                         "--to", "trec-qrels"])
    assert converted.exit_code == 0, converted.output
    graded = _eval(tmp_path, tmp_path / "q.trec", "-m", "nDCG@2")
    # DCG = 1/log2(2) + 2/log2(3), ideal 2/log2(2) + 1/log2(3)
    expected = (1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3))
    assert float(graded.stdout.split()[-1]) == pytest.approx(expected, abs=5e-5)
    assert SAID not in graded.stderr


def test_binary_span_qrels_say_nothing(tmp_path):
    spans = tmp_path / "q.jsonl"
    spans.write_text(QRELS.replace('"relevance":2', '"relevance":1'))
    assert SAID not in _eval(tmp_path, spans, "-m", "nDCG@2").stderr
