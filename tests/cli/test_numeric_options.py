"""Nonsense numbers on the command line are usage errors naming the option (issue 11 item 8)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

SYN = example_path("synthetic")
Q, R = str(SYN / "qrels.tsv"), str(SYN / "runs" / "sim01.txt")
R2 = str(SYN / "runs" / "sim02.txt")

CASES = [
    (["eval", Q, R, "-m", "MAep", "--jobs", "0"], "--jobs"),
    (["eval", Q, R, "-m", "MAep", "--jobs", "-2"], "--jobs"),
    (["eval", Q, R, "-m", "MAep", "--alpha", "nan"], "--alpha"),
    (["eval", Q, R, "-m", "MAep", "--alpha", "1.5"], "--alpha"),
    (["eval", Q, R, "-m", "MAep", "--beta", "-1"], "--beta"),
    (["eval", Q, R, "-m", "MAep", "--beta", "inf"], "--beta"),
    (["eval", Q, R, "-m", "MAep", "--bep-distance", "0"], "--bep-distance"),
    (["eval", Q, R, "-m", "MAep", "--collection-elements", "0"], "--collection-elements"),
    (["compare", Q, R, R2, "-m", "MAep", "--level", "0"], "--level"),
    (["compare", Q, R, R2, "-m", "MAep", "--level", "1.5"], "--level"),
    (["compare", Q, R, R2, "-m", "MAep", "--samples", "-5"], "--samples"),
    (["compare", Q, R, R2, "-m", "MAep", "--seed", "-1"], "--seed"),
    (["report", Q, R, "--level", "nan"], "--level"),
    (["report", Q, R, "--samples", "0"], "--samples"),
    (["stability", Q, R, R2, "-m", "MAep", "--level", "1"], "--level"),
    (["stability", Q, R, R2, "-m", "MAep", "--top-fraction", "0"], "--top-fraction"),
    (["stability", Q, R, R2, "-m", "MAep", "--equivalence", "-0.1"], "--equivalence"),
    (["simulate", "OUT", "--docs", "0"], "--docs"),
    (["simulate", "OUT", "--topics", "-1"], "--topics"),
    (["simulate", "OUT", "--length", "0"], "--length"),
    (["simulate", "OUT", "--quality", "0.5", "2"], "--quality"),
    (["simulate", "OUT", "--quality", "0.9", "0.1"], "--quality"),
    (["simulate", "OUT", "--ties", "0"], "--ties"),
]


@pytest.mark.parametrize("args,option", CASES, ids=[" ".join(a[-2:]) for a, _ in CASES])
def test_nonsense_number_is_a_usage_error(args, option, tmp_path):
    args = [str(tmp_path / "out") if a == "OUT" else a for a in args]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert option in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "out").exists()
