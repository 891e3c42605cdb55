"""A span run in a Parquet file is read by the span reader with ``--jobs``/``--scheduler`` too.

Before the fix, ``eval --jobs 2`` left Parquet runs out of format detection and had the
workers read them as generic table runs: a record's ``"unit": "bytes"`` was ignored (byte
offsets taken as characters: a wrong number, exit 0), ``--documents`` was not used (gold given
as text: refused), and a chunk given as text only was refused as a document run."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

pytest.importorskip("pyarrow")

TEXT = "é😀 abc defghij"  # é: 2 UTF-8 bytes, 😀: 4; "abc" is characters [3, 6), bytes [7, 10)


def _write(tmp_path):
    (tmp_path / "docs.jsonl").write_text(json.dumps({"doc_id": "d", "text": TEXT}) + "\n")
    (tmp_path / "gold.jsonl").write_text(json.dumps({"query_id": "q", "doc_id": "d",
                                                     "start": 3, "end": 6, "relevance": 1})
                                         + "\n")
    (tmp_path / "gold_text.jsonl").write_text(json.dumps({"query_id": "q", "doc_id": "d",
                                                          "gold_text": "abc"}) + "\n")
    pd.DataFrame([{"query_id": "q", "doc_id": "d", "start": 7, "end": 10, "score": 1.0,
                   "unit": "bytes"}]).to_parquet(tmp_path / "bytes.parquet", index=False)
    pd.DataFrame([{"query_id": "q", "doc_id": "d", "page_content": "abc d", "score": 1.0}]
                 ).to_parquet(tmp_path / "text.parquet", index=False)


def _mean(tmp_path, qrels, run, *extra):
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / qrels), str(tmp_path / run),
                                      "--documents", str(tmp_path / "docs.jsonl"),
                                      "-m", "SpanP", "-m", "SpanR", *extra])
    assert result.exit_code == 0, result.output
    return {line.split("\t")[1]: float(line.split("\t")[3])
            for line in result.stdout.splitlines() if "\tall\t" in line}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_byte_offsets_in_a_parquet_run(tmp_path, jobs):
    _write(tmp_path)
    # bytes [7, 10) are characters [3, 6): exactly the gold text
    assert _mean(tmp_path, "gold.jsonl", "bytes.parquet", "--jobs", jobs) == \
        pytest.approx({"SpanP": 1.0, "SpanR": 1.0})


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_texts_in_a_parquet_run_and_gold_as_text(tmp_path, jobs):
    _write(tmp_path)
    # "abc d" is characters [3, 8): 3 of its 5 characters are the gold "abc"
    assert _mean(tmp_path, "gold_text.jsonl", "text.parquet", "--jobs", jobs) == \
        pytest.approx({"SpanP": 3 / 5, "SpanR": 1.0})
