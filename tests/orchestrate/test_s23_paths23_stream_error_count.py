"""``eval --stream``: a run with more read errors of one kind than are shown ends its refusal
with the count of the others, as the run read whole does (the same message on every path)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import EXAMPLES_KEPT


def test_streamed_refusal_counts_the_errors_not_shown(tmp_path):
    qrels = tmp_path / "qrels.txt"
    qrels.write_text("1 0 d1 1\n")
    bad = EXAMPLES_KEPT + 6  # 26 lines with a bad score: 20 shown, 6 counted
    run = tmp_path / "run.txt"
    lines = [f"1 Q0 d{i} {i} {1 / i} r" for i in range(1, 40)]  # a document run, then
    lines += [f"1 Q0 e{i} {i} x{i} r" for i in range(1, bad + 1)]  # lines with a bad score
    run.write_text("\n".join(lines) + "\n")
    outputs = {}
    for mode in ("--no-stream", "--stream"):
        result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "AP", mode])
        assert result.exit_code == 1
        outputs[mode] = result.stderr
    lines = outputs["--stream"].splitlines()
    assert len(lines) == EXAMPLES_KEPT + 1
    assert lines[-1] == ("sdreval: error: ... and 6 more error(s) like the above "
                         "(sdreval validate lists them all)")
    assert outputs["--stream"] == outputs["--no-stream"]
