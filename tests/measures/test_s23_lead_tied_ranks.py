"""``--order rank`` with two results of a topic at the same rank: the ranks do not say which
comes first, so the rule applied (file order) is stated, by the CLI on every path and by the
API as a Python warning (rule 1: no number that silently depends on an unstated rule)."""
from __future__ import annotations

import pytest

QRELS = "1 0 d1 1\n1 0 d2 0\n2 0 d3 1\n3 0 d5 1\n"
# topic 1: d2 and d1 both at rank 1, d2 listed first (P@1 0, as file order puts it; d1 first
# would give 1); topic 2: ranks 1, 2; topic 3: d6, d5, d7 share rank 1
RUN = ("1 Q0 d2 1 1.0 r\n1 Q0 d1 1 2.0 r\n2 Q0 d3 1 1.0 r\n2 Q0 d4 2 0.5 r\n"
       "3 Q0 d6 1 1.0 r\n3 Q0 d5 1 1.0 r\n3 Q0 d7 1 1.0 r\n")
HINT = ("sdreval: warning: run r: 2 topic(s) give two or more results the same rank; "
        "--order rank keeps them in file order (--order rsv ranks by score)")


@pytest.fixture
def files(tmp_path):
    (tmp_path / "q.txt").write_text(QRELS)
    (tmp_path / "r.txt").write_text(RUN)
    return str(tmp_path / "q.txt"), str(tmp_path / "r.txt")


@pytest.mark.parametrize("path", [[], ["--stream"], ["--no-stream"]])
def test_tied_ranks_are_said_once_with_the_rule(files, sdreval_cli, path):
    done = sdreval_cli("eval", *files, "-m", "P@1", "--order", "rank", "-q", *path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count(HINT) == 1, done.stderr
    # file order within the tie: topic 1 d2 (0), topic 2 d3 (1), topic 3 d6 (0)
    rows = [line.split("\t") for line in done.stdout.splitlines()]
    assert [(r[2], r[3]) for r in rows] == [("1", "0.0000"), ("2", "1.0000"), ("3", "0.0000"),
                                              ("all", "0.3333")]


def test_distinct_ranks_or_other_orders_say_nothing(files, sdreval_cli, tmp_path):
    untied = tmp_path / "u.txt"
    untied.write_text("1 Q0 d2 1 1.0 r\n1 Q0 d1 2 2.0 r\n2 Q0 d3 1 1.0 r\n")
    assert "same rank" not in sdreval_cli("eval", files[0], str(untied), "-m", "P@1",
                                          "--order", "rank").stderr
    assert "same rank" not in sdreval_cli("eval", *files, "-m", "P@1", "--order", "rsv").stderr


def test_api_warns_as_the_cli_says(files):
    import sdreval

    with pytest.warns(UserWarning, match="2 topic\\(s\\) give two or more results the same rank"):
        sdreval.evaluate(files[0], files[1], "P@1", order="rank")
