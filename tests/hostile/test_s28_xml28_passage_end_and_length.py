"""An INEX XML assessment passage given by character offsets with both ``end`` and ``length``
that disagree (``start='10' end='20' length='5'``): the length was taken silently, so the
passage was 10..15 where its end says 10..20.  Which is meant is not clear: the passage is
refused at its line.  End and length that agree (10 + 10 = 20), or either alone, are read."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

POOL = """<assessments topic='1'>
<file file='d1'><passage start='10' end='20' length='5'/></file>
<file file='d2'><passage start='10' end='20' length='10'/></file>
<file file='d3'><passage offset='10' end='15'/><passage offset='30' length='4'/></file>
</assessments>
"""


def test_end_and_length_that_disagree_are_an_error(tmp_path):
    (tmp_path / "a.xml").write_text(POOL)
    log = ProblemLog()
    passages = read_qrels(tmp_path / "a.xml", log=log).topics["1"].passages
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error")]
    assert "end '20' and length '5' say different things" in log.problems[0].message
    assert {doc: dp.ranges for doc, dp in passages.items()} == {
        "d2": [(10, 10)],  # 20 - 10 = 10 = length
        "d3": [(10, 5), (30, 4)]}  # 15 - 10 = 5; length 4
