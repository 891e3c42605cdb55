"""A passage of length 0 is kept with a warning (docs/inputs.md, Policies: "passage of length
0 | warning | kept (it retrieves no text)"), whatever carries it: a TREC passage run warned,
a span table warned, but a table with ``offset``/``length`` columns (a DataFrame, records, a
JSONL/CSV/Parquet file) said nothing."""
from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest

import sdreval

ROWS = {"topic": ["1", "1", "1"], "doc": ["d", "d", "e"], "offset": [0, 40, 5],
        "length": [10, 0, 3], "rank": [1, 2, 3], "score": [3.0, 2.0, 1.0]}


def _said(read) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        read()
    return [str(w.message) for w in caught]


def _empty(messages: list[str]) -> list[str]:
    return [m for m in messages if "length 0" in m or "empty retrieved" in m]


def test_the_trec_text_run_says_it(tmp_path):
    path = tmp_path / "r.run"
    path.write_text("1 Q0 d 1 3.0 r 0 10\n1 Q0 d 2 2.0 r 40 0\n1 Q0 e 3 1.0 r 5 3\n")
    assert len(_empty(_said(lambda: sdreval.read_run(str(path))))) == 1


@pytest.mark.parametrize("container", ["frame", "records", "jsonl", "csv", "parquet"])
def test_an_offset_length_table_says_it_too(tmp_path, container):
    frame = pd.DataFrame(ROWS)
    if container == "frame":
        source = frame
    elif container == "records":
        source = frame.to_dict("records")
    else:
        source = tmp_path / f"r.{container}"
        if container == "jsonl":
            source.write_text("".join(json.dumps(r) + "\n" for r in frame.to_dict("records")))
        elif container == "csv":
            frame.to_csv(source, index=False)
        else:
            frame.to_parquet(source)
        source = str(source)
    said = _empty(_said(lambda: sdreval.read_run(source)))
    assert len(said) == 1 and "1 empty retrieved" in said[0]
    line = {"jsonl": 2, "csv": 3, "parquet": 2}.get(container)  # CSV: the header is line 1
    assert said[0].startswith(f"{source}:{line}:" if line else "(")
