"""``len()`` of a collection directory counted every XML file, a topics file (no document:
its root element <inex-topic-file>) included, also after parsing, and iterating gave it as a
document.  Now ``len()`` and iteration give the documents, whether or not they were parsed
(a file is told by its root element); ``element_count`` and ``validate`` share that rule."""
from __future__ import annotations

import pickle

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.io.collection import read_collection


def _collection(tmp_path):
    (tmp_path / "d1.xml").write_text("<article><bdy><sec>ab</sec><sec>cd</sec></bdy></article>")
    (tmp_path / "d2.xml").write_text("<?xml version='1.0'?>\n<!-- a comment -->\n"
                                     "<article><p>x&amp;y</p></article>")
    (tmp_path / "topics.xml").write_text("<?xml version='1.0'?>\n<inex-topic-file><topic "
                                         "id='1'><title>t</title></topic></inex-topic-file>")
    (tmp_path / "queries.xml").write_text("<parameters><query><number>1</number><text>t</text>"
                                          "</query></parameters>")  # Indri's query file
    return tmp_path


def test_len_counts_the_documents_before_parsing(tmp_path):
    collection = read_collection(_collection(tmp_path))
    assert len(collection) == 2  # d1, d2: not the topics, not Indri's queries
    assert sorted(collection) == ["d1", "d2"]
    assert sorted(collection.others) == ["queries", "topics"]
    assert collection.element_count() == 4 + 2  # article bdy sec sec; article p
    assert len(collection) == 2 and sorted(collection) == ["d1", "d2"]  # after parsing too
    assert len(pickle.loads(pickle.dumps(collection))) == 2  # as --jobs sends it


def test_len_after_naming_the_topics_file(tmp_path):
    collection = read_collection(_collection(tmp_path))
    try:
        collection["topics"]
    except Exception as error:  # refused when named
        assert "not a document" in str(error)
    assert len(collection) == 2


def test_validate_says_the_same(tmp_path):
    said = CliRunner().invoke(cli, ["validate", str(_collection(tmp_path))])
    assert said.exit_code == 0, said.output
    assert "2 documents, 6 elements (2 XML file(s) left out: not documents)" in said.output
