"""A qrels-variants table (stability -a variants --variants CSV) with empty values (NaN) for
one variant of a topic, as eval -q writes for a topic with nothing relevant under a measure:
sdreval stopped with a Python traceback (KeyError), and an empty variant name was taken as a
variant called ''.  Now: refused naming file and line (exit 1), as --alt-qrels refuses a topic
an alternative judges with nothing relevant (Kazai & Lalmas 2006, §6.2.1: every test set has
the same topics); a topic empty under every variant is left out of every set, as the means
leave it out.  Expected numbers by hand below."""
from __future__ import annotations

import json
import math

from click.testing import CliRunner

from sdreval.cli.main import cli

ROWS = """run,topic,measure,value,variant
a,1,map,0.5,orig
b,1,map,0.4,orig
c,1,map,0.1,orig
a,2,map,0.3,orig
b,2,map,0.2,orig
c,2,map,0.25,orig
a,3,map,0.3,orig
b,3,map,0.1,orig
c,3,map,0.2,orig
a,3,map,0.1,alt
b,3,map,0.3,alt
c,3,map,0.2,alt
"""


def _run(tmp_path, text):
    path = tmp_path / "variants.csv"
    path.write_text(text)
    return CliRunner().invoke(cli, ["stability", "-a", "variants", "--variants", str(path),
                                    "--format", "json"])


def test_empty_values_of_one_variant_are_refused(tmp_path):
    result = _run(tmp_path, ROWS + "a,2,map,,alt\nb,2,map,,alt\nc,2,map,,alt\n")
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert "variants.csv:14: error: no map value for run a on topic 2 under variant alt" \
        in result.stderr


def test_empty_variant_name_is_refused(tmp_path):
    result = _run(tmp_path, ROWS.replace("a,3,map,0.1,alt", "a,3,map,0.1,"))
    assert result.exit_code == 1, result.output
    assert "variants.csv:11: error: empty variant" in result.stderr


def test_topic_empty_under_every_variant_is_left_out(tmp_path):
    # topic 4 has no value anywhere: the numbers are those of topics 1-3
    empty = "".join(f"{r},4,map,,{v}\n" for r in "abc" for v in ("orig", "alt"))
    for text in (ROWS, ROWS + empty):
        result = _run(tmp_path, text)
        assert result.exit_code == 0, result.output
        rows = {r["topics"]: r for r in json.loads(result.stdout)["variants"]}
        # all topics: set 0 means a 1.1/3, b 0.7/3, c 0.55/3; set 1 a 0.9/3, b 0.9/3, c 0.55/3
        # tau-b: a-b tied in set 1, a-c and b-c concordant: 2 / sqrt(3 * 2)
        assert math.isclose(rows["all"]["tau_mean"], 2 / math.sqrt(6))
        # a-b: a ≻ b in set 0 (0.4/3 ≥ 5% of 1.1/3), a = b in set 1; 6 decisions, 1 tie
        assert rows["all"]["comparisons"] == 6 and rows["all"]["error_rate"] == 0
        assert math.isclose(rows["all"]["ties"], 1 / 6)
        # varied topic 3 alone: orig a .3 b .1 c .2, alt a .1 b .3 c .2: every pair reversed
        assert rows["varied"]["tau_mean"] == -1 and rows["varied"]["error_rate"] == 0.5



def test_original_that_names_no_variant_is_refused(tmp_path):
    # --original orgi (a typo): set 0 took each topic's first variant with no word; with
    # three variants of a topic the taus against set 0 then change
    path = tmp_path / "variants.csv"
    path.write_text(ROWS)
    result = CliRunner().invoke(cli, ["stability", "-a", "variants", "--variants", str(path),
                                      "--original", "orgi"])
    assert result.exit_code == 2, result.output
    assert "--original 'orgi' is not a variant of the varied topic(s) 3 (variants there: " \
        "orig, alt)" in result.stderr
    # a variant of every varied topic (here topic 3) is fine
    result = CliRunner().invoke(cli, ["stability", "-a", "variants", "--variants", str(path),
                                      "--original", "alt"])
    assert result.exit_code == 0, result.output
