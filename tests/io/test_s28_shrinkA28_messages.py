"""Refusals that no test reached (coverage of session 28): each is a user's input, and each
message says what was wrong and what to give."""
import json

import pandas as pd
import pytest

from sdreval.errors import InputError, UsageError
from sdreval.io import read_qrels, read_run


def test_ragas_samples_as_judgements_without_the_expected_ids_are_refused():
    frame = pd.DataFrame({"user_input": ["q"], "retrieved_context_ids": [["a"]]})
    with pytest.raises(UsageError, match="RAGAS samples read as judgements need a query_id "
                                         r"\(or user_input\) and reference_context_ids"):
        read_qrels(frame)


def test_a_duration_is_no_id_and_is_named_as_one():
    # numpy's item() gives a nanosecond duration as a bare integer: the message must say what
    # the value is, not "1000000000 is empty"
    frame = pd.DataFrame({"query_id": pd.to_timedelta([1], unit="s"), "doc_id": ["d"],
                          "score": [1.0]})
    with pytest.raises(InputError, match="is a Timedelta, not an id"):
        read_run(frame)


def test_llamaindex_dataset_whose_relevant_docs_are_not_lists_is_refused(tmp_path):
    path = tmp_path / "qa.json"
    path.write_text(json.dumps({"queries": {"q1": "what?"}, "corpus": {},
                                "relevant_docs": {"q1": "n1"}}))
    with pytest.raises(InputError, match="relevant_docs of query 'q1' is not a list of node "
                                         "ids"):
        read_qrels(str(path))
