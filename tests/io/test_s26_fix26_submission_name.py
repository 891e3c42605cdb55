"""A run is named by its run-id, else by "the file name without extension" -- one rule for
every run format.  An INEX XML submission without run-id was named by its file name up to
the first dot (``my.run.v2.xml`` -> ``my``), while a text run is named by the file name less
its last extension (``my.run.v2.csv`` -> ``my.run.v2``, ``.gz`` removed first).  Now the XML
submission follows the text runs' rule, read whole or streamed."""
from __future__ import annotations

import gzip

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io import read_run

XML = ('<inex-submission>\n<topic topic-id="1">\n<result><file>a</file><path>/article[1]</path>'
       '<rank>1</rank><rsv>1.0</rsv></result>\n</topic>\n</inex-submission>\n')


def test_a_submission_without_run_id_is_named_as_a_text_run(tmp_path):
    (tmp_path / "my.run.v2.xml").write_text(XML)
    (tmp_path / "my.run.v2.xml.gz").write_bytes(gzip.compress(XML.encode()))
    (tmp_path / "plain.xml").write_text(XML)
    (tmp_path / "my.run.v2.csv").write_text("query_id,doc_id,score\n1,a,0.5\n")  # no run column
    assert read_run(tmp_path / "my.run.v2.csv").name == "my.run.v2"
    assert read_run(tmp_path / "my.run.v2.xml").name == "my.run.v2"
    assert read_run(tmp_path / "my.run.v2.xml.gz").name == "my.run.v2"
    assert read_run(tmp_path / "plain.xml").name == "plain"


def test_every_path_names_it_alike(tmp_path):
    (tmp_path / "q.tsv").write_text("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\t"
                                    "specificity\n1\ta\t/article[1]\t3\t3\n")
    (tmp_path / "my.run.v2.xml").write_text(XML)
    outputs = set()
    for extra in ([], ["--stream"], ["--jobs", "2"]):
        got = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.tsv"),
                                       str(tmp_path / "my.run.v2.xml"), "-m", "ESRP(nav=none)@1",
                                       "-q"] + extra)
        assert got.exit_code == 0, got.output
        outputs.add(got.stdout)
    assert len(outputs) == 1
    assert outputs.pop().splitlines()[-1].split("\t")[0] == "my.run.v2"
