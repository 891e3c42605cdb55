"""The examples a warning group shows are the same on every path: a run whose topics are not
grouped was checked topic by topic in order of each topic's first line when read whole, but as
each topic ends when streamed (``eval --stream``), and the log kept the first examples it was
handed, so the two printed different "ranks out of order" examples.  Now the log keeps the
first of each kind by line, and the CLI prints kinds in the order of their first line."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import Problem, ProblemLog

#: (topic, document, rank) per line; topics interleaved: 3 4 4 2 2 1 1 3 ...
ROWS = [(3, 1, 1), (4, 1, 1), (4, 1, 1), (2, 1, 1), (2, 1, 1), (1, 1, 1), (1, 1, 1),
        (3, 2, 2), (3, 1, 1), (3, 3, 3), (3, 2, 2), (3, 3, 3), (2, 2, 2), (2, 3, 3),
        (2, 2, 2), (1, 2, 2), (1, 3, 3), (1, 2, 2), (4, 2, 2), (4, 3, 3), (4, 2, 2)]
# repeated results: lines 3 5 7 9 11 12 15 18 21; a rank below the one before: topic 3 at
# line 9 (1 after 2), topic 2 at 15, topic 1 at 18, topic 4 at 21 (each 2 after 3)
EXPECTED = [(3, "repeats"), (5, "repeats"), (7, "repeats"),
            (9, "ranks out of order"), (15, "ranks out of order"), (18, "ranks out of order")]


def _shown(stderr: str) -> list[tuple[int, str]]:
    found = []
    for line in stderr.splitlines():
        match = re.match(r".*run\.txt:(\d+): warning: topic \d+: (.*)", line)
        if match:
            kind = "repeats" if " repeats line " in match[2] else match[2].split(" (")[0]
            found.append((int(match[1]), kind))
    return found


@pytest.mark.parametrize("mode", ["--no-stream", "--stream"])
def test_examples_are_the_first_by_line_on_both_paths(tmp_path, mode):
    run = tmp_path / "run.txt"
    run.write_text("".join(f"{t} Q0 doc000{d} {r} {1 / r} r /article[1]\n"
                           for t, d, r in ROWS))
    qrels = example_path("synthetic") / "qrels.tsv"
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", "MAep", mode])
    assert result.exit_code == 0, result.output
    assert "13 warning(s) of 2 kind(s)" in result.stderr
    assert _shown(result.stderr) == EXPECTED


def test_log_keeps_the_first_by_line_whatever_the_order_found():
    log = ProblemLog(examples=2)
    for line in (30, 10, 20, 5, 40):
        log.warn("f", line, f"topic {line}: ranks out of order")
    assert [p.line for p in log.problems] == [10, 5]
    assert [p.line for _, _, _, kept in log.groups() for p in kept] == [5, 10]
    assert log.warning_count == 5


def test_absorbed_parts_keep_the_first_by_line():
    later, earlier = ProblemLog(examples=2), ProblemLog(examples=2)
    for line in (7, 8, 9):
        later.warn("f", line, f"topic {line}: ranks out of order")
    for line in (1, 2):
        earlier.warn("f", line, f"topic {line}: ranks out of order")
    whole = ProblemLog(examples=2)
    whole.absorb(later)
    whole.absorb(earlier)
    assert [p.line for p in whole.problems] == [1, 2] and whole.warning_count == 5
    assert all(isinstance(p, Problem) for p in whole.problems)
