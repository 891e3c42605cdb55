"""A judged document whose only highlighted passage is empty (FOL ``d1 0 100 10:0``, or an INEX
XML ``<passage start='10' length='0'/>``) highlights nothing: relchars 0, judged non-relevant
(FOL: a document is relevant when relchars > 0).  It counted as relevant for every
document-level measure (P@1 1.0 where the run's first document has no relevant character),
for the topics "with something relevant" and in `convert --to trec-qrels`, while the FOL
reader said the passage was "ignored"."""
from __future__ import annotations

import warnings

from click.testing import CliRunner

from sdreval import evaluate
from sdreval.cli.main import cli
from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

FOL = "1 Q0 d1 0 100 10:0\n1 Q0 d2 20 100 0:20\n2 Q0 d3 0 100 5:0\n"
XML = """<assessments topic="1" version="2005">
<file name="d1"><passage start="10" length="0"/></file>
<file name="d2"><passage start="0" length="20"/></file>
</assessments>
"""
RUN = "1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n2 Q0 d3 1 1 r\n"


def _values(qrels, run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = evaluate(qrels, run, ["P@1", "AP"], per_topic=True, quant="anyrel")
    return {(m, t): round(v, 6) for m, t, v in zip(table["measure"], table["topic"],
                                                   table["value"])}


def test_an_empty_passage_makes_no_document_relevant(tmp_path):
    (tmp_path / "q.fol").write_text(FOL)
    (tmp_path / "a.xml").write_text(XML)
    (tmp_path / "r.txt").write_text(RUN)
    # topic 1: only d2 is relevant, at rank 2: P@1 = 0, AP = (1/2) / 1; topic 2 has nothing
    # relevant (left out of the means)
    expected = {("P@1", "1"): 0.0, ("AP", "1"): 0.5, ("P@1", "all"): 0.0, ("AP", "all"): 0.5}
    for source in ("q.fol", "a.xml"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            qrels = read_qrels(tmp_path / source)
        got = _values(qrels, str(tmp_path / "r.txt"))
        assert {k: v for k, v in got.items() if k[1] != "2" and v == v} == expected, source
        passages = qrels.topics["1"].passages
        assert not passages["d1"].is_relevant and passages["d2"].is_relevant
    log = ProblemLog()
    read_qrels(tmp_path / "a.xml", log=log)
    assert [(p.line, p.severity, p.message) for p in log.problems] == [
        (2, "warning", "topic 1, d1: empty passage 10:0 (ignored)")]
    said = CliRunner().invoke(cli, ["convert", str(tmp_path / "q.fol"), "-", "--to",
                                    "trec-qrels"])
    assert said.stdout.splitlines() == ["1 0 d1 0", "1 0 d2 1", "2 0 d3 0"]
