"""Python sources and navigation files (session 24 coverage hunt).  ``read_qrels(frame,
fmt=...)`` told the caller to "give a run's name as name=" (read_qrels has no name=); the
hint is now given by read_run only."""
from __future__ import annotations

import pandas as pd
import pytest

from sdreval.errors import ProblemLog, UsageError
from sdreval.io.navigation import read_navigation
from sdreval.io.readers import read_qrels, read_run, read_runs


def test_a_format_for_a_data_frame_of_qrels_is_a_usage_error():
    frame = pd.DataFrame({"query_id": ["1"], "doc_id": ["d"], "relevance": [1]})
    with pytest.raises(UsageError) as caught:
        read_qrels(frame, "trec")
    assert str(caught.value) == ("fmt='trec' names a file format, but the source is a "
                                 "DataFrame, not a file")
    with pytest.raises(UsageError, match=r"not a file \(give a run's name as name=\)"):
        read_run({"1": {"d": 1.0}}, "trec")


def test_sources_that_are_neither():
    with pytest.raises(UsageError, match="cannot read qrels from int"):
        read_qrels(42)
    with pytest.raises(UsageError, match="cannot read a run from int"):
        read_run(42)


@pytest.mark.parametrize("runs,topics", [({"1": {}, "2": {}}, ["1", "2"]), ({}, [])])
def test_a_dict_of_empty_topics_is_one_run_without_results(runs, topics):
    (run,) = read_runs(runs)
    assert (list(run.topics), len(run)) == (topics, 0)


def _navigation(tmp_path, text):
    path = tmp_path / "nav.txt"
    path.write_text(text)
    log = ProblemLog()
    model = read_navigation(path, log)
    return model, [(p.line, p.message) for p in log.errors]


def test_navigation_problems(tmp_path):
    _, errors = _navigation(tmp_path, "#! bogus\nd /a[1] /a[1]/b[1] 0.5\n")
    assert errors == [(1, "unknown directive(s) ['bogus']; known: model=depth, "
                             "abandonment, partition=tag")]
    _, errors = _navigation(tmp_path, "route d /a[1] /a[1]/b[0]\nroute d /a[1] /a[1]/b[1]\n")
    assert errors == [(1, "malformed XPath '/a[1]/b[0]': index must be >= 1 in 'b[0]'")]
    _, errors = _navigation(tmp_path, "#! model=depth\nd /a[1] /a[1]/b[1] 0.5\n")
    assert errors == [(2, "model=depth takes no data lines")]
