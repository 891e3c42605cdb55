"""A span past the end of its document (``--documents``) was refused with the document's length
only.  Offsets of another unit show this way (UTF-16 code units of JavaScript/Java tools count
an emoji twice; UTF-8 byte offsets count é twice), so the message now says which unit the
span fits and what to do.

Text "😀 ab cé": 7 code points, 8 UTF-16 code units (the emoji is two), 11 UTF-8 bytes (4 for
the emoji, 2 for é).  A chunk [0, 8) fits the UTF-16 length; [0, 11) the byte length;
[0, 12) neither."""
from __future__ import annotations

import pytest

from sdreval.errors import InputError
from sdreval.io.spans import Documents, chunk_map_from_frame

TEXT = "\U0001F600 ab c\u00e9"
DOCS = Documents({"d": TEXT})


def test_lengths_written_out():
    assert (len(TEXT), len(TEXT.encode("utf-16-le")) // 2, len(TEXT.encode())) == (7, 8, 11)


@pytest.mark.parametrize("end, said", [
    (8, "fits the text's 8 UTF-16 code units"),
    (11, "fits the text's UTF-8 bytes: if the offsets count bytes, say \"unit\": \"bytes\""),
    (12, "offsets count the Unicode characters")])
def test_span_past_the_end_names_the_unit_it_fits(end, said):
    with pytest.raises(InputError) as caught:
        chunk_map_from_frame([{"chunk_id": "c", "doc_id": "d", "start": 0, "end": end}],
                             documents=DOCS)
    text = str(caught.value)
    assert f"span 0-{end} reaches beyond the end of document d (7 chars)" in text
    assert said in text
