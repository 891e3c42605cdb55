"""A table run's repeated result is warned about as a text run's is: with its topic and its
element path or passage range (``topic 1: result a /article[1]/sec[1] repeats line 2``).
Before, the table warning said only ``result a repeats line 2``: which of a document's
elements was repeated (and in which topic) was not said."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval import api
from sdreval.errors import ProblemLog

TAIL = "(kept; measures decide how a repeat counts)"


@pytest.mark.parametrize("columns, shown", [
    ({"path": ["/article[1]/sec[1]", "/article[1]/sec[2]", "/article[1]/sec[1]"]},
     "a /article[1]/sec[1]"),
    ({"offset": [0, 20, 0], "length": [10, 10, 10]}, "a 0:10"),
    ({}, "a")])
def test_repeat_names_topic_and_result(tmp_path, columns, shown):
    frame = pd.DataFrame({"query_id": ["7", "7", "7"], "doc_id": ["a", "a", "a"],
                          "score": [3.0, 2.0, 1.0], **columns})
    if not columns:
        frame["doc_id"] = ["a", "b", "a"]
    path = tmp_path / "run.csv"
    frame.to_csv(path, index=False)
    log = ProblemLog()
    api.read_run(str(path), log=log)
    assert [str(p) for p in log.warnings] == \
        [f"{path}:4: warning: topic 7: result {shown} repeats line 2 {TAIL}"]
