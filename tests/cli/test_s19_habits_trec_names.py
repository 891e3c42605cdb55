"""``--format trec_eval``: one line per trec_eval name, as trec_eval prints.

``IPrec@x`` (trec_eval 9.x's cut-off) and ``IPrec(version=trec10)@x`` (10.0's) are both printed
under trec_eval's ``iprec_at_recall_x`` (and ``IPrecAvg`` with either version under
``11pt_avg``): asked together they printed two different values under one name, exit 0, and a
script reading the lines kept one of them.  Now refused before anything is read.  Spellings of
one measure (``P.10``, ``P_10``, ``P@10``) printed one line each; trec_eval prints one.

By hand: 7 relevant documents a..g; the run ranks a x b y z c.  x = 0.3: trec_eval 9.x waits for
the (long)(0.3·7 + 0.9) = 3rd relevant result (c, rank 6: precision 3/6 = 0.5), 10.0 for the
lround(2.1) = 2nd (b, rank 3: max(2/3, 3/6) = 0.6667)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "".join(f"1 0 {d} 1\n" for d in "abcdefg")
RUN = "".join(f"1 Q0 {d} {i + 1} {9 - i} s\n" for i, d in enumerate("axbyzc"))


def _eval(tmp_path, *measures: str, fmt: str = "trec_eval"):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    args = ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "--order", "rsv", "--quiet",
            "--format", fmt]
    for m in measures:
        args += ["-m", m]
    return CliRunner().invoke(cli, args)


def test_two_versions_under_one_name_refused(tmp_path):
    text = _eval(tmp_path, "IPrec@0.3", "IPrec(version=trec10)@0.3", fmt="text")
    assert text.stdout == ("s\tIPrec@0.3\tall\t0.5000\n"
                           "s\tIPrec(version=trec10)@0.3\tall\t0.6667\n")
    result = _eval(tmp_path, "IPrec@0.3", "IPrec(version=trec10)@0.3")
    assert result.exit_code == 2, result.output
    assert "IPrec@0.3 and IPrec(version=trec10)@0.3" in result.stderr
    assert "iprec_at_recall_0.30" in result.stderr
    assert result.stdout == ""
    both = _eval(tmp_path, "11pt_avg", "IPrecAvg(version=trec10)")
    assert both.exit_code == 2 and "11pt_avg" in both.stderr


def test_one_measure_spelled_three_ways_prints_once(tmp_path):
    result = _eval(tmp_path, "P.10", "P_10", "P@10", "map", "AP")
    assert result.exit_code == 0, result.output
    # P_10 = 3/10 (a, b, c in the first 10); map = (1/1 + 2/3 + 3/6) / 7 = 0.3095
    assert result.stdout == ("runid                 \tall\ts\n"
                             "num_q                 \tall\t1\n"
                             "map                   \tall\t0.3095\n"
                             "P_10                  \tall\t0.3000\n")
