"""A document whose text starts with a byte-order mark (U+FEFF: a file saved "with BOM", read
by Python's open(), which keeps it).  sdreval counts it as the character at offset 0, as
Python does; gold offsets made by a tool that drops it (a browser's TextDecoder, encoding
'utf-8-sig') are one less, and nothing said so: gold [16, 41) of "Deuxième ligne avec café."
counted without the mark against a chunk located in the text with it gave SpanP@1 1/16 and
SpanR@1 1/25 with exit 0 and no word.  The rule is now said in a warning."""
from __future__ import annotations

import json
import warnings

from sdreval.io.spans import read_documents

LF = "Première ligne.\nDeuxième ligne avec café.\nTroisième ligne finale.\n"
SAID = ("warning: 1 document(s) start with a byte-order mark (U+FEFF, invisible: d (line 1)), "
        "counted as the character at offset 0, as Python's open() reads the file; offsets "
        "from a tool that drops it (JavaScript's TextDecoder, encoding 'utf-8-sig') are one "
        "less: then leave it out of the text")


def test_the_rule_is_said(sdreval_cli, tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": "\ufeff" + LF}) + "\n")
    gold = LF.index("Deuxième")  # 16: counted without the mark
    (tmp_path / "q.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "d", "start": gold, "end": gold + 25, "relevance": 1}) + "\n")
    (tmp_path / "r.jsonl").write_text(json.dumps(
        {"query_id": "q", "page_content": "Deuxième ligne avec café.\n",
         "metadata": {"source": "d"}, "score": 1.0}) + "\n")
    result = sdreval_cli("eval", tmp_path / "q.jsonl", tmp_path / "r.jsonl", "--documents",
                         tmp_path / "docs.jsonl", "-m", "SpanR")
    assert result.returncode == 0
    # the chunk is at [17, 43) of the text with the mark; gold [16, 41): 24 of 25 characters
    assert result.stdout.split() == ["r", "SpanR", "all", f"{24 / 25:.4f}"]
    assert SAID in result.stderr, result.stderr


def test_no_warning_without_the_mark(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": LF}) + "\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert read_documents(tmp_path / "docs.jsonl").texts == {"d": LF}
