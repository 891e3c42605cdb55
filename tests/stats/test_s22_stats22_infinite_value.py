"""A score table with an infinite value ('inf', or 1e400, beyond a float) was refused with
"score matrix has missing or non-finite values": no file, no line, nothing to do.  It is
refused while reading, naming the file and line of each such value."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.stats import read_scores

HEAD = "run,topic,measure,value\na,1,map,0.5\na,2,map,0.3\nb,1,map,0.4\n"


@pytest.mark.parametrize("value, shown", [("inf", "inf"), ("1e400", "inf"),
                                          ("-Infinity", "-inf")])
def test_infinite_value_is_refused_with_its_line(tmp_path, value, shown):
    path = tmp_path / "scores.csv"
    path.write_text(HEAD + f"b,2,map,{value}\n")
    with pytest.raises(InputError, match=f"value {shown} is not a finite number"):
        read_scores(path)
    for command in (["compare", "--scores", str(path), "-m", "map"],
                    ["stability", "--scores", str(path), "-m", "map", "-a", "ci"]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 1, result.output
        assert f"scores.csv:5: error: value {shown} is not a finite number" in result.stderr
