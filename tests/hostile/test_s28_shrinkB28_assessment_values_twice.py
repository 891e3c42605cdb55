"""INEX XML assessments giving an element's INEX 2002 relevance or coverage, or its INEX 2005
size or relevant size (rsize), twice with different values (two spellings of one name, or an
attribute and a child element): one of them was taken silently (relevance 2 below, where the
element also says 3; size 20 where it also says 10, so s = rsize/size halved).  The
assessment is now refused at its line, as exhaustivity and specificity given twice are.  The
same value given twice is read."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

Y2002 = """<assessments topic='1'><file file='d1'>
<path path='/article[1]' relevance='3' Relevance='2' coverage='E'/>
<path path='/article[1]/sec[1]' relevance='2' coverage='S'><coverage>L</coverage></path>
<path path='/article[1]/sec[2]' relevance='2' REL='2' coverage='S'/>
</file></assessments>
"""

Y2005 = """<assessments topic='1' version='2005'><file name='d1'>
<element path='/article[1]' exhaustivity='2' rsize='5' size='10' SIZE='20'/>
<element path='/article[1]/sec[1]' exhaustivity='1' rsize='4' size='8'><rsize>2</rsize>
</element>
<element path='/article[1]/sec[2]' exhaustivity='1' rsize='4' size='8' length=' 8 '/>
</file></assessments>
"""


def _read(tmp_path, text):
    (tmp_path / "a.xml").write_text(text)
    log = ProblemLog()
    return read_qrels(tmp_path / "a.xml", log=log).topics["1"].elements, log


def test_inex2002_relevance_or_coverage_twice_is_an_error(tmp_path):
    elements, log = _read(tmp_path, Y2002)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error"), (3, "error")]
    assert "relevance given twice" in log.problems[0].message
    assert "coverage given twice" in log.problems[1].message
    assert list(elements) == [("d1", "/article[1]/sec[2]")]
    assert elements[("d1", "/article[1]/sec[2]")].e == 2


def test_inex2005_size_or_rsize_twice_is_an_error(tmp_path):
    elements, log = _read(tmp_path, Y2005)
    assert [(p.line, p.severity) for p in log.problems] == [(2, "error"), (3, "error")]
    assert "size given twice" in log.problems[0].message
    assert "rsize given twice" in log.problems[1].message
    assert list(elements) == [("d1", "/article[1]/sec[2]")]
    assessed = elements[("d1", "/article[1]/sec[2]")]
    assert (assessed.e, assessed.s, assessed.size) == (1, 4 / 8, 8)
