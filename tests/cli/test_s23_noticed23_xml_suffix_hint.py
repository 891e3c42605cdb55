"""An INEX element run naming documents by file name (``d1.xml``) against assessments without
the extension (``d1``), or the reverse: every result was "of documents not assessed" with no
word of the likely cause.  A warning now names it; ids are still compared as written (the
scores stay 0), and a run cut into topic partitions (--jobs) warns as the whole run does."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = ("# scale=inex2003\ntopic\tfile\tpath\texhaustivity\tspecificity\n"
         "1\t{d1}\t/article[1]\t2\t2\n1\t{d1}\t/article[1]/sec[1]\t3\t3\n"
         "2\t{d2}\t/article[1]\t1\t1\n")
RUN = "1 Q0 {d1} 1 2 r /article[1]/sec[1]\n2 Q0 {d2} 1 1 r /article[1]\n"
PLAIN = {"d1": "d1", "d2": "d2"}
XML = {"d1": "d1.xml", "d2": "d2.xml"}


def _eval(tmp_path, run_ids, qrels_ids, *more):
    (tmp_path / "q.tsv").write_text(QRELS.format(**qrels_ids))
    (tmp_path / "run").write_text(RUN.format(**run_ids))
    return CliRunner().invoke(cli, ["eval", str(tmp_path / "q.tsv"), str(tmp_path / "run"),
                                    *more])


@pytest.mark.parametrize("measure", ["nxCG@2", "AP"])
@pytest.mark.parametrize("run_ids, qrels_ids, change", [(XML, PLAIN, "removed from"),
                                                        (PLAIN, XML, "added to")])
def test_a_warning_names_the_xml_suffix(tmp_path, measure, run_ids, qrels_ids, change):
    result = _eval(tmp_path, run_ids, qrels_ids, "-m", measure)
    assert result.exit_code == 0, result.output
    assert f"would be judged with '.xml' {change} their document ids" in result.output
    assert "ids are compared as written" in result.output
    assert "\t0.0000" in result.output  # still compared as written: nothing matched


def test_partitions_warn_as_the_whole_run(tmp_path):
    serial = _eval(tmp_path, XML, PLAIN, "-m", "nxCG@2", "-m", "AP", "-q")
    parallel = _eval(tmp_path, XML, PLAIN, "-m", "nxCG@2", "-m", "AP", "-q", "--jobs", "2")
    assert serial.output.count("'.xml' removed from") == 1
    assert parallel.output == serial.output


def test_no_hint_when_ids_differ_otherwise(tmp_path):
    result = _eval(tmp_path, {"d1": "x1.xml", "d2": "x2"}, PLAIN, "-m", "nxCG@2")
    assert "documents not assessed" in result.output
    assert "'.xml'" not in result.output
