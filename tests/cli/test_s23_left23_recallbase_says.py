"""``sdreval recallbase`` says what it did not do: ``--keep`` is not read with ``--full`` (the
full recall-base has no overlap filter), and topics whose recall-base is empty are named
(strict quantisation, Kazai & Lalmas 2006 Eq. 1: only the (3, 3) pair is > 0)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

ROWS = [("1", "/article[1]", 1, 1), ("1", "/article[1]/bdy[1]", 2, 1),
        ("2", "/article[1]", 3, 3)]


def _run(tmp_path, *options):
    lines = ["# sdreval native judgements", "# scale=inex2003",
             "topic\tfile\tpath\texhaustivity\tspecificity\tsize"]
    lines += [f"{t}\td\t{p}\t{e}\t{s}\t10" for t, p, e, s in ROWS]
    (tmp_path / "q.tsv").write_text("\n".join(lines) + "\n")
    return CliRunner().invoke(cli, ["recallbase", str(tmp_path / "q.tsv"), *options])


def test_keep_with_full_is_said(tmp_path):
    result = _run(tmp_path, "--full", "--keep", "descendant", "--quant", "gen")
    assert result.exit_code == 0, result.output
    assert "--keep not used: --full keeps every element" in result.stderr
    assert len(result.stdout.splitlines()) == 3  # every element: gen > 0 for all three


def test_keep_without_full_is_silent(tmp_path):
    result = _run(tmp_path, "--keep", "descendant", "--quant", "gen")
    assert result.exit_code == 0, result.output
    assert "not used" not in result.stderr


def test_empty_recall_base_is_said(tmp_path):
    # strict: topic 1 has no (3, 3) pair -> empty; topic 2 keeps its article
    result = _run(tmp_path, "--quant", "strict")
    assert result.exit_code == 0, result.output
    assert result.stdout == "2\td\t/article[1]\t1\n"
    assert ("1 of 2 qrels topic(s) with nothing quantised > 0 under strict "
            "(no element in their recall-base): 1") in result.stderr


def test_nothing_said_when_every_topic_has_a_recall_base(tmp_path):
    result = _run(tmp_path, "--quant", "gen")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.stderr
