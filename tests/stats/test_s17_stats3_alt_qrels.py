"""``stability --alt-qrels``: a topic judged only in an alternative assessment file was kept as
a "static" topic of every qrels test set, the original one included, with no more than the
warning that the runs' topic is not in the original qrels; the original ranking then covered a
topic the original assessments never judged.  Kazai & Lalmas 2006, §6.2.1 (after Voorhees
2000): alternative assessments are second judgements of topics of the test collection; the
test sets share one topic set (34 topics: 29 static + 5 judged twice).  Such a topic is now
refused with what to do, and so is a topic an alternative judges with nothing relevant (it
would drop out of some test sets only)."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.errors import InputError
from sdreval.stats import variant_means

ORIGINAL = "1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n2 0 d4 1\n"
RUNS = {"a.run": "1 Q0 d1 1 3 a\n2 Q0 d3 1 2 a\n2 Q0 d4 2 1 a\n3 Q0 d5 1 1 a\n",
        "b.run": "1 Q0 d2 1 3 b\n1 Q0 d1 2 2 b\n2 Q0 d4 1 2 b\n2 Q0 d3 2 1 b\n3 Q0 d6 1 1 b\n",
        "c.run": "1 Q0 d9 1 3 c\n2 Q0 d4 1 2 c\n3 Q0 d5 1 1 c\n"}


def _stability(tmp_path, alternative: str):
    (tmp_path / "orig.txt").write_text(ORIGINAL)
    (tmp_path / "alt.txt").write_text(alternative)
    for name, text in RUNS.items():
        (tmp_path / name).write_text(text)
    return CliRunner().invoke(cli, ["stability", str(tmp_path / "orig.txt"),
                                    *(str(tmp_path / n) for n in RUNS), "--alt-qrels",
                                    str(tmp_path / "alt.txt"), "-m", "map", "-a", "variants",
                                    "--format", "csv"])


def test_topic_judged_only_in_the_alternative_is_refused(tmp_path):
    result = _stability(tmp_path, "2 0 d3 0\n2 0 d4 1\n3 0 d5 1\n")
    assert result.exit_code == 1
    assert "topic(s) 3 have no score under the original assessments" in result.output
    assert "add their judgements to the original assessments" in result.output


def test_topic_with_nothing_relevant_in_the_alternative_is_refused(tmp_path):
    result = _stability(tmp_path, "2 0 d3 0\n2 0 d4 0\n")
    assert result.exit_code == 1
    assert "topic(s) 2 are judged in 'alt' but have no score there" in result.output


def test_second_judgements_of_original_topics_still_run(tmp_path):
    result = _stability(tmp_path, "2 0 d3 0\n2 0 d4 1\n")
    assert result.exit_code == 0, result.output
    rows = pd.read_csv(pd.io.common.StringIO(result.stdout))
    # topic 2 judged twice: 2 test sets; "all" adds the static topic 1
    assert rows["varied_topics"].tolist() == [1, 1] and rows["sets"].tolist() == [2, 2]


def test_variant_table_with_a_base_refuses_a_topic_without_it():
    table = pd.DataFrame({"run": ["a", "b"] * 3, "topic": ["1", "1", "2", "2", "2", "2"],
                          "measure": "map", "value": [0.1, 0.2, 0.3, 0.4, 0.5, 0.1],
                          "variant": ["alt", "alt", "orig", "orig", "alt", "alt"]})
    with pytest.raises(InputError, match="topic.s. 1 have no score under the original"):
        variant_means(table, "map", "all", base="orig")
    # no base named (a --variants table): topic 1's one variant is static
    assert variant_means(table, "map", "all", original="orig")[1] == [{"2": "orig"},
                                                                      {"2": "alt"}]
