"""validate's summary line writes counts as the warnings do (thousands separated) and names the
relevance scale as such."""
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_counts_are_thousands_separated(tmp_path):
    run = tmp_path / "run.txt"
    run.write_text("".join(f"1 Q0 d{i} {i + 1} {2000 - i} r\n" for i in range(1200)))
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("".join(f"{t} 0 d{i} 1\n" for t in range(1, 3) for i in range(600)))
    out = CliRunner().invoke(cli, ["validate", str(run), str(qrels)])
    assert out.exit_code == 0, out.output
    assert "run 'r', 1 topics, 1,200 results" in out.output
    assert "2 topics, 1,200 judgements, relevance scale" in out.output
