"""Format detection (session 24 coverage hunt): a file of another kind than its place asks
(neither swapped role), a truncated ``.gz``, XML directories, a run file read by byte range
(as a parallel worker reads its piece) and a missing run file."""
from __future__ import annotations

import gzip
import os

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.detect import detect_format, normalise_format, QRELS_FORMATS, RUN_FORMATS, \
    sniff_xml_directory
from sdreval.io.readers import read_qrels, read_run
from sdreval.io.trec import read_trec_run


def test_a_documents_file_is_neither_judgements_nor_a_run(tmp_path):
    path = tmp_path / "docs.jsonl"
    path.write_text('{"doc_id": "d", "text": "hello world"}\n')
    assert detect_format(path) == "documents"
    with pytest.raises(InputError, match=r"this is a documents file, not judgements: documents "
                                         r"\(doc_id, text; .*\) are given beside"):
        read_qrels(str(path))
    with pytest.raises(InputError, match="this is a documents file, not a run"):
        read_run(str(path))


def test_a_truncated_gz_is_refused_while_detecting(tmp_path):
    path = tmp_path / "run.txt.gz"
    path.write_bytes(gzip.compress(b"1 Q0 d 1 1.0 r\n" * 1000)[:60])
    with pytest.raises(InputError, match="cannot read: Compressed file ended"):
        detect_format(path)


def test_a_gz_truncated_after_a_long_comment_head_is_refused_at_its_line(tmp_path):
    # the first 64 KiB hold comments only: detection reads on line by line, into the damage
    comments = b"".join(b"# %s\n" % os.urandom(60).hex().encode() for _ in range(2000))
    data = gzip.compress(comments + b"1 Q0 d 1 1.0 r\n")
    path = tmp_path / "run.txt.gz"
    path.write_bytes(data[:len(data) * 3 // 4])
    with pytest.raises(InputError) as caught:
        detect_format(path)
    problem = caught.value.problems[0]
    assert problem.message.startswith("cannot read: Compressed file ended")
    assert 1000 < problem.line <= 2001


def test_table_alias_takes_the_places_table_format(tmp_path):
    assert normalise_format("table", QRELS_FORMATS) == "table-qrels"
    assert normalise_format("TABLE", RUN_FORMATS) == "table-run"


def test_xml_directories(tmp_path):
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    (mixed / "z.xml").write_text("<assessments topic='1'><file file='d'><path path='/a[1]' "
                                 "exhaustiveness='1' specificity='1'/></file></assessments>")
    os.symlink(tmp_path / "nonexistent", mixed / "a.xml")  # an XML name that cannot be read
    assert sniff_xml_directory(mixed) == "inex-assessments"
    documents = tmp_path / "documents"
    documents.mkdir()
    for i in range(4):
        (documents / f"d{i}.xml").write_text("<article><p>x</p></article>")
    assert sniff_xml_directory(documents, files=3) == "collection"


def test_a_byte_range_of_a_run_file_keeps_its_line_numbers(tmp_path):
    lines = ["1 Q0 a 1 3.0 r\n", "1 Q0 b 2 2.0 r\n", "2 Q0 c 1 3.0 r\n", "2 Q0 d x 2.0 r\n"]
    path = tmp_path / "run.txt"
    path.write_text("".join(lines))
    start = len(lines[0]) + len(lines[1])
    log = ProblemLog()
    run = read_trec_run(path, "document", log, byte_range=(start, len("".join(lines)), 2))
    assert list(run.topics) == ["2"] and list(run["2"].docs) == ["c"]
    assert [(p.line, p.message) for p in log.errors] == [
        (4, "rank 'x' is not an integer: write each rank in decimal digits (3, not 3.0)")]


def test_a_missing_run_file_and_an_unknown_layout():
    with pytest.raises(InputError, match="cannot open: "):
        read_trec_run("/nonexistent/run.txt", "document", ProblemLog())
    with pytest.raises(ValueError, match="unknown run layout 'x'"):
        read_trec_run("/nonexistent/run.txt", "x")
