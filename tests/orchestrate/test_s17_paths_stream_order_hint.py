"""A document run listed out of trec_eval's order is said to be ranked in file order by every
path of ``sdreval eval``: streamed (``--stream``, or a run over the streaming threshold beside
smaller ones read whole) as when read whole (rule 1: the rule applied is stated)."""
from __future__ import annotations

import pytest

QRELS = "01 0 d1 1\n01 0 d2 0\n1 0 d1 2\n1 0 d3 1\n2 0 d4 1\n"
# topic 01 lists a tie d1 before d2 (trec_eval: d2 first); topic 2 lists 1.0 before 3.0
RUN = ("01 Q0 d1 1 2.0 r1\n01 Q0 d2 2 2.0 r1\n1 Q0 d3 1 5.0 r1\n1 Q0 d1 2 4.0 r1\n"
       "2 Q0 d5 1 1.0 r1\n2 Q0 d4 2 3.0 r1\n")
HINT = ("sdreval: warning: run {}: 2 topic(s) list results out of trec_eval's order (RSV "
        "descending, then document id descending); ranked in file order (the INEX convention); "
        "--order rsv ranks as trec_eval does")


def _eval(sdreval_cli, *args: str) -> tuple[str, str]:
    done = sdreval_cli("eval", *args, "-m", "AP", "-q")
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r1.txt").write_text(RUN)
    (tmp_path / "r2.txt").write_text(RUN.replace(" r1\n", " r2\n"))
    return str(tmp_path / "q.txt"), str(tmp_path / "r1.txt"), str(tmp_path / "r2.txt")


def test_streamed_run_gets_the_hint_of_the_whole_reading(files, sdreval_cli):
    qrels, run, _ = files
    whole = _eval(sdreval_cli, qrels, run, "--no-stream")
    assert HINT.format("r1") in whole[1]
    assert _eval(sdreval_cli, qrels, run, "--stream") == whole


def test_small_runs_beside_a_streamed_one_get_the_hint(files, tmp_path, sdreval_cli,
                                                      monkeypatch):
    qrels, run, other = files
    big = tmp_path / "big.txt"  # over a threshold of 1 MB: streamed; r1 and r2 read whole
    big.write_text(RUN.replace(" r1\n", " big\n") + "".join(
        f"t{i} Q0 d1 1 1.0 big\n" for i in range(60_000)))
    monkeypatch.setenv("SDREVAL_STREAM_MB", "1")  # read at each call
    out, err = _eval(sdreval_cli, qrels, run, other, str(big))
    for name in ("r1", "r2", "big"):
        assert err.count(HINT.format(name)) == 1, err
