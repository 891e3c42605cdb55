"""CSV/TSV fields that open a double quote and do not close it: pandas read on, silently (an
unclosed quote swallowed the next lines -- other documents -- into one field; ``"Hi," he said``
lost its quotes), so the texts, and every offset in them, changed. Such a file is now refused at
the line where the field starts; files quoted by the usual writers still read as written."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.spans.documents import read_documents

GOLD = '{"query_id": "q1", "reference_contexts": ["second doc"]}\n'  # located in the documents
RUN = '{"query_id": "q1", "doc_id": "d2", "start": 0, "end": 10, "score": 1.0}\n'


@pytest.mark.parametrize("docs,line", [
    # multi-paragraph dialogue: a paragraph opens a quote that the next one closes
    ('doc_id\ttext\nd1\t"Run,\nd2\tsecond doc\nd3\tthird "x" end\n', 2),
    ('doc_id\ttext\nd1\tfine\nd2\tsecond doc\nd3\t"open to the end\n', 4),
    ('doc_id\ttext\nd1\t"Run," she said.\nd2\tsecond doc\n', 2),
])
def test_a_broken_quote_is_refused_at_its_line(tmp_path, docs, line):
    (tmp_path / "gold.jsonl").write_text(GOLD)
    (tmp_path / "run.jsonl").write_text(RUN)
    (tmp_path / "docs.tsv").write_text(docs)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "gold.jsonl"),
                                      str(tmp_path / "run.jsonl"), "--documents",
                                      str(tmp_path / "docs.tsv"), "-m", "SpanP@1"])
    # before: exit 0, SpanP@1 0.0000 for the first file ("second doc" was found inside the
    # merged d1, not in d2, which the run retrieves whole: 1.0000)
    assert result.exit_code == 1 and f"docs.tsv:{line}: error: malformed quoting" \
        in result.output, result.output


def test_files_quoted_by_pandas_read_as_written(tmp_path):
    texts = ['"Hi," he said', 'He said "hi"', "tab\there", "two\nlines", '"', 'a "b" c']
    frame = pd.DataFrame({"doc_id": [f"d{i}" for i in range(len(texts))], "text": texts})
    for sep, name in ((",", "docs.csv"), ("\t", "docs.tsv")):
        frame.to_csv(tmp_path / name, sep=sep, index=False)
        assert read_documents(tmp_path / name).texts == dict(zip(frame.doc_id, texts))
    (tmp_path / "plain.tsv").write_text('doc_id\ttext\nd1\tthird "x" end\n')  # a quote inside
    assert read_documents(tmp_path / "plain.tsv").texts == {"d1": 'third "x" end'}


def test_a_quoted_text_longer_than_the_csv_module_limit(tmp_path):
    text = 'He said "x". ' * 20000  # 260,000 characters, quoted by pandas
    pd.DataFrame({"doc_id": ["d1"], "text": [text]}).to_csv(tmp_path / "docs.csv", index=False)
    assert read_documents(tmp_path / "docs.csv").texts == {"d1": text}
