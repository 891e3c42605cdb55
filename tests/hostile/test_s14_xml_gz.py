"""INEX XML submissions and assessments compressed with gzip (``FILE.xml.gz``, or piped on
standard input) are read like the plain file (were refused as 'malformed XML: Start tag
expected', after detection had already read them decompressed); a damaged one is an input
error naming the file, never a bare EOFError."""
from __future__ import annotations

import gzip
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.io import read_qrels, read_run

QRELS = "1 0 dA 1\n"
SUBMISSION = ('<?xml version="1.0" encoding="UTF-8"?>\n<inex-submission run-id="r">'
              '<topic topic-id="1">\n'
              '<result><file>dB</file><path>/article[1]</path><rank>1</rank><rsv>2</rsv></result>\n'
              '<result><file>dA</file><path>/article[1]</path><rank>2</rank><rsv>1</rsv></result>\n'
              '</topic></inex-submission>\n')


@pytest.mark.parametrize("stream", [False, True])
def test_a_compressed_submission_scores_as_the_plain_one(tmp_path, stream):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "run.xml.gz").write_bytes(gzip.compress(SUBMISSION.encode()))
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q.txt"), str(tmp_path / "run.xml.gz"),
                                      "-m", "AP"] + (["--stream"] if stream else []))
    # the relevant document at rank 2 of 2: AP = 1/2
    assert result.exit_code == 0 and "r\tAP\tall\t0.5000" in result.output, result.output


def test_a_compressed_submission_on_stdin(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-m", "sdreval", "eval", str(tmp_path / "q.txt"), "-",
                           "-m", "AP"], input=gzip.compress(SUBMISSION.encode()), env=env,
                          capture_output=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, b"r\tAP\tall\t0.5000\n"), done.stderr


def test_compressed_assessments(tmp_path):
    xml = ("<assessments topic='1' version='2004'><file file='dA'>"
           "<path path='/article[1]' exhaustiveness='2' specificity='3'/></file></assessments>\n")
    (tmp_path / "a.xml.gz").write_bytes(gzip.compress(xml.encode()))
    element = read_qrels(tmp_path / "a.xml.gz").topics["1"].elements[("dA", "/article[1]")]
    assert (element.e, element.s) == (2, 3)


def test_a_truncated_compressed_submission_is_an_input_error(tmp_path):
    results = "".join(f"<result><file>d{i}</file><path>/article[1]/sec[{i % 9 + 1}]</path>"
                      f"<rank>{i + 1}</rank><rsv>{1 / (i + 1)!r}</rsv></result>\n"
                      for i in range(20000))  # more than detection's first 64 KiB
    data = gzip.compress(SUBMISSION.replace("</topic>", results + "</topic>").encode())
    (tmp_path / "run.xml.gz").write_bytes(data[: len(data) * 3 // 4])
    with pytest.raises(InputError, match="cannot read"):
        read_run(tmp_path / "run.xml.gz")
