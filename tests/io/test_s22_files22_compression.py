"""Compressed files other than gzip (bzip2, xz, zstd, zip) are refused naming the compression
and what to do, whether the format is detected or forced, and from standard input.  Before,
detection called them "NUL bytes: a binary file, or text in UTF-16", a zstd run was taken for
a document run with an error per line, and a forced format (and gzip data in a file not named
``.gz``) gave one "line is not UTF-8" error per compressed line."""
from __future__ import annotations

import bz2
import gzip
import lzma

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io import read_run

RUN = b"1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n2 Q0 d5 1 1.0 r\n"
QRELS = b"1 0 d1 1\n2 0 d5 1\n"
#: what each tool writes (zstd: its frame's magic number, RFC 8878 section 3.1.1)
PACKED = {
    "bzip2": bz2.compress(RUN),
    "xz": lzma.compress(RUN),
    "zstd": b"\x28\xb5\x2f\xfd\x24\x30\x81\x01\x00" + RUN,
    "gzip": gzip.compress(RUN),
}


@pytest.mark.parametrize("kind", ["bzip2", "xz", "zstd"])
@pytest.mark.parametrize("fmt", [None, "document-run"])
def test_other_compression_is_refused_by_name(tmp_path, kind, fmt):
    path = tmp_path / "run.txt"
    path.write_bytes(PACKED[kind])
    with pytest.raises(InputError) as error:
        read_run(path, fmt=fmt)
    assert f"{kind}-compressed data" in str(error.value) and "gzip" in str(error.value)
    assert len(error.value.problems) == 1


@pytest.mark.parametrize("fmt", [None, "document-run"])
def test_gzip_data_not_named_gz_is_refused_even_with_a_forced_format(tmp_path, fmt):
    path = tmp_path / "run.txt"
    path.write_bytes(PACKED["gzip"])
    with pytest.raises(InputError, match="rename it FILE.gz") as error:
        read_run(path, fmt=fmt)
    assert len(error.value.problems) == 1
    (tmp_path / "run.txt.gz").write_bytes(PACKED["gzip"])  # named so: read
    assert sorted(read_run(tmp_path / "run.txt.gz", fmt=fmt).topics) == ["1", "2"]


def test_the_cli_refuses_it_from_a_file_and_from_standard_input(tmp_path):
    (tmp_path / "q").write_bytes(QRELS)
    (tmp_path / "run.bz2").write_bytes(PACKED["bzip2"])
    for args, given in ((["eval", str(tmp_path / "q"), str(tmp_path / "run.bz2")], None),
                        (["eval", str(tmp_path / "q"), str(tmp_path / "run.bz2"),
                          "--run-format", "document"], None),
                        (["eval", str(tmp_path / "q"), "-"], PACKED["bzip2"]),
                        (["validate", str(tmp_path / "run.bz2")], None)):
        done = CliRunner().invoke(cli, args + (["-m", "AP"] if args[0] == "eval" else []),
                                  input=given)
        assert done.exit_code == 1, (args, done.output)
        assert "bzip2-compressed data" in done.output and "bunzip2 -k FILE" in done.output
        assert "not UTF-8" not in done.output and "NUL" not in done.output
