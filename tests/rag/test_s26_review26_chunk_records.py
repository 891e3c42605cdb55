"""A chunk-ID run given in Python (records or a DataFrame: ``query_id, chunk_id, score``)
with ``chunk_map=`` is mapped onto spans as the same run in a file is.  Before, the chunk map
was not used for a table in memory: the run was refused as "the table has no document
column".

Document d: 70 characters; gold [18, 37) (19 characters); chunks n0 [0, 20), n1 [20, 40);
the run ranks n1 (0.9), then n0 (0.5).  SpanP@1 = |[20, 37)| / 20 = 17/20,
SpanR@1 = 17/19, SpanR = 19/19 (n0 holds [18, 20))."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

import sdreval
from sdreval.errors import SdrevalError
from sdreval.io import read_qrels, read_run
from sdreval.io.spans import chunk_map_from_frame

CHUNKS = pd.DataFrame({"chunk_id": ["n0", "n1"], "doc_id": ["d", "d"], "start": [0, 20],
                       "end": [20, 40]})
GOLD = [{"query_id": "q", "doc_id": "d", "start": 18, "end": 37, "relevance": 1}]
RUN = [{"query_id": "q", "chunk_id": c, "score": s} for c, s in (("n1", 0.9), ("n0", 0.5))]
EXPECTED = {"SpanP@1": Fraction(17, 20), "SpanR@1": Fraction(17, 19), "SpanR": Fraction(1)}


@pytest.mark.parametrize("given", ["records", "DataFrame", "file"])
def test_a_chunk_run_in_memory_uses_the_chunk_map(tmp_path, given):
    chunk_map = chunk_map_from_frame(CHUNKS)
    source = {"records": RUN, "DataFrame": pd.DataFrame(RUN)}.get(given)
    if source is None:
        source = tmp_path / "run.jsonl"
        pd.DataFrame(RUN).to_json(source, orient="records", lines=True)
    run = read_run(source, chunk_map=chunk_map)
    table = sdreval.evaluate(read_qrels(GOLD), run, list(EXPECTED))
    assert dict(zip(table.measure, table.value)) == pytest.approx(
        {m: float(v) for m, v in EXPECTED.items()}, rel=1e-12)


def test_a_chunk_run_in_memory_without_the_map_says_so():
    with pytest.raises(SdrevalError, match="chunk-ID run needs the chunk map"):
        read_run(pd.DataFrame(RUN))
