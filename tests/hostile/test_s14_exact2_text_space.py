"""A CSV/TSV text column keeps its white space exactly: a document written by pandas or Python's
``csv`` module as ``d1,  hello world`` (a text starting with spaces is not quoted by them, as RFC
4180 keeps spaces) lost its leading spaces (``skipinitialspace``), so every character offset in
it was off and span measures silently wrong. Ids and numbers still have their white space
stripped; the same documents give the same texts from JSONL, CSV, TSV and Parquet."""
from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io.spans.documents import read_documents

TEXTS = {"d1": "  hello world", "d2": "\tindented", "d3": " x, y ", "d4": "plain"}


def _write_all(tmp_path) -> list:
    frame = pd.DataFrame({"doc_id": list(TEXTS), "text": list(TEXTS.values())})
    frame.to_csv(tmp_path / "docs.csv", index=False)
    frame.to_csv(tmp_path / "docs.tsv", sep="\t", index=False)
    frame.to_parquet(tmp_path / "docs.parquet")
    (tmp_path / "docs.jsonl").write_text("".join(
        json.dumps({"doc_id": d, "text": t}) + "\n" for d, t in TEXTS.items()))
    return [tmp_path / n for n in ("docs.csv", "docs.tsv", "docs.parquet", "docs.jsonl")]


def test_text_white_space_is_kept_in_every_container(tmp_path):
    for path in _write_all(tmp_path):
        assert read_documents(path).texts == TEXTS, path.name  # before: CSV "hello world"


def test_ids_are_still_stripped_and_texts_kept(tmp_path):
    (tmp_path / "docs.csv").write_text("doc_id, text\n d1 ,  two spaces\n")
    assert read_documents(tmp_path / "docs.csv").texts == {"d1": "  two spaces"}


def test_span_offsets_on_the_raw_text(tmp_path):
    _write_all(tmp_path)
    # the relevant span is "hello" in the text as written (offsets 2..7 of "  hello world")
    (tmp_path / "qrels.jsonl").write_text(
        '{"query_id": "q1", "doc_id": "d1", "start": 2, "end": 7, "relevance": 1}\n')
    (tmp_path / "run.jsonl").write_text(
        '{"query_id": "q1", "text": "hello", "score": 1.0}\n')
    outs = {}
    for name in ("docs.csv", "docs.jsonl"):
        result = CliRunner().invoke(cli, ["eval", str(tmp_path / "qrels.jsonl"),
                                          str(tmp_path / "run.jsonl"), "--documents",
                                          str(tmp_path / name), "-m", "SpanP@1"])
        assert result.exit_code == 0, result.output
        outs[name] = result.output
    # the run's text "hello" is located at 2..7 in d1: precision 5/5 (before, from the CSV,
    # at 0..5, of which 3 characters are relevant: 0.6000, silently)
    assert "1.0000" in outs["docs.csv"] and outs["docs.csv"] == outs["docs.jsonl"]


@pytest.mark.parametrize("docs", ['doc_id,text\nd1, "hello, x"\n', 'doc_id,text\nd1, "x"\n'])
def test_white_space_before_a_quote_is_refused(tmp_path, docs):
    (tmp_path / "docs.csv").write_text(docs)
    with pytest.raises(InputError, match="white space before") as error:
        read_documents(tmp_path / "docs.csv")
    # before: read as 'hello, x' and 'x' (the space skipped); now that an unquoted text keeps
    # its white space, the space would make the quotes part of the text: ambiguous, refused
    assert error.value.problems[0].line == 2
