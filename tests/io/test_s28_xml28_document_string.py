"""parse_document given the text of a document (a Python str, already decoded) whose XML
declaration names another encoding than UTF-8 (a file read with ``encoding="latin-1"``): the
text was encoded as UTF-8 and parsed as the declared ISO-8859-1, so ``é`` became the two
characters ``Ã©`` and every offset after it moved by one, silently.  A str is now parsed as the
characters it holds (the declaration no longer applies), as a str with a byte order mark is
(it was taken for a file name)."""
from __future__ import annotations

import pytest

from sdreval.io.collection import parse_document

DOC = "<article><p>é</p><p>x</p></article>"


@pytest.mark.parametrize("head", ['<?xml version="1.0" encoding="ISO-8859-1"?>',
                                  '<?xml version="1.0" encoding="windows-1252"?>\n',
                                  '<?xml version="1.0" encoding="UTF-16"?>', "\ufeff", ""])
def test_a_decoded_document_is_read_as_its_characters(head):
    tree = parse_document(head + DOC, "d")
    assert tree.text == "éx"  # 2 characters: é is one code point (the INEX offset unit)
    ranges = dict(zip(tree.paths, zip(tree.start.tolist(), tree.end.tolist())))
    assert ranges == {"/article[1]": (0, 2), "/article[1]/p[1]": (0, 1),
                      "/article[1]/p[2]": (1, 2)}


def test_the_same_document_as_bytes_in_its_declared_encoding():
    data = ('<?xml version="1.0" encoding="ISO-8859-1"?>' + DOC).encode("latin-1")
    assert parse_document(data, "d").text == "éx"
