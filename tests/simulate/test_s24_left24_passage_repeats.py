"""``simulate --run-format passage --overlap`` wrote an element and its only child (the same
text) as two results of the same passage, so every simulated run repeated results (eval then
warns at each repeat).  A text range is now written once per topic."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_overlapping_passage_runs_repeat_no_passage(tmp_path):
    out = tmp_path / "sim"
    result = CliRunner().invoke(cli, ["simulate", str(out), "--docs", "3", "--elements", "5",
                                      "--topics", "2", "--runs", "2", "--length", "50",
                                      "--run-format", "passage", "--overlap"])
    assert result.exit_code == 0, result.output
    for run in (out / "runs").iterdir():
        keys = [(f[0], f[2], f[6], f[7]) for f in
                (line.split() for line in run.read_text().splitlines())]
        assert len(keys) == 100  # 50 results for each of the 2 topics
        assert len(set(keys)) == len(keys), run.name
        starts = [k for k in keys if k[2] == "0"]  # ranges from a document's start: nested
        assert len(starts) > len({(k[0], k[1]) for k in starts})  # overlaps stay
