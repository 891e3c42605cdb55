"""trec_eval's -J (ir_measures' judged_only) was explained twice, in two wordings: by the
commands' -J (cli/main.py) and by the measure parameter judged_only (measures/aliases.py).
Both now say one text; the CLI start-up still imports no measure module for it."""
from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n"
RUN = "1 Q0 a 1 3 s\n1 Q0 b 2 2 s\n"
ADVICE = ("(unjudged results removed before scoring) is not in sdreval: Judged@k says how much "
          "of a ranking is judged, Bpref and infAP score incomplete judgements")


def test_the_option_and_the_parameter_say_one_text(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    files = [str(tmp_path / "q"), str(tmp_path / "r")]
    option = CliRunner().invoke(cli, ["eval", *files, "-J"])
    parameter = CliRunner().invoke(cli, ["eval", *files, "-m", "AP(judged_only=True)"])
    assert option.exit_code == parameter.exit_code == 2
    assert f"trec_eval's -J {ADVICE}" in option.stderr
    assert f"trec_eval's -J {ADVICE}" in parameter.stderr


def test_the_start_up_imports_no_measures():
    code = ("import sys; from sdreval.cli.main import cli; "
            "print(any(m.startswith('sdreval.measures') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
