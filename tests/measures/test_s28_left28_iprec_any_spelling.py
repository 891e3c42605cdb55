"""``IPrec@x`` and ``iprec_at_recall_x`` (``IPrecAvg`` and ``11pt_avg``) are one measure with
one value, trec_eval 9.x's; trec_eval 10.0 prints another under the same name, and only
trec_eval's spelling said so: ``IPrec@0.2 --format trec_eval`` printed a line
``iprec_at_recall_0.20`` that trec_eval 10.0 prints otherwise, without a word.  The warning
now depends on the measure (no ``version=`` given), not on its spelling.

Six relevant documents (R = 6), the run ranks r1, n1, n2, r2.  At x = 0.2, 9.x interpolates
from the c-th relevant result with c = (long)(0.2·6 + 0.9) = 2: precision 2/4 = 0.5; trec_eval
10.0 takes c = lround(1.2) = 1: max(1/1, 2/4) = 1.0 (trec_eval 10.0 prints 1.0000 and, for
11pt_avg, 4/11 = 0.3636; 9.x gives 3/11 = 0.2727)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "".join(f"1 0 r{i} 1\n" for i in range(1, 7)) + "1 0 n1 0\n1 0 n2 0\n"
RUN = "1 Q0 r1 1 4 s\n1 Q0 n1 2 3 s\n1 Q0 n2 3 2 s\n1 Q0 r2 4 1 s\n"
SAID = "trec_eval 10.0 rounds (c = lround(x·R)) and gives other values on some topics here"


def _eval(tmp_path, *names):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    args = ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "--format", "trec_eval"]
    for name in names:
        args += ["-m", name]
    return CliRunner().invoke(cli, args)


def test_every_spelling_of_the_measure_warns(tmp_path):
    for name, printed, instead in (
            ("IPrec@0.2", "iprec_at_recall_0.20  \tall\t0.5000", "IPrec(version=trec10)@0.2"),
            ("iprec_at_recall_0.20", "iprec_at_recall_0.20  \tall\t0.5000",
             "IPrec(version=trec10)@0.2"),
            ("IPrecAvg", "11pt_avg              \tall\t0.2727", "IPrecAvg(version=trec10)"),
            ("11pt_avg", "11pt_avg              \tall\t0.2727", "IPrecAvg(version=trec10)")):
        said = _eval(tmp_path, name)
        assert said.exit_code == 0, said.output
        assert printed in said.stdout.splitlines()
        warnings = [line for line in said.stderr.splitlines() if SAID in line]
        assert warnings == [f"sdreval: warning: {name}: trec_eval 9.x's values, as pytrec_eval "
                            "and ir_measures (interpolated from the c-th relevant result, "
                            f"c = (long)(x·R + 0.9)); {SAID}: {instead} gives 10.0's"], name


def test_a_version_given_is_not_warned_of(tmp_path):
    said = _eval(tmp_path, "IPrec(version=trec9)@0.2", "IPrecAvg(version=trec10)")
    assert said.exit_code == 0, said.output
    assert "11pt_avg              \tall\t0.3636" in said.stdout.splitlines()  # trec_eval 10.0
    assert SAID not in said.stderr
