"""Overlapping passages of a passage run are a warning per passage naming the one it overlaps
(docs/inputs.md, Policies: "overlapping passages in a topic ... warning per passage, naming
the line it overlaps"); a TREC passage run said so, a table with ``offset``/``length`` columns
(DataFrame, records, JSONL/CSV/Parquet file) did not.  Span runs (``query_id, doc_id, start,
end``) overlap by design and stay silent (docs/rag.md)."""
from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest

import sdreval

#: topic 1: d 0:10, d 5:10 (overlaps 0:10: characters 5..9), e 5:3, then d 0:10 again (a repeat)
ROWS = {"topic": ["1", "1", "1", "2", "1"], "doc": ["d", "d", "e", "d", "d"],
        "offset": [0, 5, 5, 3, 0], "length": [10, 10, 3, 4, 10], "rank": [1, 2, 3, 1, 4],
        "score": [3.0, 2.0, 1.0, 1.0, 0.5]}


def _overlaps(read) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read()
    return [str(w.message) for w in caught if "overlaps" in str(w.message)]


def test_the_trec_text_run_names_the_overlap(tmp_path):
    path = tmp_path / "r.run"
    path.write_text("".join(f"{t} Q0 {d} {k} {s} r {o} {n}\n" for t, d, o, n, k, s in zip(
        *ROWS.values())))
    assert _overlaps(lambda: sdreval.read_run(str(path))) == [
        f"{path}:2: warning: topic 1: passage d 5:10 overlaps 0:10 (line 1)"]


@pytest.mark.parametrize("container", ["frame", "records", "jsonl", "csv", "parquet"])
def test_a_passage_table_names_it_too(tmp_path, container):
    frame = pd.DataFrame(ROWS)
    source = {"frame": frame, "records": frame.to_dict("records")}.get(container)
    if source is None:
        path = tmp_path / f"r.{container}"
        if container == "jsonl":
            path.write_text("".join(json.dumps(r) + "\n" for r in frame.to_dict("records")))
        elif container == "csv":
            frame.to_csv(path, index=False)
        else:
            frame.to_parquet(path)
        source = str(path)
    said = _overlaps(lambda: sdreval.read_run(source))
    assert len(said) == 1 and "topic 1: passage d 5:10 overlaps 0:10 (" in said[0]
    where = {"jsonl": ":2:", "csv": ":3:", "parquet": ":2:"}.get(container, "row 1:")
    assert where in said[0]


def test_a_span_run_overlaps_by_design_and_says_nothing():
    frame = pd.DataFrame({"query_id": ["1", "1"], "doc_id": ["d", "d"], "start": [0, 5],
                          "end": [10, 15], "score": [2.0, 1.0]})
    assert _overlaps(lambda: sdreval.read_run(frame)) == []
