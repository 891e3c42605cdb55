"""A span qrels table whose ``occurrence`` column is a nullable integer column (a Parquet
file, or a DataFrame of pandas' Int64) with no value on a row: the missing value (pd.NA) was
refused as "occurrence <NA> is not all, first, error or a number >= 1" and the gold text
dropped, where None or NaN apply the default rule.  Now every missing value applies it (gold:
``all``, each occurrence a span)."""
from __future__ import annotations

import pandas as pd

from sdreval.errors import ProblemLog
from sdreval.io.spans import Documents, span_qrels_from_frame

TEXT = "abc abc"  # "abc" occurs at 0 and at 4


def test_a_missing_occurrence_applies_the_default_rule():
    frame = pd.DataFrame({"query_id": ["q1", "q2"], "doc_id": ["d", "d"],
                          "text": ["abc", "abc"], "relevance": [1, 1],
                          "occurrence": pd.array([1, None], dtype="Int64")})
    log = ProblemLog()
    qrels = span_qrels_from_frame(frame, Documents({"d": TEXT}), log)
    assert not log.errors, [p.message for p in log.errors]
    assert qrels.topics["q1"].passages["d"].ranges == [(0, 3)]
    assert qrels.topics["q2"].passages["d"].ranges == [(0, 3), (4, 3)]
