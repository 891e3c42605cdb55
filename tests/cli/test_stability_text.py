"""``sdreval stability`` text output: one readable table per analysis, no sparse nan grid."""
from __future__ import annotations

import numpy as np
import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli


def test_text_has_one_table_per_analysis(tmp_path):
    rng = np.random.default_rng(3)
    rows = [(f"r{r}", str(t), m, float(rng.random() * 0.3 + 0.1 * r))
            for m in ("MAep", "Q") for r in range(6) for t in range(10)]
    scores = tmp_path / "scores.csv"
    pd.DataFrame(rows, columns=["run", "topic", "measure", "value"]).to_csv(scores, index=False)
    result = CliRunner().invoke(cli, ["stability", "--scores", str(scores), "--samples", "200",
                                      "--trials", "20", "-a", "ci", "-a", "discrimination",
                                      "-a", "swap", "-a", "tau"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    sections = [line for line in text.splitlines() if line.startswith("== ")]
    assert [s.split(":")[0] for s in sections] == ["== ci", "== discrimination", "== swap",
                                                   "== tau"]
    assert "nan" not in text                        # empty cells are '–', absent columns gone
    ci = text.split("== ci")[1].split("\n\n")[0].splitlines()
    assert ci[1].split()[:6] == ["measure", "run", "mean", "ci_low", "ci_high", "ci_length"]
    assert len(ci) == 2 + 12                        # title, header, 6 runs × 2 measures
    swap = text.split("== swap")[1].split("== tau")[0]
    assert "difference  " in swap and "n=1" in swap and "n=5" in swap
    assert "MAep" in swap and "Q" in swap
    csv = CliRunner().invoke(cli, ["stability", "--scores", str(scores), "--samples", "200",
                                   "-a", "ci", "--format", "csv"]).stdout
    assert csv.splitlines()[0].startswith("analysis,")
