"""INEX 2005's "too small" is written '?' (Ogilvie & Lalmas 2006, Table 2); an exhaustivity
written -1 (sdreval's internal code for '?') is invalid in INEX XML assessments, as in the
native TSV.  Before, the XML reader took it for '?', and genlifted gave the element s/3."""
from __future__ import annotations

from sdreval.errors import ProblemLog
from sdreval.io.inex_assessments import read_inex_assessments
from sdreval.io.native import read_native_qrels
from sdreval.judgements.qrels import TOO_SMALL

POOL = """<assessments pool="3" topic="5" version="2">
<file collection="ieee" name="d1">
<element path="/article[1]/sec[1]" exhaustivity="?" specificity="0.5"/>
<element path="/article[1]/sec[2]" exhaustivity="-1" specificity="0.5"/>
<element path="/article[1]/sec[3]" exhaustivity="-1.0" size="10" rsize="5"/>
</file>
</assessments>
"""


def test_minus_one_is_not_too_small(tmp_path):
    (tmp_path / "pool-3.xml").write_text(POOL)
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path / "pool-3.xml", log)
    assert {p: (a.e, a.s) for (_, p), a in qrels["5"].elements.items()} == {
        "/article[1]/sec[1]": (TOO_SMALL, 0.5)}
    assert [(p.line, p.message) for p in log.errors] == [
        (4, "topic 5, d1 /article[1]/sec[2]: exhaustivity '-1' is not 0, 1, 2, 3 or '?'; the "
            "assessment is not used"),
        (5, "topic 5, d1 /article[1]/sec[3]: exhaustivity '-1.0' is not 0, 1, 2, 3 or '?'; the "
            "assessment is not used")]
    (tmp_path / "n.tsv").write_text("# scale=inex2005\n5\td1\t/article[1]/sec[2]\t-1\t0.5\n")
    log = ProblemLog()
    read_native_qrels(tmp_path / "n.tsv", log)
    assert [p.line for p in log.errors] == [2]
