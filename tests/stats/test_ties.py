"""Ties statistics (seed 003 §3): average rank size = list size / distinct RSVs."""
from __future__ import annotations

from pathlib import Path
import numpy as np
import pytest
from hypothesis import given, strategies as st

from sdreval.errors import UsageError
from sdreval.model.run import Ranking, Run
from sdreval.stats.ties import average_rank_size, rank_sizes, ties_summary


def ranking(rsv):
    return Ranking.from_results([(f"d{i}", "/article[1]", -1, -1, i + 1, float(s))
                                 for i, s in enumerate(rsv)])


def test_table_per_run_and_topic_with_missing_list():
    a = Run("a", {"1": ranking([3, 3, 2, 1]), "2": ranking([5, 5, 5, 5, 5, 5])})
    b = Run("b", {"1": ranking([4, 3, 2, 1])})
    table = rank_sizes([a, b], submission_length=1500)
    got = {(r, t): v for r, t, v in zip(table.run, table.topic, table.avg_rank_size)}
    assert got == {("a", "1"): 4 / 3, ("a", "2"): 6.0, ("b", "1"): 1.0, ("b", "2"): 1500.0}
    assert list(table.columns) == ["run", "topic", "list_size", "distinct_rsv", "avg_rank_size"]
    summary = ties_summary(table)
    assert summary.set_index("run").loc["a", "mean"] == pytest.approx((4 / 3 + 6) / 2)
    by_topic = ties_summary(table, by="topic").set_index("topic")
    assert by_topic.loc["2", "max"] == 1500.0


def test_topics_given_explicitly_and_bad_arguments():
    a = Run("a", {"1": ranking([1, 1])})
    table = rank_sizes(a, topics=["1", "9"], submission_length=1000)
    assert table.avg_rank_size.tolist() == [2.0, 1000.0]
    with pytest.raises(UsageError):
        rank_sizes(a, submission_length=0)
    with pytest.raises(UsageError):
        ties_summary(table, by="both")


@given(st.lists(st.integers(0, 6), min_size=1, max_size=50))
def test_rank_size_bounds(values):
    size = average_rank_size(np.array(values, dtype=float))
    assert 1.0 <= size <= len(values)
    assert size == pytest.approx(len(values) / len(set(values)))


REAL_DATA = Path(__file__).resolve().parents[1] / "realdata"  # bundled copy

RUNS = str(REAL_DATA / "inex2009-wikipedia-sample" / "runs")


@pytest.mark.parametrize("name", ["course_example_run_LTN_articles.txt", "element_run_bm25_bdy.txt"])
def test_real_inex2009_runs_have_ties(name):
    """Real INEX 2009 runs (1500 results per topic): rank sizes recomputed from the raw lines."""
    import os
    path = os.path.join(RUNS, name)
    if not os.path.exists(path):
        pytest.skip("shared INEX data not available")
    from sdreval.io import read_run
    lines: dict[str, list[float]] = {}
    with open(path) as handle:
        for line in handle:
            fields = line.split()
            lines.setdefault(fields[0], []).append(float(fields[4]))
    table = rank_sizes(read_run(path))
    got = dict(zip(table.topic, table.avg_rank_size))
    assert set(got) == set(lines)
    for topic, rsv in lines.items():
        assert got[topic] == pytest.approx(len(rsv) / len(set(rsv)))
    assert table.avg_rank_size.max() > 1.0  # these runs really are weakly ordered
