"""The relevance level (-l, the API's ``rel_level``) is refused at 0, below, NaN or infinite, on
every path.  Before, ``-l inf`` ended in an OverflowError traceback, and the API took
``rel_level=0`` (which the command line refuses) as "any positive grade", where trec_eval's
``-l 0`` counts grade 0 relevant too: on qrels d1 0, d2 1, d3 2 and a run d1 d2 d3,
trec_eval -l0 gives P_2 = 2/2 = 1 (d1 and d2 relevant), sdreval gave 1/2."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval import api
from sdreval.cli.main import cli
from sdreval.errors import UsageError


@pytest.mark.parametrize("level", [0, -1, float("nan"), float("inf")])
def test_api_refuses(level):
    with pytest.raises(UsageError, match="relevance level must be a finite number > 0"):
        api.context(rel_level=level)


@pytest.mark.parametrize("level", ["inf", "nan"])
def test_cli_exit_2_without_a_traceback(tmp_path, level):
    (tmp_path / "q").write_text("1 0 d1 0\n1 0 d2 1\n1 0 d3 2\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 3 r\n1 Q0 d2 2 2 r\n1 Q0 d3 3 1 r\n")
    result = CliRunner().invoke(cli, ["eval", "-l", level, str(tmp_path / "q"),
                                      str(tmp_path / "r"), "-m", "P_2"])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_positive_level_still_counts():
    api.context(rel_level=2)  # relevant iff grade >= 2
