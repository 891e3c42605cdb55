"""Two run files sharing a run-id, streamed: each is evaluated as its own run ('r1 (a)',
'r1 (b)'), and each run's warnings are given under that name, as when the runs are read whole.
Streamed, both runs' warnings were given under the shared name 'r1', so the second run's
(identical text) were dropped as repeats: a topic of b ignored, a repeat of b scored as
non-relevant, said for a only."""
from __future__ import annotations

QRELS = "1 0 d1 1\n2 0 d2 1\n"
RUN = "1 Q0 d1 1 2.0 r1\n1 Q0 d1 2 1.0 r1\n2 Q0 d2 1 1.0 r1\n9 Q0 d1 1 1.0 r1\n"


def _stderr(sdreval_cli, tmp_path, *options: str) -> list[str]:
    (tmp_path / "q.txt").write_text(QRELS)
    for name in ("a", "b"):
        (tmp_path / f"{name}.txt").write_text(RUN)
    done = sdreval_cli("eval", tmp_path / "q.txt", tmp_path / "a.txt", tmp_path / "b.txt",
                       "-m", "P@1", *options)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stderr.splitlines() if "sdreval: warning: run " in line]


def test_each_streamed_run_has_its_warnings_under_its_own_name(tmp_path, sdreval_cli):
    whole = _stderr(sdreval_cli, tmp_path, "--no-stream")
    for name in ("r1 (a)", "r1 (b)"):
        assert f"sdreval: warning: run {name}: 1 topic(s) not in the qrels ignored: 9" in whole
    assert sorted(_stderr(sdreval_cli, tmp_path, "--stream")) == sorted(whole)
