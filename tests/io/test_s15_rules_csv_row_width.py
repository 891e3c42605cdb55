"""A CSV/TSV row holding a value beyond the header's columns is refused at its line.  Before,
pandas took the first column of such a file as the row index and shifted every value one
column left, silently: TREC qrels with their iteration column under a three-name header
(``1,0,d1,1`` under ``topic,doc,relevance``) were read as topic ``0``, document ``d1``, and the
run's topic 1 then matched no judgement.  A separator ending every line (an empty last field)
shifted them too; it holds nothing and is now read as the header says."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.spans.documents import read_documents

RUN = "topic,doc,score\n1,d1,2.0\n1,d2,1.0\n"


@pytest.mark.parametrize("qrels,line", [
    ("topic,doc,relevance\n1,0,d1,1\n1,0,d2,0\n", 2),
    ("topic,doc,relevance\n1,d1,1\n1,d2,0,x\n", 3),
])
def test_a_value_beyond_the_header_is_refused_at_its_line(tmp_path, qrels, line):
    (tmp_path / "q.csv").write_text(qrels)
    (tmp_path / "r.csv").write_text(RUN)
    with pytest.raises(InputError, match="fields where the header names 3") as error:
        sdreval.evaluate(tmp_path / "q.csv", tmp_path / "r.csv", "P@1")
    assert (error.value.problems[0].file.endswith("q.csv"), error.value.problems[0].line) \
        == (True, line)


def test_a_separator_ending_every_line_is_read_as_the_header_says(tmp_path):
    (tmp_path / "q.csv").write_text("topic,doc,relevance\n1,d1,1,\n1,d2,0,\n")
    (tmp_path / "r.csv").write_text(RUN.replace("\n1", ",\n1").replace("1.0\n", "1.0,\n"))
    result = sdreval.evaluate(tmp_path / "q.csv", tmp_path / "r.csv", ["P@1", "P@2"])
    assert result["value"].tolist() == [1.0, 0.5]  # d1 relevant at rank 1, d2 not


def test_a_text_with_the_separator_inside_its_quotes_is_one_field(tmp_path):
    (tmp_path / "d.tsv").write_text('doc_id\ttext\nd1\t"a\tb"\n')
    assert read_documents(tmp_path / "d.tsv").texts == {"d1": "a\tb"}
