"""`sdreval eval` of INEX passage runs against FOL qrels (Focused, Relevant and Best in
Context), written as text, JSON or CSV, loads no pandas: the passage families number documents
with numpy and Arrow, and CSV is written by the ``csv`` module (pandas' import alone costs more
than evaluating a run of the INEX 2010 size)."""
from __future__ import annotations

import subprocess
import sys

import pytest

QRELS = ("1 Q0 d1 100 1000 10 10:100\n"      # topic 1: d1 relevant text [10, 110)
         "1 Q0 d2 0 500\n"                   # d2 judged, nothing relevant
         "2 Q0 d1 50 1000 0 0:50\n")         # topic 2: d1 relevant text [0, 50)
RUN = ("1 Q0 d1 1 2.0 r 0 60\n1 Q0 d2 2 1.0 r 0 40\n1 Q0 d1 3 0.5 r 60 100\n"
       "2 Q0 d1 1 1.0 r 0 100\n")
TASKS = {"focused": ["MAiP", "iP@0.00"], "relevant": ["MAgP", "gP@1"],
         "best": ["MAgP(task=bic)", "gP(task=bic)@1"]}


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_passage_eval_imports_no_pandas(tmp_path, fmt):
    qrels, run = tmp_path / "q.fol", tmp_path / "r.txt"
    qrels.write_text(QRELS)
    run.write_text(RUN)
    measures = [x for names in TASKS.values() for m in names for x in ("-m", m)]
    probe = ("import sys\nfrom sdreval.cli.main import cli\n"
             "from sdreval.lazy import one_command_process\none_command_process()\ntry:\n"
             f"    cli.main(args=['eval', {str(qrels)!r}, {str(run)!r}, *{measures!r}, "
             f"'--format', {fmt!r}, '--quiet'], prog_name='sdreval')\n"
             "except SystemExit as e:\n    assert not e.code, e.code\n"
             "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    loaded = set(done.stderr.strip().splitlines()[-1].split())
    assert "sdreval" in loaded and not loaded & {"pandas", "scipy", "matplotlib", "dask"}, \
        sorted(loaded & {"pandas", "scipy", "matplotlib", "dask"})
    if fmt == "csv":
        lines = done.stdout.splitlines()
        assert lines[0] == "run,topic,measure,value,topics" and len(lines) == 1 + 6
        # Best in Context, topic 1: entry 0 vs BEP 10 -> (500 - 10) / 500 = 0.98 at rank 1;
        # topic 2: entry 0 = BEP 0 -> 1; gP@1 mean (0.98 + 1) / 2 = 0.99
        assert "r,all,gP(task=bic)@1,0.99,2" in lines, lines
