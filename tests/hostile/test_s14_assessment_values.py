"""INEX XML assessments giving an element's exhaustivity or specificity twice with different
values (two spellings, or an attribute and a child element): the first was taken silently
(e = 3 below, where the element also says 1); now the assessment is refused at its line, as a
submission's result naming two files is. The same value given twice is read."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

XML = """<assessments topic='1' version='2004'><file file='d1'>
<path path='/article[1]' exhaustiveness='3' exhaustivity='1' specificity='3'/>
<path path='/article[1]/bdy[1]' exhaustiveness='2' specificity='2'><specificity>1</specificity></path>
<path path='/article[1]/bdy[1]/sec[1]' exhaustiveness='2' exhaustivity=' 2 ' specificity='1'/>
</file></assessments>
"""


def test_two_values_for_one_dimension_are_an_error(tmp_path):
    (tmp_path / "a.xml").write_text(XML)
    log = ProblemLog()
    qrels = read_qrels(tmp_path / "a.xml", log=log)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error"), (3, "error")]
    assert "exhaustiveness given twice" in log.problems[0].message
    assert "specificity given twice" in log.problems[1].message
    elements = qrels.topics["1"].elements
    assert list(elements) == [("d1", "/article[1]/bdy[1]/sec[1]")]
    assert (elements[("d1", "/article[1]/bdy[1]/sec[1]")].e,
            elements[("d1", "/article[1]/bdy[1]/sec[1]")].s) == (2, 1)
