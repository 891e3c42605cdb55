"""``--format table`` where either role is read (``validate``, ``convert``): the alias is
documented as "table-run or table-qrels, as the place asks" (docs/inputs.md), but it always
became table-run there, so a qrels table was refused as a run without a score column (and a
qrels table with a score column would be converted as a run).  Now the table's columns say
which, as detection without ``--format`` does; a file that is not a table is a usage error."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _write(tmp_path):
    qrels, run, text = tmp_path / "q.csv", tmp_path / "r.csv", tmp_path / "run.txt"
    qrels.write_text("query_id,doc_id,relevance\n1,d,1\n1,e,0\n")
    run.write_text("query_id,doc_id,score\n1,d,1.5\n")
    text.write_text("1 Q0 d 1 1.0 r\n")
    return str(qrels), str(run), str(text)


def test_validate_format_table_reads_a_qrels_table_as_qrels(tmp_path):
    qrels, run, _ = _write(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "--format", "table", qrels, run])
    assert result.exit_code == 0, result.output
    assert f"{qrels}: ok: table-qrels, 1 topics, 2 judgements" in result.output
    assert f"{run}: ok: table-run, run 'r', 1 topics, 1 results" in result.output


def test_convert_format_table_converts_a_qrels_table_as_qrels(tmp_path):
    qrels, _, _ = _write(tmp_path)
    out = tmp_path / "out.tsv"
    result = CliRunner().invoke(cli, ["convert", "--format", "table", qrels, str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 2 element judgements" in result.output


def test_format_table_for_a_file_that_is_not_a_table_is_a_usage_error(tmp_path):
    _, _, text = _write(tmp_path)
    result = CliRunner().invoke(cli, ["validate", "--format", "table", text])
    assert result.exit_code == 2
    assert ("format 'table' is table-run or table-qrels, and this is a document-run file: "
            "name the one meant (table-run or table-qrels)") in result.output
