"""A documents table (BEIR's corpus.jsonl: _id, title, text; or doc_id, text) or a chunk map
given as the judgements or a run was refused in two ways: as a file, "this is a documents
file, not judgements (use fmt= of read_qrels to force a format)" (no format forced reads it),
as a DataFrame or records, "the table has no topic column ..." (a UsageError).  Both now say
one text, naming where such a table is given."""
from __future__ import annotations

import json

import pandas as pd
import pytest

import sdreval
from sdreval.errors import InputError

CORPUS = [{"_id": "d1", "title": "Cats", "text": "Cats purr."},
          {"_id": "d2", "title": "", "text": "Dogs bark."}]
DOCUMENTS = [{"doc_id": "d1", "text": "Cats purr."}]
MAP = [{"chunk_id": "c1", "doc_id": "d1", "start": 0, "end": 4}]
SAID = {"documents": "documents (doc_id, text; BEIR's corpus.jsonl: _id, title, text) are given "
                     "beside the judgements and the run: --documents FILE, in Python "
                     "documents= of read_qrels and read_run",
        "chunk-map": "a chunk map (chunk_id, doc_id, start, end) is given beside a chunk-ID "
                     "run: --chunk-map FILE, in Python chunk_map= of read_run"}


@pytest.mark.parametrize("rows,kind", [(CORPUS, "documents"), (DOCUMENTS, "documents"),
                                       (MAP, "chunk-map")])
@pytest.mark.parametrize("read,what", [(sdreval.read_qrels, "judgements"),
                                       (sdreval.read_run, "a run")])
def test_a_file_and_a_table_say_the_same(tmp_path, rows, kind, read, what):
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    said = []
    for given, noun in ((str(path), "file"), (pd.DataFrame(rows), "table"), (rows, "table")):
        with pytest.raises(InputError) as refused:
            read(given)
        said.append(str(refused.value))
        assert f"this is a {kind} {noun}, not {what}: {SAID[kind]}" in said[-1]
    # the same text but for the noun
    assert len({s.split(": error: ", 1)[1].replace(" file,", " table,") for s in said}) == 1
