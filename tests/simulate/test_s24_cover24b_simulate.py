"""simulate --run-format inex-xml (session 24 coverage): the same runs as the element
layout of the same seed, read back."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io import read_qrels, read_run
from sdreval.measures import EvalContext, evaluate

SIZES = ["--docs", "5", "--elements", "30", "--topics", "3", "--runs", "2", "--length", "20",
         "--quiet"]


def test_inex_xml_submissions_hold_the_element_runs(tmp_path):
    for name, layout in (("xml", "inex-xml"), ("element", "element")):
        result = CliRunner().invoke(cli, ["simulate", str(tmp_path / name), *SIZES,
                                          "--run-format", layout])
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "xml" / "runs").iterdir()) == ["sim01.xml",
                                                                            "sim02.xml"]
    qrels = read_qrels(tmp_path / "element" / "qrels.tsv")
    for i in (1, 2):
        xml = read_run(tmp_path / "xml" / "runs" / f"sim0{i}.xml")
        element = read_run(tmp_path / "element" / "runs" / f"sim0{i}.txt")
        assert xml.unit == element.unit == "element"
        assert sorted(xml.topics) == sorted(element.topics)
        for topic in element.topics:
            a, b = xml.get(topic), element.get(topic)
            assert list(zip(a.docs, a.paths)) == list(zip(b.docs, b.paths)), topic
        measures = ["MAep", "nxCG@5"]
        assert evaluate(qrels, [xml], measures, EvalContext()).value.tolist() == \
            evaluate(qrels, [element], measures, EvalContext()).value.tolist()
