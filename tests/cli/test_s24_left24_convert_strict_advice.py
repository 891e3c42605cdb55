"""``convert --to passage`` with results outside the collection: the count of problems is
honest (the conversion's problems were re-logged from its kept examples only, so the 21st and
later were lost: no "... and N more", and the warning summary counted 20), and the command
named to list them all works: ``sdreval validate RUN --collection DIR`` places the run's results
in the collection (it used to ignore --collection for runs and list nothing); the strict error
says what writes the results that convert (the command without --strict)."""
from __future__ import annotations

import shlex

from click.testing import CliRunner

from sdreval.cli.main import cli
from sdreval.data import example_path

DOCS = str(example_path("synthetic") / "docs")
TOPICS = 25  # one result of a document of no collection in each; topic 1 also one of doc0000


def _run_file(tmp_path):
    path = tmp_path / "run.txt"
    path.write_text("1 Q0 doc0000 1 0.9 r /article[1]\n"
                    + "".join(f"{t} Q0 nodoc{t} 2 0.5 r /article[1]\n"
                              for t in range(1, TOPICS + 1)))
    return str(path)


def _cli(*args):
    return CliRunner().invoke(cli, list(args))


def test_strict_error_counts_every_problem_and_names_a_command_that_lists_them(tmp_path):
    run = _run_file(tmp_path)
    out = tmp_path / "out.txt"
    result = _cli("convert", run, str(out), "--to", "passage", "--collection", DOCS,
                  "--strict")
    assert result.exit_code == 1 and not out.exists()
    lines = result.stderr.splitlines()
    assert sum("not in the collection" in line for line in lines) == 20  # the first 20 shown
    assert f"{run}: error: {TOPICS} of {TOPICS + 1} results not converted; without --strict " \
           "the 1 that convert are written" in lines
    command = f"sdreval validate {run} --collection {DOCS}"
    assert lines[-1] == (f"sdreval: error: ... and {TOPICS - 20} more error(s) like the above "
                         f"({command} lists them all)")
    # the command named lists every one (warnings: eval leaves such results out)
    listed = _cli(*shlex.split(command)[1:])
    assert listed.exit_code == 0
    assert sum("not in the collection" in line for line in listed.stdout.splitlines()) == TOPICS
    assert f"{TOPICS + 1} results, 1 of them placed in the collection; 0 error(s), " \
           f"{TOPICS} warning(s)" in listed.stdout
    # and without --strict the result that converts is written
    lenient = _cli("convert", run, str(out), "--to", "passage", "--collection", DOCS)
    assert lenient.exit_code == 0 and len(out.read_text().splitlines()) == 1


def test_lenient_summary_counts_every_warning(tmp_path):
    run = _run_file(tmp_path)
    result = _cli("convert", run, str(tmp_path / "out.txt"), "--to", "passage",
                  "--collection", DOCS)
    assert result.exit_code == 0
    # 25 topics with a result not converted, the count of results not converted, and the 24
    # topics left without results (a TREC-like run cannot list them)
    assert result.stderr.splitlines()[0] == (
        f"sdreval: warning: {run}: {TOPICS + 2} warning(s) of 3 kind(s); up to 3 of each kind "
        f"follow (sdreval validate {run} --collection {DOCS} lists every one)")


def test_validate_without_a_collection_places_nothing(tmp_path):
    run = _run_file(tmp_path)
    result = _cli("validate", run)
    assert result.exit_code == 0 and "placed" not in result.stdout
    assert "0 warning(s)" in result.stdout


def test_eval_warning_names_the_command_that_lists_every_result_left_out(tmp_path):
    run = _run_file(tmp_path)
    qrels = tmp_path / "qrels.fol"
    qrels.write_text("".join(f"{t} Q0 doc0000 10 100 0 0:10\n" for t in range(1, TOPICS + 1)))
    result = _cli("eval", str(qrels), run, "-m", "MAiP", "--collection", DOCS)
    assert result.exit_code == 0, result.output
    assert (f"{TOPICS} result(s) in {TOPICS} topic(s) could not be turned into passages through "
            "the collection and are left out of the passage measures, scoring nothing "
            f"(--strict rejects such runs; sdreval validate {run} --collection {DOCS} lists "
            "them all): topic 1: ") in result.stderr
    assert "(and 22 more)" in result.stderr  # 3 of the 25 topics named


def test_strict_refusal_tells_the_read_warnings_first(tmp_path):
    run = tmp_path / "run.txt"
    run.write_text("1 Q0 nodoc 1 0.5 r /article[1]\n1 Q0 nodoc 2 0.4 r /article[1]\n")
    result = _cli("convert", str(run), str(tmp_path / "out.txt"), "--to", "passage",
                  "--collection", DOCS, "--strict")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0] == (f"{run}:2: warning: topic 1: result nodoc /article[1] repeats line 1 "
                        "(kept; measures decide how a repeat counts)")
    assert lines[-1] == f"{run}: error: 2 of 2 results not converted; none converts"
