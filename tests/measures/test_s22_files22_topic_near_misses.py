"""Run topics not in the qrels that name a qrels topic but for leading zeros, case or the Unicode
form (``1`` for ``001``, ``q7`` for ``Q7``, NFD ``café`` for NFC ``Café``) are still ignored --
ids are compared as written, as trec_eval compares them (it reports such a run's topic as not
found in the qrels) -- and the warning now says which qrels topic each one resembles, in every
container (a TREC run, a Parquet run with integer topics).  Before, it listed the run's topics
only, and ``1`` vs ``001`` looked like a run answering unjudged topics."""
from __future__ import annotations

import unicodedata

import pandas as pd
from click.testing import CliRunner

from sdreval.cli.main import cli

NFC = unicodedata.normalize("NFC", "Café")
NFD = unicodedata.normalize("NFD", "café")


def test_near_misses_names_each_qrels_topic():
    from sdreval.measures.topics import near_misses

    hint = near_misses(["1", "q7", NFD, "55"], ["001", "Q7", NFC, "9"])
    assert "'001' for '1'" in hint and "'Q7' for 'q7'" in hint and f"{NFC!r} for {NFD!r}" in hint
    assert "55" not in hint and near_misses(["55"], ["9", "0055x"]) == ""
    reverse = near_misses(["001", "Q1"], ["1", "q1"])  # the run pads, the qrels do not
    assert "'1' for '001'" in reverse and "'q1' for 'Q1'" in reverse


def test_the_eval_warning_says_it_for_text_and_parquet_runs(tmp_path):
    (tmp_path / "q").write_text("001 0 d1 1\n001 0 d2 0\n002 0 d4 1\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 2.0 r\n2 Q0 d4 1 1.0 r\n")
    pd.DataFrame({"qid": [1, 2], "docno": ["d1", "d4"], "score": [2.0, 1.0]}).to_parquet(
        tmp_path / "p.parquet")
    done = CliRunner().invoke(cli, ["eval", str(tmp_path / "q"), str(tmp_path / "r"),
                                    str(tmp_path / "p.parquet"), "-m", "AP"])
    assert done.exit_code == 0, done.output
    warnings = [line for line in done.output.splitlines() if "not in the qrels ignored" in line]
    assert len(warnings) == 2
    assert all("the qrels have '001' for '1', '002' for '2'" in w for w in warnings), warnings


def test_validate_with_qrels_and_run_says_it_too(tmp_path):
    (tmp_path / "q").write_text("001 0 d1 1\n002 0 d4 1\n")
    (tmp_path / "r").write_text("1 Q0 d1 1 2.0 r\n2 Q0 d4 1 1.0 r\n")
    done = CliRunner().invoke(cli, ["validate", str(tmp_path / "q"), str(tmp_path / "r")])
    assert "run r: 2 topic(s) not in the qrels ignored: 1, 2; the qrels have '001' " \
        "for '1', '002' for '2'" in done.output, done.output
