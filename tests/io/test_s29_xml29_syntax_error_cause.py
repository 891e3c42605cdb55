"""Malformed XML is reported at its cause: libxml2 goes past some fatal errors (an undeclared
entity reference) and raises a later one.  An INEX XML submission with an XML declaration and
``<file>&d;</file>`` at line 4 was reported as "Start tag expected, '<' not found" at line 1;
now as "Entity 'd' not defined" at line 4, read whole or streamed, and the error log of an
earlier parse never names a later file's error."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError, ProblemLog
from sdreval.io.collection import parse_document
from sdreval.io.inex_submission import read_inex_submission

# libxml2 reads a file in blocks: the error is raised late when the file is longer than one
RUN = ("""<?xml version="1.0" encoding="UTF-8"?>
<inex-submission run-id="r">
<topic topic-id="1">
<result><file>&d;</file><path>/article[1]</path><rank>1</rank><rsv>1</rsv></result>
""" + "".join(f"<result><file>d{i}</file><path>/article[1]/sec[{i}]</path><rank>{i}</rank>"
              f"<rsv>{1 / i}</rsv></result>\n" for i in range(2, 1000)) + """</topic>
</inex-submission>
""")


def test_undeclared_entity_is_named_at_its_line(tmp_path):
    (tmp_path / "r.xml").write_text(RUN)
    log = ProblemLog()
    read_inex_submission(tmp_path / "r.xml", log)
    assert [(p.line, p.message) for p in log.errors] == [
        (4, "malformed XML: Entity 'd' not defined, line 4, column 18")]
    (tmp_path / "q.txt").write_text("1 0 d2 1\n")
    for stream in ("--no-stream", "--stream"):
        said = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.xml"),
                                        "-m", "map", stream])
        assert said.exit_code == 1
        assert f"{tmp_path / 'r.xml'}:4: error: malformed XML: Entity 'd' not defined" \
            in said.stderr, said.stderr


def test_an_earlier_parse_is_not_named(tmp_path):
    (tmp_path / "r.xml").write_text(RUN)
    read_inex_submission(tmp_path / "r.xml", ProblemLog())  # its errors stay in lxml's log
    (tmp_path / "d.xml").write_bytes(b"<a>\n<b>\n</a>\n")
    with pytest.raises(InputError) as info:
        parse_document(tmp_path / "d.xml")
    assert info.value.problems[0].line == 3
    assert info.value.problems[0].message.startswith(
        "malformed XML: Opening and ending tag mismatch: b line 2 and a")
