"""The note "means over answered topics with something relevant: 19392 topic(s) per mean"
wrote its count without thousands separators, where the warnings beside it write theirs with
them ("2,857 result(s)").  Now 19,392, in both forms of the note."""
import pandas as pd

from sdreval.measures.evaluate import coverage_lines


def _means(counts):
    return pd.DataFrame({"run": "r", "measure": [f"m{i}" for i in range(len(counts))],
                         "topic": "all", "value": 0.5, "topics": counts})


def test_one_count_for_every_mean():
    assert coverage_lines(_means([19392, 19392]), all_topics=False)[0].endswith(
        ": 19,392 topic(s) per mean")


def test_counts_per_run():
    lines = coverage_lines(_means([19392, 1500]), all_topics=False)
    assert lines[1] == "  r: 19,392 (m0); 1,500 (m1)"
