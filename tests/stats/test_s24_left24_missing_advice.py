"""A run without a score on a topic: the refusal told every caller to "give compare --missing
drop|zero", from stability (whose own option is --missing) and from the Python API (where it is
``missing=``) alike.  It now names both.  stability's --missing said it was for --scores only,
but it applies to QRELS RUN... as well."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.stats import score_matrix

TABLE = pd.DataFrame({"run": ["a", "a", "b"], "topic": ["1", "2", "1"], "measure": "AP",
                      "value": [0.1, 0.2, 0.3]})


def test_the_refusal_names_the_option_and_the_keyword():
    with pytest.raises(InputError) as caught:
        score_matrix(TABLE, "AP")
    assert str(caught.value).endswith(
        'leave the topic out or score it 0 (--missing drop|zero in compare and stability; '
        'missing="drop" or "zero" in Python)')


def test_stability_missing_applies_to_qrels_and_runs(tmp_path):
    (tmp_path / "q.txt").write_text("1 0 a 1\n2 0 c 1\n")
    (tmp_path / "r1.txt").write_text("1 Q0 a 1 2 r1\n2 Q0 c 1 1 r1\n")
    (tmp_path / "r2.txt").write_text("1 Q0 a 1 2 r2\n")  # topic 2 not answered
    args = ["stability", str(tmp_path / "q.txt"), str(tmp_path / "r1.txt"),
            str(tmp_path / "r2.txt"), "-m", "AP", "-a", "ci", "--samples", "100"]
    assert CliRunner().invoke(cli, args).exit_code == 1
    dropped = CliRunner().invoke(cli, [*args, "--missing", "drop"])
    assert dropped.exit_code == 0, dropped.output
    assert "--missing drop left out 1 topic(s)" in dropped.stderr
    help_text = " ".join(CliRunner().invoke(cli, ["stability", "--help"]).output.split())
    assert "--scores, or a topic it did not answer" in help_text
