"""``-o jsonl`` (ir_measures' output format) is refused with what sdreval's -o is; the hint
named --format csv or json for every command, also for ``project``, which has no --format
(it writes TREC qrels)."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

EXAMPLES = "src/sdreval/data/examples/rag"


def _said(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "-o", "jsonl"])
    assert result.exit_code == 2
    return result.output


def test_project_hint_names_no_format_option():
    said = _said("project", f"{EXAMPLES}/qrels.jsonl", f"{EXAMPLES}/chunks/fixed.jsonl")
    assert "ir_measures' -o" in said and "./jsonl writes a file" in said
    assert "--format" not in said


def test_eval_hint_names_format():
    said = _said("eval", f"{EXAMPLES}/qrels.jsonl", f"{EXAMPLES}/runs/fixed.txt", "-m", "AP")
    assert "--format csv or json sets the format" in said
