"""Grades of document judgements given as tables (Parquet, CSV, DataFrames, dicts) follow the
TREC qrels rule: whole numbers.  A fractional grade (1.5, 0.5) has no agreed meaning among
the peers -- trec_eval and ranx truncate it (0.5 becomes non-relevant), pytrec_eval and
ir_measures refuse it -- so it is refused, as in a TREC qrels file, rather than scored as a
gain of its own (which gave AP 1.0 where trec_eval gives 0.8333)."""
from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

RUN = "1 Q0 a 1 3 r\n1 Q0 b 2 2 r\n1 Q0 c 3 1 r\n"


def _eval(tmp_path, grades):
    qrels = tmp_path / "qrels.parquet"
    pq.write_table(pa.table({"query_id": ["1", "1", "1"], "doc_id": ["a", "b", "c"],
                             "relevance": grades}), qrels)
    run = tmp_path / "run.txt"
    run.write_text(RUN)
    return CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "AP", "--quiet"])


def test_fractional_grade_of_a_parquet_table_is_refused_at_its_row(tmp_path):
    result = _eval(tmp_path, [1.5, 0.5, 2.0])
    assert result.exit_code == 1, result.output
    assert "qrels.parquet:1: error: relevance 1.5 is not an integer" in result.stderr
    assert "qrels.parquet:2: error: relevance 0.5 is not an integer" in result.stderr
    assert "qrels.parquet:3" not in result.stderr  # 2.0 is the grade 2


def test_whole_float_grades_are_their_integers(tmp_path):
    # a float column of whole numbers (pandas' integers with a gap): grades 1, 0, 2;
    # relevant a (rank 1) and c (rank 3): AP = (1/1 + 2/3) / 2, as trec_eval
    result = _eval(tmp_path, [1.0, 0.0, 2.0])
    assert result.exit_code == 0, result.output
    assert float(result.stdout.split()[-1]) == pytest.approx((1 + 2 / 3) / 2, abs=1e-4)


def test_fractional_grade_of_a_dict_is_refused():
    with pytest.raises(sdreval.InputError, match="document b: grade 0.5 is not an integer"):
        sdreval.evaluate({"1": {"a": 1, "b": 0.5}}, {"1": {"a": 2.0, "b": 1.0}}, ["AP"])


def test_element_tables_keep_graded_values():
    # a path column makes element judgements on the graded scale (native TSV's arbitrary
    # numeric grades): 0.5 stays a grade there, relevant at the default level
    qrels = {"topic": ["1"], "doc": ["a"], "path": ["/article[1]"], "relevance": [0.5]}
    run = {"topic": ["1"], "doc": ["a"], "path": ["/article[1]"], "score": [1.0]}
    table = sdreval.evaluate(qrels, run, ["AP"])
    assert table["value"].iloc[-1] == pytest.approx(1.0)
