"""``-m official`` (and ``set``, ``all_trec``): trec_eval's names for sets of measures were refused
as an unknown measure with no hint.  Now the refusal lists the set's measures in sdreval's
spellings (trec_eval's default cut-offs, m_P.c and the others) and those sdreval lacks; live
(trec_eval 10 binary found): the listed measures print what ``trec_eval -m official`` prints."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 2\n1 0 c 0\n1 0 d 1\n2 0 a 1\n2 0 e 3\n"
RUN = "1 Q0 a 1 3 s\n1 Q0 x 2 2 s\n1 Q0 b 3 2 s\n1 Q0 c 4 1 s\n2 Q0 e 1 5 s\n2 Q0 y 2 4 s\n"


def _eval(tmp_path, *measures: str):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    args = ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "--order", "rsv",
            "--format", "trec_eval", "--quiet"]
    for m in measures:
        args += ["-m", m]
    return CliRunner().invoke(cli, args)


def _listed(message: str) -> list[str]:
    return re.findall(r"-m (\S+)", message.split("(not in sdreval")[0].split("; iprec")[0])


def test_sets_refused_with_their_measures(tmp_path):
    official = _eval(tmp_path, "official")
    assert official.exit_code == 2, official.output
    assert "trec_eval's name for a set of measures" in official.stderr
    assert _listed(official.stderr)[:8] == ["num_ret", "num_rel", "num_rel_ret", "map",
                                            "gm_map", "Rprec", "bpref", "recip_rank"]
    assert "P_1000" in _listed(official.stderr)
    assert "IPrec(version=trec10)@x" in official.stderr
    one = _eval(tmp_path, "set")
    assert one.exit_code == 2
    assert _listed(one.stderr) == ["num_ret", "num_rel", "num_rel_ret", "utility", "set_P",
                                   "set_recall", "set_relative_P", "set_map", "set_F"]
    assert "not in sdreval" not in one.stderr


@pytest.mark.parametrize("name", ["official", "all_trec"])
def test_listed_measures_print_as_trec_eval(tmp_path, name):
    found = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not found:
        pytest.skip("no trec_eval binary (SDREVAL_TREC_EVAL or PATH)")
    listed = [re.sub(r"^iprec_at_recall_(.*)$", r"IPrec(version=trec10)@\1", m)
              .replace("11pt_avg", "IPrecAvg(version=trec10)")
              for m in _listed(_eval(tmp_path, name).stderr)]
    ours = _eval(tmp_path, *listed)
    assert ours.exit_code == 0, ours.output
    live = subprocess.run([found, "-m", name, str(tmp_path / "q"), str(tmp_path / "r")],
                          capture_output=True, text=True, check=True).stdout
    shared = {line.split("\t")[0].strip() for line in ours.stdout.splitlines()}
    assert [line for line in live.splitlines() if line.split("\t")[0].strip() in shared] == \
        ours.stdout.splitlines()


def test_trec_eval_measures_sdreval_lacks_are_named(tmp_path):
    """``-m rbp`` got "did you mean RBP", whose default p (0.8) and grades differ from
    trec_eval's rbp (p = 0.9, grades rescaled to [0, 1]); ``Rprec_mult_1.00`` "cannot parse".
    Since then all but relstring (a string per topic) are in sdreval: rbp is ``TrecRBP``."""
    result = _eval(tmp_path, "relstring")
    assert result.exit_code == 2
    assert "trec_eval's measure 'relstring' is not in sdreval" in result.stderr
    assert "not a number" in result.stderr
    for typed in ("rbp", "rbp.p=0.8", "rbp_resid", "Rprec_mult_1.00", "ndcg_rel",
                  "relative_P.5"):
        assert _eval(tmp_path, typed).exit_code == 0, typed
    assert _eval(tmp_path, "RBP(p=0.9)").exit_code == 0
