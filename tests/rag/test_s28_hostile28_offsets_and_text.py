"""A chunk or gold span given with both its offsets and its text.

Without the documents, a LlamaIndex node map whose start_char_idx/end_char_idx count UTF-16
code units (as JavaScript tools write them) was read by its offsets alone: exit 0 and a
shifted span (SpanP@2 0.3778 below, where the node texts give 17/43 = 0.3953).  The offsets
must span as many characters as the text has, as they must when the documents are given (the
text at the offsets is then the text): a row that does not is an error saying how its offsets
were counted.  With the documents, a text that differs from its offsets is said to fit them
counted in UTF-16 code units or UTF-8 bytes, past a byte-order mark starting the document, or
in the other Unicode normal form; a text found nowhere, to be found in the other normal form.
"""
from __future__ import annotations

import json
import unicodedata
from fractions import Fraction

import pytest

import sdreval
from sdreval.errors import InputError
from sdreval.io.spans import Documents, chunk_map_from_frame

TEXT = "Hello 😀 world. Second 😀 sentence is here. Third one closes it."
GOLD = "Second 😀 sentence"
PARTS = [(0, 16), (16, 43), (43, len(TEXT))]


def utf16(i: int) -> int:
    return len(TEXT[:i].encode("utf-16-le")) // 2


def nodes(offset=lambda i: i):
    return [{"node_id": f"n{k}", "ref_doc_id": "d", "start_char_idx": offset(a),
             "end_char_idx": offset(b), "text": TEXT[a:b]} for k, (a, b) in enumerate(PARTS)]


def write(tmp_path, node_rows):
    start = TEXT.index(GOLD)  # 15
    (tmp_path / "q.jsonl").write_text(json.dumps(
        {"query_id": "q", "doc_id": "d", "start": start, "end": start + len(GOLD),
         "relevance": 1}) + "\n")
    (tmp_path / "run.jsonl").write_text("".join(
        json.dumps({"query_id": "q", "chunk_id": f"n{k}", "rank": k + 1}) + "\n"
        for k in range(3)))
    (tmp_path / "map.jsonl").write_text("".join(
        json.dumps(n, ensure_ascii=False) + "\n" for n in node_rows))


def test_nodes_in_characters_give_the_hand_computed_values(sdreval_cli, tmp_path):
    write(tmp_path, nodes())
    result = sdreval_cli("eval", tmp_path / "q.jsonl", tmp_path / "run.jsonl", "--chunk-map",
                         tmp_path / "map.jsonl", "-m", "SpanP@2", "-m", "SpanR@2")
    assert result.returncode == 0, result.stderr
    # gold [15, 32) (17 characters) inside Ret_2 = [0, 16) u [16, 43): P = 17/43, R = 1
    assert result.stdout.split() == ["run", "SpanP@2", "all", f"{float(Fraction(17, 43)):.4f}",
                                     "run", "SpanR@2", "all", "1.0000"]


@pytest.mark.parametrize("offset, said", [
    (utf16, "the offsets 0-17 span 17 characters, but the text given ('Hello 😀 world. S') "
            "has 16: the text has 17 UTF-16 code units (JavaScript and Java count a "
            "character outside the BMP, an emoji, as two): if the offsets count those, give "
            "Unicode character offsets"),
    (lambda i: len(TEXT[:i].encode()), "the offsets 0-19 span 19 characters, but the text "
                                       "given ('Hello 😀 world. S') has 16: the text has 19 "
                                       'UTF-8 bytes: if the offsets count bytes, say "unit": '
                                       '"bytes"'),
    (lambda i: i + 1 if i == len(TEXT) else i,  # one end moved: no unit explains it
     "map.jsonl:3: error: the offsets 43-63 span 20 characters, but the text given ('hird one "
     "closes it.') has 19: correct the offsets or the text"),
])
def test_offsets_not_spanning_the_text_are_refused_without_documents(sdreval_cli, tmp_path,
                                                                      offset, said):
    write(tmp_path, nodes(offset))
    result = sdreval_cli("eval", tmp_path / "q.jsonl", tmp_path / "run.jsonl", "--chunk-map",
                         tmp_path / "map.jsonl", "-m", "SpanP@2")
    assert result.returncode == 1 and result.stdout == "", result.stdout
    assert said in result.stderr, result.stderr


