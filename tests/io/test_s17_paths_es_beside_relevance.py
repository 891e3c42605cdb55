"""Element qrels tables with (exhaustivity, specificity) pairs and a relevance column, as
``sdreval.integrations.ir_measures.qrels_frame`` writes INEX judgements (relevance: 1 where
e > 0 and s > 0).  The table reader took the binary column and dropped the pairs, silently:
the synthetic example's qrels written that way gave MAep 0.0572 for sim01 instead of the
0.8800 of the TSV they came from.  The pairs are the grades (as the ir_measures bridge read
them); a relevance column that is not their summary is ignored with a warning saying so."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from sdreval import api
from sdreval.integrations.ir_measures import qrels_frame

SYNTHETIC = Path(__file__).resolve().parents[2] / "src/sdreval/data/examples/synthetic"
QRELS, RUN = str(SYNTHETIC / "qrels.tsv"), str(SYNTHETIC / "runs/sim01.txt")
MEASURES = ["MAep", "nxCG@10", "AP"]


def _eval(sdreval_cli, qrels: str):
    return sdreval_cli("eval", qrels, RUN, "-q", "--format", "csv",
                       *sum((["-m", m] for m in MEASURES), []))


def test_the_frame_of_the_tsv_gives_the_tsv_values():
    frame = qrels_frame(QRELS)
    assert {"relevance", "exhaustivity", "specificity"} <= set(frame.columns)
    of_file = api.evaluate(QRELS, RUN, MEASURES, per_topic=True)
    of_frame = api.evaluate(frame, RUN, MEASURES, per_topic=True)
    assert of_file.query("measure == 'MAep' and topic == 'all'")["value"].round(4).tolist() \
        == [0.88]  # sdreval eval on the TSV, as docs/user-guide.md shows it
    pd.testing.assert_frame_equal(of_frame, of_file)


@pytest.mark.parametrize("suffix", ["parquet", "csv"])
def test_table_files_of_the_frame_give_the_tsv_output(tmp_path, suffix, sdreval_cli):
    path = tmp_path / f"qrels.{suffix}"
    frame = qrels_frame(QRELS)
    frame.to_parquet(path) if suffix == "parquet" else frame.to_csv(path, index=False)
    of_table, of_file = _eval(sdreval_cli, str(path)), _eval(sdreval_cli, QRELS)
    assert of_table.returncode == of_file.returncode == 0
    assert of_table.stdout == of_file.stdout


def test_a_relevance_that_is_not_the_summary_is_said_and_ignored(tmp_path, sdreval_cli):
    frame = qrels_frame(QRELS)
    frame.loc[0, "relevance"] = 0  # e=3, s=1: summary 1
    path = tmp_path / "qrels.csv"
    frame.to_csv(path, index=False)
    done, of_file = _eval(sdreval_cli, str(path)), _eval(sdreval_cli, QRELS)
    assert done.returncode == 0 and done.stdout == of_file.stdout
    assert (f"{path}:2: warning: relevance 0 beside exhaustivity 3 "
            "and specificity 1 is not their binary summary (1 where e > 0 and s > 0): the pair "
            "is the grade, relevance ignored (drop one of the columns)") in done.stderr
