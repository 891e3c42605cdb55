"""A document run listed out of trec_eval's order (RSV descending): ``eval`` warned that it
was ranked in file order and that ``--order rsv`` gives trec_eval's numbers, but ``compare``,
``stability`` and ``report``, which evaluate the same way, said nothing, so a trec_eval user
comparing two such runs got other numbers (here every topic tied) without a word. The hint is
now given where every one of them reads its inputs, once."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 d 0\n"
# file order puts the non-relevant document first; by RSV the relevant one comes first
LATE = "1 Q0 b 1 1 late\n1 Q0 a 2 3 late\n2 Q0 d 1 1 late\n2 Q0 c 2 3 late\n"
EARLY = "1 Q0 a 1 3 early\n1 Q0 b 2 1 early\n2 Q0 c 1 3 early\n2 Q0 d 2 1 early\n"
HINT = "run late: 2 topic(s) list results out of trec_eval's order"


def _files(tmp_path):
    for name, text in (("q", QRELS), ("late", LATE), ("early", EARLY)):
        (tmp_path / name).write_text(text)
    return [str(tmp_path / n) for n in ("q", "late", "early")]


@pytest.mark.parametrize("command", [
    ["eval"], ["compare"], ["stability", "-a", "ci"],
    ["report", "--no-plots", "--text-table", "-"],
])
def test_file_order_hint_in_every_command(tmp_path, command):
    q, late, early = _files(tmp_path)
    result = CliRunner().invoke(cli, [*command, q, late, early, "-m", "P@1"])
    assert result.exit_code == 0, result.output
    assert result.stderr.count(HINT) == 1, result.stderr
    assert "--order rsv ranks as trec_eval does" in result.stderr
    result = CliRunner().invoke(cli, [*command, q, late, early, "-m", "P@1", "--order", "rsv"])
    assert result.exit_code == 0, result.output
    assert "out of trec_eval's order" not in result.stderr


def test_compare_numbers_in_file_order_and_by_rsv(tmp_path):
    # in file order P@1 of late is 0 on both topics, of early 1: by RSV both are 1
    q, late, early = _files(tmp_path)
    result = CliRunner().invoke(cli, ["compare", q, late, early, "-m", "P@1", "--format", "csv"])
    row = result.stdout.splitlines()[1].split(",")
    assert row[:5] == ["late", "early", "P@1", "0.0", "1.0"]
    result = CliRunner().invoke(cli, ["compare", q, late, early, "-m", "P@1", "--format", "csv",
                                      "--order", "rsv"])
    row = result.stdout.splitlines()[1].split(",")
    assert row[:5] == ["late", "early", "P@1", "1.0", "1.0"]
