"""With -c the topics a run did not answer are scored as empty rankings; the partitions' paths
(``--jobs`` byte ranges, ``--stream``, Dask) score them where the pieces are put together, and
dropped what the kernels said of them: a qrels warning about such a topic (FOL relchars that
disagree with the highlighted ranges) was missing, which a serial evaluation gives."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

#: topic 2's relchars (12) disagree with its highlighted range (10 characters)
QRELS = "1 Q0 a 10 100 0 0:10\n2 Q0 b 12 100 0 5:10\n"
RUN = "1 Q0 a 1 2 r 0 20\n1 Q0 c 2 1 r 0 5\n"  # topic 2 unanswered


def test_warnings_about_unanswered_topics_on_every_path(tmp_path):
    qrels, run = tmp_path / "q.fol", tmp_path / "r.run"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    args = ["eval", str(qrels), str(run), "-m", "MAiP", "-c", "-q"]
    serial = CliRunner().invoke(cli, args)
    assert serial.exit_code == 0
    assert ("sdreval: warning: qrels: 1 topic(s) where the qrels relchars column disagrees "
            "with the highlighted ranges for 1 document(s); the merged ranges are used"
            in serial.stderr.splitlines())
    for path in (["--jobs", "2"], ["--stream"]):
        got = CliRunner().invoke(cli, args + path)
        assert (got.exit_code, got.stdout, got.stderr) == (0, serial.stdout, serial.stderr)
