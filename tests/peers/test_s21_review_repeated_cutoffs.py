"""``-m P.5 -m P.10``: sdreval evaluates both cut-offs (``P_5`` and ``P_10`` in trec_eval's
layout), where trec_eval 10.0 keeps only the first cut-off given for a measure and prints
``P_5`` alone (docs/ir-users.md); sdreval's lines are those trec_eval prints for ``-m P.5,10``,
the one-name form sdreval refuses with the split form.  Live check with the binary
(``SDREVAL_TREC_EVAL``, ``PATH`` or /tmp/trec_eval/trec_eval) when found."""
import os
import shutil
import subprocess

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 a 1\n"
RUN = "1 Q0 a 1 1 r\n1 Q0 b 2 0.5 r\n2 Q0 b 1 1 r\n2 Q0 a 2 0.5 r\n"
#: P_5 = (1/5 + 1/5) / 2, P_10 = (1/10 + 1/10) / 2
EXPECTED = ("runid                 \tall\tr\nnum_q                 \tall\t2\n"
            "P_5                   \tall\t0.2000\nP_10                  \tall\t0.1000\n")


def test_repeated_cutoffs_all_evaluated(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    q, r = str(tmp_path / "q"), str(tmp_path / "r")
    ours = CliRunner().invoke(cli, ["eval", q, r, "-m", "P.5", "-m", "P.10", "--order", "rsv",
                                    "--format", "trec_eval", "--quiet"])
    assert ours.exit_code == 0, ours.output
    assert ours.stdout == EXPECTED
    joined = CliRunner().invoke(cli, ["eval", q, r, "-m", "P.5,10", "--quiet"])
    assert joined.exit_code == 2 and "(-m P.5 -m P.10)" in joined.output
    binary = (os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
              or "/tmp/trec_eval/trec_eval")
    if os.path.exists(binary):
        def live(*measures):
            args = [binary, "-m", "runid", "-m", "num_q"]
            for m in measures:
                args += ["-m", m]
            return subprocess.run(args + [q, r], capture_output=True, text=True,
                                  check=True).stdout
        assert live("P.5,10") == EXPECTED
        assert live("P.5", "P.10") == EXPECTED.rsplit("P_10", 1)[0]  # P_10 dropped there
