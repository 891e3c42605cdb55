"""An INEX 2005 element assessment giving both ``specificity`` and ``rsize``/``size`` that
disagree (``specificity='0.9' rsize='5' size='10'``: 0.9 against 5/10 = 0.5): the specificity
was taken silently.  Which is meant is not clear: refused at its line.  Values that agree up to
X-RAI's two-decimal truncation (0.33 beside 1/3) are read as before (the specificity given)."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

POOL = """<assessments topic='1' version='2005'><file name='d1'>
<element path='/article[1]' exhaustivity='2' rsize='5' size='10' specificity='0.9'/>
<element path='/article[1]/p[1]' exhaustivity='2' rsize='1' size='3' specificity='0.33'/>
<element path='/article[1]/p[2]' exhaustivity='1' rsize='4' size='8'/>
</file></assessments>
"""


def test_specificity_and_rsize_over_size_that_disagree_are_an_error(tmp_path):
    (tmp_path / "a.xml").write_text(POOL)
    log = ProblemLog()
    elements = read_qrels(tmp_path / "a.xml", log=log).topics["1"].elements
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error")]
    assert "specificity '0.9' and rsize/size 5/10" in log.problems[0].message
    assert {path: a.s for (_, path), a in elements.items()} == {
        "/article[1]/p[1]": 0.33,  # |0.33 - 1/3| < 0.01: agree, as given
        "/article[1]/p[2]": 0.5}  # 4/8
