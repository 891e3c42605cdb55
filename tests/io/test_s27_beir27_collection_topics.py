"""A collection directory holding INEX topics (``<inex-topic-file>``, as INEX 2010's
2010-topics.xml) or Indri queries beside its documents: those files are no documents.
``validate`` counted them as documents with their elements (main: "1 documents, 643
elements" for a directory holding only the 2010 topics), and inex_eval's collection size
counted their elements."""
from click.testing import CliRunner
import pytest

from sdreval.cli.main import cli
from sdreval.io import read_collection
from sdreval.io.collection import NotADocument

ARTICLE = "<article><name>A</name><body><p>one</p><p>two</p></body></article>"  # 5 elements
TOPICS = ('<?xml version="1.0"?>\n<inex-topic-file><topic id="1"><title>a</title>'
          '<description>b</description></topic></inex-topic-file>')  # 4 elements
INDRI = "<parameters><query><number>1</number><text>#combine( a )</text></query></parameters>"


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "1.xml").write_text(ARTICLE)
    (tmp_path / "2.xml").write_text(ARTICLE.replace("two", "three"))
    (tmp_path / "2010-topics.xml").write_text(TOPICS)
    (tmp_path / "queries.xml").write_text(INDRI)
    return tmp_path


def test_validate_leaves_topics_out(folder):
    out = CliRunner().invoke(cli, ["validate", str(folder)])
    assert "ok: collection, 2 documents, 10 elements (2 XML file(s) left out" in out.output
    assert "<inex-topic-file> makes it INEX topics" in out.output
    assert "<parameters> makes it Indri queries" in out.output
    assert out.exit_code == 0


def test_only_topics_is_no_collection(tmp_path):
    (tmp_path / "2010-topics.xml").write_text(TOPICS)
    out = CliRunner().invoke(cli, ["validate", str(tmp_path)])
    assert out.exit_code == 1 and "0 documents, 0 elements" in out.output
    assert "its XML files are not documents" in out.output


def test_collection_size_and_naming(folder):
    collection = read_collection(folder)
    assert collection.element_count() == 5 + 5  # the two articles' elements only
    assert len(collection["1"]) == 5
    with pytest.raises(NotADocument, match="INEX topics"):
        collection["2010-topics"]
