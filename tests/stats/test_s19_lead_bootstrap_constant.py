"""compare's bootstrap interval holds its printed difference: for a constant per-topic
difference every resample's mean is that difference, so the interval is [diff, diff] (the
resampled means summed in floating point gave 0.42000000000000004 on both ends for a printed
diff of 0.42, an interval leaving out its own centre)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_constant_difference_bootstrap_interval_is_the_difference(tmp_path):
    rows = ["run,topic,measure,value"]
    for topic in range(1, 11):
        rows += [f"A,{topic},AP,0.42", f"B,{topic},AP,0"]
    scores = tmp_path / "c.csv"
    scores.write_text("\n".join(rows) + "\n")
    out = CliRunner().invoke(cli, ["compare", "--scores", str(scores), "-m", "AP",
                                   "--test", "bootstrap", "--format", "json"])
    assert out.exit_code == 0, out.output
    record = json.loads(out.stdout)[0]
    assert record["diff"] == 0.42  # 10 × 0.42 / 10, the exact mean
    assert record["diff_ci_low"] == record["diff"] == record["diff_ci_high"]
