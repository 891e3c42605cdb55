"""The documents a LangChain loader returns (``Document(page_content, metadata={"source"})``)
and LlamaIndex's (``Document(id_, text)``), written with ``model_dump()``, are the texts the
chunks' offsets count in (``metadata.start_index``; ``start_char_idx`` of nodes whose
``ref_doc_id`` is the document's ``id_``).  ``--documents`` refused them ("documents need the
keys doc_id, text (missing: doc_id ...)"); they are read now under sdreval's keys.

Gold [9, 20) of a 40-character text; one chunk [5, 25) (LangChain start_index 5):
SpanR = 11/11, SpanP = 11/20."""
from __future__ import annotations

import json

import pytest

TEXT = "The cat sat on the mat. The dog did not."
LANGCHAIN = {"id": None, "metadata": {"source": "a.txt"}, "page_content": TEXT,
             "type": "Document"}
LLAMAINDEX = {"id_": "a.txt", "embedding": None, "metadata": {"file_name": "a.txt"},
              "relationships": {}, "text": TEXT, "start_char_idx": None, "end_char_idx": None,
              "class_name": "Document"}


@pytest.mark.parametrize("document", [LANGCHAIN, LLAMAINDEX], ids=["langchain", "llamaindex"])
def test_tool_documents_are_the_documents(tmp_path, sdreval_cli, document):
    (tmp_path / "docs.jsonl").write_text(json.dumps(document) + "\n")
    (tmp_path / "gold.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "a.txt", "start": 9, "end": 20, "relevance": 1}) + "\n")
    (tmp_path / "run.jsonl").write_text(json.dumps(
        {"query_id": "q", "page_content": TEXT[5:25], "score": 1.0,
         "metadata": {"source": "a.txt", "start_index": 5}}) + "\n")
    done = sdreval_cli("eval", tmp_path / "gold.jsonl", tmp_path / "run.jsonl", "--documents",
                       tmp_path / "docs.jsonl", "-m", "SpanR", "-m", "SpanP", "--format", "csv")
    assert done.returncode == 0, done.stderr
    values = {line.split(",")[2]: float(line.split(",")[3])
              for line in done.stdout.splitlines()[1:]}
    assert values == pytest.approx({"SpanR": 1.0, "SpanP": 11 / 20}, rel=1e-12)
