"""A gold span table written without a relevance key (query_id, doc_id, start, end) has a span
run's keys; given as the judgements it is refused with what it lacks, not only "swapped?"."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_gold_spans_without_relevance(tmp_path):
    (tmp_path / "gold.csv").write_text("query_id,doc_id,start,end\nq1,d,50,150\n")
    (tmp_path / "run.csv").write_text("query_id,doc_id,start,end,score\nq1,d,0,100,1\n")
    got = CliRunner().invoke(cli, ["eval", str(tmp_path / "gold.csv"), str(tmp_path / "run.csv"),
                                   "-m", "SpanR@1"])
    assert got.exit_code == 1
    assert "neither a relevance key nor a score or rank" in got.output
    assert "give every span a relevance (1 for gold text)" in got.output
    (tmp_path / "gold.csv").write_text("query_id,doc_id,start,end,relevance\nq1,d,50,150,1\n")
    got = CliRunner().invoke(cli, ["eval", str(tmp_path / "gold.csv"), str(tmp_path / "run.csv"),
                                   "-m", "SpanR@1", "--quiet"])
    assert got.exit_code == 0 and got.output.split()[-1] == "0.5000"  # [50,100) of [50,150)
