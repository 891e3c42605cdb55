"""The warning of a topic whose ranks go down said "file order is kept (--order rank sorts by
rank)" whatever --order was given: with `--order rsv` (the option every trec_eval page of the
docs recommends) the run is ranked by score, and with `--order rank` by rank, so the warning
stated a rule that was not applied.  The reader does not know the order chosen later; the
warning now states the fact, and where the order is chosen each run whose ranks go down is
said to be ranked in file order, under --order file only (session 28)."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

import sdreval
from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n1 0 c 1\n"
# ranks go down (3 after 2) and the scores disagree with the file order
RUN = "1 Q0 b 1 0.9 r\n1 Q0 a 2 0.5 r\n1 Q0 c 3 0.7 r\n1 Q0 d 2 0.1 r\n"


@pytest.mark.parametrize("order, ap", [("file", (1 / 2 + 2 / 3) / 2),
                                       ("rank", (1 / 2 + 2 / 4) / 2),
                                       ("rsv", (1 / 2 + 2 / 3) / 2)])
def test_the_warning_is_true_under_every_order(tmp_path, order, ap):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    result = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                      "-m", "AP", "--order", order, "--quiet"])
    assert result.exit_code == 0, result.output
    assert "topic 1: ranks out of order (1 line(s); first rank 2 after 3)" in result.stderr
    assert "file order is kept" not in result.stderr
    # session 28: the rule of the --order given, only that (it said "ranked in file order
    # unless --order rank (by rank) or --order rsv (by score) is given" under every order)
    assert "unless" not in result.stderr
    said = ("run r: 1 topic(s) give ranks out of order; ranked in file order (the INEX "
            "convention); --order rank ranks by rank")
    assert (said in result.stderr) == (order == "file")
    assert result.stdout == f"r\tAP\tall\t{ap:.4f}\n"


def test_tables_through_the_api_say_the_same():
    run = pd.DataFrame({"topic": ["1"] * 3, "doc": ["b", "a", "c"], "rank": [2, 1, 3],
                        "score": [0.9, 0.5, 0.7]})
    with pytest.warns(UserWarning, match=r"topic 1: ranks out of order \(1 row\(s\); first "
                                         r"rank 1 after 2\)$"):
        sdreval.read_run(run)
    with pytest.warns(UserWarning, match=r"run .*: 1 topic\(s\) give ranks out of order; "
                                         r"ranked in file order \(the INEX convention\); "
                                         r"order='rank' ranks by rank"):
        sdreval.evaluate({"1": {"a": 1}}, run, ["AP"])
