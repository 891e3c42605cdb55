"""``stability -a variants --alt-qrels``: a topic of an alternative assessment that a run did
not answer left the run without a score, refused as "not every run has a AP score on topic 3
variant alt3" without saying which run, nor what gives it one (-c scores it 0)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_the_refusal_names_the_run_and_the_way_out(tmp_path):
    files = {"q.txt": "1 0 a 1\n1 0 b 0\n2 0 c 1\n",
             "alt3.txt": "1 0 a 0\n1 0 b 1\n2 0 c 1\n3 0 d 1\n",  # topic 3: alt3 only
             "r1.txt": "1 Q0 a 1 2 r1\n1 Q0 b 2 1 r1\n2 Q0 c 1 1 r1\n3 Q0 d 1 1 r1\n",
             "r2.txt": "1 Q0 b 1 2 r2\n1 Q0 a 2 1 r2\n2 Q0 c 1 1 r2\n"}  # r2: not topic 3
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    result = CliRunner().invoke(cli, ["stability", str(tmp_path / "q.txt"),
                                      str(tmp_path / "r1.txt"), str(tmp_path / "r2.txt"),
                                      "-m", "AP", "-a", "variants", "--alt-qrels",
                                      str(tmp_path / "alt3.txt")])
    assert result.exit_code == 1
    assert ("not every run has a AP score on topic 3 variant alt3 (none for run(s) r2): every "
            "run needs one on every topic of every variant; a run that did not answer the "
            "topic has none, unless -c scores it 0") in result.stderr


def test_read_warnings_are_told_once(tmp_path):
    files = {"q.txt": "1 0 a 1\n1 0 b 0\n2 0 c 1\n",
             "alt.txt": "1 0 a 0\n1 0 b 1\n2 0 c 1\n2 0 c 1\n",  # line 4 repeats line 3
             "r1.txt": "1 Q0 a 1 2 r1\n1 Q0 a 2 1 r1\n1 Q0 b 3 0 r1\n2 Q0 c 1 1 r1\n",
             "r2.txt": "1 Q0 b 1 2 r2\n1 Q0 a 2 1 r2\n2 Q0 c 1 1 r2\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    result = CliRunner().invoke(cli, ["stability", str(tmp_path / "q.txt"),
                                      str(tmp_path / "r1.txt"), str(tmp_path / "r2.txt"),
                                      "-m", "AP", "-a", "variants", "--alt-qrels",
                                      str(tmp_path / "alt.txt")])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert sum("r1.txt:2: warning" in line for line in lines) == 1  # the run's repeat: once
    assert sum("alt.txt:4: warning" in line for line in lines) == 1  # the alternative's
