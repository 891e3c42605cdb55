"""A run given as a JSON object (ranx-json) is read whole, as a table run is: ``--stream``
(or a run above the streaming size, ``SDREVAL_STREAM_MB``) says it does not apply and gives
the numbers of the plain evaluation.  Before, the streaming reader took the format's first
word as a TREC layout and stopped with a traceback (``KeyError: 'ranx'``)."""
from __future__ import annotations

import pytest

QRELS = '{"1": {"a": 1, "b": 0, "c": 1}, "2": {"d": 2}}'
RUN = '{"1": {"b": 3.5, "a": 2.5, "d": 1.5}, "2": {"d": 0.5, "e": 0.7}}'
# topic 1: a relevant at rank 2 of b, a, d: AP = (1/2) / 2 = 0.25; topic 2: d at rank 2 of
# e, d: AP = 1/2; mean 0.375


@pytest.mark.parametrize("how", ["--stream", "threshold"])
def test_json_run_is_read_whole(tmp_path, how, sdreval_cli, monkeypatch):
    (tmp_path / "q.json").write_text(QRELS)
    (tmp_path / "run.json").write_text(RUN)
    args = ["eval", str(tmp_path / "q.json"), str(tmp_path / "run.json"), "-m", "AP"]
    if how == "threshold":
        monkeypatch.setenv("SDREVAL_STREAM_MB", "0.00001")  # 10 bytes: the run is 'large'
    else:
        args.append(how)
    result = sdreval_cli(*args)  # a traceback (an escaping exception) is raised
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["run", "AP", "all", "0.3750"]
    if how == "--stream":
        assert "--stream does not apply when a run is a table" in result.stderr
