"""Per-topic values of ``sdreval.evaluate(..., jobs=2)`` equal the serial ones (hypothesis;
slow: every example starts worker processes)."""
from __future__ import annotations

import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sdreval
from props23_common import MEASURES, examples, qrels, ranking


@pytest.mark.slow
@examples(3)
@given(qrels(relevant=False), st.data())
def test_two_jobs_give_the_serial_values(judged, data):
    topics = sorted(judged)
    runs = {name: [{"query_id": t, "doc_id": d, "score": s}
                   for t in data.draw(st.lists(st.sampled_from(topics), min_size=1,
                                               unique=True))
                   for d, s in data.draw(ranking(ties=True))]
            for name in ("r1", "r2", "r3")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        serial = sdreval.evaluate(judged, runs, MEASURES, per_topic=True, all_topics=True)
        parallel = sdreval.evaluate(judged, runs, MEASURES, per_topic=True, all_topics=True,
                                    jobs=2)
    key = ["run", "topic", "measure"]
    serial = serial.sort_values(key).reset_index(drop=True)
    parallel = parallel.sort_values(key).reset_index(drop=True)
    assert serial[key].equals(parallel[key])
    assert serial.value.equals(parallel.value)  # NaN equals NaN here; values bit for bit
