"""A measure that gives every run the same mean to 12 decimals (0.1 + 0.2 and 0.3 on every topic)
has no ranking: its rank correlations are left empty, and stability says why.  The warning
compared the means bit for bit while the correlations take them to 12 decimals, so the
cells were left empty without it."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.stats.correlation import is_constant

ROWS = [("A", "1", "AP", "0.30000000000000004"), ("A", "2", "AP", "0.30000000000000004"),
        ("B", "1", "AP", "0.3"), ("B", "2", "AP", "0.3"), ("C", "1", "AP", "0.3"),
        ("C", "2", "AP", "0.3"), ("A", "1", "P_5", "0.2"), ("A", "2", "P_5", "0.4"),
        ("B", "1", "P_5", "0.4"), ("B", "2", "P_5", "0.6"), ("C", "1", "P_5", "0.6"),
        ("C", "2", "P_5", "0.6")]  # AP: means 0.30000000000000004, 0.3, 0.3


def test_means_equal_to_12_decimals_are_constant():
    assert is_constant([0.1 + 0.2, 0.3, 0.3])
    assert not is_constant([0.3, 0.300000000001])


def test_stability_warns_where_tau_is_undefined(tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text("run,topic,measure,value\n" + "".join(",".join(r) + "\n" for r in ROWS))
    result = CliRunner().invoke(cli, ["stability", "--scores", str(path), "-a", "tau",
                                      "-m", "AP", "-m", "P_5", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == "tau,AP,P_5,,,,"
    assert "tau: AP gives every run the same mean 0.3; its rank correlations are undefined" \
        in result.stderr