def test_the_api_refuses_the_same_rows():
    with pytest.raises(InputError) as error:
        chunk_map_from_frame(nodes(utf16))
    assert "the offsets 0-17 span 17 characters, but the text given" in str(error.value)
    assert "UTF-16 code units" in str(error.value)


def test_bytes_said_for_offsets_counting_characters():
    rows = [{"chunk_id": "c", "doc_id": "d", "start": 0, "end": 16, "unit": "bytes",
             "text": TEXT[:16]}]  # 16 characters, 19 bytes
    with pytest.raises(InputError) as error:
        chunk_map_from_frame(rows)
    assert ("the offsets 0-16 span 16 bytes, but the text given ('Hello 😀 world. S') has 19: "
            'the offsets count characters: leave out "unit": "bytes"') in str(error.value)


# ------------------------------------------------------------ with the documents: the hint

def chunk(body: str, start: int, text: str) -> dict:
    return {"query_id": "q", "page_content": text,
            "metadata": {"source": "d", "start_index": start}, "score": 1.0}


def refusal(body: str, row: dict) -> str:
    with pytest.raises(InputError) as error:
        sdreval.read_run([row], documents=Documents({"d": body}))
    return str(error.value)


def test_start_index_in_utf16_code_units():
    start = TEXT.index("Second")  # 15 characters, 16 UTF-16 code units
    said = refusal(TEXT, chunk(TEXT, utf16(start), "Second"))
    assert "the text at 16-22 of document d is 'econd ', not the text given ('Second')" in said
    assert "the text is there with the offsets counted in UTF-16 code units" in said


def test_start_index_in_utf8_bytes():
    body = "Café au lait. Second sentence."
    start = body.index("Second")  # 14 characters, 15 bytes
    said = refusal(body, chunk(body, len(body[:start].encode()), "Second"))
    assert 'the offsets counted in UTF-8 bytes: say "unit": "bytes"' in said


def test_document_starting_with_a_byte_order_mark():
    body = "\ufeffFirst line.\nSecond line."
    start = body.index("Second") - 1  # counted in the text without the mark
    said = refusal(body, chunk(body, start, "Second"))
    assert "the document's text starts with a byte-order mark (U+FEFF, invisible)" in said
    assert "encoding 'utf-8-sig'" in said


def test_document_in_the_other_normal_form():
    composed = "Première ligne. Deuxième ligne avec café."
    body = unicodedata.normalize("NFD", composed)
    start = composed.index("Deuxième")  # 16 in NFC, 17 in NFD (è is e + U+0300)
    said = refusal(body, chunk(body, start, "Deuxième ligne"))
    assert "the offsets fit the document's text in Unicode normal form NFC" in said


def test_wrong_offsets_keep_the_plain_advice():
    said = refusal(TEXT, chunk(TEXT, 3, "Second"))
    assert said.endswith("correct the offsets or the text, or leave out the offsets (a text "
                         "alone is found in the document)")


def test_text_found_only_in_the_other_normal_form():
    body = unicodedata.normalize("NFD", "Première ligne. Deuxième ligne avec café.")
    gold = [{"query_id": "q", "doc_id": "d", "gold_text": "Deuxième ligne", "relevance": 1}]
    with pytest.raises(InputError) as error:
        sdreval.read_qrels(gold, documents=Documents({"d": body}))
    assert "not found in document d, neither exactly nor with white space normalised; it is " \
           "found once the text and the document are in one Unicode normal form" \
        in str(error.value)


def test_documents_stripped_of_their_last_line_break():
    raw = "First para.\n\nSecond para ends here.\n"  # as the chunker read the file
    start = raw.index("Second")
    said = refusal(raw.strip(), chunk(raw, start, raw[start:]))
    assert "the documents' text lacks the white space that ends the file (stripped?)" in said


def test_documents_with_lone_cr_line_ends():
    raw = "First line.\rSecond line.\rThird line.\r"
    read = raw.replace("\r", "\n")  # Python's open() reads a lone \r as \n too
    start = read.index("Second")
    said = refusal(raw, chunk(read, start, read[start:start + 13]))
    assert "the document's lines end in \\r (as classic Mac OS wrote them), and the offsets " \
           "fit its text with each \\r read as \\n, as Python's open() reads a file" in said
