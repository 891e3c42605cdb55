"""``--jobs`` with two runs of one name: the names made distinct hold ``#`` (``r (#1)``), which
must not be taken for a number slot when the workers' warnings are merged (a traceback once)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_jobs_with_runs_sharing_a_name(tmp_path):
    qrels = tmp_path / "q.txt"
    # passage judgements and a passage run repeating a document: document-level measures
    # warn (with the run's name) from every worker
    qrels.write_text("1 Q0 a 10 100 0:10\n1 Q0 b 0 100\n2 Q0 c 5 50 0:5\n")
    run = ("1 Q0 b 1 2.0 r 0 10\n1 Q0 a 2 1.0 r 0 10\n1 Q0 a 3 0.5 r 20 10\n"
           "2 Q0 c 1 1.0 r 0 5\n")
    paths = []
    for folder in ("x", "y"):  # one file name: the runs are told apart by number
        (tmp_path / folder).mkdir()
        paths.append(tmp_path / folder / "run.txt")
        paths[-1].write_text(run)
    result = CliRunner().invoke(cli, ["eval", str(qrels), *map(str, paths), "-m", "P@1",
                                      "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "run r (run #1): 1 later result(s) of the same document dropped" in result.stderr
    # P@1: topic 1 ranks b (non-relevant) first in file order, topic 2 c: (0 + 1) / 2
    assert "r (run #1)\tP@1\tall\t0.5000" in result.stdout
    assert "r (run #2)\tP@1\tall\t0.5000" in result.stdout
