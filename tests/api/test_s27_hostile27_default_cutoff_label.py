"""A measure with a default cut-off (MAnxCG: k = 1500, Kazai & Lalmas 2006, Eq. 6) is named as
typed on every path: ``sdreval eval -m MAnxCG`` labels its rows ``MAnxCG``, and so must
``sdreval.evaluate(..., ["MAnxCG"])``; it labelled them ``MAnxCG@1500``, so that
``api.compare(table, measure="MAnxCG")`` refused the table ``evaluate`` had just made."""
from __future__ import annotations

import warnings

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval import api
from sdreval.cli.main import cli
from sdreval.measures import MEASURES

QRELS = ("topic\tfile\tpath\texhaustivity\tspecificity\n"
         "1\td1\t/article[1]\t2\t1\n1\td1\t/article[1]/sec[1]\t3\t3\n"
         "2\td1\t/article[1]\t1\t1\n2\td1\t/article[1]/sec[2]\t3\t2\n")
RUNS = {"a": ["1 Q0 d1 1 2 a /article[1]/sec[1]", "1 Q0 d1 2 1 a /article[1]",
              "2 Q0 d1 1 2 a /article[1]/sec[2]"],
        "b": ["1 Q0 d1 1 2 b /article[1]", "2 Q0 d1 1 2 b /article[1]",
              "2 Q0 d1 2 1 b /article[1]/sec[2]"]}


@pytest.fixture()
def files(tmp_path):
    qrels = tmp_path / "qrels.tsv"
    qrels.write_text("# sdreval native judgements\n# scale=inex2003\n" + QRELS)
    runs = []
    for name, lines in RUNS.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("\n".join(lines) + "\n")
        runs.append(str(path))
    return str(qrels), runs


def test_api_labels_as_the_cli(files):
    qrels, runs = files
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = sdreval.evaluate(qrels, runs, ["MAnxCG", "MAnxCG@5"], per_topic=True)
    result = CliRunner().invoke(cli, ["eval", qrels, *runs, "-m", "MAnxCG", "-m", "MAnxCG@5",
                                      "-q", "--format", "csv", "--quiet"])
    assert result.exit_code == 0, result.output
    from io import StringIO

    printed = pd.read_csv(StringIO(result.stdout), dtype={"topic": str})
    assert sorted(table["measure"].unique()) == sorted(printed["measure"].unique()) \
        == ["MAnxCG", "MAnxCG@5"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compared = api.compare(table, measure="MAnxCG")
    assert list(compared["measure"]) == ["MAnxCG"]


def test_measure_objects_name_a_given_cutoff_only():
    assert MEASURES["MAnxCG"]().text == "MAnxCG"
    assert MEASURES["MAnxCG"]().cutoff == 1500  # the default still applies
    assert MEASURES["MAnxCG"](quant="sog").text == "MAnxCG(quant=sog)"
    assert MEASURES["MAnxCG"](k=20).text == "MAnxCG@20"
    assert api.measure("MAnxCG").text == "MAnxCG"
