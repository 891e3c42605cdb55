"""A native TSV's ``# scale=`` directive was read only from the comment lines above the first
other line: written under the header line (or after data lines) it was silently ignored and
the scale inferred instead -- all-integer values e <= 2, s <= 1 read as ``inex2003`` (the
documented ambiguity the directive exists to settle), so quantisations gave other numbers
(``strict`` of INEX 2003 ran, and found nothing relevant, where INEX 2005 judgements refuse
it).  A comment line is one wherever it is: the directive now holds anywhere in the file; two
directives naming different scales are an error at the second."""
from __future__ import annotations

import pytest

from sdreval.errors import ProblemLog
from sdreval.io import read_qrels

HEADER = "topic\tfile\tpath\texhaustivity\tspecificity\n"
ROWS = ["1\td1\t/article[1]\t2\t1\n", "1\td1\t/article[1]/bdy[1]\t1\t1\n",
        "1\td2\t/article[1]\t1\t1\n"]
DIRECTIVE = "# scale=inex2005\n"


@pytest.mark.parametrize("text", [
    DIRECTIVE + HEADER + "".join(ROWS),  # at the top (read before too)
    HEADER + DIRECTIVE + "".join(ROWS),  # under the header
    HEADER + ROWS[0] + DIRECTIVE + "".join(ROWS[1:]),  # after a data line
    "".join(ROWS) + DIRECTIVE,  # at the end
])
def test_the_directive_holds_wherever_it_is(tmp_path, text):
    (tmp_path / "q.tsv").write_text(text)
    assert read_qrels(tmp_path / "q.tsv").scale == "inex2005"


def test_without_it_the_values_read_as_inex2003(tmp_path):
    (tmp_path / "q.tsv").write_text(HEADER + "".join(ROWS))
    assert read_qrels(tmp_path / "q.tsv").scale == "inex2003"


def test_two_directives_naming_different_scales_are_an_error(tmp_path):
    (tmp_path / "q.tsv").write_text(DIRECTIVE + "".join(ROWS[:2]) + "# scale=inex2003\n"
                                    + ROWS[2])
    log = ProblemLog()
    read_qrels(tmp_path / "q.tsv", log=log)
    assert [(p.line, "a second # scale= directive" in p.message) for p in log.errors] == [
        (4, True)]
