"""docs/ir-users.md, "Topics with nothing relevant": under -l 4 a topic judged only 1 and 2 is
NaN per topic (``nan`` in trec_eval's layout, where trec_eval prints 0.0000) and left out of the
mean; ``num_q`` is the most topics a mean covers (num_ret: both), the stderr line gives each."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def test_nan_rows_and_num_q(tmp_path):
    (tmp_path / "q").write_text("1 0 a 1\n1 0 b 2\n2 0 a 4\n")
    (tmp_path / "r").write_text("1 Q0 a 1 2 r\n2 Q0 a 1 2 r\n")
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "-m",
                                      "map", "-m", "num_ret", "-l", "4", "-q", "--format",
                                      "trec_eval"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "num_ret               \t1\t1", "map                   \t1\tnan",
        "num_ret               \t2\t1", "map                   \t2\t1.0000",
        "runid                 \tall\tr", "num_q                 \tall\t2",
        "num_ret               \tall\t2", "map                   \tall\t1.0000"]
    assert "r: 1 (map); 2 (num_ret)" in result.stderr
