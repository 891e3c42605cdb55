"""stability -a variants --alt-qrels with a measure that leaves a topic with nothing relevant
under its quantisation (AP(quant=strict): NaN per topic, as INEX topics without strictly
relevant elements) stopped with a Python traceback (KeyError: 'original').  Now a topic with
nothing relevant under every assessment is left out of every test set (as eval's means leave
it out), and one an alternative leaves with nothing relevant is refused with what to do.
Numbers by hand below."""
from __future__ import annotations

import json
import math

from click.testing import CliRunner

from sdreval.cli.main import cli

HEAD = "# sdreval native judgements\n# scale=inex2003\ntopic\tfile\tpath\texhaustivity\t" \
       "specificity\tsize\n"
# topic 2 has nothing strictly relevant (e1s1): NaN under AP(quant=strict) in every variant
QRELS = HEAD + ("1\td1\t/article[1]\t3\t3\t100\n2\td1\t/article[1]\t1\t1\t100\n"
                "3\td2\t/article[1]\t3\t3\t100\n3\td2\t/article[1]/sec[1]\t3\t3\t50\n"
                "3\td3\t/article[1]\t3\t3\t100\n")
# a second assessor of topic 3: the section is not strictly relevant
ALT3 = HEAD + ("3\td2\t/article[1]\t3\t3\t100\n3\td2\t/article[1]/sec[1]\t1\t1\t50\n"
               "3\td3\t/article[1]\t3\t3\t100\n")
# a second assessor of topic 1 finds nothing strictly relevant
ALT1 = HEAD + "1\td1\t/article[1]\t1\t2\t100\n"
RUNS = {"A": ["1 Q0 d1 1 3 A /article[1]", "2 Q0 d1 1 3 A /article[1]",
              "3 Q0 d2 1 3 A /article[1]/sec[1]", "3 Q0 d3 2 2 A /article[1]"],
        "B": ["1 Q0 d1 1 3 B /article[1]", "2 Q0 d1 1 3 B /article[1]",
              "3 Q0 d3 1 3 B /article[1]", "3 Q0 d2 2 2 B /article[1]/sec[1]"],
        "C": ["1 Q0 d9 1 3 C /article[1]", "2 Q0 d1 1 3 C /article[1]",
              "3 Q0 d2 1 3 C /article[1]", "3 Q0 d9 2 2 C /article[1]"]}


def _run(tmp_path, alt):
    (tmp_path / "q.tsv").write_text(QRELS)
    (tmp_path / "alt.tsv").write_text(alt)
    runs = []
    for name, lines in RUNS.items():
        (tmp_path / f"{name}.txt").write_text("\n".join(lines) + "\n")
        runs.append(str(tmp_path / f"{name}.txt"))
    return CliRunner().invoke(cli, ["stability", str(tmp_path / "q.tsv"), *runs, "-m",
                                    "AP(quant=strict)", "-a", "variants", "--alt-qrels",
                                    str(tmp_path / "alt.tsv"), "--format", "json"])


def test_topic_empty_everywhere_is_left_out(tmp_path):
    result = _run(tmp_path, ALT3)
    assert result.exit_code == 0, result.output
    rows = {r["topics"]: r for r in json.loads(result.stdout)["variants"]}
    # AP, topic 1: A 1, B 1, C 0.  Topic 3, original (3 relevant): A 2/3, B 2/3, C 1/3;
    # alternative (2 relevant): A (1/2)/2 = 1/4, B 1/2, C 1/2.
    # Topics 1 and 3: set 0 A 5/6, B 5/6, C 1/6; set 1 A 5/8, B 3/4, C 1/4.
    # tau-b: A-B tied in set 0, the other two pairs concordant: 2 / sqrt(2 · 3)
    assert math.isclose(rows["all"]["tau_mean"], 2 / math.sqrt(6))
    # A-B: equal, then B ≻ A (1/8 ≥ 5% of 3/4): no error, one tie in 6 decisions
    assert (rows["all"]["comparisons"], rows["all"]["error_rate"]) == (6, 0)
    assert math.isclose(rows["all"]["ties"], 1 / 6)
    # topic 3 alone: A-B tie then B ≻ A; A ≻ C then C ≻ A (an error); B ≻ C then equal
    # tau-b: 0 concordant, 1 discordant, one tie in each ranking: −1 / sqrt(2 · 2)
    assert math.isclose(rows["varied"]["tau_mean"], -0.5)
    assert math.isclose(rows["varied"]["error_rate"], 1 / 6)
    assert math.isclose(rows["varied"]["ties"], 2 / 6)


def test_topic_an_alternative_leaves_empty_is_refused(tmp_path):
    result = _run(tmp_path, ALT1)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "topic(s) 1 are judged in 'alt' but have no score there" in result.stderr
