""""none of its N results is a document judged for its topic" holds for a run only if it holds
for every partition; a partition that scored no result of the run (a byte range of topics the
qrels do not hold; the unanswered topics -c scores) says nothing of it and no longer vetoes
it.  Paths: byte ranges (``--jobs`` on a text run), partitions in memory (``--jobs`` on a
compressed run), ``--stream``."""
from __future__ import annotations

import gzip

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n2 0 d2 1\n3 0 d3 1\n"
#: ids the qrels do not judge (chunk ids, say) on topics 1 and 2; topic 9 is not in the qrels
RUN = "".join(f"{t} Q0 chunk{t}-{i} {i} {3 - i} sys\n" for t in (1, 2, 9) for i in (1, 2))
SAID = ("sdreval: warning: run sys: none of its 4 results is a document judged for its topic, "
        "so every classic measure is 0: do the run's document ids match the qrels' (a chunk "
        "run needs --chunk-map)? ids are compared as written, so leading zeros, case and the "
        "Unicode form (NFC/NFD) count")


@pytest.mark.parametrize("packed", [False, True])
@pytest.mark.parametrize("every", [[], ["-c"]])
def test_nothing_judged_is_said_on_every_path(tmp_path, packed, every):
    qrels = tmp_path / "q.txt"
    qrels.write_text(QRELS)
    run = tmp_path / ("r.txt.gz" if packed else "r.txt")
    run.write_bytes(gzip.compress(RUN.encode()) if packed else RUN.encode())
    args = ["eval", str(qrels), str(run), "-m", "AP", *every]
    serial = CliRunner().invoke(cli, args)
    assert serial.exit_code == 0 and SAID in serial.stderr.splitlines()
    for path in (["--jobs", "2"], ["--stream"]):
        got = CliRunner().invoke(cli, args + path)
        assert (got.exit_code, got.stdout, got.stderr) == (0, serial.stdout, serial.stderr)
