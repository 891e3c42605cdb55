"""A span table with a ``doc_id`` and a ``corpus_id`` column (the corpus a document belongs
to, as many datasets name it) is read by its ``doc_id``, the ``corpus_id`` one more column, as
a ``source`` column beside a ``doc_id`` is.  Chroma's ``corpus_id`` names the document only
where no ``doc_id`` does.  Before, such gold and runs were refused: "columns doc_id and
corpus_id both give the doc_id".

Worked example: gold [0, 5) of document d; the run retrieves [0, 10) of d:
SpanP = 5/10, SpanR = 5/5."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval

GOLD = [{"query_id": "q", "doc_id": "d", "corpus_id": "wiki", "start": 0, "end": 5,
         "relevance": 1}]
RUN = [{"query_id": "q", "doc_id": "d", "corpus_id": "wiki", "start": 0, "end": 10,
        "score": 1.0}]
EXPECTED = {"SpanP": 0.5, "SpanR": 1.0}


def test_files_with_doc_id_and_corpus_id(tmp_path, sdreval_cli):
    for name, rows in (("gold.jsonl", GOLD), ("run.jsonl", RUN)):
        (tmp_path / name).write_text("".join(json.dumps(r) + "\n" for r in rows))
    done = sdreval_cli("eval", tmp_path / "gold.jsonl", tmp_path / "run.jsonl", "-m", "SpanP",
                       "-m", "SpanR")
    assert done.returncode == 0, done.stderr
    values = {m: float(v) for _, m, _, v in (line.split("\t") for line in
                                             done.stdout.splitlines())}
    assert values == pytest.approx(EXPECTED)


@pytest.mark.parametrize("given", ["records", "DataFrame"])
def test_tables_with_doc_id_and_corpus_id(given):
    gold, run = (GOLD, RUN) if given == "records" else (pd.DataFrame(GOLD), pd.DataFrame(RUN))
    table = sdreval.evaluate(gold, run, ["SpanP", "SpanR"])
    assert dict(zip(table.measure, table.value)) == pytest.approx(EXPECTED)
