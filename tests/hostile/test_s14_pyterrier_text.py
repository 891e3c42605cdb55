"""A PyTerrier result frame saved with its ``text`` column (as ``pt.text.get_text`` adds it
before a re-ranker) is a document run, read as the DataFrame itself is read: the file was taken
for a LangChain run of chunk texts and refused ('retrieved given as text need the
documents')."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

QRELS = "1 0 dB 1\n"
FRAME = pd.DataFrame({"qid": ["1", "1", "1"], "docid": [10, 11, 12], "docno": ["dA", "dB", "dC"],
                      "rank": [0, 1, 2], "score": [3.0, 2.0, 1.0],
                      "query": ["q"] * 3, "text": ["first text", "second", "third"]})


@pytest.mark.parametrize("layout", ["csv", "jsonl", "parquet"])
def test_a_results_file_with_text_is_a_document_run(tmp_path, layout):
    (tmp_path / "q.txt").write_text(QRELS)
    path = tmp_path / f"bm25.{layout}"
    if layout == "csv":
        FRAME.to_csv(path, index=False)
    elif layout == "jsonl":
        FRAME.to_json(path, orient="records", lines=True)
    else:
        FRAME.to_parquet(path)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(path), "-m", "AP"])
    # the relevant document at rank 2: AP = 1/2, as for the DataFrame
    assert result.exit_code == 0 and "bm25\tAP\tall\t0.5000" in result.output, result.output
    assert sdreval.evaluate(tmp_path / "q.txt", FRAME, "AP")["value"].tolist() == [0.5]
