"""trec_eval's and ir_measures' output options (-n, -p/--places, --by_query, --no_summary,
--output_format) are refused by eval, compare, report and stability with what to write in
sdreval: -q, --digits, --format.  Those are eval's options: compare, report and stability
have no -q or --digits (report no --format), so there the advice says they are eval's."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli


def _said(tmp_path, *args: str) -> str:
    (tmp_path / "q").write_text("1 0 d1 1\n2 0 d2 1\n")
    (tmp_path / "a").write_text("1 Q0 d1 1 2 a\n2 Q0 d2 1 2 a\n")
    (tmp_path / "b").write_text("1 Q0 d3 1 2 b\n2 Q0 d2 1 2 b\n")
    result = CliRunner().invoke(cli, [*args, str(tmp_path / "q"), str(tmp_path / "a"),
                                      str(tmp_path / "b"), "-m", "AP"])
    assert result.exit_code == 2, result.output
    return result.output


@pytest.mark.parametrize("command, option, lacks", [
    ("compare", "--by_query", "-q"), ("stability", "-n", "-q"),
    ("report", "-p", "--digits, --format"), ("compare", "--places", "--digits")])
def test_advice_naming_eval_options_says_so(tmp_path, command, option, lacks):
    said = _said(tmp_path, command, option)
    assert f"(options of sdreval eval: {command} has no {lacks})" in said


@pytest.mark.parametrize("command, option", [("eval", "--by_query"), ("eval", "-p"),
                                             ("compare", "-v"), ("compare", "-R")])
def test_advice_the_command_can_follow_is_unchanged(tmp_path, command, option):
    assert "options of sdreval eval" not in _said(tmp_path, command, option)
