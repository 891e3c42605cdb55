"""XML collections (session 24 coverage hunt): namespaced tags are written ``prefix:local``
(docs/formats-xml.md), a default namespace adds no prefix; an unreadable document and two
documents of one stem under ``naming='stem'`` without a log are refused naming the file."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError
from sdreval.io.collection import parse_document, read_collection


def test_namespaced_tags_in_paths():
    tree = parse_document(b'<article xmlns="urn:a" xmlns:m="urn:m"><m:sec>ab</m:sec>'
                          b'<sec>c<m:sec>d</m:sec></sec></article>', "d")
    assert tree.paths == ["/article[1]", "/article[1]/m:sec[1]", "/article[1]/sec[1]",
                          "/article[1]/sec[1]/m:sec[1]"]
    # text "abcd": m:sec[1] = "ab" [0, 2), sec[1] = "cd" [2, 4), its m:sec = "d" [3, 4)
    assert tree.start.tolist() == [0, 0, 2, 3] and tree.end.tolist() == [4, 2, 4, 4]


def test_a_document_that_cannot_be_read(tmp_path):
    with pytest.raises(InputError, match="cannot read document: .*Is a directory"):
        parse_document(tmp_path)


def test_equal_stems_named_by_stem_without_a_log_are_refused(tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.xml").write_text("<article>t</article>")
    with pytest.raises(InputError) as caught:
        read_collection(tmp_path, naming="stem")
    problem = caught.value.problems[0]
    assert problem.file == str(tmp_path / "b" / "x.xml")
    assert problem.message.startswith(f"duplicate document id 'x': also {tmp_path / 'a' / 'x.xml'}")
