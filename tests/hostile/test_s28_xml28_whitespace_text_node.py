"""X-RAI's ``whitespace-text-node`` attribute (``keep`` or ``strip``, from November 2007) in
another case or with another value: ``STRIP`` was read as keep, so ``text()[1]`` named the
whitespace-only text node and the highlighted passage moved (2..3 instead of 5..6 below),
silently.  The value is now read case-insensitively; any value but keep or strip is an error
and the file is not read (how ``text()[k]`` counts is not clear)."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io import read_collection
from sdreval.io.inex_assessments import read_inex_assessments

DOC = "<article><p>ab</p> <p>cd</p>x</article>"  # text nodes of article: ' ' (2..3), 'x' (5..6)
POOL = """<assessments topic='1' whitespace-text-node='{}'><file file='d1'>
<passage start='/article[1]/text()[1].0' end='/article[1]/text()[1].1'/></file></assessments>
"""


def _read(tmp_path, value):
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "d1.xml").write_text(DOC)
    (tmp_path / "a.xml").write_text(POOL.format(value))
    log = ProblemLog()
    qrels = read_inex_assessments(tmp_path / "a.xml", log,
                                  collection=read_collection(tmp_path / "docs"))
    return qrels, log


@pytest.mark.parametrize("value, expected", [("strip", (5, 1)), ("STRIP", (5, 1)),
                                             ("Keep", (2, 1)), ("keep", (2, 1))])
def test_keep_or_strip_in_any_case(tmp_path, value, expected):
    qrels, log = _read(tmp_path, value)
    assert log.errors == []
    assert qrels.topics["1"].passages["d1"].ranges == [expected]


def test_another_value_is_an_error(tmp_path):
    qrels, log = _read(tmp_path, "yes")
    assert [(p.line, p.severity) for p in log.errors] == [(1, "error")]
    assert "whitespace-text-node='yes'" in log.errors[0].message
    assert not qrels.topics
