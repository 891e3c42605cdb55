"""``--scheduler local``: a task that fails on bad input is said once by sdreval; the workers'
own log lines ("distributed.worker - ERROR - Compute Failed" with its traceback) stay out."""
import subprocess
import sys

import pytest

pytest.importorskip("distributed")


def test_worker_log_lines_stay_out(tmp_path):
    (tmp_path / "q").write_text("1 0 d1 1\n2 0 d2 1\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 2.0 r\nall Q0 d2 1 1.0 r\n2 Q0 d2 1 1.0 r\n")
    got = subprocess.run([sys.executable, "-m", "sdreval", "eval", "q", "r", "-m", "map",
                          "--scheduler", "local", "--jobs", "2"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert got.returncode == 1
    assert "r:2: error: run r: a topic is named 'all'" in got.stderr
    assert "distributed" not in got.stderr and "Traceback" not in got.stderr, got.stderr
