"""Repeated problems: bounded memory, grouped output, ``validate`` still lists every one
(issue 11 item 11)."""
from __future__ import annotations

import tracemalloc

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path
from sdreval.errors import InputError, ProblemLog, problem_kind

SYN = example_path("synthetic")


def test_log_keeps_counts_and_first_examples_in_bounded_memory():
    log = ProblemLog()
    tracemalloc.start()
    for i in range(50_000):
        log.warn("run.txt", i + 1, f"topic 7: result doc{i} {i}:10 repeats line {i // 2} (kept)")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert log.warning_count == 50_000 and len(log.problems) == 20
    assert peak < 2_000_000  # every Problem kept: ~15 MB
    [(file, kind, count, examples)] = log.groups("warning")
    assert (file, count, [p.line for p in examples[:2]]) == ("run.txt", 50_000, [1, 2])
    assert kind == problem_kind("topic 1: result doc2 3:10 repeats line 4 (kept)")


def test_every_error_is_counted_and_kinds_are_apart():
    log = ProblemLog()
    for i in range(30):
        log.error("q.txt", i + 1, f"relchars {i} is not a number")
    log.error("q.txt", 99, "document 'x y' has no length")
    log.warn("q.txt", 100, "empty passage", kind="empty")
    assert log.error_count == 31 and len(log.errors) == 21
    with pytest.raises(InputError) as caught:
        log.raise_if_errors()
    assert "and 10 more error(s)" in str(caught.value)
    assert "q.txt:99" in str(caught.value)
    assert ("q.txt", "empty", 1, [100]) in [(f, k, n, [p.line for p in examples])
                                           for f, k, n, examples in log.groups("warning")]


def test_sink_gets_every_problem_and_nothing_is_kept():
    seen = []
    log = ProblemLog(sink=seen.append)
    for i in range(100):
        log.warn("f", i, "same thing")
    assert len(seen) == 100 and log.problems == [] and log.warning_count == 100


@pytest.fixture()
def repeating_run(tmp_path):
    """One topic's 40 results, then the same 40 results 25 times more: 1,000 repeats."""
    lines = [line for line in (SYN / "runs" / "sim01.txt").read_text().splitlines(keepends=True)
             if line.startswith("1 ")]
    path = tmp_path / "repeats.txt"
    path.write_text("".join(lines * 26))
    return path, len(lines) * 25


def test_eval_groups_repeated_warnings_and_validate_lists_them_all(repeating_run):
    path, repeats = repeating_run
    result = CliRunner().invoke(cli, ["eval", str(SYN / "qrels.tsv"), str(path), "-m", "MAep"])
    assert result.exit_code == 0, result.output
    stderr = result.stderr.splitlines()
    assert len(stderr) < 12, stderr
    assert stderr[0].startswith("sdreval: warning: ") and str(path) in stderr[0]
    assert f"{repeats + 1} warning(s)" in stderr[0]  # and one "ranks out of order"
    assert any(line.startswith(f"{path}:41:") for line in stderr)
    assert any("more like this" in line for line in stderr)
    listed = CliRunner().invoke(cli, ["validate", str(path)])
    assert sum("repeats line" in line for line in listed.stdout.splitlines()) == repeats


def test_each_files_examples_follow_its_own_summary_line(capsys):
    """Two files with warnings: the examples of the first file are printed under the first
    file's summary line, not under the second's (the qrels' warnings once appeared under the
    run's line, as if the run had them)."""
    from sdreval.cli.common import echo_problems

    log = ProblemLog()
    log.warn("qrels.txt", 5, "topic 1, document 2: empty passage 3:0")
    for line in range(10, 20):
        log.warn("run.txt", line, f"topic 7: result d{line} 0:10 repeats line {line - 5}")
    echo_problems(log)
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "qrels.txt:5: warning: topic 1, document 2: empty passage 3:0",
        "sdreval: warning: run.txt: 10 warning(s) of 1 kind(s); up to 3 of each kind follow "
        "(sdreval validate run.txt lists every one)",
        "run.txt:10: warning: topic 7: result d10 0:10 repeats line 5",
        "run.txt:11: warning: topic 7: result d11 0:10 repeats line 6",
        "run.txt:12: warning: topic 7: result d12 0:10 repeats line 7",
        "  ... and 7 more like this in run.txt",
    ]
