"""A run whose score rows are means only (topic ``all``) is refused by the commands reading
per-topic scores: ``report --scores`` left it out of the report with exit 0 and no word, while
``compare --scores`` refused it with another message (found by the session's review)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

SCORES = ("run,topic,measure,value\nA,1,AP,0.5\nA,2,AP,0.3\nA,3,AP,0.2\nA,all,AP,0.3333\n"
          "B,all,AP,0.5\n")


@pytest.mark.parametrize("command", [["report", "-o", "{out}"], ["compare", "-m", "AP"]])
def test_means_only_run_is_refused_naming_its_line(tmp_path, command):
    scores = tmp_path / "s.csv"
    scores.write_text(SCORES)
    args = [a.format(out=tmp_path / "r.html") for a in command]
    result = CliRunner().invoke(cli, [args[0], "--scores", str(scores), *args[1:]])
    assert result.exit_code == 1
    assert "s.csv:6: error: run B has means only (topic all)" in result.output
    assert "-q --format csv" in result.output
    assert not (tmp_path / "r.html").exists()
