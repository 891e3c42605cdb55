"""Inputs that ended in a traceback end in a clean refusal (issue 11 item 10)."""
from __future__ import annotations

import gzip
import json

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

SYN = example_path("synthetic")
Q, R = str(SYN / "qrels.tsv"), str(SYN / "runs" / "sim01.txt")


def _invoke(args):
    result = CliRunner().invoke(cli, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    return result


def _corrupt_gz(source, target):
    data = bytearray(gzip.compress(open(source, "rb").read()))
    data[100:160] = b"x" * 60  # the deflate stream, not the header: zlib.error
    target.write_bytes(bytes(data))
    return str(target)


@pytest.mark.parametrize("extra", [[], ["--stream"]])
def test_corrupt_gz_run(tmp_path, extra):
    bad = _corrupt_gz(R, tmp_path / "run.txt.gz")
    result = _invoke(["eval", Q, bad, "-m", "MAep", *extra])
    assert result.exit_code == 1 and bad in result.stderr


def test_corrupt_gz_qrels_and_validate(tmp_path):
    bad = _corrupt_gz(Q, tmp_path / "qrels.tsv.gz")
    assert _invoke(["eval", bad, R, "-m", "MAep"]).exit_code == 1
    result = _invoke(["validate", bad])
    assert result.exit_code == 1 and bad in result.stdout


def test_scores_csv_with_trailing_commas(tmp_path):
    rows = "".join(f"{r},{t},M,{v},\n" for r, t, v in
                   [("a", 1, 0.5), ("b", 1, 0.4), ("a", 2, 0.3), ("b", 2, 0.1),
                    ("a", 3, 0.9), ("b", 3, 0.2)])
    for header in ("run,topic,measure,value\n", "run,topic,measure,value,\n"):
        path = tmp_path / "s.csv"
        path.write_text(header + rows)
        result = _invoke(["compare", "--scores", str(path), "-m", "M", "--format", "json"])
        assert result.exit_code == 0, result.output
        record = json.loads(result.stdout)[0]
        assert (record["mean_a"], record["mean_b"]) == pytest.approx((0.5666667, 0.2333333))
    path.write_text("run,topic,measure,value\na,1,M,0.5,extra\nb,1,M,0.4\n")
    result = _invoke(["compare", "--scores", str(path), "-m", "M"])
    assert result.exit_code == 1 and f"{path}:2:" in result.stderr


@pytest.mark.parametrize("command", [
    ["eval", Q, R, "-m", "MAep"], ["compare", Q, R, R, "-m", "MAep"], ["recallbase", Q],
    ["report", Q, R, "-m", "MAep", "--no-plots"]])
def test_output_naming_a_directory(tmp_path, command):
    result = _invoke(command + ["-o", str(tmp_path)])
    assert result.exit_code == 2 and "directory" in result.stderr


def test_one_topic_is_refused_by_paired_tests(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("run,topic,measure,value\na,1,M,0.5\nb,1,M,0.4\n")
    result = _invoke(["compare", "--scores", str(path), "-m", "M"])
    assert result.exit_code == 1 and "two topics" in result.stderr
