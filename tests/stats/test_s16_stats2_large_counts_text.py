"""compare's text output wrote every number with 6 significant digits: a count summed over
topics (num_ret of a large run, as trec_eval prints it, a whole number) lost its last digits,
1,234,567 printed as 1.23457e+06.  Whole numbers print whole; other values as before."""
from __future__ import annotations

from click.testing import CliRunner
from scipy import stats

from sdreval.cli.main import cli


def test_summed_counts_print_whole_in_text(tmp_path):
    path = tmp_path / "s.csv"
    # run a retrieves 1,000,000 + 234,567 results, run b 600,000 + 400,001
    path.write_text("run,topic,measure,value\na,1,num_ret,1000000\na,2,num_ret,234567\n"
                    "b,1,num_ret,600000\nb,2,num_ret,400001\n")
    result = CliRunner().invoke(cli, ["compare", "--scores", str(path), "-m", "num_ret"])
    assert result.exit_code == 0, result.output
    header, row = result.stdout.splitlines()[:2]
    record = dict(zip(header.split("\t"), row.split("\t")))
    assert record["mean_a"] == "1234567" and record["mean_b"] == "1000001"
    assert record["diff"] == str(1234567 - 1000001)
    # other values as before, 6 significant digits: scipy's paired t p-value
    assert record["p_value"] == f"{stats.ttest_rel([1e6, 234567], [6e5, 400001]).pvalue:.6g}"
