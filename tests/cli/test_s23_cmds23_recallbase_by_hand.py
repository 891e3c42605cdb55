"""The ideal recall-base of a small tree worked by hand (Kazai & Lalmas 2006, §4: on each
relevant path the highest quantised value, ties to the deeper element; then overlap removed
keeping the ancestor, or the descendant, footnote 8)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

A = "/article[1]"
B = A + "/bdy[1]"
ROWS = [(A, 1, 1), (B, 2, 1), (B + "/sec[1]", 2, 2), (B + "/sec[1]/p[1]", 2, 2),
        (B + "/sec[1]/p[2]", 1, 3), (B + "/sec[2]", 3, 2), (B + "/sec[2]/p[1]", 1, 1)]


def _recallbase(tmp_path, *options, rows=ROWS):
    lines = ["# sdreval native judgements", "# scale=inex2003",
             "topic\tfile\tpath\texhaustivity\tspecificity\tsize"]
    lines += [f"1\td\t{p}\t{e}\t{s}\t10" for p, e, s in rows]
    (tmp_path / "q.tsv").write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(cli, ["recallbase", str(tmp_path / "q.tsv"), *options])
    assert result.exit_code == 0, result.output
    return [tuple(line.split("\t")[2:]) for line in result.stdout.splitlines()]


def test_gen(tmp_path):
    # gen (Eq. 2): A .25, bdy .5, sec1 .5, sec1/p1 .5, sec1/p2 .5, sec2 .75, sec2/p1 .25
    # path to sec1/p1: max .5 shared by bdy, sec1, p1 -> the deepest, p1; path to sec1/p2:
    # p2 (.5, deepest); path to sec2/p1: sec2 (.75).  No overlap among them.
    expected = [(B + "/sec[2]", "0.75"), (B + "/sec[1]/p[1]", "0.5"), (B + "/sec[1]/p[2]", "0.5")]
    assert _recallbase(tmp_path, "--quant", "gen") == expected
    assert _recallbase(tmp_path, "--quant", "gen", "--keep", "descendant") == expected


def test_sog(tmp_path):
    # sog (Eq. 3): sec1 .5, sec1/p1 .5 (tie: p1), sec1/p2 .75, sec2 .75, the rest .1
    assert _recallbase(tmp_path, "--quant", "sog") == [
        (B + "/sec[1]/p[2]", "0.75"), (B + "/sec[2]", "0.75"), (B + "/sec[1]/p[1]", "0.5")]


def test_strict_is_empty(tmp_path):
    assert _recallbase(tmp_path, "--quant", "strict") == []  # no (3, 3) pair (Eq. 1)


def test_overlap_keeps_the_ancestor_or_the_descendant(tmp_path):
    # gen: sec1 (3,2) .75 over p1 (1,1) .25 -> path to p1 picks sec1; p2 (3,3) 1 -> p2:
    # the picked sec1 and p2 overlap
    rows = [(B + "/sec[1]", 3, 2), (B + "/sec[1]/p[1]", 1, 1), (B + "/sec[1]/p[2]", 3, 3)]
    assert _recallbase(tmp_path, "--quant", "gen", rows=rows) == [(B + "/sec[1]", "0.75")]
    assert _recallbase(tmp_path, "--quant", "gen", "--keep", "descendant", rows=rows) == [
        (B + "/sec[1]/p[2]", "1")]
