"""``compare -c --missing drop`` (and ``stability``) gave no word that ``--missing`` changed
nothing: with -c every run has a value on every qrels topic with something relevant, so no
topic is left out and no cell scored 0.  Every option that changes nothing is warned of."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 d1 1\n1 0 d3 1\n2 0 d1 1\n2 0 d4 1\n3 0 d2 1\n3 0 d5 1\n"
RUNS = {"a": "1 Q0 d1 1 3 a\n2 Q0 d4 1 3 a\n3 Q0 d5 1 3 a\n",
        "b": "1 Q0 d2 1 3 b\n2 Q0 d1 1 3 b\n"}  # b did not answer topic 3
UNUSED = "--missing not used: every run has a value on every topic another run has"


def _invoke(tmp_path, command, *options):
    (tmp_path / "q.txt").write_text(QRELS)
    for name, text in RUNS.items():
        (tmp_path / f"{name}.txt").write_text(text)
    files = [str(tmp_path / n) for n in ("q.txt", "a.txt", "b.txt")]
    extra = ["-a", "ci"] if command == "stability" else []
    result = CliRunner().invoke(cli, [command, *files, "-m", "P@1", *extra, *options])
    assert result.exit_code == 0, result.output
    return result.stderr


@pytest.mark.parametrize("command", ["compare", "stability"])
@pytest.mark.parametrize("rule", ["drop", "zero"])
def test_missing_with_c_is_warned_of(tmp_path, command, rule):
    assert UNUSED in _invoke(tmp_path, command, "-c", "--missing", rule)


def test_missing_that_drops_a_topic_is_not_warned_of(tmp_path):
    stderr = _invoke(tmp_path, "compare", "--missing", "drop")
    assert "left out 1 topic(s)" in stderr and UNUSED not in stderr
