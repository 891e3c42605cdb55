"""LangChain's TextLoader reads a file with Python's open() in text mode: each \\r\\n becomes
\\n, and the splitter's start_index counts characters of that text.  Documents given with
their \\r\\n line ends (read as bytes, or by another tool) then differ from the chunk text at
its offsets, and sdreval's error said only "correct the offsets or the text"; it now says that
the offsets fit the document with \\r\\n read as \\n, and what to give instead."""
from __future__ import annotations

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.spans import Documents

RAW = "Title\r\nFirst line about cats.\r\nSecond line about dogs.\r\n"
READ = RAW.replace("\r\n", "\n")  # as open(path).read() gives it
START = READ.index("Second")  # 29 in the text read; "Second" is at 31 in RAW
CHUNK = {"query_id": "q", "page_content": READ[START:START + 23],
         "metadata": {"source": "a.txt", "start_index": START}, "score": 1.0}


def test_offsets_counted_with_lf_line_ends_are_explained():
    assert RAW[START:START + 23] != CHUNK["page_content"]
    with pytest.raises(InputError) as error:
        sdreval.read_run([CHUNK], documents=Documents({"a.txt": RAW}))
    said = str(error.value)
    assert "the text at 29-52 of document a.txt is" in said
    assert ("the document's lines end in \\r\\n, and the offsets fit its text with each \\r\\n "
            "read as \\n, as Python's open() and LangChain's TextLoader read a file") in said


def test_the_same_chunk_against_the_text_as_read_is_accepted():
    run = sdreval.read_run([CHUNK], documents=Documents({"a.txt": READ}))
    topic = run.topics["q"]
    assert (int(topic.offsets[0]), int(topic.lengths[0])) == (29, 23)


def test_other_wrong_offsets_keep_the_plain_advice():
    wrong = {**CHUNK, "metadata": {"source": "a.txt", "start_index": START + 1}}
    with pytest.raises(InputError) as error:
        sdreval.read_run([wrong], documents=Documents({"a.txt": RAW}))
    said = str(error.value)
    assert "correct the offsets or the text, or leave out the offsets" in said
    assert "\\r\\n" not in said.split("not the text given")[1]
