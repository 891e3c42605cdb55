"""The streamed evaluation's bar counts the topics of the run, not the runs."""
from __future__ import annotations

import contextlib

import sdreval.progress as progress_module
from sdreval.io import read_qrels
from sdreval.measures import EvalContext
from sdreval.orchestrate.stream import evaluate_stream


def test_bar_counts_topics(tmp_path, monkeypatch):
    (tmp_path / "q.txt").write_text("1 0 a 1\n2 0 b 1\n3 0 c 1\n")
    (tmp_path / "r.txt").write_text("1 Q0 a 1 1 s\n2 Q0 x 1 1 s\n3 Q0 c 1 1 s\n")
    seen = []

    class Bar:
        def update(self, n=1):
            seen[-1][1] += n

    @contextlib.contextmanager
    def fake(total, desc, enabled=None):
        seen.append([desc, 0])
        yield Bar()

    monkeypatch.setattr(progress_module, "progress", fake)
    evaluate_stream(read_qrels(tmp_path / "q.txt"), tmp_path / "r.txt", ["AP"], EvalContext())
    assert seen == [["topics of r.txt (streamed)", 3]]
