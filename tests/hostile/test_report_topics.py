"""``sdreval report`` without ``-c`` shows each run's mean over the topics it answered, but its
paired tests (the ▲/▼ marks and the Δ of "Against the baseline") run over the topics every
run answered only.  The page said "paired t test over topics" and nothing more, so a Δ of
-0.0108 stood beside means 0.1117 and 0.1389 (+0.0272) with no word of the topics left out
(``compare`` refuses such runs unless --missing says what to do).  The page now states the tests' topic
count and the rule."""
from __future__ import annotations

from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "".join(f"{t} 0 d{d} {(t + d) % 2}\n" for t in range(1, 5) for d in range(4))


def _run(path, name, topics):
    path.write_text("".join(f"{t} Q0 d{(t * 3 + 1) % 4} 1 1.0 {name}\n" for t in topics))


def _report(tmp_path, topics_a, topics_b, *options):
    (tmp_path / "qrels.txt").write_text(QRELS)
    _run(tmp_path / "a.txt", "a", topics_a)
    _run(tmp_path / "b.txt", "b", topics_b)
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "qrels.txt"),
                                      str(tmp_path / "a.txt"), str(tmp_path / "b.txt"),
                                      "-m", "P@1", "--no-plots", "--quiet", *options])
    assert result.exit_code == 0, result.output
    return result


def test_report_states_the_topics_of_its_tests(tmp_path):
    html = tmp_path / "r.html"
    _report(tmp_path, [1, 2, 3], [2, 3, 4], "-o", str(html))  # 2 topics in common
    page = html.read_text()
    assert "tests over the 2 of 4 topics every run answered" in page
    assert "Some tests leave out topics a run did not answer" in page


def test_report_with_every_topic_says_nothing_more(tmp_path):
    html = tmp_path / "r.html"
    _report(tmp_path, [1, 2, 3, 4], [1, 2, 3, 4], "-o", str(html))
    assert "every run answered" not in html.read_text()


def test_report_text_table_states_the_topics_of_its_tests(tmp_path):
    result = _report(tmp_path, [1, 2, 3], [2, 3, 4], "--text-table", "-")
    assert "tests over the topics every run answered" in result.stdout
