"""An INEX XML element assessment giving both INEX 2002 relevance/coverage and INEX 2003-2007
exhaustivity/specificity (or rsize): the 2002 pair was taken silently ((3, E) below, where the
element also says e = 1, s = 1), and the file was read on the 2002 scale.  Which is meant is not
clear: the assessment is refused at its line; elements of one scale are read as before."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

POOL = """<assessments topic='1'><file file='d1'>
<path path='/article[1]' relevance='3' coverage='E' exhaustiveness='1' specificity='1'/>
<path path='/article[1]/sec[1]' relevance='2' coverage='S'/>
</file></assessments>
"""


def test_relevance_coverage_beside_exhaustivity_specificity_is_an_error(tmp_path):
    (tmp_path / "a.xml").write_text(POOL)
    log = ProblemLog()
    qrels = read_qrels(tmp_path / "a.xml", log=log)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error")]
    assert "relevance/coverage beside exhaustivity" in log.problems[0].message
    assert qrels.scale == "inex2002"
    assert list(qrels.topics["1"].elements) == [("d1", "/article[1]/sec[1]")]
