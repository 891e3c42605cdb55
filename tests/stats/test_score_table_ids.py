"""The per-topic score table read back (``--scores``): only values may be missing."""
import pytest

from sdreval.errors import InputError
from sdreval.stats.matrix import read_scores


def test_topics_named_nan_are_topics(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("run,topic,measure,value\nA,nan,AP,0.5\nA,NaN,AP,0.25\nA,x,AP,\n")
    table = read_scores(path)
    assert list(table["topic"]) == ["nan", "NaN", "x"]  # three topics, not a duplicate pair
    assert table["value"].tolist()[:2] == [0.5, 0.25] and table["value"].isna().tolist()[2]


@pytest.mark.parametrize("row, line", [("A,,AP,0.5", 3), (",y,AP,0.5", 3), ("A,y, ,0.5", 3)])
def test_an_empty_run_topic_or_measure_is_refused_with_its_line(tmp_path, row, line):
    path = tmp_path / "s.csv"
    path.write_text(f"run,topic,measure,value\nA,x,AP,0.1\n{row}\n")
    with pytest.raises(InputError) as caught:
        read_scores(path)
    assert caught.value.problems[0].line == line and "empty" in str(caught.value)
