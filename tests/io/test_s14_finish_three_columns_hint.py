"""A file of 3-field lines (``qid doc score``, or qrels without trec_eval's iteration column)
fits no format; the refusal now shows the TREC run and qrels layouts and the CSV form that
reads those 3 columns, which is checked to work."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_three_fields_refused_with_the_layouts(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 a 1\n1 0 b 0\n")
    (tmp_path / "r.run").write_text("1 a 3.5\n1 b 2.0\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.run"),
                                      "-m", "AP"])
    assert result.exit_code == 1
    assert "unrecognised format (first data line: '1 a 3.5')" in result.stderr
    assert ("its lines have 3 fields: a TREC run has 6, topic Q0 doc rank rsv run-id "
            "('1 Q0 doc1 1 3.5 myrun')") in result.stderr
    assert "qid,docno,score for a run" in result.stderr


def test_the_csv_form_the_hint_names_is_read(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 a 1\n1 0 b 0\n1 0 c 1\n")
    (tmp_path / "r.csv").write_text("qid,docno,score\n1,b,3.5\n1,a,2.0\n1,c,1.0\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "r.csv"),
                                      "-m", "AP"])
    assert result.exit_code == 0, result.output
    # b (non-relevant), a, c: AP = (1/2 + 2/3) / 2
    assert result.stdout.split()[-1] == f"{(1 / 2 + 2 / 3) / 2:.4f}"
