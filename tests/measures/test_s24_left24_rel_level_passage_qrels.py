"""trec_eval's -l on judgements of highlighted passages (FOL qrels, read at the document level:
a document with highlighted text has value 1, or relchars/doclen under quant=relfrac): a topic
whose documents all fall below the level has nothing relevant for the binary measures, as for
the same judgements written as TREC qrels (``convert --to trec-qrels``): NaN, left out of the
means with a warning.  It used to score 0 and count in the means (FOL qrels only), so ``-l 2``
gave a mean of 0.0000 where the TREC qrels of the same judgements give none."""
from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

#: topic 1: d1 with 10 of its 100 characters highlighted, d2 judged non-relevant; topic 2:
#: d3 with 60 of 100
FOL = "1 Q0 d1 10 100 0 0:10\n1 Q0 d2 0 100\n2 Q0 d3 60 100 0 0:60\n"
RUN = "1 Q0 d1 1 2 r\n1 Q0 d2 2 1 r\n2 Q0 d3 1 1 r\n"


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q.fol").write_text(FOL)
    (tmp_path / "run").write_text(RUN)
    converted = CliRunner().invoke(cli, ["convert", str(tmp_path / "q.fol"),
                                         str(tmp_path / "q.trec"), "--to", "trec-qrels"])
    assert converted.exit_code == 0, converted.output
    return tmp_path


def _eval(files, qrels, *args):
    result = CliRunner().invoke(cli, ["eval", str(files / qrels), str(files / "run"), "-q",
                                      *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_level_above_every_document_is_nothing_relevant_as_in_trec_qrels(files):
    fol = _eval(files, "q.fol", "-m", "AP", "-m", "P@1", "-l", "2")
    trec = _eval(files, "q.trec", "-m", "AP", "-m", "P@1", "-l", "2")
    assert fol == trec
    assert "2 qrels topic(s) with nothing relevant under AP, P@1" in fol[2]
    assert "r\tAP\tall\tnan" in fol[1]


def test_relfrac_levels_keep_the_documents_at_or_above_them(tmp_path):
    (tmp_path / "q.fol").write_text(FOL)
    with pytest.warns(UserWarning, match="nothing relevant under AP"):
        table = sdreval.evaluate(tmp_path / "q.fol", {"1": {"d1": 2.0, "d2": 1.0},
                                                      "2": {"d3": 1.0}},
                                 "AP(quant=relfrac,rel=0.5)", per_topic=True)
    values = dict(zip(table.topic, table.value))
    # topic 1: d1's share 0.1 < 0.5, nothing relevant (NaN); topic 2: d3's 0.6 >= 0.5, AP 1
    assert math.isnan(values["1"]) and values["2"] == 1.0 and values["all"] == 1.0
