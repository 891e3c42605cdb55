"""``eval --stream`` with several runs says the same warnings, in the same order, as the
whole-file read (pinned, with and without -q/-c): each run's read warnings (repeats, ranks out
of order) then each run's evaluation warnings (topics not in the qrels, file order, repeated
relevant results), run by run in command-line order."""
from __future__ import annotations

import pytest

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 1\n"
RUNS = {"r1.txt": "1 Q0 b 1 1 r1\n1 Q0 a 2 2 r1\n1 Q0 a 3 0.5 r1\n9 Q0 x 1 1 r1\n",
        "r2.txt": "2 Q0 c 1 1 r2\n2 Q0 c 2 0.5 r2\n1 Q0 z 3 1 r2\n1 Q0 z 2 1 r2\n8 Q0 y 1 1 r2\n"}


@pytest.mark.parametrize("extra", [[], ["-q"], ["-c"]])
def test_stream_says_what_the_whole_read_says(tmp_path, sdreval_cli, extra):
    (tmp_path / "q.txt").write_text(QRELS)
    for name, text in RUNS.items():
        (tmp_path / name).write_text(text)
    args = ["eval", tmp_path / "q.txt", tmp_path / "r1.txt", tmp_path / "r2.txt", "-m", "P@1",
            "-m", "RR", *extra]
    whole, streamed = sdreval_cli(*args), sdreval_cli(*args, "--stream")
    assert whole.returncode == streamed.returncode == 0
    warned = [line for line in whole.stderr.splitlines() if "warning" in line]
    assert [line.split(":")[0].rsplit("/", 1)[-1] for line in warned[:4]] == \
        ["r1.txt", "r2.txt", "r2.txt", "r2.txt"]  # read warnings first, run by run
    assert any("run r1: 1 topic(s) not in the qrels ignored: 9" in w for w in warned)
    assert streamed.stderr == whole.stderr and streamed.stdout == whole.stdout
