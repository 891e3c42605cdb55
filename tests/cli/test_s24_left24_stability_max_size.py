"""``stability -a swap --max-size N`` with fewer than 2N topics: two disjoint topic sets of T
topics hold at most T // 2 each, so the sizes stop there; the option was overridden without a
word.  A warning now says which sizes were used."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli


def _scores(tmp_path, topics: int):
    path = tmp_path / "scores.csv"
    path.write_text("run,topic,measure,value\n" + "".join(
        f"{run},{t},AP,{(t * (2 if run == 'a' else 3)) % 7 / 7}\n"
        for run in ("a", "b", "c") for t in range(1, topics + 1)))
    return str(path)


def _stability(*args):
    return CliRunner().invoke(cli, ["stability", *args, "-a", "swap", "--trials", "3",
                                    "--top-fraction", "1"])


def test_a_max_size_beyond_half_the_topics_is_said(tmp_path):
    result = _stability("--scores", _scores(tmp_path, 7), "--max-size", "10")
    assert result.exit_code == 0, result.output
    # 7 topics: disjoint halves of at most 3
    assert ("sdreval: warning: --max-size 10: two disjoint topic sets of 7 topic(s) hold at "
            "most 3 topic(s) each; swap rates use sizes 1 to 3") in result.stderr
    assert "n=3" in result.stdout and "n=4" not in result.stdout


def test_a_max_size_within_half_is_not(tmp_path):
    result = _stability("--scores", _scores(tmp_path, 7), "--max-size", "3")
    assert result.exit_code == 0, result.output
    assert "--max-size" not in result.stderr
