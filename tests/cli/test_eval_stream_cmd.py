"""``sdreval eval --stream`` and auto-streaming of large runs: the same table as in memory."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sdreval.cli.main import cli

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "sdreval" / "data" / "examples"
QRELS = str(EXAMPLES / "synthetic" / "qrels.tsv")
RUNS = [str(EXAMPLES / "synthetic" / "runs" / f"sim0{i}.txt") for i in (1, 2, 3)]
ARGS = ["-q", "-c", QRELS, *RUNS, "-m", "nxCG@10", "-m", "MAep", "-m", "AP", "--format", "csv"]


def _run(args, env=None):
    return CliRunner().invoke(cli, ["eval", *args], env=env)


def test_stream_flag_gives_the_in_memory_table():
    plain = _run(["--no-stream", *ARGS])
    streamed = _run(["--stream", *ARGS])
    assert plain.exit_code == 0 and streamed.exit_code == 0, streamed.output
    assert streamed.stdout == plain.stdout
    assert plain.stdout.count("\n") > 3 * 3 * 4  # per-topic rows of three runs


def test_auto_stream_above_threshold(monkeypatch):
    calls = []
    import sdreval.orchestrate.stream as stream_module

    original = stream_module._streamed

    def spy(*args, **kwargs):
        calls.append(args[1])
        return original(*args, **kwargs)

    monkeypatch.setattr(stream_module, "_streamed", spy)
    auto = _run(ARGS, env={"SDREVAL_STREAM_MB": "0.001"})  # every run is "large"
    assert auto.exit_code == 0, auto.output
    assert calls == RUNS
    calls.clear()
    assert _run(ARGS).exit_code == 0 and calls == []  # small runs: in memory
    forced_off = _run(["--no-stream", *ARGS], env={"SDREVAL_STREAM_MB": "0.001"})
    assert forced_off.exit_code == 0 and calls == []
    assert auto.stdout == forced_off.stdout


def test_stream_invalid_run_exits_1(tmp_path):
    bad = tmp_path / "bad.run"
    bad.write_text("1 Q0 doc0001 1 1.0 r /article[1]\n1 Q0 doc0001 x 1.0 r /article[1]\n")
    result = _run(["--stream", QRELS, str(bad), "-m", "AP"])
    assert result.exit_code == 1
    assert "rank 'x' is not an integer" in result.output
