"""A run of very many one-result topics is held in bounded memory (issue 11): the run keeps
shared columns, not a ranking object per topic; measured in a subprocess (peak RSS)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

TOPICS = 100_000
#: peak RSS of the whole ``eval`` process: it takes about 265 MB; the code that kept a ranking
#: object per topic and one cache key per topic took about 390 MB
LIMIT_MB = 320

SCRIPT = """
import atexit, json, sys
def peak():
    with open('/proc/self/status') as status:
        kb = [int(l.split()[1]) for l in status if l.startswith('VmHWM:')][0]
    sys.stderr.write('\\n' + json.dumps({'maxrss_mb': kb / 1024}) + '\\n')
atexit.register(peak)
from sdreval.cli.main import main
sys.argv = ['sdreval'] + sys.argv[1:]
main()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
def test_eval_of_100k_one_result_topics_is_bounded(tmp_path):
    run = tmp_path / "many.run"
    qrels = tmp_path / "many.fol"
    run.write_text("".join(f"{t} Q0 d{t} 1 1.0 r\n" for t in range(TOPICS)))
    qrels.write_text("".join(f"{t} Q0 d{t} 10 100 0 0:10\n" for t in range(0, TOPICS, 2)))
    done = subprocess.run([sys.executable, "-c", SCRIPT, "eval", str(qrels), str(run), "-m",
                           "P@10", "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    # P@10 at the document level: every judged topic retrieves its relevant document
    assert done.stdout.split() == ["r", "P@10", "all", "0.1000"], done.stdout
    stats = json.loads(done.stderr.strip().splitlines()[-1])
    assert stats["maxrss_mb"] < LIMIT_MB, stats
