"""A score table that gives one (run, topic, measure) twice, once with a value and once empty
(NaN), contradicts itself as two values do; compare and stability used the value and left the
empty row out with no word (exit 0), because duplicates were looked for after NaN rows were
dropped.  Both orders of the two rows are refused, naming the file and both lines."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.stats import read_scores, score_matrix

HEAD = "run,topic,measure,value\na,1,map,0.5\na,2,map,0.3\na,3,map,0.2\nb,1,map,0.4\nb,2,map,0.1\n"


@pytest.mark.parametrize("tail, line, first", [("b,3,map,0.25\nb,3,map,\n", 8, 7),
                                               ("b,3,map,\nb,3,map,0.25\n", 8, 7),
                                               ("b,3,map,\nb,3,map,nan\n", 8, 7)])
def test_value_and_empty_value_for_one_topic_are_refused(tmp_path, tail, line, first):
    path = tmp_path / "scores.csv"
    path.write_text(HEAD + tail)
    with pytest.raises(InputError, match=f"duplicate row: run b topic 3 measure map is already "
                                         f"on line {first}"):
        score_matrix(read_scores(path), "map")
    for command in (["compare", "--scores", str(path), "-m", "map"],
                    ["stability", "--scores", str(path), "-m", "map", "-a", "ci"]):
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 1, result.output
        assert f"scores.csv:{line}: error: duplicate row: run b topic 3" in result.stderr


def test_single_empty_value_is_still_a_gap(tmp_path):
    # unchanged: one empty value (no duplicate) is a gap, scored 0 under --missing zero
    path = tmp_path / "scores.csv"
    path.write_text(HEAD + "b,3,map,\n")
    with pytest.raises(InputError, match="run b has no map value on topic 3"):
        score_matrix(read_scores(path), "map")
    assert score_matrix(read_scores(path), "map", missing="zero").values[1].tolist() == \
        [0.4, 0.1, 0.0]
