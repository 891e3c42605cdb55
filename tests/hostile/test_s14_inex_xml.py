"""INEX XML submissions: results whose rank and rsv are attributes of ``<result>`` (as file and
path may be), and results that give one field twice."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission

QRELS = "1 0 dA 1\n1 0 dC 0\n"  # one relevant document: AP = 1 / (its rank)
HEAD = '<inex-submission run-id="r"><topic topic-id="1">\n'
TAIL = "</topic></inex-submission>\n"


def _eval(tmp_path, xml: str, order: str) -> tuple[int, str]:
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "run.xml").write_text(HEAD + xml + TAIL)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "run.xml"),
                                      "-m", "AP", "--order", order])
    return result.exit_code, result.output


# file order dB, dA; by rank (and by rsv) dA comes first
ATTRS = ('<result file="dB" path="/article[1]" rank="2" rsv="0.2"/>\n'
         '<result file="dA" path="/article[1]" rank="1" rsv="0.9"/>\n')
MIXED = ('<result rank="2" rsv="0.2"><file>dB</file><path>/article[1]</path></result>\n'
         '<result rank="1" rsv="0.9"><file>dA</file><path>/article[1]</path></result>\n')


def test_rank_and_rsv_attributes_are_read(tmp_path):
    for xml in (ATTRS, MIXED):
        (tmp_path / "run.xml").write_text(HEAD + xml + TAIL)
        ranking = read_inex_submission(tmp_path / "run.xml", ProblemLog())["1"]
        assert list(ranking.docs) == ["dB", "dA"]  # file order kept
        assert ranking.ranks.tolist() == [2, 1] and ranking.rsv.tolist() == [0.2, 0.9]


def test_order_by_rank_or_rsv_attributes(tmp_path):
    # was 0.5 (attributes ignored: rank = position, rsv = n - position + 1): dA is rank 1
    for xml in (ATTRS, MIXED):
        for order in ("rank", "rsv"):
            code, output = _eval(tmp_path, xml, order)
            assert code == 0 and "r\tAP\tall\t1.0000" in output, (order, output)
        code, output = _eval(tmp_path, xml, "file")
        assert code == 0 and "r\tAP\tall\t0.5000" in output, output


def test_a_field_given_twice_is_an_error(tmp_path):
    for twice in ("<file>dA</file><file>dB</file><path>/article[1]</path>",
                  "<file>dA</file><path>/article[1]</path><path>/article[1]/sec[1]</path>",
                  "<file>dA</file><path>/article[1]</path><rank>1</rank><rank>5</rank>",
                  "<file>dA</file><path>/article[1]</path><rsv>1</rsv><rsv>5</rsv>"):
        xml = "<result><file>dC</file><path>/article[1]</path></result>\n" \
              f"<result>{twice}</result>\n"
        (tmp_path / "run.xml").write_text(HEAD + xml + TAIL)
        log = ProblemLog()
        read_inex_submission(tmp_path / "run.xml", log)
        assert [(p.line, p.severity) for p in log.problems] == [(3, "error")], log.problems
        assert "given 2 times" in log.problems[0].message
        code, output = _eval(tmp_path, xml, "file")
        assert code == 1 and "run.xml:3: error" in output, output
