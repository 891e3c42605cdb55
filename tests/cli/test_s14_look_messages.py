"""Messages a user reads when something does not fit: each says what was wrong and what to
do, in plain words that match what is printed.

- an XCG measure on a passage run names the run and the measures that take passages;
- a file given in the wrong place says which kind it is, with the right article;
- ``--format parquet`` without ``-o`` is refused before any file is read (not after a long
  evaluation);
- FOL qrels: an empty passage says ``(ignored)``, like every other warning of a dropped item;
- the summary line of grouped warnings says how many examples of each kind follow (3)."""
from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

BASE = example_path("synthetic")
QRELS, RUN, PASSAGES = (str(BASE / "qrels.tsv"), str(BASE / "runs" / "sim01.txt"),
                        str(BASE / "runs" / "sim01.passages.txt"))


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_xcg_on_a_passage_run_names_the_run_and_what_fits():
    result = invoke("eval", QRELS, PASSAGES, "-m", "MAep")
    assert result.exit_code == 2
    assert "run sim01: XCG measures (nxCG, MAep, ep/gr, Q, R) need element results" in \
        result.stderr
    assert "MAiP" in result.stderr and "Traceback" not in result.output


def test_swapped_arguments_use_the_right_article():
    result = invoke("eval", RUN, QRELS, "-m", "MAep")
    assert result.exit_code == 1
    assert "this is an element-run file, not judgements" in result.stderr


def test_parquet_without_output_is_refused_before_reading():
    result = invoke("eval", QRELS, RUN, "-m", "MAep", "--format", "parquet")
    assert result.exit_code == 2
    assert "--format parquet needs -o FILE" in result.stderr
    assert "means over" not in result.stderr  # nothing was evaluated


def test_fol_empty_passage_says_ignored(tmp_path):
    qrels = tmp_path / "qrels.fol"
    qrels.write_text("1 Q0 d1 10 100 0 20:10 40:0\n", encoding="utf-8")
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 d1 1 1.0 r 20 10\n", encoding="utf-8")
    result = invoke("eval", str(qrels), str(run), "-m", "MAiP")
    assert result.exit_code == 0, result.output
    assert "document d1: empty passage 40:0 (ignored)" in result.stderr


def test_grouped_warnings_say_how_many_examples_follow(tmp_path):
    run = tmp_path / "run.txt"  # 6 repeats of one result: one kind, more than shown
    run.write_text("".join(f"1 Q0 doc0002 {r} {10 - r} r /article[1]\n" for r in range(1, 8)))
    result = invoke("eval", QRELS, str(run), "-m", "MAep")
    assert result.exit_code == 0, result.output
    summary = [line for line in result.stderr.splitlines() if "kind(s)" in line]
    assert len(summary) == 1 and "; up to 3 of each kind follow (sdreval validate" in summary[0]
    shown = [line for line in result.stderr.splitlines() if line.startswith(str(run))]
    assert len(shown) == 3
