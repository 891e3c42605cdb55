"""``sdreval report`` without ``-c`` shows each run's mean over the topics it answered, but its
paired tests (the ▲/▼ marks and the Δ of "Against the baseline") run over the topics every
run answered only.  The page said "paired t test over topics" and nothing more, so a Δ of
-0.0108 stood beside means 0.1117 and 0.1389 (+0.0272) with no word of the topics left out
(``eval --baseline`` and ``compare`` refuse such runs).  The page now states the tests' topic
count and the rule."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "".join(f"{t} 0 d{d} {(t + d) % 2}\n" for t in range(1, 5) for d in range(4))


def _run(path, name, topics):
    path.write_text("".join(f"{t} Q0 d{(t * 3 + 1) % 4} 1 1.0 {name}\n" for t in topics))


def test_report_states_the_topics_of_its_tests(tmp_path):
    (tmp_path / "qrels.txt").write_text(QRELS)
    _run(tmp_path / "a.txt", "a", [1, 2, 3])  # each run answers 3 topics; 2 in common
    _run(tmp_path / "b.txt", "b", [2, 3, 4])
    html = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "qrels.txt"),
                                      str(tmp_path / "a.txt"), str(tmp_path / "b.txt"),
                                      "-m", "P@1", "--no-plots", "--no-timestamp",
                                      "-o", str(html), "--quiet"])
    assert result.exit_code == 0, result.output
    page = html.read_text()
    assert "tests over the 2 of 4 topics every run answered" in page
    assert "Some tests leave out topics a run did not answer" in page


def test_report_with_every_topic_says_nothing_more(tmp_path):
    (tmp_path / "qrels.txt").write_text(QRELS)
    _run(tmp_path / "a.txt", "a", [1, 2, 3, 4])
    _run(tmp_path / "b.txt", "b", [1, 2, 3, 4])
    html = tmp_path / "r.html"
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "qrels.txt"),
                                      str(tmp_path / "a.txt"), str(tmp_path / "b.txt"),
                                      "-m", "P@1", "--no-plots", "--no-timestamp",
                                      "-o", str(html), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "every run answered" not in html.read_text()


def test_report_text_table_states_the_topics_of_its_tests(tmp_path):
    (tmp_path / "qrels.txt").write_text(QRELS)
    _run(tmp_path / "a.txt", "a", [1, 2, 3])
    _run(tmp_path / "b.txt", "b", [2, 3, 4])
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "qrels.txt"),
                                      str(tmp_path / "a.txt"), str(tmp_path / "b.txt"),
                                      "-m", "P@1", "--no-plots", "--text-table", "-",
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    assert "tests over the topics every run answered" in result.stdout
