"""A score table where run b has per-topic rows for map but only its mean (topic all) for P_5.
`compare -m P_5 --missing zero` scored b 0 on every topic and printed mean_b = 0 against the
table's own mean 0.6 (exit 0).  A run with means only was already refused while reading; a
run's measure with means only now is too, naming the file and line."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.stats import read_scores

TABLE = """run,topic,measure,value
a,1,map,0.5
a,2,map,0.3
a,1,P_5,0.4
a,2,P_5,0.2
a,all,P_5,0.3
b,1,map,0.4
b,2,map,0.1
b,all,P_5,0.6
"""


def test_a_measure_with_means_only_is_refused(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(TABLE)
    with pytest.raises(InputError, match="run b has means only"):
        read_scores(path)
    for command in (["compare", "--scores", str(path), "-m", "P_5", "--missing", "zero"],
                    ["stability", "--scores", str(path), "-m", "P_5", "--missing", "zero",
                     "-a", "ci"]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 1, result.output
        assert "scores.csv:9: error: run b has means only (topic all) for P_5" in result.stderr


def test_per_topic_rows_of_every_measure_are_read(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text(TABLE.replace("b,all,P_5,0.6", "b,1,P_5,0.6\nb,2,P_5,0.6\nb,all,P_5,0.6"))
    assert len(read_scores(path)) == 10
