"""Text inputs (session 24 coverage hunt): a named pipe holding gzip data (read twice: detection,
then the reader), a socket and a directory where a file is expected, missing files, damaged
``.gz`` files under the directive scans, a file of blank lines forced to a format."""
from __future__ import annotations

import gzip
import os
import socket
import threading

import pytest

from sdreval.errors import InputError, ProblemLog
from sdreval.io.native_lines import scale_directive
from sdreval.io.readers import read_qrels
from sdreval.io.textlines import iter_fields, local_path, open_binary
from sdreval.model.runnames import file_stem


def test_a_named_pipe_of_gzip_data_is_detected_and_read(tmp_path):
    fifo = tmp_path / "qrels.pipe"
    os.mkfifo(fifo)
    data = gzip.compress(b"1 0 d 1\n1 0 e 0\n2 0 f 2\n")

    def write():
        with open(fifo, "wb") as out:
            out.write(data)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        qrels = read_qrels(str(fifo))  # detection reads the pipe, the reader its copy
    finally:
        writer.join(5)
    grades = {(t, a.doc): a.e for t in qrels.topics for a in qrels[t].elements.values()}
    assert grades == {("1", "d"): 1.0, ("1", "e"): 0.0, ("2", "f"): 2.0}
    assert local_path(str(fifo)) == local_path(str(fifo))  # one copy, named once


def test_a_socket_cannot_be_opened_as_an_input(tmp_path):
    where = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(where))
    try:
        with pytest.raises(InputError, match="cannot open: "):
            local_path(str(where))
    finally:
        server.close()


def test_a_directory_is_not_a_file(tmp_path):
    with pytest.raises(InputError, match="is a directory, not a file"):
        open_binary(tmp_path)


def test_a_missing_file_cannot_be_read_line_by_line(tmp_path):
    with pytest.raises(InputError, match="cannot open: "):
        list(iter_fields(tmp_path / "none.txt", ProblemLog()))


def _damaged_gz(tmp_path, name, head: bytes):
    # random comment lines: the damage falls after the head
    rest = b"".join(b"# %s\n" % os.urandom(60).hex().encode() for _ in range(3000))
    data = gzip.compress(head + rest)
    path = tmp_path / name
    path.write_bytes(data[:len(data) // 2])
    return path


def test_directive_scans_stop_quietly_at_the_damage_of_a_gz(tmp_path):
    path = _damaged_gz(tmp_path, "q.tsv.gz", b"# scale=inex2003\n")
    assert scale_directive(path, str(path), ProblemLog()) is None  # the reader reports it


def test_a_damaged_native_gz_is_reported_by_the_reader(tmp_path):
    path = _damaged_gz(tmp_path, "q.tsv.gz",
                       b"# scale=inex2003\nt1\td1\t/article[1]\t2\t3\n")
    log = ProblemLog()
    qrels = read_qrels(str(path), "native-qrels", log)
    assert [a.e for a in qrels["t1"].elements.values()] == [2.0]
    assert [p.message for p in log.errors if "Compressed file ended" in p.message]


@pytest.mark.parametrize("fmt", ["fol-qrels", "trec-qrels"])
def test_a_file_of_blank_lines_forced_to_a_format_holds_no_judgements(tmp_path, fmt):
    path = tmp_path / "blank.txt"
    path.write_text("   \n\n \t \n")
    log = ProblemLog()
    assert len(read_qrels(str(path), fmt, log)) == 0
    assert [(p.severity, p.message) for p in log.problems] == [
        ("warning", "the qrels hold no judgements")]


def test_standard_input_is_named_stdin():
    assert file_stem("-") == "<stdin>"
