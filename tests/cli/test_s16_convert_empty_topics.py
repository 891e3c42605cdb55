"""A run topic without results is answered (it scores 0, as pytrec_eval scores it); a TREC-like
run cannot list it, so ``convert`` says which topics the written run loses."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

SUBMISSION = ('<inex-submission participant-id="1" run-id="x" task="CO.Thorough">'
              '<topic topic-id="1"></topic><topic topic-id="2"><result><file>d2</file>'
              '<path>/article[1]</path><rank>1</rank><rsv>0.9</rsv></result></topic>'
              '</inex-submission>\n')


def test_convert_names_topics_without_results(tmp_path):
    qrels, out = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 d1 1\n2 0 d2 1\n")
    runner = CliRunner()
    for name, text in (("r.xml", SUBMISSION), ("r.json", '{"1": {}, "2": {"d2": 0.5}}')):
        run = tmp_path / name
        run.write_text(text)
        evaluated = runner.invoke(cli, ["eval", str(qrels), str(run), "-m", "AP"])
        assert evaluated.stdout.split()[-1] == "0.5000"  # (0 + 1) / 2 topics answered
        result = runner.invoke(cli, ["convert", str(run), str(out)])
        assert result.exit_code == 0, result.output
        assert "1 topic(s) without results cannot be written to a TREC-like run: 1" \
            in result.output, result.output
        assert out.read_text().split()[:3] == ["2", "Q0", "d2"]
