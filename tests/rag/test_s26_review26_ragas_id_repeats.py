"""RAGAS's ID-based samples (``user_input``, ``reference_context_ids``,
``retrieved_context_ids``) holding one question in two samples are refused, as RAGAS's
text samples are ("given again ... one sample each").  Before, the two samples were merged
into one topic without a word on it: the run's two lists made one ranking (c0, c1, c2, c3,
ranks 1, 2, 1, 2: only "ranks out of order" was said) against both samples' expected ids
(c1, c2), MAP (1/2 + 2/3) / 2 = 7/12, where RAGAS scores each sample alone (sample 1: AP
1/2; sample 2: AP 1)."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval
from sdreval.errors import SdrevalError

SAMPLES = [{"user_input": "q a", "reference_context_ids": ["c1"],
            "retrieved_context_ids": ["c0", "c1"]},
           {"user_input": "q a", "reference_context_ids": ["c2"],
            "retrieved_context_ids": ["c2", "c3"]}]


def test_a_question_in_two_samples_is_refused_in_a_file(tmp_path, sdreval_cli):
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(json.dumps(s) + "\n" for s in SAMPLES))
    done = sdreval_cli("eval", path, path, "-m", "map")
    assert done.returncode == 1, done.stdout
    assert "samples.jsonl: error: user_input 'q a' given again (line 2; first line 1)" \
        in done.stderr


@pytest.mark.parametrize("given", ["records", "DataFrame"])
def test_a_question_in_two_samples_is_refused_in_python(given):
    samples = SAMPLES if given == "records" else pd.DataFrame(SAMPLES)
    with pytest.raises(SdrevalError, match=r"user_input 'q a' given again \(row 1; first "
                       r"row 0\)"):
        sdreval.evaluate(samples, samples, ["map"])


def test_distinct_query_ids_keep_each_sample_alone():
    """Each sample with its own query_id: AP 1/2 and 1, as RAGAS scores them."""
    samples = [dict(s, query_id=f"s{i}") for i, s in enumerate(SAMPLES)]
    table = sdreval.evaluate(samples, samples, ["map"], per_topic=True)
    got = dict(zip(table.topic, table.value))
    assert got == pytest.approx({"s0": 0.5, "s1": 1.0, "all": 0.75})
